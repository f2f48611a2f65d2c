# Streams as the NCI intro-to-cupy notebook uses them: get_current_stream().record() gives a
# recorded Event, Stream.wait_event(e), Stream.use() makes a stream current until the next
# use(), and streams compare by handle (Stream.null == get_current_stream() outside `with`).
# CPython has no CuPy here: the fallback is CuPy's behaviour on these calls.
import numpy as np
try:
    import cupy as cp
except ImportError:
    class Event:
        def record(self, stream=None):
            self.rec = True

        def synchronize(self):
            pass

    class Stream:
        cur = None

        def __init__(self, ptr=1):
            self.ptr = ptr

        def __eq__(self, other):
            return isinstance(other, Stream) and other.ptr == self.ptr

        def __ne__(self, other):
            return not self == other

        def use(self):
            Stream.cur = self
            return self

        def record(self, event=None):
            event = event or Event()
            event.record()
            return event

        def wait_event(self, e):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            pass

    Stream.null = Stream(0)
    Stream.cur = Stream.null

    class _Cuda:
        Stream = Stream
        Event = Event
        get_current_stream = staticmethod(lambda: Stream.cur)
        get_elapsed_time = staticmethod(lambda a, b: 0.5)

    class cp:
        cuda = _Cuda
        arange = staticmethod(np.arange)
        asnumpy = staticmethod(np.asarray)

e1 = cp.cuda.Event()
e1.record()
e2 = cp.cuda.get_current_stream().record()
s = cp.cuda.Stream.null
print(s.wait_event(e2))
with s:
    a = cp.asnumpy(cp.arange(4) * 2)
e2.synchronize()
t = cp.cuda.get_elapsed_time(e1, e2)
print(a, type(t).__name__, t >= 0)
print(s == cp.cuda.get_current_stream(), s != cp.cuda.get_current_stream())
s2 = cp.cuda.Stream()
print(s2.use() is s2)
assert s2 == cp.cuda.get_current_stream()
e3 = cp.cuda.Event()
print(s2.record(e3) is e3)
cp.cuda.Stream.null.use()
print(cp.cuda.get_current_stream() == cp.cuda.Stream.null)
