/*
 * arrayedit.c — np.append, np.insert, np.delete: new arrays with items
 * added or removed along an axis (axis=None works on the flattened array).
 * Written as NumPy's Python writes them (function_base.py): the index
 * bookkeeping on the host, the data moved by the namespace's own
 * concatenate / indexing, so dtypes, broadcasting and errors are NumPy's.
 * Publishes arr_edit_funcs (listed by arrmod.c).
 *
 * Owns no state; each function is written once for np and cp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

/* arr as an ndarray value of the namespace (asarray) */
static struct value *as_array_value(struct eval *ev, const struct builtin *bi, struct value *v)
{
	struct ndarray *a = arr_asarray(ev, arr_be(bi), v, -1);
	return a ? arr_wrap(ev, a) : NULL;
}

/* The shared front of insert / delete: arr (raveled when axis is None) and
 * the normalised axis. */
static struct value *prep_axis(struct eval *ev, const struct builtin *bi, struct value *av, struct value *axv,
			       int *axis)
{
	struct value *arr = as_array_value(ev, bi, av), *r;
	if (!arr)
		return NULL;
	struct ndarray *a = arr_borrow(arr);
	if (!axv || axv->type == VT_NONE) {
		if (a->ndim == 1) {
			*axis = 0;
			return arr;
		}
		r = arr_ns_callk(ev, arr_be(bi), "ravel", 1, &arr, NULL, NULL);
		val_decref(arr);
		*axis = 0;
		return r;
	}
	int64_t ax;
	if (val_as_int64(ev, axv, &ax) < 0 || arr_normalize_axis(ev, ax, a->ndim, axis) < 0) {
		val_decref(arr);
		return NULL;
	}
	return arr;
}

/* A C-contiguous host copy of a as dtype that this file may write into
 * (never a itself, unlike arr_host_c). */
static struct ndarray *host_owned(struct eval *ev, const struct ndarray *a, int dtype)
{
	struct ndarray *h = arr_host_c(ev, a, dtype), *c;
	if (!h || h != a)
		return h;
	c = arr_contiguous(ev, h);
	nd_decref(h);
	return c;
}

/* A host array moved to the namespace's backend, as a value (steals h). */
static struct value *to_ns(struct eval *ev, const struct builtin *bi, struct ndarray *h)
{
	struct ndarray *d;
	if (!h || nd_backend(h) == arr_be(bi))
		return h ? arr_wrap(ev, h) : NULL;
	d = arr_to_backend(ev, h, arr_be(bi));
	nd_decref(h);
	return d ? arr_wrap(ev, d) : NULL;
}


/* append(arr, values, axis=None) */
static struct value *ef_append(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *av, *vv, *axv = NULL, *arr, *vals, *seq, *r = NULL;
	if (args_parse(ev, "append", argc, argv, kw, "arr,values|axis", &av, &vv, &axv) < 0)
		return NULL;
	if (!(arr = as_array_value(ev, bi, av)))
		return NULL;
	if (!axv || axv->type == VT_NONE) {
		struct value *t;
		if (arr_borrow(arr)->ndim != 1) {
			t = arr_ns_callk(ev, arr_be(bi), "ravel", 1, &arr, NULL, NULL);
			val_decref(arr);
			if (!(arr = t))
				return NULL;
		}
		if (!(vals = arr_ns_callk(ev, arr_be(bi), "ravel", 1, &vv, NULL, NULL))) {
			val_decref(arr);
			return NULL;
		}
		axv = NULL;
	} else {
		vals = val_incref(vv);
	}
	struct value *items[2] = {arr, vals};
	seq = val_tuple_new(2, items);
	struct value *ax = axv ? val_incref(axv) : val_int(arr_borrow(arr)->ndim - 1);
	r = arr_ns_callk(ev, arr_be(bi), "concatenate", 1, &seq, "axis", ax);
	val_decref(ax);
	val_decref(seq);
	return r;
}

/* The keep mask of delete for an index array obj (ints: positions, may be
 * negative; bools: the mask itself), NumPy's checks. */
