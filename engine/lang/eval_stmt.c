/*
 * eval_stmt.c — the evaluator's statements: assignment and unpacking,
 * augmented assignment, del, imports, try/with/raise, loops, def and class
 * bodies with their decorators, help (`name?`) and magic lines.  Each
 * returns an EX_* code (eval_impl.h); owns nothing beyond one statement.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/parse.h"
#include "lang/args.h"
#include "lang/eval_int.h"
#include "lang/eval_impl.h"

/* ---- assignment ---- */

static int unpack(struct eval *ev, struct scope *sc, struct node *t, struct value *v)
{
	struct value *items;
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		items = val_incref(v);
	} else {
		items = val_iter_list(ev, v);
		if (!items) {
			if (ev->err && ev->err->u.exc.type == TY_TypeError && v->type != VT_NDARRAY) {
				val_decref(err_fetch(ev));
				err_set(ev, TY_TypeError, "cannot unpack non-iterable %s object", val_type_name(v));
			}
			return -1;
		}
	}
	size_t n = items->u.seq.n, want = (size_t)t->l.n;
	int star = -1;
	for (int i = 0; i < t->l.n; i++)
		if (t->l.v[i]->kind == N_STARRED)
			star = i;
	int rc = 0;
	if (star < 0) {
		if (n != want) {
			set_span(ev, t);
			if (n > want)
				err_set(ev, TY_ValueError, "too many values to unpack (expected %zu)", want);
			else
				err_set(ev, TY_ValueError, "not enough values to unpack (expected %zu, got %zu)", want, n);
			rc = -1;
		}
		for (size_t i = 0; rc == 0 && i < n; i++)
			rc = ev_assign(ev, sc, t->l.v[i], items->u.seq.items[i]);
	} else {
		size_t after = want - (size_t)star - 1;
		if (n < want - 1) {
			err_set(ev, TY_ValueError, "not enough values to unpack (expected at least %zu, got %zu)", want - 1, n);
			rc = -1;
		}
		for (int i = 0; rc == 0 && i < star; i++)
			rc = ev_assign(ev, sc, t->l.v[i], items->u.seq.items[i]);
		if (rc == 0) {
			size_t m = n - (size_t)star - after;
			struct value **mid = malloc(sizeof *mid * (m ? m : 1));
			if (!mid) {
				err_nomem(ev);
				rc = -1;
			} else {
				for (size_t k = 0; k < m; k++)
					mid[k] = val_incref(items->u.seq.items[(size_t)star + k]);
				struct value *l = val_list_new(m, mid);
				free(mid);
				rc = l ? ev_assign(ev, sc, t->l.v[star]->a, l) : -1;
				val_decref(l);
			}
		}
		for (size_t i = 0; rc == 0 && i < after; i++)
			rc = ev_assign(ev, sc, t->l.v[(size_t)star + 1 + i], items->u.seq.items[n - after + i]);
	}
	val_decref(items);
	return rc;
}

int ev_assign(struct eval *ev, struct scope *sc, struct node *t, struct value *v)
{
	switch (t->kind) {
	case N_NAME:
		if (t->nscope == NS_LOCAL && sc->slots) {
			struct value **p = &sc->slots[t->slot - 1], *old = *p;
			*p = val_incref(v);
			val_decref(old);
			return 0;
		}
		if ((t->nscope == NS_UNRESOLVED && sc->locals == sc->globals) || t->nscope == NS_GLOBAL)
			return ev_store_global_node(ev, sc, t, v);
		ev_name_hash(t);   /* the AST node keeps the name's length and hash */
		return ev_store_name_h(ev, sc, t->s, t->slen, t->hash, v);
	case N_ATTR: {
		struct value *o = eval_expr(ev, sc, t->a);
		if (!o)
			return -1;
		int r = val_setattr(ev, o, t->s, v);
		val_decref(o);
		return r;
	}
	case N_SUBSCRIPT: {
		struct value *o = eval_expr(ev, sc, t->a);
		if (!o)
			return -1;
		struct value *k = eval_expr(ev, sc, t->b);
		int r = k ? val_setitem(ev, o, k, v) : -1;
		val_decref(o);
		val_decref(k);
		return r;
	}
	case N_TUPLE: case N_LIST:
		return unpack(ev, sc, t, v);
	case N_STARRED:
		err_set(ev, TY_SyntaxError, "starred assignment target must be in a list or tuple");
		return -1;
	default:
		err_set(ev, TY_SyntaxError, "cannot assign to expression");
		return -1;
	}
}

