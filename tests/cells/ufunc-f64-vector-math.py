# float64 tanh, expm1, cbrt, arcsinh, arccosh, arctanh: on AVX-512 CPUs Lumen runs them
# 8 lanes at a time (glibc's libmvec), elsewhere through the scalar functions.  Values
# to 12 digits (the last bits are the CPU's vector math, in NumPy too), every length
# 1..19 (the masked tail), strided and reversed views, and the special values.
import numpy as np

rng = np.random.default_rng(5)
x = (rng.random(1003) - 0.5) * 40
u = rng.random(1003) * 2 - 1
specials = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1e-310, -1e-310, 1e300, -1e300, 710.0, -710.0, 1.0, -1.0])
cases = [("tanh", np.tanh, x), ("expm1", np.expm1, x), ("cbrt", np.cbrt, x * 1e5), ("arcsinh", np.arcsinh, x * 1e3),
         ("arccosh", np.arccosh, np.abs(x) + 1), ("arctanh", np.arctanh, u)]
def r12(a):
    return [float("%.12g" % v) for v in np.asarray(a).ravel()]
with np.errstate(all="ignore"):
    for name, f, v in cases:
        y = f(v)
        print(name, y.dtype, y.shape, r12(y[:5]), round(float(np.sum(y[np.isfinite(y)])), 6))
        print(" tails", [r12(f(v[:k]))[-1] for k in range(1, 20)])
        print(" views", r12(f(v[::7])[:4]), r12(f(v[::-3])[:4]), r12(f(v.reshape(17, 59).T)[:2, :2]))
        print(" specials", r12(f(specials)))
    print(np.tanh(np.float64(0.5)), np.arctanh(np.array(0.25)), float("%.12g" % np.cbrt(-27.0)))
