# cells: skip-gpu CuPy reports no floating-point errors
# the floating-point errors of NumPy's float32 exp/log/sin/cos loops (NumPy's
# SIMD loops): which special inputs raise, in loops long enough to vectorise
import numpy as np
vals = [np.inf, -np.inf, np.nan, 0.0, -0.0, -1.0, 1.0, 5.0, 100.0, -100.0, -200.0, 1e38, 1e5]
with np.errstate(all='raise', under='ignore'):
    for f in (np.exp, np.log, np.sin, np.cos):
        for v in vals:
            x = np.full(37, v, np.float32)
            x[3] = 0.5
            try:
                r = f(x)
                print(f.__name__, v, 'ok', r[0], r[3])
            except FloatingPointError as e:
                print(f.__name__, v, 'FloatingPointError:', e)
        y = np.linspace(-20, 20, 1001).astype(np.float32)
        try:
            print(f.__name__, 'mixed', f(y[y > 0] if f is np.log else y)[::250])
        except FloatingPointError as e:
            print(f.__name__, 'mixed', 'FloatingPointError:', e)
