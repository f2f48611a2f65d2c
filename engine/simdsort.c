/*
 * simdsort.c — AVX2 quicksort of 32- and 64-bit numbers, in place.
 *
 * Owns the vectorised partition (one vector of 8 or 4 lanes compared with
 * the pivot, its lanes permuted through a table so that the lanes going left
 * come first, then stored at both ends), the pivot choice and the small-row
 * sort.  Never allocates, never sees NaN (the caller moves NaNs last) and
 * never runs where the CPU lacks AVX2: simdsort_sort says so and the caller
 * keeps its scalar sort.
 */
#include <string.h>
#include "dtype.h"
#include "simdsort.h"

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define SIMD_OK 1
#define AVX2 __attribute__((target("avx2,popcnt")))
#else
#define SIMD_OK 0
#endif

#if SIMD_OK

/* perm32[m]: the lanes of 8 whose bit is set in m first (in lane order),
 * then the others; perm64[m]: the same for 4 lanes of two 32-bit halves. */
static int32_t perm32[256][8], perm64[16][8];

static void perm_init(void)
{
	for (int m = 0; m < 256; m++) {
		int k = 0;
		for (int i = 0; i < 8; i++)
			if (m >> i & 1)
				perm32[m][k++] = i;
		for (int i = 0; i < 8; i++)
			if (!(m >> i & 1))
				perm32[m][k++] = i;
	}
	for (int m = 0; m < 16; m++) {
		int k = 0;
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < 4; i++)
				if ((m >> i & 1) == !pass) {
					perm64[m][k++] = 2 * i;
					perm64[m][k++] = 2 * i + 1;
				}
	}
}

/* Lane masks "x < p" and "x <= p" for each element type; unsigned numbers
 * compare as signed after flipping their sign bit. */
#define SGN32 _mm256_set1_epi32((int)0x80000000u)
#define SGN64 _mm256_set1_epi64x((long long)0x8000000000000000ull)
#define MASK32(c) _mm256_movemask_ps(_mm256_castsi256_ps(c))
#define MASK64(c) _mm256_movemask_pd(_mm256_castsi256_pd(c))

#define LT_i32(x, p) MASK32(_mm256_cmpgt_epi32(p, x))
#define LE_i32(x, p) (~MASK32(_mm256_cmpgt_epi32(x, p)) & 0xff)
#define LT_u32(x, p) LT_i32(_mm256_xor_si256(x, SGN32), _mm256_xor_si256(p, SGN32))
#define LE_u32(x, p) LE_i32(_mm256_xor_si256(x, SGN32), _mm256_xor_si256(p, SGN32))
#define LT_f32(x, p) _mm256_movemask_ps(_mm256_cmp_ps(x, p, _CMP_LT_OQ))
#define LE_f32(x, p) _mm256_movemask_ps(_mm256_cmp_ps(x, p, _CMP_LE_OQ))
#define LT_i64(x, p) MASK64(_mm256_cmpgt_epi64(p, x))
#define LE_i64(x, p) (~MASK64(_mm256_cmpgt_epi64(x, p)) & 0xf)
#define LT_u64(x, p) LT_i64(_mm256_xor_si256(x, SGN64), _mm256_xor_si256(p, SGN64))
#define LE_u64(x, p) LE_i64(_mm256_xor_si256(x, SGN64), _mm256_xor_si256(p, SGN64))
#define LT_f64(x, p) _mm256_movemask_pd(_mm256_cmp_pd(x, p, _CMP_LT_OQ))
#define LE_f64(x, p) _mm256_movemask_pd(_mm256_cmp_pd(x, p, _CMP_LE_OQ))

#define LOADI(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREI(p, x) _mm256_storeu_si256((__m256i *)(p), x)
#define PERMI(x, tab, m) _mm256_permutevar8x32_epi32(x, LOADI(tab[m]))
#define PERMF(x, tab, m) _mm256_permutevar8x32_ps(x, LOADI(tab[m]))
#define PERMD(x, tab, m) _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(x), LOADI(tab[m])))

/*
 * The leaf sort: up to 4 vectors (4 W elements) sorted in registers by a
 * bitonic network.  MM_NAME(a, b, lo, hi) puts the lanewise lesser of a and
 * b in lo and the greater in hi (by comparison and blend: min/max
 * instructions would turn -0.0 and 0.0 into two of one).  Shuffles and
 * blends act on the float view (TOF/FROMF casts, free).  CE(NAME, x, P, M):
 * each lane meets lane P(i) and the lanes in mask M keep the greater.
 */
