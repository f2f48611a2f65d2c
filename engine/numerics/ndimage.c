/*
 * ndimage.c — scipy.ndimage's filters, written once above the backends:
 * SciPy's argument rules (output=, mode=, cval=, origin=, axis=, size= /
 * footprint=), its weights (Gaussian kernels, the convolution flip and
 * origin shift) and its pass structure (separable filters run one 1-D pass
 * per axis in the output's dtype, as SciPy does, so rounding matches).
 * Every pass is a struct stencil run by the input's backend.  Owns the
 * arr_ndimage_funcs table; interpolation lives in ndimage_interp.c.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "backend/host/host.h"
#include "numerics/ndimage.h"
#include "lang/args.h"
#include "lang/error.h"

/* ---- shared helpers (ndimage.h) ---- */

int ndi_parse_mode(struct eval *ev, struct value *v, int def, enum st_mode *mode)
{
	static const struct { const char *name; enum st_mode m; } modes[] = {
		{"reflect", ST_REFLECT}, {"grid-mirror", ST_REFLECT}, {"constant", ST_CONSTANT},
		{"grid-constant", ST_CONSTANT}, {"nearest", ST_NEAREST}, {"mirror", ST_MIRROR},
		{"wrap", ST_WRAP}, {"grid-wrap", ST_WRAP},
	};
	const char *s;
	*mode = (enum st_mode)def;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_LIST || v->type == VT_TUPLE)
		return err_set(ev, TY_RuntimeError, "A sequence of modes is not supported"), -1;
	s = val_as_cstr(v);
	for (size_t i = 0; s && i < sizeof modes / sizeof modes[0]; i++)
		if (!strcmp(s, modes[i].name)) {
			*mode = modes[i].m;
			return 0;
		}
	return err_set(ev, TY_RuntimeError, "boundary mode not supported"), -1;
}

struct ndarray *ndi_input(struct eval *ev, const struct backend *be, struct value *v,
			  const char *fname)
{
	struct ndarray *a = arr_asarray(ev, be, v, -1);
	if (!a)
		return NULL;
	if (dt_is_complex(a->dtype)) {
		nd_decref(a);
		return err_set(ev, TY_NotImplementedError,
			       "%s: complex input is not supported by Lumen", fname);
	}
	if (a->dtype == DT_FLOAT16) {
		nd_decref(a);
		return err_set(ev, TY_RuntimeError, "array type not supported");
	}
	return a;
}

struct ndarray *ndi_run(struct eval *ev, const char *fname, const struct stencil *s,
			const struct ndarray *in, int odt, const int64_t *oshape)
{
	const struct backend *be = nd_backend(in);
	struct ndarray *out;
	if (!be->stencil)
		return err_set(ev, TY_NotImplementedError,
			       "%s is not supported on the %s backend", fname, be->name);
	out = nd_new(ev, be, odt, in->ndim, oshape);
	if (out && be->stencil(ev, s, in, out) < 0) {
		nd_decref(out);
		return NULL;
	}
	return out;
}

/* ---- argument helpers ---- */

/* output=: None (the input's dtype), a dtype / type / string, or an array
 * of the input's shape that receives the result (and is returned). */
struct outspec {
	int dtype;
	struct ndarray *arr;    /* borrowed */
	struct value *v;
};

static int parse_output(struct eval *ev, struct value *v, const struct ndarray *in,
			struct outspec *o)
{
	o->dtype = in->dtype;
	o->arr = NULL;
	o->v = v;
	if (!v || v->type == VT_NONE)
		return 0;
	if ((o->arr = arr_borrow(v))) {
		if (o->arr->ndim != in->ndim ||
		    memcmp(o->arr->shape, in->shape, sizeof(int64_t) * (size_t)in->ndim))
			return err_set(ev, TY_RuntimeError, "output shape not correct"), -1;
		if (nd_backend(o->arr)->device != nd_backend(in)->device)
			return err_set(ev, TY_TypeError, "output must be on the input's device"), -1;
		o->dtype = o->arr->dtype;
	} else if (v->type == VT_STR) {
		int dt = dt_from_string(val_as_cstr(v));
		if (dt < 0)
			return err_set(ev, TY_TypeError, "data type '%s' not understood", val_as_cstr(v)), -1;
		if (dt == DT_BOOL)
			return err_set(ev, TY_RuntimeError, "output must have numeric dtype"), -1;
		o->dtype = dt;
	} else if (arr_parse_dtype(ev, v, &o->dtype) < 0) {
		return -1;
	}
	if (o->dtype == DT_FLOAT16)
		return err_set(ev, TY_RuntimeError, "array type not supported"), -1;
	if (dt_is_complex(o->dtype))
		return err_set(ev, TY_NotImplementedError, "complex output is not supported by Lumen"), -1;
	return 0;
}

/* The function's result: r itself, or r copied into output= (returned). */
static struct value *finish(struct eval *ev, struct ndarray *r, const struct outspec *o)
{
	if (!r)
		return NULL;
	if (o->arr) {
		int rc = nd_size(r) ? nd_backend(o->arr)->copy(ev, o->arr, r) : 0;
		nd_decref(r);
		return rc < 0 ? NULL : val_incref(o->v);
	}
	return arr_wrap(ev, r);
}

