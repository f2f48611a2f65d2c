import numpy as np
x = np.arange(10)
print(np.shares_memory(x, x[2:]), np.shares_memory(x[::2], x[1::2]), np.may_share_memory(x[::2], x[1::2]))
print(np.shares_memory(x, np.arange(3)), np.shares_memory(x[:5], x[5:]), np.may_share_memory(x, x.copy()))
print(np.shares_memory(x.reshape(2, 5), x), np.shares_memory(x.T, x))
