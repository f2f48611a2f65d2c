import numpy as np
x = 'outer'
lst = [x for x in range(3)]
print(lst, x)
n = 10
print([n + i for i in range(3)])
def f(k):
    return [k * i for i in range(4)]
print(f(3))
