import numpy as np
x = np.array([np.nan, np.inf, -np.inf, 1.5])
print(np.nan_to_num(x), x)
print(repr(np.nan_to_num(x.astype(np.float32))), repr(np.nan_to_num(x.astype(np.float16))))
print(np.nan_to_num(x, nan=-9999, posinf=33.0), np.nan_to_num(x, nan=1, posinf=2, neginf=-3))
print(repr(np.nan_to_num([1, 2])), repr(np.nan_to_num([[np.nan, 1]])), repr(np.nan_to_num(np.array([True, False]))))
print(repr(np.nan_to_num(np.array([[complex(np.inf, np.nan)], [complex(-np.inf, 1)]], dtype=np.complex64))))
y = np.nan_to_num(x, copy=False)
print(y is x, x)
z = np.array([[np.nan, 2.0], [np.inf, 0]])
print(np.nan_to_num(z[:, 0], copy=False), z)
# isposinf / isneginf, out=
v = [1, np.inf, -np.inf, np.nan, -0.0]
print(np.isposinf(v), np.isneginf(v))
print(np.isneginf(np.array([[np.inf, -np.inf]], dtype=np.float32)), np.isposinf([1, 2]))
o = np.zeros(5, dtype=bool)
r = np.isneginf(v, out=o)
print(r is o, o)
