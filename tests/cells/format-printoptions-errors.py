import numpy as np
for kw in [dict(floatmode='bogus'), dict(sign='x'), dict(threshold='a'),
           dict(precision=1.5), dict(threshold=float('nan'))]:
    try:
        np.set_printoptions(**kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(np.get_printoptions()['precision'], np.get_printoptions()['floatmode'])
np.set_printoptions(threshold=np.inf)
print(np.get_printoptions()['threshold'])
print(np.arange(1100)[-5:])
print(len(repr(np.arange(1100))))
np.set_printoptions(threshold=1000)
print(len(repr(np.arange(1100))))
