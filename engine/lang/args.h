/*
 * args.h — binding a builtin's positional and keyword arguments to its
 * signature, with Python's messages for what goes wrong.
 *
 *   struct value *shape, *dtype = NULL, *order = NULL;
 *   if (args_parse(ev, "zeros", argc, argv, kw, "shape|dtype,order",
 *                  &shape, &dtype, &order) < 0)
 *           return NULL;
 *
 * The spec lists parameter names separated by ','; those after '|' are
 * optional (their pointer keeps its initial value when absent); those after
 * '$' are keyword-only.  The values stored are borrowed.  Errors are
 * Python's: "zeros() missing required argument 'shape' (pos 1)",
 * "zeros() got an unexpected keyword argument 'x'", "zeros() takes at most
 * 3 arguments (4 given)".
 */
#ifndef LUMEN_ARGS_H
#define LUMEN_ARGS_H

#include "lang/value.h"

int args_parse(struct eval *ev, const char *fname, int argc,
	       struct value **argv, const struct kwargs *kw,
	       const char *spec, ...);

/* Helpers for optional arguments: absent or None -> def. */
int args_int(struct eval *ev, struct value *v, int64_t def, int64_t *out);
int args_bool(struct eval *ev, struct value *v, int def, int *out);
int args_double(struct eval *ev, struct value *v, double def, double *out);

/* The keyword argument name (borrowed), or NULL when it is not given. */
struct value *args_kw(const struct kwargs *kw, const char *name);
/* The argument by keyword name, else at position pos (borrowed); NULL when
 * neither is given.  For builtins that look at a few arguments and pass the
 * call on whole (the flexible-dtype wrappers). */
struct value *args_at(int argc, struct value **argv, const struct kwargs *kw, int pos, const char *name);

/* The count check of a builtin taking only positional arguments, lo to hi
 * of them: 0, or -1 with CPython's TypeError ("get expected at least 1
 * argument, got 0", "len() takes exactly one argument (2 given)"). */
int args_count(struct eval *ev, const char *fname, int argc, int lo, int hi);

#endif
