/*
 * scipy_linalg.c — scipy.linalg / cupyx.scipy.linalg (arr_scipy_linalg_funcs):
 * lu_factor and lu_solve on the backend's LU (getrf/getrs of linalg.h, so cp
 * arrays stay on the GPU), solve_triangular by the backend's trsm where it
 * has one (cuBLAS on the device) else by substitution in double, and expm
 * by SciPy's Padé approximant (orders 3..13 with scaling and squaring,
 * Al-Mohy and Higham's choice without the ell() refinement) in double
 * precision on host copies (OpenBLAS dgemm, LAPACKE dgesv).  Real matrices
 * for the last two.  Owns no state.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cblas.h>
#include <lapacke.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/linalg.h"
#include "numerics/linalg_int.h"
#include "ufunc/fpe.h"

static struct ndarray *square_2d(struct eval *ev, const struct backend *be, struct value *v, const char *what)
{
	struct ndarray *a = arr_asarray(ev, be, v, -1);
	if (!a)
		return NULL;
	if (a->ndim != 2 || a->shape[0] != a->shape[1]) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "expected square matrix%s", what);
	}
	if (dt_is_int(a->dtype) || a->dtype == DT_BOOL) {
		struct ndarray *c = arr_astype(ev, a, DT_FLOAT64);
		nd_decref(a);
		a = c;
	}
	return a;
}

/* ---- lu_factor / lu_solve ---- */

/* lu_factor(a, overwrite_a=False, check_finite=True) -> (lu, piv) */
static struct value *fn_lu_factor(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *av, *ow = NULL, *cf = NULL, *items[2];
	const struct backend *be;
	const struct backend_linalg *lb;
	struct ndarray *a, *f = NULL, *piv = NULL, *lu = NULL, *p0 = NULL;
	int work, result, info = 0, n;
	if (args_parse(ev, "lu_factor", argc, argv, kw, "a|overwrite_a,check_finite", &av, &ow, &cf) < 0)
		return NULL;
	be = lin_be(bi, av, NULL);
	a = square_2d(ev, be, av, "");
	if (!a)
		return NULL;
	if (lin_types(ev, be, 1, (const struct ndarray *const *)&a, &work, &result) < 0 ||
	    !(lb = lin_lb(ev, be, "lu_factor"))) {
		nd_decref(a);
		return NULL;
	}
	if (!lb->getrf) {
		nd_decref(a);
		return err_set(ev, TY_NotImplementedError, "lu_factor is not supported on the %s backend", be->name);
	}
	n = (int)a->shape[0];
	{
		int64_t psh[1] = { n };
		f = lin_fortran(ev, a, work);
		piv = f ? nd_new(ev, be, DT_INT32, 1, psh) : NULL;
	}
	if (!piv)
		goto out;
	if (n > 0 && lb->getrf(ev, work, 1, n, nd_data(f), (int32_t *)nd_data(piv), &info) < 0)
		goto out;
	if (info > 0) {
		char msg[96];
		snprintf(msg, sizeof msg, "Diagonal number %d is exactly zero. Singular matrix.", info);
		ev_warn(ev, "LinAlgWarning", msg);
	}
	lu = lin_unfortran(ev, f, result);
	f = NULL;
	{
		/* LAPACK's 1-based pivots -> SciPy's 0-based */
		struct value *one = val_int(1), *pv = arr_wrap(ev, piv), *in[2] = { pv, one };
		piv = NULL;
		struct value *r = pv && one ? arr_ufunc_call(ev, be, "subtract", 2, in, NULL) : NULL;
		val_decref(one);
		val_decref(pv);
		if (!r || !lu) {
			val_decref(r);
			goto out;
		}
		items[0] = arr_wrap(ev, lu);
		lu = NULL;
		items[1] = r;
		nd_decref(a);
		return val_tuple_new(2, items);
	}
out:
	nd_decref(a);
	nd_decref(f);
	nd_decref(piv);
	nd_decref(lu);
	nd_decref(p0);
	return NULL;
}

/* lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True) */
static struct value *fn_lu_solve(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *lp, *bv, *tv = NULL, *ow = NULL, *cf = NULL, *res = NULL;
	const struct backend *be;
	const struct backend_linalg *lb;
	struct ndarray *lu = NULL, *piv = NULL, *b = NULL, *fl = NULL, *fb = NULL, *p1 = NULL, *x = NULL;
	int64_t trans;
	int work, result, info = 0, n, k, vec;
	if (args_parse(ev, "lu_solve", argc, argv, kw, "lu_and_piv,b|trans,overwrite_b,check_finite",
		       &lp, &bv, &tv, &ow, &cf) < 0 || args_int(ev, tv, 0, &trans) < 0)
		return NULL;
	if (lp->type != VT_TUPLE || lp->u.seq.n != 2)
		return err_set(ev, TY_ValueError, "too many values to unpack (expected 2)");
	if (trans != 0)
		return err_set(ev, TY_NotImplementedError, "lu_solve: trans=%lld is not supported", (long long)trans);
	be = lin_be(bi, lp->u.seq.items[0], bv);
	lu = square_2d(ev, be, lp->u.seq.items[0], "");
	piv = lu ? arr_asarray(ev, be, lp->u.seq.items[1], DT_INT32) : NULL;
	b = piv ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	n = (int)lu->shape[0];
	vec = b->ndim == 1;
	if (b->ndim < 1 || b->ndim > 2 || b->shape[0] != n) {
		char s1[64], s2[64];
		arr_format_shape(s1, sizeof s1, lu->ndim, lu->shape);
		arr_format_shape(s2, sizeof s2, b->ndim, b->shape);
		err_set(ev, TY_ValueError, "Shapes of lu %s and b %s are incompatible", s1, s2);
		goto out;
	}
	if (piv->ndim != 1 || piv->shape[0] != n) {
		err_set(ev, TY_ValueError, "lu_solve: piv must have shape (%d,)", n);
		goto out;
	}
	{
		const struct ndarray *both[2] = { lu, b };
		if (lin_types(ev, be, 2, both, &work, &result) < 0 || !(lb = lin_lb(ev, be, "lu_solve")))
			goto out;
	}
	if (!lb->getrs) {
		err_set(ev, TY_NotImplementedError, "lu_solve is not supported on the %s backend", be->name);
		goto out;
	}
	{
		int64_t sh[2] = { n, vec ? 1 : b->shape[1] };
		struct ndarray *b2 = arr_reshape(ev, b, 2, sh);
		k = (int)sh[1];
		fb = b2 ? lin_fortran(ev, b2, work) : NULL;
		nd_decref(b2);
	}
	fl = fb ? lin_fortran(ev, lu, work) : NULL;
	{
		/* SciPy's 0-based pivots -> LAPACK's 1-based */
		struct value *one = val_int(1), *pv = fl ? arr_wrap(ev, nd_incref(piv)) : NULL, *in[2] = { pv, one };
		struct value *r = pv && one ? arr_ufunc_call(ev, be, "add", 2, in, NULL) : NULL;
		struct ndarray *ra = r ? arr_asarray(ev, be, r, DT_INT32) : NULL;
		p1 = ra ? arr_contiguous(ev, ra) : NULL;
		nd_decref(ra);
		val_decref(r);
		val_decref(one);
		val_decref(pv);
	}
	if (!p1)
		goto out;
	if (n > 0 && k > 0 &&
	    lb->getrs(ev, work, 1, n, k, nd_data(fl), (const int32_t *)nd_data(p1), nd_data(fb), &info) < 0)
		goto out;
	x = lin_unfortran(ev, fb, result);
	fb = NULL;
	if (x && vec) {
		int64_t sh[1] = { n };
		struct ndarray *x1 = arr_reshape(ev, x, 1, sh);
		nd_decref(x);
		x = x1;
	}
	res = x ? arr_wrap(ev, x) : NULL;
out:
	nd_decref(lu);
	nd_decref(piv);
	nd_decref(b);
	nd_decref(fl);
	nd_decref(fb);
	nd_decref(p1);
	return res;
}

/* ---- solve_triangular ---- */

