/*
 * uf_helpers.h — the scalar functions behind the ufunc expressions that are
 * more than one C operator: NumPy's integer division and remainder, integer
 * power, float divmod, complex arithmetic, logaddexp, clip, ldexp / frexp,
 * float->int casts.
 *
 * Plain C99 (static inline), so the CUDA code generator can compile the same
 * definitions (define UF_DEV to __device__ and provide the complex type).
 * Owns nothing.
 */
#ifndef LUMEN_UF_HELPERS_H
#define LUMEN_UF_HELPERS_H

#include <stdint.h>
#include <math.h>
#include <complex.h>

#ifndef UF_DEV
#define UF_DEV static inline
#endif

/* NumPy's own float32 sin/cos/exp/log (AVX2/FMA3 algorithms, npymath.c);
 * host only: the CUDA side uses its own sinf/cosf/expf/logf. */
#ifndef __CUDACC__
float uf_np_sinf(float x);
float uf_np_cosf(float x);
float uf_np_expf(float x);
float uf_np_logf(float x);
/* their loops (f->f), vectorised: what uloops.c's float32 loops call */
void uf_np_loop_sin(char **args, const int64_t *steps, int64_t n);
void uf_np_loop_cos(char **args, const int64_t *steps, int64_t n);
void uf_np_loop_exp(char **args, const int64_t *steps, int64_t n);
void uf_np_loop_log(char **args, const int64_t *steps, int64_t n);
/* float16 nextafter on the half's own bits */
float uf_nextafter_e(float a, float b);
/* float16 spacing (NumPy's npy_half_spacing) */
float uf_spacing_e(float a);
#endif

/* ---- integers (NumPy: x // 0 == 0, x % 0 == 0, MIN // -1 wraps) ---- */
/* On the host the integer loops raise the C flags NumPy's loops set, so
 * that fpe.c reports "divide by zero encountered in floor_divide" (x // 0,
 * x % 0, fmod(x, 0)) and "overflow encountered in floor_divide" (MIN // -1);
 * devices report nothing, as CuPy. */
#ifndef __CUDACC__
#include <fenv.h>
#define UF_INT_DIVZERO() feraiseexcept(FE_DIVBYZERO)
#define UF_INT_OVERFLOW() feraiseexcept(FE_OVERFLOW)
#else
#define UF_INT_DIVZERO() ((void)0)
#define UF_INT_OVERFLOW() ((void)0)
#endif
#define UF_INT_HELPERS(c, T, U, SIGNED)                                        \
UF_DEV T uf_floordiv_##c(T a, T b)                                             \
{                                                                              \
	if (b == 0) { UF_INT_DIVZERO(); return 0; }                            \
	if (SIGNED && b == (T)-1) {                                            \
		if (a != 0 && (T)(0 - (U)a) == a) UF_INT_OVERFLOW();           \
		return (T)(0 - (U)a);                                          \
	}                                                                      \
	T q = a / b;                                                           \
	if (SIGNED && (a % b) != 0 && ((a < 0) != (b < 0))) q--;               \
	return q;                                                              \
}                                                                              \
UF_DEV T uf_rem_##c(T a, T b)                                                  \
{                                                                              \
	if (b == 0) { UF_INT_DIVZERO(); return 0; }                            \
	if (SIGNED && b == (T)-1) return 0;                                    \
	T r = a % b;                                                           \
	if (SIGNED && r != 0 && ((r < 0) != (b < 0))) r += b;                  \
	return r;                                                              \
}                                                                              \
UF_DEV T uf_fmodi_##c(T a, T b)                                                \
{                                                                              \
	if (b == 0) { UF_INT_DIVZERO(); return 0; }                            \
	if (SIGNED && b == (T)-1) return 0;                                    \
	return a % b;                                                          \
}                                                                              \
UF_DEV T uf_ipow_##c(T a, T b)                                                 \
{                                                                              \
	uint64_t r = 1, base = (uint64_t)(int64_t)a, e = (uint64_t)b;          \
	if (SIGNED && b < 0) return 0; /* rejected before the loop runs */     \
	while (e) {                                                            \
		if (e & 1) r *= base;                                          \
		base *= base;                                                  \
		e >>= 1;                                                       \
	}                                                                      \
	return (T)r;                                                           \
}                                                                              \
UF_DEV T uf_gcd_##c(T a, T b)                                                  \
{                                                                              \
	/* npy_gcd: Euclid in the unsigned type on |a| and |b| */              \
	U x = (U)((SIGNED && a < 0) ? (T)(0 - (U)a) : a);                      \
	U y = (U)((SIGNED && b < 0) ? (T)(0 - (U)b) : b);                      \
	while (x != 0) {                                                       \
		U t = x;                                                       \
		x = (U)(y % x);                                                \
		y = t;                                                         \
	}                                                                      \
	return (T)y;                                                           \
}                                                                              \
UF_DEV T uf_lcm_##c(T a, T b)                                                  \
{                                                                              \
	/* npy_lcm: |a / gcd * b|, wrapping as NumPy's does */                 \
	T g = uf_gcd_##c(a, b), q, r;                                          \
	if (g == 0) return 0;                                                  \
	q = (SIGNED && g == (T)-1) ? (T)(0 - (U)a) : (T)(a / g);               \
	r = (T)((U)q * (U)b);                                                  \
	return (SIGNED && r < 0) ? (T)(0 - (U)r) : r;                          \
}                                                                              \
UF_DEV uint8_t uf_popcount_##c(T a)                                            \
{                                                                              \
	/* np.bitwise_count: the bits set in |a| */                            \
	uint64_t v = (uint64_t)(U)((SIGNED && a < 0) ? (T)(0 - (U)a) : a);     \
	uint8_t n = 0;                                                         \
	for (; v; v &= v - 1) n++;                                             \
	return n;                                                              \
}                                                                              \
UF_DEV T uf_recip_##c(T a)                                                     \
{                                                                              \
	/* NumPy: (T)(1.0 / a); 1/0 = inf converts as x86 does */              \
	if (a == 1) return 1;                                                  \
	if (SIGNED && a == (T)-1) return (T)-1;                                \
	if (a == 0 && SIGNED && sizeof(T) >= 4)                                \
		return (T)((uint64_t)1 << (sizeof(T) * 8 - 1));                \
	return 0;                                                              \
}

