/*
 * eval_expr.c — the evaluator's expressions: names, displays, f-strings,
 * comparisons, calls and their arguments, comprehensions and generator
 * expressions, yield, and the operators (elementwise subtrees go to the
 * statement fuser through ev_fuser).  New references, or NULL with the
 * error set; owns nothing beyond one evaluation.
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

static int leaf_binop(struct node *n);

/* ---- expressions ---- */

/* a name that failed to load: point the traceback at it */
void ev_set_span_err(struct eval *ev, const struct node *n)
{
	if (ev->ntb && ev->nframes && ev->ntb == ev->nframes) {
		ev->tb[ev->ntb - 1].node = n;
		ev->tb[ev->ntb - 1].line = n->line;
	}
}

/* n names a global (a module-level name, one declared global, or one no
 * enclosing scope can hold) */
static int global_name(const struct scope *sc, const struct node *n)
{
	return (n->nscope == NS_UNRESOLVED && sc->locals == sc->globals) || n->nscope == NS_GLOBAL ||
	       (n->nscope == NS_FREE && ev_chain_empty(sc));
}

/* The borrowed value of global name n from its cache, or NULL */
static struct value *global_cached(struct eval *ev, struct scope *sc, const struct node *n)
{
	const struct dict *g = sc->globals->u.dict, *b;
	if (n->gdict != g || n->gver != g->version)
		return NULL;
	if (!n->gin_builtins)
		return g->entries[n->gidx].val;
	b = ev->builtins->u.dict;
	if (n->bdict != b || n->bver != b->version)
		return NULL;
	return b->entries[n->gidx].val;
}

/* load_global for name node n, remembering where it was found */
static struct value *load_global_node(struct eval *ev, struct scope *sc, struct node *n)
{
	struct dict_entry *e;
	struct value *v = global_cached(ev, sc, n);
	if (v)
		return val_incref(v);
	ev_name_hash(n);
	if ((e = dict_findstr(sc->globals, n->s, n->slen, n->hash))) {
		n->gdict = sc->globals->u.dict;
		n->gver = n->gdict->version;
		n->gidx = (size_t)(e - n->gdict->entries);
		n->gin_builtins = 0;
		return val_incref(e->val);
	}
	if ((e = dict_findstr(ev->builtins, n->s, n->slen, n->hash))) {
		n->gdict = sc->globals->u.dict;
		n->gver = n->gdict->version;
		n->bdict = ev->builtins->u.dict;
		n->bver = n->bdict->version;
		n->gidx = (size_t)(e - n->bdict->entries);
		n->gin_builtins = 1;
		return val_incref(e->val);
	}
	return err_set(ev, TY_NameError, "name '%s' is not defined", n->s);
}

/* a store to global name n (store_name_h's road for it) */
int ev_store_global_node(struct eval *ev, struct scope *sc, struct node *n, struct value *v)
{
	struct dict *g = sc->globals->u.dict;
	struct dict_entry *e;
	if (n->gdict == g && n->gver == g->version && !n->gin_builtins) {
		struct value *old = g->entries[n->gidx].val;
		g->entries[n->gidx].val = val_incref(v);
		val_decref(old);
		return 0;
	}
	ev_name_hash(n);
	if (ev_scope_set(ev, sc->globals, n->s, n->slen, n->hash, v) < 0)
		return -1;
	if ((e = dict_findstr(sc->globals, n->s, n->slen, n->hash))) {
		n->gdict = g;
		n->gver = g->version;
		n->gidx = (size_t)(e - g->entries);
		n->gin_builtins = 0;
	}
	return 0;
}

/* The value of a name node the resolver gave no slot, or whose slot is
 * empty: load_name_h, or its global road when it is known to be that. */
__attribute__((noinline)) struct value *eval_name_slow(struct eval *ev, struct scope *sc,
								struct node *n)
{
	struct value *r;
	if (global_name(sc, n)) {
		r = load_global_node(ev, sc, n);
	} else {
		ev_name_hash(n);
		r = ev_load_name_h(ev, sc, n->s, n->slen, n->hash);
	}
	if (!r)
		ev_set_span_err(ev, n);
	return r;
}

