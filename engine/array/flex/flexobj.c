/*
 * flexobj.c — a flexible array as a value (`numpy.ndarray` of a 'U', 'S'
 * or record dtype, host only): attributes, indexing (ints, slices, a
 * field name: a view that writes back; an index or mask array: a copy),
 * assignment, len/iter, ==/!=/</> of strings, tolist/item/copy/reshape/
 * astype/sort/argsort.  Every method it lacks is an AttributeError.
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

static struct value *as_py(struct eval *ev, struct value *v);

static void fobj_free(void *p)
{
	farr_decref(p);
}

static char *fobj_repr(struct eval *ev, struct value *self)
{
	return farr_repr(ev, self->u.obj.p);
}

static char *fobj_str(struct eval *ev, struct value *self)
{
	return farr_str(ev, self->u.obj.p);
}

static struct farr *view_of(struct eval *ev, const struct farr *a)
{
	struct farr *v = calloc(1, sizeof *v);
	if (!v)
		return err_nomem(ev);
	*v = *a;
	v->refcnt = 1;
	v->scalar = 0;
	fdt_incref(v->dt);
	nd_incref(v->raw);
	return v;
}

static struct value *shape_value(int ndim, const int64_t *shape)
{
	struct value *it[ND_MAXDIM];
	for (int i = 0; i < ndim; i++)
		it[i] = val_int(shape[i]);
	return val_tuple_new(ndim, it);
}

/* the shape and strides of a numeric (or numeric sub-array) field fd of a */
static int num_layout(struct eval *ev, const struct farr *a, const struct fdt *fd, int *dt, int *ndim,
		      int64_t *shape, int64_t *strides)
{
	*ndim = a->ndim;
	*dt = fd->kind == FK_NUM ? fd->num : fd->base->num;
	memcpy(shape, a->shape, sizeof(int64_t) * ND_MAXDIM);
	memcpy(strides, a->strides, sizeof(int64_t) * ND_MAXDIM);
	if (fd->kind == FK_SUB) {
		int64_t st = fd->itemsize;
		if (*ndim + fd->sub_ndim > ND_MAXDIM) {
			err_set(ev, TY_ValueError, "too many dimensions");
			return -1;
		}
		for (int k = fd->sub_ndim - 1; k >= 0; k--) {
			st /= fd->sub_shape[k] ? fd->sub_shape[k] : 1;
			shape[*ndim + k] = fd->sub_shape[k];
			strides[*ndim + k] = st;
		}
		*ndim += fd->sub_ndim;
	}
	return 0;
}

/* copies the items of a field (raw's bytes at off with strides) into the
 * C-contiguous n (back: 1, n into the field) */
static void gather_field(struct ndarray *n, struct ndarray *raw, int ndim, const int64_t *shape,
			 const int64_t *strides, int64_t off, int back)
{
	int64_t total = nd_size(n), sz = dt_size(n->dtype);
	for (int64_t i = 0; i < total; i++) {
		int64_t rem = i, o = off;
		for (int k = ndim - 1; k >= 0; k--) {
			int64_t m = shape[k] ? shape[k] : 1;
			o += (rem % m) * strides[k];
			rem /= m;
		}
		if (back)
			memcpy(nd_data(raw) - raw->offset + o, nd_data(n) + i * sz, sz);
		else
			memcpy(nd_data(n) + i * sz, nd_data(raw) - raw->offset + o, sz);
	}
}

/* a['x'] = v of a numeric field that is not aligned: through a copy */
static int field_set_unaligned(struct eval *ev, struct farr *a, const struct fdt *fd, int64_t off,
			       struct value *x)
{
	int ndim, dt;
	int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];
	if (num_layout(ev, a, fd, &dt, &ndim, shape, strides) < 0)
		return -1;
	struct ndarray *n = farr_host_new(ev, 0, dt, ndim, shape);
	if (!n)
		return -1;
	gather_field(n, a->raw, ndim, shape, strides, off, 0);
	struct value *nv = arr_wrap(ev, n), *ell = val_ellipsis();
	int rc = nv && ell ? val_setitem(ev, nv, ell, x) : -1;
	if (rc == 0)
		gather_field(arr_borrow(nv), a->raw, ndim, shape, strides, off, 1);
	val_decref(nv);
	val_decref(ell);
	return rc;
}

