import numpy as np
a = np.array([np.pi, np.e])
with np.printoptions(precision=2):
    print(a)
print(a)
opts = np.get_printoptions()
print(opts['precision'], opts['threshold'], opts['edgeitems'], opts['linewidth'])
print(opts['suppress'], opts['sign'], opts['floatmode'], opts['legacy'])
