/*
 * linalg_norm.c — numpy.linalg.norm: vector norms (ord inf, -inf, 0, 1, 2, p)
 * and matrix norms ('fro', 'nuc', inf, -inf, 1, -1, 2, -2) with axis= and
 * keepdims=, summing as NumPy does (BLAS dot for the flattened 2-norm,
 * pairwise sums along a contiguous axis); and numpy.linalg.cond (singular
 * values, or norm(x) * norm(inv(x))).  Runs on host copies, except the
 * vector and fro/1/inf norms of device data, composed where it lies.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "backend/host/host.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/linalg.h"
#include "numerics/linalg_int.h"
#include "array/nscall.h"

/* ---- norm ---- */

enum norm_kind { NK_SUM, NK_MAX, NK_MIN };

/* reduce groups of `len` values (contiguous) of a host float64/float32 array */
static double reduce_group(const void *p, int single, int64_t len, enum norm_kind k, int pairwise)
{
	if (k == NK_SUM) {
		if (single) {
			if (pairwise)
				return host_pairwise_sum_f(p, len);
			float s = 0;
			for (int64_t i = 0; i < len; i++)
				s += ((const float *)p)[i];
			return s;
		}
		if (pairwise)
			return host_pairwise_sum_d(p, len);
		double s = 0;
		for (int64_t i = 0; i < len; i++)
			s += ((const double *)p)[i];
		return s;
	}
	double r = single ? ((const float *)p)[0] : ((const double *)p)[0];
	for (int64_t i = 1; i < len; i++) {
		double v = single ? ((const float *)p)[i] : ((const double *)p)[i];
		if (isnan(v))
			return v;
		if (k == NK_MAX ? v > r : v < r)
			r = v;
	}
	return r;
}

/*
 * The vector norms of x (host, C order, real dtype rdt = float32/64 holding
 * |x| already) over its last axis: ord as NumPy's (inf, -inf, 0, 1, 2, p).
 */
static int vec_norm_rows(struct eval *ev, struct ndarray *ax, double ord, int pairwise,
			 struct ndarray *out)
{
	int single = ax->dtype == DT_FLOAT32;
	int64_t len = ax->shape[ax->ndim - 1], rows = len ? nd_size(ax) / len : nd_size(out);
	size_t it = dt_size(ax->dtype);
	char *p = nd_data(ax);
	if (len == 0 && (isinf(ord) || ord == -INFINITY))
		return err_set(ev, TY_ValueError, "zero-size array to reduction operation maximum which has no identity"), -1;
	for (int64_t r = 0; r < rows; r++, p += len * it) {
		double v;
		if (isinf(ord))
			v = reduce_group(p, single, len, ord > 0 ? NK_MAX : NK_MIN, 0);
		else if (ord == 0) {
			double c = 0;
			for (int64_t i = 0; i < len; i++)
				c += (single ? ((float *)p)[i] : ((double *)p)[i]) != 0;
			v = c;
		} else if (ord == 1)
			v = reduce_group(p, single, len, NK_SUM, pairwise);
		else if (ord == 2) {
			for (int64_t i = 0; i < len; i++) {
				if (single)
					((float *)p)[i] *= ((float *)p)[i];
				else
					((double *)p)[i] *= ((double *)p)[i];
			}
			v = reduce_group(p, single, len, NK_SUM, pairwise);
			v = single ? sqrtf((float)v) : sqrt(v);
		} else {
			for (int64_t i = 0; i < len; i++) {
				if (single)
					((float *)p)[i] = powf(((float *)p)[i], (float)ord);
				else
					((double *)p)[i] = pow(((double *)p)[i], ord);
			}
			v = reduce_group(p, single, len, NK_SUM, pairwise);
			v = single ? powf((float)v, 1.0f / (float)ord) : pow(v, 1.0 / ord);
		}
		if (single)
			((float *)nd_data(out))[r] = (float)v;
		else
			((double *)nd_data(out))[r] = v;
	}
	return 0;
}

/* |x| as a host C array of the real dtype rdt, with the axes `mv` (count
 * nm) moved to the end in that order */
