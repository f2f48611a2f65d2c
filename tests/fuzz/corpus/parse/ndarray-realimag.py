import numpy as np
c = np.array([1 + 2j, 3 - 4j])
print(c.real, c.imag, c.real.dtype, np.arange(3).real, np.arange(3).imag, np.float32(2).imag)
c.real = 0
print(c)
c.imag *= 2
print(c)
z = np.array([1 + 1j], dtype=np.complex64)
print(z.real.dtype, z.imag.strides, np.real(2 + 3j), np.imag(np.array(1.5)))
