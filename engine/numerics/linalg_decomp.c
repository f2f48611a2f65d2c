/*
 * linalg_decomp.c — numpy.linalg's decompositions and solvers (solve inv det
 * slogdet cholesky qr svd eig eigvals eigh eigvalsh matrix_rank pinv lstsq
 * matrix_power) above struct backend_linalg: NumPy's checks, dtypes
 * (float32 results computed in double on the host, as NumPy) and
 * LinAlgError messages.  Owns no state.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/linalg.h"
#include "numerics/linalg_int.h"

/* NumPy 2's named results (numpy.linalg._linalg) */
static const char *const eig_fields[] = {"eigenvalues", "eigenvectors"};
static const char *const svd_fields[] = {"U", "S", "Vh"};
static const char *const qr_fields[] = {"Q", "R"};
static const char *const slogdet_fields[] = {"sign", "logabsdet"};
static const struct seqtype eig_result = {"EigResult", eig_fields};
static const struct seqtype eigh_result = {"EighResult", eig_fields};
static const struct seqtype svd_result = {"SVDResult", svd_fields};
static const struct seqtype qr_result = {"QRResult", qr_fields};
static const struct seqtype slogdet_result = {"SlogdetResult", slogdet_fields};

/* ---- numpy.linalg ---- */

/* Prepares a stack of square matrices: checks, casts to the work dtype,
 * column-major copy. */
