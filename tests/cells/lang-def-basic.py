import numpy as np
def add(a, b):
    """Add two things."""
    return a + b
def nothing():
    pass
def early(x):
    if x > 0:
        return 'pos'
    return
print(add(2, 3), add('a', 'b'), add([1], [2]))
print(nothing(), early(1), early(-1))
print(callable(add), add.__name__)
f = add
print(f(10, 20))
