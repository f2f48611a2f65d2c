# matmul(..., out=): the result stored into out (returned, aliasing allowed),
# NumPy's gufunc checks on out's core and loop dimensions and its casting
import numpy as np
a = np.arange(6.).reshape(2,3); b = np.arange(12.).reshape(3,4)
for o in [np.zeros((2,4)), np.zeros((2,4), np.float32), np.zeros((2,4), int), np.zeros((4,2)), np.zeros((2,5)), np.zeros((3,4)), np.zeros((1,2,4)), np.zeros(8), [0]*8, np.zeros((2,4),complex), np.zeros((8,))[::1].reshape(2,4), (np.zeros((2,4)),)]:
    try: r = np.matmul(a, b, out=o); print(r is o, r.dtype, r)
    except Exception as e: print(type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)
try: r = np.matmul(np.ones((5,2,3)), b, out=np.zeros((2,4))); print(r)
except Exception as e: print(type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)
try: r = np.matmul(np.ones(3), b, out=np.zeros((1,4))); print(r)
except Exception as e: print(type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)
try: r = np.matmul(np.ones(3), np.ones(3), out=np.zeros(())); print(repr(r))
except Exception as e: print(type(e).__name__ if not isinstance(e, TypeError) else "TypeError", e)
o = np.zeros((4,6)); r = np.matmul(a, b, out=o[::2, 1::2].T if False else o[::2, ::2][:, :4] if False else o[1::2, 1:5]); print(o)
o = np.zeros((2,2,4)); np.matmul(np.ones((2,2,3)), b, out=o); print(o)
o = np.zeros((3,3)); np.matmul(o, o + 1, out=o); print(o)
x = np.arange(4.).reshape(2,2); print(np.matmul(x, x, out=x), x)
print(np.matmul(np.arange(4).reshape(2,2), np.arange(4).reshape(2,2), out=np.zeros((2,2))))
print(np.matmul(a, b, out=None))
b=np.ones((3,4))
for a,o in [((1,2,3),(5,2,4)),((2,3),(5,2,4)), ((5,2,3),(1,2,4)), ((3,),(4,)), ((3,),(2,4)), ((2,3),(4,)), ((2,3), (8,))]:
  try: r=np.matmul(np.ones(a),b,out=np.zeros(o)); print(r.shape, r.sum())
  except Exception as e: print(type(e).__name__, e)
for o in [np.zeros(()), np.zeros((3,)), np.zeros((2,)), np.zeros((1,2))]:
  try: print(np.matmul(np.ones((2,3)),np.ones(3),out=o))
  except Exception as e: print(type(e).__name__, e)
