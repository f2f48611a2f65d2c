/*
 * compose.c — NumPy functions that NumPy itself writes in Python over other
 * functions (fill_diagonal, tril_indices, diag_indices, binary_repr, set
 * routines, window functions, the array-API spellings of linalg ...), built
 * here the same way from np.<name> / cp.<name> calls (array/nscall.h), so
 * their dtypes, broadcasting and errors are the parts'.  Publishes
 * arr_compose_funcs, arr_compose_linalg_funcs and arr_compose_methods.
 *
 * Owns no state; written once for np and cp (nothing here copies device
 * data to the host except binary_repr/base_repr, which take Python ints).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lib/shape.h"

#define FN(name) static struct value *x_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

/* np.<name>(args...) with up to 4 keywords, borrowed arguments; a NULL
 * keyword value is left out. */
static struct value *callkw(struct eval *ev, const struct backend *be, const char *name, int argc,
			    struct value **argv, int nk, const char **kn, struct value **kv)
{
	const char *names[4];
	struct value *vals[4];
	int n = 0;
	for (int i = 0; i < nk; i++)
		if (kv[i]) {
			names[n] = kn[i];
			vals[n++] = kv[i];
		}
	struct kwargs k = {n, names, vals};
	return arr_ns_call(ev, be, name, argc, argv, n ? &k : NULL);
}

static struct value *int_tuple(int n, const int64_t *v)
{
	struct value *items[ND_MAXDIM];
	for (int i = 0; i < n; i++)
		items[i] = val_int(v[i]);
	return val_tuple_new((size_t)n, items);
}

/* the array behind a value (made by be's asarray): new reference */
static struct ndarray *as_arr(struct eval *ev, const struct backend *be, struct value *v)
{
	struct ndarray *a = arr_borrow(v);
	if (a)
		return nd_incref(a);
	return arr_asarray(ev, be, v, -1);
}

/* The one argument of name(param) as an array on bi's backend: a new
 * reference, or NULL with ev's error set. */
static struct ndarray *one_arr(struct eval *ev, const struct builtin *bi, const char *name,
			       const char *param, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, name, argc, argv, kw, param, &av) < 0)
		return NULL;
	return as_arr(ev, arr_be(bi), av);
}

/* ---- shape queries ---- */

/* ndim(a) */
FN(ndim)
{
	struct ndarray *a = one_arr(ev, bi, "ndim", "a", argc, argv, kw);
	struct value *r = a ? val_int(a->ndim) : NULL;
	nd_decref(a);
	return r;
}

/* shape(a) */
FN(shape)
{
	struct ndarray *a = one_arr(ev, bi, "shape", "a", argc, argv, kw);
	struct value *r = a ? int_tuple(a->ndim, a->shape) : NULL;
	nd_decref(a);
	return r;
}

/* size(a, axis=None) */
FN(size)
{
	struct value *av, *axv = NULL;
	if (args_parse(ev, "size", argc, argv, kw, "a|axis", &av, &axv) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), av);
	if (!a)
		return NULL;
	int64_t n = 1;
	if (!axv || axv->type == VT_NONE) {
		n = nd_size(a);
	} else {
		uint64_t mask;
		if (arr_parse_axes(ev, axv, a->ndim, &mask) < 0) {
			nd_decref(a);
			return NULL;
		}
		for (int i = 0; i < a->ndim; i++)
			if (mask >> i & 1)
				n *= a->shape[i];
	}
	nd_decref(a);
	return val_int(n);
}

/* ---- diagonal ---- */

/* a view of the diagonal of a over axes ax1, ax2 (read-only, as NumPy's) */
static struct value *diag_view(struct eval *ev, struct ndarray *a, int64_t off, int64_t ax1v, int64_t ax2v)
{
	int ax1, ax2;
	if (a->ndim < 2)
		return err_set(ev, TY_ValueError, "diag requires an array of at least two dimensions");
	if (arr_normalize_axis(ev, ax1v, a->ndim, &ax1) < 0 || arr_normalize_axis(ev, ax2v, a->ndim, &ax2) < 0)
		return NULL;
	if (ax1 == ax2)
		return err_set(ev, TY_ValueError, "axis1 and axis2 cannot be the same");
	int64_t shape[ND_MAXDIM], strides[ND_MAXDIM], offset = a->offset;
	int n = 0;
	for (int i = 0; i < a->ndim; i++)
		if (i != ax1 && i != ax2) {
			shape[n] = a->shape[i];
			strides[n++] = a->strides[i];
		}
	int64_t n1 = a->shape[ax1], n2 = a->shape[ax2], len;
	if (off >= 0) {
		len = n1 < n2 - off ? n1 : n2 - off;
		if (len > 0)
			offset += off * a->strides[ax2];
	} else {
		len = n1 + off < n2 ? n1 + off : n2;
		if (len > 0)
			offset -= off * a->strides[ax1];
	}
	if (len < 0)
		len = 0;
	if (len == 0)
		offset = a->offset;
	shape[n] = len;
	strides[n++] = a->strides[ax1] + a->strides[ax2];
	struct ndarray *v = nd_view(ev, a, a->dtype, n, shape, strides, offset);
	if (v)
		v->flags &= ~ND_WRITEABLE;
	return arr_wrap(ev, v);
}

static struct value *diagonal_common(struct eval *ev, const struct builtin *bi, struct value *av,
				     struct value *offv, struct value *a1v, struct value *a2v,
				     int64_t d1, int64_t d2)
{
	int64_t off, ax1, ax2;
	if (args_int(ev, offv, 0, &off) < 0 || args_int(ev, a1v, d1, &ax1) < 0 ||
	    args_int(ev, a2v, d2, &ax2) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), av);
	struct value *r = a ? diag_view(ev, a, off, ax1, ax2) : NULL;
	nd_decref(a);
	return r;
}

/* diagonal(a, offset=0, axis1=0, axis2=1) */
FN(diagonal)
{
	struct value *av, *o = NULL, *a1 = NULL, *a2 = NULL;
	if (args_parse(ev, "diagonal", argc, argv, kw, "a|offset,axis1,axis2", &av, &o, &a1, &a2) < 0)
		return NULL;
	return diagonal_common(ev, bi, av, o, a1, a2, 0, 1);
}

/* a.diagonal(offset=0, axis1=0, axis2=1) */
FN(m_diagonal)
{
	struct value *o = NULL, *a1 = NULL, *a2 = NULL;
	if (args_parse(ev, "diagonal", argc, argv, kw, "|offset,axis1,axis2", &o, &a1, &a2) < 0)
		return NULL;
	return diagonal_common(ev, bi, bi->self, o, a1, a2, 0, 1);
}

/* linalg.diagonal(x, /, *, offset=0) */
FN(l_diagonal)
{
	struct value *av, *o = NULL;
	if (args_parse(ev, "diagonal", argc, argv, kw, "x|$offset", &av, &o) < 0)
		return NULL;
	return diagonal_common(ev, bi, av, o, NULL, NULL, -2, -1);
}

/* linalg.trace(x, /, *, offset=0, dtype=None) */
FN(l_trace)
{
	struct value *av, *o = NULL, *dt = NULL;
	if (args_parse(ev, "trace", argc, argv, kw, "x|$offset,dtype", &av, &o, &dt) < 0)
		return NULL;
	struct value *m2 = val_int(-2), *m1 = val_int(-1);
	const char *kn[] = {"offset", "axis1", "axis2", "dtype"};
	struct value *kv[] = {o, m2, m1, dt};
	struct value *r = callkw(ev, arr_be(bi), "trace", 1, &av, 4, kn, kv);
	val_decref(m2);
	val_decref(m1);
	return r;
}

/* linalg.outer(x1, x2, /) */
FN(l_outer)
{
	struct value *xv[2];
	if (args_parse(ev, "outer", argc, argv, kw, "x1,x2", &xv[0], &xv[1]) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), xv[0]), *b = a ? as_arr(ev, arr_be(bi), xv[1]) : NULL;
	struct value *r = NULL;
	if (b && (a->ndim != 1 || b->ndim != 1))
		err_set(ev, TY_ValueError, "Input arrays must be one-dimensional, but they are x1.ndim=%d and x2.ndim=%d.",
			a->ndim, b->ndim);
	else if (b) {
		struct value *args[2] = {arr_wrap(ev, nd_incref(a)), arr_wrap(ev, nd_incref(b))};
		r = arr_ns_call(ev, arr_be(bi), "outer", 2, args, NULL);
		val_decref(args[0]);
		val_decref(args[1]);
	}
	nd_decref(a);
	nd_decref(b);
	return r;
}

/* (linalg.)matrix_transpose(x, /) */
FN(matrix_transpose)
{
	struct ndarray *a = one_arr(ev, bi, "matrix_transpose", "x", argc, argv, kw);
	if (!a)
		return NULL;
	if (a->ndim < 2) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "Input array must be at least 2-dimensional, but it is %d", a->ndim);
	}
	int perm[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++)
		perm[i] = i;
	perm[a->ndim - 1] = a->ndim - 2;
	perm[a->ndim - 2] = a->ndim - 1;
	struct value *r = arr_wrap(ev, arr_transpose(ev, a, perm));
	nd_decref(a);
	return r;
}

/* linalg.matrix_norm(x, /, *, keepdims=False, ord='fro') */
FN(l_matrix_norm)
{
	struct value *av, *kd = NULL, *ord = NULL;
	if (args_parse(ev, "matrix_norm", argc, argv, kw, "x|$keepdims,ord", &av, &kd, &ord) < 0)
		return NULL;
	int64_t ax[2] = {-2, -1};
	struct value *axes = int_tuple(2, ax), *fro = ord ? NULL : val_cstr("fro");
	const char *kn[] = {"axis", "keepdims", "ord"};
	struct value *kv[] = {axes, kd, ord ? ord : fro};
	struct value *r = callkw(ev, arr_be(bi), "linalg.norm", 1, &av, 3, kn, kv);
	val_decref(axes);
	val_decref(fro);
	return r;
}

/* linalg.vector_norm(x, /, *, axis=None, keepdims=False, ord=2) */
FN(l_vector_norm)
{
	struct value *av, *axv = NULL, *kdv = NULL, *ord = NULL;
	int keep;
	if (args_parse(ev, "vector_norm", argc, argv, kw, "x|$axis,keepdims,ord", &av, &axv, &kdv, &ord) < 0 ||
	    args_bool(ev, kdv, 0, &keep) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, av);
	if (!a)
		return NULL;
	uint64_t mask;
	if (arr_parse_axes(ev, axv, a->ndim, &mask) < 0) {
		nd_decref(a);
		return NULL;
	}
	/* the reduced axes first, flattened into one, then norm over axis 0 */
	int perm[ND_MAXDIM], n = 0, nrest = 0;
	int64_t shape[ND_MAXDIM], red = 1;
	for (int i = 0; i < a->ndim; i++)
		if (mask >> i & 1) {
			perm[n++] = i;
			red *= a->shape[i];
		}
	for (int i = 0; i < a->ndim; i++)
		if (!(mask >> i & 1)) {
			perm[n++] = i;
			shape[1 + nrest++] = a->shape[i];
		}
	shape[0] = red;
	struct ndarray *t = a->ndim ? arr_transpose(ev, a, perm) : nd_incref(a);
	struct ndarray *x = t ? arr_reshape(ev, t, 1 + nrest, shape) : NULL;
	nd_decref(t);
	struct value *xv = arr_wrap(ev, x), *zero = val_int(0), *r = NULL;
	if (xv) {
		const char *kn[] = {"axis", "ord"};
		struct value *kv[] = {zero, ord};
		r = callkw(ev, be, "linalg.norm", 1, &xv, 2, kn, kv);
	}
	val_decref(xv);
	val_decref(zero);
	if (r && keep) {
		int64_t ks[ND_MAXDIM];
		for (int i = 0; i < a->ndim; i++)
			ks[i] = mask >> i & 1 ? 1 : a->shape[i];
		struct value *st = int_tuple(a->ndim, ks);
		struct value *rr = arr_ns_call(ev, be, "reshape", 2, (struct value *[]){r, st}, NULL);
		val_decref(st);
		val_decref(r);
		r = rr;
	}
	nd_decref(a);
	return r;
}

/* linalg.svdvals(x, /) */
FN(l_svdvals)
{
	struct value *av;
	if (args_parse(ev, "svdvals", argc, argv, kw, "x", &av) < 0)
		return NULL;
	struct value *f = val_bool(0);
	struct value *r = arr_ns_callk(ev, arr_be(bi), "linalg.svd", 1, &av, "compute_uv", f);
	val_decref(f);
	return r;
}

/* linalg.multi_dot(arrays, *, out=None): the chain multiplied left to right */
FN(l_multi_dot)
{
	struct value *lv, *out = NULL;
	if (args_parse(ev, "multi_dot", argc, argv, kw, "arrays|$out", &lv, &out) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "multi_dot: out= is not supported by Lumen");
	struct value *items = val_iter_list(ev, lv);
	if (!items)
		return NULL;
	size_t n = items->u.seq.n;
	struct value **it = items->u.seq.items, *r = NULL;
	if (n < 2) {
		val_decref(items);
		return err_set(ev, TY_ValueError, "Expecting at least two arrays.");
	}
	r = val_incref(it[0]);
	for (size_t i = 1; r && i < n; i++) {
		struct value *args[2] = {r, it[i]};
		struct value *nr = arr_ns_call(ev, arr_be(bi), "dot", 2, args, NULL);
		val_decref(r);
		r = nr;
	}
	val_decref(items);
	return r;
}

/* ---- index helpers ---- */

/* tri-mask indices: np.nonzero(tri(n, m, k, dtype=bool)) or its complement */
static struct value *tri_indices(struct eval *ev, const struct backend *be, struct value *nv,
				 struct value *kv, struct value *mv, int upper)
{
	int64_t k;
	if (args_int(ev, kv, 0, &k) < 0)
		return NULL;
	struct value *kk = val_int(upper ? k - 1 : k), *bt = val_dtype(DT_BOOL, 1);
	struct value *args[3] = {nv, mv ? mv : val_none(), kk};
	const char *kn[] = {"dtype"};
	struct value *kvv[] = {bt};
	struct value *t = callkw(ev, be, "tri", 3, args, 1, kn, kvv);
	if (!mv)
		val_decref(args[1]);
	val_decref(kk);
	val_decref(bt);
	if (t && upper)
		t = ex_fn1(ev, be, "logical_not", t);
	return t ? ex_fn1(ev, be, "nonzero", t) : NULL;
}

/* tril_indices(n, k=0, m=None) */
FN(tril_indices)
{
	struct value *n, *k = NULL, *m = NULL;
	if (args_parse(ev, "tril_indices", argc, argv, kw, "n|k,m", &n, &k, &m) < 0)
		return NULL;
	return tri_indices(ev, arr_be(bi), n, k, m, 0);
}

FN(triu_indices)
{
	struct value *n, *k = NULL, *m = NULL;
	if (args_parse(ev, "triu_indices", argc, argv, kw, "n|k,m", &n, &k, &m) < 0)
		return NULL;
	return tri_indices(ev, arr_be(bi), n, k, m, 1);
}

static struct value *tri_indices_from(struct eval *ev, const struct builtin *bi, const char *name,
				      int argc, struct value **argv, const struct kwargs *kw, int upper)
{
	struct value *av, *k = NULL;
	if (args_parse(ev, name, argc, argv, kw, "arr|k", &av, &k) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), av);
	if (!a)
		return NULL;
	if (a->ndim != 2) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "input array must be 2-d");
	}
	struct value *n = val_int(a->shape[0]), *m = val_int(a->shape[1]);
	nd_decref(a);
	struct value *r = tri_indices(ev, arr_be(bi), n, k, m, upper);
	val_decref(n);
	val_decref(m);
	return r;
}

FN(tril_indices_from) { return tri_indices_from(ev, bi, "tril_indices_from", argc, argv, kw, 0); }
FN(triu_indices_from) { return tri_indices_from(ev, bi, "triu_indices_from", argc, argv, kw, 1); }

