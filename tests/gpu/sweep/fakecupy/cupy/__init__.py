# fakecupy/cupy — NumPy dressed as CuPy, for trying the sweep's cell files
# (tests/gpu/sweep/) with CPython on a machine without a GPU: the names the
# files use (cp.cuda.Event, get_elapsed_time, Device().synchronize,
# runtime.getDeviceProperties, asnumpy, random.rand(dtype=)).  Timings are
# host times; nothing here is a claim about CuPy.
import time as _time
import types as _types
import numpy as _np
from numpy import *  # noqa: F401,F403
from numpy import fft, linalg  # noqa: F401

ndarray = _np.ndarray


def asnumpy(a):
    return _np.asarray(a)


class _Event:
    def __init__(self):
        self.t = None

    def record(self, stream=None):
        self.t = _time.perf_counter()

    def synchronize(self):
        pass


class _Device:
    def __init__(self, i=0):
        pass

    def synchronize(self):
        pass


def _props(i):
    return {"name": b"host (NumPy as cupy)"}


cuda = _types.SimpleNamespace(
    Event=_Event, Device=_Device,
    get_elapsed_time=lambda a, b: (b.t - a.t) * 1000,
    runtime=_types.SimpleNamespace(getDeviceProperties=_props))


class _Random:
    def __getattr__(self, k):
        return getattr(_np.random, k)

    def rand(self, *shape, dtype=None):
        r = _np.random.rand(*shape)
        return r if dtype is None else r.astype(dtype)


random = _Random()
