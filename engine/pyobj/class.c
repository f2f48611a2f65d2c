/*
 * class.c — user classes: the class object (its namespace dict, one base),
 * instances (a dict of attributes), bound methods, property, staticmethod,
 * classmethod, super(), NotImplemented, and the dunder methods behind
 * value.h's objtype slots (__add__/__radd__, __eq__/__lt__, __len__,
 * __getitem__, __call__, __iter__/__next__, __enter__/__exit__ ...).
 * A class deriving from an exception makes VT_EXCEPTION instances that carry
 * the class (struct exception's cls), so raise/except work unchanged.
 * Single inheritance only; never metaclasses, __slots__ or __new__.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/pyobj.h"
#include "engine.h"

struct pyclass {
	struct value *self;       /* the class value (borrowed) */
	char *name;
	char *module;
	struct value *base;       /* the first user-class base, or NULL */
	struct value **mro;       /* the user classes after this one in its C3 MRO (owned refs) */
	int nmro;
	struct value **bases;     /* every base as written (owned refs; NULL when none) */
	int nbases;
	enum typeid tbase;        /* the builtin root: TY_OBJECT or an exception */
	struct value *dict;       /* the namespace (VT_DICT) */
	const struct value *globals; /* identity only: cls_break_cycles */
	int abc;                  /* derives from abc.ABC (has _abc_impl): 0 not asked yet, 1 no, 2 yes */
	struct pyclass *prev, *next;
};

struct pyinst {
	struct value *self;       /* the instance value (borrowed) */
	struct value *cls;
	struct value *dict;
	struct pyinst *prev, *next;
};

static struct pyclass *live_classes;
static struct pyinst *live_insts;

static const struct objtype class_type, inst_type, method_type, property_type,
	staticmethod_type, classmethod_type, super_type, notimpl_type;

int cls_is_class(const struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &class_type;
}

int cls_is_instance(const struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &inst_type;
}

static struct pyclass *CLS(const struct value *v) { return v->u.obj.p; }
static struct pyinst *INST(const struct value *v) { return v->u.obj.p; }

struct value *cls_class_of(struct value *v)
{
	if (cls_is_instance(v))
		return INST(v)->cls;
	if (v->type == VT_EXCEPTION)
		return v->u.exc.cls;
	return NULL;
}

const char *cls_name(const struct value *cls) { return CLS(cls)->name; }

/* ---- NotImplemented ---- */

static char *notimpl_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return strdup("NotImplemented");
}
static const struct objtype notimpl_type = { .name = "NotImplementedType", .repr = notimpl_repr };
static struct value notimpl_value = { 1, VT_OBJECT, { .obj = { &notimpl_type, NULL } } };

struct value *cls_notimpl(void) { return val_incref(&notimpl_value); }

/* ---- lookup along the bases ---- */

/* the attribute name of class cls or a base (borrowed), or NULL */
static struct value *lookup(struct value *cls, const char *name)
{
	if (!cls)
		return NULL;
	struct value *v = dict_getstr_borrow(CLS(cls)->dict, name);
	for (int i = 0; !v && i < CLS(cls)->nmro; i++)
		v = dict_getstr_borrow(CLS(CLS(cls)->mro[i])->dict, name);
	return v;
}

int cls_subclass(struct value *c, struct value *of)
{
	if (!c)
		return 0;
	if (c == of)
		return 1;
	for (int i = 0; i < CLS(c)->nmro; i++)
		if (CLS(c)->mro[i] == of)
			return 1;
	return 0;
}

int cls_isinstance(struct value *v, struct value *cls)
{
	struct value *c = cls_class_of(v);
	return c ? cls_subclass(c, cls) : 0;
}

int cls_is_exception_class(const struct value *cls)
{
	return CLS(cls)->tbase != TY_OBJECT;
}

int cls_exc_matches(struct value *exc, struct value *t)
{
	return exc->type == VT_EXCEPTION && cls_isinstance(exc, t);
}

/* ---- bound methods, staticmethod, classmethod, property ---- */

struct method { struct value *func, *self; };

static void method_free(void *p)
{
	struct method *m = p;
	val_decref(m->func);
	val_decref(m->self);
	free(m);
}

static struct value *method_new(struct eval *ev, struct value *func, struct value *self)
{
	struct method *m = malloc(sizeof *m);
	if (!m)
		return err_nomem(ev);
	m->func = val_incref(func);
	m->self = val_incref(self);
	struct value *v = val_object_new(&method_type, m);
	return v ? v : err_nomem(ev);
}

/* f(self, *argv): new reference */
static struct value *call_with_self(struct eval *ev, struct value *f, struct value *self, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *buf[9], **a = argc < 8 ? buf : malloc(sizeof *a * (size_t)(argc + 1));
	if (!a)
		return err_nomem(ev);
	a[0] = self;
	for (int i = 0; i < argc; i++)
		a[i + 1] = argv[i];
	struct value *r = val_call(ev, f, argc + 1, a, kw);
	if (a != buf)
		free(a);
	return r;
}

static struct value *method_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct method *m = self->u.obj.p;
	return call_with_self(ev, m->func, m->self, argc, argv, kw);
}

static const char *func_name(struct value *f)
{
	if (f->type == VT_FUNCTION)
		return f->u.func->fd->name;
	if (f->type == VT_BUILTIN)
		return f->u.bi.name;
	return "?";
}

static char *method_repr(struct eval *ev, struct value *self)
{
	struct method *m = self->u.obj.p;
	struct value *c = cls_is_class(m->self) ? m->self : cls_class_of(m->self);
	char *r = val_repr(ev, m->self);
	if (!r)
		return NULL;
	struct sbuf b = {0};
	sb_printf(&b, "<bound method %s.%s of %s>", c ? CLS(c)->name : val_type_name(m->self),
		  func_name(m->func), r);
	free(r);
	return sb_take(&b);
}

static struct value *method_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct method *m = self->u.obj.p;
	if (!strcmp(name, "__self__"))
		return val_incref(m->self);
	if (!strcmp(name, "__func__"))
		return val_incref(m->func);
	return val_getattr(ev, m->func, name);
}

/* lang/framegc.c's walk over owned references: a frame held only through
 * its own cycles (an instance of the frame with a method closing over it) */
static void visit_opt(struct value *v, val_visit_fn visit, void *arg)
{
	if (v)
		visit(v, arg);
}

static void method_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct method *m = self->u.obj.p;
	visit_opt(m->func, visit, arg);
	visit_opt(m->self, visit, arg);
}

static const struct objtype method_type = {
	.name = "method", .free = method_free, .call = method_call, .repr = method_repr,
	.getattr = method_getattr, .traverse = method_traverse,
};

/* staticmethod / classmethod: a wrapped callable */
static void wrap_free(void *p) { val_decref(p); }
static void wrap_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	visit_opt(self->u.obj.p, visit, arg);
}

static struct value *wrap_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "__func__") || !strcmp(name, "__wrapped__"))
		return val_incref(self->u.obj.p);
	(void)ev;
	return NULL;
}

static struct value *static_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	return val_call(ev, self->u.obj.p, argc, argv, kw);
}

static char *wrap_repr(struct eval *ev, struct value *self)
{
	char *r = val_repr(ev, self->u.obj.p);
	if (!r)
		return NULL;
	struct sbuf b = {0};
	sb_printf(&b, "<%s(%s)>", self->u.obj.t->name, r);
	free(r);
	return sb_take(&b);
}

static const struct objtype staticmethod_type = {
	.name = "staticmethod", .free = wrap_free, .call = static_call, .getattr = wrap_getattr,
	.repr = wrap_repr, .traverse = wrap_traverse,
};
static const struct objtype classmethod_type = {
	.name = "classmethod", .free = wrap_free, .getattr = wrap_getattr, .repr = wrap_repr,
	.traverse = wrap_traverse,
};

