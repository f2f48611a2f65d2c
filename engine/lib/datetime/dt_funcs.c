/*
 * dt_funcs.c — the numpy functions of datetimes: np.datetime64 and
 * np.timedelta64 (the scalar types), np.isnat, np.datetime_data,
 * np.datetime_as_string, and the datetime forms of np.array, np.asarray,
 * np.arange, np.dtype, np.diff, np.mean/min/max/sum.  Each of those takes
 * its datetime path only for a datetime argument and otherwise hands the
 * call to the function the numeric areas published under the same name.
 *
 * Host only: in the cp namespace the datetime forms are a NotImplementedError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datetime/dt_int.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"

/* the function another table published as name (the last one wins) */
static struct value *forward(struct eval *ev, const struct builtin *bi, const char *name, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	const struct arr_func *const *t = arr_published(NS_TOP);
	builtin_fn fn = NULL;
	for (; *t; t++) {
		if (*t == arr_datetime_funcs)
			continue;
		for (const struct arr_func *f = *t; f->name; f++)
			if (!strcmp(f->name, name))
				fn = f->fn;
	}
	if (!fn)
		return err_set(ev, TY_AttributeError, "module 'numpy' has no attribute '%s'", name);
	return fn(ev, bi, argc, argv, kw);
}

static int on_cupy(const struct builtin *bi) { return arr_is_cupy(arr_be(bi)); }

static struct value *cupy_refuses(struct eval *ev, const char *name)
{
	return err_set(ev, TY_NotImplementedError, "cupy.%s: datetime64/timedelta64 arrays are "
		       "host only in Lumen (CuPy has no datetime arrays); use numpy", name);
}

/* a datetime value, or a list/tuple whose first leaf is one */
static struct dt_val *dt_within(struct value *v)
{
	while (v && (v->type == VT_LIST || v->type == VT_TUPLE) && v->u.seq.n)
		v = v->u.seq.items[0];
	struct dt_val *d = dt_val_of(v);
	return d && d->kind != 'U' ? d : NULL;
}

/* kwargs value by name, or NULL */
static struct value *kwarg(const struct kwargs *kw, const char *name)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (!strcmp(kw->names[i], name))
			return kw->vals[i];
	return NULL;
}

/* np.array / np.asarray(obj, dtype=None, ...) */
static struct value *array_like(struct eval *ev, const struct builtin *bi, const char *name, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *dtype = argc > 1 ? argv[1] : kwarg(kw, "dtype");
	struct dt_val *d = argc > 0 ? dt_within(argv[0]) : NULL;
	char kind;
	struct dt_meta m;
	int r = dtype ? dt_dtype_arg(ev, dtype, &kind, &m) : 0;
	if (r < 0)
		return NULL;
	if ((!r && !(d && (!dtype || dtype->type == VT_NONE))) || argc < 1)
		return forward(ev, bi, name, argc, argv, kw);
	if (on_cupy(bi))
		return cupy_refuses(ev, name);
	if (!r) {
		kind = d->kind;
		m.unit = DU_GENERIC;
		m.num = 1;
	}
	if (dt_val_of(argv[0]) && !strcmp(name, "asarray") && (m.unit == DU_GENERIC ||
	    (m.unit == d->m.unit && m.num == d->m.num)) && kind == d->kind && !dt_val_of(argv[0])->scalar)
		return val_incref(argv[0]);
	struct value *v = dt_from_obj(ev, argv[0], kind, &m, 0);
	if (v && dt_val_of(v))
		dt_val_of(v)->scalar = 0;
	if (v && dt_val_of(v) && dt_val_of(v)->a == (dt_val_of(argv[0]) ? dt_val_of(argv[0])->a : NULL)) {
		/* np.array copies */
		struct value *c = dt_val_new(ev, kind, &dt_val_of(v)->m, 0, arr_contiguous(ev, dt_val_of(v)->a));
		val_decref(v);
		v = c;
	}
	return v;
}

static struct value *fn_array(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	return array_like(ev, bi, "array", argc, argv, kw);
}

static struct value *fn_asarray(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	return array_like(ev, bi, "asarray", argc, argv, kw);
}

