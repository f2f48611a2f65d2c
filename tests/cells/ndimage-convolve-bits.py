# cells: skip-gpu bit checksums of the host loops (tests/gpu/ndimage.py checks the device filters)
# scipy.ndimage.convolve / correlate give SciPy's bits, not just its printed
# digits: the interior runs taps outer and columns inner (SIMD across the
# row) and must still add each pixel's taps in SciPy's order.  Checked by a
# position-weighted checksum of the result's bits, every mode, even and odd
# kernels, origins, float32 / float64 / int inputs, 1-D, 2-D and 3-D.
import numpy as np
import scipy.ndimage as ndi

def bits(r):
    r = np.ascontiguousarray(r)
    u = r.view(np.uint64 if r.itemsize == 8 else np.uint32 if r.itemsize == 4 else np.uint8).astype(np.uint64)
    w = np.arange(1, u.size + 1, dtype=np.uint64)
    return int(((u.reshape(-1) % np.uint64(1000003)) * w).sum() % np.uint64(2**61 - 1))

rng = np.random.default_rng(5)
im = rng.standard_normal((67, 131))
for k in (rng.standard_normal((3, 3)), rng.standard_normal((5, 5)), rng.standard_normal((1, 7)),
          rng.standard_normal((4, 2)), rng.standard_normal((6, 1))):
    for mode in ('reflect', 'constant', 'nearest', 'mirror', 'wrap'):
        print(k.shape, mode, bits(ndi.convolve(im, k, mode=mode)), bits(ndi.correlate(im, k, mode=mode, cval=0.5)))
k = rng.standard_normal((5, 5))
print(bits(ndi.convolve(im, k, origin=1)), bits(ndi.correlate(im, k, origin=(-2, 1))))
f32 = rng.standard_normal((40, 300)).astype(np.float32)
print(bits(ndi.convolve(f32, k.astype(np.float32))), ndi.convolve(f32, k.astype(np.float32)).dtype)
i16 = rng.integers(-100, 100, (30, 50)).astype(np.int16)
print(bits(ndi.convolve(i16, np.ones((3, 3), np.int16))), ndi.convolve(i16, np.ones((3, 3), np.int16)).dtype)
print(bits(ndi.convolve(im.T, k)), bits(ndi.correlate(im[::2, ::3], k)))
v = rng.standard_normal((9, 17, 23))
print(bits(ndi.convolve(v, rng.standard_normal((3, 3, 3)))), bits(ndi.correlate(v, rng.standard_normal((2, 5, 4)), mode='wrap')))
print(bits(ndi.convolve(rng.standard_normal(1000), rng.standard_normal(9))), bits(ndi.correlate(np.zeros((3, 4)), k)))
print(ndi.convolve(np.array([[-0.0, 0.0], [0.0, -0.0]]), np.array([[1.0]])), ndi.convolve(np.zeros((0, 5)), k).shape)
