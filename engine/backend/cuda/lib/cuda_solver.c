/*
 * cuda_solver.c — cuSOLVER behind struct backend_linalg (getrf/getrs --
 * cuBLAS's batched LU for stacks of small matrices --, potrf, geqrf/orgqr,
 * SVD by gesvd -- gesvdp, gesvdj or Xgesvd when LUMEN_SVD names them;
 * float32 SVD through the float64 Gram matrix, kernels/gram.cuh -- and
 * syevd, geev by Xgeev), and the small kernels of kernels/linalg.cuh
 * (triangles, slogdet, geev's complex form).
 * A batch's infos come back in one copy at the end of the call.
 *
 * Owns the cuSOLVER handles (one per device).  Never lays out matrices: the front ends did;
 * NumPy's checks and LinAlgError are numerics/linalg.c's.
 */
#include "config.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "numerics/linalg.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <cublas_v2.h>
#include <cusolverDn.h>

static cusolverDnHandle_t solver_of[CUDA_MAXDEV];   /* one per device, made on first use */

/* ---- cuSOLVER ---- */

static cusolverDnHandle_t get_solver(struct eval *ev)
{
#define solver (solver_of[cuda_cur->id])
	pthread_mutex_lock(&cuda_lib_mu);
	if (!solver && cusolverDnCreate(&solver) != CUSOLVER_STATUS_SUCCESS) {
		solver = NULL;
		pthread_mutex_unlock(&cuda_lib_mu);
		err_set(ev, TY_CUDARuntimeError, "cusolverDnCreate failed");
		return NULL;
	}
	if (solver)
		cuda_meminfo_forget();
	pthread_mutex_unlock(&cuda_lib_mu);
	cusolverDnSetStream(solver, cuda_cur->stream);
	return solver;
#undef solver
}

static int sol_fail(struct eval *ev, cusolverStatus_t s, const char *what)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	return err_set(ev, TY_CUDARuntimeError, "CUSOLVER_STATUS_%d in %s", (int)s, what), -1;
}

/* workspace + device info (one int per matrix of the batch), per call */
struct sws { void *work; size_t wbytes; int *dinfo; size_t ibytes; };

static int sws_get(struct eval *ev, struct sws *w, size_t bytes, int64_t batch)
{
	w->wbytes = bytes + 64;
	w->ibytes = (size_t)(batch > 0 ? batch : 1) * sizeof(int) + 64;
	if (!(w->work = pool_alloc(ev, w->wbytes)))
		return -1;
	if (!(w->dinfo = pool_alloc(ev, w->ibytes))) {
		pool_free(w->work, w->wbytes);
		return -1;
	}
	return 0;
}
static void sws_put(struct sws *w)
{
	pool_free(w->work, w->wbytes);
	pool_free(w->dinfo, w->ibytes);
}
/* the batch's infos to the host: one copy and one wait for the whole call */
static int info_back(struct eval *ev, struct sws *w, int *info, int64_t batch)
{
	xfer_note_d2h(ev, (size_t)batch * sizeof(int));
	if (CUDA_CHECK(ev, cudaMemcpyAsync(info, w->dinfo, (size_t)batch * sizeof(int), cudaMemcpyDeviceToHost,
					   cuda_cur->stream)) < 0)
		return -1;
	return CUDA_CHECK(ev, cudaStreamSynchronize(cuda_cur->stream));
}

/* ---- kernels/linalg.cuh (embedded by kernels/embed.sh) ---- */
static const char linalg_src[] =
#include "kernels/linalg.inc"
	;

/* the source, for tests that compile it */
const char *cuda_linalg_kernel_source(void)
{
	return linalg_src;
}

static int la_launch(struct eval *ev, const char *name, unsigned grid, unsigned block, void **args)
{
	void *fn = jit_get(ev, linalg_src, name, 0, NULL);
	unsigned g[3] = {grid ? grid : 1, 1, 1}, b[3] = {block, 1, 1};
	return fn ? jit_launch(ev, fn, g, b, 0, args) : -1;
}

/* name + _f/_d/_c/_z for dt */
static const char *la_name(char *buf, size_t n, const char *base, int dt)
{
	snprintf(buf, n, "%s_%c", base, dt == DT_FLOAT32 ? 'f' : dt == DT_FLOAT64 ? 'd' : dt == DT_COMPLEX64 ? 'c' : 'z');
	return buf;
}

/* A device array of `batch` pointers base + i * stride, for cuBLAS's
 * batched calls; *bytes is what to give back to pool_free. */
static void **la_ptrs(struct eval *ev, void *base, int64_t stride, int64_t batch, size_t *bytes)
{
	void **p;
	*bytes = (size_t)batch * sizeof(void *) + 64;
	if (!(p = pool_alloc(ev, *bytes)))
		return NULL;
	long long st = stride, nb = batch;
	void *args[] = {&base, &st, &nb, &p};
	if (la_launch(ev, "la_ptrs", cuew_grid(batch, 1), 256, args) < 0) {
		pool_free(p, *bytes);
		return NULL;
	}
	return p;
}

