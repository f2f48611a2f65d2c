/*
 * t-types.c — TAP tests of how values name their type through engine.h, in
 * host mode: type() of a cp array is cupy.ndarray even without a GPU (and of
 * an np array numpy.ndarray), isinstance keeps the two classes apart, and the
 * messages that name an array's type name the right one (CPython's tp_name:
 * "ndarray" for CuPy's Python subclass, "numpy.ndarray" for NumPy's); cp's
 * creation errors are in CuPy's words, np's in NumPy's.
 */
#include <stdio.h>
#include <string.h>
#include "engine/engine.h"
#include "tap.h"

static char OUT[16384];

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	(void)ctx;
	size_t l = strlen(OUT);
	if (fd == 1 && l + len < sizeof OUT) {
		memcpy(OUT + l, text, len);
		OUT[l + len] = 0;
	}
}

static struct engine *E;
static struct engine_error ERR;
static const struct engine_sink SINK = { NULL, s_stream, NULL, NULL, NULL, NULL };

/* runs code; 0, or -1 with ERR set; what it printed is in OUT */
static int run(const char *code)
{
	OUT[0] = 0;
	engine_error_clear(&ERR);
	return engine_execute(E, code, NULL, &SINK, &ERR);
}

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("Bail out! engine_new failed\n");
		return 1;
	}
	run("import numpy as np\nimport cupy as cp\na = cp.arange(3)\nh = np.arange(3)");
	ok(run("print(type(a))") == 0 && !strcmp(OUT, "<class 'cupy.ndarray'>\n"),
	   "type() of a host-mode cp array is cupy.ndarray");
	ok(run("print(type(h))") == 0 && !strcmp(OUT, "<class 'numpy.ndarray'>\n"),
	   "type() of an np array is numpy.ndarray");
	ok(run("print(cp.ndarray, np.ndarray)") == 0 &&
	   !strcmp(OUT, "<class 'cupy.ndarray'> <class 'numpy.ndarray'>\n"), "the two classes' names");
	ok(run("print(type(a) is cp.ndarray, type(h) is np.ndarray, type(a) is np.ndarray)") == 0 &&
	   !strcmp(OUT, "True True False\n"), "type(x) is the module's ndarray");
	ok(run("print(isinstance(a, cp.ndarray), isinstance(a, np.ndarray), "
	       "isinstance(h, np.ndarray), isinstance(h, cp.ndarray))") == 0 &&
	   !strcmp(OUT, "True False True False\n"), "isinstance keeps cupy.ndarray and numpy.ndarray apart");
	ok(run("print(type(a).__name__, type(a[1:]).__module__)") == 0 && !strcmp(OUT, "ndarray cupy\n"),
	   "__name__ and __module__ of cupy.ndarray");
	/* CPython names the type by tp_name: CuPy's ndarray is a Python class, "ndarray" */
	ok(run("a.x") < 0 && !strcmp(ERR.evalue, "'ndarray' object has no attribute 'x'"),
	   "AttributeError names cupy.ndarray by its tp_name");
	ok(run("h.x") < 0 && strstr(ERR.evalue, "'numpy.ndarray' object has no attribute 'x'") != NULL,
	   "AttributeError names numpy.ndarray");
	ok(run("['a', 'b'][a.sum()]") < 0 && !strcmp(ERR.ename, "TypeError") &&
	   !strcmp(ERR.evalue, "list indices must be integers or slices, not ndarray"),
	   "a list indexed by a 0-d cp array names it 'ndarray', as CPython+CuPy do");
	ok(run("a.ndim = 2") < 0 &&
	   !strcmp(ERR.evalue, "attribute 'ndim' of 'cupy._core.core._ndarray_base' objects is not writable"),
	   "a read-only property of a cp array names CuPy's Cython base class");
	ok(run("a.size = 2") < 0 && !strcmp(ERR.evalue, "readonly attribute"),
	   "size of a cp array is a Cython readonly member");
	ok(run("h.ndim = 2") < 0 &&
	   !strcmp(ERR.evalue, "attribute 'ndim' of 'numpy.ndarray' objects is not writable"),
	   "a read-only property of an np array names numpy.ndarray");
	ok(run("format(a, '.2f')") < 0 &&
	   !strcmp(ERR.evalue, "unsupported format string passed to numpy.ndarray.__format__"),
	   "cupy.ndarray.__format__ formats the host copy: NumPy's message");
	ok(run("import cupy.exceptions\nprint(cp.exceptions.AxisError is np.exceptions.AxisError)") == 0 &&
	   !strcmp(OUT, "True\n"), "cupy.exceptions re-exports NumPy's AxisError");
	/* CuPy's own words where its creation routines reject a shape */
	ok(run("cp.zeros(-1)") < 0 && !strcmp(ERR.evalue, "Negative dimensions are not allowed"),
	   "cp.zeros(-1): CuPy's ValueError text");
	ok(run("cp.ones((2, -3))") < 0 && !strcmp(ERR.evalue, "Negative dimensions are not allowed"),
	   "cp.ones((2, -3)): CuPy's ValueError text");
	ok(run("cp.eye(-1)") < 0 && !strcmp(ERR.evalue, "Negative dimensions are not allowed"),
	   "cp.eye(-1): CuPy's ValueError text");
	ok(run("cp.empty(2.5)") < 0 && !strcmp(ERR.ename, "TypeError") &&
	   !strcmp(ERR.evalue, "'float' object cannot be interpreted as an integer"),
	   "cp.empty(2.5): CuPy's TypeError text");
	ok(run("np.zeros(-1)") < 0 && !strcmp(ERR.evalue, "negative dimensions are not allowed"),
	   "np.zeros(-1): NumPy's ValueError text");
	ok(run("np.empty(2.5)") < 0 &&
	   !strcmp(ERR.evalue, "expected a sequence of integers or a single integer, got '2.5'"),
	   "np.empty(2.5): NumPy's TypeError text");
	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail ? 1 : 0;
}
