# np.require, np.unique_values, np.isin with a set, np.pad linear_ramp,
# np.fromregex's checks
import numpy as np

x = np.arange(6).reshape(2, 3)
y = np.require(x, dtype=np.float32, requirements=['A', 'O', 'W', 'F'])
print(y.flags['F_CONTIGUOUS'], y.flags['C_CONTIGUOUS'], y.flags['WRITEABLE'], y.dtype)
print(y)
print(np.require([1, 2]).dtype, np.require(x, requirements='c').flags['C_CONTIGUOUS'])
w = np.require(x.T, requirements=['C', 'W'])
print(w.flags['C_CONTIGUOUS'], w)
for bad in (['C', 'F'], ['Q']):
    try:
        np.require(x, requirements=bad)
    except (ValueError, KeyError) as e:
        print(type(e).__name__, e)

# NumPy's order comes from a hash set ("may vary"): compared sorted
print(np.sort(np.unique_values([1, 1, 2])), np.sort(np.unique_values([3, 1, 2, 1, 3])))
print(np.sort(np.unique_values(np.array([[1., np.nan], [np.nan, np.nan]]))))
print(np.unique_values(np.array([3, 3], dtype=np.uint8)), np.unique_values([]))

print(np.isin(np.array([[0, 2], [4, 6]]), {0, 2}))
print(np.isin([1.5], frozenset([1.5]), invert=True))

print(np.pad([1, 2, 3, 4, 5], (2, 3), 'linear_ramp', end_values=(5, -4)))
print(np.pad(np.arange(6.).reshape(2, 3), ((1, 2), (3, 1)), 'linear_ramp', end_values=((1.5, -2), (7, 0))))
print(np.pad(np.arange(6, dtype=np.int16).reshape(2, 3), 2, 'linear_ramp'))
print(np.pad(np.array([1, 10]), 3, mode='linear_ramp', end_values=4))
print(np.pad(np.array([1., 10]), (0, 4), mode='linear_ramp', end_values=(0, 3.3)))

with open('npio_rx.txt', 'w') as f:
    f.write('1312 foo\n1534  bar\n444   qux')
for args in [('npio_nofile.txt', r'(\d+)', np.int64), ('npio_rx.txt', r'(\d+)', np.int64)]:
    try:
        np.fromregex(*args)
    except (OSError, TypeError) as e:
        print(type(e).__name__, e)
