# rows.py — the rows of the device sweep (tests/gpu/sweep/gen.py writes them
# out as one cell file per group): every function and method of
# LANGUAGE.md's cp and cupyx.scipy lists, each as an expression in `xp` (cp
# on the device, np for the host reference) and `xs` (cupyx.scipy / scipy),
# over inputs x, y (built by the kind), with the dtypes, axes and sizes
# where it is defined.  Owns the list only; gen.py owns the file format.
#
# Fields of R(group, name, expr, kind, dts, axes, ...):
#   expr   Python expression; AX is replaced by the axis; n, dt are the size
#          and dtype name; r is the result (in post)
#   kind   how x and y are made (gen.py's mk_inputs): 1d, 2d, mask, sorted,
#          mat, spd, bmat, sig, sigl, img, host, int1d, none
#   post   expression of the result r (and x, y) that is digested and
#          checked instead of r: argsort's order of ties, random draws and
#          the sign freedom of decompositions are not the function's answer
#   cmp    close (default) | exact | abs (compare |values|) | sorted
#   check  largest nominal size checked against the host (np) reference
#   bw     bandwidth-bound: the table prints GB/s for it
#   sizes  nominal sizes (1e3, 1e6, 1e8 by default; gen.py maps them to
#          shapes by kind)

ALL = ("float32", "float64", "int32", "int64", "complex64")
FLT = ("float32", "float64")
FC = ("float32", "float64", "complex64")
INT = ("int32", "int64")
RI = ("float32", "float64", "int32", "int64")
AXES = (None, 0, -1)

ROWS = []


def R(group, name, expr, kind="1d", dts=FLT, axes=(None,), post=None,
      cmp="close", check=1000000, bw=False, sizes=(1000, 1000000, 100000000), expo=None):
    if expo is None:
        expo = 1.5 if kind in ("mat", "spd", "tri") else 1.0
    ROWS.append(dict(group=group, name=name, expr=expr, kind=kind, dts=dts,
                     axes=axes, post=post, cmp=cmp, check=check, bw=bw,
                     sizes=sizes, expo=expo))


# ---- elementwise (ufuncs as functions, a few as operators)
for f in ("negative", "positive", "absolute", "sign", "square", "conj",
          "real", "imag", "isnan", "isinf", "isfinite"):
    R("ufunc", f, "xp.%s(x)" % f, dts=ALL, bw=True)
R("ufunc", "abs", "xp.abs(x)", dts=ALL, bw=True)
R("ufunc", "conjugate", "xp.conjugate(x)", dts=("complex64",), bw=True)
for f in ("reciprocal", "sqrt", "exp", "exp2", "expm1", "log", "log2", "log10",
          "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
          "cosh", "tanh", "arcsinh", "arctanh", "rint", "angle"):
    R("ufunc", f, "xp.%s(x)" % f, dts=FC, bw=True)
R("ufunc", "arccosh", "xp.arccosh(x + 1)", dts=FC, bw=True)
for f in ("cbrt", "deg2rad", "rad2deg", "degrees", "radians", "floor", "ceil",
          "trunc", "fix", "signbit"):
    R("ufunc", f, "xp.%s(x)" % f, dts=FLT, bw=True)
R("ufunc", "around", "xp.around(x, 2)", dts=FC, bw=True)
R("ufunc", "round", "xp.round(x, 2)", dts=FC, bw=True)
for f in ("add", "subtract", "multiply", "maximum", "minimum", "fmax", "fmin",
          "equal", "not_equal", "greater", "greater_equal", "less", "less_equal"):
    R("ufunc", f, "xp.%s(x, y)" % f, dts=ALL if f in ("add", "subtract", "multiply", "equal", "not_equal") else RI, bw=True)
for f in ("divide", "true_divide", "power", "float_power"):
    R("ufunc", f, "xp.%s(x, y)" % f, dts=FC, bw=True)
for f in ("floor_divide", "mod", "remainder", "fmod"):
    R("ufunc", f, "xp.%s(x, y)" % f, dts=RI, bw=True)
for f in ("arctan2", "hypot", "copysign", "logaddexp", "heaviside"):
    R("ufunc", f, "xp.%s(x, y)" % f, dts=FLT, bw=True)
for f in ("logical_and", "logical_or", "logical_xor"):
    R("ufunc", f, "xp.%s(x, y)" % f, kind="mask", dts=("bool",), bw=True)
