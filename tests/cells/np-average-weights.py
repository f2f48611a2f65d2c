# np.average's weights: NumPy's shape rules (axis required when shapes differ, weights along an axis tuple in its order)
import numpy as np
data = np.arange(6).reshape((3, 2))
print(np.average(data, axis=1, weights=[1./4, 3./4]))
for kw in ({'weights': [1./4, 3./4]}, {'axis': 0, 'weights': [[1./4, 3./4], [1., 1./2]]}, {'axis': 1, 'weights': [1, 2, 3]}):
    try:
        print(np.average(data, **kw))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
data = np.arange(8).reshape((2, 2, 2))
print(np.average(data, axis=(0, 1), weights=[[1./4, 3./4], [1., 1./2]]), np.average(data, axis=(1, 0), weights=[[1./4, 3./4], [1., 1./2]]))
print(np.average(data, axis=(0, 2), weights=[[1, 2], [3, 4]], returned=True), np.average(np.arange(4), weights=np.arange(4)))
