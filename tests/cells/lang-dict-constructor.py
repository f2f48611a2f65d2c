import numpy as np
print(dict(a=1, b=2))
print(dict([('x', 1), ('y', 2)]))
print(dict(zip('abc', range(3))))
print(dict({'k': 1}, m=2))
print(dict())
keys = ['one', 'two']
print(dict(zip(keys, [None, None])))
m = {(0, 0): 'origin', (1, 0): 'east'}
print(m[(0, 0)], m[1, 0])
print({True: 'yes', 1: 'one'})
