/*
 * random.c — numpy.random: the legacy RandomState functions (each draws from
 * the state rnd_legacy_src gives: the global one, or a RandomState object's,
 * random_state.c; MT19937, mt19937.c) and the Generator objects over a bit
 * generator object (random_bitgen.c; default_rng's PCG64, pcg64.c),
 * reproducing NumPy's sequences exactly: uniform, normal and integer draws
 * and the parameter helpers here; the other distributions in random_dist.c
 * and random_multi.c, permutation/shuffle/choice in random_choice.c.  Values are
 * drawn on the host; a device namespace gets them copied over unless its
 * backend has a struct backend_random (cuRAND: cp.random's own streams:
 * the namespace's, a RandomState's, and each Generator's, made at its first
 * device draw and seeded by its bit generator, rnd_src_dev).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "pyobj/bigint.h"
#include "lang/error.h"
#include "random/random_int.h"
#include "array/nscall.h"
#include "ufunc/fpe.h"

/* ---- argument helpers ---- */

int rnd_parse_size(struct eval *ev, struct value *v, int *nd, int64_t *shape)
{
	if (!v || v->type == VT_NONE) {
		*nd = -1;
		return 0;
	}
	return arr_parse_shape(ev, v, nd, shape);
}



int rnd_bcast_check(struct eval *ev, int n, const int *ndims, const int64_t *const *shapes)
{
	int nd = 0;
	for (int j = 0; j < n; j++)
		nd = ndims[j] > nd ? ndims[j] : nd;
	for (int i = 0; i < nd; i++) {
		int64_t dim = 1;
		int src = 0;
		for (int j = 0; j < n; j++) {
			int k = i + ndims[j] - nd;
			int64_t t = k >= 0 ? shapes[j][k] : 1;
			if (t == 1)
				continue;
			if (dim == 1) {
				dim = t;
				src = j;
			} else if (dim != t) {
				char s1[160], s2[160];
				arr_format_shape(s1, sizeof s1, ndims[src], shapes[src]);
				arr_format_shape(s2, sizeof s2, ndims[j], shapes[j]);
				return err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single "
					       "shape.  Mismatch is between arg %d with shape %s and arg %d with shape %s.",
					       src, s1, j, s2), -1;
			}
		}
	}
	return 0;
}

int rnd_parse_params(struct eval *ev, int np, struct value **pv, const double *defs,
		     struct rparam *out, int *nd, int64_t *shape)
{
	struct ndarray *arrs[4] = {NULL};
	int anyarr = 0, rc = -1;
	for (int i = 0; i < np; i++) {
		out[i].a = NULL; /* all of them: the error path below frees each */
		out[i].x = defs[i];
	}
	for (int i = 0; i < np; i++) {
		if (!pv[i] || pv[i]->type == VT_NONE)
			continue;
		struct ndarray *own = arr_borrow(pv[i]);
		if (own) {
			/* an array (cp ones too: CuPy takes them): its items, on the host */
			arrs[i] = arr_host_c(ev, own, DT_FLOAT64);
			if (!arrs[i])
				goto out;
			anyarr = 1;
		} else if (is_arraylike(pv[i])) {
			arrs[i] = arr_asarray(ev, &backend_host, pv[i], DT_FLOAT64);
			if (!arrs[i])
				goto out;
			anyarr = 1;
		} else if (val_as_double(ev, pv[i], &out[i].x) < 0)
			goto out;
	}
	if (anyarr) {
		int bnd = 0;
		int64_t bsh[ND_MAXDIM];
		const struct ndarray *list[4];
		int nl = 0, nds[5], m = 0;
		const int64_t *shs[5];
		/* np.broadcast(empty(size), *params) as NumPy's cont/disc make it
		 * (scalar parameters 0-d arguments) */
		if (*nd >= 0) {
			nds[m] = *nd;
			shs[m++] = shape;
		}
		for (int i = 0; i < np; i++) {
			nds[m] = arrs[i] ? arrs[i]->ndim : 0;
			shs[m++] = arrs[i] ? arrs[i]->shape : NULL;
		}
		if (rnd_bcast_check(ev, m, nds, shs) < 0)
			goto out;
		for (int i = 0; i < np; i++)
			if (arrs[i])
				list[nl++] = arrs[i];
		if (arr_broadcast_shapes(ev, nl, list, &bnd, bsh) < 0)
			goto out;
		if (*nd < 0) {
			*nd = bnd;
			memcpy(shape, bsh, sizeof(int64_t) * bnd);
		}
		for (int i = 0; i < np; i++) {
			if (!arrs[i])
				continue;
			struct ndarray *b = arr_broadcast_to(ev, arrs[i], *nd, shape);
			if (!b)
				goto out;
			struct ndarray *c = nd_new(ev, &backend_host, DT_FLOAT64, *nd, shape);
			if (!c || (nd_size(c) && backend_host.copy(ev, c, b) < 0)) {
				nd_decref(b);
				nd_decref(c);
				goto out;
			}
			nd_decref(b);
			out[i].a = c;
		}
	}
	rc = 0;
out:
	for (int i = 0; i < np; i++)
		nd_decref(arrs[i]);
	if (rc < 0)
		for (int i = 0; i < np; i++) {
			nd_decref(out[i].a);
			out[i].a = NULL;
		}
	return rc;
}

void rnd_params_free(struct rparam *p, int n)
{
	for (int i = 0; i < n; i++)
		nd_decref(p[i].a);
}

const struct backend *rnd_host_be(const struct backend *be)
{
	return be && !be->device_memory ? be : &backend_host;
}

struct value *rnd_deliver(struct eval *ev, const struct backend *be, struct ndarray *h)
{
	if (!h)
		return NULL;
	if (nd_backend(h) != be) {
		struct ndarray *d = arr_to_backend(ev, h, be);
		nd_decref(h);
		h = d;
		if (!h)
			return NULL;
	}
	return arr_wrap(ev, h);
}

/* ---- continuous distributions ---- */

enum cdist { CD_UNIFORM01, CD_NORMAL01, CD_UNIFORM, CD_NORMAL };

/* Draws a float64 sample set.  dt DT_FLOAT32 only for Generator.random /
 * standard_normal (NumPy's float paths). */
static struct value *draw_cont(struct eval *ev, const struct backend *be, struct rsrc *src,
			       enum cdist d, int nd, const int64_t *shape, struct rparam *p, int dt)
{
	/* device generator: cp.random's own stream */
	const struct backend_random *rb = be->random;
	if (rb && rb->fill && nd >= 0 && (d == CD_UNIFORM01 || d == CD_NORMAL01 ||
					  ((d == CD_UNIFORM || d == CD_NORMAL) && !p[0].a && !p[1].a))) {
		struct ndarray *o = rnd_src_dev(ev, be, src) < 0 ? NULL : nd_new(ev, be, dt, nd, shape);
		double p0 = 0, p1 = 1;
		if (!o)
			return NULL;
		if (d == CD_UNIFORM) {
			p0 = p[0].x;
			p1 = p[1].x;
		} else if (d == CD_NORMAL) {
			p0 = p[0].x;
			p1 = p[1].x;
		}
		if (nd_size(o) && rb->fill(ev, src->dev, d == CD_UNIFORM01 || d == CD_UNIFORM ? RAND_UNIFORM : RAND_NORMAL,
					   dt, nd_size(o), p0, p1, nd_data(o)) < 0) {
			nd_decref(o);
			return NULL;
		}
		return arr_wrap(ev, o);
	}
	int64_t one = 1;
	struct ndarray *h = nd_new(ev, rnd_host_be(be), dt, nd < 0 ? 0 : nd, nd < 0 ? &one : shape);
	if (!h)
		return NULL;
	int64_t n = nd_size(h);
	int scalar_params = (d == CD_UNIFORM || d == CD_NORMAL) && !p[0].a && !p[1].a;
	if (dt == DT_FLOAT64 && (d == CD_UNIFORM01 || d == CD_NORMAL01 || scalar_params)) {
		/* the common paths: chunked bulk fills, interruptible between chunks;
		 * scalar loc/scale (low/range) applied after each chunk's draws:
		 * p0 + p1 * x, the same operations as NumPy's per-draw formula */
		int uni = d == CD_UNIFORM01 || d == CD_UNIFORM;
		double *o = (double *)nd_data(h);
		for (int64_t i = 0; i < n; i += 1 << 20) {
			int64_t m = n - i < (1 << 20) ? n - i : 1 << 20;
			if (src->mt)
				(uni ? mt_fill_double : mt_fill_gauss)(src->mt, o + i, m);
			else
				(uni ? pcg_fill_double : pcg_fill_normal)(src->pcg, o + i, m);
			if (scalar_params) {
				double p0 = p[0].x, p1 = p[1].x;
				for (int64_t j = i; j < i + m; j++)
					o[j] = p0 + p1 * o[j];
			}
			if (i + m < n && ev_check_interrupt(ev)) {
				nd_decref(h);
				return NULL;
			}
		}
		n = 0;
	}
	for (int64_t i = 0; i < n; i++) {
		double v;
		if (dt == DT_FLOAT32) {
			float f = d == CD_NORMAL01 ? pcg_normal_f(src->pcg) : pcg_float(src->pcg);
			((float *)nd_data(h))[i] = f;
			continue;
		}
		switch (d) {
		case CD_UNIFORM01: v = src_double(src); break;
		case CD_NORMAL01: v = src_normal(src); break;
		case CD_UNIFORM: v = par_at(&p[0], i) + par_at(&p[1], i) * src_double(src); break;
		default: v = par_at(&p[0], i) + par_at(&p[1], i) * src_normal(src); break;
		}
		((double *)nd_data(h))[i] = v;
		if ((i & 0xfffff) == 0xfffff && ev_check_interrupt(ev)) {
			nd_decref(h);
			return NULL;
		}
	}
	if (nd < 0) {
		/* size=None: a Python float (NumPy's legacy and Generator both) */
		double v = dt == DT_FLOAT32 ? ((float *)nd_data(h))[0] : ((double *)nd_data(h))[0];
		nd_decref(h);
		return val_float(v);
	}
	return rnd_deliver(ev, be, h);
}