/* cuBLAS's batched LU (getrfBatched/getrsBatched: one launch for the whole
 * batch) up to this order; larger matrices go one by one through cuSOLVER */
#define LA_BATCHED_MAX 32

#define SEL(dt, S, D, C, Z) ((dt) == DT_FLOAT32 ? (S) : (dt) == DT_FLOAT64 ? (D) : (dt) == DT_COMPLEX64 ? (C) : (Z))

static int sl_getrf_batched(struct eval *ev, int dt, int64_t batch, int n, void *a, int32_t *ipiv, int *info)
{
	cublasHandle_t cb = cuda_blas_handle(ev);
	size_t pb = 0;
	void **pa;
	struct sws w;
	cublasStatus_t s;
	int rc;
	if (!cb || sws_get(ev, &w, 0, batch) < 0)
		return -1;
	if (!(pa = la_ptrs(ev, a, (int64_t)n * n * dt_size(dt), batch, &pb))) {
		sws_put(&w);
		return -1;
	}
	s = SEL(dt, cublasSgetrfBatched(cb, n, (float *const *)pa, n, ipiv, w.dinfo, (int)batch),
		cublasDgetrfBatched(cb, n, (double *const *)pa, n, ipiv, w.dinfo, (int)batch),
		cublasCgetrfBatched(cb, n, (cuComplex *const *)pa, n, ipiv, w.dinfo, (int)batch),
		cublasZgetrfBatched(cb, n, (cuDoubleComplex *const *)pa, n, ipiv, w.dinfo, (int)batch));
	rc = s != CUBLAS_STATUS_SUCCESS ? cuda_blas_fail(ev, s, "getrfBatched") : info_back(ev, &w, info, batch);
	pool_free(pa, pb);
	sws_put(&w);
	return rc;
}

static int sl_getrf(struct eval *ev, int dt, int64_t batch, int n, void *a, int32_t *ipiv, int *info)
{
	cusolverDnHandle_t h;
	int lw = 0, item = dt_size(dt);
	cusolverStatus_t s;
	struct sws w;
	if (batch > 1 && n <= LA_BATCHED_MAX && batch <= 0x7fffffff)
		return sl_getrf_batched(ev, dt, batch, n, a, ipiv, info);
	if (!(h = get_solver(ev)))
		return -1;
	s = SEL(dt, cusolverDnSgetrf_bufferSize(h, n, n, a, n, &lw), cusolverDnDgetrf_bufferSize(h, n, n, a, n, &lw),
		cusolverDnCgetrf_bufferSize(h, n, n, a, n, &lw), cusolverDnZgetrf_bufferSize(h, n, n, a, n, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "getrf_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item;
		int32_t *pb = ipiv + b * n;
		int *ib = w.dinfo + b;
		s = SEL(dt, cusolverDnSgetrf(h, n, n, (float *)ab, n, w.work, pb, ib),
			cusolverDnDgetrf(h, n, n, (double *)ab, n, w.work, pb, ib),
			cusolverDnCgetrf(h, n, n, (cuComplex *)ab, n, w.work, pb, ib),
			cusolverDnZgetrf(h, n, n, (cuDoubleComplex *)ab, n, w.work, pb, ib));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "getrf");
		}
	}
	if (info_back(ev, &w, info, batch) < 0) {
		sws_put(&w);
		return -1;
	}
	sws_put(&w);
	return 0;
}

static int sl_getrs_batched(struct eval *ev, int dt, int64_t batch, int n, int nrhs, const void *a,
			    const int32_t *ipiv, void *bm, int *info)
{
	cublasHandle_t cb = cuda_blas_handle(ev);
	size_t pab = 0, pbb = 0;
	void **pa, **pb = NULL;
	cublasStatus_t s;
	int hinfo = 0, rc;
	if (!cb)
		return -1;
	if (!(pa = la_ptrs(ev, (void *)a, (int64_t)n * n * dt_size(dt), batch, &pab)))
		return -1;
	if (!(pb = la_ptrs(ev, bm, (int64_t)n * nrhs * dt_size(dt), batch, &pbb))) {
		pool_free(pa, pab);
		return -1;
	}
	s = SEL(dt, cublasSgetrsBatched(cb, CUBLAS_OP_N, n, nrhs, (const float *const *)pa, n, ipiv,
					(float *const *)pb, n, &hinfo, (int)batch),
		cublasDgetrsBatched(cb, CUBLAS_OP_N, n, nrhs, (const double *const *)pa, n, ipiv,
				    (double *const *)pb, n, &hinfo, (int)batch),
		cublasCgetrsBatched(cb, CUBLAS_OP_N, n, nrhs, (const cuComplex *const *)pa, n, ipiv,
				    (cuComplex *const *)pb, n, &hinfo, (int)batch),
		cublasZgetrsBatched(cb, CUBLAS_OP_N, n, nrhs, (const cuDoubleComplex *const *)pa, n, ipiv,
				    (cuDoubleComplex *const *)pb, n, &hinfo, (int)batch));
	rc = cuda_blas_fail(ev, s, "getrsBatched");
	if (rc == 0 && hinfo != 0) {
		err_set(ev, TY_CUDARuntimeError, "getrsBatched: argument %d is invalid", -hinfo);
		rc = -1;
	}
	for (int64_t b = 0; rc == 0 && b < batch; b++)
		info[b] = 0;
	pool_free(pa, pab);
	pool_free(pb, pbb);
	return rc;
}

