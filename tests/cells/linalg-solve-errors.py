import numpy as np
try:
    np.linalg.solve(np.eye(2), np.ones(3))
except ValueError as e:
    print("ValueError:", e)
try:
    np.linalg.solve(np.eye(2), np.ones((3, 1)))
except ValueError as e:
    print("ValueError:", e)
try:
    np.linalg.solve(np.ones((2, 2)), np.ones(2))
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
try:
    np.linalg.solve(np.zeros((3, 3)), np.ones(3))
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
