import numpy as np
x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.675])
print(np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.fix(x))
print(np.round(x), np.round(x, 1), np.around(x, 2), np.round(np.array([1234, 5678]), -2))
print(np.round(np.float32(2.5)), np.round(3.14159, 3), np.arange(5).round(), x.round(1))
print(np.floor(np.arange(3)), np.ceil(np.array([True, False])))
