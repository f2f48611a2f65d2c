# numpy.random's new entry points on bad or edge arguments: 0-d and empty
# permuted, sizes too large to allocate, negative lengths, ragged entropy,
# short state arrays, read-only attributes -- NumPy's results and messages
import numpy as np
from numpy.random import *
g = default_rng(1)
R = RandomState(1)
cases = [
    lambda: g.permuted(np.array(5)),
    lambda: g.permuted(5),
    lambda: g.permuted(np.zeros((0, 3)), axis=1),
    lambda: g.permuted(np.zeros((2, 0))),
    lambda: g.permuted(np.array([1+2j, 3j]), axis=0),
    lambda: g.permuted(np.arange(6).reshape(2, 3), axis=-1),
    lambda: g.permuted(np.arange(6)[::-1]),
    lambda: g.multinomial(5, [0.5, 0.5], size=(2**40, 2**40)),
    lambda: R.multinomial(5, [0.5, 0.5], size=-1),
    lambda: g.dirichlet([1, 2], size=(2**62,)),
    lambda: SeedSequence(1).generate_state(2**62),
    lambda: R.bytes(-10),
    lambda: g.bytes(3.5),
    lambda: g.multivariate_hypergeometric([10**12, 5], 3, method='count'),
    lambda: g.multivariate_hypergeometric([5, 5], 3, size=(2, 0)),
    lambda: g.multivariate_hypergeometric([], 0),
    lambda: g.hypergeometric([5, 6], [3, 2], [1, 2], size=(3, 2)),
    lambda: g.triangular([0, 1], 2, [3, 4, 5]),
    lambda: g.noncentral_f(1, 2, 3, size=(0,)),
    lambda: SeedSequence(5).spawn(0),
    lambda: PCG64(5).spawn(0),
    lambda: g.spawn(-1),
    lambda: SeedSequence([[1, 2], [3]]).entropy,
    lambda: SeedSequence([1.5]),
    lambda: SeedSequence(np.array([1.5])),
    lambda: SeedSequence(True).generate_state(1),
    lambda: Philox(counter=-1),
    lambda: PCG64(5).advance(2**300).state['state']['state'],
    lambda: MT19937(5).random_raw(size=(2, 2)),
    lambda: SFC64(5).jumped(),
    lambda: g.multinomial(5, [[[0.2, 0.8]]]),
    lambda: g.dirichlet(3.0),
    lambda: g.zipf([[2.0]], size=(2, 2)),
    lambda: Generator(PCG64(1)).integers(0, 10, 3),
    lambda: np.random.default_rng(Generator(PCG64(1))).bit_generator.state['bit_generator'],
    lambda: g.multivariate_normal([0, 0], [[1, 0], [0, 1]], method=None),
    lambda: setattr(PCG64(1), 'state', {'bit_generator': 'PCG64', 'state': {'state': 1}}),
    lambda: setattr(Philox(1), 'state', {'bit_generator': 'Philox', 'state': {'counter': [1], 'key': [1, 2]}, 'buffer': [0]*4, 'buffer_pos': 4, 'has_uint32': 0, 'uinteger': 0}),
    lambda: setattr(MT19937(1), 'state', ('MT19937', [1]*3, 3)),
    lambda: setattr(PCG64(1), 'seed_seq', 5),
]
for i, f in enumerate(cases):
    try:
        r = f()
        print(i, repr(r)[:70])
    except Exception as e:
        print(i, type(e).__name__ + ':', str(e)[:100])