/* np.dtype('M8[D]') */
static struct value *fn_dtype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	char kind;
	struct dt_meta m;
	int r = argc > 0 ? dt_dtype_arg(ev, argv[0], &kind, &m) : 0;
	if (r < 0)
		return NULL;
	if (!r)
		return forward(ev, bi, "dtype", argc, argv, kw);
	return dt_desc_new(ev, kind, &m, 0);
}

/* np.arange(start, stop, step, dtype) with datetimes: a stop that is an
 * integer counts from start */
static struct value *fn_arange(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *start = NULL, *stop = NULL, *step = NULL, *dtype = NULL, *device = NULL, *like = NULL;
	char kind = 0;
	struct dt_meta m = { DU_GENERIC, 1 }, named, g = { DU_GENERIC, 1 };
	int r = 0;
	int64_t a, b, s = 1, n;
	struct ndarray *o;
	if (args_parse(ev, "arange", argc, argv, kw, "|start,stop,step,dtype$device,like", &start, &stop,
		       &step, &dtype, &device, &like) < 0)
		return NULL;
	if (dtype && (r = dt_dtype_arg(ev, dtype, &kind, &m)) < 0)
		return NULL;
	if (!r) {
		struct dt_val *d = start ? dt_val_of(start) : NULL;
		if (!d || d->kind == 'U')
			return forward(ev, bi, "arange", argc, argv, kw);
		kind = d->kind;
	}
	if (on_cupy(bi))
		return cupy_refuses(ev, "arange");
	if (!start || !stop)
		return err_set(ev, TY_ValueError, "arange requires both a start and a stop for NumPy "
			       "datetime64 ranges");
	if (m.unit == DU_GENERIC) {
		/* the finest unit start and stop name */
		if (dt_item(ev, start, kind, &g, &a, &named) < 0 ||
		    dt_common_meta(ev, kind, &m, &named, &m) < 0)
			return NULL;
		if ((dt_val_of(stop) || stop->type == VT_STR) &&
		    (dt_item(ev, stop, kind, &g, &b, &named) < 0 || dt_common_meta(ev, kind, &m, &named, &m) < 0))
			return NULL;
		if (step && dt_val_of(step) && dt_common_meta(ev, kind, &m, &dt_val_of(step)->m, &m) < 0)
			return NULL;
	}
	if (dt_item(ev, start, kind, &m, &a, &named) < 0)
		return NULL;
	if (kind == 'M' && !dt_val_of(stop) && stop->type != VT_STR) {
		if (val_as_int64(ev, stop, &b) < 0)
			return NULL;
		b += a;
	} else if (dt_item(ev, stop, kind, &m, &b, &named) < 0) {
		return NULL;
	}
	if (step && step->type != VT_NONE) {
		if (dt_val_of(step)) {
			if (dt_item(ev, step, 'm', &m, &s, &named) < 0)
				return NULL;
		} else if (val_as_int64(ev, step, &s) < 0) {
			return NULL;
		}
	}
	if (a == DT_NAT || b == DT_NAT)
		return err_set(ev, TY_ValueError, "arange: cannot use NaT (not-a-time) datetime values");
	if (s == 0)
		return err_set(ev, TY_ValueError, "arange: step cannot be zero");
	n = s > 0 ? (b > a ? (b - a + s - 1) / s : 0) : (a > b ? (a - b - s - 1) / -s : 0);
	if (!(o = nd_new(ev, &backend_host, DT_INT64, 1, &n)))
		return NULL;
	for (int64_t i = 0; i < n; i++)
		((int64_t *)nd_data(o))[i] = a + i * s;
	return dt_val_new(ev, kind, &m, 0, o);
}

