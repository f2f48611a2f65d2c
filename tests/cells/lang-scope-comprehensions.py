# comprehension scopes: their variables are their own
x = 'module x'
squares = [x * x for x in range(5)]
print(squares, x)
pairs = [(i, j) for i in range(3) for j in range(i)]
print(pairs)
print({k: v for k, v in zip('abc', range(3))}, [a + b for a, b in [(1, 2), (3, 4)]])
print([y for y in range(10) if y % 3 == 0 if y], sum(v * v for v in range(5)))

# the first iterable is evaluated in the enclosing scope
y = [1, 2, 3]
print([y * 2 for y in y], y)

def in_function(n, scale):
    total = 0
    vals = [i * scale for i in range(n)]      # reads a parameter
    for v in vals:
        total += v
    nested = [[i * j for j in range(3)] for i in range(n)]   # inner reads the outer's i
    flat = [e for row in nested for e in row if e]
    table = {w: len(w) * scale for w in ['a', 'bb', 'ccc']}
    i = 'function i'
    kept = [i for _ in range(2)]             # reads the function's i
    return vals, total, nested, flat, table, kept, i
print(in_function(3, 10))

def comp_shadows_local():
    k = 'local'
    got = [k for k in range(3)]
    return got, k
print(comp_shadows_local())

def comp_with_global():
    global gcount
    gcount = 5
    return [gcount + q for q in range(3)]
print(comp_with_global(), gcount)

# lambdas made in a comprehension close over its variable (late binding)
fs = [lambda: t for t in range(3)]
gs = [(lambda s: lambda: s)(t) for t in range(3)]
print([f() for f in fs], [g() for g in gs])

def comp_lambda_reads_function():
    base = 100
    fs = [lambda d=d: base + d for d in range(3)]
    base = 200
    return [f() for f in fs]
print(comp_lambda_reads_function())

# a comprehension in a lambda, and a comprehension over a name assigned
# later in the function
h = lambda n: [m * n for m in range(n)]
print(h(3))
def later():
    def f():
        return [z + w for w in range(2)]
    z = 10
    return f()
print(later())

# unpacking targets, starred targets and nested tuples
print([a * b for (a, b) in [(1, 2), (3, 4)]], [first for first, *rest in [(1, 2, 3), (4,)]])
print([(p, q, r) for p, (q, r) in enumerate([(1, 2), (3, 4)])])

# a comprehension's variable is not visible after it, even in a function
def no_leak():
    [leak for leak in range(3)]
    try:
        return leak
    except NameError as e:
        return type(e).__name__ + ': ' + str(e)
print(no_leak())
try:
    print(t)
except NameError as e:
    print('NameError:', e)
