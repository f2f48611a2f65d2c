/*
 * backend_host.c — the host backend: arrays in host memory, computed by C
 * loops, OpenBLAS/LAPACKE and FFTW.  This is the `np` namespace and the CPU
 * baseline `%timeit -c` compares against.
 *
 * Owns host buffers (64-byte aligned malloc).  Never touches a device.
 */
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "error.h"

static struct buffer *host_alloc(struct eval *ev, size_t nbytes)
{
	struct buffer *b = malloc(sizeof *b);
	size_t rounded = (nbytes + 63) & ~(size_t)63;
	if (!b || nbytes > ((size_t)1 << 46))
		goto nomem;
	b->data = aligned_alloc(64, rounded ? rounded : 64);
	if (!b->data)
		goto nomem;
	b->refcnt = 1;
	b->nbytes = nbytes;
	b->be = &backend_host;
	b->cookie = NULL;
	return b;
nomem:
	free(b);
	return err_set(ev, TY_MemoryError,
		       "Unable to allocate %.3g GiB for an array", (double)nbytes / (1 << 30));
}

static void host_free(struct buffer *b)
{
	free(b->data);
	free(b);
}

static int host_sync(struct eval *ev) { return 0; }

const struct backend backend_host = {
	.name = "host",
	.device = DEV_HOST,
	.alloc = host_alloc,
	.free = host_free,
	.sync = host_sync,
};
