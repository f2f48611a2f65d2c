import numpy as np
print(True + 1, False * 5, True / 2, sum([True, False, True]), int(True))
print(True == 1, False == 0, True is True, not True)
flags = [x > 2 for x in [1, 2, 3, 4]]
print(flags, sum(flags), flags.count(True))
print(str(True), repr(False), f'{True}', bool('False'))
