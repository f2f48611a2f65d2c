# size and parameter shapes that do not broadcast: NumPy's messages (np.broadcast
# with empty(size) first; triangular's ufunc checks before it; multinomial's rows)
import numpy as np
g = np.random.default_rng(1); R = np.random.RandomState(1)
for f in [lambda: g.hypergeometric([5, 6], [3, 2], [1, 2], size=3), lambda: g.normal([1, 2], size=3), lambda: R.normal([1, 2], size=3),
          lambda: g.exponential([1, 2], size=(2, 3)), lambda: g.gamma([1, 2], [[1], [2], [3]], size=(3, 3)), lambda: R.beta([1,2],[1,2,3]),
          lambda: g.multinomial([[1, 2], [3, 4]], [[0.5, 0.5]], size=(3, 2)), lambda: g.multinomial([1, 2, 3], [[0.5, 0.5], [0.2, 0.8]]),
          lambda: g.triangular([0, 1], 2, [3, 4, 5]), lambda: g.f([1, 2], 3, size=(3,)), lambda: g.uniform([0, 1], 2, size=4)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
