import numpy as np
print(abs(-5), abs(5), abs(-2.5), abs(0), abs(-0.0), abs(True))
print(divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(7.5, 2))
q, r = divmod(100, 7)
print(q, r, q * 7 + r)
