import numpy as np
def greet(name, greeting='Hello', punct='!'):
    return f'{greeting}, {name}{punct}'
print(greet('Ann'))
print(greet('Bob', 'Hi'))
print(greet('Cy', punct='?'))
print(greet(greeting='Yo', name='Di'))
def power(base, exp=2):
    return base ** exp
print(power(3), power(3, 3), power(exp=0, base=5))
try:
    greet()
except TypeError as e:
    print('TypeError:', e)
