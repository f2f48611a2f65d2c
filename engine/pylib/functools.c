/*
 * functools.c — the functools module: reduce, partial (callable, repr,
 * .func/.args/.keywords), lru_cache/cache (a memoising wrapper with
 * cache_info/cache_clear, LRU eviction at maxsize), wraps and update_wrapper
 * (copy __name__/__doc__ where the wrapper takes attributes), cmp_to_key.
 * Owns the wrappers' caches; never calls a function it was not given.
 */
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "lang/ast.h"

PYFN(fn_reduce)
{
	if (pylib_nokw(ev, "reduce", kw) < 0)
		return NULL;
	if (argc < 2 || argc > 3)
		return err_set(ev, TY_TypeError, "reduce expected at %s 3 arguments, got %d", argc < 2 ? "least 2" : "most", argc);
	struct value *items = val_iter_list(ev, argv[1]);
	if (!items)
		return NULL;
	size_t i = 0;
	struct value *acc = NULL;
	if (argc == 3)
		acc = val_incref(argv[2]);
	else if (items->u.seq.n)
		acc = val_incref(items->u.seq.items[i++]);
	else {
		val_decref(items);
		return err_set(ev, TY_TypeError, "reduce() of empty iterable with no initial value");
	}
	for (; acc && i < items->u.seq.n; i++) {
		struct value *a[2] = { acc, items->u.seq.items[i] };
		struct value *r = val_call(ev, argv[0], 2, a, NULL);
		val_decref(acc);
		acc = r;
	}
	val_decref(items);
	return acc;
}

/* ---- partial ---- */

struct partial {
	struct value *func, *args, *kw; /* args: tuple, kw: dict */
};

static void partial_free(void *p)
{
	struct partial *pa = p;
	val_decref(pa->func);
	val_decref(pa->args);
	val_decref(pa->kw);
	free(pa);
}

static struct value *partial_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct partial *pa = self->u.obj.p;
	size_t na = pa->args->u.seq.n, nk = pa->kw->u.dict->n;
	struct value **all = malloc(sizeof *all * (na + (size_t)argc + 1));
	const char **names = malloc(sizeof *names * (nk + (size_t)(kw ? kw->n : 0) + 1));
	struct value **vals = malloc(sizeof *vals * (nk + (size_t)(kw ? kw->n : 0) + 1));
	if (!all || !names || !vals) {
		free(all);
		free(names);
		free(vals);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < na; i++)
		all[i] = pa->args->u.seq.items[i];
	for (int i = 0; i < argc; i++)
		all[na + (size_t)i] = argv[i];
	int n = 0;
	for (size_t i = 0; i < nk; i++) {
		struct dict_entry *e = &pa->kw->u.dict->entries[i];
		if (!e->key)
			continue;
		int over = 0;
		for (int j = 0; kw && j < kw->n; j++)
			if (!strcmp(kw->names[j], e->key->u.str->s))
				over = 1;
		if (over)
			continue;
		names[n] = e->key->u.str->s;
		vals[n++] = e->val;
	}
	for (int j = 0; kw && j < kw->n; j++) {
		names[n] = kw->names[j];
		vals[n++] = kw->vals[j];
	}
	struct kwargs k = { n, names, vals };
	struct value *r = val_call(ev, pa->func, (int)(na + (size_t)argc), all, &k);
	free(all);
	free(names);
	free(vals);
	return r;
}

static char *partial_repr(struct eval *ev, struct value *self)
{
	struct partial *pa = self->u.obj.p;
	struct sbuf b = {0};
	char *f = val_repr(ev, pa->func);
	if (!f)
		return NULL;
	sb_printf(&b, "functools.partial(%s", f);
	free(f);
	for (size_t i = 0; i < pa->args->u.seq.n; i++) {
		char *s = val_repr(ev, pa->args->u.seq.items[i]);
		if (!s) {
			free(b.s);
			return NULL;
		}
		sb_printf(&b, ", %s", s);
		free(s);
	}
	for (size_t i = 0; i < pa->kw->u.dict->n; i++) {
		struct dict_entry *e = &pa->kw->u.dict->entries[i];
		if (!e->key)
			continue;
		char *s = val_repr(ev, e->val);
		if (!s) {
			free(b.s);
			return NULL;
		}
		sb_printf(&b, ", %s=%s", e->key->u.str->s, s);
		free(s);
	}
	sb_addc(&b, ')');
	return sb_take(&b);
}

static struct value *partial_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct partial *pa = self->u.obj.p;
	if (!strcmp(name, "func"))
		return val_incref(pa->func);
	if (!strcmp(name, "args"))
		return val_incref(pa->args);
	if (!strcmp(name, "keywords"))
		return val_incref(pa->kw);
	return NULL;
}

