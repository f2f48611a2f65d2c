/*
 * t-fuse.c — TAP tests of statement-level fusion (engine/ufunc/fuse.h) without a
 * GPU: the fuser runs on the host backends behind its test switch
 * (fz_set_mode(2), LUMEN_FUSE=all) and every expression must give the bytes,
 * dtype and shape of the unfused path (fz_set_mode(0)), raise the same
 * error, run leaf side effects in the same order — and really be one tree
 * (fz_stats counts the ufunc nodes of the tree the backend received).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"
#include "ufunc/fuse.h"
#include "tap.h"

static char OUT[1 << 16];

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	size_t l = strlen(OUT);
	(void)ctx;
	(void)fd;
	if (l + len >= sizeof OUT)
		len = sizeof OUT - l - 1;
	memcpy(OUT + l, text, len);
	OUT[l + len] = 0;
}

static struct engine *E;
static struct engine_error ERR;
static const struct engine_sink SINK = { NULL, s_stream, NULL, NULL, NULL, NULL };

static int run(const char *code)
{
	struct engine_exec_opts o = { 0, 1, 0 };
	OUT[0] = 0;
	engine_error_clear(&ERR);
	return engine_execute(E, code, &o, &SINK, &ERR);
}

/* `r = expr` fused must equal `ref = expr` unfused bit for bit, through a
 * tree of `ufuncs` ufunc nodes (0: not checked). */
static int want_reduction;

static void same(const char *expr, int ufuncs)
{
	char code[1024], what[1200], ref_out[sizeof OUT];
	int r1, r2, good;
	long trees;
	snprintf(code, sizeof code, "ref = %s\n", expr);
	fz_set_mode(0);
	r1 = run(code);
	snprintf(ref_out, sizeof ref_out, "%s", OUT);
	fz_set_mode(2);
	trees = fz_stats.trees;
	long reds = fz_stats.reductions;
	snprintf(code, sizeof code, "r = %s\n", expr);
	r2 = run(code);
	good = r1 == 0 && r2 == 0 && !strcmp(OUT, ref_out);
	if (want_reduction)
		good = good && fz_stats.reductions == reds + 1;
	if (ufuncs)
		good = good && fz_stats.trees > trees && fz_stats.ufuncs == ufuncs;
	snprintf(what, sizeof what, "%s: one tree of %d ufuncs, same output", expr, ufuncs);
	if (!good)
		printf("# r1=%d r2=%d ufuncs=%d trees %ld->%ld %s: %s\n# out [%s] ref [%s]\n", r1, r2,
		       fz_stats.ufuncs, trees, fz_stats.trees, ERR.ename ? ERR.ename : "",
		       ERR.evalue ? ERR.evalue : "", OUT, ref_out);
	ok(good, what);
	fz_set_mode(0);
	r1 = run("print(type(r) is type(ref), r.dtype == ref.dtype, r.shape == ref.shape, "
		 "bool((r.view(np.uint8) == ref.view(np.uint8)).all()) "
		 "if hasattr(r, 'view') and r.ndim else bool(r == ref))\n");
	snprintf(what, sizeof what, "%s: same type, dtype, shape and bytes", expr);
	if (r1 || strcmp(OUT, "True True True True\n"))
		printf("# got [%s] %s: %s\n", OUT, ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "");
	ok(r1 == 0 && !strcmp(OUT, "True True True True\n"), what);
}

/* expr raises the same error fused and unfused */
static void same_error(const char *expr)
{
	char code[1024], what[1200], en[256], evv[1024];
	int r1, r2;
	snprintf(code, sizeof code, "r = %s\n", expr);
	fz_set_mode(0);
	r1 = run(code);
	snprintf(en, sizeof en, "%s", ERR.ename ? ERR.ename : "");
	snprintf(evv, sizeof evv, "%s", ERR.evalue ? ERR.evalue : "");
	fz_set_mode(2);
	r2 = run(code);
	snprintf(what, sizeof what, "%s: the same %s", expr, en);
	ok(r1 < 0 && r2 < 0 && en[0] && ERR.ename && !strcmp(en, ERR.ename) &&
	   ERR.evalue && !strcmp(evv, ERR.evalue), what);
	if (!(r2 < 0 && ERR.ename && !strcmp(en, ERR.ename)))
		printf("# unfused %s: %s; fused %s: %s\n", en, evv, ERR.ename ? ERR.ename : "-",
		       ERR.evalue ? ERR.evalue : "-");
}

