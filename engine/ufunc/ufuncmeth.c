/*
 * ufuncmeth.c — the ufunc objects' methods and attributes: np.add.reduce,
 * .accumulate, .outer, .at, and nin / nout / nargs / identity, for every
 * binary ufunc of the table (arithmetic, comparison, logical, bitwise) on both
 * namespaces.
 *
 * Reductions and scans that NumPy's own sum/prod/max/min/all/any and
 * cumsum/cumprod already do are forwarded to them (reduce.c), with the
 * ufunc's defaults (axis=0); every other ufunc is folded along the axis one
 * slice at a time through uf_apply, which is NumPy's order of operations
 * (left to right) and its type rules.  Works above the backend; owns nothing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/ufuncmeth.h"

/* ---- helpers ---- */

static int ufunc_of(const struct builtin *bi)
{
	return uf_lookup(bi->self->u.bi.name);
}

static const struct backend *be_of(const struct builtin *bi)
{
	return arr_be(&bi->self->u.bi);
}

/* Calls the numpy/cupy function `name` of table t with these arguments. */
static struct value *call_table(struct eval *ev, const struct backend *be, const struct arr_func *t,
				const char *name, int argc, struct value **argv, const struct kwargs *kw)
{
	for (; t->name; t++)
		if (!strcmp(t->name, name)) {
			struct builtin b = { t->name, t->fn, NULL, NULL, (void *)be };
			return t->fn(ev, &b, argc, argv, kw);
		}
	return err_set(ev, TY_NotImplementedError, "%s is not available", name);
}

/* The view a[k] along axis 0 (new reference). */
static struct ndarray *row(struct eval *ev, const struct ndarray *a, int64_t k)
{
	return nd_view(ev, a, a->dtype, a->ndim - 1, a->shape + 1, a->strides + 1,
		       a->offset + k * a->strides[0]);
}

/* a with axis ax moved to the front (a view). */
static struct ndarray *axis_first(struct eval *ev, const struct ndarray *a, int ax)
{
	int perm[ND_MAXDIM], k = 0;
	perm[k++] = ax;
	for (int i = 0; i < a->ndim; i++)
		if (i != ax)
			perm[k++] = i;
	return arr_transpose(ev, a, perm);
}

/* The dtype NumPy's loop for (dt, dt) computes in, or -1 with the error set. */
static int loop_dtype(struct eval *ev, int uf, int dt, int *in_dt)
{
	struct uf_operand ops[2] = { { dt, 0, 0 }, { dt, 0, 0 } };
	int dts[2];
	int l = uf_resolve(ev, uf, 2, ops, dts);
	if (l < 0)
		return -1;
	*in_dt = dts[0];
	return uf_loop_out(&ufunc_table[uf].loops[l]);
}

/* Applies binary ufunc uf to x and y into out (NULL: a new array). */
static struct ndarray *apply2(struct eval *ev, const struct backend *be, int uf,
			      struct ndarray *x, struct ndarray *y, struct ndarray *out)
{
	struct value *in[2] = { arr_wrap(ev, nd_incref(x)), arr_wrap(ev, nd_incref(y)) };
	struct ndarray *r = in[0] && in[1] ? uf_apply_arrays(ev, be, uf, 2, in, out) : NULL;
	val_decref(in[0]);
	val_decref(in[1]);
	return r;
}

/* Writes r into out (an array value; casts as NumPy's out= does) */
static struct value *into_out(struct eval *ev, struct ndarray *r, struct value *out)
{
	struct ndarray *o;
	if (!out || out->type == VT_NONE)
		return arr_result(ev, r);
	if (out->type == VT_TUPLE && out->u.seq.n == 1)
		out = out->u.seq.items[0];
	o = arr_borrow(out);
	if (!o) {
		nd_decref(r);
		return err_set(ev, TY_TypeError, "output must be an array");
	}
	if (o->ndim != r->ndim || memcmp(o->shape, r->shape, sizeof(int64_t) * (size_t)r->ndim)) {
		char a[256], b[256];
		arr_format_shape_compact(a, sizeof a, o->ndim, o->shape);
		arr_format_shape_compact(b, sizeof b, r->ndim, r->shape);
		nd_decref(r);
		return err_set(ev, TY_ValueError, "output parameter for reduction operation has the wrong shape: "
			       "expected %s, got %s", b, a);
	}
	int rc = nd_backend(o)->copy(ev, o, r);
	nd_decref(r);
	return rc < 0 ? NULL : val_incref(out);
}

