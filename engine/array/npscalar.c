/*
 * npscalar.c — dtype objects and NumPy scalar constructors: np.float32(3),
 * np.dtype('f4') and its attributes and reprs, and the dtype utilities
 * np.result_type can_cast promote_types iinfo finfo isscalar
 * iscomplexobj isrealobj iscomplex isreal shares_memory may_share_memory
 * (arr_dtype_funcs).
 *
 * Owns the iinfo/finfo objects it makes.  Pure otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <complex.h>
#include <math.h>
#include <float.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "pyobj/bigint.h"
#include "lang/eval.h"

static struct value *dt_newbyteorder(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw);

static const char *type_name(int dt)
{
	return dt == DT_BOOL ? "bool" : dtype_table[dt].name;
}

char *arr_dtype_repr(struct eval *ev, struct value *dt)
{
	char *s = malloc(64);
	if (!s)
		return err_nomem(ev);
	if (dt->u.dt.is_type == DT_TYPE_ABSTRACT)
		snprintf(s, 64, "<class 'numpy.%s'>", dt_abstract_names[dt->u.dt.dtype]);
	else if (dt->u.dt.is_type)
		snprintf(s, 64, "<class 'numpy.%s'>", type_name(dt->u.dt.dtype));
	else
		snprintf(s, 64, "dtype('%s')", dtype_table[dt->u.dt.dtype].name);
	return s;
}

struct value *arr_dtype_getattr(struct eval *ev, struct value *dtv, const char *name)
{
	int d = dtv->u.dt.dtype;
	const struct dtype_info *t = &dtype_table[d];
	char c[2] = {0, 0};
	if (dtv->u.dt.is_type == DT_TYPE_ABSTRACT) {
		if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
			return val_cstr(dt_abstract_names[d]);
		if (!strcmp(name, "__module__"))
			return val_cstr("numpy");
		return err_set(ev, TY_AttributeError, "type object 'numpy.%s' has no attribute '%s'",
			       dt_abstract_names[d], name);
	}
	if (dtv->u.dt.is_type) {
		if (!strcmp(name, "__module__"))
			return val_cstr("numpy");
		if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
			return val_cstr(type_name(d));
		if (!strcmp(name, "dtype"))
			return val_dtype(d, 0);
	}
	if (!strcmp(name, "name"))
		return val_cstr(t->name);
	if (!strcmp(name, "itemsize") || !strcmp(name, "alignment"))
		return val_int(t->itemsize);
	if (!strcmp(name, "kind")) {
		c[0] = t->kind;
		return val_cstr(c);
	}
	if (!strcmp(name, "char")) {
		c[0] = t->code;
		return val_cstr(c);
	}
	if (!strcmp(name, "str"))
		return val_cstr(t->str);
	if (!strcmp(name, "byteorder"))
		return val_cstr(t->itemsize == 1 ? "|" : "=");
	if (!strcmp(name, "num")) {
		static const int num[DT_COUNT] = {0, 1, 3, 5, 7, 2, 4, 6, 8, 23, 11, 12, 14, 15};
		return val_int(num[d]);
	}
	if (!strcmp(name, "type"))
		return val_dtype(d, 1);
	if (!strcmp(name, "ndim"))
		return val_int(0);
	if (!strcmp(name, "shape"))
		return val_tuple_new(0, NULL);
	if (!strcmp(name, "base"))
		return val_dtype(d, 0);
	if (!strcmp(name, "isbuiltin"))
		return val_int(1);
	if (!strcmp(name, "isnative"))
		return val_bool(1);
	if (!strcmp(name, "newbyteorder") && !dtv->u.dt.is_type)
		return val_builtin("newbyteorder", dt_newbyteorder, dtv, NULL);
	if (!strcmp(name, "hasobject"))
		return val_bool(0);
	if (!strcmp(name, "names") || !strcmp(name, "fields") || !strcmp(name, "subdtype"))
		return val_none();
	return err_set(ev, TY_AttributeError, "%s has no attribute '%s'",
		       dtv->u.dt.is_type ? "type object" : "'numpy.dtype' object", name);
}

/* dtype.newbyteorder(new_order='S'): the native order is the only one
 * Lumen's arrays have, so a swap of a multi-byte dtype is a named limit */
