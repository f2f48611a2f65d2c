/*
 * linalg.c — the linalg front end's shared helpers (linalg_int.h), the @
 * operator and matmul, dot, vdot, inner, outer, tensordot, trace, kron,
 * written once above the backends: NumPy's shapes, dtypes and messages here,
 * the arithmetic in the backend's `matmul` entry.  einsum, numpy.linalg and
 * norm live in linalg_einsum.c, linalg_decomp.c, linalg_norm.c.  Owns no
 * state.  Never calls BLAS/LAPACK directly.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lib/shape.h"
#include "numerics/linalg.h"
#include "backend/host/host.h"
#include "numerics/linalg_int.h"
#include "ufunc/ufunc.h"

#define MM_SIG "(n?,k),(k,m?)->(n?,m?)"

/* ---- small helpers ---- */

/* The backend an operation on these values runs on: the first ndarray's,
 * else the namespace's. */
const struct backend *lin_be(const struct builtin *bi, struct value *a, struct value *b)
{
	struct ndarray *x = a ? arr_borrow(a) : NULL;
	if (!x && b)
		x = arr_borrow(b);
	if (x)
		return nd_backend(x);
	return bi ? arr_be(bi) : &backend_host;
}

/* ---- host copies in tiles ---- */

enum tile_conv { TC_4, TC_8, TC_16, TC_F2D, TC_D2F, TC_C2Z, TC_Z2C };

#define TILE 32

/* One tile of an m×n matrix at s (byte strides rs, cs) into the C-ordered
 * d (row length ld elements), converting as TYPE_IN -> TYPE_OUT; walks the
 * source along its shorter stride so that a transposed read stays in cache. */
#define TILE_LOOP(TI, TO)                                                             \
	do {                                                                          \
		if (m > 1 && llabs(rs) < llabs(cs)) {                               \
			for (int64_t j = 0; j < n; j++)                               \
				for (int64_t i = 0; i < m; i++)                       \
					((TO *)d)[i * ld + j] = (TO)(*(const TI *)(s + i * rs + j * cs)); \
		} else {                                                              \
			for (int64_t i = 0; i < m; i++)                               \
				for (int64_t j = 0; j < n; j++)                       \
					((TO *)d)[i * ld + j] = (TO)(*(const TI *)(s + i * rs + j * cs)); \
		}                                                                     \
	} while (0)

typedef struct { double re, im; } tc_z;
typedef struct { float re, im; } tc_c;

static void tile_copy(int k, const char *s, int64_t rs, int64_t cs, char *d, int64_t ld,
		      int64_t m, int64_t n)
{
	switch (k) {
	case TC_4: TILE_LOOP(uint32_t, uint32_t); break;
	case TC_8: TILE_LOOP(uint64_t, uint64_t); break;
	case TC_F2D: TILE_LOOP(float, double); break;
	case TC_D2F: TILE_LOOP(double, float); break;
	case TC_16:
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < n; j++)
				((tc_z *)d)[i * ld + j] = *(const tc_z *)(s + i * rs + j * cs);
		break;
	case TC_C2Z:
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < n; j++) {
				const tc_c *x = (const tc_c *)(s + i * rs + j * cs);
				((tc_z *)d)[i * ld + j] = (tc_z){x->re, x->im};
			}
		break;
	case TC_Z2C:
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < n; j++) {
				const tc_z *x = (const tc_z *)(s + i * rs + j * cs);
				((tc_c *)d)[i * ld + j] = (tc_c){(float)x->re, (float)x->im};
			}
		break;
	}
}

/*
 * Copies the host array a into the C-contiguous host array r of the
 * same shape (dtype a's, or the float32 <-> float64 / complex64 <->
 * complex128 casts), matrix by matrix over the last two axes in 32×32
 * tiles (a vector as one row): the copies in and out of LAPACK's column-major layout read a
 * transposed matrix, which the general elementwise copy walks across cache
 * lines (and calls a loop per short row of a batch of small matrices).
 * Returns 1 when done, 0 when this is no such copy (the caller copies).
 */