static struct value *bi_staticmethod(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *f = NULL;
	(void)bi;
	if (args_parse(ev, "staticmethod", argc, argv, kw, "function", &f) < 0)
		return NULL;
	struct value *v = val_object_new(&staticmethod_type, val_incref(f));
	return v ? v : err_nomem(ev);
}

static struct value *bi_classmethod(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *f = NULL;
	(void)bi;
	if (args_parse(ev, "classmethod", argc, argv, kw, "function", &f) < 0)
		return NULL;
	struct value *v = val_object_new(&classmethod_type, val_incref(f));
	return v ? v : err_nomem(ev);
}

struct property { struct value *fget, *fset, *fdel, *doc; };

static void property_free(void *p)
{
	struct property *pr = p;
	val_decref(pr->fget);
	val_decref(pr->fset);
	val_decref(pr->fdel);
	val_decref(pr->doc);
	free(pr);
}

static struct value *property_make(struct eval *ev, struct value *fget, struct value *fset,
				   struct value *fdel, struct value *doc)
{
	struct property *pr = calloc(1, sizeof *pr);
	if (!pr)
		return err_nomem(ev);
	pr->fget = fget && fget->type != VT_NONE ? val_incref(fget) : NULL;
	pr->fset = fset && fset->type != VT_NONE ? val_incref(fset) : NULL;
	pr->fdel = fdel && fdel->type != VT_NONE ? val_incref(fdel) : NULL;
	pr->doc = doc && doc->type != VT_NONE ? val_incref(doc) : NULL;
	struct value *v = val_object_new(&property_type, pr);
	return v ? v : err_nomem(ev);
}

static struct value *bi_property(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *fget = NULL, *fset = NULL, *fdel = NULL, *doc = NULL;
	(void)bi;
	if (args_parse(ev, "property", argc, argv, kw, "|fget|fset|fdel|doc", &fget, &fset, &fdel, &doc) < 0)
		return NULL;
	return property_make(ev, fget, fset, fdel, doc);
}

/* prop.setter(f) / .getter / .deleter: a new property */
static struct value *property_with(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *f = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "func", &f) < 0)
		return NULL;
	struct property *pr = bi->self->u.obj.p;
	return property_make(ev, !strcmp(bi->name, "getter") ? f : pr->fget,
			     !strcmp(bi->name, "setter") ? f : pr->fset,
			     !strcmp(bi->name, "deleter") ? f : pr->fdel, pr->doc);
}

static struct value *property_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct property *pr = self->u.obj.p;
	if (!strcmp(name, "setter") || !strcmp(name, "getter") || !strcmp(name, "deleter")) {
		struct value *b = val_builtin(!strcmp(name, "setter") ? "setter" : !strcmp(name, "getter") ?
					      "getter" : "deleter", property_with, self, NULL);
		return b ? b : err_nomem(ev);
	}
	if (!strcmp(name, "fget"))
		return pr->fget ? val_incref(pr->fget) : val_none();
	if (!strcmp(name, "fset"))
		return pr->fset ? val_incref(pr->fset) : val_none();
	if (!strcmp(name, "__doc__")) {
		if (pr->doc)
			return val_incref(pr->doc);
		if (pr->fget && pr->fget->type == VT_FUNCTION && pr->fget->u.func->fd->doc)
			return val_cstr(pr->fget->u.func->fd->doc);
		return val_none();
	}
	return NULL;
}

static void property_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct property *pr = self->u.obj.p;
	visit_opt(pr->fget, visit, arg);
	visit_opt(pr->fset, visit, arg);
	visit_opt(pr->fdel, visit, arg);
	visit_opt(pr->doc, visit, arg);
}

static const struct objtype property_type = {
	.name = "property", .free = property_free, .getattr = property_getattr,
	.traverse = property_traverse,
};

/* The attribute a found on the class, seen from obj (an instance or an
 * exception; NULL when read on the class itself, cls the class): functions
 * bind, classmethods bind to the class, staticmethods unwrap, properties run. */
/* a C callable that binds like a def in a class body (dataclass methods) */
static struct value *imethod_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	return val_call(ev, self->u.obj.p, argc, argv, kw);
}

static const struct objtype imethod_type = {
	.name = "method_descriptor", .free = wrap_free, .call = imethod_call, .traverse = wrap_traverse,
};

struct value *cls_method_wrap(struct eval *ev, struct value *fn)
{
	struct value *v = val_object_new(&imethod_type, val_incref(fn));
	if (!v)
		val_decref(fn);
	return v ? v : err_nomem(ev);
}

