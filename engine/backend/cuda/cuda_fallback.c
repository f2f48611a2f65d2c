/*
 * cuda_fallback.c — the one list of what `cp` computes by a round trip
 * through host memory instead of on the device: {function, reason, where},
 * and a count per entry of the round trips made.  The list is meant to
 * shrink to empty; cp.cuda.lumen_fallbacks() shows it (tests/plugin.test
 * prints it).  Owns the table, the counters and the round trips the
 * entries share (cuda_trip_*: the host backend's entry on host copies)
 * and the entries that are a round trip whole (cuda_vander);
 * computes nothing itself.
 *
 * `where` says which file does the round trip today: "cuda" for a CUDA
 * backend entry (it calls cuda_fallback_count), otherwise the front-end
 * file that still branches on the device (to move behind a backend entry).
 */
#include "config.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

struct fallback {
	const char *function;   /* as the user calls it */
	const char *reason;     /* why the device does not do it */
	const char *where;      /* who does the round trip today */
};

/* ORDER enum cuda_fb (cuda_int.h) */
static const struct fallback fallbacks[] = {
	[FB_LINALG_GELSD] = {"numpy.linalg.lstsq", "no cuSOLVER gelsd in struct backend_linalg",
	 "numerics/linalg.c (lin_dispatch)"},
	[FB_LINALG_NONFINITE] = {"numpy.linalg decompositions of inputs with inf or NaN",
	 "cuSOLVER pivots differently on non-finite values; LAPACK's results are NumPy's",
	 "numerics/linalg.c (lin_dispatch)"},
	[FB_REDUCE_WHERE] = {"reductions with where= (sum, prod, min, max, mean, var, ufunc.reduce ...)",
	 "CuPy has no where=: NumPy's host loop (the rest of mean, var ... on the device)", "cuda"},
	[FB_REDUCE_COMPLEX_ORDER] = {"min, max, argmin, argmax, nanmin, nanmax of complex arrays",
	 "the device reductions order reals only (NumPy's order is lexicographic)",
	 "cuda"},
	[FB_QUANTILE] = {"median, percentile, quantile with weights, nan- or a method but linear; complex median",
	 "rows selected on the host (the linear method of unweighted data sorts on the device)",
	 "ufunc/reduce.c (stat_rows_as)"},
	[FB_BINCOUNT_WEIGHTS] = {"bincount(weights=), histogram(weights=), histogram of complex, histogram2d, histogramdd",
	 "struct backend's bin_count counts without weights, real values only", "lib/stats.c"},
	[FB_NDIMAGE_EMPTY] = {"scipy.ndimage filters of 0-d or empty arrays", "the stencil kernels index a shape",
	 "cuda"},
	[FB_VANDER] = {"vander", "built on the host and copied", "cuda"},
	[FB_PUT_AT] = {"ufunc.at", "host loops", "ufunc/ufuncmeth.c"},
	[FB_INDEX_ARRAYS] = {"indexing by index arrays or lists", "the key is lowered to host offsets", "lib/index.c (item_of_array)"},
	[FB_RANDOM_DISTS] = {"cp.random distributions other than uniform and normal",
	 "struct backend_random fills UNIFORM/NORMAL/BITS only: NumPy's host draws are copied",
	 "random/random.c (rnd_deliver)"},
	[FB_SCAN_INEXACT] = {"cumsum, cumprod, nancumsum, nancumprod of float16 and complex",
	 "the device scans 32/64-bit ints and float32/64; a wider scan would change the rounding", "cuda"},
};
#define NFALLBACK FB_COUNT

static atomic_long counts[NFALLBACK];

void cuda_fallback_count(enum cuda_fb id)
{
	if ((int)id >= 0 && id < FB_COUNT)
		atomic_fetch_add(&counts[id], 1);
}

int cuda_fallback_n(void)
{
	return NFALLBACK;
}

