/*
 * framegc.c — trial deletion: which of some objects are garbage, held only
 * through cycles among what they reach.  Two users: a frame that is ending
 * (eval.c's frame_collect: a recursive helper, a lambda kept in a dict of
 * the frame that reads the dict, an object of the frame with a method that
 * closes over it, a generator the frame keeps that runs in it), and
 * fncycle.c's collector over every live function and instance.
 *
 * CPython's cycle collector over a bounded subgraph: the objects reachable
 * from the roots (at most max of them, 8 times as many references followed:
 * past that the answer is "all held"; long containers are not walked into) each get their reference count less
 * the references from inside that set; any with some left is held from
 * outside, and so is all it reaches.  A root not held is garbage: the caller
 * cuts it (clears the frame, drops a function's closure, an instance's
 * attributes) and reference counting frees the rest.  The references walked
 * are the containers' own (lists, tuples, dicts, functions' closures and
 * defaults, exceptions, bound builtins) and those an objtype's traverse
 * gives (frames, generators, classes, instances, methods); a reference not
 * walked only keeps more alive, so the answer errs on "held".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/eval.h"
#include "lang/eval_impl.h"

#define container ev_gc_container

/* a frame's check walks FRAME_MAX objects at most (it runs at the end of
 * every call that leaves its frame held: cheap, and fncycle.c's collector
 * gets what it gives up on); a list, tuple or dict of more than BIG items
 * is in the set but not walked into: a long list of numbers costs nothing,
 * and a cycle through it is never found (its items look held) */
enum { FRAME_MAX = 256, BIG = 512 };

struct gcset {
	struct value **v;    /* the objects; v[0] the frame */
	int *refs;           /* references from outside the set */
	unsigned char *held; /* reachable from outside */
	int *stack, nstack;
	int n, overflow, max;
	long visits, maxvisits; /* references followed, leaves included */
	int32_t *tab;        /* open addressing over v: index + 1, 0 empty */
	uint32_t *pos;       /* where in tab each object is */
	uint32_t mask;
};

/* values that may hold references (the rest cannot be in a cycle) */
int ev_gc_container(const struct value *v)
{
	switch (v->type) {
	case VT_LIST: case VT_TUPLE: case VT_DICT: case VT_FUNCTION: case VT_EXCEPTION:
		return 1;
	case VT_BUILTIN:
		return v->u.bi.self != NULL;
	case VT_OBJECT:
		return v->u.obj.t->traverse != NULL;
	default:
		return 0;
	}
}

static uint32_t slot_of(const struct gcset *s, const struct value *v)
{
	uintptr_t h = (uintptr_t)v;
	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ull;
	uint32_t i = (uint32_t)(h >> 32) & s->mask;
	while (s->tab[i] && s->v[s->tab[i] - 1] != v)
		i = (i + 1) & s->mask;
	return i;
}

/* v's index in the set, or -1 */
static int find(const struct gcset *s, const struct value *v)
{
	int32_t k = s->tab[slot_of(s, v)];
	return k ? k - 1 : -1;
}

static void traverse(struct value *v, val_visit_fn visit, void *arg)
{
	switch (v->type) {
	case VT_LIST: case VT_TUPLE:
		if (v->u.seq.n > BIG)
			return;
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (v->u.seq.items[i])
				visit(v->u.seq.items[i], arg);
		return;
	case VT_DICT: {
		struct dict *d = v->u.dict;
		if (d->n > BIG)
			return;
		for (size_t i = 0; i < d->n; i++) {
			if (!d->entries[i].key)
				continue;
			visit(d->entries[i].key, arg);
			if (d->entries[i].val)
				visit(d->entries[i].val, arg);
		}
		if (d->kdata)
			visit(d->kdata, arg);
		return;
	}
	case VT_FUNCTION: {
		/* not the globals: the session holds them */
		struct function *f = v->u.func;
		if (f->closure)
			visit(f->closure, arg);
		for (int i = 0; f->defaults && i < f->fd->nparams; i++)
			if (f->defaults[i])
				visit(f->defaults[i], arg);
		return;
	}
	case VT_EXCEPTION:
		if (v->u.exc.args)
			visit(v->u.exc.args, arg);
		if (v->u.exc.cls)
			visit(v->u.exc.cls, arg);
		if (v->u.exc.attrs)
			visit(v->u.exc.attrs, arg);
		return;
	case VT_BUILTIN:
		if (v->u.bi.self)
			visit(v->u.bi.self, arg);
		return;
	case VT_OBJECT:
		if (v->u.obj.t->traverse)
			v->u.obj.t->traverse(v, visit, arg);
		return;
	default:
		return;
	}
}

