/*
 * simdsort.c — AVX2 quicksort of 32- and 64-bit numbers, in place, and the
 * choice between it and simdsort512.c's AVX-512 kernels.
 *
 * Owns the AVX2 vectorised partition step (vectors of 8 or 4 lanes
 * compared with the pivot, their lanes permuted through a table so that
 * the lanes going left come first, then stored at both ends), the AVX2
 * leaf sort (a bitonic network over up to 64 vectors), and for both widths
 * the floats' NaNs (moved last) and -0.0 (kept).  The quicksort around the
 * kernels (pivot, repeated values, depth limit) is simdsort_impl.h's.  The
 * design is x86-simd-sort's, which NumPy uses.  Never allocates and never
 * runs where the CPU lacks AVX2: simdsort_sort says so and the caller
 * keeps its scalar sort.
 */
#include <stdlib.h>
#include <string.h>
#include "array/dtype.h"
#include "backend/host/simdsort.h"
#include "backend/host/simdsort_impl.h"

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
#define PART_BRANCH 0 /* the side to read chosen by masks */

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
#define ROWS(NAME, W) ROWS_##W(NAME)
#define ROWS_8(NAME)                                                           \
	do {                                                                   \
		NET8(NAME);                                                    \
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

/* One vector's lanes that go left (GOES: LT_ or LE_ with the pivot) to the
 * left end, the rest to the right end. */
#define PART_STEP(x, GOES, PERM, TAB, STORE, W)                                \
	do {                                                                   \
		int m_ = GOES(x, pv);                                          \
		__typeof__(x) y_ = PERM(x, TAB, m_);                           \
		int64_t c_ = __builtin_popcount((unsigned)m_);                 \
		STORE(v + lw, y_);                                             \
		STORE(v + rw - W, y_);                                         \
		lw += c_;                                                      \
		rw += c_ - W;                                                  \
	} while (0)
#define PSTEP_i32(x, GOES) PART_STEP(x, GOES, PERMI, perm32, STOREI, 8)
#define PSTEP_u32 PSTEP_i32
#define PSTEP_f32(x, GOES) PART_STEP(x, GOES, PERMF, perm32, _mm256_storeu_ps, 8)
#define PSTEP_i64(x, GOES) PART_STEP(x, GOES, PERMI, perm64, STOREI, 4)
#define PSTEP_u64 PSTEP_i64
#define PSTEP_f64(x, GOES) PART_STEP(x, GOES, PERMD, perm64, _mm256_storeu_pd, 4)
/* some lane of x is not pv (NaN-free rows: not below and not above) */
#define ANYNE_i32(x, pv) (LT_i32(x, pv) | (LE_i32(x, pv) ^ 0xff))
#define ANYNE_u32(x, pv) (LT_u32(x, pv) | (LE_u32(x, pv) ^ 0xff))
#define ANYNE_f32(x, pv) (LT_f32(x, pv) | (LE_f32(x, pv) ^ 0xff))
#define ANYNE_i64(x, pv) (LT_i64(x, pv) | (LE_i64(x, pv) ^ 0xf))
#define ANYNE_u64(x, pv) (LT_u64(x, pv) | (LE_u64(x, pv) ^ 0xf))
#define ANYNE_f64(x, pv) (LT_f64(x, pv) | (LE_f64(x, pv) ^ 0xf))
#define SORT_TEMPLATE(NAME, T, VT, W, LOAD, STORE, SET1, TMAX)                 \
	BITONIC_TEMPLATE(AVX2, NAME, VT, W)                                    \
	LEAF_TEMPLATE(NAME, T, VT, W, LOAD, STORE, SET1)                       \
	QS_TEMPLATE(AVX2, NAME, T, VT, W, LOAD, SET1, LEAFV_##W * W, PIVOTV_##W * W, TMAX)

#define SET1_32(p) _mm256_set1_epi32((int32_t)(p))
#define SET1_64(p) _mm256_set1_epi64x((int64_t)(p))
SORT_TEMPLATE(i32, int32_t, __m256i, 8, LOADI, STOREI, SET1_32, INT32_MAX)
SORT_TEMPLATE(u32, uint32_t, __m256i, 8, LOADI, STOREI, SET1_32, UINT32_MAX)
SORT_TEMPLATE(f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, __builtin_inff())
SORT_TEMPLATE(i64, int64_t, __m256i, 4, LOADI, STOREI, SET1_64, INT64_MAX)
SORT_TEMPLATE(u64, uint64_t, __m256i, 4, LOADI, STOREI, SET1_64, UINT64_MAX)
SORT_TEMPLATE(f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd, __builtin_inf())

/* The vector width in use: 512 (simdsort512.c's AVX-512 kernels), 256
 * (AVX2) or 0 (neither: simdsort_sort declines); found on first use, the
 * AVX2 tables built then.  LUMEN_SIMDSORT=avx2 keeps a process to AVX2
 * (to compare the two), as simdsort_width(256) does for a test. */
static int width = -1;

static int simd_width(void)
{
	if (width < 0) {
		__builtin_cpu_init();
		int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
		const char *e = getenv("LUMEN_SIMDSORT");
		if (avx2)
			perm_init();
		width = !avx2 ? 0 : simdsort512_ok() && !(e && !strcmp(e, "avx2")) ? 512 : 256;
	}
	return width;
}

static int simd_ready(void)
{
	return simd_width() != 0;
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

/* The quicksort of NaN-free rows without -0.0, in the width in use. */
#define QS(NAME, DT, v, n, depth)                                              \
	do {                                                                   \
		if (width == 512)                                              \
			simdsort512_qs(v, n, DT, depth);                       \
		else                                                           \
			qs_##NAME(v, n, depth, NULL);                          \
	} while (0)

/* The float sorts: NaNs last, -0.0 kept (see FLOATPREP_TEMPLATE). */
#define FLOATSORT(NAME, DT, v, n, depth)                                       \
	do {                                                                   \
		int r_ = scan_##NAME(v, n);                                    \
		int64_t w_ = r_ & 1 ? nanlast_##NAME(v, n) : n, nz_ = 0;       \
		if (r_ & 2)                                                    \
			nz_ = negzero_clear_##NAME(v, w_);                     \
		QS(NAME, DT, v, w_, depth);                                    \
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
	case DT_INT32: QS(i32, DT_INT32, v, n, depth); return 0;
	case DT_UINT32: QS(u32, DT_UINT32, v, n, depth); return 0;
	case DT_FLOAT32: FLOATSORT(f32, DT_FLOAT32, (float *)v, n, depth); return 0;
	case DT_INT64: QS(i64, DT_INT64, v, n, depth); return 0;
	case DT_UINT64: QS(u64, DT_UINT64, v, n, depth); return 0;
	case DT_FLOAT64: FLOATSORT(f64, DT_FLOAT64, (double *)v, n, depth); return 0;
	}
	return -1;
}

int simdsort_width(int cap)
{
	if (simd_width() && (cap == 256 || cap == 512))
		width = cap == 512 && simdsort512_ok() ? 512 : 256;
	return width;
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

int simdsort_width(int cap)
{
	(void)cap;
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
