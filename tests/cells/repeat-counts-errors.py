# np.repeat's counts: one count for all is checked once (repeat([], -1) is an empty
# array, a negative count for a non-empty array is NumPy's "negative dimensions"), a
# negative count among per-item counts is "repeats may not contain negative values.",
# and the output length is the product or the sum of the counts.
import numpy as np
for a, r in [([], -1), ([1, 2], -1), ([1, 2], [1, -1]), (np.zeros(0), []), ([3.5], 0)]:
    try:
        out = np.repeat(a, r)
        print(out, out.shape, out.dtype)
    except ValueError as e:
        print("ValueError", e)
x = np.arange(6).reshape(2, 3)
print(np.repeat(x, 2).shape, np.repeat(x, 2, axis=1), np.repeat(x, [2, 0], axis=0))
print(np.repeat(np.arange(4), [0, 1, 2, 3]))