int farr_aligned(const struct ndarray *raw, int dtype, int ndim, const int64_t *strides, int64_t offset)
{
	int64_t al = dt_is_complex(dtype) ? dt_size(dtype) / 2 : dt_size(dtype);
	uintptr_t base = (uintptr_t)raw->buf->data + (uintptr_t)offset;
	if (al <= 1)
		return 1;
	if (base % (uintptr_t)al)
		return 0;
	for (int k = 0; k < ndim; k++)
		if (strides[k] % al)
			return 0;
	return 1;
}

/* a['x']: a numeric field is an ndarray view of the same buffer */
struct value *farr_field(struct eval *ev, struct farr *a, const char *name)
{
	const struct fdt *d = a->dt;
	int f = -1;
	for (int i = 0; i < d->nfields; i++)
		if (!strcmp(d->fields[i].name, name))
			f = i;
	if (f < 0) {
		if (!d->nfields)
			return err_set(ev, TY_IndexError, "only integers, slices (`:`), ellipsis (`...`), "
				       "numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
		return err_set(ev, TY_ValueError, "no field of name %s", name);
	}
	const struct fdt *fd = d->fields[f].dt;
	int64_t off = a->offset + d->fields[f].offset;
	if (fd->kind == FK_NUM || (fd->kind == FK_SUB && fd->base->kind == FK_NUM)) {
		int ndim, dt;
		int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];
		if (num_layout(ev, a, fd, &dt, &ndim, shape, strides) < 0)
			return NULL;
		/* a 0-d field of a record scalar reads as the scalar: np.void's f['x'] */
		if (a->scalar && ndim == 0) {
			struct npscalar sc;
			farr_num_load(dt, nd_data(a->raw) + off, &sc);
			return val_scalar(sc.dtype, sc.v);
		}
		struct ndarray *n;
		if (farr_aligned(a->raw, dt, ndim, strides, off)) {
			n = nd_view(ev, a->raw, dt, ndim, shape, strides, off);
		} else {
			/* a packed record's field off its alignment: a copy (the C
			 * loops load items by their C type); a['x'] = v still writes */
			n = farr_host_new(ev, 0, dt, ndim, shape);
			if (n)
				gather_field(n, a->raw, ndim, shape, strides, off, 0);
		}
		return n ? arr_wrap(ev, n) : NULL;
	}
	if (fd->kind == FK_SUB)
		return err_set(ev, TY_NotImplementedError, "sub-array fields of strings are not supported by Lumen");
	struct farr *v = view_of(ev, a);
	if (!v)
		return NULL;
	fdt_decref(v->dt);
	v->dt = fdt_incref((struct fdt *)fd);
	v->offset = off;
	if (a->scalar && a->ndim == 0) {
		struct value *r = farr_item_value(ev, v->dt, farr_item0(v));
		farr_decref(v);
		return r;
	}
	return farr_value(ev, v);
}

/* integer/slice/Ellipsis indexing: a view; *full when every axis took an int */
static struct farr *basic_index(struct eval *ev, struct farr *a, struct value *key, int *full)
{
	struct value **keys = &key;
	size_t nk = 1;
	struct farr *v;
	int axis = 0, out = 0, ell = -1;
	int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];

	if (key->type == VT_TUPLE) {
		keys = key->u.seq.items;
		nk = key->u.seq.n;
	}
	for (size_t i = 0; i < nk; i++)
		if (keys[i]->type == VT_ELLIPSIS)
			ell = (int)i;
	if (nk - (ell >= 0) > (size_t)a->ndim)
		return err_set(ev, TY_IndexError, "too many indices for array: array is %d-dimensional, but %zu were "
			       "indexed", a->ndim, nk - (ell >= 0));
	v = view_of(ev, a);
	if (!v)
		return NULL;
	for (size_t i = 0; i < nk; i++) {
		struct value *k = keys[i];
		if (k->type == VT_ELLIPSIS) {
			int skip = a->ndim - (int)(nk - 1);
			for (int j = 0; j < skip; j++, axis++, out++) {
				shape[out] = a->shape[axis];
				strides[out] = a->strides[axis];
			}
			continue;
		}
		if (k->type == VT_SLICE) {
			int64_t start, stop, step, len = a->shape[axis], n;
			if (args_int(ev, k->u.slice.step, 1, &step) < 0)
				goto fail;
			if (step == 0) {
				err_set(ev, TY_ValueError, "slice step cannot be zero");
				goto fail;
			}
			if (args_int(ev, k->u.slice.start, step > 0 ? 0 : len - 1, &start) < 0 ||
			    args_int(ev, k->u.slice.stop, step > 0 ? len : -len - 1, &stop) < 0)
				goto fail;
			if (start < 0) start += len;
			if (stop < 0) stop += len;
			if (step > 0) {
				start = start < 0 ? 0 : start > len ? len : start;
				stop = stop < 0 ? 0 : stop > len ? len : stop;
				n = stop > start ? (stop - start + step - 1) / step : 0;
			} else {
				start = start < -1 ? -1 : start >= len ? len - 1 : start;
				stop = stop < -1 ? -1 : stop >= len ? len - 1 : stop;
				n = start > stop ? (start - stop - step - 1) / -step : 0;
			}
			if (n)
				v->offset += start * a->strides[axis];
			shape[out] = n;
			strides[out++] = a->strides[axis] * step;
			axis++;
			continue;
		}
		int64_t idx;
		if (k->type == VT_FLOAT || k->type == VT_NONE || val_as_int64(ev, k, &idx) < 0) {
			err_clear(ev);
			err_set(ev, TY_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
				"(`None`) and integer or boolean arrays are valid indices");
			goto fail;
		}
		if (idx < -a->shape[axis] || idx >= a->shape[axis]) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)idx, axis, (long long)a->shape[axis]);
			goto fail;
		}
		if (idx < 0)
			idx += a->shape[axis];
		v->offset += idx * a->strides[axis];
		axis++;
	}
	for (; axis < a->ndim; axis++, out++) {
		shape[out] = a->shape[axis];
		strides[out] = a->strides[axis];
	}
	v->ndim = out;
	memcpy(v->shape, shape, sizeof(int64_t) * out);
	memcpy(v->strides, strides, sizeof(int64_t) * out);
	*full = out == 0 && ell < 0;
	return v;
