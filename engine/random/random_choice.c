/*
 * random_choice.c — numpy.random's permutation, shuffle and choice for the
 * legacy functions and Generator methods alike, with NumPy's draws (legacy
 * random_interval, Generator bounded integers) so that sequences match
 * NumPy's for a seed.  Works on host copies; owns nothing beyond one call.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lang/error.h"
#include "array/nscall.h"
#include "ufunc/fpe.h"
#include "random/random_int.h"

/* ---- on the device (a backend with its own random family: cuRAND) ----
 * permutation, shuffle and choice from uniform keys drawn there: a permutation
 * is the argsort of the keys, a choice floor(u * n), with p it inverts the cdf by the
 * backend's searchsorted, one without replacement takes the smallest keys
 * (-log(u) / p with p: Efraimidis-Spirakis, successive sampling).  Nothing
 * of the data goes to the host. */

/* the device draws: a backend of device memory (cuRAND); LUMEN_DEVSEARCH=1
 * takes them on the host too (a test switch: NumPy's sequences are lost) */
static int dv_on(const struct backend *be)
{
	static int force = -1;
	if (be->device_memory)
		return 1;
	if (force < 0) {
		const char *s = getenv("LUMEN_DEVSEARCH");
		force = s && *s && strcmp(s, "0") != 0;
	}
	return force;
}

static struct value *dv_kw(struct eval *ev, const struct backend *be, const char *name, int argc,
			   struct value **argv, const char *kn, struct value *kv)
{
	struct value *r = kv ? arr_ns_callk(ev, be, name, argc, argv, kn, kv) : NULL;
	for (int i = 0; i < argc; i++)
		if (argv[i])
			val_decref(argv[i]);
	if (kv)
		val_decref(kv);
	return r;
}

/* n uniform keys in [0, 1), float64, on be */
static struct value *dv_keys(struct eval *ev, const struct backend *be, int64_t n)
{
	struct value *sz = val_int(n);
	return dv_kw(ev, be, "random.random_sample", 0, NULL, "size", sz);
}

/* argsort of n random keys: a permutation of arange(n).  The keys are
 * 32-bit words of the generator gen (the backend's integers, as CuPy's
 * int32 keys: a radix sort of half the passes of float64 keys), or
 * uniform float64 draws of the namespace's stream. */
static struct value *dv_perm(struct eval *ev, const struct backend *be, void *gen, int64_t n)
{
	const struct backend_random *rb = be->random;
	if (rb && rb->integers) {
		struct ndarray *k = nd_new(ev, be, DT_UINT32, 1, &n);
		if (!k || rb->integers(ev, gen, DT_UINT32, n, 0, 0xffffffffu, nd_data(k)) < 0) {
			nd_decref(k);
			return NULL;
		}
		return ex_fn1(ev, be, "argsort", arr_wrap(ev, k));
	}
	return ex_fn1(ev, be, "argsort", dv_keys(ev, be, n));
}

/* x[idx] for a 1-d int64 idx on x's device: gathered there (the
 * backend's take_index) */
static struct value *dv_take0(struct eval *ev, const struct backend *be, struct value *x,
			      struct value *idx)
{
	(void)be;
	return ex_item(ev, x, idx);
}

/* ---- permutations ---- */

/* Fisher–Yates over the first axis of a host C-contig array (in place),
 * with NumPy's draws: legacy random_interval, Generator bounded_uint64. */
