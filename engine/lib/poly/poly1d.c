/*
 * poly1d.c — NumPy's one-dimensional polynomial class np.poly1d (operators,
 * call, indexing by power, its two-line str with the powers raised) and the
 * helpers that take or return it: poly, roots, polyadd, polysub, polymul,
 * polydiv, polyder, polyint.  Each is NumPy's Python composed from np.<name>
 * calls and the evaluator's arithmetic, so dtypes and rounding are NumPy's.
 *
 * Owns the poly1d objects (coefficient array + variable name); no state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lib/poly/poly.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/strbuf.h"

struct poly1d {
	struct value *coeffs;        /* a 1-d array, never empty */
	char *var;                   /* "x" */
	const struct backend *be;    /* the namespace it was made in */
};

static const struct objtype poly1d_type;
#define P(v) ((struct poly1d *)(v)->u.obj.p)

int poly_is(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &poly1d_type;
}

struct value *poly_coeffs(struct value *v)
{
	return val_incref(P(v)->coeffs);
}

static void poly_free(void *p)
{
	struct poly1d *q = p;
	val_decref(q->coeffs);
	free(q->var);
	free(q);
}

/* isscalar(v): Python and NumPy scalars (and str/bytes) */
static int is_scalar(struct value *v)
{
	switch (v->type) {
	case VT_BOOL: case VT_INT: case VT_FLOAT: case VT_COMPLEX: case VT_BIGINT:
	case VT_STR: case VT_BYTES: case VT_SCALAR:
		return 1;
	default:
		return 0;
	}
}

static int64_t arr_len0(struct value *a)
{
	struct ndarray *x = arr_borrow(a);
	return x && x->ndim ? x->shape[0] : 1;
}

/* a poly1d holding coeffs (stolen, already an array) and var (copied) */
static struct value *poly_wrap(struct eval *ev, const struct backend *be, struct value *coeffs, const char *var)
{
	struct poly1d *q;
	if (!coeffs)
		return NULL;
	if (!(q = calloc(1, sizeof *q)) || !(q->var = strdup(var ? var : "x"))) {
		free(q);
		val_decref(coeffs);
		return err_nomem(ev);
	}
	q->coeffs = coeffs;
	q->be = be;
	return val_object_new(&poly1d_type, q);
}

/* poly1d(c_or_r, r=False, variable=None); c stolen */
static struct value *poly_make(struct eval *ev, const struct backend *be, struct value *c, int r, const char *var)
{
	struct value *a;
	if (!c)
		return NULL;
	if (poly_is(c)) {
		struct value *x = poly_wrap(ev, P(c)->be, val_incref(P(c)->coeffs), var ? var : P(c)->var);
		val_decref(c);
		return x;
	}
	if (r)
		c = ex_fn1(ev, be, "poly", c);
	a = ex_fn1(ev, be, "atleast_1d", c);
	if (!a)
		return NULL;
	if (!arr_borrow(a) || arr_borrow(a)->ndim > 1) {
		val_decref(a);
		return err_set(ev, TY_ValueError, "Polynomial must be 1d only.");
	}
	{
		struct value *f = val_cstr("f"), *t;
		t = f ? arr_ns_callk(ev, be, "trim_zeros", 1, &a, "trim", f) : NULL;
		val_decref(f);
		val_decref(a);
		if (!(a = t))
			return NULL;
	}
	if (arr_len0(a) == 0) {
		struct value *dt = val_dtype(arr_borrow(a)->dtype, 0), *one = val_int(1), *z;
		z = dt && one ? arr_ns_callk(ev, be, "zeros", 1, &one, "dtype", dt) : NULL;
		val_decref(dt);
		val_decref(one);
		val_decref(a);
		if (!(a = z))
			return NULL;
	}
	return poly_wrap(ev, be, a, var ? var : "x");
}

/* np.asarray(v): a poly1d gives its coefficients */
static struct value *as_arr(struct eval *ev, const struct backend *be, struct value *v)
{
	if (!v)
		return NULL;
	if (poly_is(v)) {
		struct value *c = val_incref(P(v)->coeffs);
		val_decref(v);
		return c;
	}
	return ex_fn1(ev, be, "asarray", v);
}

static struct value *atleast1(struct eval *ev, const struct backend *be, struct value *v)
{
	return ex_fn1(ev, be, "atleast_1d", as_arr(ev, be, v));
}

/* zeros(n, dtype of a) */
static struct value *zeros_like_n(struct eval *ev, const struct backend *be, int64_t n, struct value *a)
{
	struct value *dt = val_dtype(arr_borrow(a)->dtype, 0), *nv = val_int(n), *z;
	z = dt && nv ? arr_ns_callk(ev, be, "zeros", 1, &nv, "dtype", dt) : NULL;
	val_decref(dt);
	val_decref(nv);
	return z;
}

