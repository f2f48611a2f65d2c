# common_type, mintypecode, isdtype (kind names, dtypes, tuples)
import numpy as np
print(np.common_type(np.arange(2, dtype=np.float32)), np.common_type(np.arange(2, dtype=np.float32), np.arange(2)),
      np.common_type(np.arange(4), np.array([45, 6.j]), np.array([45.0])), np.common_type(np.ones(2, np.complex64)), np.common_type(np.ones(1, np.float16)))
x = np.array([1.1, 2-3.j])
print(np.mintypecode(['d', 'f', 'S']), np.mintypecode(x), np.mintypecode('abceh', default='G'), np.mintypecode(['F', 'd']), np.mintypecode('fF'))
print(np.mintypecode(np.ones((2, 3), np.float32)), np.mintypecode(np.ones(0, np.float32)), np.mintypecode(np.ones((2, 0))),
      np.mintypecode(np.arange(3), typeset='l', default='x'), np.mintypecode([np.ones(2, np.complex64), 'd']))
try:
    np.mintypecode(np.array(1.0))
except TypeError as e:
    print('TypeError', e)
print(np.isdtype(np.float32, np.float64), np.isdtype(np.float32, "real floating"), np.isdtype(np.complex128, ("real floating", "complex floating")),
      np.isdtype(np.dtype('int8'), 'signed integer'), np.isdtype(np.uint16, 'integral'), np.isdtype(np.bool_, 'numeric'), np.isdtype(np.int64, np.int64))
try:
    np.isdtype(np.float32, 'floaty')
except ValueError as e:
    print(e)
