import numpy as np
n = 0
while True:
    n += 1
    if n % 2 == 0:
        continue
    if n > 9:
        break
    print(n)
print('done at', n)
i = 10
while i > 0:
    i -= 3
print(i)
count = 0
while count < 3:
    count += 1
else:
    pass
print(count)