static int sl_getrs(struct eval *ev, int dt, int64_t batch, int n, int nrhs, const void *a,
		    const int32_t *ipiv, void *bm, int *info)
{
	cusolverDnHandle_t h;
	int item = dt_size(dt);
	cusolverStatus_t s;
	struct sws w;
	if (batch > 1 && n <= LA_BATCHED_MAX && batch <= 0x7fffffff)
		return sl_getrs_batched(ev, dt, batch, n, nrhs, a, ipiv, bm, info);
	if (!(h = get_solver(ev)) || sws_get(ev, &w, 0, 1) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		const char *ab = (const char *)a + b * (int64_t)n * n * item;
		char *bb = (char *)bm + b * (int64_t)n * nrhs * item;
		const int32_t *pb = ipiv + b * n;
		s = SEL(dt, cusolverDnSgetrs(h, CUBLAS_OP_N, n, nrhs, (const float *)ab, n, pb, (float *)bb, n, w.dinfo),
			cusolverDnDgetrs(h, CUBLAS_OP_N, n, nrhs, (const double *)ab, n, pb, (double *)bb, n, w.dinfo),
			cusolverDnCgetrs(h, CUBLAS_OP_N, n, nrhs, (const cuComplex *)ab, n, pb, (cuComplex *)bb, n, w.dinfo),
			cusolverDnZgetrs(h, CUBLAS_OP_N, n, nrhs, (const cuDoubleComplex *)ab, n, pb, (cuDoubleComplex *)bb, n, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "getrs");
		}
		info[b] = 0;
	}
	sws_put(&w);
	return 0;
}

static int sl_potrf(struct eval *ev, int dt, int64_t batch, int n, void *a, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt);
	cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
	cusolverStatus_t s;
	struct sws w;
	if (!h)
		return -1;
	s = SEL(dt, cusolverDnSpotrf_bufferSize(h, lo, n, a, n, &lw), cusolverDnDpotrf_bufferSize(h, lo, n, a, n, &lw),
		cusolverDnCpotrf_bufferSize(h, lo, n, a, n, &lw), cusolverDnZpotrf_bufferSize(h, lo, n, a, n, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "potrf_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item;
		int *ib = w.dinfo + b;
		s = SEL(dt, cusolverDnSpotrf(h, lo, n, (float *)ab, n, w.work, lw, ib),
			cusolverDnDpotrf(h, lo, n, (double *)ab, n, w.work, lw, ib),
			cusolverDnCpotrf(h, lo, n, (cuComplex *)ab, n, w.work, lw, ib),
			cusolverDnZpotrf(h, lo, n, (cuDoubleComplex *)ab, n, w.work, lw, ib));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "potrf");
		}
	}
	if (info_back(ev, &w, info, batch) < 0) {
		sws_put(&w);
		return -1;
	}
	sws_put(&w);
	return 0;
}

static int sl_geqrf(struct eval *ev, int dt, int64_t batch, int m, int n, void *a, void *tau, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt), k = m < n ? m : n;
	cusolverStatus_t s;
	struct sws w;
	if (!h)
		return -1;
	s = SEL(dt, cusolverDnSgeqrf_bufferSize(h, m, n, a, m, &lw), cusolverDnDgeqrf_bufferSize(h, m, n, a, m, &lw),
		cusolverDnCgeqrf_bufferSize(h, m, n, a, m, &lw), cusolverDnZgeqrf_bufferSize(h, m, n, a, m, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "geqrf_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)m * n * item, *tb = (char *)tau + b * (int64_t)k * item;
		int *ib = w.dinfo + b;
		s = SEL(dt, cusolverDnSgeqrf(h, m, n, (float *)ab, m, (float *)tb, w.work, lw, ib),
			cusolverDnDgeqrf(h, m, n, (double *)ab, m, (double *)tb, w.work, lw, ib),
			cusolverDnCgeqrf(h, m, n, (cuComplex *)ab, m, (cuComplex *)tb, w.work, lw, ib),
			cusolverDnZgeqrf(h, m, n, (cuDoubleComplex *)ab, m, (cuDoubleComplex *)tb, w.work, lw, ib));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "geqrf");
		}
	}
	/* geqrf's info only reports a bad argument: nothing to wait for */
	for (int64_t b = 0; b < batch; b++)
		info[b] = 0;
	sws_put(&w);
	return 0;
}

