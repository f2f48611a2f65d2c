/*
 * fncycle.c — breaks the reference cycles that run through function values.
 *
 * A closure references the dict of its enclosing scope (eval.c's make_function),
 * and every function references its module's globals; an inner function kept in
 * that dict (a counter's `inc`, a recursive helper, a lambda in a list that a
 * closure sees), or any function kept in the globals, closes a cycle that plain
 * reference counting never frees.  Every live function is on one intrusive list;
 * when a session ends, fn_break_cycles() drops the closures, defaults and
 * globals of that session's functions, and the cycles fall apart (their parse
 * arenas with them).  The list costs two pointers per function and O(1) per
 * make/free.
 */
#include <stddef.h>
#include <stdlib.h>
#include "lang/eval.h"

static struct function *live;   /* every function value not yet freed */

void fn_track(struct function *f)
{
	f->reg_prev = NULL;
	f->reg_next = live;
	if (live)
		live->reg_prev = f;
	live = f;
}

void fn_untrack(struct function *f)
{
	if (f->reg_prev)
		f->reg_prev->reg_next = f->reg_next;
	else if (live == f)
		live = f->reg_next;
	if (f->reg_next)
		f->reg_next->reg_prev = f->reg_prev;
	f->reg_prev = f->reg_next = NULL;
}

/* The first function of the session (globals g) that still holds something. */
static struct function *holding(const struct value *g)
{
	for (struct function *f = live; f; f = f->reg_next)
		if (f->globals == g)
			return f;
	return NULL;
}

void fn_break_cycles(struct value *globals)
{
	struct function *f;
	/* each pass detaches one function's references before dropping them, so a
	 * function freed by the drop is already off the scan; a detached function
	 * has globals NULL and is never picked again */
	while ((f = holding(globals)) != NULL) {
		struct value *closure = f->closure, *g = f->globals;
		struct value **defaults = f->defaults;
		int n = f->fd->nparams;
		f->closure = NULL;
		f->globals = NULL;
		f->defaults = NULL;
		if (defaults) {
			for (int i = 0; i < n; i++)
				val_decref(defaults[i]);
			free(defaults);
		}
		val_decref(closure);
		val_decref(g);
	}
}
