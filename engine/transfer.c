/*
 * transfer.c — host <-> device copies (cp.asarray, cp.asnumpy, .get(),
 * .set()).  Pageable host memory is staged through two pinned buffers,
 * chunked and double buffered: while the copy engine moves one chunk, a
 * small team of threads memcpy's the next one (one thread's memcpy is slower
 * than the DMA).  The team copies with non-temporal stores: a staging
 * buffer or a fresh result is written once and not read back by the CPU, so
 * caching the lines (and reading them first) only halves the bandwidth.
 * Pinned host memory goes by straight DMA.  LUMEN_XFER_THREADS sets the team
 * size (default: the CPUs, at most 8).
 *
 * Owns the two staging buffers and the copy team; never allocates device
 * memory.
 */
#include "config.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_STREAM_STORES 1
#endif
#include "error.h"
#include "cudabe.h"

#ifdef HAVE_CUDA

#define CHUNK ((size_t)16 << 20)
#define SMALL ((size_t)1 << 20)
#define MAXTEAM 8
#define MAXTEAM_ENV 64

/* memcpy that bypasses the cache on the destination where the CPU allows:
 * 16-byte aligned streaming stores, unaligned loads, ordinary copies for the
 * ragged ends; an sfence makes the stores visible before the DMA reads them. */
static void copy_stream(char *dst, const char *src, size_t n)
{
#ifdef HAVE_STREAM_STORES
	size_t head = (16 - ((uintptr_t)dst & 15)) & 15;
	if (n < 4096) {
		memcpy(dst, src, n);
		return;
	}
	memcpy(dst, src, head);
	dst += head;
	src += head;
	n -= head;
	size_t body = n & ~(size_t)63;
	for (size_t i = 0; i < body; i += 64) {
		__m128i a = _mm_loadu_si128((const __m128i *)(src + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(src + i + 16));
		__m128i c = _mm_loadu_si128((const __m128i *)(src + i + 32));
		__m128i d = _mm_loadu_si128((const __m128i *)(src + i + 48));
		_mm_stream_si128((__m128i *)(dst + i), a);
		_mm_stream_si128((__m128i *)(dst + i + 16), b);
		_mm_stream_si128((__m128i *)(dst + i + 32), c);
		_mm_stream_si128((__m128i *)(dst + i + 48), d);
	}
	memcpy(dst + body, src + body, n - body);
	_mm_sfence();
#else
	memcpy(dst, src, n);
#endif
}

/* ---- a team of threads for one parallel memcpy at a time ---- */
static pthread_mutex_t team_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t team_go = PTHREAD_COND_INITIALIZER, team_done = PTHREAD_COND_INITIALIZER;
static int team_n;             /* threads besides the caller */
static unsigned long team_gen;
static int team_left;
static char *job_dst;
static const char *job_src;
static size_t job_n;

static void slice(int i, int parts, size_t *lo, size_t *hi)
{
	size_t per = (job_n / parts + 4095) & ~(size_t)4095;
	*lo = per * i < job_n ? per * i : job_n;
	*hi = per * (i + 1) < job_n ? per * (i + 1) : job_n;
}

static void *team_main(void *arg)
{
	int id = (int)(intptr_t)arg;
	unsigned long seen = 0;
	for (;;) {
		size_t lo, hi;
		pthread_mutex_lock(&team_mu);
		while (team_gen == seen)
			pthread_cond_wait(&team_go, &team_mu);
		seen = team_gen;
		pthread_mutex_unlock(&team_mu);
		slice(id, team_n + 1, &lo, &hi);
		if (hi > lo)
			copy_stream(job_dst + lo, job_src + lo, hi - lo);
		pthread_mutex_lock(&team_mu);
		if (--team_left == 0)
			pthread_cond_signal(&team_done);
		pthread_mutex_unlock(&team_mu);
	}
	return NULL;
}

static pthread_once_t team_once = PTHREAD_ONCE_INIT;
static void team_start(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *env = getenv("LUMEN_XFER_THREADS");
	int want = ncpu > 1 ? (int)(ncpu < MAXTEAM ? ncpu : MAXTEAM) - 1 : 0;
	if (env && *env) {
		long t = strtol(env, NULL, 10);
		want = t < 1 ? 0 : t > MAXTEAM_ENV ? MAXTEAM_ENV - 1 : (int)t - 1;
	}
	for (int i = 1; i <= want; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, team_main, (void *)(intptr_t)i) != 0)
			break;
		pthread_detach(t);
		team_n++;
	}
}

