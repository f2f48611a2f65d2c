# cupyx.jit.rawkernel: what Lumen does not translate is a named NotImplementedError (never a
# wrong kernel); jit's functions outside a kernel are an error. CPython (no cupy) prints the names.
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
        print(type(e).__name__, "cupyx.jit" in str(e))

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

    x = cp.zeros(8, dtype=cp.float32)
    attempt(lambda: uses_list((1,), (8,), (x,)))
    attempt(lambda: returns((1,), (8,), (x,)))
    attempt(lambda: calls_print((1,), (8,), (x,)))
    attempt(lambda: fine((1,), (8,), (x[::2], 4)))
    attempt(lambda: jit.grid(1))
    fine((1,), (8,), (x, 8))
    fine[1, 8](x, 6)
    print(cp.asnumpy(x))
    print(jit.threadIdx, jit.warpsize)
else:
    for name in ["NotImplementedError"] * 4:
        print(name, True)
    print("RuntimeError", True)
    print(np.array([2, 2, 2, 2, 2, 2, 1, 1], dtype=np.float32))
    print("<cupyx.jit.threadIdx>", 32)