/* ---- the legacy functions ---- */

static int shape_from_args(struct eval *ev, int argc, struct value **argv, int *nd, int64_t *shape)
{
	if (argc == 0) {
		*nd = -1;
		return 0;
	}
	if (argc > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many dimensions"), -1;
	for (int i = 0; i < argc; i++) {
		if (argv[i]->type == VT_FLOAT)
			return err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer"), -1;
		if (val_as_int64(ev, argv[i], &shape[i]) < 0)
			return -1;
		if (shape[i] < 0)
			return err_set(ev, TY_ValueError, "negative dimensions are not allowed"), -1;
	}
	*nd = argc;
	return 0;
}

/* Host float32 draws (rand/randn/random/standard_normal, and uniform/normal
 * with scalar parameters, of cp's dtype=): NumPy's float64 stream, drawn a
 * slice at a time and cast into the result, so the temporaries stay one
 * slice (8 MiB) instead of a float64 array twice the result's size.  d and
 * p as draw_cont's (p: scalars only, or NULL).  New reference or NULL. */
static struct value *cont_f32_chunked(struct eval *ev, const struct backend *be, struct rsrc *src,
				      enum cdist d, struct rparam *p, int nd, const int64_t *shape)
{
	int clamp = d == CD_UNIFORM01;
	enum { SLICE = 1 << 20 };
	struct ndarray *c = nd_new(ev, be, DT_FLOAT32, nd, shape);
	int64_t total, off;
	if (!c)
		return NULL;
	total = nd_size(c);
	for (off = 0; off < total; off += SLICE) {
		int64_t m = total - off < SLICE ? total - off : SLICE;
		struct value *v = draw_cont(ev, rnd_host_be(be), src, d, 1, &m, p, DT_FLOAT64);
		struct ndarray *a = v ? arr_borrow(v) : NULL;
		if (!a) {
			val_decref(v);
			nd_decref(c);
			return NULL;
		}
		const double *q = (const double *)nd_data(a);
		float *f = (float *)nd_data(c) + off;
		for (int64_t i = 0; i < m; i++) {
			f[i] = (float)q[i];
			/* a draw within 2^-25 of 1 rounds to 1.0f: keep [0, 1) */
			if (clamp && !(f[i] < 1.0f))
				f[i] = 0x1.fffffep-1f;
		}
		val_decref(v);
		if (ev_check_interrupt(ev)) {
			nd_decref(c);
			return NULL;
		}
	}
	return arr_wrap(ev, c);
}

/* rand(d0, d1, ...) / randn(...): cp's dtype= keyword accepted */
static struct value *rand_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, int normal)
{
	int nd, dt = DT_FLOAT64;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = rnd_legacy_src(bi);
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "dtype"))
			return err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'",
				       normal ? "randn" : "rand", kw->names[i]);
		if (arr_parse_dtype(ev, kw->vals[i], &dt) < 0)
			return NULL;
		if (dt != DT_FLOAT32 && dt != DT_FLOAT64)
			return err_set(ev, TY_TypeError, "Unsupported dtype %s", dtype_table[dt].name);
	}
	if (shape_from_args(ev, argc, argv, &nd, shape) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	if (dt == DT_FLOAT32 && !be->random && nd >= 0)
		return cont_f32_chunked(ev, be, &src, normal ? CD_NORMAL01 : CD_UNIFORM01, NULL, nd, shape);
	if (dt == DT_FLOAT32 && !be->random) {
		/* host float32: float64 draws cast */
		struct value *v = draw_cont(ev, be, &src, normal ? CD_NORMAL01 : CD_UNIFORM01, nd, shape, NULL, DT_FLOAT64);
		struct ndarray *a = v ? arr_borrow(v) : NULL;
		if (!a)
			return v;
		struct ndarray *c = nd_new(ev, nd_backend(a), DT_FLOAT32, a->ndim, a->shape);
		if (c && nd_size(c) && nd_backend(a)->copy(ev, c, a) < 0) {
			nd_decref(c);
			c = NULL;
		}
		if (c && !normal) { /* a draw within 2^-25 of 1 rounds to 1.0f: keep [0, 1) */
			float *p = (float *)nd_data(c);
			for (int64_t i = 0, n = nd_size(c); i < n; i++)
				p[i] = p[i] < 1.0f ? p[i] : 0x1.fffffep-1f;
		}
		val_decref(v);
		return c ? arr_wrap(ev, c) : NULL;
	}
	return draw_cont(ev, be, &src, normal ? CD_NORMAL01 : CD_UNIFORM01, nd, shape, NULL, dt);
}

static struct value *f_rand(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return rand_common(ev, bi, argc, argv, kw, 0);
}

static struct value *f_randn(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return rand_common(ev, bi, argc, argv, kw, 1);
}

static struct value *sample_common(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw, const char *name,
				   int normal)
{
	struct value *sv = NULL, *dtv = NULL;
	int nd, dt = DT_FLOAT64;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = rnd_legacy_src(bi);
	if (args_parse(ev, name, argc, argv, kw, "|size,$dtype", &sv, &dtv) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt != DT_FLOAT64 && dt != DT_FLOAT32)
		return err_set(ev, TY_TypeError, "Unsupported dtype %s", dtype_table[dt].name);
	const struct backend *be = arr_be(bi);
	if (dt == DT_FLOAT32 && !be->random && nd >= 0)
		return cont_f32_chunked(ev, be, &src, normal ? CD_NORMAL01 : CD_UNIFORM01, NULL, nd, shape);
	if (dt == DT_FLOAT32 && !be->random)
		dt = DT_FLOAT64; /* size=None: a Python float */
	return draw_cont(ev, be, &src, normal ? CD_NORMAL01 : CD_UNIFORM01, nd, shape, NULL, dt);
}

static struct value *f_random_sample(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	return sample_common(ev, bi, argc, argv, kw, "random_sample", 0);
}

static struct value *f_random(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return sample_common(ev, bi, argc, argv, kw, "random", 0);
}

static struct value *f_standard_normal(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	return sample_common(ev, bi, argc, argv, kw, "standard_normal", 1);
}

