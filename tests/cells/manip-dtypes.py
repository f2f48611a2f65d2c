import numpy as np
for dt in [np.bool_, np.int8, np.uint16, np.int32, np.float16, np.float32, np.complex64]:
    a = np.arange(6).astype(dt).reshape(2, 3)
    b = np.concatenate([a, a[::-1]], axis=1)
    print(b.dtype, b.T[::2].ravel())
