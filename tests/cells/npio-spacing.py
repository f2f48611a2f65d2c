# np.spacing: NumPy's npy_spacing (float32/64) and npy_half_spacing (every float16)
import numpy as np
print(np.spacing(1) == np.finfo(np.float64).eps)
print(np.spacing(np.array([0.0, -0.0, 1.0, -1.0, 1e300, np.inf, -np.inf, np.nan, 5e-324])))
print(np.spacing(np.array([1, -3, 0], dtype=np.float32)), np.spacing(np.float16(1)), np.spacing(np.float16(-2)))
print(np.spacing(3), np.spacing(np.int8(3)).dtype, np.spacing(True))
print(np.spacing, np.spacing.nin)
h = np.arange(65536, dtype=np.uint16).view(np.float16)
# (the signalling-NaN halves: Lumen's half conversions raise 'invalid' where
# NumPy's bit twiddling does not, so all warnings are off here)
with np.errstate(all='ignore'):
    s = np.spacing(h)
    print(s.dtype, s[::4099])
    print(np.sum(s[np.isfinite(s)].astype(np.float64)), np.isnan(s).sum(), np.isinf(s).sum(), (s < 0).sum())
x = np.array([1e-310, -1e-310, 3.5, -2.0, 2.0 ** 1023])
print(np.spacing(x), np.spacing(x[:4].astype(np.float32)))
