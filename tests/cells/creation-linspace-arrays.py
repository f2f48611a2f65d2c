# cells: skip-gpu retstep's step is a 0-d cp array (CuPy's convention) where NumPy prints a scalar; CuPy has no complex linspace; cp array endpoints: tests/gpu/semantics.py
# linspace/logspace with array and complex endpoints: NumPy's composition,
# the new axis (axis=), weak Python scalars in the dtype, retstep, errors
import numpy as np
try:
    print('np.linspace([0,1],[2,5],3)', repr(np.linspace([0,1],[2,5],3)))
except Exception as e:
    print('np.linspace([0,1],[2,5],3)', type(e).__name__, e)
try:
    print('np.linspace(0,[2,5],3, axis=1)', repr(np.linspace(0,[2,5],3, axis=1)))
except Exception as e:
    print('np.linspace(0,[2,5],3, axis=1)', type(e).__name__, e)
try:
    print('np.linspace(0,[2,5],3, axis=-1)', repr(np.linspace(0,[2,5],3, axis=-1)))
except Exception as e:
    print('np.linspace(0,[2,5],3, axis=-1)', type(e).__name__, e)
try:
    print('np.linspace([[0],[1]],[2,5],3, axis=1)', repr(np.linspace([[0],[1]],[2,5],3, axis=1)))
except Exception as e:
    print('np.linspace([[0],[1]],[2,5],3, axis=1)', type(e).__name__, e)
try:
    print('np.linspace([[0],[1]],[2,5],3, axis=-2).shape', repr(np.linspace([[0],[1]],[2,5],3, axis=-2).shape))
except Exception as e:
    print('np.linspace([[0],[1]],[2,5],3, axis=-2).shape', type(e).__name__, e)
try:
    print('np.linspace(np.float32(0), 1.0, 3)', repr(np.linspace(np.float32(0), 1.0, 3)))
except Exception as e:
    print('np.linspace(np.float32(0), 1.0, 3)', type(e).__name__, e)
try:
    print('np.linspace(np.float32(0), np.float64(1.0), 3)', repr(np.linspace(np.float32(0), np.float64(1.0), 3)))
except Exception as e:
    print('np.linspace(np.float32(0), np.float64(1.0), 3)', type(e).__name__, e)
try:
    print('np.linspace(np.float16(0), 1, 3)', repr(np.linspace(np.float16(0), 1, 3)))
except Exception as e:
    print('np.linspace(np.float16(0), 1, 3)', type(e).__name__, e)
try:
    print('np.linspace(0, 1+1j, 3)', repr(np.linspace(0, 1+1j, 3)))
except Exception as e:
    print('np.linspace(0, 1+1j, 3)', type(e).__name__, e)
try:
    print('np.linspace(1j, 1+1j, 3, retstep=True)', repr(np.linspace(1j, 1+1j, 3, retstep=True)))
except Exception as e:
    print('np.linspace(1j, 1+1j, 3, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace(np.complex64(1j), 2, 3, retstep=True)', repr(np.linspace(np.complex64(1j), 2, 3, retstep=True)))
except Exception as e:
    print('np.linspace(np.complex64(1j), 2, 3, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace(np.array([0,1],np.float32), 2, 4, retstep=True)', repr(np.linspace(np.array([0,1],np.float32), 2, 4, retstep=True)))
except Exception as e:
    print('np.linspace(np.array([0,1],np.float32), 2, 4, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],3, dtype=int)', repr(np.linspace([0,1],[2,5],3, dtype=int)))
except Exception as e:
    print('np.linspace([0,1],[2,5],3, dtype=int)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2.5,-5],4, dtype=np.int8)', repr(np.linspace([0,1],[2.5,-5],4, dtype=np.int8)))
except Exception as e:
    print('np.linspace([0,1],[2.5,-5],4, dtype=np.int8)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],1, endpoint=False, retstep=True)', repr(np.linspace([0,1],[2,5],1, endpoint=False, retstep=True)))
except Exception as e:
    print('np.linspace([0,1],[2,5],1, endpoint=False, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],1, retstep=True)', repr(np.linspace([0,1],[2,5],1, retstep=True)))
except Exception as e:
    print('np.linspace([0,1],[2,5],1, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],0)', repr(np.linspace([0,1],[2,5],0)))
except Exception as e:
    print('np.linspace([0,1],[2,5],0)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],0).shape', repr(np.linspace([0,1],[2,5],0).shape))
except Exception as e:
    print('np.linspace([0,1],[2,5],0).shape', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],4, endpoint=False)', repr(np.linspace([0,1],[2,5],4, endpoint=False)))
except Exception as e:
    print('np.linspace([0,1],[2,5],4, endpoint=False)', type(e).__name__, e)
try:
    print('np.linspace([0,np.nan],[np.inf,5],3)', repr(np.linspace([0,np.nan],[np.inf,5],3)))
except Exception as e:
    print('np.linspace([0,np.nan],[np.inf,5],3)', type(e).__name__, e)
try:
    print('np.linspace(np.arange(6.)[::2], 10, 3)', repr(np.linspace(np.arange(6.)[::2], 10, 3)))
except Exception as e:
    print('np.linspace(np.arange(6.)[::2], 10, 3)', type(e).__name__, e)
try:
    print('np.linspace(np.arange(6.).reshape(2,3).T, 1, 2)', repr(np.linspace(np.arange(6.).reshape(2,3).T, 1, 2)))
except Exception as e:
    print('np.linspace(np.arange(6.).reshape(2,3).T, 1, 2)', type(e).__name__, e)