fail:
	farr_decref(v);
	return NULL;
}

/* a[idx] along axis 0 with an integer or boolean array: a copy */
static struct farr *take0(struct eval *ev, struct farr *a, struct value *key)
{
	struct ndarray *k = arr_asarray(ev, &backend_host, key, -1), *ki;
	struct farr *r = NULL;
	int64_t n, per, shape[ND_MAXDIM];
	if (!k)
		return NULL;
	if (a->ndim == 0) {
		nd_decref(k);
		return err_set(ev, TY_IndexError, "too many indices for array: array is 0-dimensional, but 1 were indexed");
	}
	if (k->dtype == DT_BOOL) {
		if (k->ndim != 1 || k->shape[0] != a->shape[0]) {
			nd_decref(k);
			return err_set(ev, TY_IndexError, "boolean index did not match indexed array along axis 0; "
				       "size of axis is %lld but size of corresponding boolean axis is %lld",
				       (long long)a->shape[0], (long long)(k->ndim ? k->shape[0] : 1));
		}
		ki = arr_host_c(ev, k, DT_BOOL);
	} else if (dt_is_int(k->dtype) || nd_size(k) == 0) {
		ki = arr_host_c(ev, k, DT_INT64);
	} else {
		nd_decref(k);
		return err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
	}
	nd_decref(k);
	if (!ki)
		return NULL;
	if (ki->ndim != 1) {
		nd_decref(ki);
		return err_set(ev, TY_NotImplementedError, "multi-dimensional index arrays on string or record arrays "
			       "are not supported by Lumen");
	}
	n = ki->shape[0];
	if (ki->dtype == DT_BOOL) {
		int64_t c = 0;
		for (int64_t i = 0; i < n; i++)
			c += ((uint8_t *)nd_data(ki))[i] != 0;
		shape[0] = c;
	} else {
		shape[0] = n;
	}
	memcpy(shape + 1, a->shape + 1, sizeof(int64_t) * (a->ndim - 1));
	per = 1;
	for (int i = 1; i < a->ndim; i++)
		per *= a->shape[i];
	r = farr_new(ev, a->dt, a->ndim, shape);
	int64_t o = 0;
	for (int64_t i = 0; r && i < n; i++) {
		int64_t j;
		if (ki->dtype == DT_BOOL) {
			if (!((uint8_t *)nd_data(ki))[i])
				continue;
			j = i;
		} else {
			j = ((int64_t *)nd_data(ki))[i];
			if (j < -a->shape[0] || j >= a->shape[0]) {
				err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
					(long long)j, (long long)a->shape[0]);
				farr_decref(r);
				r = NULL;
				break;
			}
			if (j < 0)
				j += a->shape[0];
		}
		for (int64_t q = 0; q < per; q++)
			memcpy(farr_item(r, o * per + q), farr_item(a, j * per + q), a->dt->itemsize);
		o++;
	}
	nd_decref(ki);
	return r;
}