/* uniform(low, high, size) / normal(loc, scale, size) for both kinds */
static struct value *two_param(struct eval *ev, const struct backend *be, struct rsrc *src,
			       int argc, struct value **argv, const struct kwargs *kw, int normal,
			       int generator)
{
	struct value *pv[2] = {NULL, NULL}, *sv = NULL, *dtv = NULL;
	struct rparam p[2];
	double defs[2] = {0.0, 1.0};
	int nd;
	int64_t shape[ND_MAXDIM];
	const char *name = normal ? "normal" : "uniform";
	if (args_parse(ev, name, argc, argv, kw, normal ? "|loc,scale,size,$dtype" : "|low,high,size,$dtype",
		       &pv[0], &pv[1], &sv, &dtv) < 0 || rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (rnd_parse_params(ev, 2, pv, defs, p, &nd, shape) < 0)
		return NULL;
	int64_t n = 1;
	if (nd >= 0)
		for (int i = 0; i < nd; i++)
			n *= shape[i];
	struct value *res = NULL;
	if (normal) {
		for (int64_t i = 0; i < (p[1].a ? n : 1); i++)
			if (par_at(&p[1], i) < 0) {
				err_set(ev, TY_ValueError, "scale < 0");
				goto out;
			}
	} else {
		/* the range: high - low, finite; Generator also wants it >= 0 */
		if (p[1].a || p[0].a) {
			int64_t one = 1;
			struct ndarray *r = nd_new(ev, &backend_host, DT_FLOAT64, nd < 0 ? 0 : nd, nd < 0 ? &one : shape);
			if (!r)
				goto out;
			for (int64_t i = 0; i < n; i++)
				((double *)nd_data(r))[i] = par_at(&p[1], i) - par_at(&p[0], i);
			nd_decref(p[1].a);
			p[1].a = r;
		} else
			p[1].x = p[1].x - p[0].x;
		for (int64_t i = 0; i < (p[1].a ? n : 1); i++) {
			double r = par_at(&p[1], i);
			if (generator && r < 0) {
				err_set(ev, TY_ValueError, "high - low < 0");
				goto out;
			}
			if (!isfinite(r)) {
				err_set(ev, TY_OverflowError, "Range exceeds valid bounds");
				goto out;
			}
		}
	}
	/* cp's dtype= (float32 or float64): the device fills float32 itself
	 * (scalar parameters), the host casts float64 draws a slice at a time */
	int dt = DT_FLOAT64;
	if (dtv && dtv->type != VT_NONE) {
		if (arr_parse_dtype(ev, dtv, &dt) < 0)
			goto out;
		if (dt != DT_FLOAT32 && dt != DT_FLOAT64) {
			err_set(ev, TY_TypeError, "Unsupported dtype %s", dtype_table[dt].name);
			goto out;
		}
	}
	enum cdist d = normal ? CD_NORMAL : CD_UNIFORM;
	int scalars = !p[0].a && !p[1].a;
	if (dt == DT_FLOAT32 && nd >= 0 && scalars && !be->random)
		res = cont_f32_chunked(ev, be, src, d, p, nd, shape);
	else if (dt == DT_FLOAT32 && nd >= 0 && !(scalars && be->random)) {
		/* array parameters: float64 draws on the host, cast there, then
		 * delivered (the device holds only the float32 result) */
		struct value *v = draw_cont(ev, rnd_host_be(be), src, d, nd, shape, p, DT_FLOAT64);
		struct ndarray *a = v ? arr_borrow(v) : NULL, *c = NULL;
		if (a && (c = nd_new(ev, nd_backend(a), DT_FLOAT32, a->ndim, a->shape)) && nd_size(c)
		    && nd_backend(a)->copy(ev, c, a) < 0) {
			nd_decref(c);
			c = NULL;
		}
		val_decref(v);
		res = c ? rnd_deliver(ev, be, c) : NULL;
	} else
		res = draw_cont(ev, be, src, d, nd, shape, p, nd >= 0 ? dt : DT_FLOAT64);
out:
	rnd_params_free(p, 2);
	return res;
}

static struct value *f_uniform(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct rsrc src = rnd_legacy_src(bi);
	return two_param(ev, arr_be(bi), &src, argc, argv, kw, 0, 0);
}

static struct value *f_normal(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct rsrc src = rnd_legacy_src(bi);
	return two_param(ev, arr_be(bi), &src, argc, argv, kw, 1, 0);
}

/* ---- integers ---- */

static int dt_bits(int dt)
{
	return dt == DT_BOOL ? 1 : dt_size(dt) * 8;
}

static void int_limits(int dt, int64_t *lo, uint64_t *hi)
{
	switch (dt) {
	case DT_BOOL: *lo = 0; *hi = 1; break;
	case DT_INT8: *lo = INT8_MIN; *hi = INT8_MAX; break;
	case DT_INT16: *lo = INT16_MIN; *hi = INT16_MAX; break;
	case DT_INT32: *lo = INT32_MIN; *hi = INT32_MAX; break;
	case DT_INT64: *lo = INT64_MIN; *hi = INT64_MAX; break;
	case DT_UINT8: *lo = 0; *hi = UINT8_MAX; break;
	case DT_UINT16: *lo = 0; *hi = UINT16_MAX; break;
	case DT_UINT32: *lo = 0; *hi = UINT32_MAX; break;
	default: *lo = 0; *hi = UINT64_MAX; break;
	}
}

/* An integer bound, exact over int64 and uint64 (2**64 included); ints
 * beyond those stand as +-2**100, out of bounds for every dtype. */
static int int_bound(struct eval *ev, struct value *v, __int128 *out)
{
	int64_t i;
	if (v->type == VT_BIGINT) {
		uint64_t u;
		if (big_sign(v) > 0 && big_bit_length(v) == 65) {
			/* 2**64 itself: the exclusive bound of uint64 */
			struct value *two64 = big_from_digits(ev, "18446744073709551616", 10, 0);
			if (!two64)
				return -1;
			int eq = big_cmp(v, two64) == 0;
			val_decref(two64);
			if (eq) {
				*out = (__int128)1 << 64;
				return 0;
			}
		}
		if (big_sign(v) < 0 || big_bit_length(v) > 64) {
			/* beyond any dtype's range: +-2^100 stands for it */
			*out = big_sign(v) < 0 ? -((__int128)1 << 100) : (__int128)1 << 100;
			return 0;
		}
		if (big_as_uint64(ev, v, &u) < 0)
			return -1;
		*out = u;
		return 0;
	}
	if (val_as_int64(ev, v, &i) < 0)
		return -1;
	*out = i;
	return 0;
}

/* NumPy's format_bounds_error: low all zeros (the one-argument form) says
 * "high <= 0" ("high < 0" closed), else "low >= high" ("low > high") */
static const char *bounds_error(int closed, int low_zero)
{
	if (low_zero)
		return closed ? "high < 0" : "high <= 0";
	return closed ? "low > high" : "low >= high";
}

/*
 * randint / integers with array bounds, as NumPy's _rand_<type>_broadcast:
 * the bounds checked over the whole arrays (low, then high, then their
 * order), cast to int64, broadcast with each other (and to size when
 * given), then one draw per output item in C order, each with its own
 * range; the 8/16-bit and bool buffers live across the whole loop.
 * la NULL: low 0.  Borrowed la/ha.
 */
static struct value *draw_int_arrays(struct eval *ev, const struct backend *be, struct rsrc *src,
				     struct ndarray *la, struct ndarray *ha, int nd, const int64_t *shape,
				     int dt, int endpoint)
{
	struct ndarray *l64 = NULL, *h64 = NULL, *lb = NULL, *hb = NULL, *out = NULL;
	struct value *res = NULL;
	int64_t lo, osh[ND_MAXDIM];
	uint64_t hi;
	int ond;
	int_limits(dt, &lo, &hi);
	if (la && !(l64 = arr_host_c(ev, la, DT_INT64)))
		goto out;
	if (!(h64 = arr_host_c(ev, ha, DT_INT64)))
		goto out;
	{
		const int64_t *l = l64 ? (const int64_t *)nd_data(l64) : NULL, *h = (const int64_t *)nd_data(h64);
		int64_t nl = l64 ? nd_size(l64) : 0, nh = nd_size(h64);
		for (int64_t i = 0; i < nl; i++)
			if (l[i] < lo) {
				err_set(ev, TY_ValueError, "low is out of bounds for %s", dtype_table[dt].name);
				goto out;
			}
		for (int64_t i = 0; i < nh; i++)
			if ((__int128)h[i] - !endpoint > (__int128)hi) {
				err_set(ev, TY_ValueError, "high is out of bounds for %s", dtype_table[dt].name);
				goto out;
			}
		/* low > high (closed) / low >= high (open), broadcast */
		const struct ndarray *pair[2] = {l64 ? l64 : h64, h64};
		int bnd;
		int64_t bsh[ND_MAXDIM];
		if (arr_broadcast_shapes(ev, 2, pair, &bnd, bsh) < 0)
			goto out;
		if (nd >= 0) {
			/* np.broadcast(low, high, empty(size)) must give size */
			const struct ndarray *three[3] = {pair[0], pair[1], NULL};
			struct ndarray probe = *h64;
			int ok;
			probe.ndim = nd;
			memcpy(probe.shape, shape, sizeof(int64_t) * (size_t)nd);
			three[2] = &probe;
			ok = arr_broadcast_shapes(ev, 3, three, &ond, osh) == 0;
			if (!ok)
				err_clear(ev);
			if (!ok || ond != nd || memcmp(osh, shape, sizeof(int64_t) * (size_t)nd)) {
				/* the first bound with an axis that disagrees with size's */
				const struct ndarray *args[2] = {l64, h64};
				int who = 1;
				for (int k = 1, found = 0; !found && k <= ND_MAXDIM; k++) {
					int64_t want = k <= nd ? shape[nd - k] : 1;
					for (int i = 0; i < 2 && !found; i++) {
						const struct ndarray *x = args[i];
						if (x && k <= x->ndim && x->shape[x->ndim - k] != 1 && x->shape[x->ndim - k] != want) {
							who = i;
							found = 1;
						}
					}
				}
				char s1[128], s2[128];
				arr_format_shape_compact(s1, sizeof s1, args[who]->ndim, args[who]->shape);
				arr_format_shape_compact(s2, sizeof s2, nd, shape);
				err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  "
					"Mismatch is between arg %d with shape %s and arg 2 with shape %s.", who, s1, s2);
				goto out;
			}
		} else {
			ond = bnd;
			memcpy(osh, bsh, sizeof(int64_t) * (size_t)bnd);
		}
		lb = l64 ? arr_broadcast_to(ev, l64, ond, osh) : NULL;
		hb = !l64 || lb ? arr_broadcast_to(ev, h64, ond, osh) : NULL;
		if (!hb)
			goto out;
		if (lb) {
			struct ndarray *c = arr_host_c(ev, lb, DT_INT64);
			nd_decref(lb);
			if (!(lb = c))
				goto out;
		}
		{
			struct ndarray *c = arr_host_c(ev, hb, DT_INT64);
			nd_decref(hb);
			if (!(hb = c))
				goto out;
		}
	}
	{
		/* the order check over the broadcast pairs (NumPy's np.any(low >= high)) */
		const int64_t *l = lb ? (const int64_t *)nd_data(lb) : NULL, *h = (const int64_t *)nd_data(hb);
		int64_t n = nd_size(hb);
		for (int64_t i = 0; i < n; i++)
			if ((__int128)(l ? l[i] : 0) > (__int128)h[i] - !endpoint) {
				int zero = 1;
				for (int64_t k = 0; l && k < n && zero; k++)
					zero = l[k] == 0;
				err_set(ev, TY_ValueError, "%s", bounds_error(endpoint, zero));
				goto out;
			}
		out = nd_new(ev, rnd_host_be(be), dt, ond, osh);
		if (!out)
			goto out;
		int bits = dt_bits(dt), width = (int)dt_size(dt), bcnt = 0;
		uint32_t buf = 0;
		for (int64_t i = 0; i < n; i++) {
			int64_t low = l ? l[i] : 0;
			uint64_t rng = (uint64_t)((__int128)h[i] - !endpoint - low), v;
			if (src->mt)
				v = mt_bounded_buf(src->mt, rng, bits, &bcnt, &buf);
			else
				v = pcg_bounded_buf(src->pcg, rng, bits, &bcnt, &buf);
			v += (uint64_t)low;
			switch (width) {
			case 1: ((uint8_t *)nd_data(out))[i] = (uint8_t)v; break;
			case 2: ((uint16_t *)nd_data(out))[i] = (uint16_t)v; break;
			case 4: ((uint32_t *)nd_data(out))[i] = (uint32_t)v; break;
			default: ((uint64_t *)nd_data(out))[i] = v; break;
			}
		}
	}
	res = rnd_deliver(ev, be, out);
	out = NULL;
out:
	nd_decref(l64);
	nd_decref(h64);
	nd_decref(lb);
	nd_decref(hb);
	nd_decref(out);
	return res;
}