/* out= of reduce / accumulate: a 1-tuple stands for its array; an array
 * that is not writeable is refused before anything is computed (NumPy's
 * order: before out's shape is checked).  0, or -1 with the error set. */
static int method_out(struct eval *ev, struct value **out)
{
	struct ndarray *o;
	if (!*out || (*out)->type == VT_NONE)
		return 0;
	if ((*out)->type == VT_TUPLE && (*out)->u.seq.n == 1)
		*out = (*out)->u.seq.items[0];
	o = arr_borrow(*out);
	if (o && !(o->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "output array is read-only"), -1;
	return 0;
}

/* kwargs with axis set (the ufunc methods' default is 0, the functions' None) */
struct kwbuf {
	struct kwargs kw;
	const char *names[8];
	struct value *vals[8];
};

static void kw_add(struct kwbuf *k, const char *name, struct value *v)
{
	if (v && k->kw.n < 8) {
		k->names[k->kw.n] = name;
		k->vals[k->kw.n] = v;
		k->kw.n++;
	}
}

/* ---- reduce ---- */

/* The fold of a (axis ax first) from its first row, or from init (may be NULL) */
static struct ndarray *fold(struct eval *ev, const struct backend *be, int uf, struct ndarray *t,
			    struct ndarray *init)
{
	struct ndarray *acc = init ? nd_incref(init) : row(ev, t, 0);
	for (int64_t k = init ? 0 : 1; acc && k < t->shape[0]; k++) {
		struct ndarray *x = row(ev, t, k);
		struct ndarray *r = x ? apply2(ev, be, uf, acc, x, NULL) : NULL;
		nd_decref(x);
		nd_decref(acc);
		acc = r;
		if (acc && ev_check_interrupt(ev)) {
			nd_decref(acc);
			return NULL;
		}
	}
	return acc;
}

/* ufunc.identity of uf as a Python value (None when it has none): the one
 * place enum uf_identity becomes a number.  New reference, NULL on
 * out-of-memory. */
static struct value *identity_value(int uf)
{
	switch (ufunc_table[uf].identity) {
	case UI_ZERO: return val_int(0);
	case UI_ONE: return val_int(1);
	case UI_MINUSONE: return val_int(-1);
	case UI_NEGINF: return val_float(-INFINITY);
	case UI_TRUE: return val_bool(1);
	case UI_FALSE: return val_bool(0);
	default: return val_none();
	}
}

/* The identity of ufunc uf as a 0-d array of dtype dt, or NULL without error when none. */
static struct ndarray *identity_of(struct eval *ev, const struct backend *be, int uf, int dt)
{
	struct value *v = identity_value(uf);
	struct ndarray *r;
	if (!v)
		return err_nomem(ev);
	r = v->type != VT_NONE ? arr_asarray(ev, be, v, dt) : NULL;
	val_decref(v);
	return r;
}

/* generic reduce of a over one axis ax */
static struct ndarray *reduce_axis(struct eval *ev, const struct backend *be, int uf,
				   struct ndarray *a, int ax, struct value *initial)
{
	struct ndarray *t = axis_first(ev, a, ax), *init = NULL, *r = NULL;
	if (!t)
		return NULL;
	if (initial) {
		init = arr_asarray(ev, be, initial, -1);
		if (!init)
			goto out;
	}
	if (t->shape[0] == 0 && !init) {
		init = identity_of(ev, be, uf, a->dtype);
		if (!init) {
			if (!err_occurred(ev))
				err_set(ev, TY_ValueError, "zero-size array to reduction operation %s which has no identity",
					ufunc_table[uf].name);
			goto out;
		}
	}
	if (init && t->ndim > 1) {
		/* the start value takes the shape of a row */
		struct ndarray *b = arr_broadcast_to(ev, init, t->ndim - 1, t->shape + 1);
		nd_decref(init);
		init = b ? arr_contiguous(ev, b) : NULL;
		nd_decref(b);
		if (!init)
			goto out;
	}
	r = fold(ev, be, uf, t, init);
	if (r && r->dtype != a->dtype && t->shape[0] == 0) {
		struct ndarray *c = arr_astype(ev, r, a->dtype);
		nd_decref(r);
		r = c;
	}
out:
	nd_decref(init);
	nd_decref(t);
	return r;
}

static const struct { const char *uf, *red, *scan; int has_dtype; } native[] = {
	{"add", "sum", "cumsum", 1}, {"multiply", "prod", "cumprod", 1},
	{"maximum", "max", NULL, 0}, {"minimum", "min", NULL, 0},
	{"logical_and", "all", NULL, 0}, {"logical_or", "any", NULL, 0},
};

static int native_row(const char *name)
{
	for (int i = 0; i < (int)(sizeof native / sizeof native[0]); i++)
		if (!strcmp(native[i].uf, name))
			return i;
	return -1;
}


/* ufunc.reduce(where=) of a ufunc with no reduction of its own: one pass
 * over the items where the mask holds (the backend's reduce_masked by the
 * ufunc's loop), from initial or the ufunc's identity.  Steals a. */
static struct value *reduce_where(struct eval *ev, int uf, struct ndarray *a, uint64_t axes,
				  int keep, struct value *initial, struct value *where, struct value *outv)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *m = NULL, *o = NULL, *init = NULL, *r = NULL;
	int64_t sh[ND_MAXDIM];
	if (arr_where_mask(ev, where, a, 0, &m, NULL, NULL) < 0)
		goto done;
	if (!strncmp(ufunc_table[uf].name, "logical_", 8) && a->dtype != DT_BOOL) {
		/* the logical loops are bool -> bool */
		struct ndarray *b = arr_astype(ev, a, DT_BOOL);
		nd_decref(a);
		if (!(a = b))
			goto done;
	}
	if (initial && initial->type != VT_NONE)
		init = arr_asarray(ev, be, initial, a->dtype);
	else if (!(init = identity_of(ev, be, uf, a->dtype)) && !err_occurred(ev))
		err_set(ev, TY_ValueError, "reduction operation '%s' does not have an identity, so to use a where mask one has to specify 'initial'",
			ufunc_table[uf].name);
	if (!init)
		goto done;
	for (int i = 0; i < a->ndim; i++)
		sh[i] = axes >> i & 1 ? 1 : a->shape[i];
	r = arr_broadcast_to(ev, init, a->ndim, sh);
	o = r ? arr_contiguous(ev, r) : NULL;
	nd_decref(r);
	r = NULL;
	if (!o || be->reduce_masked(ev, a, m, RED_SUM, ufunc_table[uf].name, o) < 0)
		goto done;
	if (!keep) {
		int nd = 0;
		for (int i = 0; i < a->ndim; i++)
			if (!(axes >> i & 1))
				sh[nd++] = a->shape[i];
		r = arr_reshape(ev, o, nd, sh);
	} else {
		r = nd_incref(o);
	}
done:
	nd_decref(a);
	nd_decref(m);
	nd_decref(o);
	nd_decref(init);
	return r ? into_out(ev, r, outv) : NULL;
}

/* ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=<no value>, where=True) */
static struct value *m_reduce(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	int uf = ufunc_of(bi), ndim, dt = -1, keep = 0, nat;
	const struct backend *be = be_of(bi);
	struct value *av, *axis = NULL, *dtv = NULL, *out = NULL, *keepv = NULL, *initial = NULL, *where = NULL;
	struct ndarray *a, *r;
	uint64_t mask;
	if (args_parse(ev, "reduce", argc, argv, kw, "array|axis,dtype,out,keepdims,initial,where",
		       &av, &axis, &dtv, &out, &keepv, &initial, &where) < 0 || method_out(ev, &out) < 0)
		return NULL;
	if (ufunc_table[uf].nin != 2)
		return err_set(ev, TY_ValueError, "reduce only supported for binary functions");
	nat = native_row(ufunc_table[uf].name);
	if (nat >= 0 && (native[nat].has_dtype || !dtv || dtv->type == VT_NONE) &&
	    (nat < 4 || !initial)) {
		struct kwbuf k = { { 0, k.names, k.vals }, {0}, {0} };
		struct value *zero = axis ? NULL : val_int(0), *res;
		kw_add(&k, "axis", axis ? axis : zero);
		if (native[nat].has_dtype)
			kw_add(&k, "dtype", dtv);
		kw_add(&k, "out", out);
		kw_add(&k, "keepdims", keepv);
		kw_add(&k, "initial", initial);
		kw_add(&k, "where", where);
		res = call_table(ev, be, arr_reduce_funcs, native[nat].red, 1, &av, &k.kw);
		val_decref(zero);
		return res;
	}
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (args_bool(ev, keepv, 0, &keep) < 0)
		return NULL;
	a = arr_asarray(ev, be, av, dt);
	if (!a)
		return NULL;
	ndim = a->ndim;
	if (axis && axis->type == VT_NONE) {
		mask = ndim >= 64 ? ~0ull : (1ull << ndim) - 1;
	} else if (arr_parse_axes(ev, axis ? axis : NULL, ndim, &mask) < 0) {
		nd_decref(a);
		return NULL;
	}
	if (!axis)
		mask = ndim ? 1 : 0;
	if (ndim == 0 && axis && axis->type != VT_NONE && axis->type != VT_TUPLE) {
		nd_decref(a);
		return err_set(ev, TY_AxisError, "axis 0 is out of bounds for array of dimension 0");
	}
	if (__builtin_popcountll(mask) > 1 && ufunc_table[uf].identity == UI_NONE) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "reduction operation '%s' is not reorderable, so at most one axis may be specified",
			       ufunc_table[uf].name);
	}
	{
		/* compute in the loop's dtype, as NumPy casts the input for the loop */
		int in_dt, o = loop_dtype(ev, uf, a->dtype, &in_dt);
		struct ndarray *c;
		if (o < 0) {
			nd_decref(a);
			return NULL;
		}
		c = in_dt != a->dtype ? arr_astype(ev, a, in_dt) : nd_incref(a);
		nd_decref(a);
		a = c;
		if (!a)
			return NULL;
	}
	if (where && !(where->type == VT_BOOL && where->u.i))
		return reduce_where(ev, uf, a, mask, keep, initial, where, out);
	r = nd_incref(a);
	/* axes from the last, so the others keep their numbers */
	for (int ax = ndim - 1; r && ax >= 0; ax--) {
		if (!(mask >> ax & 1))
			continue;
		struct ndarray *n = reduce_axis(ev, be, uf, r, ax, initial);
		nd_decref(r);
		r = n;
		initial = NULL;   /* the start value enters once */
	}
	nd_decref(a);
	if (!r)
		return NULL;
	if (keep) {
		int64_t sh[ND_MAXDIM];
		for (int i = 0, k = 0; i < ndim; i++)
			sh[i] = mask >> i & 1 ? 1 : r->shape[k++];
		struct ndarray *k2 = arr_reshape(ev, r, ndim, sh);
		nd_decref(r);
		r = k2;
		if (!r)
			return NULL;
	}
	return into_out(ev, r, out);
}

