import numpy as np
f32 = np.arange(3, dtype=np.float32)
i8 = np.arange(3, dtype=np.int8)
u8 = np.arange(3, dtype=np.uint8)
print((f32 + 1.0).dtype, (f32 + 1).dtype, (f32 + 1j).dtype, (f32 * np.float64(2)).dtype)
print((i8 + 1).dtype, (i8 + 1.5).dtype, (i8 + np.int16(1)).dtype, (u8 + i8).dtype)
print((u8 * 2).dtype, (u8 + np.uint64(1)).dtype, (np.arange(3) + u8).dtype)
print((i8 + np.array(1)).dtype, (np.array([True]) + 1).dtype, (np.array([True]) + True).dtype)
print(repr(np.float32(1.5) + 1), repr(np.float32(1.5) + 1.0), repr(np.int8(3) + 1), repr(np.float16(2) * 2))
for v in (300, -1, 128):
    try:
        print(np.array([1, 2], dtype=np.int8) + v)
    except OverflowError as e:
        print('OverflowError:', e)
try:
    np.array([1], dtype=np.uint8) - 1000
except OverflowError as e:
    print('OverflowError:', e)
