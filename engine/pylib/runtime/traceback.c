/*
 * traceback.c — the traceback module: format_exc() and print_exc() (the
 * exception being handled, with its traceback from the handler's frame
 * down, as CPython 3.11 prints it, carets included; "NoneType: None"
 * outside an except block), format_exception_only(), and
 * format_exception()/print_exception() of the handled exception (CPython's
 * grouping: one item per frame).  Traceback objects (format_tb, extract_tb,
 * an exception formatted after its except block ended), limit= and
 * chained exceptions' sections are not modelled: NotImplementedError.
 * Written in the cell language over three C helpers.  Owns nothing.
 */
#include <stdlib.h>
#include "pylib/pylib_int.h"

static const char traceback_src[] =
	"import sys\n"
	"\n"
	"__all__ = ['format_exc', 'print_exc', 'format_exception_only', 'format_exception',\n"
	"           'print_exception', 'format_tb', 'print_tb']\n"
	"\n"
	"_sentinel = object()\n"
	"\n"
	"\n"
	"def _limit(limit, chain=True):\n"
	"    if limit is not None:\n"
	"        raise NotImplementedError(\"traceback's limit= is not supported by Lumen\")\n"
	"\n"
	"\n"
	"def _group(lines):\n"
	"    # CPython's items: the header, one per frame (its File line with the\n"
	"    # source and caret lines under it), then the exception's lines\n"
	"    out = []\n"
	"    for ln in lines:\n"
	"        if out and ln.startswith('    ') and out[-1].startswith('  File '):\n"
	"            out[-1] = out[-1] + ln + '\\n'\n"
	"        else:\n"
	"            out.append(ln + '\\n')\n"
	"    return out\n"
	"\n"
	"\n"
	"def _current(exc):\n"
	"    lines = _handled()\n"
	"    if lines is None or not _is_handled(exc):\n"
	"        raise NotImplementedError(\"traceback of an exception other than the one being handled \"\n"
	"                                  \"(inside its except block) is not supported by Lumen\")\n"
	"    return _group(lines)\n"
	"\n"
	"\n"
	"def format_exc(limit=None, chain=True):\n"
	"    _limit(limit)\n"
	"    lines = _handled()\n"
	"    if lines is None:\n"
	"        return 'NoneType: None\\n'\n"
	"    return ''.join(ln + '\\n' for ln in lines)\n"
	"\n"
	"\n"
	"def print_exc(limit=None, file=None, chain=True):\n"
	"    text = format_exc(limit, chain)\n"
	"    if file is None:\n"
	"        file = sys.stderr\n"
	"    file.write(text)\n"
	"\n"
	"\n"
	"def format_exception_only(exc, value=_sentinel):\n"
	"    if value is not _sentinel:\n"
	"        exc = value\n"
	"    if exc is None:\n"
	"        return ['NoneType: None\\n']\n"
	"    return [_only(exc) + '\\n']\n"
	"\n"
	"\n"
	"def format_exception(exc, value=_sentinel, tb=_sentinel, limit=None, chain=True):\n"
	"    _limit(limit)\n"
	"    if value is not _sentinel:\n"
	"        exc = value\n"
	"    if exc is None:\n"
	"        return ['NoneType: None\\n']\n"
	"    return _current(exc)\n"
	"\n"
	"\n"
	"def print_exception(exc, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):\n"
	"    lines = format_exception(exc, value, tb, limit, chain)\n"
	"    if file is None:\n"
	"        file = sys.stderr\n"
	"    file.write(''.join(lines))\n"
	"\n"
	"\n"
	"def format_tb(tb, limit=None):\n"
	"    raise NotImplementedError(\"traceback objects are not supported by Lumen\")\n"
	"\n"
	"\n"
	"def print_tb(tb, limit=None, file=None):\n"
	"    raise NotImplementedError(\"traceback objects are not supported by Lumen\")\n";

/* _handled(): the handled exception's traceback lines, or None */
PYFN(tb_handled)
{
	(void)bi, (void)argc, (void)argv, (void)kw;
	int n = 0;
	char **v = ev_format_handling(ev, &n);
	if (!v)
		return err_occurred(ev) ? NULL : val_none();
	struct value *out = val_list_new(0, NULL);
	for (int i = 0; i < n; i++) {
		if (out && (!v[i] || list_append(out, val_cstr(v[i])) < 0)) {
			val_decref(out);
			out = NULL;
		}
		free(v[i]);
	}
	free(v);
	return out ? out : err_nomem(ev);
}

/* _is_handled(exc): exc is the exception being handled */
PYFN(tb_is_handled)
{
	(void)bi, (void)kw;
	return val_bool(argc == 1 && ev->handling && argv[0] == ev->handling);
}

/* _only(exc): "ValueError: msg" */
PYFN(tb_only)
{
	(void)bi, (void)kw;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "format_exception_only() takes 1 argument");
	if (argv[0]->type != VT_EXCEPTION)
		return err_set(ev, TY_NotImplementedError,
			       "traceback.format_exception_only of a %s (not an exception instance) is not supported by Lumen",
			       val_type_name(argv[0]));
	char *s = ev_format_exc_only(ev, argv[0]);
	if (!s)
		return err_occurred(ev) ? NULL : err_nomem(ev);
	struct value *r = val_cstr(s);
	free(s);
	return r ? r : err_nomem(ev);
}

struct value *traceback_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_handled", tb_handled}, {"_is_handled", tb_is_handled},
					  {"_only", tb_only}};
	return pylib_source_module(ev, name, traceback_src, fns, 3);
}
