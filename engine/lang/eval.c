/*
 * eval.c — the tree-walking evaluator's session and calls.  Owns the
 * session state (struct eval), scopes and their frames (module dict,
 * function locals, closures, comprehension scopes), function calls with
 * Python's argument binding, name lookup and running compiled source.
 * Expressions are eval_expr.c's, statements eval_stmt.c's, tracebacks
 * traceback.c's (eval_impl.h is what they share).  It never looks inside an
 * array: value.h's type slots do that; elementwise subtrees go to the
 * statement fuser (ufunc/fuse_stmt.c, through eval_int.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/parse.h"
#include "lang/args.h"
#include "lang/eval_int.h"
#include "lang/eval_impl.h"

struct ev_fuser ev_fuser;   /* filled by ufunc/fuse_stmt.c at start-up */

struct code {
	struct arena *arena;
	struct nlist body;
	int want_result;
};

/* ---- frames: the locals of a resolved def, lambda or comprehension ----
 * (struct lframe: eval_impl.h) Small frames are recycled. */

/* Recycling: lf_free holds small frames whose value was freed; lf_pool
 * holds small frames with their value, released by a call or comprehension
 * that was their only holder (lframe_release).  None under AddressSanitizer,
 * as value.c's free lists. */
#ifdef __SANITIZE_ADDRESS__
enum { LF_SMALL = 16, LF_KEEP = 0 };
#else
enum { LF_SMALL = 16, LF_KEEP = 64 };
#endif
static _Thread_local struct lframe *lf_free[LF_KEEP ? LF_KEEP : 1], *lf_pool[LF_KEEP ? LF_KEEP : 1];
static _Thread_local int lf_free_n, lf_pool_n;

/* drops the frame's bindings */
static void lframe_clear(struct lframe *lf)
{
	/* n first: dropping the last function of a cell frees the arena that
	 * holds the table */
	int n = lf->tab->n;
	for (int i = 0; i < n; i++) {
		struct value *v = lf->slots[i];
		if (v) {
			lf->slots[i] = NULL;
			val_decref(v);
		}
	}
	if (lf->extra) {
		struct value *x = lf->extra;
		lf->extra = NULL;
		val_decref(x);
	}
}

static void lframe_free(void *p)
{
	struct lframe *lf = p;
	lframe_clear(lf);
	if (lf->cap == LF_SMALL && lf_free_n < LF_KEEP)
		lf_free[lf_free_n++] = lf;
	else
		free(lf);
}

static void lframe_traverse(struct value *self, val_visit_fn visit, void *arg)
{
	struct lframe *lf = self->u.obj.p;
	for (int i = 0; i < lf->tab->n; i++)
		if (lf->slots[i])
			visit(lf->slots[i], arg);
	if (lf->extra)
		visit(lf->extra, arg);
}

static const struct objtype lframe_type = { .name = "frame", .free = lframe_free, .traverse = lframe_traverse };

/* a frame of empty slots for tab: new reference, or NULL with the error set */
struct value *ev_lframe_new(struct eval *ev, const struct slottab *tab)
{
	struct lframe *lf;
	int cap = tab->n <= LF_SMALL ? LF_SMALL : tab->n;
	if (cap == LF_SMALL && lf_pool_n) {
		lf = lf_pool[--lf_pool_n];
		lf->tab = tab;
		lf->self->refcnt = 1;
		return lf->self;
	}
	if (cap == LF_SMALL && lf_free_n) {
		lf = lf_free[--lf_free_n];
	} else {
		lf = malloc(sizeof *lf + sizeof lf->slots[0] * (size_t)cap);
		if (!lf)
			return err_nomem(ev);
		memset(lf->slots, 0, sizeof lf->slots[0] * (size_t)cap);
		lf->cap = cap;
	}
	lf->tab = tab;
	lf->extra = NULL;
	struct value *v = val_object_new(&lframe_type, lf); /* frees lf on failure */
	if (!v)
		return err_nomem(ev);
	lf->self = v;
	return v;
}

/* drops the running scope's reference to its frame v */
void ev_lframe_release(struct value *v)
{
	struct lframe *lf = v->u.obj.p;
	if (v->refcnt == 1 && lf->cap == LF_SMALL && lf_pool_n < LF_KEEP) {
		lframe_clear(lf);
		if (v->refcnt == 1 && lf_pool_n < LF_KEEP) {
			lf_pool[lf_pool_n++] = lf;
			return;
		}
	}
	val_decref(v);
}

static struct lframe *lframe_of(struct value *o)
{
	return o->type == VT_OBJECT && o->u.obj.t == &lframe_type ? o->u.obj.p : NULL;
}

/* Where name is bound in the scope object o (a dict or a frame), or NULL. */
struct value **ev_scope_ref(struct value *o, const char *name, size_t n, uint64_t h)
{
	struct dict_entry *e;
	struct lframe *lf = lframe_of(o);
	if (lf) {
		int k = slottab_find(lf->tab, name, n, h);
		if (k >= 0)
			return lf->slots[k] ? &lf->slots[k] : NULL;
		if (!lf->extra)
			return NULL;
		o = lf->extra;
	}
	e = dict_findstr(o, name, n, h);
	return e ? &e->val : NULL;
}

