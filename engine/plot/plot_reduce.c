/*
 * plot_reduce.c — a line's decimation: points sorted by x reduced to at
 * most four per column (first, min, max, last), which draws the same
 * pixels as the whole line.  pl_reduce_minmax runs on host doubles at draw
 * time (one column per pixel); pl_reduce_array is the entry point for big
 * arrays at plot() time, taking the arrays where they live: the host
 * version reads host arrays in place; a device array is brought to the host
 * first, and this is the one function a device (CUDA) version replaces so
 * that 1e8 points never cross the bus.  Owns nothing it returns.
 */
#include <math.h>
#include <stdlib.h>
#include "lang/error.h"
#include "array/arrapi.h"
#include "plot/plot.h"

int64_t pl_reduce_minmax(const double *x, const double *y, int64_t n, double x0, double x1,
			 int columns, double *ox, double *oy)
{
	int64_t k = 0, i = 0, cap = 4 * (int64_t)columns + 8;
	double scale = columns / (x1 - x0);
	while (i < n) {
		double xi = x ? x[i] : (double)i;
		double c = floor((xi - x0) * scale);
		int64_t first = i, imin = i, imax = i, last = i;
		for (i++; i < n && floor(((x ? x[i] : (double)i) - x0) * scale) == c; i++) {
			if (y[i] < y[imin] || isnan(y[imin]))
				imin = i;
			if (y[i] > y[imax] || isnan(y[imax]))
				imax = i;
			last = i;
		}
		int64_t pick[4] = { first, imin < imax ? imin : imax, imin < imax ? imax : imin, last };
		for (int j = 0; j < 4; j++) {
			if (j && pick[j] == pick[j - 1])
				continue;
			if (k >= cap)
				return k;
			ox[k] = x ? x[pick[j]] : (double)pick[j];
			oy[k] = y[pick[j]];
			k++;
		}
	}
	return k;
}

int pl_reduce_array(struct eval *ev, const struct ndarray *x, const struct ndarray *y, int columns,
		    double **ox, double **oy, int64_t *on)
{
	struct ndarray *hy = arr_host_c(ev, y, DT_FLOAT64), *hx = NULL;
	int rc = -1;
	*ox = *oy = NULL;
	if (!hy)
		return -1;
	if (x && !(hx = arr_host_c(ev, x, DT_FLOAT64)))
		goto out;
	int64_t n = nd_size(hy);
	const double *xs = hx ? (const double *)nd_data(hx) : NULL, *ys = (const double *)nd_data(hy);
	double lo = xs ? xs[0] : 0, hi = xs ? xs[n - 1] : (double)(n - 1);
	for (int64_t i = 1; xs && i < n; i++)
		if (!(xs[i] >= xs[i - 1])) {  /* not sorted (or NaN): keep every point */
			rc = 0;
			goto out;
		}
	if (!(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
		rc = 0;
		goto out;
	}
	*ox = malloc(sizeof **ox * (size_t)(4 * columns + 8));
	*oy = malloc(sizeof **oy * (size_t)(4 * columns + 8));
	if (!*ox || !*oy) {
		free(*ox);
		free(*oy);
		*ox = *oy = NULL;
		err_nomem(ev);
		goto out;
	}
	/* the last point gets a column of its own: [lo, hi] over columns - 1 widths */
	*on = pl_reduce_minmax(xs, ys, n, lo, hi + (hi - lo) / (columns - 1), columns, *ox, *oy);
	rc = 1;
out:
	nd_decref(hx);
	nd_decref(hy);
	return rc;
}
