import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.astype(np.float32), a.astype('f8').dtype, a.copy(), a.tolist(), a.item(3), a.item((1, 2)), a[0].tolist())
b = np.zeros(4)
b.fill(3)
print(b, np.array(2.5).item(), type(np.array(2).item()).__name__, np.array([[1.5]]).tolist())
print(a.clip(1, 4), a.round(), np.array([1.26, 2.5]).round(1), a.conj(), a.__len__())
c = a.copy()
c[0, 0] = 99
print(a[0, 0], c[0, 0])
try:
    a.item()
except ValueError as e:
    print('ValueError:', e)
try:
    a.item(6)
except IndexError as e:
    print('IndexError:', e)
