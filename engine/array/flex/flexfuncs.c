/*
 * flexfuncs.c — the numpy functions that take flexible dtypes and arrays:
 * each wraps the function of the same name the areas published before it
 * (arr_flex_funcs is published last: a later name wins) and hands every
 * call without a flexible argument to it unchanged.  np.dtype, array,
 * asarray, zeros, empty, frombuffer, sort, argsort, lexsort, unique,
 * concatenate, promote_types, can_cast, result_type, isrealobj,
 * iscomplexobj, isreal; np.str_ / np.bytes_ / np.void calls (the scalar
 * types' call slot).  In the cp namespace a flexible dtype is CuPy's
 * refusal: CuPy has no string or record arrays.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/flex/flex.h"
#include "array/dtype.h"
#include "array/arrapi.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bytesobj.h"

const struct arr_func arr_flex_funcs[];

/* the function `name` of the tables published before this one */
static builtin_fn prev_fn(const char *name)
{
	return arr_published_next(NS_TOP, arr_flex_funcs, name);
}

static struct value *call_prev(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	return arr_call_next(ev, NS_TOP, arr_flex_funcs, bi, argc, argv, kw);
}

static int cupy_refuses(struct eval *ev, const struct builtin *bi)
{
	if (!arr_is_cupy(arr_be(bi)))
		return 0;
	err_set(ev, TY_TypeError, "CuPy has no string or record arrays: a flexible dtype is not "
		"supported by cupy.%s (use numpy)", bi->name);
	return 1;
}

/* a str or bytes leaf first in v (nested lists/tuples), or a flexible array */
static int has_text(struct value *v)
{
	for (int depth = 0; depth < ND_MAXDIM + 1; depth++) {
		if (farr_borrow(v) || v->type == VT_STR || v->type == VT_BYTES)
			return 1;
		if ((v->type != VT_LIST && v->type != VT_TUPLE) || !v->u.seq.n)
			return 0;
		for (size_t i = 0; i < v->u.seq.n; i++) {
			struct value *x = v->u.seq.items[i];
			if (x->type == VT_STR || x->type == VT_BYTES || farr_borrow(x))
				return 1;
		}
		v = v->u.seq.items[0];
	}
	return 0;
}

/* ---- creation ---- */

static struct value *f_dtype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct fdt *d = NULL;
	int k = fdt_parse(ev, args_at(argc, argv, kw, 0, "dtype"), &d);
	if (k < 0)
		return NULL;
	return k ? fdt_value(ev, d) : call_prev(ev, bi, argc, argv, kw);
}

static struct value *f_array(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *obj = args_at(argc, argv, kw, 0, "object"), *dtv = args_at(argc, argv, kw, 1, "dtype");
	struct fdt *d = NULL;
	struct farr *a, *src;
	int k;
	if (!obj)
		obj = args_at(argc, argv, kw, 0, "a");
	k = fdt_parse(ev, dtv, &d);
	if (k < 0)
		return NULL;
	if (!k && obj && dtv && dtv->type != VT_NONE && has_text(obj) && !arr_is_cupy(arr_be(bi))) {
		/* np.array(['1', '2'], dtype=float): each string parsed, as astype does */
		struct fdt *u = fdt_new_str(ev, FK_U, 0);
		struct farr *t = u ? farr_from_value(ev, obj, u) : NULL;
		struct value *tv = farr_value(ev, t), *m = tv ? val_getattr(ev, tv, "astype") : NULL;
		struct value *r = m ? val_call(ev, m, 1, &dtv, NULL) : NULL;
		fdt_decref(u);
		val_decref(m);
		val_decref(tv);
		return r;
	}
	if (!k && !(obj && (!dtv || dtv->type == VT_NONE) && has_text(obj)))
		return call_prev(ev, bi, argc, argv, kw);
	if (cupy_refuses(ev, bi)) {
		fdt_decref(d);
		return NULL;
	}
	src = farr_borrow(obj);
	if (src && (!d || fdt_equal(d, src->dt)) && strcmp(bi->name, "array")) {
		fdt_decref(d);
		if (src->rec && !strcmp(bi->name, "asarray")) {
			/* the base class: a view that is not a recarray */
			struct value *v = farr_view(ev, src, NULL, NULL);
			if (farr_borrow(v))
				farr_borrow(v)->rec = 0;
			return v;
		}
		return val_incref(obj);   /* asarray of itself */
	}
	a = farr_from_value(ev, obj, d);
	fdt_decref(d);
	return a ? farr_value(ev, a) : NULL;
}

static struct value *f_zeros(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *sh = args_at(argc, argv, kw, 0, "shape"), *dtv = args_at(argc, argv, kw, 1, "dtype");
	struct fdt *d = NULL;
	int k = fdt_parse(ev, dtv, &d), ndim = 0;
	int64_t shape[ND_MAXDIM];
	struct farr *a;
	if (k <= 0)
		return k < 0 ? NULL : call_prev(ev, bi, argc, argv, kw);
	if (cupy_refuses(ev, bi) || !sh) {
		if (!sh)
			err_set(ev, TY_TypeError, "%s() missing required argument 'shape' (pos 1)", bi->name);
		fdt_decref(d);
		return NULL;
	}
	if (arr_parse_shape(ev, sh, &ndim, shape) < 0) {
		fdt_decref(d);
		return NULL;
	}
	if (!d->sized && d->kind != FK_V && d->kind != FK_SUB) {
		/* np.zeros(3, dtype=str): NumPy's one character */
		struct fdt *one = fdt_new_str(ev, d->kind, 1);
		fdt_decref(d);
		d = one;
		if (!d)
			return NULL;
	}
	a = farr_new(ev, d, ndim, shape);
	fdt_decref(d);
	return a ? farr_value(ev, a) : NULL;
}

