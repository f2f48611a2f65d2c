# The bit generator classes bit for bit: seeding through SeedSequence, the
# state dicts (get and set), random_raw, advance/jumped, spawn, and
# Generator(bit_generator) drawing from each kind
# cells: skip-gpu cp's Generator draws random/integers/normal on the device (its own Philox/cuRAND stream, as CuPy's Generator), other numbers than NumPy's; random-generator-seeded checks its seeding there
import numpy as np
from numpy.random import Generator, PCG64, PCG64DXSM, MT19937, Philox, SFC64, SeedSequence, default_rng

print(PCG64(5).state)
print(PCG64DXSM(5).state)
print(Philox(5).state)
print(SFC64(5).state)
m = MT19937(5).state
print(m['bit_generator'], m['state']['pos'], m['state']['key'][:4], m['state']['key'][-2:])
for B in (PCG64, PCG64DXSM, Philox, SFC64, MT19937):
    print(B.__name__, B(5).random_raw(3), B(5).random_raw(), B(5).random_raw(2, output=False))
    g = Generator(B(5))
    print(str(g), g.random(2), g.integers(0, 100, 5), g.standard_normal(3), g.integers(0, 5, 4, dtype=np.uint8))
    print(g.exponential(size=2), g.random(dtype=np.float32, size=2), g.choice(10, 3))
print(PCG64(5).advance(3).state['state'], PCG64(5).advance(-1).state['state'])
print(PCG64(5).jumped().state['state'], PCG64(5).jumped(2).state['state'])
print(PCG64DXSM(5).advance(3).state['state'], PCG64DXSM(5).jumped().state['state'])
print(Philox(5).jumped().state['state'], Philox(5).advance(2**64 + 3).state['state'])
print(Philox(key=7).state['state'], Philox(counter=2**64 + 3, key=7).state['state'])
print(Generator(Philox(key=7)).random(3))
print(PCG64(5).seed_seq, PCG64(SeedSequence(9)).seed_seq)
print(default_rng(2**100).random(), default_rng([1, 2, 3]).random(), default_rng(np.uint64(2**63 + 1)).random())
print(default_rng(12345).random(3), Generator(PCG64(SeedSequence(12345))).random(3))
print(str(default_rng(Philox(3))), default_rng(MT19937(3)).random())
rng = default_rng(12345)
a, b = rng.spawn(2)
print(rng.uniform(), a.uniform(), b.uniform())
print(a.bit_generator.seed_seq)
print([x.random() for x in PCG64(7).spawn(2) and [Generator(y) for y in PCG64(7).spawn(2)]])
bg = PCG64(5)
g = Generator(bg)
g.random(3)
print(g.bit_generator.state == bg.state, bg.state['state']['state'])
x = PCG64(5)
x.state = {'bit_generator': 'PCG64', 'state': {'state': 5, 'inc': 7}, 'has_uint32': 1, 'uinteger': 3}
print(x.state, Generator(x).integers(0, 2**32, 2, dtype=np.uint32))
y = MT19937(4)
y.state = MT19937(3).state
print(Generator(y).random(), Generator(MT19937(3)).random())
p = Philox(1)
Generator(p).random(3)
q = Philox(2)
q.state = p.state
print(Generator(q).random(2), Generator(p).random(2))
s = SFC64(1)
t = SFC64(2)
t.state = s.state
print(Generator(t).integers(0, 10, 5), Generator(s).integers(0, 10, 5))
for bad in [lambda: Generator(5), lambda: Philox(1, key=2), lambda: Philox(key=2**128),
            lambda: Philox(key=-1), lambda: setattr(PCG64(1), 'state', {'bit_generator': 'MT19937'}),
            lambda: setattr(PCG64(1), 'state', 5), lambda: setattr(MT19937(1), 'state', {'bit_generator': 'PCG64'}),
            lambda: default_rng(5).spawn(2)[0].spawn(1)[0].bit_generator.seed_seq.spawn_key]:
    try:
        print(bad())
    except Exception as ex:
        print(type(ex).__name__ + ':', ex)
# MT19937.jumped: 2**128 words ahead, chained as NumPy's docstring does
bj = MT19937(5).jumped()
print(bj.state['state']['pos'], bj.state['state']['key'][:4], Generator(bj).random(3))
sg = SeedSequence(1234)
bit_generator = MT19937(sg)
rg = []
for _ in range(3):
    rg.append(Generator(bit_generator))
    bit_generator = bit_generator.jumped()
print([r.integers(0, 1000, 3) for r in rg], MT19937(7).jumped(2).state['state']['key'][:3], MT19937(7).jumped(0).state['state']['pos'])
