/*
 * host_linalg.c — the host backend's linear algebra: the `matmul` entry of
 * struct backend (OpenBLAS gemm per matrix of a batch, C loops for integer
 * and bool dtypes) and struct backend_linalg over LAPACKE (the same
 * LAPACK routines NumPy calls: gesv's getrf/getrs, potrf, geqrf/orgqr,
 * gesdd, syevd/heevd, geev, gelsd).  Never allocates arrays or sees values:
 * linalg.c lays the data out and interprets `info`.
 */
#include <complex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cblas.h>
#include <lapacke.h>
#include "backend/backend_lib.h"
#include "array/ndarray.h"
#include "backend/backend.h"
#include "backend/host/host.h"
#include "lang/error.h"

typedef float _Complex cfloat;
typedef double _Complex cdouble;

/* ---- matmul ---- */

/* Leading dimension if the m×n matrix at strides (rs, cs) bytes is usable
 * by BLAS as row-major (*trans = 0) or as the transpose of a row-major
 * matrix (*trans = 1); 0 if neither. */
static int64_t blas_ld(int64_t m, int64_t n, int64_t rs, int64_t cs, int item, int *trans)
{
	if ((cs == item || n == 1) && rs % item == 0 && rs / item >= (n > 1 ? n : 1)) {
		*trans = 0;
		return rs / item;
	}
	if ((rs == item || m == 1) && cs % item == 0 && cs / item >= (m > 1 ? m : 1)) {
		*trans = 1;
		return cs / item;
	}
	/* a single row/column with odd strides: still fine as a vector */
	if (m == 1 && cs % item == 0 && cs > 0 && n == 1) {
		*trans = 0;
		return 1;
	}
	return 0;
}

/* Copies the m×n matrix at p (byte strides rs, cs) to a dense row-major buf. */
static void pack(char *buf, const char *p, int64_t m, int64_t n, int64_t rs, int64_t cs, int item)
{
	for (int64_t i = 0; i < m; i++)
		for (int64_t j = 0; j < n; j++)
			memcpy(buf + (i * n + j) * item, p + i * rs + j * cs, item);
}

/*
 * Integer matmul (NumPy has no BLAS for integers either).  Sums of integers
 * wrap the same in any order, so the loops are chosen for speed: with b's
 * rows contiguous, out[i, :] += a[i, l] * b[l, :] (vectorised, b read by
 * rows); a column result as one dot per row; anything else element by
 * element.  U: the unsigned type of T's width (wrapping, as NumPy's loop);
 * P: a product type that cannot overflow int promotion.
 */
#define INT_MATMUL(T, U, P)                                                                 \
	static __attribute__((target_clones("avx2", "default"))) void mm_##T(                \
		const char *a, const char *b, char *o, int64_t m, int64_t n, int64_t k,       \
		int64_t ars, int64_t acs, int64_t brs, int64_t bcs)                           \
	{                                                                                   \
		U *out = (U *)o;                                                            \
		if (n == 1) {                                                               \
			for (int64_t i = 0; i < m; i++) {                                   \
				U s = 0;                                                    \
				const char *pa = a + i * ars, *pb = b;                       \
				for (int64_t l = 0; l < k; l++, pa += acs, pb += brs)        \
					s = (U)(s + (P)(U)*(const T *)pa * (P)(U)*(const T *)pb); \
				out[i] = s;                                                 \
			}                                                                   \
		} else if (bcs == (int64_t)sizeof(T)) {                                     \
			for (int64_t i = 0; i < m; i++) {                                   \
				U *restrict row = out + i * n;                              \
				memset(row, 0, n * sizeof(U));                              \
				for (int64_t l = 0; l < k; l++) {                           \
					P av = (P)(U)*(const T *)(a + i * ars + l * acs);   \
					const U *restrict br = (const U *)(b + l * brs);    \
					if (!av)                                            \
						continue;                                   \
					for (int64_t j = 0; j < n; j++)                     \
						row[j] = (U)(row[j] + av * (P)br[j]);       \
				}                                                           \
			}                                                                   \
		} else {                                                                    \
			for (int64_t i = 0; i < m; i++)                                     \
				for (int64_t j = 0; j < n; j++) {                           \
					U s = 0;                                            \
					for (int64_t l = 0; l < k; l++)                     \
						s = (U)(s + (P)(U)*(const T *)(a + i * ars + l * acs) * \
							    (P)(U)*(const T *)(b + l * brs + j * bcs)); \
					out[i * n + j] = s;                                 \
				}                                                           \
		}                                                                           \
	}
