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
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include "lang/core.h"
#include "lang/eval.h"
#include "lang/eval_impl.h"

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

/* ---- the cycle collector ----
 *
 * A frame's end frees the cycles through that frame (eval.c's
 * frame_collect); what it cannot see is a cycle made garbage later, away
 * from any frame's end: a returned recursive closure dropped by its caller
 * (f -> closure -> frame -> f), an instance that holds its own bound method
 * (self.cb = self.m), a closure stored on an object it reads.  Every
 * GC_EVERY functions and instances made (or more: twice as many as are live,
 * so the work stays linear), the next call's end runs framegc.c's trial
 * deletion over every live function that holds something and every live
 * instance with an attribute that may hold something; a garbage function drops its closure and
 * defaults, a garbage instance its attributes, and reference counting frees
 * the rest.  A walk past GC_MAX objects collects nothing. */
enum { GC_EVERY = 4096, GC_MAX = 1 << 18 };

static int made, due_at = GC_EVERY, collecting, enabled = 1;

int fn_gc_enable(int on)
{
	int was = enabled;
	if (on >= 0)
		enabled = on;
	return was;
}

void fn_gc_note(void)
{
	made++;
}

int fn_gc_due(void)
{
	return made >= due_at && !collecting && enabled;
}

/* a function that can be in a cycle: it holds a closure or defaults */
static int holds(const struct function *f)
{
	if (f->closure)
		return 1;
	for (int i = 0; f->defaults && i < f->fd->nparams; i++)
		if (f->defaults[i])
			return 1;
	return 0;
}

/* a garbage function lets go of its closure and defaults (the array stays,
 * emptied: a finally block run by the cut may still call it, and gets a
 * NameError or TypeError, never a crash) */
static void clear_function(struct function *f)
{
	struct value *closure = f->closure;
	f->closure = NULL;
	for (int i = 0; f->defaults && i < f->fd->nparams; i++) {
		struct value *d = f->defaults[i];
		f->defaults[i] = NULL;
		val_decref(d);
	}
	val_decref(closure);
}

int fn_collect(void)
{
	size_t nf = 0, nlive = 0, ninst = 0;
	size_t ni = pyobj_hooks.cls_instances ? pyobj_hooks.cls_instances(NULL, 0, &ninst) : 0;
	struct value **roots = NULL;
	unsigned char *garbage = NULL;
	if (collecting)
		return 0; /* gc.collect() from a finally block the cut runs */
	collecting = 1;
	made = 0;
	for (struct function *f = live; f; f = f->reg_next, nlive++)
		nf += holds(f) && f->self;
	nlive += ninst;
	size_t n = nf + ni, g = 0;
	if (n == 0 || n > GC_MAX)
		goto out;
	roots = malloc(sizeof *roots * n);
	garbage = malloc(n);
	if (!roots || !garbage)
		goto out;
	size_t k = 0;
	for (struct function *f = live; f && k < nf; f = f->reg_next)
		if (holds(f) && f->self)
			roots[k++] = f->self;
	if (ni && pyobj_hooks.cls_instances(roots + k, ni, &ninst) != ni)
		goto out; /* cannot happen: nothing ran in between */
	k += ni;
	/* a walk sized to the roots first (its table stays in cache), larger
	 * when it did not fit */
	int max = 1024, found;
	while (max < 8 * (int)k && max < GC_MAX)
		max *= 2;
	while ((found = ev_cycles_garbage(roots, (int)k, 0, garbage, max)) < 0 && max < GC_MAX)
		max = max * 4 > GC_MAX ? GC_MAX : max * 4;
	if (found <= 0)
		goto out;
	/* every garbage root held while the cycles are cut: one freed by the
	 * cut of another is still ours to cut */
	for (size_t i = 0; i < k; i++)
		if (garbage[i])
			roots[g++] = val_incref(roots[i]);
	for (size_t i = 0; i < g; i++) {
		if (roots[i]->type == VT_FUNCTION)
			clear_function(roots[i]->u.func);
		else
			pyobj_hooks.cls_clear(roots[i]);
	}
	for (size_t i = 0; i < g; i++)
		val_decref(roots[i]);
	nlive -= g;
out:
	free(roots);
	free(garbage);
	/* the lists are walked whole each time: the next run waits for twice
	 * as many new ones as there are live ones */
	due_at = 2 * nlive > GC_EVERY ? (nlive > INT_MAX / 4 ? INT_MAX / 2 : 2 * (int)nlive) : GC_EVERY;
	collecting = 0;
	return (int)g;
}
