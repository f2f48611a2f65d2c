/*
 * ndgrid.c — np.mgrid and np.ogrid (cp. too): the subscriptable nd_grid
 * objects of NumPy's index_tricks.  mgrid[0:2, 0:3] is a dense (2, 2, 3)
 * grid, ogrid[...] its open (sparse) form; a complex step 5j means "5
 * points, endpoint included".  Built as NumPy's Python builds them (sizes,
 * result_type, indices/arange, then nn * step + start), through the
 * namespace's own functions and the evaluator's arithmetic.
 *
 * Owns the two objects' type (state: sparse flag and namespace).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/error.h"

struct ndgrid { int sparse, cupy; };

static int is_complex_step(struct value *v)
{
	return v->type == VT_COMPLEX || (v->type == VT_SCALAR && dt_is_complex(v->u.sc.dtype));
}

/* start/stop/step of a slice with NumPy's defaults (start 0, step 1) */
struct gslice { struct value *start, *stop, *step; };

static int get_slice(struct eval *ev, struct value *k, struct gslice *s)
{
	if (k->type != VT_SLICE)
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'step'", val_type_name(k)), -1;
	s->start = k->u.slice.start->type == VT_NONE ? val_int(0) : val_incref(k->u.slice.start);
	s->stop = val_incref(k->u.slice.stop);
	s->step = k->u.slice.step->type == VT_NONE ? val_int(1) : val_incref(k->u.slice.step);
	return 0;
}

static void put_slice(struct gslice *s)
{
	val_decref(s->start);
	val_decref(s->stop);
	val_decref(s->step);
}

/* a backend of the grid's namespace: arr_ns_call picks numpy or cupy by it */
static const struct backend *ns_be(const struct ndgrid *g)
{
	return g->cupy ? &backend_host_cupy : &backend_host;
}

/* The point spacing of a complex step: n points -> (stop - start) / (n - 1),
 * or the int 1 when n is 1. */
static struct value *complex_spacing(struct eval *ev, struct gslice *s, int64_t n)
{
	struct value *d, *den, *r;
	if (n == 1)
		return val_int(1);
	if (!(d = val_binop(ev, OP_SUB, s->stop, s->start)))
		return NULL;
	den = val_float((double)(n - 1));
	r = val_binop(ev, OP_TRUEDIV, d, den);
	val_decref(d);
	val_decref(den);
	return r;
}

static double abs_of(struct eval *ev, struct value *v, int *err)
{
	double _Complex c;
	if (val_as_complex(ev, v, &c) < 0) {
		*err = 1;
		return 0;
	}
	return cabs(c);
}

/* nn * step + start */
static struct value *scale_shift(struct eval *ev, struct value *nn, struct value *step, struct value *start)
{
	struct value *m = val_binop(ev, OP_MUL, nn, step), *r;
	if (!m)
		return NULL;
	r = val_binop(ev, OP_ADD, m, start);
	val_decref(m);
	return r;
}

/* grid[a:b:c] -- one slice: arange(start, stop, step), or n points */
static struct value *grid_1d(struct eval *ev, struct ndgrid *g, struct value *key)
{
	struct gslice s;
	struct value *r = NULL;
	int err = 0;
	if (get_slice(ev, key, &s) < 0)
		return NULL;
	if (!is_complex_step(s.step)) {
		struct value *args[3] = {s.start, s.stop, key->u.slice.step};
		r = arr_ns_call(ev, ns_be(g), "arange", 3, args, NULL);
		put_slice(&s);
		return r;
	}
	double sf = abs_of(ev, s.step, &err);
	int64_t n = (int64_t)sf;
	struct value *sp = err ? NULL : complex_spacing(ev, &s, n), *ar = NULL;
	if (sp) {
		/* typ = result_type(start, stop, abs(step)): a float at least */
		struct value *args[4] = {val_int(0), val_int(n), val_int(1), NULL};
		struct kwargs kw = {0};
		const char *names[1] = {"dtype"};
		int cplx = is_complex_step(s.start) || (s.stop && is_complex_step(s.stop));
		args[3] = val_dtype(cplx ? DT_COMPLEX128 : DT_FLOAT64, 1);
		kw.n = 1;
		kw.names = names;
		kw.vals = args + 3;
		ar = arr_ns_call(ev, ns_be(g), "arange", 3, args, &kw);
		for (int i = 0; i < 4; i++)
			val_decref(args[i]);
		if (ar)
			r = scale_shift(ev, ar, sp, s.start);
	}
	if (ar)
		val_decref(ar);
	if (sp)
		val_decref(sp);
	put_slice(&s);
	return r;
}