R("ufunc", "logical_not", "xp.logical_not(x)", kind="mask", dts=("bool",), bw=True)
for f in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"):
    R("ufunc", f, "xp.%s(x, y %% 8)" % f if "shift" in f else "xp.%s(x, y)" % f, dts=INT, bw=True)
for f in ("bitwise_not", "invert"):
    R("ufunc", f, "xp.%s(x)" % f, dts=INT, bw=True)
R("ufunc", "clip", "xp.clip(x, 0.25, 0.75)", dts=FLT, bw=True)
R("ufunc", "x+y (operator)", "x + y", dts=ALL, bw=True)
R("ufunc", "x*y+x (two ops)", "x * y + x", dts=FC, bw=True)
R("ufunc", "x**2 (operator)", "x ** 2", dts=FC, bw=True)
R("ufunc", "x<y (operator)", "x < y", dts=RI, bw=True)
R("ufunc", "where(c,x,y)", "xp.where(x > 0.5, x, y)", dts=FLT, bw=True)
R("ufunc", "where(c) 1-arg", "xp.where(x)", kind="mask", dts=("bool",))

# ---- reductions (2-D input; axis None, 0, last)
for f in ("sum", "prod", "mean", "std", "var", "min", "max", "amin", "amax",
          "ptp", "argmin", "argmax", "all", "any", "count_nonzero", "nansum",
          "nanmean", "nanmax", "nanmin", "average"):
    dts = ALL if f in ("sum", "mean", "prod", "count_nonzero", "all", "any") else RI
    if f in ("std", "var", "nanmean"):
        dts = FC
    e = "xp.%s(x, axis=AX)" % f
    if f == "average":
        e = "xp.average(x, axis=AX)"
    R("reduce", f, e, kind="2d", dts=dts, axes=AXES, bw=True)
R("reduce", "std ddof=1", "xp.std(x, axis=AX, ddof=1)", kind="2d", dts=FLT, axes=AXES, bw=True)
R("reduce", "sum keepdims", "xp.sum(x, axis=AX, keepdims=True)", kind="2d", dts=FLT, axes=AXES, bw=True)
R("reduce", "sum dtype=f64", "xp.sum(x, axis=AX, dtype=xp.float64)", kind="2d", dts=("float32",), axes=AXES, bw=True)
R("reduce", "sum axis=(0,1)", "xp.sum(x, axis=(0, 1))", kind="2d", dts=FLT, bw=True)
R("reduce", "cumsum", "xp.cumsum(x, axis=AX)", kind="2d", dts=ALL, axes=AXES, bw=True)
R("reduce", "cumprod", "xp.cumprod(x, axis=AX)", kind="2d", dts=FLT, axes=AXES, bw=True)
R("reduce", "diff", "xp.diff(x, axis=AX)", kind="2d", dts=RI, axes=(0, -1), bw=True)
R("reduce", "median", "xp.median(x, axis=AX)", kind="2d", dts=RI, axes=AXES)
R("reduce", "percentile", "xp.percentile(x, 90, axis=AX)", kind="2d", dts=FLT, axes=AXES)
R("reduce", "percentile [10,50,90]", "xp.percentile(x, [10, 50, 90], axis=AX)", kind="2d", dts=FLT, axes=AXES)
R("reduce", "quantile", "xp.quantile(x, 0.25, axis=AX)", kind="2d", dts=FLT, axes=AXES)
R("reduce", "nanmedian-free median f32 1d", "xp.median(x)", kind="1d", dts=FLT)
# methods
for f in ("sum", "prod", "mean", "std", "var", "min", "max", "argmin", "argmax",
          "all", "any", "cumsum", "cumprod"):
    R("method", "x." + f, "x.%s(axis=AX)" % f, kind="2d", dts=FLT, axes=AXES, bw=True)