static const char *const partial_attrs[] = {"func", "args", "keywords", NULL};
static const struct objtype partial_type = {
	.name = "functools.partial", .free = partial_free, .call = partial_call, .repr = partial_repr,
	.getattr = partial_getattr, .attrs = partial_attrs,
};

PYFN(fn_partial)
{
	if (argc < 1)
		return err_set(ev, TY_TypeError, "type 'partial' takes at least one argument");
	struct value *f = argv[0];
	struct value **pre = argv + 1;
	int npre = argc - 1;
	struct partial *inner = f->type == VT_OBJECT && f->u.obj.t == &partial_type ? f->u.obj.p : NULL;
	struct partial *pa = calloc(1, sizeof *pa);
	if (!pa)
		return err_nomem(ev);
	pa->kw = val_dict_new();
	pa->args = val_list_new(0, NULL);
	if (!pa->kw || !pa->args)
		goto nomem;
	if (inner) { /* partial(partial(f, 1), 2) flattens, as CPython's */
		f = inner->func;
		for (size_t i = 0; i < inner->args->u.seq.n; i++)
			if (list_append(pa->args, val_incref(inner->args->u.seq.items[i])) < 0)
				goto nomem;
		for (size_t i = 0; i < inner->kw->u.dict->n; i++)
			if (inner->kw->u.dict->entries[i].key &&
			    dict_set(ev, pa->kw, inner->kw->u.dict->entries[i].key, inner->kw->u.dict->entries[i].val) < 0)
				goto nomem;
	}
	for (int i = 0; i < npre; i++)
		if (list_append(pa->args, val_incref(pre[i])) < 0)
			goto nomem;
	for (int i = 0; kw && i < kw->n; i++)
		if (dict_setstr(pa->kw, kw->names[i], val_incref(kw->vals[i])) < 0)
			goto nomem;
	if (f->type != VT_FUNCTION && f->type != VT_BUILTIN && f->type != VT_TYPE && f->type != VT_DTYPE &&
	    !(f->type == VT_OBJECT && f->u.obj.t->call)) {
		partial_free(pa);
		return err_set(ev, TY_TypeError, "the first argument must be callable");
	}
	pa->func = val_incref(f);
	/* the args as a tuple */
	struct value *t = val_tuple_new(pa->args->u.seq.n, pa->args->u.seq.items);
	if (!t)
		goto nomem;
	pa->args->u.seq.n = 0;
	val_decref(pa->args);
	pa->args = t;
	return val_object_new(&partial_type, pa);
nomem:
	partial_free(pa);
	return err_nomem(ev);
}

/* ---- lru_cache / cache ---- */

static const char *const cacheinfo_fields[] = {"hits", "misses", "maxsize", "currsize"};
static const struct seqtype cacheinfo_type = { "CacheInfo", cacheinfo_fields };

struct lru {
	struct value *func, *cache; /* cache: dict key tuple -> result, oldest first */
	int64_t maxsize;            /* -1: unbounded */
	int64_t hits, misses;
	int typed;
};

static void lru_free(void *p)
{
	struct lru *l = p;
	val_decref(l->func);
	val_decref(l->cache);
	free(l);
}

/* the cache key of a call: (args..., marker, name, value, ...) */
static struct value *lru_key(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw, int typed)
{
	struct value *l = val_list_new(0, NULL);
	for (int i = 0; l && i < argc; i++)
		if (list_append(l, val_incref(argv[i])) < 0)
			goto nomem;
	if (l && kw && kw->n) {
		if (list_append(l, val_cstr("\x01kwmark")) < 0)
			goto nomem;
		for (int i = 0; i < kw->n; i++)
			if (list_append(l, val_cstr(kw->names[i])) < 0 || list_append(l, val_incref(kw->vals[i])) < 0)
				goto nomem;
	}
	for (int i = 0; l && typed && i < argc; i++)
		if (list_append(l, val_cstr(val_type_name(argv[i]))) < 0)
			goto nomem;
	if (!l)
		return err_nomem(ev);
	struct value *t = val_tuple_new(l->u.seq.n, l->u.seq.items);
	l->u.seq.n = 0;
	val_decref(l);
	return t ? t : err_nomem(ev);
nomem:
	val_decref(l);
	return err_nomem(ev);
}

