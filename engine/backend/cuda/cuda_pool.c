/*
 * cuda_pool.c — GPU memory: the stream-ordered allocator (cudaMallocAsync from the
 * device's default cudaMemPool_t with a release threshold that keeps freed
 * memory cached), CuPy's MemoryPool accounting on top, out-of-memory
 * recovery (trim the cache, retry once, then OutOfMemoryError), and a cache
 * of pinned host blocks for staging and cp.get_default_pinned_memory_pool().
 *
 * One pool per device (CuPy's: get_default_memory_pool() answers for the
 * current device); a block goes back to the pool of the device it came from.
 * Owns every device allocation's bytes count; never frees memory of a dead
 * device (the context is gone anyway).
 */
#include "config.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

#define FC_MAX ((size_t)64 << 10)
#define FC_SLOTS 32
static struct devpool {
	cudaMemPool_t mempool;
	size_t used;          /* bytes in live allocations (rounded as CuPy does) */
	size_t limit;         /* set_limit; 0: none */
	size_t nfree;         /* freed blocks not yet reused (an estimate) */
	struct { void *p; size_t r; } fc[FC_SLOTS];   /* the front cache below */
	int fc_n;
} pools[CUDA_MAXDEV];

/* the current device's pool */
static struct devpool *cur_pool(void)
{
	return &pools[cuda_cur->id];
}

static size_t round512(size_t n)
{
	return n ? (n + 511) & ~(size_t)511 : 512;
}

/* A front cache of small blocks freed on the default stream, handed out
 * again to the next allocation of the same size on that stream: a loop of
 * small statements (`c = a + b` on 1000 floats) then skips
 * cudaMallocAsync + cudaFreeAsync (0.86 us the pair on the H200).  Safe
 * without events: work on one stream runs in order, so the next user of a
 * block starts after the last one ended.  Blocks here count as free
 * (CuPy's free_bytes); free_all_blocks and out-of-memory give them back. */

static void fc_release(void)
{
	struct devpool *pl = cur_pool();
	for (int i = 0; i < pl->fc_n; i++)
		if (!cuda_cur->dead && cudaFreeAsync(pl->fc[i].p, 0) != cudaSuccess)
			cudaGetLastError();
	pl->fc_n = 0;
}

void pool_setup(int id)
{
	uint64_t thr = UINT64_MAX;
	const char *l = getenv("CUPY_GPU_MEMORY_LIMIT");
	struct devpool *d = &pools[id];
	cudaDeviceGetDefaultMemPool(&d->mempool, id);
	cudaMemPoolSetAttribute(d->mempool, cudaMemPoolAttrReleaseThreshold, &thr);
	if (l && *l) {
		char *end;
		double v = strtod(l, &end);
		if (*end == '%')
			v = v / 100.0 * (double)cuda_devs[id].total_mem;
		d->limit = v > 0 ? (size_t)v : 0;
	}
}

/* "1,234,567" */
static char *commas(size_t v, char *buf)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof tmp, "%zu", v), j = 0;
	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[j++] = ',';
		buf[j++] = tmp[i];
	}
	buf[j] = 0;
	return buf;
}

/* CuPy's words, then what would help: the device's free memory and what the
 * pool still caches (memreport appends the largest arrays by variable) */
static void *oom(struct eval *ev, size_t n)
{
	struct devpool *pl = cur_pool();
	char a[32], b[32], c[32], d[32], e[32], f[32];
	size_t fr = 0, tot = 0, held;
	if (!ev)
		return NULL;
	if (cudaMemGetInfo(&fr, &tot) != cudaSuccess)
		cudaGetLastError();
	held = pool_reserved_bytes();
	commas(fr, d);
	commas(tot, e);
	commas(held > pl->used ? held - pl->used : 0, f);
	if (pl->limit)
		return err_set(ev, TY_OutOfMemoryError,
			       "Out of memory allocating %s bytes (allocated so far: %s bytes, limit set to: %s bytes)."
			       " Device free: %s of %s bytes; pool cached: %s bytes",
			       commas(n, a), commas(pl->used, b), commas(pl->limit, c), d, e, f);
	return err_set(ev, TY_OutOfMemoryError,
		       "Out of memory allocating %s bytes (allocated so far: %s bytes)."
		       " Device free: %s of %s bytes; pool cached: %s bytes",
		       commas(n, a), commas(pl->used, b), d, e, f);
}

