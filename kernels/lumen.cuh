/*
 * lumen.cuh — the device prelude every generated kernel includes (NVRTC,
 * embedded in the binary at build time as cuda_prelude_src).  Kept light on
 * purpose: no standard headers (NVRTC compiles it in ~20 ms).  Holds the
 * fixed-width integer names, float16 as bits with float arithmetic, a tiny
 * complex type with the C99 names the ufunc table's expressions use, and
 * vector loads.  Owns nothing; the generated source is in cuda_ew.c.
 */
#ifndef LUMEN_CUH
#define LUMEN_CUH

typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#define INT32_MIN (-2147483647 - 1)
#define INT64_MIN (-9223372036854775807LL - 1)
#define NAN __int_as_float(0x7fc00000)
#define INFINITY __int_as_float(0x7f800000)

/* float16: stored as bits, computed as float, rounded after each op */
typedef unsigned short lm_half;
static __device__ __forceinline__ float lm_h2f(lm_half h)
{
	float f;
	asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
	return f;
}
static __device__ __forceinline__ lm_half lm_f2h(float f)
{
	lm_half h;
	asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
	return h;
}
static __device__ __forceinline__ float lm_hround(float f) { return lm_h2f(lm_f2h(f)); }

/* C++ overloads make `copysign(0, x)` ambiguous (uf_helpers.h is C) */
static __device__ __forceinline__ double copysign(int a, double b) { return copysign((double)a, b); }

/* ---- complex ---- */
template <typename R> struct __align__(2 * sizeof(R)) lm_cpx {
	R re, im;
	__device__ lm_cpx() {}
	__device__ lm_cpx(R r, R i = 0) : re(r), im(i) {}
	template <typename S> __device__ lm_cpx(const lm_cpx<S> &o) : re((R)o.re), im((R)o.im) {}
};
typedef lm_cpx<float> lm_cfloat;
typedef lm_cpx<double> lm_cdouble;

#define LM_CPX_OPS(R)                                                                          \
static __device__ __forceinline__ lm_cpx<R> operator+(lm_cpx<R> a, lm_cpx<R> b) { return lm_cpx<R>(a.re + b.re, a.im + b.im); } \
static __device__ __forceinline__ lm_cpx<R> operator-(lm_cpx<R> a, lm_cpx<R> b) { return lm_cpx<R>(a.re - b.re, a.im - b.im); } \
static __device__ __forceinline__ lm_cpx<R> operator*(lm_cpx<R> a, lm_cpx<R> b) { return lm_cpx<R>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); } \
static __device__ __forceinline__ lm_cpx<R> operator/(lm_cpx<R> a, lm_cpx<R> b)                \
{                                                                                              \
	R abr = fabs(b.re), abi = fabs(b.im), rat, scl;                                        \
	if (abr >= abi) {                                                                      \
		if (abr == 0 && abi == 0) return lm_cpx<R>(a.re / abr, a.im / abi);            \
		rat = b.im / b.re; scl = (R)1.0 / (b.re + b.im * rat);                         \
		return lm_cpx<R>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);        \
	}                                                                                      \
	rat = b.re / b.im; scl = (R)1.0 / (b.im + b.re * rat);                                 \
	return lm_cpx<R>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);                \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> operator-(lm_cpx<R> a) { return lm_cpx<R>(-a.re, -a.im); } \
