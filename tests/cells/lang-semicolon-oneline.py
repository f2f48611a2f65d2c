import numpy as np
a = 1; b = 2; print(a + b)
if a < b: print('a < b')
for i in range(3): print(i, end=';')
print()
while a < 4: a += 1
print(a)
def sq(x): return x * x
print(sq(9))
x = 5;
