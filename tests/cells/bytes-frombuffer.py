# cells: skip-gpu np.frombuffer views host bytes read-only; CuPy's copies them to the device (writeable, owns its data)
# np.frombuffer: dtype, count, offset, NumPy's errors, round trips
import numpy as np
b = bytes(range(16))
print(np.frombuffer(b, dtype=np.uint8))
print(np.frombuffer(b, dtype=np.uint8, count=3, offset=2), np.frombuffer(b, 'u1', 2, 3))
print(np.frombuffer(b, dtype=np.int32, offset=4), np.frombuffer(b, dtype='<u2', count=2))
print(np.frombuffer(b, dtype=np.int32, offset=3, count=2), np.frombuffer(b, dtype=np.bool_)[:3])
print(np.frombuffer(b, dtype=np.uint8, offset=16), np.frombuffer(b'', dtype=np.uint8), np.frombuffer(b, count=0))
print(np.frombuffer(b, dtype=np.uint8, count=-2).shape, np.frombuffer(b, offset=8), np.frombuffer(b, dtype=None).dtype)
print(np.frombuffer(buffer=b'\x00\x00\xc0\x7f', dtype=np.float32))
for dt in [np.int8, np.uint16, np.int32, np.int64, np.float16, np.float32, np.float64, np.complex64, np.complex128, np.bool_]:
    x = (np.arange(12) % 5).astype(dt).reshape(3, 4)
    y = np.frombuffer(x.tobytes(), dtype=x.dtype)
    z = np.frombuffer(x.tobytes('F'), dtype=x.dtype).reshape(4, 3).T
    print(y.dtype, y.shape, np.array_equal(y.reshape(3, 4), x), np.array_equal(z, x))
w = np.arange(4.0)
v = np.frombuffer(w, dtype=np.uint8, count=8)
print(v, v.flags.writeable, v.flags.owndata)
w[0] = 1.0
print(v, np.frombuffer(w, dtype=np.float64, offset=3 * 8 + 0), np.frombuffer(w[1:], dtype=np.int32)[:2])
print(np.frombuffer(np.arange(6, dtype=np.int16), dtype=np.int32, offset=2, count=2), np.frombuffer(w, offset=1, count=2).shape)
def msg(f):
    try:
        return repr(f())
    except Exception as e:
        return f'{type(e).__name__}: {e}'
print(msg(lambda: np.frombuffer(b[:7])))
print(msg(lambda: np.frombuffer(b, offset=-1)))
print(msg(lambda: np.frombuffer(b, offset=17)))
print(msg(lambda: np.frombuffer(b, dtype=np.uint8, count=17)))
print(msg(lambda: np.frombuffer(b, dtype=np.int32, offset=3)))
print(msg(lambda: np.frombuffer(b, dtype=np.int32, offset=4, count=4)))
print(msg(lambda: np.frombuffer('abc')))
print(msg(lambda: np.frombuffer([1, 2])))
print(msg(lambda: np.frombuffer(3)))
print(msg(lambda: np.frombuffer(w[::2])))
print(msg(lambda: np.frombuffer(b, dtype='i4', count=2.0)))
print(msg(lambda: np.frombuffer(b, dtype='i4', offset=2.0)))
print(msg(lambda: np.frombuffer(b, dtype='i4', count=None)))
print(msg(lambda: np.frombuffer()))
