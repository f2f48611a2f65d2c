#!/usr/bin/env python3
"""shape_cases.py -- writes tests/unit/index_cases.h and manip_cases.h: short
snippets with what CPython + NumPy prints for them (stdout, or the exception's
name and message), for tests/t-index.c and tests/t-manip.c.  Rerun it after
changing a snippet:  python3 tools/gen/shape_cases.py tests/unit"""
import contextlib, io, os, sys
import numpy as np

INDEX = [
 ("int", "a = np.arange(12).reshape(3, 4)\nprint(a[1], a[-1, -1], a[2][3])"),
 ("slice-neg-step", "a = np.arange(10)\nprint(a[8:2:-2], a[::-3], a[-1:-11:-4], a[7:2])"),
 ("slice-clamp", "a = np.arange(5)\nprint(a[-100:100], a[100:], a[:-100], a[3:-100:-1])"),
 ("2d-slices", "a = np.arange(20).reshape(4, 5)\nprint(a[::2, ::-2])\nprint(a[3:1:-1, 4:0:-2])"),
 ("ellipsis", "a = np.arange(24).reshape(2, 3, 4)\nprint(a[..., 1])\nprint(a[1, ..., 2], a[...].shape)"),
 ("newaxis", "a = np.arange(24).reshape(2, 3, 4)\nprint(a[None].shape, a[:, None, ..., None].shape, a[0, None, 1:, None].shape)"),
 ("zero-d", "z = np.array(2.5)\nprint(z[()], repr(z[...]), z[None], z[None, None].shape)"),
 ("scalar-result", "a = np.arange(6, dtype=np.float32).reshape(2, 3)\nx = a[1, 2]\nprint(repr(x))\nprint(repr(a[0][1]))"),
 ("view-write", "a = np.arange(10)\nv = a[2:8:2]\nv[0] = 100\nw = a[::-1]\nw[0] = -1\nprint(a)"),
 ("fancy-copy", "a = np.arange(5)\nc = a[[1, 2]]\nc[0] = 99\nprint(a, c)"),
 ("fancy-1d", "a = np.arange(10) * 10\nprint(a[[1, 3, -1]], a[[[1, 2], [3, 4]]], a[[]])"),
 ("fancy-2d", "a = np.arange(20).reshape(4, 5)\nprint(a[[0, 2], [1, 3]])\nprint(a[[0, 2], 1:4])\nprint(a[[[0], [3]], [0, 4]])"),
 ("fancy-broadcast", "a = np.arange(24).reshape(2, 3, 4)\ni = np.array([[0, 1], [1, 0]])\nprint(a[i, [2, 0]])\nprint(a[:, i, 1])"),
 ("placement", "a = np.zeros((2, 3, 4, 5))\nprint(a[:, [0, 1], [1, 2]].shape, a[:, [0, 1], :, [1, 2]].shape, a[0, :, [0, 1]].shape, a[None, 0, None, [0, 1]].shape, a[:, None, [0, 1], [0, 1]].shape)"),
 ("mask", "a = np.arange(12).reshape(3, 4)\nprint(a[a > 6], a[a > 100].shape)\nprint(a[[True, False, True]])\nprint(a[:, np.array([True, False, True, False])])"),
 ("mask-nd", "a = np.arange(24).reshape(2, 3, 4)\nm = np.array([[True, False, True], [False, True, False]])\nprint(a[m])\nprint(a[m, 1:3])"),
 ("bool-scalar", "a = np.arange(6).reshape(2, 3)\nprint(a[True].shape, a[False].shape, a[:, 0, True].shape, a[[0, 1], True].shape)"),
 ("mixed", "a = np.arange(60).reshape(3, 4, 5)\nprint(a[1, [0, 2], 1:4])\nprint(a[[2, 0], ::-1, 0])"),
 ("neg-strides-fancy", "a = np.arange(12).reshape(3, 4)[::-1, ::-1]\nprint(a[[0, 2]])\nprint(a[a > 5])"),
 ("empty", "a = np.arange(12).reshape(3, 4)\nprint(a[1:1].shape, a[:, []].shape, a[[], []].shape, np.zeros((0, 3))[:, 1].shape)"),
 ("set-scalar", "a = np.zeros(4, dtype=np.int32)\na[1] = 3.9\na[-1] = -2.7\na[2] = True\nprint(a)"),
 ("set-slices", "a = np.arange(10)\na[2:5] = [20, 30, 40]\na[::3] = 0\nprint(a)\na[::-1] = np.arange(10)\nprint(a)"),
 ("set-broadcast", "m = np.zeros((3, 4))\nm[:] = np.arange(4)\nm[:, 1] = [7, 8, 9]\nm[0:2] = np.array([[[1, 2, 3, 4]]])\nprint(m)"),
 ("set-fancy", "a = np.arange(8)\na[[0, 2, 4]] = [-1, -2, -3]\na[[1, 1, 1]] = [5, 6, 7]\nprint(a)\nm = np.zeros((3, 3), dtype=int)\nm[[0, 1, 2], [2, 1, 0]] = 1\nm[1:, [0, 2]] = 8\nprint(m)"),
 ("set-mask", "a = np.arange(10.0)\na[a > 6] = np.nan\na[np.isnan(a)] = [1, 2, 3]\nprint(a)"),
 ("aug-fancy", "a = np.zeros(5, dtype=int)\na[[0, 0, 1]] += 1\nprint(a)"),
 ("overlap", "a = np.arange(6)\na[1:] = a[:-1]\nprint(a)\nb = np.arange(6)\nb[:-1] = b[1:]\nprint(b)"),
 ("int-index-dtypes", "a = np.arange(10) * 2\nprint(a[np.array([1, 3], dtype=np.uint8)], a[np.int32(-1)], a[np.array(2)])"),
 ("take", "m = np.arange(12).reshape(3, 4)\nprint(np.take(m, [0, 2], axis=1))\nprint(np.take(m, [[1]], axis=0).shape, np.take(m, 5), np.take(np.arange(5), [-1, 10], mode='wrap'))"),
 ("put", "a = np.arange(5)\nnp.put(a, [0, 2], [-44, -55])\nnp.put(a, 22, -5, mode='clip')\nprint(a)"),
 ("where", "a = np.arange(6)\nprint(np.where(a < 3, a, 10 * a), np.where(a > 3, 1.5, -a), np.where(a > 3))"),
 ("choose-select", "print(np.choose([2, 1, 0], [[0, 1, 2], [10, 11, 12], [20, 21, 22]]))\nx = np.arange(6)\nprint(np.select([x < 3, x > 3], [x, x ** 2], default=-1))"),
 ("compress-extract", "a = np.array([[1, 2], [3, 4], [5, 6]])\nprint(np.compress([False, True, True], a, axis=0), np.extract(a % 2 == 0, a))"),
 ("err-bounds", "np.arange(12).reshape(3, 4)[0, 4]"),
 ("err-bounds-neg", "np.arange(3)[-4]"),
 ("err-fancy-bounds", "np.arange(12).reshape(3, 4)[:, [4]]"),
 ("err-too-many", "np.arange(3)[0, 0]"),
 ("err-too-many-0d", "np.array(3)[0]"),
 ("err-type", "np.arange(3)[1.0]"),
 ("err-list-float", "np.arange(3)[[1.5]]"),
 ("err-array-float", "np.arange(3)[np.array([1.0])]"),
 ("err-ellipsis", "np.arange(3)[..., ...]"),
 ("err-step0", "np.arange(3)[::0]"),
 ("err-slice-type", "np.arange(3)[0:1.5]"),
 ("err-bool-mismatch", "np.arange(3)[np.array([True, False])]"),
 ("err-bcast-index", "np.zeros((3, 3))[[0, 1], [0, 1, 2]]"),
 ("err-set-shape", "a = np.arange(3)\na[0:3] = [1, 2]"),
 ("err-set-fancy-shape", "a = np.arange(3)\na[[0, 1]] = [1, 2, 3]"),
 ("err-set-mask-count", "a = np.arange(3)\na[[True, False, True]] = [5, 6, 7]"),
 ("err-scalar-index", "np.float64(1.0)[0]"),
 ("err-take", "np.take(np.arange(5), [7])"),
]