static __device__ __forceinline__ bool operator==(lm_cpx<R> a, lm_cpx<R> b) { return a.re == b.re && a.im == b.im; } \
static __device__ __forceinline__ bool operator!=(lm_cpx<R> a, lm_cpx<R> b) { return !(a == b); } \
static __device__ __forceinline__ lm_cpx<R> operator+(lm_cpx<R> a, double b) { return lm_cpx<R>(a.re + (R)b, a.im); } \
static __device__ __forceinline__ lm_cpx<R> operator+(double b, lm_cpx<R> a) { return lm_cpx<R>(a.re + (R)b, a.im); } \
static __device__ __forceinline__ lm_cpx<R> operator-(lm_cpx<R> a, double b) { return lm_cpx<R>(a.re - (R)b, a.im); } \
static __device__ __forceinline__ lm_cpx<R> operator-(double b, lm_cpx<R> a) { return lm_cpx<R>((R)b - a.re, -a.im); } \
static __device__ __forceinline__ lm_cpx<R> operator*(lm_cpx<R> a, double b) { return lm_cpx<R>(a.re * (R)b, a.im * (R)b); } \
static __device__ __forceinline__ lm_cpx<R> operator*(double b, lm_cpx<R> a) { return lm_cpx<R>(a.re * (R)b, a.im * (R)b); } \
static __device__ __forceinline__ lm_cpx<R> operator/(lm_cpx<R> a, double b) { return lm_cpx<R>(a.re / (R)b, a.im / (R)b); } \
static __device__ __forceinline__ lm_cpx<R> operator/(double b, lm_cpx<R> a) { return lm_cpx<R>((R)b, 0) / a; } \
static __device__ __forceinline__ bool operator==(lm_cpx<R> a, double b) { return a.re == (R)b && a.im == 0; } \
static __device__ __forceinline__ bool operator!=(lm_cpx<R> a, double b) { return !(a == b); } \
static __device__ __forceinline__ bool operator==(lm_cpx<R> a, int b) { return a.re == (R)b && a.im == 0; } \
static __device__ __forceinline__ bool operator!=(lm_cpx<R> a, int b) { return !(a == b); } \
static __device__ __forceinline__ bool operator!(lm_cpx<R> a) { return a.re == 0 && a.im == 0; } \
static __device__ __forceinline__ R lm_abs(lm_cpx<R> a) { return hypot(a.re, a.im); }       \
static __device__ __forceinline__ lm_cpx<R> lm_exp(lm_cpx<R> a)                              \
{                                                                                              \
	R e = exp(a.re);                                                                       \
	if (a.im == 0) return lm_cpx<R>(e, a.im);                                              \
	return lm_cpx<R>(e * cos(a.im), e * sin(a.im));                                        \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> lm_log(lm_cpx<R> a) { return lm_cpx<R>(log(lm_abs(a)), atan2(a.im, a.re)); } \
static __device__ __forceinline__ lm_cpx<R> lm_sqrt(lm_cpx<R> a)                             \
{                                                                                              \
	R x = a.re, y = a.im, t;                                                               \
	if (x == 0 && y == 0) return lm_cpx<R>(0, y);                                          \
	if (isinf(y)) return lm_cpx<R>(INFINITY, y);                                           \
	if (x != x) return lm_cpx<R>(x, y == y ? x : y);                                       \
	if (isinf(x)) {                                                                        \
		if (x > 0) return lm_cpx<R>(x, y != y ? y : copysign((R)0, y));                \
		return lm_cpx<R>(fabs(y - y), copysign(-x, y));                                \
	}                                                                                      \
	if (x >= 0) { t = sqrt((x + hypot(x, y)) * (R)0.5); return lm_cpx<R>(t, y / (2 * t)); } \
	t = sqrt((-x + hypot(x, y)) * (R)0.5);                                                 \
	return lm_cpx<R>(fabs(y) / (2 * t), copysign(t, y));                                   \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> lm_sinh(lm_cpx<R> a) { return lm_cpx<R>(sinh(a.re) * cos(a.im), cosh(a.re) * sin(a.im)); } \
static __device__ __forceinline__ lm_cpx<R> lm_cosh(lm_cpx<R> a) { return lm_cpx<R>(cosh(a.re) * cos(a.im), sinh(a.re) * sin(a.im)); } \
static __device__ __forceinline__ lm_cpx<R> lm_tanh(lm_cpx<R> a)                             \
{                                                                                              \
	R x = 2 * a.re, y = 2 * a.im, d;                                                       \
	if (fabs(x) > 40) return lm_cpx<R>(copysign((R)1, x), copysign((R)0, sin(y)));         \
	d = cosh(x) + cos(y);                                                                  \
	return lm_cpx<R>(sinh(x) / d, sin(y) / d);                                             \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> lm_mi(lm_cpx<R> a) { return lm_cpx<R>(a.im, -a.re); } /* -i a */ \
static __device__ __forceinline__ lm_cpx<R> lm_pi(lm_cpx<R> a) { return lm_cpx<R>(-a.im, a.re); } /* i a */ \
static __device__ __forceinline__ lm_cpx<R> lm_sin(lm_cpx<R> a) { return lm_mi(lm_sinh(lm_pi(a))); } \
static __device__ __forceinline__ lm_cpx<R> lm_cos(lm_cpx<R> a) { return lm_cosh(lm_pi(a)); }   \
static __device__ __forceinline__ lm_cpx<R> lm_tan(lm_cpx<R> a) { return lm_mi(lm_tanh(lm_pi(a))); } \
static __device__ __forceinline__ lm_cpx<R> lm_asinh(lm_cpx<R> a) { return lm_log(a + lm_sqrt(a * a + 1.0)); } \
static __device__ __forceinline__ lm_cpx<R> lm_acosh(lm_cpx<R> a) { return lm_log(a + lm_sqrt(a + 1.0) * lm_sqrt(a - 1.0)); } \
static __device__ __forceinline__ lm_cpx<R> lm_atanh(lm_cpx<R> a) { return (lm_log(1.0 + a) - lm_log(1.0 - a)) * 0.5; } \
static __device__ __forceinline__ lm_cpx<R> lm_asin(lm_cpx<R> a) { return lm_mi(lm_asinh(lm_pi(a))); } \
static __device__ __forceinline__ lm_cpx<R> lm_acos(lm_cpx<R> a) { lm_cpx<R> s = lm_asin(a); return lm_cpx<R>((R)1.57079632679489661923 - s.re, -s.im); } \
static __device__ __forceinline__ lm_cpx<R> lm_atan(lm_cpx<R> a) { return lm_mi(lm_atanh(lm_pi(a))); } \
static __device__ __forceinline__ lm_cpx<R> lm_pow(lm_cpx<R> a, lm_cpx<R> b) { return lm_exp(b * lm_log(a)); } \
static __device__ __forceinline__ lm_cpx<R> lm_conj(lm_cpx<R> a) { return lm_cpx<R>(a.re, -a.im); }

LM_CPX_OPS(float)
LM_CPX_OPS(double)

/* the C99 names the ufunc expressions use */
#define cabsf lm_abs
#define cabs lm_abs
#define cexpf lm_exp
#define cexp lm_exp
#define clogf lm_log
#define clog lm_log
#define csqrtf lm_sqrt
#define csqrt lm_sqrt
#define csinf lm_sin
#define csin lm_sin
#define ccosf lm_cos
#define ccos lm_cos
#define ctanf lm_tan
#define ctan lm_tan
#define csinhf lm_sinh
#define csinh lm_sinh
#define ccoshf lm_cosh
#define ccosh lm_cosh
#define ctanhf lm_tanh
#define ctanh lm_tanh
#define casinf lm_asin
#define casin lm_asin
#define cacosf lm_acos
#define cacos lm_acos
#define catanf lm_atan
#define catan lm_atan
#define casinhf lm_asinh
#define casinh lm_asinh
#define cacoshf lm_acosh
#define cacosh lm_acosh
#define catanhf lm_atanh
#define catanh lm_atanh
#define cpowf lm_pow
#define cpow lm_pow
#define conjf lm_conj
#define conj lm_conj
#define crealf(a) ((a).re)
#define creal(a) ((a).re)
#define cimagf(a) ((a).im)
#define cimag(a) ((a).im)

/* uf_helpers.h's complex functions, for lm_cpx */
#define LM_UF_CPX(c, R)                                                                        \
static __device__ __forceinline__ lm_cpx<R> uf_cmk_##c(R re, R im) { return lm_cpx<R>(re, im); } \
static __device__ __forceinline__ lm_cpx<R> uf_cmul_##c(lm_cpx<R> a, lm_cpx<R> b) { return a * b; } \
static __device__ __forceinline__ lm_cpx<R> uf_cdiv_##c(lm_cpx<R> a, lm_cpx<R> b) { return a / b; } \
static __device__ __forceinline__ lm_cpx<R> uf_cpow_##c(lm_cpx<R> a, lm_cpx<R> b)             \
{                                                                                              \
	if (b.re == 0 && b.im == 0) return lm_cpx<R>(1, 0);                                    \
	if (a.re == 0 && a.im == 0) {                                                          \
		if (b.re > 0 && b.im == 0) return lm_cpx<R>(0, 0);                             \
		return lm_cpx<R>(NAN, NAN);                                                    \
	}                                                                                      \
	if (b.im == 0 && b.re == (R)(int)b.re && b.re > -100 && b.re < 100) {                  \
		int n = (int)b.re, mask = 1;                                                   \
		lm_cpx<R> aa(1, 0), p = a;                                                     \
		if (n == 1) return a;                                                          \
		if (n == 2) return a * a;                                                      \
		if (n == 3) return a * a * a;                                                  \
		if (n < 0) n = -n;                                                             \
		for (;;) {                                                                     \
			if (n & mask) aa = aa * p;                                             \
			mask <<= 1;                                                            \
			if (n < mask || mask <= 0) break;                                      \
			p = p * p;                                                             \
		}                                                                              \
		if (b.re < 0) aa = lm_cpx<R>(1, 0) / aa;                                       \
		return aa;                                                                     \
	}                                                                                      \
	return lm_pow(a, b);                                                                   \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> uf_csign_##c(lm_cpx<R> a)                        \
{                                                                                              \
	R m = lm_abs(a);                                                                       \
	if (m == 0) return lm_cpx<R>(0, 0);                                                    \
	if (isinf(m)) {                                                                        \
		if (isinf(a.re) && isinf(a.im)) return lm_cpx<R>(NAN, NAN);                    \
		return lm_cpx<R>(isinf(a.re) ? copysign((R)1, a.re) : 0 * a.re,                \
				 isinf(a.im) ? copysign((R)1, a.im) : 0 * a.im);               \
	}                                                                                      \
	return lm_cpx<R>(a.re / m, a.im / m);                                                  \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> uf_cexpm1_##c(lm_cpx<R> a)                       \
{                                                                                              \
	R x = a.re, y = a.im, ex = exp(x);                                                     \
	return lm_cpx<R>(expm1(x) * cos(y) - 2 * sin(y / 2) * sin(y / 2), ex * sin(y));        \
}                                                                                              \
static __device__ __forceinline__ lm_cpx<R> uf_crint_##c(lm_cpx<R> a) { return lm_cpx<R>(rint(a.re), rint(a.im)); } \
static __device__ __forceinline__ int uf_clt_##c(lm_cpx<R> a, lm_cpx<R> b) { return a.re < b.re || (a.re == b.re && a.im < b.im); } \
static __device__ __forceinline__ int uf_cle_##c(lm_cpx<R> a, lm_cpx<R> b) { return a.re < b.re || (a.re == b.re && a.im <= b.im); } \
static __device__ __forceinline__ int uf_cnan_##c(lm_cpx<R> a) { return isnan(a.re) || isnan(a.im); } \
static __device__ __forceinline__ lm_cpx<R> uf_cmax_##c(lm_cpx<R> a, lm_cpx<R> b) { return (uf_cle_##c(b, a) || uf_cnan_##c(a)) ? a : b; } \
static __device__ __forceinline__ lm_cpx<R> uf_cmin_##c(lm_cpx<R> a, lm_cpx<R> b) { return (uf_cle_##c(a, b) || uf_cnan_##c(a)) ? a : b; } \
static __device__ __forceinline__ lm_cpx<R> uf_cfmax_##c(lm_cpx<R> a, lm_cpx<R> b) { return (uf_cle_##c(b, a) || uf_cnan_##c(b)) ? a : b; } \
static __device__ __forceinline__ lm_cpx<R> uf_cfmin_##c(lm_cpx<R> a, lm_cpx<R> b) { return (uf_cle_##c(a, b) || uf_cnan_##c(b)) ? a : b; }

LM_UF_CPX(F, float)
LM_UF_CPX(D, double)

/* ---- vector loads: V items of T in one aligned access ---- */
template <typename T, int V> struct __align__(sizeof(T) * V) lm_vec { T v[V]; };

/* ---- casts with NumPy's semantics (float -> int as x86 NumPy does) ---- */
static __device__ __forceinline__ int32_t lm_cvt32(double x)
{
	return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}
static __device__ __forceinline__ int64_t lm_cvt64(double x)
{
	return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}
static __device__ __forceinline__ uint64_t lm_cvtu64(double x)
{
	if (x >= 9223372036854775808.0 && x < 18446744073709551616.0)
		return (uint64_t)(int64_t)(x - 9223372036854775808.0) ^ 0x8000000000000000ULL;
	return (uint64_t)lm_cvt64(x);
}

/* ---- reductions: a block's values through shared memory ---- */
#define LM_BLOCK 256

#endif
