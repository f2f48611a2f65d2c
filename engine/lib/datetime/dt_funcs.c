/*
 * dt_funcs.c — the numpy functions of datetimes: np.datetime64 and
 * np.timedelta64 (the scalar types), np.isnat, np.datetime_data,
 * np.datetime_as_string, and the datetime forms of np.array, np.asarray,
 * np.arange, np.dtype, np.diff, np.mean, np.zeros/ones/empty/full, and the
 * functions that only move items (sort, concatenate, where, reshape ...:
 * run on the int64 storage and wrapped again).  Each of those takes
 * its datetime path only for a datetime argument and otherwise hands the
 * call to the function the numeric areas published under the same name.
 *
 * Host only: in the cp namespace the datetime forms are a NotImplementedError.
 * np.sum/min/max and the ufuncs stay the numeric areas' own (the statement
 * fuser knows them by address): datetimes reach them as a.sum(), a + b.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lib/datetime/dt_int.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

/* the function another table published as name (the last one wins) */
static struct value *forward(struct eval *ev, const struct builtin *bi, const char *name, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	static struct { const char *name; builtin_fn fn; } cache[48];
	builtin_fn fn;
	size_t slot = 0;
	for (; slot < sizeof cache / sizeof cache[0] && cache[slot].name; slot++)
		if (cache[slot].name == name || !strcmp(cache[slot].name, name))
			return cache[slot].fn(ev, bi, argc, argv, kw);
	fn = arr_published_next(NS_TOP, arr_datetime_funcs, name);
	if (!fn)
		return err_set(ev, TY_AttributeError, "module 'numpy' has no attribute '%s'", name);
	if (slot < sizeof cache / sizeof cache[0]) {
		cache[slot].name = name;   /* static strings: the tables' and ours */
		cache[slot].fn = fn;
	}
	return fn(ev, bi, argc, argv, kw);
}

static int on_cupy(const struct builtin *bi) { return arr_is_cupy(arr_be(bi)); }

static struct value *cupy_refuses(struct eval *ev, const char *name)
{
	return err_set(ev, TY_NotImplementedError, "cupy.%s: datetime64/timedelta64 arrays are "
		       "host only in Lumen (CuPy has no datetime arrays); use numpy", name);
}

/* a datetime value, or a list/tuple whose first leaf is one */
static struct dt_val *dt_within(struct value *v)
{
	for (int depth = 0; v && (v->type == VT_LIST || v->type == VT_TUPLE) && v->u.seq.n; depth++) {
		if (depth == ND_MAXDIM)   /* a list holding itself */
			return NULL;
		v = v->u.seq.items[0];
	}
	struct dt_val *d = dt_val_of(v);
	return d && d->kind != 'U' ? d : NULL;
}

/* kwargs value by name, or NULL */
/* np.array / np.asarray(obj, dtype=None, ...) */
static struct value *array_like(struct eval *ev, const struct builtin *bi, const char *name, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *dtype = argc > 1 ? argv[1] : args_kw(kw, "dtype");
	struct dt_val *d = argc > 0 ? dt_within(argv[0]) : NULL;
	char kind;
	struct dt_meta m;
	int r = dtype ? dt_dtype_arg(ev, dtype, &kind, &m) : 0;
	if (r < 0)
		return NULL;
	if (!r && argc > 0 && dt_val_of(argv[0]) && dtype && dtype->type != VT_NONE &&
	    dt_val_of(argv[0])->kind != 'U' && !on_cupy(bi)) {
		/* np.array(datetimes, dtype=float): the counts, cast */
		int ndt = -1;
		struct ndarray *c;
		if (arr_parse_dtype(ev, dtype, &ndt) < 0)
			return NULL;
		if (ndt < 0 || !(c = dt_items(ev, dt_val_of(argv[0]))))
			return ndt < 0 ? err_set(ev, TY_TypeError, "Cannot interpret the dtype") : NULL;
		struct ndarray *o = arr_astype(ev, c, ndt);
		nd_decref(c);
		return arr_wrap(ev, o);
	}
	if ((!r && !(d && (!dtype || dtype->type == VT_NONE))) || argc < 1)
		return forward(ev, bi, name, argc, argv, kw);
	if (on_cupy(bi))
		return cupy_refuses(ev, name);
	if (!r) {
		kind = d->kind;
		m.unit = DU_GENERIC;
		m.num = 1;
	}
	struct dt_val *src = dt_val_of(argv[0]);
	if (src && src->kind == 'U')
		return err_set(ev, TY_NotImplementedError, "numpy.%s of a string array: Lumen has no string "
			       "arrays", name);
	if (src && !strcmp(name, "asarray") && (m.unit == DU_GENERIC ||
	    (m.unit == src->m.unit && m.num == src->m.num)) && kind == src->kind && !src->scalar)
		return val_incref(argv[0]);
	struct value *v = dt_from_obj(ev, argv[0], kind, &m, 0);
	struct dt_val *got = dt_val_of(v);
	if (got && (got->scalar || (src && got->a == src->a))) {
		/* an array, never the scalar; np.array copies */
		struct value *c = dt_val_new(ev, got->kind, &got->m, 0, arr_contiguous(ev, got->a));
		val_decref(v);
		v = c;
	}
	return v;
}

