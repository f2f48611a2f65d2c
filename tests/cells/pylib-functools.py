# functools: reduce, partial, lru_cache/cache with cache_info, cmp_to_key, wraps
import functools
from functools import reduce, partial
print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 10))
p = partial(int, base=2)
print(p("101"), p)
def f(a, b, c=3): return a + b + c
q = partial(f, 1, c=10)
print(q(2), q.args, q.keywords)
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
fib = functools.lru_cache(maxsize=None)(fib)
print(fib(30), fib.cache_info())
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
calls = []
def sq(x):
    calls.append(x)
    return x * x
sq = functools.cache(sq)
print([sq(i % 3) for i in range(7)], calls, sq.cache_info())
lim = functools.lru_cache(maxsize=2)(sq.__wrapped__)
for v in [1, 2, 1, 3, 2, 1]:
    lim(v)
print(lim.cache_info(), calls)
lim.cache_clear()
print(lim.cache_info())
def g(a, *, k=1): return (a, k)
gc = functools.lru_cache()(g)
print(gc(1, k=2), gc(1, k=2), gc(1), gc.cache_info().hits)
try:
    gc([1])
except TypeError as e:
    print("TypeError", e)
pp = partial(partial(g, 5), k=7)
print(pp(), pp.func is g, pp.args, pp.keywords)
try:
    reduce(lambda a, b: a + b, [])
except TypeError as e:
    print(e)
print(reduce(max, [3, 9, 2]), reduce(lambda acc, x: acc + [x * 2], range(4), []))
print(sorted(["bb", "a", "ccc"], key=functools.cmp_to_key(lambda a, b: len(a) - len(b))))
def wrapper(*a): return a
w = functools.wraps(g)(wrapper)
print(w(1, 2))
