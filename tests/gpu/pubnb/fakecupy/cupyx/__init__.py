# fakecupy/cupyx — SciPy dressed as cupyx for run.py --host (see fakecupy/cupy)
import sys as _sys
import types as _types
import numpy as _np
from cupy import _dev


def _no(*a, **k):
    raise NotImplementedError("fakecupy (host mode): cupyx.jit needs a GPU")


class _Dim:
    x = y = z = 0


jit = _types.ModuleType("cupyx.jit")
jit.rawkernel = lambda *a, **k: (lambda f: _no)
jit.threadIdx = jit.blockIdx = jit.blockDim = jit.gridDim = _Dim()
jit.grid = jit.gridsize = jit.syncthreads = jit.shared_memory = _no
_sys.modules["cupyx.jit"] = jit


def scatter_add(a, slices, value):
    _np.add.at(a, slices, value)


def empty_pinned(shape, dtype=float, order="C"):
    return _np.empty(shape, dtype, order)


def zeros_pinned(shape, dtype=float, order="C"):
    return _np.zeros(shape, dtype, order)


def rsqrt(x):
    return _dev(1 / _np.sqrt(x))


def empty_like_pinned(a, dtype=None):
    return _np.empty_like(a, dtype)


def zeros_like_pinned(a, dtype=None):
    return _np.zeros_like(a, dtype)


from . import scipy  # noqa: E402,F401
