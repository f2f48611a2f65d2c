/*
 * abcs.c — the abstract base classes cells test values against: numbers
 * (Number, Complex, Real, Rational, Integral: Python's numbers and NumPy's
 * scalars as NumPy registers them — np.integer Integral, np.floating Real,
 * np.complexfloating Complex, np.bool_ none) and collections.abc
 * (Iterable, Iterator, Generator, Sized, Container, Collection, Sequence,
 * MutableSequence, Mapping, MutableMapping, Set, MutableSet, Hashable,
 * Callable, Reversible), with isinstance and issubclass of the builtin
 * types working as in CPython (the objtype's instancecheck slot).  A user
 * class counts where it defines the methods the ABC's __subclasshook__
 * looks for (Iterable: __iter__ ...) or, for numbers, where it says its
 * place in the tower by a class attribute _abc_numbers_level (1 Complex,
 * 2 Real, 3 Rational, 4 Integral: fractions.Fraction is 3); register()
 * is not modelled.  Owns the ABC objects (static).
 */
#include <string.h>
#include "pylib/pylib_int.h"
#include "lang/strbuf.h"
#include "pyobj/pyobj.h"

enum abc {
	/* numbers */
	A_NUMBER, A_COMPLEX, A_REAL, A_RATIONAL, A_INTEGRAL,
	/* collections.abc */
	A_ITERABLE, A_ITERATOR, A_GENERATOR, A_SIZED, A_CONTAINER, A_COLLECTION, A_SEQUENCE,
	A_MUTSEQ, A_MAPPING, A_MUTMAP, A_SET, A_MUTSET, A_HASHABLE, A_CALLABLE, A_REVERSIBLE,
	A_COUNT
};

static const char *const abc_names[A_COUNT] = {
	"Number", "Complex", "Real", "Rational", "Integral",
	"Iterable", "Iterator", "Generator", "Sized", "Container", "Collection", "Sequence",
	"MutableSequence", "Mapping", "MutableMapping", "Set", "MutableSet", "Hashable", "Callable",
	"Reversible",
};

/* what calling each ABC says (CPython 3.11's TypeError); "" for Number,
 * which has none and makes a plain instance */
static const char *const abc_abstract[A_COUNT] = {
	"",
	"abstract methods __abs__, __add__, __complex__, __eq__, __mul__, __neg__, __pos__, __pow__, __radd__, __rmul__, __rpow__, __rtruediv__, __truediv__, conjugate, imag, real",
	"abstract methods __abs__, __add__, __ceil__, __eq__, __float__, __floor__, __floordiv__, __le__, __lt__, __mod__, __mul__, __neg__, __pos__, __pow__, __radd__, __rfloordiv__, __rmod__, __rmul__, __round__, __rpow__, __rtruediv__, __truediv__, __trunc__",
	"abstract methods __abs__, __add__, __ceil__, __eq__, __floor__, __floordiv__, __le__, __lt__, __mod__, __mul__, __neg__, __pos__, __pow__, __radd__, __rfloordiv__, __rmod__, __rmul__, __round__, __rpow__, __rtruediv__, __truediv__, __trunc__, denominator, numerator",
	"abstract methods __abs__, __add__, __and__, __ceil__, __eq__, __floor__, __floordiv__, __int__, __invert__, __le__, __lshift__, __lt__, __mod__, __mul__, __neg__, __or__, __pos__, __pow__, __radd__, __rand__, __rfloordiv__, __rlshift__, __rmod__, __rmul__, __ror__, __round__, __rpow__, __rrshift__, __rshift__, __rtruediv__, __rxor__, __truediv__, __trunc__, __xor__",
	"abstract method __iter__",
	"abstract method __next__",
	"abstract methods send, throw",
	"abstract method __len__",
	"abstract method __contains__",
	"abstract methods __contains__, __iter__, __len__",
	"abstract methods __getitem__, __len__",
	"abstract methods __delitem__, __getitem__, __len__, __setitem__, insert",
	"abstract methods __getitem__, __iter__, __len__",
	"abstract methods __delitem__, __getitem__, __iter__, __len__, __setitem__",
	"abstract methods __contains__, __iter__, __len__",
	"abstract methods __contains__, __iter__, __len__, add, discard",
	"abstract method __hash__",
	"abstract method __call__",
	"abstract methods __iter__, __reversed__",
};