void *pool_alloc(struct eval *ev, size_t n)
{
	struct devpool *pl = cur_pool();
	size_t r = round512(n);
	void *p = NULL;
	cudaError_t e;

	if (cuda_cur->dead) {
		if (ev)
			cuda_fail(ev, cudaErrorIllegalAddress, "alloc");
		return NULL;
	}
	if (pl->limit && pl->used + r > pl->limit)
		return oom(ev, r);
	if (r <= FC_MAX && !cuda_cur->stream)
		for (int i = pl->fc_n - 1; i >= 0; i--)
			if (pl->fc[i].r == r) {
				p = pl->fc[i].p;
				pl->fc[i] = pl->fc[--pl->fc_n];
				pl->used += r;
				if (pl->nfree)
					pl->nfree--;
				return p;
			}
	e = cudaMallocAsync(&p, r, cuda_cur->stream);
	if (e == cudaErrorMemoryAllocation) {
		/* release what the pool caches, then try once more */
		cudaGetLastError();
		pool_free_all_blocks();
		pool_pinned_free_all_blocks();
		e = cudaMallocAsync(&p, r, cuda_cur->stream);
		if (e == cudaErrorMemoryAllocation) {
			cudaGetLastError();
			return oom(ev, r);
		}
	}
	if (e != cudaSuccess) {
		if (ev)
			cuda_fail(ev, e, "cudaMallocAsync");
		else
			cudaGetLastError();
		return NULL;
	}
	pl->used += r;
	if (pl->nfree)
		pl->nfree--;
	return p;
}

void pool_free(void *p, size_t n)
{
	struct devpool *pl = cur_pool();
	if (!p)
		return;
	pl->used -= round512(n);
	pl->nfree++;
	if (round512(n) <= FC_MAX && !cuda_cur->stream && !cuda_cur->dead) {
		if (pl->fc_n == FC_SLOTS) {   /* full: one goes back to the pool */
			if (cudaFreeAsync(pl->fc[0].p, 0) != cudaSuccess)
				cudaGetLastError();
			pl->fc[0] = pl->fc[--pl->fc_n];
		}
		pl->fc[pl->fc_n].p = p;
		pl->fc[pl->fc_n++].r = round512(n);
		return;
	}
	if (!cuda_cur->dead && cudaFreeAsync(p, cuda_cur->stream) != cudaSuccess)
		cudaGetLastError();
}

/* A block of device dev while another is current: back to dev's pool, on
 * dev's stream (a front-cache block waits there for dev's next use). */
void pool_free_on(int dev, void *p, size_t n)
{
	struct devpool *d;
	int cur = cuda_cur->id;
	if (dev == cur || dev < 0 || dev >= CUDA_MAXDEV) {
		pool_free(p, n);
		return;
	}
	d = &pools[dev];
	if (!p)
		return;
	d->used -= round512(n);
	d->nfree++;
	if (cuda_devs[dev].dead)
		return;
	if (round512(n) <= FC_MAX && !cuda_devs[dev].stream && d->fc_n < FC_SLOTS) {
		d->fc[d->fc_n].p = p;
		d->fc[d->fc_n++].r = round512(n);
		return;
	}
	if (cudaSetDevice(dev) != cudaSuccess || cudaFreeAsync(p, cuda_devs[dev].stream) != cudaSuccess)
		cudaGetLastError();
	cudaSetDevice(cur);
}

size_t pool_used_bytes(void) { return cur_pool()->used; }

size_t pool_used_bytes_of(int dev) { return dev >= 0 && dev < CUDA_MAXDEV ? pools[dev].used : 0; }