/* polyadd / polysub of the arrays (or poly1d) a1, a2 (stolen) */
static struct value *poly_addsub(struct eval *ev, const struct backend *be, enum binop op, struct value *a1,
				 struct value *a2)
{
	int truepoly = (a1 && poly_is(a1)) || (a2 && poly_is(a2));
	struct value *x = atleast1(ev, be, a1), *y = x ? atleast1(ev, be, a2) : (val_decref(a2), NULL), *val;
	if (!x || !y) {
		val_decref(x);
		return NULL;
	}
	int64_t diff = arr_len0(y) - arr_len0(x);
	if (diff > 0) {
		struct value *t[2] = {zeros_like_n(ev, be, diff, x), x}, *tp;
		tp = t[0] ? val_tuple_new(2, t) : (val_decref(x), NULL);
		x = ex_fn1(ev, be, "concatenate", tp);
	} else if (diff < 0) {
		struct value *t[2] = {zeros_like_n(ev, be, -diff, y), y}, *tp;
		tp = t[0] ? val_tuple_new(2, t) : (val_decref(y), NULL);
		y = ex_fn1(ev, be, "concatenate", tp);
	}
	val = ex_bin(ev, op, x, y);
	return truepoly ? poly_make(ev, be, val, 0, NULL) : val;
}

/* polymul(a1, a2), both stolen */
static struct value *poly_mul(struct eval *ev, const struct backend *be, struct value *a1, struct value *a2)
{
	int truepoly = (a1 && poly_is(a1)) || (a2 && poly_is(a2));
	struct value *p1 = poly_make(ev, be, a1, 0, NULL), *p2 = p1 ? poly_make(ev, be, a2, 0, NULL) : (val_decref(a2), NULL);
	struct value *val = NULL;
	if (p1 && p2)
		val = ex_fn2(ev, be, "convolve", val_incref(P(p1)->coeffs), val_incref(P(p2)->coeffs));
	val_decref(p1);
	val_decref(p2);
	return truepoly ? poly_make(ev, be, val, 0, NULL) : val;
}

/* allclose(x, 0, rtol=1e-14) */
static int near_zero(struct eval *ev, const struct backend *be, struct value *x)
{
	struct value *args[2] = {x, val_int(0)}, *rt = val_float(1e-14), *r;
	r = args[1] && rt ? arr_ns_callk(ev, be, "allclose", 2, args, "rtol", rt) : NULL;
	val_decref(args[1]);
	val_decref(rt);
	if (!r)
		return -1;
	int t = val_truth(ev, r);
	val_decref(r);
	return t;
}

/* polydiv(u, v), both stolen: (q, r) */
static struct value *poly_div(struct eval *ev, const struct backend *be, struct value *u, struct value *v)
{
	int truepoly = (u && poly_is(u)) || (v && poly_is(v));
	struct value *w = NULL, *scale = NULL, *q = NULL, *r = NULL, *out = NULL;
	u = ex_bin(ev, OP_ADD, atleast1(ev, be, u), val_float(0.0));
	v = u ? ex_bin(ev, OP_ADD, atleast1(ev, be, v), val_float(0.0)) : (val_decref(v), NULL);
	if (!u || !v)
		goto out;
	w = ex_bin(ev, OP_ADD, ex_item(ev, val_incref(u), val_int(0)), ex_item(ev, val_incref(v), val_int(0)));
	int64_t m = arr_len0(u) - 1, n = arr_len0(v) - 1;
	scale = ex_bin(ev, OP_TRUEDIV, val_float(1.0), ex_item(ev, val_incref(v), val_int(0)));
	if (!w || !scale)
		goto out;
	int wdt = w->type == VT_SCALAR ? w->u.sc.dtype : arr_borrow(w) ? arr_borrow(w)->dtype : DT_FLOAT64;
	{
		struct value *len = val_tuple_new(1, (struct value *[]){val_int(m - n + 1 > 1 ? m - n + 1 : 1)});
		struct value *dt = val_dtype(wdt, 0);
		q = len && dt ? arr_ns_callk(ev, be, "zeros", 1, &len, "dtype", dt) : NULL;
		val_decref(len);
		r = q && dt ? arr_method_call(ev, u, "astype", 1, &dt, NULL) : NULL;
		val_decref(dt);
	}
	if (!q || !r)
		goto out;
	for (int64_t k = 0; k < m - n + 1; k++) {
		/* d = scale * r[k]; q[k] = d; r[k:k+n+1] -= d * v */
		struct value *d = ex_bin(ev, OP_MUL, val_incref(scale), ex_item(ev, val_incref(r), val_int(k)));
		struct value *ki = val_int(k), *key = ex_slice(k, k + n + 1), *nv = NULL;
		int rc = d && ki && key && val_setitem(ev, q, ki, d) == 0 ? 0 : -1;
		if (rc == 0) {
			nv = ex_bin(ev, OP_SUB, ex_item(ev, val_incref(r), val_incref(key)),
				    ex_bin(ev, OP_MUL, val_incref(d), val_incref(v)));
			rc = nv ? val_setitem(ev, r, key, nv) : -1;
		}
		val_decref(d);
		val_decref(ki);
		val_decref(key);
		val_decref(nv);
		if (rc < 0)
			goto out;
	}
	/* while allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1: r = r[1:] */
	for (;;) {
		struct value *r0 = ex_item(ev, val_incref(r), val_int(0));
		int z = r0 ? near_zero(ev, be, r0) : -1;
		val_decref(r0);
		if (z < 0)
			goto out;
		if (!z || arr_len0(r) <= 1)
			break;
		if (!(r = ex_item(ev, r, ex_slice(1, NS_NONE))))
			goto out;
	}
	if (truepoly) {
		struct value *pq = poly_make(ev, be, q, 0, NULL), *pr = poly_make(ev, be, r, 0, NULL);
		q = r = NULL;
		if (pq && pr)
			out = val_tuple_new(2, (struct value *[]){pq, pr});
		else {
			val_decref(pq);
			val_decref(pr);
		}
	} else {
		out = val_tuple_new(2, (struct value *[]){q, r});
		q = r = NULL;
	}
	if (!out && !err_occurred(ev))
		err_nomem(ev);
out:
	val_decref(u);
	val_decref(v);
	val_decref(w);
	val_decref(scale);
	val_decref(q);
	val_decref(r);
	return out;
}

