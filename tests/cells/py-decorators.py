# decorators on def and class (stacked, with arguments), polymorphism, arrays as attributes,
# NotImplemented and reflected operators, __setitem__/__hash__
def trace(f):
    def wrapper(*args, **kw):
        print("call", f.__name__, args, kw)
        return f(*args, **kw)
    return wrapper

@trace
def add(a, b=1):
    return a + b
print(add(2), add(2, b=5))

def repeat(n):
    def deco(f):
        def w(*a):
            return [f(*a) for _ in range(n)]
        return w
    return deco

@repeat(3)
@trace
def hello(x):
    return x * 2
print(hello(4))

registry = {}
def register(cls):
    registry[cls.__name__] = cls
    return cls

@register
class Foo:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f"Foo({self.v!r})"
print(registry, registry["Foo"](3))

def add_method(cls):
    cls.extra = lambda self: "extra " + repr(self)
    return cls
@add_method
class Bar:
    pass
print(Bar().extra()[:11])

class Shape:
    count = 0
    def __init__(self, name):
        self.name = name
        Shape.count += 1
    def area(self):
        raise NotImplementedError("subclass must implement")
    def describe(self):
        return f"{self.name} with area {self.area():.2f}"
class Circle(Shape):
    def __init__(self, r):
        super().__init__("circle")
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
class Square(Shape):
    def __init__(self, s):
        super().__init__("square")
        self.s = s
    def area(self):
        return self.s ** 2
shapes = [Circle(1), Square(2), Circle(0.5)]
for s in sorted(shapes, key=lambda s: s.area()):
    print(s.describe())
print(Shape.count)
try:
    Shape("x").describe()
except NotImplementedError as e:
    print("NIE", e)
import numpy as np
class Model:
    def __init__(self, n):
        self.w = np.ones(n)
        self.b = 0.5
    def __call__(self, x):
        return x @ self.w + self.b
    def __repr__(self):
        return f"Model(w={self.w}, b={self.b})"
m = Model(3)
print(m(np.arange(3.0)), m)
m.w *= 2
print(m.w, m(np.ones(3)))
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(*[a + b for a, b in zip(self.xs, o.xs)])
        return NotImplemented
    def __radd__(self, o):
        return Vec(*[o + a for a in self.xs])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    __rmul__ = __mul__
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __eq__(self, o):
        return self.xs == o.xs
    def __hash__(self):
        return hash(tuple(self.xs))
    def __repr__(self):
        return "Vec(" + ", ".join(map(str, self.xs)) + ")"
v = Vec(1, 2, 3)
print(v + Vec(1, 1, 1), 10 + v, v * 2, 3 * v, -v, len(v), v[1], v[-1])
v[0] = 100
print(v, list(v), v == Vec(100, 2, 3), {v: 1}[Vec(100, 2, 3)])
try:
    v + "a"
except TypeError as e:
    print(e)
try:
    Foo(1) < Foo(2)
except TypeError as e:
    print(e)
print(sum([Vec(1, 2), Vec(3, 4)], Vec(0, 0)))
