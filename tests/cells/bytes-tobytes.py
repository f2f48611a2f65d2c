# cells: skip-gpu np.frombuffer views host bytes read-only; CuPy's copies them to the device (writeable, owns its data)
# ndarray.tobytes across dtypes, orders, views, 0-d and empty arrays
import numpy as np
for dt in [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
           np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]:
    a = np.array([0, 1, 2, 3, 250, 7], dtype=np.int64).astype(dt).reshape(2, 3)
    print(np.dtype(dt).name, a.tobytes(), a.tobytes('F') == a.T.tobytes(), len(a.tobytes()) == a.nbytes)
x = np.arange(6, dtype=np.int16).reshape(2, 3)
print(x.tobytes(), x.tobytes('C'), x.tobytes(order='F'))
print(x.T.tobytes('A'), x.T.tobytes('K'), x.T.tobytes(), x.tobytes('a'), x.tobytes(order=None))
print(x[:, ::2].tobytes(), x[::-1].tobytes(), x[:, 1].tobytes('F'))
print(np.array(2.5).tobytes(), np.float64(1.5).tobytes(), np.int8(-1).tobytes(), np.zeros((0, 3)).tobytes())
print(np.array([-1.5, np.inf, np.nan]).tobytes().hex())
print(np.arange(3, dtype=np.int32).tobytes() == bytes(np.arange(3, dtype=np.int32)))
def msg(f):
    try:
        return repr(f())
    except Exception as e:
        return f'{type(e).__name__}: {e}'
print(msg(lambda: x.tobytes('X')))
print(msg(lambda: x.tobytes(order=1)))
print(msg(lambda: x.tobytes('C', 1)))
print(bytes(np.int64(3)), bytes(np.float32(1.5)), bytes(np.bool_(True)), bytes(np.uint8(2)), bytes(np.arange(2, dtype=np.int16)))
print(b'ab' * np.int64(2), np.int64(2) * b'ab', b'ab' + np.int64(2), b'ab'[np.int8(1)], np.int8(97) in b'a')
print(np.frombuffer(np.float64(3)), np.frombuffer(np.int16(258), dtype=np.uint8), np.frombuffer(np.float64(3)).flags.writeable)
print(msg(lambda: b'ab'[np.True_]))
print(msg(lambda: b'ab' * np.float64(2)))