try:
    print('np.linspace(np.array(2.0), 3, 3)', repr(np.linspace(np.array(2.0), 3, 3)))
except Exception as e:
    print('np.linspace(np.array(2.0), 3, 3)', type(e).__name__, e)
try:
    print('np.linspace(np.array(2.0), 3, 3, retstep=True)', repr(np.linspace(np.array(2.0), 3, 3, retstep=True)))
except Exception as e:
    print('np.linspace(np.array(2.0), 3, 3, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace(0, 1, 3, axis=-1)', repr(np.linspace(0, 1, 3, axis=-1)))
except Exception as e:
    print('np.linspace(0, 1, 3, axis=-1)', type(e).__name__, e)
try:
    print('np.linspace(0, 1, 1, retstep=True)', repr(np.linspace(0, 1, 1, retstep=True)))
except Exception as e:
    print('np.linspace(0, 1, 1, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace(0, 1, 3, retstep=True)', repr(np.linspace(0, 1, 3, retstep=True)))
except Exception as e:
    print('np.linspace(0, 1, 3, retstep=True)', type(e).__name__, e)
try:
    print('np.linspace([1,1],[1,1],3)', repr(np.linspace([1,1],[1,1],3)))
except Exception as e:
    print('np.linspace([1,1],[1,1],3)', type(e).__name__, e)
try:
    print('np.linspace([True, False], 3, 2)', repr(np.linspace([True, False], 3, 2)))
except Exception as e:
    print('np.linspace([True, False], 3, 2)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5,6],3)', repr(np.linspace([0,1],[2,5,6],3)))
except Exception as e:
    print('np.linspace([0,1],[2,5,6],3)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],3, axis=2)', repr(np.linspace([0,1],[2,5],3, axis=2)))
except Exception as e:
    print('np.linspace([0,1],[2,5],3, axis=2)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],3, axis=-3)', repr(np.linspace([0,1],[2,5],3, axis=-3)))
except Exception as e:
    print('np.linspace([0,1],[2,5],3, axis=-3)', type(e).__name__, e)
try:
    print('np.linspace(0,1,3, axis=1)', repr(np.linspace(0,1,3, axis=1)))
except Exception as e:
    print('np.linspace(0,1,3, axis=1)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],-1)', repr(np.linspace([0,1],[2,5],-1)))
except Exception as e:
    print('np.linspace([0,1],[2,5],-1)', type(e).__name__, e)
try:
    print('np.linspace([0,1],[2,5],2.5)', repr(np.linspace([0,1],[2,5],2.5)))
except Exception as e:
    print('np.linspace([0,1],[2,5],2.5)', type(e).__name__, e)
try:
    print('np.logspace([0,1],[2,3],3)', repr(np.logspace([0,1],[2,3],3)))
except Exception as e:
    print('np.logspace([0,1],[2,3],3)', type(e).__name__, e)
try:
    print('np.logspace(0,[2,3],3, axis=1, base=2)', repr(np.logspace(0,[2,3],3, axis=1, base=2)))
except Exception as e:
    print('np.logspace(0,[2,3],3, axis=1, base=2)', type(e).__name__, e)
try:
    print('np.logspace(0,2,3, base=[2,3])', repr(np.logspace(0,2,3, base=[2,3])))
except Exception as e:
    print('np.logspace(0,2,3, base=[2,3])', type(e).__name__, e)
try:
    print('np.logspace(0,2,3, base=[2,3], axis=1)', repr(np.logspace(0,2,3, base=[2,3], axis=1)))
except Exception as e:
    print('np.logspace(0,2,3, base=[2,3], axis=1)', type(e).__name__, e)
try:
    print('np.logspace([0,1],2,3, base=[[2],[3]]).shape', repr(np.logspace([0,1],2,3, base=[[2],[3]]).shape))
except Exception as e:
    print('np.logspace([0,1],2,3, base=[[2],[3]]).shape', type(e).__name__, e)
try:
    print('np.logspace(0,1j,3)', repr(np.logspace(0,1j,3)))
except Exception as e:
    print('np.logspace(0,1j,3)', type(e).__name__, e)
try:
    print('np.logspace(np.float32(0), 2, 3)', repr(np.logspace(np.float32(0), 2, 3)))
except Exception as e:
    print('np.logspace(np.float32(0), 2, 3)', type(e).__name__, e)
try:
    print('np.logspace([0,1],[2,3],3, dtype=int)', repr(np.logspace([0,1],[2,3],3, dtype=int)))
except Exception as e:
    print('np.logspace([0,1],[2,3],3, dtype=int)', type(e).__name__, e)
try:
    print('np.logspace(0,2,3, base=[2,3,4], axis=-1)', repr(np.logspace(0,2,3, base=[2,3,4], axis=-1)))
except Exception as e:
    print('np.logspace(0,2,3, base=[2,3,4], axis=-1)', type(e).__name__, e)
try:
    print('np.logspace(0,2,3, axis=1)', repr(np.logspace(0,2,3, axis=1)))
except Exception as e:
    print('np.logspace(0,2,3, axis=1)', type(e).__name__, e)
try:
    print('np.geomspace([1,2],[100,200],3)', repr(np.geomspace([1,2],[100,200],3)))
except Exception as e:
    print('np.geomspace([1,2],[100,200],3)', type(e).__name__, e)
try:
    print('np.geomspace([1,-2],[1000,-200],4, axis=1)', repr(np.geomspace([1,-2],[1000,-200],4, axis=1)))
except Exception as e:
    print('np.geomspace([1,-2],[1000,-200],4, axis=1)', type(e).__name__, e)
