# %-format widths and precisions past a C int are named errors, as in CPython
# (the fuzzer found the literal width overflowing an int)
for f, a in [('%99999999999999999999s', 'x'), ('%.99999999999999999999f', 1.0), ('%.*f', (2 ** 31, 1.0)),
             ('%.*f', (-2 ** 40, 1.0))]:
    try:
        print(repr(f % a))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__ + ':', e)
try:
    print(b'%99999999999999999999s' % b'x')
except ValueError as e:
    print('ValueError:', e)
print('%*d|%-*d|%.*f' % (5, 42, -4, 7, 2, 3.14159))
