/*
 * arrvalue.c — the array runtime's toolkit (arrapi.h) and the arr_* hooks of
 * value.h that the language core calls for ndarray and NumPy-scalar operands:
 * operators, truth, conversions, iteration, attributes (arrattr.c holds the
 * ndarray attribute and method tables, npscalar.c the dtype objects).
 *
 * Owns the conversion of Python values to arrays (nested lists included).
 * Never computes elements itself: the backends and ufunc.c do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "array/flex/flex.h"
#include "lang/error.h"
#include "array/format.h"
#include "pyobj/bigint.h"

struct ndarray *arr_borrow(struct value *v)
{
	return v && v->type == VT_NDARRAY ? v->u.arr : NULL;
}

int arr_is_cupy(const struct backend *be)
{
	return be && be->cupy;
}

struct value *arr_wrap(struct eval *ev, struct ndarray *a)
{
	struct value *v;
	if (!a)
		return NULL;
	v = val_ndarray_new(a);
	if (!v)
		return err_nomem(ev);
	if (!a->wrapper)
		a->wrapper = v;
	return v;
}

struct value *arr_result(struct eval *ev, struct ndarray *a)
{
	struct value *v;
	if (!a)
		return NULL;
	if (a->ndim != 0 || arr_is_cupy(nd_backend(a)))   /* np: a NumPy scalar */
		return arr_wrap(ev, a);
	v = arr_scalar_at(ev, a, nd_data(a));
	nd_decref(a);
	return v;
}

/* ---- scalars ---- */

void arr_scalar_load(int dtype, const void *p, struct npscalar *s)
{
	memset(s, 0, sizeof *s);
	s->dtype = dtype;
	switch (dtype) {
	case DT_BOOL: s->v.b = *(const uint8_t *)p != 0; break;
	case DT_INT8: s->v.i = *(const int8_t *)p; break;
	case DT_INT16: s->v.i = *(const int16_t *)p; break;
	case DT_INT32: s->v.i = *(const int32_t *)p; break;
	case DT_INT64: s->v.i = *(const int64_t *)p; break;
	case DT_UINT8: s->v.u = *(const uint8_t *)p; break;
	case DT_UINT16: s->v.u = *(const uint16_t *)p; break;
	case DT_UINT32: s->v.u = *(const uint32_t *)p; break;
	case DT_UINT64: s->v.u = *(const uint64_t *)p; break;
	case DT_FLOAT16: s->v.f = (double)*(const _Float16 *)p; break;
	case DT_FLOAT32: s->v.f = *(const float *)p; break;
	case DT_FLOAT64: s->v.f = *(const double *)p; break;
	case DT_COMPLEX64: s->v.c = *(const float _Complex *)p; break;
	case DT_COMPLEX128: s->v.c = *(const double _Complex *)p; break;
	}
}

/* The scalar's bytes in its own dtype. */
static void scalar_native(const struct npscalar *s, void *p)
{
	switch (s->dtype) {
	case DT_BOOL: *(uint8_t *)p = s->v.b != 0; break;
	case DT_INT8: *(int8_t *)p = (int8_t)s->v.i; break;
	case DT_INT16: *(int16_t *)p = (int16_t)s->v.i; break;
	case DT_INT32: *(int32_t *)p = (int32_t)s->v.i; break;
	case DT_INT64: *(int64_t *)p = s->v.i; break;
	case DT_UINT8: *(uint8_t *)p = (uint8_t)s->v.u; break;
	case DT_UINT16: *(uint16_t *)p = (uint16_t)s->v.u; break;
	case DT_UINT32: *(uint32_t *)p = (uint32_t)s->v.u; break;
	case DT_UINT64: *(uint64_t *)p = s->v.u; break;
	case DT_FLOAT16: *(_Float16 *)p = (_Float16)s->v.f; break;
	case DT_FLOAT32: *(float *)p = (float)s->v.f; break;
	case DT_FLOAT64: *(double *)p = s->v.f; break;
	case DT_COMPLEX64: *(float _Complex *)p = (float _Complex)s->v.c; break;
	case DT_COMPLEX128: *(double _Complex *)p = s->v.c; break;
	}
}

void arr_scalar_store(int dtype, void *p, const struct npscalar *s)
{
	char tmp[16];
	scalar_native(s, tmp);
	arr_hooks.cast_item(s->dtype, dtype, tmp, p);
}

void arr_scalar_cast(const struct npscalar *s, int dtype, struct npscalar *out)
{
	char tmp[16];
	arr_scalar_store(dtype, tmp, s);
	arr_scalar_load(dtype, tmp, out);
}

/* A Python or NumPy scalar as an npscalar of its natural dtype; *pyclass is
 * VT_BOOL/INT/FLOAT/COMPLEX for Python scalars (weak), 0 for NumPy ones.
 * Returns 0, or 1 when v is not a scalar. */
