/*
 * stats.c — statistics and comparisons: histogram bincount cov corrcoef
 * convolve correlate interp allclose isclose array_equal array_equiv cross
 * digitize histogram2d.
 * Publishes arr_stat_funcs.
 *
 * Owns no state.  Computes on host memory in a wide type (int64, float64
 * or complex128) and casts to NumPy's result dtype; device operands are
 * staged through host copies and results go back to the namespace's device,
 * except in histogram and bincount without weights, which count on the
 * device (backend.h's bounds and bin_count) and bring back only the counts.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <complex.h>
#include "backend/host/host.h"
#include "lib/devsearch.h"
#include "lib/shape.h"
#include "lang/args.h"
#include "lang/error.h"
#include "array/nscall.h"
#include "ufunc/fpe.h"

/* The wide type used to compute with dtype dt. */
static int wide(int dt)
{
	if (dt_is_complex(dt))
		return DT_COMPLEX128;
	if (dt_is_float(dt))
		return DT_FLOAT64;
	return DT_INT64;
}


/* A host result computed as wide dtype -> final dtype on be. Steals r. */
static struct ndarray *finish(struct eval *ev, struct ndarray *r, int dtype, const struct backend *be)
{
	struct ndarray *c, *d;
	if (!r)
		return NULL;
	if (r->dtype != dtype) {
		c = arr_astype(ev, r, dtype);
		nd_decref(r);
		if (!(r = c))
			return NULL;
	}
	d = arr_to_backend(ev, r, be);
	nd_decref(r);
	return d;
}

static struct ndarray *in_arr(struct eval *ev, const struct builtin *bi, struct value *v)
{
	return arr_asarray(ev, arr_be(bi), v, -1);
}

/* ---- bincount ---- */

/* bincount of device integers without weights: the bounds, then the counts,
 * all on the device (backend.h: bounds, bin_count).  A new array on be. */
static struct ndarray *dev_bincount(struct eval *ev, const struct backend *be,
				    const struct ndarray *x, int64_t minlength)
{
	double lo, hi;
	int nan;
	int64_t len = minlength;
	struct ndarray *out;
	if (be->bounds(ev, x, &lo, &hi, &nan) < 0)
		return NULL;
	if (nd_size(x) > 0) {
		if (lo < 0)
			return err_set(ev, TY_ValueError, "'list' argument must have no negative elements"), NULL;
		if (hi >= 0x1p53)    /* far past any allocation; below, exact in a double */
			return err_set(ev, TY_MemoryError, "bincount: no array can have a bin for %.17g", hi), NULL;
		if ((int64_t)hi + 1 > len)
			len = (int64_t)hi + 1;
	}
	if (!(out = nd_new(ev, be, DT_INT64, 1, &len)))
		return NULL;
	if (be->bin_count(ev, x, NULL, len, 0, out) < 0) {
		nd_decref(out);
		return NULL;
	}
	return out;
}

/* bincount with weights where x lies (issue 17): the bounds for the
 * length and NumPy's checks, then the backend's bin_weights into a new
 * float64 array on be */
static struct ndarray *dev_bincount_weights(struct eval *ev, const struct builtin *bi, const struct ndarray *x,
					    struct value *wv, int64_t minlength)
{
	const struct backend *be = arr_be(bi);
	double lo, hi;
	int nan;
	int64_t len = minlength;
	struct ndarray *w0, *w = NULL, *out = NULL;
	if (be->bounds(ev, x, &lo, &hi, &nan) < 0)
		return NULL;
	if (nd_size(x) > 0) {
		if (lo < 0)
			return err_set(ev, TY_ValueError, "'list' argument must have no negative elements"), NULL;
		if (hi >= 0x1p53)
			return err_set(ev, TY_MemoryError, "bincount: no array can have a bin for %.17g", hi), NULL;
		if ((int64_t)hi + 1 > len)
			len = (int64_t)hi + 1;
	}
	if (!(w0 = in_arr(ev, bi, wv)))
		return NULL;
	if (w0->dtype == DT_FLOAT64 && nd_is_c_contiguous(w0)) {
		w = nd_incref(w0);
	} else {
		struct ndarray *t = arr_astype_quiet(ev, w0, DT_FLOAT64);
		w = t && !nd_is_c_contiguous(t) ? shp_copy(ev, t) : (t ? nd_incref(t) : NULL);
		nd_decref(t);
	}
	nd_decref(w0);
	if (!w)
		return NULL;
	if (nd_size(w) != nd_size(x))
		err_set(ev, TY_ValueError, "The weights and list don't have the same length.");
	else if ((out = nd_new(ev, be, DT_FLOAT64, 1, &len)) && be->bin_weights(ev, x, w, len, out) < 0) {
		nd_decref(out);
		out = NULL;
	}
	nd_decref(w);
	return out;
}

static struct value *tf_bincount(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *wv = NULL, *mlv = NULL;
	int64_t minlength = 0;
	if (args_parse(ev, "bincount", argc, argv, kw, "x|weights,minlength", &xv, &wv, &mlv) < 0
	    || args_int(ev, mlv, 0, &minlength) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *x = in_arr(ev, bi, xv), *xh = NULL, *wh = NULL, *out = NULL;
	if (!x)
		return NULL;
	if (x->ndim > 1) {
		err_set(ev, TY_ValueError, "object too deep for desired array");
		goto out;
	}
	if (minlength < 0) {
		err_set(ev, TY_ValueError, "'minlength' must not be negative");
		goto out;
	}
	if (!dt_is_int(x->dtype) && x->dtype != DT_BOOL && nd_size(x) > 0) {
		err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'",
			dtype_table[x->dtype].name);
		goto out;
	}
	/* counted by the backend, where x lies; an empty x is int zeros
	 * whatever the weights (NumPy) */
	if (!(wv && wv->type != VT_NONE) || nd_size(x) == 0) {
		out = dev_bincount(ev, be, x, minlength);
		goto out;
	}
	if (ds_wanted(be)) {   /* weights summed by the backend, where x lies */
		out = dev_bincount_weights(ev, bi, x, wv, minlength);
		goto out;
	}
	xh = arr_host_c(ev, x, DT_INT64);
	if (!xh)
		goto out;
	int64_t n = nd_size(xh), mx = -1;
	const int64_t *p = (const int64_t *)nd_data(xh);
	for (int64_t i = 0; i < n; i++) {
		if (p[i] < 0) {
			err_set(ev, TY_ValueError, "'list' argument must have no negative elements");
			goto out;
		}
		if (p[i] > mx)
			mx = p[i];
	}
	if (mx == INT64_MAX) {
		err_set(ev, TY_MemoryError, "bincount: no array can have a bin for %lld", (long long)mx);
		goto out;
	}
	int64_t len = mx + 1 > minlength ? mx + 1 : minlength;
	if (wv && wv->type != VT_NONE) {
		struct ndarray *w = in_arr(ev, bi, wv);
		wh = w ? arr_host_c(ev, w, DT_FLOAT64) : NULL;
		nd_decref(w);
		if (!wh)
			goto out;
		if (nd_size(wh) != n) {
			err_set(ev, TY_ValueError, "The weights and list don't have the same length.");
			goto out;
		}
		out = nd_new(ev, &backend_host, DT_FLOAT64, 1, &len);
		if (!out)
			goto out;
		double *o = (double *)nd_data(out);
		const double *wp = (const double *)nd_data(wh);
		memset(o, 0, sizeof(double) * len);
		for (int64_t i = 0; i < n; i++)
			o[p[i]] += wp[i];
	} else {
		out = nd_new(ev, &backend_host, DT_INT64, 1, &len);
		if (!out)
			goto out;
		int64_t *o = (int64_t *)nd_data(out);
		memset(o, 0, sizeof(int64_t) * len);
		for (int64_t i = 0; i < n; i++)
			o[p[i]]++;
	}
	out = finish(ev, out, out->dtype, be);
out:
	nd_decref(x);
	nd_decref(xh);
	nd_decref(wh);
	return out ? arr_wrap(ev, out) : NULL;
}

/* ---- histogram ---- */

/* The counts of device data in the bins of edges e (nb + 1 of them, host),
 * on the device (backend.h: bin_count), into the host array hist (int64, or
 * float64 for density). */
static int dev_counts(struct eval *ev, const struct backend *be, const struct ndarray *a,
		      const double *e, int64_t nb, int uniform, struct ndarray *hist)
{
	struct ndarray *dc = nd_new(ev, be, DT_INT64, 1, &nb), *hc = NULL;
	int r = -1;
	if (dc && be->bin_count(ev, a, e, nb, uniform, dc) == 0 && (hc = arr_host_c(ev, dc, hist->dtype))) {
		memcpy(nd_data(hist), nd_data(hc), (size_t)nb * 8);
		r = 0;
	}
	nd_decref(dc);
	nd_decref(hc);
	return r;
}

/* ---- bins='auto' and the other estimators (NumPy's _hist_bin_selectors),
 * composed from np calls on the data so that dtypes and rounding are
 * NumPy's: each gives a bin width (a value), 0 when it has none ---- */

static struct value *hb_call1(struct eval *ev, const struct backend *be, const char *name, struct value *x)
{
	return arr_ns_call(ev, be, name, 1, &x, NULL);
}

/* _ptp: x.max() - x.min() */
static struct value *hb_ptp(struct eval *ev, struct value *x)
{
	return ex_bin(ev, OP_SUB, arr_method_call(ev, x, "max", 0, NULL, NULL),
		      arr_method_call(ev, x, "min", 0, NULL, NULL));
}

static struct value *hb_sturges(struct eval *ev, const struct backend *be, struct value *x, int64_t n)
{
	struct value *nv = val_int(n);
	struct value *l = nv ? hb_call1(ev, be, "log2", nv) : NULL;
	val_decref(nv);
	return ex_bin(ev, OP_TRUEDIV, hb_ptp(ev, x), ex_bin(ev, OP_ADD, l, val_float(1.0)));
}

static struct value *hb_fd(struct eval *ev, const struct backend *be, struct value *x, int64_t n)
{
	struct value *q[2] = {val_int(75), val_int(25)};
	struct value *ql = val_list_new(2, q);
	struct value *two[2] = {x, ql};
	struct value *p = ql ? arr_ns_call(ev, be, "percentile", 2, two, NULL) : NULL;
	val_decref(ql);
	struct value *iqr = p ? ex_bin(ev, OP_SUB, ex_item(ev, val_incref(p), val_int(0)),
				       ex_item(ev, val_incref(p), val_int(1))) : NULL;
	val_decref(p);
	return ex_bin(ev, OP_MUL, ex_bin(ev, OP_MUL, val_float(2.0), iqr),
		      val_float(pow((double)n, -1.0 / 3.0)));
}

static struct value *hb_doane(struct eval *ev, const struct backend *be, struct value *x, int64_t n)
{
	if (n > 2) {
		double sg1 = sqrt(6.0 * (double)(n - 2) / (((double)n + 1.0) * (double)(n + 3)));
		struct value *sigma = hb_call1(ev, be, "std", x);
		if (!sigma)
			return NULL;
		int pos = 0;
		struct value *gt = ex_bin(ev, OP_GT, val_incref(sigma), val_float(0.0));
		if (!gt || (pos = val_truth(ev, gt)) < 0) {
			val_decref(gt);
			val_decref(sigma);
			return NULL;
		}
		val_decref(gt);
		if (pos) {
			struct value *t = ex_bin(ev, OP_SUB, val_incref(x), hb_call1(ev, be, "mean", x));
			t = ex_bin(ev, OP_TRUEDIV, t, sigma);
			t = ex_bin(ev, OP_POW, t, val_int(3));
			struct value *g1 = t ? hb_call1(ev, be, "mean", t) : NULL;
			val_decref(t);
			struct value *nv = val_int(n);
			struct value *l2 = nv ? hb_call1(ev, be, "log2", nv) : NULL;
			val_decref(nv);
			struct value *ag = g1 ? hb_call1(ev, be, "absolute", g1) : NULL;
			val_decref(g1);
			struct value *in = ex_bin(ev, OP_ADD, val_float(1.0), ex_bin(ev, OP_TRUEDIV, ag, val_float(sg1)));
			struct value *l3 = in ? hb_call1(ev, be, "log2", in) : NULL;
			val_decref(in);
			return ex_bin(ev, OP_TRUEDIV, hb_ptp(ev, x),
				      ex_bin(ev, OP_ADD, ex_bin(ev, OP_ADD, val_float(1.0), l2), l3));
		}
		val_decref(sigma);
	}
	return val_float(0.0);
}

static struct value *hb_width(struct eval *ev, const struct backend *be, const char *name, struct value *x,
			      int64_t n)
{
	if (!strcmp(name, "sqrt")) {
		struct value *nv = val_int(n);
		struct value *r = nv ? hb_call1(ev, be, "sqrt", nv) : NULL;
		val_decref(nv);
		return ex_bin(ev, OP_TRUEDIV, hb_ptp(ev, x), r);
	}
	if (!strcmp(name, "sturges"))
		return hb_sturges(ev, be, x, n);
	if (!strcmp(name, "rice"))
		return ex_bin(ev, OP_TRUEDIV, hb_ptp(ev, x), val_float(2.0 * pow((double)n, 1.0 / 3)));
	if (!strcmp(name, "scott")) {
		double factor = pow((24.0 * pow(M_PI, 0.5)) / (double)n, 1.0 / 3.0);
		return ex_bin(ev, OP_MUL, val_float(factor), hb_call1(ev, be, "std", x));
	}
	if (!strcmp(name, "fd"))
		return hb_fd(ev, be, x, n);
	if (!strcmp(name, "doane"))
		return hb_doane(ev, be, x, n);
	/* auto: the smaller of fd and sturges, sturges when fd is 0 */
	struct value *fd = hb_fd(ev, be, x, n), *st;
	int t = fd ? val_truth(ev, fd) : -1;
	if (t < 0 || !(st = hb_sturges(ev, be, x, n))) {
		val_decref(fd);
		return NULL;
	}
	if (!t) {
		val_decref(fd);
		return st;
	}
	struct value *lt = ex_bin(ev, OP_LT, val_incref(st), val_incref(fd));
	int less = lt ? val_truth(ev, lt) : -1;
	val_decref(lt);
	if (less < 0) {
		val_decref(fd);
		val_decref(st);
		return NULL;
	}
	val_decref(less ? fd : st);
	return less ? st : fd;
}

