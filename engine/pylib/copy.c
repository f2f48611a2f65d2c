/*
 * copy.c — the copy module: copy (a shallow copy: lists, dicts of any kind,
 * arrays through their .copy(), objects with a copy method; immutable values
 * are returned as they are) and deepcopy (containers recursively, with a memo
 * keyed by identity so shared and cyclic references stay shared).  Owns the
 * memo for the length of one deepcopy call.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"

static int is_atomic(struct value *v)
{
	switch (v->type) {
	case VT_NONE: case VT_BOOL: case VT_INT: case VT_BIGINT: case VT_FLOAT: case VT_COMPLEX: case VT_STR:
	case VT_BYTES: case VT_RANGE: case VT_SLICE: case VT_ELLIPSIS: case VT_FUNCTION: case VT_BUILTIN:
	case VT_MODULE: case VT_TYPE: case VT_DTYPE: case VT_SCALAR:
		return 1;
	default:
		return 0;
	}
}

/* x.copy() */
static struct value *call_copy_method(struct eval *ev, struct value *x)
{
	struct value *m = val_getattr(ev, x, "copy");
	if (!m) {
		val_decref(err_fetch(ev));
		err_tb_clear(ev);
		return err_set(ev, TY_TypeError, "cannot copy '%s' object", val_type_name(x));
	}
	struct value *r = val_call(ev, m, 0, NULL, NULL);
	val_decref(m);
	return r;
}

static struct value *shallow(struct eval *ev, struct value *x)
{
	if (is_atomic(x) || x->type == VT_TUPLE || x->type == VT_EXCEPTION)
		return val_incref(x);
	if (x->type == VT_LIST)
		return val_iter_list(ev, x);
	if (x->type == VT_DICT) {
		struct value *c = val_dict_new();
		if (!c)
			return err_nomem(ev);
		for (size_t i = 0; i < x->u.dict->n; i++) {
			struct dict_entry *e = &x->u.dict->entries[i];
			if (e->key && dict_set(ev, c, e->key, e->val) < 0) {
				val_decref(c);
				return NULL;
			}
		}
		c->u.dict->kind = x->u.dict->kind;
		c->u.dict->kdata = val_incref(x->u.dict->kdata);
		return c;
	}
	return call_copy_method(ev, x);
}

PYFN(copy_copy)
{
	struct value *x = NULL;
	if (args_parse(ev, "copy", argc, argv, kw, "x", &x) < 0)
		return NULL;
	return shallow(ev, x);
}

/* ---- deepcopy ---- */

static struct value *memo_key(struct value *x)
{
	return val_int((int64_t)(intptr_t)x);
}

static struct value *deep(struct eval *ev, struct value *x, struct value *memo, int depth);

static int memo_put(struct eval *ev, struct value *memo, struct value *x, struct value *y)
{
	struct value *k = memo_key(x);
	int r = k ? dict_set(ev, memo, k, y) : -1;
	val_decref(k);
	return r;
}