static int exec_augassign(struct eval *ev, struct scope *sc, struct node *s)
{
	struct node *t = s->a;
	struct value *obj = NULL, *key = NULL, *cur = NULL, *rhs = NULL, *res = NULL;
	int rc = -1;
	if (t->kind == N_NAME) {
		cur = eval_name(ev, sc, t);
	} else if (t->kind == N_ATTR) {
		obj = eval_expr(ev, sc, t->a);
		cur = obj ? val_getattr(ev, obj, t->s) : NULL;
	} else {
		obj = eval_expr(ev, sc, t->a);
		key = obj ? eval_expr(ev, sc, t->b) : NULL;
		cur = key ? val_getitem(ev, obj, key) : NULL;
	}
	if (!cur)
		goto out;
	rhs = eval_expr(ev, sc, s->b);
	if (!rhs)
		goto out;
	res = val_inplace(ev, (enum binop)s->op, cur, rhs);
	if (!res)
		goto out;
	if (t->kind == N_NAME)
		rc = ev_assign(ev, sc, t, res);
	else if (t->kind == N_ATTR)
		rc = (res == cur && cur->type == VT_NDARRAY) ? 0 : val_setattr(ev, obj, t->s, res);
	else
		rc = val_setitem(ev, obj, key, res);
out:
	val_decref(obj);
	val_decref(key);
	val_decref(cur);
	val_decref(rhs);
	val_decref(res);
	return rc;
}

static int del_target(struct eval *ev, struct scope *sc, struct node *t)
{
	switch (t->kind) {
	case N_NAME: {
		struct value *o = ev_target_scope(sc, t->s);
		int r = ev_scope_del(ev, o, t->s);
		if (r == 0 && o == sc->locals && o != sc->globals && sc->fd &&
		    ev_in_names(sc->fd->locals, sc->fd->nlocals, t->s)) {
			/* a local of the function, not bound now (CPython's DELETE_FAST) */
			err_set(ev, TY_UnboundLocalError,
				"cannot access local variable '%s' where it is not associated with a value", t->s);
			ev_set_span_err(ev, t);
			return -1;
		}
		if (r == 0) {
			err_set(ev, TY_NameError, "name '%s' is not defined", t->s);
			return -1;
		}
		return r < 0 ? -1 : 0;
	}
	case N_ATTR: {
		struct value *o = eval_expr(ev, sc, t->a);
		int r = o ? pyobj_hooks.cls_delattr(ev, o, t->s) : -1;
		val_decref(o);
		return r;
	}
	case N_SUBSCRIPT: {
		struct value *o = eval_expr(ev, sc, t->a);
		struct value *k = o ? eval_expr(ev, sc, t->b) : NULL;
		int r = k ? val_delitem(ev, o, k) : -1;
		val_decref(o);
		val_decref(k);
		return r;
	}
	case N_TUPLE: case N_LIST:
		for (int i = 0; i < t->l.n; i++)
			if (del_target(ev, sc, t->l.v[i]) < 0)
				return -1;
		return 0;
	default:
		err_set(ev, TY_AttributeError, "cannot delete this attribute");
		return -1;
	}
}

/* ---- imports ---- */

struct value *ev_import(struct eval *ev, const char *fullname)
{
	struct value *m = dict_getstr_borrow(ev->modules, fullname);
	if (m)
		return val_incref(m);
	m = lang_hooks.import_array ? lang_hooks.import_array(ev, fullname) : NULL;
	if (!m && err_occurred(ev))
		return NULL;
	if (!m)
		m = pyobj_hooks.pymod_import(ev, fullname);
	if (!m && err_occurred(ev))
		return NULL;
	if (!m)
		return err_set(ev, TY_ModuleNotFoundError, "No module named '%s'", fullname);
	if (dict_setstr(ev->modules, fullname, val_incref(m)) < 0) {
		val_decref(m);
		return err_nomem(ev);
	}
	return m;
}

