# polyfit with w= (weighted rows of the Vandermonde matrix and of y) and
# cov=True / cov='unscaled' (inv(A^T A) over outer(scale, scale), times
# resids / (len(x) - order) unless unscaled), 1-D and 2-D y, and the errors
import numpy as np
np.set_printoptions(precision=6)
x = np.array([0., 1, 2, 3, 4, 5])
y = np.array([1., 2.9, 5.2, 7.1, 8.8, 11.3])
y2 = np.stack([y, y**2], axis=1)
w = np.array([1., 2, 1, 2, 1, 2])
print(np.polyfit(x, y, 1, w=w))
print(np.polyfit(x, y2, 2, w=w))
c, V = np.polyfit(x, y, 1, cov=True)
print(c, V, V.shape, V.dtype)
print(np.polyfit(x, y, 2, cov='unscaled'))
c, V = np.polyfit(x, y2, 1, cov=True)
print(c.shape, V.shape)
print(V)
print(np.polyfit(x, y2, 1, w=w, cov='unscaled'))
print(np.polyfit(x, y, 1, w=w, full=True, cov=True))
print(np.polyfit(x[::2], y[::2], 1, w=w[::2], cov=True))
print(np.polyfit(x, y, 1, w=[1, 1, 1, 1, 1, 1]))
print(np.polyfit(x, y, 1, w=np.arange(6)))
print(np.polyfit([0, 1, 2, 3], [1, 2, 3, 5], 1, cov=0))
print(np.polyfit([0, 1, 2, 3], [1, 2, 3, 5], 1, cov='yes'))
print(np.polyfit(np.arange(4, dtype=np.float32), [1, 2, 3, 5], 1, cov=True))
print(np.polyfit([0., 1, 2, 3], [1j, 2, 3, 5], 1, w=[1, 2, 3, 4]))
for kw in [dict(w=[1, 2]), dict(w=[[1] * 6]), dict(w=np.ones(6), cov=True, deg=5),
           dict(w=np.ones(6), cov=True, deg=6), dict(cov=True, deg=-1)]:
    d = kw.pop('deg', 1)
    try:
        print(np.polyfit(x, y, d, **kw))
    except Exception as e:
        print(type(e).__name__, e)
c, V = np.polyfit(x, y, 5, cov='unscaled')
print(c.shape, V.shape)
try:
    np.polyfit(x, y, 1, w=1j * np.ones(6))
except Exception as e:
    print(e)
