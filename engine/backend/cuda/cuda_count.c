/*
 * cuda_count.c — counting on the device: struct backend's bounds and
 * bin_count for the CUDA backend (contract in backend.h), which serve
 * cp.histogram and cp.bincount (stats.c) without copying the data to the
 * host.
 *
 * bounds: one grid-stride pass folds min, max and "saw a NaN" per block;
 * the host folds the block partials (a few KiB back).  bin_count: one pass
 * finds each item's bin exactly as the host loop of stats.c does (the same
 * double arithmetic, so the same bins) and counts it, in a block-private
 * shared-memory histogram when the bins fit, else with global atomics.
 * Counts are integers, so the order of the atomics cannot change them.
 *
 * segment_argminmax (a line's decimation for plot/): one block a segment
 * folds the first smallest and largest item's index; only the bounds go
 * up and the two index lists come back (~130 KiB for 8192 columns).
 *
 * Owns nothing beyond the call: partials and the edges table go through the
 * stream-ordered pool and are released before returning.
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

#define CT_SHBINS 4096   /* bins counted in shared memory (u32 each) */

/* kernels/count.cuh, embedded by kernels/embed.sh */
static const char ct_src[] =
#include "kernels/count.inc"
	;

static const char *ct_type(int dt)
{
	switch (dt) {
	case DT_BOOL: case DT_UINT8: return "unsigned char";
	case DT_INT8: return "signed char";
	case DT_INT16: return "short";
	case DT_UINT16: return "unsigned short";
	case DT_INT32: return "int";
	case DT_UINT32: return "unsigned int";
	case DT_INT64: return "long long";
	case DT_UINT64: return "unsigned long long";
	case DT_FLOAT16: return "lm_half";
	case DT_FLOAT32: return "float";
	case DT_FLOAT64: return "double";
	default: return NULL;
	}
}

/* The counting kernels for items of dtype dt (tests compile it without a
 * device); NULL for a dtype they do not read (complex). */
const char *cuda_count_source(int dt, char *buf, size_t size)
{
	const char *t = ct_type(dt);
	if (!t)
		return NULL;
	snprintf(buf, size, "#include \"lumen.cuh\"\n#define LM_T %s\n#define LM_LD(v) ((double)%s(v))\n"
		 "#define LM_SHBINS %d\n%s", t, dt == DT_FLOAT16 ? "lm_h2f" : "", CT_SHBINS, ct_src);
	return buf;
}

/* x as a C-contiguous device array (a new reference). */
static struct ndarray *ct_contig(struct eval *ev, const struct ndarray *x)
{
	return nd_is_c_contiguous(x) ? nd_incref((struct ndarray *)x) : arr_contiguous(ev, x);
}

int cuda_bounds(struct eval *ev, const struct ndarray *x, double *lo, double *hi, int *nan)
{
	char src[sizeof ct_src + 256];
	int64_t n = nd_size(x);
	struct ndarray *c = NULL;
	double *part = NULL, *hp = NULL;
	unsigned g = 0;
	int r = -1;
	void *fn;

	*lo = INFINITY;
	*hi = -INFINITY;
	*nan = 0;
	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (!cuda_count_source(x->dtype, src, sizeof src))
		return err_set(ev, TY_RuntimeError, "bounds: a real dtype is needed"), -1;
	if (n == 0)
		return 0;
	if (!(fn = jit_get(ev, src, "lm_bounds", 0, NULL)) || !(c = ct_contig(ev, x)))
		return -1;
	g = cuew_grid(n, 1);
	if (!(part = pool_alloc(ev, (size_t)g * 3 * sizeof(double))))
		goto out;
	if (!(hp = malloc((size_t)g * 3 * sizeof(double)))) {
		err_nomem(ev);
		goto out;
	}
	{
		const void *px = nd_data(c);
		long long nn = n;
		void *args[] = {&px, &nn, &part};
		unsigned grid[3] = {g, 1, 1}, block[3] = {256, 1, 1};
		if (jit_launch(ev, fn, grid, block, 0, args) < 0
		    || xfer_d2h(ev, hp, part, (size_t)g * 3 * sizeof(double)) < 0)
			goto out;
	}
	for (unsigned b = 0; b < g; b++) {
		if (hp[3 * b] < *lo)
			*lo = hp[3 * b];
		if (hp[3 * b + 1] > *hi)
			*hi = hp[3 * b + 1];
		if (hp[3 * b + 2] != 0)
			*nan = 1;
	}
	r = 0;
out:
	if (part)
		pool_free(part, (size_t)g * 3 * sizeof(double));
	free(hp);
	nd_decref(c);
	return r;
}

