/*
 * manip.c — array manipulation: reshape, transpose and friends (views),
 * joining (concatenate, stack ...), splitting, flipping and rolling, tile,
 * repeat, pad, atleast_*d.  Publishes arr_manip_funcs and arr_manip_methods.
 *
 * Owns no state.  Works on struct ndarray views and shape.c's copies, so a
 * function is written once for host and device arrays; never touches
 * elements itself except through shp_assign / shp_copy / shp_repeat /
 * idx_take_axis.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/shape.h"
#include "lib/devsearch.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

/* ---- small helpers ---- */

static struct ndarray *self_arr(struct eval *ev, const struct builtin *bi)
{
	struct ndarray *a = arr_borrow(bi->self);
	if (!a)
		return err_set(ev, TY_TypeError, "descriptor requires a 'numpy.ndarray' object");
	return nd_incref(a);
}

static struct ndarray *in_arr(struct eval *ev, const struct builtin *bi, struct value *v)
{
	return arr_asarray(ev, arr_be(bi), v, -1);
}

static struct value *wrap(struct eval *ev, struct ndarray *a)
{
	return a ? arr_wrap(ev, a) : NULL;
}

/* The array a function works on (method 0: its first argument) or a method
 * (method 1: its self), and in *x, *y the one or two arguments spec names
 * after it (NULL when left out): a new reference, or NULL with ev's error. */
static struct ndarray *arr_args(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw, const char *name,
				const char *spec, int method, struct value **x, struct value **y)
{
	struct value *av;
	*x = *y = NULL;
	if (method)
		return args_parse(ev, name, argc, argv, kw, spec, x, y) < 0 ? NULL : self_arr(ev, bi);
	return args_parse(ev, name, argc, argv, kw, spec, &av, x, y) < 0 ? NULL : in_arr(ev, bi, av);
}

/* The function or method name(spec) (see arr_args) that is op1 of its array
 * and the one argument after it, or op2 of the array and the two (the
 * other one NULL), wrapped */
static struct value *arr_op(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, const char *name,
			    const char *spec, int method,
			    struct ndarray *(*op1)(struct eval *, const struct ndarray *, struct value *),
			    struct ndarray *(*op2)(struct eval *, const struct ndarray *, struct value *,
						   struct value *))
{
	struct value *x, *y;
	struct ndarray *a = arr_args(ev, bi, argc, argv, kw, name, spec, method, &x, &y);
	struct ndarray *r = !a ? NULL : op2 ? op2(ev, a, x, y) : op1(ev, a, x);
	nd_decref(a);
	return wrap(ev, r);
}

/* An axis argument with NumPy's AxisError, optionally prefixed ("source: "). */
static int norm_axis(struct eval *ev, struct value *v, int ndim, const char *prefix, int *out)
{
	int64_t ax;
	if (val_as_int64(ev, v, &ax) < 0)
		return -1;
	if (ax < -ndim || ax >= ndim) {
		if (prefix)
			err_set(ev, TY_AxisError, "%s: axis %lld is out of bounds for array of dimension %d",
				prefix, (long long)ax, ndim);
		else
			err_set(ev, TY_AxisError, "axis %lld is out of bounds for array of dimension %d",
				(long long)ax, ndim);
		return -1;
	}
	*out = (int)(ax < 0 ? ax + ndim : ax);
	return 0;
}

/* An int or a sequence of ints into axes[] (at most max). */
static int axis_list(struct eval *ev, struct value *v, int ndim, const char *prefix,
		     int *axes, int max, int *n)
{
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		if ((int)v->u.seq.n > max)
			return err_set(ev, TY_ValueError, "too many axes"), -1;
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (norm_axis(ev, v->u.seq.items[i], ndim, prefix, &axes[i]) < 0)
				return -1;
		*n = (int)v->u.seq.n;
		return 0;
	}
	*n = 1;
	return norm_axis(ev, v, ndim, prefix, &axes[0]);
}

static struct ndarray *view_of(struct eval *ev, const struct ndarray *a, int nd,
			       const int64_t *shape, const int64_t *strides, int64_t offset)
{
	return nd_view(ev, a, a->dtype, nd, shape, strides, offset);
}

/* a[..., start:start+n:step, ...] along axis as a view. */
static struct ndarray *axis_slice(struct eval *ev, const struct ndarray *a, int axis,
				  int64_t start, int64_t n, int64_t step)
{
	int64_t shape[ND_MAXDIM], str[ND_MAXDIM];
	memcpy(shape, a->shape, sizeof(int64_t) * a->ndim);
	memcpy(str, a->strides, sizeof(int64_t) * a->ndim);
	shape[axis] = n;
	str[axis] *= step;
	return view_of(ev, a, a->ndim, shape, str, a->offset + (n ? start * a->strides[axis] : 0));
}

/* Reads a shape from either a single argument or several int arguments. */
static int shape_args(struct eval *ev, int argc, struct value **argv, int *nd, int64_t *shape)
{
	if (argc == 1)
		return arr_parse_shape(ev, argv[0], nd, shape);
	if (argc > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many dimensions"), -1;
	for (int i = 0; i < argc; i++)
		if (val_as_int64(ev, argv[i], &shape[i]) < 0)
			return -1;
	*nd = argc;
	return 0;
}

static int order_char(struct eval *ev, struct value *v, char *out)
{
	const char *s;
	if (!v || v->type == VT_NONE) {
		*out = 'C';
		return 0;
	}
	s = val_as_cstr(v);
	if (!s || (strcmp(s, "C") && strcmp(s, "F") && strcmp(s, "A") && strcmp(s, "K")))
		return err_set(ev, TY_ValueError, "order must be one of 'C', 'F', 'A', or 'K' (got '%s')",
			       s ? s : "?"), -1;
	*out = s[0] == 'F' ? 'F' : 'C';
	return 0;
}

static struct ndarray *reversed(struct eval *ev, const struct ndarray *a)
{
	int perm[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++)
		perm[i] = a->ndim - 1 - i;
	return arr_transpose(ev, a, perm);
}

/* NumPy's message for an unknown dimension that does not divide: it drops a
 * leading -1 and writes the others as "newaxis": "(5)", "(5,newaxis,2)". */
static int check_unknown(struct eval *ev, const struct ndarray *a, int nd, const int64_t *shape)
{
	int64_t known = 1, n = 1;
	int neg = 0;
	for (int i = 0; i < a->ndim; i++)
		n *= a->shape[i];
	for (int i = 0; i < nd; i++) {
		if (shape[i] == -1)
			neg++;
		else
			known *= shape[i];
	}
	if (neg != 1 || (known != 0 && n % known == 0))
		return 0;
	char buf[512];
	size_t len = 0;
	int first = 1, lead = 1;
	len += snprintf(buf, sizeof buf, "(");
	for (int i = 0; i < nd && len < sizeof buf; i++) {
		if (shape[i] == -1 && lead)
			continue;
		lead = 0;
		if (shape[i] == -1)
			len += snprintf(buf + len, sizeof buf - len, "%snewaxis", first ? "" : ",");
		else
			len += snprintf(buf + len, sizeof buf - len, "%s%lld", first ? "" : ",", (long long)shape[i]);
		first = 0;
	}
	if (len < sizeof buf)
		snprintf(buf + len, sizeof buf - len, ")");
	err_set(ev, TY_ValueError, "cannot reshape array of size %lld into shape %s", (long long)n, buf);
	return -1;
}

static struct ndarray *do_reshape(struct eval *ev, const struct ndarray *a, int nd,
				  const int64_t *shape, char order)
{
	if (check_unknown(ev, a, nd, shape) < 0)
		return NULL;
	if (order != 'F')
		return arr_reshape(ev, a, nd, shape);
	int64_t rs[ND_MAXDIM];
	for (int i = 0; i < nd; i++)
		rs[i] = shape[nd - 1 - i];
	struct ndarray *t = reversed(ev, a), *r, *out;
	if (!t)
		return NULL;
	r = arr_reshape(ev, t, nd, rs);
	nd_decref(t);
	if (!r)
		return NULL;
	out = reversed(ev, r);
	nd_decref(r);
	return out;
}

/* ---- reshape ravel flatten ---- */

static struct value *mf_reshape(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *av = NULL, *shp = NULL, *order = NULL, *newshape = NULL, *copy = NULL;
	int nd;
	int64_t shape[ND_MAXDIM];
	char o;
	if (args_parse(ev, "reshape", argc, argv, kw, "a|shape,order,$newshape,copy",
		       &av, &shp, &order, &newshape, &copy) < 0)
		return NULL;
	if (!shp)
		shp = newshape;
	if (!shp)
		return err_set(ev, TY_TypeError, "reshape() missing 1 required positional argument: 'shape'");
	if (order_char(ev, order, &o) < 0 || arr_parse_shape(ev, shp, &nd, shape) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct ndarray *r = do_reshape(ev, a, nd, shape, o);
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *mm_reshape(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	int nd;
	int64_t shape[ND_MAXDIM];
	char o = 'C';
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "order")) {
			if (order_char(ev, kw->vals[i], &o) < 0)
				return NULL;
		} else if (!strcmp(kw->names[i], "shape") && argc == 0) {
			argv = &kw->vals[i];
			argc = 1;
		} else if (strcmp(kw->names[i], "copy")) {
			return err_set(ev, TY_TypeError, "'%s' is an invalid keyword argument for reshape()",
				       kw->names[i]);
		}
	}
	if (argc == 0)
		return err_set(ev, TY_TypeError, "reshape() takes exactly 1 argument (0 given)");
	if (shape_args(ev, argc, argv, &nd, shape) < 0)
		return NULL;
	struct ndarray *a = self_arr(ev, bi);
	if (!a)
		return NULL;
	struct ndarray *r = do_reshape(ev, a, nd, shape, o);
	nd_decref(a);
	return wrap(ev, r);
}

