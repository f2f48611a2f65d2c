/*
 * abc.c — the abc module: ABC as a base class (class X(ABC)),
 * abstractmethod (marks the function: __isabstractmethod__; a property,
 * staticmethod or classmethod over a marked function counts too), and
 * CPython 3.11's TypeError when a class deriving from ABC with abstract
 * methods left is instantiated (the check is pyobj/class.c's: ABC carries
 * CPython's _abc_impl attribute).  ABCMeta as a metaclass and
 * ABC.register are NotImplementedErrors.  Written in the cell language
 * over one C helper.  Owns nothing.
 */
#include "pylib/pylib_int.h"

static const char abc_src[] =
	"__all__ = ['ABC', 'ABCMeta', 'abstractmethod', 'get_cache_token']\n"
	"\n"
	"\n"
	"def abstractmethod(funcobj):\n"
	"    _mark(funcobj)\n"
	"    return funcobj\n"
	"\n"
	"\n"
	"class ABCMeta:\n"
	"    # only a name here: 'class X(metaclass=ABCMeta)' is refused by the\n"
	"    # class statement (NotImplementedError); 'class X(ABC)' is the way\n"
	"    def __init__(self, *args, **kwargs):\n"
	"        raise NotImplementedError(\"abc.ABCMeta is not supported by Lumen as a metaclass; \"\n"
	"                                  \"derive from abc.ABC\")\n"
	"\n"
	"\n"
	"class ABC:\n"
	"    _abc_impl = True\n"
	"\n"
	"    @classmethod\n"
	"    def register(cls, subclass):\n"
	"        raise NotImplementedError(\"ABC.register is not supported by Lumen\")\n"
	"\n"
	"\n"
	"def get_cache_token():\n"
	"    return 0\n";

/* _mark(f): f is abstract (a def; a property/staticmethod/classmethod is
 * looked through when the class is checked, so abstractmethod written
 * outside one needs its function marked first: CPython's order) */
PYFN(abc_mark)
{
	(void)bi;
	if (pylib_nokw(ev, "abstractmethod", kw) < 0)
		return NULL;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "abstractmethod() takes exactly one argument (%d given)", argc);
	if (argv[0]->type == VT_FUNCTION)
		argv[0]->u.func->abstract = 1;
	else
		return err_set(ev, TY_NotImplementedError,
			       "abstractmethod of a %s (not a def) is not supported by Lumen", val_type_name(argv[0]));
	return val_none();
}

struct value *abc_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_mark", abc_mark}};
	return pylib_source_module(ev, name, abc_src, fns, 1);
}
