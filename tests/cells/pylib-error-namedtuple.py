# an uncaught TypeError from a namedtuple class call
from collections import namedtuple
P = namedtuple("P", "x y z")
print(P(1, 2, 3))
P(1)
