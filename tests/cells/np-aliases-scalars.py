# NumPy aliases are one object (np.conj is np.conjugate ...); np.real/np.imag of Python numbers; atleast_1d(x) is x
import numpy as np
print(np.conj is np.conjugate, np.bitwise_not is np.invert, np.abs is np.absolute, np.pow is np.power, np.mod is np.remainder, np.true_divide is np.divide)
print(np.abs, np.conj, np.permute_dims(np.ones((2, 3))).shape, np.concat([[1], [2]]))
print(np.real(1 + 1j), np.imag(1 + 1j), np.real(3), np.imag(2.5), np.real([1 + 2j]), np.imag(np.float32(2)))
x = np.array([1.0, 2.0])
print(np.atleast_1d(x) is x, np.atleast_2d(np.ones((2, 2))).shape, np.atleast_1d(1.0))
print(repr(np.real(1 + 1j)), repr(np.imag(1 + 1j)), repr(np.real(True)), repr(np.imag(3)))