static int parse_trans(struct eval *ev, struct value *v, int *t)
{
	*t = 0;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_STR) {
		const char *s = v->u.str->s;
		if (!strcmp(s, "N")) *t = 0;
		else if (!strcmp(s, "T")) *t = 1;
		else if (!strcmp(s, "C")) *t = 2;
		else
			return err_set(ev, TY_ValueError, "Incorrect trans value: %s", s), -1;
		return 0;
	}
	int64_t i;
	if (args_int(ev, v, 0, &i) < 0)
		return -1;
	if (i < 0 || i > 2)
		return err_set(ev, TY_ValueError, "Incorrect trans value: %lld", (long long)i), -1;
	*t = (int)i;
	return 0;
}

/* A's first zero on the diagonal (SciPy's LinAlgError) found where a
 * lies: 0 none, 1 one (the error set), -1 another error.  One 0-d
 * answer read back, two when there is one. */
static int trsm_singular(struct eval *ev, const struct backend *be, struct ndarray *a)
{
	int64_t n = a->shape[0], st = a->strides[0] + a->strides[1];
	struct ndarray *dv = nd_view(ev, a, a->dtype, 1, &n, &st, a->offset);
	struct value *d = dv ? arr_wrap(ev, dv) : NULL;
	struct value *z = d ? ex_bin(ev, OP_EQ, d, val_int(0)) : NULL;
	struct value *any = z ? ex_fn1(ev, be, "any", val_incref(z)) : NULL;
	int r = any ? arr_truth(ev, any) : -1;
	if (any)
		val_decref(any);
	if (r == 1) {
		struct value *i = ex_fn1(ev, be, "argmax", val_incref(z));
		int64_t at = 0;
		if (!i || val_as_int64(ev, i, &at) < 0)
			r = -1;
		else
			err_set(ev, TY_LinAlgError, "singular matrix: resolution failed at diagonal %lld", (long long)at);
		if (i)
			val_decref(i);
	}
	if (z)
		val_decref(z);
	return r;
}

/* solve_triangular on the backend's trsm: a and b cast to the result's
 * dtype, C-contiguous, b copied (solved in place) */
static struct ndarray *trsm_on(struct eval *ev, const struct backend *be, struct ndarray *a, struct ndarray *b,
			       int result, int trans, int lower, int unit)
{
	struct ndarray *ac = arr_astype(ev, a, result), *x = NULL;
	int n = (int)a->shape[0], k = b->ndim == 1 ? 1 : (int)b->shape[1], bad = 0;
	if (!ac)
		return NULL;
	if (!nd_is_c_contiguous(ac)) {
		struct ndarray *t = arr_contiguous(ev, ac);
		nd_decref(ac);
		if (!(ac = t))
			return NULL;
	}
	if (!unit && n > 0 && (bad = trsm_singular(ev, be, ac)) != 0) {
		nd_decref(ac);
		return NULL;
	}
	if (!(x = nd_new(ev, be, result, b->ndim, b->shape)) || (nd_size(x) && be->copy(ev, x, b) < 0)
	    || be->linalg->trsm(ev, result, n, k, nd_data(ac), nd_data(x), lower, trans, unit) < 0) {
		nd_decref(x);
		x = NULL;
	}
	nd_decref(ac);
	return x;
}

/* solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True) */
static struct value *fn_solve_triangular(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	struct value *av, *bv, *tv = NULL, *lv = NULL, *uv = NULL, *ow = NULL, *cf = NULL;
	const struct backend *be;
	struct ndarray *a = NULL, *b = NULL, *ha = NULL, *hb = NULL, *x = NULL;
	int trans, lower, unit, n, k, result;
	if (args_parse(ev, "solve_triangular", argc, argv, kw,
		       "a,b|trans,lower,unit_diagonal,overwrite_b,check_finite", &av, &bv, &tv, &lv, &uv, &ow, &cf) < 0 ||
	    parse_trans(ev, tv, &trans) < 0 || args_bool(ev, lv, 0, &lower) < 0 || args_bool(ev, uv, 0, &unit) < 0)
		return NULL;
	be = lin_be(bi, av, bv);
	a = square_2d(ev, be, av, "");
	b = a ? arr_asarray(ev, be, bv, -1) : NULL;
	if (!b)
		goto out;
	n = (int)a->shape[0];
	if (b->ndim < 1 || b->ndim > 2 || b->shape[0] != n) {
		char s1[64], s2[64];
		arr_format_shape(s1, sizeof s1, a->ndim, a->shape);
		arr_format_shape(s2, sizeof s2, b->ndim, b->shape);
		err_set(ev, TY_ValueError, "shapes of a %s and b %s are incompatible", s1, s2);
		goto out;
	}
	if (dt_is_complex(a->dtype) || dt_is_complex(b->dtype)) {
		err_set(ev, TY_NotImplementedError, "solve_triangular: complex matrices are not supported");
		goto out;
	}
	result = a->dtype == DT_FLOAT32 && b->dtype == DT_FLOAT32 ? DT_FLOAT32 : DT_FLOAT64;
	if (be->linalg && be->linalg->trsm) {
		x = trsm_on(ev, be, a, b, result, trans, lower, unit);
		goto out;
	}
	{
		struct ndarray *t1 = arr_astype(ev, a, DT_FLOAT64), *t2 = t1 ? arr_astype(ev, b, DT_FLOAT64) : NULL;
		ha = t1 ? lin_host(ev, t1) : NULL;
		hb = t2 ? lin_host(ev, t2) : NULL;
		nd_decref(t1);
		nd_decref(t2);
	}
	if (!hb)
		goto out;
	x = lin_copy(ev, hb, DT_FLOAT64);
	if (!x)
		goto out;
	k = b->ndim == 1 ? 1 : (int)b->shape[1];
	{
		const double *A = (const double *)nd_data(ha);
		double *X = (double *)nd_data(x);
		/* op(A) = A or A^T; effective lower triangle after transposing */
		int low = trans ? !lower : lower;
#define OPA(i, j) (trans ? A[(int64_t)(j) * n + (i)] : A[(int64_t)(i) * n + (j)])
		for (int i = 0; i < n; i++)
			if (!unit && OPA(i, i) == 0) {
				err_set(ev, TY_LinAlgError, "singular matrix: resolution failed at diagonal %d", i);
				nd_decref(x);
				x = NULL;
				goto out;
			}
		for (int c = 0; c < k; c++) {
			if (low) {
				for (int i = 0; i < n; i++) {
					double s = X[(int64_t)i * k + c];
					for (int j = 0; j < i; j++)
						s -= OPA(i, j) * X[(int64_t)j * k + c];
					X[(int64_t)i * k + c] = unit ? s : s / OPA(i, i);
				}
			} else {
				for (int i = n - 1; i >= 0; i--) {
					double s = X[(int64_t)i * k + c];
					for (int j = i + 1; j < n; j++)
						s -= OPA(i, j) * X[(int64_t)j * k + c];
					X[(int64_t)i * k + c] = unit ? s : s / OPA(i, i);
				}
			}
		}
#undef OPA
	}
	if (result != DT_FLOAT64) {
		struct ndarray *c = arr_astype(ev, x, result);
		nd_decref(x);
		x = c;
	}
	x = lin_on(ev, x, be);
out:
	nd_decref(a);
	nd_decref(b);
	nd_decref(ha);
	nd_decref(hb);
	return x ? arr_wrap(ev, x) : NULL;
}

/* ---- expm ---- */

static double norm1(const double *a, int n)
{
	double m = 0;
	for (int j = 0; j < n; j++) {
		double s = 0;
		for (int i = 0; i < n; i++)
			s += fabs(a[(int64_t)i * n + j]);
		if (s > m)
			m = s;
	}
	return m;
}

static void mm(const double *a, const double *b, double *c, int n)
{
	cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a, n, b, n, 0.0, c, n);
}

/* expm's scaling and squaring (Higham 2005, as SciPy's): the 1-norm bounds
 * up to which the Padé approximant of order 3, 5, 7, 9 (and 13 with s
 * squarings) is used, and each order's numerator coefficients */