static struct ndarray *delete_mask(struct eval *ev, struct value *objv, struct ndarray *obj, int64_t n, int axis)
{
	struct ndarray *keep, *h;
	int64_t shape1[1] = {n};
	if (obj->dtype == DT_BOOL) {
		if (obj->ndim != 1 || obj->shape[0] != n)
			return err_set(ev, TY_ValueError, "boolean array argument obj to delete must be one dimensional "
				       "and match the axis length of %lld", (long long)n);
		if (!(h = host_owned(ev, obj, DT_BOOL)))
			return NULL;
		for (int64_t i = 0; i < n; i++)
			((char *)nd_data(h))[i] = !((char *)nd_data(h))[i];
		return h;
	}
	int is_empty_list = nd_size(obj) == 0 && !arr_borrow(objv);
	if (!dt_is_int(obj->dtype) && !is_empty_list)
		return err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
	if (!(keep = nd_new(ev, &backend_host, DT_BOOL, 1, shape1)))
		return NULL;
	memset(nd_data(keep), 1, (size_t)n);
	if (!(h = arr_host_c(ev, obj, DT_INT64))) {
		nd_decref(keep);
		return NULL;
	}
	const int64_t *p = (const int64_t *)nd_data(h);
	int64_t k = nd_size(h);
	/* a one-item integer array is a single index on the real axis; more
	 * index the mask (keep[obj,] = False): axis 0 in the message */
	if (k != 1)
		axis = 0;
	for (int64_t i = 0; i < k; i++) {
		int64_t j = p[i];
		if (j < -n || j >= n) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)j, axis, (long long)n);
			nd_decref(h);
			nd_decref(keep);
			return NULL;
		}
		((char *)nd_data(keep))[j < 0 ? j + n : j] = 0;
	}
	nd_decref(h);
	return keep;
}

/* delete(arr, obj, axis=None) */
static struct value *ef_delete(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *av, *ov, *axv = NULL, *arr, *r = NULL;
	int axis;
	if (args_parse(ev, "delete", argc, argv, kw, "arr,obj|axis", &av, &ov, &axv) < 0)
		return NULL;
	if (!(arr = prep_axis(ev, bi, av, axv, &axis)))
		return NULL;
	int64_t n = arr_borrow(arr)->shape[axis], shape1[1] = {n};
	struct ndarray *keep = NULL;
	if (ov->type == VT_SLICE) {
		int64_t start, stop, step, len;
		if (slice_indices(ev, &ov->u.slice, n, &start, &stop, &step, &len) < 0)
			goto out;
		if (!(keep = nd_new(ev, &backend_host, DT_BOOL, 1, shape1)))
			goto out;
		memset(nd_data(keep), 1, (size_t)n);
		for (int64_t i = 0; i < len; i++)
			((char *)nd_data(keep))[start + i * step] = 0;
	} else if (ov->type == VT_INT || (ov->type == VT_SCALAR && dt_is_int(ov->u.sc.dtype))) {
		int64_t j;
		if (val_as_int64(ev, ov, &j) < 0)
			goto out;
		if (j < -n || j >= n) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)j, axis, (long long)n);
			goto out;
		}
		if (!(keep = nd_new(ev, &backend_host, DT_BOOL, 1, shape1)))
			goto out;
		memset(nd_data(keep), 1, (size_t)n);
		((char *)nd_data(keep))[j < 0 ? j + n : j] = 0;
	} else {
		struct ndarray *obj = arr_asarray(ev, arr_be(bi), ov, -1);
		if (!obj)
			goto out;
		keep = delete_mask(ev, ov, obj, n, axis);
		nd_decref(obj);
		if (!keep)
			goto out;
	}
	struct value *key = ex_axis_key(axis, to_ns(ev, bi, keep));
	if (!key)
		goto out;
	r = val_getitem(ev, arr, key);
	val_decref(key);
out:
	val_decref(arr);
	return r;
}

/* insert at one position: NumPy's single-index path (values given ndmin
 * arr.ndim and arr's dtype; a scalar obj moves values' first axis to axis) */
