/*
 * random_multi.c — numpy.random's draws of vectors and bytes: multinomial
 * and dirichlet (legacy and Generator), multivariate_hypergeometric
 * ('marginals' and 'count'), Generator.permuted and bytes (both), with
 * NumPy's algorithms, checks and messages.  One output per call, made on
 * the host and delivered to the namespace's backend (cp: a host round trip,
 * FB_RANDOM_DISTS in the CUDA backend's fallback table).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "pyobj/bytesobj.h"
#include "random/random_int.h"

/* size + (k,): the shape of size draws of a k-vector (size None: (k,)) */
static int vec_shape(struct eval *ev, struct value *sv, int64_t k, int *nd, int64_t *shape)
{
	if (rnd_parse_size(ev, sv, nd, shape) < 0)
		return -1;
	if (*nd < 0)
		*nd = 0;
	if (*nd >= ND_MAXDIM)
		return err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is %d, found %d",
			       ND_MAXDIM, *nd + 1), -1;
	shape[(*nd)++] = k;
	return 0;
}

/* a 1-d float64 host copy of v as PyArray_FROMANY(v, double, 1, 1) takes it */
static struct ndarray *vec_1d(struct eval *ev, struct value *v, int min_nd)
{
	struct ndarray *a = arr_asarray(ev, &backend_host, v, DT_FLOAT64), *c;
	if (!a)
		return NULL;
	if (a->ndim > 1) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "setting an array element with a sequence. The requested array "
			       "would exceed the maximum number of dimension of 1.");
	}
	if (a->ndim < min_nd) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "object of too small depth for desired array");
	}
	c = arr_host_c(ev, a, DT_FLOAT64);
	nd_decref(a);
	return c;
}

/* Kahan's sum of n doubles (NumPy's kahan_sum; 0 for n <= 0) */
static double kahan_sum(const double *d, int64_t n)
{
	double sum, c = 0;
	if (n <= 0)
		return 0.0;
	sum = d[0];
	for (int64_t i = 1; i < n; i++) {
		double y = d[i] - c, t = sum + y;
		c = (t - sum) - y;
		sum = t;
	}
	return sum;
}

/* pvals' checks: each in [0, 1], then the sum of each row but its last
 * item at most 1 + 1e-12 (NumPy's longer message for float16/32 pvals
 * that sum below 1.0001 before the cast) */
static int check_pvals(struct eval *ev, struct value *pv, const double *p, int64_t sz, int64_t d, int multi)
{
	for (int64_t i = 0; i < sz; i++)
		if (!(p[i] >= 0 && p[i] <= 1))
			return err_set(ev, TY_ValueError, "pvals < 0, pvals > 1 or pvals contains NaNs"), -1;
	for (int64_t off = 0; d && off < sz; off += d)
		if (kahan_sum(p + off, d - 1) > 1.0 + 1e-12) {
			const char *sl = multi ? "[...,:-1]" : "[:-1]";
			struct ndarray *a = pv->type == VT_NDARRAY ? arr_borrow(pv) : NULL;
			if (a && (a->dtype == DT_FLOAT16 || a->dtype == DT_FLOAT32)) {
				double s = 0;
				for (int64_t i = 0; i < sz; i++)
					s += p[i];
				if (s < 1.0001)
					return err_set(ev, TY_ValueError, "sum(pvals%s.astype(np.float64)) > 1.0. The pvals array "
						       "is cast to 64-bit floating point prior to checking the sum. Precision "
						       "changes when casting may cause problems even if the sum of the original "
						       "pvals is valid.", sl), -1;
			}
			return err_set(ev, TY_ValueError, "sum(pvals%s) > 1.0", sl), -1;
		}
	return 0;
}

/* random_multinomial: binomial draws of what remains */
static void multinomial_one(struct rsrc *s, int64_t n, int64_t *out, const double *p, int64_t d)
{
	double remaining = 1.0;
	int64_t dn = n;
	for (int64_t j = 0; j < d - 1; j++) {
		out[j] = rnd_binomial(s, dn, p[j] / remaining);
		dn -= out[j];
		if (dn <= 0)
			break;
		remaining -= p[j];
	}
	if (dn > 0)
		out[d - 1] = dn;
}

