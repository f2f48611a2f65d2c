/*
 * eval.c — the tree-walking evaluator.  Owns the session state (struct
 * eval), scopes (module dict, function locals, closures over enclosing
 * function scopes, comprehension scopes), function calls with Python's
 * argument binding, statements, imports and the traceback frame stack.
 * It never looks inside an array: value.h's type slots do that; elementwise
 * subtrees go to the statement fuser (ufunc/fuse_stmt.c, through eval_int.h).
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
#include "pyobj/pyobj.h"

enum { EX_OK, EX_ERR, EX_BREAK, EX_CONTINUE, EX_RETURN };

struct ev_fuser ev_fuser;   /* filled by ufunc/fuse_stmt.c at start-up */

/* A running scope.  Its locals are the globals dict at module level; in a
 * def, lambda or comprehension a frame (struct lframe below, its slots in
 * `slots`) when the resolver gave it a table, else a dict.  Names not bound
 * here are searched in the enclosing scopes: a function's closure (the
 * scopes around its def, innermost first), a comprehension's `up` (the
 * scope it runs in, and that scope's own enclosing ones). */
struct scope {
	struct value *locals;   /* dict or frame (the globals dict at module level) */
	struct value **slots;   /* the frame's slots, or NULL */
	struct value *closure;  /* tuple of enclosing dicts / frames, or NULL */
	const struct funcdef *fd;
	struct value *globals;
	struct scope *up;       /* comprehensions: the scope they run in */
};

struct code {
	struct arena *arena;
	struct nlist body;
	int want_result;
};

static int exec_block(struct eval *ev, struct scope *sc, const struct nlist *l);
static int leaf_binop(struct node *n);
static int assign(struct eval *ev, struct scope *sc, struct node *t, struct value *v);

/* ---- frames: the locals of a resolved def, lambda or comprehension ----
 * A VT_OBJECT (never seen by a program: closures hold it) whose slots follow
 * the scope's slottab; names outside the table (`from m import *` in a def)
 * go to a dict made when first needed.  Small frames are recycled. */
struct lframe {
	const struct slottab *tab;
	struct value *extra;    /* VT_DICT or NULL */
	struct value *self;     /* the VT_OBJECT that holds it */
	int cap;
	struct value *slots[];
};

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

static const struct objtype lframe_type = { .name = "frame", .free = lframe_free };

