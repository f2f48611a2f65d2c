/*
 * eval_int.h — the evaluator's door for its statement fuser
 * (ufunc/fuse_stmt.c): the walk of an expression that may hold an
 * elementwise tree reuses eval.c's expression walk, calls and spans, and
 * registers itself in ev_fuser at start-up (engine_init_layers), so the
 * language core never names the ufunc layer.  Scopes stay opaque.
 */
#ifndef LUMEN_EVAL_INT_H
#define LUMEN_EVAL_INT_H

#include <string.h>
#include "lang/ast.h"
#include "lang/eval.h"

struct scope;   /* a running scope: eval.c */

/* The evaluated arguments of a call. */
struct callargs {
	struct value *args;      /* VT_LIST of the positional arguments */
	struct kwargs kw;
	const char *knames[64];
	struct value *kvals[64];
	struct value *kdicts[8];
	int nkd;
};

/* eval.c */
/* n's value in scope sc: a new reference, or NULL with the error set */
struct value *eval_expr(struct eval *ev, struct scope *sc, struct node *n);
/* Evaluates n's positional arguments from index `from` (appended to
 * ca->args, which may hold already evaluated ones) and its keywords, in
 * Python's order.  0, or -1 with the error set; callargs_free either way. */
int callargs_eval(struct eval *ev, struct scope *sc, struct node *n, int from,
		  struct callargs *ca);
void callargs_free(struct callargs *ca);
/* Calls f (stolen) with n's arguments; first (stolen, may be NULL) is the
 * already evaluated first positional argument. */
struct value *call_rest(struct eval *ev, struct scope *sc, struct node *n,
			struct value *f, struct value *first);

/* The statement fuser (ufunc/fuse_stmt.c registers it; every slot is
 * required once the evaluator runs).  New references, or NULL with the
 * error set. */
struct ev_fuser {
	/* an expression that may hold an elementwise tree (fusable_node): its value */
	struct value *(*expr)(struct eval *ev, struct scope *sc, struct node *n);
	/* N_UNOP / N_BINOP / 2-operand N_COMPARE n whose operands, already
	 * evaluated (a, b stolen; b NULL for N_UNOP), include an array */
	struct value *(*values)(struct eval *ev, struct node *n, struct value *a, struct value *b);
	/* the call n once its callee f (stolen, a builtin) is known, its
	 * arguments walked for fusion */
	struct value *(*call)(struct eval *ev, struct scope *sc, struct node *n, struct value *f);
};
extern struct ev_fuser ev_fuser;

/* the expression whose operation runs next (for the traceback's carets) */
static inline void set_span(struct eval *ev, const struct node *n)
{
	if (ev->nframes) {
		ev->frames[ev->nframes - 1].line = n->line;
		ev->frames[ev->nframes - 1].node = n;
	}
}

/* The nodes the fusion walk takes itself (eval_expr hands them to eval_fused). */
static inline int fusable_node(const struct node *n)
{
	switch (n->kind) {
	case N_BINOP: return n->op != OP_MATMUL;
	case N_UNOP: return n->op != UOP_NOT;
	case N_COMPARE: return n->l.n == 2 && n->ops[0] <= CMP_GE;
	case N_CALL: return 1;
	default: return 0;
	}
}

/* sum prod max min any all (every np.<name>(...) call asks: the first
 * letter settles most) */
static inline int is_reduce_name(const char *s)
{
	switch (s[0]) {
	case 's': return !strcmp(s, "sum");
	case 'p': return !strcmp(s, "prod");
	case 'm': return !strcmp(s, "max") || !strcmp(s, "min");
	case 'a': return !strcmp(s, "any") || !strcmp(s, "all");
	default: return 0;
	}
}

#endif
