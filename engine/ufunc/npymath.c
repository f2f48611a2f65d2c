/*
 * npymath.c — float32 sin, cos, exp and log computed exactly as NumPy's
 * SIMD loops compute them on x86 with AVX2/FMA3 (Cody-Waite reduction and
 * the same minimax polynomials, fused multiply-adds), so `np.sin(x)` of a
 * float32 array prints NumPy's digits rather than glibc's.
 *
 * Pure functions; owns nothing.  The loops in uloops.c call them.
 */
#pragma GCC optimize ("O3", "no-trapping-math", "no-math-errno")
#include <fenv.h>
#include <math.h>
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "ufunc/uf_helpers.h"

static inline float bits_f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t f_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* ---- the cores: NumPy's Cody-Waite reductions and minimax polynomials
 * (fused multiply-adds), branch-free so that the compiler vectorises them;
 * an argument they do not answer (NaN, out of range) is replaced by one
 * they do, and its lane answered by the scalar function or the fix-up. ---- */

#define NPM_INLINE static inline __attribute__((always_inline))

NPM_INLINE float core_sincos(float x, int cosine)
{
	float q, r, r2, c, s, res;
	int iq;
	x = (fabsf(x) <= (cosine ? 71476.0625f : 117435.992f)) ? x : 0.0f;
	q = fmaf(x, 0x1.45f306p-1f, 0x1.800000p+23f); /* NumPy's build contracts mul+add */
	q = q - 0x1.800000p+23f;
	r = fmaf(q, -0x1.921fb0p+00f, x);
	r = fmaf(q, -0x1.5110b4p-22f, r);
	r = fmaf(q, -0x1.846988p-48f, r);
	r2 = r * r;
	c = fmaf(0x1.98e616p-16f, r2, -0x1.6c06dcp-10f);
	c = fmaf(c, r2, 0x1.55553cp-05f);
	c = fmaf(c, r2, -0x1.000000p-01f);
	c = fmaf(c, r2, 0x1.000000p+00f);
	s = fmaf(0x1.7d3bbcp-19f, r2, -0x1.a06bbap-13f);
	s = fmaf(s, r2, 0x1.11119ap-07f);
	s = fmaf(s, r2, -0x1.555556p-03f);
	s = fmaf(s, r2, 0.0f);
	s = fmaf(s, r, r);
	iq = (int)q + cosine;
	res = (iq & 1) == 0 ? s : c;
	return (iq & 2) == 2 ? 0.0f - res : res;
}

NPM_INLINE float core_sin(float x) { return core_sincos(x, 0); }
NPM_INLINE float core_cos(float x) { return core_sincos(x, 1); }

NPM_INLINE float core_exp(float x)
{
	float q, y, num, den, poly, qm, pn;
	int diff;
	x = (x < 88.72283935546875f && x > -103.97208404541015625f) ? x : 0.0f;
	q = x * 1.442695040888963407359924681001892137f;
	q = q + 0x1.800000p+23f;
	q = q - 0x1.800000p+23f;
	y = fmaf(q, -6.93145752e-1f, x);
	y = fmaf(q, -1.42860677e-6f, y);
	y = fmaf(q, 0.0f, y);
	num = fmaf(5.082762527590693718096e-04f, y, 6.757896990527504603057e-03f);
	num = fmaf(num, y, 5.114512081637298353406e-02f);
	num = fmaf(num, y, 2.473615434895520810817e-01f);
	num = fmaf(num, y, 7.257664613233124478488e-01f);
	num = fmaf(num, y, 9.999999999980870924916e-01f);
	den = fmaf(2.159509375685829852307e-02f, y, -2.742335390411667452936e-01f);
	den = fmaf(den, y, 1.000000000000000000000e+00f);
	poly = num / den;
	qm = q <= -125.0f ? -125.0f : q;
	diff = q <= -125.0f ? (int)rintf(-(q + 125.0f)) : 0;
	pn = bits_f(f_bits(poly) + ((uint32_t)(int)qm << 23));
	return pn / (float)(1 << diff);
}

