/*
 * host_search.c — sorted search on the host: struct backend's searchsorted
 * for the host backend (contract in backend.h), NumPy's npy_binsearch for
 * every real dtype but float16 (when the queries ascend, the last answer
 * bounds the next search), NaNs last in NumPy's order; and the per-segment
 * argmin/argmax of a line's decimation (segment_argminmax).  Owns nothing
 * beyond the call.
 */
#include <stdint.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "backend/host/host_search.h"
#include "lang/error.h"

#define LT_NUM(p, q) ((p) < (q))
#define LT_FLT(p, q) ((p) < (q) || ((q) != (q) && (p) == (p)))

#define SS_DEF(NAME, T, LT)                                                          \
static void ss_##NAME(const T *a, int64_t n, const T *v, int64_t m, int right,    \
		      int64_t *out)                                                  \
{                                                                                   \
	int64_t lo = 0, hi = n;                                                     \
	T last;                                                                     \
	if (m <= 0)                                                                 \
		return;                                                             \
	last = v[0];                                                                \
	for (int64_t i = 0; i < m; i++) {                                           \
		const T x = v[i];                                                   \
		if (LT(last, x)) {                                                  \
			hi = n;                                                     \
		} else {                                                            \
			lo = 0;                                                     \
			hi = hi < n ? hi + 1 : n;                                   \
		}                                                                   \
		last = x;                                                           \
		while (lo < hi) {                                                   \
			const int64_t mid = lo + ((hi - lo) >> 1);                  \
			if (right ? !LT(x, a[mid]) : LT(a[mid], x))                 \
				lo = mid + 1;                                       \
			else                                                        \
				hi = mid;                                           \
		}                                                                   \
		out[i] = lo;                                                        \
	}                                                                           \
}

SS_DEF(b, uint8_t, LT_NUM)
SS_DEF(i8, int8_t, LT_NUM)
SS_DEF(u8, uint8_t, LT_NUM)
SS_DEF(i16, int16_t, LT_NUM)
SS_DEF(u16, uint16_t, LT_NUM)
SS_DEF(i32, int32_t, LT_NUM)
SS_DEF(u32, uint32_t, LT_NUM)
SS_DEF(i64, int64_t, LT_NUM)
SS_DEF(u64, uint64_t, LT_NUM)
SS_DEF(f32, float, LT_FLT)
SS_DEF(f64, double, LT_FLT)

int host_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int right,
		      struct ndarray *out)
{
	int64_t n = nd_size(a), m = nd_size(v);
	const void *pa = nd_data(a), *pv = nd_data(v);
	int64_t *po = (int64_t *)nd_data(out);
	if (a->dtype != v->dtype || a->ndim != 1 || !nd_is_c_contiguous(a) || !nd_is_c_contiguous(v)
	    || !nd_is_c_contiguous(out) || out->dtype != DT_INT64 || nd_size(out) != m)
		return err_set(ev, TY_RuntimeError, "searchsorted: contiguous a (1-d), v of its dtype and int64 out are needed"), -1;
	switch (a->dtype) {
	case DT_BOOL: ss_b(pa, n, pv, m, right, po); break;
	case DT_INT8: ss_i8(pa, n, pv, m, right, po); break;
	case DT_UINT8: ss_u8(pa, n, pv, m, right, po); break;
	case DT_INT16: ss_i16(pa, n, pv, m, right, po); break;
	case DT_UINT16: ss_u16(pa, n, pv, m, right, po); break;
	case DT_INT32: ss_i32(pa, n, pv, m, right, po); break;
	case DT_UINT32: ss_u32(pa, n, pv, m, right, po); break;
	case DT_INT64: ss_i64(pa, n, pv, m, right, po); break;
	case DT_UINT64: ss_u64(pa, n, pv, m, right, po); break;
	case DT_FLOAT32: ss_f32(pa, n, pv, m, right, po); break;
	case DT_FLOAT64: ss_f64(pa, n, pv, m, right, po); break;
	default:
		return err_set(ev, TY_RuntimeError, "searchsorted: a real dtype but float16 is needed"), -1;
	}
	return 0;
}

/* a beats b as a segment's minimum (max: larger) under plot_reduce.c's
 * order: a number beats NaN, of two NaNs the later, of equals the earlier */
static int seg_beats(double av, int64_t ai, double bv, int64_t bi, int max)
{
	int an = av != av, bn = bv != bv;
	if (bi < 0)
		return 1;
	if (an != bn)
		return bn;
	if (an)
		return ai > bi;
	if (av != bv)
		return max ? av > bv : av < bv;
	return ai < bi;
}

int host_segment_argminmax(struct eval *ev, const struct ndarray *y, const int64_t *bounds, int64_t nseg,
			   int64_t *imin, int64_t *imax)
{
	const double *p = (const double *)nd_data(y);
	if (y->dtype != DT_FLOAT64 || y->ndim != 1 || !nd_is_c_contiguous(y))
		return err_set(ev, TY_RuntimeError, "segment_argminmax: a contiguous 1-d float64 array is needed"), -1;
	for (int64_t s = 0; s < nseg; s++) {
		int64_t lo = -1, hi = -1;
		for (int64_t i = bounds[s]; i < bounds[s + 1]; i++) {
			if (lo < 0 || seg_beats(p[i], i, p[lo], lo, 0))
				lo = i;
			if (hi < 0 || seg_beats(p[i], i, p[hi], hi, 1))
				hi = i;
		}
		imin[s] = lo;
		imax[s] = hi;
	}
	return 0;
}
