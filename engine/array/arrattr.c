/*
 * arrattr.c — what the language core sees of an ndarray or NumPy scalar
 * through value.h's hooks: truth, len, iteration, int()/float(), hashing,
 * repr/str (format.c writes the text), attributes (shape, dtype, T ...,
 * `a.shape = ...`) and the core methods (astype copy fill view item tolist
 * get set) plus method lookup across every area's table.
 *
 * Owns nothing beyond a call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/arrapi.h"
#include "array/flex/flex.h"
#include "lang/args.h"
#include "lang/error.h"
#include "array/format.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"
#include "array/xfer.h"
#include "array/nscall.h"

/* ---- NumPy scalar <-> Python value ---- */

struct value *arr_scalar_to_py(struct eval *ev, const struct npscalar *s)
{
	struct value *v;
	switch (dtype_table[s->dtype].kind) {
	case DK_BOOL: v = val_bool(s->v.b); break;
	case DK_INT: v = val_int(s->v.i); break;
	case DK_UINT:
		if (s->v.u > (uint64_t)INT64_MAX)
			return big_from_uint64(ev, s->v.u);
		v = val_int((int64_t)s->v.u);
		break;
	case DK_FLOAT: v = val_float(s->v.f); break;
	default: v = val_complex(s->v.c); break;
	}
	return v ? v : err_nomem(ev);
}

/* The single element of a size-1 array (any device) as an npscalar. */
static int single(struct eval *ev, const struct ndarray *a, struct npscalar *s, const char *what)
{
	char buf[16];
	int64_t idx = 0;
	if (nd_size(a) != 1) {
		if (what)
			err_set(ev, TY_TypeError, "%s", what);
		return -1;
	}
	if (nd_host_memory(a)) {
		arr_scalar_load(a->dtype, nd_data(a), s);
		return 0;
	}
	if (nd_backend(a)->take_flat(ev, a, &idx, 1, buf) < 0)
		return -1;
	arr_scalar_load(a->dtype, buf, s);
	return 0;
}

static int scalar_of(struct eval *ev, struct value *v, struct npscalar *s, const char *what)
{
	if (v->type == VT_SCALAR) {
		*s = v->u.sc;
		return 0;
	}
	if (what && v->u.arr->ndim > 0) {
		/* NumPy 2.4: int()/float() of a 1-element array are gone */
		err_set(ev, TY_TypeError, "%s", what);
		return -1;
	}
	/* float(), int(), bool() ... of an array: a copy the user asks for */
	xfer_user_begin();
	int r = single(ev, v->u.arr, s, what);
	xfer_user_end();
	return r;
}

static int sc_truth(const struct npscalar *s)
{
	switch (dtype_table[s->dtype].kind) {
	case DK_BOOL: return s->v.b != 0;
	case DK_INT: return s->v.i != 0;
	case DK_UINT: return s->v.u != 0;
	case DK_FLOAT: return s->v.f != 0;
	default: return s->v.c != 0;
	}
}

int arr_truth(struct eval *ev, struct value *v)
{
	struct npscalar s;
	if (v->type == VT_NDARRAY) {
		int64_t n = nd_size(v->u.arr);
		if (n == 0) {
			err_set(ev, TY_ValueError, "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.");
			return -1;
		}
		if (n > 1) {
			err_set(ev, TY_ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
			return -1;
		}
	}
	if (scalar_of(ev, v, &s, NULL) < 0)
		return -1;
	return sc_truth(&s);
}

char *arr_repr(struct eval *ev, struct value *v)
{
	if (v->type == VT_SCALAR)
		return fmt_scalar_repr(ev, &v->u.sc);
	return fmt_array_repr(ev, v->u.arr);
}

char *arr_str(struct eval *ev, struct value *v)
{
	if (v->type == VT_SCALAR)
		return fmt_scalar_str(ev, &v->u.sc);
	return fmt_array_str(ev, v->u.arr);
}

int64_t arr_len(struct eval *ev, struct value *v)
{
	if (v->type != VT_NDARRAY) {
		err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(v));
		return -1;
	}
	if (v->u.arr->ndim == 0) {
		err_set(ev, TY_TypeError, "len() of unsized object");
		return -1;
	}
	return v->u.arr->shape[0];
}

/* a[i] along axis 0: a view, or (1-d host) a NumPy scalar */
struct value *arr_item0(struct eval *ev, const struct ndarray *a, int64_t i)
{
	struct ndarray *r = nd_view(ev, a, a->dtype, a->ndim - 1, a->shape + 1, a->strides + 1,
				    a->offset + i * a->strides[0]);
	if (!r)
		return NULL;
	if (r->ndim == 0)
		return arr_result(ev, r);
	return arr_wrap(ev, r);
}

struct value *arr_iter_list(struct eval *ev, struct value *v)
{
	struct ndarray *a;
	struct value *list;
	if (v->type != VT_NDARRAY)
		return err_set(ev, TY_TypeError, "'%s' object is not iterable", val_type_name(v));
	a = v->u.arr;
	if (a->ndim == 0)
		return err_set(ev, TY_TypeError, "iteration over a 0-d array");
	list = val_list_new(0, NULL);
	if (!list)
		return err_nomem(ev);
	for (int64_t i = 0; i < a->shape[0]; i++) {
		struct value *x = arr_item0(ev, a, i);
		if (a->sub == ND_MATRIX)   /* a matrix's rows are 1 x n matrices */
			x = arr_matrix_wrap(ev, x, 0);
		if (!x || list_append(list, x) < 0) {
			val_decref(list);
			return x ? err_nomem(ev) : NULL;
		}
	}
	return list;
}

int arr_hash(struct eval *ev, struct value *v, uint64_t *out)
{
	struct value *p;
	int rc;
	if (v->type != VT_SCALAR) {
		err_set(ev, TY_TypeError, "unhashable type: '%s'", val_type_name(v));
		return -1;
	}
	p = arr_scalar_to_py(ev, &v->u.sc);
	if (!p)
		return -1;
	rc = val_hash(ev, p, out);
	val_decref(p);
	return rc;
}

static const char only1[] = "only 0-dimensional arrays can be converted to Python scalars";

/* int() of an integer or bool array of size 1 or scalar: a Python int of
 * any size (uint64 past 2**63 too, as NumPy gives it) */
struct value *arr_to_pyint(struct eval *ev, struct value *v)
{
	struct npscalar s;
	if (scalar_of(ev, v, &s, only1) < 0)
		return NULL;
	switch (dtype_table[s.dtype].kind) {
	case DK_BOOL: return val_int(s.v.b);
	case DK_INT: return val_int(s.v.i);
	case DK_UINT: return s.v.u > (uint64_t)INT64_MAX ? big_from_uint64(ev, s.v.u) : val_int((int64_t)s.v.u);
	default: return err_set(ev, TY_TypeError, "an integer array is needed");
	}
}

