import numpy as np
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print('RecursionError caught')
def g(n):
    return 0 if n == 0 else 1 + g(n - 1)
print(g(500))
