/*
 * host_select.c — NumPy's introselect on host rows: np.partition and
 * np.argpartition with several kth (and the types NumPy has no SIMD select
 * for), and the in-place partition that median/percentile/quantile's
 * overwrite_input=True leave behind.  The same steps as NumPy's
 * selection.cpp (median of 3 pivots, median of medians of 5 past the depth
 * limit, an O(n kth) select for a kth near the low end, the stack of found
 * pivots shared by successive kth), so that the arrangement of the items
 * besides the kth ones is NumPy's too.  Host memory only; owns no state.
 */
#include <stdint.h>
#include "array/dtype.h"
#include "array/format.h"
#include "backend/host/host_sort.h"

#define MAX_PIVOTS 50 /* NumPy's NPY_MAX_PIVOT_STACK */

/* Keeps a found pivot (at or past kth) for the next, larger kth. */
static void store_pivot(int64_t pivot, int64_t kth, int64_t *piv, int *npiv)
{
	if (!piv)
		return;
	if (pivot == kth && *npiv == MAX_PIVOTS)
		piv[*npiv - 1] = pivot;
	else if (pivot >= kth && *npiv < MAX_PIVOTS)
		piv[(*npiv)++] = pivot;
}

static int64_t msb(int64_t n)
{
	int64_t d = 0;
	for (uint64_t u = (uint64_t)n; u >>= 1;)
		d++;
	return d;
}

static inline int lt_half(uint16_t a, uint16_t b)
{
	double x = fmt_half_to_double(a), y = fmt_half_to_double(b);
	return LT_FLT(x, y);
}

/*
 * One type's select.  A row is (v, ix): with ix NULL the items v[i] move;
 * otherwise the indices ix[i] move and v[ix[i]] is the item (argpartition).
 * KEY/SWP name item i and exchange i and j; AT(s, k) is the row from k on.
 */