static int is_fancy(struct value *key)
{
	return key->type == VT_LIST || key->type == VT_NDARRAY;
}

static struct value *fobj_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct farr *a = self->u.obj.p, *v;
	int full = 0;
	if (key->type == VT_STR)
		return farr_field(ev, a, key->u.str->s);
	if (key->type == VT_LIST && key->u.seq.n && key->u.seq.items[0]->type == VT_STR)
		return err_set(ev, TY_NotImplementedError, "multi-field indexing is not supported by Lumen");
	if (is_fancy(key)) {
		v = take0(ev, a, key);
		return v ? farr_value(ev, v) : NULL;
	}
	if (a->scalar && a->dt->kind != FK_V) {
		struct value *py = as_py(ev, self);
		struct value *r = py ? val_getitem(ev, py, key) : NULL;
		val_decref(py);
		return r;
	}
	if (a->scalar)
		return err_set(ev, TY_IndexError, "invalid index");
	v = basic_index(ev, a, key, &full);
	if (!v)
		return NULL;
	if (full && v->dt->kind == FK_V && v->dt->nfields) {
		/* a record item is a view: x[1]['f'] = 3 writes into x, as in NumPy */
		v->scalar = 1;
		return farr_value(ev, v);
	}
	if (full) {
		struct value *r = farr_item_value(ev, v->dt, farr_item0(v));
		if (r && a->rec && farr_borrow(r))
			farr_borrow(r)->rec = 1;   /* np.record */
		farr_decref(v);
		return r;
	}
	return farr_value(ev, v);
}

/* every item of dst from src (same shape, or one item for all) */
static int assign(struct eval *ev, struct farr *dst, struct value *x)
{
	int64_t n = farr_size(dst), m;
	struct farr *src = farr_borrow(x), *own = NULL;
	if (!src || !fdt_equal(src->dt, dst->dt)) {
		own = farr_from_value(ev, x, dst->dt);
		if (!own)
			return -1;
		src = own;
	}
	m = farr_size(src);
	if (m != n && m != 1) {
		farr_decref(own);
		err_set(ev, TY_ValueError, "could not broadcast input array of size %lld into %lld items",
			(long long)m, (long long)n);
		return -1;
	}
	if (m == n && src->raw == dst->raw && !own) {
		own = farr_copy(ev, src);
		if (!own)
			return -1;
		src = own;
	}
	for (int64_t i = 0; i < n; i++)
		memmove(farr_item(dst, i), farr_item(src, m == 1 ? 0 : i), dst->dt->itemsize);
	farr_decref(own);
	return 0;
}

static int fobj_setitem(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	struct farr *a = self->u.obj.p, *v;
	int full = 0, rc;
	if (!x) {
		err_set(ev, TY_ValueError, "cannot delete array elements");
		return -1;
	}
	if (key->type == VT_STR) {
		for (int i = 0; i < a->dt->nfields; i++) {
			const struct fdt *fd = a->dt->fields[i].dt;
			int64_t off = a->offset + a->dt->fields[i].offset;
			int ndim, dt;
			int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];
			if (strcmp(a->dt->fields[i].name, key->u.str->s) ||
			    !(fd->kind == FK_NUM || (fd->kind == FK_SUB && fd->base->kind == FK_NUM)))
				continue;
			if (num_layout(ev, a, fd, &dt, &ndim, shape, strides) < 0)
				return -1;
			if (!farr_aligned(a->raw, dt, ndim, strides, off) || (a->scalar && ndim == 0))
				return field_set_unaligned(ev, a, fd, off, x);
		}
		struct value *f = farr_field(ev, a, key->u.str->s);
		struct value *ell = val_ellipsis();
		if (!f) {
			val_decref(ell);
			return -1;
		}
		if (f->type != VT_NDARRAY && !farr_borrow(f)) {
			/* a record scalar's string field: write the item */
			val_decref(f);
			val_decref(ell);
			for (int i = 0; i < a->dt->nfields; i++)
				if (!strcmp(a->dt->fields[i].name, key->u.str->s))
					return farr_store(ev, a->dt->fields[i].dt, farr_item0(a) + a->dt->fields[i].offset, x);
			return -1;
		}
		rc = val_setitem(ev, f, ell, x);
		val_decref(ell);
		val_decref(f);
		return rc;
	}
	if (is_fancy(key)) {
		err_set(ev, TY_NotImplementedError, "assignment through an index array into a string or record "
			"array is not supported by Lumen");
		return -1;
	}
	v = basic_index(ev, a, key, &full);
	if (!v)
		return -1;
	rc = full ? farr_store(ev, v->dt, farr_item0(v), x) : assign(ev, v, x);
	farr_decref(v);
	return rc;
}

