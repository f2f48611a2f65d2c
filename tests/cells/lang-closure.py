import numpy as np
def make_adder(n):
    def add(x):
        return x + n
    return add
add5 = make_adder(5)
add10 = make_adder(10)
print(add5(1), add10(1), make_adder(-1)(1))
def counter():
    counts = [0]
    def inc():
        counts[0] += 1
        return counts[0]
    return inc
c = counter()
c(); c()
print(c())
def outer():
    x = 'outer'
    def inner():
        return x.upper()
    return inner()
print(outer())
fs = [lambda v, i=i: v * i for i in range(3)]
print([g(10) for g in fs])
