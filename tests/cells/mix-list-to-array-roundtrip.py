import numpy as np
rows = [[1, 2, 3], [4, 5, 6]]
a = np.array(rows)
print(a.tolist() == rows, a.tolist())
total = 0
for row in a:
    total += int(row.sum())
print(total)
print([float(v) for v in a[:, 1]])
print(len(a), a.shape[1])