/* Appends n's items (expanding *x) to list */
int eval_items(struct eval *ev, struct scope *sc, const struct nlist *l, struct value *list)
{
	for (int i = 0; i < l->n; i++) {
		struct node *e = l->v[i];
		if (e->kind == N_STARRED) {
			struct value *x = eval_expr(ev, sc, e->a);
			if (!x)
				return -1;
			struct value *items = val_iter_list(ev, x);
			val_decref(x);
			if (!items)
				return -1;
			for (size_t k = 0; k < items->u.seq.n; k++)
				if (list_append(list, val_incref(items->u.seq.items[k])) < 0) {
					val_decref(items);
					err_nomem(ev);
					return -1;
				}
			val_decref(items);
		} else {
			struct value *x = eval_expr(ev, sc, e);
			if (!x)
				return -1;
			if (list_append(list, x) < 0) {
				err_nomem(ev);
				return -1;
			}
		}
	}
	return 0;
}

static struct value *list_to_tuple(struct value *list)
{
	if (!list)
		return NULL;
	struct value *t = val_tuple_new(0, NULL);
	if (!t) {
		val_decref(list);
		return NULL;
	}
	if (list->refcnt == 1) {
		t->u.seq = list->u.seq;
		t->u.seq.named = NULL; /* a list's class (SList) is no named tuple */
		list->u.seq.items = NULL;
		list->u.seq.n = list->u.seq.cap = 0;
	} else {
		val_decref(t);
		t = val_tuple_new(list->u.seq.n, list->u.seq.items);
		for (size_t i = 0; i < list->u.seq.n; i++)
			val_incref(list->u.seq.items[i]);
	}
	val_decref(list);
	return t;
}

static struct value *eval_fstring(struct eval *ev, struct scope *sc, struct node *n)
{
	struct sbuf b = {0};
	for (int i = 0; i < n->l.n; i++) {
		struct node *p = n->l.v[i];
		if (p->kind == N_CONST) {
			sb_add(&b, p->v->u.str->s, p->v->u.str->len);
			continue;
		}
		struct value *x = eval_expr(ev, sc, p->a);
		if (!x)
			goto fail;
		char *s = NULL;
		if (p->op == 'r' || p->op == 'a') {
			s = val_repr(ev, x);
			if (s && p->b) {
				struct value *sv = val_str_take(s, strlen(s));
				val_decref(x);
				x = sv;
				s = NULL;
				if (!x)
					goto fail;
			}
		} else if (p->op == 's' && p->b) {
			s = val_str_of(ev, x);
			struct value *sv = s ? val_str_take(s, strlen(s)) : NULL;
			s = NULL;
			val_decref(x);
			x = sv;
			if (!x)
				goto fail;
		}
		if (!s && !err_occurred(ev)) {
			if (p->b) {
				struct value *spec = eval_fstring(ev, sc, p->b);
				if (!spec) {
					val_decref(x);
					goto fail;
				}
				s = pyobj_hooks.strfmt_spec(ev, x, spec->u.str->s);
				val_decref(spec);
			} else {
				s = x->type == VT_SCALAR ? pyobj_hooks.strfmt_spec(ev, x, "") : val_str_of(ev, x);
			}
		}
		val_decref(x);
		if (!s)
			goto fail;
		sb_adds(&b, s);
		free(s);
	}
	{
		size_t len = b.n;
		char *s = sb_take(&b);
		if (!s)
			return err_nomem(ev);
		return val_str_take(s, len);
	}
fail:
	free(b.s);
	return NULL;
}

static struct value *eval_compare(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *l = eval_expr(ev, sc, n->l.v[0]);
	if (!l)
		return NULL;
	for (int i = 1; i < n->l.n; i++) {
		struct value *r = eval_expr(ev, sc, n->l.v[i]);
		if (!r) {
			val_decref(l);
			return NULL;
		}
		set_span(ev, n);
		struct value *res = val_compare_value(ev, n->ops[i - 1], l, r);
		val_decref(l);
		if (!res || i == n->l.n - 1) {
			val_decref(r);
			return res;
		}
		int t = val_truth(ev, res);
		if (t <= 0) {
			val_decref(r);
			if (t < 0) {
				val_decref(res);
				return NULL;
			}
			return res;
		}
		val_decref(res);
		l = r;
	}
	return l;
}

/* Evaluates n's positional arguments from index `from` (appended to
 * ca->args, which may hold already evaluated ones) and its keywords, in
 * Python's order.  0, or -1 with the error set; callargs_free either way. */