static struct value *insert_one(struct eval *ev, const struct builtin *bi, struct value *arr, int64_t index,
				int scalar_obj, struct value *vv, int axis)
{
	struct ndarray *a = arr_borrow(arr);
	struct value *vals, *r = NULL, *args[3];
	const char *names[2] = {"dtype", "ndmin"};
	struct value *kwv[2] = {val_dtype(a->dtype, 0), val_int(a->ndim)};
	struct kwargs kw = {2, names, kwv};
	struct value *mod = arr_import(ev, arr_is_cupy(arr_be(bi)) ? "cupy" : "numpy"), *f;
	f = mod ? val_getattr(ev, mod, "array") : NULL;
	vals = f ? val_call(ev, f, 1, &vv, &kw) : NULL;
	if (f)
		val_decref(f);
	if (mod)
		val_decref(mod);
	val_decref(kwv[0]);
	val_decref(kwv[1]);
	if (!vals)
		return NULL;
	if (scalar_obj) {
		struct value *t;
		args[0] = vals;
		args[1] = val_int(0);
		args[2] = val_int(axis);
		t = arr_ns_callk(ev, arr_be(bi), "moveaxis", 3, args, NULL, NULL);
		val_decref(args[1]);
		val_decref(args[2]);
		val_decref(vals);
		if (!(vals = t))
			return NULL;
	}
	int64_t numnew = arr_borrow(vals)->shape[axis], shape[ND_MAXDIM];
	memcpy(shape, a->shape, sizeof(int64_t) * a->ndim);
	shape[axis] += numnew;
	struct ndarray *nw = nd_new(ev, arr_be(bi), a->dtype, a->ndim, shape);
	struct value *nv = nw ? arr_wrap(ev, nw) : NULL, *k1 = NULL, *k2 = NULL, *k3 = NULL, *src = NULL, *s2 = NULL;
	if (!nv)
		goto out;
	/* new[:index] = arr[:index]; new[index:index+numnew] = values; new[index+numnew:] = arr[index:] */
	k1 = ex_axis_key(axis, val_slice_new(val_none(), val_int(index), val_none()));
	k2 = ex_axis_key(axis, val_slice_new(val_int(index), val_int(index + numnew), val_none()));
	k3 = ex_axis_key(axis, val_slice_new(val_int(index + numnew), val_none(), val_none()));
	s2 = ex_axis_key(axis, val_slice_new(val_int(index), val_none(), val_none()));
	if (!k1 || !k2 || !k3 || !s2)
		goto out;
	if (!(src = val_getitem(ev, arr, k1)) || val_setitem(ev, nv, k1, src) < 0)
		goto out;
	val_decref(src);
	src = NULL;
	if (val_setitem(ev, nv, k2, vals) < 0 || !(src = val_getitem(ev, arr, s2)) || val_setitem(ev, nv, k3, src) < 0)
		goto out;
	r = val_incref(nv);
out:
	for (struct value **p = (struct value *[]){nv, k1, k2, k3, s2, src, vals}, **e = p + 7; p < e; p++)
		if (*p)
			val_decref(*p);
	return r;
}

/* stable order of v[0..n) (insertion positions; few in practice) */
static int64_t *stable_order(const int64_t *v, int64_t n)
{
	int64_t *o = malloc(sizeof *o * (size_t)(n ? n : 1));
	if (!o)
		return NULL;
	for (int64_t i = 0; i < n; i++) {
		int64_t j = i;
		while (j > 0 && v[o[j - 1]] > v[i]) {
			o[j] = o[j - 1];
			j--;
		}
		o[j] = i;
	}
	return o;
}

