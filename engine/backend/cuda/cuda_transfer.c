/*
 * cuda_transfer.c — host <-> device copies (cp.asarray, cp.asnumpy, .get(),
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
 * A host array that goes to the device a second time is pinned in the
 * background (cudaHostRegister, on a thread of its own: 20 ms for 400 MB on
 * the H200 machine), and from then on goes by straight DMA: 7.6 ms for
 * 400 MB against 9.3 ms staged.  It stays pinned until its memory goes back
 * to the system (host_backend.c's host_release_hook).  At most a quarter of
 * the machine's memory is pinned that way.  LUMEN_XFER_PIN=0 turns it off.
 *
 * Owns the staging buffers, the copy team and the pinned-range registry;
 * never allocates device memory.
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
#include "lang/error.h"
#include "backend/backend.h"
#include "backend/cuda/cuda_int.h"

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
static int stage_dev;                   /* the device stage_ev[] were made on */

static int stage_ready;                 /* atomic: every buffer is there */
static pthread_mutex_t stage_mu = PTHREAD_MUTEX_INITIALIZER;

/* The staging buffers, made once (by xfer_warm in the background when the
 * device starts, or by the first large transfer) with their events on device
 * dev, the calling thread's.  ev NULL: no error set. */
static int stage_init(struct eval *ev, int dev)
{
	int rc = 0;
	pthread_once(&xc_once, xc_read);
	if (__atomic_load_n(&stage_ready, __ATOMIC_ACQUIRE))
		return 0;
	pthread_mutex_lock(&stage_mu);
	for (int i = 0; i < xc.bufs && !rc; i++) {
		cudaError_t e;
		if (stage[i])
			continue;
		stage_dev = dev;
		if ((e = cudaEventCreateWithFlags(&stage_ev[i], cudaEventDisableTiming)) != cudaSuccess) {
			rc = ev ? CUDA_CHECK(ev, e) : (cudaGetLastError(), -1);
		} else if (!(stage[i] = pool_pinned_alloc(ev, xc.chunk))) {
			cudaEventDestroy(stage_ev[i]);
			rc = -1;
		}
	}
	if (!rc)
		__atomic_store_n(&stage_ready, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&stage_mu);
	return rc;
}

/* The warm-up thread's share: the staging buffers (2 x 32 MB of pinned
 * memory, ~35 ms of cudaHostAlloc the first large transfer would pay). */
void xfer_warm(int dev)
{
	stage_init(NULL, dev);
}

/* The staging events moved to the current device (an event is recorded on
 * a stream of its own device only), after the copies in flight. */
static int stage_move(struct eval *ev)
{
	int cur = cuda_cur->id, rc = 0;
	if (__builtin_expect(stage_dev == cur, 1))
		return 0;
	pthread_mutex_lock(&stage_mu);
	cudaSetDevice(stage_dev);
	for (int i = 0; i < MAXBUFS; i++)
		if (stage[i]) {
			if (stage_busy[i])
				cudaEventSynchronize(stage_ev[i]);
			stage_busy[i] = 0;
			cudaEventDestroy(stage_ev[i]);
		}
	cudaSetDevice(cur);
	for (int i = 0; i < MAXBUFS; i++) {
		cudaError_t e;
		if (stage[i] && (e = cudaEventCreateWithFlags(&stage_ev[i], cudaEventDisableTiming)) != cudaSuccess) {
			/* stage_init makes this one again */
			pool_pinned_free(stage[i]);
			stage[i] = NULL;
			__atomic_store_n(&stage_ready, 0, __ATOMIC_RELEASE);
			rc = CUDA_CHECK(ev, e);
		}
	}
	stage_dev = cur;
	pthread_mutex_unlock(&stage_mu);
	return rc;
}

/* Tests only: drop the staging buffers (after their copies) and read the
 * knobs again, so that one process can try several settings.  Not safe
 * while another thread transfers. */
void xfer_knobs_reread(void)
{
	pthread_once(&xc_once, xc_read);
	pthread_mutex_lock(&stage_mu);
	__atomic_store_n(&stage_ready, 0, __ATOMIC_RELEASE);
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
	pthread_mutex_unlock(&stage_mu);
}

/* ---- pinning host arrays that travel more than once ----
 * A registry of host ranges: seen once (staged), queued for pinning,
 * being pinned (by pin_main), pinned, or refused by the driver.  The
 * release hook drops a range's entries before its memory is freed,
 * unpinning it first (waiting for a registration in flight). */
#define PIN_MIN ((size_t)32 << 20)
#define PIN_SLOTS 32
enum { PIN_FREE, PIN_SEEN, PIN_QUEUED, PIN_BUSY, PIN_DONE, PIN_REFUSED };
static struct pin { char *lo; size_t n; int state; } pins[PIN_SLOTS];
static pthread_mutex_t pin_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pin_cv = PTHREAD_COND_INITIALIZER;
static size_t pin_total, pin_cap;      /* bytes queued or pinned, and the cap */
static int pin_on = -1, pin_thread_up, pin_next;