/* a frame of empty slots for tab: new reference, or NULL with the error set */
static struct value *lframe_new(struct eval *ev, const struct slottab *tab)
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
static void lframe_release(struct value *v)
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
static struct value **scope_ref(struct value *o, const char *name, size_t n, uint64_t h)
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
static int scope_set(struct eval *ev, struct value *o, const char *name, size_t n, uint64_t h,
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
static int scope_del(struct eval *ev, struct value *o, const char *name)
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
				if ((r = scope_ref(s->closure->u.seq.items[i], name, n, h)))
					return r;
			return NULL;
		}
		s = s->up;
		if (!s || s->locals == s->globals)
			return NULL;
		if (s->fd && s->fd->is_class)
			continue; /* a class body's names are not seen from inside */
		if ((r = scope_ref(s->locals, name, n, h)))
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
static int chain_empty(const struct scope *sc)
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
	    builtins_init(ev) < 0) {
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
		cls_break_cycles(ev->globals);
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

static void set_line(struct eval *ev, int line)
{
	if (ev->nframes) {
		ev->frames[ev->nframes - 1].line = line;
		ev->frames[ev->nframes - 1].node = NULL;
	}
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
static int closure_of(struct eval *ev, struct scope *sc, struct value **out)
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

static struct value *make_function(struct eval *ev, struct scope *sc, struct funcdef *fd)
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
	arena_incref(fd->arena);
	f->globals = val_incref(sc->globals);
	v->refcnt = 1;
	v->type = VT_FUNCTION;
	v->u.func = f;
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
	if (sc->locals != sc->globals && closure_of(ev, sc, &f->closure) < 0) {
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

/* *p, a function only the locals hold whose closure starts with them: None */
static void drop_inner_function(struct value **p, struct value *locals)
{
	struct value *v = *p;
	if (v && v->type == VT_FUNCTION && v->refcnt == 1 && v->u.func->closure &&
	    v->u.func->closure->u.seq.n && v->u.func->closure->u.seq.items[0] == locals) {
		*p = val_none();
		val_decref(v);
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
	val_decref(g->locals);
	val_decref(g->fv);
	free(g);
}

static struct value *genframe_run(struct eval *ev, void *p)
{
	struct genframe *g = p;
	const struct funcdef *fd = g->sc.fd;
	if (ev_push_frame(ev, fd->arena, fd->name, fd->line) < 0)
		return NULL;
	ev->frames[ev->nframes - 1].fd = fd;
	int r = exec_block(ev, &g->sc, &fd->body);
	ev_pop_frame(ev);
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
	return gen_new(ev, fv->u.func->fd->name, genframe_run, g, genframe_free);
}

struct value *ev_call_function(struct eval *ev, struct value *fv, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct function *f = fv->u.func;
	const struct funcdef *fd = f->fd;
	struct value *locals, *result = NULL;
	if (ev_enter_call(ev) < 0)
		return NULL;
	locals = fd->tab ? lframe_new(ev, fd->tab) : val_dict_new();
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
			lframe_release(locals);
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
	int r = exec_block(ev, &sc, &fd->body);
	ev_pop_frame(ev);
	if (r == EX_RETURN) {
		result = ev->retval;
		ev->retval = NULL;
	} else if (r == EX_OK) {
		result = val_none();
	}
out:
	if (locals->refcnt > 1) {
		/* break the cycle locals -> inner function -> closure -> locals
		 * for inner functions nobody else holds */
		struct lframe *lf = lframe_of(locals);
		for (int i = 0; lf && i < lf->tab->n; i++)
			drop_inner_function(&lf->slots[i], locals);
		struct dict *d = lf ? (lf->extra ? lf->extra->u.dict : NULL) : locals->u.dict;
		for (size_t i = 0; d && i < d->n; i++)
			drop_inner_function(&d->entries[i].val, locals);
	}
	if (fd->tab)
		lframe_release(locals);
	else
		val_decref(locals);
	val_decref(fv);
	ev_leave_call(ev);
	return result;
}

/* ---- names ---- */

static int in_names(const char **names, int n, const char *s)
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
static uint64_t hash_name(const char *s, size_t n)
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
static struct value *load_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h)
{
	struct value **r;
	if (sc->fd && sc->fd->nglobals && in_names(sc->fd->globals, sc->fd->nglobals, name))
		return load_global(ev, sc, name, n, h);
	if (sc->locals != sc->globals) {
		if ((r = scope_ref(sc->locals, name, n, h)))
			return val_incref(*r);
		if (sc->fd && in_names(sc->fd->locals, sc->fd->nlocals, name))
			return err_set(ev, TY_UnboundLocalError,
				       "cannot access local variable '%s' where it is not associated with a value", name);
		if ((r = chain_ref(sc, name, n, h)))
			return val_incref(*r);
	}
	return load_global(ev, sc, name, n, h);
}

static void name_hash(struct node *n)
{
	if (!n->hash) {
		n->slen = strlen(n->s);
		n->hash = hash_name(n->s, n->slen);
	}
}

/* The scope object (dict or frame) a store to name goes to */
static struct value *target_scope(struct scope *sc, const char *name)
{
	if (sc->fd) {
		if (in_names(sc->fd->globals, sc->fd->nglobals, name))
			return sc->globals;
		if (in_names(sc->fd->nonlocals, sc->fd->nnonlocals, name) && sc->closure) {
			size_t n = strlen(name);
			uint64_t h = hash_name(name, n);
			for (size_t i = 0; i < sc->closure->u.seq.n; i++)
				if (scope_ref(sc->closure->u.seq.items[i], name, n, h))
					return sc->closure->u.seq.items[i];
			return sc->closure->u.seq.items[0];
		}
	}
	return sc->locals;
}

static int store_name_h(struct eval *ev, struct scope *sc, const char *name, size_t n, uint64_t h,
			struct value *v)
{
	return scope_set(ev, target_scope(sc, name), name, n, h, v);
}

static int store_name(struct eval *ev, struct scope *sc, const char *name, struct value *v)
{
	size_t n = strlen(name);
	return store_name_h(ev, sc, name, n, hash_name(name, n), v);
}

/* ---- expressions ---- */

/* a name that failed to load: point the traceback at it */
static void set_span_err(struct eval *ev, const struct node *n)
{
	if (ev->ntb && ev->nframes && ev->ntb == ev->nframes) {
		ev->tb[ev->ntb - 1].node = n;
		ev->tb[ev->ntb - 1].line = n->line;
	}
}

/* n names a global (a module-level name, one declared global, or one no
 * enclosing scope can hold) */
static int global_name(const struct scope *sc, const struct node *n)
{
	return (n->nscope == NS_UNRESOLVED && sc->locals == sc->globals) || n->nscope == NS_GLOBAL ||
	       (n->nscope == NS_FREE && chain_empty(sc));
}

/* The borrowed value of global name n from its cache, or NULL */
static struct value *global_cached(struct eval *ev, struct scope *sc, const struct node *n)
{
	const struct dict *g = sc->globals->u.dict, *b;
	if (n->gdict != g || n->gver != g->version)
		return NULL;
	if (!n->gin_builtins)
		return g->entries[n->gidx].val;
	b = ev->builtins->u.dict;
	if (n->bdict != b || n->bver != b->version)
		return NULL;
	return b->entries[n->gidx].val;
}

/* load_global for name node n, remembering where it was found */
static struct value *load_global_node(struct eval *ev, struct scope *sc, struct node *n)
{
	struct dict_entry *e;
	struct value *v = global_cached(ev, sc, n);
	if (v)
		return val_incref(v);
	name_hash(n);
	if ((e = dict_findstr(sc->globals, n->s, n->slen, n->hash))) {
		n->gdict = sc->globals->u.dict;
		n->gver = n->gdict->version;
		n->gidx = (size_t)(e - n->gdict->entries);
		n->gin_builtins = 0;
		return val_incref(e->val);
	}
	if ((e = dict_findstr(ev->builtins, n->s, n->slen, n->hash))) {
		n->gdict = sc->globals->u.dict;
		n->gver = n->gdict->version;
		n->bdict = ev->builtins->u.dict;
		n->bver = n->bdict->version;
		n->gidx = (size_t)(e - n->bdict->entries);
		n->gin_builtins = 1;
		return val_incref(e->val);
	}
	return err_set(ev, TY_NameError, "name '%s' is not defined", n->s);
}

/* a store to global name n (store_name_h's road for it) */
static int store_global_node(struct eval *ev, struct scope *sc, struct node *n, struct value *v)
{
	struct dict *g = sc->globals->u.dict;
	struct dict_entry *e;
	if (n->gdict == g && n->gver == g->version && !n->gin_builtins) {
		struct value *old = g->entries[n->gidx].val;
		g->entries[n->gidx].val = val_incref(v);
		val_decref(old);
		return 0;
	}
	name_hash(n);
	if (scope_set(ev, sc->globals, n->s, n->slen, n->hash, v) < 0)
		return -1;
	if ((e = dict_findstr(sc->globals, n->s, n->slen, n->hash))) {
		n->gdict = g;
		n->gver = g->version;
		n->gidx = (size_t)(e - g->entries);
		n->gin_builtins = 0;
	}
	return 0;
}

/* The value of a name node the resolver gave no slot, or whose slot is
 * empty: load_name_h, or its global road when it is known to be that. */
static __attribute__((noinline)) struct value *eval_name_slow(struct eval *ev, struct scope *sc,
								struct node *n)
{
	struct value *r;
	if (global_name(sc, n)) {
		r = load_global_node(ev, sc, n);
	} else {
		name_hash(n);
		r = load_name_h(ev, sc, n->s, n->slen, n->hash);
	}
	if (!r)
		set_span_err(ev, n);
	return r;
}

/* The value of a name node: a bound local slot, else eval_name_slow */
static inline struct value *eval_name(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *r;
	if (n->nscope == NS_LOCAL && sc->slots && (r = sc->slots[n->slot - 1]))
		return val_incref(r);
	return eval_name_slow(ev, sc, n);
}

/* Appends n's items (expanding *x) to list */
static int eval_items(struct eval *ev, struct scope *sc, const struct nlist *l, struct value *list)
{
	for (int i = 0; i < l->n; i++) {
		struct node *e = l->v[i];
		if (e->kind == N_STARRED) {
			struct value *x = eval_expr(ev, sc, e->a);
			if (!x)
				return -1;
			struct value *items = val_iter_list(ev, x);
			val_decref(x);
			if (!items)
				return -1;
			for (size_t k = 0; k < items->u.seq.n; k++)
				if (list_append(list, val_incref(items->u.seq.items[k])) < 0) {
					val_decref(items);
					err_nomem(ev);
					return -1;
				}
			val_decref(items);
		} else {
			struct value *x = eval_expr(ev, sc, e);
			if (!x)
				return -1;
			if (list_append(list, x) < 0) {
				err_nomem(ev);
				return -1;
			}
		}
	}
	return 0;
}

static struct value *list_to_tuple(struct value *list)
{
	if (!list)
		return NULL;
	struct value *t = val_tuple_new(0, NULL);
	if (!t) {
		val_decref(list);
		return NULL;
	}
	if (list->refcnt == 1) {
		t->u.seq = list->u.seq;
		t->u.seq.named = NULL; /* a list's class (SList) is no named tuple */
		list->u.seq.items = NULL;
		list->u.seq.n = list->u.seq.cap = 0;
	} else {
		val_decref(t);
		t = val_tuple_new(list->u.seq.n, list->u.seq.items);
		for (size_t i = 0; i < list->u.seq.n; i++)
			val_incref(list->u.seq.items[i]);
	}
	val_decref(list);
	return t;
}

static struct value *eval_fstring(struct eval *ev, struct scope *sc, struct node *n)
{
	struct sbuf b = {0};
	for (int i = 0; i < n->l.n; i++) {
		struct node *p = n->l.v[i];
		if (p->kind == N_CONST) {
			sb_add(&b, p->v->u.str->s, p->v->u.str->len);
			continue;
		}
		struct value *x = eval_expr(ev, sc, p->a);
		if (!x)
			goto fail;
		char *s = NULL;
		if (p->op == 'r' || p->op == 'a') {
			s = val_repr(ev, x);
			if (s && p->b) {
				struct value *sv = val_str_take(s, strlen(s));
				val_decref(x);
				x = sv;
				s = NULL;
				if (!x)
					goto fail;
			}
		} else if (p->op == 's' && p->b) {
			s = val_str_of(ev, x);
			struct value *sv = s ? val_str_take(s, strlen(s)) : NULL;
			s = NULL;
			val_decref(x);
			x = sv;
			if (!x)
				goto fail;
		}
		if (!s && !err_occurred(ev)) {
			if (p->b) {
				struct value *spec = eval_fstring(ev, sc, p->b);
				if (!spec) {
					val_decref(x);
					goto fail;
				}
				s = strfmt_spec(ev, x, spec->u.str->s);
				val_decref(spec);
			} else {
				s = x->type == VT_SCALAR ? strfmt_spec(ev, x, "") : val_str_of(ev, x);
			}
		}
		val_decref(x);
		if (!s)
			goto fail;
		sb_adds(&b, s);
		free(s);
	}
	{
		size_t len = b.n;
		char *s = sb_take(&b);
		if (!s)
			return err_nomem(ev);
		return val_str_take(s, len);
	}
fail:
	free(b.s);
	return NULL;
}

static struct value *eval_compare(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *l = eval_expr(ev, sc, n->l.v[0]);
	if (!l)
		return NULL;
	for (int i = 1; i < n->l.n; i++) {
		struct value *r = eval_expr(ev, sc, n->l.v[i]);
		if (!r) {
			val_decref(l);
			return NULL;
		}
		set_span(ev, n);
		struct value *res = val_compare_value(ev, n->ops[i - 1], l, r);
		val_decref(l);
		if (!res || i == n->l.n - 1) {
			val_decref(r);
			return res;
		}
		int t = val_truth(ev, res);
		if (t <= 0) {
			val_decref(r);
			if (t < 0) {
				val_decref(res);
				return NULL;
			}
			return res;
		}
		val_decref(res);
		l = r;
	}
	return l;
}

/* Evaluates n's positional arguments from index `from` (appended to
 * ca->args, which may hold already evaluated ones) and its keywords, in
 * Python's order.  0, or -1 with the error set; callargs_free either way. */
int callargs_eval(struct eval *ev, struct scope *sc, struct node *n, int from,
		  struct callargs *ca)
{
	struct nlist rest = { n->l.v + from, n->l.n - from };
	ca->kw.names = ca->knames;
	ca->kw.vals = ca->kvals;
	if (eval_items(ev, sc, &rest, ca->args) < 0)
		return -1;
	for (int i = 0; i < n->l2.n; i++) {
		struct node *k = n->l2.v[i];
		struct value *x = eval_expr(ev, sc, k->a);
		if (!x)
			return -1;
		if (k->s) {
			if (ca->kw.n >= 64) {
				val_decref(x);
				err_set(ev, TY_TypeError, "too many keyword arguments");
				return -1;
			}
			ca->knames[ca->kw.n] = k->s;
			ca->kvals[ca->kw.n++] = x;
			continue;
		}
		if (x->type != VT_DICT || ca->nkd >= 8) {
			err_set(ev, TY_TypeError, "%s() argument after ** must be a mapping, not %s",
				"function", val_type_name(x));
			val_decref(x);
			return -1;
		}
		ca->kdicts[ca->nkd++] = x;
		for (size_t j = 0; j < x->u.dict->n; j++) {
			struct dict_entry *e = &x->u.dict->entries[j];
			if (!e->key)
				continue;
			if (e->key->type != VT_STR) {
				err_set(ev, TY_TypeError, "keywords must be strings");
				return -1;
			}
			for (int q = 0; q < ca->kw.n; q++)
				if (strcmp(ca->knames[q], e->key->u.str->s) == 0) {
					err_set(ev, TY_TypeError, "got multiple values for keyword argument '%s'", ca->knames[q]);
					return -1;
				}
			if (ca->kw.n >= 64) {
				err_set(ev, TY_TypeError, "too many keyword arguments");
				return -1;
			}
			ca->knames[ca->kw.n] = e->key->u.str->s;
			ca->kvals[ca->kw.n++] = val_incref(e->val);
		}
	}
	return 0;
}

void callargs_free(struct callargs *ca)
{
	for (int i = 0; i < ca->kw.n; i++)
		val_decref(ca->kvals[i]);
	for (int i = 0; i < ca->nkd; i++)
		val_decref(ca->kdicts[i]);
	val_decref(ca->args);
}

/* The usual call, positional arguments only and none unpacked (call_rest's
 * case): its arguments go in an array on the stack instead of a list. */
enum { PLAIN_ARGS = 8 };
static int plain_args(const struct node *n, int from)
{
	if (n->l2.n || n->l.n - from > PLAIN_ARGS)
		return 0;
	for (int i = from; i < n->l.n; i++)
		if (n->l.v[i]->kind == N_STARRED)
			return 0;
	return 1;
}

/* call_rest for plain_args: the same order of evaluation and errors */
static struct value *call_plain(struct eval *ev, struct scope *sc, struct node *n,
				struct value *f, struct value *first)
{
	struct value *argv[PLAIN_ARGS + 1], *res = NULL;
	struct kwargs kw = {0};
	int argc = 0;
	if (first)
		argv[argc++] = first;
	for (int i = first ? 1 : 0; i < n->l.n; i++) {
		struct value *x = eval_expr(ev, sc, n->l.v[i]);
		if (!x)
			goto out;
		argv[argc++] = x;
	}
	set_span(ev, n);
	if (!ev->interrupt || !ev_check_interrupt(ev))
		res = val_call(ev, f, argc, argv, &kw);
out:
	for (int i = 0; i < argc; i++)
		val_decref(argv[i]);
	val_decref(f);
	return res;
}

/* Calls f (stolen) with n's arguments; first (stolen, may be NULL) is the
 * already evaluated first positional argument. */
struct value *call_rest(struct eval *ev, struct scope *sc, struct node *n,
			struct value *f, struct value *first)
{
	struct callargs ca;
	struct value *res = NULL;
	if (plain_args(n, first ? 1 : 0))
		return call_plain(ev, sc, n, f, first);
	memset(&ca, 0, sizeof ca);
	ca.args = val_list_new(0, NULL);
	if (!ca.args) {
		val_decref(first);
		val_decref(f);
		return err_nomem(ev);
	}
	if (first && list_append(ca.args, first) < 0) { /* list_append steals */
		val_decref(ca.args);
		val_decref(f);
		return err_nomem(ev);
	}
	if (callargs_eval(ev, sc, n, first ? 1 : 0, &ca) < 0)
		goto out;
	set_span(ev, n);
	if (ev_check_interrupt(ev))
		goto out;
	res = val_call(ev, f, (int)ca.args->u.seq.n, ca.args->u.seq.items, &ca.kw);
out:
	callargs_free(&ca);
	val_decref(f);
	return res;
}

/* A binary operation or 2-operand comparison whose operands are not
 * themselves fusable (names, constants, subscripts ...): fuse_sub's walk
 * without its bookkeeping when neither operand is an array, and Python
 * ints added, subtracted, multiplied or compared in place. */
static __attribute__((noinline)) struct value *eval_binop_leaves(struct eval *ev, struct scope *sc,
								   struct node *n)
{
	int cmp = n->kind == N_COMPARE;
	struct value *a = eval_expr(ev, sc, cmp ? n->l.v[0] : n->a), *b, *r;
	if (!a)
		return NULL;
	if (!(b = eval_expr(ev, sc, cmp ? n->l.v[1] : n->b))) {
		val_decref(a);
		return NULL;
	}
	if (a->type == VT_NDARRAY || b->type == VT_NDARRAY)
		return ev_fuser.values(ev, n, a, b);
	set_span(ev, n);
	if (a->type == VT_INT && b->type == VT_INT) {
		int64_t x = a->u.i, y = b->u.i, z;
		int t = -1;
		r = NULL;
		if (!cmp) {
			switch (n->op) {
			case OP_ADD: if (!__builtin_add_overflow(x, y, &z)) r = val_int(z); break;
			case OP_SUB: if (!__builtin_sub_overflow(x, y, &z)) r = val_int(z); break;
			case OP_MUL: if (!__builtin_mul_overflow(x, y, &z)) r = val_int(z); break;
			default: break;
			}
			if (r)
				goto done;
		} else {
			switch (n->ops[0]) {
			case CMP_LT: t = x < y; break;
			case CMP_LE: t = x <= y; break;
			case CMP_EQ: t = x == y; break;
			case CMP_NE: t = x != y; break;
			case CMP_GT: t = x > y; break;
			case CMP_GE: t = x >= y; break;
			default: break;
			}
			if (t >= 0) {
				r = val_bool(t);
				goto done;
			}
		}
	}
	r = cmp ? val_compare_value(ev, n->ops[0], a, b) : val_binop(ev, (enum binop)n->op, a, b);
done:
	val_decref(a);
	val_decref(b);
	return r;
}

/* iterated one item at a time (val_iter / val_next): generators,
 * iterators and objects of user classes, not the snapshot iterators */
static int lazy_iterable(struct value *it)
{
	return it->type == VT_OBJECT && (it->u.obj.t->next || it->u.obj.t->iter) &&
	       !val_iterobj_list_borrow(it);
}

/* Runs the clauses of a comprehension from clause ci; appends to out.
 * first: the value of clause 0's iterable, evaluated in the enclosing scope. */
static int comp_loop(struct eval *ev, struct scope *sc, struct node *n, int ci, struct value *out,
		     struct value *first)
{
	if (ci == n->l.n) {
		if (n->kind == N_DICTCOMP) {
			struct value *k = eval_expr(ev, sc, n->a);
			struct value *v = k ? eval_expr(ev, sc, n->b) : NULL;
			int r = v ? dict_set(ev, out, k, v) : -1;
			val_decref(k);
			val_decref(v);
			return r;
		}
		struct value *x = eval_expr(ev, sc, n->a);
		if (!x)
			return -1;
		if (!out) {
			/* a generator expression */
			struct value *y = gen_yield(ev, x);
			val_decref(x);
			val_decref(y);
			return y ? 0 : -1;
		}
		if (list_append(out, x) < 0) {
			err_nomem(ev);
			return -1;
		}
		return 0;
	}
	struct node *c = n->l.v[ci];
	if (c->kind == N_COMPIF) {
		struct value *x = eval_expr(ev, sc, c->a);
		if (!x)
			return -1;
		int t = val_truth(ev, x);
		val_decref(x);
		if (t < 0)
			return -1;
		return t ? comp_loop(ev, sc, n, ci + 1, out, first) : 0;
	}
	struct value *it = ci == 0 ? val_incref(first) : eval_expr(ev, sc, c->b);
	if (!it)
		return -1;
	if (it->type == VT_RANGE) {
		struct range r = it->u.range;
		int64_t cnt = range_len(&r);
		val_decref(it);
		for (int64_t i = 0; i < cnt; i++) {
			if (ev->interrupt && ev_check_interrupt(ev))
				return -1;
			struct value *x = val_int(r.start + i * r.step);
			if (!x) {
				err_nomem(ev);
				return -1;
			}
			int rc = assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0 || comp_loop(ev, sc, n, ci + 1, out, first) < 0)
				return -1;
		}
		return 0;
	}
	if (it->type == VT_LIST) {
		/* a list is iterated live, as Python does */
		int last = ci + 1 == n->l.n && n->kind == N_LISTCOMP && out, rc = 0;
		for (size_t i = 0; i < it->u.seq.n && rc == 0; i++) {
			struct value *x = val_incref(it->u.seq.items[i]), *y;
			if (ev->interrupt && ev_check_interrupt(ev))
				rc = -1;
			else
				rc = assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0)
				break;
			if (!last) {
				rc = comp_loop(ev, sc, n, ci + 1, out, first);
			} else if (!(y = eval_expr(ev, sc, n->a))) {
				rc = -1;
			} else if (list_append(out, y) < 0) {
				err_nomem(ev);
				rc = -1;
			}
		}
		val_decref(it);
		return rc;
	}
	if (lazy_iterable(it)) {
		struct value *iter = val_iter(ev, it);
		val_decref(it);
		if (!iter)
			return -1;
		if (val_iterobj_list_borrow(iter)) {
			it = iter; /* a list made at once: as below */
			goto eager;
		}
		for (;;) {
			struct value *x = val_next(ev, iter);
			if (!x) {
				val_decref(iter);
				return err_occurred(ev) ? -1 : 0;
			}
			int rc = (ev->interrupt && ev_check_interrupt(ev)) ? -1 : assign(ev, sc, c->a, x);
			val_decref(x);
			if (rc < 0 || comp_loop(ev, sc, n, ci + 1, out, first) < 0) {
				val_decref(iter);
				return -1;
			}
		}
	}
eager:;
	struct value *items = val_iter_list(ev, it);
	val_decref(it);
	if (!items)
		return -1;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		if ((ev->interrupt && ev_check_interrupt(ev)) || assign(ev, sc, c->a, items->u.seq.items[i]) < 0 ||
		    comp_loop(ev, sc, n, ci + 1, out, first) < 0) {
			val_decref(items);
			return -1;
		}
	}
	val_decref(items);
	return 0;
}