/* a C long argument as Cython converts it */
static int int_arg(struct eval *ev, struct value *v, int64_t *out)
{
	if (v->type == VT_FLOAT)
		return err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer"), -1;
	if (v->type == VT_LIST || v->type == VT_TUPLE || v->type == VT_STR || v->type == VT_NONE ||
	    v->type == VT_DICT)
		return err_set(ev, TY_TypeError, "an integer is required"), -1;
	return val_as_int64(ev, v, out);
}

/* legacy multinomial(n, pvals, size=None) */
static struct value *f_multinomial(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *nv, *pv, *sv = NULL;
	struct rsrc src = rnd_legacy_src(bi);
	struct ndarray *p, *o;
	int64_t n, d, shape[ND_MAXDIM];
	int nd;
	if (args_parse(ev, "multinomial", argc, argv, kw, "n,pvals|size", &nv, &pv, &sv) < 0 || int_arg(ev, nv, &n) < 0)
		return NULL;
	{
		struct ndarray *a = arr_asarray(ev, &backend_host, pv, DT_FLOAT64);
		if (!a)
			return NULL;
		nd = a->ndim;
		nd_decref(a);
		if (nd == 0)
			return err_set(ev, TY_TypeError, "pvals must be a 1-d sequence");
	}
	if (!(p = vec_1d(ev, pv, 1)))
		return NULL;
	d = nd_size(p);
	if (check_pvals(ev, pv, (const double *)nd_data(p), d, d, 0) < 0 || vec_shape(ev, sv, d, &nd, shape) < 0) {
		nd_decref(p);
		return NULL;
	}
	if (n < 0) {
		nd_decref(p);
		return err_set(ev, TY_ValueError, "n < 0");
	}
	if (!(o = nd_new(ev, rnd_host_be(arr_be(bi)), DT_INT64, nd, shape))) {
		nd_decref(p);
		return NULL;
	}
	memset(nd_data(o), 0, (size_t)nd_size(o) * sizeof(int64_t));
	for (int64_t off = 0; d && off < nd_size(o); off += d)
		multinomial_one(&src, n, (int64_t *)nd_data(o) + off, (const double *)nd_data(p), d);
	nd_decref(p);
	return rnd_deliver(ev, arr_be(bi), o);
}

/* Generator.multinomial(n, pvals, size=None): n and the rows of pvals
 * broadcast against each other (and size) */