/* np.diff(a, n=1, axis=-1) of a datetime array: a[1:] - a[:-1] n times */
static struct value *fn_diff(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *a = NULL, *nv = NULL, *axv = NULL, *prepend = NULL, *append = NULL, *cur;
	int64_t n = 1, axis = -1;
	int ax;
	if (argc < 1 || !dt_val_of(argv[0]))
		return forward(ev, bi, "diff", argc, argv, kw);
	if (args_parse(ev, "diff", argc, argv, kw, "a|n,axis,prepend,append", &a, &nv, &axv, &prepend,
		       &append) < 0 || args_int(ev, nv, 1, &n) < 0 || args_int(ev, axv, -1, &axis) < 0)
		return NULL;
	if (prepend || append)
		return err_set(ev, TY_NotImplementedError, "diff of a datetime array with prepend/append");
	if (n < 0)
		return err_set(ev, TY_ValueError, "order must be non-negative but got %lld", (long long)n);
	struct dt_val *d = dt_val_of(a);
	if (d->a->ndim == 0)
		return err_set(ev, TY_ValueError, "diff requires input that is at least one dimensional");
	if (arr_normalize_axis(ev, axis, d->a->ndim, &ax) < 0)
		return NULL;
	cur = val_incref(a);
	for (int64_t k = 0; k < n && cur; k++) {
		struct value *hi = ex_item(ev, val_incref(cur), ex_axis_key(ax, ex_slice(1, NS_NONE)));
		struct value *lo = ex_item(ev, val_incref(cur), ex_axis_key(ax, ex_slice(NS_NONE, -1)));
		val_decref(cur);
		cur = ex_bin(ev, OP_SUB, hi, lo);
	}
	return cur;
}

static struct value *reduce_fn(struct eval *ev, const struct builtin *bi, const char *name, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	const char *what = !strcmp(name, "amin") ? "min" : !strcmp(name, "amax") ? "max" : name;
	if (argc < 1 || !dt_val_of(argv[0]))
		return forward(ev, bi, name, argc, argv, kw);
	return dt_reduce(ev, argv[0], what, argc - 1, argv + 1, kw);
}

#define REDUCE(fname, name) \
	static struct value *fname(struct eval *ev, const struct builtin *bi, int argc, \
				   struct value **argv, const struct kwargs *kw) \
	{ return reduce_fn(ev, bi, name, argc, argv, kw); }
REDUCE(fn_mean, "mean")
REDUCE(fn_min, "min")
REDUCE(fn_max, "max")
REDUCE(fn_amin, "amin")
REDUCE(fn_amax, "amax")
REDUCE(fn_sum, "sum")

/* np.isnat(x) */
static struct value *fn_isnat(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *x = NULL;
	struct dt_val *d;
	struct ndarray *c, *o;
	int64_t n;
	if (args_parse(ev, "isnat", argc, argv, kw, "x", &x) < 0)
		return NULL;
	if (on_cupy(bi))
		return cupy_refuses(ev, "isnat");
	d = dt_val_of(x);
	if (!d || d->kind == 'U')
		return err_set(ev, TY_TypeError, "ufunc 'isnat' is only defined for np.datetime64 and "
			       "np.timedelta64.");
	if (!(c = dt_items(ev, d)))
		return NULL;
	if (!(o = nd_new(ev, &backend_host, DT_BOOL, c->ndim, c->shape))) {
		nd_decref(c);
		return NULL;
	}
	n = nd_size(c);
	for (int64_t i = 0; i < n; i++)
		((uint8_t *)nd_data(o))[i] = ((int64_t *)nd_data(c))[i] == DT_NAT;
	nd_decref(c);
	return arr_result(ev, o);
}

/* np.datetime_data(dtype) -> (unit, count) */
static struct value *fn_datetime_data(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *dt = NULL, *items[2];
	char kind;
	struct dt_meta m;
	int r;
	(void)bi;
	if (args_parse(ev, "datetime_data", argc, argv, kw, "dtype", &dt) < 0)
		return NULL;
	if (dt_val_of(dt) && dt_val_of(dt)->kind != 'U') {
		m = dt_val_of(dt)->m;
		r = 1;
	} else if ((r = dt_dtype_arg(ev, dt, &kind, &m)) < 0) {
		return NULL;
	}
	if (!r)
		return err_set(ev, TY_TypeError, "cannot get datetime metadata from non-datetime type");
	items[0] = val_cstr(dt_unit_names[m.unit]);
	items[1] = val_int(m.num);
	if (!items[0] || !items[1]) {
		val_decref(items[0]);
		val_decref(items[1]);
		return NULL;
	}
	return val_tuple_new(2, items);
}