size_t pool_total_bytes(void)
{
	struct devpool *pl = cur_pool();
	size_t reserved = pool_reserved_bytes();
	return reserved > pl->used ? reserved : pl->used;
}

/* the bytes the driver holds for the pool (in use or cached) */
size_t pool_reserved_bytes(void)
{
	struct devpool *pl = cur_pool();
	uint64_t reserved = 0;
	if (cuda_cur->ok && !cuda_cur->dead)
		cudaMemPoolGetAttribute(pl->mempool, cudaMemPoolAttrReservedMemCurrent, &reserved);
	return (size_t)reserved;
}

size_t pool_free_bytes(void) { return pool_total_bytes() - cur_pool()->used; }

size_t pool_n_free_blocks(void) { return pool_free_bytes() ? (cur_pool()->nfree ? cur_pool()->nfree : 1) : 0; }

void pool_free_all_blocks(void)
{
	struct devpool *pl = cur_pool();
	if (!cuda_cur->ok || cuda_cur->dead)
		return;
	fc_release();
	if (cudaStreamSynchronize(cuda_cur->stream) != cudaSuccess
	    || cudaMemPoolTrimTo(pl->mempool, 0) != cudaSuccess)
		cudaGetLastError();
	pl->nfree = 0;
}

void pool_set_limit(size_t l) { cur_pool()->limit = l; }
size_t pool_get_limit(void) { return cur_pool()->limit; }

/* ---- pinned host blocks ---- */

struct pinned { void *p; size_t size; int inuse; };
static pthread_mutex_t pin_mu = PTHREAD_MUTEX_INITIALIZER;
static struct pinned *pins;
static int npins, cappins;

void *pool_pinned_alloc(struct eval *ev, size_t n)
{
	size_t r = (n + 65535) & ~(size_t)65535;
	int best = -1;
	void *p = NULL;

	if (!r)
		r = 65536;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < npins; i++)
		if (!pins[i].inuse && pins[i].size >= r && pins[i].size <= 2 * r
		    && (best < 0 || pins[i].size < pins[best].size))
			best = i;
	if (best >= 0) {
		pins[best].inuse = 1;
		p = pins[best].p;
		pthread_mutex_unlock(&pin_mu);
		return p;
	}
	pthread_mutex_unlock(&pin_mu);
	if (cudaHostAlloc(&p, r, cudaHostAllocPortable) != cudaSuccess) {
		cudaGetLastError();
		pool_pinned_free_all_blocks();
		if (cudaHostAlloc(&p, r, cudaHostAllocPortable) != cudaSuccess) {
			cudaGetLastError();
			return ev ? err_set(ev, TY_OutOfMemoryError,
					    "Out of memory allocating %zu bytes (pinned host memory).", r) : NULL;
		}
	}
	pthread_mutex_lock(&pin_mu);
	if (npins == cappins) {
		int nc = cappins ? 2 * cappins : 16;
		struct pinned *np = realloc(pins, nc * sizeof *np);
		if (!np) {
			pthread_mutex_unlock(&pin_mu);
			cudaFreeHost(p);
			return ev ? err_nomem(ev) : NULL;
		}
		pins = np;
		cappins = nc;
	}
	pins[npins++] = (struct pinned){p, r, 1};
	pthread_mutex_unlock(&pin_mu);
	return p;
}

void pool_pinned_free(void *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < npins; i++)
		if (pins[i].p == p)
			pins[i].inuse = 0;
	pthread_mutex_unlock(&pin_mu);
}

size_t pool_pinned_n_free_blocks(void)
{
	size_t n = 0;
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < npins; i++)
		n += !pins[i].inuse;
	pthread_mutex_unlock(&pin_mu);
	return n;
}

void pool_pinned_free_all_blocks(void)
{
	pthread_mutex_lock(&pin_mu);
	for (int i = 0; i < npins; ) {
		if (!pins[i].inuse) {
			cudaFreeHost(pins[i].p);
			pins[i] = pins[--npins];
		} else {
			i++;
		}
	}
	pthread_mutex_unlock(&pin_mu);
}

#endif /* HAVE_CUDA */
