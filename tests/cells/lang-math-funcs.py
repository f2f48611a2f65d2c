import numpy as np
import math
print(math.sqrt(2), math.sqrt(16), math.exp(1), math.exp(0))
print(math.log(math.e), math.log(100, 10), math.log(8, 2), math.log2(1024), math.log10(0.001))
print(math.sin(0), math.cos(0), math.tan(math.pi / 4), math.sin(math.pi / 6))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1), type(math.floor(1.5)).__name__)
print(math.sqrt(0.5) ** 2)
