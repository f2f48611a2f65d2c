/*
 * ndarray.c — creating, viewing and releasing arrays.
 *
 * Owns the refcounts of struct ndarray and struct buffer.  Never touches the
 * elements: what an array holds is the backends' business.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "array/ndarray.h"
#include "array/arrapi.h"
#include "array/memreport.h"
#include "lang/core.h"
#include "lang/strbuf.h"
#include "backend/backend.h"
#include "lang/error.h"

static int size_of_shape(int ndim, const int64_t *shape, int itemsize, size_t *nbytes)
{
	uint64_t n = 1;
	for (int i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return -1;
		if (shape[i] && n > (uint64_t)INT64_MAX / (uint64_t)shape[i])
			return -1;
		n *= (uint64_t)shape[i];
	}
	if (n > (uint64_t)INT64_MAX / (uint64_t)itemsize)
		return -1;
	*nbytes = n * (uint64_t)itemsize;
	return 0;
}

/* The host backends' objects (backend.h, arrapi.h): filled by the host
 * backend at start-up (host_register), named by every layer */
struct backend backend_host, backend_host_cupy;

/*
 * Array headers are large (two ND_MAXDIM vectors) and every small statement
 * makes and drops one or more, so freed ones wait in a short per-thread list
 * for the next array instead of going back to malloc.  (A plain malloc +
 * memset would do nearly as well, but GCC folds that pair into calloc, which
 * skips glibc's per-thread cache.)  Per thread: an array may be released on
 * a thread other than the one that made it; the list only holds headers,
 * never their buffers.
 */
#ifdef __SANITIZE_ADDRESS__
enum { HDR_KEEP = 0 };    /* let AddressSanitizer see every use after free */
#else
enum { HDR_KEEP = 32 };
#endif
static _Thread_local struct ndarray *hdr_free[HDR_KEEP ? HDR_KEEP : 1];
static _Thread_local int hdr_nfree;

/* A zeroed struct ndarray, or NULL. */
static struct ndarray *nd_struct_new(void)
{
	struct ndarray *a = hdr_nfree ? hdr_free[--hdr_nfree] : malloc(sizeof *a);
	if (a)
		memset(a, 0, sizeof *a);
	return a;
}

static void nd_struct_free(struct ndarray *a)
{
	if (hdr_nfree < HDR_KEEP)
		hdr_free[hdr_nfree++] = a;
	else
		free(a);
}

void nd_size_string(char *buf, size_t n, double bytes)
{
	static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
	int bl = 0, ui;
	double v;
	for (double b = bytes; b >= 1; b /= 2)
		bl++;
	ui = (bl - 1 > 1 ? bl - 1 : 1) / 10;
	if (ui > 6)
		ui = 6;
	v = bytes / ldexp(1, ui * 10);
	if (round(v) == 1024 && ui < 6) {
		ui++;
		v /= 1024;
	}
	if (ui == 0)
		snprintf(buf, n, "%.0f %s", v, units[ui]);
	else if (round(v) < 1000)
		snprintf(buf, n, "%#.3g %s", v, units[ui]);
	else
		snprintf(buf, n, "%#.0f %s", v, units[ui]);
}

/* NumPy's MemoryError for a host array that this machine cannot hold: past
 * its physical memory malloc may still promise the block (overcommit) and
 * the process would die at first touch, so it is refused here. */
static void *host_too_big(struct eval *ev, int dtype, int ndim, const int64_t *shape, size_t nbytes)
{
	char sz[64], sh[512];
	nd_size_string(sz, sizeof sz, (double)nbytes);
	arr_format_shape(sh, sizeof sh, ndim, shape);
	return err_set(ev, TY_MemoryError, "Unable to allocate %s for an array with shape %s and data type %s",
		       sz, sh, dtype_table[dtype].name);
}

/* After a failed allocation: a host MemoryError says NumPy's words, then
 * what the machine can still give and which variables hold the largest
 * arrays; a device OutOfMemoryError gets those variables appended.  NULL. */
static void *host_short(struct eval *ev, const struct backend *be, int dtype, int ndim,
			const int64_t *shape, size_t nbytes)
{
	struct sbuf sb = {0};
	const char *why;
	char sz[64], fr[64], sh[512], *msg;
	size_t avail;

	if (!ev || !ev->err || ev->err->type != VT_EXCEPTION || ev->err->u.exc.type != TY_MemoryError ||
	    be->device_memory) {
		memrep_enrich(ev, be->device_memory);
		return NULL;
	}
	avail = memrep_host_avail(&why);
	nd_size_string(sz, sizeof sz, (double)nbytes);
	arr_format_shape(sh, sizeof sh, ndim, shape);
	sb_printf(&sb, "Unable to allocate %s for an array with shape %s and data type %s", sz, sh,
		  dtype_table[dtype].name);
	if (avail != SIZE_MAX) {
		nd_size_string(fr, sizeof fr, (double)avail);
		sb_printf(&sb, " (%s free: %s)", fr, why);
	}
	sb_adds(&sb, "; largest live arrays: ");
	if (!memrep_largest(ev, &sb, 0, 5, ", ", ""))
		sb_adds(&sb, "none");
	msg = sb_take(&sb);
	if (!msg)
		return NULL;
	err_clear(ev);
	err_set(ev, TY_MemoryError, "%s", msg);
	free(msg);
	return NULL;
}

