/*
 * nscall.h — composing array functions from C as NumPy composes them in
 * Python: np.<name> / cp.<name> calls, method calls, and expression helpers
 * that take ownership of their operands and pass a NULL (an error already
 * set) through, so that `ex_bin(ev, OP_MUL, a, ex_bin(ev, OP_ADD, b, c))`
 * needs no checks between steps.  nscall.c.
 */
#ifndef LUMEN_NSCALL_H
#define LUMEN_NSCALL_H

#include "array/arrapi.h"
#include "lang/core.h"

/* np.<name>(*argv, **kw) of be's namespace ("linalg.lstsq" reaches a
 * submodule); the _k form takes at most one keyword.  Borrowed arguments. */
struct value *arr_ns_call(struct eval *ev, const struct backend *be, const char *name, int argc,
			  struct value **argv, const struct kwargs *kw);
struct value *arr_ns_callk(struct eval *ev, const struct backend *be, const char *name, int argc,
			   struct value **argv, const char *kwname, struct value *kwval);
/* self.<name>(*argv, **kw), borrowed arguments */
struct value *arr_method_call(struct eval *ev, struct value *self, const char *name, int argc,
			      struct value **argv, const struct kwargs *kw);

/* Owning forms: every operand is stolen; NULL in -> NULL out. */
struct value *ex_bin(struct eval *ev, enum binop op, struct value *l, struct value *r);
struct value *ex_neg(struct eval *ev, struct value *v);
struct value *ex_item(struct eval *ev, struct value *v, struct value *key);
/* be's np.<name>(a) / np.<name>(a, b) */
struct value *ex_fn1(struct eval *ev, const struct backend *be, const char *name, struct value *a);
struct value *ex_fn2(struct eval *ev, const struct backend *be, const char *name, struct value *a,
		     struct value *b);
/* the key (slice(None),) * axis + (item,), item stolen */
struct value *ex_axis_key(int axis, struct value *item);
/* slice(start, stop) with None for NS_NONE */
#define NS_NONE INT64_MIN
struct value *ex_slice(int64_t start, int64_t stop);

#endif