int cuda_bin_count(struct eval *ev, const struct ndarray *x, const double *edges, int64_t nb,
		   int uniform, struct ndarray *counts)
{
	char src[sizeof ct_src + 256];
	int64_t n = nd_size(x);
	struct ndarray *c = NULL;
	double *de = NULL, norm = 0;
	int mode = !edges ? 2 : uniform ? 0 : 1, r = -1;
	size_t shmem = nb <= CT_SHBINS ? (size_t)nb * 4 : 0;
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (!cuda_count_source(x->dtype, src, sizeof src))
		return err_set(ev, TY_RuntimeError, "bin_count: a real dtype is needed"), -1;
	if (!nd_is_c_contiguous(counts) || counts->dtype != DT_INT64 || nd_size(counts) != nb)
		return err_set(ev, TY_RuntimeError, "bin_count: counts must be C-contiguous int64 of nb items"), -1;
	if (nb > 0 && CUDA_CHECK(ev, cudaMemsetAsync(nd_data(counts), 0, (size_t)nb * 8, cuda_cur->stream)) < 0)
		return -1;
	if (n == 0 || nb == 0)
		return 0;
	if (!(fn = jit_get(ev, src, "lm_bins", 0, NULL)) || !(c = ct_contig(ev, x)))
		return -1;
	if (edges) {
		norm = (double)nb / (edges[nb] - edges[0]);   /* stats.c's host loop */
		if (!(de = pool_alloc(ev, (size_t)(nb + 1) * 8))
		    || xfer_h2d(ev, de, edges, (size_t)(nb + 1) * 8) < 0)
			goto out;
	}
	{
		const void *px = nd_data(c);
		void *pc = nd_data(counts);
		long long nn = n, nbb = nb;
		void *args[] = {&px, &nn, &de, &nbb, &norm, &mode, &pc};
		unsigned grid[3] = {cuew_grid(n, 4), 1, 1}, block[3] = {256, 1, 1};
		r = jit_launch(ev, fn, grid, block, shmem, args);
	}
out:
	if (de)
		pool_free(de, (size_t)(nb + 1) * 8);
	nd_decref(c);
	return r;
}

int cuda_segment_argminmax(struct eval *ev, const struct ndarray *y, const int64_t *bounds, int64_t nseg,
			   int64_t *imin, int64_t *imax)
{
	char src[sizeof ct_src + 256];
	size_t nb = (size_t)(3 * nseg + 1) * sizeof(int64_t);
	int64_t *d = NULL;
	int r = -1;
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (y->dtype != DT_FLOAT64 || y->ndim != 1 || !nd_is_c_contiguous(y))
		return err_set(ev, TY_RuntimeError, "segment_argminmax: a contiguous 1-d float64 array is needed"), -1;
	if (nseg <= 0)
		return 0;
	if (!(fn = jit_get(ev, cuda_count_source(DT_FLOAT64, src, sizeof src), "lm_segminmax", 0, NULL)))
		return -1;
	if (!(d = pool_alloc(ev, nb)))
		return -1;
	if (xfer_h2d(ev, d, bounds, (size_t)(nseg + 1) * sizeof(int64_t)) == 0) {
		const void *py = nd_data(y);
		long long *db = (long long *)d, *dmin = db + nseg + 1, *dmax = dmin + nseg, ns = nseg;
		void *args[] = {&py, &db, &ns, &dmin, &dmax};
		unsigned grid[3] = {nseg < 65535 ? (unsigned)nseg : 65535u, 1, 1}, block[3] = {256, 1, 1};
		if (jit_launch(ev, fn, grid, block, 0, args) == 0
		    && xfer_d2h(ev, imin, dmin, (size_t)nseg * sizeof(int64_t)) == 0
		    && xfer_d2h(ev, imax, dmax, (size_t)nseg * sizeof(int64_t)) == 0)
			r = 0;
	}
	pool_free(d, nb);
	return r;
}

#endif /* HAVE_CUDA */
