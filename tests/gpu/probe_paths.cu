/*
 * probe_paths.cu — the raw CUDA paths behind the benchmark rows still short
 * of their goals, measured below Lumen on the GPU machine:
 *   rand    uniform float32 fills of 1e8: the Philox kernel as Lumen prints
 *           it, with mulhi/mul rounds, with a mantissa-bit conversion, a
 *           plain store (the write ceiling) and cuRAND's generator;
 *   svd     2048x2048 float32: cuSOLVER's sgesvd (what CuPy calls) against
 *           an SVD through the float64 Gram matrix (syrk, syevd, gemm, QR),
 *           each stage timed, with residual, orthogonality and singular
 *           value errors against dgesvd on a random and a graded matrix;
 *   meminfo cudaMemGetInfo against the pool attribute query and a clock
 *           read, per call;
 *   pinned  400 MB host->device and back from cudaHostAlloc'd memory, and
 *           what pinning costs (cudaHostAlloc, cudaHostRegister).
 * One line per measure, "probe <name>|<value>".  Built with nvcc by
 * tests/gpu/probe_paths.sh; never part of Lumen.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <curand.h>
#include <cusolverDn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
#define SK(x) do { int s_ = (int)(x); if (s_) { fprintf(stderr, "%s:%d status %d\n", __FILE__, __LINE__, s_); exit(1); } } while (0)

static cudaEvent_t e0, e1;

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}
static double median(double *v, int n)
{
	qsort(v, n, sizeof *v, cmpd);
	return v[n / 2];
}
static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
static void t_start(void) { CK(cudaEventRecord(e0, 0)); }
static double t_stop(void)
{
	float ms;
	CK(cudaEventRecord(e1, 0));
	CK(cudaEventSynchronize(e1));
	CK(cudaEventElapsedTime(&ms, e0, e1));
	return ms;
}

/* ---- rand ---- */
#define M0 0xD2511F53u
#define M1 0xCD9E8D57u
#define W0 0x9E3779B9u
#define W1 0xBB67AE85u

template <int HILO>
__device__ __forceinline__ uint4 philox(uint4 c, uint2 k)
{
#pragma unroll
	for (int r = 0; r < 10; r++) {
		unsigned h0, l0, h1, l1;
		if (HILO) {
			h0 = __umulhi(M0, c.x); l0 = M0 * c.x;
			h1 = __umulhi(M1, c.z); l1 = M1 * c.z;
		} else {
			unsigned long long p0 = (unsigned long long)M0 * c.x, p1 = (unsigned long long)M1 * c.z;
			h0 = (unsigned)(p0 >> 32); l0 = (unsigned)p0;
			h1 = (unsigned)(p1 >> 32); l1 = (unsigned)p1;
		}
		c = make_uint4(h1 ^ c.y ^ k.x, l1, h0 ^ c.w ^ k.y, l0);
		k.x += W0; k.y += W1;
	}
	return c;
}

/* (w >> 8) * 2^-24 without an integer->float conversion: the top 23 bits as
 * a mantissa in [1, 2), minus 1, plus the 24th bit as 2^-24 (exact) */
__device__ __forceinline__ float u24(unsigned w, int mant)
{
	if (!mant)
		return (w >> 8) * 0x1p-24f;
	float f = __uint_as_float(0x3f800000u | (w >> 9)) - 1.0f;
	return f + __uint_as_float((w & 0x100u) ? 0x33800000u : 0u);
}

template <int HILO, int MANT>
__global__ void uni(float *y, long long n, unsigned long long seed, float a, float s)
{
	const uint2 k = make_uint2((unsigned)seed, (unsigned)(seed >> 32));
	const long long nb = n / 4, T = (long long)gridDim.x * blockDim.x;
	for (long long b = blockIdx.x * (long long)blockDim.x + threadIdx.x; b < nb; b += T) {
		uint4 w = philox<HILO>(make_uint4((unsigned)b, (unsigned)(b >> 32), 0u, 0u), k);
		float4 v = make_float4(a + s * u24(w.x, MANT), a + s * u24(w.y, MANT), a + s * u24(w.z, MANT),
				       a + s * u24(w.w, MANT));
		((float4 *)y)[b] = v;
	}
}