#if defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif
UF_INT_HELPERS(b, int8_t, uint8_t, 1)
UF_INT_HELPERS(h, int16_t, uint16_t, 1)
UF_INT_HELPERS(i, int32_t, uint32_t, 1)
UF_INT_HELPERS(l, int64_t, uint64_t, 1)
UF_INT_HELPERS(B, uint8_t, uint8_t, 0)
UF_INT_HELPERS(H, uint16_t, uint16_t, 0)
UF_INT_HELPERS(I, uint32_t, uint32_t, 0)
UF_INT_HELPERS(L, uint64_t, uint64_t, 0)
#if defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC diagnostic pop
#endif

/* ---- floats: NumPy's npy_divmod, floor_divide and remainder ---- */
#define UF_FLT_HELPERS(f, T)                                                   \
UF_DEV T uf_divmod##f(T a, T b, T *modulus)                                    \
{                                                                              \
	T mod = fmod##f(a, b), div, floordiv;                                  \
	if (!b) { *modulus = mod; return a / b; }                              \
	div = (a - mod) / b;                                                   \
	if (mod) {                                                             \
		if ((b < 0) != (mod < 0)) { mod += b; div -= 1; }              \
	} else {                                                               \
		mod = copysign##f(0, b);                                       \
	}                                                                      \
	if (div) {                                                             \
		floordiv = floor##f(div);                                      \
		if (div - floordiv > (T)0.5) floordiv += 1;                    \
	} else {                                                               \
		floordiv = copysign##f(0, a / b);                              \
	}                                                                      \
	*modulus = mod;                                                        \
	return floordiv;                                                       \
}                                                                              \
UF_DEV T uf_floordiv##f(T a, T b)                                              \
{                                                                              \
	T m;                                                                   \
	if (!b) return a / b;                                                  \
	return uf_divmod##f(a, b, &m);                                         \
}                                                                              \
UF_DEV T uf_rem##f(T a, T b)                                                   \
{                                                                              \
	T m;                                                                   \
	if (!b) return fmod##f(a, b);                                          \
	uf_divmod##f(a, b, &m);                                                \
	return m;                                                              \
}                                                                              \
UF_DEV T uf_logaddexp##f(T x, T y)                                             \
{                                                                              \
	if (x == y) return x + (T)0.693147180559945309417232121458176568;      \
	T t = x - y;                                                           \
	if (t > 0) return x + log1p##f(exp##f(-t));                            \
	if (t <= 0) return y + log1p##f(exp##f(t));                            \
	return t;                                                              \
}                                                                              \
UF_DEV T uf_logaddexp2##f(T x, T y)                                            \
{                                                                              \
	const T l2e = (T)1.442695040888963407359924681001892137;               \
	if (x == y) return x + 1;                                              \
	T t = x - y;                                                           \
	if (t > 0) return x + l2e * log1p##f(exp2##f(-t));                     \
	if (t <= 0) return y + l2e * log1p##f(exp2##f(t));                     \
	return t;                                                              \
}                                                                              \
UF_DEV T uf_clip##f(T x, T lo, T hi)                                           \
{                                                                              \
	T t = x != x ? x : (x > lo ? x : lo);                                  \
	return t != t ? t : (t < hi ? t : hi);                                 \
}                                                                              \
/* NumPy's ldexp of an int64 exponent clamps it to int's range */             \
UF_DEV T uf_ldexp##f(T x, int64_t e)                                           \
{                                                                              \
	return ldexp##f(x, e > 2147483647 ? 2147483647 :                        \
			 e < -2147483647 - 1 ? -2147483647 - 1 : (int)e);        \
}                                                                              \
/* frexp's two results; an infinite or NaN x has exponent 0 */                \
UF_DEV T uf_frexp_m##f(T x)                                                    \
{                                                                              \
	int e;                                                                 \
	return frexp##f(x, &e);                                                \
}                                                                              \
UF_DEV int32_t uf_frexp_e##f(T x)                                              \
{                                                                              \
	int e = 0;                                                             \
	if (!isfinite(x)) return 0;                                            \
	frexp##f(x, &e);                                                       \
	return e;                                                              \
}                                                                              \
/* modf's two results: the fractional and the integral part */               \
UF_DEV T uf_modf_frac##f(T x)                                                  \
{                                                                              \
	T ip;                                                                  \
	return modf##f(x, &ip);                                                \
}                                                                              \
UF_DEV T uf_modf_int##f(T x)                                                   \
{                                                                              \
	T ip;                                                                  \
	modf##f(x, &ip);                                                       \
	return ip;                                                             \
}

