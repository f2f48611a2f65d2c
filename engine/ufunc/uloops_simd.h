/*
 * uloops_simd.h — hand-written inner loops that the generated loops of
 * uloops.c try first (included by uloops.c only): AVX2 sqrt, maximum,
 * minimum, clip, floor, ceil and trunc on float32/float64, int64 // and %
 * by a scalar, (AVX2+FMA) the absolute value of complex64/128, and (AVX-512,
 * glibc's libmvec) float64 tanh, expm1, cbrt, arcsinh, arccosh, arctanh.
 * GCC vectorizes none of them by itself here (sqrt keeps its
 * errno branch, the NaN-aware selects stay branches), and NumPy runs them
 * as AVX2 loops.  Each result is exact (one IEEE operation or a select per
 * item), so the bits equal the scalar loop's.
 *
 * A loop returns 1 when it did the call (an AVX2 machine, contiguous
 * operands, or a scalar operand where it allows one), else 0 and the
 * generated scalar loop runs.  Owns no memory.
 */
#ifndef LUMEN_ULOOPS_SIMD_H
#define LUMEN_ULOOPS_SIMD_H

#include "config.h"
#include <stdint.h>

/* NumPy's maximum / minimum: a NaN in either operand wins (the first's),
 * ties give the second operand (maximum(-0.0, 0.0) is 0.0). */
#define UF_SEL_MAX(a, b) (((a) > (b) || (a) != (a)) ? (a) : (b))
#define UF_SEL_MIN(a, b) (((a) < (b) || (a) != (a)) ? (a) : (b))
/* clip: max(x, lo) then min(., hi), NaN kept; with array bounds a tie
 * takes the bound (uf_clip of uf_helpers.h), with scalar bounds it keeps x
 * (uf_clip_sb), as NumPy's two clip loops do */
#define UF_SEL_LO(x, lo, sl) ((((sl) ? (x) >= (lo) : (x) > (lo)) || (x) != (x)) ? (x) : (lo))
#define UF_SEL_HI(t, hi, sl) ((((sl) ? (t) <= (hi) : (t) < (hi)) || (t) != (t)) ? (t) : (hi))
#define uf_clip_sb(x, lo, hi) UF_SEL_HI(UF_SEL_LO(x, lo, 1), hi, 1)

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define UF_SIMD 1
#define UF_AVX2 __attribute__((target("avx2")))

static int uf_simd_have_avx2(void)
{
	static int have = -1;
	if (have < 0) {
		__builtin_cpu_init();
		have = __builtin_cpu_supports("avx2") ? 1 : 0;
	}
	return have;
}


