import numpy as np
def f(x):
    try:
        print('try', x)
        if x:
            return 'from try'
    finally:
        print('finally', x)
    return 'after'
print(f(1))
print(f(0))
try:
    try:
        1 / 0
    finally:
        print('cleanup runs before the handler')
except ZeroDivisionError:
    print('handled')
for i in range(3):
    try:
        if i == 1:
            continue
        print('body', i)
    finally:
        print('finally', i)
