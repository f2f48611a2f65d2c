import numpy as np
for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
    print(np.iinfo(t))
for t in (np.float16, np.float32, np.float64, np.complex64, np.complex128):
    print(np.finfo(t))
print(repr(np.iinfo(np.int16)), repr(np.finfo(np.float32)))
print(str(np.finfo(float)).splitlines()[0], f'{np.iinfo(np.int8)}'.count('\n'))