/*
 * randint / integers: [low, high) (or [low, high] with endpoint), scalar
 * bounds.  Legacy uses masked rejection, Generator Lemire's method; the
 * widths <= 16 draw from a buffered 32-bit word as NumPy does.
 * pyint: size=None returns a Python int (legacy with dtype=int).
 */
static struct value *draw_int(struct eval *ev, const struct backend *be, struct rsrc *src,
			      struct value *lowv, struct value *highv, int nd, const int64_t *shape,
			      int dt, int endpoint, int pyint)
{
	__int128 low = 0, high;
	int64_t lo;
	uint64_t hi;
	if (!dt_is_int(dt) && dt != DT_BOOL)
		return err_set(ev, TY_TypeError, "Unsupported dtype dtype('%s') for %s", dtype_table[dt].name,
			       src->mt ? "randint" : "integers");
	if (is_arraylike(lowv) || is_arraylike(highv)) {
		struct value *lv = highv && highv->type != VT_NONE ? lowv : NULL;
		struct value *hv = lv ? highv : lowv;
		struct ndarray *la = lv ? arr_asarray(ev, &backend_host, lv, -1) : NULL;
		struct ndarray *ha = !lv || la ? arr_asarray(ev, &backend_host, hv, -1) : NULL;
		int lsc = !la || la->ndim == 0 || (la->ndim == 1 && la->shape[0] == 1 && nd >= 0);
		int hsc = ha && (ha->ndim == 0 || (ha->ndim == 1 && ha->shape[0] == 1 && nd >= 0));
		if (!ha || !lsc || !hsc) {
			struct value *r = ha ? draw_int_arrays(ev, be, src, la, ha, nd, shape, dt, endpoint) : NULL;
			nd_decref(la);
			nd_decref(ha);
			return r;
		}
		/* one-element bounds with a size: the scalar path, int(low), int(high) */
		{
			struct ndarray *l1 = la ? arr_host_c(ev, la, DT_INT64) : NULL, *h1 = arr_host_c(ev, ha, DT_INT64);
			struct value *lo1 = l1 ? val_int(*(int64_t *)nd_data(l1)) : NULL;
			struct value *hi1 = h1 ? val_int(*(int64_t *)nd_data(h1)) : NULL, *r = NULL;
			if (hi1 && (lo1 || !la))
				r = draw_int(ev, be, src, lo1 ? lo1 : hi1, lo1 ? hi1 : NULL, nd, shape, dt, endpoint, pyint);
			nd_decref(la);
			nd_decref(ha);
			nd_decref(l1);
			nd_decref(h1);
			if (lo1)
				val_decref(lo1);
			if (hi1)
				val_decref(hi1);
			return r;
		}
	}
	if (!highv || highv->type == VT_NONE) {
		if (int_bound(ev, lowv, &high) < 0)
			return NULL;
	} else if (int_bound(ev, lowv, &low) < 0 || int_bound(ev, highv, &high) < 0)
		return NULL;
	if (!endpoint)
		high -= 1;
	int_limits(dt, &lo, &hi);
	if (low < lo)
		return err_set(ev, TY_ValueError, "low is out of bounds for %s", dtype_table[dt].name);
	if (high > (__int128)hi)
		return err_set(ev, TY_ValueError, "high is out of bounds for %s", dtype_table[dt].name);
	if (low > high)
		return err_set(ev, TY_ValueError, "%s", bounds_error(endpoint, low == 0));
	uint64_t rng = (uint64_t)(high - low), off = (uint64_t)low;
	int64_t one = 1;
	if (nd >= 0 && be->random && be->random->integers) {
		/* the backend's own stream, drawn where the result lives */
		struct ndarray *o = rnd_src_dev(ev, be, src) < 0 ? NULL : nd_new(ev, be, dt, nd, shape);
		if (!o || be->random->integers(ev, src->dev, dt, nd_size(o), off, rng, nd_data(o)) < 0) {
			nd_decref(o);
			return NULL;
		}
		return arr_wrap(ev, o);
	}
	struct ndarray *h = nd_new(ev, rnd_host_be(be), dt, nd < 0 ? 0 : nd, nd < 0 ? &one : shape);
	if (!h)
		return NULL;
	int64_t n = nd_size(h);
	int bits = dt_bits(dt);
	if (src->mt)
		mt_randint_fill(src->mt, off, rng, bits, n, nd_data(h), dt_size(dt));
	else
		pcg_integers_fill(src->pcg, off, rng, bits, n, nd_data(h), dt_size(dt));
	if (nd < 0) {
		union scalar_data sd;
		if (dtype_table[dt].kind == DK_UINT)
			sd.u = dt_size(dt) == 8 ? *(uint64_t *)nd_data(h)
				: dt_size(dt) == 4 ? *(uint32_t *)nd_data(h) : dt_size(dt) == 2 ? *(uint16_t *)nd_data(h)
				: *(uint8_t *)nd_data(h);
		else if (dt == DT_BOOL)
			sd.b = *(uint8_t *)nd_data(h);
		else
			sd.i = dt_size(dt) == 8 ? *(int64_t *)nd_data(h) : dt_size(dt) == 4 ? *(int32_t *)nd_data(h)
				: dt_size(dt) == 2 ? *(int16_t *)nd_data(h) : *(int8_t *)nd_data(h);
		nd_decref(h);
		if (pyint)
			return dt == DT_BOOL ? val_bool(sd.b) : val_int(sd.i);
		return val_scalar(dt, sd);
	}
	return rnd_deliver(ev, be, h);
}

