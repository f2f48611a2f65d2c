import numpy as np
try:
    np.load('/etc/passwd')
except ValueError as e:
    print("ValueError:", e)
try:
    np.load('missing.npy')
except FileNotFoundError as e:
    print("FileNotFoundError")
