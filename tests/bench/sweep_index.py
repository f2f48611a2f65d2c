# sweep_index.py — a host (np) sweep of indexing, manipulation, creation and
# elementwise work over the shapes users time: 1-D 1e6..1e7, 2-D along each
# axis (2000x2000, 100000x10, 10x100000), f32/f64/int64 (+ bool/int32),
# contiguous and non-contiguous operands.  Runs unchanged under `lumen run`
# and python3; one line per workload, "name|ms", the best of N runs timed
# with time.perf_counter (join both outputs with host_table.py).
import time
import numpy as np

N = 10000000
M = 1000000
n = 2000

def row(name, f, reps=3):
    try:
        f()
        best = 1e30
        for i in range(reps):
            t = time.perf_counter()
            f()
            best = min(best, time.perf_counter() - t)
        print(name + "|" + str(round(best * 1000, 4)))
    except Exception as e:
        print(name + "|error|" + str(e))

np.random.seed(0)
x = np.random.rand(N).astype(np.float32)
y = np.random.rand(N).astype(np.float32)
xd = x.astype(np.float64)
yd = y.astype(np.float64)
xi = (x * 1000000).astype(np.int64)
yi = (y * 1000000).astype(np.int64)
xi32 = (x * 1000000).astype(np.int32)
xb = x > 0.5
A = np.random.rand(n, n).astype(np.float32)
Ad = A.astype(np.float64)
Ai = (A * 1000).astype(np.int64)
T = np.random.rand(100000, 10).astype(np.float32)
W = np.random.rand(10, 100000).astype(np.float32)
Td = T.astype(np.float64)
Wd = W.astype(np.float64)

# -- copies of views: slices, transposes, reshapes, ravel
row("x[::2].copy() f32", lambda: x[::2].copy())
row("x[::-1].copy() f64", lambda: xd[::-1].copy())
row("A[:, :1000].copy() f32", lambda: A[:, :1000].copy())
row("A[::2, ::2].copy() f32", lambda: A[::2, ::2].copy())
row("A.T.copy() f32", lambda: A.T.copy())
row("A.T.copy() f64", lambda: Ad.T.copy())
row("A.T.copy() int64", lambda: Ai.T.copy())
row("T.T.copy() 100000x10 f32", lambda: T.T.copy())
row("W.T.copy() 10x100000 f32", lambda: W.T.copy())
row("T.T.copy() 100000x10 f64", lambda: Td.T.copy())
row("A.transpose().reshape(-1) f32", lambda: A.transpose().reshape(-1))
row("A.T.ravel() f64", lambda: Ad.T.ravel())
row("A[:, ::2].ravel() f32", lambda: A[:, ::2].ravel())
row("ascontiguousarray(A.T) f32", lambda: np.ascontiguousarray(A.T))
row("x.reshape(1000,-1).T.reshape(-1) f32", lambda: x.reshape(1000, -1).T.reshape(-1))
row("flip(A, 1).copy() f32", lambda: np.flip(A, 1).copy())
row("flip(A, 0).copy() f32", lambda: np.flip(A, 0).copy())

# -- fancy indexing
idx = np.random.randint(0, N, M)
idx32 = idx.astype(np.int32)
row("x[idx] f32 1e6", lambda: x[idx])
row("x[idx] f64 1e6", lambda: xd[idx])
row("x[idx] int64 1e6", lambda: xi[idx])
row("x[idx32] f32 1e6", lambda: x[idx32])
idxN = np.random.randint(0, N, N)
row("x[idx] f64 1e7", lambda: xd[idxN])
perm = np.random.permutation(n)
row("A[perm] rows f32", lambda: A[perm])
row("A[:, perm] cols f32", lambda: A[:, perm])
row("A[:, perm] cols f64", lambda: Ad[:, perm])
rperm = np.random.randint(0, 100000, 100000)
row("T[idx] rows of 10 f32", lambda: T[rperm])
row("W[:, idx] 10x100000 f32", lambda: W[:, rperm])
row("A[perm][:, perm] f32", lambda: A[perm][:, perm])
row("A[ix_(perm, perm)] f32", lambda: A[np.ix_(perm, perm)])
pi = np.random.randint(0, n, M)
pj = np.random.randint(0, n, M)
row("A[i, j] pairs 1e6 f32", lambda: A[pi, pj])
row("take(x, idx) f32", lambda: np.take(x, idx))
row("take(A, perm, axis=1) f32", lambda: np.take(A, perm, axis=1))
row("take(A, perm, axis=0) f64", lambda: np.take(Ad, perm, axis=0))
o1 = np.argsort(A[:200], axis=1)
A200 = A[:200].copy()
row("take_along_axis(A, argsort, 1) 200x2000 f32", lambda: np.take_along_axis(A200, o1, axis=1))
o0 = np.argsort(A[:, :200], axis=0)
A0 = A[:, :200].copy()
row("take_along_axis(A, argsort, 0) 2000x200 f32", lambda: np.take_along_axis(A0, o0, axis=0))

