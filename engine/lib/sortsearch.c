/*
 * sortsearch.c — sorting and searching: sort argsort partition argpartition
 * unique searchsorted nonzero argwhere flatnonzero isin lexsort sort_complex,
 * and the ndarray methods sort (in place) argsort nonzero searchsorted.
 *
 * Owns the host sort loops (typed introsort and stable merge sort, NaNs
 * last as NumPy orders them; 32- and 64-bit numbers go to simdsort.c's SIMD
 * quicksort, rows already ascending are left as they are, and large stable
 * argsorts take an LSD radix sort; ndarray.sort sorts C-contiguous host
 * rows where they lie).  Device arrays use the backend's sort when it
 * has one and otherwise a host copy.  partition is a full sort: its result
 * satisfies NumPy's contract but NumPy's exact arrangement is not copied.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lib/shape.h"
#include "lang/args.h"
#include "lang/error.h"
#include "array/nscall.h"
#include "backend/host/simdsort.h"
#include "lib/devsearch.h"

/* ---- typed comparisons ---- */

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

static float half_to_float(uint16_t h)
{
	uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, f;
	if (e == 0) {
		if (m == 0) {
			f = s;
		} else {
			e = 127 - 15 + 1;
			while (!(m & 0x400)) {
				m <<= 1;
				e--;
			}
			m &= 0x3ff;
			f = s | (e << 23) | (m << 13);
		}
	} else if (e == 31) {
		f = s | 0x7f800000 | (m << 13);
	} else {
		f = s | ((e + 127 - 15) << 23) | (m << 13);
	}
	float r;
	memcpy(&r, &f, 4);
	return r;
}

/* Generates, for element type T and "less than" LT:
 *   sort_NAME(T *v, n)                      introsort, in place
 *   msort_NAME(const T *v, idx, n, tmp)     stable merge sort of indices
 */
#define SORT_TEMPLATE(NAME, T, LT) \
__attribute__((unused)) static void isort_##NAME(T *v, int64_t n) \
{ \
	for (int64_t i = 1; i < n; i++) { \
		T x = v[i]; \
		int64_t j = i; \
		while (j > 0 && LT(x, v[j - 1])) { \
			v[j] = v[j - 1]; \
			j--; \
		} \
		v[j] = x; \
	} \
} \
__attribute__((unused)) static void sift_##NAME(T *v, int64_t i, int64_t n) \
{ \
	T x = v[i]; \
	for (;;) { \
		int64_t c = 2 * i + 1; \
		if (c >= n) \
			break; \
		if (c + 1 < n && LT(v[c], v[c + 1])) \
			c++; \
		if (!LT(x, v[c])) \
			break; \
		v[i] = v[c]; \
		i = c; \
	} \
	v[i] = x; \
} \
__attribute__((unused)) static void hsort_##NAME(T *v, int64_t n) \
{ \
	for (int64_t i = n / 2 - 1; i >= 0; i--) \
		sift_##NAME(v, i, n); \
	for (int64_t i = n - 1; i > 0; i--) { \
		T t = v[0]; v[0] = v[i]; v[i] = t; \
		sift_##NAME(v, 0, i); \
	} \
} \
__attribute__((unused)) static void qsort_##NAME(T *v, int64_t n, int depth) \
{ \
	while (n > 16) { \
		if (depth-- == 0) { \
			hsort_##NAME(v, n); \
			return; \
		} \
		int64_t m = n / 2; \
		T t; \
		if (LT(v[m], v[0])) { t = v[m]; v[m] = v[0]; v[0] = t; } \
		if (LT(v[n - 1], v[m])) { t = v[m]; v[m] = v[n - 1]; v[n - 1] = t; } \
		if (LT(v[m], v[0])) { t = v[m]; v[m] = v[0]; v[0] = t; } \
		T p = v[m]; \
		int64_t i = 0, j = n - 1; \
		for (;;) { \
			while (LT(v[i], p)) i++; \
			while (LT(p, v[j])) j--; \
			if (i >= j) break; \
			t = v[i]; v[i] = v[j]; v[j] = t; \
			i++; j--; \
		} \
		/* recurse into the smaller part */ \
		if (j + 1 < n - j - 1) { \
			qsort_##NAME(v, j + 1, depth); \
			v += j + 1; n -= j + 1; \
		} else { \
			qsort_##NAME(v + j + 1, n - j - 1, depth); \
			n = j + 1; \
		} \
	} \
	isort_##NAME(v, n); \
} \
__attribute__((unused)) static void sort_##NAME(T *v, int64_t n) \
{ \
	int depth = 0; \
	for (int64_t k = n; k > 1; k >>= 1) depth += 2; \
	qsort_##NAME(v, n, depth); \
} \
__attribute__((unused)) static void msort_##NAME(const T *v, int64_t *idx, int64_t n, int64_t *tmp) \
{ \
	if (n <= 16) { \
		for (int64_t i = 1; i < n; i++) { \
			int64_t x = idx[i], j = i; \
			while (j > 0 && LT(v[x], v[idx[j - 1]])) { \
				idx[j] = idx[j - 1]; \
				j--; \
			} \
			idx[j] = x; \
		} \
		return; \
	} \
	int64_t h = n / 2; \
	msort_##NAME(v, idx, h, tmp); \
	msort_##NAME(v, idx + h, n - h, tmp); \
	if (!LT(v[idx[h]], v[idx[h - 1]])) \
		return; \
	memcpy(tmp, idx, sizeof(int64_t) * h); \
	int64_t i = 0, j = h, k = 0; \
	while (i < h && j < n) { \
		if (LT(v[idx[j]], v[tmp[i]])) \
			idx[k++] = idx[j++]; \
		else \
			idx[k++] = tmp[i++]; \
	} \
	while (i < h) \
		idx[k++] = tmp[i++]; \
}

SORT_TEMPLATE(b, uint8_t, LT_NUM)
SORT_TEMPLATE(i8, int8_t, LT_NUM)
SORT_TEMPLATE(i16, int16_t, LT_NUM)
SORT_TEMPLATE(i32, int32_t, LT_NUM)
SORT_TEMPLATE(i64, int64_t, LT_NUM)
SORT_TEMPLATE(u8, uint8_t, LT_NUM)
SORT_TEMPLATE(u16, uint16_t, LT_NUM)
SORT_TEMPLATE(u32, uint32_t, LT_NUM)
SORT_TEMPLATE(u64, uint64_t, LT_NUM)
SORT_TEMPLATE(f32, float, LT_FLT)
SORT_TEMPLATE(f64, double, LT_FLT)
SORT_TEMPLATE(f32n, float, LT_NUM)
SORT_TEMPLATE(f64n, double, LT_NUM)
SORT_TEMPLATE(c64, struct cf, LT_CF)

/* NaNs to the end (their values kept), so the rest sorts with a plain <. */
#define NAN_SPLIT(NAME, T) \
static int64_t nansplit_##NAME(T *v, int64_t n) \
{ \
	int64_t i = 0, j = n - 1; \
	for (;;) { \
		while (i <= j && v[i] == v[i]) i++; \
		while (j > i && v[j] != v[j]) j--; \
		if (i >= j) break; \
		T t = v[i]; v[i] = v[j]; v[j] = t; \
	} \
	return i; \
} \
static int64_t nanidx_##NAME(const T *v, int64_t *idx, int64_t n, int64_t *tmp) \
{ \
	int64_t w = 0, k = 0; \
	for (int64_t i = 0; i < n; i++) { \
		if (v[idx[i]] == v[idx[i]]) idx[w++] = idx[i]; \
		else tmp[k++] = idx[i]; \
	} \
	memcpy(idx + w, tmp, sizeof(int64_t) * k); \
	return w; \
}
NAN_SPLIT(f32, float)
NAN_SPLIT(f64, double)
SORT_TEMPLATE(c128, struct cd, LT_CD)

/* ---- LSD radix sort for large rows of 4- and 8-byte numbers ----
 * Keys are mapped to unsigned integers that order like the values (sign bit
 * flipped for signed ints; for floats all bits flipped when negative, else
 * the sign bit), sorted 8 bits a pass (256 buckets: the scatter streams stay in L1), skipping passes where every key has
 * the same digit, and mapped back.  Stable, so argsort uses it too.  NaNs
 * never reach it (nansplit/nanidx put them last first). */
#define RADIX_MIN 2048
#define RBITS 8
#define RSIZE (1 << RBITS)

static inline uint64_t key_f64(uint64_t u) { return (u >> 63) ? ~u : u | ((uint64_t)1 << 63); }
static inline uint64_t unkey_f64(uint64_t k) { return (k >> 63) ? k & ~((uint64_t)1 << 63) : ~k; }
static inline uint32_t key_f32(uint32_t u) { return (u >> 31) ? ~u : u | ((uint32_t)1 << 31); }
static inline uint32_t unkey_f32(uint32_t k) { return (k >> 31) ? k & ~((uint32_t)1 << 31) : ~k; }

/*
 * One LSD radix sort over unsigned keys of type K (uint32_t or uint64_t):
 * every digit's histogram comes from one read pass, then a scatter pass per
 * digit that is not the same for all keys, ping-ponging between k and k2 (and
 * the index arrays i and i2 when argsorting).  Returns the buffers holding
 * the result through *kout / *iout.
 */
