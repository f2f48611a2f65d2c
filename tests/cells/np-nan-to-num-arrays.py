# nan_to_num with arrays of replacement values (broadcast as NumPy's copyto), real and complex
import numpy as np
x = np.array([np.inf, -np.inf, np.nan, -128, 128])
nan = np.array([11, 12, -9999, 13, 14])
posinf = np.array([33333333, 11, 12, 13, 14])
neginf = np.array([33333333, 11, 12, 13, 14])
print(np.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf))
y = np.array([complex(np.inf, np.nan), np.nan, complex(np.nan, np.inf)])
nan = np.array([11, 12, 13])
posinf = np.array([21, 22, 23])
neginf = np.array([31, 32, 33])
print(np.nan_to_num(y, nan=nan, posinf=posinf, neginf=neginf), np.nan_to_num(x, nan=[1, 2, 3, 4, 5]))