static int sl_orgqr(struct eval *ev, int dt, int64_t batch, int m, int ncol, int k, void *a,
		    const void *tau, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt);
	cusolverStatus_t s;
	struct sws w;
	if (!h)
		return -1;
	s = SEL(dt, cusolverDnSorgqr_bufferSize(h, m, ncol, k, a, m, tau, &lw),
		cusolverDnDorgqr_bufferSize(h, m, ncol, k, a, m, tau, &lw),
		cusolverDnCungqr_bufferSize(h, m, ncol, k, a, m, tau, &lw),
		cusolverDnZungqr_bufferSize(h, m, ncol, k, a, m, tau, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "orgqr_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		/* the front end lays batches out with k reflectors each */
		char *ab = (char *)a + b * (int64_t)m * ncol * item;
		const char *tb = (const char *)tau + b * (int64_t)k * item;
		int *ib = w.dinfo + b;
		s = SEL(dt, cusolverDnSorgqr(h, m, ncol, k, (float *)ab, m, (const float *)tb, w.work, lw, ib),
			cusolverDnDorgqr(h, m, ncol, k, (double *)ab, m, (const double *)tb, w.work, lw, ib),
			cusolverDnCungqr(h, m, ncol, k, (cuComplex *)ab, m, (const cuComplex *)tb, w.work, lw, ib),
			cusolverDnZungqr(h, m, ncol, k, (cuDoubleComplex *)ab, m, (const cuDoubleComplex *)tb, w.work, lw, ib));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "orgqr");
		}
	}
	/* orgqr's info only reports a bad argument: nothing to wait for */
	for (int64_t b = 0; b < batch; b++)
		info[b] = 0;
	sws_put(&w);
	return 0;
}

/* Zero a triangle of column-major matrices in place (struct backend_linalg) */
static int sl_trizero(struct eval *ev, int dt, int64_t batch, int m, int n, void *a, int upper, int conj)
{
	char nm[32];
	long long nb = batch;
	int64_t tot = batch * (int64_t)m * n;
	void *args[] = {&a, &nb, &m, &n, &upper, &conj};
	if (tot == 0)
		return 0;
	return la_launch(ev, la_name(nm, sizeof nm, "la_trizero", dt), cuew_grid(tot, 1), 256, args);
}

/* NumPy's slogdet (and det) of getrf's LUs, on the device (struct backend_linalg) */
static int sl_lu_slogdet(struct eval *ev, int dt, int64_t batch, int n, const void *lu, const int32_t *ipiv,
			 void *sign, void *logdet, void *det)
{
	char nm[32];
	long long nb = batch;
	unsigned block = n <= 32 ? 32 : n <= 128 ? 128 : 256;
	unsigned grid = batch < 65535 ? (unsigned)batch : 65535;
	void *args[] = {&lu, &ipiv, &nb, &n, &sign, &logdet, &det};
	if (batch == 0)
		return 0;
	return la_launch(ev, la_name(nm, sizeof nm, "la_slogdet", dt), grid, block, args);
}

/* cuSOLVER's gesvd needs m >= n; a wide matrix is done through its
 * transpose (A^T = U' S V'^T, so U = V', V^T = U'^T), with cuBLAS geam. */
static int geam_t(struct eval *ev, int dt, int rows, int cols, const void *src, void *dst)
{
	/* dst (cols×rows, col-major) = src^T (src rows×cols col-major) */
	cublasHandle_t h = cuda_blas_handle(ev);
	double one[2] = {1, 0}, zero[2] = {0, 0};
	float onef[2] = {1, 0}, zerof[2] = {0, 0};
	cublasStatus_t s;
	if (!h)
		return -1;
	s = SEL(dt, cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, cols, rows, onef, src, rows, zerof, dst, cols, dst, cols),
		cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, cols, rows, one, src, rows, zero, dst, cols, dst, cols),
		cublasCgeam(h, CUBLAS_OP_C, CUBLAS_OP_N, cols, rows, (const cuComplex *)onef, src, rows, (const cuComplex *)zerof, dst, cols, dst, cols),
		cublasZgeam(h, CUBLAS_OP_C, CUBLAS_OP_N, cols, rows, (const cuDoubleComplex *)one, src, rows, (const cuDoubleComplex *)zero, dst, cols, dst, cols));
	return cuda_blas_fail(ev, s, "geam");
}

/* ---- float32 SVD through the float64 Gram matrix ----
 * For a tall float32 A (M >= N): G = A^T A in float64 (syrk), G = V L V^T
 * (syevd), B = A V with V's columns in descending order (gemm), B = Q R
 * (geqrf, orgqr), U = Q sign(diag R), S = |diag R|.  In float64 the Gram
 * matrix loses nothing a float32 answer keeps: its singular values are
 * good to ~1e-8 of the largest (sgesvd's to ~6e-8), and U and V come out
 * orthonormal to float64 precision before the cast.  On the H200
 * (tests/gpu/probe_paths.cu, 2048x2048): 38 ms against sgesvd's 287 ms,
 * with a residual of 2e-13 against sgesvd's 4e-6, and on graded matrices
 * down to 1e-12 singular value errors of 1-2e-8 (sgesvd: 1-5e-7).
 * Values only: syevd without vectors, S = sqrt(max(L, 0)).
 * LUMEN_SVD=gesvd gives cuSOLVER's sgesvd (CuPy's) instead. */
/* kernels/gram.cuh, embedded by kernels/embed.sh */
static const char gram_src[] =
#include "kernels/gram.inc"
	;

/* the source, for tests that compile it */
const char *cuda_svd_gram_source(void)
{
	return gram_src;
}