#define RADIX_PASSES(NAME, K)                                                  \
static void radix_##NAME(K *k, K *k2, int64_t *i, int64_t *i2, int64_t n,      \
			 int64_t (*cnt)[RSIZE], K **kout, int64_t **iout)        \
{                                                                              \
	enum { P = (sizeof(K) * 8 + RBITS - 1) / RBITS };                      \
	memset(cnt, 0, sizeof(int64_t) * RSIZE * P);                           \
	for (int64_t x = 0; x < n; x++) {                                      \
		K u = k[x];                                                    \
		for (int p = 0; p < P; p++)                                    \
			cnt[p][(u >> (p * RBITS)) & (RSIZE - 1)]++;            \
	}                                                                      \
	for (int p = 0; p < P; p++) {                                          \
		int sh = p * RBITS;                                            \
		int64_t *c = cnt[p], sum = 0;                                  \
		if (c[(k[0] >> sh) & (RSIZE - 1)] == n)                        \
			continue; /* one digit for all: nothing moves */       \
		for (int b = 0; b < RSIZE; b++) {                              \
			int64_t t = c[b];                                      \
			c[b] = sum;                                            \
			sum += t;                                              \
		}                                                              \
		if (i) {                                                       \
			for (int64_t x = 0; x < n; x++) {                      \
				int64_t at = c[(k[x] >> sh) & (RSIZE - 1)]++;  \
				k2[at] = k[x];                                 \
				i2[at] = i[x];                                 \
			}                                                      \
			int64_t *ti = i; i = i2; i2 = ti;                      \
		} else {                                                       \
			for (int64_t x = 0; x < n; x++)                        \
				k2[c[(k[x] >> sh) & (RSIZE - 1)]++] = k[x];    \
		}                                                              \
		K *tk = k; k = k2; k2 = tk;                                    \
	}                                                                      \
	*kout = k;                                                             \
	*iout = i;                                                             \
}
RADIX_PASSES(u32, uint32_t)
RADIX_PASSES(u64, uint64_t)

/* kind: 0 unsigned, 1 signed, 2 float.  Sorts v (n items of isz bytes) in
 * place, or, with idx, the permutation idx of v's items (stably). */
static int radix_keys(struct eval *ev, void *v, int64_t n, int isz, int kind, int64_t *idx)
{
	void *k = malloc((size_t)isz * n), *k2 = malloc((size_t)isz * n);
	int64_t *i2 = idx ? malloc(sizeof(int64_t) * n) : NULL, *iout = NULL;
	int64_t (*cnt)[RSIZE] = malloc(sizeof(int64_t) * RSIZE * 8);
	if (!k || !k2 || !cnt || (idx && !i2)) {
		free(k); free(k2); free(i2); free(cnt);
		return err_nomem(ev), -1;
	}
	if (isz == 8) {
		const uint64_t *src = v;
		uint64_t *kk = k, *ko;
		for (int64_t x = 0; x < n; x++) {
			uint64_t u = src[idx ? idx[x] : x];
			if (idx && kind == 2 && !(u << 1))
				u = 0; /* -0.0 ties with 0.0 in an argsort */
			kk[x] = kind == 2 ? key_f64(u) : kind == 1 ? u ^ ((uint64_t)1 << 63) : u;
		}
		radix_u64(kk, k2, idx, i2, n, cnt, &ko, &iout);
		if (!idx)
			for (int64_t x = 0; x < n; x++) {
				uint64_t u = ko[x];
				((uint64_t *)v)[x] = kind == 2 ? unkey_f64(u) : kind == 1 ? u ^ ((uint64_t)1 << 63) : u;
			}
	} else {
		const uint32_t *src = v;
		uint32_t *kk = k, *ko;
		for (int64_t x = 0; x < n; x++) {
			uint32_t w = src[idx ? idx[x] : x];
			if (idx && kind == 2 && !(w << 1))
				w = 0;
			kk[x] = kind == 2 ? key_f32(w) : kind == 1 ? w ^ ((uint32_t)1 << 31) : w;
		}
		radix_u32(kk, k2, idx, i2, n, cnt, &ko, &iout);
		if (!idx)
			for (int64_t x = 0; x < n; x++) {
				uint32_t w = ko[x];
				((uint32_t *)v)[x] = kind == 2 ? unkey_f32(w) : kind == 1 ? w ^ ((uint32_t)1 << 31) : w;
			}
	}
	if (idx && iout != idx)
		memcpy(idx, iout, sizeof(int64_t) * n);
	free(k); free(k2); free(i2); free(cnt);
	return 0;
}

/* The radix kind of a dtype, or -1 when radix does not apply. */
static int radix_kind(int dt)
{
	switch (dt) {
	case DT_INT32: case DT_INT64: return 1;
	case DT_UINT32: case DT_UINT64: return 0;
	case DT_FLOAT32: case DT_FLOAT64: return 2;
	}
	return -1;
}

/* Stable argsort of a row of 4-byte numbers (int32, uint32, float32) of
 * fewer than 2^32 items by sorting 64-bit words: the order-keeping key
 * above, the position below, so ties keep their order; the SIMD sort of
 * simdsort.c sorts them in idx itself, and the positions are what remains.
 * NaNs all take the top key (last, in order), -0.0 takes 0.0's. */
static void argsort_packed32(int dt, const void *v, int64_t n, int64_t *idx)
{
	const uint32_t *w = v;
	uint64_t *k = (uint64_t *)idx;
	for (int64_t i = 0; i < n; i++) {
		uint32_t u = w[i], key;
		if (dt == DT_FLOAT32)
			key = (u & 0x7fffffffu) > 0x7f800000u ? 0xffffffffu : key_f32(u << 1 ? u : 0);
		else
			key = dt == DT_INT32 ? u ^ 0x80000000u : u;
		k[i] = (uint64_t)key << 32 | (uint64_t)i;
	}
	simdsort_sort(k, n, DT_UINT64);
	for (int64_t i = 0; i < n; i++)
		idx[i] = (int64_t)(k[i] & 0xffffffffu);
}

/* Rows of at most 16 (4-byte numbers): the packed keys above, padded with
 * the greatest word, sorted by a fixed network of branch-free
 * compare-exchanges (optimal for 8: 19 of them; for 16: Green's 60; both
 * checked on every 0-1 input), where the quicksort's setup would cost more
 * than the sort. */
static const unsigned char net8[][2] = {
	{0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}, {0, 1}, {2, 3},
	{4, 5}, {6, 7}, {2, 4}, {3, 5}, {1, 4}, {3, 6}, {1, 2}, {3, 4}, {5, 6}};