/* ---- accumulate ---- */

/* ufunc.accumulate(array, axis=0, dtype=None, out=None) */
static struct value *m_accumulate(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	int uf = ufunc_of(bi), dt = -1, ax, nat, in_dt, odt;
	int64_t ax64;
	const struct backend *be = be_of(bi);
	struct value *av, *axis = NULL, *dtv = NULL, *out = NULL;
	struct ndarray *a, *t = NULL, *r = NULL, *rt = NULL;
	if (args_parse(ev, "accumulate", argc, argv, kw, "array|axis,dtype,out", &av, &axis, &dtv, &out) < 0 ||
	    method_out(ev, &out) < 0)
		return NULL;
	if (ufunc_table[uf].nin != 2)
		return err_set(ev, TY_ValueError, "accumulate only supported for binary functions");
	if (axis && axis->type == VT_NONE)
		return err_set(ev, TY_TypeError, "'NoneType' object cannot be interpreted as an integer");
	nat = native_row(ufunc_table[uf].name);
	if (nat >= 0 && native[nat].scan) {
		struct kwbuf k = { { 0, k.names, k.vals }, {0}, {0} };
		struct value *zero = axis ? NULL : val_int(0), *res;
		kw_add(&k, "axis", axis ? axis : zero);
		kw_add(&k, "dtype", dtv);
		kw_add(&k, "out", out);
		a = arr_asarray(ev, be, av, -1);
		if (!a) {
			val_decref(zero);
			return NULL;
		}
		if (a->ndim == 0) {
			nd_decref(a);
			val_decref(zero);
			return err_set(ev, TY_TypeError, "cannot accumulate on a scalar");
		}
		nd_decref(a);
		res = call_table(ev, be, arr_reduce_funcs, native[nat].scan, 1, &av, &k.kw);
		val_decref(zero);
		return res;
	}
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (args_int(ev, axis, 0, &ax64) < 0)
		return NULL;
	a = arr_asarray(ev, be, av, dt);
	if (!a)
		return NULL;
	if (a->ndim == 0) {
		nd_decref(a);
		return err_set(ev, TY_TypeError, "cannot accumulate on a scalar");
	}
	if (arr_normalize_axis(ev, ax64, a->ndim, &ax) < 0 || (odt = loop_dtype(ev, uf, a->dtype, &in_dt)) < 0) {
		nd_decref(a);
		return NULL;
	}
	/* r starts as a copy of the input in the output dtype; row k = row k-1 op a[k] */
	r = arr_astype(ev, a, odt);
	if (r && r->buf == a->buf) {
		struct ndarray *c = arr_contiguous(ev, r);
		nd_decref(r);
		r = c;
	}
	if (r && r->buf == a->buf) {   /* arr_contiguous kept the buffer: copy for real */
		struct ndarray *c = nd_new(ev, be, odt, a->ndim, a->shape);
		if (c && nd_backend(c)->copy(ev, c, a) < 0) {
			nd_decref(c);
			c = NULL;
		}
		nd_decref(r);
		r = c;
	}
	t = r ? axis_first(ev, a, ax) : NULL;
	rt = t ? axis_first(ev, r, ax) : NULL;
	for (int64_t k = 1; rt && k < rt->shape[0]; k++) {
		struct ndarray *prev = row(ev, rt, k - 1), *x = row(ev, t, k), *dst = row(ev, rt, k);
		struct ndarray *w = prev && x && dst ? apply2(ev, be, uf, prev, x, dst) : NULL;
		nd_decref(prev);
		nd_decref(x);
		nd_decref(dst);
		if (!w) {
			nd_decref(r);
			r = NULL;
			break;
		}
		nd_decref(w);
	}
	nd_decref(rt);
	nd_decref(t);
	nd_decref(a);
	if (!r)
		return NULL;
	if (out && out->type != VT_NONE) {
		struct ndarray *o = arr_borrow(out->type == VT_TUPLE && out->u.seq.n == 1 ? out->u.seq.items[0] : out);
		if (o && (o->ndim != r->ndim || memcmp(o->shape, r->shape, sizeof(int64_t) * (size_t)r->ndim))) {
			nd_decref(r);
			return err_set(ev, TY_ValueError, "non-broadcastable output operand");
		}
	}
	return out && out->type != VT_NONE ? into_out(ev, r, out) : arr_wrap(ev, r);
}

