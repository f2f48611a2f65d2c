/*
 * host_reduce.c — the host backend's reductions and scans: out (keepdims shape)
 * = op over the masked axes of an expression tree's value, iterating in C
 * order over merged dimensions.  A reduced inner row is folded by a fast
 * per-dtype routine (NumPy's pairwise summation for floats, so float32
 * sums print as NumPy's do); a kept inner row accumulates lane by lane
 * (typed loops for the common dtypes, else the ufunc loops: out = op(out,
 * row)), as NumPy's reduce does.  Integer sums and any/all read the source
 * dtype in place; float64 sums of float32/int data cast through NumPy's
 * 8192-item buffer; argmin/argmax read rows or column lanes in place;
 * cumsum/cumprod run typed loops along rows or lanes.  Masked reductions
 * (where=) and float sums of rows that no merging joined share one loop
 * that cuts NumPy's buffers of whole rows and the runs of its mask.  A
 * value computed into a temporary (a cast, a fused tree, nansum's NaN-free
 * copy) is laid out in NumPy's order 'K', as NumPy's own temporaries are,
 * so that the sums run in NumPy's order.
 *
 * Owns its temporaries only.
 */
#pragma GCC optimize ("O3", "no-trapping-math", "no-math-errno")
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "backend/host/host.h"
#include "backend/host/host_int.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/fpe.h"
#include <fenv.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define PW_BLOCKSIZE 128

/* integer loops built twice, for AVX2 and for the baseline, picked at load */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define VEC_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VEC_CLONES
#endif


/* NumPy's pairwise summation (loops_utils.h.src), T the accumulator */
#define PAIRWISE(name, S, T) PAIRWISE_LD(name, S, T, PW_AS_IS)
#define PW_AS_IS(v) (v)
#define PW_NAN_ZERO(v) ((v) == (v) ? (v) : 0)	/* nansum: NaN counts as 0 */
#define PAIRWISE_LD(name, S, T, LD)                                            \
static T name(const char *a, int64_t n, int64_t stride)                        \
{                                                                              \
	if (n < 8) {                                                           \
		T res = 0.;                                                    \
		for (int64_t i = 0; i < n; i++)                                \
			res += LD((T)*(const S *)(a + i * stride));                \
		return res;                                                    \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8], res;                                                   \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j++)                                    \
			r[j] = LD((T)*(const S *)(a + j * stride));                \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j++)                            \
				r[j] += LD((T)*(const S *)(a + (i + j) * stride)); \
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
		for (; i < n; i++)                                             \
			res += LD((T)*(const S *)(a + i * stride));                \
		return res;                                                    \
	} else {                                                               \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		return name(a, n2, stride) + name(a + n2 * stride, n - n2, stride); \
	}                                                                      \
}
PAIRWISE(pw_half_s, _Float16, float)
PAIRWISE(pw_float_s, float, float)
PAIRWISE(pw_double_s, double, double)

/* the same summation for contiguous data, written so the compiler keeps the
 * eight accumulators in one vector register (bit-identical results) */
#define PAIRWISE_C1(name, S, T) PAIRWISE_C1_LD(name, S, T, PW_AS_IS)
#define PAIRWISE_C1_LD(name, S, T, LD)                                         \
static T name(const S *a, int64_t n)                                           \
{                                                                              \
	if (n < 8) {                                                           \
		T res = 0.;                                                    \
		for (int64_t i = 0; i < n; i++)                                \
			res += LD((T)a[i]);                                        \
		return res;                                                    \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8], res;                                                   \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j++)                                    \
			r[j] = LD((T)a[j]);                                        \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j++)                            \
				r[j] += LD((T)a[i + j]);                           \
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
		for (; i < n; i++)                                             \
			res += LD((T)a[i]);                                        \
		return res;                                                    \
	} else {                                                               \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		return name(a, n2) + name(a + n2, n - n2);                     \
	}                                                                      \
}
PAIRWISE_C1(pw_float_c, float, float)
PAIRWISE_C1(pw_double_c, double, double)

/* the one pairwise sum the front ends use (host.h): this file's loops,
 * compiled with its optimisation flags */
double host_pairwise_sum_d(const double *a, int64_t n)
{
	return pw_double_c(a, n);
}

float host_pairwise_sum_f(const float *a, int64_t n)
{
	return pw_float_c(a, n);
}
PAIRWISE_LD(pwnz_float_s, float, float, PW_NAN_ZERO)
PAIRWISE_LD(pwnz_double_s, double, double, PW_NAN_ZERO)
PAIRWISE_C1_LD(pwnz_float_c, float, float, PW_NAN_ZERO)
PAIRWISE_C1_LD(pwnz_double_c, double, double, PW_NAN_ZERO)

static float pw_half(const char *a, int64_t n, int64_t st) { return pw_half_s(a, n, st); }
static float pw_float(const char *a, int64_t n, int64_t st)
{
	return st == 4 ? pw_float_c((const float *)a, n) : pw_float_s(a, n, st);
}
static double pw_double(const char *a, int64_t n, int64_t st)
{
	return st == 8 ? pw_double_c((const double *)a, n) : pw_double_s(a, n, st);
}

/* complex: NumPy sums the interleaved (re, im) stream, n counts scalars */
#define PAIRWISE_C(name, T)                                                    \
static void name(T *rr, T *ri, const char *a, int64_t n, int64_t stride)       \
{                                                                              \
	if (n < 8) {                                                           \
		*rr = 0.; *ri = 0.;                                            \
		for (int64_t i = 0; i < n; i += 2) {                           \
			*rr += *(const T *)(a + i * stride);                   \
			*ri += *(const T *)(a + i * stride + sizeof(T));       \
		}                                                              \
		return;                                                        \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8];                                                        \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j += 2) {                               \
			r[j] = *(const T *)(a + j * stride);                   \
			r[j + 1] = *(const T *)(a + j * stride + sizeof(T));   \
		}                                                              \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j += 2) {                       \
				r[j] += *(const T *)(a + (i + j) * stride);    \
				r[j + 1] += *(const T *)(a + (i + j) * stride + sizeof(T)); \
			}                                                      \
		*rr = ((r[0] + r[2]) + (r[4] + r[6]));                         \
		*ri = ((r[1] + r[3]) + (r[5] + r[7]));                         \
		for (; i < n; i += 2) {                                        \
			*rr += *(const T *)(a + i * stride);                   \
			*ri += *(const T *)(a + i * stride + sizeof(T));       \
		}                                                              \
		return;                                                        \
	} else {                                                               \
		T rr1, ri1, rr2, ri2;                                          \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		name(&rr1, &ri1, a, n2, stride);                               \
		name(&rr2, &ri2, a + n2 * stride, n - n2, stride);             \
		*rr = rr1 + rr2;                                               \
		*ri = ri1 + ri2;                                               \
	}                                                                      \
}
PAIRWISE_C(pw_cfloat, float)
PAIRWISE_C(pw_cdouble, double)

/* the ufunc loop `name` with every type equal to dtype (out dtype dtype) */
static uf_loopfn loop_of(const char *name, int dtype)
{
	int uf = uf_lookup(name);
	const struct ufunc *u = &ufunc_table[uf];
	for (int l = 0; l < u->nloops; l++) {
		int ok = uf_loop_out(&u->loops[l]) == dtype;
		for (int i = 0; i < u->nin && ok; i++)
			ok = uf_loop_in(&u->loops[l], i) == dtype;
		if (ok)
			return u->loops[l].fn;
	}
	return NULL;
}

static const char *op_ufunc(enum red_op op)
{
	switch (op) {
	case RED_SUM: case RED_NANSUM: return "add";
	case RED_PROD: return "multiply";
	case RED_MIN: return "minimum";
	case RED_MAX: return "maximum";
	case RED_NANMIN: return "fmin";
	case RED_NANMAX: return "fmax";
	case RED_ANY: return "logical_or";
	case RED_ALL: return "logical_and";
	default: return NULL;
	}
}

/* The starting value of op for dtype d. */
static void identity(enum red_op op, int d, struct npscalar *s)
{
	memset(s, 0, sizeof *s);
	s->dtype = d;
	switch (op) {
	case RED_SUM: case RED_NANSUM: case RED_ANY:
		return;
	case RED_PROD: case RED_ALL:
		s->dtype = DT_INT64;
		s->v.i = 1;
		break;
	case RED_MAX: case RED_MIN: {
		int mx = op == RED_MAX;
		switch (dtype_table[d].kind) {
		case DK_BOOL: s->v.b = !mx; return;
		case DK_UINT: s->v.u = mx ? 0 : UINT64_MAX; return;
		case DK_INT:
			s->v.i = dt_size(d) == 8 ? (mx ? INT64_MIN : INT64_MAX) :
				 mx ? -((int64_t)1 << (dt_size(d) * 8 - 1)) : ((int64_t)1 << (dt_size(d) * 8 - 1)) - 1;
			return;
		case DK_FLOAT: s->v.f = mx ? -INFINITY : INFINITY; return;
		default: s->v.c = mx ? -INFINITY - INFINITY * I : INFINITY + INFINITY * I;
			__real__ s->v.c = mx ? -INFINITY : INFINITY;
			__imag__ s->v.c = mx ? -INFINITY : INFINITY;
			return;
		}
	}
	case RED_NANMAX: case RED_NANMIN:
		if (dt_is_inexact(d)) {
			if (dt_is_complex(d)) {
				__real__ s->v.c = NAN;
				__imag__ s->v.c = NAN;
			} else {
				s->v.f = NAN;
			}
			return;
		}
		identity(op == RED_NANMAX ? RED_MAX : RED_MIN, d, s);
		return;
	default:
		return;
	}
	{
		struct npscalar t = *s;
		arr_scalar_cast(&t, d, s);
	}
}

#ifdef __SSE2__
/*
 * max/min of a contiguous float32/float64 row in SSE2 registers, 4 vectors
 * at a time (the scalar loop does not vectorise: the NaN test and the
 * compare-select mix int and float lanes).  _mm_max_ps(v, m) is exactly
 * `v > m ? v : m`, as the scalar fold; a NaN anywhere makes the result NaN,
 * as NumPy's maximum.reduce.  Returns the number of elements folded into
 * *m0 / *nan (a multiple of the vector width times 4).
 */