int cls_inst_set_raw(struct eval *ev, struct value *inst, const char *name, struct value *x)
{
	if (!cls_is_instance(inst)) {
		err_set(ev, TY_TypeError, "an instance of a user class is needed");
		return -1;
	}
	if (dict_setstr(INST(inst)->dict, name, val_incref(x)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

static struct value *bind(struct eval *ev, struct value *a, struct value *obj, struct value *cls)
{
	if (a->type == VT_OBJECT) {
		if (a->u.obj.t == &imethod_type)
			return obj ? method_new(ev, a->u.obj.p, obj) : val_incref(a->u.obj.p);
		if (a->u.obj.t == &staticmethod_type)
			return val_incref(a->u.obj.p);
		if (a->u.obj.t == &classmethod_type)
			return method_new(ev, a->u.obj.p, cls);
		if (a->u.obj.t == &property_type) {
			struct property *pr = a->u.obj.p;
			if (!obj)
				return val_incref(a);
			if (!pr->fget)
				return err_set(ev, TY_AttributeError, "property of '%s' object has no getter",
					       CLS(cls)->name);
			return val_call(ev, pr->fget, 1, &obj, NULL);
		}
	}
	if (obj && a->type == VT_FUNCTION)
		return method_new(ev, a, obj);
	return val_incref(a);
}

/* ---- instances ---- */

static void inst_free(void *p)
{
	struct pyinst *in = p;
	if (in->prev)
		in->prev->next = in->next;
	else if (live_insts == in)
		live_insts = in->next;
	if (in->next)
		in->next->prev = in->prev;
	val_decref(in->dict);
	val_decref(in->cls);
	free(in);
}

/* the dunder name of instance self's class, or NULL (borrowed) */
static struct value *dunder(struct value *self, const char *name)
{
	struct value *c = cls_class_of(self);
	return c ? lookup(c, name) : NULL;
}

/* calls self's method name (found by dunder) with argv */
static struct value *call_dunder(struct eval *ev, struct value *f, struct value *self, int argc,
				 struct value **argv)
{
	struct value *cls = cls_class_of(self);
	struct value *m = bind(ev, f, self, cls);
	if (!m)
		return NULL;
	struct value *r = val_call(ev, m, argc, argv, NULL);
	val_decref(m);
	return r;
}

static struct value *inst_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct pyinst *in = INST(self);
	struct value *a = lookup(in->cls, name), *v;
	if (a && a->type == VT_OBJECT && a->u.obj.t == &property_type)
		return bind(ev, a, self, in->cls);
	if ((v = dict_getstr_borrow(in->dict, name)))
		return val_incref(v);
	if (a)
		return bind(ev, a, self, in->cls);
	if (!strcmp(name, "__class__"))
		return val_incref(in->cls);
	if (!strcmp(name, "__dict__"))
		return val_incref(in->dict);
	if (!strcmp(name, "__doc__"))
		return val_none();
	if ((a = lookup(in->cls, "__getattr__"))) {
		struct value *n = val_cstr(name);
		if (!n)
			return err_nomem(ev);
		v = call_dunder(ev, a, self, 1, &n);
		val_decref(n);
		return v;
	}
	return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", CLS(in->cls)->name, name);
}

static int inst_setattr(struct eval *ev, struct value *self, const char *name, struct value *x)
{
	struct pyinst *in = INST(self);
	struct value *a = lookup(in->cls, name);
	if (a && a->type == VT_OBJECT && a->u.obj.t == &property_type) {
		struct property *pr = a->u.obj.p;
		if (!pr->fset) {
			err_set(ev, TY_AttributeError, "property '%s' of '%s' object has no setter", name,
				CLS(in->cls)->name);
			return -1;
		}
		struct value *args[2] = { self, x };
		struct value *r = val_call(ev, pr->fset, 2, args, NULL);
		val_decref(r);
		return r ? 0 : -1;
	}
	if ((a = lookup(in->cls, "__setattr__"))) {
		struct value *args[2] = { val_cstr(name), x };
		if (!args[0]) {
			err_nomem(ev);
			return -1;
		}
		struct value *r = call_dunder(ev, a, self, 2, args);
		val_decref(args[0]);
		val_decref(r);
		return r ? 0 : -1;
	}
	if (dict_setstr(in->dict, name, val_incref(x)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

static char *default_repr(struct eval *ev, struct value *self)
{
	struct value *c = cls_class_of(self);
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<%s.%s object at %p>", CLS(c)->module, CLS(c)->name, (void *)self);
	return sb_take(&b);
}

/* str value r (stolen) of __repr__/__str__ as a malloc'd string */
static char *str_result(struct eval *ev, struct value *r, const char *what)
{
	if (!r)
		return NULL;
	if (r->type != VT_STR) {
		err_set(ev, TY_TypeError, "%s returned non-string (type %s)", what, val_type_name(r));
		val_decref(r);
		return NULL;
	}
	char *s = strdup(r->u.str->s);
	val_decref(r);
	return s ? s : err_nomem(ev);
}

static char *inst_repr(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__repr__");
	if (!f)
		return default_repr(ev, self);
	if (ev_enter_call(ev) < 0)
		return NULL;
	char *s = str_result(ev, call_dunder(ev, f, self, 0, NULL), "__repr__");
	ev_leave_call(ev);
	return s;
}

static char *inst_str(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__str__");
	if (!f)
		return inst_repr(ev, self);
	return str_result(ev, call_dunder(ev, f, self, 0, NULL), "__str__");
}

static struct value *inst_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *f = dunder(self, "__call__");
	if (!f)
		return err_set(ev, TY_TypeError, "'%s' object is not callable", val_type_name(self));
	struct value *m = bind(ev, f, self, INST(self)->cls);
	if (!m)
		return NULL;
	struct value *r = val_call(ev, m, argc, argv, kw);
	val_decref(m);
	return r;
}

static struct value *inst_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct value *f = dunder(self, "__getitem__");
	if (!f)
		return err_set(ev, TY_TypeError, "'%s' object is not subscriptable", val_type_name(self));
	return call_dunder(ev, f, self, 1, &key);
}

static int inst_setitem(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	struct value *f = dunder(self, x ? "__setitem__" : "__delitem__");
	if (!f) {
		err_set(ev, TY_TypeError, x ? "'%s' object does not support item assignment" :
			"'%s' object does not support item deletion", val_type_name(self));
		return -1;
	}
	struct value *args[2] = { key, x };
	struct value *r = call_dunder(ev, f, self, x ? 2 : 1, args);
	val_decref(r);
	return r ? 0 : -1;
}

static const char *const binop_names[][2] = {
	[OP_ADD] = {"__add__", "__radd__"}, [OP_SUB] = {"__sub__", "__rsub__"},
	[OP_MUL] = {"__mul__", "__rmul__"}, [OP_TRUEDIV] = {"__truediv__", "__rtruediv__"},
	[OP_FLOORDIV] = {"__floordiv__", "__rfloordiv__"}, [OP_MOD] = {"__mod__", "__rmod__"},
	[OP_POW] = {"__pow__", "__rpow__"}, [OP_MATMUL] = {"__matmul__", "__rmatmul__"},
	[OP_LSHIFT] = {"__lshift__", "__rlshift__"}, [OP_RSHIFT] = {"__rshift__", "__rrshift__"},
	[OP_AND] = {"__and__", "__rand__"}, [OP_OR] = {"__or__", "__ror__"},
	[OP_XOR] = {"__xor__", "__rxor__"},
	/* comparisons: the reflection of l < r is r > l */
	[OP_LT] = {"__lt__", "__gt__"}, [OP_LE] = {"__le__", "__ge__"},
	[OP_EQ] = {"__eq__", "__eq__"}, [OP_NE] = {"__ne__", "__ne__"},
	[OP_GT] = {"__gt__", "__lt__"}, [OP_GE] = {"__ge__", "__le__"},
};

/* self.name(other), or NULL with no error when absent or NotImplemented */
static struct value *try_dunder(struct eval *ev, struct value *self, const char *name, struct value *other)
{
	struct value *f = cls_is_instance(self) ? dunder(self, name) : NULL;
	if (!f)
		return NULL;
	struct value *r = call_dunder(ev, f, self, 1, &other);
	if (r == &notimpl_value) {
		val_decref(r);
		return NULL;
	}
	return r;
}

static struct value *inst_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct value *x;
	if (op >= OP_COUNT) {
		static const char *const inames[OP_LT] = {
			"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__",
			"__ipow__", "__imatmul__", "__ilshift__", "__irshift__", "__iand__", "__ior__", "__ixor__",
		};
		int k = (int)op - OP_COUNT;
		return k >= 0 && k < OP_LT ? try_dunder(ev, l, inames[k], r) : NULL;
	}
	if ((x = try_dunder(ev, l, binop_names[op][0], r)) || err_occurred(ev))
		return x;
	if ((x = try_dunder(ev, r, binop_names[op][1], l)) || err_occurred(ev))
		return x;
	if (op == OP_NE) {
		/* __ne__ defaults to the inverse of __eq__ */
		if ((x = try_dunder(ev, l, "__eq__", r)) || err_occurred(ev) ||
		    (x = try_dunder(ev, r, "__eq__", l)) || err_occurred(ev)) {
			if (!x)
				return NULL;
			int t = val_truth(ev, x);
			val_decref(x);
			return t < 0 ? NULL : val_bool(!t);
		}
	}
	return NULL;
}

static struct value *inst_unop(struct eval *ev, enum unop op, struct value *self)
{
	const char *name = op == UOP_NEG ? "__neg__" : op == UOP_POS ? "__pos__" : "__invert__";
	struct value *f = dunder(self, name);
	if (!f)
		return NULL;
	return call_dunder(ev, f, self, 0, NULL);
}

static int64_t inst_len(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__len__");
	if (!f) {
		err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(self));
		return -1;
	}
	struct value *r = call_dunder(ev, f, self, 0, NULL);
	if (!r)
		return -1;
	int64_t n;
	if (r->type != VT_INT && r->type != VT_BOOL) {
		err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(r));
		val_decref(r);
		return -1;
	}
	n = r->u.i;
	val_decref(r);
	if (n < 0) {
		err_set(ev, TY_ValueError, "__len__() should return >= 0");
		return -1;
	}
	return n;
}

static int inst_truth(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__bool__");
	if (f) {
		struct value *r = call_dunder(ev, f, self, 0, NULL);
		if (!r)
			return -1;
		if (r->type != VT_BOOL) {
			err_set(ev, TY_TypeError, "__bool__ should return bool, returned %s", val_type_name(r));
			val_decref(r);
			return -1;
		}
		int t = (int)r->u.i;
		val_decref(r);
		return t;
	}
	if (dunder(self, "__len__")) {
		int64_t n = inst_len(ev, self);
		return n < 0 ? -1 : n != 0;
	}
	return 1;
}

