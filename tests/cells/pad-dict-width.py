# np.pad with a dict pad_width (NumPy 2.3: {axis: width or (before, after)}, other axes 0) and with a
# function as the mode (vector, iaxis_pad_width as _as_pairs gives it, iaxis, kwargs), padding in place
# cells: skip-gpu CuPy's pad takes neither a dict width nor a function mode
import numpy as np
a = np.arange(6).reshape(2, 3)
print(repr(np.pad(a, {1: (1, 2)})), repr(np.pad(a, {-1: 2})))
print(repr(np.pad(a, {0: (3, 0)})), repr(np.pad(a, {0: (3, 0), 1: 2})))
print(repr(np.pad(a, {0: 1}, mode='edge')), repr(np.pad(a, {})))
for w in [{2: 1}, {0: (1, 2, 3)}]:
    try:
        np.pad(a, w)
    except (IndexError, AssertionError) as e:
        print(type(e).__name__, e)
def pad_with(vector, pad_width, iaxis, kwargs):
    pad_value = kwargs.get('padder', 10)
    vector[:pad_width[0]] = pad_value
    vector[-pad_width[1]:] = pad_value
print(repr(np.pad(a, 2, pad_with)))
print(repr(np.pad(a, 2, pad_with, padder=100)))
seen = []
def rec(vector, pw, iaxis, kwargs):
    seen.append((iaxis, repr(pw), vector.shape, sorted(kwargs)))
print(repr(np.pad(np.arange(4.), ((1, 2),), rec, x=1)), seen)
print(repr(np.pad(np.ones((2, 2)), ((1, 0), (0, 1)), mode=lambda v, p, i, k: None)))
seen.clear()
np.pad(np.ones((2, 2)), ((1, 0), (0, 1)), rec)
np.pad(np.ones((2, 2)), 1, rec)
np.pad(np.ones((2, 2)), (1, 3), rec)
print(seen)
