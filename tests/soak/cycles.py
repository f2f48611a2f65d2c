# cycles.py — reference cycles through frames, closures, generators and
# instances are freed (issue 18).  Each shape is called 2 x N times; the
# resident size may grow in the first half (the heap warms up, and garbage
# the collector frees in rounds reaches its peak) but not in the second: a
# shape that leaks its frame (~0.5-5 KB a call) grows it by 10 MB or more
# there.  TAP; run by tests/cycles.test with LUMEN_DEVICE=host (never under
# AddressSanitizer, whose quarantine holds freed memory).
import numpy as np

N = 20000
LIMIT_KB = 2048


def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1])


def genexpr_local(a):
    g = (x * a for x in range(10))
    return next(g)


def genexpr_returned(a):
    g = (x * a for x in range(10))
    return g


def genexpr_dropped(a):
    return next(genexpr_returned(a))


def genexpr_in_list(a):
    lst = [(x * a for x in range(10))]
    return next(lst[0])


arr = np.arange(-5, 20)


def any_early(a):
    return any(x > 0 for x in arr)


def yield_abandoned(a):
    def gen():
        for i in range(10):
            yield i * a
    g = gen()
    return next(g)


def lambda_over_gen(a):
    g = (x for x in range(10))
    h = lambda: next(g)
    return h()


def lambda_in_dict(a):
    d = {}
    d["f"] = lambda: d
    return a


def recursive_returned(a):
    def h(n):
        return 0 if n == 0 else h(n - 1)
    return h


def recursive_dropped(a):
    return recursive_returned(a)(2)


class Obj:
    def m(self):
        return 1


def def_on_object(a):
    o = Obj()
    def h():
        return o
    o.h = h
    return a


def bound_on_instance(a):
    o = Obj()
    o.cb = o.m
    return a


def class_in_def(a):
    class C:
        def m(self):
            return a
    c = C()
    c.m2 = c.m
    return a


def exc_saved(a):
    saved = None
    try:
        raise ValueError("x")
    except ValueError as e:
        saved = e
    return a


shapes = [genexpr_local, genexpr_dropped, genexpr_in_list, any_early, yield_abandoned,
          lambda_over_gen, lambda_in_dict, recursive_dropped, def_on_object,
          bound_on_instance, class_in_def, exc_saved]
for k, f in enumerate(shapes):
    for i in range(N):
        f(i)
    r1 = rss_kb()
    for i in range(N):
        f(i)
    grew = rss_kb() - r1
    ok = grew < LIMIT_KB
    print("%s %d - %s: %d KB more over the second %d calls" % ("ok" if ok else "not ok", k + 1,
                                                                f.__name__, grew, N))
print("1..%d" % len(shapes))