static int inst_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	struct value *f = dunder(self, "__hash__");
	if (f && f->type == VT_NONE) {
		f = NULL;
		goto unhashable;
	}
	if (f) {
		struct value *r = call_dunder(ev, f, self, 0, NULL);
		if (!r)
			return -1;
		if (r->type != VT_INT && r->type != VT_BOOL) {
			val_decref(r);
			err_set(ev, TY_TypeError, "__hash__ method should return an integer");
			return -1;
		}
		int rc = val_hash(ev, r, out);
		val_decref(r);
		return rc;
	}
	if (dunder(self, "__eq__"))
		goto unhashable;
	*out = (uint64_t)(uintptr_t)self >> 4;
	return 0;
unhashable:
	err_set(ev, TY_TypeError, "unhashable type: '%s'", val_type_name(self));
	return -1;
}

static int inst_contains(struct eval *ev, struct value *self, struct value *x)
{
	struct value *f = dunder(self, "__contains__");
	if (!f) {
		/* iterate */
		struct value *items = val_iter_list(ev, self);
		if (!items)
			return -1;
		int found = 0;
		for (size_t i = 0; i < items->u.seq.n && !found; i++) {
			found = val_is(items->u.seq.items[i], x) ? 1 : val_equal(ev, items->u.seq.items[i], x);
			if (found < 0)
				break;
		}
		val_decref(items);
		return found;
	}
	struct value *r = call_dunder(ev, f, self, 1, &x);
	if (!r)
		return -1;
	int t = val_truth(ev, r);
	val_decref(r);
	return t;
}

static struct value *inst_iter(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__iter__");
	if (!f) {
		if (dunder(self, "__getitem__")) {
			/* the old sequence protocol: items 0, 1, ... until IndexError */
			struct value *l = val_list_new(0, NULL);
			if (!l)
				return err_nomem(ev);
			for (int64_t i = 0;; i++) {
				struct value *k = val_int(i), *x = k ? inst_getitem(ev, self, k) : NULL;
				val_decref(k);
				if (!x) {
					if (ev->err && (typeid_subclass(ev->err->u.exc.type, TY_IndexError) ||
							typeid_subclass(ev->err->u.exc.type, TY_StopIteration))) {
						err_clear(ev);
						err_tb_clear(ev);
						return val_iterobj_new("iterator", l);
					}
					val_decref(l);
					return NULL;
				}
				if (list_append(l, x) < 0) {
					val_decref(l);
					return err_nomem(ev);
				}
			}
		}
		return err_set(ev, TY_TypeError, "'%s' object is not iterable", val_type_name(self));
	}
	return call_dunder(ev, f, self, 0, NULL);
}

static struct value *inst_next(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__next__");
	if (!f)
		return err_set(ev, TY_TypeError, "'%s' object is not an iterator", val_type_name(self));
	struct value *r = call_dunder(ev, f, self, 0, NULL);
	if (!r && ev->err && typeid_subclass(ev->err->u.exc.type, TY_StopIteration)) {
		err_clear(ev);
		err_tb_clear(ev);
	}
	return r;
}

static int inst_enter(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return 0;
}

static struct value *inst_enter_value(struct eval *ev, struct value *self)
{
	struct value *f = dunder(self, "__enter__");
	if (!f)
		return err_set(ev, TY_TypeError, "'%s' object does not support the context manager protocol",
			       val_type_name(self));
	return call_dunder(ev, f, self, 0, NULL);
}

static int inst_exit_exc(struct eval *ev, struct value *self, struct value *exc)
{
	struct value *f = dunder(self, "__exit__");
	if (!f) {
		err_set(ev, TY_TypeError, "'%s' object does not support the context manager protocol",
			val_type_name(self));
		return -1;
	}
	struct value *args[3];
	if (exc) {
		struct value *c = cls_class_of(exc);
		args[0] = c ? val_incref(c) : val_type(exc->u.exc.type);
		args[1] = val_incref(exc);
	} else {
		args[0] = val_none();
		args[1] = val_none();
	}
	args[2] = val_none();
	struct value *r = call_dunder(ev, f, self, 3, args);
	for (int i = 0; i < 3; i++)
		val_decref(args[i]);
	if (!r)
		return -1;
	int t = val_truth(ev, r);
	val_decref(r);
	return t;
}

static void inst_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct pyinst *in = self->u.obj.p;
	visit_opt(in->cls, visit, arg);
	visit_opt(in->dict, visit, arg);
}

static const struct objtype inst_type = {
	.name = "object", .free = inst_free, .getattr = inst_getattr, .setattr = inst_setattr,
	.call = inst_call, .repr = inst_repr, .str = inst_str, .getitem = inst_getitem,
	.binop = inst_binop, .unop = inst_unop, .len = inst_len, .truth = inst_truth,
	.hash = inst_hash, .contains = inst_contains, .iter = inst_iter, .next = inst_next,
	.setitem = inst_setitem, .enter = inst_enter, .exit_exc = inst_exit_exc,
	.enter_value = inst_enter_value, .traverse = inst_traverse,
};

char *cls_format(struct eval *ev, struct value *obj, const char *spec)
{
	struct value *f = dunder(obj, "__format__");
	if (!f && spec[0])
		return err_set(ev, TY_TypeError, "unsupported format string passed to %s.__format__",
			       val_type_name(obj));
	if (!f)
		return NULL;
	struct value *s = val_cstr(spec);
	if (!s)
		return err_nomem(ev);
	char *r = str_result(ev, call_dunder(ev, f, obj, 1, &s), "__format__");
	val_decref(s);
	return r;
}

int cls_callable(struct value *v)
{
	return !cls_is_instance(v) || dunder(v, "__call__") != NULL;
}

int cls_delattr(struct eval *ev, struct value *obj, const char *name)
{
	struct value *d = NULL, *a = NULL;
	const char *tname = val_type_name(obj);
	if (cls_is_instance(obj)) {
		a = lookup(INST(obj)->cls, name);
		if (a && a->type == VT_OBJECT && a->u.obj.t == &property_type) {
			struct property *pr = a->u.obj.p;
			if (!pr->fdel) {
				err_set(ev, TY_AttributeError, "property '%s' of '%s' object has no deleter", name, tname);
				return -1;
			}
			struct value *r = val_call(ev, pr->fdel, 1, &obj, NULL);
			val_decref(r);
			return r ? 0 : -1;
		}
		if ((a = lookup(INST(obj)->cls, "__delattr__"))) {
			struct value *n = val_cstr(name);
			struct value *r = n ? call_dunder(ev, a, obj, 1, &n) : err_nomem(ev);
			val_decref(n);
			val_decref(r);
			return r ? 0 : -1;
		}
		d = INST(obj)->dict;
	} else if (cls_is_class(obj)) {
		d = CLS(obj)->dict;
		tname = NULL;
	} else if (obj->type == VT_EXCEPTION) {
		d = obj->u.exc.attrs;
	}
	if (d) {
		struct value *k = val_cstr(name);
		if (!k) {
			err_nomem(ev);
			return -1;
		}
		int r = dict_del(ev, d, k);
		val_decref(k);
		if (r != 0)
			return r < 0 ? -1 : 0;
	}
	if (!tname)
		err_set(ev, TY_AttributeError, "type object '%s' has no attribute '%s'", CLS(obj)->name, name);
	else if (d || obj->type == VT_EXCEPTION)
		err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", tname, name);
	else
		err_set(ev, TY_AttributeError, "'%s' object attribute '%s' is read-only", tname, name);
	return -1;
}