/* a per-axis number: a scalar for all n axes or a sequence of n, into
 * iout (integers) or else dout (floats) */
static int parse_seq(struct eval *ev, struct value *v, int n, int64_t *iout, double *dout)
{
	struct value *items;
	int rc = 0;
	if (v->type != VT_LIST && v->type != VT_TUPLE && !arr_borrow(v)) {
		if (iout ? val_as_int64(ev, v, &iout[0]) < 0 : val_as_double(ev, v, &dout[0]) < 0)
			return -1;
		for (int i = 1; i < n; i++) {
			if (iout)
				iout[i] = iout[0];
			else
				dout[i] = dout[0];
		}
		return 0;
	}
	if (!(items = val_iter_list(ev, v)))
		return -1;
	if ((int64_t)items->u.seq.n != n)
		err_set(ev, TY_RuntimeError, "sequence argument must have length equal to input rank"), rc = -1;
	for (int i = 0; rc == 0 && i < n; i++)
		rc = iout ? val_as_int64(ev, items->u.seq.items[i], &iout[i])
			  : val_as_double(ev, items->u.seq.items[i], &dout[i]);
	val_decref(items);
	return rc;
}

/* a per-axis integer (origin=, size=), def for all n axes when not given */
static int parse_seq_int(struct eval *ev, struct value *v, int64_t def, int n, int64_t *out,
			 const char *what)
{
	(void)what;
	if (!v || v->type == VT_NONE) {
		for (int i = 0; i < n; i++)
			out[i] = def;
		return 0;
	}
	return parse_seq(ev, v, n, out, NULL);
}

static int parse_seq_double(struct eval *ev, struct value *v, int n, double *out)
{
	return parse_seq(ev, v, n, NULL, out);
}

/* weights as a C-contiguous float64 host array */
static struct ndarray *host_f64(struct eval *ev, struct value *v)
{
	struct ndarray *a = arr_borrow(v), *h, *r;
	if (!a)
		return arr_asarray(ev, &backend_host, v, DT_FLOAT64);
	if (!(h = arr_to_backend(ev, a, &backend_host)))
		return NULL;
	r = arr_astype(ev, h, DT_FLOAT64);
	nd_decref(h);
	return r;
}

static int parse_cval(struct eval *ev, struct value *v, double *cval)
{
	return args_double(ev, v, 0.0, cval);
}

static int parse_axis(struct eval *ev, struct value *v, int ndim, int *axis)
{
	int64_t a;
	if (args_int(ev, v, -1, &a) < 0)
		return -1;
	return arr_normalize_axis(ev, a, ndim, axis);
}

