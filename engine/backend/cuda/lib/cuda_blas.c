/*
 * cuda_blas.c — cuBLAS behind the backend's matmul entry (FP32 math unless
 * CUPY_TF32=1; strided-batched gemm when the batch strides allow; integer
 * dtypes by a small kernel of our own, kernels/int_matmul.cuh).
 *
 * Owns the cuBLAS handles (one per device, created on the device's first
 * use, device 0's or the rank's by the warmup thread) and
 * the lock every library handle is made under.  Never lays out matrices:
 * the front ends did.
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
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <cublas_v2.h>

/* the library handles are made once, under this lock (cuda_int.h) */
pthread_mutex_t cuda_lib_mu = PTHREAD_MUTEX_INITIALIZER;
static cublasHandle_t blas_of[CUDA_MAXDEV];
static int tf32_on;

/* device d's handle, made on the calling thread, whose device d is */
static cublasHandle_t blas_handle_of(struct eval *ev, const struct cuda_device *d)
{
	cublasHandle_t *blas = &blas_of[d - cuda_devs];
	pthread_mutex_lock(&cuda_lib_mu);
	if (!*blas) {
		cublasStatus_t s = cublasCreate(blas);
		if (s != CUBLAS_STATUS_SUCCESS) {
			*blas = NULL;
			pthread_mutex_unlock(&cuda_lib_mu);
			if (ev)
				err_set(ev, TY_CUDARuntimeError, "CUBLAS_STATUS_%d: cublasCreate failed", (int)s);
			return NULL;
		}
		cuda_meminfo_forget();
		const char *t = getenv("CUPY_TF32");
		tf32_on = t && !strcmp(t, "1");
		cublasSetMathMode(*blas, tf32_on ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH);
	}
	pthread_mutex_unlock(&cuda_lib_mu);
	return *blas;
}

cublasHandle_t cuda_blas_handle(struct eval *ev)
{
	cublasHandle_t blas = blas_handle_of(ev, cuda_cur);
	if (blas)
		cublasSetStream(blas, cuda_cur->stream);
	return blas;
}

void cuda_lib_warm(int dev)
{
	blas_handle_of(NULL, &cuda_devs[dev]);
}

int cuda_blas_fail(struct eval *ev, int status, const char *what)
{
	cublasStatus_t s = (cublasStatus_t)status;
	if (s == CUBLAS_STATUS_SUCCESS)
		return 0;
	if (cuda_check_async(ev) < 0)
		return -1;
	if (s == CUBLAS_STATUS_ALLOC_FAILED)
		return err_set(ev, TY_OutOfMemoryError, "Out of memory in %s (allocated so far: %zu bytes).",
			       what, pool_used_bytes()), -1;
	return err_set(ev, TY_CUDARuntimeError, "%s: %s", cublasGetStatusName(s), cublasGetStatusString(s)), -1;
}

/* ---- matmul ---- */

/* A matrix rows×cols with element strides s0, s1: 'R' (row-major: the
 * column-major view is its transpose) or 'C' (column-major), and its ld;
 * 0 when neither (needs a copy). */
static char classify(int64_t rows, int64_t cols, int64_t s0, int64_t s1, int64_t *ld)
{
	int64_t mc = cols > 1 ? cols : 1, mr = rows > 1 ? rows : 1;
	if ((cols == 1 || s1 == 1) && (rows == 1 || s0 >= mc)) {
		*ld = rows == 1 ? mc : s0;
		return 'R';
	}
	if ((rows == 1 || s0 == 1) && (cols == 1 || s1 >= mr)) {
		*ld = cols == 1 ? mr : s1;
		return 'C';
	}
	return 0;
}

/* One stride for all batch items of a (batch dims of out), or -1. */
static int64_t batch_stride(const struct ndarray *a, int nb, const int64_t *bshape)
{
	int64_t s = -1;
	int item = dt_size(a->dtype);
	for (int d = nb - 1; d >= 0; d--) {
		if (bshape[d] == 1)
			continue;
		int64_t sd = a->strides[d] / item;
		if (a->strides[d] % item)
			return -1;
		if (s < 0) {
			s = sd;
			/* the next (outer) axis must continue at s * bshape[d] */
		} else {
			return -2; /* several batch axes: handled by the caller's loop */
		}
	}
	return s < 0 ? 0 : s;
}

/* kernels/int_matmul.cuh, embedded by kernels/embed.sh */
static const char int_mm_src[] =
#include "kernels/int_matmul.inc"
	;

