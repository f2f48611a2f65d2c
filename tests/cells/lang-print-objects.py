import numpy as np
print([0.1, 1e-05, 1.0, 1e100, -0.0])
print({'a': [1, (2, 3)], 'b': {'c': None}})
print((1.5, 'two', [3]), ['nested', ['list', ['deep']]])
print([True, None, 'str', 2j])
print(((),), [[]], [{}], ([],))