/* One family per element type: V vector type, P/S intrinsic suffixes. */
#define UF_SIMD_FAMILY(T, V, W, LOAD, STORE, SET1, CMP, OR, BLEND, SQRT, SQRT1)          \
UF_AVX2 static void uf_simd_sqrt_run_##T(const T *x, T *z, int64_t n)                       \
{                                                                                        \
	int64_t i = 0;                                                                   \
	for (; i + W <= n; i += W)                                                        \
		STORE(z + i, SQRT(LOAD(x + i)));                                          \
	for (; i < n; i++)                                                                \
		z[i] = SQRT1(x[i]);                                                         \
}                                                                                        \
/* sa / sb: 1 when that operand is a scalar (stride 0) */                                \
UF_AVX2 static void uf_simd_maxmin_run_##T(const T *a, const T *b, T *z, int64_t n,          \
					     int sa, int sb, int is_max)                          \
{                                                                                        \
	int64_t i = 0;                                                                   \
	V va = SET1(*a), vb = SET1(*b);                                                   \
	if (is_max) {                                                                     \
		for (; i + W <= n; i += W) {                                              \
			V x = sa ? va : LOAD(a + i), y = sb ? vb : LOAD(b + i);            \
			V m = OR(CMP(x, y, _CMP_GT_OQ), CMP(x, x, _CMP_UNORD_Q));          \
			STORE(z + i, BLEND(y, x, m));                                       \
		}                                                                         \
	} else {                                                                          \
		for (; i + W <= n; i += W) {                                              \
			V x = sa ? va : LOAD(a + i), y = sb ? vb : LOAD(b + i);            \
			V m = OR(CMP(x, y, _CMP_LT_OQ), CMP(x, x, _CMP_UNORD_Q));          \
			STORE(z + i, BLEND(y, x, m));                                       \
		}                                                                         \
	}                                                                                 \
	for (; i < n; i++) {                                                              \
		T x = a[sa ? 0 : i], y = b[sb ? 0 : i];                                     \
		z[i] = is_max ? UF_SEL_MAX(x, y) : UF_SEL_MIN(x, y);                         \
	}                                                                                 \
}                                                                                        \
/* sl: lo and hi are scalars (stride 0), else arrays like x */                           \
UF_AVX2 static void uf_simd_clip_run_##T(const T *x, const T *lo, const T *hi, T *z,        \
					   int64_t n, int sl)                                     \
{                                                                                        \
	int64_t i = 0;                                                                   \
	V vl = SET1(*lo), vh = SET1(*hi);                                                 \
	if (sl) {                                                                         \
		for (; i + W <= n; i += W) {                                              \
			V v = LOAD(x + i);                                                 \
			V t = BLEND(vl, v, OR(CMP(v, vl, _CMP_GE_OQ), CMP(v, v, _CMP_UNORD_Q))); \
			STORE(z + i, BLEND(vh, t, OR(CMP(t, vh, _CMP_LE_OQ), CMP(t, t, _CMP_UNORD_Q)))); \
		}                                                                         \
	} else {                                                                          \
		for (; i + W <= n; i += W) {                                              \
			V v = LOAD(x + i), l = LOAD(lo + i), h = LOAD(hi + i);             \
			V t = BLEND(l, v, OR(CMP(v, l, _CMP_GT_OQ), CMP(v, v, _CMP_UNORD_Q))); \
			STORE(z + i, BLEND(h, t, OR(CMP(t, h, _CMP_LT_OQ), CMP(t, t, _CMP_UNORD_Q)))); \
		}                                                                         \
	}                                                                                 \
	for (; i < n; i++) {                                                              \
		T t = UF_SEL_LO(x[i], lo[sl ? 0 : i], sl);                                  \
		z[i] = UF_SEL_HI(t, hi[sl ? 0 : i], sl);                                    \
	}                                                                                 \
}

UF_SIMD_FAMILY(float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_cmp_ps,
	       _mm256_or_ps, _mm256_blendv_ps, _mm256_sqrt_ps, __builtin_sqrtf)
UF_SIMD_FAMILY(double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd, _mm256_cmp_pd,
	       _mm256_or_pd, _mm256_blendv_pd, _mm256_sqrt_pd, __builtin_sqrt)

/* The entry points the generated loops call (f: float32, d: float64). */
#define UF_SIMD_ENTRIES(c, T)                                                            \
static int uf_simd_sqrt_##c(char **args, const int64_t *steps, int64_t n)                  \
{                                                                                        \
	if (steps[0] != sizeof(T) || steps[1] != sizeof(T))                  \
		return 0;                                                                 \
	if (!uf_simd_have_avx2())                                                         \
		return 0;                                                                 \
	uf_simd_sqrt_run_##T((const T *)args[0], (T *)args[1], n);                        \
	return 1;                                                                         \
}                                                                                        \
static int uf_simd_maxmin_##c(char **args, const int64_t *steps, int64_t n, int is_max)    \
{                                                                                        \
	int sa = steps[0] == 0, sb = steps[1] == 0;                                       \
	if (steps[2] != sizeof(T) || (!sa && steps[0] != sizeof(T))          \
	    || (!sb && steps[1] != sizeof(T)) || !uf_simd_have_avx2())                   \
		return 0;                                                                 \
	uf_simd_maxmin_run_##T((const T *)args[0], (const T *)args[1], (T *)args[2], n,    \
			       sa, sb, is_max);                                           \
	return 1;                                                                         \
}                                                                                        \
static int uf_simd_maximum_##c(char **args, const int64_t *steps, int64_t n)               \
{                                                                                        \
	return uf_simd_maxmin_##c(args, steps, n, 1);                                      \
}                                                                                        \
static int uf_simd_minimum_##c(char **args, const int64_t *steps, int64_t n)               \
{                                                                                        \
	return uf_simd_maxmin_##c(args, steps, n, 0);                                      \
}                                                                                        \
static int uf_simd_clip_##c(char **args, const int64_t *steps, int64_t n)                  \
{                                                                                        \
	int sl = steps[1] == 0 && steps[2] == 0;                                          \
	if (steps[0] != sizeof(T) || steps[3] != sizeof(T)                   \
	    || (!sl && (steps[1] != sizeof(T) || steps[2] != sizeof(T)))                 \
	    || !uf_simd_have_avx2())                                                      \
		return 0;                                                                 \
	uf_simd_clip_run_##T((const T *)args[0], (const T *)args[1], (const T *)args[2],   \
			     (T *)args[3], n, sl);                                        \
	return 1;                                                                         \
}

