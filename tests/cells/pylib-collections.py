# collections: namedtuple, defaultdict, Counter, OrderedDict, deque
from collections import namedtuple, defaultdict, Counter, OrderedDict, deque
import collections
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x, p[1], p._asdict(), p._replace(x=5), Point._fields, Point)
x, y = p
print(x + y, len(p), isinstance(p, tuple), Point._make([3, 4]))
P3 = namedtuple("P3", "a b, c", defaults=[0])
print(P3(1, 2), P3._field_defaults)
try:
    Point(1)
except TypeError as e:
    print(e)
try:
    P3()
except TypeError as e:
    print(e)
try:
    namedtuple("X", ["_a"])
except ValueError as e:
    print(e)
d = defaultdict(list)
d["a"].append(1); d["b"].append(2); d["a"].append(3)
print(d, d["a"], len(d), d.default_factory, dict(d))
dc = defaultdict(int)
for ch in "hello":
    dc[ch] += 1
print(dc, sorted(dc.items()))
dn = defaultdict()
try:
    dn["x"]
except KeyError as e:
    print("KeyError", e)
c = Counter("abracadabra")
print(c, c["a"], c["zz"], c.most_common(2), len(c))
c.update("aaz")
print(c.most_common(3), c.total())
c2 = Counter(a=1, b=10)
print(c + c2, c - c2, c | c2, c & c2)
print(Counter(), Counter({"x": 2}), sorted(Counter("aab").elements()))
c.subtract("a")
print(c["a"])
import sys


def odr(od):
    # OrderedDict's repr: [(k, v), ...] up to CPython 3.11 (Lumen's sys.version_info),
    # {k: v, ...} from 3.12 on; the items print the same under both
    want = "OrderedDict()" if not od else "OrderedDict(%r)" % (dict(od) if sys.version_info >= (3, 12) else list(od.items()))
    return "%r %s" % (list(od.items()), "repr ok" if repr(od) == want and str(od) == want else "repr " + repr(od))


od = OrderedDict()
od["b"] = 1; od["a"] = 2; od["c"] = 3
print(odr(od), list(od))
od.move_to_end("b")
print(odr(od))
od.move_to_end("c", last=False)
print(odr(od), od.popitem(), od.popitem(last=False), odr(od))
print(odr(OrderedDict()), odr(OrderedDict([(1, 2)])))
q = deque([1, 2, 3])
q.append(4); q.appendleft(0)
print(q, len(q), q[0], q[-1], 3 in q)
print(q.pop(), q.popleft(), q)
q.rotate(1); print(q)
q.rotate(-2); print(q)
m = deque(maxlen=3)
for i in range(5):
    m.append(i)
print(m, list(m), m.maxlen)
m.appendleft(9); print(m)
m.extend([7, 8]); print(m)
e = deque()
try:
    e.pop()
except IndexError as ex:
    print(ex)
print(bool(e), bool(q), deque("ab") == deque("ab"), list(reversed(q)) if False else sorted(q))
for v in q:
    print(v, end=" ")
print()
