# A returned closure calls a sibling inner function that nothing else holds
# (the decorator pattern: a helper beside the wrapper); the frame they share
# must outlive the call, and a frame whose inner functions nobody keeps is freed.
def make():
    def helper():
        return 1
    def outer():
        return helper() + 1
    return outer
print(make()())

def deco(f):
    def check(x):
        if x < 0:
            raise ValueError("negative")
        return x
    def wrapper(x):
        return f(check(x)) * 10
    return wrapper

@deco
def square(x):
    return x * x
print(square(3))
try:
    square(-1)
except ValueError as e:
    print("ValueError", e)

def counter():
    n = [0]
    def bump():
        n[0] += 1
        return n[0]
    def twice():
        bump()
        return bump()
    return twice
c = counter()
print(c(), c())

def fact(n):
    def rec(k):
        return 1 if k <= 1 else k * rec(k - 1)
    return rec(n)
print([fact(i) for i in range(6)])

def pair():
    def a():
        return "a"
    def b():
        return a() + "b"
    return a, b
x, y = pair()
print(x(), y())
