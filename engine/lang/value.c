/*
 * value.c — Python values: the type table, constructors, refcounts,
 * repr/str, and the language's protocol (getattr, getitem, call, len,
 * iteration); containers.c holds lists and dicts, number.c the operators.
 * Whenever an operand is an ndarray, a NumPy scalar or a dtype the work
 * goes to the type slots the array layer registered (value.h); this file
 * never looks inside an array.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>
#include "lang/core.h"
#include "pyobj/bigint.h"   /* big_is_int (inline) */
#include "lang/error.h"

/* ---- the type slots the layers above fill (value.h) ---- */

struct type_slots val_slots[VT_COUNT];
struct lang_hooks lang_hooks;
struct pyobj_hooks pyobj_hooks;   /* core.h: filled by pyobj_register */

/* ---- the type table ---- */

/* ORDER TY: name, module prefix for the qualified name, parent */
static const struct { const char *name, *module; enum typeid parent; } tyinfo[TY_COUNT] = {
	[TY_OBJECT] = {"object", NULL, TY_OBJECT},
	[TY_NONETYPE] = {"NoneType", NULL, TY_OBJECT},
	[TY_BOOL] = {"bool", NULL, TY_INT},
	[TY_INT] = {"int", NULL, TY_OBJECT},
	[TY_FLOAT] = {"float", NULL, TY_OBJECT},
	[TY_COMPLEX] = {"complex", NULL, TY_OBJECT},
	[TY_STR] = {"str", NULL, TY_OBJECT},
	[TY_BYTES] = {"bytes", NULL, TY_OBJECT},
	[TY_TUPLE] = {"tuple", NULL, TY_OBJECT},
	[TY_LIST] = {"list", NULL, TY_OBJECT},
	[TY_DICT] = {"dict", NULL, TY_OBJECT},
	[TY_SLICE] = {"slice", NULL, TY_OBJECT},
	[TY_RANGE] = {"range", NULL, TY_OBJECT},
	[TY_FUNCTION] = {"function", NULL, TY_OBJECT},
	[TY_MODULE] = {"module", NULL, TY_OBJECT},
	[TY_TYPE] = {"type", NULL, TY_OBJECT},
	[TY_NDARRAY] = {"ndarray", "numpy", TY_OBJECT},
	[TY_CUPY_NDARRAY] = {"ndarray", "cupy", TY_OBJECT},
	[TY_BaseException] = {"BaseException", NULL, TY_OBJECT},
	[TY_Exception] = {"Exception", NULL, TY_BaseException},
	[TY_KeyboardInterrupt] = {"KeyboardInterrupt", NULL, TY_BaseException},
	[TY_ArithmeticError] = {"ArithmeticError", NULL, TY_Exception},
	[TY_ZeroDivisionError] = {"ZeroDivisionError", NULL, TY_ArithmeticError},
	[TY_OverflowError] = {"OverflowError", NULL, TY_ArithmeticError},
	[TY_FloatingPointError] = {"FloatingPointError", NULL, TY_ArithmeticError},
	[TY_AssertionError] = {"AssertionError", NULL, TY_Exception},
	[TY_AttributeError] = {"AttributeError", NULL, TY_Exception},
	[TY_LookupError] = {"LookupError", NULL, TY_Exception},
	[TY_IndexError] = {"IndexError", NULL, TY_LookupError},
	[TY_KeyError] = {"KeyError", NULL, TY_LookupError},
	[TY_NameError] = {"NameError", NULL, TY_Exception},
	[TY_UnboundLocalError] = {"UnboundLocalError", NULL, TY_NameError},
	[TY_RuntimeError] = {"RuntimeError", NULL, TY_Exception},
	[TY_NotImplementedError] = {"NotImplementedError", NULL, TY_RuntimeError},
	[TY_RecursionError] = {"RecursionError", NULL, TY_RuntimeError},
	[TY_StopIteration] = {"StopIteration", NULL, TY_Exception},
	[TY_SyntaxError] = {"SyntaxError", NULL, TY_Exception},
	[TY_IndentationError] = {"IndentationError", NULL, TY_SyntaxError},
	[TY_TypeError] = {"TypeError", NULL, TY_Exception},
	[TY_ValueError] = {"ValueError", NULL, TY_Exception},
	[TY_UnicodeError] = {"UnicodeError", NULL, TY_ValueError},
	[TY_MemoryError] = {"MemoryError", NULL, TY_Exception},
	[TY_ImportError] = {"ImportError", NULL, TY_Exception},
	[TY_ModuleNotFoundError] = {"ModuleNotFoundError", NULL, TY_ImportError},
	[TY_OSError] = {"OSError", NULL, TY_Exception},
	[TY_FileNotFoundError] = {"FileNotFoundError", NULL, TY_OSError},
	[TY_EOFError] = {"EOFError", NULL, TY_Exception},
	[TY_LinAlgError] = {"LinAlgError", "numpy.linalg", TY_ValueError},
	[TY_AxisError] = {"AxisError", "numpy.exceptions", TY_ValueError},
	[TY_StdinNotImplementedError] = {"StdinNotImplementedError", "IPython.core.error", TY_NotImplementedError},
	[TY_UsageError] = {"UsageError", "IPython.core.error", TY_Exception},
	[TY_CalledProcessError] = {"CalledProcessError", "subprocess", TY_Exception},
	[TY_OutOfMemoryError] = {"OutOfMemoryError", "cupy.cuda.memory", TY_MemoryError},
	[TY_CUDARuntimeError] = {"CUDARuntimeError", "cupy_backends.cuda.api.runtime", TY_RuntimeError},
	[TY_NVRTCError] = {"NVRTCError", "cupy.cuda.compiler", TY_Exception},
	[TY_UnicodeDecodeError] = {"UnicodeDecodeError", NULL, TY_UnicodeError},
	[TY_UnicodeEncodeError] = {"UnicodeEncodeError", NULL, TY_UnicodeError},
	[TY_SystemExit] = {"SystemExit", NULL, TY_BaseException},
	[TY_FileExistsError] = {"FileExistsError", NULL, TY_OSError},
	[TY_NotADirectoryError] = {"NotADirectoryError", NULL, TY_OSError},
	[TY_IsADirectoryError] = {"IsADirectoryError", NULL, TY_OSError},
	[TY_PermissionError] = {"PermissionError", NULL, TY_OSError},
	[TY_Warning] = {"Warning", NULL, TY_Exception},
	[TY_UserWarning] = {"UserWarning", NULL, TY_Warning},
	[TY_DeprecationWarning] = {"DeprecationWarning", NULL, TY_Warning},
	[TY_PendingDeprecationWarning] = {"PendingDeprecationWarning", NULL, TY_Warning},
	[TY_RuntimeWarning] = {"RuntimeWarning", NULL, TY_Warning},
	[TY_FutureWarning] = {"FutureWarning", NULL, TY_Warning},
	[TY_JSONDecodeError] = {"JSONDecodeError", "json.decoder", TY_ValueError},
	[TY_GeneratorExit] = {"GeneratorExit", NULL, TY_BaseException},
	[TY_RankWarning] = {"RankWarning", "numpy.exceptions", TY_RuntimeWarning},
	[TY_TooHardError] = {"TooHardError", "numpy.exceptions", TY_RuntimeError},
	[TY_ComplexWarning] = {"ComplexWarning", "numpy.exceptions", TY_RuntimeWarning},
	[TY_UFuncTypeError] = {"UFuncTypeError", "numpy._core._exceptions", TY_TypeError},
};

const char *typeid_name(enum typeid t)
{
	return (t >= 0 && t < TY_COUNT && tyinfo[t].name) ? tyinfo[t].name : "object";
}

const char *typeid_qualname(enum typeid t)
{
	static char buf[TY_COUNT][96];
	if (t < 0 || t >= TY_COUNT)
		return "object";
	if (!tyinfo[t].module)
		return tyinfo[t].name;
	if (!buf[t][0])
		snprintf(buf[t], sizeof buf[t], "%s.%s", tyinfo[t].module, tyinfo[t].name);
	return buf[t];
}

int typeid_is_exception(enum typeid t)
{
	return t >= TY_BaseException && t < TY_COUNT;
}

int typeid_subclass(enum typeid t, enum typeid of)
{
	if (of == TY_OBJECT)
		return 1;
	if (t == TY_AxisError && of == TY_IndexError)
		return 1;
	if (t == TY_AxisError && of == TY_LookupError)
		return 1;
	for (int i = 0; i < 16; i++) {
		if (t == of)
			return 1;
		if (t == TY_OBJECT)
			return 0;
		t = tyinfo[t].parent;
	}
	return 0;
}

/* ---- UTF-8 ---- */

size_t utf8_len(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

size_t utf8_offset(const char *s, size_t n, size_t cp)
{
	size_t c = 0, i = 0;
	for (; i < n; i++) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (c == cp)
				return i;
			c++;
		}
	}
	return n;
}

/* ---- refcounts and constructors ---- */

static struct value v_none = { 1 << 30, VT_NONE, {0} };
static struct value v_true = { 1 << 30, VT_BOOL, {.i = 1} };
static struct value v_false = { 1 << 30, VT_BOOL, {.i = 0} };
static struct value v_ellipsis = { 1 << 30, VT_ELLIPSIS, {0} };