NPM_INLINE float core_log(float x)
{
	float e, m, num, den, poly;
	uint32_t b;
	int denorm;
	x = (x > 0 && x < INFINITY) ? x : 1.0f;
	denorm = x < FLT_MIN;
	x = denorm ? x * 0x1p100f : x;
	b = f_bits(x);
	e = (float)((int32_t)(b >> 23) - 0x7E);
	e = denorm ? e - 100.0f : e;
	m = bits_f((b & 0x7fffff) | (126u << 23));
	e = m <= 0.707106781186547524400844362104849039f ? e - 1.0f : e;
	m = m <= 0.707106781186547524400844362104849039f ? m + m : m;
	m = m - 1.0f;
	num = fmaf(2.589979117907922693523e-02f, m, 3.808837741388407920751e-01f);
	num = fmaf(num, m, 1.480000633576506585156e+00f);
	num = fmaf(num, m, 2.112677543073053063722e+00f);
	num = fmaf(num, m, 9.999999999999998702752e-01f);
	num = fmaf(num, m, 0.000000000000000000000e+00f);
	den = fmaf(5.875095403124574342950e-03f, m, 1.546476374983906719538e-01f);
	den = fmaf(den, m, 9.864942958519418960339e-01f);
	den = fmaf(den, m, 2.453006071784736363091e+00f);
	den = fmaf(den, m, 2.612677543073109236779e+00f);
	den = fmaf(den, m, 1.000000000000000000000e+00f);
	poly = num / den;
	return fmaf(e, 0.693147180559945309417232121458176568f, poly);
}

/* The scalar functions: NumPy's answers for NaN and arguments out of the
 * polynomials' range (sin and cos: libm's), else the core's. */

/* loops_trigonometric: simd_sincos_f32 */
static inline float np_sincosf(float x, int cosine)
{
	if (isnan(x))
		return NAN;
	if (!(fabsf(x) <= (cosine ? 71476.0625f : 117435.992f)))
		return cosine ? cosf(x) : sinf(x);
	return core_sincos(x, cosine);
}

float uf_np_sinf(float x) { return np_sincosf(x, 0); }
float uf_np_cosf(float x) { return np_sincosf(x, 1); }

/* loops_exponent_log: simd_exp_FLOAT (AVX2) */
float uf_np_expf(float x)
{
	if (isnan(x))
		return NAN;
	if (x >= 88.72283935546875f)
		return INFINITY;
	if (x <= -103.97208404541015625f)
		return 0.0f;
	return core_exp(x);
}

/* loops_exponent_log: simd_log_FLOAT (AVX2) */
float uf_np_logf(float x)
{
	if (isnan(x))
		return NAN;
	if (x < 0)
		return -NAN;
	if (x == 0)
		return -INFINITY;
	if (x == INFINITY)
		return INFINITY;
	return core_log(x);
}

/* ---- array loops: a branch-free core the compiler vectorises (AVX2+FMA
 * clone chosen at run time), then a scalar fix-up of the lanes NumPy sends
 * to libm or special-cases.  Blocks of 256 through a local copy so that
 * in-place calls (out is in) stay exact. ---- */

/* lanes the core does not answer: NaN, out of range, the special values.
 * Tested on the bits: this file's no-trapping-math lets the compiler turn
 * even islessequal into a signalling compare, and a NaN lane must raise
 * nothing. */
static int fix_sin(float x) { return (f_bits(x) & 0x7fffffffu) > f_bits(117435.992f); }
static int fix_cos(float x) { return (f_bits(x) & 0x7fffffffu) > f_bits(71476.0625f); }
static int fix_exp(float x)
{
	uint32_t u = f_bits(x);
	return u >> 31 ? (u & 0x7fffffffu) >= f_bits(103.97208404541015625f) : u >= f_bits(88.72283935546875f);
}
static int fix_log(float x) { return f_bits(x) - 1u >= 0x7f7fffffu; }

/* the floating-point flags NumPy's loop raises for such a lane (the core's
 * own flags are dropped: its masked lanes are not NumPy's arithmetic) */
static int flag_sin(float x) { return (f_bits(x) & 0x7fffffffu) == 0x7f800000u ? FE_INVALID : 0; }
static int flag_cos(float x) { return flag_sin(x); }
static int flag_exp(float x)
{
	return isinf(x) || isnan(x) ? 0 : x > 0 ? FE_OVERFLOW : FE_UNDERFLOW;
}
static int flag_log(float x) { return isnan(x) ? 0 : x == 0 ? FE_DIVBYZERO : x < 0 ? FE_INVALID : 0; }

