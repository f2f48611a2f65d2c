import numpy as np
a = np.arange(24).reshape(2, 3, 4) * 10
i = np.argsort(-a, axis=2)
print(np.take_along_axis(a, i, axis=2).tolist())
print(np.take_along_axis(a, i).tolist())
print(np.take_along_axis(a, np.array([[[0]], [[2]]]), axis=1))
print(np.take_along_axis(a, np.array([[[1, -1]]]), axis=-1))
m = np.array([[3.5, 1.0, 2.0], [0.5, 9.0, 4.0]])
print(np.take_along_axis(m, np.argmax(m, axis=1)[:, None], axis=1))
print(np.take_along_axis(m, np.argmin(m, axis=0)[None, :], axis=0))
print(np.take_along_axis(m, np.array([5, 0, 1]), axis=None))
print(np.take_along_axis(m, np.array([[0, 1, 1]], dtype=np.int32), axis=0))
b = np.zeros((2, 3))
print(np.put_along_axis(b, np.array([[2], [0]]), 7.5, axis=1))
print(b)
np.put_along_axis(b, np.array([[1, 1, 0]]), np.array([[1.0, 2.0, 3.0]]), axis=0)
print(b)
c = np.arange(6)
np.put_along_axis(c, np.array([0, 5]), [-1, -2], axis=None)
print(c)
d = np.arange(12).reshape(3, 4)
np.put_along_axis(d, np.argmax(d, axis=1, keepdims=True), 0, axis=1)
print(d)
for f in [lambda: np.take_along_axis(m, np.array([[0, 1]]), axis=None),
          lambda: np.take_along_axis(m, np.array([[0.0]]), axis=0),
          lambda: np.take_along_axis(m, np.array([0]), axis=0),
          lambda: np.take_along_axis(m, np.array([[5]]), axis=0),
          lambda: np.put_along_axis(m, np.array([0]), 1.0, axis=0)]:
    try:
        print(f())
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
np.take_along_axis(m, np.array([[0]]), axis=2)
