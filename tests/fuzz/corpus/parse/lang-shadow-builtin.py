import numpy as np
def f(values):
    max = 0
    for v in values:
        if v > max:
            max = v
    return max
print(f([3, 9, 2]), max([3, 9, 2]))
sum_ = sum([1, 2])
print(sum_)
list_of = list('ab')
print(list_of)
