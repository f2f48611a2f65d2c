import numpy as np
print(repr(np.float32(3)), repr(np.int8(-5)), repr(np.uint8(200)), repr(np.bool_(1)), repr(np.float64('1.5')))
print(repr(np.complex64(1 + 2j)), repr(np.int8(np.int64(300))), repr(np.int32(2.7)), repr(np.float32()), repr(np.int16('12')))
print(repr(np.float32([1, 2])), repr(np.int64(True)), repr(np.float16(65504)), repr(np.uint64(2**62)))
try:
    np.int8(300)
except OverflowError as e:
    print('OverflowError:', e)
try:
    np.uint8(-1)
except OverflowError as e:
    print('OverflowError:', e)