/* grid[s0, s1, ...] */
static struct value *grid_nd(struct eval *ev, struct ndgrid *g, struct value *key)
{
	int nd = (int)key->u.seq.n, k, err = 0, anyf = 0, anyc = 0;
	struct gslice s[ND_MAXDIM];
	struct value *sizes[ND_MAXDIM], *nn = NULL, *r = NULL;
	if (nd > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many dimensions");
	for (k = 0; k < nd; k++) {
		double start, stop, step;
		if (get_slice(ev, key->u.seq.items[k], &s[k]) < 0)
			goto fail_slices;
		struct value *vals[3] = {s[k].start, s[k].stop, s[k].step};
		for (int j = 0; j < 3; j++) {
			if (is_complex_step(vals[j]))
				anyc |= j < 2;
			else if (vals[j]->type == VT_FLOAT || (vals[j]->type == VT_SCALAR && dt_is_inexact(vals[j]->u.sc.dtype)))
				anyf = 1;
		}
		if (is_complex_step(s[k].step)) {
			anyf = 1; /* abs(step) */
			double a = abs_of(ev, s[k].step, &err);
			sizes[k] = err ? NULL : val_int((int64_t)a);
		} else if (val_as_double(ev, s[k].start, &start) < 0 || val_as_double(ev, s[k].stop, &stop) < 0 ||
			   val_as_double(ev, s[k].step, &step) < 0) {
			sizes[k] = NULL;
		} else if (step == 0) {
			sizes[k] = NULL;
			err_set(ev, TY_ZeroDivisionError, "division by zero");
		} else {
			sizes[k] = val_int((int64_t)ceil((stop - start) / step));
		}
		if (!sizes[k]) {
			put_slice(&s[k]);
			goto fail_slices;
		}
	}
	int typ = anyc ? DT_COMPLEX128 : anyf ? DT_FLOAT64 : DT_INT64;
	struct value *items[ND_MAXDIM];
	for (k = 0; k < nd; k++)
		items[k] = NULL;
	if (!g->sparse) {
		/* indices(tuple(sizes), typ) */
		struct value *szs[ND_MAXDIM], *args[2];
		for (k = 0; k < nd; k++)
			szs[k] = val_incref(sizes[k]);
		args[0] = val_tuple_new(nd, szs);
		args[1] = val_dtype(typ, 1);
		nn = arr_ns_call(ev, ns_be(g), "indices", 2, args, NULL);
		val_decref(args[0]);
		val_decref(args[1]);
		if (!nn)
			goto out;
	}
	for (k = 0; k < nd; k++) {
		struct value *sp, *part, *kv = val_int(k);
		if (is_complex_step(s[k].step)) {
			double a = abs_of(ev, s[k].step, &err);
			sp = err ? NULL : complex_spacing(ev, &s[k], (int64_t)a);
		} else {
			sp = val_incref(s[k].step);
		}
		if (!sp) {
			val_decref(kv);
			goto out;
		}
		if (g->sparse) {
			struct value *args[2] = {sizes[k], val_dtype(typ, 1)};
			struct kwargs kw = {0};
			const char *names[1] = {"dtype"};
			kw.n = 1;
			kw.names = names;
			kw.vals = args + 1;
			part = arr_ns_call(ev, ns_be(g), "arange", 1, args, &kw);
			val_decref(args[1]);
		} else {
			part = val_getitem(ev, nn, kv);
		}
		struct value *res = part ? scale_shift(ev, part, sp, s[k].start) : NULL;
		if (part)
			val_decref(part);
		val_decref(sp);
		int rc = -1;
		if (res && g->sparse) {
			/* nn[k][(newaxis,)*k + (slice(None),) + (newaxis,)*(nd-k-1)] */
			struct ndarray *a = arr_borrow(res), *v;
			int64_t shape[ND_MAXDIM];
			for (int j = 0; j < nd; j++)
				shape[j] = j == k ? a->shape[0] : 1;
			if ((v = arr_reshape(ev, a, nd, shape)) && (items[k] = arr_wrap(ev, v)))
				rc = 0;
		} else if (res) {
			rc = val_setitem(ev, nn, kv, res);
		}
		if (res)
			val_decref(res);
		val_decref(kv);
		if (rc < 0)
			goto out;
	}
	if (g->sparse) {
		r = val_tuple_new(nd, items);
		for (k = 0; k < nd; k++)
			items[k] = NULL;
	} else {
		r = val_incref(nn);
	}
out:
	if (g->sparse)
		for (k = 0; k < nd; k++)
			if (items[k])
				val_decref(items[k]);
	if (nn)
		val_decref(nn);
	k = nd;
fail_slices:
	while (k--) {
		val_decref(sizes[k]);
		put_slice(&s[k]);
	}
	return r;
}

static struct value *grid_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct ndgrid *g = self->u.obj.p;
	if (key->type == VT_TUPLE)
		return grid_nd(ev, g, key);
	return grid_1d(ev, g, key);
}

