# cells: skip-gpu NumPy's flags object (CuPy's has no such keys)
import numpy as np
a = np.arange(6.0)
b = a.reshape(2, 3)
keys = ['C_CONTIGUOUS', 'F_CONTIGUOUS', 'WRITEABLE', 'C', 'F', 'W', 'CONTIGUOUS', 'FORTRAN', 'A', 'ALIGNED',
        'X', 'WRITEBACKIFCOPY', 'FNC', 'FORC', 'B', 'BEHAVED', 'CA', 'CARRAY', 'FA', 'FARRAY']
for k in keys:
    print(k, a.flags[k], b.T.flags[k], b[:, 1].flags[k], b[0].flags[k])
c = np.zeros(3)
print(c.flags['OWNDATA'], c.flags['O'])
r = np.broadcast_to(np.arange(3), (2, 3))
print(r.flags['WRITEABLE'], r.flags['W'], r.flags['B'], r.flags['CA'], r.flags['FA'])
for k in ['c_contiguous', 'Q', 0]:
    try:
        a.flags[k]
    except KeyError as e:
        print('KeyError:', e)
# cov / corrcoef scale by 1/fact as NumPy does
print(np.cov([1, 2, 3, 4]), np.cov([1, 2, 3, 4], bias=True), np.cov([1, 2, 3, 4, 9], ddof=2))
print(np.cov([[1, 2, 3, 4], [2, 3, 1, 7.5]]))
print(np.cov([0.1, 0.7, 0.3], [0.2, 0.4, 1.1]))
print(np.corrcoef([[1, 2, 3, 4], [2, 3, 1, 7.5], [0.1, 0.3, 0.2, 0.7]]))
a.flags['XYZ']
