/*
 * simdsort.c — AVX2 quicksort of 32- and 64-bit numbers, in place.
 *
 * Owns the vectorised partition (vectors of 8 or 4 lanes compared with the
 * pivot, their lanes permuted through a table so that the lanes going left
 * come first, then stored at both ends), the pivot choice (the median of a
 * sorted sample), the handling of repeated values, the leaf sort (a bitonic
 * network over up to 64 vectors) and, for floats, NaNs (moved last) and
 * -0.0 (kept).  The design is x86-simd-sort's, which NumPy uses.  Never
 * allocates and never runs where the CPU lacks AVX2: simdsort_sort says so
 * and the caller keeps its scalar sort.
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
#define MM_FLT(a, b, lo, hi, VT, MIN, MAX)                                     \
	do {                                                                   \
		VT a_ = a, b_ = b;                                             \
		lo = MIN(a_, b_);                                              \
		hi = MAX(a_, b_);                                              \
	} while (0)
#define MM_f32(a, b, lo, hi) MM_FLT(a, b, lo, hi, __m256, _mm256_min_ps, _mm256_max_ps)
#define MM_f64(a, b, lo, hi) MM_FLT(a, b, lo, hi, __m256d, _mm256_min_pd, _mm256_max_pd)
#define MM_INT(a, b, lo, hi, MIN, MAX)                                         \
	do {                                                                   \
		__m256i a_ = a, b_ = b;                                        \
		lo = MIN(a_, b_);                                              \
		hi = MAX(a_, b_);                                              \
	} while (0)
#define MM_i32(a, b, lo, hi) MM_INT(a, b, lo, hi, _mm256_min_epi32, _mm256_max_epi32)
#define MM_u32(a, b, lo, hi) MM_INT(a, b, lo, hi, _mm256_min_epu32, _mm256_max_epu32)
/* m ? b : a bytewise, written out because GCC 12 rewrites the intrinsic
 * into a compare of m with zero followed by the blend (an extra op in the
 * leaf network's innermost step). */
