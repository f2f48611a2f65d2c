# generators: infinite ones, next/send/throw/close, yield from with a return value,
# finally on close and on deletion, generators feeding builtins and comprehensions
def count(n=0):
    while True:
        yield n
        n += 1

def take(k, it):
    out = []
    for x in it:
        if len(out) == k:
            break
        out.append(x)
    return out

print(take(5, count(3)))
g = count()
print(next(g), next(g), next(g))

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(10)])

def gen3():
    yield 1
    yield 2
    return "done"
g = gen3()
print(list(g), list(g))
g = gen3()
next(g); next(g)
try:
    next(g)
except StopIteration as e:
    print("stop", e.value if hasattr(e, "value") else e.args)

def inner():
    yield 1
    yield 2
    return 3
def outer():
    r = yield from inner()
    yield r
    yield from [10, 20]
print(list(outer()))

def acc():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
a = acc()
print(next(a), a.send(5), a.send(10))

def squares(n):
    for i in range(n):
        yield i * i
print(sum(squares(10)), sorted(squares(4), reverse=True), max(squares(5)))
print([x + 1 for x in squares(4)], {x for x in squares(3)} == {0, 1, 4})
print(type(squares(2)).__name__)

def with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
g = with_finally()
print(next(g))
g.close()
print("closed")
g = with_finally()
print(next(g))
del g
print("deleted")

def raiser():
    yield 1
    raise ValueError("inside")
try:
    for x in raiser():
        print("got", x)
except ValueError as e:
    print("caught", e)

def thrower():
    try:
        yield 1
    except KeyError:
        yield "handled"
t = thrower()
next(t)
print(t.throw(KeyError("k")))

def nested_gen(n):
    if n == 0:
        yield "leaf"
        return
    for x in nested_gen(n - 1):
        yield f"{n}:{x}"
print(list(nested_gen(3)))
it = iter([1, 2, 3])
print(next(it), list(it))
g = (x * 2 for x in range(4))
print(list(g))
print(dict(zip("abc", count())) if False else "skip")
def rec(n):
    return n if n == 0 else rec(n - 1)
def deep():
    yield rec(200)
print(list(deep()))
