/*
 * t-fpe.c — TAP tests of NumPy's floating-point error reports through
 * engine.h (host mode): the RuntimeWarning lines on stderr with CPython's
 * location prefix and source line, once per place, one line per kind in
 * NumPy's order; np.seterr / np.geterr / np.errstate ('ignore', 'raise'
 * as FloatingPointError, restored on exit); where= computes silently;
 * NumPy scalar math's "scalar divide" wording and its integer overflow;
 * ComplexWarning of complex-to-real casts.
 */
#include <stdio.h>
#include <string.h>
#include "engine/engine.h"

static int ntest, failed;
static void diag(void);

static void ok(int cond, const char *what)
{
	ntest++;
	if (!cond)
		failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
	if (!cond)
		diag();
}

static char OUT[16384], ERRS[16384];

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	char *b = fd == 2 ? ERRS : OUT;
	size_t l = strlen(b);
	(void)ctx;
	if (l + len < sizeof OUT) {
		memcpy(b + l, text, len);
		b[l + len] = 0;
	}
}

static struct engine *E;
static struct engine_error ERR;
static const struct engine_sink SINK = { NULL, s_stream, NULL, NULL, NULL, NULL };

static int run(const char *code)
{
	OUT[0] = ERRS[0] = 0;
	engine_error_clear(&ERR);
	return engine_execute(E, code, NULL, &SINK, &ERR);
}

/* stderr from the "]" of its first "In[N]" on (the cell number varies) */
static const char *after_cell(void)
{
	const char *b = strchr(ERRS, ']');
	return !strncmp(ERRS, "In[", 3) && b ? b : "";
}

