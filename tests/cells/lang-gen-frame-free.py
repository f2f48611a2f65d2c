# A generator left unfinished in a function's frame is closed when the call
# ends (its finally runs then, as in CPython), whether it is a generator
# expression, a generator of an inner def, one kept in a list, one returned
# and dropped later, or any() stopping early.  The frame's captured names
# (read by an inner scope) live on; the others die with the call.
def source(tag):
    try:
        for i in range(10):
            yield i
    finally:
        print("closed", tag)

def genexpr_local(a):
    g = (x * a for x in source("genexpr"))
    return next(g) + next(g)
print("genexpr_local", genexpr_local(3))

def inner_gen(a):
    def gen():
        try:
            yield a
            yield a + 1
        finally:
            print("closed inner", a)
    g = gen()
    return next(g)
print("inner_gen", inner_gen(5))

def in_list(a):
    lst = [(x + a for x in source("list")), 1]
    return next(lst[0])
print("in_list", in_list(7))

def make(a):
    g = (x * a for x in source("returned"))
    return g
g = make(2)
print("returned", next(g), next(g))
del g
print("after del")

def early(vals):
    return any(x > 2 for x in vals)
print("any", early(source("any")))

# captured names live on with a returned closure
def counter():
    n = 0
    unused = [1, 2, 3]
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = counter()
print(c(), c(), c())

# a closure over a generator the frame keeps: the cycle is freed at the end
def lambda_over_gen(a):
    g = (x * a for x in source("lambda"))
    h = lambda: next(g)
    return h() + h()
print("lambda_over_gen", lambda_over_gen(4))

# a recursive helper and a lambda kept in a dict that it reads
def rec(n):
    def fact(k):
        return 1 if k <= 1 else k * fact(k - 1)
    d = {}
    d["f"] = lambda: len(d)
    return fact(n) + d["f"]()
print("rec", rec(5))

# a nested def stored on an object of the frame
class Box:
    pass
def on_object(a):
    b = Box()
    def get():
        return b.v
    b.v = a
    b.get = get
    return b.get()
print("on_object", on_object(11))

# a generator of a generator function, closed mid-way: finally runs, once
def outer():
    g = source("outer")
    yield next(g)
    yield next(g)
o = outer()
print("outer", next(o))
o.close()
print("done")
