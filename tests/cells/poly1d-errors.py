import numpy as np
p = np.poly1d([2.0, 0, -1])
for f in (lambda: p ** -1, lambda: p ** 1.5, lambda: np.poly1d([[1, 2], [3, 4]]), lambda: np.polyder(p, -1),
          lambda: np.polyint(p, -1), lambda: np.polyint(p, 3, k=[1, 2]), lambda: np.roots([[1, 2]]),
          lambda: np.poly([[1, 2, 3]]), lambda: hash(p)):
    try:
        print(f())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
try:
    p[-1] = 3
except ValueError as e:
    print(e)
print(p[7], p[-2], p.o, p.coef, p.coefficients, p.variable)
c = p.coeffs
c *= 2
print(p)
q = np.poly1d(p, variable='t')
print(q, q.variable, p.variable)
print(repr(np.poly1d([1 + 2j, 0, 3j])), np.poly1d([1 + 2j, 0, 3j]))
print(np.poly1d([-1.5, 2.25, -3]), np.poly1d([0.000012345, 123456789.0]))
print(repr(np.polyadd(np.poly1d([1, 2]), [1, 1, 1])), repr(np.polysub([1], np.poly1d([1, 2, 3]))))
print(np.polydiv(np.poly1d([1, 0, -1]), np.poly1d([1, -1])))
print(np.polydiv([1, 2, 3, 4], [2]))
print(repr(np.roots(np.poly1d([1, -3, 2]))), repr(np.roots([1, -6, 11, -6])))
print(repr(np.polyval(p, [1, 2, 3])), repr(p([1.5, 2.5])))
print(np.poly(np.array([1, 2], np.float32)).dtype, np.poly(np.array([[1, 2], [3, 4]])))
print(repr(np.polyint([1, 1], k=2)), repr(np.polyint([3, 2, 1], 2, k=5)), repr(np.polyder([5], 0)))
print(bool(np.poly1d([3])), bool(np.poly1d([1, 0])), len(p))
