import numpy as np
a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a)
print(1 << 10, 1024 >> 3, -16 >> 2, -1 << 4)
print(-5 & 0xff, -1 & 7, 6 | -8, ~0, ~-1)
print(5 & 3 | 8 ^ 2)
print(True & False, True | False, True ^ True)
x = 1
x <<= 5
x |= 3
x &= 0x2f
x ^= 1
x >>= 1
print(x)