/* insert(arr, obj, values, axis=None) */
static struct value *ef_insert(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *av, *ov, *vv, *axv = NULL, *arr, *r = NULL;
	struct ndarray *ind = NULL, *mask = NULL;
	int axis;
	if (args_parse(ev, "insert", argc, argv, kw, "arr,obj,values|axis", &av, &ov, &vv, &axv) < 0)
		return NULL;
	if (!(arr = prep_axis(ev, bi, av, axv, &axis)))
		return NULL;
	struct ndarray *a = arr_borrow(arr);
	int64_t n = a->shape[axis], k, *p;
	int scalar_obj = 0;
	if (ov->type == VT_SLICE) {
		int64_t start, stop, step, len;
		if (slice_indices(ev, &ov->u.slice, n, &start, &stop, &step, &len) < 0 ||
		    !(ind = nd_new(ev, &backend_host, DT_INT64, 1, &len)))
			goto out;
		for (int64_t i = 0; i < len; i++)
			((int64_t *)nd_data(ind))[i] = start + i * step;
	} else {
		struct ndarray *o = arr_asarray(ev, arr_be(bi), ov, -1);
		if (!o)
			goto out;
		scalar_obj = o->ndim == 0;
		if (o->dtype == DT_BOOL) {
			if (!arr_borrow(ov)) {
				err_set(ev, TY_AttributeError, "'%s' object has no attribute 'ndim'", val_type_name(ov));
			} else if (o->ndim != 1) {
				err_set(ev, TY_ValueError, "boolean array argument obj to insert must be one dimensional");
			} else if ((mask = arr_host_c(ev, o, DT_BOOL))) {
				/* flatnonzero(obj) */
				int64_t cnt = 0, m = o->shape[0];
				for (int64_t i = 0; i < m; i++)
					cnt += ((char *)nd_data(mask))[i] != 0;
				if ((ind = nd_new(ev, &backend_host, DT_INT64, 1, &cnt)))
					for (int64_t i = 0, j = 0; i < m; i++)
						if (((char *)nd_data(mask))[i])
							((int64_t *)nd_data(ind))[j++] = i;
				nd_decref(mask);
				mask = NULL;
				scalar_obj = 0;
			}
			nd_decref(o);
			if (!ind)
				goto out;
		} else if (o->ndim > 1) {
			nd_decref(o);
			err_set(ev, TY_ValueError, "index array argument obj to insert must be one dimensional or scalar");
			goto out;
		} else if (nd_size(o) == 1 && !dt_is_int(o->dtype)) {
			nd_decref(o);
			err_set(ev, TY_TypeError, "slice indices must be integers or None or have an __index__ method");
			goto out;
		} else if (nd_size(o) > 1 && !dt_is_int(o->dtype)) {
			nd_decref(o);
			err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
			goto out;
		} else if (nd_size(o) == 0 && !dt_is_int(o->dtype) && arr_borrow(ov)) {
			nd_decref(o);
			err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
			goto out;
		} else {
			ind = host_owned(ev, o, DT_INT64);
			nd_decref(o);
			if (!ind)
				goto out;
		}
	}
	k = nd_size(ind);
	p = (int64_t *)nd_data(ind);
	if (k == 1) {
		int64_t index = p[0];
		if (index < -n || index > n) {
			char *s = val_str_of(ev, ov);
			if (s)
				err_set(ev, TY_IndexError, "index %s is out of bounds for axis %d with size %lld", s, axis,
					(long long)n);
			free(s);
			goto out;
		}
		r = insert_one(ev, bi, arr, index < 0 ? index + n : index, scalar_obj, vv, axis);
		goto out;
	}
	/* several positions: each shifted by the number inserted before it */
	for (int64_t i = 0; i < k; i++)
		if (p[i] < 0)
			p[i] += n;
	int64_t *ord = stable_order(p, k), newn = n + k;
	if (!ord) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < k; i++)
		p[ord[i]] += i;
	free(ord);
	if (!(mask = nd_new(ev, &backend_host, DT_BOOL, 1, &newn)))
		goto out;
	memset(nd_data(mask), 1, (size_t)newn);
	for (int64_t i = 0; i < k; i++) {
		if (p[i] < -newn || p[i] >= newn) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld", (long long)p[i],
				(long long)newn);
			goto out;
		}
		((char *)nd_data(mask))[p[i] < 0 ? p[i] + newn : p[i]] = 0;
	}
	int64_t shape[ND_MAXDIM];
	memcpy(shape, a->shape, sizeof(int64_t) * a->ndim);
	shape[axis] = newn;
	struct ndarray *nw = nd_new(ev, arr_be(bi), a->dtype, a->ndim, shape);
	struct value *nv = nw ? arr_wrap(ev, nw) : NULL, *k1, *k2;
	if (!nv)
		goto out;
	k1 = ex_axis_key(axis, to_ns(ev, bi, ind));
	k2 = ex_axis_key(axis, to_ns(ev, bi, mask));
	ind = mask = NULL;
	if (k1 && k2 && val_setitem(ev, nv, k1, vv) == 0 && val_setitem(ev, nv, k2, arr) == 0)
		r = val_incref(nv);
	if (k1)
		val_decref(k1);
	if (k2)
		val_decref(k2);
	val_decref(nv);
out:
	nd_decref(ind);
	nd_decref(mask);
	val_decref(arr);
	return r;
}

/* ---- block: nested lists of arrays assembled by concatenation ---- */

#define BLOCK_MAXDEPTH 64

/* A position in the nested lists: the indices taken, and whether it ended
 * on an empty list (NumPy's trailing None). */
struct bpath { int n, empty; int64_t i[BLOCK_MAXDEPTH]; };

/* "arrays[0][1]" */
static void bpath_format(const struct bpath *p, char *buf, size_t len)
{
	size_t m = (size_t)snprintf(buf, len, "arrays");
	for (int k = 0; k < p->n && m < len; k++)
		m += (size_t)snprintf(buf + m, len - m, "[%lld]", (long long)p->i[k]);
}