static const unsigned char net16[][2] = {
	{0, 13}, {1, 12}, {2, 15}, {3, 14}, {4, 8}, {5, 6}, {7, 11}, {9, 10},
	{0, 5}, {1, 7}, {2, 9}, {3, 4}, {6, 13}, {8, 14}, {10, 15}, {11, 12},
	{0, 1}, {2, 3}, {4, 5}, {6, 8}, {7, 9}, {10, 11}, {12, 13}, {14, 15},
	{0, 2}, {1, 3}, {4, 10}, {5, 11}, {6, 7}, {8, 9}, {12, 14}, {13, 15},
	{1, 2}, {3, 12}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {13, 14},
	{1, 4}, {2, 6}, {5, 8}, {7, 10}, {9, 13}, {11, 14},
	{2, 4}, {3, 6}, {9, 12}, {11, 13}, {3, 5}, {6, 8}, {7, 9}, {10, 12},
	{3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {6, 7}, {8, 9}};
#define SMALL_ROW 16
/* unrolled, so that the keys can live in registers */
#define NET_APPLY(k, net)                                                      \
	do {                                                                   \
		_Pragma("GCC unroll 64")                                       \
		for (unsigned c_ = 0; c_ < sizeof net / sizeof net[0]; c_++) { \
			uint64_t a_ = k[net[c_][0]], b_ = k[net[c_][1]];      \
			k[net[c_][0]] = a_ < b_ ? a_ : b_;                     \
			k[net[c_][1]] = a_ < b_ ? b_ : a_;                     \
		}                                                              \
	} while (0)
static void argsort_small32(int dt, const void *v, int64_t n, int64_t *idx)
{
	const uint32_t *w = v;
	uint64_t k[SMALL_ROW];
	for (int64_t i = 0; i < SMALL_ROW; i++) {
		uint32_t u = i < n ? w[i] : 0, key;
		if (dt == DT_FLOAT32)
			key = (u & 0x7fffffffu) > 0x7f800000u ? 0xffffffffu : key_f32(u << 1 ? u : 0);
		else
			key = dt == DT_INT32 ? u ^ 0x80000000u : u;
		k[i] = i < n ? (uint64_t)key << 32 | (uint64_t)i : ~(uint64_t)0;
	}
	if (n <= 8)
		NET_APPLY(k, net8);
	else
		NET_APPLY(k, net16);
	for (int64_t i = 0; i < n; i++)
		idx[i] = (int64_t)(k[i] & 0xffffffffu);
}

/* Sorts a row of at most 16 4-byte numbers in place by the networks above,
 * on the order-keeping keys (-0.0 below 0.0, where the quicksort path puts
 * it too).  Returns 1, touching nothing, when the row holds a NaN (that path
 * keeps NaNs' bits and order). */
static int sort_small32(int dt, void *v, int64_t n)
{
	uint32_t *w = v;
	uint32_t k[SMALL_ROW];
	for (int64_t i = 0; i < SMALL_ROW; i++) {
		uint32_t u = i < n ? w[i] : 0xffffffffu;
		if (dt == DT_FLOAT32) {
			if (i < n && (u & 0x7fffffffu) > 0x7f800000u)
				return 1;
			k[i] = i < n ? key_f32(u) : u;
		} else {
			k[i] = dt == DT_INT32 && i < n ? u ^ 0x80000000u : u;
		}
	}
	if (n <= 8)
		NET_APPLY(k, net8);
	else
		NET_APPLY(k, net16);
	for (int64_t i = 0; i < n; i++)
		w[i] = dt == DT_FLOAT32 ? unkey_f32(k[i]) : dt == DT_INT32 ? k[i] ^ 0x80000000u : k[i];
	return 0;
}

/*
 * Stable argsort of a row of 8-byte numbers (int64, uint64, float64) of at
 * most PACK64_MAX items: the same idea with the key's b low bits given up
 * for the position (b bits hold n - 1).  Items whose keys agree above those
 * bits come out side by side in position order; each such run is then
 * sorted by the whole value with the stable merge sort (short runs: an
 * insertion sort), so the result is exact.  The NaNs' run (the top key)
 * needs nothing: they all tie.  -0.0 takes 0.0's key.  Up to 2^24 items
 * (40 bits of key kept): with simdsort.c's AVX-512 sort, 1e6-1e7 random
 * rows went 4x faster than by radix; keys that tie above the low 24 bits in
 * long runs (4 values 2^50 apart plus 30 random bits) were 2-4x slower,
 * still faster than NumPy's.
 */
#define PACK64_MAX (1 << 24)
static void argsort_packed64(int dt, const void *v, int64_t n, int64_t *idx, int64_t *tmp)
{
	const uint64_t *w = v;
	uint64_t *k = (uint64_t *)idx, hi_nan;
	int b = 1;
	while (((int64_t)1 << b) < n)
		b++;
	const uint64_t low = ((uint64_t)1 << b) - 1;
	uint64_t kmin = ~(uint64_t)0, kmax = 0;
	hi_nan = ~(uint64_t)0 >> b;
	for (int64_t i = 0; i < n; i++) {
		uint64_t u = w[i], key;
		if (dt == DT_FLOAT64)
			key = (u & ~((uint64_t)1 << 63)) > 0x7ff0000000000000ull ? ~(uint64_t)0 : key_f64(u << 1 ? u : 0);
		else
			key = dt == DT_INT64 ? u ^ ((uint64_t)1 << 63) : u;
		kmin = key < kmin ? key : kmin;
		kmax = key > kmax ? key : kmax;
		k[i] = key;
	}
	if ((kmax - kmin) >> (64 - b) == 0) {
		/* the keys span fewer than 64 - b bits (integers of a modest
		 * range): key - kmin shifted up is exact, and ties are ties */
		for (int64_t i = 0; i < n; i++)
			k[i] = (k[i] - kmin) << b | (uint64_t)i;
		simdsort_sort(k, n, DT_UINT64);
		for (int64_t i = 0; i < n; i++)
			idx[i] = (int64_t)(k[i] & low);
		return;
	}
	for (int64_t i = 0; i < n; i++)
		k[i] = (k[i] & ~low) | (uint64_t)i;
	simdsort_sort(k, n, DT_UINT64);
	int64_t start = 0;
	uint64_t run_hi = k[0] >> b;
	for (int64_t i = 0; i <= n; i++) {
		uint64_t h = i < n ? k[i] >> b : 0;
		if (i == n || h != run_hi) {
			if (i - start > 1 && !(dt == DT_FLOAT64 && run_hi == hi_nan)) {
				int64_t *r = idx + start, m = i - start;
				if (dt == DT_FLOAT64)
					msort_f64n(v, r, m, tmp);
				else if (dt == DT_INT64)
					msort_i64(v, r, m, tmp);
				else
					msort_u64(v, r, m, tmp);
			}
			start = i;
			run_hi = h;
		}
		if (i < n)
			idx[i] = (int64_t)(k[i] & low);
	}
}

/* Stable argsort of one contiguous row (float16 via float keys). */
static int argsort_row(struct eval *ev, int dt, const void *v, int64_t n, int64_t *idx, int64_t *tmp)
{
	int sz = dt_size(dt);
	if (sz == 4 && n <= SMALL_ROW && radix_kind(dt) >= 0) {
		argsort_small32(dt, v, n, idx);
		return 0;
	}
	if (radix_kind(dt) >= 0 && simdsort_is_sorted(v, n, dt)) {
		for (int64_t i = 0; i < n; i++)
			idx[i] = i;
		return 0; /* ascending already: the identity (ties in index order) */
	}
	if (sz == 4 && radix_kind(dt) >= 0 && n <= (int64_t)UINT32_MAX && simdsort_available()) {
		argsort_packed32(dt, v, n, idx);
		return 0;
	}
	if (sz == 8 && radix_kind(dt) >= 0 && n >= 2 && n <= PACK64_MAX && simdsort_available()) {
		argsort_packed64(dt, v, n, idx, tmp);
		return 0;
	}
	for (int64_t i = 0; i < n; i++)
		idx[i] = i;
	if (n >= RADIX_MIN && radix_kind(dt) >= 0) {
		int64_t w = n;
		if (dt == DT_FLOAT32 || dt == DT_FLOAT64) {
			int64_t *t2 = malloc(sizeof(int64_t) * (n + 1));
			if (!t2)
				return err_nomem(ev), -1;
			w = dt == DT_FLOAT32 ? nanidx_f32(v, idx, n, t2) : nanidx_f64(v, idx, n, t2);
			free(t2);
		}
		return w ? radix_keys(ev, (void *)v, w, dt_size(dt), radix_kind(dt), idx) : 0;
	}
	switch (dt) {
	case DT_BOOL: msort_b(v, idx, n, tmp); break;
	case DT_INT8: msort_i8(v, idx, n, tmp); break;
	case DT_INT16: msort_i16(v, idx, n, tmp); break;
	case DT_INT32: msort_i32(v, idx, n, tmp); break;
	case DT_INT64: msort_i64(v, idx, n, tmp); break;
	case DT_UINT8: msort_u8(v, idx, n, tmp); break;
	case DT_UINT16: msort_u16(v, idx, n, tmp); break;
	case DT_UINT32: msort_u32(v, idx, n, tmp); break;
	case DT_UINT64: msort_u64(v, idx, n, tmp); break;
	case DT_FLOAT16: {
		float *k = malloc(sizeof(float) * (n ? n : 1));
		if (!k)
			return err_nomem(ev), -1;
		for (int64_t i = 0; i < n; i++)
			k[i] = half_to_float(((const uint16_t *)v)[i]);
		msort_f32(k, idx, n, tmp);
		free(k);
		break;
	}
	case DT_FLOAT32: {
		int64_t *t2 = malloc(sizeof(int64_t) * (n + 1));
		if (!t2)
			return err_nomem(ev), -1;
		int64_t w = nanidx_f32(v, idx, n, t2);
		free(t2);
		msort_f32n(v, idx, w, tmp);
		break;
	}
	case DT_FLOAT64: {
		int64_t *t2 = malloc(sizeof(int64_t) * (n + 1));
		if (!t2)
			return err_nomem(ev), -1;
		int64_t w = nanidx_f64(v, idx, n, t2);
		free(t2);
		msort_f64n(v, idx, w, tmp);
		break;
	}
	case DT_COMPLEX64: msort_c64(v, idx, n, tmp); break;
	case DT_COMPLEX128: msort_c128(v, idx, n, tmp); break;
	}
	return 0;
}

/* Whether a float row holds both -0.0 and 0.0, whose order a stable sort
 * must keep. */
static int mixed_zeros(int dt, const void *v, int64_t n)
{
	int neg = 0, pos = 0;
	for (int64_t i = 0; i < n; i++) {
		double x = dt == DT_FLOAT32 ? ((const float *)v)[i] : ((const double *)v)[i];
		if (x == 0) {
			neg |= signbit(x) != 0;
			pos |= signbit(x) == 0;
		}
	}
	return neg && pos;
}

static int sort_by_argsort(struct eval *ev, int dt, void *v, int64_t n);

/* Sorts one contiguous row in place: 32- and 64-bit numbers by the SIMD
 * quicksort (simdsort.c) after a check for rows already ascending, the
 * others, and CPUs without AVX2, by radix or introsort. */
static int sort_row(struct eval *ev, int dt, void *v, int64_t n, int stable)
{
	/* short rows: a network (a stable float sort keeps its zeros' order below) */
	if (dt_size(dt) == 4 && n <= SMALL_ROW && radix_kind(dt) >= 0 && !(stable && dt == DT_FLOAT32)
	    && sort_small32(dt, v, n) == 0)
		return 0;
	if (radix_kind(dt) >= 0) {
		if (simdsort_is_sorted(v, n, dt))
			return 0;
		/* -0.0 == 0.0: only a stable sort fixes their order (checked
		 * before nansplit's swaps change it) */
		if (stable && (dt == DT_FLOAT32 || dt == DT_FLOAT64) && mixed_zeros(dt, v, n))
			return sort_by_argsort(ev, dt, v, n);
		if (simdsort_sort(v, n, dt) == 0) /* NaNs last there */
			return 0;
	}
	if (n >= RADIX_MIN && radix_kind(dt) >= 0) {
		int64_t w = n;
		if (dt == DT_FLOAT32)
			w = nansplit_f32(v, n);
		else if (dt == DT_FLOAT64)
			w = nansplit_f64(v, n);
		return w ? radix_keys(ev, v, w, dt_size(dt), radix_kind(dt), NULL) : 0;
	}
	switch (dt) {
	case DT_BOOL: sort_b(v, n); return 0;
	case DT_INT8: sort_i8(v, n); return 0;
	case DT_INT16: sort_i16(v, n); return 0;
	case DT_INT32: sort_i32(v, n); return 0;
	case DT_INT64: sort_i64(v, n); return 0;
	case DT_UINT8: sort_u8(v, n); return 0;
	case DT_UINT16: sort_u16(v, n); return 0;
	case DT_UINT32: sort_u32(v, n); return 0;
	case DT_UINT64: sort_u64(v, n); return 0;
	case DT_FLOAT32: sort_f32n(v, nansplit_f32(v, n)); return 0;
	case DT_FLOAT64: sort_f64n(v, nansplit_f64(v, n)); return 0;
	case DT_COMPLEX64: sort_c64(v, n); return 0;
	case DT_COMPLEX128: sort_c128(v, n); return 0;
	}
	(void)stable;
	return sort_by_argsort(ev, dt, v, n); /* float16 */
}

/* Sorts a row through a stable argsort and a gather (float16, and float
 * rows whose -0.0 and 0.0 must keep their order). */
static int sort_by_argsort(struct eval *ev, int dt, void *v, int64_t n)
{
	size_t isz = dt_size(dt);
	int64_t *idx = malloc(sizeof(int64_t) * (2 * n + 1));
	char *c = malloc(isz * (n + 1));
	if (!idx || !c) {
		free(idx);
		free(c);
		return err_nomem(ev), -1;
	}
	int rc = argsort_row(ev, dt, v, n, idx, idx + n);
	if (rc == 0) {
		memcpy(c, v, isz * n);
		for (int64_t i = 0; i < n; i++)
			memcpy((char *)v + i * isz, c + idx[i] * isz, isz);
	}
	free(idx);
	free(c);
	return rc;
}

/* ---- helpers ---- */

static struct ndarray *in_arr(struct eval *ev, const struct builtin *bi, struct value *v)
{
	return arr_asarray(ev, arr_be(bi), v, -1);
}

static struct value *wrap(struct eval *ev, struct ndarray *a)
{
	return a ? arr_wrap(ev, a) : NULL;
}

static struct ndarray *move_last(struct eval *ev, const struct ndarray *a, int axis)
{
	int perm[ND_MAXDIM];
	for (int i = 0, k = 0; i < a->ndim; i++)
		if (i != axis)
			perm[k++] = i;
	perm[a->ndim - 1] = axis;
	return arr_transpose(ev, a, perm);
}

static struct ndarray *move_back(struct eval *ev, const struct ndarray *a, int axis)
{
	int perm[ND_MAXDIM];
	for (int i = 0, k = 0; i < a->ndim; i++)
		perm[i] = i == axis ? a->ndim - 1 : k++;
	return arr_transpose(ev, a, perm);
}

static int64_t ravel_m1 = -1;

/* A C-contiguous host (or device) copy of a with axis moved last;
 * axis_none: flattened. */
static struct ndarray *rows_of(struct eval *ev, const struct ndarray *a, int axis, int host)
{
	struct ndarray *t = move_last(ev, a, axis), *c, *h;
	if (!t)
		return NULL;
	if (host == 2 && nd_host_memory(t) && nd_is_c_contiguous(t))
		return t; /* read only (argsort): the rows as they lie */
	c = shp_copy(ev, t);
	nd_decref(t);
	if (!c || !host || nd_host_memory(c))
		return c;
	h = arr_to_host(ev, c);
	nd_decref(c);
	return h;
}

/* The result of sorting/argsorting rows r (axis moved last) as a fresh
 * C-contiguous array of a's layout on backend be. */
static struct ndarray *rows_back(struct eval *ev, struct ndarray *r, int axis,
				 const struct backend *be)
{
	struct ndarray *d = arr_to_backend(ev, r, be), *v, *out;
	if (!d)
		return NULL;
	if (axis == d->ndim - 1)
		return d;
	v = move_back(ev, d, axis);
	nd_decref(d);
	if (!v)
		return NULL;
	out = shp_copy(ev, v);
	nd_decref(v);
	return out;
}

/* Parses a (possibly None) axis: 0 ok, *none = 1 for None. */
static int axis_arg(struct eval *ev, struct value *axv, int ndim, int def, int *axis, int *none)
{
	int64_t ax = def;
	*none = 0;
	if (axv && axv->type == VT_NONE) {
		*none = 1;
		return 0;
	}
	if (axv && val_as_int64(ev, axv, &ax) < 0)
		return -1;
	return arr_normalize_axis(ev, ax, ndim, axis);
}

static int kind_stable(struct eval *ev, struct value *kind, struct value *stable, int *st)
{
	*st = 0;
	if (kind && kind->type != VT_NONE) {
		const char *k = val_as_cstr(kind);
		if (!k || (strcmp(k, "quicksort") && strcmp(k, "mergesort") && strcmp(k, "heapsort")
			   && strcmp(k, "stable")))
			return err_set(ev, TY_ValueError, "sort kind must be one of 'quick', 'heap', or 'stable' (got '%s')",
				       k ? k : "?"), -1;
		*st = !strcmp(k, "mergesort") || !strcmp(k, "stable");
	}
	if (stable && stable->type != VT_NONE) {
		int s;
		if (args_bool(ev, stable, 0, &s) < 0)
			return -1;
		if (s && kind && kind->type != VT_NONE)
			return err_set(ev, TY_ValueError, "`kind` and `stable` parameters can't be provided at the same time. Use only one of them."), -1;
		*st |= s;
	}
	return 0;
}

/* Sorts (argsort = 0) or argsorts a along axis; the returned array has
 * a's shape (flattened when axis_none). */
static struct ndarray *do_sort(struct eval *ev, struct ndarray *a, int axis, int axis_none,
			       int arg, int stable)
{
	struct ndarray *src = a, *flat = NULL, *r = NULL, *res = NULL;
	const struct backend *be = nd_backend(a);
	if (axis_none) {
		flat = arr_reshape(ev, a, 1, &ravel_m1);
		if (!flat)
			return NULL;
		src = flat;
		axis = 0;
	}
	if (src->ndim == 0) {
		nd_decref(flat);
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	}
	/* the device's own sort when it has one */
	if (!nd_host_memory(src) && be->sort) {
		struct ndarray *c = rows_of(ev, src, axis, 0), *idx = NULL;
		if (!c)
			goto out;
		if (arg) {
			idx = nd_new(ev, be, DT_INT64, c->ndim, c->shape);
			if (!idx || be->sort(ev, c, idx) < 0) {
				nd_decref(c);
				nd_decref(idx);
				goto out;
			}
			nd_decref(c);
			c = idx;
		} else if (be->sort(ev, c, NULL) < 0) {
			nd_decref(c);
			goto out;
		}
		res = rows_back(ev, c, axis, be);
		nd_decref(c);
		goto out;
	}
	r = rows_of(ev, src, axis, arg ? 2 : 1);
	if (!r)
		goto out;
	int64_t n = r->ndim ? r->shape[r->ndim - 1] : 1, rows = n ? nd_size(r) / n : 0;
	int isz = dt_size(r->dtype);
	if (!arg) {
		for (int64_t i = 0; i < rows; i++) {
			if (sort_row(ev, r->dtype, nd_data(r) + i * n * isz, n, stable) < 0)
				goto out;
			if ((i & 1023) == 0 && ev_check_interrupt(ev))
				goto out;
		}
		res = rows_back(ev, r, axis, be);
	} else {
		struct ndarray *idx = nd_new(ev, &backend_host, DT_INT64, r->ndim, r->shape);
		int64_t *tmp = malloc(sizeof(int64_t) * (n / 2 + 1));
		if (!idx || !tmp) {
			if (idx && !tmp)
				err_nomem(ev);
			nd_decref(idx);
			free(tmp);
			goto out;
		}
		for (int64_t i = 0; i < rows; i++)
			if (argsort_row(ev, r->dtype, nd_data(r) + i * n * isz, n,
					(int64_t *)nd_data(idx) + i * n, tmp) < 0) {
				nd_decref(idx);
				free(tmp);
				goto out;
			}
		free(tmp);
		res = rows_back(ev, idx, axis, be);
		nd_decref(idx);
	}
out:
	nd_decref(r);
	nd_decref(flat);
	return res;
}

/* ---- sort argsort partition argpartition ---- */

static struct value *sort_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, const char *name, int arg,
				 int partition)
{
	struct value *av, *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL, *kth = NULL;
	int axis = 0, none, st;
	if (partition) {
		if (args_parse(ev, name, argc, argv, kw, "a,kth|axis,kind,order", &av, &kth, &axv,
			       &kind, &order) < 0)
			return NULL;
		kind = NULL;
	} else if (args_parse(ev, name, argc, argv, kw, "a|axis,kind,order,$stable", &av, &axv,
			      &kind, &order, &stable) < 0)
		return NULL;
	if (kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (a->ndim == 0 && !(axv && axv->type == VT_NONE)) {
		err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
		goto out;
	}
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		goto out;
	if (partition) {
		/* kth must be in range, as NumPy checks */
		struct ndarray *k = shp_host_array(ev, kth, DT_INT64);
		if (!k)
			goto out;
		int64_t len = none ? nd_size(a) : a->shape[axis], nk = nd_size(k);
		struct ndarray *kc = shp_copy(ev, k);
		nd_decref(k);
		if (!kc)
			goto out;
		for (int64_t i = 0; i < nk; i++) {
			int64_t v = ((int64_t *)nd_data(kc))[i];
			if (v < -len || v >= len) {
				err_set(ev, TY_ValueError, "kth(=%lld) out of bounds (%lld)", (long long)v,
					(long long)len);
				nd_decref(kc);
				goto out;
			}
		}
		nd_decref(kc);
	}
	r = do_sort(ev, a, axis, none, arg, arg || st);
out:
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *sf_sort(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "sort", 0, 0);
}

static struct value *sf_argsort(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "argsort", 1, 0);
}

