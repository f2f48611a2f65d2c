/*
 * cuda_lib.c — the CUDA libraries behind the backend's library entries:
 * cuBLAS for matmul (FP32 math unless CUPY_TF32=1; strided-batched gemm when
 * the batch strides allow), cuRAND for cp.random (struct backend_random; the
 * uniform draws are a one-pass Philox kernel of our own), cuFFT with a plan
 * cache whose work areas come from the pool (struct backend_fft) and
 * cuSOLVER for cp.linalg (struct backend_linalg; SVD by gesvd; gesvdp,
 * gesvdj or Xgesvd when LUMEN_SVD names them).
 *
 * Owns the library handles (created once, lazily or by the warmup thread)
 * and the FFT plans.  Never lays out matrices: the front ends did.
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
#include "numerics/fft.h"
#include "numerics/linalg.h"
#include "random/random.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>

static pthread_mutex_t lib_mu = PTHREAD_MUTEX_INITIALIZER;
static cublasHandle_t blas;
static cusolverDnHandle_t solver;
static int tf32_on;

static cublasHandle_t get_blas(struct eval *ev)
{
	pthread_mutex_lock(&lib_mu);
	if (!blas) {
		cublasStatus_t s = cublasCreate(&blas);
		if (s != CUBLAS_STATUS_SUCCESS) {
			blas = NULL;
			pthread_mutex_unlock(&lib_mu);
			if (ev)
				err_set(ev, TY_CUDARuntimeError, "CUBLAS_STATUS_%d: cublasCreate failed", (int)s);
			return NULL;
		}
		cuda_meminfo_forget();
		const char *t = getenv("CUPY_TF32");
		tf32_on = t && !strcmp(t, "1");
		cublasSetMathMode(blas, tf32_on ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH);
	}
	pthread_mutex_unlock(&lib_mu);
	cublasSetStream(blas, cuda_dev.stream);
	return blas;
}

void cuda_lib_warm(void)
{
	get_blas(NULL);
}

static int blas_fail(struct eval *ev, cublasStatus_t s, const char *what)
{
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

	if (cuda_dev.dead)
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
	if (!(h = get_blas(ev)))
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
	if (blas_fail(ev, s, "matmul") < 0)
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

/* ---- cuRAND ---- */

static int rand_fail(struct eval *ev, curandStatus_t s)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	return err_set(ev, TY_CUDARuntimeError, "CURAND_STATUS_%d: cuRAND failed", (int)s), -1;
}

/*
 * A cp.random generator: the key and next counter block of our uniform
 * Philox (uniform_fill), and cuRAND's generator for the other draws.  One is
 * the namespace's (gen NULL in random_backend's entries), one more per
 * cp.random.RandomState (gen_new).  The cuRAND generator is made on the
 * first draw that needs it (normal, bits) with the seed given before, so
 * uniform draws never pay for creating it (about 45 ms on the H200).
 */
struct cu_rng {
	uint64_t uni_seed, uni_ctr;
	int uni_seeded;
	curandGenerator_t rng;
	uint64_t seed_pending;
	int seed_set;
};

static struct cu_rng ns_rng;

static struct cu_rng *rng_of(void *gen)
{
	return gen ? gen : &ns_rng;
}

/* r's cuRAND generator, made on first use (lib_mu) and bound to the stream */
static curandGenerator_t get_rng(struct eval *ev, struct cu_rng *r)
{
	curandGenerator_t g;
	pthread_mutex_lock(&lib_mu);
	if (!r->rng) {
		curandStatus_t s = curandCreateGenerator(&r->rng, CURAND_RNG_PSEUDO_PHILOX4_32_10);
		unsigned long long seed;
		if (s != CURAND_STATUS_SUCCESS) {
			r->rng = NULL;
			pthread_mutex_unlock(&lib_mu);
			rand_fail(ev, s);
			return NULL;
		}
		cuda_meminfo_forget();
		if (r->seed_set) {
			seed = r->seed_pending;
		} else {
			struct timespec t;
			clock_gettime(CLOCK_REALTIME, &t);
			seed = (unsigned long long)t.tv_sec * 1000000007ULL ^ (unsigned long long)t.tv_nsec;
		}
		curandSetPseudoRandomGeneratorSeed(r->rng, seed);
	}
	g = r->rng;
	pthread_mutex_unlock(&lib_mu);
	curandSetStream(g, cuda_dev.stream);
	return g;
}