static int shuffle_rows(struct eval *ev, struct rsrc *src, struct ndarray *a)
{
	enum { AHEAD = 32 };
	int64_t n = a->ndim ? a->shape[0] : 0;
	size_t row = n ? (size_t)(nd_size(a) / n) * dt_size(a->dtype) : 0;
	char *buf = malloc(row ? row : 1), *p = nd_data(a);
	uint64_t js[AHEAD];
	if (!buf)
		return err_nomem(ev), -1;
	/* the draws do not depend on the data: take AHEAD of them at a time and
	 * prefetch the rows they pick, so the swaps do not wait on memory one by
	 * one (the same draws and swaps, in the same order) */
	for (int64_t i = n - 1; i >= 1;) {
		int64_t cnt = i < AHEAD ? i : AHEAD;
		if (src->mt)
			mt_intervals(src->mt, (uint64_t)i, cnt, js);
		else
			pcg_intervals(src->pcg, (uint64_t)i, cnt, js);
		for (int64_t k = 0; k < cnt; k++)
			__builtin_prefetch(p + js[k] * row, 1);
		for (int64_t k = 0; k < cnt; k++, i--) {
			char *x = p + js[k] * row, *y = p + i * row;
			if (x == y)
				continue;
			switch (row) {
#define SWAP(T) { T t_ = *(T *)x; *(T *)x = *(T *)y; *(T *)y = t_; } break
			case 1: SWAP(uint8_t);
			case 2: SWAP(uint16_t);
			case 4: SWAP(uint32_t);
			case 8: SWAP(uint64_t);
#undef SWAP
			default:
				memcpy(buf, x, row);
				memcpy(x, y, row);
				memcpy(y, buf, row);
			}
		}
	}
	free(buf);
	return 0;
}

static struct ndarray *arange_host(struct eval *ev, int64_t n)
{
	struct ndarray *a = nd_new(ev, &backend_host, DT_INT64, 1, &n);
	if (a)
		for (int64_t i = 0; i < n; i++)
			((int64_t *)nd_data(a))[i] = i;
	return a;
}

/* permutation(x): int -> shuffled arange; array -> shuffled copy (axis 0) */
struct value *rnd_permutation(struct eval *ev, const struct backend *be, struct rsrc *src,
			      struct value *x)
{
	struct ndarray *h;
	if (x->type == VT_INT || x->type == VT_BOOL || (x->type == VT_SCALAR && dt_is_int(x->u.sc.dtype))) {
		int64_t n;
		if (val_as_int64(ev, x, &n) < 0)
			return NULL;
		if (dv_on(be))
			return rnd_src_dev(ev, be, src) < 0 ? NULL : dv_perm(ev, be, src->dev, n < 0 ? 0 : n);
		h = arange_host(ev, n < 0 ? 0 : n);   /* np.arange(n): empty for n < 0 */
	} else {
		struct ndarray *a = arr_asarray(ev, be, x, -1), *t;
		if (!a)
			return NULL;
		if (a->ndim == 0) {
			nd_decref(a);
			if (!src->mt) /* Generator: normalize_axis_index(0, 0) */
				return err_set(ev, TY_AxisError, "axis 0 is out of bounds for array of dimension 0");
			return err_set(ev, TY_IndexError, "x must be an integer or at least 1-dimensional");
		}
		if (dv_on(be) && nd_backend(a) == be) {
			if (rnd_src_dev(ev, be, src) < 0) {
				nd_decref(a);
				return NULL;
			}
			struct value *r = dv_take0(ev, be, arr_wrap(ev, nd_incref(a)), dv_perm(ev, be, src->dev, a->shape[0]));
			nd_decref(a);
			return r;
		}
		t = arr_to_host(ev, a);
		h = t ? nd_new(ev, &backend_host, t->dtype, t->ndim, t->shape) : NULL;
		if (h && nd_size(h) && backend_host.copy(ev, h, t) < 0) {
			nd_decref(h);
			h = NULL;
		}
		nd_decref(t);
		nd_decref(a);
	}
	if (!h || shuffle_rows(ev, src, h) < 0) {
		nd_decref(h);
		return NULL;
	}
	return rnd_deliver(ev, be, h);
}

/* shuffle(x): in place, along axis 0, on a host array (a device array is
 * shuffled through a host copy). */
