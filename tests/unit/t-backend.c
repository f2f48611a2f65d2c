/*
 * t-backend.c — the host backend implements the whole interface: every
 * entry of struct backend (backend.h) and of its fft and linalg tables
 * (backend_lib.h) is set, for `np` (backend_host) and host mode's `cp`
 * (backend_host_cupy).  tests/backend-doors.test checks that the lists
 * below name every entry the headers declare.
 */
#include <stddef.h>
#include <stdio.h>
#include "backend/backend.h"
#include "array/arrapi.h"
#include "backend/host/host.h"

#include "tap.h"

/* ENTRIES: every function pointer of struct backend, in header order */
#define BACKEND_ENTRIES(X) X(alloc) X(free) X(alloc_zeroed) X(sync) X(copy) X(to_host) \
	X(from_host) X(fill) X(elementwise) X(reduce) X(reduce_masked) X(scan) X(matmul) X(sort) X(take_flat) \
	X(gather) X(scatter) X(stencil) X(spline_prefilter) X(interpolate) X(mask_count) \
	X(mask_take) X(mask_put) X(take_index) X(bounds) X(bin_count) X(arange_fill) X(vander) X(searchsorted) \
	X(segment_argminmax) X(elsewhere) X(put_index)
/* ENTRIES: struct backend_fft and struct backend_linalg */
#define FFT_ENTRIES(X) X(exec)
#define LINALG_ENTRIES(X) X(getrf) X(getrs) X(potrf) X(geqrf) X(orgqr) X(gesdd) X(syevd) X(geev) X(gelsd)
/* device shortcuts of the linalg table (backend_lib.h): NULL on the host,
 * where numerics/linalg_decomp.c keeps NumPy's own arithmetic */
#define LINALG_DEVICE_ONLY(X) X(trizero) X(lu_slogdet) X(geev_unpack) X(trsm)

static void check(const struct backend *be, const char *which)
{
	char what[160];
#define CHECK(e) \
	snprintf(what, sizeof what, "%s: %s", which, #e); \
	ok(be->e != NULL, what);
#define CHECK_FFT(e) \
	snprintf(what, sizeof what, "%s: fft->%s", which, #e); \
	ok(be->fft && be->fft->e != NULL, what);
#define CHECK_LINALG(e) \
	snprintf(what, sizeof what, "%s: linalg->%s", which, #e); \
	ok(be->linalg && be->linalg->e != NULL, what);
#define CHECK_DEVICE_ONLY(e) \
	snprintf(what, sizeof what, "%s: linalg->%s is a device shortcut (NULL)", which, #e); \
	ok(be->linalg && be->linalg->e == NULL, what);
	BACKEND_ENTRIES(CHECK)
	FFT_ENTRIES(CHECK_FFT)
	LINALG_ENTRIES(CHECK_LINALG)
	LINALG_DEVICE_ONLY(CHECK_DEVICE_ONLY)
	/* random stays NULL on the host by design: np.random's own MT19937 /
	 * PCG64 streams (random/) are the host's generators (backend.h) */
	snprintf(what, sizeof what, "%s: random is NumPy's own streams (NULL)", which);
	ok(be->random == NULL, what);
	snprintf(what, sizeof what, "%s: host memory", which);
	ok(!be->device_memory && be->device == DEV_HOST, what);
}

int main(void)
{
	host_register();   /* what engine_init_layers does first */
	check(&backend_host, "backend_host");
	check(&backend_host_cupy, "backend_host_cupy");
	printf("1..%d\n", nt);
	return nfail != 0;
}
