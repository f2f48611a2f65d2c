# nested functions and lambdas read the enclosing scope live
def outer():
    def inner():
        return v * 2          # v is assigned after inner is defined
    v = 10
    first = inner()
    v = 20
    return first, inner()
print(outer())

def make_counter():
    n = 0
    def inc(step=1):
        nonlocal n
        n += step
        return n
    def get():
        return n
    return inc, get
inc, get = make_counter()
inc(); inc(5)
inc2, get2 = make_counter()
inc2()
print(get(), get2())

def three_levels(a):
    b = a + 1
    def mid():
        c = b + 1
        def inner():
            return a, b, c
        return inner
    return mid()()
print(three_levels(1))

# an inner function shadowing, and one calling itself by name
def shadowing():
    name = 'outer'
    def inner():
        name = 'inner'
        return name
    return inner(), name
print(shadowing())
def recursive_inner(n):
    def walk(k):
        return 0 if k == 0 else k + walk(k - 1)
    return walk(n)
print(recursive_inner(10))

# lambdas: late binding in a loop, the default-argument idiom
def lambdas():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    gs = [lambda i=i: i for i in range(3)]
    hs = [lambda: k for k in range(3)]
    return [f() for f in fs], [g() for g in gs], [h() for h in hs]
print(lambdas())
scale = 3
mul = lambda x, k=2: x * k * scale
print(mul(2), mul(2, 1))
scale = 4
print(mul(2))

# closures over parameters keep each call's own value
def adder(n):
    return lambda x: x + n
adders = [adder(k) for k in range(4)]
print([f(10) for f in adders])

# a closure kept after its function returned, then the enclosing
# variable changes through another closure of the same call
def pair():
    box = []
    def put(v):
        box.append(v)
    def peek():
        return list(box)
    return put, peek
put, peek = pair()
put(1); put(2)
print(peek())

# nonlocal rebinding seen by a sibling closure
def shared():
    state = 'a'
    def setter(v):
        nonlocal state
        state = v
    def getter():
        return state
    setter('b')
    first = getter()
    setter('c')
    return first, getter(), state
print(shared())

# a free name that is global, read by a nested function
G = 'module'
def reads_module():
    def inner():
        return G
    return inner()
print(reads_module())
def global_in_nested():
    def inner():
        global G
        G = 'changed'
    inner()
    return G
print(global_in_nested(), G)
