import numpy as np
def newton_sqrt(a, tol=1e-12):
    x = a
    it = 0
    while abs(x * x - a) > tol * a:
        x = 0.5 * (x + a / x)
        it += 1
    return x, it
for a in [2.0, 10.0, 1e6]:
    r, it = newton_sqrt(a)
    print(f'{a:g} {r:.12f} {it}')
