/*
 * special.c — scipy.special / cupyx.scipy.special (arr_special_funcs): erf,
 * erfc, gamma, gammaln, expit and logit are ufuncs of the generated table
 * (tools/gen/uloops.py takes their loop lists from SciPy, so dtypes follow
 * SciPy's), on the host and, through the same expressions, on the GPU;
 * softmax is SciPy's formula above the backend: exp(x - max) / sum.
 * Owns nothing.
 */
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/ufuncmeth.h"

/* Calls np.<name> of the reduce table (max, sum) on the namespace's backend. */
static struct value *reduce_call(struct eval *ev, const struct backend *be, const char *name,
				 struct value *x, struct value *axis)
{
	const char *names[2] = { "axis", "keepdims" };
	struct value *vals[2] = { axis, val_bool(1) };
	struct kwargs kw = { 2, names, vals };
	struct value *r = NULL;
	for (const struct arr_func *t = arr_reduce_funcs; t->name; t++)
		if (!strcmp(t->name, name)) {
			struct builtin b = { t->name, t->fn, NULL, NULL, (void *)be };
			r = t->fn(ev, &b, 1, &x, &kw);
			break;
		}
	val_decref(vals[1]);
	return r;
}

static struct value *ufunc2(struct eval *ev, const struct backend *be, const char *name,
			    struct value *a, struct value *b)
{
	struct value *in[2] = { a, b };
	return uf_apply(ev, be, uf_lookup(name), b ? 2 : 1, in, NULL);
}

/* softmax(x, axis=None): SciPy's exp(x - amax(x, keepdims)) / sum(..., keepdims) */
static struct value *fn_softmax(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *x, *axis = NULL, *xv, *mx = NULL, *sh = NULL, *e = NULL, *s = NULL, *r = NULL;
	struct value *none = val_none();
	if (args_parse(ev, "softmax", argc, argv, kw, "x|axis", &x, &axis) < 0) {
		val_decref(none);
		return NULL;
	}
	if (!axis)
		axis = none;
	struct ndarray *a = arr_asarray(ev, be, x, -1);
	xv = a ? arr_wrap(ev, a) : NULL;
	if (xv)
		mx = reduce_call(ev, be, "max", xv, axis);
	if (mx)
		sh = ufunc2(ev, be, "subtract", xv, mx);
	if (sh)
		e = ufunc2(ev, be, "exp", sh, NULL);
	if (e)
		s = reduce_call(ev, be, "sum", e, axis);
	if (s)
		r = ufunc2(ev, be, "divide", e, s);
	val_decref(xv);
	val_decref(mx);
	val_decref(sh);
	val_decref(e);
	val_decref(s);
	val_decref(none);
	return r;
}

#define SU(n, doc) {n, arr_ufunc_entry, n "(x, /, out=None, *, where=True, casting='same_kind', dtype=None)", doc}

const struct arr_func arr_special_funcs[] = {
	SU("erf", "Returns the error function of complex argument."),
	SU("erfc", "Complementary error function, 1 - erf(x)."),
	SU("gamma", "gamma function."),
	SU("gammaln", "Logarithm of the absolute value of the gamma function."),
	SU("expit", "Expit (a.k.a. logistic sigmoid) ufunc for ndarrays."),
	SU("logit", "Logit ufunc for ndarrays."),
	{"softmax", fn_softmax, "softmax(x, axis=None)", "Compute the softmax function."},
	{NULL, NULL, NULL, NULL},
};
