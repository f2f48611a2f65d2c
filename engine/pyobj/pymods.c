/*
 * pymods.c — the small Python modules a cell may import: math, time, sys
 * (sys.stdout / sys.stderr write to the cell's streams), and the registry
 * through which rooms above lang/ add theirs (pymod_register: engine/pylib's
 * os, json, collections ...).  Each import builds a fresh module value; the
 * evaluator caches it per session.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lang/core.h"
#include "pyobj/pyobj.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bigint.h"

#ifdef PACKAGE_VERSION
#define PACKAGE_VERSION_STR PACKAGE_VERSION
#else
#define PACKAGE_VERSION_STR "0.1.0"
#endif

#define F(name) static struct value *f_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

/* x.name(*args) of a user instance whose class defines name (math.floor's
 * __floor__, a number class's __float__); NULL with no error set when the
 * class has none */
static struct value *dunder(struct eval *ev, struct value *x, const char *name, int argc, struct value **args)
{
	if (!cls_is_instance(x))
		return NULL;
	struct value *m = val_getattr(ev, x, name);
	if (!m) {
		err_clear(ev);
		return NULL;
	}
	struct value *r = val_call(ev, m, argc, args, NULL);
	val_decref(m);
	return r;
}

static int one_double(struct eval *ev, const char *name, int argc, struct value **argv,
		      const struct kwargs *kw, double *x)
{
	if (kw && kw->n) {
		err_set(ev, TY_TypeError, "math.%s() takes no keyword arguments", name);
		return -1;
	}
	if (argc != 1) {
		err_set(ev, TY_TypeError, "math.%s() takes exactly one argument (%d given)", name, argc);
		return -1;
	}
	if (argv[0]->type == VT_COMPLEX) {
		err_set(ev, TY_TypeError, "must be real number, not complex");
		return -1;
	}
	struct value *f = dunder(ev, argv[0], "__float__", 0, NULL);
	if (f || err_occurred(ev)) {
		int rc = f ? val_as_double(ev, f, x) : -1;
		val_decref(f);
		return rc;
	}
	return val_as_double(ev, argv[0], x);
}

static struct value *math_result(struct eval *ev, double r, double x)
{
	if (isnan(r) && !isnan(x))
		return err_set(ev, TY_ValueError, "math domain error");
	if (isinf(r) && isfinite(x))
		return err_set(ev, TY_OverflowError, "math range error");
	return val_float(r);
}

