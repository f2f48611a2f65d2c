/*
 * set.c — set and frozenset: a dict of the items (values None) inside a
 * VT_OBJECT, so hashing and equality are the dict's; the operators | & - ^,
 * the subset comparisons, the methods, `in`, len, iteration and CPython's
 * repr ({1, 2}, set(), frozenset({1})).  Iteration follows insertion order,
 * which is not CPython's hash order: programs that print a set of several
 * items differ from CPython's order (sorted() does not).
 * The classes `set` and `frozenset` are values of their own (settype below)
 * so that isinstance, type() and calls work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/pyobj.h"

struct pyset {
	struct value *d;   /* VT_DICT: item -> None */
	int frozen;
};

static const struct objtype set_type, frozenset_type, settype_type;

int set_is_set(const struct value *v)
{
	return v && v->type == VT_OBJECT && (v->u.obj.t == &set_type || v->u.obj.t == &frozenset_type);
}

static struct pyset *S(const struct value *v) { return v->u.obj.p; }

static void set_free(void *p)
{
	struct pyset *s = p;
	val_decref(s->d);
	free(s);
}

static struct value *set_empty(struct eval *ev, int frozen)
{
	struct pyset *s = malloc(sizeof *s);
	if (!s)
		return err_nomem(ev);
	s->frozen = frozen;
	s->d = val_dict_new();
	if (!s->d) {
		free(s);
		return err_nomem(ev);
	}
	struct value *v = val_object_new(frozen ? &frozenset_type : &set_type, s);
	return v ? v : err_nomem(ev);
}

int set_add(struct eval *ev, struct value *set, struct value *x)
{
	struct value *none = val_none();
	int r = dict_set(ev, S(set)->d, x, none);
	val_decref(none);
	return r;
}

/* the items of s as a new list */
static struct value *items_of(struct eval *ev, struct value *s)
{
	return val_iter_list(ev, S(s)->d);
}

static int set_update_from(struct eval *ev, struct value *set, struct value *it)
{
	struct value *items = set_is_set(it) ? items_of(ev, it) : val_iter_list(ev, it);
	if (!items)
		return -1;
	for (size_t i = 0; i < items->u.seq.n; i++)
		if (set_add(ev, set, items->u.seq.items[i]) < 0) {
			val_decref(items);
			return -1;
		}
	val_decref(items);
	return 0;
}

struct value *set_from(struct eval *ev, struct value *it, int frozen)
{
	struct value *s = set_empty(ev, frozen);
	if (s && it && set_update_from(ev, s, it) < 0) {
		val_decref(s);
		return NULL;
	}
	return s;
}

/* 1 when set s holds x, 0 when not, -1 with the error set: hashing and
 * comparing run with ev (a user class's __hash__ / __eq__ is Python code) */
static int has(struct eval *ev, struct value *s, struct value *x)
{
	uint64_t h;
	size_t slot;
	if (val_hash(ev, x, &h) < 0)
		return -1;
	int64_t e = dict_find(ev, S(s)->d->u.dict, x, h, &slot);
	return e >= 0 ? 1 : e == -2 ? 0 : -1;
}

static int set_contains(struct eval *ev, struct value *self, struct value *x)
{
	int r = has(ev, self, x);
	if (r < 0 && set_is_set(x) && ev->err && ev->err->u.exc.type == TY_TypeError) {
		/* a set looks for the frozenset of the same items */
		err_clear(ev);
		struct value *f = set_from(ev, x, 1);
		if (!f)
			return -1;
		r = has(ev, self, f);
		val_decref(f);
	}
	return r;
}

static int64_t set_len(struct eval *ev, struct value *self)
{
	(void)ev;
	return (int64_t)S(self)->d->u.dict->nused;
}

static struct value *set_iter(struct eval *ev, struct value *self)
{
	struct value *l = items_of(ev, self);
	return l ? val_iterobj_new("set_iterator", l) : NULL;
}

static char *set_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	struct dict *d = S(self)->d->u.dict;
	int frozen = S(self)->frozen;
	if (!d->nused)
		return strdup(frozen ? "frozenset()" : "set()");
	if (ev_enter_call(ev) < 0)
		return NULL;
	sb_adds(&b, frozen ? "frozenset({" : "{");
	int first = 1;
	for (size_t i = 0; i < d->n; i++) {
		if (!d->entries[i].key)
			continue;
		char *r = val_repr(ev, d->entries[i].key);
		if (!r) {
			ev_leave_call(ev);
			free(b.s);
			return NULL;
		}
		if (!first)
			sb_adds(&b, ", ");
		first = 0;
		sb_adds(&b, r);
		free(r);
	}
	sb_adds(&b, frozen ? "})" : "}");
	ev_leave_call(ev);
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