R("method", "x.clip", "x.clip(0.25, 0.75)", dts=FLT, bw=True)
R("method", "x.round", "x.round(2)", dts=FLT, bw=True)
R("method", "x.dot", "x.dot(y)", kind="mat", dts=FLT)
R("method", "x.nonzero", "x.nonzero()", kind="mask", dts=("bool",))
R("method", "x.sort", "x.copy().sort()", dts=RI, post="None")
R("method", "x.argsort", "x.argsort()", dts=RI, post="xp.take(x, r)")
R("method", "x.item", "x[7].item()", dts=ALL, sizes=(1000,))
R("method", "x.tolist", "x.tolist()", dts=RI, sizes=(1000,), post="xp.asarray(r)")
R("method", "x.get", "x.get() if hasattr(x, 'get') else x.copy()", dts=RI, bw=True, check=0)
R("method", "x.set", "x.set(x.get()) if hasattr(x, 'set') else None", dts=RI, post="None")
R("method", "x.fill", "x.fill(3)", dts=ALL, post="None", bw=True)
R("method", "x.copy", "x.copy()", dts=ALL, bw=True)
R("method", "x.astype(float64)", "x.astype(xp.float64)", dts=("float32", "int32", "int64"), bw=True)
R("method", "x.astype(float32)", "x.astype(xp.float32)", dts=("float64", "int32", "int64"), bw=True)
R("method", "x.astype(int8)", "x.astype(xp.int8)", dts=RI, bw=True)
R("method", "x.astype(int32)", "x.astype(xp.int32)", dts=("float32", "float64", "int64"), bw=True)
R("method", "x.astype(complex64)", "x.astype(xp.complex64)", dts=FLT, bw=True)
R("method", "x.view", "x.view()", dts=FLT)
R("method", "x.reshape", "x.reshape(-1, 10)", dts=FLT)
R("method", "x.T.ravel() (copy)", "x.T.ravel()", kind="2d", dts=FLT, bw=True)
R("method", "x.flatten", "x.flatten()", kind="2d", dts=FLT, bw=True)
R("method", "x.transpose", "x.transpose()", kind="2d", dts=FLT)
R("method", "x.swapaxes", "x.swapaxes(0, 1)", kind="2d", dts=FLT)
R("method", "x.squeeze", "x[None].squeeze()", dts=FLT)

# ---- creation
for f in ("zeros", "ones", "empty"):
    R("create", f, "xp.%s(n, dtype=dt)" % f, kind="none", dts=ALL,
      post="r.shape" if f == "empty" else None, bw=True)
R("create", "full", "xp.full(n, 7, dtype=dt)", kind="none", dts=ALL, bw=True)
for f in ("zeros_like", "ones_like", "empty_like"):
    R("create", f, "xp.%s(x)" % f, dts=ALL, post="r.shape" if f == "empty_like" else None, bw=True)
R("create", "full_like", "xp.full_like(x, 7)", dts=ALL, bw=True)
R("create", "arange", "xp.arange(n, dtype=dt)", kind="none", dts=RI, bw=True)
R("create", "arange step 3", "xp.arange(0, 3 * n, 3)", kind="none", dts=("int64",), bw=True)
R("create", "linspace", "xp.linspace(0, 1, n, dtype=dt)", kind="none", dts=FLT, bw=True)
R("create", "logspace", "xp.logspace(0, 1, n, dtype=dt)", kind="none", dts=FLT, bw=True)
R("create", "eye", "xp.eye(x.shape[0], dtype=dt)", kind="mat", dts=FLT, bw=True)
R("create", "identity", "xp.identity(x.shape[0], dtype=dt)", kind="mat", dts=FLT, bw=True)
R("create", "meshgrid", "xp.meshgrid(x[:1000], y[:1000])", dts=FLT, sizes=(1000, 1000000))
R("create", "diag (of vector)", "xp.diag(x[:2000])", dts=FLT, sizes=(1000000,))
R("create", "diag (of matrix)", "xp.diag(x)", kind="mat", dts=FLT)
R("create", "tri", "xp.tri(x.shape[0], dtype=dt)", kind="mat", dts=FLT, bw=True)
R("create", "triu", "xp.triu(x)", kind="mat", dts=ALL, bw=True)
R("create", "tril", "xp.tril(x, -1)", kind="mat", dts=ALL, bw=True)
R("create", "fromfunction", "xp.fromfunction(lambda i, j: i + j, (x.shape[0], x.shape[0]), dtype=dt)", kind="mat", dts=FLT)
R("create", "array (of device array)", "xp.array(x)", dts=ALL, bw=True)
R("create", "asarray (h2d)", "cp.asarray(x)", kind="host", dts=FLT, bw=True)
R("create", "ascontiguousarray", "xp.ascontiguousarray(x.T)", kind="2d", dts=FLT, bw=True)
R("create", "copy", "xp.copy(x)", dts=ALL, bw=True)
R("create", "asnumpy (d2h)", "cp.asnumpy(x)", dts=FLT, bw=True)

