import numpy as np
def total(*args):
    print(type(args).__name__, len(args))
    return sum(args)
print(total(), total(1), total(1, 2, 3))
def head(first, *rest):
    return first, rest
print(head(1), head(1, 2, 3))
def mean(*xs):
    return sum(xs) / len(xs)
print(mean(1, 2, 3, 4))