/* m = int(m) of an order argument (None: def) */
static int order_arg(struct eval *ev, struct value *v, int64_t def, int64_t *out)
{
	double d;
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	if (v->type == VT_FLOAT || (v->type == VT_SCALAR && dt_is_float(v->u.sc.dtype))) {
		if (val_as_double(ev, v, &d) < 0)
			return -1;
		*out = (int64_t)d;
		return 0;
	}
	return val_as_int64(ev, v, out);
}

/* polyder(p, m=1) */
static struct value *pf_polyder(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *pv, *mv = NULL, *p;
	int64_t m;
	if (args_parse(ev, "polyder", argc, argv, kw, "p|m", &pv, &mv) < 0 || order_arg(ev, mv, 1, &m) < 0)
		return NULL;
	if (m < 0)
		return err_set(ev, TY_ValueError, "Order of derivative must be positive (see polyint)");
	p = as_arr(ev, be, val_incref(pv));
	for (int64_t i = 0; p && i < m; i++) {
		/* y = p[:-1] * arange(n, 0, -1) */
		int64_t n = arr_len0(p) - 1;
		struct value *args[3] = {val_int(n), val_int(0), val_int(-1)};
		struct value *ar = args[0] && args[1] && args[2] ? arr_ns_call(ev, be, "arange", 3, args, NULL) : NULL;
		for (int k = 0; k < 3; k++)
			val_decref(args[k]);
		p = ex_bin(ev, OP_MUL, ex_item(ev, p, ex_slice(NS_NONE, -1)), ar);
	}
	return poly_is(pv) ? poly_make(ev, be, p, 0, NULL) : p;
}

/* polyint(p, m=1, k=None) */
static struct value *pf_polyint(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *pv, *mv = NULL, *kv = NULL, *k, *p;
	int64_t m;
	if (args_parse(ev, "polyint", argc, argv, kw, "p|m,k", &pv, &mv, &kv) < 0 || order_arg(ev, mv, 1, &m) < 0)
		return NULL;
	if (m < 0)
		return err_set(ev, TY_ValueError, "Order of integral must be positive (see polyder)");
	if (!kv || kv->type == VT_NONE) {
		struct value *n = val_int(m), *dt = val_dtype(DT_FLOAT64, 0);
		k = n && dt ? arr_ns_callk(ev, be, "zeros", 1, &n, "dtype", dt) : NULL;
		val_decref(n);
		val_decref(dt);
	} else {
		k = val_incref(kv);
	}
	if (!(k = atleast1(ev, be, k)))
		return NULL;
	if (arr_len0(k) == 1 && m > 1) {
		/* k = k[0] * ones(m, float) */
		struct value *n = val_int(m), *dt = val_dtype(DT_FLOAT64, 0);
		struct value *ones = n && dt ? arr_ns_callk(ev, be, "ones", 1, &n, "dtype", dt) : NULL;
		val_decref(n);
		val_decref(dt);
		k = ex_bin(ev, OP_MUL, ex_item(ev, k, val_int(0)), ones);
		if (!k)
			return NULL;
	}
	if (arr_len0(k) < m) {
		val_decref(k);
		return err_set(ev, TY_ValueError, "k must be a scalar or a rank-1 array of length 1 or >m.");
	}
	p = as_arr(ev, be, val_incref(pv));
	for (int64_t i = 0; p && i < m; i++) {
		/* p = concatenate((p / arange(len(p), 0, -1), [k[i]])) */
		struct value *args[3] = {val_int(arr_len0(p)), val_int(0), val_int(-1)};
		struct value *ar = args[0] && args[1] && args[2] ? arr_ns_call(ev, be, "arange", 3, args, NULL) : NULL;
		for (int j = 0; j < 3; j++)
			val_decref(args[j]);
		struct value *y = ex_bin(ev, OP_TRUEDIV, p, ar);
		struct value *ki = ex_item(ev, val_incref(k), ex_slice(i, i + 1));
		if (!y || !ki) {
			val_decref(y);
			val_decref(ki);
			p = NULL;
			break;
		}
		p = ex_fn1(ev, be, "concatenate", val_tuple_new(2, (struct value *[]){y, ki}));
	}
	val_decref(k);
	return poly_is(pv) ? poly_make(ev, be, p, 0, NULL) : p;
}

/* polyadd(a1, a2) / polysub / polymul / polydiv */
static struct value *pf_polyadd(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *a, *b;
	if (args_parse(ev, "polyadd", argc, argv, kw, "a1,a2", &a, &b) < 0)
		return NULL;
	return poly_addsub(ev, arr_be(bi), OP_ADD, val_incref(a), val_incref(b));
}

