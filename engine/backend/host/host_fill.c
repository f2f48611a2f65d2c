/*
 * host_fill.c — the host backend's arange_fill and vander entries (struct
 * backend): NumPy's <type>_fill, item i = x0 + i*dl in the element type's
 * arithmetic from the first two items, or float64's i*step + start
 * (linspace); np.vander's columns of powers (multiply.accumulate's order).
 * Owns nothing; never checks NumPy's arguments (lib/creation.c does).
 */
#include <stdint.h>
#include <string.h>
#include "backend/backend.h"
#include "backend/host/host.h"
#include "lang/error.h"

/* NumPy's <type>_fill: p[0] and p[1] hold the first two values; the rest are
 * p[0] + i*(p[1]-p[0]) in the element type (integers wrap), every `stride`
 * elements (2 for the real and imaginary parts of a complex). */
#define ARANGE_FILL_INT(T) \
	static void arange_fill_##T(void *d, int64_t n, int stride) \
	{ \
		T *p = d; \
		T x0 = p[0], dl = (T)(p[1] - x0); \
		(void)stride; \
		for (int64_t i = 2; i < n; i++) \
			p[i] = (T)((uint64_t)x0 + (uint64_t)i * (uint64_t)dl); \
	}
#define ARANGE_FILL_FLT(N, T, C) \
	static void arange_fill_##N(void *d, int64_t n, int stride) \
	{ \
		T *p = d; \
		C x0 = (C)p[0], dl = (C)p[stride] - x0; \
		int32_t n32 = n < INT32_MAX ? (int32_t)n : INT32_MAX; \
		/* an int32 counter: its conversion vectorises, int64's does not */ \
		if (stride == 1) \
			for (int32_t i = 2; i < n32; i++) \
				p[i] = (T)(x0 + (C)i * dl); \
		else \
			for (int32_t i = 2; i < n32; i++) \
				p[(int64_t)i * stride] = (T)(x0 + (C)i * dl); \
		for (int64_t i = n32 > 2 ? n32 : 2; i < n; i++) \
			p[i * stride] = (T)(x0 + (C)i * dl); \
	}
ARANGE_FILL_INT(int8_t)
ARANGE_FILL_INT(int16_t)
ARANGE_FILL_INT(int32_t)
ARANGE_FILL_INT(int64_t)
ARANGE_FILL_INT(uint8_t)
ARANGE_FILL_INT(uint16_t)
ARANGE_FILL_INT(uint32_t)
ARANGE_FILL_INT(uint64_t)
ARANGE_FILL_FLT(f16, _Float16, float)
ARANGE_FILL_FLT(f32, float, float)
ARANGE_FILL_FLT(f64, double, double)

/* The contiguous float32 / float64 fill, L lanes at a time: each lane does
 * the scalar loop's own operations (the int32 counter converted, times dl,
 * plus x0; no contraction under -std=c11), so every value is bit for bit
 * NumPy's.  GCC's -O2 leaves the scalar loop scalar, and there cvtsi2ss
 * merges into the register holding the previous result, which chains each
 * element's latency to the one before. */
#define ARANGE_FILL_VEC(N, T, L) \
	static void arange_fill_##N##_vec(void *d, int64_t n) \
	{ \
		typedef T vt __attribute__((vector_size(L * sizeof(T)))); \
		typedef int32_t vi __attribute__((vector_size(L * 4))); \
		T *p = d, x0 = p[0], dl = p[1] - x0; \
		int32_t n32 = n < INT32_MAX ? (int32_t)n : INT32_MAX, i = 2; \
		vi lane; \
		for (int k = 0; k < L; k++) \
			lane[k] = k; \
		for (; i <= n32 - L; i += L) { \
			vt r = __builtin_convertvector(lane + i, vt) * dl + x0; \
			memcpy(p + i, &r, sizeof r); \
		} \
		for (; i < n32; i++) \
			p[i] = x0 + (T)i * dl; \
		for (int64_t j = n32 > 2 ? n32 : 2; j < n; j++) \
			p[j] = x0 + (T)j * dl; \
	}
