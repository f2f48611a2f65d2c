/*
 * sortsearch.c — sorting and searching: sort argsort partition argpartition
 * unique searchsorted nonzero argwhere flatnonzero isin lexsort sort_complex,
 * and the ndarray methods sort (in place) argsort nonzero searchsorted.
 *
 * Sorts go through the backend's sort entry (the host's loops are
 * backend/host/host_sort.c; ndarray.sort sorts C-contiguous rows where
 * they lie).  unique, isin and lexsort sort host scratch rows with the host
 * row sorts.  np.partition/argpartition with several kth (or of a type
 * NumPy has no SIMD select for) is NumPy's introselect on the host rows
 * (backend/host/host_select.c): NumPy's arrangement; a single kth of a
 * 16/32/64-bit type, and every cp partition, is a full sort, which
 * satisfies the contract (and is NumPy's arrangement of a short row).
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lib/shape.h"
#include "lang/args.h"
#include "lang/error.h"
#include "array/nscall.h"
#include "backend/host/host_sort.h"
#include "lib/devsearch.h"

/* ---- helpers ---- */

static struct ndarray *in_arr(struct eval *ev, const struct builtin *bi, struct value *v)
{
	return arr_asarray(ev, arr_be(bi), v, -1);
}

static struct value *wrap(struct eval *ev, struct ndarray *a)
{
	return a ? arr_wrap(ev, a) : NULL;
}

static struct ndarray *move_last(struct eval *ev, const struct ndarray *a, int axis)
{
	int perm[ND_MAXDIM];
	for (int i = 0, k = 0; i < a->ndim; i++)
		if (i != axis)
			perm[k++] = i;
	perm[a->ndim - 1] = axis;
	return arr_transpose(ev, a, perm);
}

static struct ndarray *move_back(struct eval *ev, const struct ndarray *a, int axis)
{
	int perm[ND_MAXDIM];
	for (int i = 0, k = 0; i < a->ndim; i++)
		perm[i] = i == axis ? a->ndim - 1 : k++;
	return arr_transpose(ev, a, perm);
}

static int64_t ravel_m1 = -1;

/* The rows of a with axis moved last (axis_none: flattened), C-contiguous
 * on a's backend: a fresh copy, or with reads_only a itself when its rows
 * already lie so. */
static struct ndarray *rows_of(struct eval *ev, const struct ndarray *a, int axis, int read_only)
{
	struct ndarray *t = move_last(ev, a, axis), *c;
	if (!t)
		return NULL;
	if (read_only && nd_is_c_contiguous(t))
		return t; /* argsort that only reads: the rows as they lie */
	c = shp_copy(ev, t);
	nd_decref(t);
	return c;
}

/* The result of sorting/argsorting rows r (axis moved last) as a fresh
 * C-contiguous array of a's layout. */
static struct ndarray *rows_back(struct eval *ev, struct ndarray *r, int axis)
{
	struct ndarray *v, *out;
	if (axis == r->ndim - 1)
		return nd_incref(r);
	v = move_back(ev, r, axis);
	if (!v)
		return NULL;
	out = shp_copy(ev, v);
	nd_decref(v);
	return out;
}

/* Parses a (possibly None) axis: 0 ok, *none = 1 for None. */
static int axis_arg(struct eval *ev, struct value *axv, int ndim, int def, int *axis, int *none)
{
	int64_t ax = def;
	*none = 0;
	if (axv && axv->type == VT_NONE) {
		*none = 1;
		return 0;
	}
	if (axv && val_as_int64(ev, axv, &ax) < 0)
		return -1;
	return arr_normalize_axis(ev, ax, ndim, axis);
}

static int kind_stable(struct eval *ev, struct value *kind, struct value *stable, int *st)
{
	*st = 0;
	if (kind && kind->type != VT_NONE) {
		const char *k = val_as_cstr(kind);
		if (!k || (strcmp(k, "quicksort") && strcmp(k, "mergesort") && strcmp(k, "heapsort")
			   && strcmp(k, "stable")))
			return err_set(ev, TY_ValueError, "sort kind must be one of 'quick', 'heap', or 'stable' (got '%s')",
				       k ? k : "?"), -1;
		*st = !strcmp(k, "mergesort") || !strcmp(k, "stable");
	}
	if (stable && stable->type != VT_NONE) {
		int s;
		if (args_bool(ev, stable, 0, &s) < 0)
			return -1;
		if (s && kind && kind->type != VT_NONE)
			return err_set(ev, TY_ValueError, "`kind` and `stable` parameters can't be provided at the same time. Use only one of them."), -1;
		*st |= s;
	}
	return 0;
}

/* Sorts (argsort = 0) or argsorts a along axis by the backend's sort; the
 * returned array has a's shape (flattened when axis_none). */
static struct ndarray *do_sort(struct eval *ev, struct ndarray *a, int axis, int axis_none,
			       int arg, int stable)
{
	struct ndarray *src = a, *flat = NULL, *c = NULL, *idx = NULL, *res = NULL;
	const struct backend *be = nd_backend(a);
	if (axis_none) {
		flat = arr_reshape(ev, a, 1, &ravel_m1);
		if (!flat)
			return NULL;
		src = flat;
		axis = 0;
	}
	if (src->ndim == 0) {
		nd_decref(flat);
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	}
	if (!(c = rows_of(ev, src, axis, arg && be->argsort_reads)))
		goto out;
	if (arg) {
		idx = nd_new(ev, be, DT_INT64, c->ndim, c->shape);
		if (idx && be->sort(ev, c, idx, stable) == 0)
			res = rows_back(ev, idx, axis);
	} else if (be->sort(ev, c, NULL, stable) == 0) {
		res = rows_back(ev, c, axis);
	}
out:
	nd_decref(idx);
	nd_decref(c);
	nd_decref(flat);
	return res;
}

/* NumPy's introselect of a's rows along axis (axis_none: flattened) for
 * the nk ascending kth (np arrays: host memory), as do_sort returns */
