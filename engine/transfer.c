/*
 * transfer.c — host <-> device copies (cp.asarray, cp.asnumpy, .get(),
 * .set()).  Pageable host memory is staged through a ring of pinned
 * buffers, chunk by chunk: while the copy engine moves one chunk, a small
 * team of threads memcpy's the next one (one thread's memcpy is slower than
 * the DMA).  The team copies with non-temporal stores: a staging buffer or
 * a fresh result is written once and not read back by the CPU, so caching
 * the lines (and reading them first) only halves the bandwidth.  Pinned
 * host memory goes by straight DMA.
 *
 * Knobs, read once (the device sweep tests/gpu/sweep_devperf.sh tries
 * them): LUMEN_XFER_THREADS team size (default: the CPUs, at most 16);
 * LUMEN_XFER_CHUNK chunk bytes, a K or M suffix allowed (default 32M,
 * 1M .. 256M); LUMEN_XFER_BUFS staging buffers (2 .. 8, default 2);
 * LUMEN_XFER_FIRST the first chunk's bytes (default: a chunk; a smaller
 * one starts the DMA sooner); LUMEN_XFER_SPIN microseconds the copy team
 * spins before it sleeps (default 50).
 *
 * Defaults from the H200 sweep of 2026-11-30 (16 CPUs, 400 MB float32):
 * 32M x 2 buffers x 16 threads gave asarray 10.2 ms, asnumpy 16.7 ms
 * (16M x 2 x 8: 11.7 / 20.7 ms; the fastest asarray, 8M x 4 x 16, 9.3 ms,
 * made asnumpy 34.5 ms).
 *
 * Owns the staging buffers and the copy team; never allocates device
 * memory.
 */
#include "config.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_STREAM_STORES 1
#endif
#include "error.h"
#include "cudabe.h"

#ifdef HAVE_CUDA

#define CHUNK_DEFAULT ((size_t)32 << 20)
#define SMALL ((size_t)1 << 20)
#define MAXBUFS 8
#define MAXTEAM 16
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

/* ---- a team of threads for one parallel memcpy at a time ----
 * A staged transfer hands the team a job per chunk, every few tens of
 * microseconds: waking sleeping threads through a condition variable costs
 * about as much, so each side first spins for LUMEN_XFER_SPIN microseconds
 * (default 50; 0: block at once) on the job counter before it sleeps. */
static pthread_mutex_t team_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t team_go = PTHREAD_COND_INITIALIZER, team_done = PTHREAD_COND_INITIALIZER;
static int team_n;             /* threads besides the caller */
static unsigned long team_gen; /* atomic: the job's number, bumped after job_* are set */
static int team_left;          /* atomic: threads still copying this job */
static long team_spin_ns = 50000;
static char *job_dst;
static const char *job_src;
static size_t job_n;

static long long mono_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

static void slice(int i, int parts, size_t *lo, size_t *hi)
{
	/* rounded up before the page rounding: a floor could leave the last
	 * few bytes (fewer than parts) to no one */
	size_t per = ((job_n + parts - 1) / parts + 4095) & ~(size_t)4095;
	*lo = per * i < job_n ? per * i : job_n;
	*hi = per * (i + 1) < job_n ? per * (i + 1) : job_n;
}