static struct ndarray *ravel(struct eval *ev, const struct ndarray *a, char order, int copy)
{
	int64_t n = -1;
	if (copy) {
		struct ndarray *c = order == 'F' ? reversed(ev, a) : nd_incref((struct ndarray *)a);
		if (!c)
			return NULL;
		struct ndarray *d = shp_copy(ev, c);
		nd_decref(c);
		if (!d)
			return NULL;
		struct ndarray *r = arr_reshape(ev, d, 1, &n);
		nd_decref(d);
		return r;
	}
	return do_reshape(ev, a, 1, &n, order);
}

static struct value *ravel_common(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, int method, int copy)
{
	struct value *av = NULL, *order = NULL;
	char o;
	struct ndarray *a;
	if (method) {
		if (args_parse(ev, copy ? "flatten" : "ravel", argc, argv, kw, "|order", &order) < 0)
			return NULL;
		a = self_arr(ev, bi);
	} else {
		if (args_parse(ev, "ravel", argc, argv, kw, "a|order", &av, &order) < 0)
			return NULL;
		a = in_arr(ev, bi, av);
	}
	if (!a)
		return NULL;
	if (order_char(ev, order, &o) < 0) {
		nd_decref(a);
		return NULL;
	}
	if (order && val_as_cstr(order) && strchr("AK", val_as_cstr(order)[0]))
		o = val_as_cstr(order)[0];
	if (o == 'A')   /* Fortran order for Fortran-contiguous arrays, else C */
		o = nd_is_f_contiguous(a) && !nd_is_c_contiguous(a) ? 'F' : 'C';
	if (o == 'K' && a->ndim > 1) {
		/* memory order: the axes by decreasing |stride| (stable), then C order;
		 * negative strides keep their direction, as NumPy's ravel does */
		int perm[ND_MAXDIM];
		for (int i = 0; i < a->ndim; i++) {
			int j = i;
			int64_t si = a->strides[i] < 0 ? -a->strides[i] : a->strides[i];
			for (; j > 0; j--) {
				int64_t sj = a->strides[perm[j - 1]];
				if ((sj < 0 ? -sj : sj) >= si)
					break;
				perm[j] = perm[j - 1];
			}
			perm[j] = i;
		}
		struct ndarray *t = arr_transpose(ev, a, perm);
		nd_decref(a);
		if (!(a = t))
			return NULL;
	}
	if (o == 'K')
		o = 'C';
	struct ndarray *r = ravel(ev, a, o, copy);
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *mf_ravel(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return ravel_common(ev, bi, argc, argv, kw, 0, 0);
}

static struct value *mm_ravel(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return ravel_common(ev, bi, argc, argv, kw, 1, 0);
}

static struct value *mm_flatten(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return ravel_common(ev, bi, argc, argv, kw, 1, 1);
}

/* ---- transpose moveaxis swapaxes ---- */

static struct ndarray *transpose_v(struct eval *ev, const struct ndarray *a, struct value *axes)
{
	int perm[ND_MAXDIM], n, seen[ND_MAXDIM] = {0};
	if (!axes || axes->type == VT_NONE)
		return reversed(ev, a);
	if (axes->type != VT_TUPLE && axes->type != VT_LIST) {
		if (a->ndim != 1)
			return err_set(ev, TY_ValueError, "axes don't match array");
	}
	if ((axes->type == VT_TUPLE || axes->type == VT_LIST) && (int)axes->u.seq.n != a->ndim)
		return err_set(ev, TY_ValueError, "axes don't match array");
	if (axis_list(ev, axes, a->ndim, NULL, perm, ND_MAXDIM, &n) < 0)
		return NULL;
	for (int i = 0; i < n; i++) {
		if (seen[perm[i]]++)
			return err_set(ev, TY_ValueError, "repeated axis in transpose");
	}
	return arr_transpose(ev, a, perm);
}

static struct value *mf_transpose(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *av = NULL, *axes = NULL;
	if (args_parse(ev, "transpose", argc, argv, kw, "a|axes", &av, &axes) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	struct ndarray *r = transpose_v(ev, a, axes);
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *mm_transpose(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *axes = NULL, *tmp = NULL;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "transpose() takes no keyword arguments");
	if (argc == 1)
		axes = argv[0];
	else if (argc > 1) {
		struct value **items = malloc(sizeof *items * argc);
		if (!items)
			return err_nomem(ev);
		for (int i = 0; i < argc; i++)
			items[i] = val_incref(argv[i]);
		tmp = axes = val_tuple_new(argc, items);
		free(items);
		if (!tmp)
			return NULL;
	}
	struct ndarray *a = self_arr(ev, bi);
	struct ndarray *r = a ? transpose_v(ev, a, axes) : NULL;
	nd_decref(a);
	val_decref(tmp);
	return wrap(ev, r);
}

static struct value *mf_moveaxis(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *av, *src, *dst;
	int s[ND_MAXDIM], d[ND_MAXDIM], ns, ndst, perm[ND_MAXDIM], used[ND_MAXDIM] = {0};
	if (args_parse(ev, "moveaxis", argc, argv, kw, "a,source,destination", &av, &src, &dst) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (axis_list(ev, src, a->ndim, "source", s, ND_MAXDIM, &ns) < 0
	    || axis_list(ev, dst, a->ndim, "destination", d, ND_MAXDIM, &ndst) < 0)
		goto out;
	for (int i = 0; i < ns; i++)
		for (int j = 0; j < i; j++)
			if (s[i] == s[j]) {
				err_set(ev, TY_ValueError, "repeated axis in `source` argument");
				goto out;
			}
	for (int i = 0; i < ndst; i++)
		for (int j = 0; j < i; j++)
			if (d[i] == d[j]) {
				err_set(ev, TY_ValueError, "repeated axis in `destination` argument");
				goto out;
			}
	if (ns != ndst) {
		err_set(ev, TY_ValueError, "`source` and `destination` arguments must have the same number of elements");
		goto out;
	}
	for (int i = 0; i < a->ndim; i++)
		perm[i] = -1;
	for (int i = 0; i < ns; i++) {
		perm[d[i]] = s[i];
		used[s[i]] = 1;
	}
	for (int i = 0, k = 0; i < a->ndim; i++) {
		if (perm[i] >= 0)
			continue;
		while (used[k])
			k++;
		perm[i] = k++;
	}
	r = arr_transpose(ev, a, perm);
out:
	nd_decref(a);
	return wrap(ev, r);
}

static struct ndarray *swapaxes(struct eval *ev, const struct ndarray *a, struct value *v1,
				struct value *v2)
{
	int a1, a2, perm[ND_MAXDIM];
	if (norm_axis(ev, v1, a->ndim, "axis1", &a1) < 0 || norm_axis(ev, v2, a->ndim, "axis2", &a2) < 0)
		return NULL;
	for (int i = 0; i < a->ndim; i++)
		perm[i] = i;
	perm[a1] = a2;
	perm[a2] = a1;
	return arr_transpose(ev, a, perm);
}

static struct value *mf_swapaxes(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "swapaxes", "a,axis1,axis2", 0, NULL, swapaxes);
}

static struct value *mm_swapaxes(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "swapaxes", "axis1,axis2", 1, NULL, swapaxes);
}

/* ---- expand_dims squeeze ---- */

static struct value *mf_expand_dims(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *axv;
	int axes[ND_MAXDIM], n, isnew[ND_MAXDIM] = {0};
	int64_t shape[ND_MAXDIM], str[ND_MAXDIM];
	if (args_parse(ev, "expand_dims", argc, argv, kw, "a,axis", &av, &axv) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	int cnt = (axv->type == VT_TUPLE || axv->type == VT_LIST) ? (int)axv->u.seq.n : 1;
	int ond = a->ndim + cnt;
	if (ond > ND_MAXDIM) {
		err_set(ev, TY_ValueError, "too many dimensions");
		goto out;
	}
	if (axis_list(ev, axv, ond, NULL, axes, ND_MAXDIM, &n) < 0)
		goto out;
	for (int i = 0; i < n; i++) {
		if (isnew[axes[i]]++) {
			err_set(ev, TY_ValueError, "repeated axis");
			goto out;
		}
	}
	for (int i = 0, k = 0; i < ond; i++) {
		if (isnew[i]) {
			shape[i] = 1;
			str[i] = 0;
		} else {
			shape[i] = a->shape[k];
			str[i] = a->strides[k++];
		}
	}
	r = view_of(ev, a, ond, shape, str, a->offset);
out:
	nd_decref(a);
	return wrap(ev, r);
}

static struct ndarray *squeeze(struct eval *ev, const struct ndarray *a, struct value *axv)
{
	int drop[ND_MAXDIM] = {0}, nd = 0;
	int64_t shape[ND_MAXDIM], str[ND_MAXDIM];
	if (!axv || axv->type == VT_NONE) {
		for (int i = 0; i < a->ndim; i++)
			drop[i] = a->shape[i] == 1;
	} else {
		int axes[ND_MAXDIM], n;
		if (axis_list(ev, axv, a->ndim, NULL, axes, ND_MAXDIM, &n) < 0)
			return NULL;
		for (int i = 0; i < n; i++) {
			if (a->shape[axes[i]] != 1)
				return err_set(ev, TY_ValueError,
					       "cannot select an axis to squeeze out which has size not equal to one");
			drop[axes[i]] = 1;
		}
	}
	for (int i = 0; i < a->ndim; i++)
		if (!drop[i]) {
			shape[nd] = a->shape[i];
			str[nd++] = a->strides[i];
		}
	return view_of(ev, a, nd, shape, str, a->offset);
}

static struct value *mf_squeeze(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "squeeze", "a|axis", 0, squeeze, NULL);
}

static struct value *mm_squeeze(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "squeeze", "|axis", 1, squeeze, NULL);
}

/* ---- broadcasting ---- */

