import numpy as np
config = {'alpha': 1}
print(config['alpha'])
print(config['beta'])
