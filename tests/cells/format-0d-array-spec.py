import numpy as np
a = np.array(3.14159)
print(f'{a:.2f}', format(np.array(7), '>4'), f'{np.array(0.25):.1%}', f'{np.array(True)}', f'{np.array(2.5, dtype=np.float32):8.3f}|')
print(f'{np.array(1 + 2j)}', format(np.array(12345678), ','), f'{np.float32(2.5):e}')
try:
    format(np.arange(2), '.2f')
except TypeError as e:
    print('TypeError:', e)