UF_FLT_HELPERS(f, float)
UF_FLT_HELPERS(, double)

/* ---- float -> int casts as x86 NumPy does them (no C undefined behaviour) */
UF_DEV int32_t uf_cvt32(double x)
{
	return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}
UF_DEV int64_t uf_cvt64(double x)
{
	return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}
#define uf_f2i_b(x) ((int8_t)uf_cvt32(x))
#define uf_f2i_h(x) ((int16_t)uf_cvt32(x))
#define uf_f2i_i(x) ((int32_t)uf_cvt32(x))
#define uf_f2i_l(x) ((int64_t)uf_cvt64(x))
#define uf_f2i_B(x) ((uint8_t)uf_cvt32(x))
#define uf_f2i_H(x) ((uint16_t)uf_cvt32(x))
#define uf_f2i_I(x) ((uint32_t)uf_cvt64(x))
UF_DEV uint64_t uf_f2i_L(double x)
{
	if (x >= 9223372036854775808.0 && x < 18446744073709551616.0)
		return (uint64_t)(int64_t)(x - 9223372036854775808.0) ^ 0x8000000000000000ULL;
	return (uint64_t)uf_cvt64(x);
}

/* scipy.special.logit as SciPy computes it (log1p form near 1/2), in the
 * loop's own precision */
UF_DEV double uf_logit(double x)
{
	double s = 2 * x - 1;
	return (x > 0.3 && x < 0.65) ? log1p(s) - log1p(-s) : log(x / (1 - x));
}
UF_DEV float uf_logitf(float x)
{
	float s = 2 * x - 1;
	return (x > 0.3f && x < 0.65f) ? log1pf(s) - log1pf(-s) : logf(x / (1 - x));
}

