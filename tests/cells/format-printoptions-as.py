# `with np.printoptions(...) as opts`: opts is the options dict in force
# inside the block (np.get_printoptions()), the manager contextlib's type.
import numpy as np
cm = np.printoptions(precision=2, suppress=True)
print(type(cm))
with cm as opts:
    print(type(opts).__name__, opts == np.get_printoptions())
    print(opts['precision'], opts['suppress'])
    print(np.array([1.23456, 1e-9]))
print(np.get_printoptions()['precision'], np.array([1.23456]))