static int rnd_seed(struct eval *ev, void *gen, uint64_t seed)
{
	struct cu_rng *r = rng_of(gen);
	curandGenerator_t g;
	curandStatus_t s;
	pthread_mutex_lock(&lib_mu);
	r->uni_seed = seed;
	r->uni_ctr = 0;
	r->uni_seeded = 1;
	g = r->rng;
	if (!g) {
		r->seed_pending = seed;   /* get_rng seeds the generator with it */
		r->seed_set = 1;
	}
	pthread_mutex_unlock(&lib_mu);
	if (!g)
		return 0;
	curandSetStream(g, cuda_dev.stream);
	if ((s = curandSetPseudoRandomGeneratorSeed(g, seed)) != CURAND_STATUS_SUCCESS
	    || (s = curandSetGeneratorOffset(g, 0)) != CURAND_STATUS_SUCCESS)
		return rand_fail(ev, s);
	return 0;
}

/* a RandomState's generator: seeded as the namespace's is by seed(seed) */
static void *rnd_gen_new(struct eval *ev, uint64_t seed)
{
	struct cu_rng *r = calloc(1, sizeof *r);
	if (!r)
		return err_nomem(ev);
	r->uni_seed = seed;
	r->uni_seeded = 1;
	r->seed_pending = seed;
	r->seed_set = 1;
	return r;
}

static void rnd_gen_free(void *gen)
{
	struct cu_rng *r = gen;
	if (!r)
		return;
	if (r->rng)
		curandDestroyGenerator(r->rng);
	free(r);
}

/* Uniform [0, 1) without a second pass: our own Philox4x32-10 (the
 * generator cuRAND's PHILOX4_32_10 is) turns counter blocks straight into
 * p0 + (p1 - p0) * u, u in [0, 1) as NumPy forms it (float32: the top 24
 * bits / 2^24; float64: 53 bits of two words / 2^53).  cuRAND's own uniform
 * is (0, 1] and needed a second full pass to fold 1.0 (CuPy's _mod1_kernel).
 * The key is the seed; the counter runs on from the generator's uni_ctr
 * across calls (one counter block per 4 float32 or 2 float64 outputs).  Each round's two
 * products are a mulhi and a mul each: 0.101 ms for 1e8 float32 on the
 * H200 against 0.109 ms with a 32x32->64 multiply (tests/gpu/probe_paths.cu).
 *
 * Counter block b always lands at outputs b*LM_PER.., whatever the launch
 * shape: a thread takes LM_U blocks a sweep, LM_U grid-widths apart (so each
 * of its stores is coalesced with its warp's and the LM_U Philox chains run
 * side by side), and LM_STCS picks streaming stores (__stcs: the output is
 * not read back soon).  Knobs, read once: LUMEN_RAND_GRID blocks of 256 per
 * SM (0: enough blocks for one sweep), LUMEN_RAND_PER outputs per thread a
 * sweep (float32 4, 8, 16; float64 half as many), LUMEN_RAND_STCS=0/1,
 * LUMEN_RAND=curand: cuRAND's generator and a fold pass, as CuPy does. */

/* kernels/uniform.cuh, embedded by kernels/embed.sh */
static const char uni_src[] =
#include "kernels/uniform.inc"
	;

/* the launch knobs, read once */
static struct { int grid_per_sm, unroll, stcs, curand; } uk;
static pthread_once_t uk_once = PTHREAD_ONCE_INIT;

static void uk_read(void)
{
	const char *g = getenv("LUMEN_RAND_GRID"), *p = getenv("LUMEN_RAND_PER");
	const char *st = getenv("LUMEN_RAND_STCS"), *m = getenv("LUMEN_RAND");
	long per = p && *p ? strtol(p, NULL, 10) : 4;
	uk.grid_per_sm = g && *g ? (int)strtol(g, NULL, 10) : 8;
	if (uk.grid_per_sm < 0 || uk.grid_per_sm > 1024)
		uk.grid_per_sm = 8;
	uk.unroll = per >= 16 ? 4 : per >= 8 ? 2 : 1;   /* float32 outputs / 4 */
	uk.stcs = st && *st ? strtol(st, NULL, 10) != 0 : 0;
	uk.curand = m && !strcmp(m, "curand");
}