/* np.frombuffer(buffer, dtype='S1', count=-1, offset=0) */
static struct value *f_frombuffer(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *buf = args_at(argc, argv, kw, 0, "buffer"), *dtv = args_at(argc, argv, kw, 1, "dtype");
	struct fdt *d = NULL;
	int64_t count = -1, offset = 0, n, len;
	int k = fdt_parse(ev, dtv, &d);
	struct farr *a;
	if (k <= 0)
		return k < 0 ? NULL : call_prev(ev, bi, argc, argv, kw);
	if (cupy_refuses(ev, bi))
		goto fail;
	if (!buf || buf->type != VT_BYTES) {
		err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", buf ? val_type_name(buf) : "None");
		goto fail;
	}
	if (args_int(ev, args_at(argc, argv, kw, 2, "count"), -1, &count) < 0 ||
	    args_int(ev, args_at(argc, argv, kw, 3, "offset"), 0, &offset) < 0)
		goto fail;
	len = (int64_t)buf->u.str->len;
	if (offset < 0 || offset > len) {
		err_set(ev, TY_ValueError, "offset must be non-negative and no greater than buffer length (%lld)",
			(long long)len);
		goto fail;
	}
	if (!d->itemsize) {
		err_set(ev, TY_ValueError, "itemsize cannot be zero in type");
		goto fail;
	}
	n = (len - offset) / d->itemsize;
	if (count < 0) {
		if ((len - offset) % d->itemsize) {
			err_set(ev, TY_ValueError, "buffer size must be a multiple of element size");
			goto fail;
		}
	} else if (count > n) {
		err_set(ev, TY_ValueError, "buffer is smaller than requested size");
		goto fail;
	} else {
		n = count;
	}
	a = farr_new(ev, d, 1, &n);
	if (a)
		memcpy(farr_item0(a), buf->u.str->s + offset, n * d->itemsize);
	fdt_decref(d);
	return a ? farr_value(ev, a) : NULL;
fail:
	fdt_decref(d);
	return NULL;
}

/* np.fromiter(iterable, dtype=np.dtype((int, 2))): items of the sub-array's
 * shape, stacked */
static struct value *f_fromiter(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *it = args_at(argc, argv, kw, 0, "iter"), *dtv = args_at(argc, argv, kw, 1, "dtype");
	struct value *count = args_at(argc, argv, kw, 2, "count");
	struct fdt *d = NULL;
	int k = fdt_parse(ev, dtv, &d);
	if (k <= 0)
		return k < 0 ? NULL : call_prev(ev, bi, argc, argv, kw);
	if (d->kind != FK_SUB || d->base->kind != FK_NUM || (count && count->type != VT_NONE) || !it) {
		fdt_decref(d);
		return err_set(ev, TY_NotImplementedError, "fromiter with a string, record or counted sub-array dtype "
			       "is not supported by Lumen");
	}
	struct value *items = val_iter_drain(ev, it), *base = val_dtype(d->base->num, 0), *r = NULL;
	builtin_fn array = prev_fn("array");
	if (items && base && array) {
		const char *names[1] = {"dtype"};
		struct kwargs k2 = {1, names, &base};
		r = array(ev, bi, 1, &items, &k2);
		struct ndarray *n = arr_borrow(r);
		int ok = n && n->ndim == 1 + d->sub_ndim;
		for (int i = 0; ok && i < d->sub_ndim; i++)
			ok = n->shape[1 + i] == d->sub_shape[i];
		if (r && !ok) {
			val_decref(r);
			r = err_set(ev, TY_ValueError, "setting an array element with a sequence: the items do not have "
				    "the sub-array's shape");
		}
	}
	val_decref(items);
	val_decref(base);
	fdt_decref(d);
	return r;
}

/* np.shape / np.ndim / np.size of a string or record array */
static struct value *f_shape(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *a = args_at(argc, argv, kw, 0, "a");
	struct farr *f = farr_borrow(a);
	if (!f)
		return call_prev(ev, bi, argc, argv, kw);
	if (!strcmp(bi->name, "size") && args_at(argc, argv, kw, 1, "axis"))
		return err_set(ev, TY_NotImplementedError, "np.size(axis=) of a string or record array is not "
			       "supported by Lumen");
	return val_getattr(ev, a, bi->name);
}

/* np.issubdtype(a, b) with a flexible dtype: its scalar type (np.str_,
 * np.bytes_, np.void) in the hierarchy */
static struct value *f_issubdtype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *args[2];
	struct fdt *d;
	if (argc != 2 || (kw && kw->n))
		return call_prev(ev, bi, argc, argv, kw);
	for (int i = 0; i < 2; i++) {
		d = fdt_borrow(argv[i]);
		if (!d && farr_borrow(argv[i]))
			d = farr_borrow(argv[i])->dt;
		args[i] = d ? val_dtype(d->kind == FK_U ? AB_STR : d->kind == FK_S ? AB_BYTES : AB_VOID,
					DT_TYPE_ABSTRACT) : val_incref(argv[i]);
	}
	struct value *r = call_prev(ev, bi, 2, args, NULL);
	val_decref(args[0]);
	val_decref(args[1]);
	return r;
}