int main(void)
{
	E = engine_new(NULL);
	if (!E) {
		printf("1..0 # SKIP no engine\n");
		return 0;
	}
	fz_set_mode(0);
	if (run("import numpy as np\nimport cupy as cp\n"
		"x = np.linspace(-3, 3, 24, dtype=np.float32).reshape(4, 6)\n"
		"y = np.linspace(0.5, 2, 6, dtype=np.float32)\n"
		"z = np.arange(4, dtype=np.float32).reshape(4, 1)\n"
		"d = np.linspace(-1, 1, 24).reshape(4, 6)\n"
		"i8 = np.arange(-12, 12, dtype=np.int8).reshape(4, 6)\n"
		"u8 = np.arange(24, dtype=np.uint8).reshape(4, 6)\n"
		"h = np.linspace(0, 2, 6).astype(np.float16)\n"
		"c = cp.linspace(-2, 2, 12, dtype=cp.float32)\n"
		"cz = cp.arange(12, dtype=cp.int32)\n"
		"log = []\n"
		"def f(v, s):\n    log.append(s)\n    return v\n") < 0) {
		printf("1..0 # SKIP setup failed: %s: %s\n", ERR.ename, ERR.evalue);
		return 0;
	}
	/* the statements of the goals, float32 throughout */
	same("x * y + z", 2);
	same("np.sin(x)**2 + np.cos(x)**2", 5);
	same("x * 2.5 + 1", 2);
	same("np.sin(x) * 2 + 1", 3);
	/* weak Python scalars, NumPy scalars, scalar on the left */
	same("2 * x - 1.5 / y", 3);
	same("np.float64(2) * x + 1", 2);
	same("3 - (x > 0)", 2);
	/* mixed dtypes: casts inside the tree */
	same("x * d + i8", 2);
	same("i8 * 3 + u8", 2);
	same("(i8 + u8) * y", 2);
	/* integer overflow wraps as unfused */
	same("i8 * 100 + i8 * i8", 3);
	same("u8 - 200 + u8", 2);
	/* float16 rounds after each node */
	same("h * h + h / 3", 3);
	/* power's fast paths: square, sqrt, reciprocal, and a real power */
	same("(x - 1) ** 2 + np.abs(x) ** 0.5 + (y + 1) ** -1 + y ** 3.0", 10);
	same("i8 ** 2 + u8 ** u8", 3);
	/* broadcasting, negation, invert, comparisons, np.<ufunc> calls */
	same("-(x + z) * ~(i8 > 0)", 5);
	same("np.maximum(x, y) - np.minimum(z, 0.5) + np.arctan2(x, y)", 5);
	same("np.logical_and(x > 0, y < 1.5) | (i8 == 3)", 5);
	/* the device namespace (host mode here) */
	same("cp.sin(c) * 2 + 1", 3);
	same("c * cz + 3", 2);
	/* leaves evaluated in Python's order, once each */
	same("f(x, 'a') * f(y, 'b') + np.sin(f(z, 'c'))", 3);
	{
		int r = run("print(log)\n");
		ok(r == 0 && !strcmp(OUT, "['a', 'b', 'c', 'a', 'b', 'c']\n"), "leaf side effects in order, once per evaluation");
	}
	/* reductions over trees: one reduction kernel each */
	want_reduction = 1;
	same("((x - y) ** 2).sum()", 2);
	same("np.sum(x * y, axis=1)", 1);
	same("(x > 0).sum()", 1);
	same("np.max(np.abs(x - y), axis=0, keepdims=True)", 2);
	same("(i8 * i8 + 1).prod(axis=1, dtype=np.int32)", 2);
	same("(x * y).min(1)", 1);
	same("(x < y).any(axis=0)", 1);
	same("cp.sum(c * c + 1)", 2);
	same("np.max(abs(x - y))", 2);
	same("(c * 2).max()", 1);
	want_reduction = 0;
	/* the ordinary path behind a tree */
	same("(x * y).mean() + (x * y).T[0]", 0);
	same("np.sum(x * y, 0, np.float64)", 0);
	/* errors: the unfused path's messages */
	same_error("x * y + np.ones(4)");
	same_error("(x + 1) * np.ones((2, 6))");
	same_error("i8 * 2 + 300");
	same_error("i8 * 2 ** -1 + (i8 ** -1)");
	same_error("(x + 1) + c");
	same_error("(c + 1) + x");
	same_error("(x > 0) - (y > 1)");
	same_error("((x - y) ** 2).sum(axis=2)");
	same_error("np.sum(x * y, axis=(0, 0))");
	same_error("(x + 1).sum(bad=1)");
	same_error("np.sin(x * 2, 1, 2, 3)");
	printf("1..%d\n", nt);
	engine_free(E);
	return nfail ? 1 : 0;
}
