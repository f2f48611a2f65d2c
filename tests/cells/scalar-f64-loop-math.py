# A loop over x[i] with NumPy's float64 scalar math (jpivarski's lecture-slides: the
# quadratic formula element by element): x[i] of a host vector is a np.float64, its
# + - * / ** with float64 scalars and Python numbers, -x, np.sqrt(x) and out[i] = v give
# NumPy's values and types, and the edges still warn and raise as NumPy does
# (divide by zero, overflow, invalid, underflow under errstate, read-only, bounds).
import numpy as np
import warnings

a = np.array([5.5, 7.25, 9.0, -0.0, 1e-300, 1e300])
b = np.array([10.0, 12.5, 19.75, 0.0, 1e-10, 3.0])
x, y = a[1], b[2]
print(repr(x), type(x).__name__, repr(a[-1]), repr(a[-6]))
print(repr(x + y), repr(x - y), repr(x * y), repr(x / y), repr(x ** y), repr(x ** 2), repr(x ** 0.5))
print(repr(x + 1), repr(2 - x), repr(3 * x), repr(x / 7), repr(2 ** x), repr(x ** -1), repr(-x), repr(1.5 + x))
print(repr(x + 2 ** 60), repr(x * (2 ** 62 + 1)))
print(repr(np.sqrt(x)), repr(np.sqrt(2.0)), repr(np.sqrt(a[3])), repr(np.sqrt(0.0)))
out = np.empty_like(a)
for i in range(3):
    out[i] = (-b[i] + np.sqrt(b[i] ** 2 - 4 * a[i] * 0.05)) / (2 * a[i])
out[3] = 1.5
out[-1] = np.float64(2.5)
out[4] = 7
print(out[:5], out[-1])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = [x / a[3], a[3] / b[3], a[5] * a[5], a[4] * a[4], a[5] ** 2, np.sqrt(-x), -a[3], a[3] * 2, x - x]
    print([repr(v) for v in r])
    print([str(m.message) for m in w])
with np.errstate(under="raise"):
    try:
        print(a[4] * a[4])
    except FloatingPointError as e:
        print("FloatingPointError", e)
with np.errstate(divide="raise"):
    try:
        print(x / 0)
    except FloatingPointError as e:
        print("FloatingPointError", e)
try:
    a[6]
except IndexError as e:
    print("IndexError", e)
try:
    a[-7]
except IndexError as e:
    print("IndexError", e)
ro = np.arange(3.0)
ro.flags.writeable = False
try:
    ro[0] = 1.0
except ValueError as e:
    print("ValueError", e)
f32 = np.arange(4, dtype=np.float32)
print(repr(f32[1] * 2.5), repr(f32[2] + x), repr(np.arange(3)[1] * x), repr(np.array([True])[0]))
m = np.matrix([[1.0, 2.0]])
print(repr(m[0]))
