# cells: skip-gpu device results are C-ordered (engine/ufunc/ufunc.h, uf_new_result)
# np.where on the host lays its result out as its operands are (NumPy's
# order='K'): transposed operands give an F-ordered result.
import numpy as np
x = np.arange(12.).reshape(3, 4)
m = x % 3 == 0
print(np.where(m.T, x.T, 0).strides, np.where(m, x, 0).strides, np.where(m.T, x.T, x.T).flags.f_contiguous)
print(np.where(m.T, x.T, 0.5).strides, np.where(m, x.T.T, x).strides)
