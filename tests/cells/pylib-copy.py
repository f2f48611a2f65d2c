# copy.copy / copy.deepcopy: containers, arrays, shared references, dict kinds, deques
import copy
import numpy as np
from collections import Counter, deque, defaultdict, namedtuple
a = [1, [2, 3], {"k": [4]}]
b = copy.copy(a); c = copy.deepcopy(a)
a[1].append(99); a[2]["k"].append(5)
print(a, b, c, b[1] is a[1], c[1] is a[1])
shared = [1]
s = [shared, shared]
d = copy.deepcopy(s)
print(d[0] is d[1], d[0] is shared)
t = (1, 2, "x")
print(copy.deepcopy(t) is t, copy.copy(t) is t)
t2 = (1, [2])
t3 = copy.deepcopy(t2)
print(t3, t3 is t2, t3[1] is t2[1])
x = np.arange(4)
y = copy.copy(x); z = copy.deepcopy({"arr": x})
x[0] = 100
print(y, z, type(z["arr"]).__name__)
cn = Counter("aab")
print(copy.copy(cn), copy.deepcopy(cn))
dd = defaultdict(list, {"a": [1]})
dd2 = copy.deepcopy(dd)
dd2["a"].append(2); dd2["b"].append(3)
print(dd, dd2)
q = deque([[1], [2]], maxlen=5)
q2 = copy.deepcopy(q)
q2[0].append(7)
print(q, q2)
P = namedtuple("P", "x y")
p = P([1], 2)
p2 = copy.deepcopy(p)
p2.x.append(3)
print(p, p2)
print(copy.copy(5), copy.copy("s"), copy.deepcopy(None))