/* Tests only: read the knobs again (not while another thread draws) */
void cuda_rand_knobs_reread(void)
{
	pthread_once(&uk_once, uk_read);
	uk_read();
}

/* the source of lm_uni (and lm_fold) for float32 or float64, unroll counter
 * blocks a sweep, streaming stores or not */
static const char *uni_source(int dt, int unroll, int stcs, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_T %s\n#define LM_PER %d\n#define LM_U %d\n#define LM_STCS %d\n%s",
		 dt == DT_FLOAT32 ? "float" : "double", dt == DT_FLOAT32 ? 4 : 2, unroll, stcs, uni_src);
	return buf;
}

/* the source with the knobs' defaults, and with given ones (tests compile
 * them) */
const char *cuda_uniform_source(int dt, char *buf, size_t size)
{
	return uni_source(dt, 1, 0, buf, size);
}
const char *cuda_uniform_source_knobs(int dt, int unroll, int stcs, char *buf, size_t size)
{
	return uni_source(dt, unroll, stcs, buf, size);
}

/* LUMEN_RAND=curand: curandGenerateUniform(Double), then lm_fold */
static int uniform_curand(struct eval *ev, struct cu_rng *r, int dt, int64_t n, double p0, double p1,
			  void *out)
{
	char src[4800];
	curandGenerator_t g = get_rng(ev, r);
	curandStatus_t s;
	void *fn;
	long long nn = n;
	double sc = p1;   /* random_backend's UNIFORM: p0 + p1 * u */
	void *args[] = {&out, &nn, &p0, &sc};
	unsigned grid[3] = {cuew_grid(n, 4), 1, 1}, block[3] = {256, 1, 1};
	if (!g)
		return -1;
	s = dt == DT_FLOAT32 ? curandGenerateUniform(g, out, (size_t)n) : curandGenerateUniformDouble(g, out, (size_t)n);
	if (s != CURAND_STATUS_SUCCESS)
		return rand_fail(ev, s);
	if (!(fn = jit_get(ev, uni_source(dt, 1, 0, src, sizeof src), "lm_fold", 0, NULL)))
		return -1;
	return jit_launch(ev, fn, grid, block, 0, args);
}

static int uniform_fill(struct eval *ev, struct cu_rng *r, int dt, int64_t n, double p0, double p1,
			void *out)
{
	char src[4800];
	void *fn;
	long long nn = n;
	int per = dt == DT_FLOAT32 ? 4 : 2;
	unsigned long long seed, ctr, nblocks = (unsigned long long)((n + per - 1) / per);
	double sc = p1;   /* random_backend's UNIFORM: p0 + p1 * u */
	void *args[] = {&out, &nn, &seed, &ctr, &p0, &sc};
	unsigned long long want;
	unsigned grid[3] = {1, 1, 1}, block[3] = {256, 1, 1};

	pthread_once(&uk_once, uk_read);
	if (uk.curand)
		return uniform_curand(ev, r, dt, n, p0, p1, out);
	want = (nblocks + 256ULL * uk.unroll - 1) / (256ULL * uk.unroll);
	if (uk.grid_per_sm && want > (unsigned long long)cuda_dev.sms * uk.grid_per_sm)
		want = (unsigned long long)cuda_dev.sms * uk.grid_per_sm;
	grid[0] = (unsigned)(want < 1 ? 1 : want > 0x7fffffffULL ? 0x7fffffffULL : want);
	pthread_mutex_lock(&lib_mu);
	if (!r->uni_seeded) {
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		r->uni_seed = (uint64_t)t.tv_sec * 1000000007ULL ^ (uint64_t)t.tv_nsec;
		r->uni_seeded = 1;
	}
	seed = r->uni_seed;
	ctr = r->uni_ctr;
	r->uni_ctr += nblocks;
	pthread_mutex_unlock(&lib_mu);
	{
		/* the kernel per (dtype, unroll, streaming stores), looked up once */
		static void *fns[2][5][2];
		void **slot = &fns[dt == DT_FLOAT32][uk.unroll][uk.stcs];
		if (!(fn = *slot) && !(fn = *slot = jit_get(ev, uni_source(dt, uk.unroll, uk.stcs, src, sizeof src),
							    "lm_uni", 0, NULL)))
			return -1;
	}
	return jit_launch(ev, fn, grid, block, 0, args);
}