static struct ndarray *abs_moved(struct eval *ev, const struct ndarray *x, const int *mv, int nm,
				 int rdt)
{
	int perm[ND_MAXDIM], np = 0;
	for (int i = 0; i < x->ndim; i++) {
		int moved = 0;
		for (int j = 0; j < nm; j++)
			moved |= mv[j] == i;
		if (!moved)
			perm[np++] = i;
	}
	for (int j = 0; j < nm; j++)
		perm[np++] = mv[j];
	struct ndarray *t = arr_transpose(ev, x, perm), *h = NULL, *r = NULL;
	if (!t)
		return NULL;
	int wide = dt_is_complex(x->dtype) ? (x->dtype == DT_COMPLEX64 ? DT_COMPLEX64 : DT_COMPLEX128) : rdt;
	h = lin_host_as(ev, t, wide);
	nd_decref(t);
	if (!h)
		return NULL;
	if (!dt_is_complex(wide)) {
		int64_t n = nd_size(h);
		for (int64_t i = 0; i < n; i++) {
			if (rdt == DT_FLOAT32)
				((float *)nd_data(h))[i] = fabsf(((float *)nd_data(h))[i]);
			else
				((double *)nd_data(h))[i] = fabs(((double *)nd_data(h))[i]);
		}
		return h;
	}
	r = lin_host_new(ev, rdt, h->ndim, h->shape);
	if (r) {
		int64_t n = nd_size(h);
		for (int64_t i = 0; i < n; i++) {
			if (rdt == DT_FLOAT32)
				((float *)nd_data(r))[i] = cabsf(((float _Complex *)nd_data(h))[i]);
			else
				((double *)nd_data(r))[i] = cabs(((double _Complex *)nd_data(h))[i]);
		}
	}
	nd_decref(h);
	return r;
}

/* ---- host norms: NumPy's own composition of ufuncs and reductions ---- */

/* ufunc `name` of one or two values (borrowed); new reference or NULL */
static struct value *nm_uf(struct eval *ev, const struct backend *be, const char *name,
			   struct value *a, struct value *b)
{
	struct value *in[2] = {a, b};
	return arr_ufunc_call(ev, be, name, b ? 2 : 1, in, NULL);
}

/* op over the axes `mask` of v (borrowed); steals nothing; new reference */
static struct value *nm_reduce(struct eval *ev, const struct backend *be, struct value *v,
			       enum red_op op, uint64_t mask, int keep)
{
	struct ndarray *a = v ? arr_asarray(ev, be, v, -1) : NULL, *r;
	if (!a)
		return NULL;
	r = arr_reduce(ev, a, op, mask, keep, -1);
	nd_decref(a);
	return r ? arr_wrap(ev, r) : NULL;
}

/* max over the axes `mask` with initial=0, as NumPy 2.4's norms take it:
 * an empty axis gives 0 (a sum of nothing), otherwise the max (every value
 * is >= 0 or NaN). */
static struct value *nm_max0(struct eval *ev, const struct backend *be, struct value *v,
			     uint64_t mask, int keep)
{
	struct ndarray *a = arr_borrow(v);
	int empty = 0;
	for (int i = 0; a && i < a->ndim; i++)
		empty |= (mask >> i & 1) && a->shape[i] == 0;
	return nm_reduce(ev, be, v, empty ? RED_SUM : RED_MAX, mask, keep);
}

/* (x.conj() * x).real (x * x for real x): new reference */
static struct value *nm_abs2(struct eval *ev, const struct backend *be, struct value *x)
{
	struct ndarray *a = arr_borrow(x), *p, *re;
	struct value *c, *prod;
	if (!dt_is_complex(a->dtype))
		return nm_uf(ev, be, "multiply", x, x);
	c = nm_uf(ev, be, "conjugate", x, NULL);
	prod = c ? nm_uf(ev, be, "multiply", c, x) : NULL;
	val_decref(c);
	p = prod ? arr_asarray(ev, be, prod, -1) : NULL;
	val_decref(prod);
	if (!p)
		return NULL;
	re = nd_view(ev, p, lin_real_dt(p->dtype), p->ndim, p->shape, p->strides, p->offset);
	nd_decref(p);
	return re ? arr_wrap(ev, re) : NULL;
}

/*
 * numpy.linalg.norm of a host array over one axis (vector norms) or two
 * (the matrix norms fro, 1, -1, inf, -inf), as NumPy's _linalg.py writes
 * them: abs / conj * x / power, then add.reduce and max / min over the
 * axes, so that the sums run in NumPy's order (pairwise along a contiguous
 * axis, row by row down the others).  *done = 0 (and NULL) for the norms it
 * leaves to the caller (singular values, bad orders).  New reference.
 */
