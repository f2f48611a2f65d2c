import numpy as np
accounts = {}
def deposit(name, amount):
    if amount <= 0:
        raise ValueError('deposit must be positive')
    accounts[name] = accounts.get(name, 0) + amount
def withdraw(name, amount):
    if accounts.get(name, 0) < amount:
        raise ValueError(f'insufficient funds for {name}')
    accounts[name] -= amount
ops = [('deposit', 'ann', 100), ('withdraw', 'ann', 30), ('withdraw', 'bob', 5), ('deposit', 'bob', -1), ('deposit', 'bob', 50)]
for op, who, amt in ops:
    try:
        if op == 'deposit':
            deposit(who, amt)
        else:
            withdraw(who, amt)
        print('ok', op, who, amt)
    except ValueError as e:
        print('failed:', e)
print(accounts)
