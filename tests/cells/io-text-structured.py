# cells: todo genfromtxt of missing values into a record result (only-missing columns, empty input, unpack=): NotImplementedError
# NumPy's text readers make string arrays and record arrays from text columns
import io
import numpy as np

print(repr(np.loadtxt(["a 1", "b 2"], dtype=str)))
print(repr(np.genfromtxt(["1.5 2", "3 4"], dtype=None)))
print(repr(np.loadtxt(io.StringIO("M 21 72\nF 35 58"),
                      dtype={"names": ("gender", "age", "weight"), "formats": ("S1", "i4", "f4")})))
print(repr(np.genfromtxt(io.StringIO("a b\n1 2\n3 4"), names=True)))
print(repr(np.genfromtxt(["\x0c"], delimiter=",", dtype=None)))
print(repr(np.genfromtxt([], dtype=None)))
print(repr(np.genfromtxt(["9223372036854775808 1", "2 3"], dtype=None)))
print(repr(np.genfromtxt(["True,,1", "False,,2"], delimiter=",", dtype=None)))
print(np.genfromtxt(["1,x,2"], delimiter=",", dtype=None, unpack=True))
