# cp.cuda.Device as CuPy 14 has it, on any machine: Device(i) only remembers i; `with`, use(),
# runtime.setDevice/getDevice and get_device_id make and report the current device; arrays
# remember theirs (x.device); an ordinal the machine lacks (Device(n), n = getDeviceCount())
# raises CUDARuntimeError cudaErrorInvalidDevice on use, enter, synchronize, mem_info and
# setDevice, and the current device stays as it was; x.data (a MemoryPointer) names it too.
# CPython has no CuPy here: the fallback is CuPy 14's behaviour on a one-device machine.
import numpy as np
try:
    import cupy as cp
except ImportError:
    class CUDARuntimeError(RuntimeError):
        pass

    class _Now:
        dev = 0

    def _check(i):
        if i != 0:
            raise CUDARuntimeError("cudaErrorInvalidDevice: invalid device ordinal")

    class Device:
        def __init__(self, device=None):
            if device is None:
                device = _Now.dev
            self.id = device.id if isinstance(device, Device) else int(device)
            self._stack = []

        def __repr__(self):
            return "<CUDA Device %d>" % self.id

        def __eq__(self, other):
            return isinstance(other, Device) and other.id == self.id

        def __ne__(self, other):
            return not self == other

        def use(self):
            _check(self.id)
            _Now.dev = self.id
            return self

        def synchronize(self):
            _check(self.id)

        @property
        def mem_info(self):
            _check(self.id)
            return (1, 2)

        def __enter__(self):
            prev = _Now.dev
            if self.id != prev:
                _check(self.id)
            self._stack.append(prev)
            _Now.dev = self.id
            return self

        def __exit__(self, *exc):
            _Now.dev = self._stack.pop()

    class _Ptr:
        device_id = 0
        device = Device(0)

    class _Arr(np.ndarray):
        @property
        def device(self):
            return Device(0)

        @property
        def data(self):
            return _Ptr()

    class _Runtime:
        getDeviceCount = staticmethod(lambda: 1)
        getDevice = staticmethod(lambda: _Now.dev)

        @staticmethod
        def setDevice(i):
            _check(i)
            _Now.dev = i

        @staticmethod
        def deviceCanAccessPeer(i, j):
            _check(i)
            _check(j)
            return 0

    class _Cuda:
        Device = Device
        runtime = _Runtime
        get_device_id = staticmethod(lambda: _Now.dev)

    class cp:
        cuda = _Cuda
        arange = staticmethod(lambda *a: np.arange(*a).view(_Arr))
        asarray = staticmethod(lambda a: a)

cp.cuda.Device(0).use()   # device 0 current, whichever device the run started on
n = cp.cuda.runtime.getDeviceCount()
print(n >= 1)
print(cp.cuda.runtime.getDevice(), cp.cuda.get_device_id(), cp.cuda.Device().id)
d = cp.cuda.Device(0)
print(d, d.id, d == cp.cuda.Device(0), d != cp.cuda.Device(n), cp.cuda.Device(d).id)
with d:
    x = cp.arange(6).reshape(2, 3)
    print(x.device, x.device.id, x.device == d, x.data.device_id, x.data.device)
print(cp.cuda.runtime.getDevice())
print(d.use())
print(cp.cuda.runtime.setDevice(0), cp.cuda.runtime.getDevice())

bad = cp.cuda.Device(n)
print(bad.id == n, repr(bad) == "<CUDA Device %d>" % n)
print(cp.cuda.runtime.deviceCanAccessPeer(0, 0))
for what, f in [("use", bad.use), ("synchronize", bad.synchronize),
                ("setDevice", lambda: cp.cuda.runtime.setDevice(n)),
                ("deviceCanAccessPeer", lambda: cp.cuda.runtime.deviceCanAccessPeer(0, n))]:
    try:
        f()
        print(what, "no error")
    except Exception as e:
        print(what, type(e).__name__, e)
try:
    with bad:
        print("inside")
except Exception as e:
    print("with", type(e).__name__, e)
try:
    print(bad.mem_info)
except Exception as e:
    print("mem_info", type(e).__name__, e)
print(cp.cuda.runtime.getDevice(), cp.cuda.Device().id)

# nested `with` of the current device, then work there
with cp.cuda.Device(0):
    with cp.cuda.Device(0) as e:
        y = x * 2 + 1
        print(e.id, y.device, int(y.sum()))
    print(cp.cuda.runtime.getDevice())
print((x + y).device)
# on the array's own device cp.asarray is the array itself; copy() stays there
print(cp.asarray(x) is x, x.copy().device, (x.copy() == x).all())