int linalg_host_copy(const struct ndarray *a, struct ndarray *r)
{
	int k, nd = a->ndim, isz = dt_size(a->dtype), osz = dt_size(r->dtype);
	if (nd < 1 || !nd_host_memory(a) || !nd_host_memory(r) || nd_is_c_contiguous(a) ||
	    r->ndim != nd || !nd_is_c_contiguous(r) || memcmp(a->shape, r->shape, nd * sizeof(int64_t)))
		return 0;
	if (a->dtype == r->dtype)
		k = isz == 4 ? TC_4 : isz == 8 ? TC_8 : isz == 16 ? TC_16 : -1;
	else if (a->dtype == DT_FLOAT32 && r->dtype == DT_FLOAT64)
		k = TC_F2D;
	else if (a->dtype == DT_FLOAT64 && r->dtype == DT_FLOAT32)
		k = TC_D2F;
	else if (a->dtype == DT_COMPLEX64 && r->dtype == DT_COMPLEX128)
		k = TC_C2Z;
	else if (a->dtype == DT_COMPLEX128 && r->dtype == DT_COMPLEX64)
		k = TC_Z2C;
	else
		return 0;
	if (k < 0)
		return 0;
	/* a vector is one row */
	int64_t m = nd > 1 ? a->shape[nd - 2] : 1, n = a->shape[nd - 1];
	int64_t rs = nd > 1 ? a->strides[nd - 2] : 0, cs = a->strides[nd - 1];
	int64_t batch = 1, idx[ND_MAXDIM] = {0};
	for (int i = 0; i < nd - 2; i++)
		batch *= a->shape[i];
	if (m * n * batch == 0)
		return 1;
	char *d = nd_data(r);
	for (int64_t b = 0; b < batch; b++) {
		const char *s = nd_data(a);
		for (int i = 0; i < nd - 2; i++)
			s += idx[i] * a->strides[i];
		if (a->dtype == r->dtype && cs == isz) {
			for (int64_t i = 0; i < m; i++)
				memcpy(d + i * n * osz, s + i * rs, n * osz);
		} else if (m == 1) {
			tile_copy(k, s, rs, cs, d, n, 1, n);
		} else {
			for (int64_t i0 = 0; i0 < m; i0 += TILE)
				for (int64_t j0 = 0; j0 < n; j0 += TILE)
					tile_copy(k, s + i0 * rs + j0 * cs, rs, cs, d + (i0 * n + j0) * osz, n,
						  m - i0 < TILE ? m - i0 : TILE, n - j0 < TILE ? n - j0 : TILE);
		}
		d += m * n * osz;
		for (int i = nd - 3; i >= 0; i--) {
			if (++idx[i] < a->shape[i])
				break;
			idx[i] = 0;
		}
	}
	return 1;
}

