/*
 * ndimage_interp.c — scipy.ndimage's geometric transforms (zoom, shift,
 * rotate) on the host: SciPy 1.17's spline prefilter (ni_splines.c: the
 * poles, the mode's initial conditions, the 12-sample pre-padding of
 * 'nearest' and 'grid-constant'), its coordinate mapping (map_coordinate)
 * and its NI_ZoomShift / NI_GeometricTransform sums, with its rounding of
 * integer outputs.  Written once above the backends: the prefilter and the
 * interpolation are backend entries (the host's in host_ndimage.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "numerics/ndimage.h"
#include "lang/args.h"
#include "lang/error.h"

/* SciPy's interpolation modes (_extend_mode_to_code without is_filter) */
static int parse_imode(struct eval *ev, struct value *v, int *mode)
{
	static const struct { const char *name; int m; } modes[] = {
		{"nearest", IM_NEAREST}, {"wrap", IM_WRAP}, {"reflect", IM_REFLECT},
		{"grid-mirror", IM_REFLECT}, {"mirror", IM_MIRROR}, {"constant", IM_CONSTANT},
		{"grid-wrap", IM_GRID_WRAP}, {"grid-constant", IM_GRID_CONSTANT},
	};
	const char *s = v ? val_as_cstr(v) : "constant";
	*mode = IM_CONSTANT;
	if (v && v->type == VT_NONE)
		return 0;
	for (size_t i = 0; s && i < sizeof modes / sizeof modes[0]; i++)
		if (!strcmp(s, modes[i].name))
			return *mode = modes[i].m, 0;
	return err_set(ev, TY_RuntimeError, "boundary mode not supported"), -1;
}

/* ---- the front ends ---- */

/* The spline coefficients SciPy interpolates: the input as float64 on its
 * backend, pre-padded by 12 for 'nearest' (edge values) and 'grid-constant'
 * (cval) -- a one-tap max stencil, which copies exactly -- and spline-
 * filtered along every axis when prefilter and order > 1. */
static struct ndarray *coefficients(struct eval *ev, const struct ndarray *in, int order, int mode,
				    int prefilter, double cval, int64_t *npad)
{
	const struct backend *be = nd_backend(in);
	struct ndarray *a = arr_astype(ev, in, DT_FLOAT64);
	*npad = 0;
	if (!a || !prefilter || order <= 1)
		return a;
	if (mode == IM_NEAREST || mode == IM_GRID_CONSTANT) {
		int64_t shape[ND_MAXDIM], tap[ND_MAXDIM] = {0};
		struct stencil st = {.op = ST_MAX, .mode = mode == IM_NEAREST ? ST_NEAREST : ST_CONSTANT,
				     .cval = cval, .ndim = a->ndim, .ntaps = 1, .taps = tap};
		struct ndarray *p;
		*npad = 12;
		for (int k = 0; k < a->ndim; k++) {
			shape[k] = a->shape[k] + 24;
			st.box[k] = 1;
			st.start[k] = -12;
		}
		p = ndi_run(ev, "scipy.ndimage spline padding", &st, a, DT_FLOAT64, shape);
		nd_decref(a);
		if (!(a = p))
			return NULL;
	}
	if (!be->spline_prefilter) {
		nd_decref(a);
		return err_set(ev, TY_NotImplementedError, "spline interpolation is not supported on the %s "
			       "backend", be->name);
	}
	for (int k = 0; k < a->ndim; k++)
		if (be->spline_prefilter(ev, a, k, order, (enum im_mode)mode) < 0) {
			nd_decref(a);
			return NULL;
		}
	return a;
}

/* runs the backend's interpolate entry (NotImplementedError without one) */
static int interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
		       struct ndarray *out)
{
	const struct backend *be = nd_backend(c);
	if (!nd_size(out) || !nd_size(c))
		return 0;
	if (!be->interpolate)
		return err_set(ev, TY_NotImplementedError, "spline interpolation is not supported on the %s "
			       "backend", be->name), -1;
	return be->interpolate(ev, x, c, out);
}

/* the arguments every transform shares */
struct common {
	struct ndarray *in;
	int order, mode, prefilter, odt;
	double cval;
};