/* numbers.Number(): a plain instance (np.isscalar says True of it) */
static char *number_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<numbers.Number object at %p>", (void *)self);
	return sb_take(&b);
}

static const struct objtype number_inst_type = {.name = "Number", .repr = number_repr};

/* v (a class or an instance) has the attribute name, not set to None
 * (`__hash__ = None` takes Hashable away); a failed lookup is no */
static int has_attr(struct eval *ev, struct value *v, const char *name)
{
	struct value *m = val_getattr(ev, v, name);
	if (!m) {
		err_clear(ev);
		return 0;
	}
	int ok = m->type != VT_NONE;
	val_decref(m);
	return ok;
}

/* a user instance whose class defines (or inherits) the method name */
static int has_method(struct eval *ev, struct value *v, const char *name)
{
	return cls_is_instance(v) && has_attr(ev, v, name);
}

/* the numbers tower: 4 Integral, 3 Rational, 2 Real, 1 Complex (and
 * Number), 0 none */
static int number_level(struct eval *ev, struct value *v)
{
	if (v->type == VT_OBJECT && v->u.obj.t == &number_inst_type)
		return 1;
	if (cls_is_instance(v)) {
		/* a class that registers itself (fractions.Fraction: Rational) */
		struct value *l = val_getattr(ev, v, "_abc_numbers_level");
		int64_t lv = 0;
		if (!l || l->type != VT_INT || val_as_int64(ev, l, &lv) < 0)
			lv = 0;
		val_decref(l);
		err_clear(ev);
		return (int)lv;
	}
	switch (v->type) {
	case VT_BOOL: case VT_INT: case VT_BIGINT: return 4;
	case VT_FLOAT: return 2;
	case VT_COMPLEX: return 1;
	case VT_SCALAR:
		switch (VAL_SLOT(v, kind) ? VAL_SLOT(v, kind)(v) : 0) {
		case 'i': case 'u': return 4;
		case 'f': return 2;
		case 'c': return 1;
		default: return 0;   /* np.bool_ is no number to NumPy */
		}
	default: return 0;
	}
}

static int is_builtin_seq(const struct value *v)
{
	return v->type == VT_STR || v->type == VT_BYTES || v->type == VT_TUPLE || v->type == VT_LIST ||
	       v->type == VT_RANGE;
}

static int is_deque(struct value *v)
{
	return v->type == VT_OBJECT && !strcmp(v->u.obj.t->name, "collections.deque");
}

static int obj_slot(const struct value *v, int which)
{
	if (v->type != VT_OBJECT || cls_is_instance(v) || cls_is_class(v))
		return 0;
	const struct objtype *t = v->u.obj.t;
	switch (which) {
	case 'i': return t->iter || t->next || val_iterobj_list_borrow((struct value *)v);
	case 'n': return t->next || val_iterobj_list_borrow((struct value *)v);
	case 'l': return t->len != NULL;
	case 'c': return t->contains || is_deque((struct value *)v);
	default: return 0;
	}
}

