/*
 * pytypes.c — calling the builtin types (int("3"), float(x), list(it),
 * ValueError("msg") ...) and the methods of str, list, dict, tuple and
 * numbers (s.split(), l.append(x), d.items() ...).  Values only; arrays
 * answer their own methods through their getattr slot (value.h).
 */
#include <ctype.h>
#include <locale.h>
#include <wctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "pyobj/pyobj.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"

#define M(name) static struct value *m_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)
#define SELF (bi->self)

/* Is v a complex number (Python complex, NumPy complex scalar or array)? */
static int is_complex_value(struct value *v)
{
	return v->type == VT_COMPLEX ||
	       ((v->type == VT_SCALAR || v->type == VT_NDARRAY) && VAL_SLOT(v, kind)(v) == 'c');
}

/* ---- classes without a typeid (type(print), type(cp.cuda.Device(0))) ---- */

struct named_type { char *name; };

static void nt_free(void *p)
{
	struct named_type *t = p;
	free(t->name);
	free(t);
}

static char *nt_repr(struct eval *ev, struct value *self)
{
	struct named_type *t = self->u.obj.p;
	struct sbuf b = {0};
	sb_printf(&b, "<class '%s'>", t->name);
	return sb_take(&b);
}

static struct value *nt_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct named_type *t = self->u.obj.p;
	if (strcmp(name, "__name__") == 0 || strcmp(name, "__qualname__") == 0) {
		const char *dot = strrchr(t->name, '.');
		return val_cstr(dot ? dot + 1 : t->name);
	}
	return NULL;
}

/* a value whose type() is a named type (pytypes' TY_TYPE call) */
static int has_named_type(const struct value *v)
{
	return !cls_class_of((struct value *)v) && !cls_is_class((struct value *)v) && !set_is_set((struct value *)v) &&
	       (v->type == VT_BUILTIN || v->type == VT_OBJECT || v->type == VT_ELLIPSIS ||
		(v->type == VT_DTYPE && !v->u.dt.is_type));
}

/* isinstance(v, type(len)): v's type has the same name (types.BuiltinFunctionType) */
static int nt_instancecheck(struct eval *ev, struct value *self, struct value *v)
{
	(void)ev;
	struct named_type *t = self->u.obj.p;
	return has_named_type(v) && strcmp(val_type_name(v), t->name) == 0;
}

static const struct objtype named_type_type = {
	.name = "type", .free = nt_free, .repr = nt_repr, .getattr = nt_getattr,
	.instancecheck = nt_instancecheck,
};

static struct value *named_type(struct eval *ev, const char *name)
{
	struct named_type *t = malloc(sizeof *t);
	if (!t || !(t->name = strdup(name))) {
		free(t);
		return err_nomem(ev);
	}
	struct value *v = val_object_new(&named_type_type, t);
	return v ? v : err_nomem(ev);
}

/* ---- type calls ---- */

static struct value *parse_int_str(struct eval *ev, const char *s, size_t n, int base)
{
	char sbuf[128], *buf = n < sizeof sbuf ? sbuf : malloc(n + 1);
	size_t k = 0;
	struct value *out;
	if (!buf)
		return err_nomem(ev);
	const char *p = s, *e = s + n;
	while (p < e && isspace((unsigned char)*p))
		p++;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	int neg = 0;
	const char *q = p;
	if (q < e && (*q == '+' || *q == '-')) {
		neg = *q == '-';
		q++;
	}
	if (base == 0 || base == 16 || base == 8 || base == 2) {
		if (e - q > 2 && q[0] == '0' && strchr("xXoObB", q[1])) {
			int b = (q[1] | 0x20) == 'x' ? 16 : (q[1] | 0x20) == 'o' ? 8 : 2;
			if (base == 0 || base == b) {
				base = b;
				q += 2;
			}
		}
		if (base == 0)
			base = 10;
	}
	for (const char *r = q; r < e; r++) {
		if (*r == '_' && r > q && r + 1 < e && r[1] != '_')
			continue;
		buf[k++] = *r;
	}
	buf[k] = 0;
	char *end;
	errno = 0;
	unsigned long long u = k ? strtoull(buf, &end, base) : 0;
	if (!k || *end || buf[0] == '-' || buf[0] == '+' || buf[0] == ' ') {
		char *r = str_repr(s, n);
		/* CPython's message shows at most 200 characters */
		if (r && strlen(r) > 200)
			r[200] = 0;
		err_set(ev, TY_ValueError, "invalid literal for int() with base %d: %s", base, r ? r : "");
		free(r);
		out = NULL;
	} else if (errno || u > (unsigned long long)INT64_MAX + (unsigned long long)neg) {
		out = big_from_digits(ev, buf, base, neg); /* beyond int64 */
	} else {
		out = val_int(neg ? (int64_t)(0 - u) : (int64_t)u);
	}
	if (buf != sbuf)
		free(buf);
	return out;
}

static struct value *float_to_int(struct eval *ev, double d)
{
	if (isnan(d))
		return err_set(ev, TY_ValueError, "cannot convert float NaN to integer");
	if (isinf(d))
		return err_set(ev, TY_OverflowError, "cannot convert float infinity to integer");
	if (d >= 9.2233720368547758e18 || d < -9.2233720368547758e18)
		return big_from_double(ev, d);
	return val_int((int64_t)d);
}

static int parse_float_str(struct eval *ev, const char *s, size_t n, double *out)
{
	char buf[256];
	size_t k = 0;
	const char *p = s, *e = s + n;
	while (p < e && isspace((unsigned char)*p))
		p++;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	for (const char *r = p; r < e && k < sizeof buf - 1; r++)
		if (*r != '_')
			buf[k++] = *r;
	buf[k] = 0;
	char *end;
	const char *b = buf;
	int neg = 0;
	if (*b == '+' || *b == '-') {
		neg = *b == '-';
		b++;
	}
	if (strcasecmp(b, "inf") == 0 || strcasecmp(b, "infinity") == 0) {
		*out = neg ? -INFINITY : INFINITY;
		return 0;
	}
	if (strcasecmp(b, "nan") == 0) {
		*out = neg ? -NAN : NAN;
		return 0;
	}
	if (k && !(isdigit((unsigned char)*b) || *b == '.'))
		k = 0;
	if (k && (strchr(buf, 'x') || strchr(buf, 'X')))
		k = 0;
	double d = k ? strtod(buf, &end) : 0;
	if (!k || *end) {
		char *r = str_repr(s, n);
		err_set(ev, TY_ValueError, "could not convert string to float: %s", r ? r : "");
		free(r);
		return -1;
	}
	*out = d;
	return 0;
}

/* int(b'12') and float(b'1.5') parse the bytes as the str; a ValueError
 * shows the bytes' repr, as CPython's does (fmt has one %s) */
static int bytes_number_error(struct eval *ev, struct value *x, int failed, const char *fmt, int base)
{
	int nul = memchr(x->u.str->s, 0, x->u.str->len) != NULL;
	if (!nul && !(failed && ev->err && ev->err->u.exc.type == TY_ValueError))
		return failed ? -1 : 0;
	char *r = bytes_repr(ev, x->u.str->s, x->u.str->len);
	if (!r)
		return -1;
	if (r && strlen(r) > 200)
		r[200] = 0;
	if (failed) {
		val_decref(err_fetch(ev));
		err_tb_clear(ev);
	}
	if (base >= 0)
		err_set(ev, TY_ValueError, fmt, base, r);
	else
		err_set(ev, TY_ValueError, fmt, r);
	free(r);
	return -1;
}

