# arange with complex start/stop/step: NumPy's length min(ceil(re), ceil(im)) of
# (stop - start)/step, the values start + i*step, and its errors
import numpy as np
try:
    print('np.arange(0, 1+1j, 0.5)', repr(np.arange(0, 1+1j, 0.5)))
except Exception as e:
    print('np.arange(0, 1+1j, 0.5)', type(e).__name__, e)
try:
    print('np.arange(1j)', repr(np.arange(1j)))
except Exception as e:
    print('np.arange(1j)', type(e).__name__, e)
try:
    print('np.arange(0, 3, 1+0j)', repr(np.arange(0, 3, 1+0j)))
except Exception as e:
    print('np.arange(0, 3, 1+0j)', type(e).__name__, e)
try:
    print('np.arange(1+1j, 5, 1)', repr(np.arange(1+1j, 5, 1)))
except Exception as e:
    print('np.arange(1+1j, 5, 1)', type(e).__name__, e)
try:
    print('np.arange(0, 5, 1j)', repr(np.arange(0, 5, 1j)))
except Exception as e:
    print('np.arange(0, 5, 1j)', type(e).__name__, e)
try:
    print('np.arange(0, 2, 0.5+0.5j)', repr(np.arange(0, 2, 0.5+0.5j)))
except Exception as e:
    print('np.arange(0, 2, 0.5+0.5j)', type(e).__name__, e)
try:
    print('np.arange(1+2j, 4+8j, 1+1j)', repr(np.arange(1+2j, 4+8j, 1+1j)))
except Exception as e:
    print('np.arange(1+2j, 4+8j, 1+1j)', type(e).__name__, e)
try:
    print('np.arange(5+5j, 0, -1-1j)', repr(np.arange(5+5j, 0, -1-1j)))
except Exception as e:
    print('np.arange(5+5j, 0, -1-1j)', type(e).__name__, e)
try:
    print('np.arange(0, 3+3j, 0.7)', repr(np.arange(0, 3+3j, 0.7)))
except Exception as e:
    print('np.arange(0, 3+3j, 0.7)', type(e).__name__, e)
try:
    print('np.arange(0, 10+10j, 1+1j)', repr(np.arange(0, 10+10j, 1+1j)))
except Exception as e:
    print('np.arange(0, 10+10j, 1+1j)', type(e).__name__, e)
try:
    print('np.arange(0, 4+4j, 0.5, np.complex64)', repr(np.arange(0, 4+4j, 0.5, np.complex64)))
except Exception as e:
    print('np.arange(0, 4+4j, 0.5, np.complex64)', type(e).__name__, e)
try:
    print('np.arange(0, 4+4j, 1, dtype=complex)', repr(np.arange(0, 4+4j, 1, dtype=complex)))
except Exception as e:
    print('np.arange(0, 4+4j, 1, dtype=complex)', type(e).__name__, e)
try:
    print('np.arange(0, 3, dtype=complex)', repr(np.arange(0, 3, dtype=complex)))
except Exception as e:
    print('np.arange(0, 3, dtype=complex)', type(e).__name__, e)
try:
    print('np.arange(0.5, 3, dtype=np.complex64)', repr(np.arange(0.5, 3, dtype=np.complex64)))
except Exception as e:
    print('np.arange(0.5, 3, dtype=np.complex64)', type(e).__name__, e)
try:
    print('np.arange(0, 1, 0j)', repr(np.arange(0, 1, 0j)))
except Exception as e:
    print('np.arange(0, 1, 0j)', type(e).__name__, e)
try:
    print('np.arange(0, 1j, 0)', repr(np.arange(0, 1j, 0)))
except Exception as e:
    print('np.arange(0, 1j, 0)', type(e).__name__, e)
try:
    print('np.arange(0, complex(np.nan, 1), 1)', repr(np.arange(0, complex(np.nan, 1), 1)))
except Exception as e:
    print('np.arange(0, complex(np.nan, 1), 1)', type(e).__name__, e)
try:
    print('np.arange(0, 1e300+1e300j, 1e-300)', repr(np.arange(0, 1e300+1e300j, 1e-300)))
except Exception as e:
    print('np.arange(0, 1e300+1e300j, 1e-300)', type(e).__name__, e)
try:
    print('np.arange(0, 4+4j, 0.5, int)', repr(np.arange(0, 4+4j, 0.5, int)))
except Exception as e:
    print('np.arange(0, 4+4j, 0.5, int)', type(e).__name__, e)
try:
    print('np.arange(0, 4+4j, 0.5, float)', repr(np.arange(0, 4+4j, 0.5, float)))
except Exception as e:
    print('np.arange(0, 4+4j, 0.5, float)', type(e).__name__, e)
try:
    print('np.arange(0, 4+4j, 0.5, bool)', repr(np.arange(0, 4+4j, 0.5, bool)))
except Exception as e:
    print('np.arange(0, 4+4j, 0.5, bool)', type(e).__name__, e)