static struct ndarray *lin_square_f(struct eval *ev, const struct backend *be, struct value *v,
				    struct ndarray **orig, int *work, int *result)
{
	struct ndarray *a = arr_asarray(ev, be, v, -1), *f = NULL;
	if (!a)
		return NULL;
	if (lin_assert_square(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, work, result) < 0) {
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
 * broadcast; returns X in C order as dtype result.  b_mine: b is a fresh
 * array of dtype work whose C layout is its own column-major one (an
 * identity stack): overwritten in place instead of copied. */
static struct ndarray *lin_solve_nd(struct eval *ev, const struct backend *be,
				    const struct ndarray *a, const struct ndarray *b, int work, int result,
				    int b_mine)
{
	const struct backend_linalg *lb = lin_lb(ev, be, "solve");
	int nd = a->ndim, n = (int)a->shape[nd - 1], k = (int)b->shape[nd - 1];
	int64_t batch = lin_batch(a, 2);
	struct ndarray *fa = NULL, *fb = NULL, *piv = NULL, *res = NULL;
	int *info = NULL;
	int64_t psh[2] = {batch, n};
	if (!lb)
		return NULL;
	if (!lb->getrf || !lb->getrs)
		return err_set(ev, TY_NotImplementedError, "solve is not supported on the %s backend", be->name);
	fa = lin_fortran(ev, a, work);
	fb = fa ? (b_mine ? nd_incref((struct ndarray *)b) : lin_fortran(ev, b, work)) : NULL;
	piv = fb ? nd_new(ev, be, DT_INT32, 2, psh) : NULL;
	info = piv ? info_new(ev, batch) : NULL;
	if (!info)
		goto out;
	if (batch * n * k > 0 || batch * n > 0) {
		if (lb->getrf(ev, work, batch, n, nd_data(fa), (int32_t *)nd_data(piv), info) < 0 ||
		    lin_check_info(ev, info, batch, "Singular matrix") < 0)
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
	if (lin_assert_square(ev, a) < 0 || lin_types(ev, be, 2, both, &work, &result) < 0)
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
	x = vb ? lin_solve_nd(ev, be, va, vb, work, result, 0) : NULL;
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

/* identity stack like a (…, n, n) as dtype dt on be: zeros, then the
 * diagonals (one strided view) filled with 1, in be's own memory */
static struct ndarray *lin_eye_like(struct eval *ev, const struct backend *be,
				    const struct ndarray *a, int dt)
{
	int64_t n = a->shape[a->ndim - 1], batch = lin_batch(a, 2);
	int64_t item = dt_size(dt), sh[2] = {batch, n}, st[2] = {n * n * item, (n + 1) * item};
	struct ndarray *e = nd_new_zeroed(ev, be, dt, a->ndim, a->shape), *d;
	struct npscalar one = {.dtype = DT_FLOAT64, .v.f = 1.0};
	if (!e || batch * n == 0)
		return e;
	if (!(d = nd_view(ev, e, dt, 2, sh, st, e->offset)) || be->fill(ev, d, &one) < 0) {
		nd_decref(d);
		nd_decref(e);
		return NULL;
	}
	nd_decref(d);
	return e;
}

struct ndarray *lin_inv_nd(struct eval *ev, const struct backend *be, struct ndarray *a)
{
	int work, result;
	struct ndarray *eye, *x;
	if (lin_assert_square(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		return NULL;
	eye = lin_eye_like(ev, be, a, work);
	x = eye ? lin_solve_nd(ev, be, a, eye, work, result, 1) : NULL;   /* I = I^T */
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
	const struct backend_linalg *lb = lin_lb(ev, be, "det");
	struct ndarray *f, *p = NULL;
	int *info = NULL, rc = -1;
	*lu = *piv = NULL;
	if (!lb)
		return -1;
	f = lin_square_f(ev, be, av, orig, work, result);
	if (!f)
		return -1;
	int64_t batch = lin_batch(f, 2), n = f->shape[f->ndim - 1], psh[2] = {batch, n};
	p = nd_new(ev, be, DT_INT32, 2, psh);
	info = p ? info_new(ev, batch) : NULL;
	if (!info)
		goto out;
	if (batch * n > 0 && lb->getrf(ev, *work, batch, (int)n, nd_data(f), (int32_t *)nd_data(p), info) < 0)
		goto out;
	*lu = lin_host(ev, f);
	if (*lu && (*work == DT_FLOAT32 || *work == DT_COMPLEX64)) {
		/* a device LU in single precision (CuPy's): slogdet_of reads double */
		*work = *work == DT_FLOAT32 ? DT_FLOAT64 : DT_COMPLEX128;
		struct ndarray *d = arr_astype(ev, *lu, *work);
		nd_decref(*lu);
		*lu = d;
	}
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

struct ndarray *lin_host_new(struct eval *ev, int dt, int nd, const int64_t *sh)
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

/* det / slogdet where the backend computes them from its LU in its own
 * memory (lu_slogdet): *res, or -1; 0 with *res NULL when it does not
 * (no entry, or empty matrices: the host path below answers) */
static int lin_det_dev(struct eval *ev, const struct backend *be, struct value *av, int slog,
		       struct value **res)
{
	const struct backend_linalg *lb = lin_lb(ev, be, "det");
	struct ndarray *orig = NULL, *f = NULL, *p = NULL, *sg = NULL, *lg = NULL, *dt = NULL;
	int work, result, *info = NULL, rc = -1;
	*res = NULL;
	if (!lb)
		return -1;
	if (!lb->lu_slogdet)
		return 0;
	if (!(f = lin_square_f(ev, be, av, &orig, &work, &result)))
		return -1;
	int nd = orig->ndim - 2;
	int64_t batch = lin_batch(f, 2), n = f->shape[f->ndim - 1], psh[2] = {batch, n};
	if (batch * n == 0) {
		rc = 0;
		goto out;
	}
	if (!(p = nd_new(ev, be, DT_INT32, 2, psh)) || !(info = info_new(ev, batch)) ||
	    !(sg = nd_new(ev, be, work, nd, orig->shape)) ||
	    !(lg = nd_new(ev, be, lin_real_dt(work), nd, orig->shape)) ||
	    (!slog && !(dt = nd_new(ev, be, work, nd, orig->shape))))
		goto out;
	/* getrf's info > 0 is an exactly zero pivot: lu_slogdet's sign 0 */
	if (lb->getrf(ev, work, batch, (int)n, nd_data(f), (int32_t *)nd_data(p), info) < 0 ||
	    lb->lu_slogdet(ev, work, batch, (int)n, nd_data(f), (const int32_t *)nd_data(p), nd_data(sg),
			   nd_data(lg), dt ? nd_data(dt) : NULL) < 0)
		goto out;
	if (slog) {
		struct value *items[2];
		struct ndarray *a = work == result ? nd_incref(sg) : lin_copy(ev, sg, result);
		items[0] = a ? arr_result(ev, a) : NULL;
		a = items[0] ? (work == result ? nd_incref(lg) : lin_copy(ev, lg, lin_real_dt(result))) : NULL;
		items[1] = a ? arr_result(ev, a) : NULL;
		if (!items[1]) {
			val_decref(items[0]);
			goto out;
		}
		*res = val_named_tuple_new(&slogdet_result, 2, items);
	} else {
		struct ndarray *a = work == result ? nd_incref(dt) : lin_copy(ev, dt, result);
		*res = a ? arr_result(ev, a) : NULL;
	}
	rc = *res ? 0 : -1;
out:
	free(info);
	nd_decref(orig);
	nd_decref(f);
	nd_decref(p);
	nd_decref(sg);
	nd_decref(lg);
	nd_decref(dt);
	return rc;
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
	if (lin_det_dev(ev, be, av, slog, &res) < 0)
		return NULL;
	if (res)
		return res;
	if (lin_lu_host(ev, be, av, &lu, &piv, &orig, &work, &result) < 0)
		goto out;
	{
		int nd = orig->ndim - 2;
		int64_t batch = lin_batch(orig, 2);
		d = lin_host_new(ev, result, nd, orig->shape);
		l = d && slog ? lin_host_new(ev, lin_real_dt(result), nd, orig->shape) : NULL;
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
				put_num(nd_data(l) + b * dt_size(lin_real_dt(result)), lin_real_dt(result), ld);
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
			res = val_named_tuple_new(&slogdet_result, 2, items);
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
	int64_t m = h->shape[h->ndim - 2], n = h->shape[h->ndim - 1], batch = lin_batch(h, 2);
	int item = dt_size(h->dtype);
	for (int64_t b = 0; b < batch; b++)
		for (int64_t i = 0; i < m; i++) {
			char *row = nd_data(h) + (b * m + i) * n * item;
			int64_t k = i < n ? i : n;   /* row i: columns < k are below the diagonal */
			if (upper && i + 1 < n)
				memset(row + (i + 1) * item, 0, (n - i - 1) * item);
			else if (!upper && k > 0)
				memset(row, 0, k * item);
		}
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
	const struct backend_linalg *lb = lin_lb(ev, be, "cholesky");
	if (!lb || !(f = lin_square_f(ev, be, av, NULL, &work, &result)))
		return NULL;
	int64_t batch = lin_batch(f, 2), n = f->shape[f->ndim - 1];
	if (!(info = info_new(ev, batch)))
		goto out;
	if (batch * n > 0 && (lb->potrf(ev, work, batch, (int)n, nd_data(f), info) < 0 ||
			  lin_check_info(ev, info, batch, "Matrix is not positive definite") < 0))
		goto out;
	if (lb->trizero) {
		/* in the backend's memory: A's strict upper triangle zeroed;
		 * L = that matrix in C order, U = L^H = the column-major buffer
		 * read in C order, conjugated */
		if (lb->trizero(ev, work, batch, (int)n, (int)n, nd_data(f), 1, upper) < 0)
			goto out;
		if (!upper) {
			c = lin_unfortran(ev, f, result);   /* steals f */
			f = NULL;
		} else if (work == result) {
			c = f;
			f = NULL;
		} else {
			c = lin_copy(ev, f, result);
		}
		goto out;
	}
	c = lin_unfortran(ev, f, result);
	f = NULL;
	/* c is ours (a fresh C array): zeroed in place when on the host */
	h = c ? lin_host(ev, c) : NULL;
	if (!h)
		goto out;
	host_tri_zero(h, 1);
	if (upper) {
		/* U = L^H */
		struct ndarray *t = lin_swap(ev, h), *u = t ? lin_copy(ev, t, t->dtype) : NULL;
		nd_decref(t);
		nd_decref(h);
		h = u;
		if (h && dt_is_complex(h->dtype)) {
			int64_t cnt = nd_size(h);
			/* a zero imaginary part stays +0 (NumPy's cholesky_up) */
			for (int64_t i = 0; i < cnt; i++) {
				if (h->dtype == DT_COMPLEX64) {
					float *q = (float *)nd_data(h) + 2 * i;
					q[1] = q[1] == 0 ? 0.0f : -q[1];
				} else {
					double *q = (double *)nd_data(h) + 2 * i;
					q[1] = q[1] == 0 ? 0.0 : -q[1];
				}
			}
			/* conj made the zeros and the (real) diagonal -0j: NumPy's are +0j */
			host_tri_zero(h, 0);
			int64_t nb = lin_batch(h, 2), nn = h->shape[h->ndim - 1];
			for (int64_t b = 0; b < nb; b++)
				for (int64_t i = 0; i < nn; i++) {
					int64_t at = (b * nn + i) * nn + i;
					if (h->dtype == DT_COMPLEX64)
						((float *)nd_data(h))[2 * at + 1] = 0.0f;
					else
						((double *)nd_data(h))[2 * at + 1] = 0.0;
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
	const struct backend_linalg *lb = lin_lb(ev, be, "qr");
	if (!lb || !(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (lin_assert_2d(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		goto out;
	{
		int nd = a->ndim;
		int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = lin_batch(a, 2);
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
			if (r && lb->trizero) {
				/* r (C, rows×n) is column-major n×rows R^T: zero its
				 * strict upper triangle, in the backend's memory */
				if (lb->trizero(ev, result, batch, (int)n, (int)rows, nd_data(r), 1, 0) < 0)
					goto out;
				goto have_r;
			}
			rh = r ? lin_host(ev, r) : NULL;   /* r is a fresh copy: zeroed in place */
			if (!rh)
				goto out;
			host_tri_zero(rh, 0);
			nd_decref(r);
			r = lin_on(ev, rh, be);
			rh = NULL;
			if (!r)
				goto out;
		}
have_r:
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
			struct npscalar zero = {.dtype = work};
			if (!qf)
				goto out;
			if (nd_size(qf) && be->fill(ev, qf, &zero) < 0) {
				nd_decref(qf);
				goto out;
			}
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
		res = val_named_tuple_new(&qr_result, 2, items);
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
int lin_svd_nd(struct eval *ev, const struct backend *be, const struct ndarray *a,
		      char job, struct ndarray **u, struct ndarray **s, struct ndarray **vt)
{
	const struct backend_linalg *lb = lin_lb(ev, be, "svd");
	int work, result, nd = a->ndim, rc = -1;
	struct ndarray *f = NULL, *fs = NULL, *fu = NULL, *fv = NULL;
	int *info = NULL;
	*u = *s = *vt = NULL;
	if (!lb)
		return -1;
	if (lin_assert_2d(ev, a) < 0 || lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0)
		return -1;
	int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = lin_batch(a, 2);
	int64_t sh[ND_MAXDIM];
	memcpy(sh, a->shape, sizeof(int64_t) * (nd - 2));
	if (!(f = lin_fortran(ev, a, work)))
		goto out;
	sh[nd - 2] = k;
	if (!(fs = nd_new(ev, be, lin_real_dt(work), nd - 1, sh)))
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
		    lin_check_info(ev, info, batch, "SVD did not converge") < 0)
			goto out;
	} else if (fu) {
		/* empty: NumPy gives identity-shaped zeros; fill with zeros */
		struct npscalar z = {.dtype = work};
		if ((nd_size(fu) && be->fill(ev, fu, &z) < 0) || (nd_size(fv) && be->fill(ev, fv, &z) < 0))
			goto out;
	}
	*s = lin_copy(ev, fs, lin_real_dt(result));
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
	const struct backend_linalg *lb = lin_lb(ev, be, "eigh");
	int work, result, rc = -1;
	struct ndarray *orig = NULL, *f = NULL, *fw = NULL;
	int *info = NULL;
	*w = *v = NULL;
	if (!lb || !(f = lin_square_f(ev, be, av, &orig, &work, &result)))
		return -1;
	int nd = orig->ndim;
	int64_t n = orig->shape[nd - 1], batch = lin_batch(orig, 2);
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
	if (!(fw = nd_new(ev, be, lin_real_dt(work), nd - 1, wsh)) || !(info = info_new(ev, batch)))
		goto out;
	if (batch * n > 0 && (lb->syevd(ev, work, batch, (int)n, nd_data(f), nd_data(fw), want_v ? 'V' : 'N', info) < 0 ||
			  lin_check_info(ev, info, batch, "Eigenvalues did not converge") < 0))
		goto out;
	if (!(*w = lin_copy(ev, fw, lin_real_dt(result))))
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
	return val_named_tuple_new(&eigh_result, 2, items);
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
 * real input is real, else complex (NumPy's rule); always complex when
 * always_complex (CuPy's rule, for `cp` arrays) */
static struct value *lin_eig_common(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw, int want_v,
				    int always_complex)
{
	struct value *av, *res = NULL;
	int work, result;
	struct ndarray *orig = NULL, *f = NULL, *fw = NULL, *fv = NULL, *hw = NULL, *hv = NULL,
		      *W = NULL, *V = NULL;
	int *info = NULL;
	if (args_parse(ev, want_v ? "eig" : "eigvals", argc, argv, kw, "a", &av) < 0)
		return NULL;
	const struct backend *be = lin_be(bi, av, NULL);
	const struct backend_linalg *lb = lin_lb(ev, be, "eig");
	if (!lb || !(f = lin_square_f(ev, be, av, &orig, &work, &result)))
		return NULL;
	if (!lb->geev) {
		err_set(ev, TY_NotImplementedError, "eig is not supported on the %s backend", be->name);
		goto out;
	}
	/* the device: lin_dispatch sent inputs with inf or NaN to the host
	 * (lapack_nonfinite 0), and geev_unpack forms CuPy's complex results
	 * where they lie */
	int dev_unpack = always_complex && lb->geev_unpack && !lb->lapack_nonfinite;
	if (!dev_unpack) {
		/* NumPy's _assert_finite */
		struct ndarray *h = lin_host(ev, f);
		int finite = 1;
		if (!h)
			goto out;
		int64_t cnt = nd_size(h) * (dt_is_complex(h->dtype) ? 2 : 1);
		for (int64_t i = 0; i < cnt && finite; i++)
			finite = isfinite(((const double *)nd_data(h))[i]) || h->dtype == DT_FLOAT32 || h->dtype == DT_COMPLEX64;
		if (h->dtype == DT_FLOAT32 || h->dtype == DT_COMPLEX64)
			for (int64_t i = 0; i < cnt && finite; i++)
				finite = isfinite(((const float *)nd_data(h))[i]);
		nd_decref(h);
		if (!finite) {
			err_set(ev, TY_LinAlgError, "Array must not contain infs or NaNs");
			goto out;
		}
	}
	int nd = orig->ndim;
	int64_t n = orig->shape[nd - 1], batch = lin_batch(orig, 2), sh[ND_MAXDIM], wsh[ND_MAXDIM];
	int cplx = dt_is_complex(work);
	memcpy(sh, orig->shape, sizeof(int64_t) * nd);     /* (..., n, n) */
	memcpy(wsh, orig->shape, sizeof(int64_t) * nd);
	wsh[nd - 2] = cplx ? n : 2 * n;                     /* (..., n) or (..., 2n) */
	if (!(fw = nd_new(ev, be, work, nd - 1, wsh)) || !(info = info_new(ev, batch)))
		goto out;
	if (want_v && !(fv = nd_new(ev, be, work, nd, sh)))
		goto out;
	if (batch * n > 0 && (lb->geev(ev, work, batch, (int)n, nd_data(f), nd_data(fw), fv ? nd_data(fv) : NULL, info) < 0 ||
			  lin_check_info(ev, info, batch, "Eigenvalues did not converge") < 0))
		goto out;
	if (dev_unpack) {
		/* complex(work) results made on the backend, cast to the result's
		 * complex dtype when the work ran wider */
		int cdt = lin_complex_dt(work), rdt = lin_complex_dt(result);
		struct ndarray *cw = nd_new(ev, be, cdt, nd - 1, orig->shape), *cv = NULL;
		if (!cw || (fv && !(cv = nd_new(ev, be, cdt, nd, sh)))
		    || (batch * n > 0 && lb->geev_unpack(ev, work, batch, (int)n, nd_data(fw), fv ? nd_data(fv) : NULL,
							  nd_data(cw), cv ? nd_data(cv) : NULL) < 0)) {
			nd_decref(cw);
			nd_decref(cv);
			goto out;
		}
		if (cdt != rdt) {
			W = arr_astype(ev, cw, rdt);
			V = cv && W ? arr_astype(ev, cv, rdt) : NULL;
			nd_decref(cw);
			nd_decref(cv);
		} else {
			W = cw;
			V = cv;
		}
		if (!W || (fv && !V))
			goto out;
		goto wrap;
	}
	if (!(hw = lin_host(ev, fw)) || (fv && !(hv = lin_host(ev, fv))))
		goto out;
	{
		int all_real = !dt_is_complex(result) && !always_complex;
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
		int rdt = all_real ? lin_real_dt(result) : lin_complex_dt(result);
		wsh[nd - 2] = n;
		struct ndarray *w2 = lin_host_new(ev, odt, nd - 1, wsh), *v2 = NULL;
		if (!w2)
			goto out;
		if (fv && !(v2 = lin_host_new(ev, odt, nd, sh))) {
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
wrap:
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
			res = val_named_tuple_new(&eig_result, 2, items);
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
	return lin_eig_common(ev, bi, argc, argv, kw, 1, 0);
}

static struct value *f_eigvals(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return lin_eig_common(ev, bi, argc, argv, kw, 0, 0);
}

/* cupy.linalg.eig/eigvals: complex results whatever the eigenvalues (the
 * work may run on a host copy, whose backend no longer says `cp`) */
static struct value *f_eig_cupy(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return lin_eig_common(ev, bi, argc, argv, kw, 1, 1);
}

static struct value *f_eigvals_cupy(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	return lin_eig_common(ev, bi, argc, argv, kw, 0, 1);
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
	return val_named_tuple_new(&svd_result, 3, items);
}

/* host double view of a real array (copy) */
struct ndarray *lin_host_as(struct eval *ev, const struct ndarray *a, int dt)
{
	if (nd_host_memory(a))
		return lin_copy(ev, a, dt);   /* one copy, not a C copy and then a cast */
	struct ndarray *h = lin_host(ev, (struct ndarray *)a), *r;
	if (!h)
		return NULL;
	r = lin_copy(ev, h, dt);
	nd_decref(h);
	return r;
}

double lin_eps(int dt)
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
		struct ndarray *h = lin_host_as(ev, a, DT_COMPLEX128);
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
	int64_t batch = lin_batch(a, 2);
	double tol = -1, rtol = -1;
	if (tolv && tolv->type != VT_NONE && val_as_double(ev, tolv, &tol) < 0)
		goto out;
	if (rtolv && rtolv->type != VT_NONE && val_as_double(ev, rtolv, &rtol) < 0)
		goto out;
	if (!(hs = lin_host_as(ev, s, DT_FLOAT64)) || !(r = lin_host_new(ev, DT_INT64, a->ndim - 2, a->shape)))
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
			t = mx * (rtol >= 0 ? rtol : (double)(m > n ? m : n) * lin_eps(s->dtype));
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

/* lstsq's checks: a 2-d, b 1-d or 2-d with a's rows, and their work and
 * result types: 0, or -1 with LinAlgError */
static int lstsq_check(struct eval *ev, const struct backend *be, const struct ndarray *a,
		       const struct ndarray *b, int *work, int *result)
{
	if (a->ndim != 2) {
		err_set(ev, TY_LinAlgError, "%d-dimensional array given. Array must be two-dimensional", a->ndim);
		return -1;
	}
	if (b->ndim != 1 && b->ndim != 2) {
		err_set(ev, TY_LinAlgError, "%d-dimensional array given. Array must be one or two-dimensional", b->ndim);
		return -1;
	}
	const struct ndarray *both[2] = {a, b};
	if (lin_types(ev, be, 2, both, work, result) < 0)
		return -1;
	if (b->shape[0] != a->shape[0]) {
		err_set(ev, TY_LinAlgError, "Incompatible dimensions");
		return -1;
	}
	return 0;
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
		int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n, batch = lin_batch(a, 2);
		if (rcond < 0)
			rcond = (double)(m > n ? m : n) * lin_eps(s->dtype);
		/* s -> 1/s where large, 0 elsewhere; then scale u's columns:
		 * res = vt^T @ (s[..., None] * u^T) */
		if (!(hs = lin_host_as(ev, s, DT_FLOAT64)) || !(hu = lin_host_as(ev, u, lin_complex_dt(u->dtype) == u->dtype ? DT_COMPLEX128 : DT_FLOAT64)))
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
		if (!(su = lin_host_new(ev, hu->dtype, nd, sh)))
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
	const struct backend_linalg *lb = lin_lb(ev, be, "lstsq");
	if (!lb || !(a = arr_asarray(ev, be, av, -1)) || !(b = arr_asarray(ev, be, bv, -1)))
		goto out;
	if (lstsq_check(ev, be, a, b, &work, &result) < 0)
		goto out;
	int64_t m = a->shape[0], n = a->shape[1], k = b->ndim == 1 ? 1 : b->shape[1];
	int64_t mn = m < n ? m : n, ldb = m > n ? m : n;
	double rcond = lin_eps(result) * (double)(m > n ? m : n);
	if (rcv && rcv->type != VT_NONE && val_as_double(ev, rcv, &rcond) < 0)
		goto out;
	/* b padded to ldb rows, column-major, on the host side of the backend */
	{
		int64_t sh[2] = {k, ldb};
		struct ndarray *bb = b->ndim == 1 ? NULL : lin_swap(ev, b);
		struct ndarray *bh = lin_host_as(ev, b->ndim == 1 ? b : bb, work);
		nd_decref(bb);
		if (!bh || !(hb = lin_host_new(ev, work, 2, sh))) {
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
	if (!(fa = lin_fortran(ev, a, work)) || !(fs = nd_new(ev, be, lin_real_dt(work), 1, &mn)))
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
		struct ndarray *xh = lin_host_new(ev, work, b->ndim, xs), *rh;
		if (!xh)
			goto out;
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = 0; j < k; j++)
				memcpy(nd_data(xh) + (i * k + j) * it, nd_data(hb) + (j * ldb + i) * it, it);
		x = lin_on(ev, lin_copy(ev, xh, result), be);
		nd_decref(xh);
		int64_t rn = (rank == n && m > n) ? k : 0;
		rh = lin_host_new(ev, lin_real_dt(work), 1, &rn);
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
		resid = lin_on(ev, lin_copy(ev, rh, lin_real_dt(result)), be);
		nd_decref(rh);
		sv = lin_copy(ev, fs, lin_real_dt(result));
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
	if (lin_assert_square(ev, a) < 0)
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

VIA_HOST(f_inv, LN_GETRF)
VIA_HOST(f_pinv, LN_GESDD)
VIA_HOST(f_det, LN_GETRF)
VIA_HOST(f_slogdet, LN_GETRF)
VIA_HOST(f_solve, LN_GETRF)
/* lstsq where a backend has no gelsd (cuSOLVER: CuPy's algorithm, by
 * the backend's SVD): x = V diag(1/s, 0 where s <= rcond * max(s)) U^H b;
 * rank = the count of the kept values (read back); the residuals
 * sum(|b - a x|^2, axis 0) when rank == n < m, else empty.  Everything
 * else stays where a lies. */
static struct value *lstsq_svd(struct eval *ev, const struct backend *be, struct value *av, struct value *bv,
			       struct value *rcv)
{
	struct ndarray *a = arr_asarray(ev, be, av, -1), *b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	struct value *A = NULL, *B = NULL, *svd = NULL, *u = NULL, *sv = NULL, *vh = NULL, *x = NULL;
	struct value *res = NULL, *resid = NULL, *keep = NULL, *s1 = NULL;
	int work, result;
	int64_t rank = 0;
	if (!b)
		goto out;
	if (lstsq_check(ev, be, a, b, &work, &result) < 0)
		goto out;
	int64_t m = a->shape[0], n = a->shape[1];
	if (m == 0 || n == 0 || (b->ndim == 2 && b->shape[1] == 0))
		goto out;   /* the caller takes gelsd's path (none here): see below */
	double rcond = lin_eps(result) * (double)(m > n ? m : n);
	if (rcv && rcv->type != VT_NONE && val_as_double(ev, rcv, &rcond) < 0)
		goto out;
	{
		struct ndarray *ac = arr_astype(ev, a, result), *bc = ac ? arr_astype(ev, b, result) : NULL;
		A = ac ? arr_wrap(ev, ac) : NULL;
		B = bc ? arr_wrap(ev, bc) : NULL;
		if (!A || !B)
			goto out;
	}
	{
		struct value *fm = val_bool(0);
		svd = fm ? arr_ns_callk(ev, be, "linalg.svd", 1, &A, "full_matrices", fm) : NULL;
		if (fm)
			val_decref(fm);
		if (!svd || svd->type != VT_TUPLE || svd->u.seq.n != 3) {
			if (svd)
				err_set(ev, TY_RuntimeError, "lstsq: svd gave no (u, s, vh)");
			goto out;
		}
		u = val_incref(svd->u.seq.items[0]);
		sv = val_incref(svd->u.seq.items[1]);
		vh = val_incref(svd->u.seq.items[2]);
	}
	{
		/* keep = s > rcond * max(s); s1 = where(keep, 1 / s, 0) */
		struct value *cut = ex_bin(ev, OP_MUL, ex_fn1(ev, be, "max", val_incref(sv)), val_float(rcond));
		keep = cut ? ex_bin(ev, OP_GT, val_incref(sv), cut) : NULL;
		struct value *cnt = keep ? ex_fn1(ev, be, "count_nonzero", val_incref(keep)) : NULL;
		if (!cnt || val_as_int64(ev, cnt, &rank) < 0) {
			if (cnt)
				val_decref(cnt);
			goto out;
		}
		val_decref(cnt);
		struct value *inv = ex_bin(ev, OP_TRUEDIV, val_float(1.0), val_incref(sv));
		struct value *args[3] = {keep, inv, val_float(0.0)};
		s1 = inv && args[2] ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
		if (inv)
			val_decref(inv);
		if (args[2])
			val_decref(args[2]);
		if (!s1)
			goto out;
	}
	{
		/* x = vh^H @ (s1 * (u^H @ b)) (s1 as a column for a 2-d b) */
		struct value *ut = arr_ns_call(ev, be, "transpose", 1, &u, NULL);
		struct value *uc = ut ? ex_fn1(ev, be, "conj", ut) : NULL;
		struct value *pr[2] = {uc, B}, *c = uc ? arr_ns_call(ev, be, "matmul", 2, pr, NULL) : NULL;
		if (uc)
			val_decref(uc);
		if (c && b->ndim == 2) {
			struct value *args[2] = {s1, val_int(1)};
			struct value *col = args[1] ? arr_ns_call(ev, be, "expand_dims", 2, args, NULL) : NULL;
			if (args[1])
				val_decref(args[1]);
			c = col ? ex_bin(ev, OP_MUL, c, col) : (val_decref(c), NULL);
		} else if (c) {
			c = ex_bin(ev, OP_MUL, c, val_incref(s1));
		}
		struct value *vt = c ? arr_ns_call(ev, be, "transpose", 1, &vh, NULL) : NULL;
		struct value *vc = vt ? ex_fn1(ev, be, "conj", vt) : NULL;
		struct value *p2[2] = {vc, c};
		x = vc ? arr_ns_call(ev, be, "matmul", 2, p2, NULL) : NULL;
		if (vc)
			val_decref(vc);
		if (c)
			val_decref(c);
		if (!x)
			goto out;
	}
	if (rank == n && m > n) {
		struct value *p3[2] = {A, x}, *ax = arr_ns_call(ev, be, "matmul", 2, p3, NULL);
		struct value *e = ax ? ex_bin(ev, OP_SUB, val_incref(B), ax) : NULL;
		struct value *e2 = e ? ex_fn1(ev, be, "square", ex_fn1(ev, be, "absolute", e)) : NULL;
		struct value *z = val_int(0);
		resid = e2 && z ? arr_ns_callk(ev, be, "sum", 1, &e2, "axis", z) : NULL;
		if (e2)
			val_decref(e2);
		if (z)
			val_decref(z);
		if (resid && b->ndim == 1) {
			/* NumPy's shape (1,) for a 1-d b */
			struct value *one = val_int(1);
			struct value *r1 = one ? arr_method_call(ev, resid, "reshape", 1, &one, NULL) : NULL;
			if (one)
				val_decref(one);
			val_decref(resid);
			resid = r1;
		}
	} else {
		int64_t zero = 0;
		struct ndarray *em = nd_new(ev, be, lin_real_dt(result), 1, &zero);
		resid = em ? arr_wrap(ev, em) : NULL;
	}
	if (!resid)
		goto out;
	{
		struct value *items[4];
		union scalar_data rk = {.i = rank};
		items[0] = x;
		items[1] = resid;
		items[2] = val_scalar(DT_INT32, rk);
		items[3] = sv;
		x = resid = sv = NULL;
		if (!items[2]) {
			for (int i = 0; i < 4; i++)
				if (items[i])
					val_decref(items[i]);
		} else
			res = val_tuple_new(4, items);
	}
out:
	{
		struct value *all[] = {A, B, svd, u, sv, vh, x, resid, keep, s1};
		for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
			if (all[i])
				val_decref(all[i]);
	}
	nd_decref(a);
	nd_decref(b);
	return res;
}

static struct value *f_lstsq_any(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	const struct backend *be = lin_be(bi, argc ? argv[0] : NULL, argc > 1 ? argv[1] : NULL);
	static int force = -1;
	if (force < 0) {
		const char *e = getenv("LUMEN_DEVSEARCH");   /* the test switch of lib/devsearch.c */
		force = e && *e && strcmp(e, "0") != 0;
	}
	if (be->linalg && be->linalg->gesdd && (!be->linalg->gelsd || force)) {
		struct value *av, *bv, *rcv = NULL;
		if (args_parse(ev, "lstsq", argc, argv, kw, "a,b|rcond", &av, &bv, &rcv) < 0)
			return NULL;
		struct value *r = lstsq_svd(ev, be, av, bv, rcv);
		if (r || err_occurred(ev))
			return r;
		/* an empty a or b: NumPy's shapes from the gelsd path's host copies */
	}
	return f_lstsq(ev, bi, argc, argv, kw);
}
VIA_HOST(f_lstsq_any, LN_GESDD)
VIA_HOST(f_cholesky, LN_POTRF)
VIA_HOST(f_qr, LN_GEQRF)
VIA_HOST(f_svd, LN_GESDD)
static struct value *f_eig_d(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	int cupy = arr_is_cupy(lin_be(bi, argc ? argv[0] : NULL, NULL));
	return lin_dispatch(ev, bi, argc, argv, kw, cupy ? f_eig_cupy : f_eig, LN_GEEV);
}

static struct value *f_eigvals_d(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	int cupy = arr_is_cupy(lin_be(bi, argc ? argv[0] : NULL, NULL));
	return lin_dispatch(ev, bi, argc, argv, kw, cupy ? f_eigvals_cupy : f_eigvals, LN_GEEV);
}
VIA_HOST(f_eigh, LN_SYEVD)
VIA_HOST(f_eigvalsh, LN_SYEVD)
VIA_HOST(f_matrix_rank, LN_GESDD)
VIA_HOST(f_matrix_power, LN_GETRF)

const struct arr_func arr_linalg_funcs[] = {
	{"norm", lin_f_norm, "norm(x, ord=None, axis=None, keepdims=False)", "Matrix or vector norm."},
	{"cond", lin_f_cond, "cond(x, p=None)", "Condition number of a matrix (stacks too)."},
	{"inv", f_inv_d, "inv(a)", "Inverse of a matrix (stacks too)."},
	{"pinv", f_pinv_d, "pinv(a, rcond=None, hermitian=False, *, rtol=<no value>)",
	 "Moore-Penrose pseudo-inverse by SVD."},
	{"det", f_det_d, "det(a)", "Determinant."},
	{"slogdet", f_slogdet_d, "slogdet(a)", "Sign and natural log of the absolute determinant."},
	{"solve", f_solve_d, "solve(a, b)", "Solves a @ x = b."},
	{"lstsq", f_lstsq_any_d, "lstsq(a, b, rcond=None)", "Least-squares solution (x, residuals, rank, s)."},
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
	{"matmul", lin_f_matmul, "matmul(x1, x2, /)", "Matrix product."},
	{NULL, NULL, NULL, NULL}
};