/* ---- complex (NumPy's formulas, not C's Annex G ones) ---- */
#define UF_CPX_HELPERS(c, T, R, f)                                             \
UF_DEV T uf_cmk_##c(R re, R im) { T z; __real__ z = re; __imag__ z = im; return z; } \
UF_DEV T uf_cmul_##c(T a, T b)                                                 \
{                                                                              \
	R ar = __real__ a, ai = __imag__ a, br = __real__ b, bi = __imag__ b;  \
	return uf_cmk_##c(ar * br - ai * bi, ar * bi + ai * br);               \
}                                                                              \
UF_DEV T uf_cdiv_##c(T a, T b)                                                 \
{                                                                              \
	R ar = __real__ a, ai = __imag__ a, br = __real__ b, bi = __imag__ b;  \
	R abr = fabs##f(br), abi = fabs##f(bi), rat, scl;                      \
	if (abr >= abi) {                                                      \
		if (abr == 0 && abi == 0)                                      \
			return uf_cmk_##c(ar / abr, ai / abi);                 \
		rat = bi / br;                                                 \
		scl = (R)1.0 / (br + bi * rat);                                \
		return uf_cmk_##c((ar + ai * rat) * scl, (ai - ar * rat) * scl); \
	}                                                                      \
	rat = br / bi;                                                         \
	scl = (R)1.0 / (bi + br * rat);                                        \
	return uf_cmk_##c((ar * rat + ai) * scl, (ai * rat - ar) * scl);       \
}                                                                              \
UF_DEV T uf_cpow_##c(T a, T b)                                                 \
{                                                                              \
	R ar = __real__ a, ai = __imag__ a, br = __real__ b, bi = __imag__ b;  \
	if (br == 0 && bi == 0) return uf_cmk_##c(1, 0);                       \
	if (ar == 0 && ai == 0) {                                              \
		if (br > 0 && bi == 0) return uf_cmk_##c(0, 0);                \
		return uf_cmk_##c(NAN, NAN);                                   \
	}                                                                      \
	if (bi == 0 && br == (R)(int)br && br > -100 && br < 100) {            \
		int n = (int)br, mask = 1;                                     \
		T aa = uf_cmk_##c(1, 0), p = a;                                \
		if (n == 1) return a;                                          \
		if (n == 2) return uf_cmul_##c(a, a);                          \
		if (n == 3) return uf_cmul_##c(uf_cmul_##c(a, a), a);          \
		if (n < 0) n = -n;                                             \
		for (;;) {                                                     \
			if (n & mask) aa = uf_cmul_##c(aa, p);                 \
			mask <<= 1;                                            \
			if (n < mask || mask <= 0) break;                      \
			p = uf_cmul_##c(p, p);                                 \
		}                                                              \
		if (br < 0) aa = uf_cdiv_##c(uf_cmk_##c(1, 0), aa);            \
		return aa;                                                     \
	}                                                                      \
	return cpow##f(a, b);                                                  \
}                                                                              \
UF_DEV T uf_csign_##c(T a)                                                     \
{                                                                              \
	R m = cabs##f(a);                                                      \
	if (m == 0) return uf_cmk_##c(0, 0);                                   \
	if (isinf(m)) {                                                        \
		R re = __real__ a, im = __imag__ a;                            \
		if (isinf(re) && isinf(im)) return uf_cmk_##c(NAN, NAN);       \
		return uf_cmk_##c(isinf(re) ? copysign##f(1, re) : 0 * re,     \
				  isinf(im) ? copysign##f(1, im) : 0 * im);    \
	}                                                                      \
	return uf_cmk_##c(__real__ a / m, __imag__ a / m);                     \
}                                                                              \
UF_DEV T uf_cexpm1_##c(T a)                                                    \
{                                                                              \
	R x = __real__ a, y = __imag__ a, ex = exp##f(x);                      \
	return uf_cmk_##c(expm1##f(x) * cos##f(y) - 2 * sin##f(y / 2) * sin##f(y / 2), \
			  ex * sin##f(y));                                     \
}                                                                              \
UF_DEV T uf_crecip_##c(T a)                                                    \
{                                                                              \
	R ar = __real__ a, ai = __imag__ a, r, d;                              \
	if (fabs##f(ar) >= fabs##f(ai)) {                                      \
		r = ai / ar;                                                   \
		d = ar + ai * r;                                               \
		return uf_cmk_##c(1 / d, -r / d);                              \
	}                                                                      \
	r = ar / ai;                                                           \
	d = ar * r + ai;                                                       \
	return uf_cmk_##c(r / d, -1 / d);                                      \
}                                                                              \
UF_DEV T uf_crint_##c(T a) { return uf_cmk_##c(rint##f(__real__ a), rint##f(__imag__ a)); } \
UF_DEV int uf_clt_##c(T a, T b)                                                \
{                                                                              \
	return __real__ a < __real__ b || (__real__ a == __real__ b && __imag__ a < __imag__ b); \
}                                                                              \
UF_DEV int uf_cle_##c(T a, T b)                                                \
{                                                                              \
	return __real__ a < __real__ b || (__real__ a == __real__ b && __imag__ a <= __imag__ b); \
}                                                                              \
UF_DEV int uf_cnan_##c(T a) { return isnan(__real__ a) || isnan(__imag__ a); } \
UF_DEV T uf_cmax_##c(T a, T b) { return (uf_cle_##c(b, a) || uf_cnan_##c(a)) ? a : b; } \
UF_DEV T uf_cmin_##c(T a, T b) { return (uf_cle_##c(a, b) || uf_cnan_##c(a)) ? a : b; } \
UF_DEV T uf_cfmax_##c(T a, T b) { return (uf_cle_##c(b, a) || uf_cnan_##c(b)) ? a : b; } \
UF_DEV T uf_cfmin_##c(T a, T b) { return (uf_cle_##c(a, b) || uf_cnan_##c(b)) ? a : b; }

UF_CPX_HELPERS(F, float _Complex, float, f)
UF_CPX_HELPERS(D, double _Complex, double, )

#endif