static int64_t fobj_len(struct eval *ev, struct value *self)
{
	struct farr *a = self->u.obj.p;
	if (a->scalar && a->dt->kind != FK_V) {
		struct value *py = as_py(ev, self);
		int64_t n = py ? val_len(ev, py) : -1;
		val_decref(py);
		return n;
	}
	if (a->ndim == 0) {
		err_set(ev, TY_TypeError, "len() of unsized object");
		return -1;
	}
	return a->shape[0];
}

static struct value *tolist(struct eval *ev, struct farr *a, int axis, int64_t *pos)
{
	if (axis == a->ndim)
		return farr_item_py(ev, a->dt, farr_item(a, (*pos)++));
	struct value *l = val_list_new(0, NULL);
	for (int64_t i = 0; l && i < a->shape[axis]; i++) {
		struct value *x = tolist(ev, a, axis + 1, pos);
		if (!x) {
			val_decref(l);
			return NULL;
		}
		list_append(l, x);
	}
	return l;
}

static struct value *fobj_iter(struct eval *ev, struct value *self)
{
	struct farr *a = self->u.obj.p;
	struct value *l;
	if (a->ndim == 0)
		return err_set(ev, TY_TypeError, "iteration over a 0-d array");
	l = val_list_new(0, NULL);
	for (int64_t i = 0; l && i < a->shape[0]; i++) {
		struct value *k = val_int(i), *x = fobj_getitem(ev, self, k);
		val_decref(k);
		if (!x) {
			val_decref(l);
			return NULL;
		}
		list_append(l, x);
	}
	if (!l)
		return NULL;
	struct value *it = val_iter(ev, l);
	val_decref(l);
	return it;
}

/* ==, !=, <, <=, >, >= of string arrays (or a string scalar) */
/* a string scalar as the Python str/bytes it derives from (new), else v */
static struct value *as_py(struct eval *ev, struct value *v)
{
	struct farr *a = farr_borrow(v);
	if (a && a->scalar && (a->dt->kind == FK_U || a->dt->kind == FK_S))
		return farr_item_py(ev, a->dt, farr_item0(a));
	return val_incref(v);
}

static struct value *fobj_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct farr *a = farr_borrow(l), *b = farr_borrow(r), *own = NULL;
	int swap = 0;
	if ((a && a->scalar && a->dt->kind != FK_V) || (b && b->scalar && b->dt->kind != FK_V)) {
		if ((a && !a->scalar) || (b && !b->scalar))
			goto arrays;
		struct value *x = as_py(ev, l), *y = x ? as_py(ev, r) : NULL;
		struct value *res = y ? val_binop(ev, op, x, y) : NULL;
		val_decref(x);
		val_decref(y);
		return res;
	}
