/*
 * pylib.c — the room's registry and shared helpers: pylib_init hands every
 * module's builder to lang's registry; the helpers build modules and raise
 * OSError with CPython's "[Errno N] ..." text.  Owns no module state.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib.h"
#include "pylib/pylib_int.h"

static const struct { const char *name; pymod_build_fn build; } modules[] = {
	{"os", pyos_build}, {"os.path", pyos_build}, {"posixpath", pyos_build},
	{"functools", functools_build}, {"itertools", itertools_build},
	{"collections", collections_build}, {"json", json_build}, {"io", pyio_build},
	{"copy", copy_build}, {"warnings", warnings_build}, {"logging", logging_build},
	{"tempfile", tempfile_build}, {"typing", typing_build},
	{"random", pyrandom_build}, {"glob", glob_build}, {"shutil", shutil_build}, {"string", string_build},
	{"pathlib", pathlib_build}, {"operator", operator_build}, {"bisect", bisect_build},
	{"heapq", heapq_build}, {"gc", gc_build}, {"datetime", datetime_build}, {"dataclasses", dataclasses_build},
	{"timeit", timeit_build}, {"numbers", numbers_build}, {"collections.abc", collections_abc_build},
	{"fractions", fractions_build}, {"__future__", future_build}, {"subprocess", subprocess_build},
	{"hashlib", hashlib_build}, {"binascii", binascii_build}, {"base64", base64_build}, {"struct", struct_build}, {"importlib", importlib_build}, {"statistics", statistics_build}, {"queue", queue_build}, {"enum", enum_build}, {"textwrap", textwrap_build}, {"argparse", argparse_build}, {"platform", platform_build},
	{"types", types_build}, {"abc", abc_build}, {"traceback", traceback_build}, {"pprint", pprint_build},
	{"re", re_build},
};

int pylib_init(void)
{
	for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
		if (pymod_register(modules[i].name, modules[i].build) < 0)
			return -1;
	return 0;
}

struct value *pylib_module(struct eval *ev, const char *name, const struct pyfn *fns, size_t n)
{
	struct value *m = val_module_new(name);
	if (!m)
		return err_nomem(ev);
	for (size_t i = 0; i < n; i++)
		if (module_add(m, fns[i].name, val_builtin(fns[i].name, fns[i].fn, NULL, NULL)) < 0) {
			val_decref(m);
			return err_nomem(ev);
		}
	return m;
}

struct value *pylib_source_module(struct eval *ev, const char *name, const char *src,
				  const struct pyfn *fns, size_t n)
{
	struct value *g = val_dict_new(), *mod;
	if (!g || dict_setstr(g, "__name__", val_cstr(name)) < 0) {
		val_decref(g);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < n; i++)
		if (dict_setstr(g, fns[i].name, val_builtin(fns[i].name, fns[i].fn, NULL, NULL)) < 0) {
			val_decref(g);
			return err_nomem(ev);
		}
	mod = ev_source_module(ev, name, g, src, strlen(src), NULL);
	val_decref(g);
	return mod;
}

int pylib_add(struct eval *ev, struct value *m, const char *name, struct value *v)
{
	if (!v || module_add(m, name, v) < 0) {
		if (!err_occurred(ev))
			err_nomem(ev);
		return -1;
	}
	return 0;
}

void *pylib_oserror(struct eval *ev, int errnum, const char *path, const char *path2)
{
	enum typeid t = TY_OSError;
	switch (errnum) {
	case ENOENT: t = TY_FileNotFoundError; break;
	case EEXIST: t = TY_FileExistsError; break;
	case ENOTDIR: t = TY_NotADirectoryError; break;
	case EISDIR: t = TY_IsADirectoryError; break;
	case EACCES: case EPERM: t = TY_PermissionError; break;
	default: break;
	}
	char *a = path ? str_repr(path, strlen(path)) : NULL;
	char *b = path2 ? str_repr(path2, strlen(path2)) : NULL;
	if (a && b)
		err_set(ev, t, "[Errno %d] %s: %s -> %s", errnum, strerror(errnum), a, b);
	else if (a)
		err_set(ev, t, "[Errno %d] %s: %s", errnum, strerror(errnum), a);
	else
		err_set(ev, t, "[Errno %d] %s", errnum, strerror(errnum));
	free(a);
	free(b);
	return NULL;
}

const char *pylib_path_arg(struct eval *ev, struct value *v)
{
	if (v && v->type == VT_STR)
		return v->u.str->s;
	if (pylib_is_path(v))
		return pylib_path_str(v);
	err_set(ev, TY_TypeError, "expected str, bytes or os.PathLike object, not %s",
		v ? val_type_name(v) : "NoneType");
	return NULL;
}

int pylib_nokw(struct eval *ev, const char *fname, const struct kwargs *kw)
{
	if (kw && kw->n) {
		err_set(ev, TY_TypeError, "%s() takes no keyword arguments", fname);
		return -1;
	}
	return 0;
}

struct value *pylib_call1(struct eval *ev, struct value *f, struct value *a)
{
	return val_call(ev, f, 1, &a, NULL);
}
