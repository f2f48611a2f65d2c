/*
 * indexfn.c — the index functions of the namespaces: take put choose where
 * (three-argument select and one-argument nonzero) compress extract select,
 * and take_along_axis put_along_axis ix_ (their fancy keys built as NumPy's
 * Python does, then indexed by the evaluator's getitem / setitem); the
 * flat <-> multi-index conversions unravel_index ravel_multi_index indices.
 * Publishes arr_index_funcs.
 *
 * Owns no state.  Gathers go through idx_take_axis (index.c); the element
 * loops run on host memory, device operands are staged through host copies
 * (np.where(c, x, y) on the host walks broadcast views, copying nothing).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/shape.h"
#include "lib/devsearch.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"

static int64_t m1 = -1;

static struct ndarray *in_arr(struct eval *ev, const struct builtin *bi, struct value *v)
{
	return arr_asarray(ev, arr_be(bi), v, -1);
}

/* Indices as a private C-contiguous int64 host array that fix_indices may
 * rewrite (never the caller's own array). */
static struct ndarray *own_indices(struct eval *ev, const struct ndarray *i0, int64_t n);


static struct ndarray *own_indices(struct eval *ev, const struct ndarray *i0, int64_t n)
{
	struct ndarray *c = arr_host_c(ev, i0, DT_INT64), *p;
	int rewrite = 0;
	if (!c || c->buf != i0->buf)
		return c;
	/* the caller's own array: copied only when some index gets rewritten */
	const int64_t *v = (const int64_t *)nd_data(c);
	for (int64_t i = 0, k = nd_size(c); i < k; i++)
		rewrite |= v[i] < 0 || v[i] >= n;
	if (!rewrite)
		return c;
	p = shp_copy(ev, c);
	nd_decref(c);
	return p;
}

/* Normalises indices for size n with mode raise / wrap / clip. */
static int fix_indices(struct eval *ev, int64_t *p, int64_t k, int64_t n, const char *mode, int axis)
{
	int wrap = !strcmp(mode, "wrap"), clip = !strcmp(mode, "clip");
	if (n == 0 && k > 0)
		goto empty;
	if (wrap) {
		for (int64_t i = 0; i < k; i++)
			p[i] = ((p[i] % n) + n) % n;
		return 0;
	}
	if (clip) {
		for (int64_t i = 0; i < k; i++)
			p[i] = p[i] < 0 ? 0 : p[i] >= n ? n - 1 : p[i];
		return 0;
	}
	for (int64_t i = 0; i < k; i++) {
		int64_t v = p[i];
		if (v < -n || v >= n) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)v, axis, (long long)n);
			return -1;
		}
		p[i] = v < 0 ? v + n : v;
	}
	return 0;
empty:
	err_set(ev, TY_IndexError, "cannot do a non-empty take from an empty axes.");
	return -1;
}

static int mode_arg(struct eval *ev, struct value *v, const char **mode)
{
	*mode = "raise";
	if (!v || v->type == VT_NONE)
		return 0;
	const char *s = val_as_cstr(v);
	if (!s || (strcmp(s, "raise") && strcmp(s, "wrap") && strcmp(s, "clip")))
		return err_set(ev, TY_ValueError, "clipmode must be one of 'clip', 'raise', or 'wrap' (got '%s')",
			       s ? s : "?"), -1;
	*mode = s;
	return 0;
}

/* ---- take ---- */

/* The indices of take as int64 on their own backend, mode applied there
 * (issue 17: no host copy): wrap as ind % n, clip into [0, n - 1]; raise
 * leaves them for the backend's take_index to check.  New reference. */
static struct ndarray *dev_indices(struct eval *ev, const struct ndarray *i0, int64_t n, const char *mode)
{
	struct ndarray *c = i0->dtype == DT_INT64 && nd_is_c_contiguous(i0) ? nd_incref((struct ndarray *)i0)
			    : arr_astype_quiet(ev, i0, DT_INT64);
	struct value *v;
	int wrap = !strcmp(mode, "wrap");
	if (c && n == 0 && nd_size(c) > 0) {
		nd_decref(c);
		return err_set(ev, TY_IndexError, "cannot do a non-empty take from an empty axes."), NULL;
	}
	if (!c || (!wrap && strcmp(mode, "clip")) || nd_size(c) == 0)
		return c;
	v = arr_wrap(ev, c);
	if (wrap) {
		v = ex_bin(ev, OP_MOD, v, val_int(n));
	} else {
		struct value *args[3] = {v, val_int(0), val_int(n - 1)};
		v = v ? arr_ns_call(ev, nd_backend(i0), "clip", 3, args, NULL) : NULL;
		for (int i = 0; i < 3; i++)
			if (args[i])
				val_decref(args[i]);
	}
	c = v ? arr_borrow(v) : NULL;
	if (c && c->dtype == DT_INT64 && nd_is_c_contiguous(c))
		c = nd_incref(c);
	else if (c)
		c = arr_astype_quiet(ev, c, DT_INT64);
	if (v)
		val_decref(v);
	return c;
}

/* an index array take / put read where it lies: an integer ndarray of a's
 * backend with at least one dim, on a backend that wants device paths */
static const struct ndarray *dev_index_arg(const struct ndarray *a, struct value *iv)
{
	const struct ndarray *i = arr_borrow(iv);
	if (!i || !ds_wanted(nd_backend(a)) || nd_backend(i) != nd_backend(a) || !dt_is_int(i->dtype)
	    || i->ndim < 1)
		return NULL;
	return i;
}


static struct value *xf_take(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *iv, *axv = NULL, *outv = NULL, *modev = NULL;
	const char *mode;
	int axis = 0;
	if (args_parse(ev, "take", argc, argv, kw, "a,indices|axis,out,mode", &av, &iv, &axv, &outv, &modev) < 0
	    || mode_arg(ev, modev, &mode) < 0)
		return NULL;
	struct ndarray *a0 = in_arr(ev, bi, av), *a = NULL, *ind = NULL, *r = NULL, *res = NULL;
	if (!a0)
		return NULL;
	if (!axv || axv->type == VT_NONE) {
		a = arr_reshape(ev, a0, 1, &m1);
	} else {
		int64_t ax;
		if (val_as_int64(ev, axv, &ax) < 0 || arr_normalize_axis(ev, ax, a0->ndim, &axis) < 0)
			goto out;
		a = nd_incref(a0);
	}
	if (!a)
		goto out;
	if (dev_index_arg(a, iv)) {
		ind = dev_indices(ev, arr_borrow(iv), a->shape[axis], mode);
		res = ind ? idx_take_axis_arr(ev, a, axis, ind) : NULL;
		goto out;
	}
	{
		struct ndarray *i0 = shp_host_array(ev, iv, -1);
		if (!i0)
			goto out;
		if (!dt_is_int(i0->dtype) && !(nd_size(i0) == 0)) {
			nd_decref(i0);
			err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'same_kind'",
				dtype_table[i0->dtype].name);
			goto out;
		}
		ind = own_indices(ev, i0, a->shape[axis]);
		nd_decref(i0);
	}
	if (!ind)
		goto out;
	int64_t k = nd_size(ind);
	if (fix_indices(ev, (int64_t *)nd_data(ind), k, a->shape[axis], mode, axis) < 0)
		goto out;
	r = idx_take_axis(ev, a, axis, (int64_t *)nd_data(ind), k);
	if (!r)
		goto out;
	{
		int64_t shape[ND_MAXDIM];
		int nd = 0;
		if (a->ndim - 1 + ind->ndim > ND_MAXDIM) {
			err_set(ev, TY_ValueError, "too many dimensions");
			goto out;
		}
		for (int i = 0; i < axis; i++)
			shape[nd++] = a->shape[i];
		for (int i = 0; i < ind->ndim; i++)
			shape[nd++] = ind->shape[i];
		for (int i = axis + 1; i < a->ndim; i++)
			shape[nd++] = a->shape[i];
		res = arr_reshape(ev, r, nd, shape);
	}