static struct value *lru_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct lru *c = self->u.obj.p;
	if (c->maxsize == 0) {
		c->misses++;
		return val_call(ev, c->func, argc, argv, kw);
	}
	struct value *key = lru_key(ev, argc, argv, kw, c->typed);
	if (!key)
		return NULL;
	uint64_t h;
	if (val_hash(ev, key, &h) < 0) {
		val_decref(key);
		return NULL;
	}
	struct value *hit = dict_get_borrow(c->cache, key);
	if (hit) {
		c->hits++;
		val_incref(hit);
		if (c->maxsize > 0 && (dict_del(ev, c->cache, key) < 0 || dict_set(ev, c->cache, key, hit) < 0)) {
			val_decref(hit);
			hit = NULL;
		}
		val_decref(key);
		return hit;
	}
	c->misses++;
	struct value *r = val_call(ev, c->func, argc, argv, kw);
	if (r) {
		if (c->maxsize > 0 && (int64_t)c->cache->u.dict->nused >= c->maxsize) {
			struct dict *d = c->cache->u.dict;
			for (size_t i = 0; i < d->n; i++)
				if (d->entries[i].key) {
					struct value *old = val_incref(d->entries[i].key);
					dict_del(ev, c->cache, old);
					val_decref(old);
					break;
				}
		}
		if (dict_set(ev, c->cache, key, r) < 0) {
			val_decref(r);
			r = NULL;
		}
	}
	val_decref(key);
	return r;
}

PYFN(lru_cache_info)
{
	struct lru *c = bi->self->u.obj.p;
	struct value *it[4] = { val_int(c->hits), val_int(c->misses),
		c->maxsize < 0 ? val_none() : val_int(c->maxsize), val_int((int64_t)c->cache->u.dict->nused) };
	return val_named_tuple_new(&cacheinfo_type, 4, it);
}

PYFN(lru_cache_clear)
{
	struct lru *c = bi->self->u.obj.p;
	struct value *d = val_dict_new();
	if (!d)
		return err_nomem(ev);
	val_decref(c->cache);
	c->cache = d;
	c->hits = c->misses = 0;
	return val_none();
}

static struct value *lru_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct lru *c = self->u.obj.p;
	if (!strcmp(name, "cache_info"))
		return val_builtin("cache_info", lru_cache_info, self, NULL);
	if (!strcmp(name, "cache_clear"))
		return val_builtin("cache_clear", lru_cache_clear, self, NULL);
	if (!strcmp(name, "__wrapped__"))
		return val_incref(c->func);
	if (!strcmp(name, "__name__") || !strcmp(name, "__doc__") || !strcmp(name, "__qualname__"))
		return val_getattr(ev, c->func, name);
	return NULL;
}

static const char *const lru_attrs[] = {"cache_info", "cache_clear", "__wrapped__", NULL};
static const struct objtype lru_type = {
	.name = "functools._lru_cache_wrapper", .free = lru_free, .call = lru_call,
	.getattr = lru_getattr, .attrs = lru_attrs,
};

static struct value *lru_new(struct eval *ev, struct value *f, int64_t maxsize, int typed)
{
	struct lru *c = calloc(1, sizeof *c);
	if (!c || !(c->cache = val_dict_new())) {
		free(c);
		return err_nomem(ev);
	}
	c->func = val_incref(f);
	c->maxsize = maxsize;
	c->typed = typed;
	return val_object_new(&lru_type, c);
}

/* lru_cache(maxsize=128)(f): the decorator remembers maxsize and typed in bi->data */
struct lru_opts { int64_t maxsize; int typed; };

PYFN(lru_decorate)
{
	if (argc != 1 || (kw && kw->n))
		return err_set(ev, TY_TypeError, "decorating_function() takes exactly one argument (%d given)", argc);
	int64_t maxsize = bi->self->u.i >> 1;
	return lru_new(ev, argv[0], maxsize, (int)(bi->self->u.i & 1));
}

static int is_callable(struct value *f)
{
	return f->type == VT_FUNCTION || f->type == VT_BUILTIN || f->type == VT_TYPE ||
	       (f->type == VT_OBJECT && f->u.obj.t->call);
}

PYFN(fn_lru_cache)
{
	struct value *ms = NULL, *ty = NULL;
	if (args_parse(ev, "lru_cache", argc, argv, kw, "|maxsize,typed", &ms, &ty) < 0)
		return NULL;
	int typed;
	if (args_bool(ev, ty, 0, &typed) < 0)
		return NULL;
	if (ms && is_callable(ms))
		return lru_new(ev, ms, 128, typed);
	int64_t maxsize = 128;
	if (ms && ms->type == VT_NONE)
		maxsize = -1;
	else if (ms && (ms->type == VT_INT || ms->type == VT_BOOL))
		maxsize = ms->u.i < 0 ? 0 : ms->u.i;
	else if (ms)
		return err_set(ev, TY_TypeError, "Expected first argument to be an integer, a callable, or None");
	/* the options ride in an int bound as self */
	struct value *opts = val_int(maxsize * 2 + typed);
	struct value *d = opts ? val_builtin("decorating_function", lru_decorate, opts, NULL) : NULL;
	val_decref(opts);
	return d ? d : err_nomem(ev);
}

