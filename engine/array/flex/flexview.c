/*
 * flexview.c — one buffer seen with another dtype: a.view(dtype) between
 * numeric and flexible arrays (x.view(np.int8) of a record array, a
 * numeric array viewed as records; both write through), a.view(np.recarray)
 * and np.recarray(shape, dtype) (fields as attributes, np.record items).
 * (getfield/setfield of numeric arrays are arrattr.c's.)  The numeric ndarray methods are wrapped
 * by a table published before the others (a method's first name wins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/flex/flex.h"
#include "array/dtype.h"
#include "array/arrapi.h"
#include "lang/error.h"
#include "lang/args.h"

/* np.recarray(shape, dtype=None, ...): zeroed, as NumPy's uninitialised */
struct value *flex_recarray(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *sh = NULL, *dtv = NULL, *buf = NULL, *off = NULL, *strides = NULL, *formats = NULL,
		*names = NULL, *titles = NULL, *byteorder = NULL, *aligned = NULL, *order = NULL;
	struct fdt *d = NULL;
	int64_t shape[ND_MAXDIM];
	int ndim, k;
	struct farr *a;
	(void)bi;
	if (args_parse(ev, "recarray", argc, argv, kw, "shape|dtype,buf,offset,strides,formats,names,titles,"
		       "byteorder,aligned,order", &sh, &dtv, &buf, &off, &strides, &formats, &names, &titles,
		       &byteorder, &aligned, &order) < 0)
		return NULL;
	if ((buf && buf->type != VT_NONE) || (formats && formats->type != VT_NONE) || (titles && titles->type != VT_NONE))
		return err_set(ev, TY_NotImplementedError, "recarray(buf=, formats=, titles=) is not supported by Lumen");
	k = fdt_parse(ev, dtv, &d);
	if (k < 0)
		return NULL;
	if (!k || d->kind != FK_V || !d->nfields) {
		fdt_decref(d);
		return err_set(ev, TY_NotImplementedError, "np.recarray of a dtype without fields is not supported by Lumen");
	}
	if (arr_parse_shape(ev, sh, &ndim, shape) < 0) {
		fdt_decref(d);
		return NULL;
	}
	a = farr_new(ev, d, ndim, shape);
	fdt_decref(d);
	if (a)
		a->rec = 1;
	return farr_value(ev, a);
}

int flex_is_recarray_type(struct value *v)
{
	return v && v->type == VT_BUILTIN && v->u.bi.fn == flex_recarray;
}

static int last_contiguous(int ndim, const int64_t *shape, const int64_t *strides, int64_t itemsize)
{
	return ndim > 0 && (strides[ndim - 1] == itemsize || shape[ndim - 1] == 1);
}

/* the shape and strides of a view with items of size to over items of size from */
static int resize_last(struct eval *ev, int ndim, int64_t *shape, int64_t *strides, int64_t from, int64_t to)
{
	if (from == to)
		return 0;
	if (!ndim) {
		err_set(ev, TY_ValueError, "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
		return -1;
	}
	if (!last_contiguous(ndim, shape, strides, from)) {
		err_set(ev, TY_ValueError, "To change to a dtype of a different size, the last axis must be contiguous");
		return -1;
	}
	int64_t bytes = shape[ndim - 1] * from;
	if (to > from && (!to || bytes % to)) {
		err_set(ev, TY_ValueError, "When changing to a larger dtype, its size must be a divisor of the total "
			"size in bytes of the last axis of the array.");
		return -1;
	}
	if (to < from && (!to || from % to)) {
		err_set(ev, TY_ValueError, "When changing to a smaller dtype, its size must be a divisor of the size "
			"of original dtype");
		return -1;
	}
	shape[ndim - 1] = bytes / to;
	strides[ndim - 1] = to;
	return 0;
}

struct value *farr_view(struct eval *ev, struct farr *a, struct value *dtv, struct value *type)
{
	struct fdt *d = NULL;
	int k, dt = -1, rec = a->rec;
	int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];
	if (flex_is_recarray_type(dtv)) {
		type = dtv;
		dtv = NULL;
	}
	if (type && type->type != VT_NONE) {
		if (!flex_is_recarray_type(type))
			return err_set(ev, TY_NotImplementedError, "view(type=) other than np.recarray is not supported by Lumen");
		rec = 1;
	}
	k = fdt_parse(ev, dtv, &d);
	if (k < 0)
		return NULL;
	memcpy(shape, a->shape, sizeof shape);
	memcpy(strides, a->strides, sizeof strides);
	if (!k && dtv && dtv->type != VT_NONE) {
		if (arr_parse_dtype(ev, dtv, &dt) < 0)
			return NULL;
		if (rec)
			return err_set(ev, TY_NotImplementedError, "a recarray of a numeric dtype is not supported by Lumen");
		if (resize_last(ev, a->ndim, shape, strides, a->dt->itemsize, dt_size(dt)) < 0)
			return NULL;
		if (!farr_aligned(a->raw, dt, a->ndim, strides, a->offset))
			return err_set(ev, TY_NotImplementedError, "a view of %s items that are not aligned in memory is "
				       "not supported by Lumen", dtype_table[dt].name);
		struct ndarray *n = nd_view(ev, a->raw, dt, a->ndim, shape, strides, a->offset);
		return n ? arr_wrap(ev, n) : NULL;
	}
	if (!d)
		d = fdt_incref(a->dt);
	if (d->kind == FK_SUB || (!d->sized && !d->nfields)) {
		fdt_decref(d);
		return err_set(ev, TY_NotImplementedError, "a view with this dtype is not supported by Lumen");
	}
	if (resize_last(ev, a->ndim, shape, strides, a->dt->itemsize, d->itemsize) < 0) {
		fdt_decref(d);
		return NULL;
	}
	struct farr *v = calloc(1, sizeof *v);
	if (!v) {
		fdt_decref(d);
		return err_nomem(ev);
	}
	*v = *a;
	v->refcnt = 1;
	v->scalar = 0;
	v->rec = rec && d->kind == FK_V && d->nfields;
	v->dt = d;
	memcpy(v->shape, shape, sizeof shape);
	memcpy(v->strides, strides, sizeof strides);
	nd_incref(v->raw);
	return farr_value(ev, v);
}

