import numpy as np
# ufunc.reduce(where=) starts from the ufunc's identity (logaddexp's is
# -inf); ufuncs without one need initial=
x = np.array([1., 2., 3.])
none = np.array([False, False, False])
some = np.array([True, False, True])
print(np.logaddexp.identity, np.logaddexp2.identity, np.hypot.identity)
print(np.logaddexp.reduce(x, where=none), np.logaddexp2.reduce(x, where=none))
print(np.logaddexp.reduce(x, where=some), np.logaddexp2.reduce(x, where=some))
print(np.logaddexp.reduce(np.array([])), np.logaddexp2.reduce(np.array([], np.float32)))
print(np.logaddexp.reduce(np.array([[1., 2.], [3., 4.]]), axis=1, where=np.array([[True, False], [False, False]])))
print(np.hypot.reduce(x, where=some), np.hypot.reduce(x, where=none))
for f in [np.add, np.multiply, np.logical_and, np.logical_or, np.logical_xor, np.hypot]:
    print(f.__name__, f.identity, repr(f.reduce(x, where=none)), repr(f.reduce(x, where=some)))
xi = np.array([6, 3, 5])
for f in [np.bitwise_and, np.bitwise_or, np.bitwise_xor]:
    print(f.__name__, f.identity, repr(f.reduce(xi, where=none)), repr(f.reduce(xi, where=some)))
for f in [np.maximum, np.minimum, np.fmax, np.fmin, np.subtract, np.divide, np.power,
          np.arctan2, np.copysign]:
    try:
        f.reduce(x, where=some)
    except ValueError as e:
        print(f.__name__, f.identity, e)
    print(f.__name__, repr(f.reduce(x, where=some, initial=0.5)))
print(np.maximum.reduce(x, where=none, initial=-7.0))
print(np.max(x, where=some, initial=-1), np.min(x, where=some, initial=10))
try:
    np.max(x, where=some)
except ValueError as e:
    print(e)
