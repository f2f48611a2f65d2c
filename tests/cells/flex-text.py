# np.loadtxt / np.genfromtxt into string and record arrays (issue #16): dtype='U'/'S', records, names=, fixed widths.
# cells: skip-gpu string and record dtypes are host-only (CuPy has none)
import numpy as np
from io import StringIO
s = StringIO("1,1.3,abcde")
data = np.genfromtxt(s, dtype=[('myint','i8'),('myfloat','f8'), ('mystring','S5')], delimiter=",")
print(repr(data))
_ = s.seek(0)
data = np.genfromtxt(s, dtype=None, names = ['myint','myfloat','mystring'], delimiter=",")
print(repr(data))
_ = s.seek(0)
data = np.genfromtxt(s, dtype="i8,f8,S5", names=['myint','myfloat','mystring'], delimiter=",")
print(repr(data))
s = StringIO("11.3abcde")
data = np.genfromtxt(s, dtype=None, names=['intvar','fltvar','strvar'], delimiter=[1,3,5])
print(repr(data))
f = StringIO('''
text,# of chars
hello world,11
numpy,5''')
print(repr(np.genfromtxt(f, dtype='S12,S12', delimiter=',')))
d = StringIO("M 21 72\nF 35 58")
print(repr(np.loadtxt(d, dtype={'names': ('gender', 'age', 'weight'), 'formats': ('S1', 'i4', 'f4')})))
s = StringIO('"alpha, #42", 10.0\n"beta, #64", 2.0\n')
dtype = np.dtype([("label", "U12"), ("value", float)])
print(repr(np.loadtxt(s, dtype=dtype, delimiter=",", quotechar='"')))
s = StringIO('"alpha, #42"       10.0\n"beta, #64" 2.0\n')
print(repr(np.loadtxt(s, dtype=dtype, delimiter=None, quotechar='"')))
s = StringIO('"Hello, my name is ""Monty""!"')
print(repr(np.loadtxt(s, dtype="U", delimiter=",", quotechar='"')))
print(repr(np.loadtxt(StringIO("a b\nc d"), dtype='U1')), repr(np.loadtxt(["x,1", "yy,2"], dtype='S2,i2', delimiter=',')))
print(repr(np.loadtxt(StringIO("1 2\n3 4"))))
for bad in [lambda: np.loadtxt(StringIO("a 1\nb"), dtype='U1,i4'), lambda: np.loadtxt(StringIO("a x"), dtype='U1,i4'),
            lambda: np.loadtxt(StringIO("a 1 2"), dtype='U1,i4')]:
    try:
        print(repr(bad()))
    except ValueError as e:
        print('ValueError')
from io import StringIO
f = StringIO('''
    text,# of chars
    hello world,11
    numpy,5''')
print(repr(np.genfromtxt(f, dtype='S12,S12', delimiter=',')))
print(repr(np.genfromtxt(["1.5 2", "3 4"], dtype=None)))
print(repr(np.genfromtxt(StringIO("a b\n1 2\n3 4"), names=True)))
print(repr(np.genfromtxt(StringIO("a,b,c\n1,x,True\n2,yy,false"), names=True, dtype=None, delimiter=',')))
print(repr(np.genfromtxt(["9223372036854775808 1", "2 3"], dtype=None)))
print(repr(np.genfromtxt(["1 2", "3 4"], names=['p', 'q'], dtype='i4')))
print(repr(np.genfromtxt(["1 2", "3 4"], dtype=None)))
