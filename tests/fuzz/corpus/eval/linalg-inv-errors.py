import numpy as np
for m in [np.ones((2, 2)), np.ones((2, 3)), np.ones(3), np.zeros((3, 3))]:
    try:
        np.linalg.inv(m)
    except np.linalg.LinAlgError as e:
        print("LinAlgError:", e)
try:
    np.linalg.inv(np.eye(2, dtype=np.float16))
except TypeError as e:
    print("TypeError:", e)