static struct value *fn_array(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	return array_like(ev, bi, "array", argc, argv, kw);
}

static struct value *fn_asarray(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	return array_like(ev, bi, "asarray", argc, argv, kw);
}

/* np.dtype('M8[D]') */
static struct value *fn_dtype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	char kind;
	struct dt_meta m;
	int r = argc > 0 ? dt_dtype_arg(ev, argv[0], &kind, &m) : 0;
	if (r < 0)
		return NULL;
	if (!r)
		return forward(ev, bi, "dtype", argc, argv, kw);
	return dt_desc_new(ev, kind, &m, 0);
}

/* np.arange(start, stop, step, dtype) with datetimes: a stop that is an
 * integer counts from start */
static struct value *fn_arange(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *start = NULL, *stop = NULL, *step = NULL, *dtype = NULL, *device = NULL, *like = NULL;
	char kind = 0;
	struct dt_meta m = { DU_GENERIC, 1 }, named, g = { DU_GENERIC, 1 };
	int r = 0;
	int64_t a, b, s = 1, n;
	struct ndarray *o;
	if (args_parse(ev, "arange", argc, argv, kw, "|start,stop,step,dtype$device,like", &start, &stop,
		       &step, &dtype, &device, &like) < 0)
		return NULL;
	if (dtype && (r = dt_dtype_arg(ev, dtype, &kind, &m)) < 0)
		return NULL;
	if (!r) {
		struct dt_val *d = start ? dt_val_of(start) : NULL;
		if (!d || d->kind == 'U')
			return forward(ev, bi, "arange", argc, argv, kw);
		kind = d->kind;
	}
	if (on_cupy(bi))
		return cupy_refuses(ev, "arange");
	if (!start || !stop)
		return err_set(ev, TY_ValueError, "arange requires both a start and a stop for NumPy "
			       "datetime64 ranges");
	if (m.unit == DU_GENERIC) {
		/* the finest unit start and stop name */
		if (dt_item(ev, start, kind, &g, &a, &named) < 0 ||
		    dt_common_meta(ev, kind, &m, &named, &m) < 0)
			return NULL;
		if ((dt_val_of(stop) || stop->type == VT_STR) &&
		    (dt_item(ev, stop, kind, &g, &b, &named) < 0 || dt_common_meta(ev, kind, &m, &named, &m) < 0))
			return NULL;
		if (step && dt_val_of(step) && dt_common_meta(ev, kind, &m, &dt_val_of(step)->m, &m) < 0)
			return NULL;
	}
	if (dt_item(ev, start, kind, &m, &a, &named) < 0)
		return NULL;
	if (kind == 'M' && !dt_val_of(stop) && stop->type != VT_STR) {
		if (val_as_int64(ev, stop, &b) < 0)
			return NULL;
		b += a;
	} else if (dt_item(ev, stop, kind, &m, &b, &named) < 0) {
		return NULL;
	}
	if (step && step->type != VT_NONE) {
		if (dt_val_of(step)) {
			if (dt_item(ev, step, 'm', &m, &s, &named) < 0)
				return NULL;
		} else if (val_as_int64(ev, step, &s) < 0) {
			return NULL;
		}
	}
	if (a == DT_NAT || b == DT_NAT)
		return err_set(ev, TY_ValueError, "arange: cannot use NaT (not-a-time) datetime values");
	if (s == 0)
		return err_set(ev, TY_ValueError, "arange: step cannot be zero");
	{
		__int128 span = s > 0 ? (__int128)b - a : (__int128)a - b, st = s > 0 ? s : -(__int128)s;
		__int128 cnt = span > 0 ? (span + st - 1) / st : 0;
		if (cnt > ((__int128)1 << 40))
			return err_set(ev, TY_ValueError, "Maximum allowed size exceeded");
		n = (int64_t)cnt;
	}
	if (!(o = dt_nd_new(ev, DT_INT64, 1, &n)))
		return NULL;
	for (int64_t i = 0; i < n; i++)
		((int64_t *)nd_data(o))[i] = (int64_t)((__int128)a + (__int128)i * s);
	return dt_val_new(ev, kind, &m, 0, o);
}

