# np.shares_memory / may_share_memory: NumPy's exact problem (bounded Diophantine search),
# max_work and numpy.exceptions.TooHardError; random views compared
import numpy as np
x = np.zeros((4, 4))
print(np.shares_memory(x[:, :2], x[:, 2:]), np.shares_memory(x[::2], x[1::2]), np.may_share_memory(x[:, :2], x[:, 2:]))
rng = np.random.default_rng(7)
base = np.zeros(400, dtype=np.int16)
res = []
for t in range(400):
    def view():
        a = base.reshape(20, 20) if rng.random() < 0.5 else base.reshape(8, 50)
        sl = []
        for n in a.shape:
            s = int(rng.integers(0, n))
            e = int(rng.integers(s + 1, n + 1))
            st = int(rng.integers(1, 4))
            sl.append(slice(s, e, st) if rng.random() < 0.7 else slice(e - 1, s - 1 if s else None, -st))
        v = a[tuple(sl)]
        if rng.random() < 0.3:
            v = v.T
        if rng.random() < 0.2 and v.ndim and v.strides[-1] == v.itemsize:
            v = v.view(np.int8)
        return v
    a, b = view(), view()
    res.append((np.shares_memory(a, b), np.may_share_memory(a, b)))
print(sum(r[0] for r in res), sum(r[1] for r in res))
print(''.join('1' if r[0] else '0' for r in res))
x = np.arange(10)
for mw in [0, -1, 1, 5]:
    try:
        print(mw, np.shares_memory(x, x[::2], max_work=mw), np.may_share_memory(x[:5], x[5:], max_work=mw))
    except np.exceptions.TooHardError as e:
        print(mw, type(e).__name__, e)
try:
    np.shares_memory(x, x, max_work=1.5)
except ValueError as e:
    print('ValueError', e)
print(issubclass(np.exceptions.TooHardError, RuntimeError))
from numpy.lib.stride_tricks import as_strided
x = np.zeros([192163377], dtype=np.int8)
x1 = as_strided(x, strides=(36674, 61119, 85569), shape=(1049, 1049, 1049))
x2 = as_strided(x[64023025:], strides=(12223, 12224, 1), shape=(1049, 1049, 1))
try:
    np.shares_memory(x1, x2, max_work=1000)
except np.exceptions.TooHardError as e:
    print('TooHardError', e)