#define SMALL_MIN (-5)
#define SMALL_MAX 1024
static struct value small_ints[SMALL_MAX - SMALL_MIN + 1];

/* Freed values wait in a short per-thread list for the next one: a loop
 * makes and drops a few per iteration (its counter past the small ints, a
 * result), and the list is cheaper than the allocator's round trip.  Only
 * the struct: what it owned is released before it gets here.  Per thread,
 * as a value may be dropped off the evaluator's thread. */
#ifdef __SANITIZE_ADDRESS__
enum { VAL_KEEP = 0 };    /* let AddressSanitizer see every use after free */
#else
enum { VAL_KEEP = 64 };
#endif
static _Thread_local struct value *val_free[VAL_KEEP ? VAL_KEEP : 1];
static _Thread_local int val_free_n;

static void val_struct_free(struct value *v)
{
	if (val_free_n < VAL_KEEP)
		val_free[val_free_n++] = v;
	else
		free(v);
}

/* Small dicts (a call's locals, a keyword dict) are recycled the same way,
 * with their entry and index arrays, emptied. */
enum { DICT_KEEP = VAL_KEEP ? 16 : 0, DICT_KEEP_CAP = 8 };
static _Thread_local struct dict *dict_free_list[DICT_KEEP ? DICT_KEEP : 1];
static _Thread_local int dict_free_n;

static void dict_struct_free(struct dict *d)
{
	val_decref(d->kdata);
	d->kdata = NULL;
	d->kind = NULL;
	if (dict_free_n < DICT_KEEP && d->cap <= DICT_KEEP_CAP && d->index_cap <= 2 * DICT_KEEP_CAP) {
		d->n = d->nused = 0;
		for (size_t i = 0; i < d->index_cap; i++)
			d->index[i] = -1;
		dict_free_list[dict_free_n++] = d;
		return;
	}
	free(d->entries);
	free(d->index);
	free(d);
}

/* A version no dict has had: a dict's keys and their places are the same
 * as when a cache saw its version if (and only if) the version is the same. */
void dict_version_bump(struct dict *d)
{
	static uint64_t last;
	d->version = __atomic_add_fetch(&last, 1, __ATOMIC_RELAXED);
}

/* an empty struct dict, or NULL */
static struct dict *dict_struct_new(void)
{
	struct dict *d = dict_free_n ? dict_free_list[--dict_free_n] : calloc(1, sizeof(struct dict));
	if (d)
		dict_version_bump(d);
	return d;
}

/* The static values (None, True, False, Ellipsis, the small ints, the
 * types ...) are handed out with a count of 1 << 30 and put back there
 * before it could fall to 1 << 29: a count that high marks them, which is
 * one test instead of an address comparison per static on every decref (no
 * heap value is referenced 2**29 times). */
#define STATIC_REFS (1 << 29)

void val_decref(struct value *v)
{
	if (!v)
		return;
	if (v->refcnt > STATIC_REFS) {
		if (--v->refcnt <= STATIC_REFS)
			v->refcnt = 1 << 30;
		return;
	}
	if (--v->refcnt > 0)
		return;
	switch (v->type) {
	case VT_STR: case VT_BYTES:
		free(v->u.str);
		break;
	case VT_TUPLE: case VT_LIST:
		for (size_t i = 0; i < v->u.seq.n; i++)
			val_decref(v->u.seq.items[i]);
		free(v->u.seq.items);
		break;
	case VT_DICT:
		if (v->u.dict) {
			for (size_t i = 0; i < v->u.dict->n; i++) {
				val_decref(v->u.dict->entries[i].key);
				val_decref(v->u.dict->entries[i].val);
			}
			dict_struct_free(v->u.dict);
		}
		break;
	case VT_SLICE:
		val_decref(v->u.slice.start);
		val_decref(v->u.slice.stop);
		val_decref(v->u.slice.step);
		break;
	case VT_FUNCTION:
		ev_function_free(v->u.func);
		break;
	case VT_BUILTIN:
		val_decref(v->u.bi.self);
		break;
	case VT_MODULE:
		free(v->u.mod.name);
		val_decref(v->u.mod.attrs);
		break;
	case VT_EXCEPTION:
		val_decref(v->u.exc.args);
		free(v->u.exc.msg);
		free(v->u.exc.text);
		val_decref(v->u.exc.cls);
		val_decref(v->u.exc.attrs);
		break;
	case VT_NDARRAY:
		VAL_SLOT(v, release)(v->u.arr);
		break;
	case VT_OBJECT:
		if (v->u.obj.t && v->u.obj.t->free)
			v->u.obj.t->free(v->u.obj.p);
		break;
	case VT_BIGINT:
		pyobj_hooks.big_free(v->u.big);
		break;
	default:
		break;
	}
	val_struct_free(v);
}

/* A zeroed value of type t with one reference: from the free list, else
 * malloc + memset (not calloc: glibc's calloc skips the per-thread cache) */
static struct value *vnew(enum vtype t)
{
	struct value *v = val_free_n ? val_free[--val_free_n] : malloc(sizeof *v);
	if (v) {
		memset(v, 0, sizeof *v);
		v->refcnt = 1;
		v->type = t;
	}
	return v;
}

struct value *val_none(void) { return val_incref(&v_none); }
struct value *val_bool(int b) { return val_incref(b ? &v_true : &v_false); }
struct value *val_ellipsis(void) { return val_incref(&v_ellipsis); }

struct value *val_int(int64_t i)
{
	if (i >= SMALL_MIN && i <= SMALL_MAX) {
		struct value *c = &small_ints[i - SMALL_MIN];
		if (!c->refcnt) {
			c->type = VT_INT;
			c->u.i = i;
		}
		if (c->refcnt < (1 << 29))
			c->refcnt = 1 << 30;
		c->refcnt++;
		return c;
	}
	struct value *v = vnew(VT_INT);
	if (v)
		v->u.i = i;
	return v;
}

struct value *val_float(double f)
{
	struct value *v = vnew(VT_FLOAT);
	if (v)
		v->u.f = f;
	return v;
}

struct value *val_complex(double _Complex c)
{
	struct value *v = vnew(VT_COMPLEX);
	if (v)
		v->u.c = c;
	return v;
}

struct value *val_str(const char *s, size_t len)
{
	char *b;
	struct value *v = val_str_alloc(len, &b);
	if (v && len)
		memcpy(b, s, len);
	return v;
}

struct value *val_cstr(const char *s) { return val_str(s, strlen(s)); }

struct value *val_str_alloc(size_t len, char **buf)
{
	struct value *v = vnew(VT_STR);
	if (!v)
		return NULL;
	v->u.str = malloc(sizeof(struct str) + len + 1);
	if (!v->u.str) {
		free(v);
		return NULL;
	}
	v->u.str->len = len;
	v->u.str->s[len] = 0;
	*buf = v->u.str->s;
	return v;
}

struct value *val_str_take(char *m, size_t len)
{
	if (!m)
		return NULL;
	struct value *v = val_str(m, len);
	free(m);
	return v;
}

struct value *val_str_concat(const char *a, size_t na, const char *b, size_t nb)
{
	struct value *v = val_str(NULL, 0);
	if (!v)
		return NULL;
	struct str *s = realloc(v->u.str, sizeof(struct str) + na + nb + 1);
	if (!s) {
		val_decref(v);
		return NULL;
	}
	v->u.str = s;
	memcpy(s->s, a, na);
	memcpy(s->s + na, b, nb);
	s->len = na + nb;
	s->s[s->len] = 0;
	return v;
}

static struct value *seq_new(enum vtype t, size_t n, struct value **items)
{
	struct value *v = vnew(t);
	if (!v)
		goto fail;
	v->u.seq.cap = n ? n : 0;
	if (n) {
		v->u.seq.items = malloc(sizeof *items * n);
		if (!v->u.seq.items) {
			free(v);
			goto fail;
		}
		for (size_t i = 0; i < n; i++) {
			v->u.seq.items[i] = items[i];
			if (!items[i]) {
				/* a NULL item: an earlier failure */
				v->u.seq.n = i;
				val_decref(v);
				for (size_t j = i + 1; j < n; j++)
					val_decref(items[j]);
				return NULL;
			}
		}
	}
	v->u.seq.n = n;
	return v;
fail:
	for (size_t i = 0; i < n; i++)
		val_decref(items[i]);
	return NULL;
}

struct value *val_tuple_new(size_t n, struct value **items) { return seq_new(VT_TUPLE, n, items); }
struct value *val_list_new(size_t n, struct value **items) { return seq_new(VT_LIST, n, items); }

struct value *val_named_tuple_new(const struct seqtype *t, size_t n, struct value **items)
{
	struct value *v = seq_new(VT_TUPLE, n, items);
	if (v)
		v->u.seq.named = t;
	return v;
}

