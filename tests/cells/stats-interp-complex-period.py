# interp with complex fp (both components with NumPy's NaN retries), period=
# (x and xp modulo |period|, sorted, extended), left/right conversions and errors
import numpy as np
xp = np.array([0., 1, 2, 3]); fp = np.array([0., 10, 5, 7])
fc = fp + 1j*np.array([1., -1, 2, 0])
x = np.array([-1, 0, 0.5, 1, 2.5, 3, 4, np.nan])
print(np.interp(x, xp, fc))
print(np.interp(x, xp, fc, left=1j, right=-2))
print(np.interp(x, xp, fc.astype(np.complex64)))
print(np.interp(2.5, xp, fc))
print(np.interp(x, [1.], [2+3j]))
print(np.interp(x, xp, [1j, np.nan, 2, 1+1j]))
print(np.interp([1, 1.5], [0, 1, 1, 2], [0, 1, 3, 4]))
print(np.interp([1, 1.5], [0, 1, 1, 2], [0j, 1, 3, 4]))
print(np.interp([1.5, np.inf], [0, 1, 2, np.inf], [0, 1, 3, 4]))
print(np.interp(x, xp, fp, period=2))
print(np.interp([-180, -170, -185, 185, -10, -5, 0, 365], [190, -190, 350, -350], [5, 10, 3, 4], period=360))
print(np.interp([-180, 185, 365], [190, -190, 350, -350], [5+1j, 10, 3, 4j], period=360))
print(np.interp(5, xp, fp, period=-3))
print(np.interp(np.arange(10)[::3], xp, fp, period=np.float32(2.5)))
print(np.interp(x, xp, fp, left=100, right=-100, period=2))
for args, kw in [((x, xp, fp), dict(period=0)), ((x, [[0,1]], [1,2]), dict(period=1)), ((x, [0,1,2], [1,2]), dict(period=1)),
                 ((x, [], []), dict(period=1)), ((x, [0,1], [1,2,3]), {}), ((x, [0,1], [[1,2]]), {}), ((x, [], []), {}),
                 ((x, [0,1], [1j,2]), dict(left=[1,2]))]:
    try: print(np.interp(*args, **kw))
    except Exception as e: print(type(e).__name__, e)
x = np.array([-1, 0, 0.5, 1, 2.5, 3, 4, np.nan])
print(np.interp(x, [1.], [2.]))
for l in [[1,2], np.array([1.]), 1j, np.array([1j]), np.array(1j), "a"]:
    for fp in [[1,2],[1j,2]]:
        try: print(np.interp(x, [0,1], fp, left=l))
        except Exception as e: print(type(e).__name__, e)
