/*
 * plot_reduce.c — a line's decimation: points sorted by x reduced to at
 * most four per column (first, min, max, last), which draws the same
 * pixels as the whole line.  pl_reduce_minmax runs on host doubles at draw
 * time (one column per pixel); pl_reduce_array is the entry point for big
 * arrays at plot() time, taking the arrays where they live: the host
 * version reads host arrays in place; a device array is reduced where it
 * lives: the column of each point (the same double arithmetic as the host
 * loop) and the columns' bounds by searchsorted on the device, then the
 * backend's segment_argminmax, so only ~4 points a column cross the bus,
 * never the 1e8 of the line.  Owns nothing it returns.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lang/error.h"
#include "array/arrapi.h"
#include "array/nscall.h"
#include "lib/devsearch.h"
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

/* a (1-d) as a C-contiguous float64 array where it lives (a new reference) */
static struct ndarray *f64_contig(struct eval *ev, const struct ndarray *a)
{
	if (a->dtype != DT_FLOAT64)
		return arr_astype(ev, a, DT_FLOAT64);
	return nd_is_c_contiguous(a) ? nd_incref((struct ndarray *)a) : arr_contiguous(ev, a);
}

/* one float64 item of a device array */
static int item_at(struct eval *ev, const struct ndarray *a, int64_t i, double *v)
{
	return nd_backend(a)->take_flat(ev, a, &i, 1, v);
}

/* x (may be NULL) and y reduced where they live: the picks of
 * pl_reduce_minmax for the same columns.  1 done, 0 not reducible, -1 error */
static int reduce_device(struct eval *ev, const struct ndarray *x, const struct ndarray *y, int columns,
			 double **ox, double **oy, int64_t *on)
{
	const struct backend *be = nd_backend(y);
	int64_t n = nd_size(y), nb = columns + 1, *b = NULL, *mn = NULL, *mx = NULL, *pick = NULL, k = 0;
	struct ndarray *yd = f64_contig(ev, y), *xd = NULL;
	struct value *colv = NULL;
	double lo = 0, hi = (double)(n - 1);
	int rc = -1;
	if (!yd)
		return -1;
	if (x) {
		struct value *xv, *sorted;
		int t;
		if (!(xd = f64_contig(ev, x)))
			goto out;
		/* sorted (no NaN): all(x[1:] >= x[:-1]) where x lives, one bool back */
		xv = arr_wrap(ev, nd_incref(xd));
		sorted = ex_fn1(ev, be, "all", ex_bin(ev, OP_GE, ex_item(ev, val_incref(xv), ex_slice(1, NS_NONE)),
							   ex_item(ev, val_incref(xv), ex_slice(NS_NONE, -1))));
		val_decref(xv);
		t = sorted ? val_truth(ev, sorted) : -1;
		if (sorted)
			val_decref(sorted);
		if (t <= 0) {
			rc = t;
			goto out;
		}
		if (item_at(ev, xd, 0, &lo) < 0 || item_at(ev, xd, n - 1, &hi) < 0)
			goto out;
	}
	if (!(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
		rc = 0;
		goto out;
	}
	{
		/* as pl_reduce_minmax: column floor((x - x0) * scale), the last
		 * point in a column of its own */
		double x1 = hi + (hi - lo) / (columns - 1), scale = columns / (x1 - lo);
		struct value *f64 = val_dtype(DT_FLOAT64, 1), *na[1] = {val_int(n)}, *qa[1] = {val_int(nb)};
		struct value *xs = xd ? arr_wrap(ev, nd_incref(xd)) : arr_ns_callk(ev, be, "arange", 1, na, "dtype", f64);
		struct value *edges, *bv;
		colv = ex_fn1(ev, be, "floor", ex_bin(ev, OP_MUL, ex_bin(ev, OP_SUB, xs, val_float(lo)), val_float(scale)));
		edges = arr_ns_callk(ev, be, "arange", 1, qa, "dtype", f64);
		val_decref(na[0]);
		val_decref(qa[0]);
		val_decref(f64);
		if (!colv || !edges) {
			if (edges)
				val_decref(edges);
			goto out;
		}
		{
			struct value *sa[2] = {colv, edges};
			bv = arr_ns_call(ev, be, "searchsorted", 2, sa, NULL);
		}
		val_decref(edges);
		if (!bv)
			goto out;
		b = malloc(sizeof *b * (size_t)nb);
		if (!b) {
			val_decref(bv);
			err_nomem(ev);
			goto out;
		}
		{
			struct ndarray *bh = arr_host_c(ev, arr_borrow(bv), DT_INT64);
			val_decref(bv);
			if (!bh)
				goto out;
			memcpy(b, nd_data(bh), sizeof *b * (size_t)nb);
			nd_decref(bh);
		}
		b[columns] = n;   /* points past the last column (none: x <= hi) */
	}
	mn = malloc(sizeof *mn * (size_t)columns);
	mx = malloc(sizeof *mx * (size_t)columns);
	pick = malloc(sizeof *pick * (size_t)(4 * columns + 8));
	*ox = malloc(sizeof **ox * (size_t)(4 * columns + 8));
	*oy = malloc(sizeof **oy * (size_t)(4 * columns + 8));
	if (!mn || !mx || !pick || !*ox || !*oy) {
		err_nomem(ev);
		goto out;
	}
	if (be->segment_argminmax(ev, yd, b, columns, mn, mx) < 0)
		goto out;
	for (int64_t c = 0; c < columns; c++) {
		if (b[c] >= b[c + 1])
			continue;
		int64_t p4[4] = { b[c], mn[c] < mx[c] ? mn[c] : mx[c], mn[c] < mx[c] ? mx[c] : mn[c], b[c + 1] - 1 };
		for (int j = 0; j < 4; j++)
			if (!j || p4[j] != p4[j - 1])
				pick[k++] = p4[j];
	}
	if (be->take_flat(ev, yd, pick, k, *oy) < 0)
		goto out;
	if (xd) {
		if (be->take_flat(ev, xd, pick, k, *ox) < 0)
			goto out;
	} else {
		for (int64_t i = 0; i < k; i++)
			(*ox)[i] = (double)pick[i];
	}
	*on = k;
	rc = 1;
out:
	if (rc <= 0) {
		free(*ox);
		free(*oy);
		*ox = *oy = NULL;
	}
	if (colv)
		val_decref(colv);
	free(b);
	free(mn);
	free(mx);
	free(pick);
	nd_decref(xd);
	nd_decref(yd);
	return rc;
}

int pl_reduce_array(struct eval *ev, const struct ndarray *x, const struct ndarray *y, int columns,
		    double **ox, double **oy, int64_t *on)
{
	if (ds_wanted(nd_backend(y)) && nd_backend(y)->segment_argminmax && (!x || nd_backend(x) == nd_backend(y)))
		return reduce_device(ev, x, y, columns, ox, oy, on);
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
