# ndarray.resize in place: C and Fortran order, growth zero-filled, refcheck, views, non-contiguous
import numpy as np
a = np.array([[0, 1], [2, 3]], order='C')
a.resize((2, 1))
print(a)
a = np.array([[0, 1], [2, 3]], order='F')
a.resize((2, 1))
print(a, a.flags.f_contiguous)
b = np.array([[0, 1], [2, 3]])
b.resize(2, 3)
print(b)
c = a
try:
    a.resize((1, 1))
except ValueError as e:
    print(e)
a.resize((1, 1), refcheck=False)
print(a, c, c is a)
v = np.arange(6)[::2]
try:
    v.resize(5)
except ValueError as e:
    print(e)
x = np.arange(4.0)
y = x[1:]
try:
    x.resize(2)
except ValueError as e:
    print(e)
z = np.ones(3)
z.resize(0)
print(z, z.shape)
z.resize(())
print(repr(z))
