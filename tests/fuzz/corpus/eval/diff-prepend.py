# np.diff with prepend= / append=
import numpy as np
a = np.array([1, 4, 9, 16])
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
t(lambda: np.diff(a, prepend=0))
t(lambda: np.diff(a, append=100))
t(lambda: np.diff(a, prepend=[0, 0], append=[20.5]))
t(lambda: np.diff(a, n=2, prepend=0, append=0))
b = np.arange(12).reshape(3, 4)
t(lambda: np.diff(b, axis=0, prepend=0))
t(lambda: np.diff(b, axis=1, append=[[1], [2], [3]]))
t(lambda: np.diff(b, axis=0, prepend=b[:1]))
t(lambda: np.diff(b, axis=0, prepend=[1, 2]))
t(lambda: np.diff(b, axis=1, prepend=np.zeros((3, 1), np.int8)))
t(lambda: np.diff(b, axis=-1, prepend=[[1, 2, 3, 4]]))
t(lambda: np.diff(np.array([True, False]), prepend=True))
t(lambda: np.diff(np.array([1.5, 2.5]), prepend=np.float32(1)))
t(lambda: np.diff(np.array([], float), prepend=1, append=2))
t(lambda: np.diff(a, n=0, prepend=7))
t(lambda: np.diff([1, 5], n=0))
t(lambda: np.diff(a, n=-1, prepend=0))
t(lambda: np.diff(np.array(3), prepend=0))
t(lambda: np.diff(a, axis=1, prepend=0))