arrays:
	if (op < OP_LT || op > OP_GE)
		return err_set(ev, TY_TypeError, "the operation is not supported for arrays of dtype %s",
			       (a ? a : b)->dt->kind == FK_U ? "str" : (a ? a : b)->dt->kind == FK_S ? "bytes" : "void");
	if (!a) {
		a = b;
		b = NULL;
		swap = 1;
		r = l;
	}
	if (!b) {
		own = farr_from_value(ev, r, NULL);
		if (!own) {
			/* a string array against a number: every item differs (NumPy 2) */
			err_clear(ev);
			if (op != OP_EQ && op != OP_NE)
				return err_set(ev, TY_TypeError, "'%s' not supported between a string array and '%s'",
					       op == OP_LT ? "<" : op == OP_LE ? "<=" : op == OP_GT ? ">" : ">=",
					       val_type_name(r));
			struct ndarray *res = farr_host_new(ev, 0, DT_BOOL, a->ndim, a->shape);
			if (res)
				memset(nd_data(res), op == OP_NE, farr_size(a));
			return res ? arr_result(ev, res) : NULL;
		}
		b = own;
	}
	if (a->dt->kind != b->dt->kind || (a->dt->kind != FK_U && a->dt->kind != FK_S)) {
		int structured = a->dt->kind == FK_V || b->dt->kind == FK_V;
		farr_decref(own);
		if (structured)
			return err_set(ev, TY_NotImplementedError, "comparing record arrays is not supported by Lumen");
		if (op == OP_EQ || op == OP_NE) {
			struct ndarray *res;
			int64_t n = farr_size(a);
			res = farr_host_new(ev, 0, DT_BOOL, a->ndim, a->shape);
			if (res)
				memset(nd_data(res), op == OP_NE, n);
			return res ? arr_result(ev, res) : NULL;
		}
		return err_set(ev, TY_TypeError, "'<' not supported between string arrays of different kinds");
	}
	int64_t na = farr_size(a), nb = farr_size(b);
	const struct farr *big = na >= nb ? a : b;
	if (na != nb && na != 1 && nb != 1) {
		farr_decref(own);
		return err_set(ev, TY_ValueError, "operands could not be broadcast together");
	}
	struct ndarray *res = farr_host_new(ev, 0, DT_BOOL, big->ndim, big->shape);
	int64_t n = na > nb ? na : nb, wa = a->dt->itemsize, wb = b->dt->itemsize, w = wa > wb ? wa : wb;
	char *ba = calloc(1, w + 4), *bb = calloc(1, w + 4);
	struct fdt tmp = *a->dt;
	tmp.itemsize = w;
	for (int64_t i = 0; res && ba && bb && i < n; i++) {
		memset(ba, 0, w);
		memset(bb, 0, w);
		memcpy(ba, farr_item(a, na == 1 ? 0 : i), wa);
		memcpy(bb, farr_item(b, nb == 1 ? 0 : i), wb);
		int c = farr_cmp(&tmp, ba, bb);
		if (swap)
			c = -c;
		int t = op == OP_EQ ? c == 0 : op == OP_NE ? c != 0 : op == OP_LT ? c < 0 :
			op == OP_LE ? c <= 0 : op == OP_GT ? c > 0 : c >= 0;
		((uint8_t *)nd_data(res))[i] = (uint8_t)t;
	}
	free(ba);
	free(bb);
	farr_decref(own);
	return res ? arr_result(ev, res) : NULL;
}

/* ---- methods ---- */

static struct value *m_tolist(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	int64_t pos = 0;
	if (args_parse(ev, "tolist", argc, argv, kw, "") < 0)
		return NULL;
	return tolist(ev, bi->self->u.obj.p, 0, &pos);
}

static struct value *m_item(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct farr *a = bi->self->u.obj.p;
	(void)kw;
	if (argc == 0) {
		if (farr_size(a) != 1)
			return err_set(ev, TY_ValueError, "can only convert an array of size 1 to a Python scalar");
		return farr_item_py(ev, a->dt, farr_item(a, 0));
	}
	int64_t i;
	if (argc != 1 || val_as_int64(ev, argv[0], &i) < 0)
		return err_set(ev, TY_NotImplementedError, "item() with several indices is not supported by Lumen "
			       "for string arrays");
	if (i < 0)
		i += farr_size(a);
	if (i < 0 || i >= farr_size(a))
		return err_set(ev, TY_IndexError, "index %lld is out of bounds for size %lld", (long long)i,
			       (long long)farr_size(a));
	return farr_item_py(ev, a->dt, farr_item(a, i));
}

static struct value *m_copy(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	(void)argc; (void)argv; (void)kw;
	struct farr *c = farr_copy(ev, bi->self->u.obj.p);
	return c ? farr_value(ev, c) : NULL;
}

/* a.tobytes(order='C'): the items' raw bytes in C order (records with their
 * padding, 'U' as UCS-4), as NumPy's */
static struct value *m_tobytes(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct farr *a = bi->self->u.obj.p;
	struct value *ov = NULL;
	if (args_parse(ev, "tobytes", argc, argv, kw, "|order", &ov) < 0)
		return NULL;
	if (ov && !(ov->type == VT_NONE || (ov->type == VT_STR && !strcmp(ov->u.str->s, "C"))))
		return err_set(ev, TY_NotImplementedError, "tobytes(order=) other than 'C' of a %s array is not supported by Lumen",
			       "structured or string");
	int64_t n = farr_size(a), isz = a->dt->itemsize;
	if (isz > 0 && n > INT64_MAX / isz)
		return err_set(ev, TY_MemoryError, "array too large");
	char *buf = malloc((size_t)(n * isz) + 1);
	if (!buf)
		return err_nomem(ev);
	for (int64_t i = 0; i < n; i++)
		memcpy(buf + i * isz, farr_item(a, i), (size_t)isz);
	struct value *r = val_bytes(buf, (size_t)(n * isz));
	free(buf);
	return r ? r : err_nomem(ev);
}

