# A seeded Generator repeats its draws, and two Generators over bit generators
# of one state draw alike: checked by equality only, so the cell holds where
# cp's Generator draws its own device streams (other numbers than NumPy's).
import numpy as np
from numpy.random import default_rng, Generator, PCG64, SeedSequence, MT19937


def same(f):
    a, b = f(default_rng(12345)), f(Generator(PCG64(SeedSequence(12345))))
    c = f(default_rng(12346))
    return bool((a == b).all()), bool((a != c).any()), a.shape, a.dtype


print(same(lambda g: g.random(50)), same(lambda g: g.standard_normal((4, 5))))
print(same(lambda g: g.integers(0, 1000, 40)), same(lambda g: g.uniform(2, 3, 30)))
print(same(lambda g: g.normal(1, 2, 30)), same(lambda g: g.permutation(100)))
print(same(lambda g: g.choice(1000, 20, replace=False)), same(lambda g: g.random(30, dtype=np.float32)))
g = default_rng(5)
a, b = g.random(20), g.random(20)
print(bool((a != b).any()), bool((default_rng(5).random(20) == a).all()))
h = Generator(MT19937(9))
x = np.arange(50)
h.shuffle(x)
y = np.arange(50)
Generator(MT19937(9)).shuffle(y)
print(bool((x == y).all()), sorted(x.tolist()) == list(range(50)))
