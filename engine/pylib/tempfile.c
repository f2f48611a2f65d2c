/*
 * tempfile.c — the tempfile module (in progress).
 */
#include "pylib/pylib_int.h"

struct value *tempfile_build(struct eval *ev, const char *name)
{
	return pylib_module(ev, name, NULL, 0);
}
