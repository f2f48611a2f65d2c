# astype(order='K') is NumPy's default: the result keeps the source's memory
# order (a transpose casts to an F-ordered array, a permuted view to the
# same permutation, reversed axes come out with positive strides, a
# broadcast axis innermost).  'A' is F only for an F- but not C-contiguous
# source; copy=False keeps the array only when its layout fits order.
# ndarray.copy takes the same four orders (default 'C').
import numpy as np

a = np.arange(24.).reshape(2, 3, 4)
views = [a, a.T, a.transpose(1, 0, 2), a[:, ::-1, ::2], a[::-1], a[:, :1, :].transpose(2, 1, 0),
         a.T.copy().T, a[:, 1:2], np.broadcast_to(a[:, :1], (2, 3, 4)), a[:, :, 1], a[0, 0],
         a.T[::2], a[..., None].transpose(3, 2, 0, 1), a.transpose(2, 0, 1)[:, ::-1]]
for v in views:
    print(v.shape, v.strides)
    for o in 'KACF':
        r = v.astype(np.float32, order=o)
        print(' astype', o, r.strides, r.flags.c_contiguous, r.flags.f_contiguous, bool((r == v).all()))
    for o in 'KACF':
        r = v.copy(order=o)
        print(' copy', o, r.strides, r.flags.c_contiguous, r.flags.f_contiguous, bool((r == v).all()))
    for o in 'KACF':
        r = v.astype(v.dtype, order=o, copy=False)
        print(' copy=False', o, r.strides, np.shares_memory(r, v))

# the values survive each layout, casts included
m = np.arange(12, dtype=np.int64).reshape(3, 4) * 7 - 30
print(m.T.astype(np.float32))
print(m[:, ::-2].astype(np.int8, order='F'))
print(m.T.astype(np.complex128).strides, m.T.astype(np.bool_).strides)
print(m.T.astype(np.float64, order='A').flags.f_contiguous, m.T.copy().flags.c_contiguous)
print(m.T.astype(np.float64) + 1)

# order accepts either case; anything else is an error
print(m.T.astype(int, order='c').strides, m.T.copy(order='f').strides)
for o in ('x', 'CC', '', 1):
    for f in (lambda: m.T.astype(int, order=o), lambda: m.T.copy(order=o)):
        try:
            f()
        except Exception as e:
            print(type(e).__name__, e)

# np.copy defaults to order='K' as well
for v in (m, m.T, m[:, ::-1], m[::2].T):
    print([np.copy(v, order=o).strides for o in ('K', 'A', 'C', 'F')], np.copy(v).flags.f_contiguous)
try:
    np.copy(m, order='Z')
except ValueError as e:
    print(e)
