# abc: class X(ABC) with abstract methods, properties, static/class methods;
# CPython 3.11's TypeError when abstract methods are left
from abc import ABC, abstractmethod
import abc


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return '%s: area %.2f' % (type(self).__name__, self.area())


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s ** 2

    def perimeter(self):
        return 4 * self.s


class Half(Shape):
    def area(self):
        return 1.0


for cls in (Shape, Half, Square):
    try:
        obj = cls(2) if cls is Square else cls()
        print(obj.describe(), obj.perimeter())
    except TypeError as e:
        print('TypeError:', e)

print(Shape.area.__isabstractmethod__, getattr(Square.area, '__isabstractmethod__', False))
print(isinstance(Square(1), Shape), issubclass(Square, ABC), isinstance(Square(1), ABC))


class Model(abc.ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @staticmethod
    @abstractmethod
    def make():
        ...

    @classmethod
    @abstractmethod
    def build(cls):
        ...


class Linear(Model):
    @property
    def name(self):
        return 'linear'

    @staticmethod
    def make():
        return 'made'

    @classmethod
    def build(cls):
        return cls.__name__


for cls in (Model, Linear):
    try:
        m = cls()
        print(m.name, m.make(), Linear.build())
    except TypeError as e:
        print('TypeError:', e)


class Plain:
    @abstractmethod
    def f(self):
        ...


print(type(Plain()).__name__)


class Empty(ABC):
    pass


print(type(Empty()).__name__)
