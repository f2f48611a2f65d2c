# del of a local that is not bound: UnboundLocalError, as CPython's
def f():
    try:
        del x
    except NameError as e:
        print(type(e).__name__, e)
    x = 1
    del x
    return 'ok'
print(f())
try:
    del undefined_global
except NameError as e:
    print(type(e).__name__, e)
def h():
    global hg
    del hg
try:
    h()
except NameError as e:
    print(type(e).__name__, e)
def g(n):
    if n:
        y = n
    del y
    return n
print(g(1))
g(0)