# ---- manipulation
R("manip", "reshape", "xp.reshape(x, (-1, 10))", dts=FLT)
R("manip", "ravel (of .T: copy)", "xp.ravel(x.T)", kind="2d", dts=FLT, bw=True)
R("manip", "transpose", "xp.transpose(x)", kind="2d", dts=FLT)
R("manip", "moveaxis", "xp.moveaxis(x, 0, 1)", kind="2d", dts=FLT)
R("manip", "swapaxes", "xp.swapaxes(x, 0, 1)", kind="2d", dts=FLT)
R("manip", "expand_dims", "xp.expand_dims(x, 0)", dts=FLT)
R("manip", "squeeze", "xp.squeeze(x[None])", dts=FLT)
R("manip", "broadcast_to", "xp.broadcast_to(x[0], x.shape)", kind="2d", dts=FLT)
R("manip", "broadcast_arrays", "xp.broadcast_arrays(x[0], x[:, :1])", kind="2d", dts=FLT)
R("manip", "concatenate", "xp.concatenate([x, y])", dts=ALL, bw=True)
R("manip", "concatenate axis=1", "xp.concatenate([x, y], axis=1)", kind="2d", dts=FLT, bw=True)
R("manip", "stack", "xp.stack([x, y])", dts=FLT, bw=True)
R("manip", "vstack", "xp.vstack([x, y])", kind="2d", dts=FLT, bw=True)
R("manip", "hstack", "xp.hstack([x, y])", kind="2d", dts=FLT, bw=True)
R("manip", "dstack", "xp.dstack([x, y])", kind="2d", dts=FLT, bw=True)
R("manip", "column_stack", "xp.column_stack([x, y])", dts=FLT, bw=True)
R("manip", "split", "xp.split(x, 10)", dts=FLT)
R("manip", "array_split", "xp.array_split(x, 7)", dts=FLT)
R("manip", "flip", "xp.flip(x, axis=AX)", kind="2d", dts=FLT, axes=AXES)
R("manip", "flip copy", "xp.flip(x).copy()", dts=FLT, bw=True)
R("manip", "fliplr", "xp.fliplr(x)", kind="2d", dts=FLT)
R("manip", "flipud", "xp.flipud(x)", kind="2d", dts=FLT)
R("manip", "roll", "xp.roll(x, 3, axis=AX)", kind="2d", dts=FLT, axes=AXES, bw=True)
R("manip", "rot90", "xp.rot90(x).copy()", kind="2d", dts=FLT, bw=True)
R("manip", "tile", "xp.tile(x, 2)", dts=FLT, bw=True)
R("manip", "repeat", "xp.repeat(x, 2)", dts=FLT, bw=True)
R("manip", "repeat axis=0", "xp.repeat(x, 2, axis=0)", kind="2d", dts=FLT, bw=True)
R("manip", "pad", "xp.pad(x, 2)", kind="2d", dts=FLT, bw=True)
R("manip", "pad reflect", "xp.pad(x, 2, mode='reflect')", kind="2d", dts=FLT, bw=True)
R("manip", "take", "xp.take(x, (xp.arange(x.size) * 7919) % x.size)", dts=FLT, bw=True)
R("manip", "take axis=0", "xp.take(x, xp.arange(x.shape[0])[::-1], axis=0)", kind="2d", dts=FLT, bw=True)
R("manip", "x[idx] (fancy)", "x[(xp.arange(x.size) * 7919) % x.size]", dts=FLT, bw=True)
R("manip", "x[mask]", "x[x > 0.5]", dts=FLT, bw=True)
R("manip", "x[mask] = 0", "SETMASK(x, 0)", dts=FLT, post="None")
R("manip", "put", "xp.put(x, xp.arange(0, x.size, 3), 0.5)", dts=FLT, post="x")
R("manip", "choose", "xp.choose((x > 0.5).astype(xp.int64), [x, y])", dts=FLT, bw=True)
R("manip", "select", "xp.select([x > 0.7, x < 0.2], [x, y], 0.0)", dts=FLT, bw=True)
R("manip", "atleast_1d", "xp.atleast_1d(x)", dts=FLT)
R("manip", "atleast_2d", "xp.atleast_2d(x)", dts=FLT)
R("manip", "atleast_3d", "xp.atleast_3d(x)", dts=FLT)
R("manip", "x[::2] = y[::2]", "SETSLICE(x, y)", dts=FLT, post="x", bw=True)

# ---- sorting and searching
R("sort", "sort", "xp.sort(x, axis=AX)", kind="2d", dts=ALL, axes=(None, 0, -1))
R("sort", "argsort", "xp.argsort(x, axis=-1)", kind="2d", dts=RI,
  post="xp.take_along_axis(x, r, axis=-1)")
