# isinstance(x, np.dtype) (np.dtype is a function in Lumen, a class in NumPy), and
# np.dtype in PEP 604 unions and tuples; non-types keep CPython's message.
import numpy as np
print(np.dtype | int, int | np.dtype | None)
print(isinstance(np.dtype('i4'), int | np.dtype), isinstance(np.int32, np.dtype | None))
try:
    isinstance(3, 4)
except TypeError as e:
    print(e)
try:
    isinstance(3, np.zeros)
except TypeError as e:
    print(e)
x = np.arange(3)
print(isinstance(x.dtype, np.dtype), isinstance(x.dtype, (list, np.dtype)), isinstance(np.float64, np.dtype))
print(isinstance(x, np.ndarray | list), isinstance([1], np.ndarray | list), isinstance((1,), np.ndarray | list))
