/*
 * reduce.c — reductions as np./cp. functions (arr_reduce_funcs) and ndarray
 * methods (arr_reduce_methods): sum prod mean std var min max amin amax ptp
 * argmin argmax all any count_nonzero cumsum cumprod diff median average
 * percentile quantile (order statistics selected per row, not sorted), and
 * the NaN-ignoring nansum nanmean nanmax nanmin nanvar nanstd nanprod
 * nanargmin nanargmax nancumsum nancumprod nanmedian nanpercentile
 * nanquantile (NumPy's lib/_nanfunctions_impl.py: a copy with NaN replaced,
 * its RuntimeWarnings), with NumPy's axis, keepdims, dtype, ddof, out,
 * initial, where (masked: host_reduce.c's loop over the runs of true mask
 * items, on the host for every backend), var's mean=, quantile's 13
 * methods and weights=, and its accumulator dtypes and messages.
 *
 * Written once above the backends: arr_reduce builds the expression tree
 * and calls be->reduce (host: host_reduce.c) into an output laid out as NumPy
 * allocates it (the input's order 'K').  Owns nothing beyond a call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <complex.h>
#include "array/arrapi.h"
#include "ufunc/ufuncmeth.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"
#include "ufunc/fpe.h"
#include "array/nscall.h"

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
	if (!r || !be->order_k || !src || src->ndim != ndim || ndim < 2)
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
	const struct backend *obe;  /* the result's backend (be, unless where= moved a to the host) */
	struct ndarray *mask;   /* owned: where=, a bool host array of a's shape, or NULL */
	int mnd;                /* where='s own shape (for out='s error) */
	int64_t mshape[ND_MAXDIM];
	const char *opname;     /* the ufunc NumPy reduces with, for out='s errors; NULL: none */
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
		if (!(c->out->flags & ND_WRITEABLE)) {	/* np.frombuffer(bytes) */
			err_set(ev, TY_ValueError, "output array is read-only");
			goto fail;
		}
		c->outv = out;
	}
	c->obe = c->be;
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

/* NumPy's error for an out= whose shape is not the result's: its number
 * of dimensions, else the iterator's broadcast of out (mapped onto a's
 * axes), a and the where= mask */
static void out_shape_error(struct eval *ev, struct common *c, const struct ndarray *r)
{
	char so[256], sm[512], sa[256], sw[256] = "";
	size_t k;
	if (c->out->ndim != r->ndim || !c->opname || !c->a) {
		if (c->opname)
			err_set(ev, TY_ValueError, "output parameter for reduction operation %s has the wrong number of dimensions: Found %d but expected %d",
				c->opname, c->out->ndim, r->ndim);
		else
			err_set(ev, TY_ValueError, "output parameter for reduction operation has the wrong number of dimensions: Found %d but expected %d",
				c->out->ndim, r->ndim);
		return;
	}
	arr_format_shape_compact(so, sizeof so, c->out->ndim, c->out->shape);
	arr_format_shape_compact(sa, sizeof sa, c->a->ndim, c->a->shape);
	k = snprintf(sm, sizeof sm, "(");
	for (int i = 0, j = 0, any = 0; i < c->a->ndim && k < sizeof sm; i++) {
		const char *sep = any ? "," : "";
		if (c->keepdims || !(c->axes >> i & 1)) {
			k += snprintf(sm + k, sizeof sm - k, "%s%lld", sep, (long long)c->out->shape[j++]);
			any = 1;
		} else if (any) {	/* (NumPy leaves the leading ones out) */
			k += snprintf(sm + k, sizeof sm - k, "%snewaxis", sep);
		}
	}
	if (k < sizeof sm)
		snprintf(sm + k, sizeof sm - k, ")");
	if (c->mask) {
		arr_format_shape_compact(sw, sizeof sw - 1, c->mnd, c->mshape);
		strcat(sw, " ");
	}
	err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s->%s %s %s",
		so, sm, sa, sw);
}

/* hands the result back: into out= (cast), else as arr_result does */
static struct value *finish(struct eval *ev, struct common *c, struct ndarray *r)
{
	struct value *v = NULL;
	if (!r)
		goto done;
	if (c->obe != nd_backend(r)) {
		struct ndarray *t = arr_to_backend(ev, r, c->obe);
		nd_decref(r);
		if (!(r = t))
			goto done;
	}
	if (c->out) {
		if (c->out->ndim != r->ndim || memcmp(c->out->shape, r->shape, sizeof(int64_t) * r->ndim)) {
			out_shape_error(ev, c, r);
			nd_decref(r);
			goto done;
		}
		if (nd_backend(c->out)->copy(ev, c->out, r) >= 0)
			v = val_incref(c->outv);
		nd_decref(r);
		goto done;
	}
	v = arr_result(ev, r);
done:
	nd_decref(c->a);
	c->a = NULL;
	nd_decref(c->mask);
	c->mask = NULL;
	return v;
}

/*
 * where= of a reduction: *mask becomes a bool array of a's shape on a's
 * backend (strides 0 where broadcast), NULL for where=True; NumPy's errors
 * for a mask of another dtype or shape.  to: the error text of
 * np.broadcast_to (mean, var) rather than of the reduction's iterator.
 */
int arr_where_mask(struct eval *ev, struct value *where, const struct ndarray *a, int to,
		   struct ndarray **mask, int *mnd, int64_t *mshape)
{
	struct ndarray *m, *w = where ? arr_borrow(where) : NULL;
	*mask = NULL;
	if (!where || (where->type == VT_BOOL && where->u.i))
		return 0;
	if (w && w->dtype != DT_BOOL)
		return err_set(ev, TY_TypeError, "Cannot cast %s from dtype('%s') to dtype('bool') according to the rule 'safe'",
			       w->ndim ? "array data" : "scalar", dtype_table[w->dtype].name), -1;
	if (w)
		m = arr_to_backend(ev, w, nd_backend(a));
	else if (where->type == VT_NONE || where->type == VT_BOOL || where->type == VT_STR) {
		int t = where->type == VT_STR ? val_truth(ev, where) : where->type == VT_BOOL && where->u.i;
		struct value *b = val_bool(t > 0);
		m = arr_asarray(ev, nd_backend(a), b, DT_BOOL);
		val_decref(b);
	} else
		m = arr_asarray(ev, nd_backend(a), where, DT_BOOL);
	if (!m)
		return -1;
	if (m->ndim > a->ndim) {
		nd_decref(m);
		return err_set(ev, TY_ValueError, "input operand has more dimensions than allowed by the axis remapping"), -1;
	}
	for (int i = 0; i < m->ndim; i++) {
		int64_t ms = m->shape[m->ndim - 1 - i], as = a->shape[a->ndim - 1 - i];
		if (ms != as && ms != 1) {
			char s1[256], s2[256];
			arr_format_shape_compact(s1, sizeof s1, a->ndim, a->shape);
			arr_format_shape_compact(s2, sizeof s2, m->ndim, m->shape);
			nd_decref(m);
			if (to)
				return err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape %s",
					       s2, s1), -1;
			return err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s %s ",
				       s1, s2), -1;
		}
	}
	if (mnd) {
		*mnd = m->ndim;
		memcpy(mshape, m->shape, sizeof(int64_t) * m->ndim);
	}
	*mask = arr_broadcast_to(ev, m, a->ndim, a->shape);
	nd_decref(m);
	return *mask ? 0 : -1;
}

static int common_where(struct eval *ev, struct common *c, struct value *where, int to)
{
	return arr_where_mask(ev, where, c->a, to, &c->mask, &c->mnd, c->mshape);
}

/* The reduction of a over c's axes where c->mask holds (the backend's
 * reduce_masked), from
 * initial (else op's identity; min/max have none: NumPy's ValueError). */
