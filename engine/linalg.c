/*
 * linalg.c — matmul, dot, vdot, inner, outer, tensordot, einsum, trace,
 * kron and numpy.linalg, written once above the backends: NumPy's shapes,
 * dtypes and messages here; the arithmetic in the backend's `matmul` entry
 * and its struct linalg_backend (linalg.h).  Small per-matrix bookkeeping
 * (det from the LU diagonal, eig's unpacking, norms) runs on host copies.
 * Owns no state.  Never calls BLAS/LAPACK directly.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arrapi.h"
#include "args.h"
#include "error.h"
#include "linalg.h"

#define MM_SIG "(n?,k),(k,m?)->(n?,m?)"

/* ---- small helpers ---- */

/* The backend an operation on these values runs on: the first ndarray's,
 * else the namespace's. */
static const struct backend *lin_be(const struct builtin *bi, struct value *a, struct value *b)
{
	struct ndarray *x = a ? arr_borrow(a) : NULL;
	if (!x && b)
		x = arr_borrow(b);
	if (x)
		return nd_backend(x);
	return bi ? arr_be(bi) : &backend_host;
}

/* A fresh C-contiguous copy of a as dtype dt on a's backend. */
static struct ndarray *lin_copy(struct eval *ev, const struct ndarray *a, int dt)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *r = nd_new(ev, be, dt, a->ndim, a->shape);
	if (!r)
		return NULL;
	if (nd_size(a) && be->copy(ev, r, a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

/* A view of a with its last two axes swapped. */
static struct ndarray *lin_swap(struct eval *ev, const struct ndarray *a)
{
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	int nd = a->ndim;
	memcpy(sh, a->shape, sizeof(int64_t) * nd);
	memcpy(st, a->strides, sizeof(int64_t) * nd);
	if (nd >= 2) {
		int64_t t = sh[nd - 1];
		sh[nd - 1] = sh[nd - 2];
		sh[nd - 2] = t;
		t = st[nd - 1];
		st[nd - 1] = st[nd - 2];
		st[nd - 2] = t;
	}
	return nd_view(ev, a, a->dtype, nd, sh, st, a->offset);
}

/* Column-major copy of the stacked matrices of a, as dtype dt: a C array
 * of shape (..., n, m) holding each m×n matrix by columns. */
static struct ndarray *lin_fortran(struct eval *ev, const struct ndarray *a, int dt)
{
	struct ndarray *t = lin_swap(ev, a), *r = t ? lin_copy(ev, t, dt) : NULL;
	nd_decref(t);
	return r;
}

/* Back from column-major: f holds (..., n, m) C, the result is the
 * C-contiguous (..., m, n) array as dtype dt.  Steals f. */
static struct ndarray *lin_unfortran(struct eval *ev, struct ndarray *f, int dt)
{
	struct ndarray *t = f ? lin_swap(ev, f) : NULL, *r = t ? lin_copy(ev, t, dt) : NULL;
	nd_decref(t);
	nd_decref(f);
	return r;
}

/* A C-contiguous view of a (C-contiguous) with another shape. */
static struct ndarray *lin_reshape(struct eval *ev, const struct ndarray *a, int nd,
				   const int64_t *shape)
{
	int64_t st[ND_MAXDIM], s = dt_size(a->dtype);
	for (int i = nd - 1; i >= 0; i--) {
		st[i] = s;
		s *= shape[i] ? shape[i] : 1;
	}
	return nd_view(ev, a, a->dtype, nd, shape, st, a->offset);
}

/* A host, C-contiguous array with a's contents (new reference; a itself
 * when it already is one). */
static struct ndarray *lin_host(struct eval *ev, struct ndarray *a)
{
	if (nd_device(a) == DEV_HOST && nd_is_c_contiguous(a))
		return nd_incref(a);
	if (nd_device(a) == DEV_HOST)
		return lin_copy(ev, a, a->dtype);
	struct ndarray *h = arr_to_host(ev, a);
	if (h && !nd_is_c_contiguous(h)) {
		struct ndarray *c = lin_copy(ev, h, h->dtype);
		nd_decref(h);
		h = c;
	}
	return h;
}

/* A host array moved to backend be (steals h). */
static struct ndarray *lin_on(struct eval *ev, struct ndarray *h, const struct backend *be)
{
	if (!h || nd_backend(h) == be)
		return h;
	struct ndarray *r = arr_to_backend(ev, h, be);
	nd_decref(h);
	return r;
}

static int real_of(int dt)
{
	return dt == DT_COMPLEX64 ? DT_FLOAT32 : dt == DT_COMPLEX128 ? DT_FLOAT64 : dt;
}

static int complex_of(int dt)
{
	return dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? DT_COMPLEX64 : DT_COMPLEX128;
}

static const struct linalg_backend *lin_lb(struct eval *ev, const struct backend *be,
					   const char *fname)
{
	const struct linalg_backend *lb = be->linalg;
	if (!lb && be->device == DEV_HOST)
		lb = &linalg_host;
	if (!lb)
		err_set(ev, TY_NotImplementedError, "%s is not supported on the %s backend",
			fname, be->name);
	return lb;
}

typedef int (*matmul_fn)(struct eval *, const struct ndarray *, const struct ndarray *,
			 struct ndarray *);
static matmul_fn lin_mm(struct eval *ev, const struct backend *be)
{
	matmul_fn f = be->matmul;
	if (!f && be->device == DEV_HOST)
		f = linalg_host_matmul;
	if (!f)
		err_set(ev, TY_NotImplementedError, "matmul is not supported on the %s backend",
			be->name);
	return f;
}

/* A value moved to backend be: ndarrays (and the items of tuples) are
 * copied over; NumPy scalars become 0-d arrays there, as CuPy returns. */
static struct value *lin_to_be(struct eval *ev, struct value *v, const struct backend *be)
{
	if (!v)
		return NULL;
	if (v->type == VT_TUPLE) {
		size_t n = v->u.seq.n;
		struct value **items = calloc(n ? n : 1, sizeof *items);
		if (!items) {
			val_decref(v);
			return err_nomem(ev);
		}
		for (size_t i = 0; i < n; i++) {
			items[i] = lin_to_be(ev, val_incref(v->u.seq.items[i]), be);
			if (!items[i]) {
				for (size_t j = 0; j < i; j++)
					val_decref(items[j]);
				free(items);
				val_decref(v);
				return NULL;
			}
		}
		val_decref(v);
		struct value *t = val_tuple_new(n, items);
		free(items);
		return t;
	}
	if (v->type == VT_NDARRAY || v->type == VT_SCALAR) {
		struct ndarray *a = arr_asarray(ev, be, v, -1);
		val_decref(v);
		return a ? arr_wrap(ev, a) : NULL;
	}
	return v;
}

struct value *linalg_via_host(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, builtin_fn fn,
			      const struct backend *be)
{
	struct value **av = calloc(argc + 1, sizeof *av), **kv = NULL, *self = NULL, *r = NULL;
	struct kwargs hk = {0};
	struct builtin hb = *bi;
	int nk = kw ? kw->n : 0;
	if (!av)
		return err_nomem(ev);
	if (nk && !(kv = calloc(nk, sizeof *kv))) {
		free(av);
		return err_nomem(ev);
	}
	for (int i = 0; i < argc + nk; i++) {
		struct value *v = i < argc ? argv[i] : kw->vals[i - argc];
		struct ndarray *a = arr_borrow(v);
		struct value *h = a && nd_device(a) != DEV_HOST ? arr_wrap(ev, arr_to_host(ev, a)) : val_incref(v);
		if (!h)
			goto out;
		if (i < argc)
			av[i] = h;
		else
			kv[i - argc] = h;
	}
	if (bi->self && arr_borrow(bi->self) && nd_device(arr_borrow(bi->self)) != DEV_HOST) {
		self = arr_wrap(ev, arr_to_host(ev, arr_borrow(bi->self)));
		if (!self)
			goto out;
		hb.self = self;
	}
	hb.data = (void *)&backend_host;
	if (kw) {
		hk.n = nk;
		hk.names = kw->names;
		hk.vals = kv;
	}
	r = lin_to_be(ev, fn(ev, &hb, argc, av, kw ? &hk : NULL), be);
out:
	for (int i = 0; i < argc; i++)
		val_decref(av[i]);
	for (int i = 0; i < nk; i++)
		val_decref(kv[i]);
	free(av);
	free(kv);
	val_decref(self);
	return r;
}

/* Decompositions on a backend without struct linalg_backend run on host
 * copies (CuPy users get the right answer, slower). */
static struct value *lin_dispatch(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, builtin_fn fn)
{
	const struct backend *be = lin_be(bi, argc ? argv[0] : NULL, argc > 1 ? argv[1] : NULL);
	if (be->device != DEV_HOST && !be->linalg)
		return linalg_via_host(ev, bi, argc, argv, kw, fn, be);
	return fn(ev, bi, argc, argv, kw);
}

#define VIA_HOST(fn)                                                                    \
	static struct value *fn##_d(struct eval *ev, const struct builtin *bi, int argc,  \
				    struct value **argv, const struct kwargs *kw)          \
	{                                                                               \
		return lin_dispatch(ev, bi, argc, argv, kw, fn);                        \
	}

/*
 * NumPy's linalg dtype rule (_commonType): the result is float32/complex64
 * when every input is, else float64/complex128; bool and integers count as
 * float64; float16 is a TypeError.  On the host the work runs in double as
 * NumPy does; on a device in the result's own precision, as CuPy.
 */
static int lin_types(struct eval *ev, const struct backend *be, int n,
		     const struct ndarray *const *a, int *work, int *result)
{
	int single = 1, cplx = 0;
	for (int i = 0; i < n; i++) {
		int dt = a[i]->dtype;
		if (dt == DT_FLOAT16)
			return err_set(ev, TY_TypeError, "array type float16 is unsupported in linalg"), -1;
		if (dt_is_complex(dt))
			cplx = 1;
		if (dt != DT_FLOAT32 && dt != DT_COMPLEX64)
			single = 0;
	}
	*result = cplx ? (single ? DT_COMPLEX64 : DT_COMPLEX128) : (single ? DT_FLOAT32 : DT_FLOAT64);
	*work = be->device == DEV_HOST ? (cplx ? DT_COMPLEX128 : DT_FLOAT64) : *result;
	return 0;
}

static int assert_stacked_2d(struct eval *ev, const struct ndarray *a)
{
	if (a->ndim < 2)
		return err_set(ev, TY_LinAlgError,
			       "%d-dimensional array given. Array must be at least two-dimensional",
			       a->ndim), -1;
	return 0;
}

static int assert_square(struct eval *ev, const struct ndarray *a)
{
	if (assert_stacked_2d(ev, a) < 0)
		return -1;
	if (a->shape[a->ndim - 1] != a->shape[a->ndim - 2])
		return err_set(ev, TY_LinAlgError, "Last 2 dimensions of the array must be square"), -1;
	return 0;
}

static int64_t batch_of(const struct ndarray *a, int core)
{
	int64_t n = 1;
	for (int i = 0; i < a->ndim - core; i++)
		n *= a->shape[i];
	return n;
}

/* info[] from LAPACK -> LinAlgError(msg) when any matrix failed */
static int check_info(struct eval *ev, const int *info, int64_t n, const char *msg)
{
	for (int64_t i = 0; i < n; i++)
		if (info[i] > 0)
			return err_set(ev, TY_LinAlgError, "%s", msg), -1;
	return 0;
}

/* ---- matmul ---- */

static char *shape_str(const struct ndarray *a, char *buf, size_t n)
{
	size_t o = 0;
	o += snprintf(buf + o, n - o, "(");
	for (int i = 0; i < a->ndim && o < n; i++)
		o += snprintf(buf + o, n - o, i ? ",%lld" : "%lld", (long long)a->shape[i]);
	if (o < n)
		snprintf(buf + o, n - o, a->ndim == 1 ? ",)" : ")");
	return buf;
}

/* a @ b of two arrays on one backend, NumPy's rules; dt -1: promote. */
static struct ndarray *lin_matmul_nd(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int dt)
{
	const struct backend *be = nd_backend(a);
	int64_t ash[ND_MAXDIM], ast[ND_MAXDIM], bsh[ND_MAXDIM], bst[ND_MAXDIM];
	int64_t osh[ND_MAXDIM], xst[ND_MAXDIM], yst[ND_MAXDIM], fsh[ND_MAXDIM];
	int and, bnd, nd, fnd = 0;
	struct ndarray *ca = NULL, *cb = NULL, *va = NULL, *vb = NULL, *out = NULL, *res = NULL;
	matmul_fn mm;

	if (!be->matmul && be->device != DEV_HOST) {
		/* a device backend without gemm: through host copies */
		struct ndarray *ha = arr_to_host(ev, a), *hb = ha ? arr_to_host(ev, b) : NULL;
		struct ndarray *hr = hb ? lin_matmul_nd(ev, ha, hb, dt) : NULL;
		struct ndarray *r = hr ? arr_to_backend(ev, hr, be) : NULL;
		nd_decref(ha);
		nd_decref(hb);
		nd_decref(hr);
		return r;
	}
	if (!(mm = lin_mm(ev, be)))
		return NULL;
	if (a->ndim == 0 || b->ndim == 0)
		return err_set(ev, TY_ValueError,
			       "matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature " MM_SIG " requires 1)",
			       a->ndim == 0 ? 0 : 1);
	if (dt < 0)
		dt = dt_promote(a->dtype, b->dtype);
	/* casts first (on the original layouts) */
	ca = a->dtype == dt ? nd_incref((struct ndarray *)a) : lin_copy(ev, a, dt);
	cb = b->dtype == dt ? nd_incref((struct ndarray *)b) : (ca ? lin_copy(ev, b, dt) : NULL);
	if (!ca || !cb)
		goto out;
	/* 1-d promotion */
	and = ca->ndim;
	memcpy(ash, ca->shape, sizeof(int64_t) * and);
	memcpy(ast, ca->strides, sizeof(int64_t) * and);
	if (and == 1) {
		ash[1] = ash[0];
		ast[1] = ast[0];
		ash[0] = 1;
		ast[0] = 0;
		and = 2;
	}
	bnd = cb->ndim;
	memcpy(bsh, cb->shape, sizeof(int64_t) * bnd);
	memcpy(bst, cb->strides, sizeof(int64_t) * bnd);
	if (bnd == 1) {
		bsh[1] = 1;
		bst[1] = 0;
		bnd = 2;
	}
	if (ash[and - 1] != bsh[bnd - 2]) {
		err_set(ev, TY_ValueError,
			"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " MM_SIG " (size %lld is different from %lld)",
			(long long)bsh[bnd - 2], (long long)ash[and - 1]);
		goto out;
	}
	/* batch broadcasting */
	nd = (and > bnd ? and : bnd);
	for (int i = 0; i < nd - 2; i++) {
		int ia = i - (nd - and), ib = i - (nd - bnd);
		int64_t sa = ia >= 0 ? ash[ia] : 1, sb = ib >= 0 ? bsh[ib] : 1;
		if (sa != sb && sa != 1 && sb != 1) {
			char b1[256], b2[256];
			int64_t need = 0;
			(void)need;
			err_set(ev, TY_ValueError,
				"operands could not be broadcast together with remapped shapes [original->remapped]: %s->%s %s->%s  and requested shape (%lld,%lld)",
				shape_str(a, b1, sizeof b1), "(...)", shape_str(b, b2, sizeof b2), "(...)",
				(long long)ash[and - 2], (long long)bsh[bnd - 1]);
			goto out;
		}
		osh[i] = sa == 1 ? sb : sa;
		xst[i] = ia >= 0 && ash[ia] != 1 ? ast[ia] : 0;
		yst[i] = ib >= 0 && bsh[ib] != 1 ? bst[ib] : 0;
	}
	osh[nd - 2] = ash[and - 2];
	osh[nd - 1] = bsh[bnd - 1];
	{
		int64_t vsh[ND_MAXDIM];
		memcpy(vsh, osh, sizeof(int64_t) * (nd - 2));
		vsh[nd - 2] = ash[and - 2];
		vsh[nd - 1] = ash[and - 1];
		xst[nd - 2] = ast[and - 2];
		xst[nd - 1] = ast[and - 1];
		va = nd_view(ev, ca, dt, nd, vsh, xst, ca->offset);
		vsh[nd - 2] = bsh[bnd - 2];
		vsh[nd - 1] = bsh[bnd - 1];
		yst[nd - 2] = bst[bnd - 2];
		yst[nd - 1] = bst[bnd - 1];
		vb = va ? nd_view(ev, cb, dt, nd, vsh, yst, cb->offset) : NULL;
	}
	if (!vb)
		goto out;
	out = nd_new(ev, be, dt, nd, osh);
	if (!out || mm(ev, va, vb, out) < 0)
		goto out;
	/* drop the promoted axes */
	for (int i = 0; i < nd - 2; i++)
		fsh[fnd++] = osh[i];
	if (a->ndim != 1)
		fsh[fnd++] = osh[nd - 2];
	if (b->ndim != 1)
		fsh[fnd++] = osh[nd - 1];
	res = lin_reshape(ev, out, fnd, fsh);
out:
	nd_decref(ca);
	nd_decref(cb);
	nd_decref(va);
	nd_decref(vb);
	nd_decref(out);
	return res;
}

struct value *linalg_matmul(struct eval *ev, struct value *av, struct value *bv)
{
	const struct backend *be = lin_be(NULL, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1);
	struct ndarray *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	struct ndarray *r = b ? lin_matmul_nd(ev, a, b, -1) : NULL;
	nd_decref(a);
	nd_decref(b);
	return r ? arr_result(ev, r) : NULL;
}

static struct value *f_matmul(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b, *out = NULL, *dtype = NULL;
	if (args_parse(ev, "matmul", argc, argv, kw, "x1,x2|$out,dtype", &a, &b, &out, &dtype) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "matmul: out= is not supported");
	const struct backend *be = lin_be(bi, a, b);
	int dt = -1;
	if (dtype && arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	struct ndarray *x = arr_asarray(ev, be, a, -1);
	struct ndarray *y = x ? arr_asarray(ev, be, b, -1) : NULL;
	struct ndarray *r = y ? lin_matmul_nd(ev, x, y, dt) : NULL;
	nd_decref(x);
	nd_decref(y);
	return r ? arr_result(ev, r) : NULL;
}

/* ---- tensordot and its family ---- */

/* sum over a's axes ax[i] paired with b's bx[i] (n pairs); result: a's free
 * axes then b's free axes. */
static struct ndarray *lin_tensordot(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int n, const int *ax, const int *bx)
{
	int perm_a[ND_MAXDIM], perm_b[ND_MAXDIM], na = 0, nb = 0, used[ND_MAXDIM];
	int64_t M = 1, N = 1, K = 1, rsh[ND_MAXDIM], sh2[2];
	int rnd = 0;
	struct ndarray *ta = NULL, *tb = NULL, *ca = NULL, *cb = NULL, *ma = NULL, *mb = NULL,
		      *r = NULL, *res = NULL;
	int dt = dt_promote(a->dtype, b->dtype);

	for (int i = 0; i < n; i++)
		if (a->shape[ax[i]] != b->shape[bx[i]])
			return err_set(ev, TY_ValueError, "shape-mismatch for sum");
	memset(used, 0, sizeof used);
	for (int i = 0; i < n; i++)
		used[ax[i]] = 1;
	for (int i = 0; i < a->ndim; i++)
		if (!used[i]) {
			perm_a[na++] = i;
			M *= a->shape[i];
			rsh[rnd++] = a->shape[i];
		}
	for (int i = 0; i < n; i++) {
		perm_a[na++] = ax[i];
		K *= a->shape[ax[i]];
	}
	memset(used, 0, sizeof used);
	for (int i = 0; i < n; i++) {
		used[bx[i]] = 1;
		perm_b[nb++] = bx[i];
	}
	for (int i = 0; i < b->ndim; i++)
		if (!used[i]) {
			perm_b[nb++] = i;
			N *= b->shape[i];
			rsh[rnd++] = b->shape[i];
		}
	ta = arr_transpose(ev, a, perm_a);
	tb = ta ? arr_transpose(ev, b, perm_b) : NULL;
	ca = tb ? lin_copy(ev, ta, dt) : NULL;
	cb = ca ? lin_copy(ev, tb, dt) : NULL;
	if (!cb)
		goto out;
	sh2[0] = M;
	sh2[1] = K;
	ma = lin_reshape(ev, ca, 2, sh2);
	sh2[0] = K;
	sh2[1] = N;
	mb = ma ? lin_reshape(ev, cb, 2, sh2) : NULL;
	r = mb ? lin_matmul_nd(ev, ma, mb, dt) : NULL;
	res = r ? lin_reshape(ev, r, rnd, rsh) : NULL;
out:
	nd_decref(ta);
	nd_decref(tb);
	nd_decref(ca);
	nd_decref(cb);
	nd_decref(ma);
	nd_decref(mb);
	nd_decref(r);
	return res;
}

static struct value *ufunc2(struct eval *ev, const struct backend *be, const char *name,
			    struct value *a, struct value *b)
{
	struct value *in[2] = {a, b};
	return arr_ufunc_call(ev, be, name, 2, in, NULL);
}

static struct value *f_dot(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *out = NULL;
	struct ndarray *a, *b, *r = NULL;
	if (bi->self) {
		av = bi->self;
		if (args_parse(ev, "dot", argc, argv, kw, "b|out", &bv, &out) < 0)
			return NULL;
	} else if (args_parse(ev, "dot", argc, argv, kw, "a,b|out", &av, &bv, &out) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	a = arr_asarray(ev, be, av, -1);
	b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	if (a->ndim == 0 || b->ndim == 0) {
		nd_decref(a);
		nd_decref(b);
		return ufunc2(ev, be, "multiply", av, bv);
	}
	if (a->ndim <= 2 && b->ndim <= 2) {
		int ka = a->ndim - 1, kb = b->ndim == 1 ? 0 : 0;
		if (a->shape[ka] != b->shape[kb]) {
			char s1[256], s2[256];
			err_set(ev, TY_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
				shape_str(a, s1, sizeof s1), shape_str(b, s2, sizeof s2),
				(long long)a->shape[ka], ka, (long long)b->shape[kb], kb);
			goto out;
		}
		r = lin_matmul_nd(ev, a, b, -1);
	} else {
		int ax = a->ndim - 1, bx = b->ndim >= 2 ? b->ndim - 2 : 0;
		if (a->shape[ax] != b->shape[bx]) {
			char s1[256], s2[256];
			err_set(ev, TY_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
				shape_str(a, s1, sizeof s1), shape_str(b, s2, sizeof s2),
				(long long)a->shape[ax], ax, (long long)b->shape[bx], bx);
			goto out;
		}
		r = lin_tensordot(ev, a, b, 1, &ax, &bx);
	}
out:
	nd_decref(a);
	nd_decref(b);
	return r ? arr_result(ev, r) : NULL;
}

/* a flattened view/copy of a (1-d, C order) */
static struct ndarray *lin_ravel(struct eval *ev, const struct ndarray *a)
{
	int64_t n = nd_size(a);
	if (nd_is_c_contiguous(a))
		return lin_reshape(ev, a, 1, &n);
	struct ndarray *c = lin_copy(ev, a, a->dtype), *r = c ? lin_reshape(ev, c, 1, &n) : NULL;
	nd_decref(c);
	return r;
}

static struct value *f_vdot(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *cv = NULL, *res = NULL;
	if (args_parse(ev, "vdot", argc, argv, kw, "a,b", &av, &bv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	struct ndarray *fa = b ? lin_ravel(ev, a) : NULL, *fb = fa ? lin_ravel(ev, b) : NULL, *r = NULL;
	if (!fb)
		goto out;
	if (fa->shape[0] != fb->shape[0]) {
		err_set(ev, TY_ValueError, "cannot reshape array of size %lld into shape (%lld,)",
			(long long)fb->shape[0], (long long)fa->shape[0]);
		goto out;
	}
	if (dt_is_complex(fa->dtype)) {
		struct value *in[1] = {arr_wrap(ev, nd_incref(fa))};
		if (!in[0])
			goto out;
		cv = arr_ufunc_call(ev, be, "conjugate", 1, in, NULL);
		val_decref(in[0]);
		if (!cv)
			goto out;
		nd_decref(fa);
		fa = nd_incref(arr_borrow(cv));
	}
	r = lin_matmul_nd(ev, fa, fb, -1);
	res = r ? arr_result(ev, r) : NULL;
out:
	val_decref(cv);
	nd_decref(a);
	nd_decref(b);
	nd_decref(fa);
	nd_decref(fb);
	return res;
}

static struct value *f_inner(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv;
	struct ndarray *r = NULL;
	if (args_parse(ev, "inner", argc, argv, kw, "a,b", &av, &bv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	if (a->ndim == 0 || b->ndim == 0) {
		nd_decref(a);
		nd_decref(b);
		return ufunc2(ev, be, "multiply", av, bv);
	}
	int ax = a->ndim - 1, bx = b->ndim - 1;
	if (a->shape[ax] != b->shape[bx]) {
		char s1[256], s2[256];
		err_set(ev, TY_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
			shape_str(a, s1, sizeof s1), shape_str(b, s2, sizeof s2),
			(long long)a->shape[ax], ax, (long long)b->shape[bx], bx);
		goto out;
	}
	r = lin_tensordot(ev, a, b, 1, &ax, &bx);
out:
	nd_decref(a);
	nd_decref(b);
	return r ? arr_result(ev, r) : NULL;
}

static struct value *f_outer(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *out = NULL, *res = NULL, *x = NULL, *y = NULL;
	if (args_parse(ev, "outer", argc, argv, kw, "a,b|out", &av, &bv, &out) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	struct ndarray *fa = b ? lin_ravel(ev, a) : NULL, *fb = fa ? lin_ravel(ev, b) : NULL;
	if (!fb)
		goto out;
	int64_t s1[2] = {fa->shape[0], 1}, s2[2] = {1, fb->shape[0]};
	x = arr_wrap(ev, lin_reshape(ev, fa, 2, s1));
	y = x ? arr_wrap(ev, lin_reshape(ev, fb, 2, s2)) : NULL;
	res = y ? ufunc2(ev, be, "multiply", x, y) : NULL;
out:
	val_decref(x);
	val_decref(y);
	nd_decref(a);
	nd_decref(b);
	nd_decref(fa);
	nd_decref(fb);
	return res;
}

/* axes= of tensordot: an int N, or a pair of sequences (or ints) */
static int parse_axes_list(struct eval *ev, struct value *v, int ndim, int *out, int *n)
{
	int64_t x;
	if (v->type == VT_LIST || v->type == VT_TUPLE) {
		*n = (int)v->u.seq.n;
		for (size_t i = 0; i < v->u.seq.n; i++) {
			if (val_as_int64(ev, v->u.seq.items[i], &x) < 0 ||
			    arr_normalize_axis(ev, x, ndim, &out[i]) < 0)
				return -1;
		}
		return 0;
	}
	*n = 1;
	if (val_as_int64(ev, v, &x) < 0 || arr_normalize_axis(ev, x, ndim, &out[0]) < 0)
		return -1;
	return 0;
}

static struct value *f_tensordot(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *axes = NULL;
	struct ndarray *r = NULL;
	int ax[ND_MAXDIM], bx[ND_MAXDIM], n = 2, nb;
	if (args_parse(ev, "tensordot", argc, argv, kw, "a,b|axes", &av, &bv, &axes) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	if (axes && (axes->type == VT_LIST || axes->type == VT_TUPLE)) {
		if (axes->u.seq.n != 2) {
			err_set(ev, TY_ValueError, "Axes must consist of two sequences.");
			goto out;
		}
		if (parse_axes_list(ev, axes->u.seq.items[0], a->ndim, ax, &n) < 0 ||
		    parse_axes_list(ev, axes->u.seq.items[1], b->ndim, bx, &nb) < 0)
			goto out;
		if (n != nb) {
			err_set(ev, TY_ValueError, "shape-mismatch for sum");
			goto out;
		}
	} else {
		int64_t k = 2;
		if (axes && val_as_int64(ev, axes, &k) < 0)
			goto out;
		if (k > a->ndim || k > b->ndim || k < 0) {
			err_set(ev, TY_ValueError, "shape-mismatch for sum");
			goto out;
		}
		n = (int)k;
		for (int i = 0; i < n; i++) {
			ax[i] = a->ndim - n + i;
			bx[i] = i;
		}
	}
	r = lin_tensordot(ev, a, b, n, ax, bx);
out:
	nd_decref(a);
	nd_decref(b);
	return r ? arr_result(ev, r) : NULL;
}

static struct value *f_kron(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *x = NULL, *y = NULL, *p = NULL, *res = NULL;
	if (args_parse(ev, "kron", argc, argv, kw, "a,b", &av, &bv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	struct ndarray *ca = NULL, *cb = NULL, *cp = NULL;
	if (!b)
		goto out;
	{
		int nd = a->ndim > b->ndim ? a->ndim : b->ndim;
		int64_t sa[ND_MAXDIM * 2], sb[ND_MAXDIM * 2], so[ND_MAXDIM];
		if (2 * nd > ND_MAXDIM) {
			err_set(ev, TY_ValueError, "kron: too many dimensions");
			goto out;
		}
		for (int i = 0; i < nd; i++) {
			int ia = i - (nd - a->ndim), ib = i - (nd - b->ndim);
			int64_t da = ia >= 0 ? a->shape[ia] : 1, db = ib >= 0 ? b->shape[ib] : 1;
			sa[2 * i] = da;
			sa[2 * i + 1] = 1;
			sb[2 * i] = 1;
			sb[2 * i + 1] = db;
			so[i] = da * db;
		}
		ca = lin_copy(ev, a, a->dtype);
		cb = ca ? lin_copy(ev, b, b->dtype) : NULL;
		x = cb ? arr_wrap(ev, lin_reshape(ev, ca, 2 * nd, sa)) : NULL;
		y = x ? arr_wrap(ev, lin_reshape(ev, cb, 2 * nd, sb)) : NULL;
		p = y ? ufunc2(ev, be, "multiply", x, y) : NULL;
		if (!p)
			goto out;
		cp = lin_copy(ev, arr_borrow(p), arr_borrow(p)->dtype);
		res = cp ? arr_wrap(ev, lin_reshape(ev, cp, nd, so)) : NULL;
	}
out:
	val_decref(x);
	val_decref(y);
	val_decref(p);
	nd_decref(a);
	nd_decref(b);
	nd_decref(ca);
	nd_decref(cb);
	nd_decref(cp);
	return res;
}

/* Sums the last `naxes` axes of a (any layout) by a matmul with ones: keeps
 * the work on a's backend and a's dtype.  Returns the reduced array. */
static struct ndarray *lin_sum_last(struct eval *ev, const struct ndarray *a, int naxes, int dt)
{
	const struct backend *be = nd_backend(a);
	int64_t M = 1, K = 1, sh[2], rsh[ND_MAXDIM];
	int rnd = a->ndim - naxes;
	struct ndarray *c = lin_copy(ev, a, dt), *m = NULL, *ones = NULL, *r = NULL, *res = NULL;
	struct npscalar one = {.dtype = dt};
	if (!c)
		return NULL;
	for (int i = 0; i < rnd; i++) {
		M *= a->shape[i];
		rsh[i] = a->shape[i];
	}
	for (int i = rnd; i < a->ndim; i++)
		K *= a->shape[i];
	sh[0] = M;
	sh[1] = K;
	if (dt_is_complex(dt))
		one.v.c = 1;
	else if (dt_is_float(dt))
		one.v.f = 1;
	else if (dtype_table[dt].kind == DK_UINT)
		one.v.u = 1;
	else if (dt == DT_BOOL)
		one.v.b = 1;
	else
		one.v.i = 1;
	m = lin_reshape(ev, c, 2, sh);
	ones = m ? nd_new(ev, be, dt, 1, &K) : NULL;
	if (!ones || (K && be->fill(ev, ones, &one) < 0))
		goto out;
	r = lin_matmul_nd(ev, m, ones, dt);
	res = r ? lin_reshape(ev, r, rnd, rsh) : NULL;
out:
	nd_decref(c);
	nd_decref(m);
	nd_decref(ones);
	nd_decref(r);
	return res;
}

/* The sum's dtype of NumPy's add.reduce: small ints -> int64/uint64, bool -> int64 */
static int sum_dtype(int dt)
{
	if (dt == DT_BOOL || dtype_table[dt].kind == DK_INT)
		return DT_INT64;
	if (dtype_table[dt].kind == DK_UINT)
		return DT_UINT64;
	return dt;
}

/* A view of the diagonals of axes (ax1, ax2) moved last, with offset. */
static struct ndarray *lin_diagonal(struct eval *ev, const struct ndarray *a, int64_t offset,
				    int ax1, int ax2)
{
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM], off = a->offset, n;
	int nd = 0;
	int64_t n1 = a->shape[ax1], n2 = a->shape[ax2];
	if (offset >= 0) {
		n = n2 - offset < n1 ? n2 - offset : n1;
		if (n > 0)
			off += offset * a->strides[ax2];
	} else {
		n = n1 + offset < n2 ? n1 + offset : n2;
		if (n > 0)
			off -= offset * a->strides[ax1];
	}
	if (n < 0)
		n = 0;
	for (int i = 0; i < a->ndim; i++)
		if (i != ax1 && i != ax2) {
			sh[nd] = a->shape[i];
			st[nd++] = a->strides[i];
		}
	sh[nd] = n;
	st[nd++] = a->strides[ax1] + a->strides[ax2];
	return nd_view(ev, a, a->dtype, nd, sh, st, off);
}

static struct value *f_trace(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *offv = NULL, *a1v = NULL, *a2v = NULL, *dtv = NULL, *outv = NULL;
	int64_t off = 0, x1 = 0, x2 = 1;
	int ax1, ax2, dt = -1;
	struct ndarray *a = NULL, *d = NULL, *r = NULL;
	if (bi->self) {
		av = bi->self;
		if (args_parse(ev, "trace", argc, argv, kw, "|offset,axis1,axis2,dtype,out",
			       &offv, &a1v, &a2v, &dtv, &outv) < 0)
			return NULL;
	} else if (args_parse(ev, "trace", argc, argv, kw, "a|offset,axis1,axis2,dtype,out",
			      &av, &offv, &a1v, &a2v, &dtv, &outv) < 0)
		return NULL;
	if (args_int(ev, offv, 0, &off) < 0 || args_int(ev, a1v, 0, &x1) < 0 ||
	    args_int(ev, a2v, 1, &x2) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	a = arr_asarray(ev, lin_be(bi, av, NULL), av, -1);
	if (!a)
		return NULL;
	if (a->ndim < 2) {
		err_set(ev, TY_ValueError, "diag requires an array of at least two dimensions");
		goto out;
	}
	if (arr_normalize_axis(ev, x1, a->ndim, &ax1) < 0 || arr_normalize_axis(ev, x2, a->ndim, &ax2) < 0)
		goto out;
	if (ax1 == ax2) {
		err_set(ev, TY_ValueError, "axis1 and axis2 cannot be the same");
		goto out;
	}
	d = lin_diagonal(ev, a, off, ax1, ax2);
	r = d ? lin_sum_last(ev, d, 1, dt >= 0 ? dt : sum_dtype(a->dtype)) : NULL;
out:
	nd_decref(a);
	nd_decref(d);
	return r ? arr_result(ev, r) : NULL;
}

/* ---- einsum ---- */

#define EIN_MAXOP 8
struct ein_op {
	struct ndarray *a;   /* owned */
	char lab[ND_MAXDIM]; /* label per axis */
	int nd;
};

/* Takes the diagonal of repeated labels of op (in place). */
static int ein_diag(struct eval *ev, struct ein_op *op)
{
	for (int i = 0; i < op->nd; i++)
		for (int j = i + 1; j < op->nd; j++)
			if (op->lab[i] == op->lab[j]) {
				struct ndarray *d;
				if (op->a->shape[i] != op->a->shape[j])
					return err_set(ev, TY_ValueError,
						       "dimensions in operand for collapsing index '%c' don't match (%lld != %lld)",
						       op->lab[i], (long long)op->a->shape[i],
						       (long long)op->a->shape[j]), -1;
				d = lin_diagonal(ev, op->a, 0, i, j);
				if (!d)
					return -1;
				char c = op->lab[i];
				int k = 0;
				char nl[ND_MAXDIM];
				for (int t = 0; t < op->nd; t++)
					if (t != i && t != j)
						nl[k++] = op->lab[t];
				nl[k++] = c;
				memcpy(op->lab, nl, k);
				op->nd = k;
				nd_decref(op->a);
				op->a = d;
				i = -1;
				break;
			}
	return 0;
}

static int has(const char *s, int n, char c)
{
	for (int i = 0; i < n; i++)
		if (s[i] == c)
			return 1;
	return 0;
}

/* Sums away labels of op that are in no other operand nor the output. */
static int ein_sum_private(struct eval *ev, struct ein_op *ops, int nop, int k,
			   const char *outl, int outn)
{
	struct ein_op *op = &ops[k];
	int perm[ND_MAXDIM], np = 0, nsum = 0;
	char nl[ND_MAXDIM];
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < op->nd; i++) {
			int keep = has(outl, outn, op->lab[i]);
			for (int o = 0; o < nop && !keep; o++)
				if (o != k && has(ops[o].lab, ops[o].nd, op->lab[i]))
					keep = 1;
			if (keep == !pass) {
				perm[np] = i;
				nl[np++] = op->lab[i];
				nsum += pass;
			}
		}
	if (!nsum)
		return 0;
	struct ndarray *t = arr_transpose(ev, op->a, perm), *s;
	if (!t)
		return -1;
	s = lin_sum_last(ev, t, nsum, op->a->dtype);
	nd_decref(t);
	if (!s)
		return -1;
	nd_decref(op->a);
	op->a = s;
	op->nd -= nsum;
	memcpy(op->lab, nl, op->nd);
	return 0;
}

/* Contracts ops[0] and ops[1] into ops[0]: batch labels (kept by both and
 * wanted later) first, then 0's free, then 1's free. */
static int ein_pair(struct eval *ev, struct ein_op *ops, int nop, const char *outl, int outn)
{
	struct ein_op *x = &ops[0], *y = &ops[1];
	char bl[ND_MAXDIM], xl[ND_MAXDIM], yl[ND_MAXDIM], kl[ND_MAXDIM];
	int nb = 0, nx = 0, ny = 0, nk = 0;
	for (int i = 0; i < x->nd; i++) {
		char c = x->lab[i];
		int in_y = has(y->lab, y->nd, c), later = has(outl, outn, c);
		for (int o = 2; o < nop && !later; o++)
			if (has(ops[o].lab, ops[o].nd, c))
				later = 1;
		if (in_y && later)
			bl[nb++] = c;
		else if (in_y)
			kl[nk++] = c;
		else
			xl[nx++] = c;
	}
	for (int i = 0; i < y->nd; i++)
		if (!has(x->lab, x->nd, y->lab[i]))
			yl[ny++] = y->lab[i];
	/* x -> (batch, xfree, k), y -> (batch, k, yfree) */
	int px[ND_MAXDIM], py[ND_MAXDIM], n = 0;
	int64_t B = 1, M = 1, N = 1, K = 1, s3[3], rsh[ND_MAXDIM];
	int rn = 0;
#define POS(op, c) ((int)(strchr((op)->lab, (c)) - (op)->lab))
	for (int i = 0; i < nb; i++) {
		px[n++] = POS(x, bl[i]);
		B *= x->a->shape[POS(x, bl[i])];
		rsh[rn++] = x->a->shape[POS(x, bl[i])];
		if (x->a->shape[POS(x, bl[i])] != y->a->shape[POS(y, bl[i])])
			goto mismatch;
	}
	for (int i = 0; i < nx; i++) {
		px[n++] = POS(x, xl[i]);
		M *= x->a->shape[POS(x, xl[i])];
		rsh[rn++] = x->a->shape[POS(x, xl[i])];
	}
	for (int i = 0; i < nk; i++) {
		px[n++] = POS(x, kl[i]);
		K *= x->a->shape[POS(x, kl[i])];
		if (x->a->shape[POS(x, kl[i])] != y->a->shape[POS(y, kl[i])])
			goto mismatch;
	}
	n = 0;
	for (int i = 0; i < nb; i++)
		py[n++] = POS(y, bl[i]);
	for (int i = 0; i < nk; i++)
		py[n++] = POS(y, kl[i]);
	for (int i = 0; i < ny; i++) {
		py[n++] = POS(y, yl[i]);
		N *= y->a->shape[POS(y, yl[i])];
		rsh[rn++] = y->a->shape[POS(y, yl[i])];
	}
	{
		int dt = dt_promote(x->a->dtype, y->a->dtype);
		struct ndarray *tx = arr_transpose(ev, x->a, px), *ty = tx ? arr_transpose(ev, y->a, py) : NULL;
		struct ndarray *cx = ty ? lin_copy(ev, tx, dt) : NULL, *cy = cx ? lin_copy(ev, ty, dt) : NULL;
		struct ndarray *mx = NULL, *my = NULL, *r = NULL, *res = NULL;
		if (cy) {
			s3[0] = B; s3[1] = M; s3[2] = K;
			mx = lin_reshape(ev, cx, 3, s3);
			s3[1] = K; s3[2] = N;
			my = mx ? lin_reshape(ev, cy, 3, s3) : NULL;
			r = my ? lin_matmul_nd(ev, mx, my, dt) : NULL;
			res = r ? lin_reshape(ev, r, rn, rsh) : NULL;
		}
		nd_decref(tx); nd_decref(ty); nd_decref(cx); nd_decref(cy);
		nd_decref(mx); nd_decref(my); nd_decref(r);
		if (!res)
			return -1;
		nd_decref(x->a);
		nd_decref(y->a);
		x->a = res;
		memcpy(x->lab, bl, nb);
		memcpy(x->lab + nb, xl, nx);
		memcpy(x->lab + nb + nx, yl, ny);
		x->nd = nb + nx + ny;
		x->lab[x->nd] = 0;
		for (int o = 1; o < nop - 1; o++)
			ops[o] = ops[o + 1];
		return 0;
	}
mismatch:
	return err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes"), -1;
#undef POS
}

static struct value *f_einsum(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct ein_op ops[EIN_MAXOP];
	int nop = argc - 1, outn = 0;
	char outl[ND_MAXDIM + 1];
	const char *spec;
	struct ndarray *res = NULL;
	const struct backend *be;
	memset(ops, 0, sizeof ops);
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], "optimize") && strcmp(kw->names[i], "dtype"))
			return err_set(ev, TY_TypeError, "einsum() got an unexpected keyword argument '%s'",
				       kw->names[i]);
	if (argc < 2 || !(spec = val_as_cstr(argv[0])))
		return err_set(ev, TY_TypeError, "einsum: the first argument must be a subscripts string");
	if (nop > EIN_MAXOP)
		return err_set(ev, TY_ValueError, "einsum: too many operands");
	be = lin_be(bi, argv[1], NULL);
	for (int i = 0; i < nop; i++) {
		ops[i].a = arr_asarray(ev, be, argv[i + 1], -1);
		if (!ops[i].a)
			goto out;
	}
	/* parse "ij,jk->ik" */
	{
		const char *p = spec;
		int k = 0;
		for (k = 0; k < nop; k++) {
			int n = 0;
			while (*p == ' ')
				p++;
			while (*p && *p != ',' && *p != '-') {
				if (*p == ' ') {
					p++;
					continue;
				}
				if (*p == '.') {
					err_set(ev, TY_NotImplementedError, "einsum: '...' is not supported");
					goto out;
				}
				if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
					err_set(ev, TY_ValueError, "invalid subscript '%c' in einstein sum subscripts string, subscripts must be letters", *p);
					goto out;
				}
				if (n >= ND_MAXDIM)
					break;
				ops[k].lab[n++] = *p++;
			}
			ops[k].lab[n] = 0;
			ops[k].nd = n;
			if (n != ops[k].a->ndim) {
				err_set(ev, TY_ValueError, "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
				goto out;
			}
			if (*p == ',')
				p++;
			else if (k != nop - 1 || (*p && *p != '-'))
				break;
		}
		if (k < nop - 1 || (k == nop - 1 && *p == ',')) {
			err_set(ev, TY_ValueError, "more operands provided to einstein sum function than specified in the subscripts string");
			goto out;
		}
		if (*p == '-') {
			if (p[1] != '>') {
				err_set(ev, TY_ValueError, "invalid subscript '-' in einstein sum subscripts string, subscripts must be letters");
				goto out;
			}
			p += 2;
			while (*p) {
				if (*p != ' ') {
					if (has(outl, outn, *p)) {
						err_set(ev, TY_ValueError, "einstein sum subscripts string includes output subscript '%c' multiple times", *p);
						goto out;
					}
					int found = 0;
					for (int o = 0; o < nop; o++)
						found |= has(ops[o].lab, ops[o].nd, *p);
					if (!found) {
						err_set(ev, TY_ValueError, "einstein sum subscripts string included output subscript '%c' which never appeared in an input", *p);
						goto out;
					}
					outl[outn++] = *p;
				}
				p++;
			}
		} else {
			/* implicit: labels appearing once, sorted */
			for (char c = 'A'; c <= 'z'; c++) {
				int cnt = 0;
				for (int o = 0; o < nop; o++)
					for (int i = 0; i < ops[o].nd; i++)
						cnt += ops[o].lab[i] == c;
				if (cnt == 1)
					outl[outn++] = c;
			}
		}
		outl[outn] = 0;
	}
	/* diagonals, private sums, then pairwise contractions left to right */
	for (int o = 0; o < nop; o++)
		if (ein_diag(ev, &ops[o]) < 0)
			goto out;
	while (nop > 1) {
		if (ein_sum_private(ev, ops, nop, 0, outl, outn) < 0 ||
		    ein_sum_private(ev, ops, nop, 1, outl, outn) < 0 ||
		    ein_pair(ev, ops, nop, outl, outn) < 0)
			goto out;
		ops[nop - 1].a = NULL;
		nop--;
	}
	if (ein_sum_private(ev, ops, 1, 0, outl, outn) < 0)
		goto out;
	{
		int perm[ND_MAXDIM];
		for (int i = 0; i < outn; i++)
			perm[i] = (int)(strchr(ops[0].lab, outl[i]) - ops[0].lab);
		struct ndarray *t = arr_transpose(ev, ops[0].a, perm);
		res = t ? lin_copy(ev, t, t->dtype) : NULL;
		nd_decref(t);
	}
out:
	for (int i = 0; i < EIN_MAXOP; i++)
		nd_decref(ops[i].a);
	return res ? arr_result(ev, res) : NULL;
}

/* ---- numpy.linalg ---- */

/* Prepares a stack of square matrices: checks, casts to the work dtype,
 * column-major copy. */
static struct ndarray *lin_square_f(struct eval *ev, const struct backend *be, struct value *v,
				    struct ndarray **orig, int *work, int *result)
{
	struct ndarray *a = arr_asarray(ev, be, v, -1), *f = NULL;
	if (!a)
		return NULL;
	if (assert_square(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, work, result) < 0) {
		nd_decref(a);
		return NULL;
	}
	f = lin_fortran(ev, a, *work);
	if (orig)
		*orig = a;
	else
		nd_decref(a);
	return f;
}

static int *info_new(struct eval *ev, int64_t n)
{
	int *p = calloc(n ? n : 1, sizeof(int));
	if (!p)
		err_nomem(ev);
	return p;
}

/* solve A X = B for stacks; a: (..., n, n), b: (..., n, k) both already
 * broadcast; returns X in C order as dtype result. */
static struct ndarray *lin_solve_nd(struct eval *ev, const struct backend *be,
				    const struct ndarray *a, const struct ndarray *b, int work, int result)
{
	const struct linalg_backend *lb = lin_lb(ev, be, "solve");
	int nd = a->ndim, n = (int)a->shape[nd - 1], k = (int)b->shape[nd - 1];
	int64_t batch = batch_of(a, 2);
	struct ndarray *fa = NULL, *fb = NULL, *piv = NULL, *res = NULL;
	int *info = NULL;
	int64_t psh[2] = {batch, n};
	if (!lb)
		return NULL;
	if (!lb->getrf || !lb->getrs)
		return err_set(ev, TY_NotImplementedError, "solve is not supported on the %s backend", be->name);
	fa = lin_fortran(ev, a, work);
	fb = fa ? lin_fortran(ev, b, work) : NULL;
	piv = fb ? nd_new(ev, be, DT_INT32, 2, psh) : NULL;
	info = piv ? info_new(ev, batch) : NULL;
	if (!info)
		goto out;
	if (batch * n * k > 0 || batch * n > 0) {
		if (lb->getrf(ev, work, batch, n, nd_data(fa), (int32_t *)nd_data(piv), info) < 0 ||
		    check_info(ev, info, batch, "Singular matrix") < 0)
			goto out;
		if (k > 0 && (lb->getrs(ev, work, batch, n, k, nd_data(fa), (const int32_t *)nd_data(piv),
					nd_data(fb), info) < 0))
			goto out;
	}
	res = lin_unfortran(ev, fb, result);
	fb = NULL;
out:
	free(info);
	nd_decref(fa);
	nd_decref(fb);
	nd_decref(piv);
	return res;
}

/* a view of a broadcast to batch dims + its own core dims */
static struct ndarray *bcast_batch(struct eval *ev, const struct ndarray *a, int core,
				   int nbatch, const int64_t *bshape)
{
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	int off = nbatch - (a->ndim - core);
	for (int i = 0; i < nbatch; i++) {
		int j = i - off;
		sh[i] = bshape[i];
		st[i] = j >= 0 && a->shape[j] != 1 ? a->strides[j] : 0;
	}
	for (int i = 0; i < core; i++) {
		sh[nbatch + i] = a->shape[a->ndim - core + i];
		st[nbatch + i] = a->strides[a->ndim - core + i];
	}
	return nd_view(ev, a, a->dtype, nbatch + core, sh, st, a->offset);
}

static int bcast_shapes(struct eval *ev, const struct ndarray *a, int ca,
			const struct ndarray *b, int cb, int *nb, int64_t *shape)
{
	int na = a->ndim - ca, nbb = b->ndim - cb, n = na > nbb ? na : nbb;
	for (int i = 0; i < n; i++) {
		int ia = i - (n - na), ib = i - (n - nbb);
		int64_t x = ia >= 0 ? a->shape[ia] : 1, y = ib >= 0 ? b->shape[ib] : 1;
		if (x != y && x != 1 && y != 1)
			return err_set(ev, TY_ValueError, "operands could not be broadcast together"), -1;
		shape[i] = x == 1 ? y : x;
	}
	*nb = n;
	return 0;
}

static struct value *f_solve(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv;
	struct ndarray *a = NULL, *b = NULL, *va = NULL, *vb = NULL, *x = NULL;
	int work, result, vec, nb;
	int64_t bsh[ND_MAXDIM];
	if (args_parse(ev, "solve", argc, argv, kw, "a,b", &av, &bv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	a = arr_asarray(ev, be, av, -1);
	b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	const struct ndarray *both[2] = {a, b};
	if (assert_square(ev, a) < 0 || lin_types(ev, be, 2, both, &work, &result) < 0)
		goto out;
	vec = b->ndim == 1;
	{
		int64_t n = a->shape[a->ndim - 1];
		int64_t bn = vec ? b->shape[0] : (b->ndim >= 2 ? b->shape[b->ndim - 2] : -1);
		if (b->ndim == 0 || bn != n) {
			if (vec)
				err_set(ev, TY_ValueError, "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) (size %lld is different from %lld)",
					(long long)bn, (long long)n);
			else
				err_set(ev, TY_ValueError, "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size %lld is different from %lld)",
					(long long)(b->ndim ? bn : 0), (long long)n);
			goto out;
		}
	}
	if (vec) {
		int64_t sh[2] = {b->shape[0], 1}, st[2] = {b->strides[0], 0};
		struct ndarray *t = nd_view(ev, b, b->dtype, 2, sh, st, b->offset);
		if (!t)
			goto out;
		nd_decref(b);
		b = t;
	}
	if (bcast_shapes(ev, a, 2, b, 2, &nb, bsh) < 0)
		goto out;
	va = bcast_batch(ev, a, 2, nb, bsh);
	vb = va ? bcast_batch(ev, b, 2, nb, bsh) : NULL;
	x = vb ? lin_solve_nd(ev, be, va, vb, work, result) : NULL;
	if (x && vec) {
		int64_t sh[ND_MAXDIM];
		memcpy(sh, x->shape, sizeof(int64_t) * (x->ndim - 1));
		struct ndarray *t = lin_reshape(ev, x, x->ndim - 1, sh);
		nd_decref(x);
		x = t;
	}
out:
	nd_decref(a);
	nd_decref(b);
	nd_decref(va);
	nd_decref(vb);
	return x ? arr_wrap(ev, x) : NULL;
}

/* identity stack like a (…, n, n) as dtype dt on be */
static struct ndarray *lin_eye_like(struct eval *ev, const struct backend *be,
				    const struct ndarray *a, int dt)
{
	int64_t n = a->shape[a->ndim - 1], batch = batch_of(a, 2);
	struct ndarray *h = nd_new(ev, &backend_host, dt, a->ndim, a->shape);
	if (!h)
		return NULL;
	size_t item = dt_size(dt);
	memset(nd_data(h), 0, batch * n * n * item);
	for (int64_t b = 0; b < batch; b++)
		for (int64_t i = 0; i < n; i++) {
			char *p = nd_data(h) + ((b * n + i) * n + i) * item;
			switch (dt) {
			case DT_FLOAT32: *(float *)p = 1; break;
			case DT_FLOAT64: *(double *)p = 1; break;
			case DT_COMPLEX64: *(float *)p = 1; break;
			case DT_COMPLEX128: *(double *)p = 1; break;
			}
		}
	return lin_on(ev, h, be);
}

static struct ndarray *lin_inv_nd(struct eval *ev, const struct backend *be, struct ndarray *a)
{
	int work, result;
	struct ndarray *eye, *x;
	if (assert_square(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		return NULL;
	eye = lin_eye_like(ev, be, a, work);
	x = eye ? lin_solve_nd(ev, be, a, eye, work, result) : NULL;
	nd_decref(eye);
	return x;
}

static struct value *f_inv(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "inv", argc, argv, kw, "a", &av) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	struct ndarray *a = arr_asarray(ev, be, av, -1), *x = a ? lin_inv_nd(ev, be, a) : NULL;
	nd_decref(a);
	return x ? arr_wrap(ev, x) : NULL;
}

/* LU of a square stack; returns host copies of LU (column-major, work
 * dtype) and pivots, or -1. */
static int lin_lu_host(struct eval *ev, const struct backend *be, struct value *av,
		       struct ndarray **lu, struct ndarray **piv, struct ndarray **orig,
		       int *work, int *result)
{
	const struct linalg_backend *lb = lin_lb(ev, be, "det");
	struct ndarray *f, *p = NULL;
	int *info = NULL, rc = -1;
	*lu = *piv = NULL;
	if (!lb)
		return -1;
	f = lin_square_f(ev, be, av, orig, work, result);
	if (!f)
		return -1;
	int64_t batch = batch_of(f, 2), n = f->shape[f->ndim - 1], psh[2] = {batch, n};
	p = nd_new(ev, be, DT_INT32, 2, psh);
	info = p ? info_new(ev, batch) : NULL;
	if (!info)
		goto out;
	if (batch * n > 0 && lb->getrf(ev, *work, batch, (int)n, nd_data(f), (int32_t *)nd_data(p), info) < 0)
		goto out;
	*lu = lin_host(ev, f);
	*piv = *lu ? lin_host(ev, p) : NULL;
	rc = *piv ? 0 : -1;
out:
	free(info);
	nd_decref(f);
	nd_decref(p);
	return rc;
}

/* sign and log|det| of each LU (NumPy's slogdet_single_element) */
static void slogdet_of(const struct ndarray *lu, const struct ndarray *piv, int work,
		       int64_t b, double _Complex *sign, double *logdet)
{
	int64_t n = lu->shape[lu->ndim - 1];
	const int32_t *ip = (const int32_t *)nd_data(piv) + b * n;
	int change = 0;
	for (int64_t i = 0; i < n; i++)
		change += ip[i] != i + 1;
	double _Complex s = (change & 1) ? -1 : 1;
	double acc = 0;
	if (work == DT_FLOAT64) {
		const double *d = (const double *)nd_data(lu) + b * n * n;
		double sr = creal(s);
		for (int64_t i = 0; i < n; i++) {
			double e = d[i * n + i];
			if (e < 0) {
				sr = -sr;
				e = -e;
			}
			acc += log(e);
		}
		s = sr;
	} else {
		const double _Complex *d = (const double _Complex *)nd_data(lu) + b * n * n;
		for (int64_t i = 0; i < n; i++) {
			double _Complex e = d[i * n + i];
			double ab = cabs(e);
			s *= e / ab;
			acc += log(ab);
		}
	}
	*sign = s;
	*logdet = acc;
	for (int64_t i = 0; i < n; i++) {
		/* an exactly singular U: NumPy's sign 0, logdet -inf */
		double _Complex e = work == DT_FLOAT64 ? ((const double *)nd_data(lu))[b * n * n + i * n + i]
						       : ((const double _Complex *)nd_data(lu))[b * n * n + i * n + i];
		if (e == 0) {
			*sign = 0;
			*logdet = -INFINITY;
		}
	}
}

static struct ndarray *host_new(struct eval *ev, int dt, int nd, const int64_t *sh)
{
	return nd_new(ev, &backend_host, dt, nd, sh);
}

static void put_num(char *p, int dt, double _Complex v)
{
	switch (dt) {
	case DT_FLOAT32: *(float *)p = (float)creal(v); break;
	case DT_FLOAT64: *(double *)p = creal(v); break;
	case DT_COMPLEX64: *(float _Complex *)p = (float _Complex)v; break;
	case DT_COMPLEX128: *(double _Complex *)p = v; break;
	}
}

static struct value *lin_det_common(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw, int slog)
{
	struct value *av, *res = NULL;
	struct ndarray *lu = NULL, *piv = NULL, *orig = NULL, *d = NULL, *l = NULL;
	int work, result;
	if (args_parse(ev, slog ? "slogdet" : "det", argc, argv, kw, "a", &av) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	if (lin_lu_host(ev, be, av, &lu, &piv, &orig, &work, &result) < 0)
		goto out;
	{
		int nd = orig->ndim - 2;
		int64_t batch = batch_of(orig, 2);
		d = host_new(ev, result, nd, orig->shape);
		l = d && slog ? host_new(ev, real_of(result), nd, orig->shape) : NULL;
		if (!d || (slog && !l))
			goto out;
		for (int64_t b = 0; b < batch; b++) {
			double _Complex s;
			double ld;
			if (orig->shape[orig->ndim - 1] == 0) {
				s = 1;
				ld = 0;
			} else
				slogdet_of(lu, piv, work, b, &s, &ld);
			if (slog) {
				if (s == 0)
					ld = -INFINITY;
				put_num(nd_data(d) + b * dt_size(result), result, s);
				put_num(nd_data(l) + b * dt_size(real_of(result)), real_of(result), ld);
			} else {
				put_num(nd_data(d) + b * dt_size(result), result, s * exp(ld));
			}
		}
		if (slog) {
			struct value *items[2];
			items[0] = arr_result(ev, lin_on(ev, d, be));
			d = NULL;
			items[1] = items[0] ? arr_result(ev, lin_on(ev, l, be)) : NULL;
			l = NULL;
			if (!items[1]) {
				val_decref(items[0]);
				goto out;
			}
			res = val_tuple_new(2, items);
		} else {
			res = arr_result(ev, lin_on(ev, d, be));
			d = NULL;
		}
	}
out:
	nd_decref(lu);
	nd_decref(piv);
	nd_decref(orig);
	nd_decref(d);
	nd_decref(l);
	return res;
}

static struct value *f_det(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	return lin_det_common(ev, bi, argc, argv, kw, 0);
}

static struct value *f_slogdet(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return lin_det_common(ev, bi, argc, argv, kw, 1);
}

/* zero the strict upper (upper = 1) or lower triangle of each C-order
 * matrix of a host array */
static void host_tri_zero(struct ndarray *h, int upper)
{
	int64_t m = h->shape[h->ndim - 2], n = h->shape[h->ndim - 1], batch = batch_of(h, 2);
	int item = dt_size(h->dtype);
	for (int64_t b = 0; b < batch; b++)
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < n; j++)
				if (upper ? j > i : j < i)
					memset(nd_data(h) + ((b * m + i) * n + j) * item, 0, item);
}

static struct value *f_cholesky(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *av, *upv = NULL;
	int work, result, upper = 0;
	struct ndarray *f = NULL, *c = NULL, *h = NULL;
	int *info = NULL;
	if (args_parse(ev, "cholesky", argc, argv, kw, "a|$upper", &av, &upv) < 0 ||
	    args_bool(ev, upv, 0, &upper) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	const struct linalg_backend *lb = lin_lb(ev, be, "cholesky");
	if (!lb || !(f = lin_square_f(ev, be, av, NULL, &work, &result)))
		return NULL;
	int64_t batch = batch_of(f, 2), n = f->shape[f->ndim - 1];
	if (!(info = info_new(ev, batch)))
		goto out;
	if (batch * n > 0 && (lb->potrf(ev, work, batch, (int)n, nd_data(f), info) < 0 ||
			  check_info(ev, info, batch, "Matrix is not positive definite") < 0))
		goto out;
	c = lin_unfortran(ev, f, result);
	f = NULL;
	h = c ? lin_host(ev, c) : NULL;
	if (!h)
		goto out;
	if (h == c) {
		nd_decref(h);
		h = lin_copy(ev, c, c->dtype);
		if (!h)
			goto out;
	}
	host_tri_zero(h, 1);
	if (upper) {
		/* U = L^H */
		struct ndarray *t = lin_swap(ev, h), *u = t ? lin_copy(ev, t, t->dtype) : NULL;
		nd_decref(t);
		nd_decref(h);
		h = u;
		if (h && dt_is_complex(h->dtype)) {
			int64_t cnt = nd_size(h);
			for (int64_t i = 0; i < cnt; i++) {
				if (h->dtype == DT_COMPLEX64)
					((float _Complex *)nd_data(h))[i] = conjf(((float _Complex *)nd_data(h))[i]);
				else
					((double _Complex *)nd_data(h))[i] = conj(((double _Complex *)nd_data(h))[i]);
			}
		}
	}
	nd_decref(c);
	c = lin_on(ev, h, be);
	h = NULL;
out:
	free(info);
	nd_decref(f);
	nd_decref(h);
	return c ? arr_wrap(ev, c) : NULL;
}

/* the first r rows / c columns of each matrix of a C array, copied */
static struct ndarray *lin_block(struct eval *ev, const struct ndarray *a, int64_t r, int64_t c)
{
	int64_t sh[ND_MAXDIM];
	memcpy(sh, a->shape, sizeof(int64_t) * a->ndim);
	sh[a->ndim - 2] = r;
	sh[a->ndim - 1] = c;
	struct ndarray *v = nd_view(ev, a, a->dtype, a->ndim, sh, a->strides, a->offset);
	struct ndarray *res = v ? lin_copy(ev, v, v->dtype) : NULL;
	nd_decref(v);
	return res;
}

static struct value *f_qr(struct eval *ev, const struct builtin *bi, int argc,
			  struct value **argv, const struct kwargs *kw)
{
	struct value *av, *modev = NULL, *res = NULL;
	const char *mode = "reduced";
	int work, result;
	struct ndarray *a = NULL, *f = NULL, *tau = NULL, *r = NULL, *rh = NULL, *q = NULL;
	int *info = NULL;
	if (args_parse(ev, "qr", argc, argv, kw, "a|mode", &av, &modev) < 0)
		return NULL;
	if (modev && !(mode = val_as_cstr(modev)))
		return err_set(ev, TY_TypeError, "mode must be a string");
	if (strcmp(mode, "reduced") && strcmp(mode, "complete") && strcmp(mode, "r") && strcmp(mode, "raw"))
		return err_set(ev, TY_ValueError, "Unrecognized mode '%s'", mode);
	const struct backend *be = lin_be(bi, av, NULL);
	const struct linalg_backend *lb = lin_lb(ev, be, "qr");
	if (!lb || !(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (assert_stacked_2d(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		goto out;
	{
		int nd = a->ndim;
		int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = batch_of(a, 2);
		int64_t tsh[ND_MAXDIM];
		memcpy(tsh, a->shape, sizeof(int64_t) * (nd - 2));
		tsh[nd - 2] = k;
		if (!(f = lin_fortran(ev, a, work)) || !(tau = nd_new(ev, be, work, nd - 1, tsh)) ||
		    !(info = info_new(ev, batch)))
			goto out;
		if (batch * m * n > 0 && lb->geqrf(ev, work, batch, (int)m, (int)n, nd_data(f), nd_data(tau), info) < 0)
			goto out;
		if (!strcmp(mode, "raw")) {
			/* (h, tau): h is the Fortran-ordered array itself, transposed */
			struct value *items[2];
			struct ndarray *t = lin_swap(ev, f);
			struct ndarray *hc = t ? lin_copy(ev, t, result) : NULL;
			nd_decref(t);
			items[0] = hc ? arr_wrap(ev, lin_swap(ev, hc)) : NULL;
			nd_decref(hc);
			items[1] = items[0] ? arr_wrap(ev, lin_copy(ev, tau, result)) : NULL;
			if (!items[1]) {
				val_decref(items[0]);
				goto out;
			}
			res = val_tuple_new(2, items);
			goto out;
		}
		/* R: the upper triangle of the first k (reduced) or m (complete) rows */
		{
			struct ndarray *full = lin_unfortran(ev, nd_incref(f), result);
			int64_t rows = !strcmp(mode, "complete") ? m : k;
			r = full ? lin_block(ev, full, rows, n) : NULL;
			nd_decref(full);
			rh = r ? lin_host(ev, r) : NULL;
			if (!rh)
				goto out;
			if (rh == r) {
				nd_decref(rh);
				rh = lin_copy(ev, r, r->dtype);
				if (!rh)
					goto out;
			}
			host_tri_zero(rh, 0);
			nd_decref(r);
			r = lin_on(ev, rh, be);
			rh = NULL;
			if (!r)
				goto out;
		}
		if (!strcmp(mode, "r")) {
			res = arr_wrap(ev, r);
			r = NULL;
			goto out;
		}
		/* Q: m×mc with mc = k (reduced) or m (complete) */
		{
			int64_t mc = !strcmp(mode, "complete") ? m : k;
			int64_t qsh[ND_MAXDIM];
			memcpy(qsh, a->shape, sizeof(int64_t) * (nd - 2));
			qsh[nd - 2] = mc;   /* column-major: (..., mc, m) C */
			qsh[nd - 1] = m;
			struct ndarray *qf = nd_new(ev, be, work, nd, qsh);
			if (!qf)
				goto out;
			/* copy the reflectors: first min(n, mc) columns of f */
			{
				int64_t csh[ND_MAXDIM];
				memcpy(csh, qsh, sizeof(int64_t) * nd);
				csh[nd - 2] = n < mc ? n : mc;
				struct ndarray *src = nd_view(ev, f, work, nd, csh, f->strides, f->offset);
				struct ndarray *dst = src ? nd_view(ev, qf, work, nd, csh, qf->strides, qf->offset) : NULL;
				int rc = dst && nd_size(dst) ? be->copy(ev, dst, src) : (dst ? 0 : -1);
				nd_decref(src);
				nd_decref(dst);
				if (rc < 0) {
					nd_decref(qf);
					goto out;
				}
			}
			if (batch * m * mc > 0 && lb->orgqr(ev, work, batch, (int)m, (int)mc, (int)k, nd_data(qf),
							nd_data(tau), info) < 0) {
				nd_decref(qf);
				goto out;
			}
			q = lin_unfortran(ev, qf, result);
			if (!q)
				goto out;
		}
		struct value *items[2] = {arr_wrap(ev, q), NULL};
		q = NULL;
		items[1] = items[0] ? arr_wrap(ev, r) : NULL;
		r = NULL;
		if (!items[1]) {
			val_decref(items[0]);
			goto out;
		}
		res = val_tuple_new(2, items);
	}
out:
	free(info);
	nd_decref(a);
	nd_decref(f);
	nd_decref(tau);
	nd_decref(r);
	nd_decref(rh);
	nd_decref(q);
	return res;
}

/* SVD of a stack: s (…, k) as real(result); u, vt when job != 'N'. */
static int lin_svd_nd(struct eval *ev, const struct backend *be, const struct ndarray *a,
		      char job, struct ndarray **u, struct ndarray **s, struct ndarray **vt)
{
	const struct linalg_backend *lb = lin_lb(ev, be, "svd");
	int work, result, nd = a->ndim, rc = -1;
	struct ndarray *f = NULL, *fs = NULL, *fu = NULL, *fv = NULL;
	int *info = NULL;
	*u = *s = *vt = NULL;
	if (!lb)
		return -1;
	if (assert_stacked_2d(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		return -1;
	int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = batch_of(a, 2);
	int64_t sh[ND_MAXDIM];
	memcpy(sh, a->shape, sizeof(int64_t) * (nd - 2));
	if (!(f = lin_fortran(ev, a, work)))
		goto out;
	sh[nd - 2] = k;
	if (!(fs = nd_new(ev, be, real_of(work), nd - 1, sh)))
		goto out;
	if (job != 'N') {
		int64_t uc = job == 'A' ? m : k, vr = job == 'A' ? n : k;
		sh[nd - 2] = uc;   /* u: m×uc column-major -> C (…, uc, m) */
		sh[nd - 1] = m;
		if (!(fu = nd_new(ev, be, work, nd, sh)))
			goto out;
		sh[nd - 2] = n;    /* vt: vr×n column-major -> C (…, n, vr) */
		sh[nd - 1] = vr;
		if (!(fv = nd_new(ev, be, work, nd, sh)))
			goto out;
	}
	if (!(info = info_new(ev, batch)))
		goto out;
	if (batch && m && n) {
		if (lb->gesdd(ev, work, batch, (int)m, (int)n, nd_data(f), nd_data(fs),
			      fu ? nd_data(fu) : NULL, fv ? nd_data(fv) : NULL, job, info) < 0 ||
		    check_info(ev, info, batch, "SVD did not converge") < 0)
			goto out;
	} else if (fu) {
		/* empty: NumPy gives identity-shaped zeros; fill with zeros */
		struct npscalar z = {.dtype = work};
		if ((nd_size(fu) && be->fill(ev, fu, &z) < 0) || (nd_size(fv) && be->fill(ev, fv, &z) < 0))
			goto out;
	}
	*s = lin_copy(ev, fs, real_of(result));
	if (!*s)
		goto out;
	if (fu) {
		*u = lin_unfortran(ev, fu, result);
		fu = NULL;
		*vt = *u ? lin_unfortran(ev, fv, result) : NULL;
		fv = NULL;
		if (!*vt)
			goto out;
	}
	rc = 0;
out:
	if (rc < 0) {
		nd_decref(*u);
		nd_decref(*s);
		nd_decref(*vt);
		*u = *s = *vt = NULL;
	}
	free(info);
	nd_decref(f);
	nd_decref(fs);
	nd_decref(fu);
	nd_decref(fv);
	return rc;
}

/* Hermitian eigen: w (…, n) real(result), v (…, n, n) when want_v */
static int lin_eigh_nd(struct eval *ev, const struct backend *be, struct value *av, int upper,
		       int want_v, struct ndarray **w, struct ndarray **v)
{
	const struct linalg_backend *lb = lin_lb(ev, be, "eigh");
	int work, result, rc = -1;
	struct ndarray *orig = NULL, *f = NULL, *fw = NULL;
	int *info = NULL;
	*w = *v = NULL;
	if (!lb || !(f = lin_square_f(ev, be, av, &orig, &work, &result)))
		return -1;
	int nd = orig->ndim;
	int64_t n = orig->shape[nd - 1], batch = batch_of(orig, 2);
	if (upper) {
		/* the upper triangle of A is the lower of A^T: column-major A^T = C A */
		nd_decref(f);
		if (!(f = lin_copy(ev, orig, work)))
			goto out;
		if (dt_is_complex(work)) {
			/* A^T of a Hermitian A is conj(A): eigenvectors conj'd; use
			 * conj so the values and vectors stay A's */
			struct ndarray *h = lin_host(ev, f);
			if (!h)
				goto out;
			int64_t cnt = nd_size(h);
			if (h == f)
				for (int64_t i = 0; i < cnt; i++)
					((double _Complex *)nd_data(h))[i] = conj(((double _Complex *)nd_data(h))[i]);
			nd_decref(h);
		}
	}
	int64_t wsh[ND_MAXDIM];
	memcpy(wsh, orig->shape, sizeof(int64_t) * (nd - 1));
	if (!(fw = nd_new(ev, be, real_of(work), nd - 1, wsh)) || !(info = info_new(ev, batch)))
		goto out;
	if (batch * n > 0 && (lb->syevd(ev, work, batch, (int)n, nd_data(f), nd_data(fw), want_v ? 'V' : 'N', info) < 0 ||
			  check_info(ev, info, batch, "Eigenvalues did not converge") < 0))
		goto out;
	if (!(*w = lin_copy(ev, fw, real_of(result))))
		goto out;
	if (want_v) {
		*v = lin_unfortran(ev, f, result);
		f = NULL;
		if (!*v)
			goto out;
	}
	rc = 0;
out:
	if (rc < 0) {
		nd_decref(*w);
		*w = NULL;
	}
	free(info);
	nd_decref(orig);
	nd_decref(f);
	nd_decref(fw);
	return rc;
}

static int parse_uplo(struct eval *ev, struct value *v, int *upper)
{
	const char *s = v ? val_as_cstr(v) : "L";
	if (!s || (strcmp(s, "L") && strcmp(s, "U")))
		return err_set(ev, TY_ValueError, "UPLO argument must be 'L' or 'U'"), -1;
	*upper = s[0] == 'U';
	return 0;
}

static struct value *f_eigh(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *uv = NULL, *items[2];
	struct ndarray *w, *v;
	int upper;
	if (args_parse(ev, "eigh", argc, argv, kw, "a|UPLO", &av, &uv) < 0 || parse_uplo(ev, uv, &upper) < 0)
		return NULL;
	if (lin_eigh_nd(ev, lin_be(bi, av, NULL), av, upper, 1, &w, &v) < 0)
		return NULL;
	items[0] = arr_wrap(ev, w);
	items[1] = items[0] ? arr_wrap(ev, v) : (nd_decref(v), NULL);
	if (!items[1]) {
		val_decref(items[0]);
		return NULL;
	}
	return val_tuple_new(2, items);
}

static struct value *f_eigvalsh(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *av, *uv = NULL;
	struct ndarray *w, *v;
	int upper;
	if (args_parse(ev, "eigvalsh", argc, argv, kw, "a|UPLO", &av, &uv) < 0 || parse_uplo(ev, uv, &upper) < 0)
		return NULL;
	if (lin_eigh_nd(ev, lin_be(bi, av, NULL), av, upper, 0, &w, &v) < 0)
		return NULL;
	return arr_wrap(ev, w);
}

/* general eigen: w (…, n), v (…, n, n) — real when every eigenvalue of a
 * real input is real, else complex (NumPy's rule) */
static struct value *lin_eig_common(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw, int want_v)
{
	struct value *av, *res = NULL;
	int work, result;
	struct ndarray *orig = NULL, *f = NULL, *fw = NULL, *fv = NULL, *hw = NULL, *hv = NULL,
		      *W = NULL, *V = NULL;
	int *info = NULL;
	if (args_parse(ev, want_v ? "eig" : "eigvals", argc, argv, kw, "a", &av) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	const struct linalg_backend *lb = lin_lb(ev, be, "eig");
	if (!lb || !(f = lin_square_f(ev, be, av, &orig, &work, &result)))
		return NULL;
	if (!lb->geev) {
		err_set(ev, TY_NotImplementedError, "eig is not supported on the %s backend", be->name);
		goto out;
	}
	int nd = orig->ndim;
	int64_t n = orig->shape[nd - 1], batch = batch_of(orig, 2), sh[ND_MAXDIM];
	int cplx = dt_is_complex(work);
	memcpy(sh, orig->shape, sizeof(int64_t) * nd);
	sh[nd - 1] = cplx ? n : 2 * n;
	if (!(fw = nd_new(ev, be, work, nd - 1, sh)) || !(info = info_new(ev, batch)))
		goto out;
	sh[nd - 1] = n;
	if (want_v && !(fv = nd_new(ev, be, work, nd, sh)))
		goto out;
	if (batch * n > 0 && (lb->geev(ev, work, batch, (int)n, nd_data(f), nd_data(fw), fv ? nd_data(fv) : NULL, info) < 0 ||
			  check_info(ev, info, batch, "Eigenvalues did not converge") < 0))
		goto out;
	if (!(hw = lin_host(ev, fw)) || (fv && !(hv = lin_host(ev, fv))))
		goto out;
	{
		int all_real = !dt_is_complex(result);
		if (all_real) {
			const double *p = (const double *)nd_data(hw);
			for (int64_t b = 0; b < batch && all_real; b++)
				for (int64_t i = 0; i < n; i++)
					if (p[b * 2 * n + n + i] != 0) {
						all_real = 0;
						break;
					}
		}
		int odt = all_real ? DT_FLOAT64 : DT_COMPLEX128;
		int rdt = all_real ? real_of(result) : complex_of(result);
		sh[nd - 1] = n;
		struct ndarray *w2 = host_new(ev, odt, nd - 1, sh), *v2 = NULL;
		if (!w2)
			goto out;
		if (fv && !(v2 = host_new(ev, odt, nd, sh))) {
			nd_decref(w2);
			goto out;
		}
		for (int64_t b = 0; b < batch; b++) {
			if (cplx) {
				const double _Complex *pw = (const double _Complex *)nd_data(hw) + b * n;
				memcpy((double _Complex *)nd_data(w2) + b * n, pw, n * sizeof(double _Complex));
				if (v2) {
					/* column-major (j, i) -> C (i, j) */
					const double _Complex *pv = (const double _Complex *)nd_data(hv) + b * n * n;
					double _Complex *o = (double _Complex *)nd_data(v2) + b * n * n;
					for (int64_t j = 0; j < n; j++)
						for (int64_t i = 0; i < n; i++)
							o[i * n + j] = pv[j * n + i];
				}
				continue;
			}
			const double *wr = (const double *)nd_data(hw) + b * 2 * n, *wi = wr + n;
			const double *pv = v2 ? (const double *)nd_data(hv) + b * n * n : NULL;
			for (int64_t j = 0; j < n; j++) {
				if (all_real)
					((double *)nd_data(w2))[b * n + j] = wr[j];
				else
					((double _Complex *)nd_data(w2))[b * n + j] = CMPLX(wr[j], wi[j]);
			}
			if (!v2)
				continue;
			for (int64_t j = 0; j < n; j++) {
				int pair = !all_real && wi[j] != 0 && j + 1 < n;
				for (int64_t i = 0; i < n; i++) {
					if (all_real) {
						((double *)nd_data(v2))[b * n * n + i * n + j] = pv[j * n + i];
					} else if (pair) {
						double re = pv[j * n + i], im = pv[(j + 1) * n + i];
						((double _Complex *)nd_data(v2))[b * n * n + i * n + j] = CMPLX(re, im);
						((double _Complex *)nd_data(v2))[b * n * n + i * n + j + 1] = CMPLX(re, -im);
					} else {
						((double _Complex *)nd_data(v2))[b * n * n + i * n + j] = CMPLX(pv[j * n + i], 0);
					}
				}
				if (pair)
					j++;
			}
		}
		W = lin_copy(ev, w2, rdt);
		nd_decref(w2);
		if (v2) {
			V = W ? lin_copy(ev, v2, rdt) : NULL;
			nd_decref(v2);
		}
		if (!W || (fv && !V))
			goto out;
		W = lin_on(ev, W, be);
		if (V)
			V = lin_on(ev, V, be);
	}
	if (!want_v) {
		res = W ? arr_wrap(ev, W) : NULL;
		W = NULL;
	} else if (W && V) {
		struct value *items[2] = {arr_wrap(ev, W), NULL};
		W = NULL;
		items[1] = items[0] ? arr_wrap(ev, V) : NULL;
		V = NULL;
		if (!items[1])
			val_decref(items[0]);
		else
			res = val_tuple_new(2, items);
	}
out:
	free(info);
	nd_decref(orig);
	nd_decref(f);
	nd_decref(fw);
	nd_decref(fv);
	nd_decref(hw);
	nd_decref(hv);
	nd_decref(W);
	nd_decref(V);
	return res;
}

static struct value *f_eig(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	return lin_eig_common(ev, bi, argc, argv, kw, 1);
}

static struct value *f_eigvals(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return lin_eig_common(ev, bi, argc, argv, kw, 0);
}

static struct value *f_svd(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	struct value *av, *fmv = NULL, *cuv = NULL, *hv = NULL;
	int full = 1, cuvb = 1, herm = 0;
	struct ndarray *a, *u, *s, *vt;
	if (args_parse(ev, "svd", argc, argv, kw, "a|full_matrices,compute_uv,hermitian", &av, &fmv, &cuv, &hv) < 0 ||
	    args_bool(ev, fmv, 1, &full) < 0 || args_bool(ev, cuv, 1, &cuvb) < 0 || args_bool(ev, hv, 0, &herm) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	int rc = lin_svd_nd(ev, be, a, cuvb ? (full ? 'A' : 'S') : 'N', &u, &s, &vt);
	nd_decref(a);
	if (rc < 0)
		return NULL;
	if (!cuvb)
		return arr_wrap(ev, s);
	struct value *items[3];
	items[0] = arr_wrap(ev, u);
	items[1] = arr_wrap(ev, s);
	items[2] = arr_wrap(ev, vt);
	if (!items[0] || !items[1] || !items[2]) {
		for (int i = 0; i < 3; i++)
			val_decref(items[i]);
		return NULL;
	}
	return val_tuple_new(3, items);
}

/* host double view of a real array (copy) */
static struct ndarray *host_as(struct eval *ev, const struct ndarray *a, int dt)
{
	struct ndarray *h = lin_host(ev, (struct ndarray *)a), *r;
	if (!h)
		return NULL;
	r = lin_copy(ev, h, dt);
	nd_decref(h);
	return r;
}

static double machine_eps(int dt)
{
	return dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
}

static struct value *f_matrix_rank(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *av, *tolv = NULL, *hv = NULL, *rtolv = NULL;
	struct ndarray *a, *u, *s, *vt, *hs = NULL, *r = NULL;
	if (args_parse(ev, "matrix_rank", argc, argv, kw, "A|tol,hermitian,$rtol", &av, &tolv, &hv, &rtolv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (a->ndim < 2) {
		/* int(not all(A == 0)) */
		struct ndarray *h = host_as(ev, a, DT_COMPLEX128);
		int nz = 0;
		nd_decref(a);
		if (!h)
			return NULL;
		for (int64_t i = 0; i < nd_size(h); i++)
			nz |= ((double _Complex *)nd_data(h))[i] != 0;
		nd_decref(h);
		return val_int(nz);
	}
	int rc = lin_svd_nd(ev, be, a, 'N', &u, &s, &vt);
	if (rc < 0) {
		nd_decref(a);
		return NULL;
	}
	int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], k = m < n ? m : n;
	int64_t batch = batch_of(a, 2);
	double tol = -1, rtol = -1;
	if (tolv && tolv->type != VT_NONE && val_as_double(ev, tolv, &tol) < 0)
		goto out;
	if (rtolv && rtolv->type != VT_NONE && val_as_double(ev, rtolv, &rtol) < 0)
		goto out;
	if (!(hs = host_as(ev, s, DT_FLOAT64)) || !(r = host_new(ev, DT_INT64, a->ndim - 2, a->shape)))
		goto out;
	for (int64_t b = 0; b < batch; b++) {
		const double *p = (const double *)nd_data(hs) + b * k;
		double mx = 0, t;
		int64_t cnt = 0;
		for (int64_t i = 0; i < k; i++)
			if (p[i] > mx)
				mx = p[i];
		if (tol >= 0)
			t = tol;
		else
			t = mx * (rtol >= 0 ? rtol : (double)(m > n ? m : n) * machine_eps(s->dtype));
		for (int64_t i = 0; i < k; i++)
			cnt += p[i] > t;
		((int64_t *)nd_data(r))[b] = cnt;
	}
out:
	nd_decref(a);
	nd_decref(s);
	nd_decref(hs);
	return r ? arr_result(ev, lin_on(ev, r, be)) : NULL;
}

static struct value *f_pinv(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *rcv = NULL, *hv = NULL, *rtolv = NULL, *cj = NULL;
	struct ndarray *a = NULL, *u = NULL, *s = NULL, *vt = NULL, *hs = NULL, *hu = NULL,
		      *su = NULL, *vtt = NULL, *ut = NULL, *r = NULL;
	if (args_parse(ev, "pinv", argc, argv, kw, "a|rcond,hermitian,$rtol", &av, &rcv, &hv, &rtolv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	double rcond = 1e-15;
	int have_rc = rcv && rcv->type != VT_NONE;
	if (have_rc && val_as_double(ev, rcv, &rcond) < 0)
		goto out;
	if (!have_rc && rtolv) {
		if (rtolv->type == VT_NONE)
			rcond = -1;   /* max(M, N) * eps below */
		else if (val_as_double(ev, rtolv, &rcond) < 0)
			goto out;
	}
	if (dt_is_complex(a->dtype)) {
		struct value *in[1] = {arr_wrap(ev, nd_incref(a))};
		cj = in[0] ? arr_ufunc_call(ev, be, "conjugate", 1, in, NULL) : NULL;
		val_decref(in[0]);
		if (!cj)
			goto out;
		nd_decref(a);
		a = nd_incref(arr_borrow(cj));
	}
	if (lin_svd_nd(ev, be, a, 'S', &u, &s, &vt) < 0)
		goto out;
	{
		int nd = a->ndim;
		int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = batch_of(a, 2);
		if (rcond < 0)
			rcond = (double)(m > n ? m : n) * machine_eps(s->dtype);
		/* s -> 1/s where large, 0 elsewhere; then scale u's columns:
		 * res = vt^T @ (s[..., None] * u^T) */
		if (!(hs = host_as(ev, s, DT_FLOAT64)) || !(hu = host_as(ev, u, complex_of(u->dtype) == u->dtype ? DT_COMPLEX128 : DT_FLOAT64)))
			goto out;
		for (int64_t b = 0; b < batch; b++) {
			double *p = (double *)nd_data(hs) + b * k, mx = 0;
			for (int64_t i = 0; i < k; i++)
				if (p[i] > mx)
					mx = p[i];
			for (int64_t i = 0; i < k; i++)
				p[i] = p[i] > rcond * mx ? 1 / p[i] : 0;
		}
		/* su = s[..., :, None] * u^T : (…, k, m) */
		int64_t sh[ND_MAXDIM];
		memcpy(sh, a->shape, sizeof(int64_t) * nd);
		sh[nd - 2] = k;
		sh[nd - 1] = m;
		if (!(su = host_new(ev, hu->dtype, nd, sh)))
			goto out;
		for (int64_t b = 0; b < batch; b++)
			for (int64_t i = 0; i < k; i++) {
				double sv = ((double *)nd_data(hs))[b * k + i];
				for (int64_t j = 0; j < m; j++) {
					if (hu->dtype == DT_COMPLEX128)
						((double _Complex *)nd_data(su))[(b * k + i) * m + j] =
							((double _Complex *)nd_data(hu))[(b * m + j) * k + i] * sv;
					else
						((double *)nd_data(su))[(b * k + i) * m + j] =
							((double *)nd_data(hu))[(b * m + j) * k + i] * sv;
				}
			}
		{
			struct ndarray *sud = lin_copy(ev, su, u->dtype);
			nd_decref(su);
			su = sud ? lin_on(ev, sud, be) : NULL;
		}
		vtt = su ? lin_swap(ev, vt) : NULL;
		r = vtt ? lin_matmul_nd(ev, vtt, su, -1) : NULL;
		(void)n;
	}
out:
	val_decref(cj);
	nd_decref(a);
	nd_decref(u);
	nd_decref(s);
	nd_decref(vt);
	nd_decref(hs);
	nd_decref(hu);
	nd_decref(su);
	nd_decref(vtt);
	nd_decref(ut);
	return r ? arr_wrap(ev, r) : NULL;
}

static struct value *f_lstsq(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *rcv = NULL, *res = NULL;
	struct ndarray *a = NULL, *b = NULL, *fa = NULL, *fb = NULL, *fs = NULL, *hb = NULL,
		      *x = NULL, *resid = NULL, *sv = NULL;
	int work, result, info = 0, rank = 0;
	if (args_parse(ev, "lstsq", argc, argv, kw, "a,b|rcond", &av, &bv, &rcv) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, bv);
	const struct linalg_backend *lb = lin_lb(ev, be, "lstsq");
	if (!lb || !(a = arr_asarray(ev, be, av, -1)) || !(b = arr_asarray(ev, be, bv, -1)))
		goto out;
	if (a->ndim != 2) {
		err_set(ev, TY_LinAlgError, "%d-dimensional array given. Array must be two-dimensional", a->ndim);
		goto out;
	}
	if (b->ndim != 1 && b->ndim != 2) {
		err_set(ev, TY_LinAlgError, "%d-dimensional array given. Array must be one or two-dimensional", b->ndim);
		goto out;
	}
	const struct ndarray *both[2] = {a, b};
	if (lin_types(ev, be, 2, both, &work, &result) < 0)
		goto out;
	int64_t m = a->shape[0], n = a->shape[1], k = b->ndim == 1 ? 1 : b->shape[1];
	int64_t mn = m < n ? m : n, ldb = m > n ? m : n;
	if (b->shape[0] != m) {
		err_set(ev, TY_LinAlgError, "Incompatible dimensions");
		goto out;
	}
	double rcond = machine_eps(result) * (double)(m > n ? m : n);
	if (rcv && rcv->type != VT_NONE && val_as_double(ev, rcv, &rcond) < 0)
		goto out;
	/* b padded to ldb rows, column-major, on the host side of the backend */
	{
		int64_t sh[2] = {k, ldb};
		struct ndarray *bb = b->ndim == 1 ? NULL : lin_swap(ev, b);
		struct ndarray *bh = host_as(ev, b->ndim == 1 ? b : bb, work);
		nd_decref(bb);
		if (!bh || !(hb = host_new(ev, work, 2, sh))) {
			nd_decref(bh);
			goto out;
		}
		memset(nd_data(hb), 0, k * ldb * dt_size(work));
		for (int64_t j = 0; j < k; j++)
			memcpy(nd_data(hb) + j * ldb * dt_size(work), nd_data(bh) + j * m * dt_size(work), m * dt_size(work));
		nd_decref(bh);
		if (!(fb = lin_on(ev, hb, be))) {
			hb = NULL;
			goto out;
		}
		hb = NULL;
	}
	if (!(fa = lin_fortran(ev, a, work)) || !(fs = nd_new(ev, be, real_of(work), 1, &mn)))
		goto out;
	if (m && n && k && (lb->gelsd(ev, work, (int)m, (int)n, (int)k, nd_data(fa), nd_data(fb), nd_data(fs), rcond, &rank, &info) < 0))
		goto out;
	if (info > 0) {
		err_set(ev, TY_LinAlgError, "SVD did not converge in Linear Least Squares");
		goto out;
	}
	if (!(hb = lin_host(ev, fb)))
		goto out;
	{
		size_t it = dt_size(work);
		int64_t xs[2] = {n, k};
		struct ndarray *xh = host_new(ev, work, b->ndim, xs), *rh;
		if (!xh)
			goto out;
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = 0; j < k; j++)
				memcpy(nd_data(xh) + (i * k + j) * it, nd_data(hb) + (j * ldb + i) * it, it);
		x = lin_on(ev, lin_copy(ev, xh, result), be);
		nd_decref(xh);
		int64_t rn = (rank == n && m > n) ? k : 0;
		rh = host_new(ev, real_of(work), 1, &rn);
		if (!rh)
			goto out;
		for (int64_t j = 0; j < rn; j++) {
			double acc = 0;
			for (int64_t i = n; i < m; i++) {
				if (dt_is_complex(work)) {
					double _Complex v = ((double _Complex *)nd_data(hb))[j * ldb + i];
					acc += creal(v) * creal(v) + cimag(v) * cimag(v);
				} else {
					double v = ((double *)nd_data(hb))[j * ldb + i];
					acc += v * v;
				}
			}
			((double *)nd_data(rh))[j] = acc;
		}
		resid = lin_on(ev, lin_copy(ev, rh, real_of(result)), be);
		nd_decref(rh);
		sv = lin_copy(ev, fs, real_of(result));
	}
	if (x && resid && sv) {
		struct value *items[4];
		union scalar_data rk = {.i = rank};
		items[0] = arr_wrap(ev, x);
		items[1] = arr_wrap(ev, resid);
		items[2] = val_scalar(DT_INT32, rk);
		items[3] = arr_wrap(ev, sv);
		x = resid = sv = NULL;
		if (!items[0] || !items[1] || !items[2] || !items[3]) {
			for (int i = 0; i < 4; i++)
				val_decref(items[i]);
		} else
			res = val_tuple_new(4, items);
	}
out:
	nd_decref(a);
	nd_decref(b);
	nd_decref(fa);
	nd_decref(fb);
	nd_decref(fs);
	nd_decref(hb);
	nd_decref(x);
	nd_decref(resid);
	nd_decref(sv);
	return res;
}

static struct value *f_matrix_power(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *nv;
	int64_t n;
	struct ndarray *a = NULL, *z = NULL, *r = NULL;
	if (args_parse(ev, "matrix_power", argc, argv, kw, "a,n", &av, &nv) < 0)
		return NULL;
	if (nv->type != VT_INT && nv->type != VT_BOOL && nv->type != VT_SCALAR)
		return err_set(ev, TY_TypeError, "exponent must be an integer");
	if (val_as_int64(ev, nv, &n) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (assert_square(ev, a) < 0)
		goto out;
	if (n == 0) {
		struct ndarray *e = lin_eye_like(ev, be, a, dt_is_complex(a->dtype) ? DT_COMPLEX128 : DT_FLOAT64);
		r = e ? lin_copy(ev, e, a->dtype) : NULL;
		nd_decref(e);
		goto out;
	}
	if (n < 0) {
		struct ndarray *inv = lin_inv_nd(ev, be, a);
		if (!inv)
			goto out;
		nd_decref(a);
		a = inv;
		n = -n;
	}
	if (n == 1) {
		r = lin_copy(ev, a, a->dtype);
		goto out;
	}
	if (n == 2) {
		r = lin_matmul_nd(ev, a, a, -1);
		goto out;
	}
	if (n == 3) {
		struct ndarray *t = lin_matmul_nd(ev, a, a, -1);
		r = t ? lin_matmul_nd(ev, t, a, -1) : NULL;
		nd_decref(t);
		goto out;
	}
	while (n > 0) {
		struct ndarray *t;
		if (!z)
			z = nd_incref(a);
		else {
			t = lin_matmul_nd(ev, z, z, -1);
			nd_decref(z);
			if (!(z = t))
				goto fail;
		}
		int bit = n & 1;
		n >>= 1;
		if (bit) {
			if (!r)
				r = nd_incref(z);
			else {
				t = lin_matmul_nd(ev, r, z, -1);
				nd_decref(r);
				if (!(r = t))
					goto fail;
			}
		}
	}
	goto out;
fail:
	nd_decref(r);
	r = NULL;
out:
	nd_decref(a);
	nd_decref(z);
	return r ? arr_wrap(ev, r) : NULL;
}

/* ---- norm ---- */

/* NumPy's pairwise summation (add.reduce along a contiguous axis) */
static double pairwise_d(const double *a, int64_t n)
{
	if (n < 8) {
		double r = 0.;
		for (int64_t i = 0; i < n; i++)
			r += a[i];
		return r;
	}
	if (n <= 128) {
		double r[8], res;
		int64_t i;
		for (int j = 0; j < 8; j++)
			r[j] = a[j];
		for (i = 8; i < n - (n % 8); i += 8)
			for (int j = 0; j < 8; j++)
				r[j] += a[i + j];
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += a[i];
		return res;
	}
	int64_t n2 = n / 2;
	n2 -= n2 % 8;
	return pairwise_d(a, n2) + pairwise_d(a + n2, n - n2);
}

static float pairwise_f(const float *a, int64_t n)
{
	if (n < 8) {
		float r = 0.f;
		for (int64_t i = 0; i < n; i++)
			r += a[i];
		return r;
	}
	if (n <= 128) {
		float r[8], res;
		int64_t i;
		for (int j = 0; j < 8; j++)
			r[j] = a[j];
		for (i = 8; i < n - (n % 8); i += 8)
			for (int j = 0; j < 8; j++)
				r[j] += a[i + j];
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
		for (; i < n; i++)
			res += a[i];
		return res;
	}
	int64_t n2 = n / 2;
	n2 -= n2 % 8;
	return pairwise_f(a, n2) + pairwise_f(a + n2, n - n2);
}

enum norm_kind { NK_SUM, NK_MAX, NK_MIN };

/* reduce groups of `len` values (contiguous) of a host float64/float32 array */
static double reduce_group(const void *p, int single, int64_t len, enum norm_kind k, int pairwise)
{
	if (k == NK_SUM) {
		if (single) {
			if (pairwise)
				return pairwise_f(p, len);
			float s = 0;
			for (int64_t i = 0; i < len; i++)
				s += ((const float *)p)[i];
			return s;
		}
		if (pairwise)
			return pairwise_d(p, len);
		double s = 0;
		for (int64_t i = 0; i < len; i++)
			s += ((const double *)p)[i];
		return s;
	}
	double r = single ? ((const float *)p)[0] : ((const double *)p)[0];
	for (int64_t i = 1; i < len; i++) {
		double v = single ? ((const float *)p)[i] : ((const double *)p)[i];
		if (isnan(v))
			return v;
		if (k == NK_MAX ? v > r : v < r)
			r = v;
	}
	return r;
}

/*
 * The vector norms of x (host, C order, real dtype rdt = float32/64 holding
 * |x| already) over its last axis: ord as NumPy's (inf, -inf, 0, 1, 2, p).
 */
static int vec_norm_rows(struct eval *ev, struct ndarray *ax, double ord, int pairwise,
			 struct ndarray *out)
{
	int single = ax->dtype == DT_FLOAT32;
	int64_t len = ax->shape[ax->ndim - 1], rows = len ? nd_size(ax) / len : nd_size(out);
	size_t it = dt_size(ax->dtype);
	char *p = nd_data(ax);
	if (len == 0 && (isinf(ord) || ord == -INFINITY))
		return err_set(ev, TY_ValueError, "zero-size array to reduction operation maximum which has no identity"), -1;
	for (int64_t r = 0; r < rows; r++, p += len * it) {
		double v;
		if (isinf(ord))
			v = reduce_group(p, single, len, ord > 0 ? NK_MAX : NK_MIN, 0);
		else if (ord == 0) {
			double c = 0;
			for (int64_t i = 0; i < len; i++)
				c += (single ? ((float *)p)[i] : ((double *)p)[i]) != 0;
			v = c;
		} else if (ord == 1)
			v = reduce_group(p, single, len, NK_SUM, pairwise);
		else if (ord == 2) {
			for (int64_t i = 0; i < len; i++) {
				if (single)
					((float *)p)[i] *= ((float *)p)[i];
				else
					((double *)p)[i] *= ((double *)p)[i];
			}
			v = reduce_group(p, single, len, NK_SUM, pairwise);
			v = single ? sqrtf((float)v) : sqrt(v);
		} else {
			for (int64_t i = 0; i < len; i++) {
				if (single)
					((float *)p)[i] = powf(((float *)p)[i], (float)ord);
				else
					((double *)p)[i] = pow(((double *)p)[i], ord);
			}
			v = reduce_group(p, single, len, NK_SUM, pairwise);
			v = single ? powf((float)v, 1.0f / (float)ord) : pow(v, 1.0 / ord);
		}
		if (single)
			((float *)nd_data(out))[r] = (float)v;
		else
			((double *)nd_data(out))[r] = v;
	}
	return 0;
}

/* |x| as a host C array of the real dtype rdt, with the axes `mv` (count
 * nm) moved to the end in that order */
static struct ndarray *abs_moved(struct eval *ev, const struct ndarray *x, const int *mv, int nm,
				 int rdt)
{
	int perm[ND_MAXDIM], np = 0;
	for (int i = 0; i < x->ndim; i++) {
		int moved = 0;
		for (int j = 0; j < nm; j++)
			moved |= mv[j] == i;
		if (!moved)
			perm[np++] = i;
	}
	for (int j = 0; j < nm; j++)
		perm[np++] = mv[j];
	struct ndarray *t = arr_transpose(ev, x, perm), *h = NULL, *r = NULL;
	if (!t)
		return NULL;
	int wide = dt_is_complex(x->dtype) ? (x->dtype == DT_COMPLEX64 ? DT_COMPLEX64 : DT_COMPLEX128) : rdt;
	h = host_as(ev, t, wide);
	nd_decref(t);
	if (!h)
		return NULL;
	if (!dt_is_complex(wide)) {
		int64_t n = nd_size(h);
		for (int64_t i = 0; i < n; i++) {
			if (rdt == DT_FLOAT32)
				((float *)nd_data(h))[i] = fabsf(((float *)nd_data(h))[i]);
			else
				((double *)nd_data(h))[i] = fabs(((double *)nd_data(h))[i]);
		}
		return h;
	}
	r = host_new(ev, rdt, h->ndim, h->shape);
	if (r) {
		int64_t n = nd_size(h);
		for (int64_t i = 0; i < n; i++) {
			if (rdt == DT_FLOAT32)
				((float *)nd_data(r))[i] = cabsf(((float _Complex *)nd_data(h))[i]);
			else
				((double *)nd_data(r))[i] = cabs(((double _Complex *)nd_data(h))[i]);
		}
	}
	nd_decref(h);
	return r;
}

static struct value *f_norm(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *xv, *ordv = NULL, *axv = NULL, *kdv = NULL;
	struct ndarray *x = NULL, *out = NULL, *h = NULL;
	int keep = 0, axes[2], nax = 0, rdt;
	double ord = 2;
	const char *sord = NULL;
	int have_ord;
	if (args_parse(ev, "norm", argc, argv, kw, "x|ord,axis,keepdims", &xv, &ordv, &axv, &kdv) < 0 ||
	    args_bool(ev, kdv, 0, &keep) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, xv, NULL);
	if (!(x = arr_asarray(ev, be, xv, -1)))
		return NULL;
	have_ord = ordv && ordv->type != VT_NONE;
	if (have_ord) {
		sord = val_as_cstr(ordv);
		if (!sord && val_as_double(ev, ordv, &ord) < 0)
			goto out;
	}
	rdt = x->dtype == DT_FLOAT32 || x->dtype == DT_COMPLEX64 ? DT_FLOAT32
	      : x->dtype == DT_FLOAT16 ? DT_FLOAT16 : DT_FLOAT64;
	int work = rdt == DT_FLOAT16 ? DT_FLOAT32 : rdt;
	if (axv && axv->type != VT_NONE) {
		if (axv->type == VT_TUPLE || axv->type == VT_LIST) {
			nax = (int)axv->u.seq.n;
			if (nax > 2 || nax < 1) {
				err_set(ev, TY_ValueError, "Improper number of dimensions to norm.");
				goto out;
			}
			for (int i = 0; i < nax; i++) {
				int64_t a;
				if (val_as_int64(ev, axv->u.seq.items[i], &a) < 0 ||
				    arr_normalize_axis(ev, a, x->ndim, &axes[i]) < 0)
					goto out;
			}
		} else {
			int64_t a;
			nax = 1;
			if (val_as_int64(ev, axv, &a) < 0 || arr_normalize_axis(ev, a, x->ndim, &axes[0]) < 0)
				goto out;
		}
	} else if (!have_ord || (sord && x->ndim == 2 && (!strcmp(sord, "fro") || !strcmp(sord, "f"))) ||
		   (!sord && ord == 2 && x->ndim == 1)) {
		/* flattened 2-norm: sqrt(x.dot(x)) */
		int64_t n = nd_size(x);
		h = host_as(ev, x, dt_is_complex(x->dtype) ? complex_of(work) : work);
		if (!h)
			goto out;
		double sq = 0;
		if (h->dtype == DT_FLOAT64)
			sq = linalg_host_ddot(nd_data(h), n, 1);
		else if (h->dtype == DT_FLOAT32)
			sq = linalg_host_sdot(nd_data(h), n, 1);
		else if (h->dtype == DT_COMPLEX128)
			sq = linalg_host_ddot(nd_data(h), n, 2) +
			     linalg_host_ddot((const double *)nd_data(h) + 1, n, 2);
		else
			sq = (double)(linalg_host_sdot(nd_data(h), n, 2) +
				      linalg_host_sdot((const float *)nd_data(h) + 1, n, 2));
		int64_t ones[ND_MAXDIM];
		for (int i = 0; i < x->ndim; i++)
			ones[i] = 1;
		out = host_new(ev, rdt, keep ? x->ndim : 0, ones);
		if (!out)
			goto out;
		if (rdt == DT_FLOAT64)
			*(double *)nd_data(out) = sqrt(sq);
		else if (rdt == DT_FLOAT32)
			*(float *)nd_data(out) = sqrtf((float)sq);
		else {
			struct ndarray *t = host_new(ev, DT_FLOAT32, out->ndim, out->shape);
			if (!t)
				goto out;
			*(float *)nd_data(t) = sqrtf((float)sq);
			nd_decref(out);
			out = lin_copy(ev, t, DT_FLOAT16);
			nd_decref(t);
		}
		goto done;
	} else {
		nax = x->ndim;
		if (nax > 2) {
			err_set(ev, TY_ValueError, "Improper number of dimensions to norm.");
			goto out;
		}
		for (int i = 0; i < nax; i++)
			axes[i] = i;
	}
	int64_t osh[ND_MAXDIM];
	int ond = 0;
	for (int i = 0; i < x->ndim; i++) {
		int red = i == axes[0] || (nax == 2 && i == axes[1]);
		if (!red)
			osh[ond++] = x->shape[i];
	}
	if (nax == 1) {
		if (sord) {
			err_set(ev, TY_ValueError, "Invalid norm order '%s' for vectors", sord);
			goto out;
		}
		h = abs_moved(ev, x, axes, 1, work);
		out = h ? host_new(ev, work, ond, osh) : NULL;
		if (!out || vec_norm_rows(ev, h, have_ord ? ord : 2, axes[0] == x->ndim - 1, out) < 0)
			goto out;
	} else {
		int r0 = axes[0], c0 = axes[1];
		if (r0 == c0) {
			err_set(ev, TY_ValueError, "Duplicate axes given.");
			goto out;
		}
		if (!have_ord || (sord && (!strcmp(sord, "fro") || !strcmp(sord, "f")))) {
			/* sqrt(sum |x|^2) over both axes */
			h = abs_moved(ev, x, axes, 2, work);
			int64_t sh[ND_MAXDIM];
			memcpy(sh, h->shape, sizeof(int64_t) * (h->ndim - 2));
			sh[h->ndim - 2] = h->shape[h->ndim - 2] * h->shape[h->ndim - 1];
			struct ndarray *flat = h ? lin_reshape(ev, h, h->ndim - 1, sh) : NULL;
			out = flat ? host_new(ev, work, ond, osh) : NULL;
			if (!out || vec_norm_rows(ev, flat, 2, 1, out) < 0) {
				nd_decref(flat);
				goto out;
			}
			nd_decref(flat);
		} else if (sord && strcmp(sord, "nuc")) {
			err_set(ev, TY_ValueError, "Invalid norm order for matrices.");
			goto out;
		} else if (sord || ord == 2 || ord == -2) {
			/* singular values: max / min / sum */
			int perm[ND_MAXDIM], np = 0;
			for (int i = 0; i < x->ndim; i++)
				if (i != r0 && i != c0)
					perm[np++] = i;
			perm[np++] = r0;
			perm[np++] = c0;
			struct ndarray *t = arr_transpose(ev, x, perm), *u, *s, *vt, *hs;
			int rc = t ? lin_svd_nd(ev, be, t, 'N', &u, &s, &vt) : -1;
			nd_decref(t);
			if (rc < 0)
				goto out;
			hs = host_as(ev, s, work);
			nd_decref(s);
			out = hs ? host_new(ev, work, ond, osh) : NULL;
			if (!out) {
				nd_decref(hs);
				goto out;
			}
			int64_t k = hs->shape[hs->ndim - 1], rows = nd_size(out);
			for (int64_t r = 0; r < rows; r++) {
				const char *p = nd_data(hs) + r * k * dt_size(work);
				double v = reduce_group(p, work == DT_FLOAT32, k, sord ? NK_SUM : ord > 0 ? NK_MAX : NK_MIN, 1);
				if (work == DT_FLOAT32)
					((float *)nd_data(out))[r] = (float)v;
				else
					((double *)nd_data(out))[r] = v;
			}
			nd_decref(hs);
		} else if (ord == 1 || ord == -1 || isinf(ord)) {
			/* 1: max over columns of column sums; inf: max over rows of row sums */
			int sum_ax = (ord == 1 || ord == -1) ? r0 : c0, oth = sum_ax == r0 ? c0 : r0;
			int mv[2] = {oth, sum_ax};
			h = abs_moved(ev, x, mv, 2, work);
			if (!h)
				goto out;
			int64_t no = h->shape[h->ndim - 2], ns = h->shape[h->ndim - 1];
			out = host_new(ev, work, ond, osh);
			if (!out)
				goto out;
			int64_t rows = nd_size(out);
			size_t it = dt_size(work);
			double *tmp = malloc((no ? no : 1) * sizeof(double));
			if (!tmp) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t r = 0; r < rows; r++) {
				double best = 0;
				for (int64_t o = 0; o < no; o++) {
					const char *p = nd_data(h) + (r * no + o) * ns * it;
					/* sequential when summing the leading axis (NumPy adds rows) */
					tmp[o] = reduce_group(p, work == DT_FLOAT32, ns, NK_SUM, sum_ax > oth);
					if (o == 0 || ((ord > 0) ? tmp[o] > best : tmp[o] < best))
						best = tmp[o];
				}
				if (work == DT_FLOAT32)
					((float *)nd_data(out))[r] = (float)best;
				else
					((double *)nd_data(out))[r] = best;
			}
			free(tmp);
		} else {
			err_set(ev, TY_ValueError, "Invalid norm order for matrices.");
			goto out;
		}
	}
	if (rdt == DT_FLOAT16) {
		struct ndarray *t = lin_copy(ev, out, DT_FLOAT16);
		nd_decref(out);
		if (!(out = t))
			goto out;
	}
	if (keep) {
		int64_t ks[ND_MAXDIM];
		for (int i = 0; i < x->ndim; i++)
			ks[i] = (i == axes[0] || (nax == 2 && i == axes[1])) ? 1 : x->shape[i];
		struct ndarray *t = lin_reshape(ev, out, x->ndim, ks);
		nd_decref(out);
		if (!(out = t))
			goto out;
	}
done:
	nd_decref(x);
	nd_decref(h);
	return arr_result(ev, lin_on(ev, out, be));
out:
	nd_decref(x);
	nd_decref(h);
	nd_decref(out);
	return NULL;
}

VIA_HOST(f_norm)
VIA_HOST(f_inv)
VIA_HOST(f_pinv)
VIA_HOST(f_det)
VIA_HOST(f_slogdet)
VIA_HOST(f_solve)
VIA_HOST(f_lstsq)
VIA_HOST(f_cholesky)
VIA_HOST(f_qr)
VIA_HOST(f_svd)
VIA_HOST(f_eig)
VIA_HOST(f_eigvals)
VIA_HOST(f_eigh)
VIA_HOST(f_eigvalsh)
VIA_HOST(f_matrix_rank)
VIA_HOST(f_matrix_power)

/* ---- tables ---- */

const struct arr_func arr_linalg_top_funcs[] = {
	{"matmul", f_matmul, "matmul(x1, x2, /, out=None, *, dtype=None)",
	 "Matrix product of two arrays, NumPy's broadcasting rules for stacks."},
	{"dot", f_dot, "dot(a, b, out=None)", "Dot product of two arrays."},
	{"vdot", f_vdot, "vdot(a, b, /)", "Dot product of two vectors, the first conjugated, both flattened."},
	{"inner", f_inner, "inner(a, b, /)", "Inner product over the last axes."},
	{"outer", f_outer, "outer(a, b, out=None)", "Outer product of two vectors (flattened)."},
	{"tensordot", f_tensordot, "tensordot(a, b, axes=2)", "Sum of products over the given axes."},
	{"einsum", f_einsum, "einsum(subscripts, *operands, optimize=False)",
	 "Einstein summation: 'ij,jk->ik', 'ii->', 'ij->ji', 'bij,bjk->bik' ..."},
	{"trace", f_trace, "trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None)",
	 "Sum along diagonals."},
	{"kron", f_kron, "kron(a, b)", "Kronecker product."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_linalg_funcs[] = {
	{"norm", f_norm_d, "norm(x, ord=None, axis=None, keepdims=False)", "Matrix or vector norm."},
	{"inv", f_inv_d, "inv(a)", "Inverse of a matrix (stacks too)."},
	{"pinv", f_pinv_d, "pinv(a, rcond=None, hermitian=False, *, rtol=<no value>)",
	 "Moore-Penrose pseudo-inverse by SVD."},
	{"det", f_det_d, "det(a)", "Determinant."},
	{"slogdet", f_slogdet_d, "slogdet(a)", "Sign and natural log of the absolute determinant."},
	{"solve", f_solve_d, "solve(a, b)", "Solves a @ x = b."},
	{"lstsq", f_lstsq_d, "lstsq(a, b, rcond=None)", "Least-squares solution (x, residuals, rank, s)."},
	{"cholesky", f_cholesky_d, "cholesky(a, /, *, upper=False)", "Cholesky factor L (a = L @ L.H)."},
	{"qr", f_qr_d, "qr(a, mode='reduced')", "QR decomposition (Q, R)."},
	{"svd", f_svd_d, "svd(a, full_matrices=True, compute_uv=True, hermitian=False)",
	 "Singular value decomposition (U, S, Vh)."},
	{"eig", f_eig_d, "eig(a)", "Eigenvalues and right eigenvectors."},
	{"eigvals", f_eigvals_d, "eigvals(a)", "Eigenvalues of a general matrix."},
	{"eigh", f_eigh_d, "eigh(a, UPLO='L')", "Eigenvalues and eigenvectors of a Hermitian matrix."},
	{"eigvalsh", f_eigvalsh_d, "eigvalsh(a, UPLO='L')", "Eigenvalues of a Hermitian matrix."},
	{"matrix_rank", f_matrix_rank_d, "matrix_rank(A, tol=None, hermitian=False, *, rtol=None)",
	 "Rank by SVD."},
	{"matrix_power", f_matrix_power_d, "matrix_power(a, n)", "Integer power of a square matrix."},
	{"matmul", f_matmul, "matmul(x1, x2, /)", "Matrix product."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_linalg_methods[] = {
	{"dot", f_dot, "a.dot(b, out=None)", "Dot product of two arrays."},
	{"trace", f_trace, "a.trace(offset=0, axis1=0, axis2=1, dtype=None, out=None)",
	 "Sum along diagonals."},
	{NULL, NULL, NULL, NULL}
};