int callargs_eval(struct eval *ev, struct scope *sc, struct node *n, int from,
		  struct callargs *ca)
{
	struct nlist rest = { n->l.v ? n->l.v + from : NULL, n->l.n - from }; /* no args: v is NULL */
	ca->kw.names = ca->knames;
	ca->kw.vals = ca->kvals;
	if (eval_items(ev, sc, &rest, ca->args) < 0)
		return -1;
	for (int i = 0; i < n->l2.n; i++) {
		struct node *k = n->l2.v[i];
		struct value *x = eval_expr(ev, sc, k->a);
		if (!x)
			return -1;
		if (k->s) {
			if (ca->kw.n >= 64) {
				val_decref(x);
				err_set(ev, TY_TypeError, "too many keyword arguments");
				return -1;
			}
			ca->knames[ca->kw.n] = k->s;
			ca->kvals[ca->kw.n++] = x;
			continue;
		}
		if (x->type != VT_DICT || ca->nkd >= 8) {
			err_set(ev, TY_TypeError, "%s() argument after ** must be a mapping, not %s",
				"function", val_type_name(x));
			val_decref(x);
			return -1;
		}
		ca->kdicts[ca->nkd++] = x;
		for (size_t j = 0; j < x->u.dict->n; j++) {
			struct dict_entry *e = &x->u.dict->entries[j];
			if (!e->key)
				continue;
			if (e->key->type != VT_STR) {
				err_set(ev, TY_TypeError, "keywords must be strings");
				return -1;
			}
			for (int q = 0; q < ca->kw.n; q++)
				if (strcmp(ca->knames[q], e->key->u.str->s) == 0) {
					err_set(ev, TY_TypeError, "got multiple values for keyword argument '%s'", ca->knames[q]);
					return -1;
				}
			if (ca->kw.n >= 64) {
				err_set(ev, TY_TypeError, "too many keyword arguments");
				return -1;
			}
			ca->knames[ca->kw.n] = e->key->u.str->s;
			ca->kvals[ca->kw.n++] = val_incref(e->val);
		}
	}
	return 0;
}

void callargs_free(struct callargs *ca)
{
	for (int i = 0; i < ca->kw.n; i++)
		val_decref(ca->kvals[i]);
	for (int i = 0; i < ca->nkd; i++)
		val_decref(ca->kdicts[i]);
	val_decref(ca->args);
}

/* The usual call, positional arguments only and none unpacked (call_rest's
 * case): its arguments go in an array on the stack instead of a list. */
enum { PLAIN_ARGS = 8 };
static int plain_args(const struct node *n, int from)
{
	if (n->l2.n || n->l.n - from > PLAIN_ARGS)
		return 0;
	for (int i = from; i < n->l.n; i++)
		if (n->l.v[i]->kind == N_STARRED)
			return 0;
	return 1;
}

/* call_rest for plain_args: the same order of evaluation and errors */
static struct value *call_plain(struct eval *ev, struct scope *sc, struct node *n,
				struct value *f, struct value *first)
{
	struct value *argv[PLAIN_ARGS + 1], *res = NULL;
	struct kwargs kw = {0};
	int argc = 0;
	if (first)
		argv[argc++] = first;
	for (int i = first ? 1 : 0; i < n->l.n; i++) {
		struct value *x = eval_expr(ev, sc, n->l.v[i]);
		if (!x)
			goto out;
		argv[argc++] = x;
	}
	set_span(ev, n);
	if (!ev->interrupt || !ev_check_interrupt(ev))
		res = val_call(ev, f, argc, argv, &kw);
out:
	for (int i = 0; i < argc; i++)
		val_decref(argv[i]);
	val_decref(f);
	return res;
}

/* Calls f (stolen) with n's arguments; first (stolen, may be NULL) is the
 * already evaluated first positional argument. */
