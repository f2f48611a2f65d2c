# NumPy makes an 'S3' array; Lumen has no string arrays and says so
# cells: todo string (S) arrays are not supported by Lumen
import numpy as np
print(np.array(b'abc'))
