# arange values as NumPy stores them: the first two values set into the dtype,
# the rest x[0] + i*(x[1]-x[0]) in that dtype (integers wrap); bit patterns via views
import numpy as np
try:
    print('np.arange(250,260,dtype=np.int8)', repr(np.arange(250,260,dtype=np.int8)))
except Exception as e:
    print('np.arange(250,260,dtype=np.int8)', type(e).__name__, e)
try:
    print('np.arange(100,130,10,dtype=np.int8)', repr(np.arange(100,130,10,dtype=np.int8)))
except Exception as e:
    print('np.arange(100,130,10,dtype=np.int8)', type(e).__name__, e)
try:
    print('np.arange(0,3,0.5,dtype=int)', repr(np.arange(0,3,0.5,dtype=int)))
except Exception as e:
    print('np.arange(0,3,0.5,dtype=int)', type(e).__name__, e)
try:
    print('np.arange(0.5,5,dtype=int)', repr(np.arange(0.5,5,dtype=int)))
except Exception as e:
    print('np.arange(0.5,5,dtype=int)', type(e).__name__, e)
try:
    print('np.arange(5,0,-1,dtype=np.uint8)', repr(np.arange(5,0,-1,dtype=np.uint8)))
except Exception as e:
    print('np.arange(5,0,-1,dtype=np.uint8)', type(e).__name__, e)
try:
    print('np.arange(3,dtype=bool)', repr(np.arange(3,dtype=bool)))
except Exception as e:
    print('np.arange(3,dtype=bool)', type(e).__name__, e)
try:
    print('np.arange(2,dtype=bool)', repr(np.arange(2,dtype=bool)))
except Exception as e:
    print('np.arange(2,dtype=bool)', type(e).__name__, e)
try:
    print('np.arange(0,1,0.1,dtype=np.float32).view(np.int32)', repr(np.arange(0,1,0.1,dtype=np.float32).view(np.int32)))
except Exception as e:
    print('np.arange(0,1,0.1,dtype=np.float32).view(np.int32)', type(e).__name__, e)
try:
    print('np.arange(1e-320, 1, 1e308)', repr(np.arange(1e-320, 1, 1e308)))
except Exception as e:
    print('np.arange(1e-320, 1, 1e308)', type(e).__name__, e)
try:
    print('np.arange(0, 5, dtype=np.float16)', repr(np.arange(0, 5, dtype=np.float16)))
except Exception as e:
    print('np.arange(0, 5, dtype=np.float16)', type(e).__name__, e)
try:
    print('np.arange(-3,3,dtype=np.uint8)', repr(np.arange(-3,3,dtype=np.uint8)))
except Exception as e:
    print('np.arange(-3,3,dtype=np.uint8)', type(e).__name__, e)
try:
    print('np.arange(2**53, 2**53+10, 3, dtype=float)', repr(np.arange(2**53, 2**53+10, 3, dtype=float)))
except Exception as e:
    print('np.arange(2**53, 2**53+10, 3, dtype=float)', type(e).__name__, e)
try:
    print('np.arange(10, dtype=np.int32)', repr(np.arange(10, dtype=np.int32)))
except Exception as e:
    print('np.arange(10, dtype=np.int32)', type(e).__name__, e)
try:
    print('np.arange(0.1, 0.2, 0.7)', repr(np.arange(0.1, 0.2, 0.7)))
except Exception as e:
    print('np.arange(0.1, 0.2, 0.7)', type(e).__name__, e)
try:
    print('np.arange(1,2,dtype=np.int8)', repr(np.arange(1,2,dtype=np.int8)))
except Exception as e:
    print('np.arange(1,2,dtype=np.int8)', type(e).__name__, e)
try:
    print('np.arange(0, 1e300, 1e-300)', repr(np.arange(0, 1e300, 1e-300)))
except Exception as e:
    print('np.arange(0, 1e300, 1e-300)', type(e).__name__, e)
try:
    print('np.arange(0, np.inf)', repr(np.arange(0, np.inf)))
except Exception as e:
    print('np.arange(0, np.inf)', type(e).__name__, e)
try:
    print('np.arange(np.nan)', repr(np.arange(np.nan)))
except Exception as e:
    print('np.arange(np.nan)', type(e).__name__, e)
try:
    print('np.arange(0,10,np.inf)', repr(np.arange(0,10,np.inf)))
except Exception as e:
    print('np.arange(0,10,np.inf)', type(e).__name__, e)
try:
    print('np.arange(5, dtype=complex)', repr(np.arange(5, dtype=complex)))