/* a generator expression: its scope and its first iterable */
struct genexp {
	struct node *n;
	struct arena *arena;
	struct value *locals, *closure, *globals, *it0;
	struct scope sc;
};

static void genexp_free(void *p)
{
	struct genexp *g = p;
	val_decref(g->it0);
	val_decref(g->locals);
	val_decref(g->closure);
	val_decref(g->globals);
	arena_decref(g->arena);
	free(g);
}

static struct value *genexp_run(struct eval *ev, void *p)
{
	struct genexp *g = p;
	if (ev_push_frame(ev, g->arena, "<genexpr>", g->n->line) < 0)
		return NULL;
	int rc = comp_loop(ev, &g->sc, g->n, 0, NULL, g->it0);
	ev_pop_frame(ev);
	return rc < 0 ? NULL : val_none();
}

/* (elt for t in it ...): a generator over its own scope, which sees the
 * enclosing ones through a closure as a def's body does; the first
 * iterable is evaluated now, in the enclosing scope */
static struct value *eval_genexp(struct eval *ev, struct scope *sc, struct node *n)
{
	struct genexp *g = calloc(1, sizeof *g);
	if (!g)
		return err_nomem(ev);
	g->n = n;
	g->globals = val_incref(sc->globals);
	g->arena = NULL;
	for (int i = ev->nframes - 1; i >= 0 && !g->arena; i--)
		g->arena = ev->frames[i].arena;
	if (!g->arena) {
		genexp_free(g);
		return err_set(ev, TY_RuntimeError, "generator expression outside a frame");
	}
	arena_incref(g->arena);
	g->locals = n->tab ? lframe_new(ev, n->tab) : val_dict_new();
	if (!g->locals) {
		genexp_free(g);
		return n->tab ? NULL : err_nomem(ev);
	}
	if (closure_of(ev, sc, &g->closure) < 0 || !(g->it0 = eval_expr(ev, sc, n->l.v[0]->b))) {
		genexp_free(g);
		return NULL;
	}
	g->sc.locals = g->locals;
	g->sc.closure = g->closure;
	g->sc.globals = g->globals;
	if (n->tab)
		g->sc.slots = ((struct lframe *)g->locals->u.obj.p)->slots;
	return gen_new(ev, "<genexpr>", genexp_run, g, genexp_free);
}

static struct value *eval_comprehension(struct eval *ev, struct scope *sc, struct node *n)
{
	if (n->op == 1)
		return eval_genexp(ev, sc, n);
	struct value *out = n->kind == N_DICTCOMP ? val_dict_new() : val_list_new(0, NULL);
	struct value *locals = NULL;
	if (!out)
		goto nomem;
	if (n->tab) {
		if (!(locals = lframe_new(ev, n->tab)))
			goto fail;
	} else if (!(locals = val_dict_new())) {
		goto nomem;
	}
	/* its own scope inside the one it runs in; the first iterable is
	 * evaluated in the enclosing scope */
	struct scope inner = { .locals = locals, .globals = sc->globals, .up = sc };
	if (n->tab)
		inner.slots = ((struct lframe *)locals->u.obj.p)->slots;
	struct value *it0 = eval_expr(ev, sc, n->l.v[0]->b);
	if (!it0)
		goto fail;
	int rc = comp_loop(ev, &inner, n, 0, out, it0);
	val_decref(it0);
	if (rc < 0)
		goto fail;
	if (n->tab)
		lframe_release(locals);
	else
		val_decref(locals);
	return out;
nomem:
	err_nomem(ev);
fail:
	val_decref(out);
	if (locals && n->tab)
		lframe_release(locals);
	else
		val_decref(locals);
	return NULL;
}