/* np.diff(a, n=1, axis=-1) of a datetime array: a[1:] - a[:-1] n times */
static struct value *fn_diff(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *a = NULL, *nv = NULL, *axv = NULL, *prepend = NULL, *append = NULL, *cur;
	int64_t n = 1, axis = -1;
	int ax;
	if (argc < 1 || !dt_val_of(argv[0]))
		return forward(ev, bi, "diff", argc, argv, kw);
	if (args_parse(ev, "diff", argc, argv, kw, "a|n,axis,prepend,append", &a, &nv, &axv, &prepend,
		       &append) < 0 || args_int(ev, nv, 1, &n) < 0 || args_int(ev, axv, -1, &axis) < 0)
		return NULL;
	if (prepend || append)
		return err_set(ev, TY_NotImplementedError, "diff of a datetime array with prepend/append");
	if (n < 0)
		return err_set(ev, TY_ValueError, "order must be non-negative but got %lld", (long long)n);
	struct dt_val *d = dt_val_of(a);
	if (d->a->ndim == 0)
		return err_set(ev, TY_ValueError, "diff requires input that is at least one dimensional");
	if (arr_normalize_axis(ev, axis, d->a->ndim, &ax) < 0)
		return NULL;
	cur = val_incref(a);
	for (int64_t k = 0; k < n && cur; k++) {
		struct value *hi = ex_item(ev, val_incref(cur), ex_axis_key(ax, ex_slice(1, NS_NONE)));
		struct value *lo = ex_item(ev, val_incref(cur), ex_axis_key(ax, ex_slice(NS_NONE, -1)));
		val_decref(cur);
		cur = ex_bin(ev, OP_SUB, hi, lo);
	}
	return cur;
}

static struct value *reduce_fn(struct eval *ev, const struct builtin *bi, const char *name, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	if (argc < 1 || !dt_val_of(argv[0]))
		return forward(ev, bi, name, argc, argv, kw);
	return dt_reduce(ev, argv[0], name, argc - 1, argv + 1, kw);
}

#define REDUCE(fname, name) \
	static struct value *fname(struct eval *ev, const struct builtin *bi, int argc, \
				   struct value **argv, const struct kwargs *kw) \
	{ return reduce_fn(ev, bi, name, argc, argv, kw); }
REDUCE(fn_mean, "mean")


/* ---- functions that only move items: run on the int64 storage ---- */

/* does fname give indices (not items) back? */
static int gives_indices(const char *fname)
{
	return !strcmp(fname, "argsort") || !strcmp(fname, "argmin") || !strcmp(fname, "argmax") ||
	       !strcmp(fname, "searchsorted") || !strcmp(fname, "nonzero") || !strcmp(fname, "shape") ||
	       !strcmp(fname, "ndim") || !strcmp(fname, "size");
}

static int orders(const char *fname)
{
	return !strcmp(fname, "sort") || !strcmp(fname, "argsort") || !strcmp(fname, "unique") ||
	       !strcmp(fname, "argmin") || !strcmp(fname, "argmax") || !strcmp(fname, "searchsorted");
}

/* the common kind/meta of the datetime values among v (and one level of
 * lists in it); 0 none, 1 found, -1 error */
static int scan(struct eval *ev, struct value *v, char *kind, struct dt_meta *m, int *nat, int depth)
{
	struct dt_val *d = dt_val_of(v);
	if (d && d->kind != 'U') {
		if (*kind && *kind != d->kind) {
			err_set(ev, TY_TypeError, "Cannot mix datetime64 and timedelta64 items here");
			return -1;
		}
		if (*kind ? dt_common_meta(ev, d->kind, m, &d->m, m) < 0 : 0)
			return -1;
		if (!*kind)
			*m = d->m;
		*kind = d->kind;
		struct ndarray *c = dt_items(ev, d);
		if (!c)
			return -1;
		for (int64_t i = 0; i < nd_size(c); i++)
			*nat |= ((int64_t *)nd_data(c))[i] == DT_NAT;
		nd_decref(c);
		return 1;
	}
	if ((v->type == VT_LIST || v->type == VT_TUPLE) && depth < 2) {   /* the lists of arrays functions take */
		int any = 0;
		for (size_t i = 0; i < v->u.seq.n; i++) {
			int r = scan(ev, v->u.seq.items[i], kind, m, nat, depth + 1);
			if (r < 0)
				return -1;
			any |= r;
		}
		return any;
	}
	if (d && d->kind == 'U') {
		err_set(ev, TY_NotImplementedError, "%s of a string array: Lumen has no string arrays",
			val_call_site() ? val_call_site() : "this function");
		return -1;
	}
	return 0;
}

