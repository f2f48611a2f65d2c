/*
 * cuda_fill.c — arange's values written on the device: struct backend's
 * arange_fill for the CUDA backend (contract in backend.h), so cp.arange
 * costs one launch instead of a host fill and a copy of the whole result.
 *
 * The arithmetic is creation.c's host fill, item for item: integers wrap
 * through uint64 (x0 + i*dl), floats compute x0 + (C)i*dl in float (float16,
 * float32, complex64) or double with one rounding per operation (__fmul_rn /
 * __fadd_rn: NVRTC would otherwise fuse them), complex numbers part by part.
 * Items 0 and 1 are the values the host stored, as NumPy's fill keeps them.
 * Owns nothing beyond the call.
 */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

/* kernels/arange.cuh, embedded by kernels/embed.sh */
static const char fl_src[] =
#include "kernels/arange.inc"
	;

/* How items of dtype dt are stored and computed: the storage type of one
 * part, the computing type, parts per item; NULL for bool (NumPy fills at
 * most two booleans, which the host stores). */
static const char *fl_types(int dt, const char **ctype, int *parts)
{
	*parts = dt_is_complex(dt) ? 2 : 1;
	*ctype = "unsigned long long";
	switch (dt) {
	case DT_INT8: return "signed char";
	case DT_INT16: return "short";
	case DT_INT32: return "int";
	case DT_INT64: return "long long";
	case DT_UINT8: return "unsigned char";
	case DT_UINT16: return "unsigned short";
	case DT_UINT32: return "unsigned int";
	case DT_UINT64: return "unsigned long long";
	case DT_FLOAT16: *ctype = "float"; return "lm_half";
	case DT_FLOAT32: case DT_COMPLEX64: *ctype = "float"; return "float";
	case DT_FLOAT64: case DT_COMPLEX128: *ctype = "double"; return "double";
	default: return NULL;
	}
}

/* The fill kernel for dtype dt (tests compile it without a device); NULL
 * for a dtype without one (bool). */
const char *cuda_fill_source(int dt, char *buf, size_t size)
{
	const char *ctype, *at, *st = "";
	int parts;
	const char *stype = fl_types(dt, &ctype, &parts);
	if (!stype)
		return NULL;
	if (dt_is_int(dt))
		at = "((x0) + (unsigned long long)(i) * (dl))";
	else if (dt == DT_FLOAT64 || dt == DT_COMPLEX128)
		at = "__dadd_rn((x0), __dmul_rn((double)(i), (dl)))";
	else
		at = "__fadd_rn((x0), __fmul_rn((float)(i), (dl)))";
	if (dt == DT_FLOAT16)
		st = "lm_f2h";
	snprintf(buf, size, "#include \"lumen.cuh\"\n#define LM_S %s\n#define LM_C %s\n#define LM_K %d\n"
		 "#define LM_AT(x0, i, dl) %s\n#define LM_ST(v) ((LM_S)%s(v))\n%s",
		 stype, ctype, parts, at, st, fl_src);
	return buf;
}

/* One part of an item as the computing type: the bytes of an unsigned
 * long long (integers, sign-extended as C's conversion does), a float or a
 * double, in the 8 bytes of *out. */
static void fl_part(int dt, const char *p, unsigned char out[8])
{
	unsigned long long u = 0;
	float f;
	double d;
	memset(out, 0, 8);
	switch (dt) {
	case DT_INT8: u = (unsigned long long)*(const int8_t *)p; break;
	case DT_INT16: { int16_t v; memcpy(&v, p, 2); u = (unsigned long long)v; break; }
	case DT_INT32: { int32_t v; memcpy(&v, p, 4); u = (unsigned long long)v; break; }
	case DT_INT64: { int64_t v; memcpy(&v, p, 8); u = (unsigned long long)v; break; }
	case DT_UINT8: u = *(const uint8_t *)p; break;
	case DT_UINT16: { uint16_t v; memcpy(&v, p, 2); u = v; break; }
	case DT_UINT32: { uint32_t v; memcpy(&v, p, 4); u = v; break; }
	case DT_UINT64: memcpy(&u, p, 8); break;
	case DT_FLOAT16: { _Float16 h; memcpy(&h, p, 2); f = (float)h; memcpy(out, &f, 4); return; }
	case DT_FLOAT32: case DT_COMPLEX64: memcpy(&f, p, 4); memcpy(out, &f, 4); return;
	default: memcpy(&d, p, 8); memcpy(out, &d, 8); return;
	}
	memcpy(out, &u, 8);
}

/* dl = part(second) - part(first) in the computing type (the item type for
 * integers, wrapping, then widened as fl_part widens). */
static void fl_step(int dt, const char *p0, const char *p1, unsigned char out[8])
{
	unsigned char a[8], b[8];
	fl_part(dt, p0, a);
	fl_part(dt, p1, b);
	if (dt_is_int(dt)) {
		unsigned long long x, y, d;
		int bits = 8 * dt_size(dt);
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		d = y - x;
		if (bits < 64) { /* (T)(p1 - x0), then widened like x0 */
			d &= (1ull << bits) - 1;
			if (dtype_table[dt].kind == DK_INT && d >> (bits - 1) & 1)
				d |= ~0ull << bits;
		}
		memcpy(out, &d, 8);
	} else if (dt == DT_FLOAT64 || dt == DT_COMPLEX128) {
		double x, y, d;
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		d = y - x;
		memcpy(out, &d, 8);
	} else {
		float x, y, d;
		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		d = y - x;
		memcpy(out, &d, 4);
	}
}

int cuda_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2, const double *step)
{
	char src[sizeof fl_src + 512];
	int dt = dst->dtype, isz = dt_size(dt), parts = dt_is_complex(dt) ? 2 : 1, psz = isz / parts;
	const char *f = first2;
	int64_t n = dst->ndim == 1 ? dst->shape[0] : -1;
	unsigned char x0[2][8], dl[2][8], raw[2][2][8];
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (!cuda_fill_source(dt, src, sizeof src) || n < 0 || !nd_is_c_contiguous(dst))
		return err_set(ev, TY_RuntimeError, "arange_fill: a 1-d C-contiguous array of a numeric dtype is needed"), -1;
	if (n == 0)
		return 0;
	memset(x0, 0, sizeof x0);
	memset(dl, 0, sizeof dl);
	memset(raw, 0, sizeof raw);
	for (int k = 0; k < parts; k++) {
		const char *p0 = f + k * psz, *p1 = f + isz + k * psz;
		int pdt = dt == DT_COMPLEX64 ? DT_FLOAT32 : dt == DT_COMPLEX128 ? DT_FLOAT64 : dt;
		fl_part(pdt, p0, x0[k]);
		fl_step(pdt, p0, p1, dl[k]);
		memcpy(raw[0][k], p0, (size_t)psz);
		memcpy(raw[1][k], p1, (size_t)psz);
	}
	if (step && dt == DT_FLOAT64)
		memcpy(dl[0], step, 8);
	if (!(fn = jit_get(ev, src, "lm_arange", 0, NULL)))
		return -1;
	{
		void *p = nd_data(dst);
		long long nn = n;
		void *args[] = {&p, &nn, x0[0], dl[0], x0[1], dl[1], raw[0][0], raw[0][1], raw[1][0], raw[1][1]};
		unsigned grid[3] = {cuew_grid(n, 1), 1, 1}, block[3] = {256, 1, 1};
		return jit_launch(ev, fn, grid, block, 0, args);
	}
}

#endif /* HAVE_CUDA */