/* get_datetime_iso_8601_strlen: the n of '<U n' */
static int iso_strlen(int unit, int utc)
{
	static const int add[DU_COUNT] = { 21, 3, 0, 3, 3, 3, 3, 4, 3, 3, 3, 3, 3, 0 };
	int len = 0;
	if (unit == DU_GENERIC)
		return 62;
	for (int u = DU_Y; u <= unit; u++)
		len += add[u];
	if (unit >= DU_h)
		len += 1;
	(void)utc;
	return len + 1;
}

/* np.datetime_as_string(arr, unit=None, timezone='naive', casting='same_kind') */
static struct value *fn_datetime_as_string(struct eval *ev, const struct builtin *bi, int argc,
					   struct value **argv, const struct kwargs *kw)
{
	struct value *arr = NULL, *unitv = NULL, *tz = NULL, *casting = NULL, *conv = NULL, *res = NULL;
	struct dt_meta g = { DU_GENERIC, 1 }, um;
	struct dt_val *d;
	struct ndarray *c = NULL;
	int unit, utc = 0, autou = 0;
	const char *cast = "same_kind";
	char **strs = NULL;
	int64_t n = 0;
	if (args_parse(ev, "datetime_as_string", argc, argv, kw, "arr|unit,timezone,casting", &arr,
		       &unitv, &tz, &casting) < 0)
		return NULL;
	if (on_cupy(bi))
		return cupy_refuses(ev, "datetime_as_string");
	if (casting && casting->type == VT_STR)
		cast = casting->u.str->s;
	d = dt_val_of(arr);
	if (d && d->kind == 'm')
		return err_set(ev, TY_TypeError, "input must have type NumPy datetime");
	if (!d || d->kind != 'M') {
		if (!(conv = dt_from_obj(ev, arr, 'M', &g, 1)))
			return NULL;
		d = dt_val_of(conv);
	}
	unit = d->m.unit;
	if (unitv && unitv->type == VT_STR) {
		const char *u = unitv->u.str->s;
		if (!strcmp(u, "auto")) {
			autou = 1;
		} else if (dt_parse_unit(u, strlen(u), &um) < 0 || um.num != 1 || um.unit == DU_GENERIC) {
			err_set(ev, TY_TypeError, "Invalid datetime unit \"%s\" in metadata", u);
			goto out;
		} else {
			unit = um.unit;
		}
	} else if (unitv && unitv->type != VT_NONE) {
		err_set(ev, TY_TypeError, "unit must be a string or None");
		goto out;
	}
	if (tz && tz->type == VT_STR && !strcmp(tz->u.str->s, "UTC")) {
		utc = 1;
	} else if (tz && tz->type == VT_STR && !strcmp(tz->u.str->s, "local")) {
		if (strcmp(cast, "unsafe"))
			err_set(ev, TY_TypeError, "Cannot create a local timezone-based date string from a "
				"NumPy datetime without forcing 'unsafe' casting");
		else
			err_set(ev, TY_NotImplementedError, "datetime_as_string: timezone='local' is not "
				"supported by Lumen (only 'naive' and 'UTC')");
		goto out;
	} else if (tz && !(tz->type == VT_STR && !strcmp(tz->u.str->s, "naive")) && tz->type != VT_NONE) {
		err_set(ev, TY_NotImplementedError, "datetime_as_string: Lumen supports timezone='naive' "
			"and 'UTC' only (no tzinfo objects)");
		goto out;
	}
	if (!autou && unit < d->m.unit && d->m.unit != DU_GENERIC &&
	    (!strcmp(cast, "safe") || !strcmp(cast, "no") || !strcmp(cast, "equiv"))) {
		err_set(ev, TY_TypeError, "Cannot create a datetime string as units '%s' from a NumPy "
			"datetime with units '%s' according to the rule '%s'", dt_unit_names[unit],
			dt_unit_names[d->m.unit], cast);
		goto out;
	}
	if (!(c = dt_items(ev, d)))
		goto out;
	n = nd_size(c);
	if (!(strs = calloc(n ? n : 1, sizeof *strs))) {
		err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ((int64_t *)nd_data(c))[i];
		char buf[160];
		if (v == DT_NAT) {
			snprintf(buf, sizeof buf, "NaT");
		} else {
			struct dt_moment t;
			int u = unit;
			dt_to_moment(v, &d->m, &t);
			if (autou) {
				u = d->m.unit <= DU_D ? d->m.unit : dt_lossless_unit(&t);
			} else if (unit < d->m.unit) {
				/* a coarser unit: floored */
				struct dt_meta cm = { unit, 1 };
				int64_t w;
				if (dt_from_moment(ev, &t, &cm, &w) < 0)
					goto out;
				dt_to_moment(w, &cm, &t);
			}
			dt_format_iso(&t, u, buf, sizeof buf - 2);
			if (utc && u >= DU_h)
				strcat(buf, "Z");
		}
		if (!(strs[i] = strdup(buf))) {
			err_nomem(ev);
			goto out;
		}
	}
	if (d->scalar) {
		res = val_cstr(strs[0]);
	} else {
		res = dt_strarr_new(ev, c->ndim, c->shape, strs, n, iso_strlen(autou ? DU_GENERIC : unit, utc));
		strs = NULL;
	}
out:
	if (strs)
		for (int64_t i = 0; i < n; i++)
			free(strs[i]);
	free(strs);
	nd_decref(c);
	val_decref(conv);
	return res;
}

