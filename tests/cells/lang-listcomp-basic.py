import numpy as np
print([x * x for x in range(6)])
print([c.upper() for c in 'abc'])
print([len(w) for w in ['a', 'bb', 'ccc']])
print([(i, s) for i, s in enumerate('xy')])
print([x + 0.5 for x in [1, 2]])
print([])
print([[0] * 3 for _ in range(2)])