#define SELECT_TYPE(SUF, T, LT, INEXACT)                                                       \
	struct row_##SUF { T *v; int64_t *ix; };                                               \
	static inline T key_##SUF(struct row_##SUF s, int64_t i)                              \
	{                                                                                      \
		return s.ix ? s.v[s.ix[i]] : s.v[i];                                           \
	}                                                                                      \
	static inline void swp_##SUF(struct row_##SUF s, int64_t i, int64_t j)                \
	{                                                                                      \
		if (s.ix) {                                                                    \
			int64_t t = s.ix[i];                                                   \
			s.ix[i] = s.ix[j];                                                     \
			s.ix[j] = t;                                                           \
		} else {                                                                       \
			T t = s.v[i];                                                          \
			s.v[i] = s.v[j];                                                       \
			s.v[j] = t;                                                            \
		}                                                                              \
	}                                                                                      \
	static inline struct row_##SUF at_##SUF(struct row_##SUF s, int64_t k)                \
	{                                                                                      \
		if (s.ix)                                                                      \
			s.ix += k;                                                             \
		else                                                                           \
			s.v += k;                                                              \
		return s;                                                                      \
	}                                                                                      \
	static void select_##SUF(struct row_##SUF s, int64_t num, int64_t kth, int64_t *piv,  \
				 int *npiv);                                                   \
	/* median of low, mid, high to low, the smallest of them to low + 1 */                \
	static void med3_##SUF(struct row_##SUF s, int64_t low, int64_t mid, int64_t high)    \
	{                                                                                      \
		if (LT(key_##SUF(s, high), key_##SUF(s, mid)))                                 \
			swp_##SUF(s, high, mid);                                               \
		if (LT(key_##SUF(s, high), key_##SUF(s, low)))                                 \
			swp_##SUF(s, high, low);                                               \
		if (LT(key_##SUF(s, low), key_##SUF(s, mid)))                                  \
			swp_##SUF(s, low, mid);                                                \
		swp_##SUF(s, mid, low + 1);                                                    \
	}                                                                                      \
	/* the position of the median of s[0..5) after NumPy's swaps */                       \
	static int64_t med5_##SUF(struct row_##SUF s)                                         \
	{                                                                                      \
		static const int pairs[5][2] = {{1, 0}, {4, 3}, {3, 0}, {4, 1}, {2, 1}};       \
		for (int p = 0; p < 5; p++)                                                    \
			if (LT(key_##SUF(s, pairs[p][0]), key_##SUF(s, pairs[p][1])))          \
				swp_##SUF(s, pairs[p][0], pairs[p][1]);                        \
		if (LT(key_##SUF(s, 3), key_##SUF(s, 2)))                                      \
			return LT(key_##SUF(s, 3), key_##SUF(s, 1)) ? 1 : 3;                   \
		return 2;                                                                      \
	}                                                                                      \
	/* the medians of the groups of 5 to the front, their median found */                 \
	static int64_t medmed5_##SUF(struct row_##SUF s, int64_t num)                         \
	{                                                                                      \
		int64_t nmed = num / 5;                                                        \
		for (int64_t i = 0; i < nmed; i++)                                             \
			swp_##SUF(s, i * 5 + med5_##SUF(at_##SUF(s, i * 5)), i);               \
		if (nmed > 2)                                                                  \
			select_##SUF(s, nmed, nmed / 2, NULL, NULL);                           \
		return nmed / 2;                                                               \
	}                                                                                      \
	/* selection by repeated minimum, for a kth close to the start */                     \
	static void dumb_##SUF(struct row_##SUF s, int64_t num, int64_t kth)                  \
	{                                                                                      \
		for (int64_t i = 0; i <= kth; i++) {                                           \
			int64_t mi = i;                                                        \
			T mv = key_##SUF(s, i);                                                \
			for (int64_t k = i + 1; k < num; k++)                                  \
				if (LT(key_##SUF(s, k), mv)) {                                 \
					mi = k;                                                \
					mv = key_##SUF(s, k);                                  \
				}                                                              \
			swp_##SUF(s, i, mi);                                                   \
		}                                                                              \
	}                                                                                      \
	static void select_##SUF(struct row_##SUF s, int64_t num, int64_t kth, int64_t *piv,  \
				 int *npiv)                                                    \
	{                                                                                      \
		int64_t low = 0, high = num - 1, depth;                                        \
		if (!npiv)                                                                     \
			piv = NULL;                                                            \
		while (piv && *npiv > 0) {                                                     \
			if (piv[*npiv - 1] > kth) {                                            \
				high = piv[*npiv - 1] - 1;                                     \
				break;                                                         \
			}                                                                      \
			if (piv[*npiv - 1] == kth)                                             \
				return;                                                        \
			low = piv[--*npiv] + 1;                                                \
		}                                                                              \
		if (kth - low < 3) {                                                           \
			dumb_##SUF(at_##SUF(s, low), high - low + 1, kth - low);               \
			store_pivot(kth, kth, piv, npiv);                                      \
			return;                                                                \
		}                                                                              \
		if (INEXACT && kth == num - 1) {                                               \
			/* the largest (a NaN, when there is one) to the end */                \
			int64_t mi = low;                                                      \
			T mv = key_##SUF(s, low);                                              \
			for (int64_t k = low + 1; k < num; k++)                                \
				if (!LT(key_##SUF(s, k), mv)) {                                \
					mi = k;                                                \
					mv = key_##SUF(s, k);                                  \
				}                                                              \
			swp_##SUF(s, kth, mi);                                                 \
			return;                                                                \
		}                                                                              \
		depth = msb(num) * 2;                                                          \
		while (low + 1 < high) {                                                       \
			int64_t ll = low + 1, hh = high;                                       \
			if (depth > 0 || hh - ll < 5) {                                        \
				med3_##SUF(s, low, low + (high - low) / 2, high);              \
			} else {                                                               \
				int64_t mid = ll + medmed5_##SUF(at_##SUF(s, ll), hh - ll);    \
				swp_##SUF(s, mid, low);                                        \
				ll--;                                                          \
				hh++;                                                          \
			}                                                                      \
			depth--;                                                               \
			T pv = key_##SUF(s, low);                                              \
			for (;;) {                                                             \
				do                                                             \
					ll++;                                                  \
				while (LT(key_##SUF(s, ll), pv));                              \
				do                                                             \
					hh--;                                                  \
				while (LT(pv, key_##SUF(s, hh)));                              \
				if (hh < ll)                                                   \
					break;                                                 \
				swp_##SUF(s, ll, hh);                                          \
			}                                                                      \
			swp_##SUF(s, low, hh);                                                 \
			if (hh != kth)                                                         \
				store_pivot(hh, kth, piv, npiv);                               \
			if (hh >= kth)                                                         \
				high = hh - 1;                                                 \
			if (hh <= kth)                                                         \
				low = ll;                                                      \
		}                                                                              \
		if (high == low + 1 && LT(key_##SUF(s, high), key_##SUF(s, low)))              \
			swp_##SUF(s, high, low);                                               \
		store_pivot(kth, kth, piv, npiv);                                              \
	}                                                                                      \
	static void row_##SUF(void *v, int64_t *ix, int64_t n, const int64_t *kth, int nkth)  \
	{                                                                                      \
		struct row_##SUF s = {(T *)v, ix};                                             \
		int64_t piv[MAX_PIVOTS];                                                       \
		int npiv = 0;                                                                  \
		for (int i = 0; i < nkth; i++)                                                 \
			select_##SUF(s, n, kth[i], piv, &npiv);                                \
	}

SELECT_TYPE(u8, uint8_t, LT_NUM, 0)
SELECT_TYPE(i8, int8_t, LT_NUM, 0)
SELECT_TYPE(i16, int16_t, LT_NUM, 0)
SELECT_TYPE(u16, uint16_t, LT_NUM, 0)
SELECT_TYPE(i32, int32_t, LT_NUM, 0)
SELECT_TYPE(u32, uint32_t, LT_NUM, 0)
SELECT_TYPE(i64, int64_t, LT_NUM, 0)
SELECT_TYPE(u64, uint64_t, LT_NUM, 0)
SELECT_TYPE(f16, uint16_t, lt_half, 0) /* npy_half is an integer type there */
SELECT_TYPE(f32, float, LT_FLT, 1)
SELECT_TYPE(f64, double, LT_FLT, 1)
SELECT_TYPE(c64, struct cf, LT_CF, 1)
SELECT_TYPE(c128, struct cd, LT_CD, 1)

void host_select_row(int dt, void *v, int64_t *idx, int64_t n, const int64_t *kth, int nkth)
{
	if (idx)
		for (int64_t i = 0; i < n; i++)
			idx[i] = i;
	if (n <= 0)
		return;
	switch (dt) {
	case DT_BOOL:
	case DT_UINT8: row_u8(v, idx, n, kth, nkth); break;
	case DT_INT8: row_i8(v, idx, n, kth, nkth); break;
	case DT_INT16: row_i16(v, idx, n, kth, nkth); break;
	case DT_UINT16: row_u16(v, idx, n, kth, nkth); break;
	case DT_INT32: row_i32(v, idx, n, kth, nkth); break;
	case DT_UINT32: row_u32(v, idx, n, kth, nkth); break;
	case DT_INT64: row_i64(v, idx, n, kth, nkth); break;
	case DT_UINT64: row_u64(v, idx, n, kth, nkth); break;
	case DT_FLOAT16: row_f16(v, idx, n, kth, nkth); break;
	case DT_FLOAT32: row_f32(v, idx, n, kth, nkth); break;
	case DT_FLOAT64: row_f64(v, idx, n, kth, nkth); break;
	case DT_COMPLEX64: row_c64(v, idx, n, kth, nkth); break;
	default: row_c128(v, idx, n, kth, nkth); break;
	}
}

int host_select_simd(int dt, int arg)
{
	/* NumPy's x86-simd-sort select (single kth, AVX-512 / AVX2):
	 * 16-, 32- and 64-bit numbers; its argselect 32- and 64-bit ones */
	switch (dt) {
	case DT_INT16: case DT_UINT16: case DT_FLOAT16:
		return !arg;
	case DT_INT32: case DT_UINT32: case DT_INT64: case DT_UINT64:
	case DT_FLOAT32: case DT_FLOAT64:
		return 1;
	default:
		return 0;
	}
}