static struct value *dt_newbyteorder(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	/* '<' is native too, but NumPy's repr then names it (dtype('<i8')) */
	static const char *const native[] = {"=", "|", "I", "i", "N", "n", "native", NULL};
	static const char *const swap[] = {"S", "s", ">", "B", "b", "big", "swap", "<", "L", "l", "little", NULL};
	struct value *ov = NULL;
	const char *o = "S";
	int d = bi->self->u.dt.dtype, ok = -1;
	if (args_parse(ev, "newbyteorder", argc, argv, kw, "|new_order", &ov) < 0)
		return NULL;
	if (ov && !(o = val_as_cstr(ov)))
		return err_set(ev, TY_TypeError, "byteorder must be str, not %s", val_type_name(ov));
	for (int i = 0; ok < 0 && native[i]; i++)
		if (!strcmp(o, native[i]))
			ok = 1;
	for (int i = 0; ok < 0 && swap[i]; i++)
		if (!strcmp(o, swap[i]))
			ok = 0;
	if (ok < 0) {
		char *r = val_repr(ev, ov);
		if (r)
			err_set(ev, TY_ValueError, "byteorder not recognized (got %s)", r);
		free(r);
		return NULL;
	}
	if (!ok && dt_size(d) > 1)
		return err_set(ev, TY_NotImplementedError, "dtype('%s').newbyteorder('%s'): Lumen has no explicit byte orders "
			       "(its arrays are native, little-endian; byteswap() swaps the bytes)", dtype_table[d].name, o);
	return val_dtype(d, 0);
}

/* np.float32(x): a NumPy scalar (or an array for sequences) */
struct value *arr_dtype_call(struct eval *ev, struct value *dtv, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	int d = dtv->u.dt.dtype, pyc;
	struct npscalar s, r;
	struct value *x;
	if (!dtv->u.dt.is_type)
		return err_set(ev, TY_TypeError, "'numpy.dtype[%s]' object is not callable", type_name(d));
	if (dtv->u.dt.is_type == DT_TYPE_ABSTRACT) {
		if (d >= AB_STR)
			return err_set(ev, TY_NotImplementedError, "np.%s(): Lumen has no %s scalars "
				       "(numeric dtypes only, as on the GPU in CuPy)", dt_abstract_names[d],
				       d == AB_OBJECT ? "object" : d == AB_VOID ? "structured" : "string");
		return err_set(ev, TY_TypeError, "cannot create 'numpy.%s' instances", dt_abstract_names[d]);
	}
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "%s() takes no keyword arguments", type_name(d));
	memset(&r, 0, sizeof r);
	r.dtype = d;
	if (argc == 0)
		return val_scalar(d, r.v);
	if (argc > 1)
		return err_set(ev, TY_TypeError, "%s() takes at most 1 argument (%d given)", type_name(d), argc);
	x = argv[0];
	if (x->type == VT_STR) {
		const char *str = x->u.str->s;
		char *end;
		memset(&s, 0, sizeof s);
		if (d == DT_BOOL) {
			r.v.b = x->u.str->len != 0;
			return val_scalar(d, r.v);
		}
		if (dt_is_int(d)) {
			long long v = strtoll(str, &end, 10);
			if (end == str || *end)
				return err_set(ev, TY_ValueError, "invalid literal for int() with base 10: '%s'", str);
			s.dtype = DT_INT64;
			s.v.i = v;
			pyc = VT_INT;
		} else {
			double v = strtod(str, &end);
			if (end == str || *end)
				return err_set(ev, TY_ValueError, "could not convert string to float: '%s'", str);
			s.dtype = DT_FLOAT64;
			s.v.f = v;
			pyc = VT_FLOAT;
		}
	} else if (x->type == VT_BIGINT) {
		/* a Python int beyond int64: NumPy converts it to the C type */
		if (d == DT_BOOL) {
			r.v.b = 1;
			return val_scalar(d, r.v);
		}
		if (d == DT_UINT64)
			return big_as_uint64(ev, x, &r.v.u) < 0 ? NULL : val_scalar(d, r.v);
		if (!dt_is_inexact(d))
			return err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
		memset(&s, 0, sizeof s);
		if (big_to_double(ev, x, &s.v.f) < 0)
			return NULL;
		s.dtype = DT_FLOAT64;
		pyc = VT_FLOAT;
	} else if (arr_value_scalar(x, &s, &pyc)) {
		struct ndarray *a = arr_asarray(ev, &backend_host, x, d);
		if (!a)
			return NULL;
		if (a->ndim == 0)
			return arr_result(ev, a);
		return arr_wrap(ev, a);
	}
	if (pyc == VT_INT && dt_is_int(d) && arr_check_pyint(ev, s.v.i, d) < 0)
		return NULL;
	arr_scalar_cast(&s, d, &r);
	return val_scalar(d, r.v);
}

/* the dtype of an argument: a dtype value, a type, a string, an array or a scalar */
static int dtype_of(struct eval *ev, struct value *v, int *d, int *pyclass)
{
	struct npscalar s;
	*pyclass = 0;
	if (v->type == VT_NDARRAY) {
		*d = v->u.arr->dtype;
		return 0;
	}
	if (v->type == VT_BOOL || v->type == VT_INT || v->type == VT_FLOAT ||
	    v->type == VT_COMPLEX || v->type == VT_SCALAR) {
		arr_value_scalar(v, &s, pyclass);
		*d = s.dtype;
		return 0;
	}
	*d = -1;
	if (arr_parse_dtype(ev, v, d) < 0)
		return -1;
	if (*d < 0) {
		err_set(ev, TY_TypeError, "Cannot interpret 'None' as a data type");
		return -1;
	}
	return 0;
}

