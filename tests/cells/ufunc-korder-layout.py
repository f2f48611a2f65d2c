# Results laid out as their operands (NumPy's order='K'): strides of
# ufunc results on transposed, strided, reversed, broadcast and 3-d views,
# single ufuncs and fused expressions, and their values.
import numpy as np
A = np.arange(24, dtype=np.float32).reshape(4, 6)
B = np.ones((6, 4), np.float32)
C = np.arange(30.).reshape(2, 3, 5).transpose(2, 0, 1)
cases = [A.T + B, B + A.T, A.T + 1, A.T + A[:, 0], A.T + A[0][:, None], A[0][:, None] + A[:, 0],
         np.sqrt(A.T[::2]), np.sqrt(A.T[:, ::2]), np.sqrt(C), C + np.ones((5, 2, 3)), np.clip(A.T, 3, 9),
         A.T > 5, -A.T, A.T * 2, np.sqrt(np.arange(5.)[::-1]), np.sqrt(np.arange(12.).reshape(3, 4)[::-1].T),
         np.sqrt(np.arange(12.).reshape(3, 4)[:, ::-1].T), np.add(A.T, A.T), np.maximum(A.T, 7.5),
         np.ones((4, 3, 2)).transpose(1, 0, 2) + 1, np.arange(24.).reshape(4, 3, 2).transpose(1, 2, 0)[:, :, ::2] - 1,
         np.sin(A.T) ** 2 + 1, (A.T * 2 + A.T) / 3, np.where(A.T > 4, A.T, 0),
         C.transpose(1, 2, 0) * C.transpose(1, 2, 0), np.exp(C[:, ::-1])]
for r in cases:
    print(r.shape, r.strides, r.dtype)
    print(r.ravel()[:7], float(r.sum()))
# a result laid out F-order keeps behaving as a C-indexed array
r = A.T * 1
print(r.ravel(), r.reshape(-1)[:8], r[1], r[:, 1], r.copy().strides, r.T.strides)
r[0, 0] = -1
print(r, A[0, 0])
s = np.sort(r, axis=0)
print(s[:, :2], r.sum(axis=0), r.sum(axis=1), r.argmax(), r.cumsum()[:6])
print(np.concatenate([r, r])[5], (r @ A).shape, np.dot(r, A)[0], repr(r[:2]))