__global__ void store(float *y, long long n, float a)
{
	const long long nb = n / 4, T = (long long)gridDim.x * blockDim.x;
	for (long long b = blockIdx.x * (long long)blockDim.x + threadIdx.x; b < nb; b += T)
		((float4 *)y)[b] = make_float4(a, a, a, (float)b);
}

static void probe_rand(int sms)
{
	const long long n = 100000000;
	float *y;
	double v[9];
	curandGenerator_t g;
	unsigned grid = sms * 8;
	CK(cudaMalloc(&y, n * 4));
#define TIME_K(name, launch) do { \
	for (int i = 0; i < 9; i++) { t_start(); launch; v[i] = t_stop(); } \
	printf("probe rand %s|%.4f ms\n", name, median(v, 9)); } while (0)
	TIME_K("philox wide+i2f (Lumen's)", (uni<0, 0><<<grid, 256>>>(y, n, 7, 0.f, 1.f)));
	TIME_K("philox mulhi+i2f", (uni<1, 0><<<grid, 256>>>(y, n, 7, 0.f, 1.f)));
	TIME_K("philox wide+mantissa", (uni<0, 1><<<grid, 256>>>(y, n, 7, 0.f, 1.f)));
	TIME_K("philox mulhi+mantissa", (uni<1, 1><<<grid, 256>>>(y, n, 7, 0.f, 1.f)));
	TIME_K("philox wide+i2f grid x4", (uni<0, 0><<<grid * 4, 256>>>(y, n, 7, 0.f, 1.f)));
	TIME_K("plain float4 store", (store<<<grid, 256>>>(y, n, 1.f)));
	SK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
	SK(curandSetPseudoRandomGeneratorSeed(g, 1));
	TIME_K("curand philox uniform", SK(curandGenerateUniform(g, y, n)));
	SK(curandDestroyGenerator(g));
	SK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
	SK(curandSetPseudoRandomGeneratorSeed(g, 1));
	TIME_K("curand xorwow uniform", SK(curandGenerateUniform(g, y, n)));
	SK(curandDestroyGenerator(g));
	{   /* the pool's 400 MB alloc + free around a launch, as cp.random.rand does */
		cudaMemPool_t pool;
		unsigned long long thr = ~0ULL;
		float *z;
		CK(cudaDeviceGetDefaultMemPool(&pool, 0));
		CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
		TIME_K("pool alloc + philox + free", (cudaMallocAsync((void **)&z, n * 4, 0),
			uni<0, 0><<<grid, 256>>>(z, n, 7, 0.f, 1.f), cudaFreeAsync(z, 0)));
	}
	CK(cudaFree(y));
}

/* ---- svd ---- */
__global__ void f2d(const float *a, double *b, long long n)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
		b[i] = a[i];
}
/* column j of A scaled by 10^(-digits * j / n): a graded matrix */
__global__ void grade(float *a, int n, double digits)
{
	long long nn = (long long)n * n;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < nn; i += (long long)gridDim.x * blockDim.x)
		a[i] = (float)(a[i] * pow(10.0, -digits * (double)(i / n) / n));
}
/* reverse the column order of an n x n column-major matrix into out */
__global__ void revcols(const double *v, double *out, int n)
{
	long long nn = (long long)n * n;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < nn; i += (long long)gridDim.x * blockDim.x) {
		long long j = i / n, r = i % n;
		out[(n - 1 - j) * (long long)n + r] = v[i];
	}
}
/* s[j] = |R[j,j]|; flip the sign of Q's column j where R[j,j] < 0 */
__global__ void diag_sign(const double *r, double *q, double *s, int n)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < (long long)n * n; i += (long long)gridDim.x * blockDim.x) {
		long long j = i / n;
		double d = r[j * n + j];
		if (d < 0)
			q[i] = -q[i];
		if (i % n == 0)
			s[j] = fabs(d);
	}
}
/* us = U * diag(s) (double, from float or double U) */
template <typename T>
__global__ void scale_cols(const T *u, const T *s, double *us, int n)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < (long long)n * n; i += (long long)gridDim.x * blockDim.x)
		us[i] = (double)u[i] * (double)s[i / n];
}

