/*
 * creation.c — making arrays (arr_creation_funcs): array asarray
 * ascontiguousarray asanyarray empty zeros ones full *_like arange linspace
 * logspace geomspace eye identity meshgrid diag tri triu tril fromfunction frombuffer
 * copy require, with NumPy's dtype and length rules and messages.
 *
 * Written once for np and cp: new arrays go to arr_be(bi).  Host data is
 * built on the host and moved once.  Owns nothing beyond a call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lib/devsearch.h"
#include "lib/shape.h"
#include "backend/host/host.h"
#include "ufunc/ufunc.h"
#include "array/nscall.h"
#include "ufunc/fpe.h"

/* The ValueError of a negative dimension, in the module's words (CuPy's
 * ndarray capitalizes it). */
static void *negative_dims(struct eval *ev, const struct backend *be)
{
	return err_set(ev, TY_ValueError, arr_is_cupy(be) ? "Negative dimensions are not allowed"
							  : "negative dimensions are not allowed");
}

/* A shape argument: NumPy's arr_parse_shape, except that CuPy converts a lone
 * float like any other integer argument ('float' object cannot be interpreted
 * as an integer). */
static int parse_shape(struct eval *ev, const struct backend *be, struct value *v, int *ndim, int64_t *shape)
{
	if (v->type == VT_FLOAT && arr_is_cupy(be)) {
		err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer");
		return -1;
	}
	return arr_parse_shape(ev, v, ndim, shape);
}

/* A new array, NumPy's MemoryError text for impossible sizes; order 'F'
 * gives Fortran strides. */
static struct ndarray *arr_alloc(struct eval *ev, const struct backend *be, int dtype, int ndim,
				 const int64_t *shape, int fortran, int zeroed)
{
	struct ndarray *a;
	int64_t size = 1;
	for (int i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return negative_dims(ev, be);
		size = shape[i] ? size : 0;
	}
	/* nd_new raises NumPy's MemoryError (beyond this machine) and
	 * ValueError (beyond the address space) */
	a = zeroed ? nd_new_zeroed(ev, be, dtype, ndim, shape) : nd_new(ev, be, dtype, ndim, shape);
	if (a && fortran && ndim > 1 && size) { /* empty arrays keep all-zero strides */
		int64_t s = dt_size(dtype);
		for (int i = 0; i < ndim; i++) {
			a->strides[i] = s;
			s *= shape[i];
		}
	}
	return a;
}

struct ndarray *arr_new(struct eval *ev, const struct backend *be, int dtype, int ndim,
			const int64_t *shape, int fortran)
{
	return arr_alloc(ev, be, dtype, ndim, shape, fortran, 0);
}

static int is_fortran(struct value *order)
{
	const char *o = order ? val_as_cstr(order) : NULL;
	return o && (!strcmp(o, "F"));
}

static int fill_num(struct eval *ev, struct ndarray *a, double v)
{
	struct npscalar s = {0};
	s.dtype = DT_FLOAT64;
	s.v.f = v;
	return nd_backend(a)->fill(ev, a, &s);
}

