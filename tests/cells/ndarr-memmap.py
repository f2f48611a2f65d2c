# np.memmap: modes w+, r, c, r+, offset, shape None, order F, flush, views stay memmaps,
# ufunc results are plain arrays, and NumPy's errors for bad modes and sizes
# cells: skip-gpu cupy has no memmap
import os
import tempfile
import numpy as np

fn = os.path.join(tempfile.mkdtemp(), 'mm.dat')
fp = np.memmap(fn, dtype='int16', mode='w+', shape=(2, 3))
fp[:] = np.arange(6).reshape(2, 3)
print(fp)
print(repr(fp[1]))
print(repr(fp + 1))
print(fp.mode, fp.offset, fp.filename == os.path.abspath(fn), fp.shape, fp.dtype)
fp.flush()
del fp
r = np.memmap(fn, dtype='int16', mode='r')
print(repr(r), r.flags.writeable)
try:
    r[0] = 5
except ValueError as e:
    print('ValueError', e)
c = np.memmap(fn, dtype='int16', mode='c', shape=(2, 3), order='F')
c[0, 0] = 99
print(repr(c), c.flags.writeable, c.flags.f_contiguous)
print(repr(np.memmap(fn, dtype='int16', mode='r', shape=(2, 3))))
o = np.memmap(fn, dtype='int16', mode='r', offset=4)
print(repr(o), o.offset)
for bad in [dict(mode='x'), dict(mode='w+'), dict(dtype='int32', mode='r'), dict(mode='r', shape=(100,))]:
    try:
        np.memmap(fn, **bad)
    except ValueError as e:
        print('ValueError', e)
try:
    np.memmap(fn + '.missing', mode='r')
except FileNotFoundError as e:
    print('FileNotFoundError', str(e).replace(fn, 'FN'))
print(hasattr(np.arange(3), 'flush'), hasattr(np.arange(3), 'filename'))
r2 = np.memmap(fn, dtype='int16', mode='r+', shape=(4,), offset=2)
r2[:] = 7
r2.flush()
with open(fn, 'rb') as f:
    print(f.read())
big = np.memmap(fn, dtype='int16', mode='r+', shape=(8,))
print(os.path.getsize(fn), big[-2:])
os.remove(fn)