static int reject_axes(struct eval *ev, struct value *axes, const char *fname)
{
	if (axes && axes->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s: axes= is not supported by Lumen", fname), -1;
	return 0;
}

/* ---- the passes ---- */

/* An n-D correlation with weights w (host float64, C-contiguous, in->ndim
 * dims) and per-axis origins: SciPy's NI_Correlate, whose footprint is the
 * weights with |w| > DBL_EPSILON. */
static struct ndarray *pass_correlate(struct eval *ev, const char *fname, const struct ndarray *in,
				      const struct ndarray *w, const int64_t *origin,
				      enum st_mode mode, double cval, int odt)
{
	struct stencil s = {.op = ST_CORRELATE, .mode = mode, .cval = cval, .ndim = in->ndim};
	int64_t nw = nd_size(w), *taps = NULL, nt = 0;
	double *wt = NULL;
	const double *wp = (const double *)nd_data(w);
	struct ndarray *r = NULL;
	for (int d = 0; d < in->ndim; d++) {
		s.box[d] = w->shape[d];
		s.start[d] = -(w->shape[d] / 2 + origin[d]);
	}
	taps = malloc(sizeof(int64_t) * (size_t)(nw * (in->ndim ? in->ndim : 1)));
	wt = malloc(sizeof(double) * (size_t)nw);
	if (!taps || !wt) {
		err_nomem(ev);
		goto done;
	}
	for (int64_t k = 0; k < nw; k++) {
		int64_t rem = k;
		if (!(fabs(wp[k]) > DBL_EPSILON))
			continue;
		for (int d = in->ndim - 1; d >= 0; d--) {
			taps[nt * in->ndim + d] = rem % w->shape[d];
			rem /= w->shape[d];
		}
		wt[nt++] = wp[k];
	}
	if (nt == 0) {
		/* an empty footprint sums nothing: zeros */
		struct npscalar z;
		memset(&z, 0, sizeof z);
		z.dtype = DT_FLOAT64;
		r = nd_new(ev, nd_backend(in), odt, in->ndim, in->shape);
		if (r && nd_size(r) && nd_backend(in)->fill(ev, r, &z) < 0) {
			nd_decref(r);
			r = NULL;
		}
		goto done;
	}
	s.ntaps = nt;
	s.taps = taps;
	s.weights = wt;
	r = ndi_run(ev, fname, &s, in, odt, in->shape);
done:
	free(taps);
	free(wt);
	return r;
}

/* A 1-D pass along axis with weights w[0..n), SciPy's NI_Correlate1D (its
 * symmetric / antisymmetric sums), or op ST_MIN/ST_MAX/ST_RANK/ST_UNIFORM
 * over a box of n. */
static struct ndarray *pass_1d(struct eval *ev, const char *fname, const struct ndarray *in,
			       enum st_op op, const double *w, int64_t n, int axis,
			       int64_t origin, enum st_mode mode, double cval, int odt)
{
	struct stencil s = {.op = op, .mode = mode, .cval = cval, .ndim = in->ndim};
	int64_t *taps = calloc((size_t)(n * in->ndim), sizeof(int64_t));
	struct ndarray *r;
	if (!taps)
		return err_nomem(ev);
	for (int d = 0; d < in->ndim; d++)
		s.box[d] = 1;
	s.box[axis] = n;
	s.start[axis] = -(n / 2 + origin);
	for (int64_t k = 0; k < n; k++)
		taps[k * in->ndim + axis] = k;
	s.ntaps = n;
	s.taps = taps;
	s.weights = w;
	if (op == ST_CORRELATE) {
		int64_t c = n / 2;
		s.sum1d = ST_SUM1D_GENERAL;
		if (n & 1) {
			int sym = 1, anti = 1;
			for (int64_t i = 1; i <= n / 2; i++) {
				if (fabs(w[c + i] - w[c - i]) > DBL_EPSILON)
					sym = 0;
				if (fabs(w[c + i] + w[c - i]) > DBL_EPSILON)
					anti = 0;
			}
			s.sum1d = sym ? ST_SUM1D_SYMMETRIC : anti ? ST_SUM1D_ANTISYMMETRIC : ST_SUM1D_GENERAL;
		}
	}
	r = ndi_run(ev, fname, &s, in, odt, in->shape);
	free(taps);
	return r;
}

/* ---- correlate / convolve ---- */

static struct value *correlate_nd(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, int conv)
{
	const char *fname = conv ? "convolve" : "correlate";
	struct value *vin, *vw, *vout = NULL, *vmode = NULL, *vcval = NULL, *vorg = NULL, *vaxes = NULL;
	struct ndarray *in = NULL, *w = NULL, *r = NULL;
	struct outspec o;
	enum st_mode mode;
	double cval;
	int64_t origin[ND_MAXDIM];
	if (args_parse(ev, fname, argc, argv, kw, "input,weights|output,mode,cval,origin$axes",
		       &vin, &vw, &vout, &vmode, &vcval, &vorg, &vaxes) < 0 ||
	    reject_axes(ev, vaxes, fname) < 0 || !(in = ndi_input(ev, arr_be(bi), vin, fname)))
		return NULL;
	if (!(w = host_f64(ev, vw)))
		goto fail;
	{
		int wnd = 0;
		for (int d = 0; d < w->ndim; d++)
			wnd += w->shape[d] > 0;
		if (wnd != in->ndim) {
			err_set(ev, TY_RuntimeError, "weights.ndim (%d) must match len(axes) (%d)", wnd, in->ndim);
			goto fail;
		}
	}
	if (parse_seq_int(ev, vorg, 0, in->ndim, origin, "origin") < 0)
		goto fail;
	if (conv) {
		/* flip the weights; origins negate, one less on even axes */
		struct ndarray *f = nd_new(ev, &backend_host, DT_FLOAT64, w->ndim, w->shape);
		int64_t n = nd_size(w);
		if (!f)
			goto fail;
		for (int64_t k = 0; k < n; k++)
			((double *)nd_data(f))[k] = ((double *)nd_data(w))[n - 1 - k];
		nd_decref(w);
		w = f;
		for (int d = 0; d < in->ndim; d++)
			origin[d] = -origin[d] - !(w->shape[d] & 1);
	}
	for (int d = 0; d < in->ndim; d++)
		if (origin[d] < -(w->shape[d] / 2) || origin[d] > (w->shape[d] - 1) / 2) {
			err_set(ev, TY_ValueError, "Invalid origin; origin must satisfy -(weights.shape[k] // 2) "
				"<= origin[k] <= (weights.shape[k]-1) // 2");
			goto fail;
		}
	if (parse_output(ev, vout, in, &o) < 0 || ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 ||
	    parse_cval(ev, vcval, &cval) < 0)
		goto fail;
	r = pass_correlate(ev, fname, in, w, origin, mode, cval, o.dtype);
	nd_decref(in);
	nd_decref(w);
	return finish(ev, r, &o);
fail:
	nd_decref(in);
	nd_decref(w);
	return NULL;
}

static struct value *fn_correlate(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return correlate_nd(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_convolve(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return correlate_nd(ev, bi, argc, argv, kw, 1);
}

static struct value *correlate_1d(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, int conv)
{
	const char *fname = conv ? "convolve1d" : "correlate1d";
	struct value *vin, *vw, *vaxis = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL, *vorg = NULL;
	struct ndarray *in = NULL, *w = NULL, *r = NULL;
	struct outspec o;
	enum st_mode mode;
	double cval, *wp;
	int64_t origin, n;
	int axis;
	if (args_parse(ev, fname, argc, argv, kw, "input,weights|axis,output,mode,cval,origin",
		       &vin, &vw, &vaxis, &vout, &vmode, &vcval, &vorg) < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, fname)))
		return NULL;
	if (!(w = host_f64(ev, vw)))
		goto fail;
	if (parse_output(ev, vout, in, &o) < 0)
		goto fail;
	if (w->ndim != 1 || w->shape[0] < 1) {
		err_set(ev, TY_RuntimeError, "no filter weights given");
		goto fail;
	}
	n = w->shape[0];
	wp = (double *)nd_data(w);
	if (args_int(ev, vorg, 0, &origin) < 0)
		goto fail;
	if (conv) {
		for (int64_t k = 0; k < n / 2; k++) {
			double t = wp[k];
			wp[k] = wp[n - 1 - k];
			wp[n - 1 - k] = t;
		}
		origin = -origin - !(n & 1);
	}
	if (parse_axis(ev, vaxis, in->ndim, &axis) < 0)
		goto fail;
	if (origin < -(n / 2) || origin > (n - 1) / 2) {
		err_set(ev, TY_ValueError, "Invalid origin; origin must satisfy -(len(weights) // 2) <= "
			"origin <= (len(weights)-1) // 2");
		goto fail;
	}
	if (ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 || parse_cval(ev, vcval, &cval) < 0)
		goto fail;
	r = pass_1d(ev, fname, in, ST_CORRELATE, wp, n, axis, origin, mode, cval, o.dtype);
	nd_decref(in);
	nd_decref(w);
	return finish(ev, r, &o);
fail:
	nd_decref(in);
	nd_decref(w);
	return NULL;
}

static struct value *fn_correlate1d(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	return correlate_1d(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_convolve1d(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return correlate_1d(ev, bi, argc, argv, kw, 1);
}

/* ---- Gaussian ---- */

/* SciPy's _gaussian_kernel1d(sigma, order, radius), reversed as
 * gaussian_filter1d passes it to correlate1d.  malloc'd, 2*radius+1. */
static double *gaussian_weights(struct eval *ev, double sigma, int64_t order, int64_t radius)
{
	int64_t n = 2 * radius + 1;
	double *phi = malloc(sizeof(double) * (size_t)n), *w = malloc(sizeof(double) * (size_t)n);
	double sigma2 = sigma * sigma, sum;
	if (!phi || !w) {
		free(phi);
		free(w);
		return err_nomem(ev);
	}
	for (int64_t i = 0; i < n; i++) {
		double x = (double)(i - radius);
		phi[i] = exp(-0.5 / sigma2 * (double)((i - radius) * (i - radius)));
		(void)x;
	}
	sum = host_pairwise_sum_d(phi, n);
	for (int64_t i = 0; i < n; i++)
		phi[i] = phi[i] / sum;
	if (order > 0) {
		/* q(x) * phi(x): q from Q' = D + P applied order times to e0 */
		double *q = calloc((size_t)order + 1, sizeof(double)), *t = calloc((size_t)order + 1, sizeof(double));
		if (!q || !t) {
			free(q);
			free(t);
			free(phi);
			free(w);
			return err_nomem(ev);
		}
		q[0] = 1;
		for (int64_t it = 0; it < order; it++) {
			/* (D + P) q: D[i][i+1] = i+1, P[i][i-1] = -1/sigma2 (dot order) */
			for (int64_t i = 0; i <= order; i++) {
				double acc = 0.0;
				for (int64_t j = 0; j <= order; j++) {
					double m = j == i + 1 ? (double)(i + 1) : j == i - 1 ? 1.0 / -sigma2 : 0.0;
					acc += m * q[j];
				}
				t[i] = acc;
			}
			memcpy(q, t, sizeof(double) * (size_t)(order + 1));
		}
		for (int64_t i = 0; i < n; i++) {
			double x = (double)(i - radius), acc = 0.0;
			for (int64_t j = 0; j <= order; j++) {
				double xp = 1.0;
				for (int64_t e = 0; e < j; e++)
					xp *= x;
				acc += xp * q[j];
			}
			phi[i] = acc * phi[i];
		}
		free(q);
		free(t);
	}
	for (int64_t i = 0; i < n; i++)
		w[i] = phi[n - 1 - i];
	free(phi);
	return w;
}

static struct ndarray *gaussian_pass(struct eval *ev, const struct ndarray *in, double sigma,
				     int64_t order, int axis, enum st_mode mode, double cval,
				     double truncate, struct value *vradius, int odt)
{
	int64_t radius = (int64_t)(truncate * sigma + 0.5);
	double *w;
	struct ndarray *r;
	if (order < 0)
		return err_set(ev, TY_ValueError, "order must be non-negative");
	if (vradius && vradius->type != VT_NONE) {
		if (vradius->type != VT_INT || vradius->u.i < 0)
			return err_set(ev, TY_ValueError, "Radius must be a nonnegative integer.");
		radius = vradius->u.i;
	}
	if (radius < 0)
		return err_set(ev, TY_ValueError, "Radius must be a nonnegative integer.");
	if (!(w = gaussian_weights(ev, sigma, order, radius)))
		return NULL;
	r = pass_1d(ev, "gaussian_filter", in, ST_CORRELATE, w, 2 * radius + 1, axis, 0, mode, cval, odt);
	free(w);
	return r;
}

static struct value *fn_gaussian_filter1d(struct eval *ev, const struct builtin *bi, int argc,
					  struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vs, *vaxis = NULL, *vord = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL,
		*vtr = NULL, *vrad = NULL;
	struct ndarray *in;
	struct outspec o;
	enum st_mode mode;
	double sigma, cval, truncate;
	int64_t order;
	int axis;
	if (args_parse(ev, "gaussian_filter1d", argc, argv, kw,
		       "input,sigma|axis,order,output,mode,cval,truncate$radius",
		       &vin, &vs, &vaxis, &vord, &vout, &vmode, &vcval, &vtr, &vrad) < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "gaussian_filter1d")))
		return NULL;
	if (val_as_double(ev, vs, &sigma) < 0 || parse_axis(ev, vaxis, in->ndim, &axis) < 0 ||
	    args_int(ev, vord, 0, &order) < 0 || parse_output(ev, vout, in, &o) < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 || parse_cval(ev, vcval, &cval) < 0 ||
	    args_double(ev, vtr, 4.0, &truncate) < 0) {
		nd_decref(in);
		return NULL;
	}
	struct ndarray *r = gaussian_pass(ev, in, sigma, order, axis, mode, cval, truncate, vrad, o.dtype);
	nd_decref(in);
	return finish(ev, r, &o);
}

/* Runs one 1-D pass per axis (skipping those whose `skip` is set), each
 * in the output's dtype; no pass: a copy of the input in that dtype. */
typedef struct ndarray *(*axis_pass_fn)(struct eval *ev, const struct ndarray *in, int axis,
					void *ctx, int odt);

static struct ndarray *separable(struct eval *ev, struct ndarray *in, const int *skip,
				 axis_pass_fn fn, void *ctx, int odt)
{
	struct ndarray *cur = nd_incref(in);
	int done = 0;
	for (int d = 0; d < in->ndim; d++) {
		struct ndarray *next;
		if (skip && skip[d])
			continue;
		next = fn(ev, cur, d, ctx, odt);
		nd_decref(cur);
		if (!(cur = next))
			return NULL;
		done = 1;
	}
	if (!done) {
		struct ndarray *c = arr_astype(ev, cur, odt);
		nd_decref(cur);
		return c;
	}
	return cur;
}

struct gauss_ctx {
	double sigma[ND_MAXDIM], truncate, cval;
	int64_t order[ND_MAXDIM];
	enum st_mode mode;
	struct value *radius;
};

static struct ndarray *gauss_axis(struct eval *ev, const struct ndarray *in, int axis, void *ctx,
				  int odt)
{
	struct gauss_ctx *g = ctx;
	return gaussian_pass(ev, in, g->sigma[axis], g->order[axis], axis, g->mode, g->cval,
			     g->truncate, g->radius, odt);
}

static struct value *fn_gaussian_filter(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vs, *vord = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL, *vtr = NULL,
		*vrad = NULL, *vaxes = NULL;
	struct ndarray *in, *r;
	struct outspec o;
	struct gauss_ctx g;
	int skip[ND_MAXDIM];
	if (args_parse(ev, "gaussian_filter", argc, argv, kw,
		       "input,sigma|order,output,mode,cval,truncate$radius,axes",
		       &vin, &vs, &vord, &vout, &vmode, &vcval, &vtr, &vrad, &vaxes) < 0 ||
	    reject_axes(ev, vaxes, "gaussian_filter") < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "gaussian_filter")))
		return NULL;
	g.radius = vrad;
	if (parse_output(ev, vout, in, &o) < 0 || parse_seq_double(ev, vs, in->ndim, g.sigma) < 0 ||
	    parse_seq_int(ev, vord, 0, in->ndim, g.order, "order") < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &g.mode) < 0 || parse_cval(ev, vcval, &g.cval) < 0 ||
	    args_double(ev, vtr, 4.0, &g.truncate) < 0) {
		nd_decref(in);
		return NULL;
	}
	for (int d = 0; d < in->ndim; d++)
		skip[d] = !(g.sigma[d] > 1e-15);
	r = separable(ev, in, skip, gauss_axis, &g, o.dtype);
	nd_decref(in);
	return finish(ev, r, &o);
}

