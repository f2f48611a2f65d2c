import numpy as np
print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True))
print(sorted('banana'), sorted(['pear', 'Apple', 'fig']))
words = ['ccc', 'a', 'bb', 'dd', 'e']
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
print(sorted([(2, 'b'), (1, 'z'), (2, 'a')]))
print(sorted([-3, 1, -2, 4], key=abs))
print(sorted({'b': 1, 'a': 2}))
print(sorted([1.5, -0.5, 1e-3]))
recs = [{'n': 'x', 'age': 30}, {'n': 'y', 'age': 25}]
print([r['n'] for r in sorted(recs, key=lambda r: r['age'])])