out:
	nd_decref(a0);
	nd_decref(a);
	nd_decref(ind);
	nd_decref(r);
	return res ? arr_result(ev, res) : NULL;
}

/* ---- put ---- */

/* np.put through the backend's put_index, the indices i0 (any integer
 * dtype) on a's backend (a not C-contiguous goes through a C-contiguous
 * copy assigned back) */
static int put_composed(struct eval *ev, struct ndarray *a, const struct ndarray *i0, struct value *vv,
			const char *mode)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *ind = NULL, *v0 = NULL, *vals = NULL, *c = NULL;
	int rc = -1, m = !strcmp(mode, "wrap") ? 1 : !strcmp(mode, "clip") ? 2 : 0;
	ind = i0->dtype == DT_INT64 && nd_is_c_contiguous(i0) ? nd_incref((struct ndarray *)i0)
	      : arr_astype_quiet(ev, i0, DT_INT64);
	if (!ind || !(v0 = arr_asarray(ev, be, vv, a->dtype)))
		goto out;
	if (v0->dtype == a->dtype && nd_is_c_contiguous(v0))
		vals = nd_incref(v0);
	else if (v0->dtype == a->dtype)
		vals = shp_copy(ev, v0);
	else if ((c = arr_astype_quiet(ev, v0, a->dtype)))
		vals = nd_is_c_contiguous(c) ? nd_incref(c) : shp_copy(ev, c);
	nd_decref(c);
	c = NULL;
	if (!vals)
		goto out;
	if (nd_is_c_contiguous(a)) {
		rc = be->put_index(ev, a, ind, vals, m);
	} else if ((c = shp_copy(ev, a))) {
		/* back even after an IndexError: raise mode keeps what it wrote */
		rc = be->put_index(ev, c, ind, vals, m);
		if (shp_assign(ev, a, c) < 0)
			rc = -1;
	}
out:
	nd_decref(ind);
	nd_decref(v0);
	nd_decref(vals);
	nd_decref(c);
	return rc;
}

static struct value *xf_put(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *iv, *vv, *modev = NULL;
	const char *mode;
	if (args_parse(ev, "put", argc, argv, kw, "a,ind,v|mode", &av, &iv, &vv, &modev) < 0
	    || mode_arg(ev, modev, &mode) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av), *i0;
	int rc;
	if (!a)
		return err_set(ev, TY_TypeError, "a must be a numpy array, not %s", val_type_name(av));
	if (!(a->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "assignment destination is read-only");
	/* an index array where a lies is read there; other keys are read on
	 * the host and copied over */
	i0 = dev_index_arg(a, iv) ? nd_incref((struct ndarray *)arr_borrow(iv)) : NULL;
	if (!i0) {
		struct ndarray *h0 = shp_host_array(ev, iv, DT_INT64);
		i0 = h0 ? arr_to_backend(ev, h0, nd_backend(a)) : NULL;
		nd_decref(h0);
	}
	rc = i0 ? put_composed(ev, a, i0, vv, mode) : -1;
	nd_decref(i0);
	return rc < 0 ? NULL : val_none();
}

/* ---- where / select / choose share an n-way pick ---- */

/* out[i] = choices[sel[i]][i] for broadcast host operands; each choice is
 * already of the out dtype and shape (C-contiguous). */
static void pick(char *out, const int64_t *sel, char *const *ch, int64_t n, int isz)
{
	switch (isz) {
#define PICK(T) for (int64_t i = 0; i < n; i++) ((T *)out)[i] = ((const T *)ch[sel[i]])[i]; return
	case 1: PICK(uint8_t);
	case 2: PICK(uint16_t);
	case 4: PICK(uint32_t);
	case 8: PICK(uint64_t);
#undef PICK
	}
	for (int64_t i = 0; i < n; i++)
		memcpy(out + i * isz, ch[sel[i]] + i * isz, isz);
}

/* The dtype NumPy gives the operands of where/select (Python scalars weak). */
static int common_dtype(struct eval *ev, int n, struct value **vals)
{
	int dt = -1, weak = 0, wdt = -1;
	for (int i = 0; i < n; i++) {
		struct npscalar s;
		int pyc;
		struct ndarray *a = arr_borrow(vals[i]);
		if (a) {
			dt = dt < 0 ? a->dtype : dt_promote(dt, a->dtype);
			continue;
		}
		if (!arr_value_scalar(vals[i], &s, &pyc)) {
			if (pyc) {
				weak = weak > pyc ? weak : pyc;
				wdt = wdt < 0 ? s.dtype : dt_promote(wdt, s.dtype);
			} else {
				dt = dt < 0 ? s.dtype : dt_promote(dt, s.dtype);
			}
			continue;
		}
		/* a list: its inferred dtype is strong */
		struct ndarray *t = arr_asarray(ev, &backend_host, vals[i], -1);
		if (!t)
			return -1;
		dt = dt < 0 ? t->dtype : dt_promote(dt, t->dtype);
		nd_decref(t);
	}
	if (dt < 0)
		return wdt;
	if (weak) {
		/* apply each weak class in turn: bool < int < float < complex */
		static const int order[] = {VT_BOOL, VT_INT, VT_FLOAT, VT_COMPLEX};
		for (int k = 0; k < 4; k++) {
			int present = 0;
			for (int i = 0; i < n; i++) {
				struct npscalar s;
				int pyc;
				if (!arr_borrow(vals[i]) && !arr_value_scalar(vals[i], &s, &pyc) && pyc == order[k])
					present = 1;
			}
			if (present)
				dt = dt_promote_weak(dt, order[k]);
		}
	}
	return dt;
}

/* Broadcasts the n operands (already arrays) and picks by sel. */
static struct ndarray *npick(struct eval *ev, const struct backend *be, struct ndarray *sel,
			     int n, struct ndarray **ch, int dtype)
{
	struct ndarray *all[64], *bs = NULL, *out = NULL, *hc[64] = {NULL}, *res = NULL;
	char *ptrs[64];
	int nd;
	int64_t shape[ND_MAXDIM];
	if (n > 62)
		return err_set(ev, TY_ValueError, "Need at least 0 and at most 32 array objects.");
	all[0] = sel;
	for (int i = 0; i < n; i++)
		all[i + 1] = ch[i];
	if (arr_broadcast_shapes(ev, n + 1, (const struct ndarray *const *)all, &nd, shape) < 0)
		return NULL;
	{
		struct ndarray *b = arr_broadcast_to(ev, sel, nd, shape);
		bs = b ? arr_host_c(ev, b, DT_INT64) : NULL;
		nd_decref(b);
	}
	if (!bs)
		goto out;
	for (int i = 0; i < n; i++) {
		struct ndarray *b = arr_broadcast_to(ev, ch[i], nd, shape);
		hc[i] = b ? arr_host_c(ev, b, dtype) : NULL;
		nd_decref(b);
		if (!hc[i])
			goto out;
		ptrs[i] = nd_data(hc[i]);
	}
	out = nd_new(ev, &backend_host, dtype, nd, shape);
	if (!out)
		goto out;
	int64_t total = nd_size(out);
	const int64_t *sp = (const int64_t *)nd_data(bs);
	for (int64_t i = 0; i < total; i++)
		if (sp[i] < 0 || sp[i] >= n) {
			err_set(ev, TY_ValueError, "invalid entry in choice array");
			goto out;
		}
	pick(nd_data(out), sp, ptrs, total, dt_size(dtype));
	res = arr_to_backend(ev, out, be);
out:
	nd_decref(bs);
	nd_decref(out);
	for (int i = 0; i < n; i++)
		nd_decref(hc[i]);
	return res;
}

static struct value *where1(struct eval *ev, const struct builtin *bi, struct value *cv)
{
	/* np.where(cond) is np.asarray(cond).nonzero() */
	struct ndarray *c = in_arr(ev, bi, cv);
	if (!c)
		return NULL;
	struct value *cw = arr_wrap(ev, c);
	if (!cw)
		return NULL;
	struct value *m = val_getattr(ev, cw, "nonzero"), *r = NULL;
	if (m)
		r = val_call(ev, m, 0, NULL, NULL);
	val_decref(m);
	val_decref(cw);
	return r;
}

/* out[i] = c[i] ? x[i] : y[i] along one run (byte strides; c is bool). */
#define WHERE_RUN(T) do { \
		for (int64_t i = 0; i < n; i++) { \
			T a, b; \
			memcpy(&a, x + i * xs, sizeof a); \
			memcpy(&b, y + i * ys, sizeof b); \
			a = c[i * cs] ? a : b; \
			memcpy(o + i * os, &a, sizeof a); \
		} } while (0)