/* ---- uniform ---- */

static struct ndarray *uniform_pass(struct eval *ev, const struct ndarray *in, int64_t size,
				    int axis, int64_t origin, enum st_mode mode, double cval, int odt)
{
	if (size < 1)
		return err_set(ev, TY_RuntimeError, "incorrect filter size");
	if (size / 2 + origin < 0 || size / 2 + origin >= size)
		return err_set(ev, TY_ValueError, "invalid origin");
	return pass_1d(ev, "uniform_filter", in, ST_UNIFORM, NULL, size, axis, origin, mode, cval, odt);
}

static struct value *fn_uniform_filter1d(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vsize, *vaxis = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL, *vorg = NULL;
	struct ndarray *in, *r;
	struct outspec o;
	enum st_mode mode;
	double cval;
	int64_t size, origin;
	int axis;
	if (args_parse(ev, "uniform_filter1d", argc, argv, kw, "input,size|axis,output,mode,cval,origin",
		       &vin, &vsize, &vaxis, &vout, &vmode, &vcval, &vorg) < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "uniform_filter1d")))
		return NULL;
	if (parse_axis(ev, vaxis, in->ndim, &axis) < 0 || val_as_int64(ev, vsize, &size) < 0 ||
	    parse_output(ev, vout, in, &o) < 0 || args_int(ev, vorg, 0, &origin) < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 || parse_cval(ev, vcval, &cval) < 0) {
		nd_decref(in);
		return NULL;
	}
	r = uniform_pass(ev, in, size, axis, origin, mode, cval, o.dtype);
	nd_decref(in);
	return finish(ev, r, &o);
}

