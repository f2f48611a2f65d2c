/*
 * host_count.c — the host backend's counting entries (struct backend's
 * bounds, bin_count, bin_weights): min/max with NaNs noted, bincount
 * (with weights: summed in item order, NumPy's loop), and NumPy's
 * histogram bins (the arithmetic bin of uniform edges corrected against
 * them, else a search), over a float64 / int64 view of the data.
 * Owns nothing.
 */
#include <math.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/error.h"
#include "backend/host/host.h"

int host_bounds(struct eval *ev, const struct ndarray *x, double *lo, double *hi, int *nan)
{
	struct ndarray *h = arr_host_c(ev, x, DT_FLOAT64);
	if (!h)
		return -1;
	const double *p = (const double *)nd_data(h);
	int64_t n = nd_size(h);
	double l = INFINITY, u = -INFINITY;
	int bad = 0;
	for (int64_t i = 0; i < n; i++) {
		double v = p[i];
		bad |= v != v;
		l = v < l ? v : l;
		u = v > u ? v : u;
	}
	nd_decref(h);
	*lo = l;
	*hi = u;
	*nan = bad;
	return 0;
}

/* The bin of v (e[0] <= v <= e[nb]): NumPy's histogram. */
static int64_t bin_of(const double *e, int64_t nb, int uniform, double norm, double v)
{
	int64_t k;
	if (uniform) {
		k = (int64_t)((v - e[0]) * norm);
		if (k == nb)
			k--;
		if (v < e[k])
			k--;
		else if (k != nb - 1 && v >= e[k + 1])
			k++;
		return k;
	}
	/* e[k] <= v < e[k+1], the last one closed: a search by conditional
	 * moves (the data is random) */
	const double *b = e;
	int64_t len = nb + 1;
	while (len > 1) {
		int64_t half = len / 2;
		b = b[half] <= v ? b + half : b;
		len -= half;
	}
	k = b - e;
	return k >= nb ? nb - 1 : k;
}

int host_bin_count(struct eval *ev, const struct ndarray *x, const double *edges, int64_t nb,
		   int uniform, struct ndarray *counts)
{
	int64_t *c = (int64_t *)nd_data(counts), n = nd_size(x);
	struct ndarray *h = arr_host_c(ev, x, edges ? DT_FLOAT64 : DT_INT64);
	if (!h)
		return -1;
	memset(c, 0, sizeof(int64_t) * nb);
	if (!edges) {
		const int64_t *p = (const int64_t *)nd_data(h);
		for (int64_t i = 0; i < n; i++)
			c[p[i]]++;
	} else if (nb > 0) {
		const double *p = (const double *)nd_data(h);
		double lo = edges[0], hi = edges[nb], norm = (double)nb / (hi - lo);
		for (int64_t i = 0; i < n; i++) {
			double v = p[i];
			if (v >= lo && v <= hi)
				c[bin_of(edges, nb, uniform, norm, v)]++;
		}
	}
	nd_decref(h);
	return 0;
}

int host_bin_weights(struct eval *ev, const struct ndarray *x, const struct ndarray *w, int64_t nb,
		     struct ndarray *sums)
{
	int64_t n = nd_size(x);
	struct ndarray *h;
	if (w->dtype != DT_FLOAT64 || !nd_is_c_contiguous(w) || nd_size(w) != n || sums->dtype != DT_FLOAT64
	    || !nd_is_c_contiguous(sums) || nd_size(sums) != nb)
		return err_set(ev, TY_RuntimeError, "bin_weights: w and sums must be C-contiguous float64"), -1;
	if (!(h = arr_host_c(ev, x, DT_INT64)))
		return -1;
	{
		const int64_t *p = (const int64_t *)nd_data(h);
		const double *wp = (const double *)nd_data(w);
		double *o = (double *)nd_data(sums);
		memset(o, 0, sizeof(double) * (size_t)nb);
		for (int64_t i = 0; i < n; i++)
			o[p[i]] += wp[i];
	}
	nd_decref(h);
	return 0;
}
