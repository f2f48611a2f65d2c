# cp.ElementwiseKernel: a parameter may be named n (and i declared in a loop of the body);
# _ind.size() is the element count, i the element's index (as in the CuPy documentation's examples)
import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = None
if cp is not None:
    intpow = cp.ElementwiseKernel("float64 x, int64 n", "float64 out", '''
        out = 1.0;
        for (int i = 0;  i < n;  i++) {
            out *= x;
        }
    ''', "intpow")
    print(cp.asnumpy(intpow(cp.arange(5, dtype=cp.float64), 3)))
    rev = cp.ElementwiseKernel('T x, raw T y', 'T z', 'z = x + y[_ind.size() - i - 1]', 'element_sum')
    print(cp.asnumpy(rev(cp.array([1, 2, 3], dtype=cp.float32), cp.array([4, 5, 6], dtype=cp.float32))))
else:
    print(np.arange(5, dtype=np.float64) ** 3)
    print(np.array([1, 2, 3], dtype=np.float32) + np.array([6, 5, 4], dtype=np.float32))
