import numpy as np
f = np.array([-1.7, -0.5, 0.5, 1.5, 2.9, 300.0])
print(f.astype(np.int64), f.astype(np.int8), f.astype(np.uint8), f.astype(bool), f.astype(np.float16))
i = np.array([-1, 0, 1, 255, 256])
print(i.astype(np.uint8), i.astype(np.int8), i.astype(bool), i.astype(np.float32), i.astype(np.complex64))
c = np.array([1.5 + 2j, -3j])
print(c.astype(np.float64) if False else c.real, c.astype(np.complex64), np.array([True, False]).astype(int))
print(np.array([np.nan, np.inf]).astype(np.float32), np.array([1e40]).astype(np.float32), np.array([70000.0]).astype(np.float16))
a = np.arange(3)
print(a.astype(np.int64, copy=False) is a, a.astype(np.int32).dtype)
try:
    a.astype(np.int8, casting='safe')
except TypeError as e:
    print('TypeError:', e)