static struct value *sf_partition(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "partition", 0, 1);
}

static struct value *sf_argpartition(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	return sort_common(ev, bi, argc, argv, kw, "argpartition", 1, 1);
}

static struct value *sm_sort(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL;
	int axis, none, st;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "sort() needs an array");
	if (args_parse(ev, "sort", argc, argv, kw, "|axis,kind,order,$stable", &axv, &kind,
		       &order, &stable) < 0 || kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	if (a->ndim == 0)
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	if (axv && axv->type == VT_NONE)
		return err_set(ev, TY_TypeError, "'NoneType' object cannot be interpreted as an integer");
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		return NULL;
	if (!(a->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "sort array is read-only");
	if (nd_host_memory(a) && axis == a->ndim - 1 && nd_is_c_contiguous(a)) {
		/* rows already in place: sorted where they lie, without a copy */
		int64_t n = a->shape[a->ndim - 1], rows = n ? nd_size(a) / n : 0;
		int isz = dt_size(a->dtype);
		for (int64_t i = 0; i < rows; i++) {
			if (sort_row(ev, a->dtype, nd_data(a) + i * n * isz, n, st) < 0)
				return NULL;
			if ((i & 1023) == 0 && ev_check_interrupt(ev))
				return NULL;
		}
		return val_none();
	}
	struct ndarray *s = do_sort(ev, a, axis, 0, 0, st);
	if (!s)
		return NULL;
	int rc = shp_assign(ev, a, s);
	nd_decref(s);
	return rc < 0 ? NULL : val_none();
}

static struct value *sm_argsort(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *axv = NULL, *kind = NULL, *order = NULL, *stable = NULL;
	int axis = 0, none, st;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "argsort() needs an array");
	if (args_parse(ev, "argsort", argc, argv, kw, "|axis,kind,order,$stable", &axv, &kind,
		       &order, &stable) < 0 || kind_stable(ev, kind, stable, &st) < 0)
		return NULL;
	if (a->ndim == 0 && !(axv && axv->type == VT_NONE))
		return err_set(ev, TY_AxisError, "axis -1 is out of bounds for array of dimension 0");
	if (axis_arg(ev, axv, a->ndim, -1, &axis, &none) < 0)
		return NULL;
	return wrap(ev, do_sort(ev, a, axis, none, 1, 1));
}

