# np.modf, a ufunc of two outputs as np.frexp (its parts _modf_frac/_modf_int), out=, float16/32 kept; its repr is ufunc-repr's (cp's is a function there)
import numpy as np
print(np.modf([0, 3.5]), np.modf(-0.5))
print(np.modf(np.array([-3.0, np.inf, -np.inf, np.nan, 2.25, -0.0])))
print(np.modf(np.array([1.75, -2.5], dtype=np.float32)), np.modf(np.float16(3.25)), np.modf(7))
f, i = np.empty(2), np.empty(2)
r = np.modf([1.5, -2.25], out=(f, i))
print(r[0] is f, r[1] is i, f, i)
print(np.modf.__name__, np.modf.nin, np.modf.nout, np.frexp(np.array([8.0, 0.5])))
try:
    np.modf(1j)
except TypeError as e:
    print('TypeError', e)
