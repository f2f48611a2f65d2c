/*
 * host_sort.h — the host backend's row sorts (host_sort.c), for the few
 * front-end algorithms that sort host scratch rows of their own (unique,
 * isin, lexsort), and NumPy's item order (NaNs last, complex
 * lexicographic) that their searches and comparisons share.  Arrays reach
 * the sorts through struct backend's sort entry.
 */
#ifndef LUMEN_HOST_SORT_H
#define LUMEN_HOST_SORT_H

#include <stdint.h>

struct eval;
struct ndarray;

/* NumPy's order: NaNs after every number; complex lexicographic, a NaN part last */
#define LT_NUM(a, b) ((a) < (b))
#define LT_FLT(a, b) ((a) < (b) || ((b) != (b) && (a) == (a)))

struct cf { float re, im; };
struct cd { double re, im; };

static inline int lt_cplx(double ar, double ai, double br, double bi)
{
	if (ar < br)
		return ai == ai || bi != bi;
	if (ar > br)
		return bi != bi && ai == ai;
	if (ar == br || (ar != ar && br != br))
		return ai < bi || (bi != bi && ai == ai);
	return br != br;
}
#define LT_CF(a, b) lt_cplx((a).re, (a).im, (b).re, (b).im)
#define LT_CD(a, b) lt_cplx((a).re, (a).im, (b).re, (b).im)

/* Sorts one contiguous row of n items of dtype dt in place (stable: -0.0
 * and 0.0 keep their order).  0, or -1 with the error set. */
int host_sort_row(struct eval *ev, int dt, void *v, int64_t n, int stable);
/* Stable argsort of one contiguous row: idx gets n indices; tmp is scratch
 * of n / 2 + 1 int64.  0, or -1 with the error set. */
int host_argsort_row(struct eval *ev, int dt, const void *v, int64_t n, int64_t *idx, int64_t *tmp);

/* NumPy's introselect (host_select.c) of one contiguous row of n items of
 * dtype dt for the nkth ascending positions kth (each in [0, n)): the row
 * reordered in place as NumPy's partition leaves it, or (idx not NULL) the
 * row only read and idx filled with NumPy's argpartition of it. */
void host_select_row(int dt, void *v, int64_t *idx, int64_t n, const int64_t *kth, int nkth);
/* 1 when NumPy selects a single kth of dt with x86-simd-sort (arg: its
 * argselect) rather than introselect: its arrangement is then not
 * host_select_row's (a small row comes back sorted) */
int host_select_simd(int dt, int arg);

/* struct backend's sort: every row along the last axis of the C-contiguous
 * a, in place, or (idx_out not NULL) its stable argsort into idx_out (a
 * then only read). */
int host_sort(struct eval *ev, struct ndarray *a, struct ndarray *idx_out, int stable);

#endif
