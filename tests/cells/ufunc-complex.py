import numpy as np
z = np.array([1 + 2j, -3 + 0.5j, 0j, 2 - 2j])
w = np.array([2 - 1j, 1j, 1 + 1j, -1 + 0j])
print(z + w, z - w, z * w, z / w, sep='\n')
print(np.abs(z), np.conj(z), np.real(z), np.imag(z), np.angle(z), sep='\n')
print(np.sqrt(z), np.exp(z), np.log(w), sep='\n')
print(z ** 2, np.square(z), np.sign(z), sep='\n')
print(z.astype(np.complex64) * 2, (z.astype(np.complex64) + 1.5).dtype, (np.float32(1) + 1j).dtype)