ARANGE_FILL_VEC(f32, float, 8)
ARANGE_FILL_VEC(f64, double, 4)

int host_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2, const double *step)
{
	int dt = dst->dtype, isz = dt_size(dt);
	int64_t n = dst->ndim == 1 ? dst->shape[0] : -1;
	char *p = nd_data(dst);
	if (n < 0 || !nd_is_c_contiguous(dst) || dt == DT_BOOL)
		return err_set(ev, TY_RuntimeError, "arange_fill: a 1-d C-contiguous array of a numeric dtype is needed"), -1;
	memcpy(p, first2, (size_t)(n < 2 ? n : 2) * isz);
	if (n <= 2)
		return 0;
	if (step && dt == DT_FLOAT64) {
		double x0 = ((const double *)first2)[0], *y = (double *)p;
		for (int64_t i = 2; i < n; i++)
			y[i] = (double)i * *step + x0;
		return 0;
	}
	switch (dt) {
	case DT_INT8: arange_fill_int8_t(p, n, 1); break;
	case DT_INT16: arange_fill_int16_t(p, n, 1); break;
	case DT_INT32: arange_fill_int32_t(p, n, 1); break;
	case DT_INT64: arange_fill_int64_t(p, n, 1); break;
	case DT_UINT8: arange_fill_uint8_t(p, n, 1); break;
	case DT_UINT16: arange_fill_uint16_t(p, n, 1); break;
	case DT_UINT32: arange_fill_uint32_t(p, n, 1); break;
	case DT_UINT64: arange_fill_uint64_t(p, n, 1); break;
	case DT_FLOAT16: arange_fill_f16(p, n, 1); break;
	case DT_FLOAT32: arange_fill_f32_vec(p, n); break;
	case DT_FLOAT64: arange_fill_f64_vec(p, n); break;
	case DT_COMPLEX64: arange_fill_f32(p, n, 2); arange_fill_f32((float *)p + 1, n, 2); break;
	case DT_COMPLEX128: arange_fill_f64(p, n, 2); arange_fill_f64((double *)p + 1, n, 2); break;
	default: return err_set(ev, TY_ValueError, "no fill-function for data-type."), -1;
	}
	return 0;
}

int host_vander(struct eval *ev, const struct ndarray *x, int inc, struct ndarray *v)
{
	int dt = v->dtype;
	int64_t m = v->ndim == 2 ? v->shape[0] : -1, n = v->ndim == 2 ? v->shape[1] : 0;
	if (m < 0 || x->ndim != 1 || x->shape[0] != m || x->dtype != dt || !nd_is_c_contiguous(x) ||
	    !nd_is_c_contiguous(v) || (dt != DT_INT64 && dt != DT_FLOAT64 && dt != DT_COMPLEX128))
		return err_set(ev, TY_RuntimeError, "vander: a 1-d C-contiguous x and a C-contiguous (m, n) out of int64, float64 or complex128 are needed"), -1;
	/* column j holds x**j (increasing) or x**(n-1-j): multiply.accumulate */
	for (int64_t i = 0; i < m; i++)
		for (int64_t k = 0; k < n; k++) {
			int64_t j = inc ? k : n - 1 - k, at = i * n + j;
			if (dt == DT_INT64) {
				int64_t *o = (int64_t *)nd_data(v), xi = ((const int64_t *)nd_data(x))[i];
				o[at] = k == 0 ? 1 : k == 1 ? xi : (int64_t)((uint64_t)o[at + (inc ? -1 : 1)] * (uint64_t)xi);
			} else if (dt == DT_FLOAT64) {
				double *o = (double *)nd_data(v), xi = ((const double *)nd_data(x))[i];
				o[at] = k == 0 ? 1 : k == 1 ? xi : o[at + (inc ? -1 : 1)] * xi;
			} else {
				double _Complex *o = (double _Complex *)nd_data(v), xi = ((const double _Complex *)nd_data(x))[i];
				o[at] = k == 0 ? 1 : k == 1 ? xi : o[at + (inc ? -1 : 1)] * xi;
			}
		}
	return 0;
}