static int gram_launch(struct eval *ev, const char *name, int64_t n, void **args)
{
	void *fn = jit_get(ev, gram_src, name, 0, NULL);
	unsigned grid[3] = {cuew_grid(n, 1), 1, 1}, block[3] = {256, 1, 1};
	return fn ? jit_launch(ev, fn, grid, block, 0, args) : -1;
}

/* The buffers of one Gram SVD, sized for M x N (ucols columns of U). */
struct gram {
	double *a, *g, *v, *q, *tau, *lam;
	size_t qbytes;
	struct sws w;
	int lw;
};

static void gram_put(struct gram *b, int M, int N)
{
	size_t mn = (size_t)M * N * 8, nn = (size_t)N * N * 8;
	if (b->a) pool_free(b->a, mn);
	if (b->g) pool_free(b->g, nn);
	if (b->v) pool_free(b->v, nn);
	if (b->q) pool_free(b->q, b->qbytes);
	if (b->tau) pool_free(b->tau, (size_t)N * 8 + 64);
	if (b->lam) pool_free(b->lam, (size_t)N * 8 + 64);
	if (b->w.work) sws_put(&b->w);
}

static int gram_get(struct eval *ev, cusolverDnHandle_t h, struct gram *b, int M, int N, int ucols, char job)
{
	int l1 = 0, l2 = 0, l3 = 0;
	cusolverEigMode_t jz = job == 'N' ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
	cusolverStatus_t s;
	memset(b, 0, sizeof *b);
	b->qbytes = (size_t)M * (ucols > N ? ucols : N) * 8;
	s = cusolverDnDsyevd_bufferSize(h, jz, CUBLAS_FILL_MODE_LOWER, N, NULL, N, NULL, &l1);
	if (s == CUSOLVER_STATUS_SUCCESS && job != 'N')
		s = cusolverDnDgeqrf_bufferSize(h, M, N, NULL, M, &l2);
	if (s == CUSOLVER_STATUS_SUCCESS && job != 'N')
		s = cusolverDnDorgqr_bufferSize(h, M, ucols, N, NULL, M, NULL, &l3);
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "svd workspace query");
	b->lw = l1 > l2 ? (l1 > l3 ? l1 : l3) : (l2 > l3 ? l2 : l3);
	if (sws_get(ev, &b->w, (size_t)b->lw * 8, 1) < 0) {
		b->w.work = NULL;
		return -1;
	}
	if (!(b->a = pool_alloc(ev, (size_t)M * N * 8)) || !(b->g = pool_alloc(ev, (size_t)N * N * 8))
	    || !(b->lam = pool_alloc(ev, (size_t)N * 8 + 64)))
		return gram_put(b, M, N), -1;
	if (job != 'N' && (!(b->v = pool_alloc(ev, (size_t)N * N * 8)) || !(b->q = pool_alloc(ev, b->qbytes))
			   || !(b->tau = pool_alloc(ev, (size_t)N * 8 + 64))))
		return gram_put(b, M, N), -1;
	return 0;
}

/* One tall float32 matrix A (M x N, ld M): s (N), and unless job is 'N',
 * tu (M x ucols, ld M) and tv = V^T (N x N, ld N), as gesvd lays them out. */
static int gram_one(struct eval *ev, cusolverDnHandle_t h, struct gram *b, int M, int N, int ucols,
		    const float *A, float *s, float *tu, float *tv, char job, int *info)
{
	cublasHandle_t cb = cuda_blas_handle(ev);
	double one = 1, zero = 0;
	long long mn = (long long)M * N;
	cublasStatus_t bs;
	cusolverStatus_t ss;
	cusolverEigMode_t jz = job == 'N' ? CUSOLVER_EIG_MODE_NOVECTOR : CUSOLVER_EIG_MODE_VECTOR;
	if (!cb)
		return -1;
	{
		void *args[] = {&A, &b->a, &mn};
		if (gram_launch(ev, "sv_widen", mn, args) < 0)
			return -1;
	}
	bs = cublasDsyrk(cb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, N, M, &one, b->a, M, &zero, b->g, N);
	if (bs != CUBLAS_STATUS_SUCCESS)
		return cuda_blas_fail(ev, bs, "syrk");
	ss = cusolverDnDsyevd(h, jz, CUBLAS_FILL_MODE_LOWER, N, b->g, N, b->lam, b->w.work, b->lw, b->w.dinfo);
	if (ss != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, ss, "syevd");
	if (job == 'N') {
		void *args[] = {&b->lam, &N, &s, &b->w.dinfo};
		if (gram_launch(ev, "sv_roots", N, args) < 0)
			return -1;
		return info_back(ev, &b->w, info, 1);
	}
	if (info_back(ev, &b->w, info, 1) < 0 || *info)   /* syevd did not converge */
		return *info ? 0 : -1;
	{
		void *args[] = {&b->g, &b->v, &N};
		if (gram_launch(ev, "sv_reverse", (int64_t)N * N, args) < 0)
			return -1;
	}
	bs = cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, M, N, N, &one, b->a, M, b->v, N, &zero, b->q, M);
	if (bs != CUBLAS_STATUS_SUCCESS)
		return cuda_blas_fail(ev, bs, "gemm");
	ss = cusolverDnDgeqrf(h, M, N, b->q, M, b->tau, b->w.work, b->lw, b->w.dinfo);
	if (ss != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, ss, "geqrf");
	/* R's diagonal is needed after orgqr overwrites q: keep R in b->a
	 * (A in float64 is done with) */
	if (CUDA_CHECK(ev, cudaMemcpyAsync(b->a, b->q, (size_t)mn * 8, cudaMemcpyDeviceToDevice, cuda_cur->stream)) < 0)
		return -1;
	ss = cusolverDnDorgqr(h, M, ucols, N, b->q, M, b->tau, b->w.work, b->lw, b->w.dinfo);
	if (ss != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, ss, "orgqr");
	{
		void *a1[] = {&b->a, &M, &N, &s, &b->w.dinfo};
		void *a2[] = {&b->q, &b->a, &M, &ucols, &N, &tu};
		void *a3[] = {&b->v, &N, &tv};
		if (gram_launch(ev, "sv_values", N, a1) < 0 || gram_launch(ev, "sv_left", (int64_t)M * ucols, a2) < 0
		    || gram_launch(ev, "sv_right", (int64_t)N * N, a3) < 0)
			return -1;
	}
	return info_back(ev, &b->w, info, 1);
}

