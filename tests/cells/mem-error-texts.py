# cells: skip-gpu CuPy's OutOfMemoryError has its own words (kernels.py tests the device's)
# An array larger than the machine is NumPy's MemoryError with its size,
# shape and dtype, whichever function asked for it; the kernel lives on.
import numpy as np
tests = [
    ("ones", lambda: np.ones(10**13)),
    ("empty 2-d", lambda: np.empty((10**7, 10**6))),
    ("full", lambda: np.full(10**13, 2.0)),
    ("arange", lambda: np.arange(1e13)),
    ("eye", lambda: np.eye(10**7)),
    ("outer broadcast", lambda: np.zeros(10**7)[:, None] + np.zeros(10**7)),
    ("tile", lambda: np.tile(np.ones(10**6), 10**7)),
    ("int8", lambda: np.ones(10**13, dtype=np.int8)),
    ("repeat", lambda: np.repeat(np.ones(10), 10**12)),
    ("linspace", lambda: np.linspace(0, 1, 10**13)),
    ("zeros_like", lambda: np.zeros_like(np.broadcast_to(1.0, (10**7, 10**6)))),
    ("complex", lambda: np.zeros((10**6, 10**6), dtype=np.complex64)),
]
for name, f in tests:
    try:
        f()
        print(name, "allocated?")
    except MemoryError as e:
        print(name, "MemoryError:", e)
# beyond the address space it is a ValueError, before any MemoryError
for shape in ((10**10, 10**10), (2**40, 2**30), (2**62, 4)):
    try:
        np.zeros(shape)
    except ValueError as e:
        print(shape, "ValueError:", e)
x = np.arange(3)
print(x)
