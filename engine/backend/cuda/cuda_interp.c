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
/* kernels/interp_common.cuh, embedded by kernels/embed.sh */
static const char common_src[] =
#include "kernels/interp_common.inc"
	;

/* kernels/interp_weights.cuh, embedded by kernels/embed.sh */
static const char weights_src[] =
#include "kernels/interp_weights.inc"
	;

/* kernels/spline_prefilter.cuh, embedded by kernels/embed.sh */
static const char prefilter_src[] =
#include "kernels/spline_prefilter.inc"
	;

/* kernels/interp.cuh, embedded by kernels/embed.sh */
static const char interp_src[] =
#include "kernels/interp.inc"
	;

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