/* Binds name to v (increfed) in the scope object o: 0, or -1 with the error set. */
int ev_scope_set(struct eval *ev, struct value *o, const char *name, size_t n, uint64_t h,
		     struct value *v)
{
	struct dict_entry *e;
	struct lframe *lf = lframe_of(o);
	if (lf) {
		int k = slottab_find(lf->tab, name, n, h);
		if (k >= 0) {
			struct value *old = lf->slots[k];
			lf->slots[k] = val_incref(v);
			val_decref(old);
			return 0;
		}
		if (!lf->extra && !(lf->extra = val_dict_new())) {
			err_nomem(ev);
			return -1;
		}
		o = lf->extra;
	}
	e = dict_findstr(o, name, n, h);
	if (e) {
		struct value *old = e->val;
		e->val = val_incref(v);
		val_decref(old);
		return 0;
	}
	if (dict_setstr(o, name, val_incref(v)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

/* Unbinds name in the scope object o: 1 done, 0 it was not bound, -1 error. */
int ev_scope_del(struct eval *ev, struct value *o, const char *name)
{
	struct lframe *lf = lframe_of(o);
	if (lf) {
		size_t n = strlen(name);
		uint64_t h = str_hash(name, n);
		int k = slottab_find(lf->tab, name, n, h ? h : 1);
		if (k >= 0) {
			struct value *old = lf->slots[k];
			if (!old)
				return 0;
			lf->slots[k] = NULL;
			val_decref(old);
			return 1;
		}
		if (!lf->extra)
			return 0;
		o = lf->extra;
	}
	struct value *key = val_cstr(name);
	if (!key) {
		err_nomem(ev);
		return -1;
	}
	int r = dict_del(ev, o, key);
	val_decref(key);
	return r;
}

/* The scopes enclosing sc, innermost first, are the items of the first
 * closure met going up, after the locals of each comprehension's `up`
 * passed on the way (the module scope ends the chain). */
static struct value **chain_ref(const struct scope *sc, const char *name, size_t n, uint64_t h)
{
	struct value **r;
	for (const struct scope *s = sc;;) {
		if (s->closure) {
			for (size_t i = 0; i < s->closure->u.seq.n; i++)
				if ((r = ev_scope_ref(s->closure->u.seq.items[i], name, n, h)))
					return r;
			return NULL;
		}
		s = s->up;
		if (!s || s->locals == s->globals)
			return NULL;
		if (s->fd && s->fd->is_class)
			continue; /* a class body's names are not seen from inside */
		if ((r = ev_scope_ref(s->locals, name, n, h)))
			return r;
	}
}

/* the number of enclosing scopes of sc; fills out[] when not NULL */
static size_t chain_list(const struct scope *sc, struct value **out)
{
	size_t k = 0;
	for (const struct scope *s = sc;;) {
		if (s->closure) {
			for (size_t i = 0; i < s->closure->u.seq.n; i++, k++)
				if (out)
					out[k] = val_incref(s->closure->u.seq.items[i]);
			return k;
		}
		s = s->up;
		if (!s || s->locals == s->globals)
			return k;
		if (s->fd && s->fd->is_class)
			continue;
		if (out)
			out[k] = val_incref(s->locals);
		k++;
	}
}

/* no enclosing scope, and no name outside the frame's table: a name not
 * local is a global */
int ev_chain_empty(const struct scope *sc)
{
	struct lframe *lf;
	if (sc->closure || (sc->up && sc->up->locals != sc->up->globals))
		return 0;
	lf = lframe_of(sc->locals);
	return lf ? !lf->extra : sc->locals == sc->globals;
}

/* ---- session ---- */

struct eval *ev_new(void)
{
	struct eval *ev = calloc(1, sizeof *ev);
	if (!ev)
		return NULL;
	ev->globals = val_dict_new();
	ev->builtins = val_dict_new();
	ev->modules = val_dict_new();
	ev->maxdepth = 1000;
	if (!ev->globals || !ev->builtins || !ev->modules ||
	    dict_setstr(ev->globals, "__name__", val_cstr("__main__")) < 0 ||
	    pyobj_hooks.builtins_init(ev) < 0) {
		ev_free(ev);
		return NULL;
	}
	return ev;
}

void ev_free(struct eval *ev)
{
	if (!ev)
		return;
	err_clear(ev);
	/* functions hold the globals: clear it first to break the cycle */
	if (ev->globals) {
		struct dict *d = ev->globals->u.dict;
		for (size_t i = 0; i < d->n; i++) {
			struct value *v = d->entries[i].val;
			d->entries[i].val = val_none();
			val_decref(v);
		}
		pyobj_hooks.cls_break_cycles(ev->globals);
		fn_break_cycles(ev->globals);
	}
	val_decref(ev->globals);
	val_decref(ev->builtins);
	val_decref(ev->modules);
	val_decref(ev->last_result);
	free(ev->tb);
	free(ev->frames);
	free(ev);
}

int ev_push_frame(struct eval *ev, struct arena *a, const char *name, int line)
{
	if (ev->nframes == ev->capframes) {
		int cap = ev->capframes ? ev->capframes * 2 : 32;
		struct frame *f = realloc(ev->frames, sizeof *f * (size_t)cap);
		if (!f) {
			err_nomem(ev);
			return -1;
		}
		ev->frames = f;
		ev->capframes = cap;
	}
	ev->frames[ev->nframes].arena = a;
	ev->frames[ev->nframes].name = name;
	ev->frames[ev->nframes].line = line;
	ev->frames[ev->nframes].node = NULL;
	ev->frames[ev->nframes].fd = NULL;
	ev->nframes++;
	return 0;
}

void ev_pop_frame(struct eval *ev)
{
	if (ev->nframes > 0)
		ev->nframes--;
}

/* The running thread's stack size, asked once per thread: on the main
 * thread pthread_getattr_np reads /proc/self/maps, too slow for every cell. */
static size_t thread_stack_size(void)
{
	static _Thread_local size_t cached;
	pthread_attr_t at;
	size_t sz = 0;
	if (cached)
		return cached;
	if (pthread_getattr_np(pthread_self(), &at) == 0) {
		pthread_attr_getstacksize(&at, &sz);
		pthread_attr_destroy(&at);
	}
	if (sz == 0 || sz > ((size_t)64 << 20))
		sz = (size_t)8 << 20;
	cached = sz;
	return sz;
}

int ev_enter_call(struct eval *ev)
{
	char here;
	if (ev->stack_base) {
		size_t used = (size_t)(ev->stack_base > &here ? ev->stack_base - &here : &here - ev->stack_base);
		if (used > ev->stack_limit) {
			err_set(ev, TY_RecursionError, "maximum recursion depth exceeded");
			return -1;
		}
	}
	if (ev->depth + 1 >= ev->maxdepth) {
		err_set(ev, TY_RecursionError, "maximum recursion depth exceeded");
		return -1;
	}
	ev->depth++;
	return 0;
}

void ev_leave_call(struct eval *ev)
{
	ev->depth--;
}

/* ---- functions ---- */

void ev_function_free(struct function *f)
{
	if (!f)
		return;
	if (f->defaults) {
		for (int i = 0; i < f->fd->nparams; i++)
			val_decref(f->defaults[i]);
		free(f->defaults);
	}
	val_decref(f->closure);
	val_decref(f->globals);
	fn_untrack(f);
	arena_decref(f->fd->arena);
	free(f);
}

char *ev_function_repr(struct function *f)
{
	char buf[256];
	snprintf(buf, sizeof buf, "<function %s at %p>", f->fd->qualname, (void *)f);
	return strdup(buf);
}

/* The enclosing scopes a def or class body running in sc sees (*out: a
 * tuple, or NULL at module level): sc's locals then its own chain; a class
 * body's dict is not among them.  0, or -1 with the error set. */
int ev_closure_of(struct eval *ev, struct scope *sc, struct value **out)
{
	*out = NULL;
	if (sc->fd && sc->fd->is_class) {
		*out = val_incref(sc->closure);
		return 0;
	}
	if (sc->locals == sc->globals)
		return 0;
	size_t nc = chain_list(sc, NULL);
	struct value **items = malloc(sizeof *items * (nc + 1));
	if (!items) {
		err_nomem(ev);
		return -1;
	}
	items[0] = val_incref(sc->locals);
	chain_list(sc, items + 1);
	*out = val_tuple_new(nc + 1, items);
	free(items);
	if (!*out) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

struct value *ev_make_function(struct eval *ev, struct scope *sc, struct funcdef *fd)
{
	struct function *f = calloc(1, sizeof *f);
	struct value *v = calloc(1, sizeof *v);
	if (!f || !v) {
		free(f);
		free(v);
		return err_nomem(ev);
	}
	f->fd = fd;
	fn_track(f);
	fn_gc_note();
	arena_incref(fd->arena);
	f->globals = val_incref(sc->globals);
	v->refcnt = 1;
	v->type = VT_FUNCTION;
	v->u.func = f;
	f->self = v;
	f->defaults = calloc((size_t)(fd->nparams ? fd->nparams : 1), sizeof *f->defaults);
	if (!f->defaults) {
		val_decref(v);
		return err_nomem(ev);
	}
	for (int i = 0; i < fd->nparams; i++) {
		if (fd->params[i].def) {
			f->defaults[i] = eval_expr(ev, sc, fd->params[i].def);
			if (!f->defaults[i]) {
				val_decref(v);
				return NULL;
			}
		}
	}
	if (sc->locals != sc->globals && ev_closure_of(ev, sc, &f->closure) < 0) {
		val_decref(v);
		return NULL;
	}
	return v;
}

static void names_join(char *buf, size_t n, const char **names, int k)
{
	buf[0] = 0;
	for (int i = 0; i < k; i++) {
		size_t l = strlen(buf);
		if (i && k > 2)
			snprintf(buf + l, n - l, ", ");
		else if (i)
			snprintf(buf + l, n - l, " ");
		l = strlen(buf);
		if (i && i == k - 1)
			snprintf(buf + l, n - l, "and ");
		l = strlen(buf);
		snprintf(buf + l, n - l, "'%s'", names[i]);
	}
}

/* Binds parameter i of fd to v (stolen) in the new scope fs: 0, or -1 */
static int bind_param(const struct funcdef *fd, struct scope *fs, int i, struct value *v)
{
	if (fs->slots) {
		struct value **p = &fs->slots[fd->tab->param_slot[i]];
		val_decref(*p);
		*p = v;
		return 0;
	}
	return dict_setstr(fs->locals, fd->params[i].name, v);
}

/* Binds argv/kw to the parameters into fs's locals: 0 or -1 */
static int bind_args(struct eval *ev, struct function *f, struct scope *fs, int argc,
		     struct value **argv, const struct kwargs *kw)
{
	const struct funcdef *fd = f->fd;
	int npos = 0, nposdef = 0, star = -1, dstar = -1;
	/* one slot per parameter; on the stack for the usual few */
	struct value *slot_buf[16];
	struct value **slots = fd->nparams < 16 ? slot_buf
				: calloc((size_t)fd->nparams + 1, sizeof *slots);
	struct value *kwdict = NULL;
	int rc = -1;
	if (!slots) {
		err_nomem(ev);
		return -1;
	}
	if (fs->slots) {
		const struct slottab *t = fd->tab;
		npos = t->npos;
		nposdef = t->nposdef;
		star = t->star;
		dstar = t->dstar;
		if (star < 0 && dstar < 0 && npos == fd->nparams && !(kw && kw->n) &&
		    argc <= npos && argc >= npos - nposdef) {
			/* positional arguments, defaults for the rest: into empty slots */
			for (int i = 0; i < npos; i++) {
				struct value *v = i < argc ? argv[i] : f->defaults[i];
				if (!v)
					goto general;
				val_decref(fs->slots[t->param_slot[i]]);
				fs->slots[t->param_slot[i]] = val_incref(v);
			}
			rc = 0;
			goto out;
		}
		goto general;
	}
	for (int i = 0; i < fd->nparams; i++) {
		if (fd->params[i].kind == 0) {
			npos++;
			if (fd->params[i].def)
				nposdef++;
		} else if (fd->params[i].kind == 1) {
			star = i;
		} else if (fd->params[i].kind == 2) {
			dstar = i;
		}
	}
general:
	if (star < 0 && dstar < 0 && argc == npos && npos == fd->nparams && !(kw && kw->n)) {
		/* the usual call: every parameter positional, given once */
		for (int i = 0; i < argc; i++)
			if (bind_param(fd, fs, i, val_incref(argv[i])) < 0) {
				err_nomem(ev);
				goto out;
			}
		rc = 0;
		goto out;
	}
	if (slots == slot_buf)
		memset(slot_buf, 0, sizeof *slots * ((size_t)fd->nparams + 1));
	if (argc > npos && star < 0) {
		if (nposdef)
			err_set(ev, TY_TypeError, "%s() takes from %d to %d positional arguments but %d %s given",
				fd->qualname, npos - nposdef, npos, argc, argc == 1 ? "was" : "were");
		else
			err_set(ev, TY_TypeError, "%s() takes %d positional argument%s but %d %s given",
				fd->qualname, npos, npos == 1 ? "" : "s", argc, argc == 1 ? "was" : "were");
		goto out;
	}
	for (int i = 0, k = 0; i < fd->nparams && k < argc; i++)
		if (fd->params[i].kind == 0)
			slots[i] = argv[k++];
	if (star >= 0) {
		int extra = argc > npos ? argc - npos : 0;
		struct value **items = malloc(sizeof *items * (size_t)(extra ? extra : 1));
		if (!items) {
			err_nomem(ev);
			goto out;
		}
		for (int i = 0; i < extra; i++)
			items[i] = val_incref(argv[npos + i]);
		struct value *t = val_tuple_new((size_t)extra, items);
		free(items);
		if (!t || bind_param(fd, fs, star, t) < 0) {
			err_nomem(ev);
			goto out;
		}
	}
	if (dstar >= 0) {
		kwdict = val_dict_new();
		if (!kwdict) {
			err_nomem(ev);
			goto out;
		}
	}
	for (int j = 0; kw && j < kw->n; j++) {
		int i;
		for (i = 0; i < fd->nparams; i++)
			if ((fd->params[i].kind == 0 || fd->params[i].kind == 3) &&
			    strcmp(fd->params[i].name, kw->names[j]) == 0)
				break;
		if (i == fd->nparams) {
			if (kwdict) {
				struct value *k = val_cstr(kw->names[j]);
				if (!k || dict_set(ev, kwdict, k, kw->vals[j]) < 0) {
					val_decref(k);
					goto out;
				}
				val_decref(k);
				continue;
			}
			err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'", fd->qualname, kw->names[j]);
			goto out;
		}
		if (slots[i]) {
			err_set(ev, TY_TypeError, "%s() got multiple values for argument '%s'", fd->qualname, kw->names[j]);
			goto out;
		}
		slots[i] = kw->vals[j];
	}
	{
		const char *missing[64];
		for (int pass = 0; pass < 2; pass++) {
			int nm = 0;
			for (int i = 0; i < fd->nparams; i++) {
				int kind = fd->params[i].kind;
				if (kind == 1 || kind == 2 || (pass == 0) != (kind == 0))
					continue;
				if (!slots[i])
					slots[i] = f->defaults[i];
				if (!slots[i] && nm < 64)
					missing[nm++] = fd->params[i].name;
			}
			if (nm) {
				char buf[512];
				names_join(buf, sizeof buf, missing, nm);
				err_set(ev, TY_TypeError, "%s() missing %d required %s argument%s: %s", fd->qualname, nm,
					pass ? "keyword-only" : "positional", nm == 1 ? "" : "s", buf);
				goto out;
			}
		}
	}
	for (int i = 0; i < fd->nparams; i++)
		if (slots[i] && bind_param(fd, fs, i, val_incref(slots[i])) < 0) {
			err_nomem(ev);
			goto out;
		}
	if (kwdict) {
		if (bind_param(fd, fs, dstar, kwdict) < 0) {
			kwdict = NULL;
			err_nomem(ev);
			goto out;
		}
		kwdict = NULL;
	}
	rc = 0;
out:
	val_decref(kwdict);
	if (slots != slot_buf)
		free(slots);
	return rc;
}

/* At a call's end, while something still holds its frame (a closure made in
 * it, a generator that runs in it): the slots no inner scope names die now,
 * as CPython's plain locals do; only the captured ones live on with the
 * frame.  Without this a frame that holds an unexhausted generator (or a
 * closure) which holds the frame is a cycle that never frees:
 * g = (x * a for x in it); next(g).  done: a generator's body is over, and
 * its uncaptured slots die whoever holds the frame.  The caller holds the
 * function, so the arena of the table outlives the loop. */
static void frame_end(struct value *locals, int done)
{
	struct lframe *lf = lframe_of(locals);
	if (!lf || (locals->refcnt < 2 && !done) || lf->tab->all_captured)
		return;
	const struct slottab *t = lf->tab;
	for (int i = 0; i < t->n; i++) {
		struct value *v = lf->slots[i];
		if (v && !t->captured[i]) {
			lf->slots[i] = NULL;
			val_decref(v);
		}
	}
}

/* A call's end, with the call's own reference to its frame still held:
 * the uncaptured slots die (frame_end); when what is left holds the frame
 * only through cycles back into it (a recursive helper, a lambda kept in a
 * dict of the frame that reads it, a generator kept in a captured slot:
 * framegc.c), the frame is garbage and is cleared, which frees the cycles. */
static void frame_collect(struct value *locals, int done)
{
	if (locals->refcnt < 2 && !done)
		return;
	frame_end(locals, done);
	if (locals->refcnt < 2 || !ev_frame_garbage(locals, 1))
		return;
	struct lframe *lf = lframe_of(locals);
	if (lf) {
		lframe_clear(lf);
		return;
	}
	struct dict *d = locals->u.dict;
	for (size_t i = 0; i < d->n; i++) {
		struct value *v = d->entries[i].val;
		if (d->entries[i].key && v) {
			d->entries[i].val = val_none();
			val_decref(v);
		}
	}
}

/* ---- generator functions (pyobj/gen.c runs the body on its own stack) ---- */

struct genframe {
	struct value *fv, *locals;  /* the function, its bound locals */
	struct scope sc;
};

static void genframe_free(void *p)
{
	struct genframe *g = p;
	frame_collect(g->locals, 0);
	val_decref(g->locals);
	val_decref(g->fv);
	free(g);
}

static void genframe_traverse(void *p, val_visit_fn visit, void *arg)
{
	struct genframe *g = p;
	visit(g->fv, arg);
	visit(g->locals, arg);
}

static struct value *genframe_run(struct eval *ev, void *p)
{
	struct genframe *g = p;
	const struct funcdef *fd = g->sc.fd;
	if (ev_push_frame(ev, fd->arena, fd->name, fd->line) < 0)
		return NULL;
	ev->frames[ev->nframes - 1].fd = fd;
	int r = ev_exec_block(ev, &g->sc, &fd->body);
	ev_pop_frame(ev);
	/* the body is over (returned, raised or closed): its frame's names die
	 * now, not when the generator object does */
	frame_collect(g->locals, 1);
	if (r == EX_RETURN) {
		struct value *x = ev->retval;
		ev->retval = NULL;
		return x;
	}
	return r == EX_OK ? val_none() : NULL;
}

/* the generator of a call of generator function fv with its bound locals */
static struct value *gen_of_call(struct eval *ev, struct value *fv, struct value *locals,
				 const struct scope *sc)
{
	struct genframe *g = malloc(sizeof *g);
	if (!g)
		return err_nomem(ev);
	g->fv = val_incref(fv);
	g->locals = val_incref(locals);
	g->sc = *sc;
	return pyobj_hooks.gen_new(ev, fv->u.func->fd->name, genframe_run, g, genframe_free, genframe_traverse);
}

struct value *ev_call_function(struct eval *ev, struct value *fv, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct function *f = fv->u.func;
	const struct funcdef *fd = f->fd;
	struct value *locals, *result = NULL;
	if (ev_enter_call(ev) < 0)
		return NULL;
	locals = fd->tab ? ev_lframe_new(ev, fd->tab) : val_dict_new();
	if (!locals) {
		ev_leave_call(ev);
		return fd->tab ? NULL : err_nomem(ev);
	}
	val_incref(fv); /* the function may be rebound while it runs */
	struct scope sc = { .locals = locals, .closure = f->closure, .fd = fd, .globals = f->globals };
	const struct slottab *t = fd->tab;
	int bound = 0;
	if (t) {
		sc.slots = ((struct lframe *)locals->u.obj.p)->slots;
		if (fd->nparams == t->npos && argc <= t->npos && argc >= t->npos - t->nposdef &&
		    !(kw && kw->n)) {
			/* the usual call: positional parameters, given by position
			 * or left to their defaults */
			bound = 1;
			for (int i = 0; i < argc; i++)
				sc.slots[t->param_slot[i]] = val_incref(argv[i]);
			for (int i = argc; i < t->npos && bound; i++)
				if (!(sc.slots[t->param_slot[i]] = val_incref(f->defaults[i])))
					bound = 0;
		}
	}
	if (!bound && bind_args(ev, f, &sc, argc, argv, kw) < 0)
		goto out;
	if (fd->is_generator) {
		/* the body runs later, from the generator */
		result = gen_of_call(ev, fv, locals, &sc);
		if (fd->tab)
			ev_lframe_release(locals);
		else
			val_decref(locals);
		val_decref(fv);
		ev_leave_call(ev);
		return result;
	}
	if (ev->nframes < ev->capframes) {
		struct frame *fr = &ev->frames[ev->nframes++];
		fr->arena = fd->arena;
		fr->name = fd->name;
		fr->line = fd->line;
		fr->node = NULL;
		fr->fd = fd;
	} else if (ev_push_frame(ev, fd->arena, fd->name, fd->line) < 0) {
		goto out;
	} else {
		ev->frames[ev->nframes - 1].fd = fd;
	}
	int r = ev_exec_block(ev, &sc, &fd->body);
	ev_pop_frame(ev);
	if (r == EX_RETURN) {
		result = ev->retval;
		ev->retval = NULL;
	} else if (r == EX_OK) {
		result = val_none();
	}
out:
	frame_collect(locals, 0);
	if (fd->tab)
		ev_lframe_release(locals);
	else
		val_decref(locals);
	val_decref(fv);
	ev_leave_call(ev);
	if (fn_gc_due())
		fn_collect();
	return result;
}

/* ---- names ---- */

int ev_in_names(const char **names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return 1;
	return 0;
}

static struct value *lookup(struct value *d, const char *name, size_t n, uint64_t h)
{
	struct dict_entry *e = dict_findstr(d, name, n, h);
	return e ? e->val : NULL;
}

/* the hash a name has in nodes and slot tables (never 0: see name_hash) */
uint64_t ev_hash_name(const char *s, size_t n)
{
	uint64_t h = str_hash(s, n);
	return h ? h : 1;
}

/* A global, then a builtin */
static struct value *load_global(struct eval *ev, struct scope *sc, const char *name, size_t n,
				 uint64_t h)
{
	struct value *v = lookup(sc->globals, name, n, h);
	if (v)
		return val_incref(v);
	v = lookup(ev->builtins, name, n, h);
	if (v)
		return val_incref(v);
	return err_set(ev, TY_NameError, "name '%s' is not defined", name);
}

/* The lookup of a name by its string: what every name means.  The
 * resolver's shortcuts (eval_name) must agree with it. */
struct value *ev_load_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h)
{
	struct value **r;
	if (sc->fd && sc->fd->nglobals && ev_in_names(sc->fd->globals, sc->fd->nglobals, name))
		return load_global(ev, sc, name, n, h);
	if (sc->locals != sc->globals) {
		if ((r = ev_scope_ref(sc->locals, name, n, h)))
			return val_incref(*r);
		if (sc->fd && ev_in_names(sc->fd->locals, sc->fd->nlocals, name))
			return err_set(ev, TY_UnboundLocalError,
				       "cannot access local variable '%s' where it is not associated with a value", name);
		if ((r = chain_ref(sc, name, n, h)))
			return val_incref(*r);
	}
	return load_global(ev, sc, name, n, h);
}

void ev_name_hash(struct node *n)
{
	if (!n->hash) {
		n->slen = strlen(n->s);
		n->hash = ev_hash_name(n->s, n->slen);
	}
}

/* The scope object (dict or frame) a store to name goes to */
struct value *ev_target_scope(struct scope *sc, const char *name)
{
	if (sc->fd) {
		if (ev_in_names(sc->fd->globals, sc->fd->nglobals, name))
			return sc->globals;
		if (ev_in_names(sc->fd->nonlocals, sc->fd->nnonlocals, name) && sc->closure) {
			size_t n = strlen(name);
			uint64_t h = ev_hash_name(name, n);
			for (size_t i = 0; i < sc->closure->u.seq.n; i++)
				if (ev_scope_ref(sc->closure->u.seq.items[i], name, n, h))
					return sc->closure->u.seq.items[i];
			return sc->closure->u.seq.items[0];
		}
	}
	return sc->locals;
}

int ev_store_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h,
			struct value *v)
{
	return ev_scope_set(ev, ev_target_scope(sc, name), name, n, h, v);
}

int ev_store_name(struct eval *ev, struct scope *sc, const char *name, struct value *v)
{
	size_t n = strlen(name);
	return ev_store_name_h(ev, sc, name, n, ev_hash_name(name, n), v);
}

/* ---- running source ---- */

static void syntax_error(struct eval *ev, struct arena *a, const struct parse_error *pe)
{
	struct value *e = val_exception_new((enum typeid)pe->type, pe->msg);
	if (!e) {
		err_nomem(ev);
		return;
	}
	e->u.exc.lineno = pe->line;
	e->u.exc.col = pe->col;
	e->u.exc.end_col = pe->end_col;
	size_t len;
	const char *line = arena_line(a, pe->line, &len);
	e->u.exc.text = strndup(line, len);
	/* CPython's attributes: filename, lineno, offset, text (with its
	 * newline), msg, end_lineno, end_offset; str(e) then reads
	 * "msg (filename, line N)" (value.c) */
	int nl = line && line + len < a->src + a->srclen && line[len] == '\n';
	struct value *attrs = val_dict_new();
	if (!attrs || !e->u.exc.text ||
	    dict_setstr(attrs, "filename", val_cstr(a->name)) < 0 ||
	    dict_setstr(attrs, "lineno", val_int(pe->line)) < 0 ||
	    dict_setstr(attrs, "offset", val_int(pe->col)) < 0 ||
	    dict_setstr(attrs, "text", nl ? val_str(line, len + 1) : val_cstr(e->u.exc.text)) < 0 ||
	    dict_setstr(attrs, "msg", val_cstr(pe->msg)) < 0 ||
	    dict_setstr(attrs, "end_lineno", val_int(pe->line)) < 0 ||
	    dict_setstr(attrs, "end_offset", val_int(pe->end_col > 0 ? pe->end_col : pe->col)) < 0) {
		val_decref(attrs);
		val_decref(e);
		err_nomem(ev);
		return;
	}
	e->u.exc.attrs = attrs;
	/* the traceback is the one frame of the source */
	int saved = ev->nframes;
	ev_push_frame(ev, a, "<module>", pe->line);
	err_set_value(ev, e);
	ev->nframes = saved;
}

struct code *ev_compile(struct eval *ev, const char *src, size_t len, const char *name,
			int want_result)
{
	struct code *c = calloc(1, sizeof *c);
	if (!c)
		return err_nomem(ev);
	c->arena = arena_new(src, len, name);
	if (!c->arena) {
		free(c);
		return err_nomem(ev);
	}
	c->want_result = want_result;
	struct parse_error pe;
	if (parse_cell(c->arena, &c->body, &pe) < 0) {
		if (pe.type == TY_MemoryError)
			err_nomem(ev);
		else
			syntax_error(ev, c->arena, &pe);
		ev_code_free(c);
		return NULL;
	}
	resolve_cell(c->arena, &c->body); /* on failure scopes keep dicts */
	return c;
}

void ev_code_free(struct code *c)
{
	if (!c)
		return;
	arena_decref(c->arena);
	free(c);
}

static int run_scope(struct eval *ev, struct code *c, struct scope *scp, struct value **result);

int ev_run(struct eval *ev, struct code *c, struct value **result)
{
	struct scope sc = { .locals = ev->globals, .globals = ev->globals };
	return run_scope(ev, c, &sc, result);
}

/* c's statements in the scope *scp (module level: the locals a dict) */
static int run_scope(struct eval *ev, struct code *c, struct scope *scp, struct value **result)
{
	char here;
	int outer = ev->stack_base == NULL;
	if (outer) {
		ev->stack_base = &here;
		size_t sz = thread_stack_size();
		ev->stack_limit = sz > ((size_t)1 << 20) ? sz - ((size_t)512 << 10) : sz / 2;
	}
	if (result)
		*result = NULL;
	struct scope sc = *scp;
	int rc = 0;
	if (ev_push_frame(ev, c->arena, "<module>", 1) < 0) {
		rc = -1;
		goto out;
	}
	int base = ev->nframes;
	for (int i = 0; i < c->body.n; i++) {
		struct node *s = c->body.v[i];
		ev->nframes = base;
		if (ev_check_interrupt(ev)) {
			rc = -1;
			break;
		}
		int last = i == c->body.n - 1 && c->want_result && result && !(s->op & 0x100);
		if (last && s->kind == S_EXPR) {
			set_line(ev, s->line);
			struct value *v = eval_expr(ev, &sc, s->a);
			if (!v) {
				rc = -1;
				break;
			}
			*result = v;
		} else if (last && s->kind == S_MAGIC) {
			set_line(ev, s->line);
			if (ev_exec_magic(ev, &sc, s, result) != EX_OK) {
				rc = -1;
				break;
			}
		} else {
			int r = ev_exec_stmt(ev, &sc, s);
			if (r == EX_ERR) {
				rc = -1;
				break;
			}
		}
	}
	ev->nframes = base - 1;
out:
	if (outer)
		ev->stack_base = NULL;
	if (rc < 0 && !ev->err)
		err_set(ev, TY_RuntimeError, "internal error");
	return rc;
}

int ev_exec_source(struct eval *ev, const char *src, size_t len, const char *name,
		   int cellno, int want_result, struct value **result)
{
	struct code *c = ev_compile(ev, src, len, name, want_result);
	if (!c)
		return -1;
	c->arena->cellno = cellno;
	int r = ev_run(ev, c, result);
	ev_code_free(c);
	return r;
}

struct value *ev_source_module(struct eval *ev, const char *name, struct value *g, const char *src, size_t len,
			       const char *hide)
{
	struct value *saved = ev->globals, *mod = NULL;
	char where[64];
	snprintf(where, sizeof where, "<%s>", name);
	ev->globals = g;
	int rc = ev_exec_source(ev, src, len, where, 0, 0, NULL);
	ev->globals = saved;
	if (rc == 0 && (mod = val_module_new(name))) {
		struct dict *d = g->u.dict;
		for (size_t i = 0; i < d->n; i++) {
			const char *k = d->entries[i].key ? val_as_cstr(d->entries[i].key) : NULL;
			if (k && k[0] != '_' && !(hide && !strcmp(k, hide)) &&
			    module_add(mod, k, val_incref(d->entries[i].val)) < 0) {
				val_decref(mod);
				mod = err_nomem(ev);
				break;
			}
		}
	} else if (rc == 0) {
		err_nomem(ev);
	}
	return mod;
}

struct value *ev_eval_string(struct eval *ev, const char *src, size_t len)
{
	return ev_eval_string_in(ev, src, len, NULL);
}

struct value *ev_eval_string_in(struct eval *ev, const char *src, size_t len, const void *scope)
{
	struct arena *a = arena_new(src, len, "<string>");
	struct node *n;
	struct parse_error pe;
	if (!a)
		return err_nomem(ev);
	if (parse_expr_only(a, &n, &pe) < 0) {
		syntax_error(ev, a, &pe);
		arena_decref(a);
		return NULL;
	}
	resolve_expr(a, n);
	struct scope sc = { .locals = ev->globals, .globals = ev->globals };
	if (scope)
		sc = *(const struct scope *)scope;
	char here;
	int outer = ev->stack_base == NULL;
	if (outer) {
		ev->stack_base = &here;
		ev->stack_limit = thread_stack_size() / 2;
	}
	struct value *v = eval_expr(ev, &sc, n);
	if (outer)
		ev->stack_base = NULL;
	arena_decref(a);
	return v;
}

int ev_exec_in(struct eval *ev, const char *src, size_t len, int expr,
	       struct value *globals, struct value *locals, struct value **result)
{
	struct value *saved = ev->globals;
	struct scope sc = { .locals = locals, .globals = globals };
	int rc = -1;
	*result = NULL;
	if (!expr) {
		struct code *c = ev_compile(ev, src, len, "<string>", 0);
		if (!c)
			return -1;
		ev->globals = globals;
		rc = run_scope(ev, c, &sc, NULL);
		ev->globals = saved;
		ev_code_free(c);
		return rc;
	}
	struct arena *a = arena_new(src, len, "<string>");
	struct node *n;
	struct parse_error pe;
	if (!a) {
		err_nomem(ev);
		return -1;
	}
	if (parse_expr_only(a, &n, &pe) < 0) {
		if (pe.type == TY_MemoryError)
			err_nomem(ev);
		else
			syntax_error(ev, a, &pe);
		arena_decref(a);
		return -1;
	}
	resolve_expr(a, n);
	char here;
	int outer = ev->stack_base == NULL;
	if (outer) {
		ev->stack_base = &here;
		ev->stack_limit = thread_stack_size() / 2;
	}
	if (ev_push_frame(ev, a, "<module>", 1) == 0) {
		int base = ev->nframes;
		ev->globals = globals;
		*result = eval_expr(ev, &sc, n);
		ev->globals = saved;
		ev->nframes = base - 1;
		rc = *result ? 0 : -1;
	}
	if (outer)
		ev->stack_base = NULL;
	arena_decref(a);
	return rc;
}
