/*
 * cuda_interp.c — the CUDA backend's spline entries (backend.h): SciPy's
 * prefilter (one thread per line, in place) and its interpolation (one
 * thread per output element), generated per (order, mode, ranks, output
 * dtype, transform kind) and compiled by NVRTC with --fmad=false, so every
 * operation rounds as the host's (ndimage_interp.c) does.  The transform's
 * zoom / shift / matrix travel in a small device buffer per call.
 */
#include "config.h"
#ifdef HAVE_CUDA
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "numerics/ndimage.h"
#include "backend/cuda/cuda_int.h"
#include "lang/error.h"

/* the host's algorithms, as device code (ni_splines.c / ni_interpolation.c) */
static const char common_src[] =
	"__device__ double map_coordinate(double in, long long len, int mode) {\n"
	"  if (in < 0) {\n"
	"    switch (mode) {\n"
	"    case 3: if (len <= 1) return 0; { long long sz2 = 2 * len - 2;\n"
	"      in = sz2 * (long long)(-in / sz2) + in; return in <= 1 - len ? in + sz2 : -in; }\n"
	"    case 2: if (len <= 1) return 0; { long long sz2 = 2 * len;\n"
	"      if (in < -sz2) in = sz2 * (long long)(-in / sz2) + in;\n"
	"      return in < -len ? in + sz2 : (in > -1e-15 ? 1e-15 : -in) - 1; }\n"
	"    case 1: if (len <= 1) return 0; { long long sz = len - 1;\n"
	"      return in + sz * ((long long)(-in / sz) + 1); }\n"
	"    case 5: if (len <= 1) return 0; return in + len * ((long long)((-1 - in) / len) + 1);\n"
	"    case 0: return 0;\n"
	"    case 4: return -1;\n"
	"    }\n"
	"  } else if (in > len - 1) {\n"
	"    switch (mode) {\n"
	"    case 3: if (len <= 1) return 0; { long long sz2 = 2 * len - 2;\n"
	"      in -= sz2 * (long long)(in / sz2); return in >= len ? sz2 - in : in; }\n"
	"    case 2: if (len <= 1) return 0; { long long sz2 = 2 * len;\n"
	"      in -= sz2 * (long long)(in / sz2); return in >= len ? sz2 - in - 1 : in; }\n"
	"    case 1: if (len <= 1) return 0; return in - (len - 1) * (long long)(in / (len - 1));\n"
	"    case 5: if (len <= 1) return 0; return in - len * (long long)(in / len);\n"
	"    case 0: return (double)(len - 1);\n"
	"    case 4: return -1;\n"
	"    }\n"
	"  }\n"
	"  return in;\n"
	"}\n";

static const char weights_src[] =
	"__device__ void spline_weights(double x, int order, double *w) {\n"
	"  double y, z, t;\n"
	"  x -= floor(order & 1 ? x : x + 0.5); y = x; z = 1.0 - x;\n"
	"  switch (order) {\n"
	"  case 1: w[0] = 1.0 - x; break;\n"
	"  case 2: w[1] = 0.75 - x * x; y = 0.5 - x; w[0] = 0.5 * y * y; break;\n"
	"  case 3: w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;\n"
	"    w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0; w[0] = z * z * z / 6.0; break;\n"
	"  case 4: t = x * x; w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0; y = 1.0 + x;\n"
	"    w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;\n"
	"    w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;\n"
	"    y = 0.5 - x; t = y * y; w[0] = t * t / 24.0; break;\n"
	"  case 5: t = y * y; w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;\n"
	"    t = z * z; w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55; y += 1.0;\n"
	"    w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;\n"
	"    z += 1.0;\n"
	"    w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;\n"
	"    y = 1.0 - x; t = y * y; w[0] = y * t * t / 120.0; break;\n"
	"  }\n"
	"  w[order] = 1.0;\n"
	"  for (int i = 0; i < order; ++i) w[order] -= w[i];\n"
	"}\n";