/* exp's and log's lanes the core does not answer are all constants
 * (uf_np_expf / uf_np_logf's first returns, flag_exp / flag_log's flags):
 * chosen from the bits, so that a block with many of them (log of mixed
 * signs, exp past its range) costs no mispredicted branch per lane.  sin
 * and cos compute theirs (large arguments) through the scalar function. */
#define NPM_SELECT_exp 1
#define NPM_SELECT_log 1
#define NPM_SELECT_sin 0
#define NPM_SELECT_cos 0
/* the bits of the value and (in *fl) the flags, from x's bits u */
static uint32_t special_exp(uint32_t u, uint32_t *fl)
{
	uint32_t a = u & 0x7fffffffu, neg = -(u >> 31);
	uint32_t nan = -(uint32_t)(a > 0x7f800000u), inf = -(uint32_t)(a == 0x7f800000u);
	*fl = ~(nan | inf) & ((neg & FE_UNDERFLOW) | (~neg & FE_OVERFLOW));
	return (nan & 0x7fc00000u) | (~nan & ~neg & 0x7f800000u); /* NaN, +inf, 0.0 */
}
static uint32_t special_log(uint32_t u, uint32_t *fl)
{
	uint32_t a = u & 0x7fffffffu, neg = -(u >> 31);
	uint32_t nan = -(uint32_t)(a > 0x7f800000u), zero = -(uint32_t)(a == 0);
	*fl = ~nan & ((zero & FE_DIVBYZERO) | (~zero & neg & FE_INVALID));
	return (nan & 0x7fc00000u) | (~nan & zero & 0xff800000u)     /* NaN, -inf */
		| (~nan & ~zero & neg & 0xffc00000u) | (~nan & ~zero & ~neg & 0x7f800000u); /* -NaN, +inf */
}
static uint32_t special_sin(uint32_t u, uint32_t *fl) { *fl = (uint32_t)flag_sin(bits_f(u)); return f_bits(uf_np_sinf(bits_f(u))); }
static uint32_t special_cos(uint32_t u, uint32_t *fl) { *fl = (uint32_t)flag_cos(bits_f(u)); return f_bits(uf_np_cosf(bits_f(u))); }

#define NPM_FLAGS (FE_DIVBYZERO | FE_OVERFLOW | FE_INVALID)
/* The core loop 16 lanes wide where the CPU has AVX-512 (as NumPy's own
 * AVX512F loops run): each lane does the same fmaf's, so the same bits. */
#define NPM_512 __attribute__((target("avx512f,avx512dq,avx2,fma,prefer-vector-width=512")))
#define NPM_BLOCK 1024

/* Contiguous in and out that do not overlap run straight through the core;
 * anything else (strided, in place) through a local block copy. */
