# every call starts from fresh locals: a name bound in an earlier call is
# unbound in the next, whatever the number of locals; arguments are
# evaluated left to right before the call, and an error in one stops there
def f(flag):
    if flag:
        v = 1
    try:
        return v
    except UnboundLocalError as e:
        return 'unbound: ' + str(e)

def many(flag):
    a = b = c = d = e = g = h = 1
    if flag:
        w = 2
    try:
        return w + a + b + c + d + e + g + h
    except UnboundLocalError:
        return 'w unbound'

def kw(**k):
    return sorted(k.items())

def outer(n):
    x = n
    def inner():
        return x
    return inner

print(f(True), f(False), f(True), f(False))
print(many(True), many(False), many(True), many(False))
print(kw(a=1), kw(), kw(b=2, c=3), kw())
gs = [outer(i) for i in range(5)]
print([g() for g in gs])

def show(tag, v):
    print('arg', tag)
    return v

def add3(p, q, r):
    return p + q + r

print(add3(show('p', 1), show('q', 2), show('r', 3)))
try:
    add3(show('p', 1), undefined_name, show('r', 3))
except NameError as e:
    print('NameError', e)
try:
    add3(show('p', 1), show('q', 2))
except TypeError as e:
    print('TypeError', e)
try:
    add3(1, 2, 3, 4)
except TypeError as e:
    print('TypeError', e)
print(add3(*[1, 2], 3), add3(1, *(2, 3)), add3(1, 2, r=3))

def rec(n):
    return 0 if n == 0 else 1 + rec(n - 1)
print(rec(50), [rec(k) for k in range(4)])