static struct value *fn_dtype(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *x, *align = NULL, *copy = NULL;
	int d = -1;
	if (args_parse(ev, "dtype", argc, argv, kw, "dtype|align,copy", &x, &align, &copy) < 0)
		return NULL;
	if (x->type == VT_NONE)
		return val_dtype(DT_FLOAT64, 0);
	if (arr_parse_dtype(ev, x, &d) < 0)
		return NULL;
	return val_dtype(d, 0);
}

static struct value *fn_result_type(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	int strong = -1, weak[3] = {0}, d, pyc;
	if (argc == 0)
		return err_set(ev, TY_ValueError, "at least one array or dtype is required");
	for (int i = 0; i < argc; i++) {
		if (dtype_of(ev, argv[i], &d, &pyc) < 0)
			return NULL;
		if (pyc) {
			weak[pyc == VT_BOOL ? 0 : pyc == VT_INT ? 0 : pyc == VT_FLOAT ? 1 : 2] = pyc;
			continue;
		}
		strong = strong < 0 ? d : dt_promote(strong, d);
	}
	if (strong < 0) {
		strong = weak[2] ? DT_COMPLEX128 : weak[1] ? DT_FLOAT64 :
			 (weak[0] == VT_INT ? DT_INT64 : DT_BOOL);
		for (int i = 0; i < argc; i++)
			if (argv[i]->type == VT_INT)
				strong = dt_promote(strong, DT_INT64);
		return val_dtype(strong, 0);
	}
	for (int i = 0; i < argc; i++) {
		if (dtype_of(ev, argv[i], &d, &pyc) < 0)
			return NULL;
		if (pyc)
			strong = dt_promote_weak(strong, pyc);
	}
	return val_dtype(strong, 0);
}

static struct value *fn_promote_types(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b;
	int da = -1, db = -1;
	if (args_parse(ev, "promote_types", argc, argv, kw, "type1,type2", &a, &b) < 0 ||
	    arr_parse_dtype(ev, a, &da) < 0 || arr_parse_dtype(ev, b, &db) < 0)
		return NULL;
	return val_dtype(dt_promote(da, db), 0);
}

static struct value *fn_can_cast(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *from, *to, *casting = NULL;
	int df, dt = -1, pyc;
	const char *c = "safe";
	if (args_parse(ev, "can_cast", argc, argv, kw, "from_,to|casting", &from, &to, &casting) < 0)
		return NULL;
	if (from->type == VT_BOOL || from->type == VT_INT || from->type == VT_FLOAT || from->type == VT_COMPLEX)
		return err_set(ev, TY_TypeError, "can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future.");
	if (dtype_of(ev, from, &df, &pyc) < 0 || arr_parse_dtype(ev, to, &dt) < 0)
		return NULL;
	if (casting && val_as_cstr(casting))
		c = val_as_cstr(casting);
	return val_bool(dt_can_cast(df, dt, c));
}

/* ---- iinfo / finfo ---- */

struct info {
	int dtype;
	int is_float;
};

static struct npscalar fscalar(int d, double x)
{
	struct npscalar s = {0};
	s.dtype = d;
	s.v.f = d == DT_FLOAT32 ? (double)(float)x : d == DT_FLOAT16 ? (double)(_Float16)x : x;
	return s;
}

static struct value *finfo_value(struct eval *ev, int d, const char *name)
{
	double eps, tiny, max, res, epsneg;
	int bits, prec;
	switch (d) {
	case DT_FLOAT16: eps = 0.0009765625; tiny = 6.103515625e-05; max = 65504; res = 0.001;
		epsneg = 0.00048828125; bits = 16; prec = 3; break;
	case DT_FLOAT32: eps = FLT_EPSILON; tiny = FLT_MIN; max = FLT_MAX; res = 1e-6;
		epsneg = FLT_EPSILON / 2; bits = 32; prec = 6; break;
	default: eps = DBL_EPSILON; tiny = DBL_MIN; max = DBL_MAX; res = 1e-15;
		epsneg = DBL_EPSILON / 2; bits = 64; prec = 15; break;
	}
	struct npscalar s;
	if (!strcmp(name, "eps")) s = fscalar(d, eps);
	else if (!strcmp(name, "tiny") || !strcmp(name, "smallest_normal")) s = fscalar(d, tiny);
	else if (!strcmp(name, "max")) s = fscalar(d, max);
	else if (!strcmp(name, "min")) s = fscalar(d, -max);
	else if (!strcmp(name, "resolution")) s = fscalar(d, res);
	else if (!strcmp(name, "epsneg")) s = fscalar(d, epsneg);
	else if (!strcmp(name, "bits")) return val_int(bits);
	else if (!strcmp(name, "precision")) return val_int(prec);
	else if (!strcmp(name, "dtype")) return val_dtype(d, 0);
	else return NULL;
	return val_scalar(s.dtype, s.v);
}

