import numpy as np
# np.real_if_close(a, tol=100): the real part when every imaginary part is
# below tol machine epsilons (tol > 1), or below tol itself (tol <= 1)
for a in [np.array([1+1e-14j, 2]), np.array([1+1e-10j]), np.array([1., 2]), [1+0j],
          np.array([1+1e-5j], np.complex64), 1+0j, np.array([], complex), np.array([1, 2]),
          np.array([[1+1e-15j, 2-1e-15j], [3, 4]]), np.array([1+2j]), 2.5, [1, 2]]:
    print(repr(np.real_if_close(a)))
print(repr(np.real_if_close(np.array([1+1e-10j]), tol=1e7)))
print(repr(np.real_if_close(np.array([1+1e-10j]), tol=1e-9)))
print(repr(np.real_if_close(np.array([1+0.5j]), tol=1)))
print(repr(np.real_if_close(np.array([1+1e-5j], np.complex64), tol=1000)))
print(repr(np.real_if_close(np.array([1+1e-5j], np.complex64), tol=10)))
print(repr(np.real_if_close([1+0j], tol=1)))
print(repr(np.real_if_close(np.complex64(3+0j))))
a = np.array([1., 2.])
print(np.real_if_close(a) is a)