#define MM_f32(a, b, lo, hi)                                                   \
	do {                                                                   \
		__m256 a_ = a, b_ = b, lt_ = _mm256_cmp_ps(b_, a_, _CMP_LT_OQ);\
		lo = _mm256_blendv_ps(a_, b_, lt_);                            \
		hi = _mm256_blendv_ps(b_, a_, lt_);                            \
	} while (0)
#define MM_f64(a, b, lo, hi)                                                   \
	do {                                                                   \
		__m256d a_ = a, b_ = b, lt_ = _mm256_cmp_pd(b_, a_, _CMP_LT_OQ);\
		lo = _mm256_blendv_pd(a_, b_, lt_);                            \
		hi = _mm256_blendv_pd(b_, a_, lt_);                            \
	} while (0)
#define MM_INT(a, b, lo, hi, MIN, MAX)                                         \
	do {                                                                   \
		__m256i a_ = a, b_ = b;                                        \
		lo = MIN(a_, b_);                                              \
		hi = MAX(a_, b_);                                              \
	} while (0)
#define MM_i32(a, b, lo, hi) MM_INT(a, b, lo, hi, _mm256_min_epi32, _mm256_max_epi32)
#define MM_u32(a, b, lo, hi) MM_INT(a, b, lo, hi, _mm256_min_epu32, _mm256_max_epu32)
#define MM_GT64(a, b, FLIP, lo, hi)                                            \
	do {                                                                   \
		__m256i a_ = a, b_ = b;                                        \
		__m256i g_ = _mm256_cmpgt_epi64(FLIP(a_), FLIP(b_));           \
		lo = _mm256_blendv_epi8(a_, b_, g_);                           \
		hi = _mm256_blendv_epi8(b_, a_, g_);                           \
	} while (0)
#define FLIP_NONE(x) (x)
#define FLIP_SIGN(x) _mm256_xor_si256(x, SGN64)
#define MM_i64(a, b, lo, hi) MM_GT64(a, b, FLIP_NONE, lo, hi)
#define MM_u64(a, b, lo, hi) MM_GT64(a, b, FLIP_SIGN, lo, hi)

#define TOF_f32(x) (x)
#define FROMF_f32(x) (x)
#define TOF_i32(x) _mm256_castsi256_ps(x)
#define FROMF_i32(x) _mm256_castps_si256(x)
#define TOF_u32 TOF_i32
#define FROMF_u32 FROMF_i32
#define TOF_f64(x) (x)
#define FROMF_f64(x) (x)
#define TOF_i64(x) _mm256_castsi256_pd(x)
#define FROMF_i64(x) _mm256_castpd_si256(x)
#define TOF_u64 TOF_i64
#define FROMF_u64 FROMF_i64

/* partners i^1, i^2, i^3, i^4, i^7 of 8 lanes; i^1, i^2, i^3 of 4 */
#define X1_8(x) _mm256_permute_ps(x, 0xB1)
#define X2_8(x) _mm256_permute_ps(x, 0x4E)
#define X3_8(x) _mm256_permute_ps(x, 0x1B)
#define X4_8(x) _mm256_permute2f128_ps(x, x, 1)
#define X7_8(x) _mm256_permutevar8x32_ps(x, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0))
#define BL_8(lo, hi, m) _mm256_blend_ps(lo, hi, m)
#define X1_4(x) _mm256_permute_pd(x, 0x5)
#define X2_4(x) _mm256_permute2f128_pd(x, x, 1)
#define X3_4(x) _mm256_permute4x64_pd(x, 0x1B)
#define BL_4(lo, hi, m) _mm256_blend_pd(lo, hi, m)

#define CE(NAME, W, x, P, M)                                                   \
	do {                                                                   \
		__typeof__(x) y_ = FROMF_##NAME(P(TOF_##NAME(x))), lo_, hi_;   \
		MM_##NAME(x, y_, lo_, hi_);                                    \
		x = FROMF_##NAME(BL_##W(TOF_##NAME(lo_), TOF_##NAME(hi_), M)); \
	} while (0)
/* sort one vector; sort a bitonic vector; reverse a vector */
#define SORTV_8(NAME, x)                                                       \
	do {                                                                   \
		CE(NAME, 8, x, X1_8, 0xAA);                                    \
		CE(NAME, 8, x, X3_8, 0xCC);                                    \
		CE(NAME, 8, x, X1_8, 0xAA);                                    \
		CE(NAME, 8, x, X7_8, 0xF0);                                    \
		CE(NAME, 8, x, X2_8, 0xCC);                                    \
		CE(NAME, 8, x, X1_8, 0xAA);                                    \
	} while (0)