static int set_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	if (!S(self)->frozen) {
		err_set(ev, TY_TypeError, "unhashable type: 'set'");
		return -1;
	}
	struct dict *d = S(self)->d->u.dict;
	uint64_t h = 1927868237ULL * (d->nused + 1);
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key) {
			uint64_t x = d->entries[i].hash;
			h ^= (x ^ (x << 16) ^ 89869747ULL) * 3644798167ULL;
		}
	*out = h * 69069ULL + 907133923ULL;
	return 0;
}

/* is every item of a in b */
static int subset(struct eval *ev, struct value *a, struct value *b)
{
	struct dict *d = S(a)->d->u.dict;
	if (d->nused > S(b)->d->u.dict->nused)
		return 0;
	for (size_t i = 0; i < d->n; i++) {
		int r = d->entries[i].key ? has(ev, b, d->entries[i].key) : 1;
		if (r <= 0)
			return r;
	}
	return 1;
}

enum { SOP_UNION, SOP_INTER, SOP_DIFF, SOP_SYMDIFF };

/* a op b into a new set of a's kind */
static struct value *set_op(struct eval *ev, int sop, struct value *a, struct value *b, int frozen)
{
	struct value *r = set_empty(ev, frozen);
	if (!r)
		return NULL;
	struct dict *da = S(a)->d->u.dict, *db = S(b)->d->u.dict;
	for (size_t i = 0; i < da->n; i++) {
		struct value *k = da->entries[i].key;
		if (!k)
			continue;
		int inb = has(ev, b, k);
		if (inb < 0)
			goto fail;
		int keep = sop == SOP_UNION || (sop == SOP_INTER ? inb : !inb);
		if (keep && set_add(ev, r, k) < 0)
			goto fail;
	}
	if (sop == SOP_UNION || sop == SOP_SYMDIFF)
		for (size_t i = 0; i < db->n; i++) {
			struct value *k = db->entries[i].key;
			int ina = k && sop != SOP_UNION ? has(ev, a, k) : 0;
			if (ina < 0)
				goto fail;
			if (k && !ina && set_add(ev, r, k) < 0)
				goto fail;
		}
	return r;
fail:
	val_decref(r);
	return NULL;
}

static struct value *set_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (!set_is_set(l) || !set_is_set(r))
		return NULL;
	int frozen = S(l)->frozen;
	if (op >= OP_COUNT) {
		/* s |= t and friends on a set: in place */
		int k = (int)op - OP_COUNT;
		if (frozen || (k != OP_OR && k != OP_AND && k != OP_SUB && k != OP_XOR))
			return NULL;
		struct value *n = set_op(ev, k == OP_OR ? SOP_UNION : k == OP_AND ? SOP_INTER :
					 k == OP_SUB ? SOP_DIFF : SOP_SYMDIFF, l, r, 0);
		if (!n)
			return NULL;
		struct value *d = S(n)->d;
		S(n)->d = S(l)->d;
		S(l)->d = d;
		val_decref(n);
		return val_incref(l);
	}
	switch (op) {
	case OP_OR: return set_op(ev, SOP_UNION, l, r, frozen);
	case OP_AND: return set_op(ev, SOP_INTER, l, r, frozen);
	case OP_SUB: return set_op(ev, SOP_DIFF, l, r, frozen);
	case OP_XOR: return set_op(ev, SOP_SYMDIFF, l, r, frozen);
	case OP_LE: case OP_GE: case OP_LT: case OP_GT: {
		struct value *a = op == OP_LE || op == OP_LT ? l : r, *b = a == l ? r : l;
		int sub = subset(ev, a, b);
		if (sub < 0)
			return NULL;
		if (op == OP_LT || op == OP_GT)
			sub = sub && S(a)->d->u.dict->nused < S(b)->d->u.dict->nused;
		return val_bool(sub);
	}
	case OP_EQ: case OP_NE: {
		int eq = S(l)->d->u.dict->nused == S(r)->d->u.dict->nused ? subset(ev, l, r) : 0;
		if (eq < 0)
			return NULL;
		return val_bool(op == OP_EQ ? eq : !eq);
	}
	default:
		return NULL;
	}
}

/* ---- methods ---- */

#define SELF (bi->self)