int arr_value_scalar(struct value *v, struct npscalar *s, int *pyclass)
{
	memset(s, 0, sizeof *s);
	*pyclass = 0;
	switch (v->type) {
	case VT_BOOL: s->dtype = DT_BOOL; s->v.b = v->u.i != 0; *pyclass = VT_BOOL; return 0;
	case VT_INT: s->dtype = DT_INT64; s->v.i = v->u.i; *pyclass = VT_INT; return 0;
	case VT_FLOAT: s->dtype = DT_FLOAT64; s->v.f = v->u.f; *pyclass = VT_FLOAT; return 0;
	case VT_COMPLEX: s->dtype = DT_COMPLEX128; s->v.c = v->u.c; *pyclass = VT_COMPLEX; return 0;
	case VT_SCALAR: *s = v->u.sc; return 0;
	default: return 1;
	}
}

struct value *arr_scalar_at(struct eval *ev, const struct ndarray *a, const char *ptr)
{
	struct npscalar s;
	struct value *v;
	arr_scalar_load(a->dtype, ptr, &s);
	v = val_scalar(s.dtype, s.v);
	return v ? v : err_nomem(ev);
}

/* Python int v into integer dtype dt: OverflowError as NumPy 2 says it. */
int arr_check_pyint(struct eval *ev, int64_t v, int dt)
{
	int64_t lo = 0;
	uint64_t hi = 0;
	switch (dt) {
	case DT_INT8: lo = INT8_MIN; hi = INT8_MAX; break;
	case DT_INT16: lo = INT16_MIN; hi = INT16_MAX; break;
	case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
	case DT_INT64: return 0;
	case DT_UINT8: hi = UINT8_MAX; break;
	case DT_UINT16: hi = UINT16_MAX; break;
	case DT_UINT32: hi = UINT32_MAX; break;
	case DT_UINT64: hi = UINT64_MAX; break;
	default: return 0;
	}
	if (v < lo || (v > 0 && (uint64_t)v > hi)) {
		err_set(ev, TY_OverflowError, "Python integer %lld out of bounds for %s",
			(long long)v, dtype_table[dt].name);
		return -1;
	}
	return 0;
}

/* ---- nested sequences -> arrays ---- */

struct infer {
	int ndim;
	int64_t shape[ND_MAXDIM];
	int dtype;       /* promoted so far, -1 none */
	int ragged;      /* inhomogeneous after this many dims, -1 none */
	int nested_arr;  /* device of a nested array differs */
	int hugeint;     /* an int beyond uint64: needs an explicit dtype */
};

static int is_seq(struct value *v)
{
	return v->type == VT_LIST || v->type == VT_TUPLE;
}

static int leaf_dtype(struct value *v)
{
	switch (v->type) {
	case VT_BOOL: return DT_BOOL;
	case VT_INT: return DT_INT64;
	case VT_FLOAT: return DT_FLOAT64;
	case VT_COMPLEX: return DT_COMPLEX128;
	case VT_SCALAR: return v->u.sc.dtype;
	default: return -1;
	}
}

/* Shape from the first elements, then every element checked against it. */
static void infer_shape(struct value *v, struct infer *in)
{
	in->ndim = 0;
	for (;;) {
		if (is_seq(v)) {
			if (in->ndim >= ND_MAXDIM)
				return;
			in->shape[in->ndim++] = (int64_t)v->u.seq.n;
			if (!v->u.seq.n)
				return;
			v = v->u.seq.items[0];
		} else if (v->type == VT_NDARRAY) {
			struct ndarray *a = v->u.arr;
			for (int i = 0; i < a->ndim && in->ndim < ND_MAXDIM; i++)
				in->shape[in->ndim++] = a->shape[i];
			return;
		} else {
			return;
		}
	}
}