struct svd_out { double resid, orth_u, orth_v, sv_err, ms; };

/* ||A - U S Vt||_F / ||A||_F, ||U^T U - I||_max, ||Vt Vt^T - I||_max, and
 * max |s - s_ref| / s_ref[0], all in double (U, Vt column major n x n) */
static void check(cublasHandle_t cb, int n, const double *A, const double *U, const double *s, const double *Vt,
		  const double *sref, struct svd_out *o)
{
	double *us, *r, *h = (double *)malloc(sizeof(double) * n * n), one = 1, zero = 0, m1 = -1, na, nr;
	double *hs = (double *)malloc(sizeof(double) * n * 2);
	CK(cudaMalloc(&us, sizeof(double) * n * n));
	CK(cudaMalloc(&r, sizeof(double) * n * n));
	scale_cols<double><<<1024, 256>>>(U, s, us, n);
	CK(cudaMemcpy(r, A, sizeof(double) * n * n, cudaMemcpyDeviceToDevice));
	SK(cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &m1, us, n, Vt, n, &one, r, n));
	SK(cublasDnrm2(cb, n * n, r, 1, &nr));
	SK(cublasDnrm2(cb, n * n, A, 1, &na));
	o->resid = nr / na;
	SK(cublasDgemm(cb, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &one, U, n, U, n, &zero, r, n));
	CK(cudaMemcpy(h, r, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
	o->orth_u = 0;
	for (long long i = 0; i < (long long)n * n; i++)
		o->orth_u = fmax(o->orth_u, fabs(h[i] - (i / n == i % n)));
	SK(cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, Vt, n, Vt, n, &zero, r, n));
	CK(cudaMemcpy(h, r, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
	o->orth_v = 0;
	for (long long i = 0; i < (long long)n * n; i++)
		o->orth_v = fmax(o->orth_v, fabs(h[i] - (i / n == i % n)));
	CK(cudaMemcpy(hs, s, sizeof(double) * n, cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(hs + n, sref, sizeof(double) * n, cudaMemcpyDeviceToHost));
	o->sv_err = 0;
	for (int i = 0; i < n; i++)
		o->sv_err = fmax(o->sv_err, fabs(hs[i] - hs[n + i]) / hs[n]);
	cudaFree(us);
	cudaFree(r);
	free(h);
	free(hs);
}


static void probe_svd(const char *what, int n, double digits)
{
	cusolverDnHandle_t h;
	cublasHandle_t cb;
	float *A32, *a, *s32, *u32, *vt32, *w32;
	double *A64, *a64, *s64r, *u64r, *vt64r, *w64, *G, *lam, *V, *B, *tau, *S, *U, *Vt, *sd, *tmp;
	int *info, lw = 0, lw2 = 0;
	double one = 1, zero = 0, v[5];
	long long nn = (long long)n * n;
	curandGenerator_t g;
	SK(cusolverDnCreate(&h));
	SK(cublasCreate(&cb));
	CK(cudaMalloc(&A32, nn * 4)); CK(cudaMalloc(&a, nn * 4)); CK(cudaMalloc(&s32, n * 4));
	CK(cudaMalloc(&u32, nn * 4)); CK(cudaMalloc(&vt32, nn * 4));
	CK(cudaMalloc(&A64, nn * 8)); CK(cudaMalloc(&a64, nn * 8)); CK(cudaMalloc(&s64r, n * 8));
	CK(cudaMalloc(&u64r, nn * 8)); CK(cudaMalloc(&vt64r, nn * 8)); CK(cudaMalloc(&G, nn * 8));
	CK(cudaMalloc(&lam, n * 8)); CK(cudaMalloc(&V, nn * 8)); CK(cudaMalloc(&B, nn * 8));
	CK(cudaMalloc(&tau, n * 8)); CK(cudaMalloc(&S, n * 8)); CK(cudaMalloc(&U, nn * 8));
	CK(cudaMalloc(&Vt, nn * 8)); CK(cudaMalloc(&sd, n * 8)); CK(cudaMalloc(&tmp, nn * 8));
	CK(cudaMalloc(&info, 4));
	SK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
	SK(curandSetPseudoRandomGeneratorSeed(g, 42));
	SK(curandGenerateUniform(g, A32, nn));
	if (digits > 0)
		grade<<<1024, 256>>>(A32, n, digits);
	f2d<<<1024, 256>>>(A32, A64, nn);

	/* reference: dgesvd on A in double */
	SK(cusolverDnDgesvd_bufferSize(h, n, n, &lw));
	CK(cudaMalloc(&w64, (size_t)lw * 8));
	CK(cudaMemcpy(a64, A64, nn * 8, cudaMemcpyDeviceToDevice));
	SK(cusolverDnDgesvd(h, 'A', 'A', n, n, a64, n, s64r, u64r, n, vt64r, n, w64, lw, NULL, info));
	CK(cudaDeviceSynchronize());
	CK(cudaFree(w64));

	/* sgesvd, as CuPy and Lumen call it now */
	SK(cusolverDnSgesvd_bufferSize(h, n, n, &lw));
	CK(cudaMalloc(&w32, (size_t)lw * 4));
	for (int i = 0; i < 3; i++) {
		CK(cudaMemcpy(a, A32, nn * 4, cudaMemcpyDeviceToDevice));
		t_start();
		SK(cusolverDnSgesvd(h, 'A', 'A', n, n, a, n, s32, u32, n, vt32, n, w32, lw, NULL, info));
		v[i] = t_stop();
	}
	{
		struct svd_out o;
		double *ud, *vd;
		CK(cudaMalloc(&ud, nn * 8)); CK(cudaMalloc(&vd, nn * 8));
		f2d<<<1024, 256>>>(u32, ud, nn);
		f2d<<<1024, 256>>>(vt32, vd, nn);
		f2d<<<1024, 256>>>(s32, sd, n);
		check(cb, n, A64, ud, sd, vd, s64r, &o);
		printf("probe svd %s sgesvd|%.3f ms resid %.2e orthU %.2e orthV %.2e sv_err %.2e\n", what,
		       median(v, 3), o.resid, o.orth_u, o.orth_v, o.sv_err);
		cudaFree(ud); cudaFree(vd);
	}
	CK(cudaFree(w32));

	/* the float64 Gram path: G = A^T A; G = V L V^T; B = A V (V descending);
	 * B = Q R; U = Q sign(diag R), s = |diag R| */
	SK(cusolverDnDsyevd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, G, n, lam, &lw));
	SK(cusolverDnDgeqrf_bufferSize(h, n, n, B, n, &lw2));
	if (lw2 > lw) lw = lw2;
	SK(cusolverDnDorgqr_bufferSize(h, n, n, n, B, n, tau, &lw2));
	if (lw2 > lw) lw = lw2;
	CK(cudaMalloc(&w64, (size_t)lw * 8));
	double st[6][3];
	for (int i = 0; i < 3; i++) {
		t_start();
		f2d<<<1024, 256>>>(A32, a64, nn);
		SK(cublasDsyrk(cb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, n, &one, a64, n, &zero, G, n));
		st[0][i] = t_stop();
		t_start();
		SK(cusolverDnDsyevd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, G, n, lam, w64, lw, info));
		st[1][i] = t_stop();
		t_start();
		revcols<<<1024, 256>>>(G, V, n);
		SK(cublasDgemm(cb, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a64, n, V, n, &zero, B, n));
		st[2][i] = t_stop();
		t_start();
		SK(cusolverDnDgeqrf(h, n, n, B, n, tau, w64, lw, info));
		CK(cudaMemcpy(tmp, B, nn * 8, cudaMemcpyDeviceToDevice));   /* R */
		SK(cusolverDnDorgqr(h, n, n, n, B, n, tau, w64, lw, info));
		st[3][i] = t_stop();
		t_start();
		diag_sign<<<1024, 256>>>(tmp, B, S, n);
		SK(cublasDgeam(cb, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, V, n, &zero, V, n, Vt, n));
		st[4][i] = t_stop();
	}
	double tot = 0;
	const char *names[] = {"convert+syrk", "dsyevd", "revcols+gemm", "geqrf+orgqr", "signs+transpose"};
	for (int k = 0; k < 5; k++) {
		double m = median(st[k], 3);
		tot += m;
		printf("probe svd %s gram64 %s|%.3f ms\n", what, names[k], m);
	}
	{
		struct svd_out o;
		check(cb, n, A64, B, S, Vt, s64r, &o);
		printf("probe svd %s gram64 total|%.3f ms resid %.2e orthU %.2e orthV %.2e sv_err %.2e\n", what, tot,
		       o.resid, o.orth_u, o.orth_v, o.sv_err);
	}
	/* values only: syevd without vectors */
	for (int i = 0; i < 3; i++) {
		t_start();
		f2d<<<1024, 256>>>(A32, a64, nn);
		SK(cublasDsyrk(cb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, n, &one, a64, n, &zero, G, n));
		SK(cusolverDnDsyevd(h, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER, n, G, n, lam, w64, lw, info));
		v[i] = t_stop();
	}
	printf("probe svd %s gram64 values only|%.3f ms\n", what, median(v, 3));
	for (int i = 0; i < 3; i++) {
		CK(cudaMemcpy(a, A32, nn * 4, cudaMemcpyDeviceToDevice));
		SK(cusolverDnSgesvd_bufferSize(h, n, n, &lw2));
		CK(cudaMalloc(&w32, (size_t)lw2 * 4));
		t_start();
		SK(cusolverDnSgesvd(h, 'N', 'N', n, n, a, n, s32, NULL, n, NULL, n, w32, lw2, NULL, info));
		v[i] = t_stop();
		CK(cudaFree(w32));
	}
	printf("probe svd %s sgesvd values only|%.3f ms\n", what, median(v, 3));
	/* float32 syevd, for scale */
	{
		float *g32, *l32, *ws;
		float fone = 1, fzero = 0;
		CK(cudaMalloc(&g32, nn * 4)); CK(cudaMalloc(&l32, n * 4));
		SK(cusolverDnSsyevd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, g32, n, l32, &lw2));
		CK(cudaMalloc(&ws, (size_t)lw2 * 4));
		for (int i = 0; i < 3; i++) {
			SK(cublasSsyrk(cb, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, n, &fone, A32, n, &fzero, g32, n));
			t_start();
			SK(cusolverDnSsyevd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, g32, n, l32, ws, lw2, info));
			v[i] = t_stop();
		}
		printf("probe svd %s ssyevd|%.3f ms\n", what, median(v, 3));
		cudaFree(g32); cudaFree(l32); cudaFree(ws);
	}
	cudaFree(w64);
	cudaFree(A32); cudaFree(a); cudaFree(s32); cudaFree(u32); cudaFree(vt32); cudaFree(A64); cudaFree(a64);
	cudaFree(s64r); cudaFree(u64r); cudaFree(vt64r); cudaFree(G); cudaFree(lam); cudaFree(V); cudaFree(B);
	cudaFree(tau); cudaFree(S); cudaFree(U); cudaFree(Vt); cudaFree(sd); cudaFree(tmp); cudaFree(info);
	curandDestroyGenerator(g);
	cublasDestroy(cb);
	cusolverDnDestroy(h);
}