/* KeyError(key) (key stolen): NULL */
static struct value *key_error(struct eval *ev, struct value *key)
{
	struct value *e = val_exception_new(TY_KeyError, NULL);
	if (!e) {
		val_decref(key);
		return err_nomem(ev);
	}
	val_decref(e->u.exc.args);
	e->u.exc.args = val_tuple_new(1, &key);
	err_set_value(ev, e);
	return NULL;
}

static int mutable_check(struct eval *ev, const struct builtin *bi)
{
	(void)ev;
	(void)bi;
	return 0;
}

static struct value *m_add(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	struct value *x = NULL;
	if (args_parse(ev, "set.add", argc, argv, kw, "object", &x) < 0 || mutable_check(ev, bi) < 0)
		return NULL;
	return set_add(ev, SELF, x) < 0 ? NULL : val_none();
}

static struct value *m_discard(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *x = NULL;
	int remove = !strcmp(bi->name, "remove");
	if (args_parse(ev, remove ? "set.remove" : "set.discard", argc, argv, kw, "object", &x) < 0)
		return NULL;
	int r = dict_del(ev, S(SELF)->d, x);
	if (r < 0)
		return NULL;
	if (!r && remove) {
		return key_error(ev, val_incref(x));
	}
	return val_none();
}

static struct value *m_pop(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	if (args_parse(ev, "set.pop", argc, argv, kw, "") < 0)
		return NULL;
	struct dict *d = S(SELF)->d->u.dict;
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key) {
			struct value *k = val_incref(d->entries[i].key);
			if (dict_del(ev, S(SELF)->d, k) < 0) {
				val_decref(k);
				return NULL;
			}
			return k;
		}
	struct value *k = val_cstr("pop from an empty set");
	if (!k)
		return err_nomem(ev);
	return key_error(ev, k);
}

static struct value *m_clear(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	if (args_parse(ev, "set.clear", argc, argv, kw, "") < 0)
		return NULL;
	struct value *d = val_dict_new();
	if (!d)
		return err_nomem(ev);
	val_decref(S(SELF)->d);
	S(SELF)->d = d;
	return val_none();
}

static struct value *m_copy(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	if (args_parse(ev, "set.copy", argc, argv, kw, "") < 0)
		return NULL;
	return set_from(ev, SELF, S(SELF)->frozen);
}

/* union / intersection / difference / symmetric_difference (any iterables),
 * and their _update forms (in place) */
static struct value *m_setop(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	const char *n = bi->name;
	int sop = n[0] == 'u' ? SOP_UNION : n[0] == 'i' ? SOP_INTER : n[0] == 'd' ? SOP_DIFF : SOP_SYMDIFF;
	int inplace = strstr(n, "update") != NULL;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "set.%s() takes no keyword arguments", n);
	if (sop == SOP_SYMDIFF && argc != 1)
		return err_set(ev, TY_TypeError, "set.%s() takes exactly one argument (%d given)", n, argc);
	struct value *cur = val_incref(SELF);
	int frozen = S(SELF)->frozen;
	for (int i = 0; i < argc; i++) {
		struct value *o = set_is_set(argv[i]) ? val_incref(argv[i]) : set_from(ev, argv[i], 0);
		if (!o) {
			val_decref(cur);
			return NULL;
		}
		struct value *nx = set_op(ev, sop, cur, o, frozen);
		val_decref(o);
		val_decref(cur);
		if (!(cur = nx))
			return NULL;
	}
	if (!inplace) {
		if (cur == SELF) {
			val_decref(cur);
			return set_from(ev, SELF, frozen);
		}
		return cur;
	}
	if (cur != SELF) {
		struct value *d = S(cur)->d;
		S(cur)->d = S(SELF)->d;
		S(SELF)->d = d;
	}
	val_decref(cur);
	return val_none();
}

static struct value *m_update(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "set.update() takes no keyword arguments");
	for (int i = 0; i < argc; i++)
		if (set_update_from(ev, SELF, argv[i]) < 0)
			return NULL;
	return val_none();
}

static struct value *m_subset(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *x = NULL;
	const char *n = bi->name;
	char fname[48];
	snprintf(fname, sizeof fname, "%s.%s", S(SELF)->frozen ? "frozenset" : "set", n);
	if (args_parse(ev, fname, argc, argv, kw, "other", &x) < 0)
		return NULL;
	struct value *o = set_is_set(x) ? val_incref(x) : set_from(ev, x, 0);
	if (!o)
		return NULL;
	int r;
	if (!strcmp(n, "issubset")) {
		r = subset(ev, SELF, o);
	} else if (!strcmp(n, "issuperset")) {
		r = subset(ev, o, SELF);
	} else {
		struct value *i = set_op(ev, SOP_INTER, SELF, o, 0);
		r = i ? S(i)->d->u.dict->nused == 0 : -1;
		val_decref(i);
	}
	val_decref(o);
	return r < 0 ? NULL : val_bool(r);
}