/* v with its datetime values replaced by their int64 storage in meta m */
static struct value *unwrap(struct eval *ev, struct value *v, char kind, const struct dt_meta *m, int depth)
{
	struct dt_val *d = dt_val_of(v);
	if (d) {
		struct value *c = dt_astype(ev, v, kind, m), *r;
		if (!c)
			return NULL;
		r = val_ndarray_new(nd_incref(dt_val_of(c)->a));
		val_decref(c);
		return r;
	}
	if ((v->type == VT_LIST || v->type == VT_TUPLE) && depth < 2) {   /* the lists of arrays functions take */
		size_t n = v->u.seq.n;
		struct value **it = calloc(n ? n : 1, sizeof *it);
		if (!it)
			return err_nomem(ev);
		for (size_t i = 0; i < n; i++)
			if (!(it[i] = unwrap(ev, v->u.seq.items[i], kind, m, depth + 1))) {
				for (size_t k = 0; k < i; k++)
					val_decref(it[k]);
				free(it);
				return NULL;
			}
		struct value *r = v->type == VT_LIST ? val_list_new(n, it) : val_tuple_new(n, it);
		free(it);
		return r;
	}
	return val_incref(v);
}

static struct value *rewrap(struct eval *ev, struct value *r, char kind, const struct dt_meta *m)
{
	struct ndarray *a = arr_borrow(r);
	if (a && a->dtype == DT_INT64) {
		struct value *w = dt_val_new(ev, kind, m, 0, nd_incref(a));
		val_decref(r);
		return w;
	}
	if (r && r->type == VT_SCALAR && r->u.sc.dtype == DT_INT64) {
		struct value *w = dt_val_new(ev, kind, m, 1, dt_asarray(ev, r, DT_INT64));
		val_decref(r);
		return w;
	}
	if (r && r->type == VT_TUPLE && r->u.seq.n && arr_borrow(r->u.seq.items[0])) {
		/* unique(..., return_index=True): the items first */
		struct value *first = rewrap(ev, val_incref(r->u.seq.items[0]), kind, m);
		if (!first) {
			val_decref(r);
			return NULL;
		}
		val_decref(r->u.seq.items[0]);
		r->u.seq.items[0] = first;
	}
	return r;
}

/* int64 counts <-> uint64 keys that order NaT last (to_keys 1) and back */
static struct value *nat_last(struct eval *ev, struct value *v, int to_keys)
{
	struct ndarray *a = arr_borrow(v), *c, *o;
	int64_t n;
	if (!a)
		return err_set(ev, TY_TypeError, "datetime sort: an array expected");
	if (!(c = arr_host_c(ev, a, to_keys ? DT_INT64 : DT_UINT64)))
		return NULL;
	if (!(o = dt_nd_new(ev, to_keys ? DT_UINT64 : DT_INT64, c->ndim, c->shape))) {
		nd_decref(c);
		return NULL;
	}
	n = nd_size(c);
	for (int64_t i = 0; i < n; i++) {
		if (to_keys)
			((uint64_t *)nd_data(o))[i] = (uint64_t)((int64_t *)nd_data(c))[i] + (((uint64_t)1 << 63) - 1);
		else
			((int64_t *)nd_data(o))[i] = (int64_t)(((uint64_t *)nd_data(c))[i] - (((uint64_t)1 << 63) - 1));
	}
	nd_decref(c);
	return arr_wrap(ev, o);
}

static struct value *storage_call(struct eval *ev, const struct builtin *bi, const char *fname,
				  int argc, struct value **argv, const struct kwargs *kw)
{
	char kind = 0;
	struct dt_meta m = { DU_GENERIC, 1 };
	int nat = 0, any = 0, r;
	struct value **nargv, **nkv = NULL, *res = NULL;
	struct kwargs nkw = {0};
	for (int i = 0; i < argc; i++) {
		if ((r = scan(ev, argv[i], &kind, &m, &nat, 0)) < 0)
			return NULL;
		any |= r;
	}
	for (int i = 0; kw && i < kw->n; i++) {
		if ((r = scan(ev, kw->vals[i], &kind, &m, &nat, 0)) < 0)
			return NULL;
		any |= r;
	}
	if (!any)
		return forward(ev, bi, fname, argc, argv, kw);
	if (on_cupy(bi))
		return cupy_refuses(ev, fname);
	int natlast = nat && (!strcmp(fname, "sort") || !strcmp(fname, "argsort")) && argc >= 1 &&
		      dt_val_of(argv[0]);
	if (nat && orders(fname) && !natlast)
		return err_set(ev, TY_NotImplementedError, "numpy.%s of datetime values with NaT: Lumen "
			       "does not order NaT as NumPy does (last) yet", fname);
	nargv = calloc(argc ? argc : 1, sizeof *nargv);
	if (kw && kw->n)
		nkv = calloc(kw->n, sizeof *nkv);
	if (!nargv || (kw && kw->n && !nkv))
		goto out;
	for (int i = 0; i < argc; i++)
		if (!(nargv[i] = unwrap(ev, argv[i], kind, &m, 0)))
			goto out;
	for (int i = 0; kw && i < kw->n; i++)
		if (!(nkv[i] = unwrap(ev, kw->vals[i], kind, &m, 0)))
			goto out;
	if (kw) {
		nkw.n = kw->n;
		nkw.names = kw->names;
		nkw.vals = nkv;
	}
	if (natlast) {
		/* NumPy sorts NaT last: order the counts as uint64 shifted so that
		 * INT64_MIN (NaT) is the largest */
		struct value *u = nat_last(ev, nargv[0], 1);
		if (!u)
			goto out;
		val_decref(nargv[0]);
		nargv[0] = u;
	}
	res = forward(ev, bi, fname, argc, nargv, kw ? &nkw : NULL);
	if (res && natlast && !strcmp(fname, "sort")) {
		struct value *back = nat_last(ev, res, 0);
		val_decref(res);
		res = back;
	}
	if (res && !gives_indices(fname))
		res = rewrap(ev, res, kind, &m);
out:
	for (int i = 0; nargv && i < argc; i++)
		val_decref(nargv[i]);
	for (int i = 0; nkv && kw && i < kw->n; i++)
		val_decref(nkv[i]);
	free(nargv);
	free(nkv);
	if (!nargv)
		return err_nomem(ev);
	return res;
}