/* NumPy's _hist_bin_stone: the width ptp/nbins of the nbins in
 * 1..max(100, sqrt(n)) that minimizes the leave-one-out cross-validation
 * estimate (2 - (n + 1) p.p) / h, the histograms over (first, last) */
static struct value *hb_stone(struct eval *ev, const struct backend *be, struct value *x, int64_t n,
			      struct value *first, struct value *last)
{
	struct value *pv = hb_ptp(ev, x);
	double ptp;
	if (!pv || val_as_double(ev, pv, &ptp) < 0) {
		val_decref(pv);
		return NULL;
	}
	if (n <= 1 || ptp == 0) {
		val_decref(pv);
		return val_int(0);
	}
	int64_t ub = (int64_t)sqrt((double)n), best = 1;
	if (ub < 100)
		ub = 100;
	double bestj = 0;
	struct value *rng[2] = {val_incref(first), val_incref(last)};
	struct value *rt = val_tuple_new(2, rng);
	if (!rt) {
		val_decref(pv);
		return err_nomem(ev);
	}
	for (int64_t k = 1; k <= ub; k++) {
		struct value *nb = val_int(k);
		const char *kn[2] = {"bins", "range"};
		struct value *kv[2] = {nb, rt};
		struct kwargs kk = {2, kn, kv};
		struct value *h = nb ? arr_ns_call(ev, be, "histogram", 1, &x, &kk) : NULL;
		val_decref(nb);
		struct value *cnt = h && h->type == VT_TUPLE && h->u.seq.n == 2 ? val_incref(h->u.seq.items[0]) : NULL;
		val_decref(h);
		struct value *p = ex_bin(ev, OP_TRUEDIV, cnt, val_int(n));
		struct value *d = p ? arr_method_call(ev, p, "dot", 1, &p, NULL) : NULL;
		val_decref(p);
		double dd;
		if (!d || val_as_double(ev, d, &dd) < 0) {
			val_decref(d);
			val_decref(rt);
			val_decref(pv);
			return NULL;
		}
		val_decref(d);
		double hh = ptp / (double)k, j = (2 - (double)(n + 1) * dd) / hh;
		if (k == 1 || j < bestj) {
			bestj = j;
			best = k;
		}
	}
	val_decref(rt);
	if (best == ub)
		ev_warn(ev, "RuntimeWarning", "The number of bins estimated may be suboptimal.");
	return ex_bin(ev, OP_TRUEDIV, pv, val_int(best));
}

/* The number of equal bins estimator `name` gives for the data av (NumPy's
 * _get_bin_edges for a str bins): 0, or -1 with the error set */
static int hist_str_bins(struct eval *ev, const struct backend *be, struct value *av, const char *name,
			 struct value *rangev, struct value *wv, int64_t *nb)
{
	static const char *const names[] = {"auto", "fd", "doane", "rice", "scott", "sqrt", "sturges", "stone"};
	struct value *x = NULL, *first = NULL, *last = NULL, *w = NULL, *r = NULL;
	int known = 0, rc = -1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		known |= !strcmp(name, names[i]);
	if (!known) {
		err_set(ev, TY_ValueError, "'%s' is not a valid estimator for `bins`", name);
		return -1;
	}
	if (wv && wv->type != VT_NONE) {
		err_set(ev, TY_TypeError, "Automated estimation of the number of bins is not supported for weighted data");
		return -1;
	}
	if (!(x = hb_call1(ev, be, "ravel", av)))
		return -1;
	int64_t n = nd_size(arr_borrow(x));
	/* _get_outer_edges */
	if (rangev && rangev->type != VT_NONE) {
		if ((rangev->type != VT_TUPLE && rangev->type != VT_LIST) || rangev->u.seq.n != 2) {
			err_set(ev, TY_ValueError, "too many values to unpack (expected 2)");
			goto out;
		}
		first = val_incref(rangev->u.seq.items[0]);
		last = val_incref(rangev->u.seq.items[1]);
		/* the data outside the range is left out of the estimate */
		struct value *keep = ex_fn2(ev, be, "logical_and", ex_bin(ev, OP_GE, val_incref(x), val_incref(first)),
					    ex_bin(ev, OP_LE, val_incref(x), val_incref(last)));
		struct value *sub = ex_item(ev, val_incref(x), keep);
		if (!sub)
			goto out;
		val_decref(x);
		x = sub;
		n = nd_size(arr_borrow(x));
	} else if (n == 0) {
		first = val_float(0.0);
		last = val_float(1.0);
	} else {
		first = arr_method_call(ev, x, "min", 0, NULL, NULL);
		last = arr_method_call(ev, x, "max", 0, NULL, NULL);
		if (!first || !last)
			goto out;
		struct value *eq = ex_bin(ev, OP_EQ, val_incref(first), val_incref(last));
		int same = eq ? val_truth(ev, eq) : -1;
		val_decref(eq);
		if (same < 0)
			goto out;
		if (same) {
			first = ex_bin(ev, OP_SUB, first, val_float(0.5));
			last = ex_bin(ev, OP_ADD, last, val_float(0.5));
		}
	}
	if (!first || !last)
		goto out;
	if (n == 0) {
		*nb = 1;
		rc = 0;
		goto out;
	}
	if (!(w = !strcmp(name, "stone") ? hb_stone(ev, be, x, n, first, last) : hb_width(ev, be, name, x, n)))
		goto out;
	int t = val_truth(ev, w);
	if (t < 0)
		goto out;
	if (!t) {
		*nb = 1;
		rc = 0;
		goto out;
	}
	if (dt_is_int(arr_borrow(x)->dtype) || arr_borrow(x)->dtype == DT_BOOL) {
		struct value *lt = ex_bin(ev, OP_LT, val_incref(w), val_int(1));
		int less = lt ? val_truth(ev, lt) : -1;
		val_decref(lt);
		if (less < 0)
			goto out;
		if (less) {
			val_decref(w);
			w = val_int(1);
		}
	}
	r = ex_fn1(ev, be, "ceil", ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, val_incref(last), val_incref(first)),
					  val_incref(w)));
	{
		double d;
		if (!r || val_as_double(ev, r, &d) < 0)
			goto out;
		*nb = (int64_t)d;
	}
	rc = 0;
out:
	val_decref(x);
	val_decref(first);
	val_decref(last);
	val_decref(w);
	val_decref(r);
	return rc;
}