/* ---- nonzero argwhere flatnonzero ---- */

/* Flat C-order indices of a's non-zero items: a new host int64 1-d array
 * (from the array allocator, whose large buffers are reused: no fresh pages
 * to fault in, no copy afterwards). */
static struct ndarray *nz_flat(struct eval *ev, const struct ndarray *a)
{
	struct ndarray *b = a->dtype == DT_BOOL ? nd_incref((struct ndarray *)a) : arr_astype(ev, a, DT_BOOL);
	struct ndarray *h = NULL, *c = NULL, *r;
	int64_t *out;
	if (!b)
		return NULL;
	h = arr_to_host(ev, b);
	nd_decref(b);
	if (!h)
		return NULL;
	if (!nd_is_c_contiguous(h) || arr_is_cupy(nd_backend(h))) {
		c = nd_new(ev, &backend_host, DT_BOOL, h->ndim, h->shape);
		if (c) {
			struct shp_walk w;
			w.nd = h->ndim;
			w.ind = -1;
			w.soff = w.doff = NULL;
			int64_t s = 1;
			for (int k = h->ndim - 1; k >= 0; k--) {
				w.shape[k] = h->shape[k];
				w.sstr[k] = h->strides[k];
				w.dstr[k] = s;
				s *= h->shape[k] ? h->shape[k] : 1;
			}
			shp_walk_copy(&w, nd_data(c), nd_data(h), 1);
		}
		nd_decref(h);
		if (!(h = c))
			return NULL;
	}
	int64_t size = nd_size(h), cnt = 0;
	const uint8_t *p = (const uint8_t *)nd_data(h);
	for (int64_t i = 0; i < size; i++)
		cnt += p[i] != 0;
	r = nd_new(ev, &backend_host, DT_INT64, 1, &cnt);
	if (!r) {
		nd_decref(h);
		return NULL;
	}
	out = (int64_t *)nd_data(r);
	for (int64_t i = 0, w = 0; i < size && w < cnt; i++) {
		out[w] = i; /* branchless: the slot is kept only for a non-zero */
		w += p[i] != 0;
	}
	nd_decref(h);
	return r;
}

/* The (ndim, n) coordinates of the non-zero items; argwhere layout when
 * rowmajor (n, ndim). Host int64. */
static struct ndarray *nz_coords(struct eval *ev, const struct ndarray *a, int rowmajor)
{
	struct ndarray *fa = nz_flat(ev, a);
	if (!fa)
		return NULL;
	int64_t n = fa->shape[0];
	const int64_t *flat = (const int64_t *)nd_data(fa);
	int nd = a->ndim;
	int64_t shape[2];
	if (rowmajor) {
		shape[0] = n;
		shape[1] = nd;
	} else {
		shape[0] = nd;
		shape[1] = n;
	}
	if (nd == 1 && !rowmajor) { /* the indices themselves, as (1, n) */
		int64_t st[2] = {n * 8, 8};
		struct ndarray *v = nd_view(ev, fa, DT_INT64, 2, shape, st, fa->offset);
		nd_decref(fa);
		return v;
	}
	struct ndarray *r = nd_new(ev, &backend_host, DT_INT64, 2, shape);
	if (r) {
		/* walk the multi-index forward from one non-zero item to the next */
		int64_t *o = (int64_t *)nd_data(r), idx[ND_MAXDIM] = {0}, at = 0;
		for (int64_t i = 0; i < n; i++) {
			int64_t gap = flat[i] - at;
			if (gap > 0) {
				int64_t carry = gap;
				for (int k = nd - 1; k >= 0 && carry; k--) {
					int64_t s = a->shape[k], v = idx[k] + carry;
					idx[k] = v % s;
					carry = v / s;
				}
				at = flat[i];
			}
			for (int k = 0; k < nd; k++) {
				if (rowmajor)
					o[i * nd + k] = idx[k];
				else
					o[k * n + i] = idx[k];
			}
		}
	}
	nd_decref(fa);
	return r;
}

static struct value *nonzero_of(struct eval *ev, struct ndarray *a)
{
	if (a->ndim == 0)
		return err_set(ev, TY_ValueError, "Calling nonzero on 0d arrays is not allowed. "
			       "Use np.atleast_1d(scalar).nonzero() instead.");
	if (ds_wanted(nd_backend(a)))
		return ds_nonzero(ev, a, 0);
	struct ndarray *c = nz_coords(ev, a, 0);
	if (!c)
		return NULL;
	struct value **items = calloc(a->ndim, sizeof *items);
	if (!items) {
		nd_decref(c);
		return err_nomem(ev);
	}
	int ok = 1;
	for (int k = 0; k < a->ndim && ok; k++) {
		int64_t n = c->shape[1];
		struct ndarray *row = nd_view(ev, c, DT_INT64, 1, &n, &c->strides[1],
					      c->offset + k * c->strides[0]);
		struct ndarray *d = row ? arr_to_backend(ev, row, nd_backend(a)) : NULL;
		nd_decref(row);
		ok = d && (items[k] = arr_wrap(ev, d));
	}
	nd_decref(c);
	if (!ok) {
		for (int k = 0; k < a->ndim; k++)
			val_decref(items[k]);
		free(items);
		return NULL;
	}
	struct value *t = val_tuple_new(a->ndim, items);
	free(items);
	return t;
}

static struct value *sf_nonzero(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "nonzero", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct value *r = nonzero_of(ev, a);
	nd_decref(a);
	return r;
}

static struct value *sm_nonzero(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct ndarray *a = arr_borrow(bi->self);
	if (args_parse(ev, "nonzero", argc, argv, kw, "") < 0)
		return NULL;
	if (!a)
		return err_set(ev, TY_TypeError, "nonzero() needs an array");
	return nonzero_of(ev, a);
}

