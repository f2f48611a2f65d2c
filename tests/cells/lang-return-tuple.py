import numpy as np
def stats(xs):
    n = len(xs)
    m = sum(xs) / n
    v = sum([(x - m) ** 2 for x in xs]) / n
    return n, m, v
n, m, v = stats([1, 2, 3, 4])
print(n, m, v)
r = stats([2, 2])
print(r, r[1])
def minmax(xs):
    return min(xs), max(xs)
lo, hi = minmax([5, -1, 3])
print(lo, hi)