static struct value *tf_histogram(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *av, *binsv = NULL, *rangev = NULL, *densv = NULL, *wv = NULL;
	int density = 0;
	if (args_parse(ev, "histogram", argc, argv, kw, "a|bins,range,density,weights",
		       &av, &binsv, &rangev, &densv, &wv) < 0 || args_bool(ev, densv, 0, &density) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = in_arr(ev, bi, av), *ah = NULL, *wh = NULL, *edges = NULL, *hist = NULL;
	struct value *res = NULL;
	if (!a)
		return NULL;
	/* real data without weights is counted by the backend (dev_counts) */
	int dev = !dt_is_complex(a->dtype) && !(wv && wv->type != VT_NONE);
	if (!dev && !(ah = arr_host_c(ev, a, DT_FLOAT64)))
		goto out;
	int64_t n = nd_size(a), nb;
	const double *x = dev ? NULL : (const double *)nd_data(ah);
	int edge_dt = dt_is_inexact(a->dtype) ? a->dtype : DT_FLOAT64;
	if (dt_is_complex(edge_dt))
		edge_dt = DT_FLOAT64;
	if (wv && wv->type != VT_NONE) {
		struct ndarray *w = in_arr(ev, bi, wv);
		wh = w ? arr_host_c(ev, w, DT_FLOAT64) : NULL;
		nd_decref(w);
		if (!wh)
			goto out;
		if (nd_size(wh) != n) {
			err_set(ev, TY_ValueError, "weights should have the same shape as a.");
			goto out;
		}
	}
	int uniform = 1;
	double first = 0, last = 0;
	int64_t str_nb = -1;
	if (binsv && binsv->type == VT_STR &&
	    hist_str_bins(ev, be, av, binsv->u.str->s, rangev, wv, &str_nb) < 0)
		goto out;
	if (!binsv || binsv->type == VT_INT || binsv->type == VT_SCALAR || str_nb >= 0) {
		int64_t b = 10;
		if (str_nb >= 0)
			b = str_nb;
		else if (binsv && val_as_int64(ev, binsv, &b) < 0)
			goto out;
		if (b < 1) {
			err_set(ev, TY_ValueError, "`bins` must be positive, when an integer");
			goto out;
		}
		nb = b;
		if (rangev && rangev->type != VT_NONE) {
			if ((rangev->type != VT_TUPLE && rangev->type != VT_LIST) || rangev->u.seq.n != 2) {
				err_set(ev, TY_ValueError, "too many values to unpack (expected 2)");
				goto out;
			}
			if (val_as_double(ev, rangev->u.seq.items[0], &first) < 0
			    || val_as_double(ev, rangev->u.seq.items[1], &last) < 0)
				goto out;
			if (first > last) {
				err_set(ev, TY_ValueError, "max must be larger than min in range parameter.");
				goto out;
			}
			if (!isfinite(first) || !isfinite(last)) {
				err_set(ev, TY_ValueError, "supplied range of [%s, %s] is not finite", "?", "?");
				goto out;
			}
		} else if (n == 0) {
			first = 0;
			last = 1;
		} else {
			int bad = 0;
			if (dev) {
				if (be->bounds(ev, a, &first, &last, &bad) < 0)
					goto out;
			} else {
				first = last = x[0];
				for (int64_t i = 0; i < n; i++) {
					if (x[i] != x[i])
						bad = 1;
					if (x[i] < first) first = x[i];
					if (x[i] > last) last = x[i];
				}
			}
			if (bad || !isfinite(first) || !isfinite(last)) {
				err_set(ev, TY_ValueError, "autodetected range of [%s, %s] is not finite",
					bad ? "nan" : isinf(first) ? (first < 0 ? "-inf" : "inf") : "?",
					bad ? "nan" : isinf(last) ? (last < 0 ? "-inf" : "inf") : "?");
				goto out;
			}
		}
		if (first == last) {
			first -= 0.5;
			last += 0.5;
		}
		int64_t ne = nb + 1;
		edges = nd_new(ev, &backend_host, DT_FLOAT64, 1, &ne);
		if (!edges)
			goto out;
		double *e = (double *)nd_data(edges), step = (last - first) / (double)nb;
		if (edge_dt != DT_FLOAT64 && !(rangev && rangev->type != VT_NONE)) {
			/* np.linspace of float32 endpoints computes in float32 */
			float f0 = (float)first, fd = (float)last - (float)first, fs = fd / (float)nb;
			for (int64_t i = 0; i < ne; i++) {
				float t = (float)i * fs;
				e[i] = (float)(t + f0);
			}
		} else {
			for (int64_t i = 0; i < ne; i++)
				e[i] = (double)i * step + first;
		}
		e[nb] = last;
		if (edge_dt != DT_FLOAT64) {
			/* NumPy computes bins in the edge dtype: round like it */
			struct ndarray *ce = arr_astype(ev, edges, edge_dt);
			struct ndarray *back = ce ? arr_astype(ev, ce, DT_FLOAT64) : NULL;
			nd_decref(ce);
			if (!back)
				goto out;
			nd_decref(edges);
			edges = back;
		}
	} else {
		uniform = 0;
		struct ndarray *b = shp_host_array(ev, binsv, -1);
		edges = b ? arr_host_c(ev, b, DT_FLOAT64) : NULL;
		if (b && b->ndim != 1) {
			err_set(ev, TY_ValueError, "`bins` must be 1d, when an array");
			nd_decref(b);
			goto out;
		}
		if (b)
			edge_dt = b->dtype; /* the edges come back as given */
		nd_decref(b);
		if (!edges)
			goto out;
		nb = nd_size(edges) - 1;
		const double *e = (const double *)nd_data(edges);
		for (int64_t i = 0; i < nb; i++)
			if (e[i + 1] < e[i]) {
				err_set(ev, TY_ValueError, "`bins` must increase monotonically, when an array");
				goto out;
			}
		if (nb < 1) {
			nb = 0;
		}
	}
	{
		int weighted = wh != NULL;
		int64_t hn = nb;
		hist = nd_new(ev, &backend_host, weighted || density ? DT_FLOAT64 : DT_INT64, 1, &hn);
		if (!hist)
			goto out;
		double *hd = (double *)nd_data(hist);
		int64_t *hi = (int64_t *)nd_data(hist);
		memset(nd_data(hist), 0, 8 * hn);
		const double *e = (const double *)nd_data(edges);
		const double *w = wh ? (const double *)nd_data(wh) : NULL;
		double lo = nb ? e[0] : 0, hi_e = nb ? e[nb] : 0, norm = nb ? (double)nb / (hi_e - lo) : 0;
		if (dev && dev_counts(ev, be, a, e, nb, uniform, hist) < 0)
			goto out;
		for (int64_t i = 0; !dev && i < n && nb > 0; i++) {
			double v = x[i];
			if (!(v >= lo && v <= hi_e))
				continue;
			int64_t k;
			if (uniform) {
				k = (int64_t)((v - lo) * norm);
				if (k == nb)
					k--;
				if (v < e[k])
					k--;
				else if (k != nb - 1 && v >= e[k + 1])
					k++;
			} else {
				/* bins: e[k] <= v < e[k+1], last one closed; the last
				 * edge <= v (e[0] <= v here) by a search without
				 * branches (conditional moves: the data is random) */
				const double *b = e;
				int64_t len = nb + 1;
				while (len > 1) {
					int64_t half = len / 2;
					b = b[half] <= v ? b + half : b;
					len -= half;
				}
				k = b - e;
				if (k >= nb)
					k = nb - 1;
			}
			if (weighted || density)
				hd[k] += w ? w[i] : 1.0;
			else
				hi[k]++;
		}
		if (density) {
			double tot = 0;
			for (int64_t k = 0; k < nb; k++)
				tot += hd[k];
			for (int64_t k = 0; k < nb; k++)
				hd[k] = hd[k] / (e[k + 1] - e[k]) / tot;	/* NumPy: n / db / n.sum() */
		}
	}
	{
		struct ndarray *h = finish(ev, hist, hist->dtype, be);
		hist = NULL;
		struct ndarray *ed = h ? finish(ev, edges, edge_dt, be) : NULL;
		edges = NULL;
		struct value *items[2] = {h ? arr_wrap(ev, h) : NULL, NULL};
		if (!items[0]) {
			nd_decref(ed);
			goto out;
		}
		items[1] = ed ? arr_wrap(ev, ed) : NULL;
		if (!items[1]) {
			val_decref(items[0]);
			goto out;
		}
		res = val_tuple_new(2, items);
	}
out:
	nd_decref(a);
	nd_decref(ah);
	nd_decref(wh);
	nd_decref(edges);
	nd_decref(hist);
	return res;
}

/* ---- cov corrcoef ---- */


/* cov's fweights / aweights as NumPy checks them, in its order: a malloc'd
 * float64 copy of obs items in *out (the caller frees), or -1 with ev->err
 * set. */
static int cov_weights(struct eval *ev, struct value *v, const char *name, int freq, int64_t obs, double **out)
{
	/* a cp array is read through arr_host_c's copy */
	struct ndarray *a = v->type == VT_NDARRAY ? nd_incref(v->u.arr) : arr_asarray(ev, &backend_host, v, DT_FLOAT64), *h;
	const double *d;
	int64_t n;
	int rc = -1;
	if (!a)
		return -1;
	h = arr_host_c(ev, a, DT_FLOAT64);
	nd_decref(a);
	if (!h)
		return -1;
	d = (const double *)nd_data(h);
	n = nd_size(h);
	if (freq)
		for (int64_t i = 0; i < n; i++)
			if (!(d[i] == nearbyint(d[i]))) {
				err_set(ev, TY_TypeError, "fweights must be integer");
				goto out;
			}
	if (h->ndim > 1) {
		err_set(ev, TY_RuntimeError, "cannot handle multidimensional %s", name);
		goto out;
	}
	if (h->ndim == 0) {
		err_set(ev, TY_IndexError, "tuple index out of range");
		goto out;
	}
	if (n != obs) {
		err_set(ev, TY_RuntimeError, "incompatible numbers of samples and %s", name);
		goto out;
	}
	for (int64_t i = 0; i < n; i++)
		if (d[i] < 0) {
			err_set(ev, TY_ValueError, "%s cannot be negative", name);
			goto out;
		}
	if (!(*out = malloc(sizeof(double) * (size_t)(n + 1)))) {
		err_nomem(ev);
		goto out;
	}
	memcpy(*out, d, sizeof(double) * (size_t)n);
	rc = 0;
out:
	nd_decref(h);
	return rc;
}

/* The covariance matrix (float64 or complex128 host) of m (and y), with
 * NumPy's frequency / analytic weights (fw, aw: NULL or None for none). */
static struct ndarray *cov_core(struct eval *ev, const struct builtin *bi, struct value *mv,
				struct value *yv, int rowvar, int bias, int64_t ddof, int has_ddof,
				struct value *fw, struct value *aw, int *vars_out, int *rdt)
{
	double *w = NULL, *awd = NULL, wsum = 0;
	struct ndarray *m = in_arr(ev, bi, mv), *y = NULL, *mh = NULL, *yh = NULL, *c = NULL;
	if (!m)
		return NULL;
	if (m->ndim > 2) {
		err_set(ev, TY_ValueError, "m has more than 2 dimensions");
		goto out;
	}
	int dt = dt_promote(m->dtype, DT_FLOAT64);
	if (yv && yv->type != VT_NONE) {
		y = in_arr(ev, bi, yv);
		if (!y)
			goto out;
		if (y->ndim > 2) {
			err_set(ev, TY_ValueError, "y has more than 2 dimensions");
			goto out;
		}
		dt = dt_promote(dt, y->dtype);
	}
	int cdt = dt_is_complex(dt) ? DT_COMPLEX128 : DT_FLOAT64;
	*rdt = dt;
	/* X as (vars, obs) */
	int64_t vars = 0, obs = -1;
	struct ndarray *parts[2] = {m, y};
	double _Complex *X = NULL;
	for (int pi = 0; pi < 2; pi++) {
		struct ndarray *p = parts[pi];
		if (!p)
			continue;
		struct ndarray *t = p;
		int64_t pv, po;
		if (p->ndim < 2) {
			pv = 1;
			po = p->ndim ? p->shape[0] : 1;
		} else if (rowvar) {
			pv = p->shape[0];
			po = p->shape[1];
		} else {
			pv = p->shape[1];
			po = p->shape[0];
		}
		if (obs >= 0 && po != obs) {
			err_set(ev, TY_ValueError, "all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size %lld and the array at index 1 has size %lld",
				(long long)obs, (long long)po);
			free(X);
			goto out;
		}
		obs = po;
		struct ndarray *h = arr_host_c(ev, t, DT_COMPLEX128);
		if (!h) {
			free(X);
			goto out;
		}
		double _Complex *nx = realloc(X, sizeof(double _Complex) * ((vars + pv) * obs + 1));
		if (!nx) {
			nd_decref(h);
			err_nomem(ev);
			goto out;
		}
		X = nx;
		const double _Complex *src = (const double _Complex *)nd_data(h);
		for (int64_t v = 0; v < pv; v++)
			for (int64_t o = 0; o < obs; o++) {
				int64_t si = p->ndim < 2 ? o : rowvar ? v * obs + o : o * pv + v;
				X[(vars + v) * obs + o] = src[si];
			}
		vars += pv;
		nd_decref(h);
	}
	if (!has_ddof)
		ddof = bias ? 0 : 1;
	if (fw && fw->type != VT_NONE && cov_weights(ev, fw, "fweights", 1, obs, &w) < 0) {
		free(X);
		goto out;
	}
	if (aw && aw->type != VT_NONE) {
		if (cov_weights(ev, aw, "aweights", 0, obs, &awd) < 0) {
			free(X);
			free(w);
			goto out;
		}
		if (!w) {
			w = awd;
		} else {
			for (int64_t o = 0; o < obs; o++)
				w[o] *= awd[o];
		}
	}
	if (w) { /* average(X, axis=1, weights=w, returned=True) */
		wsum = host_pairwise_sum_d(w, obs);
		if (wsum == 0.0) {
			err_set(ev, TY_ZeroDivisionError, "Weights sum to zero, can't be normalized");
			goto wfail;
		}
	}
	/* NumPy scales by the reciprocal: c *= np.true_divide(1, fact) */
	double fact;
	if (!w) {
		fact = (double)(obs - ddof);
	} else if (ddof == 0) {
		fact = wsum;
	} else if (!awd) {
		fact = wsum - (double)ddof;
	} else {
		double *t = malloc(sizeof(double) * (size_t)(obs + 1));
		if (!t) {
			err_nomem(ev);
			goto wfail;
		}
		for (int64_t o = 0; o < obs; o++)
			t[o] = w[o] * awd[o];
		fact = wsum - (double)ddof * host_pairwise_sum_d(t, obs) / wsum;
		free(t);
	}
	if (fact <= 0) {
		ev_warn(ev, "RuntimeWarning", "Degrees of freedom <= 0 for slice");
		fact = 0.0;
	}
	double inv_fact = 1.0 / fact;
	int64_t shape[2] = {vars, vars};
	c = nd_new(ev, &backend_host, DT_COMPLEX128, 2, shape);
	if (!c)
		goto wfail;
	for (int64_t v = 0; v < vars; v++) {
		double _Complex s = 0;
		if (w && cdt == DT_FLOAT64) {
			double *t = malloc(sizeof(double) * (size_t)(obs + 1));
			if (!t) {
				err_nomem(ev);
				nd_decref(c);
				c = NULL;
				goto wfail;
			}
			for (int64_t o = 0; o < obs; o++)
				t[o] = creal(X[v * obs + o]) * w[o];
			s = host_pairwise_sum_d(t, obs) / wsum;
			free(t);
		} else if (w) {
			for (int64_t o = 0; o < obs; o++)
				s += X[v * obs + o] * w[o];
			s /= wsum;
		} else {
			for (int64_t o = 0; o < obs; o++)
				s += X[v * obs + o];
			s /= (double)obs;
		}
		for (int64_t o = 0; o < obs; o++)
			X[v * obs + o] -= s;
	}
	double _Complex *cp = (double _Complex *)nd_data(c);
	for (int64_t i = 0; i < vars; i++)
		for (int64_t j = 0; j < vars; j++) {
			double _Complex s = 0;
			for (int64_t o = 0; o < obs; o++)
				s += X[i * obs + o] * conj(w ? X[j * obs + o] * w[o] : X[j * obs + o]);
			cp[i * vars + j] = s * inv_fact;
		}
wfail:
	if (awd != w)
		free(awd);
	free(w);
	free(X);
	if (!c)
		goto out;
	*vars_out = (int)vars;
	if (cdt != DT_COMPLEX128) { /* computed in complex128: no ComplexWarning */
		struct ndarray *r = arr_astype_quiet(ev, c, cdt);
		nd_decref(c);
		c = r;
	}
out:
	nd_decref(m);
	nd_decref(y);
	nd_decref(mh);
	nd_decref(yh);
	return c;
}

/* a 2-d float64 copy-free view of p as (vars, obs) for cov: 0-d and 1-d
 * as one row, rowvar 0 transposed; new reference */
static struct value *cov_rows(struct eval *ev, const struct ndarray *p, int rowvar)
{
	struct ndarray *f = arr_astype_quiet(ev, p, DT_FLOAT64), *t = NULL;
	if (!f)
		return NULL;
	if (p->ndim < 2) {
		int64_t sh[2] = {1, p->ndim ? p->shape[0] : 1};
		t = arr_reshape(ev, f, 2, sh);
	} else if (!rowvar) {
		int perm[2] = {1, 0};
		t = arr_transpose(ev, f, perm);
	} else {
		t = nd_incref(f);
	}
	nd_decref(f);
	return t ? arr_wrap(ev, t) : NULL;
}

/* cov / corrcoef of real data without weights where the data lies (issue
 * 17), as NumPy's Python: X (vars, obs) in float64, X -= X.mean(axis=1)
 * as a column, c = X @ X.T * (1 / fact); corrcoef then divides by the
 * square roots of the diagonal, rows and columns, and clips into [-1, 1].
 * *taken 0: not this path (the caller goes on: a complex input, or fact
 * <= 0, whose warnings the host path gives). */
static struct value *cov_composed(struct eval *ev, const struct builtin *bi, struct value *mv, struct value *yv,
				  int rowvar, int bias, int64_t ddof, int has_ddof, int corr, int *taken)
{
	const struct backend *be = arr_be(bi);
	struct ndarray *m = in_arr(ev, bi, mv), *y = NULL;
	struct value *X = NULL, *c = NULL, *r = NULL;
	*taken = 0;
	if (!m)
		return NULL;
	if (yv && yv->type != VT_NONE && !(y = in_arr(ev, bi, yv)))
		goto out;
	if (m->ndim > 2 || (y && y->ndim > 2) || dt_is_complex(m->dtype) || (y && dt_is_complex(y->dtype))
	    || nd_backend(m) != be || (y && nd_backend(y) != be))
		goto out;     /* the host path's errors and its complex arithmetic */
	{
		int64_t obs_m = m->ndim < 2 ? (m->ndim ? m->shape[0] : 1) : rowvar ? m->shape[1] : m->shape[0];
		int64_t obs_y = !y ? obs_m : y->ndim < 2 ? (y->ndim ? y->shape[0] : 1) : rowvar ? y->shape[1] : y->shape[0];
		int64_t vars = (m->ndim < 2 ? 1 : rowvar ? m->shape[0] : m->shape[1])
			       + (!y ? 0 : y->ndim < 2 ? 1 : rowvar ? y->shape[0] : y->shape[1]);
		if (!has_ddof)
			ddof = bias ? 0 : 1;
		if (obs_m != obs_y || (double)(obs_m - ddof) <= 0 || vars == 0)
			goto out;
		*taken = 1;
		X = cov_rows(ev, m, rowvar);
		if (X && y) {
			struct value *parts[2] = {X, cov_rows(ev, y, rowvar)}, *tup;
			tup = parts[1] ? val_tuple_new(2, parts) : NULL;
			if (!tup && parts[1])
				val_decref(parts[1]);
			if (!tup)
				val_decref(X);
			X = tup ? ex_fn1(ev, be, "concatenate", tup) : NULL;
		}
		if (!X)
			goto out;
		{
			struct value *args[1] = {X}, *ax = val_int(1), *kd = val_bool(1);
			const char *kn[2] = {"axis", "keepdims"};
			struct value *kv[2] = {ax, kd};
			struct kwargs kw = {2, kn, kv};
			struct value *avg = arr_ns_call(ev, be, "mean", 1, args, &kw);
			val_decref(ax);
			val_decref(kd);
			X = ex_bin(ev, OP_SUB, X, avg);
		}
		c = X ? ex_fn2(ev, be, "matmul", val_incref(X), ex_fn1(ev, be, "transpose", val_incref(X))) : NULL;
		c = ex_bin(ev, OP_MUL, c, val_float(1.0 / (double)(obs_m - ddof)));
		if (c && corr && vars == 1) {
			/* NumPy: diag() of the 0-d result fails, c / c */
			c = ex_item(ev, c, val_tuple_new(2, (struct value *[]){val_int(0), val_int(0)}));
			c = c ? ex_bin(ev, OP_TRUEDIV, val_incref(c), c) : NULL;
		} else if (c && corr) {
			struct value *sd = ex_fn1(ev, be, "sqrt", ex_fn1(ev, be, "diagonal", val_incref(c)));
			struct value *col = sd ? ex_item(ev, val_incref(sd), val_tuple_new(2, (struct value *[]){
							 val_slice_new(val_none(), val_none(), val_none()), val_none()})) : NULL;
			struct value *row = sd ? ex_item(ev, val_incref(sd), val_tuple_new(2, (struct value *[]){
							 val_none(), val_slice_new(val_none(), val_none(), val_none())})) : NULL;
			if (sd)
				val_decref(sd);
			c = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_TRUEDIV, c, col), row);
			if (c) {
				struct value *args[3] = {c, val_int(-1), val_int(1)};
				c = arr_ns_call(ev, be, "clip", 3, args, NULL);
				for (int i = 0; i < 3; i++)
					val_decref(args[i]);
			}
		}
		if (c && vars == 1 && !corr) {
			/* NumPy's squeeze: a 0-d array */
			struct value *s = ex_item(ev, c, val_tuple_new(2, (struct value *[]){val_int(0), val_int(0)}));
			struct ndarray *sa = s ? arr_borrow(s) : NULL;
			c = s;
			if (s) {
				struct ndarray *z = sa ? nd_incref(sa) : arr_asarray(ev, be, s, -1);
				val_decref(s);
				c = z ? arr_wrap(ev, z) : NULL;
			}
		}
		r = c;
	}