static int rnd_fill(struct eval *ev, void *gen, enum rand_dist dist, int dt, int64_t n, double p0,
		    double p1, void *out)
{
	struct cu_rng *r = rng_of(gen);
	curandGenerator_t g;
	curandStatus_t s = CURAND_STATUS_SUCCESS;
	if (n <= 0)
		return 0;
	if (dist == RAND_UNIFORM)
		return uniform_fill(ev, r, dt, n, p0, p1, out);   /* no cuRAND */
	if (!(g = get_rng(ev, r)))
		return -1;
	switch (dist) {
	case RAND_UNIFORM:
		break;
	case RAND_NORMAL: {
		/* cuRAND wants an even count */
		int64_t even = n & ~(int64_t)1;
		if (even)
			s = dt == DT_FLOAT32 ? curandGenerateNormal(g, out, even, p0, p1)
				: curandGenerateNormalDouble(g, out, even, p0, p1);
		if (s == CURAND_STATUS_SUCCESS && (n & 1)) {
			int sz = dt_size(dt);
			void *tmp = pool_alloc(ev, 2 * sz);
			if (!tmp)
				return -1;
			s = dt == DT_FLOAT32 ? curandGenerateNormal(g, tmp, 2, p0, p1)
				: curandGenerateNormalDouble(g, tmp, 2, p0, p1);
			if (s == CURAND_STATUS_SUCCESS
			    && CUDA_CHECK(ev, cudaMemcpyAsync((char *)out + even * sz, tmp, sz,
							      cudaMemcpyDeviceToDevice, cuda_dev.stream)) < 0) {
				pool_free(tmp, 2 * sz);
				return -1;
			}
			pool_free(tmp, 2 * sz);
		}
		break;
	}
	case RAND_BITS32:
		s = curandGenerate(g, out, n);
		break;
	case RAND_BITS64:
		s = curandGenerate(g, out, 2 * n);
		break;
	}
	return s == CURAND_STATUS_SUCCESS ? 0 : rand_fail(ev, s);
}

static const struct backend_random random_cuda = {rnd_seed, rnd_fill, rnd_gen_new, rnd_gen_free};

/* ---- cuFFT ---- */

/* A plan per geometry (kind, precision, sizes, batch and distances: what
 * cufftMakePlanMany64 takes); no work area of its own: exec lends it one
 * from the pool for the call (stream-ordered), so cached plans hold no
 * device memory. */
struct fplan {
	int kind, prec, rank;
	int64_t n[3], howmany, idist, odist;
	cufftHandle h;
	size_t work;
};
#define NPLANS 16
static struct fplan plans[NPLANS];
static int nplans, plan_next;

static int fft_fail(struct eval *ev, cufftResult r, const char *what)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	if (r == CUFFT_ALLOC_FAILED)
		return err_set(ev, TY_OutOfMemoryError, "Out of memory in %s (allocated so far: %zu bytes).",
			       what, pool_used_bytes()), -1;
	return err_set(ev, TY_RuntimeError, "cuFFT error %d in %s", (int)r, what), -1;
}

