#!/usr/bin/env python3
"""cellrun_test.py -- TAP test of tests/cellrun.py's GPU-mode comparison (gpu_agrees):
which differences from NumPy's or CuPy's output it accepts (0-d array reprs for NumPy
scalars, floating-point last digits, CuPy's lines and errors) and which it must not
(integers, words, spacing, real numerical differences, failure state, signals)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cellrun import Run, gpu_agrees, markers


def R(out, rc=0, err=""):
	return Run(rc, out, err)


# (NumPy's run, CuPy's run or None, Lumen's stdout or run, rtol, agrees?)
cases = [
	("np.float64(-2.0000000000000004)\nnp.float32(-2.0)\n", None, "array(-2.)\narray(-2., dtype=float32)\n", 1e-5, True),
	("np.float32(-2.0)\n", None, "array(-0., dtype=float32)\n", 1e-5, False),
	("[28.+0.j -4.-9.656855j]\n", None, "[28.+0.j -4.-9.656854j]\n", 1e-5, True),
	("[[ 1. -0.]\n [-0.  1.]]\n", None, "[[ 1.  0.]\n [-0.  1.]]\n", 1e-12, True),
	("[1 2]\n", None, "[1  2]\n", 1e-12, False),
	("[2. 2.]\n", None, "[3. 3.]\n", 1e-12, False),
	("np.float64(-1.0) np.float64(0.6931471805599455)\n", None, "array(-1.) array(0.69314718)\n", 1e-12, True),
	("np.float64(-1.0) np.float64(0.6931471805599455)\n", None, "array(-1.) array(0.69314719)\n", 1e-12, False),
	("np.True_ np.False_ bool\n", None, "array(True) array(False) ndarray\n", 1e-12, False),
	("np.complex128(2-1j)\n6.0\n", None, "array(2.-1.j)\n6.0\n", 1e-12, True),
	("a (2, 6) cpu\nx\n", R("a (2, 6) <CUDA Device 0>\n", 1, "TypeError: x"), "a (2, 6) <CUDA Device 0>\nx\n", 1e-12, True),
	("a (2, 6) cpu\nx\n", R("a (2, 6) <CUDA Device 0>\n", 1, "TypeError: x"), "a (2, 6) <CUDA Device 0>\ny\n", 1e-12, False),
	("AttributeError: attribute 'ndim' of 'numpy.ndarray' objects is not writable\n", None, "AttributeError: attribute 'ndim' of 'cupy._core.core._ndarray_base' objects is not writable\n", 1e-12, True),
	("AttributeError: attribute 'ndim' of 'numpy.ndarray' objects is not writable\n", None, "AttributeError: attribute 'ndim' of 'ndarray' objects is not writable\n", 1e-12, False),
	("<class 'numpy.ndarray'>\n", None, "<class 'cupy.ndarray'>\n", 1e-12, True),
	("<class 'numpy.ndarray'>\n", None, "<class 'ndarray'>\n", 1e-12, False),
	("0.0 -16.96421151550203\n", R("1.0658141036401503e-14 -16.96421066613584\n"), "0.0 -16.96421066613584\n", 1e-5, True),
	("0.0 -16.96421151550203\n", None, "0.0 -16.96421066613584\n", 1e-12, False),
	("[np.int64(0), np.int64(1)] ['np.float32(0.0)']\n", None, "[array(0), array(1)] ['array(0., dtype=float32)']\n", 1e-5, True),
	("np.float32(1999.6588)\n", R("array(1999.9999, dtype=float32)\n"), "array(1999.9999, dtype=float32)\n", 1e-5, True),
	("np.float32(1999.6588)\n", None, "array(1999.9999, dtype=float32)\n", 1e-5, False),
	("[2.0611537e-09 4.5399924e-05 3.2690170e+06]\n", None, "[2.0611535e-09 4.5399931e-05 3.2690175e+06]\n", 1e-5, True),
	("5\n", None, "6\n", 1e-5, False),
	("5 [1 1] [2 3] np.int64(5)\n1 4 1\n", R("5 [1 1] [2 3] array(5)\n", 1, "TypeError: y"), "5 [1 1] [2 3] array(5)\n1 4 1\n", 1e-12, True),
	("x\n", None, "x\n", 1e-12, True),
	# failure state and last stderr line: NumPy's or CuPy's, exactly
	(R("", 1, "ValueError: a"), None, R("", 1, "ValueError: a"), 1e-12, True),
	(R("", 1, "ValueError: a"), R("", 1, "ValueError: b"), R("", 1, "ValueError: b"), 1e-12, True),
	(R("", 1, "ValueError: a"), R("", 1, "ValueError: b"), R("", 1, "ValueError: c"), 1e-12, False),
	(R("", 1, "AttributeError: 'numpy.ndarray' x"), None, R("", 1, "AttributeError: 'ndarray' x"), 1e-12, True),
	(R("", 1, "TypeError: list indices must be integers or slices, not numpy.ndarray"), None,
	 R("", 1, "TypeError: list indices must be integers or slices, not ndarray"), 1e-12, True),
	("x\n", None, R("x\n", 1, "E: e"), 1e-12, False),
	("x\n", None, R("x\n", -11, ""), 1e-12, False),
	("a\nb\n", None, "a\n", 1e-12, False),
	# rounding noise that makes NumPy print exponents and rewrap the rows
	("[[-4.99600361e-16  3.17508424e-01  1.00000000e+00]\n [ 2.11438192e+00  2.73086896e+00  3.92350328e+00]]\n", None,
	 "[[0.         0.31750842 1.        ]\n [2.11438192 2.73086896 3.92350328]]\n", 1e-12, True),
	("[[-4.99600361e-16  3.17508424e-01  1.00000000e+00]\n [ 2.11438192e+00  2.73086896e+00  3.92350328e+00]]\n", None,
	 "[[0.         0.31750842 1.        ]\n [2.11438192 2.73086896 3.92350329]]\n", 1e-12, False),
]

# cell markers: skip-gpu is not a skip of the NumPy run
marks = [
	("# cells: skip-gpu no IPython there\n", {"skip-gpu": "no IPython there"}),
	("# cells: skip why\n", {"skip": "why"}),
	("# cells: todo gap\n# cells: timeout 90\n", {"todo": "gap", "timeout": "90"}),
]

print("1..%d" % (len(cases) + len(marks)))
for i, (n, c, l, rtol, exp) in enumerate(cases, 1):
	ref = n if isinstance(n, Run) else R(n)
	got = l if isinstance(l, Run) else R(l)
	ok = gpu_agrees(ref, c, got, rtol) == exp
	print("%s %d - %s %r ~ %r" % ("ok" if ok else "not ok", i, "agrees:" if exp else "differs:", ref.out[:40] or ref.last_err, got.out[:40] or got.last_err))
for i, (src, exp) in enumerate(marks, len(cases) + 1):
	got = markers(src)
	print("%s %d - markers(%r) is %r" % ("ok" if got == exp else "not ok", i, src, got))