static struct value *norm_host(struct eval *ev, const struct backend *be, struct ndarray *x,
			       int nax, const int *axes, int have_ord, const char *sord, double ord,
			       int keep, int *done)
{
	struct value *X, *t = NULL, *u = NULL, *r = NULL;
	struct ndarray *xf;
	*done = 1;
	if (nax == 2 && (sord ? strcmp(sord, "fro") && strcmp(sord, "f")
			      : have_ord && !(fabs(ord) == 1 || isinf(ord)))) {
		*done = 0;   /* 2, -2, nuc: singular values; bad orders raise there */
		return NULL;
	}
	if (nax == 1 && sord) {
		*done = 0;
		return NULL;
	}
	xf = dt_is_float(x->dtype) || dt_is_complex(x->dtype) ? nd_incref(x) : arr_astype(ev, x, DT_FLOAT64);
	X = xf ? arr_wrap(ev, xf) : NULL;
	if (!X)
		return NULL;
	uint64_t mask = (uint64_t)1 << axes[0], m0 = mask, m1 = nax == 2 ? (uint64_t)1 << axes[1] : 0;
	if (nax == 2 && (!have_ord || sord)) {
		/* fro: sqrt(add.reduce((x.conj() * x).real, axis=axes)) */
		t = nm_abs2(ev, be, X);
		u = t ? nm_reduce(ev, be, t, RED_SUM, m0 | m1, keep) : NULL;
		r = u ? nm_uf(ev, be, "sqrt", u, NULL) : NULL;
	} else if (nax == 2) {
		/* 1: column sums then their max; inf: row sums then their max */
		int cols = fabs(ord) == 1;
		t = nm_uf(ev, be, "absolute", X, NULL);
		u = t ? nm_reduce(ev, be, t, RED_SUM, cols ? m0 : m1, 1) : NULL;
		r = !u ? NULL : ord > 0 ? nm_max0(ev, be, u, cols ? m1 : m0, 1)
			 : nm_reduce(ev, be, u, RED_MIN, cols ? m1 : m0, 1);
		if (r && !keep) {
			struct ndarray *a = arr_borrow(r), *v;
			int64_t sh[ND_MAXDIM];
			int nd = 0;
			for (int i = 0; i < a->ndim; i++)
				if (i != axes[0] && i != axes[1])
					sh[nd++] = a->shape[i];
			v = arr_reshape(ev, a, nd, sh);
			val_decref(r);
			r = v ? arr_wrap(ev, v) : NULL;
		}
	} else if (have_ord && isinf(ord)) {
		t = nm_uf(ev, be, "absolute", X, NULL);
		r = !t ? NULL : ord > 0 ? nm_max0(ev, be, t, mask, keep) : nm_reduce(ev, be, t, RED_MIN, mask, keep);
	} else if (have_ord && ord == 0) {
		/* (x != 0).astype(x.real.dtype).sum(axis) */
		struct value *zero = val_int(0);
		struct ndarray *nz;
		t = zero ? nm_uf(ev, be, "not_equal", X, zero) : NULL;
		val_decref(zero);
		nz = t ? arr_astype(ev, arr_borrow(t), lin_real_dt(xf->dtype)) : NULL;
		u = nz ? arr_wrap(ev, nz) : NULL;
		r = u ? nm_reduce(ev, be, u, RED_SUM, mask, keep) : NULL;
	} else if (have_ord && ord == 1) {
		t = nm_uf(ev, be, "absolute", X, NULL);
		r = t ? nm_reduce(ev, be, t, RED_SUM, mask, keep) : NULL;
	} else if (!have_ord || ord == 2) {
		t = nm_abs2(ev, be, X);
		u = t ? nm_reduce(ev, be, t, RED_SUM, mask, keep) : NULL;
		r = u ? nm_uf(ev, be, "sqrt", u, NULL) : NULL;
	} else {
		/* absx = abs(x); absx **= ord; ret = add.reduce(absx);
		 * ret **= reciprocal(ord, dtype=ret.dtype) */
		struct value *o = val_float(ord), *a = NULL, *rec = NULL;
		struct ndarray *od = NULL;
		t = o ? nm_uf(ev, be, "absolute", X, NULL) : NULL;
		a = t ? nm_uf(ev, be, "power", t, o) : NULL;
		u = a ? nm_reduce(ev, be, a, RED_SUM, mask, keep) : NULL;
		od = u ? arr_asarray(ev, be, o, arr_borrow(u) ? arr_borrow(u)->dtype : -1) : NULL;
		if (od) {
			struct value *ov = arr_wrap(ev, od);
			rec = ov ? nm_uf(ev, be, "reciprocal", ov, NULL) : NULL;
			val_decref(ov);
		}
		r = rec ? nm_uf(ev, be, "power", u, rec) : NULL;
		val_decref(o);
		val_decref(a);
		val_decref(rec);
	}
	val_decref(X);
	val_decref(t);
	val_decref(u);
	if (r && arr_borrow(r) && arr_borrow(r)->ndim == 0) {
		/* a full reduction: NumPy's scalar (a 0-d array in the cp namespace) */
		struct ndarray *a = nd_incref(arr_borrow(r));
		val_decref(r);
		r = arr_result(ev, a);
	}
	return r;
}

