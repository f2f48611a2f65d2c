import numpy as np
h = np.array([0.1, 1.5, 1000.0, 65504.0], dtype=np.float16)
print(h + h, h * 2, h / 3, (h + 1).dtype, (h + np.float32(1)).dtype)
print(np.sqrt(h), np.exp(np.float16(2)), np.sin(h[:2]))
print(np.arange(3, dtype=np.int8) * np.float16(0.5), (np.arange(3, dtype=np.int8) / 2).dtype)
print(np.sin(np.arange(3, dtype=np.int8)).dtype, np.sin(np.arange(3, dtype=np.int16)).dtype, np.sin(np.arange(3, dtype=np.int32)).dtype)