/* np.array_equal of string arrays: same shape and every item equal */
static struct value *f_array_equal(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	struct value *x = args_at(argc, argv, kw, 0, "a1"), *y = args_at(argc, argv, kw, 1, "a2");
	struct farr *a, *b, *own = NULL;
	if (!x || !y || (!farr_borrow(x) && !farr_borrow(y)))
		return call_prev(ev, bi, argc, argv, kw);
	a = farr_borrow(x) ? farr_borrow(x) : (own = has_text(x) ? farr_from_value(ev, x, NULL) : NULL);
	b = farr_borrow(y) ? farr_borrow(y) : (own = has_text(y) ? farr_from_value(ev, y, NULL) : NULL);
	if (err_occurred(ev)) {
		farr_decref(own);
		return NULL;
	}
	int same = a && b && a->ndim == b->ndim && !memcmp(a->shape, b->shape, sizeof(int64_t) * a->ndim) &&
		   a->dt->kind == b->dt->kind;
	if (same && (a->dt->kind == FK_V || a->dt->kind == FK_SUB)) {
		farr_decref(own);
		return err_set(ev, TY_NotImplementedError, "array_equal of record arrays is not supported by Lumen");
	}
	if (same) {
		a->refcnt++;
		b->refcnt++;
		struct value *av = farr_value(ev, a), *bv = farr_value(ev, b);
		struct value *eq = av && bv ? val_binop(ev, OP_EQ, av, bv) : NULL;
		struct ndarray *e = arr_borrow(eq);
		int64_t n = e ? nd_size(e) : 0;
		for (int64_t i = 0; e && i < n; i++)
			same &= ((uint8_t *)nd_data(e))[i] != 0;
		if (eq && eq->type == VT_SCALAR)
			same = eq->u.sc.v.b != 0;
		int bad = !eq;
		val_decref(eq);
		val_decref(av);
		val_decref(bv);
		if (bad) {
			farr_decref(own);
			return NULL;
		}
	}
	farr_decref(own);
	return val_bool(same);
}

/* ---- sorting ---- */

struct sortctx {
	const struct fdt *d;
	int nkeys;
	const struct fdt **kd;  /* lexsort: each key's dtype, primary last */
	const char **kp;        /* and its contiguous items */
	const char *base;       /* sort: contiguous items */
};

static int cmp_idx(const struct sortctx *c, int64_t x, int64_t y)
{
	if (c->nkeys) {
		for (int k = c->nkeys - 1; k >= 0; k--) {
			int64_t w = c->kd[k]->itemsize;
			int r = farr_cmp(c->kd[k], c->kp[k] + x * w, c->kp[k] + y * w);
			if (r)
				return r;
		}
		return 0;
	}
	return farr_cmp(c->d, c->base + x * c->d->itemsize, c->base + y * c->d->itemsize);
}