struct value *rnd_shuffle(struct eval *ev, struct rsrc *src, struct value *x)
{
	struct ndarray *a = arr_borrow(x), *h;
	if (!a) {
		if (x->type == VT_LIST) {
			/* a Python list: shuffle its items */
			int64_t n = (int64_t)x->u.seq.n;
			for (int64_t i = n - 1; i >= 1; i--) {
				uint64_t j = src->mt ? mt_bounded(src->mt, (uint64_t)i) : pcg_interval(src->pcg, (uint64_t)i);
				struct value *t = x->u.seq.items[j];
				x->u.seq.items[j] = x->u.seq.items[i];
				x->u.seq.items[i] = t;
			}
			return val_none();
		}
		if (x->type == VT_TUPLE || x->type == VT_STR)
			return err_set(ev, TY_TypeError, "'%s' object does not support item assignment", val_type_name(x));
		return err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(x));
	}
	if (a->ndim == 0)
		return err_set(ev, TY_TypeError, "object of type 'numpy.ndarray' has no len()");
	if (dv_on(nd_backend(a))) {
		/* x[...] = x.take(argsort(keys), axis=0), on the device */
		const struct backend *be = nd_backend(a);
		if (rnd_src_dev(ev, be, src) < 0)
			return NULL;
		struct value *v = dv_take0(ev, be, val_incref(x), dv_perm(ev, be, src->dev, a->shape[0]));
		struct value *key = val_ellipsis();
		int rc = v && key ? val_setitem(ev, x, key, v) : -1;
		if (v)
			val_decref(v);
		if (key)
			val_decref(key);
		return rc < 0 ? NULL : val_none();
	}
	if (nd_host_memory(a) && nd_is_c_contiguous(a))
		h = nd_incref(a);
	else {
		struct ndarray *t = arr_to_host(ev, a);
		h = t ? nd_new(ev, &backend_host, a->dtype, a->ndim, a->shape) : NULL;
		if (h && nd_size(h) && backend_host.copy(ev, h, t) < 0) {
			nd_decref(h);
			h = NULL;
		}
		nd_decref(t);
	}
	if (!h || shuffle_rows(ev, src, h) < 0) {
		nd_decref(h);
		return NULL;
	}
	if (h != a) {
		int rc = nd_host_memory(a) ? backend_host.copy(ev, a, h)
						  : nd_backend(a)->from_host(ev, a, nd_data(h));
		nd_decref(h);
		if (rc < 0)
			return NULL;
	} else
		nd_decref(h);
	return val_none();
}

/* ---- choice ---- */

