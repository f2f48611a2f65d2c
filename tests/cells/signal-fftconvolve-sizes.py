# scipy.signal.fftconvolve at lengths whose full size is prime or odd
# (the transforms run at SciPy's next fast length, zero-padded, and the
# result is cropped back): each mode, 1-d and 2-d, against the direct sum.
import numpy as np
import scipy.signal as sig
def r(x):
    return np.round(x, 8) + 0.0
def ramp(*shape):
    k = int(np.prod(shape))
    return (np.sin(np.arange(1, k + 1) * 0.7) * 3.0).reshape(shape)
for n, m in ((7, 5), (13, 5), (50, 49), (97, 3), (1000, 999)):
    a, b = ramp(n), ramp(m)[::-1].copy()
    for mode in ("full", "same", "valid"):
        f = sig.fftconvolve(a, b, mode=mode)
        d = sig.convolve(a, b, mode=mode, method="direct")
        print(n, m, mode, f.shape, bool(np.allclose(f, d, rtol=1e-9, atol=1e-9)))
a, b = ramp(11, 17), ramp(6, 4)
for mode in ("full", "same", "valid"):
    f = sig.fftconvolve(a, b, mode=mode)
    print(mode, f.shape, bool(np.allclose(f, sig.convolve(a, b, mode=mode, method="direct"), atol=1e-9)))
print(r(sig.fftconvolve(np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]))))
f32 = sig.fftconvolve(ramp(101).astype(np.float32), ramp(10).astype(np.float32))
print(f32.dtype, f32.shape, bool(np.allclose(f32, np.convolve(ramp(101), ramp(10)), atol=1e-3)))