static void where_run(char *o, int64_t os, const uint8_t *c, int64_t cs, const char *x, int64_t xs,
		      const char *y, int64_t ys, int64_t n, int isz)
{
	switch (isz) {
	case 1: WHERE_RUN(uint8_t); return;
	case 2: WHERE_RUN(uint16_t); return;
	case 4: WHERE_RUN(uint32_t); return;
	case 8: WHERE_RUN(uint64_t); return;
	}
	for (int64_t i = 0; i < n; i++)
		memcpy(o + i * os, c[i * cs] ? x + i * xs : y + i * ys, isz);
}

/* np.where(c, x, y) on host arrays: one pass over broadcast views (a scalar
 * x or y is never materialised), the result laid out as its operands
 * (uf_new_result); dims walked in the result's memory order. */
static struct ndarray *where_host(struct eval *ev, struct ndarray *c, struct ndarray *x,
				  struct ndarray *y, int dt)
{
	struct ndarray *v[3] = {NULL, NULL, NULL}, *src[3] = {c, x, y}, *out = NULL;
	const struct ndarray *all[3] = {c, x, y};
	int nd, m = 0, isz = dt_size(dt);
	int64_t shape[ND_MAXDIM], sh[ND_MAXDIM], st[4][ND_MAXDIM], idx[ND_MAXDIM] = {0};
	if (arr_broadcast_shapes(ev, 3, all, &nd, shape) < 0)
		return NULL;
	for (int i = 0; i < 3; i++)
		if (!(v[i] = arr_broadcast_to(ev, src[i], nd, shape)))
			goto out;
	out = uf_new_result(ev, &backend_host, dt, nd, shape, v, 3);
	if (!out || nd_size(out) == 0)
		goto out;
	/* dims in the result's memory order, size-1 dropped, contiguous runs merged */
	{
		int order[ND_MAXDIM], k2 = 0;
		for (int k = 0; k < nd; k++)
			if (shape[k] != 1)
				order[k2++] = k;
		for (int a = 1; a < k2; a++)
			for (int b = a; b > 0 && llabs(out->strides[order[b - 1]]) < llabs(out->strides[order[b]]); b--) {
				int t = order[b];
				order[b] = order[b - 1];
				order[b - 1] = t;
			}
		for (int a = 0; a < k2; a++) {
			int k = order[a];
			const struct ndarray *ops[4] = {out, v[0], v[1], v[2]};
			int join = m > 0;
			for (int i = 0; i < 4 && join; i++)
				join = st[i][m - 1] == ops[i]->strides[k] * shape[k];
			if (join) {
				sh[m - 1] *= shape[k];
				for (int i = 0; i < 4; i++)
					st[i][m - 1] = ops[i]->strides[k];
				continue;
			}
			sh[m] = shape[k];
			for (int i = 0; i < 4; i++)
				st[i][m] = ops[i]->strides[k];
			m++;
		}
		if (m == 0) {
			sh[0] = 1;
			for (int i = 0; i < 4; i++)
				st[i][0] = 0;
			m = 1;
		}
	}
	for (;;) {
		char *p[4] = {nd_data(out), nd_data(v[0]), nd_data(v[1]), nd_data(v[2])};
		for (int k = 0; k < m - 1; k++)
			for (int i = 0; i < 4; i++)
				p[i] += idx[k] * st[i][k];
		where_run(p[0], st[0][m - 1], (const uint8_t *)p[1], st[1][m - 1], p[2], st[2][m - 1],
			  p[3], st[3][m - 1], sh[m - 1], isz);
		int k = m - 2;
		while (k >= 0 && ++idx[k] == sh[k])
			idx[k--] = 0;
		if (k < 0)
			break;
	}
out:
	for (int i = 0; i < 3; i++)
		nd_decref(v[i]);
	return out;
}

