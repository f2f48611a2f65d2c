import numpy as np
sq = lambda x: x * x
print(sq(7), (lambda: 'no args')(), (lambda a, b=2: a * b)(3))
pairs = [(1, 'one'), (3, 'three'), (2, 'two')]
print(sorted(pairs, key=lambda p: p[1]))
print(sorted(pairs, key=lambda p: -p[0]))
ops = {'add': lambda a, b: a + b, 'mul': lambda a, b: a * b}
print(ops['add'](2, 3), ops['mul'](2, 3))
compose = lambda f, g: lambda x: f(g(x))
print(compose(sq, lambda x: x + 1)(2))
print((lambda *a, **k: (a, k))(1, 2, z=3))
