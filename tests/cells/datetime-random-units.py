# random units, values and offsets: datetime/timedelta reprs, casts between units, arithmetic across units and
# datetime_as_string(unit='auto') against NumPy (values kept where 64-bit counts do not overflow)
# cells: skip-gpu datetime64 is host only (CuPy has no datetime arrays)
import numpy as np
import random
random.seed(11)
units = ['Y', 'M', 'W', 'D', 'h', 'm', 's', 'ms', 'us', '3h', '25s', '10ms']
for i in range(300):
    u1, u2 = random.choice(units), random.choice(units)
    v = random.randint(-2*10**4, 2*10**4)
    w1, w2, w3 = random.randint(-10**4, 10**4), random.randint(-10**4, 10**4), random.randint(-10**4, 10**4)
    try:
        d = np.datetime64(v, u1)
        r = [repr(d), str(d), repr(d.astype('M8[' + u2 + ']'))]
        t = np.timedelta64(v, u1)
        r += [repr(t), str(t)]
        try:
            r.append(repr(t.astype('m8[' + u2 + ']')))
        except Exception as e:
            r.append(type(e).__name__)
        try:
            r.append(repr(d - np.datetime64(w1, u2)))
        except Exception as e:
            r.append(type(e).__name__)
        try:
            r.append(repr(t + np.timedelta64(w2, u2)))
        except Exception as e:
            r.append('TypeError' if isinstance(e, TypeError) else type(e).__name__)
        try:
            r.append(repr(d + np.timedelta64(w3, u2)))
        except Exception as e:
            r.append('TypeError' if isinstance(e, TypeError) else type(e).__name__)
        r.append(np.datetime_as_string(np.array([d]), unit='auto')[0])
    except Exception as e:
        r = [type(e).__name__, str(e)]
    print(i, u1, u2, v, *r)
