import numpy as np
for a in [7, -7]:
    for b in [3, -3]:
        print(a, b, a // b, a % b, divmod(a, b))
print(-7.5 // 2, -7.5 % 2, 7.5 % -2)
