/*
 * pylib.h — the door of engine/pylib/: the standard-library modules a cell
 * imports (os, functools, itertools, collections, json, io, copy, warnings,
 * logging, tempfile ...).  The session calls pylib_init once at start-up; it
 * registers every module with lang's registry (pymod_register), so lang never
 * names them.
 */
#ifndef LUMEN_PYLIB_H
#define LUMEN_PYLIB_H

/* Registers the modules (idempotent).  Returns 0, or -1 if the registry is full. */
int pylib_init(void);

#endif