INT_MATMUL(int8_t, uint8_t, uint32_t)
INT_MATMUL(int16_t, uint16_t, uint32_t)
INT_MATMUL(int32_t, uint32_t, uint32_t)
INT_MATMUL(int64_t, uint64_t, uint64_t)

static void mm_bool(const char *a, const char *b, char *o, int64_t m, int64_t n, int64_t k,
		    int64_t ars, int64_t acs, int64_t brs, int64_t bcs)
{
	for (int64_t i = 0; i < m; i++)
		for (int64_t j = 0; j < n; j++) {
			uint8_t s = 0;
			for (int64_t l = 0; l < k && !s; l++)
				s = a[i * ars + l * acs] && b[l * brs + j * bcs];
			o[i * n + j] = s;
		}
}

/* float16 as IEEE binary16 bits: computed in float, as NumPy's loop does. */
static float h2f(uint16_t h)
{
	uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, f;
	if (e == 0) {
		if (!m)
			f = s;
		else {
			float v = m / 16777216.0f;
			return s ? -v : v;
		}
	} else if (e == 31)
		f = s | 0x7f800000 | (m << 13);
	else
		f = s | ((e + 112) << 23) | (m << 13);
	float r;
	memcpy(&r, &f, 4);
	return r;
}

static uint16_t f2h(float x)
{
	uint32_t f;
	memcpy(&f, &x, 4);
	uint32_t s = (f >> 16) & 0x8000, e = (f >> 23) & 0xff, m = f & 0x7fffff;
	if (e == 0xff)
		return s | 0x7c00 | (m ? 0x200 : 0);
	int ne = (int)e - 127 + 15;
	if (ne >= 31)
		return s | 0x7c00;
	if (ne <= 0) {
		if (ne < -10)
			return s;
		m |= 0x800000;
		int shift = 14 - ne;
		uint32_t hm = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
		if (rem > half || (rem == half && (hm & 1)))
			hm++;
		return s | hm;
	}
	uint32_t hm = m >> 13, rem = m & 0x1fff;
	uint32_t out = s | (ne << 10) | hm;
	if (rem > 0x1000 || (rem == 0x1000 && (hm & 1)))
		out++;
	return out;
}

static void mm_half(const char *a, const char *b, char *o, int64_t m, int64_t n, int64_t k,
		    int64_t ars, int64_t acs, int64_t brs, int64_t bcs)
{
	for (int64_t i = 0; i < m; i++)
		for (int64_t j = 0; j < n; j++) {
			float s = 0;
			for (int64_t l = 0; l < k; l++)
				s += h2f(*(const uint16_t *)(a + i * ars + l * acs)) *
				     h2f(*(const uint16_t *)(b + l * brs + j * bcs));
			((uint16_t *)o)[i * n + j] = f2h(s);
		}
}