#define STORAGE(fname, name) \
	static struct value *fname(struct eval *ev, const struct builtin *bi, int argc, \
				   struct value **argv, const struct kwargs *kw) \
	{ return storage_call(ev, bi, name, argc, argv, kw); }
STORAGE(fs_sort, "sort")
STORAGE(fs_argsort, "argsort")
STORAGE(fs_unique, "unique")
STORAGE(fs_concatenate, "concatenate")
STORAGE(fs_stack, "stack")
STORAGE(fs_where, "where")
STORAGE(fs_reshape, "reshape")
STORAGE(fs_ravel, "ravel")
STORAGE(fs_transpose, "transpose")
STORAGE(fs_flip, "flip")
STORAGE(fs_take, "take")
STORAGE(fs_repeat, "repeat")
STORAGE(fs_tile, "tile")
STORAGE(fs_argmin, "argmin")
STORAGE(fs_argmax, "argmax")
STORAGE(fs_searchsorted, "searchsorted")
STORAGE(fs_shape, "shape")
STORAGE(fs_ndim, "ndim")
STORAGE(fs_size, "size")

/* np.isscalar(x): a datetime64 / timedelta64 scalar is one */
static struct value *fn_isscalar(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct dt_val *d = argc == 1 && !(kw && kw->n) ? dt_val_of(argv[0]) : NULL;
	if (!d)
		return forward(ev, bi, "isscalar", argc, argv, kw);
	return val_bool(d->scalar);
}

/* np.zeros / np.ones / np.empty (shape, dtype='M8[D]'): int64 storage */
static struct value *filled(struct eval *ev, const struct builtin *bi, const char *fname, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *dtype = argc > 1 ? argv[1] : args_kw(kw, "dtype"), *i64, *r, *nargv[2];
	char kind;
	struct dt_meta m;
	int k = dtype ? dt_dtype_arg(ev, dtype, &kind, &m) : 0;
	if (k < 0)
		return NULL;
	if (!k || argc < 1)
		return forward(ev, bi, fname, argc, argv, kw);
	if (on_cupy(bi))
		return cupy_refuses(ev, fname);
	if (argc > 2 || (kw && kw->n > (argc > 1 ? 0 : 1)))
		return err_set(ev, TY_NotImplementedError, "numpy.%s with a datetime dtype: Lumen takes "
			       "shape and dtype only", fname);
	if (!(i64 = val_cstr("int64")))
		return NULL;
	nargv[0] = argv[0];
	nargv[1] = i64;
	r = forward(ev, bi, fname, 2, nargv, NULL);
	val_decref(i64);
	if (!r)
		return NULL;
	if (m.unit == DU_GENERIC && kind == 'M') {
		val_decref(r);
		return err_set(ev, TY_NotImplementedError, "numpy.%s with a generic datetime64 dtype: "
			       "give a unit ('M8[D]')", fname);
	}
	return rewrap(ev, r, kind, &m);
}

static struct value *fn_zeros(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw) { return filled(ev, bi, "zeros", argc, argv, kw); }
static struct value *fn_ones(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw) { return filled(ev, bi, "ones", argc, argv, kw); }
static struct value *fn_empty(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw) { return filled(ev, bi, "zeros", argc, argv, kw); }

