# bytes literals: prefixes, escapes, concatenation, repr and its quotes
a = b'abc'
print(a, repr(a), str(a), len(a))
print(B"x", rb'\n', Rb'\x41', bR'\\', br"raw\t")
print(b'\x00\x01\x7f\x80\xff', b'\t\n\r\\', b'\a\b\f\v')
print(b'\101\0\777', b'\q\u1234\N{x}')
print(b'a' b'b' B"c", b'' b'')
print(b"it's", b'say "hi"', b'\'"', b'"')
print(b'''tri
ple''', b"""x'y""")
print(b'a\
b')
print([b'x', b''], (b'y',), {b'k': b'v'})
x = b'\x00' * 3
print(x, type(x), type(x).__name__)
print(f'{a}|{a!r}|{a!s}|{a=}')
print(isinstance(a, bytes), isinstance('a', bytes), isinstance(a, str), bytes)
a
