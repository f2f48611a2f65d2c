# np.frombuffer of bytes is read-only and does not own its data, as NumPy's
import numpy as np
a = np.frombuffer(bytes(range(8)), dtype=np.uint8)
print(a.flags)
print(a.flags.writeable, a.flags['OWNDATA'], a.flags.c_contiguous)
def msg(f):
    try:
        return repr(f())
    except Exception as e:
        return f'{type(e).__name__}: {e}'
def iadd():
    global a
    a += 1
def setitem():
    a[0] = 1
print(msg(setitem))
print(msg(iadd))
print(msg(lambda: np.add(a, 1, out=a)))
print(msg(lambda: a.fill(3)))
print(msg(lambda: a.sort()))
print(a)
c = a.copy()
c += 1
print(c, c.flags.writeable, c.flags.owndata)
v = a[2:5]
print(v, v.flags.writeable, v.flags.owndata)
print(a + 1, (a * 2).flags.writeable)
a[1] = 5
