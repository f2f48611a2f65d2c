#!/usr/bin/env python3
"""array_tests.py -- writes tests/unit/t-ufunc.c, t-reduce.c and
t-creation.c: TAP programs that run small cells through the engine
(host backend) and compare what they print with what CPython + NumPy
printed for the same code when this script ran.

Run:  python3 tools/gen/array_tests.py   (from the repository root)
"""
import contextlib
import io
import numpy as np

PRE = "import numpy as np\n"

UFUNC = [
    "print(np.arange(5) + 1, np.arange(5) * 2.5, np.arange(4) / 2)",
    "a = np.array([1.5, 2], dtype=np.float32)\nprint((a + 1).dtype, (a + 1.0).dtype, (a * np.float64(2)).dtype)",
    "try:\n    np.array([1, 2], np.int8) + 300\nexcept OverflowError as e:\n    print('OverflowError:', e)",
    "try:\n    np.arange(3) + np.arange(4)\nexcept ValueError as e:\n    print('ValueError:', e)",
    "x = np.arange(4)\ntry:\n    x += 1.5\nexcept TypeError as e:\n    print('TypeError:', e)",
    "i8 = np.array([-128, -1, 0, 1, 127], dtype=np.int8)\nprint(i8 + i8, -i8, abs(i8), i8 // 3, i8 % 3)",
    "print(np.array([7, -7, 0]) // 0, np.array([7, -7]) % 0, np.array([-7, 7]) // 2, np.array([-7, 7]) % 2)",
    "f = np.array([-2.5, -0.5, 0.5, 1.5, 2.5])\nprint(np.floor(f), np.ceil(f), np.trunc(f), np.rint(f), f // 1.5, f % 1.5)",
    "f = np.array([1.0, np.nan, -np.inf])\nprint(np.maximum(f, 0), np.fmax(f, 0), np.isnan(f), np.isinf(f), np.isfinite(f), np.signbit(f))",
    "print(np.sin(np.float32(1)), np.cos(np.float32(2)), np.exp(np.float32(3)), np.log(np.float32(10)))",
    "x = np.linspace(-50, 50, 1001).astype(np.float32)\nprint(float(np.sin(x).astype(np.float64).sum()), float(np.exp(x / 10).astype(np.float64).sum()))",
    "print(np.power(2, np.arange(5)), np.array([-0.0]) ** 0.5, np.array([2.0]) ** -1, np.float_power(2, 3))",
    "try:\n    np.arange(3) ** -1\nexcept ValueError as e:\n    print('ValueError:', e)",
    "b = np.array([True, False])\nprint(b + b, b & b, ~b)\ntry:\n    -b\nexcept TypeError as e:\n    print('TypeError:', e)",
    "print(np.array([1, 2], np.int8) < 300, np.array([1], np.uint8) == -1)",
    "c = np.array([1 + 2j, -3 + 0.5j])\nprint(c * c, c / c, c ** 2, np.abs(c), np.sqrt(c))",
    "print(np.clip(np.arange(6), 1, 4), np.round(np.array([1.25, 2.5, -0.5]), 1), np.around(np.array([123, 456]), -1))",
    "print(repr(np.float32(1.5) + 1), repr(np.int8(100) + np.int8(1)), repr(np.uint8(3) * 2))",
    "o = np.zeros(3)\nnp.add(np.ones(3), 2, out=o)\nprint(o)\ntry:\n    np.add(np.ones(3), 1, out=np.zeros(4))\nexcept ValueError as e:\n    print('ValueError:', e)",
    "a = np.arange(6).reshape(2, 3)\nprint(a + np.array([10, 20, 30]), a[:, ::-1] * 2, a.T + 1)",
    "print(np.zeros((0, 3)) + 1, np.sin(np.zeros(0)), np.array(5.0) + 1)",
    "print(np.left_shift(1, np.arange(3)), np.right_shift(-8, 1), np.invert(np.uint8(5)), np.bitwise_xor(12, 10))",
    "print(np.logaddexp(1.0, 2.0), np.heaviside(np.array([-1.0, 0.0, 2.0]), 0.5), np.copysign(3.0, -1.0), np.hypot(3, 4))",
    "print(np.float16(1) / 3, np.sin(np.float16(1)), (np.arange(3, dtype=np.int8) / 2).dtype, np.sin(np.arange(2, dtype=np.int16)).dtype)",
]

