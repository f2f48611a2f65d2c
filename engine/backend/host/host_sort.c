/*
 * host_sort.c — the host backend's sorts (struct backend's sort entry) and
 * the row sorts under it: typed introsort and stable merge sort in NumPy's
 * order (NaNs last), 32- and 64-bit numbers through simdsort.c's SIMD
 * quicksort, rows already ascending left as they are, large stable
 * argsorts by an LSD radix sort.  Host memory only; owns no state.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "backend/host/simdsort.h"
#include "backend/host/host_sort.h"

/* ---- typed comparisons ---- */

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
int host_argsort_row(struct eval *ev, int dt, const void *v, int64_t n, int64_t *idx, int64_t *tmp)
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
int host_sort_row(struct eval *ev, int dt, void *v, int64_t n, int stable)
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
	int rc = host_argsort_row(ev, dt, v, n, idx, idx + n);
	if (rc == 0) {
		memcpy(c, v, isz * n);
		for (int64_t i = 0; i < n; i++)
			memcpy((char *)v + i * isz, c + idx[i] * isz, isz);
	}
	free(idx);
	free(c);
	return rc;
}

int host_sort(struct eval *ev, struct ndarray *a, struct ndarray *idx_out, int stable)
{
	int64_t n = a->ndim ? a->shape[a->ndim - 1] : 1, rows = n ? nd_size(a) / n : 0;
	int isz = dt_size(a->dtype);
	int64_t *tmp = NULL;
	if (!idx_out) {
		for (int64_t i = 0; i < rows; i++) {
			if (host_sort_row(ev, a->dtype, nd_data(a) + i * n * isz, n, stable) < 0)
				return -1;
			if ((i & 1023) == 0 && ev_check_interrupt(ev))
				return -1;
		}
		return 0;
	}
	if (!(tmp = malloc(sizeof(int64_t) * (n / 2 + 1))))
		return err_nomem(ev), -1;
	for (int64_t i = 0; i < rows; i++)
		if (host_argsort_row(ev, a->dtype, nd_data(a) + i * n * isz, n,
				     (int64_t *)nd_data(idx_out) + i * n, tmp) < 0) {
			free(tmp);
			return -1;
		}
	free(tmp);
	return 0;
}
