/*
 * polynomial.c — NumPy's power-series helpers: np.vander (the Vandermonde
 * matrix, decreasing powers by default), np.polyval (Horner's scheme
 * y = y * x + p[i], composed from the evaluator's arithmetic so dtypes and
 * rounding are NumPy's), np.polyfit (lstsq on the column-scaled
 * Vandermonde matrix, as NumPy solves it).  Publishes arr_polynomial_funcs.
 *
 * Owns no state; written once for np and cp.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/nscall.h"
#include "lib/poly/poly.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/fpe.h"

/* vander(x, N=None, increasing=False) */
static struct value *pf_vander(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *xv, *nv = NULL, *incv = NULL;
	int inc;
	int64_t n;
	if (args_parse(ev, "vander", argc, argv, kw, "x|N,increasing", &xv, &nv, &incv) < 0 ||
	    args_bool(ev, incv, 0, &inc) < 0)
		return NULL;
	struct ndarray *x = arr_asarray(ev, arr_be(bi), xv, -1), *h, *v, *d;
	if (!x)
		return NULL;
	if (x->ndim != 1) {
		nd_decref(x);
		return err_set(ev, TY_ValueError, "x must be a one-dimensional array or sequence.");
	}
	if (args_int(ev, nv, x->shape[0], &n) < 0) {
		nd_decref(x);
		return NULL;
	}
	if (n < 0) {
		nd_decref(x);
		return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
	}
	/* promote_types(x.dtype, int) */
	int dt = dt_is_complex(x->dtype) ? DT_COMPLEX128
		 : dt_is_float(x->dtype) || x->dtype == DT_UINT64 ? DT_FLOAT64 : DT_INT64;
	/* the powers by x's backend (struct backend's vander) */
	h = arr_astype(ev, x, dt);
	nd_decref(x);
	x = h ? arr_contiguous(ev, h) : NULL;
	nd_decref(h);
	if (!x)
		return NULL;
	int64_t m = x->shape[0], shape[2] = {m, n};
	if (!(v = nd_new(ev, nd_backend(x), dt, 2, shape))) {
		nd_decref(x);
		return NULL;
	}
	if (m && n && nd_backend(x)->vander(ev, x, inc, v) < 0) {
		nd_decref(x);
		nd_decref(v);
		return NULL;
	}
	nd_decref(x);
	if (nd_backend(v) == arr_be(bi))
		return arr_wrap(ev, v);
	d = arr_to_backend(ev, v, arr_be(bi));
	nd_decref(v);
	return d ? arr_wrap(ev, d) : NULL;
}

/* polyval(p, x): y = zeros_like(x); y = y * x + pv for pv in p */
static struct value *pf_polyval(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *pv, *xv, *p, *x, *y;
	if (args_parse(ev, "polyval", argc, argv, kw, "p,x", &pv, &xv) < 0)
		return NULL;
	struct ndarray *pa = arr_asarray(ev, be, pv, -1), *xa;
	if (!pa || !(p = arr_wrap(ev, pa)))
		return NULL;
	if (poly_is(xv)) { /* a poly1d x: y = 0, then poly1d arithmetic */
		x = val_incref(xv);
	} else if (!(xa = arr_asarray(ev, be, xv, -1)) || !(x = arr_wrap(ev, xa))) {
		val_decref(p);
		return NULL;
	}
	if (pa->ndim == 0) {
		val_decref(p);
		val_decref(x);
		return err_set(ev, TY_TypeError, "iteration over a 0-d array");
	}
	y = poly_is(x) ? val_int(0) : ex_fn1(ev, be, "zeros_like", val_incref(x));
	for (int64_t i = 0; y && i < pa->shape[0]; i++)
		y = ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, y, val_incref(x)), ex_item(ev, val_incref(p), val_int(i)));
	val_decref(p);
	val_decref(x);
	return y;
}

/* l op= r, both stolen; NULL in -> NULL out */
static struct value *ex_inplace(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct value *x = l && r ? val_inplace(ev, op, l, r) : NULL;
	if (l)
		val_decref(l);
	if (r)
		val_decref(r);
	return x;
}

/* polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False): NumPy's
 * least squares on the weighted, column-scaled Vandermonde matrix; cov=True
 * scales inv(A^T A) by resids / (len(x) - order), cov='unscaled' does not */
