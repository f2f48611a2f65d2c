import numpy as np
print(np.result_type(np.int8, np.uint8), np.result_type(np.int64, np.uint64), np.result_type(np.float16, np.int16))
print(np.result_type(np.int8, 1.0), np.result_type(np.float32, 1j), np.result_type(1, 2.0), np.result_type(np.uint8, 300))
print(np.promote_types('i1', 'u1'), np.promote_types(np.float32, np.int32), np.promote_types('f2', 'c8'))
print(np.can_cast(np.int32, np.float32), np.can_cast(np.int8, np.int16), np.can_cast('f8', 'f4', 'same_kind'), np.can_cast(np.float64, np.int64, 'same_kind'), np.can_cast('i8', 'u8'))
print(np.can_cast(np.uint8, np.int8), np.can_cast(np.bool_, np.int8), np.can_cast(np.complex64, np.float64, 'unsafe'))
