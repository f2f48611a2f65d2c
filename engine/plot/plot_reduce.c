/*
 * plot_reduce.c — the host version of a line's decimation: points sorted
 * by x reduced to at most four per pixel column (first, min, max, last),
 * which draws the same pixels as the whole line.  The entry point the CUDA
 * backend is to implement for lines of 1e8 points.  Owns nothing.
 */
#include <math.h>
#include "plot/plot.h"

int64_t pl_reduce_minmax(const double *x, const double *y, int64_t n, double x0, double x1,
			 int columns, double *ox, double *oy)
{
	int64_t k = 0, i = 0;
	double scale = columns / (x1 - x0);
	while (i < n) {
		double c = floor((x[i] - x0) * scale);
		int64_t first = i, imin = i, imax = i, last = i;
		for (i++; i < n && floor((x[i] - x0) * scale) == c; i++) {
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
			if (k >= 4 * (int64_t)columns + 8)
				return k;
			ox[k] = x[pick[j]];
			oy[k] = y[pick[j]];
			k++;
		}
	}
	return k;
}
