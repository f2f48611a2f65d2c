import numpy as np
def matmul(a, b):
    return [[sum([a[i][k] * b[k][j] for k in range(len(b))]) for j in range(len(b[0]))] for i in range(len(a))]
A = [[1, 2], [3, 4]]
B = [[5, 6], [7, 8]]
print(matmul(A, B))
I = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
print(I)
T = [list(r) for r in zip(*A)]
print(T)