/* NumPy's _block_check_depths_match: the first bottom's path in *first,
 * the largest array ndim in *maxnd. */
static int block_check(struct eval *ev, struct value *v, struct bpath *path, struct bpath *first, int *maxnd)
{
	char where[BLOCK_MAXDEPTH * 24];
	if (v->type == VT_TUPLE) {
		bpath_format(path, where, sizeof where);
		return err_set(ev, TY_TypeError, "%s is a tuple. Only lists can be used to arrange blocks, and np.block "
			       "does not allow implicit conversion from tuple to ndarray.", where), -1;
	}
	if (v->type != VT_LIST) {
		struct ndarray *a = arr_borrow(v);
		int nd = a ? a->ndim : 0;
		*first = *path;
		first->empty = 0;
		if (nd > *maxnd)
			*maxnd = nd;
		return 0;
	}
	if (v->u.seq.n == 0) {
		*first = *path;
		first->empty = 1;
		return 0;
	}
	if (path->n >= BLOCK_MAXDEPTH)
		return err_set(ev, TY_RecursionError, "maximum recursion depth exceeded"), -1;
	for (size_t k = 0; k < v->u.seq.n; k++) {
		struct bpath sub;
		path->i[path->n++] = (int64_t)k;
		int rc = block_check(ev, v->u.seq.items[k], path, k ? &sub : first, maxnd);
		path->n--;
		if (rc < 0)
			return -1;
		if (!k)
			continue;
		if (sub.n + sub.empty != first->n + first->empty) {
			bpath_format(&sub, where, sizeof where);
			return err_set(ev, TY_ValueError, "List depths are mismatched. First element was at depth %d, but "
				       "there is an element at depth %d (%s)", first->n + first->empty, sub.n + sub.empty,
				       where), -1;
		}
		if (sub.empty)
			*first = sub;
	}
	return 0;
}

/* NumPy's _block: concatenate the innermost lists along the last axes */
static struct value *block_build(struct eval *ev, const struct builtin *bi, struct value *v, int depth,
				 int max_depth, int result_ndim)
{
	if (depth >= max_depth) {
		/* _atleast_nd: array(a, ndmin=result_ndim) */
		struct value *nd = val_int(result_ndim), *r = arr_ns_callk(ev, arr_be(bi), "array", 1, &v, "ndmin", nd);
		val_decref(nd);
		return r;
	}
	size_t n = v->u.seq.n;
	struct value **parts = calloc(n ? n : 1, sizeof *parts), *lst, *ax, *r;
	if (!parts)
		return err_nomem(ev);
	for (size_t k = 0; k < n; k++)
		if (!(parts[k] = block_build(ev, bi, v->u.seq.items[k], depth + 1, max_depth, result_ndim))) {
			while (k--)
				val_decref(parts[k]);
			free(parts);
			return NULL;
		}
	lst = val_list_new(n, parts);
	free(parts);
	if (!lst)
		return NULL;
	ax = val_int(-(max_depth - depth));
	r = arr_ns_callk(ev, arr_be(bi), "concatenate", 1, &lst, "axis", ax);
	val_decref(ax);
	val_decref(lst);
	return r;
}

/* block(arrays) */
static struct value *ef_block(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *av;
	struct bpath path = {0}, first = {0};
	int maxnd = 0;
	char where[BLOCK_MAXDEPTH * 24];
	if (args_parse(ev, "block", argc, argv, kw, "arrays", &av) < 0 || block_check(ev, av, &path, &first, &maxnd) < 0)
		return NULL;
	int list_ndim = first.n + first.empty;
	if (first.empty) {
		bpath_format(&first, where, sizeof where);
		return err_set(ev, TY_ValueError, "List at %s cannot be empty", where);
	}
	return block_build(ev, bi, av, 0, list_ndim, maxnd > list_ndim ? maxnd : list_ndim);
}

const struct arr_func arr_edit_funcs[] = {
	{"append", ef_append, "append(arr, values, axis=None)", "Append values to the end of an array."},
	{"insert", ef_insert, "insert(arr, obj, values, axis=None)",
	 "Insert values along the given axis before the given indices."},
	{"delete", ef_delete, "delete(arr, obj, axis=None)",
	 "Return a new array with sub-arrays along an axis deleted."},
	{"block", ef_block, "block(arrays)", "Assemble an nd-array from nested lists of blocks."},
	{NULL, NULL, NULL, NULL}
};