static struct ndarray *do_select(struct eval *ev, struct ndarray *a, int axis, int axis_none,
				 int arg, const int64_t *kth, int nk)
{
	struct ndarray *src = a, *flat = NULL, *c = NULL, *idx = NULL, *res = NULL;
	if (axis_none) {
		if (!(flat = arr_reshape(ev, a, 1, &ravel_m1)))
			return NULL;
		src = flat;
		axis = 0;
	}
	if (!(c = rows_of(ev, src, axis, arg)))
		goto out;
	int64_t n = c->shape[c->ndim - 1], rows = n ? nd_size(c) / n : 0, item = dt_size(c->dtype);
	if (arg && !(idx = nd_new(ev, nd_backend(a), DT_INT64, c->ndim, c->shape)))
		goto out;
	for (int64_t r = 0; r < rows; r++)
		host_select_row(c->dtype, nd_data(c) + r * n * item, idx ? (int64_t *)nd_data(idx) + r * n : NULL,
				n, kth, nk);
	res = rows_back(ev, arg ? idx : c, axis);
out:
	nd_decref(idx);
	nd_decref(c);
	nd_decref(flat);
	return res;
}

static int cmp_kth(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

/* ---- sort argsort partition argpartition ---- */

static struct value *sort_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, const char *name, int arg,
				 int partition)
{
	struct value *av, *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL, *kth = NULL;
	int axis = 0, none, st;
	if (partition) {
		if (args_parse(ev, name, argc, argv, kw, "a,kth|axis,kind,order", &av, &kth, &axv,
			       &kind, &order) < 0)
			return NULL;
		kind = NULL;
	} else if (args_parse(ev, name, argc, argv, kw, "a|axis,kind,order,$stable", &av, &axv,
			      &kind, &order, &stable) < 0)
		return NULL;
	if (kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (a->ndim == 0 && !(axv && axv->type == VT_NONE)) {
		err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
		goto out;
	}
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		goto out;
	if (partition) {
		/* kth must be in range, as NumPy checks */
		struct ndarray *k0 = shp_host_array(ev, kth, -1), *k;
		if (!k0)
			goto out;
		if (!dt_is_int(k0->dtype) && k0->dtype != DT_BOOL) {
			nd_decref(k0);
			err_set(ev, TY_TypeError, "Partition index must be integer");
			goto out;
		}
		if (k0->ndim > 1) {
			nd_decref(k0);
			err_set(ev, TY_ValueError, "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 1.");
			goto out;
		}
		k = arr_astype(ev, k0, DT_INT64);
		nd_decref(k0);
		if (!k)
			goto out;
		int64_t len = none ? nd_size(a) : a->shape[axis], nk = nd_size(k);
		struct ndarray *kc = shp_copy(ev, k);
		nd_decref(k);
		if (!kc)
			goto out;
		int64_t *kv = (int64_t *)nd_data(kc);
		for (int64_t i = 0; i < nk; i++) {
			int64_t v = kv[i];
			if (v < -len || v >= len) {
				err_set(ev, TY_ValueError, "kth(=%lld) out of bounds (%lld)",
					(long long)(v < 0 ? v + len : v), (long long)len);
				nd_decref(kc);
				goto out;
			}
			kv[i] = v < 0 ? v + len : v;
		}
		if (!arr_is_cupy(nd_backend(a)) && nk <= INT32_MAX &&
		    (nk != 1 || !host_select_simd(a->dtype, arg))) {
			/* NumPy's introselect, its kth in ascending order */
			qsort(kv, (size_t)nk, sizeof(int64_t), cmp_kth);
			r = do_select(ev, a, axis, none, arg, kv, (int)nk);
			nd_decref(kc);
			goto out;
		}
		nd_decref(kc);
	}
	r = do_sort(ev, a, axis, none, arg, arg || st);
out:
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *sf_sort(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "sort", 0, 0);
}

static struct value *sf_argsort(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "argsort", 1, 0);
}

static struct value *sf_partition(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "partition", 0, 1);
}

static struct value *sf_argpartition(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "argpartition", 1, 1);
}