static struct value *sf_argwhere(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "argwhere", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (a->ndim > 0 && ds_wanted(nd_backend(a))) {
		struct value *v = ds_nonzero(ev, a, 1);
		nd_decref(a);
		return v;
	}
	if (a->ndim == 0) {
		/* NumPy: argwhere of a 0-d array is (n, 0) */
		struct ndarray *f = nz_flat(ev, a);
		int64_t shape[2] = {0, 0};
		if (f) {
			shape[0] = f->shape[0];
			nd_decref(f);
			r = nd_new(ev, &backend_host, DT_INT64, 2, shape);
		}
	} else {
		r = nz_coords(ev, a, 1);
	}
	if (r) {
		struct ndarray *d = arr_to_backend(ev, r, nd_backend(a));
		nd_decref(r);
		r = d;
	}
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *sf_flatnonzero(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av;
	if (args_parse(ev, "flatnonzero", argc, argv, kw, "a", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (ds_wanted(nd_backend(a))) {
		struct value *v = ds_flatnonzero(ev, a);
		nd_decref(a);
		return v;
	}
	r = nz_flat(ev, a);
	if (r) {
		struct ndarray *d = arr_to_backend(ev, r, nd_backend(a));
		nd_decref(r);
		r = d;
	}
	nd_decref(a);
	return wrap(ev, r);
}

/* ---- comparisons of single items (searchsorted, unique rows, isin) ---- */

/* Items compared as one of three key kinds after a cast to a common dtype. */
static int key_dtype(int dt)
{
	if (dt_is_complex(dt))
		return DT_COMPLEX128;
	if (dt_is_float(dt))
		return DT_FLOAT64;
	if (dt == DT_UINT64)
		return DT_UINT64;
	return DT_INT64;
}


#define SEARCH_TEMPLATE(NAME, T, LT) \
static void search_##NAME(const T *a, int64_t n, const int64_t *sorter, const T *v, int64_t nv, \
			  int right, int64_t *out) \
{ \
	int64_t lo = 0, hi = n; \
	for (int64_t i = 0; i < nv; i++) { \
		T x = v[i]; \
		/* NumPy's bounds: after a smaller key the answer is not below \
		 * the last one; otherwise it is at most the last one + 1 */ \
		if (i > 0 && LT(v[i - 1], x)) { \
			hi = n; \
		} else { \
			lo = 0; \
			hi = hi < n ? hi + 1 : n; \
		} \
		while (lo < hi) { \
			int64_t mid = lo + (hi - lo) / 2; \
			T m = a[sorter ? sorter[mid] : mid]; \
			if (right ? !LT(x, m) : LT(m, x)) \
				lo = mid + 1; \
			else \
				hi = mid; \
		} \
		out[i] = lo; \
	} \
}
SEARCH_TEMPLATE(i64, int64_t, LT_NUM)
SEARCH_TEMPLATE(u64, uint64_t, LT_NUM)
SEARCH_TEMPLATE(f64, double, LT_FLT)
SEARCH_TEMPLATE(c128, struct cd, LT_CD)

static void search_any(int kd, const void *a, int64_t n, const int64_t *sorter, const void *v,
		       int64_t nv, int right, int64_t *out)
{
	switch (kd) {
	case DT_INT64: search_i64(a, n, sorter, v, nv, right, out); break;
	case DT_UINT64: search_u64(a, n, sorter, v, nv, right, out); break;
	case DT_FLOAT64: search_f64(a, n, sorter, v, nv, right, out); break;
	default: search_c128(a, n, sorter, v, nv, right, out); break;
	}
}

static struct value *searchsorted(struct eval *ev, const struct backend *be, struct ndarray *a,
				  struct value *vv, struct value *sidev, struct value *sorterv)
{
	int right = 0;
	struct ndarray *v = NULL, *ah = NULL, *vh = NULL, *sh = NULL, *out = NULL;
	struct value *res = NULL;
	if (sidev && sidev->type != VT_NONE) {
		const char *s = val_as_cstr(sidev);
		if (!s || (strcmp(s, "left") && strcmp(s, "right") && strcmp(s, "l") && strcmp(s, "r")))
			return err_set(ev, TY_ValueError, "side must be 'left' or 'right' (got '%s')", s ? s : "?");
		right = s[0] == 'r';
	}
	if (a->ndim != 1)
		return err_set(ev, TY_ValueError, "object too deep for desired array");
	v = arr_asarray(ev, nd_backend(a), vv, -1);
	if (!v)
		return NULL;
	int kd = key_dtype(dt_promote(a->dtype, v->dtype));
	if (be->searchsorted && kd != DT_COMPLEX128 && !(sorterv && sorterv->type != VT_NONE)) {
		/* the backend's search where a and v lie (the device's, or
		 * NumPy's npy_binsearch on the host); one real dtype is searched
		 * as it is (the same order as after a cast to kd) */
		if (a->dtype == v->dtype && a->dtype != DT_FLOAT16 && !dt_is_complex(a->dtype))
			kd = a->dtype;
		ah = a->dtype == kd && nd_is_c_contiguous(a) ? nd_incref(a) : arr_astype_quiet(ev, a, kd);
		vh = !ah ? NULL : v->dtype == kd && nd_is_c_contiguous(v) ? nd_incref(v)
								 : arr_astype_quiet(ev, v, kd);
		out = vh ? nd_new(ev, nd_backend(a), DT_INT64, vh->ndim, vh->shape) : NULL;
		if (out && be->searchsorted(ev, ah, vh, right, out) == 0) {
			res = arr_result(ev, out);
			out = NULL;
		}
		goto out;
	}
	ah = arr_host_c(ev, a, kd);
	vh = ah ? arr_host_c(ev, v, kd) : NULL;
	if (!vh)
		goto out;
	if (sorterv && sorterv->type != VT_NONE) {
		struct ndarray *s = arr_asarray(ev, nd_backend(a), sorterv, -1);
		sh = s ? arr_host_c(ev, s, DT_INT64) : NULL;
		nd_decref(s);
		if (!sh)
			goto out;
		if (nd_size(sh) != nd_size(ah)) {
			err_set(ev, TY_ValueError, "sorter.size must equal a.size");
			goto out;
		}
		for (int64_t i = 0; i < nd_size(sh); i++) {
			int64_t k = ((int64_t *)nd_data(sh))[i];
			if (k < 0 || k >= nd_size(ah)) {
				err_set(ev, TY_ValueError, "Sorter index out of range.");
				goto out;
			}
		}
	}
	out = nd_new(ev, &backend_host, DT_INT64, vh->ndim, vh->shape);
	if (!out)
		goto out;
	search_any(kd, nd_data(ah), nd_size(ah), sh ? (int64_t *)nd_data(sh) : NULL, nd_data(vh),
		   nd_size(vh), right, (int64_t *)nd_data(out));
	{
		struct ndarray *d = arr_to_backend(ev, out, be);
		nd_decref(out);
		out = NULL;
		res = d ? arr_result(ev, d) : NULL;
	}
out:
	nd_decref(v);
	nd_decref(ah);
	nd_decref(vh);
	nd_decref(sh);
	nd_decref(out);
	return res;
}

static struct value *sf_searchsorted(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *vv, *side = NULL, *sorter = NULL;
	if (args_parse(ev, "searchsorted", argc, argv, kw, "a,v|side,sorter", &av, &vv, &side, &sorter) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct value *r = searchsorted(ev, nd_backend(a), a, vv, side, sorter);
	nd_decref(a);
	return r;
}

static struct value *sm_searchsorted(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *vv, *side = NULL, *sorter = NULL;
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "searchsorted() needs an array");
	if (args_parse(ev, "searchsorted", argc, argv, kw, "v|side,sorter", &vv, &side, &sorter) < 0)
		return NULL;
	return searchsorted(ev, nd_backend(a), a, vv, side, sorter);
}

/* ---- isin ---- */

static struct value *sf_isin(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *ev_, *tv, *au = NULL, *inv = NULL, *kind = NULL;
	int invert = 0;
	if (args_parse(ev, "isin", argc, argv, kw, "element,test_elements|assume_unique,invert,$kind",
		       &ev_, &tv, &au, &inv, &kind) < 0 || args_bool(ev, inv, 0, &invert) < 0)
		return NULL;
	struct ndarray *e = in_arr(ev, bi, ev_), *t = e ? in_arr(ev, bi, tv) : NULL;
	struct ndarray *eh = NULL, *th = NULL, *out = NULL, *pos = NULL;
	struct value *res = NULL;
	if (!t)
		goto out;
	int kd = key_dtype(dt_promote(e->dtype, t->dtype));
	if (kd != DT_COMPLEX128 && nd_backend(e)->searchsorted && ds_wanted(nd_backend(e))) {
		res = ds_isin(ev, e, t, kd, invert);
		goto out;
	}
	eh = arr_host_c(ev, e, kd);
	th = eh ? arr_host_c(ev, t, kd) : NULL;
	if (!th)
		goto out;
	int64_t nt = nd_size(th), ne = nd_size(eh);
	if (kd == DT_INT64 && nt > 0) {
		/* NumPy's kind='table' for integers: a table of the test values'
		 * range when it is at most 6 (ne + nt) long */
		const int64_t *tv = (const int64_t *)nd_data(th), *evv = (const int64_t *)nd_data(eh);
		int64_t lo = tv[0], hi = tv[0];
		for (int64_t i = 1; i < nt; i++) {
			lo = tv[i] < lo ? tv[i] : lo;
			hi = tv[i] > hi ? tv[i] : hi;
		}
		if ((uint64_t)hi - (uint64_t)lo <= (uint64_t)6 * (uint64_t)(ne + nt)) {
			uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;
			uint8_t *tab = calloc(span, 1), *o;
			if (!tab) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t i = 0; i < nt; i++)
				tab[(uint64_t)tv[i] - (uint64_t)lo] = 1;
			out = nd_new(ev, &backend_host, DT_BOOL, eh->ndim, eh->shape);
			if (!out) {
				free(tab);
				goto out;
			}
			o = (uint8_t *)nd_data(out);
			for (int64_t i = 0; i < ne; i++) {
				uint64_t d = (uint64_t)evv[i] - (uint64_t)lo;
				o[i] = (uint8_t)((d < span && tab[d]) ^ invert);
			}
			free(tab);
			goto deliver;
		}
	}
	if (sort_row(ev, kd, nd_data(th), nt, 0) < 0)
		goto out;
	pos = nd_new(ev, &backend_host, DT_INT64, 1, &ne);
	out = pos ? nd_new(ev, &backend_host, DT_BOOL, eh->ndim, eh->shape) : NULL;
	if (!out)
		goto out;
	int64_t *p = (int64_t *)nd_data(pos);
	uint8_t *o = (uint8_t *)nd_data(out);
	search_any(kd, nd_data(th), nt, NULL, nd_data(eh), ne, 0, p);
	int isz = dt_size(kd);
	for (int64_t i = 0; i < ne; i++) {
		int found = 0;
		if (p[i] < nt) {
			const char *x = nd_data(eh) + i * isz, *y = nd_data(th) + p[i] * isz;
			if (kd == DT_FLOAT64)
				found = *(const double *)x == *(const double *)y;
			else if (kd == DT_COMPLEX128)
				found = ((const double *)x)[0] == ((const double *)y)[0]
					&& ((const double *)x)[1] == ((const double *)y)[1];
			else
				found = !memcmp(x, y, isz);
		}
		o[i] = (uint8_t)(found ^ invert);
	}
deliver:
	{
		struct ndarray *d = arr_to_backend(ev, out, nd_backend(e));
		nd_decref(out);
		out = NULL;
		res = d ? arr_wrap(ev, d) : NULL;
	}
out:
	nd_decref(e);
	nd_decref(t);
	nd_decref(eh);
	nd_decref(th);
	nd_decref(out);
	nd_decref(pos);
	return res;
}

/* ---- unique ---- */

/* Compares items i and j of a contiguous host array of kind kd. */
static int item_cmp(int kd, const char *base, int64_t rowlen, int64_t i, int64_t j)
{
	for (int64_t k = 0; k < rowlen; k++) {
		int64_t x = i * rowlen + k, y = j * rowlen + k;
		int lt, gt;
		switch (kd) {
		case DT_INT64: {
			int64_t a = ((const int64_t *)base)[x], b = ((const int64_t *)base)[y];
			lt = a < b; gt = b < a; break;
		}
		case DT_UINT64: {
			uint64_t a = ((const uint64_t *)base)[x], b = ((const uint64_t *)base)[y];
			lt = a < b; gt = b < a; break;
		}
		case DT_FLOAT64: {
			double a = ((const double *)base)[x], b = ((const double *)base)[y];
			lt = LT_FLT(a, b); gt = LT_FLT(b, a); break;
		}
		default: {
			struct cd a = ((const struct cd *)base)[x], b = ((const struct cd *)base)[y];
			lt = LT_CD(a, b); gt = LT_CD(b, a); break;
		}
		}
		if (lt)
			return -1;
		if (gt)
			return 1;
	}
	return 0;
}

static void rows_msort(int kd, const char *base, int64_t rowlen, int64_t *idx, int64_t n, int64_t *tmp)
{
	if (n <= 1)
		return;
	int64_t h = n / 2;
	rows_msort(kd, base, rowlen, idx, h, tmp);
	rows_msort(kd, base, rowlen, idx + h, n - h, tmp);
	memcpy(tmp, idx, sizeof(int64_t) * h);
	int64_t i = 0, j = h, k = 0;
	while (i < h && j < n) {
		if (item_cmp(kd, base, rowlen, idx[j], tmp[i]) < 0)
			idx[k++] = idx[j++];
		else
			idx[k++] = tmp[i++];
	}
	while (i < h)
		idx[k++] = tmp[i++];
}

/*
 * unique of a flat real array without indices (NumPy's own path): a sorted
 * copy, the first item of each run of equal ones kept in place (NaNs, last
 * after the sort, are one run: equal_nan); *cnt, when asked, gets each run's
 * length.  Returns the number of unique items.
 */
#define UNIQUE_RUNS(T) {                                                       \
	T *x = (T *)v;                                                         \
	for (int64_t i = 0; i < n; i++)                                        \
		if (i == 0 || !(x[i] == x[ng - 1] || (x[i] != x[i] && x[ng - 1] != x[ng - 1]))) { \
			if (cnt && ng)                                         \
				cnt[ng - 1] = i - start;                       \
			start = i;                                             \
			x[ng++] = x[i];                                        \
		}                                                              \
	break; }