static struct value *g_multinomial(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *nv, *pv, *sv = NULL, *res = NULL;
	struct rsrc src = rnd_gen_src(bi);
	struct ndarray *p = NULL, *na = NULL, *o = NULL, *nb = NULL, *nc = NULL;
	int64_t d, shape[ND_MAXDIM];
	int nd;
	if (args_parse(ev, "multinomial", argc, argv, kw, "n,pvals|size", &nv, &pv, &sv) < 0)
		return NULL;
	if (!(na = arr_asarray(ev, &backend_host, nv, DT_INT64)))
		return NULL;
	{
		struct ndarray *a = arr_asarray(ev, &backend_host, pv, DT_FLOAT64);
		if (!a || !(p = arr_host_c(ev, a, DT_FLOAT64))) {
			nd_decref(a);
			goto out;
		}
		nd_decref(a);
	}
	d = p->ndim ? p->shape[p->ndim - 1] : 0;
	if (d == 0) {
		err_set(ev, TY_ValueError, "pvals must have at least 1 dimension and the last dimension of pvals "
			"must be greater than 0.");
		goto out;
	}
	if (check_pvals(ev, pv, (const double *)nd_data(p), nd_size(p), d, p->ndim > 1) < 0)
		goto out;
	if (na->ndim != 0 || p->ndim > 1) {
		/* one draw per item of broadcast(n, pvals' rows[, size]) */
		struct ndarray rows = *p, probe;
		const struct ndarray *two[3] = {na, &rows, NULL};
		int bnd, snd;
		int64_t bsh[ND_MAXDIM], ssh[ND_MAXDIM];
		if (!(nc = arr_host_c(ev, na, DT_INT64)))
			goto out;
		for (int64_t i = 0; i < nd_size(nc); i++)
			if (((int64_t *)nd_data(nc))[i] < 0) {
				err_set(ev, TY_ValueError, "n < 0");
				goto out;
			}
		rows.ndim = p->ndim - 1;
		if (rnd_parse_size(ev, sv, &snd, ssh) < 0)
			goto out;
		if (snd >= 0) {
			probe = rows;
			probe.ndim = snd;
			memcpy(probe.shape, ssh, sizeof(int64_t) * (size_t)snd);
			two[2] = &probe;
		}
		{
			/* np.broadcast(n, offsets[, empty(size)]) */
			int nds[3] = {na->ndim, rows.ndim, snd};
			const int64_t *shs[3] = {na->shape, rows.shape, ssh};
			if (rnd_bcast_check(ev, snd >= 0 ? 3 : 2, nds, shs) < 0)
				goto out;
		}
		if (arr_broadcast_shapes(ev, snd >= 0 ? 3 : 2, two, &bnd, bsh) < 0)
			goto out;
		if (snd >= 0 && (bnd != snd || memcmp(bsh, ssh, sizeof(int64_t) * (size_t)snd))) {
			char s1[128], s2[128];
			arr_format_shape_compact(s1, sizeof s1, snd, ssh);
			arr_format_shape_compact(s2, sizeof s2, bnd, bsh);
			err_set(ev, TY_ValueError, "Output size %s is not compatible with broadcast dimensions of inputs %s.",
				s1, s2);
			goto out;
		}
		if (bnd >= ND_MAXDIM) {
			err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is %d", ND_MAXDIM);
			goto out;
		}
		if (!(nb = arr_broadcast_to(ev, nc, bnd, bsh)))
			goto out;
		nd = bnd;
		memcpy(shape, bsh, sizeof(int64_t) * (size_t)bnd);
		shape[nd++] = d;
		if (!(o = nd_new(ev, rnd_host_be(arr_be(bi)), DT_INT64, nd, shape)))
			goto out;
		memset(nd_data(o), 0, (size_t)nd_size(o) * sizeof(int64_t));
		{
			/* the row of pvals for output item i: its index broadcast back */
			int64_t items = nd_size(o) / d, idx[ND_MAXDIM] = {0};
			struct ndarray *nh = arr_host_c(ev, nb, DT_INT64);
			if (!nh)
				goto out;
			for (int64_t i = 0; i < items; i++) {
				int64_t row = 0;
				for (int k = 0; k < rows.ndim; k++) {
					int ax = bnd - rows.ndim + k;
					row = row * rows.shape[k] + (rows.shape[k] == 1 ? 0 : idx[ax]);
				}
				multinomial_one(&src, ((int64_t *)nd_data(nh))[i], (int64_t *)nd_data(o) + i * d,
						(const double *)nd_data(p) + row * d, d);
				for (int k = bnd - 1; k >= 0; k--) {
					if (++idx[k] < bsh[k])
						break;
					idx[k] = 0;
				}
			}
			nd_decref(nh);
		}
	} else {
		int64_t n = *(int64_t *)nd_data(na);
		if (vec_shape(ev, sv, d, &nd, shape) < 0)
			goto out;
		if (n < 0) {
			err_set(ev, TY_ValueError, "n < 0");
			goto out;
		}
		if (!(o = nd_new(ev, rnd_host_be(arr_be(bi)), DT_INT64, nd, shape)))
			goto out;
		memset(nd_data(o), 0, (size_t)nd_size(o) * sizeof(int64_t));
		for (int64_t off = 0; off < nd_size(o); off += d)
			multinomial_one(&src, n, (int64_t *)nd_data(o) + off, (const double *)nd_data(p), d);
	}
	res = rnd_deliver(ev, arr_be(bi), o);
	o = NULL;
out:
	nd_decref(p);
	nd_decref(na);
	nd_decref(nc);
	nd_decref(nb);
	nd_decref(o);
	return res;
}

/* dirichlet(alpha, size=None): normalised gammas; the Generator breaks a
 * stick with betas when every alpha is below 0.1 */