static void par_memcpy(void *dst, const void *src, size_t n)
{
	size_t lo, hi;
	if (n < 4 * SMALL) {
		copy_stream(dst, src, n);
		return;
	}
	pthread_once(&team_once, team_start);
	if (!team_n) {
		copy_stream(dst, src, n);
		return;
	}
	pthread_mutex_lock(&team_mu);
	job_dst = dst;
	job_src = src;
	job_n = n;
	team_left = team_n;
	team_gen++;
	pthread_cond_broadcast(&team_go);
	pthread_mutex_unlock(&team_mu);
	slice(0, team_n + 1, &lo, &hi);
	if (hi > lo)
		copy_stream((char *)dst + lo, (const char *)src + lo, hi - lo);
	pthread_mutex_lock(&team_mu);
	while (team_left)
		pthread_cond_wait(&team_done, &team_mu);
	pthread_mutex_unlock(&team_mu);
}

/* ---- staging ---- */
static void *stage[2];
static cudaEvent_t stage_ev[2];
static int stage_busy[2];

static int stage_init(struct eval *ev)
{
	if (stage[0])
		return 0;
	for (int i = 0; i < 2; i++) {
		if (!(stage[i] = pool_pinned_alloc(ev, CHUNK)))
			return -1;
		if (CUDA_CHECK(ev, cudaEventCreateWithFlags(&stage_ev[i], cudaEventDisableTiming)) < 0)
			return -1;
	}
	return 0;
}

static int is_pinned(const void *p)
{
	struct cudaPointerAttributes at;
	if (cudaPointerGetAttributes(&at, p) != cudaSuccess) {
		cudaGetLastError();
		return 0;
	}
	return at.type == cudaMemoryTypeHost;
}

int xfer_h2d(struct eval *ev, void *dst, const void *src, size_t n)
{
	cudaStream_t s = cuda_dev.stream;
	if (!n)
		return 0;
	if (n <= SMALL || is_pinned(src))
		return CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, s));
	if (stage_init(ev) < 0)
		return -1;
	for (size_t off = 0, k = 0; off < n; off += CHUNK, k++) {
		int b = k & 1;
		size_t c = n - off < CHUNK ? n - off : CHUNK;
		if (stage_busy[b] && CUDA_CHECK(ev, cudaEventSynchronize(stage_ev[b])) < 0)
			return -1;
		par_memcpy(stage[b], (const char *)src + off, c);
		if (CUDA_CHECK(ev, cudaMemcpyAsync((char *)dst + off, stage[b], c,
						   cudaMemcpyHostToDevice, s)) < 0
		    || CUDA_CHECK(ev, cudaEventRecord(stage_ev[b], s)) < 0)
			return -1;
		stage_busy[b] = 1;
	}
	/* the device side is stream ordered; the staging buffers are waited for
	 * on their next use */
	return 0;
}

int xfer_d2h(struct eval *ev, void *dst, const void *src, size_t n)
{
	cudaStream_t s = cuda_dev.stream;
	size_t nchunks;
	if (!n)
		return 0;
	if (n <= SMALL || is_pinned(dst)) {
		if (CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToHost, s)) < 0)
			return -1;
		return CUDA_CHECK(ev, cudaStreamSynchronize(s));
	}
	if (stage_init(ev) < 0)
		return -1;
	nchunks = (n + CHUNK - 1) / CHUNK;
	for (size_t k = 0; k <= nchunks; k++) {
		/* issue chunk k, then drain chunk k-1 while it flies */
		if (k < nchunks) {
			int b = k & 1;
			size_t off = k * CHUNK, c = n - off < CHUNK ? n - off : CHUNK;
			if (CUDA_CHECK(ev, cudaMemcpyAsync(stage[b], (const char *)src + off, c,
							   cudaMemcpyDeviceToHost, s)) < 0
			    || CUDA_CHECK(ev, cudaEventRecord(stage_ev[b], s)) < 0)
				return -1;
			stage_busy[b] = 1;
		}
		if (k > 0) {
			int b = (k - 1) & 1;
			size_t off = (k - 1) * CHUNK, c = n - off < CHUNK ? n - off : CHUNK;
			if (CUDA_CHECK(ev, cudaEventSynchronize(stage_ev[b])) < 0)
				return -1;
			par_memcpy((char *)dst + off, stage[b], c);
		}
	}
	return 0;
}

#endif /* HAVE_CUDA */