static struct ndarray *reduce_masked(struct eval *ev, struct common *c, struct ndarray *a, enum red_op op,
				     struct value *initial, int keepdims, int dtype)
{
	int64_t oshape[ND_MAXDIM];
	int od, ndim = a->ndim;
	struct ndarray *out, *r;
	struct value *iv = initial && initial->type != VT_NONE ? val_incref(initial) : NULL;
	if (!iv) {
		switch (op) {
		case RED_SUM: case RED_NANSUM: iv = val_int(0); break;
		case RED_PROD: iv = val_int(1); break;
		case RED_ANY: iv = val_bool(0); break;
		case RED_ALL: iv = val_bool(1); break;
		default:
			return err_set(ev, TY_ValueError, "reduction operation '%s' does not have an identity, so to use a where mask one has to specify 'initial'",
				       op == RED_NANMIN ? "fmin" : op == RED_NANMAX ? "fmax" : red_name(op));
		}
	}
	switch (op) {
	case RED_ANY: case RED_ALL: od = DT_BOOL; break;
	case RED_SUM: case RED_PROD: case RED_NANSUM:
		od = dtype >= 0 ? dtype : sum_dtype(a->dtype);
		break;
	default: od = dtype >= 0 ? dtype : a->dtype; break;
	}
	for (int i = 0; i < ndim; i++)
		oshape[i] = c->axes >> i & 1 ? 1 : a->shape[i];
	out = new_reduce_out(ev, nd_backend(a), od, ndim, oshape, a);
	if (!out || arr_fill_value(ev, out, iv) < 0 ||
	    nd_backend(a)->reduce_masked(ev, a, c->mask, op, NULL, out) < 0) {
		val_decref(iv);
		nd_decref(out);
		return NULL;
	}
	val_decref(iv);
	if (keepdims)
		return out;
	{
		int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
		int nd = 0;
		for (int i = 0; i < ndim; i++)
			if (!(c->axes >> i & 1)) {
				sh[nd] = out->shape[i];
				st[nd++] = out->strides[i];
			}
		r = nd_view(ev, out, od, nd, sh, st, out->offset);
		nd_decref(out);
		return r;
	}
}