static struct value *f_randint(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *lowv, *highv = NULL, *sv = NULL, *dtv = NULL;
	int nd, dt = DT_INT64, pyint = 1;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = rnd_legacy_src(bi);
	if (args_parse(ev, "randint", argc, argv, kw, "low|high,size,dtype", &lowv, &highv, &sv, &dtv) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (dtv && dtv->type != VT_NONE) {
		/* dtype=int (the Python type) keeps Python ints; anything else NumPy scalars */
		pyint = dtv->type == VT_TYPE && (dtv->u.ty == TY_INT || dtv->u.ty == TY_BOOL);
		if (dtv->type == VT_TYPE && dtv->u.ty == TY_BOOL)
			dt = DT_BOOL;
		else if (!(dtv->type == VT_TYPE && dtv->u.ty == TY_INT) && arr_parse_dtype(ev, dtv, &dt) < 0)
			return NULL;
	}
	return draw_int(ev, arr_be(bi), &src, lowv, highv, nd, shape, dt, 0, pyint);
}

#define LEGACY_DIST(fname, d)                                                               \
	static struct value *fname(struct eval *ev, const struct builtin *bi, int argc,     \
				   struct value **argv, const struct kwargs *kw)            \
	{                                                                                   \
		struct rsrc src = rnd_legacy_src(bi);                                         \
		return rnd_dist_call(ev, arr_be(bi), &src, d, argc, argv, kw);                  \
	}
LEGACY_DIST(f_exponential, RD_EXPONENTIAL)
LEGACY_DIST(f_standard_exponential, RD_STD_EXPONENTIAL)
LEGACY_DIST(f_gamma, RD_GAMMA)
LEGACY_DIST(f_standard_gamma, RD_STD_GAMMA)
LEGACY_DIST(f_poisson, RD_POISSON)
LEGACY_DIST(f_binomial, RD_BINOMIAL)
LEGACY_DIST(f_geometric, RD_GEOMETRIC)
LEGACY_DIST(f_standard_cauchy, RD_STD_CAUCHY)
LEGACY_DIST(f_laplace, RD_LAPLACE)
LEGACY_DIST(f_gumbel, RD_GUMBEL)
LEGACY_DIST(f_logistic, RD_LOGISTIC)
LEGACY_DIST(f_lognormal, RD_LOGNORMAL)
LEGACY_DIST(f_rayleigh, RD_RAYLEIGH)
LEGACY_DIST(f_weibull, RD_WEIBULL)
LEGACY_DIST(f_pareto, RD_PARETO)
LEGACY_DIST(f_power, RD_POWER)
LEGACY_DIST(f_chisquare, RD_CHISQUARE)
LEGACY_DIST(f_standard_t, RD_STD_T)
LEGACY_DIST(f_f, RD_F)
LEGACY_DIST(f_beta, RD_BETA)
LEGACY_DIST(f_logseries, RD_LOGSERIES)
LEGACY_DIST(f_zipf, RD_ZIPF)
LEGACY_DIST(f_vonmises, RD_VONMISES)
LEGACY_DIST(f_noncentral_chisquare, RD_NC_CHISQUARE)
LEGACY_DIST(f_noncentral_f, RD_NC_F)
LEGACY_DIST(f_negative_binomial, RD_NEG_BINOMIAL)
LEGACY_DIST(f_wald, RD_WALD)
LEGACY_DIST(f_triangular, RD_TRIANGULAR)
LEGACY_DIST(f_hypergeometric, RD_HYPERGEOMETRIC)

/* random_integers(low, high=None, size=None): randint(low, high + 1), deprecated */
static struct value *f_random_integers(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct value *lo, *hi = NULL, *sv = NULL;
	if (args_parse(ev, "random_integers", argc, argv, kw, "low|high,size", &lo, &hi, &sv) < 0)
		return NULL;
	int64_t l, h;
	if (!hi || hi->type == VT_NONE) {
		if (val_as_int64(ev, lo, &h) < 0)
			return NULL;
		char msg[120];
		snprintf(msg, sizeof msg, "This function is deprecated. Please call randint(1, %lld + 1) instead", (long long)h);
		ev_warn(ev, "DeprecationWarning", msg);
		l = 1;
	} else {
		ev_warn(ev, "DeprecationWarning", "This function is deprecated. Please call randint instead");
		if (val_as_int64(ev, lo, &l) < 0 || val_as_int64(ev, hi, &h) < 0)
			return NULL;
	}
	struct value *args[2] = {val_int(l), val_int(h + 1)}, *r;
	struct value *lv = val_cstr("l");   /* NumPy asks randint for dtype='l': a NumPy scalar */
	const char *kn[2] = {"dtype", "size"};
	struct value *kv[2] = {lv, sv};
	struct kwargs k = {sv ? 2 : 1, kn, kv};
	struct value *f = bi->self ? val_getattr(ev, bi->self, "randint") : NULL;
	if (bi->self && !f)
		r = NULL;
	else if (f)
		r = val_call(ev, f, 2, args, &k);
	else
		r = arr_ns_call(ev, arr_be(bi), "random.randint", 2, args, &k);
	val_decref(f);
	val_decref(lv);
	val_decref(args[0]);
	val_decref(args[1]);
	return r;
}

static struct value *f_permutation(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	struct rsrc src = rnd_legacy_src(bi);
	if (args_parse(ev, "permutation", argc, argv, kw, "x", &x) < 0)
		return NULL;
	return rnd_permutation(ev, arr_be(bi), &src, x);
}

static struct value *f_shuffle(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	struct rsrc src = rnd_legacy_src(bi);
	if (args_parse(ev, "shuffle", argc, argv, kw, "x", &x) < 0)
		return NULL;
	return rnd_shuffle(ev, &src, x);
}

static struct value *f_choice(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *av, *sv = NULL, *rv = NULL, *pv = NULL;
	struct rsrc src = rnd_legacy_src(bi);
	if (args_parse(ev, "choice", argc, argv, kw, "a|size,replace,p", &av, &sv, &rv, &pv) < 0)
		return NULL;
	return rnd_choice(ev, arr_be(bi), &src, av, sv, rv, pv, NULL);
}

/* ---- Generator objects ---- */

/* A Generator: the state of its bit generator object, which it holds */
struct generator {
	struct pcg64 *pcg;
	struct value *bitgen;
	const struct backend *be;
	void *dev;   /* owned: be->random's gen_new at the first device draw, or NULL */
};

static void gen_free(void *p)
{
	struct generator *g = p;
	if (g->dev && g->be->random && g->be->random->gen_free)
		g->be->random->gen_free(g->dev);
	val_decref(g->bitgen);
	free(p);
}

int rnd_src_dev(struct eval *ev, const struct backend *be, struct rsrc *src)
{
	const struct backend_random *rb = be->random;
	if (src->dev || !src->gdev || !rb || !rb->gen_new)
		return 0;
	if (!*src->gdev && !(*src->gdev = rb->gen_new(ev, pcg_next64(src->pcg))))
		return -1;
	src->dev = *src->gdev;
	return 0;
}

static struct generator *gen_of(const struct builtin *bi)
{
	return bi->self && bi->self->type == VT_OBJECT ? bi->self->u.obj.p : NULL;
}

struct rsrc rnd_gen_src(const struct builtin *bi)
{
	struct generator *g = gen_of(bi);
	struct rsrc s = {NULL, g->pcg, 0, NULL, &g->dev};
	return s;
}

static struct value *g_random(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *sv = NULL, *dtv = NULL, *outv = NULL;
	int nd, dt = DT_FLOAT64;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "random", argc, argv, kw, "|size,dtype,out", &sv, &dtv, &outv) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt != DT_FLOAT64 && dt != DT_FLOAT32)
		return err_set(ev, TY_TypeError, "Unsupported dtype dtype('%s') for random", dtype_table[dt].name);
	return draw_cont(ev, g->be, &src, CD_UNIFORM01, nd, shape, NULL, dt);
}

