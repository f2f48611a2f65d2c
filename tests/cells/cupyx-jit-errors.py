# cupyx.jit.rawkernel: what CuPy's jit refuses is refused with CuPy's exception types (a list,
# a returned value: ValueError; print: TypeError); a strided array argument is indexed through
# its strides; jit's functions outside a kernel are a RuntimeError. CPython without cupy prints
# what CuPy prints.
import numpy as np
try:
    import cupy as cp
    from cupyx import jit
except ImportError:
    cp = None

def attempt(f):
    try:
        f()
        print("ran")
    except Exception as e:
        print(type(e).__name__)

if cp is not None:
    @jit.rawkernel()
    def uses_list(x):
        i = jit.grid(1)
        x[i] = [1, 2][0]

    @jit.rawkernel()
    def returns(x):
        return x[0]

    @jit.rawkernel()
    def calls_print(x):
        print(x[0])

    @jit.rawkernel()
    def fine(x, n):
        i = jit.grid(1)
        if i < n:
            x[i] = x[i] + 1

    @jit.rawkernel()
    def cols(a, out):
        i, j = jit.grid(2)
        if i < a.shape[0] and j < a.shape[1]:
            out[i, j] = a[i, j] * 2

    x = cp.zeros(8, dtype=cp.float32)
    attempt(lambda: uses_list((1,), (8,), (x,)))
    attempt(lambda: returns((1,), (8,), (x,)))
    attempt(lambda: calls_print((1,), (8,), (x,)))
    attempt(lambda: fine((1,), (8,), (x[::2], 4)))
    attempt(lambda: jit.grid(1))
    fine((1,), (8,), (x, 8))
    fine[1, 8](x, 6)
    print(cp.asnumpy(x))
    fine[1, 4](x[::-2], 4)
    print(cp.asnumpy(x))
    m = cp.arange(12, dtype=cp.int64).reshape(3, 4)
    o = cp.zeros((4, 3), dtype=cp.int64)
    cols[(1, 1), (4, 4)](m.T, o)
    print(cp.asnumpy(o))
    print(jit.threadIdx, jit.blockDim)
else:
    for name in ["ValueError", "ValueError", "TypeError", "ran", "RuntimeError"]:
        print(name)
    x = np.array([3, 2, 3, 2, 3, 2, 2, 1], dtype=np.float32)
    print(x)
    x[::-2] += 1
    print(x)
    print(np.arange(12).reshape(3, 4).T * 2)
    print('<Data code = "threadIdx", type = dim3> <Data code = "blockDim", type = dim3>')