static int fft_exec(struct eval *ev, enum fft_kind kind, int prec, int rank, const int64_t *n,
		    int64_t howmany, void *in, int64_t idist, void *out, int64_t odist, int sign)
{
	struct fplan *p = NULL;
	cufftResult r;
	void *work = NULL;
	if (cuda_dev.dead)
		return cuda_check_async(ev);
	for (int i = 0; i < nplans; i++) {
		struct fplan *q = &plans[i];
		if (q->kind == (int)kind && q->prec == prec && q->rank == rank && q->howmany == howmany
		    && q->idist == idist && q->odist == odist && !memcmp(q->n, n, rank * sizeof(int64_t))) {
			p = q;
			break;
		}
	}
	if (!p) {
		long long nn[3], ine[3], one[3];
		cufftType t = kind == FFT_C2C ? (prec ? CUFFT_Z2Z : CUFFT_C2C)
			: kind == FFT_R2C ? (prec ? CUFFT_D2Z : CUFFT_R2C) : (prec ? CUFFT_Z2D : CUFFT_C2R);
		cufftHandle h;
		size_t wsize = 0;
		for (int i = 0; i < rank; i++)
			nn[i] = ine[i] = one[i] = n[i];
		if (kind == FFT_R2C)
			one[rank - 1] = n[rank - 1] / 2 + 1;
		if (kind == FFT_C2R)
			ine[rank - 1] = n[rank - 1] / 2 + 1;
		if ((r = cufftCreate(&h)) != CUFFT_SUCCESS)
			return fft_fail(ev, r, "cufftCreate");
		r = cufftSetAutoAllocation(h, 0);
		if (r == CUFFT_SUCCESS)
			r = cufftMakePlanMany64(h, rank, nn, ine, 1, idist, one, 1, odist, t, howmany, &wsize);
		if (r == CUFFT_ALLOC_FAILED) {
			pool_free_all_blocks();
			r = cufftMakePlanMany64(h, rank, nn, ine, 1, idist, one, 1, odist, t, howmany, &wsize);
		}
		cuda_meminfo_forget();
		if (r != CUFFT_SUCCESS) {
			cufftDestroy(h);
			return fft_fail(ev, r, "cufftMakePlanMany64");
		}
		if (nplans < NPLANS) {
			p = &plans[nplans++];
		} else {
			p = &plans[plan_next];
			plan_next = (plan_next + 1) % NPLANS;
			cufftDestroy(p->h);
		}
		p->kind = kind;
		p->prec = prec;
		p->rank = rank;
		memset(p->n, 0, sizeof p->n);
		memcpy(p->n, n, rank * sizeof(int64_t));
		p->howmany = howmany;
		p->idist = idist;
		p->odist = odist;
		p->h = h;
		p->work = wsize;
	}
	if (p->work) {
		if (!(work = pool_alloc(ev, p->work)))
			return -1;
		if ((r = cufftSetWorkArea(p->h, work)) != CUFFT_SUCCESS) {
			pool_free(work, p->work);
			return fft_fail(ev, r, "cufftSetWorkArea");
		}
	}
	cufftSetStream(p->h, cuda_dev.stream);
	switch (kind) {
	case FFT_C2C:
		r = prec ? cufftExecZ2Z(p->h, in, out, sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE)
			: cufftExecC2C(p->h, in, out, sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE);
		break;
	case FFT_R2C:
		r = prec ? cufftExecD2Z(p->h, in, out) : cufftExecR2C(p->h, in, out);
		break;
	default:
		r = prec ? cufftExecZ2D(p->h, in, out) : cufftExecC2R(p->h, in, out);
		break;
	}
	if (work)
		pool_free(work, p->work);   /* stream-ordered: the exec still owns it */
	return r == CUFFT_SUCCESS ? 0 : fft_fail(ev, r, "cufftExec");
}

static const struct backend_fft fft_cuda = {.exec = fft_exec};

/* ---- cuSOLVER ---- */

static cusolverDnHandle_t get_solver(struct eval *ev)
{
	pthread_mutex_lock(&lib_mu);
	if (!solver && cusolverDnCreate(&solver) != CUSOLVER_STATUS_SUCCESS) {
		solver = NULL;
		pthread_mutex_unlock(&lib_mu);
		err_set(ev, TY_CUDARuntimeError, "cusolverDnCreate failed");
		return NULL;
	}
	if (solver)
		cuda_meminfo_forget();
	pthread_mutex_unlock(&lib_mu);
	cusolverDnSetStream(solver, cuda_dev.stream);
	return solver;
}

static int sol_fail(struct eval *ev, cusolverStatus_t s, const char *what)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	return err_set(ev, TY_CUDARuntimeError, "CUSOLVER_STATUS_%d in %s", (int)s, what), -1;
}

/* workspace + device info, per call */
struct sws { void *work; size_t wbytes; int *dinfo; };