/* np.sum(broadcast_to(where, a.shape), axis, dtype=intp, keepdims) */
static struct ndarray *mask_count(struct eval *ev, struct common *c, int keepdims)
{
	return arr_reduce(ev, c->mask, RED_SUM, c->axes, keepdims, DT_INT64);
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

static int common_nan_replace(struct eval *ev, struct common *c, double fill);

static struct value *reduce_common(struct eval *ev, struct common *c, enum red_op op,
				   struct value *initial, struct value *where)
{
	struct ndarray *r;
	switch (op) {
	case RED_SUM: case RED_NANSUM: c->opname = "add"; break;
	case RED_PROD: c->opname = "multiply"; break;
	case RED_MIN: c->opname = "minimum"; break;
	case RED_MAX: c->opname = "maximum"; break;
	case RED_ANY: c->opname = "logical_or"; break;
	case RED_ALL: c->opname = "logical_and"; break;
	default: break;
	}
	if (common_where(ev, c, where, 0) < 0)
		return finish(ev, c, NULL);
	if (c->mask) {
		if (op == RED_NANSUM) {
			if (dt_is_inexact(c->a->dtype) && common_nan_replace(ev, c, 0) < 0)
				return finish(ev, c, NULL);
			op = RED_SUM;
		}
		return finish(ev, c, reduce_masked(ev, c, c->a, op, initial, c->keepdims, c->dtype));
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
	struct ndarray *r = arr_reduce(ev, b, RED_ANY, all, 0, -1);
	struct value *rv = r ? arr_wrap(ev, r) : NULL;
	int v = rv ? val_truth(ev, rv) : -1;
	val_decref(rv);
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

/* x[mask] = val, in place (x is the caller's own new array; mask bool of
 * x's shape), by x's backend; returns a new reference to x */
static struct ndarray *uf_where_scalar(struct eval *ev, const struct backend *be, struct ndarray *mask,
				       struct value *val, struct ndarray *x)
{
	struct value *xv = arr_wrap(ev, nd_incref(x)), *mv = xv ? arr_wrap(ev, nd_incref(mask)) : NULL;
	int rc = mv ? val_setitem(ev, xv, mv, val) : -1;
	(void)be;
	val_decref(mv);
	val_decref(xv);
	return rc < 0 ? NULL : nd_incref(x);
}

/* NumPy's _replace_nan: a copy of a (order 'K', on a's backend) with every
 * NaN (complex: either part) replaced by fill (complex: fill + 0j) */
static struct ndarray *nan_replaced(struct eval *ev, struct ndarray *a, double fill)
{
	struct ndarray *k = ufa(ev, nd_backend(a), "positive", a, NULL, NULL), *m, *r;   /* order 'K' copy */
	struct value *fv;
	if (!k || !dt_is_inexact(k->dtype))
		return k;
	m = ufa(ev, nd_backend(k), "isnan", k, NULL, NULL);
	fv = m ? val_float(fill) : NULL;
	r = fv ? uf_where_scalar(ev, nd_backend(k), m, fv, k) : NULL;
	val_decref(fv);
	nd_decref(m);
	nd_decref(k);
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

/* a reduction over c's axes, masked by where= when c has a mask */
static struct ndarray *red_m(struct eval *ev, struct common *c, struct ndarray *a, enum red_op op,
			     int keepdims, int dtype)
{
	struct ndarray *z, *r;
	if (!c->mask)
		return arr_reduce(ev, a, op, c->axes, keepdims, dtype);
	if (op != RED_NANSUM || !dt_is_inexact(a->dtype))
		return reduce_masked(ev, c, a, op == RED_NANSUM ? RED_SUM : op, NULL, keepdims, dtype);
	/* NumPy's nansum: the sum of a copy with NaN replaced by 0 */
	if (!(z = nan_replaced(ev, a, 0)))
		return NULL;
	r = reduce_masked(ev, c, z, RED_SUM, NULL, keepdims, dtype);
	nd_decref(z);
	return r;
}

/* np.sum(~isnan(a), axis, dtype=intp, keepdims) */
static struct ndarray *count_not_nan(struct eval *ev, struct common *c, struct ndarray *a, int keepdims)
{
	struct ndarray *isn = ufa(ev, c->be, "isnan", a, NULL, NULL), *nn, *r;
	nn = isn ? ufa(ev, c->be, "logical_not", isn, NULL, NULL) : NULL;
	r = nn ? red_m(ev, c, nn, RED_SUM, keepdims, DT_INT64) : NULL;
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
	c.opname = op == RED_NANMAX ? "fmax" : "fmin";
	if (common_where(ev, &c, where, 0) < 0)
		return finish(ev, &c, NULL);
	if (c.mask && !(initial && initial->type != VT_NONE)) {
		err_set(ev, TY_ValueError, "reduction operation '%s' does not have an identity, so to use a where mask one has to specify 'initial'",
			op == RED_NANMAX ? "fmax" : "fmin");
		return finish(ev, &c, NULL);
	}
	if (!dt_is_inexact(c.a->dtype)) {
		if (c.mask)
			return finish(ev, &c, reduce_masked(ev, &c, c.a, op == RED_NANMAX ? RED_MAX : RED_MIN, initial,
							     c.keepdims, -1));
		return reduce_common(ev, &c, op == RED_NANMAX ? RED_MAX : RED_MIN, initial, NULL);
	}
	{
		/* NumPy: fmax.reduce, then the warning when a slice was all NaN */
		struct ndarray *r = c.mask ? reduce_masked(ev, &c, c.a, op, initial, c.keepdims, -1) :
			arr_reduce(ev, c.a, op, c.axes, c.keepdims, -1);
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
	if (c->mask) {
		/* NumPy: the count of true mask items per output divides the
		 * masked sum */
		struct ndarray *cnt = mask_count(ev, c, keepdims), *z;
		struct value *zero = val_int(0);
		int any;
		z = cnt ? ufs(ev, c->be, "equal", cnt, zero, NULL) : NULL;
		val_decref(zero);
		any = z ? any_true(ev, z) : -1;
		nd_decref(z);
		if (any < 0) {
			nd_decref(cnt);
			return NULL;
		}
		if (any)
			ev_warn(ev, "RuntimeWarning", "Mean of empty slice");
		s = reduce_masked(ev, c, c->a, RED_SUM, NULL, keepdims, acc);
		r = s ? ufa(ev, c->be, "true_divide", s, cnt, dt_is_inexact(s->dtype) ? s : NULL) : NULL;
		nd_decref(cnt);
	} else {
		s = arr_reduce(ev, c->a, RED_SUM, c->axes, keepdims, acc);
		if (!s)
			return NULL;
		if (c->count == 0)
			ev_warn(ev, "RuntimeWarning", "Mean of empty slice");
		n = val_int(c->count);
		r = ufs(ev, c->be, "true_divide", s, n, dt_is_inexact(s->dtype) ? s : NULL);
		val_decref(n);
	}
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
	c.opname = "add";
	if (common_where(ev, &c, where, 1) < 0)
		return finish(ev, &c, NULL);
	return finish(ev, &c, mean_of(ev, &c, c.keepdims));
}

/* The real part of p = x * conj(x) written in place as NumPy computes it:
 * fused (nanvar's np.multiply(arr, arr.conj()), its AVX2 loop: fma(re, re,
 * im * im)) or plain (np.var's squares of the parts, then their sum).
 * Host arrays of one shape. */
static void sqmag(const struct ndarray *x, struct ndarray *p, int fused)
{
	int64_t idx[ND_MAXDIM] = {0}, n = nd_size(x);
	if (!nd_host_memory(x) || !nd_host_memory(p) || x->dtype != p->dtype)
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

/* 1 if any item of cnt op v (a comparison ufunc with a Python int), 0 if
 * none, -1 on error */
static int any_cmp(struct eval *ev, const struct backend *be, const char *cmp,
		   struct ndarray *cnt, int64_t v)
{
	struct value *x = val_int(v);
	struct ndarray *z = ufs(ev, be, cmp, cnt, x, NULL);
	int any = z ? any_true(ev, z) : -1;
	val_decref(x);
	nd_decref(z);
	return any;
}

/* NumPy's _var: mean with keepdims (or mean=), squared deviations, their
 * mean with ddof; with where= the counts are the mask's per output */
/* var's sum of squared deviations, (a - m) squared and summed over c's
 * axes, as one pending tree and one reduction kernel: 1 with *s set, 0
 * when the backend does not fuse (nothing done: the caller's passes), -1
 * with the error set.  square(x) is x * x bit for bit (NumPy's var
 * multiplies x by itself). */
static int var_sum_fused(struct eval *ev, struct common *c, struct ndarray *m, int dt, struct ndarray **s)
{
	static int sub = -2, sq = -2;
	struct fz in[2] = {{NULL, NULL}, {NULL, NULL}}, d = {0}, q = {0};
	struct value *sv;
	int rc;
	if (sub == -2) {
		sub = uf_lookup("subtract");
		sq = uf_lookup("square");
	}
	if (sub < 0 || sq < 0)
		return 0;
	in[0].v = arr_wrap(ev, nd_incref(c->a));
	in[1].v = arr_wrap(ev, nd_incref(m));
	if (!in[0].v || !in[1].v) {
		fz_clear(&in[0]);
		fz_clear(&in[1]);
		return -1;
	}
	rc = fz_apply(ev, c->be, sub, 2, in, &d);
	fz_clear(&in[0]);
	fz_clear(&in[1]);
	if (rc == 1)
		rc = fz_apply(ev, c->be, sq, 1, &d, &q);
	fz_clear(&d);
	if (rc != 1) {
		fz_clear(&q);
		return rc;
	}
	sv = fz_reduce(ev, &q, RED_SUM, c->axes, c->keepdims, dt);
	fz_clear(&q);
	if (!sv)
		return -1;
	*s = sv->type == VT_NDARRAY ? nd_incref(sv->u.arr) : arr_asarray(ev, c->be, sv, -1);
	val_decref(sv);
	return *s ? 1 : -1;
}

static struct ndarray *var_of(struct eval *ev, struct common *c, int64_t ddof, struct value *meanv)
{
	int dt = c->dtype;
	struct ndarray *m, *x, *x2, *s = NULL, *r, *cnt1 = NULL;
	struct value *n;
	if (dt < 0 && (dt_is_int(c->a->dtype) || c->a->dtype == DT_BOOL))
		dt = DT_FLOAT64;
	if (c->mask) {
		int any;
		if (!(cnt1 = mask_count(ev, c, 1)))
			return NULL;
		if ((any = any_cmp(ev, c->be, "less_equal", cnt1, ddof)) < 0)
			goto fail;
		if (any)
			ev_warn(ev, "RuntimeWarning", "Degrees of freedom <= 0 for slice");
	} else if (c->count - ddof <= 0)
		ev_warn(ev, "RuntimeWarning", "Degrees of freedom <= 0 for slice");
	if (meanv && meanv->type != VT_NONE) {
		if (!(x = arr_asarray(ev, c->be, meanv, -1)))
			goto fail;
	} else {
		m = c->mask ? reduce_masked(ev, c, c->a, RED_SUM, NULL, 1, dt) :
			arr_reduce(ev, c->a, RED_SUM, c->axes, 1, dt);
		if (!m)
			goto fail;
		if (cnt1) {
			x = ufa(ev, c->be, "true_divide", m, cnt1, dt_is_inexact(m->dtype) ? m : NULL);
		} else {
			n = val_int(c->count);
			x = ufs(ev, c->be, "true_divide", m, n, dt_is_inexact(m->dtype) ? m : NULL);
			val_decref(n);
		}
		nd_decref(m);
		if (!x)
			goto fail;
	}
	m = x;
	/* sum((a - mean) ** 2) as one reduction kernel where the backend
	 * fuses (the device: one read of a instead of three passes) */
	if (!c->mask && !dt_is_complex(c->a->dtype) && !dt_is_complex(m->dtype)) {
		int rc = var_sum_fused(ev, c, m, dt, &s);
		if (rc != 0) {
			nd_decref(m);
			if (rc < 0)
				goto fail;
			goto divide;
		}
	}
	x = ufa(ev, c->be, "subtract", c->a, m, NULL);
	nd_decref(m);
	if (!x)
		goto fail;
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
		x2 = ufa(ev, c->be, "multiply", x, x, dt_is_inexact(x->dtype) ? x : NULL);
	}
	nd_decref(x);
	if (!x2)
		goto fail;
	s = c->mask ? reduce_masked(ev, c, x2, RED_SUM, NULL, c->keepdims, dt) :
		arr_reduce(ev, x2, RED_SUM, c->axes, c->keepdims, dt);
	nd_decref(x2);
	if (!s)
		goto fail;
divide:
	if (c->mask) {
		/* np.maximum(rcount - ddof, 0) */
		struct ndarray *k = mask_count(ev, c, c->keepdims), *dk = NULL, *mk = NULL;
		struct value *v = val_int(ddof), *z = val_int(0);
		if (k && (dk = ufs(ev, c->be, "subtract", k, v, NULL)))
			mk = ufs(ev, c->be, "maximum", dk, z, NULL);
		val_decref(v);
		val_decref(z);
		nd_decref(k);
		nd_decref(dk);
		r = mk ? ufa(ev, c->be, "true_divide", s, mk, dt_is_inexact(s->dtype) ? s : NULL) : NULL;
		nd_decref(mk);
	} else {
		n = val_int(c->count - ddof > 0 ? c->count - ddof : 0);
		r = ufs(ev, c->be, "true_divide", s, n, dt_is_inexact(s->dtype) ? s : NULL);
		val_decref(n);
	}
	nd_decref(s);
	nd_decref(cnt1);
	return r;
fail:
	nd_decref(cnt1);
	return NULL;
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
	c.opname = "add";
	if (common_where(ev, &c, where, 1) < 0)
		return finish(ev, &c, NULL);
	r = var_of(ev, &c, ddof, mean);
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
	if (c.a->dtype == DT_BOOL && nd_host_memory(c.a))
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
	if (common_where(ev, &c, where, !dt_is_inexact(c.a->dtype)) < 0)
		return finish(ev, &c, NULL);
	c.opname = "add";
	if (!dt_is_inexact(c.a->dtype))
		return finish(ev, &c, mean_of(ev, &c, c.keepdims));
	if (inexact_dtype_check(ev, &c) < 0)
		return finish(ev, &c, NULL);
	cnt = count_not_nan(ev, &c, c.a, c.keepdims);
	if (cnt)
		tot = red_m(ev, &c, c.a, RED_NANSUM, c.keepdims, c.dtype);
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
static struct ndarray *nanvar_of(struct eval *ev, struct common *c, int64_t ddof, struct value *meanv)
{
	struct ndarray *isn = NULL, *arr = NULL, *cnt = NULL, *s = NULL, *avg = NULL, *d = NULL,
		       *x2 = NULL, *var = NULL, *dof = NULL, *bad = NULL, *r = NULL;
	struct value *v;
	int any;
	if (!(isn = ufa(ev, c->be, "isnan", c->a, NULL, NULL)) ||
	    !(arr = nan_replaced(ev, c->a, 0)) ||
	    !(cnt = count_not_nan(ev, c, c->a, 1)) ||
	    !(s = red_m(ev, c, arr, RED_SUM, 1, c->dtype)) ||
	    !(avg = meanv && meanv->type != VT_NONE ? arr_asarray(ev, c->be, meanv, -1) :
		    divide_by_count(ev, c->be, s, cnt)))
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
	if (!x2 || !(var = red_m(ev, c, x2, RED_SUM, c->keepdims, c->dtype)))
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
	c.opname = "add";
	if (!dt_is_inexact(c.a->dtype)) {
		if (common_where(ev, &c, where, 1) < 0)
			return finish(ev, &c, NULL);
		r = var_of(ev, &c, ddof, mean);
	} else {
		if (inexact_dtype_check(ev, &c) < 0 || common_where(ev, &c, where, 0) < 0)
			return finish(ev, &c, NULL);
		r = nanvar_of(ev, &c, ddof, mean);
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
	if (out && out->type == VT_NDARRAY && !(out->u.arr->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "output array is read-only");
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
	r = scan_on(ev, be, x, ax, prod, dt);
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
	if (n == 0)
		return val_incref(a);   /* NumPy returns its argument as it is */
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
	if ((pre && pre->type != VT_NONE) || (app && app->type != VT_NONE)) {
		/* np.concatenate((prepend, a, append), axis), a 0-d prepend or
		 * append broadcast to a's shape with 1 along axis */
		struct value *items[3] = {NULL, NULL, NULL}, *src[3] = {pre, NULL, app}, *seq, *axv, *r;
		int ni = 0, bad = 0;
		for (int i = 0; i < 3; i++) {
			struct ndarray *p;
			if (i != 1 && (!src[i] || src[i]->type == VT_NONE))
				continue;
			p = i == 1 ? nd_incref(x) : arr_asarray(ev, be, src[i], -1);
			if (p && p->ndim == 0) {
				int64_t sh[ND_MAXDIM];
				struct ndarray *b;
				memcpy(sh, x->shape, sizeof(int64_t) * x->ndim);
				sh[ax] = 1;
				b = arr_broadcast_to(ev, p, x->ndim, sh);
				nd_decref(p);
				p = b;
			}
			if (!p || !(items[ni] = arr_wrap(ev, p))) {
				bad = 1;
				break;
			}
			ni++;
		}
		nd_decref(x);
		if (bad) {
			for (int i = 0; i < ni; i++)
				val_decref(items[i]);
			return NULL;
		}
		seq = val_tuple_new(ni, items);
		axv = val_int(ax);
		r = seq && axv ? arr_ns_callk(ev, be, "concatenate", 1, &seq, "axis", axv) : NULL;
		val_decref(seq);
		val_decref(axv);
		if (!r)
			return NULL;
		x = nd_incref(arr_borrow(r));
		val_decref(r);
		if (!x)
			return err_set(ev, TY_TypeError, "bad concatenate result");
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

/* rows (of dtype dt, host, contiguous) of a with the axes moved last: a
 * buffer of ours, or the data of *owner (set when a fresh copy holds them) */
static void *stat_rows_as(struct eval *ev, struct ndarray *a, uint64_t axes, int dt,
			  int64_t *rows, int64_t *len, int64_t *oshape, int *ond, int keepdims,
			  struct ndarray **owner)
{
	int perm[ND_MAXDIM], k = 0;
	struct ndarray *t, *c, *h;
	void *buf;
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
	c = h ? arr_astype(ev, h, dt) : NULL;
	if (c && c != h && c->refcnt == 1 && c->buf->refcnt == 1 && c->buf != a->buf && nd_is_c_contiguous(c)) {
		/* a fresh copy: its rows are ours to reorder */
		nd_decref(h);
		*owner = c;
		return nd_data(c);
	}
	nd_decref(h);
	if (!c)
		return NULL;
	buf = malloc((size_t)dt_size(dt) * (size_t)(*rows * *len + 1));
	if (!buf) {
		nd_decref(c);
		return err_nomem(ev);
	}
	memcpy(buf, nd_data(c), (size_t)dt_size(dt) * (size_t)(*rows * *len));
	nd_decref(c);
	return buf;
}

static double *stat_rows(struct eval *ev, struct ndarray *a, uint64_t axes,
			 int64_t *rows, int64_t *len, int64_t *oshape, int *ond, int keepdims,
			 struct ndarray **owner)
{
	return stat_rows_as(ev, a, axes, DT_FLOAT64, rows, len, oshape, ond, keepdims, owner);
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

/* NumPy 2's quantile methods, in the order of its _QuantileMethods */
static const char *const qm_names[] = {
	"inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
	"hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher",
	"midpoint", "nearest",
};
enum { QM_INV_CDF, QM_AVG_INV_CDF, QM_CLOSEST, QM_INTERP_INV_CDF, QM_HAZEN, QM_WEIBULL,
       QM_LINEAR, QM_MEDIAN_UNB, QM_NORMAL_UNB, QM_LOWER, QM_HIGHER, QM_MIDPOINT, QM_NEAREST,
       QM_TAKE = 64 /* flag: linear with integer quantiles, a plain take */ };

/* the method takes an order statistic rather than interpolating */
static int qm_discrete(int m)
{
	return m == QM_INV_CDF || m == QM_CLOSEST || m == QM_LOWER || m == QM_HIGHER ||
	       m == QM_NEAREST || (m & QM_TAKE);
}

/* NumPy's _compute_virtual_index */
static double qm_virtual(double n, double q, double alpha, double beta)
{
	return n * q + (alpha + q * (1 - alpha - beta)) - 1;
}

/* NumPy's _discrete_interpolation_to_boundaries; closest: its odd rule */
static int64_t qm_boundary(double idx, int closest)
{
	double prev = floor(idx), gamma = idx - prev;
	int cond = gamma == 0 && (!closest || prev - 2 * floor(prev / 2) == 1);
	double r = cond ? prev : prev + 1;
	return r < 0 ? 0 : (int64_t)r;
}

/*
 * The two order statistics and the weight of quantile q of n items under
 * method m, as NumPy's _quantile computes them: the virtual index, its
 * floor and floor + 1 (both the last item at or above n - 1, both the
 * first below 0), gamma = index - floor (after those bounds) as each
 * method fixes it.  Discrete methods: lo = hi, g = 0.
 */
static void quantile_pos(int m, int64_t n, double q, int64_t *lo, int64_t *hi, double *g)
{
	double vi, dn = (double)n, prev;
	*g = 0;
	switch (m & ~QM_TAKE) {
	case QM_INV_CDF: *lo = qm_boundary(dn * q - 1, 0); goto discrete;
	case QM_CLOSEST: *lo = qm_boundary(dn * q - 1 - 0.5, 1); goto discrete;
	case QM_LOWER: *lo = (int64_t)floor((dn - 1) * q); goto discrete;
	case QM_HIGHER: *lo = (int64_t)ceil((dn - 1) * q); goto discrete;
	case QM_NEAREST: *lo = (int64_t)nearbyint((dn - 1) * q); goto discrete;
	case QM_AVG_INV_CDF: vi = dn * q - 1; break;
	case QM_INTERP_INV_CDF: vi = qm_virtual(dn, q, 0, 1); break;
	case QM_HAZEN: vi = qm_virtual(dn, q, 0.5, 0.5); break;
	case QM_WEIBULL: vi = qm_virtual(dn, q, 0, 0); break;
	case QM_MEDIAN_UNB: vi = qm_virtual(dn, q, 1 / 3.0, 1 / 3.0); break;
	case QM_NORMAL_UNB: vi = qm_virtual(dn, q, 3 / 8.0, 3 / 8.0); break;
	case QM_MIDPOINT: vi = 0.5 * (floor((dn - 1) * q) + ceil((dn - 1) * q)); break;
	default:
		if (m & QM_TAKE) {
			*lo = (int64_t)((dn - 1) * q);
			goto discrete;
		}
		vi = (dn - 1) * q;
		break;
	}
	prev = floor(vi);
	if (vi >= dn - 1) {
		*lo = *hi = n - 1;
		prev = -1;
	} else if (vi < 0) {
		*lo = *hi = 0;
		prev = 0;
	} else {
		*lo = (int64_t)prev;
		*hi = *lo + 1;
	}
	*g = vi - prev;
	if (m == QM_AVG_INV_CDF)
		*g = *g == 0 ? 0.5 : 1.0;
	else if (m == QM_MIDPOINT)
		*g = fmod(vi, 1) == 0 ? 0. : 0.5;
	return;
discrete:
	if (*lo > n - 1)
		*lo = n - 1;
	if (*lo < 0)
		*lo = 0;
	*hi = *lo;
}

/* quantile q of a row with its order statistics in place; f32: the data
 * is float32 (NumPy's b - a is float32), q32: q is a Python number too, so
 * all of NumPy's _lerp is float32 */
static double quantile_row(int m, const double *x, int64_t n, double q, int f32, int q32)
{
	int64_t lo, hi;
	double g;
	if (n == 0)
		return NAN;
	quantile_pos(m, n, q, &lo, &hi, &g);
	if (qm_discrete(m))
		return x[lo];
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
static int order_stats(int m, int64_t n, int is_median, const double *qs, int64_t nq, int64_t *ks)
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
			quantile_pos(m, n, qs[qi], &ks[nks], &ks[nks + 1], &g);
			nks += 2;
		}
	}
	qsort(ks, (size_t)nks, sizeof(int64_t), cmp_i64);
	return nks;
}

/* NumPy's weighted inverted_cdf of a row of n items (no NaN removed: a
 * NaN sorts last and makes every result NaN): the first item, in sorted
 * order, whose normalised cumulative weight reaches q */
struct wpair { double x, w; };

static int cmp_wpair(const void *a, const void *b)
{
	return cmp_double(&((const struct wpair *)a)->x, &((const struct wpair *)b)->x);
}

static void weighted_row(struct wpair *pw, const double *x, const double *w, int64_t n,
			 const double *qs, int64_t nq, double *o, int64_t ostride)
{
	double tot = 0;
	int nan;
	for (int64_t i = 0; i < n; i++) {
		pw[i].x = x[i];
		pw[i].w = w[i];
	}
	qsort(pw, (size_t)n, sizeof *pw, cmp_wpair);
	nan = n > 0 && isnan(pw[n - 1].x);
	for (int64_t i = 0; i < n; i++) {
		tot += pw[i].w;
		pw[i].w = tot;          /* the cumulative sum, in place */
	}
	for (int64_t qi = 0; qi < nq; qi++) {
		int64_t i = 0;
		if (n == 0 || nan) {
			o[qi * ostride] = NAN;
			continue;
		}
		while (i < n) {
			double cdf = pw[i].w / tot;
			if (cdf == 0)
				cdf = -1;
			if (cdf >= qs[qi])
				break;
			i++;
		}
		o[qi * ostride] = pw[i < n ? i : n - 1].x;
	}
}

/* weights= of quantile: checked as NumPy's _weights_are_valid, then laid
 * out as a (broadcast along the other axes), float64 */
static struct ndarray *quantile_weights(struct eval *ev, struct value *wv, const struct ndarray *a,
					struct value *axis)
{
	struct ndarray *w = arr_asarray(ev, &backend_host, wv, DT_FLOAT64), *v, *r;
	int axl[ND_MAXDIM], nax = 0;
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	if (!w)
		return NULL;
	if (w->ndim == a->ndim && !memcmp(w->shape, a->shape, sizeof(int64_t) * a->ndim))
		goto check;
	if (!axis || axis->type == VT_NONE) {
		nd_decref(w);
		return err_set(ev, TY_TypeError, "Axis must be specified when shapes of a and weights differ.");
	}
	if (axis->type == VT_TUPLE || axis->type == VT_LIST) {
		uint64_t msk;
		if (arr_parse_axes(ev, axis, a->ndim, &msk) < 0) {
			nd_decref(w);
			return NULL;
		}
		for (size_t i = 0; i < axis->u.seq.n && nax < ND_MAXDIM; i++) {
			int64_t x;
			if (args_int(ev, axis->u.seq.items[i], 0, &x) < 0 || arr_normalize_axis(ev, x, a->ndim, &axl[nax]) < 0) {
				nd_decref(w);
				return NULL;
			}
			nax++;
		}
	} else {
		int64_t x;
		if (args_int(ev, axis, 0, &x) < 0 || arr_normalize_axis(ev, x, a->ndim, &axl[0]) < 0) {
			nd_decref(w);
			return NULL;
		}
		nax = 1;
	}
	{
		int ok = w->ndim == nax;
		for (int i = 0; ok && i < nax; i++)
			ok = w->shape[i] == a->shape[axl[i]];
		if (!ok) {
			nd_decref(w);
			return err_set(ev, TY_ValueError, "Shape of weights must be consistent with shape of a along specified axis.");
		}
	}
	for (int d = 0; d < a->ndim; d++) {
		sh[d] = 1;
		st[d] = 0;
		for (int i = 0; i < nax; i++)
			if (axl[i] == d) {
				sh[d] = w->shape[i];
				st[d] = w->strides[i];
			}
	}
	v = nd_view(ev, w, DT_FLOAT64, a->ndim, sh, st, w->offset);
	nd_decref(w);
	r = v ? arr_broadcast_to(ev, v, a->ndim, a->shape) : NULL;
	nd_decref(v);
	w = r;
	if (!w)
		return NULL;
check:
	{
		struct ndarray *h = arr_contiguous(ev, w);
		int neg = 0;
		if (!h) {
			nd_decref(w);
			return NULL;
		}
		for (int64_t i = 0, n = nd_size(h); i < n; i++)
			neg |= ((const double *)nd_data(h))[i] < 0;
		nd_decref(h);
		if (neg) {
			nd_decref(w);
			return err_set(ev, TY_ValueError, "Weights must be non-negative.");
		}
	}
	return w;
}

static struct value *quantiles_w(struct eval *ev, const struct builtin *bi, struct value *a,
				 struct value *qv, struct value *axis, struct value *out,
				 struct value *keep, double scale, const char *what, int is_median,
				 int skip_nan, int method, struct value *weights);

static struct value *quantiles(struct eval *ev, const struct builtin *bi, struct value *a,
			       struct value *qv, struct value *axis, struct value *out,
			       struct value *keep, double scale, const char *what, int is_median,
			       int skip_nan, int method)
{
	return quantiles_w(ev, bi, a, qv, axis, out, keep, scale, what, is_median, skip_nan, method, NULL);
}

/* ---- median of complex numbers ---- */

/* NumPy's complex sort order: [R + Rj, R + nanj, nan + Rj, nan + nanj],
 * each class by its non-NaN parts (npysort's CLT) */
static int cpx_nan_class(double _Complex z)
{
	return (isnan(creal(z)) ? 2 : 0) + (isnan(cimag(z)) ? 1 : 0);
}

static int cmp_cpx(const void *pa, const void *pb)
{
	double _Complex a = *(const double _Complex *)pa, b = *(const double _Complex *)pb;
	int ka = cpx_nan_class(a), kb = cpx_nan_class(b);
	if (ka != kb)
		return ka < kb ? -1 : 1;
	if (ka < 2 && creal(a) != creal(b))
		return creal(a) < creal(b) ? -1 : 1;
	if (!(ka & 1) && cimag(a) != cimag(b))
		return cimag(a) < cimag(b) ? -1 : 1;
	return 0;
}

/* z / d as NumPy's complex division by (d + 0j) (Smith's: 0 * an infinite
 * part is NaN), in float32 for complex64 */
static double _Complex cpx_div_real(double _Complex z, double d, int single)
{
	if (single) {
		float zr = (float)creal(z), zi = (float)cimag(z), scl = 1.0f / (float)d;
		return CMPLX((double)((zr + zi * 0.0f) * scl), (double)((zi - zr * 0.0f) * scl));
	}
	return CMPLX((creal(z) + cimag(z) * 0.0) * (1.0 / d), (cimag(z) - creal(z) * 0.0) * (1.0 / d));
}

/* lo + hi, rounded as the array's dtype adds */
static double _Complex cpx_add(double _Complex lo, double _Complex hi, int single)
{
	if (single)
		return CMPLX((double)((float)creal(lo) + (float)creal(hi)), (double)((float)cimag(lo) + (float)cimag(hi)));
	return lo + hi;
}

/* np.median / np.nanmedian of a complex array (c parsed; consumed): each
 * row sorted in NumPy's order, the mean of the middle one or two (NumPy's
 * mean divides by the count: x / 1 for one); a NaN sorts last and is the
 * result (_median_nancheck).  nanmedian drops the NaNs first: an all-NaN
 * row of a 1-d (or axis=None) call gives its last item (_nanmedian1d),
 * of an axis call nan+0j (np.ma.median's fill), and odd rows of an axis
 * call average the middle item with itself (np.ma.median; rows of 600 or
 * more go through _nanmedian1d instead, as in NumPy) */
static struct value *median_complex(struct eval *ev, struct common *c, int skip_nan, int flat)
{
	struct ndarray *owner = NULL, *res = NULL;
	int64_t rows, len, oshape[ND_MAXDIM];
	int ond, single = c->a->dtype == DT_COMPLEX64, all_nan = 0;
	double _Complex *buf = stat_rows_as(ev, c->a, c->axes, DT_COMPLEX128, &rows, &len, oshape, &ond,
					    c->keepdims, &owner), *o;
	if (!buf)
		goto done;
	flat |= len >= 600;
	res = nd_new(ev, &backend_host, DT_COMPLEX128, ond, oshape);
	if (!res)
		goto done;
	o = (double _Complex *)nd_data(res);
	for (int64_t r = 0; r < rows; r++) {
		double _Complex *x = buf + r * len, last = len ? x[len - 1] : 0;
		int64_t n = len;
		if (skip_nan) {
			n = 0;
			for (int64_t i = 0; i < len; i++)
				if (!cpx_nan_class(x[i]))
					x[n++] = x[i];
			if (n == 0 && len > 0) {
				all_nan = 1;
				o[r] = flat ? last : CMPLX(NAN, 0);
				continue;
			}
		}
		if (n == 0) {
			o[r] = CMPLX(NAN, NAN);  /* the mean of an empty slice */
			continue;
		}
		qsort(x, (size_t)n, sizeof *x, cmp_cpx);
		if (cpx_nan_class(x[n - 1]))
			o[r] = x[n - 1];
		else if (n % 2 == 0 || (skip_nan && !flat))
			o[r] = cpx_div_real(cpx_add(x[(n - 1) / 2], x[n / 2], single), 2, single);
		else
			o[r] = cpx_div_real(x[n / 2], 1, single);
	}
	if (all_nan)
		ev_warn(ev, "RuntimeWarning", "All-NaN slice encountered");
	if (single) {
		struct ndarray *r2 = arr_astype(ev, res, DT_COMPLEX64);
		nd_decref(res);
		res = r2;
	}
	if (res && nd_backend(res) != c->be) {
		struct ndarray *r2 = arr_to_backend(ev, res, c->be);
		nd_decref(res);
		res = r2;
	}
done:
	if (owner)
		nd_decref(owner);
	else
		free(buf);
	if (!res) {
		nd_decref(c->a);
		return NULL;
	}
	return finish(ev, c, res);
}

/* ---- quantiles of device data, where it lies (issue 17) ----
 * the reduced axes moved last and flattened, the rows sorted by the
 * backend, then NumPy's linear method read off the sorted rows: the
 * order statistics at floor/ceil of q (n - 1) and NumPy's _lerp (a + d g,
 * or b - d (1 - g) from g = 0.5), or the middle one or two for median; a
 * row with a NaN (sorted last) gives NaN.  Float32 data is sorted and
 * differenced in float32 (the rest in the result dtype), other data in
 * float64; the result cast to its dtype. */

#define QD_HOST ((struct ndarray *)1)   /* not taken: the host rows instead */

static int quantile_on_device(const struct ndarray *a)
{
	static int force = -1;
	if (nd_backend(a)->device_memory)
		return 1;
	if (force < 0) {
		const char *s = getenv("LUMEN_DEVSEARCH");   /* lib/devsearch.c's test switch */
		force = s && *s && strcmp(s, "0") != 0;
	}
	return force;
}

/* v (stolen) as float64 */
static struct value *qd_f64(struct eval *ev, const struct backend *be, struct value *v)
{
	struct ndarray *c;
	if (!v)
		return NULL;
	c = arr_asarray(ev, be, v, DT_FLOAT64);   /* a 0-d item may be a NumPy scalar */
	val_decref(v);
	return c ? arr_wrap(ev, c) : NULL;
}

/* s[..., k] */
static struct value *qd_col(struct eval *ev, struct value *s, int64_t k)
{
	struct value *key[2] = {val_ellipsis(), val_int(k)};
	return ex_item(ev, val_incref(s), val_tuple_new(2, key));
}

static struct ndarray *quantiles_dev(struct eval *ev, struct common *c, const double *qs, int64_t nq,
				     int qnd, const int64_t *qshape, int is_median, int rdt, int work)
{
	const struct backend *be = nd_backend(c->a);
	struct ndarray *a = c->a, *t, *res = NULL;
	int perm[ND_MAXDIM], np_ = 0, ond = 0, nd = a->ndim;
	int64_t len = 1, ksh[ND_MAXDIM + 1], oshape[ND_MAXDIM], nk = 0;
	struct value *s = NULL, *nanm = NULL, *vs[64], *r = NULL;
	if (nq > 64)
		return QD_HOST;
	for (int i = 0; i < nd; i++)
		if (!(c->axes >> i & 1)) {
			perm[np_++] = i;
			ksh[nk++] = a->shape[i];
			oshape[ond++] = a->shape[i];
		} else if (c->keepdims) {
			oshape[ond++] = 1;
		}
	for (int i = 0; i < nd; i++)
		if (c->axes >> i & 1) {
			perm[np_++] = i;
			len *= a->shape[i];
		}
	if (len == 0)
		return QD_HOST;
	ksh[nk] = len;
	t = arr_transpose(ev, a, perm);
	{
		/* (kept..., len) as float64, sorted along the last axis */
		struct ndarray *f = t ? arr_astype_quiet(ev, t, work) : NULL;   /* a C-contiguous copy */
		struct ndarray *g = f ? arr_reshape(ev, f, (int)nk + 1, ksh) : NULL;
		nd_decref(t);
		nd_decref(f);
		s = g ? ex_fn1(ev, be, "sort", arr_wrap(ev, g)) : NULL;
	}
	if (!s)
		return NULL;
	nanm = ex_fn1(ev, be, "isnan", qd_col(ev, s, len - 1));
	for (int64_t qi = 0; qi < nq; qi++) {
		struct value *v;
		if (is_median) {
			v = qd_col(ev, s, len / 2);
			if (len % 2 == 0)
				v = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_ADD, qd_col(ev, s, len / 2 - 1), v),
					   val_float(2.0));
		} else {
			double pos = qs[qi] * (double)(len - 1), lo = floor(pos), gm = pos - lo;
			int64_t l = (int64_t)lo, h = l + 1 < len ? l + 1 : len - 1;
			struct value *va = qd_col(ev, s, l), *vb = qd_col(ev, s, h);
			struct value *d = va && vb ? ex_bin(ev, OP_SUB, val_incref(vb), val_incref(va)) : NULL;
			if (work != rdt) {
				/* float32 data, a float64 q: b - a in float32, the
				 * rest in float64 (NumPy's _lerp with a float64 gamma) */
				va = qd_f64(ev, be, va);
				vb = qd_f64(ev, be, vb);
				d = qd_f64(ev, be, d);
			}
			if (gm >= 0.5) {
				v = ex_bin(ev, OP_SUB, vb, ex_bin(ev, OP_MUL, d, val_float(1.0 - gm)));
				if (va)
					val_decref(va);
			} else {
				v = ex_bin(ev, OP_ADD, va, ex_bin(ev, OP_MUL, d, val_float(gm)));
				if (vb)
					val_decref(vb);
			}
		}
		if (v && nanm) {
			struct value *args[3] = {nanm, val_float(NAN), v};
			struct value *w = args[1] ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
			if (args[1])
				val_decref(args[1]);
			val_decref(v);
			v = w;
		}
		vs[qi] = v;
		if (!v) {
			for (int64_t k = 0; k < qi; k++)
				val_decref(vs[k]);
			goto out;
		}
	}
	if (qnd == 0) {
		r = vs[0];
	} else {
		struct value *lst = val_list_new((size_t)nq, vs);
		r = lst ? ex_fn1(ev, be, "stack", lst) : NULL;
	}
	if (r) {
		/* q's dims, then the kept dims (1 for a reduced one with keepdims) */
		int64_t sh[2 * ND_MAXDIM];
		int n = 0;
		for (int i = 0; i < qnd; i++)
			sh[n++] = qshape[i];
		for (int i = 0; i < ond; i++)
			sh[n++] = oshape[i];
		struct ndarray *ra = arr_borrow(r), *rr = ra ? arr_reshape(ev, ra, n, sh) : NULL;
		res = rr && rr->dtype != rdt ? arr_astype_quiet(ev, rr, rdt) : (rr ? nd_incref(rr) : NULL);
		nd_decref(rr);
	}
out:
	if (r)
		val_decref(r);
	if (s)
		val_decref(s);
	if (nanm)
		val_decref(nanm);
	return res;
}

static struct value *quantiles_w(struct eval *ev, const struct builtin *bi, struct value *a,
				 struct value *qv, struct value *axis, struct value *out,
				 struct value *keep, double scale, const char *what, int is_median,
				 int skip_nan, int method, struct value *weights)
{
	struct ndarray *wa = NULL, *wowner = NULL;
	double *wbuf = NULL;
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
	if (is_median && dt_is_complex(c.a->dtype))
		return median_complex(ev, &c, skip_nan, !axis || axis->type == VT_NONE || c.a->ndim == 1);
	if (!is_median && dt_is_complex(c.a->dtype)) {
		nd_decref(c.a);
		return err_set(ev, TY_TypeError, "a must be an array of real numbers");
	}
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
	if (!is_median && scale == 1 && method == QM_LINEAR) {
		/* integer quantiles (0 or 1): NumPy takes the items themselves */
		struct ndarray *qn = arr_asarray(ev, &backend_host, qv, -1);
		if (qn && (dt_is_int(qn->dtype) || qn->dtype == DT_BOOL))
			method |= QM_TAKE;
		nd_decref(qn);
		err_clear(ev);
	}
	if (weights) {
		int64_t r2, l2, os2[ND_MAXDIM];
		int on2;
		wa = quantile_weights(ev, weights, c.a, axis);
		wbuf = wa ? stat_rows(ev, wa, c.axes, &r2, &l2, os2, &on2, c.keepdims, &wowner) : NULL;
		if (!wbuf) {
			nd_decref(wa);
			free(qs);
			nd_decref(c.a);
			return NULL;
		}
	}
	if (!wbuf && !skip_nan && !c.out && (is_median || method == QM_LINEAR) && quantile_on_device(c.a)
	    && c.a->dtype != DT_FLOAT16) {
		int rd = stat_dtype(c.a->dtype);
		if (qstrong)
			rd = dt_promote(rd, DT_FLOAT64);
		/* float32 stays float32 as NumPy's mean and _lerp keep it (a
		 * Python q); else float64 */
		int work = c.a->dtype == DT_FLOAT32 ? DT_FLOAT32 : DT_FLOAT64;
		struct ndarray *r = quantiles_dev(ev, &c, qs, nq, qnd, qshape, is_median, rd, work);
		if (r == QD_HOST)
			goto host_rows;
		free(qs);
		return finish(ev, &c, r);   /* consumes c.a; NULL passes the error on */
	}
host_rows:
	buf = stat_rows(ev, c.a, c.axes, &rows, &len, oshape, &ond, c.keepdims, &owner);
	if (!buf) {
		free(qs);
		goto wfail;
	}
	if (wbuf) {
		/* NumPy: "Weights included NaN, inf or were all zero." for any row
		 * whose weights (of its non-NaN items, for nanquantile) sum so */
		for (int64_t r = 0; r < rows; r++) {
			double tot = 0;
			int64_t n = 0;
			for (int64_t i = 0; i < len; i++)
				if (!skip_nan || buf[r * len + i] == buf[r * len + i]) {
					tot += wbuf[r * len + i];
					n++;
				}
			if (n > 0 && !(isfinite(tot) && tot != 0)) {
				free(qs);
				if (owner)
					nd_decref(owner);
				else
					free(buf);
				err_set(ev, TY_ValueError, "Weights included NaN, inf or were all zero.");
				goto wfail;
			}
		}
	}
	rdt = stat_dtype(c.a->dtype);
	if (qstrong && !dt_is_complex(rdt))
		rdt = dt_promote(rdt, DT_FLOAT64);
	if (qm_discrete(method) || wbuf)
		rdt = c.a->dtype;
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
		int nks = order_stats(method, len, is_median, qs, nq, ks);
		int all_nan = 0;
		struct wpair *pw = wbuf ? malloc(sizeof *pw * (size_t)(len ? len : 1)) : NULL;
		if (wbuf && !pw) {
			err_nomem(ev);
			rows = 0;
			nd_decref(res);
			res = NULL;
		}
		for (int64_t r = 0; r < rows; r++) {
			double *x = buf + r * len;
			int64_t n = len;
			int nan = 0;
			if (wbuf) {
				double *w = wbuf + r * len;
				if (skip_nan) {
					n = 0;
					for (int64_t i = 0; i < len; i++)
						if (x[i] == x[i]) {
							w[n] = w[i];
							x[n++] = x[i];
						}
					all_nan |= n == 0 && len > 0;
				}
				weighted_row(pw, x, w, n, qs, nq, o + r, rows);
				continue;
			}
			if (skip_nan) {
				/* nanmedian/nanpercentile: the row without its NaNs */
				n = 0;
				for (int64_t i = 0; i < len; i++)
					if (x[i] == x[i])
						x[n++] = x[i];
				all_nan |= n == 0 && len > 0;
				if (n != len)
					nks = order_stats(method, n, is_median, qs, nq, ks);
				if (n > 0)
					select_row(x, n, ks, nks);
				if (n != len)
					nks = order_stats(method, len, is_median, qs, nq, ks);
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
					v = quantile_row(method, x, n, qs[qi], c.a->dtype == DT_FLOAT32, q32);
				o[qi * rows + r] = v;
			}
		}
		free(pw);
		if (all_nan)
			ev_warn(ev, "RuntimeWarning", "All-NaN slice encountered");
	}
	free(ks);
	if (wowner)
		nd_decref(wowner);
	else
		free(wbuf);
	nd_decref(wa);
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
	if (res && nd_backend(res) != c.be) {
		struct ndarray *r2 = arr_to_backend(ev, res, c.be);
		nd_decref(res);
		res = r2;
	}
	if (weights && res && res->ndim == 0 && !c.out && nd_host_memory(res) &&
	    !(dt_is_inexact(res->dtype) && any_nan(ev, c.be, res) > 0)) {
		/* NumPy's weighted path fills np.empty_like(arr, shape=()):
		 * a 0-d array, not a scalar (a NaN row gives arr[-1], a scalar) */
		nd_decref(c.a);
		return arr_wrap(ev, res);
	}
	return finish(ev, &c, res);
wfail:
	if (wowner)
		nd_decref(wowner);
	else
		free(wbuf);
	nd_decref(wa);
	nd_decref(c.a);
	return NULL;
}

/*
 * overwrite_input=True: NumPy partitions the input itself for the order
 * statistics it reads (median: the middle one or two, and the last for
 * floats, where a NaN sorts; 'linear' quantiles: the first, the last and
 * the two around each q, or the items themselves for integer q), along
 * axis or, for axis None, flattened when that is a view (NumPy's
 * a.ravel()).  An np array is left as NumPy leaves it (np.partition is
 * NumPy's introselect); lists, cp arrays, tuple axes, weights and the
 * other methods keep their input, which NumPy's "contents undefined" allows.
 */
static int overwrite_input(struct eval *ev, struct value *av, struct value *axis, struct value *ow,
			   int is_median, struct value *qv, double scale, int method)
{
	struct ndarray *a = arr_borrow(av), *qa = NULL, *qc = NULL, *t;
	struct value *tv, *kl, *args[2], *r;
	int on = ow ? val_truth(ev, ow) : 0, ax = 0, take = 0;
	int64_t n, nq = 1, nk = 0, *ks;
	struct ndarray *view = NULL;    /* a tuple axis: NumPy's moved and merged view */
	if (on <= 0)
		return on;
	if (!a || arr_is_cupy(nd_backend(a)) || a->ndim == 0 || dt_is_complex(a->dtype) || method != QM_LINEAR)
		return 0;
	if (axis && axis->type == VT_TUPLE && axis->u.seq.n > 1) {
		/* _ureduce: the kept axes first, the reduced ones merged last,
		 * a view when the merge is one */
		int perm[ND_MAXDIM], red[ND_MAXDIM] = {0}, np_ = 0, nkeep;
		int64_t shp[ND_MAXDIM];
		for (size_t i = 0; i < axis->u.seq.n; i++) {
			int64_t x;
			int k;
			if (val_as_int64(ev, axis->u.seq.items[i], &x) < 0 || arr_normalize_axis(ev, x, a->ndim, &k) < 0) {
				err_clear(ev);
				return 0;
			}
			red[k] = 1;
		}
		for (int d = 0; d < a->ndim; d++)
			if (!red[d])
				shp[np_] = a->shape[d], perm[np_++] = d;
		nkeep = np_;
		for (int d = 0; d < a->ndim; d++)
			if (red[d])
				perm[np_++] = d;
		struct ndarray *tr = arr_transpose(ev, a, perm);
		shp[nkeep] = -1;
		view = tr ? arr_reshape(ev, tr, nkeep + 1, shp) : NULL;
		nd_decref(tr);
		if (!view)
			return -1;
		if (view->buf != a->buf) {
			nd_decref(view);
			return 0;  /* a copy: the input stays */
		}
		ax = nkeep;
		n = view->shape[ax];
	} else if (axis && axis->type != VT_NONE) {
		int64_t x;
		struct value *ax1 = axis->type == VT_TUPLE && axis->u.seq.n == 1 ? axis->u.seq.items[0] : axis;
		if (val_as_int64(ev, ax1, &x) < 0 || arr_normalize_axis(ev, x, a->ndim, &ax) < 0) {
			err_clear(ev);
			return 0;
		}
		n = a->shape[ax];
	} else {
		if (!nd_is_c_contiguous(a))
			return 0;   /* a.ravel() is a copy: the input stays */
		n = nd_size(a);
	}
	if (n == 0) {
		nd_decref(view);
		return 0;
	}
	if (!is_median) {
		struct ndarray *qn = arr_asarray(ev, nd_backend(a), qv, -1);
		take = scale == 1 && qn && (dt_is_int(qn->dtype) || qn->dtype == DT_BOOL);
		nd_decref(qn);
		if (!(qa = arr_asarray(ev, nd_backend(a), qv, DT_FLOAT64)) || !(qc = arr_contiguous(ev, qa))) {
			nd_decref(qa);
			nd_decref(view);
			return -1;
		}
		nq = nd_size(qc);
	}
	if (!(ks = malloc(sizeof(int64_t) * (size_t)(2 * nq + 3)))) {
		nd_decref(qa);
		nd_decref(qc);
		nd_decref(view);
		return err_nomem(ev), -1;
	}
	if (is_median) {
		if (n % 2 == 0)
			ks[nk++] = n / 2 - 1;
		ks[nk++] = n / 2;
	} else if (take) {
		for (int64_t i = 0; i < nq; i++)
			ks[nk++] = ((const double *)nd_data(qc))[i] == 0 ? 0 : n - 1;
	} else {
		ks[nk++] = 0;
		ks[nk++] = n - 1;
		for (int64_t i = 0; i < nq; i++) {
			double q = ((const double *)nd_data(qc))[i] / scale;
			double vi = (double)n * q + (1 + q * (1 - 1 - 1)) - 1;   /* NumPy's virtual index */
			int64_t prev = (int64_t)floor(vi);
			if (vi >= (double)(n - 1))
				prev = n - 1;
			else if (vi < 0)
				prev = 0;
			ks[nk++] = prev;
			ks[nk++] = vi >= (double)(n - 1) ? n - 1 : vi < 0 ? 0 : prev + 1;
		}
	}
	if ((is_median || take) && dt_is_inexact(a->dtype))
		ks[nk++] = n - 1;
	nd_decref(qa);
	nd_decref(qc);
	struct value **items = calloc((size_t)nk, sizeof *items);
	for (int64_t i = 0; items && i < nk; i++)
		if (!(items[i] = val_int(ks[i]))) {
			for (int64_t j = 0; j < i; j++)
				val_decref(items[j]);
			free(items);
			items = NULL;
		}
	free(ks);
	if (!items || !(kl = val_list_new((size_t)nk, items))) {
		free(items);
		nd_decref(view);
		return err_nomem(ev), -1;
	}
	free(items);
	if (view) {
		if (!(tv = arr_wrap(ev, view))) {
			val_decref(kl);
			return -1;
		}
	} else if (axis && axis->type != VT_NONE) {
		tv = val_incref(av);
	} else {
		int64_t m1 = -1;
		if (!(t = arr_reshape(ev, a, 1, &m1)) || !(tv = arr_wrap(ev, t))) {
			val_decref(kl);
			return -1;
		}
		ax = 0;
	}
	args[0] = kl;
	args[1] = val_int(ax);
	r = args[1] ? arr_method_call(ev, tv, "partition", 2, args, NULL) : err_nomem(ev);
	val_decref(args[1]);
	val_decref(kl);
	val_decref(tv);
	if (!r)
		return -1;
	val_decref(r);
	return 0;
}

static struct value *fn_median(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a, *axis = NULL, *out = NULL, *ow = NULL, *keep = NULL;
	if (args_parse(ev, "median", argc, argv, kw, "a|axis,out,overwrite_input,keepdims",
		       &a, &axis, &out, &ow, &keep) < 0)
		return NULL;
	struct value *r = quantiles(ev, bi, a, NULL, axis, out, keep, 1, NULL, 1, !strcmp(bi->name, "nanmedian"), QM_LINEAR);
	if (r && !strcmp(bi->name, "median") && overwrite_input(ev, a, axis, ow, 1, NULL, 1, QM_LINEAR) < 0) {
		val_decref(r);
		return NULL;
	}
	return r;
}

static struct value *pq(struct eval *ev, const struct builtin *bi, int argc,
			struct value **argv, const struct kwargs *kw, int pct)
{
	struct value *a, *q, *axis = NULL, *out = NULL, *ow = NULL, *method = NULL, *keep = NULL,
		     *weights = NULL;
	int m = QM_LINEAR;
	if (args_parse(ev, bi->name, argc, argv, kw, "a,q|axis,out,overwrite_input,method,keepdims,$weights",
		       &a, &q, &axis, &out, &ow, &method, &keep, &weights) < 0)
		return NULL;
	if (method && method->type != VT_NONE) {
		const char *ms = val_as_cstr(method);
		m = -1;
		for (int i = 0; ms && i < (int)(sizeof qm_names / sizeof qm_names[0]); i++)
			if (!strcmp(ms, qm_names[i]))
				m = i;
		if (m < 0) {
			char keys[512];
			size_t k = 0;
			for (int i = 0; i < (int)(sizeof qm_names / sizeof qm_names[0]); i++)
				k += snprintf(keys + k, sizeof keys - k, "%s'%s'", i ? ", " : "", qm_names[i]);
			return err_set(ev, TY_ValueError, "'%s' is not a valid method. Use one of: dict_keys([%s])",
				       ms ? ms : "?", keys);
		}
	}
	if (weights && weights->type == VT_NONE)
		weights = NULL;
	if (weights && m != QM_INV_CDF)
		return err_set(ev, TY_ValueError, "Only method 'inverted_cdf' supports weights. Got: %s.", qm_names[m]);
	struct value *r = quantiles_w(ev, bi, a, q, axis, out, keep, pct ? 100 : 1,
			   pct ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]", 0,
			   !strncmp(bi->name, "nan", 3), m, weights);
	if (r && !weights && strncmp(bi->name, "nan", 3) &&
	    overwrite_input(ev, a, axis, ow, 0, q, pct ? 100 : 1, m) < 0) {
		val_decref(r);
		return NULL;
	}
	return r;
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
		int same = wa->ndim == c.a->ndim;
		for (int i = 0; same && i < wa->ndim; i++)
			same = wa->shape[i] == c.a->shape[i];
		if (!same) {
			/* NumPy: weights shaped as a's axes in the order axis names them,
			 * transposed by argsort(axis) and reshaped to broadcast */
			int axl[ND_MAXDIM], na = 0, ok = 1;
			int64_t sh[ND_MAXDIM];
			if (!axis || axis->type == VT_NONE) {
				nd_decref(wa);
				err_set(ev, TY_TypeError, "Axis must be specified when shapes of a and weights differ.");
				goto out;
			}
			if (axis->type == VT_TUPLE || axis->type == VT_LIST) {
				for (size_t i = 0; ok && i < axis->u.seq.n && na < ND_MAXDIM; i++) {
					int64_t v;
					ok = val_as_int64(ev, axis->u.seq.items[i], &v) == 0 &&
					     arr_normalize_axis(ev, v, c.a->ndim, &axl[na++]) == 0;
				}
			} else {
				int64_t v;
				ok = val_as_int64(ev, axis, &v) == 0 && arr_normalize_axis(ev, v, c.a->ndim, &axl[na++]) == 0;
			}
			if (!ok) {
				nd_decref(wa);
				goto out;
			}
			ok = wa->ndim == na;
			for (int i = 0; ok && i < na; i++)
				ok = wa->shape[i] == c.a->shape[axl[i]];
			if (!ok) {
				nd_decref(wa);
				err_set(ev, TY_ValueError, "Shape of weights must be consistent with shape of a along specified axis.");
				goto out;
			}
			int perm[ND_MAXDIM];
			for (int i = 0; i < na; i++)
				perm[i] = i;
			for (int i = 1; i < na; i++) /* argsort(axis): a stable insertion sort */
				for (int j = i; j > 0 && axl[perm[j - 1]] > axl[perm[j]]; j--) {
					int t = perm[j];
					perm[j] = perm[j - 1];
					perm[j - 1] = t;
				}
			struct ndarray *wt = arr_transpose(ev, wa, perm);
			nd_decref(wa);
			if (!wt)
				goto out;
			for (int i = 0; i < c.a->ndim; i++) {
				int in = 0;
				for (int k = 0; k < na; k++)
					in |= axl[k] == i;
				sh[i] = in ? c.a->shape[i] : 1;
			}
			wb = arr_reshape(ev, wt, c.a->ndim, sh);
			nd_decref(wt);
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
