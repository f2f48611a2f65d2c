# np.array of a bytes object: a 0-d 'S3' array (host string arrays, array/flex/)
# cells: skip-gpu string arrays are host-only (CuPy has none)
import numpy as np
print(np.array(b'abc'), repr(np.array(b'abc')))
