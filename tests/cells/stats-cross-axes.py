# cells: skip-gpu cp.cross is CuPy's: 2-vectors still allowed (NumPy 2 refuses them), its own error texts
# cross with axisa/axisb/axisc (axis overrides all three): the vector axes moved
# last, the result's vector axis moved to axisc; NumPy's prefixed AxisErrors
import numpy as np
a = np.arange(12.).reshape(3,4); b = np.arange(12., 0, -1).reshape(4,3)
print(np.__version__ >= "2")
def t(*args, **kw):
    try: r = np.cross(*args, **kw); print(r.shape, r)
    except Exception as e: print(type(e).__name__, e)
t(a, b, axisa=0)
t(a, b, axisa=0, axisc=0)
t(a, b.T, axisa=0, axisb=0)
t(a, b.T, axisa=0, axisb=0, axisc=1)
t(a, b.T, axisa=0, axisb=0, axisc=-2)
t(a, b, axisa=0, axisc=2)
t(a, b, axisa=2)
t(a, b, axisb=-3)
t(a, b, axisa=0, axis=1)
t(a, b, axis=0)
t(a[:2], b[:, :2], axisa=0, axisc=5)
t(np.ones((2,3,5)), np.ones((3,)), axisa=1, axisc=0)
t(np.ones((2,3,5)), np.ones((3,)), axisa=1, axisc=1)
t(np.arange(6).reshape(2,3), [1,2,3], axisc=0)
t(3, [1,2,3])
t([1,2,3], np.ones((0,3)), axisc=0)
t([1,2], [[3,4],[5,6]], axisb=0)
t([1,2,3], [4,5,6], axisc=-1)
t([1j,2,3], [4,5,6], axisa=0, axisb=-1, axisc=0)
