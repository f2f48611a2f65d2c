import numpy as np
months = ['jan', 'feb', 'mar', 'apr']
units = np.array([[12, 15, 9, 20], [7, 3, 11, 5], [30, 28, 35, 31]])
price = np.array([2.5, 10.0, 1.25])
revenue = units * price[:, None]
print(revenue)
print(revenue.sum(axis=0))
for m, r in zip(months, revenue.sum(axis=0)):
    print(f'{m}: {r:8.2f}')
print(f'total {revenue.sum():.2f}, best month {months[revenue.sum(axis=0).argmax()]}')
