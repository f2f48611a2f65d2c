import numpy as np
# The legacy polar method's second Gaussian is cached per object (NumPy's
# has_gauss): an odd number of randn leaves one cached for the next normal.
a = np.random.RandomState(1)
b = np.random.RandomState(1)
np.random.seed(1)
print(a.randn(3))
print(b.randn(1))
print(np.random.randn(5))
print(a.normal(), b.normal(0, 1, 2))
print(a.get_state()[3:], b.get_state()[3:])
print(np.random.get_state()[3:])
print(np.random.standard_normal(), a.standard_normal(), b.standard_normal())
# a uniform draw does not touch the cache
a = np.random.RandomState(2)
print(a.randn(), a.rand(), a.randn(), a.randn())
# seed() clears the cache
a.randn()
print(a.get_state()[3])
a.seed(2)
print(a.get_state()[3:], a.randn())
# set_state restores the cache with the key
a = np.random.RandomState(8)
a.randn()
st = a.get_state()
x = a.normal(5, 2, 3)
c = np.random.RandomState()
c.set_state(st)
print(x, c.normal(5, 2, 3))
