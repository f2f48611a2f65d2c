import numpy as np
a = b = c = 5
print(a, b, c)
a, b = 1, 2
a, b = b, a
print(a, b)
x, (y, z) = 1, (2, 3)
print(x, y, z)
(p, q), r = [4, 5], 6
print(p, q, r)
first, second = 'hi'
print(first, second)
i, j, k = range(3)
print(i, j, k)
t = 1, 2, 3
print(t)
u, = [9]
print(u)
m = n = []
m.append(1)
print(n)