static struct value *dirichlet(struct eval *ev, const struct builtin *bi, struct rsrc *src, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *av, *sv = NULL;
	struct ndarray *a, *o;
	int64_t k, shape[ND_MAXDIM];
	int nd;
	const double *al;
	double *v, amax = -INFINITY;
	if (args_parse(ev, "dirichlet", argc, argv, kw, "alpha|size", &av, &sv) < 0)
		return NULL;
	if (!is_arraylike(av))
		return err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(av));
	if (!(a = vec_1d(ev, av, 1)))
		return NULL;
	k = nd_size(a);
	al = (const double *)nd_data(a);
	for (int64_t j = 0; j < k; j++) {
		if (src->mt ? al[j] <= 0 : al[j] < 0) {
			nd_decref(a);
			return err_set(ev, TY_ValueError, src->mt ? "alpha <= 0" : "alpha < 0");
		}
		amax = isnan(al[j]) || isnan(amax) ? NAN : al[j] > amax ? al[j] : amax;
	}
	if (vec_shape(ev, sv, k, &nd, shape) < 0 || !(o = nd_new(ev, rnd_host_be(arr_be(bi)), DT_FLOAT64, nd, shape))) {
		nd_decref(a);
		return NULL;
	}
	v = (double *)nd_data(o);
	memset(v, 0, (size_t)nd_size(o) * sizeof(double));
	if (!src->mt && k > 0 && amax < 0.1) {
		/* stick-breaking with beta draws, alpha's sums from the right */
		double *csum = malloc((size_t)k * sizeof(double)), c = 0;
		if (!csum) {
			nd_decref(a);
			nd_decref(o);
			return err_nomem(ev);
		}
		for (int64_t j = k - 1; j >= 0; j--)
			csum[j] = c += al[j];
		for (int64_t i = 0; c > 0 && i < nd_size(o); i += k) {
			double acc = 1.;
			for (int64_t j = 0; j < k - 1; j++) {
				double b = rnd_beta(src, al[j], csum[j + 1]);
				v[i + j] = acc * b;
				acc *= 1. - b;
				if (csum[j + 1] == 0)
					break;
			}
			v[i + k - 1] = acc;
		}
		free(csum);
	} else
		for (int64_t i = 0; k && i < nd_size(o); i += k) {
			double acc = 0, inv;
			for (int64_t j = 0; j < k; j++) {
				v[i + j] = rnd_std_gamma(src, al[j]);
				acc = acc + v[i + j];
			}
			inv = 1. / acc;
			for (int64_t j = 0; j < k; j++)
				v[i + j] = v[i + j] * inv;
		}
	nd_decref(a);
	return rnd_deliver(ev, arr_be(bi), o);
}

static struct value *f_dirichlet(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct rsrc src = rnd_legacy_src(bi);
	return dirichlet(ev, bi, &src, argc, argv, kw);
}

static struct value *g_dirichlet(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct rsrc src = rnd_gen_src(bi);
	return dirichlet(ev, bi, &src, argc, argv, kw);
}

/* bytes(length): uint32 draws (randint / integers over [0, 2**32))
 * little-endian, cut to length */
static struct value *rand_bytes(struct eval *ev, struct rsrc *src, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *lv, *r;
	int64_t len, nw;
	uint32_t *w;
	char *buf;
	if (args_parse(ev, "bytes", argc, argv, kw, "length", &lv) < 0)
		return NULL;
	if (lv->type == VT_FLOAT) {
		/* Cython's npy_intp of a float: truncated */
		if (!(lv->u.f > -9.2e18 && lv->u.f < 9.2e18))
			return err_set(ev, TY_OverflowError, "Python int too large to convert to C ssize_t");
		len = (int64_t)lv->u.f;
	} else if (int_arg(ev, lv, &len) < 0)
		return NULL;
	/* NumPy's C arithmetic ((length - 1) // 4 + 1 in Cython truncates) and
	 * Python's slice [:length], negative lengths included */
	nw = (len - 1) / 4 + 1;
	if (nw < 0)
		return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
	len = len >= 0 ? (len < nw * 4 ? len : nw * 4) : (nw * 4 + len > 0 ? nw * 4 + len : 0);
	if (nw > ((int64_t)1 << 40) || !(w = malloc((size_t)(nw ? nw : 1) * sizeof(uint32_t))))
		return err_nomem(ev);
	if (src->mt)
		mt_randint_fill(src->mt, 0, 0xffffffffU, 32, nw, w, 4);
	else
		pcg_integers_fill(src->pcg, 0, 0xffffffffU, 32, nw, w, 4);
	if (!(r = val_bytes_alloc((size_t)len, &buf))) {
		free(w);
		return err_nomem(ev);
	}
	for (int64_t i = 0; i < len; i++)
		buf[i] = (char)(w[i / 4] >> (8 * (i % 4)));
	free(w);
	return r;
}