static const struct { const char *name; builtin_fn fn; int mutates; } methods[] = {
	{"add", m_add, 1}, {"discard", m_discard, 1}, {"remove", m_discard, 1}, {"pop", m_pop, 1},
	{"clear", m_clear, 1}, {"copy", m_copy, 0}, {"union", m_setop, 0},
	{"intersection", m_setop, 0}, {"difference", m_setop, 0}, {"symmetric_difference", m_setop, 0},
	{"update", m_update, 1}, {"intersection_update", m_setop, 1}, {"difference_update", m_setop, 1},
	{"symmetric_difference_update", m_setop, 1}, {"issubset", m_subset, 0},
	{"issuperset", m_subset, 0}, {"isdisjoint", m_subset, 0},
};

static struct value *set_getattr(struct eval *ev, struct value *self, const char *name)
{
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(methods[i].name, name)) {
			if (methods[i].mutates && S(self)->frozen)
				break;
			struct value *b = val_builtin(methods[i].name, methods[i].fn, self, NULL);
			return b ? b : err_nomem(ev);
		}
	return err_set(ev, TY_AttributeError, "'%s' object has no attribute '%s'",
		       S(self)->frozen ? "frozenset" : "set", name);
}

static const char *const set_attrs[] = {
	"add", "clear", "copy", "difference", "difference_update", "discard", "intersection",
	"intersection_update", "isdisjoint", "issubset", "issuperset", "pop", "remove",
	"symmetric_difference", "symmetric_difference_update", "union", "update", NULL,
};

static const struct objtype set_type = {
	.name = "set", .free = set_free, .getattr = set_getattr, .repr = set_repr, .attrs = set_attrs,
	.binop = set_binop, .len = set_len, .hash = set_hash, .contains = set_contains, .iter = set_iter,
};
static const struct objtype frozenset_type = {
	.name = "frozenset", .free = set_free, .getattr = set_getattr, .repr = set_repr,
	.binop = set_binop, .len = set_len, .hash = set_hash, .contains = set_contains, .iter = set_iter,
};

/* ---- the classes set and frozenset ---- */

static struct value *settype_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	int frozen = self->u.obj.p != NULL;
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "%s() takes no keyword arguments", frozen ? "frozenset" : "set");
	if (argc > 1)
		return err_set(ev, TY_TypeError, "%s expected at most 1 argument, got %d", frozen ? "frozenset" : "set", argc);
	if (frozen && argc && argv[0]->type == VT_OBJECT && argv[0]->u.obj.t == &frozenset_type)
		return val_incref(argv[0]);
	return set_from(ev, argc ? argv[0] : NULL, frozen);
}

static char *settype_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	return strdup(self->u.obj.p ? "<class 'frozenset'>" : "<class 'set'>");
}

static struct value *settype_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
		return val_cstr(self->u.obj.p ? "frozenset" : "set");
	(void)ev;
	return NULL;
}

static const struct objtype settype_type = {
	.name = "type", .call = settype_call, .repr = settype_repr, .getattr = settype_getattr,
};

static struct value set_class = { 1, VT_OBJECT, { .obj = { &settype_type, NULL } } };
static struct value frozenset_class = { 1, VT_OBJECT, { .obj = { &settype_type, (void *)1 } } };

/* type(v) for a set, or NULL */
struct value *set_type_of(struct value *v)
{
	if (!set_is_set(v))
		return NULL;
	return val_incref(S(v)->frozen ? &frozenset_class : &set_class);
}

/* isinstance(v, t) where t is set or frozenset: 1/0, or -1 if t is neither */
int set_isinstance(struct value *v, struct value *t)
{
	if (t != &set_class && t != &frozenset_class)
		return -1;
	return set_is_set(v) && S(v)->frozen == (t == &frozenset_class);
}

int set_init(struct eval *ev)
{
	if (dict_setstr(ev->builtins, "set", val_incref(&set_class)) < 0 ||
	    dict_setstr(ev->builtins, "frozenset", val_incref(&frozenset_class)) < 0)
		return -1;
	return 0;
}