static struct value *info_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct info *in = self->u.obj.p;
	int d = in->dtype;
	if (in->is_float)
		return finfo_value(ev, d, name);
	if (!strcmp(name, "bits"))
		return val_int(dt_size(d) * 8);
	if (!strcmp(name, "dtype"))
		return val_dtype(d, 0);
	if (!strcmp(name, "kind")) {
		char c[2] = {dtype_table[d].kind, 0};
		return val_cstr(c);
	}
	if (!strcmp(name, "min") || !strcmp(name, "max")) {
		int bits = dt_size(d) * 8, mx = name[1] == 'a';
		if (dtype_table[d].kind == DK_UINT) {
			if (!mx)
				return val_int(0);
			if (bits == 64)
				return big_from_uint64(ev, UINT64_MAX);
			return val_int((int64_t)(((uint64_t)1 << bits) - 1));
		}
		if (bits == 64)
			return val_int(mx ? INT64_MAX : INT64_MIN);
		return val_int(mx ? ((int64_t)1 << (bits - 1)) - 1 : -((int64_t)1 << (bits - 1)));
	}
	return NULL;
}

static char *info_repr(struct eval *ev, struct value *self)
{
	struct info *in = self->u.obj.p;
	char *s = malloc(160);
	int d = in->dtype;
	if (!s)
		return err_nomem(ev);
	if (in->is_float) {
		static const char *const txt[3] = {
			"finfo(resolution=0.001, min=-6.55040e+04, max=6.55040e+04, dtype=float16)",
			"finfo(resolution=1e-06, min=-3.4028235e+38, max=3.4028235e+38, dtype=float32)",
			"finfo(resolution=1e-15, min=-1.7976931348623157e+308, max=1.7976931348623157e+308, dtype=float64)",
		};
		snprintf(s, 160, "%s", txt[d - DT_FLOAT16]);
	} else if (dtype_table[d].kind == DK_UINT) {
		int bits = dt_size(d) * 8;
		snprintf(s, 160, "iinfo(min=0, max=%llu, dtype=%s)",
			 bits == 64 ? (unsigned long long)UINT64_MAX : (((unsigned long long)1 << bits) - 1),
			 dtype_table[d].name);
	} else {
		int bits = dt_size(d) * 8;
		long long mx = bits == 64 ? INT64_MAX : ((long long)1 << (bits - 1)) - 1;
		snprintf(s, 160, "iinfo(min=%lld, max=%lld, dtype=%s)", -mx - 1, mx, dtype_table[d].name);
	}
	return s;
}

/* str(np.finfo(...)) / str(np.iinfo(...)): NumPy's "Machine parameters" table */
static char *info_str(struct eval *ev, struct value *self)
{
	static const char rule[] = "---------------------------------------------------------------\n";
	static const char *const ftxt[3] = {
		"precision = 3   resolution = 0.001\n"
		"machep = -10   eps =        0.000977\n"
		"negep =  -11   epsneg =     0.0004883\n"
		"minexp = -14   tiny =       6.104e-05\n"
		"maxexp = 16   max =        6.55e+04\n"
		"nexp =   5   min =        -max\n"
		"smallest_normal = 6.104e-05   smallest_subnormal = 6e-08\n",
		"precision = 6   resolution = 1e-06\n"
		"machep = -23   eps =        1.1920929e-07\n"
		"negep =  -24   epsneg =     5.9604645e-08\n"
		"minexp = -126   tiny =       1.1754944e-38\n"
		"maxexp = 128   max =        3.4028235e+38\n"
		"nexp =   8   min =        -max\n"
		"smallest_normal = 1.1754944e-38   smallest_subnormal = 1e-45\n",
		"precision = 15   resolution = 1e-15\n"
		"machep = -52   eps =        2.220446049250313e-16\n"
		"negep =  -53   epsneg =     1.1102230246251565e-16\n"
		"minexp = -1022   tiny =       2.2250738585072014e-308\n"
		"maxexp = 1024   max =        1.7976931348623157e+308\n"
		"nexp =   11   min =        -max\n"
		"smallest_normal = 2.2250738585072014e-308   smallest_subnormal = 5e-324\n",
	};
	struct info *in = self->u.obj.p;
	int d = in->dtype, bits = dt_size(d) * 8;
	size_t n = 1024;
	char *s = malloc(n);
	if (!s)
		return err_nomem(ev);
	if (in->is_float) {
		snprintf(s, n, "Machine parameters for %s\n%s%s%s", dtype_table[d].name, rule, ftxt[d - DT_FLOAT16], rule);
	} else if (dtype_table[d].kind == DK_UINT) {
		snprintf(s, n, "Machine parameters for %s\n%smin = 0\nmax = %llu\n%s", dtype_table[d].name, rule,
			 bits == 64 ? (unsigned long long)UINT64_MAX : (((unsigned long long)1 << bits) - 1), rule);
	} else {
		long long mx = bits == 64 ? INT64_MAX : ((long long)1 << (bits - 1)) - 1;
		snprintf(s, n, "Machine parameters for %s\n%smin = %lld\nmax = %lld\n%s", dtype_table[d].name, rule,
			 -mx - 1, mx, rule);
	}
	return s;
}

