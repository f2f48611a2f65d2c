/*
 * magic_user.c — magics a cell defines (IPython.core.magic's
 * register_line_magic / register_cell_magic / register_line_cell_magic),
 * get_ipython().magics_manager.magics, and IPython.Application.instance()
 * .kernel.do_shutdown(restart) (a restart forgets the session's variables,
 * as a restarted kernel has none).  The tables of user magics (name ->
 * function) live in the session; the built-in magics stay magic.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "session/magic_int.h"
#include "session/magic.h"

/* name -> function, one dict per kind, kept with the session (its modules
 * dict, under a name no import can spell) so that they end with it */
static struct value *table(struct eval *ev, int cell, int create)
{
	const char *key = cell ? "<user cell magics>" : "<user line magics>";
	struct value *t = dict_getstr_borrow(ev->modules, key);
	if (!t && create) {
		t = val_dict_new();
		if (!t || dict_setstr(ev->modules, key, t) < 0)
			return NULL;
	}
	return t;
}

int magic_user_run(struct eval *ev, const char *name, const char *args, const char *cell,
		   struct value **result)
{
	struct value *t = table(ev, cell != NULL, 0);
	struct value *f = t ? dict_getstr_borrow(t, name) : NULL;
	if (!f)
		return -2;
	struct value *argv[2] = {val_cstr(args), cell ? val_cstr(cell) : NULL};
	struct value *r = NULL;
	if (argv[0] && (!cell || argv[1]))
		r = val_call(ev, f, cell ? 2 : 1, argv, NULL);
	else
		err_nomem(ev);
	val_decref(argv[0]);
	val_decref(argv[1]);
	if (!r)
		return -1;
	if (result && r->type != VT_NONE)
		*result = r;
	else
		val_decref(r);
	return 0;
}

/* register_X_magic(f) or register_X_magic("name")(f): f, registered */
static struct value *do_register(struct eval *ev, int kinds, const char *name, struct value *f)
{
	if (f->type != VT_FUNCTION && f->type != VT_BUILTIN)
		return err_set(ev, TY_TypeError, "a magic must be a function");
	if (!name)
		name = f->type == VT_FUNCTION ? f->u.func->fd->name : f->u.bi.name;
	for (int c = 0; c < 2; c++)
		if ((kinds & (1 << c)) && (!table(ev, c, 1) || dict_setstr(table(ev, c, 1), name, val_incref(f)) < 0))
			return err_nomem(ev);
	return val_incref(f);
}

static int kinds_of(const char *fname)
{
	return !strcmp(fname, "register_line_magic") ? 1 : !strcmp(fname, "register_cell_magic") ? 2 : 3;
}

static struct value *fn_register_named(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct value *f;
	if (args_parse(ev, bi->name, argc, argv, kw, "func", &f) < 0)
		return NULL;
	return do_register(ev, (int)(intptr_t)bi->data, val_as_cstr(bi->self), f);
}

static struct value *fn_register(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *f;
	if (args_parse(ev, bi->name, argc, argv, kw, "magic_func", &f) < 0)
		return NULL;
	int k = kinds_of(bi->name);
	if (f->type == VT_STR) {
		/* @register_cell_magic("name") */
		struct value *d = val_builtin(bi->name, fn_register_named, f, (void *)(intptr_t)k);
		return d ? d : err_nomem(ev);
	}
	return do_register(ev, k, NULL, f);
}

/* ---- get_ipython().magics_manager ---- */

static void nofree(void *p) { (void)p; }

static struct value *copy_of(struct value *t)
{
	struct value *d = val_dict_new();
	if (!d || !t)
		return d;
	struct dict *x = t->u.dict;
	for (size_t i = 0; i < x->n; i++)
		if (x->entries[i].key && dict_setstr(d, val_as_cstr(x->entries[i].key),
						     val_incref(x->entries[i].val)) < 0) {
			val_decref(d);
			return NULL;
		}
	return d;
}

static struct value *mm_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)self;
	if (strcmp(name, "magics"))
		return NULL;
	/* {'line': {...}, 'cell': {...}}: the magics cells registered */
	struct value *d = val_dict_new(), *l = copy_of(table(ev, 0, 0)), *c = copy_of(table(ev, 1, 0));
	if (!d || !l || !c || dict_setstr(d, "line", l) < 0 || dict_setstr(d, "cell", c) < 0) {
		val_decref(d);
		return err_nomem(ev);
	}
	return d;
}

