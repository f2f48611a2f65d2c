import numpy as np
seen = {}
out = []
for x in [3, 1, 3, 2, 1, 5]:
    if x not in seen:
        seen[x] = True
        out.append(x)
print(out)
pairs = [(i, j) for i in range(4) for j in range(4) if i < j and (i + j) % 2]
print(pairs, len(pairs))
