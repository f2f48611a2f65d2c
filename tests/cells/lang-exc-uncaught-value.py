import numpy as np
print('before the error')
def parse(s):
    return int(s)
print(parse('12'))
parse('twelve')
print('never printed')
