import numpy as np
n = 16
t = np.arange(n)
sig = np.sin(2 * np.pi * 2 * t / n) + 0.5 * np.cos(2 * np.pi * 5 * t / n)
spec = np.fft.rfft(sig)
mag = np.abs(spec) / n * 2
print(np.round(mag, 6))
print(np.argsort(mag)[-2:])
print(np.allclose(np.fft.irfft(spec, n), sig))