/* a stable merge sort of idx[0..n) */
static void msort(const struct sortctx *c, int64_t *idx, int64_t *tmp, int64_t n)
{
	if (n < 2)
		return;
	int64_t h = n / 2, i = 0, j = h, k = 0;
	msort(c, idx, tmp, h);
	msort(c, idx + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = cmp_idx(c, idx[j], idx[i]) < 0 ? idx[j++] : idx[i++];
	while (i < h)
		tmp[k++] = idx[i++];
	while (j < n)
		tmp[k++] = idx[j++];
	memcpy(idx, tmp, sizeof(int64_t) * n);
}

static int64_t *sorted_order(struct eval *ev, const struct sortctx *c, int64_t n)
{
	int64_t *idx = malloc(sizeof(int64_t) * (n ? n : 1)), *tmp = malloc(sizeof(int64_t) * (n ? n : 1));
	if (!idx || !tmp) {
		free(idx);
		free(tmp);
		return err_nomem(ev);
	}
	for (int64_t i = 0; i < n; i++)
		idx[i] = i;
	msort(c, idx, tmp, n);
	free(tmp);
	return idx;
}

/* the dtype order= compares by: the named fields first, then the rest */
static struct fdt *order_dtype(struct eval *ev, const struct fdt *d, struct value *order)
{
	struct value **names = &order;
	size_t nn = 1;
	struct fdt *o;
	if (!order || order->type == VT_NONE)
		return fdt_incref((struct fdt *)d);
	if (!d->nfields)
		return err_set(ev, TY_ValueError, "Cannot specify order when the array has no fields.");
	if (order->type == VT_LIST || order->type == VT_TUPLE) {
		names = order->u.seq.items;
		nn = order->u.seq.n;
	}
	o = calloc(1, sizeof *o);
	if (o)
		o->fields = calloc(d->nfields, sizeof *o->fields);
	if (!o || !o->fields) {
		if (o)
			free(o);
		return err_nomem(ev);
	}
	*o = (struct fdt){ .refcnt = 1, .kind = FK_V, .itemsize = d->itemsize, .fields = o->fields };
	char *used = calloc(d->nfields, 1);
	for (size_t i = 0; used && i < nn; i++) {
		int f = -1;
		if (names[i]->type != VT_STR) {
			err_set(ev, TY_ValueError, "order must be str or list of str");
			goto fail;
		}
		for (int j = 0; j < d->nfields; j++)
			if (!strcmp(d->fields[j].name, names[i]->u.str->s))
				f = j;
		if (f < 0) {
			err_set(ev, TY_ValueError, "no field of name %s", names[i]->u.str->s);
			goto fail;
		}
		if (used[f])
			continue;
		used[f] = 1;
		o->fields[o->nfields].name = strdup(d->fields[f].name);
		o->fields[o->nfields].offset = d->fields[f].offset;
		o->fields[o->nfields++].dt = fdt_incref(d->fields[f].dt);
	}
	for (int j = 0; used && j < d->nfields; j++)
		if (!used[j]) {
			o->fields[o->nfields].name = strdup(d->fields[j].name);
			o->fields[o->nfields].offset = d->fields[j].offset;
			o->fields[o->nfields++].dt = fdt_incref(d->fields[j].dt);
		}
	if (!used) {
		fdt_decref(o);
		return err_nomem(ev);
	}
	free(used);
	return o;
fail:
	free(used);
	fdt_decref(o);
	return NULL;
}

/* sort (want_idx 0) or argsort (1) of a along its last axis (axis None:
 * flattened) */
static struct value *sort_farr(struct eval *ev, struct farr *a, struct value *axisv, struct value *order,
			       int want_idx, int inplace)
{
	int64_t axis = -1, n, rows;
	struct farr *c;
	struct fdt *od;
	struct ndarray *ir = NULL;
	int flat = axisv && axisv->type == VT_NONE;
	if (axisv && !flat && val_as_int64(ev, axisv, &axis) < 0)
		return NULL;
	if (a->ndim == 0 && !flat)
		return err_set(ev, TY_AxisError, "axis %lld is out of bounds for array of dimension 0", (long long)axis);
	if (!flat && axis != -1 && axis != a->ndim - 1)
		return err_set(ev, TY_NotImplementedError, "sorting a string or record array along an axis "
			       "other than the last is not supported by Lumen");
	od = order_dtype(ev, a->dt, order);
	if (!od)
		return NULL;
	c = farr_copy(ev, a);
	if (!c) {
		fdt_decref(od);
		return NULL;
	}
	if (flat) {
		c->ndim = 1;
		c->shape[0] = farr_size(a);
		c->strides[0] = a->dt->itemsize;
	}
	n = c->ndim ? c->shape[c->ndim - 1] : 1;
	rows = n ? farr_size(c) / n : 0;
	if (want_idx && !(ir = farr_host_new(ev, 0, DT_INT64, c->ndim, c->shape))) {
		farr_decref(c);
		fdt_decref(od);
		return NULL;
	}
	char *tmp = malloc((size_t)(n * a->dt->itemsize) + 1);
	for (int64_t r = 0; tmp && r < rows; r++) {
		char *row = farr_item0(c) + r * n * a->dt->itemsize;
		struct sortctx sc = { .d = od, .base = row };
		int64_t *idx = sorted_order(ev, &sc, n);
		if (!idx) {
			free(tmp);
			tmp = NULL;
			break;
		}
		if (want_idx) {
			memcpy((int64_t *)nd_data(ir) + r * n, idx, sizeof(int64_t) * n);
		} else {
			for (int64_t i = 0; i < n; i++)
				memcpy(tmp + i * a->dt->itemsize, row + idx[i] * a->dt->itemsize, a->dt->itemsize);
			memcpy(row, tmp, n * a->dt->itemsize);
		}
		free(idx);
	}
	fdt_decref(od);
	if (!tmp) {
		farr_decref(c);
		nd_decref(ir);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	free(tmp);
	if (want_idx) {
		farr_decref(c);
		return arr_wrap(ev, ir);
	}
	if (inplace) {
		int64_t m = farr_size(a);
		for (int64_t i = 0; i < m; i++)
			memcpy(farr_item(a, i), farr_item(c, i), a->dt->itemsize);
		farr_decref(c);
		return val_none();
	}
	return farr_value(ev, c);
}

static struct value *f_sort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct farr *a = farr_borrow(args_at(argc, argv, kw, 0, "a"));
	if (!a)
		return call_prev(ev, bi, argc, argv, kw);
	return sort_farr(ev, a, args_at(argc, argv, kw, 1, "axis"), args_at(argc, argv, kw, 3, "order"),
			 !strcmp(bi->name, "argsort"), 0);
}

/* a.sort(axis=-1, kind=None, order=None) / a.argsort(...) */
static struct value *m_sort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	return sort_farr(ev, bi->self->u.obj.p, args_at(argc, argv, kw, 0, "axis"), args_at(argc, argv, kw, 2, "order"),
			 !strcmp(bi->name, "argsort"), !strcmp(bi->name, "sort"));
}

struct value *flex_method(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	if (!strcmp(name, "sort") || !strcmp(name, "argsort"))
		return val_builtin(name, m_sort, self, NULL);
	return NULL;
}

/* one key of lexsort / unique as contiguous items and a dtype */
struct key {
	struct fdt *d;
	struct farr *fa;       /* owned: flexible keys */
	struct ndarray *na;    /* owned: numeric keys */
	int64_t n;
	const char *p;
};

static int key_of(struct eval *ev, struct value *v, struct key *k)
{
	struct farr *fa = farr_borrow(v);
	memset(k, 0, sizeof *k);
	if (fa || has_text(v)) {
		k->fa = fa ? farr_copy(ev, fa) : farr_from_value(ev, v, NULL);
		if (!k->fa)
			return -1;
		k->d = fdt_incref(k->fa->dt);
		k->n = farr_size(k->fa);
		k->p = farr_item0(k->fa);
		if (k->fa->ndim != 1) {
			err_set(ev, TY_NotImplementedError, "lexsort of string keys of %d dimensions is not supported "
				"by Lumen", k->fa->ndim);
			return -1;
		}
		return 0;
	}
	struct ndarray *a = arr_asarray(ev, &backend_host, v, -1);
	if (!a)
		return -1;
	k->na = arr_host_c(ev, a, a->dtype);
	nd_decref(a);
	if (!k->na)
		return -1;
	if (k->na->ndim != 1) {
		err_set(ev, TY_NotImplementedError, "lexsort of string keys beside %d-dimensional keys is not "
			"supported by Lumen", k->na->ndim);
		return -1;
	}
	k->d = fdt_num(ev, k->na->dtype);
	k->n = nd_size(k->na);
	k->p = nd_data(k->na);
	return k->d ? 0 : -1;
}

static void key_free(struct key *k)
{
	fdt_decref(k->d);
	farr_decref(k->fa);
	nd_decref(k->na);
}