UF_SIMD_ENTRIES(f, float)
UF_SIMD_ENTRIES(d, double)

/* floor / ceil / trunc: one vroundps / vroundpd per vector (exact) */
#define UF_SIMD_ROUND(name, c, T, V, W, LOAD, STORE, ROUND, MODE, SCALAR)                 \
UF_AVX2 static void uf_simd_##name##_run_##c(const T *x, T *z, int64_t n)                   \
{                                                                                        \
	int64_t i = 0;                                                                   \
	for (; i + W <= n; i += W)                                                        \
		STORE(z + i, ROUND(LOAD(x + i), MODE | _MM_FROUND_NO_EXC));                 \
	for (; i < n; i++)                                                                \
		z[i] = SCALAR(x[i]);                                                        \
}                                                                                        \
static int uf_simd_##name##_##c(char **args, const int64_t *steps, int64_t n)              \
{                                                                                        \
	if (steps[0] != sizeof(T) || steps[1] != sizeof(T) || !uf_simd_have_avx2())      \
		return 0;                                                                 \
	uf_simd_##name##_run_##c((const T *)args[0], (T *)args[1], n);                    \
	return 1;                                                                         \
}
UF_SIMD_ROUND(floor, f, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_round_ps,
	      _MM_FROUND_TO_NEG_INF, __builtin_floorf)
UF_SIMD_ROUND(floor, d, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_round_pd,
	      _MM_FROUND_TO_NEG_INF, __builtin_floor)
UF_SIMD_ROUND(ceil, f, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_round_ps,
	      _MM_FROUND_TO_POS_INF, __builtin_ceilf)
UF_SIMD_ROUND(ceil, d, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_round_pd,
	      _MM_FROUND_TO_POS_INF, __builtin_ceil)
UF_SIMD_ROUND(trunc, f, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_round_ps,
	      _MM_FROUND_TO_ZERO, __builtin_truncf)
UF_SIMD_ROUND(trunc, d, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_round_pd,
	      _MM_FROUND_TO_ZERO, __builtin_trunc)

/* int64 // and % by a scalar: through double division, exact while both
 * operands are below 2^51 in magnitude (the rounded quotient then stays on
 * the same side of every integer: its error is under 1/|d|, the distance
 * from n/d to an integer it is not is at least 1/|d|).  int64 <-> double
 * go through the 2^52 + 2^51 bias (exact in that range), four at a time;
 * hardware idiv is several times slower.  Items out of range take the
 * scalar steps. */
static int64_t uf_intdiv1(int64_t v, int64_t d, int rem)
{
	int64_t q = v / d, r = v % d;   /* d is neither 0 nor -1 here */
	if (r != 0 && ((r < 0) != (d < 0))) {
		q--;
		r += d;   /* NumPy's floored remainder: the divisor's sign */
	}
	return rem ? r : q;
}