static struct value *pf_polysub(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *a, *b;
	if (args_parse(ev, "polysub", argc, argv, kw, "a1,a2", &a, &b) < 0)
		return NULL;
	return poly_addsub(ev, arr_be(bi), OP_SUB, val_incref(a), val_incref(b));
}

static struct value *pf_polymul(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *a, *b;
	if (args_parse(ev, "polymul", argc, argv, kw, "a1,a2", &a, &b) < 0)
		return NULL;
	return poly_mul(ev, arr_be(bi), val_incref(a), val_incref(b));
}

static struct value *pf_polydiv(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *a, *b;
	if (args_parse(ev, "polydiv", argc, argv, kw, "u,v", &a, &b) < 0)
		return NULL;
	return poly_div(ev, arr_be(bi), val_incref(a), val_incref(b));
}

/* poly(seq_of_zeros): the coefficients of the polynomial with those roots */
static struct value *pf_poly(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *zv, *z, *a = NULL;
	struct ndarray *za;
	if (args_parse(ev, "poly", argc, argv, kw, "seq_of_zeros", &zv) < 0)
		return NULL;
	if (!(z = atleast1(ev, be, val_incref(zv))))
		return NULL;
	za = arr_borrow(z);
	if (za->ndim == 2 && za->shape[0] == za->shape[1] && za->shape[0] != 0) {
		if (!(z = ex_fn1(ev, be, "linalg.eigvals", z)))
			return NULL;
	} else if (za->ndim == 1) {
		/* astype(mintypecode(dt.char)): f, F, D stay, the rest go to d */
		int dt = za->dtype == DT_FLOAT32 || za->dtype == DT_COMPLEX64 || za->dtype == DT_COMPLEX128
			 ? za->dtype : DT_FLOAT64;
		struct value *d = val_dtype(dt, 0);
		struct value *t = d ? arr_method_call(ev, z, "astype", 1, &d, NULL) : NULL;
		val_decref(d);
		val_decref(z);
		if (!(z = t))
			return NULL;
	} else {
		val_decref(z);
		return err_set(ev, TY_ValueError, "input must be 1d or non-empty square 2d array.");
	}
	za = arr_borrow(z);
	int64_t n = arr_len0(z);
	if (n == 0) {
		val_decref(z);
		return val_float(1.0);
	}
	int dt = za->dtype;
	struct value *dtv = val_dtype(dt, 0);
	{
		struct value *one = val_tuple_new(1, (struct value *[]){val_int(1)});
		a = one && dtv ? arr_ns_callk(ev, be, "ones", 1, &one, "dtype", dtv) : NULL;
		val_decref(one);
	}
	for (int64_t i = 0; a && i < n; i++) {
		/* a = convolve(a, array([1, -zero], dtype=dt), mode='full') */
		struct value *zero = ex_neg(ev, ex_item(ev, val_incref(z), val_int(i))), *lst, *pair;
		lst = zero ? val_list_new(2, (struct value *[]){val_int(1), zero}) : NULL;
		pair = lst ? arr_ns_callk(ev, be, "array", 1, &lst, "dtype", dtv) : NULL;
		val_decref(lst);
		a = ex_fn2(ev, be, "convolve", a, pair);
	}
	val_decref(dtv);
	if (a && dt_is_complex(dt)) {
		/* all(sort(roots) == sort(roots.conjugate())): the real part */
		struct value *cd = val_dtype(DT_COMPLEX128, 0), *r;
		struct value *args[1] = {z};
		r = cd ? arr_ns_callk(ev, be, "asarray", 1, args, "dtype", cd) : NULL;
		val_decref(cd);
		struct value *s1 = ex_fn1(ev, be, "sort", r ? val_incref(r) : NULL);
		struct value *s2 = ex_fn1(ev, be, "sort", r ? arr_method_call(ev, r, "conjugate", 0, NULL, NULL) : NULL);
		struct value *all = ex_fn1(ev, be, "all", ex_bin(ev, OP_EQ, s1, s2));
		val_decref(r);
		int t = all ? val_truth(ev, all) : -1;
		val_decref(all);
		if (t < 0) {
			val_decref(a);
			a = NULL;
		} else if (t) {
			struct value *re = val_getattr(ev, a, "real");
			val_decref(a);
			a = re ? arr_method_call(ev, re, "copy", 0, NULL, NULL) : NULL;
			val_decref(re);
		}
	}
	val_decref(z);
	return a;
}

/* NumPy's eigvals of a real matrix: w.real when all(w.imag == 0), else w
 * (stolen).  cp.linalg.eigvals keeps CuPy's complex result whatever the
 * eigenvalues; np.roots answers NumPy's dtype on both (CuPy's roots refuses
 * a companion matrix that is not symmetric) */
static struct value *real_if_all_real(struct eval *ev, const struct backend *be, struct value *w)
{
	struct value *im = val_getattr(ev, w, "imag");
	struct value *all = im ? ex_fn1(ev, be, "all", ex_bin(ev, OP_EQ, im, val_float(0.0))) : NULL;
	int t = all ? val_truth(ev, all) : -1;
	val_decref(all);
	if (t < 0) {
		val_decref(w);
		return NULL;
	}
	if (t) {
		struct value *re = val_getattr(ev, w, "real");
		val_decref(w);
		w = re;
	}
	return w;
}