int cls_rich_bundle(struct eval *ev, struct value *v, struct engine_bundle *b)
{
	static const char *const reprs[][2] = {
		{"_repr_html_", "text/html"}, {"_repr_markdown_", "text/markdown"},
		{"_repr_latex_", "text/latex"}, {"_repr_svg_", "image/svg+xml"},
	};
	for (size_t i = 0; i < sizeof reprs / sizeof reprs[0] && b->n < ENGINE_BUNDLE_MAX; i++) {
		struct value *f = dunder(v, reprs[i][0]);
		if (!f)
			continue;
		struct value *r = call_dunder(ev, f, v, 0, NULL);
		if (!r)
			return -1;
		if (r->type == VT_STR) {
			char *d = strdup(r->u.str->s), *m = strdup(reprs[i][1]);
			if (!d || !m) {
				free(d);
				free(m);
				val_decref(r);
				err_nomem(ev);
				return -1;
			}
			b->mime[b->n] = m;
			b->data[b->n] = d;
			b->len[b->n] = r->u.str->len;
			b->n++;
		}
		val_decref(r);
	}
	return 0;
}

/* ---- exceptions of user classes ---- */

struct value *cls_exc_getattr(struct eval *ev, struct value *exc, const char *name)
{
	struct value *v;
	if (exc->u.exc.attrs && (v = dict_getstr_borrow(exc->u.exc.attrs, name)))
		return val_incref(v);
	if (exc->u.exc.cls) {
		if ((v = lookup(exc->u.exc.cls, name)))
			return bind(ev, v, exc, exc->u.exc.cls);
		if (!strcmp(name, "__class__"))
			return val_incref(exc->u.exc.cls);
	}
	return NULL;
}

int cls_exc_setattr(struct eval *ev, struct value *exc, const char *name, struct value *x)
{
	if (!strcmp(name, "args")) {
		struct value *t = val_iter_list(ev, x);
		if (!t)
			return -1;
		struct value *tu = val_tuple_new(t->u.seq.n, t->u.seq.items);
		t->u.seq.n = 0;
		val_decref(t);
		if (!tu) {
			err_nomem(ev);
			return -1;
		}
		val_decref(exc->u.exc.args);
		exc->u.exc.args = tu;
		return 0;
	}
	if (!exc->u.exc.attrs && !(exc->u.exc.attrs = val_dict_new())) {
		err_nomem(ev);
		return -1;
	}
	if (dict_setstr(exc->u.exc.attrs, name, val_incref(x)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

char *cls_exc_str(struct eval *ev, struct value *exc)
{
	struct value *f = exc->u.exc.cls ? lookup(exc->u.exc.cls, "__str__") : NULL;
	if (!f)
		return NULL;
	return str_result(ev, call_dunder(ev, f, exc, 0, NULL), "__str__");
}

/* BaseException.__init__(self, *args): bound to the exception */
static struct value *exc_init(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *self = bi->self;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "%s() takes no keyword arguments", val_type_name(self));
	struct value **items = malloc(sizeof *items * (size_t)(argc ? argc : 1));
	if (!items)
		return err_nomem(ev);
	for (int i = 0; i < argc; i++)
		items[i] = val_incref(argv[i]);
	struct value *t = val_tuple_new((size_t)argc, items);
	free(items);
	if (!t)
		return err_nomem(ev);
	val_decref(self->u.exc.args);
	self->u.exc.args = t;
	return val_none();
}

/* object.__init__ and friends reached through super() */
static struct value *obj_init(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	(void)argv;
	if (argc || (kw && kw->n))
		return err_set(ev, TY_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
	(void)bi;
	return val_none();
}

static struct value *obj_repr(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	(void)argc;
	(void)argv;
	(void)kw;
	char *s = cls_is_instance(bi->self) ? default_repr(ev, bi->self) : val_repr(ev, bi->self);
	return s ? val_str_take(s, strlen(s)) : NULL;
}

/* object.__delattr__ as super() gives it: out of the instance dict, past any __delattr__ */
static struct value *obj_delattr(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	(void)kw;
	if (argc != 1 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "expected 1 argument, got %d", argc);
	struct value *self = bi->self;
	if (!cls_is_instance(self))
		return err_set(ev, TY_NotImplementedError, "super().__delattr__ on this object is not supported by Lumen");
	int r = dict_del(ev, INST(self)->dict, argv[0]);
	if (r < 0)
		return NULL;
	if (!r)
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'", CLS(INST(self)->cls)->name,
			       argv[0]->u.str->s);
	return val_none();
}

static struct value *obj_setattr(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	(void)kw;
	if (argc != 2 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "expected 2 arguments, got %d", argc);
	struct value *self = bi->self;
	if (cls_is_instance(self)) {
		if (dict_setstr(INST(self)->dict, argv[0]->u.str->s, val_incref(argv[1])) < 0)
			return err_nomem(ev);
		return val_none();
	}
	return val_setattr(ev, self, argv[0]->u.str->s, argv[1]) < 0 ? NULL : val_none();
}

/* ---- classes ---- */

static void class_free(void *p)
{
	struct pyclass *c = p;
	if (c->prev)
		c->prev->next = c->next;
	else if (live_classes == c)
		live_classes = c->next;
	if (c->next)
		c->next->prev = c->prev;
	val_decref(c->dict);
	val_decref(c->base);
	for (int i = 0; i < c->nmro; i++)
		val_decref(c->mro[i]);
	for (int i = 0; i < c->nbases; i++)
		val_decref(c->bases[i]);
	free(c->mro);
	free(c->bases);
	free(c->name);
	free(c->module);
	free(c);
}

static char *class_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<class '%s.%s'>", CLS(self)->module, CLS(self)->name);
	return sb_take(&b);
}

/* v is abc.abstractmethod's: a marked function, or a property,
 * staticmethod or classmethod over one */
static int is_abstract(const struct value *v)
{
	if (v && v->type == VT_OBJECT && (v->u.obj.t == &staticmethod_type || v->u.obj.t == &classmethod_type))
		v = v->u.obj.p;
	else if (v && v->type == VT_OBJECT && v->u.obj.t == &property_type)
		v = ((struct property *)v->u.obj.p)->fget;
	return v && v->type == VT_FUNCTION && v->u.func->abstract;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A class deriving from abc.ABC (it has _abc_impl) that still has abstract
 * methods cannot be instantiated: CPython 3.11's TypeError, the names
 * sorted.  Asked at each instantiation of such a class only. */
static int abstract_check(struct eval *ev, struct value *self)
{
	struct pyclass *c = CLS(self);
	if (!c->abc)
		c->abc = lookup(self, "_abc_impl") ? 2 : 1;
	if (c->abc == 1)
		return 0;
	const char *names[256];
	int n = 0;
	for (int k = -1; k < c->nmro; k++) {
		struct value *d = k < 0 ? c->dict : CLS(c->mro[k])->dict;
		for (size_t i = 0; i < d->u.dict->n && n < 256; i++) {
			struct dict_entry *e = &d->u.dict->entries[i];
			if (!e->key || e->key->type != VT_STR || !is_abstract(e->val))
				continue;
			const char *name = e->key->u.str->s;
			int dup = 0;
			for (int j = 0; j < n; j++)
				dup |= !strcmp(names[j], name);
			if (!dup && is_abstract(lookup(self, name)))
				names[n++] = name;
		}
	}
	if (!n)
		return 0;
	qsort(names, (size_t)n, sizeof *names, cmp_cstr);
	struct sbuf b = {0};
	for (int j = 0; j < n; j++)
		sb_printf(&b, "%s%s", j ? ", " : "", names[j]);
	char *list = sb_take(&b);
	if (!list) {
		err_nomem(ev);
		return -1;
	}
	err_set(ev, TY_TypeError, "Can't instantiate abstract class %s with abstract method%s %s",
		c->name, n > 1 ? "s" : "", list);
	free(list);
	return -1;
}

static struct value *class_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct pyclass *c = CLS(self);
	if (abstract_check(ev, self) < 0)
		return NULL;
	struct value *obj, *init = lookup(self, "__init__");
	if (c->tbase != TY_OBJECT) {
		/* an exception: BaseException.__new__ keeps the arguments */
		obj = val_exception_new(c->tbase, NULL);
		if (!obj)
			return err_nomem(ev);
		obj->u.exc.cls = val_incref(self);
		struct builtin bi = { .name = "__init__", .self = obj };
		if (!init) {
			struct value *r = exc_init(ev, &bi, argc, argv, kw);
			if (!r) {
				val_decref(obj);
				return NULL;
			}
			val_decref(r);
			return obj;
		}
		struct value *r = exc_init(ev, &bi, argc, argv, NULL);
		val_decref(r);
		if (!r) {
			val_decref(obj);
			return NULL;
		}
	} else {
		struct pyinst *in = calloc(1, sizeof *in);
		if (!in)
			return err_nomem(ev);
		in->cls = val_incref(self);
		in->dict = val_dict_new();
		fn_gc_note();
		in->next = live_insts;
		if (live_insts)
			live_insts->prev = in;
		live_insts = in;
		obj = val_object_new(&inst_type, in);
		if (obj)
			in->self = obj;
		if (!obj || !in->dict) {
			val_decref(obj);
			return err_nomem(ev);
		}
		if (!init) {
			if (argc || (kw && kw->n)) {
				val_decref(obj);
				return err_set(ev, TY_TypeError, "%s() takes no arguments", c->name);
			}
			return obj;
		}
	}
	struct value *m = bind(ev, init, obj, self);
	struct value *r = m ? val_call(ev, m, argc, argv, kw) : NULL;
	val_decref(m);
	if (!r) {
		val_decref(obj);
		return NULL;
	}
	if (r->type != VT_NONE) {
		err_set(ev, TY_TypeError, "__init__() should return None, not '%s'", val_type_name(r));
		val_decref(r);
		val_decref(obj);
		return NULL;
	}
	val_decref(r);
	return obj;
}

static struct value *class_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct pyclass *c = CLS(self);
	struct value *a = lookup(self, name);
	if (a)
		return bind(ev, a, NULL, self);
	if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
		return val_cstr(c->name);
	if (!strcmp(name, "__module__"))
		return val_cstr(c->module);
	if (!strcmp(name, "__dict__"))
		return val_incref(c->dict);
	if (!strcmp(name, "__doc__"))
		return val_none();
	if (!strcmp(name, "__base__"))
		return c->base ? val_incref(c->base) : val_type(c->tbase);
	if (!strcmp(name, "__bases__") || !strcmp(name, "__mro__")) {
		int mro = name[2] == 'm';
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		if (mro && list_append(l, val_incref(self)) < 0)
			goto nomem;
		for (int i = 0; i < (mro ? c->nmro : c->nbases); i++)
			if (list_append(l, val_incref(mro ? c->mro[i] : c->bases[i])) < 0)
				goto nomem;
		if (mro || !c->nbases) {
			enum typeid t = c->tbase;
			for (;;) {
				if (list_append(l, val_type(t)) < 0)
					goto nomem;
				if (!mro || t == TY_OBJECT)
					break;
				t = t == TY_BaseException ? TY_OBJECT : t == TY_Exception ? TY_BaseException : TY_Exception;
			}
		}
		struct value *tu = val_tuple_new(l->u.seq.n, l->u.seq.items);
		l->u.seq.n = 0;
		val_decref(l);
		return tu ? tu : err_nomem(ev);
nomem:
		val_decref(l);
		return err_nomem(ev);
	}
	return err_set(ev, TY_AttributeError, "type object '%s' has no attribute '%s'", c->name, name);
}