static struct value *pf_polyfit(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *xv, *yv, *dv, *rcv = NULL, *fullv = NULL, *wv = NULL, *cv = NULL;
	struct value *x = NULL, *y = NULL, *lhs = NULL, *scale = NULL, *rcond = NULL, *sol = NULL, *r = NULL;
	int64_t deg;
	int full, want_cov = 0, unscaled = 0;
	if (args_parse(ev, "polyfit", argc, argv, kw, "x,y,deg|rcond,full,w,cov", &xv, &yv, &dv, &rcv, &fullv, &wv, &cv) < 0 ||
	    val_as_int64(ev, dv, &deg) < 0 || args_bool(ev, fullv, 0, &full) < 0)
		return NULL;
	if (cv) { /* `elif cov:` then `cov == "unscaled"` */
		const char *cs = val_as_cstr(cv);
		unscaled = cs && !strcmp(cs, "unscaled");
		if ((want_cov = val_truth(ev, cv)) < 0)
			return NULL;
	}
	/* x = asarray(x) + 0.0 */
	struct ndarray *xa = arr_asarray(ev, be, xv, -1), *ya;
	x = ex_bin(ev, OP_ADD, xa ? arr_wrap(ev, xa) : NULL, val_float(0.0));
	ya = x ? arr_asarray(ev, be, yv, -1) : NULL;
	y = ex_bin(ev, OP_ADD, ya ? arr_wrap(ev, ya) : NULL, val_float(0.0));
	if (!x || !y)
		goto out;
	xa = arr_borrow(x);
	ya = arr_borrow(y);
	if (deg < 0) {
		err_set(ev, TY_ValueError, "expected deg >= 0");
		goto out;
	}
	if (!xa || xa->ndim != 1) {
		err_set(ev, TY_TypeError, "expected 1D vector for x");
		goto out;
	}
	if (xa->shape[0] == 0) {
		err_set(ev, TY_TypeError, "expected non-empty vector for x");
		goto out;
	}
	if (!ya || ya->ndim < 1 || ya->ndim > 2) {
		err_set(ev, TY_TypeError, "expected 1D or 2D array for y");
		goto out;
	}
	if (xa->shape[0] != ya->shape[0]) {
		err_set(ev, TY_TypeError, "expected x and y to have same length");
		goto out;
	}
	/* rcond = len(x) * finfo(x.dtype).eps */
	if (rcv && rcv->type != VT_NONE) {
		rcond = val_incref(rcv);
	} else {
		int edt = xa->dtype == DT_FLOAT32 || xa->dtype == DT_COMPLEX64 ? DT_FLOAT32
			  : xa->dtype == DT_FLOAT16 ? DT_FLOAT16 : DT_FLOAT64;
		double eps = ldexp(1.0, edt == DT_FLOAT32 ? -23 : edt == DT_FLOAT16 ? -10 : -52);
		rcond = val_scalar(edt, (union scalar_data){.f = (double)xa->shape[0] * eps});
	}
	{
		struct value *args[2] = {x, NULL};
		args[1] = val_int(deg + 1);
		lhs = arr_ns_call(ev, be, "vander", 2, args, NULL);
		val_decref(args[1]);
	}
	if (!lhs)
		goto out;
	if (wv && wv->type != VT_NONE) {
		/* w = asarray(w) + 0.0; lhs *= w[:, newaxis]; rhs *= w (or w[:, newaxis]) */
		struct ndarray *wa = arr_asarray(ev, be, wv, -1);
		struct value *w = ex_bin(ev, OP_ADD, wa ? arr_wrap(ev, wa) : NULL, val_float(0.0)), *wc;
		if (!w)
			goto out;
		wa = arr_borrow(w);
		if (!wa || wa->ndim != 1) {
			val_decref(w);
			err_set(ev, TY_TypeError, "expected a 1-d array for weights");
			goto out;
		}
		if (wa->shape[0] != ya->shape[0]) {
			val_decref(w);
			err_set(ev, TY_TypeError, "expected w and y to have the same length");
			goto out;
		}
		wc = ex_item(ev, val_incref(w),
			     val_tuple_new(2, (struct value *[]){val_slice_new(val_none(), val_none(), val_none()), val_none()}));
		lhs = ex_inplace(ev, OP_MUL, lhs, wc ? val_incref(wc) : NULL);
		y = lhs ? ex_inplace(ev, OP_MUL, y, ya->ndim == 2 ? (wc ? val_incref(wc) : NULL) : val_incref(w)) : y;
		if (wc)
			val_decref(wc);
		val_decref(w);
		if (!lhs || !y)
			goto out;
		ya = arr_borrow(y);
	}
	/* scale = sqrt((lhs * lhs).sum(axis=0)); lhs /= scale */
	{
		struct value *sq = ex_bin(ev, OP_MUL, val_incref(lhs), val_incref(lhs)), *zero = val_int(0);
		struct value *sum = sq ? arr_ns_callk(ev, be, "sum", 1, &sq, "axis", zero) : NULL;
		if (sq)
			val_decref(sq);
		val_decref(zero);
		scale = ex_fn1(ev, be, "sqrt", sum);
	}
	lhs = ex_bin(ev, OP_TRUEDIV, lhs, scale ? val_incref(scale) : NULL);
	if (!lhs || !scale)
		goto out;
	{
		struct value *args[3] = {lhs, y, rcond};
		sol = arr_ns_call(ev, be, "linalg.lstsq", 3, args, NULL);
	}
	if (!sol)
		goto out;
	/* c = (c.T / scale).T */
	struct value *c0 = ex_item(ev, val_incref(sol), val_int(0)), *c;
	c = ex_bin(ev, OP_TRUEDIV, c0 ? val_getattr(ev, c0, "T") : NULL, val_incref(scale));
	if (c0)
		val_decref(c0);
	if (c) {
		struct value *t = val_getattr(ev, c, "T");
		val_decref(c);
		c = t;
	}
	if (!c)
		goto out;
	{
		/* rank != order and not full: RankWarning */
		struct value *rk = ex_item(ev, val_incref(sol), val_int(2));
		int64_t rank = 0;
		int rc = rk ? val_as_int64(ev, rk, &rank) : -1;
		if (rk)
			val_decref(rk);
		if (rc < 0) {
			val_decref(c);
			goto out;
		}
		if (rank != deg + 1 && !full)
			ev_warn(ev, "RankWarning", "Polyfit may be poorly conditioned");
	}
	if (!full && want_cov) {
		/* Vbase = inv(dot(lhs.T, lhs)) / outer(scale, scale); times fac =
		 * 1 (unscaled) or resids / (len(x) - order) */
		struct value *lt = val_getattr(ev, lhs, "T"), *fac, *vb;
		vb = ex_fn1(ev, be, "linalg.inv", lt ? ex_fn2(ev, be, "dot", lt, val_incref(lhs)) : NULL);
		vb = ex_bin(ev, OP_TRUEDIV, vb, ex_fn2(ev, be, "outer", val_incref(scale), val_incref(scale)));
		if (!vb) {
			val_decref(c);
			goto out;
		}
		if (unscaled) {
			fac = val_int(1);
		} else if (xa->shape[0] <= deg + 1) {
			val_decref(vb);
			val_decref(c);
			err_set(ev, TY_ValueError, "the number of data points must exceed order "
				"to scale the covariance matrix");
			goto out;
		} else {
			fac = ex_bin(ev, OP_TRUEDIV, ex_item(ev, val_incref(sol), val_int(1)),
				     val_int(xa->shape[0] - deg - 1));
		}
		if (ya->ndim != 1)
			vb = ex_item(ev, vb, val_tuple_new(3, (struct value *[]){
				val_slice_new(val_none(), val_none(), val_none()),
				val_slice_new(val_none(), val_none(), val_none()), val_none()}));
		vb = ex_bin(ev, OP_MUL, vb, fac);
		if (!vb) {
			val_decref(c);
			goto out;
		}
		r = val_tuple_new(2, (struct value *[]){c, vb});
		goto out;
	}
	if (!full) {
		r = c;
		goto out;
	}
	struct value *items[5] = {c, ex_item(ev, val_incref(sol), val_int(1)), ex_item(ev, val_incref(sol), val_int(2)),
				  ex_item(ev, val_incref(sol), val_int(3)), val_incref(rcond)};
	if (!items[1] || !items[2] || !items[3]) {
		for (int i = 0; i < 5; i++)
			if (items[i])
				val_decref(items[i]);
		goto out;
	}
	r = val_tuple_new(5, items);
out:
	for (struct value **p = (struct value *[]){x, y, lhs, scale, rcond, sol}, **q = p + 6; p < q; p++)
		if (*p)
			val_decref(*p);
	return r;
}

const struct arr_func arr_polynomial_funcs[] = {
	{"vander", pf_vander, "vander(x, N=None, increasing=False)", "Generate a Vandermonde matrix."},
	{"polyval", pf_polyval, "polyval(p, x)", "Evaluate a polynomial at specific values."},
	{"polyfit", pf_polyfit, "polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False)",
	 "Least squares polynomial fit."},
	{NULL, NULL, NULL, NULL}
};