UF_AVX2 static void uf_intdiv_run(const int64_t *x, int64_t *z, int64_t n, int64_t d, int rem)
{
	const double bias = 6755399441055744.0; /* 2^52 + 2^51 */
	const __m256d vb = _mm256_set1_pd(bias), vd = _mm256_set1_pd((double)d);
	const __m256i vbi = _mm256_castpd_si256(vb);
	const __m256i lo = _mm256_set1_epi64x(-((int64_t)1 << 51)), hi = _mm256_set1_epi64x((int64_t)1 << 51);
	int64_t i = 0;
	for (; i + 4 <= n; i += 4) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(x + i));
		__m256i ok = _mm256_and_si256(_mm256_cmpgt_epi64(v, lo), _mm256_cmpgt_epi64(hi, v));
		if (_mm256_movemask_pd(_mm256_castsi256_pd(ok)) != 15) {
			for (int k = 0; k < 4; k++)
				z[i + k] = uf_intdiv1(x[i + k], d, rem);
			continue;
		}
		__m256d vf = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(v, vbi)), vb);
		__m256d q = _mm256_floor_pd(_mm256_div_pd(vf, vd));
		if (rem) /* v - q * d: integers below 2^53, exact */
			q = _mm256_sub_pd(vf, _mm256_mul_pd(q, vd));
		_mm256_storeu_si256((__m256i *)(z + i),
				    _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(q, vb)), vbi));
	}
	for (; i < n; i++)
		z[i] = uf_intdiv1(x[i], d, rem);
}

static int uf_simd_intdiv_l(char **args, const int64_t *steps, int64_t n, int rem)
{
	const int64_t lim = (int64_t)1 << 51;
	int64_t d;
	if (steps[1] != 0 || steps[0] != 8 || steps[2] != 8 || !uf_simd_have_avx2())
		return 0;
	d = *(const int64_t *)args[1];
	if (d == 0 || d == -1 || d >= lim || d <= -lim)
		return 0;
	uf_intdiv_run((const int64_t *)args[0], (int64_t *)args[2], n, d, rem);
	return 1;
}
static int uf_simd_floor_divide_l(char **args, const int64_t *steps, int64_t n)
{
	return uf_simd_intdiv_l(args, steps, n, 0);
}
static int uf_simd_remainder_l(char **args, const int64_t *steps, int64_t n)
{
	return uf_simd_intdiv_l(args, steps, n, 1);
}

/* np.absolute of complex128 / complex64, contiguous: NumPy's formula (the
 * scalar uf_np_cabs of uloops.c, tools/gen/uloops.py): inf if a part is
 * infinite, else NaN if one is NaN, else larger * sqrt(fma(r, r, 1)) with
 * r = smaller / larger (0 where larger is 0), 4 (8) items at a time.  The
 * special lanes compute on zeros (no inf / inf or NaN operation raises
 * FE_INVALID) and are blended in last.  Called only from the AVX2+FMA clone
 * of the generated loop; a short tail goes through a zero-padded block. */
