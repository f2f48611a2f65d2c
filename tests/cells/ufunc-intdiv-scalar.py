# int64 // and % by a scalar divisor (the double-division loop): signs,
# exact multiples, values around 2**53 and the int64 extremes, divisors
# 1 / -1 / large, strided operands (the general loop), and other int dtypes.
import numpy as np
x = np.array([-7, -6, -1, 0, 1, 5, 6, 7, 13, -13, 2**53 - 1, -(2**53 - 1), 2**53, -(2**53), 2**53 + 1,
              2**62 + 3, -(2**62) - 5, 2**63 - 1, -2**63, 999999999999, -999999999999], dtype=np.int64)
for d in (1, 2, -2, 3, 7, -7, 10, 1000003, -1000003, 2**31, 2**52 + 1, -(2**52) - 1, 2**53, 2**62, -2**63):
    q = x // d
    r = x % d
    print(d, q, r, bool(np.all(q * d + r == x)))
print(np.floor_divide(x, 3), np.remainder(x, -3), np.divmod(x, 5))
print(x[::2] // 3, x[::-1] % 4, np.arange(40) // 7, np.arange(-20, 20) % 6)
y = np.arange(-50, 50, dtype=np.int64)
out = np.empty_like(y)
np.floor_divide(y, 9, out=out)
print(out, y // np.int64(-9), y % np.int64(9))
for dt in (np.int8, np.int16, np.int32, np.uint32, np.uint64):
    a = np.arange(-9, 10).astype(dt)
    print(dt.__name__, a // 4, a % 4)
z = y.copy()
z //= 7
w = y.copy()
w %= -7
print(z, w)
e = np.array([2**51 - 1, 2**51, -(2**51) + 1, -(2**51), 2**51 + 1, -(2**51) - 1, 3, -3] * 3, dtype=np.int64)
for d in (3, -3, 2**51 - 1, -(2**51) + 1, 2**51, 2**50 + 7):
    print(d, e // d, e % d)
