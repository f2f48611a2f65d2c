# SeedSequence: NumPy's entropy mixing (generate_state), spawn keys, the repr
# with its defaults left out, and the errors of bad entropy / dtypes / pools
import numpy as np
from numpy.random import SeedSequence

s = SeedSequence(1234)
print(repr(s))
c = s.spawn(2)
print(repr(c[0]))
print(s.n_children_spawned, c[1].spawn_key, s.pool_size, c[1].entropy)
print(repr(s))
print(repr(SeedSequence(2**100 + 5, spawn_key=(3,))))
print(SeedSequence(5).generate_state(3, np.uint64))
print(SeedSequence(5).generate_state(4))
print(SeedSequence(5, spawn_key=(1, 2)).generate_state(2))
print(SeedSequence([5, 2**40]).generate_state(2))
print(SeedSequence(np.array([5, 7])).generate_state(2), SeedSequence(np.array([5, 7])).entropy)
print(SeedSequence(0).generate_state(2), SeedSequence([]).generate_state(2))
print(SeedSequence(5).pool, SeedSequence(5, pool_size=6).pool)
print(repr(SeedSequence(5, pool_size=8)))
print(SeedSequence(5).state)
print(c[0].spawn(1)[0].spawn_key, c[0].n_children_spawned)
e = SeedSequence().entropy
print(type(e).__name__, 0 <= e < 2**128)
print(np.all(SeedSequence(e).generate_state(10) == SeedSequence(e).generate_state(10)))
for bad in [lambda: SeedSequence(1.5), lambda: SeedSequence(-1), lambda: SeedSequence([1, -2]),
            lambda: SeedSequence('a'), lambda: SeedSequence(5).generate_state(3, np.int32),
            lambda: SeedSequence(5).generate_state(-1), lambda: SeedSequence(5, pool_size=2),
            lambda: SeedSequence(5).spawn(-1), lambda: np.random.default_rng(-3),
            lambda: np.random.default_rng(1.5)]:
    try:
        print(bad())
    except Exception as ex:
        print(type(ex).__name__ + ':', ex)
