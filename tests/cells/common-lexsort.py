import numpy as np
print(np.lexsort(([1, 5, 1, 4, 3], [9, 4, 0, 4, 0])), np.lexsort(np.array([[4, 1], [0, 0]])), np.lexsort(([3, 1, 2],)))
k1, k2 = np.array([[3, 1], [1, 1]]), np.array([[1, 1], [0, 0]])
print(np.lexsort((k1, k2), axis=0), np.lexsort((k1, k2)))
print(np.lexsort(([1.5, np.nan, 0.5], [1, 1, 1])), np.lexsort((np.arange(6) % 3, np.arange(6) % 2, np.zeros(6))))
print(np.sort_complex([5, 3, 6, 2, 1]), np.sort_complex([1 + 2j, 2 - 1j, 3 - 2j, 3 - 3j, 3 + 5j]))
print(repr(np.sort_complex(np.array([3, 1], dtype=np.int8))), repr(np.sort_complex(np.array([3, 1], dtype=np.float32))))
print(repr(np.sort_complex(np.array([3, 1], dtype=np.complex64))), np.sort_complex([[3, 1], [0, 2]]))
for f in (lambda: np.lexsort(([1, 2], [1, 2, 3])), lambda: np.lexsort(([1, 2],), axis=1)):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
