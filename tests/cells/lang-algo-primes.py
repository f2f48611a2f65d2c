import numpy as np
def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
    return [i for i in range(n + 1) if is_p[i]]
p = sieve(100)
print(p)
print(len(sieve(10000)), sum(p))
