import numpy as np, warnings
x = np.array([0.0, 1.0, 2.0, 3.0,  4.0,  5.0])
y = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])
with warnings.catch_warnings():
    warnings.simplefilter('ignore', np.exceptions.RankWarning)
    p30 = np.poly1d(np.polyfit(x, y, 30))
print(p30(4), p30(5), p30(4.5))
print(np.exceptions.RankWarning, issubclass(np.exceptions.RankWarning, RuntimeWarning))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    np.polyfit(x, y, 30)
    print(len(w), w[0].category.__name__, w[0].message)
