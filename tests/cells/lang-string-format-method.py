import numpy as np
print('{} + {} = {}'.format(1, 2, 3))
print('{0}{1}{0}'.format('ab', 'cd'))
print('{name} is {age}'.format(name='Ann', age=30))
print('{:>8.3f}|{:<6d}|{:^7}|'.format(3.14159, 42, 'mid'))
print('{:,}'.format(1234567890), '{:.1%}'.format(0.4567))
print('{0[1]} {1[k]}'.format([10, 20], {'k': 'v'}))
