import numpy as np
print(isinstance(1, int), isinstance(1.0, int), isinstance(True, int))
print(isinstance(1.5, (int, float)), isinstance('s', str), isinstance([], list))
print(isinstance((), tuple), isinstance({}, dict), isinstance(None, int))
print(type(1), type(1.0), type('a'), type([]), type(()), type({}), type(None), type(True), type(1j))
print(type(1) == int, type(1) is int, type(True) == int)
print(type(1).__name__, type(len).__name__)