static const char prefilter_src[] =
	"#define C(k) p[(k) * inner]\n"
	"extern \"C\" __global__ void lm_prefilter(double *c, long long len, long long inner,\n"
	"                                        long long lines) {\n"
	"  double poles[2]; int np;\n"
	"  switch (ORDER) {\n"
	"  case 2: poles[0] = -0.171572875253809902396622551580603843; np = 1; break;\n"
	"  case 3: poles[0] = -0.267949192431122706472553658494127633; np = 1; break;\n"
	"  case 4: poles[0] = -0.361341225900220177092212841325675255;\n"
	"    poles[1] = -0.013725429297339121360331226939128204; np = 2; break;\n"
	"  default: poles[0] = -0.430575347099973791851434783493520110;\n"
	"    poles[1] = -0.043096288203264653822712376822550182; np = 2; break;\n"
	"  }\n"
	"  for (long long l = blockIdx.x * (long long)blockDim.x + threadIdx.x; l < lines;\n"
	"       l += (long long)gridDim.x * blockDim.x) {\n"
	"    double *p = c + (l / inner) * len * inner + l % inner, gain = 1.0;\n"
	"    long long n = len;\n"
	"    for (int k = 0; k < np; k++) gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);\n"
	"    for (long long i = 0; i < n; i++) C(i) *= gain;\n"
	"    for (int k = 0; k < np; k++) {\n"
	"      double z = poles[k];\n"
	"#if MODE == 5\n"
	"      { double z_i = z; for (long long i = 1; i < n; ++i) { C(0) += z_i * C(n - i); z_i *= z; }\n"
	"        C(0) /= 1 - z_i; }\n"
	"#elif MODE == 0 || MODE == 2\n"
	"      { double z_i = z, z_n = pow(z, (double)n), c0 = C(0);\n"
	"        C(0) = C(0) + z_n * C(n - 1);\n"
	"        for (long long i = 1; i < n; ++i) { C(0) += z_i * (C(i) + z_n * C(n - 1 - i)); z_i *= z; }\n"
	"        C(0) *= z / (1 - z_n * z_n); C(0) += c0; }\n"
	"#else\n"
	"      { double z_i = z, z_n_1 = pow(z, (double)(n - 1));\n"
	"        C(0) = C(0) + z_n_1 * C(n - 1);\n"
	"        for (long long i = 1; i < n - 1; ++i) { C(0) += z_i * (C(i) + z_n_1 * C(n - 1 - i)); z_i *= z; }\n"
	"        C(0) /= 1 - z_n_1 * z_n_1; }\n"
	"#endif\n"
	"      for (long long i = 1; i < n; ++i) C(i) += z * C(i - 1);\n"
	"#if MODE == 5\n"
	"      { double z_i = z; for (long long i = 0; i < n - 1; ++i) { C(n - 1) += z_i * C(i); z_i *= z; }\n"
	"        C(n - 1) *= z / (z_i - 1); }\n"
	"#elif MODE == 0 || MODE == 2\n"
	"      C(n - 1) *= z / (z - 1);\n"
	"#else\n"
	"      C(n - 1) = (z * C(n - 2) + C(n - 1)) * z / (z * z - 1);\n"
	"#endif\n"
	"      for (long long i = n - 2; i >= 0; --i) C(i) = z * (C(i + 1) - C(i));\n"
	"    }\n"
	"  }\n"
	"}\n";