static char *grid_repr(struct eval *ev, struct value *self)
{
	struct ndgrid *g = self->u.obj.p;
	char *s = malloc(64);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 64, "<numpy.lib._index_tricks_impl.%s object>", g->sparse ? "OGridClass" : "MGridClass");
	return s;
}

static const struct objtype ndgrid_type = {
	.name = "nd_grid", .free = free, .repr = grid_repr, .getitem = grid_getitem,
};

/* np.mgrid (sparse 0) / np.ogrid (sparse 1) of numpy or cupy */
static struct value *ndgrid_new(struct eval *ev, int sparse, int cupy)
{
	struct ndgrid *g = malloc(sizeof *g);
	if (!g)
		return err_nomem(ev);
	g->sparse = sparse;
	g->cupy = cupy;
	return val_object_new(&ndgrid_type, g);
}

/* np.s_ and np.index_exp: obj[key] is the key itself (index_exp: always a tuple) */
static struct value *iexp_getitem(struct eval *ev, struct value *self, struct value *key)
{
	(void)ev;
	if (self->u.obj.p == NULL || key->type == VT_TUPLE)
		return val_incref(key);
	return val_tuple_new(1, (struct value *[]){val_incref(key)});
}

static char *iexp_repr(struct eval *ev, struct value *self)
{
	(void)self;
	char *s = strdup("<numpy.lib._index_tricks_impl.IndexExpression object>");
	return s ? s : err_nomem(ev);
}

static const struct objtype iexp_type = {
	.name = "IndexExpression", .repr = iexp_repr, .getitem = iexp_getitem,
};

/* np.s_ (maketuple 0) and np.index_exp (1) */
static struct value *index_exp_new(struct eval *ev, int maketuple)
{
	(void)ev;
	/* the pointer only tells the two apart: NULL for s_, a static byte for index_exp */
	static char tuple_mark;
	return val_object_new(&iexp_type, maketuple ? &tuple_mark : NULL);
}

/* np.r_ and np.c_: NumPy's AxisConcatenator (slices as arange / linspace for
 * a complex step, scalars, arrays raised to ndmin, the 'axis,ndmin,trans1d'
 * directive; the matrix directives 'r'/'c' are not supported) */
struct concat_spec { int axis, ndmin, trans1d, cupy; };