static int class_setattr(struct eval *ev, struct value *self, const char *name, struct value *x)
{
	if (dict_setstr(CLS(self)->dict, name, val_incref(x)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

static int class_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	(void)ev;
	*out = (uint64_t)(uintptr_t)self >> 4;
	return 0;
}

static struct value *class_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	(void)ev;
	if (op == OP_EQ || op == OP_NE)
		return val_bool((l == r) == (op == OP_EQ));
	return NULL;
}

static void class_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct pyclass *c = self->u.obj.p;
	visit_opt(c->dict, visit, arg);
	visit_opt(c->base, visit, arg);
	for (int i = 0; i < c->nmro; i++)
		visit_opt(c->mro[i], visit, arg);
	for (int i = 0; i < c->nbases; i++)
		visit_opt(c->bases[i], visit, arg);
}

static const struct objtype class_type = {
	.name = "type", .free = class_free, .getattr = class_getattr, .setattr = class_setattr,
	.call = class_call, .repr = class_repr, .hash = class_hash, .binop = class_binop,
	.traverse = class_traverse,
};

/* C3 linearisation of the user-class bases (built-in roots stay at the
 * tail, outside the list): *out gets the classes after the new class, as
 * owned refs.  -1 with *out NULL and *nout -1 when out of memory; -1 with
 * *nout 0 when no consistent order exists. */
static int c3_merge(int nbases, struct value **bases, struct value ***out, int *nout)
{
	int nseq = 0, total = 0, n = 0, rc = -1;
	*out = NULL;
	*nout = -1;
	/* the sequences: each base's linearisation, then the list of bases */
	struct value ***seq = calloc((size_t)nbases + 1, sizeof *seq);
	int *len = calloc((size_t)nbases + 1, sizeof *len), *pos = calloc((size_t)nbases + 1, sizeof *pos);
	struct value **res = NULL, **ub = calloc((size_t)nbases + 1, sizeof *ub);
	if (!seq || !len || !pos || !ub)
		goto done;
	int nub = 0;
	for (int k = 0; k < nbases; k++) {
		if (!cls_is_class(bases[k]))
			continue;
		struct pyclass *b = CLS(bases[k]);
		ub[nub++] = bases[k];
		if (!(seq[nseq] = malloc(sizeof **seq * ((size_t)b->nmro + 1))))
			goto done;
		seq[nseq][0] = bases[k];
		memcpy(seq[nseq] + 1, b->mro, sizeof **seq * (size_t)b->nmro);
		len[nseq] = b->nmro + 1;
		total += len[nseq++];
	}
	seq[nseq] = ub;
	len[nseq++] = nub;
	if (!(res = malloc(sizeof *res * ((size_t)total + 1))))
		goto done;
	*nout = 0;
	for (;;) {
		struct value *pick = NULL;
		int left = 0;
		for (int i = 0; i < nseq && !pick; i++) {
			if (pos[i] >= len[i])
				continue;
			left = 1;
			struct value *cand = seq[i][pos[i]];
			int intail = 0;
			for (int j = 0; j < nseq && !intail; j++)
				for (int t = pos[j] + 1; t < len[j]; t++)
					if (seq[j][t] == cand) {
						intail = 1;
						break;
					}
			if (!intail)
				pick = cand;
		}
		if (!left) {
			rc = 0;
			break;
		}
		if (!pick)
			goto done;
		res[n++] = val_incref(pick);
		for (int i = 0; i < nseq; i++)
			if (pos[i] < len[i] && seq[i][pos[i]] == pick)
				pos[i]++;
	}
done:
	if (rc == 0) {
		*out = res;
		*nout = n;
	} else {
		for (int i = 0; i < n; i++)
			val_decref(res[i]);
		free(res);
	}
	for (int i = 0; seq && i <= nbases; i++)
		if (seq[i] != ub)
			free(seq[i]);
	free(seq);
	free(len);
	free(pos);
	free(ub);
	return rc;
}

