# set and frozenset: literals, comprehensions, operators, methods, errors, repr
# (several-item sets are printed sorted: iteration order is not CPython's hash order)
s = {3, 1, 2}
print(sorted(s), len(s), 2 in s, 5 in s, 5 not in s)
print(set(), frozenset(), {1}, frozenset({1}), set([1, 1]))
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(a <= b, {3, 4} <= b, {3, 4} < b, b >= {5}, a == {4, 3, 2, 1}, a != b)
a.add(10); a.discard(1); a.discard(99); a.remove(2)
print(sorted(a))
try:
    a.remove(99)
except KeyError as e:
    print("KeyError", e)
print(sorted(a.union([7, 8], (9,))), sorted(a.intersection(b)), sorted(a.difference(b)), sorted(a.symmetric_difference(b)))
print(a.issubset({3, 4, 10, 11}), a.issuperset({3}), a.isdisjoint({100}))
c = set("hello")
print(sorted(c), type(c).__name__, isinstance(c, set), isinstance(c, frozenset))
c.update("world", [1])
print(len(c))
d = {x * x for x in range(6) if x % 2}
print(sorted(d))
f = frozenset([1, 2])
print({f: 1}[frozenset([2, 1])], hash(f) == hash(frozenset([2, 1])))
try:
    {[1, 2]}
except TypeError as e:
    print(e)
try:
    hash({1})
except TypeError as e:
    print(e)
e = set()
print(bool(e), bool({0}))
try:
    e.pop()
except KeyError as ex:
    print(repr(ex))
x = {5}
print(x.pop(), x)
print(sorted({*range(3), *[7, 8]}))
print(sum({1, 2, 3}), max({4, 9, 2}), min(frozenset([4, 9, 2])))
g = {1, 2}
g |= {3}
g -= {1}
print(sorted(g))
print({1, 2}.copy() == {2, 1}, list({42}), tuple({42}))
print(set(range(3)) == frozenset(range(3)))
print(repr({"a"}), str({1}), {(1, 2)})
