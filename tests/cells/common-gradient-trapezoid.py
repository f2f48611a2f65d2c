import numpy as np
# trapezoid: dx, x (1-d and n-d), axis; scalars for 1-d input
print(np.trapezoid([1, 2, 3]), np.trapezoid([1, 2, 3], x=[4, 6, 8]), np.trapezoid([1, 2, 3], dx=2))
print(np.trapezoid(np.arange(6).reshape(2, 3), axis=0), np.trapezoid(np.arange(6).reshape(2, 3)))
x = np.linspace(0, np.pi, 101)
print(np.trapezoid(np.sin(x), x), np.trapezoid(np.sin(x), dx=x[1]), np.trapezoid([1.5]), np.trapezoid([]))
print(np.trapezoid(np.arange(6.).reshape(2, 3), x=np.array([[0, 1, 3], [0, 2, 3]])))
print(repr(np.trapezoid(np.array([1, 2, 4], dtype=np.float32))), np.trapezoid([1j, 2, 3 + 1j]))
# gradient: uniform and coordinate spacing, edge orders 1 and 2, axes, int input as float64
f = [1, 2, 4, 7, 11]
print(np.gradient(f), np.gradient(f, 2), np.gradient(f, edge_order=2))
print(np.gradient(np.array(f, float), [0, 1, 1.5, 3.5, 4]), np.gradient(np.array(f, float), [0, 2, 4, 6, 8]))
print(np.gradient(np.array(f, float), [0, 1, 1.5, 3.5, 4], edge_order=2))
g = np.array([[1, 2, 6], [3, 4, 5]])
print(np.gradient(g.astype(float)))
print(np.gradient(g, axis=1), np.gradient(g, 2, [1, 2, 4]), np.gradient(g, axis=(1, 0)))
print(repr(np.gradient(np.array([1, 2], dtype=np.float32))), np.gradient([1 + 1j, 2, 4j]))
print(np.gradient(np.exp(np.linspace(0, 1, 7)), np.linspace(0, 1, 7) ** 2, edge_order=2))
