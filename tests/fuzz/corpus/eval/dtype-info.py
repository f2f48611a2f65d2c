import numpy as np
print(repr(np.iinfo(np.int8)), np.iinfo(np.int32).max, np.iinfo('uint8').min, np.iinfo(np.int16).bits, np.iinfo(np.uint32).max)
print(repr(np.iinfo(np.int64)), repr(np.iinfo(np.uint16)))
print(repr(np.finfo(np.float32)), repr(np.finfo(np.float64)), repr(np.finfo(np.float16)))
print(np.finfo(np.float64).eps, repr(np.finfo(np.float32).eps), np.finfo(np.float32).max, repr(np.finfo(np.float16).tiny), np.finfo(float).bits)
print(np.finfo(np.float32).resolution, np.finfo(np.complex64).dtype, np.finfo(np.float64).precision)
try:
    np.iinfo(np.float32)
except ValueError as e:
    print('ValueError:', e)