static struct ndarray *nd_make(struct eval *ev, const struct backend *be, int dtype,
			       int ndim, const int64_t *shape, int zeroed)
{
	size_t nbytes;
	int item = dt_size(dtype);
	struct ndarray *a;

	if (ndim < 0 || ndim > ND_MAXDIM)
		return err_set(ev, TY_ValueError,
			       "maximum supported dimension for an ndarray is currently %d, found %d",
			       ND_MAXDIM, ndim);
	if (size_of_shape(ndim, shape, item, &nbytes) < 0) {
		for (int i = 0; i < ndim; i++)
			if (shape[i] < 0)
				return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
		return err_set(ev, TY_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
	}
	if (!be->device_memory && nbytes > ((size_t)1 << 32)
	    && (double)nbytes > (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE))
		return host_too_big(ev, dtype, ndim, shape, nbytes);
	a = nd_struct_new();
	if (!a)
		return err_nomem(ev);
	a->buf = zeroed ? be->alloc_zeroed(ev, nbytes) : be->alloc(ev, nbytes);
	if (!a->buf) {
		nd_struct_free(a);
		return host_short(ev, be, dtype, ndim, shape, nbytes);
	}
	a->refcnt = 1;
	a->dtype = dtype;
	a->ndim = ndim;
	a->flags = ND_WRITEABLE;
	/* C strides; a new empty array has all strides 0, as NumPy 2 gives it */
	int64_t stride = nbytes ? item : 0;
	for (int i = ndim - 1; i >= 0; i--) {
		a->shape[i] = shape[i];
		a->strides[i] = stride;
		stride *= shape[i];
	}
	return a;
}

struct ndarray *nd_new(struct eval *ev, const struct backend *be, int dtype,
		       int ndim, const int64_t *shape)
{
	return nd_make(ev, be, dtype, ndim, shape, 0);
}

struct ndarray *nd_new_zeroed(struct eval *ev, const struct backend *be, int dtype,
			      int ndim, const int64_t *shape)
{
	return nd_make(ev, be, dtype, ndim, shape, 1);
}

struct ndarray *nd_view(struct eval *ev, const struct ndarray *base, int dtype,
			int ndim, const int64_t *shape, const int64_t *strides,
			int64_t offset)
{
	struct ndarray *a;
	if (ndim < 0 || ndim > ND_MAXDIM)
		return err_set(ev, TY_ValueError,
			       "maximum supported dimension for an ndarray is currently %d, found %d",
			       ND_MAXDIM, ndim);
	a = nd_struct_new();
	if (!a)
		return err_nomem(ev);
	a->refcnt = 1;
	a->dtype = dtype;
	a->ndim = ndim;
	a->flags = base->flags;
	a->sub = base->sub == ND_MATRIX && ndim != 2 ? ND_PLAIN : base->sub;
	if (ndim) {   /* a 0-d view may come with NULL shape and strides */
		memcpy(a->shape, shape, sizeof(int64_t) * ndim);
		memcpy(a->strides, strides, sizeof(int64_t) * ndim);
	}
	a->offset = offset;
	a->buf = base->buf;
	a->buf->refcnt++;
	a->base = nd_incref((struct ndarray *)(base->base ? base->base : base));
	return a;
}

void buf_decref(struct buffer *b)
{
	if (b && --b->refcnt == 0)
		b->be->free(b);
}

void nd_decref(struct ndarray *a)
{
	if (a && --a->refcnt == 0) {
		buf_decref(a->buf);
		nd_decref(a->base);
		nd_struct_free(a);
	}
}

int64_t nd_size(const struct ndarray *a)
{
	int64_t n = 1;
	for (int i = 0; i < a->ndim; i++)
		n *= a->shape[i];
	return n;
}

int nd_is_c_contiguous(const struct ndarray *a)
{
	int64_t s = dt_size(a->dtype);
	if (nd_size(a) == 0)    /* an empty array is both, whatever its strides */
		return 1;
	for (int i = a->ndim - 1; i >= 0; i--) {
		if (a->shape[i] != 1 && a->strides[i] != s)
			return 0;
		s *= a->shape[i];
	}
	return 1;
}

int nd_is_f_contiguous(const struct ndarray *a)
{
	int64_t s = dt_size(a->dtype);
	if (nd_size(a) == 0)    /* an empty array is both, whatever its strides */
		return 1;
	for (int i = 0; i < a->ndim; i++) {
		if (a->shape[i] != 1 && a->strides[i] != s)
			return 0;
		s *= a->shape[i];
	}
	return 1;
}

const struct backend *nd_backend(const struct ndarray *a) { return a->buf->be; }
enum device nd_device(const struct ndarray *a) { return a->buf->be->device; }
int nd_host_memory(const struct ndarray *a) { return !a->buf->be->device_memory; }
