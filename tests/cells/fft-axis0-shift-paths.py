# FFTs whose axes are not innermost or whose input is a view (the host's
# tiled transposing copies), and fftshift / ifftshift over several axes in
# one pass (block copies of contiguous rows), odd and even lengths.
import numpy as np

np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(4)


def show(z):
    """real and imaginary parts, rounded, with -0.0 made 0.0 (the sign of a
    zero part differs between FFT libraries)"""
    z = np.asarray(z)
    if z.dtype in (np.float32, np.complex64):
        # single precision: the dtype and the distance to the double result
        w = np.asarray(SINGLE_REF[0](SINGLE_REF[1]))
        print(z.dtype, z.shape, bool(np.abs(z - w).max() < 1e-4 * (1 + np.abs(w).max())))
        return
    print(np.round(z.real, 4) + 0.0, np.round(z.imag, 4) + 0.0 if z.dtype.kind == "c" else "")


SINGLE_REF = [None, None]


m = rng.standard_normal((6, 5))
c = (m + 1j * m[::-1]).astype(np.complex128)
for x in (m, m.T, m[::2], m[:, ::-1], m.astype(np.float32), c, c.T.astype(np.complex64)):
    print(x.dtype, x.shape)
    SINGLE_REF[:] = [lambda x: np.fft.fft(x, axis=0), x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
    show(np.fft.fft(x, axis=0))
    SINGLE_REF[:] = [lambda x: np.fft.ifft(x, axis=0)[1], x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
    show(np.fft.ifft(x, axis=0)[1])
    SINGLE_REF[:] = [lambda x: np.fft.fft2(x)[:, :2], x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
    show(np.fft.fft2(x)[:, :2])
    if x.dtype.kind == "f":
        SINGLE_REF[:] = [lambda x: np.fft.rfft(x, axis=0), x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
        show(np.fft.rfft(x, axis=0))
        SINGLE_REF[:] = [lambda x: np.fft.irfft(np.fft.rfft(x, axis=0), n=x.shape[0], axis=0), x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
        show(np.fft.irfft(np.fft.rfft(x, axis=0), n=x.shape[0], axis=0))
        SINGLE_REF[:] = [lambda x: np.fft.rfft2(x)[1], x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)]
        show(np.fft.rfft2(x)[1])
t = rng.standard_normal((3, 4, 5))
show(np.fft.fft(t, axis=1)[2])
show(np.fft.fftn(t.transpose(2, 0, 1))[0, 1])
print(np.fft.rfftn(t[:, ::2]).shape)
show(np.fft.fft(t, n=7, axis=0)[:, 0, 0])
show(np.fft.ifft(t, n=3, axis=1)[0, :, 0])
big = rng.standard_normal((300, 257))
f0 = np.fft.fft(big, axis=0)
print(f0.shape, np.round(np.abs(f0).sum(), 4), bool(np.abs(np.fft.ifft(f0, axis=0) - big).max() < 1e-12))
r0 = np.fft.rfft(big.T, axis=1)
print(r0.shape, np.round(np.abs(r0).sum(), 4))
for x in (np.arange(7), np.arange(8.0), np.arange(12).reshape(3, 4), np.arange(30).reshape(5, 6),
          np.arange(24).reshape(2, 3, 4), np.arange(15).reshape(3, 5)[:, ::2], np.arange(20).reshape(4, 5).T):
    print(np.fft.fftshift(x).tolist(), np.fft.ifftshift(x).tolist())
    if x.ndim > 1:
        print(np.fft.fftshift(x, axes=0).tolist(), np.fft.ifftshift(x, axes=(-1,)).tolist(), np.fft.fftshift(x, axes=(1, 0)).tolist())
z = np.zeros((0, 3))
print(np.fft.fftshift(z).shape, np.fft.ifftshift([[1, 2], [3, 4]], axes=1).tolist())
s = np.arange(6.0).reshape(2, 3)
sh = np.fft.fftshift(s)
sh[0, 0] = 9
print(s[0, 0], np.fft.fftshift(np.fft.fftfreq(9, 0.5)).tolist())