/* ---- outer ---- */

/* ufunc.outer(A, B, /, out=None, dtype=None): op(A[..., None, ...], B) */
static struct value *m_outer(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	int uf = ufunc_of(bi);
	const struct backend *be = be_of(bi);
	struct value *av, *bv, *out = NULL, *in[2], *r;
	struct ndarray *a, *b, *ar;
	int64_t sh[ND_MAXDIM];
	if (ufunc_table[uf].nin != 2)
		return err_set(ev, TY_ValueError, "outer product only supported for binary functions");
	if (args_parse(ev, "outer", argc, argv, kw, "A,B|$out", &av, &bv, &out) < 0)
		return NULL;
	if (ufunc_table[uf].nin != 2)
		return err_set(ev, TY_ValueError, "outer product only supported for binary functions");
	a = arr_asarray(ev, be, av, -1);
	b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b) {
		nd_decref(a);
		return NULL;
	}
	if (a->ndim + b->ndim > ND_MAXDIM) {
		nd_decref(a);
		nd_decref(b);
		return err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %d",
			       ND_MAXDIM, a->ndim + b->ndim);
	}
	memcpy(sh, a->shape, sizeof(int64_t) * (size_t)a->ndim);
	for (int i = 0; i < b->ndim; i++)
		sh[a->ndim + i] = 1;
	ar = arr_reshape(ev, a, a->ndim + b->ndim, sh);
	nd_decref(a);
	in[0] = arr_wrap(ev, ar);
	in[1] = in[0] ? arr_wrap(ev, b) : (nd_decref(b), NULL);
	r = in[1] ? uf_apply(ev, be, uf, 2, in, out && out->type != VT_NONE ? out : NULL) : NULL;
	val_decref(in[0]);
	val_decref(in[1]);
	return r;
}