/* The data of x in memory order when it fills one dense block of positive
 * strides (any axis order: NumPy's x.ravel(order='K') is then a view);
 * NULL when not. */
static const char *dense_block(const struct ndarray *x)
{
	int64_t st[ND_MAXDIM], sh[ND_MAXDIM], expect = dt_size(x->dtype);
	int n = 0;
	for (int i = 0; i < x->ndim; i++)
		if (x->shape[i] != 1) {
			st[n] = x->strides[i];
			sh[n++] = x->shape[i];
		}
	/* insertion sort by stride, smallest first */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && st[j] < st[j - 1]; j--) {
			int64_t a = st[j], b = sh[j];
			st[j] = st[j - 1];
			sh[j] = sh[j - 1];
			st[j - 1] = a;
			sh[j - 1] = b;
		}
	for (int i = 0; i < n; i++) {
		if (st[i] != expect)
			return NULL;
		expect *= sh[i];
	}
	return nd_data(x);
}

static struct value *f_norm(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *ordv = NULL, *axv = NULL, *kdv = NULL;
	struct ndarray *x = NULL, *out = NULL, *h = NULL;
	int keep = 0, axes[2], nax = 0, rdt;
	double ord = 2;
	const char *sord = NULL;
	int have_ord;
	if (args_parse(ev, "norm", argc, argv, kw, "x|ord,axis,keepdims", &xv, &ordv, &axv, &kdv) < 0 ||
	    args_bool(ev, kdv, 0, &keep) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, xv, NULL);
	if (!(x = arr_asarray(ev, be, xv, -1)))
		return NULL;
	have_ord = ordv && ordv->type != VT_NONE;
	/* device-resident data (a backend of device memory): the norms NumPy
	 * composes from ufuncs and reductions run where x lies (issue 17) */
	const char *dsw = getenv("LUMEN_DEVSEARCH");   /* the test switch of lib/devsearch.c */
	int dev = nd_backend(x)->device_memory || (dsw && *dsw && strcmp(dsw, "0") != 0);
	if (have_ord) {
		sord = val_as_cstr(ordv);
		if (!sord && val_as_double(ev, ordv, &ord) < 0)
			goto out;
	}
	rdt = x->dtype == DT_FLOAT32 || x->dtype == DT_COMPLEX64 ? DT_FLOAT32
	      : x->dtype == DT_FLOAT16 ? DT_FLOAT16 : DT_FLOAT64;
	int work = rdt == DT_FLOAT16 ? DT_FLOAT32 : rdt;
	if (axv && axv->type != VT_NONE) {
		if (axv->type == VT_TUPLE || axv->type == VT_LIST) {
			nax = (int)axv->u.seq.n;
			if (nax > 2 || nax < 1) {
				err_set(ev, TY_ValueError, "Improper number of dimensions to norm.");
				goto out;
			}
			for (int i = 0; i < nax; i++) {
				int64_t a;
				if (val_as_int64(ev, axv->u.seq.items[i], &a) < 0 ||
				    arr_normalize_axis(ev, a, x->ndim, &axes[i]) < 0)
					goto out;
			}
		} else {
			int64_t a;
			nax = 1;
			if (val_as_int64(ev, axv, &a) < 0 || arr_normalize_axis(ev, a, x->ndim, &axes[0]) < 0)
				goto out;
		}
	} else if (!have_ord || (sord && x->ndim == 2 && (!strcmp(sord, "fro") || !strcmp(sord, "f"))) ||
		   (!sord && ord == 2 && x->ndim == 1)) {
		/* flattened 2-norm: sqrt(x.dot(x)) */
		int64_t n = nd_size(x);
		if (dev && rdt != DT_FLOAT16) {
			/* device data: sqrt(dot(x, x)) of the flattened array (|x| for
			 * complex) where it lies, as CuPy writes it; reshaped to
			 * keepdims' ones */
			int64_t m1 = -1, ones[ND_MAXDIM];
			struct ndarray *f = arr_reshape(ev, x, 1, &m1), *a = NULL, *v;
			struct value *fv = f ? arr_wrap(ev, f) : NULL, *r = NULL;
			if (fv && dt_is_complex(f->dtype)) {
				struct value *t = nm_uf(ev, be, "absolute", fv, NULL);
				val_decref(fv);
				fv = t;
			} else if (fv && !dt_is_float(f->dtype)) {
				struct ndarray *c = arr_astype_quiet(ev, f, DT_FLOAT64);
				val_decref(fv);
				fv = c ? arr_wrap(ev, c) : NULL;
			}
			if (fv) {
				struct value *args[2] = {fv, fv}, *d = arr_ns_call(ev, be, "dot", 2, args, NULL);
				r = d ? nm_uf(ev, be, "sqrt", d, NULL) : NULL;
				if (d)
					val_decref(d);
				val_decref(fv);
			}
			if (r && !(a = arr_borrow(r))) {
				/* a NumPy scalar (the host under the test switch) */
				struct ndarray *c = arr_asarray(ev, be, r, -1);
				val_decref(r);
				r = c ? arr_wrap(ev, c) : NULL;
				a = c;
			}
			for (int i = 0; i < x->ndim; i++)
				ones[i] = 1;
			v = a ? arr_reshape(ev, a, keep ? x->ndim : 0, ones) : NULL;
			if (r)
				val_decref(r);
			nd_decref(x);
			return !v ? NULL : keep ? arr_wrap(ev, v) : arr_result(ev, v);
		}
		int hdt = dt_is_complex(x->dtype) ? lin_complex_dt(work) : work;
		const char *d = NULL;
		if (nd_host_memory(x) && x->dtype == hdt)
			d = dense_block(x);   /* x.ravel(order='K') is a view: no copy */
		if (!d) {
			h = lin_host_as(ev, x, hdt);
			if (!h)
				goto out;
			d = nd_data(h);
		}
		double sq = 0;
		if (hdt == DT_FLOAT64)
			sq = linalg_host_ddot(d, n, 1);
		else if (hdt == DT_FLOAT32)
			sq = linalg_host_sdot(d, n, 1);
		else if (hdt == DT_COMPLEX128)
			sq = linalg_host_ddot(d, n, 2) + linalg_host_ddot((const double *)d + 1, n, 2);
		else
			sq = (double)(linalg_host_sdot(d, n, 2) + linalg_host_sdot((const float *)d + 1, n, 2));
		int64_t ones[ND_MAXDIM];
		for (int i = 0; i < x->ndim; i++)
			ones[i] = 1;
		out = lin_host_new(ev, rdt, keep ? x->ndim : 0, ones);
		if (!out)
			goto out;
		if (rdt == DT_FLOAT64)
			*(double *)nd_data(out) = sqrt(sq);
		else if (rdt == DT_FLOAT32)
			*(float *)nd_data(out) = sqrtf((float)sq);
		else {
			struct ndarray *t = lin_host_new(ev, DT_FLOAT32, out->ndim, out->shape);
			if (!t)
				goto out;
			*(float *)nd_data(t) = sqrtf((float)sq);
			nd_decref(out);
			out = lin_copy(ev, t, DT_FLOAT16);
			nd_decref(t);
		}
		goto done;
	} else {
		nax = x->ndim;
		if (nax > 2) {
			err_set(ev, TY_ValueError, "Improper number of dimensions to norm.");
			goto out;
		}
		for (int i = 0; i < nax; i++)
			axes[i] = i;
	}
	if ((nd_host_memory(x) || dev) && rdt != DT_FLOAT16) {
		int done;
		struct value *r;
		if (nax == 2 && axes[0] == axes[1]) {
			err_set(ev, TY_ValueError, "Duplicate axes given.");
			goto out;
		}
		r = norm_host(ev, be, x, nax, axes, have_ord, sord, ord, keep, &done);
		if (done) {
			nd_decref(x);
			return r;
		}
	}
	int64_t osh[ND_MAXDIM];
	int ond = 0;
	for (int i = 0; i < x->ndim; i++) {
		int red = i == axes[0] || (nax == 2 && i == axes[1]);
		if (!red)
			osh[ond++] = x->shape[i];
	}
	if (nax == 1) {
		if (sord) {
			err_set(ev, TY_ValueError, "Invalid norm order '%s' for vectors", sord);
			goto out;
		}
		h = abs_moved(ev, x, axes, 1, work);
		out = h ? lin_host_new(ev, work, ond, osh) : NULL;
		if (!out || vec_norm_rows(ev, h, have_ord ? ord : 2, axes[0] == x->ndim - 1, out) < 0)
			goto out;
	} else {
		int r0 = axes[0], c0 = axes[1];
		if (r0 == c0) {
			err_set(ev, TY_ValueError, "Duplicate axes given.");
			goto out;
		}
		if (!have_ord || (sord && (!strcmp(sord, "fro") || !strcmp(sord, "f")))) {
			/* sqrt(sum |x|^2) over both axes */
			h = abs_moved(ev, x, axes, 2, work);
			int64_t sh[ND_MAXDIM];
			memcpy(sh, h->shape, sizeof(int64_t) * (h->ndim - 2));
			sh[h->ndim - 2] = h->shape[h->ndim - 2] * h->shape[h->ndim - 1];
			struct ndarray *flat = h ? lin_reshape(ev, h, h->ndim - 1, sh) : NULL;
			out = flat ? lin_host_new(ev, work, ond, osh) : NULL;
			if (!out || vec_norm_rows(ev, flat, 2, 1, out) < 0) {
				nd_decref(flat);
				goto out;
			}
			nd_decref(flat);
		} else if (sord && strcmp(sord, "nuc")) {
			err_set(ev, TY_ValueError, "Invalid norm order for matrices.");
			goto out;
		} else if (sord || ord == 2 || ord == -2) {
			/* singular values: max / min / sum */
			int perm[ND_MAXDIM], np = 0;
			for (int i = 0; i < x->ndim; i++)
				if (i != r0 && i != c0)
					perm[np++] = i;
			perm[np++] = r0;
			perm[np++] = c0;
			struct ndarray *t = arr_transpose(ev, x, perm), *u, *s, *vt, *hs;
			int rc = t ? lin_svd_nd(ev, be, t, 'N', &u, &s, &vt) : -1;
			nd_decref(t);
			if (rc < 0)
				goto out;
			hs = lin_host_as(ev, s, work);
			nd_decref(s);
			out = hs ? lin_host_new(ev, work, ond, osh) : NULL;
			if (!out) {
				nd_decref(hs);
				goto out;
			}
			int64_t k = hs->shape[hs->ndim - 1], rows = nd_size(out);
			for (int64_t r = 0; r < rows; r++) {
				const char *p = nd_data(hs) + r * k * dt_size(work);
				double v = reduce_group(p, work == DT_FLOAT32, k, sord ? NK_SUM : ord > 0 ? NK_MAX : NK_MIN, 1);
				if (work == DT_FLOAT32)
					((float *)nd_data(out))[r] = (float)v;
				else
					((double *)nd_data(out))[r] = v;
			}
			nd_decref(hs);
		} else if (ord == 1 || ord == -1 || isinf(ord)) {
			/* 1: max over columns of column sums; inf: max over rows of row sums */
			int sum_ax = (ord == 1 || ord == -1) ? r0 : c0, oth = sum_ax == r0 ? c0 : r0;
			int mv[2] = {oth, sum_ax};
			h = abs_moved(ev, x, mv, 2, work);
			if (!h)
				goto out;
			int64_t no = h->shape[h->ndim - 2], ns = h->shape[h->ndim - 1];
			out = lin_host_new(ev, work, ond, osh);
			if (!out)
				goto out;
			int64_t rows = nd_size(out);
			size_t it = dt_size(work);
			double *tmp = malloc((no ? no : 1) * sizeof(double));
			if (!tmp) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t r = 0; r < rows; r++) {
				double best = 0;
				for (int64_t o = 0; o < no; o++) {
					const char *p = nd_data(h) + (r * no + o) * ns * it;
					/* sequential when summing the leading axis (NumPy adds rows) */
					tmp[o] = reduce_group(p, work == DT_FLOAT32, ns, NK_SUM, sum_ax > oth);
					if (o == 0 || ((ord > 0) ? tmp[o] > best : tmp[o] < best))
						best = tmp[o];
				}
				if (work == DT_FLOAT32)
					((float *)nd_data(out))[r] = (float)best;
				else
					((double *)nd_data(out))[r] = best;
			}
			free(tmp);
		} else {
			err_set(ev, TY_ValueError, "Invalid norm order for matrices.");
			goto out;
		}
	}
	if (rdt == DT_FLOAT16) {
		struct ndarray *t = lin_copy(ev, out, DT_FLOAT16);
		nd_decref(out);
		if (!(out = t))
			goto out;
	}
	if (keep) {
		int64_t ks[ND_MAXDIM];
		for (int i = 0; i < x->ndim; i++)
			ks[i] = (i == axes[0] || (nax == 2 && i == axes[1])) ? 1 : x->shape[i];
		struct ndarray *t = lin_reshape(ev, out, x->ndim, ks);
		nd_decref(out);
		if (!(out = t))
			goto out;
	}
