/*
 * reduce.c — reductions as np./cp. functions (arr_reduce_funcs) and ndarray
 * methods (arr_reduce_methods): sum prod mean std var min max amin amax ptp
 * argmin argmax all any count_nonzero cumsum cumprod diff median average
 * percentile quantile (order statistics selected per row, not sorted), and
 * the NaN-ignoring nansum nanmean nanmax nanmin nanvar nanstd nanprod
 * nanargmin nanargmax nancumsum nancumprod nanmedian nanpercentile
 * nanquantile (NumPy's lib/_nanfunctions_impl.py: a copy with NaN replaced,
 * its RuntimeWarnings), with NumPy's axis, keepdims, dtype, ddof, out and
 * its accumulator dtypes and messages.
 *
 * Written once above the backends: arr_reduce builds the expression tree
 * and calls be->reduce (host: redhost.c) into an output laid out as NumPy
 * allocates it (the input's order 'K').  Owns nothing beyond a call.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "arrapi.h"
#include "args.h"
#include "error.h"
#include "ufunc.h"
#include "fuse.h"
#include "fpe.h"

int arr_fill_value(struct eval *ev, struct ndarray *a, struct value *x);

static const char *red_name(enum red_op op)
{
	switch (op) {
	case RED_MIN: case RED_NANMIN: return "minimum";
	case RED_MAX: case RED_NANMAX: return "maximum";
	case RED_ARGMIN: return "argmin";
	case RED_ARGMAX: return "argmax";
	default: return "add";
	}
}

/* NumPy's default accumulator of sum/prod: small ints widen to 64 bits */
static int sum_dtype(int d)
{
	switch (dtype_table[d].kind) {
	case DK_BOOL: case DK_INT: return DT_INT64;
	case DK_UINT: return DT_UINT64;
	default: return d;
	}
}

/* The output of a reduction of src (shape oshape: reduced axes 1) laid out
 * as NumPy's iterator allocates it: src's axes by |stride| (order 'K'), so
 * that a reduction of a transposed array keeps summing lanes in memory
 * order.  Host only; C order for trees of several arrays. */
static struct ndarray *new_reduce_out(struct eval *ev, const struct backend *be, int od, int ndim,
				      const int64_t *oshape, const struct ndarray *src)
{
	int perm[ND_MAXDIM];
	int64_t st = dt_size(od);
	struct ndarray *r = nd_new(ev, be, od, ndim, oshape);
	if (!r || be->device != DEV_HOST || !src || src->ndim != ndim || ndim < 2)
		return r;
	for (int k = 0; k < ndim; k++) {
		int j = k;
		int64_t s = src->shape[k] > 1 ? llabs(src->strides[k]) : 0;
		for (; j > 0 && (src->shape[perm[j - 1]] > 1 ? llabs(src->strides[perm[j - 1]]) : 0) < s && s; j--)
			perm[j] = perm[j - 1];
		perm[j] = k;
	}
	for (int k = ndim - 1; k >= 0; k--) {
		r->strides[perm[k]] = st;
		st *= oshape[perm[k]] ? oshape[perm[k]] : 1;
	}
	return r;
}

struct ndarray *arr_reduce_tree(struct eval *ev, const struct backend *be, struct ew_tree *t,
				int ndim, const int64_t *shape, enum red_op op, uint64_t axes,
				int keepdims, int dtype)
{
	int64_t oshape[ND_MAXDIM], count = 1, osize = 1;
	int od, vdt = t->nodes[t->nnodes - 1].dtype;
	struct ndarray *out, *r;

	for (int i = 0; i < ndim; i++) {
		if (axes >> i & 1) {
			oshape[i] = 1;
			count *= shape[i];
		} else {
			oshape[i] = shape[i];
			osize *= shape[i];
		}
	}
	switch (op) {
	case RED_ARGMIN: case RED_ARGMAX: od = DT_INT64; break;
	case RED_ANY: case RED_ALL: od = DT_BOOL; break;
	case RED_SUM: case RED_PROD: case RED_NANSUM:
		od = dtype >= 0 ? dtype : sum_dtype(vdt);
		break;
	default: od = dtype >= 0 ? dtype : vdt; break;
	}
	if (count == 0 && osize > 0) {
		if (op == RED_ARGMIN || op == RED_ARGMAX)
			return err_set(ev, TY_ValueError, "attempt to get %s of an empty sequence", red_name(op));
		if (op == RED_MIN || op == RED_MAX || op == RED_NANMIN || op == RED_NANMAX)
			return err_set(ev, TY_ValueError, "zero-size array to reduction operation %s which has no identity",
				       red_name(op));
	}
	if (!be->reduce)
		return err_set(ev, TY_NotImplementedError, "reductions are not supported by the %s backend", be->name);
	if (t->nnodes >= EW_MAXNODES)
		return err_set(ev, TY_ValueError, "bad expression tree");
	out = new_reduce_out(ev, be, od, ndim, oshape, t->narrays == 1 ? t->arrays[0] : NULL);
	if (!out)
		return NULL;
	/* the tree's root has the output dtype, except for argmin/argmax */
	if (op != RED_ARGMIN && op != RED_ARGMAX && vdt != od) {
		struct ew_node *c = &t->nodes[t->nnodes];
		memset(c, 0, sizeof *c);
		c->kind = EW_CAST;
		c->dtype = od;
		c->nargs = 1;
		c->args[0] = t->nnodes - 1;
		t->nnodes++;
	}
	if (be->reduce(ev, t, op, axes, out) < 0) {
		nd_decref(out);
		return NULL;
	}
	if (keepdims)
		return out;
	{
		int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
		int nd = 0;
		for (int i = 0; i < ndim; i++)
			if (!(axes >> i & 1)) {
				sh[nd] = out->shape[i];
				st[nd++] = out->strides[i];
			}
		r = nd_view(ev, out, od, nd, sh, st, out->offset);
		nd_decref(out);
		return r;
	}
}

struct ndarray *arr_reduce(struct eval *ev, const struct ndarray *a, enum red_op op,
			   uint64_t axes, int keepdims, int dtype)
{
	struct ew_tree *t;
	struct ndarray *r;
	if (nd_device(a) != DEV_HOST && dt_is_complex(a->dtype) && (op == RED_MIN || op == RED_MAX ||
	    op == RED_NANMIN || op == RED_NANMAX || op == RED_ARGMIN || op == RED_ARGMAX)) {
		/* complex order (NumPy's lexicographic, NaNs propagate): the device
		 * reductions order reals only, so a host copy decides */
		struct ndarray *h = arr_to_host(ev, a), *hr;
		hr = h ? arr_reduce(ev, h, op, axes, keepdims, dtype) : NULL;
		nd_decref(h);
		r = hr ? arr_to_backend(ev, hr, nd_backend(a)) : NULL;
		nd_decref(hr);
		return r;
	}
	if (!(t = calloc(1, sizeof *t)))
		return err_nomem(ev);
	t->narrays = 1;
	t->arrays[0] = (struct ndarray *)a;
	t->nodes[0].kind = EW_ARRAY;
	t->nodes[0].dtype = a->dtype;
	t->nnodes = 1;
	r = arr_reduce_tree(ev, nd_backend(a), t, a->ndim, a->shape, op, axes, keepdims, dtype);
	free(t);
	return r;
}

/* ---- small helpers over ndarrays ---- */

static struct ndarray *ufa(struct eval *ev, const struct backend *be, const char *name,
			   struct ndarray *a, struct ndarray *b, struct ndarray *out)
{
	struct value *in[2], *av = arr_wrap(ev, nd_incref(a)), *bv = NULL;
	struct ndarray *r;
	if (!av)
		return NULL;
	in[0] = av;
	if (b) {
		bv = arr_wrap(ev, nd_incref(b));
		if (!bv) {
			val_decref(av);
			return NULL;
		}
		in[1] = bv;
	}
	r = uf_apply_arrays(ev, be, uf_lookup(name), b ? 2 : 1, in, out);
	val_decref(av);
	val_decref(bv);
	return r;
}

/* a op python-number (weak), optionally in place into out */
static struct ndarray *ufs(struct eval *ev, const struct backend *be, const char *name,
			   struct ndarray *a, struct value *s, struct ndarray *out)
{
	struct value *in[2], *av = arr_wrap(ev, nd_incref(a));
	struct ndarray *r;
	if (!av)
		return NULL;
	in[0] = av;
	in[1] = s;
	r = uf_apply_arrays(ev, be, uf_lookup(name), 2, in, out);
	val_decref(av);
	return r;
}

struct common {
	struct ndarray *a;      /* owned */
	uint64_t axes;
	int keepdims;
	int dtype;              /* -1 */
	struct ndarray *out;    /* borrowed or NULL */
	struct value *outv;
	int64_t count;          /* elements reduced per output */
	const struct backend *be;
};

