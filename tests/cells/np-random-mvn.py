# multivariate_normal: legacy, RandomState and Generator (SVD factor, NumPy's streams and errors); str(Generator)
import numpy as np
np.random.seed(1)
print(np.random.multivariate_normal([0, 0], [[1, 0], [0, 100]], 3))
print(np.random.multivariate_normal([1, 2, 3], np.eye(3), (2, 2)).shape, np.random.multivariate_normal([0.0], [[2.0]]))
rs = np.random.RandomState(5)
print(rs.multivariate_normal([0, 1], [[1, 0.5], [0.5, 1]], 2))
rng = np.random.default_rng(7)
print(rng.multivariate_normal([0, 0], [[1, 0], [0, 100]], 3))
print(rng.multivariate_normal([0, 0, 1], [[1, 0.2, 0], [0.2, 1, 0], [0, 0, 3]], size=(1, 2)))
print(rng, str(rng))
for bad in (([0, 0], [[1, 0]]), ([[0]], [[1]]), ([0], [[1, 0], [0, 1]])):
    try:
        rng.multivariate_normal(*bad)
    except ValueError as e:
        print('ValueError', e)
try:
    rng.multivariate_normal([0, 0], [[1, 2], [3, -1]], check_valid='raise')
except ValueError as e:
    print('ValueError', e)