static int sws_get(struct eval *ev, struct sws *w, size_t bytes)
{
	w->wbytes = bytes + 64;
	if (!(w->work = pool_alloc(ev, w->wbytes)))
		return -1;
	if (!(w->dinfo = pool_alloc(ev, 64))) {
		pool_free(w->work, w->wbytes);
		return -1;
	}
	return 0;
}
static void sws_put(struct sws *w)
{
	pool_free(w->work, w->wbytes);
	pool_free(w->dinfo, 64);
}
static int info_back(struct eval *ev, struct sws *w, int *info)
{
	if (CUDA_CHECK(ev, cudaMemcpyAsync(info, w->dinfo, sizeof(int), cudaMemcpyDeviceToHost, cuda_dev.stream)) < 0)
		return -1;
	return CUDA_CHECK(ev, cudaStreamSynchronize(cuda_dev.stream));
}

#define SEL(dt, S, D, C, Z) ((dt) == DT_FLOAT32 ? (S) : (dt) == DT_FLOAT64 ? (D) : (dt) == DT_COMPLEX64 ? (C) : (Z))

static int sl_getrf(struct eval *ev, int dt, int64_t batch, int n, void *a, int32_t *ipiv, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int lw = 0, item = dt_size(dt);
	cusolverStatus_t s;
	struct sws w;
	if (!h)
		return -1;
	s = SEL(dt, cusolverDnSgetrf_bufferSize(h, n, n, a, n, &lw), cusolverDnDgetrf_bufferSize(h, n, n, a, n, &lw),
		cusolverDnCgetrf_bufferSize(h, n, n, a, n, &lw), cusolverDnZgetrf_bufferSize(h, n, n, a, n, &lw));
	if (s != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, s, "getrf_bufferSize");
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item;
		int32_t *pb = ipiv + b * n;
		s = SEL(dt, cusolverDnSgetrf(h, n, n, (float *)ab, n, w.work, pb, w.dinfo),
			cusolverDnDgetrf(h, n, n, (double *)ab, n, w.work, pb, w.dinfo),
			cusolverDnCgetrf(h, n, n, (cuComplex *)ab, n, w.work, pb, w.dinfo),
			cusolverDnZgetrf(h, n, n, (cuDoubleComplex *)ab, n, w.work, pb, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS || info_back(ev, &w, &info[b]) < 0) {
			sws_put(&w);
			return s != CUSOLVER_STATUS_SUCCESS ? sol_fail(ev, s, "getrf") : -1;
		}
	}
	sws_put(&w);
	return 0;
}

static int sl_getrs(struct eval *ev, int dt, int64_t batch, int n, int nrhs, const void *a,
		    const int32_t *ipiv, void *bm, int *info)
{
	cusolverDnHandle_t h = get_solver(ev);
	int item = dt_size(dt);
	cusolverStatus_t s;
	struct sws w;
	if (!h || sws_get(ev, &w, 0) < 0)
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
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item;
		s = SEL(dt, cusolverDnSpotrf(h, lo, n, (float *)ab, n, w.work, lw, w.dinfo),
			cusolverDnDpotrf(h, lo, n, (double *)ab, n, w.work, lw, w.dinfo),
			cusolverDnCpotrf(h, lo, n, (cuComplex *)ab, n, w.work, lw, w.dinfo),
			cusolverDnZpotrf(h, lo, n, (cuDoubleComplex *)ab, n, w.work, lw, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS || info_back(ev, &w, &info[b]) < 0) {
			sws_put(&w);
			return s != CUSOLVER_STATUS_SUCCESS ? sol_fail(ev, s, "potrf") : -1;
		}
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
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)m * n * item, *tb = (char *)tau + b * (int64_t)k * item;
		s = SEL(dt, cusolverDnSgeqrf(h, m, n, (float *)ab, m, (float *)tb, w.work, lw, w.dinfo),
			cusolverDnDgeqrf(h, m, n, (double *)ab, m, (double *)tb, w.work, lw, w.dinfo),
			cusolverDnCgeqrf(h, m, n, (cuComplex *)ab, m, (cuComplex *)tb, w.work, lw, w.dinfo),
			cusolverDnZgeqrf(h, m, n, (cuDoubleComplex *)ab, m, (cuDoubleComplex *)tb, w.work, lw, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS || info_back(ev, &w, &info[b]) < 0) {
			sws_put(&w);
			return s != CUSOLVER_STATUS_SUCCESS ? sol_fail(ev, s, "geqrf") : -1;
		}
	}
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
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		/* the front end lays batches out with k reflectors each */
		char *ab = (char *)a + b * (int64_t)m * ncol * item;
		const char *tb = (const char *)tau + b * (int64_t)k * item;
		s = SEL(dt, cusolverDnSorgqr(h, m, ncol, k, (float *)ab, m, (const float *)tb, w.work, lw, w.dinfo),
			cusolverDnDorgqr(h, m, ncol, k, (double *)ab, m, (const double *)tb, w.work, lw, w.dinfo),
			cusolverDnCungqr(h, m, ncol, k, (cuComplex *)ab, m, (const cuComplex *)tb, w.work, lw, w.dinfo),
			cusolverDnZungqr(h, m, ncol, k, (cuDoubleComplex *)ab, m, (const cuDoubleComplex *)tb, w.work, lw, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS || info_back(ev, &w, &info[b]) < 0) {
			sws_put(&w);
			return s != CUSOLVER_STATUS_SUCCESS ? sol_fail(ev, s, "orgqr") : -1;
		}
	}
	sws_put(&w);
	return 0;
}