/* roots(p): eigenvalues of the companion matrix, zeros for the trailing zeros */
static struct value *pf_roots(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *pv, *p, *nz, *r = NULL;
	if (args_parse(ev, "roots", argc, argv, kw, "p", &pv) < 0)
		return NULL;
	if (!(p = atleast1(ev, be, val_incref(pv))))
		return NULL;
	if (arr_borrow(p)->ndim != 1) {
		val_decref(p);
		return err_set(ev, TY_ValueError, "Input must be a rank-1 array.");
	}
	nz = ex_item(ev, ex_fn1(ev, be, "nonzero", ex_fn1(ev, be, "ravel", val_incref(p))), val_int(0));
	if (!nz) {
		val_decref(p);
		return NULL;
	}
	int64_t nnz = arr_len0(nz), first = 0, last = 0, len = arr_len0(p);
	if (nnz == 0) {
		val_decref(nz);
		val_decref(p);
		struct value *e = val_list_new(0, NULL);
		r = e ? ex_fn1(ev, be, "array", e) : err_nomem(ev);
		return r;
	}
	{
		struct value *f = ex_item(ev, val_incref(nz), val_int(0)), *l = ex_item(ev, val_incref(nz), val_int(-1));
		int rc = f && l && val_as_int64(ev, f, &first) == 0 && val_as_int64(ev, l, &last) == 0 ? 0 : -1;
		val_decref(f);
		val_decref(l);
		val_decref(nz);
		if (rc < 0) {
			val_decref(p);
			return NULL;
		}
	}
	int64_t trailing = len - last - 1;
	p = ex_item(ev, p, ex_slice(first, last + 1));
	if (p && !dt_is_float(arr_borrow(p)->dtype) && !dt_is_complex(arr_borrow(p)->dtype)) {
		struct value *d = val_dtype(DT_FLOAT64, 0);
		struct value *t = d ? arr_method_call(ev, p, "astype", 1, &d, NULL) : NULL;
		val_decref(d);
		val_decref(p);
		p = t;
	}
	if (!p)
		return NULL;
	int64_t n = arr_len0(p);
	if (n > 1) {
		/* A = diag(ones((N-2,), p.dtype), -1); A[0, :] = -p[1:] / p[0] */
		struct value *dt = val_dtype(arr_borrow(p)->dtype, 0), *len2 = val_int(n - 2);
		struct value *ones = dt && len2 ? arr_ns_callk(ev, be, "ones", 1, &len2, "dtype", dt) : NULL;
		struct value *A = ex_fn2(ev, be, "diag", ones, val_int(-1));
		struct value *row = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, ex_item(ev, val_incref(p), ex_slice(1, NS_NONE))),
					   ex_item(ev, val_incref(p), val_int(0)));
		struct value *key = val_tuple_new(2, (struct value *[]){val_int(0), ex_slice(NS_NONE, NS_NONE)});
		val_decref(dt);
		val_decref(len2);
		if (A && row && key && val_setitem(ev, A, key, row) == 0)
			r = ex_fn1(ev, be, "linalg.eigvals", val_incref(A));
		val_decref(A);
		val_decref(row);
		val_decref(key);
		if (r && !dt_is_complex(arr_borrow(p)->dtype) && dt_is_complex(arr_borrow(r)->dtype))
			r = real_if_all_real(ev, be, r);
	} else {
		struct value *e = val_list_new(0, NULL);
		r = e ? ex_fn1(ev, be, "array", e) : err_nomem(ev);
	}
	val_decref(p);
	if (!r)
		return NULL;
	/* hstack((roots, zeros(trailing, roots.dtype))) */
	struct value *z = zeros_like_n(ev, be, trailing, r);
	if (!z) {
		val_decref(r);
		return NULL;
	}
	return ex_fn1(ev, be, "hstack", val_tuple_new(2, (struct value *[]){r, z}));
}

/* ---- the poly1d object ---- */

/* poly1d(c_or_r, r=False, variable=None) */
static struct value *pf_poly1d(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *c, *rv = NULL, *var = NULL;
	int r;
	if (args_parse(ev, "poly1d", argc, argv, kw, "c_or_r|r,variable", &c, &rv, &var) < 0)
		return NULL;
	if (rv && (r = val_truth(ev, rv)) < 0)
		return NULL;
	if (!rv)
		r = 0;
	if (var && var->type != VT_NONE && var->type != VT_STR)
		return err_set(ev, TY_TypeError, "variable must be a str");
	return poly_make(ev, arr_be(bi), val_incref(c), r, var && var->type == VT_STR ? var->u.str->s : NULL);
}

static int64_t poly_order(struct value *v)
{
	return arr_len0(P(v)->coeffs) - 1;
}

/* p(val) = polyval(p.coeffs, val) */
static struct value *poly_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *x, *args[2];
	if (args_parse(ev, "__call__", argc, argv, kw, "val", &x) < 0)
		return NULL;
	args[0] = P(self)->coeffs;
	args[1] = x;
	return arr_ns_call(ev, P(self)->be, "polyval", 2, args, NULL);
}

