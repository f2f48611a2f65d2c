# Ufuncs over many short rows (the loop stepped by outer strides): row and
# column broadcasts, strided and reversed views, out=, mixed operand kinds.
import numpy as np
T = np.arange(60.).reshape(20, 3)
print(T + T[0], T * np.arange(3), np.sqrt(T[::2]) + 1, (T.T + T.T)[:, :4], np.maximum(T, T[:, :1]))
U = np.arange(24, dtype=np.float32).reshape(4, 6)
print(U[:, ::2] - U[0, ::2], np.add(U, 1, out=np.zeros((4, 6), np.float32)), U[::-1] * U[::-1, ::-1])
V = np.arange(5000, dtype=np.int64).reshape(1000, 5)
print((V + V[3]).sum(axis=0), (V[::-3] * 2)[:3], (V % 7)[-2:], np.minimum(V, V[:, 2:3])[10:12], (V > V[0]).sum())
W = np.arange(300, dtype=np.int16).reshape(100, 3)
o = np.empty((100, 3), np.int16)
np.multiply(W, W[1], out=o)
print(o[:4], o[-1], np.negative(W[::-1])[:2], np.abs(W[5:8] - 200))