static int infer_check(struct eval *ev, struct value *v, int depth, struct infer *in)
{
	if (depth == in->ndim) {
		int d;
		if (v->type == VT_NDARRAY && v->u.arr->ndim == 0) {
			/* a 0-d array is an item (np.array([1, -z[0]]) with z a
			 * cp array: its items are 0-d arrays), of its dtype */
			d = v->u.arr->dtype;
			in->dtype = in->dtype < 0 ? d : dt_promote(in->dtype, d);
			return 0;
		}
		if (is_seq(v) || v->type == VT_NDARRAY) {
			if (in->ragged < 0 || depth < in->ragged)
				in->ragged = depth;
			return 0;
		}
		d = leaf_dtype(v);
		if (v->type == VT_BIGINT) {
			/* beyond int64: a uint64 when it fits (NumPy's object arrays are not supported) */
			d = DT_UINT64;
			if (big_sign(v) < 0 || big_bit_length(v) > 64) {
				in->hugeint = 1;
				d = DT_FLOAT64;
			}
		}
		if (d < 0) {
			if (v->type == VT_STR || v->type == VT_BYTES)
				err_set(ev, TY_NotImplementedError, "Lumen has no string arrays (numeric dtypes "
					"only, as on the GPU in CuPy)");
			else if (farr_borrow(v)) {
				const char *site = val_call_site();
				err_set(ev, TY_TypeError, "%s%sthis function does not take string or record "
					"arrays in Lumen (numeric dtypes only)", site ? site : "", site ? ": " : "");
			}
			else
				err_set(ev, TY_TypeError, "float() argument must be a string or a real number, not '%s'",
					val_type_name(v));
			return -1;
		}
		in->dtype = in->dtype < 0 ? d : dt_promote(in->dtype, d);
		return 0;
	}
	if (v->type == VT_NDARRAY) {
		struct ndarray *a = v->u.arr;
		if (a->ndim != in->ndim - depth) {
			if (in->ragged < 0 || depth < in->ragged)
				in->ragged = depth;
			return 0;
		}
		for (int i = 0; i < a->ndim; i++)
			if (a->shape[i] != in->shape[depth + i]) {
				if (in->ragged < 0 || depth + i < in->ragged)
					in->ragged = depth + i;
				return 0;
			}
		in->dtype = in->dtype < 0 ? a->dtype : dt_promote(in->dtype, a->dtype);
		return 0;
	}
	if (!is_seq(v) || (int64_t)v->u.seq.n != in->shape[depth]) {
		if (in->ragged < 0 || depth < in->ragged)
			in->ragged = depth;
		return 0;
	}
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (infer_check(ev, v->u.seq.items[i], depth + 1, in) < 0)
			return -1;
	return 0;
}

struct filler {
	struct eval *ev;
	char *p;
	int dtype;
	int isz;
};

static int fill_leaf(struct filler *f, struct value *v)
{
	struct npscalar s;
	int pyc;
	if (v->type == VT_BIGINT) {
		/* a Python int beyond int64: converted to the C type, as NumPy does */
		memset(&s, 0, sizeof s);
		if (dt_is_inexact(f->dtype)) {
			s.dtype = DT_FLOAT64;
			if (big_to_double(f->ev, v, &s.v.f) < 0)
				return -1;
		} else if (f->dtype == DT_UINT64 || f->dtype == DT_BOOL) {
			s.dtype = DT_UINT64;
			if (f->dtype == DT_BOOL)
				s.v.u = 1;
			else if (big_as_uint64(f->ev, v, &s.v.u) < 0)
				return -1;
		} else {
			err_set(f->ev, TY_OverflowError, "Python int too large to convert to C long");
			return -1;
		}
		arr_scalar_store(f->dtype, f->p, &s);
		f->p += f->isz;
		return 0;
	}
	if (arr_value_scalar(v, &s, &pyc)) {
		err_set(f->ev, TY_TypeError, "cannot convert %s to an array element", val_type_name(v));
		return -1;
	}
	if (pyc == VT_INT && dt_is_int(f->dtype) && arr_check_pyint(f->ev, s.v.i, f->dtype) < 0)
		return -1;
	arr_scalar_store(f->dtype, f->p, &s);
	f->p += f->isz;
	return 0;
}

static int fill_from(struct filler *f, struct value *v)
{
	if (is_seq(v)) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (fill_from(f, v->u.seq.items[i]) < 0)
				return -1;
		return 0;
	}
	if (v->type == VT_NDARRAY) {
		struct ndarray *a = v->u.arr, *dst;
		int64_t n = nd_size(a);
		struct ndarray *h = arr_to_host(f->ev, a);
		int rc;
		if (!h)
			return -1;
		dst = nd_view(f->ev, h, f->dtype, 0, NULL, NULL, 0);
		if (!dst) {
			nd_decref(h);
			return -1;
		}
		/* a C-contiguous view over the filler's position */
		struct buffer tmp = {1, f->p, (size_t)(n * f->isz), &backend_host, NULL};
		struct buffer *old = dst->buf;
		dst->buf = &tmp;
		dst->ndim = a->ndim;
		dst->offset = 0;
		{
			int64_t st = f->isz;
			for (int i = a->ndim - 1; i >= 0; i--) {
				dst->shape[i] = a->shape[i];
				dst->strides[i] = st;
				st *= a->shape[i] ? a->shape[i] : 1;
			}
		}
		rc = backend_host.copy(f->ev, dst, h);
		dst->buf = old;
		nd_decref(dst);
		nd_decref(h);
		f->p += n * f->isz;
		return rc;
	}
	return fill_leaf(f, v);
}

static void fmt_shape(char *buf, size_t n, int ndim, const int64_t *shape)
{
	size_t k = 0;
	k += snprintf(buf + k, n - k, "(");
	for (int i = 0; i < ndim && k < n; i++)
		k += snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
	if (ndim == 1 && k < n)
		k += snprintf(buf + k, n - k, ",");
	if (k < n)
		snprintf(buf + k, n - k, ")");
}

void arr_format_shape(char *buf, size_t n, int ndim, const int64_t *shape)
{
	fmt_shape(buf, n, ndim, shape);
}

