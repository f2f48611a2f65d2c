import numpy as np
temps_c = np.array([21.5, 23.0, 19.8, 25.1, 22.4, 18.9, 24.3])
temps_f = temps_c * 9 / 5 + 32
print(temps_f)
print(f'mean {temps_c.mean():.2f} C, max {temps_c.max()} C on day {temps_c.argmax()}')
warm = temps_c > 22
print(warm, warm.sum(), temps_c[warm])
print(np.round(temps_f - temps_f.mean(), 2))
