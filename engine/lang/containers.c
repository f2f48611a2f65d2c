/*
 * containers.c — lists, dicts (insertion ordered, open addressing over an
 * entry array), hashing of Python values, module attributes, and the small
 * iterator objects (enumerate, zip, map, reversed, dict views) that hold a
 * list.  Owns the dict layout; never formats or does arithmetic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>
#include "lang/core.h"
#include "lang/error.h"

/* ---- iterator objects (enumerate, zip, map, reversed, dict views) ---- */

static void iterobj_free(void *p)
{
	struct iterobj *it = p;
	val_decref(it->list);
	free(it);
}

static char *iterobj_repr(struct eval *ev, struct value *self)
{
	struct iterobj *it = self->u.obj.p;
	struct sbuf b = {0};
	if (strncmp(it->kind, "dict_", 5) == 0) {
		char *r = val_repr(ev, it->list);
		if (!r)
			return NULL;
		sb_printf(&b, "%s(%s)", it->kind, r);
		free(r);
	} else {
		sb_printf(&b, "<%s object at %p>", it->kind, (void *)self);
	}
	return sb_take(&b);
}

static const struct objtype iterobj_type = {
	.name = "iterator", .free = iterobj_free, .repr = iterobj_repr,
};

struct value *val_iterobj_new(const char *kind, struct value *list)
{
	if (!list)
		return NULL;
	struct iterobj *it = malloc(sizeof *it);
	if (!it) {
		val_decref(list);
		return NULL;
	}
	it->kind = kind;
	it->list = list;
	return val_object_new(&iterobj_type, it);
}

struct value *val_iterobj_list_borrow(struct value *v)
{
	if (v && v->type == VT_OBJECT && v->u.obj.t == &iterobj_type)
		return ((struct iterobj *)v->u.obj.p)->list;
	return NULL;
}

/* ---- containers ---- */

int list_append(struct value *list, struct value *item)
{
	if (!item)
		return -1;
	struct seq *s = &list->u.seq;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 4;
		struct value **ni = realloc(s->items, cap * sizeof *ni);
		if (!ni) {
			val_decref(item);
			return -1;
		}
		s->items = ni;
		s->cap = cap;
	}
	s->items[s->n++] = item;
	return 0;
}

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static uint64_t hash_int(int64_t i)
{
	return (uint64_t)i;
}

int val_hash(struct eval *ev, struct value *v, uint64_t *out)
{
	switch (v->type) {
	case VT_NONE: *out = 0x9e3779b97f4a7c15ULL; return 0;
	case VT_BOOL: case VT_INT: *out = hash_int(v->u.i); return 0;
	case VT_BIGINT: *out = pyobj_hooks.big_hash(v); return 0;
	case VT_FLOAT:
		if (v->u.f == floor(v->u.f) && fabs(v->u.f) < 9.2e18) {
			*out = hash_int((int64_t)v->u.f);
		} else if (isfinite(v->u.f) && v->u.f == floor(v->u.f)) { /* the VT_BIGINT's hash */
			*out = pyobj_hooks.big_hash_double(v->u.f);
		} else {
			uint64_t bits;
			double f = v->u.f;
			memcpy(&bits, &f, sizeof bits);
			*out = bits * 0x9e3779b97f4a7c15ULL;
		}
		return 0;
	case VT_COMPLEX: {
		struct value r = { 1, VT_FLOAT, {.f = creal(v->u.c)} };
		struct value i = { 1, VT_FLOAT, {.f = cimag(v->u.c)} };
		uint64_t a, b;
		val_hash(ev, &r, &a);
		val_hash(ev, &i, &b);
		*out = a + 1000003ULL * b;
		return 0;
	}
	case VT_STR: case VT_BYTES: *out = hash_bytes(v->u.str->s, v->u.str->len); return 0;
	case VT_TUPLE: {
		uint64_t h = 0x345678ULL;
		for (size_t i = 0; i < v->u.seq.n; i++) {
			uint64_t x;
			if (val_hash(ev, v->u.seq.items[i], &x) < 0)
				return -1;
			h = (h ^ x) * 1000003ULL;
		}
		*out = h;
		return 0;
	}
	case VT_SCALAR:
		return VAL_SLOT(v, hash)(ev, v, out);
	case VT_TYPE: *out = (uint64_t)v->u.ty * 31 + 7; return 0;
	case VT_DTYPE: *out = (uint64_t)v->u.dt.dtype * 131 + 17 + (v->u.dt.is_type == 2 ? 7919u : 0u); return 0;
	case VT_LIST: case VT_DICT: case VT_NDARRAY: case VT_SLICE:
		err_set(ev, TY_TypeError, "unhashable type: '%s'", val_type_name(v));
		return -1;
	case VT_OBJECT:
		if (v->u.obj.t->hash)
			return v->u.obj.t->hash(ev, v, out);
		*out = (uint64_t)(uintptr_t)v >> 4;
		return 0;
	default:
		*out = (uint64_t)(uintptr_t)v >> 4;
		return 0;
	}
}

