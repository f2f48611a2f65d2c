# fusion.py — statement-level fusion on the device (engine/ufunc/fuse.h), run on
# the GPU machine with `LUMEN_DEVICE=cuda lumen-gpu run tests/gpu/fusion.py`.
# Each fused statement is compared bit for bit with the same computation
# done one operation per statement (the unfused kernels) and with NumPy on
# the host (bit for bit where IEEE fixes the result, allclose for libm).
# Prints TAP lines.
import numpy as np
import cupy as cp

n_ok = 0
n_all = 0

def check(cond, what):
    global n_ok, n_all
    n_all += 1
    if cond:
        n_ok += 1
        print("ok " + str(n_all) + " - " + what)
    else:
        print("not ok " + str(n_all) + " - " + what)

def same_bits(a, b):
    a = cp.asnumpy(a) if isinstance(a, cp.ndarray) else np.asarray(a)
    b = cp.asnumpy(b) if isinstance(b, cp.ndarray) else np.asarray(b)
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    # host results keep their operands' layout (order='K'): compare C copies
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return bool((a.reshape(-1).view(np.uint8) == b.reshape(-1).view(np.uint8)).all())

N = 1000003
hx = np.linspace(-4, 4, N).astype(np.float32)
hy = np.linspace(0.25, 3, N).astype(np.float32)
hz = np.linspace(1, -1, N).astype(np.float32)
x = cp.asarray(hx)
y = cp.asarray(hy)
z = cp.asarray(hz)
hi = np.arange(N, dtype=np.int32) % 251 - 125
i = cp.asarray(hi)

# x*y + z: one kernel, equal to two kernels and to NumPy (IEEE)
r = x * y + z
t1 = x * y
t2 = t1 + z
check(same_bits(r, t2), "x*y+z fused == unfused steps (no FMA contraction)")
check(same_bits(r, hx * hy + hz), "x*y+z == NumPy float32")
check(r.dtype == cp.float32 and r.shape == (N,), "x*y+z dtype and shape")

# sin^2 + cos^2
r = cp.sin(x) ** 2 + cp.cos(x) ** 2
s1 = cp.sin(x)
s2 = s1 ** 2
c1 = cp.cos(x)
c2 = c1 ** 2
s3 = s2 + c2
check(same_bits(r, s3), "sin(x)**2+cos(x)**2 fused == unfused steps")
check(bool(np.allclose(cp.asnumpy(r), np.sin(hx) ** 2 + np.cos(hx) ** 2, rtol=1e-6, atol=1e-6)), "sin^2+cos^2 close to NumPy")

# scalars: weak Python scalars, NumPy scalars, scalar on the left
r = 2.5 * x - 1 / y
u1 = 2.5 * x
u2 = 1 / y
u3 = u1 - u2
check(same_bits(r, u3), "2.5*x - 1/y fused == unfused")
check(same_bits(r, 2.5 * hx - 1 / hy), "2.5*x - 1/y == NumPy")
r = np.float64(2) * x + 1
check(r.dtype == cp.float64 and same_bits(r, np.float64(2) * hx + 1), "NumPy float64 scalar promotes as NumPy")

# mixed dtypes and integer wrap-around
r = i * 1000 * i + x
v1 = i * 1000
v2 = v1 * i
v3 = v2 + x
check(same_bits(r, v3), "int32 wrap + float32 -> float64 fused == unfused")
check(same_bits(r, hi * 1000 * hi + hx), "int32 wrap + float32 == NumPy")
h8 = (hi % 100).astype(np.int8)
d8 = cp.asarray(h8)
check(same_bits(d8 * 3 + d8, h8 * 3 + h8), "int8 wrap == NumPy")

