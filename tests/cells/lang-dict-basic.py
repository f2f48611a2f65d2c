import numpy as np
d = {'a': 1, 'b': 2}
print(d, d['a'], len(d))
d['c'] = 3
print(d, 'c' in d, 'z' in d, 'z' not in d)
print(d.get('a'), d.get('z'), d.get('z', 0))
del d['b']
print(d)
print(d.pop('a'), d, d.pop('q', 'default'))
d.update({'x': 10, 'c': 30})
print(d)
d.update(y=20)
print(d, list(d), d.setdefault('x', 0), d.setdefault('new', 5), d)
e = d.copy()
e.clear()
print(e, d == d.copy(), {} == dict())