int arr_as_int64(struct eval *ev, struct value *v, int64_t *out)
{
	struct npscalar s;
	if (scalar_of(ev, v, &s, only1) < 0)
		return -1;
	switch (dtype_table[s.dtype].kind) {
	case DK_BOOL: *out = s.v.b; return 0;
	case DK_INT: *out = s.v.i; return 0;
	case DK_UINT:
		if (s.v.u > (uint64_t)INT64_MAX) {
			err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
			return -1;
		}
		*out = (int64_t)s.v.u;
		return 0;
	case DK_FLOAT:
		if (isnan(s.v.f)) {
			err_set(ev, TY_ValueError, "cannot convert float NaN to integer");
			return -1;
		}
		if (isinf(s.v.f)) {
			err_set(ev, TY_OverflowError, "cannot convert float infinity to integer");
			return -1;
		}
		if (s.v.f >= 9223372036854775808.0 || s.v.f < -9223372036854775808.0) {
			err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
			return -1;
		}
		*out = (int64_t)s.v.f;
		return 0;
	default:
		err_set(ev, TY_TypeError, "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
		return -1;
	}
}

int arr_as_double(struct eval *ev, struct value *v, double *out)
{
	struct npscalar s;
	if (scalar_of(ev, v, &s, only1) < 0)
		return -1;
	switch (dtype_table[s.dtype].kind) {
	case DK_BOOL: *out = s.v.b; return 0;
	case DK_INT: *out = (double)s.v.i; return 0;
	case DK_UINT: *out = (double)s.v.u; return 0;
	case DK_FLOAT: *out = s.v.f; return 0;
	default:
		err_set(ev, TY_TypeError, "float() argument must be a string or a real number, not 'complex'");
		return -1;
	}
}

int arr_as_complex(struct eval *ev, struct value *v, double _Complex *out)
{
	struct npscalar s, c;
	if (scalar_of(ev, v, &s, only1) < 0)
		return -1;
	arr_scalar_cast(&s, DT_COMPLEX128, &c);
	*out = c.v.c;
	return 0;
}

/* ---- attributes ---- */

static struct value *int_tuple(struct eval *ev, int n, const int64_t *x)
{
	struct value *items[ND_MAXDIM];
	for (int i = 0; i < n; i++) {
		items[i] = val_int(x[i]);
		if (!items[i]) {
			for (int j = 0; j < i; j++)
				val_decref(items[j]);
			return err_nomem(ev);
		}
	}
	return val_tuple_new(n, items);
}

/* a.flags: NumPy's flagsobj over the array value: the flags as they were
 * when it was made (or last set through it), and setting them sets the
 * array's */
struct flagsobj { struct value *arr; struct ndarray snap; };

static void flags_free(void *p)
{
	struct flagsobj *f = p;
	val_decref(f->arr);
	free(f);
}

static int owns_data(const struct ndarray *a);

/* the flag's value by letter: c f w o a x, n (FNC), r (FORC), C (CARRAY), F (FARRAY) */
static int flag_of(const struct ndarray *a, char flag)
{
	int c = nd_is_c_contiguous(a), f = nd_is_f_contiguous(a), w = (a->flags & ND_WRITEABLE) != 0,
	    al = !(a->flags & ND_UNALIGNED);
	switch (flag) {
	case 'c': return c;
	case 'f': return f;
	case 'w': return w;
	case 'o': return owns_data(a);
	case 'a': return al;
	case 'x': return 0;
	case 'n': return f && !c;
	case 'r': return f || c;
	case 'B': return w && al;
	case 'C': return w && al && c;
	default: return !c; /* NumPy tests FARRAY's bits with any-of & */
	}
}

static struct value *flags_getattr(struct eval *ev, struct value *self, const char *name)
{
	static const struct { const char *name; char flag; } attrs[] = {
		{"c_contiguous", 'c'}, {"contiguous", 'c'}, {"f_contiguous", 'f'}, {"fortran", 'f'},
		{"owndata", 'o'}, {"writeable", 'w'}, {"aligned", 'a'}, {"writebackifcopy", 'x'},
		{"fnc", 'n'}, {"forc", 'r'}, {"behaved", 'B'}, {"carray", 'C'}, {"farray", 'F'},
	};
	const struct ndarray *a = &((struct flagsobj *)self->u.obj.p)->snap;
	(void)ev;
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
		if (!strcmp(name, attrs[i].name))
			return val_bool(flag_of(a, attrs[i].flag));
	return NULL;
}

static char *flags_repr(struct eval *ev, struct value *self)
{
	const struct ndarray *a = &((struct flagsobj *)self->u.obj.p)->snap;
	char *s = malloc(256);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 256, "  C_CONTIGUOUS : %s\n  F_CONTIGUOUS : %s\n  OWNDATA : %s\n  WRITEABLE : %s\n  ALIGNED : %s\n  WRITEBACKIFCOPY : False\n",
		 flag_of(a, 'c') ? "True" : "False", flag_of(a, 'f') ? "True" : "False",
		 flag_of(a, 'o') ? "True" : "False", flag_of(a, 'w') ? "True" : "False",
		 flag_of(a, 'a') ? "True" : "False");
	return s;
}

/* a.flags['C_CONTIGUOUS'] and NumPy's other keys (long names, one-letter
 * and combined ones); anything else is KeyError 'Unknown flag' */
static struct value *flags_getitem(struct eval *ev, struct value *self, struct value *key)
{
	static const struct { const char *names[3]; char flag; } keys[] = {
		{{"C", "CONTIGUOUS", "C_CONTIGUOUS"}, 'c'}, {{"F", "FORTRAN", "F_CONTIGUOUS"}, 'f'},
		{{"W", "WRITEABLE"}, 'w'}, {{"O", "OWNDATA"}, 'o'}, {{"A", "ALIGNED"}, 'a'},
		{{"X", "WRITEBACKIFCOPY"}, 'x'}, {{"FNC"}, 'n'}, {{"FORC"}, 'r'}, {{"B", "BEHAVED"}, 'B'},
		{{"CA", "CARRAY"}, 'C'}, {{"FA", "FARRAY"}, 'F'},
	};
	const struct ndarray *a = &((struct flagsobj *)self->u.obj.p)->snap;
	const char *k = val_as_cstr(key);
	for (size_t i = 0; k && i < sizeof keys / sizeof keys[0]; i++)
		for (int j = 0; j < 3 && keys[i].names[j]; j++)
			if (!strcmp(k, keys[i].names[j]))
				return val_bool(flag_of(a, keys[i].flag));
	return err_set(ev, TY_KeyError, "Unknown flag");
}

/* NumPy's PyArray_UpdateFlags for what setflags may change: write (1/0),
 * align, uic (-1: leave) */
static int set_flags(struct eval *ev, struct ndarray *a, int write, int align, int uic)
{
	if (uic == 1)
		return err_set(ev, TY_ValueError, "cannot set WRITEBACKIFCOPY flag to True"), -1;
	if (write == 1 && ((a->flags & ND_LOCKED) || (a->base && !(a->base->flags & ND_WRITEABLE))))
		return err_set(ev, TY_ValueError, "cannot set WRITEABLE flag to True of this array"), -1;
	if (write >= 0)
		a->flags = write ? a->flags | ND_WRITEABLE : a->flags & ~ND_WRITEABLE;
	if (align >= 0)
		a->flags = align ? a->flags & ~ND_UNALIGNED : a->flags | ND_UNALIGNED;
	return 0;
}

/* the flags object's copy of its array's header (0) */
static int flags_snap(struct value *self)
{
	struct flagsobj *f = self->u.obj.p;
	f->snap = *f->arr->u.arr;   /* read by flag_of only: no references taken */
	return 0;
}