static struct value *f_bytes(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct rsrc src = rnd_legacy_src(bi);
	return rand_bytes(ev, &src, argc, argv, kw);
}

static struct value *g_bytes(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct rsrc src = rnd_gen_src(bi);
	return rand_bytes(ev, &src, argc, argv, kw);
}

/* multivariate_hypergeometric(colors, nsample, size=None, method='marginals') */
static struct value *g_mvhg(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *cv, *nv, *sv = NULL, *mv = NULL;
	struct rsrc src = rnd_gen_src(bi);
	struct ndarray *ca, *c, *o;
	int64_t nsamp, total = 0, ncol, shape[ND_MAXDIM], *col, *var;
	int nd, count;
	const char *m = "marginals";
	if (args_parse(ev, "multivariate_hypergeometric", argc, argv, kw, "colors,nsample|size,method", &cv, &nv,
		       &sv, &mv) < 0)
		return NULL;
	if (mv && mv->type != VT_NONE && !(m = val_as_cstr(mv)))
		m = "";
	if (strcmp(m, "count") && strcmp(m, "marginals"))
		return err_set(ev, TY_ValueError, "method must be \"count\" or \"marginals\".");
	count = !strcmp(m, "count");
	if (nv->type != VT_INT && nv->type != VT_BOOL && nv->type != VT_BIGINT &&
	    !(nv->type == VT_SCALAR && dt_is_int(nv->u.sc.dtype)))
		return err_set(ev, TY_ValueError, "nsample must be an integer");
	if (nv->type == VT_BIGINT || val_as_int64(ev, nv, &nsamp) < 0) {
		err_clear(ev);
		return err_set(ev, TY_ValueError, "nsample must not exceed 9223372036854775807");
	}
	if (nsamp < 0)
		return err_set(ev, TY_ValueError, "nsample must be nonnegative.");
	if (!(ca = arr_asarray(ev, &backend_host, cv, -1)))
		goto bad_colors;   /* NumPy's asarray failing (ragged lists): its ValueError */
	if (ca->ndim != 1 || (nd_size(ca) > 0 && !dt_is_int(ca->dtype))) {
		nd_decref(ca);
		goto bad_colors;
	}
	c = arr_host_c(ev, ca, DT_INT64);
	nd_decref(ca);
	if (!c)
		return NULL;
	ncol = nd_size(c);
	col = (int64_t *)nd_data(c);
	for (int64_t i = 0; i < ncol; i++)
		if (col[i] < 0) {
			nd_decref(c);
			goto bad_colors;
		}
	for (int64_t i = 0; i < ncol; i++) {
		if (col[i] > INT64_MAX - total) {
			nd_decref(c);
			return err_set(ev, TY_ValueError, "sum(colors) must not exceed the maximum value of a 64 bit "
				       "signed integer (9223372036854775807)");
		}
		total += col[i];
	}
	if (!count && total >= 1000000000) {
		nd_decref(c);
		return err_set(ev, TY_ValueError, "When method is \"marginals\", sum(colors) must be less than 1000000000.");
	}
	if (count && total > INT64_MAX / 8) {
		nd_decref(c);
		return err_set(ev, TY_ValueError, "When method is 'count', sum(colors) must not exceed %lld",
			       (long long)(INT64_MAX / 8));
	}
	if (nsamp > total) {
		nd_decref(c);
		return err_set(ev, TY_ValueError, "nsample > sum(colors)");
	}
	if (vec_shape(ev, sv, ncol, &nd, shape) < 0 || !(o = nd_new(ev, rnd_host_be(arr_be(bi)), DT_INT64, nd, shape))) {
		nd_decref(c);
		return NULL;
	}
	var = (int64_t *)nd_data(o);
	memset(var, 0, (size_t)nd_size(o) * sizeof(int64_t));
	if (ncol && total && nsamp) {
		int64_t nvar = nd_size(o) / ncol, ns = nsamp;
		int half = nsamp > total / 2;
		if (half)
			ns = total - nsamp;
		if (count) {
			/* random_mvhg_count: a partial Fisher-Yates of the items */
			int64_t *ch = malloc((size_t)total * sizeof(int64_t));
			if (!ch) {
				nd_decref(c);
				nd_decref(o);
				return err_set(ev, TY_MemoryError, "Insufficient memory for multivariate_hypergeometric "
					       "with method='count' and sum(colors)=%lld", (long long)total);
			}
			for (int64_t i = 0, k = 0; i < ncol; i++)
				for (int64_t j = 0; j < col[i]; j++)
					ch[k++] = i;
			for (int64_t v = 0; v < nvar; v++) {
				int64_t *row = var + v * ncol;
				for (int64_t j = 0; j < ns; j++) {
					int64_t k = j + (int64_t)pcg_interval(src.pcg, (uint64_t)(total - j - 1)), t = ch[k];
					ch[k] = ch[j];
					ch[j] = t;
				}
				for (int64_t j = 0; j < ns; j++)
					row[ch[j]] += 1;
				if (half)
					for (int64_t k = 0; k < ncol; k++)
						row[k] = col[k] - row[k];
			}
			free(ch);
		} else
			/* random_mvhg_marginals: one hypergeometric per color */
			for (int64_t v = 0; v < nvar; v++) {
				int64_t *row = var + v * ncol, left = ns, rem = total;
				for (int64_t j = 0; left > 0 && j + 1 < ncol; j++) {
					rem -= col[j];
					row[j] = rnd_hypergeometric(&src, col[j], rem, left);
					left -= row[j];
				}
				if (left > 0)
					row[ncol - 1] = left;
				if (half)
					for (int64_t k = 0; k < ncol; k++)
						row[k] = col[k] - row[k];
			}
	}
	nd_decref(c);
	return rnd_deliver(ev, arr_be(bi), o);
bad_colors:
	err_clear(ev);
	return err_set(ev, TY_ValueError, "colors must be a one-dimensional sequence of nonnegative integers not "
		       "exceeding 9223372036854775807.");
}