/* Name(field=repr, ...) of a named tuple */
static int repr_named(struct eval *ev, struct sbuf *b, struct value *v)
{
	sb_printf(b, "%s(", v->u.seq.named->name);
	for (size_t i = 0; i < v->u.seq.n; i++) {
		char *s = val_repr(ev, v->u.seq.items[i]);
		if (!s)
			return -1;
		sb_printf(b, "%s%s=%s", i ? ", " : "", v->u.seq.named->fields[i], s);
		free(s);
	}
	sb_printf(b, ")");
	return 0;
}

struct value *val_dict_new(void)
{
	struct value *v = vnew(VT_DICT);
	if (!v)
		return NULL;
	v->u.dict = dict_struct_new();
	if (!v->u.dict) {
		free(v);
		return NULL;
	}
	return v;
}

struct value *val_type(enum typeid t)
{
	static struct value types[TY_COUNT];
	if (t < 0 || t >= TY_COUNT)
		return NULL;
	struct value *v = &types[t];
	if (!v->refcnt) {
		v->type = VT_TYPE;
		v->u.ty = t;
		v->refcnt = 1 << 30;
	}
	if (v->refcnt < (1 << 29))
		v->refcnt = 1 << 30;
	v->refcnt++;
	return v;
}

struct value *val_dtype(int dtype, int is_type)
{
	struct value *v = vnew(VT_DTYPE);
	if (v) {
		v->u.dt.dtype = dtype;
		v->u.dt.is_type = is_type;
	}
	return v;
}

struct value *val_scalar(int dtype, union scalar_data d)
{
	struct value *v = vnew(VT_SCALAR);
	if (v) {
		v->u.sc.dtype = dtype;
		v->u.sc.v = d;
	}
	return v;
}

struct value *val_ndarray_new(struct ndarray *a)
{
	struct value *v = vnew(VT_NDARRAY);
	if (!v) {
		val_slots[VT_NDARRAY].release(a);   /* steals a even on failure */
		return NULL;
	}
	v->u.arr = a;
	return v;
}

struct value *val_builtin(const char *name, builtin_fn fn, struct value *self, void *data)
{
	struct value *v = vnew(VT_BUILTIN);
	if (!v)
		return NULL;
	v->u.bi.name = name;
	v->u.bi.fn = fn;
	v->u.bi.self = val_incref(self);
	v->u.bi.data = data;
	return v;
}

struct value *val_module_new(const char *name)
{
	struct value *v = vnew(VT_MODULE);
	if (!v)
		return NULL;
	v->u.mod.name = strdup(name);
	v->u.mod.attrs = val_dict_new();
	if (!v->u.mod.name || !v->u.mod.attrs) {
		val_decref(v);
		return NULL;
	}
	return v;
}

struct value *val_object_new(const struct objtype *t, void *p)
{
	struct value *v = vnew(VT_OBJECT);
	if (!v) {
		if (t && t->free)
			t->free(p);
		return NULL;
	}
	v->u.obj.t = t;
	v->u.obj.p = p;
	return v;
}

struct value *val_exception_new(enum typeid t, const char *msg)
{
	struct value *v = vnew(VT_EXCEPTION);
	if (!v)
		return NULL;
	v->u.exc.type = t;
	v->u.exc.msg = strdup(msg ? msg : "");
	struct value *arg = msg ? val_cstr(msg) : NULL;
	v->u.exc.args = msg ? val_tuple_new(1, &arg) : val_tuple_new(0, NULL);
	if (!v->u.exc.msg || !v->u.exc.args) {
		val_decref(v);
		return NULL;
	}
	return v;
}

struct value *val_range(int64_t start, int64_t stop, int64_t step)
{
	struct value *v = vnew(VT_RANGE);
	if (v) {
		v->u.range.start = start;
		v->u.range.stop = stop;
		v->u.range.step = step;
	}
	return v;
}

struct value *val_slice_new(struct value *a, struct value *b, struct value *c)
{
	struct value *v = vnew(VT_SLICE);
	if (!v || !a || !b || !c) {
		free(v);
		val_decref(a);
		val_decref(b);
		val_decref(c);
		return NULL;
	}
	v->u.slice.start = a;
	v->u.slice.stop = b;
	v->u.slice.step = c;
	return v;
}

int64_t range_len(const struct range *r)
{
	if (r->step > 0 && r->start < r->stop)
		return (int64_t)(((uint64_t)r->stop - (uint64_t)r->start - 1) / (uint64_t)r->step + 1);
	if (r->step < 0 && r->start > r->stop)
		return (int64_t)(((uint64_t)r->start - (uint64_t)r->stop - 1) / (uint64_t)(-(r->step + 1) + 1) + 1);
	return 0;
}

/* ---- type names ---- */

const char *val_type_name(struct value *v)
{
	switch (v->type) {
	case VT_NONE: return "NoneType";
	case VT_BOOL: return "bool";
	case VT_INT: case VT_BIGINT: return "int";
	case VT_FLOAT: return "float";
	case VT_COMPLEX: return "complex";
	case VT_STR: return "str";
	case VT_BYTES: return "bytes";
	case VT_TUPLE: return "tuple";
	case VT_LIST: return v->u.seq.named ? v->u.seq.named->name : "list";
	case VT_DICT: return v->u.dict->kind ? v->u.dict->kind->name : "dict";
	case VT_SLICE: return "slice";
	case VT_RANGE: return "range";
	case VT_ELLIPSIS: return "ellipsis";
	case VT_FUNCTION: return "function";
	case VT_BUILTIN: return "builtin_function_or_method";
	case VT_MODULE: return "module";
	case VT_TYPE: return "type";
	case VT_EXCEPTION:
		return v->u.exc.cls ? pyobj_hooks.cls_name(v->u.exc.cls) : typeid_name(v->u.exc.type);
	case VT_DTYPE: case VT_SCALAR: case VT_NDARRAY:
		return VAL_SLOT(v, type_name)(v);
	case VT_OBJECT:
		if (pyobj_hooks.cls_is_instance(v))
			return pyobj_hooks.cls_name(pyobj_hooks.cls_class_of(v));
		return v->u.obj.t && v->u.obj.t->name ? v->u.obj.t->name : "object";
	default:
		return "object";
	}
}

enum typeid val_typeid(struct value *v)
{
	switch (v->type) {
	case VT_NONE: return TY_NONETYPE;
	case VT_BOOL: return TY_BOOL;
	case VT_INT: case VT_BIGINT: return TY_INT;
	case VT_FLOAT: return TY_FLOAT;
	case VT_COMPLEX: return TY_COMPLEX;
	case VT_STR: return TY_STR;
	case VT_BYTES: return TY_BYTES;
	case VT_TUPLE: return TY_TUPLE;
	case VT_LIST: return TY_LIST;
	case VT_DICT: return TY_DICT;
	case VT_SLICE: return TY_SLICE;
	case VT_RANGE: return TY_RANGE;
	case VT_FUNCTION: case VT_BUILTIN: return TY_FUNCTION;
	case VT_MODULE: return TY_MODULE;
	case VT_TYPE: return TY_TYPE;
	case VT_EXCEPTION: return v->u.exc.type;
	case VT_NDARRAY: case VT_DTYPE: return VAL_SLOT(v, type_id)(v);
	case VT_OBJECT: return v->u.obj.t && v->u.obj.t->type_id ? v->u.obj.t->type_id(v) : TY_OBJECT;
	default: return TY_OBJECT;
	}
}

int val_isinstance(struct value *v, enum typeid t)
{
	if (v->type == VT_SCALAR)
		return VAL_SLOT(v, isinstance)(v, t);
	return typeid_subclass(val_typeid(v), t);
}

/* ---- conversions ---- */

int val_as_int64(struct eval *ev, struct value *v, int64_t *out)
{
	switch (v->type) {
	case VT_BOOL: case VT_INT:
		*out = v->u.i;
		return 0;
	case VT_BIGINT:
		err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
		return -1;
	case VT_SCALAR: case VT_NDARRAY:
		if (v->type == VT_SCALAR && !VAL_SLOT(v, has_index)(v)) {
			err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(v));
			return -1;
		}
		return VAL_SLOT(v, as_int64)(ev, v, out);
	default:
		err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(v));
		return -1;
	}
}

int val_as_double(struct eval *ev, struct value *v, double *out)
{
	switch (v->type) {
	case VT_BOOL: case VT_INT:
		*out = (double)v->u.i;
		return 0;
	case VT_BIGINT:
		return pyobj_hooks.big_to_double(ev, v, out);
	case VT_FLOAT:
		*out = v->u.f;
		return 0;
	case VT_SCALAR: case VT_NDARRAY:
		return VAL_SLOT(v, as_double)(ev, v, out);
	default:
		err_set(ev, TY_TypeError, "must be real number, not %s", val_type_name(v));
		return -1;
	}
}

int val_as_complex(struct eval *ev, struct value *v, double _Complex *out)
{
	switch (v->type) {
	case VT_COMPLEX:
		*out = v->u.c;
		return 0;
	case VT_SCALAR: case VT_NDARRAY:
		return VAL_SLOT(v, as_complex)(ev, v, out);
	default: {
		double d;
		if (!big_is_int(v) && v->type != VT_FLOAT) {
			err_set(ev, TY_TypeError, "complex() argument must be a string or a number, not '%s'", val_type_name(v));
			return -1;
		}
		if (val_as_double(ev, v, &d) < 0)
			return -1;
		*out = d;
		return 0;
	}
	}
}