static int flags_setitem(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	struct ndarray *a = ((struct flagsobj *)self->u.obj.p)->arr->u.arr;
	const char *k = val_as_cstr(key);
	int t;
	if (!x)
		return err_set(ev, TY_TypeError, "'numpy.flagsobj' object doesn't support item deletion"), -1;
	if (!k || (strcmp(k, "W") && strcmp(k, "WRITEABLE") && strcmp(k, "A") && strcmp(k, "ALIGNED") &&
		   strcmp(k, "X") && strcmp(k, "WRITEBACKIFCOPY")))
		return err_set(ev, TY_KeyError, "Unknown flag"), -1;
	if ((t = val_truth(ev, x)) < 0)
		return -1;
	int x_ = k[0] == 'X' || !strcmp(k, "WRITEBACKIFCOPY"), w = !x_ && k[0] == 'W';
	return set_flags(ev, a, w ? t : -1, k[0] == 'A' ? t : -1, x_ ? t : -1) < 0 ? -1 : flags_snap(self);
}

static int flags_setattr(struct eval *ev, struct value *self, const char *name, struct value *x)
{
	struct ndarray *a = ((struct flagsobj *)self->u.obj.p)->arr->u.arr;
	int t, w = !strcmp(name, "writeable"), al = !strcmp(name, "aligned"), u = !strcmp(name, "writebackifcopy");
	if (!w && !al && !u) {
		if (flags_getattr(ev, self, name))
			return err_set(ev, TY_AttributeError, "attribute '%s' of 'numpy._core.multiarray.flagsobj' objects is not writable", name), -1;
		return err_set(ev, TY_AttributeError, "'numpy._core.multiarray.flagsobj' object has no attribute '%s'", name), -1;
	}
	if ((t = val_truth(ev, x)) < 0)
		return -1;
	return set_flags(ev, a, w ? t : -1, al ? t : -1, u ? t : -1) < 0 ? -1 : flags_snap(self);
}

/* a.getfield(dtype, offset=0): a view of each item's bytes from offset as
 * dtype (NumPy's messages when it does not fit) */
static struct ndarray *field_view(struct eval *ev, const struct ndarray *a, struct value *dtv,
				  struct value *offv)
{
	int d;
	int64_t off;
	if (arr_parse_dtype(ev, dtv, &d) < 0 || args_int(ev, offv, 0, &off) < 0)
		return NULL;
	if (d < 0)
		d = DT_FLOAT64;
	if (off < 0)
		return err_set(ev, TY_ValueError, "offset is negative");
	if (dt_size(d) > dt_size(a->dtype))
		return err_set(ev, TY_ValueError, "new type is larger than original type");
	if (off > dt_size(a->dtype) - dt_size(d))
		return err_set(ev, TY_ValueError, "new type plus offset is larger than original type");
	if (!farr_aligned(a, d, a->ndim, a->strides, a->offset + off)) /* C loops read items aligned */
		return err_set(ev, TY_NotImplementedError, "getfield/setfield at an offset that is not aligned for %s "
			       "is not supported by Lumen", dtype_table[d].name);
	return nd_view(ev, a, d, a->ndim, a->shape, a->strides, a->offset + off);
}

static struct value *m_getfield(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *dtv, *offv = NULL;
	if (args_parse(ev, "getfield", argc, argv, kw, "dtype|offset", &dtv, &offv) < 0)
		return NULL;
	return arr_wrap(ev, field_view(ev, bi->self->u.arr, dtv, offv));
}

/* a.setfield(val, dtype, offset=0): a.getfield(dtype, offset)[...] = val */
static struct value *m_setfield(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *val, *dtv, *offv = NULL, *v, *all;
	if (args_parse(ev, "setfield", argc, argv, kw, "val,dtype|offset", &val, &dtv, &offv) < 0)
		return NULL;
	if (!(v = arr_wrap(ev, field_view(ev, bi->self->u.arr, dtv, offv))))
		return NULL;
	all = val_ellipsis();
	int rc = val_setitem(ev, v, all, val);
	val_decref(all);
	val_decref(v);
	return rc < 0 ? NULL : val_none();
}

/* r's items with their bytes reversed in place (a complex item's two parts
 * each): r seen as bytes, an axis per item part, copied through a reversed
 * view and back by the backend's copy */
static int swap_bytes(struct eval *ev, struct ndarray *r)
{
	int parts = dt_is_complex(r->dtype) ? 2 : 1, half = dt_size(r->dtype) / parts, nd = r->ndim;
	int64_t shape[ND_MAXDIM + 2], st[ND_MAXDIM + 2];
	struct ndarray *u, *rev, *tmp;
	int rc = -1;
	if (half == 1 || nd_size(r) == 0)
		return 0;
	memcpy(shape, r->shape, sizeof(int64_t) * (size_t)nd);
	memcpy(st, r->strides, sizeof(int64_t) * (size_t)nd);
	shape[nd] = parts, st[nd] = half;
	shape[nd + 1] = half, st[nd + 1] = 1;
	u = nd_view(ev, r, DT_UINT8, nd + 2, shape, st, r->offset);
	st[nd + 1] = -1;
	rev = u ? nd_view(ev, r, DT_UINT8, nd + 2, shape, st, r->offset + half - 1) : NULL;
	tmp = rev ? nd_new(ev, nd_backend(r), DT_UINT8, nd + 2, shape) : NULL;
	if (tmp && nd_backend(r)->copy(ev, tmp, rev) == 0 && nd_backend(r)->copy(ev, u, tmp) == 0)
		rc = 0;
	nd_decref(tmp);
	nd_decref(rev);
	nd_decref(u);
	return rc;
}

/* a.byteswap(inplace=False): each item's bytes reversed (a complex item's
 * two parts each); in place, a itself is returned */
static struct value *m_byteswap(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *ipv = NULL;
	int inplace;
	struct ndarray *a = bi->self->u.arr, *r;
	if (args_parse(ev, "byteswap", argc, argv, kw, "|inplace", &ipv) < 0 || args_bool(ev, ipv, 0, &inplace) < 0)
		return NULL;
	if (inplace && !(a->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "array to be byte-swapped is read-only");
	r = inplace ? nd_incref(a) : arr_copy_order(ev, a, a->dtype, 'K');
	if (!r)
		return NULL;
	if (swap_bytes(ev, r) < 0) {
		nd_decref(r);
		return NULL;
	}
	if (inplace) {
		nd_decref(r);
		return val_incref(bi->self);
	}
	return arr_wrap(ev, r);
}

/* a.setflags(write=None, align=None, uic=None) */
static struct value *m_setflags(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *wv = NULL, *av = NULL, *uv = NULL;
	int f[3] = {-1, -1, -1};
	struct value *v[3];
	if (args_parse(ev, "setflags", argc, argv, kw, "|write,align,uic", &wv, &av, &uv) < 0)
		return NULL;
	v[0] = wv, v[1] = av, v[2] = uv;
	for (int i = 0; i < 3; i++)
		if (v[i] && v[i]->type != VT_NONE && (f[i] = val_truth(ev, v[i])) < 0)
			return NULL;
	if (set_flags(ev, bi->self->u.arr, f[0], f[1], f[2]) < 0)
		return NULL;
	return val_none();
}

static const char *const flags_attrs[] = {"c_contiguous", "f_contiguous", "owndata", "writeable",
					  "aligned", "writebackifcopy", NULL};
static const struct objtype flags_type = {
	.name = "flagsobj", .free = flags_free, .getattr = flags_getattr, .setattr = flags_setattr,
	.repr = flags_repr, .attrs = flags_attrs,
	.getitem = flags_getitem, .setitem = flags_setitem,
};

/* OWNDATA: no view (a memmap's data is the file's) */
static int owns_data(const struct ndarray *a)
{
	return !a->base && a->sub != ND_MEMMAP;
}

/* NumPy's "cpu"; for cp arrays CuPy's cupy.cuda.Device of the array's GPU
 * (<CUDA Device 1>), made by the cupy.cuda table in use (the plugin's or
 * host mode's) */
static struct value *device_value(struct eval *ev, const struct ndarray *a)
{
	struct value *id, *r;
	if (!arr_is_cupy(nd_backend(a)))
		return val_cstr("cpu");
	if (!(id = val_int(a->buf->device)))
		return err_nomem(ev);
	r = arr_ns_call(ev, nd_backend(a), "cuda.Device", 1, &id, NULL);
	val_decref(id);
	return r;
}

/* cp arrays' x.data: CuPy's cupy.cuda.MemoryPointer (ptr: the address of
 * item 0, device_id, device); NumPy's memoryview is not modelled */
struct memptr { int64_t ptr; int device; const struct backend *be; };

static struct value *memptr_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct memptr *m = self->u.obj.p;
	if (!strcmp(name, "ptr"))
		return val_int(m->ptr);
	if (!strcmp(name, "device_id"))
		return val_int(m->device);
	if (!strcmp(name, "device")) {
		struct value *id = val_int(m->device), *r;
		if (!id)
			return err_nomem(ev);
		r = arr_ns_call(ev, m->be, "cuda.Device", 1, &id, NULL);
		val_decref(id);
		return r;
	}
	return NULL;
}

