# Multiple inheritance: C3 MRO (diamonds, mixins), __mro__/__bases__,
# cooperative super() along the MRO of the instance's class, isinstance and
# issubclass with either base, and CPython's errors for bad base lists.
class Base:
    def __init__(self):
        self.log = ['Base']

    def who(self):
        return 'Base'


class Left(Base):
    def __init__(self):
        super().__init__()
        self.log.append('Left')

    def who(self):
        return 'Left>' + super().who()


class Right(Base):
    def __init__(self):
        super().__init__()
        self.log.append('Right')

    def who(self):
        return 'Right>' + super().who()

    def only_right(self):
        return 'right only'


class Diamond(Left, Right):
    def who(self):
        return 'Diamond>' + super().who()


d = Diamond()
print(d.log)
print(d.who(), d.only_right())
print([c.__name__ for c in Diamond.__mro__])
print(Diamond.__bases__, Diamond.__base__)
print(isinstance(d, Left), isinstance(d, Right), isinstance(d, Base), isinstance(Left(), Right))
print(issubclass(Diamond, Right), issubclass(Right, Diamond), issubclass(Diamond, (int, Left)))
print(super(Left, d).who())


class ReprMixin:
    def __repr__(self):
        return f'{type(self).__name__}({self.x!r})'


class Point(ReprMixin, object):
    def __init__(self, x):
        self.x = x


print(Point(3), [Point('a')])
print(Point.__mro__)


class A: pass
class B: pass
class C: pass
class D(A, B): pass
class E(B, C): pass
class F(D, E, C): pass
print([k.__name__ for k in F.__mro__])


class TagMixin:
    tag = 'tagged'


class MyError(TagMixin, ValueError):
    pass


try:
    raise MyError('bad')
except ValueError as e:
    print(type(e).__name__, e, e.tag, isinstance(e, TagMixin))

for bases in [(A, D), (A, A), (object, A)]:
    try:
        type_ = None
        if bases == (A, D):
            class X(A, D): pass
        elif bases == (A, A):
            class X(A, A): pass
        else:
            class X(object, A): pass
        print('built', X.__mro__)
    except TypeError as e:
        print('TypeError:', e)
class TagMixin:
    tag = 't'
class E2(ValueError, TagMixin): pass
try:
    raise E2('x')
except ValueError as e:
    print(isinstance(e, TagMixin))
    print(repr(e), e.tag)
class VE(ValueError): pass
try:
    class Bad(ValueError, VE): pass
except TypeError as e:
    print(e)
