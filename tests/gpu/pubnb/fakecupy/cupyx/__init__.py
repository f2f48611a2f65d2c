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


class _PerfCaseResult:
    def __init__(self, name, ts):
        self.name = name
        self._ts = _np.asarray(ts)
        self.cpu_times = self._ts
        self.gpu_times = self._ts.reshape(1, -1)

    def __str__(self):
        def s(t):
            t = t * 1e6
            return " %9.3f us   +/- %6.3f (min: %9.3f / max: %9.3f) us" % (t.mean(), t.std(), t.min(), t.max())
        return "%-20s:    CPU:%s     GPU-0:%s" % (self.name, s(self._ts), s(self._ts))

    __repr__ = __str__


def _benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,
               max_duration=float("inf"), devices=None):
    import time as _t
    for _ in range(n_warmup):
        func(*args, **kwargs)
    ts = []
    start = _t.perf_counter()
    for _ in range(n_repeat):
        t0 = _t.perf_counter()
        func(*args, **kwargs)
        ts.append(_t.perf_counter() - t0)
        if _t.perf_counter() - start > max_duration:
            break
    return _PerfCaseResult(name or getattr(func, "__name__", "func"), ts)


profiler = _types.ModuleType("cupyx.profiler")
profiler.benchmark = _benchmark
profiler.time_range = lambda *a, **k: __import__("contextlib").nullcontext()
profiler.profile = lambda *a, **k: __import__("contextlib").nullcontext()
_sys.modules["cupyx.profiler"] = profiler