done:
	nd_decref(x);
	nd_decref(h);
	return arr_result(ev, lin_on(ev, out, be));
out:
	nd_decref(x);
	nd_decref(h);
	nd_decref(out);
	return NULL;
}

/* whether norm(x, ord, axis) may take singular values (ord 2, -2 or 'nuc'
 * of a matrix, or arguments it does not read here): only those need gesdd
 * and lin_dispatch's look for inf and NaN, which reads a flag back from a
 * device (issue 17: one implicit transfer per call of every other norm) */
static int norm_needs_svd(int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *x = argc > 0 ? argv[0] : NULL, *ord = argc > 1 ? argv[1] : NULL;
	struct value *axis = argc > 2 ? argv[2] : NULL;
	struct ndarray *a;
	const char *s;
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "x"))
			x = kw->vals[i];
		else if (!strcmp(kw->names[i], "ord"))
			ord = kw->vals[i];
		else if (!strcmp(kw->names[i], "axis"))
			axis = kw->vals[i];
	}
	if (!ord || ord->type == VT_NONE)
		return 0;   /* fro or the 2-norm of a vector: sums */
	if ((s = val_as_cstr(ord)))
		return !strcmp(s, "nuc");
	if ((ord->type == VT_INT || ord->type == VT_BOOL) && ord->u.i != 2 && ord->u.i != -2)
		return 0;
	if (ord->type == VT_FLOAT && ord->u.f != 2 && ord->u.f != -2)
		return 0;
	if (ord->type != VT_INT && ord->type != VT_FLOAT)
		return 1;
	/* ord 2 or -2: singular values of a matrix (two axes), sums of a vector */
	if (axis && axis->type != VT_NONE)
		return !(axis->type == VT_INT || axis->type == VT_BOOL
			 || ((axis->type == VT_TUPLE || axis->type == VT_LIST) && axis->u.seq.n == 1));
	a = x ? arr_borrow(x) : NULL;
	return !a || a->ndim != 1;
}

