# repr of floats next to a power of two, where the lower rounding margin is
# half the upper one: Python's shortest repr may be the correctly rounded
# digits' neighbour (2**-24 is 5.960464477539063e-08, not ...0625e-08)
print(repr(2.0 ** -24), 2 ** -24, -(2.0 ** -24), [2.0 ** -24])
print(f"{2.0 ** -24!r}", str(2.0 ** 70), 2.0 ** -1074, 2.0 ** 1023)
for k in range(-1074, 1024, 13):
    x = 2.0 ** k
    assert float(repr(x)) == x
    print(repr(x))
