import numpy as np
print(repr('a'), repr("it's"), repr('say "hi"'), repr('both \' and "'))
print(repr('a\nb'), repr('\t'), repr('back\\slash'))
print(str(None), repr(None), repr([1, 'a', None]), repr((1,)), repr({}), repr(()))
print(repr(1.0), repr(10), repr(True), repr([1.5, 'x']))
print(str('plain'), repr({'k': [1, (2, 'v')]}))
print([repr(x) for x in [1, 'one', 1.0]])