static struct value *xf_where(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *cv, *xv = NULL, *yv = NULL;
	if (args_parse(ev, "where", argc, argv, kw, "condition|x,y", &cv, &xv, &yv) < 0)
		return NULL;
	if (!xv && !yv)
		return where1(ev, bi, cv);
	if (!xv || !yv)
		return err_set(ev, TY_ValueError, "either both or neither of x and y should be given");
	struct value *xy[2] = {xv, yv};
	int dt = common_dtype(ev, 2, xy);
	if (dt < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *c = arr_asarray(ev, be, cv, -1), *ch[2] = {NULL, NULL}, *r = NULL;
	if (!c)
		return NULL;
	if (!arr_is_cupy(be)) {   /* np: NumPy's loop; cp: the ufunc path CuPy takes */
		struct ndarray *cb = c->dtype == DT_BOOL ? nd_incref(c) : arr_astype(ev, c, DT_BOOL);
		ch[1] = cb ? arr_asarray(ev, be, xv, dt) : NULL;
		ch[0] = ch[1] ? arr_asarray(ev, be, yv, dt) : NULL;
		r = ch[0] ? where_host(ev, cb, ch[1], ch[0], dt) : NULL;
		nd_decref(cb);
		goto out;
	}
	/* on a device: one elementwise kernel c ? x : y (the "_where" loops of
	 * the ufunc table), the condition as bool and both choices of the
	 * result dtype (an operand of another dtype is cast first) */
	{
		struct ndarray *b = c->dtype == DT_BOOL ? nd_incref(c) : arr_astype(ev, c, DT_BOOL);
		struct value *in[3] = {NULL, NULL, NULL};
		in[0] = b ? arr_wrap(ev, b) : NULL;
		ch[1] = in[0] ? arr_asarray(ev, be, xv, dt) : NULL;
		ch[0] = ch[1] ? arr_asarray(ev, be, yv, dt) : NULL;
		in[1] = ch[1] ? arr_wrap(ev, nd_incref(ch[1])) : NULL;
		in[2] = in[1] && ch[0] ? arr_wrap(ev, nd_incref(ch[0])) : NULL;
		if (in[2])
			r = uf_apply_arrays(ev, be, uf_lookup("_where"), 3, in, NULL);
		for (int i = 0; i < 3; i++)
			val_decref(in[i]);
	}
out:
	nd_decref(c);
	nd_decref(ch[0]);
	nd_decref(ch[1]);
	return r ? arr_wrap(ev, r) : NULL;
}

static struct value *xf_choose(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *av, *cv, *outv = NULL, *modev = NULL, *list = NULL;
	const char *mode;
	if (args_parse(ev, "choose", argc, argv, kw, "a,choices|out,mode", &av, &cv, &outv, &modev) < 0
	    || mode_arg(ev, modev, &mode) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = in_arr(ev, bi, av), *sel = NULL, *ch[64] = {NULL}, *r = NULL;
	int n = 0;
	if (!a)
		return NULL;
	list = cv->type == VT_NDARRAY ? val_iter_list(ev, cv) : val_incref(cv);
	if (!list)
		goto out;
	if (list->type != VT_LIST && list->type != VT_TUPLE) {
		err_set(ev, TY_TypeError, "choices must be a sequence");
		goto out;
	}
	n = (int)list->u.seq.n;
	if (n == 0 || n > 62) {
		err_set(ev, TY_ValueError, "Need at least 1 and at most 32 array objects.");
		n = 0;
		goto out;
	}
	int dt = common_dtype(ev, n, list->u.seq.items);
	if (dt < 0)
		goto out;
	for (int i = 0; i < n; i++)
		if (!(ch[i] = arr_asarray(ev, be, list->u.seq.items[i], dt)))
			goto out;
	sel = arr_host_c(ev, a, DT_INT64);
	if (sel && sel == a && strcmp(mode, "raise")) {
		/* the modes rewrite the indices: not the caller's array */
		struct ndarray *c = arr_contiguous(ev, sel);
		nd_decref(sel);
		sel = c;
	}
	if (!sel)
		goto out;
	if (strcmp(mode, "raise")) {
		int64_t *p = (int64_t *)nd_data(sel);
		for (int64_t i = 0; i < nd_size(sel); i++)
			p[i] = !strcmp(mode, "wrap") ? ((p[i] % n) + n) % n : p[i] < 0 ? 0 : p[i] >= n ? n - 1 : p[i];
	}
	r = npick(ev, be, sel, n, ch, dt);
out:
	val_decref(list);
	nd_decref(a);
	nd_decref(sel);
	for (int i = 0; i < n; i++)
		nd_decref(ch[i]);
	return r ? arr_wrap(ev, r) : NULL;
}

/* select where the arrays lie (issue 17), as NumPy's loop: the default
 * broadcast to the conditions' shape, then from the last condition to the
 * first, result = where(cond[i], choice[i], result) on the backend.  The
 * choices are already of the result dtype; new array or NULL. */
static struct ndarray *select_composed(struct eval *ev, const struct backend *be, int n,
				       struct ndarray *const *conds, struct ndarray *const *ch, int nd,
				       const int64_t *shape)
{
	struct ndarray *d = arr_broadcast_to(ev, ch[n], nd, shape), *r;
	struct value *res = d ? arr_wrap(ev, d) : NULL;
	for (int i = n - 1; i >= 0 && res; i--) {
		struct ndarray *c = arr_broadcast_to(ev, ch[i], nd, shape);
		struct value *args[3] = {arr_wrap(ev, nd_incref(conds[i])), c ? arr_wrap(ev, c) : NULL, res};
		res = args[0] && args[1] ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
		for (int k = 0; k < 3; k++)
			if (args[k])
				val_decref(args[k]);
	}
	if (!res)
		return NULL;
	r = arr_borrow(res);   /* where's new array of (nd, shape) */
	r = r ? nd_incref(r) : arr_asarray(ev, be, res, -1);
	val_decref(res);
	return r;
}

static struct value *xf_select(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *condv, *choicev, *defv = NULL, *dflt = NULL;
	if (args_parse(ev, "select", argc, argv, kw, "condlist,choicelist|default", &condv, &choicev, &defv) < 0)
		return NULL;
	if ((condv->type != VT_LIST && condv->type != VT_TUPLE)
	    || (choicev->type != VT_LIST && choicev->type != VT_TUPLE))
		return err_set(ev, TY_TypeError, "condlist and choicelist must be lists");
	int n = (int)condv->u.seq.n;
	if ((int)choicev->u.seq.n != n)
		return err_set(ev, TY_ValueError, "list of cases must be same length as list of conditions");
	if (n == 0)
		return err_set(ev, TY_ValueError, "select with an empty condition list is not possible");
	if (n > 60)
		return err_set(ev, TY_ValueError, "too many conditions");
	if (!defv) {
		dflt = val_int(0);
		defv = dflt;
	}
	const struct backend *be = arr_be(bi);
	struct value *vals[64];
	for (int i = 0; i < n; i++)
		vals[i] = choicev->u.seq.items[i];
	vals[n] = defv;
	struct ndarray *ch[64] = {NULL}, *conds[64] = {NULL}, *sel = NULL, *r = NULL;
	int dt = common_dtype(ev, n + 1, vals);
	if (dt < 0)
		goto out;
	/* choice n is the default; sel = index of the first true condition */
	for (int i = 0; i <= n; i++)
		if (!(ch[i] = arr_asarray(ev, be, vals[i], dt)))
			goto out;
	{
		int nd;
		int64_t shape[ND_MAXDIM];
		for (int i = 0; i < n; i++) {
			struct ndarray *c = arr_asarray(ev, be, condv->u.seq.items[i], -1);
			if (!c)
				goto out;
			if (c->dtype != DT_BOOL) {
				nd_decref(c);
				err_set(ev, TY_TypeError, "invalid entry %d in condlist: should be boolean ndarray", i);
				goto out;
			}
			conds[i] = c;
		}
		if (arr_broadcast_shapes(ev, n, (const struct ndarray *const *)conds, &nd, shape) < 0)
			goto out;
		if (ds_wanted(be)) {
			r = select_composed(ev, be, n, conds, ch, nd, shape);
			goto out;
		}
		sel = nd_new(ev, &backend_host, DT_INT64, nd, shape);
		if (!sel)
			goto out;
		int64_t total = nd_size(sel), *sp = (int64_t *)nd_data(sel);
		for (int64_t j = 0; j < total; j++)
			sp[j] = n;
		for (int i = n - 1; i >= 0; i--) {
			struct ndarray *b = arr_broadcast_to(ev, conds[i], nd, shape);
			struct ndarray *h = b ? arr_host_c(ev, b, DT_BOOL) : NULL;
			nd_decref(b);
			if (!h)
				goto out;
			const uint8_t *cp = (const uint8_t *)nd_data(h);
			for (int64_t j = 0; j < total; j++)
				if (cp[j])
					sp[j] = i;
			nd_decref(h);
		}
	}
	r = npick(ev, be, sel, n + 1, ch, dt);
out:
	val_decref(dflt);
	for (int i = 0; i <= n; i++) {
		nd_decref(ch[i]);
		nd_decref(conds[i]);
	}
	nd_decref(sel);
	return r ? arr_wrap(ev, r) : NULL;
}

/* ---- compress extract ---- */

static struct ndarray *compress_to(struct eval *ev, struct ndarray *cond, struct ndarray *a, int axis)
{
	struct ndarray *c = arr_host_c(ev, cond, DT_BOOL), *r = NULL;
	int64_t *idx = NULL, k = 0;
	if (!c)
		return NULL;
	int64_t nc = nd_size(c), len = a->shape[axis];
	idx = malloc(sizeof(int64_t) * (nc + 1));
	if (!idx) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < nc; i++) {
		if (!((uint8_t *)nd_data(c))[i])
			continue;
		if (i >= len) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)i, axis, (long long)len);
			goto out;
		}
		idx[k++] = i;
	}
	r = idx_take_axis(ev, a, axis, idx, k);
