import numpy as np
import sys
sys.stdout.write('hello from sys.stdout\n')
sys.stderr.write('this goes to stderr\n')
print(type(sys.version).__name__)
print(sys.version.split()[0].count('.') >= 1)
