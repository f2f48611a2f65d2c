# The items an array hands out are NumPy scalars of the hierarchy (iteration,
# indexing; tolist() gives Python's numbers): isinstance(x, np.integer/np.floating).
# cells: skip-gpu iterating or indexing a cp array gives 0-d arrays, as CuPy's does: no np.generic there
import numpy as np
def kind(x):
    if isinstance(x, np.integer): return 'int'
    if isinstance(x, np.floating): return 'float'
    return 'other'
print([kind(v) for v in np.array([1, 2]).tolist()], [kind(v) for v in np.array([1., 2.])], kind(np.arange(3)[0]))
print(kind(np.float32(1.5)), [kind(v) for v in np.arange(2, dtype=np.uint8)], kind(np.ones((2, 2))[1, 1]))