struct value *cls_build(struct eval *ev, const char *name, int nbases, struct value **bases,
			struct value *ns, struct value *globals)
{
	struct value *base = NULL;
	enum typeid tbase = TY_OBJECT;
	int seen_builtin = 0;
	enum typeid seen_ty = TY_OBJECT;
	for (int k = 0; k < nbases; k++) {
		struct value *b = bases[k];
		for (int j = 0; j < k; j++)
			if (bases[j] == b)
				return err_set(ev, TY_TypeError, "duplicate base class %s",
					       cls_is_class(b) ? CLS(b)->name : b->type == VT_TYPE ? typeid_name(b->u.ty) : "?");
		enum typeid t;
		if (cls_is_class(b)) {
			if (!base)
				base = b;
			t = CLS(b)->tbase;
			/* a built-in root before a class that derives from it */
			if (seen_builtin && (seen_ty == TY_OBJECT || (t != TY_OBJECT && typeid_subclass(t, seen_ty))))
				goto inconsistent;
		} else if (b->type == VT_TYPE && (b->u.ty == TY_OBJECT || typeid_is_exception(b->u.ty))) {
			t = b->u.ty;
			if (!seen_builtin || t == TY_OBJECT)
				seen_ty = t;
			seen_builtin = 1;
		} else if (b->type == VT_TYPE) {
			return err_set(ev, TY_NotImplementedError,
				       "subclassing the built-in type '%s' is not supported by Lumen", typeid_name(b->u.ty));
		} else {
			return err_set(ev, TY_TypeError, "bases must be types");
		}
		if (t != TY_OBJECT && tbase != TY_OBJECT && t != tbase && !typeid_subclass(t, tbase)) {
			if (!typeid_subclass(tbase, t))
				return err_set(ev, TY_NotImplementedError,
					       "multiple inheritance from unrelated exception types is not supported by Lumen");
		} else if (t != TY_OBJECT) {
			tbase = t;
		}
	}

	if (dict_getstr_borrow(ns, "__new__"))
		return err_set(ev, TY_NotImplementedError, "__new__ is not supported by Lumen");
	if (dict_getstr_borrow(ns, "__slots__"))
		return err_set(ev, TY_NotImplementedError, "__slots__ is not supported by Lumen");
	struct value **mro = NULL;
	int nmro = 0;
	if (c3_merge(nbases, bases, &mro, &nmro) < 0) {
		if (!mro && nmro < 0)
			return err_nomem(ev);
		goto inconsistent;
	}
	struct pyclass *c = calloc(1, sizeof *c);
	if (!c || (nbases && !(c->bases = malloc(sizeof *c->bases * (size_t)nbases)))) {
		for (int k = 0; k < nmro; k++)
			val_decref(mro[k]);
		free(mro);
		free(c);
		return err_nomem(ev);
	}
	struct value *mod = dict_getstr_borrow(ns, "__module__");
	c->name = strdup(name);
	c->module = strdup(mod && mod->type == VT_STR ? mod->u.str->s : "__main__");
	c->base = val_incref(base);
	c->mro = mro;
	c->nmro = nmro;
	for (int k = 0; k < nbases; k++)
		c->bases[k] = val_incref(bases[k]);
	c->nbases = nbases;
	c->tbase = tbase;
	c->dict = val_incref(ns);
	c->globals = globals;
	c->next = live_classes;
	if (live_classes)
		live_classes->prev = c;
	live_classes = c;
	struct value *v = val_object_new(&class_type, c);
	if (v)
		c->self = v;
	if (!v || !c->name || !c->module) {
		val_decref(v);
		return err_nomem(ev);
	}
	/* __eq__ without __hash__ makes instances unhashable */
	if (dict_getstr_borrow(ns, "__eq__") && !dict_getstr_borrow(ns, "__hash__") &&
	    dict_setstr(ns, "__hash__", val_none()) < 0) {
		val_decref(v);
		return err_nomem(ev);
	}
	return v;
inconsistent:;
	struct sbuf m = {0};
	sb_printf(&m, "Cannot create a consistent method resolution\norder (MRO) for bases");
	for (int k = 0; k < nbases; k++)
		sb_printf(&m, "%s %s", k ? "," : "", cls_is_class(bases[k]) ? CLS(bases[k])->name :
			  bases[k]->type == VT_TYPE ? typeid_name(bases[k]->u.ty) : "?");
	char *msg = sb_take(&m);
	err_set(ev, TY_TypeError, "%s", msg ? msg : "Cannot create a consistent method resolution order (MRO)");
	free(msg);
	return NULL;
}

/* ---- super ---- */

struct super { struct value *start, *obj; }; /* search above class start; obj bound */

static void super_free(void *p)
{
	struct super *s = p;
	val_decref(s->start);
	val_decref(s->obj);
	free(s);
}

static struct value *super_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct super *s = self->u.obj.p;
	struct value *objcls = cls_is_class(s->obj) ? s->obj : cls_class_of(s->obj);
	struct value *a = NULL;
	if (objcls && cls_is_class(objcls)) {
		/* the classes after start in the MRO of obj's class */
		struct pyclass *oc = CLS(objcls);
		int i = objcls == s->start ? 0 : -1;
		for (int k = 0; i < 0 && k < oc->nmro; k++)
			if (oc->mro[k] == s->start)
				i = k + 1;
		for (; i >= 0 && i < oc->nmro && !a; i++)
			a = dict_getstr_borrow(CLS(oc->mro[i])->dict, name);
		if (i < 0)
			a = lookup(CLS(s->start)->base, name);
	} else {
		a = lookup(CLS(s->start)->base, name);
	}
	if (a)
		return bind(ev, a, cls_is_class(s->obj) ? NULL : s->obj, objcls);
	builtin_fn fn = NULL;
	if (!strcmp(name, "__init__"))
		fn = CLS(s->start)->tbase != TY_OBJECT ? exc_init : obj_init;
	else if (!strcmp(name, "__repr__") || !strcmp(name, "__str__"))
		fn = obj_repr;
	else if (!strcmp(name, "__setattr__"))
		fn = obj_setattr;
	else if (!strcmp(name, "__delattr__"))
		fn = obj_delattr;
	if (fn && !cls_is_class(s->obj)) {
		struct value *b = val_builtin(name, fn, s->obj, NULL);
		return b ? b : err_nomem(ev);
	}
	return err_set(ev, TY_AttributeError, "'super' object has no attribute '%s'", name);
}

static char *super_repr(struct eval *ev, struct value *self)
{
	struct super *s = self->u.obj.p;
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<super: <class '%s'>, <%s object>>", CLS(s->start)->name, val_type_name(s->obj));
	return sb_take(&b);
}

static const struct objtype super_type = {
	.name = "super", .free = super_free, .getattr = super_getattr, .repr = super_repr,
};

static struct value *super_new(struct eval *ev, struct value *start, struct value *obj)
{
	struct super *s = malloc(sizeof *s);
	if (!s)
		return err_nomem(ev);
	s->start = val_incref(start);
	s->obj = val_incref(obj);
	struct value *v = val_object_new(&super_type, s);
	return v ? v : err_nomem(ev);
}

/* does a (a class attribute) hold function definition fd */
static int holds_fd(struct value *a, const struct funcdef *fd)
{
	if (a->type == VT_OBJECT && (a->u.obj.t == &staticmethod_type || a->u.obj.t == &classmethod_type))
		a = a->u.obj.p;
	if (a->type == VT_OBJECT && a->u.obj.t == &property_type) {
		struct property *p = a->u.obj.p;
		return (p->fget && holds_fd(p->fget, fd)) || (p->fset && holds_fd(p->fset, fd)) ||
		       (p->fdel && holds_fd(p->fdel, fd));
	}
	return a->type == VT_FUNCTION && a->u.func->fd == fd;
}