static struct value *g_standard_normal(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *sv = NULL, *dtv = NULL, *outv = NULL;
	int nd, dt = DT_FLOAT64;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "standard_normal", argc, argv, kw, "|size,dtype,out", &sv, &dtv, &outv) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt != DT_FLOAT64 && dt != DT_FLOAT32)
		return err_set(ev, TY_TypeError, "Unsupported dtype dtype('%s') for standard_normal", dtype_table[dt].name);
	return draw_cont(ev, g->be, &src, CD_NORMAL01, nd, shape, NULL, dt);
}

static struct value *g_uniform(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	return two_param(ev, g->be, &src, argc, argv, kw, 0, 1);
}

static struct value *g_normal(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	return two_param(ev, g->be, &src, argc, argv, kw, 1, 1);
}

static struct value *g_integers(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *lowv, *highv = NULL, *sv = NULL, *dtv = NULL, *epv = NULL;
	int nd, dt = DT_INT64, ep = 0;
	int64_t shape[ND_MAXDIM];
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "integers", argc, argv, kw, "low|high,size,dtype,endpoint", &lowv, &highv, &sv, &dtv, &epv) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0 || args_bool(ev, epv, 0, &ep) < 0)
		return NULL;
	int pyint = 0;
	if (dtv && dtv->type != VT_NONE) {
		pyint = dtv->type == VT_TYPE && (dtv->u.ty == TY_INT || dtv->u.ty == TY_BOOL);
		if (dtv->type == VT_TYPE && dtv->u.ty == TY_BOOL)
			dt = DT_BOOL;
		else if (!(dtv->type == VT_TYPE && dtv->u.ty == TY_INT) && arr_parse_dtype(ev, dtv, &dt) < 0)
			return NULL;
	}
	return draw_int(ev, g->be, &src, lowv, highv, nd, shape, dt, ep, pyint);
}

/* permutation/shuffle's axis: an integer ("integer argument expected, got
 * float" as NumPy's normalize_axis_index says for others) */
static int gen_axis_arg(struct eval *ev, struct value *axv, int64_t *axis)
{
	struct npscalar sc;
	int pyc;
	if (arr_value_scalar(axv, &sc, &pyc) || !(pyc == VT_INT || pyc == VT_BOOL || dt_is_int(sc.dtype)))
		return err_set(ev, TY_TypeError, "integer argument expected, got %s", val_type_name(axv)), -1;
	return val_as_int64(ev, axv, axis);
}

/* Generator.choice(a, ..., axis): an array's axis moved first, choice of
 * its rows (the draws of axis 0 over a.shape[axis] items), the size axes
 * put back where axis was (a.take(idx, axis)).  An int or a 0-d array
 * ignores axis. */
static struct value *gen_choice_axis(struct eval *ev, struct generator *g, struct rsrc *src, struct value *av,
				     struct value *sv, struct value *rv, struct value *pv, struct value *axv,
				     struct value *shv)
{
	struct npscalar sc;
	int pyc, perm[ND_MAXDIM], nd, s;
	int64_t axis;
	struct ndarray *a, *t, *ra;
	struct value *tv, *r;
	if (!arr_value_scalar(av, &sc, &pyc) || !(av->type == VT_NDARRAY || av->type == VT_LIST || av->type == VT_TUPLE))
		return rnd_choice(ev, g->be, src, av, sv, rv, pv, shv);
	if (!(a = arr_asarray(ev, g->be, av, -1)))
		return NULL;
	if (a->ndim == 0) {
		nd_decref(a);
		return rnd_choice(ev, g->be, src, av, sv, rv, pv, shv);
	}
	nd = a->ndim;
	if (arr_value_scalar(axv, &sc, &pyc) || !(pyc == VT_INT || pyc == VT_BOOL || dt_is_int(sc.dtype))) {
		nd_decref(a);
		return err_set(ev, TY_TypeError, "tuple indices must be integers or slices, not %s", val_type_name(axv));
	}
	if (val_as_int64(ev, axv, &axis) < 0) {
		nd_decref(a);
		return NULL;
	}
	if (axis < -nd || axis >= nd) {
		nd_decref(a);
		return err_set(ev, TY_IndexError, "tuple index out of range");
	}
	if (axis < 0)
		axis += nd;
	perm[0] = (int)axis;
	for (int i = 0, k = 1; i < nd; i++)
		if (i != axis)
			perm[k++] = i;
	t = arr_transpose(ev, a, perm);
	nd_decref(a);
	if (!t || !(tv = arr_wrap(ev, t)))
		return NULL;
	r = rnd_choice(ev, g->be, src, tv, sv, rv, pv, shv);
	val_decref(tv);
	if (!r || !(ra = arr_borrow(r)) || axis == 0)
		return r;
	/* r: size dims (s of them) then a's other axes; the size dims go to axis */
	s = ra->ndim - (nd - 1);
	if (s <= 0)
		return r;
	for (int i = 0; i < ra->ndim; i++)
		perm[i] = i < axis ? s + i : i < axis + s ? i - (int)axis : i;
	t = arr_transpose(ev, ra, perm);
	val_decref(r);
	return t ? arr_wrap(ev, t) : NULL;
}

static struct value *g_choice(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *av, *sv = NULL, *rv = NULL, *pv = NULL, *axv = NULL, *shv = NULL;
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "choice", argc, argv, kw, "a|size,replace,p,axis,shuffle", &av, &sv, &rv, &pv, &axv, &shv) < 0)
		return NULL;
	if (axv && axv->type != VT_NONE && !(axv->type == VT_INT && axv->u.i == 0))
		return gen_choice_axis(ev, g, &src, av, sv, rv, pv, axv, shv);
	return rnd_choice(ev, g->be, &src, av, sv, rv, pv, shv);
}

static struct value *g_permutation(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *x, *axv = NULL;
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "permutation", argc, argv, kw, "x|axis", &x, &axv) < 0)
		return NULL;
	if (axv && axv->type != VT_NONE && !(axv->type == VT_INT && axv->u.i == 0)) {
		/* an int ignores axis; else arange(shape[axis]) shuffled (the
		 * draws of axis 0) indexes that axis; 1-d arrays as axis 0 */
		struct npscalar sc;
		int pyc, ax;
		int64_t axis;
		struct ndarray *a;
		struct value *idx, *r;
		if (!arr_value_scalar(x, &sc, &pyc) && (pyc == VT_INT || dt_is_int(sc.dtype)))
			return rnd_permutation(ev, g->be, &src, x);
		if (gen_axis_arg(ev, axv, &axis) < 0 || !(a = arr_asarray(ev, g->be, x, -1)))
			return NULL;
		if (arr_normalize_axis(ev, axis, a->ndim, &ax) < 0) {
			nd_decref(a);
			return NULL;
		}
		if (a->ndim == 1) {
			nd_decref(a);
			return rnd_permutation(ev, g->be, &src, x);
		}
		idx = val_int(a->shape[ax]);
		r = rnd_permutation(ev, &backend_host, &src, idx);
		val_decref(idx);
		if (!r) {
			nd_decref(a);
			return NULL;
		}
		return ex_item(ev, arr_wrap(ev, a), ex_axis_key(ax, r));
	}
	return rnd_permutation(ev, g->be, &src, x);
}

