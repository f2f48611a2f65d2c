# the integer ufuncs np.gcd, np.lcm (NumPy's wrapping at MIN and on overflow; gcd.reduce), np.bitwise_count and np.fabs
import numpy as np
print(np.gcd(12, 20), repr(np.gcd.reduce([15, 25, 35])), repr(np.gcd(np.arange(6), 20)))
print(repr(np.lcm(12, 20)), repr(np.lcm.reduce([3, 12, 20])), repr(np.lcm.reduce([40, 12, 20])), repr(np.lcm(np.arange(6), 20)))
print(repr(np.gcd(-12, 20)), repr(np.gcd(np.int8(-128), np.int8(0))), repr(np.gcd(np.int8(-128), np.int8(6))), repr(np.lcm(-4, 6)), repr(np.lcm(np.int8(100), np.int8(3))))
print(repr(np.gcd(np.array([0, 0, 7], dtype=np.uint16), np.array([0, 5, 0], dtype=np.uint16))), repr(np.lcm(np.uint8(200), np.uint8(3))))
print(repr(np.gcd(np.int64(-2**63), np.int64(6))), repr(np.gcd(np.int64(-2**63), np.int64(0))))
print(np.gcd.identity, np.lcm.identity, np.gcd.nin)
for bad in [(True, 4), (np.int16(-6), 4)]:
    try:
        print(repr(np.gcd(*bad)))
    except TypeError as e:
        print('TypeError', e)
print(repr(np.fabs(-1)), repr(np.fabs([-1.2, 1.2])), repr(np.fabs(np.float32(-3))), repr(np.fabs(np.float16(-2))))
try:
    np.fabs(1j)
except TypeError as e:
    print('TypeError', e)
print(repr(np.bitwise_count(1023)), repr(np.bitwise_count([-1, 0, 5])), repr(np.bitwise_count(np.int8(-128))), repr(np.bitwise_count(np.uint64(2**64 - 1))))
print(repr(np.bitwise_count(np.array([255, 7], dtype=np.uint8))))