static int check(struct eval *ev, enum abc a, struct value *v)
{
	int builtin_coll = is_builtin_seq(v) || v->type == VT_DICT || v->type == VT_NDARRAY || set_is_set(v);
	switch (a) {
	case A_NUMBER: case A_COMPLEX: return number_level(ev, v) >= 1;
	case A_REAL: return number_level(ev, v) >= 2;
	case A_RATIONAL: return number_level(ev, v) >= 3;
	case A_INTEGRAL: return number_level(ev, v) >= 4;
	case A_ITERABLE:
		return builtin_coll || obj_slot(v, 'i') || has_method(ev, v, "__iter__");
	case A_ITERATOR:
		return obj_slot(v, 'n') || (has_method(ev, v, "__next__") && has_method(ev, v, "__iter__"));
	case A_GENERATOR:
		return v->type == VT_OBJECT && !strcmp(val_type_name(v), "generator");
	case A_SIZED:
		return builtin_coll || obj_slot(v, 'l') || has_method(ev, v, "__len__");
	case A_CONTAINER:
		return builtin_coll || obj_slot(v, 'c') || has_method(ev, v, "__contains__");
	case A_COLLECTION:
		return builtin_coll || is_deque(v) ||
		       (has_method(ev, v, "__len__") && has_method(ev, v, "__iter__") &&
			has_method(ev, v, "__contains__"));
	case A_SEQUENCE: return is_builtin_seq(v) || is_deque(v);
	case A_MUTSEQ: return v->type == VT_LIST || is_deque(v);
	case A_MAPPING: case A_MUTMAP: return v->type == VT_DICT;
	case A_SET: return set_is_set(v);
	case A_MUTSET: return set_is_set(v) && !strcmp(val_type_name(v), "set");
	case A_HASHABLE: {
		if (v->type == VT_LIST || v->type == VT_DICT || v->type == VT_NDARRAY ||
		    (set_is_set(v) && !strcmp(val_type_name(v), "set")))
			return 0;
		uint64_t h;
		if (val_hash(ev, v, &h) < 0) {
			err_clear(ev);
			return 0;
		}
		return 1;
	}
	case A_CALLABLE:
		return v->type == VT_FUNCTION || v->type == VT_BUILTIN || v->type == VT_TYPE ||
		       (v->type == VT_DTYPE && v->u.dt.is_type) ||
		       (v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->call && cls_callable(v));
	case A_REVERSIBLE:
		return is_builtin_seq(v) || v->type == VT_DICT || is_deque(v) ||
		       has_method(ev, v, "__reversed__");
	default: return 0;
	}
}

struct abcobj { enum abc a; const char *module; };

static int abc_instancecheck(struct eval *ev, struct value *self, struct value *v)
{
	const struct abcobj *o = self->u.obj.p;
	return check(ev, o->a, v);
}

/* issubclass(c, a) of NumPy's abstract scalar types: NumPy registers
 * np.number as Number, np.inexact as Complex, np.floating as Real and
 * np.integer as Integral (and nothing of collections.abc) */
static int np_abstract(struct eval *ev, enum abc a, struct value *c)
{
	static const char *const of[] = {
		[A_NUMBER] = "number", [A_COMPLEX] = "inexact", [A_REAL] = "floating",
		[A_RATIONAL] = "integer", [A_INTEGRAL] = "integer",
	};
	if (a > A_INTEGRAL || !VAL_SLOT(c, subtype))
		return 0;
	struct value *np = ev_import(ev, "numpy");
	int r = 0;
	for (int k = 0; np && k < 2; k++) {
		/* Complex and Real also hold the integers */
		const char *name = k == 0 ? of[a] : (a == A_COMPLEX || a == A_REAL) ? "integer" : NULL;
		struct value *t = name ? val_getattr(ev, np, name) : NULL;
		if (t && VAL_SLOT(c, subtype)(c, t))
			r = 1;
		val_decref(t);
	}
	val_decref(np);
	err_clear(ev);
	return r;
}

/* issubclass(c, abc): the ABC's test on a value of c made with no
 * arguments (int() is 0, list() is [], np.float64() is 0.0); a user
 * class by the methods it defines; anything else is no subclass */
