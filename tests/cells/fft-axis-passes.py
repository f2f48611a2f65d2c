# Transforms over several axes run one axis at a time from the last (as
# NumPy's pocketfft does), each pass scaled by its own norm factor, with
# intermediate results transformed in place; a 1-D transform along a leading
# axis reads the input through its transposing copy.  Odd and even sizes,
# views, complex64, permuted axes, padding and cropping, every norm.
import numpy as np

np.set_printoptions(precision=5, suppress=True)
rng = np.random.default_rng(11)


def show(z):
    z = np.asarray(z)
    print(z.dtype, z.shape, np.round(z.real, 4) + 0.0, np.round(z.imag, 4) + 0.0)


m = rng.standard_normal((6, 5))
c = m + 1j * rng.standard_normal((6, 5))
for x in (m, c, c.T, c[::-1, ::2], m[1:, :4]):
    for norm in (None, "ortho", "forward"):
        show(np.fft.fft2(x, norm=norm))
        show(np.fft.ifft2(x, norm=norm))
    show(np.fft.fft2(x, axes=(1, 0)))
    show(np.fft.fft2(x, s=(4, 7)))
    show(np.fft.ifft2(x, s=(8, 3), norm="ortho"))
    show(np.fft.fft(x, axis=0))
    show(np.fft.ifft(x, axis=0, norm="ortho"))

# the input is never changed by the passes
c0 = c.copy()
np.fft.fft2(c)
np.fft.fft(c, axis=0)
np.fft.ifftn(c)
print(bool((c == c0).all()))

# three axes, any subset and order
k = rng.standard_normal((3, 4, 5)) + 1j * rng.standard_normal((3, 4, 5))
show(np.fft.fftn(k))
show(np.fft.ifftn(k, norm="ortho"))
show(np.fft.fftn(k, axes=(0, 2)))
show(np.fft.fftn(k, axes=(2, 0), s=(6, 2)))
show(np.fft.fftn(k.transpose(2, 0, 1), axes=(1, 2)))
show(np.fft.fft(k, axis=1))

# single precision stays complex64; round trips
f = c.astype(np.complex64)
r = np.fft.fft2(f)
print(r.dtype, bool(np.abs(r - np.fft.fft2(c)).max() < 1e-4))
print(bool(np.allclose(np.fft.ifft2(np.fft.fft2(c)), c)), bool(np.allclose(np.fft.ifftn(np.fft.fftn(k)), k)))

# a larger power of two: exact sums of a known signal
n = 256
t = np.arange(n)
g = np.cos(2 * np.pi * 3 * t / n)[:, None] * np.cos(2 * np.pi * 5 * t / n)[None, :]
G = np.fft.fft2(g)
idx = np.argwhere(np.abs(G) > 1)
print(idx.tolist(), np.round(np.abs(G[np.abs(G) > 1]), 6).tolist())
print(np.round(np.abs(np.fft.fft(g, axis=0))[3, :8], 6))