out:
	if (X)
		val_decref(X);
	nd_decref(m);
	nd_decref(y);
	return r;
}

static struct value *tf_cov(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *mv, *yv = NULL, *rv = NULL, *bv = NULL, *dv = NULL, *fw = NULL, *aw = NULL, *dtv = NULL;
	int rowvar = 1, bias = 0, vars, rdt;
	int64_t ddof = 0;
	if (args_parse(ev, "cov", argc, argv, kw, "m|y,rowvar,bias,ddof,fweights,aweights,$dtype",
		       &mv, &yv, &rv, &bv, &dv, &fw, &aw, &dtv) < 0 || args_bool(ev, rv, 1, &rowvar) < 0
	    || args_bool(ev, bv, 0, &bias) < 0 || args_int(ev, dv, 0, &ddof) < 0)
		return NULL;
	/* real data without weights: composed on the array's backend (NumPy's
	 * own arithmetic: the backend's mean and matmul) */
	if ((!fw || fw->type == VT_NONE) && (!aw || aw->type == VT_NONE)) {
		int taken;
		struct value *v = cov_composed(ev, bi, mv, yv, rowvar, bias, ddof, dv && dv->type != VT_NONE, 0, &taken);
		if (v || taken || err_occurred(ev))
			return v;
	}
	struct ndarray *c = cov_core(ev, bi, mv, yv, rowvar, bias, ddof, dv && dv->type != VT_NONE, fw, aw, &vars, &rdt);
	if (!c)
		return NULL;
	if (vars == 1) {
		struct ndarray *s = nd_view(ev, c, c->dtype, 0, NULL, NULL, c->offset);
		nd_decref(c);
		c = s;
	}
	c = finish(ev, c, c ? c->dtype : 0, arr_be(bi));
	return c ? arr_wrap(ev, c) : NULL;
}

static struct value *tf_corrcoef(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *yv = NULL, *rv = NULL, *bv = NULL, *dv = NULL, *dtv = NULL;
	int rowvar = 1, vars, rdt;
	if (args_parse(ev, "corrcoef", argc, argv, kw, "x|y,rowvar,bias,ddof,$dtype",
		       &xv, &yv, &rv, &bv, &dv, &dtv) < 0 || args_bool(ev, rv, 1, &rowvar) < 0)
		return NULL;
	{
		int taken;
		struct value *v = cov_composed(ev, bi, xv, yv, rowvar, 0, 0, 0, 1, &taken);
		if (v || taken || err_occurred(ev))
			return v;
	}
	struct ndarray *c = cov_core(ev, bi, xv, yv, rowvar, 0, 0, 0, NULL, NULL, &vars, &rdt);
	if (!c)
		return NULL;
	int isc = c->dtype == DT_COMPLEX128;
	if (vars == 1) {
		/* NumPy: c / c of a 0-d array: a scalar */
		struct ndarray *s = nd_new(ev, &backend_host, c->dtype, 0, NULL);
		if (s) {
			if (isc) {
				double _Complex v = *(double _Complex *)nd_data(c);
				*(double _Complex *)nd_data(s) = v / v;
			} else {
				double v = *(double *)nd_data(c);
				*(double *)nd_data(s) = v / v;
			}
		}
		nd_decref(c);
		s = finish(ev, s, s ? s->dtype : 0, arr_be(bi));
		return s ? arr_result(ev, s) : NULL;
	}
	double *sd = malloc(sizeof(double) * vars);
	if (!sd) {
		nd_decref(c);
		return err_nomem(ev);
	}
	for (int i = 0; i < vars; i++)
		sd[i] = isc ? sqrt(creal(((double _Complex *)nd_data(c))[i * vars + i]))
			    : sqrt(((double *)nd_data(c))[i * vars + i]);
	for (int i = 0; i < vars; i++)
		for (int j = 0; j < vars; j++) {
			if (isc) {
				double _Complex *p = (double _Complex *)nd_data(c) + i * vars + j;
				*p = *p / sd[i] / sd[j];
				double re = creal(*p), im = cimag(*p);
				re = re < -1 ? -1 : re > 1 ? 1 : re;
				im = im < -1 ? -1 : im > 1 ? 1 : im;
				*p = re + im * I;
			} else {
				double *p = (double *)nd_data(c) + i * vars + j;
				*p = *p / sd[i] / sd[j];
				if (*p < -1)
					*p = -1;
				else if (*p > 1)
					*p = 1;
			}
		}
	free(sd);
	c = finish(ev, c, c->dtype, arr_be(bi));
	return c ? arr_wrap(ev, c) : NULL;
}

/* ---- convolve correlate ---- */

enum { MODE_VALID, MODE_SAME, MODE_FULL };

static int mode_of(struct eval *ev, struct value *v, int def, int *out)
{
	*out = def;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_INT) {
		if (v->u.i < 0 || v->u.i > 2)
			return err_set(ev, TY_ValueError, "mode must be 0, 1, or 2"), -1;
		*out = (int)v->u.i;
		return 0;
	}
	const char *s = val_as_cstr(v);
	if (s && (!strcmp(s, "valid") || !strcmp(s, "v")))
		*out = MODE_VALID;
	else if (s && (!strcmp(s, "same") || !strcmp(s, "s")))
		*out = MODE_SAME;
	else if (s && (!strcmp(s, "full") || !strcmp(s, "f")))
		*out = MODE_FULL;
	else
		return err_set(ev, TY_ValueError, "mode must be one of 'valid', 'same', or 'full' (got '%s')",
			       s ? s : "?"), -1;
	return 0;
}

/* f[k + M - 1] = sum_n a[n + k] * w[n] for k in [-(M-1), N-1]; the window
 * [lo, lo + len) of f is written to out.  T is int64_t / double / complex. */
#define CORR(T, a, N, w, M, lo, len, out) do { \
		for (int64_t q = 0; q < (len); q++) { \
			int64_t k = (lo) + q - ((M) - 1); \
			int64_t n0 = k < 0 ? -k : 0, n1 = (M) < (N) - k ? (M) : (N) - k; \
			T s = 0; \
			for (int64_t n = n0; n < n1; n++) \
				s += (a)[n + k] * (w)[n]; \
			(out)[q] = s; \
		} } while (0)

static int be_has_stencil(const struct backend *be)
{
	return be->stencil != NULL;
}

/* np.convolve / np.correlate; device data by FFT where it lies
 * (devsearch.c), host data by the direct sums below */
static struct value *conv_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, int convolve)
{
	struct value *av, *vv, *modev = NULL;
	int mode;
	if (args_parse(ev, convolve ? "convolve" : "correlate", argc, argv, kw, "a,v|mode",
		       &av, &vv, &modev) < 0
	    || mode_of(ev, modev, convolve ? MODE_FULL : MODE_VALID, &mode) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *v = a ? in_arr(ev, bi, vv) : NULL;
	struct ndarray *ah = NULL, *vh = NULL, *out = NULL;
	if (!v)
		goto out;
	if (a->ndim > 1 || v->ndim > 1) {
		err_set(ev, TY_ValueError, "object too deep for desired array");
		goto out;
	}
	int dt = dt_promote(a->dtype, v->dtype), wd = wide(dt);
	if (ds_wanted(arr_be(bi)) && !dt_is_complex(dt) && dt != DT_FLOAT16 && nd_size(a) && nd_size(v)) {
		/* device data: by FFT where it lies (CuPy's method for all but
		 * the smallest), the same items of the full result */
		int64_t N = nd_size(a), M = nd_size(v), lo, len;
		if (convolve && M > N) {
			int64_t t = N;
			N = M;
			M = t;
		}
		if (mode == MODE_FULL) {
			lo = 0;
			len = N + M - 1;
		} else if (mode == MODE_SAME) {
			len = N > M ? N : M;
			lo = N >= M ? (M - 1) / 2 : N / 2;
		} else {
			len = (N > M ? N - M : M - N) + 1;
			lo = N >= M ? M - 1 : N - 1;
		}
		struct ndarray *w;
		if (M <= 64 || (double)N * (double)M <= 1e7) {
			/* a short kernel: direct sums (as CuPy chooses, and exact
			 * where the FFT's rounding would show) */
			int sw = convolve && nd_size(v) > nd_size(a);
			struct value *r = be_has_stencil(arr_be(bi))
					  ? ds_conv_direct(ev, sw ? v : a, sw ? a : v, convolve, dt, lo, len)
					  : NULL;
			if (r || err_occurred(ev)) {
				nd_decref(a);
				nd_decref(v);
				return r;
			}
		}
		if (convolve) {
			w = nd_incref(v);
		} else {
			/* correlate(a, v) = convolve(a, v[::-1]) for real v */
			int64_t st = v->ndim ? -v->strides[0] : 0, n1 = nd_size(v);
			w = nd_view(ev, v, v->dtype, 1, &n1, &st,
				    v->offset + (v->ndim ? (n1 - 1) * v->strides[0] : 0));
		}
		struct value *r = w ? ds_convolve(ev, a, w, dt, lo, len) : NULL;
		nd_decref(w);
		nd_decref(a);
		nd_decref(v);
		return r;
	}
	ah = arr_host_c(ev, a, wd);
	vh = ah ? arr_host_c(ev, v, wd) : NULL;
	if (!vh)
		goto out;
	int64_t N = nd_size(ah), M = nd_size(vh);
	if (N == 0) {
		err_set(ev, TY_ValueError, "a cannot be empty");
		goto out;
	}
	if (M == 0) {
		err_set(ev, TY_ValueError, "v cannot be empty");
		goto out;
	}
	int isz = dt_size(wd);
	char *A = nd_data(ah), *W = malloc(isz * M);
	if (!W) {
		err_nomem(ev);
		goto out;
	}
	if (convolve) {
		if (M > N) { /* convolution commutes: the longer first */
			char *t = A;
			A = nd_data(vh);
			int64_t tn = N;
			N = M;
			M = tn;
			free(W);
			W = malloc(isz * M);
			if (!W) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t i = 0; i < M; i++)
				memcpy(W + i * isz, t + (M - 1 - i) * isz, isz);
		} else {
			for (int64_t i = 0; i < M; i++)
				memcpy(W + i * isz, nd_data(vh) + (M - 1 - i) * isz, isz);
		}
	} else {
		memcpy(W, nd_data(vh), isz * M);
		if (wd == DT_COMPLEX128)
			for (int64_t i = 0; i < M; i++)
				((double _Complex *)W)[i] = conj(((double _Complex *)W)[i]);
	}
	int64_t lo, len;
	if (mode == MODE_FULL) {
		lo = 0;
		len = N + M - 1;
	} else if (mode == MODE_SAME) {
		len = N > M ? N : M;
		lo = N >= M ? (M - 1) / 2 : N / 2;
	} else {
		len = (N > M ? N - M : M - N) + 1;
		lo = N >= M ? M - 1 : N - 1;
	}
	out = nd_new(ev, &backend_host, wd, 1, &len);
	if (out) {
		if (wd == DT_INT64)
			CORR(int64_t, (const int64_t *)A, N, (const int64_t *)W, M, lo, len, (int64_t *)nd_data(out));
		else if (wd == DT_FLOAT64)
			CORR(double, (const double *)A, N, (const double *)W, M, lo, len, (double *)nd_data(out));
		else
			CORR(double _Complex, (const double _Complex *)A, N, (const double _Complex *)W, M, lo, len,
			     (double _Complex *)nd_data(out));
	}
	free(W);
	out = finish(ev, out, dt, arr_be(bi));
out:
	nd_decref(a);
	nd_decref(v);
	nd_decref(ah);
	nd_decref(vh);
	return out ? arr_wrap(ev, out) : NULL;
}