static struct value *f_lexsort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *keys = args_at(argc, argv, kw, 0, "keys");
	int any = 0, nk;
	if (!keys || (keys->type != VT_TUPLE && keys->type != VT_LIST))
		return call_prev(ev, bi, argc, argv, kw);
	for (size_t i = 0; i < keys->u.seq.n; i++)
		any |= has_text(keys->u.seq.items[i]);
	if (!any)
		return call_prev(ev, bi, argc, argv, kw);
	if (cupy_refuses(ev, bi))
		return NULL;
	nk = (int)keys->u.seq.n;
	struct key *k = calloc(nk, sizeof *k);
	const struct fdt **kd = calloc(nk, sizeof *kd);
	const char **kp = calloc(nk, sizeof *kp);
	struct value *r = NULL;
	if (!k || !kd || !kp) {
		err_nomem(ev);
		goto out;
	}
	for (int i = 0; i < nk; i++) {
		if (key_of(ev, keys->u.seq.items[i], &k[i]) < 0)
			goto out;
		if (k[i].n != k[0].n) {
			err_set(ev, TY_ValueError, "all keys need to be the same shape");
			goto out;
		}
		kd[i] = k[i].d;
		kp[i] = k[i].p;
	}
	{
		struct sortctx sc = { .nkeys = nk, .kd = kd, .kp = kp };
		int64_t n = k[0].n, *idx = sorted_order(ev, &sc, n);
		struct ndarray *res = idx ? farr_host_new(ev, 0, DT_INT64, 1, &n) : NULL;
		if (res)
			memcpy(nd_data(res), idx, sizeof(int64_t) * n);
		free(idx);
		r = res ? arr_wrap(ev, res) : NULL;
	}
out:
	for (int i = 0; k && i < nk; i++)
		key_free(&k[i]);
	free(k);
	free(kd);
	free(kp);
	return r;
}

/* np.unique of strings: (values[, index][, inverse][, counts]) */
static struct value *f_unique(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *ar = args_at(argc, argv, kw, 0, "ar"), *axis = args_at(argc, argv, kw, 4, "axis");
	int ri = 0, rv = 0, rc = 0;
	struct farr *a, *flat, *u = NULL;
	struct value *out[4];
	int no = 0;
	if (!ar || !has_text(ar))
		return call_prev(ev, bi, argc, argv, kw);
	if (cupy_refuses(ev, bi))
		return NULL;
	if (axis && axis->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "unique(axis=) of string arrays is not supported by Lumen");
	if (args_bool(ev, args_at(argc, argv, kw, 1, "return_index"), 0, &ri) < 0 ||
	    args_bool(ev, args_at(argc, argv, kw, 2, "return_inverse"), 0, &rv) < 0 ||
	    args_bool(ev, args_at(argc, argv, kw, 3, "return_counts"), 0, &rc) < 0)
		return NULL;
	a = farr_borrow(ar) ? farr_copy(ev, farr_borrow(ar)) : farr_from_value(ev, ar, NULL);
	if (!a)
		return NULL;
	flat = a;
	flat->ndim = 1;
	flat->shape[0] = farr_size(a);
	flat->strides[0] = a->dt->itemsize;
	int64_t n = flat->shape[0], m = 0;
	struct sortctx sc = { .d = a->dt, .base = farr_item0(flat) };
	int64_t *idx = sorted_order(ev, &sc, n);
	int64_t *first = idx ? malloc(sizeof(int64_t) * (n ? n : 1)) : NULL;
	int64_t *cnt = first ? calloc(n ? n : 1, sizeof(int64_t)) : NULL;
	struct ndarray *inv = cnt && rv ? farr_host_new(ev, 0, DT_INT64, 1, &n) : NULL;
	if (!cnt || (rv && !inv)) {
		if (!err_occurred(ev))
			err_nomem(ev);
		goto fail;
	}
	for (int64_t i = 0; i < n; i++) {
		if (!i || farr_cmp(a->dt, farr_item(flat, idx[i]), farr_item(flat, idx[i - 1]))) {
			first[m++] = idx[i];
		}
		cnt[m - 1]++;
		if (inv)
			((int64_t *)nd_data(inv))[idx[i]] = m - 1;
	}
	u = farr_new(ev, a->dt, 1, &m);
	if (!u)
		goto fail;
	for (int64_t i = 0; i < m; i++)
		memcpy(farr_item(u, i), farr_item(flat, first[i]), a->dt->itemsize);
	out[no++] = farr_value(ev, u);
	if (ri) {
		struct ndarray *x = farr_host_new(ev, 0, DT_INT64, 1, &m);
		if (x)
			memcpy(nd_data(x), first, sizeof(int64_t) * m);
		out[no++] = x ? arr_wrap(ev, x) : NULL;
	}
	if (rv) {
		out[no++] = arr_wrap(ev, inv);
		inv = NULL;
	}
	if (rc) {
		struct ndarray *x = farr_host_new(ev, 0, DT_INT64, 1, &m);
		if (x)
			memcpy(nd_data(x), cnt, sizeof(int64_t) * m);
		out[no++] = x ? arr_wrap(ev, x) : NULL;
	}
	free(idx);
	free(first);
	free(cnt);
	farr_decref(a);
	for (int i = 0; i < no; i++)
		if (!out[i]) {
			for (int j = 0; j < no; j++)
				val_decref(out[j]);
			return NULL;
		}
	return no == 1 ? out[0] : val_tuple_new(no, out);
fail:
	free(idx);
	free(first);
	free(cnt);
	nd_decref(inv);
	farr_decref(a);
	return NULL;
}

