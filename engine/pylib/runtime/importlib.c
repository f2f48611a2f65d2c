/*
 * importlib.c — the importlib module: import_module(name, package=None)
 * with CPython's resolution of relative names and its messages, and
 * invalidate_caches; reload is a NotImplementedError (a Lumen module is
 * built once, from C, and has no source to run again).  Written in the cell
 * language over the C helper _import (lang's ev_import: what an `import`
 * statement runs).  Owns nothing after the build.
 */
#include "pylib/pylib_int.h"

static const char importlib_src[] =
	"def _resolve_name(name, package, level):\n"
	"    bits = package.rsplit('.', level - 1)\n"
	"    if len(bits) < level:\n"
	"        raise ImportError('attempted relative import beyond top-level package')\n"
	"    base = bits[0]\n"
	"    return base + '.' + name if name else base\n"
	"\n"
	"\n"
	"def import_module(name, package=None):\n"
	"    level = 0\n"
	"    if name.startswith('.'):\n"
	"        if not package:\n"
	"            raise TypeError(\"the 'package' argument is required to perform a relative import for %r\" % (name,))\n"
	"        for character in name:\n"
	"            if character != '.':\n"
	"                break\n"
	"            level += 1\n"
	"    name = name[level:]\n"
	"    if level > 0:\n"
	"        if not isinstance(package, str):\n"
	"            raise TypeError('__package__ not set to a string')\n"
	"        name = _resolve_name(name, package, level)\n"
	"    elif not name:\n"
	"        raise ValueError('Empty module name')\n"
	"    return _import(name)\n"
	"\n"
	"\n"
	"def reload(module):\n"
	"    raise NotImplementedError('importlib.reload: Lumen modules are built in and cannot be reloaded')\n"
	"\n"
	"\n"
	"def invalidate_caches():\n"
	"    pass\n";

PYFN(il_import)
{
	struct value *name;
	if (args_parse(ev, "_import", argc, argv, kw, "name", &name) < 0)
		return NULL;
	if (name->type != VT_STR)
		return err_set(ev, TY_TypeError, "module name must be a string");
	return ev_import(ev, name->u.str->s);
}

struct value *importlib_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_import", il_import}};
	return pylib_source_module(ev, name, importlib_src, fns, 1);
}
