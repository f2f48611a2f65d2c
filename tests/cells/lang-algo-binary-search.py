import numpy as np
def bsearch(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
a = [1, 3, 3, 5, 8, 13, 21]
for x in [0, 3, 4, 21, 22]:
    print(x, bsearch(a, x))