#define CLEANV_8(NAME, x)                                                      \
	do {                                                                   \
		CE(NAME, 8, x, X4_8, 0xF0);                                    \
		CE(NAME, 8, x, X2_8, 0xCC);                                    \
		CE(NAME, 8, x, X1_8, 0xAA);                                    \
	} while (0)
#define REV_8(NAME, x) FROMF_##NAME(X7_8(TOF_##NAME(x)))
#define SORTV_4(NAME, x)                                                       \
	do {                                                                   \
		CE(NAME, 4, x, X1_4, 0xA);                                     \
		CE(NAME, 4, x, X3_4, 0xC);                                     \
		CE(NAME, 4, x, X1_4, 0xA);                                     \
	} while (0)
#define CLEANV_4(NAME, x)                                                      \
	do {                                                                   \
		CE(NAME, 4, x, X2_4, 0xC);                                     \
		CE(NAME, 4, x, X1_4, 0xA);                                     \
	} while (0)
#define REV_4(NAME, x) FROMF_##NAME(X3_4(TOF_##NAME(x)))

/* Masked loads and stores of the first k lanes (k may be <= 0 or > W):
 * the leaf reads and writes its row in place, without a copy. */
#define MASKN_8(k) _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(k)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
#define MLOAD_8(p, m) _mm256_maskload_ps((const float *)(p), m)
#define MSTORE_8(p, m, x) _mm256_maskstore_ps((float *)(p), m, x)
#define MBLEND_8(a, b, m) _mm256_blendv_ps(a, b, _mm256_castsi256_ps(m))
#define MASKN_4(k) _mm256_cmpgt_epi64(_mm256_set1_epi64x(k), _mm256_setr_epi64x(0, 1, 2, 3))
#define MLOAD_4(p, m) _mm256_maskload_pd((const double *)(p), m)
#define MSTORE_4(p, m, x) _mm256_maskstore_pd((double *)(p), m, x)
#define MBLEND_4(a, b, m) _mm256_blendv_pd(a, b, _mm256_castsi256_pd(m))

/* leaf_NAME(v, n, tmax): sorts n <= 4 W elements, the lanes past n filled
 * with tmax.  Each vector is sorted, pairs merge into runs of 2 W (the
 * second reversed makes the pair bitonic), then the two runs merge. */
#define LEAF_TEMPLATE(NAME, T, VT, W, LOAD, STORE, SET1)                       \
AVX2 static VT leafload_##NAME(const T *v, int64_t k, VT fill)                 \
{                                                                              \
	if (k >= W)                                                            \
		return LOAD(v);                                                \
	if (k <= 0)                                                            \
		return fill;                                                   \
	__m256i m = MASKN_##W(k);                                              \
	return FROMF_##NAME(MBLEND_##W(TOF_##NAME(fill), MLOAD_##W(v, m), m)); \
}                                                                              \
AVX2 static void leafstore_##NAME(T *v, int64_t k, VT x)                       \
{                                                                              \
	if (k >= W)                                                            \
		STORE(v, x);                                                   \
	else if (k > 0)                                                        \
		MSTORE_##W(v, MASKN_##W(k), TOF_##NAME(x));                    \
}                                                                              \
AVX2 static void leaf_##NAME(T *v, int64_t n, T tmax)                          \
{                                                                              \
	VT fill = SET1(tmax), lo, hi, m0, m1;                                  \
	VT r0 = leafload_##NAME(v, n, fill), r1, r2, r3;                       \
	SORTV_##W(NAME, r0);                                                   \
	if (n <= W) {                                                          \
		leafstore_##NAME(v, n, r0);                                    \
		return;                                                        \
	}                                                                      \
	r1 = leafload_##NAME(v + W, n - W, fill);                              \
	SORTV_##W(NAME, r1);                                                   \
	MM_##NAME(r0, REV_##W(NAME, r1), r0, r1);                              \
	CLEANV_##W(NAME, r0);                                                  \
	CLEANV_##W(NAME, r1);                                                  \
	if (n <= 2 * W) {                                                      \
		STORE(v, r0);                                                  \
		leafstore_##NAME(v + W, n - W, r1);                            \
		return;                                                        \
	}                                                                      \
	r2 = leafload_##NAME(v + 2 * W, n - 2 * W, fill);                      \
	r3 = n > 3 * W ? leafload_##NAME(v + 3 * W, n - 3 * W, fill) : fill;   \
	SORTV_##W(NAME, r2);                                                   \
	SORTV_##W(NAME, r3);                                                   \
	MM_##NAME(r2, REV_##W(NAME, r3), r2, r3);                              \
	CLEANV_##W(NAME, r2);                                                  \
	CLEANV_##W(NAME, r3);                                                  \
	/* lanes i and 4W-1-i meet; the upper half is kept reversed */         \
	MM_##NAME(r0, REV_##W(NAME, r3), lo, m0);                              \
	r0 = lo;                                                               \
	MM_##NAME(r1, REV_##W(NAME, r2), lo, m1);                              \
	r1 = lo;                                                               \
	MM_##NAME(r0, r1, lo, hi);                                             \
	r0 = lo;                                                               \
	r1 = hi;                                                               \
	MM_##NAME(m0, m1, r2, r3);                                             \
	CLEANV_##W(NAME, r0);                                                  \
	CLEANV_##W(NAME, r1);                                                  \
	CLEANV_##W(NAME, r2);                                                  \
	CLEANV_##W(NAME, r3);                                                  \
	STORE(v, r0);                                                          \
	STORE(v + W, r1);                                                      \
	leafstore_##NAME(v + 2 * W, n - 2 * W, r2);                            \
	if (n > 3 * W)                                                         \
		leafstore_##NAME(v + 3 * W, n - 3 * W, r3);                    \
}

