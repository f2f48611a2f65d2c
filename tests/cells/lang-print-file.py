import numpy as np
import sys
print('to stdout', file=sys.stdout)
print('to stderr', file=sys.stderr)
sys.stdout.write('written\n')
n = sys.stdout.write('abc\n')
print(n)
print(isinstance(sys.version, str), len(sys.version) > 0)
print('done')