/* the table entry (linalg_decomp.c lists it) */
struct value *lin_f_norm(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw)
{
	return lin_dispatch(ev, bi, argc, argv, kw, f_norm, norm_needs_svd(argc, argv, kw) ? LN_GESDD : 0);
}

/* ---- cond ---- */

/* One matrix's norm(x, p, axis=(-2, -1)) as a double (f_norm's own sums). */
static int cond_norm(struct eval *ev, const struct builtin *bi, struct ndarray *m, struct value *pv,
		     double *out)
{
	struct value *ax[2] = {val_int(-2), val_int(-1)};
	struct value *axes = val_tuple_new(2, ax), *mv = arr_wrap(ev, nd_incref(m));
	struct value *argv[3] = {mv, pv, axes}, *r = NULL;
	int rc = -1;
	if (mv && axes && (r = f_norm(ev, bi, 3, argv, NULL)))
		rc = val_as_double(ev, r, out);
	val_decref(r);
	val_decref(mv);
	val_decref(axes);
	return rc;
}

/* True when matrix b of the host stack h holds a NaN (either part of a complex) */
static int matrix_has_nan(const struct ndarray *h, int64_t b, int64_t mn)
{
	int cx = dt_is_complex(h->dtype), single = h->dtype == DT_FLOAT32 || h->dtype == DT_COMPLEX64;
	int64_t k = mn * (cx ? 2 : 1);
	for (int64_t i = 0; i < k; i++) {
		double v = single ? ((const float *)nd_data(h))[b * k + i] : ((const double *)nd_data(h))[b * k + i];
		if (isnan(v))
			return 1;
	}
	return 0;
}