struct box_ctx {
	int64_t size[ND_MAXDIM], origin[ND_MAXDIM];
	enum st_mode mode;
	enum st_op op;
	double cval;
};

static struct ndarray *box_axis(struct eval *ev, const struct ndarray *in, int axis, void *ctx, int odt)
{
	struct box_ctx *b = ctx;
	if (b->op == ST_UNIFORM)
		return uniform_pass(ev, in, b->size[axis], axis, b->origin[axis], b->mode, b->cval, odt);
	return pass_1d(ev, b->op == ST_MIN ? "minimum_filter" : "maximum_filter", in, b->op, NULL,
		       b->size[axis], axis, b->origin[axis], b->mode, b->cval, odt);
}

static struct value *fn_uniform_filter(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct value *vin, *vsize = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL, *vorg = NULL,
		*vaxes = NULL;
	struct ndarray *in, *r;
	struct outspec o;
	struct box_ctx b = {.op = ST_UNIFORM};
	int skip[ND_MAXDIM];
	if (args_parse(ev, "uniform_filter", argc, argv, kw, "input|size,output,mode,cval,origin$axes",
		       &vin, &vsize, &vout, &vmode, &vcval, &vorg, &vaxes) < 0 ||
	    reject_axes(ev, vaxes, "uniform_filter") < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "uniform_filter")))
		return NULL;
	if (parse_output(ev, vout, in, &o) < 0 || parse_seq_int(ev, vsize, 3, in->ndim, b.size, "size") < 0 ||
	    parse_seq_int(ev, vorg, 0, in->ndim, b.origin, "origin") < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &b.mode) < 0 || parse_cval(ev, vcval, &b.cval) < 0) {
		nd_decref(in);
		return NULL;
	}
	for (int d = 0; d < in->ndim; d++)
		skip[d] = b.size[d] <= 1;
	r = separable(ev, in, skip, box_axis, &b, o.dtype);
	nd_decref(in);
	return finish(ev, r, &o);
}

