# np.round / np.around / ndarray.round of complex arrays with decimals: NumPy
# rounds the real and imaginary parts each as a real array (multiply by
# 10**d, rint, divide), into a copy or out=.
import numpy as np
np.random.seed(4)
z = (np.random.randn(20) * 100 + 1j * np.random.randn(20) * 10)
for v in [z, z.astype(np.complex64), z[::3], z.reshape(4, 5).T]:
    for d in [0, 1, 2, 3, -1, -2, 7]:
        print(d, repr(np.round(v, d)))
    print(repr(v.round(2)), repr(np.around(v, decimals=1)))
print(repr(np.round(np.complex128(1.2345 + 2.3456j), 2)), repr(np.round(np.array(2.5 - 3.55j), 1)))
o = np.zeros(20, np.complex128)
r = np.round(z, 2, out=o)
print(r is o, repr(o[:3]))
print(repr(np.round(np.array([np.nan + 1.005j, np.inf - 2.675j, 0.125 + 0.375j, -0.5 - 1.5j]), 2)))
print(repr(np.round(np.array([0.125 + 0.375j, 2.5 - 3.5j], np.complex64), 0)), repr(np.round(z.astype(np.complex64), 3)[:4]))