#define UF_AVX2FMA __attribute__((target("avx2,fma")))
UF_AVX2FMA static inline __m256d uf_cabs4_d(__m256d a, __m256d b)
{
	const __m256d sign = _mm256_set1_pd(-0.0), inf = _mm256_set1_pd(INFINITY);
	const __m256d one = _mm256_set1_pd(1.0), zero = _mm256_setzero_pd();
	__m256d re = _mm256_andnot_pd(sign, _mm256_unpacklo_pd(a, b));   /* items 0 2 1 3 */
	__m256d im = _mm256_andnot_pd(sign, _mm256_unpackhi_pd(a, b));
	__m256d isinf = _mm256_or_pd(_mm256_cmp_pd(re, inf, _CMP_EQ_OQ), _mm256_cmp_pd(im, inf, _CMP_EQ_OQ));
	__m256d isnan = _mm256_cmp_pd(re, im, _CMP_UNORD_Q);
	__m256d spec = _mm256_or_pd(isinf, isnan);
	re = _mm256_andnot_pd(spec, re);
	im = _mm256_andnot_pd(spec, im);
	__m256d gt = _mm256_cmp_pd(re, im, _CMP_GT_OQ);
	__m256d lg = _mm256_blendv_pd(im, re, gt), sm = _mm256_blendv_pd(re, im, gt);
	__m256d r = _mm256_div_pd(sm, _mm256_blendv_pd(lg, one, _mm256_cmp_pd(lg, zero, _CMP_EQ_OQ)));
	__m256d z = _mm256_mul_pd(_mm256_sqrt_pd(_mm256_fmadd_pd(r, r, one)), lg);
	z = _mm256_blendv_pd(z, _mm256_set1_pd(NAN), isnan);
	z = _mm256_blendv_pd(z, inf, isinf);
	return _mm256_permute4x64_pd(z, 0xD8);                           /* items 0 1 2 3 */
}
UF_AVX2FMA static inline __m256 uf_cabs8_f(__m256 a, __m256 b)
{
	const __m256 sign = _mm256_set1_ps(-0.0f), inf = _mm256_set1_ps(INFINITY);
	const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
	__m256 re = _mm256_andnot_ps(sign, _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0))); /* 0 1 4 5 2 3 6 7 */
	__m256 im = _mm256_andnot_ps(sign, _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
	__m256 isinf = _mm256_or_ps(_mm256_cmp_ps(re, inf, _CMP_EQ_OQ), _mm256_cmp_ps(im, inf, _CMP_EQ_OQ));
	__m256 isnan = _mm256_cmp_ps(re, im, _CMP_UNORD_Q);
	__m256 spec = _mm256_or_ps(isinf, isnan);
	re = _mm256_andnot_ps(spec, re);
	im = _mm256_andnot_ps(spec, im);
	__m256 gt = _mm256_cmp_ps(re, im, _CMP_GT_OQ);
	__m256 lg = _mm256_blendv_ps(im, re, gt), sm = _mm256_blendv_ps(re, im, gt);
	__m256 r = _mm256_div_ps(sm, _mm256_blendv_ps(lg, one, _mm256_cmp_ps(lg, zero, _CMP_EQ_OQ)));
	__m256 z = _mm256_mul_ps(_mm256_sqrt_ps(_mm256_fmadd_ps(r, r, one)), lg);
	z = _mm256_blendv_ps(z, _mm256_set1_ps(NAN), isnan);
	z = _mm256_blendv_ps(z, inf, isinf);
	return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(z), 0xD8));
}
#define UF_SIMD_CABS(c, T, W, V, LOAD, STORE, STEP4)                                     \
UF_AVX2FMA static int uf_simd_cabs_##c(char **args, const int64_t *steps, int64_t n)      \
{                                                                                        \
	if (steps[0] != 2 * (int64_t)sizeof(T) || steps[1] != (int64_t)sizeof(T))         \
		return 0;                                                                \
	const T *x = (const T *)args[0];                                                 \
	T *z = (T *)args[1];                                                             \
	int64_t i = 0;                                                                   \
	for (; i + W <= n; i += W)                                                       \
		STORE(z + i, STEP4(LOAD(x + 2 * i), LOAD(x + 2 * i + W)));               \
	if (i < n) {                                                                     \
		T in[2 * W] = {0}, out[W];                                               \
		memcpy(in, x + 2 * i, (size_t)(n - i) * 2 * sizeof(T));                   \
		STORE(out, STEP4(LOAD(in), LOAD(in + W)));                                \
		memcpy(z + i, out, (size_t)(n - i) * sizeof(T));                          \
	}                                                                                \
	return 1;                                                                        \
}
UF_SIMD_CABS(d, double, 4, __m256d, _mm256_loadu_pd, _mm256_storeu_pd, uf_cabs4_d)
UF_SIMD_CABS(f, float, 8, __m256, _mm256_loadu_ps, _mm256_storeu_ps, uf_cabs8_f)

/*
 * float64 tanh, expm1, cbrt, arcsinh, arccosh and arctanh on AVX-512 CPUs
 * through glibc's libmvec (_ZGVeN8v_*, 8 lanes; its special lanes go
 * through the scalar functions, which raise NumPy's flags).  There NumPy
 * runs these with its AVX-512 (SVML-derived) loops, whose bits libmvec's
 * match more often than glibc's scalar functions do: measured over 3e6
 * items (x*10, x*1400, x*1e-3; [-1, 1) for arctanh; |x|+1 for arccosh),
 * the share of items equal to NumPy 2.4's on an AVX-512 CPU was tanh
 * 100% (scalar 80%), expm1 97.3 (95.1), cbrt 63 (48), arcsinh 99.5 (85.6),
 * arccosh 92.6 (85.3), arctanh 87.4 (78.4).  (exp, log, sin, tan, power
 * ... match less often that way and keep the scalar functions.)  Elsewhere,
 * NumPy and these loops both use the scalar functions.
 */