REDUCE = [
    "a = np.arange(12, dtype=np.int32).reshape(3, 4)\nprint(a.sum(), a.sum(axis=0), a.sum(axis=1, keepdims=True), repr(a.sum()))",
    "a = np.arange(12).reshape(3, 4)\nprint(a.prod(axis=1), a.min(axis=0), a.max(), a.argmin(axis=0), a.argmax())",
    "a = np.arange(12).reshape(3, 4)\nprint(a.mean(), a.mean(axis=0), a.std(), a.var(axis=1), a.std(ddof=1))",
    "x = (np.arange(100000, dtype=np.float32) * np.float32(0.37)) % np.float32(1.3)\nprint(repr(x.sum()), repr(x[:129].sum()), repr(x[::3].sum()))",
    "x = np.ones(20000, dtype=np.float32) * np.float32(0.1)\nprint(repr(x.sum()), repr(x.reshape(100, 200).T.sum()), repr(x[::-1].sum()))",
    "x = (np.arange(1000, dtype=np.float32) / 7).reshape(10, 100)\nprint(x.sum(axis=0)[:3], x.sum(axis=1)[:3], x.mean(axis=1)[:2])",
    "print(np.cumsum(np.arange(5)), np.cumprod(np.arange(1, 6)), np.cumsum(np.arange(6).reshape(2, 3), axis=0), np.cumsum(np.array([1, 2], np.int8)).dtype)",
    "print(np.all(np.arange(3) > 0), np.any(np.arange(3) > 1), np.count_nonzero(np.array([[1, 0], [2, 3]])), np.count_nonzero(np.eye(3), axis=1))",
    "print(np.ptp(np.array([3, 1, 7])), np.diff(np.array([1, 4, 9, 16])), np.diff(np.array([1, 4, 9, 16]), n=2))",
    "f = np.array([1.0, np.nan, 3.0, -2.0])\nprint(np.nansum(f), np.nanmean(f), np.nanmax(f), np.nanmin(f), np.max(f), np.sum(f))",
    "a = np.arange(12).reshape(3, 4)\nprint(np.median(a), np.median(a, axis=0), np.percentile(a, 25), np.quantile(a, [0.1, 0.9]))",
    "print(np.average(np.arange(4)), np.average(np.arange(4), weights=[1, 2, 3, 4]))",
    "try:\n    np.zeros(0).max()\nexcept ValueError as e:\n    print('ValueError:', e)",
    "try:\n    np.argmax(np.zeros(0))\nexcept ValueError as e:\n    print('ValueError:', e)",
    "try:\n    np.arange(4).reshape(2, 2).sum(axis=2)\nexcept Exception as e:\n    print(type(e).__name__, e)",
    "print(np.sum([True, False, True]), np.ones(3, np.uint8).sum().dtype, np.prod(np.array([2, 3], np.int8)).dtype, np.zeros((0, 3)).sum(axis=0))",
    "c = np.array([1 + 2j, 3 - 1j])\nprint(c.sum(), c.mean(), c.var(), c.std())",
    "print(repr(np.float16([1, 2, 3]).mean()), repr(np.arange(5, dtype=np.float32).var()), repr(np.std(np.arange(6))))",
]

CREATION = [
    "print(np.array([1, 2, 3]), np.array([1, 2.5]), np.array([True, 2]), np.array([[1, 2], [3, 4]], dtype=np.float32))",
    "print(np.array(5), np.array([]), np.array([[]]).shape, np.array([1 + 2j, 3]), np.array((1, 2), ndmin=3).shape)",
    "try:\n    np.array([[1, 2], [3]])\nexcept ValueError as e:\n    print('ValueError:', e)",
    "print(np.zeros(3), np.zeros((2, 3), dtype=int), np.ones(2, np.int8), np.full((2, 2), 7), np.full(3, 1.5, dtype=np.float32))",
    "print(np.zeros_like(np.arange(3)), np.ones_like(np.arange(3.0)), np.full_like(np.arange(4), 9))",
    "print(np.arange(5), np.arange(1, 10, 3), np.arange(0, 1, 0.1), np.arange(10, 0, -3), np.arange(5, dtype=np.float32), np.arange(0))",
    "print(np.linspace(0, 1, 5), np.linspace(0, 10, 4, dtype=int), np.linspace(0, 1, 1), np.linspace(2, 3, 4, retstep=True))",
    "print(np.logspace(0, 2, 3), np.eye(2, 3, k=1, dtype=int), np.identity(2), np.tri(3, 4, k=-1))",
    "print(np.triu(np.ones((3, 3))), np.tril(np.arange(9).reshape(3, 3), -1), np.diag([1, 2]), np.diag(np.arange(9).reshape(3, 3), k=1))",
    "xx, yy = np.meshgrid([1, 2, 3], [4, 5])\nprint(xx, yy)",
    "print(np.fromfunction(lambda i, j: i + j, (2, 3)), np.fromfunction(lambda i, j: i * j, (2, 2), dtype=int))",
    "try:\n    np.zeros(10**13)\nexcept MemoryError as e:\n    print('MemoryError:', e)",
    "try:\n    np.zeros(-1)\nexcept ValueError as e:\n    print('ValueError:', e)",
    "a = np.arange(6, dtype=np.int16).reshape(2, 3)\nprint(a.shape, a.ndim, a.size, a.dtype, a.itemsize, a.nbytes, a.strides, a.T.strides)",
    "a = np.arange(6)\na.shape = (3, 2)\nprint(a, a.astype(np.float32), a.tolist(), a.item(3))",
    "print(np.dtype('f4'), repr(np.dtype('f4')), np.float32, np.dtype('f4').str, repr(np.float32(3)), repr(np.int8(np.int64(300))))",
    "print(np.result_type(np.int8, 1.0), np.can_cast(np.int32, np.float32), np.iinfo(np.int8).max, repr(np.finfo(np.float32)))",
    "try:\n    bool(np.array([1, 2]))\nexcept ValueError as e:\n    print('ValueError:', e)",
]


def run(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(PRE + code, {})
    return out.getvalue()


def cstr(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n"\n\t  "') + '"'


def write(path, title, cases):
    with open(path, 'w') as f:
        f.write('/*\n * %s -- GENERATED by tools/gen/array_tests.py: cells run on the host\n' % path.split('/')[-1])
        f.write(' * backend, their output compared with what NumPy %s printed.\n */\n' % np.__version__)
        f.write('#include "array_tap.h"\n\nstatic const struct array_case cases[] = {\n')
        for c in cases:
            f.write('\t{%s,\n\t %s},\n' % (cstr(PRE + c), cstr(run(c))))
        f.write('};\n\nint main(void)\n{\n\treturn array_tap_run("%s", cases, sizeof cases / sizeof cases[0]);\n}\n' % title)


write('tests/unit/t-ufunc.c', 'ufunc', UFUNC)
write('tests/unit/t-reduce.c', 'reduce', REDUCE)
write('tests/unit/t-creation.c', 'creation', CREATION)
