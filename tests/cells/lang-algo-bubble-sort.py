import numpy as np
def bubble(a):
    a = list(a)
    n = len(a)
    swaps = 0
    for i in range(n):
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swaps += 1
    return a, swaps
print(bubble([5, 1, 4, 2, 8, 0, 2]))
print(bubble('lumen'))
