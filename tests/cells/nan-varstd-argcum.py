# NumPy's nanvar / nanstd (ddof, correction, axis tuples, keepdims, dtype),
# nanprod, nancumsum / nancumprod and nanargmin / nanargmax: each on a copy
# with NaN replaced (lib/_nanfunctions_impl.py), so results keep its bits.
import numpy as np
np.random.seed(5)
x = np.random.rand(6, 7) * 4 - 1
x[x > 2.2] = np.nan
x[:, 3] = np.nan
for dt in [np.float64, np.float32, np.float16]:
    y = x.astype(dt)
    for v in [y, y.T, y[::2, ::-2]]:
        for ax in [None, 0, 1, (0, 1)]:
            print(dt.__name__, ax, repr(np.nanvar(v, axis=ax)), repr(np.nanstd(v, axis=ax, ddof=1)))
            print(repr(np.nanprod(v, axis=ax)), repr(np.nanvar(v, axis=ax, keepdims=True, ddof=2)))
        for ax in [None, 0, 1]:
            print(repr(np.nancumsum(v, axis=ax)), repr(np.nancumprod(v, axis=ax)))
        w = v.copy()
        w[np.isnan(w)] = 0.5
        w[::2, 1::3] = np.nan
        for ax in [None, 0, 1]:
            print(repr(np.nanargmin(w, axis=ax)), repr(np.nanargmax(w, axis=ax)))
print(repr(np.nanvar(x.astype(np.float32), dtype=np.float64)), repr(np.nanstd(x, axis=0, correction=1)))
print(repr(np.nanvar(np.arange(6.).reshape(2, 3), axis=0, ddof=1)), np.nanprod(np.arange(1, 5)), np.nancumsum(np.arange(4)))
print(np.nanargmax(np.array([1, 5, 2])), np.nanargmin(np.array([[np.nan, 3.0], [2.0, np.nan]]), axis=0, keepdims=True))
print(repr(np.nanvar(np.array([[np.nan, 1.0, 2.0], [np.nan, np.nan, 5.0]]), axis=0)))
print(repr(np.nanstd(np.array([[np.nan, 1.0, 2.0], [np.nan, 4.0, 5.0]]), axis=1, ddof=2)))
print(repr(np.nanprod(x, axis=1, keepdims=True, dtype=np.float32)), repr(np.nancumsum(x.astype(np.float32), dtype=np.float64)[-1]))
print(np.nanargmin(np.array([np.nan, -np.inf, 3])), np.nanargmax(np.array([np.nan, np.inf, np.inf])))
print(repr(np.nanprod(np.array([], np.float32))), repr(np.nancumprod(np.array([np.nan, 2, np.nan, 3]))), repr(np.nanprod(x, initial=2.0)))
h = (np.random.rand(30, 4) + 0.5).astype(np.float16)
h[3, 1] = np.nan
print(repr(np.nanprod(h, axis=0)), repr(np.nanprod(h, axis=1)), repr(np.nanprod(h)), repr(np.prod(h[:, ::2], axis=1)))
try:
    np.nanargmax(np.array([[np.nan, 3.0], [np.nan, np.nan]]), axis=0)
except ValueError as e:
    print("ValueError", e)
try:
    np.nanargmin(np.full(3, np.nan))
except ValueError as e:
    print("ValueError", e)
try:
    np.nanvar(x, dtype=np.int64)
except TypeError as e:
    print("TypeError", e)
try:
    np.nanmean(x, dtype=np.int32)
except TypeError as e:
    print("TypeError", e)
try:
    np.nanstd(x, ddof=1, correction=1)
except ValueError as e:
    print("ValueError", e)
z = (x + 1j * x[::-1])
print(repr(np.nancumsum(z, axis=1)[:, -1]), repr(np.nanargmin(z, axis=0)), repr(np.nanargmax(z.T, axis=0)))
np.nanargmin(np.array([[1.0, np.nan], [np.nan, np.nan]]), axis=1)
