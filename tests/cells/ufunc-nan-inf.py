import numpy as np
f = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0])
print(np.isnan(f), np.isinf(f), np.isfinite(f), np.signbit(f))
print(f + 1, f * 0, f - f, np.sqrt(f), np.log(np.abs(f)))
print(np.isnan(np.array([1, 2])), np.isfinite(np.array([True])), np.isinf(np.array([1 + 1j, complex(np.inf, 0)])))
print(np.floor(f), np.sign(f), np.abs(f))