static int sl_gesdd(struct eval *ev, int dt, int64_t batch, int m, int n, void *a, void *sv,
		    void *u, void *vt, char job, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt), k = m < n ? m : n, wide = m < n;
	int M = wide ? n : m, N = wide ? m : n;   /* the tall problem solved */
	int ucols = job == 'A' ? M : job == 'S' ? N : 0;
	signed char jobu = job == 'N' ? 'N' : job, jobv = job == 'N' ? 'N' : job;
	size_t tall_u = (size_t)M * (ucols ? ucols : 1) * item, tall_v = (size_t)N * N * item;
	void *ta = NULL, *tu = NULL, *tv = NULL, *rw = NULL;
	cusolverStatus_t s;
	struct sws w = {NULL, 0, NULL};
	struct gram gb;
	int rc = -1, rsz = item / (dt_is_complex(dt) ? 2 : 1);
	const char *how = getenv("LUMEN_SVD");
	/* float32 through the float64 Gram matrix (above); everything else,
	 * and float32 with LUMEN_SVD=gesvd, by cuSOLVER's gesvd as CuPy does */
	int by_gram = dt == DT_FLOAT32 && N > 0 && !(how && !strcmp(how, "gesvd"));
	memset(&gb, 0, sizeof gb);
	if (!h)
		return -1;
	if (by_gram) {
		if (gram_get(ev, h, &gb, M, N, ucols, job) < 0)
			return -1;
	} else {
	s = SEL(dt, cusolverDnSgesvd_bufferSize(h, M, N, &lw), cusolverDnDgesvd_bufferSize(h, M, N, &lw),
		cusolverDnCgesvd_bufferSize(h, M, N, &lw), cusolverDnZgesvd_bufferSize(h, M, N, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "gesvd_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	}
	if (wide && !(ta = pool_alloc(ev, (size_t)M * N * item)))
		goto out;
	if (job != 'N' && (!(tu = pool_alloc(ev, tall_u)) || !(tv = pool_alloc(ev, tall_v))))
		goto out;
	if (!(rw = pool_alloc(ev, (size_t)k * rsz + 64)))
		goto out;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)m * n * item, *sb = (char *)sv + b * (int64_t)k * rsz;
		void *A = ab;
		int ldu = M, ldv = N;
		if (wide) {
			if (geam_t(ev, dt, m, n, ab, ta) < 0)
				goto out;
			A = ta;
		}
		if (by_gram) {
			if (gram_one(ev, h, &gb, M, N, ucols, A, (float *)sb, tu, tv, job, &info[b]) < 0)
				goto out;
		} else {
			int *ib = w.dinfo + b;
			s = SEL(dt, cusolverDnSgesvd(h, jobu, jobv, M, N, (float *)A, M, (float *)sb, (float *)tu, ldu, (float *)tv, ldv, w.work, lw, (float *)rw, ib),
				cusolverDnDgesvd(h, jobu, jobv, M, N, (double *)A, M, (double *)sb, (double *)tu, ldu, (double *)tv, ldv, w.work, lw, (double *)rw, ib),
				cusolverDnCgesvd(h, jobu, jobv, M, N, (cuComplex *)A, M, (float *)sb, (cuComplex *)tu, ldu, (cuComplex *)tv, ldv, w.work, lw, (float *)rw, ib),
				cusolverDnZgesvd(h, jobu, jobv, M, N, (cuDoubleComplex *)A, M, (double *)sb, (cuDoubleComplex *)tu, ldu, (cuDoubleComplex *)tv, ldv, w.work, lw, (double *)rw, ib));
			if (s != CUSOLVER_STATUS_SUCCESS) {
				sol_fail(ev, s, "gesvd");
				goto out;
			}
		}
		if (job == 'N')
			continue;
		{
			int uc = job == 'A' ? m : k, vr = job == 'A' ? n : k;
			char *ub = (char *)u + b * (int64_t)m * uc * item, *vb = (char *)vt + b * (int64_t)vr * n * item;
			if (!wide) {
				/* u: m×uc from tu (ld M = m); vt: vr×n from tv (N×N, ld N = n) */
				if (CUDA_CHECK(ev, cudaMemcpy2DAsync(ub, (size_t)m * item, tu, (size_t)M * item, (size_t)m * item, uc,
								     cudaMemcpyDeviceToDevice, cuda_cur->stream)) < 0
				    || CUDA_CHECK(ev, cudaMemcpy2DAsync(vb, (size_t)vr * item, tv, (size_t)N * item, (size_t)vr * item, n,
									cudaMemcpyDeviceToDevice, cuda_cur->stream)) < 0)
					goto out;
			} else {
				/* A^T = U' S V'^T: U = V'^T^T -> u (m×uc) = (V'^T)^T rows 0..uc;
				 * vt (vr×n) = U'^T (U' is n×ucols) */
				if (geam_t(ev, dt, N, N, tv, ta) < 0)   /* ta = V' (m×m) */
					goto out;
				if (CUDA_CHECK(ev, cudaMemcpy2DAsync(ub, (size_t)m * item, ta, (size_t)N * item, (size_t)m * item, uc,
								     cudaMemcpyDeviceToDevice, cuda_cur->stream)) < 0)
					goto out;
				/* vt = first vr rows of U'^T: U' is M×ucols (ld M) */
				if (vr == ucols) {
					if (geam_t(ev, dt, M, ucols, tu, vb) < 0)
						goto out;
				} else {
					if (geam_t(ev, dt, M, vr, tu, vb) < 0)
						goto out;
				}
			}
		}
	}
	/* gesvd's infos, all at once (the Gram path read its own) */
	if (!by_gram && info_back(ev, &w, info, batch) < 0)
		goto out;
	rc = 0;
out:
	if (ta) pool_free(ta, (size_t)M * N * item);
	if (tu) pool_free(tu, tall_u);
	if (tv) pool_free(tv, tall_v);
	if (rw) pool_free(rw, (size_t)k * rsz + 64);
	if (by_gram)
		gram_put(&gb, M, N);
	else if (w.work)
		sws_put(&w);
	return rc;
}

