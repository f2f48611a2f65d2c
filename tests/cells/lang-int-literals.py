import numpy as np
print(1_000, 1_000_000)
print(0x1f, 0XFF, 0o17, 0b101, 0b1111_0000)
print(-0x10, +7, 00)
print(1_0.5)
print(type(0x1f).__name__)
