import functools
@functools.lru_cache(maxsize=None)
def f(n, *a, k=1, **kw):
    return n if n < 2 else f(n-1) + f(n-2)
class C(object):
    @property
    def p(self): return 1
