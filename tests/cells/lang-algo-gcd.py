import numpy as np
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
def lcm(a, b):
    return a * b // gcd(a, b)
print(gcd(48, 36), gcd(17, 5), lcm(4, 6), lcm(21, 6))
l = 1
for k in range(1, 21):
    l = lcm(l, k)
print(l)