# -- boolean masks
mask = xb
maskA = A > 0.5
row("x[mask] f32", lambda: x[mask])
row("x[mask] f64", lambda: xd[mask])
row("x[mask] int64", lambda: xi[mask])
row("A[maskA] 2-D f32", lambda: A[maskA])
row("A.T[maskA] 2-D f32", lambda: A.T[maskA])
rmask = np.random.rand(n) > 0.5
row("A[rowmask] f32", lambda: A[rmask])
row("A[:, colmask] f32", lambda: A[:, rmask])
row("nonzero(mask) 1e7", lambda: np.nonzero(mask))
row("flatnonzero(mask) 1e7", lambda: np.flatnonzero(mask))
row("nonzero(maskA) 2-D", lambda: np.nonzero(maskA))
row("argwhere(maskA) 2-D", lambda: np.argwhere(maskA))
row("where(mask) 1e7", lambda: np.where(mask))
row("count_nonzero(mask)", lambda: np.count_nonzero(mask))

# -- assignment through indices and masks (on scratch copies)
xs = x.copy()
xds = xd.copy()
As = A.copy()
vals = np.random.rand(M).astype(np.float32)
mv = xd[mask]

def set_idx_scalar():
    xs[idx] = 1.0

def set_idx_vals():
    xs[idx] = vals

def set_mask_f32():
    xs[mask] = 0.0

def set_mask_f64():
    xds[mask] = 0.0

def set_mask_vals():
    xds[mask] = mv

def set_mask2d():
    As[maskA] = 0.0

def set_cols():
    As[:, perm] = 1.0

def set_rows():
    As[perm] = A

def set_slice_rows():
    As[::2] = 1.0

def set_slice_cols():
    As[:, ::2] = A[:, 1::2]

row("x[idx] = 1.0 f32", set_idx_scalar)
row("x[idx] = v f32", set_idx_vals)
row("x[mask] = 0 f32", set_mask_f32)
row("x[mask] = 0 f64", set_mask_f64)
row("x[mask] = v f64", set_mask_vals)
row("A[maskA] = 0 2-D f32", set_mask2d)
row("A[:, perm] = 1 f32", set_cols)
row("A[perm] = A f32", set_rows)
row("A[::2] = 1 f32", set_slice_rows)
row("A[:, ::2] = A[:, 1::2] f32", set_slice_cols)
row("put(x, idx, v) f32", lambda: np.put(xs, idx, vals))
row("put_along_axis(A, argsort, 1) 200x2000", lambda: np.put_along_axis(A200, o1, 0.0, axis=1))