struct value *call_rest(struct eval *ev, struct scope *sc, struct node *n,
			struct value *f, struct value *first)
{
	struct callargs ca;
	struct value *res = NULL;
	if (plain_args(n, first ? 1 : 0))
		return call_plain(ev, sc, n, f, first);
	memset(&ca, 0, sizeof ca);
	ca.args = val_list_new(0, NULL);
	if (!ca.args) {
		val_decref(first);
		val_decref(f);
		return err_nomem(ev);
	}
	if (first && list_append(ca.args, first) < 0) { /* list_append steals */
		val_decref(ca.args);
		val_decref(f);
		return err_nomem(ev);
	}
	if (callargs_eval(ev, sc, n, first ? 1 : 0, &ca) < 0)
		goto out;
	set_span(ev, n);
	if (ev_check_interrupt(ev))
		goto out;
	res = val_call(ev, f, (int)ca.args->u.seq.n, ca.args->u.seq.items, &ca.kw);
out:
	callargs_free(&ca);
	val_decref(f);
	return res;
}

/* A call of eval, exec, globals or locals (ev_scope_builtin): call_rest
 * with the caller's scope in ev->call_scope while the builtin runs (it
 * takes it and clears it: a builtin called by another, map(eval, ...),
 * sees none and uses the module's). */
static struct value *call_scoped(struct eval *ev, struct scope *sc, struct node *n, struct value *f)
{
	struct callargs ca;
	struct value *res = NULL;
	memset(&ca, 0, sizeof ca);
	if (!(ca.args = val_list_new(0, NULL))) {
		val_decref(f);
		return err_nomem(ev);
	}
	if (callargs_eval(ev, sc, n, 0, &ca) == 0) {
		set_span(ev, n);
		if (!ev_check_interrupt(ev)) {
			void *saved = ev->call_scope;
			ev->call_scope = sc;
			res = val_call(ev, f, (int)ca.args->u.seq.n, ca.args->u.seq.items, &ca.kw);
			ev->call_scope = saved;
		}
	}
	callargs_free(&ca);
	val_decref(f);
	return res;
}

/* A binary operation or 2-operand comparison whose operands are not
 * themselves fusable (names, constants, subscripts ...): fuse_sub's walk
 * without its bookkeeping when neither operand is an array, and Python
 * ints added, subtracted, multiplied or compared in place. */
static __attribute__((noinline)) struct value *eval_binop_leaves(struct eval *ev, struct scope *sc,
								   struct node *n)
{
	int cmp = n->kind == N_COMPARE;
	struct value *a = eval_expr(ev, sc, cmp ? n->l.v[0] : n->a), *b, *r;
	if (!a)
		return NULL;
	if (!(b = eval_expr(ev, sc, cmp ? n->l.v[1] : n->b))) {
		val_decref(a);
		return NULL;
	}
	if (a->type == VT_NDARRAY || b->type == VT_NDARRAY)
		return ev_fuser.values(ev, n, a, b);
	set_span(ev, n);
	if (a->type == VT_INT && b->type == VT_INT) {
		int64_t x = a->u.i, y = b->u.i, z;
		int t = -1;
		r = NULL;
		if (!cmp) {
			switch (n->op) {
			case OP_ADD: if (!__builtin_add_overflow(x, y, &z)) r = val_int(z); break;
			case OP_SUB: if (!__builtin_sub_overflow(x, y, &z)) r = val_int(z); break;
			case OP_MUL: if (!__builtin_mul_overflow(x, y, &z)) r = val_int(z); break;
			default: break;
			}
			if (r)
				goto done;
		} else {
			switch (n->ops[0]) {
			case CMP_LT: t = x < y; break;
			case CMP_LE: t = x <= y; break;
			case CMP_EQ: t = x == y; break;
			case CMP_NE: t = x != y; break;
			case CMP_GT: t = x > y; break;
			case CMP_GE: t = x >= y; break;
			default: break;
			}
			if (t >= 0) {
				r = val_bool(t);
				goto done;
			}
		}
	}
	r = cmp ? val_compare_value(ev, n->ops[0], a, b) : val_binop(ev, (enum binop)n->op, a, b);
done:
	val_decref(a);
	val_decref(b);
	return r;
}

/* iterated one item at a time (val_iter / val_next): generators,
 * iterators and objects of user classes, not the snapshot iterators */
int ev_lazy_iterable(struct value *it)
{
	return it->type == VT_OBJECT && (it->u.obj.t->next || it->u.obj.t->iter) &&
	       !val_iterobj_list_borrow(it);
}

/* Runs the clauses of a comprehension from clause ci; appends to out.
 * first: the value of clause 0's iterable, evaluated in the enclosing scope. */
