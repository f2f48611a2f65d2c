# nan_to_num / isposinf / isneginf of Python and NumPy scalars return NumPy scalars
import numpy as np
v = [1, np.inf, -np.inf, np.nan, -0.0]
print(repr(np.nan_to_num(np.nan)), repr(np.nan_to_num(3)), repr(np.nan_to_num(np.float32('-inf'))))
print(repr(np.nan_to_num(complex(np.nan, np.inf))))
print(repr(np.isposinf(np.inf)), repr(np.isneginf(-np.inf)), repr(np.isneginf(v[2])))
