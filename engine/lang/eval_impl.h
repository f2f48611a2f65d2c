/*
 * eval_impl.h — private to the evaluator's files (eval.c, eval_expr.c,
 * eval_stmt.c): the running scope, the statements' result codes, and the
 * helpers one file gives the others.  Ownership and errors as in eval.c.
 */
#ifndef LUMEN_EVAL_IMPL_H
#define LUMEN_EVAL_IMPL_H

#include "lang/core.h"
#include "lang/ast.h"
#include "lang/eval_int.h"

enum { EX_OK, EX_ERR, EX_BREAK, EX_CONTINUE, EX_RETURN };

/* A running scope.  Its locals are the globals dict at module level; in a
 * def, lambda or comprehension a frame (struct lframe below, its slots in
 * `slots`) when the resolver gave it a table, else a dict.  Names not bound
 * here are searched in the enclosing scopes: a function's closure (the
 * scopes around its def, innermost first), a comprehension's `up` (the
 * scope it runs in, and that scope's own enclosing ones). */
struct scope {
	struct value *locals;   /* dict or frame (the globals dict at module level) */
	struct value **slots;   /* the frame's slots, or NULL */
	struct value *closure;  /* tuple of enclosing dicts / frames, or NULL */
	const struct funcdef *fd;
	struct value *globals;
	struct scope *up;       /* comprehensions: the scope they run in */
};

/* A frame: the locals of a resolved def, lambda or comprehension.  A
 * VT_OBJECT (never seen by a program: closures hold it) whose slots follow
 * the scope's slottab; names outside the table (`from m import *` in a def)
 * go to a dict made when first needed. */
struct lframe {
	const struct slottab *tab;
	struct value *extra;    /* VT_DICT or NULL */
	struct value *self;     /* the VT_OBJECT that holds it */
	int cap;
	struct value *slots[];
};

/* framegc.c: 1 when nothing outside the objects frame reaches holds it
 * (own: the caller's references to it, about to be dropped), else 0 */
int ev_frame_garbage(struct value *frame, int own);
/* the same over roots[0..n) (distinct containers; own0: references to
 * roots[0] about to be dropped), walking max objects at most: garbage[i]
 * is 1 when nothing outside what the roots reach holds roots[i].  Returns
 * how many are garbage, or -1 (none) when the walk passed max. */
int ev_cycles_garbage(struct value **roots, int n, int own0, unsigned char *garbage, int max);

/* eval.c */
/* a frame of empty slots for tab: new reference, or NULL with the error set */
struct value *ev_lframe_new(struct eval *ev, const struct slottab *tab);
/* drops the running scope's reference to its frame v */
void ev_lframe_release(struct value *v);
/* Where name is bound in the scope object o (a dict or a frame), or NULL. */
struct value **ev_scope_ref(struct value *o, const char *name, size_t n, uint64_t h);
/* Binds name to v (increfed) in the scope object o: 0, or -1 with the error set. */
int ev_scope_set(struct eval *ev, struct value *o, const char *name, size_t n, uint64_t h,
		 struct value *v);
/* Unbinds name in the scope object o: 1 done, 0 it was not bound, -1 error. */
int ev_scope_del(struct eval *ev, struct value *o, const char *name);
/* no enclosing scope, and no name outside the frame's table: a name not
 * local is a global */
int ev_chain_empty(const struct scope *sc);
/* The enclosing scopes a def or class body running in sc sees (*out: a
 * tuple, or NULL at module level): sc's locals then its own chain; a class
 * body's dict is not among them.  0, or -1 with the error set. */
int ev_closure_of(struct eval *ev, struct scope *sc, struct value **out);
/* the function value of def / lambda fd in scope sc (defaults evaluated) */
struct value *ev_make_function(struct eval *ev, struct scope *sc, struct funcdef *fd);
/* 1 when s is one of the n names */
int ev_in_names(const char **names, int n, const char *s);
/* the hash a name has in nodes and slot tables (never 0: see name_hash) */
uint64_t ev_hash_name(const char *s, size_t n);
/* The lookup of a name by its string: what every name means.  The
 * resolver's shortcuts (eval_name) must agree with it. */
struct value *ev_load_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h);
/* computes n->hash for a name node once */
void ev_name_hash(struct node *n);
/* The scope object (dict or frame) a store to name goes to */
struct value *ev_target_scope(struct scope *sc, const char *name);
/* binds name to v (increfed) where a store in sc goes: 0, or -1 with the error set */
int ev_store_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h,
		    struct value *v);
int ev_store_name(struct eval *ev, struct scope *sc, const char *name, struct value *v);

/* eval_expr.c */
/* a name that failed to load: point the traceback at it */
void ev_set_span_err(struct eval *ev, const struct node *n);
/* a store to global name n (store_name_h's road for it) */
int ev_store_global_node(struct eval *ev, struct scope *sc, struct node *n, struct value *v);
/* The value of a name node the resolver gave no slot, or whose slot is
 * empty: load_name_h, or its global road when it is known to be that. */
struct value *eval_name_slow(struct eval *ev, struct scope *sc, struct node *n);
/* Appends n's items (expanding *x) to list */
int eval_items(struct eval *ev, struct scope *sc, const struct nlist *l, struct value *list);
/* iterated one item at a time (val_iter / val_next): generators,
 * iterators and objects of user classes, not the snapshot iterators */
int ev_lazy_iterable(struct value *it);

/* eval_stmt.c */
/* target t = v (v borrowed): 0, or -1 with the error set */
int ev_assign(struct eval *ev, struct scope *sc, struct node *t, struct value *v);
/* magic_line with the scope it runs in (ev->magic: {expr} sees the locals) */
int ev_magic_in(struct eval *ev, struct scope *sc, const char *text, int assigned,
		struct value **result);
/* a magic line statement (its value in *result when asked) */
int ev_exec_magic(struct eval *ev, struct scope *sc, struct node *s, struct value **result);
/* one statement, one block: an EX_* code */
int ev_exec_stmt(struct eval *ev, struct scope *sc, struct node *s);
int ev_exec_block(struct eval *ev, struct scope *sc, const struct nlist *l);

/* the running frame's line (no expression span) */
static inline void set_line(struct eval *ev, int line)
{
	if (ev->nframes) {
		ev->frames[ev->nframes - 1].line = line;
		ev->frames[ev->nframes - 1].node = NULL;
	}
}

/* The value of a name node: a bound local slot, else eval_name_slow */
static inline struct value *eval_name(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *r;
	if (n->nscope == NS_LOCAL && sc->slots && (r = sc->slots[n->slot - 1]))
		return val_incref(r);
	return eval_name_slow(ev, sc, n);
}

#endif
