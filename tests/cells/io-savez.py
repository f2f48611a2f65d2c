import numpy as np
a = np.arange(4)
b = np.eye(2)
np.savez('z.npz', a, b, w=np.array([1.5, 2.5]))
d = np.load('z.npz')
print(sorted(d.keys()) if hasattr(d, 'keys') else d.files)
print(d['arr_0'])
print(d['arr_1'])
print(d['w'])