static int dict_resize(struct dict *d, size_t want)
{
	/* compact entries, rebuild the index */
	size_t k = 0;
	dict_version_bump(d);
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key)
			d->entries[k++] = d->entries[i];
	d->n = k;
	size_t cap = 8;
	while (cap < want * 2)
		cap *= 2;
	int64_t *idx = malloc(sizeof *idx * cap);
	if (!idx)
		return -1;
	for (size_t i = 0; i < cap; i++)
		idx[i] = -1;
	for (size_t i = 0; i < d->n; i++) {
		size_t j = d->entries[i].hash & (cap - 1);
		while (idx[j] >= 0)
			j = (j + 1) & (cap - 1);
		idx[j] = (int64_t)i;
	}
	free(d->index);
	d->index = idx;
	d->index_cap = cap;
	return 0;
}

/* slot in index for key, or the empty slot where it would go (-1 error) */
int64_t dict_find(struct eval *ev, struct dict *d, struct value *key, uint64_t h,
		  size_t *slot)
{
	if (!d->index_cap)
		return -2;
	size_t j = h & (d->index_cap - 1);
	for (;;) {
		int64_t e = d->index[j];
		if (e == -1) {
			*slot = j;
			return -2;
		}
		if (e >= 0) {
			struct dict_entry *de = &d->entries[e];
			if (de->key && de->hash == h) {
				if (de->key == key)
					return e;
				int eq = val_equal(ev, de->key, key);
				if (eq < 0)
					return -1;
				if (eq)
					return e;
			}
		}
		j = (j + 1) & (d->index_cap - 1);
	}
}

struct value *dict_get_borrow(struct value *d, struct value *key)
{
	uint64_t h;
	size_t slot;
	if (val_hash(NULL, key, &h) < 0)
		return NULL;
	int64_t e = dict_find(NULL, d->u.dict, key, h, &slot);
	return e >= 0 ? d->u.dict->entries[e].val : NULL;
}

uint64_t str_hash(const char *s, size_t n)
{
	return hash_bytes(s, n);
}

struct dict_entry *dict_findstr(struct value *d, const char *key, size_t n, uint64_t h)
{
	struct dict *dd = d->u.dict;
	if (!dd->index_cap)
		return NULL;
	size_t j = h & (dd->index_cap - 1);
	for (;;) {
		int64_t e = dd->index[j];
		if (e == -1)
			return NULL;
		if (e >= 0) {
			struct dict_entry *de = &dd->entries[e];
			if (de->key && de->hash == h && de->key->type == VT_STR &&
			    de->key->u.str->len == n && memcmp(de->key->u.str->s, key, n) == 0)
				return de;
		}
		j = (j + 1) & (dd->index_cap - 1);
	}
}

struct value *dict_getstr_borrow(struct value *d, const char *key)
{
	size_t n = strlen(key);
	struct dict_entry *de = dict_findstr(d, key, n, hash_bytes(key, n));
	return de ? de->val : NULL;
}

static int dict_insert(struct eval *ev, struct dict *d, struct value *key, uint64_t h,
		       size_t slot, struct value *val);

int dict_set(struct eval *ev, struct value *dv, struct value *key, struct value *val)
{
	struct dict *d = dv->u.dict;
	uint64_t h;
	size_t slot;
	if (val_hash(ev, key, &h) < 0)
		return -1;
	int64_t e = dict_find(ev, d, key, h, &slot);
	if (e == -1)
		return -1;
	if (e >= 0) {
		struct value *old = d->entries[e].val;
		d->entries[e].val = val_incref(val);
		val_decref(old);
		return 0;
	}
	return dict_insert(ev, d, key, h, slot, val);
}