#define MINMAX_SSE(name, T, V, W, LOAD, MAX, MIN, UNORD, OR, MOVEMASK, STORE) \
static int64_t name(const T *x, int64_t n, int mx, T *m0, int *nan)            \
{                                                                              \
	int64_t i = 0;                                                         \
	if (n < 4 * W)                                                         \
		return 0;                                                      \
	V m[4], u[4];                                                          \
	for (int j = 0; j < 4; j++) {                                          \
		m[j] = LOAD(x + j * W);                                        \
		u[j] = UNORD(m[j], m[j]);                                      \
	}                                                                      \
	if (mx)                                                                \
		for (i = 4 * W; i + 4 * W <= n; i += 4 * W)                    \
			for (int j = 0; j < 4; j++) {                          \
				V v = LOAD(x + i + j * W);                     \
				u[j] = OR(u[j], UNORD(v, v));                  \
				m[j] = MAX(v, m[j]);                           \
			}                                                      \
	else                                                                   \
		for (i = 4 * W; i + 4 * W <= n; i += 4 * W)                    \
			for (int j = 0; j < 4; j++) {                          \
				V v = LOAD(x + i + j * W);                     \
				u[j] = OR(u[j], UNORD(v, v));                  \
				m[j] = MIN(v, m[j]);                           \
			}                                                      \
	T lanes[4 * W];                                                        \
	for (int j = 0; j < 4; j++) {                                          \
		*nan |= MOVEMASK(u[j]) != 0;                                   \
		STORE(lanes + j * W, m[j]);                                    \
	}                                                                      \
	for (int j = 0; j < 4 * W; j++)                                        \
		*m0 = mx ? (lanes[j] > *m0 ? lanes[j] : *m0)                   \
			 : (lanes[j] < *m0 ? lanes[j] : *m0);                  \
	return i;                                                              \
}
MINMAX_SSE(minmax_f32, float, __m128, 4, _mm_loadu_ps, _mm_max_ps, _mm_min_ps,
	   _mm_cmpunord_ps, _mm_or_ps, _mm_movemask_ps, _mm_storeu_ps)
MINMAX_SSE(minmax_f64, double, __m128d, 2, _mm_loadu_pd, _mm_max_pd, _mm_min_pd,
	   _mm_cmpunord_pd, _mm_or_pd, _mm_movemask_pd, _mm_storeu_pd)
#define MINMAX_VEC(T, x, n, mx, m0, nan) \
	(sizeof(T) == 4 ? minmax_f32((const float *)(x), n, mx, (float *)(m0), nan) \
			: minmax_f64((const double *)(x), n, mx, (double *)(m0), nan))
#else
#define MINMAX_VEC(T, x, n, mx, m0, nan) ((int64_t)0)
#endif

#ifdef __SSE2__
/* nanmax/nanmin of a contiguous row from a non-NaN start *m0: v > m ? v : m
 * (_mm_max_ps(v, m)) skips NaN items.  Returns the count folded. */
#define NANMINMAX_SSE(name, T, V, W, LOAD, SET1, MAX, MIN, STORE)              \
static int64_t name(const T *x, int64_t n, int mx, T *m0)                      \
{                                                                              \
	int64_t i = 0;                                                         \
	V m[4];                                                                \
	T lanes[4 * W];                                                        \
	if (n < 4 * W)                                                         \
		return 0;                                                      \
	for (int j = 0; j < 4; j++)                                            \
		m[j] = SET1(*m0);                                              \
	if (mx)                                                                \
		for (; i + 4 * W <= n; i += 4 * W)                             \
			for (int j = 0; j < 4; j++)                            \
				m[j] = MAX(LOAD(x + i + j * W), m[j]);         \
	else                                                                   \
		for (; i + 4 * W <= n; i += 4 * W)                             \
			for (int j = 0; j < 4; j++)                            \
				m[j] = MIN(LOAD(x + i + j * W), m[j]);         \
	for (int j = 0; j < 4; j++)                                            \
		STORE(lanes + j * W, m[j]);                                    \
	for (int j = 0; j < 4 * W; j++)                                        \
		*m0 = mx ? (lanes[j] > *m0 ? lanes[j] : *m0)                   \
			 : (lanes[j] < *m0 ? lanes[j] : *m0);                  \
	return i;                                                              \
}
NANMINMAX_SSE(nanminmax_f32, float, __m128, 4, _mm_loadu_ps, _mm_set1_ps, _mm_max_ps, _mm_min_ps, _mm_storeu_ps)
NANMINMAX_SSE(nanminmax_f64, double, __m128d, 2, _mm_loadu_pd, _mm_set1_pd, _mm_max_pd, _mm_min_pd, _mm_storeu_pd)
#define NANMINMAX_VEC(T, x, n, mx, m0) \
	(sizeof(T) == 4 ? nanminmax_f32((const float *)(x), n, mx, (float *)(m0)) \
			: nanminmax_f64((const double *)(x), n, mx, (double *)(m0)))
#else
#define NANMINMAX_VEC(T, x, n, mx, m0) ((int64_t)0)
#endif

/* nanmax/nanmin (fmax/fmin.reduce) of a float row: NaN items are skipped,
 * the result is NaN only when every item (and *acc) is */
#define NANMINMAX_FLT(T) {                                                     \
	T m = *(T *)acc;                                                       \
	int64_t i = 0;                                                         \
	for (; m != m && i < n; i++)                                           \
		m = *(const T *)(p + i * st);                                  \
	if (st == sizeof(T) && i < n)                                          \
		i += NANMINMAX_VEC(T, p + i * st, n - i, mx, &m);              \
	for (; i < n; i++) {                                                   \
		T v = *(const T *)(p + i * st);                                \
		m = mx ? (v > m ? v : m) : (v < m ? v : m);                    \
	}                                                                      \
	*(T *)acc = m;                                                         \
	return 1; }

/* max/min of a contiguous integer row (AVX2's 64-bit compares where the
 * CPU has them: SSE2 has none) */
#define MINMAX_INT_ROW(T)                                                      \
VEC_CLONES static T minmax_##T(const T *x, int64_t n, int mx, T m)             \
{                                                                              \
	if (mx) for (int64_t i = 0; i < n; i++) m = x[i] > m ? x[i] : m;       \
	else for (int64_t i = 0; i < n; i++) m = x[i] < m ? x[i] : m;          \
	return m;                                                              \
}
MINMAX_INT_ROW(int8_t)
MINMAX_INT_ROW(int16_t)
MINMAX_INT_ROW(int32_t)
MINMAX_INT_ROW(int64_t)
MINMAX_INT_ROW(uint8_t)
MINMAX_INT_ROW(uint16_t)
MINMAX_INT_ROW(uint32_t)
MINMAX_INT_ROW(uint64_t)

/* max/min of a strided real row: v > m ? v : m, NaN wins (maximum.reduce);
 * four running extremes (independent chains), a NaN seen anywhere wins */
#define MINMAX_STRIDED(T, FLT) {                                               \
	T m = *(T *)acc, m4[4];                                                \
	int nan = FLT && m != m;                                               \
	int64_t i = 0;                                                         \
	if (n >= 8 && !nan) {                                                  \
		for (int j = 0; j < 4; j++)                                    \
			m4[j] = *(const T *)(p + j * st);                      \
		for (i = 4; i + 4 <= n; i += 4)                                \
			for (int j = 0; j < 4; j++) {                          \
				T v = *(const T *)(p + (i + j) * st);          \
				if (FLT)                                       \
					nan |= v != v;                         \
				m4[j] = mx ? (v > m4[j] ? v : m4[j]) : (v < m4[j] ? v : m4[j]); \
			}                                                      \
		for (int j = 0; j < 4; j++) {                                  \
			if (FLT)                                               \
				nan |= m4[j] != m4[j];                         \
			m = mx ? (m4[j] > m ? m4[j] : m) : (m4[j] < m ? m4[j] : m); \
		}                                                              \
	}                                                                      \
	for (; i < n && !nan; i++) {                                           \
		T v = *(const T *)(p + i * st);                                \
		nan = FLT && v != v;                                           \
		m = mx ? (v > m ? v : m) : (v < m ? v : m);                    \
	}                                                                      \
	*(T *)acc = nan ? (T)NAN : m;                                          \
	return 1; }

/*
 * A kept inner row: out[j] = op(out[j], x[j]) for the n lanes of one step
 * of the reduced axes -- each output item sees the items in NumPy's order.
 * max/min propagate NaN as maximum/minimum do.  Returns 0 when not typed.
 */
#define LANES_OP(T, FLT) {                                                     \
	T *o = (T *)po;                                                        \
	const T *x = (const T *)pa;                                            \
	if (op == RED_SUM)                                                     \
		for (int64_t j = 0; j < n; j++)                                \
			o[j] = o[j] + x[j];                                    \
	else if (op == RED_MAX)                                                \
		for (int64_t j = 0; j < n; j++)                                \
			o[j] = (x[j] > o[j] || (FLT && x[j] != x[j])) ? x[j] : o[j]; \
	else                                                                   \
		for (int64_t j = 0; j < n; j++)                                \
			o[j] = (x[j] < o[j] || (FLT && x[j] != x[j])) ? x[j] : o[j]; \
	return 1; }

VEC_CLONES static int lanes_fast(enum red_op op, int d, char *po, int64_t so, const char *pa, int64_t sa, int64_t n)
{
	if (op == RED_NANSUM && (d == DT_FLOAT32 || d == DT_FLOAT64)) {
		/* any strides: nansum's items are never zeroed in a copy */
#define LANES_NZ(T) {                                                          \
		for (int64_t j = 0; j < n; j++) {                              \
			T v = *(const T *)(pa + j * sa);                       \
			*(T *)(po + j * so) += v == v ? v : 0;                 \
		}                                                              \
		return 1; }
		if (d == DT_FLOAT32)
			LANES_NZ(float)
		LANES_NZ(double)
	}
	if ((op != RED_SUM && op != RED_MAX && op != RED_MIN) || so != dt_size(d) || sa != so)
		return 0;
	switch (d) {
	case DT_FLOAT32: LANES_OP(float, 1)
	case DT_FLOAT64: LANES_OP(double, 1)
	case DT_INT64:
		if (op == RED_SUM)	/* wrapping adds */
			LANES_OP(uint64_t, 0)
		LANES_OP(int64_t, 0)
	case DT_INT32:
		if (op == RED_SUM)
			return 0;
		LANES_OP(int32_t, 0)
	default: return 0;
	}
}

/* Folds a row into *acc (dtype d); returns 1 when done, 0 when the caller
 * should fold through the ufunc loop instead. */