static struct value *exc_new(struct eval *ev, enum typeid t, int argc, struct value **argv)
{
	struct value *e = val_exception_new(t, NULL);
	if (!e)
		return err_nomem(ev);
	struct value **items = malloc(sizeof *items * (size_t)(argc ? argc : 1));
	if (!items) {
		val_decref(e);
		return err_nomem(ev);
	}
	for (int i = 0; i < argc; i++)
		items[i] = val_incref(argv[i]);
	val_decref(e->u.exc.args);
	e->u.exc.args = val_tuple_new((size_t)argc, items);
	free(items);
	free(e->u.exc.msg);
	e->u.exc.msg = NULL;
	if (!e->u.exc.args) {
		val_decref(e);
		return err_nomem(ev);
	}
	e->u.exc.msg = val_str_of(ev, e);
	if (!e->u.exc.msg) {
		val_decref(e);
		return NULL;
	}
	return e;
}

/* int(x) / float(x) / complex(x) of a user instance: its __int__ (or
 * __index__), __float__, __complex__, whose result must be of the type
 * (CPython's "X.__float__ returned non-float (type int)"); NULL with no
 * error set when the class defines none */
static struct value *dunder_convert(struct eval *ev, struct value *x, enum typeid t)
{
	static const char *const names[][2] = {{"__int__", "__index__"}, {"__float__", NULL}, {"__complex__", "__float__"}};
	int which = t == TY_INT ? 0 : t == TY_FLOAT ? 1 : 2;
	if (!cls_is_instance(x))
		return NULL;
	for (int k = 0; k < 2 && names[which][k]; k++) {
		struct value *m = val_getattr(ev, x, names[which][k]);
		if (!m) {
			err_clear(ev);
			continue;
		}
		struct value *r = val_call(ev, m, 0, NULL, NULL);
		val_decref(m);
		if (!r)
			return NULL;
		int ok = t == TY_INT ? (r->type == VT_INT || r->type == VT_BOOL || big_is_int(r)) :
			 t == TY_FLOAT ? r->type == VT_FLOAT : (r->type == VT_COMPLEX || (k == 1 && r->type == VT_FLOAT));
		if (!ok) {
			err_set(ev, TY_TypeError, "%s.%s returned non-%s (type %s)", val_type_name(x), names[which][k],
				t == TY_INT ? "int" : t == TY_FLOAT ? "float" : k == 1 ? "float" : "complex", val_type_name(r));
			val_decref(r);
			return NULL;
		}
		if (r->type == VT_BOOL) {
			struct value *i = val_int(r->u.i);
			val_decref(r);
			return i;
		}
		if (t == TY_COMPLEX && r->type == VT_FLOAT) {
			struct value *c = val_complex(r->u.f);
			val_decref(r);
			return c;
		}
		return r;
	}
	return NULL;
}


/* np.ndarray(shape, dtype=float, buffer=None, offset=0, strides=None,
 * order='C') / cp.ndarray(...): an uninitialised array, as module.empty
 * makes it; over a buffer or with strides it is not supported */
static struct value *ndarray_new(struct eval *ev, const char *module, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *shape = NULL, *dtype = NULL, *buffer = NULL, *offset = NULL, *strides = NULL, *order = NULL;
	if (args_parse(ev, "ndarray", argc, argv, kw, "shape|dtype,buffer,offset,strides,order", &shape, &dtype,
		       &buffer, &offset, &strides, &order) < 0)
		return NULL;
	if ((buffer && buffer->type != VT_NONE) || (strides && strides->type != VT_NONE))
		return err_set(ev, TY_NotImplementedError,
			       "ndarray(buffer=..., strides=...) is not supported by Lumen: use frombuffer or as_strided");
	struct value *m = ev_import(ev, module);
	struct value *empty = m ? val_getattr(ev, m, "empty") : NULL;
	val_decref(m);
	if (!empty)
		return NULL;
	struct value *av[3] = {shape, dtype ? dtype : val_none(), order ? order : val_cstr("C")};
	struct value *r = val_call(ev, empty, 3, av, NULL);
	if (!dtype)
		val_decref(av[1]);
	if (!order)
		val_decref(av[2]);
	val_decref(empty);
	return r;
}