static struct value *tf_convolve(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return conv_common(ev, bi, argc, argv, kw, 1);
}

static struct value *tf_correlate(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return conv_common(ev, bi, argc, argv, kw, 0);
}

/* ---- interp ---- */

/* interp(x, xp, fp, period=p) as NumPy writes it: x and xp taken modulo
 * |p|, xp sorted (fp with it) and extended by one period on each side, then
 * the plain interp (left and right ignored). */
static struct value *interp_periodic(struct eval *ev, const struct builtin *bi, struct value *xv,
				     struct value *xpv, struct value *fpv, struct value *pv)
{
	const struct backend *be = arr_be(bi);
	struct value *per, *x = NULL, *xp = NULL, *fp = NULL, *srt = NULL, *r = NULL;
	struct ndarray *xa, *xpa, *fpa;
	int t;
	{
		struct value *z = val_int(0), *eq = val_binop(ev, OP_EQ, pv, z);
		val_decref(z);
		t = eq ? val_truth(ev, eq) : -1;
		if (eq)
			val_decref(eq);
		if (t < 0)
			return NULL;
		if (t)
			return err_set(ev, TY_ValueError, "period must be a non-zero value");
	}
	if (!(per = arr_ns_call(ev, be, "abs", 1, &pv, NULL)))
		return NULL;
	fpa = arr_asarray(ev, be, fpv, -1);
	if (fpa && !dt_is_complex(fpa->dtype)) {
		struct ndarray *c = arr_astype(ev, fpa, DT_FLOAT64);
		nd_decref(fpa);
		fpa = c;
	} else if (fpa && fpa->dtype != DT_COMPLEX128) {
		struct ndarray *c = arr_astype(ev, fpa, DT_COMPLEX128);
		nd_decref(fpa);
		fpa = c;
	}
	xa = fpa ? arr_asarray(ev, be, xv, DT_FLOAT64) : NULL;
	xpa = xa ? arr_asarray(ev, be, xpv, DT_FLOAT64) : NULL;
	x = xa ? arr_wrap(ev, xa) : NULL;
	xp = xpa ? arr_wrap(ev, xpa) : NULL;
	fp = fpa ? arr_wrap(ev, fpa) : NULL;
	if (!x || !xp || !fp) {
		if (!x)
			nd_decref(xpa);
		if (!xp || !x)
			nd_decref(fpa);
		goto out;
	}
	if (xpa->ndim != 1 || fpa->ndim != 1) {
		err_set(ev, TY_ValueError, "Data points must be 1-D sequences");
		goto out;
	}
	if (xpa->shape[0] != fpa->shape[0]) {
		err_set(ev, TY_ValueError, "fp and xp are not of the same length");
		goto out;
	}
	x = ex_bin(ev, OP_MOD, x, val_incref(per));
	xp = ex_bin(ev, OP_MOD, xp, val_incref(per));
	srt = xp ? ex_fn1(ev, be, "argsort", val_incref(xp)) : NULL;
	if (!x || !srt)
		goto out;
	xp = ex_item(ev, xp, val_incref(srt));
	fp = ex_item(ev, fp, val_incref(srt));
	if (!xp || !fp)
		goto out;
	{
		/* xp = concatenate((xp[-1:] - period, xp, xp[0:1] + period)); fp likewise */
		struct value *parts[3];
		parts[0] = ex_bin(ev, OP_SUB, ex_item(ev, val_incref(xp), ex_slice(-1, NS_NONE)), val_incref(per));
		parts[1] = val_incref(xp);
		parts[2] = ex_bin(ev, OP_ADD, ex_item(ev, val_incref(xp), ex_slice(0, 1)), val_incref(per));
		struct value *tup = parts[0] && parts[2] ? val_tuple_new(3, parts) : NULL;
		if (!tup) {
			for (int i = 0; i < 3; i++)
				if (parts[i])
					val_decref(parts[i]);
		}
		val_decref(xp);
		xp = ex_fn1(ev, be, "concatenate", tup);
		parts[0] = ex_item(ev, val_incref(fp), ex_slice(-1, NS_NONE));
		parts[1] = val_incref(fp);
		parts[2] = ex_item(ev, val_incref(fp), ex_slice(0, 1));
		tup = parts[0] && parts[2] ? val_tuple_new(3, parts) : NULL;
		if (!tup) {
			for (int i = 0; i < 3; i++)
				if (parts[i])
					val_decref(parts[i]);
		}
		val_decref(fp);
		fp = ex_fn1(ev, be, "concatenate", tup);
	}
	if (xp && fp) {
		struct value *args[3] = {x, xp, fp};
		r = arr_ns_call(ev, be, "interp", 3, args, NULL);
	}
out:
	for (struct value **q = (struct value *[]){per, x, xp, fp, srt}, **e = q + 5; q < e; q++)
		if (*q)
			val_decref(*q);
	return r;
}

/* left / right of interp: fp's end values, or the given number as NumPy's
 * C code reads it (a Python complex / complex128 when fp is complex, else
 * PyFloat_AsDouble), its TypeErrors included */
static int interp_bound(struct eval *ev, struct value *v, int cplx, double _Complex def, double _Complex *out)
{
	struct npscalar s;
	int pyc;
	*out = def;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_NDARRAY) {
		struct ndarray *a = nd_incref(v->u.arr), *h; /* host or device: arr_host_c reads it */
		if (a->ndim != 0) {
			nd_decref(a);
			return err_set(ev, TY_TypeError, "only 0-dimensional arrays can be converted to Python scalars"), -1;
		}
		if (dt_is_complex(a->dtype)) {
			nd_decref(a);
			return err_set(ev, TY_TypeError, "float() argument must be a string or a real number, not 'complex'"), -1;
		}
		h = arr_host_c(ev, a, DT_FLOAT64);
		nd_decref(a);
		if (!h)
			return -1;
		*out = *(const double *)nd_data(h);
		nd_decref(h);
		return 0;
	}
	if (arr_value_scalar(v, &s, &pyc))
		return err_set(ev, TY_TypeError, "must be real number, not %s", val_type_name(v)), -1;
	if (dt_is_complex(s.dtype)) {
		struct npscalar c;
		if (!cplx || s.dtype != DT_COMPLEX128)
			return err_set(ev, TY_TypeError, "must be real number, not %s", val_type_name(v)), -1;
		arr_scalar_cast(&s, DT_COMPLEX128, &c);
		*out = c.v.c;
		return 0;
	}
	{
		double d;
		if (val_as_double(ev, v, &d) < 0)
			return -1;
		*out = d;
	}
	return 0;
}

/* NumPy's interpolation of one component (stride ncomp) at x = v between
 * the samples j and j + 1, with its retries where the first form is NaN */
static double interp_lin(const double *dx, const double *dy, int ncomp, int64_t j, double v)
{
	double y0 = dy[j * ncomp], y1 = dy[(j + 1) * ncomp];
	double slope = (y1 - y0) / (dx[j + 1] - dx[j]);
	double r = slope * (v - dx[j]) + y0;
	if (r != r) {
		r = slope * (v - dx[j + 1]) + y1;
		if (r != r && y0 == y1)
			r = y0;
	}
	return r;
}

/* where(c, a, b) on be, stealing all three */
static struct value *ex_where(struct eval *ev, const struct backend *be, struct value *c, struct value *a,
			      struct value *b)
{
	struct value *args[3] = {c, a, b}, *r = c && a && b ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
	for (int i = 0; i < 3; i++)
		if (args[i])
			val_decref(args[i]);
	return r;
}

/* np.interp of real fp with at least two samples where the arrays lie
 * (issue 17), the host loop's cases as where() layers, in float64:
 * j = searchsorted(xp, x, 'right') - 1 clipped into [0, n - 2]; the line
 * through samples j, j + 1 (NumPy's retry from j + 1, then y0 when both
 * samples agree, where the first form is NaN); an exact sample's value;
 * fp[-1] at xp[-1]; left / right outside; NaN for NaN. */
static struct value *interp_composed(struct eval *ev, const struct ndarray *x, const struct ndarray *xp,
				     const struct ndarray *fp, struct value *lv, struct value *rv)
{
	const struct backend *be = nd_backend(x);
	int64_t n = nd_size(xp);
	struct value *xv = NULL, *xpv = NULL, *fpv = NULL, *j = NULL, *x0 = NULL, *x1 = NULL, *y0 = NULL, *y1 = NULL;
	struct value *slope = NULL, *r = NULL, *left = NULL, *right = NULL, *xl = NULL, *fl = NULL, *xf = NULL;
	struct ndarray *t;
	double _Complex lb, rb;
	int saved;
	if (interp_bound(ev, lv, 0, 0, &lb) < 0 || interp_bound(ev, rv, 0, 0, &rb) < 0)
		return NULL;
	xv = (t = arr_astype_quiet(ev, x, DT_FLOAT64)) ? arr_wrap(ev, t) : NULL;
	xpv = (t = arr_astype_quiet(ev, xp, DT_FLOAT64)) ? arr_wrap(ev, t) : NULL;
	fpv = (t = arr_astype_quiet(ev, fp, DT_FLOAT64)) ? arr_wrap(ev, t) : NULL;
	if (!xv || !xpv || !fpv)
		goto out;
	{
		struct value *args[2] = {xpv, xv}, *side = val_cstr("right");
		j = side ? arr_ns_callk(ev, be, "searchsorted", 2, args, "side", side) : NULL;
		if (side)
			val_decref(side);
	}
	if (j) {
		struct value *args[3] = {ex_bin(ev, OP_SUB, j, val_int(1)), val_int(0), val_int(n - 2)};
		j = args[0] ? arr_ns_call(ev, be, "clip", 3, args, NULL) : NULL;
		for (int i = 0; i < 3; i++)
			if (args[i])
				val_decref(args[i]);
	}
	if (!j)
		goto out;
	x0 = ex_fn2(ev, be, "take", val_incref(xpv), val_incref(j));
	y0 = ex_fn2(ev, be, "take", val_incref(fpv), val_incref(j));
	j = ex_bin(ev, OP_ADD, j, val_int(1));
	x1 = j ? ex_fn2(ev, be, "take", val_incref(xpv), val_incref(j)) : NULL;
	y1 = j ? ex_fn2(ev, be, "take", val_incref(fpv), val_incref(j)) : NULL;
	xl = ex_item(ev, val_incref(xpv), val_int(n - 1));
	fl = ex_item(ev, val_incref(fpv), val_int(n - 1));
	left = lv && lv->type != VT_NONE ? val_float(creal(lb)) : ex_item(ev, val_incref(fpv), val_int(0));
	right = rv && rv->type != VT_NONE ? val_float(creal(rb)) : val_incref(fl);
	xf = ex_item(ev, val_incref(xpv), val_int(0));
	if (!x0 || !y0 || !x1 || !y1 || !xl || !fl || !left || !right || !xf)
		goto out;
	saved = fpe_ignore_begin();
	slope = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, val_incref(y1), val_incref(y0)),
		       ex_bin(ev, OP_SUB, val_incref(x1), val_incref(x0)));
	{
		/* ra = slope (x - x0) + y0; where NaN: rb = slope (x - x1) + y1,
		 * and y0 where that is NaN too and y0 == y1 */
		struct value *ra = slope ? ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, val_incref(slope),
								  ex_bin(ev, OP_SUB, val_incref(xv), val_incref(x0))),
						 val_incref(y0)) : NULL;
		struct value *rb2 = slope ? ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, val_incref(slope),
								   ex_bin(ev, OP_SUB, val_incref(xv), val_incref(x1))),
						  val_incref(y1)) : NULL;
		struct value *keep = rb2 ? ex_bin(ev, OP_AND, ex_fn1(ev, be, "isnan", val_incref(rb2)),
						  ex_bin(ev, OP_EQ, val_incref(y0), val_incref(y1))) : NULL;
		rb2 = ex_where(ev, be, keep, val_incref(y0), rb2);
		r = ra ? ex_where(ev, be, ex_fn1(ev, be, "isnan", val_incref(ra)), rb2, ra) : NULL;
		if (!ra && rb2)
			val_decref(rb2);
	}
	r = ex_where(ev, be, ex_bin(ev, OP_EQ, val_incref(x0), val_incref(xv)), val_incref(y0), r);
	r = ex_where(ev, be, ex_bin(ev, OP_EQ, val_incref(xv), val_incref(xl)), val_incref(fl), r);
	r = ex_where(ev, be, ex_bin(ev, OP_LT, val_incref(xv), val_incref(xf)), val_incref(left), r);
	r = ex_where(ev, be, ex_bin(ev, OP_GT, val_incref(xv), val_incref(xl)), val_incref(right), r);
	r = ex_where(ev, be, ex_fn1(ev, be, "isnan", val_incref(xv)), val_incref(xv), r);
	fpe_ignore_end(saved);
	if (r && x->ndim == 0) {
		/* NumPy: a float64 scalar for a 0-d x */
		struct ndarray *ra = arr_borrow(r);
		if (ra) {
			struct value *s = arr_result(ev, nd_incref(ra));
			val_decref(r);
			r = s;
		}
	}
out:
	for (struct value **q = (struct value *[]){xv, xpv, fpv, j, x0, x1, y0, y1, slope, left, right, xl, fl, xf},
	     **e = q + 14; q < e; q++)
		if (*q)
			val_decref(*q);
	return r;
}

