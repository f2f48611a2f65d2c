# sqrt, maximum, minimum and clip on float32 / float64 through the AVX2
# loops: NaN on either side, signed zeros, infinities, lengths around the
# vector width, scalar and array bounds, strided views, in-place, out=.
import numpy as np
def show(*a):
    print(*[repr(v) for v in a])
base = [np.nan, -0.0, 0.0, 1.0, -1.0, np.inf, -np.inf, 2.5, 0.25, 7.0, -3.5, 1e-30, 3.0]
for dt in (np.float32, np.float64):
    for n in (0, 1, 3, 4, 7, 8, 9, 13, 16, 17, 33):
        x = np.array((base * 3)[:n], dtype=dt)
        y = np.array((base[::-1] * 3)[:n], dtype=dt)
        show(np.sqrt(x), np.maximum(x, y), np.minimum(x, y), np.clip(x, -1, 2))
        show(np.maximum(x, 0.5), np.minimum(-0.0, x), np.clip(x, y, 4), np.clip(x, -np.inf, y))
    x = np.array(base * 2, dtype=dt)
    show(np.clip(x, np.nan, 1), np.clip(x, 0, np.nan), np.maximum(x, np.nan), np.minimum(np.nan, x))
    show(np.clip(x, 0.0, -0.0), np.clip(x, 3, 1), np.maximum(-0.0, 0.0), np.maximum(0.0, -0.0), np.sqrt(-x))
    show(np.sqrt(x[::2]), np.maximum(x[::3], x[1::3]), np.clip(x[::-1], 0, 1), x.clip(min=1), x.clip(max=0))
    z = x.copy()
    np.clip(z, 0, 1, out=z)
    w = x.copy()
    np.maximum(w, 2, out=w)
    v = np.empty_like(x)
    np.sqrt(x, out=v)
    show(z, w, v, np.minimum(x.reshape(2, -1), x.reshape(2, -1)[:, :1]))
big = np.linspace(-2, 2, 1001)
print(np.clip(big, -1, 1).sum(), np.maximum(big, big[::-1]).sum(), np.sqrt(np.abs(big)).sum())
print(np.clip(big.astype(np.float32), -0.5, 0.5)[495:506], np.minimum(big, 0).min())
print(np.clip(np.arange(10), 2, 7), np.clip(np.arange(10.), np.arange(10) % 3, 5))