static struct value *sm_sort(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL;
	int axis, none, st;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "sort() needs an array");
	if (args_parse(ev, "sort", argc, argv, kw, "|axis,kind,order,$stable", &axv, &kind,
		       &order, &stable) < 0 || kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	if (a->ndim == 0)
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	if (axv && axv->type == VT_NONE)
		return err_set(ev, TY_TypeError, "'NoneType' object cannot be interpreted as an integer");
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		return NULL;
	if (!(a->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "sort array is read-only");
	if (axis == a->ndim - 1 && nd_is_c_contiguous(a))   /* sorted where the rows lie */
		return nd_backend(a)->sort(ev, a, NULL, st) < 0 ? NULL : val_none();
	struct ndarray *s = do_sort(ev, a, axis, 0, 0, st);
	if (!s)
		return NULL;
	int rc = shp_assign(ev, a, s);
	nd_decref(s);
	return rc < 0 ? NULL : val_none();
}

static struct value *sm_argsort(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL;
	int axis = 0, none, st;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "argsort() needs an array");
	if (args_parse(ev, "argsort", argc, argv, kw, "|axis,kind,order,$stable", &axv, &kind,
		       &order, &stable) < 0 || kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	if (a->ndim == 0 && !(axv && axv->type == VT_NONE))
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		return NULL;
	return wrap(ev, do_sort(ev, a, axis, none, 1, 1));
}

/* ---- nonzero argwhere flatnonzero ---- */

/* Flat C-order indices of a's non-zero items: a new host int64 1-d array
 * (from the array allocator, whose large buffers are reused: no fresh pages
 * to fault in, no copy afterwards). */
static struct ndarray *nz_flat(struct eval *ev, const struct ndarray *a)
{
	struct ndarray *b = a->dtype == DT_BOOL ? nd_incref((struct ndarray *)a) : arr_astype(ev, a, DT_BOOL);
	struct ndarray *h = NULL, *c = NULL, *r;
	int64_t *out;
	if (!b)
		return NULL;
	h = arr_to_host(ev, b);
	nd_decref(b);
	if (!h)
		return NULL;
	if (!nd_is_c_contiguous(h) || arr_is_cupy(nd_backend(h))) {
		c = nd_new(ev, &backend_host, DT_BOOL, h->ndim, h->shape);
		if (c) {
			struct host_walk w;
			w.nd = h->ndim;
			w.ind = -1;
			w.soff = w.doff = NULL;
			int64_t s = 1;
			for (int k = h->ndim - 1; k >= 0; k--) {
				w.shape[k] = h->shape[k];
				w.sstr[k] = h->strides[k];
				w.dstr[k] = s;
				s *= h->shape[k] ? h->shape[k] : 1;
			}
			host_walk_copy(&w, nd_data(c), nd_data(h), 1);
		}
		nd_decref(h);
		if (!(h = c))
			return NULL;
	}
	int64_t size = nd_size(h), cnt = 0;
	const uint8_t *p = (const uint8_t *)nd_data(h);
	for (int64_t i = 0; i < size; i++)
		cnt += p[i] != 0;
	r = nd_new(ev, &backend_host, DT_INT64, 1, &cnt);
	if (!r) {
		nd_decref(h);
		return NULL;
	}
	out = (int64_t *)nd_data(r);
	for (int64_t i = 0, w = 0; i < size && w < cnt; i++) {
		out[w] = i; /* branchless: the slot is kept only for a non-zero */
		w += p[i] != 0;
	}
	nd_decref(h);
	return r;
}

/* The (ndim, n) coordinates of the non-zero items; argwhere layout when
 * rowmajor (n, ndim). Host int64. */
static struct ndarray *nz_coords(struct eval *ev, const struct ndarray *a, int rowmajor)
{
	struct ndarray *fa = nz_flat(ev, a);
	if (!fa)
		return NULL;
	int64_t n = fa->shape[0];
	const int64_t *flat = (const int64_t *)nd_data(fa);
	int nd = a->ndim;
	int64_t shape[2];
	if (rowmajor) {
		shape[0] = n;
		shape[1] = nd;
	} else {
		shape[0] = nd;
		shape[1] = n;
	}
	if (nd == 1 && !rowmajor) { /* the indices themselves, as (1, n) */
		int64_t st[2] = {n * 8, 8};
		struct ndarray *v = nd_view(ev, fa, DT_INT64, 2, shape, st, fa->offset);
		nd_decref(fa);
		return v;
	}
	struct ndarray *r = nd_new(ev, &backend_host, DT_INT64, 2, shape);
	if (r) {
		/* walk the multi-index forward from one non-zero item to the next */
		int64_t *o = (int64_t *)nd_data(r), idx[ND_MAXDIM] = {0}, at = 0;
		for (int64_t i = 0; i < n; i++) {
			int64_t gap = flat[i] - at;
			if (gap > 0) {
				int64_t carry = gap;
				for (int k = nd - 1; k >= 0 && carry; k--) {
					int64_t s = a->shape[k], v = idx[k] + carry;
					idx[k] = v % s;
					carry = v / s;
				}
				at = flat[i];
			}
			for (int k = 0; k < nd; k++) {
				if (rowmajor)
					o[i * nd + k] = idx[k];
				else
					o[k * n + i] = idx[k];
			}
		}
	}
	nd_decref(fa);
	return r;
}

static struct value *nonzero_of(struct eval *ev, struct ndarray *a)
{
	if (a->ndim == 0)
		return err_set(ev, TY_ValueError, "Calling nonzero on 0d arrays is not allowed. "
			       "Use np.atleast_1d(scalar).nonzero() instead.");
	if (ds_wanted(nd_backend(a)))
		return ds_nonzero(ev, a, 0);
	struct ndarray *c = nz_coords(ev, a, 0);
	if (!c)
		return NULL;
	struct value **items = calloc(a->ndim, sizeof *items);
	if (!items) {
		nd_decref(c);
		return err_nomem(ev);
	}
	int ok = 1;
	for (int k = 0; k < a->ndim && ok; k++) {
		int64_t n = c->shape[1];
		struct ndarray *row = nd_view(ev, c, DT_INT64, 1, &n, &c->strides[1],
					      c->offset + k * c->strides[0]);
		struct ndarray *d = row ? arr_to_backend(ev, row, nd_backend(a)) : NULL;
		nd_decref(row);
		ok = d && (items[k] = arr_wrap(ev, d));
	}
	nd_decref(c);
	if (!ok) {
		for (int k = 0; k < a->ndim; k++)
			val_decref(items[k]);
		free(items);
		return NULL;
	}
	struct value *t = val_tuple_new(a->ndim, items);
	free(items);
	return t;
}

static struct value *sf_nonzero(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "nonzero", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct value *r = nonzero_of(ev, a);
	nd_decref(a);
	return r;
}

static struct value *sm_nonzero(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct ndarray *a = arr_borrow(bi->self);
	if (args_parse(ev, "nonzero", argc, argv, kw, "") < 0)
		return NULL;
	if (!a)
		return err_set(ev, TY_TypeError, "nonzero() needs an array");
	return nonzero_of(ev, a);
}

/* r (a host result, stolen; NULL passes through) on a's backend */
static struct ndarray *moved_to(struct eval *ev, struct ndarray *r, const struct ndarray *a)
{
	if (!r)
		return NULL;
	struct ndarray *d = arr_to_backend(ev, r, nd_backend(a));
	nd_decref(r);
	return d;
}

static struct value *sf_argwhere(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "argwhere", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (a->ndim > 0 && ds_wanted(nd_backend(a))) {
		struct value *v = ds_nonzero(ev, a, 1);
		nd_decref(a);
		return v;
	}
	if (a->ndim == 0) {
		/* NumPy: argwhere of a 0-d array is (n, 0) */
		struct ndarray *f = nz_flat(ev, a);
		int64_t shape[2] = {0, 0};
		if (f) {
			shape[0] = f->shape[0];
			nd_decref(f);
			r = nd_new(ev, &backend_host, DT_INT64, 2, shape);
		}
	} else {
		r = nz_coords(ev, a, 1);
	}
	r = moved_to(ev, r, a);
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *sf_flatnonzero(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "flatnonzero", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (ds_wanted(nd_backend(a))) {
		struct value *v = ds_flatnonzero(ev, a);
		nd_decref(a);
		return v;
	}
	r = nz_flat(ev, a);
	r = moved_to(ev, r, a);
	nd_decref(a);
	return wrap(ev, r);
}

/* ---- comparisons of single items (searchsorted, unique rows, isin) ---- */

/* Items compared as one of three key kinds after a cast to a common dtype. */
static int key_dtype(int dt)
{
	if (dt_is_complex(dt))
		return DT_COMPLEX128;
	if (dt_is_float(dt))
		return DT_FLOAT64;
	if (dt == DT_UINT64)
		return DT_UINT64;
	return DT_INT64;
}


#define SEARCH_TEMPLATE(NAME, T, LT) \
static void search_##NAME(const T *a, int64_t n, const int64_t *sorter, const T *v, int64_t nv, \
			  int right, int64_t *out) \
{ \
	int64_t lo = 0, hi = n; \
	for (int64_t i = 0; i < nv; i++) { \
		T x = v[i]; \
		/* NumPy's bounds: after a smaller key the answer is not below \
		 * the last one; otherwise it is at most the last one + 1 */ \
		if (i > 0 && LT(v[i - 1], x)) { \
			hi = n; \
		} else { \
			lo = 0; \
			hi = hi < n ? hi + 1 : n; \
		} \
		while (lo < hi) { \
			int64_t mid = lo + (hi - lo) / 2; \
			T m = a[sorter ? sorter[mid] : mid]; \
			if (right ? !LT(x, m) : LT(m, x)) \
				lo = mid + 1; \
			else \
				hi = mid; \
		} \
		out[i] = lo; \
	} \
}
SEARCH_TEMPLATE(i64, int64_t, LT_NUM)
SEARCH_TEMPLATE(u64, uint64_t, LT_NUM)
SEARCH_TEMPLATE(f64, double, LT_FLT)
SEARCH_TEMPLATE(c128, struct cd, LT_CD)

static void search_any(int kd, const void *a, int64_t n, const int64_t *sorter, const void *v,
		       int64_t nv, int right, int64_t *out)
{
	switch (kd) {
	case DT_INT64: search_i64(a, n, sorter, v, nv, right, out); break;
	case DT_UINT64: search_u64(a, n, sorter, v, nv, right, out); break;
	case DT_FLOAT64: search_f64(a, n, sorter, v, nv, right, out); break;
	default: search_c128(a, n, sorter, v, nv, right, out); break;
	}
}

static struct value *searchsorted(struct eval *ev, const struct backend *be, struct ndarray *a,
				  struct value *vv, struct value *sidev, struct value *sorterv)
{
	int right = 0;
	struct ndarray *v = NULL, *ah = NULL, *vh = NULL, *sh = NULL, *out = NULL;
	struct value *res = NULL;
	if (sidev && sidev->type != VT_NONE) {
		const char *s = val_as_cstr(sidev);
		if (!s || (strcmp(s, "left") && strcmp(s, "right") && strcmp(s, "l") && strcmp(s, "r")))
			return err_set(ev, TY_ValueError, "side must be 'left' or 'right' (got '%s')", s ? s : "?");
		right = s[0] == 'r';
	}
	if (a->ndim != 1)
		return err_set(ev, TY_ValueError, "object too deep for desired array");
	v = arr_asarray(ev, nd_backend(a), vv, -1);
	if (!v)
		return NULL;
	int kd = key_dtype(dt_promote(a->dtype, v->dtype));
	if (be->searchsorted && kd != DT_COMPLEX128 && !(sorterv && sorterv->type != VT_NONE)) {
		/* the backend's search where a and v lie (the device's, or
		 * NumPy's npy_binsearch on the host); one real dtype is searched
		 * as it is (the same order as after a cast to kd) */
		if (a->dtype == v->dtype && a->dtype != DT_FLOAT16 && !dt_is_complex(a->dtype))
			kd = a->dtype;
		ah = a->dtype == kd && nd_is_c_contiguous(a) ? nd_incref(a) : arr_astype_quiet(ev, a, kd);
		vh = !ah ? NULL : v->dtype == kd && nd_is_c_contiguous(v) ? nd_incref(v)
								 : arr_astype_quiet(ev, v, kd);
		out = vh ? nd_new(ev, nd_backend(a), DT_INT64, vh->ndim, vh->shape) : NULL;
		if (out && be->searchsorted(ev, ah, vh, right, out) == 0) {
			res = arr_result(ev, out);
			out = NULL;
		}
		goto out;
	}
	ah = arr_host_c(ev, a, kd);
	vh = ah ? arr_host_c(ev, v, kd) : NULL;
	if (!vh)
		goto out;
	if (sorterv && sorterv->type != VT_NONE) {
		struct ndarray *s = arr_asarray(ev, nd_backend(a), sorterv, -1);
		sh = s ? arr_host_c(ev, s, DT_INT64) : NULL;
		nd_decref(s);
		if (!sh)
			goto out;
		if (nd_size(sh) != nd_size(ah)) {
			err_set(ev, TY_ValueError, "sorter.size must equal a.size");
			goto out;
		}
		for (int64_t i = 0; i < nd_size(sh); i++) {
			int64_t k = ((int64_t *)nd_data(sh))[i];
			if (k < 0 || k >= nd_size(ah)) {
				err_set(ev, TY_ValueError, "Sorter index out of range.");
				goto out;
			}
		}
	}
	out = nd_new(ev, &backend_host, DT_INT64, vh->ndim, vh->shape);
	if (!out)
		goto out;
	search_any(kd, nd_data(ah), nd_size(ah), sh ? (int64_t *)nd_data(sh) : NULL, nd_data(vh),
		   nd_size(vh), right, (int64_t *)nd_data(out));
	{
		struct ndarray *d = arr_to_backend(ev, out, be);
		nd_decref(out);
		out = NULL;
		res = d ? arr_result(ev, d) : NULL;
	}
out:
	nd_decref(v);
	nd_decref(ah);
	nd_decref(vh);
	nd_decref(sh);
	nd_decref(out);
	return res;
}

static struct value *sf_searchsorted(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *vv, *side = NULL, *sorter = NULL;
	if (args_parse(ev, "searchsorted", argc, argv, kw, "a,v|side,sorter", &av, &vv, &side, &sorter) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct value *r = searchsorted(ev, nd_backend(a), a, vv, side, sorter);
	nd_decref(a);
	return r;
}

static struct value *sm_searchsorted(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *vv, *side = NULL, *sorter = NULL;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "searchsorted() needs an array");
	if (args_parse(ev, "searchsorted", argc, argv, kw, "v|side,sorter", &vv, &side, &sorter) < 0)
		return NULL;
	return searchsorted(ev, nd_backend(a), a, vv, side, sorter);
}

/* np.unique_values(x): np.unique(x, equal_nan=False) (NumPy's order "may
 * vary": it comes from a hash set; Lumen's is sorted) */
static struct value *sf_unique_values(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	if (args_parse(ev, "unique_values", argc, argv, kw, "x", &x) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *r = arr_ns_call(ev, be, "unique", 1, &x, NULL);
	struct ndarray *u = r ? arr_borrow(r) : NULL;
	if (!u || !dt_is_inexact(u->dtype))
		return r;
	/* equal_nan=False: every NaN of x is its own value (np.unique gives one) */
	struct value *cnt = ex_fn1(ev, be, "count_nonzero", ex_fn1(ev, be, "isnan", val_incref(x)));
	int64_t nn = 0;
	if (!cnt || val_as_int64(ev, cnt, &nn) < 0) {
		val_decref(cnt);
		val_decref(r);
		return NULL;
	}
	val_decref(cnt);
	if (nn <= 1)
		return r;
	struct value *n = val_int(nn - 1), *nan = val_float(NAN), *dt = val_dtype(u->dtype, 0), *args[2] = {n, nan};
	struct value *extra = n && nan && dt ? arr_ns_callk(ev, be, "full", 2, args, "dtype", dt) : NULL;
	val_decref(n);
	val_decref(nan);
	val_decref(dt);
	if (!extra) {
		val_decref(r);
		return NULL;
	}
	struct value *pair[2] = {r, extra}, *tup = val_tuple_new(2, pair);
	struct value *out = tup ? arr_ns_call(ev, be, "concatenate", 1, &tup, NULL) : NULL;
	val_decref(tup);
	return out;
}

/* ---- isin ---- */

static struct value *sf_isin(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *ev_, *tv, *au = NULL, *inv = NULL, *kind = NULL;
	int invert = 0;
	if (args_parse(ev, "isin", argc, argv, kw, "element,test_elements|assume_unique,invert,$kind",
		       &ev_, &tv, &au, &inv, &kind) < 0 || args_bool(ev, inv, 0, &invert) < 0)
		return NULL;
	if (tv->type == VT_OBJECT && (!strcmp(tv->u.obj.t->name, "set") || !strcmp(tv->u.obj.t->name, "frozenset"))) {
		/* NumPy makes a set a 0-d object array: no number equals it */
		struct value *fill = val_bool(invert), *dt = val_dtype(DT_BOOL, 1);
		struct value *args[2] = {ev_, fill};
		struct value *r = fill && dt ? arr_ns_callk(ev, arr_be(bi), "full_like", 2, args, "dtype", dt) : NULL;
		val_decref(fill);
		val_decref(dt);
		return r;
	}
	struct ndarray *e = in_arr(ev, bi, ev_), *t = e ? in_arr(ev, bi, tv) : NULL;
	struct ndarray *eh = NULL, *th = NULL, *out = NULL, *pos = NULL;
	struct value *res = NULL;
	if (!t)
		goto out;
	int kd = key_dtype(dt_promote(e->dtype, t->dtype));
	if (kd != DT_COMPLEX128 && nd_backend(e)->searchsorted && ds_wanted(nd_backend(e))) {
		res = ds_isin(ev, e, t, kd, invert);
		goto out;
	}
	eh = arr_host_c(ev, e, kd);
	th = eh ? arr_host_c(ev, t, kd) : NULL;
	if (!th)
		goto out;
	int64_t nt = nd_size(th), ne = nd_size(eh);
	if (kd == DT_INT64 && nt > 0) {
		/* NumPy's kind='table' for integers: a table of the test values'
		 * range when it is at most 6 (ne + nt) long */
		const int64_t *tv = (const int64_t *)nd_data(th), *evv = (const int64_t *)nd_data(eh);
		int64_t lo = tv[0], hi = tv[0];
		for (int64_t i = 1; i < nt; i++) {
			lo = tv[i] < lo ? tv[i] : lo;
			hi = tv[i] > hi ? tv[i] : hi;
		}
		if ((uint64_t)hi - (uint64_t)lo <= (uint64_t)6 * (uint64_t)(ne + nt)) {
			uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
			uint8_t *tab = calloc(span, 1), *o;
			if (!tab) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t i = 0; i < nt; i++)
				tab[(uint64_t)tv[i] - (uint64_t)lo] = 1;
			out = nd_new(ev, &backend_host, DT_BOOL, eh->ndim, eh->shape);
			if (!out) {
				free(tab);
				goto out;
			}
			o = (uint8_t *)nd_data(out);
			for (int64_t i = 0; i < ne; i++) {
				uint64_t d = (uint64_t)evv[i] - (uint64_t)lo;
				o[i] = (uint8_t)((d < span && tab[d]) ^ invert);
			}
			free(tab);
			goto deliver;
		}
	}
	if (host_sort_row(ev, kd, nd_data(th), nt, 0) < 0)
		goto out;
	pos = nd_new(ev, &backend_host, DT_INT64, 1, &ne);
	out = pos ? nd_new(ev, &backend_host, DT_BOOL, eh->ndim, eh->shape) : NULL;
	if (!out)
		goto out;
	int64_t *p = (int64_t *)nd_data(pos);
	uint8_t *o = (uint8_t *)nd_data(out);
	search_any(kd, nd_data(th), nt, NULL, nd_data(eh), ne, 0, p);
	int isz = dt_size(kd);
	for (int64_t i = 0; i < ne; i++) {
		int found = 0;
		if (p[i] < nt) {
			const char *x = nd_data(eh) + i * isz, *y = nd_data(th) + p[i] * isz;
			if (kd == DT_FLOAT64)
				found = *(const double *)x == *(const double *)y;
			else if (kd == DT_COMPLEX128)
				found = ((const double *)x)[0] == ((const double *)y)[0]
					&& ((const double *)x)[1] == ((const double *)y)[1];
			else
				found = !memcmp(x, y, isz);
		}
		o[i] = (uint8_t)(found ^ invert);
	}
deliver:
	{
		struct ndarray *d = arr_to_backend(ev, out, nd_backend(e));
		nd_decref(out);
		out = NULL;
		res = d ? arr_wrap(ev, d) : NULL;
	}
out:
	nd_decref(e);
	nd_decref(t);
	nd_decref(eh);
	nd_decref(th);
	nd_decref(out);
	nd_decref(pos);
	return res;
}

/* ---- unique ---- */

/* Compares items i and j of a contiguous host array of kind kd. */
static int item_cmp(int kd, const char *base, int64_t rowlen, int64_t i, int64_t j)
{
	for (int64_t k = 0; k < rowlen; k++) {
		int64_t x = i * rowlen + k, y = j * rowlen + k;
		int lt, gt;
		switch (kd) {
		case DT_INT64: {
			int64_t a = ((const int64_t *)base)[x], b = ((const int64_t *)base)[y];
			lt = a < b; gt = b < a; break;
		}
		case DT_UINT64: {
			uint64_t a = ((const uint64_t *)base)[x], b = ((const uint64_t *)base)[y];
			lt = a < b; gt = b < a; break;
		}
		case DT_FLOAT64: {
			double a = ((const double *)base)[x], b = ((const double *)base)[y];
			lt = LT_FLT(a, b); gt = LT_FLT(b, a); break;
		}
		default: {
			struct cd a = ((const struct cd *)base)[x], b = ((const struct cd *)base)[y];
			lt = LT_CD(a, b); gt = LT_CD(b, a); break;
		}
		}
		if (lt)
			return -1;
		if (gt)
			return 1;
	}
	return 0;
}

static void rows_msort(int kd, const char *base, int64_t rowlen, int64_t *idx, int64_t n, int64_t *tmp)
{
	if (n <= 1)
		return;
	int64_t h = n / 2;
	rows_msort(kd, base, rowlen, idx, h, tmp);
	rows_msort(kd, base, rowlen, idx + h, n - h, tmp);
	memcpy(tmp, idx, sizeof(int64_t) * h);
	int64_t i = 0, j = h, k = 0;
	while (i < h && j < n) {
		if (item_cmp(kd, base, rowlen, idx[j], tmp[i]) < 0)
			idx[k++] = idx[j++];
		else
			idx[k++] = tmp[i++];
	}
	while (i < h)
		idx[k++] = tmp[i++];
}

/*
 * unique of a flat real array without indices (NumPy's own path): a sorted
 * copy, the first item of each run of equal ones kept in place (NaNs, last
 * after the sort, are one run: equal_nan); *cnt, when asked, gets each run's
 * length.  Returns the number of unique items.
 */
#define UNIQUE_RUNS(T) {                                                       \
	T *x = (T *)v;                                                         \
	for (int64_t i = 0; i < n; i++)                                        \
		if (i == 0 || !(x[i] == x[ng - 1] || (x[i] != x[i] && x[ng - 1] != x[ng - 1]))) { \
			if (cnt && ng)                                         \
				cnt[ng - 1] = i - start;                       \
			start = i;                                             \
			x[ng++] = x[i];                                        \
		}                                                              \
	break; }

