# %d/%i/%u of a float beyond int64 prints int(x) exactly, as CPython does (the
# fuzzer found a cast out of range here)
print('%d' % 1.7976931348623157e308)
print('%i|%u|%5d' % (-1e19, 2.0 ** 64, 9.3e18))
print('%d %d' % (9223372036854775807.0, -9223372036854775808.0))
print(b'%d' % 1e20)
try:
    print('%x' % 1e20)
except TypeError as e:
    print('TypeError', e)