static int fold_fast(enum red_op op, int d, const char *p, int64_t st, int64_t n, char *acc)
{
	if (op == RED_NANSUM && (d == DT_FLOAT32 || d == DT_FLOAT64)) {
		if (d == DT_FLOAT32)
			*(float *)acc += st == 4 ? pwnz_float_c((const float *)p, n) : pwnz_float_s(p, n, st);
		else
			*(double *)acc += st == 8 ? pwnz_double_c((const double *)p, n) : pwnz_double_s(p, n, st);
		return 1;
	}
	if (op == RED_SUM || op == RED_NANSUM) {
		switch (d) {
		case DT_FLOAT16: *(_Float16 *)acc = (_Float16)((float)*(_Float16 *)acc + pw_half(p, n, st)); return 1;
		case DT_FLOAT32: *(float *)acc += pw_float(p, n, st); return 1;
		case DT_FLOAT64: *(double *)acc += pw_double(p, n, st); return 1;
		case DT_COMPLEX64: {
			float rr, ri;
			pw_cfloat(&rr, &ri, p, n * 2, st / 2);
			__real__ *(float _Complex *)acc += rr;
			__imag__ *(float _Complex *)acc += ri;
			return 1;
		}
		case DT_COMPLEX128: {
			double rr, ri;
			pw_cdouble(&rr, &ri, p, n * 2, st / 2);
			__real__ *(double _Complex *)acc += rr;
			__imag__ *(double _Complex *)acc += ri;
			return 1;
		}
		case DT_INT64: case DT_UINT64: {
			uint64_t s = 0;
			if (st == 8)
				for (int64_t i = 0; i < n; i++)
					s += ((const uint64_t *)p)[i];
			else
				for (int64_t i = 0; i < n; i++)
					s += *(const uint64_t *)(p + i * st);
			*(uint64_t *)acc += s;
			return 1;
		}
		default:
			return 0;
		}
	}
	if (op == RED_PROD) {
		/* NumPy's multiply.reduce: one product after another (float16:
		 * in float, as NumPy's HALF_multiply reduce loop) */
#define PROD_ROW(T, U) {                                                       \
		U m = (U)*(T *)acc;                                            \
		if (st == sizeof(T))                                           \
			for (int64_t i = 0; i < n; i++)                        \
				m *= (U)((const T *)p)[i];                     \
		else                                                           \
			for (int64_t i = 0; i < n; i++)                        \
				m *= (U)*(const T *)(p + i * st);              \
		*(T *)acc = (T)m;                                              \
		return 1; }
		/* complex: NumPy's reduce loop multiplies plainly (its elementwise
		 * loop, the ufunc loop here, fuses: uloops.c uf_np_cmul_) */
#define CPROD_ROW(R) {                                                         \
		R mr = ((R *)acc)[0], mi = ((R *)acc)[1];                      \
		for (int64_t i = 0; i < n; i++) {                              \
			const R *x = (const R *)(p + i * st);                  \
			R t = mr * x[0] - mi * x[1];                           \
			mi = mr * x[1] + mi * x[0];                            \
			mr = t;                                                \
		}                                                              \
		((R *)acc)[0] = mr;                                            \
		((R *)acc)[1] = mi;                                            \
		return 1; }
		switch (d) {
		case DT_COMPLEX64: CPROD_ROW(float)
		case DT_COMPLEX128: CPROD_ROW(double)
		case DT_FLOAT16: PROD_ROW(_Float16, float)   /* a float product, rounded once per row */
		case DT_FLOAT32: PROD_ROW(float, float)
		case DT_FLOAT64: PROD_ROW(double, double)
		case DT_INT64: case DT_UINT64: PROD_ROW(uint64_t, uint64_t)
		default: return 0;
		}
	}
	if (op == RED_NANMAX || op == RED_NANMIN) {
		int mx = op == RED_NANMAX;
		switch (d) {
		case DT_FLOAT32: NANMINMAX_FLT(float)
		case DT_FLOAT64: NANMINMAX_FLT(double)
		default: return 0;
		}
	}
	if ((op == RED_MAX || op == RED_MIN) && st != dt_size(d)) {
		int mx = op == RED_MAX;
		switch (d) {
		case DT_INT8: MINMAX_STRIDED(int8_t, 0)
		case DT_INT16: MINMAX_STRIDED(int16_t, 0)
		case DT_INT32: MINMAX_STRIDED(int32_t, 0)
		case DT_INT64: MINMAX_STRIDED(int64_t, 0)
		case DT_UINT8: MINMAX_STRIDED(uint8_t, 0)
		case DT_UINT16: MINMAX_STRIDED(uint16_t, 0)
		case DT_UINT32: MINMAX_STRIDED(uint32_t, 0)
		case DT_UINT64: MINMAX_STRIDED(uint64_t, 0)
		case DT_FLOAT32: MINMAX_STRIDED(float, 1)
		case DT_FLOAT64: MINMAX_STRIDED(double, 1)
		default: return 0;
		}
	}
	if ((op == RED_MAX || op == RED_MIN) && st == dt_size(d)) {
		int mx = op == RED_MAX;
#define MINMAX_INT(T) {                                                        \
		*(T *)acc = minmax_##T((const T *)p, n, mx, *(T *)acc);        \
		return 1; }
#define MINMAX_FLT(T) {                                                        \
		const T *x = (const T *)p;                                     \
		T m0 = *(T *)acc;                                              \
		int nan = m0 != m0;                                            \
		int64_t i = MINMAX_VEC(T, x, n, mx, &m0, &nan);                \
		for (; i < n; i++) {                                           \
			nan |= x[i] != x[i];                                   \
			m0 = mx ? (x[i] > m0 ? x[i] : m0) : (x[i] < m0 ? x[i] : m0); \
		}                                                              \
		*(T *)acc = nan ? (T)NAN : m0;                                 \
		return 1; }
		switch (d) {
		case DT_INT8: MINMAX_INT(int8_t)
		case DT_INT16: MINMAX_INT(int16_t)
		case DT_INT32: MINMAX_INT(int32_t)
		case DT_INT64: MINMAX_INT(int64_t)
		case DT_UINT8: MINMAX_INT(uint8_t)
		case DT_UINT16: MINMAX_INT(uint16_t)
		case DT_UINT32: MINMAX_INT(uint32_t)
		case DT_UINT64: MINMAX_INT(uint64_t)
		case DT_FLOAT32: MINMAX_FLT(float)
		case DT_FLOAT64: MINMAX_FLT(double)
		default: return 0;
		}
	}
	return 0;
}

/*
 * Reductions read straight from the source dtype, without a converted copy:
 * integer sums into a 64-bit accumulator (wrapping adds give the same bits
 * in any order) and any/all (a value is true when != 0, NaN included), which
 * stop at the first item that decides them.
 */
static int src_fold_ok(enum red_op op, int sd, int d)
{
	int k = dtype_table[sd].kind;
	if (op == RED_ANY || op == RED_ALL)
		return d == DT_BOOL && (k == DK_BOOL || k == DK_INT || k == DK_UINT ||
					sd == DT_FLOAT32 || sd == DT_FLOAT64);
	if (op == RED_SUM)
		return sd != d && (d == DT_INT64 || d == DT_UINT64) &&
		       (k == DK_BOOL || k == DK_INT || k == DK_UINT);
	return 0;
}

#define SRC_BLOCK 512
#define SRC_FOLD(T) {                                                          \
	if (op == RED_SUM) {                                                   \
		uint64_t s = 0;                                                \
		if (st == sizeof(T))                                           \
			for (int64_t i = 0; i < n; i++)                        \
				s += (uint64_t)(int64_t)((const T *)p)[i];     \
		else                                                           \
			for (int64_t i = 0; i < n; i++)                        \
				s += (uint64_t)(int64_t)*(const T *)(p + i * st); \
		*(uint64_t *)acc += s;                                         \
		return;                                                        \
	}                                                                      \
	int any = op == RED_ANY;                                               \
	if (*(uint8_t *)acc == any)                                            \
		return;                                                        \
	for (int64_t b = 0; b < n; b += SRC_BLOCK) {                           \
		int64_t e = n - b < SRC_BLOCK ? n : b + SRC_BLOCK;              \
		int hit = 0;                                                   \
		if (st == sizeof(T))                                           \
			for (int64_t i = b; i < e; i++)                        \
				hit |= (((const T *)p)[i] != 0) == any;        \
		else                                                           \
			for (int64_t i = b; i < e; i++)                        \
				hit |= (*(const T *)(p + i * st) != 0) == any; \
		if (hit) {                                                     \
			*(uint8_t *)acc = any;                                 \
			return;                                                \
		}                                                              \
	}                                                                      \
	return; }

static void src_fold(enum red_op op, int sd, const char *p, int64_t st, int64_t n, char *acc)
{
#ifdef __SSE2__
	if (op == RED_SUM && (sd == DT_BOOL || sd == DT_UINT8) && st == 1) {
		/* bytes: _mm_sad_epu8 adds 8 at a time into two 64-bit lanes */
		__m128i z = _mm_setzero_si128(), t = z;
		int64_t i = 0;
		uint64_t s = 0, lanes[2];
		for (; i + 16 <= n; i += 16)
			t = _mm_add_epi64(t, _mm_sad_epu8(_mm_loadu_si128((const __m128i *)(p + i)), z));
		_mm_storeu_si128((__m128i *)lanes, t);
		s = lanes[0] + lanes[1];
		for (; i < n; i++)
			s += (uint8_t)p[i];
		*(uint64_t *)acc += s;
		return;
	}
#endif
	switch (sd) {
	case DT_BOOL: case DT_UINT8: SRC_FOLD(uint8_t)
	case DT_INT8: SRC_FOLD(int8_t)
	case DT_INT16: SRC_FOLD(int16_t)
	case DT_UINT16: SRC_FOLD(uint16_t)
	case DT_INT32: SRC_FOLD(int32_t)
	case DT_UINT32: SRC_FOLD(uint32_t)
	case DT_INT64: SRC_FOLD(int64_t)
	case DT_UINT64: SRC_FOLD(uint64_t)
	case DT_FLOAT32: SRC_FOLD(float)
	case DT_FLOAT64: SRC_FOLD(double)
	}
}

