import numpy as np
# cells: skip-gpu np.frombuffer views host bytes read-only; CuPy's copies them to the device (writeable, owns its data)
# reductions and ufuncs refuse a read-only out= (np.frombuffer of bytes)
x = np.arange(4.)
ro = np.frombuffer(bytes(8), dtype=np.float64)
ro2 = np.frombuffer(bytes(16), dtype=np.float64)
ro4 = np.frombuffer(bytes(32), dtype=np.float64)
tests = [lambda: np.add.reduce(x, out=ro.reshape(())),
         lambda: np.sum(x, out=ro.reshape(())),
         lambda: np.add(x[:1], 1, out=ro),
         lambda: np.sum(x.reshape(2, 2), axis=0, out=ro2),
         lambda: x.reshape(2, 2).sum(axis=1, out=ro2),
         lambda: np.prod(x.reshape(2, 2), axis=0, out=ro2),
         lambda: np.add.accumulate(x, out=ro4),
         lambda: np.maximum.reduce(x.reshape(2, 2), axis=1, out=ro2),
         lambda: np.max(x.reshape(2, 2), axis=1, out=ro2),
         lambda: np.mean(x.reshape(2, 2), axis=0, out=ro2),
         lambda: np.cumsum(x, out=ro4),
         lambda: np.negative(x, out=ro4),
         lambda: np.add.reduce(x, out=(ro.reshape(()),)),
         lambda: np.multiply.reduce(x.reshape(2, 2), axis=0, where=np.array([True, False]), out=ro2),
         lambda: np.hypot.reduce(x.reshape(2, 2), axis=0, out=ro2),
         lambda: np.logaddexp.reduce(x.reshape(2, 2), axis=0, out=ro2),
         lambda: np.any(x.reshape(2, 2), axis=0, out=np.frombuffer(bytes(2), dtype=np.bool_)),
         lambda: np.std(x.reshape(2, 2), axis=0, out=ro2),
         lambda: np.cumsum(x.reshape(2, 2), axis=1, out=ro4.reshape(2, 2)),
         lambda: np.add.reduce(x, out=(np.zeros(()),))]
for i, t in enumerate(tests):
    try:
        print(i, t())
    except ValueError as e:
        print(i, 'ValueError', e)
print(ro, ro2, ro4)
w = np.zeros(2)
print(np.sum(x.reshape(2, 2), axis=0, out=w), w)
