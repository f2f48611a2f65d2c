/*
 * host_backend.c — the host backend: arrays in host memory, computed by C
 * loops, OpenBLAS/LAPACKE and FFTW.  This is the `np` namespace and the CPU
 * baseline `%timeit -c` compares against.
 *
 * Owns host buffers (64-byte aligned malloc).  Never touches a device.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <pthread.h>
#include "ufunc/fpe.h"
#include "backend/host/host_search.h"
#include "backend/host/host_sort.h"
#include "backend/backend.h"
#include "backend/ukparse.h"
#include "backend/host/host.h"
#include "backend/host/host_int.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "array/memreport.h"
#include "ufunc/ufunc.h"


static struct buffer *host_alloc_on(struct eval *ev, size_t nbytes,
				    const struct backend *be);

static struct buffer *host_alloc(struct eval *ev, size_t nbytes)
{
	return host_alloc_on(ev, nbytes, &backend_host);
}

static struct buffer *host_alloc_zeroed_np(struct eval *ev, size_t nbytes)
{
	return host_alloc_zeroed(ev, nbytes, &backend_host);
}

static struct buffer *host_alloc_zeroed_cupy(struct eval *ev, size_t nbytes)
{
	return host_alloc_zeroed(ev, nbytes, &backend_host_cupy);
}

/* cp arrays in host mode: same memory, their own namespace (arrapi.h) */
static struct buffer *host_cupy_alloc(struct eval *ev, size_t nbytes)
{
	return host_alloc_on(ev, nbytes, &backend_host_cupy);
}

/*
 * Two caches of freed buffers, each keeping a few for the next array of the
 * same rounded size.  Small blocks (up to HC_MAX bytes): a loop of small
 * statements (`c = a + b` on 1000 floats) does not pay glibc's aligned_alloc
 * (and its fastbin consolidation for blocks of 1 KiB and more) per temporary.
 * Large blocks (the 2 MiB-aligned huge-page ones, up to LC_MAX): a loop of
 * big statements (`m = x > 0.5` on 1e7 floats) reuses memory whose pages are
 * already mapped instead of faulting in fresh ones per result -- what
 * glibc's sliding mmap threshold gives NumPy's plain malloc.  LC_MAX bounds
 * what one block may hold back from the system (4 of them at most).  Under a
 * mutex: buffers can be released on another thread.
 */
struct bcache {
	int n, next;
	struct { size_t size; void *data; } slot[16];
};
#define HC_MAX ((size_t)64 << 10)
#define LC_MAX ((size_t)64 << 20)
static struct bcache small_cache = {16, 0, {{0, NULL}}};
static struct bcache large_cache = {4, 0, {{0, NULL}}};
static pthread_mutex_t hc_mu = PTHREAD_MUTEX_INITIALIZER;

static void *bc_take(struct bcache *c, size_t rounded)
{
	void *p = NULL;
	pthread_mutex_lock(&hc_mu);
	for (int i = 0; i < c->n; i++)
		if (c->slot[i].data && c->slot[i].size == rounded) {
			p = c->slot[i].data;
			c->slot[i].data = NULL;
			break;
		}
	pthread_mutex_unlock(&hc_mu);
	return p;
}

/* Set by the CUDA plugin (cuda_transfer.c) once it pins host arrays that travel
 * to the device again and again: told of a large block's data before the
 * block goes back to the system, so that it is unpinned first. */
void (*host_release_hook)(void *data, size_t n);
#define HOOK_MIN ((size_t)1 << 20)

static void release(void *block, void *data, size_t n)
{
	void (*hook)(void *, size_t) = __atomic_load_n(&host_release_hook, __ATOMIC_ACQUIRE);
	if (hook && data && n >= HOOK_MIN)
		hook(data, n);
	free(block);
}

/* Keeps p for reuse; when every slot is full, the one placed longest ago
 * round robin is freed instead. */
static void bc_put(struct bcache *c, size_t rounded, void *p)
{
	void *old = NULL;
	size_t old_size = 0;
	int kept = 0;
	pthread_mutex_lock(&hc_mu);
	for (int i = 0; i < c->n && !kept; i++)
		if (!c->slot[i].data) {
			c->slot[i].size = rounded;
			c->slot[i].data = p;
			kept = 1;
		}
	if (!kept) {
		old = c->slot[c->next].data;
		old_size = c->slot[c->next].size;
		c->slot[c->next].size = rounded;
		c->slot[c->next].data = p;
		c->next = (c->next + 1) % c->n;
	}
	pthread_mutex_unlock(&hc_mu);
	release(old, old, old_size);
}

/* what the large path allocates: whole 2 MiB pages */
static size_t huge_size(size_t rounded)
{
	return (rounded + ((size_t)2 << 20) - 1) & ~(((size_t)2 << 20) - 1);
}

/* bytes of the live buffers of host mode's `cp` arrays (backend_host_cupy):
 * what host mode's cp.get_default_memory_pool().used_bytes() reports */
static size_t cupy_live_bytes;