except Exception as e:
    print('np.arange(5, dtype=complex)', type(e).__name__, e)
try:
    print('np.arange(1,2,0.3,dtype=np.complex64)', repr(np.arange(1,2,0.3,dtype=np.complex64)))
except Exception as e:
    print('np.arange(1,2,0.3,dtype=np.complex64)', type(e).__name__, e)
try:
    print('np.arange(3, dtype=np.float16)', repr(np.arange(3, dtype=np.float16)))
except Exception as e:
    print('np.arange(3, dtype=np.float16)', type(e).__name__, e)
try:
    print('np.arange(0, 2**63-1, 2**62)', repr(np.arange(0, 2**63-1, 2**62)))
except Exception as e:
    print('np.arange(0, 2**63-1, 2**62)', type(e).__name__, e)
try:
    print('np.arange(-5, 5, 3, dtype=np.uint64)', repr(np.arange(-5, 5, 3, dtype=np.uint64)))
except Exception as e:
    print('np.arange(-5, 5, 3, dtype=np.uint64)', type(e).__name__, e)
try:
    print('np.arange(-1.5, 2.7, 0.35).view(np.int64)', repr(np.arange(-1.5, 2.7, 0.35).view(np.int64)))
except Exception as e:
    print('np.arange(-1.5, 2.7, 0.35).view(np.int64)', type(e).__name__, e)
try:
    print('np.arange(3.0, -2.0, -0.7).view(np.int64)', repr(np.arange(3.0, -2.0, -0.7).view(np.int64)))
except Exception as e:
    print('np.arange(3.0, -2.0, -0.7).view(np.int64)', type(e).__name__, e)
try:
    print('np.arange(0.1, 100.0, 0.37, dtype=np.float32).view(np.int32)[-5:]', repr(np.arange(0.1, 100.0, 0.37, dtype=np.float32).view(np.int32)[-5:]))
except Exception as e:
    print('np.arange(0.1, 100.0, 0.37, dtype=np.float32).view(np.int32)[-5:]', type(e).__name__, e)
try:
    print('np.arange(10, 0, -3, dtype=np.float32)', repr(np.arange(10, 0, -3, dtype=np.float32)))
except Exception as e:
    print('np.arange(10, 0, -3, dtype=np.float32)', type(e).__name__, e)
try:
    print('np.arange(-7, 200, 9, dtype=np.int8)', repr(np.arange(-7, 200, 9, dtype=np.int8)))
except Exception as e:
    print('np.arange(-7, 200, 9, dtype=np.int8)', type(e).__name__, e)
try:
    print('np.arange(0, 3000, 700, dtype=np.float16)', repr(np.arange(0, 3000, 700, dtype=np.float16)))
except Exception as e:
    print('np.arange(0, 3000, 700, dtype=np.float16)', type(e).__name__, e)
try:
    print('np.arange(0.1, 1, 0.25, dtype=np.float16)', repr(np.arange(0.1, 1, 0.25, dtype=np.float16)))
except Exception as e:
    print('np.arange(0.1, 1, 0.25, dtype=np.float16)', type(e).__name__, e)
try:
    print('np.arange(5, 25, 4, dtype=np.uint16)', repr(np.arange(5, 25, 4, dtype=np.uint16)))
except Exception as e:
    print('np.arange(5, 25, 4, dtype=np.uint16)', type(e).__name__, e)
try:
    print('np.arange(0)', repr(np.arange(0)))
except Exception as e:
    print('np.arange(0)', type(e).__name__, e)
try:
    print('np.arange(5, 2)', repr(np.arange(5, 2)))
except Exception as e:
    print('np.arange(5, 2)', type(e).__name__, e)
try:
    print('np.arange(1, 2, dtype=bool)', repr(np.arange(1, 2, dtype=bool)))
except Exception as e:
    print('np.arange(1, 2, dtype=bool)', type(e).__name__, e)
try:
    print('np.arange(0, 2, 1, dtype=bool)', repr(np.arange(0, 2, 1, dtype=bool)))
except Exception as e:
    print('np.arange(0, 2, 1, dtype=bool)', type(e).__name__, e)
try:
    print('np.arange(1e16, 1e16+10, 1)', repr(np.arange(1e16, 1e16+10, 1)))
except Exception as e:
    print('np.arange(1e16, 1e16+10, 1)', type(e).__name__, e)
try:
    np.arange(-2**63, 2**63 - 1)
except ValueError as e:
    print('ValueError:', e)