/* NumPy's shape text in broadcast errors: "(2,3)", "(3,)", "()" */
void arr_format_shape_compact(char *buf, size_t n, int ndim, const int64_t *shape)
{
	size_t k = snprintf(buf, n, "(");
	for (int i = 0; i < ndim && k < n; i++)
		k += snprintf(buf + k, n - k, "%s%lld", i ? "," : "", (long long)shape[i]);
	if (k < n)
		snprintf(buf + k, n - k, ndim == 1 ? ",)" : ")");
}

/* Whether v holds a range (itself, or within its lists and tuples down to
 * the deepest level an array can have). */
static int has_range(const struct value *v, int depth)
{
	if (v->type == VT_RANGE)
		return 1;
	if (!is_seq((struct value *)v) || depth > ND_MAXDIM)
		return 0;
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (has_range(v->u.seq.items[i], depth + 1))
			return 1;
	return 0;
}

/* v with every range turned into the list of its ints, as NumPy reads
 * np.array(range(3)) and np.array([range(2), range(2)]).  New reference. */
static struct value *expand_ranges(struct eval *ev, struct value *v, int depth)
{
	if (v->type == VT_RANGE)
		return val_iter_list(ev, v);
	if (!is_seq(v) || depth > ND_MAXDIM || !has_range(v, depth))
		return val_incref(v);
	struct value **items = calloc(v->u.seq.n ? v->u.seq.n : 1, sizeof *items);
	if (!items)
		return err_nomem(ev);
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (!(items[i] = expand_ranges(ev, v->u.seq.items[i], depth + 1))) {
			for (size_t j = 0; j < i; j++)
				val_decref(items[j]);
			free(items);
			return NULL;
		}
	struct value *r = v->type == VT_LIST ? val_list_new(v->u.seq.n, items) : val_tuple_new(v->u.seq.n, items);
	free(items);
	return r ? r : err_nomem(ev);
}

struct ndarray *arr_asarray(struct eval *ev, const struct backend *be,
			    struct value *v, int dtype)
{
	if (has_range(v, 0)) {
		struct value *e = expand_ranges(ev, v, 0);
		struct ndarray *r = e ? arr_asarray(ev, be, e, dtype) : NULL;
		val_decref(e);
		return r;
	}

	struct infer in;
	struct ndarray *a, *r;
	struct filler f;

	if (!be)
		be = &backend_host;
	if (v->type == VT_OBJECT && v->u.obj.t->getattr) {
		/* an object with __array__ (np.poly1d, a user class): its array */
		struct value *f = v->u.obj.t->getattr(ev, v, "__array__"), *x;
		if (!f && err_occurred(ev))
			err_clear(ev);
		if (f) {
			x = val_call(ev, f, 0, NULL, NULL);
			val_decref(f);
			if (!x)
				return NULL;
			if (x->type != VT_NDARRAY) {
				val_decref(x);
				return err_set(ev, TY_ValueError, "object __array__ method not producing an array");
			}
			r = arr_asarray(ev, be, x, dtype);
			val_decref(x);
			return r;
		}
	}
	if (v->type == VT_NDARRAY) {
		a = v->u.arr;
		if (nd_backend(a) != be) {
			if (nd_device(a) != be->device || arr_is_cupy(be) != arr_is_cupy(nd_backend(a))) {
				if (arr_is_cupy(be))
					return err_set(ev, TY_TypeError, "Unsupported type <class 'numpy.ndarray'>");
				return err_set(ev, TY_TypeError,
					       "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a NumPy array explicitly.");
			}
		}
		if (dtype < 0 || dtype == a->dtype)
			return nd_incref(a);
		return arr_astype(ev, a, dtype);
	}
	memset(&in, 0, sizeof in);
	in.dtype = -1;
	in.ragged = -1;
	infer_shape(v, &in);
	if (infer_check(ev, v, 0, &in) < 0)
		return NULL;
	if (in.ragged >= 0) {
		char sh[256];
		fmt_shape(sh, sizeof sh, in.ragged, in.shape);
		return err_set(ev, TY_ValueError,
			       "setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %s + inhomogeneous part.",
			       in.ragged, sh);
	}
	if (dtype < 0 && in.hugeint) /* NumPy: an object array */
		return err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
	if (dtype < 0)
		dtype = in.dtype < 0 ? DT_FLOAT64 : in.dtype;
	a = nd_new(ev, &backend_host, dtype, in.ndim, in.shape);
	if (!a)
		return NULL;
	f.ev = ev;
	f.p = nd_data(a);
	f.dtype = dtype;
	f.isz = dt_size(dtype);
	if (nd_size(a) && fill_from(&f, v) < 0) {
		nd_decref(a);
		return NULL;
	}
	r = arr_to_backend(ev, a, be);
	nd_decref(a);
	return r;
}

/* ---- argument parsing ---- */

