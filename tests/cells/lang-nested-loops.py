import numpy as np
for i in range(1, 4):
    row = []
    for j in range(1, 4):
        row.append(i * j)
    print(row)
found = None
for i in range(10):
    for j in range(10):
        if i * j == 42:
            found = (i, j)
            break
    if found:
        break
print(found)
pairs = 0
for a in range(5):
    for b in range(a):
        if (a + b) % 2:
            continue
        pairs += 1
print(pairs)
