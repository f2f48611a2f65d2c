import numpy as np
def noop():
    return
v = noop()
print(v, v is None, v == None, type(v).__name__)
print(None is None, [None] * 2, bool(None))
d = {'k': None}
print(d.get('k') is None, d.get('missing') is None)
print(repr(None), str(None))