static char *memptr_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	(void)ev;
	if (s)
		snprintf(s, 64, "<cupy.cuda.memory.MemoryPointer object at %p>", self->u.obj.p);
	return s;
}

static const char *const memptr_attrs[] = {"device", "device_id", "ptr", NULL};
static const struct objtype memptr_type = {
	.name = "MemoryPointer", .free = free, .getattr = memptr_getattr, .repr = memptr_repr,
	.attrs = memptr_attrs,
};

static struct value *data_value(struct eval *ev, const struct ndarray *a)
{
	struct memptr *m;
	if (!arr_is_cupy(nd_backend(a)))
		return err_set(ev, TY_NotImplementedError, "ndarray.data (a memoryview) of a NumPy array");
	if (!(m = malloc(sizeof *m)))
		return err_nomem(ev);
	m->ptr = (int64_t)(intptr_t)nd_data(a);
	m->device = a->buf->device;
	m->be = nd_backend(a);
	return val_object_new(&memptr_type, m);
}

/* a NumPy array's __array_interface__ and a CuPy array's
 * __cuda_array_interface__ (version 3), keys in the order each library
 * gives them; the data pointer is the item-0 address x.data.ptr gives (a
 * host address for the host backend's cp arrays) */
static struct value *interface_value(struct eval *ev, const struct ndarray *a, int cuda)
{
	const char *ts = dtype_table[a->dtype].str;
	struct value *d = val_dict_new(), *shape = int_tuple(ev, a->ndim, a->shape);
	struct value *strides = nd_is_c_contiguous(a) ? val_none() : int_tuple(ev, a->ndim, a->strides);
	struct value *pair[2] = {val_cstr(""), val_cstr(ts)};
	struct value *descr1 = val_tuple_new(2, pair), *descr = descr1 ? val_list_new(1, &descr1) : NULL;
	struct value *dp[2] = {val_int(!cuda || nd_size(a) > 0 ? (int64_t)(intptr_t)nd_data(a) : 0),
			       val_bool(!cuda && !(a->flags & ND_WRITEABLE))};
	struct value *data = val_tuple_new(2, dp);
	int bad = !d || !shape || !strides || !descr || !data;
	if (!bad && !cuda)
		bad = dict_setstr(d, "data", val_incref(data)) < 0 || dict_setstr(d, "strides", val_incref(strides)) < 0 ||
		      dict_setstr(d, "descr", val_incref(descr)) < 0 || dict_setstr(d, "typestr", val_cstr(ts)) < 0 ||
		      dict_setstr(d, "shape", val_incref(shape)) < 0 || dict_setstr(d, "version", val_int(3)) < 0;
	if (!bad && cuda) {
		/* the stream CuPy exports: the current one, 1 (legacy default) for the null stream */
		int64_t sp = 0;
		struct value *st = arr_ns_call(ev, nd_backend(a), "cuda.get_current_stream", 0, NULL, NULL);
		struct value *ptr = st ? val_getattr(ev, st, "ptr") : NULL;
		val_decref(st);
		if (!ptr)
			err_clear(ev);
		else if (val_as_int64(ev, ptr, &sp) < 0)
			err_clear(ev);
		val_decref(ptr);
		bad = dict_setstr(d, "shape", val_incref(shape)) < 0 || dict_setstr(d, "typestr", val_cstr(ts)) < 0 ||
		      dict_setstr(d, "descr", val_incref(descr)) < 0 || dict_setstr(d, "stream", val_int(sp ? sp : 1)) < 0 ||
		      dict_setstr(d, "version", val_int(3)) < 0 || dict_setstr(d, "strides", val_incref(strides)) < 0 ||
		      dict_setstr(d, "data", val_incref(data)) < 0;
	}
	val_decref(shape);
	val_decref(strides);
	val_decref(descr);
	val_decref(data);
	if (bad) {
		val_decref(d);
		return err_nomem(ev);
	}
	return d;
}

/* the lookup of methods over every area's table (published at start-up) */
static const struct arr_func *const *method_tables(void)
{
	return arr_published(NS_METHODS);
}

static struct value *find_method(struct value *self, const char *name)
{
	const struct arr_func *const *t = method_tables();
	for (; *t; t++)
		for (const struct arr_func *f = *t; f && f->name; f++)
			if (!strcmp(f->name, name))
				return val_builtin(f->name, f->fn, self,
						   (void *)nd_backend(self->u.arr));
	return NULL;
}

