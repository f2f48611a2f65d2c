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
#include "lib/nscall.h"
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

struct value *arr_ndgrid_new(struct eval *ev, int sparse, int cupy)
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

struct value *arr_index_exp_new(struct eval *ev, int maketuple)
{
	(void)ev;
	/* the pointer only tells the two apart: NULL for s_, a static byte for index_exp */
	static char tuple_mark;
	return val_object_new(&iexp_type, maketuple ? &tuple_mark : NULL);
}
