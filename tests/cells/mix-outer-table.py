import numpy as np
r = np.arange(1, 10)
table = np.outer(r, r)
print(table[:4, :4])
print(np.diag(table), np.trace(table))
print(table[table % 7 == 0])