# -- joining, repeating, padding, rolling
row("concatenate 1-D 2x f64", lambda: np.concatenate((xd, yd)))
row("concatenate A,A axis=0 f32", lambda: np.concatenate((A, A), axis=0))
row("concatenate A,A axis=1 f32", lambda: np.concatenate((A, A), axis=1))
row("concatenate T,T axis=1 f32", lambda: np.concatenate((T, T), axis=1))
row("concatenate W,W axis=0 f32", lambda: np.concatenate((W, W), axis=0))
row("concatenate 100 pieces 1e5 f32", lambda: np.concatenate([x[i * 100000:(i + 1) * 100000] for i in range(100)]))
row("stack (x,y) axis=0 f32", lambda: np.stack((x, y)))
row("stack (x,y) axis=1 f32", lambda: np.stack((x, y), axis=1))
row("vstack A,A f64", lambda: np.vstack((Ad, Ad)))
row("hstack A,A f64", lambda: np.hstack((Ad, Ad)))
row("column_stack x,y 1e6 f64", lambda: np.column_stack((xd[:M], yd[:M])))
xm = x[:M]
row("tile(x1e6, 10) f32", lambda: np.tile(xm, 10))
row("tile(A, (2,2)) f32", lambda: np.tile(A, (2, 2)))
row("tile(T, (1,10)) f32", lambda: np.tile(T, (1, 10)))
row("repeat(x1e6, 10) f32", lambda: np.repeat(xm, 10))
row("repeat(A, 2, axis=0) f32", lambda: np.repeat(A, 2, axis=0))
row("repeat(A, 2, axis=1) f32", lambda: np.repeat(A, 2, axis=1))
row("repeat(T, 3, axis=1) f32", lambda: np.repeat(T, 3, axis=1))
row("pad(A, 1) f32", lambda: np.pad(A, 1))
row("pad(A, ((0,0),(10,10))) f64", lambda: np.pad(Ad, ((0, 0), (10, 10))))
row("pad(x, 100) f32", lambda: np.pad(x, 100))
row("roll(x, 1000) f32", lambda: np.roll(x, 1000))
row("roll(A, 10, axis=0) f32", lambda: np.roll(A, 10, axis=0))
row("roll(A, 10, axis=1) f32", lambda: np.roll(A, 10, axis=1))
row("roll(T, 1, axis=1) f32", lambda: np.roll(T, 1, axis=1))
row("swapaxes(A3,0,2).copy() f32", lambda: A.reshape(20, 100, 2000).swapaxes(0, 2).copy())

# -- casts
row("astype f64->f32", lambda: xd.astype(np.float32))
row("astype int64->f64", lambda: xi.astype(np.float64))
row("astype f64->int64", lambda: xd.astype(np.int64))
row("astype f32->int32", lambda: x.astype(np.int32))
row("astype int32->int64", lambda: xi32.astype(np.int64))
row("astype int64->int32", lambda: xi.astype(np.int32))
row("astype int32->f32", lambda: xi32.astype(np.float32))
row("astype bool->f32", lambda: xb.astype(np.float32))
row("astype f32->bool", lambda: x.astype(bool))
row("astype int64->bool", lambda: xi.astype(bool))
row("A.T.astype(f64)", lambda: A.T.astype(np.float64))
row("A[:, ::2].astype(f64)", lambda: A[:, ::2].astype(np.float64))

# -- where / clip
row("where(c, x, y) f32", lambda: np.where(mask, x, y))
row("where(c, x, y) f64", lambda: np.where(mask, xd, yd))
row("where(c, x, 0.0) f64", lambda: np.where(mask, xd, 0.0))
row("where(x > 0.5, x, 0) f32", lambda: np.where(x > 0.5, x, 0))
row("where(c, x, y) int64", lambda: np.where(mask, xi, yi))
row("where(cA, A, A.T) f32", lambda: np.where(maskA, A, A.T))
row("clip f32", lambda: np.clip(x, 0.2, 0.8))
row("clip f64", lambda: np.clip(xd, 0.2, 0.8))
row("clip int64", lambda: np.clip(xi, 1000, 900000))
row("clip A.T f32", lambda: np.clip(A.T, 0.2, 0.8))
row("x.clip(min=0.5) f64", lambda: xd.clip(min=0.5))

