import numpy as np
w = 10
p = 3
v = 2.718281828
print(f'{v:{w}.{p}f}|')
print(f'{v:>{w}}|')
d = {'a': 1}
print(f"{d['a']} {'yes' if v > 2 else 'no'}")
items = ['x', 'y']
print(f'{", ".join(items)}')
print(f'{w}{p}{w}')
print(f'{w!r:>6}|{"s"!r:>6}|')