/* np.full(shape, fill_value, dtype=None) with a datetime fill or dtype */
static struct value *fn_full(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *shape = NULL, *fill = NULL, *dtype = NULL, *order = NULL, *device = NULL, *like = NULL;
	struct value *z, *item, *nargv[2];
	char kind = 0;
	struct dt_meta m = { DU_GENERIC, 1 };
	int k = 0;
	if (args_parse(ev, "full", argc, argv, kw, "shape,fill_value|dtype,order$device,like", &shape, &fill,
		       &dtype, &order, &device, &like) < 0)
		return NULL;
	if (dtype && (k = dt_dtype_arg(ev, dtype, &kind, &m)) < 0)
		return NULL;
	if (!k && !(dt_val_of(fill) && dt_val_of(fill)->kind != 'U' && (!dtype || dtype->type == VT_NONE)))
		return forward(ev, bi, "full", argc, argv, kw);
	if (on_cupy(bi))
		return cupy_refuses(ev, "full");
	if (!k) {
		kind = dt_val_of(fill)->kind;
		m = dt_val_of(fill)->m;
	}
	if (!(item = dt_from_obj(ev, fill, kind, &m, 1)))
		return NULL;
	m = dt_val_of(item)->m;
	nargv[0] = shape;
	nargv[1] = val_ndarray_new(nd_incref(dt_val_of(item)->a));
	val_decref(item);
	if (!nargv[1])
		return NULL;
	z = forward(ev, bi, "full", 2, nargv, NULL);
	val_decref(nargv[1]);
	return z ? rewrap(ev, z, kind, &m) : NULL;
}



/* np.isnat(x) */
static struct value *fn_isnat(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *x = NULL;
	struct dt_val *d;
	struct ndarray *c, *o;
	int64_t n;
	if (args_parse(ev, "isnat", argc, argv, kw, "x", &x) < 0)
		return NULL;
	if (on_cupy(bi))
		return cupy_refuses(ev, "isnat");
	d = dt_val_of(x);
	if (!d || d->kind == 'U')
		return err_set(ev, TY_TypeError, "ufunc 'isnat' is only defined for np.datetime64 and "
			       "np.timedelta64.");
	if (!(c = dt_items(ev, d)))
		return NULL;
	if (!(o = dt_nd_new(ev, DT_BOOL, c->ndim, c->shape))) {
		nd_decref(c);
		return NULL;
	}
	n = nd_size(c);
	for (int64_t i = 0; i < n; i++)
		((uint8_t *)nd_data(o))[i] = ((int64_t *)nd_data(c))[i] == DT_NAT;
	nd_decref(c);
	return arr_result(ev, o);
}

/* np.datetime_data(dtype) -> (unit, count) */
static struct value *fn_datetime_data(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *dt = NULL, *items[2];
	char kind;
	struct dt_meta m;
	int r;
	(void)bi;
	if (args_parse(ev, "datetime_data", argc, argv, kw, "dtype", &dt) < 0)
		return NULL;
	if (dt_val_of(dt) && dt_val_of(dt)->kind != 'U') {
		m = dt_val_of(dt)->m;
		r = 1;
	} else if ((r = dt_dtype_arg(ev, dt, &kind, &m)) < 0) {
		return NULL;
	}
	if (!r)
		return err_set(ev, TY_TypeError, "cannot get datetime metadata from non-datetime type");
	items[0] = val_cstr(dt_unit_names[m.unit]);
	items[1] = val_int(m.num);
	if (!items[0] || !items[1]) {
		val_decref(items[0]);
		val_decref(items[1]);
		return NULL;
	}
	return val_tuple_new(2, items);
}

/* get_datetime_iso_8601_strlen: the n of '<U n' */
static int iso_strlen(int unit, int utc)
{
	static const int add[DU_COUNT] = { 21, 3, 0, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 0 };
	int len = 0;
	if (unit == DU_GENERIC)
		return 62;
	for (int u = DU_Y; u <= unit; u++)
		len += add[u];
	if (unit >= DU_h)
		len += 1;
	(void)utc;
	return len + 1;
}