static struct value *g_shuffle(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *x, *axv = NULL;
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	if (args_parse(ev, "shuffle", argc, argv, kw, "x|axis", &x, &axv) < 0)
		return NULL;
	if (axv && axv->type != VT_NONE && !(axv->type == VT_INT && axv->u.i == 0)) {
		/* the rows of swapaxes(x, 0, axis), the draws of axis 0 */
		struct ndarray *a = x->type == VT_NDARRAY ? arr_borrow(x) : NULL, *t;
		int64_t axis;
		int ax, perm[ND_MAXDIM];
		struct value *tv, *r;
		if (!a) {
			if (x->type == VT_LIST)
				return err_set(ev, TY_NotImplementedError, "Axis argument is only supported on ndarray objects");
			return rnd_shuffle(ev, &src, x);
		}
		if (gen_axis_arg(ev, axv, &axis) < 0 || arr_normalize_axis(ev, axis, a->ndim, &ax) < 0)
			return NULL;
		if (nd_size(a) == 0)
			return val_none();
		for (int i = 0; i < a->ndim; i++)
			perm[i] = i == 0 ? ax : i == ax ? 0 : i;
		if (!(t = arr_transpose(ev, a, perm)) || !(tv = arr_wrap(ev, t)))
			return NULL;
		r = rnd_shuffle(ev, &src, tv);
		val_decref(tv);
		return r;
	}
	return rnd_shuffle(ev, &src, x);
}

#define GEN_DIST(fname, d)                                                                  \
	static struct value *fname(struct eval *ev, const struct builtin *bi, int argc,     \
				   struct value **argv, const struct kwargs *kw)            \
	{                                                                                   \
		struct generator *g = gen_of(bi);                                           \
		struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};                             \
		return rnd_dist_call(ev, g->be, &src, d, argc, argv, kw);                       \
	}
GEN_DIST(g_exponential, RD_EXPONENTIAL)
GEN_DIST(g_gamma, RD_GAMMA)
GEN_DIST(g_poisson, RD_POISSON)
GEN_DIST(g_binomial, RD_BINOMIAL)
GEN_DIST(g_geometric, RD_GEOMETRIC)
GEN_DIST(g_standard_cauchy, RD_STD_CAUCHY)
GEN_DIST(g_laplace, RD_LAPLACE)
GEN_DIST(g_gumbel, RD_GUMBEL)
GEN_DIST(g_logistic, RD_LOGISTIC)
GEN_DIST(g_lognormal, RD_LOGNORMAL)
GEN_DIST(g_rayleigh, RD_RAYLEIGH)
GEN_DIST(g_weibull, RD_WEIBULL)
GEN_DIST(g_pareto, RD_PARETO)
GEN_DIST(g_power, RD_POWER)
GEN_DIST(g_chisquare, RD_CHISQUARE)
GEN_DIST(g_standard_t, RD_STD_T)
GEN_DIST(g_f, RD_F)
GEN_DIST(g_beta, RD_BETA)
GEN_DIST(g_logseries, RD_LOGSERIES)
GEN_DIST(g_zipf, RD_ZIPF)
GEN_DIST(g_vonmises, RD_VONMISES)
GEN_DIST(g_noncentral_chisquare, RD_NC_CHISQUARE)
GEN_DIST(g_noncentral_f, RD_NC_F)
GEN_DIST(g_negative_binomial, RD_NEG_BINOMIAL)
GEN_DIST(g_wald, RD_WALD)
GEN_DIST(g_triangular, RD_TRIANGULAR)
GEN_DIST(g_hypergeometric, RD_HYPERGEOMETRIC)

/* standard_exponential(size=None, dtype=float64, method='zig', out=None) */
static struct value *g_standard_exponential(struct eval *ev, const struct builtin *bi, int argc,
					    struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *sv = NULL, *dtv = NULL, *mv = NULL, *outv = NULL;
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	int dt = DT_FLOAT64;
	if (args_parse(ev, "standard_exponential", argc, argv, kw, "|size,dtype,method,out", &sv, &dtv,
		       &mv, &outv) < 0)
		return NULL;
	if (outv && outv->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "standard_exponential: out=");
	if (dtv && dtv->type != VT_NONE && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt != DT_FLOAT64 && dt != DT_FLOAT32)
		return err_set(ev, TY_TypeError, "Unsupported dtype dtype('%s') for standard_exponential",
			       dtype_table[dt].name);
	/* NumPy takes the ziggurat for 'zig' only, inversion for anything else */
	if (mv && mv->type != VT_NONE) {
		const char *m = val_as_cstr(mv);
		src.exp_inv = !m || strcmp(m, "zig");
	}
	return rnd_draw_dist(ev, g->be, &src, RD_STD_EXPONENTIAL, &sv, sv, dt);
}

/* standard_gamma(shape, size=None, dtype=float64, out=None) */
static struct value *g_standard_gamma(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *v[2] = {NULL, NULL}, *dtv = NULL, *outv = NULL;
	struct rsrc src = {NULL, g->pcg, 0, NULL, &g->dev};
	int dt = DT_FLOAT64;
	if (args_parse(ev, "standard_gamma", argc, argv, kw, "shape|size,dtype,out", &v[0], &v[1], &dtv,
		       &outv) < 0)
		return NULL;
	if (outv && outv->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "standard_gamma: out=");
	if (dtv && dtv->type != VT_NONE && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt == DT_FLOAT32)
		return err_set(ev, TY_NotImplementedError, "standard_gamma: dtype float32");
	if (dt != DT_FLOAT64)
		return err_set(ev, TY_TypeError, "Unsupported dtype dtype('%s') for standard_gamma",
			       dtype_table[dt].name);
	return rnd_draw_dist(ev, g->be, &src, RD_STD_GAMMA, v, v[1], dt);
}

static const struct {
	const char *name;
	builtin_fn fn;
} gen_methods[] = {
	{"random", g_random},
	{"standard_normal", g_standard_normal},
	{"normal", g_normal},
	{"uniform", g_uniform},
	{"integers", g_integers},
	{"choice", g_choice},
	{"permutation", g_permutation},
	{"shuffle", g_shuffle},
	{"exponential", g_exponential},
	{"standard_exponential", g_standard_exponential},
	{"gamma", g_gamma},
	{"standard_gamma", g_standard_gamma},
	{"poisson", g_poisson},
	{"binomial", g_binomial},
	{"geometric", g_geometric},
	{"multivariate_normal", rnd_g_multivariate_normal},
	{"standard_cauchy", g_standard_cauchy}, {"laplace", g_laplace}, {"gumbel", g_gumbel},
	{"logistic", g_logistic}, {"lognormal", g_lognormal}, {"rayleigh", g_rayleigh},
	{"weibull", g_weibull}, {"pareto", g_pareto}, {"power", g_power}, {"chisquare", g_chisquare},
	{"standard_t", g_standard_t}, {"f", g_f}, {"beta", g_beta},
	{"logseries", g_logseries}, {"zipf", g_zipf}, {"vonmises", g_vonmises},
	{"noncentral_chisquare", g_noncentral_chisquare}, {"noncentral_f", g_noncentral_f},
	{"negative_binomial", g_negative_binomial}, {"wald", g_wald}, {"triangular", g_triangular},
	{"hypergeometric", g_hypergeometric},
};

static const char *const gen_attrs[] = {
	"random", "standard_normal", "normal", "uniform", "integers", "choice",
	"permutation", "shuffle", "exponential", "standard_exponential", "gamma",
	"standard_gamma", "poisson", "binomial", "geometric", "multivariate_normal",
	"standard_cauchy", "laplace", "gumbel", "logistic", "lognormal", "rayleigh", "weibull", "pareto",
	"power", "chisquare", "standard_t", "f", "beta", "bit_generator", "spawn",
	"hypergeometric", "multinomial", "multivariate_hypergeometric", "dirichlet", "logseries", "zipf",
	"vonmises", "noncentral_f", "noncentral_chisquare", "negative_binomial", "wald", "triangular",
	"permuted", "bytes", NULL
};

