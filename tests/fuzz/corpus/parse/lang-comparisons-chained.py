import numpy as np
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0)
x = 5
print(0 <= x < 10, 0 < x <= 4, 1 < x != 5)
print(1 == 1.0 == True, 2 == 2 != 3)
calls = []
def f(v):
    calls.append(v)
    return v
print(f(1) < f(0) < f(2))
print(calls)
a = None
print(a is None, a is not None, 'b' in 'abc', 4 not in [1, 2, 3])
print([1, 2] == [1, 2], [1, 2] < [1, 3], (1, 2) < (1, 2, 0))
print('a' < 'B', 'abc' > 'abd')