static int64_t unique_runs(int dt, void *v, int64_t n, int64_t *cnt)
{
	int64_t ng = 0, start = 0;
	switch (dt) {
	case DT_BOOL: case DT_UINT8: UNIQUE_RUNS(uint8_t)
	case DT_INT8: UNIQUE_RUNS(int8_t)
	case DT_INT16: UNIQUE_RUNS(int16_t)
	case DT_UINT16: UNIQUE_RUNS(uint16_t)
	case DT_INT32: UNIQUE_RUNS(int32_t)
	case DT_UINT32: UNIQUE_RUNS(uint32_t)
	case DT_INT64: UNIQUE_RUNS(int64_t)
	case DT_UINT64: UNIQUE_RUNS(uint64_t)
	case DT_FLOAT32: UNIQUE_RUNS(float)
	case DT_FLOAT64: UNIQUE_RUNS(double)
	}
	if (cnt && ng)
		cnt[ng - 1] = n - start;
	return ng;
}

static struct value *unique_sorted(struct eval *ev, const struct ndarray *flat, int want_cnt,
				   const struct backend *be)
{
	struct ndarray *s = shp_copy(ev, flat), *u = NULL, *c = NULL;
	struct value *res = NULL;
	int64_t n = nd_size(flat), ng;
	if (!s)
		return NULL;
	if (want_cnt && !(c = nd_new(ev, &backend_host, DT_INT64, 1, &n)))
		goto out;
	if (sort_row(ev, s->dtype, nd_data(s), n, 0) < 0)
		goto out;
	ng = unique_runs(s->dtype, nd_data(s), n, c ? (int64_t *)nd_data(c) : NULL);
	if (!(u = nd_new(ev, &backend_host, s->dtype, 1, &ng)))
		goto out;
	memcpy(nd_data(u), nd_data(s), (size_t)ng * dt_size(s->dtype));
	{
		struct ndarray *parts[2] = {u, NULL};
		struct value *items[2] = {NULL, NULL};
		if (c) {
			parts[1] = nd_view(ev, c, DT_INT64, 1, &ng, &(int64_t){8}, c->offset);
			if (!parts[1])
				goto out;
		}
		for (int i = 0; i < 1 + !!c; i++) {
			struct ndarray *d = arr_to_backend(ev, parts[i], be);
			items[i] = d ? arr_wrap(ev, d) : NULL;
		}
		if (c)
			nd_decref(parts[1]);
		if (items[0] && (!c || items[1]))
			res = c ? val_tuple_new(2, items) : items[0];
		else {
			val_decref(items[0]);
			val_decref(items[1]);
		}
	}
out:
	nd_decref(s);
	nd_decref(u);
	nd_decref(c);
	return res;
}

static struct value *sf_unique(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *av, *ri = NULL, *rinv = NULL, *rc = NULL, *axv = NULL, *eqn = NULL, *sorted = NULL;
	int want_idx = 0, want_inv = 0, want_cnt = 0, axis = 0, none = 1;
	if (args_parse(ev, "unique", argc, argv, kw,
		       "ar|return_index,return_inverse,return_counts,axis,$equal_nan,sorted",
		       &av, &ri, &rinv, &rc, &axv, &eqn, &sorted) < 0
	    || args_bool(ev, ri, 0, &want_idx) < 0 || args_bool(ev, rinv, 0, &want_inv) < 0
	    || args_bool(ev, rc, 0, &want_cnt) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *rows = NULL, *key = NULL;
	struct ndarray *vals = NULL, *idxa = NULL, *inva = NULL, *cnta = NULL;
	int64_t *order = NULL, *tmp = NULL, *first = NULL, *grp = NULL;
	struct value *res = NULL;
	if (!a)
		return NULL;
	const struct backend *be = nd_backend(a);
	if (axv && axv->type != VT_NONE) {
		none = 0;
		if (axis_arg(ev, axv, a->ndim, 0, &axis, &none) < 0)
			goto out;
	}
	if (none && ds_wanted(be) && !dt_is_complex(a->dtype) && a->dtype != DT_FLOAT16) {
		res = ds_unique(ev, a, want_idx, want_inv, want_cnt);
		goto out;
	}
	/* rows: (n, rowlen) of the original dtype, host; key: the same as kd */
	int64_t n, rowlen;
	if (none) {
		struct ndarray *f = arr_reshape(ev, a, 1, &ravel_m1);
		rows = f ? arr_host_c(ev, f, a->dtype) : NULL;
		nd_decref(f);
		if (!rows)
			goto out;
		n = nd_size(rows);
		rowlen = 1;
	} else {
		int perm[ND_MAXDIM];
		perm[0] = axis;
		for (int i = 0, k = 1; i < a->ndim; i++)
			if (i != axis)
				perm[k++] = i;
		struct ndarray *t = arr_transpose(ev, a, perm);
		rows = t ? arr_host_c(ev, t, a->dtype) : NULL;
		nd_decref(t);
		if (!rows)
			goto out;
		n = a->shape[axis];
		rowlen = n ? nd_size(rows) / n : 0;
	}
	if (none && !want_idx && !want_inv && !dt_is_complex(a->dtype) && a->dtype != DT_FLOAT16) {
		res = unique_sorted(ev, rows, want_cnt, be);
		goto out;
	}
	int kd = key_dtype(a->dtype);
	key = arr_host_c(ev, rows, kd);
	if (!key)
		goto out;
	order = malloc(sizeof(int64_t) * (n + 1));
	tmp = malloc(sizeof(int64_t) * (n / 2 + 1));
	grp = malloc(sizeof(int64_t) * (n + 1));
	first = malloc(sizeof(int64_t) * (n + 1));
	if (!order || !tmp || !grp || !first) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < n; i++)
		order[i] = i;
	if (rowlen == 1) {
		if (argsort_row(ev, kd, nd_data(key), n, order, tmp) < 0)
			goto out;
	} else {
		rows_msort(kd, nd_data(key), rowlen, order, n, tmp);
	}
	/* groups of equal rows (NaNs equal to each other: equal_nan) */
	int64_t ng = 0;
	for (int64_t i = 0; i < n; i++) {
		if (i == 0 || item_cmp(kd, nd_data(key), rowlen, order[i - 1], order[i]) != 0) {
			/* item_cmp treats two NaNs as equal: neither is less */
			first[ng++] = i;
		}
		grp[order[i]] = ng - 1;
	}
	first[ng] = n;
	{
		int64_t oshape[ND_MAXDIM];
		int ond;
		if (none) {
			ond = 1;
			oshape[0] = ng;
		} else {
			ond = a->ndim;
			memcpy(oshape, rows->shape, sizeof(int64_t) * a->ndim);
			oshape[0] = ng;
		}
		struct ndarray *u = nd_new(ev, &backend_host, a->dtype, ond, oshape);
		if (!u)
			goto out;
		int64_t rb = rowlen * dt_size(a->dtype);
		for (int64_t g = 0; g < ng; g++)
			memcpy(nd_data(u) + g * rb, nd_data(rows) + order[first[g]] * rb, rb);
		if (!none) {
			int perm[ND_MAXDIM];
			for (int i = 0; i < a->ndim; i++)
				perm[i] = i == axis ? 0 : (i < axis ? i + 1 : i);
			struct ndarray *t = arr_transpose(ev, u, perm);
			nd_decref(u);
			u = t ? shp_copy(ev, t) : NULL;
			nd_decref(t);
			if (!u)
				goto out;
		}
		vals = u;
	}
	if (want_idx) {
		idxa = nd_new(ev, &backend_host, DT_INT64, 1, &ng);
		if (!idxa)
			goto out;
		for (int64_t g = 0; g < ng; g++)
			((int64_t *)nd_data(idxa))[g] = order[first[g]];
	}
	if (want_inv) {
		if (none)
			inva = nd_new(ev, &backend_host, DT_INT64, a->ndim, a->shape);
		else
			inva = nd_new(ev, &backend_host, DT_INT64, 1, &n);
		if (!inva)
			goto out;
		memcpy(nd_data(inva), grp, sizeof(int64_t) * n);
	}
	if (want_cnt) {
		cnta = nd_new(ev, &backend_host, DT_INT64, 1, &ng);
		if (!cnta)
			goto out;
		for (int64_t g = 0; g < ng; g++)
			((int64_t *)nd_data(cnta))[g] = first[g + 1] - first[g];
	}
	{
		struct ndarray *parts[4] = {vals, idxa, inva, cnta};
		struct value *items[4] = {NULL};
		int k = 0, ok = 1;
		for (int i = 0; i < 4; i++) {
			if (!parts[i])
				continue;
			struct ndarray *d = arr_to_backend(ev, parts[i], be);
			if (!d || !(items[k++] = arr_wrap(ev, d))) {
				ok = 0;
				break;
			}
		}
		if (!ok) {
			for (int i = 0; i < k; i++)
				val_decref(items[i]);
		} else if (k == 1) {
			res = items[0];
		} else {
			res = val_tuple_new(k, items);
		}
	}
out:
	free(order);
	free(tmp);
	free(grp);
	free(first);
	nd_decref(a);
	nd_decref(rows);
	nd_decref(key);
	nd_decref(vals);
	nd_decref(idxa);
	nd_decref(inva);
	nd_decref(cnta);
	return res;
}

