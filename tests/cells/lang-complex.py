import numpy as np
z = 2j
print(z, type(z).__name__)
w = (1 + 2j) * (3 - 1j)
print(w)
print(w.real, w.imag)
print(abs(3 + 4j))
print(complex(1, -2), complex(0, 1), complex(2))
print((1 + 2j).conjugate())
print((1 + 1j) ** 2)
print(1j * 1j)
print((2 + 0j) == 2)
print(-1.5j, 0j)