/* out[j] = op(out[j], src[j]) for a kept inner row, from the source dtype */
#define SRC_LANES(T) {                                                         \
	if (st == sizeof(T) && so == (op == RED_SUM ? 8 : 1)) {                \
		const T *x = (const T *)p;                                     \
		if (op == RED_SUM)                                             \
			for (int64_t j = 0; j < n; j++)                        \
				((uint64_t *)po)[j] += (uint64_t)(int64_t)x[j]; \
		else if (op == RED_ANY)                                        \
			for (int64_t j = 0; j < n; j++)                        \
				((uint8_t *)po)[j] |= x[j] != 0;               \
		else                                                           \
			for (int64_t j = 0; j < n; j++)                        \
				((uint8_t *)po)[j] &= x[j] != 0;               \
		return;                                                        \
	}                                                                      \
	for (int64_t j = 0; j < n; j++) {                                      \
		T v = *(const T *)(p + j * st);                                \
		char *o = po + j * so;                                         \
		if (op == RED_SUM)                                             \
			*(uint64_t *)o += (uint64_t)(int64_t)v;                \
		else if (op == RED_ANY)                                        \
			*(uint8_t *)o |= v != 0;                               \
		else                                                           \
			*(uint8_t *)o &= v != 0;                               \
	}                                                                      \
	return; }

static void src_lanes(enum red_op op, int sd, char *po, int64_t so, const char *p, int64_t st, int64_t n)
{
	switch (sd) {
	case DT_BOOL: case DT_UINT8: SRC_LANES(uint8_t)
	case DT_INT8: SRC_LANES(int8_t)
	case DT_INT16: SRC_LANES(int16_t)
	case DT_UINT16: SRC_LANES(uint16_t)
	case DT_INT32: SRC_LANES(int32_t)
	case DT_UINT32: SRC_LANES(uint32_t)
	case DT_INT64: SRC_LANES(int64_t)
	case DT_UINT64: SRC_LANES(uint64_t)
	case DT_FLOAT32: SRC_LANES(float)
	case DT_FLOAT64: SRC_LANES(double)
	}
}

/* NaN -> 0 in a float/complex host array, in place (nansum) */
static void nan_to_zero(struct ndarray *a)
{
	int64_t n = nd_size(a);
	char *p = nd_data(a);
	switch (a->dtype) {
	case DT_FLOAT16: for (int64_t i = 0; i < n; i++) if (((_Float16 *)p)[i] != ((_Float16 *)p)[i]) ((_Float16 *)p)[i] = 0; break;
	case DT_FLOAT32: for (int64_t i = 0; i < n; i++) if (isnan(((float *)p)[i])) ((float *)p)[i] = 0; break;
	case DT_FLOAT64: for (int64_t i = 0; i < n; i++) if (isnan(((double *)p)[i])) ((double *)p)[i] = 0; break;
	case DT_COMPLEX64: for (int64_t i = 0; i < 2 * n; i++) if (isnan(((float *)p)[i])) ((float *)p)[i] = 0; break;
	case DT_COMPLEX128: for (int64_t i = 0; i < 2 * n; i++) if (isnan(((double *)p)[i])) ((double *)p)[i] = 0; break;
	}
}

/* 1 if a's items fill one dense block with positive strides, in any axis
 * order: then a copy in order 'K' has a's very strides */
static int dense_positive(const struct ndarray *a)
{
	uint64_t seen = 0;
	int64_t st = dt_size(a->dtype);
	for (;;) {
		int best = -1;
		for (int k = 0; k < a->ndim; k++)
			if (!(seen >> k & 1) && a->shape[k] > 1 && a->strides[k] == st)
				best = k;
		if (best < 0)
			break;
		seen |= (uint64_t)1 << best;
		st *= a->shape[best];
	}
	for (int k = 0; k < a->ndim; k++)
		if (a->shape[k] > 1 && !(seen >> k & 1))
			return 0;
	return 1;
}

/* A new host array of dtype d shaped as a, its axes laid out in a's memory
 * order (NumPy's np.array(a, copy=True), order 'K': axes by |stride|,
 * outermost first, a stable sort; every stride positive). */
static struct ndarray *new_k_like(struct eval *ev, const struct ndarray *a, int d)
{
	int perm[ND_MAXDIM], nd = a->ndim;
	int64_t st = dt_size(d);
	struct ndarray *r = nd_new(ev, &backend_host, d, nd, a->shape);
	if (!r || nd < 2)
		return r;
	for (int k = 0; k < nd; k++) {
		int j = k;
		int64_t s = llabs(a->strides[k]);
		for (; j > 0 && llabs(a->strides[perm[j - 1]]) < s; j--)
			perm[j] = perm[j - 1];
		perm[j] = k;
	}
	for (int k = nd - 1; k >= 0; k--) {
		r->strides[perm[k]] = st;
		st *= a->shape[perm[k]] ? a->shape[perm[k]] : 1;
	}
	return r;
}

/* The tree's value as an array of dtype d (borrowed leaf when possible,
 * unless copy); a new array is laid out in NumPy's order 'K' when korder. */
static struct ndarray *materialize(struct eval *ev, const struct ew_tree *t, int d,
				   int ndim, const int64_t *shape, int *owned, int korder, int copy)
{
	const struct ew_node *root = &t->nodes[t->nnodes - 1];
	struct ndarray *r;
	*owned = 0;
	if (root->kind == EW_ARRAY && root->dtype == d && t->nnodes == 1 && !copy)
		return t->arrays[root->leaf];
	if (korder && t->narrays == 1 && t->arrays[0]->ndim == ndim)
		r = new_k_like(ev, t->arrays[0], d);
	else if (korder && t->narrays > 0)
		r = uf_new_result(ev, &backend_host, d, ndim, shape, t->arrays, t->narrays);
	else
		r = nd_new(ev, &backend_host, d, ndim, shape);
	if (!r)
		return NULL;
	*owned = 1;
	if (root->dtype == d) {
		if (uf_host_elementwise(ev, t, r) < 0)
			goto fail;
	} else {
		struct ew_tree *t2 = malloc(sizeof *t2);
		if (!t2) {
			err_nomem(ev);
			goto fail;
		}
		*t2 = *t;
		t2->nodes[t2->nnodes].kind = EW_CAST;
		t2->nodes[t2->nnodes].dtype = d;
		t2->nodes[t2->nnodes].nargs = 1;
		t2->nodes[t2->nnodes].args[0] = t2->nnodes - 1;
		t2->nnodes++;
		int rc = uf_host_elementwise(ev, t2, r);
		free(t2);
		if (rc < 0)
			goto fail;
	}
	return r;
fail:
	nd_decref(r);
	return NULL;
}

/*
 * argmin/argmax of one row of n items `st` bytes apart: the first index of
 * the extreme value, or of the first NaN (NumPy's rule).  Two passes: the
 * extreme (vectorised for contiguous float rows), then the first index that
 * holds it -- the same index as a scan that keeps the first strict winner.
 */
#define ARG_BLOCK 2048
/* contiguous rows: the extreme of each block of ARG_BLOCK, and only the
 * block that first holds the final extreme is searched again */
#define ARG_ROW_INT(name, T)                                                   \
static int64_t name(const char *p, int64_t n, int64_t st, int mx)              \
{                                                                              \
	T m = *(const T *)p;                                                   \
	int64_t i;                                                             \
	if (st == sizeof(T)) {                                                 \
		const T *x = (const T *)p;                                     \
		int64_t bb = 0;                                                \
		for (int64_t b = 0; b < n; b += ARG_BLOCK) {                   \
			int64_t e = n - b < ARG_BLOCK ? n - b : ARG_BLOCK;      \
			T bm = minmax_##T(x + b, e, mx, x[b]);                  \
			if (mx ? bm > m : bm < m) {                            \
				m = bm;                                        \
				bb = b;                                        \
			}                                                      \
		}                                                              \
		for (i = bb; x[i] != m; i++)                                   \
			;                                                      \
		return i;                                                      \
	}                                                                      \
	for (i = 1; i < n; i++) {                                              \
		T v = *(const T *)(p + i * st);                                \
		m = mx ? (v > m ? v : m) : (v < m ? v : m);                    \
	}                                                                      \
	for (i = 0; *(const T *)(p + i * st) != m; i++)                        \
		;                                                              \
	return i;                                                              \
}
ARG_ROW_INT(arg_i8, int8_t)
ARG_ROW_INT(arg_i16, int16_t)
ARG_ROW_INT(arg_i32, int32_t)
ARG_ROW_INT(arg_i64, int64_t)
ARG_ROW_INT(arg_u8, uint8_t)
ARG_ROW_INT(arg_u16, uint16_t)
ARG_ROW_INT(arg_u32, uint32_t)
ARG_ROW_INT(arg_u64, uint64_t)

/* the first index i >= from of a contiguous row x[0..n) with x[i] == m (m
 * is there: the row's extreme), two vectors compared per step */
#ifdef __SSE2__
static int64_t find_eq_f32(const float *x, int64_t from, int64_t n, float m)
{
	int64_t i = from;
	__m128 vm = _mm_set1_ps(m);
	for (; i + 8 <= n; i += 8) {
		int k = _mm_movemask_ps(_mm_cmpeq_ps(_mm_loadu_ps(x + i), vm)) |
			_mm_movemask_ps(_mm_cmpeq_ps(_mm_loadu_ps(x + i + 4), vm)) << 4;
		if (k)
			return i + __builtin_ctz((unsigned)k);
	}
	for (; i < n && x[i] != m; i++)
		;
	return i;
}
static int64_t find_eq_f64(const double *x, int64_t from, int64_t n, double m)
{
	int64_t i = from;
	__m128d vm = _mm_set1_pd(m);
	for (; i + 4 <= n; i += 4) {
		int k = _mm_movemask_pd(_mm_cmpeq_pd(_mm_loadu_pd(x + i), vm)) |
			_mm_movemask_pd(_mm_cmpeq_pd(_mm_loadu_pd(x + i + 2), vm)) << 2;
		if (k)
			return i + __builtin_ctz((unsigned)k);
	}
	for (; i < n && x[i] != m; i++)
		;
	return i;
}
#define FIND_EQ(T, x, from, n, m) (sizeof(T) == 4 ? find_eq_f32((const float *)(x), from, n, (float)(m)) \
						   : find_eq_f64((const double *)(x), from, n, (double)(m)))
#else
#define FIND_EQ(T, x, from, n, m) ((int64_t)-1)
#endif

