/*
 * timeit.c — the timeit module: Timer (timeit, repeat, autorange), timeit(),
 * repeat(), default_timer (time.perf_counter), with CPython's signatures,
 * defaults (number=1000000, repeat=5) and messages.  Written in the cell
 * language as CPython writes it in Python: a statement string (or a
 * callable) and its setup become the body of one function, defined in the
 * namespace globals= names (a fresh one by default) by the C helper _exec,
 * and timed over number loops.  Owns nothing after the build.
 */
#include <string.h>
#include "pylib/pylib_int.h"

static const char timeit_src[] =
	"import time\n"
	"import itertools\n"
	"\n"
	"default_timer = time.perf_counter\n"
	"default_number = 1000000\n"
	"default_repeat = 5\n"
	"dummy_src_name = '<timeit-src>'\n"
	"\n"
	"\n"
	"def reindent(src, indent):\n"
	"    return src.replace('\\n', '\\n' + ' ' * indent)\n"
	"\n"
	"\n"
	"class Timer:\n"
	"    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):\n"
	"        self.timer = timer\n"
	"        ns = {} if globals is None else globals\n"
	"        extra = {}\n"
	"        init = ''\n"
	"        if isinstance(setup, str):\n"
	"            setup = reindent(setup, 4)\n"
	"        elif callable(setup):\n"
	"            extra['_setup'] = setup\n"
	"            init = init + ', _setup=_setup'\n"
	"            setup = '_setup()'\n"
	"        else:\n"
	"            raise ValueError('setup is neither a string nor callable')\n"
	"        if isinstance(stmt, str):\n"
	"            stmt = reindent(stmt, 8)\n"
	"        elif callable(stmt):\n"
	"            extra['_stmt'] = stmt\n"
	"            init = init + ', _stmt=_stmt'\n"
	"            stmt = '_stmt()'\n"
	"        else:\n"
	"            raise ValueError('stmt is neither a string nor callable')\n"
	"        src = ('def _lumen_timeit_inner(_it, _timer' + init + '):\\n'\n"
	"               '    ' + setup + '\\n'\n"
	"               '    _t0 = _timer()\\n'\n"
	"               '    for _i in _it:\\n'\n"
	"               '        ' + stmt + '\\n'\n"
	"               '        pass\\n'\n"
	"               '    _t1 = _timer()\\n'\n"
	"               '    return _t1 - _t0\\n')\n"
	"        self.src = src\n"
	"        self.inner = _exec(src, ns, extra, '_lumen_timeit_inner')\n"
	"\n"
	"    def timeit(self, number=default_number):\n"
	"        it = itertools.repeat(None, number)\n"
	"        return self.inner(it, self.timer)\n"
	"\n"
	"    def repeat(self, repeat=default_repeat, number=default_number):\n"
	"        r = []\n"
	"        for i in range(repeat):\n"
	"            t = self.timeit(number)\n"
	"            r.append(t)\n"
	"        return r\n"
	"\n"
	"    def autorange(self, callback=None):\n"
	"        i = 1\n"
	"        while True:\n"
	"            for j in 1, 2, 5:\n"
	"                number = i * j\n"
	"                time_taken = self.timeit(number)\n"
	"                if callback:\n"
	"                    callback(number, time_taken)\n"
	"                if time_taken >= 0.2:\n"
	"                    return (number, time_taken)\n"
	"            i *= 10\n"
	"\n"
	"\n"
	"def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):\n"
	"    return Timer(stmt, setup, timer, globals).timeit(number)\n"
	"\n"
	"\n"
	"def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat,\n"
	"           number=default_number, globals=None):\n"
	"    return Timer(stmt, setup, timer, globals).repeat(repeat, number)\n";

/* _exec(src, globals, extra, name): runs src with globals as its module
 * namespace, the names of the dict extra set there for the run (CPython's
 * local namespace of the template), and returns what src defined as name
 * (removed again: the caller's namespace keeps only what it had) */
PYFN(ti_exec)
{
	struct value *src, *g, *extra, *name, *saved = ev->globals, *fn = NULL;
	if (args_parse(ev, "_exec", argc, argv, kw, "src,globals,extra,name", &src, &g, &extra, &name) < 0)
		return NULL;
	if (g->type != VT_DICT)
		return err_set(ev, TY_TypeError, "globals must be a dict, not %s", val_type_name(g));
	if (src->type != VT_STR || extra->type != VT_DICT || name->type != VT_STR)
		return err_set(ev, TY_TypeError, "_exec: bad arguments");
	struct dict *d = extra->u.dict;
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key && dict_set(ev, g, d->entries[i].key, d->entries[i].val) < 0)
			return NULL;
	ev->globals = g;
	int rc = ev_exec_source(ev, src->u.str->s, strlen(src->u.str->s), "<timeit-src>", 0, 0, NULL);
	ev->globals = saved;
	if (rc == 0) {
		fn = dict_getstr_borrow(g, name->u.str->s);
		if (fn)
			val_incref(fn);
		else
			err_set(ev, TY_RuntimeError, "timeit: the template defined no function");
		dict_del(ev, g, name);
	}
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key)
			dict_del(ev, g, d->entries[i].key);
	return fn;
}

struct value *timeit_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_exec", ti_exec}};
	return pylib_source_module(ev, name, timeit_src, fns, 1);
}