struct value *builtins_type_call(struct eval *ev, enum typeid t, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	if ((t == TY_INT || t == TY_FLOAT || t == TY_COMPLEX) && argc == 1 && (!kw || !kw->n)) {
		struct value *r = dunder_convert(ev, argv[0], t);
		if (r || err_occurred(ev))
			return r;
	}
	if (typeid_is_exception(t))
		return exc_new(ev, t, argc, argv);
	struct value *x = NULL, *y = NULL;
	switch (t) {
	case TY_INT: {
		if (args_parse(ev, "int", argc, argv, kw, "|x,base", &x, &y) < 0)
			return NULL;
		if (!x)
			return val_int(0);
		int64_t base = 10;
		if (y) {
			if (x->type != VT_STR && x->type != VT_BYTES)
				return err_set(ev, TY_TypeError, "int() can't convert non-string with explicit base");
			if (val_as_int64(ev, y, &base) < 0)
				return NULL;
			if (base != 0 && (base < 2 || base > 36))
				return err_set(ev, TY_ValueError, "int() base must be >= 2 and <= 36, or 0");
		}
		switch (x->type) {
		case VT_BOOL: case VT_INT: return val_int(x->u.i);
		case VT_BIGINT: return val_incref(x);
		case VT_FLOAT: return float_to_int(ev, x->u.f);
		case VT_STR: return parse_int_str(ev, x->u.str->s, x->u.str->len, (int)base);
		case VT_BYTES: {
			struct value *r = parse_int_str(ev, x->u.str->s, x->u.str->len, (int)base);
			if (bytes_number_error(ev, x, !r, "invalid literal for int() with base %d: %s", (int)base) < 0) {
				val_decref(r);
				return NULL;
			}
			return r;
		}
		case VT_SCALAR: case VT_NDARRAY: {
			char k = VAL_SLOT(x, kind)(x);
			if (k == 'i' || k == 'u' || k == 'b')
				return VAL_SLOT(x, to_pyint)(ev, x);
			double d;
			if (x->type == VT_SCALAR && k == 'c')
				return err_set(ev, TY_TypeError, "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
			if (VAL_SLOT(x, as_double)(ev, x, &d) < 0)
				return NULL;
			return float_to_int(ev, d);
		}
		default:
			return err_set(ev, TY_TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'", val_type_name(x));
		}
	}
	case TY_FLOAT: {
		double d;
		if (args_parse(ev, "float", argc, argv, kw, "|x", &x) < 0)
			return NULL;
		if (!x)
			return val_float(0);
		if (x->type == VT_STR) {
			if (parse_float_str(ev, x->u.str->s, x->u.str->len, &d) < 0)
				return NULL;
			return val_float(d);
		}
		if (x->type == VT_BYTES) {
			int bad = parse_float_str(ev, x->u.str->s, x->u.str->len, &d) < 0;
			if (bytes_number_error(ev, x, bad, "could not convert string to float: %s", -1) < 0)
				return NULL;
			return val_float(d);
		}
		if (x->type == VT_COMPLEX)
			return err_set(ev, TY_TypeError, "float() argument must be a string or a real number, not 'complex'");
		if (!big_is_int(x) && x->type != VT_FLOAT && x->type != VT_SCALAR && x->type != VT_NDARRAY)
			return err_set(ev, TY_TypeError, "float() argument must be a string or a real number, not '%s'", val_type_name(x));
		if (val_as_double(ev, x, &d) < 0)
			return NULL;
		return val_float(d);
	}
	case TY_COMPLEX: {
		double _Complex a = 0, b = 0;
		if (args_parse(ev, "complex", argc, argv, kw, "|real,imag", &x, &y) < 0)
			return NULL;
		if (x && x->type == VT_STR) {
			if (y)
				return err_set(ev, TY_TypeError, "complex() can't take second arg if first is a string");
			const char *s = x->u.str->s;
			char *end;
			double re = 0, im = 0;
			while (isspace((unsigned char)*s))
				s++;
			int paren = *s == '(';
			if (paren)
				s++;
			double v1 = strtod(s, &end);
			if (end == s) {
				if ((*s == 'j' || *s == 'J') || ((*s == '+' || *s == '-') && (s[1] == 'j' || s[1] == 'J'))) {
					im = *s == '-' ? -1 : 1;
					end = (char *)s + (*s == 'j' || *s == 'J' ? 1 : 2);
				} else {
					return err_set(ev, TY_ValueError, "complex() arg is a malformed string");
				}
			} else if (*end == 'j' || *end == 'J') {
				im = v1;
				end++;
			} else {
				re = v1;
				if (*end == '+' || *end == '-') {
					const char *s2 = end;
					double v2 = strtod(s2, &end);
					if (end == s2 + 1 || end == s2) {
						v2 = *s2 == '-' ? -1 : 1;
						end = (char *)s2 + 1;
					}
					if (*end != 'j' && *end != 'J')
						return err_set(ev, TY_ValueError, "complex() arg is a malformed string");
					im = v2;
					end++;
				}
			}
			if (paren) {
				if (*end != ')')
					return err_set(ev, TY_ValueError, "complex() arg is a malformed string");
				end++;
			}
			while (isspace((unsigned char)*end))
				end++;
			if (*end)
				return err_set(ev, TY_ValueError, "complex() arg is a malformed string");
			return val_complex(CMPLX(re, im));
		}
		if (x && val_as_complex(ev, x, &a) < 0)
			return NULL;
		if (y && val_as_complex(ev, y, &b) < 0)
			return NULL;
		/* CPython's rule, without arithmetic on parts that are not
		 * complex, so -0.0 and infinities survive: complex(3, -inf) */
		{
			int xc = x && (is_complex_value(x) || cimag(a) != 0);
			int yc = y && (is_complex_value(y) || cimag(b) != 0);
			double re = creal(a), im = y ? creal(b) : 0.0;
			if (!x)
				re = 0.0;
			if (yc)
				re -= cimag(b);
			if (xc)
				im = y ? im + cimag(a) : cimag(a);
			return val_complex(CMPLX(re, im));
		}
	}
	case TY_BOOL: {
		if (args_parse(ev, "bool", argc, argv, kw, "|x", &x) < 0)
			return NULL;
		if (!x)
			return val_bool(0);
		int tr = val_truth(ev, x);
		return tr < 0 ? NULL : val_bool(tr);
	}
	case TY_STR: {
		struct value *enc = NULL, *errs = NULL;
		if (args_parse(ev, "str", argc, argv, kw, "|object,encoding,errors", &x, &enc, &errs) < 0)
			return NULL;
		if (!x)
			return val_str("", 0);
		if (enc || errs) /* str(b, 'utf-8'): b decoded */
			return bytes_str_call(ev, x, enc, errs);
		char *s = val_str_of(ev, x);
		return s ? val_str_take(s, strlen(s)) : NULL;
	}
	case TY_BYTES:
		return bytes_type_call(ev, argc, argv, kw);
	case TY_LIST: case TY_TUPLE: {
		if (args_count(ev, t == TY_LIST ? "list" : "tuple", argc, 0, 1) < 0)
			return NULL;
		if (!argc)
			return t == TY_LIST ? val_list_new(0, NULL) : val_tuple_new(0, NULL);
		if (t == TY_TUPLE && argv[0]->type == VT_TUPLE)
			return val_incref(argv[0]);
		struct value *l = val_iter_list(ev, argv[0]);
		if (!l || t == TY_LIST)
			return l;
		struct value *tu = val_tuple_new(l->u.seq.n, l->u.seq.items);
		for (size_t i = 0; i < l->u.seq.n; i++)
			val_incref(l->u.seq.items[i]);
		val_decref(l);
		return tu;
	}
	case TY_DICT: {
		struct value *d = val_dict_new();
		if (!d)
			return err_nomem(ev);
		if (argc > 1) {
			val_decref(d);
			return err_set(ev, TY_TypeError, "dict expected at most 1 argument, got %d", argc);
		}
		if (argc == 1) {
			struct value *src = argv[0];
			if (src->type == VT_DICT) {
				for (size_t i = 0; i < src->u.dict->n; i++)
					if (src->u.dict->entries[i].key &&
					    dict_set(ev, d, src->u.dict->entries[i].key, src->u.dict->entries[i].val) < 0) {
						val_decref(d);
						return NULL;
					}
			} else {
				struct value *items = val_iter_list(ev, src);
				if (!items) {
					val_decref(d);
					return NULL;
				}
				for (size_t i = 0; i < items->u.seq.n; i++) {
					struct value *p = items->u.seq.items[i];
					struct value *pl = val_iter_list(ev, p);
					if (!pl || pl->u.seq.n != 2) {
						if (pl)
							err_set(ev, TY_ValueError, "dictionary update sequence element #%zu has length %zu; 2 is required", i, pl->u.seq.n);
						val_decref(pl);
						val_decref(items);
						val_decref(d);
						return NULL;
					}
					int r = dict_set(ev, d, pl->u.seq.items[0], pl->u.seq.items[1]);
					val_decref(pl);
					if (r < 0) {
						val_decref(items);
						val_decref(d);
						return NULL;
					}
				}
				val_decref(items);
			}
		}
		for (int i = 0; kw && i < kw->n; i++)
			if (dict_setstr(d, kw->names[i], val_incref(kw->vals[i])) < 0) {
				val_decref(d);
				return err_nomem(ev);
			}
		return d;
	}
	case TY_RANGE: {
		int64_t a = 0, b = 0, c = 1;
		if (kw && kw->n)
			return err_set(ev, TY_TypeError, "range() takes no keyword arguments");
		if (argc < 1 || argc > 3)
			return err_set(ev, TY_TypeError, argc ? "range expected at most 3 arguments, got %d" : "range expected at least 1 argument, got %d", argc);
		for (int i = 0; i < argc; i++)
			if (argv[i]->type == VT_FLOAT)
				return err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer");
		if (argc == 1) {
			if (val_as_int64(ev, argv[0], &b) < 0)
				return NULL;
		} else {
			if (val_as_int64(ev, argv[0], &a) < 0 || val_as_int64(ev, argv[1], &b) < 0)
				return NULL;
			if (argc == 3 && val_as_int64(ev, argv[2], &c) < 0)
				return NULL;
		}
		if (c == 0)
			return err_set(ev, TY_ValueError, "range() arg 3 must not be zero");
		return val_range(a, b, c);
	}
	case TY_SLICE: {
		if (argc < 1 || argc > 3)
			return err_set(ev, TY_TypeError, "slice expected at least 1 argument, got %d", argc);
		if (argc == 1)
			return val_slice_new(val_none(), val_incref(argv[0]), val_none());
		return val_slice_new(val_incref(argv[0]), val_incref(argv[1]),
				     argc == 3 ? val_incref(argv[2]) : val_none());
	}
	case TY_TYPE: {
		struct value *bt = dict_getstr_borrow(ev->builtins, "type");
		if (argc != 1)
			return err_set(ev, TY_TypeError, "type() takes 1 argument");
		(void)bt;
		if (argv[0]->type == VT_SCALAR)
			return val_dtype(argv[0]->u.sc.dtype, 1);
		if (cls_class_of(argv[0]))
			return val_incref(cls_class_of(argv[0]));
		if (cls_is_class(argv[0]))
			return val_type(TY_TYPE);
		if (set_is_set(argv[0]))
			return set_type_of(argv[0]);
		if (has_named_type(argv[0]))
			return named_type(ev, val_type_name(argv[0]));
		return val_type(val_typeid(argv[0]));
	}
	case TY_OBJECT:
		return cls_plain_object(ev, argc, kw);
	case TY_NDARRAY: case TY_CUPY_NDARRAY:
		return ndarray_new(ev, t == TY_CUPY_NDARRAY ? "cupy" : "numpy", argc, argv, kw);
	default:
		return err_set(ev, TY_TypeError, "cannot create '%s' instances", typeid_name(t));
	}
}

/* ---- str methods ---- */

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static struct value *strip_impl(struct eval *ev, struct value *s, int argc, struct value **argv,
				int left, int right, const char *fname)
{
	const char *chars = NULL;
	if (args_count(ev, fname, argc, 0, 1) < 0)
		return NULL;
	if (argc == 1 && argv[0]->type != VT_NONE) {
		if (argv[0]->type != VT_STR)
			return err_set(ev, TY_TypeError, "%s arg must be None or str", fname);
		chars = argv[0]->u.str->s;
	}
	const char *a = s->u.str->s, *b = a + s->u.str->len;
	while (left && a < b && (chars ? strchr(chars, *a) != NULL : is_ws(*a)))
		a++;
	while (right && b > a && (chars ? strchr(chars, b[-1]) != NULL : is_ws(b[-1])))
		b--;
	return val_str(a, (size_t)(b - a));
}

M(strip) { return strip_impl(ev, SELF, argc, argv, 1, 1, "strip"); }
M(lstrip) { return strip_impl(ev, SELF, argc, argv, 1, 0, "lstrip"); }
M(rstrip) { return strip_impl(ev, SELF, argc, argv, 0, 1, "rstrip"); }

static struct value *split_impl(struct eval *ev, struct value *s, int argc, struct value **argv,
				const struct kwargs *kw, int fromright)
{
	struct value *sep = NULL, *maxs = NULL;
	int64_t maxsplit;
	if (args_parse(ev, fromright ? "rsplit" : "split", argc, argv, kw, "|sep,maxsplit", &sep, &maxs) < 0 ||
	    args_int(ev, maxs, -1, &maxsplit) < 0)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	const char *p = s->u.str->s, *e = p + s->u.str->len;
	if (sep && sep->type != VT_NONE) {
		if (sep->type != VT_STR) {
			val_decref(out);
			return err_set(ev, TY_TypeError, "must be str or None, not %s", val_type_name(sep));
		}
		size_t n = sep->u.str->len;
		if (!n) {
			val_decref(out);
			return err_set(ev, TY_ValueError, "empty separator");
		}
		if (!fromright) {
			while (maxsplit != 0) {
				const char *f = memmem(p, (size_t)(e - p), sep->u.str->s, n);
				if (!f)
					break;
				list_append(out, val_str(p, (size_t)(f - p)));
				p = f + n;
				maxsplit--;
			}
			list_append(out, val_str(p, (size_t)(e - p)));
		} else {
			struct value *rev = val_list_new(0, NULL);
			const char *end = e;
			while (maxsplit != 0) {
				const char *f = NULL;
				for (const char *q = end - n; q >= p; q--)
					if (memcmp(q, sep->u.str->s, n) == 0) {
						f = q;
						break;
					}
				if (!f)
					break;
				list_append(rev, val_str(f + n, (size_t)(end - f - n)));
				end = f;
				maxsplit--;
			}
			list_append(out, val_str(p, (size_t)(end - p)));
			for (size_t i = rev->u.seq.n; i-- > 0;)
				list_append(out, val_incref(rev->u.seq.items[i]));
			val_decref(rev);
		}
		return out;
	}
	if (!fromright) {
		for (;;) {
			while (p < e && is_ws(*p))
				p++;
			if (p >= e)
				break;
			if (maxsplit == 0) {
				const char *t = e;
				while (t > p && is_ws(t[-1]))
					t--;
				list_append(out, val_str(p, (size_t)(t - p)));
				break;
			}
			const char *q = p;
			while (q < e && !is_ws(*q))
				q++;
			list_append(out, val_str(p, (size_t)(q - p)));
			p = q;
			maxsplit--;
		}
	} else {
		struct value *rev = val_list_new(0, NULL);
		const char *end = e;
		for (;;) {
			while (end > p && is_ws(end[-1]))
				end--;
			if (end <= p)
				break;
			if (maxsplit == 0) {
				const char *t = p;
				while (t < end && is_ws(*t))
					t++;
				list_append(rev, val_str(t, (size_t)(end - t)));
				break;
			}
			const char *q = end;
			while (q > p && !is_ws(q[-1]))
				q--;
			list_append(rev, val_str(q, (size_t)(end - q)));
			end = q;
			maxsplit--;
		}
		for (size_t i = rev->u.seq.n; i-- > 0;)
			list_append(out, val_incref(rev->u.seq.items[i]));
		val_decref(rev);
	}
	return out;
}

M(split) { return split_impl(ev, SELF, argc, argv, kw, 0); }
M(rsplit) { return split_impl(ev, SELF, argc, argv, kw, 1); }

/* str.splitlines(keepends=False): CPython's line boundaries (\n, \r, \r\n,
 * \v, \f, \x1c-\x1e, \x85, \u2028, \u2029) */
static size_t line_break(const char *q, const char *e)
{
	unsigned char c = (unsigned char)*q;
	if (c == '\r')
		return q + 1 < e && q[1] == '\n' ? 2 : 1;
	if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e))
		return 1;
	if (c == 0xC2 && q + 1 < e && (unsigned char)q[1] == 0x85)
		return 2;
	if (c == 0xE2 && q + 2 < e && (unsigned char)q[1] == 0x80 &&
	    ((unsigned char)q[2] == 0xA8 || (unsigned char)q[2] == 0xA9))
		return 3;
	return 0;
}

