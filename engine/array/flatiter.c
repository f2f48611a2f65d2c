/*
 * flatiter.c — NumPy's iterators over an array's items in C order:
 * a.flat (numpy.flatiter: iteration, indexing, assignment with the values
 * repeated as NumPy repeats them, a.flat = x), np.ndindex,
 * np.ndenumerate and np.broadcast (tuples of the broadcast operands' items).  Items are read and written through the array's own
 * indexing, so host and device arrays are served alike.
 *
 * Owns the iterator objects (a reference to the array and a position).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

struct flatiter {
	struct value *arr;      /* the array (VT_NDARRAY), or NULL for ndindex;
				 * np.broadcast: a tuple of the broadcast views */
	int ndim;
	int64_t shape[ND_MAXDIM];
	int64_t size, pos;
	int kind;               /* FI_FLAT, FI_NDINDEX, FI_NDENUMERATE */
};

enum { FI_FLAT, FI_NDINDEX, FI_NDENUMERATE, FI_BROADCAST };

static const struct objtype flatiter_type, ndindex_type, ndenumerate_type, broadcast_type;
#define FI(v) ((struct flatiter *)(v)->u.obj.p)

static void fi_free(void *p)
{
	struct flatiter *f = p;
	val_decref(f->arr);
	free(f);
}

static struct value *fi_new(struct eval *ev, int kind, struct value *arr, int ndim, const int64_t *shape)
{
	static const struct objtype *const types[] = {&flatiter_type, &ndindex_type, &ndenumerate_type,
						      &broadcast_type};
	struct flatiter *f = calloc(1, sizeof *f);
	if (!f)
		return err_nomem(ev);
	f->kind = kind;
	f->arr = val_incref(arr);
	f->ndim = ndim;
	f->size = 1;
	for (int d = 0; d < ndim; d++) {
		f->shape[d] = shape[d];
		f->size *= shape[d];
	}
	struct value *v = val_object_new(types[kind], f);
	if (!v)
		fi_free(f);
	return v;
}

/* the index tuple of C-order position p */
static struct value *fi_coords(const struct flatiter *f, int64_t p)
{
	struct value *idx[ND_MAXDIM];
	for (int d = f->ndim - 1; d >= 0; d--) {
		idx[d] = val_int(f->shape[d] ? p % f->shape[d] : 0);
		if (f->shape[d])
			p /= f->shape[d];
	}
	return val_tuple_new((size_t)f->ndim, idx);
}

/* the item at position p as NumPy gives it (a NumPy scalar) */
static struct value *fi_item(struct eval *ev, const struct flatiter *f, int64_t p)
{
	struct value *key = fi_coords(f, p);
	if (!key)
		return NULL;
	struct value *r = val_getitem(ev, f->arr, key);
	val_decref(key);
	return r;
}

static struct value *fi_iter(struct eval *ev, struct value *self)
{
	(void)ev;
	return val_incref(self);
}

static struct value *fi_next(struct eval *ev, struct value *self)
{
	struct flatiter *f = FI(self);
	if (f->pos >= f->size)
		return NULL;
	int64_t p = f->pos++;
	if (f->kind == FI_FLAT)
		return fi_item(ev, f, p);
	struct value *c = fi_coords(f, p);
	if (!c || f->kind == FI_NDINDEX)
		return c;
	if (f->kind == FI_BROADCAST) {
		/* one item of each operand */
		size_t n = f->arr->u.seq.n;
		struct value *t = val_list_new(0, NULL);
		for (size_t i = 0; t && i < n; i++) {
			struct value *it = val_getitem(ev, f->arr->u.seq.items[i], c);
			if (!it || list_append(t, it) < 0) {
				val_decref(t);
				t = NULL;
			}
		}
		val_decref(c);
		if (!t)
			return NULL;
		struct value *tup = val_tuple_new(t->u.seq.n, t->u.seq.items);
		if (tup)
			t->u.seq.n = 0;
		val_decref(t);
		return tup;
	}
	struct value *pair[2] = {c, val_getitem(ev, f->arr, c)};
	if (!pair[1]) {
		val_decref(c);
		return NULL;
	}
	return val_tuple_new(2, pair);
}

static int64_t fi_len(struct eval *ev, struct value *self)
{
	(void)ev;
	return FI(self)->size;
}