#define MATH1(name, expr, domain) F(name) { double x; \
	if (one_double(ev, #name, argc, argv, kw, &x) < 0) return NULL; \
	if (domain) return err_set(ev, TY_ValueError, "math domain error"); \
	return math_result(ev, (expr), x); }

MATH1(sqrt, sqrt(x), x < 0)
MATH1(exp, exp(x), 0)
MATH1(exp2, exp2(x), 0)
MATH1(expm1, expm1(x), 0)
MATH1(log2, log2(x), x <= 0)
MATH1(log10, log10(x), x <= 0)
MATH1(log1p, log1p(x), x <= -1)
MATH1(sin, sin(x), isinf(x))
MATH1(cos, cos(x), isinf(x))
MATH1(tan, tan(x), isinf(x))
MATH1(asin, asin(x), x < -1 || x > 1)
MATH1(acos, acos(x), x < -1 || x > 1)
MATH1(atan, atan(x), 0)
MATH1(sinh, sinh(x), 0)
MATH1(cosh, cosh(x), 0)
MATH1(tanh, tanh(x), 0)
MATH1(asinh, asinh(x), 0)
MATH1(acosh, acosh(x), x < 1)
MATH1(atanh, atanh(x), x <= -1 || x >= 1)
MATH1(fabs, fabs(x), 0)
MATH1(degrees, x * 180.0 / M_PI, 0)
MATH1(radians, x * M_PI / 180.0, 0)
MATH1(gamma, tgamma(x), x <= 0 && x == floor(x))
MATH1(lgamma, lgamma(x), x <= 0 && x == floor(x))
MATH1(erf, erf(x), 0)
MATH1(erfc, erfc(x), 0)

F(log)
{
	double x, base = 0;
	if (argc < 1 || argc > 2)
		return err_set(ev, TY_TypeError, "log expected 1 or 2 arguments, got %d", argc);
	if (val_as_double(ev, argv[0], &x) < 0 || (argc == 2 && val_as_double(ev, argv[1], &base) < 0))
		return NULL;
	if (x <= 0 || (argc == 2 && base <= 0))
		return err_set(ev, TY_ValueError, "math domain error");
	if (argc == 2) {
		if (base == 1)
			return err_set(ev, TY_ZeroDivisionError, "float division by zero");
		return val_float(log(x) / log(base));
	}
	return val_float(log(x));
}

static struct value *to_int(struct eval *ev, double d)
{
	if (isnan(d))
		return err_set(ev, TY_ValueError, "cannot convert float NaN to integer");
	if (isinf(d))
		return err_set(ev, TY_OverflowError, "cannot convert float infinity to integer");
	if (fabs(d) >= 9.2233720368547758e18)
		return big_from_double(ev, d);
	return val_int((int64_t)d);
}

F(floor)
{
	double x;
	if (argc == 1 && (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL))
		return val_int(argv[0]->u.i);
	if (argc == 1 && (!kw || !kw->n)) {
		struct value *r = dunder(ev, argv[0], "__floor__", 0, NULL);
		if (r || err_occurred(ev))
			return r;
	}
	if (one_double(ev, "floor", argc, argv, kw, &x) < 0)
		return NULL;
	return to_int(ev, floor(x));
}

F(ceil)
{
	double x;
	if (argc == 1 && (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL))
		return val_int(argv[0]->u.i);
	if (argc == 1 && (!kw || !kw->n)) {
		struct value *r = dunder(ev, argv[0], "__ceil__", 0, NULL);
		if (r || err_occurred(ev))
			return r;
	}
	if (one_double(ev, "ceil", argc, argv, kw, &x) < 0)
		return NULL;
	return to_int(ev, ceil(x));
}

F(trunc)
{
	double x;
	if (argc == 1 && (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL))
		return val_int(argv[0]->u.i);
	if (argc == 1 && (!kw || !kw->n)) {
		struct value *r = dunder(ev, argv[0], "__trunc__", 0, NULL);
		if (r || err_occurred(ev))
			return r;
	}
	if (one_double(ev, "trunc", argc, argv, kw, &x) < 0)
		return NULL;
	return to_int(ev, trunc(x));
}

static int pred(struct eval *ev, const char *n, int argc, struct value **argv, const struct kwargs *kw, double *x)
{
	return one_double(ev, n, argc, argv, kw, x);
}

F(isnan) { double x; return pred(ev, "isnan", argc, argv, kw, &x) < 0 ? NULL : val_bool(isnan(x)); }
F(isinf) { double x; return pred(ev, "isinf", argc, argv, kw, &x) < 0 ? NULL : val_bool(isinf(x)); }
F(isfinite) { double x; return pred(ev, "isfinite", argc, argv, kw, &x) < 0 ? NULL : val_bool(isfinite(x)); }

static int two_doubles(struct eval *ev, const char *name, int argc, struct value **argv, double *a, double *b)
{
	if (argc != 2) {
		err_set(ev, TY_TypeError, "%s expected 2 arguments, got %d", name, argc);
		return -1;
	}
	if (val_as_double(ev, argv[0], a) < 0 || val_as_double(ev, argv[1], b) < 0)
		return -1;
	return 0;
}

F(atan2) { double a, b; return two_doubles(ev, "atan2", argc, argv, &a, &b) < 0 ? NULL : val_float(atan2(a, b)); }
F(copysign) { double a, b; return two_doubles(ev, "copysign", argc, argv, &a, &b) < 0 ? NULL : val_float(copysign(a, b)); }
F(fmod)
{
	double a, b;
	if (two_doubles(ev, "fmod", argc, argv, &a, &b) < 0)
		return NULL;
	if (b == 0 || isinf(a))
		return err_set(ev, TY_ValueError, "math domain error");
	return val_float(fmod(a, b));
}

F(pow)
{
	double a, b;
	if (two_doubles(ev, "pow", argc, argv, &a, &b) < 0)
		return NULL;
	if (a == 0 && b < 0)
		return err_set(ev, TY_ValueError, "math domain error");
	if (a < 0 && b != floor(b) && isfinite(b))
		return err_set(ev, TY_ValueError, "math domain error");
	double r = pow(a, b);
	if (isinf(r) && isfinite(a) && isfinite(b))
		return err_set(ev, TY_OverflowError, "math range error");
	return val_float(r);
}

F(hypot)
{
	double acc = 0;
	for (int i = 0; i < argc; i++) {
		double x;
		if (val_as_double(ev, argv[i], &x) < 0)
			return NULL;
		acc = hypot(acc, x);
	}
	return val_float(acc);
}

F(isclose)
{
	struct value *a = NULL, *b = NULL, *rt = NULL, *at = NULL;
	double x, y, rel, abst;
	if (args_parse(ev, "isclose", argc, argv, kw, "a,b$rel_tol,abs_tol", &a, &b, &rt, &at) < 0 ||
	    val_as_double(ev, a, &x) < 0 || val_as_double(ev, b, &y) < 0 ||
	    args_double(ev, rt, 1e-9, &rel) < 0 || args_double(ev, at, 0.0, &abst) < 0)
		return NULL;
	if (rel < 0 || abst < 0)
		return err_set(ev, TY_ValueError, "tolerances must be non-negative");
	if (x == y)
		return val_bool(1);
	if (isinf(x) || isinf(y))
		return val_bool(0);
	double d = fabs(x - y);
	return val_bool(d <= fabs(rel * y) || d <= fabs(rel * x) || d <= abst);
}

F(prod)
{
	struct value *it = NULL, *start = NULL;
	if (args_parse(ev, "prod", argc, argv, kw, "iterable$start", &it, &start) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, it);
	if (!items)
		return NULL;
	struct value *acc = start ? val_incref(start) : val_int(1);
	for (size_t i = 0; acc && i < items->u.seq.n; i++) {
		struct value *r = val_binop(ev, OP_MUL, acc, items->u.seq.items[i]);
		val_decref(acc);
		acc = r;
	}
	val_decref(items);
	return acc;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	if (a < 0) a = -a;
	if (b < 0) b = -b;
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

F(gcd)
{
	int64_t g = 0;
	for (int i = 0; i < argc; i++) {
		int64_t x;
		if (val_as_int64(ev, argv[i], &x) < 0)
			return NULL;
		g = gcd64(g, x);
	}
	return val_int(g);
}

F(lcm)
{
	int64_t l = 1;
	for (int i = 0; i < argc; i++) {
		int64_t x;
		if (val_as_int64(ev, argv[i], &x) < 0)
			return NULL;
		if (x == 0)
			return val_int(0);
		int64_t g = gcd64(l, x), r;
		if (__builtin_mul_overflow(l / g, x < 0 ? -x : x, &r))
			return err_set(ev, TY_OverflowError, "Python int too large for Lumen's 64-bit int");
		l = r;
	}
	return val_int(l);
}

F(factorial)
{
	int64_t n, r = 1;
	if (argc != 1 || val_as_int64(ev, argv[0], &n) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "factorial() takes exactly one argument (%d given)", argc);
		return NULL;
	}
	if (n < 0)
		return err_set(ev, TY_ValueError, "factorial() not defined for negative values");
	for (int64_t i = 2; i <= n; i++)
		if (__builtin_mul_overflow(r, i, &r))
			return big_factorial(ev, (uint64_t)n);
	return val_int(r);
}

F(comb)
{
	int64_t n, k;
	if (argc != 2 || val_as_int64(ev, argv[0], &n) < 0 || val_as_int64(ev, argv[1], &k) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "comb expected 2 arguments, got %d", argc);
		return NULL;
	}
	if (n < 0 || k < 0)
		return err_set(ev, TY_ValueError, "%s must be a non-negative integer", n < 0 ? "n" : "k");
	if (k > n)
		return val_int(0);
	if (k > n - k)
		k = n - k;
	__int128 r = 1;
	for (int64_t i = 1; i <= k; i++) {
		r = r * (n - k + i) / i;
		if (r > INT64_MAX)
			return err_set(ev, TY_OverflowError, "Python int too large for Lumen's 64-bit int");
	}
	return val_int((int64_t)r);
}