M(splitlines)
{
	struct value *ke = NULL;
	int keep = 0;
	if (args_parse(ev, "splitlines", argc, argv, kw, "|keepends", &ke) < 0)
		return NULL;
	if (ke && (keep = val_truth(ev, ke)) < 0)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	const char *p = SELF->u.str->s, *e = p + SELF->u.str->len;
	while (out && p < e) {
		const char *q = p;
		size_t k = 0;
		while (q < e && !(k = line_break(q, e)))
			q++;
		if (list_append(out, val_str(p, (size_t)(q - p) + (keep ? k : 0))) < 0) {
			val_decref(out);
			return err_nomem(ev);
		}
		p = q + (k ? k : 1);
	}
	return out ? out : err_nomem(ev);
}

M(join)
{
	if (args_count(ev, "join", argc, 1, 1) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	struct sbuf b = {0};
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i];
		if (x->type != VT_STR) {
			err_set(ev, TY_TypeError, "sequence item %zu: expected str instance, %s found", i, val_type_name(x));
			free(b.s);
			val_decref(items);
			return NULL;
		}
		if (i)
			sb_add(&b, SELF->u.str->s, SELF->u.str->len);
		sb_add(&b, x->u.str->s, x->u.str->len);
	}
	val_decref(items);
	size_t n = b.n;
	char *s = sb_take(&b);
	return s ? val_str_take(s, n) : err_nomem(ev);
}