/* diag_indices(n, ndim=2): the same arange ndim times */
static struct value *diag_indices(struct eval *ev, const struct backend *be, struct value *nv, int64_t nd)
{
	struct value *idx = arr_ns_call(ev, be, "arange", 1, &nv, NULL);
	if (!idx)
		return NULL;
	if (nd < 0)
		nd = 0;
	struct value **items = calloc((size_t)nd + 1, sizeof *items);
	if (!items) {
		val_decref(idx);
		return err_nomem(ev);
	}
	for (int64_t i = 0; i < nd; i++)
		items[i] = val_incref(idx);
	val_decref(idx);
	struct value *r = val_tuple_new((size_t)nd, items);
	free(items);
	return r;
}

FN(diag_indices)
{
	struct value *n, *ndv = NULL;
	int64_t nd;
	if (args_parse(ev, "diag_indices", argc, argv, kw, "n|ndim", &n, &ndv) < 0 ||
	    args_int(ev, ndv, 2, &nd) < 0)
		return NULL;
	return diag_indices(ev, arr_be(bi), n, nd);
}

FN(diag_indices_from)
{
	struct ndarray *a = one_arr(ev, bi, "diag_indices_from", "arr", argc, argv, kw);
	if (!a)
		return NULL;
	if (a->ndim < 2) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "input array must be at least 2-d");
	}
	for (int i = 1; i < a->ndim; i++)
		if (a->shape[i] != a->shape[0]) {
			nd_decref(a);
			return err_set(ev, TY_ValueError, "All dimensions of input must be of equal length");
		}
	struct value *n = val_int(a->shape[0]);
	struct value *r = diag_indices(ev, arr_be(bi), n, a->ndim);
	val_decref(n);
	nd_decref(a);
	return r;
}

/* fill_diagonal(a, val, wrap=False): a.flat[:end:step] = val, val repeated */
FN(fill_diagonal)
{
	struct value *av, *val, *wv = NULL;
	int wrap;
	if (args_parse(ev, "fill_diagonal", argc, argv, kw, "a,val|wrap", &av, &val, &wv) < 0 ||
	    args_bool(ev, wv, 0, &wrap) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_TypeError, "fill_diagonal: a must be an array");
	if (a->ndim < 2)
		return err_set(ev, TY_ValueError, "array must be at least 2-d");
	int64_t step, end = nd_size(a);
	if (a->ndim == 2) {
		step = a->shape[1] + 1;
		if (!wrap && a->shape[1] * a->shape[1] < end)
			end = a->shape[1] * a->shape[1];
	} else {
		for (int i = 1; i < a->ndim; i++)
			if (a->shape[i] != a->shape[0])
				return err_set(ev, TY_ValueError, "All dimensions of input must be of equal length");
		step = 0;
		int64_t p = 1;
		for (int i = a->ndim - 1; i >= 0; i--) {
			step += p;
			p *= a->shape[i];
		}
	}
	int64_t cnt = end > 0 ? (end - 1) / step + 1 : 0;
	const struct backend *be = arr_be(bi);
	/* positions 0, step, ... as an index tuple, the values resized to cnt */
	struct value *s = val_int(0), *e = val_int(end), *st = val_int(step), *c = val_int(cnt);
	struct value *pos = arr_ns_call(ev, be, "arange", 3, (struct value *[]){s, e, st}, NULL);
	struct value *shp = int_tuple(a->ndim, a->shape);
	struct value *idx = pos ? arr_ns_call(ev, be, "unravel_index", 2, (struct value *[]){pos, shp}, NULL) : NULL;
	struct value *vals = idx ? arr_ns_call(ev, be, "asarray", 1, &val, NULL) : NULL;
	struct value *rv = vals ? arr_ns_call(ev, be, "resize", 2, (struct value *[]){vals, c}, NULL) : NULL;
	int rc = rv ? val_setitem(ev, av, idx, rv) : -1;
	val_decref(s);
	val_decref(e);
	val_decref(st);
	val_decref(c);
	val_decref(pos);
	val_decref(shp);
	val_decref(idx);
	val_decref(vals);
	val_decref(rv);
	return rc < 0 ? NULL : val_none();
}

/* resize(a, new_shape): a's items repeated to fill the new shape */
FN(resize)
{
	struct value *av, *sv;
	if (args_parse(ev, "resize", argc, argv, kw, "a,new_shape", &av, &sv) < 0)
		return NULL;
	int nd;
	int64_t shape[ND_MAXDIM];
	if (arr_parse_shape(ev, sv, &nd, shape) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, av);
	if (!a)
		return NULL;
	int64_t n = 1, size = nd_size(a);
	for (int i = 0; i < nd; i++) {
		if (shape[i] < 0) {
			nd_decref(a);
			return err_set(ev, TY_ValueError, "all elements of `new_shape` must be non-negative");
		}
		n *= shape[i];
	}
	int64_t flat1 = size;
	struct ndarray *f = arr_reshape(ev, a, 1, &flat1);
	nd_decref(a);
	struct value *fv = arr_wrap(ev, f), *r = NULL;
	if (!fv)
		return NULL;
	if (size == 0 || n == 0) {
		struct value *z = val_int(0), *dt = val_getattr(ev, fv, "dtype");
		struct value *shp = int_tuple(nd, shape);
		r = dt ? arr_ns_callk(ev, be, "zeros", 1, &shp, "dtype", dt) : NULL;
		val_decref(z);
		val_decref(dt);
		val_decref(shp);
		val_decref(fv);
		return r;
	}
	int64_t reps = (n + size - 1) / size;
	struct value *rp = val_int(reps);
	struct value *t = arr_ns_call(ev, be, "tile", 2, (struct value *[]){fv, rp}, NULL);
	val_decref(rp);
	val_decref(fv);
	if (!t)
		return NULL;
	struct value *sl = ex_slice(0, n);
	t = ex_item(ev, t, sl);
	struct value *shp = int_tuple(nd, shape);
	r = t ? arr_ns_call(ev, be, "reshape", 2, (struct value *[]){t, shp}, NULL) : NULL;
	val_decref(t);
	val_decref(shp);
	return r;
}

/* ---- integers as text ---- */

/* binary_repr(num, width=None): two's complement of width bits for negatives */
FN(binary_repr)
{
	struct value *nv, *wv = NULL;
	int64_t num, width;
	if (args_parse(ev, "binary_repr", argc, argv, kw, "num|width", &nv, &wv) < 0 ||
	    val_as_int64(ev, nv, &num) < 0 || args_int(ev, wv, -1, &width) < 0)
		return NULL;
	char buf[200], *p = buf + sizeof buf - 1;
	*p = 0;
	if (num == 0) {
		int64_t w = width > 0 ? width : 1;
		if (w > 150)
			return err_set(ev, TY_NotImplementedError, "binary_repr: width over 150 is not supported by Lumen");
		memset(buf, '0', (size_t)w);
		return val_str(buf, (size_t)w);
	}
	if (num > 0) {
		uint64_t u = (uint64_t)num;
		int len = 0;
		for (; u; u >>= 1, len++)
			*--p = (char)('0' + (u & 1));
		if (width > 150)
			return err_set(ev, TY_NotImplementedError, "binary_repr: width over 150 is not supported by Lumen");
		if (width >= 0 && width < len)
			return err_set(ev, TY_ValueError, "Insufficient bit width=%lld provided for binwidth=%d",
				       (long long)width, len);
		while (width > len) {
			*--p = '0';
			len++;
		}
		return val_cstr(p);
	}
	/* negative: '-' + bits of -num without width, else NumPy's two's complement:
	 * poswidth bits of -num (one less at a power of two), 2**(poswidth+1) + num,
	 * padded with ones to width */
	uint64_t u = (uint64_t)0 - (uint64_t)num;
	int poswidth = 0;
	for (uint64_t t = u; t; t >>= 1)
		poswidth++;
	if (width < 0) {
		for (; u; u >>= 1)
			*--p = (char)('0' + (u & 1));
		*--p = '-';
		return val_cstr(p);
	}
	if (u == (uint64_t)1 << (poswidth - 1))
		poswidth--;
	if (poswidth + 1 >= 64)
		return err_set(ev, TY_NotImplementedError, "binary_repr: widths over 63 bits are not supported by Lumen");
	uint64_t twos = ((uint64_t)1 << (poswidth + 1)) - u;
	int binwidth = 0;
	for (; twos; twos >>= 1, binwidth++)
		*--p = (char)('0' + (twos & 1));
	if (width < binwidth)
		return err_set(ev, TY_ValueError, "Insufficient bit width=%lld provided for binwidth=%d",
			       (long long)width, binwidth);
	if (width > 150)
		return err_set(ev, TY_NotImplementedError, "binary_repr: width over 150 is not supported by Lumen");
	for (int64_t i = binwidth; i < width; i++)
		*--p = '1';
	return val_cstr(p);
}

/* base_repr(number, base=2, padding=0) */
FN(base_repr)
{
	struct value *nv, *bv = NULL, *pv = NULL;
	int64_t num, base, pad;
	if (args_parse(ev, "base_repr", argc, argv, kw, "number|base,padding", &nv, &bv, &pv) < 0 ||
	    val_as_int64(ev, nv, &num) < 0 || args_int(ev, bv, 2, &base) < 0 || args_int(ev, pv, 0, &pad) < 0)
		return NULL;
	static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	if (base > 36)
		return err_set(ev, TY_ValueError, "Bases greater than 36 not handled in base_repr.");
	if (base < 2)
		return err_set(ev, TY_ValueError, "Bases less than 2 not handled in base_repr.");
	if (pad > 100)
		return err_set(ev, TY_NotImplementedError, "base_repr: padding over 100 is not supported by Lumen");
	char buf[200], *p = buf + sizeof buf - 1;
	*p = 0;
	uint64_t u = num < 0 ? (uint64_t)0 - (uint64_t)num : (uint64_t)num;
	for (; u; u /= (uint64_t)base)
		*--p = digits[u % (uint64_t)base];
	for (int64_t i = 0; i < pad; i++)
		*--p = '0';
	if (num < 0)
		*--p = '-';
	else if (num == 0 && !*p)
		*--p = '0';
	return val_cstr(p);
}

/* ---- cumulative_sum / cumulative_prod (the array API's) ---- */

static struct value *cumulative(struct eval *ev, const struct builtin *bi, const char *name,
				const char *fn, int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *axv = NULL, *dt = NULL, *out = NULL, *iiv = NULL;
	int ii;
	if (args_parse(ev, name, argc, argv, kw, "x|$axis,dtype,out,include_initial", &xv, &axv, &dt, &out, &iiv) < 0 ||
	    args_bool(ev, iiv, 0, &ii) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s: out= is not supported by Lumen", name);
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, xv);
	if (!a)
		return NULL;
	int nd = a->ndim;
	if (nd == 0) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "Cannot apply `%s` to a 0-D array", name);
	}
	int64_t ax = 0;
	if (!axv || axv->type == VT_NONE) {
		if (nd > 1) {
			nd_decref(a);
			return err_set(ev, TY_ValueError, "For arrays which have more than one dimension ``axis`` argument is required.");
		}
	} else if (val_as_int64(ev, axv, &ax) < 0) {
		nd_decref(a);
		return NULL;
	}
	int axn;
	if (arr_normalize_axis(ev, ax, nd, &axn) < 0) {
		nd_decref(a);
		return NULL;
	}
	struct value *av = arr_wrap(ev, a), *axi = val_int(axn);
	const char *kn[] = {"axis", "dtype"};
	struct value *kv[] = {axi, dt};
	struct value *r = av ? callkw(ev, be, fn, 1, &av, 2, kn, kv) : NULL;
	if (r && ii) {
		/* the identity (0 or 1) of r's dtype, one slice along the axis, in front */
		struct value *sl = ex_axis_key(axn, ex_slice(0, 1));
		struct value *first = ex_item(ev, val_incref(r), sl);
		struct value *ini = first ? arr_ns_call(ev, be, strcmp(fn, "cumsum") ? "ones_like" : "zeros_like", 1,
							&first, NULL) : NULL;
		val_decref(first);
		struct value *pair = ini ? val_tuple_new(2, (struct value *[]){ini, val_incref(r)}) : NULL;
		struct value *c = pair ? arr_ns_callk(ev, be, "concatenate", 1, &pair, "axis", axi) : NULL;
		val_decref(pair);
		val_decref(r);
		r = c;
	}
	val_decref(axi);
	val_decref(av);
	return r;
}

FN(cumulative_sum) { return cumulative(ev, bi, "cumulative_sum", "cumsum", argc, argv, kw); }
FN(cumulative_prod) { return cumulative(ev, bi, "cumulative_prod", "cumprod", argc, argv, kw); }

/* ---- set routines ---- */

static struct value *ravel_of(struct eval *ev, const struct backend *be, struct value *v)
{
	return arr_ns_call(ev, be, "ravel", 1, &v, NULL);
}

static struct value *concat2(struct eval *ev, const struct backend *be, struct value *a, struct value *b)
{
	if (!a || !b) {
		val_decref(a);
		val_decref(b);
		return NULL;
	}
	struct value *pair = val_tuple_new(2, (struct value *[]){a, b});
	struct value *r = arr_ns_call(ev, be, "concatenate", 1, &pair, NULL);
	val_decref(pair);
	return r;
}

static struct value *unique_of(struct eval *ev, const struct backend *be, struct value *v)
{
	return v ? ex_fn1(ev, be, "unique", v) : NULL;
}

