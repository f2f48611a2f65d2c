/*
 * json.c — the json module (in progress).
 */
#include "pylib/pylib_int.h"

struct value *json_build(struct eval *ev, const char *name)
{
	return pylib_module(ev, name, NULL, 0);
}
