# Generator.integers / randint with array bounds: NumPy's broadcast draws (one per
# item, each with its own range, the 8/16-bit and bool buffers shared), checks, errors
import numpy as np
g = np.random.default_rng(5)
print(g.integers([1, 10, 100], [5, 20, 1000]))
print(g.integers([[0], [4]], [5, 200, 1000]))
print(g.integers(0, [5, 20, 1000], size=(2, 3)))
print(g.integers([5, 20, 1000]))
print(g.integers([5], size=4))
print(g.integers([5]))
print(g.integers(np.array(7), size=3))
print(g.integers([0, 1], [2, 255], dtype=np.uint8))
print(g.integers([0, 1, 0, 0, 0], [2, 3, 2**16, 7, 1], dtype=np.uint16))
print(g.integers([0, 1], [2, 3], dtype=np.int32))
print(g.integers([0, 0, 0, 0, 1], [2, 2, 1, 2, 2], dtype=bool))
print(g.integers([0, 0], [1, 1], endpoint=True, dtype=bool))
print(g.integers([0, -5], [1, 2], endpoint=True))
print(g.integers([0, 2**40], [2**33, 2**62]))
print(g.integers([1.5, 3.7], [10, 20]))
print(g.integers(np.arange(6).reshape(2, 3)[:, ::2], 10))
print(g.integers([0, 0], [0, 0], endpoint=True))
print(g.integers([], [], size=None))
print(g.random())
for a, k in [(([0, 5], [3, 5]), {}), (([0, 6], [3, 5]), dict(endpoint=True)), (([-1, 0], [3, 5]), dict(dtype=np.uint8)),
             (([0, 0], [3, 257]), dict(dtype=np.uint8)), (([0, 0], [3, 256]), dict(dtype=np.uint8, endpoint=True)),
             (([0, 0], [3, 5, 6]), {}), (([0, 0], [3, 5]), dict(size=3)), (([0, 0], [3, 5]), dict(size=(3, 2))),
             (([0, 0], [3, 5]), dict(dtype=float))]:
    try: print(g.integers(*a, **k))
    except Exception as e: print(type(e).__name__, e)
rs = np.random; np.random.seed(3)
print(rs.randint([1, 10, 100], [5, 20, 1000]))
print(rs.randint([1, 10, 100], [5, 20, 127], dtype=np.int8))
print(rs.randint([2, 3, 4]*4, dtype=np.uint16))
print(rs.randint(0, [2]*40, dtype=bool))
print(rs.randint(5)); print(np.random.randint([2, 3], [5, 6], dtype=np.int16))
np.random.seed(1)
print(np.random.randint([3, 30, 300]), np.random.randint(3, [30, 300], size=(2, 2)))
