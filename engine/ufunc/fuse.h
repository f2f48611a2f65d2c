/*
 * fuse.h — statement-level fusion (DESIGN.md "Elementwise work is an
 * expression tree"): while the evaluator walks one expression, an
 * elementwise subtree over device arrays is kept as a pending ew_tree and
 * becomes ONE generated kernel when something non-elementwise needs its
 * value, or one reduction kernel when a sum/prod/max/min/any/all consumes it.
 *
 * Every node is resolved exactly as the unfused path would (uf_plan: NEP 50
 * weak scalars, casts as EW_CAST nodes, the power fast paths), broadcast
 * errors are raised at the node that raises them unfused, and a pending tree
 * never outlives the expression that built it.  Only the CUDA backend fuses;
 * LUMEN_FUSE=all fuses every backend (a test switch: host results must stay
 * bit for bit those of the unfused path), LUMEN_FUSE=0 fuses nothing.
 */
#ifndef LUMEN_FUSE_H
#define LUMEN_FUSE_H

#include "backend/backend.h"

struct fz_tree;          /* a pending tree: private to fuse.c */

/* One operand of the walk: a concrete value or a pending tree, never both. */
struct fz {
	struct value *v;     /* owned, or NULL */
	struct fz_tree *t;   /* owned, or NULL */
};

/* Drops what f holds (either part may be NULL); f is left empty. */
void fz_clear(struct fz *f);

/* Non-zero when v is an operand fz_apply may take as an array leaf. */
int fz_array_like(const struct fz *f);

/* ufunc uf over in[0..nin-1] as a pending tree in *out.  be: the namespace
 * of a np./cp. call, NULL for operators.  Returns 1 (the pending trees of
 * in[] were moved into *out; concrete values stay the caller's), 0 when
 * fusion does not take this application (nothing changed: the caller
 * materialises with fz_value and takes the ordinary path), or -1 with the
 * error of the unfused path set. */
int fz_apply(struct eval *ev, const struct backend *be, int uf, int nin, struct fz *in,
	     struct fz *out);

/* The value f stands for (a pending tree is evaluated by one kernel); f is
 * left empty.  New reference, or NULL with the error set. */
struct value *fz_value(struct eval *ev, struct fz *f);

/* ndim of a pending tree's result. */
int fz_ndim(const struct fz *f);

/* The reduction op applied to pending f over axes (mask) with NumPy's
 * keepdims and dtype (-1: the default accumulator), as one reduction kernel;
 * f is left empty.  New reference, or NULL with the error set. */
struct value *fz_reduce(struct eval *ev, struct fz *f, enum red_op op, uint64_t axes,
			int keepdims, int dtype);

/* Tests only: what the last tree handed to a backend held, and how many
 * trees went; the mode as LUMEN_FUSE sets it (0 none, 1 CUDA, 2 all). */
/* Registers the statement fuser's walk with the evaluator (lang/eval_int.h's
 * ev_fuser): fuse_stmt.c.  engine_init_layers calls it. */
void fz_register_walk(void);

struct fz_stats { long trees, reductions; int ufuncs, arrays, scalars; };
extern struct fz_stats fz_stats;
void fz_set_mode(int mode);

/* The reduction a builtin performs when it is one of the plain reductions
 * fusion takes (np./cp. sum prod max min amax amin any all, or such a
 * method bound to an array), else -1.  reduce.c. */
int arr_reduce_builtin_op(const struct builtin *bi);
/* Whether the reduction's builtin takes dtype= (sum, prod). */
int arr_reduce_op_has_dtype(enum red_op op);
/* arr_reduce over an expression tree whose array leaves are already
 * broadcast to (ndim, shape); t must have room for one more node.  reduce.c */
struct ndarray *arr_reduce_tree(struct eval *ev, const struct backend *be, struct ew_tree *t,
				int ndim, const int64_t *shape, enum red_op op, uint64_t axes,
				int keepdims, int dtype);

/* The ufunc of a binary operator (OP_ADD -> add), -1 for @.  ufunc.c */
int uf_binop_index(int op);
/* The ufunc a np./cp. ufunc builtin applies (np.sin -> sin), or -1 when f
 * is not one.  ufunc.c */
int uf_builtin_index(const struct value *f);

#endif
