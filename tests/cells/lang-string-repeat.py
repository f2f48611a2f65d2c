# str * int builds the string by doubling copies: every length, including
# ones that are not a power of two times the piece, must come out whole
for piece in ["x", "ab", "xyz", "é€", ""]:
    for n in [0, 1, 2, 3, 5, 7, 8, 9, 1000, 1023, 1025]:
        s = piece * n
        assert s == "".join([piece] * n), (piece, n)
        print(repr(piece), n, len(s), s[-4:])
print(3 * "ab", "ab" * -2 == "", "ab" * True)
big = "0123456789" * 100001
print(len(big), big[:12], big[-12:], big[500000:500013], big.count("9"))
