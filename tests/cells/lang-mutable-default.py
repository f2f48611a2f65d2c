import numpy as np
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
def safe(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(safe(1), safe(2))