static struct value *concat_getitem(struct eval *ev, struct value *self, struct value *key)
{
	const struct concat_spec *cs = self->u.obj.p;
	const struct backend *be = cs->cupy ? NULL : &backend_host;
	int axis = cs->axis, ndmin = cs->ndmin, trans1d = cs->trans1d;
	char mat = 0;   /* 'r' / 'c': the result a matrix (a row or a column) */
	struct value *one[1] = {key}, **items = key->type == VT_TUPLE ? key->u.seq.items : one;
	size_t n = key->type == VT_TUPLE ? key->u.seq.n : 1, nobj = 0;
	struct value **objs = calloc(n + 1, sizeof *objs), **rt = calloc(n + 1, sizeof *rt), *r = NULL;
	if (!objs || !rt) {
		free(objs);
		free(rt);
		return err_nomem(ev);
	}
	if (cs->cupy) {
		struct value *m = arr_import(ev, "cupy");
		if (!m)
			goto out;
		struct value *z = val_getattr(ev, m, "zeros");
		val_decref(m);
		if (!z)
			goto out;
		be = z->type == VT_BUILTIN ? arr_be(&z->u.bi) : &backend_host;
		val_decref(z);
	}
	for (size_t k = 0; k < n; k++) {
		struct value *it = items[k], *obj = NULL;
		const char *str = val_as_cstr(it);
		if (str) {
			if (k != 0) {
				err_set(ev, TY_ValueError, "special directives must be the first entry.");
				goto out;
			}
			if (!strcmp(str, "r") || !strcmp(str, "c")) {
				if (cs->cupy) {
					err_set(ev, TY_NotImplementedError, "cupy.r_['%s', ...]: cupy has no matrix", str);
					goto out;
				}
				mat = str[0];
				continue;
			}
			int a1, a2, a3, cnt = sscanf(str, "%d,%d,%d", &a1, &a2, &a3);
			if (cnt < 1 || (strchr(str, ',') && cnt < 2)) {
				err_set(ev, TY_ValueError, strchr(str, ',') ? "unknown special directive '%s'" : "unknown special directive", str);
				goto out;
			}
			axis = a1;
			if (cnt >= 2)
				ndmin = a2;
			if (cnt == 3)
				trans1d = a3;
			continue;
		}
		if (it->type == VT_SLICE) {
			struct value *st = it->u.slice.start, *sp = it->u.slice.stop, *step = it->u.slice.step;
			struct value *start = st->type == VT_NONE ? val_int(0) : val_incref(st);
			if (step->type == VT_COMPLEX) {
				double _Complex c = step->u.c;
				struct value *num = val_int((int64_t)cabs(c));
				obj = arr_ns_call(ev, be, "linspace", 3, (struct value *[]){start, sp, num}, NULL);
				val_decref(num);
			} else {
				struct value *stp = step->type == VT_NONE ? val_int(1) : val_incref(step);
				obj = arr_ns_call(ev, be, "arange", 3, (struct value *[]){start, sp, stp}, NULL);
				val_decref(stp);
			}
			val_decref(start);
			if (obj && ndmin > 1) {
				struct value *nm = val_int(ndmin);
				struct value *o2 = arr_ns_callk(ev, be, "array", 1, &obj, "ndmin", nm);
				val_decref(nm);
				val_decref(obj);
				obj = o2;
				if (obj && trans1d != -1) {
					struct value *a = val_int(-1), *b = val_int(trans1d);
					o2 = arr_ns_call(ev, be, "swapaxes", 3, (struct value *[]){obj, a, b}, NULL);
					val_decref(a);
					val_decref(b);
					val_decref(obj);
					obj = o2;
				}
			}
			if (!obj)
				goto out;
			rt[nobj] = val_getattr(ev, obj, "dtype");
		} else if (it->type == VT_INT || it->type == VT_FLOAT || it->type == VT_COMPLEX || it->type == VT_BOOL ||
			   it->type == VT_SCALAR) {
			obj = val_incref(it);
			rt[nobj] = val_incref(it);
		} else {
			struct ndarray *a0 = arr_asarray(ev, be, it, -1);
			if (!a0)
				goto out;
			int item_ndim = a0->ndim;
			nd_decref(a0);
			struct value *nm = val_int(ndmin);
			obj = arr_ns_callk(ev, be, "array", 1, &it, "ndmin", nm);
			val_decref(nm);
			if (obj && trans1d != -1 && item_ndim < ndmin) {
				int k2 = ndmin - item_ndim, k1 = trans1d, ax[ND_MAXDIM], na = 0;
				if (k1 < 0)
					k1 += k2 + 1;
				for (int i = 0; i < k1; i++)
					ax[na++] = i;
				for (int i = k2; i < ndmin; i++)
					ax[na++] = i;
				for (int i = k1; i < k2; i++)
					ax[na++] = i;
				struct value *axv[ND_MAXDIM];
				for (int i = 0; i < na; i++)
					axv[i] = val_int(ax[i]);
				struct value *axt = val_tuple_new((size_t)na, axv);
				struct value *o2 = axt ? arr_ns_call(ev, be, "transpose", 2, (struct value *[]){obj, axt}, NULL) : NULL;
				val_decref(axt);
				val_decref(obj);
				obj = o2;
			}
			if (!obj)
				goto out;
			rt[nobj] = val_getattr(ev, obj, "dtype");
		}
		objs[nobj++] = obj;
		if (!rt[nobj - 1])
			goto out;
	}
	if (nobj) {
		struct value *fdt = arr_ns_call(ev, be, "result_type", (int)nobj, rt, NULL);
		if (!fdt)
			goto out;
		struct value *nm = val_int(ndmin);
		for (size_t k = 0; k < nobj; k++) {
			const char *kn[2] = {"ndmin", "dtype"};
			struct value *kv[2] = {nm, fdt};
			struct kwargs kw2 = {2, kn, kv};
			struct value *o2 = arr_ns_call(ev, be, "array", 1, &objs[k], &kw2);
			val_decref(objs[k]);
			objs[k] = o2;
			if (!o2) {
				val_decref(nm);
				val_decref(fdt);
				goto out;
			}
		}
		val_decref(nm);
		val_decref(fdt);
	}
	{
		struct value *t = val_tuple_new(nobj, objs), *ax = val_int(axis);
		nobj = 0; /* the tuple took them */
		r = t ? arr_ns_callk(ev, be, "concatenate", 1, &t, "axis", ax) : NULL;
		val_decref(t);
		val_decref(ax);
		if (r && mat)
			r = arr_matrix_wrap(ev, r, mat == 'c' && r->type == VT_NDARRAY && r->u.arr->ndim == 1);
	}
out:
	for (size_t k = 0; k < nobj; k++)
		val_decref(objs[k]);
	for (size_t k = 0; k < n; k++)
		val_decref(rt[k]);
	free(objs);
	free(rt);
	return r;
}