static int64_t unique_runs(int dt, void *v, int64_t n, int64_t *cnt)
{
	int64_t ng = 0, start = 0;
	switch (dt) {
	case DT_BOOL: case DT_UINT8: UNIQUE_RUNS(uint8_t)
	case DT_INT8: UNIQUE_RUNS(int8_t)
	case DT_INT16: UNIQUE_RUNS(int16_t)
	case DT_UINT16: UNIQUE_RUNS(uint16_t)
	case DT_INT32: UNIQUE_RUNS(int32_t)
	case DT_UINT32: UNIQUE_RUNS(uint32_t)
	case DT_INT64: UNIQUE_RUNS(int64_t)
	case DT_UINT64: UNIQUE_RUNS(uint64_t)
	case DT_FLOAT32: UNIQUE_RUNS(float)
	case DT_FLOAT64: UNIQUE_RUNS(double)
	}
	if (cnt && ng)
		cnt[ng - 1] = n - start;
	return ng;
}

static struct value *unique_sorted(struct eval *ev, const struct ndarray *flat, int want_cnt,
				   const struct backend *be)
{
	struct ndarray *s = shp_copy(ev, flat), *u = NULL, *c = NULL;
	struct value *res = NULL;
	int64_t n = nd_size(flat), ng;
	if (!s)
		return NULL;
	if (want_cnt && !(c = nd_new(ev, &backend_host, DT_INT64, 1, &n)))
		goto out;
	if (host_sort_row(ev, s->dtype, nd_data(s), n, 0) < 0)
		goto out;
	ng = unique_runs(s->dtype, nd_data(s), n, c ? (int64_t *)nd_data(c) : NULL);
	if (!(u = nd_new(ev, &backend_host, s->dtype, 1, &ng)))
		goto out;
	memcpy(nd_data(u), nd_data(s), (size_t)ng * dt_size(s->dtype));
	{
		struct ndarray *parts[2] = {u, NULL};
		struct value *items[2] = {NULL, NULL};
		if (c) {
			parts[1] = nd_view(ev, c, DT_INT64, 1, &ng, &(int64_t){8}, c->offset);
			if (!parts[1])
				goto out;
		}
		for (int i = 0; i < 1 + !!c; i++) {
			struct ndarray *d = arr_to_backend(ev, parts[i], be);
			items[i] = d ? arr_wrap(ev, d) : NULL;
		}
		if (c)
			nd_decref(parts[1]);
		if (items[0] && (!c || items[1]))
			res = c ? val_tuple_new(2, items) : items[0];
		else {
			val_decref(items[0]);
			val_decref(items[1]);
		}
	}
out:
	nd_decref(s);
	nd_decref(u);
	nd_decref(c);
	return res;
}