static int common_parse(struct eval *ev, const struct builtin *bi, struct common *c,
			struct value *a, struct value *axis, struct value *dtype,
			struct value *out, struct value *keepdims)
{
	memset(c, 0, sizeof *c);
	c->dtype = -1;
	c->be = bi->self ? nd_backend(bi->self->u.arr) : arr_be(bi);
	c->a = arr_asarray(ev, c->be, a, -1);
	if (!c->a)
		return -1;
	if (arr_parse_axes(ev, axis, c->a->ndim, &c->axes) < 0 ||
	    arr_parse_dtype(ev, dtype, &c->dtype) < 0 ||
	    args_bool(ev, keepdims, 0, &c->keepdims) < 0)
		goto fail;
	if (out && out->type != VT_NONE) {
		c->out = arr_borrow(out);
		if (!c->out) {
			err_set(ev, TY_TypeError, "output must be an array");
			goto fail;
		}
		c->outv = out;
	}
	c->count = 1;
	for (int i = 0; i < c->a->ndim; i++)
		if (c->axes >> i & 1)
			c->count *= c->a->shape[i];
	return 0;
fail:
	nd_decref(c->a);
	c->a = NULL;
	return -1;
}

/* hands the result back: into out= (cast), else as arr_result does */
static struct value *finish(struct eval *ev, struct common *c, struct ndarray *r)
{
	nd_decref(c->a);
	if (!r)
		return NULL;
	if (c->out) {
		struct ndarray *b;
		int rc;
		if (c->out->ndim != r->ndim || memcmp(c->out->shape, r->shape, sizeof(int64_t) * r->ndim)) {
			char s1[128], s2[128];
			arr_format_shape(s1, sizeof s1, c->out->ndim, c->out->shape);
			arr_format_shape(s2, sizeof s2, r->ndim, r->shape);
			nd_decref(r);
			return err_set(ev, TY_ValueError, "output parameter for reduction operation has the wrong number of dimensions: Found %d but expected %d",
				       c->out->ndim, r->ndim);
		}
		b = r;
		rc = nd_backend(c->out)->copy(ev, c->out, b);
		nd_decref(r);
		return rc < 0 ? NULL : val_incref(c->outv);
	}
	return arr_result(ev, r);
}

#define REDFN(fname, OP, hasdtype)                                                         \
static struct value *fname(struct eval *ev, const struct builtin *bi, int argc,             \
			   struct value **argv, const struct kwargs *kw)                    \
{                                                                                           \
	struct value *a = bi->self, *axis = NULL, *dtype = NULL, *out = NULL, *keep = NULL;  \
	struct value *initial = NULL, *where = NULL;                                         \
	struct common c;                                                                     \
	int rc = hasdtype                                                                    \
		? (bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,dtype,out,keepdims,initial,where", \
					 &axis, &dtype, &out, &keep, &initial, &where)        \
			    : args_parse(ev, bi->name, argc, argv, kw, "a|axis,dtype,out,keepdims,initial,where", \
					 &a, &axis, &dtype, &out, &keep, &initial, &where))   \
		: (bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,out,keepdims,initial,where", \
					 &axis, &out, &keep, &initial, &where)                \
			    : args_parse(ev, bi->name, argc, argv, kw, "a|axis,out,keepdims,initial,where", \
					 &a, &axis, &out, &keep, &initial, &where));          \
	if (rc < 0 || common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)               \
		return NULL;                                                                 \
	return reduce_common(ev, &c, OP, initial, where);                                    \
}

static struct value *reduce_common(struct eval *ev, struct common *c, enum red_op op,
				   struct value *initial, struct value *where)
{
	struct ndarray *r;
	if (where && !(where->type == VT_BOOL && where->u.i)) {
		nd_decref(c->a);
		return err_set(ev, TY_NotImplementedError, "where= is not supported in reductions");
	}
	if (initial && initial->type != VT_NONE) {
		/* NumPy: the reduction starts from initial (empty inputs allowed) */
		struct ndarray *s;
		if (c->count == 0) {
			int od = op == RED_SUM || op == RED_PROD ? (c->dtype >= 0 ? c->dtype : sum_dtype(c->a->dtype)) :
				 c->dtype >= 0 ? c->dtype : c->a->dtype;
			int64_t sh[ND_MAXDIM];
			int nd = 0;
			for (int i = 0; i < c->a->ndim; i++)
				if (!(c->axes >> i & 1))
					sh[nd++] = c->a->shape[i];
				else if (c->keepdims)
					sh[nd++] = 1;
			s = nd_new(ev, c->be, od, nd, sh);
			if (s && arr_fill_value(ev, s, initial) < 0) {
				nd_decref(s);
				s = NULL;
			}
			return finish(ev, c, s);
		}
		r = arr_reduce(ev, c->a, op, c->axes, c->keepdims, c->dtype);
		if (!r)
			return finish(ev, c, NULL);
		s = ufs(ev, c->be, op == RED_SUM ? "add" : op == RED_PROD ? "multiply" :
			op == RED_MIN ? "minimum" : "maximum", r, initial, NULL);
		nd_decref(r);
		return finish(ev, c, s);
	}
	return finish(ev, c, arr_reduce(ev, c->a, op, c->axes, c->keepdims, c->dtype));
}

REDFN(fn_sum, RED_SUM, 1)
REDFN(fn_prod, RED_PROD, 1)
REDFN(fn_max, RED_MAX, 0)
REDFN(fn_min, RED_MIN, 0)

static struct value *fn_any(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw);
static struct value *fn_all(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw);

int arr_reduce_builtin_op(const struct builtin *bi)
{
	return bi->fn == fn_sum ? RED_SUM : bi->fn == fn_prod ? RED_PROD :
	       bi->fn == fn_max ? RED_MAX : bi->fn == fn_min ? RED_MIN :
	       bi->fn == fn_any ? RED_ANY : bi->fn == fn_all ? RED_ALL : -1;
}

int arr_reduce_op_has_dtype(enum red_op op)
{
	return op == RED_SUM || op == RED_PROD;
}

static struct value *anyall(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, enum red_op op)
{
	struct value *a = bi->self, *axis = NULL, *out = NULL, *keep = NULL, *where = NULL;
	struct common c;
	int rc = bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,out,keepdims,$where",
				       &axis, &out, &keep, &where)
			  : args_parse(ev, bi->name, argc, argv, kw, "a|axis,out,keepdims,$where",
				       &a, &axis, &out, &keep, &where);
	if (rc < 0 || common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	return reduce_common(ev, &c, op, NULL, where);
}

static struct value *fn_any(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return anyall(ev, bi, argc, argv, kw, RED_ANY);
}

static struct value *fn_all(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return anyall(ev, bi, argc, argv, kw, RED_ALL);
}

/* ---- NaN helpers (NumPy's lib/_nanfunctions_impl.py) ---- */

/* 1 if any item of the bool array b is true, 0 if none, -1 on error */
static int any_true(struct eval *ev, const struct ndarray *b)
{
	uint64_t all = b->ndim ? (~(uint64_t)0 >> (64 - b->ndim)) : 0;
	struct ndarray *r = arr_reduce(ev, b, RED_ANY, all, 0, -1), *h;
	int v;
	if (!r)
		return -1;
	h = arr_to_host(ev, r);
	nd_decref(r);
	if (!h)
		return -1;
	v = *(const uint8_t *)nd_data(h) != 0;
	nd_decref(h);
	return v;
}

/* 1 if any item of x is NaN (np.isnan(x).any()) */
static int any_nan(struct eval *ev, const struct backend *be, struct ndarray *x)
{
	struct ndarray *m = ufa(ev, be, "isnan", x, NULL, NULL);
	int v = m ? any_true(ev, m) : -1;
	nd_decref(m);
	return v;
}

/* NumPy's _replace_nan: a copy of a (order 'K', on a's backend) with every
 * NaN (complex: either part) replaced by fill */
static struct ndarray *nan_replaced(struct eval *ev, struct ndarray *a, double fill)
{
	int here = nd_device(a) == DEV_HOST;   /* host memory (np, or cp in host mode) */
	struct ndarray *h = here ? nd_incref(a) : arr_to_host(ev, a), *k, *r;
	int64_t n;
	if (!h)
		return NULL;
	k = ufa(ev, here ? nd_backend(a) : &backend_host, "positive", h, NULL, NULL);   /* order 'K' copy */
	nd_decref(h);
	if (!k)
		return NULL;
	n = nd_size(k);
	switch (k->dtype) {
#define FILL_REAL(T) {                                                         \
		T *p = (T *)nd_data(k);                                        \
		for (int64_t i = 0; i < n; i++)                                \
			if (p[i] != p[i])                                      \
				p[i] = (T)fill;                                \
		break;                                                         \
	}
#define FILL_CPLX(T) {                                                         \
		T *p = (T *)nd_data(k);                                        \
		for (int64_t i = 0; i < n; i++)                                \
			if (p[2 * i] != p[2 * i] || p[2 * i + 1] != p[2 * i + 1]) { \
				p[2 * i] = (T)fill;                            \
				p[2 * i + 1] = 0;                              \
			}                                                      \
		break;                                                         \
	}
	case DT_FLOAT16: FILL_REAL(_Float16)
	case DT_FLOAT32: FILL_REAL(float)
	case DT_FLOAT64: FILL_REAL(double)
	case DT_COMPLEX64: FILL_CPLX(float)
	case DT_COMPLEX128: FILL_CPLX(double)