static void visit_add(struct value *c, void *arg)
{
	struct gcset *s = arg;
	if (s->overflow)
		return;
	if (++s->visits > s->maxvisits) {
		s->overflow = 1; /* a frame that reaches a long list of numbers */
		return;
	}
	if (!container(c))
		return;
	uint32_t i = slot_of(s, c);
	if (s->tab[i])
		return;
	if (s->n == s->max) {
		s->overflow = 1;
		return;
	}
	s->v[s->n] = c;
	s->pos[s->n] = i;
	s->tab[i] = ++s->n;
}

static void visit_sub(struct value *c, void *arg)
{
	struct gcset *s = arg;
	int k = container(c) ? find(s, c) : -1;
	if (k >= 0)
		s->refs[k]--;
}

static void visit_hold(struct value *c, void *arg)
{
	struct gcset *s = arg;
	int k = container(c) ? find(s, c) : -1;
	if (k >= 0 && !s->held[k]) {
		s->held[k] = 1;
		s->stack[s->nstack++] = k;
	}
}

/* the buffers, kept from one call to the next (tab and held all zero
 * between calls: each call empties what it used); cap objects at most */
static _Thread_local struct gcset buf;
static _Thread_local int bufcap;

static int reserve(struct gcset *s, int cap)
{
	if (bufcap >= cap)
		return 0;
	free(s->v);
	free(s->refs);
	free(s->held);
	free(s->stack);
	free(s->tab);
	free(s->pos);
	memset(s, 0, sizeof *s);
	bufcap = 0;
	s->v = malloc(sizeof *s->v * (size_t)cap);
	s->refs = malloc(sizeof *s->refs * (size_t)cap);
	s->held = calloc((size_t)cap, 1);
	s->stack = malloc(sizeof *s->stack * (size_t)cap);
	s->tab = calloc(2 * (size_t)cap, sizeof *s->tab);
	s->pos = malloc(sizeof *s->pos * (size_t)cap);
	if (!s->v || !s->refs || !s->held || !s->stack || !s->tab || !s->pos)
		return -1; /* freed at the next reserve */
	bufcap = cap;
	return 0;
}

int ev_cycles_garbage(struct value **roots, int n, int own0, unsigned char *garbage, int max)
{
	struct gcset *s = &buf;
	int found = 0;
	memset(garbage, 0, (size_t)n);
	if (n <= 0 || n > max)
		return 0;
	int cap = 1;
	while (cap < max)
		cap *= 2; /* the table's mask is 2 cap - 1 */
	if (reserve(s, cap) < 0)
		return 0; /* out of memory: all held, the safe answer */
	s->mask = 2 * (uint32_t)cap - 1; /* this walk's part of the table: small walks stay in cache */
	s->n = s->nstack = s->overflow = 0;
	s->max = max;
	s->visits = 0;
	s->maxvisits = 8L * max;
	for (int i = 0; i < n; i++) {
		uint32_t k = slot_of(s, roots[i]);
		if (s->tab[k])
			goto out; /* a root twice */
		s->v[s->n] = roots[i];
		s->pos[s->n] = k;
		s->tab[k] = ++s->n;
	}
	for (int i = 0; i < s->n && !s->overflow; i++)
		traverse(s->v[i], visit_add, s);
	if (s->overflow) {
		found = -1;
		goto out;
	}
	for (int i = 0; i < s->n; i++)
		s->refs[i] = s->v[i]->refcnt;
	s->refs[0] -= own0;
	for (int i = 0; i < s->n; i++)
		traverse(s->v[i], visit_sub, s);
	for (int i = 0; i < s->n; i++) {
		if (s->refs[i] < 0)
			goto out; /* a reference counted twice: trust nothing */
		if (s->refs[i] > 0 && !s->held[i]) {
			s->held[i] = 1;
			s->stack[s->nstack++] = i;
		}
	}
	while (s->nstack)
		traverse(s->v[s->stack[--s->nstack]], visit_hold, s);
	for (int i = 0; i < n; i++)
		found += garbage[i] = !s->held[i];
out:
	for (int i = 0; i < s->n; i++) {
		s->tab[s->pos[i]] = 0;
		s->held[i] = 0;
	}
	return found;
}

int ev_frame_garbage(struct value *frame, int own)
{
	unsigned char g;
	return ev_cycles_garbage(&frame, 1, own, &g, FRAME_MAX) > 0;
}