static struct value *ndarray_getattr(struct eval *ev, struct value *v, const char *name)
{
	struct ndarray *a = v->u.arr;
	if (a->sub == ND_MATRIX) {
		struct value *r = arr_matrix_getattr(ev, v, name);
		if (r || err_occurred(ev))
			return r;
	}
	switch (name[0]) {
	case '_':
		if (!strcmp(name, "__array_interface__") && !arr_is_cupy(nd_backend(a)))
			return interface_value(ev, a, 0);
		if (!strcmp(name, "__cuda_array_interface__") && arr_is_cupy(nd_backend(a)))
			return interface_value(ev, a, 1);
		break;
	case 'T':
		if (!strcmp(name, "T"))
			return arr_wrap(ev, arr_transpose(ev, a, NULL));
		break;
	case 'b':
		if (!strcmp(name, "base")) {
			if (!a->base)
				return val_none();
			if (a->base->wrapper)
				return val_incref(a->base->wrapper);
			return arr_wrap(ev, nd_incref(a->base));
		}
		break;
	case 'd':
		if (!strcmp(name, "dtype"))
			return val_dtype(a->dtype, 0);
		if (!strcmp(name, "device"))
			return device_value(ev, a);
		if (!strcmp(name, "data"))
			return data_value(ev, a);
		break;
	case 'f':
		if (!strcmp(name, "flat"))
			return arr_flat_get(ev, v);
		if (!strcmp(name, "flags")) {
			struct flagsobj *f = malloc(sizeof *f);
			if (!f)
				return err_nomem(ev);
			f->arr = val_incref(v);
			f->snap = *a;
			return val_object_new(&flags_type, f);
		}
		break;
	case 'i':
		if (!strcmp(name, "itemsize"))
			return val_int(dt_size(a->dtype));
		if (!strcmp(name, "imag"))
			return arr_wrap(ev, arr_real_imag(ev, a, 1));
		break;
	case 'n':
		if (!strcmp(name, "ndim"))
			return val_int(a->ndim);
		if (!strcmp(name, "nbytes"))
			return val_int(nd_size(a) * dt_size(a->dtype));
		break;
	case 'r':
		if (!strcmp(name, "real"))
			return arr_wrap(ev, arr_real_imag(ev, a, 0));
		break;
	case 's':
		if (!strcmp(name, "shape"))
			return int_tuple(ev, a->ndim, a->shape);
		if (!strcmp(name, "size"))
			return val_int(nd_size(a));
		if (!strcmp(name, "strides"))
			return int_tuple(ev, a->ndim, a->strides);
		break;
	case 'm':
		if (!strcmp(name, "mT") && a->ndim >= 2) {
			int perm[ND_MAXDIM];
			for (int i = 0; i < a->ndim; i++)
				perm[i] = i;
			perm[a->ndim - 1] = a->ndim - 2;
			perm[a->ndim - 2] = a->ndim - 1;
			return arr_wrap(ev, arr_transpose(ev, a, perm));
		}
		break;
	}
	if (a->sub == ND_MEMMAP && arr_memmap_name(name)) {
		struct value *r = arr_memmap_getattr(ev, a, name);
		if (r)
			return r;
	} else if (arr_memmap_name(name)) {
		return NULL;
	}
	return find_method(v, name);
}

struct value *arr_getattr(struct eval *ev, struct value *v, const char *name)
{
	struct value *r;
	if (v->type == VT_NDARRAY) {
		r = ndarray_getattr(ev, v, name);
	} else {
		/* a NumPy scalar: its own attributes, else those of a 0-d array */
		const struct npscalar *s = &v->u.sc;
		if (!strcmp(name, "dtype"))
			return val_dtype(s->dtype, 0);
		if (!strcmp(name, "real") || !strcmp(name, "imag")) {
			struct npscalar o = {0};
			int im = name[0] == 'i';
			if (dt_is_complex(s->dtype)) {
				o.dtype = s->dtype == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
				o.v.f = im ? cimag(s->v.c) : creal(s->v.c);
				if (o.dtype == DT_FLOAT32)
					o.v.f = (float)o.v.f;
			} else if (im) {
				o.dtype = s->dtype;
			} else {
				o = *s;
			}
			return val_scalar(o.dtype, o.v);
		}
		{
			struct ndarray *a = nd_new(ev, &backend_host, s->dtype, 0, NULL);
			struct value *av;
			if (!a)
				return NULL;
			arr_scalar_store(s->dtype, nd_data(a), s);
			av = arr_wrap(ev, a);
			if (!av)
				return NULL;
			r = ndarray_getattr(ev, av, name);
			val_decref(av);
		}
	}
	if (!r && !err_occurred(ev))
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'",
			       val_type_name(v), name);
	return r;
}

int arr_setattr(struct eval *ev, struct value *v, const char *name, struct value *x)
{
	if (v->type == VT_NDARRAY && !strcmp(name, "shape")) {
		struct ndarray *a = v->u.arr, *r;
		int nd;
		int64_t shape[ND_MAXDIM];
		if (arr_parse_shape(ev, x, &nd, shape) < 0)
			return -1;
		r = arr_reshape(ev, a, nd, shape);
		if (r && a->sub == ND_MATRIX && r->ndim != 2) {
			/* a matrix stays 2-D: m.shape = (4,) makes it 1 x 4 */
			struct value *w = arr_matrix_wrap(ev, arr_wrap(ev, r), 0);
			r = w ? nd_incref(w->u.arr) : NULL;
			val_decref(w);
		}
		if (!r)
			return -1;
		if (r->buf != a->buf || (nd_size(a) > 0 && r->offset != a->offset)) {
			nd_decref(r);
			err_set(ev, TY_AttributeError, "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.");
			return -1;
		}
		a->ndim = r->ndim;
		memcpy(a->shape, r->shape, sizeof(int64_t) * r->ndim);
		memcpy(a->strides, r->strides, sizeof(int64_t) * r->ndim);
		nd_decref(r);
		return 0;
	}
	if (v->type == VT_NDARRAY && !strcmp(name, "flat"))
		return arr_flat_set(ev, v, x);
	if (v->type == VT_NDARRAY && (!strcmp(name, "real") || !strcmp(name, "imag"))) {
		struct ndarray *p = arr_real_imag(ev, v->u.arr, name[0] == 'i');
		struct value *pv;
		int rc;
		if (!p)
			return -1;
		if (!dt_is_complex(v->u.arr->dtype) && name[0] == 'i') {
			nd_decref(p);
			err_set(ev, TY_TypeError, "array does not have imaginary part to set");
			return -1;
		}
		pv = arr_wrap(ev, p);
		if (!pv)
			return -1;
		{
			struct value *in[2] = {x, NULL};
			struct value *z = val_int(0);
			in[1] = z;
			struct value *r = arr_ufunc_call(ev, nd_backend(p), "add", 2, in, pv);
			rc = r ? 0 : -1;
			val_decref(r);
			val_decref(z);
		}
		val_decref(pv);
		return rc;
	}
	{
		static const char *const ro[] = {"ndim", "size", "dtype", "itemsize", "nbytes", "T",
						 "strides", "flags", "device", NULL};
		for (int i = 0; ro[i]; i++)
			if (!strcmp(ro[i], name)) {
				/* CuPy: size and dtype are Cython readonly members, the rest
				 * properties of the base class _ndarray_base */
				int cp = v->type == VT_NDARRAY && arr_is_cupy(nd_backend(v->u.arr));
				if (cp && (!strcmp(name, "size") || !strcmp(name, "dtype")))
					err_set(ev, TY_AttributeError, "readonly attribute");
				else
					err_set(ev, TY_AttributeError, "attribute '%s' of '%s' objects is not writable",
						name, cp ? "cupy._core.core._ndarray_base" : val_type_name(v));
				return -1;
			}
	}
	err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", val_type_name(v), name);
	return -1;
}

/* ---- core methods ---- */

static struct ndarray *self_arr(const struct builtin *bi) { return bi->self->u.arr; }

int arr_parse_order(struct eval *ev, struct value *v, char def, char *out)
{
	const char *s;
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	if (!(s = val_as_cstr(v)))
		return err_set(ev, TY_TypeError, "order must be str, not %s", val_type_name(v)), -1;
	if (!s[0] || s[1] || !strchr("CFAKcfak", s[0]))
		return err_set(ev, TY_ValueError, "order must be one of 'C', 'F', 'A', or 'K' (got '%s')", s), -1;
	*out = s[0] & ~0x20;
	return 0;
}

