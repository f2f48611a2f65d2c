import numpy as np
x = 5
print(-x, +x, ~x, not x, --x, -(-x), - - x)
y = -2.5
print(-y, abs(y), +y)
print(-True, +False, ~True)
print(-(3 + 4j))
print(not not 0)