#ifdef HAVE_LIBMVEC
#define UF_AVX512 __attribute__((target("avx512f")))
static int uf_simd_have_avx512(void)
{
	static int have = -1;
	if (have < 0) {
		__builtin_cpu_init();
		have = __builtin_cpu_supports("avx512f") ? 1 : 0;
	}
	return have;
}
/* pad: an argument the function answers without a flag (the tail's unused lanes) */
#define UF_MVEC(name, vname, pad)                                                        \
__m512d _ZGVeN8v_##vname(__m512d);                                                       \
UF_AVX512 static void uf_mvec_##name(const double *x, double *z, int64_t n)               \
{                                                                                        \
	int64_t i = 0;                                                                   \
	for (; i + 8 <= n; i += 8)                                                        \
		_mm512_storeu_pd(z + i, _ZGVeN8v_##vname(_mm512_loadu_pd(x + i)));          \
	if (i < n) {                                                                     \
		__mmask8 m = (__mmask8)((1u << (n - i)) - 1);                              \
		__m512d v = _mm512_mask_loadu_pd(_mm512_set1_pd(pad), m, x + i);            \
		_mm512_mask_storeu_pd(z + i, m, _ZGVeN8v_##vname(v));                       \
	}                                                                                \
}                                                                                        \
static int uf_simd_##name##_d(char **args, const int64_t *steps, int64_t n)              \
{                                                                                        \
	if (steps[0] != sizeof(double) || steps[1] != sizeof(double) || !uf_simd_have_avx512()) \
		return 0;                                                                 \
	uf_mvec_##name((const double *)args[0], (double *)args[1], n);                     \
	return 1;                                                                         \
}
UF_MVEC(tanh, tanh, 0.5)
UF_MVEC(expm1, expm1, 0.5)
UF_MVEC(cbrt, cbrt, 0.5)
UF_MVEC(arcsinh, asinh, 0.5)
UF_MVEC(arccosh, acosh, 1.5)
UF_MVEC(arctanh, atanh, 0.5)
#else
#define UF_MVEC_NONE(name) \
static int name(char **args, const int64_t *steps, int64_t n) { (void)args; (void)steps; (void)n; return 0; }
UF_MVEC_NONE(uf_simd_tanh_d) UF_MVEC_NONE(uf_simd_expm1_d) UF_MVEC_NONE(uf_simd_cbrt_d)
UF_MVEC_NONE(uf_simd_arcsinh_d) UF_MVEC_NONE(uf_simd_arccosh_d) UF_MVEC_NONE(uf_simd_arctanh_d)
#endif

#else /* no AVX2 loops on this target: the scalar loops run */
#define UF_SIMD_NONE(name) \
static int name(char **args, const int64_t *steps, int64_t n) { return 0; }
UF_SIMD_NONE(uf_simd_sqrt_f) UF_SIMD_NONE(uf_simd_sqrt_d)
UF_SIMD_NONE(uf_simd_maximum_f) UF_SIMD_NONE(uf_simd_maximum_d)
UF_SIMD_NONE(uf_simd_minimum_f) UF_SIMD_NONE(uf_simd_minimum_d)
UF_SIMD_NONE(uf_simd_clip_f) UF_SIMD_NONE(uf_simd_clip_d)
UF_SIMD_NONE(uf_simd_floor_divide_l) UF_SIMD_NONE(uf_simd_remainder_l)
UF_SIMD_NONE(uf_simd_floor_f) UF_SIMD_NONE(uf_simd_floor_d) UF_SIMD_NONE(uf_simd_ceil_f)
UF_SIMD_NONE(uf_simd_ceil_d) UF_SIMD_NONE(uf_simd_trunc_f) UF_SIMD_NONE(uf_simd_trunc_d)
UF_SIMD_NONE(uf_simd_cabs_d) UF_SIMD_NONE(uf_simd_cabs_f)
UF_SIMD_NONE(uf_simd_tanh_d) UF_SIMD_NONE(uf_simd_expm1_d) UF_SIMD_NONE(uf_simd_cbrt_d)
UF_SIMD_NONE(uf_simd_arcsinh_d) UF_SIMD_NONE(uf_simd_arccosh_d) UF_SIMD_NONE(uf_simd_arctanh_d)
#endif

#endif