/* super() with no arguments: the running def's first argument and the
 * class that holds the def (found by class.c) */
static struct value *super_zero(struct eval *ev, struct scope *sc)
{
	while (sc && !sc->fd)
		sc = sc->up; /* a comprehension inside the method */
	if (!sc || sc->fd->is_class || !sc->fd->nparams || sc->fd->params[0].kind != 0)
		return err_set(ev, TY_RuntimeError, "super(): no arguments");
	const char *p0 = sc->fd->params[0].name;
	size_t n = strlen(p0);
	struct value **r = scope_ref(sc->locals, p0, n, hash_name(p0, n));
	if (!r)
		return err_set(ev, TY_RuntimeError, "super(): arg[0] deleted");
	return cls_super_zero(ev, sc->fd, *r);
}

/* `yield x` / `yield from it` in the running generator */
static struct value *eval_yield(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *x = n->a ? eval_expr(ev, sc, n->a) : val_none();
	if (!x)
		return NULL;
	if (!n->op) {
		struct value *r = gen_yield(ev, x);
		val_decref(x);
		return r;
	}
	struct value *r = gen_yield_from(ev, x);
	val_decref(x);
	return r;
}
static int magic_in(struct eval *ev, struct scope *sc, const char *text, int assigned,
		    struct value **result);

/* eval_expr's less frequent nodes: kept out of line so that the common
 * ones pay no part of their frame */
static __attribute__((noinline)) struct value *eval_expr_rest(struct eval *ev, struct scope *sc,
							      struct node *n)
{
	struct value *a, *b, *r;
	switch (n->kind) {
	case N_CONST:
		return val_incref(n->v);
	case N_NAME:
		return eval_name(ev, sc, n);
	case N_FSTRING:
		return eval_fstring(ev, sc, n);
	case N_MAGIC: {
		/* x = %magic args / x = !cmd: the magic's value, the command's output */
		struct value *res = NULL;
		if (magic_in(ev, sc, n->s, 1, &res) < 0)
			return NULL;
		return res ? res : val_none();
	}
	case N_TUPLE: case N_LIST: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		if (eval_items(ev, sc, &n->l, l) < 0) {
			val_decref(l);
			return NULL;
		}
		return n->kind == N_TUPLE ? list_to_tuple(l) : l;
	}
	case N_DICT: {
		struct value *d = val_dict_new();
		if (!d)
			return err_nomem(ev);
		for (int i = 0; i < n->l.n; i++) {
			if (!n->l.v[i]) {
				struct value *m = eval_expr(ev, sc, n->l2.v[i]);
				if (!m)
					goto dfail;
				if (m->type != VT_DICT) {
					err_set(ev, TY_TypeError, "'%s' object is not a mapping", val_type_name(m));
					val_decref(m);
					goto dfail;
				}
				for (size_t j = 0; j < m->u.dict->n; j++)
					if (m->u.dict->entries[j].key &&
					    dict_set(ev, d, m->u.dict->entries[j].key, m->u.dict->entries[j].val) < 0) {
						val_decref(m);
						goto dfail;
					}
				val_decref(m);
				continue;
			}
			a = eval_expr(ev, sc, n->l.v[i]);
			b = a ? eval_expr(ev, sc, n->l2.v[i]) : NULL;
			int rc = b ? dict_set(ev, d, a, b) : -1;
			val_decref(a);
			val_decref(b);
			if (rc < 0)
				goto dfail;
		}
		return d;
dfail:
		val_decref(d);
		return NULL;
	}
	case N_BINOP:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		if (fusable_node(n))
			return ev_fuser.expr(ev, sc, n);
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		b = eval_expr(ev, sc, n->b);
		if (b)
			set_span(ev, n);
		r = b ? val_binop(ev, (enum binop)n->op, a, b) : NULL;
		val_decref(a);
		val_decref(b);
		return r;
	case N_UNOP:
		if (fusable_node(n) && fusable_node(n->a))
			return ev_fuser.expr(ev, sc, n);
		if (fusable_node(n)) {
			/* fuse_sub's N_UNOP over a leaf: an array goes to the fuser */
			a = eval_expr(ev, sc, n->a);
			if (!a)
				return NULL;
			if (a->type == VT_NDARRAY)
				return ev_fuser.values(ev, n, a, NULL);
			set_span(ev, n);
			r = val_unop(ev, (enum unop)n->op, a);
			val_decref(a);
			return r;
		}
		a = eval_expr(ev, sc, n->a);
		if (a)
			set_span(ev, n);
		r = a ? val_unop(ev, (enum unop)n->op, a) : NULL;
		val_decref(a);
		return r;
	case N_AND: case N_OR: {
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		int t = val_truth(ev, a);
		if (t < 0) {
			val_decref(a);
			return NULL;
		}
		if ((n->kind == N_AND) ? !t : t)
			return a;
		val_decref(a);
		return eval_expr(ev, sc, n->b);
	}
	case N_COMPARE:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		if (fusable_node(n))
			return ev_fuser.expr(ev, sc, n);
		return eval_compare(ev, sc, n);
	case N_IFEXP: {
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		int t = val_truth(ev, a);
		val_decref(a);
		if (t < 0)
			return NULL;
		return eval_expr(ev, sc, t ? n->b : n->c);
	}
	case N_CALL:
		if (n->a->kind == N_ATTR && is_reduce_name(n->a->s))
			return ev_fuser.expr(ev, sc, n);
		/* fuse_call, less the x.sum() case */
		if (!(a = eval_expr(ev, sc, n->a)))
			return NULL;
		if (a->type != VT_BUILTIN)
			return call_rest(ev, sc, n, a, NULL);
		if (!n->l.n && !n->l2.n && cls_is_super_builtin(a)) {
			val_decref(a);
			set_span(ev, n);
			return super_zero(ev, sc);
		}
		return ev_fuser.call(ev, sc, n, a);
	case N_ATTR:
		a = eval_expr(ev, sc, n->a);
		if (a)
			set_span(ev, n);
		if (a && a->type == VT_MODULE) {
			/* np.float32, np.sin: the node keeps the name's hash */
			struct dict_entry *e;
			name_hash(n);
			e = dict_findstr(a->u.mod.attrs, n->s, n->slen, n->hash);
			if (e) {
				r = val_incref(e->val);
				val_decref(a);
				return r;
			}
		}
		r = a ? val_getattr(ev, a, n->s) : NULL;
		val_decref(a);
		return r;
	case N_SUBSCRIPT:
		a = eval_expr(ev, sc, n->a);
		if (!a)
			return NULL;
		b = eval_expr(ev, sc, n->b);
		if (b)
			set_span(ev, n);
		r = b ? val_getitem(ev, a, b) : NULL;
		val_decref(a);
		val_decref(b);
		return r;
	case N_SLICE: {
		struct value *x = n->a ? eval_expr(ev, sc, n->a) : val_none();
		struct value *y = x ? (n->b ? eval_expr(ev, sc, n->b) : val_none()) : NULL;
		struct value *z = y ? (n->c ? eval_expr(ev, sc, n->c) : val_none()) : NULL;
		if (!z) {
			val_decref(x);
			val_decref(y);
			return NULL;
		}
		r = val_slice_new(x, y, z);
		return r ? r : err_nomem(ev);
	}
	case N_LAMBDA:
		return make_function(ev, sc, n->fn);
	case N_LISTCOMP: case N_DICTCOMP:
		r = eval_comprehension(ev, sc, n);
		if (r && n->op == 2) {
			struct value *st = set_from(ev, r, 0);
			val_decref(r);
			return st;
		}
		return r;
	case N_SET: {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		if (eval_items(ev, sc, &n->l, l) < 0) {
			val_decref(l);
			return NULL;
		}
		r = set_from(ev, l, 0);
		val_decref(l);
		return r;
	}
	case N_YIELD:
		return eval_yield(ev, sc, n);
	case N_STARRED:
		return err_set(ev, TY_SyntaxError, "can't use starred expression here");
	default:
		return err_set(ev, TY_RuntimeError, "bad node");
	}
}

/* N_BINOP, or a 2-operand N_COMPARE, whose operands are not fusable
 * (eval_binop_leaves' case): 1 or 0, found once and kept in the node */
static int leaf_binop(struct node *n)
{
	if (!n->leafop) {
		int leaf = n->kind == N_BINOP ? n->op != OP_MATMUL && !fusable_node(n->a) && !fusable_node(n->b)
			   : fusable_node(n) && !fusable_node(n->l.v[0]) && !fusable_node(n->l.v[1]);
		n->leafop = leaf ? 1 : 2;
	}
	return n->leafop == 1;
}

struct value *eval_expr(struct eval *ev, struct scope *sc, struct node *n)
{
	struct value *r;
	switch (n->kind) {
	case N_CONST:
		return val_incref(n->v);
	case N_NAME:
		if (n->nscope == NS_LOCAL && sc->slots && (r = sc->slots[n->slot - 1]))
			return val_incref(r);
		return eval_name_slow(ev, sc, n);
	case N_BINOP: case N_COMPARE:
		if (leaf_binop(n))
			return eval_binop_leaves(ev, sc, n);
		return eval_expr_rest(ev, sc, n);
	default:
		return eval_expr_rest(ev, sc, n);
	}
}

/* ---- assignment ---- */