/* One m×k @ k×n product by BLAS, packing operands BLAS cannot address. */
static int gemm_one(struct eval *ev, int dt, const char *a, const char *b, char *o,
		    int64_t m, int64_t n, int64_t k, int64_t ars, int64_t acs,
		    int64_t brs, int64_t bcs)
{
	int item = dt_size(dt), ta, tb;
	int64_t lda = blas_ld(m, k, ars, acs, item, &ta), ldb = blas_ld(k, n, brs, bcs, item, &tb);
	char *pa = NULL, *pb = NULL;
	if (!lda) {
		if (!(pa = malloc(m * k * item + 1)))
			return err_nomem(ev), -1;
		pack(pa, a, m, k, ars, acs, item);
		a = pa;
		lda = k;
		ta = 0;
	}
	if (!ldb) {
		if (!(pb = malloc(k * n * item + 1))) {
			free(pa);
			return err_nomem(ev), -1;
		}
		pack(pb, b, k, n, brs, bcs, item);
		b = pb;
		ldb = n;
		tb = 0;
	}
	/* BLAS wants ld >= the row length even when that row is unused */
	if (lda < (ta ? m : k))
		lda = ta ? m : k;
	if (ldb < (tb ? k : n))
		ldb = tb ? k : n;
	enum CBLAS_TRANSPOSE TA = ta ? CblasTrans : CblasNoTrans, TB = tb ? CblasTrans : CblasNoTrans;
	if (m == 1 && n == 1 && !pa && !pb && acs % item == 0 && brs % item == 0) {
		/* vector . vector: BLAS dot, as NumPy's matmul does */
		const char *x = a, *y = b;
		if (acs < 0)
			x += (k - 1) * acs;    /* BLAS walks negative strides from the low end */
		if (brs < 0)
			y += (k - 1) * brs;
		linalg_host_dot(dt, k, x, acs / item, y, brs / item, o);
		goto done;
	}
	if (n == 1 || m == 1) {
		/* vector @ matrix (checked first, as NumPy does: 1-d @ 1-d goes
		 * this way too) and matrix @ vector: gemv, for the complex types
		 * too (NumPy's dot and matmul do; gemm rounds differently) */
		int matvec = m != 1;
		const char *mat = matvec ? a : b, *vec = matvec ? b : a;
		int tm = matvec ? ta : !tb;
		int64_t ldm = matvec ? lda : ldb, rows = matvec ? m : n, inc;
		if (matvec)
			inc = tb ? 1 : ldb;     /* b's column */
		else
			inc = ta ? lda : 1;     /* a's row */
		/* tm = 0: mat is a row-major rows×k matrix; 1: its transpose */
		enum CBLAS_TRANSPOSE T = tm ? CblasTrans : CblasNoTrans;
		int64_t M = tm ? k : rows, N = tm ? rows : k;
		if (dt == DT_FLOAT32) {
			cblas_sgemv(CblasRowMajor, T, M, N, 1.0f, (const float *)mat, ldm,
				    (const float *)vec, inc, 0.0f, (float *)o, 1);
		} else if (dt == DT_FLOAT64) {
			cblas_dgemv(CblasRowMajor, T, M, N, 1.0, (const double *)mat, ldm,
				    (const double *)vec, inc, 0.0, (double *)o, 1);
		} else if (dt == DT_COMPLEX64) {
			cfloat one = 1, zero = 0;
			cblas_cgemv(CblasRowMajor, T, M, N, &one, mat, ldm, vec, inc, &zero, o, 1);
		} else {
			cdouble one = 1, zero = 0;
			cblas_zgemv(CblasRowMajor, T, M, N, &one, mat, ldm, vec, inc, &zero, o, 1);
		}
		goto done;
	}
	if (a == b && m == n && ta != tb && lda == ldb && !pa && !pb) {
		/* a @ a.T: syrk on the upper triangle, mirrored, as NumPy does */
		switch (dt) {
		case DT_FLOAT32:
			cblas_ssyrk(CblasRowMajor, CblasUpper, TA, n, k, 1.0f, (const float *)a, lda, 0.0f, (float *)o, n);
			break;
		case DT_FLOAT64:
			cblas_dsyrk(CblasRowMajor, CblasUpper, TA, n, k, 1.0, (const double *)a, lda, 0.0, (double *)o, n);
			break;
		case DT_COMPLEX64: {
			cfloat one = 1, zero = 0;
			cblas_csyrk(CblasRowMajor, CblasUpper, TA, n, k, &one, a, lda, &zero, o, n);
			break;
		}
		default: {
			cdouble one = 1, zero = 0;
			cblas_zsyrk(CblasRowMajor, CblasUpper, TA, n, k, &one, a, lda, &zero, o, n);
			break;
		}
		}
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = i + 1; j < n; j++)
				memcpy(o + (j * n + i) * item, o + (i * n + j) * item, item);
		goto done;
	}
	switch (dt) {
	case DT_FLOAT32:
		cblas_sgemm(CblasRowMajor, TA, TB, m, n, k, 1.0f, (const float *)a, lda,
			    (const float *)b, ldb, 0.0f, (float *)o, n);
		break;
	case DT_FLOAT64:
		cblas_dgemm(CblasRowMajor, TA, TB, m, n, k, 1.0, (const double *)a, lda,
			    (const double *)b, ldb, 0.0, (double *)o, n);
		break;
	case DT_COMPLEX64: {
		cfloat one = 1, zero = 0;
		cblas_cgemm(CblasRowMajor, TA, TB, m, n, k, &one, a, lda, b, ldb, &zero, o, n);
		break;
	}
	case DT_COMPLEX128: {
		cdouble one = 1, zero = 0;
		cblas_zgemm(CblasRowMajor, TA, TB, m, n, k, &one, a, lda, b, ldb, &zero, o, n);
		break;
	}
	}