/* ---- at ---- */

/* ufunc.at(a, indices, b=None, /): unbuffered in place, repeated indices
 * applied once each, in order.  indices: an integer, a slice or an integer
 * array (along the first axis). */
static struct value *m_at(struct eval *ev, const struct builtin *bi, int argc,
			  struct value **argv, const struct kwargs *kw)
{
	int uf = ufunc_of(bi), nin = ufunc_table[uf].nin;
	const struct backend *be = be_of(bi);
	struct value *av, *iv, *bv = NULL;
	struct ndarray *a, *idx = NULL, *b = NULL, *bb = NULL;
	int rc = -1;
	if (args_parse(ev, "at", argc, argv, kw, "a,indices|b", &av, &iv, &bv) < 0)
		return NULL;
	a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_TypeError, "first operand must be an array");
	if (nin == 2 && !bv)
		return err_set(ev, TY_ValueError, "second operand needed for ufunc");
	if (nin == 1 && bv)
		return err_set(ev, TY_ValueError, "second operand provided when ufunc is unary");
	if (a->ndim == 0)
		return err_set(ev, TY_IndexError, "too many indices for array: array is 0-dimensional, but 1 were indexed");
	if (iv->type == VT_SLICE || iv->type == VT_TUPLE) {
		/* no repeats possible in a slice: a[i] = op(a[i], b) at once */
		struct value *cur = val_getitem(ev, av, iv), *in[2] = { cur, bv };
		struct value *r = cur ? uf_apply(ev, be, uf, nin, in, NULL) : NULL;
		rc = r ? val_setitem(ev, av, iv, r) : -1;
		val_decref(r);
		val_decref(cur);
		return rc < 0 ? NULL : val_none();
	}
	/* the indices are read on the host: a device array is copied there */
	idx = iv->type == VT_NDARRAY ? arr_to_host(ev, iv->u.arr) : arr_asarray(ev, &backend_host, iv, -1);
	if (!idx)
		return NULL;
	if (!dt_is_int(idx->dtype)) {
		nd_decref(idx);
		return err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
	}
	{
		/* flat list of first-axis indices; b broadcast to idx.shape + a.shape[1:] */
		int64_t n = nd_size(idx), sh[ND_MAXDIM];
		struct ndarray *flat = arr_astype(ev, idx, DT_INT64), *fc;
		fc = flat ? arr_contiguous(ev, flat) : NULL;
		nd_decref(flat);
		if (!fc)
			goto out;
		if (idx->ndim + a->ndim - 1 > ND_MAXDIM) {
			nd_decref(fc);
			err_set(ev, TY_IndexError, "too many indices");
			goto out;
		}
		if (bv) {
			b = arr_asarray(ev, be, bv, -1);
			memcpy(sh, idx->shape, sizeof(int64_t) * (size_t)idx->ndim);
			memcpy(sh + idx->ndim, a->shape + 1, sizeof(int64_t) * (size_t)(a->ndim - 1));
			struct ndarray *bt = b ? arr_broadcast_to(ev, b, idx->ndim + a->ndim - 1, sh) : NULL;
			sh[0] = n;
			memcpy(sh + 1, a->shape + 1, sizeof(int64_t) * (size_t)(a->ndim - 1));
			bb = bt ? arr_reshape(ev, bt, a->ndim, sh) : NULL;
			nd_decref(bt);
			if (!bb) {
				nd_decref(fc);
				goto out;
			}
		}
		const int64_t *ix = (const int64_t *)nd_data(fc);
		rc = 0;
		for (int64_t k = 0; k < n && rc == 0; k++) {
			int64_t i = ix[k];
			if (i < -a->shape[0] || i >= a->shape[0]) {
				err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
					(long long)i, (long long)a->shape[0]);
				rc = -1;
				break;
			}
			if (i < 0)
				i += a->shape[0];
			struct ndarray *dst = row(ev, a, i), *x = bb ? row(ev, bb, k) : NULL, *w;
			struct value *in[2] = { dst ? arr_wrap(ev, nd_incref(dst)) : NULL, x ? arr_wrap(ev, nd_incref(x)) : NULL };
			/* NumPy's at() casts the result back unsafely */
			w = in[0] && (nin == 1 || in[1]) ? uf_apply_arrays(ev, be, uf, nin, in, NULL) : NULL;
			rc = w && nd_backend(dst)->copy(ev, dst, w) == 0 ? 0 : -1;
			nd_decref(w);
			val_decref(in[0]);
			val_decref(in[1]);
			nd_decref(dst);
			nd_decref(x);
		}
		nd_decref(fc);
	}
