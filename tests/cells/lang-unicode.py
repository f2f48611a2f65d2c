import numpy as np
s = 'héllo wörld ∑ 中文'
print(s, len(s), s.upper())
print(s[1], s[-2:], s[::-1])
print(f'[{"é":^5}] [{"中":>3}]')
print('naïve'.replace('ï', 'i'))
print('∞' in s, '∑' in s)
