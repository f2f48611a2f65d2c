import numpy as np
s = 'cat'
print(f'[{s:>10}]')
print(f'[{s:<10}]')
print(f'[{s:^10}]')
print(f'[{s:*^11}]')
print(f'[{s:-<8}]')
print(f'[{s!r}]')
print(f'[{s.upper()}]')
for name, score in [('alice', 93.5), ('bob', 7.25), ('charlotte', 100.0)]:
    print(f'{name:<10}{score:>8.2f}')