static int parse_common(struct eval *ev, const struct builtin *bi, const char *fname,
			struct value *vin, struct value *vout, struct value *vord, struct value *vmode,
			struct value *vcval, struct value *vpre, int min_ndim, struct common *c)
{
	int64_t order;
	c->in = NULL;
	if (args_int(ev, vord, 3, &order) < 0)
		return -1;
	if (order < 0 || order > 5)
		return err_set(ev, TY_RuntimeError, "spline order not supported"), -1;
	c->order = (int)order;
	if (!(c->in = arr_asarray(ev, arr_be(bi), vin, -1)))
		return -1;
	if (dt_is_complex(c->in->dtype))
		return err_set(ev, TY_NotImplementedError, "%s: complex input is not supported by Lumen", fname), -1;
	if (c->in->dtype == DT_FLOAT16)
		return err_set(ev, TY_RuntimeError, "data type not supported"), -1;
	if (c->in->ndim < min_ndim)
		return err_set(ev, min_ndim == 2 ? TY_ValueError : TY_RuntimeError, min_ndim == 2
			       ? "input array should be at least 2D" : "input and output rank must be > 0"), -1;
	c->odt = c->in->dtype;
	if (vout && vout->type != VT_NONE) {
		if (arr_borrow(vout))
			return err_set(ev, TY_NotImplementedError, "%s: an output array is not supported by Lumen; "
				       "pass a dtype", fname), -1;
		if (vout->type == VT_STR) {
			c->odt = dt_from_string(val_as_cstr(vout));
			if (c->odt < 0)
				return err_set(ev, TY_TypeError, "data type '%s' not understood", val_as_cstr(vout)), -1;
		} else if (arr_parse_dtype(ev, vout, &c->odt) < 0) {
			return -1;
		}
		if (c->odt == DT_FLOAT16 || dt_is_complex(c->odt))
			return err_set(ev, TY_NotImplementedError, "%s: this output dtype is not supported by Lumen", fname), -1;
	}
	if (parse_imode(ev, vmode, &c->mode) < 0 || args_double(ev, vcval, 0.0, &c->cval) < 0 ||
	    args_bool(ev, vpre, 1, &c->prefilter) < 0)
		return -1;
	return 0;
}

static int seq_doubles(struct eval *ev, struct value *v, int n, double *out)
{
	struct value *items;
	int rc = 0;
	if (v->type != VT_LIST && v->type != VT_TUPLE && !arr_borrow(v)) {
		if (val_as_double(ev, v, &out[0]) < 0)
			return -1;
		for (int i = 1; i < n; i++)
			out[i] = out[0];
		return 0;
	}
	if (!(items = val_iter_list(ev, v)))
		return -1;
	if ((int64_t)items->u.seq.n != n) {
		err_set(ev, TY_RuntimeError, "sequence argument must have length equal to input rank");
		rc = -1;
	}
	for (int i = 0; rc == 0 && i < n; i++)
		rc = val_as_double(ev, items->u.seq.items[i], &out[i]);
	val_decref(items);
	return rc;
}

struct value *ndi_zoom(struct eval *ev, const struct builtin *bi, int argc,
		       struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vz, *vout = NULL, *vord = NULL, *vmode = NULL, *vcval = NULL, *vpre = NULL,
		*vgrid = NULL;
	struct common c;
	struct ndarray *coef = NULL, *out = NULL;
	double zoom[ND_MAXDIM], factor[ND_MAXDIM];
	int64_t oshape[ND_MAXDIM], npad;
	int grid = 0, ones = 1;
	struct interp x = {0};
	if (args_parse(ev, "zoom", argc, argv, kw, "input,zoom|output,order,mode,cval,prefilter$grid_mode",
		       &vin, &vz, &vout, &vord, &vmode, &vcval, &vpre, &vgrid) < 0)
		return NULL;
	if (parse_common(ev, bi, "zoom", vin, vout, vord, vmode, vcval, vpre, 1, &c) < 0 ||
	    args_bool(ev, vgrid, 0, &grid) < 0 || seq_doubles(ev, vz, c.in->ndim, zoom) < 0)
		goto fail;
	for (int k = 0; k < c.in->ndim; k++) {
		oshape[k] = (int64_t)nearbyint((double)c.in->shape[k] * zoom[k]);
		ones &= zoom[k] == 1;
	}
	if (ones && c.prefilter) {
		out = arr_astype(ev, c.in, c.odt);
		nd_decref(c.in);
		return out ? arr_wrap(ev, out) : NULL;
	}
	for (int k = 0; k < c.in->ndim; k++) {
		int64_t div = grid ? oshape[k] : oshape[k] - 1, num = grid ? c.in->shape[k] : c.in->shape[k] - 1;
		factor[k] = div != 0 ? (double)num / (double)div : 1.0;
	}
	if (!(out = nd_new(ev, nd_backend(c.in), c.odt, c.in->ndim, oshape)) ||
	    !(coef = coefficients(ev, c.in, c.order, c.mode, c.prefilter, c.cval, &npad)))
		goto fail;
	x.zoom = factor;
	x.grid_mode = grid;
	x.order = c.order;
	x.mode = c.mode;
	x.cval = c.cval;
	x.npad = npad;
	if (interpolate(ev, &x, coef, out) < 0)
		goto fail;
	nd_decref(coef);
	nd_decref(c.in);
	return arr_wrap(ev, out);
fail:
	nd_decref(coef);
	nd_decref(out);
	nd_decref(c.in);
	return NULL;
}