#define ARG_ROW_FLT(name, T)                                                   \
static int64_t name(const char *p, int64_t n, int64_t st, int mx)              \
{                                                                              \
	T m = *(const T *)p;                                                   \
	int nan = m != m;                                                      \
	int64_t i = 0, from = 0;                                               \
	if (st == sizeof(T)) {                                                 \
		for (int64_t b = 0; b < n && !nan; b += ARG_BLOCK) {           \
			int64_t e = n - b < ARG_BLOCK ? n - b : ARG_BLOCK, k;   \
			const T *x = (const T *)p + b;                         \
			T bm = x[0];                                           \
			k = MINMAX_VEC(T, x, e, mx, &bm, &nan);                \
			for (; k < e; k++) {                                   \
				nan |= x[k] != x[k];                           \
				bm = mx ? (x[k] > bm ? x[k] : bm) : (x[k] < bm ? x[k] : bm); \
			}                                                      \
			if (nan || (mx ? bm > m : bm < m)) {                   \
				m = bm;                                        \
				from = b;                                      \
			}                                                      \
		}                                                              \
	} else {                                                               \
		for (i = 1; i < n && !nan; i++) {                              \
			T v = *(const T *)(p + i * st);                        \
			nan |= v != v;                                         \
			m = mx ? (v > m ? v : m) : (v < m ? v : m);            \
		}                                                              \
	}                                                                      \
	if (nan) {                                                             \
		for (i = from; *(const T *)(p + i * st) == *(const T *)(p + i * st); i++) \
			;                                                      \
		return i;                                                      \
	}                                                                      \
	if (st == sizeof(T) && (i = FIND_EQ(T, p, from, n, m)) >= 0)           \
		return i;                                                      \
	for (i = from; *(const T *)(p + i * st) != m; i++)                     \
		;                                                              \
	return i;                                                              \
}
ARG_ROW_FLT(arg_f32, float)
ARG_ROW_FLT(arg_f64, double)

typedef int64_t (*arg_rowfn)(const char *p, int64_t n, int64_t st, int mx);

static arg_rowfn arg_row_of(int d)
{
	switch (d) {
	case DT_BOOL: case DT_UINT8: return arg_u8;
	case DT_INT8: return arg_i8;
	case DT_INT16: return arg_i16;
	case DT_INT32: return arg_i32;
	case DT_INT64: return arg_i64;
	case DT_UINT16: return arg_u16;
	case DT_UINT32: return arg_u32;
	case DT_UINT64: return arg_u64;
	case DT_FLOAT32: return arg_f32;
	case DT_FLOAT64: return arg_f64;
	default: return NULL;
	}
}

/*
 * argmin/argmax down the columns: m lanes side by side (contiguous), n rows
 * `st` bytes apart; the running winner of each lane in bv/bi.  Same rule as
 * a row scan: the first strict winner, and a NaN wins once and stays.
 */
#define ARG_LANES(name, T, FLT)                                                \
static void name(const char *p, int64_t n, int64_t st, int64_t m, int mx,      \
		 char *bvp, int64_t *bi)                                       \
{                                                                              \
	T *bv = (T *)bvp;                                                      \
	memcpy(bv, p, sizeof(T) * (size_t)m);                                  \
	memset(bi, 0, sizeof(int64_t) * (size_t)m);                            \
	for (int64_t i = 1; i < n; i++) {                                      \
		const T *x = (const T *)(p + i * st);                          \
		if (mx)                                                        \
			for (int64_t j = 0; j < m; j++) {                      \
				int w = FLT ? (bv[j] == bv[j] && (x[j] > bv[j] || x[j] != x[j])) \
					    : x[j] > bv[j];                    \
				bv[j] = w ? x[j] : bv[j];                      \
				bi[j] = w ? i : bi[j];                         \
			}                                                      \
		else                                                           \
			for (int64_t j = 0; j < m; j++) {                      \
				int w = FLT ? (bv[j] == bv[j] && (x[j] < bv[j] || x[j] != x[j])) \
					    : x[j] < bv[j];                    \
				bv[j] = w ? x[j] : bv[j];                      \
				bi[j] = w ? i : bi[j];                         \
			}                                                      \
	}                                                                      \
}
ARG_LANES(lanes_i8, int8_t, 0)
ARG_LANES(lanes_i16, int16_t, 0)
ARG_LANES(lanes_i32, int32_t, 0)
ARG_LANES(lanes_i64, int64_t, 0)
ARG_LANES(lanes_u8, uint8_t, 0)
ARG_LANES(lanes_u16, uint16_t, 0)
ARG_LANES(lanes_u32, uint32_t, 0)
ARG_LANES(lanes_u64, uint64_t, 0)
ARG_LANES(lanes_f32, float, 1)
ARG_LANES(lanes_f64, double, 1)

typedef void (*arg_lanefn)(const char *p, int64_t n, int64_t st, int64_t m, int mx, char *bv, int64_t *bi);

static arg_lanefn arg_lanes_of(int d)
{
	switch (d) {
	case DT_BOOL: case DT_UINT8: return lanes_u8;
	case DT_INT8: return lanes_i8;
	case DT_INT16: return lanes_i16;
	case DT_INT32: return lanes_i32;
	case DT_INT64: return lanes_i64;
	case DT_UINT16: return lanes_u16;
	case DT_UINT32: return lanes_u32;
	case DT_UINT64: return lanes_u64;
	case DT_FLOAT32: return lanes_f32;
	case DT_FLOAT64: return lanes_f64;
	default: return NULL;
	}
}

/* argmin/argmax of a row of any dtype (complex: lexicographic), scalar loads */
static int64_t arg_row_generic(int dt, const char *p, int64_t len, int64_t st, int mx)
{
	int64_t best = 0;
	struct npscalar bv, x;
	arr_scalar_load(dt, p, &bv);
	int bnan = 0;
	if (dt_is_float(dt)) bnan = isnan(bv.v.f);
	if (dt_is_complex(dt)) bnan = isnan(creal(bv.v.c)) || isnan(cimag(bv.v.c));
	for (int64_t i = 1; i < len && !bnan; i++) {
		int better = 0;
		arr_scalar_load(dt, p + i * st, &x);
		switch (dtype_table[dt].kind) {
		case DK_BOOL: better = mx ? x.v.b > bv.v.b : x.v.b < bv.v.b; break;
		case DK_INT: better = mx ? x.v.i > bv.v.i : x.v.i < bv.v.i; break;
		case DK_UINT: better = mx ? x.v.u > bv.v.u : x.v.u < bv.v.u; break;
		case DK_FLOAT:
			if (isnan(x.v.f)) { better = 1; bnan = 1; }
			else better = mx ? x.v.f > bv.v.f : x.v.f < bv.v.f;
			break;
		default: {
			double xr = creal(x.v.c), xi = cimag(x.v.c), br = creal(bv.v.c), bi = cimag(bv.v.c);
			if (isnan(xr) || isnan(xi)) { better = 1; bnan = 1; }
			else if (mx) better = xr > br || (xr == br && xi > bi);
			else better = xr < br || (xr == br && xi < bi);
		}
		}
		if (better) {
			best = i;
			bv = x;
		}
	}
	return best;
}

/*
 * argmin/argmax over the masked axes.  One reduced axis is read in place: a
 * row scan per kept position, or, when the last kept axis is contiguous,
 * lanes down the columns.  Several reduced axes (flattened in C order) are
 * moved last in a contiguous copy first.
 */
static int arg_reduce(struct eval *ev, const struct ndarray *a, int mx, uint64_t axes,
		      struct ndarray *out)
{
	int perm[ND_MAXDIM], kept[ND_MAXDIM], k = 0, nk = 0, isz = dt_size(a->dtype);
	int64_t rows = 1, len = 1, rst;
	struct ndarray *c = NULL;
	const struct ndarray *src = a;
	arg_rowfn rowfn = arg_row_of(a->dtype);
	for (int i = 0; i < a->ndim; i++)
		if (!(axes >> i & 1)) {
			perm[k++] = kept[nk++] = i;
			rows *= a->shape[i];
		}
	for (int i = 0; i < a->ndim; i++)
		if (axes >> i & 1) {
			perm[k++] = i;
			len *= a->shape[i];
		}
	if (rows == 0)
		return 0;
	/* the reduced axes as one strided row: each (of size > 1) steps over
	 * the whole of the next one (axis=None of a C-contiguous array) */
	int prev = -1, merged = 1;
	rst = isz;
	for (int i = 0; i < a->ndim; i++)
		if ((axes >> i & 1) && a->shape[i] != 1) {
			if (prev >= 0 && a->strides[prev] != a->strides[i] * a->shape[i])
				merged = 0;
			prev = i;
			rst = a->strides[i];
		}
	if (!merged) {
		struct ndarray *tr = arr_transpose(ev, a, perm);
		c = tr ? arr_contiguous(ev, tr) : NULL;
		nd_decref(tr);
		if (!c)
			return -1;
		src = c;
		rst = isz;
	}
	/* lanes: the last kept axis is contiguous and the row is not */
	arg_lanefn lanefn = arg_lanes_of(a->dtype);
	if (!c && lanefn && nk > 0 && rst != isz && src->strides[kept[nk - 1]] == isz &&
	    src->shape[kept[nk - 1]] > 1 && len > 1) {
		int64_t m = src->shape[kept[nk - 1]], outer = rows / m;
		/* the indices first: m values of any size after them stay aligned */
		int64_t *bi = malloc((size_t)m * (isz + sizeof(int64_t)));
		if (!bi)
			return err_nomem(ev), -1;
		char *bv = (char *)(bi + m);
		for (int64_t o = 0; o < outer; o++) {
			const char *p = nd_data(src);
			int64_t off = out->offset, rr = o;
			for (int j = nk - 2; j >= 0; j--) {
				int ax = kept[j];
				int64_t ix = rr % a->shape[ax];
				rr /= a->shape[ax];
				p += ix * src->strides[ax];
				off += ix * out->strides[ax];
			}
			lanefn(p, len, rst, m, mx, bv, bi);
			int64_t ost = out->strides[kept[nk - 1]];
			for (int64_t j = 0; j < m; j++)
				*(int64_t *)((char *)out->buf->data + off + j * ost) = bi[j];
		}
		free(bi);
		return 0;
	}
	for (int64_t r = 0; r < rows; r++) {
		const char *p = nd_data(src);
		int64_t off = out->offset, rr = r, best;
		for (int j = nk - 1; j >= 0; j--) {
			int ax = kept[j];
			int64_t ix = rr % a->shape[ax];
			rr /= a->shape[ax];
			off += ix * out->strides[ax];
			if (!c)
				p += ix * src->strides[ax];
		}
		if (c)
			p += r * len * isz;
		best = rowfn ? rowfn(p, len, rst, mx) : arg_row_generic(src->dtype, p, len, rst, mx);
		*(int64_t *)((char *)out->buf->data + off) = best;
	}
	nd_decref(c);
	return 0;
}

