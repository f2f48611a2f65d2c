import numpy as np
print(int(3.9), int(-3.9), int('42'), int(' 7 '), int('-0'), int('ff', 16), int('0x1f', 16), int('101', 2))
print(float('1.5'), float(' -2 '), float('inf'), float('-inf'), float(3), float('1e3'))
print(int(True), int(False), bool(2), bool(0.0), str(1.0), str(12), str(True))
print(int('1_000'), float('1_0.5'))
print(complex('1+2j'), str(2j))
print(list('abc'), tuple([1, 2]), list((3, 4)), list(range(3)))
print(str([1, 'a']), str((1,)), str({'k': 'v'}))