R("sort", "argsort 1d", "xp.argsort(x)", dts=RI, post="xp.take(x, r)")
R("sort", "partition", "xp.partition(x, x.size // 2)", dts=RI, post="r[x.size // 2]")
R("sort", "partition axis=-1", "xp.partition(x, 3, axis=-1)", kind="2d", dts=RI, post="r[..., 3]")
R("sort", "unique", "xp.unique(x)", kind="int1d", dts=RI)
R("sort", "unique float", "xp.unique(x)", dts=FLT)
R("sort", "unique return_counts", "xp.unique(x, return_counts=True)", kind="int1d", dts=RI)
R("sort", "unique return_index", "xp.unique(x, return_index=True)", kind="int1d", dts=RI)
R("sort", "unique return_inverse", "xp.unique(x, return_inverse=True)", kind="int1d", dts=RI)
R("sort", "unique all three", "xp.unique(x, return_index=True, return_inverse=True, return_counts=True)", kind="int1d", dts=RI)
R("sort", "unique axis=0", "xp.unique(x, axis=0)", kind="2dint", dts=INT, sizes=(1000, 1000000))
R("sort", "searchsorted", "xp.searchsorted(x, y)", kind="sorted", dts=RI)
R("sort", "searchsorted right", "xp.searchsorted(x, y, side='right')", kind="sorted", dts=RI)
R("sort", "searchsorted 1e3 queries", "xp.searchsorted(x, y[:1000])", kind="sorted", dts=RI)
R("sort", "nonzero", "xp.nonzero(x)", kind="mask", dts=("bool",))
R("sort", "nonzero 2d", "xp.nonzero(x)", kind="2dmask", dts=("bool",))
R("sort", "nonzero float", "xp.nonzero(x > 0.5)", dts=FLT)
R("sort", "argwhere", "xp.argwhere(x)", kind="2dmask", dts=("bool",))
R("sort", "flatnonzero", "xp.flatnonzero(x)", kind="mask", dts=("bool",))
R("sort", "count_nonzero", "xp.count_nonzero(x)", kind="mask", dts=("bool",), bw=True)
R("sort", "isin (1e3 test values)", "xp.isin(x, y[:1000])", kind="int1d", dts=RI)
R("sort", "isin (n test values)", "xp.isin(x, y)", kind="int1d", dts=RI)
R("sort", "isin invert", "xp.isin(x, y[:1000], invert=True)", kind="int1d", dts=INT)

# ---- linear algebra (mat: m x m with m*m ~ the size, capped at 4096)
R("linalg", "matmul", "xp.matmul(x, y)", kind="mat", dts=FC)
R("linalg", "@", "x @ y", kind="mat", dts=("float32", "float64", "int64"))
R("linalg", "dot", "xp.dot(x, y)", kind="mat", dts=FLT)
R("linalg", "matvec", "x @ y[0]", kind="mat", dts=FLT)
R("linalg", "vdot", "xp.vdot(x, y)", dts=FC)
R("linalg", "inner", "xp.inner(x, y)", dts=FLT)
R("linalg", "outer", "xp.outer(x[:1000], y[:1000])", dts=FLT, sizes=(1000000,), bw=True)
R("linalg", "tensordot", "xp.tensordot(x, y, axes=1)", kind="mat", dts=FLT)
R("linalg", "einsum ij,jk", "xp.einsum('ij,jk->ik', x, y)", kind="mat", dts=FLT)
R("linalg", "einsum ij->j", "xp.einsum('ij->j', x)", kind="mat", dts=FLT)
R("linalg", "trace", "xp.trace(x)", kind="mat", dts=FLT)
R("linalg", "kron", "xp.kron(x[:32, :32], y[:32, :32])", kind="mat", dts=FLT, sizes=(1000000,))
R("linalg", "norm", "xp.linalg.norm(x)", dts=FC, bw=True)
R("linalg", "norm axis", "xp.linalg.norm(x, axis=AX)", kind="2d", dts=FC, axes=(0, -1), bw=True)
R("linalg", "norm ord=1 axis", "xp.linalg.norm(x, ord=1, axis=AX)", kind="2d", dts=FLT, axes=(0, -1), bw=True)
R("linalg", "norm fro (matrix)", "xp.linalg.norm(x, 'fro')", kind="mat", dts=FLT, bw=True)
R("linalg", "norm ord=2 (matrix)", "xp.linalg.norm(x, 2)", kind="mat", dts=FLT, sizes=(1000, 1000000))
R("linalg", "inv", "xp.linalg.inv(x)", kind="mat", dts=FC)
R("linalg", "inv batched 4x4", "xp.linalg.inv(x)", kind="bmat", dts=FC)
R("linalg", "pinv", "xp.linalg.pinv(x)", kind="mat", dts=FLT, sizes=(1000, 1000000))
R("linalg", "det", "xp.linalg.det(x)", kind="mat", dts=FLT)
R("linalg", "det batched 4x4", "xp.linalg.det(x)", kind="bmat", dts=FLT)
R("linalg", "slogdet", "xp.linalg.slogdet(x)", kind="mat", dts=FLT)
R("linalg", "solve", "xp.linalg.solve(x, y[0])", kind="mat", dts=FC)
R("linalg", "solve batched 4x4", "xp.linalg.solve(x, y[..., None])", kind="bmat", dts=FC)
R("linalg", "lstsq", "xp.linalg.lstsq(x, y[0], rcond=None)[0]", kind="mat", dts=FLT, sizes=(1000, 1000000))
R("linalg", "cholesky", "xp.linalg.cholesky(x)", kind="spd", dts=FLT)
R("linalg", "qr", "xp.linalg.qr(x)", kind="mat", dts=FLT, cmp="abs")
# svd: the kind's matrix has pairs of singular values 7e-9 apart (float32
# cannot tell them apart), so U's and V's columns of a pair may come out in
# any rotation (NumPy's sgesdd and float64 agree, LAPACK's and cuSOLVER's
# sgesvd pick others): digest S, U S V^T and U^T U, V V^T, which do not move
R("linalg", "svd", "xp.linalg.svd(x)", kind="mat", dts=FLT, sizes=(1000, 1000000),
  post="(r[1], (r[0] * r[1]) @ r[2], r[0].T @ r[0], r[2] @ r[2].T)")
