import numpy as np
s = 'text'
print(s.upper())
s.nonexistent_method()