static void count_cupy(const struct backend *be, size_t nbytes, int sign)
{
	if (be == &backend_host_cupy) {
		if (sign > 0)
			__atomic_add_fetch(&cupy_live_bytes, nbytes, __ATOMIC_RELAXED);
		else
			__atomic_sub_fetch(&cupy_live_bytes, nbytes, __ATOMIC_RELAXED);
	}
}

void host_pool_stats(size_t *used, size_t *cached, size_t *nblocks)
{
	*used = __atomic_load_n(&cupy_live_bytes, __ATOMIC_RELAXED);
	*cached = *nblocks = 0;
	pthread_mutex_lock(&hc_mu);
	for (int k = 0; k < 2; k++) {
		struct bcache *c = k ? &large_cache : &small_cache;
		for (int i = 0; i < c->n; i++)
			if (c->slot[i].data) {
				*cached += c->slot[i].size;
				++*nblocks;
			}
	}
	pthread_mutex_unlock(&hc_mu);
}

void host_pool_free_all(void)
{
	for (int k = 0; k < 2; k++) {
		struct bcache *c = k ? &large_cache : &small_cache;
		for (int i = 0; i < c->n; i++) {
			pthread_mutex_lock(&hc_mu);
			void *p = c->slot[i].data;
			size_t n = c->slot[i].size;
			c->slot[i].data = NULL;
			pthread_mutex_unlock(&hc_mu);
			if (p)
				release(p, p, n);
		}
	}
}

/* allocations this big first ask memrep_host_avail what the machine can give */
#define HOST_CHECK_MIN ((size_t)64 << 20)

static struct buffer *host_alloc_on(struct eval *ev, size_t nbytes,
				    const struct backend *be)
{
	int retry = 1;
	struct buffer *b = malloc(sizeof *b);
	size_t rounded = (nbytes + 63) & ~(size_t)63;
	if (!b || nbytes > ((size_t)1 << 46))
		goto nomem;
	/* past what the machine can give, malloc may still promise the block
	 * and the kernel die at first touch: refused here, after the caches of
	 * freed blocks went back (one retry, as CuPy's pool does) */
	if (rounded >= HOST_CHECK_MIN) {
		const char *why;
		if (rounded > memrep_host_avail(&why)) {
			host_pool_free_all();
			if (rounded > memrep_host_avail(&why))
				goto nomem;
		}
	}
again:
	if (rounded <= HC_MAX && (b->data = bc_take(&small_cache, rounded ? rounded : 64))) {
		/* reused */
	} else if (rounded >= ((size_t)4 << 20) && huge_size(rounded) <= LC_MAX
		   && (b->data = bc_take(&large_cache, huge_size(rounded)))) {
		/* reused, pages mapped */
	} else if (rounded >= ((size_t)4 << 20)) {
		/* large: 2 MiB aligned and transparent huge pages, as NumPy's
		 * allocator asks, so first touch faults 512x less often */
		size_t huge = huge_size(rounded);
		if (posix_memalign(&b->data, (size_t)2 << 20, huge))
			b->data = NULL;
		else
			madvise(b->data, huge, MADV_HUGEPAGE);
	} else {
		b->data = aligned_alloc(64, rounded ? rounded : 64);
	}
	if (!b->data && retry) {
		host_pool_free_all();
		retry = 0;
		goto again;
	}
	if (!b->data)
		goto nomem;
	b->refcnt = 1;
	b->nbytes = nbytes;
	b->be = be;
	b->cookie = NULL;
	b->release = NULL;
	b->device = 0;
	count_cupy(be, nbytes, 1);
	return b;
nomem:
	free(b);
	return err_set(ev, TY_MemoryError,
		       "Unable to allocate %.3g GiB for an array", (double)nbytes / (1 << 30));
}

/* A zero-filled buffer for np.zeros/np.empty, as NumPy's calloc: glibc hands
 * out fresh mmap pages without writing them, so the zeros cost a page fault
 * at first touch instead of a pass over memory.  64-byte aligned inside the
 * calloc block, which cookie keeps for host_free. */
struct buffer *host_alloc_zeroed(struct eval *ev, size_t nbytes, const struct backend *be)
{
	struct buffer *b = malloc(sizeof *b);
	char *raw = NULL;
	const char *why;
	if (b && nbytes <= ((size_t)1 << 46) && nbytes >= HOST_CHECK_MIN &&
	    nbytes > memrep_host_avail(&why)) {
		host_pool_free_all();
		if (nbytes > memrep_host_avail(&why)) {
			free(b);
			b = NULL;
		}
	}
	if (b && nbytes <= ((size_t)1 << 46)) {
		raw = calloc(1, nbytes + 64);
		if (!raw) {
			host_pool_free_all();
			raw = calloc(1, nbytes + 64);
		}
	}
	if (!raw) {
		free(b);
		return err_set(ev, TY_MemoryError,
			       "Unable to allocate %.3g GiB for an array", (double)nbytes / (1 << 30));
	}
	b->data = raw + (64 - ((uintptr_t)raw & 63));
	if (nbytes >= ((size_t)4 << 20)) {
		uintptr_t lo = ((uintptr_t)raw + ((2u << 20) - 1)) & ~(uintptr_t)((2u << 20) - 1);
		uintptr_t hi = ((uintptr_t)raw + nbytes) & ~(uintptr_t)((2u << 20) - 1);
		if (hi > lo)
			madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
	}
	b->refcnt = 1;
	b->nbytes = nbytes;
	b->be = be;
	b->cookie = raw;
	b->release = NULL;
	b->device = 0;
	count_cupy(be, nbytes, 1);
	return b;
}