static int exec_import(struct eval *ev, struct scope *sc, struct node *s)
{
	for (int i = 0; i < s->l.n; i++) {
		struct node *al = s->l.v[i];
		struct value *m = ev_import(ev, al->s);
		if (!m)
			return -1;
		if (al->s2) {
			int r = ev_store_name(ev, sc, al->s2, m);
			val_decref(m);
			if (r < 0)
				return -1;
			continue;
		}
		const char *dot = strchr(al->s, '.');
		if (dot) {
			char top[256];
			snprintf(top, sizeof top, "%.*s", (int)(dot - al->s), al->s);
			val_decref(m);
			m = ev_import(ev, top);
			if (!m)
				return -1;
			int r = ev_store_name(ev, sc, top, m);
			val_decref(m);
			if (r < 0)
				return -1;
		} else {
			int r = ev_store_name(ev, sc, al->s, m);
			val_decref(m);
			if (r < 0)
				return -1;
		}
	}
	return 0;
}

static int exec_from(struct eval *ev, struct scope *sc, struct node *s)
{
	if (strcmp(s->s, "__future__") == 0)
		for (int i = 0; i < s->l.n; i++)
			if (strcmp(s->l.v[i]->s, "annotations") == 0)
				ev->future_annotations = 1;
	struct value *m = ev_import(ev, s->s);
	if (!m)
		return -1;
	for (int i = 0; i < s->l.n; i++) {
		struct node *al = s->l.v[i];
		if (strcmp(al->s, "*") == 0) {
			struct value *attrs = m->type == VT_MODULE ? m->u.mod.attrs : NULL;
			for (size_t j = 0; attrs && j < attrs->u.dict->n; j++) {
				struct dict_entry *e = &attrs->u.dict->entries[j];
				if (!e->key || e->key->type != VT_STR || e->key->u.str->s[0] == '_')
					continue;
				if (ev_store_name(ev, sc, e->key->u.str->s, e->val) < 0) {
					val_decref(m);
					return -1;
				}
			}
			continue;
		}
		struct value *x = NULL;
		if (m->type == VT_MODULE) {
			x = dict_getstr_borrow(m->u.mod.attrs, al->s);
			if (x)
				val_incref(x);
		}
		if (!x) {
			char full[512];
			snprintf(full, sizeof full, "%s.%s", s->s, al->s);
			x = ev_import(ev, full);
			if (!x) {
				val_decref(err_fetch(ev));
				err_tb_clear(ev);
				err_set(ev, TY_ImportError, "cannot import name '%s' from '%s' (unknown location)", al->s, s->s);
				val_decref(m);
				return -1;
			}
		}
		int r = ev_store_name(ev, sc, al->s2 ? al->s2 : al->s, x);
		val_decref(x);
		if (r < 0) {
			val_decref(m);
			return -1;
		}
	}
	val_decref(m);
	return 0;
}

/* ---- statements ---- */

static int exc_matches(struct eval *ev, struct value *exc, struct value *t)
{
	if (pyobj_hooks.cls_is_class(t)) {
		if (!pyobj_hooks.cls_is_exception_class(t)) {
			err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
			return -1;
		}
		return pyobj_hooks.cls_exc_matches(exc, t);
	}
	if (t->type == VT_TYPE) {
		if (!typeid_is_exception(t->u.ty)) {
			err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
			return -1;
		}
		return typeid_subclass(exc->u.exc.type, t->u.ty);
	}
	if (t->type == VT_TUPLE) {
		for (size_t i = 0; i < t->u.seq.n; i++) {
			int m = exc_matches(ev, exc, t->u.seq.items[i]);
			if (m)
				return m;
		}
		return 0;
	}
	err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
	return -1;
}

struct saved_err {
	struct value *err;
	struct tb_entry *tb;
	int ntb, captb;
	struct value *retval;
};

static void save_err(struct eval *ev, struct saved_err *s)
{
	s->err = ev->err;
	s->tb = ev->tb;
	s->ntb = ev->ntb;
	s->captb = ev->captb;
	s->retval = ev->retval;
	ev->err = NULL;
	ev->tb = NULL;
	ev->ntb = ev->captb = 0;
	ev->retval = NULL;
}

static void restore_err(struct eval *ev, struct saved_err *s)
{
	err_clear(ev);
	free(ev->tb);
	ev->err = s->err;
	ev->tb = s->tb;
	ev->ntb = s->ntb;
	ev->captb = s->captb;
	val_decref(ev->retval);
	ev->retval = s->retval;
}