MANIP = [
 ("reshape", "a = np.arange(12)\nprint(a.reshape(3, 4), a.reshape((2, -1)).shape, np.reshape(a, (4, 3), order='F')[1])"),
 ("reshape-view", "a = np.arange(12)\nb = a.reshape(3, 4)\nb[0, 0] = 100\nprint(a[0], np.shares_memory(a, b))"),
 ("ravel", "a = np.arange(6).reshape(2, 3)\nprint(a.ravel(), a.T.ravel(), a.ravel(order='F'), a.flatten(), a[:, ::-1].ravel())"),
 ("transpose", "a = np.arange(24).reshape(2, 3, 4)\nprint(a.T.shape, np.transpose(a, (1, 0, 2)).shape, a.transpose(2, 0, 1).shape)\nprint(a.transpose((0, 2, 1))[1])"),
 ("moveaxis", "x = np.zeros((3, 4, 5))\nprint(np.moveaxis(x, 0, -1).shape, np.moveaxis(x, [0, 1], [-1, -2]).shape, np.swapaxes(x, 0, 2).shape)"),
 ("expand-squeeze", "a = np.array([1, 2])\nb = np.zeros((1, 3, 1))\nprint(np.expand_dims(a, (0, 2)).shape, np.squeeze(b).shape, b.squeeze(2).shape)"),
 ("broadcast", "x, y = np.broadcast_arrays(np.arange(3), np.arange(2)[:, None])\nprint(x)\nprint(y)\nprint(np.broadcast_to(np.arange(3), (2, 3)))"),
 ("concatenate", "a = np.array([[1, 2], [3, 4]])\nb = np.array([[5, 6]])\nprint(np.concatenate((a, b)), np.concatenate((a, b.T), axis=1), np.concatenate((a, b), axis=None))"),
 ("concat-promote", "print(np.concatenate([np.zeros(2, dtype=np.int8), np.ones(2, dtype=np.uint8)]).dtype, np.concatenate([np.arange(2), np.arange(1.5)]))"),
 ("stack", "arrays = [np.arange(3) + i for i in range(2)]\nprint(np.stack(arrays), np.stack(arrays, axis=1), np.vstack(arrays), np.hstack(arrays), np.dstack(arrays).shape, np.column_stack(arrays))"),
 ("split", "print(np.split(np.arange(9.0), 3), np.split(np.arange(9), [3, 5, 6, 10]), np.array_split(np.arange(7), 3))"),
 ("flip", "a = np.arange(8).reshape(2, 2, 2)\nprint(np.flip(a, 0), np.flip(a), np.flip(a, (0, 2)), np.fliplr(a[0]), np.flipud(a[0]))"),
 ("roll", "x = np.arange(10).reshape(2, 5)\nprint(np.roll(x, 1), np.roll(x, -1, axis=1), np.roll(x, (2, 1), axis=(1, 0)))"),
 ("rot90", "m = np.arange(6).reshape(2, 3)\nprint(np.rot90(m), np.rot90(m, 2), np.rot90(m, -1))"),
 ("tile-repeat", "b = np.array([[1, 2], [3, 4]])\nprint(np.tile(b, 2), np.tile(np.arange(3), (2, 1, 2)).shape, np.repeat(b, [1, 2], axis=0), b.repeat(2))"),
 ("pad", "a = np.array([1, 2, 3, 4, 5])\nprint(np.pad(a, (2, 3), 'constant', constant_values=(4, 6)), np.pad(a, (2, 3), 'edge'), np.pad(a, (2, 3), 'reflect'), np.pad(a, (2, 3), 'symmetric'), np.pad(a, (2, 3), 'wrap'))\nprint(np.pad(np.arange(6).reshape(2, 3), 1, constant_values=(5, 6)))"),
 ("pad-big", "print(np.pad(np.arange(3), (7, 4), mode='reflect'), np.pad(np.arange(3), (7, 4), mode='wrap'))"),
 ("atleast", "print(np.atleast_1d(1.0), np.atleast_2d(np.arange(3)).shape, np.atleast_3d(np.arange(6).reshape(2, 3)).shape, np.atleast_1d(1, [3, 4]))"),
 ("sort", "m = np.array([[3, 1, 2], [9, 7, 8], [0, 5, 4]])\nprint(np.sort(m), np.sort(m, axis=0), np.sort(m, axis=None))"),
 ("sort-nan", "a = np.array([3.0, np.nan, 1.0, np.inf, -np.inf, np.nan, 0.0])\nprint(np.sort(a), np.argsort(a))\nprint(np.sort(np.array([1 + 2j, np.nan, 1 - 1j, 0 + 5j])))"),
 ("argsort-stable", "x = np.array([2, 1, 2, 1, 2, 1])\nprint(np.argsort(x, kind='stable'), np.argsort(np.array([[0, 3], [2, 2]]), axis=0))"),
 ("sort-inplace", "a = np.array([[1, 4], [3, 1]])\na.sort(axis=0)\nprint(a)\nv = np.arange(10)[::-1]\nv[2:7].sort()\nprint(v)"),
 ("unique", "b = np.array([1, 2, 6, 4, 2, 3, 2])\nprint(np.unique(b, return_index=True, return_inverse=True, return_counts=True))\nprint(np.unique(np.array([[1, 0, 0], [1, 0, 0], [2, 3, 4]]), axis=0))"),
 ("searchsorted", "a = np.array([1, 2, 3, 4, 5])\nprint(np.searchsorted(a, 3), np.searchsorted(a, 3, side='right'), np.searchsorted(a, [[1.5, 4.5], [0, 6]]))"),
 ("nonzero", "x = np.array([[3, 0, 0], [0, 4, 0], [5, 6, 0]])\nprint(np.nonzero(x), np.argwhere(x), np.flatnonzero(x))"),
 ("isin", "print(np.isin(2 * np.arange(4).reshape((2, 2)), [1, 2, 4, 8]), np.isin([1.5, 2.0], [2]))"),
 ("histogram", "print(np.histogram([1, 2, 1], bins=[0, 1, 2, 3]), np.histogram(np.arange(5), density=True)[0], np.histogram(np.array([1.5, 2.5, 2.7, 9.9]), bins=4, range=(0, 8)))"),
 ("bincount", "x = np.array([0, 1, 1, 3, 2, 1, 7])\nprint(np.bincount(x), np.bincount(x, minlength=10), np.bincount(x, weights=np.linspace(0, 1, 7)))"),
 ("cov", "a = [-2.1, -1, 4.3]\nb = [3, 1.1, 0.12]\nprint(np.cov(a, b), np.cov(a), np.corrcoef(a, b))"),
 ("convolve", "print(np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3], [0, 1, 0.5], 'same'), np.convolve([1, 2], [0, 1, 0.5, 2], 'same'), np.correlate([1, 2, 3], [0, 1, 0.5], 'full'), np.correlate([1, 2], [0, 1, 0.5, 3], 'same'))"),
 ("interp", "print(np.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0]), np.interp(2.5, [1, 2, 3], [3, 2, 0]))"),
 ("close", "print(np.allclose([1e10, 1e-7], [1.00001e10, 1e-8]), np.isclose([1e10, 1e-7], [1.00001e10, 1e-8]), np.array_equal([1, 2], [1, 2]), np.array_equal([1, 2], [1, 2, 3]))"),
 ("cross", "print(np.cross([1, 2, 3], [4, 5, 6]), np.cross(np.array([[1, 2, 3], [4, 5, 6]]), [[4, 5, 6], [1, 2, 3]]))"),
 ("err-reshape", "np.arange(12).reshape(5, 3)"),
 ("err-transpose", "np.zeros((2, 3)).transpose(1)"),
 ("err-moveaxis", "np.moveaxis(np.zeros((2, 3)), 3, 0)"),
 ("err-squeeze", "np.squeeze(np.zeros((2, 3)), axis=0)"),
 ("err-concat-ndim", "np.concatenate([np.zeros((2, 2)), np.arange(3)])"),
 ("err-concat-shape", "np.concatenate([np.zeros((2, 2)), np.ones((2, 3))], axis=0)"),
 ("err-stack", "np.stack([np.arange(3), np.arange(2)])"),
 ("err-split", "np.split(np.arange(5), 2)"),
 ("err-fliplr", "np.fliplr(np.arange(3))"),
 ("err-broadcast-to", "np.broadcast_to(np.arange(3), (4,))"),
 ("err-nonzero-0d", "np.nonzero(np.array(5))"),
 ("err-bincount", "np.bincount([-1, 2])"),
 ("err-hist-bins", "np.histogram([1, 2, 3], bins=[3, 1])"),
 ("err-cross", "np.cross([1, 2, 3, 4], [4, 5, 6, 6])"),
 ("err-convolve-empty", "np.convolve([], [1])"),
]

def run(code):
    out = io.StringIO()
    g = {"np": np}
    ename = evalue = None
    with contextlib.redirect_stdout(out):
        try:
            exec(code, g)
        except Exception as e:
            ename, evalue = type(e).__name__, str(e)
    return out.getvalue(), ename, evalue

def cstr(s):
    if s is None:
        return "NULL"
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

def write(path, cases):
    with open(path, "w") as f:
        f.write("/* generated by tools/gen/shape_cases.py from NumPy %s: do not edit */\n" % np.__version__)
        for name, code in cases:
            out, en, evv = run("import numpy as np\n" + code)
            f.write("{%s,\n %s,\n %s, %s, %s},\n" % (cstr(name), cstr("import numpy as np\n" + code), cstr(out), cstr(en), cstr(evv)))

import warnings
warnings.simplefilter("ignore")
d = sys.argv[1] if len(sys.argv) > 1 else "tests/unit"
write(os.path.join(d, "index_cases.h"), INDEX)
write(os.path.join(d, "manip_cases.h"), MANIP)