/* ---- lexsort sort_complex (composed from argsort / take_along_axis / sort) ---- */

/* lexsort(keys, axis=-1): the last key is the primary one; stable argsorts
 * from the first key to the last, each through the order so far */
static struct value *sf_lexsort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *kv, *axv = NULL, *idx = NULL, *axis, *stable;
	int64_t n;
	if (args_parse(ev, "lexsort", argc, argv, kw, "keys|axis", &kv, &axv) < 0)
		return NULL;
	struct ndarray *ka = arr_borrow(kv);
	if (ka && ka->ndim == 0)
		return err_set(ev, TY_TypeError, "need sequence of keys with len > 0 in lexsort");
	if ((n = val_len(ev, kv)) < 0)
		return NULL;
	if (n == 0)
		return err_set(ev, TY_TypeError, "need sequence of keys with len > 0 in lexsort");
	struct value *ks[64];
	if (n > 64)
		return err_set(ev, TY_ValueError, "too many keys in lexsort");
	for (int64_t i = 0; i < n; i++) {
		struct value *item = ex_item(ev, val_incref(kv), val_int(i));
		struct ndarray *a = item ? in_arr(ev, bi, item) : NULL;
		if (item)
			val_decref(item);
		ks[i] = a ? arr_wrap(ev, a) : NULL;
		if (ks[i] && i && (arr_borrow(ks[i])->ndim != arr_borrow(ks[0])->ndim ||
				   memcmp(arr_borrow(ks[i])->shape, arr_borrow(ks[0])->shape,
					  sizeof(int64_t) * arr_borrow(ks[0])->ndim))) {
			val_decref(ks[i]);
			ks[i] = NULL;
			err_set(ev, TY_ValueError, "all keys need to be the same shape");
		}
		if (!ks[i]) {
			while (i--)
				val_decref(ks[i]);
			return NULL;
		}
	}
	int nd = arr_borrow(ks[0])->ndim, ax;
	int64_t a64 = -1;
	if (args_int(ev, axv, -1, &a64) < 0 || (nd && arr_normalize_axis(ev, a64, nd, &ax) < 0))
		goto out;
	if (nd == 0) { /* 0-d keys: a single position */
		idx = val_int(0);
		goto out;
	}
	axis = val_int(ax);
	stable = val_cstr("stable");
	for (int64_t i = 0; i < n; i++) {
		struct value *key = ks[i], *o;
		const char *names[2] = {"axis", "kind"};
		struct value *kvals[2] = {axis, stable};
		struct kwargs k2 = {2, names, kvals};
		if (idx) {
			struct value *args[2] = {key, idx};
			key = arr_ns_callk(ev, be, "take_along_axis", 2, args, "axis", axis);
		} else {
			key = val_incref(key);
		}
		o = key ? arr_ns_call(ev, be, "argsort", 1, &key, &k2) : NULL;
		if (key)
			val_decref(key);
		if (o && idx) {
			struct value *args[2] = {idx, o}, *t = arr_ns_callk(ev, be, "take_along_axis", 2, args, "axis", axis);
			val_decref(o);
			o = t;
		}
		if (idx)
			val_decref(idx);
		if (!(idx = o))
			break;
	}
	val_decref(axis);
	val_decref(stable);
out:
	for (int64_t i = 0; i < n; i++)
		val_decref(ks[i]);
	return idx;
}

/* sort_complex(a): sorted copy as complex (complex64 from the small ints) */
static struct value *sf_sort_complex(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				     const struct kwargs *kw)
{
	struct value *av, *s;
	if (args_parse(ev, "sort_complex", argc, argv, kw, "a", &av) < 0 ||
	    !(s = arr_ns_call(ev, arr_be(bi), "sort", 1, &av, NULL)))
		return NULL;
	struct ndarray *a = arr_borrow(s), *c;
	if (!a || dt_is_complex(a->dtype))
		return s;
	int small = a->dtype == DT_INT8 || a->dtype == DT_INT16 || a->dtype == DT_UINT8 || a->dtype == DT_UINT16;
	c = arr_astype(ev, a, small ? DT_COMPLEX64 : DT_COMPLEX128);
	val_decref(s);
	return c ? arr_wrap(ev, c) : NULL;
}

const struct arr_func arr_sort_funcs[] = {
	{"lexsort", sf_lexsort, "lexsort(keys, axis=-1)", "Perform an indirect stable sort using a sequence of keys (the last one primary)."},
	{"sort_complex", sf_sort_complex, "sort_complex(a)", "Sort a complex array using the real part first, then the imaginary part."},
	{"sort", sf_sort, "sort(a, axis=-1, kind=None, order=None, *, stable=None)",
	 "Return a sorted copy of an array (NaNs last)."},
	{"argsort", sf_argsort, "argsort(a, axis=-1, kind=None, order=None, *, stable=None)",
	 "Returns the indices that would sort an array (a stable sort)."},
	{"partition", sf_partition, "partition(a, kth, axis=-1, kind='introselect', order=None)",
	 "Return a partitioned copy of an array (Lumen: fully sorted, which satisfies the contract)."},
	{"argpartition", sf_argpartition, "argpartition(a, kth, axis=-1, kind='introselect', order=None)",
	 "Indices that partition an array (Lumen: a stable argsort)."},
	{"unique", sf_unique, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True)",
	 "Find the unique elements of an array."},
	{"searchsorted", sf_searchsorted, "searchsorted(a, v, side='left', sorter=None)",
	 "Find indices where elements should be inserted to maintain order."},
	{"nonzero", sf_nonzero, "nonzero(a)", "Return the indices of the elements that are non-zero."},
	{"argwhere", sf_argwhere, "argwhere(a)", "Find the indices of array elements that are non-zero, grouped by element."},
	{"flatnonzero", sf_flatnonzero, "flatnonzero(a)", "Return indices that are non-zero in the flattened version of a."},
	{"isin", sf_isin, "isin(element, test_elements, assume_unique=False, invert=False, *, kind=None)",
	 "Calculates element in test_elements, broadcasting over element only."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_sort_methods[] = {
	{"sort", sm_sort, "a.sort(axis=-1, kind=None, order=None)", "Sort an array in-place."},
	{"argsort", sm_argsort, "a.argsort(axis=-1, kind=None, order=None)",
	 "Returns the indices that would sort this array."},
	{"nonzero", sm_nonzero, "a.nonzero()", "Return the indices of the elements that are non-zero."},
	{"searchsorted", sm_searchsorted, "a.searchsorted(v, side='left', sorter=None)",
	 "Find indices where elements of v should be inserted in a to maintain order."},
	{NULL, NULL, NULL, NULL}
};
