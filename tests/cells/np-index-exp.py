# np.s_ and np.index_exp
import numpy as np
print(np.s_[2::2], np.index_exp[2::2], np.s_[1, ...], np.index_exp[1, :], np.s_[3])
a = np.arange(10)
print(a[np.s_[2::2]], a[np.index_exp[:3]], np.delete(a, np.s_[::3]))