static struct value *sf_unique(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *av, *ri = NULL, *rinv = NULL, *rc = NULL, *axv = NULL, *eqn = NULL, *sorted = NULL;
	int want_idx = 0, want_inv = 0, want_cnt = 0, axis = 0, none = 1;
	if (args_parse(ev, "unique", argc, argv, kw,
		       "ar|return_index,return_inverse,return_counts,axis,$equal_nan,sorted",
		       &av, &ri, &rinv, &rc, &axv, &eqn, &sorted) < 0
	    || args_bool(ev, ri, 0, &want_idx) < 0 || args_bool(ev, rinv, 0, &want_inv) < 0
	    || args_bool(ev, rc, 0, &want_cnt) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *rows = NULL, *key = NULL;
	struct ndarray *vals = NULL, *idxa = NULL, *inva = NULL, *cnta = NULL;
	int64_t *order = NULL, *tmp = NULL, *first = NULL, *grp = NULL;
	struct value *res = NULL;
	if (!a)
		return NULL;
	const struct backend *be = nd_backend(a);
	if (axv && axv->type != VT_NONE) {
		none = 0;
		if (axis_arg(ev, axv, a->ndim, 0, &axis, &none) < 0)
			goto out;
	}
	if (none && ds_wanted(be) && !dt_is_complex(a->dtype) && a->dtype != DT_FLOAT16) {
		res = ds_unique(ev, a, want_idx, want_inv, want_cnt);
		goto out;
	}
	/* rows: (n, rowlen) of the original dtype, host; key: the same as kd */
	int64_t n, rowlen;
	if (none) {
		struct ndarray *f = arr_reshape(ev, a, 1, &ravel_m1);
		rows = f ? arr_host_c(ev, f, a->dtype) : NULL;
		nd_decref(f);
		if (!rows)
			goto out;
		n = nd_size(rows);
		rowlen = 1;
	} else {
		int perm[ND_MAXDIM];
		perm[0] = axis;
		for (int i = 0, k = 1; i < a->ndim; i++)
			if (i != axis)
				perm[k++] = i;
		struct ndarray *t = arr_transpose(ev, a, perm);
		rows = t ? arr_host_c(ev, t, a->dtype) : NULL;
		nd_decref(t);
		if (!rows)
			goto out;
		n = a->shape[axis];
		rowlen = n ? nd_size(rows) / n : 0;
	}
	if (none && !want_idx && !want_inv && !dt_is_complex(a->dtype) && a->dtype != DT_FLOAT16) {
		res = unique_sorted(ev, rows, want_cnt, be);
		goto out;
	}
	int kd = key_dtype(a->dtype);
	key = arr_host_c(ev, rows, kd);
	if (!key)
		goto out;
	order = malloc(sizeof(int64_t) * (n + 1));
	tmp = malloc(sizeof(int64_t) * (n / 2 + 1));
	grp = malloc(sizeof(int64_t) * (n + 1));
	first = malloc(sizeof(int64_t) * (n + 1));
	if (!order || !tmp || !grp || !first) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < n; i++)
		order[i] = i;
	if (rowlen == 1) {
		if (host_argsort_row(ev, kd, nd_data(key), n, order, tmp) < 0)
			goto out;
	} else {
		rows_msort(kd, nd_data(key), rowlen, order, n, tmp);
	}
	/* groups of equal rows (NaNs equal to each other: equal_nan) */
	int64_t ng = 0;
	for (int64_t i = 0; i < n; i++) {
		if (i == 0 || item_cmp(kd, nd_data(key), rowlen, order[i - 1], order[i]) != 0) {
			/* item_cmp treats two NaNs as equal: neither is less */
			first[ng++] = i;
		}
		grp[order[i]] = ng - 1;
	}
	first[ng] = n;
	{
		int64_t oshape[ND_MAXDIM];
		int ond;
		if (none) {
			ond = 1;
			oshape[0] = ng;
		} else {
			ond = a->ndim;
			memcpy(oshape, rows->shape, sizeof(int64_t) * a->ndim);
			oshape[0] = ng;
		}
		struct ndarray *u = nd_new(ev, &backend_host, a->dtype, ond, oshape);
		if (!u)
			goto out;
		int64_t rb = rowlen * dt_size(a->dtype);
		for (int64_t g = 0; g < ng; g++)
			memcpy(nd_data(u) + g * rb, nd_data(rows) + order[first[g]] * rb, rb);
		if (!none) {
			int perm[ND_MAXDIM];
			for (int i = 0; i < a->ndim; i++)
				perm[i] = i == axis ? 0 : (i < axis ? i + 1 : i);
			struct ndarray *t = arr_transpose(ev, u, perm);
			nd_decref(u);
			u = t ? shp_copy(ev, t) : NULL;
			nd_decref(t);
			if (!u)
				goto out;
		}
		vals = u;
	}
	if (want_idx) {
		idxa = nd_new(ev, &backend_host, DT_INT64, 1, &ng);
		if (!idxa)
			goto out;
		for (int64_t g = 0; g < ng; g++)
			((int64_t *)nd_data(idxa))[g] = order[first[g]];
	}
	if (want_inv) {
		if (none)
			inva = nd_new(ev, &backend_host, DT_INT64, a->ndim, a->shape);
		else
			inva = nd_new(ev, &backend_host, DT_INT64, 1, &n);
		if (!inva)
			goto out;
		memcpy(nd_data(inva), grp, sizeof(int64_t) * n);
	}
	if (want_cnt) {
		cnta = nd_new(ev, &backend_host, DT_INT64, 1, &ng);
		if (!cnta)
			goto out;
		for (int64_t g = 0; g < ng; g++)
			((int64_t *)nd_data(cnta))[g] = first[g + 1] - first[g];
	}
	{
		struct ndarray *parts[4] = {vals, idxa, inva, cnta};
		struct value *items[4] = {NULL};
		int k = 0, ok = 1;
		for (int i = 0; i < 4; i++) {
			if (!parts[i])
				continue;
			struct ndarray *d = arr_to_backend(ev, parts[i], be);
			if (!d || !(items[k++] = arr_wrap(ev, d))) {
				ok = 0;
				break;
			}
		}
		if (!ok) {
			for (int i = 0; i < k; i++)
				val_decref(items[i]);
		} else if (k == 1) {
			res = items[0];
		} else {
			res = val_tuple_new(k, items);
		}
	}
out:
	free(order);
	free(tmp);
	free(grp);
	free(first);
	nd_decref(a);
	nd_decref(rows);
	nd_decref(key);
	nd_decref(vals);
	nd_decref(idxa);
	nd_decref(inva);
	nd_decref(cnta);
	return res;
}

