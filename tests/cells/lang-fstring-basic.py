import numpy as np
x = 42
name = 'Lumen'
pi = 3.14159265
print(f'x = {x}')
print(f"{name} says {x + 1}")
print(f'{name!r} {name!s}')
print(f'{[1, 2, 3]} {(1, "a")}')
print(f'{x} {x * 2} {x // 5} {x % 5}')
print(f'{pi}')
print(f'{{braces}} {x}')
print(f'{"inner"} {len(name)}')
print(F'upper F {x}')
