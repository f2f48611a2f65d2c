import numpy as np
n = 1234567
print(f'{n:,}|{n:_}|{n:010d}|{n:>12}|{n:<12}|{n:^12}|')
print(f'{255:x}|{255:X}|{255:#x}|{255:o}|{255:b}|{5:08b}')
print(f'{-42:5d}|{42:+d}|{42:e}|{42:.2f}')
print(f'{7:3}|{7:03}|{-7:03}')
print(f'{True}|{None}|{n:,d}')