static void *team_main(void *arg)
{
	int id = (int)(intptr_t)arg;
	unsigned long seen = 0;
	for (;;) {
		size_t lo, hi;
		long long t0 = team_spin_ns ? mono_ns() : 0;
		int k = 0;
		while (__atomic_load_n(&team_gen, __ATOMIC_ACQUIRE) == seen && team_spin_ns
		       && ((++k & 63) || mono_ns() - t0 < team_spin_ns))
			cpu_relax();
		if (__atomic_load_n(&team_gen, __ATOMIC_ACQUIRE) == seen) {
			pthread_mutex_lock(&team_mu);
			while (__atomic_load_n(&team_gen, __ATOMIC_ACQUIRE) == seen)
				pthread_cond_wait(&team_go, &team_mu);
			pthread_mutex_unlock(&team_mu);
		}
		seen = __atomic_load_n(&team_gen, __ATOMIC_ACQUIRE);
		slice(id, team_n + 1, &lo, &hi);
		if (hi > lo)
			copy_stream(job_dst + lo, job_src + lo, hi - lo);
		if (__atomic_sub_fetch(&team_left, 1, __ATOMIC_ACQ_REL) == 0) {
			/* under the lock: the caller checks team_left under it before it sleeps */
			pthread_mutex_lock(&team_mu);
			pthread_cond_signal(&team_done);
			pthread_mutex_unlock(&team_mu);
		}
	}
	return NULL;
}

