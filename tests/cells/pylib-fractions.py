# fractions.Fraction: constructors (ints, floats exactly, strings, Fractions), lowest terms,
# arithmetic with ints/floats/complex, comparisons, hash agreeing with equal ints and floats,
# floor/ceil/round/trunc/abs, limit_denominator, numbers.Rational, CPython's messages.
from fractions import Fraction
import fractions, numbers, math
F = Fraction
print(F(5, 17), repr(F(10, -4)), F(3), F(), F('3/4'), F(' -1.25e-2 '), F('7'), F(1.5), F(F(1, 3)), F(F(1, 2), F(3, 4)))
a, b = F(1, 3), F(2, 5)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(F(7, 2), F(2, 3)), a ** 2, a ** -2, F(4, 9) ** F(1, 2), 2 ** F(3))
print(a + 1, 1 + a, a * 2, 2 - a, a + 0.5, 0.5 + a, a * 1j, a == F(2, 6), a == 1 / 3, F(1, 2) == 0.5, F(1) == 1, a < b, a >= 0.3, a > 1)
print(hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), hash(F(7, 4)) == hash(1.75), {F(1, 2): 1}[0.5], F(1, 3) in {F(2, 6)})
print(float(F(1, 3)), int(F(-7, 2)), math.floor(F(-7, 2)), math.ceil(F(-7, 2)), round(F(5, 2)), round(F(7, 2)), round(F(12345, 1000), 2), math.trunc(F(-7, 2)))
print(F(3.141592653589793).limit_denominator(1000), F(3.141592653589793).limit_denominator(100), F(1, 3).as_integer_ratio(), F.from_float(0.25), bool(F(0)), abs(F(-3, 4)), -F(3, 4))
print(a.numerator, a.denominator, isinstance(a, numbers.Rational), isinstance(a, numbers.Integral), isinstance(a, numbers.Number), sorted([F(2, 3), F(1, 2), 0.6]))
print(str(F(10, 5)), repr(F(2 ** 70, 3)), F(2 ** 70, 2 ** 68), sum([F(1, 2), F(1, 3), F(1, 6)]))
for bad in (lambda: F(1, 0), lambda: F('abc'), lambda: F('1/0'), lambda: F([1]), lambda: F(1.5, 2), lambda: F(1) / 0, lambda: F(0) ** -1, lambda: F.from_float('x'), lambda: F(1).limit_denominator(0)):
    try:
        bad()
    except (ZeroDivisionError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
import numpy as np
print(np.isscalar(Fraction(5, 17)), math.sqrt(F(1, 4)), int(F(7, 3)), complex(F(1, 2)))
