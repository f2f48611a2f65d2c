# locals, globals and `global`: what a name means inside a function
x = 'global x'
def reads_global():
    return x
def shadows():
    x = 'local x'
    return x
def assigns_later():
    try:
        print(x)
    except UnboundLocalError as e:
        print('UnboundLocalError:', e)
    x = 1
    return x
print(reads_global(), '|', shadows(), '|', assigns_later(), '|', x)

counter = 0
def bump(k):
    global counter
    counter += k
    return counter
print(bump(2), bump(3), counter)

def make_global():
    global created_here
    created_here = [1, 2]
make_global()
print(created_here)

def del_local():
    v = 5
    del v
    try:
        return v
    except UnboundLocalError as e:
        return 'UnboundLocalError: ' + str(e)
print(del_local())

def handler_name():
    try:
        1 / 0
    except ZeroDivisionError as err:
        msg = str(err)
    try:
        err
    except NameError as e:
        return msg + ' / ' + type(e).__name__ + ': ' + str(e)
print(handler_name())

# parameters are locals: rebinding one does not touch the caller's name
def rebind(a, b=10, *rest, **kw):
    a = a + 1
    b += 1
    rest = rest + (0,)
    kw['z'] = 1
    return a, b, rest, sorted(kw)
p = 1
print(rebind(p), rebind(p, 2, 3, 4, y=5), p)

# default values are evaluated once, where the def runs
d0 = 3
def with_default(v, d=d0, acc=[]):
    acc.append(v)
    return d, list(acc)
d0 = 99
print(with_default(1), with_default(2), with_default(3, 4))

# every call has fresh locals; recursion keeps each call's own
def fact(n):
    r = 1 if n <= 1 else n * fact(n - 1)
    return r
def fib(n):
    if n < 2:
        return n
    a = fib(n - 1)
    b = fib(n - 2)
    return a + b
print(fact(20), fib(15), [fib(i) for i in range(10)])
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))

# loop variables, augmented assignment and unpacking into locals
def loops(n):
    total = 0
    for i in range(n):
        total += i * 2
    for j, (k, m) in enumerate([(1, 2), (3, 4)]):
        total += j + k * m
    while n > 0:
        n -= 1
    return total, i, j, k, m, n
print(loops(5))

# a local name that is also a builtin
def shadow_builtin(seq):
    len = 7
    return len, max(seq)
print(shadow_builtin([3, 1, 2]), len([1, 2]))

# a global assigned after the function was defined
def late():
    return later_global * 2
later_global = 21
print(late())
