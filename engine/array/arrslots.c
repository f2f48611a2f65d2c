/*
 * arrslots.c — the array layer's side of the language's type slots
 * (lang/value.h): what an ndarray, a NumPy scalar and a dtype answer to
 * val_decref, type(), repr, str, attributes, len, iteration, hashing and
 * the conversions, and the import hook for numpy/cupy.  Owns only the
 * registration; the operations live in arrattr.c, npscalar.c and arrmod.c.
 */
#include <stdio.h>
#include <string.h>
#include "lang/value.h"
#include "array/dtype.h"
#include "array/ndarray.h"
#include "array/arrapi.h"
#include "array/flex/flex.h"
#include "lang/error.h"
#include "pyobj/bytesobj.h"
#include "array/xfer.h"

static void nd_release(void *payload)
{
	struct ndarray *a = payload;
	a->wrapper = NULL;   /* a value that wrapped it goes: maybe a->wrapper */
	nd_decref(a);
}

/* tp_name: CuPy's ndarray is a Python subclass, named plainly */
static const char *ndarray_type_name(struct value *v)
{
	static const char *const sub[] = {"numpy.ndarray", "matrix", "memmap"}; /* ORDER nd_sub */
	return arr_is_cupy(nd_backend(v->u.arr)) ? "ndarray" : sub[v->u.arr->sub];
}

static enum typeid ndarray_type_id(struct value *v)
{
	return arr_is_cupy(nd_backend(v->u.arr)) ? TY_CUPY_NDARRAY : TY_NDARRAY;
}

static const char *scalar_type_name(struct value *v)
{
	static char buf[64];
	if (v->u.sc.dtype >= 0 && v->u.sc.dtype < DT_COUNT) {
		snprintf(buf, sizeof buf, "numpy.%s", v->u.sc.dtype == DT_BOOL ? "bool" : dtype_table[v->u.sc.dtype].name);
		return buf;
	}
	return "numpy.generic";
}

static int scalar_has_index(struct value *v)
{
	return dt_is_int(v->u.sc.dtype) || v->u.sc.dtype == DT_BOOL;
}

/* np.float64 is a float, np.int64 is not an int, np.bool_ not a bool */
static int scalar_isinstance(struct value *v, enum typeid t)
{
	if (t == TY_OBJECT)
		return 1;
	if (t == TY_FLOAT && v->u.sc.dtype == DT_FLOAT64)
		return 1;
	if (t == TY_COMPLEX && v->u.sc.dtype == DT_COMPLEX128)
		return 1;
	return 0;
}

static const char *dtype_type_name(struct value *v)
{
	static char buf[64];
	if (v->u.dt.is_type)
		return "type";
	snprintf(buf, sizeof buf, "numpy.dtypes.%s%sDType",
		 "", v->u.dt.dtype >= 0 && v->u.dt.dtype < DT_COUNT ? "" : "");
	if (v->u.dt.dtype >= 0 && v->u.dt.dtype < DT_COUNT) {
		const char *n = dtype_table[v->u.dt.dtype].name;
		snprintf(buf, sizeof buf, "numpy.dtypes.%c%sDType", n[0] - 32, n + 1);
	}
	return buf;
}

static enum typeid dtype_type_id(struct value *v)
{
	return v->u.dt.is_type ? TY_TYPE : TY_OBJECT;
}

static char *dtype_str(struct eval *ev, struct value *v)
{
	if (!v->u.dt.is_type && v->u.dt.dtype >= 0 && v->u.dt.dtype < DT_COUNT)
		return strdup(dtype_table[v->u.dt.dtype].name);
	return arr_dtype_repr(ev, v);
}

static int dtype_of_value(struct value *v)
{
	if (v->type == VT_DTYPE)
		return v->u.dt.is_type == DT_TYPE_ABSTRACT ? -1 : v->u.dt.dtype;
	if (v->type == VT_STR)
		return dt_from_string(v->u.str->s);
	if (v->type == VT_TYPE) {
		switch (v->u.ty) {
		case TY_BOOL: return DT_BOOL;
		case TY_INT: return DT_INT64;
		case TY_FLOAT: return DT_FLOAT64;
		case TY_COMPLEX: return DT_COMPLEX128;
		default: return -1;
		}
	}
	return -1;
}

/* dtype == dtype / 'float32' / float: the same dtype */
static int dtype_equal(struct value *a, struct value *b)
{
	if ((a->type == VT_DTYPE && a->u.dt.is_type == DT_TYPE_ABSTRACT) ||
	    (b->type == VT_DTYPE && b->u.dt.is_type == DT_TYPE_ABSTRACT))
		return a->type == VT_DTYPE && b->type == VT_DTYPE && a->u.dt.is_type == b->u.dt.is_type &&
		       a->u.dt.dtype == b->u.dt.dtype;
	int x = dtype_of_value(a), y = dtype_of_value(b);
	return x >= 0 && x == y;
}

