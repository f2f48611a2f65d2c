import numpy as np
s = 'hello World of PYTHON'
print(s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase(), sep='\n')
print('abc'.upper().lower())