/* p.integ(m=1, k=0) / p.deriv(m=1) / p.__array__(t=None) */
static struct value *pm_integ(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *self = bi->self, *mv = NULL, *kv = NULL, *r;
	if (args_parse(ev, "integ", argc, argv, kw, "|m,k", &mv, &kv) < 0)
		return NULL;
	struct value *m = mv ? val_incref(mv) : val_int(1), *k = kv ? val_incref(kv) : val_int(0);
	const char *names[2] = {"m", "k"};
	struct value *vals[2] = {m, k};
	struct kwargs kk = {2, names, vals};
	r = m && k ? arr_ns_call(ev, P(self)->be, "polyint", 1, &P(self)->coeffs, &kk) : NULL;
	val_decref(m);
	val_decref(k);
	return poly_make(ev, P(self)->be, r, 0, NULL);
}

static struct value *pm_deriv(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *self = bi->self, *mv = NULL, *r;
	if (args_parse(ev, "deriv", argc, argv, kw, "|m", &mv) < 0)
		return NULL;
	struct value *m = mv ? val_incref(mv) : val_int(1);
	r = m ? arr_ns_callk(ev, P(self)->be, "polyder", 1, &P(self)->coeffs, "m", m) : NULL;
	val_decref(m);
	return poly_make(ev, P(self)->be, r, 0, NULL);
}

static struct value *pm_array(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *self = bi->self, *t = NULL, *cp = NULL;
	if (args_parse(ev, "__array__", argc, argv, kw, "|t,copy", &t, &cp) < 0)
		return NULL;
	if (t && t->type != VT_NONE)
		return arr_ns_callk(ev, P(self)->be, "asarray", 1, &P(self)->coeffs, "dtype", t);
	return val_incref(P(self)->coeffs);
}

static struct value *poly_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "coeffs") || !strcmp(name, "c") || !strcmp(name, "coef") || !strcmp(name, "coefficients"))
		return val_incref(P(self)->coeffs);
	if (!strcmp(name, "variable"))
		return val_cstr(P(self)->var);
	if (!strcmp(name, "order") || !strcmp(name, "o"))
		return val_int(poly_order(self));
	if (!strcmp(name, "roots") || !strcmp(name, "r"))
		return arr_ns_call(ev, P(self)->be, "roots", 1, &P(self)->coeffs, NULL);
	if (!strcmp(name, "integ"))
		return val_builtin("integ", pm_integ, self, NULL);
	if (!strcmp(name, "deriv"))
		return val_builtin("deriv", pm_deriv, self, NULL);
	if (!strcmp(name, "__array__"))
		return val_builtin("__array__", pm_array, self, NULL);
	return NULL;
}

static int poly_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	/* p.coeffs *= 2 rebinds the same array: allowed, anything else is not */
	if (!strcmp(name, "coeffs") && v->type == VT_NDARRAY && v->u.arr == P(self)->coeffs->u.arr)
		return 0;
	err_set(ev, TY_AttributeError, "Cannot set attribute");
	return -1;
}

static char *poly_repr(struct eval *ev, struct value *self)
{
	char *s = val_repr(ev, P(self)->coeffs), *out;
	size_t n;
	if (!s)
		return NULL;
	n = strlen(s);
	/* "array(" ... ")" -> "poly1d(" ... ")" */
	if (n < 7)
		return s;
	if (!(out = malloc(n + 2))) {
		free(s);
		return err_nomem(ev);
	}
	snprintf(out, n + 2, "poly1d(%.*s)", (int)(n - 7), s + 6);
	free(s);
	return out;
}

/* f'{q:.4g}'.removesuffix('.0000') */
static void fmt4g(double q, char *buf, size_t n)
{
	if (q != q)
		snprintf(buf, n, "nan");
	else if (q == 1.0 / 0.0 || q == -1.0 / 0.0)
		snprintf(buf, n, q > 0 ? "inf" : "-inf");
	else
		snprintf(buf, n, "%.4g", q);
	size_t l = strlen(buf);
	if (l >= 5 && !strcmp(buf + l - 5, ".0000"))
		buf[l - 5] = 0;
}

static void sb_clear(struct sbuf *b)
{
	free(b->s);
	*b = (struct sbuf){0};
}

/* _raise_power: "**N" moved onto a line of exponents above, wrapped at 70 */
static char *raise_power(const char *astr)
{
	struct sbuf out = {0}, l1 = {0}, l2 = {0};
	const char *at = astr, *m;
	sb_adds(&out, " ");
	while ((m = strstr(at, "**"))) {
		const char *pw = m + 2, *e = pw;
		while (*e >= '0' && *e <= '9')
			e++;
		size_t plen = (size_t)(e - pw), partlen = (size_t)(m - at);
		size_t add2 = partlen + (plen ? plen - 1 : 0), add1 = (partlen ? partlen - 1 : 0) + plen;
		if (l2.n + add2 > 70 || l1.n + add1 > 70) {
			sb_add(&out, l1.s ? l1.s : "", l1.n);
			sb_adds(&out, "\n");
			sb_add(&out, l2.s ? l2.s : "", l2.n);
			sb_adds(&out, "\n ");
			sb_clear(&l1);
			sb_clear(&l2);
		}
		sb_add(&l2, at, partlen);
		for (size_t i = 1; i < plen; i++)
			sb_adds(&l2, " ");
		for (size_t i = 1; i < partlen; i++)
			sb_adds(&l1, " ");
		sb_add(&l1, pw, plen);
		at = e;
	}
	sb_add(&out, l1.s ? l1.s : "", l1.n);
	sb_adds(&out, "\n");
	sb_add(&out, l2.s ? l2.s : "", l2.n);
	sb_adds(&out, at);
	sb_clear(&l1);
	sb_clear(&l2);
	return sb_take(&out);
}