static const double pade_theta[5] = { 1.495585217958292e-002, 2.539398330063230e-001,
				      9.504178996162932e-001, 2.097847961257068e+000,
				      5.371920351148152e+000 };
static const double pade_b3[] = { 120., 60., 12., 1. };
static const double pade_b5[] = { 30240., 15120., 3360., 420., 30., 1. };
static const double pade_b7[] = { 17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1. };
static const double pade_b9[] = { 17643225600., 8821612800., 2075673600., 302702400., 30270240.,
				  2162160., 110880., 3960., 90., 1. };
static const double pade_b13[] = { 64764752532480000., 32382376266240000., 7771770303897600.,
				   1187353796428800., 129060195264000., 10559470521600., 670442572800.,
				   33522128640., 1323241920., 40840800., 960960., 16380., 182., 1. };

/* exp(A) of an n×n row-major matrix into E; 0 or -1 (singular Padé denominator) */
static int expm_d(const double *A0, double *E, int n)
{
	size_t nn = (size_t)n * n;
	double *buf = calloc(nn * 10, sizeof(double));
	int m, s = 0, rc = -1;
	if (!buf)
		return -1;
	double *A = buf, *A2 = buf + nn, *A4 = buf + 2 * nn, *A6 = buf + 3 * nn, *A8 = buf + 4 * nn,
	       *U = buf + 5 * nn, *V = buf + 6 * nn, *T = buf + 7 * nn, *P = buf + 8 * nn, *Q = buf + 9 * nn;
	memcpy(A, A0, nn * sizeof(double));
	mm(A, A, A2, n);
	mm(A2, A2, A4, n);
	mm(A2, A4, A6, n);
	double d4 = pow(norm1(A4, n), 0.25), d6 = pow(norm1(A6, n), 1.0 / 6);
	double eta1 = d4 > d6 ? d4 : d6;
	if (eta1 <= pade_theta[0]) {
		m = 3;
	} else if (eta1 <= pade_theta[1]) {
		m = 5;
	} else {
		mm(A4, A4, A8, n);
		double d8 = pow(norm1(A8, n), 0.125);
		double eta3 = d6 > d8 ? d6 : d8;
		if (eta3 <= pade_theta[2]) {
			m = 7;
		} else if (eta3 <= pade_theta[3]) {
			m = 9;
		} else {
			mm(A4, A6, T, n);
			double d10 = pow(norm1(T, n), 0.1);
			double eta4 = d8 > d10 ? d8 : d10, eta5 = eta3 < eta4 ? eta3 : eta4;
			s = eta5 / pade_theta[4] > 1 ? (int)ceil(log2(eta5 / pade_theta[4])) : 0;
			m = 13;
			if (s) {
				double f = ldexp(1.0, -s);
				for (size_t i = 0; i < nn; i++) {
					A[i] *= f;
					A2[i] *= f * f;
					A4[i] *= f * f * f * f;
					A6[i] *= f * f * f * f * f * f;
				}
			}
		}
	}
	/* U = A * (odd part), V = even part */
	memset(U, 0, nn * sizeof(double));
	memset(V, 0, nn * sizeof(double));
	if (m < 13) {
		const double *b = m == 3 ? pade_b3 : m == 5 ? pade_b5 : m == 7 ? pade_b7 : pade_b9;
		const double *pw[5] = { NULL, A2, A4, A6, A8 };
		for (size_t i = 0; i < nn; i++) {
			double id = (i % (size_t)(n + 1)) == 0 ? 1.0 : 0.0;
			T[i] = b[1] * id;
			V[i] = b[0] * id;
		}
		for (int k = 1; 2 * k <= m; k++)
			for (size_t i = 0; i < nn; i++) {
				T[i] += b[2 * k + 1] * pw[k][i];
				V[i] += b[2 * k] * pw[k][i];
			}
		mm(A, T, U, n);
	} else {
		const double *b = pade_b13;
		for (size_t i = 0; i < nn; i++)
			P[i] = b[13] * A6[i] + b[11] * A4[i] + b[9] * A2[i];
		mm(A6, P, T, n);
		for (size_t i = 0; i < nn; i++) {
			double id = (i % (size_t)(n + 1)) == 0 ? 1.0 : 0.0;
			T[i] += b[7] * A6[i] + b[5] * A4[i] + b[3] * A2[i] + b[1] * id;
		}
		mm(A, T, U, n);
		for (size_t i = 0; i < nn; i++)
			P[i] = b[12] * A6[i] + b[10] * A4[i] + b[8] * A2[i];
		mm(A6, P, V, n);
		for (size_t i = 0; i < nn; i++) {
			double id = (i % (size_t)(n + 1)) == 0 ? 1.0 : 0.0;
			V[i] += b[6] * A6[i] + b[4] * A4[i] + b[2] * A2[i] + b[0] * id;
		}
	}
	/* (V - U) R = (V + U) */
	for (size_t i = 0; i < nn; i++) {
		P[i] = V[i] - U[i];
		Q[i] = V[i] + U[i];
	}
	{
		int *ipiv = malloc(sizeof(int) * (size_t)n);
		if (!ipiv)
			goto out;
		int info = LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, n, P, n, ipiv, Q, n);
		free(ipiv);
		if (info != 0)
			goto out;
	}
	for (int k = 0; k < s; k++) {
		mm(Q, Q, T, n);
		memcpy(Q, T, nn * sizeof(double));
	}
	memcpy(E, Q, nn * sizeof(double));
	rc = 0;