/*
 * part<U><lt|le>_NAME(v, n, p) moves the elements < p (le: <= p) of v to
 * the front and returns their count; n >= 2 U W.  U vectors from each end wait
 * in registers, so that every later load frees room on the side it is read
 * from; each step reads U vectors from the side with less room, which
 * leaves room for both stores of every vector (its lanes going left, in
 * front, stored at the left end; all of it stored at the right end).
 */
#define PART_TEMPLATE(NAME, SUF, U, T, VT, W, LOAD, STORE, SET1, PERM, TAB, GOES, SGOES) \
AVX2 static int64_t part##SUF##_##NAME(T *v, int64_t n, T p)                   \
{                                                                              \
	VT pv = SET1(p), keep[2 * U];                                          \
	int64_t l = U * W, r = n - U * W, lw = 0, rw = n, m;                   \
	for (int u = 0; u < U; u++) {                                          \
		keep[u] = LOAD(v + u * W);                                     \
		keep[U + u] = LOAD(v + r + u * W);                             \
	}                                                                      \
	while (r - l >= U * W) {                                               \
		/* no branch: which side is read is data-dependent */           \
		int64_t left = -(int64_t)(l - lw <= rw - r);                   \
		int64_t at = (l & left) | ((r - U * W) & ~left);               \
		l += U * W & left;                                             \
		r -= U * W & ~left;                                            \
		VT x0 = LOAD(v + at);                                          \
		VT x1 = U > 1 ? LOAD(v + at + (U > 1) * 1 * W) : x0;                         \
		VT x2 = U > 2 ? LOAD(v + at + (U > 2) * 2 * W) : x0;                         \
		VT x3 = U > 3 ? LOAD(v + at + (U > 3) * 3 * W) : x0;                         \
		VT x4 = U > 4 ? LOAD(v + at + (U > 4) * 4 * W) : x0;                         \
		VT x5 = U > 5 ? LOAD(v + at + (U > 5) * 5 * W) : x0;                         \
		VT x6 = U > 6 ? LOAD(v + at + (U > 6) * 6 * W) : x0;                         \
		VT x7 = U > 7 ? LOAD(v + at + (U > 7) * 7 * W) : x0;                         \
		PART_STEP(x0, GOES, PERM, TAB, STORE, W);                                    \
		if (U > 1)                                                                   \
			PART_STEP(x1, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 2)                                                                   \
			PART_STEP(x2, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 3)                                                                   \
			PART_STEP(x3, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 4)                                                                   \
			PART_STEP(x4, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 5)                                                                   \
			PART_STEP(x5, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 6)                                                                   \
			PART_STEP(x6, GOES, PERM, TAB, STORE, W);                                   \
		if (U > 7)                                                                   \
			PART_STEP(x7, GOES, PERM, TAB, STORE, W);                                   \
	}                                                                      \
	/* the last < U W unread elements, one by one */                       \
	T tail[U * W];                                                         \
	int64_t nt = r - l;                                                    \
	memcpy(tail, v + l, sizeof(T) * nt);                                   \
	for (int64_t i = 0; i < nt; i++) {                                     \
		if (SGOES(tail[i], p))                                         \
			v[lw++] = tail[i];                                     \
		else                                                           \
			v[--rw] = tail[i];                                     \
	}                                                                      \
	/* rw - lw is now 2 U W: the kept vectors fill it, the last one's      \
	 * two stores landing on the same W slots */                           \
	for (int u = 0; u < 2 * U; u++)                                        \
		PART_STEP(keep[u], GOES, PERM, TAB, STORE, W);                           \
	return lw;                                                             \
}