/* Fisher-Yates over n items of size isz, stride st from p: the draws
 * random_interval(i) for i = n - 1 down to 1 */
static void shuffle_lane(struct pcg64 *g, char *p, int64_t n, int64_t st, size_t isz)
{
	char buf[32];
	for (int64_t i = n - 1; i >= 1; i--) {
		int64_t j = (int64_t)pcg_interval(g, (uint64_t)i);
		memcpy(buf, p + j * st, isz);
		memcpy(p + j * st, p + i * st, isz);
		memcpy(p + i * st, buf, isz);
	}
}

/* Generator.permuted(x, *, axis=None, out=None): a copy of x (or out,
 * holding x) with each lane along axis shuffled on its own, the lanes in
 * C order; axis None shuffles the items in memory order */
static struct value *g_permuted(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *xv, *axv = NULL, *outv = NULL;
	struct rsrc src = rnd_gen_src(bi);
	struct ndarray *x, *o;
	int ax = -1;
	if (args_parse(ev, "permuted", argc, argv, kw, "x|$axis,out", &xv, &axv, &outv) < 0)
		return NULL;
	if (!(x = arr_asarray(ev, &backend_host, xv, -1)))
		return NULL;
	if (outv && outv->type != VT_NONE) {
		struct ndarray *oa = outv->type == VT_NDARRAY ? arr_borrow(outv) : NULL;
		if (!oa || nd_backend(oa)->device_memory) {
			nd_decref(x);
			return err_set(ev, TY_TypeError, "out must be a numpy array");
		}
		if (oa->ndim != x->ndim || memcmp(oa->shape, x->shape, sizeof(int64_t) * (size_t)x->ndim)) {
			nd_decref(x);
			return err_set(ev, TY_ValueError, "out must have the same shape as x");
		}
		if (!dt_can_cast(x->dtype, oa->dtype, "safe")) {
			err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('%s') according to "
				"the rule 'safe'", dtype_table[x->dtype].name, dtype_table[oa->dtype].name);
			nd_decref(x);
			return NULL;
		}
		if (nd_size(x) && nd_backend(oa)->copy(ev, oa, x) < 0) {
			nd_decref(x);
			return NULL;
		}
		o = oa;
		nd_incref(o);
	} else
		o = arr_copy_order(ev, x, x->dtype, 'K');
	nd_decref(x);
	if (!o)
		return NULL;
	if (o->ndim == 0 && ax < 0 && !(axv && axv->type != VT_NONE)) {
		nd_decref(o);
		return err_set(ev, TY_TypeError, "len() of unsized object");
	}
	if (dt_size(o->dtype) > 32) {
		nd_decref(o);
		return err_set(ev, TY_NotImplementedError, "permuted: items of %d bytes", (int)dt_size(o->dtype));
	}
	if (axv && axv->type != VT_NONE) {
		int64_t a;
		if (val_as_int64(ev, axv, &a) < 0 || arr_normalize_axis(ev, a, o->ndim, &ax) < 0) {
			nd_decref(o);
			return NULL;
		}
	}
	if (nd_size(o)) {
		size_t isz = dt_size(o->dtype);
		char *base = (char *)nd_data(o);
		if (ax < 0 && o->ndim > 1 && !nd_is_c_contiguous(o) && !nd_is_f_contiguous(o)) {
			/* neither order: the C-order copy shuffled, written back */
			struct ndarray *c = arr_host_c(ev, o, o->dtype);
			if (!c) {
				nd_decref(o);
				return NULL;
			}
			shuffle_lane(src.pcg, nd_data(c), nd_size(c), (int64_t)isz, isz);
			if (nd_backend(o)->copy(ev, o, c) < 0) {
				nd_decref(c);
				nd_decref(o);
				return NULL;
			}
			nd_decref(c);
		} else if (ax < 0 && o->ndim > 1)
			shuffle_lane(src.pcg, base, nd_size(o), (int64_t)isz, isz);   /* memory order */
		else if (ax < 0 || o->ndim == 1)
			shuffle_lane(src.pcg, base, o->shape[0], o->strides[0], isz);
		else {
			/* every lane along ax, the others' indices in C order */
			int64_t idx[ND_MAXDIM] = {0}, lanes = nd_size(o) / o->shape[ax];
			for (int64_t l = 0; l < lanes; l++) {
				char *p = base;
				for (int k = 0; k < o->ndim; k++)
					p += idx[k] * o->strides[k];
				shuffle_lane(src.pcg, p, o->shape[ax], o->strides[ax], isz);
				for (int k = o->ndim - 1; k >= 0; k--) {
					if (k == ax)
						continue;
					if (++idx[k] < o->shape[k])
						break;
					idx[k] = 0;
				}
			}
		}
	}
	if (outv && outv->type != VT_NONE) {
		nd_decref(o);
		return val_incref(outv);
	}
	return rnd_deliver(ev, arr_be(bi), o);
}

/* the legacy functions of this file (np.random.* and RandomState's) */
const struct arr_func arr_random_multi_funcs[] = {
	{"multinomial", f_multinomial, "multinomial(n, pvals, size=None)",
	 "Counts of n trials over the outcomes of probabilities pvals (int64)."},
	{"dirichlet", f_dirichlet, "dirichlet(alpha, size=None)", "Dirichlet samples: vectors on the simplex."},
	{"bytes", f_bytes, "bytes(length)", "Random bytes."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func rnd_gen_more[] = {
	{"multinomial", g_multinomial, NULL, NULL},
	{"multivariate_hypergeometric", g_mvhg, NULL, NULL},
	{"dirichlet", g_dirichlet, NULL, NULL},
	{"permuted", g_permuted, NULL, NULL},
	{"bytes", g_bytes, NULL, NULL},
	{NULL, NULL, NULL, NULL}
};
