# operator (functions, itemgetter/attrgetter/methodcaller), bisect (with key=), heapq (CPython's heap layout), gc
import operator, bisect, heapq, gc
from operator import itemgetter, attrgetter, methodcaller
from functools import reduce
from collections import namedtuple
print(reduce(operator.mul, range(1, 6)), operator.add(2, 3), operator.sub(5, 1), operator.truediv(1, 4), operator.floordiv(7, 2))
print(operator.neg(3), operator.not_(0), operator.truth([]), operator.lt(1, 2), operator.eq("a", "a"), operator.contains([1, 2], 2), operator.getitem("abc", 1))
print(operator.mod(7, 3), operator.pow(2, 10), operator.abs(-2.5), operator.index(7), operator.is_(None, None), operator.is_not(1, None), operator.concat([1], [2]))
rows = [("b", 2, 9.0), ("a", 3, 1.0), ("c", 1, 5.0)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(0)), itemgetter(0, 2)(rows[0]), itemgetter(slice(0, 2))("hello"))
P = namedtuple("P", "x y")
pts = [P(3, 1), P(1, 2)]
print(sorted(pts, key=attrgetter("x")), attrgetter("x", "y")(pts[0]), methodcaller("upper")("abc"), methodcaller("split", ",")("a,b"), methodcaller("replace", "a", "b")("aaa"))
print(itemgetter(1), attrgetter("x"), methodcaller("f", 1, k=2))
a = [1, 2, 2, 4, 8]
print(bisect.bisect_left(a, 2), bisect.bisect_right(a, 2), bisect.bisect(a, 5), bisect.bisect_left(a, 0), bisect.bisect(a, 9), bisect.bisect_left(a, 2, lo=2))
bisect.insort(a, 3); bisect.insort_left(a, 2); print(a)
recs = [(1, "a"), (5, "b"), (9, "c")]
print(bisect.bisect_left(recs, 5, key=itemgetter(0)))
bisect.insort(recs, (6, "z"), key=itemgetter(0)); print(recs)
h = []
for x in [5, 1, 8, 3, 9, 2, 7]:
    heapq.heappush(h, x)
print(h, heapq.heappop(h), h)
d = [9, 4, 7, 1, 8, 2, 6, 3]
heapq.heapify(d); print(d)
print(heapq.heapreplace(d, 5), d, heapq.heappushpop(d, 0), heapq.heappushpop(d, 10), d)
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, [5, 1, 8, 3, 9]), heapq.nlargest(2, rows, key=itemgetter(2)))
print([heapq.heappop(d) for _ in range(len(d))])
ht = []
heapq.heappush(ht, (2, "b")); heapq.heappush(ht, (1, "z")); heapq.heappush(ht, (1, "a"))
print(ht, heapq.heappop(ht))
print(gc.collect() >= 0, gc.isenabled())
try:
    heapq.heappop([])
except IndexError as e:
    print(e)