/* One vector's lanes that go left (GOES: LT_ or LE_ with the pivot) to the
 * left end, the rest to the right end. */
#define PART_STEP(x, GOES, PERM, TAB, STORE, W)                                \
	do {                                                                   \
		m = GOES(x, pv);                                               \
		__typeof__(x) y_ = PERM(x, TAB, m);                            \
		STORE(v + lw, y_);                                             \
		STORE(v + rw - W, y_);                                         \
		lw += __builtin_popcount(m);                                   \
		rw -= W - __builtin_popcount(m);                               \
	} while (0)
/* A scalar compare-exchange without branches (conditional moves). */
#define CX(s, i, j)                                                            \
	do {                                                                   \
		__typeof__(s[0]) x_ = s[i], y_ = s[j];                         \
		s[i] = y_ < x_ ? y_ : x_;                                      \
		s[j] = y_ < x_ ? x_ : y_;                                      \
	} while (0)
#define SLT(a, b) ((a) < (b))
#define SLE(a, b) ((a) <= (b))

/*
 * For element type T in vectors VT of W lanes:
 *   qs_NAME(v, n, depth)    introsort: quicksort, heapsort past depth
 * The partition keeps one vector from each end in registers, so that every
 * later load frees a vector's room on the side it is read from; it reads
 * from the side with less room, which leaves room for both stores.
 */