/* The strides NumPy's PyArray_NewLikeArray gives a new array shaped like a
 * in order: 'C' / 'F' the usual ones; 'A' F when a is F- but not
 * C-contiguous; 'K' C or F when a is either (C for ndim <= 1), else a's
 * memory order -- axes sorted by |stride|, largest outermost, ties (and
 * zero strides) kept in axis order -- laid out densely with positive
 * strides, so copying a view walks memory the way the view does. */
static void strides_like(const struct ndarray *a, int64_t item, char order, int64_t *st)
{
	int perm[ND_MAXDIM], nd = a->ndim;
	int64_t s = item;
	int c = nd_is_c_contiguous(a), f = nd_is_f_contiguous(a);
	if (order == 'A')
		order = f && !c ? 'F' : 'C';
	if (order == 'K' && (c || nd <= 1))
		order = 'C';
	if (order == 'K' && f)
		order = 'F';
	for (int i = 0; i < nd; i++)
		perm[i] = order == 'F' ? nd - 1 - i : i;
	if (order == 'K')
		for (int i = 1; i < nd; i++) /* insertion sort: stable */
			for (int j = i; j > 0; j--) {
				int64_t p = a->strides[perm[j - 1]], q = a->strides[perm[j]];
				if ((p < 0 ? -p : p) >= (q < 0 ? -q : q))
					break;
				int t = perm[j];
				perm[j] = perm[j - 1];
				perm[j - 1] = t;
			}
	for (int i = nd - 1; i >= 0; i--) {
		st[perm[i]] = s;
		s *= a->shape[perm[i]] ? a->shape[perm[i]] : 1;
	}
}

