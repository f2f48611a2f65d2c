import numpy as np
def outer(n):
    result = []
    for i in range(n):
        if i % 2 == 0:
            for j in range(i):
                if j > 1:
                    result.append((i, j))
                else:
                    continue
        else:
            while i > 3:
                i -= 2
            result.append(i)
    return result
print(outer(7))
if True:
        print('eight spaces')
if True:
	print('a tab')
