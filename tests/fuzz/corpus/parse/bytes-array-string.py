# NumPy makes an 'S3' array; Lumen has no string arrays and says so
import numpy as np
print(np.array(b'abc'))