out:
	free(buf);
	return rc;
}

/* ---- expm where the matrix lives: expm_d's algorithm composed of the
 * backend's matmul, elementwise arithmetic and linalg.solve (cuBLAS and
 * cuSOLVER on the device), in the work dtype; the 1-norms that choose the
 * order and the scaling are the only values read back (CuPy's expm reads
 * them too). ---- */

/* x @ y, borrowed operands */
static struct value *xm_mm(struct eval *ev, const struct backend *be, struct value *x, struct value *y)
{
	struct value *args[2] = {x, y};
	return x && y ? arr_ns_call(ev, be, "matmul", 2, args, NULL) : NULL;
}

/* max over columns of sum |x| (the 1-norm), read back; -1 on error */
static double xm_norm1(struct eval *ev, const struct backend *be, struct value *x)
{
	struct value *c = ex_fn1(ev, be, "abs", val_incref(x)), *sums = NULL, *mx;
	double d = -1;
	if (c) {
		struct value *args[1] = {c}, *zero = val_int(0);
		sums = zero ? arr_ns_callk(ev, be, "sum", 1, args, "axis", zero) : NULL;
		val_decref(c);
		if (zero)
			val_decref(zero);
	}
	mx = ex_fn1(ev, be, "max", sums);
	if (mx && val_as_double(ev, mx, &d) < 0)
		d = -1;
	if (mx)
		val_decref(mx);
	return d;
}

/* sum of c[i] * x[i] (x[i] NULL: the identity id), borrowed x, new value */
static struct value *xm_comb(struct eval *ev, int nt, const double *c, struct value *const *x, struct value *id)
{
	struct value *acc = NULL;
	for (int i = 0; i < nt; i++) {
		struct value *t = ex_bin(ev, OP_MUL, val_float(c[i]), val_incref(x[i] ? x[i] : id));
		acc = acc ? ex_bin(ev, OP_ADD, acc, t) : t;
		if (!acc)
			return NULL;
	}
	return acc;
}

