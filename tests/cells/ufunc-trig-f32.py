import numpy as np
x = np.linspace(-10, 10, 21, dtype=np.float32)
print(np.sin(x), np.cos(x), sep='\n')
print(np.sin(np.float32(1e5)), np.cos(np.float32(123456.7)), np.sin(np.float32(np.nan)), np.cos(np.float32(np.inf)))
y = np.linspace(-200, 200, 4001).astype(np.float32)
print(float(np.sin(y).astype(np.float64).sum()), float(np.cos(y).astype(np.float64).sum()))
print(np.tan(np.float32(0.5)), np.arctan(np.float32(2)), np.sin(x[::-3]))
