import numpy as np
def msg(f):
    try:
        f()
    except Exception as e:
        return f'{type(e).__name__}: {e}'
print(msg(lambda: 1 + 'a'))
print(msg(lambda: 'a' * 'b'))
print(msg(lambda: None + 1))
print(msg(lambda: [1] - [1]))
print(msg(lambda: int('3.5')))
print(msg(lambda: {}['k']))
print(msg(lambda: sum(['a'])))
def one(a):
    return a
def none():
    return 0
print(msg(lambda: one()))
print(msg(lambda: one(1, 2)))
print(msg(lambda: none(x=1)))
five = 5
print(msg(lambda: five()))
half = 1.5
print(msg(lambda: 'x'[half]))
