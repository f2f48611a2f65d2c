import numpy as np
d = {'apple': 3, 'banana': 1, 'cherry': 2}
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(f'{k}={v}')
print(list(d.keys()), list(d.values()))
print(sum(d.values()), sorted(d), sorted(d.items(), key=lambda kv: kv[1]))
for v in d.values():
    print(v * 2, end=',')
print()