/* ---- minimum / maximum / median ---- */

static struct value *minmax_1d(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, enum st_op op)
{
	const char *fname = op == ST_MIN ? "minimum_filter1d" : "maximum_filter1d";
	struct value *vin, *vsize, *vaxis = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL, *vorg = NULL;
	struct ndarray *in, *r = NULL;
	struct outspec o;
	enum st_mode mode;
	double cval;
	int64_t size, origin;
	int axis;
	if (args_parse(ev, fname, argc, argv, kw, "input,size|axis,output,mode,cval,origin",
		       &vin, &vsize, &vaxis, &vout, &vmode, &vcval, &vorg) < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, fname)))
		return NULL;
	if (parse_axis(ev, vaxis, in->ndim, &axis) < 0 || val_as_int64(ev, vsize, &size) < 0 ||
	    parse_output(ev, vout, in, &o) < 0 || args_int(ev, vorg, 0, &origin) < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 || parse_cval(ev, vcval, &cval) < 0)
		goto done;
	if (size < 1)
		err_set(ev, TY_RuntimeError, "incorrect filter size");
	else if (size / 2 + origin < 0 || size / 2 + origin >= size)
		err_set(ev, TY_ValueError, "invalid origin");
	else
		r = pass_1d(ev, fname, in, op, NULL, size, axis, origin, mode, cval, o.dtype);
done:
	nd_decref(in);
	return r ? finish(ev, r, &o) : NULL;
}

static struct value *fn_minimum_filter1d(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	return minmax_1d(ev, bi, argc, argv, kw, ST_MIN);
}

static struct value *fn_maximum_filter1d(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	return minmax_1d(ev, bi, argc, argv, kw, ST_MAX);
}

