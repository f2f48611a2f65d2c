# gaps found by running NumPy's user guide (doc/source/user/*.rst) as a corpus:
# np.typecodes, tobytes of string and record arrays, the ufunc casting
# error's class name
import numpy as np
print(np.typecodes['All'], np.typecodes['AllFloat'], sorted(np.typecodes))
print(np.array(["hello", "world"], dtype="S7").tobytes())
print(np.array(["hello", "world"], dtype="S7")[::-1].tobytes())
print(np.array(["ab"], dtype="U3").tobytes())
print(np.array([(1, 2.5)], dtype=[("a", "<i2"), ("b", "<f4")]).tobytes())
a = np.ones(3, dtype=np.int64)
try:
    a += np.ones(3)
except TypeError as e:
    print(type(e).__name__, isinstance(e, TypeError), e)
try:
    np.add(np.ones(2), 1, out=np.zeros(2, dtype=np.int32))
except TypeError as e:
    print(type(e).__name__, e)