struct value *cls_super_zero(struct eval *ev, const struct funcdef *fd, struct value *first)
{
	if (!fd || !first)
		return err_set(ev, TY_RuntimeError, "super(): no arguments");
	struct value *oc = cls_is_class(first) ? first : cls_class_of(first);
	for (int k = -1; oc && cls_is_class(oc) && k < CLS(oc)->nmro; k++) {
		struct value *c = k < 0 ? oc : CLS(oc)->mro[k];
		struct dict *d = CLS(c)->dict->u.dict;
		for (size_t i = 0; i < d->n; i++)
			if (d->entries[i].key && holds_fd(d->entries[i].val, fd))
				return super_new(ev, c, first);
	}
	return err_set(ev, TY_RuntimeError, "super(): __class__ cell not found");
}

static struct value *bi_super(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	(void)bi;
	(void)kw;
	if (argc == 0)
		return err_set(ev, TY_RuntimeError, "super(): no arguments");
	if (argc != 2)
		return err_set(ev, TY_TypeError, "super() takes 2 arguments (%d given)", argc);
	if (!cls_is_class(argv[0]))
		return err_set(ev, TY_TypeError, "super() argument 1 must be a type, not %s", val_type_name(argv[0]));
	struct value *c = cls_is_class(argv[1]) ? argv[1] : cls_class_of(argv[1]);
	if (!c || !cls_subclass(c, argv[0]))
		return err_set(ev, TY_TypeError, "super(type, obj): obj must be an instance or subtype of type");
	return super_new(ev, argv[0], argv[1]);
}

int cls_is_super_builtin(const struct value *f)
{
	return f->type == VT_BUILTIN && f->u.bi.fn == bi_super;
}

/* ---- object(): a bare object (sentinels) ---- */

static char *plain_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<object object at %p>", (void *)self);
	return sb_take(&b);
}

static const struct objtype plain_type = { .name = "object", .repr = plain_repr };

struct value *cls_plain_object(struct eval *ev, int argc, const struct kwargs *kw)
{
	if (argc || (kw && kw->n))
		return err_set(ev, TY_TypeError, "object() takes no arguments");
	struct value *v = val_object_new(&plain_type, NULL);
	return v ? v : err_nomem(ev);
}

/* ---- issubclass ---- */

static int subclass_of(struct eval *ev, struct value *c, struct value *of)
{
	if (of->type == VT_TUPLE) {
		for (size_t i = 0; i < of->u.seq.n; i++) {
			int r = subclass_of(ev, c, of->u.seq.items[i]);
			if (r)
				return r;
		}
		return 0;
	}
	if (union_is_union(of))
		return union_any(ev, c, of, subclass_of);
	if (cls_is_class(of))
		return cls_is_class(c) && cls_subclass(c, of);
	if (of->type == VT_OBJECT && of->u.obj.t->subclasscheck)   /* numbers.Real ... */
		return of->u.obj.t->subclasscheck(ev, of, c);
	if (of->type != VT_TYPE && !(of->type == VT_DTYPE && of->u.dt.is_type)) {
		err_set(ev, TY_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
		return -1;
	}
	/* NumPy's scalar types: np.float64 under np.floating and float */
	if (c->type == VT_DTYPE)
		return VAL_SLOT(c, subtype) && VAL_SLOT(c, subtype)(c, of);
	if (of->type == VT_DTYPE)
		return 0;
	if (cls_is_class(c))
		return of->u.ty == TY_OBJECT || typeid_subclass(CLS(c)->tbase, of->u.ty);
	return typeid_subclass(c->u.ty, of->u.ty);
}

static struct value *bi_issubclass(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	(void)kw;
	if (argc != 2)
		return err_set(ev, TY_TypeError, "issubclass expected 2 arguments, got %d", argc);
	if (!cls_is_class(argv[0]) && argv[0]->type != VT_TYPE &&
	    !(argv[0]->type == VT_DTYPE && argv[0]->u.dt.is_type))
		return err_set(ev, TY_TypeError, "issubclass() arg 1 must be a class");
	int r = subclass_of(ev, argv[0], argv[1]);
	return r < 0 ? NULL : val_bool(r);
}

/* ---- session end ---- */

/* the dicts to drop: each one replaced by an empty dict, then released
 * (dropping one may free others of the list, so they are taken first) */
static void drop_dicts(struct value ***slots, size_t n)
{
	struct value **old = malloc(sizeof *old * (n ? n : 1));
	if (!old)
		return;
	for (size_t i = 0; i < n; i++) {
		struct value *e = val_dict_new();
		old[i] = e ? *slots[i] : NULL;
		if (e)
			*slots[i] = e;
	}
	for (size_t i = 0; i < n; i++)
		val_decref(old[i]);
	free(old);
}

/* an instance whose attributes are all numbers, strings, arrays ... is in
 * no cycle through them (one through its class is found from the class's
 * functions) */
static int inst_may_cycle(const struct pyinst *in)
{
	struct dict *d = in->dict ? in->dict->u.dict : NULL;
	for (size_t i = 0; d && i < d->n; i++)
		if (d->entries[i].key && d->entries[i].val && ev_gc_container(d->entries[i].val))
			return 1;
	return 0;
}

/* the live instances that may be in a cycle, for lang/fncycle.c's collector */
size_t cls_instances(struct value **out, size_t cap, size_t *total)
{
	size_t n = 0;
	*total = 0;
	for (struct pyinst *in = live_insts; in; in = in->next) {
		++*total;
		if (!in->self || !inst_may_cycle(in))
			continue; /* no value (out of memory), or no cycle */
		if (n < cap)
			out[n] = in->self;
		n++;
	}
	return n;
}

/* a garbage instance (only cycles hold it) lets go of its attributes */
void cls_clear(struct value *inst)
{
	if (!cls_is_instance(inst))
		return;
	struct pyinst *in = inst->u.obj.p;
	struct value *d = val_dict_new();
	if (!d)
		return;
	struct value *old = in->dict;
	in->dict = d;
	val_decref(old);
}

void cls_break_cycles(struct value *globals)
{
	/* instance dicts first, then class namespaces; every holder is kept
	 * alive (a reference taken) while the dicts are dropped */
	for (int pass = 0; pass < 2; pass++) {
		size_t n = 0, k = 0;
		if (pass == 0) {
			for (struct pyinst *in = live_insts; in; in = in->next)
				n += CLS(in->cls)->globals == globals;
		} else {
			for (struct pyclass *c = live_classes; c; c = c->next)
				n += c->globals == globals;
		}
		struct value ***slots = malloc(sizeof *slots * (n ? n : 1));
		struct value **holders = malloc(sizeof *holders * (n ? n : 1));
		if (!slots || !holders) {
			free(slots);
			free(holders);
			return;
		}
		if (pass == 0) {
			for (struct pyinst *in = live_insts; in && k < n; in = in->next)
				if (CLS(in->cls)->globals == globals) {
					holders[k] = val_incref(in->self);
					slots[k++] = &in->dict;
				}
		} else {
			for (struct pyclass *c = live_classes; c && k < n; c = c->next)
				if (c->globals == globals) {
					holders[k] = val_incref(c->self);
					slots[k++] = &c->dict;
				}
		}
		drop_dicts(slots, k);
		for (size_t i = 0; i < k; i++)
			val_decref(holders[i]);
		free(slots);
		free(holders);
	}
}

/* ---- builtins ---- */

static struct value *bi_open(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	(void)bi;
	return file_open(ev, argc, argv, kw);
}

int pyobj_init(struct eval *ev)
{
	static const struct { const char *name; builtin_fn fn; } t[] = {
		{"super", bi_super}, {"property", bi_property}, {"staticmethod", bi_staticmethod},
		{"classmethod", bi_classmethod}, {"issubclass", bi_issubclass}, {"open", bi_open},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (dict_setstr(ev->builtins, t[i].name, val_builtin(t[i].name, t[i].fn, NULL, NULL)) < 0)
			return -1;
	if (dict_setstr(ev->builtins, "NotImplemented", cls_notimpl()) < 0)
		return -1;
	return set_init(ev);
}
