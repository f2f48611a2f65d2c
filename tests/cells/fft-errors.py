import numpy as np
try:
    np.fft.fft(np.ones(4), n=0)
except ValueError as e:
    print("ValueError:", e)
try:
    np.fft.irfft(np.ones(1))
except ValueError as e:
    print("ValueError:", e)
try:
    np.fft.fftfreq(4.5)
except ValueError as e:
    print("ValueError:", e)
np.fft.fft(np.ones(4), norm="x")