AVX2 static inline __m256i blendv8(__m256i a, __m256i b, __m256i m)
{
	__m256i r;
	__asm__("vpblendvb %3, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b), "x"(m));
	return r;
}
#define MM_GT64(a, b, FLIP, lo, hi)                                            \
	do {                                                                   \
		__m256i a_ = a, b_ = b;                                        \
		__m256i g_ = _mm256_cmpgt_epi64(FLIP(a_), FLIP(b_));           \
		lo = blendv8(a_, b_, g_);                                      \
		hi = blendv8(b_, a_, g_);                                      \
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

/* By lanes per vector: the most vectors the leaf sorts (rows longer than
 * that are partitioned), the vectors' worth of elements sampled for a pivot,
 * and the vectors the partition reads at a time.  Measured on Zen 3 with
 * 1e5..1e7 random rows: leaves of 32 or 128 vectors were slower. */
#define LEAFV_8 64
#define LEAFV_4 64
#define PIVOTV_8 4
#define PIVOTV_4 8
#define PARTU 8

/*
 * The leaf sort: nv vectors (a power of two up to LEAFV_W), the lanes past
 * the row filled with the type's greatest value, sorted by a bitonic
 * network.  Each vector is sorted; then runs of s/2 vectors merge pairwise
 * into runs of s: lane i of a run meets lane s W - 1 - i (the flip, which
 * leaves both halves bitonic), then half-cleaners at distances of s/4 ... 1
 * vectors, then within each vector.  Blocks of 8 vectors are loaded into
 * registers once for all their steps: sort8 sorts a block, hc8 runs the
 * half-cleaners at 4, 2 and 1 vectors and the in-vector ones.  In a block,
 * the steps within vectors run on the transposed block (ROWS_W, CLEAN8),
 * where they compare whole vectors.
 *
 * Register-block steps on a0..a7: the flip of a bitonic merge (lane i of a
 * meets lane W - 1 - i of b), half-cleaners at 2 and 1 vectors, and the
 * in-vector cleaners of all eight.
 */
#define FLIP(NAME, W, a, b)                                                    \
	do {                                                                   \
		__typeof__(a) lo_, hi_;                                        \
		MM_##NAME(a, REV_##W(NAME, b), lo_, hi_);                      \
		a = lo_;                                                       \
		b = REV_##W(NAME, hi_);                                        \
	} while (0)
#define HC2(NAME)                                                              \
	do {                                                                   \
		MM_##NAME(a0, a2, a0, a2); MM_##NAME(a1, a3, a1, a3);          \
		MM_##NAME(a4, a6, a4, a6); MM_##NAME(a5, a7, a5, a7);          \
	} while (0)
#define HC1(NAME)                                                              \
	do {                                                                   \
		MM_##NAME(a0, a1, a0, a1); MM_##NAME(a2, a3, a2, a3);          \
		MM_##NAME(a4, a5, a4, a5); MM_##NAME(a6, a7, a6, a7);          \
	} while (0)
/* The in-vector cleaners of all eight: transposed, lane distances become
 * vector distances (whole-vector compare-exchanges), then transposed back. */
#define CLEAN8(NAME, W) CLEAN8_##W(NAME)
#define CLEAN8_8(NAME)                                                         \
	do {                                                                   \
		TRANSPOSE_8(NAME);                                             \
		MMX(NAME, a0, a4); MMX(NAME, a1, a5); MMX(NAME, a2, a6); MMX(NAME, a3, a7); \
		HC2(NAME);                                                     \
		HC1(NAME);                                                     \
		TRANSPOSE_8(NAME);                                             \
	} while (0)
#define CLEAN8_4(NAME)                                                         \
	do {                                                                   \
		TRANSPOSE_4(NAME);                                             \
		HC2(NAME);                                                     \
		HC1(NAME);                                                     \
		TRANSPOSE_4(NAME);                                             \
	} while (0)

/*
 * ROWS_W: a0..a7 made into sorted vectors (which elements end in which
 * vector does not matter to the merges that follow): rather than sorting
 * each vector through its lanes, the columns of the 8 x 8 (or two 4 x 4)
 * matrices are sorted by a network of whole-vector compare-exchanges and
 * the matrices transposed, which takes about a third of the operations.
 */
#define MMX(NAME, a, b) MM_##NAME(a, b, a, b)
#define ROWS_8(NAME)                                                           \
	do {                                                                   \
		/* the 19 compare-exchanges of the optimal network for 8 */    \
		MMX(NAME, a0, a2); MMX(NAME, a1, a3); MMX(NAME, a4, a6); MMX(NAME, a5, a7); \
		MMX(NAME, a0, a4); MMX(NAME, a1, a5); MMX(NAME, a2, a6); MMX(NAME, a3, a7); \
		MMX(NAME, a0, a1); MMX(NAME, a2, a3); MMX(NAME, a4, a5); MMX(NAME, a6, a7); \
		MMX(NAME, a2, a4); MMX(NAME, a3, a5);                          \
		MMX(NAME, a1, a4); MMX(NAME, a3, a6);                          \
		MMX(NAME, a1, a2); MMX(NAME, a3, a4); MMX(NAME, a5, a6);       \
		TRANSPOSE_8(NAME);                                             \
	} while (0)
/* a0..a7 as the rows of an 8 x 8 matrix of 32-bit lanes, transposed */
#define TRANSPOSE_8(NAME)                                                      \
	do {                                                                   \
		__m256 f0 = TOF_##NAME(a0), f1 = TOF_##NAME(a1), f2 = TOF_##NAME(a2); \
		__m256 f3 = TOF_##NAME(a3), f4 = TOF_##NAME(a4), f5 = TOF_##NAME(a5); \
		__m256 f6 = TOF_##NAME(a6), f7 = TOF_##NAME(a7);               \
		__m256 t0 = _mm256_unpacklo_ps(f0, f1), t1 = _mm256_unpackhi_ps(f0, f1); \
		__m256 t2 = _mm256_unpacklo_ps(f2, f3), t3 = _mm256_unpackhi_ps(f2, f3); \
		__m256 t4 = _mm256_unpacklo_ps(f4, f5), t5 = _mm256_unpackhi_ps(f4, f5); \
		__m256 t6 = _mm256_unpacklo_ps(f6, f7), t7 = _mm256_unpackhi_ps(f6, f7); \
		f0 = _mm256_shuffle_ps(t0, t2, 0x44);                          \
		f1 = _mm256_shuffle_ps(t0, t2, 0xEE);                          \
		f2 = _mm256_shuffle_ps(t1, t3, 0x44);                          \
		f3 = _mm256_shuffle_ps(t1, t3, 0xEE);                          \
		f4 = _mm256_shuffle_ps(t4, t6, 0x44);                          \
		f5 = _mm256_shuffle_ps(t4, t6, 0xEE);                          \
		f6 = _mm256_shuffle_ps(t5, t7, 0x44);                          \
		f7 = _mm256_shuffle_ps(t5, t7, 0xEE);                          \
		a0 = FROMF_##NAME(_mm256_permute2f128_ps(f0, f4, 0x20));       \
		a1 = FROMF_##NAME(_mm256_permute2f128_ps(f1, f5, 0x20));       \
		a2 = FROMF_##NAME(_mm256_permute2f128_ps(f2, f6, 0x20));       \
		a3 = FROMF_##NAME(_mm256_permute2f128_ps(f3, f7, 0x20));       \
		a4 = FROMF_##NAME(_mm256_permute2f128_ps(f0, f4, 0x31));       \
		a5 = FROMF_##NAME(_mm256_permute2f128_ps(f1, f5, 0x31));       \
		a6 = FROMF_##NAME(_mm256_permute2f128_ps(f2, f6, 0x31));       \
		a7 = FROMF_##NAME(_mm256_permute2f128_ps(f3, f7, 0x31));       \
	} while (0)
/* a, b, c, d as the rows of a 4 x 4 matrix of 64-bit lanes, transposed */
#define T4X4(NAME, a, b, c, d)                                                 \
	do {                                                                   \
		__m256d t0 = _mm256_unpacklo_pd(TOF_##NAME(a), TOF_##NAME(b));  \
		__m256d t1 = _mm256_unpackhi_pd(TOF_##NAME(a), TOF_##NAME(b));  \
		__m256d t2 = _mm256_unpacklo_pd(TOF_##NAME(c), TOF_##NAME(d));  \
		__m256d t3 = _mm256_unpackhi_pd(TOF_##NAME(c), TOF_##NAME(d));  \
		a = FROMF_##NAME(_mm256_permute2f128_pd(t0, t2, 0x20));        \
		b = FROMF_##NAME(_mm256_permute2f128_pd(t1, t3, 0x20));        \
		c = FROMF_##NAME(_mm256_permute2f128_pd(t0, t2, 0x31));        \
		d = FROMF_##NAME(_mm256_permute2f128_pd(t1, t3, 0x31));        \
	} while (0)
#define TRANSPOSE_4(NAME)                                                      \
	do {                                                                   \
		T4X4(NAME, a0, a1, a2, a3);                                    \
		T4X4(NAME, a4, a5, a6, a7);                                    \
	} while (0)
/* the 5 compare-exchanges of the network for 4, on each 4 x 4 matrix */
#define ROWS_4(NAME)                                                           \
	do {                                                                   \
		MMX(NAME, a0, a1); MMX(NAME, a2, a3); MMX(NAME, a4, a5); MMX(NAME, a6, a7); \
		MMX(NAME, a0, a2); MMX(NAME, a1, a3); MMX(NAME, a4, a6); MMX(NAME, a5, a7); \
		MMX(NAME, a1, a2); MMX(NAME, a5, a6);                          \
		TRANSPOSE_4(NAME);                                             \
	} while (0)

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
AVX2 static inline void sort8_##NAME(VT *x)                                    \
{                                                                              \
	VT a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];                         \
	VT a4 = x[4], a5 = x[5], a6 = x[6], a7 = x[7];                         \
	ROWS_##W(NAME);                                                        \
	FLIP(NAME, W, a0, a1); FLIP(NAME, W, a2, a3);                          \
	FLIP(NAME, W, a4, a5); FLIP(NAME, W, a6, a7);                          \
	CLEAN8(NAME, W);                                                       \
	FLIP(NAME, W, a0, a3); FLIP(NAME, W, a1, a2);                          \
	FLIP(NAME, W, a4, a7); FLIP(NAME, W, a5, a6);                          \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	FLIP(NAME, W, a0, a7); FLIP(NAME, W, a1, a6);                          \
	FLIP(NAME, W, a2, a5); FLIP(NAME, W, a3, a4);                          \
	HC2(NAME);                                                             \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;                            \
	x[4] = a4; x[5] = a5; x[6] = a6; x[7] = a7;                            \
}                                                                              \
AVX2 static inline void hc8_##NAME(VT *x)                                      \
{                                                                              \
	VT a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];                         \
	VT a4 = x[4], a5 = x[5], a6 = x[6], a7 = x[7];                         \
	MM_##NAME(a0, a4, a0, a4); MM_##NAME(a1, a5, a1, a5);                  \
	MM_##NAME(a2, a6, a2, a6); MM_##NAME(a3, a7, a3, a7);                  \
	HC2(NAME);                                                             \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	x[0] = a0; x[1] = a1; x[2] = a2; x[3] = a3;                            \
	x[4] = a4; x[5] = a5; x[6] = a6; x[7] = a7;                            \
}                                                                              \
/* Sorts x[0..nv); the vectors from nr on are all the greatest value (nv a \
 * power of two, nr <= nv), so every step whose upper vector is one of them  \
 * changes nothing and is skipped (sort8/hc8 treat whole blocks). */          \
AVX2 static void bsort_##NAME(VT *x, int nv, int nr)                           \
{                                                                              \
	if (nv >= 8) {                                                         \
		for (int b = 0; b < nr; b += 8)                                \
			sort8_##NAME(x + b);                                   \
	} else {                                                               \
		for (int i = 0; i < nr; i++)                                   \
			SORTV_##W(NAME, x[i]);                                 \
	}                                                                      \
	for (int s = 2; s <= nv; s *= 2) {                                     \
		if (s <= 8 && nv >= 8)                                         \
			continue; /* done in registers by sort8 */             \
		for (int b = 0; b < nr; b += s)                                \
			for (int j = b + s - nr > 0 ? b + s - nr : 0; j < s / 2; j++) { \
				VT lo_, hi_;                                   \
				MM_##NAME(x[b + j], REV_##W(NAME, x[b + s - 1 - j]), lo_, hi_); \
				x[b + j] = lo_;                                \
				x[b + s - 1 - j] = REV_##W(NAME, hi_);         \
			}                                                      \
		int dmin = nv >= 8 ? 8 : 1;                                    \
		for (int d = s / 4; d >= dmin; d /= 2)                         \
			for (int b = 0; b < nr; b += 2 * d)                    \
				for (int j = b; j < b + d && j + d < nr; j++)  \
					MM_##NAME(x[j], x[j + d], x[j], x[j + d]); \
		if (nv >= 8) {                                                 \
			for (int b = 0; b < nr; b += 8)                        \
				hc8_##NAME(x + b);                             \
		} else {                                                       \
			for (int i = 0; i < nr; i++)                           \
				CLEANV_##W(NAME, x[i]);                        \
		}                                                              \
	}                                                                      \
}                                                                              \
/* Sorts v[0..n), n <= LEAFV_W W, the lanes past n filled with tmax. */      \
AVX2 static void leaf_##NAME(T *v, int64_t n, T tmax)                          \
{                                                                              \
	VT x[LEAFV_##W], fill = SET1(tmax);                                    \
	int nv = 1, nr = (int)((n + W - 1) / W);                               \
	while (nv < nr)                                                        \
		nv *= 2;                                                       \
	int nl = nv >= 8 ? (nr + 7) & ~7 : nr; /* the vectors bsort reads */   \
	for (int i = 0; i < nl; i++)                                           \
		x[i] = leafload_##NAME(v + i * W, n - i * W, fill);            \
	bsort_##NAME(x, nv, nr);                                               \
	for (int i = 0; i < nr; i++)                                           \
		leafstore_##NAME(v + i * W, n - i * W, x[i]);                  \
}

/*
 * part<lt|le>_NAME(v, n, p) moves the elements < p (le: <= p) of v to
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
	/* the last < U W unread elements: whole vectors, then one by one */   \
	while (r - l >= W) {                                                   \
		int64_t left = -(int64_t)(l - lw <= rw - r);                   \
		int64_t at = (l & left) | ((r - W) & ~left);                   \
		l += W & left;                                                 \
		r -= W & ~left;                                                \
		VT x0 = LOAD(v + at);                                          \
		PART_STEP(x0, GOES, PERM, TAB, STORE, W);                      \
	}                                                                      \
	T tail[W];                                                             \
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
		int64_t c_ = __builtin_popcountll((unsigned long long)m);      \
		STORE(v + lw, y_);                                             \
		STORE(v + rw - W, y_);                                         \
		lw += c_;                                                      \
		rw += c_ - W;                                                  \
	} while (0)
#define SLT(a, b) ((a) < (b))
#define SLE(a, b) ((a) <= (b))

/*
 * For element type T in vectors VT of W lanes:
 *   qs_NAME(v, n, depth, lo)  introsort: quicksort, heapsort past depth;
 *                             lo, when not NULL, is a value no element of v
 *                             is below (the pivot that split v off)
 * Rows of at most LEAFV_W W elements go to the bitonic leaf.  The pivot is
 * the median of a sample of PIVOTV_W vectors' worth of elements spread
 * evenly over the row, sorted by the leaf's network; a sample all of one
 * value asks (one read-only pass) whether the row is too.
 * A pivot equal to lo is the row's least value: its copies are partitioned
 * off with <= and are done (pdqsort's way with repeated values).
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
PART_TEMPLATE(NAME, lt, PARTU, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LT_##NAME, SLT) \
PART_TEMPLATE(NAME, le, PARTU, T, VT, W, LOAD, STORE, SET1, PERM, TAB, LE_##NAME, SLE) \
/* 1 when every element of v equals p. */                                     \
AVX2 static int alleq_##NAME(const T *v, int64_t n, T p)                       \
{                                                                              \
	VT pv = SET1(p);                                                       \
	int64_t i = 0;                                                         \
	for (; i + W <= n; i += W) {                                           \
		VT x = LOAD(v + i);                                            \
		if (LT_##NAME(x, pv) || LE_##NAME(x, pv) != (1 << W) - 1)      \
			return 0;                                              \
	}                                                                      \
	for (; i < n; i++)                                                     \
		if (v[i] < p || p < v[i])                                      \
			return 0;                                              \
	return 1;                                                              \
}                                                                              \
/* The median of PIVOTV_##W W elements spread evenly over v (n >= PIVOTV_##W W). */   \
AVX2 static T pivot_##NAME(const T *v, int64_t n, int *same)                   \
{                                                                              \
	T s[PIVOTV_##W * W] __attribute__((aligned(32)));                          \
	VT x[PIVOTV_##W];                                                          \
	int64_t step = n / (PIVOTV_##W * W);                                       \
	for (int i = 0; i < PIVOTV_##W * W; i++)                                   \
		s[i] = v[step * i + step / 2];                                 \
	for (int i = 0; i < PIVOTV_##W; i++)                                       \
		x[i] = LOAD(s + i * W);                                        \
	bsort_##NAME(x, PIVOTV_##W, PIVOTV_##W);                                               \
	for (int i = 0; i < PIVOTV_##W; i++)                                       \
		STORE(s + i * W, x[i]);                                        \
	*same = !(s[0] < s[PIVOTV_##W * W - 1]);                                   \
	return s[PIVOTV_##W * W / 2];                                              \
}                                                                              \
AVX2 static void qs_##NAME(T *v, int64_t n, int depth, const T *lo)            \
{                                                                              \
	T lov = lo ? *lo : 0;                                                  \
	while (n > LEAFV_##W * W) {                                                \
		if (depth-- == 0) {                                            \
			hsort_##NAME(v, n);                                    \
			return;                                                \
		}                                                              \
		int same;                                                      \
		T p = pivot_##NAME(v, n, &same);                               \
		if (same && alleq_##NAME(v, n, p))                             \
			return;                                                \
		int64_t k = 0;                                                 \
		if (!lo || lov < p)                                            \
			k = partlt_##NAME(v, n, p);                            \
		if (k == 0) {                                                  \
			/* p is the least: its copies are done */              \
			k = partle_##NAME(v, n, p);                            \
			v += k;                                                \
			n -= k;                                                \
			continue;                                              \
		}                                                              \
		if (k < n - k) {                                               \
			qs_##NAME(v, k, depth, lo ? &lov : NULL);              \
			v += k;                                                \
			n -= k;                                                \
			lov = p;                                               \
			lo = &lov;                                             \
		} else {                                                       \
			qs_##NAME(v + k, n - k, depth, &p);                    \
			n = k;                                                 \
		}                                                              \
	}                                                                      \
	leaf_##NAME(v, n, TMAX);                                               \
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

/*
 * Floats before and after the quicksort, whose min/max instructions would
 * turn -0.0 and 0.0 into two of one: one vectorised pass asks whether the
 * row holds NaN or -0.0 (most rows hold neither and pay only this pass);
 * NaNs are moved last, -0.0s are counted and made 0.0, and after the sort
 * the first zeros become -0.0 again (equal values: NumPy's order among them
 * is unspecified).  U is the unsigned integer of the float's width.
 */
#define FLOATPREP_TEMPLATE(NAME, T, U, VT, W, LOAD, UNORD, SGNV, EQSGN, MASK)  \
AVX2 static int scan_##NAME(const T *v, int64_t n)                             \
{                                                                              \
	VT nan = ZERO_##NAME(), nz = nan;                                    \
	int64_t i = 0;                                                         \
	for (; i + 2 * W <= n; i += 2 * W) {                                   \
		VT x = LOAD(v + i), y = LOAD(v + i + W);                       \
		nan = OR_##NAME(nan, OR_##NAME(UNORD(x), UNORD(y)));           \
		nz = OR_##NAME(nz, OR_##NAME(EQSGN(x), EQSGN(y)));             \
	}                                                                      \
	int r = (MASK(nan) != 0) | (MASK(nz) != 0) << 1;                       \
	for (; i < n; i++) {                                                   \
		U u;                                                           \
		memcpy(&u, v + i, sizeof u);                                   \
		r |= (v[i] != v[i]) | (u == SGNV) << 1;                        \
	}                                                                      \
	return r;                                                              \
}                                                                              \
static int64_t nanlast_##NAME(T *v, int64_t n)                                 \
{                                                                              \
	int64_t i = 0, j = n - 1;                                              \
	for (;;) {                                                             \
		while (i <= j && v[i] == v[i])                                 \
			i++;                                                   \
		while (j > i && v[j] != v[j])                                  \
			j--;                                                   \
		if (i >= j)                                                    \
			return i;                                              \
		T t = v[i];                                                    \
		v[i] = v[j];                                                   \
		v[j] = t;                                                      \
	}                                                                      \
}                                                                              \
static int64_t negzero_clear_##NAME(T *v, int64_t n)                           \
{                                                                              \
	int64_t k = 0;                                                         \
	for (int64_t i = 0; i < n; i++) {                                      \
		U u;                                                           \
		memcpy(&u, v + i, sizeof u);                                   \
		if (u == SGNV) {                                               \
			v[i] = 0;                                              \
			k++;                                                   \
		}                                                              \
	}                                                                      \
	return k;                                                              \
}                                                                              \
static void negzero_restore_##NAME(T *v, int64_t n, int64_t k)                 \
{                                                                              \
	int64_t lo = 0, hi = n; /* the first element not below 0 */            \
	while (lo < hi) {                                                      \
		int64_t mid = lo + (hi - lo) / 2;                              \
		if (v[mid] < 0)                                                \
			lo = mid + 1;                                          \
		else                                                           \
			hi = mid;                                              \
	}                                                                      \
	for (int64_t i = lo; i < lo + k; i++)                                  \
		v[i] = -(T)0;                                                  \
}
#define ZERO_f32 _mm256_setzero_ps
#define ZERO_f64 _mm256_setzero_pd
#define OR_f32 _mm256_or_ps
#define OR_f64 _mm256_or_pd
#define UNORD_f32(x) _mm256_cmp_ps(x, x, _CMP_UNORD_Q)
#define UNORD_f64(x) _mm256_cmp_pd(x, x, _CMP_UNORD_Q)
#define EQSGN_f32(x) _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_castps_si256(x), SGN32))
#define EQSGN_f64(x) _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_castpd_si256(x), SGN64))
FLOATPREP_TEMPLATE(f32, float, uint32_t, __m256, 8, _mm256_loadu_ps, UNORD_f32, 0x80000000u,
		   EQSGN_f32, _mm256_movemask_ps)
FLOATPREP_TEMPLATE(f64, double, uint64_t, __m256d, 4, _mm256_loadu_pd, UNORD_f64,
		   0x8000000000000000ull, EQSGN_f64, _mm256_movemask_pd)

/* The float sorts: NaNs last, -0.0 kept (see FLOATPREP_TEMPLATE). */
#define FLOATSORT(NAME, v, n, depth)                                           \
	do {                                                                   \
		int r_ = scan_##NAME(v, n);                                    \
		int64_t w_ = r_ & 1 ? nanlast_##NAME(v, n) : n, nz_ = 0;       \
		if (r_ & 2)                                                    \
			nz_ = negzero_clear_##NAME(v, w_);                     \
		qs_##NAME(v, w_, depth, NULL);                                 \
		if (nz_)                                                       \
			negzero_restore_##NAME(v, w_, nz_);                    \
	} while (0)

int simdsort_sort(void *v, int64_t n, int dt)
{
	if (!simd_ready())
		return -1;
	int depth = 0;
	for (int64_t k = n; k > 1; k >>= 1)
		depth += 2;
	switch (dt) {
	case DT_INT32: qs_i32(v, n, depth, NULL); return 0;
	case DT_UINT32: qs_u32(v, n, depth, NULL); return 0;
	case DT_FLOAT32: FLOATSORT(f32, (float *)v, n, depth); return 0;
	case DT_INT64: qs_i64(v, n, depth, NULL); return 0;
	case DT_UINT64: qs_u64(v, n, depth, NULL); return 0;
	case DT_FLOAT64: FLOATSORT(f64, (double *)v, n, depth); return 0;
	}
	return -1;
}

int simdsort_available(void)
{
	return simd_ready();
}

#else

int simdsort_sort(void *v, int64_t n, int dt)
{
	(void)v;
	(void)n;
	(void)dt;
	return -1;
}

int simdsort_available(void)
{
	return 0;
}

#endif

/* Whether v is ascending, a block at a time so that the compiler can keep
 * the comparisons free of branches (blocks of 16 first, doubling to 1024, so
 * that a short random row is told at once); a NaN anywhere answers 0. */
#define SORTED_OF(T)                                                           \
	do {                                                                   \
		const T *a = v;                                                \
		int64_t blk = 16; /* grows to 1024: random rows end early */  \
		for (int64_t i = 0; i + 1 < n; i += blk, blk += blk < 1024 ? blk : 0) { \
			int64_t e = i + blk < n - 1 ? i + blk : n - 1;         \
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
