# nansum / nanmean of float16, float32, complex64 and complex128 in NumPy's
# order: NaN -> 0 in a copy laid out as np.array(a, copy=True) (order 'K'),
# then pairwise sums -- 1-D sizes around the pairwise block, 2-D both axes,
# transposed, strided and reversed views.  Bits compared through checksums.
import numpy as np
np.random.seed(3)


def ck(a):
    a = np.asarray(a).reshape(-1)
    u = a.view({2: np.uint16, 4: np.uint32, 8: np.uint64, 16: np.uint64}[a.itemsize])
    return int((u.astype(np.uint64) % np.uint64(1000003)).sum())


def make(shape, dt):
    x = np.random.rand(*shape) * 10 - 2
    if dt in (np.complex64, np.complex128):
        x = x + 1j * (np.random.rand(*shape) * 3 - 1)
    x = x.astype(dt)
    x[np.random.rand(*shape) < 0.1] = np.nan
    return x


DTS = [np.float16, np.float32, np.complex64, np.complex128]
for n in [7, 8, 9, 16, 17, 128, 129, 1000, 10007]:
    for dt in DTS:
        x = make((n,), dt)
        print(n, dt.__name__, repr(np.nansum(x)), repr(np.nanmean(x)), ck(np.nansum(x[::-2])), ck(np.nanmean(x[1::3])))
for shp in [(8, 3), (129, 7), (1000, 5), (5, 1000), (10007, 2), (3, 10007)]:
    for dt in DTS:
        x = make(shp, dt)
        for iv, v in enumerate([x, x.T, x[::2], x[:, ::-1], x[::-3, ::2]]):
            print(shp, dt.__name__, iv, [(ck(np.nansum(v, axis=ax)), ck(np.nanmean(v, axis=ax))) for ax in [None, 0, 1, -1]])
x = make((6, 20, 9), np.complex64)
for v in [x, x.transpose(2, 0, 1), x[:, ::2, ::-1]]:
    for ax in [None, 0, 1, 2, (0, 2)]:
        print(ax, repr(np.nansum(v, axis=ax, keepdims=True).ravel()[:3]), repr(np.nanmean(v, axis=ax).ravel()[:3]))
h = make((300, 40), np.float16)
print(repr(np.nansum(h, dtype=np.float32)), repr(np.nanmean(h.T, axis=1, dtype=np.float64)[:4]), repr(np.nansum(h.T, axis=0)[:4]))
print(repr(np.nansum(make((50, 60), np.float32).T, dtype=np.float64)), repr(np.nanmean(np.full((3, 4), np.nan, np.complex64), axis=0)))
