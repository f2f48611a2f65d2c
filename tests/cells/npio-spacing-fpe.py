# np.spacing of the largest float overflows: FloatingPointError under errstate(over='raise')
# cells: skip-gpu CuPy reports no floating-point errors
import numpy as np
with np.errstate(over='raise'):
    try:
        np.spacing(np.finfo(float).max)
    except FloatingPointError as e:
        print('FloatingPointError', e)
    try:
        np.spacing(np.finfo(np.float32).max)
    except FloatingPointError as e:
        print('FloatingPointError', e)
with np.errstate(over='ignore'):
    print(np.spacing(np.finfo(float).max), np.spacing(np.float16(65504)))
