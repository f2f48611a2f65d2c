import numpy as np
print([x for x in range(20) if x % 3 == 0])
print([x for x in range(20) if x % 2 if x % 3])
print([w for w in ['apple', 'kiwi', 'banana'] if len(w) > 4])
print([x if x > 0 else 0 for x in [-2, -1, 0, 1, 2]])
evens = [n for n in range(10) if n % 2 == 0]
print(evens, sum(evens))