#define NPM_LOOP(name)                                                           \
__attribute__((target("avx2,fma"))) static void blk_##name##_fma(const float *restrict x, float *restrict y, int m) \
{                                                                                \
	for (int i = 0; i < m; i++)                                              \
		y[i] = core_##name(x[i]);                                        \
}                                                                                \
NPM_512 static void blk_##name##_512(const float *restrict x, float *restrict y, int m) \
{                                                                                \
	for (int i = 0; i < m; i++)                                              \
		y[i] = core_##name(x[i]);                                        \
}                                                                                \
static void blk_##name##_base(const float *restrict x, float *restrict y, int m) \
{                                                                                \
	for (int i = 0; i < m; i++)                                              \
		y[i] = core_##name(x[i]);                                        \
}                                                                                \
__attribute__((target_clones("avx512f", "avx2", "default")))                 \
static int fixup_##name(const float *x, float *y, int m)                         \
{                                                                                \
	int any = 0, fl = 0;                                                     \
	for (int i = 0; i < m; i++)                                              \
		any |= fix_##name(x[i]);                                         \
	if (!any)                                                                \
		return 0;                                                        \
	if (NPM_SELECT_##name) { /* every such lane is a constant: no branch */ \
		uint32_t lfl = 0;                                                \
		for (int i = 0; i < m; i++) {                                    \
			uint32_t sel = -(uint32_t)fix_##name(x[i]), lf;          \
			uint32_t v = special_##name(f_bits(x[i]), &lf);          \
			uint32_t yb = f_bits(y[i]);                              \
			y[i] = bits_f((v & sel) | (yb & ~sel));                  \
			lfl |= lf & sel;                                         \
		}                                                                \
		return (int)lfl;                                                 \
	}                                                                        \
	for (int i = 0; i < m; i++)                                              \
		if (fix_##name(x[i])) {                                          \
			fl |= flag_##name(x[i]);                                 \
			y[i] = uf_np_##name##f(x[i]);                            \
		}                                                                \
	return fl;                                                               \
}                                                                                \
void uf_np_loop_##name(char **args, const int64_t *steps, int64_t n)             \
{                                                                                \
	static int have = -1;                                                    \
	float xb[NPM_BLOCK], yb[NPM_BLOCK];                                      \
	const char *in = args[0];                                                \
	char *out = args[1];                                                     \
	int before = fetestexcept(NPM_FLAGS), raised = 0, now;                   \
	uintptr_t ia = (uintptr_t)in, oa = (uintptr_t)out;                       \
	int direct = steps[0] == 4 && steps[1] == 4 &&                           \
		(oa + (uintptr_t)n * 4 <= ia || ia + (uintptr_t)n * 4 <= oa);    \
	if (have < 0) {                                                          \
		__builtin_cpu_init();                                            \
		have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); \
		have += have && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq"); \
	}                                                                        \
	for (int64_t b = 0; b < n; b += NPM_BLOCK) {                             \
		int m = n - b < NPM_BLOCK ? (int)(n - b) : NPM_BLOCK;            \
		const char *ip = in + b * steps[0];                              \
		char *op = out + b * steps[1];                                   \
		const float *x = (const float *)ip;                              \
		float *y = (float *)op;                                          \
		if (!direct) {                                                   \
			for (int i = 0; i < m; i++)                              \
				xb[i] = *(const float *)(ip + i * steps[0]);     \
			x = xb;                                                  \
			y = yb;                                                  \
		}                                                                \
		if (have == 2)                                                   \
			blk_##name##_512(x, y, m);                               \
		else if (have)                                                   \
			blk_##name##_fma(x, y, m);                               \
		else                                                             \
			blk_##name##_base(x, y, m);                              \
		now = fetestexcept(NPM_FLAGS) & ~before;                         \
		if (now)                                                         \
			feclearexcept(now);                                      \
		raised |= fixup_##name(x, y, m);                                 \
		if (!direct)                                                     \
			for (int i = 0; i < m; i++)                              \
				*(float *)(op + i * steps[1]) = yb[i];           \
	}                                                                        \
	if (raised)                                                              \
		feraiseexcept(raised);                                           \
}
NPM_LOOP(sin)
NPM_LOOP(cos)
NPM_LOOP(exp)
NPM_LOOP(log)

/* spacing for float16 (NumPy's npy_half_spacing, on the half's bits):
 * always positive, the lower binade's for a negative power of two, inf
 * with an overflow at the largest half, NaN for inf and NaN */
float uf_spacing_e(float af)
{
	_Float16 x = (_Float16)af, r;
	uint16_t h, e, sig, hr;
	memcpy(&h, &x, 2);
	e = h & 0x7c00u;
	sig = h & 0x03ffu;
	if (e == 0x7c00u)
		return NAN;
	if (h == 0x7bffu) {
		feraiseexcept(FE_OVERFLOW);
		return INFINITY;
	}
	if ((h & 0x8000u) && sig == 0)
		hr = e > 0x2c00u ? e - 0x2c00u : e > 0x0400u ? 1u << ((e >> 10) - 2) : 0x0001u;
	else
		hr = e > 0x2800u ? e - 0x2800u : e > 0x0400u ? 1u << ((e >> 10) - 1) : 0x0001u;
	memcpy(&r, &hr, 2);
	return (float)r;
}

/* nextafter for float16 (NumPy's npy_half_nextafter), on the half's bits */
float uf_nextafter_e(float af, float bf)
{
	_Float16 x = (_Float16)af, y = (_Float16)bf, r;
	uint16_t hx, hy, hr;
	memcpy(&hx, &x, 2);
	memcpy(&hy, &y, 2);
	if (x != x || y != y)
		return NAN;
	if (x == y)
		return (float)y;
	if ((hx & 0x7fff) == 0) {
		hr = (hy & 0x8000) | 1;
	} else if (!(hx & 0x8000)) {
		hr = (int16_t)hx > (int16_t)hy || (hy & 0x8000) ? hx - 1 : hx + 1;
	} else {
		hr = !(hy & 0x8000) || (hx & 0x7fff) > (hy & 0x7fff) ? hx - 1 : hx + 1;
	}
	memcpy(&r, &hr, 2);
	return (float)r;
}