static void drop_saved(struct eval *ev, struct saved_err *s)
{
	struct value *e = ev->err, *rv = ev->retval;
	struct tb_entry *tb = ev->tb;
	int ntb = ev->ntb, captb = ev->captb;
	ev->err = s->err;
	ev->tb = s->tb;
	ev->ntb = s->ntb;
	ev->captb = s->captb;
	ev->retval = NULL;
	err_clear(ev);
	free(ev->tb);
	val_decref(s->retval);
	ev->err = e;
	ev->tb = tb;
	ev->ntb = ntb;
	ev->captb = captb;
	ev->retval = rv;
}

static int exec_try(struct eval *ev, struct scope *sc, struct node *s)
{
	int r = ev_exec_block(ev, sc, &s->l);
	if (r == EX_ERR && s->l2.n) {
		struct value *exc = err_fetch(ev);
		if (!exc) {   /* a callee failed without setting an error: name that, never crash */
			err_set(ev, TY_RuntimeError, "internal error: an operation failed without setting an exception");
			if (!(exc = err_fetch(ev)))
				return EX_ERR;
		}
		struct tb_entry *tb = ev->tb;
		int ntb = ev->ntb, captb = ev->captb;
		ev->tb = NULL;
		ev->ntb = ev->captb = 0;
		int handled = 0;
		for (int i = 0; i < s->l2.n && !handled; i++) {
			struct node *h = s->l2.v[i];
			int m = 1;
			if (h->a) {
				struct value *t = eval_expr(ev, sc, h->a);
				if (!t) {
					m = -1;
				} else {
					m = exc_matches(ev, exc, t);
					val_decref(t);
				}
			}
			if (m < 0) {
				/* the new error replaces the old one */
				val_decref(exc);
				exc = NULL;
				handled = 1;
				r = EX_ERR;
				break;
			}
			if (!m)
				continue;
			handled = 1;
			if (h->s && ev_store_name(ev, sc, h->s, exc) < 0) {
				r = EX_ERR;
				break;
			}
			struct value *saved = ev->handling;
			const struct tb_entry *saved_tb = ev->handling_tb;
			int saved_ntb = ev->handling_ntb, base = ev->nframes - 1;
			base = base < 0 ? 0 : base > ntb ? ntb : base;
			ev->handling = exc;
			ev->handling_tb = tb + base;
			ev->handling_ntb = ntb - base;
			r = ev_exec_block(ev, sc, &h->l);
			ev->handling = saved;
			ev->handling_tb = saved_tb;
			ev->handling_ntb = saved_ntb;
			if (h->s)
				ev_scope_del(ev, ev_target_scope(sc, h->s), h->s);
		}
		if (!handled) {
			ev->err = exc;
			exc = NULL;
			struct tb_entry *t2 = ev->tb;
			ev->tb = tb;
			ev->ntb = ntb;
			ev->captb = captb;
			tb = t2;
			ntb = 0;
		}
		/* free the caught exception's traceback */
		for (int i = 0; i < ntb; i++) {
			arena_decref(tb[i].arena);
			free(tb[i].name);
		}
		free(tb);
		val_decref(exc);
	} else if (r == EX_OK && s->l3.n) {
		r = ev_exec_block(ev, sc, &s->l3);
	}
	if (s->op) {
		struct saved_err se;
		save_err(ev, &se);
		int r2 = ev_exec_block(ev, sc, &s->l4);
		if (r2 != EX_OK) {
			drop_saved(ev, &se);
			r = r2;
		} else {
			restore_err(ev, &se);
		}
	}
	return r;
}

static int exec_with(struct eval *ev, struct scope *sc, struct node *s, int idx)
{
	if (idx == s->l.n)
		return ev_exec_block(ev, sc, &s->l2);
	struct node *it = s->l.v[idx];
	struct value *cm = eval_expr(ev, sc, it->a);
	if (!cm)
		return EX_ERR;
	const struct objtype *t = cm->type == VT_OBJECT ? cm->u.obj.t : NULL;
	if (!t || !t->enter || !(t->exit || t->exit_exc)) {
		err_set(ev, TY_TypeError, "'%s' object does not support the context manager protocol", val_type_name(cm));
		val_decref(cm);
		return EX_ERR;
	}
	if (t->enter(ev, cm) < 0) {
		val_decref(cm);
		return EX_ERR;
	}
	struct value *as = t->enter_value ? t->enter_value(ev, cm) : val_incref(cm);
	int r = as ? EX_OK : EX_ERR;
	if (as && it->b && ev_assign(ev, sc, it->b, as) < 0)
		r = EX_ERR;
	val_decref(as);
	if (!as) {
		val_decref(cm);
		return EX_ERR;
	}
	if (r == EX_OK)
		r = exec_with(ev, sc, s, idx + 1);
	if (t->exit_exc) {
		/* __exit__(type, value, tb): the pending exception goes in, a true
		 * result suppresses it; return/break/continue pass None */
		struct saved_err se;
		struct value *exc = r == EX_ERR ? val_incref(ev->err) : NULL;
		save_err(ev, &se);
		int sup = t->exit_exc(ev, cm, exc);
		val_decref(exc);
		if (sup < 0) {
			drop_saved(ev, &se);
			r = EX_ERR;
		} else if (sup && r == EX_ERR) {
			restore_err(ev, &se);
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			r = EX_OK;
		} else {
			restore_err(ev, &se);
		}
		val_decref(cm);
		return r;
	}
	struct saved_err se;
	save_err(ev, &se);
	if (t->exit(ev, cm) < 0) {
		drop_saved(ev, &se);
		r = EX_ERR;
	} else {
		restore_err(ev, &se);
	}
	val_decref(cm);
	return r;
}

