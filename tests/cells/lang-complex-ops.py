import numpy as np
z = complex(3, 4)
print(z, abs(z), z.conjugate(), z * z.conjugate(), z / 2, z + 1, z - 1j)
print((1 + 2j) / (3 + 4j))
print(z == 3 + 4j, -z, z ** 2)
print(repr(1 + 0j), repr(-0j), repr(complex(0, -1)))
print(2j ** 2, (1j) ** 0)
