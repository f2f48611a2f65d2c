# base64 and binascii: encode/decode forms, altchars, validate (strict
# mode), base32/base16, encodebytes, hexlify, crc32; binascii.Error and the
# TypeErrors/ValueErrors of bad input
import base64
import binascii

samples = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(256)), b'\xfb\xff\xfe']
for s in samples:
    e = base64.b64encode(s)
    print(e[:40], base64.b64decode(e) == s, base64.urlsafe_b64encode(s)[:12],
          base64.urlsafe_b64decode(base64.urlsafe_b64encode(s)) == s)
    print(base64.b32encode(s)[:24], base64.b32decode(base64.b32encode(s)) == s,
          base64.b32hexencode(s)[:16], base64.b32hexdecode(base64.b32hexencode(s)) == s)
    print(base64.b16encode(s)[:20], base64.b16decode(base64.b16encode(s)) == s)

print(base64.b64encode(b'\xfb\xff', altchars=b'*$'), base64.b64decode('+/8=', b'*$'), base64.b64decode(b'*$8=', b'*$'))
print(base64.b64decode('Zm9v YmFy\n'), base64.b64decode(b'Zm9vYg=='), base64.b64decode(b'Zm9vYg==junk'))
print(base64.standard_b64encode(b'hi'), base64.standard_b64decode('aGk='))
print(base64.encodebytes(b'x' * 120))
print(base64.decodebytes(base64.encodebytes(b'y' * 100)) == b'y' * 100, base64.encodebytes(b''))
print(base64.b32decode('me======', casefold=True), base64.b32decode('M1OQ====', map01=b'L'))
print(base64.b16decode('0aff', casefold=True), base64.b32decode(''))
print(binascii.hexlify(b'\x01\xab'), binascii.b2a_hex(b'z'), binascii.unhexlify('01AB'), binascii.a2b_hex(b'ff'))
print(binascii.b2a_base64(b'abc'), binascii.b2a_base64(b'abc', newline=False), binascii.a2b_base64('YWJj'))
print(binascii.crc32(b'hello'), binascii.crc32(b' world', binascii.crc32(b'hello')), binascii.crc32(b''))
print(issubclass(binascii.Error, ValueError), base64.binascii.Error is binascii.Error)

bad = [
    lambda: base64.b64decode('abc'),
    lambda: base64.b64decode('abcde'),
    lambda: base64.b64decode('a'),
    lambda: base64.b64decode('ab!c', validate=True),
    lambda: base64.b64decode('=abc', validate=True),
    lambda: base64.b64decode('ab==cd', validate=True),
    lambda: base64.b64decode('ab=c', validate=True),
    lambda: base64.b64decode('abc==', validate=True),
    lambda: base64.b64decode('é'),
    lambda: base64.b64decode(12),
    lambda: base64.b64encode('text'),
    lambda: base64.b32decode('ABC'),
    lambda: base64.b32decode('AB!DEFGH'),
    lambda: base64.b32decode('AB======'),
    lambda: base64.b32decode('ABCDEFG='),
    lambda: base64.b16decode('0g'),
    lambda: base64.b16decode('abc'),
    lambda: base64.b16decode('ABC'),
    lambda: base64.encodebytes('s'),
    lambda: base64.decodebytes('s'),
    lambda: binascii.unhexlify('abc'),
    lambda: binascii.unhexlify('zz'),
    lambda: binascii.a2b_base64('ab', strict_mode=True),
    lambda: binascii.b2a_base64('s'),
]
for f in bad:
    try:
        print(f())
    except (binascii.Error, ValueError, TypeError) as e:
        print(type(e).__name__, e)
