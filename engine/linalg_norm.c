/*
 * linalg_norm.c — numpy.linalg.norm: vector norms (ord inf, -inf, 0, 1, 2, p)
 * and matrix norms ('fro', 'nuc', inf, -inf, 1, -1, 2, -2) with axis= and
 * keepdims=, summing as NumPy does (BLAS dot for the flattened 2-norm,
 * pairwise sums along a contiguous axis).  Runs on host copies.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arrapi.h"
#include "args.h"
#include "error.h"
#include "linalg.h"
#include "linalg_int.h"

/* ---- norm ---- */

/* NumPy's pairwise summation (add.reduce along a contiguous axis) */
static double pairwise_d(const double *a, int64_t n)
{
	if (n < 8) {
		double r = 0.;
		for (int64_t i = 0; i < n; i++)
			r += a[i];
		return r;
	}
	if (n <= 128) {
		double r[8], res;
		int64_t i;
		for (int j = 0; j < 8; j++)
			r[j] = a[j];
		for (i = 8; i < n - (n % 8); i += 8)
			for (int j = 0; j < 8; j++)
				r[j] += a[i + j];
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += a[i];
		return res;
	}
	int64_t n2 = n / 2;
	n2 -= n2 % 8;
	return pairwise_d(a, n2) + pairwise_d(a + n2, n - n2);
}

static float pairwise_f(const float *a, int64_t n)
{
	if (n < 8) {
		float r = 0.f;
		for (int64_t i = 0; i < n; i++)
			r += a[i];
		return r;
	}
	if (n <= 128) {
		float r[8], res;
		int64_t i;
		for (int j = 0; j < 8; j++)
			r[j] = a[j];
		for (i = 8; i < n - (n % 8); i += 8)
			for (int j = 0; j < 8; j++)
				r[j] += a[i + j];
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += a[i];
		return res;
	}
	int64_t n2 = n / 2;
	n2 -= n2 % 8;
	return pairwise_f(a, n2) + pairwise_f(a + n2, n - n2);
}

enum norm_kind { NK_SUM, NK_MAX, NK_MIN };

/* reduce groups of `len` values (contiguous) of a host float64/float32 array */
static double reduce_group(const void *p, int single, int64_t len, enum norm_kind k, int pairwise)
{
	if (k == NK_SUM) {
		if (single) {
			if (pairwise)
				return pairwise_f(p, len);
			float s = 0;
			for (int64_t i = 0; i < len; i++)
				s += ((const float *)p)[i];
			return s;
		}
		if (pairwise)
			return pairwise_d(p, len);
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
		h = lin_host_as(ev, x, dt_is_complex(x->dtype) ? lin_complex_dt(work) : work);
		if (!h)
			goto out;
		double sq = 0;
		if (h->dtype == DT_FLOAT64)
			sq = linalg_host_ddot(nd_data(h), n, 1);
		else if (h->dtype == DT_FLOAT32)
			sq = linalg_host_sdot(nd_data(h), n, 1);
		else if (h->dtype == DT_COMPLEX128)
			sq = linalg_host_ddot(nd_data(h), n, 2) +
			     linalg_host_ddot((const double *)nd_data(h) + 1, n, 2);
		else
			sq = (double)(linalg_host_sdot(nd_data(h), n, 2) +
				      linalg_host_sdot((const float *)nd_data(h) + 1, n, 2));
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

/* the table entry (linalg_decomp.c lists it) */
struct value *lin_f_norm(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw)
{
	return lin_dispatch(ev, bi, argc, argv, kw, f_norm, LN_GESDD);
}
