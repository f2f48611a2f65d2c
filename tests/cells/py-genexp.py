# generator expressions are lazy: over infinite generators, next() on them, any/all stop early,
# consumed once; feeding sum/join/tuple/dict/set/sorted/max
def count(n=0):
    while True:
        yield n
        n += 1
g = (x * x for x in count() if x % 2)
print(next(g), next(g), next(g))
print(next(i for i, v in enumerate([5, 7, 9]) if v == 7))
print(sum(x for x in range(10)), ", ".join(str(x) for x in range(4)), tuple(c for c in "ab"))
def f(k):
    return list(x + k for x in range(3))
print(f(10), type(x for x in []).__name__)
print(max((len(w), w) for w in ["a", "abc", "ab"]), sorted(x % 3 for x in range(6)))
print(any(x > 3 for x in count()), all(x < 3 for x in count()))
print(dict((k, k * 2) for k in range(3)), set(x for x in "aab") == {"a", "b"})
import numpy as np
print(np.array(list(x / 2 for x in range(4))))
gen = (y for y in [1, 2])
print(list(gen), list(gen))
