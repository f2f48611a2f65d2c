import numpy as np
def positive(x):
    assert x > 0, f'x must be positive, got {x}'
    return x
print(positive(2))
positive(-3)