static int comp_loop(struct eval *ev, struct scope *sc, struct node *n, int ci, struct value *out,
		     struct value *first)
{
	if (ci == n->l.n) {
		if (n->kind == N_DICTCOMP) {
			struct value *k = eval_expr(ev, sc, n->a);
			struct value *v = k ? eval_expr(ev, sc, n->b) : NULL;
			int r = v ? dict_set(ev, out, k, v) : -1;
			val_decref(k);
			val_decref(v);
			return r;
		}
		struct value *x = eval_expr(ev, sc, n->a);
		if (!x)
			return -1;
		if (!out) {
			/* a generator expression */
			struct value *y = pyobj_hooks.gen_yield(ev, x);
			val_decref(x);
			val_decref(y);
			return y ? 0 : -1;
		}
		if (list_append(out, x) < 0) {
			err_nomem(ev);
			return -1;
		}
		return 0;
	}
	struct node *c = n->l.v[ci];
	if (c->kind == N_COMPIF) {
		struct value *x = eval_expr(ev, sc, c->a);
		if (!x)
			return -1;
		int t = val_truth(ev, x);
		val_decref(x);
		if (t < 0)
			return -1;
		return t ? comp_loop(ev, sc, n, ci + 1, out, first) : 0;
	}
	struct value *it = ci == 0 ? val_incref(first) : eval_expr(ev, sc, c->b);
	if (!it)
		return -1;
	if (it->type == VT_RANGE) {
		struct range r = it->u.range;
		int64_t cnt = range_len(&r);
		val_decref(it);
		for (int64_t i = 0; i < cnt; i++) {
			if (ev->interrupt && ev_check_interrupt(ev))
				return -1;
			struct value *x = val_int(r.start + i * r.step);
			if (!x) {
				err_nomem(ev);
				return -1;
			}
			int rc = ev_assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0 || comp_loop(ev, sc, n, ci + 1, out, first) < 0)
				return -1;
		}
		return 0;
	}
	if (it->type == VT_LIST) {
		/* a list is iterated live, as Python does */
		int last = ci + 1 == n->l.n && n->kind == N_LISTCOMP && out, rc = 0;
		for (size_t i = 0; i < it->u.seq.n && rc == 0; i++) {
			struct value *x = val_incref(it->u.seq.items[i]), *y;
			if (ev->interrupt && ev_check_interrupt(ev))
				rc = -1;
			else
				rc = ev_assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0)
				break;
			if (!last) {
				rc = comp_loop(ev, sc, n, ci + 1, out, first);
			} else if (!(y = eval_expr(ev, sc, n->a))) {
				rc = -1;
			} else if (list_append(out, y) < 0) {
				err_nomem(ev);
				rc = -1;
			}
		}
		val_decref(it);
		return rc;
	}
	if (ev_lazy_iterable(it)) {
		struct value *iter = pyobj_hooks.val_iter(ev, it);
		val_decref(it);
		if (!iter)
			return -1;
		if (val_iterobj_list_borrow(iter)) {
			it = iter; /* a list made at once: as below */
			goto eager;
		}
		for (;;) {
			struct value *x = pyobj_hooks.val_next(ev, iter);
			if (!x) {
				val_decref(iter);
				return err_occurred(ev) ? -1 : 0;
			}
			int rc = (ev->interrupt && ev_check_interrupt(ev)) ? -1 : ev_assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0 || comp_loop(ev, sc, n, ci + 1, out, first) < 0) {
				val_decref(iter);
				return -1;
			}
		}
	}
eager:;
	struct value *items = val_iter_list(ev, it);
	val_decref(it);
	if (!items)
		return -1;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		if ((ev->interrupt && ev_check_interrupt(ev)) || ev_assign(ev, sc, c->a, items->u.seq.items[i]) < 0 ||
		    comp_loop(ev, sc, n, ci + 1, out, first) < 0) {
			val_decref(items);
			return -1;
		}
	}
	val_decref(items);
	return 0;
}

/* a generator expression: its scope and its first iterable */
struct genexp {
	struct node *n;
	struct arena *arena;
	struct value *locals, *closure, *globals, *it0;
	struct scope sc;
};

static void genexp_free(void *p)
{
	struct genexp *g = p;
	val_decref(g->it0);
	val_decref(g->locals);
	val_decref(g->closure);
	val_decref(g->globals);
	arena_decref(g->arena);
	free(g);
}