static struct value *f_concatenate(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	struct value *seq = args_at(argc, argv, kw, 0, "arrays"), *axis = args_at(argc, argv, kw, 1, "axis");
	int any = 0;
	int64_t total = 0, ax = 0;
	struct farr *first = NULL, *r;
	if (!seq || (seq->type != VT_TUPLE && seq->type != VT_LIST))
		return call_prev(ev, bi, argc, argv, kw);
	for (size_t i = 0; i < seq->u.seq.n; i++)
		any |= farr_borrow(seq->u.seq.items[i]) != NULL;
	if (!any)
		return call_prev(ev, bi, argc, argv, kw);
	if (axis && val_as_int64(ev, axis, &ax) < 0)
		return NULL;
	for (size_t i = 0; i < seq->u.seq.n; i++) {
		struct farr *a = farr_borrow(seq->u.seq.items[i]);
		if (!a || (first && (!fdt_equal(a->dt, first->dt) || a->ndim != first->ndim)))
			return err_set(ev, TY_NotImplementedError, "concatenate of string or record arrays of different "
				       "dtypes or dimensions is not supported by Lumen");
		if (!first)
			first = a;
		if (a->ndim == 0)
			return err_set(ev, TY_ValueError, "zero-dimensional arrays cannot be concatenated");
		for (int k = 1; k < a->ndim; k++)
			if (a->shape[k] != first->shape[k])
				return err_set(ev, TY_ValueError, "all the input array dimensions except for the "
					       "concatenation axis must match exactly");
		total += a->shape[0];
	}
	if (ax != 0)
		return err_set(ev, TY_NotImplementedError, "concatenate of string or record arrays along axis %lld is "
			       "not supported by Lumen", (long long)ax);
	int64_t shape[ND_MAXDIM];
	memcpy(shape, first->shape, sizeof shape);
	shape[0] = total;
	r = farr_new(ev, first->dt, first->ndim, shape);
	int64_t o = 0;
	for (size_t i = 0; r && i < seq->u.seq.n; i++) {
		struct farr *a = farr_borrow(seq->u.seq.items[i]);
		int64_t m = farr_size(a);
		for (int64_t j = 0; j < m; j++)
			memcpy(farr_item(r, o++), farr_item(a, j), a->dt->itemsize);
	}
	return r ? farr_value(ev, r) : NULL;
}

/* ---- promotion ---- */

/* characters a number of dtype dt takes as a string (NumPy's table) */
static int64_t num_chars(int dt)
{
	static const int64_t n[DT_COUNT] = {
		[DT_BOOL] = 5, [DT_INT8] = 4, [DT_UINT8] = 3, [DT_INT16] = 6, [DT_UINT16] = 5,
		[DT_INT32] = 11, [DT_UINT32] = 10, [DT_INT64] = 21, [DT_UINT64] = 20,
		[DT_FLOAT16] = 32, [DT_FLOAT32] = 32, [DT_FLOAT64] = 32, [DT_COMPLEX64] = 64, [DT_COMPLEX128] = 64,
	};
	return n[dt];
}

static int64_t chars_of(const struct fdt *d)
{
	return d->kind == FK_U ? d->itemsize / 4 : d->kind == FK_S ? d->itemsize : num_chars(d->num);
}

/* the flexible or numeric descriptor of a dtype-like value (new) */
static struct fdt *desc_of(struct eval *ev, struct value *v)
{
	struct fdt *d = NULL;
	int dt = -1, k;
	struct farr *fa = farr_borrow(v);
	if (fa)
		return fdt_incref(fa->dt);
	k = fdt_parse(ev, v, &d);
	if (k)
		return k > 0 ? d : NULL;
	if (arr_parse_dtype(ev, v, &dt) < 0)
		return NULL;
	return fdt_num(ev, dt < 0 ? DT_FLOAT64 : dt);
}

static struct fdt *promote(struct eval *ev, const struct fdt *a, const struct fdt *b)
{
	if (a->kind == FK_NUM && b->kind == FK_NUM)
		return fdt_num(ev, dt_promote(a->num, b->num));
	if (a->kind == FK_V || b->kind == FK_V || a->kind == FK_SUB || b->kind == FK_SUB) {
		if (fdt_equal(a, b))
			return fdt_incref((struct fdt *)a);
		return err_set(ev, TY_TypeError, "invalid type promotion with structured datatype(s).");
	}
	char k = a->kind == FK_U || b->kind == FK_U ? FK_U : FK_S;
	int64_t n = chars_of(a) > chars_of(b) ? chars_of(a) : chars_of(b);
	return fdt_new_str(ev, k, n);
}

static int is_flex_arg(struct value *v)
{
	struct fdt *d = NULL;
	if (farr_borrow(v) || fdt_borrow(v))
		return 1;
	if (v->type == VT_STR) {
		const char *s = v->u.str->s;
		s += *s == '<' || *s == '>' || *s == '|' || *s == '=';
		return *s == 'U' || *s == 'S' || *s == 'V' || *s == 'a' || strchr(s, ',') ||
		       !strcmp(s, "str") || !strcmp(s, "bytes");
	}
	if ((v->type == VT_DTYPE && v->u.dt.is_type == DT_TYPE_ABSTRACT &&
	     (v->u.dt.dtype == AB_STR || v->u.dt.dtype == AB_BYTES || v->u.dt.dtype == AB_VOID)) ||
	    (v->type == VT_TYPE && (v->u.ty == TY_STR || v->u.ty == TY_BYTES)) || v->type == VT_LIST)
		return 1;
	(void)d;
	return 0;
}

