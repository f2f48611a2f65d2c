# nanvar / nanstd of complex64 and complex128: NumPy squares the deviations
# as np.multiply(arr, arr.conj()) -- its AVX2 loop fuses re*re + im*im into
# one fma -- where np.var adds separately rounded squares; both kept.
import numpy as np
np.random.seed(5)
x = np.random.rand(6, 7) * 4 - 1
x[x > 2.2] = np.nan
for y in [(x + 1j * x[::-1]).astype(np.complex64), x + 1j * x[::-1]]:
    for v in [y, y.T, y[::2, ::-1]]:
        for ax in [None, 0, 1, (0, 1)]:
            print(repr(np.nanvar(v, axis=ax)), repr(np.nanstd(v, axis=ax, ddof=1)), repr(np.nanvar(v, axis=ax, keepdims=True, ddof=2)))
np.random.seed(1)
for dt in [np.complex64, np.complex128]:
    z = (np.random.randn(3000) + 1j * np.random.randn(3000)).astype(dt)
    z[::97] = np.nan
    print(repr(np.nanvar(z)), repr(np.nanstd(z.reshape(30, 100), axis=1)[:3]), repr(np.nanvar(z.reshape(30, 100).T, axis=1, ddof=1)[:3]))
    w = np.nan_to_num(z)
    print(repr(np.var(w)), repr(np.std(w.reshape(30, 100), axis=1)[:3]), repr(np.var(w.reshape(30, 100).T, axis=1, ddof=1)[:3]))
