# Cycles that no frame's end can see are freed by gc.collect() (and by the
# automatic collection): an instance that holds its own bound method, a
# returned recursive closure dropped later, a closure stored on an object it
# reads.  A generator they hold is closed then (its finally block runs).
import gc

def source(tag):
    try:
        yield 1
        yield 2
    finally:
        print("closed", tag)

class Node:
    def __init__(self, tag):
        self.cb = self.ping          # instance -> bound method -> instance
        self.g = source(tag)
        next(self.g)
    def ping(self):
        return "pong"

n = Node("node")
print(n.cb())
del n
print("collected something:", gc.collect() > 0)

def make_rec(tag):
    g = source(tag)
    next(g)
    def walk(k):                     # walk -> closure -> frame -> walk
        return g if k == 0 else walk(k - 1)
    return walk

w = make_rec("recursive")
print(next(w(3)))
del w
gc.collect()

class Box:
    pass

def boxed(tag):
    b = Box()
    b.g = source(tag)
    next(b.g)
    b.get = lambda: b.g              # b -> lambda -> frame -> b
    return b

b = boxed("boxed")
print(next(b.get()))
del b
gc.collect()

print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
print("end")
