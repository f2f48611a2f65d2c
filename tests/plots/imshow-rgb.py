import numpy as np
import matplotlib.pyplot as plt
img = np.zeros((20, 30, 3))
img[..., 0] = np.linspace(0, 1, 30)
img[..., 1] = np.linspace(0, 1, 20)[:, None]
img[5:15, 10:20, 2] = 1.0
plt.imshow(img)
plt.axis('off')