/* ---- lexsort sort_complex (composed from argsort / take_along_axis / sort) ---- */

/* lexsort(keys, axis=-1): the last key is the primary one; stable argsorts
 * from the first key to the last, each through the order so far */
static struct value *sf_lexsort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *kv, *axv = NULL, *idx = NULL, *axis, *stable;
	int64_t n;
	if (args_parse(ev, "lexsort", argc, argv, kw, "keys|axis", &kv, &axv) < 0)
		return NULL;
	struct ndarray *ka = arr_borrow(kv);
	if (ka && ka->ndim == 0)
		return err_set(ev, TY_TypeError, "need sequence of keys with len > 0 in lexsort");
	if ((n = val_len(ev, kv)) < 0)
		return NULL;
	if (n == 0)
		return err_set(ev, TY_TypeError, "need sequence of keys with len > 0 in lexsort");
	struct value *ks[64];
	if (n > 64)
		return err_set(ev, TY_ValueError, "too many keys in lexsort");
	for (int64_t i = 0; i < n; i++) {
		struct value *item = ex_item(ev, val_incref(kv), val_int(i));
		struct ndarray *a = item ? in_arr(ev, bi, item) : NULL;
		if (item)
			val_decref(item);
		ks[i] = a ? arr_wrap(ev, a) : NULL;
		if (ks[i] && i && (arr_borrow(ks[i])->ndim != arr_borrow(ks[0])->ndim ||
				   memcmp(arr_borrow(ks[i])->shape, arr_borrow(ks[0])->shape,
					  sizeof(int64_t) * arr_borrow(ks[0])->ndim))) {
			val_decref(ks[i]);
			ks[i] = NULL;
			err_set(ev, TY_ValueError, "all keys need to be the same shape");
		}
		if (!ks[i]) {
			while (i--)
				val_decref(ks[i]);
			return NULL;
		}
	}
	int nd = arr_borrow(ks[0])->ndim, ax;
	int64_t a64 = -1;
	if (args_int(ev, axv, -1, &a64) < 0 || (nd && arr_normalize_axis(ev, a64, nd, &ax) < 0))
		goto out;
	if (nd == 0) { /* 0-d keys: a single position */
		idx = val_int(0);
		goto out;
	}
	axis = val_int(ax);
	stable = val_cstr("stable");
	for (int64_t i = 0; i < n; i++) {
		struct value *key = ks[i], *o;
		const char *names[2] = {"axis", "kind"};
		struct value *kvals[2] = {axis, stable};
		struct kwargs k2 = {2, names, kvals};
		if (idx) {
			struct value *args[2] = {key, idx};
			key = arr_ns_callk(ev, be, "take_along_axis", 2, args, "axis", axis);
		} else {
			key = val_incref(key);
		}
		o = key ? arr_ns_call(ev, be, "argsort", 1, &key, &k2) : NULL;
		if (key)
			val_decref(key);
		if (o && idx) {
			struct value *args[2] = {idx, o}, *t = arr_ns_callk(ev, be, "take_along_axis", 2, args, "axis", axis);
			val_decref(o);
			o = t;
		}
		if (idx)
			val_decref(idx);
		if (!(idx = o))
			break;
	}
	val_decref(axis);
	val_decref(stable);
