import numpy as np
print(1e-3, 1E3, 1.5, .5, 5., 1_000.5)
print(0.1 + 0.2)
print(1e16, 1e15, 1e-4, 1e-5, 123456789.0)
print(2.5e-3, 6.02e23, -1.25e-10)
print(1.0, 100.0, 3.0 * 2)
print(1 / 3, 2 / 3, 10 / 4)
print(repr(0.1), str(0.3))