/* spawn(n_children): Generators over the bit generator's spawned children */
static struct value *g_spawn(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct generator *g = gen_of(bi);
	struct value *nv, *bgs, *out;
	int64_t n;
	if (args_parse(ev, "spawn", argc, argv, kw, "n_children", &nv) < 0 || val_as_int64(ev, nv, &n) < 0 ||
	    !(bgs = rnd_bitgen_spawn(ev, g->bitgen, n)))
		return NULL;
	if (!(out = val_list_new(0, NULL))) {
		val_decref(bgs);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < bgs->u.seq.n; i++) {
		struct value *c = rnd_generator_new(ev, g->be, val_incref(bgs->u.seq.items[i]));
		if (!c) {
			val_decref(bgs);
			val_decref(out);
			return NULL;
		}
		list_append(out, c);
	}
	val_decref(bgs);
	return out;
}

static struct value *gen_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct generator *g = self->u.obj.p;
	(void)ev;
	if (!strcmp(name, "bit_generator"))
		return val_incref(g->bitgen);
	if (!strcmp(name, "spawn"))
		return val_builtin("spawn", g_spawn, self, (void *)g->be);
	for (size_t i = 0; i < sizeof gen_methods / sizeof gen_methods[0]; i++)
		if (!strcmp(name, gen_methods[i].name))
			return val_builtin(gen_methods[i].name, gen_methods[i].fn, self, (void *)g->be);
	for (const struct arr_func *f = rnd_gen_more; f->name; f++)
		if (!strcmp(name, f->name))
			return val_builtin(f->name, f->fn, self, (void *)g->be);
	return NULL;
}

static char *gen_repr(struct eval *ev, struct value *self)
{
	struct generator *g = self->u.obj.p;
	char *s = malloc(80);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 80, "Generator(%s) at 0x%llX", rnd_bitgen_name(g->bitgen), (unsigned long long)(uintptr_t)self->u.obj.p);
	return s;
}

static char *gen_str(struct eval *ev, struct value *self)
{
	struct generator *g = self->u.obj.p;
	char *s = malloc(48);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 48, "Generator(%s)", rnd_bitgen_name(g->bitgen));
	return s;
}

static const struct objtype generator_type = {
	.name = "Generator",
	.free = gen_free,
	.getattr = gen_getattr,
	.repr = gen_repr,
	.str = gen_str,
	.attrs = gen_attrs,
};

struct value *rnd_generator_new(struct eval *ev, const struct backend *be, struct value *bg)
{
	struct generator *g;
	if (!bg)
		return NULL;
	if (!(g = calloc(1, sizeof *g))) {
		val_decref(bg);
		return err_nomem(ev);
	}
	g->bitgen = bg;
	g->pcg = rnd_bitgen_state(bg);
	g->be = be;
	return val_object_new(&generator_type, g);
}

/* default_rng(seed=None): a Generator as given, Generator(bit_generator),
 * else Generator(PCG64(seed)) (seed: what SeedSequence takes) */
static struct value *f_default_rng(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *sv = NULL;
	if (args_parse(ev, "default_rng", argc, argv, kw, "|seed", &sv) < 0)
		return NULL;
	if (sv && sv->type == VT_OBJECT && sv->u.obj.t == &generator_type)
		return val_incref(sv);
	if (rnd_bitgen_state(sv))
		return rnd_generator_new(ev, arr_be(bi), val_incref(sv));
	return rnd_generator_new(ev, arr_be(bi), rnd_bitgen_new(ev, BG_PCG64, sv));
}

const struct arr_func arr_random_funcs[] = {
	{"rand", f_rand, "rand(d0, d1, ..., dn)", "Uniform [0, 1) samples of the given shape."},
	{"randn", f_randn, "randn(d0, d1, ..., dn)", "Standard normal samples of the given shape."},
	{"random", f_random, "random(size=None)", "Uniform [0, 1) samples."},
	{"random_sample", f_random_sample, "random_sample(size=None)", "Uniform [0, 1) samples."},
	{"uniform", f_uniform, "uniform(low=0.0, high=1.0, size=None)", "Uniform [low, high) samples."},
	{"normal", f_normal, "normal(loc=0.0, scale=1.0, size=None)", "Normal (Gaussian) samples."},
	{"standard_normal", f_standard_normal, "standard_normal(size=None)", "Standard normal samples."},
	{"standard_cauchy", f_standard_cauchy, "standard_cauchy(size=None)", "Standard Cauchy samples (mode 0)."},
	{"laplace", f_laplace, "laplace(loc=0.0, scale=1.0, size=None)", "Laplace (double exponential) samples."},
	{"gumbel", f_gumbel, "gumbel(loc=0.0, scale=1.0, size=None)", "Gumbel samples."},
	{"logistic", f_logistic, "logistic(loc=0.0, scale=1.0, size=None)", "Logistic samples."},
	{"lognormal", f_lognormal, "lognormal(mean=0.0, sigma=1.0, size=None)", "Log-normal samples."},
	{"rayleigh", f_rayleigh, "rayleigh(scale=1.0, size=None)", "Rayleigh samples."},
	{"weibull", f_weibull, "weibull(a, size=None)", "Weibull samples."},
	{"pareto", f_pareto, "pareto(a, size=None)", "Pareto II (Lomax) samples."},
	{"power", f_power, "power(a, size=None)", "Samples in [0, 1] from a power distribution."},
	{"chisquare", f_chisquare, "chisquare(df, size=None)", "Chi-square samples."},
	{"standard_t", f_standard_t, "standard_t(df, size=None)", "Student's t samples."},
	{"f", f_f, "f(dfnum, dfden, size=None)", "F distribution samples."},
	{"beta", f_beta, "beta(a, b, size=None)", "Beta distribution samples."},
	{"logseries", f_logseries, "logseries(p, size=None)", "Logarithmic series samples (int64)."},
	{"zipf", f_zipf, "zipf(a, size=None)", "Zipf (zeta) samples (int64)."},
	{"vonmises", f_vonmises, "vonmises(mu, kappa, size=None)", "von Mises samples on [-pi, pi]."},
	{"noncentral_chisquare", f_noncentral_chisquare, "noncentral_chisquare(df, nonc, size=None)",
	 "Noncentral chi-square samples."},
	{"noncentral_f", f_noncentral_f, "noncentral_f(dfnum, dfden, nonc, size=None)", "Noncentral F samples."},
	{"negative_binomial", f_negative_binomial, "negative_binomial(n, p, size=None)",
	 "Negative binomial samples: failures before n successes (int64)."},
	{"wald", f_wald, "wald(mean, scale, size=None)", "Wald (inverse Gaussian) samples."},
	{"triangular", f_triangular, "triangular(left, mode, right, size=None)", "Triangular distribution samples."},
	{"hypergeometric", f_hypergeometric, "hypergeometric(ngood, nbad, nsample, size=None)",
	 "Hypergeometric samples: good items among nsample drawn without replacement (int64)."},
	{"random_integers", f_random_integers, "random_integers(low, high=None, size=None)",
	 "Random integers in [low, high] (deprecated: randint(low, high + 1))."},
	{"multivariate_normal", rnd_f_multivariate_normal, "multivariate_normal(mean, cov, size=None, check_valid='warn', tol=1e-8)",
	 "Draw random samples from a multivariate normal distribution."},
	{"randint", f_randint, "randint(low, high=None, size=None, dtype=int)", "Random integers in [low, high)."},
	{"exponential", f_exponential, "exponential(scale=1.0, size=None)", "Exponential samples of the given scale."},
	{"standard_exponential", f_standard_exponential, "standard_exponential(size=None)", "Exponential samples of scale 1."},
	{"gamma", f_gamma, "gamma(shape, scale=1.0, size=None)", "Gamma samples."},
	{"standard_gamma", f_standard_gamma, "standard_gamma(shape, size=None)", "Gamma samples of scale 1."},
	{"poisson", f_poisson, "poisson(lam=1.0, size=None)", "Poisson samples (int64)."},
	{"binomial", f_binomial, "binomial(n, p, size=None)", "Binomial samples (int64)."},
	{"geometric", f_geometric, "geometric(p, size=None)", "Geometric samples: trials to the first success (int64)."},
	{"choice", f_choice, "choice(a, size=None, replace=True, p=None)", "Random sample from a 1-D array or range(a)."},
	{"permutation", f_permutation, "permutation(x)", "A permuted range or a permuted copy of x."},
	{"shuffle", f_shuffle, "shuffle(x)", "Shuffles x in place along its first axis."},
	{"default_rng", f_default_rng, "default_rng(seed=None)", "A new Generator (PCG64) seeded as NumPy's."},
	{NULL, NULL, NULL, NULL}
};