static int unpack(struct eval *ev, struct scope *sc, struct node *t, struct value *v)
{
	struct value *items;
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		items = val_incref(v);
	} else {
		items = val_iter_list(ev, v);
		if (!items) {
			if (ev->err && ev->err->u.exc.type == TY_TypeError && v->type != VT_NDARRAY) {
				val_decref(err_fetch(ev));
				err_set(ev, TY_TypeError, "cannot unpack non-iterable %s object", val_type_name(v));
			}
			return -1;
		}
	}
	size_t n = items->u.seq.n, want = (size_t)t->l.n;
	int star = -1;
	for (int i = 0; i < t->l.n; i++)
		if (t->l.v[i]->kind == N_STARRED)
			star = i;
	int rc = 0;
	if (star < 0) {
		if (n != want) {
			set_span(ev, t);
			if (n > want)
				err_set(ev, TY_ValueError, "too many values to unpack (expected %zu)", want);
			else
				err_set(ev, TY_ValueError, "not enough values to unpack (expected %zu, got %zu)", want, n);
			rc = -1;
		}
		for (size_t i = 0; rc == 0 && i < n; i++)
			rc = assign(ev, sc, t->l.v[i], items->u.seq.items[i]);
	} else {
		size_t after = want - (size_t)star - 1;
		if (n < want - 1) {
			err_set(ev, TY_ValueError, "not enough values to unpack (expected at least %zu, got %zu)", want - 1, n);
			rc = -1;
		}
		for (int i = 0; rc == 0 && i < star; i++)
			rc = assign(ev, sc, t->l.v[i], items->u.seq.items[i]);
		if (rc == 0) {
			size_t m = n - (size_t)star - after;
			struct value **mid = malloc(sizeof *mid * (m ? m : 1));
			if (!mid) {
				err_nomem(ev);
				rc = -1;
			} else {
				for (size_t k = 0; k < m; k++)
					mid[k] = val_incref(items->u.seq.items[(size_t)star + k]);
				struct value *l = val_list_new(m, mid);
				free(mid);
				rc = l ? assign(ev, sc, t->l.v[star]->a, l) : -1;
				val_decref(l);
			}
		}
		for (size_t i = 0; rc == 0 && i < after; i++)
			rc = assign(ev, sc, t->l.v[(size_t)star + 1 + i], items->u.seq.items[n - after + i]);
	}
	val_decref(items);
	return rc;
}

static int assign(struct eval *ev, struct scope *sc, struct node *t, struct value *v)
{
	switch (t->kind) {
	case N_NAME:
		if (t->nscope == NS_LOCAL && sc->slots) {
			struct value **p = &sc->slots[t->slot - 1], *old = *p;
			*p = val_incref(v);
			val_decref(old);
			return 0;
		}
		if ((t->nscope == NS_UNRESOLVED && sc->locals == sc->globals) || t->nscope == NS_GLOBAL)
			return store_global_node(ev, sc, t, v);
		name_hash(t);   /* the AST node keeps the name's length and hash */
		return store_name_h(ev, sc, t->s, t->slen, t->hash, v);
	case N_ATTR: {
		struct value *o = eval_expr(ev, sc, t->a);
		if (!o)
			return -1;
		int r = val_setattr(ev, o, t->s, v);
		val_decref(o);
		return r;
	}
	case N_SUBSCRIPT: {
		struct value *o = eval_expr(ev, sc, t->a);
		if (!o)
			return -1;
		struct value *k = eval_expr(ev, sc, t->b);
		int r = k ? val_setitem(ev, o, k, v) : -1;
		val_decref(o);
		val_decref(k);
		return r;
	}
	case N_TUPLE: case N_LIST:
		return unpack(ev, sc, t, v);
	case N_STARRED:
		err_set(ev, TY_SyntaxError, "starred assignment target must be in a list or tuple");
		return -1;
	default:
		err_set(ev, TY_SyntaxError, "cannot assign to expression");
		return -1;
	}
}

static int exec_augassign(struct eval *ev, struct scope *sc, struct node *s)
{
	struct node *t = s->a;
	struct value *obj = NULL, *key = NULL, *cur = NULL, *rhs = NULL, *res = NULL;
	int rc = -1;
	if (t->kind == N_NAME) {
		cur = eval_name(ev, sc, t);
	} else if (t->kind == N_ATTR) {
		obj = eval_expr(ev, sc, t->a);
		cur = obj ? val_getattr(ev, obj, t->s) : NULL;
	} else {
		obj = eval_expr(ev, sc, t->a);
		key = obj ? eval_expr(ev, sc, t->b) : NULL;
		cur = key ? val_getitem(ev, obj, key) : NULL;
	}
	if (!cur)
		goto out;
	rhs = eval_expr(ev, sc, s->b);
	if (!rhs)
		goto out;
	res = val_inplace(ev, (enum binop)s->op, cur, rhs);
	if (!res)
		goto out;
	if (t->kind == N_NAME)
		rc = assign(ev, sc, t, res);
	else if (t->kind == N_ATTR)
		rc = (res == cur && cur->type == VT_NDARRAY) ? 0 : val_setattr(ev, obj, t->s, res);
	else
		rc = val_setitem(ev, obj, key, res);
out:
	val_decref(obj);
	val_decref(key);
	val_decref(cur);
	val_decref(rhs);
	val_decref(res);
	return rc;
}

static int del_target(struct eval *ev, struct scope *sc, struct node *t)
{
	switch (t->kind) {
	case N_NAME: {
		struct value *o = target_scope(sc, t->s);
		int r = scope_del(ev, o, t->s);
		if (r == 0 && o == sc->locals && o != sc->globals && sc->fd &&
		    in_names(sc->fd->locals, sc->fd->nlocals, t->s)) {
			/* a local of the function, not bound now (CPython's DELETE_FAST) */
			err_set(ev, TY_UnboundLocalError,
				"cannot access local variable '%s' where it is not associated with a value", t->s);
			set_span_err(ev, t);
			return -1;
		}
		if (r == 0) {
			err_set(ev, TY_NameError, "name '%s' is not defined", t->s);
			return -1;
		}
		return r < 0 ? -1 : 0;
	}
	case N_ATTR: {
		struct value *o = eval_expr(ev, sc, t->a);
		int r = o ? cls_delattr(ev, o, t->s) : -1;
		val_decref(o);
		return r;
	}
	case N_SUBSCRIPT: {
		struct value *o = eval_expr(ev, sc, t->a);
		struct value *k = o ? eval_expr(ev, sc, t->b) : NULL;
		int r = k ? val_delitem(ev, o, k) : -1;
		val_decref(o);
		val_decref(k);
		return r;
	}
	case N_TUPLE: case N_LIST:
		for (int i = 0; i < t->l.n; i++)
			if (del_target(ev, sc, t->l.v[i]) < 0)
				return -1;
		return 0;
	default:
		err_set(ev, TY_AttributeError, "cannot delete this attribute");
		return -1;
	}
}

/* ---- imports ---- */

struct value *ev_import(struct eval *ev, const char *fullname)
{
	struct value *m = dict_getstr_borrow(ev->modules, fullname);
	if (m)
		return val_incref(m);
	m = lang_hooks.import_array ? lang_hooks.import_array(ev, fullname) : NULL;
	if (!m && err_occurred(ev))
		return NULL;
	if (!m)
		m = pymod_import(ev, fullname);
	if (!m && err_occurred(ev))
		return NULL;
	if (!m)
		return err_set(ev, TY_ModuleNotFoundError, "No module named '%s'", fullname);
	if (dict_setstr(ev->modules, fullname, val_incref(m)) < 0) {
		val_decref(m);
		return err_nomem(ev);
	}
	return m;
}

static int exec_import(struct eval *ev, struct scope *sc, struct node *s)
{
	for (int i = 0; i < s->l.n; i++) {
		struct node *al = s->l.v[i];
		struct value *m = ev_import(ev, al->s);
		if (!m)
			return -1;
		if (al->s2) {
			int r = store_name(ev, sc, al->s2, m);
			val_decref(m);
			if (r < 0)
				return -1;
			continue;
		}
		const char *dot = strchr(al->s, '.');
		if (dot) {
			char top[256];
			snprintf(top, sizeof top, "%.*s", (int)(dot - al->s), al->s);
			val_decref(m);
			m = ev_import(ev, top);
			if (!m)
				return -1;
			int r = store_name(ev, sc, top, m);
			val_decref(m);
			if (r < 0)
				return -1;
		} else {
			int r = store_name(ev, sc, al->s, m);
			val_decref(m);
			if (r < 0)
				return -1;
		}
	}
	return 0;
}

static int exec_from(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *m = ev_import(ev, s->s);
	if (!m)
		return -1;
	for (int i = 0; i < s->l.n; i++) {
		struct node *al = s->l.v[i];
		if (strcmp(al->s, "*") == 0) {
			struct value *attrs = m->type == VT_MODULE ? m->u.mod.attrs : NULL;
			for (size_t j = 0; attrs && j < attrs->u.dict->n; j++) {
				struct dict_entry *e = &attrs->u.dict->entries[j];
				if (!e->key || e->key->type != VT_STR || e->key->u.str->s[0] == '_')
					continue;
				if (store_name(ev, sc, e->key->u.str->s, e->val) < 0) {
					val_decref(m);
					return -1;
				}
			}
			continue;
		}
		struct value *x = NULL;
		if (m->type == VT_MODULE) {
			x = dict_getstr_borrow(m->u.mod.attrs, al->s);
			if (x)
				val_incref(x);
		}
		if (!x) {
			char full[512];
			snprintf(full, sizeof full, "%s.%s", s->s, al->s);
			x = ev_import(ev, full);
			if (!x) {
				val_decref(err_fetch(ev));
				err_tb_clear(ev);
				err_set(ev, TY_ImportError, "cannot import name '%s' from '%s' (unknown location)", al->s, s->s);
				val_decref(m);
				return -1;
			}
		}
		int r = store_name(ev, sc, al->s2 ? al->s2 : al->s, x);
		val_decref(x);
		if (r < 0) {
			val_decref(m);
			return -1;
		}
	}
	val_decref(m);
	return 0;
}

/* ---- statements ---- */

static int exc_matches(struct eval *ev, struct value *exc, struct value *t)
{
	if (cls_is_class(t)) {
		if (!cls_is_exception_class(t)) {
			err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
			return -1;
		}
		return cls_exc_matches(exc, t);
	}
	if (t->type == VT_TYPE) {
		if (!typeid_is_exception(t->u.ty)) {
			err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
			return -1;
		}
		return typeid_subclass(exc->u.exc.type, t->u.ty);
	}
	if (t->type == VT_TUPLE) {
		for (size_t i = 0; i < t->u.seq.n; i++) {
			int m = exc_matches(ev, exc, t->u.seq.items[i]);
			if (m)
				return m;
		}
		return 0;
	}
	err_set(ev, TY_TypeError, "catching classes that do not inherit from BaseException is not allowed");
	return -1;
}

struct saved_err {
	struct value *err;
	struct tb_entry *tb;
	int ntb, captb;
	struct value *retval;
};