struct value *ndi_shift(struct eval *ev, const struct builtin *bi, int argc,
			struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vs, *vout = NULL, *vord = NULL, *vmode = NULL, *vcval = NULL, *vpre = NULL;
	struct common c;
	struct ndarray *coef = NULL, *out = NULL;
	double shift[ND_MAXDIM];
	int64_t npad;
	struct interp x = {0};
	if (args_parse(ev, "shift", argc, argv, kw, "input,shift|output,order,mode,cval,prefilter",
		       &vin, &vs, &vout, &vord, &vmode, &vcval, &vpre) < 0)
		return NULL;
	if (parse_common(ev, bi, "shift", vin, vout, vord, vmode, vcval, vpre, 1, &c) < 0 ||
	    seq_doubles(ev, vs, c.in->ndim, shift) < 0)
		goto fail;
	for (int k = 0; k < c.in->ndim; k++)
		shift[k] = -shift[k];
	if (!(out = nd_new(ev, nd_backend(c.in), c.odt, c.in->ndim, c.in->shape)) ||
	    !(coef = coefficients(ev, c.in, c.order, c.mode, c.prefilter, c.cval, &npad)))
		goto fail;
	x.shift = shift;
	x.order = c.order;
	x.mode = c.mode;
	x.cval = c.cval;
	x.npad = npad;
	if (interpolate(ev, &x, coef, out) < 0)
		goto fail;
	nd_decref(coef);
	nd_decref(c.in);
	return arr_wrap(ev, out);
fail:
	nd_decref(coef);
	nd_decref(out);
	nd_decref(c.in);
	return NULL;
}

/* scipy.special.sindg / cosdg: exact at multiples of 90 degrees */
static void sincos_deg(double deg, double *s, double *c)
{
	double r = fmod(deg, 360.0);
	if (r < 0)
		r += 360.0;
	if (r == 0) { *s = 0; *c = 1; return; }
	if (r == 90) { *s = 1; *c = 0; return; }
	if (r == 180) { *s = 0; *c = -1; return; }
	if (r == 270) { *s = -1; *c = 0; return; }
	*s = sin(r * (M_PI / 180.0));
	*c = cos(r * (M_PI / 180.0));
}