static pthread_once_t team_once = PTHREAD_ONCE_INIT;
static void team_start(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	const char *env = getenv("LUMEN_XFER_THREADS"), *spin = getenv("LUMEN_XFER_SPIN");
	int want = ncpu > 1 ? (int)(ncpu < MAXTEAM ? ncpu : MAXTEAM) - 1 : 0;
	if (env && *env) {
		long t = strtol(env, NULL, 10);
		want = t < 1 ? 0 : t > MAXTEAM_ENV ? MAXTEAM_ENV - 1 : (int)t - 1;
	}
	if (spin && *spin) {
		long us = strtol(spin, NULL, 10);
		team_spin_ns = us <= 0 ? 0 : us > 100000 ? 100000000L : us * 1000L;
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
	if (n < 2 * SMALL) {
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
	__atomic_store_n(&team_left, team_n, __ATOMIC_RELAXED);
	__atomic_add_fetch(&team_gen, 1, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&team_go);
	pthread_mutex_unlock(&team_mu);
	slice(0, team_n + 1, &lo, &hi);
	if (hi > lo)
		copy_stream((char *)dst + lo, (const char *)src + lo, hi - lo);
	if (team_spin_ns) {
		long long t0 = mono_ns();
		int k = 0;
		while (__atomic_load_n(&team_left, __ATOMIC_ACQUIRE) && ((++k & 63) || mono_ns() - t0 < team_spin_ns))
			cpu_relax();
	}
	if (__atomic_load_n(&team_left, __ATOMIC_ACQUIRE)) {
		pthread_mutex_lock(&team_mu);
		while (__atomic_load_n(&team_left, __ATOMIC_ACQUIRE))
			pthread_cond_wait(&team_done, &team_mu);
		pthread_mutex_unlock(&team_mu);
	}
}

/* ---- staging ---- */

/* the chunking, fixed at the first transfer */
static struct {
	size_t chunk, first;   /* bytes of every chunk but the first, and of the first */
	int bufs;
} xc;
static pthread_once_t xc_once = PTHREAD_ONCE_INIT;

static size_t env_bytes(const char *name, size_t dflt, size_t lo, size_t hi)
{
	const char *e = getenv(name);
	char *end;
	unsigned long long v;
	if (!e || !*e)
		return dflt;
	v = strtoull(e, &end, 10);
	if (*end == 'k' || *end == 'K')
		v <<= 10;
	else if (*end == 'm' || *end == 'M')
		v <<= 20;
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return ((size_t)v + 4095) & ~(size_t)4095;
}

static void xc_read(void)
{
	const char *b = getenv("LUMEN_XFER_BUFS");
	long nb = b && *b ? strtol(b, NULL, 10) : 2;
	xc.chunk = env_bytes("LUMEN_XFER_CHUNK", CHUNK_DEFAULT, SMALL, (size_t)256 << 20);
	xc.first = env_bytes("LUMEN_XFER_FIRST", xc.chunk, (size_t)64 << 10, xc.chunk);
	xc.bufs = nb < 2 ? 2 : nb > MAXBUFS ? MAXBUFS : (int)nb;
}

/* chunk k of n bytes: the first is xc.first long, the rest xc.chunk */
static size_t chunk_count(size_t n)
{
	return n <= xc.first ? 1 : 1 + (n - xc.first + xc.chunk - 1) / xc.chunk;
}
static void chunk_at(size_t n, size_t k, size_t *off, size_t *len)
{
	size_t o = k ? xc.first + (k - 1) * xc.chunk : 0, c = k ? xc.chunk : xc.first;
	*off = o;
	*len = n - o < c ? n - o : c;
}

static void *stage[MAXBUFS];
static cudaEvent_t stage_ev[MAXBUFS];
static int stage_busy[MAXBUFS];

static int stage_init(struct eval *ev)
{
	pthread_once(&xc_once, xc_read);
	if (stage[xc.bufs - 1])
		return 0;
	for (int i = 0; i < xc.bufs; i++) {
		if (stage[i])
			continue;
		if (CUDA_CHECK(ev, cudaEventCreateWithFlags(&stage_ev[i], cudaEventDisableTiming)) < 0)
			return -1;
		if (!(stage[i] = pool_pinned_alloc(ev, xc.chunk))) {
			cudaEventDestroy(stage_ev[i]);
			return -1;
		}
	}
	return 0;
}

/* Tests only: drop the staging buffers (after their copies) and read the
 * knobs again, so that one process can try several settings.  Not safe
 * while another thread transfers. */
void xfer_knobs_reread(void)
{
	pthread_once(&xc_once, xc_read);
	for (int i = 0; i < MAXBUFS; i++) {
		if (!stage[i])
			continue;
		if (stage_busy[i])
			cudaEventSynchronize(stage_ev[i]);
		cudaEventDestroy(stage_ev[i]);
		pool_pinned_free(stage[i]);
		stage[i] = NULL;
		stage_busy[i] = 0;
	}
	xc_read();
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
	size_t nchunks;
	if (!n)
		return 0;
	if (n <= SMALL || is_pinned(src))
		return CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, s));
	if (stage_init(ev) < 0)
		return -1;
	nchunks = chunk_count(n);
	for (size_t k = 0; k < nchunks; k++) {
		int b = (int)(k % (size_t)xc.bufs);
		size_t off, c;
		chunk_at(n, k, &off, &c);
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
	size_t nchunks, ahead;
	if (!n)
		return 0;
	if (n <= SMALL || is_pinned(dst)) {
		if (CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToHost, s)) < 0)
			return -1;
		return CUDA_CHECK(ev, cudaStreamSynchronize(s));
	}
	if (stage_init(ev) < 0)
		return -1;
	nchunks = chunk_count(n);
	ahead = (size_t)xc.bufs - 1;
	for (size_t k = 0; k < nchunks + ahead; k++) {
		/* issue chunk k, then drain chunk k - ahead while the later ones
		 * fly; chunk k's buffer was last drained at step k - 1 */
		if (k < nchunks) {
			int b = (int)(k % (size_t)xc.bufs);
			size_t off, c;
			chunk_at(n, k, &off, &c);
			if (CUDA_CHECK(ev, cudaMemcpyAsync(stage[b], (const char *)src + off, c,
							   cudaMemcpyDeviceToHost, s)) < 0
			    || CUDA_CHECK(ev, cudaEventRecord(stage_ev[b], s)) < 0)
				return -1;
			stage_busy[b] = 1;
		}
		if (k >= ahead) {
			size_t j = k - ahead, off, c;
			int b = (int)(j % (size_t)xc.bufs);
			chunk_at(n, j, &off, &c);
			if (CUDA_CHECK(ev, cudaEventSynchronize(stage_ev[b])) < 0)
				return -1;
			par_memcpy((char *)dst + off, stage[b], c);
		}
	}
	return 0;
}

#endif /* HAVE_CUDA */
