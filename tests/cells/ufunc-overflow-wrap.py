import numpy as np
i8 = np.array([120, 127, -128], dtype=np.int8)
print(i8 + np.int8(10), i8 * np.int8(2), -i8, abs(i8), i8 - np.int8(1))
u8 = np.array([250, 0, 255], dtype=np.uint8)
print(u8 + np.uint8(10), u8 - np.uint8(1), u8 * np.uint8(2), np.square(u8))
i64 = np.array([9223372036854775807, -9223372036854775807 - 1])
print(i64 + 1, i64 * 2, -i64, abs(i64))
i32 = np.array([2**31 - 1], dtype=np.int32)
print(i32 + np.int32(1), (i32 * 3).dtype)
