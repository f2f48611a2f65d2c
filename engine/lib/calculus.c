/*
 * calculus.c — numerical derivative and integral of sampled data:
 * np.gradient (central differences inside, one-sided of order 1 or 2 at
 * the edges; uniform or per-axis coordinate spacing) and np.trapezoid.
 * Composed as NumPy's function_base.py composes them (nscall.h), so the
 * dtypes, rounding and errors are those of the arithmetic underneath.
 * Publishes arr_calculus_funcs.
 *
 * Owns no state; written once for np and cp.
 */
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

/* f[key at axis] with the key stolen; f borrowed */
static struct value *at(struct eval *ev, struct value *f, int axis, struct value *k)
{
	return ex_item(ev, val_incref(f), ex_axis_key(axis, k));
}

/* trapezoid(y, x=None, dx=1.0, axis=-1) */
static struct value *cf_trapezoid(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *yv, *xv = NULL, *dxv = NULL, *axv = NULL, *y, *d, *r;
	int64_t ax = -1;
	int axis;
	if (args_parse(ev, "trapezoid", argc, argv, kw, "y|x,dx,axis", &yv, &xv, &dxv, &axv) < 0 ||
	    args_int(ev, axv, -1, &ax) < 0)
		return NULL;
	struct ndarray *ya = arr_asarray(ev, be, yv, -1);
	if (!ya || !(y = arr_wrap(ev, ya)))
		return NULL;
	int nd = ya->ndim;
	if (ax < -nd || ax >= nd) { /* slice1[axis] = ... on a list of nd */
		val_decref(y);
		return err_set(ev, TY_IndexError, "list assignment index out of range");
	}
	axis = (int)(ax < 0 ? ax + nd : ax);
	if (!xv || xv->type == VT_NONE) {
		d = dxv ? val_incref(dxv) : val_float(1.0);
	} else {
		struct ndarray *xa = arr_asarray(ev, be, xv, -1);
		struct value *x = xa ? arr_wrap(ev, xa) : NULL;
		if (x && xa->ndim == 1) {
			d = ex_fn1(ev, be, "diff", x);
			struct ndarray *da = d ? arr_borrow(d) : NULL;
			if (da) {
				int64_t shape[ND_MAXDIM];
				for (int k = 0; k < nd; k++)
					shape[k] = k == axis ? da->shape[0] : 1;
				struct ndarray *rs = arr_reshape(ev, da, nd, shape);
				val_decref(d);
				d = rs ? arr_wrap(ev, rs) : NULL;
			}
		} else {
			struct value *axval = val_int(axis);
			d = x ? arr_ns_callk(ev, be, "diff", 1, &x, "axis", axval) : NULL;
			val_decref(axval);
			if (x)
				val_decref(x);
		}
	}
	/* (d * (y[1:] + y[:-1]) / 2.0).sum(axis) */
	struct value *s = ex_bin(ev, OP_ADD, at(ev, y, axis, ex_slice(1, NS_NONE)), at(ev, y, axis, ex_slice(NS_NONE, -1)));
	struct value *t = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_MUL, d, s), val_float(2.0));
	val_decref(y);
	if (!t)
		return NULL;
	struct value *axval = val_int(axis);
	r = arr_borrow(t) ? arr_method_call(ev, t, "sum", 1, &axval, NULL) : val_incref(t);
	val_decref(axval);
	val_decref(t);
	return r;
}

/* One axis's spacing: a scalar (uniform) or the differences of 1-d
 * coordinates (uniform again when they are all equal). */
