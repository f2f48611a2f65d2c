import numpy as np
tests = [
    lambda: [1, 2][5],
    lambda: {'a': 1}['b'],
    lambda: 'a' + 1,
    lambda: int('x'),
    lambda: undefined_name,
    lambda: (1).nope,
    lambda: 1 / 0,
    lambda: [].pop(),
    lambda: float('abc'),
    lambda: len(3),
    lambda: (1, 2)[3],
    lambda: 'abc'.index('z'),
]
for t in tests:
    try:
        t()
        print('no error')
    except Exception as e:
        print(type(e).__name__ + ':', e)
