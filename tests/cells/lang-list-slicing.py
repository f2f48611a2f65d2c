import numpy as np
a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[:-7], a[::2], a[1::3], a[::-1], a[8:2:-2])
print(a[100:], a[-100:2], a[5:2], a[:])
print(a[-1], a[0], a[len(a) - 1])
s = a[2:4]
s[0] = 'changed'
print(a[2], s)
