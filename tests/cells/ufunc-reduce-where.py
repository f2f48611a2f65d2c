# ufunc.reduce(where=) of ufuncs without a reduction function of their own
import numpy as np
a = np.arange(1, 13).reshape(3, 4)
f = np.array([[1.0, np.nan, 3.0, -2.0], [np.nan, np.nan, 5.0, 0.5]])
m = [True, False, True, True]
def t(fn):
    try:
        print(repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
t(lambda: np.bitwise_or.reduce(a, axis=1, where=m))
t(lambda: np.bitwise_and.reduce(a, axis=0, where=[[True], [False], [True]]))
t(lambda: np.bitwise_xor.reduce(a, axis=None, where=m, keepdims=True))
t(lambda: np.fmax.reduce(f, axis=1, where=m))
t(lambda: np.fmax.reduce(f, axis=1, where=m, initial=-10))
t(lambda: np.fmin.reduce(f, axis=0, where=[[True, True, False, True], [False, True, True, True]], initial=99))
t(lambda: np.subtract.reduce(a, axis=1, where=m))
t(lambda: np.subtract.reduce(a, axis=1, where=m, initial=0))
t(lambda: np.logical_xor.reduce(a, axis=1, where=m))
t(lambda: np.bitwise_or.reduce(a, axis=1, where=np.array([1, 0, 1, 1])))
t(lambda: np.bitwise_or.reduce(a, axis=1, where=[True, False]))
t(lambda: np.fmax.reduce(f, axis=1, where=m, initial=-10, out=np.zeros(2)))
t(lambda: np.fmax.reduce(f, where=False, initial=-10))