static struct value *f_promote_types(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				     const struct kwargs *kw)
{
	struct value *a = args_at(argc, argv, kw, 0, "type1"), *b = args_at(argc, argv, kw, 1, "type2");
	struct fdt *x, *y, *r;
	if (!a || !b || (!is_flex_arg(a) && !is_flex_arg(b)))
		return call_prev(ev, bi, argc, argv, kw);
	x = desc_of(ev, a);
	y = x ? desc_of(ev, b) : NULL;
	r = y ? promote(ev, x, y) : NULL;
	fdt_decref(x);
	fdt_decref(y);
	return r ? fdt_value(ev, r) : NULL;
}

static struct value *f_result_type(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	int any = 0;
	struct fdt *r = NULL;
	for (int i = 0; i < argc; i++)
		any |= is_flex_arg(argv[i]);
	if (!any || (kw && kw->n))
		return call_prev(ev, bi, argc, argv, kw);
	for (int i = 0; i < argc; i++) {
		struct value *v = argv[i];
		struct fdt *d;
		if (v->type == VT_INT || v->type == VT_FLOAT || v->type == VT_COMPLEX || v->type == VT_BOOL) {
			fdt_decref(r);
			return err_set(ev, TY_TypeError, "The DType <class 'numpy.dtypes.%sDType'> could not be "
				       "promoted by a Python scalar. Lumen does not mix Python numbers with strings here.",
				       "Str");
		}
		d = desc_of(ev, v);
		if (!d) {
			fdt_decref(r);
			return NULL;
		}
		if (!r) {
			r = d;
			continue;
		}
		struct fdt *p = promote(ev, r, d);
		fdt_decref(r);
		fdt_decref(d);
		r = p;
		if (!r)
			return NULL;
	}
	return fdt_value(ev, r);
}

static struct value *f_can_cast(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *a = args_at(argc, argv, kw, 0, "from_"), *b = args_at(argc, argv, kw, 1, "to");
	struct value *cv = args_at(argc, argv, kw, 2, "casting");
	const char *casting = cv && cv->type == VT_STR ? cv->u.str->s : "safe";
	struct fdt *x, *y;
	int ok;
	if (!a || !b || (!is_flex_arg(a) && !is_flex_arg(b)))
		return call_prev(ev, bi, argc, argv, kw);
	x = desc_of(ev, a);
	y = x ? desc_of(ev, b) : NULL;
	if (!y) {
		fdt_decref(x);
		return NULL;
	}
	if (!strcmp(casting, "unsafe")) {
		ok = 1;
	} else if (x->kind == FK_V || y->kind == FK_V || x->kind == FK_SUB || y->kind == FK_SUB) {
		ok = fdt_equal(x, y);
	} else if (y->kind == FK_NUM) {
		ok = 0; /* strings to numbers: unsafe only */
	} else if (x->kind == FK_NUM) {
		ok = (y->kind == FK_U || (y->kind == FK_S && !dt_is_inexact(x->num))) && chars_of(x) <= chars_of(y);
		if (y->kind == FK_S && (x->num == DT_INT64 || x->num == DT_UINT64))
			ok = 0;
		if (!y->sized)
			ok = y->kind == FK_U || !dt_is_inexact(x->num);
	} else if (!strcmp(casting, "same_kind") || !strcmp(casting, "safe")) {
		ok = (x->kind == y->kind || y->kind == FK_U) && (!y->sized || chars_of(x) <= chars_of(y));
		if (!strcmp(casting, "same_kind") && x->kind == y->kind)
			ok = 1;
	} else {
		ok = fdt_equal(x, y);
	}
	fdt_decref(x);
	fdt_decref(y);
	return val_bool(ok);
}

static struct value *f_isrealobj(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *x = args_at(argc, argv, kw, 0, "x");
	if (x && (x->type == VT_NONE || x->type == VT_STR || x->type == VT_BYTES || farr_borrow(x) || has_text(x)))
		return val_bool(!strcmp(bi->name, "isrealobj"));
	return call_prev(ev, bi, argc, argv, kw);
}

static struct value *f_isreal(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct farr *a = farr_borrow(args_at(argc, argv, kw, 0, "x"));
	if (!a)
		return call_prev(ev, bi, argc, argv, kw);
	/* NumPy: x.imag == 0, and a string array's imag is '' items, never 0 */
	struct ndarray *r = farr_host_new(ev, 1, DT_BOOL, a->ndim, a->shape);
	return r ? arr_result(ev, r) : NULL;
}