static char *concat_repr(struct eval *ev, struct value *self)
{
	const struct concat_spec *cs = self->u.obj.p;
	char *s = strdup(cs->ndmin == 2 ? "<numpy.lib._index_tricks_impl.CClass object>"
				       : "<numpy.lib._index_tricks_impl.RClass object>");
	return s ? s : err_nomem(ev);
}

static const struct objtype concat_type = {
	.name = "AxisConcatenator", .free = free, .repr = concat_repr, .getitem = concat_getitem,
};

/* np.r_ (c_ 0) and np.c_ (1) of the numpy (cupy 0) or cupy namespace */
static struct value *concat_new(struct eval *ev, int c_, int cupy)
{
	struct concat_spec *cs = malloc(sizeof *cs);
	if (!cs)
		return err_nomem(ev);
	cs->axis = c_ ? -1 : 0;
	cs->ndmin = c_ ? 2 : 1;
	cs->trans1d = c_ ? 0 : -1;
	cs->cupy = cupy;
	return val_object_new(&concat_type, cs);
}

static int add_object(struct eval *ev, struct value *mod, const char *name, struct value *v)
{
	if (!v || module_add(mod, name, v) < 0) {
		if (!err_occurred(ev))
			err_nomem(ev);
		return -1;
	}
	return 0;
}

int arr_ndgrid_objects(struct eval *ev, struct value *mod, int cupy)
{
	return add_object(ev, mod, "mgrid", ndgrid_new(ev, 0, cupy)) < 0 ||
	       add_object(ev, mod, "ogrid", ndgrid_new(ev, 1, cupy)) < 0 ||
	       add_object(ev, mod, "s_", index_exp_new(ev, 0)) < 0 ||
	       add_object(ev, mod, "r_", concat_new(ev, 0, cupy)) < 0 ||
	       add_object(ev, mod, "c_", concat_new(ev, 1, cupy)) < 0 ||
	       add_object(ev, mod, "index_exp", index_exp_new(ev, 1)) < 0 ? -1 : 0;
}
