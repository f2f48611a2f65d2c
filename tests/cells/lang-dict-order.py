import numpy as np
d = {}
for k in ['zeta', 'alpha', 'mid']:
    d[k] = len(k)
print(d)
d['alpha'] = 0
print(d)
del d['zeta']
d['zeta'] = 1
print(d, list(d.keys()))
print({1: 'a', 'b': 2, (1, 2): [3], None: None, 2.5: True})
print({'k': {'nested': [1, {'deep': ()}]}})