#define QS_TEMPLATE(NAME, T, VT, W, LOAD, STORE, SET1, PERM, TAB, TMAX)        \
AVX2 static void sift_##NAME(T *v, int64_t i, int64_t n)                       \
{                                                                              \
	T x = v[i];                                                            \
	for (;;) {                                                             \
		int64_t c = 2 * i + 1;                                         \
		if (c >= n)                                                    \
			break;                                                 \
		if (c + 1 < n && v[c] < v[c + 1])                              \
			c++;                                                   \
		if (!(x < v[c]))                                               \
			break;                                                 \
		v[i] = v[c];                                                   \
		i = c;                                                         \
	}                                                                      \
	v[i] = x;                                                              \
}                                                                              \
AVX2 static void hsort_##NAME(T *v, int64_t n)                                 \
{                                                                              \
	for (int64_t i = n / 2 - 1; i >= 0; i--)                               \
		sift_##NAME(v, i, n);                                          \
	for (int64_t i = n - 1; i > 0; i--) {                                  \
		T t = v[0];                                                    \
		v[0] = v[i];                                                   \
		v[i] = t;                                                      \
		sift_##NAME(v, 0, i);                                          \
	}                                                                      \
}                                                                              \
LEAF_TEMPLATE(NAME, T, VT, W, LOAD, STORE, SET1)                               \
PART_TEMPLATE(NAME, 1lt, 1, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LT_##NAME, SLT) \
PART_TEMPLATE(NAME, 4lt, 4, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LT_##NAME, SLT) \
PART_TEMPLATE(NAME, 1le, 1, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LE_##NAME, SLE) \
PART_TEMPLATE(NAME, 4le, 4, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LE_##NAME, SLE) \
PART_TEMPLATE(NAME, 8lt, 8, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LT_##NAME, SLT) \
PART_TEMPLATE(NAME, 8le, 8, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LE_##NAME, SLE) \
/* The median of five elements spread over v. */                              \
AVX2 static T pivot_##NAME(const T *v, int64_t n)                              \
{                                                                              \
	T s[5];                                                                \
	for (int i = 0; i < 5; i++)                                            \
		s[i] = v[(n / 10) * (2 * i + 1)];                              \
	/* a network of 9 branch-free compare-exchanges sorts 5 */             \
	CX(s, 0, 1); CX(s, 3, 4); CX(s, 2, 4); CX(s, 2, 3); CX(s, 0, 3);       \
	CX(s, 0, 2); CX(s, 1, 4); CX(s, 1, 3); CX(s, 1, 2);                    \
	return s[2];                                                           \
}                                                                              \
AVX2 static void qs_##NAME(T *v, int64_t n, int depth)                         \
{                                                                              \
	const T tmax = TMAX;                                                   \
	while (n > 4 * W) {                                                    \
		if (depth-- == 0) {                                            \
			hsort_##NAME(v, n);                                    \
			return;                                                \
		}                                                              \
		T p = pivot_##NAME(v, n);                                      \
		int64_t k = n >= 16 * W ? part8lt_##NAME(v, n, p) : n >= 8 * W ? part4lt_##NAME(v, n, p) : part1lt_##NAME(v, n, p); \
		if (k == 0) {                                                  \
			/* p is the least: the elements equal to it are done */\
			k = n >= 16 * W ? part8le_##NAME(v, n, p) : n >= 8 * W ? part4le_##NAME(v, n, p) : part1le_##NAME(v, n, p); \
			v += k;                                                \
			n -= k;                                                \
			continue;                                              \
		}                                                              \
		if (k < n - k) {                                               \
			qs_##NAME(v, k, depth);                                \
			v += k;                                                \
			n -= k;                                                \
		} else {                                                       \
			qs_##NAME(v + k, n - k, depth);                        \
			n = k;                                                 \
		}                                                              \
	}                                                                      \
	leaf_##NAME(v, n, tmax);                                               \
}

#define SET1_32(p) _mm256_set1_epi32((int32_t)(p))
#define SET1_64(p) _mm256_set1_epi64x((int64_t)(p))
QS_TEMPLATE(i32, int32_t, __m256i, 8, LOADI, STOREI, SET1_32, PERMI, perm32, INT32_MAX)
QS_TEMPLATE(u32, uint32_t, __m256i, 8, LOADI, STOREI, SET1_32, PERMI, perm32, UINT32_MAX)
QS_TEMPLATE(f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, PERMF, perm32,
	    __builtin_inff())
QS_TEMPLATE(i64, int64_t, __m256i, 4, LOADI, STOREI, SET1_64, PERMI, perm64, INT64_MAX)
QS_TEMPLATE(u64, uint64_t, __m256i, 4, LOADI, STOREI, SET1_64, PERMI, perm64, UINT64_MAX)
QS_TEMPLATE(f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd, PERMD, perm64,
	    __builtin_inf())

/* 1 when the CPU runs AVX2 (the tables built on first use). */
static int simd_ready(void)
{
	static int state = -1;
	if (state < 0) {
		__builtin_cpu_init();
		if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"))
			perm_init();
		state = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
	}
	return state;
}

int simdsort_sort(void *v, int64_t n, int dt)
{
	if (!simd_ready())
		return -1;
	int depth = 0;
	for (int64_t k = n; k > 1; k >>= 1)
		depth += 2;
	switch (dt) {
	case DT_INT32: qs_i32(v, n, depth); return 0;
	case DT_UINT32: qs_u32(v, n, depth); return 0;
	case DT_FLOAT32: qs_f32(v, n, depth); return 0;
	case DT_INT64: qs_i64(v, n, depth); return 0;
	case DT_UINT64: qs_u64(v, n, depth); return 0;
	case DT_FLOAT64: qs_f64(v, n, depth); return 0;
	}
	return -1;
}

#else

int simdsort_sort(void *v, int64_t n, int dt)
{
	(void)v;
	(void)n;
	(void)dt;
	return -1;
}

#endif

/* Whether v is ascending, a block at a time so that the compiler can keep
 * the comparisons free of branches; a NaN anywhere answers 0. */
#define SORTED_OF(T)                                                           \
	do {                                                                   \
		const T *a = v;                                                \
		for (int64_t i = 0; i + 1 < n; i += 1024) {                    \
			int64_t e = i + 1024 < n - 1 ? i + 1024 : n - 1;       \
			int bad = 0;                                           \
			for (int64_t j = i; j < e; j++)                        \
				bad |= !(a[j] <= a[j + 1]);                    \
			if (bad)                                               \
				return 0;                                      \
		}                                                              \
		return 1;                                                      \
	} while (0)

int simdsort_is_sorted(const void *v, int64_t n, int dt)
{
	switch (dt) {
	case DT_INT32: SORTED_OF(int32_t);
	case DT_UINT32: SORTED_OF(uint32_t);
	case DT_FLOAT32: SORTED_OF(float);
	case DT_INT64: SORTED_OF(int64_t);
	case DT_UINT64: SORTED_OF(uint64_t);
	case DT_FLOAT64: SORTED_OF(double);
	}
	return 0;
}
