/*
 * ndimage_interp.c — scipy.ndimage's geometric transforms (zoom, shift,
 * rotate) on the host: SciPy 1.17's spline prefilter (ni_splines.c: the
 * poles, the mode's initial conditions, the 12-sample pre-padding of
 * 'nearest' and 'grid-constant'), its coordinate mapping (map_coordinate)
 * and its NI_ZoomShift / NI_GeometricTransform sums, with its rounding of
 * integer outputs.  Written once above the backends (the prefilter and the
 * interpolation are backend entries); this file also holds the host's.
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

/* ---- the spline prefilter (ni_splines.c) ---- */

static int filter_poles(int order, double *poles)
{
	switch (order) {
	case 2: poles[0] = -0.171572875253809902396622551580603843; return 1;
	case 3: poles[0] = -0.267949192431122706472553658494127633; return 1;
	case 4:
		poles[0] = -0.361341225900220177092212841325675255;
		poles[1] = -0.013725429297339121360331226939128204;
		return 2;
	default:
		poles[0] = -0.430575347099973791851434783493520110;
		poles[1] = -0.043096288203264653822712376822550182;
		return 2;
	}
}

static void causal_mirror(double *c, int64_t n, double z)
{
	double z_i = z, z_n_1 = pow(z, (double)(n - 1));
	c[0] = c[0] + z_n_1 * c[n - 1];
	for (int64_t i = 1; i < n - 1; ++i) {
		c[0] += z_i * (c[i] + z_n_1 * c[n - 1 - i]);
		z_i *= z;
	}
	c[0] /= 1 - z_n_1 * z_n_1;
}

static void anticausal_mirror(double *c, int64_t n, double z)
{
	c[n - 1] = (z * c[n - 2] + c[n - 1]) * z / (z * z - 1);
}

static void causal_wrap(double *c, int64_t n, double z)
{
	double z_i = z;
	for (int64_t i = 1; i < n; ++i) {
		c[0] += z_i * c[n - i];
		z_i *= z;
	}
	c[0] /= 1 - z_i;
}

static void anticausal_wrap(double *c, int64_t n, double z)
{
	double z_i = z;
	for (int64_t i = 0; i < n - 1; ++i) {
		c[n - 1] += z_i * c[i];
		z_i *= z;
	}
	c[n - 1] *= z / (z_i - 1);
}

static void causal_reflect(double *c, int64_t n, double z)
{
	double z_i = z, z_n = pow(z, (double)n), c0 = c[0];
	c[0] = c[0] + z_n * c[n - 1];
	for (int64_t i = 1; i < n; ++i) {
		c[0] += z_i * (c[i] + z_n * c[n - 1 - i]);
		z_i *= z;
	}
	c[0] *= z / (1 - z_n * z_n);
	c[0] += c0;
}

static void anticausal_reflect(double *c, int64_t n, double z)
{
	c[n - 1] *= z / (z - 1);
}

/* apply_filter: the gain, then a causal and an anticausal pass per pole */
static void spline_line(double *c, int64_t n, int order, int mode)
{
	double poles[2], gain = 1.0;
	int np = filter_poles(order, poles);
	void (*causal)(double *, int64_t, double), (*anti)(double *, int64_t, double);
	switch (mode) {
	case IM_GRID_WRAP:
		causal = causal_wrap;
		anti = anticausal_wrap;
		break;
	case IM_NEAREST:
	case IM_REFLECT:
		causal = causal_reflect;
		anti = anticausal_reflect;
		break;
	default:
		causal = causal_mirror;
		anti = anticausal_mirror;
		break;
	}
	for (int k = 0; k < np; k++)
		gain *= (1.0 - poles[k]) * (1.0 - 1.0 / poles[k]);
	for (int64_t i = 0; i < n; i++)
		c[i] *= gain;
	for (int k = 0; k < np; k++) {
		double z = poles[k];
		causal(c, n, z);
		for (int64_t i = 1; i < n; ++i)
			c[i] += z * c[i - 1];
		anti(c, n, z);
		for (int64_t i = n - 2; i >= 0; --i)
			c[i] = z * (c[i + 1] - c[i]);
	}
}

/* the host's spline_prefilter entry: every line of axis of c, in place */
int ndi_host_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode)
{
	double *d = (double *)nd_data(c), *line;
	int64_t n = nd_size(c), len = c->shape[axis], inner = 1, outer;
	if (len <= 1 || n == 0)
		return 0;
	for (int k = axis + 1; k < c->ndim; k++)
		inner *= c->shape[k];
	outer = n / (len * inner);
	if (!(line = malloc(sizeof(double) * (size_t)len)))
		return err_nomem(ev), -1;
	for (int64_t o = 0; o < outer; o++)
		for (int64_t i = 0; i < inner; i++) {
			double *p = d + o * len * inner + i;
			for (int64_t k = 0; k < len; k++)
				line[k] = p[k * inner];
			spline_line(line, len, order, mode);
			for (int64_t k = 0; k < len; k++)
				p[k * inner] = line[k];
		}
	free(line);
	return 0;
}