static void *pin_main(void *arg)
{
	(void)arg;
	cudaSetDevice(cuda_cur->id);
	pthread_mutex_lock(&pin_mu);
	for (;;) {
		struct pin *p = NULL;
		for (int i = 0; i < PIN_SLOTS && !p; i++)
			if (pins[i].state == PIN_QUEUED)
				p = &pins[i];
		if (!p) {
			pthread_cond_wait(&pin_cv, &pin_mu);
			continue;
		}
		p->state = PIN_BUSY;
		pthread_mutex_unlock(&pin_mu);
		int ok = cudaHostRegister(p->lo, p->n, cudaHostRegisterDefault) == cudaSuccess;
		if (!ok)
			cudaGetLastError();
		pthread_mutex_lock(&pin_mu);
		p->state = ok ? PIN_DONE : PIN_REFUSED;
		if (!ok)
			pin_total -= p->n;
		pthread_cond_broadcast(&pin_cv);
	}
	return NULL;
}

static void pin_release(void *data, size_t n)
{
	char *lo = data, *hi = lo + n;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < PIN_SLOTS; i++) {
		struct pin *p = &pins[i];
		if (p->state == PIN_FREE || p->lo >= hi || p->lo + p->n <= lo)
			continue;
		while (p->state == PIN_BUSY)
			pthread_cond_wait(&pin_cv, &pin_mu);
		if (p->state == PIN_DONE && cudaHostUnregister(p->lo) != cudaSuccess)
			cudaGetLastError();
		if (p->state == PIN_DONE || p->state == PIN_QUEUED)
			pin_total -= p->n;
		p->state = PIN_FREE;
	}
	pthread_mutex_unlock(&pin_mu);
}

/* A staged host->device transfer of [src, src + n): the first time, the
 * range is remembered; the second time, queued for pinning. */
static void pin_seen(const void *src, size_t n)
{
	char *lo = (char *)src;
	struct pin *free_slot = NULL, *same = NULL;
	if (pin_on < 0) {
		const char *e = getenv("LUMEN_XFER_PIN");
		pin_on = !(e && !strcmp(e, "0"));
		pin_cap = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE) / 4;
	}
	if (!pin_on || n < PIN_MIN)
		return;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < PIN_SLOTS; i++) {
		struct pin *p = &pins[i];
		if (p->state == PIN_FREE) {
			if (!free_slot)
				free_slot = p;
		} else if (p->lo < lo + n && lo < p->lo + p->n) {
			if (p->lo == lo && p->n == n && p->state == PIN_SEEN)
				same = p;
			else {   /* overlaps a range queued, pinned or refused */
				pthread_mutex_unlock(&pin_mu);
				return;
			}
		}
	}
	if (same) {
		if (pin_total + n <= pin_cap) {
			same->state = PIN_QUEUED;
			pin_total += n;
			if (!pin_thread_up) {
				pthread_t t;
				pthread_attr_t at;
				pthread_attr_init(&at);
				pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
				pin_thread_up = pthread_create(&t, &at, pin_main, NULL) == 0;
				pthread_attr_destroy(&at);
				__atomic_store_n(&host_release_hook, pin_release, __ATOMIC_RELEASE);
			}
			if (pin_thread_up)
				pthread_cond_signal(&pin_cv);
			else {
				same->state = PIN_SEEN;
				pin_total -= n;
			}
		}
	} else {
		if (!free_slot) {   /* recycle a remembered range, round robin */
			for (int k = 0; k < PIN_SLOTS && !free_slot; k++, pin_next = (pin_next + 1) % PIN_SLOTS)
				if (pins[pin_next].state == PIN_SEEN)
					free_slot = &pins[pin_next];
		}
		if (free_slot) {
			free_slot->lo = lo;
			free_slot->n = n;
			free_slot->state = PIN_SEEN;
			__atomic_store_n(&host_release_hook, pin_release, __ATOMIC_RELEASE);
		}
	}
	pthread_mutex_unlock(&pin_mu);
}

/* Tests only: the bytes pinned through the registry now */
size_t xfer_pinned_bytes(void)
{
	size_t b = 0;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < PIN_SLOTS; i++)
		if (pins[i].state == PIN_DONE)
			b += pins[i].n;
	pthread_mutex_unlock(&pin_mu);
	return b;
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
	cudaStream_t s = cuda_cur->stream;
	size_t nchunks;
	if (!n)
		return 0;
	if (n <= SMALL)
		return CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, s));
	if (is_pinned(src)) {
		/* straight DMA; the host array may change as soon as we return */
		if (CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, s)) < 0)
			return -1;
		return CUDA_CHECK(ev, cudaStreamSynchronize(s));
	}
	if (stage_init(ev, cuda_cur->id) < 0 || stage_move(ev) < 0)
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
	 * on their next use.  A range sent a second time gets pinned now, in
	 * the background, not while this copy runs. */
	pin_seen(src, n);
	return 0;
}

int xfer_d2h(struct eval *ev, void *dst, const void *src, size_t n)
{
	cudaStream_t s = cuda_cur->stream;
	size_t nchunks, ahead;
	if (!n)
		return 0;
	xfer_note_d2h(ev, n);
	if (n <= SMALL || is_pinned(dst)) {
		if (CUDA_CHECK(ev, cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToHost, s)) < 0)
			return -1;
		return CUDA_CHECK(ev, cudaStreamSynchronize(s));
	}
	if (stage_init(ev, cuda_cur->id) < 0 || stage_move(ev) < 0)
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