/* a flat index given as an int (Python or NumPy integer): 1 and *out, or 0 */
static int flat_int_key(struct value *key, int64_t *out)
{
	if (key->type == VT_INT) {
		*out = key->u.i;
		return 1;
	}
	if (key->type == VT_SCALAR && dt_is_int(key->u.sc.dtype)) {
		struct npscalar s;
		arr_scalar_cast(&key->u.sc, DT_INT64, &s);
		*out = s.v.i;
		return 1;
	}
	return 0;
}

static int flat_check(struct eval *ev, const struct flatiter *f, int64_t *i)
{
	int64_t k = *i < 0 ? *i + f->size : *i;
	if (k < 0 || k >= f->size) {
		err_set(ev, TY_IndexError, "index %lld is out of bounds for size %lld", (long long)*i,
			(long long)f->size);
		return -1;
	}
	*i = k;
	return 0;
}

/* a copy of the items in C order (a 1-d array) */
static struct value *flat_copy(struct eval *ev, struct value *arr)
{
	return arr_method_call(ev, arr, "flatten", 0, NULL, NULL);
}

static struct value *fi_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct flatiter *f = FI(self);
	int64_t i;
	if (flat_int_key(key, &i))
		return flat_check(ev, f, &i) < 0 ? NULL : fi_item(ev, f, i);
	/* slices, index and mask arrays: a copy, as NumPy's flatiter gives */
	return ex_item(ev, flat_copy(ev, f->arr), val_incref(key));
}

/* a.flat[key] = x (key NULL: a.flat = x): the positions key selects get x's
 * items in turn, x repeated as often as needed (NumPy's flatiter) */
static int flat_assign(struct eval *ev, struct value *arr, struct value *key, struct value *x)
{
	const struct ndarray *a = arr_borrow(arr);
	const struct backend *be = nd_backend(a);
	struct value *flat = NULL, *pos = NULL, *vals = NULL, *shape = NULL, *t;
	int rc = -1;
	int64_t n;
	if (!(a->flags & ND_WRITEABLE)) {
		err_set(ev, TY_ValueError, "assignment destination is read-only");
		return -1;
	}
	/* the flat positions selected, as a 1-d index array */
	{
		struct value *sz = val_int(nd_size(a));
		struct value *all = sz ? arr_ns_call(ev, be, "arange", 1, &sz, NULL) : NULL;
		val_decref(sz);
		pos = key ? ex_item(ev, all, val_incref(key)) : all;
		pos = pos ? ex_fn1(ev, be, "ravel", pos) : NULL;
		if (!pos)
			goto done;
	}
	n = nd_size(arr_borrow(pos));
	if (n == 0) {
		rc = 0;
		goto done;
	}
	{
		struct value *dt = val_dtype(a->dtype, 0);
		vals = dt ? arr_ns_callk(ev, be, "asarray", 1, &x, "dtype", dt) : NULL;
		val_decref(dt);
		vals = vals ? ex_fn1(ev, be, "ravel", vals) : NULL;
		if (!vals)
			goto done;
		if (nd_size(arr_borrow(vals)) == 0) {
			rc = 0;
			goto done;
		}
		if (nd_size(arr_borrow(vals)) != n) {
			struct value *nv = val_int(n);
			struct value *two[2] = {vals, nv};
			t = nv ? arr_ns_call(ev, be, "resize", 2, two, NULL) : NULL;
			val_decref(nv);
			val_decref(vals);
			if (!(vals = t))
				goto done;
		}
	}
	if (!(flat = flat_copy(ev, arr)) || val_setitem(ev, flat, pos, vals) < 0)
		goto done;
	if (!(shape = val_getattr(ev, arr, "shape")))
		goto done;
	t = arr_method_call(ev, flat, "reshape", 1, &shape, NULL);
	if (!t)
		goto done;
	{
		struct value *ell = val_ellipsis();
		rc = val_setitem(ev, arr, ell, t);
		val_decref(ell);
	}
	val_decref(t);
done:
	val_decref(flat);
	val_decref(pos);
	val_decref(vals);
	val_decref(shape);
	return rc;
}