/* The array a host copy ends in: out (on this backend) gets h's items
 * (C order, h C-contiguous of out's shape and dtype). */
int cuda_trip_back(struct eval *ev, struct ndarray *out, const struct ndarray *h)
{
	if (!nd_size(out))
		return 0;
	return out->buf->be->from_host(ev, out, nd_data(h));
}

/* struct backend's reduce on host copies: every array leaf of t copied to
 * host memory, the host backend's reduce into a host out, copied into out */
int cuda_trip_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op, uint64_t axes,
		     struct ndarray *out)
{
	struct ew_tree *h = malloc(sizeof *h);
	struct ndarray *hout = NULL;
	int i, n = 0, rc = -1;
	if (!h)
		return err_nomem(ev), -1;
	*h = *t;
	for (; n < t->narrays; n++)
		if (!(h->arrays[n] = arr_to_host(ev, t->arrays[n])))
			goto out;
	if (!(hout = nd_new(ev, &backend_host, out->dtype, out->ndim, out->shape)))
		goto out;
	if (backend_host.reduce(ev, h, op, axes, hout) < 0 || cuda_trip_back(ev, out, hout) < 0)
		goto out;
	rc = 0;
out:
	for (i = 0; i < n; i++)
		nd_decref(h->arrays[i]);
	nd_decref(hout);
	free(h);
	return rc;
}

/* struct backend's reduce_masked: the host backend's masked loop on host
 * copies of a, mask and out (which holds the start values) */
int cuda_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		       enum red_op op, const char *ufname, struct ndarray *out)
{
	struct ndarray *h = arr_to_host(ev, a);
	struct ndarray *hm = h ? arr_to_host(ev, mask) : NULL;
	struct ndarray *hout = hm ? arr_to_host(ev, out) : NULL;
	int rc = hout && backend_host.reduce_masked(ev, h, hm, op, ufname, hout) == 0
		 && cuda_trip_back(ev, out, hout) == 0 ? 0 : -1;
	nd_decref(h);
	nd_decref(hm);
	nd_decref(hout);
	if (rc == 0)
		cuda_fallback_count(FB_REDUCE_WHERE);
	return rc;
}

/* struct backend's vander: the host backend's columns of powers, copied */
int cuda_vander(struct eval *ev, const struct ndarray *x, int increasing, struct ndarray *out)
{
	struct ndarray *h = arr_to_host(ev, x);
	struct ndarray *hout = h ? nd_new(ev, &backend_host, out->dtype, out->ndim, out->shape) : NULL;
	int rc = hout && backend_host.vander(ev, h, increasing, hout) == 0
		 && cuda_trip_back(ev, out, hout) == 0 ? 0 : -1;
	nd_decref(h);
	nd_decref(hout);
	if (rc == 0)
		cuda_fallback_count(FB_VANDER);
	return rc;
}

/* cp.cuda.lumen_fallbacks(): a list of (function, reason, where, count) */
struct value *cuda_fallback_list(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *items[NFALLBACK], *r;
	(void)bi;
	if (args_parse(ev, "lumen_fallbacks", argc, argv, kw, "") < 0)
		return NULL;
	for (int i = 0; i < NFALLBACK; i++) {
		struct value *t[4] = {val_cstr(fallbacks[i].function), val_cstr(fallbacks[i].reason),
				      val_cstr(fallbacks[i].where), val_int(atomic_load(&counts[i]))};
		int ok = t[0] && t[1] && t[2] && t[3];
		if (!ok)
			for (int k = 0; k < 4; k++)
				val_decref(t[k]);
		if (!ok || !(items[i] = val_tuple_new(4, t))) {   /* steals t */
			for (int k = 0; k < i; k++)
				val_decref(items[k]);
			return err_nomem(ev);
		}
	}
	if (!(r = val_list_new(NFALLBACK, items)))   /* steals items */
		return err_nomem(ev);
	return r;
}

#endif /* HAVE_CUDA */