R("linalg", "svd values", "xp.linalg.svd(x, compute_uv=False)", kind="mat", dts=FLT, sizes=(1000, 1000000))
R("linalg", "eig", "xp.linalg.eig(x)[0]", kind="mat", dts=FLT, cmp="sorted", sizes=(1000, 1000000))
R("linalg", "eigh", "xp.linalg.eigh(x)", kind="spd", dts=FLT, cmp="abs", sizes=(1000, 1000000))
R("linalg", "eigvalsh", "xp.linalg.eigvalsh(x)", kind="spd", dts=FLT, sizes=(1000, 1000000))
R("linalg", "matrix_rank", "xp.linalg.matrix_rank(x)", kind="mat", dts=FLT, sizes=(1000, 1000000))
R("linalg", "matrix_power", "xp.linalg.matrix_power(x / x.shape[0], 3)", kind="mat", dts=FLT)

# ---- FFT
for f in ("fft", "ifft"):
    R("fft", f, "xp.fft.%s(x)" % f, dts=FC)
for f in ("fft2", "ifft2", "fftn", "ifftn"):
    R("fft", f, "xp.fft.%s(x)" % f, kind="2d", dts=FC)
R("fft", "fft axis=0", "xp.fft.fft(x, axis=0)", kind="2d", dts=("complex64",))
R("fft", "rfft", "xp.fft.rfft(x)", dts=FLT)
R("fft", "irfft", "xp.fft.irfft(x)", dts=("complex64",))
R("fft", "rfft2", "xp.fft.rfft2(x)", kind="2d", dts=FLT)
R("fft", "irfft2", "xp.fft.irfft2(x)", kind="2d", dts=("complex64",))
R("fft", "rfftn", "xp.fft.rfftn(x)", kind="2d", dts=FLT)
R("fft", "irfftn", "xp.fft.irfftn(x)", kind="2d", dts=("complex64",))
R("fft", "fftfreq", "xp.fft.fftfreq(n)", kind="none", dts=("float64",), bw=True)
R("fft", "rfftfreq", "xp.fft.rfftfreq(n)", kind="none", dts=("float64",), bw=True)
R("fft", "fftshift", "xp.fft.fftshift(x)", kind="2d", dts=FC, bw=True)
R("fft", "ifftshift", "xp.fft.ifftshift(x)", kind="2d", dts=FC, bw=True)