M(replace)
{
	struct value *old = NULL, *new = NULL, *cnt = NULL;
	int64_t count;
	if (args_parse(ev, "replace", argc, argv, kw, "old,new|count", &old, &new, &cnt) < 0 ||
	    args_int(ev, cnt, -1, &count) < 0)
		return NULL;
	if (old->type != VT_STR || new->type != VT_STR)
		return err_set(ev, TY_TypeError, "replace() argument 1 must be str, not %s", val_type_name(old->type != VT_STR ? old : new));
	struct sbuf b = {0};
	const char *p = SELF->u.str->s, *e = p + SELF->u.str->len;
	size_t on = old->u.str->len;
	if (on == 0) {
		/* insert between characters */
		size_t i = 0;
		while (count != 0 && p <= e) {
			sb_add(&b, new->u.str->s, new->u.str->len);
			count--;
			if (p == e)
				break;
			size_t l = 1;
			while (p + l < e && ((unsigned char)p[l] & 0xC0) == 0x80)
				l++;
			sb_add(&b, p, l);
			p += l;
			i++;
		}
		sb_add(&b, p, (size_t)(e - p));
	} else {
		while (count != 0) {
			const char *f = memmem(p, (size_t)(e - p), old->u.str->s, on);
			if (!f)
				break;
			sb_add(&b, p, (size_t)(f - p));
			sb_add(&b, new->u.str->s, new->u.str->len);
			p = f + on;
			count--;
		}
		sb_add(&b, p, (size_t)(e - p));
	}
	size_t n = b.n;
	char *s = sb_take(&b);
	return s ? val_str_take(s, n) : err_nomem(ev);
}

/* The [start, end) of a str method's optional start and end arguments
 * (argv[1], argv[2]; None or absent: the whole string) over cn code
 * points, as CPython adjusts them (end may stay below start) */
static int str_span(struct eval *ev, int argc, struct value **argv, int64_t cn, int64_t *start,
		    int64_t *end)
{
	int64_t a = 0, b = cn;
	if (argc > 1 && argv[1]->type != VT_NONE && val_as_int64(ev, argv[1], &a) < 0)
		return -1;
	if (argc > 2 && argv[2]->type != VT_NONE && val_as_int64(ev, argv[2], &b) < 0)
		return -1;
	if (a < 0) a += cn;
	if (b < 0) b += cn;
	if (a < 0) a = 0;
	if (b > cn) b = cn;
	*start = a;
	*end = b;
	return 0;
}

static struct value *startsends(struct eval *ev, struct value *self, int argc, struct value **argv, int ends)
{
	if (args_count(ev, ends ? "endswith" : "startswith", argc, 1, 3) < 0)
		return NULL;
	struct value *p = argv[0];
	const char *s = self->u.str->s;
	size_t n = self->u.str->len, cn = utf8_len(s, n);
	int64_t a, b;
	if (str_span(ev, argc, argv, (int64_t)cn, &a, &b) < 0)
		return NULL;
	if (p->type == VT_TUPLE) {
		for (size_t i = 0; i < p->u.seq.n; i++) {
			struct value *args[3] = { p->u.seq.items[i], argc > 1 ? argv[1] : NULL, argc > 2 ? argv[2] : NULL };
			struct value *r = startsends(ev, self, argc, args, ends);
			if (!r || r->u.i)
				return r;
			val_decref(r);
		}
		return val_bool(0);
	}
	if (p->type != VT_STR)
		return err_set(ev, TY_TypeError, "%s first arg must be str or a tuple of str, not %s",
			       ends ? "endswith" : "startswith", val_type_name(p));
	if (a > b)
		return val_bool(0);
	size_t ao = utf8_offset(s, n, (size_t)a), bo = utf8_offset(s, n, (size_t)b);
	size_t m = p->u.str->len;
	if (m > bo - ao)
		return val_bool(0);
	return val_bool(memcmp(ends ? s + bo - m : s + ao, p->u.str->s, m) == 0);
}

static struct value *affix(struct eval *ev, struct value *self, int argc, struct value **argv, int suffix)
{
	if (args_count(ev, suffix ? "removesuffix" : "removeprefix", argc, 1, 1) < 0)
		return NULL;
	if (argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "%s() argument must be str, not %s",
			       suffix ? "removesuffix" : "removeprefix", val_type_name(argv[0]));
	size_t n = self->u.str->len, m = argv[0]->u.str->len;
	if (m > n || memcmp(suffix ? self->u.str->s + n - m : self->u.str->s, argv[0]->u.str->s, m) != 0)
		return val_incref(self);
	return val_str(suffix ? self->u.str->s : self->u.str->s + m, n - m);
}

M(removeprefix) { return affix(ev, SELF, argc, argv, 0); }
M(removesuffix) { return affix(ev, SELF, argc, argv, 1); }

M(startswith) { return startsends(ev, SELF, argc, argv, 0); }
M(endswith) { return startsends(ev, SELF, argc, argv, 1); }

static locale_t utf8_locale(void)
{
	static locale_t loc;
	static int tried;
	if (!tried) {
		tried = 1;
		loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	}
	return loc;
}

