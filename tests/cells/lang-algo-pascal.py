import numpy as np
row = [1]
for n in range(8):
    print(' '.join([str(v) for v in row]).center(30).rstrip())
    row = [1] + [row[i] + row[i + 1] for i in range(len(row) - 1)] + [1]
