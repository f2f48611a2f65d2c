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

/* CPython's signature and docstring of a builtin ("len", "list.append"),
 * from gen/pydocs.c (tools/gen/pydocs.py) */
struct pydoc {
	const char *name, *sig, *doc;
};
extern const struct pydoc pydocs[];
const struct pydoc *docs_py(const char *name);
/* The pydoc of v: a Python builtin function, a method of a builtin type's
 * object, or a builtin type; NULL when none. */
const struct pydoc *docs_py_of(const struct value *v);

#endif