static struct value *m_reshape(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct farr *a = bi->self->u.obj.p, *c;
	int ndim = 0, neg = -1;
	int64_t shape[ND_MAXDIM], n = 1, size = farr_size(a);
	(void)kw;
	if (argc == 1 && (argv[0]->type == VT_TUPLE || argv[0]->type == VT_LIST)) {
		if (arr_parse_shape(ev, argv[0], &ndim, shape) < 0)
			return NULL;
	} else {
		if (argc > ND_MAXDIM)
			return err_set(ev, TY_ValueError, "too many dimensions");
		for (int i = 0; i < argc; i++)
			if (val_as_int64(ev, argv[i], &shape[i]) < 0)
				return NULL;
		ndim = argc;
	}
	for (int i = 0; i < ndim; i++) {
		if (shape[i] == -1 && neg < 0)
			neg = i;
		else if (shape[i] < 0)
			return err_set(ev, TY_ValueError, "can only specify one unknown dimension");
		else
			n *= shape[i];
	}
	if (neg >= 0 && n)
		shape[neg] = size / n, n *= shape[neg];
	if (n != size)
		return err_set(ev, TY_ValueError, "cannot reshape array of size %lld into the requested shape",
			       (long long)size);
	c = farr_copy(ev, a);
	if (!c)
		return NULL;
	c->ndim = ndim;
	int64_t st = c->dt->itemsize;
	for (int i = ndim - 1; i >= 0; i--) {
		c->shape[i] = shape[i];
		c->strides[i] = st;
		st *= shape[i] ? shape[i] : 1;
	}
	return farr_value(ev, c);
}

static struct value *m_astype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct farr *a = bi->self->u.obj.p;
	struct value *dtv = NULL, *casting = NULL, *copy = NULL, *order = NULL, *subok = NULL;
	struct fdt *fd = NULL;
	int k, dt = -1;
	if (args_parse(ev, "astype", argc, argv, kw, "dtype|order,casting,subok,copy", &dtv, &order, &casting,
		       &subok, &copy) < 0)
		return NULL;
	k = fdt_parse(ev, dtv, &fd);
	if (k < 0)
		return NULL;
	if (k > 0) {
		struct value *l = m_tolist(ev, bi, 0, NULL, NULL);
		struct farr *r = NULL;
		if (fd->kind == a->dt->kind && fdt_equal(fd, a->dt))
			r = farr_copy(ev, a);
		else if (l)
			r = farr_from_value(ev, l, fd);
		val_decref(l);
		fdt_decref(fd);
		return r ? farr_value(ev, r) : NULL;
	}
	if (arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (a->dt->kind == FK_V)
		return err_set(ev, TY_TypeError, "Cannot cast array data from a record dtype to %s",
			       dtype_table[dt < 0 ? DT_FLOAT64 : dt].name);
	/* strings to numbers: each item through Python's int()/float()/complex() */
	struct fdt *nd = fdt_num(ev, dt < 0 ? DT_FLOAT64 : dt);
	struct ndarray *r = nd ? farr_host_new(ev, 0, nd->num, a->ndim, a->shape) : NULL;
	int64_t n = r ? farr_size(a) : 0;
	for (int64_t i = 0; i < n; i++) {
		struct value *x = farr_item_py(ev, a->dt, farr_item(a, i));
		if (x && x->type == VT_BYTES) {
			struct value *s = val_str(x->u.str->s, x->u.str->len);
			val_decref(x);
			x = s;
		}
		int rc = x ? farr_store(ev, nd, nd_data(r) + i * nd->itemsize, x) : -1;
		val_decref(x);
		if (rc < 0) {
			nd_decref(r);
			fdt_decref(nd);
			return NULL;
		}
	}
	fdt_decref(nd);
	return r ? arr_wrap(ev, r) : NULL;
}

static struct value *m_view(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *dtv = NULL, *type = NULL;
	if (args_parse(ev, "view", argc, argv, kw, "|dtype,type", &dtv, &type) < 0)
		return NULL;
	return farr_view(ev, bi->self->u.obj.p, dtv, type);
}

static const char *const fobj_attrs[] = {
	"argsort", "astype", "copy", "dtype", "view", "flatten", "item", "itemsize", "nbytes", "ndim", "ravel",
	"reshape", "shape", "size", "sort", "tobytes", "tolist", NULL
};

