import numpy as np
print(np.heaviside(np.array([-1.5, 0.0, 2.0, np.nan]), 0.5))
print(np.copysign(np.array([1.0, -2.0, 3.0]), -1), np.copysign(2, np.array([-0.0, 0.0])))
print(np.hypot(np.array([3.0, 5.0]), np.array([4.0, 12.0])), np.arctan2(1, 1))
print(np.logaddexp(0, 0), np.logaddexp(np.array([-1000.0, 1000.0]), 0), np.nextafter(1.0, 2.0) - 1.0)
print(np.reciprocal(np.array([1, 2, -1])), np.reciprocal(np.array([0.5, 4.0])))
print(np.conjugate(np.arange(3)), np.sign(np.array([-3, 0, 5])), np.exp2(np.arange(4)))