static struct ndarray *expm_composed(struct eval *ev, const struct backend *be, struct ndarray *a0, int work)
{
	struct ndarray *aw = arr_astype(ev, a0, work), *res = NULL;
	struct value *A = aw ? arr_wrap(ev, aw) : NULL, *A2 = NULL, *A4 = NULL, *A6 = NULL, *A8 = NULL, *T = NULL;
	struct value *U = NULL, *V = NULL, *P = NULL, *Q = NULL, *R = NULL, *id = NULL;
	int m, s = 0;
	double d4, d6;
	if (!A)
		return NULL;
	{
		struct value *nv = val_int(a0->shape[0]), *dv = val_dtype(work, 1);
		id = nv && dv ? arr_ns_callk(ev, be, "eye", 1, &nv, "dtype", dv) : NULL;
		if (nv)
			val_decref(nv);
		if (dv)
			val_decref(dv);
	}
	A2 = xm_mm(ev, be, A, A);
	A4 = xm_mm(ev, be, A2, A2);
	A6 = xm_mm(ev, be, A2, A4);
	if (!id || !A6 || (d4 = xm_norm1(ev, be, A4)) < 0 || (d6 = xm_norm1(ev, be, A6)) < 0)
		goto out;
	d4 = pow(d4, 0.25);
	d6 = pow(d6, 1.0 / 6);
	double eta1 = d4 > d6 ? d4 : d6;
	if (eta1 <= pade_theta[0]) {
		m = 3;
	} else if (eta1 <= pade_theta[1]) {
		m = 5;
	} else {
		double d8, d10;
		if (!(A8 = xm_mm(ev, be, A4, A4)) || (d8 = xm_norm1(ev, be, A8)) < 0)
			goto out;
		d8 = pow(d8, 0.125);
		double eta3 = d6 > d8 ? d6 : d8;
		if (eta3 <= pade_theta[2]) {
			m = 7;
		} else if (eta3 <= pade_theta[3]) {
			m = 9;
		} else {
			if (!(T = xm_mm(ev, be, A4, A6)) || (d10 = xm_norm1(ev, be, T)) < 0)
				goto out;
			d10 = pow(d10, 0.1);
			double eta4 = d8 > d10 ? d8 : d10, eta5 = eta3 < eta4 ? eta3 : eta4;
			s = eta5 / pade_theta[4] > 1 ? (int)ceil(log2(eta5 / pade_theta[4])) : 0;
			m = 13;
			if (s) {
				double f = ldexp(1.0, -s);
				A = ex_bin(ev, OP_MUL, A, val_float(f));
				A2 = ex_bin(ev, OP_MUL, A2, val_float(f * f));
				A4 = ex_bin(ev, OP_MUL, A4, val_float(f * f * f * f));
				A6 = ex_bin(ev, OP_MUL, A6, val_float(f * f * f * f * f * f));
				if (!A || !A2 || !A4 || !A6)
					goto out;
			}
		}
	}
	if (m < 13) {
		const double *b = m == 3 ? pade_b3 : m == 5 ? pade_b5 : m == 7 ? pade_b7 : pade_b9;
		struct value *pw[5] = {NULL, A2, A4, A6, A8};
		double co[5], ce[5];
		int np = m / 2 + 1;
		for (int k = 0; k < np; k++) {
			co[k] = b[2 * k + 1];
			ce[k] = b[2 * k];
		}
		T = xm_comb(ev, np, co, pw, id);
		V = T ? xm_comb(ev, np, ce, pw, id) : NULL;
		U = V ? xm_mm(ev, be, A, T) : NULL;
	} else {
		const double *b = pade_b13;
		struct value *x3[4] = {A6, A4, A2, NULL};
		double c1[3] = {b[13], b[11], b[9]}, c2[4] = {b[7], b[5], b[3], b[1]};
		double c3[3] = {b[12], b[10], b[8]}, c4[4] = {b[6], b[4], b[2], b[0]};
		struct value *p1 = xm_comb(ev, 3, c1, x3, id), *t1 = p1 ? xm_mm(ev, be, A6, p1) : NULL;
		if (T)
			val_decref(T);
		T = t1 ? ex_bin(ev, OP_ADD, t1, xm_comb(ev, 4, c2, x3, id)) : NULL;
		U = T ? xm_mm(ev, be, A, T) : NULL;
		P = U ? xm_comb(ev, 3, c3, x3, id) : NULL;
		struct value *t2 = P ? xm_mm(ev, be, A6, P) : NULL;
		V = t2 ? ex_bin(ev, OP_ADD, t2, xm_comb(ev, 4, c4, x3, id)) : NULL;
		if (p1)
			val_decref(p1);
	}
	if (!U || !V)
		goto out;
	/* (V - U) R = (V + U) */
	{
		struct value *args[2] = {ex_bin(ev, OP_SUB, val_incref(V), val_incref(U)),
					 ex_bin(ev, OP_ADD, val_incref(V), val_incref(U))};
		if (args[0] && args[1])
			R = arr_ns_call(ev, be, "linalg.solve", 2, args, NULL);
		if (args[0])
			val_decref(args[0]);
		if (args[1])
			val_decref(args[1]);
	}
	for (int k = 0; R && k < s; k++) {
		struct value *r2 = xm_mm(ev, be, R, R);
		val_decref(R);
		R = r2;
	}
	if (R && arr_borrow(R))
		res = nd_incref(arr_borrow(R));
out:
	{
		struct value *all[] = {A, A2, A4, A6, A8, T, U, V, P, Q, R, id};
		for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
			if (all[i])
				val_decref(all[i]);
	}
	return res;
}