static char *poly_str(struct eval *ev, struct value *self)
{
	struct ndarray *h = arr_host_c(ev, arr_borrow(P(self)->coeffs), DT_COMPLEX128);
	const char *var = P(self)->var;
	struct sbuf s = {0};
	char *res;
	if (!h)
		return NULL;
	const double _Complex *c = (const double _Complex *)nd_data(h);
	int64_t n = h->ndim ? h->shape[0] : 1, k0 = 0;
	while (k0 < n && c[k0] == 0)  /* leading zeros go */
		k0++;
	int64_t N = n - k0 - 1;
	sb_adds(&s, "0");
	for (int64_t k = k0; k < n; k++) {
		char coef[128], a[48], b[48], term[256];
		double re = __real__ c[k], im = __imag__ c[k];
		if (im == 0) {
			fmt4g(re, coef, sizeof coef);
		} else if (re == 0) {
			fmt4g(im, a, sizeof a);
			snprintf(coef, sizeof coef, "%sj", a);
		} else {
			fmt4g(re, a, sizeof a);
			fmt4g(im, b, sizeof b);
			snprintf(coef, sizeof coef, "(%s + %sj)", a, b);
		}
		int64_t power = N - (k - k0);
		int zero = !strcmp(coef, "0");
		if (power == 0)
			snprintf(term, sizeof term, "%s", !zero ? coef : k == k0 ? "0" : "");
		else if (power == 1)
			snprintf(term, sizeof term, zero ? "" : "%s %s", coef, var);
		else if (zero)
			term[0] = 0;
		else
			snprintf(term, sizeof term, "%s %s**%lld", coef, var, (long long)power);
		if (k > k0) {
			if (term[0] == '-') {
				sb_adds(&s, " - ");
				sb_adds(&s, term + 1);
			} else if (term[0]) {
				sb_adds(&s, " + ");
				sb_adds(&s, term);
			}
		} else {
			sb_clear(&s);
			sb_adds(&s, term);
		}
	}
	nd_decref(h);
	char *flat = sb_take(&s);
	if (!flat)
		return err_nomem(ev);
	res = raise_power(flat);
	free(flat);
	return res ? res : err_nomem(ev);
}

/* other as a poly1d (stolen); self's namespace */
static struct value *as_poly(struct eval *ev, struct value *self, struct value *other)
{
	return poly_make(ev, P(self)->be, other, 0, NULL);
}

static struct value *poly_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	int right = !poly_is(l);                  /* self is r: the reflected form */
	struct value *self = right ? r : l, *other = right ? l : r;
	const struct backend *be = P(self)->be;
	if ((int)op >= OP_COUNT)                  /* no __iadd__: a += b rebinds */
		op = (enum binop)(op - OP_COUNT);
	switch (op) {
	case OP_ADD: case OP_SUB: {
		struct value *o = as_poly(ev, self, val_incref(other)), *x;
		if (!o)
			return NULL;
		x = right ? poly_addsub(ev, be, op, val_incref(P(o)->coeffs), val_incref(P(self)->coeffs))
			  : poly_addsub(ev, be, op, val_incref(P(self)->coeffs), val_incref(P(o)->coeffs));
		val_decref(o);
		return poly_make(ev, be, x, 0, NULL);
	}
	case OP_MUL:
		if (is_scalar(other))
			return poly_make(ev, be, right ? ex_bin(ev, OP_MUL, val_incref(other), val_incref(P(self)->coeffs))
						       : ex_bin(ev, OP_MUL, val_incref(P(self)->coeffs), val_incref(other)), 0, NULL);
		{
			struct value *o = as_poly(ev, self, val_incref(other)), *x;
			if (!o)
				return NULL;
			x = poly_mul(ev, be, val_incref(P(self)->coeffs), val_incref(P(o)->coeffs));
			val_decref(o);
			return poly_make(ev, be, x, 0, NULL);
		}
	case OP_TRUEDIV:
		if (is_scalar(other))
			return poly_make(ev, be, right ? ex_bin(ev, OP_TRUEDIV, val_incref(other), val_incref(P(self)->coeffs))
						       : ex_bin(ev, OP_TRUEDIV, val_incref(P(self)->coeffs), val_incref(other)), 0, NULL);
		{
			struct value *o = as_poly(ev, self, val_incref(other));
			if (!o)
				return NULL;
			return right ? poly_div(ev, be, o, val_incref(self)) : poly_div(ev, be, val_incref(self), o);
		}
	case OP_POW: {
		int64_t n;
		double d;
		if (right)
			return NULL;
		if (!is_scalar(other) || other->type == VT_STR || other->type == VT_BYTES ||
		    val_as_double(ev, other, &d) < 0 || d != (double)(int64_t)d || d < 0) {
			err_clear(ev);
			return err_set(ev, TY_ValueError, "Power to non-negative integers only.");
		}
		n = (int64_t)d;
		struct value *res = val_list_new(1, (struct value *[]){val_int(1)});
		for (int64_t i = 0; res && i < n; i++)
			res = poly_mul(ev, be, val_incref(P(self)->coeffs), res);
		return poly_make(ev, be, res, 0, NULL);
	}
	case OP_EQ: case OP_NE: {
		if (!poly_is(other))
			return NULL;
		struct ndarray *a = arr_borrow(P(self)->coeffs), *b = arr_borrow(P(other)->coeffs);
		if (a->shape[0] != b->shape[0])
			return val_bool(op == OP_NE);
		struct value *all = ex_fn1(ev, be, "all", ex_bin(ev, OP_EQ, val_incref(P(self)->coeffs),
								  val_incref(P(other)->coeffs)));
		if (!all || op == OP_EQ)
			return all;
		int t = val_truth(ev, all);
		val_decref(all);
		return t < 0 ? NULL : val_bool(!t);
	}
	default:
		return NULL;
	}
}