static struct value *mf_broadcast_to(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *shp, *subok = NULL;
	int nd;
	int64_t shape[ND_MAXDIM];
	if (args_parse(ev, "broadcast_to", argc, argv, kw, "array,shape|subok", &av, &shp, &subok) < 0)
		return NULL;
	if (arr_parse_shape(ev, shp, &nd, shape) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	int ok = a->ndim <= nd;
	for (int i = 0; ok && i < a->ndim; i++) {
		int64_t s = a->shape[i], o = shape[nd - a->ndim + i];
		ok = s == o || s == 1;
	}
	if (a->ndim > nd) {
		err_set(ev, TY_ValueError, "input operand has more dimensions than allowed by the axis remapping");
	} else if (!ok) {
		char s1[256], s2[256];
		shp_fmt_shape(s1, sizeof s1, a->ndim, a->shape);
		shp_fmt_shape(s2, sizeof s2, nd, shape);
		err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped "
			"shapes [original->remapped]: %s  and requested shape %s", s1, s2);
	} else {
		r = arr_broadcast_to(ev, a, nd, shape);
		if (r)
			r->flags &= ~ND_WRITEABLE;
	}
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *mf_broadcast_arrays(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	struct ndarray **as = calloc(argc ? argc : 1, sizeof *as);
	struct value **items = calloc(argc ? argc : 1, sizeof *items);
	struct value *res = NULL;
	int nd, i;
	int64_t shape[ND_MAXDIM];
	if (!as || !items) {
		err_nomem(ev);
		goto out;
	}
	if (kw && kw->n) {
		err_set(ev, TY_TypeError, "broadcast_arrays() got an unexpected keyword argument '%s'", kw->names[0]);
		goto out;
	}
	for (i = 0; i < argc; i++)
		if (!(as[i] = in_arr(ev, bi, argv[i])))
			goto out;
	if (arr_broadcast_shapes(ev, argc, (const struct ndarray *const *)as, &nd, shape) < 0)
		goto out;
	for (i = 0; i < argc; i++) {
		struct ndarray *b = arr_broadcast_to(ev, as[i], nd, shape);
		if (!b || !(items[i] = arr_wrap(ev, b)))
			goto out;
	}
	res = val_tuple_new(argc, items);
	memset(items, 0, sizeof *items * argc);
out:
	for (i = 0; as && i < argc; i++) {
		nd_decref(as[i]);
		if (items)
			val_decref(items[i]);
	}
	free(as);
	free(items);
	return res;
}

/* ---- joining ---- */

/* The arrays of a sequence value, on be. */
static struct ndarray **seq_arrays(struct eval *ev, const struct builtin *bi, struct value *seq, int *n)
{
	struct value *list = NULL;
	struct ndarray **as;
	if (seq->type == VT_NDARRAY) {
		list = val_iter_list(ev, seq);
		if (!list)
			return NULL;
		seq = list;
	}
	if (seq->type != VT_LIST && seq->type != VT_TUPLE) {
		val_decref(list);
		return err_set(ev, TY_TypeError, "expected a sequence of arrays");
	}
	*n = (int)seq->u.seq.n;
	as = calloc(*n ? *n : 1, sizeof *as);
	if (!as) {
		val_decref(list);
		return err_nomem(ev);
	}
	for (int i = 0; i < *n; i++) {
		if (!(as[i] = in_arr(ev, bi, seq->u.seq.items[i]))) {
			for (int j = 0; j < i; j++)
				nd_decref(as[j]);
			free(as);
			val_decref(list);
			return NULL;
		}
	}
	val_decref(list);
	return as;
}

static void free_arrays(struct ndarray **as, int n)
{
	for (int i = 0; as && i < n; i++)
		nd_decref(as[i]);
	free(as);
}

/* Concatenates n arrays along axis (axis == INT32_MIN: flattened). */
static struct ndarray *concat(struct eval *ev, const struct backend *be, struct ndarray **as,
			      int n, int64_t axis_in, int none_axis, int dtype)
{
	struct ndarray *out = NULL, **fl = NULL;
	int64_t shape[ND_MAXDIM];
	int axis, nd;

	if (n == 0)
		return err_set(ev, TY_ValueError, "need at least one array to concatenate");
	if (none_axis) {
		int64_t m1 = -1;
		fl = calloc(n, sizeof *fl);
		if (!fl)
			return err_nomem(ev);
		for (int i = 0; i < n; i++)
			if (!(fl[i] = arr_reshape(ev, as[i], 1, &m1)))
				goto out;
		as = fl;
		axis_in = 0;
	}
	nd = as[0]->ndim;
	if (nd == 0) {
		err_set(ev, TY_ValueError, "zero-dimensional arrays cannot be concatenated");
		goto out;
	}
	if (axis_in < -nd || axis_in >= nd) {
		err_set(ev, TY_AxisError, "axis %lld is out of bounds for array of dimension %d",
			(long long)axis_in, nd);
		goto out;
	}
	axis = (int)(axis_in < 0 ? axis_in + nd : axis_in);
	memcpy(shape, as[0]->shape, sizeof(int64_t) * nd);
	int dt = as[0]->dtype;
	for (int i = 1; i < n; i++) {
		if (as[i]->ndim != nd) {
			err_set(ev, TY_ValueError, "all the input arrays must have same number of dimensions, "
				"but the array at index 0 has %d dimension(s) and the array at index %d has "
				"%d dimension(s)", nd, i, as[i]->ndim);
			goto out;
		}
		for (int j = 0; j < nd; j++) {
			if (j != axis && as[i]->shape[j] != shape[j]) {
				err_set(ev, TY_ValueError, "all the input array dimensions except for the "
					"concatenation axis must match exactly, but along dimension %d, the array "
					"at index 0 has size %lld and the array at index %d has size %lld",
					j, (long long)shape[j], i, (long long)as[i]->shape[j]);
				goto out;
			}
		}
		shape[axis] += as[i]->shape[axis];
		dt = dt_promote(dt, as[i]->dtype);
	}
	if (dtype >= 0)
		dt = dtype;
	out = nd_new(ev, be, dt, nd, shape);
	if (!out)
		goto out;
	int64_t at = 0;
	for (int i = 0; i < n; i++) {
		int64_t len = as[i]->shape[axis];
		struct ndarray *dst = axis_slice(ev, out, axis, at, len, 1);
		int rc = dst ? shp_assign(ev, dst, as[i]) : -1;
		nd_decref(dst);
		if (rc < 0) {
			nd_decref(out);
			out = NULL;
			goto out;
		}
		at += len;
	}
out:
	if (fl)
		free_arrays(fl, n);
	return out;
}

static struct value *mf_concatenate(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *seq, *axv = NULL, *out = NULL, *dtv = NULL, *casting = NULL;
	int64_t axis = 0;
	int none_axis = 0, n, dt = -1;
	if (args_parse(ev, "concatenate", argc, argv, kw, "arrays|axis,out,$dtype,casting",
		       &seq, &axv, &out, &dtv, &casting) < 0)
		return NULL;
	if (axv && axv->type == VT_NONE)
		none_axis = 1;
	else if (axv && val_as_int64(ev, axv, &axis) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	struct ndarray **as = seq_arrays(ev, bi, seq, &n);
	if (!as)
		return NULL;
	struct ndarray *r = concat(ev, arr_be(bi), as, n, axis, none_axis, dt);
	free_arrays(as, n);
	return wrap(ev, r);
}

/* Reshapes each array with fn then concatenates. */
enum { AT_1D = 1, AT_2D, AT_3D, AT_COL };

static struct ndarray *atleast(struct eval *ev, struct ndarray *a, int kind)
{
	int64_t shape[3];
	switch (kind) {
	case AT_1D:
		if (a->ndim >= 1)
			return nd_incref(a);
		shape[0] = 1;
		return arr_reshape(ev, a, 1, shape);
	case AT_2D:
		if (a->ndim >= 2)
			return nd_incref(a);
		shape[0] = 1;
		shape[1] = a->ndim ? a->shape[0] : 1;
		return arr_reshape(ev, a, 2, shape);
	case AT_3D:
		if (a->ndim >= 3)
			return nd_incref(a);
		if (a->ndim == 0) {
			shape[0] = shape[1] = shape[2] = 1;
		} else if (a->ndim == 1) {
			shape[0] = 1;
			shape[1] = a->shape[0];
			shape[2] = 1;
		} else {
			shape[0] = a->shape[0];
			shape[1] = a->shape[1];
			shape[2] = 1;
		}
		return arr_reshape(ev, a, 3, shape);
	case AT_COL:
		if (a->ndim >= 2)
			return nd_incref(a);
		shape[0] = a->ndim ? a->shape[0] : 1;
		shape[1] = 1;
		return arr_reshape(ev, a, 2, shape);
	}
	return nd_incref(a);
}

static struct value *join_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, const char *name,
				 int kind, int axis)
{
	struct value *seq, *dtv = NULL, *casting = NULL;
	int n, dt = -1;
	if (args_parse(ev, name, argc, argv, kw, "tup|$dtype,casting", &seq, &dtv, &casting) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	struct ndarray **as = seq_arrays(ev, bi, seq, &n), *r = NULL;
	if (!as)
		return NULL;
	for (int i = 0; i < n; i++) {
		struct ndarray *t = atleast(ev, as[i], kind);
		nd_decref(as[i]);
		as[i] = t;
		if (!t) {
			free_arrays(as, n);
			return NULL;
		}
	}
	if (axis == -100) /* hstack: along axis 0 for 1-d inputs */
		axis = n && as[0]->ndim == 1 ? 0 : 1;
	r = concat(ev, arr_be(bi), as, n, axis, 0, dt);
	free_arrays(as, n);
	return wrap(ev, r);
}

static struct value *mf_vstack(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return join_common(ev, bi, argc, argv, kw, "vstack", AT_2D, 0);
}

static struct value *mf_hstack(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return join_common(ev, bi, argc, argv, kw, "hstack", AT_1D, -100);
}

static struct value *mf_dstack(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return join_common(ev, bi, argc, argv, kw, "dstack", AT_3D, 2);
}

static struct value *mf_column_stack(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	return join_common(ev, bi, argc, argv, kw, "column_stack", AT_COL, 1);
}

static struct value *mf_stack(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *seq, *axv = NULL, *outv = NULL, *dtv = NULL, *casting = NULL;
	int n, dt = -1;
	int64_t axis = 0;
	if (args_parse(ev, "stack", argc, argv, kw, "arrays|axis,out,$dtype,casting",
		       &seq, &axv, &outv, &dtv, &casting) < 0)
		return NULL;
	if (axv && val_as_int64(ev, axv, &axis) < 0)
		return NULL;
	if (dtv && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	struct ndarray **as = seq_arrays(ev, bi, seq, &n), *r = NULL;
	if (!as)
		return NULL;
	if (n == 0) {
		err_set(ev, TY_ValueError, "need at least one array to stack");
		goto out;
	}
	for (int i = 1; i < n; i++) {
		int same = as[i]->ndim == as[0]->ndim;
		for (int j = 0; same && j < as[0]->ndim; j++)
			same = as[i]->shape[j] == as[0]->shape[j];
		if (!same) {
			err_set(ev, TY_ValueError, "all input arrays must have the same shape");
			goto out;
		}
	}
	int ond = as[0]->ndim + 1;
	if (axis < -ond || axis >= ond) {
		err_set(ev, TY_AxisError, "axis %lld is out of bounds for array of dimension %d",
			(long long)axis, ond);
		goto out;
	}
	int ax = (int)(axis < 0 ? axis + ond : axis);
	for (int i = 0; i < n; i++) {
		int64_t shape[ND_MAXDIM], str[ND_MAXDIM];
		for (int j = 0, k = 0; j < ond; j++) {
			if (j == ax) {
				shape[j] = 1;
				str[j] = 0;
			} else {
				shape[j] = as[i]->shape[k];
				str[j] = as[i]->strides[k++];
			}
		}
		struct ndarray *t = view_of(ev, as[i], ond, shape, str, as[i]->offset);
		if (!t)
			goto out;
		nd_decref(as[i]);
		as[i] = t;
	}
	r = concat(ev, arr_be(bi), as, n, ax, 0, dt);
out:
	free_arrays(as, n);
	return wrap(ev, r);
}

/* ---- splitting ---- */

static struct value *split_common(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, const char *name,
				  int strict)
{
	struct value *av, *iv, *axv = NULL, *list = NULL;
	int axis = 0;
	if (args_parse(ev, name, argc, argv, kw, "ary,indices_or_sections|axis", &av, &iv, &axv) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av);
	if (!a)
		return NULL;
	if (axv && norm_axis(ev, axv, a->ndim, NULL, &axis) < 0)
		goto fail;
	if (a->ndim == 0) {
		err_set(ev, TY_AxisError, "axis 0 is out of bounds for array of dimension 0");
		goto fail;
	}
	int64_t len = a->shape[axis];
	int64_t *cuts = NULL, ncuts;
	if (iv->type == VT_LIST || iv->type == VT_TUPLE || iv->type == VT_NDARRAY) {
		struct value *l = iv->type == VT_NDARRAY ? val_iter_list(ev, iv) : val_incref(iv);
		if (!l)
			goto fail;
		ncuts = (int64_t)l->u.seq.n;
		cuts = malloc(sizeof(int64_t) * (ncuts + 2));
		if (!cuts) {
			val_decref(l);
			err_nomem(ev);
			goto fail;
		}
		cuts[0] = 0;
		for (int64_t i = 0; i < ncuts; i++)
			if (val_as_int64(ev, l->u.seq.items[i], &cuts[i + 1]) < 0) {
				val_decref(l);
				free(cuts);
				goto fail;
			}
		val_decref(l);
		cuts[ncuts + 1] = len;
		ncuts += 2;
	} else {
		int64_t sec;
		if (val_as_int64(ev, iv, &sec) < 0)
			goto fail;
		if (sec <= 0) {
			err_set(ev, TY_ValueError, "number sections must be larger than 0.");
			goto fail;
		}
		if (strict && len % sec) {
			err_set(ev, TY_ValueError, "array split does not result in an equal division");
			goto fail;
		}
		cuts = malloc(sizeof(int64_t) * (sec + 1));
		if (!cuts) {
			err_nomem(ev);
			goto fail;
		}
		int64_t each = len / sec, extra = len % sec;
		cuts[0] = 0;
		for (int64_t i = 0; i < sec; i++)
			cuts[i + 1] = cuts[i] + each + (i < extra);
		ncuts = sec + 1;
	}
	list = val_list_new(0, NULL);
	for (int64_t i = 0; list && i + 1 < ncuts; i++) {
		/* python slicing semantics of a[cuts[i]:cuts[i+1]] */
		int64_t b = cuts[i], e = cuts[i + 1];
		if (b < 0) b += len;
		if (e < 0) e += len;
		if (b < 0) b = 0;
		if (e < 0) e = 0;
		if (b > len) b = len;
		if (e > len) e = len;
		struct ndarray *v = axis_slice(ev, a, axis, b, e > b ? e - b : 0, 1);
		struct value *w = v ? arr_wrap(ev, v) : NULL;
		if (!w || list_append(list, w) < 0) {
			val_decref(list);
			list = NULL;
		}
	}
	free(cuts);
	nd_decref(a);
	return list;
fail:
	nd_decref(a);
	return NULL;
}

static struct value *mf_split(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return split_common(ev, bi, argc, argv, kw, "split", 1);
}

static struct value *mf_array_split(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	return split_common(ev, bi, argc, argv, kw, "array_split", 0);
}

/* ---- flip roll rot90 ---- */

static struct ndarray *flip_axes(struct eval *ev, const struct ndarray *a, const int *flip)
{
	int64_t str[ND_MAXDIM], off = a->offset;
	for (int i = 0; i < a->ndim; i++) {
		str[i] = a->strides[i];
		if (flip[i] && a->shape[i] > 0) {
			off += (a->shape[i] - 1) * a->strides[i];
			str[i] = -str[i];
		}
	}
	return view_of(ev, a, a->ndim, a->shape, str, off);
}

static struct ndarray *flip_v(struct eval *ev, const struct ndarray *a, struct value *axv)
{
	int flip[ND_MAXDIM] = {0};
	if (!axv || axv->type == VT_NONE) {
		for (int i = 0; i < a->ndim; i++)
			flip[i] = 1;
	} else {
		int axes[ND_MAXDIM], n;
		if (axis_list(ev, axv, a->ndim, NULL, axes, ND_MAXDIM, &n) < 0)
			return NULL;
		for (int i = 0; i < n; i++)
			flip[axes[i]] = 1;
	}
	return flip_axes(ev, a, flip);
}

static struct value *mf_flip(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "flip", "m|axis", 0, flip_v, NULL);
}

static struct value *flip_one(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, const char *name, int axis)
{
	struct value *av;
	int flip[ND_MAXDIM] = {0};
	if (args_parse(ev, name, argc, argv, kw, "m", &av) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (a->ndim < axis + 1)
		err_set(ev, TY_ValueError, "Input must be >= %d-d.", axis + 1);
	else {
		flip[axis] = 1;
		r = flip_axes(ev, a, flip);
	}
	nd_decref(a);
	return wrap(ev, r);
}

static struct value *mf_fliplr(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return flip_one(ev, bi, argc, argv, kw, "fliplr", 1);
}

static struct value *mf_flipud(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return flip_one(ev, bi, argc, argv, kw, "flipud", 0);
}

/* A copy of a rolled by shift along axis. */
static struct ndarray *roll1(struct eval *ev, const struct ndarray *a, int axis, int64_t shift)
{
	struct ndarray *out = nd_new(ev, nd_backend(a), a->dtype, a->ndim, a->shape);
	if (!out)
		return NULL;
	int64_t n = a->shape[axis];
	int64_t s = n ? ((shift % n) + n) % n : 0;
	struct ndarray *d1 = axis_slice(ev, out, axis, s, n - s, 1);
	struct ndarray *s1 = axis_slice(ev, a, axis, 0, n - s, 1);
	struct ndarray *d2 = axis_slice(ev, out, axis, 0, s, 1);
	struct ndarray *s2 = axis_slice(ev, a, axis, n - s, s, 1);
	int rc = (d1 && s1 && d2 && s2) ? 0 : -1;
	if (rc == 0)
		rc = shp_assign(ev, d1, s1);
	if (rc == 0)
		rc = shp_assign(ev, d2, s2);
	nd_decref(d1);
	nd_decref(s1);
	nd_decref(d2);
	nd_decref(s2);
	if (rc < 0) {
		nd_decref(out);
		return NULL;
	}
	return out;
}

static struct value *mf_roll(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *shv, *axv = NULL;
	if (args_parse(ev, "roll", argc, argv, kw, "a,shift|axis", &av, &shv, &axv) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *cur = NULL;
	if (!a)
		return NULL;
	if (!axv || axv->type == VT_NONE) {
		int64_t m1 = -1, sh;
		if (val_as_int64(ev, shv, &sh) < 0)
			goto out;
		struct ndarray *f = ravel(ev, a, 'C', 0);
		struct ndarray *r = f ? roll1(ev, f, 0, sh) : NULL;
		nd_decref(f);
		if (r) {
			cur = arr_reshape(ev, r, a->ndim, a->shape);
			nd_decref(r);
		}
		(void)m1;
		goto out;
	}
	int axes[ND_MAXDIM], nax;
	int64_t shifts[ND_MAXDIM], tot[ND_MAXDIM] = {0};
	int nsh;
	if (axis_list(ev, axv, a->ndim, NULL, axes, ND_MAXDIM, &nax) < 0)
		goto out;
	if (shv->type == VT_TUPLE || shv->type == VT_LIST) {
		nsh = (int)shv->u.seq.n;
		if (nsh > ND_MAXDIM) {
			err_set(ev, TY_ValueError, "too many shifts");
			goto out;
		}
		for (int i = 0; i < nsh; i++)
			if (val_as_int64(ev, shv->u.seq.items[i], &shifts[i]) < 0)
				goto out;
	} else {
		nsh = 1;
		if (val_as_int64(ev, shv, &shifts[0]) < 0)
			goto out;
	}
	int nb = nax > nsh ? nax : nsh;
	if ((nax != 1 && nsh != 1 && nax != nsh)) {
		err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (%d,) and arg 1 with shape (%d,).", nsh, nax);
		goto out;
	}
	for (int i = 0; i < nb; i++)
		tot[axes[nax == 1 ? 0 : i]] += shifts[nsh == 1 ? 0 : i];
	cur = nd_incref(a);
	for (int i = 0; i < a->ndim && cur; i++) {
		if (!tot[i] && !(i == a->ndim - 1 && cur == a))
			continue;
		struct ndarray *r = roll1(ev, cur, i, tot[i]);
		nd_decref(cur);
		cur = r;
	}
out:
	nd_decref(a);
	return wrap(ev, cur);
}

static struct value *mf_rot90(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *av, *kv = NULL, *axv = NULL;
	int64_t k = 1;
	int ax[2] = {0, 1}, n = 2;
	if (args_parse(ev, "rot90", argc, argv, kw, "m|k,axes", &av, &kv, &axv) < 0)
		return NULL;
	if (kv && val_as_int64(ev, kv, &k) < 0)
		return NULL;
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	if (axv && axv->type != VT_NONE) {
		if ((axv->type != VT_TUPLE && axv->type != VT_LIST) || axv->u.seq.n != 2) {
			err_set(ev, TY_ValueError, "len(axes) must be 2.");
			goto out;
		}
	}
	if (a->ndim < 2) {
		err_set(ev, TY_ValueError, "Axes must be different.");
		goto out;
	}
	if (axv && axv->type != VT_NONE && axis_list(ev, axv, a->ndim, NULL, ax, 2, &n) < 0)
		goto out;
	if (ax[0] == ax[1]) {
		err_set(ev, TY_ValueError, "Axes must be different.");
		goto out;
	}
	k = ((k % 4) + 4) % 4;
	int fl[ND_MAXDIM] = {0}, perm[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++)
		perm[i] = i;
	perm[ax[0]] = ax[1];
	perm[ax[1]] = ax[0];
	if (k == 0) {
		r = view_of(ev, a, a->ndim, a->shape, a->strides, a->offset);
	} else if (k == 2) {
		fl[ax[0]] = fl[ax[1]] = 1;
		r = flip_axes(ev, a, fl);
	} else if (k == 1) {
		fl[ax[1]] = 1;
		struct ndarray *f = flip_axes(ev, a, fl);
		r = f ? arr_transpose(ev, f, perm) : NULL;
		nd_decref(f);
	} else {
		struct ndarray *t = arr_transpose(ev, a, perm);
		fl[ax[1]] = 1;
		r = t ? flip_axes(ev, t, fl) : NULL;
		nd_decref(t);
	}
out:
	nd_decref(a);
	return wrap(ev, r);
}

/* ---- tile repeat ---- */

static struct value *mf_tile(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *av, *rv;
	int64_t reps[ND_MAXDIM];
	int nr;
	if (args_parse(ev, "tile", argc, argv, kw, "A,reps", &av, &rv) < 0)
		return NULL;
	if (rv->type == VT_TUPLE || rv->type == VT_LIST) {
		nr = (int)rv->u.seq.n;
		if (nr > ND_MAXDIM)
			return err_set(ev, TY_ValueError, "too many dimensions");
		for (int i = 0; i < nr; i++)
			if (val_as_int64(ev, rv->u.seq.items[i], &reps[i]) < 0)
				return NULL;
	} else {
		nr = 1;
		if (val_as_int64(ev, rv, &reps[0]) < 0)
			return NULL;
	}
	struct ndarray *a = in_arr(ev, bi, av), *r = NULL;
	if (!a)
		return NULL;
	int d = nr > a->ndim ? nr : a->ndim;
	if (2 * d > ND_MAXDIM) {
		err_set(ev, TY_ValueError, "too many dimensions");
		goto out;
	}
	int64_t rr[ND_MAXDIM], as[ND_MAXDIM], ast[ND_MAXDIM];
	for (int i = 0; i < d; i++) {
		int ri = i - (d - nr), ai = i - (d - a->ndim);
		rr[i] = ri >= 0 ? reps[ri] : 1;
		as[i] = ai >= 0 ? a->shape[ai] : 1;
		ast[i] = ai >= 0 ? a->strides[ai] : 0;
		if (rr[i] < 0) {
			err_set(ev, TY_ValueError, "negative dimensions are not allowed");
			goto out;
		}
	}
	int64_t vs[ND_MAXDIM], vst[ND_MAXDIM], bs[ND_MAXDIM], fin[ND_MAXDIM];
	for (int i = 0; i < d; i++) {
		vs[2 * i] = 1;
		vst[2 * i] = 0;
		vs[2 * i + 1] = as[i];
		vst[2 * i + 1] = ast[i];
		bs[2 * i] = rr[i];
		bs[2 * i + 1] = as[i];
		fin[i] = rr[i] * as[i];
	}
	struct ndarray *v = view_of(ev, a, 2 * d, vs, vst, a->offset);
	struct ndarray *b = v ? arr_broadcast_to(ev, v, 2 * d, bs) : NULL;
	struct ndarray *c = b ? shp_copy(ev, b) : NULL;
	r = c ? arr_reshape(ev, c, d, fin) : NULL;
	nd_decref(v);
	nd_decref(b);
	nd_decref(c);
out:
	nd_decref(a);
	return wrap(ev, r);
}

/* np.repeat where a lies, without a host copy of its items (issue 17):
 * one count for all (nr == 1) is a broadcast view with a new axis of that
 * many stride-0 items after axis, copied once and reshaped; counts per item
 * give the source item of each output position as searchsorted(cumsum(reps),
 * arange(total), 'right') on a's backend, gathered by the backend's
 * take_index.  reps: host memory, n items (or one), all >= 0. */
static struct ndarray *repeat_composed(struct eval *ev, const struct ndarray *a, int axis,
				       const int64_t *rp, int64_t nr, int64_t n, int64_t tot)
{
	const struct backend *be = nd_backend(a);
	int64_t shape[ND_MAXDIM], fin[ND_MAXDIM];
	if (nr == 1) {
		int64_t str[ND_MAXDIM];
		struct ndarray *v, *c, *r;
		if (a->ndim + 1 > ND_MAXDIM)
			return err_set(ev, TY_ValueError, "too many dimensions"), NULL;
		for (int i = 0, k = 0; i < a->ndim; i++) {
			shape[k] = a->shape[i];
			str[k++] = a->strides[i];
			fin[i] = a->shape[i];
			if (i == axis) {
				/* a negative count reaches here only for an empty
				 * axis (repeat([], -1) is []): the view's axis is 0 */
				shape[k] = rp[0] < 0 ? 0 : rp[0];
				str[k++] = 0;
				fin[i] = tot;
			}
		}
		v = view_of(ev, a, a->ndim + 1, shape, str, a->offset);
		c = v ? shp_copy(ev, v) : NULL;
		r = c ? arr_reshape(ev, c, a->ndim, fin) : NULL;
		nd_decref(v);
		nd_decref(c);
		return r;
	}
	/* the inclusive sums of the counts (n items: the counts' size, never
	 * the output's) go to a's backend */
	struct ndarray *cs = nd_new(ev, &backend_host, DT_INT64, 1, &n), *csd = NULL, *ind = NULL, *r = NULL;
	struct value *pos = NULL, *iv = NULL;
	if (!cs)
		return NULL;
	for (int64_t i = 0, t = 0; i < n; i++)
		((int64_t *)nd_data(cs))[i] = t += rp[i];
	csd = arr_to_backend(ev, cs, be);
	nd_decref(cs);
	if (!csd)
		return NULL;
	{
		struct value *args[1] = {val_int(tot)}, *dt = val_dtype(DT_INT64, 1);
		pos = arr_ns_callk(ev, be, "arange", 1, args, "dtype", dt);
		val_decref(args[0]);
		val_decref(dt);
	}
	if (pos) {
		struct value *args[2] = {arr_wrap(ev, nd_incref(csd)), pos}, *side = val_cstr("right");
		iv = args[0] && side ? arr_ns_callk(ev, be, "searchsorted", 2, args, "side", side) : NULL;
		if (args[0])
			val_decref(args[0]);
		if (side)
			val_decref(side);
		val_decref(pos);
	}
	nd_decref(csd);
	if (!iv)
		return NULL;
	ind = arr_borrow(iv);
	if (ind && ind->dtype == DT_INT64 && nd_is_c_contiguous(ind))
		r = idx_take_axis_arr(ev, a, axis, ind);
	else
		err_set(ev, TY_RuntimeError, "repeat: searchsorted gave no int64 array");
	val_decref(iv);
	return r;
}

static struct ndarray *repeat(struct eval *ev, const struct ndarray *a0, struct value *rv,
			      struct value *axv)
{
	struct ndarray *a = NULL, *rep = NULL, *r = NULL;
	int axis;
	if (!axv || axv->type == VT_NONE) {
		a = ravel(ev, a0, 'C', 0);
		axis = 0;
	} else {
		if (norm_axis(ev, axv, a0->ndim, NULL, &axis) < 0)
			return NULL;
		a = nd_incref((struct ndarray *)a0);
	}
	if (!a)
		return NULL;
	rep = shp_host_array(ev, rv, DT_INT64);
	if (!rep)
		goto out;
	if (rep->ndim > 1) {
		err_set(ev, TY_ValueError, "object too deep for desired array");
		goto out;
	}
	struct ndarray *rc = shp_copy(ev, rep);
	nd_decref(rep);
	if (!(rep = rc))
		goto out;
	int64_t n = a->shape[axis], nr = nd_size(rep), tot = 0;
	const int64_t *rp = (const int64_t *)nd_data(rep);
	if (nr != 1 && nr != n) {
		err_set(ev, TY_ValueError, "operands could not be broadcast together with shape (%lld,) (%lld,)",
			(long long)n, (long long)nr);
		goto out;
	}
	/* the output's length: one count for all is a product, not a loop over
	 * a's items (a host loop of 1e8 steps was the whole cost of a device
	 * repeat(x, 2): 145 ms against CuPy's 1 ms on the H100) */
	for (int64_t i = 0; i < nr; i++) {
		int64_t k = rp[i];
		if (k < 0 && (nr > 1 || n > 0)) {   /* NumPy's two messages; repeat([], -1) is [] */
			err_set(ev, TY_ValueError, nr == 1 ? "negative dimensions are not allowed"
							  : "repeats may not contain negative values.");
			goto out;
		}
		if (nr == 1 ? __builtin_mul_overflow(k, n, &tot) : __builtin_add_overflow(tot, k, &tot)) {
			err_set(ev, TY_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
			goto out;
		}
	}
	if (!ds_wanted(nd_backend(a)))
		r = shp_repeat(ev, a, axis, rp, nr, tot);
	else
		r = repeat_composed(ev, a, axis, rp, nr, n, tot);
out:
	nd_decref(rep);
	nd_decref(a);
	return r;
}

static struct value *mf_repeat(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "repeat", "a,repeats|axis", 0, NULL, repeat);
}

static struct value *mm_repeat(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return arr_op(ev, bi, argc, argv, kw, "repeat", "repeats|axis", 1, NULL, repeat);
}

/* ---- pad ---- */

/* pad_width / constant_values as (ndim, 2) numbers: scalar, (v,), (b, a),
 * ((b, a),) or per-axis pairs, as NumPy broadcasts them. */
static int pairs(struct eval *ev, struct value *v, int ndim, int is_int, int64_t *iv, double *dv,
		 struct value **raw)
{
	struct ndarray *t = shp_host_array(ev, v, is_int ? DT_INT64 : -1);
	if (!t)
		return -1;
	int64_t two[2] = {ndim, 2};
	if (t->ndim > 2 || (t->ndim >= 1 && t->shape[t->ndim - 1] != 1 && t->shape[t->ndim - 1] != 2)
	    || (t->ndim == 2 && t->shape[0] != 1 && t->shape[0] != ndim)) {
		char s1[128], s2[128];
		shp_fmt_shape(s1, sizeof s1, t->ndim, t->shape);
		shp_fmt_shape(s2, sizeof s2, 2, two);
		err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes "
			"[original->remapped]: %s  and requested shape %s", s1, s2);
		nd_decref(t);
		return -1;
	}
	struct ndarray *b = arr_broadcast_to(ev, t, 2, two);
	nd_decref(t);
	if (!b)
		return -1;
	struct ndarray *c = arr_astype(ev, b, is_int ? DT_INT64 : DT_FLOAT64);
	nd_decref(b);
	if (!c)
		return -1;
	struct ndarray *cc = shp_copy(ev, c);
	nd_decref(c);
	if (!cc)
		return -1;
	if (is_int)
		memcpy(iv, nd_data(cc), sizeof(int64_t) * 2 * ndim);
	else
		memcpy(dv, nd_data(cc), sizeof(double) * 2 * ndim);
	nd_decref(cc);
	(void)raw;
	return 0;
}

static int64_t pad_src(const char *mode, int64_t t, int64_t n)
{
	/* t: position relative to the first original item; result in [0, n) */
	if (!strcmp(mode, "wrap"))
		return ((t % n) + n) % n;
	if (!strcmp(mode, "reflect")) {
		if (n == 1)
			return 0;
		int64_t p = 2 * (n - 1), m = (t < 0 ? -t : t) % p;
		return m >= n ? p - m : m;
	}
	if (!strcmp(mode, "symmetric")) {
		int64_t p = 2 * n, m = t < 0 ? -t - 1 : t;
		m %= p;
		return m >= n ? p - 1 - m : m;
	}
	/* edge */
	return t < 0 ? 0 : n - 1;
}

/* out[dst] = 2 * out[edge] - out[src] along axis (one index each): the odd
 * reflection, in out's dtype as NumPy computes it */
static int pad_odd_one(struct eval *ev, struct ndarray *out, int axis, int64_t dst, int64_t edge,
		       int64_t src)
{
	struct ndarray *d = axis_slice(ev, out, axis, dst, 1, 1);
	struct value *e = arr_wrap(ev, axis_slice(ev, out, axis, edge, 1, 1));
	struct value *s = arr_wrap(ev, axis_slice(ev, out, axis, src, 1, 1));
	int rc = -1;
	if (d && e && s) {
		struct value *two = val_int(2);
		struct value *t = val_binop(ev, OP_MUL, two, e);
		struct value *x = t ? val_binop(ev, OP_SUB, t, s) : NULL;
		struct ndarray *xa = x ? arr_borrow(x) : NULL;
		rc = xa ? shp_assign(ev, d, xa) : -1;
		val_decref(two);
		val_decref(t);
		val_decref(x);
	}
	nd_decref(d);
	val_decref(e);
	val_decref(s);
	return rc;
}

/* NumPy's _set_reflect_both with reflect_type='odd', chunk by chunk over the
 * axis of length N = pb + n + pa (symmetric: include_edge) */
static int pad_odd(struct eval *ev, struct ndarray *out, int axis, int64_t pb, int64_t pa, int64_t n,
		   int symmetric)
{
	int64_t N = out->shape[axis];
	while (pb > 0 || pa > 0) {
		int64_t old = N - pb - pa, eoff;
		if (symmetric) {
			old = old / n * n;
			eoff = 1;
		} else {
			old = (old - 1) / (n - 1) * (n - 1) + 1;
			eoff = 0;
			old -= 1;
		}
		if (pb > 0) {
			int64_t L = old < pb ? old : pb, stop = pb - eoff;
			for (int64_t m = 0; m < L; m++)
				if (pad_odd_one(ev, out, axis, pb - L + m, pb, stop + L - m) < 0)
					return -1;
			pb -= L;
		}
		if (pa > 0) {
			int64_t L = old < pa ? old : pa, start = N - pa + eoff - 2;
			for (int64_t m = 0; m < L; m++)
				if (pad_odd_one(ev, out, axis, N - pa + m, N - pa - 1, start - m) < 0)
					return -1;
			pa -= L;
		}
	}
	return 0;
}

/* np.pad with a function as the mode: the array padded with zeros, then
 * function(vector, iaxis_pad_width, iaxis, kwargs) on each 1-d view along
 * each axis in turn, which pads the vector in place (NumPy's loop) */
static struct value *pad_callable(struct eval *ev, const struct builtin *bi, struct value *av,
				  struct value *pw, struct value *f, const struct kwargs *rest)
{
	const struct backend *be = arr_be(bi);
	struct ndarray *a = in_arr(ev, bi, av);
	struct value *pairs_v = NULL, *padded = NULL, *kwd = NULL, *res = NULL;
	int64_t pad[2 * ND_MAXDIM + 2];
	if (!a)
		return NULL;
	int nd = a->ndim;
	nd_decref(a);
	if (pairs(ev, pw, nd, 1, pad, NULL, NULL) < 0)
		return NULL;
	{
		/* NumPy's _as_pairs: (intp, intp) tuples when one or two widths
		 * were given, else lists of ints */
		struct ndarray *pa = arr_asarray(ev, be, pw, -1);
		if (!pa)
			return NULL;
		int scal = nd_size(pa) == 1 || (nd_size(pa) == 2 && !(pa->ndim == 2 && pa->shape[0] == 2 && pa->shape[1] == 1));
		nd_decref(pa);
		struct value *rows[ND_MAXDIM];
		for (int i = 0; i < nd; i++) {
			struct value *two[2];
			for (int j = 0; j < 2; j++) {
				union scalar_data sd;
				sd.i = pad[2 * i + j];
				two[j] = scal ? val_scalar(DT_INT64, sd) : val_int(pad[2 * i + j]);
			}
			rows[i] = scal ? val_tuple_new(2, two) : val_list_new(2, two);
		}
		pairs_v = val_list_new((size_t)nd, rows);
		struct value *two[2] = {av, pairs_v};
		padded = pairs_v ? arr_ns_call(ev, be, "pad", 2, two, NULL) : NULL;
	}
	if (!padded || !(kwd = val_dict_new()))
		goto out;
	for (int i = 0; rest && i < rest->n; i++)
		if (dict_setstr(kwd, rest->names[i], val_incref(rest->vals[i])) < 0)
			goto out;
	for (int axis = 0; axis < nd; axis++) {
		struct value *src = val_int(axis), *dst = val_int(-1);
		struct value *three[3] = {padded, src, dst};
		struct value *view = arr_ns_call(ev, be, "moveaxis", 3, three, NULL);
		val_decref(src);
		val_decref(dst);
		if (!view)
			goto out;
		const struct ndarray *va = arr_borrow(view);
		int64_t nloop = 1;
		for (int d = 0; d < va->ndim - 1; d++)
			nloop *= va->shape[d];
		struct value *pwa = ex_item(ev, val_incref(pairs_v), val_int(axis));
		int rc = pwa ? 0 : -1;
		for (int64_t i = 0; rc == 0 && i < nloop; i++) {
			struct value *idx[ND_MAXDIM + 1];
			int64_t rem = i;
			int k = va->ndim - 1;
			for (int d = k - 1; d >= 0; d--) {
				idx[d] = val_int(rem % va->shape[d]);
				rem /= va->shape[d];
			}
			idx[k] = val_ellipsis();
			struct value *vec = ex_item(ev, val_incref(view), val_tuple_new((size_t)k + 1, idx));
			struct value *ax = val_int(axis);
			struct value *args[4] = {vec, pwa, ax, kwd};
			struct value *r = vec && ax ? val_call(ev, f, 4, args, NULL) : NULL;
			rc = r ? 0 : -1;
			val_decref(r);
			val_decref(vec);
			val_decref(ax);
		}
		val_decref(pwa);
		val_decref(view);
		if (rc < 0)
			goto out;
	}
	res = padded;
	padded = NULL;
out:
	val_decref(pairs_v);
	val_decref(padded);
	val_decref(kwd);
	return res;
}

/* dst[...] = c, a pad constant (read as a double, an integral one as an
 * int as NumPy's setitem takes it): the backend's fill, no host array */
static int pad_fill(struct eval *ev, struct ndarray *dst, double c)
{
	struct value *sv = c == (double)(int64_t)c ? val_int((int64_t)c) : val_float(c);
	int rc = sv ? arr_fill_value(ev, dst, sv) : -1;
	if (sv)
		val_decref(sv);
	return rc;
}

/* NumPy's _get_linear_ramps along axis: each side is
 * np.linspace(end_value, edge, width, endpoint=False) (k * step + start,
 * floored for integer dtypes), the right one reversed; the edges are those
 * of the array padded so far */
static int pad_ramp(struct eval *ev, struct ndarray *out, int axis, int64_t pb, int64_t pa, int64_t n,
		    double end_before, double end_after)
{
	const struct backend *be = nd_backend(out);
	int integer = !dt_is_inexact(out->dtype);
	for (int side = 0; side < 2; side++) {
		int64_t w = side ? pa : pb;
		if (!w)
			continue;
		double endv = side ? end_after : end_before;
		struct ndarray *edge = axis_slice(ev, out, axis, side ? pb + n - 1 : pb, 1, 1);
		struct ndarray *ef = edge ? arr_astype(ev, edge, integer ? DT_FLOAT64 : out->dtype) : NULL;
		nd_decref(edge);
		if (!ef)
			return -1;
		struct value *e = arr_wrap(ev, ef);
		struct value *step = ex_bin(ev, OP_TRUEDIV, ex_bin(ev, OP_SUB, e ? val_incref(e) : NULL, val_float(endv)),
					    val_float((double)w));
		val_decref(e);
		if (!step)
			return -1;
		for (int64_t k = 0; k < w; k++) {
			struct value *y = ex_bin(ev, OP_ADD, ex_bin(ev, OP_MUL, val_float((double)k), val_incref(step)),
						 val_float(endv));
			if (y && integer)
				y = ex_fn1(ev, be, "floor", y);
			struct ndarray *ya = y ? arr_asarray(ev, be, y, out->dtype) : NULL;
			val_decref(y);
			/* k-th from the outer end: the left side runs inward, the right outward */
			struct ndarray *dst = ya ? axis_slice(ev, out, axis, side ? pb + n + pa - 1 - k : k, 1, 1) : NULL;
			int rc = dst ? shp_assign(ev, dst, ya) : -1;
			nd_decref(ya);
			nd_decref(dst);
			if (rc < 0) {
				val_decref(step);
				return -1;
			}
		}
		val_decref(step);
	}
	return 0;
}

static struct value *mf_pad(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *av, *pw, *modev = NULL, *cv = NULL, *rt = NULL, *slv = NULL;
	const char *mode = "constant";
	/* a function as the mode takes any keywords (its kwargs) */
	{
		struct value *m = argc > 2 ? argv[2] : NULL;
		const char *names[16];
		struct value *vals[16];
		struct kwargs rest = {0, names, vals};
		for (int i = 0; kw && i < kw->n; i++) {
			if (!strcmp(kw->names[i], "mode"))
				m = kw->vals[i];
			else if (rest.n < 16) {
				names[rest.n] = kw->names[i];
				vals[rest.n++] = kw->vals[i];
			}
		}
		if (m && (m->type == VT_FUNCTION || m->type == VT_BUILTIN ||
			  (m->type == VT_OBJECT && m->u.obj.t && m->u.obj.t->call))) {
			struct value *a0 = NULL, *p0 = NULL, *m0 = NULL;
			if (args_parse(ev, "pad", argc, argv, NULL, "array,pad_width|mode", &a0, &p0, &m0) < 0)
				return NULL;
			if (!p0) {
				for (int i = 0; i < rest.n; i++)
					if (!strcmp(names[i], "pad_width"))
						p0 = vals[i];
				if (!p0)
					return err_set(ev, TY_TypeError, "pad() missing 1 required positional argument: 'pad_width'");
			}
			return pad_callable(ev, bi, a0, p0, m, &rest);
		}
	}
	struct value *endv = NULL;
	if (args_parse(ev, "pad", argc, argv, kw, "array,pad_width|mode,$constant_values,reflect_type,stat_length,end_values",
		       &av, &pw, &modev, &cv, &rt, &slv, &endv) < 0)
		return NULL;
	if (modev && !(mode = val_as_cstr(modev)))
		return err_set(ev, TY_TypeError, "mode must be a string");
	int stat = !strcmp(mode, "maximum") || !strcmp(mode, "minimum") || !strcmp(mode, "mean") ||
		   !strcmp(mode, "median");
	if (strcmp(mode, "constant") && strcmp(mode, "edge") && strcmp(mode, "reflect")
	    && strcmp(mode, "symmetric") && strcmp(mode, "wrap") && strcmp(mode, "empty") && strcmp(mode, "linear_ramp")
	    && !stat)
		return err_set(ev, TY_ValueError, "mode '%s' is not supported", mode);
	const char *rts = rt ? val_as_cstr(rt) : NULL;
	/* any other reflect_type reads as 'even', as in NumPy */
	int odd = rts && !strcmp(rts, "odd") && (!strcmp(mode, "reflect") || !strcmp(mode, "symmetric"));
	struct ndarray *a = in_arr(ev, bi, av), *out = NULL;
	if (!a)
		return NULL;
	int nd = a->ndim;
	int64_t pad[2 * ND_MAXDIM + 2], shape[ND_MAXDIM];
	double cvals[2 * ND_MAXDIM + 2] = {0};
	if (pw->type == VT_DICT) {
		/* NumPy 2.3's {axis: width or (before, after)}, other axes 0 */
		for (int i = 0; i < 2 * nd; i++)
			pad[i] = 0;
		const struct dict *d = pw->u.dict;
		for (size_t j = 0; j < d->n; j++) {
			struct value *k = d->entries[j].key, *w = d->entries[j].val;
			int64_t ax, b0, b1;
			if (!k)
				continue;
			if (val_as_int64(ev, k, &ax) < 0)
				goto fail;
			if (ax < -nd || ax >= nd) {
				err_set(ev, TY_IndexError, "list assignment index out of range");
				goto fail;
			}
			if (ax < 0)
				ax += nd;
			if (w->type == VT_INT) {
				b0 = b1 = w->u.i;
			} else if (w->type == VT_TUPLE && w->u.seq.n == 2 && w->u.seq.items[0]->type == VT_INT &&
				   w->u.seq.items[1]->type == VT_INT) {
				b0 = w->u.seq.items[0]->u.i;
				b1 = w->u.seq.items[1]->u.i;
			} else {
				char *r = val_repr(ev, w);
				err_set(ev, TY_AssertionError, "Expected code to be unreachable, but got: %s", r ? r : "?");
				free(r);
				goto fail;
			}
			pad[2 * ax] = b0;
			pad[2 * ax + 1] = b1;
		}
	} else if (pairs(ev, pw, nd, 1, pad, NULL, NULL) < 0)
		goto fail;
	for (int i = 0; i < 2 * nd; i++)
		if (pad[i] < 0) {
			err_set(ev, TY_ValueError, "index can't contain negative values");
			goto fail;
		}
	if (cv && !strcmp(mode, "constant") && pairs(ev, cv, nd, 0, NULL, cvals, NULL) < 0)
		goto fail;
	if (endv && !strcmp(mode, "linear_ramp") && pairs(ev, endv, nd, 0, NULL, cvals, NULL) < 0)
		goto fail;
	int64_t slen[2 * ND_MAXDIM + 2];
	for (int i = 0; i < nd; i++) {
		slen[2 * i] = slen[2 * i + 1] = a->shape[i];
	}
	if (stat && slv && slv->type != VT_NONE) {
		if (pairs(ev, slv, nd, 1, slen, NULL, NULL) < 0)
			goto fail;
		for (int i = 0; i < 2 * nd; i++)
			if (slen[i] < 0) {
				err_set(ev, TY_ValueError, "index can't contain negative values");
				goto fail;
			}
	}
	for (int i = 0; i < nd; i++) {
		shape[i] = a->shape[i] + pad[2 * i] + pad[2 * i + 1];
		if (a->shape[i] == 0 && (pad[2 * i] || pad[2 * i + 1]) && strcmp(mode, "constant")
		    && strcmp(mode, "empty")) {
			err_set(ev, TY_ValueError, "can't extend empty axis %d using modes other than 'constant' or 'empty'", i);
			goto fail;
		}
	}
	out = nd_new(ev, nd_backend(a), a->dtype, nd, shape);
	if (!out)
		goto fail;
	/* constant mode with one value on every side (pad(x, 2): 0): one fill
	 * of the whole result before the centre's copy, two launches on a
	 * device (CuPy's _pad_simple) instead of a fill per side */
	int one_fill = !strcmp(mode, "constant");
	for (int i = 1; one_fill && i < 2 * nd; i++)
		one_fill = cvals[i] == cvals[0];
	if (one_fill && pad_fill(ev, out, cvals[0]) < 0)
		goto fail;
	{
		int64_t off = out->offset;
		for (int i = 0; i < nd; i++)
			off += pad[2 * i] * out->strides[i];
		struct ndarray *center = view_of(ev, out, nd, a->shape, out->strides, off);
		int rc = center ? shp_assign(ev, center, a) : -1;
		nd_decref(center);
		if (rc < 0)
			goto fail;
	}
	for (int i = 0; i < nd && strcmp(mode, "empty"); i++) {
		int64_t pb = pad[2 * i], pa = pad[2 * i + 1], n = a->shape[i];
		if (!strcmp(mode, "constant")) {
			for (int side = 0; side < 2 && !one_fill; side++) {
				int64_t len = side ? pa : pb;
				if (!len)
					continue;
				struct ndarray *dst = axis_slice(ev, out, i, side ? pb + n : 0, len, 1);
				int rc = dst ? pad_fill(ev, dst, cvals[2 * i + side]) : -1;
				nd_decref(dst);
				if (rc < 0)
					goto fail;
			}
			continue;
		}
		if (!strcmp(mode, "linear_ramp")) {
			if (pad_ramp(ev, out, i, pb, pa, n, cvals[2 * i], cvals[2 * i + 1]) < 0)
				goto fail;
			continue;
		}
		if (stat) {
			/* NumPy's _get_stats: the statistic of the first / last stat_length
			 * items along the axis (of the array padded so far), rounded for
			 * integers (mean, median), fills each side */
			for (int side = 0; side < 2; side++) {
				int64_t len = side ? pa : pb, L = slen[2 * i + side] < n ? slen[2 * i + side] : n;
				if (!len)
					continue;
				if (L == 0 && (!strcmp(mode, "maximum") || !strcmp(mode, "minimum"))) {
					err_set(ev, TY_ValueError, "stat_length of 0 yields no value for padding");
					goto fail;
				}
				struct value *src = arr_wrap(ev, axis_slice(ev, out, i, side ? pb + n - L : pb, L, 1));
				struct value *axv = val_int(i), *t = val_bool(1);
				const char *kn[2] = {"axis", "keepdims"};
				struct value *kvv[2] = {axv, t};
				struct kwargs k2 = {2, kn, kvv};
				struct value *st = src ? arr_ns_call(ev, nd_backend(out), !strcmp(mode, "maximum") ? "amax" :
							 !strcmp(mode, "minimum") ? "amin" : mode, 1, &src, &k2) : NULL;
				val_decref(axv);
				val_decref(t);
				val_decref(src);
				if (st && !dt_is_inexact(out->dtype) && (!strcmp(mode, "mean") || !strcmp(mode, "median"))) {
					struct value *r = arr_ns_call(ev, nd_backend(out), "around", 1, &st, NULL);
					val_decref(st);
					st = r;
				}
				struct ndarray *sa = st ? arr_asarray(ev, nd_backend(out), st, out->dtype) : NULL;
				struct ndarray *dst = sa ? axis_slice(ev, out, i, side ? pb + n : 0, len, 1) : NULL;
				struct ndarray *b = dst ? arr_broadcast_to(ev, sa, dst->ndim, dst->shape) : NULL;
				int rc = b ? shp_assign(ev, dst, b) : -1;
				val_decref(st);
				nd_decref(sa);
				nd_decref(dst);
				nd_decref(b);
				if (rc < 0)
					goto fail;
			}
			continue;
		}
		if (odd && n > 1) {
			if (pad_odd(ev, out, i, pb, pa, n, !strcmp(mode, "symmetric")) < 0)
				goto fail;
			continue;
		}
		for (int64_t j = 0; j < pb + pa; j++) {
			int64_t pos = j < pb ? j : pb + n + (j - pb);
			int64_t s = pad_src(mode, pos - pb, n);
			struct ndarray *dst = axis_slice(ev, out, i, pos, 1, 1);
			struct ndarray *src = axis_slice(ev, out, i, pb + s, 1, 1);
			int rc = (dst && src) ? shp_assign(ev, dst, src) : -1;
			nd_decref(dst);
			nd_decref(src);
			if (rc < 0)
				goto fail;
		}
	}
	nd_decref(a);
	return arr_wrap(ev, out);
fail:
	nd_decref(out);
	nd_decref(a);
	return NULL;
}

/* ---- atleast_*d ---- */

static struct value *atleast_common(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw, int kind)
{
	struct value **items;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "unexpected keyword argument '%s'", kw->names[0]);
	items = calloc(argc ? argc : 1, sizeof *items);
	if (!items)
		return err_nomem(ev);
	for (int i = 0; i < argc; i++) {
		struct ndarray *a0 = arr_borrow(argv[i]);
		if (a0 && nd_backend(a0) == arr_be(bi) && a0->ndim >= (kind == AT_1D ? 1 : kind == AT_2D ? 2 : 3)) {
			items[i] = val_incref(argv[i]);   /* NumPy returns the array itself */
			continue;
		}
		struct ndarray *a = in_arr(ev, bi, argv[i]);
		struct ndarray *t = a ? atleast(ev, a, kind) : NULL;
		nd_decref(a);
		if (!t || !(items[i] = arr_wrap(ev, t))) {
			for (int j = 0; j < i; j++)
				val_decref(items[j]);
			free(items);
			return NULL;
		}
	}
	struct value *r = argc == 1 ? items[0] : val_tuple_new(argc, items);
	free(items);
	return r;
}

static struct value *mf_atleast_1d(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return atleast_common(ev, bi, argc, argv, kw, AT_1D);
}

static struct value *mf_atleast_2d(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return atleast_common(ev, bi, argc, argv, kw, AT_2D);
}

static struct value *mf_atleast_3d(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return atleast_common(ev, bi, argc, argv, kw, AT_3D);
}

const struct arr_func arr_manip_funcs[] = {
	{"reshape", mf_reshape, "reshape(a, /, shape=None, order='C', *, newshape=None, copy=None)",
	 "Gives a new shape to an array without changing its data."},
	{"ravel", mf_ravel, "ravel(a, order='C')", "Return a contiguous flattened array."},
	{"transpose", mf_transpose, "transpose(a, axes=None)", "Returns an array with axes transposed."},
	{"moveaxis", mf_moveaxis, "moveaxis(a, source, destination)",
	 "Move axes of an array to new positions."},
	{"swapaxes", mf_swapaxes, "swapaxes(a, axis1, axis2)", "Interchange two axes of an array."},
	{"expand_dims", mf_expand_dims, "expand_dims(a, axis)", "Expand the shape of an array."},
	{"squeeze", mf_squeeze, "squeeze(a, axis=None)", "Remove axes of length one from a."},
	{"broadcast_to", mf_broadcast_to, "broadcast_to(array, shape, subok=False)",
	 "Broadcast an array to a new shape (a read-only view)."},
	{"broadcast_arrays", mf_broadcast_arrays, "broadcast_arrays(*args, subok=False)",
	 "Broadcast any number of arrays against each other."},
	{"concatenate", mf_concatenate, "concatenate((a1, a2, ...), axis=0, out=None, dtype=None, casting=\"same_kind\")",
	 "Join a sequence of arrays along an existing axis."},
	{"stack", mf_stack, "stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')",
	 "Join a sequence of arrays along a new axis."},
	{"vstack", mf_vstack, "vstack(tup, *, dtype=None, casting='same_kind')",
	 "Stack arrays in sequence vertically (row wise)."},
	{"hstack", mf_hstack, "hstack(tup, *, dtype=None, casting='same_kind')",
	 "Stack arrays in sequence horizontally (column wise)."},
	{"dstack", mf_dstack, "dstack(tup)", "Stack arrays in sequence depth wise (along third axis)."},
	{"column_stack", mf_column_stack, "column_stack(tup)",
	 "Stack 1-D arrays as columns into a 2-D array."},
	{"split", mf_split, "split(ary, indices_or_sections, axis=0)",
	 "Split an array into multiple sub-arrays as views into ary."},
	{"array_split", mf_array_split, "array_split(ary, indices_or_sections, axis=0)",
	 "Split an array into multiple sub-arrays (sections may be unequal)."},
	{"flip", mf_flip, "flip(m, axis=None)", "Reverse the order of elements along the given axis."},
	{"fliplr", mf_fliplr, "fliplr(m)", "Reverse the order of elements along axis 1 (left/right)."},
	{"flipud", mf_flipud, "flipud(m)", "Reverse the order of elements along axis 0 (up/down)."},
	{"roll", mf_roll, "roll(a, shift, axis=None)", "Roll array elements along a given axis."},
	{"rot90", mf_rot90, "rot90(m, k=1, axes=(0, 1))",
	 "Rotate an array by 90 degrees in the plane specified by axes."},
	{"tile", mf_tile, "tile(A, reps)", "Construct an array by repeating A the number of times given by reps."},
	{"repeat", mf_repeat, "repeat(a, repeats, axis=None)", "Repeat each element of an array after themselves."},
	{"pad", mf_pad, "pad(array, pad_width, mode='constant', **kwargs)", "Pad an array."},
	{"atleast_1d", mf_atleast_1d, "atleast_1d(*arys)", "Convert inputs to arrays with at least one dimension."},
	{"atleast_2d", mf_atleast_2d, "atleast_2d(*arys)", "View inputs as arrays with at least two dimensions."},
	{"atleast_3d", mf_atleast_3d, "atleast_3d(*arys)", "View inputs as arrays with at least three dimensions."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_manip_methods[] = {
	{"reshape", mm_reshape, "a.reshape(shape, /, *, order='C', copy=None)",
	 "Returns an array containing the same data with a new shape."},
	{"ravel", mm_ravel, "a.ravel([order])", "Return a flattened array."},
	{"flatten", mm_flatten, "a.flatten(order='C')", "Return a copy of the array collapsed into one dimension."},
	{"transpose", mm_transpose, "a.transpose(*axes)", "Returns a view of the array with axes transposed."},
	{"swapaxes", mm_swapaxes, "a.swapaxes(axis1, axis2)", "Return a view of the array with axis1 and axis2 interchanged."},
	{"squeeze", mm_squeeze, "a.squeeze(axis=None)", "Remove axes of length one from a."},
	{"repeat", mm_repeat, "a.repeat(repeats, axis=None)", "Repeat elements of an array."},
	{NULL, NULL, NULL, NULL}
};
