import numpy as np
# bytes %-formatting (PEP 461): %s/%b take bytes, %r/%a give ascii()
print(b'%d' % 5, b'%s' % b'x', b'%5.2f' % 1.5, b'%s and %d' % (b'ab', 3))
print(b'%x|%X|%o|%e|%g|%r|%a' % (255, 255, 8, 1.5, 0.1, b'q', 'h\xe9'))
print(b'%%|%c|%c' % (65, b'z'), b'%(k)s=%(n)d' % {b'k': b'v', b'n': 4})
print(b'%-5d|%05d|%+d|% d|%#x|%#o' % (3, 4, 5, 6, 255, 8))
print(b'%b' % b'bb', b'%.1s' % b'abc', b'%5s|%-5s|' % (b'ab', b'cd'), b'%*d' % (4, 2))
print(b'%d' % np.int8(5), b'%.3f' % np.float32(1.5), b'%i' % True, b'%d' % 2**70)
print(b'%s' % np.array([1, 2], np.uint8).tobytes(), b'%r' % 'str', b'%c' % 255)
print(b'' % (), b'no args' % (), b'%d%%' % 50)
r = b'%s' % b''
print(type(r).__name__, len(r))
for f, v in [(b'%s', 'str'), (b'%d', b'x'), (b'%d', (1, 2)), (b'%d %d', (1,)),
             (b'%c', 300), (b'%s', 5), (b'%c', b'ab'), (b'%c', 'a'), (b'%f', 'x'),
             (b'%z', 1), (b'%', 1), (b'%(k)s', 5), (b'%x', 1.5)]:
    try:
        print(f % v)
    except Exception as e:
        print(type(e).__name__, e)
# str % shares the code: %a escapes, %x / %o want integers
print('%a|%r|%x|%d' % ('h\xe9', 'h\xe9', 255, 2.7))
for f, v in [('%x', 1.5), ('%o', np.float64(2.0)), ('%s %s', (1,)), ('%s', (1, 2))]:
    try:
        print(f % v)
    except TypeError as e:
        print(e)
print('%d|%.2f|%s' % (np.int64(5), np.float32(0.5), np.array([1, 2])), '%s' % np.float64(1.5), '%r' % np.int8(3))