out:
	free(idx);
	nd_decref(c);
	return r;
}

static struct value *xf_compress(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *cv, *av, *axv = NULL, *outv = NULL;
	if (args_parse(ev, "compress", argc, argv, kw, "condition,a|axis,out", &cv, &av, &axv, &outv) < 0)
		return NULL;
	struct ndarray *a0 = in_arr(ev, bi, av), *a = NULL, *c = NULL, *r = NULL;
	int axis = 0;
	if (!a0)
		return NULL;
	if (!axv || axv->type == VT_NONE) {
		a = arr_reshape(ev, a0, 1, &m1);
	} else {
		int64_t ax;
		if (val_as_int64(ev, axv, &ax) == 0 && arr_normalize_axis(ev, ax, a0->ndim, &axis) == 0)
			a = nd_incref(a0);
	}
	c = a ? shp_host_array(ev, cv, -1) : NULL;
	if (c && c->ndim != 1) {
		err_set(ev, TY_ValueError, "condition must be a 1-d array");
	} else if (c) {
		r = compress_to(ev, c, a, axis);
	}
	nd_decref(a0);
	nd_decref(a);
	nd_decref(c);
	return r ? arr_wrap(ev, r) : NULL;
}

static struct value *xf_extract(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *cv, *av;
	if (args_parse(ev, "extract", argc, argv, kw, "condition,arr", &cv, &av) < 0)
		return NULL;
	struct ndarray *a0 = in_arr(ev, bi, av), *a = NULL, *c0 = NULL, *c = NULL, *r = NULL;
	if (!a0)
		return NULL;
	a = arr_reshape(ev, a0, 1, &m1);
	c0 = a ? shp_host_array(ev, cv, -1) : NULL;
	c = c0 ? arr_reshape(ev, c0, 1, &m1) : NULL;
	if (c)
		r = compress_to(ev, c, a, 0);
	nd_decref(a0);
	nd_decref(a);
	nd_decref(c0);
	nd_decref(c);
	return r ? arr_wrap(ev, r) : NULL;
}

/* ---- ix_, take_along_axis, put_along_axis (fancy keys built, then indexed) ---- */

/* A host int64 arange(n) shaped (1,)*dim + (n,) + (1,)*(nd-dim-1), on be. */
static struct value *axis_arange(struct eval *ev, const struct backend *be, int64_t n, int dim, int nd)
{
	int64_t shape[ND_MAXDIM];
	for (int k = 0; k < nd; k++)
		shape[k] = k == dim ? n : 1;
	struct ndarray *h = nd_new(ev, &backend_host, DT_INT64, nd, shape), *d;
	if (!h)
		return NULL;
	for (int64_t i = 0; i < n; i++)
		((int64_t *)nd_data(h))[i] = i;
	if (nd_backend(h) == be)
		return arr_wrap(ev, h);
	d = arr_to_backend(ev, h, be);
	nd_decref(h);
	return d ? arr_wrap(ev, d) : NULL;
}