F(isqrt)
{
	int64_t n;
	if (argc != 1 || val_as_int64(ev, argv[0], &n) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "math.isqrt() takes exactly one argument (%d given)", argc);
		return NULL;
	}
	if (n < 0)
		return err_set(ev, TY_ValueError, "isqrt() argument must be nonnegative");
	int64_t r = (int64_t)sqrt((double)n);
	while (r > 0 && (__int128)r * r > n)
		r--;
	while ((__int128)(r + 1) * (r + 1) <= n)
		r++;
	return val_int(r);
}

F(perm)
{
	int64_t n, k;
	if (argc < 1 || argc > 2 || val_as_int64(ev, argv[0], &n) < 0 ||
	    (argc == 2 && argv[1]->type != VT_NONE && val_as_int64(ev, argv[1], &k) < 0)) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "perm expected at most 2 arguments, got %d", argc);
		return NULL;
	}
	if (argc == 1 || argv[1]->type == VT_NONE)
		k = n;
	if (n < 0 || k < 0)
		return err_set(ev, TY_ValueError, "%s must be a non-negative integer", n < 0 ? "n" : "k");
	if (k > n)
		return val_int(0);
	int64_t r = 1;
	for (int64_t i = n - k + 1; i <= n; i++)
		if (__builtin_mul_overflow(r, i, &r))
			return err_set(ev, TY_OverflowError, "Python int too large for Lumen's 64-bit int");
	return val_int(r);
}

