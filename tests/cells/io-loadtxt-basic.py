# np.loadtxt: the sources (StringIO, list, generator, path) and the options
import io
import os
import tempfile
import numpy as np

print(np.loadtxt(io.StringIO("0 1\n2 3")))
print(repr(np.loadtxt(["1 2", "3 4"], dtype=int)))
print(repr(np.loadtxt((s for s in ["1,2", "3,4"]), delimiter=",", dtype=np.float32)))
c = io.StringIO("M 21 72\nF 35 58")
print(repr(np.loadtxt(io.StringIO("1,0,2\n3,0,4"), delimiter=",", usecols=(0, 2), unpack=True)))
x, y = np.loadtxt(io.StringIO("1,0,2\n3,0,4"), delimiter=",", usecols=(0, 2), unpack=True)
print(x, y)
# comments, skiprows, max_rows
print(repr(np.loadtxt(["# header", "1 2 # tail", "", "3 4", "5 6"], skiprows=1, max_rows=2)))
print(repr(np.loadtxt(["1 2 // c", "3 4 ; d"], comments=["//", ";"])))
print(repr(np.loadtxt(["1 2 % x"], comments="%")))
print(repr(np.loadtxt(["1 #2"], comments=None, delimiter="#")))
# ndmin and squeezing
print(repr(np.loadtxt(["7"])), repr(np.loadtxt(["7"], ndmin=1)), repr(np.loadtxt(["7"], ndmin=2)))
print(repr(np.loadtxt(["1 2 3"])), repr(np.loadtxt(["1 2 3"], ndmin=2)))
print(repr(np.loadtxt(["1", "2", "3"], ndmin=2)))
print(repr(np.loadtxt(["1", "2", "3"], ndmin=1, unpack=True)))
# negative usecols, one int
print(repr(np.loadtxt(["1 2 3", "4 5 6"], usecols=-1)))
print(repr(np.loadtxt(["1 2 3", "4 5 6"], usecols=[2, 0, 2])))
print(repr(np.loadtxt(["1 2", "2 4", "3 9 12", "4 16 20"], usecols=(0, 1))))
# dtypes
print(repr(np.loadtxt(["1 0 -3"], dtype=bool)))
print(repr(np.loadtxt(["-128 127"], dtype=np.int8)))
print(repr(np.loadtxt(["+255 0"], dtype=np.uint8)))
print(repr(np.loadtxt(["18446744073709551615"], dtype=np.uint64)))
print(repr(np.loadtxt(["-9223372036854775808 9223372036854775807"], dtype=np.int64)))
print(repr(np.loadtxt(["1.5e3 .5 5. 65504"], dtype=np.float16)))
print(repr(np.loadtxt(["0.1 1e-50 3.4e38"], dtype=np.float32)))
print(repr(np.loadtxt(["1+2j (3-4j) -5j 6", "(1j) 2+-3j 1e2+1e-2j nan+infj"], dtype=complex)))
print(repr(np.loadtxt(["1+2j 3"], dtype=np.complex64)))
print(repr(np.loadtxt(["inf -inf nan NaN Infinity -infinity +1.0 1E5"])))
print(repr(np.loadtxt(["  1  ,  2  "], delimiter=",", dtype=int)))
# quotechar: delimiters and comments inside quotes, doubled quotes
print(repr(np.loadtxt(['"1.5","2#"', '"3",4'], delimiter=",", quotechar='"', converters={1: lambda s: float(s.strip(' "#'))})))
print(repr(np.loadtxt(['"1"  "2"', '3 "4"'], quotechar='"')))
# converters: a dict, one callable, with usecols
print(np.loadtxt(io.StringIO("10.01 31.25-\n19.22 64.31\n17.57- 63.94"),
                 converters=lambda x: -float(x[:-1]) if x.endswith("-") else float(x)))
print(np.loadtxt(["1,2,3"], delimiter=",", converters={0: lambda s: 10 * float(s), -1: lambda s: 0}))
print(np.loadtxt(["1,2,3"], delimiter=",", usecols=(2, 1), converters={2: lambda s: 7, 0: float}))
print(np.loadtxt(["1.9 2"], dtype=int, converters={0: float}))
print(np.loadtxt(["a 2"], converters={0: lambda s: "3.5"}))
# line ends and bytes lines
print(repr(np.loadtxt(["1 2\r\n", "3 4\n"])))
print(repr(np.loadtxt(io.StringIO("1,2\r\n3,4\r\n"), delimiter=",")))
print(repr(np.loadtxt([b"1 2", b"3 4"])))
# a path: written by savetxt, read back
d = tempfile.mkdtemp()
p = os.path.join(d, "data.csv")
with open(p, "w") as f:
    f.write("# x,y\n1,2\n3,4\r\n5,6")
print(repr(np.loadtxt(p, delimiter=",")))
with open(p) as f:
    print(repr(np.loadtxt(f, delimiter=",", dtype=int)))
print(repr(np.loadtxt(p, delimiter=",", comments=["#", "x"])))
os.remove(p)
os.rmdir(d)
# float16 goes through Python's float(): underscores and Unicode digits
print(repr(np.loadtxt(["1_0 \u0662.5"], dtype=np.float16)))
# a converter's str into bool is its truth; floats into ints are int()
print(repr(np.loadtxt(["1.5;x;"], delimiter=";", dtype=bool, converters=lambda s: s.strip())))
print(repr(np.loadtxt(["1.9;-2.5"], delimiter=";", dtype=np.int8, converters=float)))