static int int_matmul(struct eval *ev, const struct ndarray *a, const struct ndarray *b, struct ndarray *out)
{
	char src[1400], tdef[128];
	const char *T = dtype_table[out->dtype].ctype;
	int nd = out->ndim;
	int64_t m = out->shape[nd - 2], n = out->shape[nd - 1], k = a->shape[nd - 1];
	int64_t batch = m && n ? nd_size(out) / (m * n) : 0;
	void *fn;
	if (out->dtype == DT_BOOL)
		T = "unsigned char";
	snprintf(tdef, sizeof tdef, "#define LM_T %s\n#define LM_ACC %s\n", T,
		 out->dtype == DT_BOOL ? "int" : dt_is_int(out->dtype) ? T : "double");
	snprintf(src, sizeof src, "%s%s", tdef, int_mm_src);
	if (dt_is_complex(out->dtype) || out->dtype == DT_FLOAT16)
		return err_set(ev, TY_NotImplementedError, "matmul on the GPU for dtype %s",
			       dtype_table[out->dtype].name), -1;
	if (!(fn = jit_get(ev, src, "lm_mm", 0, NULL)))
		return -1;
	for (int64_t bi = 0; bi < batch; bi++) {
		int64_t ra = 0, rb = 0, rc = bi * m * n * dt_size(out->dtype), rem = bi;
		for (int d = nd - 3; d >= 0; d--) {
			int64_t c = rem % out->shape[d];
			rem /= out->shape[d];
			ra += c * a->strides[d];
			rb += c * b->strides[d];
		}
		char *pa = nd_data(a) + ra, *pb = nd_data(b) + rb, *pc = nd_data(out) + rc;
		long long lm = m, ln = n, lk = k, sa0 = a->strides[nd - 2], sa1 = a->strides[nd - 1],
			sb0 = b->strides[nd - 2], sb1 = b->strides[nd - 1];
		void *args[] = {&pc, &pa, &pb, &lm, &ln, &lk, &sa0, &sa1, &sb0, &sb1};
		unsigned grid[3] = {cuew_grid(m * n, 1), 1, 1}, block[3] = {256, 1, 1};
		if (jit_launch(ev, fn, grid, block, 0, args) < 0)
			return -1;
	}
	return 0;
}

static cudaDataType dtype_cuda(int dt)
{
	switch (dt) {
	case DT_FLOAT16: return CUDA_R_16F;
	case DT_FLOAT32: return CUDA_R_32F;
	case DT_FLOAT64: return CUDA_R_64F;
	case DT_COMPLEX64: return CUDA_C_32F;
	default: return CUDA_C_64F;
	}
}

