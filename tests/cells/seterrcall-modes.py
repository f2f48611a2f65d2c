# np.seterrcall / np.geterrcall and the error modes 'call' and 'log' (NumPy's status bits, messages, errstate(call=))
# cells: skip-gpu CuPy reports no floating-point errors
import numpy as np
print(np.geterrcall())
def h(t, f):
    print('H', t, f)
print(np.seterrcall(h))
old = np.seterr(all='call')
print(repr(np.array([1., 0]) / 0))
print(repr(np.array([1e308]) * 10), repr(np.float64(1) / 0))
with np.errstate(call=lambda t, f: print('E', t, f), divide='call'):
    np.array([1.]) / 0
np.array([1.]) / 0
print(np.geterrcall() is h)
def bad(t, f):
    raise ValueError('boom')
np.seterrcall(bad)
try:
    np.array([1.]) / 0
except ValueError as e:
    print('ValueError', e)
print(np.seterrcall(None) is bad)
try:
    np.array([1.]) / 0
except NameError as e:
    print('NameError', e)
np.seterr(all='log')
try:
    np.array([1.]) / 0
except NameError as e:
    print('NameError', e)
class Log:
    def write(self, msg):
        print("LOG: %s" % msg)
np.seterrcall(Log())
print(repr(np.array([1, 2, 3]) / 0.0))
print(repr(np.array([0.]) / 0))
try:
    np.seterrcall(3)
except TypeError as e:
    print('TypeError', e)
print(np.seterr(**old))
np.seterrcall(None)
print(np.geterr(), np.geterrcall())
