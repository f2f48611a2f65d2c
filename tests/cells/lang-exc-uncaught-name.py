import numpy as np
x = 1
print(x)
print(y)
