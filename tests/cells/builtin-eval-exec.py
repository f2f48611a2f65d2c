# eval/exec builtins: the caller's scope by default (a def's locals as a
# snapshot), a dict as globals (and __builtins__ added to it), functions
# and lambdas defined by the source, SyntaxError as CPython reports it,
# and CPython's argument errors; globals()/locals() of the running scope
import numpy as np

for f in ['eval(1)', 'exec(1)', 'eval("1", [])', 'exec("1", [])', 'exec("1", {}, 1)',
          'eval()', 'exec()', 'eval("1", {}, {}, {})', 'eval("1", globals={})', 'eval("1", {}, 1)',
          'exec("1", globals={})', 'exec("1", {}, {}, {})', 'eval("1", None, {})', 'exec("1", None, 1)',
          'eval(b"1+1")', 'eval(" 1+1")', 'eval("\\t1")', 'eval("x + y", {"x": 1}, {"y": 2})',
          'eval("a\\0b")', 'exec(" x = 1")']:
    try:
        print(f, '->', repr(eval(f)))
    except Exception as e:
        print(f, '->', type(e).__name__, e)


def f(n):
    a = 5
    print(eval('a + n'), sorted(locals()))
    exec('b = a * 2')
    exec('print(a, n)')
    print(globals() is g, 'a' in globals())


g = globals()
f(1)

ns = {}
exec('x = 1\ndef h(y):\n    return x + y\n', ns)
print(sorted(ns), ns['h'](2), type(ns['__builtins__']).__name__)
src = '''
def sq(v):
    return v * v
'''
exec(src)
print(sq(4))
exec('z = 10')
print(z)
print(eval('[i * z for i in range(3)]'))
fn = eval('lambda t: t + z')
print(fn(1))
print(list(map(eval, ['1 + 1', 'z'])))


class C:
    q = 3
    print(eval('q'), sorted(k for k in locals() if not k.startswith('__')))


for bad in ['1/0', 'undefined_name', '1 + )', 'x = 1']:
    try:
        eval(bad)
    except SyntaxError as e:
        print('SyntaxError', e, e.lineno, e.offset, repr(e.text))
    except Exception as e:
        print(type(e).__name__, e)
try:
    exec('for x in:\n    pass')
except SyntaxError as e:
    print('SyntaxError', e, e.lineno, e.offset, repr(e.text))

env = {'np': np, 'n': 4}
print(eval('np.arange(n) ** 2', env))
exec('import math\nr = math.sqrt(16)\narr = np.ones(n)', env)
print(env['r'], env['arr'], sorted(k for k in env if k != '__builtins__'))
print(eval('abs(-3)', {}), eval('len(s)', {}, {'s': 'abc'}))
print(exec('pass'))
exec('def k(v=2):\n    return v * w\nw = 3\nprint(k())', {})
class A:
    pass
a = A(); a.x = 1
print(vars(a))
def f(q):
    r = 2
    return vars()
print(f(1))
import math
print(type(vars(math)).__name__)
for bad in ['vars(1)', 'vars(1, 2)']:
    try:
        eval(bad)
    except TypeError as e:
        print(e)
def deep(n):
    return eval('deep(n - 1)') if n else 0
print(deep(50))
try:
    eval('f(' * 300 + ')' * 300)
except (SyntaxError, RecursionError, MemoryError) as e:
    print(type(e).__name__)
code = '\n'.join('v%d = %d' % (i, i) for i in range(2000))
ns = {}
exec(code, ns)
print(ns['v1999'])
class K:
    exec('z = 4')
    w = eval('z + 1')
print(K.z, K.w)
def gen():
    yield eval('1 + 1')
print(list(gen()))
print(eval('(lambda: locals())()'))
x = 5
def h():
    x = 7
    return eval('x'), eval('x', globals()), eval('x', None, {'x': 9})
print(h())