const char *val_as_cstr(struct value *v)
{
	return v && v->type == VT_STR ? v->u.str->s : NULL;
}

/* ---- repr ---- */

/* Next to a power of two the lower margin is half the upper one, so the
 * correctly rounded prec-digit text of d (in e) may read back as the
 * double below while its neighbour one unit up (or down) in the last digit
 * reads back as d: 2**-24 is 5.960464477539063e-08 in Python's repr, not
 * 5.9604644775390625e-08.  Rewrites e as that neighbour (the form %.*e
 * gives) and returns 1, or 0. */
static int float_pow2_neighbour(double d, int prec, char *e, size_t n)
{
	int ex2;
	if (frexp(fabs(d), &ex2) != 0.5 || prec < 2)
		return 0;
	unsigned long long m = 0;
	const char *q = e + (*e == '-');
	for (; *q && *q != 'e'; q++)
		if (*q >= '0' && *q <= '9')
			m = m * 10 + (unsigned)(*q - '0');
	int ex10 = atoi(q + 1);
	for (int dir = 1; dir >= -1; dir -= 2) {
		char alt[48], digs[24];
		if (m + dir == 0)
			continue;
		snprintf(alt, sizeof alt, "%s%llue%d", d < 0 ? "-" : "", m + dir, ex10 - (prec - 1));
		if (strtod(alt, NULL) != d)
			continue;
		int len = snprintf(digs, sizeof digs, "%llu", m + dir);   /* 999 + 1 may grow a digit */
		snprintf(e, n, "%s%c.%se%+03d", d < 0 ? "-" : "", digs[0], digs + 1, ex10 + (len - prec));
		return 1;
	}
	return 0;
}

char *fmt_float_repr(double d, int add_dot0)
{
	char buf[64];
	if (isnan(d))
		return strdup("nan");
	if (isinf(d))
		return strdup(d > 0 ? "inf" : "-inf");
	char e[40];
	int prec;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(e, sizeof e, "%.*e", prec - 1, d);
		if (strtod(e, NULL) == d)
			break;
		if (float_pow2_neighbour(d, prec, e, sizeof e))
			break;
	}
	/* e: [-]d[.ddd]e[+-]XX */
	const char *p = e;
	int neg = 0;
	if (*p == '-') {
		neg = 1;
		p++;
	}
	char digits[24];
	int nd = 0;
	for (; *p && *p != 'e'; p++)
		if (*p != '.')
			digits[nd++] = *p;
	digits[nd] = 0;
	int exp = atoi(p + 1);
	while (nd > 1 && digits[nd - 1] == '0')
		digits[--nd] = 0;
	char *o = buf;
	if (neg)
		*o++ = '-';
	if (exp >= -4 && exp < 16) {
		/* fixed notation (Python's repr switches at 1e16 and 1e-5) */
		if (exp < 0) {
			*o++ = '0';
			*o++ = '.';
			for (int i = 0; i < -exp - 1; i++)
				*o++ = '0';
			memcpy(o, digits, (size_t)nd);
			o += nd;
		} else {
			for (int i = 0; i <= exp; i++)
				*o++ = i < nd ? digits[i] : '0';
			if (nd > exp + 1) {
				*o++ = '.';
				memcpy(o, digits + exp + 1, (size_t)(nd - exp - 1));
				o += nd - exp - 1;
			} else if (add_dot0) {
				*o++ = '.';
				*o++ = '0';
			}
		}
		*o = 0;
	} else {
		*o++ = digits[0];
		if (nd > 1) {
			*o++ = '.';
			memcpy(o, digits + 1, (size_t)(nd - 1));
			o += nd - 1;
		}
		sprintf(o, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
	}
	return strdup(buf);
}

void fmt_pyfloat(double d, char *buf, size_t n)
{
	char *s = fmt_float_repr(d, 1);
	snprintf(buf, n, "%s", s ? s : "?");
	free(s);
}

char *val_complex_repr(double _Complex c)
{
	double re = creal(c), im = cimag(c);
	char *rs = NULL, *is = fmt_float_repr(im, 0);
	struct sbuf b = {0};
	if (re == 0 && !signbit(re)) {
		sb_adds(&b, is ? is : "");
		sb_addc(&b, 'j');
	} else {
		rs = fmt_float_repr(re, 0);
		sb_addc(&b, '(');
		sb_adds(&b, rs ? rs : "");
		if (!(is && (is[0] == '-')) )
			sb_addc(&b, '+');
		sb_adds(&b, is ? is : "");
		sb_adds(&b, "j)");
	}
	free(rs);
	free(is);
	return sb_take(&b);
}

char *str_repr(const char *s, size_t n)
{
	struct sbuf b = {0};
	int sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
	char q = (sq && !dq) ? '"' : '\'';
	sb_addc(&b, q);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == q || c == '\\') {
			sb_addc(&b, '\\');
			sb_addc(&b, (char)c);
		} else if (c == '\n') {
			sb_adds(&b, "\\n");
		} else if (c == '\r') {
			sb_adds(&b, "\\r");
		} else if (c == '\t') {
			sb_adds(&b, "\\t");
		} else if (c < 0x20 || c == 0x7f) {
			sb_printf(&b, "\\x%02x", c);
		} else if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
			   (unsigned char)s[i + 1] <= 0xA0) {
			/* U+0080..U+00A0 are not printable */
			sb_printf(&b, "\\x%02x", (unsigned char)s[i + 1] - 0x80 + 0x80);
			i++;
		} else {
			sb_addc(&b, (char)c);
		}
	}
	sb_addc(&b, q);
	return sb_take(&b);
}

/* containers being printed: a cycle shows as [...] */
static struct value *repr_stack[64];
static int repr_depth;

