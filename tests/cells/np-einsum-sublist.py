# einsum's sublist form: einsum(op0, sublist0, ..., [sublistout]), ints 0..51 and Ellipsis
import numpy as np
a = np.arange(25).reshape(5, 5)
b = np.arange(5)
c = np.arange(6).reshape(2, 3)
print(np.einsum(a, [0, 0]), np.einsum(a, [0, 0], [0]), np.einsum(a, [0, 1], b, [1]), np.einsum(c, [1, 0]))
print(np.einsum(b, [0], b, [0]), np.einsum(a, [0, 1], [1]), np.einsum(a, [Ellipsis, 0], b, [Ellipsis, 0]))
print(np.einsum(c, [0, 1], b[:3], [1], [0]), np.einsum(a, [27, 30], [30, 27]))
for bad in ([0, 60], [0, 'x']):
    try:
        np.einsum(a, bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