static struct value *tf_interp(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *xpv, *fpv, *lv = NULL, *rv = NULL, *pv = NULL;
	if (args_parse(ev, "interp", argc, argv, kw, "x,xp,fp|left,right,period", &xv, &xpv, &fpv,
		       &lv, &rv, &pv) < 0)
		return NULL;
	if (pv && pv->type != VT_NONE)
		return interp_periodic(ev, bi, xv, xpv, fpv, pv);
	struct ndarray *x = in_arr(ev, bi, xv), *xp = NULL, *fp = NULL;
	struct ndarray *xh = NULL, *xph = NULL, *fph = NULL, *out = NULL;
	if (!x)
		return NULL;
	if (!(xp = in_arr(ev, bi, xpv)) || !(fp = in_arr(ev, bi, fpv)))
		goto out;
	if (xp->ndim != 1 || fp->ndim != 1) {
		err_set(ev, TY_ValueError, "object too deep for desired array");
		goto out;
	}
	if (nd_size(xp) != nd_size(fp)) {
		err_set(ev, TY_ValueError, "fp and xp are not of the same length.");
		goto out;
	}
	if (nd_size(xp) == 0) {
		err_set(ev, TY_ValueError, "array of sample points is empty");
		goto out;
	}
	int cplx = dt_is_complex(fp->dtype), nc = cplx ? 2 : 1, odt = cplx ? DT_COMPLEX128 : DT_FLOAT64;
	if (!cplx && nd_size(xp) >= 2 && ds_wanted(arr_be(bi)) && nd_backend(x) == nd_backend(xp)
	    && nd_backend(xp) == nd_backend(fp)) {
		struct value *v = interp_composed(ev, x, xp, fp, lv, rv);
		nd_decref(x);
		nd_decref(xp);
		nd_decref(fp);
		return v;
	}
	xh = arr_host_c(ev, x, DT_FLOAT64);
	xph = xh ? arr_host_c(ev, xp, DT_FLOAT64) : NULL;
	fph = xph ? arr_host_c(ev, fp, odt) : NULL;
	if (!fph)
		goto out;
	int64_t n = nd_size(xph), nx = nd_size(xh);
	const double *dx = (const double *)nd_data(xph), *dy = (const double *)nd_data(fph);
	double _Complex left, right;
	{
		double _Complex f0 = cplx ? CMPLX(dy[0], dy[1]) : dy[0];
		double _Complex fn = cplx ? CMPLX(dy[(n - 1) * 2], dy[(n - 1) * 2 + 1]) : dy[n - 1];
		if (interp_bound(ev, lv, cplx, f0, &left) < 0 || interp_bound(ev, rv, cplx, fn, &right) < 0)
			goto out;
	}
	out = nd_new(ev, &backend_host, odt, xh->ndim, xh->shape);
	if (!out)
		goto out;
	double *o = (double *)nd_data(out);
	const double *xs = (const double *)nd_data(xh);
	for (int64_t i = 0; i < nx; i++) {
		double v = xs[i], *oi = o + i * nc;
		const double _Complex *bound = NULL;
		int64_t j;
		if (n == 1) { /* one sample: left, right or its value, NaN included */
			bound = v < dx[0] ? &left : v > dx[0] ? &right : NULL;
			for (int k = 0; k < nc; k++)
				oi[k] = bound ? (k ? cimag(*bound) : creal(*bound)) : dy[k];
			continue;
		}
		if (v != v) { /* NaN: NaN (+0j) */
			oi[0] = v;
			if (cplx)
				oi[1] = 0.0;
			continue;
		}
		if (v > dx[n - 1]) {
			bound = &right;
		} else if (v < dx[0]) {
			bound = &left;
		} else {
			int64_t l = 0, h = n;
			while (l < h) {
				int64_t m = (l + h) / 2;
				if (dx[m] <= v)
					l = m + 1;
				else
					h = m;
			}
			j = l - 1;
			if (v == dx[n - 1] || j >= n - 1 || dx[j] == v) {
				/* an exact sample: its value, no non-finite slope */
				if (v == dx[n - 1])
					j = n - 1;
				for (int k = 0; k < nc; k++)
					oi[k] = dy[j * nc + k];
				continue;
			}
			for (int k = 0; k < nc; k++)
				oi[k] = interp_lin(dx, dy + k, nc, j, v);
			continue;
		}
		oi[0] = creal(*bound);
		if (cplx)
			oi[1] = cimag(*bound);
	}
	out = finish(ev, out, odt, arr_be(bi));
out:
	nd_decref(x);
	nd_decref(xp);
	nd_decref(fp);
	nd_decref(xh);
	nd_decref(xph);
	nd_decref(fph);
	return out ? arr_result(ev, out) : NULL;
}

/* ---- isclose allclose array_equal ---- */

/* Elementwise isclose into a host bool array of the broadcast shape. */
static struct ndarray *isclose_core(struct eval *ev, const struct builtin *bi, struct value *av,
				    struct value *bv, double rtol, double atol, int equal_nan)
{
	struct ndarray *a = in_arr(ev, bi, av), *b = a ? in_arr(ev, bi, bv) : NULL;
	struct ndarray *ab = NULL, *bb = NULL, *ah = NULL, *bh = NULL, *out = NULL;
	if (!b)
		goto out;
	const struct ndarray *pair[2] = {a, b};
	int nd;
	int64_t shape[ND_MAXDIM];
	if (arr_broadcast_shapes(ev, 2, pair, &nd, shape) < 0)
		goto out;
	ab = arr_broadcast_to(ev, a, nd, shape);
	bb = ab ? arr_broadcast_to(ev, b, nd, shape) : NULL;
	int cplx = dt_is_complex(a->dtype) || dt_is_complex(b->dtype);
	ah = bb ? arr_host_c(ev, ab, cplx ? DT_COMPLEX128 : DT_FLOAT64) : NULL;
	bh = ah ? arr_host_c(ev, bb, cplx ? DT_COMPLEX128 : DT_FLOAT64) : NULL;
	if (!bh)
		goto out;
	out = nd_new(ev, &backend_host, DT_BOOL, nd, shape);
	if (!out)
		goto out;
	int64_t n = nd_size(out);
	uint8_t *o = (uint8_t *)nd_data(out);
	for (int64_t i = 0; i < n; i++) {
		double _Complex x, y;
		if (cplx) {
			x = ((double _Complex *)nd_data(ah))[i];
			y = ((double _Complex *)nd_data(bh))[i];
		} else {
			x = ((double *)nd_data(ah))[i];
			y = ((double *)nd_data(bh))[i];
		}
		int xnan = isnan(creal(x)) || isnan(cimag(x)), ynan = isnan(creal(y)) || isnan(cimag(y));
		int xfin = isfinite(creal(x)) && isfinite(cimag(x)), yfin = isfinite(creal(y)) && isfinite(cimag(y));
		int r;
		if (xnan || ynan)
			r = equal_nan && xnan && ynan;
		else if (!xfin || !yfin)
			r = x == y;
		else
			r = cabs(x - y) <= atol + rtol * cabs(y);
		o[i] = (uint8_t)r;
	}
out:
	nd_decref(a);
	nd_decref(b);
	nd_decref(ab);
	nd_decref(bb);
	nd_decref(ah);
	nd_decref(bh);
	return out;
}

static int close_args(struct eval *ev, const char *name, int argc, struct value **argv,
		      const struct kwargs *kw, struct value **a, struct value **b, double *rtol,
		      double *atol, int *equal_nan)
{
	struct value *rv = NULL, *av = NULL, *ev_ = NULL;
	if (args_parse(ev, name, argc, argv, kw, "a,b|rtol,atol,equal_nan", a, b, &rv, &av, &ev_) < 0
	    || args_double(ev, rv, 1e-05, rtol) < 0 || args_double(ev, av, 1e-08, atol) < 0
	    || args_bool(ev, ev_, 0, equal_nan) < 0)
		return -1;
	return 0;
}

/* isclose / allclose composed where the arrays lie (devsearch.c): a 0-d
 * result is a NumPy bool on the host, a 0-d array on the device (CuPy) */
static struct value *close_composed(struct eval *ev, const struct builtin *bi, struct value *av,
				    struct value *bv, double rtol, double atol, int en, int all)
{
	struct ndarray *a = in_arr(ev, bi, av), *b = a ? in_arr(ev, bi, bv) : NULL, *r;
	struct value *v = b ? ds_isclose(ev, a, b, rtol, atol, en, all) : NULL;
	nd_decref(a);
	nd_decref(b);
	if (!v || !(r = arr_borrow(v)))
		return v;
	if (all && !arr_is_cupy(arr_be(bi))) {
		int t = arr_truth(ev, v);
		val_decref(v);
		return t < 0 ? NULL : val_bool(t);
	}
	if (r->ndim == 0) {
		struct value *s = arr_result(ev, nd_incref(r));
		val_decref(v);
		return s;
	}
	return v;
}

/* allclose (outp NULL) or isclose (*outp: a new bool array) of two
 * C-contiguous host arrays of one shape and dtype (float64 or float32):
 * isclose_core's test item by item without copies, allclose stopping at
 * the first item that is not close.  1 / 0 (all close), -1 with an error,
 * -2 when the arrays are not such a pair (isclose_core then) */
static int allclose_fast(struct eval *ev, const struct builtin *bi, struct value *av, struct value *bv,
			 double rtol, double atol, int equal_nan, struct ndarray **outp)
{
	struct ndarray *a = arr_borrow(av), *b = arr_borrow(bv);
	uint8_t *o = NULL;
	int all = 1;
	int64_t n;
	if (!a || !b || nd_backend(a) != arr_be(bi) || nd_backend(b) != arr_be(bi) || nd_device(a) != DEV_HOST
	    || a->dtype != b->dtype || (a->dtype != DT_FLOAT64 && a->dtype != DT_FLOAT32)
	    || a->ndim != b->ndim || memcmp(a->shape, b->shape, sizeof(int64_t) * a->ndim)
	    || !nd_is_c_contiguous(a) || !nd_is_c_contiguous(b))
		return -2;
	n = nd_size(a);
	if (outp) {
		/* isclose: every item into a bool array of the shape */
		if (!(*outp = nd_new(ev, &backend_host, DT_BOOL, a->ndim, a->shape)))
			return -1;
		o = (uint8_t *)nd_data(*outp);
	}
#define CLOSE_LOOP(T)                                                                         \
	for (int64_t i = 0; i < n; i++) {                                                     \
		double x = ((const T *)nd_data(a))[i], y = ((const T *)nd_data(b))[i];        \
		int c;                                                                        \
		if (isfinite(x) && isfinite(y))                                               \
			c = fabs(x - y) <= atol + rtol * fabs(y);                             \
		else if (x != x || y != y)                                                    \
			c = equal_nan && x != x && y != y;                                    \
		else                                                                          \
			c = x == y;                                                           \
		if (o)                                                                        \
			o[i] = (uint8_t)c;                                                    \
		else if (!c)                                                                  \
			return 0;                                                             \
		all &= c;                                                                     \
	}
	if (a->dtype == DT_FLOAT64) {
		CLOSE_LOOP(double)
	} else {
		CLOSE_LOOP(float)
	}
#undef CLOSE_LOOP
	return all;
}

static struct value *tf_isclose(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b;
	double rtol, atol;
	int en;
	if (close_args(ev, "isclose", argc, argv, kw, &a, &b, &rtol, &atol, &en) < 0)
		return NULL;
	if (ds_wanted(arr_be(bi)))
		return close_composed(ev, bi, a, b, rtol, atol, en, 0);
	struct ndarray *r = NULL;
	int f = arr_is_cupy(arr_be(bi)) ? -2 : allclose_fast(ev, bi, a, b, rtol, atol, en, &r);
	if (f == -1)
		return NULL;
	if (f >= 0)
		return r->ndim ? arr_wrap(ev, r) : arr_result(ev, r);
	r = isclose_core(ev, bi, a, b, rtol, atol, en);
	r = finish(ev, r, DT_BOOL, arr_be(bi));
	return r ? arr_result(ev, r) : NULL;
}

static struct value *tf_allclose(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b;
	double rtol, atol;
	int en;
	if (close_args(ev, "allclose", argc, argv, kw, &a, &b, &rtol, &atol, &en) < 0)
		return NULL;
	if (ds_wanted(arr_be(bi)))
		return close_composed(ev, bi, a, b, rtol, atol, en, 1);
	{
		int all = allclose_fast(ev, bi, a, b, rtol, atol, en, NULL);
		if (all == -1)
			return NULL;
		if (all >= 0 && !arr_is_cupy(arr_be(bi)))
			return val_bool(all);
	}
	struct ndarray *r = isclose_core(ev, bi, a, b, rtol, atol, en);
	if (!r)
		return NULL;
	int all = 1;
	for (int64_t i = 0; i < nd_size(r) && all; i++)
		all = ((uint8_t *)nd_data(r))[i];
	nd_decref(r);
	if (arr_is_cupy(arr_be(bi))) {
		/* CuPy returns a 0-d bool array */
		struct ndarray *z = nd_new(ev, &backend_host, DT_BOOL, 0, NULL);
		if (!z)
			return NULL;
		*(uint8_t *)nd_data(z) = (uint8_t)all;
		z = finish(ev, z, DT_BOOL, arr_be(bi));
		return z ? arr_wrap(ev, z) : NULL;
	}
	return val_bool(all);
}

/* array_equal where the arrays lie (issue 17): all((a == b) | (isnan(a) &
 * isnan(b))) as NumPy's formula (the NaN term only with equal_nan and an
 * inexact dtype), one reduction on the device; same_shape 0 is False
 * without a look at the items.  CuPy answers a 0-d bool array (no copy
 * back), NumPy a bool. */