/* np.dtype(np.floating) and the like: NumPy 2's refusals, word for word */
static int dtype_abstract_error(struct eval *ev, int ab)
{
	static const char *const msg[AB_COUNT] = {
		[AB_GENERIC] = "Converting `np.generic` to a dtype is not allowed.",
		[AB_FLEXIBLE] = "Converting `np.generic` to a dtype is not allowed.",
		[AB_NUMBER] = "Converting `np.inexact` or `np.floating` to a dtype not allowed",
		[AB_INEXACT] = "Converting `np.inexact` or `np.floating` to a dtype not allowed",
		[AB_FLOATING] = "Converting `np.inexact` or `np.floating` to a dtype not allowed",
		[AB_INTEGER] = "Converting 'np.integer' or 'np.signedinteger' to a dtype is not allowed",
		[AB_SIGNEDINTEGER] = "Converting 'np.integer' or 'np.signedinteger' to a dtype is not allowed",
		[AB_UNSIGNEDINTEGER] = "Converting `np.unsignedinteger` to a dtype is not allowed",
		[AB_COMPLEXFLOATING] = "Converting `np.complex` to a dtype is not allowed.",
		[AB_CHARACTER] = "Converting `np.character` to a dtype is not allowed",
	};
	if (ab >= AB_STR)
		err_set(ev, TY_NotImplementedError, "data type '%s': Lumen has no %s arrays "
			"(numeric dtypes only, as on the GPU in CuPy)", dt_abstract_names[ab],
			ab == AB_OBJECT ? "object" : ab == AB_VOID ? "structured" : "string");
	else
		err_set(ev, TY_TypeError, "%s", msg[ab]);
	return -1;
}

/* a datetime64/timedelta64 dtype given to a function with no datetime form */
static int datetime_dtype_error(struct eval *ev, const char *name)
{
	const char *site = val_call_site();
	err_set(ev, TY_NotImplementedError, "data type '%s': %s has no datetime64/timedelta64 form "
		"in Lumen (datetimes are host arrays outside the numeric dtypes, as CuPy has none)",
		name, site ? site : "this function");
	return -1;
}

int arr_parse_dtype(struct eval *ev, struct value *v, int *dtype)
{
	if (!v || v->type == VT_NONE)
		return 0;
	switch (v->type) {
	case VT_DTYPE:
		if (v->u.dt.is_type == DT_TYPE_ABSTRACT)
			return dtype_abstract_error(ev, v->u.dt.dtype);
		*dtype = v->u.dt.dtype;
		return 0;
	case VT_STR: {
		int d = dt_from_string(v->u.str->s);
		const char *kind = d < 0 ? dt_outside_kind(v->u.str->s) : NULL;
		if (kind && (!strcmp(kind, "datetime") || !strcmp(kind, "timedelta")))
			return datetime_dtype_error(ev, v->u.str->s);
		if (kind) {
			err_set(ev, TY_NotImplementedError, "data type '%s': Lumen has no %s arrays "
				"(numeric dtypes only, as on the GPU in CuPy)", v->u.str->s, kind);
			return -1;
		}
		if (d < 0 && v->u.str->s[0] == '>' &&
		    (d = dt_from_string(v->u.str->s + 1)) >= 0 && dt_size(d) > 1) {
			err_set(ev, TY_NotImplementedError, "data type '%s': Lumen has no non-native byte orders "
				"(its arrays are native, little-endian '<'; byteswap() swaps the bytes)", v->u.str->s);
			return -1;
		}
		if (d < 0) {
			err_set(ev, TY_TypeError, "data type '%s' not understood", v->u.str->s);
			return -1;
		}
		*dtype = d;
		return 0;
	}
	case VT_TYPE:
		switch (v->u.ty) {
		case TY_BOOL: *dtype = DT_BOOL; return 0;
		case TY_INT: *dtype = DT_INT64; return 0;
		case TY_FLOAT: *dtype = DT_FLOAT64; return 0;
		case TY_COMPLEX: *dtype = DT_COMPLEX128; return 0;
		case TY_STR: case TY_BYTES: case TY_OBJECT:
			err_set(ev, TY_NotImplementedError, "data type %s: Lumen has no %s arrays (numeric "
				"dtypes only, as on the GPU in CuPy)", v->u.ty == TY_STR ? "str" : v->u.ty == TY_BYTES
				? "bytes" : "object", v->u.ty == TY_OBJECT ? "object" : "string");
			return -1;
		default: break;
		}
		break;
	case VT_OBJECT:
		/* np.dtype('M8[s]'), np.datetime64 (lib/datetime/: objects outside enum dtype) */
		if (v->u.obj.t->name && !strcmp(v->u.obj.t->name, "dtype") && v->u.obj.t->str) {
			char *text = v->u.obj.t->str(ev, v);
			int rc = text ? datetime_dtype_error(ev, text) : -1;
			free(text);
			return rc;
		}
		break;
	default:
		break;
	}
	err_set(ev, TY_TypeError, "Cannot interpret '%s' as a data type", val_type_name(v));
	return -1;
}

