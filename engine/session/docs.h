/*
 * docs.h — the documentation of builtins from the arr_func tables
 * (signature, docstring) for inspection and keyword completion.
 */
#ifndef LUMEN_DOCS_H
#define LUMEN_DOCS_H

#include "lang/value.h"
struct arr_func;

/* The table entry of a builtin (np.zeros, cp.dot, a.sum), or NULL. */
const struct arr_func *docs_find(const struct value *v);
/* Calls add("dtype=") for each keyword-able parameter of callee's signature
 * that starts with prefix; returns how many. */
int docs_kwargs(const struct value *callee, const char *prefix,
		void (*add)(void *ctx, const char *name), void *ctx);

#endif
