# np.genfromtxt on numeric columns: missing and filling values, header and
# footer lines, usecols, dtype=None inference, invalid rows
import io
import warnings
import numpy as np


def t(*a, **k):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            print(repr(np.genfromtxt(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


t(io.StringIO("1 2\n3 4"))
t(["1,abc"], delimiter=",")
t(["1,2,3", "4,,6"], delimiter=",")
t(["1,2,3", "4,,6"], delimiter=",", dtype=int)
t(["1,2,3", "4,,6"], delimiter=",", dtype=complex)
t(["1,,3", "4,N/A,6"], delimiter=",", missing_values="N/A", filling_values=0)
t(["1,,3", "4,N/A,6"], delimiter=",", missing_values="N/A", filling_values=(-1, -2, -3))
t(["1,,3", "4,N/A,6"], delimiter=",", filling_values={1: 99})
t(["1,99", "2,3"], delimiter=",", missing_values="99", filling_values=0)
t(["a", "b", "1 2", "3 4", "x"], skip_header=2, skip_footer=1)
t(["1 2 3", "3 4 5"], usecols=(0, 2))
t(["1 2 3", "3 4 5"], usecols=-1)
t(["1 2 # c", "#x", "", "3 4"])
t(["1 2 // c", "3 4"], comments="//")
t(["1 2", "3 4"], dtype=None)
t(["true False", "TRUE false"], dtype=None)
t(["1,2", "3,"], delimiter=",", dtype=None)
t(["1,2", "3,4"], delimiter=",", dtype=None, usecols=1)
t(["1"])
t(["1 2 3"])
t(["1 2", "3 4"], unpack=True)
t(["1 2", "3 4", "5 6"], max_rows=2)
t(["1, 2", "3 ,4 "], delimiter=",", dtype=int)
t(["1::2", "3::4"], delimiter="::")
t(["1 2", "3 4"], ndmin=2)
t(["5"], ndmin=1)
t(["1_000 2"])
t(["1,2,3", "4,5", "7,8,9"], delimiter=",", invalid_raise=False)
t(["1,2,3", "4,5", "7,8,9"], delimiter=",")
t(["1,2,3", "4,5", "7,8,9", "1,2"], delimiter=",", skip_footer=1)
t(["1,2,3", "4,5,6,7"], delimiter=",", usecols=(0, 3))
t(["1,x"], delimiter=",", loose=False)
t(["1,"], delimiter=",", loose=False)
t([])
t(["# only a comment"])
t(["1 2"], skip_footer=1, max_rows=1)
t(["1 2"], max_rows=0)
t(["1 2"], ndmin=4)
# Python's int()/float()/complex() rules: underscores, Unicode digits, 'j'
t(["\u0661\u0662 3", "\uff14 5"], dtype=int)
t(["\u0661.5 (3)"], dtype=complex)
t(["1+j j -2J (1-2j)"], dtype=complex)
t(["1_000.5 2"], dtype=float)
# integers past the dtype
t(["9223372036854775808 1"], dtype=int)
t(["300 1"], dtype=np.int8)
t(["1,"], delimiter=",", dtype=np.uint8)
t(["9223372036854775808", "2"], dtype=None)
t(["9223372036854775808 1"], dtype=int, loose=False)
# dtype=None: a bool column with missing values takes the other columns' type
t(["\x0b  1E-3"], delimiter=" ", dtype=None)
t(["1,,1", "2,,2"], delimiter=",", dtype=None)