static void save_err(struct eval *ev, struct saved_err *s)
{
	s->err = ev->err;
	s->tb = ev->tb;
	s->ntb = ev->ntb;
	s->captb = ev->captb;
	s->retval = ev->retval;
	ev->err = NULL;
	ev->tb = NULL;
	ev->ntb = ev->captb = 0;
	ev->retval = NULL;
}

static void restore_err(struct eval *ev, struct saved_err *s)
{
	err_clear(ev);
	free(ev->tb);
	ev->err = s->err;
	ev->tb = s->tb;
	ev->ntb = s->ntb;
	ev->captb = s->captb;
	val_decref(ev->retval);
	ev->retval = s->retval;
}

static void drop_saved(struct eval *ev, struct saved_err *s)
{
	struct value *e = ev->err, *rv = ev->retval;
	struct tb_entry *tb = ev->tb;
	int ntb = ev->ntb, captb = ev->captb;
	ev->err = s->err;
	ev->tb = s->tb;
	ev->ntb = s->ntb;
	ev->captb = s->captb;
	ev->retval = NULL;
	err_clear(ev);
	free(ev->tb);
	val_decref(s->retval);
	ev->err = e;
	ev->tb = tb;
	ev->ntb = ntb;
	ev->captb = captb;
	ev->retval = rv;
}

static int exec_try(struct eval *ev, struct scope *sc, struct node *s)
{
	int r = exec_block(ev, sc, &s->l);
	if (r == EX_ERR && s->l2.n) {
		struct value *exc = err_fetch(ev);
		struct tb_entry *tb = ev->tb;
		int ntb = ev->ntb, captb = ev->captb;
		ev->tb = NULL;
		ev->ntb = ev->captb = 0;
		int handled = 0;
		for (int i = 0; i < s->l2.n && !handled; i++) {
			struct node *h = s->l2.v[i];
			int m = 1;
			if (h->a) {
				struct value *t = eval_expr(ev, sc, h->a);
				if (!t) {
					m = -1;
				} else {
					m = exc_matches(ev, exc, t);
					val_decref(t);
				}
			}
			if (m < 0) {
				/* the new error replaces the old one */
				val_decref(exc);
				exc = NULL;
				handled = 1;
				r = EX_ERR;
				break;
			}
			if (!m)
				continue;
			handled = 1;
			if (h->s && store_name(ev, sc, h->s, exc) < 0) {
				r = EX_ERR;
				break;
			}
			struct value *saved = ev->handling;
			ev->handling = exc;
			r = exec_block(ev, sc, &h->l);
			ev->handling = saved;
			if (h->s)
				scope_del(ev, target_scope(sc, h->s), h->s);
		}
		if (!handled) {
			ev->err = exc;
			exc = NULL;
			struct tb_entry *t2 = ev->tb;
			ev->tb = tb;
			ev->ntb = ntb;
			ev->captb = captb;
			tb = t2;
			ntb = 0;
		}
		/* free the caught exception's traceback */
		for (int i = 0; i < ntb; i++) {
			arena_decref(tb[i].arena);
			free(tb[i].name);
		}
		free(tb);
		val_decref(exc);
	} else if (r == EX_OK && s->l3.n) {
		r = exec_block(ev, sc, &s->l3);
	}
	if (s->op) {
		struct saved_err se;
		save_err(ev, &se);
		int r2 = exec_block(ev, sc, &s->l4);
		if (r2 != EX_OK) {
			drop_saved(ev, &se);
			r = r2;
		} else {
			restore_err(ev, &se);
		}
	}
	return r;
}

static int exec_with(struct eval *ev, struct scope *sc, struct node *s, int idx)
{
	if (idx == s->l.n)
		return exec_block(ev, sc, &s->l2);
	struct node *it = s->l.v[idx];
	struct value *cm = eval_expr(ev, sc, it->a);
	if (!cm)
		return EX_ERR;
	const struct objtype *t = cm->type == VT_OBJECT ? cm->u.obj.t : NULL;
	if (!t || !t->enter || !(t->exit || t->exit_exc)) {
		err_set(ev, TY_TypeError, "'%s' object does not support the context manager protocol", val_type_name(cm));
		val_decref(cm);
		return EX_ERR;
	}
	if (t->enter(ev, cm) < 0) {
		val_decref(cm);
		return EX_ERR;
	}
	struct value *as = t->enter_value ? t->enter_value(ev, cm) : val_incref(cm);
	int r = as ? EX_OK : EX_ERR;
	if (as && it->b && assign(ev, sc, it->b, as) < 0)
		r = EX_ERR;
	val_decref(as);
	if (!as) {
		val_decref(cm);
		return EX_ERR;
	}
	if (r == EX_OK)
		r = exec_with(ev, sc, s, idx + 1);
	if (t->exit_exc) {
		/* __exit__(type, value, tb): the pending exception goes in, a true
		 * result suppresses it; return/break/continue pass None */
		struct saved_err se;
		struct value *exc = r == EX_ERR ? val_incref(ev->err) : NULL;
		save_err(ev, &se);
		int sup = t->exit_exc(ev, cm, exc);
		val_decref(exc);
		if (sup < 0) {
			drop_saved(ev, &se);
			r = EX_ERR;
		} else if (sup && r == EX_ERR) {
			restore_err(ev, &se);
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			r = EX_OK;
		} else {
			restore_err(ev, &se);
		}
		val_decref(cm);
		return r;
	}
	struct saved_err se;
	save_err(ev, &se);
	if (t->exit(ev, cm) < 0) {
		drop_saved(ev, &se);
		r = EX_ERR;
	} else {
		restore_err(ev, &se);
	}
	val_decref(cm);
	return r;
}

static int exec_raise(struct eval *ev, struct scope *sc, struct node *s)
{
	if (!s->a) {
		if (!ev->handling) {
			err_set(ev, TY_RuntimeError, "No active exception to reraise");
			return EX_ERR;
		}
		err_set_value(ev, val_incref(ev->handling));
		return EX_ERR;
	}
	struct value *x = eval_expr(ev, sc, s->a);
	if (!x)
		return EX_ERR;
	if (s->b) {
		struct value *c = eval_expr(ev, sc, s->b);
		if (!c) {
			val_decref(x);
			return EX_ERR;
		}
		val_decref(c);
	}
	if ((x->type == VT_TYPE && typeid_is_exception(x->u.ty)) || cls_is_class(x)) {
		struct value *e = val_call(ev, x, 0, NULL, NULL);
		val_decref(x);
		if (!e)
			return EX_ERR;
		x = e;
	}
	set_line(ev, s->line);
	if (x->type != VT_EXCEPTION) {
		val_decref(x);
		err_set(ev, TY_TypeError, "exceptions must derive from BaseException");
		return EX_ERR;
	}
	err_set_value(ev, x);
	return EX_ERR;
}

static int for_body(struct eval *ev, struct scope *sc, struct node *s, struct value *x, int *brk)
{
	if (ev->interrupt && ev_check_interrupt(ev))
		return EX_ERR;
	if (assign(ev, sc, s->a, x) < 0)
		return EX_ERR;
	int r = exec_block(ev, sc, &s->l);
	if (r == EX_BREAK) {
		*brk = 1;
		return EX_OK;
	}
	if (r == EX_CONTINUE)
		return EX_OK;
	return r;
}