int arr_parse_shape(struct eval *ev, struct value *v, int *ndim, int64_t *shape)
{
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		if (v->u.seq.n > ND_MAXDIM) {
			err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %zu",
				ND_MAXDIM, v->u.seq.n);
			return -1;
		}
		for (size_t i = 0; i < v->u.seq.n; i++) {
			struct value *x = v->u.seq.items[i];
			if (x->type == VT_FLOAT || x->type == VT_STR || x->type == VT_NONE) {
				err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer",
					val_type_name(x));
				return -1;
			}
			if (val_as_int64(ev, x, &shape[i]) < 0)
				return -1;
		}
		*ndim = (int)v->u.seq.n;
		return 0;
	}
	if (v->type == VT_FLOAT) {
		char buf[64];
		fmt_pyfloat(v->u.f, buf, sizeof buf);
		err_set(ev, TY_TypeError, "expected a sequence of integers or a single integer, got '%s'", buf);
		return -1;
	}
	if (v->type == VT_NONE) {
		err_set(ev, TY_TypeError, "Use () not None as shape arguments");
		return -1;
	}
	if (v->type == VT_STR) {
		err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(v));
		return -1;
	}
	{
		/* a 1-d integer array: its items (a.reshape(np.array([2, 3]))) */
		struct ndarray *a = arr_borrow(v);
		if (a && a->ndim == 1 && dt_is_int(a->dtype)) {
			if (a->shape[0] > ND_MAXDIM) {
				err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %lld",
					ND_MAXDIM, (long long)a->shape[0]);
				return -1;
			}
			struct value *l = val_iter_list(ev, v);
			int rc = l ? arr_parse_shape(ev, l, ndim, shape) : -1;
			val_decref(l);
			return rc;
		}
	}
	if (val_as_int64(ev, v, &shape[0]) < 0)
		return -1;
	*ndim = 1;
	return 0;
}

int arr_normalize_axis(struct eval *ev, int64_t axis, int ndim, int *out)
{
	if (axis < -ndim || axis >= ndim) {
		err_set(ev, TY_AxisError, "axis %lld is out of bounds for array of dimension %d",
			(long long)axis, ndim);
		return -1;
	}
	*out = (int)(axis < 0 ? axis + ndim : axis);
	return 0;
}

int arr_parse_axes(struct eval *ev, struct value *v, int ndim, uint64_t *mask)
{
	int ax;
	int64_t i64;
	if (!v || v->type == VT_NONE) {
		*mask = ndim >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << ndim) - 1);
		return 0;
	}
	*mask = 0;
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		for (size_t i = 0; i < v->u.seq.n; i++) {
			if (val_as_int64(ev, v->u.seq.items[i], &i64) < 0 ||
			    arr_normalize_axis(ev, i64, ndim, &ax) < 0)
				return -1;
			if (*mask & ((uint64_t)1 << ax)) {
				err_set(ev, TY_ValueError, "duplicate value in 'axis'");
				return -1;
			}
			*mask |= (uint64_t)1 << ax;
		}
		return 0;
	}
	if (v->type == VT_FLOAT) {
		err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer");
		return -1;
	}
	if (val_as_int64(ev, v, &i64) < 0 || arr_normalize_axis(ev, i64, ndim, &ax) < 0)
		return -1;
	*mask = (uint64_t)1 << ax;
	return 0;
}

/* ---- copies ---- */

static int be_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src)
{
	const struct backend *be = nd_backend(dst);
	if (!be->copy)
		return err_set(ev, TY_NotImplementedError, "copy is not supported by the %s backend",
			       be->name), -1;
	return be->copy(ev, dst, src);
}