/* ---- meminfo ---- */
static void probe_meminfo(void)
{
	enum { CALLS = 20000 };
	double v[5], t;
	size_t f, tot;
	cudaMemPool_t pool;
	unsigned long long r;
	struct timespec ts;
	CK(cudaDeviceGetDefaultMemPool(&pool, 0));
#define TIME_C(name, call) do { for (int k = 0; k < 5; k++) { t = now_us(); \
	for (int i = 0; i < CALLS; i++) call; v[k] = (now_us() - t) / CALLS; } \
	printf("probe meminfo %s|%.3f us\n", name, median(v, 5)); } while (0)
	TIME_C("cudaMemGetInfo", cudaMemGetInfo(&f, &tot));
	TIME_C("cudaMemPoolGetAttribute reserved", cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &r));
	TIME_C("clock_gettime monotonic_coarse", clock_gettime(CLOCK_MONOTONIC_COARSE, &ts));
	TIME_C("clock_gettime monotonic", clock_gettime(CLOCK_MONOTONIC, &ts));
}

/* ---- pinned ---- */
static void probe_pinned(void)
{
	const size_t n = 400u << 20;
	void *h, *d, *m;
	double v[5], t;
	t = now_us();
	CK(cudaHostAlloc(&h, n, cudaHostAllocDefault));
	printf("probe pinned cudaHostAlloc 400MB|%.3f ms\n", (now_us() - t) / 1e3);
	memset(h, 1, n);
	CK(cudaMalloc(&d, n));
	for (int i = 0; i < 5; i++) { t_start(); CK(cudaMemcpyAsync(d, h, n, cudaMemcpyHostToDevice, 0)); v[i] = t_stop(); }
	printf("probe pinned h2d 400MB from pinned|%.3f ms\n", median(v, 5));
	for (int i = 0; i < 5; i++) { t_start(); CK(cudaMemcpyAsync(h, d, n, cudaMemcpyDeviceToHost, 0)); v[i] = t_stop(); }
	printf("probe pinned d2h 400MB to pinned|%.3f ms\n", median(v, 5));
	t = now_us();
	CK(cudaFreeHost(h));
	printf("probe pinned cudaFreeHost 400MB|%.3f ms\n", (now_us() - t) / 1e3);
	m = malloc(n);
	memset(m, 1, n);
	t = now_us();
	CK(cudaHostRegister(m, n, cudaHostRegisterDefault));
	printf("probe pinned cudaHostRegister 400MB (touched)|%.3f ms\n", (now_us() - t) / 1e3);
	for (int i = 0; i < 5; i++) { t_start(); CK(cudaMemcpyAsync(d, m, n, cudaMemcpyHostToDevice, 0)); v[i] = t_stop(); }
	printf("probe pinned h2d 400MB from registered|%.3f ms\n", median(v, 5));
	t = now_us();
	CK(cudaHostUnregister(m));
	printf("probe pinned cudaHostUnregister 400MB|%.3f ms\n", (now_us() - t) / 1e3);
	free(m);
	CK(cudaFree(d));
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : "";
	cudaDeviceProp p;
	CK(cudaFree(0));
	CK(cudaGetDeviceProperties(&p, 0));
	CK(cudaEventCreate(&e0));
	CK(cudaEventCreate(&e1));
	printf("probe device|%s, %d SMs\n", p.name, p.multiProcessorCount);
	fflush(stdout);
	if (!*only || strstr(only, "meminfo"))
		probe_meminfo();
	fflush(stdout);
	if (!*only || strstr(only, "rand"))
		probe_rand(p.multiProcessorCount);
	fflush(stdout);
	if (!*only || strstr(only, "pinned"))
		probe_pinned();
	fflush(stdout);
	if (!*only || strstr(only, "svd")) {
		probe_svd("2048 random", 2048, 0);
		fflush(stdout);
		probe_svd("1024 graded 1e-6", 1024, 6);
		fflush(stdout);
		probe_svd("1024 graded 1e-12", 1024, 12);
	}
	return 0;
}