/* ---- interpolation (ni_interpolation.c) ---- */

static double map_coordinate(double in, int64_t len, int mode)
{
	if (in < 0) {
		switch (mode) {
		case IM_MIRROR:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len - 2;
				in = sz2 * (int64_t)(-in / sz2) + in;
				return in <= 1 - len ? in + sz2 : -in;
			}
		case IM_REFLECT:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len;
				if (in < -sz2)
					in = sz2 * (int64_t)(-in / sz2) + in;
				return in < -len ? in + sz2 : (in > -1e-15 ? 1e-15 : -in) - 1;
			}
		case IM_WRAP:
			if (len <= 1)
				return 0;
			{
				int64_t sz = len - 1;
				return in + sz * ((int64_t)(-in / sz) + 1);
			}
		case IM_GRID_WRAP:
			if (len <= 1)
				return 0;
			return in + len * ((int64_t)((-1 - in) / len) + 1);
		case IM_NEAREST:
			return 0;
		case IM_CONSTANT:
			return -1;
		}
	} else if (in > len - 1) {
		switch (mode) {
		case IM_MIRROR:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len - 2;
				in -= sz2 * (int64_t)(in / sz2);
				return in >= len ? sz2 - in : in;
			}
		case IM_REFLECT:
			if (len <= 1)
				return 0;
			{
				int64_t sz2 = 2 * len;
				in -= sz2 * (int64_t)(in / sz2);
				return in >= len ? sz2 - in - 1 : in;
			}
		case IM_WRAP:
			if (len <= 1)
				return 0;
			return in - (len - 1) * (int64_t)(in / (len - 1));
		case IM_GRID_WRAP:
			if (len <= 1)
				return 0;
			return in - len * (int64_t)(in / len);
		case IM_NEAREST:
			return (double)(len - 1);
		case IM_CONSTANT:
			return -1;
		}
	}
	return in;
}

