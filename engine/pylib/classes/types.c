/*
 * types.c — the types module: SimpleNamespace (keyword construction,
 * CPython's "namespace(a=1)" repr, ==, attributes set and deleted) and the
 * type objects isinstance needs (FunctionType, LambdaType, GeneratorType,
 * MethodType, BuiltinFunctionType, BuiltinMethodType, ModuleType,
 * NoneType, EllipsisType), taken from values of each kind as CPython's
 * types.py does.  Written in the cell language.  Owns nothing.
 */
#include "pylib/pylib_int.h"

static const char types_src[] =
	"import sys as _sys\n"
	"\n"
	"__all__ = ['FunctionType', 'LambdaType', 'GeneratorType', 'MethodType', 'BuiltinFunctionType',\n"
	"           'BuiltinMethodType', 'ModuleType', 'NoneType', 'EllipsisType', 'SimpleNamespace']\n"
	"\n"
	"\n"
	"def _f():\n"
	"    pass\n"
	"\n"
	"\n"
	"def _g():\n"
	"    yield 1\n"
	"\n"
	"\n"
	"class _C:\n"
	"    def _m(self):\n"
	"        pass\n"
	"\n"
	"\n"
	"FunctionType = type(_f)\n"
	"LambdaType = type(_f)\n"
	"GeneratorType = type(_g())\n"
	"MethodType = type(_C()._m)\n"
	"BuiltinFunctionType = type(len)\n"
	"BuiltinMethodType = type([].append)\n"
	"ModuleType = type(_sys)\n"
	"NoneType = type(None)\n"
	"EllipsisType = type(...)\n"
	"\n"
	"_repr_running = []\n"
	"\n"
	"\n"
	"class SimpleNamespace:\n"
	"    def __init__(self, *args, **kwargs):\n"
	"        if args:\n"
	"            raise TypeError('no positional arguments expected')\n"
	"        for k in kwargs:\n"
	"            setattr(self, k, kwargs[k])\n"
	"\n"
	"    def __repr__(self):\n"
	"        name = 'namespace' if type(self) is SimpleNamespace else type(self).__name__\n"
	"        if id(self) in _repr_running:\n"
	"            return name + '(...)'\n"
	"        _repr_running.append(id(self))\n"
	"        try:\n"
	"            items = ['%s=%r' % (k, v) for k, v in self.__dict__.items()]\n"
	"        finally:\n"
	"            _repr_running.remove(id(self))\n"
	"        return '%s(%s)' % (name, ', '.join(items))\n"
	"\n"
	"    def __eq__(self, other):\n"
	"        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):\n"
	"            return self.__dict__ == other.__dict__\n"
	"        return NotImplemented\n";

struct value *types_build(struct eval *ev, const char *name)
{
	return pylib_source_module(ev, name, types_src, NULL, 0);
}
