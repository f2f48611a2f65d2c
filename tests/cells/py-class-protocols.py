# generators as __iter__, __format__, del of attributes, callable, __getitem__/__setitem__/__delitem__,
# __next__ iterators, __bool__/__len__, arrays inside instances, super() chains, classmethods on subclasses
class Tree:
    def __init__(self, v, kids=()):
        self.v = v
        self.kids = list(kids)
    def __iter__(self):
        yield self.v
        for k in self.kids:
            yield from k
    def __format__(self, spec):
        return format(self.v, spec)
t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t), sum(t), max(t), 3 in t)
print(f"{t:>5}|", format(t, "03d"))
class P:
    pass
p = P()
p.a = 1
p.b = 2
del p.a
print(hasattr(p, "a"), p.b, callable(p), callable(P), callable(len))
try:
    print(f"{p:>5}")
except TypeError as e:
    print(e)
print(f"{P.__name__!r}")
class Q:
    def __call__(self):
        return 1
print(callable(Q()))
class R:
    def __init__(self):
        self.items = {}
    def __getitem__(self, k):
        return self.items.get(k, 0)
    def __setitem__(self, k, v):
        self.items[k] = v
    def __delitem__(self, k):
        del self.items[k]
r = R()
r["a"] += 5
r["b"] = 1
del r["b"]
print(r.items, r["zz"])
class S:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n
print(list(S(3)), [x for x in S(2)], sorted(S(4)))
it = S(2)
print(next(it), next(it), next(it, "end"))
class Num:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v != 0
    def __len__(self):
        return 7
print(bool(Num(0)), bool(Num(3)), len(Num(0)), "yes" if Num(1) else "no", not Num(0))
import numpy as np
class Wrap:
    def __init__(self, a):
        self.a = np.asarray(a)
    def __array__(self, dtype=None):
        return self.a
    def total(self):
        return self.a.sum()
    def __mul__(self, k):
        return Wrap(self.a * k)
w = Wrap([1, 2, 3])
print((w * 2).a, w.total(), type(w.a).__name__)
class Base:
    def hello(self):
        return "base " + self.name()
    def name(self):
        return "B"
class Mid(Base):
    def name(self):
        return "M<" + super().name() + ">"
class Leaf(Mid):
    def name(self):
        return "L<" + super().name() + ">"
print(Leaf().hello(), isinstance(Leaf(), Base), issubclass(Leaf, (int, Base)), issubclass(bool, int))
class Cnt:
    n = 0
    @classmethod
    def make(cls):
        cls.n += 1
        return cls()
class Sub(Cnt):
    pass
Sub.make(); Sub.make(); Cnt.make()
print(Cnt.n, Sub.n)
_missing = object()
def get(d, k, default=_missing):
    if default is _missing:
        return d[k]
    return default if k not in d else d[k]
print(get({1: 2}, 1), get({}, 1, None), _missing is _missing, _missing == object(), type(_missing).__name__)
print(isinstance(_missing, object), isinstance(3, object))
s = {_missing}
print(len(s), _missing in s)
try:
    _missing.x = 1
except AttributeError as e:
    print(e)