static void genexp_traverse(void *p, val_visit_fn visit, void *arg)
{
	struct genexp *g = p;
	if (g->it0)
		visit(g->it0, arg);
	visit(g->locals, arg);
	if (g->closure)
		visit(g->closure, arg);
}

static struct value *genexp_run(struct eval *ev, void *p)
{
	struct genexp *g = p;
	if (ev_push_frame(ev, g->arena, "<genexpr>", g->n->line) < 0)
		return NULL;
	int rc = comp_loop(ev, &g->sc, g->n, 0, NULL, g->it0);
	ev_pop_frame(ev);
	return rc < 0 ? NULL : val_none();
}

/* (elt for t in it ...): a generator over its own scope, which sees the
 * enclosing ones through a closure as a def's body does; the first
 * iterable is evaluated now, in the enclosing scope */
static struct value *eval_genexp(struct eval *ev, struct scope *sc, struct node *n)
{
	struct genexp *g = calloc(1, sizeof *g);
	if (!g)
		return err_nomem(ev);
	g->n = n;
	g->globals = val_incref(sc->globals);
	g->arena = NULL;
	for (int i = ev->nframes - 1; i >= 0 && !g->arena; i--)
		g->arena = ev->frames[i].arena;
	if (!g->arena) {
		genexp_free(g);
		return err_set(ev, TY_RuntimeError, "generator expression outside a frame");
	}
	arena_incref(g->arena);
	g->locals = n->tab ? ev_lframe_new(ev, n->tab) : val_dict_new();
	if (!g->locals) {
		genexp_free(g);
		return n->tab ? NULL : err_nomem(ev);
	}
	if (ev_closure_of(ev, sc, &g->closure) < 0 || !(g->it0 = eval_expr(ev, sc, n->l.v[0]->b))) {
		genexp_free(g);
		return NULL;
	}
	g->sc.locals = g->locals;
	g->sc.closure = g->closure;
	g->sc.globals = g->globals;
	if (n->tab)
		g->sc.slots = ((struct lframe *)g->locals->u.obj.p)->slots;
	return pyobj_hooks.gen_new(ev, "<genexpr>", genexp_run, g, genexp_free, genexp_traverse);
}

static struct value *eval_comprehension(struct eval *ev, struct scope *sc, struct node *n)
{
	if (n->op == 1)
		return eval_genexp(ev, sc, n);
	struct value *out = n->kind == N_DICTCOMP ? val_dict_new() : val_list_new(0, NULL);
	struct value *locals = NULL;
	if (!out)
		goto nomem;
	if (n->tab) {
		if (!(locals = ev_lframe_new(ev, n->tab)))
			goto fail;
	} else if (!(locals = val_dict_new())) {
		goto nomem;
	}
	/* its own scope inside the one it runs in; the first iterable is
	 * evaluated in the enclosing scope */
	struct scope inner = { .locals = locals, .globals = sc->globals, .up = sc };
	if (n->tab)
		inner.slots = ((struct lframe *)locals->u.obj.p)->slots;
	struct value *it0 = eval_expr(ev, sc, n->l.v[0]->b);
	if (!it0)
		goto fail;
	int rc = comp_loop(ev, &inner, n, 0, out, it0);
	val_decref(it0);
	if (rc < 0)
		goto fail;
	if (n->tab)
		ev_lframe_release(locals);
	else
		val_decref(locals);
	return out;
nomem:
	err_nomem(ev);
fail:
	val_decref(out);
	if (locals && n->tab)
		ev_lframe_release(locals);
	else
		val_decref(locals);
	return NULL;
}

/* super() with no arguments: the running def's first argument and the
 * class that holds the def (found by class.c) */
static struct value *super_zero(struct eval *ev, struct scope *sc)
{
	while (sc && !sc->fd)
		sc = sc->up; /* a comprehension inside the method */
	if (!sc || sc->fd->is_class || !sc->fd->nparams || sc->fd->params[0].kind != 0)
		return err_set(ev, TY_RuntimeError, "super(): no arguments");
	const char *p0 = sc->fd->params[0].name;
	size_t n = strlen(p0);
	struct value **r = ev_scope_ref(sc->locals, p0, n, ev_hash_name(p0, n));
	if (!r)
		return err_set(ev, TY_RuntimeError, "super(): arg[0] deleted");
	return pyobj_hooks.cls_super_zero(ev, sc->fd, *r);
}

