import numpy as np
def inner(a, b=0, scale=1):
    return (a + b) * scale
def wrapper(*args, **kwargs):
    print('args', args, 'kwargs', kwargs)
    return inner(*args, **kwargs)
print(wrapper(1))
print(wrapper(1, 2))
print(wrapper(1, b=5, scale=3))