struct ndarray *arr_copy_order(struct eval *ev, const struct ndarray *a, int dtype, char order)
{
	struct ndarray *r;
	if (order == 'C' || (order != 'F' && (a->ndim <= 1 || nd_is_c_contiguous(a))))
		return dtype == a->dtype ? arr_contiguous(ev, a) : arr_astype(ev, a, dtype);
	r = nd_new(ev, nd_backend(a), dtype, a->ndim, a->shape);
	if (!r)
		return NULL;
	strides_like(a, dt_size(dtype), order, r->strides);
	if (nd_size(a) && nd_backend(a)->copy(ev, r, a) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

/* Whether a already has the layout order asks for (astype copy=False). */
static int has_order(const struct ndarray *a, char order)
{
	int c = nd_is_c_contiguous(a), f = nd_is_f_contiguous(a);
	return order == 'K' || (order == 'C' && c) || (order == 'F' && f) || (order == 'A' && (c || f));
}

/* astype(casting='same_value'): every item of r (a cast to r's dtype) cast
 * back must equal a's (NaN equal to NaN), else NumPy's ValueError naming
 * the C types; casts to bool are not checked, as in NumPy */
static int same_value_check(struct eval *ev, const struct ndarray *a, const struct ndarray *r)
{
	static const char *const cname[DT_COUNT] = {
		[DT_BOOL] = "bool", [DT_INT8] = "byte", [DT_UINT8] = "ubyte", [DT_INT16] = "short",
		[DT_UINT16] = "ushort", [DT_INT32] = "int", [DT_UINT32] = "uint", [DT_INT64] = "long",
		[DT_UINT64] = "ulong", [DT_FLOAT16] = "half", [DT_FLOAT32] = "float", [DT_FLOAT64] = "double",
		[DT_COMPLEX64] = "cfloat", [DT_COMPLEX128] = "cdouble",
	};
	struct ndarray *x, *y, *back;
	int bad = 0;
	if (r->dtype == DT_BOOL || r->dtype == a->dtype)
		return 0;
	back = arr_astype_quiet(ev, r, a->dtype);
	x = back ? arr_host_c(ev, a, DT_COMPLEX128) : NULL;
	y = x ? arr_host_c(ev, back, DT_COMPLEX128) : NULL;
	nd_decref(back);
	if (!y) {
		nd_decref(x);
		return -1;
	}
	if (dt_is_int(a->dtype) && dt_is_int(r->dtype)) {
		/* integer to integer: each value in the target's range */
		int su = dtype_table[a->dtype].kind == 'u', tu = dtype_table[r->dtype].kind == 'u';
		int tb = 8 * dt_size(r->dtype);
		nd_decref(x);
		nd_decref(y);
		if (!(x = arr_host_c(ev, a, su ? DT_UINT64 : DT_INT64)))
			return -1;
		y = NULL;
		for (int64_t i = 0, n = nd_size(a); i < n && !bad; i++) {
			if (su) {
				uint64_t u = ((const uint64_t *)nd_data(x))[i];
				bad = u > (tu ? (tb == 64 ? UINT64_MAX : (UINT64_C(1) << tb) - 1) : (UINT64_C(1) << (tb - 1)) - 1);
			} else {
				int64_t v = ((const int64_t *)nd_data(x))[i];
				bad = tu ? v < 0 || (tb < 64 && v > (int64_t)((UINT64_C(1) << tb) - 1))
					 : tb < 64 && (v < -(INT64_C(1) << (tb - 1)) || v > (INT64_C(1) << (tb - 1)) - 1);
			}
		}
	} else if (dt_is_int(a->dtype) && dt_size(a->dtype) == 8) {
		/* integers beyond 2**53 compare exactly through their own dtype */
		nd_decref(x);
		nd_decref(y);
		x = arr_host_c(ev, a, a->dtype);
		back = x ? arr_astype_quiet(ev, r, a->dtype) : NULL;
		y = back ? arr_host_c(ev, back, a->dtype) : NULL;
		nd_decref(back);
		if (!y) {
			nd_decref(x);
			return -1;
		}
		bad = memcmp(nd_data(x), nd_data(y), (size_t)(nd_size(a) * 8)) != 0;
	} else {
		const double _Complex *p = (const double _Complex *)nd_data(x), *q = (const double _Complex *)nd_data(y);
		for (int64_t i = 0, n = nd_size(a); i < n && !bad; i++) {
			double pr = creal(p[i]), pi = cimag(p[i]), qr = creal(q[i]), qi = cimag(q[i]);
			bad = !((pr == qr || (pr != pr && qr != qr)) && (pi == qi || (pi != pi && qi != qi)));
		}
	}
	nd_decref(x);
	nd_decref(y);
	if (bad)
		return err_set(ev, TY_ValueError, "could not cast 'same_value' %s to %s", cname[a->dtype],
			       cname[r->dtype]), -1;
	return 0;
}

static struct value *m_astype(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *dt, *order = NULL, *casting = NULL, *subok = NULL, *copy = NULL;
	int d = -1, cp = 1;
	char ord;
	struct ndarray *a = self_arr(bi);
	if (args_parse(ev, "astype", argc, argv, kw, "dtype|order,casting,subok,copy",
		       &dt, &order, &casting, &subok, &copy) < 0 ||
	    arr_parse_dtype(ev, dt, &d) < 0 || args_bool(ev, copy, 1, &cp) < 0 ||
	    arr_parse_order(ev, order, 'K', &ord) < 0)
		return NULL;
	if (d < 0)
		d = DT_FLOAT64;
	const char *cs = casting ? val_as_cstr(casting) : NULL;
	if (casting && (!cs || (strcmp(cs, "no") && strcmp(cs, "equiv") && strcmp(cs, "safe") &&
				strcmp(cs, "same_kind") && strcmp(cs, "unsafe") && strcmp(cs, "same_value")))) {
		char *r = val_repr(ev, casting);
		if (r)
			err_set(ev, TY_ValueError, "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe', 'same_value' (got %s)", r);
		free(r);
		return NULL;
	}
	if (cs && strcmp(cs, "same_value") && !dt_can_cast(a->dtype, d, cs))
		return err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('%s') according to the rule '%s'",
			       dtype_table[a->dtype].name, dtype_table[d].name, cs);
	if (!cp && d == a->dtype && has_order(a, ord))
		return val_incref(bi->self);
	struct ndarray *r = arr_copy_order(ev, a, d, ord);
	if (r && cs && !strcmp(cs, "same_value") && same_value_check(ev, a, r) < 0) {
		nd_decref(r);
		return NULL;
	}
	return arr_wrap(ev, r);
}

static struct value *m_copy(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *order = NULL;
	struct ndarray *a = self_arr(bi);
	char ord;
	if (args_parse(ev, "copy", argc, argv, kw, "|order", &order) < 0 ||
	    arr_parse_order(ev, order, 'C', &ord) < 0)
		return NULL;
	return arr_wrap(ev, arr_copy_order(ev, a, a->dtype, ord));
}

int arr_fill_value(struct eval *ev, struct ndarray *a, struct value *x)
{
	struct npscalar s;
	int pyc;
	if (x->type == VT_NDARRAY) {
		if (nd_size(x->u.arr) != 1)
			return err_set(ev, TY_ValueError, "Input object to FillWithScalar is not a scalar"), -1;
		if (single(ev, x->u.arr, &s, NULL) < 0)
			return -1;
	} else if (arr_value_scalar(x, &s, &pyc)) {
		err_set(ev, TY_TypeError, "%s", "float() argument must be a string or a real number");
		return -1;
	} else if (pyc == VT_INT && dt_is_int(a->dtype) && arr_check_pyint(ev, s.v.i, a->dtype) < 0) {
		return -1;
	}
	if (!(a->flags & ND_WRITEABLE)) {
		err_set(ev, TY_ValueError, "assignment destination is read-only");
		return -1;
	}
	arr_complex_cast_warn(ev, s.dtype, a->dtype);	/* np.full(2, 1j, dtype=float) */
	return nd_backend(a)->fill(ev, a, &s);
}

static struct value *m_fill(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	if (args_parse(ev, "fill", argc, argv, kw, "value", &x) < 0 ||
	    (x->type == VT_COMPLEX && arr_hooks.value_check && arr_hooks.value_check(ev, self_arr(bi)->dtype, x) < 0) || /* a.fill(1j) */
	    arr_fill_value(ev, self_arr(bi), x) < 0)
		return NULL;
	return val_none();
}

/* a's items seen as dtype d (NumPy's rules for another itemsize) */
static struct ndarray *view_dtype(struct eval *ev, const struct ndarray *a, int d)
{
	if (dt_size(d) == dt_size(a->dtype))
		return nd_view(ev, a, d, a->ndim, a->shape, a->strides, a->offset);
	if (a->ndim == 0)
		return err_set(ev, TY_ValueError, "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
	if (a->strides[a->ndim - 1] != dt_size(a->dtype) ||
	    (a->shape[a->ndim - 1] * dt_size(a->dtype)) % dt_size(d))
		return err_set(ev, TY_ValueError, "To change to a dtype of a different size, the last axis must be contiguous");
	int64_t sh[ND_MAXDIM], st[ND_MAXDIM];
	memcpy(sh, a->shape, sizeof(int64_t) * a->ndim);
	memcpy(st, a->strides, sizeof(int64_t) * a->ndim);
	sh[a->ndim - 1] = a->shape[a->ndim - 1] * dt_size(a->dtype) / dt_size(d);
	st[a->ndim - 1] = dt_size(d);
	return nd_view(ev, a, d, a->ndim, sh, st, a->offset);
}

/* the subclass a view(type=...) names: np.ndarray (plain), np.matrix; -1 else */
static int view_type(const struct value *t)
{
	if (t->type == VT_TYPE && t->u.ty == TY_NDARRAY)
		return ND_PLAIN;
	if (arr_is_matrix_type(t))
		return ND_MATRIX;
	return -1;
}

/* a.view(dtype=None, type=None); a.view(np.ndarray) names the type */
static struct value *m_view(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *dt = NULL, *type = NULL;
	struct ndarray *a = self_arr(bi), *v;
	int d = a->dtype, sub = a->sub;
	if (args_parse(ev, "view", argc, argv, kw, "|dtype,type", &dt, &type) < 0)
		return NULL;
	if (dt && !type && view_type(dt) >= 0) {
		type = dt;
		dt = NULL;
	}
	if (type && type->type != VT_NONE && (sub = view_type(type)) < 0)
		return err_set(ev, TY_TypeError, "view(type=...): Lumen's arrays are numpy.ndarray and numpy.matrix (%s given)",
			       val_type_name(type));
	if (dt && dt->type != VT_NONE && arr_parse_dtype(ev, dt, &d) < 0)
		return NULL;
	if (!(v = view_dtype(ev, a, d)))
		return NULL;
	if (sub == a->sub)
		return arr_wrap(ev, v);
	v->sub = ND_PLAIN;   /* a new header of its own */
	return sub == ND_MATRIX ? arr_matrix_wrap(ev, arr_wrap(ev, v), 0) : arr_wrap(ev, v);
}

/* nested Python lists of a host array's items */
static struct value *tolist_rec(struct eval *ev, const struct ndarray *a, const char *p, int dim)
{
	struct value *list;
	if (dim == a->ndim) {
		struct npscalar s;
		arr_scalar_load(a->dtype, p, &s);
		return arr_scalar_to_py(ev, &s);
	}
	list = val_list_new(0, NULL);
	if (!list)
		return err_nomem(ev);
	for (int64_t i = 0; i < a->shape[dim]; i++) {
		struct value *x = tolist_rec(ev, a, p + i * a->strides[dim], dim + 1);
		if (!x || list_append(list, x) < 0) {
			val_decref(list);
			return x ? err_nomem(ev) : NULL;
		}
	}
	return list;
}

static struct value *m_tolist(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct ndarray *h;
	struct value *r;
	if (args_parse(ev, "tolist", argc, argv, kw, "") < 0)
		return NULL;
	xfer_user_begin();
	h = arr_to_host(ev, self_arr(bi));
	xfer_user_end();
	if (!h)
		return NULL;
	r = tolist_rec(ev, h, nd_data(h), 0);
	nd_decref(h);
	return r;
}

static struct value *m_item(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct ndarray *a = self_arr(bi);
	int64_t flat = 0, n = nd_size(a);
	char buf[16];
	struct npscalar s;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "item() takes no keyword arguments");
	if (argc == 1 && argv[0]->type == VT_TUPLE) {
		argc = (int)argv[0]->u.seq.n;
		argv = argv[0]->u.seq.items;
	}
	if (argc == 0) {
		if (n != 1)
			return err_set(ev, TY_ValueError, "can only convert an array of size 1 to a Python scalar");
	} else if (argc == 1) {
		if (val_as_int64(ev, argv[0], &flat) < 0)
			return NULL;
		if (flat < 0)
			flat += n;
		if (flat < 0 || flat >= n)
			return err_set(ev, TY_IndexError, "index %lld is out of bounds for size %lld",
				       (long long)(flat < 0 ? flat - n : flat), (long long)n);
	} else {
		if (argc != a->ndim)
			return err_set(ev, TY_ValueError, "incorrect number of indices for array");
		for (int i = 0; i < argc; i++) {
			int64_t k;
			if (val_as_int64(ev, argv[i], &k) < 0)
				return NULL;
			if (k < 0)
				k += a->shape[i];
			if (k < 0 || k >= a->shape[i])
				return err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
					       (long long)k, i, (long long)a->shape[i]);
			flat = flat * a->shape[i] + k;
		}
	}
	xfer_user_begin();
	int rc = nd_backend(a)->take_flat(ev, a, &flat, 1, buf);
	xfer_user_end();
	if (rc < 0)
		return NULL;
	arr_scalar_load(a->dtype, buf, &s);
	return arr_scalar_to_py(ev, &s);
}

