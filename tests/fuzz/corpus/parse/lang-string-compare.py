import numpy as np
print('a' < 'b', 'apple' < 'apricot', 'Z' < 'a', '' < 'a', 'abc' == 'abc', 'a' != 'A')
print(sorted(['banana', 'Apple', 'cherry', 'apple']))
print(sorted(['banana', 'Apple', 'cherry', 'apple'], key=lambda s: s.lower()))
print(max(['x', 'xy', 'w']), 'abc' in 'xabcx', 'abc' * 2 == 'abcabc')