/* math.fsum: Shewchuk's exact partials, as CPython's */
F(fsum)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "math.fsum() takes exactly one argument (%d given)", argc);
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	double *p = malloc(sizeof *p * (items->u.seq.n + 1)), special = 0, inf_sum = 0;
	size_t np = 0;
	if (!p) {
		val_decref(items);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < items->u.seq.n; i++) {
		double x;
		if (val_as_double(ev, items->u.seq.items[i], &x) < 0) {
			free(p);
			val_decref(items);
			return NULL;
		}
		if (!isfinite(x)) {
			if (isinf(x))
				inf_sum += x;
			special += x;
			continue;
		}
		size_t k = 0;
		for (size_t j = 0; j < np; j++) {
			double y = p[j];
			if (fabs(x) < fabs(y)) {
				double t = x;
				x = y;
				y = t;
			}
			double hi = x + y, lo = y - (hi - x);
			if (lo != 0.0)
				p[k++] = lo;
			x = hi;
		}
		np = k;
		p[np++] = x;
	}
	val_decref(items);
	if (special != 0.0) { /* true for NaN too */
		free(p);
		if (isnan(inf_sum))
			return err_set(ev, TY_ValueError, "-inf + inf in fsum");
		return val_float(special);
	}
	double hi = 0.0;
	if (np > 0) {
		size_t n = np;
		hi = p[--n];
		double lo = 0;
		while (n > 0) {
			double x = hi, y = p[--n];
			hi = x + y;
			double yr = hi - x;
			lo = y - yr;
			if (lo != 0.0)
				break;
		}
		if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
			double y = lo * 2.0, x = hi + y, yr = x - hi;
			if (y == yr)
				hi = x;
		}
	}
	free(p);
	return val_float(hi);
}

F(ldexp)
{
	double x;
	int64_t e;
	if (argc != 2 || val_as_double(ev, argv[0], &x) < 0 || val_as_int64(ev, argv[1], &e) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "ldexp expected 2 arguments, got %d", argc);
		return NULL;
	}
	double r = ldexp(x, e > 100000 ? 100000 : e < -100000 ? -100000 : (int)e);
	if (isinf(r) && isfinite(x))
		return err_set(ev, TY_OverflowError, "math range error");
	return val_float(r);
}

F(frexp)
{
	double x;
	int e = 0;
	if (one_double(ev, "frexp", argc, argv, kw, &x) < 0)
		return NULL;
	double m = isfinite(x) ? frexp(x, &e) : x;
	struct value *t[2] = { val_float(m), val_int(e) };
	return val_tuple_new(2, t);
}

F(modf)
{
	double x, ip;
	if (one_double(ev, "modf", argc, argv, kw, &x) < 0)
		return NULL;
	double fp = isinf(x) ? copysign(0.0, x) : modf(x, &ip);
	if (isinf(x))
		ip = x;
	struct value *t[2] = { val_float(fp), val_float(ip) };
	return val_tuple_new(2, t);
}

F(nextafter) { double a, b; return two_doubles(ev, "nextafter", argc, argv, &a, &b) < 0 ? NULL : val_float(nextafter(a, b)); }

F(ulp)
{
	double x;
	if (one_double(ev, "ulp", argc, argv, kw, &x) < 0)
		return NULL;
	if (isnan(x) || isinf(x))
		return val_float(fabs(x));
	x = fabs(x);
	double n = nextafter(x, INFINITY);
	if (isinf(n))
		return val_float(x - nextafter(x, -INFINITY));
	return val_float(n - x);
}

F(remainder)
{
	double a, b;
	if (two_doubles(ev, "remainder", argc, argv, &a, &b) < 0)
		return NULL;
	if (isinf(a) || (b == 0 && !isnan(a)))
		return err_set(ev, TY_ValueError, "math domain error");
	return val_float(remainder(a, b));
}

MATH1(cbrt, cbrt(x), 0)

F(dist)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "dist expected 2 arguments, got %d", argc);
	struct value *p = val_iter_list(ev, argv[0]), *q = p ? val_iter_list(ev, argv[1]) : NULL;
	double acc = 0;
	int rc = p && q ? 0 : -1;
	if (rc == 0 && p->u.seq.n != q->u.seq.n) {
		err_set(ev, TY_ValueError, "both points must have the same number of dimensions");
		rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < p->u.seq.n; i++) {
		double a, b;
		if (val_as_double(ev, p->u.seq.items[i], &a) < 0 || val_as_double(ev, q->u.seq.items[i], &b) < 0)
			rc = -1;
		else
			acc = hypot(acc, a - b);
	}
	val_decref(p);
	val_decref(q);
	return rc < 0 ? NULL : val_float(acc);
}

