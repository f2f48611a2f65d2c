import numpy as np
def risky(k):
    if k == 0:
        return int('nope')
    if k == 1:
        return [][0]
    if k == 2:
        return None + 1
    return 'fine'
for k in range(4):
    try:
        print(risky(k))
    except (ValueError, IndexError) as e:
        print('value/index:', type(e).__name__)
    except Exception as e:
        print('other:', type(e).__name__)
try:
    {}['x']
except LookupError as e:
    print('LookupError catches', type(e).__name__)
try:
    1 / 0
except ArithmeticError:
    print('ArithmeticError catches ZeroDivisionError')