static int fi_setitem(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	struct flatiter *f = FI(self);
	int64_t i;
	if (!x) {
		err_set(ev, TY_TypeError, "'numpy.flatiter' object does not support item deletion");
		return -1;
	}
	if (flat_int_key(key, &i) && x->type != VT_LIST && x->type != VT_TUPLE && x->type != VT_NDARRAY) {
		if (flat_check(ev, f, &i) < 0)
			return -1;
		struct value *k = fi_coords(f, i);
		int rc = k ? val_setitem(ev, f->arr, k, x) : -1;
		val_decref(k);
		return rc;
	}
	return flat_assign(ev, f->arr, key, x);
}

static struct value *fi_copy(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	if (args_parse(ev, "copy", argc, argv, kw, "") < 0)
		return NULL;
	return flat_copy(ev, FI(bi->self)->arr);
}

static struct value *fi_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct flatiter *f = FI(self);
	if (f->kind != FI_FLAT)
		return NULL;
	if (!strcmp(name, "base"))
		return val_incref(f->arr);
	if (!strcmp(name, "index"))
		return val_int(f->pos);
	if (!strcmp(name, "coords"))
		return fi_coords(f, f->pos < f->size ? f->pos : f->size);
	if (!strcmp(name, "copy"))
		return val_builtin("copy", fi_copy, self, NULL);
	(void)ev;
	return NULL;
}

static struct value *bc_reset(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	if (args_parse(ev, "reset", argc, argv, kw, "") < 0)
		return NULL;
	FI(bi->self)->pos = 0;
	return val_none();
}

static struct value *bc_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct flatiter *f = FI(self);
	(void)ev;
	if (!strcmp(name, "shape")) {
		struct value *d[ND_MAXDIM];
		for (int i = 0; i < f->ndim; i++)
			d[i] = val_int(f->shape[i]);
		return val_tuple_new((size_t)f->ndim, d);
	}
	if (!strcmp(name, "nd") || !strcmp(name, "ndim"))
		return val_int(f->ndim);
	if (!strcmp(name, "size"))
		return val_int(f->size);
	if (!strcmp(name, "numiter"))
		return val_int((int64_t)f->arr->u.seq.n);
	if (!strcmp(name, "index"))
		return val_int(f->pos);
	if (!strcmp(name, "reset"))
		return val_builtin("reset", bc_reset, self, NULL);
	return NULL;
}

static char *fi_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(80);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 80, "<%s object at %p>", self->u.obj.t->name, (void *)self);
	return s;
}

static const char *const fi_attrs[] = {"base", "coords", "copy", "index", NULL};

static const struct objtype flatiter_type = {
	.name = "numpy.flatiter", .free = fi_free, .getattr = fi_getattr, .repr = fi_repr,
	.attrs = fi_attrs, .getitem = fi_getitem, .setitem = fi_setitem, .len = fi_len,
	.iter = fi_iter, .next = fi_next,
};

static const struct objtype ndindex_type = {
	.name = "numpy.ndindex", .free = fi_free, .repr = fi_repr, .iter = fi_iter, .next = fi_next,
};

static const char *const bc_attrs[] = {"index", "nd", "ndim", "numiter", "reset", "shape", "size", NULL};

static const struct objtype broadcast_type = {
	.name = "numpy.broadcast", .free = fi_free, .getattr = bc_getattr, .repr = fi_repr,
	.attrs = bc_attrs, .iter = fi_iter, .next = fi_next,
};

static const struct objtype ndenumerate_type = {
	.name = "numpy.ndenumerate", .free = fi_free, .repr = fi_repr, .iter = fi_iter, .next = fi_next,
};

struct value *arr_flat_get(struct eval *ev, struct value *arr)
{
	const struct ndarray *a = arr_borrow(arr);
	return fi_new(ev, FI_FLAT, arr, a->ndim, a->shape);
}

int arr_flat_set(struct eval *ev, struct value *arr, struct value *x)
{
	return flat_assign(ev, arr, NULL, x);
}

/* np.ndindex(*shape) or np.ndindex(shape) */
static struct value *fn_ndindex(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	int nd = 0;
	int64_t shape[ND_MAXDIM];
	(void)bi;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "ndindex() got an unexpected keyword argument '%s'", kw->names[0]);
	if (argc == 1 && (argv[0]->type == VT_TUPLE || argv[0]->type == VT_LIST)) {
		if (arr_parse_shape(ev, argv[0], &nd, shape) < 0)
			return NULL;
	} else {
		struct value *t = val_list_new(0, NULL);
		if (!t)
			return NULL;
		for (int i = 0; i < argc; i++)
			if (list_append(t, val_incref(argv[i])) < 0) {
				val_decref(t);
				return NULL;
			}
		int rc = arr_parse_shape(ev, t, &nd, shape);
		val_decref(t);
		if (rc < 0)
			return NULL;
	}
	return fi_new(ev, FI_NDINDEX, NULL, nd, shape);
}

