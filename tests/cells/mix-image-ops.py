import numpy as np
img = np.arange(36, dtype=np.uint8).reshape(6, 6) * 7
print(img)
print(img.dtype, img.shape, img.max(), img.min())
crop = img[1:4, 2:5]
print(crop)
flipped = img[::-1, :]
print(flipped[0])
thresh = (img > 100).astype(np.uint8)
print(thresh.sum(), thresh[2])
