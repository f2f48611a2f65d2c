import numpy as np
def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError as e:
        print('caught:', e)
        return None
print(safe_div(1, 2), safe_div(1, 0))
try:
    x = 5 // 0
except ZeroDivisionError:
    x = -1
print(x)
