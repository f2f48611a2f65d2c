import numpy as np
for n in range(-1, 3):
    s = 'neg' if n < 0 else 'zero' if n == 0 else 'pos'
    print(n, s)
x = 7
print('even' if x % 2 == 0 else 'odd')
print([('big' if v > 2 else 'small') for v in [1, 3, 5]])
y = (lambda v: v * 2) if x > 3 else (lambda v: v)
print(y(4))