static const struct { const char *name; builtin_fn fn; } math_funcs[] = {
	{"sqrt", f_sqrt}, {"exp", f_exp}, {"exp2", f_exp2}, {"expm1", f_expm1}, {"log", f_log},
	{"log2", f_log2}, {"log10", f_log10}, {"log1p", f_log1p}, {"sin", f_sin}, {"cos", f_cos},
	{"tan", f_tan}, {"asin", f_asin}, {"acos", f_acos}, {"atan", f_atan}, {"atan2", f_atan2},
	{"sinh", f_sinh}, {"cosh", f_cosh}, {"tanh", f_tanh}, {"asinh", f_asinh}, {"acosh", f_acosh},
	{"atanh", f_atanh}, {"fabs", f_fabs}, {"degrees", f_degrees}, {"radians", f_radians},
	{"gamma", f_gamma}, {"lgamma", f_lgamma}, {"erf", f_erf}, {"erfc", f_erfc},
	{"floor", f_floor}, {"ceil", f_ceil}, {"trunc", f_trunc}, {"isnan", f_isnan},
	{"isinf", f_isinf}, {"isfinite", f_isfinite}, {"copysign", f_copysign}, {"fmod", f_fmod},
	{"pow", f_pow}, {"hypot", f_hypot}, {"isclose", f_isclose}, {"prod", f_prod},
	{"gcd", f_gcd}, {"lcm", f_lcm}, {"factorial", f_factorial}, {"comb", f_comb},
	{"isqrt", f_isqrt}, {"perm", f_perm}, {"fsum", f_fsum}, {"ldexp", f_ldexp}, {"frexp", f_frexp},
	{"modf", f_modf}, {"nextafter", f_nextafter}, {"ulp", f_ulp}, {"remainder", f_remainder},
	{"cbrt", f_cbrt}, {"dist", f_dist},
};

/* ---- time ---- */

static double now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

