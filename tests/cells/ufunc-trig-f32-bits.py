# cells: skip-gpu bit patterns of NumPy's host SIMD loops; CUDA's sinf/cosf differ in the last bit
# float32 sin/cos bit for bit as NumPy's SIMD loops compute them (Cody-Waite
# reduction + minimax polynomials; libm past the reduction's range): a
# position-weighted checksum of the int32 views changes with any one bit
import numpy as np

def check(name, x):
    w = np.arange(1, x.size + 1, dtype=np.int64)
    for f in (np.sin, np.cos):
        v = f(x).view(np.int32).astype(np.int64)
        print(name, f.__name__, x.size, int((v * w).sum()), int(v.sum()))

x = np.linspace(-130000, 130000, 200001).astype(np.float32)
check('linspace', x)
check('small', np.linspace(-7, 7, 100003).astype(np.float32))
# (built in float64 by Python: NumPy's float32 power is SVML's on AVX-512 CPUs)
e = np.array([1.37 ** k for k in range(-300, 60)], dtype=np.float32)
check('powers', np.concatenate((e, -e)))
special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754944e-38,
                    71476.06, 71476.07, 117435.99, 117436.0, 3.4028235e38, -3.4028235e38,
                    np.pi, np.pi / 2, -np.pi / 4, 1e5, 8388608.0, 12345.678], dtype=np.float32)
print(np.sin(special).view(np.int32))
print(np.cos(special).view(np.int32))
# strided, reversed, in place and 2-d operands take the same values
y = x[::7]
check('strided', y)
print(bool((np.sin(x[::-3]) == np.sin(x)[::-3]).all()), bool((np.cos(y) == np.cos(x)[::7]).all()))
z = x.copy()
np.sin(z, out=z)
print(bool((z == np.sin(x)).all()))
m = x[:200000].reshape(400, 500).T
print(bool((np.cos(m) == np.cos(x[:200000]).reshape(400, 500).T).all()))
print(np.sin(np.float32(0.5)).view(np.int32), np.cos(np.float32(-2.5)).view(np.int32))
print(np.sin(np.zeros(0, np.float32)), np.cos(np.zeros((2, 0), np.float32)).shape)
