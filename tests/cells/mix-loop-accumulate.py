import numpy as np
acc = np.zeros(3)
for i in range(5):
    acc += np.array([i, i * i, 1])
print(acc)
rows = []
for k in range(3):
    rows.append(np.full(2, k))
print(np.vstack(rows))
