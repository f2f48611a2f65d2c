# beta (Johnk's algorithm and the gamma ratio, legacy and Generator) and the deprecated random_integers
import numpy as np
np.random.seed(7)
rs = np.random.RandomState(3)
rng = np.random.default_rng(9)
for a, b in ((0.5, 0.5), (2.0, 3.0), (0.3, 2.0), (1.0, 1.0)):
    print(np.random.beta(a, b, 3), rs.beta(a, b, 2), rng.beta(a, b, 3))
print(repr(rng.beta(2, 2)), rng.beta([0.5, 5], 1.5))
for bad in ((0, 1), (1, -1)):
    try:
        rng.beta(*bad)
    except ValueError as e:
        print('ValueError', e)
print(np.random.random_integers(5), np.random.random_integers(5, size=(3, 2)), rs.random_integers(-3, 3, 4), type(np.random.random_integers(1, 6)))
