/*
 * collections.c — the collections module (in progress).
 */
#include "pylib/pylib_int.h"

struct value *collections_build(struct eval *ev, const char *name)
{
	return pylib_module(ev, name, NULL, 0);
}