static int exec_raise(struct eval *ev, struct scope *sc, struct node *s)
{
	if (!s->a) {
		if (!ev->handling) {
			err_set(ev, TY_RuntimeError, "No active exception to reraise");
			return EX_ERR;
		}
		err_set_value(ev, val_incref(ev->handling));
		return EX_ERR;
	}
	struct value *x = eval_expr(ev, sc, s->a);
	if (!x)
		return EX_ERR;
	if (s->b) {
		struct value *c = eval_expr(ev, sc, s->b);
		if (!c) {
			val_decref(x);
			return EX_ERR;
		}
		val_decref(c);
	}
	if ((x->type == VT_TYPE && typeid_is_exception(x->u.ty)) || pyobj_hooks.cls_is_class(x)) {
		struct value *e = val_call(ev, x, 0, NULL, NULL);
		val_decref(x);
		if (!e)
			return EX_ERR;
		x = e;
	}
	set_line(ev, s->line);
	if (x->type != VT_EXCEPTION) {
		val_decref(x);
		err_set(ev, TY_TypeError, "exceptions must derive from BaseException");
		return EX_ERR;
	}
	err_set_value(ev, x);
	return EX_ERR;
}

static int for_body(struct eval *ev, struct scope *sc, struct node *s, struct value *x, int *brk)
{
	if (ev->interrupt && ev_check_interrupt(ev))
		return EX_ERR;
	if (ev_assign(ev, sc, s->a, x) < 0)
		return EX_ERR;
	int r = ev_exec_block(ev, sc, &s->l);
	if (r == EX_BREAK) {
		*brk = 1;
		return EX_OK;
	}
	if (r == EX_CONTINUE)
		return EX_OK;
	return r;
}