static struct value *axis_spacing(struct eval *ev, const struct backend *be, struct value *v, int64_t n)
{
	struct ndarray *a = arr_asarray(ev, be, v, -1);
	struct value *w, *dx, *eq, *all;
	if (!a)
		return NULL;
	if (a->ndim == 0) {
		nd_decref(a);
		return val_incref(v);
	}
	if (a->ndim != 1) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "distances must be either scalars or 1d");
	}
	if (a->shape[0] != n) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "when 1d, distances must match the length of the corresponding dimension");
	}
	if (dt_is_int(a->dtype) || a->dtype == DT_BOOL) {
		struct ndarray *c = arr_astype(ev, a, DT_FLOAT64);
		nd_decref(a);
		if (!(a = c))
			return NULL;
	}
	if (!(w = arr_wrap(ev, a)) || !(dx = ex_fn1(ev, be, "diff", w)))
		return NULL;
	eq = ex_bin(ev, OP_EQ, val_incref(dx), ex_item(ev, val_incref(dx), val_int(0)));
	all = eq ? arr_method_call(ev, eq, "all", 0, NULL, NULL) : NULL;
	if (eq)
		val_decref(eq);
	int t = all ? val_truth(ev, all) : -1;
	if (all)
		val_decref(all);
	if (t < 0) {
		val_decref(dx);
		return NULL;
	}
	if (t) /* diffx = diffx[0] */
		return ex_item(ev, dx, val_int(0));
	return dx;
}

/* out[s1] = v (all stolen but out) */
static int put(struct eval *ev, struct value *out, int axis, struct value *k, struct value *v)
{
	struct value *key = ex_axis_key(axis, k);
	int rc = key && v ? val_setitem(ev, out, key, v) : -1;
	if (key)
		val_decref(key);
	if (v)
		val_decref(v);
	return rc;
}

static int is_uniform(struct value *dx)
{
	struct ndarray *a = arr_borrow(dx);
	return !a || a->ndim == 0;
}

/* a * f[s2] + b * f[s3] + c * f[s4] (a, b, c stolen) */
static struct value *three_point(struct eval *ev, struct value *f, int axis, struct value *a, int64_t i2,
				 struct value *b, int64_t i3, struct value *c, int64_t i4)
{
	return ex_bin(ev, OP_ADD,
		      ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, a, at(ev, f, axis, val_int(i2))),
			     ex_bin(ev, OP_MUL, b, at(ev, f, axis, val_int(i3)))),
		      ex_bin(ev, OP_MUL, c, at(ev, f, axis, val_int(i4))));
}

/* dx[i] of a non-uniform spacing */
static struct value *dxi(struct eval *ev, struct value *dx, int64_t i)
{
	return ex_item(ev, val_incref(dx), val_int(i));
}

