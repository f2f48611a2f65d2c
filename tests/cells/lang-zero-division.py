import numpy as np
try:
    1 / 0
except ZeroDivisionError as e:
    print('1/0:', e)
try:
    1 // 0
except ZeroDivisionError as e:
    print('1//0:', e)
try:
    1 % 0
except ZeroDivisionError as e:
    print('1%0:', e)
try:
    1.0 / 0
except ZeroDivisionError as e:
    print('1.0/0:', e)
try:
    x = 0.0
    print(2.0 % x)
except ZeroDivisionError as e:
    print('2.0%0.0:', e)
