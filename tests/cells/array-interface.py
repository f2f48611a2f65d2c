# cells: skip-gpu CuPy arrays export __cuda_array_interface__ instead (cell cuda-array-interface)
# __array_interface__ (version 3), the dict other libraries read a NumPy array's memory through
import numpy as np
a = np.arange(6.).reshape(2, 3)
d = a.__array_interface__
print(list(d), d["typestr"], d["shape"], d["strides"], d["descr"], d["version"], d["data"][1])
print(a.T.__array_interface__["strides"], a[:, 1].__array_interface__["shape"])
print(np.zeros(2, np.bool_).__array_interface__["typestr"], np.zeros(2, np.complex64).__array_interface__["descr"])
print(a[1:].__array_interface__["data"][0] - d["data"][0])
b = np.ones(3)
b.flags.writeable = False
print(b.__array_interface__["data"][1])
print(hasattr(a, "__cuda_array_interface__"))