/* NumPy's _make_along_axis_idx: indices on `axis`, aranges on the others */
static struct value *along_axis_key(struct eval *ev, const struct backend *be, const struct ndarray *a,
				    struct ndarray *ind, int axis)
{
	struct value *items[ND_MAXDIM];
	int nd = a->ndim;
	for (int k = 0; k < nd; k++) {
		items[k] = k == axis ? arr_wrap(ev, nd_incref(ind)) : axis_arange(ev, be, a->shape[k], k, nd);
		if (!items[k]) {
			while (k--)
				val_decref(items[k]);
			return NULL;
		}
	}
	return val_tuple_new(nd, items);
}

/* The shared front of take_along_axis / put_along_axis: arr (flattened for
 * axis=None), indices, the key; NumPy's checks and messages. */
static struct value *along_axis_prep(struct eval *ev, const struct builtin *bi, struct value *av,
				     struct value *iv, struct value *axv, struct value **arrv)
{
	struct ndarray *a = in_arr(ev, bi, av), *ind = NULL;
	struct value *key = NULL;
	int axis = 0;
	*arrv = NULL;
	if (!a)
		return NULL;
	if (!(ind = in_arr(ev, bi, iv)))
		goto out;
	if (!axv || axv->type == VT_NONE) {
		if (ind->ndim != 1) {
			err_set(ev, TY_ValueError, "when axis=None, `indices` must have a single dimension.");
			goto out;
		}
		struct ndarray *f = arr_reshape(ev, a, 1, &m1);
		if (!f)
			goto out;
		nd_decref(a);
		a = f;
	} else {
		int64_t ax;
		if (val_as_int64(ev, axv, &ax) < 0 || arr_normalize_axis(ev, ax, a->ndim, &axis) < 0)
			goto out;
	}
	if (!dt_is_int(ind->dtype)) {
		err_set(ev, TY_IndexError, "`indices` must be an integer array");
		goto out;
	}
	if (a->ndim != ind->ndim) {
		err_set(ev, TY_ValueError, "`indices` and `arr` must have the same number of dimensions");
		goto out;
	}
	key = along_axis_key(ev, arr_be(bi), a, ind, axis);
	if (key && !(*arrv = arr_wrap(ev, nd_incref(a)))) {
		val_decref(key);
		key = NULL;
	}
out:
	nd_decref(a);
	nd_decref(ind);
	return key;
}

static struct value *xf_take_along_axis(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	struct value *av, *iv, *axv = NULL, *arrv, *key, *r;
	struct value *m1v = val_int(-1);
	if (args_parse(ev, "take_along_axis", argc, argv, kw, "arr,indices|axis", &av, &iv, &axv) < 0) {
		val_decref(m1v);
		return NULL;
	}
	/* axis defaults to -1; an explicit None flattens */
	key = along_axis_prep(ev, bi, av, iv, axv ? axv : m1v, &arrv);
	val_decref(m1v);
	if (!key)
		return NULL;
	r = val_getitem(ev, arrv, key);
	val_decref(key);
	val_decref(arrv);
	return r;
}

static struct value *xf_put_along_axis(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct value *av, *iv, *vv, *axv, *arrv, *key;
	if (args_parse(ev, "put_along_axis", argc, argv, kw, "arr,indices,values,axis", &av, &iv, &vv, &axv) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_TypeError, "put_along_axis: arr must be an ndarray");
	if ((!axv || axv->type == VT_NONE) && !nd_is_c_contiguous(a))
		return err_set(ev, TY_NotImplementedError, "put_along_axis(axis=None) of a non-contiguous array");
	key = along_axis_prep(ev, bi, av, iv, axv, &arrv);
	if (!key)
		return NULL;
	int rc = val_setitem(ev, arrv, key, vv);
	val_decref(key);
	val_decref(arrv);
	return rc < 0 ? NULL : val_none();
}

/* ix_(*args): open-mesh index arrays; booleans by their nonzero positions */
static struct value *xf_ix_(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value **items;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "ix_() got an unexpected keyword argument '%s'", kw->names[0]);
	if (argc > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many dimensions");
	items = calloc(argc ? argc : 1, sizeof *items);
	if (!items)
		return err_nomem(ev);
	for (int k = 0; k < argc; k++) {
		struct ndarray *a = arr_asarray(ev, be, argv[k], -1), *b = NULL, *r = NULL;
		int64_t shape[ND_MAXDIM];
		if (!a)
			goto fail;
		if (a->ndim != 1) {
			nd_decref(a);
			err_set(ev, TY_ValueError, "Cross index must be 1 dimensional");
			goto fail;
		}
		if (a->dtype == DT_BOOL) {
			/* new, = new.nonzero() */
			struct ndarray *h = arr_host_c(ev, a, DT_BOOL);
			int64_t cnt = 0, n = a->shape[0];
			if (h)
				for (int64_t i = 0; i < n; i++)
					cnt += ((const uint8_t *)nd_data(h))[i] != 0;
			b = h ? nd_new(ev, &backend_host, DT_INT64, 1, &cnt) : NULL;
			for (int64_t i = 0, j = 0; b && i < n; i++)
				if (((const uint8_t *)nd_data(h))[i])
					((int64_t *)nd_data(b))[j++] = i;
			nd_decref(h);
			if (b && nd_backend(b) != be) {
				struct ndarray *d = arr_to_backend(ev, b, be);
				nd_decref(b);
				b = d;
			}
		} else if (a->shape[0] == 0)
			b = arr_astype(ev, a, DT_INT64);
		else
			b = nd_incref(a);
		nd_decref(a);
		if (!b)
			goto fail;
		for (int i = 0; i < argc; i++)
			shape[i] = i == k ? b->shape[0] : 1;
		r = arr_reshape(ev, b, argc, shape);
		nd_decref(b);
		if (!r || !(items[k] = arr_wrap(ev, r)))
			goto fail;
	}
	struct value *t = val_tuple_new(argc, items);
	free(items);
	return t;
fail:
	for (int k = 0; k < argc; k++)
		if (items[k])
			val_decref(items[k]);
	free(items);
	return NULL;
}

/* ---- unravel_index, ravel_multi_index, indices (flat <-> multi-index) ---- */

/* order= of unravel_index / ravel_multi_index: 'C' or 'F' only. */
static int parse_cf_order(struct eval *ev, struct value *v, int *fortran)
{
	char o;
	if (arr_parse_order(ev, v, 'C', &o) < 0)
		return -1;
	if (o != 'C' && o != 'F')
		return err_set(ev, TY_ValueError, "only 'C' or 'F' order is permitted"), -1;
	*fortran = o == 'F';
	return 0;
}

/* An index operand as a C-contiguous int64 host array: integers and bools
 * only (NumPy's same-kind cast to intp), else its TypeError. */
