import numpy as np
# indices: dense and sparse, dtype, empty and 0-d grids
print(np.indices((2, 3)))
print(np.indices((2, 3), sparse=True))
print(np.indices((2, 2), dtype=float))
print(np.indices((2, 2), dtype=np.int8, sparse=True))
print(repr(np.indices(())), repr(np.indices((2, 0))), np.indices([3]))
# mgrid: int ranges, float steps, complex steps (number of points, endpoint included)
print(np.mgrid[0:2, 0:3])
print(np.mgrid[0:5], np.mgrid[0:5:2], np.mgrid[:3, 1:4:2])
print(np.mgrid[-1:1:5j], np.mgrid[0:1:1j], np.mgrid[1.5:3])
print(np.mgrid[0:1:0.25, 0:2])
print(np.mgrid[-1:1:3j, 0:2:5j])
print(np.mgrid[0:4:3j, 0:2], np.mgrid[0:3,])
print(np.mgrid[0:10:3, 0:1].shape, np.mgrid[0:1:0.1].shape)
# ogrid: the open (broadcastable) form
print(np.ogrid[0:3, 0:4])
print(np.ogrid[-1:1:3j, 0:2])
print(np.ogrid[0:5], np.ogrid[0:1:4j])
x, y = np.ogrid[0:3, 0:4]
print(x * 10 + y)