static void diag(void)
{
	printf("# out: %s\n# stderr: %s\n# error: %s: %s\n", OUT, ERRS, ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "");
}

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("Bail out! engine_new failed\n");
		return 1;
	}
	run("import numpy as np\na = np.array([1.0, 0.0])");
	ok(run("b = a / 0") == 0 &&
	   !strcmp(ERRS, "In[2]:1: RuntimeWarning: divide by zero encountered in divide\n  b = a / 0\n"
			 "In[2]:1: RuntimeWarning: invalid value encountered in divide\n  b = a / 0\n"),
	   "divide by zero, then invalid value, with the location and the source line");
	ok(run("for i in range(3):\n    c = np.log(a)") == 0 &&
	   !strcmp(ERRS, "In[3]:2: RuntimeWarning: divide by zero encountered in log\n  c = np.log(a)\n"),
	   "once per location in a loop");
	/* float32 exp / log: the lanes the vector core leaves to the fix-up (every item of
	 * a long block here), each class with NumPy's warning and nothing else */
	ok(run("f1 = np.log(-np.ones(3000, np.float32))") == 0 &&
	   !strcmp(ERRS, "In[4]:1: RuntimeWarning: invalid value encountered in log\n  f1 = np.log(-np.ones(3000, np.float32))\n"),
	   "log of negative float32: 'invalid value' alone");
	ok(run("f2 = np.log(np.zeros(3000, np.float32))") == 0 &&
	   !strcmp(ERRS, "In[5]:1: RuntimeWarning: divide by zero encountered in log\n  f2 = np.log(np.zeros(3000, np.float32))\n"),
	   "log of float32 zeros: 'divide by zero' alone");
	ok(run("f3 = np.exp(np.full(3000, 100, np.float32))\nf4 = np.exp(np.full(3000, -200, np.float32))") == 0 &&
	   !strcmp(ERRS, "In[6]:1: RuntimeWarning: overflow encountered in exp\n  f3 = np.exp(np.full(3000, 100, np.float32))\n"),
	   "exp of float32 past its range: 'overflow'; the underflow is silent (NumPy's under='ignore')");
	ok(run("f5 = np.exp(np.array([np.nan, np.inf, -np.inf] * 1000, np.float32))\nf6 = np.log(np.array([np.nan, np.inf] * 1000, np.float32))") == 0 &&
	   ERRS[0] == 0, "exp and log of float32 NaN and infinities: silent");
	/* float64 through libmvec on AVX-512 CPUs (uloops_simd.h): its special lanes raise
	 * NumPy's flags, the padding of a masked tail none */
	ok(run("g1 = np.arctanh(np.ones(21))\ng2 = np.arctanh(np.full(21, 2.0))\ng3 = np.arccosh(np.full(21, 0.5))\n"
	       "g4 = np.expm1(np.full(21, 1000.0))") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: divide by zero encountered in arctanh\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: invalid value encountered in arctanh\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: invalid value encountered in arccosh\n") &&
	   strstr(ERRS, ":4: RuntimeWarning: overflow encountered in expm1\n") && !strstr(ERRS, "tanh\n  g3"),
	   "float64 arctanh / arccosh / expm1 past their domains: NumPy's four warnings");
	ok(run("g5 = np.tanh(np.array([np.nan, np.inf, -np.inf] * 7))\ng6 = np.cbrt(np.array([np.nan, np.inf, -0.0] * 7))\n"
	       "g7 = np.arcsinh(np.array([np.nan, 1e308] * 7))\ng8 = np.expm1(np.array([np.nan, -np.inf, -1000.0] * 7))\n"
	       "g9 = np.arccosh(np.full(3, 1.0))") == 0 && ERRS[0] == 0,
	   "float64 tanh / cbrt / arcsinh / expm1 / arccosh of NaN, infinities and edge values: silent");
	ok(run("d = np.sqrt(-a)\ne = np.array([1e308]) * 10") == 0 &&
	   strstr(ERRS, "invalid value encountered in sqrt") && strstr(ERRS, "overflow encountered in multiply"),
	   "invalid value in sqrt, overflow in multiply");
	ok(run("f = a + 1\ng = np.array([1e-310]) / 1e10") == 0 && ERRS[0] == 0,
	   "no report without an error; underflow ignored by default");
	ok(run("n = np.array([np.nan, 1.0])\nb1 = n < 1\nb2 = np.maximum(n, 0)\nb3 = n >= 0\nb4 = np.clip(n, 0, 1)") == 0 &&
	   ERRS[0] == 0, "comparisons with NaN raise no warning");
	ok(run("print(np.geterr())") == 0 &&
	   !strcmp(OUT, "{'divide': 'warn', 'over': 'warn', 'under': 'ignore', 'invalid': 'warn'}\n"),
	   "geterr: NumPy's defaults");
	ok(run("with np.errstate(divide='ignore', invalid='ignore'):\n    h = a / 0\nprint(np.geterr()['divide'])") == 0 &&
	   ERRS[0] == 0 && !strcmp(OUT, "warn\n"), "errstate ignores inside, restores after");
	ok(run("old = np.seterr(all='raise')\nprint(old['over'])") == 0 && !strcmp(OUT, "warn\n"),
	   "seterr returns the old state");
	ok(run("a / 0") < 0 && !strcmp(ERR.ename, "FloatingPointError") &&
	   !strcmp(ERR.evalue, "divide by zero encountered in divide"), "'raise': FloatingPointError");
	run("np.seterr(**old)");
	ok(run("np.seterr(divide='loud')") < 0 && !strcmp(ERR.ename, "ValueError") &&
	   strstr(ERR.evalue, "'loud' is not a valid error handling mode"), "a bad mode is a ValueError");
	ok(run("o = np.zeros(2)\nnp.divide(1.0, a, out=o, where=a != 0)\nprint(o)") == 0 && ERRS[0] == 0 &&
	   !strcmp(OUT, "[1. 0.]\n"), "where= masked elements raise no warning");
	ok(run("import scipy.special as sp\nk = sp.gamma(np.array([0.0, -1.0]))") == 0 && ERRS[0] == 0,
	   "scipy.special ufuncs never warn");
	ok(run("import cupy as cp\nm = cp.array([1.0]) / 0") == 0 && ERRS[0] == 0, "cp arrays never warn");
	/* integer loops: NumPy's x // 0, x % 0, fmod(x, 0) (divide) and MIN // -1 (overflow) */
	run("ia = np.array([5, -7])");
	ok(run("q1 = ia // 0\nq2 = ia % 0\nq3 = np.fmod(ia, 0)") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: divide by zero encountered in floor_divide\n  q1 = ia // 0\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: divide by zero encountered in remainder\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: divide by zero encountered in fmod\n"),
	   "integer // 0, % 0 and fmod(x, 0) warn of a divide by zero");
	ok(run("q4 = np.array([-128], np.int8) // -1") == 0 &&
	   strstr(ERRS, "RuntimeWarning: overflow encountered in floor_divide\n") && !strstr(ERRS, "divide by zero"),
	   "int8 -128 // -1 warns of an overflow");
	ok(run("q5 = ia // 2\nq6 = ia % -3\nq7 = np.array([-128], np.int8) % -1") == 0 && ERRS[0] == 0,
	   "integer division without a zero divisor is silent");
	/* NumPy's warnings of the nan functions (lib/_nanfunctions_impl.py):
	 * their own messages, at the caller's line, no divide warnings */
	run("w = np.array([[np.nan, np.nan], [1.0, np.nan]])");
	ok(run("m1 = np.nanmean(w, axis=0)") == 0 &&
	   !strcmp(after_cell(), "]:1: RuntimeWarning: Mean of empty slice\n  m1 = np.nanmean(w, axis=0)\n"),
	   "nanmean of an all-NaN slice: 'Mean of empty slice' only");
	ok(run("m2 = np.nanmean(w[1:], axis=1)") == 0 && ERRS[0] == 0, "nanmean with a value per slice: silent");
	ok(run("m3 = np.nanmax(w, axis=1)") == 0 &&
	   !strcmp(after_cell(), "]:1: RuntimeWarning: All-NaN slice encountered\n  m3 = np.nanmax(w, axis=1)\n"),
	   "nanmax of an all-NaN slice");
	ok(run("m4 = np.nanmin(np.array([np.nan, 1.0]))") == 0 && ERRS[0] == 0, "nanmin with a value: silent");
	ok(run("m5 = np.nanvar(w, axis=0, ddof=1)") == 0 &&
	   !strcmp(after_cell(), "]:1: RuntimeWarning: Degrees of freedom <= 0 for slice.\n  m5 = np.nanvar(w, axis=0, ddof=1)\n"),
	   "nanvar with count - ddof <= 0");
	ok(run("m6 = np.nanstd(np.array([1.0, np.nan, 3.0]), ddof=1)") == 0 && ERRS[0] == 0, "nanstd with enough items: silent");
	ok(run("m7 = np.mean(np.zeros(0))") == 0 && strstr(ERRS, "RuntimeWarning: Mean of empty slice\n"),
	   "mean of an empty array: 'Mean of empty slice'");
	ok(run("m8 = np.var(np.ones(2), ddof=2)") == 0 && strstr(ERRS, "RuntimeWarning: Degrees of freedom <= 0 for slice\n"),
	   "var with ddof >= n: 'Degrees of freedom <= 0 for slice'");
	ok(run("m9 = np.abs(np.array([complex(np.nan, 1), complex(np.inf, np.nan), 3 + 4j]))") == 0 && ERRS[0] == 0,
	   "abs of complex NaN / inf raises no invalid-value warning");
	ok(run("l1 = np.ldexp(np.array([1.0]), 1100)\nl2 = np.ldexp(np.float16(1), 20)\nl3 = np.ldexp(np.array([1.0], np.float32), np.array([2**40]))") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: overflow encountered in ldexp\n  l1 = np.ldexp(np.array([1.0]), 1100)\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: overflow encountered in ldexp\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: overflow encountered in ldexp\n"),
	   "ldexp overflow (float64, float16 through float32, a clamped int64 exponent): 'overflow encountered in ldexp'");
	ok(run("l4 = np.ldexp(np.array([1.0]), -1100)\nl5 = np.frexp(np.array([np.nan, np.inf, 0.0]))\nl6 = np.ldexp(np.array([np.inf, np.nan]), 3)") == 0 &&
	   ERRS[0] == 0, "ldexp underflow, frexp / ldexp of inf and NaN: silent");
	/* NumPy's scalar math (operators on NumPy scalars) says "scalar <op>";
	 * the ufuncs and arrays keep the ufunc's name */
	ok(run("s1 = np.float64(1) / np.float64(0)") == 0 &&
	   !strcmp(after_cell(), "]:1: RuntimeWarning: divide by zero encountered in scalar divide\n  s1 = np.float64(1) / np.float64(0)\n"),
	   "np.float64(1) / np.float64(0): 'scalar divide'");
	ok(run("s2 = 1 / np.float32(0)\ns3 = np.float64(0) / 0.0") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: divide by zero encountered in scalar divide\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: invalid value encountered in scalar divide\n"),
	   "a Python scalar with a NumPy scalar: 'scalar divide'");
	ok(run("s4 = np.divide(np.float64(1), np.float64(0))\ns5 = np.array(1.0) / np.array(0.0)") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: divide by zero encountered in divide\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: divide by zero encountered in divide\n") && !strstr(ERRS, "scalar"),
	   "np.divide of scalars and 0-d arrays: 'divide'");
	ok(run("s6 = np.float64(2) ** 2000\ns7 = np.float64(1e300) ** 2\ns8 = np.float64(-1) ** 0.5") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: overflow encountered in scalar power\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: overflow encountered in scalar power\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: invalid value encountered in scalar power\n"),
	   "x ** 2 and x ** 0.5 are 'scalar power' (not square / sqrt)");
	ok(run("i1 = np.int64(2**62) * np.int64(4)\ni2 = np.uint8(0) - np.uint8(1)\ni3 = -np.int8(-128)\ni4 = np.int8(100) + 100") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: overflow encountered in scalar multiply\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: overflow encountered in scalar subtract\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: overflow encountered in scalar negative\n") &&
	   strstr(ERRS, ":4: RuntimeWarning: overflow encountered in scalar add\n"),
	   "integer scalar overflow warns (scalar multiply / subtract / negative / add)");
	ok(run("a1 = abs(np.int8(-128))\na2 = abs(np.int64(-2**63))\na3 = -np.int16(-32768)") == 0 &&
	   strstr(ERRS, ":1: RuntimeWarning: overflow encountered in scalar absolute\n  a1 = abs(np.int8(-128))\n") &&
	   strstr(ERRS, ":2: RuntimeWarning: overflow encountered in scalar absolute\n") &&
	   strstr(ERRS, ":3: RuntimeWarning: overflow encountered in scalar negative\n"),
	   "abs() / - of the most negative integer scalar: 'scalar absolute' / 'scalar negative'");
	ok(run("a4 = np.abs(np.int8(-128))\na5 = np.negative(np.int8(-128))\na6 = abs(np.array([-128], np.int8))\n"
	       "a7 = abs(np.int8(-127))\na8 = abs(np.uint8(255))\na9 = abs(np.float64(-np.inf))") == 0 && ERRS[0] == 0,
	   "np.abs / np.negative of scalars, abs of arrays, abs without overflow: silent");
	ok(run("with np.errstate(over='raise'):\n    abs(np.int32(-2**31))") < 0 &&
	   !strcmp(ERR.ename, "FloatingPointError") && !strcmp(ERR.evalue, "overflow encountered in scalar absolute"),
	   "over='raise': FloatingPointError for abs of an integer scalar");
	ok(run("i5 = np.int64(3) * np.int64(4)\ni6 = np.array([2**62]) * 4\ni7 = np.add(np.int64(2**62), np.int64(2**62))") == 0 &&
	   ERRS[0] == 0, "no overflow, and array / ufunc integer overflow, are silent");
	ok(run("with np.errstate(over='raise'):\n    np.int32(2**30) * np.int32(4)") < 0 &&
	   !strcmp(ERR.ename, "FloatingPointError") && !strcmp(ERR.evalue, "overflow encountered in scalar multiply"),
	   "over='raise': FloatingPointError for an integer scalar overflow");
	/* ComplexWarning: a complex array cast to a real dtype (not bool) */
	run("c = np.array([1+2j, 3-1j])");
	ok(run("r1 = c.astype(float)") == 0 &&
	   !strcmp(after_cell(), "]:1: ComplexWarning: Casting complex values to real discards the imaginary part\n  r1 = c.astype(float)\n"),
	   "astype(float) of complex: ComplexWarning");
	ok(run("r2 = np.zeros(2)\nr2[:] = c\nr3 = np.array(c, dtype=np.int32)\nr4 = np.array([], complex).astype(np.float32)") == 0 &&
	   strstr(ERRS, ":2: ComplexWarning: Casting complex values to real discards the imaginary part\n") &&
	   strstr(ERRS, ":3: ComplexWarning: ") && strstr(ERRS, ":4: ComplexWarning: "),
	   "assigning complex into a float array, array(dtype=int), an empty cast: ComplexWarning");
	ok(run("r8 = np.zeros(3)\nr8[0] = np.complex128(1+2j)\nr8[:] = np.complex64(1j)\nr8[r8 > 0] = np.complex128(2j)\n"
	       "r8.fill(np.complex128(1j))\nr9 = np.full(2, 1j, dtype=np.int8)") == 0 &&
	   strstr(ERRS, ":2: ComplexWarning: Casting complex values to real discards the imaginary part\n  r8[0] = np.complex128(1+2j)\n") &&
	   strstr(ERRS, ":3: ComplexWarning: ") && strstr(ERRS, ":4: ComplexWarning: ") &&
	   strstr(ERRS, ":5: ComplexWarning: ") && strstr(ERRS, ":6: ComplexWarning: "),
	   "NumPy complex scalars set into, filling or np.full of a real array: ComplexWarning");
	ok(run("r10 = np.zeros(2)\nr10[0] = 1j") < 0 && !strcmp(ERR.ename, "TypeError") && ERRS[0] == 0,
	   "a Python complex into a float array: TypeError, no warning");
	ok(run("r11 = np.zeros(2, bool)\nr11[0] = np.complex128(1j)\nr12 = np.zeros(2, np.complex64)\nr12[:] = 1j") == 0 &&
	   ERRS[0] == 0, "complex scalars into bool or complex arrays: silent");
	ok(run("r5 = c.astype(bool)\nr6 = c.astype(np.complex64)\nr7 = c.real.astype(float)") == 0 && ERRS[0] == 0,
	   "casts to bool or complex, and of .real, are silent");
	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", ntest);
	return failed ? 1 : 0;
}
