# min_scalar_type, apply_along_axis (shapes, extra args, results of any ndim), unwrap (periods, int and float, axis, discont)
# cells: skip-gpu sorted() of a cupy row gives a list of 0-d cupy arrays, which cp.asanyarray does not stack
import numpy as np
print(np.min_scalar_type(10), np.min_scalar_type(-260), np.min_scalar_type(3.1), np.min_scalar_type(1e50),
      np.min_scalar_type(np.arange(4, dtype='f8')), np.min_scalar_type(70000.0), np.min_scalar_type(2**40),
      np.min_scalar_type(1j), np.min_scalar_type(np.float32(1e30)), np.min_scalar_type(True), np.min_scalar_type(-1))
def my_func(a):
    return (a[0] + a[-1]) * 0.5
b = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(np.apply_along_axis(my_func, 0, b), np.apply_along_axis(my_func, 1, b))
print(np.apply_along_axis(sorted, 1, np.array([[8, 1, 7], [4, 3, 9], [5, 2, 6]])))
print(np.apply_along_axis(np.diag, -1, b))
print(np.apply_along_axis(np.sum, 1, np.arange(24).reshape(2, 3, 4)), np.apply_along_axis(lambda x, k: x * k, 2, np.ones((2, 2, 2)), 3).shape)
phase = np.linspace(0, np.pi, num=5)
phase[3:] += np.pi
print(np.unwrap(phase), np.unwrap([0, 1, 2, -1, 0], period=4), np.unwrap([1, 2, 3, 4, 5, 6, 1, 2, 3], period=6))
print(np.unwrap([2, 3, 4, 5, 2, 3, 4, 5], period=4), np.unwrap(np.mod(np.linspace(0, 720, 19), 360) - 180, period=360))
print(np.unwrap(np.array([[0.0, 3.5, 7.0], [1.0, -2.0, 6.0]]), axis=0), np.unwrap([0.0, 4.0, 8.0], discont=5.0))