static const char *const finfo_attrs[] = {"eps", "tiny", "smallest_normal", "max", "min",
					  "resolution", "epsneg", "bits", "precision", "dtype", NULL};
static const char *const iinfo_attrs[] = {"min", "max", "bits", "dtype", "kind", NULL};
static const struct objtype finfo_type = {.name = "finfo", .free = free, .getattr = info_getattr,
					  .repr = info_repr, .str = info_str, .attrs = finfo_attrs};
static const struct objtype iinfo_type = {.name = "iinfo", .free = free, .getattr = info_getattr,
					  .repr = info_repr, .str = info_str, .attrs = iinfo_attrs};

static struct value *make_info(struct eval *ev, struct value *x, int is_float)
{
	int d, pyc;
	struct info *in;
	if (x->type == VT_INT && !is_float)
		return err_set(ev, TY_ValueError, "Invalid integer data type 'O'.");
	if (x->type == VT_TYPE && x->u.ty == TY_FLOAT && is_float)
		d = DT_FLOAT64;
	else if (dtype_of(ev, x, &d, &pyc) < 0)
		return NULL;
	if (is_float) {
		if (dt_is_complex(d))
			d = d == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
		if (!dt_is_float(d)) {
			if (dt_is_int(d) || d == DT_BOOL)
				return err_set(ev, TY_ValueError, "data type <class 'numpy.%s'> not inexact", type_name(d));
		}
	} else if (!dt_is_int(d)) {
		return err_set(ev, TY_ValueError, "Invalid integer data type '%c'.", dtype_table[d].kind);
	}
	in = malloc(sizeof *in);
	if (!in)
		return err_nomem(ev);
	in->dtype = d;
	in->is_float = is_float;
	return val_object_new(is_float ? &finfo_type : &iinfo_type, in);
}

static struct value *fn_iinfo(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	if (args_parse(ev, "iinfo", argc, argv, kw, "int_type", &x) < 0)
		return NULL;
	return make_info(ev, x, 0);
}

static struct value *fn_finfo(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	if (args_parse(ev, "finfo", argc, argv, kw, "dtype", &x) < 0)
		return NULL;
	return make_info(ev, x, 1);
}

static struct value *fn_isscalar(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	if (args_parse(ev, "isscalar", argc, argv, kw, "element", &x) < 0)
		return NULL;
	if (x->type == VT_OBJECT) {
		/* NumPy: isinstance(element, numbers.Number) (fractions.Fraction) */
		struct value *m = ev_import(ev, "numbers"), *n = m ? val_getattr(ev, m, "Number") : NULL;
		int r = n && n->type == VT_OBJECT && n->u.obj.t->instancecheck ? n->u.obj.t->instancecheck(ev, n, x) : 0;
		val_decref(n);
		val_decref(m);
		err_clear(ev);
		return val_bool(r > 0);
	}
	return val_bool(x->type == VT_BOOL || x->type == VT_INT || x->type == VT_FLOAT || x->type == VT_BIGINT ||
			x->type == VT_COMPLEX || x->type == VT_SCALAR || x->type == VT_STR || x->type == VT_BYTES);
}

/* ---- issubdtype typename ---- */

/* issubdtype's reading of an argument: a scalar type as it is, anything else
 * as np.dtype(x).type ('S1' names np.bytes_ though Lumen has no such dtype) */
static struct value *sctype_of(struct eval *ev, struct value *x)
{
	int dt = DT_FLOAT64;
	if (x->type == VT_DTYPE && x->u.dt.is_type)
		return val_incref(x);
	if (x->type == VT_STR) {
		int ab = dt_outside_type(x->u.str->s);
		if (ab >= 0)
			return val_dtype(ab, DT_TYPE_ABSTRACT);
	}
	if (x->type == VT_TYPE && (x->u.ty == TY_STR || x->u.ty == TY_BYTES))
		return val_dtype(x->u.ty == TY_STR ? AB_STR : AB_BYTES, DT_TYPE_ABSTRACT);
	if (arr_parse_dtype(ev, x, &dt) < 0)
		return NULL;
	return val_dtype(dt, 1);
}

