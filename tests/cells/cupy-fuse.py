# cp.fuse as a decorator (with and without parentheses, kernel_name=): the fused
# function computes what the function computes, on arrays and on scalars.
# CPython has no CuPy here: the fallback is CuPy 14.2's behaviour (its repr
# <Fusion 'name'> checked against CuPy on the GPU machine).
import numpy as np
try:
    from cupy import fuse
    import cupy as xp
except ImportError:
    xp = np

    class Fusion:
        def __init__(self, func, name=None):
            self.func = func
            self.name = name or func.__name__

        def __repr__(self):
            return "<Fusion '{}'>".format(self.name)

        def __call__(self, *args):
            return self.func(*args)

    def fuse(*args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]):
            return Fusion(args[0])
        return lambda f: Fusion(f, kwargs.get('kernel_name'))


@fuse()
def squared_diff(x, y):
    return (x - y) * (x - y)


@fuse
def scaled(x):
    return xp.sqrt(x) * 2 + 1


clip_diff = fuse(kernel_name='clip_diff')(lambda x, y: xp.maximum(x, y) - x)

a = xp.arange(6, dtype=xp.float64)
b = xp.arange(6)[::-1].astype(xp.float64)
print(squared_diff(a, b))
print(squared_diff(5, 2), squared_diff(1.5, 0.5))
print(scaled(a))
print(clip_diff(xp.arange(5), 2))
print(squared_diff, scaled, clip_diff)
print(squared_diff.name, clip_diff.name)