static int abc_subclasscheck(struct eval *ev, struct value *self, struct value *c)
{
	const struct abcobj *o = self->u.obj.p;
	static const enum typeid plain[] = {TY_BOOL, TY_INT, TY_FLOAT, TY_COMPLEX, TY_STR, TY_BYTES,
					    TY_TUPLE, TY_LIST, TY_DICT, TY_NONETYPE};
	struct value *sample = NULL;
	if (c->type == VT_TYPE && c->u.ty == TY_RANGE) {
		struct value *zero = val_int(0);
		sample = zero ? val_call(ev, c, 1, &zero, NULL) : NULL;
		val_decref(zero);
	} else if (c->type == VT_TYPE) {
		for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
			if (c->u.ty == plain[i])
				sample = c->u.ty == TY_NONETYPE ? val_none() : val_call(ev, c, 0, NULL, NULL);
	} else if (c->type == VT_DTYPE && c->u.dt.is_type) {
		sample = val_call(ev, c, 0, NULL, NULL);
		if (!sample) {
			/* an abstract one (np.floating): by NumPy's registrations */
			err_clear(ev);
			return np_abstract(ev, o->a, c);
		}
	} else if (cls_is_class(c)) {
		static const char *const hooks[A_COUNT] = {
			[A_ITERABLE] = "__iter__", [A_ITERATOR] = "__next__", [A_SIZED] = "__len__",
			[A_CONTAINER] = "__contains__", [A_HASHABLE] = "__hash__", [A_CALLABLE] = "__call__",
			[A_REVERSIBLE] = "__reversed__",
		};
		return hooks[o->a] && has_attr(ev, c, hooks[o->a]);
	} else {
		return 0;
	}
	if (!sample) {
		err_clear(ev);
		return 0;
	}
	int r = check(ev, o->a, sample);
	val_decref(sample);
	return r;
}

static char *abc_repr(struct eval *ev, struct value *self)
{
	const struct abcobj *o = self->u.obj.p;
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<class '%s.%s'>", o->module, abc_names[o->a]);
	return sb_take(&b);
}

static struct value *abc_getattr(struct eval *ev, struct value *self, const char *name)
{
	const struct abcobj *o = self->u.obj.p;
	(void)ev;
	if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
		return val_cstr(abc_names[o->a]);
	if (!strcmp(name, "__module__"))
		return val_cstr(o->module);
	return NULL;
}

static struct value *abc_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	const struct abcobj *o = self->u.obj.p;
	(void)argv;
	if (*abc_abstract[o->a])
		return err_set(ev, TY_TypeError, "Can't instantiate abstract class %s with %s", abc_names[o->a],
			       abc_abstract[o->a]);
	if (argc || (kw && kw->n))
		return err_set(ev, TY_TypeError, "Number() takes no arguments");
	struct value *v = val_object_new(&number_inst_type, NULL);
	return v ? v : err_nomem(ev);
}

static void abc_free(void *p)
{
	(void)p;   /* static */
}

static const char *const abc_attrs[] = {"__name__", "__qualname__", "__module__", NULL};
static const struct objtype abc_type = {
	.name = "ABCMeta", .free = abc_free, .repr = abc_repr, .getattr = abc_getattr, .call = abc_call,
	.attrs = abc_attrs, .instancecheck = abc_instancecheck, .subclasscheck = abc_subclasscheck,
};

static struct value *abc_module(struct eval *ev, const char *name, const char *modname, int from, int to)
{
	static struct abcobj objs[A_COUNT];
	struct value *m = val_module_new(name);
	if (!m)
		return err_nomem(ev);
	for (int a = from; a < to; a++) {
		objs[a].a = (enum abc)a;
		objs[a].module = modname;
		if (pylib_add(ev, m, abc_names[a], val_object_new(&abc_type, &objs[a])) < 0) {
			val_decref(m);
			return NULL;
		}
	}
	return m;
}

struct value *numbers_build(struct eval *ev, const char *name)
{
	return abc_module(ev, name, "numbers", A_NUMBER, A_INTEGRAL + 1);
}

struct value *collections_abc_build(struct eval *ev, const char *name)
{
	return abc_module(ev, name, "collections.abc", A_ITERABLE, A_COUNT);
}
