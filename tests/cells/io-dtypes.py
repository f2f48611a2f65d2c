import numpy as np
for dt in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
           np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]:
    a = (np.arange(6) % 3).astype(dt).reshape(2, 3)
    np.save('x.npy', a)
    b = np.load('x.npy')
    print(b.dtype, b.shape, np.array_equal(a, b))