/* cp: x.get() -> numpy array; np arrays have no get */
static struct value *m_get(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	struct value *stream = NULL, *order = NULL, *out = NULL, *blocking = NULL;
	struct ndarray *a = self_arr(bi);
	if (!arr_is_cupy(nd_backend(a)))
		return err_set(ev, TY_AttributeError, "'numpy.ndarray' object has no attribute 'get'");
	if (args_parse(ev, "get", argc, argv, kw, "|stream,order,out,blocking",
		       &stream, &order, &out, &blocking) < 0)
		return NULL;
	xfer_user_begin();
	struct ndarray *h = arr_to_backend(ev, a, &backend_host);
	xfer_user_end();
	return arr_wrap(ev, h);
}

/* cp: x.set(np_array): copies host data into x (same shape) */
static struct value *m_set(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	struct value *arr, *stream = NULL;
	struct ndarray *a = self_arr(bi), *h, *c;
	if (!arr_is_cupy(nd_backend(a)))
		return err_set(ev, TY_AttributeError, "'numpy.ndarray' object has no attribute 'set'");
	if (args_parse(ev, "set", argc, argv, kw, "arr|stream", &arr, &stream) < 0)
		return NULL;
	h = arr_borrow(arr);
	if (!h || arr_is_cupy(nd_backend(h)))
		return err_set(ev, TY_TypeError, "Only numpy.ndarray can be set to cupy.ndarray");
	if (h->ndim != a->ndim || memcmp(h->shape, a->shape, sizeof(int64_t) * a->ndim))
		return err_set(ev, TY_ValueError, "Shape mismatch. Old shape: %d, new shape: %d", a->ndim, h->ndim);
	if (h->dtype != a->dtype)
		return err_set(ev, TY_TypeError, "{} array cannot be set to {} array");
	c = arr_to_backend(ev, h, nd_backend(a));
	if (!c)
		return NULL;
	if (nd_backend(a)->copy(ev, a, c) < 0) {
		nd_decref(c);
		return NULL;
	}
	nd_decref(c);
	return val_none();
}

static struct value *m_len(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw)
{
	int64_t n = arr_len(ev, bi->self);
	return n < 0 ? NULL : val_int(n);
}

static struct value *m_conj(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	return arr_ufunc_call(ev, nd_backend(self_arr(bi)), "conjugate", 1, (struct value **)&bi->self, NULL);
}

/* NumPy's PyArray_ToString: 'A' is 'F' for an F- but not C-contiguous
 * array, else 'C'; 'F' walks the transpose in C order; 'K' is 'C'.  A
 * device array is copied to the host first. */
struct value *arr_tobytes(struct eval *ev, const struct ndarray *a, char order)
{
	struct ndarray *t = NULL, *h;
	const struct ndarray *src = a;
	if (order == 'A')
		order = nd_is_f_contiguous(a) && !nd_is_c_contiguous(a) ? 'F' : 'C';
	if (order == 'F' && a->ndim > 1) {
		if (!(t = arr_transpose(ev, a, NULL)))
			return NULL;
		src = t;
	}
	xfer_user_begin();
	h = arr_host_c(ev, src, src->dtype);
	xfer_user_end();
	nd_decref(t);
	if (!h)
		return NULL;
	size_t nb = (size_t)nd_size(h) * (size_t)dt_size(h->dtype);
	struct value *v = val_bytes(nb ? nd_data(h) : "", nb);
	nd_decref(h);
	return v ? v : err_nomem(ev);
}

static struct value *m_tobytes(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *ov = NULL;
	char order;
	if (args_parse(ev, "tobytes", argc, argv, kw, "|order", &ov) < 0 ||
	    arr_parse_order(ev, ov, 'C', &order) < 0)
		return NULL;
	return arr_tobytes(ev, self_arr(bi), order);
}

const struct arr_func arr_core_methods[] = {
	{"astype", m_astype, "astype(dtype, order='K', casting='unsafe', subok=True, copy=True)",
	 "Copy of the array, cast to a specified type."},
	{"copy", m_copy, "copy(order='C')", "Return a copy of the array."},
	{"fill", m_fill, "fill(value)", "Fill the array with a scalar value."},
	{"getfield", m_getfield, "getfield(dtype, offset=0)", "Returns a field of the given array as a certain type."},
	{"setfield", m_setfield, "setfield(val, dtype, offset=0)", "Put a value into a specified place in a field defined by a data-type."},
	{"byteswap", m_byteswap, "byteswap(inplace=False)", "Swap the bytes of the array elements."},
	{"setflags", m_setflags, "setflags(write=None, align=None, uic=None)",
	 "Set array flags WRITEABLE, ALIGNED, WRITEBACKIFCOPY, respectively."},
	{"view", m_view, "view(dtype=None, type=None)", "New view of array with the same data."},
	{"item", m_item, "item(*args)", "Copy an element of an array to a standard Python scalar and return it."},
	{"tolist", m_tolist, "tolist()", "Return the array as a nested list of Python scalars."},
	{"get", m_get, "get(stream=None, order='C', out=None, blocking=True)", "Returns a copy of the array on host memory."},
	{"set", m_set, "set(arr, stream=None)", "Copies an array on the host memory to cupy.ndarray."},
	{"__len__", m_len, "__len__()", "Return len(self)."},
	{"conj", m_conj, "conj()", "Complex-conjugate all elements."},
	{"conjugate", m_conj, "conjugate()", "Return the complex conjugate, element-wise."},
	{"tobytes", m_tobytes, "tobytes(order='C')", "Construct Python bytes containing the raw data bytes in the array."},
	{NULL, NULL, NULL, NULL},
};

/* real / imag parts as views (complex) or the array itself / zeros */
struct ndarray *arr_real_imag(struct eval *ev, const struct ndarray *a, int imag)
{
	if (dt_is_complex(a->dtype)) {
		int d = a->dtype == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
		return nd_view(ev, a, d, a->ndim, a->shape, a->strides,
			       a->offset + (imag ? dt_size(d) : 0));
	}
	if (!imag)
		return nd_incref((struct ndarray *)a);
	{
		struct ndarray *z = nd_new(ev, nd_backend(a), a->dtype, a->ndim, a->shape);
		struct npscalar s = {0};
		s.dtype = DT_INT64;
		if (z && nd_backend(z)->fill(ev, z, &s) < 0) {
			nd_decref(z);
			return NULL;
		}
		if (z)
			z->flags &= ~ND_WRITEABLE;
		return z;
	}
}