#define RED_BUFSIZE 8192

static int buffered_sum(struct eval *ev, enum red_op op, int d, int nd, const int64_t *sh,
			const int64_t *sa, const char *pa0, char *acc)
{
	int isz = dt_size(d);
	char *buf = malloc((size_t)RED_BUFSIZE * isz);
	int64_t idx[ND_MAXDIM] = {0}, total = 1, fill = 0;
	if (!buf)
		return err_nomem(ev), -1;
	for (int k = 0; k < nd; k++)
		total *= sh[k];
	for (int64_t e = 0; e < total; e++) {
		const char *p = pa0;
		for (int k = 0; k < nd; k++)
			p += idx[k] * sa[k];
		memcpy(buf + fill * isz, p, isz);
		if (++fill == RED_BUFSIZE) {
			fold_fast(op, d, buf, isz, fill, acc);
			fill = 0;
		}
		for (int k = nd - 1; k >= 0; k--) {
			if (++idx[k] < sh[k])
				break;
			idx[k] = 0;
		}
	}
	if (fill)
		fold_fast(op, d, buf, isz, fill, acc);
	free(buf);
	return 0;
}

/* a float sum of a row in NumPy's buffers of RED_BUFSIZE items */
static void fold_chunks(enum red_op op, int d, const char *p, int64_t st, int64_t n, char *acc)
{
	for (int64_t i = 0; i < n; i += RED_BUFSIZE)
		fold_fast(op, d, p + i * st, st, n - i < RED_BUFSIZE ? n - i : RED_BUFSIZE, acc);
}

/*
 * A float64 sum of a float32 or integer array (sum(dtype=float64), the mean
 * of ints) reads the source and casts as it goes, RED_BUFSIZE items at a
 * time, as NumPy's buffered iterator does, with no full-size cast copy.
 */
static int lazy_cast_ok(int sd)
{
	switch (sd) {
	case DT_BOOL: case DT_INT8: case DT_INT16: case DT_INT32: case DT_INT64:
	case DT_UINT8: case DT_UINT16: case DT_UINT32: case DT_FLOAT32:
		return 1;
	default:
		return 0;
	}
}

static void cast_to_f64(int sd, const char *p, int64_t st, int64_t n, double *out)
{
	switch (sd) {
#define CVT(T) {                                                               \
		if (st == sizeof(T))                                           \
			for (int64_t j = 0; j < n; j++)                        \
				out[j] = (double)((const T *)p)[j];            \
		else                                                           \
			for (int64_t j = 0; j < n; j++)                        \
				out[j] = (double)*(const T *)(p + j * st);     \
		break; }
	case DT_BOOL: case DT_UINT8: CVT(uint8_t)
	case DT_INT8: CVT(int8_t)
	case DT_INT16: CVT(int16_t)
	case DT_UINT16: CVT(uint16_t)
	case DT_INT32: CVT(int32_t)
	case DT_UINT32: CVT(uint32_t)
	case DT_INT64: CVT(int64_t)
	case DT_FLOAT32: CVT(float)
#undef CVT
	}
}

/* one inner row through the cast buffer: a folded row (po's stride 0) in
 * chunks summed pairwise, or lanes out[j] += x[j] */
static void lazy_cast_row(int sd, double *buf, char *po, int64_t so, const char *pa, int64_t sa, int64_t n)
{
	for (int64_t i = 0; i < n; i += RED_BUFSIZE) {
		int64_t k = n - i < RED_BUFSIZE ? n - i : RED_BUFSIZE;
		cast_to_f64(sd, pa + i * sa, sa, k, buf);
		if (so == 0) {
			*(double *)po += pw_double_c(buf, k);
		} else {
			char *o = po + i * so;
			for (int64_t j = 0; j < k; j++)
				*(double *)(o + j * so) += buf[j];
		}
	}
}

/* NumPy's iteration of nops operands of one shape (nditer, order 'K'):
 * size-1 axes dropped, the rest in memory order (uf_k_order), neighbours
 * that step as one merged.  sh and s[o] get the axes slowest first, at
 * least one (a single item is one axis of 1, strides 0); returns how many.
 * The order decides how float sums round, so it must be NumPy's. */
static int iter_axes(struct ndarray *const *ops, int nops, int ndim, const int64_t *shape,
		     int64_t *sh, int64_t (*s)[ND_MAXDIM])
{
	int perm[ND_MAXDIM], nd = 0;
	uf_k_order(ops, nops, ndim, shape, perm);
	for (int k = 0; k < ndim; k++) {
		int ax = perm[k], merge = nd > 0;
		if (shape[ax] == 1)
			continue;
		/* (negative strides stay: NumPy sums x[::-1] back to front) */
		for (int o = 0; o < nops && merge; o++)
			merge = s[o][nd - 1] == ops[o]->strides[ax] * shape[ax];
		if (!merge) {
			sh[nd] = 1;
			nd++;
		}
		sh[nd - 1] *= shape[ax];
		for (int o = 0; o < nops; o++)
			s[o][nd - 1] = ops[o]->strides[ax];
	}
	if (nd == 0) {
		sh[0] = 1;
		for (int o = 0; o < nops; o++)
			s[o][0] = 0;
		nd = 1;
	}
	return nd;
}

/* a full reduction: the buffer fills across rows, as NumPy's does */
static void lazy_cast_full(int sd, double *buf, int nd, const int64_t *sh, const int64_t *sa,
			   const char *pa0, char *po)
{
	int64_t idx[ND_MAXDIM] = {0}, outer = 1, fill = 0, inner = sh[nd - 1];
	for (int k = 0; k < nd - 1; k++)
		outer *= sh[k];
	for (int64_t o = 0; o < outer; o++) {
		const char *pa = pa0;
		for (int k = 0; k < nd - 1; k++)
			pa += idx[k] * sa[k];
		for (int64_t i = 0; i < inner;) {
			int64_t k = inner - i < RED_BUFSIZE - fill ? inner - i : RED_BUFSIZE - fill;
			cast_to_f64(sd, pa + i * sa[nd - 1], sa[nd - 1], k, buf + fill);
			fill += k;
			i += k;
			if (fill == RED_BUFSIZE) {
				*(double *)po += pw_double_c(buf, fill);
				fill = 0;
			}
		}
		for (int k = nd - 2; k >= 0; k--) {
			if (++idx[k] < sh[k])
				break;
			idx[k] = 0;
		}
	}
	if (fill)
		*(double *)po += pw_double_c(buf, fill);
}

static int reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			 int op, const char *ufname, struct ndarray *out);