F(time) { return val_float(now(CLOCK_REALTIME)); }
F(perf_counter) { return val_float(now(CLOCK_MONOTONIC)); }
F(process_time) { return val_float(now(CLOCK_PROCESS_CPUTIME_ID)); }
F(time_ns)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return val_int((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}
F(perf_counter_ns)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return val_int((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

F(sleep)
{
	double s;
	if (argc != 1 || val_as_double(ev, argv[0], &s) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "time.sleep() takes exactly one argument (%d given)", argc);
		return NULL;
	}
	if (s < 0)
		return err_set(ev, TY_ValueError, "sleep length must be non-negative");
	double end = now(CLOCK_MONOTONIC) + s;
	for (;;) {
		if (ev_check_interrupt(ev))
			return NULL;
		double left = end - now(CLOCK_MONOTONIC);
		if (left <= 0)
			break;
		if (left > 0.02)
			left = 0.02;
		struct timespec ts = { (time_t)left, (long)((left - (double)(time_t)left) * 1e9) };
		nanosleep(&ts, NULL);
	}
	return val_none();
}

static const char *const tm_fields[] = {"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec",
	"tm_wday", "tm_yday", "tm_isdst"};
static const struct seqtype struct_time_type = { "time.struct_time", tm_fields };

static struct value *struct_time(const struct tm *t)
{
	struct value *it[9] = { val_int(t->tm_year + 1900), val_int(t->tm_mon + 1), val_int(t->tm_mday),
		val_int(t->tm_hour), val_int(t->tm_min), val_int(t->tm_sec), val_int((t->tm_wday + 6) % 7),
		val_int(t->tm_yday + 1), val_int(t->tm_isdst) };
	return val_named_tuple_new(&struct_time_type, 9, it);
}

/* a struct tm from a struct_time / 9-tuple, or from seconds (NULL/None: now) */
static int tm_of(struct eval *ev, struct value *v, int local, struct tm *out)
{
	if (v && (v->type == VT_TUPLE || v->type == VT_LIST)) {
		int64_t f[9];
		if (v->u.seq.n != 9) {
			err_set(ev, TY_TypeError, "time.struct_time() takes a sequence of length 9");
			return -1;
		}
		for (int i = 0; i < 9; i++)
			if (val_as_int64(ev, v->u.seq.items[i], &f[i]) < 0)
				return -1;
		memset(out, 0, sizeof *out);
		out->tm_year = (int)f[0] - 1900;
		out->tm_mon = (int)f[1] - 1;
		out->tm_mday = (int)f[2];
		out->tm_hour = (int)f[3];
		out->tm_min = (int)f[4];
		out->tm_sec = (int)f[5];
		out->tm_wday = (int)(f[6] + 1) % 7;
		out->tm_yday = (int)f[7] - 1;
		out->tm_isdst = (int)f[8];
		return 0;
	}
	double secs;
	if (!v || v->type == VT_NONE)
		secs = now(CLOCK_REALTIME);
	else if (val_as_double(ev, v, &secs) < 0)
		return -1;
	time_t t = (time_t)floor(secs);
	if (!(local ? localtime_r(&t, out) : gmtime_r(&t, out))) {
		err_set(ev, TY_OverflowError, "timestamp out of range for platform time_t");
		return -1;
	}
	return 0;
}

F(localtime)
{
	struct tm t;
	if (argc > 1)
		return err_set(ev, TY_TypeError, "localtime expected at most 1 argument, got %d", argc);
	return tm_of(ev, argc ? argv[0] : NULL, 1, &t) < 0 ? NULL : struct_time(&t);
}

F(gmtime)
{
	struct tm t;
	if (argc > 1)
		return err_set(ev, TY_TypeError, "gmtime expected at most 1 argument, got %d", argc);
	return tm_of(ev, argc ? argv[0] : NULL, 0, &t) < 0 ? NULL : struct_time(&t);
}

F(strftime)
{
	struct tm t;
	if (argc < 1 || argc > 2 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, argc < 1 || argc > 2 ? "strftime() takes 1 or 2 arguments"
			       : "strftime() argument 1 must be str, not %s", val_type_name(argv[0]));
	if (tm_of(ev, argc == 2 ? argv[1] : NULL, 1, &t) < 0)
		return NULL;
	size_t cap = 256 + 4 * argv[0]->u.str->len;
	char *buf = malloc(cap);
	if (!buf)
		return err_nomem(ev);
	size_t n = argv[0]->u.str->len ? strftime(buf, cap, argv[0]->u.str->s, &t) : 0;
	struct value *r = val_str(buf, n);
	free(buf);
	return r;
}

F(ctime)
{
	struct tm t;
	char buf[64];
	static const char *const wd[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
	static const char *const mo[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
	if (tm_of(ev, argc ? argv[0] : NULL, strcmp(bi->name, "asctime") != 0, &t) < 0)
		return NULL;
	snprintf(buf, sizeof buf, "%s %s %2d %02d:%02d:%02d %d", wd[t.tm_wday % 7], mo[t.tm_mon % 12], t.tm_mday,
		 t.tm_hour, t.tm_min, t.tm_sec, t.tm_year + 1900);
	return val_cstr(buf);
}

F(mktime)
{
	struct tm t;
	if (argc != 1 || (argv[0]->type != VT_TUPLE && argv[0]->type != VT_LIST))
		return err_set(ev, TY_TypeError, "Tuple or struct_time argument required");
	if (tm_of(ev, argv[0], 1, &t) < 0)
		return NULL;
	return val_float((double)mktime(&t));
}

static const struct { const char *name; builtin_fn fn; } time_funcs[] = {
	{"localtime", f_localtime}, {"gmtime", f_gmtime}, {"strftime", f_strftime}, {"ctime", f_ctime},
	{"asctime", f_ctime}, {"mktime", f_mktime},
	{"time", f_time}, {"perf_counter", f_perf_counter}, {"monotonic", f_perf_counter},
	{"process_time", f_process_time}, {"time_ns", f_time_ns}, {"perf_counter_ns", f_perf_counter_ns},
	{"monotonic_ns", f_perf_counter_ns}, {"sleep", f_sleep},
};

/* ---- sys ---- */

static const char *const stream_attrs[] = {"write", "flush", "isatty", NULL};

static struct value *stream_write(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "TextIOWrapper.write() takes exactly one argument (%d given)", argc);
	if (argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "write() argument must be str, not %s", val_type_name(argv[0]));
	int fd = pymod_stream_fd(bi->self);
	ev_write(ev, fd, argv[0]->u.str->s, argv[0]->u.str->len);
	return val_int((int64_t)utf8_len(argv[0]->u.str->s, argv[0]->u.str->len));
}

static struct value *stream_flush(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return val_none();
}

static struct value *stream_isatty(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return val_bool(0);
}

static struct value *stream_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (strcmp(name, "write") == 0)
		return val_builtin("write", stream_write, self, NULL);
	if (strcmp(name, "flush") == 0)
		return val_builtin("flush", stream_flush, self, NULL);
	if (strcmp(name, "isatty") == 0)
		return val_builtin("isatty", stream_isatty, self, NULL);
	return NULL;
}

static char *stream_repr(struct eval *ev, struct value *self)
{
	return strdup((intptr_t)self->u.obj.p == 2 ? "<_io.TextIOWrapper name='<stderr>' mode='w' encoding='utf-8'>"
		      : "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>");
}

static const struct objtype stream_type = {
	.name = "_io.TextIOWrapper", .getattr = stream_getattr, .repr = stream_repr, .attrs = stream_attrs,
};

int pymod_stream_fd(struct value *v)
{
	if (v && v->type == VT_OBJECT && v->u.obj.t == &stream_type)
		return (int)(intptr_t)v->u.obj.p;
	return -1;
}

F(getrecursionlimit) { return val_int(ev->maxdepth); }
F(setrecursionlimit)
{
	int64_t n;
	if (argc != 1 || val_as_int64(ev, argv[0], &n) < 0) {
		if (!err_occurred(ev))
			err_set(ev, TY_TypeError, "setrecursionlimit() takes exactly one argument (%d given)", argc);
		return NULL;
	}
	if (n < 1)
		return err_set(ev, TY_ValueError, "recursion limit must be greater or equal than 1");
	ev->maxdepth = n > 100000 ? 100000 : (int)n;
	return val_none();
}
/* sys.getsizeof: CPython 3.11's sizes (64-bit) where they follow from the
 * value alone; other types raise rather than guess */
F(getsizeof)
{
	struct value *o = NULL, *dflt = NULL;
	if (args_parse(ev, "getsizeof", argc, argv, kw, "object|default", &o, &dflt) < 0)
		return NULL;
	switch (o->type) {
	case VT_NONE: return val_int(16);
	case VT_BOOL: return val_int(28);
	case VT_INT: {
		uint64_t u = o->u.i < 0 ? -(uint64_t)o->u.i : (uint64_t)o->u.i;
		int digits = 0;
		for (; u; u >>= 30)
			digits++;
		return val_int(24 + 4 * (digits ? digits : 1)); /* 3.11 keeps one digit for 0 */
	}
	case VT_FLOAT: return val_int(24);
	case VT_COMPLEX: return val_int(32);
	case VT_BYTES: return val_int(33 + (int64_t)o->u.str->len);
	case VT_TUPLE: return val_int(40 + 8 * (int64_t)o->u.seq.n);
	case VT_STR: {
		int ascii = 1;
		for (size_t i = 0; i < o->u.str->len; i++)
			if ((unsigned char)o->u.str->s[i] >= 0x80)
				ascii = 0;
		if (ascii)
			return val_int(49 + (int64_t)o->u.str->len);
		break;
	}
	default:
		break;
	}
	if (dflt)
		return val_incref(dflt);
	return err_set(ev, TY_NotImplementedError, "sys.getsizeof of '%s' objects is not supported by Lumen",
		       val_type_name(o));
}

F(sys_exit)
{
	struct value *code = NULL;
	if (args_parse(ev, "exit", argc, argv, kw, "|status", &code) < 0)
		return NULL;
	struct value *exc = val_exception_new(TY_SystemExit, NULL);
	if (!exc)
		return err_nomem(ev);
	if (code && code->type != VT_NONE) {
		val_decref(exc->u.exc.args);
		struct value *c = val_incref(code);
		exc->u.exc.args = val_tuple_new(1, &c);
		free(exc->u.exc.msg);
		exc->u.exc.msg = val_str_of(ev, code);
	}
	err_set_value(ev, exc);
	return NULL;
}

static const char *const version_fields[] = {"major", "minor", "micro", "releaselevel", "serial"};
static const struct seqtype version_type = { "sys.version_info", version_fields };

static int sys_argc;
static char **sys_argv;

void pyobj_set_argv(int argc, char **argv)
{
	sys_argc = argc > 0 ? argc : 0;
	sys_argv = argv;
}
static const char *const float_info_fields[] = {"max", "max_exp", "max_10_exp", "min", "min_exp",
	"min_10_exp", "dig", "mant_dig", "epsilon", "radix", "rounds"};
static const struct seqtype float_info_type = { "sys.float_info", float_info_fields };

static struct value *float_info(void)
{
	struct value *it[11] = { val_float(DBL_MAX), val_int(DBL_MAX_EXP), val_int(DBL_MAX_10_EXP),
		val_float(DBL_MIN), val_int(DBL_MIN_EXP), val_int(DBL_MIN_10_EXP), val_int(DBL_DIG),
		val_int(DBL_MANT_DIG), val_float(DBL_EPSILON), val_int(FLT_RADIX), val_int(1) };
	return val_named_tuple_new(&float_info_type, 11, it);
}

static int add_funcs(struct value *m, const char *prefix, size_t n,
		     const char *const *names, const builtin_fn *fns)
{
	for (size_t i = 0; i < n; i++)
		if (module_add(m, names[i], val_builtin(names[i], fns[i], NULL, NULL)) < 0)
			return -1;
	return 0;
}

/* The registry of modules from the rooms above (process-wide: the same
 * builders serve every session; each import still builds a fresh value). */
enum { PYMOD_MAX = 64 };
static struct { const char *name; pymod_build_fn build; } registry[PYMOD_MAX];
static int nregistry;

int pymod_register(const char *fullname, pymod_build_fn build)
{
	for (int i = 0; i < nregistry; i++)
		if (strcmp(registry[i].name, fullname) == 0) {
			registry[i].build = build;
			return 0;
		}
	if (nregistry == PYMOD_MAX)
		return -1;
	registry[nregistry].name = fullname;
	registry[nregistry++].build = build;
	return 0;
}

struct value *pymod_import(struct eval *ev, const char *name)
{
	struct value *m = NULL;
	if (strcmp(name, "contextlib") == 0)
		return ctxlib_module(ev);
	for (int i = 0; i < nregistry; i++)
		if (strcmp(registry[i].name, name) == 0)
			return registry[i].build(ev, name);
	if (strcmp(name, "math") == 0) {
		m = val_module_new("math");
		if (!m)
			return err_nomem(ev);
		for (size_t i = 0; i < sizeof math_funcs / sizeof math_funcs[0]; i++)
			if (module_add(m, math_funcs[i].name, val_builtin(math_funcs[i].name, math_funcs[i].fn, NULL, NULL)) < 0)
				goto nomem;
		if (module_add(m, "pi", val_float(M_PI)) < 0 || module_add(m, "e", val_float(M_E)) < 0 ||
		    module_add(m, "tau", val_float(2 * M_PI)) < 0 || module_add(m, "inf", val_float(INFINITY)) < 0 ||
		    module_add(m, "nan", val_float(NAN)) < 0)
			goto nomem;
		return m;
	}
	if (strcmp(name, "time") == 0) {
		m = val_module_new("time");
		if (!m)
			return err_nomem(ev);
		for (size_t i = 0; i < sizeof time_funcs / sizeof time_funcs[0]; i++)
			if (module_add(m, time_funcs[i].name, val_builtin(time_funcs[i].name, time_funcs[i].fn, NULL, NULL)) < 0)
				goto nomem;
		return m;
	}
	if (strcmp(name, "sys") == 0) {
		m = val_module_new("sys");
		if (!m)
			return err_nomem(ev);
		struct value *vi[5] = { val_int(3), val_int(11), val_int(0), val_cstr("final"), val_int(0) };
		struct value *av = val_list_new(0, NULL);
		if (!av)
			return err_nomem(ev);
		for (int i = 0; i < (sys_argc ? sys_argc : 1); i++)
			if (list_append(av, val_cstr(sys_argc ? sys_argv[i] : "")) < 0) {
				val_decref(av);
				val_decref(m);
				return err_nomem(ev);
			}
		if (module_add(m, "version", val_cstr("3.11.0 (Lumen " PACKAGE_VERSION_STR ")")) < 0 ||
		    module_add(m, "version_info", val_named_tuple_new(&version_type, 5, vi)) < 0 ||
		    module_add(m, "float_info", float_info()) < 0 ||
		    module_add(m, "path", val_list_new(1, (struct value *[]){ val_cstr("") })) < 0 ||
		    module_add(m, "byteorder", val_cstr("little")) < 0 ||
		    module_add(m, "exit", val_builtin("exit", f_sys_exit, NULL, NULL)) < 0 ||
		    module_add(m, "platform", val_cstr("linux")) < 0 ||
		    module_add(m, "maxsize", val_int(INT64_MAX)) < 0 ||
		    module_add(m, "argv", av) < 0 ||
		    module_add(m, "stdout", val_object_new(&stream_type, (void *)(intptr_t)1)) < 0 ||
		    module_add(m, "stderr", val_object_new(&stream_type, (void *)(intptr_t)2)) < 0 ||
		    module_add(m, "getrecursionlimit", val_builtin("getrecursionlimit", f_getrecursionlimit, NULL, NULL)) < 0 ||
		    module_add(m, "setrecursionlimit", val_builtin("setrecursionlimit", f_setrecursionlimit, NULL, NULL)) < 0 ||
		    module_add(m, "getsizeof", val_builtin("getsizeof", f_getsizeof, NULL, NULL)) < 0)
			goto nomem;
		return m;
	}
	(void)add_funcs;
	/* IPython, IPython.display: the session's */
	return lang_hooks.import_display ? lang_hooks.import_display(ev, name) : NULL;
nomem:
	val_decref(m);
	return err_nomem(ev);
}