#undef FILL_REAL
#undef FILL_CPLX
	}
	if (here)
		return k;
	r = arr_to_backend(ev, k, nd_backend(a));
	nd_decref(k);
	return r;
}

/* x[mask] = val: in place into x (a new array of this call's own) on the
 * host; a device x comes back as a new array.  Returns x's new reference. */
static struct ndarray *uf_where_scalar(struct eval *ev, const struct backend *be, struct ndarray *mask,
				       struct value *val, struct ndarray *x)
{
	struct ndarray *hx, *hm, *r;
	struct npscalar sv, cv;
	int64_t idx[ND_MAXDIM] = {0}, n;
	int pycls;
	if (arr_value_scalar(val, &sv, &pycls) < 0)
		return err_set(ev, TY_TypeError, "bad fill value");
	arr_scalar_cast(&sv, x->dtype, &cv);
	hx = nd_device(x) == DEV_HOST ? nd_incref(x) : arr_to_host(ev, x);
	hm = hx ? arr_to_host(ev, mask) : NULL;
	if (!hm) {
		nd_decref(hx);
		return NULL;
	}
	n = nd_size(hx);
	for (int64_t e = 0; e < n; e++) {
		char *px = nd_data(hx);
		const char *pm = nd_data(hm);
		for (int k = 0; k < hx->ndim; k++) {
			px += idx[k] * hx->strides[k];
			pm += idx[k] * hm->strides[k];
		}
		if (*(const uint8_t *)pm)
			arr_scalar_store(hx->dtype, px, &cv);
		for (int k = hx->ndim - 1; k >= 0; k--) {
			if (++idx[k] < hx->shape[k])
				break;
			idx[k] = 0;
		}
	}
	nd_decref(hm);
	if (nd_device(x) == DEV_HOST)
		return hx;
	r = arr_to_backend(ev, hx, be);
	nd_decref(hx);
	return r;
}

/* c->a, an inexact array, becomes its NaN-replaced copy */
static int common_nan_replace(struct eval *ev, struct common *c, double fill)
{
	struct ndarray *r = nan_replaced(ev, c->a, fill);
	if (!r)
		return -1;
	nd_decref(c->a);
	c->a = r;
	return 0;
}

/* x / n (n an array of counts), keeping x's dtype and reporting no
 * floating-point error: NumPy's _divide_by_count */
static struct ndarray *divide_by_count(struct eval *ev, const struct backend *be,
				       struct ndarray *x, struct ndarray *n)
{
	int saved = fpe_ignore_begin();
	struct ndarray *q = ufa(ev, be, "true_divide", x, n, NULL), *r = q;
	fpe_ignore_end(saved);
	if (q && q->dtype != x->dtype) {
		r = arr_astype(ev, q, x->dtype);
		nd_decref(q);
	}
	return r;
}

/* np.sum(~isnan(a), axis, dtype=intp, keepdims) */
static struct ndarray *count_not_nan(struct eval *ev, struct common *c, struct ndarray *a, int keepdims)
{
	struct ndarray *isn = ufa(ev, c->be, "isnan", a, NULL, NULL), *nn, *r;
	nn = isn ? ufa(ev, c->be, "logical_not", isn, NULL, NULL) : NULL;
	r = nn ? arr_reduce(ev, nn, RED_SUM, c->axes, keepdims, DT_INT64) : NULL;
	nd_decref(isn);
	nd_decref(nn);
	return r;
}

