# np.genfromtxt's converters per dtype (str2bool, int(), int(float(x)), float,
# complex), NumPy's overflow errors, dict forms of missing/filling values,
# negative usecols, empty results and unpack of mixed columns
import io
import warnings
import numpy as np


def t(*a, **k):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = np.genfromtxt(*a, **k)
        print(repr(r) if not isinstance(r, list) else r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


for dt, row in [(bool, "True,1,false,0,TRUE, True"), (np.int8, "1.5,-2.7,x,1_0,1e2, 7 ,inf"),
                (np.int8, "1e3,2"), (np.int8, "1e30,2"), (np.int32, "1.5,1e3,-2.7,x,1_0"),
                (np.int64, "1.5,1e3,-2.7,x,1_0,9223372036854775807, 7 "),
                (np.uint64, "1.5,1e3,-2,x,1_0,18446744073709551615"), (np.uint64, "1,18446744073709551615"),
                (np.uint64, "18446744073709551616"), (np.uint8, "1.5,1e1,x,1_0"), (np.uint8, "-2"),
                (np.float32, "1.5,1e3,-2,x,1_0"), (np.complex64, "1.5,1e3,-2,x,1_0, 1+j"),
                (np.int64, "9223372036854775808"), (np.uint64, "-1"), (np.int16, "nan"), (np.uint16, "1,2\n-3,x")]:
    print(dt.__name__, end=" ")
    t(row.split("\n"), delimiter=",", dtype=dt)

# missing_values / filling_values: str split at ',', per column, by column number
t(["1,99,x", "x,2,3"], delimiter=",", missing_values="99,x", filling_values=0)
t(["1,99,x", "x,2,3"], delimiter=",", missing_values=["x", "99"], filling_values=(-1, -2, -3))
t(["1,99,x", "x,2,3"], delimiter=",", missing_values={1: "99", 0: ["x"]}, filling_values={0: 7, -1: 8})
t(["1,99,x", "x,2,3"], delimiter=",", missing_values={None: "x"}, filling_values=5)
t(["1,99,x", "x,2,3"], delimiter=",", usecols=(2, 0), filling_values={2: 42})
t(["1,2"], delimiter=",", filling_values={5: 1})
t(["1,2"], delimiter=",", missing_values={5: "x"})
# negative usecols count from the first line
t(["1 2", "3", "4 5 6"], usecols=-1, invalid_raise=False)
t(["1 2 3", "4 5 6"], usecols=(-1, 0))
# no rows: np.array([]) then ndmin
t(["# c", "1 2"], skip_header=2)
t(["1 2"], skip_header=5, ndmin=2)
t(["1 2"], skip_footer=1, ndmin=2)
t(["1 2"], skip_footer=1, unpack=True)
t(["1 2"], dtype=None, skip_header=1, usecols=0)
# dtype=None, unpack=True: the fields of the structured array
t(["1 2.5 3j", "4 5 6"], dtype=None, unpack=True)
t(["7 nan 1_0"], dtype=None, unpack=True)
t(["7 nan", "8 9"], dtype=None, unpack=True, ndmin=2)
t([""], dtype=None, unpack=True)
# loose=False reports the first bad value column by column
t(["1,x", "y,2"], delimiter=",", loose=False)