/* issubclass(a, b): a a scalar type, b a scalar type or a builtin type
 * (np.float64 derives from float, np.complex128 from complex, all from object) */
static int dtype_subtype(struct value *a, struct value *b)
{
	int a_abs = a->u.dt.is_type == DT_TYPE_ABSTRACT;
	if (a->type != VT_DTYPE || !a->u.dt.is_type)
		return 0;
	if (b->type == VT_TYPE) {
		switch (b->u.ty) {
		case TY_OBJECT: return 1;
		case TY_FLOAT: return !a_abs && a->u.dt.dtype == DT_FLOAT64;
		case TY_COMPLEX: return !a_abs && a->u.dt.dtype == DT_COMPLEX128;
		case TY_STR: return a_abs && a->u.dt.dtype == AB_STR;
		case TY_BYTES: return a_abs && a->u.dt.dtype == AB_BYTES;
		default: return 0;
		}
	}
	if (b->type != VT_DTYPE || !b->u.dt.is_type)
		return 0;
	return dt_type_subclass(a_abs, a->u.dt.dtype, b->u.dt.is_type == DT_TYPE_ABSTRACT, b->u.dt.dtype);
}

static char scalar_kind(struct value *v)
{
	return dtype_table[v->u.sc.dtype].kind;
}

static char ndarray_kind(struct value *v)
{
	return dtype_table[v->u.arr->dtype].kind;
}

static int scalar_ndim(struct value *v)
{
	return 0;
}

static int ndarray_ndim(struct value *v)
{
	return v->u.arr->ndim;
}

static struct value *ndarray_item(struct eval *ev, struct value *v)
{
	xfer_user_begin();   /* asked for: the user formats the value */
	struct ndarray *h = arr_to_host(ev, v->u.arr);
	xfer_user_end();
	if (!h)
		return NULL;
	struct value *s = arr_scalar_at(ev, h, nd_data(h));
	nd_decref(h);
	return s;
}

static struct value *scalar_item(struct eval *ev, struct value *v)
{
	return val_incref(v);
}

static struct value *ndarray_tobytes(struct eval *ev, struct value *v)
{
	return arr_tobytes(ev, v->u.arr, 'C');
}

static struct value *scalar_tobytes(struct eval *ev, struct value *v)
{
	char buf[32];
	arr_scalar_store(v->u.sc.dtype, buf, &v->u.sc);
	struct value *b = val_bytes(buf, (size_t)dt_size(v->u.sc.dtype));
	return b ? b : err_nomem(ev);
}

void arr_register_slots(void)
{
	static const enum vtype kinds[] = { VT_NDARRAY, VT_SCALAR };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		struct type_slots *s = &val_slots[kinds[i]];
		s->truth = arr_truth;
		s->repr = arr_repr;
		s->str = arr_str;
		s->getattr = arr_getattr;
		s->setattr = arr_setattr;
		s->len = arr_len;
		s->iter_list = arr_iter_list;
		s->hash = arr_hash;
		s->as_int64 = arr_as_int64;
		s->to_pyint = arr_to_pyint;
		s->as_double = arr_as_double;
		s->as_complex = arr_as_complex;
	}
	val_slots[VT_NDARRAY].release = nd_release;
	val_slots[VT_NDARRAY].kind = ndarray_kind;
	val_slots[VT_NDARRAY].ndim = ndarray_ndim;
	val_slots[VT_NDARRAY].item = ndarray_item;
	val_slots[VT_NDARRAY].tobytes = ndarray_tobytes;
	val_slots[VT_SCALAR].kind = scalar_kind;
	val_slots[VT_SCALAR].ndim = scalar_ndim;
	val_slots[VT_SCALAR].item = scalar_item;
	val_slots[VT_SCALAR].tobytes = scalar_tobytes;
	val_slots[VT_NDARRAY].type_name = ndarray_type_name;
	val_slots[VT_NDARRAY].type_id = ndarray_type_id;
	val_slots[VT_SCALAR].type_name = scalar_type_name;
	val_slots[VT_SCALAR].has_index = scalar_has_index;
	val_slots[VT_SCALAR].isinstance = scalar_isinstance;
	val_slots[VT_DTYPE].type_name = dtype_type_name;
	val_slots[VT_DTYPE].type_id = dtype_type_id;
	val_slots[VT_DTYPE].repr = arr_dtype_repr;
	val_slots[VT_DTYPE].str = dtype_str;
	val_slots[VT_DTYPE].getattr = arr_dtype_getattr;
	val_slots[VT_DTYPE].call = arr_dtype_call;
	val_slots[VT_DTYPE].equal = dtype_equal;
	val_slots[VT_DTYPE].subtype = dtype_subtype;
	lang_hooks.import_array = arr_import;
	flex_register();  /* np.str_ / np.bytes_ / np.void calls (flex/flexfuncs.c) */
}
