import numpy as np
a = [3, 1, 2]
a.append(5); print(a)
a.extend([7, 8]); print(a)
a.insert(0, 'first'); print(a)
a.insert(-1, 'pen'); print(a)
print(a.pop(), a.pop(0), a)
a.remove(2); print(a)
print(a.index(5), a.count(1), [1, 1, 2].count(1))
b = a.copy(); b.append(99)
print(a, b)
c = [5, 2, 9, 1]
c.sort(); print(c)
c.sort(reverse=True); print(c)
c.sort(key=lambda v: v % 3); print(c)
c.reverse(); print(c)
c.clear(); print(c, len(c))
