import numpy as np
s = np.float32(1.5)
print(repr(s + 1), repr(s * 2.0), repr(-s), repr(s > 1), repr(s ** 2), repr(s / 3))
print(repr(np.int8(100) + np.int8(1)), repr(np.int64(7) // 2), repr(np.int32(7) % -3), repr(np.uint8(3) - np.uint8(1)))
print(repr(np.float64(0.1) + np.float32(0.2)), repr(np.int64(3) / np.int64(2)), repr(np.True_ + np.True_), repr(np.float16(1) / 3))
print(repr(np.int16(3) * 2.5), repr(np.complex64(1 + 1j) * 2), repr(abs(np.int8(-5))), repr(np.float32(2) ** np.float32(0.5)))
print(s.dtype, s.item(), type(s.item()).__name__, float(s), int(s), s.real, s.imag, s.shape, s.ndim)
print(np.float32(3) == 3, np.int8(5) < 6.5, hash(np.int64(3)) == hash(3), np.float64(2).is_integer() if False else 1)