static int sl_syevd(struct eval *ev, int dt, int64_t batch, int n, void *a, void *wv, char jobz, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt), rsz = item / (dt_is_complex(dt) ? 2 : 1);
	cusolverEigMode_t jz = jobz == 'V' ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
	cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER;
	cusolverStatus_t s;
	struct sws w;
	if (!h)
		return -1;
	s = SEL(dt, cusolverDnSsyevd_bufferSize(h, jz, lo, n, a, n, wv, &lw),
		cusolverDnDsyevd_bufferSize(h, jz, lo, n, a, n, wv, &lw),
		cusolverDnCheevd_bufferSize(h, jz, lo, n, a, n, wv, &lw),
		cusolverDnZheevd_bufferSize(h, jz, lo, n, a, n, wv, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "syevd_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item, batch) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item, *wb = (char *)wv + b * (int64_t)n * rsz;
		int *ib = w.dinfo + b;
		s = SEL(dt, cusolverDnSsyevd(h, jz, lo, n, (float *)ab, n, (float *)wb, w.work, lw, ib),
			cusolverDnDsyevd(h, jz, lo, n, (double *)ab, n, (double *)wb, w.work, lw, ib),
			cusolverDnCheevd(h, jz, lo, n, (cuComplex *)ab, n, (float *)wb, w.work, lw, ib),
			cusolverDnZheevd(h, jz, lo, n, (cuDoubleComplex *)ab, n, (double *)wb, w.work, lw, ib));
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sws_put(&w);
			return sol_fail(ev, s, "syevd");
		}
	}
	if (info_back(ev, &w, info, batch) < 0) {
		sws_put(&w);
		return -1;
	}
	sws_put(&w);
	return 0;
}

/* ---- general eigen: cuSOLVER's Xgeev (CUDA 12.6+), CuPy 14's route ---- */
static cusolverDnParams_t geev_params;

static cudaDataType geev_type(int dt)
{
	return dt == DT_FLOAT32 ? CUDA_R_32F : dt == DT_FLOAT64 ? CUDA_R_64F : dt == DT_COMPLEX64 ? CUDA_C_32F : CUDA_C_64F;
}

/* struct backend_linalg's geev: right vectors only, as LAPACK lays them
 * out (a real matrix's eigenvalues as wr then wi: Xgeev's all-real form),
 * one matrix at a time, the batch's infos in one copy */