/* cdf of p normalised by its last value, searchsorted(side='right') */
static int64_t cdf_search(const double *cdf, int64_t n, double u)
{
	int64_t lo = 0, hi = n;
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (cdf[mid] <= u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* p checks as NumPy's, then cumsum and normalise (into cdf) */
static int prob_cdf(struct eval *ev, struct value *pv, int64_t pop, double **pout, double **cdfout, int legacy)
{
	/* a cp array p (CuPy takes one) is read through a host copy */
	struct ndarray *pa = arr_borrow(pv), *c;
	struct ndarray *p = pa && nd_backend(pa) != &backend_host ? arr_host_c(ev, pa, DT_FLOAT64)
								   : arr_asarray(ev, &backend_host, pv, DT_FLOAT64);
	if (!p)
		return -1;
	if (p->ndim != 1) {
		nd_decref(p);
		return err_set(ev, TY_ValueError, legacy ? "'p' must be 1-dimensional" : "p must be 1-dimensional"), -1;
	}
	if (p->shape[0] != pop) {
		nd_decref(p);
		return err_set(ev, TY_ValueError, legacy ? "'a' and 'p' must have same size" : "a and p must have same size"), -1;
	}
	c = nd_new(ev, &backend_host, DT_FLOAT64, 1, p->shape);
	if (!c || (pop && backend_host.copy(ev, c, p) < 0)) {
		nd_decref(c);
		nd_decref(p);
		return -1;
	}
	nd_decref(p);
	double *pp = malloc((pop ? pop : 1) * sizeof(double)), *cdf = malloc((pop ? pop : 1) * sizeof(double));
	if (!pp || !cdf) {
		free(pp);
		free(cdf);
		nd_decref(c);
		return err_nomem(ev), -1;
	}
	memcpy(pp, nd_data(c), pop * sizeof(double));
	nd_decref(c);
	/* Kahan sum as NumPy's kahan_sum */
	double sum = 0, comp = 0;
	for (int64_t i = 0; i < pop; i++) {
		if (!(pp[i] >= 0) || isnan(pp[i])) {
			int bad_nan = isnan(pp[i]);
			free(pp);
			free(cdf);
			if (!legacy) /* the Generator capitalises */
				return err_set(ev, TY_ValueError, bad_nan ? "Probabilities contain NaN"
								   : "Probabilities are not non-negative"), -1;
			return err_set(ev, TY_ValueError, bad_nan ? "probabilities contain NaN" : "probabilities are not non-negative"), -1;
		}
		double y = pp[i] - comp, t = sum + y;
		comp = (t - sum) - y;
		sum = t;
	}
	if (fabs(sum - 1.0) > sqrt(2.220446049250313e-16)) {
		free(pp);
		free(cdf);
		return err_set(ev, TY_ValueError, legacy ? "probabilities do not sum to 1"
						 : "Probabilities do not sum to 1. See Notes section of docstring for more information."), -1;
	}
	*pout = pp;
	*cdfout = cdf;
	return 0;
}

static void make_cdf(const double *p, double *cdf, int64_t n)
{
	/* np.cumsum (sequential), then cdf /= cdf[-1] */
	double s = 0;
	for (int64_t i = 0; i < n; i++) {
		s += p[i];
		cdf[i] = s;
	}
	double last = n ? cdf[n - 1] : 1;
	for (int64_t i = 0; i < n; i++)
		cdf[i] /= last;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* choice on the device (see dv_perm): indices of the population drawn there,
 * then the items of a (or the indices), shaped as size (0-d for None) */
static struct value *choice_device(struct eval *ev, const struct backend *be, void *gen, struct ndarray *a,
				   int64_t pop, int64_t size, int nd, const int64_t *shape, int replace,
				   struct value *pv, int legacy)
{
	const struct backend_random *rb = be->random;
	struct value *idx = NULL, *p = NULL, *r, *sh;
	if (!replace && size > pop)
		return err_set(ev, TY_ValueError, "Cannot take a larger sample than population when %s",
			       legacy ? "'replace=False'" : "replace is False");
	if (pv && pv->type != VT_NONE) {
		struct ndarray *pa = arr_asarray(ev, be, pv, DT_FLOAT64);
		int bad;
		if (!pa)
			return NULL;
		if (pa->ndim != 1 || pa->shape[0] != pop) {
			nd_decref(pa);
			return err_set(ev, TY_ValueError, pa->ndim != 1 ? "'p' must be 1-dimensional"
								    : "'a' and 'p' must have same size");
		}
		p = arr_wrap(ev, pa);
		/* CuPy's checks (each a 0-d answer read back) */
		{
			struct value *neg = ex_fn1(ev, be, "any", ex_bin(ev, OP_LT, val_incref(p), val_int(0)));
			bad = neg ? arr_truth(ev, neg) : -1;
			if (neg)
				val_decref(neg);
		}
		if (bad == 1)
			err_set(ev, TY_ValueError, "probabilities are not non-negative");
		if (bad == 0) {
			struct value *ok = ex_fn2(ev, be, "allclose", ex_fn1(ev, be, "sum", val_incref(p)), val_int(1));
			bad = ok ? arr_truth(ev, ok) : -1;
			if (ok)
				val_decref(ok);
			bad = bad < 0 ? -1 : !bad;
			if (bad == 1)
				err_set(ev, TY_ValueError, "probabilities do not sum to 1");
		}
		if (bad == 0 && !replace) {
			struct value *nz = ex_fn1(ev, be, "count_nonzero", val_incref(p));
			struct value *few = ex_bin(ev, OP_LT, nz, val_int(size));
			bad = few ? arr_truth(ev, few) : -1;
			if (few)
				val_decref(few);
			if (bad == 1)
				err_set(ev, TY_ValueError, "Fewer non-zero entries in p than size");
		}
		if (bad != 0) {
			val_decref(p);
			return NULL;
		}
	}
	if (replace && !p && pop > 0 && rb && rb->integers) {
		/* the backend's bounded integers in [0, pop) */
		struct ndarray *ia = nd_new(ev, be, DT_INT64, 1, &size);
		if (ia && size && rb->integers(ev, gen, DT_INT64, size, 0, (uint64_t)pop - 1, nd_data(ia)) < 0) {
			nd_decref(ia);
			ia = NULL;
		}
		idx = ia ? arr_wrap(ev, ia) : NULL;
	} else if (!replace && !p && rb && rb->sample && size <= RAND_SAMPLE_MAX) {
		/* a few distinct items: Floyd's algorithm on the device */
		struct ndarray *ia = nd_new(ev, be, DT_INT64, 1, &size);
		if (ia && size && rb->sample(ev, gen, pop, size, (int64_t *)nd_data(ia)) < 0) {
			nd_decref(ia);
			ia = NULL;
		}
		idx = ia ? arr_wrap(ev, ia) : NULL;
	} else if (!replace && !p && rb && rb->integers) {
		/* the first size of a permutation */
		idx = ex_item(ev, dv_perm(ev, be, gen, pop), ex_slice(0, size));
	} else if (replace && !p) {
		/* floor(u * pop) of uniform keys (cuRAND's uniforms; randint's
		 * draws would come from the host) */
		struct value *u = ex_bin(ev, OP_MUL, dv_keys(ev, be, size), val_int(pop));
		struct value *fl = ex_fn1(ev, be, "floor", u);
		struct ndarray *fa = fl ? arr_borrow(fl) : NULL, *ia = fa ? arr_astype_quiet(ev, fa, DT_INT64) : NULL;
		if (fl)
			val_decref(fl);
		idx = ia ? ex_fn2(ev, be, "minimum", arr_wrap(ev, ia), val_int(pop - 1)) : NULL;
	} else if (replace) {
		/* cdf inversion: searchsorted(cdf / cdf[-1], u, side='right') */
		struct value *cdf = ex_fn1(ev, be, "cumsum", val_incref(p));
		struct value *last = cdf ? ex_item(ev, val_incref(cdf), val_int(-1)) : NULL;
		struct value *args[2] = {ex_bin(ev, OP_TRUEDIV, cdf, last), dv_keys(ev, be, size)};
		struct value *k = dv_kw(ev, be, "searchsorted", 2, args, "side", val_cstr("right"));
		idx = ex_fn2(ev, be, "minimum", k, val_int(pop - 1));
	} else {
		/* the size smallest keys: uniform, or -log(u) / p */
		struct value *keys = dv_keys(ev, be, pop);
		if (p) {
			int saved = fpe_ignore_begin();
			keys = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, ex_fn1(ev, be, "log", keys)), val_incref(p));
			fpe_ignore_end(saved);
		}
		idx = ex_item(ev, ex_fn1(ev, be, "argsort", keys), ex_slice(0, size));
	}
	if (p)
		val_decref(p);
	if (!idx)
		return NULL;
	r = a ? dv_take0(ev, be, arr_wrap(ev, nd_incref(a)), idx) : idx;
	if (!r)
		return NULL;
	/* the shape of size (0-d for None) */
	{
		struct value *items[ND_MAXDIM];
		int n = nd < 0 ? 0 : nd;
		for (int i = 0; i < n; i++)
			items[i] = val_int(shape[i]);
		sh = val_tuple_new(n, items);
	}
	{
		struct value *args[1] = {sh};
		struct value *o = arr_method_call(ev, r, "reshape", 1, args, NULL);
		val_decref(sh);
		val_decref(r);
		if (o && nd < 0 && arr_borrow(o)) {
			/* size None: NumPy's scalar on the host, CuPy's 0-d array */
			struct value *s = arr_result(ev, nd_incref(arr_borrow(o)));
			val_decref(o);
			return s;
		}
		return o;
	}
}

struct value *rnd_choice(struct eval *ev, const struct backend *be, struct rsrc *src,
			 struct value *av, struct value *sv, struct value *rv, struct value *pv,
			 struct value *shv)
{
	int nd, replace = 1, shuf = 1;
	int64_t shape[ND_MAXDIM], pop, size = 1;
	struct ndarray *a = NULL, *idx = NULL;
	struct value *res = NULL;
	double *p = NULL, *cdf = NULL;
	if (rnd_parse_size(ev, sv, &nd, shape) < 0 || args_bool(ev, rv, 1, &replace) < 0 ||
	    args_bool(ev, shv, 1, &shuf) < 0)
		return NULL;
	if (av->type == VT_INT || av->type == VT_BOOL || (av->type == VT_SCALAR && dt_is_int(av->u.sc.dtype))) {
		if (val_as_int64(ev, av, &pop) < 0)
			return NULL;
	} else {
		if (!(a = arr_asarray(ev, be, av, -1)))
			return NULL;
		if (a->ndim == 0) {
			int64_t v;
			/* a 0-d integer array counts as the population size */
			nd_decref(a);
			a = NULL;
			if (val_as_int64(ev, av, &v) < 0)
				return NULL;
			pop = v;
		} else if (a->ndim != 1 && src->mt) {
			err_set(ev, TY_ValueError, "a must be 1-dimensional");
			goto out;
		} else
			pop = a->shape[0];
	}
	for (int i = 0; i < (nd < 0 ? 0 : nd); i++)
		size *= shape[i];
	if (nd < 0)
		size = 1;
	if (pop <= 0 && size) {
		/* the Generator's words differ from RandomState's */
		err_set(ev, TY_ValueError, a ? (src->mt ? "'a' cannot be empty unless no samples are taken"
						  : "a cannot be empty unless no samples are taken")
					     : src->mt ? "a must be greater than 0 unless no samples are taken"
						       : "a must be a positive integer unless no samples are taken");
		goto out;
	}
	if (dv_on(be) && (!a || a->ndim == 1)) {
		if (rnd_src_dev(ev, be, src) < 0)
			goto out;
		res = choice_device(ev, be, src->dev, a, pop, size, nd, shape, replace, pv, src->mt != NULL);
		goto out;
	}
	if (pv && pv->type != VT_NONE && prob_cdf(ev, pv, pop, &p, &cdf, src->mt != NULL) < 0)
		goto out;
	{
		int64_t one = 1;
		idx = nd_new(ev, &backend_host, DT_INT64, nd < 0 ? 0 : nd, nd < 0 ? &one : shape);
		if (!idx)
			goto out;
	}
	int64_t *out = (int64_t *)nd_data(idx);
	if (replace) {
		if (p) {
			make_cdf(p, cdf, pop);
			for (int64_t i = 0; i < size; i++)
				out[i] = cdf_search(cdf, pop, src_double(src));
		} else if (src->mt)
			mt_randint_fill(src->mt, 0, (uint64_t)(pop - 1), 64, size, out, 8);
		else
			pcg_integers_fill(src->pcg, 0, (uint64_t)(pop - 1), 64, size, out, 8);
	} else {
		if (size > pop) {
			err_set(ev, TY_ValueError, "Cannot take a larger sample than population when %s",
				src->mt ? "'replace=False'" : "replace is False");
			goto out;
		}
		if (p) {
			int64_t nz = 0, nuniq = 0;
			for (int64_t i = 0; i < pop; i++)
				nz += p[i] > 0;
			if (nz < size) {
				err_set(ev, TY_ValueError, "Fewer non-zero entries in p than size");
				goto out;
			}
			int64_t *newv = malloc((size ? size : 1) * sizeof(int64_t)),
				*order = malloc((size ? size : 1) * 2 * sizeof(int64_t));
			if (!newv || !order) {
				free(newv);
				free(order);
				err_nomem(ev);
				goto out;
			}
			while (nuniq < size) {
				int64_t m = size - nuniq;
				double *x = malloc(m * sizeof(double));
				if (!x) {
					free(newv);
					free(order);
					err_nomem(ev);
					goto out;
				}
				for (int64_t i = 0; i < m; i++)
					x[i] = src_double(src);
				for (int64_t i = 0; i < nuniq; i++)
					p[out[i]] = 0;
				make_cdf(p, cdf, pop);
				for (int64_t i = 0; i < m; i++)
					newv[i] = cdf_search(cdf, pop, x[i]);
				free(x);
				/* unique values by first occurrence, in order of first occurrence */
				for (int64_t i = 0; i < m; i++) {
					order[2 * i] = newv[i];
					order[2 * i + 1] = i;
				}
				qsort(order, m, 2 * sizeof(int64_t), cmp_i64); /* by value, then index (stable enough: pairs) */
				int64_t nfirst = 0;
				int64_t *first = malloc(m * sizeof(int64_t));
				if (!first) {
					free(newv);
					free(order);
					err_nomem(ev);
					goto out;
				}
				for (int64_t i = 0; i < m; i++) {
					if (i > 0 && order[2 * i] == order[2 * (i - 1)])
						continue;
					/* smallest index among equal values */
					int64_t best = order[2 * i + 1];
					for (int64_t k = i + 1; k < m && order[2 * k] == order[2 * i]; k++)
						if (order[2 * k + 1] < best)
							best = order[2 * k + 1];
					first[nfirst++] = best;
				}
				qsort(first, nfirst, sizeof(int64_t), cmp_i64);
				for (int64_t i = 0; i < nfirst; i++)
					out[nuniq + i] = newv[first[i]];
				nuniq += nfirst;
				free(first);
			}
			free(newv);
			free(order);
		} else if (src->mt) {
			/* permutation(pop)[:size] */
			struct ndarray *perm = arange_host(ev, pop);
			if (!perm || shuffle_rows(ev, src, perm) < 0) {
				nd_decref(perm);
				goto out;
			}
			memcpy(out, nd_data(perm), size * sizeof(int64_t));
			nd_decref(perm);
		} else if (pop > 10000 && size > pop / 50 && shuf) {
			/* Generator: tail shuffle of an arange (NumPy takes this path only
			 * when the result is to be shuffled) */
			int64_t *ar = malloc(pop * sizeof(int64_t));
			if (!ar) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t i = 0; i < pop; i++)
				ar[i] = i;
			int64_t first = pop - size > 1 ? pop - size : 1;
			for (int64_t i = pop - 1; i >= first; i--) {
				uint64_t j = pcg_bounded(src->pcg, (uint64_t)i, 64);
				int64_t t = ar[i];
				ar[i] = ar[j];
				ar[j] = t;
			}
			memcpy(out, ar + (pop - size), size * sizeof(int64_t));
			free(ar);
		} else {
			/* Generator: Floyd's algorithm with NumPy's hash set */
			uint64_t set_size = (uint64_t)(1.2 * (double)size), mask = mask_spread(set_size);
			set_size = 1 + mask;
			uint64_t *hs = malloc(set_size * sizeof(uint64_t));
			if (!hs) {
				err_nomem(ev);
				goto out;
			}
			memset(hs, 0xff, set_size * sizeof(uint64_t));
			for (int64_t j = pop - size; j < pop; j++) {
				uint64_t val = pcg_bounded(src->pcg, (uint64_t)j, 64), loc = val & mask;
				while (hs[loc] != UINT64_MAX && hs[loc] != val)
					loc = (loc + 1) & mask;
				if (hs[loc] == UINT64_MAX) {
					hs[loc] = val;
					out[j - pop + size] = (int64_t)val;
				} else {
					loc = (uint64_t)j & mask;
					while (hs[loc] != UINT64_MAX)
						loc = (loc + 1) & mask;
					hs[loc] = (uint64_t)j;
					out[j - pop + size] = j;
				}
			}
			free(hs);
			if (shuf)
				for (int64_t i = size - 1; i >= 1; i--) {
					uint64_t j = pcg_bounded(src->pcg, (uint64_t)i, 64);
					int64_t t = out[i];
					out[i] = out[j];
					out[j] = t;
				}
		}
	}
	/* the result: indices, or a's items at them */
	if (!a) {
		if (nd < 0) {
			res = val_int(out[0]);
			goto out;
		}
		res = rnd_deliver(ev, be, idx);
		idx = NULL;
		goto out;
	}
	{
		struct value *iv = arr_wrap(ev, idx);
		idx = NULL;
		if (!iv)
			goto out;
		if (nd < 0) {
			/* a scalar index: a[i] */
			struct value *k = val_int(out[0]);
			struct value *av2 = arr_wrap(ev, nd_incref(a));
			res = k && av2 ? val_getitem(ev, av2, k) : NULL;
			val_decref(k);
			val_decref(av2);
			val_decref(iv);
			goto out;
		}
		struct value *dv = rnd_deliver(ev, be, nd_incref(arr_borrow(iv)));
		struct value *av2 = dv ? arr_wrap(ev, nd_incref(a)) : NULL;
		res = av2 ? val_getitem(ev, av2, dv) : NULL;
		val_decref(av2);
		val_decref(dv);
		val_decref(iv);
	}
out:
	free(p);
	free(cdf);
	nd_decref(a);
	nd_decref(idx);
	return res;
}