out:
	for (int64_t i = 0; i < n; i++)
		val_decref(ks[i]);
	return idx;
}

/* sort_complex(a): sorted copy as complex (complex64 from the small ints) */
static struct value *sf_sort_complex(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				     const struct kwargs *kw)
{
	struct value *av, *s;
	if (args_parse(ev, "sort_complex", argc, argv, kw, "a", &av) < 0 ||
	    !(s = arr_ns_call(ev, arr_be(bi), "sort", 1, &av, NULL)))
		return NULL;
	struct ndarray *a = arr_borrow(s), *c;
	if (!a || dt_is_complex(a->dtype))
		return s;
	int small = a->dtype == DT_INT8 || a->dtype == DT_INT16 || a->dtype == DT_UINT8 || a->dtype == DT_UINT16;
	c = arr_astype(ev, a, small ? DT_COMPLEX64 : DT_COMPLEX128);
	val_decref(s);
	return c ? arr_wrap(ev, c) : NULL;
}

const struct arr_func arr_sort_funcs[] = {
	{"lexsort", sf_lexsort, "lexsort(keys, axis=-1)", "Perform an indirect stable sort using a sequence of keys (the last one primary)."},
	{"sort_complex", sf_sort_complex, "sort_complex(a)", "Sort a complex array using the real part first, then the imaginary part."},
	{"sort", sf_sort, "sort(a, axis=-1, kind=None, order=None, *, stable=None)",
	 "Return a sorted copy of an array (NaNs last)."},
	{"argsort", sf_argsort, "argsort(a, axis=-1, kind=None, order=None, *, stable=None)",
	 "Returns the indices that would sort an array (a stable sort)."},
	{"partition", sf_partition, "partition(a, kth, axis=-1, kind='introselect', order=None)",
	 "Return a partitioned copy of an array (Lumen: fully sorted, which satisfies the contract)."},
	{"argpartition", sf_argpartition, "argpartition(a, kth, axis=-1, kind='introselect', order=None)",
	 "Indices that partition an array (Lumen: a stable argsort)."},
	{"unique", sf_unique, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True)",
	 "Find the unique elements of an array."},
	{"searchsorted", sf_searchsorted, "searchsorted(a, v, side='left', sorter=None)",
	 "Find indices where elements should be inserted to maintain order."},
	{"nonzero", sf_nonzero, "nonzero(a)", "Return the indices of the elements that are non-zero."},
	{"argwhere", sf_argwhere, "argwhere(a)", "Find the indices of array elements that are non-zero, grouped by element."},
	{"flatnonzero", sf_flatnonzero, "flatnonzero(a)", "Return indices that are non-zero in the flattened version of a."},
	{"unique_values", sf_unique_values, "unique_values(x)", "Returns the unique elements of an input array `x`."},
	{"isin", sf_isin, "isin(element, test_elements, assume_unique=False, invert=False, *, kind=None)",
	 "Calculates element in test_elements, broadcasting over element only."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_sort_methods[] = {
	{"sort", sm_sort, "a.sort(axis=-1, kind=None, order=None)", "Sort an array in-place."},
	{"argsort", sm_argsort, "a.argsort(axis=-1, kind=None, order=None)",
	 "Returns the indices that would sort this array."},
	{"nonzero", sm_nonzero, "a.nonzero()", "Return the indices of the elements that are non-zero."},
	{"searchsorted", sm_searchsorted, "a.searchsorted(v, side='left', sorter=None)",
	 "Find indices where elements of v should be inserted in a to maintain order."},
	{NULL, NULL, NULL, NULL}
};