/* The gradient along one axis into out (NumPy's loop body). */
static int gradient_axis(struct eval *ev, struct value *f, struct value *out, int axis, int nd, struct value *dx,
			 int edge)
{
	int uni = is_uniform(dx);
	struct value *inner;
	if (uni) {
		/* (f[2:] - f[:-2]) / (2. * dx) */
		inner = ex_bin(ev, OP_TRUEDIV,
			       ex_bin(ev, OP_SUB, at(ev, f, axis, ex_slice(2, NS_NONE)), at(ev, f, axis, ex_slice(NS_NONE, -2))),
			       ex_bin(ev, OP_MUL, val_float(2.0), val_incref(dx)));
	} else {
		struct value *d1 = ex_item(ev, val_incref(dx), ex_slice(0, -1)), *d2 = ex_item(ev, val_incref(dx), ex_slice(1, NS_NONE));
		if (!d1 || !d2) {
			if (d1)
				val_decref(d1);
			if (d2)
				val_decref(d2);
			return -1;
		}
		struct value *a = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, val_incref(d2)),
					 ex_bin(ev, OP_MUL, val_incref(d1), ex_bin(ev, OP_ADD, val_incref(d1), val_incref(d2))));
		struct value *b = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, val_incref(d2), val_incref(d1)),
					 ex_bin(ev, OP_MUL, val_incref(d1), val_incref(d2)));
		struct value *c = ex_bin(ev, OP_TRUEDIV, val_incref(d1),
					 ex_bin(ev, OP_MUL, val_incref(d2), ex_bin(ev, OP_ADD, val_incref(d1), val_incref(d2))));
		val_decref(d1);
		val_decref(d2);
		/* a.shape = (1,)*axis + (-1,) + (1,)*(nd-axis-1) */
		struct value *abc[3] = {a, b, c};
		for (int i = 0; i < 3; i++) {
			struct ndarray *v = abc[i] ? arr_borrow(abc[i]) : NULL, *rs = NULL;
			int64_t shape[ND_MAXDIM];
			for (int k = 0; k < nd; k++)
				shape[k] = k == axis ? -1 : 1;
			if (v)
				rs = arr_reshape(ev, v, nd, shape);
			if (abc[i])
				val_decref(abc[i]);
			abc[i] = rs ? arr_wrap(ev, rs) : NULL;
		}
		struct value *s2 = at(ev, f, axis, ex_slice(NS_NONE, -2)), *s3 = at(ev, f, axis, ex_slice(1, -1)),
			     *s4 = at(ev, f, axis, ex_slice(2, NS_NONE));
		inner = ex_bin(ev, OP_ADD, ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, abc[0], s2), ex_bin(ev, OP_MUL, abc[1], s3)),
			       ex_bin(ev, OP_MUL, abc[2], s4));
	}
	if (put(ev, out, axis, ex_slice(1, -1), inner) < 0)
		return -1;
	if (edge == 1) {
		struct value *d0 = uni ? val_incref(dx) : dxi(ev, dx, 0), *dn = uni ? val_incref(dx) : dxi(ev, dx, -1);
		if (put(ev, out, axis, val_int(0),
			ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, at(ev, f, axis, val_int(1)), at(ev, f, axis, val_int(0))), d0)) < 0) {
			if (dn)
				val_decref(dn);
			return -1;
		}
		return put(ev, out, axis, val_int(-1),
			   ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, at(ev, f, axis, val_int(-1)), at(ev, f, axis, val_int(-2))), dn));
	}
	/* edge_order 2: second-order one-sided differences */
	struct value *a, *b, *c;
	if (uni) {
		a = ex_bin(ev, OP_TRUEDIV, val_float(-1.5), val_incref(dx));
		b = ex_bin(ev, OP_TRUEDIV, val_float(2.0), val_incref(dx));
		c = ex_bin(ev, OP_TRUEDIV, val_float(-0.5), val_incref(dx));
	} else {
		struct value *d1 = dxi(ev, dx, 0), *d2 = dxi(ev, dx, 1);
		#define R(x) val_incref(x)
		a = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, val_float(2.0), R(d1)), R(d2))),
			   ex_bin(ev, OP_MUL, R(d1), ex_bin(ev, OP_ADD, R(d1), R(d2))));
		b = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_ADD, R(d1), R(d2)), ex_bin(ev, OP_MUL, R(d1), R(d2)));
		c = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, R(d1)),
			   ex_bin(ev, OP_MUL, R(d2), ex_bin(ev, OP_ADD, R(d1), R(d2))));
		val_decref(d1);
		val_decref(d2);
	}
	if (put(ev, out, axis, val_int(0), three_point(ev, f, axis, a, 0, b, 1, c, 2)) < 0)
		return -1;
	if (uni) {
		a = ex_bin(ev, OP_TRUEDIV, val_float(0.5), val_incref(dx));
		b = ex_bin(ev, OP_TRUEDIV, val_float(-2.0), val_incref(dx));
		c = ex_bin(ev, OP_TRUEDIV, val_float(1.5), val_incref(dx));
	} else {
		struct value *d1 = dxi(ev, dx, -2), *d2 = dxi(ev, dx, -1);
		a = ex_bin(ev, OP_TRUEDIV, R(d2), ex_bin(ev, OP_MUL, R(d1), ex_bin(ev, OP_ADD, R(d1), R(d2))));
		b = ex_bin(ev, OP_TRUEDIV, ex_neg(ev, ex_bin(ev, OP_ADD, R(d2), R(d1))), ex_bin(ev, OP_MUL, R(d1), R(d2)));
		c = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, val_float(2.0), R(d2)), R(d1)),
			   ex_bin(ev, OP_MUL, R(d2), ex_bin(ev, OP_ADD, R(d1), R(d2))));
		#undef R
		val_decref(d1);
		val_decref(d2);
	}
	return put(ev, out, axis, val_int(-1), three_point(ev, f, axis, a, -3, b, -2, c, -1));
}

