# scipy.ndimage.correlate / convolve / correlate1d / convolve1d: every mode,
# origins, even kernels, kernels larger than the input, dtypes, 1-D to 3-D
import numpy as np
import scipy.ndimage as ndi
a = np.arange(20, dtype=np.float64).reshape(4, 5) ** 1.5
w = np.array([[1, 2, 0], [0.5, -1, 3]])
for m in ['reflect', 'constant', 'nearest', 'mirror', 'wrap',
          'grid-wrap', 'grid-mirror', 'grid-constant']:
    print(m)
    print(ndi.correlate(a, w, mode=m, cval=1.5))
    print(ndi.convolve(a, w, mode=m, origin=(0, -1)))
    print(ndi.correlate1d(a, [1, 3, -1.5, 2], axis=0, mode=m, cval=-2))
    print(ndi.convolve1d(a, [1, 0, -1], mode=m))
x = np.arange(3.0)
for m in ['reflect', 'mirror', 'wrap', 'nearest', 'constant']:
    print(m, ndi.correlate(x, np.arange(10.0), mode=m), ndi.correlate1d(x, np.ones(7), mode=m))
print(ndi.correlate(np.arange(1.0), [1, 2, 3, 4, 5], mode='mirror'))
print(ndi.correlate(np.arange(5), [0.3, 0.3, 0.3]))
print(ndi.correlate(np.arange(5), [-0.5, 0, 0]))
print(ndi.correlate(np.arange(5, dtype=np.uint8), [1, 2, 1], output=np.float32))
print(ndi.correlate(np.arange(5.0), [1, 2, 3], output='f'))
print(ndi.correlate(np.arange(5.0), [1, 2, 3], output=np.int32))
o = np.zeros(5)
r = ndi.correlate(np.arange(5), [1, 2, 3], output=o)
print(r is o, o)
f32 = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7) / 3
print(ndi.correlate(f32, np.ones((2, 2, 3)) / 7, mode='nearest'))
print(ndi.convolve(f32, np.arange(8.0).reshape(2, 2, 2), mode='wrap', origin=-1))
print(ndi.correlate1d(f32, [2, 1], axis=1, origin=-1))
i16 = np.arange(-6, 6, dtype=np.int16).reshape(3, 4)
print(ndi.convolve(i16, [[1, 2], [3, 4]]), ndi.correlate(i16, [[0.25, 0.5, 0.25]]))
print(ndi.convolve(np.array([[7]]), [[1, 2], [3, 4]], mode='constant', cval=1))
print(ndi.correlate(np.zeros((0, 3)), [[1, 2, 1]]))
print(ndi.correlate(np.array(3.0), 2.0))
print(ndi.correlate(np.arange(4.0), [0, 0, 0]))
print(ndi.correlate(np.arange(6) > 2, [1, 1, 1]))