/* methods that the wrapped functions serve (flexfuncs.c) */
struct value *flex_method(struct eval *ev, struct value *self, const char *name);

static struct value *fobj_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct farr *a = self->u.obj.p;
	static const struct { const char *name; builtin_fn fn; } methods[] = {
		{"tolist", m_tolist}, {"item", m_item}, {"copy", m_copy}, {"reshape", m_reshape},
		{"astype", m_astype}, {"tobytes", m_tobytes},
	};
	if (!strcmp(name, "shape"))
		return shape_value(a->ndim, a->shape);
	if (!strcmp(name, "ndim"))
		return val_int(a->ndim);
	if (!strcmp(name, "size"))
		return val_int(farr_size(a));
	if (!strcmp(name, "dtype"))
		return fdt_value(ev, fdt_incref(a->dt));
	if (!strcmp(name, "itemsize"))
		return val_int(a->dt->itemsize);
	if (!strcmp(name, "nbytes"))
		return val_int(a->dt->itemsize * farr_size(a));
	if (!strcmp(name, "strides"))
		return shape_value(a->ndim, a->strides);
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(name, methods[i].name))
			return val_builtin(methods[i].name, methods[i].fn, self, NULL);
	if (!strcmp(name, "flatten") || !strcmp(name, "ravel")) {
		struct farr *c = farr_copy(ev, a);
		if (!c)
			return NULL;
		c->ndim = 1;
		c->shape[0] = farr_size(a);
		c->strides[0] = a->dt->itemsize;
		struct value *cv = farr_value(ev, c);
		/* a bound method returning the copy: a.flatten() */
		return cv ? val_builtin(name, m_copy, cv, NULL) : NULL;
	}
	if (!strcmp(name, "view"))
		return val_builtin("view", m_view, self, NULL);
	if (a->rec) {
		struct value *m = flex_method(ev, self, name);
		if (m || err_occurred(ev))
			return m;
		for (int i = 0; i < a->dt->nfields; i++)
			if (!strcmp(a->dt->fields[i].name, name))
				return farr_field(ev, a, name);
		return NULL;
	}
	if (a->scalar && (a->dt->kind == FK_U || a->dt->kind == FK_S)) {
		/* np.str_ derives from str, np.bytes_ from bytes: their methods */
		struct value *py = farr_item_py(ev, a->dt, farr_item0(a));
		struct value *r = py ? val_getattr(ev, py, name) : NULL;
		val_decref(py);
		return r;
	}
	return flex_method(ev, self, name);
}

static int fobj_truth(struct eval *ev, struct value *self)
{
	struct farr *a = self->u.obj.p;
	if (farr_size(a) != 1) {
		err_set(ev, TY_ValueError, "The truth value of an array with more than one element is ambiguous. "
			"Use a.any() or a.all()");
		return -1;
	}
	const char *p = farr_item(a, 0);
	for (int64_t i = 0; i < a->dt->itemsize; i++)
		if (p[i])
			return 1;
	return 0;
}

static int fobj_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	struct farr *a = self->u.obj.p;
	if (a->scalar && a->dt->kind != FK_V) {
		struct value *py = as_py(ev, self);
		int rc = py ? val_hash(ev, py, out) : -1;
		val_decref(py);
		return rc;
	}
	if (!a->scalar) {
		err_set(ev, TY_TypeError, "unhashable type: 'numpy.ndarray'");
		return -1;
	}
	uint64_t h = 1469598103934665603u;
	const unsigned char *p = (const unsigned char *)farr_item0(a);
	for (int64_t i = 0; i < a->dt->itemsize; i++)
		h = (h ^ p[i]) * 1099511628211u;
	*out = h;
	return 0;
}

const struct objtype flex_array_type = {
	.name = "numpy.ndarray",
	.free = fobj_free,
	.getattr = fobj_getattr,
	.repr = fobj_repr,
	.str = fobj_str,
	.attrs = fobj_attrs,
	.getitem = fobj_getitem,
	.setitem = fobj_setitem,
	.len = fobj_len,
	.iter = fobj_iter,
	.binop = fobj_binop,
	.truth = fobj_truth,
	.hash = fobj_hash,
};

struct farr *farr_borrow(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &flex_array_type ? v->u.obj.p : NULL;
}

struct value *farr_value(struct eval *ev, struct farr *a)
{
	if (!a)
		return NULL;
	struct value *v = val_object_new(&flex_array_type, a);
	if (!v)
		err_nomem(ev);
	return v;
}
