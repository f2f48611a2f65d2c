import numpy as np
rows = [('alpha', 1.5, 10), ('beta', 22.25, 200), ('gamma', 333.125, 3)]
header = f"{'name':<8}|{'value':>10}|{'n':>5}"
print(header)
print('-' * len(header))
for name, v, n in rows:
    print(f'{name:<8}|{v:>10.3f}|{n:>5d}')
print(f"{'total':<8}|{sum([r[1] for r in rows]):>10.3f}|{sum([r[2] for r in rows]):>5d}")