static int exec_for(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *it = eval_expr(ev, sc, s->b);
	int brk = 0, r = EX_OK;
	if (!it)
		return EX_ERR;
	if (it->type == VT_RANGE) {
		struct range g = it->u.range;
		int64_t n = range_len(&g);
		for (int64_t i = 0; i < n && r == EX_OK && !brk; i++) {
			struct value *x = val_int(g.start + i * g.step);
			if (!x) {
				err_nomem(ev);
				r = EX_ERR;
				break;
			}
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
	} else if (it->type == VT_LIST) {
		/* a list is iterated live, as Python does */
		for (size_t i = 0; i < it->u.seq.n && r == EX_OK && !brk; i++) {
			struct value *x = val_incref(it->u.seq.items[i]);
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
	} else if (lazy_iterable(it)) {
		/* iterators, generators, user classes: one item at a time */
		struct value *iter = val_iter(ev, it);
		if (!iter) {
			val_decref(it);
			return EX_ERR;
		}
		if (val_iterobj_list_borrow(iter)) {
			/* a list made at once (a set's items): as a list */
			struct value *items = val_iter_list(ev, iter);
			val_decref(iter);
			if (!items) {
				val_decref(it);
				return EX_ERR;
			}
			for (size_t i = 0; i < items->u.seq.n && r == EX_OK && !brk; i++)
				r = for_body(ev, sc, s, items->u.seq.items[i], &brk);
			val_decref(items);
			iter = NULL;
		}
		while (iter && r == EX_OK && !brk) {
			struct value *x = val_next(ev, iter);
			if (!x) {
				if (err_occurred(ev))
					r = EX_ERR;
				break;
			}
			r = for_body(ev, sc, s, x, &brk);
			val_decref(x);
		}
		val_decref(iter);
	} else {
		struct value *items = val_iter_list(ev, it);
		if (!items) {
			val_decref(it);
			return EX_ERR;
		}
		for (size_t i = 0; i < items->u.seq.n && r == EX_OK && !brk; i++)
			r = for_body(ev, sc, s, items->u.seq.items[i], &brk);
		val_decref(items);
	}
	val_decref(it);
	if (r == EX_OK && !brk && s->l2.n)
		r = exec_block(ev, sc, &s->l2);
	return r;
}

static int exec_while(struct eval *ev, struct scope *sc, struct node *s)
{
	for (;;) {
		if (ev_check_interrupt(ev))
			return EX_ERR;
		struct value *c = eval_expr(ev, sc, s->a);
		if (!c)
			return EX_ERR;
		int t = val_truth(ev, c);
		val_decref(c);
		if (t < 0)
			return EX_ERR;
		if (!t)
			break;
		int r = exec_block(ev, sc, &s->l);
		if (r == EX_BREAK)
			return EX_OK;
		if (r == EX_CONTINUE || r == EX_OK)
			continue;
		return r;
	}
	if (s->l2.n)
		return exec_block(ev, sc, &s->l2);
	return EX_OK;
}

/* The body of class statement s in a dict of its own: the class, or NULL */
static struct value *class_body(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *cls = NULL, *ns = NULL, *bases = val_list_new(0, NULL);
	struct scope cs = { .fd = s->fn, .globals = sc->globals };
	if (!bases)
		return err_nomem(ev);
	if (eval_items(ev, sc, &s->l, bases) < 0)
		goto out;
	for (int i = 0; i < s->l2.n; i++)
		if (!s->l2.v[i]->s || strcmp(s->l2.v[i]->s, "metaclass") == 0) {
			err_set(ev, TY_NotImplementedError, "class keywords (metaclass=) are not supported by Lumen");
			goto out;
		} else {
			err_set(ev, TY_TypeError, "%s.__init_subclass__() takes no keyword arguments", s->s);
			goto out;
		}
	ns = val_dict_new();
	struct value *modname = dict_getstr_borrow(sc->globals, "__name__");
	if (!ns || dict_setstr(ns, "__module__", modname ? val_incref(modname) : val_cstr("__main__")) < 0 ||
	    dict_setstr(ns, "__qualname__", val_cstr(s->s)) < 0 ||
	    (s->fn->doc && dict_setstr(ns, "__doc__", val_cstr(s->fn->doc)) < 0)) {
		err_nomem(ev);
		goto out;
	}
	cs.locals = ns;
	if (closure_of(ev, sc, &cs.closure) < 0)
		goto out;
	if (ev_push_frame(ev, s->fn->arena, s->s, s->line) < 0)
		goto out;
	int r = exec_block(ev, &cs, &s->fn->body);
	ev_pop_frame(ev);
	if (r == EX_OK)
		cls = cls_build(ev, s->s, (int)bases->u.seq.n, bases->u.seq.items, ns, sc->globals);
out:
	val_decref(cs.closure);
	val_decref(ns);
	val_decref(bases);
	return cls;
}

/* `name: annotation` in a class body: __annotations__[name] = annotation */
static int record_annotation(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *ann = dict_getstr_borrow(sc->locals, "__annotations__");
	if (!ann) {
		ann = val_dict_new();
		if (!ann || dict_setstr(sc->locals, "__annotations__", ann) < 0) {
			err_nomem(ev);
			return -1;
		}
	}
	if (ann->type != VT_DICT) {
		err_set(ev, TY_NotImplementedError, "__annotations__ that is not a dict is not supported by Lumen");
		return -1;
	}
	struct value *v = eval_expr(ev, sc, s->c);
	if (!v)
		return -1;
	if (dict_setstr(ann, s->a->s, v) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

/* def and class statements: the decorators (evaluated first, applied
 * innermost first), then the name bound */
static int exec_def(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *decs[32], *v = NULL;
	int nd = 0, rc = EX_ERR;
	if (s->l3.n > 32) {
		err_set(ev, TY_NotImplementedError, "more than 32 decorators");
		return EX_ERR;
	}
	for (; nd < s->l3.n; nd++)
		if (!(decs[nd] = eval_expr(ev, sc, s->l3.v[nd])))
			goto out;
	v = s->kind == S_CLASS ? class_body(ev, sc, s) : make_function(ev, sc, s->fn);
	for (int i = nd - 1; i >= 0 && v; i--) {
		set_line(ev, s->l3.v[i]->line);
		struct value *w = val_call(ev, decs[i], 1, &v, NULL);
		val_decref(v);
		v = w;
	}
	if (v && store_name(ev, sc, s->s, v) == 0)
		rc = EX_OK;
out:
	val_decref(v);
	for (int i = 0; i < nd; i++)
		val_decref(decs[i]);
	return rc;
}

static int exec_help(struct eval *ev, struct node *s)
{
	char *text = lang_hooks.inspect_text ? lang_hooks.inspect_text(ev, s->s, s->op - 1) : NULL;
	if (!text) {
		if (err_occurred(ev))
			return EX_ERR;
		text = strdup("Object `");
		if (text) {
			struct sbuf b = {0};
			sb_printf(&b, "Object `%s` not found.\n", s->s);
			free(text);
			text = sb_take(&b);
		}
		if (!text) {
			err_nomem(ev);
			return EX_ERR;
		}
		ev_write(ev, 1, text, strlen(text));
		free(text);
		return EX_OK;
	}
	if (ev->sink && ev->sink->page) {
		struct engine_bundle b = {0};
		b.n = 1;
		b.mime[0] = "text/plain";
		b.data[0] = text;
		b.len[0] = strlen(text);
		ev->sink->page(ev->sink->ctx, &b);
	} else {
		ev_write(ev, 1, text, strlen(text));
		if (text[0] && text[strlen(text) - 1] != '\n')
			ev_write(ev, 1, "\n", 1);
	}
	free(text);
	return EX_OK;
}

/* magic_line with the scope it runs in (ev->magic: {expr} sees the locals) */
static int magic_in(struct eval *ev, struct scope *sc, const char *text, int assigned,
		    struct value **result)
{
	if (!lang_hooks.magic) {
		err_set(ev, TY_NotImplementedError, "magics need the session (engine_init_layers)");
		return -1;
	}
	void *saved = ev->magic;
	ev->magic = sc;
	int rc = lang_hooks.magic(ev, text, assigned, result);
	ev->magic = saved;
	return rc;
}

static int exec_magic(struct eval *ev, struct scope *sc, struct node *s, struct value **result)
{
	struct value *res = NULL;
	if (magic_in(ev, sc, s->s, 0, result ? &res : NULL) < 0)
		return EX_ERR;
	if (result)
		*result = res;
	else
		val_decref(res);
	return EX_OK;
}

static __attribute__((noinline)) int exec_stmt_rest(struct eval *ev, struct scope *sc,
						       struct node *s)
{
	struct value *v;
	switch (s->kind) {
	case S_EXPR:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		val_decref(v);
		return EX_OK;
	case S_ASSIGN:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		for (int i = 0; i < s->l.n; i++)
			if (assign(ev, sc, s->l.v[i], v) < 0) {
				val_decref(v);
				return EX_ERR;
			}
		val_decref(v);
		return EX_OK;
	case S_AUGASSIGN:
		return exec_augassign(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_ANNASSIGN:
		/* a class body records `name: annotation` in __annotations__, in order */
		if (sc->fd && sc->fd->is_class && s->c && s->a->kind == N_NAME && sc->locals->type == VT_DICT &&
		    record_annotation(ev, sc, s) < 0)
			return EX_ERR;
		if (!s->b)
			return EX_OK;
		v = eval_expr(ev, sc, s->b);
		if (!v)
			return EX_ERR;
		{
			int r = assign(ev, sc, s->a, v);
			val_decref(v);
			return r < 0 ? EX_ERR : EX_OK;
		}
	case S_DEL:
		for (int i = 0; i < s->l.n; i++)
			if (del_target(ev, sc, s->l.v[i]) < 0)
				return EX_ERR;
		return EX_OK;
	case S_IF: {
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		int t = val_truth(ev, v);
		val_decref(v);
		if (t < 0)
			return EX_ERR;
		return exec_block(ev, sc, t ? &s->l : &s->l2);
	}
	case S_FOR:
		return exec_for(ev, sc, s);
	case S_WHILE:
		return exec_while(ev, sc, s);
	case S_BREAK:
		return EX_BREAK;
	case S_CONTINUE:
		return EX_CONTINUE;
	case S_PASS: case S_GLOBAL: case S_NONLOCAL:
		return EX_OK;
	case S_DEF: case S_CLASS:
		return exec_def(ev, sc, s);
	case S_RETURN:
		v = s->a ? eval_expr(ev, sc, s->a) : val_none();
		if (!v)
			return EX_ERR;
		val_decref(ev->retval);
		ev->retval = v;
		return EX_RETURN;
	case S_ASSERT: {
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		int t = val_truth(ev, v);
		val_decref(v);
		if (t < 0)
			return EX_ERR;
		if (t)
			return EX_OK;
		if (s->b) {
			struct value *m = eval_expr(ev, sc, s->b);
			if (!m)
				return EX_ERR;
			struct value *e = val_exception_new(TY_AssertionError, NULL);
			if (!e) {
				val_decref(m);
				err_nomem(ev);
				return EX_ERR;
			}
			val_decref(e->u.exc.args);
			e->u.exc.args = val_tuple_new(1, &m);
			err_set_value(ev, e);
		} else {
			err_set_value(ev, val_exception_new(TY_AssertionError, NULL));
		}
		if (!ev->err)
			err_nomem(ev);
		return EX_ERR;
	}
	case S_RAISE:
		return exec_raise(ev, sc, s);
	case S_TRY:
		return exec_try(ev, sc, s);
	case S_WITH:
		return exec_with(ev, sc, s, 0);
	case S_IMPORT:
		return exec_import(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_FROM:
		return exec_from(ev, sc, s) < 0 ? EX_ERR : EX_OK;
	case S_HELP:
		return exec_help(ev, s);
	case S_MAGIC:
		return exec_magic(ev, sc, s, NULL);
	default:
		err_set(ev, TY_RuntimeError, "unknown statement");
		return EX_ERR;
	}
}

static int exec_stmt(struct eval *ev, struct scope *sc, struct node *s)
{
	struct value *v;
	set_line(ev, s->line);
	switch (s->kind) {
	case S_EXPR:
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		val_decref(v);
		return EX_OK;
	case S_ASSIGN:
		if (s->l.n != 1)
			return exec_stmt_rest(ev, sc, s);
		v = eval_expr(ev, sc, s->a);
		if (!v)
			return EX_ERR;
		{
			int r = assign(ev, sc, s->l.v[0], v);
			val_decref(v);
			return r < 0 ? EX_ERR : EX_OK;
		}
	case S_RETURN:
		v = s->a ? eval_expr(ev, sc, s->a) : val_none();
		if (!v)
			return EX_ERR;
		val_decref(ev->retval);
		ev->retval = v;
		return EX_RETURN;
	case S_PASS:
		return EX_OK;
	default:
		return exec_stmt_rest(ev, sc, s);
	}
}

static int exec_block(struct eval *ev, struct scope *sc, const struct nlist *l)
{
	for (int i = 0; i < l->n; i++) {
		if (ev->interrupt && ev_check_interrupt(ev))
			return EX_ERR;
		int r = exec_stmt(ev, sc, l->v[i]);
		if (r != EX_OK)
			return r;
	}
	return EX_OK;
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

int ev_run(struct eval *ev, struct code *c, struct value **result)
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
	struct scope sc = { .locals = ev->globals, .globals = ev->globals };
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
			if (exec_magic(ev, &sc, s, result) != EX_OK) {
				rc = -1;
				break;
			}
		} else {
			int r = exec_stmt(ev, &sc, s);
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

/* ---- tracebacks ---- */

static void add_line(char ***v, int *n, char *s)
{
	char **nv = realloc(*v, sizeof *nv * (size_t)(*n + 2));
	if (!nv) {
		free(s);
		return;
	}
	*v = nv;
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

static char *exc_line(struct eval *ev, struct value *exc, int qualified)
{
	struct sbuf b = {0};
	const char *name = exc->u.exc.cls ? val_type_name(exc) : qualified ?
		typeid_qualname(exc->u.exc.type) : typeid_name(exc->u.exc.type);
	char *msg = val_str_of(ev, exc);
	sb_adds(&b, name);
	if (msg && msg[0]) {
		sb_adds(&b, ": ");
		sb_adds(&b, msg);
	}
	free(msg);
	return sb_take(&b);
}

static const char *strip_lead(const char *s, size_t *len, int *skipped)
{
	*skipped = 0;
	while (*len && (*s == ' ' || *s == '\t')) {
		s++;
		(*len)--;
		(*skipped)++;
	}
	while (*len && (s[*len - 1] == ' ' || s[*len - 1] == '\r'))
		(*len)--;
	return s;
}

/* CPython 3.11's caret line under the failing expression (traceback.c) */
static void caret_line(struct sbuf *b, const char *line, size_t llen, const struct node *n)
{
	if (!n || n->col < 0 || (size_t)n->col >= llen)
		return;
	size_t sp = 0;
	while (sp < llen && (line[sp] == ' ' || line[sp] == '\t' || line[sp] == '\f'))
		sp++;
	size_t tl = llen;
	while (tl > sp && (line[tl - 1] == ' ' || line[tl - 1] == '\r'))
		tl--;
	size_t start = (size_t)n->col;
	size_t end = n->end_line == n->line && n->end_col > n->col ? (size_t)n->end_col : tl;
	if (end > llen)
		end = llen;
	if (end <= start)
		return;
	int cstart = (int)utf8_len(line, start), cend = (int)utf8_len(line, end);
	int csp = (int)utf8_len(line, sp), ctl = (int)utf8_len(line, tl);
	int la = -1, ra = -1;
	const char *seg = line + start;
	size_t seglen = end - start;
	if (n->end_line == n->line && n->kind == N_BINOP && n->a->end_line == n->line &&
	    n->b->line == n->line && n->a->end_col >= n->col && n->b->col >= n->a->end_col) {
		size_t le = (size_t)(n->a->end_col - n->col), rs = (size_t)(n->b->col - n->col);
		size_t off = 0;
		while (le + off < rs && (seg[le + off] == ' ' || seg[le + off] == '\t'))
			off++;
		size_t l = le + off, r = l + 1;
		if (off + 1 < rs - le && !(seg[le + off + 1] == ' ' || seg[le + off + 1] == '\t'))
			r++;
		while (l < seglen && (seg[l] == ' ' || seg[l] == ')' || seg[l] == '#')) {
			l++;
			r++;
		}
		la = (int)utf8_len(seg, l);
		ra = (int)utf8_len(seg, r < seglen ? r : seglen);
	} else if (n->end_line == n->line && n->kind == N_SUBSCRIPT && n->a->end_line == n->line &&
		   n->b->end_line == n->line && n->a->end_col >= n->col) {
		size_t l = (size_t)(n->a->end_col - n->col), r = (size_t)(n->b->end_col - n->col) + 1;
		while (l < seglen && seg[l] != '[')
			l++;
		while (r < seglen && seg[r] != ']')
			r++;
		if (r < seglen)
			r++;
		la = (int)utf8_len(seg, l < seglen ? l : seglen);
		ra = (int)utf8_len(seg, r < seglen ? r : seglen);
	}
	if (!(cend - cstart < ctl - csp || (la >= 0 && ra - la > 0)))
		return;
	sb_adds(b, "    ");
	for (int i = csp; i < cstart; i++)
		sb_addc(b, ' ');
	if (la >= 0) {
		for (int i = 0; i < la; i++)
			sb_addc(b, '~');
		for (int i = la; i < ra; i++)
			sb_addc(b, '^');
		for (int i = ra; i < cend - cstart; i++)
			sb_addc(b, '~');
	} else {
		for (int i = cstart; i < cend; i++)
			sb_addc(b, '^');
	}
}

char **ev_format_traceback(struct eval *ev, struct value *exc, int ipython, int *n)
{
	char **v = NULL;
	*n = 0;
	struct sbuf b = {0};
	int syntax = exc->type == VT_EXCEPTION &&
		     typeid_subclass(exc->u.exc.type, TY_SyntaxError) && exc->u.exc.lineno > 0 &&
		     exc->u.exc.text;
	if (syntax) {
		const char *where = ev->ntb ? ev->tb[ev->ntb - 1].arena->name : "<string>";
		size_t len = strlen(exc->u.exc.text);
		int skipped;
		const char *t = strip_lead(exc->u.exc.text, &len, &skipped);
		if (ipython && where[0] == 'I' && where[1] == 'n' && where[2] == '[')
			sb_printf(&b, "  Cell %s, line %d\n", where, exc->u.exc.lineno);
		else
			sb_printf(&b, "  File \"%s\", line %d\n", where, exc->u.exc.lineno);
		sb_printf(&b, "    %.*s\n", (int)len, t);
		int off = exc->u.exc.col, eoff = exc->u.exc.end_col;
		int rep = (eoff > 0 && eoff > off) ? eoff - off : 1;
		int caret = off - 1 - skipped;
		if (caret > (int)utf8_len(t, len))
			caret = (int)utf8_len(t, len);
		if (off > 0 && caret >= 0) {
			sb_printf(&b, "    %*s", caret, "");
			for (int i = 0; i < rep; i++)
				sb_addc(&b, '^');
			sb_addc(&b, '\n');
		}
		char *last = exc_line(ev, exc, !ipython);
		if (last)
			sb_adds(&b, last);
		free(last);
		if (ipython) {
			char *s = sb_take(&b);
			if (s)
				add_line(&v, n, s);
		} else {
			char *s = sb_take(&b), *p = s;
			while (p && *p) {
				char *e = strchr(p, '\n');
				size_t l = e ? (size_t)(e - p) : strlen(p);
				add_line(&v, n, strndup(p, l));
				p = e ? e + 1 : p + l;
			}
			free(s);
		}
		return v;
	}
	if (ipython) {
		const char *name = val_type_name(exc);
		sb_adds(&b, "---------------------------------------------------------------------------\n");
		sb_printf(&b, "%-42sTraceback (most recent call last)", name);
		add_line(&v, n, sb_take(&b));
		memset(&b, 0, sizeof b);
		for (int i = 0; i < ev->ntb; i++) {
			struct tb_entry *t = &ev->tb[i];
			const char *where = t->arena ? t->arena->name : "<string>";
			int incell = where[0] == 'I' && where[1] == 'n' && where[2] == '[';
			if (incell)
				sb_printf(&b, "Cell %s, line %d", where, t->line);
			else
				sb_printf(&b, "File %s:%d", where, t->line);
			if (t->fd) {
				sb_printf(&b, ", in %s(", t->name);
				for (int k = 0; k < t->fd->nparams; k++)
					sb_printf(&b, "%s%s%s", k ? ", " : "", t->fd->params[k].kind == 1 ? "*" :
						  t->fd->params[k].kind == 2 ? "**" : "", t->fd->params[k].name);
				sb_addc(&b, ')');
			} else if (strcmp(t->name, "<module>") != 0) {
				sb_printf(&b, ", in %s()", t->name);
			}
			sb_addc(&b, '\n');
			if (t->arena) {
				int lo = t->line - 2 < 1 ? 1 : t->line - 2;
				int hi = t->line + 2 > t->arena->nlines ? t->arena->nlines : t->line + 2;
				/* do not show trailing empty lines */
				while (hi > t->line) {
					size_t l;
					arena_line(t->arena, hi, &l);
					if (l)
						break;
					hi--;
				}
				for (int k = lo; k <= hi; k++) {
					size_t l;
					const char *s = arena_line(t->arena, k, &l);
					if (k == t->line)
						sb_printf(&b, "----> %d %.*s\n", k, (int)l, s);
					else
						sb_printf(&b, "%7d %.*s\n", k, (int)l, s);
				}
			}
			add_line(&v, n, sb_take(&b));
			memset(&b, 0, sizeof b);
		}
		add_line(&v, n, exc_line(ev, exc, 0));
		return v;
	}
	add_line(&v, n, strdup("Traceback (most recent call last):"));
	int repeat = 0;
	for (int i = 0; i < ev->ntb; i++) {
		struct tb_entry *t = &ev->tb[i];
		if (i > 0 && t->arena == ev->tb[i - 1].arena && t->line == ev->tb[i - 1].line &&
		    strcmp(t->name, ev->tb[i - 1].name) == 0) {
			repeat++;
		} else {
			if (repeat > 3) {
				memset(&b, 0, sizeof b);
				sb_printf(&b, "  [Previous line repeated %d more time%s]", repeat - 3, repeat - 3 == 1 ? "" : "s");
				add_line(&v, n, sb_take(&b));
			}
			repeat = 1;
		}
		if (repeat > 3)
			continue;
		memset(&b, 0, sizeof b);
		sb_printf(&b, "  File \"%s\", line %d, in %s", t->arena ? t->arena->name : "<string>",
			  t->line, t->name);
		add_line(&v, n, sb_take(&b));
		if (t->arena) {
			size_t l;
			int sk;
			const char *s = arena_line(t->arena, t->line, &l);
			s = strip_lead(s, &l, &sk);
			if (l) {
				memset(&b, 0, sizeof b);
				sb_printf(&b, "    %.*s", (int)l, s);
				add_line(&v, n, sb_take(&b));
				size_t fl;
				const char *full = arena_line(t->arena, t->line, &fl);
				memset(&b, 0, sizeof b);
				caret_line(&b, full, fl, t->node);
				if (b.n)
					add_line(&v, n, sb_take(&b));
				else
					free(b.s);
			}
		}
	}
	if (repeat > 3) {
		memset(&b, 0, sizeof b);
		sb_printf(&b, "  [Previous line repeated %d more time%s]", repeat - 3, repeat - 3 == 1 ? "" : "s");
		add_line(&v, n, sb_take(&b));
	}
	add_line(&v, n, exc_line(ev, exc, 1));
	return v;
}
