/*
 * error.h — how the engine raises and checks errors.
 *
 * The first error wins: err_set on an evaluator that already holds an error
 * does nothing.  The evaluator turns the pending error into a Python
 * exception value that `try/except` can catch, or into the cell's error.
 */
#ifndef LUMEN_ERROR_H
#define LUMEN_ERROR_H

#include "lang/value.h"

/* Records `TypeName: message` (printf-style); returns NULL for convenience
 * so `return err_set(...)` works in functions returning pointers. */
void *err_set(struct eval *ev, enum typeid type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Records an exception value (steals it). */
void err_set_value(struct eval *ev, struct value *exc);
int err_occurred(struct eval *ev);
/* Out of host memory: MemoryError with a fixed message, never allocates. */
void *err_nomem(struct eval *ev);
/* The pending exception, removed from the evaluator (new reference). */
struct value *err_fetch(struct eval *ev);
void err_clear(struct eval *ev);

/* Non-zero once an interrupt was requested; raises KeyboardInterrupt.
 * Host loops call it every few milliseconds of work. */
int ev_check_interrupt(struct eval *ev);

/* Prints "FILE:LINE: CATEGORY: MSG\n  SOURCE\n" on stderr for the running
 * line, unless this (message, category, place) was shown before (CPython's
 * default warning filter). */
void ev_warn(struct eval *ev, const char *category, const char *msg);
/* The warnings module's filters (set by engine/pylib at start-up): called
 * first by ev_warn; non-zero when it handled the warning (ignored, recorded
 * or printed), 0 to print it as the default filter does. */
extern int (*ev_warn_hook)(struct eval *ev, const char *category, const char *msg);

/* Writes to the cell's stdout / stderr as it runs. */
void ev_write(struct eval *ev, int fd, const char *s, size_t len);

#endif
