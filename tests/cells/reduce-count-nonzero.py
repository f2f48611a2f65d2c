import numpy as np
a = np.array([[0, 1, 7, 0], [3, 0, 2, 19]])
print(np.count_nonzero(a), np.count_nonzero(a, axis=0), np.count_nonzero(a, axis=1), repr(np.count_nonzero(a)))
print(np.count_nonzero(np.array([np.nan, 0.0, -0.0])), np.count_nonzero(np.eye(4)), np.count_nonzero([True, False]))