/* gradient(f, *varargs, axis=None, edge_order=1) */
static struct value *cf_gradient(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *axv = NULL, *eov = NULL, *f = NULL, *dx[ND_MAXDIM] = {0}, *outs[ND_MAXDIM] = {0}, *r = NULL;
	int64_t edge = 1;
	int axes[ND_MAXDIM], naxes = 0, nvar = argc - 1;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "gradient() missing 1 required positional argument: 'f'");
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "axis"))
			axv = kw->vals[i];
		else if (!strcmp(kw->names[i], "edge_order"))
			eov = kw->vals[i];
		else
			return err_set(ev, TY_TypeError, "gradient() got an unexpected keyword argument '%s'", kw->names[i]);
	}
	if (args_int(ev, eov, 1, &edge) < 0)
		return NULL;
	struct ndarray *fa = arr_asarray(ev, be, argv[0], -1);
	if (!fa)
		return NULL;
	int nd = fa->ndim;
	if (!dt_is_inexact(fa->dtype)) { /* integers (and bools) are differenced as float64 */
		struct ndarray *c = arr_astype(ev, fa, DT_FLOAT64);
		nd_decref(fa);
		if (!(fa = c))
			return NULL;
	}
	if (!(f = arr_wrap(ev, fa)))
		return NULL;
	if (!axv || axv->type == VT_NONE) {
		for (int k = 0; k < nd; k++)
			axes[naxes++] = k;
	} else {
		uint64_t seen = 0;
		struct value *const *items = axv->type == VT_TUPLE || axv->type == VT_LIST ? axv->u.seq.items : &axv;
		int n = axv->type == VT_TUPLE || axv->type == VT_LIST ? (int)axv->u.seq.n : 1;
		for (int i = 0; i < n; i++) {
			int64_t a;
			int k;
			if (val_as_int64(ev, items[i], &a) < 0 || arr_normalize_axis(ev, a, nd, &k) < 0)
				goto out;
			if (seen >> k & 1) {
				err_set(ev, TY_ValueError, "repeated axis");
				goto out;
			}
			seen |= 1ull << k;
			axes[naxes++] = k;
		}
	}
	if (nvar == 0) {
		for (int i = 0; i < naxes; i++)
			dx[i] = val_float(1.0);
	} else if (nvar == 1 && (!arr_borrow(argv[1]) || arr_borrow(argv[1])->ndim == 0) &&
		   argv[1]->type != VT_LIST && argv[1]->type != VT_TUPLE) {
		for (int i = 0; i < naxes; i++)
			dx[i] = val_incref(argv[1]);
	} else if (nvar == naxes) {
		for (int i = 0; i < naxes; i++)
			if (!(dx[i] = axis_spacing(ev, be, argv[1 + i], fa->shape[axes[i]])))
				goto out;
	} else {
		err_set(ev, TY_TypeError, "invalid number of arguments");
		goto out;
	}
	if (edge > 2) {
		err_set(ev, TY_ValueError, "'edge_order' greater than 2 not supported");
		goto out;
	}
	for (int i = 0; i < naxes; i++) {
		if (fa->shape[axes[i]] < edge + 1) {
			err_set(ev, TY_ValueError, "Shape of array too small to calculate a numerical gradient, at least "
				"(edge_order + 1) elements are required.");
			goto out;
		}
		struct ndarray *o = nd_new(ev, be, fa->dtype, nd, fa->shape);
		if (!o || !(outs[i] = arr_wrap(ev, o)) || gradient_axis(ev, f, outs[i], axes[i], nd, dx[i], (int)edge) < 0)
			goto out;
	}
	if (naxes == 1) {
		r = outs[0];
		outs[0] = NULL;
	} else {
		r = val_tuple_new(naxes, outs);
		memset(outs, 0, sizeof outs);
	}
out:
	for (int i = 0; i < ND_MAXDIM; i++) {
		if (dx[i])
			val_decref(dx[i]);
		if (outs[i])
			val_decref(outs[i]);
	}
	val_decref(f);
	return r;
}

const struct arr_func arr_calculus_funcs[] = {
	{"gradient", cf_gradient, "gradient(f, *varargs, axis=None, edge_order=1)",
	 "Return the gradient of an N-dimensional array (second-order central differences inside)."},
	{"trapezoid", cf_trapezoid, "trapezoid(y, x=None, dx=1.0, axis=-1)",
	 "Integrate along the given axis using the composite trapezoidal rule."},
	{NULL, NULL, NULL, NULL}
};