# ---- random (the draws differ from CuPy's: post reduces them to facts)
RU = "bool((r.min() >= 0) & (r.max() < 1) & (abs(float(r.mean()) - 0.5) < 0.05))"
RN = "bool(abs(float(r.mean())) < 0.2) and bool(abs(float(r.std()) - 1) < 0.2)"
R("random", "random.rand", "xp.random.rand(n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "random.rand f32", "xp.random.rand(n).astype(xp.float32) if xp is np else xp.random.rand(n, dtype=xp.float32)", kind="none", dts=("float32",), post=RU, bw=True)
R("random", "random.random", "xp.random.random(n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "random.random_sample", "xp.random.random_sample(n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "random.uniform", "xp.random.uniform(0, 1, n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "random.randn", "xp.random.randn(n)", kind="none", dts=("float64",), post=RN, bw=True)
R("random", "random.normal", "xp.random.normal(0, 1, n)", kind="none", dts=("float64",), post=RN, bw=True)
R("random", "random.standard_normal", "xp.random.standard_normal(n)", kind="none", dts=("float64",), post=RN, bw=True)
R("random", "random.randint", "xp.random.randint(0, 100, n)", kind="none", dts=("int64",),
  post="bool((r.min() >= 0) & (r.max() < 100))", bw=True)
R("random", "random.seed", "xp.random.seed(5)", kind="none", dts=("float64",), post="None", sizes=(1000,))
R("random", "random.permutation(n)", "xp.random.permutation(n)", kind="none", dts=("int64",), post="xp.sort(r)")
R("random", "random.permutation(x)", "xp.random.permutation(x)", dts=RI, post="xp.sort(r)")
R("random", "random.shuffle", "xp.random.shuffle(x)", dts=RI, post="xp.sort(x)")
R("random", "random.choice replace", "xp.random.choice(n, 1000)", kind="none", dts=("int64",),
  post="bool((r.min() >= 0) & (r.max() < n)) and r.shape == (1000,)")
R("random", "random.choice no replace", "xp.random.choice(n, 1000, replace=False)", kind="none", dts=("int64",),
  post="xp.unique(r).size == 1000 and bool(r.max() < n)")
R("random", "random.choice n no replace", "xp.random.choice(n, n, replace=False)", kind="none", dts=("int64",),
  post="xp.sort(r)")
R("random", "random.choice p=", "xp.random.choice(x.size, 1000, p=x / x.sum())", dts=("float64",),
  post="bool((r.min() >= 0) & (r.max() < x.size))")
R("random", "random.choice of array", "xp.random.choice(x, 1000)", dts=("float32",),
  post="bool(xp.isin(r, x).all())")
R("random", "rng.random", "RNG(xp).random(n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "rng.standard_normal", "RNG(xp).standard_normal(n)", kind="none", dts=("float64",), post=RN, bw=True)
R("random", "rng.normal", "RNG(xp).normal(0, 1, n)", kind="none", dts=("float64",), post=RN, bw=True)
R("random", "rng.uniform", "RNG(xp).uniform(0, 1, n)", kind="none", dts=("float64",), post=RU, bw=True)
R("random", "rng.integers", "RNG(xp).integers(0, 100, n)", kind="none", dts=("int64",),
  post="bool((r.min() >= 0) & (r.max() < 100))", bw=True)
R("random", "rng.choice", "RNG(xp).choice(n, 1000)", kind="none", dts=("int64",), post="bool(r.max() < n) and r.shape == (1000,)")
R("random", "rng.permutation", "RNG(xp).permutation(n)", kind="none", dts=("int64",), post="xp.sort(r)")

# ---- statistics and misc
R("stats", "histogram", "xp.histogram(x, bins=10)", dts=FLT)
R("stats", "histogram bins=1000", "xp.histogram(x, bins=1000, range=(0.0, 1.0))", dts=FLT)
R("stats", "bincount", "xp.bincount(x)", kind="int1d", dts=INT)
R("stats", "bincount weights", "xp.bincount(x, weights=y.astype(xp.float64))", kind="int1d", dts=("int64",))
R("stats", "corrcoef", "xp.corrcoef(x[:16])", kind="2d", dts=FLT)
R("stats", "cov", "xp.cov(x[:16])", kind="2d", dts=FLT)
R("stats", "convolve (31-tap)", "xp.convolve(x, y)", kind="sig", dts=FLT)
R("stats", "convolve (3-tap)", "xp.convolve(x, y[:3])", kind="sig", dts=FLT)
R("stats", "convolve same", "xp.convolve(x, y, mode='same')", kind="sig", dts=FLT)
R("stats", "convolve valid", "xp.convolve(x, y, mode='valid')", kind="sig", dts=FLT)
R("stats", "convolve (n-tap)", "xp.convolve(x, y)", dts=FLT, check=1000, sizes=(1000, 100000, 10000000), expo=2)
R("stats", "correlate (31-tap)", "xp.correlate(x, y)", kind="sig", dts=FLT)
R("stats", "correlate full", "xp.correlate(x, y, mode='full')", kind="sig", dts=FLT)
R("stats", "correlate (n-tap)", "xp.correlate(x, y, mode='full')", dts=FLT, check=1000, sizes=(1000, 100000, 10000000), expo=2)
R("stats", "interp", "xp.interp(y, x, x * 2)", kind="sorted", dts=FLT)
R("stats", "allclose", "xp.allclose(x, y)", dts=FC, bw=True)
R("stats", "allclose (true)", "xp.allclose(x, x)", dts=FC, bw=True)
R("stats", "isclose", "xp.isclose(x, y)", dts=FC, bw=True)
R("stats", "array_equal", "xp.array_equal(x, x)", dts=RI, bw=True)
R("stats", "cross", "xp.cross(x.reshape(-1, 3)[:x.size // 3], y.reshape(-1, 3)[:x.size // 3])", kind="cross", dts=FLT, bw=True)

# ---- cupyx.scipy (xs: cupyx.scipy on the device, scipy on the host)
R("scipy", "ndimage.convolve 5x5", "xs.ndimage.convolve(x, y)", kind="img", dts=FLT)
R("scipy", "ndimage.correlate 5x5", "xs.ndimage.correlate(x, y)", kind="img", dts=FLT)
R("scipy", "ndimage.convolve1d", "xs.ndimage.convolve1d(x, y[0], axis=AX)", kind="img", dts=FLT, axes=(0, -1))
R("scipy", "ndimage.gaussian_filter", "xs.ndimage.gaussian_filter(x, 2)", kind="img", dts=FLT)
R("scipy", "ndimage.uniform_filter", "xs.ndimage.uniform_filter(x, 5)", kind="img", dts=FLT)
R("scipy", "ndimage.median_filter", "xs.ndimage.median_filter(x, 3)", kind="img", dts=FLT)
R("scipy", "ndimage.maximum_filter", "xs.ndimage.maximum_filter(x, 3)", kind="img", dts=FLT)
R("scipy", "ndimage.minimum_filter", "xs.ndimage.minimum_filter(x, 3)", kind="img", dts=FLT)
R("scipy", "ndimage.sobel", "xs.ndimage.sobel(x)", kind="img", dts=FLT)
R("scipy", "ndimage.laplace", "xs.ndimage.laplace(x)", kind="img", dts=FLT)
R("scipy", "ndimage.zoom", "xs.ndimage.zoom(x, 0.5)", kind="img", dts=FLT)
R("scipy", "ndimage.shift", "xs.ndimage.shift(x, 1.5)", kind="img", dts=FLT)
R("scipy", "ndimage.rotate", "xs.ndimage.rotate(x, 30, reshape=False)", kind="img", dts=FLT)
R("scipy", "signal.convolve", "xs.signal.convolve(x, y)", kind="sig", dts=FLT)
R("scipy", "signal.fftconvolve", "xs.signal.fftconvolve(x, y)", kind="sig", dts=FLT)
R("scipy", "signal.correlate", "xs.signal.correlate(x, y)", kind="sig", dts=FLT)
R("scipy", "signal.convolve2d", "xs.signal.convolve2d(x, y)", kind="img", dts=FLT)
for f in ("erf", "erfc", "gamma", "gammaln", "expit", "logit"):
    R("scipy", "special." + f, "xs.special.%s(x)" % f, dts=FLT, bw=True)
R("scipy", "special.softmax", "xs.special.softmax(x, axis=AX)", kind="2d", dts=FLT, axes=(None, -1))
R("scipy", "linalg.lu_factor", "xs.linalg.lu_factor(x)[0]", kind="mat", dts=FLT)
R("scipy", "linalg.lu_solve", "xs.linalg.lu_solve(xs.linalg.lu_factor(x), y[0])", kind="mat", dts=FLT)
R("scipy", "linalg.solve_triangular", "xs.linalg.solve_triangular(x, y[0], lower=False)", kind="tri", dts=FLT)
R("scipy", "linalg.expm", "xs.linalg.expm(x / x.shape[0])", kind="mat", dts=FLT, sizes=(1000, 1000000))

GROUPS = []
for r in ROWS:
    if r["group"] not in GROUPS:
        GROUPS.append(r["group"])
