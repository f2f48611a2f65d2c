# generators: deep recursion inside one, StopIteration inside becomes RuntimeError (PEP 479),
# a running generator resumed, RecursionError inside one; an uncaught KeyError from set.remove
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
def g():
    yield depth(900)
print(list(g()))
def bad():
    yield 1
    raise StopIteration("x")
try:
    list(bad())
except RuntimeError as e:
    print("RuntimeError", e)
def selfref():
    yield next(me)
me = selfref()
try:
    next(me)
except ValueError as e:
    print(e)
def inf():
    def r(n):
        return r(n + 1)
    yield r(0)
try:
    next(inf())
except RecursionError as e:
    print("RecursionError")
s = set()
s.remove(3)