int cuda_matmul(struct eval *ev, const struct ndarray *a, const struct ndarray *b, struct ndarray *out)
{
	int nd = out->ndim, dt = out->dtype, item = dt_size(dt), r = -1;
	int64_t m = out->shape[nd - 2], n = out->shape[nd - 1], k = a->shape[a->ndim - 1];
	int64_t batch = 1, lda, ldb, sa, sb;
	struct ndarray *ta = NULL, *tb = NULL, *tc = NULL;
	const struct ndarray *A = a, *B = b;
	struct ndarray *C = out;
	char ca, cb;
	cublasHandle_t h;
	cublasStatus_t s = CUBLAS_STATUS_SUCCESS;
	double one[2] = {1, 0}, zero[2] = {0, 0};
	float onef[2] = {1, 0}, zerof[2] = {0, 0};
	const void *alpha, *beta;
	cublasComputeType_t ctype;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (nd < 2 || a->ndim != nd || b->ndim != nd)
		return err_set(ev, TY_ValueError, "matmul: operands must be broadcast to the same ndim"), -1;
	for (int d = 0; d < nd - 2; d++)
		batch *= out->shape[d];
	if (nd_size(out) == 0)
		return 0;
	if (a->dtype != dt || b->dtype != dt) {
		if (a->dtype != dt && !(A = ta = arr_astype(ev, a, dt)))
			goto out;
		if (b->dtype != dt && !(B = tb = arr_astype(ev, b, dt)))
			goto out;
	}
	if (k == 0) {
		struct npscalar z = {dt, {0}};
		r = backend_cuda(ev)->fill(ev, out, &z);
		goto out;
	}
	if (!dt_is_inexact(dt)) {
		r = int_matmul(ev, A, B, out);
		goto out;
	}
	if (!nd_is_c_contiguous(out)) {
		if (!(C = tc = nd_new(ev, nd_backend(out), dt, nd, out->shape)))
			goto out;
	}
	if (!(h = cuda_blas_handle(ev)))
		goto out;
	ca = (A->strides[nd - 2] % item || A->strides[nd - 1] % item) ? 0
		: classify(m, k, A->strides[nd - 2] / item, A->strides[nd - 1] / item, &lda);
	cb = (B->strides[nd - 2] % item || B->strides[nd - 1] % item) ? 0
		: classify(k, n, B->strides[nd - 2] / item, B->strides[nd - 1] / item, &ldb);
	if (!ca) {
		struct ndarray *c = nd_new(ev, nd_backend(a), dt, nd, A->shape);
		if (!c || backend_cuda(ev)->copy(ev, c, A) < 0) {
			nd_decref(c);
			goto out;
		}
		nd_decref(ta);
		A = ta = c;
		ca = classify(m, k, A->strides[nd - 2] / item, A->strides[nd - 1] / item, &lda);
	}
	if (!cb) {
		struct ndarray *c = nd_new(ev, nd_backend(b), dt, nd, B->shape);
		if (!c || backend_cuda(ev)->copy(ev, c, B) < 0) {
			nd_decref(c);
			goto out;
		}
		nd_decref(tb);
		B = tb = c;
		cb = classify(k, n, B->strides[nd - 2] / item, B->strides[nd - 1] / item, &ldb);
	}
	if (dt == DT_FLOAT64 || dt == DT_COMPLEX128) {
		alpha = one;
		beta = zero;
		ctype = CUBLAS_COMPUTE_64F;
	} else {
		alpha = onef;
		beta = zerof;
		ctype = (dt == DT_FLOAT32 || dt == DT_COMPLEX64) && tf32_on ? CUBLAS_COMPUTE_32F_FAST_TF32
			: CUBLAS_COMPUTE_32F;
	}
	{
		/* C^T = B^T A^T in column-major terms */
		cublasOperation_t opB = cb == 'R' ? CUBLAS_OP_N : CUBLAS_OP_T;
		cublasOperation_t opA = ca == 'R' ? CUBLAS_OP_N : CUBLAS_OP_T;
		cudaDataType cdt = dtype_cuda(dt);
		sa = batch > 1 ? batch_stride(A, nd - 2, out->shape) : 0;
		sb = batch > 1 ? batch_stride(B, nd - 2, out->shape) : 0;
		if (batch == 1) {
			if (dt == DT_FLOAT32 && !tf32_on)
				s = cublasSgemm(h, opB, opA, n, m, k, onef, (const float *)nd_data(B), ldb, (const float *)nd_data(A), lda,
						zerof, (float *)nd_data(C), n);
			else if (dt == DT_FLOAT64)
				s = cublasDgemm(h, opB, opA, n, m, k, one, (const double *)nd_data(B), ldb, (const double *)nd_data(A), lda,
						zero, (double *)nd_data(C), n);
			else
				s = cublasGemmEx(h, opB, opA, n, m, k, alpha, nd_data(B), cdt, ldb, nd_data(A), cdt,
						 lda, beta, nd_data(C), cdt, n, ctype, CUBLAS_GEMM_DEFAULT);
		} else if (sa >= 0 && sb >= 0) {
			s = cublasGemmStridedBatchedEx(h, opB, opA, n, m, k, alpha, nd_data(B), cdt, ldb, sb,
						       nd_data(A), cdt, lda, sa, beta, nd_data(C), cdt, n, m * n,
						       batch, ctype, CUBLAS_GEMM_DEFAULT);
		} else {
			for (int64_t bi = 0; bi < batch && s == CUBLAS_STATUS_SUCCESS; bi++) {
				int64_t oa = 0, ob = 0, rem = bi;
				for (int d = nd - 3; d >= 0; d--) {
					int64_t c = rem % out->shape[d];
					rem /= out->shape[d];
					oa += c * A->strides[d];
					ob += c * B->strides[d];
				}
				s = cublasGemmEx(h, opB, opA, n, m, k, alpha, nd_data(B) + ob, cdt, ldb,
						 nd_data(A) + oa, cdt, lda, beta, nd_data(C) + bi * m * n * item,
						 cdt, n, ctype, CUBLAS_GEMM_DEFAULT);
			}
		}
	}
	if (cuda_blas_fail(ev, s, "matmul") < 0)
		goto out;
	r = 0;
	if (C != out)
		r = backend_cuda(ev)->copy(ev, out, C);
out:
	nd_decref(ta);
	nd_decref(tb);
	nd_decref(tc);
	return r;
}

#endif /* HAVE_CUDA */