static const char interp_src[] =
	"struct P { long long cshape[ND], oshape[OND], ostride[OND], n, npad; double cval; };\n"
	"__device__ void store(OUT_T *y, double t) {\n"
	"#if OUT_KIND == 0\n"
	"  *y = (OUT_T)t;\n"
	"#elif OUT_KIND == 1\n"
	"  *y = (OUT_T)(long long)t;\n"
	"#else\n"
	"#if OUT_KIND == 3\n"
	"  t = t > 0 ? t + 0.5 : 0;\n"
	"#else\n"
	"  t = t > 0 ? t + 0.5 : t - 0.5;\n"
	"#endif\n"
	"  t = t > OUT_HI ? OUT_HI : t; t = t < OUT_LO ? OUT_LO : t;\n"
	"  *y = (OUT_T)t;\n"
	"#endif\n"
	"}\n"
	"extern \"C\" __global__ void lm_interp(const double *__restrict__ c, char *y,\n"
	"    const double *__restrict__ prm, P p) {\n"
	"  const double *zoom = prm, *shift = prm + ND, *matrix = prm + 2 * ND;\n"
	"  long long cstr[ND];\n"
	"  for (int k = ND - 1; k >= 0; k--) cstr[k] = k == ND - 1 ? 1 : cstr[k + 1] * p.cshape[k + 1];\n"
	"  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < p.n;\n"
	"       i += (long long)gridDim.x * blockDim.x) {\n"
	"    long long o[OND], rem = i, yoff = 0, start[ND], eidx[ND][ORDER + 1];\n"
	"    double w[ND][ORDER + 1], t = 0.0; char gc[ND][ORDER + 1]; bool constant = false;\n"
	"    for (int k = OND - 1; k >= 0; k--) { o[k] = rem % p.oshape[k]; rem /= p.oshape[k];\n"
	"      yoff += o[k] * p.ostride[k]; }\n"
	"    for (int k = 0; k < ND && !constant; k++) {\n"
	"      double cc;\n"
	"#if HAS_MATRIX\n"
	"      { const double *q = matrix + k * OND; int l = 0; cc = shift[k];\n"
	"        for (; l + 1 < OND; l += 2) { cc += (double)o[l] * q[l]; cc += (double)o[l + 1] * q[l + 1]; }\n"
	"        if (l < OND) cc += (double)o[l] * q[l]; }\n"
	"#else\n"
	"      cc = (double)o[k];\n"
	"#if HAS_SHIFT\n"
	"      cc += shift[k];\n"
	"#endif\n"
	"#if HAS_ZOOM\n"
	"      cc = GRID ? (cc + 0.5) * zoom[k] - 0.5 : cc * zoom[k];\n"
	"#endif\n"
	"#endif\n"
	"      cc += (double)p.npad;\n"
	"      if (MODE != 6 && MODE != 0) cc = map_coordinate(cc, p.cshape[k], MODE);\n"
	"      if (!(cc > -1.0 || MODE == 6 || MODE == 0)) { constant = true; break; }\n"
	"      start[k] = ORDER & 1 ? (long long)floor(cc) - ORDER / 2 : (long long)floor(cc + 0.5) - ORDER / 2;\n"
	"      for (int h = 0; h <= ORDER; h++) {\n"
	"        long long idx = start[k] + h; gc[k][h] = 0;\n"
	"        if (MODE == 6) gc[k][h] = idx < 0 || idx >= p.cshape[k];\n"
	"        else if (start[k] < 0 || start[k] + ORDER >= p.cshape[k])\n"
	"          idx = (long long)map_coordinate((double)idx, p.cshape[k], SPLINE_MODE);\n"
	"        eidx[k][h] = idx;\n"
	"      }\n"
	"      if (ORDER > 0) spline_weights(cc, ORDER, w[k]);\n"
	"    }\n"
	"    if (!constant) {\n"
	"      int f[ND];\n"
	"      for (int k = 0; k < ND; k++) f[k] = 0;\n"
	"      for (long long h = 0; h < FSIZE; h++) {\n"
	"        bool is_cval = false; long long off = 0; double coeff;\n"
	"        for (int k = 0; k < ND; k++) { is_cval |= gc[k][f[k]] != 0; off += eidx[k][f[k]] * cstr[k]; }\n"
	"        coeff = is_cval ? p.cval : c[off];\n"
	"        if (ORDER > 0) for (int k = 0; k < ND; k++) coeff *= w[k][f[k]];\n"
	"        t += coeff;\n"
	"        for (int k = ND - 1; k >= 0; k--) { if (++f[k] <= ORDER) break; f[k] = 0; }\n"
	"      }\n"
	"    } else {\n"
	"      t = p.cval;\n"
	"    }\n"
	"    store((OUT_T *)(y + yoff), t);\n"
	"  }\n"
	"}\n";

static const char *ctype(int dt)
{
	switch (dt) {
	case DT_BOOL: case DT_UINT8: return "unsigned char";
	case DT_INT8: return "signed char";
	case DT_INT16: return "short";
	case DT_UINT16: return "unsigned short";
	case DT_INT32: return "int";
	case DT_UINT32: return "unsigned int";
	case DT_INT64: return "long long";
	case DT_UINT64: return "unsigned long long";
	case DT_FLOAT32: return "float";
	default: return "double";
	}
}

static const char *const fmad_off[] = {"--fmad=false"};

int cuda_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode)
{
	char *src;
	size_t n;
	void *fn;
	long long len = c->shape[axis], inner = 1, lines;
	void *data = nd_data(c), *args[4];
	if (len <= 1 || nd_size(c) == 0)
		return 0;
	for (int k = axis + 1; k < c->ndim; k++)
		inner *= c->shape[k];
	lines = nd_size(c) / len;
	n = strlen(prefilter_src) + 64;
	if (!(src = malloc(n)))
		return err_nomem(ev), -1;
	snprintf(src, n, "#define ORDER %d\n#define MODE %d\n%s", order, (int)mode, prefilter_src);
	fn = jit_get(ev, src, "lm_prefilter", 1, fmad_off);
	free(src);
	if (!fn)
		return -1;
	if (jit_dry_run)
		return 0;
	if (cuda_ready(ev) < 0)
		return -1;
	{
		unsigned grid[3] = {cuew_grid(lines, 1), 1, 1}, block[3] = {128, 1, 1};
		args[0] = &data;
		args[1] = &len;
		args[2] = &inner;
		args[3] = &lines;
		return jit_launch(ev, fn, grid, block, 0, args);
	}
}