/* decodes one UTF-8 character; returns its length */
static size_t u8dec(const unsigned char *p, size_t n, unsigned *cp)
{
	if (p[0] < 0x80 || n < 2) { *cp = p[0]; return 1; }
	if (p[0] < 0xE0) { *cp = ((p[0] & 0x1Fu) << 6) | (p[1] & 0x3Fu); return 2; }
	if (p[0] < 0xF0 || n < 4) {
		if (n < 3) { *cp = p[0]; return 1; }
		*cp = ((p[0] & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
		return 3;
	}
	*cp = ((p[0] & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
	return 4;
}

static void u8enc(struct sbuf *b, unsigned c)
{
	char buf[4];
	if (c < 0x80) { buf[0] = (char)c; sb_add(b, buf, 1); }
	else if (c < 0x800) { buf[0] = (char)(0xC0 | (c >> 6)); buf[1] = (char)(0x80 | (c & 0x3F)); sb_add(b, buf, 2); }
	else if (c < 0x10000) { buf[0] = (char)(0xE0 | (c >> 12)); buf[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		buf[2] = (char)(0x80 | (c & 0x3F)); sb_add(b, buf, 3); }
	else { buf[0] = (char)(0xF0 | (c >> 18)); buf[1] = (char)(0x80 | ((c >> 12) & 0x3F));
		buf[2] = (char)(0x80 | ((c >> 6) & 0x3F)); buf[3] = (char)(0x80 | (c & 0x3F)); sb_add(b, buf, 4); }
}

static unsigned cm_upper(unsigned c)
{
	locale_t l = utf8_locale();
	return l ? (unsigned)towupper_l((wint_t)c, l) : (c < 128 ? (unsigned)toupper((int)c) : c);
}

static unsigned cm_lower(unsigned c)
{
	locale_t l = utf8_locale();
	return l ? (unsigned)towlower_l((wint_t)c, l) : (c < 128 ? (unsigned)tolower((int)c) : c);
}

static int cm_isalpha(unsigned c)
{
	locale_t l = utf8_locale();
	return l ? iswalpha_l((wint_t)c, l) : (c < 128 && isalpha((int)c));
}

static struct value *casemap(struct value *self, int mode)
{
	struct sbuf b = {0};
	const unsigned char *p = (const unsigned char *)self->u.str->s;
	size_t n = self->u.str->len, i = 0;
	int start = 1;
	while (i < n) {
		unsigned c, o;
		i += u8dec(p + i, n - i, &c);
		switch (mode) {
		case 0: o = cm_upper(c); break;
		case 1: o = cm_lower(c); break;
		case 2: o = start ? cm_upper(c) : cm_lower(c); start = !cm_isalpha(c); break;
		case 3: o = start ? cm_upper(c) : cm_lower(c); start = 0; break;
		default: o = cm_upper(c) == c ? cm_lower(c) : cm_upper(c); break;
		}
		u8enc(&b, o);
	}
	size_t len = b.n;
	char *s = sb_take(&b);
	return s ? val_str_take(s, len) : NULL;
}

M(upper) { return casemap(SELF, 0); }
M(lower) { return casemap(SELF, 1); }
M(title) { return casemap(SELF, 2); }
M(capitalize) { return casemap(SELF, 3); }
M(swapcase) { return casemap(SELF, 4); }

static struct value *str_find(struct eval *ev, struct value *self, int argc, struct value **argv,
			      int rev, int raise, const char *fname)
{
	if (args_count(ev, fname, argc, 1, 3) < 0)
		return NULL;
	if (argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "must be str, not %s", val_type_name(argv[0]));
	const char *s = self->u.str->s;
	size_t n = self->u.str->len, cn = utf8_len(s, n);
	int64_t a, b;
	if (str_span(ev, argc, argv, (int64_t)cn, &a, &b) < 0)
		return NULL;
	int64_t found = -1;
	if (a <= b) {
		size_t ao = utf8_offset(s, n, (size_t)a), bo = utf8_offset(s, n, (size_t)b);
		size_t m = argv[0]->u.str->len;
		const char *hit = NULL;
		if (!rev) {
			hit = memmem(s + ao, bo - ao, argv[0]->u.str->s, m);
		} else if (bo - ao >= m) {
			for (const char *q = s + bo - m; q >= s + ao; q--)
				if (memcmp(q, argv[0]->u.str->s, m) == 0) {
					hit = q;
					break;
				}
		}
		if (hit)
			found = (int64_t)utf8_len(s, (size_t)(hit - s));
	}
	if (found < 0 && raise)
		return err_set(ev, TY_ValueError, "substring not found");
	return val_int(found);
}

M(find) { return str_find(ev, SELF, argc, argv, 0, 0, "find"); }
M(rfind) { return str_find(ev, SELF, argc, argv, 1, 0, "rfind"); }
M(strindex) { return str_find(ev, SELF, argc, argv, 0, 1, "index"); }
M(rindex) { return str_find(ev, SELF, argc, argv, 1, 1, "rindex"); }

M(strcount)
{
	if (args_count(ev, "count", argc, 1, 1) < 0)
		return NULL;
	if (argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "must be str, not %s", val_type_name(argv[0]));
	const char *p = SELF->u.str->s, *e = p + SELF->u.str->len;
	size_t m = argv[0]->u.str->len;
	int64_t c = 0;
	if (!m)
		return val_int((int64_t)utf8_len(p, SELF->u.str->len) + 1);
	for (;;) {
		const char *f = memmem(p, (size_t)(e - p), argv[0]->u.str->s, m);
		if (!f)
			break;
		c++;
		p = f + m;
	}
	return val_int(c);
}

static struct value *pad(struct eval *ev, struct value *self, int argc, struct value **argv, int how, const char *fname)
{
	int64_t w;
	if (args_count(ev, fname, argc, 1, 2) < 0 || val_as_int64(ev, argv[0], &w) < 0)
		return NULL;
	const char *fill = " ";
	size_t fl = 1;
	if (argc == 2) {
		if (argv[1]->type != VT_STR || utf8_len(argv[1]->u.str->s, argv[1]->u.str->len) != 1)
			return err_set(ev, TY_TypeError, "The fill character must be exactly one character long");
		fill = argv[1]->u.str->s;
		fl = argv[1]->u.str->len;
	}
	int64_t n = (int64_t)utf8_len(self->u.str->s, self->u.str->len);
	if (w <= n)
		return val_incref(self);
	int64_t total = w - n, left = how == 0 ? 0 : how == 1 ? total : total / 2 + (total & w & 1);
	struct sbuf b = {0};
	for (int64_t i = 0; i < left; i++)
		sb_add(&b, fill, fl);
	sb_add(&b, self->u.str->s, self->u.str->len);
	for (int64_t i = 0; i < total - left; i++)
		sb_add(&b, fill, fl);
	size_t len = b.n;
	char *s = sb_take(&b);
	return s ? val_str_take(s, len) : err_nomem(ev);
}

M(ljust) { return pad(ev, SELF, argc, argv, 0, "ljust"); }
M(rjust) { return pad(ev, SELF, argc, argv, 1, "rjust"); }
M(center) { return pad(ev, SELF, argc, argv, 2, "center"); }

M(zfill)
{
	int64_t w;
	if (args_count(ev, "zfill", argc, 1, 1) < 0 || val_as_int64(ev, argv[0], &w) < 0)
		return NULL;
	const char *s = SELF->u.str->s;
	int64_t n = (int64_t)SELF->u.str->len;
	if (w <= n)
		return val_incref(SELF);
	struct sbuf b = {0};
	size_t off = 0;
	if (n && (s[0] == '-' || s[0] == '+')) {
		sb_addc(&b, s[0]);
		off = 1;
	}
	for (int64_t i = 0; i < w - n; i++)
		sb_addc(&b, '0');
	sb_add(&b, s + off, (size_t)n - off);
	size_t len = b.n;
	char *r = sb_take(&b);
	return r ? val_str_take(r, len) : err_nomem(ev);
}

/* str.expandtabs(tabsize=8): the column (in code points) restarts after \n and \r */
M(expandtabs)
{
	struct value *ts = NULL;
	int64_t t = 8;
	if (args_parse(ev, "expandtabs", argc, argv, kw, "|tabsize", &ts) < 0 ||
	    (ts && val_as_int64(ev, ts, &t) < 0))
		return NULL;
	const char *s = SELF->u.str->s;
	size_t n = SELF->u.str->len;
	struct sbuf b = {0};
	int64_t col = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\t') {
			if (t > 0) {
				int64_t k = t - col % t;
				if ((uint64_t)k + b.n > ((size_t)1 << 40)) {
					free(b.s);
					return err_set(ev, TY_OverflowError, "new string is too long");
				}
				for (int64_t j = 0; j < k; j++)
					sb_addc(&b, ' ');
				col += k;
			}
			continue;
		}
		sb_addc(&b, s[i]);
		if (s[i] == '\n' || s[i] == '\r')
			col = 0;
		else if (((unsigned char)s[i] & 0xC0) != 0x80)
			col++;
	}
	size_t len = b.n;
	char *r = sb_take(&b);
	return r ? val_str_take(r, len) : err_nomem(ev);
}

static struct value *strpred(struct value *self, int (*pred)(int), int needcased)
{
	if (!self->u.str->len)
		return val_bool(0);
	for (size_t i = 0; i < self->u.str->len; i++)
		if (!pred((unsigned char)self->u.str->s[i]))
			return val_bool(0);
	(void)needcased;
	return val_bool(1);
}

M(isdigit) { return strpred(SELF, isdigit, 0); }
M(isalpha) { return strpred(SELF, isalpha, 0); }
M(isalnum) { return strpred(SELF, isalnum, 0); }
M(isspace) { return strpred(SELF, isspace, 0); }
static int is_not_lower(int c) { return !islower(c); }
static int is_not_upper(int c) { return !isupper(c); }
M(isupper)
{
	int any = 0;
	for (size_t i = 0; i < SELF->u.str->len; i++)
		any |= isupper((unsigned char)SELF->u.str->s[i]);
	struct value *r = strpred(SELF, is_not_lower, 0);
	if (!any)
		r->u.i ? (void)0 : (void)0;
	int res = any && r->u.i;
	val_decref(r);
	return val_bool(res);
}
M(islower)
{
	int any = 0;
	for (size_t i = 0; i < SELF->u.str->len; i++)
		any |= islower((unsigned char)SELF->u.str->s[i]);
	struct value *r = strpred(SELF, is_not_upper, 0);
	int res = any && r->u.i;
	val_decref(r);
	return val_bool(res);
}

static struct value *partition(struct eval *ev, struct value *self, int argc, struct value **argv, int rev)
{
	if (args_count(ev, rev ? "rpartition" : "partition", argc, 1, 1) < 0)
		return NULL;
	if (argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "must be str, not %s", val_type_name(argv[0]));
	const char *s = self->u.str->s, *e = s + self->u.str->len, *f = NULL;
	size_t m = argv[0]->u.str->len;
	if (!m)
		return err_set(ev, TY_ValueError, "empty separator");
	if (!rev) {
		f = memmem(s, self->u.str->len, argv[0]->u.str->s, m);
	} else if (self->u.str->len >= m) {
		for (const char *q = e - m; q >= s; q--)
			if (memcmp(q, argv[0]->u.str->s, m) == 0) {
				f = q;
				break;
			}
	}
	struct value *t[3];
	if (!f) {
		t[0] = rev ? val_str("", 0) : val_incref(self);
		t[1] = val_str("", 0);
		t[2] = rev ? val_incref(self) : val_str("", 0);
	} else {
		t[0] = val_str(s, (size_t)(f - s));
		t[1] = val_incref(argv[0]);
		t[2] = val_str(f + m, (size_t)(e - f - m));
	}
	return val_tuple_new(3, t);
}

M(partition) { return partition(ev, SELF, argc, argv, 0); }
M(rpartition) { return partition(ev, SELF, argc, argv, 1); }

M(strformat)
{
	return strfmt_format(ev, SELF->u.str->s, SELF->u.str->len, argc, argv, kw);
}

M(encode)
{
	return bytes_str_encode(ev, bi, argc, argv, kw);
}

/* ---- list methods ---- */

M(append)
{
	if (args_count(ev, "list.append", argc, 1, 1) < 0)
		return NULL;
	return list_append(SELF, val_incref(argv[0])) < 0 ? err_nomem(ev) : val_none();
}

M(extend)
{
	if (args_count(ev, "list.extend", argc, 1, 1) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	for (size_t i = 0; i < items->u.seq.n; i++)
		if (list_append(SELF, val_incref(items->u.seq.items[i])) < 0) {
			val_decref(items);
			return err_nomem(ev);
		}
	val_decref(items);
	return val_none();
}

M(pop)
{
	int64_t i = -1;
	if (args_count(ev, "pop", argc, 0, 1) < 0 || (argc && val_as_int64(ev, argv[0], &i) < 0))
		return NULL;
	struct value *l = SELF;
	if (!l->u.seq.n)
		return err_set(ev, TY_IndexError, "pop from empty list");
	if (i < 0)
		i += (int64_t)l->u.seq.n;
	if (i < 0 || i >= (int64_t)l->u.seq.n)
		return err_set(ev, TY_IndexError, "pop index out of range");
	struct value *x = l->u.seq.items[i];
	memmove(l->u.seq.items + i, l->u.seq.items + i + 1, sizeof(struct value *) * (l->u.seq.n - (size_t)i - 1));
	l->u.seq.n--;
	return x;
}

M(insert)
{
	int64_t i;
	if (args_count(ev, "insert", argc, 2, 2) < 0 || val_as_int64(ev, argv[0], &i) < 0)
		return NULL;
	struct value *l = SELF;
	int64_t n = (int64_t)l->u.seq.n;
	if (i < 0)
		i += n;
	if (i < 0)
		i = 0;
	if (i > n)
		i = n;
	if (list_append(l, val_incref(argv[1])) < 0)
		return err_nomem(ev);
	memmove(l->u.seq.items + i + 1, l->u.seq.items + i, sizeof(struct value *) * (size_t)(n - i));
	l->u.seq.items[i] = argv[1];
	return val_none();
}

M(seqindex)
{
	if (args_count(ev, "index", argc, 1, 3) < 0)
		return NULL;
	struct value *l = SELF;
	for (size_t i = 0; i < l->u.seq.n; i++) {
		int eq = val_is(l->u.seq.items[i], argv[0]) ? 1 : val_equal(ev, l->u.seq.items[i], argv[0]);
		if (eq < 0)
			return NULL;
		if (eq)
			return val_int((int64_t)i);
	}
	if (l->type == VT_TUPLE)
		return err_set(ev, TY_ValueError, "tuple.index(x): x not in tuple");
	char *r = val_repr(ev, argv[0]);
	err_set(ev, TY_ValueError, "%s is not in list", r ? r : "?");
	free(r);
	return NULL;
}

M(seqcount)
{
	if (args_count(ev, "count", argc, 1, 1) < 0)
		return NULL;
	int64_t c = 0;
	for (size_t i = 0; i < SELF->u.seq.n; i++) {
		int eq = val_is(SELF->u.seq.items[i], argv[0]) ? 1 : val_equal(ev, SELF->u.seq.items[i], argv[0]);
		if (eq < 0)
			return NULL;
		c += eq;
	}
	return val_int(c);
}

M(remove)
{
	if (args_count(ev, "remove", argc, 1, 1) < 0)
		return NULL;
	struct value *l = SELF;
	for (size_t i = 0; i < l->u.seq.n; i++) {
		int eq = val_is(l->u.seq.items[i], argv[0]) ? 1 : val_equal(ev, l->u.seq.items[i], argv[0]);
		if (eq < 0)
			return NULL;
		if (eq) {
			val_decref(l->u.seq.items[i]);
			memmove(l->u.seq.items + i, l->u.seq.items + i + 1, sizeof(struct value *) * (l->u.seq.n - i - 1));
			l->u.seq.n--;
			return val_none();
		}
	}
	return err_set(ev, TY_ValueError, "list.remove(x): x not in list");
}

M(reverse)
{
	struct value *l = SELF;
	size_t n = l->u.seq.n;
	for (size_t i = 0; i < n / 2; i++) {
		struct value *t = l->u.seq.items[i];
		l->u.seq.items[i] = l->u.seq.items[n - 1 - i];
		l->u.seq.items[n - 1 - i] = t;
	}
	return val_none();
}

M(sort)
{
	struct value *key = NULL, *rev = NULL;
	int r;
	if (args_parse(ev, "sort", argc, argv, kw, "$key,reverse", &key, &rev) < 0 ||
	    args_bool(ev, rev, 0, &r) < 0)
		return NULL;
	return builtins_sort_list(ev, SELF, key, r) < 0 ? NULL : val_none();
}

M(listcopy)
{
	return val_iter_list(ev, SELF);
}

M(listclear)
{
	struct value *l = SELF;
	for (size_t i = 0; i < l->u.seq.n; i++)
		val_decref(l->u.seq.items[i]);
	l->u.seq.n = 0;
	return val_none();
}

/* ---- dict methods ---- */

static struct value *dict_view(struct eval *ev, struct value *d, int which)
{
	struct value *l = val_list_new(0, NULL);
	if (!l)
		return err_nomem(ev);
	for (size_t i = 0; i < d->u.dict->n; i++) {
		struct dict_entry *e = &d->u.dict->entries[i];
		if (!e->key)
			continue;
		struct value *x;
		if (which == 0)
			x = val_incref(e->key);
		else if (which == 1)
			x = val_incref(e->val);
		else {
			struct value *p[2] = { val_incref(e->key), val_incref(e->val) };
			x = val_tuple_new(2, p);
		}
		if (list_append(l, x) < 0) {
			val_decref(l);
			return err_nomem(ev);
		}
	}
	return val_iterobj_new(which == 0 ? "dict_keys" : which == 1 ? "dict_values" : "dict_items", l);
}

M(keys) { return dict_view(ev, SELF, 0); }
M(values) { return dict_view(ev, SELF, 1); }
M(items) { return dict_view(ev, SELF, 2); }

/* The key argument of d.get/pop/setdefault(key[, default]): hashable, its
 * value in d borrowed in *v (NULL when absent); 0, or -1 with TypeError */
static int dict_key_arg(struct eval *ev, struct value *d, const char *fname, int argc,
			struct value **argv, struct value **v)
{
	uint64_t h;
	if (args_count(ev, fname, argc, 1, 2) < 0 || val_hash(ev, argv[0], &h) < 0)
		return -1;
	*v = dict_get_borrow(d, argv[0]);
	return 0;
}

M(dictget)
{
	struct value *v;
	if (dict_key_arg(ev, SELF, "get", argc, argv, &v) < 0)
		return NULL;
	if (v)
		return val_incref(v);
	return argc == 2 ? val_incref(argv[1]) : val_none();
}

M(dictpop)
{
	struct value *v;
	if (dict_key_arg(ev, SELF, "pop", argc, argv, &v) < 0)
		return NULL;
	if (!v) {
		if (argc == 2)
			return val_incref(argv[1]);
		return val_getitem(ev, SELF, argv[0]);
	}
	val_incref(v);
	dict_del(ev, SELF, argv[0]);
	return v;
}

M(setdefault)
{
	struct value *v;
	if (dict_key_arg(ev, SELF, "setdefault", argc, argv, &v) < 0)
		return NULL;
	if (v)
		return val_incref(v);
	struct value *d = argc == 2 ? argv[1] : NULL;
	struct value *none = val_none();
	if (dict_set(ev, SELF, argv[0], d ? d : none) < 0) {
		val_decref(none);
		return NULL;
	}
	val_decref(none);
	return val_incref(d ? d : none);
}

M(update)
{
	struct value *d = builtins_type_call(ev, TY_DICT, argc, argv, kw);
	if (!d)
		return NULL;
	for (size_t i = 0; i < d->u.dict->n; i++)
		if (d->u.dict->entries[i].key &&
		    dict_set(ev, SELF, d->u.dict->entries[i].key, d->u.dict->entries[i].val) < 0) {
			val_decref(d);
			return NULL;
		}
	val_decref(d);
	return val_none();
}

M(dictcopy)
{
	struct value *a[1] = { SELF };
	return builtins_type_call(ev, TY_DICT, 1, a, NULL);
}

M(dictclear)
{
	struct value *l = val_iter_list(ev, SELF);
	if (!l)
		return NULL;
	for (size_t i = 0; i < l->u.seq.n; i++)
		dict_del(ev, SELF, l->u.seq.items[i]);
	val_decref(l);
	return val_none();
}

M(popitem)
{
	struct dict *d = SELF->u.dict;
	for (size_t i = d->n; i-- > 0;) {
		if (!d->entries[i].key)
			continue;
		struct value *p[2] = { val_incref(d->entries[i].key), val_incref(d->entries[i].val) };
		dict_del(ev, SELF, p[0]);
		return val_tuple_new(2, p);
	}
	return err_set(ev, TY_KeyError, "popitem(): dictionary is empty");
}

/* ---- numbers ---- */

M(is_integer)
{
	return val_bool(isfinite(SELF->u.f) && SELF->u.f == floor(SELF->u.f));
}

M(conjugate)
{
	if (SELF->type == VT_COMPLEX)
		return val_complex(conj(SELF->u.c));
	return val_incref(SELF);
}

M(bit_length)
{
	if (SELF->type == VT_BIGINT)
		return val_int((int64_t)big_bit_length(SELF));
	uint64_t u = SELF->u.i < 0 ? (uint64_t)0 - (uint64_t)SELF->u.i : (uint64_t)SELF->u.i;
	int n = 0;
	while (u) {
		n++;
		u >>= 1;
	}
	return val_int(n);
}

/* ---- the method table ---- */

struct method { enum vtype t; const char *name; builtin_fn fn; };

static const struct method methods[] = {
	{VT_STR, "strip", m_strip}, {VT_STR, "lstrip", m_lstrip}, {VT_STR, "rstrip", m_rstrip},
	{VT_STR, "split", m_split}, {VT_STR, "rsplit", m_rsplit}, {VT_STR, "splitlines", m_splitlines},
	{VT_STR, "join", m_join}, {VT_STR, "replace", m_replace}, {VT_STR, "startswith", m_startswith},
	{VT_STR, "endswith", m_endswith}, {VT_STR, "upper", m_upper}, {VT_STR, "lower", m_lower},
	{VT_STR, "title", m_title}, {VT_STR, "capitalize", m_capitalize}, {VT_STR, "swapcase", m_swapcase},
	{VT_STR, "find", m_find}, {VT_STR, "rfind", m_rfind}, {VT_STR, "index", m_strindex},
	{VT_STR, "rindex", m_rindex}, {VT_STR, "count", m_strcount}, {VT_STR, "ljust", m_ljust},
	{VT_STR, "rjust", m_rjust}, {VT_STR, "center", m_center}, {VT_STR, "zfill", m_zfill}, {VT_STR, "expandtabs", m_expandtabs},
	{VT_STR, "isdigit", m_isdigit}, {VT_STR, "isnumeric", m_isdigit}, {VT_STR, "isdecimal", m_isdigit},
	{VT_STR, "isalpha", m_isalpha}, {VT_STR, "isalnum", m_isalnum}, {VT_STR, "isspace", m_isspace},
	{VT_STR, "isupper", m_isupper}, {VT_STR, "islower", m_islower}, {VT_STR, "partition", m_partition},
	{VT_STR, "rpartition", m_rpartition}, {VT_STR, "removeprefix", m_removeprefix},
	{VT_STR, "removesuffix", m_removesuffix}, {VT_STR, "format", m_strformat}, {VT_STR, "encode", m_encode},
	{VT_LIST, "append", m_append}, {VT_LIST, "extend", m_extend}, {VT_LIST, "pop", m_pop},
	{VT_LIST, "insert", m_insert}, {VT_LIST, "index", m_seqindex}, {VT_LIST, "count", m_seqcount},
	{VT_LIST, "remove", m_remove}, {VT_LIST, "reverse", m_reverse}, {VT_LIST, "sort", m_sort},
	{VT_LIST, "copy", m_listcopy}, {VT_LIST, "clear", m_listclear},
	{VT_TUPLE, "index", m_seqindex}, {VT_TUPLE, "count", m_seqcount},
	{VT_DICT, "keys", m_keys}, {VT_DICT, "values", m_values}, {VT_DICT, "items", m_items},
	{VT_DICT, "get", m_dictget}, {VT_DICT, "pop", m_dictpop}, {VT_DICT, "setdefault", m_setdefault},
	{VT_DICT, "update", m_update}, {VT_DICT, "copy", m_dictcopy}, {VT_DICT, "clear", m_dictclear},
	{VT_DICT, "popitem", m_popitem},
	{VT_FLOAT, "is_integer", m_is_integer}, {VT_FLOAT, "conjugate", m_conjugate},
	{VT_INT, "conjugate", m_conjugate}, {VT_INT, "bit_length", m_bit_length},
	{VT_BOOL, "conjugate", m_conjugate}, {VT_COMPLEX, "conjugate", m_conjugate},
	{VT_BIGINT, "conjugate", m_conjugate}, {VT_BIGINT, "bit_length", m_bit_length},
};

struct value *builtins_method(struct eval *ev, struct value *self, const char *name)
{
	if (self->type == VT_BYTES || (self->type == VT_TYPE && self->u.ty == TY_BYTES))
		return bytes_method(ev, self, name);
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (methods[i].t == self->type && strcmp(methods[i].name, name) == 0) {
			struct value *b = val_builtin(methods[i].name, methods[i].fn, self, NULL);
			return b ? b : err_nomem(ev);
		}
	return NULL;
}

const char *const *builtins_method_names(struct value *self)
{
	static const char *names[128];
	int n = 0;
	if (self->type == VT_BYTES)
		return bytes_method_names();
	for (size_t i = 0; i < sizeof methods / sizeof methods[0] && n < 127; i++)
		if (methods[i].t == self->type)
			names[n++] = methods[i].name;
	if (big_is_int(self) || self->type == VT_FLOAT || self->type == VT_COMPLEX) {
		names[n++] = "real";
		names[n++] = "imag";
	}
	names[n] = NULL;
	return names;
}
