import numpy as np
print(repr(np.real_if_close(np.array([1 + np.nan * 1j, 2]))), repr(np.real_if_close(np.zeros(0, complex))))
print(repr(np.real_if_close(np.array([[1 + 1e-15j, 2 - 3e-14j], [0j, -1e-14j]]))))
print(repr(np.real_if_close(np.array([1 + 1e-6j], np.complex64), tol=1e7)), repr(np.real_if_close(np.array([1 + 1e-6j]), tol=1e-5)))
x = np.array([1 + 2e-14j, 3 + 0j, 5 - 1e-13j])[::2]
print(repr(np.real_if_close(x)), repr(np.real_if_close(x, tol=1000)), repr(np.real_if_close(np.complex128(2 + 0j))))
print(repr(np.real_if_close(np.array([1 + np.inf * 1j]))), repr(np.real_if_close([1 + 0j, 2 + 0j])))