/* ---- the numeric ndarray's methods that meet flexible dtypes ---- */

static struct value *call_prev(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	/* methods: the first name published wins (arrattr.c), this table is first */
	return arr_call_next(ev, NS_METHODS, arr_flex_methods, bi, argc, argv, kw);
}

/* a.view(dtype=None, type=None) of a numeric array as records or strings */
static struct value *m_view(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct ndarray *a = arr_borrow(bi->self);
	struct value *dtv = args_kw(kw, "dtype"), *type = args_kw(kw, "type");
	struct fdt *d = NULL;
	int k;
	if (!dtv && argc > 0)
		dtv = argv[0];
	if (!type && argc > 1)
		type = argv[1];
	if (flex_is_recarray_type(dtv)) {
		type = dtv;
		dtv = NULL;
	}
	if (!a || (!flex_is_recarray_type(type) && !(dtv && (k = fdt_parse(ev, dtv, &d)) != 0))) {
		if (err_occurred(ev))
			return NULL;
		return call_prev(ev, bi, argc, argv, kw);
	}
	if (!d && flex_is_recarray_type(type)) {
		if (!dtv)
			return err_set(ev, TY_NotImplementedError, "a recarray of a numeric dtype is not supported by Lumen");
		if (fdt_parse(ev, dtv, &d) <= 0)
			return err_occurred(ev) ? NULL : err_set(ev, TY_NotImplementedError, "a recarray of a numeric "
								 "dtype is not supported by Lumen");
	}
	fdt_decref(d);
	if (arr_is_cupy(nd_backend(a)) || !nd_host_memory(a))
		return err_set(ev, TY_TypeError, "CuPy has no string or record arrays: view() with a flexible dtype");
	/* the numeric array as a flexible one of its own dtype, then the view */
	struct fdt *self_dt = fdt_num(ev, a->dtype);
	struct farr *f = self_dt ? calloc(1, sizeof *f) : NULL;
	int64_t nbytes = (int64_t)a->buf->nbytes;
	int64_t one = 1;
	if (!f) {
		fdt_decref(self_dt);
		return err_nomem(ev);
	}
	f->refcnt = 1;
	f->dt = self_dt;
	f->ndim = a->ndim;
	memcpy(f->shape, a->shape, sizeof f->shape);
	memcpy(f->strides, a->strides, sizeof f->strides);
	f->offset = a->offset;
	f->raw = nd_view(ev, a, DT_UINT8, 1, &nbytes, &one, 0);
	if (!f->raw) {
		farr_decref(f);
		return NULL;
	}
	struct value *r = farr_view(ev, f, dtv, type);
	farr_decref(f);
	return r;
}

const struct arr_func arr_flex_methods[] = {
	{"view", m_view, "view(dtype=None, type=None)", "New view of array with the same data."},
	{NULL, NULL, NULL, NULL}
};