out:
	nd_decref(idx);
	nd_decref(b);
	nd_decref(bb);
	return rc < 0 ? NULL : val_none();
}

/* ---- attributes ---- */

int ufm_is_ufunc(const struct value *v)
{
	return v && v->type == VT_BUILTIN && !v->u.bi.self && arr_ufunc_is_builtin(&v->u.bi) &&
	       uf_lookup(v->u.bi.name) >= 0;
}

char *ufm_repr(const struct value *v)
{
	char buf[96];
	/* cp's ufuncs print as np's, under the name their __name__ gives
	 * (CuPy's own repr is <ufunc 'cupy_absolute'>) */
	if (!ufm_is_ufunc(v))
		return NULL;
	const char *name = ufunc_table[uf_lookup(v->u.bi.name)].name;
	if (!strcmp(name, "true_divide"))
		name = "divide";   /* NumPy 2: np.true_divide is np.divide */
	snprintf(buf, sizeof buf, "<ufunc '%s'>", name);
	return strdup(buf);
}

struct value *ufm_getattr(struct eval *ev, struct value *v, const char *name)
{
	static const struct { const char *name; builtin_fn fn; } meths[] = {
		{"reduce", m_reduce}, {"accumulate", m_accumulate}, {"outer", m_outer}, {"at", m_at},
	};
	int uf = uf_lookup(v->u.bi.name);
	const struct ufunc *u = &ufunc_table[uf];
	for (size_t i = 0; i < sizeof meths / sizeof meths[0]; i++)
		if (!strcmp(name, meths[i].name))
			return val_builtin(meths[i].name, meths[i].fn, v, NULL);
	if (!strcmp(name, "nin"))
		return val_int(u->nin);
	if (!strcmp(name, "nout"))
		return val_int(u->nout);
	if (!strcmp(name, "nargs"))
		return val_int(u->nin + u->nout);
	if (!strcmp(name, "ntypes"))
		return val_int(u->nloops);
	if (!strcmp(name, "identity")) {
		struct value *id = identity_value(uf);
		return id ? id : err_nomem(ev);
	}
	if (!strcmp(name, "__name__"))
		return val_cstr(u->name);
	return err_set(ev, TY_AttributeError, "'numpy.ufunc' object has no attribute '%s'", name);
}
