# Float formatting with a precision past a fixed buffer: every digit CPython
# prints (the fuzzer found '.4010' with no format type reading a NULL pointer)
x = 3.5
print(format(x, '.4010'))
print(len(format(1 / 3, '.500f')), format(1 / 3, '.500f')[-20:])
print(format(1e308, '.450f')[-30:], len(format(1e308, ',.450f')))
print(format(2 / 3, '.700e')[-12:], format(1e-300, '.600g')[:20], format(1e-300, '#.350G')[-8:])
print(f'{12345.678:.420%}'[-5:], '%.600f' % 0.1 == format(0.1, '.600f'))
print(format(float('inf'), '.900'), format(float('nan'), '%'), format(-0.0, '.3g'), format(2.5, '.0'))
# no type with a precision: an exponent once the digits run out (CPython's repr rule)
print(format(2.5, '.0'), format(1.0, '.1'), format(10.0, '.2'), format(12.0, '.3'), format(123.0, '.3'))
print(format(0.5, '.1'), format(0.5, '.0'), format(1.5, '.2'), format(1e-5, '.3'), format(99.9, '.2'), f'{1e16:.17}')