/* cuSOLVER's gesvd needs m >= n; a wide matrix is done through its
 * transpose (A^T = U' S V'^T, so U = V', V^T = U'^T), with cuBLAS geam. */
static int geam_t(struct eval *ev, int dt, int rows, int cols, const void *src, void *dst)
{
	/* dst (cols×rows, col-major) = src^T (src rows×cols col-major) */
	cublasHandle_t h = get_blas(ev);
	double one[2] = {1, 0}, zero[2] = {0, 0};
	float onef[2] = {1, 0}, zerof[2] = {0, 0};
	cublasStatus_t s;
	if (!h)
		return -1;
	s = SEL(dt, cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, cols, rows, onef, src, rows, zerof, dst, cols, dst, cols),
		cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, cols, rows, one, src, rows, zero, dst, cols, dst, cols),
		cublasCgeam(h, CUBLAS_OP_C, CUBLAS_OP_N, cols, rows, (const cuComplex *)onef, src, rows, (const cuComplex *)zerof, dst, cols, dst, cols),
		cublasZgeam(h, CUBLAS_OP_C, CUBLAS_OP_N, cols, rows, (const cuDoubleComplex *)one, src, rows, (const cuDoubleComplex *)zero, dst, cols, dst, cols));
	return blas_fail(ev, s, "geam");
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
	if (sws_get(ev, &b->w, (size_t)b->lw * 8) < 0) {
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
	cublasHandle_t cb = get_blas(ev);
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
		return blas_fail(ev, bs, "syrk");
	ss = cusolverDnDsyevd(h, jz, CUBLAS_FILL_MODE_LOWER, N, b->g, N, b->lam, b->w.work, b->lw, b->w.dinfo);
	if (ss != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, ss, "syevd");
	if (job == 'N') {
		void *args[] = {&b->lam, &N, &s, &b->w.dinfo};
		if (gram_launch(ev, "sv_roots", N, args) < 0)
			return -1;
		return info_back(ev, &b->w, info);
	}
	if (info_back(ev, &b->w, info) < 0 || *info)   /* syevd did not converge */
		return *info ? 0 : -1;
	{
		void *args[] = {&b->g, &b->v, &N};
		if (gram_launch(ev, "sv_reverse", (int64_t)N * N, args) < 0)
			return -1;
	}
	bs = cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, M, N, N, &one, b->a, M, b->v, N, &zero, b->q, M);
	if (bs != CUBLAS_STATUS_SUCCESS)
		return blas_fail(ev, bs, "gemm");
	ss = cusolverDnDgeqrf(h, M, N, b->q, M, b->tau, b->w.work, b->lw, b->w.dinfo);
	if (ss != CUSOLVER_STATUS_SUCCESS)
		return sol_fail(ev, ss, "geqrf");
	/* R's diagonal is needed after orgqr overwrites q: keep R in b->a
	 * (A in float64 is done with) */
	if (CUDA_CHECK(ev, cudaMemcpyAsync(b->a, b->q, (size_t)mn * 8, cudaMemcpyDeviceToDevice, cuda_dev.stream)) < 0)
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
	return info_back(ev, &b->w, info);
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
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
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
			s = SEL(dt, cusolverDnSgesvd(h, jobu, jobv, M, N, (float *)A, M, (float *)sb, (float *)tu, ldu, (float *)tv, ldv, w.work, lw, (float *)rw, w.dinfo),
				cusolverDnDgesvd(h, jobu, jobv, M, N, (double *)A, M, (double *)sb, (double *)tu, ldu, (double *)tv, ldv, w.work, lw, (double *)rw, w.dinfo),
				cusolverDnCgesvd(h, jobu, jobv, M, N, (cuComplex *)A, M, (float *)sb, (cuComplex *)tu, ldu, (cuComplex *)tv, ldv, w.work, lw, (float *)rw, w.dinfo),
				cusolverDnZgesvd(h, jobu, jobv, M, N, (cuDoubleComplex *)A, M, (double *)sb, (cuDoubleComplex *)tu, ldu, (cuDoubleComplex *)tv, ldv, w.work, lw, (double *)rw, w.dinfo));
			if (s != CUSOLVER_STATUS_SUCCESS) {
				sol_fail(ev, s, "gesvd");
				goto out;
			}
			if (info_back(ev, &w, &info[b]) < 0)
				goto out;
		}
		if (job == 'N')
			continue;
		{
			int uc = job == 'A' ? m : k, vr = job == 'A' ? n : k;
			char *ub = (char *)u + b * (int64_t)m * uc * item, *vb = (char *)vt + b * (int64_t)vr * n * item;
			if (!wide) {
				/* u: m×uc from tu (ld M = m); vt: vr×n from tv (N×N, ld N = n) */
				if (CUDA_CHECK(ev, cudaMemcpy2DAsync(ub, (size_t)m * item, tu, (size_t)M * item, (size_t)m * item, uc,
								     cudaMemcpyDeviceToDevice, cuda_dev.stream)) < 0
				    || CUDA_CHECK(ev, cudaMemcpy2DAsync(vb, (size_t)vr * item, tv, (size_t)N * item, (size_t)vr * item, n,
									cudaMemcpyDeviceToDevice, cuda_dev.stream)) < 0)
					goto out;
			} else {
				/* A^T = U' S V'^T: U = V'^T^T -> u (m×uc) = (V'^T)^T rows 0..uc;
				 * vt (vr×n) = U'^T (U' is n×ucols) */
				if (geam_t(ev, dt, N, N, tv, ta) < 0)   /* ta = V' (m×m) */
					goto out;
				if (CUDA_CHECK(ev, cudaMemcpy2DAsync(ub, (size_t)m * item, ta, (size_t)N * item, (size_t)m * item, uc,
								     cudaMemcpyDeviceToDevice, cuda_dev.stream)) < 0)
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
	if (sws_get(ev, &w, (size_t)lw * item) < 0)
		return -1;
	for (int64_t b = 0; b < batch; b++) {
		char *ab = (char *)a + b * (int64_t)n * n * item, *wb = (char *)wv + b * (int64_t)n * rsz;
		s = SEL(dt, cusolverDnSsyevd(h, jz, lo, n, (float *)ab, n, (float *)wb, w.work, lw, w.dinfo),
			cusolverDnDsyevd(h, jz, lo, n, (double *)ab, n, (double *)wb, w.work, lw, w.dinfo),
			cusolverDnCheevd(h, jz, lo, n, (cuComplex *)ab, n, (float *)wb, w.work, lw, w.dinfo),
			cusolverDnZheevd(h, jz, lo, n, (cuDoubleComplex *)ab, n, (double *)wb, w.work, lw, w.dinfo));
		if (s != CUSOLVER_STATUS_SUCCESS || info_back(ev, &w, &info[b]) < 0) {
			sws_put(&w);
			return s != CUSOLVER_STATUS_SUCCESS ? sol_fail(ev, s, "syevd") : -1;
		}
	}
	sws_put(&w);
	return 0;
}

static const struct backend_linalg linalg_cuda = {
	.getrf = sl_getrf,
	.getrs = sl_getrs,
	.potrf = sl_potrf,
	.geqrf = sl_geqrf,
	.orgqr = sl_orgqr,
	.gesdd = sl_gesdd,
	.syevd = sl_syevd,
};

const struct backend_fft *const cuda_fft_backend = &fft_cuda;
const struct backend_linalg *const cuda_linalg_backend = &linalg_cuda;
const struct backend_random *const cuda_random_backend = &random_cuda;

#endif /* HAVE_CUDA */