# broadcasting
m = cp.asarray(hx[:6000].reshape(100, 60))
row = cp.asarray(hy[:60])
col = cp.asarray(hz[:100].reshape(100, 1))
r = m * row + col
check(same_bits(r, hx[:6000].reshape(100, 60) * hy[:60] + hz[:100].reshape(100, 1)), "broadcast m*row+col == NumPy")
r = (m.T * col.T + 1)[3]
check(same_bits(r, (hx[:6000].reshape(100, 60).T * hz[:100].reshape(1, 100) + 1)[3]), "strided operands == NumPy")

# comparisons, logical ops, power fast paths
r = (x > 0) & (y < 2) | (i == 3)
check(same_bits(r, (hx > 0) & (hy < 2) | (hi == 3)), "comparisons and bit ops == NumPy")
r = (x - 1) ** 2 + cp.abs(y) ** 0.5 + (y + 1) ** -1
p1 = x - 1
p2 = p1 ** 2
p3 = cp.abs(y)
p4 = p3 ** 0.5
p5 = y + 1
p6 = p5 ** -1
p7 = p2 + p4
p8 = p7 + p6
check(same_bits(r, p8), "power fast paths fused == unfused")

# reductions over trees
r = ((x - y) ** 2).sum()
w = x - y
w2 = w ** 2
check(bool(abs(float(r) - float(w2.sum())) <= 1e-6 * abs(float(w2.sum()))), "((x-y)**2).sum() == sum of the unfused array")
check(bool(np.allclose(float(r), float(((hx.astype(np.float64) - hy) ** 2).sum()), rtol=1e-4)), "((x-y)**2).sum() close to NumPy")
check(r.dtype == cp.float32 and r.shape == (), "reduction dtype and 0-d shape")
r = (x > 0.5).sum()
check(int(r) == int((hx > 0.5).sum()) and r.dtype == cp.int64, "(x > 0.5).sum() == NumPy, int64")
r = cp.max(cp.abs(x - y))
check(same_bits(r, np.max(np.abs(hx - hy))), "cp.max(cp.abs(x-y)) == NumPy")
r = cp.sum(x * y)
check(bool(np.allclose(float(r), float((hx.astype(np.float64) * hy).sum()), rtol=1e-4)), "cp.sum(x*y) close to NumPy")
r = (m * 2 + 1).sum(axis=0)
check(bool(np.allclose(cp.asnumpy(r), (hx[:6000].reshape(100, 60) * 2 + 1).sum(axis=0), rtol=1e-5)), "(m*2+1).sum(axis=0) close to NumPy")
r = (m > 0).any(axis=1, keepdims=True)
check(same_bits(r, (hx[:6000].reshape(100, 60) > 0).any(axis=1, keepdims=True)), "any(axis=1, keepdims=True) == NumPy")
r = (m * row).min(1)
check(same_bits(r, (hx[:6000].reshape(100, 60) * hy[:60]).min(1)), "(m*row).min(1) == NumPy")
r = (d8 * d8).sum(dtype=cp.int32)
check(int(r) == int((h8 * h8).sum(dtype=np.int32)) and r.dtype == cp.int32, "sum(dtype=int32) of int8 wrap == NumPy")

# errors are the unfused path's
try:
    r = x * y + cp.ones(7)
    check(False, "broadcast error")
except ValueError as e:
    check(str(e) == "operands could not be broadcast together with shapes (1000003,) (7,) ", "broadcast error message: " + str(e))
try:
    r = x * y + hx
    check(False, "host/device mix")
except TypeError as e:
    check(True, "host/device mix raises TypeError")
try:
    r = d8 * 2 + 300
    check(False, "weak int overflow")
except OverflowError as e:
    check(str(e) == "Python integer 300 out of bounds for int8", "OverflowError as unfused")

# small statements: one launch each (run many to exercise the kernel cache)
sx = cp.arange(1000, dtype=cp.float32)
acc = cp.zeros(1000, dtype=cp.float32)
for k in range(1000):
    acc = cp.sin(sx) * 2 + 1
check(same_bits(acc, cp.sin(sx) * 2 + 1), "sin(x)*2+1 on 1000 f32 repeated")

print("1.." + str(n_all))
