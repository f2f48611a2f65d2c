/*
 * evalsrc.c — the builtins that run source text or name the running scope:
 * eval(source, globals=None, locals=None), exec(source, globals=None,
 * locals=None), globals(), locals() and vars([object]), with CPython's
 * argument rules and messages.  The call site hands them the caller's scope (ev->call_scope,
 * eval_expr.c's call_scoped); inside a def, locals() and the default
 * locals of eval/exec are a new dict of the frame's bound names (CPython
 * 3.11's snapshot, less the free variables of closures).  Owns nothing.
 */
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/eval_int.h"
#include "lang/eval_impl.h"

/* the caller's scope, taken (a builtin this one calls sees none) */
static struct scope *take_scope(struct eval *ev)
{
	struct scope *sc = ev->call_scope;
	ev->call_scope = NULL;
	return sc;
}

/* the locals of sc: its dict (module level, class body), or a new dict of
 * a frame's bound names.  New reference, or NULL with the error set. */
static struct value *scope_locals(struct eval *ev, const struct scope *sc)
{
	if (!sc)
		return val_incref(ev->globals);
	if (sc->locals->type == VT_DICT)
		return val_incref(sc->locals);
	struct value *d = val_dict_new();
	if (!d)
		return err_nomem(ev);
	const struct lframe *lf = sc->locals->u.obj.p;
	for (int i = 0; lf->tab && i < lf->tab->n; i++) {
		if (!lf->slots[i])
			continue;
		struct value *k = val_str(lf->tab->names[i], lf->tab->lens[i]);
		int rc = k ? dict_set(ev, d, k, lf->slots[i]) : -1;
		val_decref(k);
		if (rc < 0) {
			val_decref(d);
			return err_occurred(ev) ? NULL : err_nomem(ev);
		}
	}
	if (lf->extra) {
		struct dict *x = lf->extra->u.dict;
		for (size_t i = 0; i < x->n; i++)
			if (x->entries[i].key && dict_set(ev, d, x->entries[i].key, x->entries[i].val) < 0) {
				val_decref(d);
				return NULL;
			}
	}
	return d;
}

/* eval / exec: source, globals, locals checked as CPython checks them */
static struct value *run_source(struct eval *ev, const char *fname, int expr, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct scope *sc = take_scope(ev);
	if (kw && kw->n) {
		if (expr)
			return err_set(ev, TY_TypeError, "eval() takes no keyword arguments");
		return err_set(ev, TY_TypeError, "'%s' is an invalid keyword argument for exec()", kw->names[0]);
	}
	if (argc < 1) {
		if (expr)
			return err_set(ev, TY_TypeError, "eval expected at least 1 argument, got 0");
		return err_set(ev, TY_TypeError, "exec() takes at least 1 positional argument (0 given)");
	}
	if (argc > 3) {
		if (expr)
			return err_set(ev, TY_TypeError, "eval expected at most 3 arguments, got %d", argc);
		return err_set(ev, TY_TypeError, "exec() takes at most 3 positional arguments (%d given)", argc);
	}
	struct value *src = argv[0];
	struct value *g = argc > 1 && argv[1]->type != VT_NONE ? argv[1] : NULL;
	struct value *l = argc > 2 && argv[2]->type != VT_NONE ? argv[2] : NULL;
	if (src->type != VT_STR && src->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "%s() arg 1 must be a string, bytes or code object", fname);
	if (g && g->type != VT_DICT) {
		if (expr)
			return err_set(ev, TY_TypeError, "globals must be a real dict; try eval(expr, {}, mapping)");
		return err_set(ev, TY_TypeError, "exec() globals must be a dict, not %s", val_type_name(g));
	}
	if (l && l->type != VT_DICT) {
		if (l->type == VT_OBJECT)
			return err_set(ev, TY_NotImplementedError,
				       "%s() with locals a mapping other than a dict is not supported by Lumen", fname);
		if (expr)
			return err_set(ev, TY_TypeError, "locals must be a mapping");
		return err_set(ev, TY_TypeError, "locals must be a mapping or None, not %s", val_type_name(l));
	}
	const char *s = src->u.str->s;
	size_t len = src->u.str->len;
	if (memchr(s, '\0', len))
		return err_set(ev, TY_SyntaxError, "source code string cannot contain null bytes");
	if (expr)
		while (len && (*s == ' ' || *s == '\t'))
			s++, len--;
	struct value *locals;
	if (g) {
		struct value *b = dict_getstr_borrow(g, "__builtins__");
		if (b && b != ev->builtins && !(b->type == VT_MODULE && b->u.mod.attrs == ev->builtins))
			/* CPython's restricted builtins ({'__builtins__': {}}): names would resolve otherwise */
			return err_set(ev, TY_NotImplementedError,
				       "%s() with globals['__builtins__'] other than the builtins is not supported by Lumen",
				       fname);
		if (!b && dict_setstr(g, "__builtins__", val_incref(ev->builtins)) < 0)
			return err_nomem(ev);
		locals = val_incref(l ? l : g);
	} else {
		g = sc ? sc->globals : ev->globals;
		locals = l ? val_incref(l) : scope_locals(ev, sc);
		if (!locals)
			return NULL;
	}
	struct value *res = NULL;
	int rc = ev_exec_in(ev, s, len, expr, g, locals, &res);
	val_decref(locals);
	if (rc < 0)
		return NULL;
	return expr ? res : val_none();
}

struct value *ev_bi_eval(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw)
{
	(void)bi;
	return run_source(ev, "eval", 1, argc, argv, kw);
}

struct value *ev_bi_exec(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw)
{
	(void)bi;
	return run_source(ev, "exec", 0, argc, argv, kw);
}

struct value *ev_bi_globals(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	(void)bi, (void)argv;
	struct scope *sc = take_scope(ev);
	if (args_parse(ev, "globals", argc, argv, kw, "") < 0)
		return NULL;
	return val_incref(sc ? sc->globals : ev->globals);
}

struct value *ev_bi_locals(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	(void)bi;
	struct scope *sc = take_scope(ev);
	if (args_parse(ev, "locals", argc, argv, kw, "") < 0)
		return NULL;
	return scope_locals(ev, sc);
}

struct value *ev_bi_vars(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			 const struct kwargs *kw)
{
	(void)bi;
	struct scope *sc = take_scope(ev);
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "vars() takes no keyword arguments");
	if (argc > 1)
		return err_set(ev, TY_TypeError, "vars expected at most 1 argument, got %d", argc);
	if (argc == 0)
		return scope_locals(ev, sc);
	if (argv[0]->type == VT_MODULE)
		return val_incref(argv[0]->u.mod.attrs);
	struct value *d = val_getattr(ev, argv[0], "__dict__");
	if (!d && ev->err && ev->err->type == VT_EXCEPTION && ev->err->u.exc.type == TY_AttributeError) {
		err_clear(ev);
		return err_set(ev, TY_TypeError, "vars() argument must have __dict__ attribute");
	}
	return d;
}