static int sl_geev(struct eval *ev, int dt, int64_t batch, int n, void *a, void *wv, void *v, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	cudaDataType t = geev_type(dt);
	cusolverEigMode_t jv = v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
	int item = dt_size(dt), cplx = dt_is_complex(dt);
	int64_t wper = cplx ? n : 2 * (int64_t)n, nn = (int64_t)n * n;
	size_t dbytes = 0, hbytes = 0;
	void *hwork = NULL;
	cusolverStatus_t s;
	struct sws w;
	int rc = -1;
	if (!h)
		return -1;
	pthread_mutex_lock(&cuda_lib_mu);
	if (!geev_params && cusolverDnCreateParams(&geev_params) != CUSOLVER_STATUS_SUCCESS)
		geev_params = NULL;
	pthread_mutex_unlock(&cuda_lib_mu);
	if (!geev_params)
		return err_set(ev, TY_CUDARuntimeError, "cusolverDnCreateParams failed"), -1;
	s = cusolverDnXgeev_bufferSize(h, geev_params, CUSOLVER_EIG_MODE_NOVECTOR, jv, n, t, a, n, t, wv, t, NULL, 1,
				       t, v, n, t, &dbytes, &hbytes);
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "geev_bufferSize");
	if (sws_get(ev, &w, dbytes, batch) < 0)
		return -1;
	if (hbytes && !(hwork = malloc(hbytes))) {
		sws_put(&w);
		return err_nomem(ev), -1;
	}
	for (int64_t b = 0; b < batch; b++) {
		/* w: 2n reals (wr, wi) or n complex items per matrix */
		char *ab = (char *)a + b * nn * item, *wb = (char *)wv + b * wper * item;
		char *vb = v ? (char *)v + b * nn * item : NULL;
		s = cusolverDnXgeev(h, geev_params, CUSOLVER_EIG_MODE_NOVECTOR, jv, n, t, ab, n, t, wb, t, NULL, 1, t, vb, n,
				    t, w.work, dbytes, hwork, hbytes, w.dinfo + b);
		if (s != CUSOLVER_STATUS_SUCCESS) {
			sol_fail(ev, s, "geev");
			goto out;
		}
	}
	rc = info_back(ev, &w, info, batch);
out:
	free(hwork);
	sws_put(&w);
	return rc;
}

/* geev's output in complex form on the device (kernels/linalg.cuh) */
static int sl_geev_unpack(struct eval *ev, int dt, int64_t batch, int n, const void *wv, const void *v, void *cw,
			  void *cv)
{
	char nm[40];
	long long nb = batch;
	int64_t tot = batch * n + (v && cv ? batch * (int64_t)n * n : 0);
	const void *vv = cv ? v : NULL;
	void *args[] = {&wv, &vv, &nb, &n, &cw, &cv};
	if (tot == 0)
		return 0;
	return la_launch(ev, la_name(nm, sizeof nm, "la_geev_unpack", dt), cuew_grid(tot, 1), 256, args);
}

/* struct backend_linalg's trsm: the row-major A is A' = A^T column-major
 * (its triangle flipped).  One right-hand side: trsv, op(A') = A (trans 0)
 * or A'.  Several: the row-major B is B' = B^T (nrhs x n column-major) and
 * X' op(A)^T = B', a right-side trsm with op(A)^T = A' (trans 0) or A'^T. */
static int sl_trsm(struct eval *ev, int dt, int n, int nrhs, const void *a, void *b, int lower, int trans, int unit)
{
	cublasHandle_t cb = cuda_blas_handle(ev);
	cublasFillMode_t up = lower ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
	cublasDiagType_t dg = unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
	cublasStatus_t s;
	if (!cb)
		return -1;
	if (n == 0 || nrhs == 0)
		return 0;
	if (dt != DT_FLOAT32 && dt != DT_FLOAT64)
		return err_set(ev, TY_RuntimeError, "trsm: dtype %s", dtype_table[dt].name), -1;
	if (nrhs == 1) {
		cublasOperation_t op = trans ? CUBLAS_OP_N : CUBLAS_OP_T;
		s = dt == DT_FLOAT32 ? cublasStrsv(cb, up, op, dg, n, a, n, b, 1)
			: cublasDtrsv(cb, up, op, dg, n, a, n, b, 1);
		return cuda_blas_fail(ev, s, "trsv");
	}
	{
		cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
		float onef = 1;
		double one = 1;
		s = dt == DT_FLOAT32 ? cublasStrsm(cb, CUBLAS_SIDE_RIGHT, up, op, dg, nrhs, n, &onef, a, n, b, nrhs)
			: cublasDtrsm(cb, CUBLAS_SIDE_RIGHT, up, op, dg, nrhs, n, &one, a, n, b, nrhs);
		return cuda_blas_fail(ev, s, "trsm");
	}
}

static const struct backend_linalg linalg_cuda = {
	.getrf = sl_getrf,
	.getrs = sl_getrs,
	.potrf = sl_potrf,
	.geqrf = sl_geqrf,
	.orgqr = sl_orgqr,
	.gesdd = sl_gesdd,
	.syevd = sl_syevd,
	.trizero = sl_trizero,
	.lu_slogdet = sl_lu_slogdet,
	.geev = sl_geev,
	.geev_unpack = sl_geev_unpack,
	.trsm = sl_trsm,
};

const struct backend_linalg *const cuda_linalg_backend = &linalg_cuda;

#endif /* HAVE_CUDA */
