/*
 * devsearch.h — sorting and searching composed from device-resident steps
 * (devsearch.c), for sortsearch.c.  Private to lib/.
 */
#ifndef LUMEN_DEVSEARCH_H
#define LUMEN_DEVSEARCH_H

#include "array/arrapi.h"

/* whether sortsearch.c takes these paths for arrays of be: a backend of
 * device memory (device_memory), or any under LUMEN_DEVSEARCH=1 */
int ds_wanted(const struct backend *be);
/* np.flatnonzero(a); np.nonzero(a) (a->ndim >= 1), or with argwhere
 * np.argwhere(a) */
struct value *ds_flatnonzero(struct eval *ev, const struct ndarray *a);
struct value *ds_nonzero(struct eval *ev, const struct ndarray *a, int argwhere);
/* np.isin(e, t, invert=invert) compared as dtype kd (a real dtype but
 * float16; the backend has searchsorted) */
struct value *ds_isin(struct eval *ev, const struct ndarray *e, const struct ndarray *t, int kd,
		      int invert);
/* np.unique(a, return_index, return_inverse, return_counts) with axis None,
 * a of a real dtype but float16 */
struct value *ds_unique(struct eval *ev, const struct ndarray *a, int want_idx, int want_inv,
			int want_cnt);

/* np.isclose(a, b, rtol, atol, equal_nan), or with all np.allclose (a 0-d
 * bool array: CuPy's answer; the caller makes NumPy's bool of it) */
struct value *ds_isclose(struct eval *ev, const struct ndarray *a, const struct ndarray *b, double rtol,
			 double atol, int equal_nan, int all);
/* all((a == b) | (isnan(a) & isnan(b))) (the NaN term with equal_nan and
 * an inexact dtype), a and b of one shape and backend: a 0-d bool array,
 * one reduction kernel on the device */
struct value *ds_all_equal(struct eval *ev, const struct ndarray *a, const struct ndarray *b, int equal_nan);
/* np.triu(m, k) (upper) / np.tril(m, k); m->ndim >= 1 */
struct value *ds_trilu(struct eval *ev, const struct ndarray *m, int64_t k, int upper);

/* np.convolve / np.correlate of 1-d a and w (already reversed, and
 * conjugated, for a correlation) of a real result dtype dt, by FFT:
 * items lo .. lo + len of the full convolution of a and w */
struct value *ds_convolve(struct eval *ev, const struct ndarray *a, const struct ndarray *w, int dt,
			  int64_t lo, int64_t len);

/* the same items by direct sums (a correlation stencil on a's backend in
 * the host loop's order): w = v reversed when conv; v read on the host */
struct value *ds_conv_direct(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int conv,
			     int dt, int64_t lo, int64_t len);

#endif