static const char *const mm_attrs[] = {"magics", NULL};
static const struct objtype mm_type = {
	.name = "MagicsManager", .free = nofree, .getattr = mm_getattr, .attrs = mm_attrs,
};

struct value *magic_user_manager(struct eval *ev)
{
	struct value *v = val_object_new(&mm_type, NULL);
	return v ? v : err_nomem(ev);
}

/* ---- IPython.Application.instance().kernel.do_shutdown(restart) ---- */

static struct value *fn_do_shutdown(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *restart;
	if (args_parse(ev, "do_shutdown", argc, argv, kw, "restart", &restart) < 0)
		return NULL;
	int r = val_truth(ev, restart);
	if (r < 0)
		return NULL;
	if (!r)
		return err_set(ev, TY_NotImplementedError, "do_shutdown(False): the kernel stops only when "
			       "its frontend shuts it down (Lumen restarts in place: do_shutdown(True))");
	/* a restart in place: every variable and registered magic forgotten, as in a new kernel */
	if (magic_reset(ev, "-f", NULL, NULL) < 0)
		return NULL;
	for (int c = 0; c < 2; c++) {
		struct value *k = val_cstr(c ? "<user cell magics>" : "<user line magics>");
		int r = k ? dict_del(ev, ev->modules, k) : -1;
		val_decref(k);
		if (r < 0)
			return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	struct value *d = val_dict_new();
	if (!d || dict_setstr(d, "status", val_cstr("ok")) < 0 || dict_setstr(d, "restart", val_bool(1)) < 0) {
		val_decref(d);
		return err_nomem(ev);
	}
	return d;
}

static struct value *kern_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)self;
	if (!strcmp(name, "do_shutdown")) {
		struct value *f = val_builtin("do_shutdown", fn_do_shutdown, NULL, NULL);
		return f ? f : err_nomem(ev);
	}
	return NULL;
}

static const char *const kern_attrs[] = {"do_shutdown", NULL};
static const struct objtype kern_type = {
	.name = "IPythonKernel", .free = nofree, .getattr = kern_getattr, .attrs = kern_attrs,
};

static struct value *app_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)self;
	if (!strcmp(name, "kernel")) {
		struct value *k = val_object_new(&kern_type, NULL);
		return k ? k : err_nomem(ev);
	}
	return NULL;
}

static const char *const app_attrs[] = {"kernel", NULL};
static const struct objtype app_type = {
	.name = "IPKernelApp", .free = nofree, .getattr = app_getattr, .attrs = app_attrs,
};

static struct value *fn_instance(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	(void)argc;
	(void)argv;
	(void)kw;
	struct value *a = val_object_new(&app_type, NULL);
	return a ? a : err_nomem(ev);
}

static struct value *appcls_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)self;
	if (!strcmp(name, "instance")) {
		struct value *f = val_builtin("instance", fn_instance, NULL, NULL);
		return f ? f : err_nomem(ev);
	}
	return NULL;
}

static char *appcls_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return strdup("<class 'IPython.core.application.Application'>");
}

static const char *const appcls_attrs[] = {"instance", NULL};
static const struct objtype appcls_type = {
	.name = "Application", .free = nofree, .getattr = appcls_getattr, .repr = appcls_repr,
	.attrs = appcls_attrs,
};

struct value *magic_user_application(struct eval *ev)
{
	struct value *v = val_object_new(&appcls_type, NULL);
	return v ? v : err_nomem(ev);
}

/* IPython.core.magic (and IPython.core holding it); NULL with no error: another name */
struct value *magic_user_module(struct eval *ev, const char *name)
{
	if (!strcmp(name, "IPython.core")) {
		struct value *m = val_module_new("IPython.core"), *sub = ev_import(ev, "IPython.core.magic");
		if (!m || !sub || module_add(m, "magic", sub) < 0) {
			val_decref(m);
			return sub ? err_nomem(ev) : NULL;
		}
		return m;
	}
	if (strcmp(name, "IPython.core.magic"))
		return NULL;
	static const char *const regs[] = {"register_line_magic", "register_cell_magic", "register_line_cell_magic"};
	struct value *m = val_module_new("IPython.core.magic");
	if (!m)
		return err_nomem(ev);
	for (int i = 0; i < 3; i++)
		if (module_add(m, regs[i], val_builtin(regs[i], fn_register, NULL, NULL)) < 0) {
			val_decref(m);
			return err_nomem(ev);
		}
	return m;
}
