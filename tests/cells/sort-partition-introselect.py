# np.partition / argpartition with several kth (and of bool, int8, uint8 and
# complex with one): NumPy's introselect, so the items around the kth ones
# come out in NumPy's order, not only its contract.
# cells: skip-gpu NumPy's arrangement; CuPy's partition (and Lumen's cp) is a sort
import numpy as np
a = np.array([7, 1, 7, 7, 1, 5, 7, 2, 3, 2, 6, 2, 3, 0])
print(np.partition(a, (4, 8)))
print(np.argpartition(a, (4, 8)))
print(np.partition(a, [-1, 0, 5, 5]))
print(np.partition(a.astype(np.int8), 6), np.argpartition(a.astype(np.uint8), 6))
print(np.partition(a.astype(bool), 3))
rng = np.random.RandomState(7)
x = rng.randint(0, 30, 60).astype(float)
x[[3, 40]] = np.nan
print(np.partition(x, [10, 30, -1]))
print(np.argpartition(x, (0, 1, 59)))
c = rng.randint(0, 4, 12) + 1j * rng.randint(0, 3, 12)
print(np.partition(c, 5), np.argpartition(c, [2, 9]))
m = rng.randint(0, 20, (3, 4, 9))
print(np.partition(m, (1, 4), axis=2))
print(np.partition(m, (0, 2), axis=1))
print(np.argpartition(m, (1, 2), axis=0))
print(np.partition(m, [3, 20], axis=None))
h = rng.randint(0, 9, 40).astype(np.float16)
print(np.partition(h, [5, 20]))
big = rng.randint(0, 1000, 5000)
p = np.partition(big, [100, 2500, 4000])
print(p[[100, 2500, 4000]], p[:5], p[-5:], int((p * np.arange(5000)).sum()))
q = np.argpartition(big, [100, 2500, 4000])
print(q[:5], q[-5:], int((q * np.arange(5000)).sum()))
print(np.partition(a, np.array([], dtype=int)))
for k in ([], 1.5, [[1, 2]]):
    try:
        np.partition(a, k)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
y = a.copy()
y.partition((3, 9))
print(y)
for bad in (14, -15):
    try:
        np.partition(a, (1, bad))
    except ValueError as e:
        print(e)