/* minimum_filter / maximum_filter / median_filter: size= or footprint= */
static struct value *rank_nd(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw, enum st_op op,
			     const char *fname)
{
	struct value *vin, *vsize = NULL, *vfp = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL,
		*vorg = NULL, *vaxes = NULL;
	struct ndarray *in, *fp = NULL, *r = NULL;
	struct outspec o;
	struct stencil s = {.op = op};
	int64_t *taps = NULL, nt = 0, origin[ND_MAXDIM], box[ND_MAXDIM];
	if (args_parse(ev, fname, argc, argv, kw, "input|size,footprint,output,mode,cval,origin$axes",
		       &vin, &vsize, &vfp, &vout, &vmode, &vcval, &vorg, &vaxes) < 0 ||
	    reject_axes(ev, vaxes, fname) < 0)
		return NULL;
	if (vfp && vfp->type == VT_NONE)
		vfp = NULL;
	if (vsize && vsize->type == VT_NONE)
		vsize = NULL;
	if (!vfp && !vsize)
		return err_set(ev, TY_RuntimeError, op == ST_RANK ? "no footprint or filter size provided"
			       : "no footprint provided");
	if (!(in = arr_asarray(ev, arr_be(bi), vin, -1)))
		return NULL;
	if (dt_is_complex(in->dtype)) {
		err_set(ev, TY_TypeError, "Complex type not supported");
		goto done;
	}
	if (in->dtype == DT_FLOAT16) {
		err_set(ev, TY_RuntimeError, "array type not supported");
		goto done;
	}
	s.ndim = in->ndim;
	if (vfp) {
		struct ndarray *f = host_f64(ev, vfp);
		int fnd = 0;
		if (!f)
			goto done;
		fp = f;
		for (int d = 0; d < f->ndim; d++)
			fnd += f->shape[d] > 0;
		if (fnd != in->ndim) {
			err_set(ev, TY_RuntimeError, "footprint.ndim (%d) must match len(axes) (%d)",
				f->ndim, in->ndim);
			goto done;
		}
		for (int d = 0; d < in->ndim; d++)
			box[d] = f->shape[d];
	} else if (parse_seq_int(ev, vsize, 0, in->ndim, box, "size") < 0) {
		goto done;
	}
	if (parse_seq_int(ev, vorg, 0, in->ndim, origin, "origin") < 0 ||
	    parse_output(ev, vout, in, &o) < 0 || ndi_parse_mode(ev, vmode, ST_REFLECT, &s.mode) < 0 ||
	    parse_cval(ev, vcval, &s.cval) < 0)
		goto done;
	{
		int64_t nbox = 1;
		for (int d = 0; d < in->ndim; d++) {
			if (box[d] < 1) {
				err_set(ev, TY_RuntimeError, "incorrect filter size");
				goto done;
			}
			nbox *= box[d];
		}
		taps = malloc(sizeof(int64_t) * (size_t)(nbox * (in->ndim ? in->ndim : 1)));
		if (!taps) {
			err_nomem(ev);
			goto done;
		}
		for (int64_t k = 0; k < nbox; k++) {
			int64_t rem = k;
			if (fp && ((double *)nd_data(fp))[k] == 0)
				continue;
			for (int d = in->ndim - 1; d >= 0; d--) {
				taps[nt * in->ndim + d] = rem % box[d];
				rem /= box[d];
			}
			nt++;
		}
	}
	if (nt == 0) {
		err_set(ev, op == ST_RANK ? TY_RuntimeError : TY_ValueError, op == ST_RANK
			? "rank not within filter footprint size" : "All-zero footprint is not supported.");
		goto done;
	}
	for (int d = 0; d < in->ndim; d++) {
		if (box[d] / 2 + origin[d] < 0 || box[d] / 2 + origin[d] >= box[d]) {
			err_set(ev, TY_ValueError, "invalid origin");
			goto done;
		}
		s.box[d] = box[d];
		s.start[d] = -(box[d] / 2 + origin[d]);
	}
	s.ntaps = nt;
	s.taps = taps;
	s.rank = nt / 2;
	if (op == ST_RANK && (s.rank == 0 || s.rank == nt - 1))
		s.op = s.rank == 0 ? ST_MIN : ST_MAX;
	r = ndi_run(ev, fname, &s, in, o.dtype, in->shape);
done:
	free(taps);
	nd_decref(fp);
	nd_decref(in);
	return r ? finish(ev, r, &o) : NULL;
}

static struct value *fn_minimum_filter(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	return rank_nd(ev, bi, argc, argv, kw, ST_MIN, "minimum_filter");
}

static struct value *fn_maximum_filter(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	return rank_nd(ev, bi, argc, argv, kw, ST_MAX, "maximum_filter");
}

static struct value *fn_median_filter(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	return rank_nd(ev, bi, argc, argv, kw, ST_RANK, "median_filter");
}

/* ---- derivatives ---- */

static struct value *fn_sobel(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	static const double diff[3] = {-1, 0, 1}, smooth[3] = {1, 2, 1};
	struct value *vin, *vaxis = NULL, *vout = NULL, *vmode = NULL, *vcval = NULL;
	struct ndarray *in, *cur;
	struct outspec o;
	enum st_mode mode;
	double cval;
	int axis;
	if (args_parse(ev, "sobel", argc, argv, kw, "input|axis,output,mode,cval",
		       &vin, &vaxis, &vout, &vmode, &vcval) < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "sobel")))
		return NULL;
	if (parse_axis(ev, vaxis, in->ndim, &axis) < 0 || parse_output(ev, vout, in, &o) < 0 ||
	    ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 || parse_cval(ev, vcval, &cval) < 0) {
		nd_decref(in);
		return NULL;
	}
	cur = pass_1d(ev, "sobel", in, ST_CORRELATE, diff, 3, axis, 0, mode, cval, o.dtype);
	nd_decref(in);
	for (int d = 0; cur && d < cur->ndim; d++) {
		struct ndarray *next;
		if (d == axis)
			continue;
		next = pass_1d(ev, "sobel", cur, ST_CORRELATE, smooth, 3, d, 0, mode, cval, o.dtype);
		nd_decref(cur);
		cur = next;
	}
	return finish(ev, cur, &o);
}