int red_host_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op,
		    uint64_t axes, struct ndarray *out)
{
	int ndim, owned = 0, d = out->dtype, sd = -1, lc = -1;
	double *lcbuf = NULL;
	int64_t shape[ND_MAXDIM];
	struct ndarray *a, *ob = NULL;
	struct npscalar id;
	uf_loopfn acc;
	int rc = -1;

	if (t->narrays) {
		ndim = t->arrays[0]->ndim;
		memcpy(shape, t->arrays[0]->shape, sizeof(int64_t) * ndim);
	} else {
		ndim = out->ndim;
		memcpy(shape, out->shape, sizeof(int64_t) * ndim);
	}
	if (op == RED_ARGMIN || op == RED_ARGMAX) {
		int rd = t->nodes[t->nnodes - 1].dtype;
		a = materialize(ev, t, rd, ndim, shape, &owned, 0, 0);
		if (!a)
			return -1;
		rc = arg_reduce(ev, a, op == RED_ARGMAX, axes, out);
		if (owned)
			nd_decref(a);
		return rc;
	}
	{
		/* the source: one array, or one array cast to the output dtype */
		const struct ew_node *root = &t->nodes[t->nnodes - 1];
		if (t->nnodes == 2 && root->kind == EW_CAST && root->args[0] == 0)
			root = &t->nodes[0];
		if (t->nnodes <= 2 && root->kind == EW_ARRAY && src_fold_ok(op, root->dtype, d)) {
			a = t->arrays[root->leaf];
			sd = a->dtype;
		} else if (t->nnodes == 2 && root->kind == EW_ARRAY && op == RED_SUM && d == DT_FLOAT64 &&
			   lazy_cast_ok(root->dtype)) {
			a = t->arrays[root->leaf];
			lc = a->dtype;
			if (!(lcbuf = malloc(sizeof(double) * RED_BUFSIZE)))
				return err_nomem(ev), -1;
		} else {
			a = materialize(ev, t, d, ndim, shape, &owned, 1, 0);
		}
	}
	if (!a)
		return -1;
	/* a sum through a cast: NumPy's iterator casts 8192 items at a time
	 * into a buffer and sums each buffer pairwise */
	int cast_buf = sd < 0 && t->nodes[t->nnodes - 1].kind == EW_CAST;
	/* NumPy's nansum sums a copy (order 'K') with NaN replaced by 0; the
	 * copy's layout decides the order of the sum.  float32/float64 fold NaN
	 * as 0 on the fly from a source laid out as that copy would be. */
	if (op == RED_NANSUM && dt_is_inexact(d)) {
		int fly = d == DT_FLOAT32 || d == DT_FLOAT64;
		if (!owned && (!fly || !dense_positive(a))) {
			a = materialize(ev, t, d, ndim, shape, &owned, 1, 1);
			if (!a)
				return -1;
		}
		if (!fly)
			nan_to_zero(a);
	}
	identity(op, d, &id);
	if (host_fill(ev, out, &id) < 0)
		goto done;
	acc = loop_of(op_ufunc(op), d);
	if (!acc) {
		err_set(ev, TY_TypeError, "reduction '%s' not supported for dtype %s", op_ufunc(op),
			dtype_table[d].name);
		goto done;
	}
	if (nd_size(a) == 0) {
		rc = 0;
		goto done;
	}
	ob = arr_broadcast_to(ev, out, a->ndim, a->shape);
	if (!ob)
		goto done;
	{
		/* NumPy's iteration order (nditer, order 'K'): axes sorted by stride (insertion sort as
		 * npyiter_find_best_axis_ordering), then merged.  The order decides
		 * how float sums round, so it must be NumPy's. */
		int64_t sh[ND_MAXDIM], st[2][ND_MAXDIM];
		struct ndarray *ops[2] = {(struct ndarray *)a, ob};
		int nd = iter_axes(ops, 2, a->ndim, a->shape, sh, st);
		const int64_t *sa = st[0], *so = st[1];
		char *pa0 = nd_data(a), *po0 = nd_data(ob);
		int64_t idx[ND_MAXDIM] = {0}, outer = 1, inner = sh[nd - 1];
		for (int k = 0; k < nd - 1; k++)
			outer *= sh[k];
		if (lc >= 0 && so[nd - 1] == 0) {
			int all0 = 1;
			for (int k = 0; k < nd; k++)
				if (so[k])
					all0 = 0;
			if (all0) {
				lazy_cast_full(lc, lcbuf, nd, sh, sa, pa0, po0);
				rc = 0;
				goto done;
			}
		}
		if (nd > 1 && lc < 0 && !cast_buf && a->dtype == d && (op == RED_SUM || op == RED_NANSUM) &&
		    dt_is_inexact(d) && so[nd - 1] == 0 && so[nd - 2] == 0) {
			/* rows that no merging joined, feeding one output: NumPy's
			 * iterator copies as many whole rows as fit in its 8192-item
			 * buffer and sums each buffer pairwise, or sums a longer row
			 * in place, whole (the masked loop with a mask that is all
			 * true does the same) */
			struct value *tv = val_bool(1);
			struct ndarray *t1 = tv ? arr_asarray(ev, &backend_host, tv, DT_BOOL) : NULL;
			struct ndarray *mk = t1 ? arr_broadcast_to(ev, t1, a->ndim, a->shape) : NULL;
			val_decref(tv);
			nd_decref(t1);
			rc = mk ? reduce_masked(ev, a, mk, op, op_ufunc(op), out) : -1;
			nd_decref(mk);
			goto done;
		}
		if ((nd > 1 || cast_buf) && (op == RED_SUM || op == RED_NANSUM) && dt_is_inexact(d)) {
			int all0 = 1;
			for (int k = 0; k < nd; k++)
				if (so[k])
					all0 = 0;
			if (all0 && nd == 1) {
				fold_chunks(op, d, pa0, sa[0], sh[0], po0);
				rc = 0;
				goto done;
			}
			if (all0) {
				/* a full sum that no dimension merging made 1-d: NumPy
				 * buffers it, 8192 items at a time, and sums each buffer
				 * pairwise into the result */
				rc = buffered_sum(ev, op, d, nd, sh, sa, pa0, po0);
				goto done;
			}
		}
		int64_t work = 0;
		for (int64_t o = 0; o < outer; o++) {
			char *pa = pa0, *po = po0;
			for (int k = 0; k < nd - 1; k++) {
				pa += idx[k] * sa[k];
				po += idx[k] * so[k];
			}
			if (lc >= 0) {
				lazy_cast_row(lc, lcbuf, po, so[nd - 1], pa, sa[nd - 1], inner);
			} else if (sd >= 0) {
				if (so[nd - 1] == 0)
					src_fold(op, sd, pa, sa[nd - 1], inner, po);
				else
					src_lanes(op, sd, po, so[nd - 1], pa, sa[nd - 1], inner);
			} else if (so[nd - 1] == 0 && cast_buf && (op == RED_SUM || op == RED_NANSUM) &&
				   dt_is_inexact(d)) {
				fold_chunks(op, d, pa, sa[nd - 1], inner, po);
			} else if (so[nd - 1] == 0) {
				if (!fold_fast(op, d, pa, sa[nd - 1], inner, po)) {
					char *args[3] = {po, pa, po};
					int64_t steps[3] = {0, sa[nd - 1], 0};
					acc(args, steps, inner);
				}
			} else if (!lanes_fast(op, d, po, so[nd - 1], pa, sa[nd - 1], inner)) {
				char *args[3] = {po, pa, po};
				int64_t steps[3] = {so[nd - 1], sa[nd - 1], so[nd - 1]};
				acc(args, steps, inner);
			}
			work += inner;
			if (work > (1 << 22)) {
				work = 0;
				if (ev_check_interrupt(ev))
					goto done;
			}
			for (int k = nd - 2; k >= 0; k--) {
				if (++idx[k] < sh[k])
					break;
				idx[k] = 0;
			}
		}
	}
	rc = 0;
done:
	free(lcbuf);
	nd_decref(ob);
	if (owned)
		nd_decref(a);
	return rc;
}

/*
 * Typed scans: o[k] = o[k-1] op c[k] along a row (o[0] = c[0]), or the
 * same step for m lanes side by side (one row of lanes after another).
 * Sequential adds in NumPy's order, so float results keep its bits; 64-bit
 * ints wrap as unsigned (the same bits as NumPy's).
 */
#define SCAN_KERNELS(suf, T)                                                   \
static void scan_row_##suf(char *o, int64_t os, const char *c, int64_t cs, int64_t n, int prod) \
{                                                                              \
	T acc = *(const T *)c;                                                 \
	*(T *)o = acc;                                                         \
	if (prod)                                                              \
		for (int64_t k = 1; k < n; k++)                                \
			*(T *)(o + k * os) = acc = acc * *(const T *)(c + k * cs); \
	else                                                                   \
		for (int64_t k = 1; k < n; k++)                                \
			*(T *)(o + k * os) = acc = acc + *(const T *)(c + k * cs); \
}                                                                              \
static void scan_lanes_##suf(char *o, int64_t os, int64_t ol, const char *c, int64_t cs, \
			     int64_t cl, int64_t n, int64_t m, int prod)       \
{                                                                              \
	for (int64_t j = 0; j < m; j++)                                        \
		*(T *)(o + j * ol) = *(const T *)(c + j * cl);                 \
	for (int64_t k = 1; k < n; k++) {                                      \
		const char *prev = o + (k - 1) * os;                           \
		char *cur = o + k * os;                                        \
		const char *x = c + k * cs;                                    \
		if (prod)                                                      \
			for (int64_t j = 0; j < m; j++)                        \
				*(T *)(cur + j * ol) = *(const T *)(prev + j * ol) * *(const T *)(x + j * cl); \
		else                                                           \
			for (int64_t j = 0; j < m; j++)                        \
				*(T *)(cur + j * ol) = *(const T *)(prev + j * ol) + *(const T *)(x + j * cl); \
	}                                                                      \
}
SCAN_KERNELS(f32, float)
SCAN_KERNELS(f64, double)
SCAN_KERNELS(u64, uint64_t)
SCAN_KERNELS(u32, uint32_t)

/* the typed scan of dtype d, or 0 (ints of 64/32 bits scan as unsigned) */
static int scan_kernels(int d, void (**row)(char *, int64_t, const char *, int64_t, int64_t, int),
			void (**lanes)(char *, int64_t, int64_t, const char *, int64_t, int64_t, int64_t, int64_t, int))
{
	switch (d) {
	case DT_FLOAT32: *row = scan_row_f32; *lanes = scan_lanes_f32; return 1;
	case DT_FLOAT64: *row = scan_row_f64; *lanes = scan_lanes_f64; return 1;
	case DT_INT64: case DT_UINT64: *row = scan_row_u64; *lanes = scan_lanes_u64; return 1;
	case DT_INT32: case DT_UINT32: *row = scan_row_u32; *lanes = scan_lanes_u32; return 1;
	default: return 0;
	}
}

/* a complex multiply loop as NumPy's accumulate runs it: its output
 * overlaps its input, so NumPy's scalar loop, products not fused (the
 * multiply ufunc loop fuses, as NumPy's SIMD loop does) */
#define CMUL_PLAIN(name, R)                                                    \
static void name(char **args, const int64_t *steps, int64_t n)                 \
{                                                                              \
	for (int64_t i = 0; i < n; i++) {                                      \
		const R *a = (const R *)(args[0] + i * steps[0]);              \
		const R *b = (const R *)(args[1] + i * steps[1]);              \
		R *o = (R *)(args[2] + i * steps[2]);                          \
		R re = a[0] * b[0] - a[1] * b[1], im = a[0] * b[1] + a[1] * b[0]; \
		o[0] = re;                                                     \
		o[1] = im;                                                     \
	}                                                                      \
}
CMUL_PLAIN(cmul_plain_F, float)
CMUL_PLAIN(cmul_plain_D, double)

