# fakecupy/cupy — NumPy dressed as CuPy for tests/gpu/pubnb/run.py --host: the
# reference kernel on a machine without a GPU (CPython + ipykernel) imports
# this as `cupy`, so that "runs under CuPy" can be approximated there.  Arrays
# are a NumPy subclass with CuPy's .get(); cuda.* objects answer on the host
# clock; user kernels (ElementwiseKernel, RawKernel, jit) cannot run and raise.
# Nothing here is a claim about CuPy; the GPU run is the real measure.
import sys as _sys
import time as _time
import types as _types
import numpy as _np
from numpy import *  # noqa: F401,F403


class ndarray(_np.ndarray):
    def __array_ufunc__(self, ufunc, method, *inputs, **kw):
        # CuPy refuses a NumPy array beside a CuPy one
        for x in inputs + tuple(kw.get("out", ())):
            if isinstance(x, _np.ndarray) and not isinstance(x, ndarray) and x.ndim:
                raise TypeError("Unsupported type %r" % type(x))
        inputs = tuple(_np.asarray(x) if isinstance(x, ndarray) else x for x in inputs)
        if "out" in kw:
            kw["out"] = tuple(_np.asarray(x) if isinstance(x, ndarray) else x for x in kw["out"])
        r = getattr(ufunc, method)(*inputs, **kw)
        return _dev(r) if r is not NotImplemented else r

    def get(self, stream=None, out=None):
        return _np.asarray(self).copy()

    def set(self, arr, stream=None):
        self[...] = arr

    @property
    def device(self):
        return cuda.Device(0)

    def toDlpack(self):
        raise NotImplementedError("fakecupy: toDlpack")


def _dev(x):
    if isinstance(x, _np.ndarray) and not isinstance(x, ndarray):
        return x.view(ndarray)
    if isinstance(x, _np.generic) and not isinstance(x, (_np.str_, _np.bytes_)):
        return _np.asarray(x).view(ndarray)  # CuPy's reductions give 0-d arrays
    if isinstance(x, tuple):
        return tuple(_dev(v) for v in x)
    if isinstance(x, list):
        return [_dev(v) for v in x]
    return x


def _wrap(f, rand=False):
    def g(*a, **k):
        k.pop("stream", None)
        dt = k.pop("dtype", None) if rand else None
        r = f(*a, **k)
        return _dev(r if dt is None else _np.asarray(r).astype(dt))
    g.__name__ = getattr(f, "__name__", "f")
    g.__doc__ = getattr(f, "__doc__", None)
    return g


class _Mod(_types.ModuleType):
    def __init__(self, name, inner):
        super().__init__(name)
        self._inner = inner

    def __getattr__(self, k):
        v = getattr(self._inner, k)
        rand = self.__name__ == "cupy.random"
        return _wrap(v, rand) if callable(v) and not isinstance(v, type) else v


for _n in dir(_np):
    _v = getattr(_np, _n)
    if callable(_v) and not isinstance(_v, type) and not _n.startswith("_") and not isinstance(_v, _np.ufunc):
        globals()[_n] = _wrap(_v)
random = _Mod("cupy.random", _np.random)
linalg = _Mod("cupy.linalg", _np.linalg)
fft = _Mod("cupy.fft", _np.fft)
testing = _Mod("cupy.testing", _np.testing)
for _m in ("random", "linalg", "fft", "testing"):
    _sys.modules["cupy." + _m] = globals()[_m]


def asnumpy(a, stream=None, order="C", out=None):
    return _np.asarray(a)


def get_array_module(*args):
    return _sys.modules[__name__]


def fuse(*a, **k):
    if len(a) == 1 and callable(a[0]) and not k:
        return a[0]
    return lambda f: f


def _no(name):
    class K:
        def __init__(self, *a, **k):
            raise NotImplementedError("fakecupy (host mode): %s needs a GPU" % name)
    K.__name__ = name
    return K


ElementwiseKernel = _no("ElementwiseKernel")
ReductionKernel = _no("ReductionKernel")
RawKernel = _no("RawKernel")
RawModule = _no("RawModule")


class _Event:
    def __init__(self, *a, **k):
        self.t = None

    def record(self, stream=None):
        self.t = _time.perf_counter()

    def synchronize(self):
        pass

    @property
    def done(self):
        return True


class _Stream:
    null = None

    def __init__(self, *a, **k):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def synchronize(self):
        pass

    def use(self):
        return self

    def record(self, event=None):
        e = event or _Event()
        e.record()
        return e

    def wait_event(self, e):
        pass

    @property
    def done(self):
        return True


_Stream.null = _Stream()


class _Device:
    # one device, as on the one-GPU machine
    def __init__(self, i=0):
        self.id = i
        if i != 0:
            raise RuntimeError("cudaErrorInvalidDevice: invalid device ordinal")

    def synchronize(self):
        pass

    def use(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    @property
    def compute_capability(self):
        return "90"

    @property
    def mem_info(self):
        return _meminfo()


def _meminfo():
    return (8 << 30, 16 << 30)


class _Pool:
    def used_bytes(self):
        return 0

    def total_bytes(self):
        return 0

    def free_bytes(self):
        return 0

    def free_all_blocks(self, stream=None):
        pass

    def n_free_blocks(self):
        return 0

    def set_limit(self, size=None, fraction=None):
        pass

    def get_limit(self):
        return 0


_pool, _pinned = _Pool(), _Pool()


def get_default_memory_pool():
    return _pool


def get_default_pinned_memory_pool():
    return _pinned


def _props(i=0):
    return {"name": b"host (NumPy as cupy)", "totalGlobalMem": 16 << 30, "multiProcessorCount": 1,
            "major": 9, "minor": 0, "maxThreadsPerBlock": 1024, "warpSize": 32,
            "sharedMemPerBlock": 49152, "clockRate": 1000000, "memoryClockRate": 1000000,
            "memoryBusWidth": 64, "l2CacheSize": 0, "maxThreadsPerMultiProcessor": 2048}


runtime = _types.SimpleNamespace(
    getDeviceCount=lambda: 1, getDeviceProperties=_props, memGetInfo=_meminfo,
    deviceSynchronize=lambda: None, getDevice=lambda: 0, runtimeGetVersion=lambda: 12000,
    driverGetVersion=lambda: 12000, CUDARuntimeError=RuntimeError)
cuda = _types.SimpleNamespace(
    Event=_Event, Stream=_Stream, Device=_Device, runtime=runtime,
    get_elapsed_time=lambda a, b: (b.t - a.t) * 1000,
    get_current_stream=lambda: _Stream.null, is_available=lambda: True,
    MemoryPool=_Pool, PinnedMemoryPool=_Pool, set_allocator=lambda *a: None,
    set_pinned_memory_allocator=lambda *a: None, alloc_pinned_memory=lambda n: bytearray(n),
    memory=_types.SimpleNamespace(OutOfMemoryError=MemoryError),
    Device_count=1)
_sys.modules["cupy.cuda"] = cuda
_sys.modules["cupy.cuda.runtime"] = runtime


def show_config(*a, **k):
    print("fakecupy: NumPy %s as cupy (host mode)" % _np.__version__)


def is_available():
    return True


__version__ = "13.0.0"
