# sweep_xfer.py — the implicit device-to-host copies (count and sites, from
# cp.cuda.lumen_transfer_sites) of the sweep rows issue 17 names, one call
# each after a warm-up: run on the GPU machine with LUMEN_DEVICE=cuda.
import cupy as cp
import cupyx.scipy.linalg as csl
import cupyx.scipy.ndimage as cnd
def site(name, f):
    f(); cp.cuda.Device().synchronize()
    cp.cuda.lumen_transfer_reset()
    f(); cp.cuda.Device().synchronize()
    print(name, cp.cuda.lumen_transfer_count(), cp.cuda.lumen_transfer_sites())
x2 = cp.arange(1000000, dtype=cp.float32).reshape(1000, 1000) % 7 + 1
xs = cp.sort(cp.arange(1000000, dtype=cp.float32) % 1013)
b = (cp.arange(62500*16, dtype=cp.float32).reshape(62500, 4, 4) % 5) + 4 * cp.eye(4, dtype=cp.float32)
y = cp.arange(62500*4, dtype=cp.float32).reshape(62500, 4) % 3
m = (cp.arange(1000000, dtype=cp.float32).reshape(1000, 1000) % 11) / 1000 + 1000 * cp.eye(1000, dtype=cp.float32)
site("interp", lambda: cp.interp(xs, xs, xs * 2))
site("norm", lambda: cp.linalg.norm(x2.ravel()))
site("norm axis0", lambda: cp.linalg.norm(x2, axis=0))
site("norm axis-1", lambda: cp.linalg.norm(x2, axis=-1))
site("sqrt", lambda: cp.sqrt(x2))
site("sum axis0", lambda: cp.sum(x2 * x2, axis=0))
site("inv batched", lambda: cp.linalg.inv(b))
site("det batched", lambda: cp.linalg.det(b))
site("solve batched", lambda: cp.linalg.solve(b, y[..., None]))
site("svd", lambda: cp.linalg.svd(m))
site("svd values", lambda: cp.linalg.svd(m, compute_uv=False))
site("expm", lambda: csl.expm(m / 1000))
site("expm32", lambda: csl.expm(m[:32, :32] / 32))
site("nonzero", lambda: (x2 > 3).nonzero())
site("take axis0", lambda: cp.take(x2, cp.arange(1000)[::-1], axis=0))
site("choice", lambda: cp.random.choice(1000000, 1000, replace=False))
site("shuffle", lambda: cp.random.shuffle(x2.ravel()))
site("pad", lambda: cp.pad(x2, 3))
site("uniform_filter", lambda: cnd.uniform_filter(x2, 5))
site("rfft2", lambda: cp.fft.rfft2(x2))
