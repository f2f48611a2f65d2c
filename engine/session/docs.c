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

static const struct arr_func *const tables[] = {
	arr_creation_funcs, arr_ufunc_funcs, arr_reduce_funcs, arr_manip_funcs, arr_index_funcs,
	arr_sort_funcs, arr_stat_funcs, arr_linalg_top_funcs, arr_linalg_funcs, arr_fft_funcs,
	arr_random_funcs, arr_random_state_funcs, arr_random_bitgen_funcs, arr_random_multi_funcs, arr_io_funcs, arr_io_methods,
	arr_pysource_funcs, arr_stride_funcs, arr_text_funcs, arr_format_funcs, arr_memmap_funcs, arr_memmap_methods, arr_matrix_funcs,
	arr_nditer_funcs, arr_core_methods,
	arr_reduce_methods, arr_manip_methods, arr_sort_methods, arr_linalg_methods, arr_dtype_funcs,
	arr_host_cupy_funcs, arr_host_cuda_funcs, arr_host_cuda_runtime_funcs, arr_host_ukernel_funcs,
	arr_profiler_funcs,
	arr_ndimage_funcs, arr_signal_funcs, arr_special_funcs, arr_scipy_linalg_funcs,
	arr_ufunc_methods, arr_edit_funcs, arr_calculus_funcs, arr_polynomial_funcs, arr_poly1d_funcs,
};

const struct arr_func *docs_find(const struct value *v)
{
	if (!v || v->type != VT_BUILTIN || !v->u.bi.name)
		return NULL;
	const struct arr_func *byname = NULL;
	/* the CUDA plugin's tables (cuda_plugin.h) when it is loaded */
	const struct cuda_plugin *pl = cuda_plugin_peek();
	const struct arr_func *cuda_tables[] = {
		pl ? pl->cupy_funcs : NULL, pl ? pl->cuda_funcs : NULL,
		pl ? pl->cuda_runtime_funcs : NULL,
	};
	const size_t ntables = sizeof tables / sizeof tables[0];
	for (size_t i = 0; i < ntables + 3; i++)
		for (const struct arr_func *f = i < ntables ? tables[i] : cuda_tables[i - ntables];
		     f && f->name; f++) {
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
