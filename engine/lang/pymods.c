/*
 * pymods.c — the small Python modules a cell may import: math, time, sys
 * (sys.stdout / sys.stderr write to the cell's streams).  Each import builds
 * a fresh module value; the evaluator caches it per session.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/bigint.h"

#ifdef PACKAGE_VERSION
#define PACKAGE_VERSION_STR PACKAGE_VERSION
#else
#define PACKAGE_VERSION_STR "0.1.0"
#endif

#define F(name) static struct value *f_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

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
	if (one_double(ev, "floor", argc, argv, kw, &x) < 0)
		return NULL;
	return to_int(ev, floor(x));
}

F(ceil)
{
	double x;
	if (argc == 1 && (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL))
		return val_int(argv[0]->u.i);
	if (one_double(ev, "ceil", argc, argv, kw, &x) < 0)
		return NULL;
	return to_int(ev, ceil(x));
}

F(trunc)
{
	double x;
	if (argc == 1 && (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL))
		return val_int(argv[0]->u.i);
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

static const struct { const char *name; builtin_fn fn; } time_funcs[] = {
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
F(getsizeof)
{
	return val_int(sizeof(struct value));
}

static int add_funcs(struct value *m, const char *prefix, size_t n,
		     const char *const *names, const builtin_fn *fns)
{
	for (size_t i = 0; i < n; i++)
		if (module_add(m, names[i], val_builtin(names[i], fns[i], NULL, NULL)) < 0)
			return -1;
	return 0;
}

struct value *pymod_import(struct eval *ev, const char *name)
{
	struct value *m = NULL;
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
		struct value *argv0 = val_cstr("");
		if (module_add(m, "version", val_cstr("3.11.0 (Lumen " PACKAGE_VERSION_STR ")")) < 0 ||
		    module_add(m, "version_info", val_tuple_new(5, vi)) < 0 ||
		    module_add(m, "platform", val_cstr("linux")) < 0 ||
		    module_add(m, "maxsize", val_int(INT64_MAX)) < 0 ||
		    module_add(m, "argv", val_list_new(1, &argv0)) < 0 ||
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
