# numbers (Number/Complex/Real/Rational/Integral) and collections.abc: isinstance over Python's
# values and NumPy's scalars (as NumPy registers them), issubclass of builtin types, unions.
import numbers
import sys
import collections.abc
import collections.abc as cabc
from collections.abc import Iterable, Iterator, Sequence, Mapping, Callable, Sized, Hashable, MutableSequence, Set, MutableSet, Generator, Container, Collection, MutableMapping, Reversible
import collections
import numpy as np
from numbers import Number, Complex, Real, Rational, Integral
print(numbers.Integral, collections.abc.Iterable, Integral.__name__, Iterable.__module__)
vals = [0, True, 2**70, 1.5, 2j, np.int8(3), np.uint64(3), np.float32(1), np.float64(2), np.complex64(1), np.bool_(True), None, 'ab', b'x', [1], (1,), {1: 2}, {1}, frozenset(), range(2), np.arange(3), len, lambda: 0, int, iter([1]), (x for x in []), collections.deque(), collections.OrderedDict(), np.float64]
abcs = [Number, Complex, Real, Rational, Integral, Iterable, Iterator, Generator, Sized, Container, Collection, Sequence, MutableSequence, Mapping, MutableMapping, Set, MutableSet, Hashable, Callable, Reversible]
for v in vals:
    print(repr(v)[:20].ljust(20), ''.join('1' if isinstance(v, a) else '.' for a in abcs))
class It:
    def __iter__(self): return iter([])
class Sz:
    def __len__(self): return 0
class Cl:
    def __call__(self): return 1
for v in (It(), Sz(), Cl()):
    print(type(v).__name__, ''.join('1' if isinstance(v, a) else '.' for a in abcs))
print(isinstance(3, (str, Integral)), isinstance(3.0, (Integral, Sequence)))

for c in (int, bool, float, complex, str, list, tuple, dict, range, type(None), np.int32, np.float32, np.complex64, np.bool_):
    print(c.__name__, [issubclass(c, a) for a in (numbers.Number, numbers.Real, numbers.Integral, cabc.Iterable, cabc.Sequence, cabc.Mapping, cabc.Hashable, cabc.Sized)])
class It:
    def __iter__(self): return iter([])
print(issubclass(It, cabc.Iterable), issubclass(It, cabc.Sized), issubclass(It, numbers.Number))
u = numbers.Real | None
print(u, isinstance(2.5, u), isinstance(None, u), isinstance('x', u), isinstance(np.float32(1), int | numbers.Real))
n = numbers.Number()
print(isinstance(n, numbers.Number), isinstance(n, numbers.Real), np.isscalar(n), type(n).__name__, callable(numbers.Real))
for a in (numbers.Complex, numbers.Integral, cabc.Iterable, cabc.Sequence, cabc.Hashable, cabc.MutableSet, cabc.Generator):
    try:
        a()
    except TypeError as e:
        # 3.11 (Lumen's sys.version_info): "with abstract methods a, b"; 3.12 on:
        # "without an implementation for abstract methods 'a', 'b'"
        m = str(e)
        if sys.version_info >= (3, 12):
            m = m.replace("without an implementation for abstract", "with abstract").replace("'", "")
        print(m)
try:
    numbers.Number(3)
except TypeError as e:
    print(e)
for t in (np.number, np.inexact, np.floating, np.complexfloating, np.integer, np.signedinteger, np.unsignedinteger, np.generic, np.float64, np.bool_):
    print(t.__name__, [issubclass(t, a) for a in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral, cabc.Hashable, cabc.Iterable)])