struct value *ndi_rotate(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vang, *vaxes = NULL, *vresh = NULL, *vout = NULL, *vord = NULL, *vmode = NULL,
		*vcval = NULL, *vpre = NULL, *axl = NULL;
	struct common c;
	struct ndarray *out = NULL;
	double angle, cs, sn, m[4], off[2];
	int64_t ax[2] = {1, 0}, oshape[ND_MAXDIM];
	int reshape = 1, nd;
	if (args_parse(ev, "rotate", argc, argv, kw, "input,angle|axes,reshape,output,order,mode,cval,prefilter",
		       &vin, &vang, &vaxes, &vresh, &vout, &vord, &vmode, &vcval, &vpre) < 0)
		return NULL;
	if (parse_common(ev, bi, "rotate", vin, vout, vord, vmode, vcval, vpre, 2, &c) < 0 ||
	    val_as_double(ev, vang, &angle) < 0 || args_bool(ev, vresh, 1, &reshape) < 0)
		goto fail;
	nd = c.in->ndim;
	if (vaxes && vaxes->type != VT_NONE) {
		if (!(axl = val_iter_list(ev, vaxes)))
			goto fail;
		if (axl->u.seq.n != 2) {
			err_set(ev, TY_ValueError, "axes should contain exactly two values");
			goto fail;
		}
		for (int i = 0; i < 2; i++)
			if (val_as_int64(ev, axl->u.seq.items[i], &ax[i]) < 0)
				goto fail;
	}
	for (int i = 0; i < 2; i++)
		if (ax[i] < 0)
			ax[i] += nd;
	if (ax[0] < 0 || ax[1] < 0 || ax[0] >= nd || ax[1] >= nd) {
		err_set(ev, TY_ValueError, "invalid rotation plane specified");
		goto fail;
	}
	if (ax[0] > ax[1]) {
		int64_t t = ax[0];
		ax[0] = ax[1];
		ax[1] = t;
	}
	sincos_deg(angle, &sn, &cs);
	m[0] = cs; m[1] = sn; m[2] = -sn; m[3] = cs;
	for (int k = 0; k < nd; k++)
		oshape[k] = c.in->shape[k];
	{
		double iy = (double)c.in->shape[ax[0]], ix = (double)c.in->shape[ax[1]];
		double oc[2], ic[2];
		int64_t ops[2] = {c.in->shape[ax[0]], c.in->shape[ax[1]]};
		if (reshape) {
			double bx[4] = {0, 0, iy, iy}, by[4] = {0, ix, 0, ix};
			for (int r = 0; r < 2; r++) {
				double lo = 0, hi = 0;
				for (int j = 0; j < 4; j++) {
					double v = m[2 * r] * bx[j] + m[2 * r + 1] * by[j];
					if (j == 0 || v < lo)
						lo = v;
					if (j == 0 || v > hi)
						hi = v;
				}
				ops[r] = (int64_t)(hi - lo + 0.5);
			}
		}
		for (int r = 0; r < 2; r++) {
			double h0 = ((double)ops[0] - 1) / 2, h1 = ((double)ops[1] - 1) / 2;
			oc[r] = m[2 * r] * h0 + m[2 * r + 1] * h1;
			ic[r] = ((double)(r ? ix : iy) - 1) / 2;
			off[r] = ic[r] - oc[r];
		}
		oshape[ax[0]] = ops[0];
		oshape[ax[1]] = ops[1];
	}
	if (!(out = nd_new(ev, nd_backend(c.in), c.odt, nd, oshape)))
		goto fail;
	{
		/* every plane parallel to the axes is its own 2-D affine transform */
		int64_t planes = 1, p[ND_MAXDIM] = {0};
		struct interp x = {.matrix = m, .shift = off, .order = c.order, .mode = c.mode, .cval = c.cval};
		for (int k = 0; k < nd; k++)
			if (k != ax[0] && k != ax[1])
				planes *= oshape[k];
		for (int64_t q = 0; nd_size(out) && nd_size(c.in) && q < planes; q++) {
			int64_t ioff = c.in->offset, ooff = out->offset;
			int64_t ish[2] = {c.in->shape[ax[0]], c.in->shape[ax[1]]};
			int64_t ist[2] = {c.in->strides[ax[0]], c.in->strides[ax[1]]};
			int64_t osh[2] = {oshape[ax[0]], oshape[ax[1]]};
			int64_t ost[2] = {out->strides[ax[0]], out->strides[ax[1]]};
			struct ndarray *iv, *coef, *ov;
			int64_t npad;
			int rc;
			for (int k = 0; k < nd; k++)
				if (k != ax[0] && k != ax[1]) {
					ioff += p[k] * c.in->strides[k];
					ooff += p[k] * out->strides[k];
				}
			if (!(iv = nd_view(ev, c.in, c.in->dtype, 2, ish, ist, ioff)))
				goto fail;
			coef = coefficients(ev, iv, c.order, c.mode, c.prefilter, c.cval, &npad);
			nd_decref(iv);
			if (!coef)
				goto fail;
			if (!(ov = nd_view(ev, out, out->dtype, 2, osh, ost, ooff))) {
				nd_decref(coef);
				goto fail;
			}
			x.npad = npad;
			rc = interpolate(ev, &x, coef, ov);
			nd_decref(ov);
			nd_decref(coef);
			if (rc < 0)
				goto fail;
			for (int k = nd - 1; k >= 0; k--) {
				if (k == ax[0] || k == ax[1])
					continue;
				if (++p[k] < oshape[k])
					break;
				p[k] = 0;
			}
		}
	}
	val_decref(axl);
	nd_decref(c.in);
	return arr_wrap(ev, out);
fail:
	val_decref(axl);
	nd_decref(out);
	nd_decref(c.in);
	return NULL;
}