/* np.ndenumerate(arr): (index, item) pairs in C order */
static struct value *fn_ndenumerate(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *x, *a, *r;
	if (args_parse(ev, "ndenumerate", argc, argv, kw, "arr", &x) < 0)
		return NULL;
	if (!(a = arr_ns_call(ev, arr_be(bi), "asarray", 1, &x, NULL)))
		return NULL;
	r = fi_new(ev, FI_NDENUMERATE, a, arr_borrow(a)->ndim, arr_borrow(a)->shape);
	val_decref(a);
	return r;
}

/* NumPy's multi-iterator check, with its message naming the two operands
 * that disagree: 0, or -1 with the error set */
static int bc_check(struct eval *ev, const struct backend *be, int argc, struct value **argv)
{
	int64_t shape[ND_MAXDIM];
	int owner[ND_MAXDIM], nd = 0, rc = 0;
	for (int i = 0; i < argc && rc == 0; i++) {
		struct ndarray *a = arr_asarray(ev, be, argv[i], -1);
		if (!a)
			return -1;
		if (a->ndim > nd) {
			int sh = a->ndim - nd;
			memmove(shape + sh, shape, sizeof(int64_t) * (size_t)nd);
			memmove(owner + sh, owner, sizeof(int) * (size_t)nd);
			for (int d = 0; d < sh; d++) {
				shape[d] = 1;
				owner[d] = -1;
			}
			nd = a->ndim;
		}
		for (int d = 0; d < a->ndim; d++) {
			int o = nd - a->ndim + d;
			int64_t n = a->shape[d];
			if (n == 1 || n == shape[o])
				continue;
			if (shape[o] == 1) {
				shape[o] = n;
				owner[o] = i;
				continue;
			}
			struct ndarray *b = arr_asarray(ev, be, argv[owner[o]], -1);
			char sa[256], sb[256];
			if (!b) {
				rc = -1;
				break;
			}
			arr_format_shape(sa, sizeof sa, b->ndim, b->shape);
			arr_format_shape(sb, sizeof sb, a->ndim, a->shape);
			err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  "
				"Mismatch is between arg %d with shape %s and arg %d with shape %s.", owner[o], sa, i, sb);
			nd_decref(b);
			rc = -1;
			break;
		}
		nd_decref(a);
	}
	return rc;
}

/* np.broadcast(*args): the broadcast operands, iterated item tuple by tuple */
static struct value *fn_broadcast(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "broadcast() takes no keyword arguments");
	if (argc > 64)
		return err_set(ev, TY_ValueError, "Need at most 64 array objects.");
	if (bc_check(ev, arr_be(bi), argc, argv) < 0)
		return NULL;
	struct value *views = argc ? arr_ns_call(ev, arr_be(bi), "broadcast_arrays", argc, argv, NULL)
				   : val_tuple_new(0, NULL);
	if (!views)
		return NULL;
	struct value *items = val_iter_list(ev, views);
	val_decref(views);
	if (!items)
		return NULL;
	struct value *t = val_tuple_new(items->u.seq.n, items->u.seq.items);
	if (t)
		items->u.seq.n = 0;
	val_decref(items);
	if (!t)
		return NULL;
	const struct ndarray *a0 = t->u.seq.n ? arr_borrow(t->u.seq.items[0]) : NULL;
	struct value *r = fi_new(ev, FI_BROADCAST, t, a0 ? a0->ndim : 0, a0 ? a0->shape : NULL);
	val_decref(t);
	return r;
}

const struct arr_func arr_flatiter_funcs[] = {
	{"broadcast", fn_broadcast, "broadcast(*args)", "Produce an object that mimics broadcasting."},
	{"ndindex", fn_ndindex, "ndindex(*shape)", "An N-dimensional iterator object to index arrays."},
	{"ndenumerate", fn_ndenumerate, "ndenumerate(arr)", "Multidimensional index iterator."},
	{NULL, NULL, NULL, NULL}
};
