import numpy as np
print(list(reversed([1, 2, 3])))
print(list(reversed(range(5))))
print(''.join(reversed('hello')))
print(list(reversed((1, 'a'))))
for x in reversed(['a', 'b']):
    print(x)
l = [1, 2, 3]
l.reverse()
print(l, l[::-1])
