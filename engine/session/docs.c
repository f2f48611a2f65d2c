/*
 * docs.c — one documentation lookup over every builtin table (arrfuncs.h):
 * the signature and docstring `cp.dot?`, shift-tab and the inspector show,
 * and the keyword names completion offers inside a call (`cp.zeros(3, dt` ->
 * `dtype=`).  Reads the tables only; owns no state.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "array/arrfuncs.h"
#include "session/docs.h"
#include "backend/cuda_plugin.h"

/* the tables no namespace publishes (host mode's cupy.cuda objects, user
 * kernels: registered through arr_hooks); every other table is read from
 * arr_published, so a new table is documented without a line here */
static const struct arr_func *const unpublished[] = {
	arr_host_cupy_funcs, arr_host_cuda_funcs, arr_host_cuda_runtime_funcs, arr_host_ukernel_funcs,
};

/* one table of the lookup's order: the published ones namespace by namespace,
 * then the unpublished, then the CUDA plugin's; NULL past the end */
static const struct arr_func *table_at(int ns, size_t i)
{
	if (ns < NS_COUNT)
		return arr_published(ns)[i];
	if (ns == NS_COUNT)
		return i < sizeof unpublished / sizeof unpublished[0] ? unpublished[i] : NULL;
	const struct cuda_plugin *pl = cuda_plugin_peek();  /* its tables when it is loaded */
	const struct arr_func *cuda_tables[] = {
		pl ? pl->cupy_funcs : NULL, pl ? pl->cuda_funcs : NULL, pl ? pl->cuda_runtime_funcs : NULL,
	};
	for (size_t k = 0, n = 0; k < 3; k++)
		if (cuda_tables[k] && n++ == i)
			return cuda_tables[k];
	return NULL;
}

const struct arr_func *docs_find(const struct value *v)
{
	if (!v || v->type != VT_BUILTIN || !v->u.bi.name)
		return NULL;
	const struct arr_func *byname = NULL, *t;
	for (int ns = 0; ns <= NS_COUNT + 1; ns++)
		for (size_t i = 0; (t = table_at(ns, i)); i++)
			for (const struct arr_func *f = t; f->name; f++) {
				if (strcmp(f->name, v->u.bi.name) != 0)
					continue;
				if (f->fn == v->u.bi.fn)
					return f;
				if (!byname)
					byname = f;
			}
/* a bound method built by name (fn differs): the same name's entry */
	return v->u.bi.self ? byname : NULL;
}

int docs_kwargs(const struct value *callee, const char *prefix,
		void (*add)(void *ctx, const char *name), void *ctx)
{
	const struct arr_func *f = docs_find(callee);
	const char *s = f && f->sig ? strchr(f->sig, '(') : NULL;
	if (!s)
		return 0;
	size_t plen = strlen(prefix);
	int n = 0, depth = 0;
	s++;
	while (*s && depth >= 0) {
		while (*s == ' ' || *s == ',')
			s++;
		if (*s == ')' || !*s)
			break;
		/* one parameter: [*|**]name[=default] */
		const char *st = s;
		while (*s == '*')
			s++;
		int star = s != st;
		const char *nm = s;
		while (*s == '_' || isalnum((unsigned char)*s))
			s++;
		size_t nl = (size_t)(s - nm);
		/* skip to the next top-level ',' */
		depth = 0;
		while (*s) {
			if (*s == '(' || *s == '[' || *s == '{')
				depth++;
			else if (*s == ')' || *s == ']' || *s == '}') {
				if (depth == 0)
					break;
				depth--;
			} else if (*s == '\'' || *s == '"') {
				char q = *s++;
				while (*s && *s != q)
					s++;
				if (!*s)
					break;
			} else if (*s == ',' && depth == 0)
				break;
			s++;
		}
		if (star || nl == 0 || nl >= 64 || nl < plen || strncmp(nm, prefix, plen) != 0)
			continue;
		char buf[80];
		memcpy(buf, nm, nl);
		buf[nl] = '=';
		buf[nl + 1] = 0;
		add(ctx, buf);
		n++;
	}
	return n;
}

const struct pydoc *docs_py(const char *name)
{
	size_t lo = 0, hi = 0;
	while (pydocs[hi].name)
		hi++;
	/* the table is sorted: the builtins, then "type.method" */
	for (size_t i = lo; i < hi; i++)
		if (!strcmp(pydocs[i].name, name))
			return &pydocs[i];
	return NULL;
}

const struct pydoc *docs_py_of(const struct value *v)
{
	char key[128];
	if (v->type == VT_TYPE)
		return docs_py(typeid_name(v->u.ty));
	if (v->type != VT_BUILTIN || !v->u.bi.name)
		return NULL;
	const struct value *self = v->u.bi.self;
	if (!self)
		return docs_find(v) ? NULL : docs_py(v->u.bi.name);
	switch (self->type) {
	case VT_LIST: case VT_TUPLE: case VT_DICT: case VT_STR: case VT_BYTES:
	case VT_INT: case VT_FLOAT: case VT_COMPLEX:
		snprintf(key, sizeof key, "%s.%s", self->type == VT_LIST ? "list" : val_type_name((struct value *)self),
			 v->u.bi.name);
		return docs_py(key);
	default:
		return NULL;
	}
}
