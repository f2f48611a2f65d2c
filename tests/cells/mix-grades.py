import numpy as np
scores = np.array([[88, 92, 79], [65, 70, 58], [95, 98, 100], [72, 60, 81]])
names = ['ann', 'bob', 'cy', 'di']
avg = scores.mean(axis=1)
for n, a in zip(names, avg):
    print(f'{n:>4}: {a:6.2f}')
print(scores.max(axis=0), scores.min(axis=0))
best = names[int(np.argmax(avg))]
print('best:', best)
print(['pass' if v >= 80 else 'fail' for v in avg])
print(np.where(avg >= 80, 1, 0))