/* np.datetime64, np.timedelta64: the scalar types, added to the numpy module */
int dt_module_objects(struct eval *ev, struct value *mod, int cupy)
{
	struct dt_meta g = { DU_GENERIC, 1 };
	struct value *a, *b;
	if (arr_ndgrid_objects(ev, mod, cupy) < 0)
		return -1;
	if (cupy)
		return 0;
	if (!(a = dt_desc_new(ev, 'M', &g, 1)) || module_add(mod, "datetime64", a) < 0)
		return -1;
	if (!(b = dt_desc_new(ev, 'm', &g, 1)) || module_add(mod, "timedelta64", b) < 0)
		return -1;
	return 0;
}

const struct arr_func arr_datetime_funcs[] = {
	{"array", fn_array, "array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None)",
	 "Create an array."},
	{"asarray", fn_asarray, "asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None)",
	 "Convert the input to an array."},
	{"dtype", fn_dtype, "dtype(dtype, align=False, copy=False, **kwargs)", "Create a data type object."},
	{"arange", fn_arange, "arange([start,] stop[, step,], dtype=None, *, device=None, like=None)",
	 "Return evenly spaced values within a given interval."},
	{"diff", fn_diff, "diff(a, n=1, axis=-1, prepend=<no value>, append=<no value>)",
	 "Calculate the n-th discrete difference along the given axis."},
	{"mean", fn_mean, "mean(a, axis=None, dtype=None, out=None, keepdims=<no value>, *, where=<no value>)",
	 "Compute the arithmetic mean along the specified axis."},
	{"min", fn_min, "min(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the minimum of an array or minimum along an axis."},
	{"max", fn_max, "max(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the maximum of an array or maximum along an axis."},
	{"amin", fn_amin, "amin(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the minimum of an array or minimum along an axis."},
	{"amax", fn_amax, "amax(a, axis=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Return the maximum of an array or maximum along an axis."},
	{"sum", fn_sum, "sum(a, axis=None, dtype=None, out=None, keepdims=<no value>, initial=<no value>, where=<no value>)",
	 "Sum of array elements over a given axis."},
	{"isnat", fn_isnat, "isnat(x, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True)",
	 "Test element-wise for NaT (not a time) and return result as a boolean array."},
	{"datetime_data", fn_datetime_data, "datetime_data(dtype, /)",
	 "Get information about the step size of a date or time type."},
	{"datetime_as_string", fn_datetime_as_string, "datetime_as_string(arr, unit=None, timezone='naive', casting='same_kind')",
	 "Convert an array of datetimes into an array of strings."},
	{NULL, NULL, NULL, NULL},
};
