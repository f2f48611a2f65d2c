# class statements: methods, __init__, __repr__, operators, property, staticmethod,
# classmethod, inheritance with super(), container dunders, user exceptions
import numpy as np

class Point:
    """A point."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __add__(self, o):
        return Point(self.x + o.x, self.y + o.y)
    def __eq__(self, o):
        return isinstance(o, Point) and self.x == o.x and self.y == o.y
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    @property
    def r(self):
        return self.norm2() ** 0.5
    @staticmethod
    def origin():
        return Point(0, 0)
    @classmethod
    def unit(cls):
        return cls(1, 0)

p = Point(3, 4)
print(p, repr(p), str(p))
print(p + Point(1, 1))
print(p == Point(3, 4), p != Point(3, 4), p == 3)
print(p.r, p.norm2(), Point.dims, p.dims)
print(Point.origin(), Point.unit(), p.unit())
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]))
print(type(p).__name__, type(p) is Point, isinstance(p, Point), isinstance(3, Point))
print(Point.__doc__)

class Point3(Point):
    dims = 3
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z
    def __repr__(self):
        return "Point3(" + super().__repr__() + f", {self.z})"
p3 = Point3(1, 2, 3)
print(p3, p3.dims, p3.norm2(), isinstance(p3, Point), issubclass(Point3, Point), issubclass(Point, Point3))
try:
    p3.unit()
except TypeError as e:
    print(e)

class Acc:
    def __init__(self):
        self.data = np.zeros(3)
        self.items = []
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i]
    def __call__(self, v):
        self.items.append(v)
        self.data += v
        return self
    def __iter__(self):
        return iter(self.items)
    def __contains__(self, x):
        return x in self.items
a = Acc()
a(1)(2)(3.5)
print(len(a), a[0], a[-1], a.data, list(a), 2 in a, 7 in a, bool(a))
for v in a:
    print("item", v)

class MyError(Exception):
    pass
class CodeError(ValueError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return f"[{self.code}] {self.args[0]}"
try:
    raise MyError("bad thing")
except MyError as e:
    print("caught", type(e).__name__, e, repr(e), e.args)
try:
    raise CodeError("oops", 42)
except ValueError as e:
    print("caught", e, e.code, isinstance(e, CodeError), isinstance(e, Exception))
try:
    raise MyError
except Exception as e:
    print("caught2", repr(e))

class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
Counter(); Counter()
print(Counter.count)

class Temp:
    def __init__(self):
        self._c = 0
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        if v < -273:
            raise ValueError("too cold")
        self._c = v
t = Temp()
t.c = 25
print(t.c)
try:
    t.c = -300
except ValueError as e:
    print(e)
print(hasattr(t, "c"), hasattr(t, "zz"), getattr(t, "zz", 5))
try:
    t.zz
except AttributeError as e:
    print(e)
print(p.__dict__)
print(Point3.__mro__)
print(Point.__name__, Point3.__bases__)