static struct value *fn_laplace(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	static const double d2[3] = {1, -2, 1};
	struct value *vin, *vout = NULL, *vmode = NULL, *vcval = NULL, *vaxes = NULL, *acc = NULL;
	struct ndarray *in, *cur;
	struct outspec o;
	enum st_mode mode;
	double cval;
	if (args_parse(ev, "laplace", argc, argv, kw, "input|output,mode,cval$axes",
		       &vin, &vout, &vmode, &vcval, &vaxes) < 0 || reject_axes(ev, vaxes, "laplace") < 0 ||
	    !(in = ndi_input(ev, arr_be(bi), vin, "laplace")))
		return NULL;
	if (parse_output(ev, vout, in, &o) < 0 || ndi_parse_mode(ev, vmode, ST_REFLECT, &mode) < 0 ||
	    parse_cval(ev, vcval, &cval) < 0) {
		nd_decref(in);
		return NULL;
	}
	if (in->ndim == 0) {
		cur = arr_astype(ev, in, o.dtype);
		nd_decref(in);
		return finish(ev, cur, &o);
	}
	for (int d = 0; d < in->ndim; d++) {
		struct value *t, *sum;
		cur = pass_1d(ev, "laplace", in, ST_CORRELATE, d2, 3, d, 0, mode, cval, o.dtype);
		if (!cur || !(t = arr_wrap(ev, cur))) {
			val_decref(acc);
			nd_decref(in);
			return NULL;
		}
		if (!acc) {
			acc = t;
			continue;
		}
		/* output += tmp, in the output's dtype */
		{
			struct value *pair[2] = {acc, t};
			sum = arr_ufunc_call(ev, arr_be(bi), "add", 2, pair, acc);
		}
		val_decref(t);
		if (!sum) {
			val_decref(acc);
			nd_decref(in);
			return NULL;
		}
		val_decref(sum);
	}
	nd_decref(in);
	cur = nd_incref(arr_borrow(acc));
	val_decref(acc);
	return finish(ev, cur, &o);
}

const struct arr_func arr_ndimage_funcs[] = {
	{"correlate", fn_correlate,
	 "correlate(input, weights, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Multidimensional correlation."},
	{"convolve", fn_convolve,
	 "convolve(input, weights, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Multidimensional convolution."},
	{"correlate1d", fn_correlate1d,
	 "correlate1d(input, weights, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
	 "Calculate a 1-D correlation along the given axis."},
	{"convolve1d", fn_convolve1d,
	 "convolve1d(input, weights, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
	 "Calculate a 1-D convolution along the given axis."},
	{"gaussian_filter", fn_gaussian_filter,
	 "gaussian_filter(input, sigma, order=0, output=None, mode='reflect', cval=0.0, truncate=4.0, *, radius=None, axes=None)",
	 "Multidimensional Gaussian filter."},
	{"gaussian_filter1d", fn_gaussian_filter1d,
	 "gaussian_filter1d(input, sigma, axis=-1, order=0, output=None, mode='reflect', cval=0.0, truncate=4.0, *, radius=None)",
	 "1-D Gaussian filter."},
	{"uniform_filter", fn_uniform_filter,
	 "uniform_filter(input, size=3, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Multidimensional uniform filter."},
	{"uniform_filter1d", fn_uniform_filter1d,
	 "uniform_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
	 "Calculate a 1-D uniform filter along the given axis."},
	{"median_filter", fn_median_filter,
	 "median_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Calculate a multidimensional median filter."},
	{"maximum_filter", fn_maximum_filter,
	 "maximum_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Calculate a multidimensional maximum filter."},
	{"minimum_filter", fn_minimum_filter,
	 "minimum_filter(input, size=None, footprint=None, output=None, mode='reflect', cval=0.0, origin=0, *, axes=None)",
	 "Calculate a multidimensional minimum filter."},
	{"maximum_filter1d", fn_maximum_filter1d,
	 "maximum_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
	 "Calculate a 1-D maximum filter along the given axis."},
	{"minimum_filter1d", fn_minimum_filter1d,
	 "minimum_filter1d(input, size, axis=-1, output=None, mode='reflect', cval=0.0, origin=0)",
	 "Calculate a 1-D minimum filter along the given axis."},
	{"sobel", fn_sobel, "sobel(input, axis=-1, output=None, mode='reflect', cval=0.0)",
	 "Calculate a Sobel filter."},
	{"laplace", fn_laplace, "laplace(input, output=None, mode='reflect', cval=0.0, *, axes=None)",
	 "N-D Laplace filter based on approximate second derivatives."},
	{"zoom", ndi_zoom,
	 "zoom(input, zoom, output=None, order=3, mode='constant', cval=0.0, prefilter=True, *, grid_mode=False)",
	 "Zoom an array."},
	{"shift", ndi_shift,
	 "shift(input, shift, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
	 "Shift an array."},
	{"rotate", ndi_rotate,
	 "rotate(input, angle, axes=(1, 0), reshape=True, output=None, order=3, mode='constant', cval=0.0, prefilter=True)",
	 "Rotate an array."},
	{NULL, NULL, NULL, NULL},
};
