import numpy as np
x = 10
x += 5; print(x)
x -= 3; print(x)
x *= 2; print(x)
x /= 4; print(x)
x //= 2; print(x)
x = 17
x %= 5; print(x)
x **= 3; print(x)
s = 'ab'
s += 'cd'
s *= 2
print(s)
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
t = (1, 2)
u = t
t += (3,)
print(t, u)
d = {'n': 1}
d['n'] += 10
print(d)
l = [1, 2, 3]
l[1] *= 7
print(l)