/* zeros/ones/empty(shape, dtype=float, order='C', *, device=None, like=None) */
static struct value *mk_filled(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, int what)
{
	struct value *shape, *dtype = NULL, *order = NULL, *device = NULL, *like = NULL;
	int nd, dt = DT_FLOAT64;
	int64_t sh[ND_MAXDIM];
	struct ndarray *a;
	if (args_parse(ev, bi->name, argc, argv, kw, "shape|dtype,order,$device,like",
		       &shape, &dtype, &order, &device, &like) < 0 ||
	    parse_shape(ev, arr_be(bi), shape, &nd, sh) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	/* zeros, and empty as zeros on the host: calloc'd like NumPy's (no pass
	 * over memory); what -1: device empty, not zeroed */
	a = arr_alloc(ev, arr_be(bi), dt, nd, sh, is_fortran(order), what == 0);
	if (!a)
		return NULL;
	if (what > 0 && fill_num(ev, a, what) < 0) {
		nd_decref(a);
		return NULL;
	}
	return arr_wrap(ev, a);
}

static struct value *fn_zeros(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return mk_filled(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_ones(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return mk_filled(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_empty(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	/* NumPy's empty holds garbage; on the host zeros (calloc'd, no pass
	 * over memory) keep outputs reproducible; device memory is left as the
	 * pool gives it, as CuPy does: zeroing it would be a memset of the
	 * whole array (issue 17's sweep: 70x CuPy's time at 1e8 items) */
	return mk_filled(ev, bi, argc, argv, kw, arr_be(bi)->device_memory ? -1 : 0);
}

/* dtype NumPy infers for a fill value: np.array(v).dtype */
static int value_dtype(struct eval *ev, struct value *v)
{
	struct npscalar s;
	int pyc;
	if (v->type == VT_NDARRAY)
		return v->u.arr->dtype;
	if (!arr_value_scalar(v, &s, &pyc))
		return s.dtype;
	{
		struct ndarray *a = arr_asarray(ev, &backend_host, v, -1);
		int d = a ? a->dtype : -1;
		nd_decref(a);
		return d;
	}
}

static int fill_with(struct eval *ev, struct ndarray *a, struct value *v)
{
	if (v->type == VT_NDARRAY || v->type == VT_LIST || v->type == VT_TUPLE) {
		struct ndarray *x = arr_asarray(ev, nd_backend(a), v, -1), *b;
		int rc;
		if (!x)
			return -1;
		b = arr_broadcast_to(ev, x, a->ndim, a->shape);
		nd_decref(x);
		if (!b)
			return -1;
		rc = nd_backend(a)->copy(ev, a, b);
		nd_decref(b);
		return rc;
	}
	return arr_fill_value(ev, a, v);
}

static struct value *fn_full(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *shape, *fv, *dtype = NULL, *order = NULL, *device = NULL, *like = NULL;
	int nd, dt = -1;
	int64_t sh[ND_MAXDIM];
	struct ndarray *a;
	if (args_parse(ev, "full", argc, argv, kw, "shape,fill_value|dtype,order,$device,like",
		       &shape, &fv, &dtype, &order, &device, &like) < 0 ||
	    parse_shape(ev, arr_be(bi), shape, &nd, sh) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	if (dt < 0 && (dt = value_dtype(ev, fv)) < 0)
		return NULL;
	a = arr_new(ev, arr_be(bi), dt, nd, sh, is_fortran(order));
	if (a && fill_with(ev, a, fv) < 0) {
		nd_decref(a);
		return NULL;
	}
	return arr_wrap(ev, a);
}

/* *_like(a, dtype=None, order='K', subok=True, shape=None, *, device=None) */
static struct value *mk_like(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw, int what)
{
	struct value *a, *fv = NULL, *dtype = NULL, *order = NULL, *subok = NULL, *shape = NULL, *device = NULL;
	struct ndarray *x, *r;
	int dt, nd;
	int64_t sh[ND_MAXDIM];
	int rc = what == 2 ? args_parse(ev, bi->name, argc, argv, kw, "a,fill_value|dtype,order,subok,shape,$device",
					&a, &fv, &dtype, &order, &subok, &shape, &device)
			   : args_parse(ev, bi->name, argc, argv, kw, "a|dtype,order,subok,shape,$device",
					&a, &dtype, &order, &subok, &shape, &device);
	if (rc < 0)
		return NULL;
	x = a->type == VT_NDARRAY ? nd_incref(a->u.arr) : arr_asarray(ev, arr_be(bi), a, -1);
	if (!x)
		return NULL;
	dt = x->dtype;
	nd = x->ndim;
	memcpy(sh, x->shape, sizeof(int64_t) * nd);
	if (arr_parse_dtype(ev, dtype, &dt) < 0 ||
	    (shape && shape->type != VT_NONE && parse_shape(ev, arr_be(bi), shape, &nd, sh) < 0)) {
		nd_decref(x);
		return NULL;
	}
	r = arr_alloc(ev, arr_be(bi), dt, nd, sh,
		      is_fortran(order) || (!order && nd > 1 && nd_is_f_contiguous(x) && !nd_is_c_contiguous(x)),
		      what == 0 || what == -1);
	nd_decref(x);
	if (!r)
		return NULL;
	if (what > 0 && (what == 2 ? fill_with(ev, r, fv) : fill_num(ev, r, what)) < 0) {
		nd_decref(r);
		return NULL;
	}
	return arr_wrap(ev, r);
}

static struct value *fn_zeros_like(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return mk_like(ev, bi, argc, argv, kw, 0);
}

static struct value *fn_ones_like(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return mk_like(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_empty_like(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	/* -1: zeroed on the host (no pass over memory), -2: device memory as
	 * the pool gives it (see fn_empty) */
	return mk_like(ev, bi, argc, argv, kw, arr_be(bi)->device_memory ? -2 : -1);
}

static struct value *fn_full_like(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return mk_like(ev, bi, argc, argv, kw, 2);
}

/* array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None) */
static struct value *mk_array(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, int copy_default,
			      int contiguous)
{
	struct value *obj, *dtype = NULL, *copy = NULL, *order = NULL, *subok = NULL, *ndmin = NULL,
		     *like = NULL, *device = NULL;
	int dt = -1, cp;
	int64_t nmin;
	char ord;
	const struct backend *be = arr_be(bi);
	struct ndarray *a, *r;
	if (args_parse(ev, bi->name, argc, argv, kw, "object|dtype,$copy,order,subok,ndmin,like,device",
		       &obj, &dtype, &copy, &order, &subok, &ndmin, &like, &device) < 0 ||
	    arr_parse_dtype(ev, dtype, &dt) < 0 || args_int(ev, ndmin, 0, &nmin) < 0 ||
	    arr_parse_order(ev, order, 'K', &ord) < 0)
		return NULL;
	cp = copy_default;
	if (copy && copy->type != VT_NONE && args_bool(ev, copy, copy_default, &cp) < 0)
		return NULL;
	/* subclasses (np.matrix, np.memmap) pass through asanyarray and subok=True */
	int sub_ok = !strcmp(bi->name, "asanyarray");
	if (subok && args_bool(ev, subok, sub_ok, &sub_ok) < 0)
		return NULL;
	a = arr_borrow(obj);
	if (a && nd_backend(a) != be && arr_is_cupy(be)) {
		/* cp.asarray / cp.array of a numpy array: the explicit transfer */
		struct ndarray *t = arr_to_backend(ev, a, be);
		if (!t)
			return NULL;
		r = t;
		if (dt >= 0 && dt != r->dtype) {
			struct ndarray *c = arr_astype(ev, r, dt);
			nd_decref(r);
			r = c;
		}
		cp = 0;
	} else {
		r = arr_asarray(ev, be, obj, dt);
		if (!r)
			return NULL;
		if (a && r == a && be->elsewhere(r))
			cp = 1;   /* CuPy: an array of another device is copied to the current one */
		if (a && r == a && !cp && nmin <= r->ndim &&
		    (!contiguous || (nd_is_c_contiguous(r) && r->ndim > 0)) &&
		    (ord != 'F' || nd_is_f_contiguous(r)) && (ord != 'C' || nd_is_c_contiguous(r))) {
			/* np.asarray(a) is a; of a subclass, a plain view */
			nd_decref(r);
			if (a->sub != ND_PLAIN && !sub_ok) {
				r = nd_view(ev, a, a->dtype, a->ndim, a->shape, a->strides, a->offset);
				if (r)
					r->sub = ND_PLAIN;
				return arr_wrap(ev, r);
			}
			return val_incref(obj);
		}
		if (a && r == a && cp) {
			/* order='K' keeps the layout, 'A' keeps Fortran order (NumPy's copy) */
			struct ndarray *c = arr_copy_order(ev, r, r->dtype, ord);
			nd_decref(r);
			r = c;
		} else if (a && r == a && copy && copy->type == VT_BOOL && !copy->u.i) {
			/* copy=False: fine, no copy needed */
		}
	}
	if (!r)
		return NULL;
	if (contiguous && !nd_is_c_contiguous(r)) {
		struct ndarray *c = arr_contiguous(ev, r);
		nd_decref(r);
		r = c;
		if (!r)
			return NULL;
	}
	if ((ord == 'F' && (!nd_is_f_contiguous(r) || (!a && r->ndim > 1))) ||
	    (ord == 'C' && !nd_is_c_contiguous(r))) {
		/* a new array from a list gets Fortran strides even where C ones would do */
		struct ndarray *c = arr_copy_order(ev, r, r->dtype, ord);
		nd_decref(r);
		if (!(r = c))
			return NULL;
	}
	if (nmin > r->ndim) {
		int64_t sh[ND_MAXDIM];
		int k = (int)nmin - r->ndim;
		for (int i = 0; i < k; i++)
			sh[i] = 1;
		memcpy(sh + k, r->shape, sizeof(int64_t) * r->ndim);
		struct ndarray *v = arr_reshape(ev, r, (int)nmin, sh);
		nd_decref(r);
		r = v;
	}
	if (r && a && sub_ok && a->sub == ND_MATRIX && r != a && r->refcnt == 1 && r->ndim == 2)
		r->sub = ND_MATRIX;
	return arr_wrap(ev, r);
}

/* np.array(..., ndmax=N) (NumPy 2.4): nested sequences may make at most N
 * dimensions (an array keeps its own); Lumen has no object dtype, so a
 * deeper nesting is NumPy's ValueError */
static struct value *fn_array(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	const char *names[16];
	struct value *vals[16], *ndmax = NULL;
	struct kwargs rest = {0, names, vals};
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "ndmax"))
			ndmax = kw->vals[i];
		else if (rest.n < 16) {
			names[rest.n] = kw->names[i];
			vals[rest.n++] = kw->vals[i];
		}
	}
	if (!ndmax)
		return mk_array(ev, bi, argc, argv, kw, 1, 0);
	if (ndmax->type == VT_FLOAT)
		return err_set(ev, TY_TypeError, "integer argument expected, got float");
	int64_t nmax;
	if (val_as_int64(ev, ndmax, &nmax) < 0)
		return NULL;
	if (nmax < 0 || nmax > 64)
		return err_set(ev, TY_ValueError, "ndmax must be in the range [0, NPY_MAXDIMS (64)] ");
	struct value *r = mk_array(ev, bi, argc, argv, &rest, 1, 0);
	if (r && argc > 0 && !arr_borrow(argv[0]) && r->type == VT_NDARRAY && r->u.arr->ndim > nmax) {
		val_decref(r);
		return err_set(ev, TY_ValueError, "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of %lld.",
			       (long long)nmax);
	}
	return r;
}

static struct value *fn_asarray(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return mk_array(ev, bi, argc, argv, kw, 0, 0);
}

static struct value *fn_ascontiguousarray(struct eval *ev, const struct builtin *bi, int argc,
					  struct value **argv, const struct kwargs *kw)
{
	struct value *v = mk_array(ev, bi, argc, argv, kw, 0, 1);
	if (v && v->u.arr->ndim == 0) {
		/* NumPy 2: at least 1-d */
		int64_t one = 1;
		struct ndarray *r = arr_reshape(ev, v->u.arr, 1, &one);
		val_decref(v);
		return arr_wrap(ev, r);
	}
	return v;
}

static struct value *fn_copy(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *a, *order = NULL, *subok = NULL;
	struct ndarray *x, *r;
	char ord;
	if (args_parse(ev, "copy", argc, argv, kw, "a|order,subok", &a, &order, &subok) < 0 ||
	    arr_parse_order(ev, order, 'K', &ord) < 0)
		return NULL;
	x = arr_asarray(ev, arr_be(bi), a, -1);
	if (!x)
		return NULL;
	r = arr_copy_order(ev, x, x->dtype, ord);
	nd_decref(x);
	return arr_wrap(ev, r);
}

/* NumPy's arange values in the first min(n, 2) items of out2 (two items
 * of dtype dt, host memory): x0 and x1 stored as setitem stores a Python
 * number (an int out of dt's range raises OverflowError). */
static int arange_first2(struct eval *ev, int dt, int64_t n, const struct npscalar *x0,
			 const struct npscalar *x1, char *out2)
{
	int isz = dt_size(dt);
	const struct npscalar *xs[2] = {x0, x1};
	if (dt == DT_BOOL && n > 2)
		return err_set(ev, TY_TypeError, "arange() is only supported for booleans when the result "
			       "has at most length 2."), -1;
	for (int k = 0; k < 2 && k < n; k++) {
		if (dt_is_int(dt) && xs[k]->dtype == DT_INT64 && arr_check_pyint(ev, xs[k]->v.i, dt) < 0)
			return -1;
		arr_scalar_store(dt, out2 + k * isz, xs[k]);
	}
	return 0;
}

/* The arange result: n items (none if n < 0) of dtype dt, from x0 and x1,
 * on bi's backend: the first two items stored on the host, the rest
 * written by the backend's arange_fill. */
static struct value *arange_make(struct eval *ev, const struct builtin *bi, int dt, int64_t n,
				 const struct npscalar *x0, const struct npscalar *x1)
{
	const struct backend *be = arr_be(bi);
	struct ndarray *r;
	char two[2 * 16] = {0};
	if (n < 0)
		n = 0;
	if (arange_first2(ev, dt, n, x0, x1, two) < 0)
		return NULL;
	if (!(r = arr_new(ev, be, dt, 1, &n, 0)))
		return NULL;
	if (n > 2) {
		if (!be->arange_fill) {
			nd_decref(r);
			return err_set(ev, TY_NotImplementedError, "arange is not supported on the %s backend",
				       be->name);
		}
		if (be->arange_fill(ev, r, two, NULL) < 0) {
			nd_decref(r);
			return NULL;
		}
		return arr_wrap(ev, r);
	}
	/* at most two items: stored as they are */
	if (n && be->from_host(ev, r, two) < 0) {
		nd_decref(r);
		return NULL;
	}
	return arr_wrap(ev, r);
}

/* NumPy's _arange_safe_ceil_to_intp: 0, or -1 with ev->err set */
static int arange_ceil_len(struct eval *ev, double q, int64_t *len)
{
	double c = ceil(q);
	if (isnan(c))
		return err_set(ev, TY_ValueError, "arange: cannot compute length"), -1;
	if (!(c >= -9.2e18 && c <= 9.2e18))
		return err_set(ev, TY_ValueError, "Maximum allowed size exceeded"), -1;
	*len = (int64_t)c;
	return 0;
}

/* arange with a complex start, stop or step, as NumPy's C arange computes
 * it with Python objects: q = (stop - start) / step; a Python complex q (a
 * complex128 result) gives min(ceil(q.real), ceil(q.imag)) items when the
 * result dtype is complex, and "must be real number, not complex" when it is
 * not; a complex64 q goes through float() (ComplexWarning, real part).  The
 * values are start and start + step stored into dt, then dt's fill. */
static struct value *arange_complex(struct eval *ev, const struct builtin *bi, struct value *startv,
				    struct value *stopv, struct value *stepv, int dt)
{
	struct value *vs[3] = {startv, stopv, stepv};
	double _Complex x[3] = {0, 0, 1};
	int strong = -1, weak = 0, qdt;
	int64_t n, ni;
	struct npscalar x0, x1;
	for (int i = 0; i < 3; i++) {
		struct npscalar s, c;
		int pyc;
		if (!vs[i])
			continue;
		arr_value_scalar(vs[i], &s, &pyc);
		arr_scalar_cast(&s, DT_COMPLEX128, &c);
		x[i] = c.v.c;
		if (pyc)
			weak = pyc == VT_COMPLEX || weak == VT_COMPLEX ? VT_COMPLEX
			       : pyc == VT_FLOAT || weak == VT_FLOAT ? VT_FLOAT : VT_INT;
		else
			strong = strong < 0 ? s.dtype : dt_promote(strong, s.dtype);
	}
	/* the dtype of the Python-object arithmetic (NEP 50) */
	if (strong < 0)
		qdt = weak == VT_COMPLEX ? DT_COMPLEX128 : DT_FLOAT64;
	else
		qdt = weak ? dt_promote_weak(strong, weak) : strong;
	if (x[2] == 0) {
		if (qdt == DT_COMPLEX128)
			return err_set(ev, TY_ZeroDivisionError, "complex division by zero");
		return err_set(ev, TY_ValueError, "arange: cannot compute length");
	}
	{
		double _Complex q = (x[1] - x[0]) / x[2];
		if (qdt == DT_COMPLEX128) {
			if (!dt_is_complex(dt))
				return err_set(ev, TY_TypeError, "must be real number, not complex");
			if (arange_ceil_len(ev, creal(q), &n) < 0 || arange_ceil_len(ev, cimag(q), &ni) < 0)
				return NULL;
			if (ni < n)
				n = ni;
		} else {
			if (dt_is_complex(qdt))
				ev_warn(ev, "ComplexWarning", "Casting complex values to real discards the imaginary part");
			if (arange_ceil_len(ev, creal(q), &n) < 0)
				return NULL;
		}
	}
	x0.dtype = x1.dtype = DT_COMPLEX128;
	x0.v.c = x[0];
	x1.v.c = x[0] + x[2];
	return arange_make(ev, bi, dt, n, &x0, &x1);
}

/* arange([start,] stop[, step,], dtype=None, *, device=None, like=None) */
static struct value *fn_arange(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a0 = NULL, *a1 = NULL, *a2 = NULL, *dtype = NULL, *device = NULL, *like = NULL;
	struct value *startv, *stopv, *stepv;
	struct npscalar x0 = {0}, x1 = {0};
	double start, stop, step;
	int dt = -1, isfloat = 0, iscomplex = 0;
	int64_t n;
	if (args_parse(ev, "arange", argc, argv, kw, "|start,stop,step,dtype,$device,like",
		       &a0, &a1, &a2, &dtype, &device, &like) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	if (!a0)
		return err_set(ev, TY_TypeError, "arange() requires stop to be specified.");
	if (!a1 || a1->type == VT_NONE) {
		startv = NULL;
		stopv = a0;
	} else {
		startv = a0;
		stopv = a1;
	}
	stepv = a2 && a2->type != VT_NONE ? a2 : NULL;
	{
		struct value *vs[3] = {startv, stopv, stepv};
		int res = -1;
		for (int i = 0; i < 3; i++) {
			struct npscalar s;
			int pyc;
			if (!vs[i])
				continue;
			if (arr_value_scalar(vs[i], &s, &pyc))
				return err_set(ev, TY_TypeError, "unsupported operand type for arange: '%s'", val_type_name(vs[i]));
			int d = pyc == VT_BOOL ? DT_INT64 : s.dtype;
			res = res < 0 ? d : dt_promote(res, d);
		}
		if (dt < 0)
			dt = res;
		isfloat = dt_is_float(res) || dt_is_complex(res);
		iscomplex = dt_is_complex(res);
	}
	if (iscomplex)
		return arange_complex(ev, bi, startv, stopv, stepv, dt);
	start = 0;
	step = 1;
	if ((startv && val_as_double(ev, startv, &start) < 0) || val_as_double(ev, stopv, &stop) < 0 ||
	    (stepv && val_as_double(ev, stepv, &step) < 0))
		return NULL;
	if (step == 0)
		return err_set(ev, TY_ZeroDivisionError, "division by zero");
	if (!isfloat) {
		/* Python ints: exact length, start and start + step */
		int64_t s0 = 0, s1, st = 1, next;
		if ((startv && val_as_int64(ev, startv, &s0) < 0) || val_as_int64(ev, stopv, &s1) < 0 ||
		    (stepv && val_as_int64(ev, stepv, &st) < 0))
			return NULL;
		{
			__extension__ __int128 span = (__int128)s1 - s0, ast = st > 0 ? st : -(__int128)st;
			if (st < 0)
				span = -span;
			span = span > 0 ? (span + ast - 1) / ast : 0;
			if (span > INT64_MAX)
				return err_set(ev, TY_ValueError, "Maximum allowed size exceeded");
			n = (int64_t)span;
		}
		x0.dtype = DT_INT64;
		x0.v.i = s0;
		if (!__builtin_add_overflow(s0, st, &next)) {
			x1.dtype = DT_INT64;
			x1.v.i = next;
		} else {
			x1.dtype = DT_FLOAT64;
			x1.v.f = (double)s0 + (double)st;
		}
	} else {
		double delta = stop - start, q = delta / step, len = ceil(q);
		if (q == 0 && delta != 0) /* underflow, or a step of inf */
			len = signbit(q) ? 0 : 1;
		if (isnan(len))
			return err_set(ev, TY_ValueError, "arange: cannot compute length");
		if (len > 9.2e18)
			return err_set(ev, TY_ValueError, "Maximum allowed size exceeded");
		n = len > 0 ? (int64_t)len : 0;
		x0.dtype = x1.dtype = DT_FLOAT64;
		x0.v.f = start;
		x1.v.f = start + step;
	}
	return arange_make(ev, bi, dt, n, &x0, &x1);
}

/* linspace values on the host (float64), NumPy's formula */
static struct ndarray *linspace_host(struct eval *ev, double start, double stop, int64_t num,
				     int endpoint, double *stepout)
{
	struct ndarray *r;
	double div, delta = stop - start, step;
	if (num < 0)
		return err_set(ev, TY_ValueError, "Number of samples, %lld, must be non-negative.", (long long)num);
	div = endpoint ? (double)(num - 1) : (double)num;
	r = arr_new(ev, &backend_host, DT_FLOAT64, 1, &num, 0);
	if (!r)
		return NULL;
	double *y = (double *)nd_data(r);
	step = div > 0 ? delta / div : NAN;
	for (int64_t i = 0; i < num; i++) {
		double v = (double)i;
		if (div > 0) {
			if (step == 0)
				v = v / div * delta;
			else
				v = v * step;
		} else {
			v = v * delta;
		}
		y[i] = v + start;
	}
	if (endpoint && num > 1)
		y[num - 1] = stop;
	*stepout = step;
	return r;
}

/* linspace_host's values made on backend be: written there by its
 * arange_fill (item i = i*step + start, the last stop) when the step is a
 * finite non-zero number, else computed on the host and copied. */
static struct ndarray *linspace_on(struct eval *ev, const struct backend *be, double start, double stop,
				   int64_t num, int endpoint, double *stepout)
{
	double div = endpoint ? (double)(num - 1) : (double)num, step = div > 0 ? (stop - start) / div : NAN;
	struct ndarray *r, *c;
	if (be->arange_fill && num > 2 && step != 0 && isfinite(step) && isfinite(start)) {
		double first2[2] = {0.0 * step + start, 1.0 * step + start};
		r = arr_new(ev, be, DT_FLOAT64, 1, &num, 0);
		if (r && be->arange_fill(ev, r, first2, &step) < 0) {
			nd_decref(r);
			return NULL;
		}
		if (r && endpoint) {
			struct ndarray *last = nd_view(ev, r, DT_FLOAT64, 0, NULL, NULL, r->offset + (num - 1) * 8);
			if (!last || be->from_host(ev, last, &stop) < 0) {
				nd_decref(last);
				nd_decref(r);
				return NULL;
			}
			nd_decref(last);
		}
		*stepout = step;
		return r;
	}
	r = linspace_host(ev, start, stop, num, endpoint, stepout);
	if (!r)
		return NULL;
	c = arr_to_backend(ev, r, be);
	nd_decref(r);
	return c;
}

static struct value *linspace_composed(struct eval *ev, const struct backend *be, struct value *start,
				       struct value *stop, int64_t num, int endpoint, int dt, struct value **stepout);

/* The dtype NumPy's _array_converter.result_type(ensure_inexact=True) gives
 * start and stop: Python scalars are weak.  -1 with ev->err set. */
static int linspace_dtype(struct eval *ev, struct value *a, struct value *b)
{
	struct value *vs[2] = {a, b};
	int strong = -1, weak = 0;
	for (int i = 0; i < 2; i++) {
		struct npscalar s;
		int pyc = 0;
		if (!arr_value_scalar(vs[i], &s, &pyc) && pyc) {
			int rank = pyc == VT_COMPLEX ? 3 : pyc == VT_FLOAT ? 2 : pyc == VT_INT ? 1 : 0;
			int wr = weak == VT_COMPLEX ? 3 : weak == VT_FLOAT ? 2 : weak == VT_INT ? 1 : 0;
			if (rank >= wr)
				weak = pyc;
			continue;
		}
		int xdt;
		if (vs[i]->type == VT_NDARRAY) { /* host or device: only its dtype counts */
			xdt = vs[i]->u.arr->dtype;
		} else {
			struct ndarray *x = arr_asarray(ev, &backend_host, vs[i], -1);
			if (!x)
				return -1;
			xdt = x->dtype;
			nd_decref(x);
		}
		strong = strong < 0 ? xdt : dt_promote(strong, xdt);
	}
	if (strong < 0)
		strong = weak == VT_COMPLEX ? DT_COMPLEX128 : weak == VT_FLOAT ? DT_FLOAT64 : DT_INT64;
	else if (weak)
		strong = dt_promote_weak(strong, weak);
	return dt_promote_weak(strong, VT_FLOAT);
}

/* linspace of arrays, complex or non-float64 endpoints: NumPy's
 * composition, start/stop cast to dt, the new axis moved to `axis`. */
static struct value *linspace_general(struct eval *ev, const struct backend *be, struct value *sv,
				      struct value *ev_, int64_t num, int endpoint, int dt, int want,
				      int64_t axis, struct value **stepout)
{
	struct value *start = NULL, *stop = NULL, *y = NULL;
	struct ndarray *s, *e;
	if (num < 0)
		return err_set(ev, TY_ValueError, "Number of samples, %lld, must be non-negative.", (long long)num);
	s = arr_asarray(ev, be, sv, dt);
	e = s ? arr_asarray(ev, be, ev_, dt) : NULL;
	start = s ? arr_wrap(ev, s) : NULL;
	stop = e ? arr_wrap(ev, e) : NULL;
	if (start && stop)
		y = linspace_composed(ev, be, start, stop, num, endpoint, dt, stepout);
	if (start)
		val_decref(start);
	if (stop)
		val_decref(stop);
	if (y && axis != 0) {
		struct value *args[3] = {y, val_int(0), val_int(axis)};
		struct value *m = arr_ns_call(ev, be, "moveaxis", 3, args, NULL);
		val_decref(args[1]);
		val_decref(args[2]);
		val_decref(y);
		y = m;
	}
	if (y && want >= 0 && dt_is_int(want))
		y = ex_fn1(ev, be, "floor", y);
	if (y && want >= 0 && arr_borrow(y) && arr_borrow(y)->dtype != want) {
		struct ndarray *c = arr_astype(ev, arr_borrow(y), want);
		val_decref(y);
		y = c ? arr_wrap(ev, c) : NULL;
	}
	if (!y && stepout && *stepout) {
		val_decref(*stepout);
		*stepout = NULL;
	}
	return y;
}

static struct value *fn_linspace(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *sv, *ev_, *numv = NULL, *endv = NULL, *retv = NULL, *dtype = NULL, *axis = NULL, *device = NULL;
	double start, stop, step;
	int64_t num;
	int endpoint, ret, dt = -1;
	struct ndarray *r;
	int64_t ax;
	if (args_parse(ev, "linspace", argc, argv, kw, "start,stop|num,endpoint,retstep,dtype,axis,$device",
		       &sv, &ev_, &numv, &endv, &retv, &dtype, &axis, &device) < 0 ||
	    args_int(ev, numv, 50, &num) < 0 || args_bool(ev, endv, 1, &endpoint) < 0 ||
	    args_bool(ev, retv, 0, &ret) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0 ||
	    args_int(ev, axis, 0, &ax) < 0)
		return NULL;
	{
		struct npscalar x;
		int pyc, rdt = linspace_dtype(ev, sv, ev_);
		if (rdt < 0)
			return NULL;
		if (rdt != DT_FLOAT64 || ax != 0 || arr_value_scalar(sv, &x, &pyc) || arr_value_scalar(ev_, &x, &pyc)) {
			struct value *stepv = NULL, *y;
			y = linspace_general(ev, arr_be(bi), sv, ev_, num, endpoint, rdt, dt, ax, ret ? &stepv : NULL);
			if (!y || !ret)
				return y;
			return val_tuple_new(2, (struct value *[]){y, stepv});
		}
	}
	if (val_as_double(ev, sv, &start) < 0 || val_as_double(ev, ev_, &stop) < 0)
		return NULL;
	r = linspace_on(ev, arr_be(bi), start, stop, num, endpoint, &step); /* num < 0: its error */
	if (!r)
		return NULL;
	if (dt >= 0 && dt != DT_FLOAT64) {
		struct ndarray *c;
		if (dt_is_int(dt)) { /* NumPy floors before the cast to an integer */
			struct value *rv = arr_wrap(ev, r), *in[1] = {rv};
			r = rv ? uf_apply_arrays(ev, nd_backend(rv->u.arr), uf_lookup("floor"), 1, in, NULL) : NULL;
			val_decref(rv);
			if (!r)
				return NULL;
		}
		c = arr_astype(ev, r, dt);
		nd_decref(r);
		r = c;
		if (!r)
			return NULL;
	}
	if (ret) {
		struct value *items[2];
		items[0] = arr_wrap(ev, r);
		if (!items[0])
			return NULL;
		if ((endpoint ? num - 1 : num) > 0) {
			union scalar_data d;
			d.f = step;
			items[1] = val_scalar(DT_FLOAT64, d);
		} else { /* NumPy's step is the Python float nan then */
			items[1] = val_float(NAN);
		}
		return val_tuple_new(2, items);
	}
	return arr_wrap(ev, r);
}

/* logspace of arrays, complex endpoints or an array base, as NumPy writes
 * it: an array base is broadcast with start/stop and gets the new axis,
 * then power(base, linspace(start, stop, num, endpoint, axis=axis)). */
static struct value *logspace_general(struct eval *ev, const struct backend *be, struct value *sv,
				      struct value *ev_, int64_t num, int endpoint, struct value *basev,
				      int want, int64_t axis)
{
	struct value *v[3] = {val_incref(sv), val_incref(ev_), basev ? val_incref(basev) : val_float(10.0)};
	struct value *y = NULL, *r = NULL;
	struct npscalar x;
	int pyc;
	if (arr_value_scalar(v[2], &x, &pyc)) {
		struct ndarray *b = arr_asarray(ev, be, v[2], -1);
		int bnd = b ? b->ndim : -1;
		nd_decref(b);
		if (bnd < 0)
			goto out;
		if (bnd > 0) {
			struct ndarray *a[3] = {NULL, NULL, NULL};
			int64_t shape[ND_MAXDIM];
			int ndmax = 0;
			for (int i = 0; i < 3; i++)
				if (!(a[i] = arr_asarray(ev, be, v[i], -1)))
					break;
			int rc = a[2] ? arr_broadcast_shapes(ev, 3, (const struct ndarray *const *)a, &ndmax, shape) : -1;
			for (int i = 0; i < 3; i++)
				nd_decref(a[i]);
			if (rc < 0)
				goto out;
			for (int i = 0; i < 3; i++) {
				struct value *nv = arr_ns_callk(ev, be, "array", 1, &v[i], "ndmin", val_int(ndmax));
				val_decref(v[i]);
				v[i] = nv;
				if (!nv)
					goto out;
			}
			{
				struct value *args[2] = {v[2], val_int(axis)};
				struct value *nb = arr_ns_call(ev, be, "expand_dims", 2, args, NULL);
				val_decref(args[1]);
				val_decref(v[2]);
				if (!(v[2] = nb))
					goto out;
			}
		}
	}
	{
		int rdt = linspace_dtype(ev, v[0], v[1]);
		if (rdt >= 0)
			y = linspace_general(ev, be, v[0], v[1], num, endpoint, rdt, -1, axis, NULL);
	}
	if (y)
		r = ex_fn2(ev, be, "power", val_incref(v[2]), y);
	if (r && want >= 0 && arr_borrow(r) && arr_borrow(r)->dtype != want) {
		struct ndarray *c = arr_astype(ev, arr_borrow(r), want);
		val_decref(r);
		r = c ? arr_wrap(ev, c) : NULL;
	}
out:
	for (int i = 0; i < 3; i++)
		if (v[i])
			val_decref(v[i]);
	return r;
}

static struct value *fn_logspace(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *sv, *ev_, *numv = NULL, *endv = NULL, *basev = NULL, *dtype = NULL, *axis = NULL;
	double start, stop, step, base;
	int64_t num, ax;
	int endpoint, dt = -1;
	struct ndarray *y, *r;
	if (args_parse(ev, "logspace", argc, argv, kw, "start,stop|num,endpoint,base,dtype,axis",
		       &sv, &ev_, &numv, &endv, &basev, &dtype, &axis) < 0 ||
	    args_int(ev, numv, 50, &num) < 0 || args_bool(ev, endv, 1, &endpoint) < 0 ||
	    arr_parse_dtype(ev, dtype, &dt) < 0 || args_int(ev, axis, 0, &ax) < 0)
		return NULL;
	{
		struct npscalar x;
		int pyc, rdt = linspace_dtype(ev, sv, ev_);
		if (rdt < 0)
			return NULL;
		/* the general form also keeps device data where it is: linspace and
		 * power by the array's backend */
		if (rdt != DT_FLOAT64 || ax != 0 || ds_wanted(arr_be(bi)) ||
		    arr_value_scalar(sv, &x, &pyc) || arr_value_scalar(ev_, &x, &pyc) ||
		    (basev && (arr_value_scalar(basev, &x, &pyc) || dt_is_complex(x.dtype))))
			return logspace_general(ev, arr_be(bi), sv, ev_, num, endpoint, basev, dt, ax);
	}
	if (args_double(ev, basev, 10.0, &base) < 0 || val_as_double(ev, sv, &start) < 0 ||
	    val_as_double(ev, ev_, &stop) < 0)
		return NULL;
	y = linspace_host(ev, start, stop, num, endpoint, &step);
	if (!y)
		return NULL;
	{
		struct value *bv = val_float(base), *yv = arr_wrap(ev, y), *in[2] = {bv, yv};
		r = yv ? uf_apply_arrays(ev, &backend_host, uf_lookup("power"), 2, in, NULL) : NULL;
		val_decref(bv);
		val_decref(yv);
	}
	if (r && dt >= 0 && dt != r->dtype) {
		struct ndarray *c = arr_astype(ev, r, dt);
		nd_decref(r);
		r = c;
	}
	if (r) {   /* arr_to_backend: a new reference when already there */
		struct ndarray *c = arr_to_backend(ev, r, arr_be(bi));
		nd_decref(r);
		r = c;
	}
	return arr_wrap(ev, r);
}

/* eye(n, m, k): zeros with the k-th diagonal (a strided view) filled with
 * one, by the array's backend: no pass over the zeros, no host copy */
static struct ndarray *make_eye(struct eval *ev, const struct backend *be, int64_t n, int64_t m,
				int64_t k, int dt)
{
	int64_t sh[2] = {n, m};
	struct ndarray *r = nd_new_zeroed(ev, be, dt, 2, sh);
	int64_t r0 = k >= 0 ? 0 : -k, c0 = k >= 0 ? k : 0;
	int64_t len = n - r0 < m - c0 ? n - r0 : m - c0;
	if (!r || len <= 0)
		return r;
	{
		int64_t isz = dt_size(dt), st = (m + 1) * isz;
		struct ndarray *d = nd_view(ev, r, dt, 1, &len, &st, r->offset + (r0 * m + c0) * isz);
		struct npscalar one = {DT_FLOAT64, {.f = 1.0}};
		int rc = d ? be->fill(ev, d, &one) : -1;
		nd_decref(d);
		if (rc < 0) {
			nd_decref(r);
			return NULL;
		}
	}
	return r;
}

/* tri on the host: a row prefix of ones a row */
static struct ndarray *host_tri(struct eval *ev, int64_t n, int64_t m, int64_t k, int dt)
{
	int64_t sh[2] = {n, m};
	/* tri writes every item, so reused memory from the allocator's cache is cheaper */
	struct ndarray *r = nd_new(ev, &backend_host, dt, 2, sh);
	struct npscalar one = {DT_FLOAT64, {.f = 1.0}};
	char item[16];
	int64_t isz = dt_size(dt);
	if (!r)
		return NULL;
	arr_scalar_store(dt, item, &one);
	char *p = nd_data(r);
	for (int64_t i = 0; i < n; i++) {
		char *row = p + i * m * isz;
		/* tri: ones where j <= i + k */
		int64_t cnt = k >= m - i ? m : (k < -i ? 0 : i + k + 1);
		host_fill_run(row, item, cnt, (int)isz);
		memset(row + cnt * isz, 0, (size_t)((m - cnt) * isz));
	}
	return r;
}

/* the largest tri (bytes) built on the host and copied over */
#define TRI_HOST_MAX (64 * 1024)

/* tri where the array lives, as NumPy writes it:
 * greater_equal.outer(arange(N), arange(-k, M - k)).astype(dtype), with
 * the cast in the comparison's out= */

static struct value *dev_tri(struct eval *ev, const struct backend *be, int64_t n, int64_t m, int64_t k, int dt)
{
	struct value *a1[1] = {val_int(n)}, *a2[2] = {val_int(-k), val_int(m - k)}, *i64 = val_dtype(DT_INT64, 1);
	struct value *i = arr_ns_callk(ev, be, "arange", 1, a1, "dtype", i64);
	struct value *j = arr_ns_callk(ev, be, "arange", 2, a2, "dtype", i64);
	struct value *key[2] = {val_slice_new(val_none(), val_none(), val_none()), val_none()}, *mask, *r;
	val_decref(i64);
	val_decref(a1[0]);
	val_decref(a2[0]);
	val_decref(a2[1]);
	if (!i || !j) {
		if (i)
			val_decref(i);
		if (j)
			val_decref(j);
		val_decref(key[0]);
		val_decref(key[1]);
		return NULL;
	}
	/* greater_equal(i[:, None], j, out=r): the comparison's bools cast as
	 * they are stored, one pass over the (n, m) result instead of a bool
	 * array and its astype */
	{
		int64_t sh[2] = {n, m};
		struct ndarray *o = nd_new(ev, be, dt, 2, sh);
		struct value *ov = o ? arr_wrap(ev, o) : NULL, *in[2];
		in[0] = ex_item(ev, i, val_tuple_new(2, key));
		in[1] = j;
		mask = in[0] && ov ? arr_ufunc_call(ev, be, "greater_equal", 2, in, ov) : NULL;
		if (in[0])
			val_decref(in[0]);
		val_decref(j);
		if (!mask) {
			if (ov)
				val_decref(ov);
			return NULL;
		}
		val_decref(mask);   /* out= answers r itself */
		r = ov;
	}
	return r;
}

static struct value *to_be(struct eval *ev, const struct builtin *bi, struct ndarray *r)
{
	if (r) {   /* arr_to_backend: a new reference when already there */
		struct ndarray *c = arr_to_backend(ev, r, arr_be(bi));
		nd_decref(r);
		r = c;
	}
	return arr_wrap(ev, r);
}

static struct value *fn_eye(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *nv, *mv = NULL, *kv = NULL, *dtype = NULL, *order = NULL, *device = NULL, *like = NULL;
	int64_t n, m, k;
	int dt = DT_FLOAT64;
	if (args_parse(ev, "eye", argc, argv, kw, "N|M,k,dtype,order,$device,like",
		       &nv, &mv, &kv, &dtype, &order, &device, &like) < 0 ||
	    val_as_int64(ev, nv, &n) < 0 || args_int(ev, mv, n, &m) < 0 ||
	    args_int(ev, kv, 0, &k) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	if (n < 0 || m < 0)
		return negative_dims(ev, arr_be(bi));
	return arr_wrap(ev, make_eye(ev, arr_be(bi), n, m, k, dt));
}

static struct value *fn_identity(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *nv, *dtype = NULL, *like = NULL;
	int64_t n;
	int dt = DT_FLOAT64;
	if (args_parse(ev, "identity", argc, argv, kw, "n|dtype,$like", &nv, &dtype, &like) < 0 ||
	    val_as_int64(ev, nv, &n) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	if (n < 0)
		return negative_dims(ev, arr_be(bi));
	return arr_wrap(ev, make_eye(ev, arr_be(bi), n, n, 0, dt));
}

static struct value *fn_tri(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *nv, *mv = NULL, *kv = NULL, *dtype = NULL, *like = NULL;
	int64_t n, m, k;
	int dt = DT_FLOAT64;
	if (args_parse(ev, "tri", argc, argv, kw, "N|M,k,dtype,$like", &nv, &mv, &kv, &dtype, &like) < 0 ||
	    val_as_int64(ev, nv, &n) < 0 || args_int(ev, mv, n, &m) < 0 ||
	    args_int(ev, kv, 0, &k) < 0 || arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	/* a small one is built on the host and copied over once (one copy
	 * beats the four launches of the composition: tri 32x32 on the H100
	 * went 2.4x -> 0.58x of CuPy when composed) */
	if (ds_wanted(arr_be(bi)) && !(n > 0 && m > 0 && n <= TRI_HOST_MAX && m <= TRI_HOST_MAX && n * m * dt_size(dt) <= TRI_HOST_MAX))
		return dev_tri(ev, arr_be(bi), n, m, k, dt);
	return to_be(ev, bi, host_tri(ev, n, m, k, dt));
}

/* triu/tril: zero the other triangle of the last two dims */
static struct value *trilu(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw, int upper)
{
	struct value *mv, *kv = NULL;
	int64_t k;
	struct ndarray *a, *c;
	if (args_parse(ev, bi->name, argc, argv, kw, "m|k", &mv, &kv) < 0 || args_int(ev, kv, 0, &k) < 0)
		return NULL;
	a = arr_asarray(ev, arr_be(bi), mv, -1);
	if (!a)
		return NULL;
	if (a->ndim < 1) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "input array must be at least 1-d");
	}
	if (ds_wanted(nd_backend(a))) {
		struct value *r = ds_trilu(ev, a, k, upper);
		nd_decref(a);
		return r;
	}
	c = arr_contiguous(ev, a);   /* host memory here (ds_wanted is 1 for device memory) */
	if (c && a->ndim == 1) {
		/* NumPy broadcasts a 1-d input to (n, n) */
		int64_t sh[2] = {a->shape[0], a->shape[0]};
		struct ndarray *b = arr_broadcast_to(ev, c, 2, sh);
		struct ndarray *c2 = b ? arr_contiguous(ev, b) : NULL;
		nd_decref(b);
		nd_decref(c);
		c = c2;
	}
	nd_decref(a);
	if (!c)
		return NULL;
	{
		int nd = c->ndim, isz = dt_size(c->dtype);
		int64_t n = c->shape[nd - 2], m = c->shape[nd - 1], batch = nd_size(c) / ((n * m) != 0 ? n * m : 1);
		char *p = nd_data(c);
		/* zero, per row, the columns outside the triangle: j < i + k for
		 * triu, j > i + k for tril (one memset a row) */
		for (int64_t b = 0; b < batch && (n * m) != 0; b++)
			for (int64_t i = 0; i < n; i++) {
				int64_t lo, hi, e = k >= m - i ? m : (k < -i ? 0 : i + k); /* clamp(i + k) */
				if (upper) {
					lo = 0;
					hi = e;
				} else {
					lo = k >= m - i - 1 ? m : (k < -i - 1 ? 0 : i + k + 1);
					hi = m;
				}
				if (hi > lo)
					memset(p + ((b * n + i) * m + lo) * isz, 0, (size_t)((hi - lo) * isz));
			}
	}
	return to_be(ev, bi, c);
}

static struct value *fn_triu(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return trilu(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_tril(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return trilu(ev, bi, argc, argv, kw, 0);
}

/* np.diag(v, k=0) */
static struct value *fn_diag(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *vv, *kv = NULL;
	int64_t k;
	struct ndarray *a, *h, *r;
	if (args_parse(ev, "diag", argc, argv, kw, "v|k", &vv, &kv) < 0 || args_int(ev, kv, 0, &k) < 0)
		return NULL;
	/* views and copies by the array's own backend: no host round trip */
	a = arr_asarray(ev, arr_be(bi), vv, -1);
	if (!a)
		return NULL;
	if (a->ndim == 1) {
		int64_t n = a->shape[0] + (k < 0 ? -k : k), sh[2] = {n, n};
		int64_t isz = dt_size(a->dtype), len = a->shape[0], st = (n + 1) * isz;
		int64_t row = k >= 0 ? 0 : -k, col = k >= 0 ? k : 0;
		r = nd_new_zeroed(ev, nd_backend(a), a->dtype, 2, sh);
		h = r && len ? nd_view(ev, r, a->dtype, 1, &len, &st, r->offset + (row * n + col) * isz) : NULL;
		if (r && len && (!h || nd_backend(a)->copy(ev, h, a) < 0)) {
			nd_decref(r);
			r = NULL;
		}
		nd_decref(h);
	} else if (a->ndim == 2) {
		int64_t n = a->shape[0], m = a->shape[1], len;
		int64_t r0 = k >= 0 ? 0 : -k, c0 = k >= 0 ? k : 0;
		len = (n - r0 < m - c0 ? n - r0 : m - c0);
		if (len < 0)
			len = 0;
		int64_t st = a->strides[0] + a->strides[1];
		struct ndarray *v = nd_view(ev, a, a->dtype, 1, &len, &st,
					    a->offset + (len ? r0 * a->strides[0] + c0 * a->strides[1] : 0));
		r = v ? arr_contiguous(ev, v) : NULL;
		nd_decref(v);
	} else {
		r = err_set(ev, TY_ValueError, "Input must be 1- or 2-d.");
	}
	nd_decref(a);
	return arr_wrap(ev, r);
}

/* np.meshgrid(*xi, copy=True, sparse=False, indexing='xy') -> tuple */
static struct value *fn_meshgrid(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	int sparse = 0, xy = 1, n = argc;
	struct value *items[ND_MAXDIM];
	int64_t sh[ND_MAXDIM];
	struct ndarray *xs[ND_MAXDIM];
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "indexing")) {
			const char *s = val_as_cstr(kw->vals[i]);
			if (!s || (strcmp(s, "xy") && strcmp(s, "ij")))
				return err_set(ev, TY_ValueError, "Valid values for `indexing` are 'xy' and 'ij'.");
			xy = !strcmp(s, "xy");
		} else if (!strcmp(kw->names[i], "sparse")) {
			if (args_bool(ev, kw->vals[i], 0, &sparse) < 0)
				return NULL;
		} else if (strcmp(kw->names[i], "copy")) {
			return err_set(ev, TY_TypeError, "meshgrid() got an unexpected keyword argument '%s'", kw->names[i]);
		}
	}
	if (n > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many arrays");
	for (int i = 0; i < n; i++) {
		struct ndarray *a = arr_asarray(ev, arr_be(bi), argv[i], -1);
		int64_t sz;
		if (!a) {
			for (int j = 0; j < i; j++)
				nd_decref(xs[j]);
			return NULL;
		}
		sz = nd_size(a);
		xs[i] = arr_reshape(ev, a, 1, &sz);
		nd_decref(a);
		if (!xs[i]) {
			for (int j = 0; j < i; j++)
				nd_decref(xs[j]);
			return NULL;
		}
		sh[i] = sz;
	}
	if (xy && n > 1) {
		int64_t t = sh[0];
		sh[0] = sh[1];
		sh[1] = t;
	}
	for (int i = 0; i < n; i++) {
		int64_t s1[ND_MAXDIM];
		int ax = (xy && n > 1 && i < 2) ? 1 - i : i;
		for (int k = 0; k < n; k++)
			s1[k] = k == ax ? xs[i]->shape[0] : 1;
		struct ndarray *v = arr_reshape(ev, xs[i], n, s1), *r = NULL;
		if (v) {
			if (sparse) {
				r = arr_contiguous(ev, v);
			} else {
				struct ndarray *b = arr_broadcast_to(ev, v, n, sh);
				r = b ? arr_contiguous(ev, b) : NULL;
				nd_decref(b);
			}
		}
		nd_decref(v);
		items[i] = r ? arr_wrap(ev, r) : NULL;
		if (!items[i]) {
			for (int j = 0; j < i; j++)
				val_decref(items[j]);
			for (int j = 0; j < n; j++)
				nd_decref(xs[j]);
			return NULL;
		}
	}
	for (int j = 0; j < n; j++)
		nd_decref(xs[j]);
	return val_tuple_new(n, items);
}

/* np.fromfunction(function, shape, *, dtype=float, **kwargs) */
static struct value *fn_fromfunction(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *f, *shape, *args[ND_MAXDIM];
	int nd, dt = DT_FLOAT64;
	int64_t sh[ND_MAXDIM];
	struct kwargs rest = {0};
	const char *names[16];
	struct value *vals[16];
	if (argc != 2)
		return err_set(ev, TY_TypeError, "fromfunction() takes 2 positional arguments but %d were given", argc);
	f = argv[0];
	shape = argv[1];
	for (int i = 0; kw && i < kw->n; i++) {
		if (!strcmp(kw->names[i], "dtype")) {
			if (arr_parse_dtype(ev, kw->vals[i], &dt) < 0)
				return NULL;
		} else if (rest.n < 16) {
			names[rest.n] = kw->names[i];
			vals[rest.n++] = kw->vals[i];
		}
	}
	rest.names = names;
	rest.vals = vals;
	if (arr_parse_shape(ev, shape, &nd, sh) < 0)
		return NULL;
	/* as NumPy: args = indices(shape, dtype=dtype), made by the array's
	 * backend (one launch a dimension, no host copy) */
	{
		struct value *shv, *idx, *dims[ND_MAXDIM];
		for (int d = 0; d < nd; d++)
			dims[d] = val_int(sh[d]);
		shv = val_tuple_new(nd, dims);
		struct value *dv = val_dtype(dt, 1);
		idx = shv ? arr_ns_callk(ev, arr_be(bi), "indices", 1, &shv, "dtype", dv) : NULL;
		val_decref(dv);
		if (shv)
			val_decref(shv);
		if (!idx)
			return NULL;
		for (int d = 0; d < nd; d++) {
			args[d] = ex_item(ev, val_incref(idx), val_int(d));
			if (!args[d]) {
				for (int j = 0; j < d; j++)
					val_decref(args[j]);
				val_decref(idx);
				return NULL;
			}
		}
		val_decref(idx);
	}
	{
		struct value *r = val_call(ev, f, nd, args, &rest);
		for (int j = 0; j < nd; j++)
			val_decref(args[j]);
		return r;
	}
}

/* np.frombuffer(buffer, dtype=float, count=-1, offset=0): NumPy's
 * PyArray_FromBuffer checks and words.  From bytes: a copy (bytes are
 * immutable) presented as NumPy presents the bytes' memory, read-only and
 * not owning its data (the copy is a view of one item more).  From a host
 * C-contiguous ndarray: a view of its memory, writeable as it is (a copy,
 * read-only, where offset would misalign the items: the loops assume
 * aligned data).
 * cp.frombuffer is CuPy's: the host result moved to the device. */
static struct value *fn_frombuffer(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *src, *dtv = NULL, *cv = NULL, *ov = NULL, *like = NULL;
	struct ndarray *sa = NULL, *r;
	const char *data;
	char scbuf[32];
	int dt = DT_FLOAT64;
	int64_t count = -1, offset = 0, len, n, item;
	if (args_parse(ev, "frombuffer", argc, argv, kw, "buffer|dtype,count,offset,$like",
		       &src, &dtv, &cv, &ov, &like) < 0 ||
	    arr_parse_dtype(ev, dtv, &dt) < 0 ||
	    (cv && val_as_int64(ev, cv, &count) < 0) || (ov && val_as_int64(ev, ov, &offset) < 0))
		return NULL;
	if (src->type == VT_BYTES) {
		data = src->u.str->s;
		len = (int64_t)src->u.str->len;
	} else if (src->type == VT_SCALAR) { /* a NumPy scalar's (read-only) bytes */
		arr_scalar_store(src->u.sc.dtype, scbuf, &src->u.sc);
		data = scbuf;
		len = dt_size(src->u.sc.dtype);
	} else if (src->type == VT_NDARRAY && !arr_is_cupy(nd_backend(src->u.arr))) {
		sa = src->u.arr;
		if (!nd_is_c_contiguous(sa))
			return err_set(ev, TY_ValueError, "ndarray is not C-contiguous");
		data = nd_data(sa);
		len = nd_size(sa) * dt_size(sa->dtype);
	} else {
		return err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'",
			       src->type == VT_NDARRAY ? "ndarray" : val_type_name(src));
	}
	if (offset < 0 || offset > len)
		return err_set(ev, TY_ValueError, "offset must be non-negative and no greater than buffer length (%lld)",
			       (long long)len);
	item = dt_size(dt);
	len -= offset;
	if (count < 0) {
		if (len % item)
			return err_set(ev, TY_ValueError, "buffer size must be a multiple of element size");
		n = len / item;
	} else {
		if (count > len / item)
			return err_set(ev, TY_ValueError, "buffer is smaller than requested size");
		n = count;
	}
	int64_t st = item;
	if (sa && (sa->offset + offset) % item == 0) {
		r = nd_view(ev, sa, dt, 1, &n, &st, sa->offset + offset);
	} else {
		int64_t n1 = n + 1;
		struct ndarray *base = nd_new(ev, &backend_host, dt, 1, &n1);
		if (!base)
			return NULL;
		if (n)
			memcpy(nd_data(base), data + offset, (size_t)(n * item));
		r = nd_view(ev, base, dt, 1, &n, &st, 0);
		nd_decref(base);
		if (r)
			r->flags = (r->flags & ~ND_WRITEABLE) | ND_LOCKED;   /* bytes are immutable */
	}
	if (r) {   /* arr_to_backend: a new reference when already there */
		struct ndarray *d = arr_to_backend(ev, r, arr_be(bi));
		nd_decref(r);
		r = d;
	}
	return arr_wrap(ev, r);
}

/* NumPy's linspace body for array (any shape, complex too) start / stop of
 * dtype dt: arange(num).reshape(-1, 1...) * step + start, stop exact at the
 * end.  Borrowed start / stop. */
static struct value *linspace_composed(struct eval *ev, const struct backend *be, struct value *start,
				       struct value *stop, int64_t num, int endpoint, int dt, struct value **stepout)
{
	int64_t div = endpoint ? num - 1 : num, shape[ND_MAXDIM + 1];
	struct value *delta = ex_bin(ev, OP_SUB, val_incref(stop), val_incref(start)), *y;
	struct ndarray *d = delta ? arr_asarray(ev, be, delta, -1) : NULL, *ar, *rs;
	if (!d) {
		if (delta)
			val_decref(delta);
		return NULL;
	}
	int nd = d->ndim;
	nd_decref(d);
	/* arange(num) made where the result lives (the backend's arange_fill:
	 * no host loop, no copy over the bus) */
	if (!(ar = nd_new(ev, be, DT_FLOAT64, 1, &num))) {
		val_decref(delta);
		return NULL;
	}
	if (num > 0) {
		static const double first2[2] = {0.0, 1.0};
		int rc = be->arange_fill ? be->arange_fill(ev, ar, first2, NULL)
					 : (err_set(ev, TY_RuntimeError, "linspace: no arange_fill on the %s backend", be->name), -1);
		if (rc < 0) {
			nd_decref(ar);
			val_decref(delta);
			return NULL;
		}
	}
	shape[0] = num;
	for (int k = 0; k < nd; k++)
		shape[k + 1] = 1;
	rs = arr_reshape(ev, ar, nd + 1, shape);
	nd_decref(ar);
	if (rs && rs->dtype != dt) {
		ar = arr_astype(ev, rs, dt);
		nd_decref(rs);
		rs = ar;
	}
	y = rs ? arr_wrap(ev, rs) : NULL;
	if (div > 0) {
		struct value *step = ex_bin(ev, OP_TRUEDIV, val_incref(delta), val_int(div));
		struct value *z = step ? ex_fn1(ev, be, "any", ex_bin(ev, OP_EQ, val_incref(step), val_int(0))) : NULL;
		int t = z ? val_truth(ev, z) : -1;
		if (z)
			val_decref(z);
		if (t < 0) {
			if (step)
				val_decref(step);
			step = NULL;
			val_decref(delta);
			delta = NULL;
		}
		if (stepout && step)
			*stepout = val_incref(step);
		if (t > 0) {
			y = ex_bin(ev, OP_MUL, ex_bin(ev, OP_TRUEDIV, y, val_int(div)), delta);
			val_decref(step);
		} else {
			y = ex_bin(ev, OP_MUL, y, step);
			if (delta)
				val_decref(delta);
		}
	} else {
		if (stepout)
			*stepout = val_float(NAN);
		y = ex_bin(ev, OP_MUL, y, delta);
	}
	y = ex_bin(ev, OP_ADD, y, val_incref(start));
	if (y && endpoint && num > 1) {
		struct value *k = val_int(-1);
		int rc = val_setitem(ev, y, k, stop);
		val_decref(k);
		if (rc < 0) {
			val_decref(y);
			return NULL;
		}
	}
	return y;
}

/* geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
 * NumPy's composition -- rotate start onto the positive reals, logspace of
 * the log10s, exact endpoints, rotate back. */
static struct value *fn_geomspace(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *sv, *ev_, *nv = NULL, *epv = NULL, *dtv = NULL, *axv = NULL;
	struct value *start = NULL, *stop = NULL, *sign = NULL, *res = NULL, *r = NULL;
	int64_t num = 50, axis = 0;
	int endpoint, dt, want = -1;
	if (args_parse(ev, "geomspace", argc, argv, kw, "start,stop|num,endpoint,dtype,axis", &sv, &ev_, &nv, &epv, &dtv,
		       &axv) < 0 || args_int(ev, nv, 50, &num) < 0 || args_bool(ev, epv, 1, &endpoint) < 0 ||
	    args_int(ev, axv, 0, &axis) < 0 || (dtv && arr_parse_dtype(ev, dtv, &want) < 0))
		return NULL;
	if (num < 0)
		return err_set(ev, TY_ValueError, "Number of samples, %lld, must be non-negative.", (long long)num);
	struct ndarray *s = arr_asarray(ev, be, sv, -1), *e = s ? arr_asarray(ev, be, ev_, -1) : NULL;
	if (!e) {
		nd_decref(s);
		return NULL;
	}
	/* dt = result_type(start, stop, float(num), zeros((), dtype)) */
	dt = dt_promote(dt_promote(s->dtype, e->dtype), want >= 0 ? want : DT_FLOAT64);
	if (!dt_is_inexact(dt)) /* the weak float(num) */
		dt = DT_FLOAT64;
	start = arr_wrap(ev, s);
	stop = arr_wrap(ev, e);
	if (!start || !stop)
		goto out;
	for (int i = 0; i < 2; i++) {
		struct value *z = ex_bin(ev, OP_EQ, val_incref(i ? stop : start), val_int(0));
		struct value *any = z ? arr_ns_call(ev, be, "any", 1, &z, NULL) : NULL;
		int t = any ? val_truth(ev, any) : -1;
		if (z)
			val_decref(z);
		if (any)
			val_decref(any);
		if (t < 0)
			goto out;
		if (t) {
			err_set(ev, TY_ValueError, "Geometric sequence cannot include zero");
			goto out;
		}
	}
	struct ndarray *c1 = arr_astype(ev, s, dt), *c2 = arr_astype(ev, e, dt);
	val_decref(start);
	val_decref(stop);
	start = c1 ? arr_wrap(ev, c1) : NULL;
	stop = c2 ? arr_wrap(ev, c2) : NULL;
	if (!start || !stop)
		goto out;
	if (!(sign = ex_fn1(ev, be, "sign", val_incref(start))))
		goto out;
	start = ex_bin(ev, OP_TRUEDIV, start, val_incref(sign));
	stop = ex_bin(ev, OP_TRUEDIV, stop, val_incref(sign));
	if (!start || !stop)
		goto out;
	{
		/* logspace(log10(start), log10(stop), num, endpoint, base=10.0, dtype=dt):
		 * power(float64(10), linspace(...)).astype(dt) */
		struct value *args[3] = {ex_fn1(ev, be, "log10", val_incref(start)), ex_fn1(ev, be, "log10", val_incref(stop)),
					 val_int(num)};
		struct value *y = args[0] && args[1] ? linspace_composed(ev, be, args[0], args[1], num, endpoint, dt, NULL) : NULL;
		for (int i = 0; i < 3; i++)
			if (args[i])
				val_decref(args[i]);
		res = ex_fn2(ev, be, "power", val_scalar(DT_FLOAT64, (union scalar_data){.f = 10.0}), y);
		if (res && arr_borrow(res) && arr_borrow(res)->dtype != dt) {
			struct ndarray *c = arr_astype(ev, arr_borrow(res), dt);
			val_decref(res);
			res = c ? arr_wrap(ev, c) : NULL;
		}
	}
	if (!res)
		goto out;
	if (num > 0) {
		struct value *k0 = val_int(0), *kn = val_int(-1);
		int rc = val_setitem(ev, res, k0, start);
		if (rc == 0 && num > 1 && endpoint)
			rc = val_setitem(ev, res, kn, stop);
		val_decref(k0);
		val_decref(kn);
		if (rc < 0)
			goto out;
	}
	res = ex_bin(ev, OP_MUL, res, val_incref(sign));
	if (res && axis != 0) {
		struct value *args[3] = {res, val_int(0), val_int(axis)};
		struct value *m = arr_ns_call(ev, be, "moveaxis", 3, args, NULL);
		val_decref(args[1]);
		val_decref(args[2]);
		val_decref(res);
		res = m;
	}
	if (res && want >= 0 && want != dt) {
		struct ndarray *c = arr_astype(ev, arr_borrow(res), want);
		val_decref(res);
		res = c ? arr_wrap(ev, c) : NULL;
	}
	r = res;
	res = NULL;
out:
	for (struct value **p = (struct value *[]){start, stop, sign, res}, **q = p + 4; p < q; p++)
		if (*p)
			val_decref(*p);
	return r;
}

/* np.require(a, dtype=None, requirements=None, *, like=None): NumPy's
 * numpy/_core/_asarray.py: np.array(a, dtype, order, copy=None), then a
 * copy in that order if a flag it asks for ('A', 'W', 'O') is missing. */
static struct value *fn_require(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *av, *dtype = NULL, *reqs = NULL, *like = NULL, *items = NULL, *arr = NULL;
	const struct backend *be = arr_be(bi);
	int want[128] = {0};
	if (args_parse(ev, "require", argc, argv, kw, "a|dtype,requirements,$like", &av, &dtype, &reqs, &like) < 0)
		return NULL;
	if (reqs && reqs->type != VT_NONE && !(items = val_iter_list(ev, reqs)))
		return NULL;
	if (!items || !items->u.seq.n) {
		val_decref(items);
		return dtype ? arr_ns_callk(ev, be, "asanyarray", 1, &av, "dtype", dtype) : arr_ns_call(ev, be, "asanyarray", 1, &av, NULL);
	}
	static const struct { const char *name; char flag; } flags[] = {
		{"C", 'C'}, {"C_CONTIGUOUS", 'C'}, {"CONTIGUOUS", 'C'}, {"F", 'F'}, {"F_CONTIGUOUS", 'F'},
		{"FORTRAN", 'F'}, {"A", 'A'}, {"ALIGNED", 'A'}, {"W", 'W'}, {"WRITEABLE", 'W'}, {"O", 'O'},
		{"OWNDATA", 'O'}, {"E", 'E'}, {"ENSUREARRAY", 'E'},
	};
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *it = items->u.seq.items[i];
		char up[32];
		size_t k = 0, j;
		if (it->type != VT_STR) {
			val_decref(items);
			return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'upper'", val_type_name(it));
		}
		for (; k < it->u.str->len && k < sizeof up - 1; k++)
			up[k] = (char)(it->u.str->s[k] >= 'a' && it->u.str->s[k] <= 'z' ? it->u.str->s[k] - 32 : it->u.str->s[k]);
		up[k] = 0;
		for (j = 0; j < sizeof flags / sizeof flags[0]; j++)
			if (k == it->u.str->len && !strcmp(flags[j].name, up))
				break;
		if (j == sizeof flags / sizeof flags[0]) {
			val_decref(items);
			return err_set(ev, TY_KeyError, "%s", up);
		}
		want[(int)flags[j].flag] = 1;
	}
	val_decref(items);
	if (want['C'] && want['F'])
		return err_set(ev, TY_ValueError, "Cannot specify both \"C\" and \"F\" order");
	const char *order = want['C'] ? "C" : want['F'] ? "F" : "A";
	struct value *ov = val_cstr(order), *none = val_none();
	const char *kn[3] = {"dtype", "order", "copy"};
	struct value *kv[3] = {dtype ? dtype : none, ov, none};
	struct kwargs k = {3, kn, kv};
	arr = ov ? arr_ns_call(ev, be, "array", 1, &av, &k) : NULL;
	static const char props[] = "AWO";
	for (int i = 0; arr && props[i]; i++) {
		if (!want[(int)props[i]])
			continue;
		struct value *fl = val_getattr(ev, arr, "flags"), *key = val_str(&props[i], 1);
		struct value *f = fl && key ? val_getitem(ev, fl, key) : NULL;
		val_decref(fl);
		val_decref(key);
		int t = f ? val_truth(ev, f) : -1;
		val_decref(f);
		if (t < 0) {
			val_decref(arr);
			arr = NULL;
		} else if (!t) {
			struct value *c = arr_method_call(ev, arr, "copy", 1, &ov, NULL);
			val_decref(arr);
			arr = c;
			break;
		}
	}
	val_decref(ov);
	val_decref(none);
	return arr;
}

const struct arr_func arr_creation_funcs[] = {
	{"require", fn_require, "require(a, dtype=None, requirements=None, *, like=None)",
	 "Return an ndarray of the provided type that satisfies requirements."},
	{"array", fn_array, "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, ndmax=0, like=None)", "Create an array."},
	{"asarray", fn_asarray, "asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)", "Convert the input to an array."},
	{"asanyarray", fn_asarray, "asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)", "Convert the input to an ndarray."},
	{"ascontiguousarray", fn_ascontiguousarray, "ascontiguousarray(a, dtype=None, *, like=None)", "Return a contiguous array (ndim >= 1) in memory (C order)."},
	{"empty", fn_empty, "empty(shape, dtype=float, order='C', *, device=None, like=None)", "Return a new array of given shape and type, without initializing entries."},
	{"zeros", fn_zeros, "zeros(shape, dtype=float, order='C', *, device=None, like=None)", "Return a new array of given shape and type, filled with zeros."},
	{"ones", fn_ones, "ones(shape, dtype=None, order='C', *, device=None, like=None)", "Return a new array of given shape and type, filled with ones."},
	{"full", fn_full, "full(shape, fill_value, dtype=None, order='C', *, device=None, like=None)", "Return a new array of given shape and type, filled with fill_value."},
	{"empty_like", fn_empty_like, "empty_like(prototype, dtype=None, order='K', subok=True, shape=None, *, device=None)", "Return a new array with the same shape and type as a given array."},
	{"zeros_like", fn_zeros_like, "zeros_like(a, dtype=None, order='K', subok=True, shape=None, *, device=None)", "Return an array of zeros with the same shape and type as a given array."},
	{"ones_like", fn_ones_like, "ones_like(a, dtype=None, order='K', subok=True, shape=None, *, device=None)", "Return an array of ones with the same shape and type as a given array."},
	{"full_like", fn_full_like, "full_like(a, fill_value, dtype=None, order='K', subok=True, shape=None, *, device=None)", "Return a full array with the same shape and type as a given array."},
	{"arange", fn_arange, "arange([start,] stop[, step,], dtype=None, *, device=None, like=None)", "Return evenly spaced values within a given interval."},
	{"linspace", fn_linspace, "linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None)", "Return evenly spaced numbers over a specified interval."},
	{"geomspace", fn_geomspace, "geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0)",
	 "Return numbers spaced evenly on a log scale (a geometric progression)."},
	{"logspace", fn_logspace, "logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0)", "Return numbers spaced evenly on a log scale."},
	{"eye", fn_eye, "eye(N, M=None, k=0, dtype=float, order='C', *, device=None, like=None)", "Return a 2-D array with ones on the diagonal and zeros elsewhere."},
	{"identity", fn_identity, "identity(n, dtype=None, *, like=None)", "Return the identity array."},
	{"meshgrid", fn_meshgrid, "meshgrid(*xi, copy=True, sparse=False, indexing='xy')", "Return a tuple of coordinate matrices from coordinate vectors."},
	{"diag", fn_diag, "diag(v, k=0)", "Extract a diagonal or construct a diagonal array."},
	{"tri", fn_tri, "tri(N, M=None, k=0, dtype=float, *, like=None)", "An array with ones at and below the given diagonal and zeros elsewhere."},
	{"triu", fn_triu, "triu(m, k=0)", "Upper triangle of an array."},
	{"tril", fn_tril, "tril(m, k=0)", "Lower triangle of an array."},
	{"fromfunction", fn_fromfunction, "fromfunction(function, shape, *, dtype=float, like=None, **kwargs)", "Construct an array by executing a function over each coordinate."},
	{"frombuffer", fn_frombuffer, "frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None)", "Interpret a buffer as a 1-dimensional array."},
	{"copy", fn_copy, "copy(a, order='K', subok=False)", "Return an array copy of the given object."},
	{NULL, NULL, NULL, NULL},
};
