# a.flags['WRITEABLE'] = ... and a.flags.writeable = ...: the array's flag, NumPy's errors
import numpy as np
a = np.arange(3)
for k in ['C_CONTIGUOUS', 'OWNDATA', 'ALIGNED', 'WRITEBACKIFCOPY', 'XX']:
    try:
        a.flags[k] = True
    except Exception as e:
        print(k, type(e).__name__, e)
try:
    a.flags.c_contiguous = True
except Exception as e:
    print(type(e).__name__, e)
a.flags.writeable = False
print(a.flags.writeable, a.flags['W'])
try:
    a[0] = 1
except Exception as e:
    print(type(e).__name__, e)
a.flags['W'] = True
a[0] = 5
print(a)
b = np.broadcast_to(a, (2, 3))
try:
    b.flags.writeable = True
except Exception as e:
    print(type(e).__name__, e)
c = np.copy(a)
c.flags["WRITEABLE"] = False
try:
    c += 1
except ValueError as e:
    print(type(e).__name__, e)
print(np.copy(c).flags['WRITEABLE'])
