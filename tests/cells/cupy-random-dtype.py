# cp.random's dtype= keyword (normal, uniform, random, standard_normal): the arrays have that dtype
import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = None
if cp is not None:
    r = [cp.random.normal(size=(4,), dtype=cp.float32), cp.random.normal(0, 1, 3, dtype="f4"),
         cp.random.uniform(size=2, dtype=cp.float32), cp.random.standard_normal(2, dtype=cp.float32),
         cp.random.random(3, dtype=cp.float32), cp.random.normal(size=2)]
    print([str(a.dtype) for a in r], [a.shape for a in r])
else:
    print(['float32'] * 5 + ['float64'], [(4,), (3,), (2,), (2,), (3,), (2,)])