static int repr_seq(struct eval *ev, struct sbuf *b, struct value *v)
{
	const char *open = v->type == VT_LIST ? "[" : "(";
	const char *close = v->type == VT_LIST ? "]" : ")";
	for (int i = 0; i < repr_depth; i++)
		if (repr_stack[i] == v) {
			sb_adds(b, v->type == VT_LIST ? "[...]" : "(...)");
			return 0;
		}
	if (repr_depth >= 64) {
		err_set(ev, TY_RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
		return -1;
	}
	repr_stack[repr_depth++] = v;
	sb_adds(b, open);
	for (size_t i = 0; i < v->u.seq.n; i++) {
		if (i)
			sb_adds(b, ", ");
		char *r = val_repr(ev, v->u.seq.items[i]);
		if (!r) {
			repr_depth--;
			return -1;
		}
		sb_adds(b, r);
		free(r);
	}
	if (v->type == VT_TUPLE && v->u.seq.n == 1)
		sb_addc(b, ',');
	sb_adds(b, close);
	repr_depth--;
	return 0;
}

static int repr_dict(struct eval *ev, struct sbuf *b, struct value *v)
{
	for (int i = 0; i < repr_depth; i++)
		if (repr_stack[i] == v) {
			sb_adds(b, "{...}");
			return 0;
		}
	if (repr_depth >= 64) {
		err_set(ev, TY_RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
		return -1;
	}
	repr_stack[repr_depth++] = v;
	sb_addc(b, '{');
	int first = 1;
	for (size_t i = 0; i < v->u.dict->n; i++) {
		struct dict_entry *e = &v->u.dict->entries[i];
		if (!e->key)
			continue;
		if (!first)
			sb_adds(b, ", ");
		first = 0;
		char *k = val_repr(ev, e->key), *x = k ? val_repr(ev, e->val) : NULL;
		if (!x) {
			free(k);
			repr_depth--;
			return -1;
		}
		sb_adds(b, k);
		sb_adds(b, ": ");
		sb_adds(b, x);
		free(k);
		free(x);
	}
	sb_addc(b, '}');
	repr_depth--;
	return 0;
}

static char *exc_repr(struct eval *ev, struct value *v)
{
	struct sbuf b = {0};
	sb_adds(&b, val_type_name(v));
	struct value *args = v->u.exc.args;
	if (args && args->u.seq.n == 1) {
		char *r = val_repr(ev, args->u.seq.items[0]);
		if (!r) {
			free(b.s);
			return NULL;
		}
		sb_printf(&b, "(%s)", r);
		free(r);
	} else if (args && args->u.seq.n > 1) {
		char *r = val_repr(ev, args);
		if (!r) {
			free(b.s);
			return NULL;
		}
		sb_adds(&b, r);
		free(r);
	} else {
		sb_adds(&b, "()");
	}
	return sb_take(&b);
}

char *val_repr(struct eval *ev, struct value *v)
{
	struct sbuf b = {0};
	char *s;
	switch (v->type) {
	case VT_NONE: return strdup("None");
	case VT_BOOL: return strdup(v->u.i ? "True" : "False");
	case VT_BIGINT: return pyobj_hooks.big_repr(ev, v);
	case VT_INT: sb_printf(&b, "%lld", (long long)v->u.i); break;
	case VT_FLOAT: return fmt_float_repr(v->u.f, 1);
	case VT_COMPLEX: return val_complex_repr(v->u.c);
	case VT_STR: return str_repr(v->u.str->s, v->u.str->len);
	case VT_BYTES: return pyobj_hooks.bytes_repr(ev, v->u.str->s, v->u.str->len);
	case VT_TUPLE: case VT_LIST:
		if ((v->type == VT_TUPLE && v->u.seq.named ? repr_named(ev, &b, v) : repr_seq(ev, &b, v)) < 0) {
			free(b.s);
			return NULL;
		}
		break;
	case VT_DICT:
		if (v->u.dict->kind && v->u.dict->kind->repr)
			return v->u.dict->kind->repr(ev, v);
		if (repr_dict(ev, &b, v) < 0) {
			free(b.s);
			return NULL;
		}
		break;
	case VT_SLICE: {
		char *a = val_repr(ev, v->u.slice.start), *c = val_repr(ev, v->u.slice.stop),
		     *d = val_repr(ev, v->u.slice.step);
		if (a && c && d)
			sb_printf(&b, "slice(%s, %s, %s)", a, c, d);
		free(a);
		free(c);
		free(d);
		break;
	}
	case VT_RANGE:
		if (v->u.range.step == 1)
			sb_printf(&b, "range(%lld, %lld)", (long long)v->u.range.start, (long long)v->u.range.stop);
		else
			sb_printf(&b, "range(%lld, %lld, %lld)", (long long)v->u.range.start,
				  (long long)v->u.range.stop, (long long)v->u.range.step);
		break;
	case VT_ELLIPSIS: return strdup("Ellipsis");
	case VT_FUNCTION: return ev_function_repr(v->u.func);
	case VT_BUILTIN: {
		char *u = val_slots[VT_BUILTIN].repr ? val_slots[VT_BUILTIN].repr(ev, v) : NULL;
		if (u)
			return u;
		if (v->u.bi.self && v->u.bi.self->type != VT_MODULE)
			sb_printf(&b, "<built-in method %s of %s object at %p>", v->u.bi.name,
				  val_type_name(v->u.bi.self), (void *)v->u.bi.self);
		else if (v->u.bi.qualname)
			sb_printf(&b, "<function %s at %p>", v->u.bi.qualname, (void *)v);
		else
			sb_printf(&b, "<built-in function %s>", v->u.bi.name);
		break;
	}
	case VT_MODULE:
		sb_printf(&b, "<module '%s'>", v->u.mod.name);
		break;
	case VT_TYPE:
		sb_printf(&b, "<class '%s'>", typeid_qualname(v->u.ty));
		break;
	case VT_EXCEPTION:
		return exc_repr(ev, v);
	case VT_DTYPE: case VT_SCALAR: case VT_NDARRAY:
		return VAL_SLOT(v, repr)(ev, v);
	case VT_OBJECT:
		if (v->u.obj.t && v->u.obj.t->repr)
			return v->u.obj.t->repr(ev, v);
		sb_printf(&b, "<%s object at %p>", val_type_name(v), (void *)v);
		break;
	default:
		sb_adds(&b, "<?>");
	}
	s = sb_take(&b);
	if (!s)
		err_nomem(ev);
	return s;
}

char *val_str_of(struct eval *ev, struct value *v)
{
	switch (v->type) {
	case VT_STR:
		return strdup(v->u.str->s);
	case VT_EXCEPTION: {
		struct value *args = v->u.exc.args;
		if (v->u.exc.cls) {
			char *s = pyobj_hooks.cls_exc_str(ev, v);
			if (s || err_occurred(ev))
				return s;
		}
		/* OSError(errno, strerror) made by open(): "[Errno 2] ...: 'name'" */
		if (v->u.exc.msg && v->u.exc.attrs && dict_getstr_borrow(v->u.exc.attrs, "errno") &&
		    typeid_subclass(v->u.exc.type, TY_OSError))
			return strdup(v->u.exc.msg);
		/* a SyntaxError of the parser in exec's or eval's string (eval.c's
		 * syntax_error; a cell's keeps its message alone, as the kernel reports it) */
		struct value *fn = v->u.exc.attrs ? dict_getstr_borrow(v->u.exc.attrs, "filename") : NULL;
		struct value *ln = v->u.exc.attrs ? dict_getstr_borrow(v->u.exc.attrs, "lineno") : NULL;
		if (fn && fn->type == VT_STR && !strcmp(fn->u.str->s, "<string>") && ln && ln->type == VT_INT && v->u.exc.msg &&
		    typeid_subclass(v->u.exc.type, TY_SyntaxError)) {
			size_t n = strlen(v->u.exc.msg) + fn->u.str->len + 48;
			char *s = malloc(n);
			if (s)
				snprintf(s, n, "%s (%s, line %lld)", v->u.exc.msg, fn->u.str->s, (long long)ln->u.i);
			return s;
		}
		if (v->u.exc.type == TY_KeyError && args && args->u.seq.n == 1)
			return val_repr(ev, args->u.seq.items[0]);
		if (args && args->u.seq.n == 1)
			return val_str_of(ev, args->u.seq.items[0]);
		if (args && args->u.seq.n > 1)
			return val_repr(ev, args);
		return strdup(v->u.exc.msg ? v->u.exc.msg : "");
	}
	case VT_SCALAR: case VT_NDARRAY: case VT_DTYPE:
		return VAL_SLOT(v, str)(ev, v);
	case VT_OBJECT:
		if (v->u.obj.t->str)
			return v->u.obj.t->str(ev, v);
		return val_repr(ev, v);
	default:
		return val_repr(ev, v);
	}
}

/* ---- attributes ---- */

static struct value *num_attr(struct eval *ev, struct value *v, const char *name)
{
	if (strcmp(name, "real") == 0) {
		if (v->type == VT_COMPLEX)
			return val_float(creal(v->u.c));
		if (v->type == VT_BIGINT)
			return val_incref(v);
		return v->type == VT_FLOAT ? val_float(v->u.f) : val_int(v->u.i);
	}
	if (strcmp(name, "imag") == 0) {
		if (v->type == VT_COMPLEX)
			return val_float(cimag(v->u.c));
		return v->type == VT_FLOAT ? val_float(0) : val_int(0);
	}
	return NULL;
}

/* a named tuple's _asdict(): {field: item} */
static struct value *named_asdict(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *t = bi->self, *d = val_dict_new();
	if (argc || (kw && kw->n)) {
		val_decref(d);
		return err_set(ev, TY_TypeError, "_asdict() takes no arguments");
	}
	for (size_t i = 0; d && i < t->u.seq.n; i++)
		if (dict_setstr(d, t->u.seq.named->fields[i], val_incref(t->u.seq.items[i])) < 0) {
			val_decref(d);
			d = NULL;
		}
	return d ? d : err_nomem(ev);
}

/* a named tuple's _replace(**kw): a copy with the named fields replaced */
static struct value *named_replace(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *t = bi->self;
	if (argc)
		return err_set(ev, TY_TypeError, "_replace() takes 0 positional arguments but %d were given", argc);
	struct value **it = malloc(sizeof *it * (t->u.seq.n + 1));
	if (!it)
		return err_nomem(ev);
	for (size_t i = 0; i < t->u.seq.n; i++)
		it[i] = t->u.seq.items[i];
	for (int k = 0; kw && k < kw->n; k++) {
		size_t i = 0;
		while (i < t->u.seq.n && strcmp(t->u.seq.named->fields[i], kw->names[k]))
			i++;
		if (i == t->u.seq.n) {
			free(it);
			return err_set(ev, TY_ValueError, "Got unexpected field names: ['%s']", kw->names[k]);
		}
		it[i] = kw->vals[k];
	}
	for (size_t i = 0; i < t->u.seq.n; i++)
		val_incref(it[i]);
	struct value *r = val_named_tuple_new(t->u.seq.named, t->u.seq.n, it);
	free(it);
	return r ? r : err_nomem(ev);
}

struct value *val_getattr(struct eval *ev, struct value *v, const char *name)
{
	struct value *r = NULL;
	switch (v->type) {
	case VT_NDARRAY: case VT_SCALAR: case VT_DTYPE:
		return VAL_SLOT(v, getattr)(ev, v, name);
	case VT_MODULE:
		r = dict_getstr_borrow(v->u.mod.attrs, name);
		if (r)
			return val_incref(r);
		if (strcmp(name, "__name__") == 0)
			return val_cstr(v->u.mod.name);
		return err_set(ev, TY_AttributeError, "module '%s' has no attribute '%s'", v->u.mod.name, name);
	case VT_BOOL: case VT_INT: case VT_BIGINT: case VT_FLOAT: case VT_COMPLEX:
		r = num_attr(ev, v, name);
		if (r)
			return r;
		break;
	case VT_EXCEPTION:
		if (v->u.exc.cls || v->u.exc.attrs) {
			r = pyobj_hooks.cls_exc_getattr(ev, v, name);
			if (r || err_occurred(ev))
				return r;
		}
		if (strcmp(name, "args") == 0)
			return val_incref(v->u.exc.args);
		if (strcmp(name, "value") == 0 && typeid_subclass(v->u.exc.type, TY_StopIteration))
			return v->u.exc.args && v->u.exc.args->u.seq.n ? val_incref(v->u.exc.args->u.seq.items[0]) : val_none();
		if (strcmp(name, "code") == 0 && typeid_subclass(v->u.exc.type, TY_SystemExit)) {
			/* SystemExit.code: None, the one argument, or the tuple of them */
			size_t n = v->u.exc.args ? v->u.exc.args->u.seq.n : 0;
			return n == 0 ? val_none() : n == 1 ? val_incref(v->u.exc.args->u.seq.items[0]) :
			       val_incref(v->u.exc.args);
		}
		break;
	case VT_TUPLE:
		if (v->u.seq.named) {
			for (size_t i = 0; i < v->u.seq.n; i++)
				if (!strcmp(name, v->u.seq.named->fields[i]))
					return val_incref(v->u.seq.items[i]);
			if (!strcmp(name, "_fields")) {
				struct value **f = malloc(sizeof *f * (v->u.seq.n + 1));
				if (!f)
					return err_nomem(ev);
				for (size_t i = 0; i < v->u.seq.n; i++)
					f[i] = val_cstr(v->u.seq.named->fields[i]);
				r = val_tuple_new(v->u.seq.n, f);
				free(f);
				return r ? r : err_nomem(ev);
			}
			if (!strcmp(name, "_asdict"))
				return val_builtin("_asdict", named_asdict, v, NULL);
			if (!strcmp(name, "_replace"))
				return val_builtin("_replace", named_replace, v, NULL);
			return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", v->u.seq.named->name, name);
		}
		break;
	case VT_LIST:
		if (v->u.seq.named && v->u.seq.named->getattr) {
			r = v->u.seq.named->getattr(ev, v, name);
			if (r || err_occurred(ev))
				return r;
		}
		break;
	case VT_FUNCTION:
		if (strcmp(name, "__name__") == 0)
			return val_cstr(v->u.func->fd->name);
		if (strcmp(name, "__qualname__") == 0)
			return val_cstr(v->u.func->fd->qualname ? v->u.func->fd->qualname : v->u.func->fd->name);
		if (strcmp(name, "__doc__") == 0)
			return v->u.func->fd->doc ? val_cstr(v->u.func->fd->doc) : val_none();
		if (strcmp(name, "__isabstractmethod__") == 0 && v->u.func->abstract)
			return val_bool(1);
		break;
	case VT_BUILTIN:
		if (strcmp(name, "__name__") == 0)
			return val_cstr(v->u.bi.name);
		if (val_slots[VT_BUILTIN].getattr) {
			/* the ufunc methods: NULL with no error when v is no ufunc */
			r = val_slots[VT_BUILTIN].getattr(ev, v, name);
			if (r || err_occurred(ev))
				return r;
		}
		break;
	case VT_TYPE:
		if (strcmp(name, "__name__") == 0)
			return val_cstr(typeid_name(v->u.ty));
		if (strcmp(name, "__module__") == 0)
			return val_cstr(v->u.ty >= 0 && v->u.ty < TY_COUNT && tyinfo[v->u.ty].module ?
					tyinfo[v->u.ty].module : "builtins");
		break;
	case VT_SLICE:
		if (strcmp(name, "start") == 0) return val_incref(v->u.slice.start);
		if (strcmp(name, "stop") == 0) return val_incref(v->u.slice.stop);
		if (strcmp(name, "step") == 0) return val_incref(v->u.slice.step);
		break;
	case VT_RANGE:
		if (strcmp(name, "start") == 0) return val_int(v->u.range.start);
		if (strcmp(name, "stop") == 0) return val_int(v->u.range.stop);
		if (strcmp(name, "step") == 0) return val_int(v->u.range.step);
		break;
	case VT_OBJECT:
		if (v->u.obj.t && v->u.obj.t->getattr) {
			r = v->u.obj.t->getattr(ev, v, name);
			if (r || err_occurred(ev))
				return r;
		}
		break;
	case VT_DICT:
		if (v->u.dict->kind && v->u.dict->kind->getattr) {
			r = v->u.dict->kind->getattr(ev, v, name);
			if (r || err_occurred(ev))
				return r;
		}
		break;
	default:
		break;
	}
	r = pyobj_hooks.builtins_method(ev, v, name);
	if (r || err_occurred(ev))
		return r;
	if (v->type == VT_TYPE)
		return err_set(ev, TY_AttributeError, "type object '%s' has no attribute '%s'",
			       typeid_name(v->u.ty), name);
	return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", val_type_name(v), name);
}

int val_setattr(struct eval *ev, struct value *v, const char *name, struct value *x)
{
	if (v->type == VT_NDARRAY || v->type == VT_SCALAR)
		return VAL_SLOT(v, setattr)(ev, v, name, x);
	if (v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->setattr)
		return v->u.obj.t->setattr(ev, v, name, x);
	if (v->type == VT_MODULE)
		return module_add(v, name, val_incref(x)) < 0 ? (err_nomem(ev), -1) : 0;
	if (v->type == VT_EXCEPTION)
		return pyobj_hooks.cls_exc_setattr(ev, v, name, x);
	if (v->type == VT_TYPE)
		err_set(ev, TY_TypeError, "cannot set '%s' attribute of immutable type '%s'", name, typeid_name(v->u.ty));
	else
		err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", val_type_name(v), name);
	return -1;
}

/* ---- subscripts ---- */

/* A slice bound v as an int64 in *out: -1 with Python's TypeError for one
 * that is not an integer */
static int slice_int(struct eval *ev, struct value *v, int64_t *out)
{
	if (val_as_int64(ev, v, out) < 0) {
		if (ev && ev->err) {
			val_decref(err_fetch(ev));
			err_set(ev, TY_TypeError, "slice indices must be integers or None or have an __index__ method");
		}
		return -1;
	}
	return 0;
}

/* The start or stop v of a slice over n items as CPython's
 * PySlice_AdjustIndices gives it, in [lo, hi]; none when v is None. */
static int slice_bound(struct eval *ev, struct value *v, int64_t n, int64_t lo, int64_t hi,
		       int64_t none, int64_t *out)
{
	int64_t x;
	if (v->type == VT_NONE) {
		*out = none;
		return 0;
	}
	if (slice_int(ev, v, &x) < 0)
		return -1;
	if (x < 0) {
		x += n;
		if (x < lo)
			x = lo;
	} else if (x > hi) {
		x = hi;
	}
	*out = x;
	return 0;
}

int slice_indices(struct eval *ev, const struct slice *s, int64_t n, int64_t *start,
		  int64_t *stop, int64_t *step, int64_t *count)
{
	int64_t st = 1, a, b;
	if (s->step->type != VT_NONE) {
		if (slice_int(ev, s->step, &st) < 0)
			return -1;
		if (st == 0) {
			err_set(ev, TY_ValueError, "slice step cannot be zero");
			return -1;
		}
	}
	int64_t lo = st < 0 ? -1 : 0, hi = st < 0 ? n - 1 : n;
	if (slice_bound(ev, s->start, n, lo, hi, st < 0 ? hi : lo, &a) < 0 ||
	    slice_bound(ev, s->stop, n, lo, hi, st < 0 ? lo : hi, &b) < 0)
		return -1;
	*start = a;
	*stop = b;
	*step = st;
	if (st > 0)
		*count = a < b ? (b - a - 1) / st + 1 : 0;
	else
		*count = b < a ? (a - b - 1) / (-st) + 1 : 0;
	return 0;
}

struct value *seq_getslice(struct eval *ev, struct value *v, const struct slice *s)
{
	int64_t a, b, st, cnt;
	if (v->type == VT_STR) {
		/* lengths, not strlen: a str may hold NUL; one walk over the
		 * characters, not one per character taken */
		const char *str = v->u.str->s;
		size_t len = v->u.str->len, n = utf8_len(str, len);
		int ascii = n == len;
		if (slice_indices(ev, s, (int64_t)n, &a, &b, &st, &cnt) < 0)
			return NULL;
		if (cnt <= 0)
			return val_str("", 0);
		if (st == 1) {
			size_t o = ascii ? (size_t)a : utf8_offset(str, len, (size_t)a);
			size_t e = ascii ? (size_t)(a + cnt) : o + utf8_offset(str + o, len - o, (size_t)cnt);
			struct value *r = val_str(str + o, e - o);
			return r ? r : err_nomem(ev);
		}
		size_t *off = NULL;
		if (!ascii) {   /* each character's start, and the end */
			if (!(off = malloc((n + 1) * sizeof *off)))
				return err_nomem(ev);
			for (size_t i = 0, o = 0; i <= n; i++) {
				off[i] = o;
				if (o < len)
					o += utf8_offset(str + o, len - o, 1);
			}
		}
		struct sbuf sb = {0};
		for (int64_t i = 0, k = a; i < cnt; i++, k += st) {
			if (ascii)
				sb_addc(&sb, str[k]);
			else
				sb_add(&sb, str + off[k], off[k + 1] - off[k]);
		}
		free(off);
		size_t rn = sb.n;
		char *r = sb_take(&sb);
		return r ? val_str_take(r, rn) : err_nomem(ev);
	}
	if (v->type == VT_RANGE) {
		int64_t n = range_len(&v->u.range);
		if (slice_indices(ev, s, n, &a, &b, &st, &cnt) < 0)
			return NULL;
		int64_t s0 = v->u.range.start + a * v->u.range.step;
		int64_t stp = st * v->u.range.step;
		return val_range(s0, s0 + cnt * stp, stp);
	}
	if (slice_indices(ev, s, (int64_t)v->u.seq.n, &a, &b, &st, &cnt) < 0)
		return NULL;
	struct value **items = malloc(sizeof *items * (size_t)(cnt ? cnt : 1));
	if (!items)
		return err_nomem(ev);
	for (int64_t i = 0, k = a; i < cnt; i++, k += st)
		items[i] = val_incref(v->u.seq.items[k]);
	struct value *out = v->type == VT_LIST ? val_list_new((size_t)cnt, items) : val_tuple_new((size_t)cnt, items);
	free(items);
	return out;
}

static int seq_index(struct eval *ev, struct value *v, struct value *key, int64_t n, int64_t *out)
{
	int64_t i;
	if (key->type == VT_BIGINT) {
		err_set(ev, TY_IndexError, v->type == VT_RANGE ? "range object index out of range"
			: "cannot fit 'int' into an index-sized integer");
		return -1;
	}
	if (!(is_intlike(key) || (key->type == VT_SCALAR && VAL_SLOT(key, has_index)(key)))) {
		if (v->type == VT_STR)
			err_set(ev, TY_TypeError, "string indices must be integers, not '%s'", val_type_name(key));
		else
			err_set(ev, TY_TypeError, "%s indices must be integers or slices, not %s",
				val_type_name(v), val_type_name(key));
		return -1;
	}
	if (val_as_int64(ev, key, &i) < 0)
		return -1;
	if (i < 0)
		i += n;
	if (i < 0 || i >= n) {
		err_set(ev, TY_IndexError, "%s index out of range",
			v->type == VT_STR ? "string" : v->type == VT_RANGE ? "range object" : val_type_name(v));
		return -1;
	}
	*out = i;
	return 0;
}

struct value *val_getitem(struct eval *ev, struct value *v, struct value *key)
{
	int64_t i;
	switch (v->type) {
	case VT_NDARRAY: case VT_SCALAR:
		return VAL_SLOT(v, getitem)(ev, v, key);
	case VT_LIST: case VT_TUPLE:
		if (key->type == VT_SLICE)
			return seq_getslice(ev, v, &key->u.slice);
		if (seq_index(ev, v, key, (int64_t)v->u.seq.n, &i) < 0)
			return NULL;
		return val_incref(v->u.seq.items[i]);
	case VT_STR: {
		if (key->type == VT_SLICE)
			return seq_getslice(ev, v, &key->u.slice);
		size_t n = utf8_len(v->u.str->s, v->u.str->len);
		if (seq_index(ev, v, key, (int64_t)n, &i) < 0)
			return NULL;
		size_t o = utf8_offset(v->u.str->s, v->u.str->len, (size_t)i);
		size_t e = utf8_offset(v->u.str->s, v->u.str->len, (size_t)i + 1);
		return val_str(v->u.str->s + o, e - o);
	}
	case VT_BYTES:
		return pyobj_hooks.bytes_getitem(ev, v, key);
	case VT_RANGE:
		if (key->type == VT_SLICE)
			return seq_getslice(ev, v, &key->u.slice);
		if (seq_index(ev, v, key, range_len(&v->u.range), &i) < 0)
			return NULL;
		return val_int(v->u.range.start + i * v->u.range.step);
	case VT_DICT: {
		uint64_t h;
		size_t slot;
		if (val_hash(ev, key, &h) < 0)
			return NULL;
		int64_t e = dict_find(ev, v->u.dict, key, h, &slot);
		if (e == -1)
			return NULL;
		if (e >= 0)
			return val_incref(v->u.dict->entries[e].val);
		if (v->u.dict->kind && v->u.dict->kind->missing)
			return v->u.dict->kind->missing(ev, v, key);
		struct value *exc = val_exception_new(TY_KeyError, NULL);
		if (!exc)
			return err_nomem(ev);
		val_decref(exc->u.exc.args);
		struct value *k = val_incref(key);
		exc->u.exc.args = val_tuple_new(1, &k);
		free(exc->u.exc.msg);
		exc->u.exc.msg = val_repr(ev, key);
		err_set_value(ev, exc);
		return NULL;
	}
	case VT_TYPE:
		/* list[int] and friends: typing only */
		return val_incref(v);
	case VT_OBJECT:
		if (v->u.obj.t->getitem)
			return v->u.obj.t->getitem(ev, v, key);
		/* fall through */
	default: {
		struct value *l = val_iterobj_list_borrow(v);
		(void)l;
		return err_set(ev, TY_TypeError, "'%s' object is not subscriptable", val_type_name(v));
	}
	}
}

int val_setitem(struct eval *ev, struct value *v, struct value *key, struct value *x)
{
	int64_t i;
	if (v->type == VT_OBJECT && v->u.obj.t->setitem)
		return v->u.obj.t->setitem(ev, v, key, x);
	switch (v->type) {
	case VT_NDARRAY: case VT_SCALAR:
		return VAL_SLOT(v, setitem)(ev, v, key, x);
	case VT_LIST:
		if (key->type == VT_SLICE) {
			int64_t a, b, st, cnt;
			if (slice_indices(ev, &key->u.slice, (int64_t)v->u.seq.n, &a, &b, &st, &cnt) < 0)
				return -1;
			struct value *items = val_iter_list(ev, x);
			if (!items)
				return -1;
			size_t m = items->u.seq.n;
			if (st != 1) {
				if ((int64_t)m != cnt) {
					err_set(ev, TY_ValueError, "attempt to assign sequence of size %zu to extended slice of size %lld",
						m, (long long)cnt);
					val_decref(items);
					return -1;
				}
				for (int64_t k = 0, j = a; k < cnt; k++, j += st) {
					val_decref(v->u.seq.items[j]);
					v->u.seq.items[j] = val_incref(items->u.seq.items[k]);
				}
				val_decref(items);
				return 0;
			}
			if (b < a)
				b = a;
			size_t n = v->u.seq.n, del = (size_t)(b - a);
			size_t nn = n - del + m;
			struct value **ni = malloc(sizeof *ni * (nn ? nn : 1));
			if (!ni) {
				val_decref(items);
				err_nomem(ev);
				return -1;
			}
			for (size_t k = 0; k < (size_t)a; k++)
				ni[k] = v->u.seq.items[k];
			for (size_t k = 0; k < m; k++)
				ni[a + k] = val_incref(items->u.seq.items[k]);
			for (size_t k = (size_t)b; k < n; k++)
				ni[a + m + (k - (size_t)b)] = v->u.seq.items[k];
			for (size_t k = (size_t)a; k < (size_t)b; k++)
				val_decref(v->u.seq.items[k]);
			free(v->u.seq.items);
			v->u.seq.items = ni;
			v->u.seq.n = v->u.seq.cap = nn;
			val_decref(items);
			return 0;
		}
		if (seq_index(ev, v, key, (int64_t)v->u.seq.n, &i) < 0) {
			if (ev && ev->err && ev->err->u.exc.type == TY_IndexError) {
				val_decref(err_fetch(ev));
				err_set(ev, TY_IndexError, "list assignment index out of range");
			}
			return -1;
		}
		val_decref(v->u.seq.items[i]);
		v->u.seq.items[i] = val_incref(x);
		return 0;
	case VT_DICT:
		if (dict_set(ev, v, key, x) < 0)
			return -1;
		return v->u.dict->kind && v->u.dict->kind->onset ? v->u.dict->kind->onset(ev, v, key, x) : 0;
	case VT_OBJECT:
		if (v->u.obj.t->setitem)
			return v->u.obj.t->setitem(ev, v, key, x);
		/* fall through */
	default:
		err_set(ev, TY_TypeError, "'%s' object does not support item assignment", val_type_name(v));
		return -1;
	}
}

int val_delitem(struct eval *ev, struct value *v, struct value *key)
{
	int64_t i;
	if (v->type == VT_OBJECT && v->u.obj.t->setitem)
		return v->u.obj.t->setitem(ev, v, key, NULL);
	switch (v->type) {
	case VT_LIST:
		if (key->type == VT_SLICE) {
			int64_t a, b, st, cnt;
			if (slice_indices(ev, &key->u.slice, (int64_t)v->u.seq.n, &a, &b, &st, &cnt) < 0)
				return -1;
			char *del = calloc(v->u.seq.n + 1, 1);
			if (!del) {
				err_nomem(ev);
				return -1;
			}
			for (int64_t k = 0, j = a; k < cnt; k++, j += st)
				del[j] = 1;
			size_t o = 0;
			for (size_t k = 0; k < v->u.seq.n; k++) {
				if (del[k])
					val_decref(v->u.seq.items[k]);
				else
					v->u.seq.items[o++] = v->u.seq.items[k];
			}
			v->u.seq.n = o;
			free(del);
			return 0;
		}
		if (seq_index(ev, v, key, (int64_t)v->u.seq.n, &i) < 0) {
			if (ev && ev->err && ev->err->u.exc.type == TY_IndexError) {
				val_decref(err_fetch(ev));
				err_set(ev, TY_IndexError, "list assignment index out of range");
			}
			return -1;
		}
		val_decref(v->u.seq.items[i]);
		memmove(v->u.seq.items + i, v->u.seq.items + i + 1, sizeof(struct value *) * (v->u.seq.n - (size_t)i - 1));
		v->u.seq.n--;
		return 0;
	case VT_DICT: {
		int r = dict_del(ev, v, key);
		if (r == 0) {
			struct value *k = val_incref(key);
			struct value *exc = val_exception_new(TY_KeyError, NULL);
			if (exc) {
				val_decref(exc->u.exc.args);
				exc->u.exc.args = val_tuple_new(1, &k);
				err_set_value(ev, exc);
			} else {
				val_decref(k);
				err_nomem(ev);
			}
			return -1;
		}
		if (r < 0)
			return -1;
		return v->u.dict->kind && v->u.dict->kind->onset ? v->u.dict->kind->onset(ev, v, key, NULL) : 0;
	}
	case VT_NDARRAY:
		err_set(ev, TY_ValueError, "cannot delete array elements");
		return -1;
	case VT_OBJECT:
		if (v->u.obj.t->setitem)
			return v->u.obj.t->setitem(ev, v, key, NULL);
		/* fall through */
	default:
		err_set(ev, TY_TypeError, "'%s' object doesn't support item deletion", val_type_name(v));
		return -1;
	}
}

/* ---- calls, len, iteration ---- */

/* the outermost builtin running (its qualified name), for the accounting
 * of implicit transfers (array/xfer.c); NULL between builtin calls */
static const char *call_site;

const char *val_call_site(void)
{
	return call_site;
}

struct value *val_call(struct eval *ev, struct value *f, int argc, struct value **argv,
		       const struct kwargs *kw)
{
	static const struct kwargs nokw = {0};
	if (!kw)
		kw = &nokw;
	switch (f->type) {
	case VT_BUILTIN: {
		struct value *r;
		if (!call_site) {
			call_site = f->u.bi.qualname ? f->u.bi.qualname : f->u.bi.name;
			r = f->u.bi.fn(ev, &f->u.bi, argc, argv, kw);
			call_site = NULL;
		} else {
			r = f->u.bi.fn(ev, &f->u.bi, argc, argv, kw);
		}
		/* the value constructors know no eval: a NULL they passed up
		 * unexplained is an allocation that failed */
		if (!r && ev && !err_occurred(ev))
			err_nomem(ev);
		return r;
	}
	case VT_FUNCTION:
		if (call_site) {
			/* a builtin calling back into the user's code (benchmark,
			 * fromfunction): the builtins that code calls are the sites */
			const char *outer = call_site;
			struct value *r;
			call_site = NULL;
			r = ev_call_function(ev, f, argc, argv, kw);
			call_site = outer;
			return r;
		}
		return ev_call_function(ev, f, argc, argv, kw);
	case VT_TYPE:
		return pyobj_hooks.builtins_type_call(ev, f->u.ty, argc, argv, kw);
	case VT_DTYPE:
		return VAL_SLOT(f, call)(ev, f, argc, argv, kw);
	case VT_OBJECT:
		if (f->u.obj.t && f->u.obj.t->call)
			return f->u.obj.t->call(ev, f, argc, argv, kw);
		break;
	default:
		break;
	}
	return err_set(ev, TY_TypeError, "'%s' object is not callable", val_type_name(f));
}

int64_t val_len(struct eval *ev, struct value *v)
{
	switch (v->type) {
	case VT_STR: return (int64_t)utf8_len(v->u.str->s, v->u.str->len);
	case VT_BYTES: return (int64_t)v->u.str->len;
	case VT_TUPLE: case VT_LIST: return (int64_t)v->u.seq.n;
	case VT_DICT: return (int64_t)v->u.dict->nused;
	case VT_RANGE: return range_len(&v->u.range);
	case VT_NDARRAY: case VT_SCALAR: return VAL_SLOT(v, len)(ev, v);
	case VT_MODULE: break;
	case VT_OBJECT:
		if (v->u.obj.t->len)
			return v->u.obj.t->len(ev, v);
		/* fall through */
	default: {
		struct value *l = val_iterobj_list_borrow(v);
		if (l && strncmp(((struct iterobj *)v->u.obj.p)->kind, "dict_", 5) == 0)
			return (int64_t)l->u.seq.n;
	}
	}
	err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(v));
	return -1;
}

struct value *val_iter_list(struct eval *ev, struct value *v)
{
	switch (v->type) {
	case VT_LIST: case VT_TUPLE: {
		struct value **items = malloc(sizeof *items * (v->u.seq.n ? v->u.seq.n : 1));
		if (!items)
			return err_nomem(ev);
		for (size_t i = 0; i < v->u.seq.n; i++)
			items[i] = val_incref(v->u.seq.items[i]);
		struct value *l = val_list_new(v->u.seq.n, items);
		free(items);
		return l ? l : err_nomem(ev);
	}
	case VT_STR: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		const char *s = v->u.str->s;
		size_t n = v->u.str->len;
		for (size_t i = 0; i < n;) {
			size_t j = i + 1;
			while (j < n && ((unsigned char)s[j] & 0xC0) == 0x80)
				j++;
			if (list_append(l, val_str(s + i, j - i)) < 0) {
				val_decref(l);
				return err_nomem(ev);
			}
			i = j;
		}
		return l;
	}
	case VT_DICT: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		for (size_t i = 0; i < v->u.dict->n; i++)
			if (v->u.dict->entries[i].key &&
			    list_append(l, val_incref(v->u.dict->entries[i].key)) < 0) {
				val_decref(l);
				return err_nomem(ev);
			}
		return l;
	}
	case VT_RANGE: {
		int64_t n = range_len(&v->u.range);
		if (n > 100000000)
			return err_set(ev, TY_MemoryError, "range too large to materialize");
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		for (int64_t i = 0; i < n; i++)
			if (list_append(l, val_int(v->u.range.start + i * v->u.range.step)) < 0) {
				val_decref(l);
				return err_nomem(ev);
			}
		return l;
	}
	case VT_NDARRAY: case VT_SCALAR:
		return VAL_SLOT(v, iter_list)(ev, v);
	case VT_BYTES:
		return pyobj_hooks.bytes_iter_list(ev, v);
	default: {
		if (v->type == VT_OBJECT && v->u.obj.t->next && !v->u.obj.t->iter) {
			/* a lazy iterator: drawn to its end (with an iter slot: val_iter_drain below) */
			struct value *out = val_list_new(0, NULL), *x;
			if (!out)
				return err_nomem(ev);
			while ((x = v->u.obj.t->next(ev, v)))
				if (list_append(out, x) < 0 || ev_check_interrupt(ev)) {
					if (!err_occurred(ev))
						err_nomem(ev);
					break;
				}
			if (err_occurred(ev)) {
				val_decref(out);
				return NULL;
			}
			return out;
		}
		if (v->type == VT_OBJECT && v->u.obj.t->iter && !val_iterobj_list_borrow(v))
			return pyobj_hooks.val_iter_drain(ev, v); /* pyobj/gen.c: iter(v), then next() to the end */
		if (v->type == VT_OBJECT && v->u.obj.t->getitem) {
			/* the old sequence protocol: obj[0], obj[1] ... until IndexError */
			struct value *l = val_list_new(0, NULL);
			if (!l)
				return err_nomem(ev);
			for (int64_t i = 0;; i++) {
				struct value *k = val_int(i), *it = k ? v->u.obj.t->getitem(ev, v, k) : NULL;
				val_decref(k);
				if (!it) {
					struct value *e = err_fetch(ev);
					if (e && e->type == VT_EXCEPTION && e->u.exc.type == TY_IndexError) {
						val_decref(e);
						return l;
					}
					if (e)
						err_set_value(ev, e);
					val_decref(l);
					return NULL;
				}
				if (list_append(l, it) < 0) {
					val_decref(l);
					return err_nomem(ev);
				}
			}
		}
		struct value *l = val_iterobj_list_borrow(v);
		if (!l && v->type == VT_OBJECT && (v->u.obj.t->iter || v->u.obj.t->next))
			return pyobj_hooks.val_iter_drain(ev, v);
		if (l) {
			struct value *c = val_iter_list(ev, l);
			/* an iterator is consumed, a view is not */
			if (c && strncmp(((struct iterobj *)v->u.obj.p)->kind, "dict_", 5) != 0) {
				struct value *empty = val_list_new(0, NULL);
				if (empty) {
					val_decref(((struct iterobj *)v->u.obj.p)->list);
					((struct iterobj *)v->u.obj.p)->list = empty;
				}
			}
			return c;
		}
		return err_set(ev, TY_TypeError, "'%s' object is not iterable", val_type_name(v));
	}
	}
}
