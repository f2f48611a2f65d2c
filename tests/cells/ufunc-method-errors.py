import numpy as np
a = np.arange(6).reshape(2, 3)
try:
    np.sin.reduce([1.0])
except ValueError as e:
    print('ValueError:', e)
try:
    np.subtract.reduce(a, axis=None)
except ValueError as e:
    print('ValueError:', e)
try:
    np.maximum.reduce([])
except ValueError as e:
    print('ValueError:', e)
try:
    np.subtract.reduce([])
except ValueError as e:
    print('ValueError:', e)
try:
    np.add.foo
except AttributeError as e:
    print('AttributeError:', e)
try:
    np.add.at(np.zeros(5), [9], 1)
except IndexError as e:
    print('IndexError:', e)
try:
    np.sin.outer([1], [2])
except ValueError as e:
    print('ValueError:', e)
try:
    np.add.accumulate(np.float64(1))
except TypeError as e:
    print('TypeError:', e)
try:
    np.add.reduce(a, axis=2)
except np.exceptions.AxisError as e:
    print('AxisError:', e)
np.add.reduce(a, axis=3)