static struct value *nanminmax(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, enum red_op op)
{
	struct value *a, *axis = NULL, *out = NULL, *keep = NULL, *initial = NULL, *where = NULL;
	struct common c;
	if (args_parse(ev, bi->name, argc, argv, kw, "a|axis,out,keepdims,initial,where",
		       &a, &axis, &out, &keep, &initial, &where) < 0 ||
	    common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	if (!dt_is_inexact(c.a->dtype))
		return reduce_common(ev, &c, op == RED_NANMAX ? RED_MAX : RED_MIN, NULL, where);
	if (where && !(where->type == VT_BOOL && where->u.i)) {
		nd_decref(c.a);
		return err_set(ev, TY_NotImplementedError, "where= is not supported in reductions");
	}
	{
		/* NumPy: fmax.reduce, then the warning when a slice was all NaN */
		struct ndarray *r = arr_reduce(ev, c.a, op, c.axes, c.keepdims, -1);
		if (r && any_nan(ev, c.be, r) > 0)
			ev_warn(ev, "RuntimeWarning", "All-NaN slice encountered");
		return finish(ev, &c, r);
	}
}

static struct value *fn_nanmax(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return nanminmax(ev, bi, argc, argv, kw, RED_NANMAX);
}

static struct value *fn_nanmin(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return nanminmax(ev, bi, argc, argv, kw, RED_NANMIN);
}

static struct value *fn_nansum(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *dtype = NULL, *out = NULL, *keep = NULL, *initial = NULL, *where = NULL;
	struct common c;
	if (args_parse(ev, "nansum", argc, argv, kw, "a|axis,dtype,out,keepdims,initial,where",
		       &a, &axis, &dtype, &out, &keep, &initial, &where) < 0 ||
	    common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	return reduce_common(ev, &c, RED_NANSUM, initial, where);
}

/* argmin / argmax: one axis or all (flattened) */
static struct value *argfn(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw, enum red_op op)
{
	struct value *a = bi->self, *axis = NULL, *out = NULL, *keep = NULL;
	struct common c;
	int rc = bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,out,$keepdims", &axis, &out, &keep)
			  : args_parse(ev, bi->name, argc, argv, kw, "a|axis,out,$keepdims", &a, &axis, &out, &keep);
	if (rc < 0)
		return NULL;
	if (axis && axis->type == VT_TUPLE)
		return err_set(ev, TY_TypeError, "'tuple' object cannot be interpreted as an integer");
	if (common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	return reduce_common(ev, &c, op, NULL, NULL);
}

static struct value *fn_argmax(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return argfn(ev, bi, argc, argv, kw, RED_ARGMAX);
}

static struct value *fn_argmin(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return argfn(ev, bi, argc, argv, kw, RED_ARGMIN);
}

static struct value *fn_ptp(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *a = bi->self, *axis = NULL, *out = NULL, *keep = NULL;
	struct common c;
	struct ndarray *mx, *mn, *r = NULL;
	int rc = bi->self ? args_parse(ev, "ptp", argc, argv, kw, "|axis,out,keepdims", &axis, &out, &keep)
			  : args_parse(ev, "ptp", argc, argv, kw, "a|axis,out,keepdims", &a, &axis, &out, &keep);
	if (rc < 0 || common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	mx = arr_reduce(ev, c.a, RED_MAX, c.axes, c.keepdims, -1);
	mn = mx ? arr_reduce(ev, c.a, RED_MIN, c.axes, c.keepdims, -1) : NULL;
	if (mn)
		r = ufa(ev, c.be, "subtract", mx, mn, NULL);
	nd_decref(mx);
	nd_decref(mn);
	return finish(ev, &c, r);
}

/* mean over the common args: NumPy's _mean (float64 for ints, float32 for float16) */
static struct ndarray *mean_of(struct eval *ev, struct common *c, int keepdims)
{
	int acc = c->dtype;
	int is_f16 = 0;
	struct ndarray *s, *r;
	struct value *n;
	if (acc < 0) {
		if (dt_is_int(c->a->dtype) || c->a->dtype == DT_BOOL)
			acc = DT_FLOAT64;
		else if (c->a->dtype == DT_FLOAT16) {
			acc = DT_FLOAT32;
			is_f16 = 1;
		}
	}
	s = arr_reduce(ev, c->a, RED_SUM, c->axes, keepdims, acc);
	if (!s)
		return NULL;
	if (c->count == 0)
		ev_warn(ev, "RuntimeWarning", "Mean of empty slice");
	n = val_int(c->count);
	r = ufs(ev, c->be, "true_divide", s, n, dt_is_inexact(s->dtype) ? s : NULL);
	val_decref(n);
	nd_decref(s);
	if (r && is_f16) {
		s = arr_astype(ev, r, DT_FLOAT16);
		nd_decref(r);
		r = s;
	}
	return r;
}

static struct value *fn_mean(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *a = bi->self, *axis = NULL, *dtype = NULL, *out = NULL, *keep = NULL, *where = NULL;
	struct common c;
	int rc = bi->self ? args_parse(ev, "mean", argc, argv, kw, "|axis,dtype,out,keepdims,$where",
				       &axis, &dtype, &out, &keep, &where)
			  : args_parse(ev, "mean", argc, argv, kw, "a|axis,dtype,out,keepdims,$where",
				       &a, &axis, &dtype, &out, &keep, &where);
	if (rc < 0 || common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	return finish(ev, &c, mean_of(ev, &c, c.keepdims));
}

/* The real part of p = x * conj(x) written in place as NumPy computes it:
 * fused (nanvar's np.multiply(arr, arr.conj()), its AVX2 loop: fma(re, re,
 * im * im)) or plain (np.var's squares of the parts, then their sum).
 * Host arrays of one shape. */
static void sqmag(const struct ndarray *x, struct ndarray *p, int fused)
{
	int64_t idx[ND_MAXDIM] = {0}, n = nd_size(x);
	if (nd_device(x) != DEV_HOST || nd_device(p) != DEV_HOST || x->dtype != p->dtype)
		return;
	for (int64_t e = 0; e < n; e++) {
		const char *px = nd_data(x);
		char *pp = nd_data(p);
		for (int k = 0; k < x->ndim; k++) {
			px += idx[k] * x->strides[k];
			pp += idx[k] * p->strides[k];
		}
		if (x->dtype == DT_COMPLEX64) {
			float re = ((const float *)px)[0], im = ((const float *)px)[1];
			*(float *)pp = fused ? fmaf(re, re, im * im) : re * re + im * im;
		} else {
			double re = ((const double *)px)[0], im = ((const double *)px)[1];
			*(double *)pp = fused ? fma(re, re, im * im) : re * re + im * im;
		}
		for (int k = x->ndim - 1; k >= 0; k--) {
			if (++idx[k] < x->shape[k])
				break;
			idx[k] = 0;
		}
	}
}

/* NumPy's _var: mean with keepdims, squared deviations, their mean with ddof */
static struct ndarray *var_of(struct eval *ev, struct common *c, int64_t ddof)
{
	int dt = c->dtype;
	struct ndarray *m, *x, *x2, *s, *r;
	struct value *n;
	if (dt < 0 && (dt_is_int(c->a->dtype) || c->a->dtype == DT_BOOL))
		dt = DT_FLOAT64;
	if (c->count - ddof <= 0)
		ev_warn(ev, "RuntimeWarning", "Degrees of freedom <= 0 for slice");
	m = arr_reduce(ev, c->a, RED_SUM, c->axes, 1, dt);
	if (!m)
		return NULL;
	n = val_int(c->count);
	x = ufs(ev, c->be, "true_divide", m, n, dt_is_inexact(m->dtype) ? m : NULL);
	val_decref(n);
	nd_decref(m);
	if (!x)
		return NULL;
	m = x;
	x = ufa(ev, c->be, "subtract", c->a, m, NULL);
	nd_decref(m);
	if (!x)
		return NULL;
	if (dt_is_complex(x->dtype)) {
		struct ndarray *cj = ufa(ev, c->be, "conjugate", x, NULL, NULL);
		struct ndarray *p = cj ? ufa(ev, c->be, "multiply", x, cj, NULL) : NULL;
		struct ndarray *arr_real_imag(struct eval *, const struct ndarray *, int);
		nd_decref(cj);
		if (p)
			sqmag(x, p, 0);
		x2 = p ? arr_real_imag(ev, p, 0) : NULL;
		nd_decref(p);
	} else {
		x2 = ufa(ev, c->be, "multiply", x, x, x);
	}
	nd_decref(x);
	if (!x2)
		return NULL;
	s = arr_reduce(ev, x2, RED_SUM, c->axes, c->keepdims, dt);
	nd_decref(x2);
	if (!s)
		return NULL;
	n = val_int(c->count - ddof > 0 ? c->count - ddof : 0);
	r = ufs(ev, c->be, "true_divide", s, n, dt_is_inexact(s->dtype) ? s : NULL);
	val_decref(n);
	nd_decref(s);
	return r;
}

static struct value *varstd(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, int sd)
{
	struct value *a = bi->self, *axis = NULL, *dtype = NULL, *out = NULL, *ddofv = NULL,
		     *keep = NULL, *where = NULL, *mean = NULL, *corr = NULL;
	struct common c;
	int64_t ddof;
	struct ndarray *r;
	int rc = bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,dtype,out,ddof,keepdims,$where,mean,correction",
				       &axis, &dtype, &out, &ddofv, &keep, &where, &mean, &corr)
			  : args_parse(ev, bi->name, argc, argv, kw, "a|axis,dtype,out,ddof,keepdims,$where,mean,correction",
				       &a, &axis, &dtype, &out, &ddofv, &keep, &where, &mean, &corr);
	if (rc < 0)
		return NULL;
	if (corr && corr->type != VT_NONE)
		ddofv = corr;
	if (args_int(ev, ddofv, 0, &ddof) < 0 || common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	r = var_of(ev, &c, ddof);
	if (r && sd) {
		struct ndarray *s = ufa(ev, c.be, "sqrt", r, NULL, r);
		nd_decref(r);
		r = s;
	}
	return finish(ev, &c, r);
}

static struct value *fn_var(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return varstd(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_std(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return varstd(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_count_nonzero(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *keep = NULL;
	struct common c;
	struct ndarray *nz, *r;
	struct value *zero;
	if (args_parse(ev, "count_nonzero", argc, argv, kw, "a|axis,$keepdims", &a, &axis, &keep) < 0 ||
	    common_parse(ev, bi, &c, a, axis, NULL, NULL, keep) < 0)
		return NULL;
	if (c.a->dtype == DT_BOOL && nd_device(c.a) == DEV_HOST)
		return finish(ev, &c, arr_reduce(ev, c.a, RED_SUM, c.axes, c.keepdims, DT_INT64));
	zero = val_int(0);
	nz = ufs(ev, c.be, "not_equal", c.a, zero, NULL);
	val_decref(zero);
	r = nz ? arr_reduce(ev, nz, RED_SUM, c.axes, c.keepdims, DT_INT64) : NULL;
	nd_decref(nz);
	return finish(ev, &c, r);
}

/* "If a is inexact, then dtype must be inexact" (nanmean, nanvar) */
static int inexact_dtype_check(struct eval *ev, struct common *c)
{
	if (c->dtype >= 0 && !dt_is_inexact(c->dtype)) {
		err_set(ev, TY_TypeError, "If a is inexact, then dtype must be inexact");
		return -1;
	}
	if (c->out && !dt_is_inexact(c->out->dtype)) {
		err_set(ev, TY_TypeError, "If a is inexact, then out must be inexact");
		return -1;
	}
	return 0;
}

/* NumPy's nanmean: sum of the NaN-free copy / count of non-NaN items,
 * "Mean of empty slice" where a count is 0 */
static struct value *fn_nanmean(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *dtype = NULL, *out = NULL, *keep = NULL, *where = NULL;
	struct common c;
	struct ndarray *tot = NULL, *cnt, *r = NULL;
	if (args_parse(ev, "nanmean", argc, argv, kw, "a|axis,dtype,out,keepdims,$where",
		       &a, &axis, &dtype, &out, &keep, &where) < 0 ||
	    common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	if (!dt_is_inexact(c.a->dtype))
		return finish(ev, &c, mean_of(ev, &c, c.keepdims));
	if (inexact_dtype_check(ev, &c) < 0)
		return finish(ev, &c, NULL);
	cnt = count_not_nan(ev, &c, c.a, c.keepdims);
	if (cnt)
		tot = arr_reduce(ev, c.a, RED_NANSUM, c.axes, c.keepdims, c.dtype);
	if (tot)
		r = divide_by_count(ev, c.be, tot, cnt);
	if (r) {
		struct value *zero = val_int(0);
		struct ndarray *bad = ufs(ev, c.be, "equal", cnt, zero, NULL);
		int any = bad ? any_true(ev, bad) : -1;
		val_decref(zero);
		nd_decref(bad);
		if (any > 0)
			ev_warn(ev, "RuntimeWarning", "Mean of empty slice");
		else if (any < 0) {
			nd_decref(r);
			r = NULL;
		}
	}
	nd_decref(tot);
	nd_decref(cnt);
	return finish(ev, &c, r);
}

/* NumPy's nanvar: the NaN-free copy's deviations from the mean of the
 * non-NaN items (NaN places set to 0), squared, summed, / (count - ddof);
 * "Degrees of freedom <= 0 for slice." and NaN where count - ddof <= 0 */
static struct ndarray *nanvar_of(struct eval *ev, struct common *c, int64_t ddof)
{
	struct ndarray *isn = NULL, *arr = NULL, *cnt = NULL, *s = NULL, *avg = NULL, *d = NULL,
		       *x2 = NULL, *var = NULL, *dof = NULL, *bad = NULL, *r = NULL;
	struct value *v;
	int any;
	if (!(isn = ufa(ev, c->be, "isnan", c->a, NULL, NULL)) ||
	    !(arr = nan_replaced(ev, c->a, 0)) ||
	    !(cnt = count_not_nan(ev, c, c->a, 1)) ||
	    !(s = arr_reduce(ev, arr, RED_SUM, c->axes, 1, c->dtype)) ||
	    !(avg = divide_by_count(ev, c->be, s, cnt)))
		goto done;
	/* np.subtract(arr, avg, out=arr, casting='unsafe'), NaN places back to 0 */
	if (!(d = ufa(ev, c->be, "subtract", arr, avg, NULL)))
		goto done;
	if (d->dtype != arr->dtype) {
		struct ndarray *t = arr_astype(ev, d, arr->dtype);
		nd_decref(d);
		if (!(d = t))
			goto done;
	}
	nd_decref(arr);
	v = val_int(0);
	arr = uf_where_scalar(ev, c->be, isn, v, d);
	val_decref(v);
	nd_decref(d);
	d = NULL;
	if (!arr)
		goto done;
	if (dt_is_complex(arr->dtype)) {
		struct ndarray *cj = ufa(ev, c->be, "conjugate", arr, NULL, NULL);
		struct ndarray *p = cj ? ufa(ev, c->be, "multiply", arr, cj, NULL) : NULL;
		struct ndarray *arr_real_imag(struct eval *, const struct ndarray *, int);
		nd_decref(cj);
		if (p)
			sqmag(arr, p, 1);
		x2 = p ? arr_real_imag(ev, p, 0) : NULL;
		nd_decref(p);
	} else {
		x2 = ufa(ev, c->be, "multiply", arr, arr, NULL);
	}
	if (!x2 || !(var = arr_reduce(ev, x2, RED_SUM, c->axes, c->keepdims, c->dtype)))
		goto done;
	nd_decref(cnt);
	if (!(cnt = count_not_nan(ev, c, c->a, c->keepdims)))
		goto done;
	v = val_int(ddof);
	dof = ufs(ev, c->be, "subtract", cnt, v, NULL);
	val_decref(v);
	if (!dof || !(r = divide_by_count(ev, c->be, var, dof)))
		goto done;
	v = val_int(0);
	bad = ufs(ev, c->be, "less_equal", dof, v, NULL);
	val_decref(v);
	any = bad ? any_true(ev, bad) : -1;
	if (any > 0) {
		struct ndarray *t;
		ev_warn(ev, "RuntimeWarning", "Degrees of freedom <= 0 for slice.");
		v = val_float(NAN);
		t = uf_where_scalar(ev, c->be, bad, v, r);
		val_decref(v);
		nd_decref(r);
		r = t;
	} else if (any < 0) {
		nd_decref(r);
		r = NULL;
	}
done:
	nd_decref(isn);
	nd_decref(arr);
	nd_decref(cnt);
	nd_decref(s);
	nd_decref(avg);
	nd_decref(d);
	nd_decref(x2);
	nd_decref(var);
	nd_decref(dof);
	nd_decref(bad);
	return r;
}

static struct value *nanvarstd(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, int sd)
{
	struct value *a, *axis = NULL, *dtype = NULL, *out = NULL, *ddofv = NULL,
		     *keep = NULL, *where = NULL, *mean = NULL, *corr = NULL;
	struct common c;
	int64_t ddof;
	struct ndarray *r;
	if (args_parse(ev, bi->name, argc, argv, kw, "a|axis,dtype,out,ddof,keepdims,$where,mean,correction",
		       &a, &axis, &dtype, &out, &ddofv, &keep, &where, &mean, &corr) < 0)
		return NULL;
	if (mean && mean->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s: mean= is not supported", bi->name);
	if (where && !(where->type == VT_BOOL && where->u.i))
		return err_set(ev, TY_NotImplementedError, "where= is not supported in reductions");
	if (args_int(ev, ddofv, 0, &ddof) < 0)
		return NULL;
	if (corr && corr->type != VT_NONE) {
		if (ddof != 0)
			return err_set(ev, TY_ValueError, "ddof and correction can't be provided simultaneously.");
		if (args_int(ev, corr, 0, &ddof) < 0)
			return NULL;
	}
	if (common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	if (!dt_is_inexact(c.a->dtype)) {
		r = var_of(ev, &c, ddof);
	} else {
		if (inexact_dtype_check(ev, &c) < 0)
			return finish(ev, &c, NULL);
		r = nanvar_of(ev, &c, ddof);
	}
	if (r && sd) {
		struct ndarray *s = ufa(ev, c.be, "sqrt", r, NULL, r);
		nd_decref(r);
		r = s;
	}
	return finish(ev, &c, r);
}

static struct value *fn_nanvar(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return nanvarstd(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_nanstd(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return nanvarstd(ev, bi, argc, argv, kw, 1);
}

/* nanprod: prod of the copy with NaN replaced by 1 */
static struct value *fn_nanprod(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *dtype = NULL, *out = NULL, *keep = NULL, *initial = NULL, *where = NULL;
	struct common c;
	if (args_parse(ev, "nanprod", argc, argv, kw, "a|axis,dtype,out,keepdims,initial,where",
		       &a, &axis, &dtype, &out, &keep, &initial, &where) < 0 ||
	    common_parse(ev, bi, &c, a, axis, dtype, out, keep) < 0)
		return NULL;
	if (dt_is_inexact(c.a->dtype) && common_nan_replace(ev, &c, 1) < 0)
		return finish(ev, &c, NULL);
	return reduce_common(ev, &c, RED_PROD, initial, where);
}

/* nanargmin / nanargmax: ValueError for an all-NaN slice, else argmin /
 * argmax of the copy with NaN replaced by +inf / -inf */
static struct value *nanargfn(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, enum red_op op)
{
	struct value *a, *axis = NULL, *out = NULL, *keep = NULL;
	struct common c;
	if (args_parse(ev, bi->name, argc, argv, kw, "a|axis,out,$keepdims", &a, &axis, &out, &keep) < 0)
		return NULL;
	if (axis && axis->type == VT_TUPLE)
		return err_set(ev, TY_TypeError, "'tuple' object cannot be interpreted as an integer");
	if (common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	if (dt_is_inexact(c.a->dtype) && nd_size(c.a) > 0) {
		struct ndarray *isn = ufa(ev, c.be, "isnan", c.a, NULL, NULL);
		struct ndarray *all = isn ? arr_reduce(ev, isn, RED_ALL, c.axes, 0, -1) : NULL;
		int any = all ? any_true(ev, all) : -1;
		nd_decref(isn);
		nd_decref(all);
		if (any != 0) {
			if (any > 0)
				err_set(ev, TY_ValueError, "All-NaN slice encountered");
			return finish(ev, &c, NULL);
		}
		if (common_nan_replace(ev, &c, op == RED_ARGMIN ? INFINITY : -INFINITY) < 0)
			return finish(ev, &c, NULL);
	}
	return reduce_common(ev, &c, op, NULL, NULL);
}

static struct value *fn_nanargmin(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return nanargfn(ev, bi, argc, argv, kw, RED_ARGMIN);
}

static struct value *fn_nanargmax(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return nanargfn(ev, bi, argc, argv, kw, RED_ARGMAX);
}

/* ---- scans ---- */

static struct ndarray *scan_on(struct eval *ev, const struct backend *be, const struct ndarray *x,
			       int ax, int prod, int dt)
{
	struct ndarray *r = nd_new(ev, be, dt, x->ndim, x->shape);
	if (r && be->scan(ev, x, ax, prod, r) < 0) {
		nd_decref(r);
		r = NULL;
	}
	return r;
}

/* The device scans 32/64-bit ints and float32/64 (kernels/fixed.cu).  Other
 * integer and bool results scan in 64 bits and cast back (sums and products
 * wrap the same modulo 2^8 or 2^16; a bool sum is an or); float16 and
 * complex, whose rounding a wider scan would change, scan on a host copy. */
static struct ndarray *scan_device(struct eval *ev, const struct backend *be, const struct ndarray *x,
				   int ax, int prod, int dt)
{
	struct ndarray *w, *r, *h;
	switch (dt) {
	case DT_INT32: case DT_INT64: case DT_UINT32: case DT_UINT64: case DT_FLOAT32: case DT_FLOAT64:
		return scan_on(ev, be, x, ax, prod, dt);
	case DT_BOOL: case DT_INT8: case DT_INT16: case DT_UINT8: case DT_UINT16:
		w = scan_on(ev, be, x, ax, prod, dtype_table[dt].kind == DK_UINT ? DT_UINT64 : DT_INT64);
		r = w ? arr_astype(ev, w, dt) : NULL;
		nd_decref(w);
		return r;
	default:
		if (!(h = arr_to_host(ev, x)))
			return NULL;
		w = scan_on(ev, &backend_host, h, ax, prod, dt);
		nd_decref(h);
		r = w ? arr_to_backend(ev, w, be) : NULL;
		nd_decref(w);
		return r;
	}
}

static struct value *scanfn(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, int prod, int nan)
{
	struct value *a = bi->self, *axis = NULL, *dtype = NULL, *out = NULL;
	struct ndarray *x, *r;
	int ax = 0, dt = -1;
	const struct backend *be = bi->self ? nd_backend(bi->self->u.arr) : arr_be(bi);
	int rc = bi->self ? args_parse(ev, bi->name, argc, argv, kw, "|axis,dtype,out", &axis, &dtype, &out)
			  : args_parse(ev, bi->name, argc, argv, kw, "a|axis,dtype,out", &a, &axis, &dtype, &out);
	if (rc < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	x = arr_asarray(ev, be, a, -1);
	if (!x)
		return NULL;
	if (nan && dt_is_inexact(x->dtype)) {   /* nancumsum / nancumprod */
		struct ndarray *f = nan_replaced(ev, x, prod);
		nd_decref(x);
		if (!(x = f))
			return NULL;
	}
	if (!axis || axis->type == VT_NONE) {
		int64_t n = nd_size(x);
		struct ndarray *f = arr_reshape(ev, x, 1, &n);
		nd_decref(x);
		if (!f)
			return NULL;
		x = f;
	} else {
		int64_t i64;
		if (val_as_int64(ev, axis, &i64) < 0 || arr_normalize_axis(ev, i64, x->ndim, &ax) < 0) {
			nd_decref(x);
			return NULL;
		}
	}
	if (dt < 0)
		dt = sum_dtype(x->dtype);
	if (!be->scan) {
		nd_decref(x);
		return err_set(ev, TY_NotImplementedError, "%s is not supported by the %s backend", bi->name, be->name);
	}
	r = be->device == DEV_HOST ? scan_on(ev, be, x, ax, prod, dt) : scan_device(ev, be, x, ax, prod, dt);
	nd_decref(x);
	if (r && out && out->type != VT_NONE) {
		struct ndarray *o = arr_borrow(out);
		int ok = o && nd_backend(o)->copy(ev, o, r) == 0;
		nd_decref(r);
		return ok ? val_incref(out) : (o ? NULL : err_set(ev, TY_TypeError, "output must be an array"));
	}
	return arr_wrap(ev, r);
}

static struct value *fn_cumsum(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return scanfn(ev, bi, argc, argv, kw, 0, 0);
}

static struct value *fn_nancumsum(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return scanfn(ev, bi, argc, argv, kw, 0, 1);
}

static struct value *fn_cumprod(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return scanfn(ev, bi, argc, argv, kw, 1, 0);
}

static struct value *fn_nancumprod(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return scanfn(ev, bi, argc, argv, kw, 1, 1);
}

/* np.diff(a, n=1, axis=-1): a[1:] - a[:-1] along axis, n times */
static struct value *fn_diff(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *a, *nv = NULL, *axis = NULL, *pre = NULL, *app = NULL;
	int64_t n, ax64;
	int ax;
	struct ndarray *x;
	const struct backend *be = arr_be(bi);
	if (args_parse(ev, "diff", argc, argv, kw, "a|n,axis,prepend,append", &a, &nv, &axis, &pre, &app) < 0 ||
	    args_int(ev, nv, 1, &n) < 0 || args_int(ev, axis, -1, &ax64) < 0)
		return NULL;
	if ((pre && pre->type != VT_NONE) || (app && app->type != VT_NONE))
		return err_set(ev, TY_NotImplementedError, "diff(): prepend/append are not supported");
	if (n < 0)
		return err_set(ev, TY_ValueError, "order must be non-negative but got %lld", (long long)n);
	x = arr_asarray(ev, be, a, -1);
	if (!x)
		return NULL;
	if (x->ndim == 0) {
		nd_decref(x);
		return err_set(ev, TY_ValueError, "diff requires input that is at least one dimensional");
	}
	if (arr_normalize_axis(ev, ax64, x->ndim, &ax) < 0) {
		nd_decref(x);
		return NULL;
	}
	for (int64_t k = 0; k < n; k++) {
		int64_t sh[ND_MAXDIM];
		int64_t len = x->shape[ax] > 0 ? x->shape[ax] - 1 : 0;
		struct ndarray *hi, *lo, *d;
		memcpy(sh, x->shape, sizeof(int64_t) * x->ndim);
		sh[ax] = len;
		hi = nd_view(ev, x, x->dtype, x->ndim, sh, x->strides, x->offset + (len ? x->strides[ax] : 0));
		lo = hi ? nd_view(ev, x, x->dtype, x->ndim, sh, x->strides, x->offset) : NULL;
		d = lo ? ufa(ev, be, x->dtype == DT_BOOL ? "not_equal" : "subtract", hi, lo, NULL) : NULL;
		nd_decref(hi);
		nd_decref(lo);
		nd_decref(x);
		if (!d)
			return NULL;
		x = d;
	}
	return arr_wrap(ev, x);
}

/* ---- order statistics (host: sort rows of a copy) ---- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	if (isnan(x)) return isnan(y) ? 0 : 1;
	if (isnan(y)) return -1;
	return x < y ? -1 : x > y;
}

/* x[k] becomes the k-th smallest of x[0..n) (no NaNs), smaller ones before
 * it and larger ones after: quickselect, median-of-three pivots, a sort of
 * what is left when the ranges shrink slowly */
static void select_kth(double *x, int64_t n, int64_t k)
{
	int64_t lo = 0, hi = n - 1;
	int rounds = 0;
	while (hi > lo) {
		if (hi - lo < 16) {	/* a few items: insertion sort */
			for (int64_t i = lo + 1; i <= hi; i++) {
				double v = x[i];
				int64_t j = i;
				for (; j > lo && x[j - 1] > v; j--)
					x[j] = x[j - 1];
				x[j] = v;
			}
			return;
		}
		if (++rounds > 100) {
			qsort(x + lo, (size_t)(hi - lo + 1), sizeof(double), cmp_double);
			return;
		}
		int64_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		double t;
#define SWAPD(a, b) (t = (a), (a) = (b), (b) = t)
		if (x[mid] < x[lo]) SWAPD(x[mid], x[lo]);
		if (x[hi] < x[lo]) SWAPD(x[hi], x[lo]);
		if (x[hi] < x[mid]) SWAPD(x[hi], x[mid]);
		double piv = x[mid];
		while (i <= j) {
			while (x[i] < piv)
				i++;
			while (x[j] > piv)
				j--;
			if (i <= j) {
				SWAPD(x[i], x[j]);
				i++;
				j--;
			}
		}
#undef SWAPD
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/* Puts the order statistics ks (ascending, n > 0) of row x in place, as a
 * sort would; returns 1 when the row holds a NaN (NumPy's result is NaN). */
static int select_row(double *x, int64_t n, const int64_t *ks, int nks)
{
	int64_t from = 0;
	for (int64_t i = 0; i < n; i++)
		if (x[i] != x[i])
			return 1;
	for (int i = 0; i < nks; i++) {
		if (ks[i] < from)
			continue;
		select_kth(x + from, n - from, ks[i] - from);
		from = ks[i] + 1;
	}
	return 0;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* rows (float64, host, contiguous) of a with the axes moved last */
static double *stat_rows(struct eval *ev, struct ndarray *a, uint64_t axes,
			 int64_t *rows, int64_t *len, int64_t *oshape, int *ond, int keepdims,
			 struct ndarray **owner)
{
	int perm[ND_MAXDIM], k = 0;
	struct ndarray *t, *c, *h;
	double *buf;
	*rows = 1;
	*len = 1;
	*ond = 0;
	for (int i = 0; i < a->ndim; i++) {
		if (!(axes >> i & 1)) {
			perm[k++] = i;
			*rows *= a->shape[i];
			oshape[(*ond)++] = a->shape[i];
		} else if (keepdims) {
			oshape[(*ond)++] = 1;
		}
	}
	for (int i = 0; i < a->ndim; i++)
		if (axes >> i & 1) {
			perm[k++] = i;
			*len *= a->shape[i];
		}
	t = arr_transpose(ev, a, perm);
	h = t ? arr_to_host(ev, t) : NULL;
	nd_decref(t);
	c = h ? arr_astype(ev, h, DT_FLOAT64) : NULL;
	if (c && c != h && c->refcnt == 1 && c->buf->refcnt == 1 && c->buf != a->buf && nd_is_c_contiguous(c)) {
		/* a fresh copy: its rows are ours to reorder */
		nd_decref(h);
		*owner = c;
		return (double *)nd_data(c);
	}
	nd_decref(h);
	if (!c)
		return NULL;
	buf = malloc(sizeof(double) * (size_t)(*rows * *len + 1));
	if (!buf) {
		nd_decref(c);
		return err_nomem(ev);
	}
	memcpy(buf, nd_data(c), sizeof(double) * (size_t)(*rows * *len));
	nd_decref(c);
	return buf;
}

/* NumPy's _lerp */
static double lerp(double a, double b, double t)
{
	double d = b - a;
	double r = a + d * t;
	if (t >= 0.5)
		r = b - d * (1 - t);
	return r;
}

/*
 * The two order statistics and the weight of quantile q of n items, as
 * NumPy's linear method computes them: virtual index (n - 1) * q.
 */
static void quantile_pos(int64_t n, double q, int64_t *lo, int64_t *hi, double *g)
{
	double vi = (double)(n - 1) * q;
	*lo = (int64_t)floor(vi);
	if (*lo < 0) *lo = 0;
	if (*lo > n - 1) *lo = n - 1;
	*hi = *lo + 1 < n ? *lo + 1 : n - 1;
	*g = vi - (double)*lo;
}

/* quantile q of a row with its order statistics in place; f32: the data
 * is float32 (NumPy's b - a is float32), q32: q is a Python number too, so
 * all of NumPy's _lerp is float32 */
static double quantile_row(const double *x, int64_t n, double q, int f32, int q32)
{
	int64_t lo, hi;
	double g;
	if (n == 0)
		return NAN;
	quantile_pos(n, q, &lo, &hi, &g);
	if (q32) {
		float a = (float)x[lo], b = (float)x[hi], d = b - a;
		float r = a + d * (float)g;
		if (g >= 0.5)
			r = b - d * (float)(1.0 - g);
		return r;
	}
	if (f32) {
		double d = (double)((float)x[hi] - (float)x[lo]);
		double r = x[lo] + d * g;
		if (g >= 0.5)
			r = x[hi] - d * (1 - g);
		return r;
	}
	return lerp(x[lo], x[hi], g);
}

/* result dtype of median/percentile: float64 for ints, the float type otherwise */
static int stat_dtype(int d)
{
	return dt_is_inexact(d) ? d : DT_FLOAT64;
}

/* the order statistics (ascending) that the results of a row of n read */
static int order_stats(int64_t n, int is_median, const double *qs, int64_t nq, int64_t *ks)
{
	int nks = 0;
	if (n == 0)
		return 0;
	if (is_median) {
		ks[nks++] = n / 2;
		if (n % 2 == 0)
			ks[nks++] = n / 2 - 1;
	} else {
		for (int64_t qi = 0; qi < nq; qi++) {
			double g;
			quantile_pos(n, qs[qi], &ks[nks], &ks[nks + 1], &g);
			nks += 2;
		}
	}
	qsort(ks, (size_t)nks, sizeof(int64_t), cmp_i64);
	return nks;
}

static struct value *quantiles(struct eval *ev, const struct builtin *bi, struct value *a,
			       struct value *qv, struct value *axis, struct value *out,
			       struct value *keep, double scale, const char *what, int is_median,
			       int skip_nan)
{
	struct common c;
	int64_t rows, len, oshape[ND_MAXDIM], nq = 1;
	int ond, qnd = 0, rdt;
	double *buf, *qs;
	struct ndarray *qa = NULL, *res;
	int64_t qshape[ND_MAXDIM];
	int qstrong = 0, q32 = 0;
	struct ndarray *owner = NULL;
	if (common_parse(ev, bi, &c, a, axis, NULL, out, keep) < 0)
		return NULL;
	if (!is_median) {
		qa = arr_asarray(ev, &backend_host, qv, DT_FLOAT64);
		if (!qa) {
			nd_decref(c.a);
			return NULL;
		}
		qnd = qa->ndim;
		memcpy(qshape, qa->shape, sizeof(int64_t) * qnd);
		nq = nd_size(qa);
		qstrong = qv->type == VT_NDARRAY || qv->type == VT_LIST || qv->type == VT_TUPLE || qv->type == VT_SCALAR;
	}
	qs = malloc(sizeof(double) * (size_t)(nq + 1));
	if (!qs) {
		nd_decref(qa);
		nd_decref(c.a);
		return err_nomem(ev);
	}
	if (is_median) {
		qs[0] = 0.5;
	} else {
		struct ndarray *qc = arr_contiguous(ev, qa);
		if (!qc) {
			free(qs);
			nd_decref(qa);
			nd_decref(c.a);
			return NULL;
		}
		memcpy(qs, nd_data(qc), sizeof(double) * (size_t)nq);
		nd_decref(qc);
		/* a Python q with a float32 array: _lerp works in float32 */
		q32 = !qstrong && c.a->dtype == DT_FLOAT32;
		for (int64_t i = 0; i < nq; i++) {
			qs[i] /= scale;
			if (!(qs[i] >= 0 && qs[i] <= 1)) {
				free(qs);
				nd_decref(qa);
				nd_decref(c.a);
				return err_set(ev, TY_ValueError, "%s", what);
			}
		}
	}
	nd_decref(qa);
	buf = stat_rows(ev, c.a, c.axes, &rows, &len, oshape, &ond, c.keepdims, &owner);
	if (!buf) {
		free(qs);
		nd_decref(c.a);
		return NULL;
	}
	rdt = stat_dtype(c.a->dtype);
	if (qstrong && !dt_is_complex(rdt))
		rdt = dt_promote(rdt, DT_FLOAT64);
	{
		int64_t sh[ND_MAXDIM];
		int nd = 0;
		for (int i = 0; i < qnd; i++)
			sh[nd++] = qshape[i];
		for (int i = 0; i < ond; i++)
			sh[nd++] = oshape[i];
		res = nd_new(ev, &backend_host, DT_FLOAT64, nd, sh);
	}
	int64_t *ks = res ? malloc(sizeof(int64_t) * (size_t)(2 * nq + 2)) : NULL;
	if (res && !ks) {
		nd_decref(res);
		res = err_nomem(ev);
	}
	if (res) {
		/* the order statistics every result reads: each row is
		 * partitioned at those (NumPy partitions too) */
		double *o = (double *)nd_data(res);
		int nks = order_stats(len, is_median, qs, nq, ks);
		int all_nan = 0;
		for (int64_t r = 0; r < rows; r++) {
			double *x = buf + r * len;
			int64_t n = len;
			int nan = 0;
			if (skip_nan) {
				/* nanmedian/nanpercentile: the row without its NaNs */
				n = 0;
				for (int64_t i = 0; i < len; i++)
					if (x[i] == x[i])
						x[n++] = x[i];
				all_nan |= n == 0 && len > 0;
				if (n != len)
					nks = order_stats(n, is_median, qs, nq, ks);
				if (n > 0)
					select_row(x, n, ks, nks);
				if (n != len)
					nks = order_stats(len, is_median, qs, nq, ks);
			} else {
				nan = n > 0 && select_row(x, n, ks, nks);
			}
			for (int64_t qi = 0; qi < nq; qi++) {
				double v;
				if (n == 0 || nan)
					v = NAN;
				else if (is_median)	/* NumPy: mean of the middle one or two */
					v = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
				else
					v = quantile_row(x, n, qs[qi], c.a->dtype == DT_FLOAT32, q32);
				o[qi * rows + r] = v;
			}
		}
		if (all_nan)
			ev_warn(ev, "RuntimeWarning", "All-NaN slice encountered");
	}
	free(ks);
	if (owner)
		nd_decref(owner);
	else
		free(buf);
	free(qs);
	if (res && rdt != DT_FLOAT64) {
		struct ndarray *r2;
		if (is_median && rdt == DT_FLOAT32) {
			/* recompute the middle mean in float32 as NumPy's mean does */
		}
		r2 = arr_astype(ev, res, rdt);
		nd_decref(res);
		res = r2;
	}
	if (res && c.be != &backend_host) {
		struct ndarray *r2 = arr_to_backend(ev, res, c.be);
		nd_decref(res);
		res = r2;
	}
	return finish(ev, &c, res);
}

static struct value *fn_median(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *out = NULL, *ow = NULL, *keep = NULL;
	if (args_parse(ev, "median", argc, argv, kw, "a|axis,out,overwrite_input,keepdims",
		       &a, &axis, &out, &ow, &keep) < 0)
		return NULL;
	return quantiles(ev, bi, a, NULL, axis, out, keep, 1, NULL, 1, !strcmp(bi->name, "nanmedian"));
}

static struct value *pq(struct eval *ev, const struct builtin *bi, int argc,
			struct value **argv, const struct kwargs *kw, int pct)
{
	struct value *a, *q, *axis = NULL, *out = NULL, *ow = NULL, *method = NULL, *keep = NULL,
		     *weights = NULL, *interp = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "a,q|axis,out,overwrite_input,method,keepdims,$weights,interpolation",
		       &a, &q, &axis, &out, &ow, &method, &keep, &weights, &interp) < 0)
		return NULL;
	if (method && val_as_cstr(method) && strcmp(val_as_cstr(method), "linear"))
		return err_set(ev, TY_NotImplementedError, "%s(): only method='linear' is supported", bi->name);
	if (weights && weights->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s(): weights are not supported", bi->name);
	return quantiles(ev, bi, a, q, axis, out, keep, pct ? 100 : 1,
			 pct ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]", 0,
			 !strncmp(bi->name, "nan", 3));
}

static struct value *fn_percentile(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return pq(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_quantile(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return pq(ev, bi, argc, argv, kw, 0);
}

/* np.average(a, axis=None, weights=None, returned=False, *, keepdims=False) */
static struct value *fn_average(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *w = NULL, *ret = NULL, *keep = NULL;
	struct common c;
	int returned;
	struct ndarray *avg = NULL, *scl = NULL;
	if (args_parse(ev, "average", argc, argv, kw, "a|axis,weights,returned,$keepdims",
		       &a, &axis, &w, &ret, &keep) < 0 || args_bool(ev, ret, 0, &returned) < 0 ||
	    common_parse(ev, bi, &c, a, axis, NULL, NULL, keep) < 0)
		return NULL;
	if (!w || w->type == VT_NONE) {
		avg = mean_of(ev, &c, c.keepdims);
		if (avg && returned) {
			struct npscalar s = {0};
			scl = nd_new(ev, c.be, avg->dtype, avg->ndim, avg->shape);
			s.dtype = DT_FLOAT64;
			s.v.f = (double)c.count;
			if (scl && c.be->fill(ev, scl, &s) < 0) {
				nd_decref(scl);
				scl = NULL;
			}
		}
	} else {
		struct ndarray *wa = arr_asarray(ev, c.be, w, -1), *wb = NULL, *p = NULL, *num = NULL;
		int rdt;
		if (!wa)
			goto out;
		rdt = dt_promote(c.a->dtype, wa->dtype);
		if (!dt_is_inexact(rdt))
			rdt = dt_promote(rdt, DT_FLOAT64);
		if (wa->ndim != c.a->ndim) {
			/* 1-d weights along the single axis */
			int ax = 0;
			int64_t sh[ND_MAXDIM];
			for (int i = 0; i < c.a->ndim; i++)
				if (c.axes >> i & 1)
					ax = i;
			if (wa->ndim != 1 || wa->shape[0] != c.a->shape[ax]) {
				nd_decref(wa);
				err_set(ev, TY_ValueError, "Length of weights not compatible with specified axis.");
				goto out;
			}
			for (int i = 0; i < c.a->ndim; i++)
				sh[i] = i == ax ? wa->shape[0] : 1;
			wb = arr_reshape(ev, wa, c.a->ndim, sh);
			nd_decref(wa);
			wa = wb;
			if (!wa)
				goto out;
		}
		{
			struct ndarray *ac = arr_astype(ev, c.a, rdt);
			p = ac ? ufa(ev, c.be, "multiply", ac, wa, NULL) : NULL;
			nd_decref(ac);
		}
		{
			struct ndarray *wfull = NULL;
			int64_t nd = c.a->ndim;
			(void)nd;
			wfull = arr_broadcast_to(ev, wa, c.a->ndim, c.a->shape);
			scl = wfull ? arr_reduce(ev, wfull, RED_SUM, c.axes, c.keepdims, rdt) : NULL;
			nd_decref(wfull);
		}
		num = p && scl ? arr_reduce(ev, p, RED_SUM, c.axes, c.keepdims, rdt) : NULL;
		avg = num ? ufa(ev, c.be, "true_divide", num, scl, NULL) : NULL;
		nd_decref(p);
		nd_decref(num);
		nd_decref(wa);
	}
out:
	if (returned && avg && scl) {
		struct value *items[2];
		items[0] = arr_result(ev, avg);
		items[1] = items[0] ? arr_result(ev, scl) : NULL;
		nd_decref(c.a);
		if (!items[1]) {
			val_decref(items[0]);
			return NULL;
		}
		return val_tuple_new(2, items);
	}
	nd_decref(scl);
	return finish(ev, &c, avg);
}

const struct arr_func arr_reduce_funcs[] = {
	{"sum", fn_sum, "sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Sum of array elements over a given axis."},
	{"prod", fn_prod, "prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Return the product of array elements over a given axis."},
	{"mean", fn_mean, "mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True)",
	 "Compute the arithmetic mean along the specified axis."},
	{"std", fn_std, "std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=<no value>, correction=<no value>)",
	 "Compute the standard deviation along the specified axis."},
	{"var", fn_var, "var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, mean=<no value>, correction=<no value>)",
	 "Compute the variance along the specified axis."},
	{"min", fn_min, "min(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Return the minimum of an array or minimum along an axis."},
	{"max", fn_max, "max(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Return the maximum of an array or maximum along an axis."},
	{"amin", fn_min, "amin(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Return the minimum of an array or minimum along an axis."},
	{"amax", fn_max, "amax(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)",
	 "Return the maximum of an array or maximum along an axis."},
	{"ptp", fn_ptp, "ptp(a, axis=None, out=None, keepdims=False)", "Range of values (maximum - minimum) along an axis."},
	{"argmin", fn_argmin, "argmin(a, axis=None, out=None, *, keepdims=False)", "Returns the indices of the minimum values along an axis."},
	{"argmax", fn_argmax, "argmax(a, axis=None, out=None, *, keepdims=False)", "Returns the indices of the maximum values along an axis."},
	{"all", fn_all, "all(a, axis=None, out=None, keepdims=False, *, where=True)", "Test whether all array elements along a given axis evaluate to True."},
	{"any", fn_any, "any(a, axis=None, out=None, keepdims=False, *, where=True)", "Test whether any array element along a given axis evaluates to True."},
	{"count_nonzero", fn_count_nonzero, "count_nonzero(a, axis=None, *, keepdims=False)", "Counts the number of non-zero values in the array a."},
	{"cumsum", fn_cumsum, "cumsum(a, axis=None, dtype=None, out=None)", "Return the cumulative sum of the elements along a given axis."},
	{"cumprod", fn_cumprod, "cumprod(a, axis=None, dtype=None, out=None)", "Return the cumulative product of elements along a given axis."},
	{"diff", fn_diff, "diff(a, n=1, axis=-1, prepend=<no value>, append=<no value>)", "Calculate the n-th discrete difference along the given axis."},
	{"nansum", fn_nansum, "nansum(a, axis=None, dtype=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the sum of array elements over a given axis treating Not a Numbers (NaNs) as zero."},
	{"nanmean", fn_nanmean, "nanmean(a, axis=None, dtype=None, out=None, keepdims=<no value>, *, where=<no value>)",
	 "Compute the arithmetic mean along the specified axis, ignoring NaNs."},
	{"nanmax", fn_nanmax, "nanmax(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the maximum of an array or maximum along an axis, ignoring any NaNs."},
	{"nanmin", fn_nanmin, "nanmin(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return minimum of an array or minimum along an axis, ignoring any NaNs."},
	{"nanvar", fn_nanvar, "nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=<no value>, *, where=<no value>, mean=<no value>, correction=<no value>)",
	 "Compute the variance along the specified axis, while ignoring NaNs."},
	{"nanstd", fn_nanstd, "nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=<no value>, *, where=<no value>, mean=<no value>, correction=<no value>)",
	 "Compute the standard deviation along the specified axis, while ignoring NaNs."},
	{"nanprod", fn_nanprod, "nanprod(a, axis=None, dtype=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the product of array elements over a given axis treating Not a Numbers (NaNs) as ones."},
	{"nanargmin", fn_nanargmin, "nanargmin(a, axis=None, out=None, *, keepdims=<no value>)",
	 "Return the indices of the minimum values in the specified axis ignoring NaNs."},
	{"nanargmax", fn_nanargmax, "nanargmax(a, axis=None, out=None, *, keepdims=<no value>)",
	 "Return the indices of the maximum values in the specified axis ignoring NaNs."},
	{"nancumsum", fn_nancumsum, "nancumsum(a, axis=None, dtype=None, out=None)",
	 "Return the cumulative sum of array elements over a given axis treating Not a Numbers (NaNs) as zero."},
	{"nancumprod", fn_nancumprod, "nancumprod(a, axis=None, dtype=None, out=None)",
	 "Return the cumulative product of array elements over a given axis treating Not a Numbers (NaNs) as one."},
	{"median", fn_median, "median(a, axis=None, out=None, overwrite_input=False, keepdims=False)", "Compute the median along the specified axis."},
	{"nanmedian", fn_median, "nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=<no value>)",
	 "Compute the median along the specified axis, while ignoring NaNs."},
	{"average", fn_average, "average(a, axis=None, weights=None, returned=False, *, keepdims=<no value>)", "Compute the weighted average along the specified axis."},
	{"percentile", fn_percentile, "percentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None)",
	 "Compute the q-th percentile of the data along the specified axis."},
	{"quantile", fn_quantile, "quantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None)",
	 "Compute the q-th quantile of the data along the specified axis."},
	{"nanpercentile", fn_percentile, "nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=<no value>, *, weights=None)",
	 "Compute the qth percentile of the data along the specified axis, while ignoring nan values."},
	{"nanquantile", fn_quantile, "nanquantile(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=<no value>, *, weights=None)",
	 "Compute the qth quantile of the data along the specified axis, while ignoring nan values."},
	{NULL, NULL, NULL, NULL},
};

const struct arr_func arr_reduce_methods[] = {
	{"sum", fn_sum, "sum(axis=None, dtype=None, out=None, keepdims=False, initial=0, where=True)", "Return the sum of the array elements over the given axis."},
	{"prod", fn_prod, "prod(axis=None, dtype=None, out=None, keepdims=False, initial=1, where=True)", "Return the product of the array elements over the given axis."},
	{"mean", fn_mean, "mean(axis=None, dtype=None, out=None, keepdims=False, *, where=True)", "Returns the average of the array elements along given axis."},
	{"std", fn_std, "std(axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "Returns the standard deviation of the array elements along given axis."},
	{"var", fn_var, "var(axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "Returns the variance of the array elements, along given axis."},
	{"min", fn_min, "min(axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "Return the minimum along a given axis."},
	{"max", fn_max, "max(axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "Return the maximum along a given axis."},
	{"argmin", fn_argmin, "argmin(axis=None, out=None, *, keepdims=False)", "Return indices of the minimum values along the given axis."},
	{"argmax", fn_argmax, "argmax(axis=None, out=None, *, keepdims=False)", "Return indices of the maximum values along the given axis."},
	{"all", fn_all, "all(axis=None, out=None, keepdims=False, *, where=True)", "Returns True if all elements evaluate to True."},
	{"any", fn_any, "any(axis=None, out=None, keepdims=False, *, where=True)", "Returns True if any of the elements of a evaluate to True."},
	{"cumsum", fn_cumsum, "cumsum(axis=None, dtype=None, out=None)", "Return the cumulative sum of the elements along the given axis."},
	{"cumprod", fn_cumprod, "cumprod(axis=None, dtype=None, out=None)", "Return the cumulative product of the elements along the given axis."},
	{NULL, NULL, NULL, NULL},
};
