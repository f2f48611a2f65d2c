# Copies of strided views move whole items (1, 2, 4, 8 and 16 bytes, four at
# a time with a remainder): every stride sign and step, each dtype's bits
# kept (NaN payloads, -0.0, bool bytes), rows of every length 0..9 so the
# remainder loops run, short rows of transposes and 3-D swaps walked row by
# row, flips and rolls, broadcast sources; casts from strided views into
# contiguous results.
import numpy as np

dts = [np.bool_, np.int8, np.uint8, np.int16, np.float16, np.int32, np.float32, np.uint32,
       np.int64, np.float64, np.complex64, np.complex128]
base = np.arange(-40, 80).reshape(10, 12)
for dt in dts:
    a = base.astype(dt) if dt is not np.bool_ else base % 3 == 0
    outs = [a[::2].copy(), a[:, ::3].copy(), a[::-1, ::-2].copy(), a[1::3, 2::5].copy(),
            a.T.copy(), a.T[::-1].copy(), a.ravel()[::7].copy(), a.ravel()[::-3].copy(),
            np.flip(a, 1).copy(), np.flip(a, 0).copy(), np.roll(a, 3, axis=1), np.roll(a, -2, axis=0),
            np.swapaxes(a.reshape(2, 5, 12), 0, 2).copy(), np.ascontiguousarray(a[:, ::-1].T),
            np.broadcast_to(a[:, :1], (10, 5)).copy(), np.broadcast_to(a[3], (4, 12)).copy()]
    print(np.dtype(dt).name, [o.flags.c_contiguous for o in outs].count(True))
    for o in outs:
        print(o.shape, o.ravel()[:12].tolist(), o.sum() if dt is not np.bool_ else o.sum(dtype=int))

# rows of each length 0..9 from a strided 1-D view, forwards and backwards
x = np.arange(64, dtype=np.float64) * 1.5 - 7
for n in range(10):
    print(n, x[1:1 + 2 * n:2].copy().tolist(), x[::-5][:n].copy().tolist())

# the bits of each item are kept: NaN payloads, signed zeros, infinities
f = np.array([np.nan, -0.0, np.inf, -np.inf, 1e-310, -2.5, 0.0, 3.0])
bits = f.view(np.int64).copy()
bits[0] |= 12345
g = bits.view(np.float64)
print(g[::-1].copy().view(np.int64).tolist())
print(g.reshape(2, 4).T.copy().view(np.int64).tolist())
h = np.array([1, 255, 2], dtype=np.uint8).view(np.bool_)
print(h[::-1].copy().view(np.uint8).tolist(), h[::2].astype(np.bool_).view(np.uint8).tolist())
z = np.array([1 + 2j, -0.0 - 0.0j, np.nan + 1j, 3 - 4j], dtype=np.complex128)
print(z[::-1].copy(), z.reshape(2, 2).T.copy(), np.signbit(z[::-1].copy().real).tolist())

# short rows: transposes of wide arrays and 3-D swaps
w = np.arange(3 * 2000, dtype=np.float32).reshape(3, 2000)
t = w.T.copy()
print(t.shape, t.strides, t[1999].tolist(), t[::499].tolist(), float(t.sum()))
s = np.arange(2 * 3 * 700, dtype=np.int16).reshape(2, 3, 700).swapaxes(0, 2).copy()
print(s.shape, s.strides, s[699].tolist(), int(s.sum()))

# casts from strided views into contiguous results (each direction)
v = np.arange(-20, 20, dtype=np.int64).reshape(4, 10)
for dt in (np.float32, np.float64, np.int32, np.int8, np.uint16, np.bool_, np.complex64, np.float16):
    r = v[:, ::-3].astype(dt)
    print(np.dtype(dt).name, r.strides, r.ravel().tolist())
fv = np.linspace(-3.7, 3.7, 20)
print(fv[::3].astype(np.int64).tolist(), fv[::-2].astype(np.float32).tolist(), fv[::4].astype(np.bool_).tolist())