/* Appends key (hash h, known absent; slot: where dict_find would put it)
 * -> val, both increfed.  0, or -1 with the error set. */
static int dict_insert(struct eval *ev, struct dict *d, struct value *key, uint64_t h,
		       size_t slot, struct value *val)
{
	if (d->n + 1 > d->index_cap / 2 || d->n == 0) {
		if (d->n + 1 > d->index_cap / 2 && dict_resize(d, d->nused + 1) < 0) {
			err_nomem(ev);
			return -1;
		}
		if (!d->index_cap && dict_resize(d, 1) < 0) {
			err_nomem(ev);
			return -1;
		}
		dict_find(ev, d, key, h, &slot);
	}
	if (d->n == d->cap) {
		size_t cap = d->cap ? d->cap * 2 : 8;
		struct dict_entry *ne = realloc(d->entries, cap * sizeof *ne);
		if (!ne) {
			err_nomem(ev);
			return -1;
		}
		d->entries = ne;
		d->cap = cap;
	}
	d->entries[d->n].key = val_incref(key);
	d->entries[d->n].val = val_incref(val);
	d->entries[d->n].hash = h;
	d->index[slot] = (int64_t)d->n;
	d->n++;
	d->nused++;
	dict_version_bump(d);
	return 0;
}

/*
 * dict_setstr's keys: the same few names are stored again and again (a
 * function's parameters into its fresh locals on every call, a module's
 * names), so the str values made for them wait in a small direct-mapped
 * cache and are shared (a str is immutable).  Per thread, like the free
 * lists.
 */
#ifdef __SANITIZE_ADDRESS__
enum { KEY_SLOTS = 0 };   /* as value.c's free lists: ASan sees every str */
#else
enum { KEY_SLOTS = 256 };
#endif
static _Thread_local struct value *key_cache[KEY_SLOTS ? KEY_SLOTS : 1];

/* a str value of key (n bytes, hash h; new reference), or NULL */
static struct value *key_value(const char *key, size_t n, uint64_t h)
{
	struct value **slot, *k;
	if (!KEY_SLOTS)
		return val_str(key, n);
	slot = &key_cache[h % (KEY_SLOTS ? KEY_SLOTS : 1)];
	k = *slot;
	if (k && k->u.str->len == n && !memcmp(k->u.str->s, key, n))
		return val_incref(k);
	k = val_str(key, n);
	if (k) {
		val_decref(*slot);
		*slot = val_incref(k);
	}
	return k;
}

int dict_setstr(struct value *d, const char *key, struct value *val)
{
	size_t n, slot = 0;
	uint64_t h;
	struct dict_entry *e;
	struct value *k;
	int r;
	if (!val)
		return -1;
	n = strlen(key);
	h = hash_bytes(key, n);
	e = dict_findstr(d, key, n, h);
	if (e) {
		struct value *old = e->val;
		e->val = val;
		val_decref(old);
		return 0;
	}
	k = key_value(key, n, h);
	if (!k) {
		val_decref(val);
		return -1;
	}
	/* where the absent key goes (dict_insert finds it again after a resize) */
	dict_find(NULL, d->u.dict, k, h, &slot);
	r = dict_insert(NULL, d->u.dict, k, h, slot, val);
	val_decref(k);
	val_decref(val);
	return r;
}

int dict_del(struct eval *ev, struct value *dv, struct value *key)
{
	struct dict *d = dv->u.dict;
	uint64_t h;
	size_t slot;
	if (val_hash(ev, key, &h) < 0)
		return -1;
	int64_t e = dict_find(ev, d, key, h, &slot);
	if (e == -1)
		return -1;
	if (e < 0)
		return 0;
	/* find the index slot pointing at e and mark it deleted (-2) */
	size_t j = h & (d->index_cap - 1);
	while (d->index[j] != e)
		j = (j + 1) & (d->index_cap - 1);
	d->index[j] = -2;
	val_decref(d->entries[e].key);
	val_decref(d->entries[e].val);
	d->entries[e].key = NULL;
	d->entries[e].val = NULL;
	d->nused--;
	dict_version_bump(d);
	return 1;
}

int module_add(struct value *mod, const char *name, struct value *val)
{
	return dict_setstr(mod->u.mod.attrs, name, val);
}