struct ndarray *arr_contiguous(struct eval *ev, const struct ndarray *a)
{
	struct ndarray *r = nd_new(ev, nd_backend(a), a->dtype, a->ndim, a->shape);
	/* an empty array has nothing to copy (and no launch to make) */
	if (r && nd_size(a) && be_copy(ev, r, a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

void arr_complex_cast_warn(struct eval *ev, int from, int to)
{
	if (dt_is_complex(from) && !dt_is_complex(to) && to != DT_BOOL)
		ev_warn(ev, "ComplexWarning", "Casting complex values to real discards the imaginary part");
}

struct ndarray *arr_astype(struct eval *ev, const struct ndarray *a, int dtype)
{
	arr_complex_cast_warn(ev, a->dtype, dtype);
	return arr_astype_quiet(ev, a, dtype);
}

struct ndarray *arr_astype_quiet(struct eval *ev, const struct ndarray *a, int dtype)
{
	struct ndarray *r;
	r = nd_new(ev, nd_backend(a), dtype, a->ndim, a->shape);
	if (r && be_copy(ev, r, a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

struct ndarray *arr_host_c(struct eval *ev, const struct ndarray *a, int dtype)
{
	struct ndarray *h = arr_to_host(ev, a), *c;
	if (!h)
		return NULL;
	c = arr_to_backend(ev, h, &backend_host);   /* cp in host mode: np's copy */
	nd_decref(h);
	if (!(h = c))
		return NULL;
	if (h->dtype == dtype && nd_is_c_contiguous(h))
		return h;
	c = h->dtype == dtype ? arr_contiguous(ev, h) : arr_astype(ev, h, dtype);
	nd_decref(h);
	return c;
}

struct ndarray *arr_to_host(struct eval *ev, const struct ndarray *a)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *r;
	if (!be->device_memory)
		return nd_incref((struct ndarray *)a);
	r = nd_new(ev, &backend_host, a->dtype, a->ndim, a->shape);
	if (r && be->to_host(ev, nd_data(r), a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

struct ndarray *arr_to_backend(struct eval *ev, const struct ndarray *a,
			       const struct backend *be)
{
	const struct backend *from = nd_backend(a);
	struct ndarray *r, *c;
	if (from == be)
		return nd_incref((struct ndarray *)a);
	if (!from->device_memory && !be->device_memory) {
		/* np <-> cp in host mode: a copy owned by the other namespace */
		r = nd_new(ev, be, a->dtype, a->ndim, a->shape);
		if (r && backend_host.copy(ev, r, a) < 0) {
			nd_decref(r);
			return NULL;
		}
		return r;
	}
	if (from->device_memory) {
		c = arr_to_host(ev, a);
		if (!c || nd_backend(c) == be)
			return c;
		r = arr_to_backend(ev, c, be);
		nd_decref(c);
		return r;
	}
	/* host -> device: from C-contiguous host bytes */
	c = nd_is_c_contiguous(a) ? nd_incref((struct ndarray *)a) : arr_contiguous(ev, a);
	if (!c)
		return NULL;
	r = nd_new(ev, be, a->dtype, a->ndim, a->shape);
	if (r && be->from_host(ev, r, nd_data(c)) < 0) {
		nd_decref(r);
		r = NULL;
	}
	nd_decref(c);
	return r;
}

/* ---- shapes ---- */

int arr_broadcast_shapes(struct eval *ev, int n, const struct ndarray *const *a,
			 int *ndim, int64_t *shape)
{
	int nd = 0;
	for (int i = 0; i < n; i++)
		if (a[i] && a[i]->ndim > nd)
			nd = a[i]->ndim;
	for (int k = 0; k < nd; k++)
		shape[k] = 1;
	for (int i = 0; i < n; i++) {
		if (!a[i])
			continue;
		int off = nd - a[i]->ndim;
		for (int k = 0; k < a[i]->ndim; k++) {
			int64_t s = a[i]->shape[k];
			if (s == shape[off + k] || s == 1)
				continue;
			if (shape[off + k] == 1) {
				shape[off + k] = s;
				continue;
			}
			/* NumPy lists every operand's shape, each followed by a space */
			{
				char msg[2048], sh[256];
				size_t m = 0;
				m += snprintf(msg, sizeof msg, "operands could not be broadcast together with shapes ");
				for (int j = 0; j < n && m < sizeof msg; j++) {
					if (!a[j])
						continue;
					arr_format_shape_compact(sh, sizeof sh, a[j]->ndim, a[j]->shape);
					m += snprintf(msg + m, sizeof msg - m, "%s ", sh);
				}
				err_set(ev, TY_ValueError, "%s", msg);
			}
			return -1;
		}
	}
	*ndim = nd;
	return 0;
}

struct ndarray *arr_broadcast_to(struct eval *ev, const struct ndarray *a,
				 int ndim, const int64_t *shape)
{
	int64_t st[ND_MAXDIM];
	int off = ndim - a->ndim;
	if (off < 0)
		goto bad;
	for (int k = 0; k < ndim; k++) {
		if (k < off) {
			st[k] = 0;
			continue;
		}
		if (a->shape[k - off] == shape[k])
			st[k] = a->strides[k - off];
		else if (a->shape[k - off] == 1)
			st[k] = 0;
		else
			goto bad;
	}
	return nd_view(ev, a, a->dtype, ndim, shape, st, a->offset);
bad:
	{
		char s1[256], s2[256];
		fmt_shape(s1, sizeof s1, a->ndim, a->shape);
		fmt_shape(s2, sizeof s2, ndim, shape);
		return err_set(ev, TY_ValueError,
			       "operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape %s",
			       s1, s2);
	}
}

/* NumPy's convert_shape_to_string: leading -1s dropped, later ones printed
 * as "newaxis", no spaces, "(5,)" only for a single dimension */
static void reshape_shape(char *buf, size_t n, int ndim, const int64_t *shape)
{
	int i = 0;
	size_t k;
	while (i < ndim && shape[i] < 0)
		i++;
	if (i == ndim) {
		snprintf(buf, n, "()");
		return;
	}
	k = snprintf(buf, n, "(%lld", (long long)shape[i++]);
	for (; i < ndim && k < n; i++) {
		if (shape[i] < 0)
			k += snprintf(buf + k, n - k, ",newaxis");
		else
			k += snprintf(buf + k, n - k, ",%lld", (long long)shape[i]);
	}
	if (k < n)
		snprintf(buf + k, n - k, ndim == 1 ? ",)" : ")");
}

struct ndarray *arr_reshape(struct eval *ev, const struct ndarray *a, int ndim,
			    const int64_t *shape_in)
{
	int64_t shape[ND_MAXDIM], st[ND_MAXDIM], n = nd_size(a), known = 1;
	int neg = -1;
	for (int i = 0; i < ndim; i++) {
		shape[i] = shape_in[i];
		if (shape[i] == -1) {
			if (neg >= 0)
				return err_set(ev, TY_ValueError, "can only specify one unknown dimension");
			neg = i;
		} else if (shape[i] < 0) {
			return err_set(ev, TY_ValueError, "negative dimensions not allowed");
		} else {
			known *= shape[i];
		}
	}
	if (neg >= 0) {
		if (known == 0 || n % known) {
			char s1[256];
			reshape_shape(s1, sizeof s1, ndim, shape_in);
			return err_set(ev, TY_ValueError, "cannot reshape array of size %lld into shape %s",
				       (long long)n, s1);
		}
		shape[neg] = n / known;
		known = n;
	}
	if (known != n) {
		char s1[256];
		reshape_shape(s1, sizeof s1, ndim, shape);
		return err_set(ev, TY_ValueError, "cannot reshape array of size %lld into shape %s",
			       (long long)n, s1);
	}
	/* a view when the layout allows: try to map new dims onto old strides */
	{
		int oi = 0, ok = 1;
		int64_t old_shape[ND_MAXDIM], old_st[ND_MAXDIM];
		int ond = 0;
		for (int i = 0; i < a->ndim; i++)
			if (a->shape[i] != 1) {
				old_shape[ond] = a->shape[i];
				old_st[ond++] = a->strides[i];
			}
		if (n == 0) {
			ok = 0;
		} else {
			int ni = 0;
			while (ni < ndim && ok) {
				if (shape[ni] == 1) {
					st[ni] = 0;
					ni++;
					continue;
				}
				if (oi >= ond) {
					ok = 0;
					break;
				}
				/* group old dims [oi, oj) and new dims [ni, nj) of equal product */
				int oj = oi + 1, nj = ni + 1;
				int64_t po = old_shape[oi], pn = shape[ni];
				while (po != pn) {
					if (po < pn) {
						if (oj >= ond) { ok = 0; break; }
						po *= old_shape[oj++];
					} else {
						if (nj >= ndim) { ok = 0; break; }
						pn *= shape[nj++];
					}
				}
				if (!ok)
					break;
				for (int k = oi; k < oj - 1; k++)
					if (old_st[k] != old_st[k + 1] * old_shape[k + 1]) {
						ok = 0;
						break;
					}
				if (!ok)
					break;
				int64_t s = old_st[oj - 1];
				for (int k = nj - 1; k >= ni; k--) {
					st[k] = s;
					s *= shape[k];
				}
				ni = nj;
				oi = oj;
			}
			for (int k = 0; k < ndim; k++)
				if (shape[k] == 1)
					st[k] = dt_size(a->dtype);
		}
		if (ok)
			return nd_view(ev, a, a->dtype, ndim, shape, st, a->offset);
	}
	{
		struct ndarray *c = arr_contiguous(ev, a), *r;
		if (!c)
			return NULL;
		int64_t s = dt_size(a->dtype);
		for (int k = ndim - 1; k >= 0; k--) {
			st[k] = s;
			s *= shape[k] ? shape[k] : 1;
		}
		r = nd_view(ev, c, c->dtype, ndim, shape, st, c->offset);
		nd_decref(c);
		return r;
	}
}

struct ndarray *arr_transpose(struct eval *ev, const struct ndarray *a, const int *perm)
{
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++) {
		int p = perm ? perm[i] : a->ndim - 1 - i;
		sh[i] = a->shape[p];
		st[i] = a->strides[p];
	}
	return nd_view(ev, a, a->dtype, a->ndim, sh, st, a->offset);
}

int arr_foreach(struct eval *ev, const struct ndarray *a,
		int (*fn)(void *ctx, char *item, int64_t flat), void *ctx)
{
	int64_t idx[ND_MAXDIM] = {0}, n = nd_size(a);
	char *p = nd_data(a);
	for (int64_t k = 0; k < n; k++) {
		if (fn(ctx, p, k) < 0)
			return -1;
		for (int d = a->ndim - 1; d >= 0; d--) {
			if (++idx[d] < a->shape[d]) {
				p += a->strides[d];
				break;
			}
			p -= a->strides[d] * (a->shape[d] - 1);
			idx[d] = 0;
		}
	}
	return 0;
}

struct value *arr_ufunc_call(struct eval *ev, const struct backend *be, const char *name,
			     int nin, struct value **in, struct value *out)
{
	if (!arr_hooks.ufunc_call)
		return err_set(ev, TY_NotImplementedError, "ufunc '%s' is not implemented", name);
	return arr_hooks.ufunc_call(ev, be, name, nin, in, out);
}