/* cumsum / cumprod along axis: out[..., k, ...] = out[..., k-1, ...] op a[..., k, ...] */
static int scan_core(struct eval *ev, const struct ndarray *a, int axis, int prod,
		     struct ndarray *out)
{
	struct ndarray *c = a->dtype == out->dtype ? nd_incref((struct ndarray *)a)
						  : arr_astype(ev, a, out->dtype);
	uf_loopfn fn = prod && out->dtype == DT_COMPLEX64 ? cmul_plain_F :
		       prod && out->dtype == DT_COMPLEX128 ? cmul_plain_D :
		       loop_of(prod ? "multiply" : "add", out->dtype);
	int64_t len = a->shape[axis];
	int rc = 0;
	if (!c)
		return -1;
	if (!fn) {
		nd_decref(c);
		return err_set(ev, TY_TypeError, "cumulative op not supported for %s", dtype_table[out->dtype].name), -1;
	}
	if (nd_size(a) == 0) {
		nd_decref(c);
		return 0;
	}
	void (*rowk)(char *, int64_t, const char *, int64_t, int64_t, int);
	void (*lanek)(char *, int64_t, int64_t, const char *, int64_t, int64_t, int64_t, int64_t, int);
	if (scan_kernels(out->dtype, &rowk, &lanek)) {
		/* lanes: the other dimension with the smallest output stride, when
		 * it is smaller than the axis's (rows of lanes, walked in order) */
		int lane = -1, isz = dt_size(out->dtype);
		for (int i = 0; i < a->ndim; i++)
			if (i != axis && a->shape[i] > 1 &&
			    llabs(out->strides[i]) < llabs(out->strides[axis]) &&
			    (lane < 0 || llabs(out->strides[i]) < llabs(out->strides[lane])))
				lane = i;
		if (lane >= 0 && llabs(out->strides[lane]) != isz)
			lane = -1;
		int64_t sh[ND_MAXDIM], so[ND_MAXDIM], sc[ND_MAXDIM], n = 1, idx[ND_MAXDIM] = {0};
		int nd = 0;
		for (int i = 0; i < a->ndim; i++)
			if (i != axis && i != lane) {
				sh[nd] = a->shape[i];
				so[nd] = out->strides[i];
				sc[nd] = c->strides[i];
				n *= sh[nd++];
			}
		for (int64_t e = 0; e < n; e++) {
			char *po = nd_data(out), *pc = nd_data(c);
			for (int i = 0; i < nd; i++) {
				po += idx[i] * so[i];
				pc += idx[i] * sc[i];
			}
			if (lane >= 0)
				lanek(po, out->strides[axis], out->strides[lane], pc, c->strides[axis],
				      c->strides[lane], len, a->shape[lane], prod);
			else
				rowk(po, out->strides[axis], pc, c->strides[axis], len, prod);
			for (int i = nd - 1; i >= 0; i--) {
				if (++idx[i] < sh[i])
					break;
				idx[i] = 0;
			}
		}
		nd_decref(c);
		return 0;
	}
	{
		/* slices along the axis: k = 0 copies, then out_k = out_{k-1} op c_k */
		int64_t sh[ND_MAXDIM], so[ND_MAXDIM], sc[ND_MAXDIM];
		int nd = 0;
		for (int i = 0; i < a->ndim; i++)
			if (i != axis) {
				sh[nd] = a->shape[i];
				so[nd] = out->strides[i];
				sc[nd] = c->strides[i];
				nd++;
			}
		int64_t n = 1;
		for (int i = 0; i < nd; i++)
			n *= sh[i];
		int64_t idx[ND_MAXDIM] = {0};
		int isz = dt_size(out->dtype);
		for (int64_t e = 0; e < n; e++) {
			char *po = nd_data(out), *pc = nd_data(c);
			for (int i = 0; i < nd; i++) {
				po += idx[i] * so[i];
				pc += idx[i] * sc[i];
			}
			memcpy(po, pc, isz);
			{
				char *args[3] = {po, pc + c->strides[axis], po + out->strides[axis]};
				int64_t steps[3] = {out->strides[axis], c->strides[axis], out->strides[axis]};
				/* sequential: each step reads the previous output */
				for (int64_t k = 1; k < len; k++) {
					fn(args, steps, 1);
					args[0] += steps[0];
					args[1] += steps[1];
					args[2] += steps[2];
				}
			}
			for (int i = nd - 1; i >= 0; i--) {
				if (++idx[i] < sh[i])
					break;
				idx[i] = 0;
			}
		}
	}
	nd_decref(c);
	return rc;
}

/* The scan, with the floating-point errors it raised reported as NumPy's
 * accumulate does ("overflow encountered in accumulate"). */
int red_host_scan(struct eval *ev, const struct ndarray *a, int axis, int prod,
		  struct ndarray *out)
{
	const int reported = FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID;
	int flags, rc, fl = dt_is_inexact(out->dtype);
	if (fl && (flags = fetestexcept(reported)))
		feclearexcept(flags);
	rc = scan_core(ev, a, axis, prod, out);
	if (rc == 0 && fl && (flags = fetestexcept(reported)))
		rc = fpe_report(ev, "accumulate", flags);
	return rc;
}

/*
 * Masked reductions (where=): out (keepdims shape, dtype d, already holding
 * the identity or initial=) = op over the items of a whose mask item is
 * true.  NumPy's masked loop calls the inner loop once per run of
 * consecutive true mask items, so a float sum adds each run's pairwise sum
 * in turn; the runs are cut from the iterator's inner loops, which are:
 * with the reduced inner row and the rows outside it that feed the same
 * output, floor(8192 / row) whole rows copied into one buffer when a row
 * holds at most 8192 items, else one row at a time (8192 items at a time
 * through a cast).  The axes are sorted and merged over a, out and mask as
 * NumPy's nditer does.  mask is a's shape (strides 0 where broadcast);
 * a's dtype may differ from d (cast item by item, as NumPy's buffer).
 */
#define MASK_BUF 8192

static void cvt_items(int sd, int d, const char *p, int64_t st, int64_t n, char *dst)
{
	int isz = dt_size(d);
	struct npscalar s, c;
	for (int64_t i = 0; i < n; i++) {
		if (sd == d) {
			memcpy(dst + i * isz, p + i * st, isz);
			continue;
		}
		arr_scalar_load(sd, p + i * st, &s);
		arr_scalar_cast(&s, d, &c);
		arr_scalar_store(d, dst + i * isz, &c);
	}
}

/* op folded into *po over each run of true items of m (n items); op < 0:
 * the ufunc loop acc only */
static void fold_runs(int op, int d, uf_loopfn acc, const char *p, int64_t st,
		      const char *m, int64_t ms, int64_t n, char *po)
{
	int64_t i = 0;
	while (i < n) {
		int64_t j;
		while (i < n && !m[i * ms])
			i++;
		for (j = i; j < n && m[j * ms]; j++)
			;
		if (j > i && (op < 0 || !fold_fast((enum red_op)op, d, p + i * st, st, j - i, po))) {
			char *args[3] = {po, (char *)p + i * st, po};
			int64_t steps[3] = {0, st, 0};
			acc(args, steps, j - i);
		}
		i = j;
	}
}

static int reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			 int op, const char *ufname, struct ndarray *out)
{
	int d = out->dtype, isz = dt_size(d), cast = a->dtype != d, nd;
	int64_t sh[ND_MAXDIM], s[3][ND_MAXDIM];
	struct ndarray *ob;
	uf_loopfn acc = loop_of(ufname, d);
	char *pbuf = NULL, *pm = NULL, *rowbuf = NULL;
	int rc = -1;
	if (!acc) {
		err_set(ev, TY_TypeError, "reduction '%s' not supported for dtype %s", ufname,
			dtype_table[d].name);
		return -1;
	}
	if (nd_size(a) == 0)
		return 0;
	if (!(ob = arr_broadcast_to(ev, out, a->ndim, a->shape)))
		return -1;
	{
		struct ndarray *ops[3] = {(struct ndarray *)a, ob, (struct ndarray *)mask};
		nd = iter_axes(ops, 3, a->ndim, a->shape, sh, s);
	}
	{
		int64_t idx[ND_MAXDIM] = {0}, outer = 1, L = sh[nd - 1], k = L <= MASK_BUF ? MASK_BUF / L : 0;
		int64_t pn = 0, prows = 0, work = 0;
		int fold = s[1][nd - 1] == 0;
		char *ppo = NULL;
		for (int q = 0; q < nd - 1; q++)
			outer *= sh[q];
		if (fold && (k > 0 || cast)) {
			int64_t cap = k > 0 ? k * L : MASK_BUF;
			pbuf = malloc((size_t)cap * isz);
			pm = malloc((size_t)cap);
			if (!pbuf || !pm) {
				err_nomem(ev);
				goto done;
			}
		}
		if (!fold && cast && !(rowbuf = malloc((size_t)L * isz))) {
			err_nomem(ev);
			goto done;
		}
		for (int64_t o = 0; o < outer; o++) {
			const char *pa = nd_data(a), *pmk = nd_data(mask);
			char *po = nd_data(ob);
			for (int q = 0; q < nd - 1; q++) {
				pa += idx[q] * s[0][q];
				po += idx[q] * s[1][q];
				pmk += idx[q] * s[2][q];
			}
			if (!fold) {
				/* lanes: out[j] op= x[j] over each run */
				const char *px = pa;
				int64_t xs = s[0][nd - 1], i = 0, ms = s[2][nd - 1];
				if (cast) {
					cvt_items(a->dtype, d, pa, xs, L, rowbuf);
					px = rowbuf;
					xs = isz;
				}
				while (i < L) {
					int64_t j;
					while (i < L && !pmk[i * ms])
						i++;
					for (j = i; j < L && pmk[j * ms]; j++)
						;
					if (j > i) {
						char *args[3] = {po + i * s[1][nd - 1], (char *)px + i * xs, po + i * s[1][nd - 1]};
						int64_t steps[3] = {s[1][nd - 1], xs, s[1][nd - 1]};
						acc(args, steps, j - i);
					}
					i = j;
				}
			} else if (!pbuf) {
				/* one row, in place */
				fold_runs(op, d, acc, pa, s[0][nd - 1], pmk, s[2][nd - 1], L, po);
			} else if (k > 0) {
				/* whole rows into the buffer; it is folded when full or
				 * when the output moves on */
				if (pn && (po != ppo || prows == k)) {
					fold_runs(op, d, acc, pbuf, isz, pm, 1, pn, ppo);
					pn = prows = 0;
				}
				ppo = po;
				cvt_items(a->dtype, d, pa, s[0][nd - 1], L, pbuf + pn * isz);
				for (int64_t j = 0; j < L; j++)
					pm[pn + j] = pmk[j * s[2][nd - 1]] != 0;
				pn += L;
				prows++;
			} else {
				/* a long row through the cast buffer, MASK_BUF at a time */
				for (int64_t i = 0; i < L; i += MASK_BUF) {
					int64_t c = L - i < MASK_BUF ? L - i : MASK_BUF;
					cvt_items(a->dtype, d, pa + i * s[0][nd - 1], s[0][nd - 1], c, pbuf);
					for (int64_t j = 0; j < c; j++)
						pm[j] = pmk[(i + j) * s[2][nd - 1]] != 0;
					fold_runs(op, d, acc, pbuf, isz, pm, 1, c, po);
				}
			}
			work += L;
			if (work > (1 << 22)) {
				work = 0;
				if (ev_check_interrupt(ev))
					goto done;
			}
			for (int q = nd - 2; q >= 0; q--) {
				if (++idx[q] < sh[q])
					break;
				idx[q] = 0;
			}
		}
		if (pn)
			fold_runs(op, d, acc, pbuf, isz, pm, 1, pn, ppo);
	}
	rc = 0;
done:
	free(pbuf);
	free(pm);
	free(rowbuf);
	nd_decref(ob);
	return rc;
}

/* struct backend's reduce_masked: by op, or through the ufunc ufname's
 * loop of out's dtype (ufunc.reduce) */
int red_host_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			   enum red_op op, const char *ufname, struct ndarray *out)
{
	if (ufname)
		return reduce_masked(ev, a, mask, -1, ufname, out);
	return reduce_masked(ev, a, mask, op, op_ufunc(op), out);
}