/* np.datetime_as_string(arr, unit=None, timezone='naive', casting='same_kind') */
static struct value *fn_datetime_as_string(struct eval *ev, const struct builtin *bi, int argc,
					   struct value **argv, const struct kwargs *kw)
{
	struct value *arr = NULL, *unitv = NULL, *tz = NULL, *casting = NULL, *conv = NULL, *res = NULL;
	struct dt_meta g = { DU_GENERIC, 1 }, um;
	struct dt_val *d;
	struct ndarray *c = NULL;
	int unit, utc = 0, autou = 0, local = 0;
	const char *cast = "same_kind";
	char **strs = NULL;
	int64_t n = 0;
	if (args_parse(ev, "datetime_as_string", argc, argv, kw, "arr|unit,timezone,casting", &arr,
		       &unitv, &tz, &casting) < 0)
		return NULL;
	if (on_cupy(bi))
		return cupy_refuses(ev, "datetime_as_string");
	if (casting && casting->type == VT_STR)
		cast = casting->u.str->s;
	d = dt_val_of(arr);
	if (d && d->kind == 'm')
		return err_set(ev, TY_TypeError, "input must have type NumPy datetime");
	if (!d || d->kind != 'M') {
		if (!(conv = dt_from_obj(ev, arr, 'M', &g, 1)))
			return NULL;
		d = dt_val_of(conv);
	}
	unit = d->m.unit;
	if (unitv && unitv->type == VT_STR) {
		const char *u = unitv->u.str->s;
		if (!strcmp(u, "auto")) {
			autou = 1;
		} else if (dt_parse_unit(u, strlen(u), &um) < 0 || um.num != 1 || um.unit == DU_GENERIC) {
			err_set(ev, TY_TypeError, "Invalid datetime unit \"%s\" in metadata", u);
			goto out;
		} else {
			unit = um.unit;
		}
	} else if (unitv && unitv->type != VT_NONE) {
		err_set(ev, TY_TypeError, "unit must be a string or None");
		goto out;
	}
	if (tz && tz->type == VT_STR && !strcmp(tz->u.str->s, "UTC")) {
		utc = 1;
	} else if (tz && tz->type == VT_STR && !strcmp(tz->u.str->s, "local")) {
		local = 1;
	} else if (tz && !(tz->type == VT_STR && !strcmp(tz->u.str->s, "naive")) && tz->type != VT_NONE) {
		err_set(ev, TY_NotImplementedError, "datetime_as_string: Lumen supports timezone='naive' "
			"and 'UTC' only (no tzinfo objects)");
		goto out;
	}
	if (local && (autou ? d->m.unit : unit) < DU_h) {
		if (strcmp(cast, "unsafe"))
			err_set(ev, TY_TypeError, "Cannot create a local timezone-based date string from a "
				"NumPy datetime without forcing 'unsafe' casting");
		else
			err_set(ev, TY_NotImplementedError, "datetime_as_string: a local time zone with a "
				"date unit is not supported by Lumen");
		goto out;
	}
	if (!autou && unit < d->m.unit && d->m.unit != DU_GENERIC &&
	    (!strcmp(cast, "safe") || !strcmp(cast, "no") || !strcmp(cast, "equiv"))) {
		err_set(ev, TY_TypeError, "Cannot create a datetime string as units '%s' from a NumPy "
			"datetime with units '%s' according to the rule '%s'", dt_unit_names[unit],
			dt_unit_names[d->m.unit], cast);
		goto out;
	}
	if (!(c = dt_items(ev, d)))
		goto out;
	n = nd_size(c);
	if (!(strs = calloc(n ? n : 1, sizeof *strs))) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ((int64_t *)nd_data(c))[i];
		char buf[160];
		if (v == DT_NAT) {
			snprintf(buf, sizeof buf, "NaT");
		} else {
			struct dt_moment t;
			int u = unit;
			dt_to_moment(v, &d->m, &t);
			if (autou) {
				u = dt_lossless_unit(&t);
			} else if (unit < d->m.unit) {
				/* a coarser unit: floored */
				struct dt_meta cm = { unit, 1 };
				int64_t w;
				if (dt_from_moment(ev, &t, &cm, &w) < 0)
					goto out;
				dt_to_moment(w, &cm, &t);
			}
			if (local && (t.days > 100000000000LL || t.days < -100000000000LL)) {
				err_set(ev, TY_OverflowError, "datetime_as_string: the date is out of the range "
					"of the C library's local time");
				goto out;
			} else if (local) {
				/* the C library's local time zone, as NumPy asks the OS */
				int64_t secs = t.days * 86400 + t.sod, off;
				time_t tt = (time_t)secs;
				struct tm tm;
				if (!localtime_r(&tt, &tm)) {
					err_set(ev, TY_OverflowError, "datetime_as_string: the date is out of the "
						"range of the C library's local time");
					goto out;
				}
				off = tm.tm_gmtoff;
				secs += off;
				t.days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
				t.sod = secs - t.days * 86400;
				dt_format_iso(&t, u, buf, sizeof buf - 8);
				snprintf(buf + strlen(buf), 8, "%c%02d%02d", off < 0 ? '-' : '+',
					 (int)(llabs(off) / 3600), (int)(llabs(off) / 60 % 60));
			} else {
				dt_format_iso(&t, u, buf, sizeof buf - 2);
				if (utc && u >= DU_h)
					strcat(buf, "Z");
			}
		}
		if (!(strs[i] = strdup(buf))) {
			err_nomem(ev);
			goto out;
		}
	}
	if (d->scalar) {
		res = val_cstr(strs[0]);
	} else {
		res = dt_strarr_new(ev, c->ndim, c->shape, strs, n,
				    iso_strlen(autou ? DU_GENERIC : unit, utc) + (local && !autou ? 4 : 0));
		strs = NULL;
	}
out:
	if (strs)
		for (int64_t i = 0; i < n; i++)
			free(strs[i]);
	free(strs);
	nd_decref(c);
	val_decref(conv);
	return res;
}

