# dataclasses: @dataclass with and without arguments (order, frozen, repr, eq),
# field(default=, default_factory=, init=, repr=), inherited fields, __post_init__,
# asdict/astuple/fields/replace/is_dataclass, and CPython's errors.
from dataclasses import dataclass, field
import dataclasses

@dataclass
class P:
    x: int
    y: float = 2.0
    tags: list = field(default_factory=list)

p = P(1)
print(p, P(3, 4.5, ['a']), P(x=2, y=1))
print(p == P(1), p == P(2), p != P(1))
p.x = 10
print(p, P.y)
print(dataclasses.asdict(p), dataclasses.astuple(p))
print([f.name for f in dataclasses.fields(P)])
print(dataclasses.replace(p, y=9.0))
print(dataclasses.is_dataclass(p), dataclasses.is_dataclass(3))

@dataclass(order=True, frozen=True)
class V:
    a: int
    b: str = 'z'

print(sorted([V(2), V(1, 'b'), V(1, 'a')]))
print(V(1) < V(2), V(1) <= V(1), hash(V(1)) == hash(V(1)))
try:
    V(1).a = 3
except dataclasses.FrozenInstanceError as e:
    print('frozen:', e, isinstance(e, AttributeError))

@dataclass(repr=False, eq=False)
class R:
    n: int = 0
print(R(3).n, R() == R())

@dataclass
class Child(P):
    z: int = 7
print(Child(1, 2.0, [], 3))

@dataclass
class Post:
    a: int
    b: int = field(init=False, repr=False, default=0)
    def __post_init__(self):
        self.b = self.a * 2
q = Post(4)
print(q, q.b)

@dataclass
class Nested:
    p: P
    items: list
print(dataclasses.asdict(Nested(P(1), [P(2)])))
for bad in [lambda: P(), lambda: P(1, 2, 3, 4), lambda: P(1, z=2), lambda: P(1, x=2), lambda: V(1) < 3]:
    try:
        bad()
    except TypeError as e:
        print('TypeError:', e)
try:
    @dataclass
    class M:
        l: list = []
except ValueError as e:
    print('ValueError:', e)
try:
    @dataclass
    class O:
        a: int = 1
        b: int
except TypeError as e:
    print('TypeError:', e)
