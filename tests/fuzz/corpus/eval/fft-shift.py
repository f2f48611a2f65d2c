import numpy as np
print(np.fft.fftshift(np.arange(5)))
print(np.fft.fftshift(np.arange(6)))
print(np.fft.ifftshift(np.arange(5)))
print(np.fft.fftshift(np.arange(6).reshape(2, 3)))
print(np.fft.fftshift(np.arange(6).reshape(2, 3), axes=1))
print(np.fft.ifftshift(np.fft.fftshift(np.arange(7))))
print(np.fft.fftshift(np.fft.fftfreq(6)))