/* np.datetime64, np.timedelta64: the scalar types, added to the numpy module */
int dt_module_objects(struct eval *ev, struct value *mod, int cupy)
{
	struct value *a, *b;
	if (arr_ndgrid_objects(ev, mod, cupy) < 0)
		return -1;
	if (cupy)
		return 0;
	if (!(a = dt_scalar_type(ev, 'M')) || module_add(mod, "datetime64", a) < 0)
		return -1;
	if (!(b = dt_scalar_type(ev, 'm')) || module_add(mod, "timedelta64", b) < 0)
		return -1;
	return 0;
}

const struct arr_func arr_datetime_funcs[] = {
	{"array", fn_array, "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None)",
	 "Create an array."},
	{"asarray", fn_asarray, "asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)",
	 "Convert the input to an array."},
	{"dtype", fn_dtype, "dtype(dtype, align=False, copy=False, **kwargs)", "Create a data type object."},
	{"arange", fn_arange, "arange([start,] stop[, step,], dtype=None, *, device=None, like=None)",
	 "Return evenly spaced values within a given interval."},
	{"diff", fn_diff, "diff(a, n=1, axis=-1, prepend=<no value>, append=<no value>)",
	 "Calculate the n-th discrete difference along the given axis."},
	{"mean", fn_mean, "mean(a, axis=None, dtype=None, out=None, keepdims=<no value>, *, where=<no value>)",
	 "Compute the arithmetic mean along the specified axis."},
	{"isnat", fn_isnat, "isnat(x, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)",
	 "Test element-wise for NaT (not a time) and return result as a boolean array."},
	{"datetime_data", fn_datetime_data, "datetime_data(dtype, /)",
	 "Get information about the step size of a date or time type."},
	{"datetime_as_string", fn_datetime_as_string, "datetime_as_string(arr, unit=None, timezone='naive', casting='same_kind')",
	 "Convert an array of datetimes into an array of strings."},
	{"zeros", fn_zeros, "zeros(shape, dtype=float, order='C', *, like=None)", "Return a new array of given shape and type, filled with zeros."},
	{"ones", fn_ones, "ones(shape, dtype=None, order='C', *, device=None, like=None)", "Return a new array of given shape and type, filled with ones."},
	{"empty", fn_empty, "empty(shape, dtype=float, order='C', *, device=None, like=None)", "Return a new array of given shape and type, without initializing entries."},
	{"full", fn_full, "full(shape, fill_value, dtype=None, order='C', *, device=None, like=None)", "Return a new array of given shape and type, filled with fill_value."},
	{"sort", fs_sort, "sort(a, axis=-1, kind=None, order=None, *, stable=None)", "Return a sorted copy of an array."},
	{"argsort", fs_argsort, "argsort(a, axis=-1, kind=None, order=None, *, stable=None)", "Returns the indices that would sort an array."},
	{"unique", fs_unique, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True, sorted=True)", "Find the unique elements of an array."},
	{"concatenate", fs_concatenate, "concatenate((a1, a2, ...), axis=0, out=None, dtype=None, casting=\"same_kind\")", "Join a sequence of arrays along an existing axis."},
	{"stack", fs_stack, "stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')", "Join a sequence of arrays along a new axis."},
	{"where", fs_where, "where(condition, [x, y], /)", "Return elements chosen from x or y depending on condition."},
	{"reshape", fs_reshape, "reshape(a, /, shape=None, order='C', *, copy=None)", "Gives a new shape to an array without changing its data."},
	{"ravel", fs_ravel, "ravel(a, order='C')", "Return a contiguous flattened array."},
	{"transpose", fs_transpose, "transpose(a, axes=None)", "Returns an array with axes transposed."},
	{"flip", fs_flip, "flip(m, axis=None)", "Reverse the order of elements in an array along the given axis."},
	{"take", fs_take, "take(a, indices, axis=None, out=None, mode='raise')", "Take elements from an array along an axis."},
	{"repeat", fs_repeat, "repeat(a, repeats, axis=None)", "Repeat each element of an array after themselves."},
	{"tile", fs_tile, "tile(A, reps)", "Construct an array by repeating A the number of times given by reps."},
	{"argmin", fs_argmin, "argmin(a, axis=None, out=None, *, keepdims=<no value>)", "Returns the indices of the minimum values along an axis."},
	{"argmax", fs_argmax, "argmax(a, axis=None, out=None, *, keepdims=<no value>)", "Returns the indices of the maximum values along an axis."},
	{"searchsorted", fs_searchsorted, "searchsorted(a, v, side='left', sorter=None)", "Find indices where elements should be inserted to maintain order."},
	{"shape", fs_shape, "shape(a)", "Return the shape of an array."},
	{"ndim", fs_ndim, "ndim(a)", "Return the number of dimensions of an array."},
	{"size", fs_size, "size(a, axis=None)", "Return the number of elements along a given axis."},
	{"isscalar", fn_isscalar, "isscalar(element)", "Returns True if the type of element is a scalar type."},
	{NULL, NULL, NULL, NULL},
};
