import numpy as np
for v in [1, 1.5, 'a', [1], {'a': 1}, (1,), None, True, 2j, range(2), len, print]:
    print(type(v).__name__)