/* np.issubdtype(arg1, arg2): issubclass of the two scalar types */
static struct value *fn_issubdtype(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *x, *y, *a, *b;
	(void)bi;
	if (args_parse(ev, "issubdtype", argc, argv, kw, "arg1,arg2", &x, &y) < 0)
		return NULL;
	if (!(a = sctype_of(ev, x)))
		return NULL;
	if (!(b = sctype_of(ev, y))) {
		val_decref(a);
		return NULL;
	}
	int r = VAL_SLOT(a, subtype)(a, b);
	val_decref(a);
	val_decref(b);
	return val_bool(r);
}

/* np.typename(char): NumPy's description of a type character */
static struct value *fn_typename(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	static const char *const names[][2] = {
		{"S1", "character"}, {"?", "bool"}, {"b", "signed char"}, {"B", "unsigned char"},
		{"h", "short"}, {"H", "unsigned short"}, {"i", "integer"}, {"I", "unsigned integer"},
		{"l", "long integer"}, {"L", "unsigned long integer"}, {"q", "long long integer"},
		{"Q", "unsigned long long integer"}, {"f", "single precision"}, {"d", "double precision"},
		{"g", "long precision"}, {"F", "complex single precision"},
		{"D", "complex double precision"}, {"G", "complex long double precision"},
		{"S", "string"}, {"U", "unicode"}, {"V", "void"}, {"O", "object"},
	};
	struct value *c;
	(void)bi;
	if (args_parse(ev, "typename", argc, argv, kw, "char", &c) < 0)
		return NULL;
	if (c->type == VT_STR)
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
			if (!strcmp(c->u.str->s, names[i][0]))
				return val_cstr(names[i][1]);
	/* the dict lookup's KeyError: args (char,), str the key's repr */
	struct value *exc = val_exception_new(TY_KeyError, NULL);
	if (!exc)
		return err_nomem(ev);
	val_decref(exc->u.exc.args);
	struct value *k = val_incref(c);
	exc->u.exc.args = val_tuple_new(1, &k);
	free(exc->u.exc.msg);
	exc->u.exc.msg = val_repr(ev, c);
	err_set_value(ev, exc);
	return NULL;
}

/* ---- iscomplexobj isrealobj iscomplex isreal ---- */

/* x's dtype (an array's own; anything else through asarray on the host) */
static int obj_dtype(struct eval *ev, struct value *x, int *dt)
{
	struct ndarray *a = arr_borrow(x);
	if (a) {
		*dt = a->dtype;
		return 0;
	}
	if (!(a = arr_asarray(ev, &backend_host, x, -1)))
		return -1;
	*dt = a->dtype;
	nd_decref(a);
	return 0;
}

static struct value *complexobj_common(struct eval *ev, int argc, struct value **argv,
				       const struct kwargs *kw, const char *name, int want_complex)
{
	struct value *x;
	int dt;
	if (args_parse(ev, name, argc, argv, kw, "x", &x) < 0 || obj_dtype(ev, x, &dt) < 0)
		return NULL;
	return val_bool(dt_is_complex(dt) == want_complex);
}

static struct value *fn_iscomplexobj(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	return complexobj_common(ev, argc, argv, kw, "iscomplexobj", 1);
}

static struct value *fn_isrealobj(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return complexobj_common(ev, argc, argv, kw, "isrealobj", 0);
}

/* iscomplex: imag != 0 (all False for a real dtype); isreal: imag == 0.
 * Elementwise, as bools of x's shape; a 0-d result is a NumPy bool. */
static struct value *imag_test(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, const char *name,
			       int want_nonzero)
{
	struct value *x;
	const struct backend *be = arr_be(bi);
	if (args_parse(ev, name, argc, argv, kw, "x", &x) < 0)
		return NULL;
	/* isreal is imag(x) == 0: a Python number's own .imag, a Python bool */
	if (!want_nonzero && (x->type == VT_INT || x->type == VT_BOOL || x->type == VT_FLOAT ||
			      x->type == VT_BIGINT))
		return val_bool(1);
	if (!want_nonzero && x->type == VT_COMPLEX)
		return val_bool(cimag(x->u.c) == 0);
	struct ndarray *a = arr_asarray(ev, be, x, -1), *h = NULL, *r;
	if (!a)
		return NULL;
	r = nd_new(ev, &backend_host, DT_BOOL, a->ndim, a->shape);
	if (r && dt_is_complex(a->dtype) && nd_size(a)) {
		struct ndarray *t = arr_to_host(ev, a);
		h = t ? arr_astype(ev, t, DT_COMPLEX128) : NULL;
		nd_decref(t);
		if (h && !nd_is_c_contiguous(h)) {
			t = arr_contiguous(ev, h);
			nd_decref(h);
			h = t;
		}
		if (!h) {
			nd_decref(r);
			r = NULL;
		}
	}
	if (r) {
		const double *c = h ? (const double *)nd_data(h) : NULL;
		uint8_t *o = (uint8_t *)nd_data(r);
		for (int64_t i = 0, n = nd_size(r); i < n; i++)
			o[i] = ((c ? c[2 * i + 1] : 0.0) != 0) == want_nonzero;
	}
	nd_decref(h);
	nd_decref(a);
	if (r) {   /* a new reference to r when be is the host */
		struct ndarray *d = arr_to_backend(ev, r, be);
		nd_decref(r);
		r = d;
	}
	return r ? arr_result(ev, r) : NULL;
}