/* `yield x` / `yield from it` in the running generator */
static struct value *eval_yield(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *x = n->a ? eval_expr(ev, sc, n->a) : val_none();
	if (!x)
		return NULL;
	if (!n->op) {
		struct value *r = pyobj_hooks.gen_yield(ev, x);
		val_decref(x);
		return r;
	}
	struct value *r = pyobj_hooks.gen_yield_from(ev, x);
	val_decref(x);
	return r;
}

/* eval_expr's less frequent nodes: kept out of line so that the common
 * ones pay no part of their frame */
static __attribute__((noinline)) struct value *eval_expr_rest(struct eval *ev, struct scope *sc,
							      struct node *n)
{
	struct value *a, *b, *r;
	switch (n->kind) {
	case N_CONST:
		return val_incref(n->v);
	case N_NAME:
		return eval_name(ev, sc, n);
	case N_FSTRING:
		return eval_fstring(ev, sc, n);
	case N_MAGIC: {
		/* x = %magic args / x = !cmd: the magic's value, the command's output */
		struct value *res = NULL;
		if (ev_magic_in(ev, sc, n->s, 1, &res) < 0)
			return NULL;
		return res ? res : val_none();
	}
	case N_TUPLE: case N_LIST: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		if (eval_items(ev, sc, &n->l, l) < 0) {
			val_decref(l);
			return NULL;
		}
		return n->kind == N_TUPLE ? list_to_tuple(l) : l;
	}
	case N_DICT: {
		struct value *d = val_dict_new();
		if (!d)
			return err_nomem(ev);
		for (int i = 0; i < n->l.n; i++) {
			if (!n->l.v[i]) {
				struct value *m = eval_expr(ev, sc, n->l2.v[i]);
				if (!m)
					goto dfail;
				if (m->type != VT_DICT) {
					err_set(ev, TY_TypeError, "'%s' object is not a mapping", val_type_name(m));
					val_decref(m);
					goto dfail;
				}
				for (size_t j = 0; j < m->u.dict->n; j++)
					if (m->u.dict->entries[j].key &&
					    dict_set(ev, d, m->u.dict->entries[j].key, m->u.dict->entries[j].val) < 0) {
						val_decref(m);
						goto dfail;
					}
				val_decref(m);
				continue;
			}
			a = eval_expr(ev, sc, n->l.v[i]);
			b = a ? eval_expr(ev, sc, n->l2.v[i]) : NULL;
			int rc = b ? dict_set(ev, d, a, b) : -1;
			val_decref(a);
			val_decref(b);
			if (rc < 0)
				goto dfail;
		}
		return d;
dfail:
		val_decref(d);
		return NULL;
	}
	case N_BINOP:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		if (fusable_node(n))
			return ev_fuser.expr(ev, sc, n);
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		b = eval_expr(ev, sc, n->b);
		if (b)
			set_span(ev, n);
		r = b ? val_binop(ev, (enum binop)n->op, a, b) : NULL;
		val_decref(a);
		val_decref(b);
		return r;
	case N_UNOP:
		if (fusable_node(n) && fusable_node(n->a))
			return ev_fuser.expr(ev, sc, n);
		if (fusable_node(n)) {
			/* fuse_sub's N_UNOP over a leaf: an array goes to the fuser */
			a = eval_expr(ev, sc, n->a);
			if (!a)
				return NULL;
			if (a->type == VT_NDARRAY)
				return ev_fuser.values(ev, n, a, NULL);
			set_span(ev, n);
			r = val_unop(ev, (enum unop)n->op, a);
			val_decref(a);
			return r;
		}
		a = eval_expr(ev, sc, n->a);
		if (a)
			set_span(ev, n);
		r = a ? val_unop(ev, (enum unop)n->op, a) : NULL;
		val_decref(a);
		return r;
	case N_AND: case N_OR: {
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		int t = val_truth(ev, a);
		if (t < 0) {
			val_decref(a);
			return NULL;
		}
		if ((n->kind == N_AND) ? !t : t)
			return a;
		val_decref(a);
		return eval_expr(ev, sc, n->b);
	}
	case N_COMPARE:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		if (fusable_node(n))
			return ev_fuser.expr(ev, sc, n);
		return eval_compare(ev, sc, n);
	case N_IFEXP: {
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		int t = val_truth(ev, a);
		val_decref(a);
		if (t < 0)
			return NULL;
		return eval_expr(ev, sc, t ? n->b : n->c);
	}
	case N_CALL:
		if (n->a->kind == N_ATTR && is_reduce_name(n->a->s))
			return ev_fuser.expr(ev, sc, n);
		/* fuse_call, less the x.sum() case */
		if (!(a = eval_expr(ev, sc, n->a)))
			return NULL;
		if (a->type != VT_BUILTIN)
			return call_rest(ev, sc, n, a, NULL);
		if (ev_scope_builtin(a))
			return call_scoped(ev, sc, n, a);
		if (!n->l.n && !n->l2.n && pyobj_hooks.cls_is_super_builtin(a)) {
			val_decref(a);
			set_span(ev, n);
			return super_zero(ev, sc);
		}
		return ev_fuser.call(ev, sc, n, a);
	case N_ATTR:
		a = eval_expr(ev, sc, n->a);
		if (a)
			set_span(ev, n);
		if (a && a->type == VT_MODULE) {
			/* np.float32, np.sin: the node keeps the name's hash */
			struct dict_entry *e;
			ev_name_hash(n);
			e = dict_findstr(a->u.mod.attrs, n->s, n->slen, n->hash);
			if (e) {
				r = val_incref(e->val);
				val_decref(a);
				return r;
			}
		}
		r = a ? val_getattr(ev, a, n->s) : NULL;
		val_decref(a);
		return r;
	case N_SUBSCRIPT:
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		b = eval_expr(ev, sc, n->b);
		if (b)
			set_span(ev, n);
		r = b ? val_getitem(ev, a, b) : NULL;
		val_decref(a);
		val_decref(b);
		return r;
	case N_SLICE: {
		struct value *x = n->a ? eval_expr(ev, sc, n->a) : val_none();
		struct value *y = x ? (n->b ? eval_expr(ev, sc, n->b) : val_none()) : NULL;
		struct value *z = y ? (n->c ? eval_expr(ev, sc, n->c) : val_none()) : NULL;
		if (!z) {
			val_decref(x);
			val_decref(y);
			return NULL;
		}
		r = val_slice_new(x, y, z);
		return r ? r : err_nomem(ev);
	}
	case N_LAMBDA:
		return ev_make_function(ev, sc, n->fn);
	case N_LISTCOMP: case N_DICTCOMP:
		r = eval_comprehension(ev, sc, n);
		if (r && n->op == 2) {
			struct value *st = pyobj_hooks.set_from(ev, r, 0);
			val_decref(r);
			return st;
		}
		return r;
	case N_SET: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		if (eval_items(ev, sc, &n->l, l) < 0) {
			val_decref(l);
			return NULL;
		}
		r = pyobj_hooks.set_from(ev, l, 0);
		val_decref(l);
		return r;
	}
	case N_YIELD:
		return eval_yield(ev, sc, n);
	case N_STARRED:
		return err_set(ev, TY_SyntaxError, "can't use starred expression here");
	default:
		return err_set(ev, TY_RuntimeError, "bad node");
	}
}

/* N_BINOP, or a 2-operand N_COMPARE, whose operands are not fusable
 * (eval_binop_leaves' case): 1 or 0, found once and kept in the node */
static int leaf_binop(struct node *n)
{
	if (!n->leafop) {
		int leaf = n->kind == N_BINOP ? n->op != OP_MATMUL && !fusable_node(n->a) && !fusable_node(n->b)
			   : fusable_node(n) && !fusable_node(n->l.v[0]) && !fusable_node(n->l.v[1]);
		n->leafop = leaf ? 1 : 2;
	}
	return n->leafop == 1;
}

struct value *eval_expr(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *r;
	switch (n->kind) {
	case N_CONST:
		return val_incref(n->v);
	case N_NAME:
		if (n->nscope == NS_LOCAL && sc->slots && (r = sc->slots[n->slot - 1]))
			return val_incref(r);
		return eval_name_slow(ev, sc, n);
	case N_BINOP: case N_COMPARE:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		return eval_expr_rest(ev, sc, n);
	default:
		return eval_expr_rest(ev, sc, n);
	}
}