static struct value *deep(struct eval *ev, struct value *x, struct value *memo, int depth)
{
	if (is_atomic(x) || x->type == VT_EXCEPTION)
		return val_incref(x);
	if (depth > 900)
		return err_set(ev, TY_RecursionError, "maximum recursion depth exceeded while calling a Python object");
	struct value *k = memo_key(x);
	struct value *hit = k ? dict_get_borrow(memo, k) : NULL;
	val_decref(k);
	if (hit)
		return val_incref(hit);
	switch (x->type) {
	case VT_LIST: {
		struct value *l = val_list_new(0, NULL);
		if (!l || memo_put(ev, memo, x, l) < 0) {
			val_decref(l);
			return err_occurred(ev) ? NULL : err_nomem(ev);
		}
		for (size_t i = 0; i < x->u.seq.n; i++) {
			struct value *c = deep(ev, x->u.seq.items[i], memo, depth + 1);
			if (!c || list_append(l, c) < 0) {
				val_decref(l);
				return err_occurred(ev) ? NULL : err_nomem(ev);
			}
		}
		return l;
	}
	case VT_TUPLE: {
		struct value **it = malloc(sizeof *it * (x->u.seq.n + 1));
		int same = 1;
		if (!it)
			return err_nomem(ev);
		for (size_t i = 0; i < x->u.seq.n; i++) {
			it[i] = deep(ev, x->u.seq.items[i], memo, depth + 1);
			if (!it[i]) {
				for (size_t j = 0; j < i; j++)
					val_decref(it[j]);
				free(it);
				return NULL;
			}
			same &= it[i] == x->u.seq.items[i];
		}
		struct value *t;
		if (same) { /* nothing inside changed: the tuple itself, as CPython's */
			for (size_t i = 0; i < x->u.seq.n; i++)
				val_decref(it[i]);
			t = val_incref(x);
		} else {
			t = x->u.seq.named ? val_named_tuple_new(x->u.seq.named, x->u.seq.n, it)
					   : val_tuple_new(x->u.seq.n, it);
		}
		free(it);
		if (t && memo_put(ev, memo, x, t) < 0) {
			val_decref(t);
			return NULL;
		}
		return t ? t : err_nomem(ev);
	}
	case VT_DICT: {
		struct value *d = val_dict_new();
		if (!d || memo_put(ev, memo, x, d) < 0) {
			val_decref(d);
			return err_occurred(ev) ? NULL : err_nomem(ev);
		}
		d->u.dict->kind = x->u.dict->kind;
		d->u.dict->kdata = val_incref(x->u.dict->kdata);
		for (size_t i = 0; i < x->u.dict->n; i++) {
			struct dict_entry *e = &x->u.dict->entries[i];
			if (!e->key)
				continue;
			struct value *ck = deep(ev, e->key, memo, depth + 1);
			struct value *cv = ck ? deep(ev, e->val, memo, depth + 1) : NULL;
			int r = cv ? dict_set(ev, d, ck, cv) : -1;
			val_decref(ck);
			val_decref(cv);
			if (r < 0) {
				val_decref(d);
				return NULL;
			}
		}
		return d;
	}
	case VT_NDARRAY: {
		struct value *c = call_copy_method(ev, x);
		if (c && memo_put(ev, memo, x, c) < 0) {
			val_decref(c);
			return NULL;
		}
		return c;
	}
	default: {
		/* objects with items (deque ...): a shallow copy, then its items deep-copied in place */
		struct value *c = call_copy_method(ev, x);
		if (!c)
			return NULL;
		if (memo_put(ev, memo, x, c) < 0) {
			val_decref(c);
			return NULL;
		}
		if (c->type == VT_OBJECT && c->u.obj.t->iter && c->u.obj.t->setitem) {
			struct value *items = val_iter_list(ev, c);
			for (size_t i = 0; items && i < items->u.seq.n; i++) {
				struct value *idx = val_int((int64_t)i);
				struct value *d = deep(ev, items->u.seq.items[i], memo, depth + 1);
				int r = idx && d ? c->u.obj.t->setitem(ev, c, idx, d) : -1;
				val_decref(idx);
				val_decref(d);
				if (r < 0) {
					val_decref(items);
					val_decref(c);
					return NULL;
				}
			}
			val_decref(items);
		}
		return c;
	}
	}
}

PYFN(copy_deepcopy)
{
	struct value *x = NULL, *memo = NULL;
	if (args_parse(ev, "deepcopy", argc, argv, kw, "x|memo", &x, &memo) < 0)
		return NULL;
	struct value *m = val_dict_new();
	if (!m)
		return err_nomem(ev);
	struct value *r = deep(ev, x, m, 0);
	val_decref(m);
	return r;
}

static const struct pyfn copy_fns[] = {
	{"copy", copy_copy}, {"deepcopy", copy_deepcopy},
};

struct value *copy_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "copy", copy_fns, sizeof copy_fns / sizeof copy_fns[0]);
}