PYFN(fn_cache)
{
	if (argc != 1 || pylib_nokw(ev, "cache", kw) < 0)
		return argc != 1 ? err_set(ev, TY_TypeError, "cache() takes exactly one argument (%d given)", argc) : NULL;
	return lru_new(ev, argv[0], -1, 0);
}

/* ---- wraps / update_wrapper ---- */

static struct value *update_wrapper(struct eval *ev, struct value *wrapper, struct value *wrapped)
{
	static const char *const names[] = {"__module__", "__name__", "__qualname__", "__doc__"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct value *v = val_getattr(ev, wrapped, names[i]);
		if (!v) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			continue;
		}
		/* a wrapper that takes no attributes (a C function) keeps its own */
		if (val_setattr(ev, wrapper, names[i], v) < 0) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
		}
		val_decref(v);
	}
	if (val_setattr(ev, wrapper, "__wrapped__", wrapped) < 0) {
		val_decref(err_fetch(ev));
		err_tb_clear(ev);
	}
	return val_incref(wrapper);
}

PYFN(fn_update_wrapper)
{
	struct value *w = NULL, *wd = NULL, *as = NULL, *up = NULL;
	if (args_parse(ev, "update_wrapper", argc, argv, kw, "wrapper,wrapped|assigned,updated", &w, &wd, &as, &up) < 0)
		return NULL;
	return update_wrapper(ev, w, wd);
}

PYFN(wraps_apply)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "wraps() decorator takes exactly one argument (%d given)", argc);
	return update_wrapper(ev, argv[0], bi->self);
}

PYFN(fn_wraps)
{
	struct value *wd = NULL, *as = NULL, *up = NULL;
	if (args_parse(ev, "wraps", argc, argv, kw, "wrapped|assigned,updated", &wd, &as, &up) < 0)
		return NULL;
	return val_builtin("update_wrapper", wraps_apply, wd, NULL);
}

/* ---- cmp_to_key ---- */

struct cmpkey { struct value *cmp, *obj; };

static void cmpkey_free(void *p)
{
	struct cmpkey *k = p;
	val_decref(k->cmp);
	val_decref(k->obj);
	free(k);
}

static const struct objtype cmpkey_type;

/* K(a) < K(b) is mycmp(a, b) < 0, and so on for each comparison */
static struct value *cmpkey_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op < OP_LT || l->type != VT_OBJECT || l->u.obj.t != &cmpkey_type ||
	    r->type != VT_OBJECT || r->u.obj.t != &cmpkey_type)
		return NULL;
	struct cmpkey *a = l->u.obj.p, *b = r->u.obj.p;
	struct value *args[2] = { a->obj, b->obj };
	struct value *c = val_call(ev, a->cmp, 2, args, NULL);
	if (!c)
		return NULL;
	struct value *zero = val_int(0), *res = val_binop(ev, op, c, zero);
	val_decref(zero);
	val_decref(c);
	return res;
}

static struct value *cmpkey_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "obj"))
		return val_incref(((struct cmpkey *)self->u.obj.p)->obj);
	return NULL;
}

static const struct objtype cmpkey_type = {
	.name = "functools.KeyWrapper", .free = cmpkey_free, .binop = cmpkey_binop, .getattr = cmpkey_getattr,
};

static struct value *cmpkey_call(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *o = NULL;
	if (args_parse(ev, "K", argc, argv, kw, "obj", &o) < 0)
		return NULL;
	struct cmpkey *k = malloc(sizeof *k);
	if (!k)
		return err_nomem(ev);
	k->cmp = val_incref(bi->self);
	k->obj = val_incref(o);
	return val_object_new(&cmpkey_type, k);
}

PYFN(fn_cmp_to_key)
{
	struct value *m = NULL;
	if (args_parse(ev, "cmp_to_key", argc, argv, kw, "mycmp", &m) < 0)
		return NULL;
	return val_builtin("K", cmpkey_call, m, NULL);
}

static const struct pyfn functools_fns[] = {
	{"reduce", fn_reduce}, {"partial", fn_partial}, {"lru_cache", fn_lru_cache}, {"cache", fn_cache},
	{"wraps", fn_wraps}, {"update_wrapper", fn_update_wrapper}, {"cmp_to_key", fn_cmp_to_key},
};

struct value *functools_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "functools", functools_fns, sizeof functools_fns / sizeof functools_fns[0]);
}