static struct value *fn_iscomplex(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return imag_test(ev, bi, argc, argv, kw, "iscomplex", 1);
}

static struct value *fn_isreal(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return imag_test(ev, bi, argc, argv, kw, "isreal", 0);
}

/* byte extent [lo, hi) of an array within its buffer */
static void extent(const struct ndarray *a, int64_t *lo, int64_t *hi)
{
	int64_t l = a->offset, h = a->offset;
	for (int i = 0; i < a->ndim; i++) {
		int64_t e = (a->shape[i] - 1) * a->strides[i];
		if (e < 0) l += e; else h += e;
	}
	*lo = l;
	*hi = h + dt_size(a->dtype);
}

/* NumPy's mem_overlap problem: do x_i in [0, ub_i] exist with
 * sum a_i x_i == rhs?  A depth-first search over the terms (largest a
 * first, equal a merged) pruned by the reachable sum and the gcd of the
 * terms left; each choice beyond the first at a level is one unit of work.
 * 1 yes, 0 no, -1 more work than max_work (> 0) allows. */
struct dterm { int64_t a, ub; };

static int dio_dfs(const struct dterm *t, int n, int k, int64_t r, const int64_t *smax, const int64_t *g,
		   int64_t max_work, int64_t *work)
{
	if (r == 0)
		return 1;
	if (k == n || r > smax[k] || r % g[k])
		return 0;
	int64_t hi = r / t[k].a < t[k].ub ? r / t[k].a : t[k].ub, lo = 0;
	if (k + 1 < n && r - hi * t[k].a > smax[k + 1]) {
		/* the rest cannot make up more than smax[k + 1] */
		lo = (r - smax[k + 1] + t[k].a - 1) / t[k].a;
	} else if (k + 1 == n) {
		return r % t[k].a == 0 && r / t[k].a <= t[k].ub;
	}
	for (int64_t x = hi; x >= lo; x--) {
		if (x != hi && max_work > 0 && ++*work > max_work)
			return -1;
		int rc = dio_dfs(t, n, k + 1, r - x * t[k].a, smax, g, max_work, work);
		if (rc)
			return rc;
	}
	return 0;
}

static int64_t gcd64(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static int cmp_dterm(const void *x, const void *y)
{
	const struct dterm *a = x, *b = y;
	return a->a < b->a ? 1 : a->a > b->a ? -1 : 0;
}

/* 1 overlap, 0 none, -1 too hard, -2 overflow (answered as overlap) */
static int overlap_exact(const struct ndarray *a, const struct ndarray *b, int64_t al, int64_t ah, int64_t bl,
			 int64_t bh, int64_t max_work)
{
	struct dterm t[2 * ND_MAXDIM + 2];
	int n = 0;
	const struct ndarray *ab[2] = {a, b};
	for (int j = 0; j < 2; j++) {
		for (int i = 0; i < ab[j]->ndim; i++)
			if (ab[j]->shape[i] > 1 && ab[j]->strides[i]) {
				int64_t st = ab[j]->strides[i] < 0 ? -ab[j]->strides[i] : ab[j]->strides[i];
				t[n].a = st;
				t[n++].ub = ab[j]->shape[i] - 1;
			}
		if (dt_size(ab[j]->dtype) > 1) {
			t[n].a = 1;
			t[n++].ub = dt_size(ab[j]->dtype) - 1;
		}
	}
	/* the smaller of the two right-hand sides (both >= 0: the extents overlap) */
	int64_t rhs = bh - 1 - al < ah - 1 - bl ? bh - 1 - al : ah - 1 - bl;
	qsort(t, (size_t)n, sizeof t[0], cmp_dterm);
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (m && t[m - 1].a == t[i].a) {
			if (__builtin_add_overflow(t[m - 1].ub, t[i].ub, &t[m - 1].ub))
				return -2;
		} else {
			t[m++] = t[i];
		}
	}
	int64_t smax[2 * ND_MAXDIM + 3], g[2 * ND_MAXDIM + 3], work = 0;
	smax[m] = 0;
	g[m] = 0;
	for (int i = m - 1; i >= 0; i--) {
		int64_t p;
		if (__builtin_mul_overflow(t[i].a, t[i].ub, &p) || __builtin_add_overflow(p, smax[i + 1], &smax[i]))
			return -2;
		g[i] = gcd64(t[i].a, g[i + 1]);
	}
	if (!m)
		return rhs == 0;
	return dio_dfs(t, m, 0, rhs, smax, g, max_work, &work);
}

