import numpy as np
print(round(2.5), round(3.5), round(-0.5), round(-1.5), round(0.5))
print(round(1.2345, 2), round(1.2355, 3), round(2.675, 2))
print(round(12345, -2), round(12355, -1), round(-155, -1))
print(round(7), round(7.0), type(round(7.0)).__name__, type(round(7.0, 1)).__name__)
print(round(1e15 + 0.3), round(0.1 + 0.2, 10))