const struct arr_func arr_flex_funcs[] = {
	{"dtype", f_dtype, "dtype(dtype, align=False, copy=False)", "Create a data type object."},
	{"array", f_array, "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None)",
	 "Create an array."},
	{"asarray", f_array, "asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)",
	 "Convert the input to an array."},
	{"asanyarray", f_array, "asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)",
	 "Convert the input to an ndarray, but pass ndarray subclasses through."},
	{"zeros", f_zeros, "zeros(shape, dtype=float, order='C', *, like=None)",
	 "Return a new array of given shape and type, filled with zeros."},
	{"empty", f_zeros, "empty(shape, dtype=float, order='C', *, device=None, like=None)",
	 "Return a new array of given shape and type, without initializing entries."},
	{"frombuffer", f_frombuffer, "frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None)",
	 "Interpret a buffer as a 1-dimensional array."},
	{"fromiter", f_fromiter, "fromiter(iter, dtype, count=-1, *, like=None)",
	 "Create a new 1-dimensional array from an iterable object."},
	{"shape", f_shape, "shape(a)", "Return the shape of an array."},
	{"ndim", f_shape, "ndim(a)", "Return the number of dimensions of an array."},
	{"size", f_shape, "size(a, axis=None)", "Return the number of elements along a given axis."},
	{"issubdtype", f_issubdtype, "issubdtype(arg1, arg2)",
	 "Returns True if first argument is a typecode lower/equal in type hierarchy."},
	{"array_equal", f_array_equal, "array_equal(a1, a2, equal_nan=False)", "True if two arrays have the same shape and elements, False otherwise."},
	{"sort", f_sort, "sort(a, axis=-1, kind=None, order=None, *, stable=None)", "Return a sorted copy of an array."},
	{"argsort", f_sort, "argsort(a, axis=-1, kind=None, order=None, *, stable=None)",
	 "Returns the indices that would sort an array."},
	{"lexsort", f_lexsort, "lexsort(keys, axis=-1)",
	 "Perform an indirect stable sort using a sequence of keys (the last one primary)."},
	{"unique", f_unique, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True)",
	 "Find the unique elements of an array."},
	{"concatenate", f_concatenate, "concatenate((a1, a2, ...), axis=0, out=None, dtype=None, casting='same_kind')",
	 "Join a sequence of arrays along an existing axis."},
	{"promote_types", f_promote_types, "promote_types(type1, type2)",
	 "Returns the data type with the smallest size and smallest scalar kind to which both type1 and type2 may be safely cast."},
	{"result_type", f_result_type, "result_type(*arrays_and_dtypes)",
	 "Returns the type that results from applying the NumPy type promotion rules to the arguments."},
	{"can_cast", f_can_cast, "can_cast(from_, to, casting='safe')",
	 "Returns True if cast between data types can occur according to the casting rule."},
	{"isrealobj", f_isrealobj, "isrealobj(x)", "Return True if x is a not complex type or an array of complex numbers."},
	{"iscomplexobj", f_isrealobj, "iscomplexobj(x)", "Check for a complex type or an array of complex numbers."},
	{"recarray", flex_recarray, "recarray(shape, dtype=None, buf=None, offset=0, strides=None, formats=None, names=None, titles=None, byteorder=None, aligned=False, order='C')",
	 "Construct an ndarray that allows field access using attributes."},
	{"isreal", f_isreal, "isreal(x)", "Returns a bool array, where True if input element is real."},
	{NULL, NULL, NULL, NULL}
};

/* ---- np.str_ / np.bytes_ / np.void calls ---- */

static struct value *(*prev_dtype_call)(struct eval *ev, struct value *f, int argc, struct value **argv,
					const struct kwargs *kw);

static struct value *scalar_call(struct eval *ev, struct value *f, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	int ab = f->u.dt.dtype;
	struct fdt *d = NULL;
	struct farr *a = NULL;
	if (f->u.dt.is_type != DT_TYPE_ABSTRACT || (ab != AB_STR && ab != AB_BYTES && ab != AB_VOID))
		return prev_dtype_call(ev, f, argc, argv, kw);
	if (ab != AB_VOID) {
		struct value *x = argc ? argv[0] : NULL;
		if (argc > 1 || (kw && kw->n))
			return err_set(ev, TY_NotImplementedError, "np.%s() with an encoding is not supported by Lumen",
				       ab == AB_STR ? "str_" : "bytes_");
		if (ab == AB_STR && x && x->type == VT_BYTES)
			return err_set(ev, TY_NotImplementedError, "np.str_(bytes) is not supported by Lumen");
		struct value *empty = x ? NULL : (ab == AB_STR ? val_cstr("") : val_bytes("", 0));
		a = farr_from_value(ev, x ? x : empty, NULL);
		val_decref(empty);
		if (a && a->ndim) {
			farr_decref(a);
			return err_set(ev, TY_TypeError, "np.%s() takes one string", ab == AB_STR ? "str_" : "bytes_");
		}
		if (a && a->dt->kind != (ab == AB_STR ? FK_U : FK_S)) {
			farr_decref(a);
			return err_set(ev, TY_NotImplementedError, "np.%s() of this value is not supported by Lumen",
				       ab == AB_STR ? "str_" : "bytes_");
		}
	} else {
		struct value *x = args_at(argc, argv, kw, 0, "length_or_data"), *dtv = args_at(argc, argv, kw, 1, "dtype");
		if (!x)
			return err_set(ev, TY_TypeError, "void() missing required argument 'length_or_data' (pos 1)");
		if (dtv) {
			int k = fdt_parse(ev, dtv, &d);
			if (k < 0)
				return NULL;
			if (!k)
				return err_set(ev, TY_NotImplementedError, "np.void with a numeric dtype is not supported "
					       "by Lumen");
			a = farr_new(ev, d, 0, NULL);
			if (a && farr_store(ev, d, farr_item0(a), x) < 0) {
				farr_decref(a);
				a = NULL;
			}
			fdt_decref(d);
		} else if (x->type == VT_BYTES) {
			d = fdt_new_str(ev, FK_V, (int64_t)x->u.str->len);
			a = d ? farr_new(ev, d, 0, NULL) : NULL;
			if (a)
				memcpy(farr_item0(a), x->u.str->s, x->u.str->len);
			fdt_decref(d);
		} else {
			int64_t n;
			if (x->type != VT_INT || val_as_int64(ev, x, &n) < 0)
				return err_set(ev, TY_TypeError, "void() argument must be an int, bytes, or a value with "
					       "dtype=");
			if (n < 0 || n > 2147483647)
				return err_set(ev, TY_OverflowError, "size must be non-negative and not greater than 2147483647");
			d = fdt_new_str(ev, FK_V, n);
			a = d ? farr_new(ev, d, 0, NULL) : NULL;
			fdt_decref(d);
		}
	}
	if (!a)
		return NULL;
	a->scalar = 1;
	return farr_value(ev, a);
}

void flex_register(void)
{
	if (val_slots[VT_DTYPE].call == scalar_call)
		return;
	prev_dtype_call = val_slots[VT_DTYPE].call;
	val_slots[VT_DTYPE].call = scalar_call;
}