static void spline_weights(double x, int order, double *w)
{
	double y, z, t;
	x -= floor(order & 1 ? x : x + 0.5);
	y = x;
	z = 1.0 - x;
	switch (order) {
	case 1:
		w[0] = 1.0 - x;
		break;
	case 2:
		w[1] = 0.75 - x * x;
		y = 0.5 - x;
		w[0] = 0.5 * y * y;
		break;
	case 3:
		w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
		w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
		w[0] = z * z * z / 6.0;
		break;
	case 4:
		t = x * x;
		w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0;
		y = 1.0 + x;
		w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
		w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
		y = 0.5 - x;
		t = y * y;
		w[0] = t * t / 24.0;
		break;
	case 5:
		t = y * y;
		w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
		t = z * z;
		w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55;
		y += 1.0;
		w[1] = y * (y * (y * (y * (y / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
		z += 1.0;
		w[4] = z * (z * (z * (z * (z / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
		y = 1.0 - x;
		t = y * y;
		w[0] = y * t * t / 120.0;
		break;
	default:
		break;
	}
	w[order] = 1.0;
	for (int i = 0; i < order; ++i)
		w[order] -= w[i];
}

/* CASE_INTERP_OUT(_INT/_UINT): integers round half away from zero and clamp */
static void interp_store(int dt, char *p, double t)
{
	double lo = 0, hi = 0;
	switch (dt) {
	case DT_FLOAT32: *(float *)p = (float)t; return;
	case DT_FLOAT64: *(double *)p = t; return;
	case DT_BOOL: *(uint8_t *)p = (uint8_t)(int64_t)t; return;
	case DT_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
	case DT_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
	case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
	case DT_INT64: lo = (double)INT64_MIN; hi = (double)INT64_MAX; break;
	case DT_UINT8: hi = UINT8_MAX; break;
	case DT_UINT16: hi = UINT16_MAX; break;
	case DT_UINT32: hi = UINT32_MAX; break;
	default: hi = (double)UINT64_MAX; break;
	}
	if (dtype_table[dt].kind == DK_UINT)
		t = t > 0 ? t + 0.5 : 0;
	else
		t = t > 0 ? t + 0.5 : t - 0.5;
	t = t > hi ? hi : t;
	t = t < lo ? lo : t;
	switch (dt) {
	case DT_INT8: *(int8_t *)p = (int8_t)t; break;
	case DT_INT16: *(int16_t *)p = (int16_t)t; break;
	case DT_INT32: *(int32_t *)p = (int32_t)t; break;
	case DT_INT64: *(int64_t *)p = t >= 9223372036854775807.0 ? INT64_MAX : (int64_t)t; break;
	case DT_UINT8: *(uint8_t *)p = (uint8_t)t; break;
	case DT_UINT16: *(uint16_t *)p = (uint16_t)t; break;
	case DT_UINT32: *(uint32_t *)p = (uint32_t)t; break;
	default: *(uint64_t *)p = t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t; break;
	}
}

/* the host's interpolate entry (backend.h) */
int ndi_host_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
			 struct ndarray *out)
{
	int nd = c->ndim, order = x->order;
	int spline_mode = x->mode == IM_CONSTANT || x->mode == IM_WRAP ? IM_MIRROR : x->mode;
	int64_t o[ND_MAXDIM] = {0}, n = 1, fsize = 1, cstr[ND_MAXDIM];
	int64_t start[ND_MAXDIM], eidx[ND_MAXDIM][6];
	double w[ND_MAXDIM][6];
	char gc[ND_MAXDIM][6];
	const double *cd = (const double *)nd_data(c);
	for (int k = 0; k < out->ndim; k++)
		n *= out->shape[k];
	for (int k = nd - 1; k >= 0; k--)
		cstr[k] = k == nd - 1 ? 1 : cstr[k + 1] * c->shape[k + 1];
	for (int k = 0; k < nd; k++)
		fsize *= order + 1;
	for (int64_t i = 0; i < n; i++) {
		double t = 0.0;
		int constant = 0;
		for (int k = 0; k < nd && !constant; k++) {
			double cc;
			if (x->matrix) {
				const double *p = x->matrix + k * out->ndim;
				int l = 0;
				cc = x->shift[k];
				for (; l + 1 < out->ndim; l += 2) {
					cc += (double)o[l] * p[l];
					cc += (double)o[l + 1] * p[l + 1];
				}
				if (l < out->ndim)
					cc += (double)o[l] * p[l];
			} else {
				cc = (double)o[k];
				if (x->shift)
					cc += x->shift[k];
				if (x->zoom)
					cc = x->grid_mode ? (cc + 0.5) * x->zoom[k] - 0.5 : cc * x->zoom[k];
			}
			cc += (double)x->npad;
			if (x->mode != IM_GRID_CONSTANT && x->mode != IM_NEAREST)
				cc = map_coordinate(cc, c->shape[k], x->mode);
			if (!(cc > -1.0 || x->mode == IM_GRID_CONSTANT || x->mode == IM_NEAREST)) {
				constant = 1;
				break;
			}
			start[k] = order & 1 ? (int64_t)floor(cc) - order / 2 : (int64_t)floor(cc + 0.5) - order / 2;
			for (int h = 0; h <= order; h++) {
				int64_t idx = start[k] + h;
				gc[k][h] = 0;
				if (x->mode == IM_GRID_CONSTANT)
					gc[k][h] = idx < 0 || idx >= c->shape[k];
				else if (start[k] < 0 || start[k] + order >= c->shape[k])
					idx = (int64_t)map_coordinate((double)idx, c->shape[k], spline_mode);
				eidx[k][h] = idx;
			}
			if (order > 0)
				spline_weights(cc, order, w[k]);
		}
		if (!constant) {
			int64_t f[ND_MAXDIM] = {0};
			for (int64_t h = 0; h < fsize; h++) {
				double coeff;
				int is_cval = 0;
				int64_t off = 0;
				for (int k = 0; k < nd; k++) {
					is_cval |= gc[k][f[k]];
					off += eidx[k][f[k]] * cstr[k];
				}
				coeff = is_cval ? x->cval : cd[off];
				if (order > 0)
					for (int k = 0; k < nd; k++)
						coeff *= w[k][f[k]];
				t += coeff;
				for (int k = nd - 1; k >= 0; k--) {
					if (++f[k] <= order)
						break;
					f[k] = 0;
				}
			}
		} else {
			t = x->cval;
		}
		{
			int64_t off = 0;
			for (int k = 0; k < out->ndim; k++)
				off += o[k] * out->strides[k];
			interp_store(out->dtype, nd_data(out) + off, t);
		}
		for (int k = out->ndim - 1; k >= 0; k--) {
			if (++o[k] < out->shape[k])
				break;
			o[k] = 0;
		}
		if ((i & 65535) == 65535 && ev_check_interrupt(ev))
			return -1;
	}
	return 0;
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
