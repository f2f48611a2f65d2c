# np.array of lists whose items are 0-d arrays (a[i] of a cp array is one):
# each 0-d array is an item of its dtype, promoted with the others; a 0-d
# array beside a sequence is still an inhomogeneous list.
import numpy as np
x = np.asarray(2.5)
i8 = np.asarray(3, dtype=np.int8)
print(repr(np.array([1, x])), repr(np.array([x, x, -x])))
print(repr(np.array([i8, i8])), repr(np.array([1, i8])), repr(np.array([i8, True])))
print(repr(np.array([[x, 1], [2, i8]])), repr(np.array([1, -x], dtype=np.float32)))
z = np.arange(3.0)
print(repr(np.array([z[0], z[2], 7])), repr(np.array((z[1],))))
for bad in ([x, [1, 2]], [[1, 2], x]):
    try:
        np.array(bad)
    except ValueError as e:
        print("ValueError", e)