/* the composed expm runs where the work is in the result's own precision
 * (CuPy's rule; the device's linalg) or under LUMEN_DEVSEARCH=1 (the
 * test switch that sends host arrays down the device paths) */
static int expm_where_it_lies(const struct backend *be)
{
	static int force = -1;
	if (be->linalg && !be->linalg->double_work)
		return 1;
	if (force < 0) {
		const char *e = getenv("LUMEN_DEVSEARCH");
		force = e && *e && strcmp(e, "0") != 0;
	}
	return force;
}

/* expm(A) */
static struct value *fn_expm(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	const struct backend *be;
	struct ndarray *a, *d, *h = NULL, *e = NULL;
	int result;
	if (args_parse(ev, "expm", argc, argv, kw, "A", &av) < 0)
		return NULL;
	be = lin_be(bi, av, NULL);
	a = arr_asarray(ev, be, av, -1);
	if (!a)
		return NULL;
	if (a->ndim < 2 || a->shape[a->ndim - 1] != a->shape[a->ndim - 2]) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "expected a square matrix");
	}
	if (a->ndim != 2 || dt_is_complex(a->dtype)) {
		nd_decref(a);
		return err_set(ev, TY_NotImplementedError, "expm: only real 2-D matrices are supported");
	}
	result = a->dtype == DT_FLOAT32 ? DT_FLOAT32 : DT_FLOAT64;
	if (a->shape[0] > 0 && expm_where_it_lies(be)) {
		int work = be->linalg && !be->linalg->double_work ? result : DT_FLOAT64;
		e = expm_composed(ev, be, a, work);
		nd_decref(a);
		if (e && e->dtype != result) {
			struct ndarray *c = arr_astype(ev, e, result);
			nd_decref(e);
			e = c;
		}
		return e ? arr_wrap(ev, e) : NULL;
	}
	d = arr_astype(ev, a, DT_FLOAT64);
	nd_decref(a);
	h = d ? lin_host(ev, d) : NULL;
	nd_decref(d);
	if (!h)
		return NULL;
	e = lin_copy(ev, h, DT_FLOAT64);
	if (e && h->shape[0] > 0 && expm_d((const double *)nd_data(h), (double *)nd_data(e), (int)h->shape[0]) < 0) {
		nd_decref(e);
		e = NULL;
		err_set(ev, TY_LinAlgError, "expm: the Pade denominator is singular");
	}
	nd_decref(h);
	if (e && result != DT_FLOAT64) {
		struct ndarray *c = arr_astype(ev, e, result);
		nd_decref(e);
		e = c;
	}
	e = lin_on(ev, e, be);
	return e ? arr_wrap(ev, e) : NULL;
}

const struct arr_func arr_scipy_linalg_funcs[] = {
	{"lu_factor", fn_lu_factor, "lu_factor(a, overwrite_a=False, check_finite=True)",
	 "Compute pivoted LU decomposition of a matrix."},
	{"lu_solve", fn_lu_solve, "lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True)",
	 "Solve an equation system, a x = b, given the LU factorization of a."},
	{"solve_triangular", fn_solve_triangular,
	 "solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True)",
	 "Solve the equation a x = b for x, assuming a is a triangular matrix."},
	{"expm", fn_expm, "expm(A)", "Compute the matrix exponential of an array."},
	{NULL, NULL, NULL, NULL},
};
