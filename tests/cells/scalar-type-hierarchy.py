# NumPy's scalar type hierarchy: np.generic/number/integer/floating ... with isinstance, issubclass,
# np.issubdtype and np.typename; abstract types refuse to become dtypes with NumPy's words
import numpy as np
ints = np.array([1, 2, 3], dtype=np.int32)
print(np.issubdtype(ints.dtype, np.integer), np.issubdtype(ints.dtype, np.floating))
print(np.issubdtype(np.float64, np.float32), np.issubdtype(np.float32, np.floating))
print(np.issubdtype('S1', np.bytes_), np.issubdtype('i4', np.signedinteger), np.issubdtype('U3', np.character))
print(np.issubdtype(np.float64, float), np.issubdtype(np.int32, int), np.issubdtype(float, np.floating))
print(np.issubdtype(np.bool_, np.number), np.issubdtype(np.bool_, np.generic), np.issubdtype(np.float16, np.inexact))
print(np.issubdtype(np.uint8, np.signedinteger), np.issubdtype(np.uint8, np.unsignedinteger), np.issubdtype(np.complex64, np.complexfloating))
print(np.issubdtype(np.floating, np.number), np.issubdtype(np.number, np.floating), np.issubdtype(np.str_, np.flexible))
for t in [np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger, np.inexact, np.floating, np.complexfloating, np.flexible, np.character, np.str_, np.bytes_, np.void, np.object_]:
    print(t, t.__name__, type(t), callable(t))
print(isinstance(np.float64(1), np.floating), isinstance(np.float64(1), np.generic), isinstance(np.float64(1), float))
print(isinstance(np.int8(1), np.integer), isinstance(np.int8(1), (np.floating, np.signedinteger)), isinstance(np.uint8(1), np.signedinteger))
print(isinstance(1.0, np.floating), isinstance(np.array(1.), np.generic), isinstance(np.bool_(True), np.number))
print(isinstance(np.complex64(1), np.complexfloating), isinstance(np.complex128(1), complex), isinstance(np.int64(1), int))
print(issubclass(np.float64, np.floating), issubclass(np.floating, np.number), issubclass(np.float32, float), issubclass(np.float64, float))
print(issubclass(float, np.floating), issubclass(np.int16, (np.unsignedinteger, np.integer)), issubclass(np.number, object))
print(np.floating == np.floating, np.floating == np.float64, np.floating is np.floating, np.floating != np.integer)
print({np.floating: 1, np.float64: 2}[np.floating], np.int8 == np.dtype('i1'))
for t in [np.generic, np.number, np.integer, np.unsignedinteger, np.floating, np.complexfloating, np.character]:
    try:
        np.dtype(t)
    except TypeError as e:
        print('TypeError', e)
for t in [np.floating, np.integer]:
    try:
        t(1)
    except TypeError as e:
        print('TypeError', e)
try:
    np.zeros(3, dtype=np.inexact)
except TypeError as e:
    print('TypeError', e)
try:
    np.floating.foo
except AttributeError as e:
    print('AttributeError', e)
print(np.typename('d'), np.typename('S1'), np.typename('Q'))
try:
    np.typename('x')
except KeyError as e:
    print('KeyError', e)
print([t for t in (np.float32, np.int64, np.uint16, np.complex128, np.bool_) if np.issubdtype(t, np.number)])
print(np.float32.__module__, np.floating.__module__, np.floating.__qualname__)
