# the same ufunc on the same dtypes again and again, with Python scalars whose
# class or value changes the answer: every call resolves as NumPy does
# (NEP 50: an int that does not fit an integer array's dtype is an error,
# compared exactly by the comparisons; a float or complex promotes)
import numpy as np
i8 = np.array([1, -2, 100], dtype=np.int8)
u8 = np.array([0, 7, 250], dtype=np.uint8)
f4 = np.arange(3, dtype=np.float32)
b = np.array([True, False, True])
for k in [3, 300, 3, -129, 127, 3]:
    try:
        r = i8 + k
        print('i8 +', k, r, r.dtype)
    except Exception as e:
        print('i8 +', k, type(e).__name__, e)
for k in [1, -1, 1, 256, 255]:
    try:
        r = u8 * k
        print('u8 *', k, r, r.dtype)
    except Exception as e:
        print('u8 *', k, type(e).__name__, e)
for k in [1, -1, 300, 1, 2**63]:
    try:
        print('u8 <', k, u8 < k, 'u8 ==', k, u8 == k)
    except Exception as e:
        print('u8 <', k, type(e).__name__, e)
for k in [2, 2.5, True, 2j, np.float64(2), np.int64(2), 2]:
    r = f4 * k
    print('f4 *', repr(k), r, r.dtype)
for k in [1, 1.5, True, 1]:
    r = b + k
    print('b +', repr(k), r, r.dtype)
for k in [True, 1, True]:
    try:
        r = b - k
        print('b -', repr(k), r, r.dtype)
    except Exception as e:
        print('b -', repr(k), type(e).__name__, e)
for t in [i8, u8, f4, b, i8, f4]:
    r = t / 2
    print('/ 2', r, r.dtype)
for x, y in [(i8, u8), (u8, i8), (i8, f4), (i8, u8)]:
    r = x + y
    print(x.dtype, '+', y.dtype, r, r.dtype)