done:
	free(pa);
	free(pb);
	return 0;
}

int linalg_host_matmul(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
		       struct ndarray *out)
{
	int nd = out->ndim, dt = out->dtype, item = dt_size(dt);
	int64_t m = out->shape[nd - 2], n = out->shape[nd - 1], k = a->shape[nd - 1];
	int64_t ars = a->strides[nd - 2], acs = a->strides[nd - 1];
	int64_t brs = b->strides[nd - 2], bcs = b->strides[nd - 1];
	int64_t nbatch = 1, idx[ND_MAXDIM] = {0};
	int blas = dt == DT_FLOAT32 || dt == DT_FLOAT64 || dt == DT_COMPLEX64 || dt == DT_COMPLEX128;
	for (int i = 0; i < nd - 2; i++)
		nbatch *= out->shape[i];
	if (m * n == 0 || nbatch == 0)
		return 0;
	if (k == 0) {
		memset(nd_data(out), 0, (size_t)(nbatch * m * n * item));
		return 0;
	}
	char *o = nd_data(out);
	for (int64_t bi = 0; bi < nbatch; bi++) {
		const char *pa = nd_data(a), *pb = nd_data(b);
		for (int i = 0; i < nd - 2; i++) {
			pa += idx[i] * a->strides[i];
			pb += idx[i] * b->strides[i];
		}
		if (blas) {
			if (gemm_one(ev, dt, pa, pb, o, m, n, k, ars, acs, brs, bcs) < 0)
				return -1;
		} else {
			switch (dt) {
			case DT_BOOL: mm_bool(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			case DT_INT8: case DT_UINT8: mm_int8_t(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			case DT_INT16: case DT_UINT16: mm_int16_t(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			case DT_INT32: case DT_UINT32: mm_int32_t(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			case DT_INT64: case DT_UINT64: mm_int64_t(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			case DT_FLOAT16: mm_half(pa, pb, o, m, n, k, ars, acs, brs, bcs); break;
			default:
				err_set(ev, TY_TypeError, "matmul: unsupported dtype %d", dt);
				return -1;
			}
			if ((bi & 63) == 63 && ev_check_interrupt(ev))
				return -1;
		}
		o += m * n * item;
		for (int i = nd - 3; i >= 0; i--) {
			if (++idx[i] < out->shape[i])
				break;
			idx[i] = 0;
		}
	}
	return 0;
}

/* ---- LAPACK entries: column-major, batch back to back ---- */

#define CM LAPACK_COL_MAJOR

/* LAPACKE's high-level calls refuse NaN input (-1 "illegal argument");
 * NumPy's LAPACK calls take it and give NaN results, so the check is off. */
static void lapacke_init(void)
{
	static int done;
	if (!done) {
		LAPACKE_set_nancheck(0);
		done = 1;
	}
}
#define FOR_BATCH for (int64_t bi = 0; bi < batch; bi++)
static int lapack_fail(struct eval *ev, const char *what, int info)
{
	if (info == LAPACK_WORK_MEMORY_ERROR || info == LAPACK_TRANSPOSE_MEMORY_ERROR)
		err_nomem(ev);
	else
		err_set(ev, TY_RuntimeError, "%s: illegal argument %d", what, -info);
	return -1;
}
#define CHECK(what, r)                                  \
	do {                                            \
		lapack_int r_ = (r);                     \
		if (r_ < 0)                             \
			return lapack_fail(ev, what, r_); \
		info[bi] = r_;                          \
	} while (0)
/* gesdd/gelsd refuse a NaN matrix with a negative info (LAPACK >= 3.10):
 * NumPy reports that as "did not converge", so it counts as a failure. */
#define CHECK_NAN(what, r)                              \
	do {                                            \
		lapack_int r_ = (r);                     \
		if (r_ == LAPACK_WORK_MEMORY_ERROR ||    \
		    r_ == LAPACK_TRANSPOSE_MEMORY_ERROR) \
			return lapack_fail(ev, what, r_); \
		info[bi] = r_ < 0 ? 1 : r_;             \
	} while (0)

static int h_getrf(struct eval *ev, int dt, int64_t batch, int n, void *a, int32_t *ipiv, int *info)
{
	lapacke_init();
	size_t sz = (size_t)n * n * dt_size(dt);
	FOR_BATCH {
		char *p = (char *)a + bi * sz;
		lapack_int *ip = (lapack_int *)(ipiv + bi * n);
		switch (dt) {
		case DT_FLOAT32: CHECK("getrf", LAPACKE_sgetrf(CM, n, n, (float *)p, n, ip)); break;
		case DT_FLOAT64: CHECK("getrf", LAPACKE_dgetrf(CM, n, n, (double *)p, n, ip)); break;
		case DT_COMPLEX64: CHECK("getrf", LAPACKE_cgetrf(CM, n, n, (cfloat *)p, n, ip)); break;
		default: CHECK("getrf", LAPACKE_zgetrf(CM, n, n, (cdouble *)p, n, ip)); break;
		}
	}
	return 0;
}

static int h_getrs(struct eval *ev, int dt, int64_t batch, int n, int nrhs, const void *a,
		   const int32_t *ipiv, void *b, int *info)
{
	lapacke_init();
	size_t sz = (size_t)n * n * dt_size(dt), bz = (size_t)n * nrhs * dt_size(dt);
	FOR_BATCH {
		const char *p = (const char *)a + bi * sz;
		char *q = (char *)b + bi * bz;
		const lapack_int *ip = (const lapack_int *)(ipiv + bi * n);
		switch (dt) {
		case DT_FLOAT32: CHECK("getrs", LAPACKE_sgetrs(CM, 'N', n, nrhs, (const float *)p, n, ip, (float *)q, n)); break;
		case DT_FLOAT64: CHECK("getrs", LAPACKE_dgetrs(CM, 'N', n, nrhs, (const double *)p, n, ip, (double *)q, n)); break;
		case DT_COMPLEX64: CHECK("getrs", LAPACKE_cgetrs(CM, 'N', n, nrhs, (const cfloat *)p, n, ip, (cfloat *)q, n)); break;
		default: CHECK("getrs", LAPACKE_zgetrs(CM, 'N', n, nrhs, (const cdouble *)p, n, ip, (cdouble *)q, n)); break;
		}
	}
	return 0;
}

static int h_potrf(struct eval *ev, int dt, int64_t batch, int n, void *a, int *info)
{
	lapacke_init();
	size_t sz = (size_t)n * n * dt_size(dt);
	FOR_BATCH {
		char *p = (char *)a + bi * sz;
		switch (dt) {
		case DT_FLOAT32: CHECK("potrf", LAPACKE_spotrf(CM, 'L', n, (float *)p, n)); break;
		case DT_FLOAT64: CHECK("potrf", LAPACKE_dpotrf(CM, 'L', n, (double *)p, n)); break;
		case DT_COMPLEX64: CHECK("potrf", LAPACKE_cpotrf(CM, 'L', n, (cfloat *)p, n)); break;
		default: CHECK("potrf", LAPACKE_zpotrf(CM, 'L', n, (cdouble *)p, n)); break;
		}
	}
	return 0;
}

static int h_geqrf(struct eval *ev, int dt, int64_t batch, int m, int n, void *a, void *tau, int *info)
{
	lapacke_init();
	int k = m < n ? m : n;
	size_t sz = (size_t)m * n * dt_size(dt), tz = (size_t)k * dt_size(dt);
	FOR_BATCH {
		char *p = (char *)a + bi * sz, *t = (char *)tau + bi * tz;
		switch (dt) {
		case DT_FLOAT32: CHECK("geqrf", LAPACKE_sgeqrf(CM, m, n, (float *)p, m, (float *)t)); break;
		case DT_FLOAT64: CHECK("geqrf", LAPACKE_dgeqrf(CM, m, n, (double *)p, m, (double *)t)); break;
		case DT_COMPLEX64: CHECK("geqrf", LAPACKE_cgeqrf(CM, m, n, (cfloat *)p, m, (cfloat *)t)); break;
		default: CHECK("geqrf", LAPACKE_zgeqrf(CM, m, n, (cdouble *)p, m, (cdouble *)t)); break;
		}
	}
	return 0;
}

static int h_orgqr(struct eval *ev, int dt, int64_t batch, int m, int ncol, int k, void *a,
		   const void *tau, int *info)
{
	lapacke_init();
	size_t sz = (size_t)m * ncol * dt_size(dt), tz = (size_t)k * dt_size(dt);
	FOR_BATCH {
		char *p = (char *)a + bi * sz;
		const char *t = (const char *)tau + bi * tz;
		switch (dt) {
		case DT_FLOAT32: CHECK("orgqr", LAPACKE_sorgqr(CM, m, ncol, k, (float *)p, m, (const float *)t)); break;
		case DT_FLOAT64: CHECK("orgqr", LAPACKE_dorgqr(CM, m, ncol, k, (double *)p, m, (const double *)t)); break;
		case DT_COMPLEX64: CHECK("ungqr", LAPACKE_cungqr(CM, m, ncol, k, (cfloat *)p, m, (const cfloat *)t)); break;
		default: CHECK("ungqr", LAPACKE_zungqr(CM, m, ncol, k, (cdouble *)p, m, (const cdouble *)t)); break;
		}
	}
	return 0;
}

static int h_gesdd(struct eval *ev, int dt, int64_t batch, int m, int n, void *a, void *s,
		   void *u, void *vt, char job, int *info)
{
	lapacke_init();
	int k = m < n ? m : n, item = dt_size(dt), ritem = dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? 4 : 8;
	int ucol = job == 'A' ? m : k, vrow = job == 'A' ? n : k;
	size_t az = (size_t)m * n * item, sz = (size_t)k * ritem;
	size_t uz = job == 'N' ? 0 : (size_t)m * ucol * item, vz = job == 'N' ? 0 : (size_t)vrow * n * item;
	int ldu = m > 0 ? m : 1, ldvt = vrow > 0 ? vrow : 1;
	char dummy[32];
	FOR_BATCH {
		char *p = (char *)a + bi * az, *ps = (char *)s + bi * sz;
		void *pu = job == 'N' ? (void *)dummy : (char *)u + bi * uz;
		void *pv = job == 'N' ? (void *)dummy : (char *)vt + bi * vz;
		switch (dt) {
		case DT_FLOAT32: CHECK_NAN("gesdd", LAPACKE_sgesdd(CM, job, m, n, (float *)p, m, (float *)ps, pu, ldu, pv, ldvt)); break;
		case DT_FLOAT64: CHECK_NAN("gesdd", LAPACKE_dgesdd(CM, job, m, n, (double *)p, m, (double *)ps, pu, ldu, pv, ldvt)); break;
		case DT_COMPLEX64: CHECK_NAN("gesdd", LAPACKE_cgesdd(CM, job, m, n, (cfloat *)p, m, (float *)ps, pu, ldu, pv, ldvt)); break;
		default: CHECK_NAN("gesdd", LAPACKE_zgesdd(CM, job, m, n, (cdouble *)p, m, (double *)ps, pu, ldu, pv, ldvt)); break;
		}
	}
	return 0;
}

static int h_syevd(struct eval *ev, int dt, int64_t batch, int n, void *a, void *w, char jobz, int *info)
{
	lapacke_init();
	int item = dt_size(dt), ritem = dt == DT_FLOAT32 || dt == DT_COMPLEX64 ? 4 : 8;
	size_t az = (size_t)n * n * item, wz = (size_t)n * ritem;
	FOR_BATCH {
		char *p = (char *)a + bi * az, *pw = (char *)w + bi * wz;
		switch (dt) {
		case DT_FLOAT32: CHECK("syevd", LAPACKE_ssyevd(CM, jobz, 'L', n, (float *)p, n, (float *)pw)); break;
		case DT_FLOAT64: CHECK("syevd", LAPACKE_dsyevd(CM, jobz, 'L', n, (double *)p, n, (double *)pw)); break;
		case DT_COMPLEX64: CHECK("heevd", LAPACKE_cheevd(CM, jobz, 'L', n, (cfloat *)p, n, (float *)pw)); break;
		default: CHECK("heevd", LAPACKE_zheevd(CM, jobz, 'L', n, (cdouble *)p, n, (double *)pw)); break;
		}
	}
	return 0;
}

static int h_geev(struct eval *ev, int dt, int64_t batch, int n, void *a, void *w, void *v, int *info)
{
	lapacke_init();
	int item = dt_size(dt);
	size_t az = (size_t)n * n * item, wz = (size_t)n * (dt_is_complex(dt) ? item : 2 * item);
	char jv = v ? 'V' : 'N';
	char dummy[32];
	FOR_BATCH {
		char *p = (char *)a + bi * az, *pw = (char *)w + bi * wz;
		void *pv = v ? (char *)v + bi * az : (void *)dummy;
		int ldv = v ? (n > 0 ? n : 1) : 1;
		switch (dt) {
		case DT_FLOAT32: CHECK("geev", LAPACKE_sgeev(CM, 'N', jv, n, (float *)p, n, (float *)pw, (float *)pw + n, NULL, 1, pv, ldv)); break;
		case DT_FLOAT64: CHECK("geev", LAPACKE_dgeev(CM, 'N', jv, n, (double *)p, n, (double *)pw, (double *)pw + n, NULL, 1, pv, ldv)); break;
		case DT_COMPLEX64: CHECK("geev", LAPACKE_cgeev(CM, 'N', jv, n, (cfloat *)p, n, (cfloat *)pw, NULL, 1, pv, ldv)); break;
		default: CHECK("geev", LAPACKE_zgeev(CM, 'N', jv, n, (cdouble *)p, n, (cdouble *)pw, NULL, 1, pv, ldv)); break;
		}
	}
	return 0;
}

static int h_gelsd(struct eval *ev, int dt, int m, int n, int nrhs, void *a, void *b, void *s,
		   double rcond, int *rank, int *info)
{
	lapacke_init();
	lapack_int rk = 0, r;
	int ldb = m > n ? m : n;
	if (ldb < 1)
		ldb = 1;
	switch (dt) {
	case DT_FLOAT32: r = LAPACKE_sgelsd(CM, m, n, nrhs, a, m > 0 ? m : 1, b, ldb, s, (float)rcond, &rk); break;
	case DT_FLOAT64: r = LAPACKE_dgelsd(CM, m, n, nrhs, a, m > 0 ? m : 1, b, ldb, s, rcond, &rk); break;
	case DT_COMPLEX64: r = LAPACKE_cgelsd(CM, m, n, nrhs, a, m > 0 ? m : 1, b, ldb, s, (float)rcond, &rk); break;
	default: r = LAPACKE_zgelsd(CM, m, n, nrhs, a, m > 0 ? m : 1, b, ldb, s, rcond, &rk); break;
	}
	if (r == LAPACK_WORK_MEMORY_ERROR || r == LAPACK_TRANSPOSE_MEMORY_ERROR)
		return lapack_fail(ev, "gelsd", r);
	*info = r < 0 ? 1 : r;
	*rank = rk;
	return 0;
}

const struct backend_linalg host_linalg = {
	.double_work = 1,
	.lapack_nonfinite = 1,
	.getrf = h_getrf,
	.getrs = h_getrs,
	.potrf = h_potrf,
	.geqrf = h_geqrf,
	.orgqr = h_orgqr,
	.gesdd = h_gesdd,
	.syevd = h_syevd,
	.geev = h_geev,
	.gelsd = h_gelsd,
};

double linalg_host_ddot(const void *x, int64_t n, int64_t inc)
{
	return cblas_ddot(n, x, inc, x, inc);
}

float linalg_host_sdot(const void *x, int64_t n, int64_t inc)
{
	return cblas_sdot(n, x, inc, x, inc);
}

/*
 * OpenBLAS 0.3.21 (the distribution's) does not recognise recent Xeons whose
 * hypervisor hides some CPUID bits: it falls back to its Prescott (SSE3)
 * kernels, 5x slower than NumPy's OpenBLAS on the H200 host (sgemm 2000^2:
 * 78 ms vs 13.5 ms; with OPENBLAS_CORETYPE=SkylakeX 17 ms).  The core is
 * chosen when the library loads, so the only cure is the environment before
 * exec: called first in main(), this re-executes the program with
 * OPENBLAS_CORETYPE set when the detected core is a pre-AVX2 one on a CPU
 * that has AVX-512 (SkylakeX kernels) or AVX2 (Haswell).  Returns when
 * nothing needs doing, the user set OPENBLAS_CORETYPE, or exec failed.
 */
void linalg_host_tune_blas(char **argv)
{
	static const char *const slow[] = {"Prescott", "Core2", "Penryn", "Dunnington",
					   "Nehalem", "Atom", "Katmai", "Coppermine", "Northwood",
					   "Banias", "Barcelona", "Opteron", NULL};
	const char *core = openblas_get_corename(), *want = NULL;
	int is_slow = 0;
	if (getenv("OPENBLAS_CORETYPE") || getenv("LUMEN_BLAS_TUNED") || !core || !argv || !argv[0])
		return;
	for (int i = 0; slow[i]; i++)
		if (!strcasecmp(core, slow[i]))
			is_slow = 1;
	if (!is_slow)
		return;
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vl"))
		want = "SkylakeX";
	else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		want = "Haswell";
	if (!want)
		return;
	setenv("OPENBLAS_CORETYPE", want, 1);
	setenv("LUMEN_BLAS_TUNED", "1", 1);
	execv("/proc/self/exe", argv);
	/* exec failed: carry on with the slow kernels */
}

/* x . y of n host values (strides in elements) by BLAS dot, as NumPy's
 * np.dot of two vectors; out receives one value of dt. */
void linalg_host_dot(int dt, int64_t n, const void *x, int64_t incx, const void *y, int64_t incy,
		     void *out)
{
	switch (dt) {
	case DT_FLOAT32: *(float *)out = cblas_sdot(n, x, incx, y, incy); break;
	case DT_FLOAT64: *(double *)out = cblas_ddot(n, x, incx, y, incy); break;
	case DT_COMPLEX64: cblas_cdotu_sub(n, x, incx, y, incy, out); break;
	case DT_COMPLEX128: cblas_zdotu_sub(n, x, incx, y, incy, out); break;
	}
}

/* conj(x) . y (np.vdot): cdotc / zdotc for complex, dot otherwise */
void linalg_host_dotc(int dt, int64_t n, const void *x, int64_t incx, const void *y, int64_t incy,
		      void *out)
{
	if (dt == DT_COMPLEX64)
		cblas_cdotc_sub(n, x, incx, y, incy, out);
	else if (dt == DT_COMPLEX128)
		cblas_zdotc_sub(n, x, incx, y, incy, out);
	else
		linalg_host_dot(dt, n, x, incx, y, incy, out);
}
