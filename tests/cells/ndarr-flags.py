# a.flags: writeable/aligned set through flags.writeable, flags['W'], setflags; NumPy's errors for a
# read-only destination, a locked buffer, a read-only base, WRITEBACKIFCOPY; the flags object is a snapshot
# cells: skip-gpu CuPy flags are read-only (no writeable setting, no setflags)
import numpy as np
a = np.eye(3)
for f in [lambda: a.diagonal(), lambda: np.broadcast_to(a, (2, 3, 3)), lambda: np.frombuffer(b'abcd', dtype=np.uint8), lambda: np.arange(3)[1:]]:
    d = f()
    try:
        d.flags.writeable = True
        print('ok', d.flags.writeable)
    except Exception as e:
        print(type(e).__name__, e)
x = np.arange(3)
y = x[1:]
x.flags.writeable = False
try:
    y.flags.writeable = False
    y.flags.writeable = True
    print('ok')
except Exception as e:
    print(type(e).__name__, e)
print(x.flags.owndata, y.flags.owndata, np.arange(6).reshape(2, 3).flags.owndata, np.arange(3).copy().flags.owndata)
for k in ['c_contiguous', 'foo']:
    try:
        setattr(x.flags, k, False)
    except AttributeError as e:
        print('AttributeError', e)
try:
    x.flags['C'] = False
except KeyError as e:
    print('KeyError', e)
try:
    x[0] = 5
except ValueError as e:
    print('ValueError', e)
try:
    x += 1
except ValueError as e:
    print('ValueError', e)
try:
    x.fill(1)
except ValueError as e:
    print('ValueError', e)
try:
    np.add(x, 1, out=x)
except ValueError as e:
    print('ValueError', e)
z = np.zeros(4)
z.flags['W'] = False
print(z.flags['WRITEABLE'], z.flags.writeable)
z.setflags(write=1)
z[0] = 1
print(z)
z.setflags(write=0, align=0)
print(z.flags)
try:
    z.setflags(uic=1)
except ValueError as e:
    print('ValueError', e)
fl = z.flags
z.setflags(write=True, align=True)
print(fl.writeable, fl['ALIGNED'], fl.behaved, fl.carray, fl.farray, fl.fnc, fl.forc)
b = np.arange(4)
c = b[::2]
b.flags.writeable = False
print(c.flags.writeable)
try:
    c.flags.writeable = True
    print('set', c.flags.writeable)
except ValueError as e:
    print('ValueError', e)