/* union1d(ar1, ar2) */
FN(union1d)
{
	struct value *a, *b;
	if (args_parse(ev, "union1d", argc, argv, kw, "ar1,ar2", &a, &b) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	return unique_of(ev, be, concat2(ev, be, ravel_of(ev, be, a), ravel_of(ev, be, b)));
}

/* the sorted concatenation of both arrays' unique values (or ravelled ones) */
static struct value *sorted_pair(struct eval *ev, const struct backend *be, struct value *a, struct value *b,
				 int assume_unique)
{
	struct value *ua = assume_unique ? ravel_of(ev, be, a) : unique_of(ev, be, val_incref(a));
	struct value *ub = assume_unique ? ravel_of(ev, be, b) : unique_of(ev, be, val_incref(b));
	struct value *c = concat2(ev, be, ua, ub);
	return c ? ex_fn1(ev, be, "sort", c) : NULL;
}

/* unique(v, return_index=True): (values, first indices) into *u, *ind */
static int unique_index(struct eval *ev, const struct backend *be, struct value *v, struct value **u,
			struct value **ind)
{
	struct value *t = val_bool(1);
	const char *kn[] = {"return_index"};
	struct value *kv[] = {t};
	struct value *r = callkw(ev, be, "unique", 1, &v, 1, kn, kv);
	val_decref(t);
	*u = r ? ex_item(ev, val_incref(r), val_int(0)) : NULL;
	*ind = r ? ex_item(ev, val_incref(r), val_int(1)) : NULL;
	val_decref(r);
	if (!*u || !*ind) {
		val_decref(*u);
		val_decref(*ind);
		return -1;
	}
	return 0;
}

/* intersect1d(..., return_indices=True): NumPy's steps, a stable argsort of
 * the concatenation and the first-occurrence indices of each side */
static struct value *intersect_indices(struct eval *ev, const struct backend *be, struct value *a,
				       struct value *b, int au)
{
	struct value *ua = NULL, *ub = NULL, *ia = NULL, *ib = NULL, *res = NULL;
	if (au) {
		ua = ravel_of(ev, be, a);
		ub = ravel_of(ev, be, b);
		if (!ua || !ub)
			goto out;
	} else if (unique_index(ev, be, a, &ua, &ia) < 0 || unique_index(ev, be, b, &ub, &ib) < 0) {
		goto out;
	}
	int64_t na = nd_size(arr_borrow(ua));
	struct value *aux = concat2(ev, be, val_incref(ua), val_incref(ub));
	struct value *ms = val_cstr("mergesort");
	struct value *order = aux && ms ? arr_ns_callk(ev, be, "argsort", 1, &aux, "kind", ms) : NULL;
	val_decref(ms);
	aux = order ? ex_item(ev, aux, val_incref(order)) : (val_decref(aux), NULL);
	if (!aux) {
		val_decref(order);
		goto out;
	}
	struct value *hi = ex_item(ev, val_incref(aux), ex_slice(1, NS_NONE));
	struct value *lo = ex_item(ev, aux, ex_slice(NS_NONE, -1));
	struct value *mask = ex_bin(ev, OP_EQ, hi, lo ? val_incref(lo) : NULL);
	struct value *int1d = mask ? ex_item(ev, lo, val_incref(mask)) : (val_decref(lo), NULL);
	struct value *i1 = mask ? ex_item(ev, ex_item(ev, val_incref(order), ex_slice(NS_NONE, -1)), val_incref(mask)) : NULL;
	struct value *i2 = mask ? ex_bin(ev, OP_SUB, ex_item(ev, ex_item(ev, val_incref(order), ex_slice(1, NS_NONE)),
							 val_incref(mask)), val_int(na)) : NULL;
	val_decref(mask);
	val_decref(order);
	if (!au) {
		i1 = i1 ? ex_item(ev, val_incref(ia), i1) : NULL;
		i2 = i2 ? ex_item(ev, val_incref(ib), i2) : NULL;
	}
	if (!int1d || !i1 || !i2) {
		val_decref(int1d);
		val_decref(i1);
		val_decref(i2);
		goto out;
	}
	res = val_tuple_new(3, (struct value *[]){int1d, i1, i2});
out:
	val_decref(ua);
	val_decref(ub);
	val_decref(ia);
	val_decref(ib);
	return res;
}

/* intersect1d(ar1, ar2, assume_unique=False, return_indices=False) */
FN(intersect1d)
{
	struct value *a, *b, *auv = NULL, *riv = NULL;
	int au, ri;
	if (args_parse(ev, "intersect1d", argc, argv, kw, "ar1,ar2|assume_unique,return_indices", &a, &b, &auv, &riv) < 0 ||
	    args_bool(ev, auv, 0, &au) < 0 || args_bool(ev, riv, 0, &ri) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	if (ri)
		return intersect_indices(ev, be, a, b, au);
	struct value *aux = sorted_pair(ev, be, a, b, au);
	if (!aux)
		return NULL;
	struct value *hi = ex_item(ev, val_incref(aux), ex_slice(1, NS_NONE));
	struct value *lo = ex_item(ev, val_incref(aux), ex_slice(NS_NONE, -1));
	struct value *mask = ex_bin(ev, OP_EQ, hi, val_incref(lo));
	val_decref(aux);
	return ex_item(ev, lo, mask);
}

/* setdiff1d(ar1, ar2, assume_unique=False) */
FN(setdiff1d)
{
	struct value *a, *b, *auv = NULL;
	int au;
	if (args_parse(ev, "setdiff1d", argc, argv, kw, "ar1,ar2|assume_unique", &a, &b, &auv) < 0 ||
	    args_bool(ev, auv, 0, &au) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *ua = au ? ravel_of(ev, be, a) : unique_of(ev, be, val_incref(a));
	if (!ua)
		return NULL;
	struct value *t = val_bool(1);
	const char *kn[] = {"invert"};
	struct value *kv[] = {t};
	struct value *m = callkw(ev, be, "isin", 2, (struct value *[]){ua, b}, 1, kn, kv);
	val_decref(t);
	return ex_item(ev, ua, m);
}

/* setxor1d(ar1, ar2, assume_unique=False) */
FN(setxor1d)
{
	struct value *a, *b, *auv = NULL;
	int au;
	if (args_parse(ev, "setxor1d", argc, argv, kw, "ar1,ar2|assume_unique", &a, &b, &auv) < 0 ||
	    args_bool(ev, auv, 0, &au) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *aux = sorted_pair(ev, be, a, b, au);
	if (!aux)
		return NULL;
	struct ndarray *x = arr_borrow(aux);
	if (x && nd_size(x) == 0)
		return aux;
	/* flag = [True, aux[1:] != aux[:-1], True]; keep where flag[1:] & flag[:-1] */
	struct value *hi = ex_item(ev, val_incref(aux), ex_slice(1, NS_NONE));
	struct value *lo = ex_item(ev, val_incref(aux), ex_slice(NS_NONE, -1));
	struct value *ne = ex_bin(ev, OP_NE, hi, lo);
	struct value *tr = val_list_new(1, (struct value *[]){val_bool(1)});
	struct value *flag = concat2(ev, be, concat2(ev, be, val_incref(tr), ne), tr);
	struct value *f1 = ex_item(ev, val_incref(flag), ex_slice(1, NS_NONE));
	struct value *f0 = ex_item(ev, flag, ex_slice(NS_NONE, -1));
	return ex_item(ev, aux, ex_bin(ev, OP_AND, f1, f0));
}

/* unique_counts / unique_inverse / unique_all: np.unique's sorted results as
 * NumPy's named tuples, the inverse in x's shape */
static const char *const uc_fields[] = {"values", "counts", NULL};
static const char *const ui_fields[] = {"values", "inverse_indices", NULL};
static const char *const ua_fields[] = {"values", "indices", "inverse_indices", "counts", NULL};
static const struct seqtype uc_type = {"UniqueCountsResult", uc_fields};
static const struct seqtype ui_type = {"UniqueInverseResult", ui_fields};
static const struct seqtype ua_type = {"UniqueAllResult", ua_fields};

static struct value *unique_named(struct eval *ev, const struct builtin *bi, const char *name, int argc,
				  struct value **argv, const struct kwargs *kw, int what)
{
	struct value *xv;
	if (args_parse(ev, name, argc, argv, kw, "x", &xv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *x = as_arr(ev, be, xv);
	if (!x)
		return NULL;
	struct value *t = val_bool(1), *f = val_bool(0);
	const char *kn[] = {"return_index", "return_inverse", "return_counts", "equal_nan"};
	struct value *kv[] = {what == 2 ? t : NULL, what >= 1 ? t : NULL, what != 1 ? t : NULL, f};
	struct value *u = callkw(ev, be, "unique", 1, &xv, 4, kn, kv);
	val_decref(t);
	val_decref(f);
	if (!u) {
		nd_decref(x);
		return NULL;
	}
	size_t n = u->u.seq.n;
	struct value *items[4];
	for (size_t i = 0; i < n; i++)
		items[i] = val_incref(u->u.seq.items[i]);
	val_decref(u);
	if (what >= 1) { /* the inverse in x's shape */
		size_t k = what == 1 ? 1 : 2;
		struct value *shp = int_tuple(x->ndim, x->shape);
		struct value *r = arr_ns_call(ev, be, "reshape", 2, (struct value *[]){items[k], shp}, NULL);
		val_decref(shp);
		val_decref(items[k]);
		items[k] = r;
		if (!r) {
			for (size_t i = 0; i < n; i++)
				val_decref(items[i]);
			nd_decref(x);
			return NULL;
		}
	}
	nd_decref(x);
	return val_named_tuple_new(what == 0 ? &uc_type : what == 1 ? &ui_type : &ua_type, n, items);
}

FN(unique_counts) { return unique_named(ev, bi, "unique_counts", argc, argv, kw, 0); }
FN(unique_inverse) { return unique_named(ev, bi, "unique_inverse", argc, argv, kw, 1); }
FN(unique_all) { return unique_named(ev, bi, "unique_all", argc, argv, kw, 2); }

/* ediff1d(ary, to_end=None, to_begin=None) */
FN(ediff1d)
{
	struct value *a, *te = NULL, *tb = NULL;
	if (args_parse(ev, "ediff1d", argc, argv, kw, "ary|to_end,to_begin", &a, &te, &tb) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *r = ravel_of(ev, be, a);
	r = r ? ex_fn1(ev, be, "diff", r) : NULL;
	if (r && tb && tb->type != VT_NONE) {
		struct value *dt = val_getattr(ev, r, "dtype");
		struct value *b = dt ? arr_ns_callk(ev, be, "asarray", 1, &tb, "dtype", dt) : NULL;
		val_decref(dt);
		r = concat2(ev, be, b ? ravel_of(ev, be, b) : NULL, r);
		val_decref(b);
	}
	if (r && te && te->type != VT_NONE) {
		struct value *dt = val_getattr(ev, r, "dtype");
		struct value *e = dt ? arr_ns_callk(ev, be, "asarray", 1, &te, "dtype", dt) : NULL;
		val_decref(dt);
		r = concat2(ev, be, r, e ? ravel_of(ev, be, e) : NULL);
		val_decref(e);
	}
	return r;
}

/* ---- masked assignment ---- */

/* putmask(a, mask, values): a.flat[n] = values[n % len(values)] where mask */
FN(putmask)
{
	struct value *av, *mv, *vv;
	if (args_parse(ev, "putmask", argc, argv, kw, "a,mask,values", &av, &mv, &vv) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_TypeError, "putmask: first argument must be an array");
	const struct backend *be = arr_be(bi);
	struct value *sz = val_int(nd_size(a)), *shp = int_tuple(a->ndim, a->shape);
	struct value *vals = arr_ns_call(ev, be, "resize", 2, (struct value *[]){vv, sz}, NULL);
	struct value *m = vals ? arr_ns_call(ev, be, "broadcast_to", 2, (struct value *[]){mv, shp}, NULL) : NULL;
	struct value *idx = m ? arr_ns_call(ev, be, "flatnonzero", 1, &m, NULL) : NULL;
	struct value *pick = idx ? val_getitem(ev, vals, idx) : NULL;
	struct value *nd = pick ? arr_ns_call(ev, be, "unravel_index", 2, (struct value *[]){idx, shp}, NULL) : NULL;
	int rc = nd ? val_setitem(ev, av, nd, pick) : -1;
	val_decref(sz);
	val_decref(shp);
	val_decref(vals);
	val_decref(m);
	val_decref(idx);
	val_decref(pick);
	val_decref(nd);
	return rc < 0 ? NULL : val_none();
}

/* place(arr, mask, vals): the masked items, in order, take vals repeated */
FN(place)
{
	struct value *av, *mv, *vv;
	if (args_parse(ev, "place", argc, argv, kw, "arr,mask,vals", &av, &mv, &vv) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_TypeError, "argument 1 must be numpy.ndarray, not %s", val_type_name(av));
	const struct backend *be = arr_be(bi);
	struct value *shp = int_tuple(a->ndim, a->shape);
	struct value *m = arr_ns_call(ev, be, "broadcast_to", 2, (struct value *[]){mv, shp}, NULL);
	struct value *idx = m ? arr_ns_call(ev, be, "flatnonzero", 1, &m, NULL) : NULL;
	struct ndarray *ia = arr_borrow(idx);
	int rc = -1;
	if (ia) {
		struct value *cnt = val_int(nd_size(ia));
		struct value *va = arr_ns_call(ev, be, "ravel", 1, &vv, NULL);
		struct ndarray *vx = arr_borrow(va);
		if (vx && nd_size(vx) == 0 && nd_size(ia) > 0)
			err_set(ev, TY_ValueError, "Cannot insert from an empty array!");
		else if (va) {
			struct value *vals = arr_ns_call(ev, be, "resize", 2, (struct value *[]){va, cnt}, NULL);
			struct value *nd = vals ? arr_ns_call(ev, be, "unravel_index", 2, (struct value *[]){idx, shp}, NULL) : NULL;
			rc = nd ? val_setitem(ev, av, nd, vals) : -1;
			val_decref(vals);
			val_decref(nd);
		}
		val_decref(va);
		val_decref(cnt);
	}
	val_decref(shp);
	val_decref(m);
	val_decref(idx);
	return rc < 0 ? NULL : val_none();
}

/* ---- splitting by axis ---- */

static struct value *split_axis(struct eval *ev, const struct builtin *bi, const char *name, int argc,
				struct value **argv, const struct kwargs *kw, int minnd)
{
	struct value *av, *iv;
	if (args_parse(ev, name, argc, argv, kw, "ary,indices_or_sections", &av, &iv) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), av);
	if (!a)
		return NULL;
	int nd = a->ndim;
	nd_decref(a);
	if (nd < minnd)
		return err_set(ev, TY_ValueError, "%s only works on arrays of %d or more dimensions", name, minnd);
	int axis = !strcmp(name, "hsplit") ? (nd > 1 ? 1 : 0) : !strcmp(name, "vsplit") ? 0 : 2;
	struct value *ax = val_int(axis);
	struct value *r = arr_ns_callk(ev, arr_be(bi), "split", 2, (struct value *[]){av, iv}, "axis", ax);
	val_decref(ax);
	return r;
}

FN(hsplit) { return split_axis(ev, bi, "hsplit", argc, argv, kw, 1); }
FN(vsplit) { return split_axis(ev, bi, "vsplit", argc, argv, kw, 2); }
FN(dsplit) { return split_axis(ev, bi, "dsplit", argc, argv, kw, 3); }

/* astype(x, dtype, /, *, copy=True, device=None) */
FN(astype)
{
	struct value *xv, *dt, *cp = NULL, *dev = NULL;
	if (args_parse(ev, "astype", argc, argv, kw, "x,dtype|$copy,device", &xv, &dt, &cp, &dev) < 0)
		return NULL;
	if (!arr_borrow(xv))
		return err_set(ev, TY_TypeError, "Input should be a NumPy array. It is a %s instead.", val_type_name(xv));
	const char *kn[] = {"copy"};
	struct value *kv[] = {cp};
	struct value *f = val_getattr(ev, xv, "astype"), *r;
	if (!f)
		return NULL;
	const char *names[1] = {kn[0]};
	struct kwargs k = {cp ? 1 : 0, names, kv};
	r = val_call(ev, f, 1, &dt, cp ? &k : NULL);
	val_decref(f);
	return r;
}

/* rollaxis(a, axis, start=0) */
FN(rollaxis)
{
	struct value *av, *axv, *sv = NULL;
	int64_t axis, start;
	if (args_parse(ev, "rollaxis", argc, argv, kw, "a,axis|start", &av, &axv, &sv) < 0 ||
	    val_as_int64(ev, axv, &axis) < 0 || args_int(ev, sv, 0, &start) < 0)
		return NULL;
	struct ndarray *a = as_arr(ev, arr_be(bi), av);
	if (!a)
		return NULL;
	int n = a->ndim, ax;
	if (arr_normalize_axis(ev, axis, n, &ax) < 0) {
		nd_decref(a);
		return NULL;
	}
	if (start < 0)
		start += n;
	if (!(0 <= start && start < n + 1)) {
		nd_decref(a);
		return err_set(ev, TY_AxisError, "'start' arg requires %d <= start < %d, but %lld was passed in",
			       -n, n + 1, (long long)(start < 0 ? start - n : start));
	}
	if (ax < start)
		start--;
	int perm[ND_MAXDIM], k = 0;
	for (int i = 0; i < n; i++)
		if (i != ax)
			perm[k++] = i;
	for (int i = n - 1; i > start; i--)
		perm[i] = perm[i - 1];
	perm[start] = ax; /* ax == start: the identity, a view as NumPy's a[...] */
	struct value *r = arr_wrap(ev, arr_transpose(ev, a, perm));
	nd_decref(a);
	return r;
}

/* trim_zeros(filt, trim='fb', axis=None): the bounding box of the nonzero
 * items (NumPy 2.2+), a 1-d filt sliced as it came (a list stays a list) */
FN(trim_zeros)
{
	struct value *fv, *tv = NULL, *axv = NULL;
	if (args_parse(ev, "trim_zeros", argc, argv, kw, "filt|trim,axis", &fv, &tv, &axv) < 0)
		return NULL;
	const char *trim = tv ? val_as_cstr(tv) : "fb";
	if (!trim)
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'lower'", val_type_name(tv));
	char low[8] = {0};
	for (int i = 0; trim[i] && i < 7; i++)
		low[i] = (char)(trim[i] >= 'A' && trim[i] <= 'Z' ? trim[i] + 32 : trim[i]);
	if (strlen(trim) > 2 || (strcmp(low, "fb") && strcmp(low, "bf") && strcmp(low, "f") && strcmp(low, "b")))
		return err_set(ev, TY_ValueError, "unexpected character(s) in `trim`: '%s'", trim);
	int front = strchr(low, 'f') != NULL, back = strchr(low, 'b') != NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, fv);
	if (!a)
		return NULL;
	int nd = a->ndim;
	int64_t start[ND_MAXDIM], stop[ND_MAXDIM];
	struct value *av = arr_wrap(ev, nd_incref(a));
	struct value *nz = av ? arr_ns_call(ev, be, "argwhere", 1, &av, NULL) : NULL;
	val_decref(av);
	struct ndarray *nza = arr_borrow(nz);
	if (!nza) {
		val_decref(nz);
		nd_decref(a);
		return NULL;
	}
	int empty = nza->shape[0] == 0;
	for (int k = 0; k < 2 && !empty; k++) {
		struct value *z = val_int(0);
		struct value *m = arr_method_call(ev, nz, k ? "max" : "min", 1, &z, NULL);
		val_decref(z);
		for (int i = 0; m && i < nd; i++) {
			struct value *ii = val_int(i), *x = val_getitem(ev, m, ii);
			int64_t v = 0;
			int rc = x ? val_as_int64(ev, x, &v) : -1;
			val_decref(ii);
			val_decref(x);
			if (rc < 0) {
				val_decref(m);
				m = NULL;
				break;
			}
			if (k)
				stop[i] = v + 1;
			else
				start[i] = v;
		}
		if (!m) {
			val_decref(nz);
			nd_decref(a);
			return NULL;
		}
		val_decref(m);
	}
	val_decref(nz);
	for (int i = 0; i < nd; i++) {
		if (empty)
			start[i] = stop[i] = 0;
		else {
			if (!front)
				start[i] = NS_NONE;
			if (!back)
				stop[i] = NS_NONE;
		}
	}
	struct value *key;
	if (nd == 1) {
		key = ex_slice(start[0], stop[0]);
	} else if (!axv || axv->type == VT_NONE) {
		struct value *items[ND_MAXDIM];
		for (int i = 0; i < nd; i++)
			items[i] = ex_slice(start[i], stop[i]);
		key = val_tuple_new((size_t)nd, items);
	} else {
		int64_t ax;
		int axn;
		if (val_as_int64(ev, axv, &ax) < 0 || arr_normalize_axis(ev, ax, nd, &axn) < 0) {
			nd_decref(a);
			return NULL;
		}
		struct value *items[ND_MAXDIM + 1];
		for (int i = 0; i < axn; i++)
			items[i] = ex_slice(NS_NONE, NS_NONE);
		items[axn] = ex_slice(start[axn], stop[axn]);
		items[axn + 1] = val_ellipsis();
		key = val_tuple_new((size_t)axn + 2, items);
	}
	nd_decref(a);
	if (!key)
		return NULL;
	struct value *r = val_getitem(ev, fv, key);
	val_decref(key);
	return r;
}

/* unwrap(p, discont=None, axis=-1, *, period=2*pi), NumPy's steps */
FN(unwrap)
{
	struct value *pv, *dv = NULL, *axv = NULL, *perv = NULL;
	int64_t ax;
	if (args_parse(ev, "unwrap", argc, argv, kw, "p|discont,axis,$period", &pv, &dv, &axv, &perv) < 0 ||
	    args_int(ev, axv, -1, &ax) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *p = arr_ns_call(ev, be, "asarray", 1, &pv, NULL);
	struct ndarray *pa = arr_borrow(p);
	if (!pa)
		return NULL;
	int axn;
	if (arr_normalize_axis(ev, ax, pa->ndim, &axn) < 0) {
		val_decref(p);
		return NULL;
	}
	struct value *period = perv ? val_incref(perv) : val_float(2 * M_PI), *axi = val_int(axn);
	struct value *dd = arr_ns_callk(ev, be, "diff", 1, &p, "axis", axi);
	struct value *disc = dv && dv->type != VT_NONE ? val_incref(dv) : ex_bin(ev, OP_TRUEDIV, val_incref(period), val_int(2));
	struct value *dt = dd ? arr_ns_call(ev, be, "result_type", 2, (struct value *[]){dd, period}, NULL) : NULL;
	struct value *r = NULL, *high = NULL;
	int ambiguous = 1;
	if (!dt || !disc)
		goto out;
	int dti;
	if (arr_parse_dtype(ev, dt, &dti) < 0)
		goto out;
	if (dt_is_int(dti)) {
		int64_t per;
		if (val_as_int64(ev, period, &per) < 0)
			goto out;
		int64_t q = per / 2 - ((per % 2 != 0) && (per < 0)), rem = per - 2 * q; /* Python's divmod */
		high = val_int(q);
		ambiguous = rem == 0;
	} else {
		high = ex_bin(ev, OP_TRUEDIV, val_incref(period), val_int(2));
	}
	struct value *low = ex_neg(ev, val_incref(high));
	/* ddmod = mod(dd - low, period) + low */
	struct value *ddmod = ex_bin(ev, OP_ADD, ex_fn2(ev, be, "mod", ex_bin(ev, OP_SUB, val_incref(dd), val_incref(low)),
						      val_incref(period)), val_incref(low));
	if (ddmod && ambiguous) {
		struct value *m = ex_bin(ev, OP_AND, ex_bin(ev, OP_EQ, val_incref(ddmod), val_incref(low)),
					 ex_bin(ev, OP_GT, val_incref(dd), val_int(0)));
		struct value *w = m ? arr_ns_call(ev, be, "where", 3, (struct value *[]){m, high, ddmod}, NULL) : NULL;
		struct value *ddt = w ? val_getattr(ev, ddmod, "dtype") : NULL;
		struct value *wc = ddt ? arr_ns_callk(ev, be, "asarray", 1, &w, "dtype", ddt) : NULL;
		val_decref(ddt);
		val_decref(m);
		val_decref(w);
		val_decref(ddmod);
		ddmod = wc;
	}
	val_decref(low);
	struct value *ph = ex_bin(ev, OP_SUB, ddmod, val_incref(dd));
	struct value *small = ex_bin(ev, OP_LT, ex_fn1(ev, be, "absolute", val_incref(dd)), val_incref(disc));
	struct value *zero = val_int(0);
	struct value *phc = (ph && small) ? arr_ns_call(ev, be, "where", 3, (struct value *[]){small, zero, ph}, NULL) : NULL;
	val_decref(zero);
	val_decref(small);
	struct value *pdt = phc && ph ? val_getattr(ev, ph, "dtype") : NULL;
	struct value *phd = pdt ? arr_ns_callk(ev, be, "asarray", 1, &phc, "dtype", pdt) : NULL;
	val_decref(pdt);
	val_decref(phc);
	val_decref(ph);
	struct value *cs = phd ? arr_method_call(ev, phd, "cumsum", 1, &axi, NULL) : NULL;
	val_decref(phd);
	struct value *up = cs ? arr_ns_callk(ev, be, "array", 1, &p, "dtype", dt) : NULL;
	if (up) {
		struct value *key = ex_axis_key(axn, ex_slice(1, NS_NONE));
		struct value *tail = ex_bin(ev, OP_ADD, ex_item(ev, val_incref(p), val_incref(key)), val_incref(cs));
		int rc = tail ? val_setitem(ev, up, key, tail) : -1;
		val_decref(key);
		val_decref(tail);
		if (rc == 0)
			r = val_incref(up);
	}
	val_decref(up);
	val_decref(cs);
out:
	val_decref(high);
	val_decref(dt);
	val_decref(disc);
	val_decref(dd);
	val_decref(axi);
	val_decref(period);
	val_decref(p);
	return r;
}

/* apply_along_axis(func1d, axis, arr, *args, **kwargs) */
FN(apply_along_axis)
{
	if (argc < 3)
		return err_set(ev, TY_TypeError, "apply_along_axis() missing %d required positional argument%s",
			       3 - argc, 3 - argc == 1 ? "" : "s");
	struct value *fn = argv[0];
	int64_t ax;
	if (val_as_int64(ev, argv[1], &ax) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, argv[2]);
	if (!a)
		return NULL;
	int nd = a->ndim, axn;
	if (arr_normalize_axis(ev, ax, nd, &axn) < 0) {
		nd_decref(a);
		return NULL;
	}
	/* the other axes in front, axis last */
	int perm[ND_MAXDIM], k = 0;
	for (int i = 0; i < nd; i++)
		if (i != axn)
			perm[k++] = i;
	perm[k] = axn;
	struct ndarray *v = arr_transpose(ev, a, perm);
	nd_decref(a);
	if (!v)
		return NULL;
	int outer = nd - 1;
	int64_t total = 1, idx[ND_MAXDIM] = {0};
	for (int i = 0; i < outer; i++)
		total *= v->shape[i];
	if (total == 0) {
		nd_decref(v);
		return err_set(ev, TY_ValueError, "Cannot apply_along_axis when any iteration dimensions are 0");
	}
	struct value *vv = arr_wrap(ev, v), *buff = NULL, *r = NULL;
	int rnd = 0;
	for (int64_t it = 0; vv && it < total; it++) {
		struct value *items[ND_MAXDIM];
		for (int i = 0; i < outer; i++)
			items[i] = val_int(idx[i]);
		struct value *key = val_tuple_new((size_t)outer, items);
		struct value *sl = key ? val_getitem(ev, vv, key) : NULL;
		struct value *args[64];
		int na = argc - 2 > 63 ? 63 : argc - 2;
		args[0] = sl;
		for (int i = 1; i < na; i++)
			args[i] = argv[2 + i];
		struct value *res = sl ? val_call(ev, fn, na, args, kw) : NULL;
		struct value *ra = res ? arr_ns_call(ev, be, "asanyarray", 1, &res, NULL) : NULL;
		val_decref(sl);
		val_decref(res);
		struct ndarray *rr = arr_borrow(ra);
		if (rr && !buff) {
			int64_t bs[ND_MAXDIM];
			rnd = rr->ndim;
			if (outer + rnd > ND_MAXDIM) {
				err_set(ev, TY_ValueError, "apply_along_axis: too many dimensions");
			} else {
				for (int i = 0; i < outer; i++)
					bs[i] = v->shape[i];
				for (int i = 0; i < rnd; i++)
					bs[outer + i] = rr->shape[i];
				struct value *bsh = int_tuple(outer + rnd, bs), *bdt = val_getattr(ev, ra, "dtype");
				buff = bdt ? arr_ns_callk(ev, be, "zeros", 1, &bsh, "dtype", bdt) : NULL;
				val_decref(bsh);
				val_decref(bdt);
			}
		}
		int rc = (rr && buff) ? val_setitem(ev, buff, key, ra) : -1;
		val_decref(key);
		val_decref(ra);
		if (rc < 0) {
			val_decref(buff);
			buff = NULL;
			break;
		}
		for (int i = outer - 1; i >= 0; i--) {
			if (++idx[i] < v->shape[i])
				break;
			idx[i] = 0;
		}
	}
	val_decref(vv);
	if (!buff)
		return NULL;
	/* the result's axes back in place of axis */
	int bp[ND_MAXDIM], n = 0, bnd = outer + rnd;
	for (int i = 0; i < axn; i++)
		bp[n++] = i;
	for (int i = outer; i < bnd; i++)
		bp[n++] = i;
	for (int i = axn; i < outer; i++)
		bp[n++] = i;
	struct ndarray *ba = arr_borrow(buff);
	r = arr_wrap(ev, arr_transpose(ev, ba, bp));
	val_decref(buff);
	return r;
}

/* min_scalar_type(a): the smallest dtype holding a's value (scalars, 0-d),
 * else a's dtype */
FN(min_scalar_type)
{
	struct ndarray *a = one_arr(ev, bi, "min_scalar_type", "a", argc, argv, kw);
	if (!a)
		return NULL;
	int dt = a->dtype;
	if (a->ndim == 0 && nd_device(a) != DEV_HOST) {
		nd_decref(a);
		return err_set(ev, TY_NotImplementedError, "min_scalar_type of a 0-d device array: its value lives on the GPU (Lumen does not copy it back implicitly)");
	}
	if (a->ndim == 0 && (dt_is_int(dt) || dt_is_float(dt) || dt_is_complex(dt))) {
		struct value *x = arr_scalar_at(ev, a, nd_data(a));
		if (!x) {
			nd_decref(a);
			return NULL;
		}
		if (dt_is_int(dt)) {
			int64_t v;
			uint64_t u = 0;
			int neg = 0;
			if (dt == DT_UINT64) {
				u = *(uint64_t *)nd_data(a);
			} else if (val_as_int64(ev, x, &v) == 0) {
				neg = v < 0;
				u = neg ? 0 : (uint64_t)v;
				if (neg)
					dt = v >= INT8_MIN ? DT_INT8 : v >= INT16_MIN ? DT_INT16 : v >= INT32_MIN ? DT_INT32 : DT_INT64;
			}
			if (!neg)
				dt = u <= UINT8_MAX ? DT_UINT8 : u <= UINT16_MAX ? DT_UINT16 : u <= UINT32_MAX ? DT_UINT32 : DT_UINT64;
		} else {
			double _Complex c = 0;
			if (val_as_complex(ev, x, &c) == 0) {
				double m = fabs(creal(c)) > fabs(cimag(c)) ? fabs(creal(c)) : fabs(cimag(c));
				int cpx = dt_is_complex(dt);
				if (!isfinite(m) || m < 65000.0)
					dt = cpx ? DT_COMPLEX64 : DT_FLOAT16;
				else if (m < 3.4e38)
					dt = cpx ? DT_COMPLEX64 : DT_FLOAT32;
				else
					dt = cpx ? DT_COMPLEX128 : DT_FLOAT64;
			}
		}
		val_decref(x);
		if (err_occurred(ev)) {
			nd_decref(a);
			return NULL;
		}
	}
	nd_decref(a);
	return val_dtype(dt, 0);
}

/* broadcast_shapes(*args): the shape the shapes broadcast to */
FN(broadcast_shapes)
{
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "broadcast_shapes() got an unexpected keyword argument '%s'", kw->names[0]);
	int rnd = 0, ri = -1;
	int64_t rs[ND_MAXDIM];
	for (int k = 0; k < argc; k++) {
		int nd;
		int64_t sh[ND_MAXDIM];
		if (arr_parse_shape(ev, argv[k], &nd, sh) < 0)
			return NULL;
		int out = nd > rnd ? nd : rnd;
		int64_t ns[ND_MAXDIM];
		for (int i = 0; i < out; i++) {
			int64_t a = i < out - rnd ? 1 : rs[i - (out - rnd)], b = i < out - nd ? 1 : sh[i - (out - nd)];
			if (a != b && a != 1 && b != 1) {
				struct value *t1 = int_tuple(rnd, rs), *t2 = int_tuple(nd, sh);
				char *r1 = t1 ? val_repr(ev, t1) : NULL, *r2 = t2 ? val_repr(ev, t2) : NULL;
				err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  "
					"Mismatch is between arg %d with shape %s and arg %d with shape %s.",
					ri < 0 ? 0 : ri, r1 ? r1 : "?", k, r2 ? r2 : "?");
				free(r1);
				free(r2);
				val_decref(t1);
				val_decref(t2);
				return NULL;
			}
			ns[i] = a == 1 ? b : a;
		}
		if (nd >= rnd || ri < 0)
			ri = k;
		rnd = out;
		memcpy(rs, ns, sizeof(int64_t) * (size_t)out);
	}
	return int_tuple(rnd, rs);
}

/* copyto(dst, src, casting='same_kind', where=True) */
FN(copyto)
{
	struct value *dv, *sv, *cv = NULL, *wv = NULL;
	if (args_parse(ev, "copyto", argc, argv, kw, "dst,src|casting,where", &dv, &sv, &cv, &wv) < 0)
		return NULL;
	struct ndarray *d = arr_borrow(dv), *sa = arr_borrow(sv);
	if (!d)
		return err_set(ev, TY_TypeError, "copyto() argument 1 must be numpy.ndarray, not %s", val_type_name(dv));
	const struct backend *be = arr_be(bi);
	if (sa) {
		struct value *c = cv ? val_incref(cv) : val_cstr("same_kind");
		struct value *sdt = val_dtype(sa->dtype, 0), *ddt = val_dtype(d->dtype, 0);
		struct value *ok = arr_ns_call(ev, be, "can_cast", 3, (struct value *[]){sdt, ddt, c}, NULL);
		int t = ok ? val_truth(ev, ok) : -1;
		val_decref(ok);
		if (t == 0) {
			const char *cs = val_as_cstr(c);
			err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('%s') according to the rule '%s'",
				dtype_table[sa->dtype].name, dtype_table[d->dtype].name, cs ? cs : "?");
		}
		val_decref(c);
		val_decref(sdt);
		val_decref(ddt);
		if (t <= 0)
			return NULL;
	}
	struct value *src = val_incref(sv);
	if (wv && !(wv->type == VT_BOOL && wv->u.i)) {
		struct value *w = arr_ns_call(ev, be, "where", 3, (struct value *[]){wv, sv, dv}, NULL);
		val_decref(src);
		src = w;
	}
	struct value *all = val_ellipsis();
	int rc = src ? val_setitem(ev, dv, all, src) : -1;
	val_decref(all);
	val_decref(src);
	return rc < 0 ? NULL : val_none();
}

/* diagflat(v, k=0) */
FN(diagflat)
{
	struct value *v, *k = NULL;
	if (args_parse(ev, "diagflat", argc, argv, kw, "v|k", &v, &k) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *r = arr_ns_call(ev, be, "ravel", 1, &v, NULL);
	struct value *kk = k ? val_incref(k) : val_int(0);
	struct value *d = r ? arr_ns_call(ev, be, "diag", 2, (struct value *[]){r, kk}, NULL) : NULL;
	val_decref(r);
	val_decref(kk);
	return d;
}

/* asfortranarray(a, dtype=None, *, like=None) */
FN(asfortranarray)
{
	struct value *av, *dt = NULL, *like = NULL;
	if (args_parse(ev, "asfortranarray", argc, argv, kw, "a|dtype,$like", &av, &dt, &like) < 0)
		return NULL;
	struct value *o = val_cstr("F"), *one = val_int(1);
	const char *kn[] = {"dtype", "order", "ndmin"};
	struct value *kv[] = {dt, o, one};
	struct value *r = callkw(ev, arr_be(bi), "asarray", 1, &av, 3, kn, kv);
	val_decref(o);
	val_decref(one);
	return r;
}

/* asarray_chkfinite(a, dtype=None, order=None) */
FN(asarray_chkfinite)
{
	struct value *av, *dt = NULL, *ord = NULL;
	if (args_parse(ev, "asarray_chkfinite", argc, argv, kw, "a|dtype,order", &av, &dt, &ord) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	const char *kn[] = {"dtype", "order"};
	struct value *kv[] = {dt, ord};
	struct value *r = callkw(ev, be, "asarray", 1, &av, 2, kn, kv);
	struct ndarray *a = arr_borrow(r);
	if (a && dt_is_inexact(a->dtype)) {
		struct value *f = ex_fn1(ev, be, "isfinite", val_incref(r));
		struct value *all = f ? arr_method_call(ev, f, "all", 0, NULL, NULL) : NULL;
		int t = all ? val_truth(ev, all) : -1;
		val_decref(f);
		val_decref(all);
		if (t <= 0) {
			if (t == 0)
				err_set(ev, TY_ValueError, "array must not contain infs or NaNs");
			val_decref(r);
			return NULL;
		}
	}
	return r;
}

/* (linalg.)vecdot(x1, x2, /, *, axis=-1): the gufunc's core axis of each
 * operand moved last, then sum(conj(x1) * x2, -1) in the product's dtype */
FN(vecdot)
{
	struct value *xv[2], *axv = NULL;
	int64_t ax;
	if (args_parse(ev, "vecdot", argc, argv, kw, "x1,x2|$axis", &xv[0], &xv[1], &axv) < 0 ||
	    args_int(ev, axv, -1, &ax) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *ops[2] = {NULL, NULL}, *r = NULL;
	for (int k = 0; k < 2; k++) {
		struct ndarray *a = as_arr(ev, be, xv[k]);
		int axn;
		if (!a || arr_normalize_axis(ev, ax, a->ndim, &axn) < 0) {
			nd_decref(a);
			goto out;
		}
		int perm[ND_MAXDIM], n = 0;
		for (int i = 0; i < a->ndim; i++)
			if (i != axn)
				perm[n++] = i;
		perm[n] = axn;
		ops[k] = arr_wrap(ev, arr_transpose(ev, a, perm));
		nd_decref(a);
		if (!ops[k])
			goto out;
	}
	struct value *p = ex_fn2(ev, be, "multiply", ex_fn1(ev, be, "conjugate", val_incref(ops[0])), val_incref(ops[1]));
	struct value *dt = p ? val_getattr(ev, p, "dtype") : NULL;
	struct value *m1 = val_int(-1);
	const char *kn[] = {"axis", "dtype"};
	struct value *kv[] = {m1, dt};
	r = dt ? callkw(ev, be, "sum", 1, &p, 2, kn, kv) : NULL;
	val_decref(p);
	val_decref(dt);
	val_decref(m1);
out:
	val_decref(ops[0]);
	val_decref(ops[1]);
	return r;
}

/* linalg.cross(x1, x2, /, *, axis=-1): 3-vectors only */
FN(l_cross)
{
	struct value *a, *b, *axv = NULL;
	int64_t ax;
	if (args_parse(ev, "cross", argc, argv, kw, "x1,x2|$axis", &a, &b, &axv) < 0 || args_int(ev, axv, -1, &ax) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *x = as_arr(ev, be, a), *y = x ? as_arr(ev, be, b) : NULL;
	struct value *r = NULL;
	if (y) {
		int i1, i2;
		if (arr_normalize_axis(ev, ax, x->ndim, &i1) == 0 && arr_normalize_axis(ev, ax, y->ndim, &i2) == 0) {
			if (x->shape[i1] != 3 || y->shape[i2] != 3)
				err_set(ev, TY_ValueError, "Both input arrays must be (arrays of) 3-dimensional vectors, but they are %lld and %lld dimensional instead.",
					(long long)x->shape[i1], (long long)y->shape[i2]);
			else {
				struct value *axi = val_int(ax);
				r = arr_ns_callk(ev, be, "cross", 2, (struct value *[]){a, b}, "axis", axi);
				val_decref(axi);
			}
		}
	}
	nd_decref(x);
	nd_decref(y);
	return r;
}

/* linalg.tensorinv(a, ind=2) */
FN(l_tensorinv)
{
	struct value *av, *iv = NULL;
	int64_t ind;
	if (args_parse(ev, "tensorinv", argc, argv, kw, "a|ind", &av, &iv) < 0 || args_int(ev, iv, 2, &ind) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, av);
	if (!a)
		return NULL;
	if (ind <= 0 || ind > a->ndim) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "Invalid ind argument.");
	}
	int64_t inv[ND_MAXDIM], prod = 1, rs[2];
	int n = 0;
	for (int i = (int)ind; i < a->ndim; i++) {
		inv[n++] = a->shape[i];
		prod *= a->shape[i];
	}
	for (int i = 0; i < ind; i++)
		inv[n++] = a->shape[i];
	rs[0] = prod;
	rs[1] = -1;
	struct value *m = arr_wrap(ev, arr_reshape(ev, a, 2, rs));
	nd_decref(a);
	struct value *ia = m ? arr_ns_call(ev, be, "linalg.inv", 1, &m, NULL) : NULL;
	val_decref(m);
	struct value *sh = int_tuple(n, inv);
	struct value *r = ia ? arr_ns_call(ev, be, "reshape", 2, (struct value *[]){ia, sh}, NULL) : NULL;
	val_decref(sh);
	val_decref(ia);
	return r;
}

/* linalg.tensorsolve(a, b, axes=None) */
FN(l_tensorsolve)
{
	struct value *av, *bv, *axv = NULL;
	if (args_parse(ev, "tensorsolve", argc, argv, kw, "a,b|axes", &av, &bv, &axv) < 0)
		return NULL;
	if (axv && axv->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "tensorsolve: axes= is not supported by Lumen");
	const struct backend *be = arr_be(bi);
	struct ndarray *a = as_arr(ev, be, av), *b = a ? as_arr(ev, be, bv) : NULL;
	struct value *r = NULL;
	if (!b)
		goto out;
	int k = a->ndim - b->ndim;
	if (k < 0)
		k = 0;
	int64_t old[ND_MAXDIM], prod = 1;
	int n = 0;
	for (int i = a->ndim - k; i < a->ndim; i++) {
		old[n++] = a->shape[i];
		prod *= a->shape[i];
	}
	if (nd_size(a) != prod * prod) {
		err_set(ev, TY_LinAlgError, "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
		goto out;
	}
	int64_t rs[2] = {prod, prod}, fl = -1;
	struct value *m = arr_wrap(ev, arr_reshape(ev, a, 2, rs));
	struct value *bb = m ? arr_wrap(ev, arr_reshape(ev, b, 1, &fl)) : NULL;
	struct value *x = bb ? arr_ns_call(ev, be, "linalg.solve", 2, (struct value *[]){m, bb}, NULL) : NULL;
	struct value *sh = int_tuple(n, old);
	r = x ? arr_ns_call(ev, be, "reshape", 2, (struct value *[]){x, sh}, NULL) : NULL;
	val_decref(sh);
	val_decref(x);
	val_decref(m);
	val_decref(bb);
out:
	nd_decref(a);
	nd_decref(b);
	return r;
}

/* ---- window functions and sinc ---- */

/* the window's n = arange(1-M, M, 2) as float64, or an edge case (M < 2) */
static struct value *window(struct eval *ev, const struct builtin *bi, const char *name, int argc,
			    struct value **argv, const struct kwargs *kw, int kind)
{
	struct value *mv;
	int64_t M;
	if (args_parse(ev, name, argc, argv, kw, "M", &mv) < 0 || val_as_int64(ev, mv, &M) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *dt = val_dtype(DT_FLOAT64, 1), *r;
	if (M < 1 || M == 1) {
		struct value *n = val_int(M < 1 ? 0 : 1);
		r = arr_ns_callk(ev, be, M < 1 ? "zeros" : "ones", 1, &n, "dtype", dt);
		val_decref(n);
		val_decref(dt);
		return r;
	}
	struct value *lo = val_int(1 - M), *hi = val_int(M), *st = val_int(2);
	struct value *n = arr_ns_call(ev, be, "arange", 3, (struct value *[]){lo, hi, st}, NULL);
	val_decref(lo);
	val_decref(hi);
	val_decref(st);
	val_decref(dt);
	if (!n)
		return NULL;
	double m1 = (double)(M - 1);
	if (kind == 3) { /* bartlett: where(n <= 0, 1 + n/(M-1), 1 - n/(M-1)) */
		struct value *c = ex_bin(ev, OP_LE, val_incref(n), val_int(0));
		struct value *a = ex_bin(ev, OP_ADD, val_float(1), ex_bin(ev, OP_TRUEDIV, val_incref(n), val_float(m1)));
		struct value *b = ex_bin(ev, OP_SUB, val_float(1), ex_bin(ev, OP_TRUEDIV, n, val_float(m1)));
		if (!c || !a || !b) {
			val_decref(c);
			val_decref(a);
			val_decref(b);
			return NULL;
		}
		r = arr_ns_call(ev, be, "where", 3, (struct value *[]){c, a, b}, NULL);
		val_decref(c);
		val_decref(a);
		val_decref(b);
		return r;
	}
	struct value *x = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_MUL, val_float(M_PI), n), val_float(m1));
	if (kind == 0) /* hanning */
		return ex_bin(ev, OP_ADD, val_float(0.5), ex_bin(ev, OP_MUL, val_float(0.5), ex_fn1(ev, be, "cos", x)));
	if (kind == 1) /* hamming */
		return ex_bin(ev, OP_ADD, val_float(0.54), ex_bin(ev, OP_MUL, val_float(0.46), ex_fn1(ev, be, "cos", x)));
	/* blackman */
	struct value *c1 = ex_bin(ev, OP_MUL, val_float(0.5), ex_fn1(ev, be, "cos", val_incref(x)));
	struct value *c2 = ex_bin(ev, OP_MUL, val_float(0.08), ex_fn1(ev, be, "cos", ex_bin(ev, OP_MUL, val_float(2.0), x)));
	return ex_bin(ev, OP_ADD, ex_bin(ev, OP_ADD, val_float(0.42), c1), c2);
}

FN(hanning) { return window(ev, bi, "hanning", argc, argv, kw, 0); }
FN(hamming) { return window(ev, bi, "hamming", argc, argv, kw, 1); }
FN(blackman) { return window(ev, bi, "blackman", argc, argv, kw, 2); }
FN(bartlett) { return window(ev, bi, "bartlett", argc, argv, kw, 3); }

/* sinc(x) = sin(pi x) / (pi x), 1 at 0 */
FN(sinc)
{
	struct value *xv;
	if (args_parse(ev, "sinc", argc, argv, kw, "x", &xv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *x = arr_ns_call(ev, be, "asanyarray", 1, &xv, NULL);
	if (!x)
		return NULL;
	struct value *z = ex_bin(ev, OP_EQ, val_incref(x), val_int(0));
	struct value *tiny = val_float(1.0e-20);
	struct value *w = z ? arr_ns_call(ev, be, "where", 3, (struct value *[]){z, tiny, x}, NULL) : NULL;
	val_decref(z);
	val_decref(tiny);
	val_decref(x);
	struct value *y = ex_bin(ev, OP_MUL, val_float(M_PI), w);
	return ex_bin(ev, OP_TRUEDIV, ex_fn1(ev, be, "sin", y ? val_incref(y) : NULL), y);
}

/* ---- small predicates ---- */

/* iterable(y) */
FN(iterable)
{
	struct value *y;
	if (args_parse(ev, "iterable", argc, argv, kw, "y", &y) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(y);
	if (a)
		return val_bool(a->ndim > 0);
	struct value *l = val_iter_list(ev, y);
	if (!l) {
		err_clear(ev);
		return val_bool(0);
	}
	val_decref(l);
	return val_bool(1);
}

/* isfortran(a): Fortran-contiguous and not C-contiguous */
FN(isfortran)
{
	struct value *av;
	if (args_parse(ev, "isfortran", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(av);
	if (!a)
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'flags'", val_type_name(av));
	return val_bool(nd_is_f_contiguous(a) && !nd_is_c_contiguous(a));
}

/* unstack(x, /, *, axis=0): tuple(np.moveaxis(x, axis, 0)) */
FN(unstack)
{
	struct value *xv, *axv = NULL;
	if (args_parse(ev, "unstack", argc, argv, kw, "x|$axis", &xv, &axv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	/* NumPy reads x.ndim of what it is given: arrays and NumPy scalars */
	struct value *ndv = val_getattr(ev, xv, "ndim");
	int64_t nd = 0;
	if (!ndv || val_as_int64(ev, ndv, &nd) < 0) {
		val_decref(ndv);
		return NULL;
	}
	val_decref(ndv);
	if (nd == 0)
		return err_set(ev, TY_ValueError, "Input array must be at least 1-d.");
	struct value *x = val_incref(xv);
	struct value *zero = val_int(0), *ax = axv ? val_incref(axv) : val_int(0);
	struct value *three[3] = {x, ax, zero};
	struct value *m = zero && ax ? arr_ns_call(ev, be, "moveaxis", 3, three, NULL) : NULL;
	val_decref(zero);
	val_decref(ax);
	val_decref(x);
	struct value *items = m ? val_iter_list(ev, m) : NULL;
	val_decref(m);
	if (!items)
		return NULL;
	struct value *t = val_tuple_new(items->u.seq.n, items->u.seq.items);
	if (t) {
		items->u.seq.n = 0; /* the tuple took the items */
	}
	val_decref(items);
	return t;
}

/* mask_indices(n, mask_func, k=0): nonzero(mask_func(ones((n, n), int), k) != 0) */
FN(mask_indices)
{
	struct value *nv, *f, *kv = NULL;
	if (args_parse(ev, "mask_indices", argc, argv, kw, "n,mask_func|k", &nv, &f, &kv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *sh[2] = {val_incref(nv), val_incref(nv)};
	struct value *shape = val_tuple_new(2, sh);
	struct value *it = val_type(TY_INT);
	struct value *m = shape && it ? arr_ns_callk(ev, be, "ones", 1, &shape, "dtype", it) : NULL;
	val_decref(shape);
	val_decref(it);
	if (!m)
		return NULL;
	struct value *args[2] = {m, kv ? val_incref(kv) : val_int(0)};
	struct value *a = args[1] ? val_call(ev, f, 2, args, NULL) : NULL;
	val_decref(args[0]);
	val_decref(args[1]);
	return ex_fn1(ev, be, "nonzero", ex_bin(ev, OP_NE, a, val_int(0)));
}

/* matvec(x1, x2): the gufunc (m,n),(n)->(m) as x1 @ x2[..., None], then [..., 0] */
FN(matvec)
{
	struct value *a, *b;
	if (args_parse(ev, "matvec", argc, argv, kw, "x1,x2", &a, &b) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *key[2] = {val_ellipsis(), val_none()};
	struct value *k1 = val_tuple_new(2, key);
	struct value *bb = ex_item(ev, arr_ns_call(ev, be, "asarray", 1, &b, NULL), k1);
	struct value *r = ex_fn2(ev, be, "matmul", arr_ns_call(ev, be, "asarray", 1, &a, NULL), bb);
	struct value *k2[2] = {val_ellipsis(), val_int(0)};
	return ex_item(ev, r, val_tuple_new(2, k2));
}

/* vecmat(x1, x2): the gufunc (n),(n,m)->(m) as conj(x1)[..., None, :] @ x2, then [..., 0, :] */
FN(vecmat)
{
	struct value *a, *b;
	if (args_parse(ev, "vecmat", argc, argv, kw, "x1,x2", &a, &b) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *key[3] = {val_ellipsis(), val_none(), ex_slice(NS_NONE, NS_NONE)};
	struct value *aa = ex_item(ev, ex_fn1(ev, be, "conjugate", arr_ns_call(ev, be, "asarray", 1, &a, NULL)),
				   val_tuple_new(3, key));
	struct value *r = ex_fn2(ev, be, "matmul", aa, arr_ns_call(ev, be, "asarray", 1, &b, NULL));
	struct value *k2[3] = {val_ellipsis(), val_int(0), ex_slice(NS_NONE, NS_NONE)};
	return ex_item(ev, r, val_tuple_new(3, k2));
}

static int callable_value(struct value *v)
{
	return v->type == VT_FUNCTION || v->type == VT_BUILTIN || v->type == VT_TYPE ||
	       (v->type == VT_DTYPE && v->u.dt.is_type) || (v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->call);
}

/* piecewise(x, condlist, funclist, *args, **kw): NumPy's, step by step */
FN(piecewise)
{
	if (argc < 3)
		return err_set(ev, TY_TypeError, "piecewise() missing %d required positional argument%s", 3 - argc,
			       3 - argc == 1 ? "" : "s");
	const struct backend *be = arr_be(bi);
	struct value *x = NULL, *cl = NULL, *fl = NULL, *y = NULL, *res = NULL;
	if (!(x = arr_ns_call(ev, be, "asarray", 1, &argv[0], NULL)))
		return NULL;
	if (!(fl = val_iter_list(ev, argv[2])))
		goto out;
	int64_t n2 = (int64_t)fl->u.seq.n;
	/* a single condition is promoted to a list of one */
	struct value *c = argv[1];
	int single = c->type == VT_BOOL || (c->type == VT_SCALAR && c->u.sc.dtype == DT_BOOL);
	if (!single && arr_borrow(x)->ndim != 0) {
		struct value *zero = val_int(0);
		struct value *c0 = zero ? val_getitem(ev, c, zero) : NULL;
		val_decref(zero);
		if (!c0)
			goto out;
		/* an item of a cp array is a 0-d array where NumPy's is a scalar */
		single = c0->type != VT_LIST && c0->type != VT_NDARRAY;
		if (c0->type == VT_NDARRAY && c->type == VT_NDARRAY && arr_borrow(c0)->ndim == 0)
			single = 1;
		val_decref(c0);
	}
	if (single) {
		struct value *one = val_incref(c);
		struct value *l = val_list_new(1, &one);
		if (!l)
			goto out;
		struct value *bt = val_type(TY_BOOL);
		cl = bt ? arr_ns_callk(ev, be, "asarray", 1, &l, "dtype", bt) : NULL;
		val_decref(bt);
		val_decref(l);
	} else {
		struct value *bt = val_type(TY_BOOL);
		cl = bt ? arr_ns_callk(ev, be, "asarray", 1, &c, "dtype", bt) : NULL;
		val_decref(bt);
	}
	if (!cl)
		goto out;
	int64_t n = arr_borrow(cl)->ndim ? arr_borrow(cl)->shape[0] : 1;
	if (n == n2 - 1) {
		/* the "otherwise" condition */
		struct value *zero = val_int(0), *t = val_bool(1);
		const char *kn[2] = {"axis", "keepdims"};
		struct value *kvv[2] = {zero, t};
		struct value *any = callkw(ev, be, "any", 1, &cl, 2, kn, kvv);
		val_decref(zero);
		val_decref(t);
		struct value *ce = ex_fn1(ev, be, "logical_not", any);
		if (!ce)
			goto out;
		struct value *pair[2] = {cl, ce};
		struct value *l = val_list_new(2, pair);
		struct value *cat = l ? arr_ns_call(ev, be, "concatenate", 1, &l, NULL) : NULL;
		val_decref(l); /* drops cl and ce */
		cl = cat;
		if (!cl)
			goto out;
		n++;
	} else if (n != n2) {
		err_set(ev, TY_ValueError, "with %lld condition(s), either %lld or %lld functions are expected",
			(long long)n, (long long)n, (long long)n + 1);
		goto out;
	}
	if (!(y = arr_ns_call(ev, be, "zeros_like", 1, &x, NULL)))
		goto out;
	for (int64_t i = 0; i < n; i++) {
		struct value *iv = val_int(i);
		struct value *cond = iv ? val_getitem(ev, cl, iv) : NULL;
		val_decref(iv);
		if (!cond)
			goto out;
		struct value *f = fl->u.seq.items[i];
		int rc;
		if (!callable_value(f)) {
			rc = val_setitem(ev, y, cond, f);
		} else {
			struct value *vals = val_getitem(ev, x, cond);
			rc = vals ? 0 : -1;
			if (vals && nd_size(arr_borrow(vals)) > 0) {
				struct value *cargs[16];
				if (argc - 3 > 15) {
					err_set(ev, TY_TypeError, "piecewise: too many extra arguments");
					rc = -1;
				} else {
					cargs[0] = vals;
					for (int j = 3; j < argc; j++)
						cargs[j - 2] = argv[j];
					struct value *r = val_call(ev, f, argc - 2, cargs, kw);
					rc = r ? val_setitem(ev, y, cond, r) : -1;
					val_decref(r);
				}
			}
			val_decref(vals);
		}
		val_decref(cond);
		if (rc < 0)
			goto out;
	}
	res = y;
	y = NULL;
out:
	val_decref(x);
	val_decref(cl);
	val_decref(fl);
	val_decref(y);
	return res;
}

/* fromiter(iter, dtype, count=-1, *, like=None): count items drawn (all
 * when -1), then np.array of them in dtype (scalar dtypes: a 1-d result) */
FN(fromiter)
{
	struct value *itv, *dtv, *cv = NULL, *like = NULL;
	int64_t count = -1;
	int dt;
	if (args_parse(ev, "fromiter", argc, argv, kw, "iter,dtype|count,$like", &itv, &dtv, &cv, &like) < 0 ||
	    (cv && val_as_int64(ev, cv, &count) < 0))
		return NULL;
	if (dtv->type == VT_NONE)
		return err_set(ev, TY_ValueError, "Must specify length when using variable-size data-type.");
	if (arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	struct value *items = val_list_new(0, NULL), *it = items ? val_iter(ev, itv) : NULL;
	if (!it) {
		val_decref(items);
		return NULL;
	}
	int64_t got = 0;
	while (count < 0 || got < count) {
		struct value *v = val_next(ev, it);
		if (!v) {
			if (err_occurred(ev))
				goto fail;
			break;
		}
		if (list_append(items, v) < 0)
			goto fail;
		got++;
	}
	val_decref(it);
	it = NULL;
	if (count >= 0 && got < count) {
		err_set(ev, TY_ValueError, "iterator too short: Expected %lld but iterator had only %lld items.",
			(long long)count, (long long)got);
		goto fail;
	}
	for (int64_t i = 0; i < got; i++) {
		struct value *v = items->u.seq.items[i];
		if (v->type == VT_LIST || v->type == VT_TUPLE || v->type == VT_NDARRAY) {
			/* NumPy's item conversions, by the dtype's kind */
			if (dt_is_int(dt))
				err_set(ev, TY_TypeError, "int() argument must be a string, a bytes-like object or a "
					"real number, not '%s'", val_type_name(v));
			else if (dt_is_complex(dt))
				err_set(ev, TY_TypeError, "must be real number, not %s", val_type_name(v));
			else if (dt == DT_BOOL)
				err_set(ev, TY_NotImplementedError, "fromiter: a sequence item as a bool");
			else
				err_set(ev, TY_ValueError, "setting an array element with a sequence.");
			goto fail;
		}
	}
	{
		struct value *d = val_dtype(dt, 0);
		struct value *r = d ? arr_ns_callk(ev, arr_be(bi), "array", 1, &items, "dtype", d) : NULL;
		val_decref(d);
		val_decref(items);
		return r;
	}
fail:
	val_decref(it);
	val_decref(items);
	return NULL;
}

/* apply_over_axes(func, a, axes): func(val, axis) for each axis in turn,
 * a lost dimension put back (NumPy's words when it cannot be) */
FN(apply_over_axes)
{
	struct value *f, *av, *axv;
	if (args_parse(ev, "apply_over_axes", argc, argv, kw, "func,a,axes", &f, &av, &axv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *val = arr_ns_call(ev, be, "asarray", 1, &av, NULL), *axes = NULL;
	if (!val)
		return NULL;
	int nd = arr_borrow(val)->ndim;
	struct value *axa = arr_ns_call(ev, be, "asarray", 1, &axv, NULL);
	if (!axa)
		goto fail;
	axes = arr_borrow(axa)->ndim == 0 ? val_list_new(1, (struct value *[]){val_incref(axv)}) : val_iter_list(ev, axv);
	val_decref(axa);
	if (!axes)
		goto fail;
	for (size_t i = 0; i < axes->u.seq.n; i++) {
		int64_t axis;
		if (val_as_int64(ev, axes->u.seq.items[i], &axis) < 0)
			goto fail;
		if (axis < 0)
			axis += nd;
		struct value *args[2] = {val, val_int(axis)};
		struct value *res = args[1] ? val_call(ev, f, 2, args, NULL) : NULL;
		if (!res) {
			val_decref(args[1]);
			goto fail;
		}
		struct value *ra = arr_ns_call(ev, be, "asarray", 1, &res, NULL);
		val_decref(res);
		if (!ra) {
			val_decref(args[1]);
			goto fail;
		}
		if (arr_borrow(ra)->ndim != nd) {
			struct value *two[2] = {ra, args[1]};
			struct value *ex = arr_ns_call(ev, be, "expand_dims", 2, two, NULL);
			val_decref(ra);
			ra = ex;
			if (ra && arr_borrow(ra)->ndim != nd) {
				val_decref(ra);
				ra = NULL;
				err_set(ev, TY_ValueError, "function is not returning an array of the correct shape");
			}
		}
		val_decref(args[1]);
		if (!ra)
			goto fail;
		val_decref(val);
		val = ra;
	}
	val_decref(axes);
	return val;
fail:
	val_decref(axes);
	val_decref(val);
	return NULL;
}

/* NumPy's Chebyshev coefficients of i0 (Cephes): on [0, 8] and beyond */
static const double i0_a[30] = {
	-4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15,
	-1.1685332877993451e-14, 7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12,
	-1.726826291441556e-11, 9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09,
	-1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
	-4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165,
	-0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998,
	-0.02373741480589947, 0.04930528423967071, -0.09490109704804764, 0.17162090152220877,
	-0.3046826723431984, 0.6767952744094761,
};
static const double i0_b[25] = {
	-7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
	-2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15,
	-9.554846698828307e-15, -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13,
	7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11,
	1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
	2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943,
	0.8044904110141088,
};

/* NumPy's _chbevl(x, vals) on arrays; x stolen */
static struct value *chbevl(struct eval *ev, struct value *x, const double *vals, int n)
{
	struct value *b0 = val_float(vals[0]), *b1 = val_float(0.0), *b2 = NULL;
	for (int i = 1; i < n && b0 && b1; i++) {
		val_decref(b2);
		b2 = b1;
		b1 = b0;
		b0 = ex_bin(ev, OP_ADD, ex_bin(ev, OP_SUB, ex_bin(ev, OP_MUL, val_incref(x), val_incref(b1)),
					       val_incref(b2)), val_float(vals[i]));
	}
	val_decref(x);
	val_decref(b1);
	struct value *r = b2 ? ex_bin(ev, OP_MUL, val_float(0.5), ex_bin(ev, OP_SUB, b0, b2)) : NULL;
	if (!b2)
		val_decref(b0);
	return r;
}

/* i0(x): NumPy's piecewise of its two Chebyshev expansions */
FN(i0)
{
	struct value *xv;
	if (args_parse(ev, "i0", argc, argv, kw, "x", &xv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *x = arr_ns_call(ev, be, "asarray", 1, &xv, NULL);
	if (!x)
		return NULL;
	int dt = arr_borrow(x)->dtype;
	if (dt_is_complex(dt)) {
		val_decref(x);
		return err_set(ev, TY_TypeError, "i0 not supported for complex values");
	}
	if (!dt_is_float(dt)) {
		struct value *ft = val_type(TY_FLOAT);
		struct value *c = ft ? arr_method_call(ev, x, "astype", 1, &ft, NULL) : NULL;
		val_decref(ft);
		val_decref(x);
		if (!(x = c))
			return NULL;
	}
	x = ex_fn1(ev, be, "asarray", ex_fn1(ev, be, "absolute", x)); /* piecewise's asanyarray */
	struct value *mask = x ? ex_bin(ev, OP_LE, val_incref(x), val_float(8.0)) : NULL;
	struct value *y = mask ? arr_ns_call(ev, be, "zeros_like", 1, &x, NULL) : NULL;
	struct value *res = NULL;
	if (!y)
		goto out;
	for (int part = 0; part < 2; part++) {
		struct value *cond = part ? ex_fn1(ev, be, "logical_not", val_incref(mask)) : val_incref(mask);
		struct value *v = cond ? val_getitem(ev, x, cond) : NULL, *r;
		if (!v) {
			val_decref(cond);
			goto out;
		}
		if (nd_size(arr_borrow(v)) == 0) {
			val_decref(v);
			val_decref(cond);
			continue;
		}
		if (!part) /* exp(x) * _chbevl(x/2.0 - 2, A) */
			r = ex_bin(ev, OP_MUL, ex_fn1(ev, be, "exp", val_incref(v)),
				   chbevl(ev, ex_bin(ev, OP_SUB, ex_bin(ev, OP_TRUEDIV, val_incref(v), val_float(2.0)),
						     val_int(2)), i0_a, 30));
		else /* exp(x) * _chbevl(32.0/x - 2.0, B) / sqrt(x) */
			r = ex_bin(ev, OP_TRUEDIV,
				   ex_bin(ev, OP_MUL, ex_fn1(ev, be, "exp", val_incref(v)),
					  chbevl(ev, ex_bin(ev, OP_SUB, ex_bin(ev, OP_TRUEDIV, val_float(32.0), val_incref(v)),
							    val_float(2.0)), i0_b, 25)),
				   ex_fn1(ev, be, "sqrt", val_incref(v)));
		val_decref(v);
		int rc = r ? val_setitem(ev, y, cond, r) : -1;
		val_decref(r);
		val_decref(cond);
		if (rc < 0)
			goto out;
	}
	res = y;
	y = NULL;
out:
	val_decref(x);
	val_decref(mask);
	val_decref(y);
	return res;
}

/* kaiser(M, beta): i0(beta * sqrt(1 - ((n - alpha) / alpha)**2.0)) / i0(beta) */
FN(kaiser)
{
	struct value *mv, *bv;
	if (args_parse(ev, "kaiser", argc, argv, kw, "M,beta", &mv, &bv) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	/* M and beta are numbers: NumPy's np.array([0.0, M, beta]) is made on the
	 * host for cp too (CuPy takes them as Python scalars), so that arange sees
	 * a scalar rather than a 0-d device array */
	struct value *three[3] = {val_float(0.0), val_incref(mv), val_incref(bv)};
	struct value *l = val_list_new(3, three);
	struct value *vals = l ? arr_ns_call(ev, &backend_host, "array", 1, &l, NULL) : NULL;
	val_decref(l);
	if (!vals)
		return NULL;
	struct value *m = ex_item(ev, val_incref(vals), val_int(1));
	struct value *beta = ex_item(ev, vals, val_int(2));
	struct value *res = NULL;
	if (!m || !beta)
		goto out;
	struct value *eq = ex_bin(ev, OP_EQ, val_incref(m), val_int(1));
	int one = eq ? val_truth(ev, eq) : -1;
	val_decref(eq);
	if (one < 0)
		goto out;
	if (one) {
		struct value *n1 = val_int(1);
		res = n1 ? arr_ns_call(ev, be, "ones", 1, &n1, NULL) : NULL;
		val_decref(n1);
		goto out;
	}
	{
		struct value *z = val_int(0);
		struct value *two[2] = {z, m};
		struct value *n = z ? arr_ns_call(ev, be, "arange", 2, two, NULL) : NULL;
		val_decref(z);
		struct value *alpha = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, val_incref(m), val_int(1)), val_float(2.0));
		struct value *t = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, n, alpha ? val_incref(alpha) : NULL),
					 alpha);
		t = ex_bin(ev, OP_SUB, val_int(1), ex_bin(ev, OP_POW, t, val_float(2.0)));
		t = ex_bin(ev, OP_MUL, val_incref(beta), ex_fn1(ev, be, "sqrt", t));
		struct value *num = t ? x_i0(ev, bi, 1, &t, NULL) : NULL;
		val_decref(t);
		struct value *den = num ? x_i0(ev, bi, 1, &beta, NULL) : NULL;
		res = ex_bin(ev, OP_TRUEDIV, num, den);
	}
out:
	val_decref(m);
	val_decref(beta);
	return res;
}

/* packbits / unpackbits: the bits along the last axis after moving `axis`
 * there (the flattened array when axis is None); bitorder 'big' or 'little' */
static int bits_prep(struct eval *ev, const struct backend *be, struct value *av, struct value *axv,
		     struct value *bov, struct value **x, int *axis, int *little)
{
	struct value *a = arr_ns_call(ev, be, "asarray", 1, &av, NULL);
	*x = NULL;
	if (!a)
		return -1;
	*little = 0;
	if (bov && bov->type != VT_NONE) {
		const char *bo = val_as_cstr(bov);
		if (!bo || (strcmp(bo, "big") && strcmp(bo, "little"))) {
			val_decref(a);
			err_set(ev, TY_ValueError, "'order' must be either 'little' or 'big'");
			return -1;
		}
		*little = !strcmp(bo, "little");
	}
	if (!axv || axv->type == VT_NONE) {
		a = ex_fn1(ev, be, "ravel", a);
		*axis = 0;
	} else {
		int64_t ax;
		if (val_as_int64(ev, axv, &ax) < 0 || arr_normalize_axis(ev, ax, arr_borrow(a)->ndim, axis) < 0) {
			val_decref(a);
			return -1;
		}
	}
	if (!a)
		return -1;
	struct value *src = val_int(*axis), *dst = val_int(-1);
	struct value *three[3] = {a, src, dst};
	*x = src && dst ? arr_ns_call(ev, be, "moveaxis", 3, three, NULL) : NULL;
	val_decref(src);
	val_decref(dst);
	val_decref(a);
	return *x ? 0 : -1;
}

/* the result (bits along the last axis) moved back to axis */
static struct value *bits_done(struct eval *ev, const struct backend *be, struct value *r, int axis)
{
	if (!r)
		return NULL;
	struct value *src = val_int(-1), *dst = val_int(axis);
	struct value *three[3] = {r, src, dst};
	struct value *m = src && dst ? arr_ns_call(ev, be, "moveaxis", 3, three, NULL) : NULL;
	val_decref(src);
	val_decref(dst);
	val_decref(r);
	return m;
}

/* the 8 bit weights or shifts, as uint8: big-endian order unless little */
static struct value *bits_vec(struct eval *ev, const struct backend *be, int weights, int little)
{
	struct value *items[8];
	for (int i = 0; i < 8; i++) {
		int k = little ? i : 7 - i;
		items[i] = val_int(weights ? (1 << k) : k);
	}
	struct value *l = val_list_new(8, items), *u8 = val_dtype(DT_UINT8, 0);
	struct value *r = l && u8 ? arr_ns_callk(ev, be, "array", 1, &l, "dtype", u8) : NULL;
	val_decref(l);
	val_decref(u8);
	return r;
}

/* shape[:-1] + tail (nt items) as a tuple */
static struct value *shape_with(const struct ndarray *a, int nt, const int64_t *tail)
{
	int64_t sh[ND_MAXDIM + 2];
	int n = a->ndim > 0 ? a->ndim - 1 : 0;
	memcpy(sh, a->shape, sizeof(int64_t) * (size_t)n);
	memcpy(sh + n, tail, sizeof(int64_t) * (size_t)nt);
	return int_tuple(n + nt, sh);
}

/* v (taken) with k zeros of dtype dt appended along its last axis, on
 * v's backend: packbits' padding to whole bytes, unpackbits' count beyond
 * the bits.  NULL with the error set (v released). */
static struct value *zeros_after(struct eval *ev, const struct backend *be, struct value *v,
				 int64_t k, int dt)
{
	struct value *ps = shape_with(arr_borrow(v), 1, &k), *t = val_dtype(dt, 0);
	struct value *z = ps && t ? arr_ns_callk(ev, be, "zeros", 1, &ps, "dtype", t) : NULL;
	val_decref(ps);
	val_decref(t);
	struct value *pair[2] = {v, z};
	struct value *l = z ? val_list_new(2, pair) : NULL;
	if (!l) {
		val_decref(v);
		val_decref(z);
		return NULL;
	}
	struct value *m1 = val_int(-1);
	struct value *r = m1 ? arr_ns_callk(ev, be, "concatenate", 1, &l, "axis", m1) : NULL;
	val_decref(m1);
	val_decref(l);
	return r;
}

/* packbits(a, /, axis=None, bitorder='big') */
FN(packbits)
{
	struct value *av, *axv = NULL, *bov = NULL, *x;
	int axis, little;
	if (args_parse(ev, "packbits", argc, argv, kw, "a|axis,bitorder", &av, &axv, &bov) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	{
		struct ndarray *a0 = arr_asarray(ev, be, av, -1);
		if (!a0)
			return NULL;
		int ok = dt_is_int(a0->dtype) || a0->dtype == DT_BOOL;
		nd_decref(a0);
		if (!ok)
			return err_set(ev, TY_TypeError, "Expected an input array of integer or boolean data type");
	}
	if (bits_prep(ev, be, av, axv, bov, &x, &axis, &little) < 0)
		return NULL;
	x = ex_bin(ev, OP_NE, x, val_int(0));
	if (!x)
		return NULL;
	const struct ndarray *xa = arr_borrow(x);
	int64_t n = xa->ndim ? xa->shape[xa->ndim - 1] : 1, pad = (8 - n % 8) % 8, m = (n + pad) / 8;
	if (pad) {
		if (!(x = zeros_after(ev, be, x, pad, DT_BOOL)))
			return NULL;
		xa = arr_borrow(x);
	}
	int64_t tail[2] = {m, 8};
	struct value *ns = shape_with(xa, 2, tail);
	struct value *r = ns ? arr_method_call(ev, x, "reshape", 1, &ns, NULL) : NULL;
	val_decref(ns);
	val_decref(x);
	r = ex_bin(ev, OP_MUL, r, bits_vec(ev, be, 1, little));
	if (r) {
		struct value *m1 = val_int(-1), *u8 = val_dtype(DT_UINT8, 0);
		const char *kn[2] = {"axis", "dtype"};
		struct value *kv[2] = {m1, u8};
		struct value *sum = m1 && u8 ? callkw(ev, be, "sum", 1, &r, 2, kn, kv) : NULL;
		val_decref(m1);
		val_decref(u8);
		val_decref(r);
		r = sum;
	}
	return bits_done(ev, be, r, axis);
}

/* unpackbits(a, /, axis=None, count=None, bitorder='big') */
FN(unpackbits)
{
	struct value *av, *axv = NULL, *cv = NULL, *bov = NULL, *x;
	int axis, little;
	if (args_parse(ev, "unpackbits", argc, argv, kw, "a|axis,count,bitorder", &av, &axv, &cv, &bov) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	{
		struct ndarray *a0 = arr_asarray(ev, be, av, -1);
		if (!a0)
			return NULL;
		int ok = a0->dtype == DT_UINT8;
		nd_decref(a0);
		if (!ok)
			return err_set(ev, TY_TypeError, "Expected an input array of unsigned byte data type");
	}
	if (bits_prep(ev, be, av, axv, bov, &x, &axis, &little) < 0)
		return NULL;
	struct value *key[2] = {val_ellipsis(), val_none()};
	struct value *b = ex_bin(ev, OP_AND, ex_bin(ev, OP_RSHIFT, ex_item(ev, x, val_tuple_new(2, key)),
						  bits_vec(ev, be, 0, little)), val_int(1));
	if (!b)
		return NULL;
	const struct ndarray *ba = arr_borrow(b);
	int64_t n = ba->shape[ba->ndim - 2] * 8;
	struct value *ns;
	{
		int64_t sh[ND_MAXDIM + 2];
		int nd = ba->ndim - 2;
		memcpy(sh, ba->shape, sizeof(int64_t) * (size_t)nd);
		sh[nd] = n;
		ns = int_tuple(nd + 1, sh);
	}
	struct value *r = ns ? arr_method_call(ev, b, "reshape", 1, &ns, NULL) : NULL;
	val_decref(ns);
	val_decref(b);
	if (r && cv && cv->type != VT_NONE) {
		int64_t count;
		if (val_as_int64(ev, cv, &count) < 0) {
			val_decref(r);
			return NULL;
		}
		if (count < -n) {
			val_decref(r);
			return err_set(ev, TY_ValueError, "-count larger than number of elements");
		}
		int64_t keep = count >= 0 ? (count < n ? count : n) : n + count;
		struct value *k2[2] = {val_ellipsis(), ex_slice(0, keep)};
		r = ex_item(ev, r, val_tuple_new(2, k2));
		if (r && count > n)
			r = zeros_after(ev, be, r, count - n, DT_UINT8);
	}
	return bits_done(ev, be, r, axis);
}

/* histogram_bin_edges(a, bins=10, range=None, weights=None) */
FN(histogram_bin_edges)
{
	struct value *av, *bv = NULL, *rv = NULL, *wv = NULL;
	if (args_parse(ev, "histogram_bin_edges", argc, argv, kw, "a|bins,range,weights", &av, &bv, &rv, &wv) < 0)
		return NULL;
	const char *kn[] = {"bins", "range", "weights"};
	struct value *kv[] = {bv, rv, wv};
	struct value *h = callkw(ev, arr_be(bi), "histogram", 1, &av, 3, kn, kv);
	return h ? ex_item(ev, h, val_int(1)) : NULL;
}

/* a.<name>(...) as np.<name>(a, ...): the methods NumPy forwards to its functions */
static struct value *forward(struct eval *ev, const struct builtin *bi, const char *fn, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *args[16];
	if (argc > 15)
		return err_set(ev, TY_TypeError, "%s() takes at most 15 arguments", bi->name);
	args[0] = bi->self;
	for (int i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	return arr_ns_call(ev, arr_be(bi), fn, argc + 1, args, kw);
}

FN(m_take) { return forward(ev, bi, "take", argc, argv, kw); }
FN(m_put) { return forward(ev, bi, "put", argc, argv, kw); }
/* a.compress(condition, axis=None, out=None) is np.compress(condition, a, ...) */
FN(m_compress)
{
	struct value *cond, *axv = NULL, *out = NULL;
	if (args_parse(ev, "compress", argc, argv, kw, "condition|axis,out", &cond, &axv, &out) < 0)
		return NULL;
	const char *kn[] = {"axis", "out"};
	struct value *kv[] = {axv, out};
	return callkw(ev, arr_be(bi), "compress", 2, (struct value *[]){cond, bi->self}, 2, kn, kv);
}
FN(m_choose) { return forward(ev, bi, "choose", argc, argv, kw); }
FN(m_argpartition) { return forward(ev, bi, "argpartition", argc, argv, kw); }

/* a.partition(kth, axis=-1, kind='introselect', order=None): in place */
FN(m_partition)
{
	struct ndarray *self = arr_borrow(bi->self);
	if (self && !(self->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "partition array is read-only");
	struct value *p = forward(ev, bi, "partition", argc, argv, kw);
	if (!p)
		return NULL;
	struct value *all = val_ellipsis();
	int rc = val_setitem(ev, bi->self, all, p);
	val_decref(all);
	val_decref(p);
	return rc < 0 ? NULL : val_none();
}

/* common_type(*arrays): the inexact scalar type of them all (integers as float64) */
FN(common_type)
{
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "common_type() got an unexpected keyword argument '%s'", kw->names[0]);
	int cpx = 0, prec = DT_FLOAT16;
	for (int k = 0; k < argc; k++) {
		struct ndarray *a = as_arr(ev, arr_be(bi), argv[k]);
		if (!a)
			return NULL;
		int dt = a->dtype, p;
		nd_decref(a);
		if (dt_is_complex(dt)) {
			cpx = 1;
			p = dt == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
		} else if (dt_is_float(dt)) {
			p = dt;
		} else if (dt_is_int(dt)) {
			p = DT_FLOAT64;
		} else {
			return err_set(ev, TY_TypeError, "can't get common type for non-numeric array");
		}
		if (dtype_table[p].itemsize > dtype_table[prec].itemsize)
			prec = p;
	}
	if (cpx)
		prec = prec == DT_FLOAT64 ? DT_COMPLEX128 : DT_COMPLEX64;
	return val_dtype(prec, 1);
}

/* mintypecode(typechars, typeset='GDFgdf', default='d') */
FN(mintypecode)
{
	struct value *tc, *tsv = NULL, *dv = NULL;
	if (args_parse(ev, "mintypecode", argc, argv, kw, "typechars|typeset,default", &tc, &tsv, &dv) < 0)
		return NULL;
	const char *typeset = tsv ? val_as_cstr(tsv) : "GDFgdf";
	if (!typeset)
		return err_set(ev, TY_TypeError, "typeset must be a string");
	static const char order[] = "GDFgdfQqLlIiHhBb?";
	struct ndarray *ta = arr_borrow(tc);
	char seen[sizeof order] = {0};
	int any = 0;
	if (ta) {
		/* NumPy iterates the array: each item (a row) has the array's dtype, so
		 * the answer needs only the dtype and the length (none read from a device) */
		if (ta->ndim == 0)
			return err_set(ev, TY_TypeError, "iteration over a 0-d array");
		char c = dtype_table[ta->dtype].code;
		const char *p = ta->shape[0] && strchr(typeset, c) ? strchr(order, c) : NULL;
		if (p) {
			seen[p - order] = 1;
			any = 1;
		}
	}
	struct value *items = ta ? NULL : val_iter_list(ev, tc);
	if (!ta && !items)
		return NULL;
	for (size_t i = 0; items && i < items->u.seq.n; i++) {
		struct value *t = items->u.seq.items[i];
		const char *s = val_as_cstr(t);
		char c;
		if (s) {
			if (strlen(s) != 1)
				continue;
			c = s[0];
		} else {
			struct ndarray *a = arr_asarray(ev, arr_be(bi), t, -1);
			if (!a) {
				val_decref(items);
				return NULL;
			}
			c = dtype_table[a->dtype].code;
			nd_decref(a);
		}
		if (!strchr(typeset, c))
			continue;
		const char *p = strchr(order, c);
		if (p) {
			seen[p - order] = 1;
			any = 1;
		}
	}
	val_decref(items);
	if (!any)
		return dv ? val_incref(dv) : val_cstr("d");
	if (seen[strchr(order, 'F') - order] && seen[strchr(order, 'd') - order])
		return val_cstr("D");
	for (size_t i = 0; i < sizeof order - 1; i++)
		if (seen[i])
			return val_str(order + i, 1);
	return val_cstr("d");
}

/* isdtype(dtype, kind): kind a dtype, one of the array API's kind names, or a tuple of them */
static int isdtype_one(struct eval *ev, int dt, struct value *k)
{
	const char *s = val_as_cstr(k);
	if (!s) {
		int kd;
		if (arr_parse_dtype(ev, k, &kd) < 0) {
			err_clear(ev);
			err_set(ev, TY_TypeError, "kind argument must be comprised of NumPy dtypes or strings only, but is a '%s'.",
				val_type_name(k));
			return -1;
		}
		return kd == dt;
	}
	int kind = dtype_table[dt].kind;
	if (!strcmp(s, "bool"))
		return kind == DK_BOOL;
	if (!strcmp(s, "signed integer"))
		return kind == DK_INT;
	if (!strcmp(s, "unsigned integer"))
		return kind == DK_UINT;
	if (!strcmp(s, "integral"))
		return kind == DK_INT || kind == DK_UINT;
	if (!strcmp(s, "real floating"))
		return kind == DK_FLOAT;
	if (!strcmp(s, "complex floating"))
		return kind == DK_COMPLEX;
	if (!strcmp(s, "numeric"))
		return kind != DK_BOOL;
	err_set(ev, TY_ValueError, "kind argument is a string, but '%s' is not a known kind name.", s);
	return -1;
}

FN(isdtype)
{
	struct value *dv, *kv;
	int dt;
	if (args_parse(ev, "isdtype", argc, argv, kw, "dtype,kind", &dv, &kv) < 0)
		return NULL;
	if (arr_borrow(dv) || dv->type == VT_LIST)
		return err_set(ev, TY_TypeError, "dtype argument must be a NumPy dtype, but it is a %s.", val_type_name(dv));
	if (arr_parse_dtype(ev, dv, &dt) < 0)
		return NULL;
	if (kv->type == VT_TUPLE) {
		for (size_t i = 0; i < kv->u.seq.n; i++) {
			int r = isdtype_one(ev, dt, kv->u.seq.items[i]);
			if (r)
				return r < 0 ? NULL : val_bool(1);
		}
		return val_bool(0);
	}
	int r = isdtype_one(ev, dt, kv);
	return r < 0 ? NULL : val_bool(r);
}

/* a.resize(new_shape, refcheck=True): in place; the items kept in memory
 * order, new ones zero; only an array owning its (contiguous) data and not
 * referenced elsewhere (refcheck) may change */
FN(m_resize)
{
	struct value *rc = NULL;
	int refcheck = 1, nd = 0;
	int64_t shape[ND_MAXDIM];
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "refcheck"))
			return err_set(ev, TY_TypeError, "'%s' is an invalid keyword argument for this function", kw->names[i]);
		rc = kw->vals[i];
	}
	if (args_bool(ev, rc, 1, &refcheck) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "descriptor 'resize' requires a 'numpy.ndarray' object");
	if (argc == 1 && argv[0]->type == VT_NONE)
		return val_none();
	if (argc == 1) {
		if (arr_parse_shape(ev, argv[0], &nd, shape) < 0)
			return NULL;
	} else if (argc > 1) {
		struct value *t = val_tuple_new((size_t)argc, argv);
		/* val_tuple_new steals: take references first */
		for (int i = 0; t && i < argc; i++)
			val_incref(argv[i]);
		int r = t ? arr_parse_shape(ev, t, &nd, shape) : -1;
		val_decref(t);
		if (r < 0)
			return NULL;
	} else {
		return val_none();
	}
	int64_t n = 1, old = nd_size(a), isz = dt_size(a->dtype);
	for (int i = 0; i < nd; i++) {
		if (shape[i] < 0)
			return err_set(ev, TY_ValueError, "negative dimensions not allowed");
		n *= shape[i];
	}
	int fort = nd_is_f_contiguous(a) && !nd_is_c_contiguous(a);
	if (!(nd_is_c_contiguous(a) || fort))
		return err_set(ev, TY_ValueError, "resize only works on single-segment arrays");
	if (a->offset != 0 || (size_t)(old * isz) != a->buf->nbytes)
		return err_set(ev, TY_ValueError, "cannot resize this array: it does not own its data");
	if (refcheck && (bi->self->refcnt > 2 || a->refcnt > 1 || a->buf->refcnt > 1))
		return err_set(ev, TY_ValueError, "cannot resize an array that references or is referenced\n"
			       "by another object in this way.\nUse the np.resize function to get a new resized copy or\n"
			       " set refcheck=False to disable this check");
	int64_t flat = n;
	struct ndarray *na = nd_new_zeroed(ev, nd_backend(a), a->dtype, 1, &flat);
	if (!na)
		return NULL;
	int64_t m = n < old ? n : old;
	if (m > 0) {
		struct ndarray *dst = nd_view(ev, na, a->dtype, 1, &m, &isz, 0);
		struct ndarray *src = dst ? nd_view(ev, a, a->dtype, 1, &m, &isz, 0) : NULL;
		int r = src ? shp_assign(ev, dst, src) : -1;
		nd_decref(dst);
		nd_decref(src);
		if (r < 0) {
			nd_decref(na);
			return NULL;
		}
	}
	/* the new buffer under the same array, strides in its order */
	struct buffer *ob = a->buf;
	a->buf = na->buf;
	a->buf->refcnt++;
	buf_decref(ob);
	nd_decref(na);
	a->ndim = nd;
	a->offset = 0;
	int64_t st = isz;
	for (int k = 0; k < nd; k++) {
		int i = fort ? k : nd - 1 - k;
		a->shape[i] = shape[i];
		a->strides[i] = st;
		st *= shape[i] ? shape[i] : 1;
	}
	return val_none();
}

const struct arr_func arr_compose_funcs[] = {
	{"ndim", x_ndim, "ndim(a)", "Return the number of dimensions of an array."},
	{"shape", x_shape, "shape(a)", "Return the shape of an array."},
	{"size", x_size, "size(a, axis=None)", "Return the number of elements along a given axis."},
	{"diagonal", x_diagonal, "diagonal(a, offset=0, axis1=0, axis2=1)", "Return specified diagonals."},
	{"matrix_transpose", x_matrix_transpose, "matrix_transpose(x, /)", "Transposes a matrix (or a stack of matrices) x."},
	{"tril_indices", x_tril_indices, "tril_indices(n, k=0, m=None)", "Return the indices for the lower-triangle of an (n, m) array."},
	{"triu_indices", x_triu_indices, "triu_indices(n, k=0, m=None)", "Return the indices for the upper-triangle of an (n, m) array."},
	{"tril_indices_from", x_tril_indices_from, "tril_indices_from(arr, k=0)", "Return the indices for the lower-triangle of arr."},
	{"triu_indices_from", x_triu_indices_from, "triu_indices_from(arr, k=0)", "Return the indices for the upper-triangle of arr."},
	{"diag_indices", x_diag_indices, "diag_indices(n, ndim=2)", "Return the indices to access the main diagonal of an array."},
	{"diag_indices_from", x_diag_indices_from, "diag_indices_from(arr)", "Return the indices to access the main diagonal of an n-dimensional array."},
	{"fill_diagonal", x_fill_diagonal, "fill_diagonal(a, val, wrap=False)", "Fill the main diagonal of the given array of any dimensionality."},
	{"resize", x_resize, "resize(a, new_shape)", "Return a new array with the specified shape."},
	{"binary_repr", x_binary_repr, "binary_repr(num, width=None)", "Return the binary representation of the input number as a string."},
	{"base_repr", x_base_repr, "base_repr(number, base=2, padding=0)", "Return a string representation of a number in the given base system."},
	{"cumulative_sum", x_cumulative_sum, "cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False)", "Return the cumulative sum of the elements along a given axis."},
	{"cumulative_prod", x_cumulative_prod, "cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False)", "Return the cumulative product of elements along a given axis."},
	{"union1d", x_union1d, "union1d(ar1, ar2)", "Find the union of two arrays."},
	{"intersect1d", x_intersect1d, "intersect1d(ar1, ar2, assume_unique=False, return_indices=False)", "Find the intersection of two arrays."},
	{"setdiff1d", x_setdiff1d, "setdiff1d(ar1, ar2, assume_unique=False)", "Find the set difference of two arrays."},
	{"setxor1d", x_setxor1d, "setxor1d(ar1, ar2, assume_unique=False)", "Find the set exclusive-or of two arrays."},
	{"unique_counts", x_unique_counts, "unique_counts(x)", "Find the unique elements and counts of an input array x."},
	{"unique_inverse", x_unique_inverse, "unique_inverse(x)", "Find the unique elements of x and indices to reconstruct x."},
	{"unique_all", x_unique_all, "unique_all(x)", "Find the unique elements of an array, and counts, inverse, and indices."},
	{"ediff1d", x_ediff1d, "ediff1d(ary, to_end=None, to_begin=None)", "The differences between consecutive elements of an array."},
	{"putmask", x_putmask, "putmask(a, mask, values)", "Changes elements of an array based on conditional and input values."},
	{"place", x_place, "place(arr, mask, vals)", "Change elements of an array based on conditional and input values."},
	{"hsplit", x_hsplit, "hsplit(ary, indices_or_sections)", "Split an array into multiple sub-arrays horizontally (column-wise)."},
	{"vsplit", x_vsplit, "vsplit(ary, indices_or_sections)", "Split an array into multiple sub-arrays vertically (row-wise)."},
	{"dsplit", x_dsplit, "dsplit(ary, indices_or_sections)", "Split array into multiple sub-arrays along the 3rd axis (depth)."},
	{"astype", x_astype, "astype(x, dtype, /, *, copy=True, device=None)", "Copies an array to a specified data type."},
	{"rollaxis", x_rollaxis, "rollaxis(a, axis, start=0)", "Roll the specified axis backwards, until it lies in a given position."},
	{"trim_zeros", x_trim_zeros, "trim_zeros(filt, trim='fb', axis=None)", "Remove values along a dimension which are zero along all other."},
	{"unwrap", x_unwrap, "unwrap(p, discont=None, axis=-1, *, period=6.283185307179586)", "Unwrap by taking the complement of large deltas with respect to the period."},
	{"apply_along_axis", x_apply_along_axis, "apply_along_axis(func1d, axis, arr, *args, **kwargs)", "Apply a function to 1-D slices along the given axis."},
	{"min_scalar_type", x_min_scalar_type, "min_scalar_type(a, /)", "For scalar a, returns the data type with the smallest size and smallest scalar kind which can hold its value."},
	{"broadcast_shapes", x_broadcast_shapes, "broadcast_shapes(*args)", "Broadcast the input shapes into a single shape."},
	{"copyto", x_copyto, "copyto(dst, src, casting='same_kind', where=True)", "Copies values from one array to another, broadcasting as necessary."},
	{"diagflat", x_diagflat, "diagflat(v, k=0)", "Create a two-dimensional array with the flattened input as a diagonal."},
	{"asfortranarray", x_asfortranarray, "asfortranarray(a, dtype=None, *, like=None)", "Return an array (ndim >= 1) laid out in Fortran order in memory."},
	{"asarray_chkfinite", x_asarray_chkfinite, "asarray_chkfinite(a, dtype=None, order=None)", "Convert the input to an array, checking for NaNs or Infs."},
	{"vecdot", x_vecdot, "vecdot(x1, x2, /, *, axis=-1)", "Vector dot product of two arrays."},
	{"common_type", x_common_type, "common_type(*arrays)", "Return a scalar type which is common to the input arrays."},
	{"mintypecode", x_mintypecode, "mintypecode(typechars, typeset='GDFgdf', default='d')", "Return the character for the minimum-size type to which given types can be safely cast."},
	{"isdtype", x_isdtype, "isdtype(dtype, kind)", "Determine if a provided dtype is of a specified data type kind."},
	{"hanning", x_hanning, "hanning(M)", "Return the Hanning window."},
	{"hamming", x_hamming, "hamming(M)", "Return the Hamming window."},
	{"blackman", x_blackman, "blackman(M)", "Return the Blackman window."},
	{"bartlett", x_bartlett, "bartlett(M)", "Return the Bartlett window."},
	{"sinc", x_sinc, "sinc(x)", "Return the normalized sinc function."},
	{"iterable", x_iterable, "iterable(y)", "Check whether or not an object can be iterated over."},
	{"isfortran", x_isfortran, "isfortran(a)", "Check if the array is Fortran contiguous but *not* C contiguous."},
	{"apply_over_axes", x_apply_over_axes, "apply_over_axes(func, a, axes)", "Apply a function repeatedly over multiple axes."},
	{"i0", x_i0, "i0(x)", "Modified Bessel function of the first kind, order 0."},
	{"kaiser", x_kaiser, "kaiser(M, beta)", "Return the Kaiser window."},
	{"packbits", x_packbits, "packbits(a, /, axis=None, bitorder='big')", "Packs the elements of a binary-valued array into bits in a uint8 array."},
	{"unpackbits", x_unpackbits, "unpackbits(a, /, axis=None, count=None, bitorder='big')", "Unpacks elements of a uint8 array into a binary-valued output array."},
	{"unstack", x_unstack, "unstack(x, /, *, axis=0)", "Split an array into a sequence of arrays along the given axis."},
	{"mask_indices", x_mask_indices, "mask_indices(n, mask_func, k=0)", "Return the indices to access (n, n) arrays, given a masking function."},
	{"matvec", x_matvec, "matvec(x1, x2, /)", "Matrix-vector dot product of two arrays."},
	{"vecmat", x_vecmat, "vecmat(x1, x2, /)", "Vector-matrix dot product of two arrays."},
	{"piecewise", x_piecewise, "piecewise(x, condlist, funclist, *args, **kw)", "Evaluate a piecewise-defined function."},
	{"fromiter", x_fromiter, "fromiter(iter, dtype, count=-1, *, like=None)", "Create a new 1-dimensional array from an iterable object."},
	{"histogram_bin_edges", x_histogram_bin_edges, "histogram_bin_edges(a, bins=10, range=None, weights=None)",
	 "Function to calculate only the edges of the bins used by the histogram function."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_compose_linalg_funcs[] = {
	{"diagonal", x_l_diagonal, "diagonal(x, /, *, offset=0)", "Returns specified diagonals of a matrix (or a stack of matrices) x."},
	{"trace", x_l_trace, "trace(x, /, *, offset=0, dtype=None)", "Returns the sum along the specified diagonals of a matrix (or a stack of matrices) x."},
	{"outer", x_l_outer, "outer(x1, x2, /)", "Compute the outer product of two vectors."},
	{"matrix_transpose", x_matrix_transpose, "matrix_transpose(x, /)", "Transposes a matrix (or a stack of matrices) x."},
	{"matrix_norm", x_l_matrix_norm, "matrix_norm(x, /, *, keepdims=False, ord='fro')", "Computes the matrix norm of a matrix (or a stack of matrices) x."},
	{"vector_norm", x_l_vector_norm, "vector_norm(x, /, *, axis=None, keepdims=False, ord=2)", "Computes the vector norm of a vector (or batch of vectors) x."},
	{"svdvals", x_l_svdvals, "svdvals(x, /)", "Returns the singular values of a matrix (or a stack of matrices) x."},
	{"vecdot", x_vecdot, "vecdot(x1, x2, /, *, axis=-1)", "Computes the vector dot product."},
	{"cross", x_l_cross, "cross(x1, x2, /, *, axis=-1)", "Returns the cross product of 3-element vectors."},
	{"tensorinv", x_l_tensorinv, "tensorinv(a, ind=2)", "Compute the 'inverse' of an N-dimensional array."},
	{"tensorsolve", x_l_tensorsolve, "tensorsolve(a, b, axes=None)", "Solve the tensor equation a x = b for x."},
	{"multi_dot", x_l_multi_dot, "multi_dot(arrays, *, out=None)", "Compute the dot product of two or more arrays in a single function call."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_compose_methods[] = {
	{"diagonal", x_m_diagonal, "a.diagonal(offset=0, axis1=0, axis2=1)", "Return specified diagonals."},
	{"resize", x_m_resize, "a.resize(new_shape, refcheck=True)", "Change shape and size of array in-place."},
	{"take", x_m_take, "a.take(indices, axis=None, out=None, mode='raise')", "Return an array formed from the elements of a at the given indices."},
	{"put", x_m_put, "a.put(indices, values, mode='raise')", "Set a.flat[n] = values[n] for all n in indices."},
	{"compress", x_m_compress, "a.compress(condition, axis=None, out=None)", "Return selected slices of this array along given axis."},
	{"choose", x_m_choose, "a.choose(choices, out=None, mode='raise')", "Use an index array to construct a new array from a set of choices."},
	{"partition", x_m_partition, "a.partition(kth, axis=-1, kind='introselect', order=None)", "Partially sorts the elements in the array in-place."},
	{"argpartition", x_m_argpartition, "a.argpartition(kth, axis=-1, kind='introselect', order=None)", "Returns the indices that would partition this array."},
	{NULL, NULL, NULL, NULL}
};
