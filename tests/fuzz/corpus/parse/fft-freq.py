import numpy as np
print(np.fft.fftfreq(5, 0.1))
print(np.fft.fftfreq(4))
print(np.fft.fftfreq(8, d=0.5))
print(np.fft.rfftfreq(5))
print(np.fft.rfftfreq(8, d=1 / 8))
print(repr(np.fft.fftfreq(1)))
