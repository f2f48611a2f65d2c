# class errors with CPython's messages; class scope not seen from methods or comprehensions;
# raising a non-exception instance
class A:
    def __init__(self, x):
        self.x = x
    def m(self, y):
        return y
    @property
    def p(self):
        return 1
class B:
    pass
class E(A):
    def __eq__(self, o):
        return True
def tryit(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
tryit(lambda: A())
tryit(lambda: A(1, 2))
tryit(lambda: A(1).m())
tryit(lambda: A(1).m(1, 2))
tryit(lambda: A(1).zz)
tryit(lambda: A.zz)
tryit(lambda: B(1))
tryit(lambda: A(1) + 1)
tryit(lambda: 1 - A(1))
tryit(lambda: A(1) < A(2))
tryit(lambda: -A(1))
tryit(lambda: len(A(1)))
tryit(lambda: A(1)[0])
tryit(lambda: A(1)())
tryit(lambda: hash(E(1)))
tryit(lambda: {E(1)})
tryit(lambda: iter(A(1)))
tryit(lambda: setattr(A(1), "p", 3))
tryit(lambda: list(A(1)))
tryit(lambda: super())
print(A(1) == A(1), E(1) == 5, A(1) != A(1))
a = A(1)
print(a == a, a is a, bool(a))
print(repr(A)[:20], str(B) , A.__name__, A.__module__, A.__qualname__)
print(A.m.__name__, A.m.__qualname__, a.m.__name__)
print(repr(a.m)[:25])
class C:
    x = 1
    y = x + 1
    z = [i * 2 for i in range(3)]
    def f(self):
        return x
print(C.y, C.z)
x = "global"
print(C().f())
def factory(n):
    class Local:
        k = n
        def get(self):
            return n * 2
    return Local
L = factory(21)
print(L.k, L().get())
class Outer:
    class Inner:
        def hi(self):
            return "hi"
print(Outer.Inner().hi(), Outer.Inner.__qualname__ if False else "")
raise A(1)