static struct ndarray *int_operand(struct eval *ev, const struct builtin *bi, struct value *v)
{
	struct ndarray *a = in_arr(ev, bi, v), *h;
	if (!a)
		return NULL;
	if (!dt_is_int(a->dtype) && a->dtype != DT_BOOL) {
		int empty_seq = nd_size(a) == 0 && !arr_borrow(v) && dt_is_float(a->dtype);
		nd_decref(a);
		if (empty_seq)
			return err_set(ev, TY_TypeError, "indices must be integral: the provided empty sequence was "
				       "inferred as float. Wrap it with 'np.array(indices, dtype=np.intp)'");
		return err_set(ev, TY_TypeError, "only int indices permitted");
	}
	h = arr_host_c(ev, a, DT_INT64);
	nd_decref(a);
	return h;
}

/* A host int64 result moved to the namespace's backend, wrapped (0-d -> scalar). */
static struct value *int_result(struct eval *ev, const struct builtin *bi, struct ndarray *h)
{
	struct ndarray *d;
	if (!h || nd_backend(h) == arr_be(bi))
		return h ? arr_result(ev, h) : NULL;
	d = arr_to_backend(ev, h, arr_be(bi));
	nd_decref(h);
	return d ? arr_result(ev, d) : NULL;
}

/* unravel_index(indices, shape, order='C') */
static struct value *xf_unravel_index(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *iv, *sv, *ov = NULL, *items[ND_MAXDIM] = {0};
	int64_t shape[ND_MAXDIM], size = 1;
	int nd, fortran, k;
	if (args_parse(ev, "unravel_index", argc, argv, kw, "indices,shape|order", &iv, &sv, &ov) < 0 ||
	    arr_parse_shape(ev, sv, &nd, shape) < 0 || parse_cf_order(ev, ov, &fortran) < 0)
		return NULL;
	for (k = 0; k < nd; k++)
		size *= shape[k];
	struct ndarray *ind = int_operand(ev, bi, iv);
	if (!ind)
		return NULL;
	int64_t n = nd_size(ind);
	const int64_t *p = (const int64_t *)nd_data(ind);
	int64_t *out[ND_MAXDIM];
	for (int64_t i = 0; i < n; i++)
		if (p[i] < 0 || p[i] >= size) {
			err_set(ev, TY_ValueError, "index %lld is out of bounds for array with size %lld",
				(long long)p[i], (long long)size);
			goto fail;
		}
	for (k = 0; k < nd; k++) {
		struct ndarray *o = nd_new(ev, &backend_host, DT_INT64, ind->ndim, ind->shape);
		if (!o || !(items[k] = arr_wrap(ev, o)))
			goto fail;
		out[k] = (int64_t *)nd_data(o);
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t r = p[i];
		for (int j = 0; j < nd; j++) {
			int d = fortran ? j : nd - 1 - j;
			out[d][i] = r % shape[d];
			r /= shape[d];
		}
	}
	for (k = 0; k < nd; k++) {
		struct value *w = int_result(ev, bi, nd_incref(arr_borrow(items[k])));
		val_decref(items[k]);
		if (!(items[k] = w))
			goto fail;
	}
	nd_decref(ind);
	return val_tuple_new(nd, items);
fail:
	nd_decref(ind);
	for (k = 0; k < nd; k++)
		if (items[k])
			val_decref(items[k]);
	return NULL;
}

/* ravel_multi_index's mode= : one clip mode or a sequence of one per axis
 * (0 raise, 1 wrap, 2 clip). */
static int parse_clipmodes(struct eval *ev, struct value *v, int nd, int *modes)
{
	static const char *const names[] = {"raise", "wrap", "clip"};
	int n = 1;
	struct value *const *it = &v;
	if (v && (v->type == VT_TUPLE || v->type == VT_LIST)) {
		n = (int)v->u.seq.n;
		it = v->u.seq.items;
		if (n != nd)
			return err_set(ev, TY_ValueError, "list of clipmodes has wrong length (%d instead of %d)", n, nd), -1;
	}
	for (int k = 0; k < nd; k++) {
		struct value *m = v ? it[n == 1 ? 0 : k] : NULL;
		const char *s = !m || m->type == VT_NONE ? "raise" : val_as_cstr(m);
		int j;
		if (!s && (m->type == VT_INT || m->type == VT_BOOL)) {
			/* NumPy's enum: CLIP 0, WRAP 1, RAISE 2 */
			if (m->u.i < 0 || m->u.i > 2)
				return err_set(ev, TY_ValueError, "integer clipmode must be RAISE, WRAP, or CLIP "
					       "from 'numpy._core.multiarray'"), -1;
			modes[k] = 2 - (int)m->u.i;
			continue;
		}
		if (!s)
			return err_set(ev, TY_TypeError, "clipmode not understood"), -1;
		for (j = 0; j < 3 && strcmp(s, names[j]); j++)
			;
		if (j == 3)
			return err_set(ev, TY_ValueError, "clipmode must be one of 'clip', 'raise', or 'wrap' (got '%s')", s), -1;
		modes[k] = j;
	}
	return 0;
}

/* ravel_multi_index(multi_index, dims, mode='raise', order='C') */
static struct value *xf_ravel_multi_index(struct eval *ev, const struct builtin *bi, int argc,
					  struct value **argv, const struct kwargs *kw)
{
	struct value *mv, *dv, *modev = NULL, *ov = NULL, *r = NULL;
	struct ndarray *ix[ND_MAXDIM] = {0}, *bc[ND_MAXDIM] = {0}, *out = NULL;
	int64_t dims[ND_MAXDIM], bshape[ND_MAXDIM], size = 1, len;
	int nd, bnd, fortran, modes[ND_MAXDIM], k;
	if (args_parse(ev, "ravel_multi_index", argc, argv, kw, "multi_index,dims|mode,order",
		       &mv, &dv, &modev, &ov) < 0)
		return NULL;
	if (arr_parse_shape(ev, dv, &nd, dims) < 0 || parse_cf_order(ev, ov, &fortran) < 0)
		return NULL;
	for (k = 0; k < nd; k++) {
		if (dims[k] == 0)
			return err_set(ev, TY_ValueError, "cannot unravel if shape has zero entries (is empty).");
		if (__builtin_mul_overflow(size, dims[k], &size))
			return err_set(ev, TY_ValueError, "invalid dims: array size defined by dims is larger than the maximum possible size.");
	}
	if ((len = val_len(ev, mv)) < 0)
		return NULL;
	if (len != nd)
		return err_set(ev, TY_ValueError, "parameter multi_index must be a sequence of length %d", nd);
	if (parse_clipmodes(ev, modev, nd, modes) < 0)
		return NULL;
	for (k = 0; k < nd; k++) {
		struct value *kv = val_int(k), *item = val_getitem(ev, mv, kv);
		val_decref(kv);
		if (!item)
			goto out;
		ix[k] = int_operand(ev, bi, item);
		val_decref(item);
		if (!ix[k])
			goto out;
	}
	if (arr_broadcast_shapes(ev, nd, (const struct ndarray *const *)ix, &bnd, bshape) < 0)
		goto out;
	for (k = 0; k < nd; k++)
		if (!(bc[k] = arr_broadcast_to(ev, ix[k], bnd, bshape)) ||
		    !(nd_decref(ix[k]), ix[k] = shp_copy(ev, bc[k])))
			goto out;
	if (!(out = nd_new(ev, &backend_host, DT_INT64, bnd, bshape)))
		goto out;
	int64_t n = nd_size(out), *o = (int64_t *)nd_data(out);
	for (int64_t i = 0; i < n; i++) {
		int64_t flat = 0;
		for (int j = 0; j < nd; j++) {
			int d = fortran ? nd - 1 - j : j;
			int64_t v = ((const int64_t *)nd_data(ix[d]))[i], m = dims[d];
			if (v < 0 || v >= m) {
				if (modes[d] == 0) {
					err_set(ev, TY_ValueError, "invalid entry in coordinates array");
					goto out;
				}
				v = modes[d] == 1 ? ((v % m) + m) % m : v < 0 ? 0 : m - 1;
			}
			flat = flat * m + v;
		}
		o[i] = flat;
	}
	r = int_result(ev, bi, out);
	out = NULL;
out:
	for (k = 0; k < nd; k++) {
		nd_decref(ix[k]);
		nd_decref(bc[k]);
	}
	nd_decref(out);
	return r;
}