static int exec_for(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *it = eval_expr(ev, sc, s->b);
	int brk = 0, r = EX_OK;
	if (!it)
		return EX_ERR;
	if (it->type == VT_RANGE) {
		struct range g = it->u.range;
		int64_t n = range_len(&g);
		for (int64_t i = 0; i < n && r == EX_OK && !brk; i++) {
			struct value *x = val_int(g.start + i * g.step);
			if (!x) {
				err_nomem(ev);
				r = EX_ERR;
				break;
			}
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
	} else if (it->type == VT_LIST) {
		/* a list is iterated live, as Python does */
		for (size_t i = 0; i < it->u.seq.n && r == EX_OK && !brk; i++) {
			struct value *x = val_incref(it->u.seq.items[i]);
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
	} else if (ev_lazy_iterable(it)) {
		/* iterators, generators, user classes: one item at a time */
		struct value *iter = pyobj_hooks.val_iter(ev, it);
		if (!iter) {
			val_decref(it);
			return EX_ERR;
		}
		if (val_iterobj_list_borrow(iter)) {
			/* a list made at once (a set's items): as a list */
			struct value *items = val_iter_list(ev, iter);
			val_decref(iter);
			if (!items) {
				val_decref(it);
				return EX_ERR;
			}
			for (size_t i = 0; i < items->u.seq.n && r == EX_OK && !brk; i++)
				r = for_body(ev, sc, s, items->u.seq.items[i], &brk);
			val_decref(items);
			iter = NULL;
		}
		while (iter && r == EX_OK && !brk) {
			struct value *x = pyobj_hooks.val_next(ev, iter);
			if (!x) {
				if (err_occurred(ev))
					r = EX_ERR;
				break;
			}
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
		val_decref(iter);
	} else {
		struct value *items = val_iter_list(ev, it);
		if (!items) {
			val_decref(it);
			return EX_ERR;
		}
		for (size_t i = 0; i < items->u.seq.n && r == EX_OK && !brk; i++)
			r = for_body(ev, sc, s, items->u.seq.items[i], &brk);
		val_decref(items);
	}
	val_decref(it);
	if (r == EX_OK && !brk && s->l2.n)
		r = ev_exec_block(ev, sc, &s->l2);
	return r;
}

/* The truth of expression n: 1 or 0, or -1 with the error set */
static int eval_truth(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *v = eval_expr(ev, sc, n);
	if (!v)
		return -1;
	int t = val_truth(ev, v);
	val_decref(v);
	return t;
}

static int exec_while(struct eval *ev, struct scope *sc, struct node *s)
{
	for (;;) {
		if (ev_check_interrupt(ev))
			return EX_ERR;
		int t = eval_truth(ev, sc, s->a);
		if (t < 0)
			return EX_ERR;
		if (!t)
			break;
		int r = ev_exec_block(ev, sc, &s->l);
		if (r == EX_BREAK)
			return EX_OK;
		if (r == EX_CONTINUE || r == EX_OK)
			continue;
		return r;
	}
	if (s->l2.n)
		return ev_exec_block(ev, sc, &s->l2);
	return EX_OK;
}

/* The body of class statement s in a dict of its own: the class, or NULL */
/* `name: annotation` in a class body: __annotations__[name] = annotation */
static int record_annotation(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *ann = dict_getstr_borrow(sc->locals, "__annotations__");
	if (!ann) {
		ann = val_dict_new();
		if (!ann || dict_setstr(sc->locals, "__annotations__", ann) < 0) {
			err_nomem(ev);
			return -1;
		}
	}
	if (ann->type != VT_DICT) {
		err_set(ev, TY_NotImplementedError, "__annotations__ that is not a dict is not supported by Lumen");
		return -1;
	}
	/* the annotation's text, or NULL where it spans lines (not kept as text) */
	const struct arena *ar = sc->fd ? sc->fd->arena : NULL;
	int one_line = ar && ar->lines && s->c->line == s->c->end_line && s->c->line >= 1 &&
		       s->c->line <= ar->nlines && s->c->end_col > s->c->col;
	struct value *v = NULL;
	if (!(ev->future_annotations && one_line)) {
		v = eval_expr(ev, sc, s->c);
		if (!v) {
			/* an annotation Lumen cannot evaluate (`int | None`, a name
			 * defined later) is kept as its text, as `from __future__
			 * import annotations` keeps them all (Python 3.14 defers them) */
			struct value *e = err_fetch(ev);
			if (!(one_line && e && e->type == VT_EXCEPTION &&
			      (e->u.exc.type == TY_TypeError || e->u.exc.type == TY_NameError))) {
				err_set_value(ev, e);
				return -1;
			}
			val_decref(e);
			err_tb_clear(ev);
		}
	}
	if (!v) {
		const char *t = ar->lines[s->c->line - 1] + s->c->col;
		char *txt = strndup(t, (size_t)(s->c->end_col - s->c->col));
		v = txt ? val_cstr(txt) : NULL;
		free(txt);
		if (!v) {
			err_nomem(ev);
			return -1;
		}
	}
	if (dict_setstr(ann, s->a->s, v) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

static struct value *class_body(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *cls = NULL, *ns = NULL, *bases = val_list_new(0, NULL);
	struct scope cs = { .fd = s->fn, .globals = sc->globals };
	if (!bases)
		return err_nomem(ev);
	if (eval_items(ev, sc, &s->l, bases) < 0)
		goto out;
	for (int i = 0; i < s->l2.n; i++)
		if (!s->l2.v[i]->s || strcmp(s->l2.v[i]->s, "metaclass") == 0) {
			err_set(ev, TY_NotImplementedError, "class keywords (metaclass=) are not supported by Lumen");
			goto out;
		} else {
			err_set(ev, TY_TypeError, "%s.__init_subclass__() takes no keyword arguments", s->s);
			goto out;
		}
	ns = val_dict_new();
	struct value *modname = dict_getstr_borrow(sc->globals, "__name__");
	if (!ns || dict_setstr(ns, "__module__", modname ? val_incref(modname) : val_cstr("__main__")) < 0 ||
	    dict_setstr(ns, "__qualname__", val_cstr(s->s)) < 0 ||
	    (s->fn->doc && dict_setstr(ns, "__doc__", val_cstr(s->fn->doc)) < 0)) {
		err_nomem(ev);
		goto out;
	}
	cs.locals = ns;
	if (ev_closure_of(ev, sc, &cs.closure) < 0)
		goto out;
	if (ev_push_frame(ev, s->fn->arena, s->s, s->line) < 0)
		goto out;
	int r = ev_exec_block(ev, &cs, &s->fn->body);
	ev_pop_frame(ev);
	if (r == EX_OK)
		cls = pyobj_hooks.cls_build(ev, s->s, (int)bases->u.seq.n, bases->u.seq.items, ns, sc->globals);
out:
	val_decref(cs.closure);
	val_decref(ns);
	val_decref(bases);
	return cls;
}

/* def and class statements: the decorators (evaluated first, applied
 * innermost first), then the name bound */
static int exec_def(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *decs[32], *v = NULL;
	int nd = 0, rc = EX_ERR;
	if (s->l3.n > 32) {
		err_set(ev, TY_NotImplementedError, "more than 32 decorators");
		return EX_ERR;
	}
	for (; nd < s->l3.n; nd++)
		if (!(decs[nd] = eval_expr(ev, sc, s->l3.v[nd])))
			goto out;
	v = s->kind == S_CLASS ? class_body(ev, sc, s) : ev_make_function(ev, sc, s->fn);
	for (int i = nd - 1; i >= 0 && v; i--) {
		set_line(ev, s->l3.v[i]->line);
		struct value *w = val_call(ev, decs[i], 1, &v, NULL);
		val_decref(v);
		v = w;
	}
	if (v && ev_store_name(ev, sc, s->s, v) == 0)
		rc = EX_OK;
out:
	val_decref(v);
	for (int i = 0; i < nd; i++)
		val_decref(decs[i]);
	return rc;
}

static int exec_help(struct eval *ev, struct node *s)
{
	char *text = lang_hooks.inspect_text ? lang_hooks.inspect_text(ev, s->s, s->op - 1) : NULL;
	if (!text) {
		if (err_occurred(ev))
			return EX_ERR;
		text = strdup("Object `");
		if (text) {
			struct sbuf b = {0};
			sb_printf(&b, "Object `%s` not found.\n", s->s);
			free(text);
			text = sb_take(&b);
		}
		if (!text) {
			err_nomem(ev);
			return EX_ERR;
		}
		ev_write(ev, 1, text, strlen(text));
		free(text);
		return EX_OK;
	}
	if (ev->sink && ev->sink->page) {
		struct engine_bundle b = {0};
		b.n = 1;
		b.mime[0] = "text/plain";
		b.data[0] = text;
		b.len[0] = strlen(text);
		ev->sink->page(ev->sink->ctx, &b);
	} else {
		ev_write(ev, 1, text, strlen(text));
		if (text[0] && text[strlen(text) - 1] != '\n')
			ev_write(ev, 1, "\n", 1);
	}
	free(text);
	return EX_OK;
}

/* magic_line with the scope it runs in (ev->magic: {expr} sees the locals) */
int ev_magic_in(struct eval *ev, struct scope *sc, const char *text, int assigned,
		    struct value **result)
{
	if (!lang_hooks.magic) {
		err_set(ev, TY_NotImplementedError, "magics need the session (engine_init_layers)");
		return -1;
	}
	void *saved = ev->magic;
	ev->magic = sc;
	int rc = lang_hooks.magic(ev, text, assigned, result);
	ev->magic = saved;
	return rc;
}

int ev_exec_magic(struct eval *ev, struct scope *sc, struct node *s, struct value **result)
{
	struct value *res = NULL;
	if (ev_magic_in(ev, sc, s->s, 0, result ? &res : NULL) < 0)
		return EX_ERR;
	if (result)
		*result = res;
	else
		val_decref(res);
	return EX_OK;
}

static __attribute__((noinline)) int exec_stmt_rest(struct eval *ev, struct scope *sc,
						       struct node *s)
{
	struct value *v;
	switch (s->kind) {
	case S_EXPR:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		val_decref(v);
		return EX_OK;
	case S_ASSIGN:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		for (int i = 0; i < s->l.n; i++)
			if (ev_assign(ev, sc, s->l.v[i], v) < 0) {
				val_decref(v);
				return EX_ERR;
			}
		val_decref(v);
		return EX_OK;
	case S_AUGASSIGN:
		return exec_augassign(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_ANNASSIGN:
		/* a class body records `name: annotation` in __annotations__, in order */
		if (sc->fd && sc->fd->is_class && s->c && s->a->kind == N_NAME && sc->locals->type == VT_DICT &&
		    record_annotation(ev, sc, s) < 0)
			return EX_ERR;
		if (!s->b)
			return EX_OK;
		v = eval_expr(ev, sc, s->b);
		if (!v)
			return EX_ERR;
		{
			int r = ev_assign(ev, sc, s->a, v);
			val_decref(v);
			return r < 0 ? EX_ERR : EX_OK;
		}
	case S_DEL:
		for (int i = 0; i < s->l.n; i++)
			if (del_target(ev, sc, s->l.v[i]) < 0)
				return EX_ERR;
		return EX_OK;
	case S_IF: {
		int t = eval_truth(ev, sc, s->a);
		if (t < 0)
			return EX_ERR;
		return ev_exec_block(ev, sc, t ? &s->l : &s->l2);
	}
	case S_FOR:
		return exec_for(ev, sc, s);
	case S_WHILE:
		return exec_while(ev, sc, s);
	case S_BREAK:
		return EX_BREAK;
	case S_CONTINUE:
		return EX_CONTINUE;
	case S_PASS: case S_GLOBAL: case S_NONLOCAL:
		return EX_OK;
	case S_DEF: case S_CLASS:
		return exec_def(ev, sc, s);
	case S_RETURN:
		v = s->a ? eval_expr(ev, sc, s->a) : val_none();
		if (!v)
			return EX_ERR;
		val_decref(ev->retval);
		ev->retval = v;
		return EX_RETURN;
	case S_ASSERT: {
		int t = eval_truth(ev, sc, s->a);
		if (t < 0)
			return EX_ERR;
		if (t)
			return EX_OK;
		if (s->b) {
			struct value *m = eval_expr(ev, sc, s->b);
			if (!m)
				return EX_ERR;
			struct value *e = val_exception_new(TY_AssertionError, NULL);
			if (!e) {
				val_decref(m);
				err_nomem(ev);
				return EX_ERR;
			}
			val_decref(e->u.exc.args);
			e->u.exc.args = val_tuple_new(1, &m);
			err_set_value(ev, e);
		} else {
			err_set_value(ev, val_exception_new(TY_AssertionError, NULL));
		}
		if (!ev->err)
			err_nomem(ev);
		return EX_ERR;
	}
	case S_RAISE:
		return exec_raise(ev, sc, s);
	case S_TRY:
		return exec_try(ev, sc, s);
	case S_WITH:
		return exec_with(ev, sc, s, 0);
	case S_IMPORT:
		return exec_import(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_FROM:
		return exec_from(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_HELP:
		return exec_help(ev, s);
	case S_MAGIC:
		return ev_exec_magic(ev, sc, s, NULL);
	default:
		err_set(ev, TY_RuntimeError, "unknown statement");
		return EX_ERR;
	}
}

int ev_exec_stmt(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *v;
	set_line(ev, s->line);
	switch (s->kind) {
	case S_EXPR:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		val_decref(v);
		return EX_OK;
	case S_ASSIGN:
		if (s->l.n != 1)
			return exec_stmt_rest(ev, sc, s);
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		{
			int r = ev_assign(ev, sc, s->l.v[0], v);
			val_decref(v);
			return r < 0 ? EX_ERR : EX_OK;
		}
	case S_RETURN:
		v = s->a ? eval_expr(ev, sc, s->a) : val_none();
		if (!v)
			return EX_ERR;
		val_decref(ev->retval);
		ev->retval = v;
		return EX_RETURN;
	case S_PASS:
		return EX_OK;
	default:
		return exec_stmt_rest(ev, sc, s);
	}
}

int ev_exec_block(struct eval *ev, struct scope *sc, const struct nlist *l)
{
	for (int i = 0; i < l->n; i++) {
		if (ev->interrupt && ev_check_interrupt(ev))
			return EX_ERR;
		int r = ev_exec_stmt(ev, sc, l->v[i]);
		if (r != EX_OK)
			return r;
	}
	return EX_OK;
}
