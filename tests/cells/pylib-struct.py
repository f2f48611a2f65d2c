# struct: calcsize with native alignment and the standard sizes, pack/unpack
# of every common code in each byte order, unpack_from, iter_unpack, Struct,
# and struct.error / OverflowError / TypeError for bad formats and values
import struct

for fmt in ['i', '@ihq', '=ihq', '<ihq', '>ihq', '!ihq', 'cbB?', 'hHiIlLqQ', 'nNP', 'efd', 'bd', 'bi',
            '3s', '5p', '2h3x', '0s', '', 'x', '@bqb', '@b4s', '=lL', ' i  h ', b'<i']:
    print(repr(fmt), struct.calcsize(fmt))

vals = (-2, 3, -4, 5, -6, 7, -8, 9)
for order in '@=<>!':
    b = struct.pack(order + 'bBhHiIqQ', *vals)
    print(order, b.hex(), struct.unpack(order + 'bBhHiIqQ', b))
    b = struct.pack(order + 'efd?c', 1.5, -0.1, 2.5e-300, True, b'z')
    print(order, b.hex(), struct.unpack(order + 'efd?c', b))
    b = struct.pack(order + 'lL', -123456, 654321)
    print(order, b.hex(), struct.unpack(order + 'lL', b))

print(struct.pack('<Q', 2**64 - 1), struct.unpack('<Q', b'\xff' * 8), struct.unpack('<q', b'\xff' * 8))
print(struct.pack('>q', -2**63), struct.pack('<e', 65504.0), struct.unpack('<e', b'\x00\x7c'), struct.unpack('<e', b'\x00\x04'), struct.unpack('<e', b'\x00\x02'))
print(struct.pack('<3e', 0.1, -2.0, 6e-8), struct.unpack('<3e', struct.pack('<3e', 0.1, -2.0, 6.2e-5)))
print(struct.pack('<f', float('inf')), struct.unpack('<f', struct.pack('<f', 0.1)))
print(struct.pack('4s3s2p6p', b'ab', b'abcdef', b'xyz', b'hello'), struct.unpack('4s3s2p6p', b'ab\x00\x00abc\x01x\x05hello'))
print(struct.pack('@bq', 1, 2), struct.pack('<bq', 1, 2), struct.pack('i?', 5, []), struct.pack('d', 3))
print(struct.pack('<2h3x', 1, -1), struct.unpack('<2h3x', b'\x01\x00\xff\xff\x00\x00\x00'))
print(struct.unpack_from('<h', b'\x00\x01\x02\x03', 2), struct.unpack_from('<h', b'\x00\x01\x02\x03', offset=-2))
print(list(struct.iter_unpack('<hb', b'\x01\x00\x02\x03\x00\x04')))
s = struct.Struct('<ih')
print(s.size, s.format, s.pack(1, 2), s.unpack(b'\x01\x00\x00\x00\x02\x00'), s.unpack_from(b'xx\x01\x00\x00\x00\x02\x00', 2))
print(list(s.iter_unpack(bytes(12))), struct.Struct(b'>h').format)

bad = [
    lambda: struct.calcsize('z'),
    lambda: struct.calcsize('<n'),
    lambda: struct.calcsize('3'),
    lambda: struct.calcsize(5),
    lambda: struct.calcsize('i\x00'),
    lambda: struct.Struct(3),
    lambda: struct.pack('i', 1, 2),
    lambda: struct.pack('2i', 1),
    lambda: struct.pack('i', 'x'),
    lambda: struct.pack('i', 1.5),
    lambda: struct.pack('b', 200),
    lambda: struct.pack('B', -1),
    lambda: struct.pack('h', 40000),
    lambda: struct.pack('H', -1),
    lambda: struct.pack('i', 2**31),
    lambda: struct.pack('I', -1),
    lambda: struct.pack('<h', 40000),
    lambda: struct.pack('<H', 70000),
    lambda: struct.pack('<H', -1),
    lambda: struct.pack('<i', -2**31 - 1),
    lambda: struct.pack('<I', 2**32),
    lambda: struct.pack('q', 2**63),
    lambda: struct.pack('Q', 2**64),
    lambda: struct.pack('Q', -1),
    lambda: struct.pack('<q', 2**70),
    lambda: struct.pack('f', 'x'),
    lambda: struct.pack('f', 1e300),
    lambda: struct.pack('e', 1e6),
    lambda: struct.pack('s', 'str'),
    lambda: struct.pack('p', 1),
    lambda: struct.pack('c', b'ab'),
    lambda: struct.unpack('i', b'abc'),
    lambda: struct.unpack('i', 'abcd'),
    lambda: struct.unpack_from('i', b'abcdef', 4),
    lambda: struct.unpack_from('i', b'abc', -5),
    lambda: struct.unpack_from('i', b'abc', 5),
    lambda: list(struct.iter_unpack('i', b'abcde')),
    lambda: list(struct.iter_unpack('', b'')),
]
for f in bad:
    try:
        print(f())
    except (struct.error, OverflowError, TypeError) as e:
        print(type(e).__name__, e)