/* indices(dimensions, dtype=int, sparse=False) */
static struct value *xf_indices(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *sv, *dtv = NULL, *spv = NULL, *items[ND_MAXDIM] = {0};
	int64_t dims[ND_MAXDIM], shape[ND_MAXDIM + 1];
	int nd, dtype = DT_INT64, sparse, k;
	if (args_parse(ev, "indices", argc, argv, kw, "dimensions|dtype,sparse", &sv, &dtv, &spv) < 0)
		return NULL;
	/* NumPy takes tuple(dimensions): a lone int is not iterable */
	if (sv->type != VT_TUPLE && sv->type != VT_LIST && !arr_borrow(sv))
		return err_set(ev, TY_TypeError, "'%s' object is not iterable", val_type_name(sv));
	if (arr_parse_shape(ev, sv, &nd, dims) < 0 || arr_parse_dtype(ev, dtv, &dtype) < 0 ||
	    args_bool(ev, spv, 0, &sparse) < 0)
		return NULL;
	if (nd >= ND_MAXDIM && !sparse)
		return err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %d",
			       ND_MAXDIM, nd + 1);
	for (k = 0; k < nd; k++) {
		struct value *ar = axis_arange(ev, &backend_host, dims[k], k, nd);
		struct ndarray *c;
		if (!ar)
			goto fail;
		c = arr_astype(ev, arr_borrow(ar), dtype);
		val_decref(ar);
		if (!c)
			goto fail;
		if (!sparse) {
			struct ndarray *b = arr_broadcast_to(ev, c, nd, dims);
			nd_decref(c);
			if (!b)
				goto fail;
			c = b;
		}
		if (!(items[k] = arr_wrap(ev, c)))
			goto fail;
	}
	if (sparse) {
		for (k = 0; k < nd; k++) {
			struct ndarray *a = arr_borrow(items[k]), *d;
			if (nd_backend(a) == arr_be(bi))
				continue;
			if (!(d = arr_to_backend(ev, a, arr_be(bi))))
				goto fail;
			val_decref(items[k]);
			if (!(items[k] = arr_wrap(ev, d)))
				goto fail;
		}
		return val_tuple_new(nd, items);
	}
	/* dense: stack the broadcast aranges into shape (nd,) + dims */
	shape[0] = nd;
	memcpy(shape + 1, dims, nd * sizeof *dims);
	struct ndarray *res = nd_new(ev, &backend_host, dtype, nd + 1, shape), *d;
	if (!res)
		goto fail;
	int64_t per = nd_size(res) / (nd ? nd : 1);
	size_t item = dt_size(dtype);
	for (k = 0; k < nd; k++) {
		struct ndarray *c = shp_copy(ev, arr_borrow(items[k]));
		if (!c) {
			nd_decref(res);
			goto fail;
		}
		memcpy(nd_data(res) + k * per * item, nd_data(c), per * item);
		nd_decref(c);
		val_decref(items[k]);
		items[k] = NULL;
	}
	if (nd_backend(res) == arr_be(bi))
		return arr_wrap(ev, res);
	d = arr_to_backend(ev, res, arr_be(bi));
	nd_decref(res);
	return d ? arr_wrap(ev, d) : NULL;
fail:
	for (k = 0; k < nd; k++)
		if (items[k])
			val_decref(items[k]);
	return NULL;
}

const struct arr_func arr_index_funcs[] = {
	{"take", xf_take, "take(a, indices, axis=None, out=None, mode='raise')",
	 "Take elements from an array along an axis."},
	{"put", xf_put, "put(a, ind, v, mode='raise')",
	 "Replaces specified elements of an array with given values (a.flat[ind] = v)."},
	{"choose", xf_choose, "choose(a, choices, out=None, mode='raise')",
	 "Construct an array from an index array and a list of arrays to choose from."},
	{"where", xf_where, "where(condition, [x, y], /)",
	 "Return elements chosen from x or y depending on condition; where(condition) is nonzero."},
	{"select", xf_select, "select(condlist, choicelist, default=0)",
	 "Return an array drawn from elements in choicelist, depending on conditions."},
	{"compress", xf_compress, "compress(condition, a, axis=None, out=None)",
	 "Return selected slices of an array along given axis."},
	{"take_along_axis", xf_take_along_axis, "take_along_axis(arr, indices, axis=-1)",
	 "Take values from arr by matching 1-d index and data slices along axis."},
	{"put_along_axis", xf_put_along_axis, "put_along_axis(arr, indices, values, axis)",
	 "Put values into arr by matching 1-d index and data slices along axis (in place)."},
	{"ix_", xf_ix_, "ix_(*args)", "Construct an open mesh from multiple sequences (boolean ones by nonzero)."},
	{"extract", xf_extract, "extract(condition, arr)",
	 "Return the elements of an array that satisfy some condition."},
	{"unravel_index", xf_unravel_index, "unravel_index(indices, shape, order='C')",
	 "Convert flat indices into a tuple of coordinate arrays."},
	{"ravel_multi_index", xf_ravel_multi_index, "ravel_multi_index(multi_index, dims, mode='raise', order='C')",
	 "Convert a tuple of index arrays into an array of flat indices."},
	{"indices", xf_indices, "indices(dimensions, dtype=int, sparse=False)",
	 "Return an array representing the indices of a grid."},
	{NULL, NULL, NULL, NULL}
};
