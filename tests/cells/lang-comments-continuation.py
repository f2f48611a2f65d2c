import numpy as np
# a comment line
x = 1 + \
    2  # backslash continuation
y = (1 +
     2 +
     3)  # implicit joining inside brackets
z = [1,
     2,   # comment inside brackets
     3]
d = {'a': 1,
     'b': 2}
print(x, y, z, d)
a = 1; b = 2; c = a + b
print(a, b, c);
print(sum([
    10,
    20,
]))