/*
 * cond(x, p=None): NumPy's steps on host copies.  p None / 2 / -2: the ratio
 * of the extreme singular values; otherwise norm(x, p) * norm(inv(x), p)
 * per matrix, a singular matrix standing as NaN.  A NaN result becomes inf
 * unless its matrix holds a NaN; a single matrix gives a NumPy scalar.
 */
static struct value *f_cond(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *pv = NULL;
	struct ndarray *x = NULL, *h = NULL, *r = NULL, *s = NULL, *u = NULL, *vt = NULL, *m = NULL;
	struct value *res = NULL;
	double p = 0;
	if (args_parse(ev, "cond", argc, argv, kw, "x|p", &xv, &pv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, xv, NULL);
	if (!(x = arr_asarray(ev, be, xv, -1)))
		return NULL;
	int nd = x->ndim, svd_path = !pv || pv->type == VT_NONE;
	if (!svd_path && !val_as_cstr(pv)) {
		if (val_as_double(ev, pv, &p) < 0)
			goto out;
		svd_path = p == 2 || p == -2;
	}
	int64_t tail = 1;
	for (int i = nd >= 2 ? nd - 2 : 0; i < nd; i++)
		tail *= x->shape[i];
	if (nd_size(x) == 0 && tail == 0) {
		err_set(ev, TY_LinAlgError, "cond is not defined on empty arrays");
		goto out;
	}
	if (lin_assert_2d(ev, x) < 0 || (!svd_path && lin_assert_square(ev, x) < 0))
		goto out;
	int work, rdt;
	if (lin_types(ev, be, 1, (const struct ndarray *const *)&x, &work, &rdt) < 0)
		goto out;
	rdt = lin_real_dt(rdt);
	if (!(h = lin_host_as(ev, x, work)))
		goto out;
	int64_t rows = x->shape[nd - 2], cols = x->shape[nd - 1], batch = nd_size(x) / (rows * cols);
	if (!(r = lin_host_new(ev, rdt, nd - 2, x->shape)))
		goto out;
	int single = rdt == DT_FLOAT32;
	if (svd_path) {
		if (lin_svd_nd(ev, &backend_host, h, 'N', &u, &s, &vt) < 0)
			goto out;
		struct ndarray *sh = lin_host(ev, s);
		if (!sh)
			goto out;
		int64_t k = rows < cols ? rows : cols;
		for (int64_t b = 0; b < batch; b++) {
			double hi, lo;
			if (single) {
				float f0 = ((const float *)nd_data(sh))[b * k], f1 = ((const float *)nd_data(sh))[b * k + k - 1];
				((float *)nd_data(r))[b] = p == -2 ? f1 / f0 : f0 / f1;
				continue;
			}
			hi = ((const double *)nd_data(sh))[b * k];
			lo = ((const double *)nd_data(sh))[b * k + k - 1];
			((double *)nd_data(r))[b] = p == -2 ? lo / hi : hi / lo;
		}
		nd_decref(sh);
	} else {
		int64_t mshape[2] = {rows, cols};
		size_t msz = (size_t)(rows * cols) * dt_size(work);
		for (int64_t b = 0; b < batch; b++) {
			double nx, ni = NAN;
			struct ndarray *inv;
			if (!(m = nd_new(ev, &backend_host, work, 2, mshape)))
				goto out;
			memcpy(nd_data(m), (const char *)nd_data(h) + b * msz, msz);
			if (cond_norm(ev, bi, m, pv, &nx) < 0)
				goto out;
			/* inv's errors ignored: a singular matrix gives NaN */
			if ((inv = lin_inv_nd(ev, &backend_host, m))) {
				int rc = cond_norm(ev, bi, inv, pv, &ni);
				nd_decref(inv);
				if (rc < 0)
					goto out;
			} else
				err_clear(ev);
			if (single)
				((float *)nd_data(r))[b] = (float)nx * (float)ni;
			else
				((double *)nd_data(r))[b] = nx * ni;
			nd_decref(m);
			m = NULL;
		}
	}
	for (int64_t b = 0; b < batch; b++) {
		double v = single ? ((float *)nd_data(r))[b] : ((double *)nd_data(r))[b];
		if (isnan(v) && !matrix_has_nan(h, b, rows * cols)) {
			if (single)
				((float *)nd_data(r))[b] = INFINITY;
			else
				((double *)nd_data(r))[b] = INFINITY;
		}
	}
	r = lin_on(ev, r, be);
	res = r ? arr_result(ev, r) : NULL;
	r = NULL;
out:
	nd_decref(x);
	nd_decref(h);
	nd_decref(r);
	nd_decref(s);
	nd_decref(u);
	nd_decref(vt);
	nd_decref(m);
	return res;
}

/* the table entry (linalg_decomp.c lists it) */
struct value *lin_f_cond(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw)
{
	return lin_dispatch(ev, bi, argc, argv, kw, f_cond, LN_GESDD | LN_GETRF);
}