int cuda_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
		     struct ndarray *out)
{
	int nd = c->ndim, ond = out->ndim, odt = out->dtype, kind, rc = -1;
	int spline_mode = x->mode == IM_CONSTANT || x->mode == IM_WRAP ? IM_MIRROR : (int)x->mode;
	const char *lo = "0", *hi = "0";
	size_t n, nprm = (size_t)(2 * nd + nd * ond), psz;
	long long fsize = 1;
	double *prm = NULL;
	char *src = NULL, *pk = NULL, *dbuf = NULL;
	void *fn, *args[4];
	if (nd_size(out) == 0)
		return 0;
	if (odt == DT_FLOAT16 || dt_is_complex(odt))
		return err_set(ev, TY_RuntimeError, "data type not supported"), -1;
	for (int k = 0; k < ond; k++)
		if (out->strides[k] % dt_size(odt))
			return err_set(ev, TY_NotImplementedError, "unaligned output strides are not supported on the GPU"), -1;
	for (int k = 0; k < nd; k++)
		fsize *= x->order + 1;
	switch (odt) {
	case DT_FLOAT32: case DT_FLOAT64: kind = 0; break;
	case DT_BOOL: kind = 1; break;
	case DT_INT8: kind = 2; lo = "-128.0"; hi = "127.0"; break;
	case DT_INT16: kind = 2; lo = "-32768.0"; hi = "32767.0"; break;
	case DT_INT32: kind = 2; lo = "-2147483648.0"; hi = "2147483647.0"; break;
	case DT_INT64: kind = 2; lo = "-9223372036854775808.0"; hi = "9223372036854775807.0"; break;
	case DT_UINT8: kind = 3; hi = "255.0"; break;
	case DT_UINT16: kind = 3; hi = "65535.0"; break;
	case DT_UINT32: kind = 3; hi = "4294967295.0"; break;
	default: kind = 3; hi = "18446744073709551615.0"; break;
	}
	n = strlen(common_src) + strlen(weights_src) + strlen(interp_src) + 512;
	if (!(src = malloc(n)))
		return err_nomem(ev), -1;
	snprintf(src, n,
		 "#define ND %d\n#define OND %d\n#define ORDER %d\n#define MODE %d\n#define SPLINE_MODE %d\n"
		 "#define HAS_MATRIX %d\n#define HAS_ZOOM %d\n#define HAS_SHIFT %d\n#define GRID %d\n"
		 "#define FSIZE %lld\n#define OUT_KIND %d\n#define OUT_LO %s\n#define OUT_HI %s\n"
		 "typedef %s OUT_T;\n%s%s%s",
		 nd, ond, x->order, (int)x->mode, spline_mode, x->matrix != NULL, x->zoom != NULL,
		 x->shift != NULL, x->grid_mode, fsize, kind, lo, hi, ctype(odt), common_src, weights_src,
		 interp_src);
	fn = jit_get(ev, src, "lm_interp", 1, fmad_off);
	free(src);
	if (!fn)
		return -1;
	if (jit_dry_run)
		return 0;
	if (cuda_ready(ev) < 0)
		return -1;
	/* zoom[nd], shift[nd], matrix[nd * ond] */
	if (!(prm = calloc(nprm, sizeof(double))))
		return err_nomem(ev), -1;
	for (int k = 0; k < nd; k++) {
		prm[k] = x->zoom ? x->zoom[k] : 0;
		prm[nd + k] = x->shift ? x->shift[k] : 0;
	}
	if (x->matrix)
		memcpy(prm + 2 * nd, x->matrix, sizeof(double) * (size_t)(nd * ond));
	/* the kernel's P: cshape[nd], oshape[ond], ostride[ond], n, npad, cval */
	psz = sizeof(long long) * (size_t)(nd + 2 * ond + 2) + sizeof(double);
	if (!(pk = malloc(psz))) {
		err_nomem(ev);
		goto done;
	}
	{
		long long *q = (long long *)pk;
		for (int k = 0; k < nd; k++)
			*q++ = c->shape[k];
		for (int k = 0; k < ond; k++)
			*q++ = out->shape[k];
		for (int k = 0; k < ond; k++)
			*q++ = out->strides[k];
		*q++ = nd_size(out);
		*q++ = x->npad;
		memcpy(q, &x->cval, sizeof(double));
	}
	if (!(dbuf = pool_alloc(ev, sizeof(double) * nprm)) ||
	    xfer_h2d(ev, dbuf, prm, sizeof(double) * nprm) < 0)
		goto done;
	{
		void *cp = nd_data(c), *yp = nd_data(out), *pp = dbuf;
		unsigned grid[3] = {cuew_grid(nd_size(out), 1), 1, 1}, block[3] = {128, 1, 1};
		args[0] = &cp;
		args[1] = &yp;
		args[2] = &pp;
		args[3] = pk;
		rc = jit_launch(ev, fn, grid, block, 0, args);
	}
done:
	pool_free(dbuf, sizeof(double) * nprm);
	free(prm);
	free(pk);
	return rc;
}

#endif /* HAVE_CUDA */