/* np.shares_memory (exact) / np.may_share_memory (extents) with NumPy's
 * max_work: None is each one's default, 0 the extents only (shares_memory:
 * TooHardError when they overlap), -1 exact, n > 0 at most n units */
static struct value *share(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw, int exact)
{
	struct value *x, *y, *mx = NULL;
	struct ndarray *a, *b;
	int64_t al, ah, bl, bh, max_work = exact ? -1 : 0;
	if (args_parse(ev, bi->name, argc, argv, kw, "a,b|max_work", &x, &y, &mx) < 0)
		return NULL;
	if (mx && mx->type != VT_NONE) {
		if (mx->type == VT_FLOAT || mx->type == VT_STR || val_as_int64(ev, mx, &max_work) < 0) {
			err_clear(ev);
			return err_set(ev, TY_ValueError, "max_work must be an integer");
		}
		if (max_work < -1)
			return err_set(ev, TY_ValueError, "Invalid value for max_work");
	}
	a = arr_borrow(x);
	b = arr_borrow(y);
	if (!a || !b || a->buf != b->buf || !nd_size(a) || !nd_size(b))
		return val_bool(0);
	extent(a, &al, &ah);
	extent(b, &bl, &bh);
	if (ah <= bl || bh <= al)
		return val_bool(0);
	if (max_work == 0) {
		if (exact || (mx && mx->type != VT_NONE))
			return err_set(ev, TY_TooHardError, "Exceeded max_work");
		return val_bool(1);
	}
	/* exact (-1): NumPy searches without bound (minutes on hard problems);
	 * Lumen stops after 2^27 units with the same error rather than hang */
	int rc = overlap_exact(a, b, al, ah, bl, bh, max_work < 0 ? (int64_t)1 << 27 : max_work);
	if (rc == -1)
		return err_set(ev, TY_TooHardError, max_work < 0 ? "Exceeded max_work (Lumen bounds the exact search at 2**27 steps)"
							     : "Exceeded max_work");
	return val_bool(rc != 0);
}

static struct value *fn_shares_memory(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	return share(ev, bi, argc, argv, kw, 1);
}

static struct value *fn_may_share_memory(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	return share(ev, bi, argc, argv, kw, 0);
}

const struct arr_func arr_dtype_funcs[] = {
	{"dtype", fn_dtype, "dtype(dtype, align=False, copy=False)", "Create a data type object."},
	{"result_type", fn_result_type, "result_type(*arrays_and_dtypes)",
	 "Returns the type that results from applying the NumPy type promotion rules to the arguments."},
	{"promote_types", fn_promote_types, "promote_types(type1, type2)",
	 "Returns the data type with the smallest size and smallest scalar kind to which both type1 and type2 may be safely cast."},
	{"can_cast", fn_can_cast, "can_cast(from_, to, casting='safe')",
	 "Returns True if cast between data types can occur according to the casting rule."},
	{"iinfo", fn_iinfo, "iinfo(int_type)", "Machine limits for integer types."},
	{"finfo", fn_finfo, "finfo(dtype)", "Machine limits for floating point types."},
	{"issubdtype", fn_issubdtype, "issubdtype(arg1, arg2)", "Returns True if first argument is a typecode lower/equal in type hierarchy."},
	{"typename", fn_typename, "typename(char)", "Return a description for the given data type code."},
	{"isscalar", fn_isscalar, "isscalar(element)", "Returns True if the type of element is a scalar type."},
	{"iscomplexobj", fn_iscomplexobj, "iscomplexobj(x)", "True if x has a complex dtype (x's own, or asarray(x)'s)."},
	{"isrealobj", fn_isrealobj, "isrealobj(x)", "True if x does not have a complex dtype."},
	{"iscomplex", fn_iscomplex, "iscomplex(x)", "Elementwise: True where the imaginary part is nonzero."},
	{"isreal", fn_isreal, "isreal(x)", "Elementwise: True where the imaginary part is zero."},
	{"shares_memory", fn_shares_memory, "shares_memory(a, b, /, max_work=None)",
	 "Determine if two arrays share memory."},
	{"may_share_memory", fn_may_share_memory, "may_share_memory(a, b, /, max_work=None)",
	 "Determine if two arrays might share memory."},
	{NULL, NULL, NULL, NULL},
};