# -- ufuncs: contiguous, strided, broadcast, mixed dtypes
row("x+y f64", lambda: xd + yd)
row("x+y int64", lambda: xi + yi)
row("x*2.0 f32", lambda: x * 2.0)
row("x+1 int64", lambda: xi + 1)
row("x[::2]*2 f32", lambda: x[::2] * 2)
row("x[::2]+y[::2] f64", lambda: xd[::2] + yd[::2])
row("A.T + A f32", lambda: A.T + A)
row("A.T + A f64", lambda: Ad.T + Ad)
row("A + col (2000,1) f32", lambda: A + A[:, :1])
row("A + row (2000,) f32", lambda: A + A[0])
row("A f32 + col f64", lambda: A + Ad[:, :1])
row("A f32 + A f64", lambda: A + Ad)
row("x f32 + y f64", lambda: x + yd)
row("x int64 + y f64", lambda: xi + yd)
row("x int32 + y int64", lambda: xi32 + yi)
row("x int64 * 0.5", lambda: xi * 0.5)
row("T + T[0] (100000x10)+(10,) f32", lambda: T + T[0])
row("W + W[:, :1] (10x100000)+(10,1) f32", lambda: W + W[:, :1])
row("T.T + W f32", lambda: T.T + W)
row("outer col+row 2000 f64", lambda: Ad[:, :1] + Ad[:1, :])
row("A[:, ::2] * 2 f32", lambda: A[:, ::2] * 2)
row("sqrt f32", lambda: np.sqrt(x))
row("sqrt f64", lambda: np.sqrt(xd))
row("exp f64", lambda: np.exp(xd))
row("log f32", lambda: np.log(x))
row("log f64", lambda: np.log(xd))
row("abs f32", lambda: np.abs(x))
row("abs int64", lambda: np.abs(xi))
row("negative f64", lambda: -xd)
row("maximum f32", lambda: np.maximum(x, y))
row("maximum f64", lambda: np.maximum(xd, yd))
row("maximum(x, 0.5) f64", lambda: np.maximum(xd, 0.5))
row("minimum int64", lambda: np.minimum(xi, yi))
row("x < y f64", lambda: xd < yd)
row("x == y int64", lambda: xi == yi)
row("x > 0.5 f64", lambda: xd > 0.5)
row("mask & mask2", lambda: mask & (y > 0.5))
row("~mask", lambda: ~mask)
row("x // 7 int64", lambda: xi // 7)
row("x % 7 int64", lambda: xi % 7)
row("x / y f32", lambda: x / y)
row("x ** 2 f64", lambda: xd ** 2)
row("sqrt(A.T) f32", lambda: np.sqrt(A.T))
row("exp(A[:, ::2]) f32", lambda: np.exp(A[:, ::2]))
row("isnan f64", lambda: np.isnan(xd))
row("floor f64", lambda: np.floor(xd))

# -- in-place operators (on scratch copies)
xs2 = x.copy()
xds2 = xd.copy()
xis2 = xi.copy()
As2 = A.copy()

def iadd_f32():
    global xs2
    xs2 += y

def imul_f64():
    global xds2
    xds2 *= 2.0

def iadd_int():
    global xis2
    xis2 += 1

def iadd_T():
    global As2
    As2 += A.T

def iadd_col():
    global As2
    As2 += A[:, :1]

def iadd_strided():
    As2[:, ::2] += 1.0

def imul_strided():
    xds2[::2] *= 2.0

row("x += y f32", iadd_f32)
row("x *= 2 f64", imul_f64)
row("x += 1 int64", iadd_int)
row("x += y f32 <- f64", lambda: np.add(xs2, yd, out=xs2, casting="unsafe"))
row("A += A.T f32", iadd_T)
row("A += col f32", iadd_col)
row("A[:, ::2] += 1 f32", iadd_strided)
row("x[::2] *= 2 f64", imul_strided)
row("multiply(x, y, out=z) f32", lambda: np.multiply(x, y, out=xs2))

# -- creation
row("linspace 1e7 f64", lambda: np.linspace(0, 1, N))
row("linspace 1e7 f32", lambda: np.linspace(0, 1, N, dtype=np.float32))
row("meshgrid 2000x2000 f64", lambda: np.meshgrid(Ad[0], Ad[1]))
row("meshgrid copy 2000 f64", lambda: [g.copy() for g in np.meshgrid(Ad[0], Ad[1])])
row("meshgrid ij sparse=False 2000 f32", lambda: np.meshgrid(A[0], A[1], indexing="ij"))
row("ones 1e7 f64", lambda: np.ones(N))
row("full 1e7 f32", lambda: np.full(N, 3.5, dtype=np.float32))
row("full (2000,2000) int64", lambda: np.full((n, n), 7))
row("zeros_like A f64", lambda: np.zeros_like(Ad))
row("ones_like A f32", lambda: np.ones_like(A))
row("empty+fill 1e7 f64", lambda: np.empty(N).fill(2.0))
row("eye 2000 f64", lambda: np.eye(n))
row("eye 4000 f32", lambda: np.eye(4000, dtype=np.float32))
row("identity 2000 f64", lambda: np.identity(n))
row("arange 1e7 int32", lambda: np.arange(N, dtype=np.int32))
row("arange 1e7 f32", lambda: np.arange(N, dtype=np.float32))
row("arange(0,1,1e-7) f64", lambda: np.arange(0, 1, 1e-7))
row("diag(A) copy f64", lambda: np.diag(Ad).copy())
row("diag(v) 2000 f64", lambda: np.diag(Ad[0]))
row("tri 2000 f64", lambda: np.tri(n))
row("triu(A) f32", lambda: np.triu(A))
row("tril(A) f64", lambda: np.tril(Ad))
