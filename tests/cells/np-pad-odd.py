# np.pad with reflect_type=odd: NumPy chunk-by-chunk odd reflection (reflect and symmetric, wide pads, 2-d, singletons)
import numpy as np
a = [1, 2, 3, 4, 5]
for m in ('reflect', 'symmetric'):
    for w in ((2, 3), (7, 9), (0, 4), (1, 0)):
        print(m, w, np.pad(a, w, m, reflect_type='odd'), np.pad(np.array(a, float), w, m, reflect_type='odd'))
print(np.pad(np.arange(6).reshape(2, 3), ((1, 2), (3, 1)), 'reflect', reflect_type='odd'))
print(np.pad(np.arange(6).reshape(2, 3), 2, 'symmetric', reflect_type='odd'))
print(np.pad([3], 2, 'reflect', reflect_type='odd'), np.pad([3, 5], 5, 'reflect', reflect_type='odd'))
try:
    np.pad(a, 1, 'reflect', reflect_type='x')
except ValueError as e:
    print(e)
