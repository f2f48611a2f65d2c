import numpy as np
import math
print(math.isclose(0.1 + 0.2, 0.3), 0.1 + 0.2 == 0.3)
print(math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod([0.5, 4]))
print(math.gcd(12, 18), math.gcd(7, 5), math.gcd(0, 9), math.gcd(-4, 6))