static struct value *poly_unop(struct eval *ev, enum unop op, struct value *self)
{
	if (op == UOP_NEG)
		return poly_make(ev, P(self)->be, ex_neg(ev, val_incref(P(self)->coeffs)), 0, NULL);
	if (op == UOP_POS)
		return val_incref(self);
	return NULL;
}

static int64_t poly_len(struct eval *ev, struct value *self)
{
	(void)ev;
	return poly_order(self);
}

static int poly_truth(struct eval *ev, struct value *self)
{
	(void)ev;
	return poly_order(self) != 0;
}

/* p[k]: the coefficient of x**k (0 of the dtype beyond the order) */
static struct value *poly_getitem(struct eval *ev, struct value *self, struct value *key)
{
	int64_t k, order = poly_order(self);
	if (val_as_int64(ev, key, &k) < 0)
		return NULL;
	if (k > order || k < 0)
		return val_scalar(arr_borrow(P(self)->coeffs)->dtype, (union scalar_data){0});
	return ex_item(ev, val_incref(P(self)->coeffs), val_int(order - k));
}

static int poly_setitem(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	int64_t k, order = poly_order(self), ind;
	if (!x) {
		err_set(ev, TY_AttributeError, "__delitem__");
		return -1;
	}
	if (val_as_int64(ev, key, &k) < 0)
		return -1;
	if (k < 0) {
		err_set(ev, TY_ValueError, "Does not support negative powers.");
		return -1;
	}
	ind = order - k;
	if (k > order) {
		struct value *z = zeros_like_n(ev, P(self)->be, k - order, P(self)->coeffs), *c;
		c = z ? ex_fn1(ev, P(self)->be, "concatenate",
			       val_tuple_new(2, (struct value *[]){z, val_incref(P(self)->coeffs)})) : NULL;
		if (!c)
			return -1;
		val_decref(P(self)->coeffs);
		P(self)->coeffs = c;
		ind = 0;
	}
	struct value *iv = val_int(ind);
	int rc = iv ? val_setitem(ev, P(self)->coeffs, iv, x) : -1;
	val_decref(iv);
	return rc;
}

static struct value *poly_iter(struct eval *ev, struct value *self)
{
	return val_iter(ev, P(self)->coeffs);
}

static int poly_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	(void)self;
	(void)out;
	err_set(ev, TY_TypeError, "unhashable type: 'poly1d'");
	return -1;
}

static const char *const poly_attrs[] = {
	"c", "coef", "coefficients", "coeffs", "deriv", "integ", "o", "order", "r", "roots", "variable", NULL,
};

static const struct objtype poly1d_type = {
	.name = "poly1d", .free = poly_free, .getattr = poly_getattr, .setattr = poly_setattr,
	.call = poly_call, .repr = poly_repr, .str = poly_str, .attrs = poly_attrs,
	.getitem = poly_getitem, .setitem = poly_setitem, .binop = poly_binop, .unop = poly_unop,
	.len = poly_len, .truth = poly_truth, .hash = poly_hash, .iter = poly_iter,
};

const struct arr_func arr_poly1d_funcs[] = {
	{"poly1d", pf_poly1d, "poly1d(c_or_r, r=False, variable=None)", "A one-dimensional polynomial class."},
	{"poly", pf_poly, "poly(seq_of_zeros)", "Find the coefficients of a polynomial with the given sequence of roots."},
	{"roots", pf_roots, "roots(p)", "Return the roots of a polynomial with coefficients given in p."},
	{"polyadd", pf_polyadd, "polyadd(a1, a2)", "Find the sum of two polynomials."},
	{"polysub", pf_polysub, "polysub(a1, a2)", "Difference (subtraction) of two polynomials."},
	{"polymul", pf_polymul, "polymul(a1, a2)", "Find the product of two polynomials."},
	{"polydiv", pf_polydiv, "polydiv(u, v)", "Returns the quotient and remainder of polynomial division."},
	{"polyder", pf_polyder, "polyder(p, m=1)", "Return the derivative of the specified order of a polynomial."},
	{"polyint", pf_polyint, "polyint(p, m=1, k=None)", "Return an antiderivative (indefinite integral) of a polynomial."},
	{NULL, NULL, NULL, NULL}
};