/* A fresh C-contiguous copy of a as dtype dt on a's backend. */
struct ndarray *lin_copy(struct eval *ev, const struct ndarray *a, int dt)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *r = nd_new(ev, be, dt, a->ndim, a->shape);
	if (!r)
		return NULL;
	if (linalg_host_copy(a, r))
		return r;
	if (nd_size(a) && be->copy(ev, r, a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

/* A view of a with its last two axes swapped. */
struct ndarray *lin_swap(struct eval *ev, const struct ndarray *a)
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
struct ndarray *lin_fortran(struct eval *ev, const struct ndarray *a, int dt)
{
	struct ndarray *t = lin_swap(ev, a), *r = t ? lin_copy(ev, t, dt) : NULL;
	nd_decref(t);
	return r;
}

/* Back from column-major: f holds (..., n, m) C, the result is the
 * C-contiguous (..., m, n) array as dtype dt.  Steals f. */
struct ndarray *lin_unfortran(struct eval *ev, struct ndarray *f, int dt)
{
	struct ndarray *t = f ? lin_swap(ev, f) : NULL, *r = t ? lin_copy(ev, t, dt) : NULL;
	nd_decref(t);
	nd_decref(f);
	return r;
}

/*
 * a (dtype dt) with its axes taken in ng consecutive groups of counts[g]
 * axes, each group merged into one axis: a view when every group is one
 * evenly strided run of memory (a matmul then reads a transposed or
 * sliced operand in place, as BLAS allows), else a C-ordered copy.  A group
 * of no axes is an axis of length 1.  New reference, or NULL.
 */
struct ndarray *lin_grouped(struct eval *ev, const struct ndarray *a, int dt, int ng,
			    const int *counts)
{
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	int ax = 0, view = a->dtype == dt;
	for (int g = 0; g < ng; g++) {
		int64_t size = 1, stride = dt_size(a->dtype), inner = -1;
		for (int i = ax + counts[g] - 1; i >= ax; i--) {
			size *= a->shape[i];
			if (a->shape[i] == 1)
				continue;
			if (inner < 0)
				stride = a->strides[i];
			else if (a->strides[i] != a->strides[inner] * a->shape[inner])
				view = 0;
			inner = i;
		}
		sh[g] = size;
		st[g] = stride;
		ax += counts[g];
	}
	if (view)
		return nd_view(ev, a, dt, ng, sh, st, a->offset);
	struct ndarray *c = lin_copy(ev, a, dt), *r = c ? lin_reshape(ev, c, ng, sh) : NULL;
	nd_decref(c);
	return r;
}

/* A C-contiguous view of a (C-contiguous) with another shape. */
struct ndarray *lin_reshape(struct eval *ev, const struct ndarray *a, int nd,
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
struct ndarray *lin_host(struct eval *ev, struct ndarray *a)
{
	if (nd_host_memory(a) && nd_is_c_contiguous(a))
		return nd_incref(a);
	if (nd_host_memory(a))
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
struct ndarray *lin_on(struct eval *ev, struct ndarray *h, const struct backend *be)
{
	if (!h || nd_backend(h) == be)
		return h;
	struct ndarray *r = arr_to_backend(ev, h, be);
	nd_decref(h);
	return r;
}

int lin_real_dt(int dt)
{
	return dt == DT_COMPLEX64 ? DT_FLOAT32 : dt == DT_COMPLEX128 ? DT_FLOAT64 : dt;
}

int lin_complex_dt(int dt)
{
	return dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? DT_COMPLEX64 : DT_COMPLEX128;
}

const struct backend_linalg *lin_lb(struct eval *ev, const struct backend *be,
					   const char *fname)
{
	const struct backend_linalg *lb = be->linalg;
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
		const struct seqtype *named = v->u.seq.named;
		val_decref(v);
		/* EigResult & co. stay named when they come back from the host */
		struct value *t = named ? val_named_tuple_new(named, n, items) : val_tuple_new(n, items);
		free(items);
		return t;
	}
	if (v->type == VT_NDARRAY || v->type == VT_SCALAR) {
		/* arr_asarray refuses a host ndarray for a device backend (CuPy's
		 * TypeError): here the move is the point */
		struct ndarray *a = v->type == VT_NDARRAY ? arr_to_backend(ev, arr_borrow(v), be)
							  : arr_asarray(ev, be, v, -1);
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
		struct value *h = a && !nd_host_memory(a) ? arr_wrap(ev, arr_to_host(ev, a)) : val_incref(v);
		if (!h)
			goto out;
		if (i < argc)
			av[i] = h;
		else
			kv[i - argc] = h;
	}
	if (bi->self && arr_borrow(bi->self) && !nd_host_memory(arr_borrow(bi->self))) {
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

/* 1 when the float/complex device array a holds an inf or NaN, 0 when not
 * (or not such an array), -1 with the error set. */
static int lin_has_nonfinite(struct eval *ev, struct value *v)
{
	struct ndarray *a = v ? arr_borrow(v) : NULL, *fin, *all, *h;
	if (!a || !(dt_is_float(a->dtype) || dt_is_complex(a->dtype)) || nd_size(a) == 0)
		return 0;
	fin = uf_apply_arrays(ev, nd_backend(a), uf_lookup("isfinite"), 1, &v, NULL);
	all = fin ? arr_reduce(ev, fin, RED_ALL, ((uint64_t)1 << fin->ndim) - 1, 0, -1) : NULL;
	h = all ? arr_to_host(ev, all) : NULL;
	int r = h ? !*(const uint8_t *)nd_data(h) : -1;
	nd_decref(fin);
	nd_decref(all);
	nd_decref(h);
	return r;
}

/* Decompositions on a backend without the struct backend_linalg entries
 * they need run on host copies (CuPy users get the right answer, slower);
 * so do inputs with an inf or NaN on a backend whose library is not
 * LAPACK (lapack_nonfinite 0): LAPACK's results for them (NaN, or NumPy's
 * LinAlgError) are NumPy's, cuSOLVER's pivoting is not (it computed
 * det([[1, nan], [2, 3]]) as 3).  Listed in backend/cuda/cuda_fallback.c. */
/* NumPy's wrap of linalg's results for a matrix argument: each 2-D array of
 * r (stolen; an array or a fresh tuple of them) a matrix */
static struct value *matrix_result(struct eval *ev, int argc, struct value **argv, struct value *r)
{
	if (!r || !((argc > 0 && arr_is_matrix(argv[0])) || (argc > 1 && arr_is_matrix(argv[1]))))
		return r;
	if (r->type == VT_NDARRAY)
		return r->u.arr->ndim == 2 ? arr_matrix_wrap(ev, r, 0) : r;
	if (r->type == VT_TUPLE && r->refcnt == 1)
		for (size_t i = 0; i < r->u.seq.n; i++) {
			struct value **x = &r->u.seq.items[i];
			if ((*x)->type == VT_NDARRAY && (*x)->u.arr->ndim == 2 && !(*x = arr_matrix_wrap(ev, *x, 0))) {
				*x = val_none();
				val_decref(r);
				return NULL;
			}
		}
	return r;
}

struct value *lin_dispatch(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw, builtin_fn fn, unsigned need)
{
	const struct backend *be = lin_be(bi, argc ? argv[0] : NULL, argc > 1 ? argv[1] : NULL);
	const struct backend_linalg *lb = be->linalg;
	{
		/* every entry the function needs, or the whole call on the host */
		int ok = lb != NULL || !need;
		if (ok && (need & LN_GETRF)) ok = lb->getrf && lb->getrs;
		if (ok && (need & LN_POTRF)) ok = lb->potrf != NULL;
		if (ok && (need & LN_GEQRF)) ok = lb->geqrf && lb->orgqr;
		if (ok && (need & LN_GESDD)) ok = lb->gesdd != NULL;
		if (ok && (need & LN_SYEVD)) ok = lb->syevd != NULL;
		if (ok && (need & LN_GEEV)) ok = lb->geev != NULL;
		if (ok && (need & LN_GELSD)) ok = lb->gelsd != NULL;
		for (int i = 0; ok && need && !lb->lapack_nonfinite && i < argc && i < 2; i++) {
			int nf = lin_has_nonfinite(ev, argv[i]);
			if (nf < 0)
				return NULL;
			ok = !nf;
		}
		if (!ok)
			return matrix_result(ev, argc, argv, linalg_via_host(ev, bi, argc, argv, kw, fn, be));
	}
	return matrix_result(ev, argc, argv, fn(ev, bi, argc, argv, kw));
}

/*
 * NumPy's linalg dtype rule (_commonType): the result is float32/complex64
 * when every input is, else float64/complex128; bool and integers count as
 * float64; float16 is a TypeError.  On the host the work runs in double as
 * NumPy does; on a device in the result's own precision, as CuPy.
 */
int lin_types(struct eval *ev, const struct backend *be, int n,
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
	*work = be->linalg && be->linalg->double_work ? (cplx ? DT_COMPLEX128 : DT_FLOAT64) : *result;
	return 0;
}

int lin_assert_2d(struct eval *ev, const struct ndarray *a)
{
	if (a->ndim < 2)
		return err_set(ev, TY_LinAlgError,
			       "%d-dimensional array given. Array must be at least two-dimensional",
			       a->ndim), -1;
	return 0;
}

int lin_assert_square(struct eval *ev, const struct ndarray *a)
{
	if (lin_assert_2d(ev, a) < 0)
		return -1;
	if (a->shape[a->ndim - 1] != a->shape[a->ndim - 2])
		return err_set(ev, TY_LinAlgError, "Last 2 dimensions of the array must be square"), -1;
	return 0;
}

int64_t lin_batch(const struct ndarray *a, int core)
{
	int64_t n = 1;
	for (int i = 0; i < a->ndim - core; i++)
		n *= a->shape[i];
	return n;
}

/* info[] from LAPACK -> LinAlgError(msg) when any matrix failed */
int lin_check_info(struct eval *ev, const int *info, int64_t n, const char *msg)
{
	for (int64_t i = 0; i < n; i++)
		if (info[i] > 0)
			return err_set(ev, TY_LinAlgError, "%s", msg), -1;
	return 0;
}

/* ---- matmul ---- */

char *lin_shape_str(const struct ndarray *a, char *buf, size_t n)
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
struct ndarray *lin_matmul_nd(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int dt)
{
	const struct backend *be = nd_backend(a);
	int64_t ash[ND_MAXDIM], ast[ND_MAXDIM], bsh[ND_MAXDIM], bst[ND_MAXDIM];
	int64_t osh[ND_MAXDIM], xst[ND_MAXDIM], yst[ND_MAXDIM], fsh[ND_MAXDIM];
	int and, bnd, nd, fnd = 0;
	struct ndarray *ca = NULL, *cb = NULL, *va = NULL, *vb = NULL, *out = NULL, *res = NULL;
	matmul_fn mm;

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
				lin_shape_str(a, b1, sizeof b1), "(...)", lin_shape_str(b, b2, sizeof b2), "(...)",
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

/* matmul(..., out=o): r (stolen, ncore core dimensions at its end) stored
 * into o after NumPy's gufunc checks -- o an array (or a 1-tuple of one),
 * o's core dimensions r's, r's loop dimensions broadcastable to o's, the
 * result type same_kind castable to o's dtype.  Returns o (new reference). */
static struct value *matmul_into(struct eval *ev, struct value *outv, struct ndarray *r, int ncore)
{
	struct ndarray *o;
	struct value *rv, *key;
	int rl = r->ndim - ncore, ol, rc;
	if (outv->type == VT_TUPLE && outv->u.seq.n == 1)
		outv = outv->u.seq.items[0];
	if (outv->type != VT_NDARRAY || !(o = arr_borrow(outv))) {
		nd_decref(r);
		return err_set(ev, TY_TypeError, "return arrays must be of ArrayType");
	}
	ol = o->ndim - ncore;
	if (ol < 0) {
		int64_t got = o->ndim ? o->shape[o->ndim - 1] : 1, want = r->shape[r->ndim - 1];
		nd_decref(r);
		if (o->ndim && got != want)
			return err_set(ev, TY_ValueError, "matmul: Output operand 0 has a mismatch in its core dimension 0, "
				       "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)",
				       (long long)got, (long long)want);
		return err_set(ev, TY_ValueError, "output operand requires a reduction along dimension -1, but the "
			       "reduction is not enabled. The dimension size of 1 does not match the expected output shape.");
	}
	for (int i = 0; i < ncore; i++)
		if (o->shape[ol + i] != r->shape[rl + i]) {
			int64_t got = o->shape[ol + i], want = r->shape[rl + i];
			nd_decref(r);
			return err_set(ev, TY_ValueError, "matmul: Output operand 0 has a mismatch in its core dimension %d, "
				       "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)",
				       i, (long long)got, (long long)want);
		}
	rc = rl <= ol ? 0 : -1;
	for (int i = 0; rc == 0 && i < rl; i++)
		if (r->shape[i] != 1 && r->shape[i] != o->shape[ol - rl + i])
			rc = -1;
	if (rc < 0 && rl > ol) {
		nd_decref(r);
		return err_set(ev, TY_ValueError, "output operand requires a reduction along dimension -1, but the "
			       "reduction is not enabled. The dimension size of 1 does not match the expected output shape.");
	}
	if (rc < 0) { /* NumPy names o's shape in its iterator's (reversed) order too */
		char s1[128], s2[128], s3[128];
		int64_t rev[ND_MAXDIM], bsh[ND_MAXDIM];
		for (int i = 0; i < o->ndim; i++) {
			rev[i] = o->shape[o->ndim - 1 - i];
			bsh[i] = o->shape[i];
		}
		for (int i = 0; i < rl; i++)
			if (r->shape[i] != 1)
				bsh[ol - rl + i] = r->shape[i];
		arr_format_shape_compact(s1, sizeof s1, o->ndim, o->shape);
		arr_format_shape_compact(s2, sizeof s2, o->ndim, rev);
		arr_format_shape_compact(s3, sizeof s3, o->ndim, bsh);
		nd_decref(r);
		return err_set(ev, TY_ValueError, "non-broadcastable output operand with shape %s [remapped to %s] doesn't "
			       "match the broadcast shape %s", s1, s2, s3);
	}
	if (!dt_can_cast(r->dtype, o->dtype, "same_kind")) {
		err_set(ev, TY_UFuncTypeError, "Cannot cast ufunc 'matmul' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
			dtype_table[r->dtype].name, dtype_table[o->dtype].name);
		nd_decref(r);
		return NULL;
	}
	if (!(rv = arr_wrap(ev, r)))
		return NULL;
	key = val_tuple_new(0, NULL);
	rc = key ? idx_set(ev, o, key, rv) : -1;
	if (key)
		val_decref(key);
	val_decref(rv);
	return rc < 0 ? NULL : val_incref(outv);
}

struct value *lin_f_matmul(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b, *out = NULL, *dtype = NULL;
	if (args_parse(ev, "matmul", argc, argv, kw, "x1,x2|$out,dtype", &a, &b, &out, &dtype) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, a, b);
	int dt = -1;
	if (dtype && arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	struct ndarray *x = arr_asarray(ev, be, a, -1);
	struct ndarray *y = x ? arr_asarray(ev, be, b, -1) : NULL;
	struct ndarray *r = y ? lin_matmul_nd(ev, x, y, dt) : NULL;
	int ncore = x && y ? (x->ndim > 1) + (y->ndim > 1) : 0;
	nd_decref(x);
	nd_decref(y);
	if (r && out && out->type != VT_NONE)
		return matmul_into(ev, out, r, ncore);
	return r ? arr_result(ev, r) : NULL;
}

/* ---- tensordot and its family ---- */

/* sum over a's axes ax[i] paired with b's bx[i] (n pairs); result: a's free
 * axes then b's free axes. */
struct ndarray *lin_tensordot(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int n, const int *ax, const int *bx)
{
	int perm_a[ND_MAXDIM], perm_b[ND_MAXDIM], na = 0, nb = 0, used[ND_MAXDIM];
	int64_t rsh[ND_MAXDIM];
	int rnd = 0;
	struct ndarray *ta = NULL, *tb = NULL, *ma = NULL, *mb = NULL, *r = NULL, *res = NULL;
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
			rsh[rnd++] = a->shape[i];
		}
	for (int i = 0; i < n; i++)
		perm_a[na++] = ax[i];
	memset(used, 0, sizeof used);
	for (int i = 0; i < n; i++) {
		used[bx[i]] = 1;
		perm_b[nb++] = bx[i];
	}
	for (int i = 0; i < b->ndim; i++)
		if (!used[i]) {
			perm_b[nb++] = i;
			rsh[rnd++] = b->shape[i];
		}
	ta = arr_transpose(ev, a, perm_a);
	tb = ta ? arr_transpose(ev, b, perm_b) : NULL;
	{
		/* (M, K) and (K, N) views where the layouts allow, as NumPy's
		 * reshape + dot (BLAS reads transposed operands in place) */
		int ga[2] = {a->ndim - n, n}, gb[2] = {n, b->ndim - n};
		ma = tb ? lin_grouped(ev, ta, dt, 2, ga) : NULL;
		mb = ma ? lin_grouped(ev, tb, dt, 2, gb) : NULL;
	}
	r = mb ? lin_matmul_nd(ev, ma, mb, dt) : NULL;
	res = r ? lin_reshape(ev, r, rnd, rsh) : NULL;
	nd_decref(ta);
	nd_decref(tb);
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

/* a's axis ax and b's axis bx have one length: 0, or -1 with NumPy's
 * ValueError ("shapes (2,3) and (2,) not aligned: ...") */
static int aligned(struct eval *ev, const struct ndarray *a, const struct ndarray *b, int ax, int bx)
{
	if (a->shape[ax] == b->shape[bx])
		return 0;
	char s1[256], s2[256];
	err_set(ev, TY_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
		lin_shape_str(a, s1, sizeof s1), lin_shape_str(b, s2, sizeof s2),
		(long long)a->shape[ax], ax, (long long)b->shape[bx], bx);
	return -1;
}

/* the sum over a's axis ax against b's axis bx (dot, inner): a new array,
 * or NULL with the error set */
static struct ndarray *contract_axis(struct eval *ev, struct ndarray *a, struct ndarray *b, int ax, int bx)
{
	if (aligned(ev, a, b, ax, bx) < 0)
		return NULL;
	return lin_tensordot(ev, a, b, 1, &ax, &bx);
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
		if (aligned(ev, a, b, a->ndim - 1, 0) < 0)
			goto out;
		int dt = dt_promote(a->dtype, b->dtype);
		if (a->ndim == 1 && b->ndim == 1 && nd_host_memory(a) &&
		    (dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt_is_complex(dt))) {
			/* vector . vector: BLAS dot, as NumPy's np.dot */
			struct ndarray *x = a->dtype == dt ? nd_incref(a) : lin_copy(ev, a, dt);
			struct ndarray *y = x ? (b->dtype == dt ? nd_incref(b) : lin_copy(ev, b, dt)) : NULL;
			r = y ? nd_new(ev, nd_backend(a), dt, 0, NULL) : NULL;
			if (r) {
				int it = dt_size(dt);
				const char *px = nd_data(x), *py = nd_data(y);
				int64_t sx = x->strides[0] / it, sy = y->strides[0] / it;
				/* BLAS walks negative strides from the far end */
				if (sx < 0)
					px += (x->shape[0] - 1) * x->strides[0];
				if (sy < 0)
					py += (y->shape[0] - 1) * y->strides[0];
				if (x->strides[0] % it || y->strides[0] % it) {
					nd_decref(r);
					r = lin_matmul_nd(ev, a, b, -1);
				} else
					linalg_host_dot(dt, x->shape[0], px, sx, py, sy, nd_data(r));
			}
			nd_decref(x);
			nd_decref(y);
		} else
			r = lin_matmul_nd(ev, a, b, -1);
	} else {
		r = contract_axis(ev, a, b, a->ndim - 1, b->ndim >= 2 ? b->ndim - 2 : 0);
	}
out:
	nd_decref(a);
	nd_decref(b);
	return r ? arr_result(ev, r) : NULL;
}

/* a flattened view/copy of a (1-d, C order) */
struct ndarray *lin_ravel(struct eval *ev, const struct ndarray *a)
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
	{
		int dt = dt_promote(fa->dtype, fb->dtype);
		if (nd_host_memory(fa) && (dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt_is_complex(dt))) {
			/* BLAS dotc, as NumPy's vdot */
			struct ndarray *x = fa->dtype == dt ? nd_incref(fa) : lin_copy(ev, fa, dt);
			struct ndarray *y = x ? (fb->dtype == dt ? nd_incref(fb) : lin_copy(ev, fb, dt)) : NULL;
			r = y ? nd_new(ev, nd_backend(fa), dt, 0, NULL) : NULL;
			if (r)
				linalg_host_dotc(dt, x->shape[0], nd_data(x), 1, nd_data(y), 1, nd_data(r));
			nd_decref(x);
			nd_decref(y);
			res = r ? arr_result(ev, r) : NULL;
			goto out;
		}
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
	r = contract_axis(ev, a, b, a->ndim - 1, b->ndim - 1);
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
		/* the product is C-ordered already (NumPy reshapes it in place) */
		struct ndarray *pa = arr_asarray(ev, be, p, -1);
		cp = !pa || nd_is_c_contiguous(pa) ? pa : lin_copy(ev, pa, pa->dtype);
		if (cp != pa)
			nd_decref(pa);
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
struct ndarray *lin_sum_last(struct eval *ev, const struct ndarray *a, int naxes, int dt)
{
	const struct backend *be = nd_backend(a);
	int64_t K = 1, rsh[ND_MAXDIM];
	int rnd = a->ndim - naxes, groups[2] = {a->ndim - naxes, naxes};
	struct ndarray *m = lin_grouped(ev, a, dt, 2, groups), *ones = NULL, *r = NULL, *res = NULL;
	struct npscalar one = {.dtype = dt};
	if (!m)
		return NULL;
	for (int i = 0; i < rnd; i++)
		rsh[i] = a->shape[i];
	for (int i = rnd; i < a->ndim; i++)
		K *= a->shape[i];
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
	ones = nd_new(ev, be, dt, 1, &K);
	if (!ones || (K && be->fill(ev, ones, &one) < 0))
		goto out;
	r = lin_matmul_nd(ev, m, ones, dt);
	res = r ? lin_reshape(ev, r, rnd, rsh) : NULL;
out:
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
struct ndarray *lin_diagonal(struct eval *ev, const struct ndarray *a, int64_t offset,
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

/* ---- tables ---- */

const struct arr_func arr_linalg_top_funcs[] = {
	{"matmul", lin_f_matmul, "matmul(x1, x2, /, out=None, *, dtype=None)",
	 "Matrix product of two arrays, NumPy's broadcasting rules for stacks."},
	{"dot", f_dot, "dot(a, b, out=None)", "Dot product of two arrays."},
	{"vdot", f_vdot, "vdot(a, b, /)", "Dot product of two vectors, the first conjugated, both flattened."},
	{"inner", f_inner, "inner(a, b, /)", "Inner product over the last axes."},
	{"outer", f_outer, "outer(a, b, out=None)", "Outer product of two vectors (flattened)."},
	{"tensordot", f_tensordot, "tensordot(a, b, axes=2)", "Sum of products over the given axes."},
	{"einsum", lin_f_einsum, "einsum(subscripts, *operands, optimize=False)",
	 "Einstein summation: 'ij,jk->ik', 'ii->', 'ij->ji', 'bij,bjk->bik' ..."},
	{"trace", f_trace, "trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None)",
	 "Sum along diagonals."},
	{"kron", f_kron, "kron(a, b)", "Kronecker product."},
	{NULL, NULL, NULL, NULL}
};


const struct arr_func arr_linalg_methods[] = {
	{"dot", f_dot, "a.dot(b, out=None)", "Dot product of two arrays."},
	{"trace", f_trace, "a.trace(offset=0, axis1=0, axis2=1, dtype=None, out=None)",
	 "Sum along diagonals."},
	{NULL, NULL, NULL, NULL}
};
