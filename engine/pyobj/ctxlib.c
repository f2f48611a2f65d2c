/*
 * ctxlib.c — the contextlib module: contextmanager (a generator function
 * made a context manager: __enter__ runs it to its yield, __exit__ resumes
 * it or throws the exception in at the yield), suppress, nullcontext and
 * closing.  Every object here is a VT_OBJECT with the with-statement slots
 * (enter, enter_value, exit_exc).
 */
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/pyobj.h"

/* ---- contextmanager ---- */

static void decref_p(void *p) { val_decref(p); }

static int no_enter(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return 0;
}

/* the object a call of a @contextmanager function returns: p is the generator */
static struct value *gcm_enter_value(struct eval *ev, struct value *self)
{
	struct value *r = gen_send(ev, self->u.obj.p, NULL);
	if (!r && ev->err && ev->err->u.exc.type == TY_StopIteration) {
		err_clear(ev);
		err_tb_clear(ev);
		return err_set(ev, TY_RuntimeError, "generator didn't yield");
	}
	return r;
}

static int is_stop(struct eval *ev)
{
	return ev->err && ev->err->u.exc.type == TY_StopIteration && !ev->err->u.exc.cls;
}

static int gcm_exit_exc(struct eval *ev, struct value *self, struct value *exc)
{
	struct value *g = self->u.obj.p, *r;
	if (!exc) {
		r = gen_send(ev, g, NULL);
		if (r) {
			val_decref(r);
			err_set(ev, TY_RuntimeError, "generator didn't stop");
			return -1;
		}
		if (is_stop(ev)) {
			err_clear(ev);
			err_tb_clear(ev);
			return 0;
		}
		return -1;
	}
	r = gen_throw(ev, g, exc);
	if (r) {
		val_decref(r);
		err_set(ev, TY_RuntimeError, "generator didn't stop after throw()");
		return -1;
	}
	if (is_stop(ev) || ev->err == exc) {
		/* ended: the exception was handled; raised again: not suppressed */
		int suppressed = ev->err != exc;
		err_clear(ev);
		err_tb_clear(ev);
		return suppressed;
	}
	return -1;
}

static char *gcm_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	(void)ev;
	sb_printf(&b, "<contextlib._GeneratorContextManager object at %p>", (void *)self);
	return sb_take(&b);
}

static const struct objtype gcm_type = {
	.name = "_GeneratorContextManager", .free = decref_p, .repr = gcm_repr, .enter = no_enter,
	.enter_value = gcm_enter_value, .exit_exc = gcm_exit_exc,
};

/* the function @contextmanager returns: p is the generator function */
static struct value *cmf_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *g = val_call(ev, self->u.obj.p, argc, argv, kw);
	if (!g)
		return NULL;
	if (!gen_is_generator(g)) {
		val_decref(g);
		return err_set(ev, TY_TypeError, "'%s' object is not an iterator", val_type_name(g));
	}
	struct value *v = val_object_new(&gcm_type, g);
	return v ? v : err_nomem(ev);
}

static struct value *cmf_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "__wrapped__"))
		return val_incref(self->u.obj.p);
	return val_getattr(ev, self->u.obj.p, name);
}

static char *cmf_repr(struct eval *ev, struct value *self)
{
	return val_repr(ev, self->u.obj.p);
}

static const struct objtype cmf_type = {
	.name = "function", .free = decref_p, .call = cmf_call, .getattr = cmf_getattr, .repr = cmf_repr,
};

static struct value *f_contextmanager(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *f = NULL;
	(void)bi;
	if (args_parse(ev, "contextmanager", argc, argv, kw, "func", &f) < 0)
		return NULL;
	struct value *v = val_object_new(&cmf_type, val_incref(f));
	return v ? v : err_nomem(ev);
}

/* ---- suppress(*exceptions) ---- */

static int suppress_exit_exc(struct eval *ev, struct value *self, struct value *exc)
{
	struct value *types = self->u.obj.p;
	(void)ev;
	if (!exc)
		return 0;
	for (size_t i = 0; i < types->u.seq.n; i++) {
		struct value *t = types->u.seq.items[i];
		if (cls_is_class(t) ? cls_exc_matches(exc, t) :
		    t->type == VT_TYPE && typeid_subclass(exc->u.exc.type, t->u.ty))
			return 1;
	}
	return 0;
}

static const struct objtype suppress_type = {
	.name = "suppress", .free = decref_p, .enter = no_enter, .exit_exc = suppress_exit_exc,
};

static struct value *f_suppress(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	(void)bi;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "suppress() takes no keyword arguments");
	struct value **items = malloc(sizeof *items * (size_t)(argc ? argc : 1));
	if (!items)
		return err_nomem(ev);
	for (int i = 0; i < argc; i++)
		items[i] = val_incref(argv[i]);
	struct value *t = val_tuple_new((size_t)argc, items);
	free(items);
	struct value *v = t ? val_object_new(&suppress_type, t) : NULL;
	return v ? v : err_nomem(ev);
}

/* ---- nullcontext(enter_result=None), closing(thing) ---- */

static struct value *hold_value(struct eval *ev, struct value *self)
{
	(void)ev;
	return val_incref(self->u.obj.p);
}

static int null_exit(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return 0;
}

static const struct objtype nullcontext_type = {
	.name = "nullcontext", .free = decref_p, .enter = no_enter, .enter_value = hold_value, .exit = null_exit,
};

static int closing_exit(struct eval *ev, struct value *self)
{
	struct value *f = val_getattr(ev, self->u.obj.p, "close");
	struct value *r = f ? val_call(ev, f, 0, NULL, NULL) : NULL;
	val_decref(f);
	val_decref(r);
	return r ? 0 : -1;
}

static const struct objtype closing_type = {
	.name = "closing", .free = decref_p, .enter = no_enter, .enter_value = hold_value, .exit = closing_exit,
};

static struct value *f_nullcontext(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *x = NULL;
	(void)bi;
	if (args_parse(ev, "nullcontext", argc, argv, kw, "|enter_result", &x) < 0)
		return NULL;
	struct value *v = val_object_new(&nullcontext_type, x ? val_incref(x) : val_none());
	return v ? v : err_nomem(ev);
}

static struct value *f_closing(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *x = NULL;
	(void)bi;
	if (args_parse(ev, "closing", argc, argv, kw, "thing", &x) < 0)
		return NULL;
	struct value *v = val_object_new(&closing_type, val_incref(x));
	return v ? v : err_nomem(ev);
}

struct value *ctxlib_module(struct eval *ev)
{
	static const struct { const char *name; builtin_fn fn; } funcs[] = {
		{"contextmanager", f_contextmanager}, {"suppress", f_suppress},
		{"nullcontext", f_nullcontext}, {"closing", f_closing},
	};
	struct value *m = val_module_new("contextlib");
	if (!m)
		return err_nomem(ev);
	for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
		if (module_add(m, funcs[i].name, val_builtin(funcs[i].name, funcs[i].fn, NULL, NULL)) < 0) {
			val_decref(m);
			return err_nomem(ev);
		}
	return m;
}
