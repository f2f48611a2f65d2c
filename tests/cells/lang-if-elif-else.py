import numpy as np
def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    else:
        return 'large'
for n in [-5, 0, 3, 10, 100]:
    print(n, classify(n))
x = 3
if x > 1:
    if x > 2:
        print('x > 2')
    else:
        print('1 < x <= 2')
if x: print('one-line if')