static void host_free(struct buffer *b)
{
	size_t rounded = (b->nbytes + 63) & ~(size_t)63;
	if (b->release) {   /* memory of its own (np.memmap's mapping) */
		b->release(b);
		return;
	}
	count_cupy(b->be, b->nbytes, -1);
	if (b->cookie)
		release(b->cookie, b->data, b->nbytes);
	else if (rounded <= HC_MAX)
		bc_put(&small_cache, rounded ? rounded : 64, b->data);
	else if (rounded >= ((size_t)4 << 20) && huge_size(rounded) <= LC_MAX)
		bc_put(&large_cache, huge_size(rounded), b->data);
	else
		release(b->data, b->data, rounded >= ((size_t)4 << 20) ? huge_size(rounded) : rounded);
	free(b);
}

static int host_sync(struct eval *ev) { return 0; }

/* out[i] = a.flat[idx[i]] (C order over a's shape, any strides); idx must
 * be in range.  Written by format (repr gathers only the items it shows). */
static int host_take_flat(struct eval *ev, const struct ndarray *a, const int64_t *idx,
			  int64_t n, void *host_out)
{
	int sz = dt_size(a->dtype);
	const char *base = (const char *)a->buf->data + a->offset;
	char *out = host_out;
	for (int64_t i = 0; i < n; i++) {
		int64_t f = idx[i], off = 0;
		for (int k = a->ndim - 1; k >= 0; k--) {
			int64_t s = a->shape[k];
			off += (f % s) * a->strides[k];
			f /= s;
		}
		memcpy(out + i * sz, base + off, sz);
	}
	return 0;
}

/* the elementwise loops with NumPy's RuntimeWarnings (fpe.c) */
static int host_elementwise_fpe(struct eval *ev, const struct ew_tree *t, struct ndarray *out)
{
	return fpe_host_elementwise(ev, t, out, uf_host_elementwise);
}

/* the entries NumPy's and host-mode CuPy's tables share (one place to add an entry) */
/* the host is one device: an array is never elsewhere */
static int host_elsewhere(const struct ndarray *a)
{
	(void)a;
	return 0;
}

#define HOST_SHARED_ENTRIES \
	.name = "host", \
	.device = DEV_HOST, \
	.order_k = 1, \
	.free = host_free, \
	.sync = host_sync, \
	.take_flat = host_take_flat, \
	.copy = uf_host_copy, \
	.to_host = host_to_host, \
	.from_host = host_from_host, \
	.fill = host_fill, \
	.reduce = red_host_reduce, \
	.reduce_masked = red_host_reduce_masked, \
	.scan = red_host_scan, \
	.stencil = ndi_host_stencil, \
	.spline_prefilter = ndi_host_prefilter, \
	.interpolate = ndi_host_interpolate, \
	.matmul = linalg_host_matmul, \
	.fft = &host_fft, \
	.linalg = &host_linalg, \
	.arange_fill = host_arange_fill, \
	.vander = host_vander, \
	.searchsorted = host_searchsorted, \
	.sort = host_sort, \
	.argsort_reads = 1, \
	.gather = host_gather, \
	.scatter = host_scatter, \
	.mask_count = host_mask_count, \
	.mask_take = host_mask_take, \
	.mask_put = host_mask_put, \
	.take_index = host_take_index, \
	.bounds = host_bounds, \
	.bin_count = host_bin_count, \
	.segment_argminmax = host_segment_argminmax, \
	.elsewhere = host_elsewhere, \
	.put_index = host_put_index, \
	.bin_weights = host_bin_weights,

static const struct backend host_np = {
	.alloc = host_alloc,
	.alloc_zeroed = host_alloc_zeroed_np,
	.elementwise = host_elementwise_fpe,   /* NumPy's RuntimeWarnings (fpe.c) */
	HOST_SHARED_ENTRIES
};

/* The same functions for `cp` in host mode (arrapi.h). */
static const struct backend host_cupy = {
	.cupy = 1,
	.alloc = host_cupy_alloc,
	.alloc_zeroed = host_alloc_zeroed_cupy,
	.elementwise = uf_host_elementwise,
	HOST_SHARED_ENTRIES
};

void host_register(void)
{
	backend_host = host_np;
	backend_host_cupy = host_cupy;
	host_cudaobj_register();
	ukjit_register();
}