static struct value *equal_composed(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
				    int same_shape, int equal_nan, int cupy)
{
	const struct backend *be = nd_backend(a);
	struct value *r;
	if (!same_shape) {
		if (!cupy)
			return val_bool(0);
		struct value *args[1] = {val_bool(0)};
		r = arr_ns_call(ev, be, "array", 1, args, NULL);
		val_decref(args[0]);
		return r;
	}
	r = ds_all_equal(ev, a, b, equal_nan);
	if (r && !cupy) {
		int t = arr_truth(ev, r);
		val_decref(r);
		return t < 0 ? NULL : val_bool(t);
	}
	return r;
}

static struct value *tf_array_equal(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *env = NULL;
	int equal_nan = 0, eq = 1;
	if (args_parse(ev, "array_equal", argc, argv, kw, "a1,a2|equal_nan", &av, &bv, &env) < 0
	    || args_bool(ev, env, 0, &equal_nan) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *b = a ? in_arr(ev, bi, bv) : NULL, *ah = NULL, *bh = NULL;
	if (!b) {
		nd_decref(a);
		return NULL;
	}
	if (a->ndim != b->ndim)
		eq = 0;
	for (int i = 0; eq && i < a->ndim; i++)
		eq = a->shape[i] == b->shape[i];
	if (ds_wanted(arr_be(bi)) && nd_backend(a) == nd_backend(b)) {
		struct value *v = equal_composed(ev, a, b, eq, equal_nan, arr_is_cupy(arr_be(bi)));
		nd_decref(a);
		nd_decref(b);
		return v;
	}
	if (eq) {
		int ints = !dt_is_inexact(a->dtype) && !dt_is_inexact(b->dtype);
		int wd = ints ? DT_INT64 : DT_COMPLEX128;
		ah = arr_host_c(ev, a, wd);
		bh = ah ? arr_host_c(ev, b, wd) : NULL;
		if (!bh) {
			nd_decref(a);
			nd_decref(b);
			nd_decref(ah);
			return NULL;
		}
		int64_t n = nd_size(ah);
		for (int64_t i = 0; i < n && eq; i++) {
			if (ints) {
				eq = ((int64_t *)nd_data(ah))[i] == ((int64_t *)nd_data(bh))[i];
			} else {
				double _Complex x = ((double _Complex *)nd_data(ah))[i];
				double _Complex y = ((double _Complex *)nd_data(bh))[i];
				int xn = isnan(creal(x)) || isnan(cimag(x)), yn = isnan(creal(y)) || isnan(cimag(y));
				eq = (xn || yn) ? (equal_nan && xn && yn) : x == y;
			}
		}
	}
	nd_decref(a);
	nd_decref(b);
	nd_decref(ah);
	nd_decref(bh);
	return val_bool(eq);
}

/* ---- cross ---- */

/* component k of the vectors along the last axis of a, as a value */
static struct value *cross_comp(struct eval *ev, const struct ndarray *a, int k)
{
	struct ndarray *v = nd_view(ev, a, a->dtype, a->ndim - 1, a->shape, a->strides,
				    a->offset + k * a->strides[a->ndim - 1]);
	return v ? arr_wrap(ev, v) : NULL;
}

/* the cross product of 3-vectors (the last axis of a and b, broadcast to
 * one shape) where they lie (issue 17), in the result dtype as NumPy
 * computes it: c0 = a1 b2 - a2 b1, c1 = a2 b0 - a0 b2, c2 = a0 b1 - a1 b0,
 * stacked along axisc */
static struct value *cross_composed(struct eval *ev, const struct ndarray *a, const struct ndarray *b, int axisc)
{
	const struct backend *be = nd_backend(a);
	struct value *x[3], *y[3], *c[3], *r = NULL;
	static const int p[3][2] = {{1, 2}, {2, 0}, {0, 1}};
	for (int k = 0; k < 3; k++) {
		x[k] = cross_comp(ev, a, k);
		y[k] = cross_comp(ev, b, k);
	}
	for (int k = 0; k < 3; k++) {
		int i = p[k][0], j = p[k][1];
		c[k] = x[i] && y[j] && x[j] && y[i]
		       ? ex_bin(ev, OP_SUB, ex_bin(ev, OP_MUL, val_incref(x[i]), val_incref(y[j])),
				ex_bin(ev, OP_MUL, val_incref(x[j]), val_incref(y[i])))
		       : NULL;
	}
	if (c[0] && c[1] && c[2]) {
		struct value *tup = val_tuple_new(3, (struct value *[]){val_incref(c[0]), val_incref(c[1]), val_incref(c[2])});
		struct value *ax = val_int(axisc);
		r = tup ? arr_ns_callk(ev, be, "stack", 1, &tup, "axis", ax) : NULL;
		if (tup)
			val_decref(tup);
		val_decref(ax);
	}
	for (int k = 0; k < 3; k++) {
		if (x[k])
			val_decref(x[k]);
		if (y[k])
			val_decref(y[k]);
		if (c[k])
			val_decref(c[k]);
	}
	return r;
}

static struct value *tf_cross(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *axa = NULL, *axb = NULL, *axc = NULL, *axv = NULL;
	if (args_parse(ev, "cross", argc, argv, kw, "a,b|axisa,axisb,axisc,axis", &av, &bv,
		       &axa, &axb, &axc, &axv) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *b = a ? in_arr(ev, bi, bv) : NULL;
	struct ndarray *ab = NULL, *bb = NULL, *ah = NULL, *bh = NULL, *out = NULL;
	if (!b)
		goto out;
	/* axis, when given, overrides axisa, axisb and axisc */
	int64_t axes[3] = {-1, -1, -1};
	struct value *axvals[3] = {axa, axb, axc};
	for (int i = 0; i < 3; i++) {
		struct value *v = axv && axv->type != VT_NONE ? axv : axvals[i];
		if (v && v->type != VT_NONE && val_as_int64(ev, v, &axes[i]) < 0)
			goto out;
	}
	if (a->ndim == 0 || b->ndim == 0) {
		err_set(ev, TY_ValueError, "At least one array has zero dimension");
		goto out;
	}
	int axa_i, axb_i;
	if (axes[0] < -a->ndim || axes[0] >= a->ndim) {
		err_set(ev, TY_AxisError, "axisa: axis %lld is out of bounds for array of dimension %d",
			(long long)axes[0], a->ndim);
		goto out;
	}
	if (axes[1] < -b->ndim || axes[1] >= b->ndim) {
		err_set(ev, TY_AxisError, "axisb: axis %lld is out of bounds for array of dimension %d",
			(long long)axes[1], b->ndim);
		goto out;
	}
	axa_i = (int)(axes[0] < 0 ? axes[0] + a->ndim : axes[0]);
	axb_i = (int)(axes[1] < 0 ? axes[1] + b->ndim : axes[1]);
	{
		/* move the vector axis last */
		int perm[ND_MAXDIM];
		for (int i = 0, k = 0; i < a->ndim; i++)
			if (i != axa_i)
				perm[k++] = i;
		perm[a->ndim - 1] = axa_i;
		struct ndarray *t = arr_transpose(ev, a, perm);
		nd_decref(a);
		a = t;
		for (int i = 0, k = 0; i < b->ndim; i++)
			if (i != axb_i)
				perm[k++] = i;
		perm[b->ndim - 1] = axb_i;
		t = a ? arr_transpose(ev, b, perm) : NULL;
		nd_decref(b);
		b = t;
		if (!a || !b)
			goto out;
	}
	int64_t la = a->shape[a->ndim - 1], lb = b->shape[b->ndim - 1];
	if ((la != 2 && la != 3) || (lb != 2 && lb != 3)) {
		err_set(ev, TY_ValueError, "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
		goto out;
	}
	/* broadcast the leading dims */
	struct ndarray av1 = *a, bv1 = *b;
	av1.ndim--;
	bv1.ndim--;
	const struct ndarray *pair[2] = {&av1, &bv1};
	int nd;
	int64_t shape[ND_MAXDIM];
	if (arr_broadcast_shapes(ev, 2, pair, &nd, shape) < 0)
		goto out;
	shape[nd] = la;
	ab = arr_broadcast_to(ev, a, nd + 1, shape);
	shape[nd] = lb;
	bb = ab ? arr_broadcast_to(ev, b, nd + 1, shape) : NULL;
	int dt = dt_promote(a->dtype, b->dtype), wd = wide(dt);
	/* 3-vectors of a real dtype: composed where they lie, in the result
	 * dtype as NumPy computes (the host loop below works in a wider type) */
	if (bb && la == 3 && lb == 3 && nd_backend(ab) == nd_backend(bb) && dt != DT_BOOL && !dt_is_complex(dt)) {
		int ond = nd + 1;
		if (axes[2] < -ond || axes[2] >= ond) {
			err_set(ev, TY_AxisError, "axisc: axis %lld is out of bounds for array of dimension %d",
				(long long)axes[2], ond);
			goto out;
		}
		struct value *v = cross_composed(ev, ab, bb, (int)(axes[2] < 0 ? axes[2] + ond : axes[2]));
		nd_decref(a);
		nd_decref(b);
		nd_decref(ab);
		nd_decref(bb);
		return v;
	}
	ah = bb ? arr_host_c(ev, ab, wd) : NULL;
	bh = ah ? arr_host_c(ev, bb, wd) : NULL;
	if (!bh)
		goto out;
	int three = la == 3 || lb == 3;
	int ond = three ? nd + 1 : nd, axc_i = ond - 1;
	if (three) {
		if (axes[2] < -ond || axes[2] >= ond) {
			err_set(ev, TY_AxisError, "axisc: axis %lld is out of bounds for array of dimension %d",
				(long long)axes[2], ond);
			goto out;
		}
		axc_i = (int)(axes[2] < 0 ? axes[2] + ond : axes[2]);
	}
	shape[nd] = 3;
	out = nd_new(ev, &backend_host, wd, ond, shape);
	if (!out)
		goto out;
	int64_t rows = nd_size(ah) / la;
#define CROSS(T) do { \
		const T *x = (const T *)nd_data(ah), *y = (const T *)nd_data(bh); \
		T *o = (T *)nd_data(out); \
		for (int64_t r = 0; r < rows; r++, x += la, y += lb) { \
			T a0 = x[0], a1 = x[1], a2 = la == 3 ? x[2] : 0; \
			T b0 = y[0], b1 = y[1], b2 = lb == 3 ? y[2] : 0; \
			if (three) { \
				o[0] = a1 * b2 - a2 * b1; \
				o[1] = a2 * b0 - a0 * b2; \
				o[2] = a0 * b1 - a1 * b0; \
				o += 3; \
			} else { \
				*o++ = a0 * b1 - a1 * b0; \
			} \
		} } while (0)
	if (wd == DT_INT64)
		CROSS(int64_t);
	else if (wd == DT_FLOAT64)
		CROSS(double);
	else
		CROSS(double _Complex);
#undef CROSS
	if (axc_i != ond - 1) { /* moveaxis(cp, -1, axisc) */
		int perm[ND_MAXDIM];
		for (int i = 0, k = 0; i < ond; i++)
			perm[i] = i == axc_i ? ond - 1 : k++;
		struct ndarray *t = arr_transpose(ev, out, perm);
		nd_decref(out);
		out = t;
	}
	out = finish(ev, out, dt, arr_be(bi));
out:
	nd_decref(a);
	nd_decref(b);
	nd_decref(ab);
	nd_decref(bb);
	nd_decref(ah);
	nd_decref(bh);
	return out ? arr_wrap(ev, out) : NULL;
}

/* ---- digitize array_equiv (NumPy's Python, composed: nscall.h) ---- */

/* +1 non-decreasing, -1 non-increasing, 0 neither (NumPy's _monotonicity) */
static int monotonicity(const double *b, int64_t n)
{
	int64_t i = 0;
	while (i + 1 < n && b[i] == b[i + 1])
		i++;
	if (i + 1 >= n)
		return 1;
	int dir = b[i + 1] > b[i] ? 1 : -1;
	for (; i + 1 < n; i++)
		if ((dir > 0 && b[i + 1] < b[i]) || (dir < 0 && b[i + 1] > b[i]) || b[i + 1] != b[i + 1])
			return 0;
	return dir;
}

/* digitize(x, bins, right=False) */
static struct value *tf_digitize(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *xv, *bv, *rv = NULL, *x = NULL, *b = NULL, *r = NULL, *side;
	int right;
	if (args_parse(ev, "digitize", argc, argv, kw, "x,bins|right", &xv, &bv, &rv) < 0 ||
	    args_bool(ev, rv, 0, &right) < 0)
		return NULL;
	struct ndarray *xa = in_arr(ev, bi, xv), *ba = xa ? in_arr(ev, bi, bv) : NULL, *bh = NULL;
	if (!ba) {
		nd_decref(xa);
		return NULL;
	}
	x = arr_wrap(ev, xa);
	b = arr_wrap(ev, ba);
	if (!x || !b)
		goto out;
	if (dt_is_complex(xa->dtype)) {
		err_set(ev, TY_TypeError, "x may not be complex");
		goto out;
	}
	if (ba->ndim != 1) {
		err_set(ev, TY_ValueError, "object too deep for desired array");
		goto out;
	}
	if (!(bh = arr_host_c(ev, ba, DT_FLOAT64)))
		goto out;
	int mono = monotonicity((const double *)nd_data(bh), ba->shape[0]);
	nd_decref(bh);
	if (!mono) {
		err_set(ev, TY_ValueError, "bins must be monotonically increasing or decreasing");
		goto out;
	}
	side = val_cstr(right ? "left" : "right");
	if (mono < 0) {
		/* len(bins) - searchsorted(bins[::-1], x, side=side) */
		struct value *rev = ex_item(ev, val_incref(b), val_slice_new(val_none(), val_none(), val_int(-1)));
		struct value *args[2] = {rev, x};
		struct value *s = rev ? arr_ns_callk(ev, be, "searchsorted", 2, args, "side", side) : NULL;
		if (rev)
			val_decref(rev);
		r = ex_bin(ev, OP_SUB, val_int(ba->shape[0]), s);
	} else {
		struct value *args[2] = {b, x};
		r = arr_ns_callk(ev, be, "searchsorted", 2, args, "side", side);
	}
	val_decref(side);
out:
	if (x)
		val_decref(x);
	if (b)
		val_decref(b);
	return r;
}

/* array_equiv(a1, a2): broadcastable and equal everywhere */
static struct value *tf_array_equiv(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				    const struct kwargs *kw)
{
	struct value *av, *bv, *eq, *all;
	int64_t shape[ND_MAXDIM];
	int nd, t;
	if (args_parse(ev, "array_equiv", argc, argv, kw, "a1,a2", &av, &bv) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *b = a ? in_arr(ev, bi, bv) : NULL;
	const struct ndarray *ab[2] = {a, b};
	if (!b || arr_broadcast_shapes(ev, 2, ab, &nd, shape) < 0) {
		nd_decref(a);
		nd_decref(b);
		err_clear(ev); /* NumPy: any failure here is "not equivalent" */
		return val_bool(0);
	}
	struct value *x = arr_wrap(ev, a), *y = arr_wrap(ev, b);
	eq = ex_bin(ev, OP_EQ, x, y);
	all = eq ? arr_ns_call(ev, arr_be(bi), "all", 1, &eq, NULL) : NULL;
	if (eq)
		val_decref(eq);
	t = all ? val_truth(ev, all) : -1;
	if (all)
		val_decref(all);
	return t < 0 ? NULL : val_bool(t);
}

/* ---- histogram2d (NumPy's histogramdd for two coordinates) ---- */

/* One axis's edges: bins an int (linspace over range or the data's extent)
 * or a 1-d array of increasing edges.  Returns the edges value. */
static struct value *h2_edges(struct eval *ev, const struct backend *be, struct value *bins, struct value *range,
			      const double *a, int64_t n, int i)
{
	struct ndarray *ba = arr_borrow(bins);
	int scalar = ba ? ba->ndim == 0 : bins->type != VT_LIST && bins->type != VT_TUPLE;
	if (!scalar) {
		struct ndarray *e = arr_asarray(ev, be, bins, -1), *h;
		if (!e)
			return NULL;
		if (e->ndim != 1) {
			nd_decref(e);
			return err_set(ev, TY_ValueError, "`bins[%d]` must be a scalar or 1d array", i);
		}
		if (!(h = arr_host_c(ev, e, DT_FLOAT64))) {
			nd_decref(e);
			return NULL;
		}
		for (int64_t k = 0; k + 1 < e->shape[0]; k++)
			if (((double *)nd_data(h))[k] > ((double *)nd_data(h))[k + 1]) {
				nd_decref(h);
				nd_decref(e);
				return err_set(ev, TY_ValueError, "`bins[%d]` must be monotonically increasing, when an array", i);
			}
		nd_decref(h);
		return arr_wrap(ev, e);
	}
	double nb;
	if (val_as_double(ev, bins, &nb) < 0)
		return NULL;
	if (nb < 1)
		return err_set(ev, TY_ValueError, "`bins[%d]` must be positive, when an integer", i);
	int64_t nbins;
	if (val_as_int64(ev, bins, &nbins) < 0) {
		err_clear(ev);
		return err_set(ev, TY_TypeError, "`bins[%d]` must be an integer, when a scalar", i);
	}
	double lo, hi;
	char b1[32], b2[32];
	if (range && range->type != VT_NONE) {
		struct value *r0 = ex_item(ev, val_incref(range), val_int(0)), *r1 = ex_item(ev, val_incref(range), val_int(1));
		int rc = r0 && r1 && val_as_double(ev, r0, &lo) == 0 && val_as_double(ev, r1, &hi) == 0 ? 0 : -1;
		if (r0)
			val_decref(r0);
		if (r1)
			val_decref(r1);
		if (rc < 0)
			return NULL;
		if (lo > hi)
			return err_set(ev, TY_ValueError, "max must be larger than min in range parameter.");
		if (!isfinite(lo) || !isfinite(hi)) {
			fmt_pyfloat(lo, b1, sizeof b1);
			fmt_pyfloat(hi, b2, sizeof b2);
			return err_set(ev, TY_ValueError, "supplied range of [%s, %s] is not finite", b1, b2);
		}
	} else if (n == 0) {
		lo = 0;
		hi = 1;
	} else {
		lo = hi = a[0];
		for (int64_t k = 0; k < n; k++) {
			if (a[k] != a[k]) {
				lo = hi = a[k];
				break;
			}
			lo = a[k] < lo ? a[k] : lo;
			hi = a[k] > hi ? a[k] : hi;
		}
		if (!isfinite(lo) || !isfinite(hi)) {
			fmt_pyfloat(lo, b1, sizeof b1);
			fmt_pyfloat(hi, b2, sizeof b2);
			return err_set(ev, TY_ValueError, "autodetected range of [%s, %s] is not finite", b1, b2);
		}
	}
	if (lo == hi) {
		lo -= 0.5;
		hi += 0.5;
	}
	struct value *args[3] = {val_float(lo), val_float(hi), val_int(nbins + 1)};
	struct value *r = arr_ns_call(ev, be, "linspace", 3, args, NULL);
	for (int k = 0; k < 3; k++)
		val_decref(args[k]);
	return r;
}

/* bin of v among edges e[0..m): 0 below, m beyond (searchsorted right,
 * the last edge counted in the last bin) */
static int64_t h2_bin(const double *e, int64_t m, double v)
{
	int64_t lo = 0, hi = m;
	if (v != v) /* NaN sorts last */
		return m;
	while (lo < hi) {
		int64_t mid = (lo + hi) / 2;
		if (e[mid] <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (m && v == e[m - 1])
		lo--;
	return lo;
}

/* histogram2d(x, y, bins=10, range=None, density=None, weights=None) */
static struct value *tf_histogram2d(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				    const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *xv, *yv, *bv = NULL, *rv = NULL, *dv = NULL, *wv = NULL, *bins[2] = {0}, *edges[2] = {0};
	struct value *ranges[2] = {0}, *hist = NULL, *r = NULL;
	struct ndarray *xs[2] = {0}, *eh[2] = {0}, *w = NULL, *h = NULL;
	int density;
	if (args_parse(ev, "histogram2d", argc, argv, kw, "x,y|bins,range,density,weights", &xv, &yv, &bv, &rv, &dv, &wv) < 0 ||
	    args_bool(ev, dv, 0, &density) < 0)
		return NULL;
	struct value *defbins = val_int(10);
	if (!bv)
		bv = defbins;
	/* bins: one spec, a pair, or one edges array for both */
	int64_t nspec = 1;
	if (bv->type == VT_LIST || bv->type == VT_TUPLE || (arr_borrow(bv) && arr_borrow(bv)->ndim > 0))
		if ((nspec = val_len(ev, bv)) < 0)
			goto out;
	for (int i = 0; i < 2; i++) {
		bins[i] = nspec == 2 ? ex_item(ev, val_incref(bv), val_int(i)) : val_incref(bv);
		ranges[i] = rv && rv->type != VT_NONE ? ex_item(ev, val_incref(rv), val_int(i)) : NULL;
		if (!bins[i] || (rv && rv->type != VT_NONE && !ranges[i]))
			goto out;
	}
	for (int i = 0; i < 2; i++) {
		struct ndarray *a = in_arr(ev, bi, i ? yv : xv);
		if (!a)
			goto out;
		xs[i] = a->ndim == 1 ? arr_host_c(ev, a, DT_FLOAT64) : NULL;
		if (a->ndim != 1)
			err_set(ev, TY_ValueError, "histogram2d: x and y must be 1-d");
		nd_decref(a);
		if (!xs[i])
			goto out;
	}
	int64_t n = xs[0]->shape[0];
	if (xs[1]->shape[0] != n) {
		err_set(ev, TY_ValueError, "all input arrays must have the same shape");
		goto out;
	}
	for (int i = 0; i < 2; i++)
		if (!(edges[i] = h2_edges(ev, be, bins[i], ranges[i], (const double *)nd_data(xs[i]), n, i)) ||
		    !(eh[i] = arr_host_c(ev, arr_borrow(edges[i]), DT_FLOAT64)))
			goto out;
	if (wv && wv->type != VT_NONE) {
		struct ndarray *wa = in_arr(ev, bi, wv);
		if (!wa)
			goto out;
		w = wa->ndim == 1 && wa->shape[0] == n ? arr_host_c(ev, wa, DT_FLOAT64) : NULL;
		if (!w && !err_occurred(ev))
			err_set(ev, TY_ValueError, "weights should have the same shape as x");
		nd_decref(wa);
		if (!w)
			goto out;
	}
	int64_t m0 = eh[0]->shape[0], m1 = eh[1]->shape[0], shape[2] = {m0 - 1, m1 - 1};
	if (!(h = nd_new_zeroed(ev, &backend_host, DT_FLOAT64, 2, shape)))
		goto out;
	double *hp = (double *)nd_data(h);
	for (int64_t k = 0; k < n; k++) {
		int64_t i = h2_bin((const double *)nd_data(eh[0]), m0, ((const double *)nd_data(xs[0]))[k]);
		int64_t j = h2_bin((const double *)nd_data(eh[1]), m1, ((const double *)nd_data(xs[1]))[k]);
		if (i >= 1 && i < m0 && j >= 1 && j < m1)
			hp[(i - 1) * (m1 - 1) + (j - 1)] += w ? ((const double *)nd_data(w))[k] : 1.0;
	}
	struct ndarray *hd = arr_to_backend(ev, h, be);   /* h itself on the host */
	if (!hd || !(hist = arr_wrap(ev, hd)))
		goto out;
	if (density) {
		/* hist / dedges[0].reshape(-1, 1) / dedges[1].reshape(1, -1) / hist.sum() */
		struct value *s = arr_method_call(ev, hist, "sum", 0, NULL, NULL);
		for (int i = 0; i < 2 && hist; i++) {
			struct value *de = ex_fn1(ev, be, "diff", val_incref(edges[i]));
			struct ndarray *da = de ? arr_borrow(de) : NULL, *rs = NULL;
			int64_t sh[2] = {i ? 1 : -1, i ? -1 : 1};
			if (da)
				rs = arr_reshape(ev, da, 2, sh);
			if (de)
				val_decref(de);
			hist = ex_bin(ev, OP_TRUEDIV, hist, rs ? arr_wrap(ev, rs) : NULL);
		}
		hist = ex_bin(ev, OP_TRUEDIV, hist, s);
		if (!hist)
			goto out;
	}
	struct value *items[3] = {hist, edges[0], edges[1]};
	r = val_tuple_new(3, items);
	hist = edges[0] = edges[1] = NULL;
out:
	val_decref(defbins);
	for (int i = 0; i < 2; i++) {
		for (struct value **p = (struct value *[]){bins[i], ranges[i], edges[i]}, **q = p + 3; p < q; p++)
			if (*p)
				val_decref(*p);
		nd_decref(xs[i]);
		nd_decref(eh[i]);
	}
	if (hist)
		val_decref(hist);
	nd_decref(w);
	nd_decref(h);
	return r;
}

const struct arr_func arr_stat_funcs[] = {
	{"histogram2d", tf_histogram2d, "histogram2d(x, y, bins=10, range=None, density=None, weights=None)",
	 "Compute the bi-dimensional histogram of two data samples."},
	{"digitize", tf_digitize, "digitize(x, bins, right=False)", "Return the indices of the bins to which each value in input array belongs."},
	{"array_equiv", tf_array_equiv, "array_equiv(a1, a2)", "True if input arrays are shape consistent and all elements equal."},
	{"histogram", tf_histogram, "histogram(a, bins=10, range=None, density=None, weights=None)",
	 "Compute the histogram of a dataset."},
	{"bincount", tf_bincount, "bincount(x, /, weights=None, minlength=0)",
	 "Count number of occurrences of each value in array of non-negative ints."},
	{"cov", tf_cov, "cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None)",
	 "Estimate a covariance matrix."},
	{"corrcoef", tf_corrcoef, "corrcoef(x, y=None, rowvar=True, *, dtype=None)",
	 "Return Pearson product-moment correlation coefficients."},
	{"convolve", tf_convolve, "convolve(a, v, mode='full')",
	 "Returns the discrete, linear convolution of two one-dimensional sequences."},
	{"correlate", tf_correlate, "correlate(a, v, mode='valid')",
	 "Cross-correlation of two 1-dimensional sequences."},
	{"interp", tf_interp, "interp(x, xp, fp, left=None, right=None, period=None)",
	 "One-dimensional linear interpolation for monotonically increasing sample points."},
	{"isclose", tf_isclose, "isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)",
	 "Returns a boolean array where two arrays are element-wise equal within a tolerance."},
	{"allclose", tf_allclose, "allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)",
	 "Returns True if two arrays are element-wise equal within a tolerance."},
	{"array_equal", tf_array_equal, "array_equal(a1, a2, equal_nan=False)",
	 "True if two arrays have the same shape and elements, False otherwise."},
	{"cross", tf_cross, "cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)",
	 "Return the cross product of two (arrays of) vectors."},
	{NULL, NULL, NULL, NULL}
};
