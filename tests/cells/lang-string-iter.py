import numpy as np
vowels = 0
for c in 'programming language':
    if c in 'aeiou':
        vowels += 1
print(vowels)
print(list('abc'), [c * 2 for c in 'xyz'])
print(sorted('hello'), max('hello'), min('hello'))
