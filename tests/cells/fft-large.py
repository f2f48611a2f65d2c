import numpy as np
x = np.ones(1 << 16)
X = np.fft.fft(x)
print(X[0], np.abs(X[1:]).max() < 1e-9)
y = np.fft.ifft(X)
print(np.allclose(y, 1.0))
z = np.fft.rfft(np.arange(1000.0))
print(z.shape, np.round(z[0].real, 6))
