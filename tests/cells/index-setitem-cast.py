import numpy as np
def show(f):
    try:
        r = f()
        print(repr(r))
    except IndexError as e:
        print('IndexError:', e)
    except ValueError as e:
        print('ValueError:', e)
    except TypeError as e:
        print('TypeError:', e)

a = np.zeros(3, dtype=np.uint8)
a[0] = 255
a[1] = 7.9
print(a)
b = np.zeros(3, dtype=bool)
b[1] = 5
print(b)
c = np.zeros(2, dtype=complex)
c[0] = 1 + 2j
c[1] = 3
print(c)
f = np.zeros(3)
f[:] = np.array([1, 2, 3], dtype=np.int8)
print(f)
def g():
    a[0] = 300
try:
    g()
except OverflowError as e:
    print('OverflowError:', e)
