/*
 * collections.c — the collections module: namedtuple (classes whose instances
 * are lang's named tuples), defaultdict, Counter and OrderedDict (dict kinds:
 * VT_DICT values whose struct dict names a struct dictkind, so every dict
 * operation keeps working), and deque (an object over a list, with maxlen).
 * The named-tuple classes live as long as the process (their instances
 * point at them); everything else is refcounted.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"

static void *raise_keyerror(struct eval *ev, struct value *key)
{
	struct value *exc = val_exception_new(TY_KeyError, NULL);
	if (!exc)
		return err_nomem(ev);
	val_decref(exc->u.exc.args);
	struct value *k = val_incref(key);
	exc->u.exc.args = val_tuple_new(1, &k);
	free(exc->u.exc.msg);
	exc->u.exc.msg = val_repr(ev, key);
	err_set_value(ev, exc);
	return NULL;
}

/* repr of d as a plain dict */
static char *plain_repr(struct eval *ev, struct value *d)
{
	const struct dictkind *k = d->u.dict->kind;
	d->u.dict->kind = NULL;
	char *r = val_repr(ev, d);
	d->u.dict->kind = k;
	return r;
}

/* a new dict of kind k built as dict(*args, **kw) */
static struct value *kind_new(struct eval *ev, const struct dictkind *k, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *d = builtins_type_call(ev, TY_DICT, argc, argv, kw);
	if (d)
		d->u.dict->kind = k;
	return d;
}

/* a copy of d with the same kind and state */
static struct value *kind_copy(struct eval *ev, struct value *d)
{
	struct value *c = val_dict_new();
	if (!c)
		return err_nomem(ev);
	for (size_t i = 0; i < d->u.dict->n; i++) {
		struct dict_entry *e = &d->u.dict->entries[i];
		if (e->key && dict_set(ev, c, e->key, e->val) < 0) {
			val_decref(c);
			return NULL;
		}
	}
	c->u.dict->kind = d->u.dict->kind;
	c->u.dict->kdata = val_incref(d->u.dict->kdata);
	return c;
}

PYFN(kind_copy_m)
{
	if (argc)
		return err_set(ev, TY_TypeError, "copy() takes no arguments (%d given)", argc);
	return kind_copy(ev, bi->self);
}

/* ---- defaultdict ---- */

static struct value *dd_missing(struct eval *ev, struct value *d, struct value *key)
{
	struct value *f = d->u.dict->kdata;
	if (!f || f->type == VT_NONE)
		return raise_keyerror(ev, key);
	struct value *v = val_call(ev, f, 0, NULL, NULL);
	if (v && dict_set(ev, d, key, v) < 0) {
		val_decref(v);
		return NULL;
	}
	return v;
}

static char *dd_repr(struct eval *ev, struct value *d)
{
	struct value *f = d->u.dict->kdata;
	char *fr = f ? val_repr(ev, f) : strdup("None"), *r = plain_repr(ev, d);
	struct sbuf b = {0};
	if (fr && r)
		sb_printf(&b, "defaultdict(%s, %s)", fr, r);
	free(fr);
	free(r);
	return b.s ? sb_take(&b) : NULL;
}

static struct value *dd_getattr(struct eval *ev, struct value *d, const char *name)
{
	if (!strcmp(name, "default_factory"))
		return d->u.dict->kdata ? val_incref(d->u.dict->kdata) : val_none();
	if (!strcmp(name, "copy"))
		return val_builtin("copy", kind_copy_m, d, NULL);
	return NULL;
}

static const struct dictkind defaultdict_kind = {
	.name = "collections.defaultdict", .missing = dd_missing, .repr = dd_repr, .getattr = dd_getattr,
};

PYFN(coll_defaultdict)
{
	struct value *f = argc ? argv[0] : NULL;
	if (f && f->type != VT_NONE && f->type != VT_FUNCTION && f->type != VT_BUILTIN && f->type != VT_TYPE &&
	    f->type != VT_DTYPE && !(f->type == VT_OBJECT && f->u.obj.t->call))
		return err_set(ev, TY_TypeError, "first argument must be callable or None");
	struct value *d = kind_new(ev, &defaultdict_kind, argc ? argc - 1 : 0, argv + (argc ? 1 : 0), kw);
	if (d && f && f->type != VT_NONE)
		d->u.dict->kdata = val_incref(f);
	return d;
}

/* ---- Counter ---- */

static const struct dictkind counter_kind;

static struct value *counter_missing(struct eval *ev, struct value *d, struct value *key)
{
	return val_int(0);
}

/* c[key] += n (n a value) */
static int counter_add(struct eval *ev, struct value *c, struct value *key, struct value *n, int sign)
{
	struct value *cur = dict_get_borrow(c, key);
	struct value *zero = NULL, *r;
	if (!cur && err_occurred(ev))
		return -1;
	if (!cur)
		cur = zero = val_int(0);
	r = val_binop(ev, sign > 0 ? OP_ADD : OP_SUB, cur, n);
	val_decref(zero);
	if (!r)
		return -1;
	int rc = dict_set(ev, c, key, r);
	val_decref(r);
	return rc;
}

static int counter_update(struct eval *ev, struct value *c, int argc, struct value **argv,
			  const struct kwargs *kw, int sign)
{
	if (argc > 1) {
		err_set(ev, TY_TypeError, "expected at most 1 argument, got %d", argc);
		return -1;
	}
	if (argc == 1 && argv[0]->type == VT_DICT) {
		struct dict *s = argv[0]->u.dict;
		for (size_t i = 0; i < s->n; i++)
			if (s->entries[i].key && counter_add(ev, c, s->entries[i].key, s->entries[i].val, sign) < 0)
				return -1;
	} else if (argc == 1 && argv[0]->type != VT_NONE) {
		struct value *items = val_iter_list(ev, argv[0]), *one = val_int(1);
		int rc = items ? 0 : -1;
		for (size_t i = 0; rc == 0 && i < items->u.seq.n; i++)
			rc = counter_add(ev, c, items->u.seq.items[i], one, sign);
		val_decref(items);
		val_decref(one);
		if (rc < 0)
			return -1;
	}
	for (int i = 0; kw && i < kw->n; i++) {
		struct value *k = val_cstr(kw->names[i]);
		int rc = k ? counter_add(ev, c, k, kw->vals[i], sign) : -1;
		val_decref(k);
		if (rc < 0)
			return -1;
	}
	return 0;
}

PYFN(coll_Counter)
{
	struct value *c = val_dict_new();
	if (!c)
		return err_nomem(ev);
	c->u.dict->kind = &counter_kind;
	if (counter_update(ev, c, argc, argv, kw, 1) < 0) {
		val_decref(c);
		return NULL;
	}
	return c;
}

static struct value *item1(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	return val_incref(argv[0]->u.seq.items[1]);
}

/* the (key, count) pairs, most common first (stable) */
static struct value *counter_sorted(struct eval *ev, struct value *c)
{
	struct value *l = val_list_new(0, NULL), *key = val_builtin("itemgetter", item1, NULL, NULL);
	struct dict *d = c->u.dict;
	for (size_t i = 0; l && key && i < d->n; i++) {
		if (!d->entries[i].key)
			continue;
		struct value *p[2] = { val_incref(d->entries[i].key), val_incref(d->entries[i].val) };
		if (list_append(l, val_tuple_new(2, p)) < 0) {
			val_decref(l);
			l = NULL;
		}
	}
	if (!l || !key) {
		val_decref(l);
		val_decref(key);
		return err_nomem(ev);
	}
	int rc = builtins_sort_list(ev, l, key, 1);
	val_decref(key);
	if (rc < 0) {
		val_decref(l);
		return NULL;
	}
	return l;
}

static char *counter_repr(struct eval *ev, struct value *c)
{
	if (!c->u.dict->nused)
		return strdup("Counter()");
	struct value *l = counter_sorted(ev, c);
	if (!l)
		return NULL;
	struct sbuf b = {0};
	sb_adds(&b, "Counter({");
	for (size_t i = 0; i < l->u.seq.n; i++) {
		struct value *p = l->u.seq.items[i];
		char *k = val_repr(ev, p->u.seq.items[0]), *v = k ? val_repr(ev, p->u.seq.items[1]) : NULL;
		if (!k || !v) {
			free(k);
			free(v);
			free(b.s);
			val_decref(l);
			return NULL;
		}
		sb_printf(&b, "%s%s: %s", i ? ", " : "", k, v);
		free(k);
		free(v);
	}
	sb_adds(&b, "})");
	val_decref(l);
	return sb_take(&b);
}

PYFN(counter_most_common)
{
	struct value *nv = NULL;
	if (args_parse(ev, "most_common", argc, argv, kw, "|n", &nv) < 0)
		return NULL;
	struct value *l = counter_sorted(ev, bi->self);
	if (!l || !nv || nv->type == VT_NONE)
		return l;
	int64_t n;
	if (val_as_int64(ev, nv, &n) < 0) {
		val_decref(l);
		return NULL;
	}
	if (n < 0)
		n = 0;
	while ((int64_t)l->u.seq.n > n)
		val_decref(l->u.seq.items[--l->u.seq.n]);
	return l;
}

PYFN(counter_update_m)
{
	return counter_update(ev, bi->self, argc, argv, kw, 1) < 0 ? NULL : val_none();
}

PYFN(counter_subtract_m)
{
	return counter_update(ev, bi->self, argc, argv, kw, -1) < 0 ? NULL : val_none();
}

PYFN(counter_total)
{
	struct dict *d = bi->self->u.dict;
	struct value *acc = val_int(0);
	for (size_t i = 0; acc && i < d->n; i++)
		if (d->entries[i].key) {
			struct value *r = val_binop(ev, OP_ADD, acc, d->entries[i].val);
			val_decref(acc);
			acc = r;
		}
	return acc;
}

PYFN(counter_elements)
{
	struct dict *d = bi->self->u.dict;
	struct value *l = val_list_new(0, NULL);
	for (size_t i = 0; l && i < d->n; i++) {
		if (!d->entries[i].key)
			continue;
		int64_t n;
		if (val_as_int64(ev, d->entries[i].val, &n) < 0) {
			val_decref(l);
			return NULL;
		}
		for (int64_t k = 0; k < n; k++)
			if (list_append(l, val_incref(d->entries[i].key)) < 0) {
				val_decref(l);
				return err_nomem(ev);
			}
	}
	return l ? val_iterobj_new("itertools.chain", l) : err_nomem(ev);
}

static struct value *counter_getattr(struct eval *ev, struct value *c, const char *name)
{
	static const struct pyfn m[] = {
		{"most_common", counter_most_common}, {"update", counter_update_m},
		{"subtract", counter_subtract_m}, {"total", counter_total}, {"elements", counter_elements},
		{"copy", kind_copy_m},
	};
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (!strcmp(name, m[i].name))
			return val_builtin(m[i].name, m[i].fn, c, NULL);
	return NULL;
}

static int is_counter(struct value *v)
{
	return v->type == VT_DICT && v->u.dict->kind == &counter_kind;
}

/* the count of key in c (a borrowed value, or the shared 0) */
static struct value *count_of(struct value *c, struct value *key, struct value *zero)
{
	struct value *v = dict_get_borrow(c, key);
	return v ? v : zero;
}

static int keep_positive(struct eval *ev, struct value *out, struct value *key, struct value *n)
{
	struct value *zero = val_int(0);
	int pos = val_compare(ev, 4 /* CMP_GT */, n, zero);
	val_decref(zero);
	if (pos < 0)
		return -1;
	return pos ? dict_set(ev, out, key, n) : 0;
}

static struct value *counter_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (!is_counter(l) || !is_counter(r) || (op != OP_ADD && op != OP_SUB && op != OP_OR && op != OP_AND))
		return NULL;
	struct value *out = val_dict_new(), *zero = val_int(0);
	if (!out || !zero) {
		val_decref(out);
		val_decref(zero);
		return err_nomem(ev);
	}
	out->u.dict->kind = &counter_kind;
	struct dict *a = l->u.dict, *b = r->u.dict;
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < a->n; i++) {
		struct dict_entry *e = &a->entries[i];
		if (!e->key)
			continue;
		struct value *o = count_of(r, e->key, zero), *n = NULL;
		if (op == OP_ADD || op == OP_SUB) {
			n = val_binop(ev, op, e->val, o);
		} else {
			int lt = val_compare(ev, 0 /* CMP_LT */, e->val, o);
			if (lt < 0) {
				rc = -1;
				break;
			}
			n = val_incref(op == OP_OR ? (lt ? o : e->val) : (lt ? e->val : o));
		}
		rc = n ? keep_positive(ev, out, e->key, n) : -1;
		val_decref(n);
	}
	for (size_t i = 0; rc == 0 && op != OP_AND && i < b->n; i++) {
		struct dict_entry *e = &b->entries[i];
		if (!e->key || dict_get_borrow(l, e->key))
			continue;
		struct value *n = op == OP_SUB ? val_binop(ev, OP_SUB, zero, e->val) : val_incref(e->val);
		rc = n ? keep_positive(ev, out, e->key, n) : -1;
		val_decref(n);
	}
	val_decref(zero);
	if (rc < 0) {
		val_decref(out);
		return NULL;
	}
	return out;
}

static const struct dictkind counter_kind = {
	.name = "Counter", .missing = counter_missing, .repr = counter_repr, .getattr = counter_getattr,
	.binop = counter_binop,
};

/* ---- OrderedDict ---- */

static char *od_repr(struct eval *ev, struct value *d)
{
	if (!d->u.dict->nused)
		return strdup("OrderedDict()");
	struct sbuf b = {0};
	sb_adds(&b, "OrderedDict([");
	int first = 1;
	for (size_t i = 0; i < d->u.dict->n; i++) {
		struct dict_entry *e = &d->u.dict->entries[i];
		if (!e->key)
			continue;
		char *k = val_repr(ev, e->key), *v = k ? val_repr(ev, e->val) : NULL;
		if (!k || !v) {
			free(k);
			free(v);
			free(b.s);
			return NULL;
		}
		sb_printf(&b, "%s(%s, %s)", first ? "" : ", ", k, v);
		first = 0;
		free(k);
		free(v);
	}
	sb_adds(&b, "])");
	return sb_take(&b);
}

PYFN(od_move_to_end)
{
	struct value *key = NULL, *lastv = NULL;
	int last;
	if (args_parse(ev, "move_to_end", argc, argv, kw, "key|last", &key, &lastv) < 0 ||
	    args_bool(ev, lastv, 1, &last) < 0)
		return NULL;
	struct value *d = bi->self, *v = dict_get_borrow(d, key);
	if (!v)
		return err_occurred(ev) ? NULL : raise_keyerror(ev, key);
	val_incref(v);
	val_incref(key);
	int rc = dict_del(ev, d, key) < 0 ? -1 : 0;
	if (rc == 0 && last) {
		rc = dict_set(ev, d, key, v);
	} else if (rc == 0) {
		/* to the front: rebuild with key first */
		struct value *n = val_dict_new();
		rc = n ? dict_set(ev, n, key, v) : -1;
		for (size_t i = 0; rc == 0 && i < d->u.dict->n; i++)
			if (d->u.dict->entries[i].key)
				rc = dict_set(ev, n, d->u.dict->entries[i].key, d->u.dict->entries[i].val);
		if (rc == 0) {
			struct dict tmp = *d->u.dict;
			*d->u.dict = *n->u.dict;
			*n->u.dict = tmp;
			d->u.dict->kind = n->u.dict->kind;
			d->u.dict->kdata = n->u.dict->kdata;
			n->u.dict->kind = NULL;
			n->u.dict->kdata = NULL;
		}
		val_decref(n);
	}
	val_decref(v);
	val_decref(key);
	return rc < 0 ? (err_occurred(ev) ? NULL : err_nomem(ev)) : val_none();
}

PYFN(od_popitem)
{
	struct value *lastv = NULL;
	int last;
	if (args_parse(ev, "popitem", argc, argv, kw, "|last", &lastv) < 0 || args_bool(ev, lastv, 1, &last) < 0)
		return NULL;
	struct dict *d = bi->self->u.dict;
	if (!d->nused)
		return err_set(ev, TY_KeyError, "dictionary is empty");
	struct dict_entry *e = NULL;
	if (last) {
		for (size_t i = d->n; i-- > 0;)
			if (d->entries[i].key) {
				e = &d->entries[i];
				break;
			}
	} else {
		for (size_t i = 0; i < d->n; i++)
			if (d->entries[i].key) {
				e = &d->entries[i];
				break;
			}
	}
	struct value *p[2] = { val_incref(e->key), val_incref(e->val) };
	if (dict_del(ev, bi->self, p[0]) < 0) {
		val_decref(p[0]);
		val_decref(p[1]);
		return NULL;
	}
	return val_tuple_new(2, p);
}

static struct value *od_getattr(struct eval *ev, struct value *d, const char *name)
{
	if (!strcmp(name, "move_to_end"))
		return val_builtin("move_to_end", od_move_to_end, d, NULL);
	if (!strcmp(name, "popitem"))
		return val_builtin("popitem", od_popitem, d, NULL);
	if (!strcmp(name, "copy"))
		return val_builtin("copy", kind_copy_m, d, NULL);
	return NULL;
}

static const struct dictkind odict_kind = {
	.name = "collections.OrderedDict", .repr = od_repr, .getattr = od_getattr,
};

PYFN(coll_OrderedDict)
{
	return kind_new(ev, &odict_kind, argc, argv, kw);
}

/* ---- deque ---- */

struct deque {
	struct value *list;
	int64_t maxlen; /* -1: unbounded */
};

static const struct objtype deque_type;

static void deque_free(void *p)
{
	struct deque *q = p;
	val_decref(q->list);
	free(q);
}

static struct deque *DQ(struct value *v) { return v->u.obj.p; }

/* trims from the left (right: from the right) down to maxlen */
static void deque_trim(struct deque *q, int from_right)
{
	struct seq *s = &q->list->u.seq;
	while (q->maxlen >= 0 && (int64_t)s->n > q->maxlen) {
		if (from_right) {
			val_decref(s->items[--s->n]);
		} else {
			val_decref(s->items[0]);
			memmove(s->items, s->items + 1, sizeof *s->items * (s->n - 1));
			s->n--;
		}
	}
}

static int deque_push(struct eval *ev, struct deque *q, struct value *x, int left)
{
	if (q->maxlen == 0)
		return 0;
	if (list_append(q->list, val_incref(x)) < 0) {
		err_nomem(ev);
		return -1;
	}
	struct seq *s = &q->list->u.seq;
	if (left) {
		memmove(s->items + 1, s->items, sizeof *s->items * (s->n - 1));
		s->items[0] = x;
	}
	deque_trim(q, left);
	return 0;
}

PYFN(dq_append)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "deque.%s() takes exactly one argument (%d given)", bi->name, argc);
	return deque_push(ev, DQ(bi->self), argv[0], bi->name[6] == 'l') < 0 ? NULL : val_none();
}

PYFN(dq_extend)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "deque.%s() takes exactly one argument (%d given)", bi->name, argc);
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	int left = bi->name[6] == 'l', rc = 0;
	for (size_t i = 0; rc == 0 && i < items->u.seq.n; i++)
		rc = deque_push(ev, DQ(bi->self), items->u.seq.items[i], left);
	val_decref(items);
	return rc < 0 ? NULL : val_none();
}

PYFN(dq_pop)
{
	if (argc)
		return err_set(ev, TY_TypeError, "deque.%s() takes no arguments (%d given)", bi->name, argc);
	struct seq *s = &DQ(bi->self)->list->u.seq;
	if (!s->n)
		return err_set(ev, TY_IndexError, "pop from an empty deque");
	if (bi->name[3] == 'l') {
		struct value *x = s->items[0];
		memmove(s->items, s->items + 1, sizeof *s->items * (s->n - 1));
		s->n--;
		return x;
	}
	return s->items[--s->n];
}

PYFN(dq_rotate)
{
	struct value *nv = NULL;
	int64_t n;
	if (args_parse(ev, "rotate", argc, argv, kw, "|n", &nv) < 0 || args_int(ev, nv, 1, &n) < 0)
		return NULL;
	struct seq *s = &DQ(bi->self)->list->u.seq;
	if (s->n < 2)
		return val_none();
	int64_t len = (int64_t)s->n, k = ((n % len) + len) % len;
	if (!k)
		return val_none();
	struct value **tmp = malloc(sizeof *tmp * s->n);
	if (!tmp)
		return err_nomem(ev);
	for (int64_t i = 0; i < len; i++)
		tmp[(i + k) % len] = s->items[i];
	memcpy(s->items, tmp, sizeof *tmp * s->n);
	free(tmp);
	return val_none();
}

PYFN(dq_clear)
{
	struct seq *s = &DQ(bi->self)->list->u.seq;
	while (s->n)
		val_decref(s->items[--s->n]);
	return val_none();
}

PYFN(dq_reverse)
{
	struct seq *s = &DQ(bi->self)->list->u.seq;
	for (size_t i = 0; i < s->n / 2; i++) {
		struct value *t = s->items[i];
		s->items[i] = s->items[s->n - 1 - i];
		s->items[s->n - 1 - i] = t;
	}
	return val_none();
}

PYFN(dq_count)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "deque.count() takes exactly one argument (%d given)", argc);
	struct seq *s = &DQ(bi->self)->list->u.seq;
	int64_t c = 0;
	for (size_t i = 0; i < s->n; i++) {
		int e = val_equal(ev, s->items[i], argv[0]);
		if (e < 0)
			return NULL;
		c += e;
	}
	return val_int(c);
}

PYFN(dq_remove)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "deque.remove() takes exactly one argument (%d given)", argc);
	struct seq *s = &DQ(bi->self)->list->u.seq;
	for (size_t i = 0; i < s->n; i++) {
		int e = val_equal(ev, s->items[i], argv[0]);
		if (e < 0)
			return NULL;
		if (e) {
			val_decref(s->items[i]);
			memmove(s->items + i, s->items + i + 1, sizeof *s->items * (s->n - i - 1));
			s->n--;
			return val_none();
		}
	}
	return err_set(ev, TY_ValueError, "deque.remove(x): x not in deque");
}

PYFN(dq_copy)
{
	struct deque *q = DQ(bi->self), *c = malloc(sizeof *c);
	if (!c)
		return err_nomem(ev);
	c->maxlen = q->maxlen;
	c->list = val_iter_list(ev, q->list);
	if (!c->list) {
		free(c);
		return NULL;
	}
	return val_object_new(&deque_type, c);
}

static struct value *deque_getattr(struct eval *ev, struct value *self, const char *name)
{
	static const struct pyfn m[] = {
		{"append", dq_append}, {"appendleft", dq_append}, {"extend", dq_extend},
		{"extendleft", dq_extend}, {"pop", dq_pop}, {"popleft", dq_pop}, {"rotate", dq_rotate},
		{"clear", dq_clear}, {"reverse", dq_reverse}, {"count", dq_count}, {"remove", dq_remove},
		{"copy", dq_copy},
	};
	if (!strcmp(name, "maxlen"))
		return DQ(self)->maxlen < 0 ? val_none() : val_int(DQ(self)->maxlen);
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (!strcmp(name, m[i].name))
			return val_builtin(m[i].name, m[i].fn, self, NULL);
	return NULL;
}

static char *deque_repr(struct eval *ev, struct value *self)
{
	char *l = val_repr(ev, DQ(self)->list);
	if (!l)
		return NULL;
	struct sbuf b = {0};
	if (DQ(self)->maxlen >= 0)
		sb_printf(&b, "deque(%s, maxlen=%lld)", l, (long long)DQ(self)->maxlen);
	else
		sb_printf(&b, "deque(%s)", l);
	free(l);
	return sb_take(&b);
}

static struct value *deque_iter(struct eval *ev, struct value *self)
{
	return val_iterobj_new("_collections._deque_iterator", val_iter_list(ev, DQ(self)->list));
}

static int64_t deque_len(struct eval *ev, struct value *self)
{
	return (int64_t)DQ(self)->list->u.seq.n;
}

static int deque_index(struct eval *ev, struct value *self, struct value *key, size_t *out)
{
	int64_t i, n = (int64_t)DQ(self)->list->u.seq.n;
	if (key->type != VT_INT && key->type != VT_BOOL) {
		err_set(ev, TY_TypeError, "sequence index must be integer, not '%s'", val_type_name(key));
		return -1;
	}
	i = key->u.i < 0 ? key->u.i + n : key->u.i;
	if (i < 0 || i >= n) {
		err_set(ev, TY_IndexError, "deque index out of range");
		return -1;
	}
	*out = (size_t)i;
	return 0;
}

static struct value *deque_getitem(struct eval *ev, struct value *self, struct value *key)
{
	size_t i;
	if (deque_index(ev, self, key, &i) < 0)
		return NULL;
	return val_incref(DQ(self)->list->u.seq.items[i]);
}

static int deque_setitem(struct eval *ev, struct value *self, struct value *key, struct value *v)
{
	size_t i;
	if (deque_index(ev, self, key, &i) < 0)
		return -1;
	struct seq *s = &DQ(self)->list->u.seq;
	val_decref(s->items[i]);
	if (v) {
		s->items[i] = val_incref(v);
	} else {
		memmove(s->items + i, s->items + i + 1, sizeof *s->items * (s->n - i - 1));
		s->n--;
	}
	return 0;
}

/* comparisons between deques: as their lists */
static struct value *deque_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op < OP_LT || l->type != VT_OBJECT || l->u.obj.t != &deque_type ||
	    r->type != VT_OBJECT || r->u.obj.t != &deque_type)
		return NULL;
	return val_binop(ev, op, DQ(l)->list, DQ(r)->list);
}

static int deque_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	err_set(ev, TY_TypeError, "unhashable type: 'collections.deque'");
	return -1;
}

static const char *const deque_attrs[] = {"append", "appendleft", "extend", "extendleft", "pop", "popleft",
	"rotate", "clear", "reverse", "count", "remove", "copy", "maxlen", NULL};
static const struct objtype deque_type = {
	.name = "collections.deque", .free = deque_free, .getattr = deque_getattr, .repr = deque_repr,
	.attrs = deque_attrs, .getitem = deque_getitem, .iter = deque_iter, .len = deque_len,
	.setitem = deque_setitem, .binop = deque_binop, .hash = deque_hash,
};

PYFN(coll_deque)
{
	struct value *it = NULL, *ml = NULL;
	if (args_parse(ev, "deque", argc, argv, kw, "|iterable,maxlen", &it, &ml) < 0)
		return NULL;
	int64_t maxlen = -1;
	if (ml && ml->type != VT_NONE) {
		if (val_as_int64(ev, ml, &maxlen) < 0)
			return NULL;
		if (maxlen < 0)
			return err_set(ev, TY_ValueError, "maxlen must be non-negative");
	}
	struct deque *q = malloc(sizeof *q);
	if (!q)
		return err_nomem(ev);
	q->maxlen = maxlen;
	q->list = it ? val_iter_list(ev, it) : val_list_new(0, NULL);
	if (!q->list) {
		free(q);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	deque_trim(q, 0);
	return val_object_new(&deque_type, q);
}

/* ---- namedtuple ---- */

struct ntclass {
	struct seqtype st;
	char *name;
	char **fields;
	size_t n;
	struct value *defaults; /* tuple for the last fields, or NULL */
	struct ntclass *next;
};
static struct ntclass *ntclasses; /* process-lifetime: instances point at them */

static struct value *nt_make(struct eval *ev, struct ntclass *c, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	size_t n = c->n;
	if ((size_t)argc > n)
		return err_set(ev, TY_TypeError, "%s.__new__() takes %zu positional arguments but %d were given",
			       c->name, n + 1, argc + 1);
	struct value **it = calloc(n + 1, sizeof *it);
	if (!it)
		return err_nomem(ev);
	for (int i = 0; i < argc; i++)
		it[i] = argv[i];
	for (int k = 0; kw && k < kw->n; k++) {
		size_t i = 0;
		while (i < n && strcmp(c->fields[i], kw->names[k]))
			i++;
		if (i == n) {
			free(it);
			return err_set(ev, TY_TypeError, "%s.__new__() got an unexpected keyword argument '%s'",
				       c->name, kw->names[k]);
		}
		if (it[i]) {
			free(it);
			return err_set(ev, TY_TypeError, "%s.__new__() got multiple values for argument '%s'",
				       c->name, kw->names[k]);
		}
		it[i] = kw->vals[k];
	}
	size_t nd = c->defaults ? c->defaults->u.seq.n : 0, missing = 0;
	for (size_t i = 0; i < n; i++)
		if (!it[i] && i >= n - nd)
			it[i] = c->defaults->u.seq.items[i - (n - nd)];
	for (size_t i = 0; i < n; i++)
		missing += !it[i];
	if (missing) {
		struct sbuf b = {0};
		size_t seen = 0;
		for (size_t i = 0; i < n; i++) {
			if (it[i])
				continue;
			seen++;
			sb_printf(&b, "%s'%s'", seen == 1 ? "" : seen == missing ? (missing > 2 ? ", and " : " and ") : ", ",
				  c->fields[i]);
		}
		free(it);
		char *m = sb_take(&b);
		err_set(ev, TY_TypeError, "%s.__new__() missing %zu required positional argument%s: %s", c->name,
			missing, missing > 1 ? "s" : "", m ? m : "");
		free(m);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		val_incref(it[i]);
	struct value *t = val_named_tuple_new(&c->st, n, it);
	free(it);
	return t ? t : err_nomem(ev);
}

static struct value *ntclass_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	return nt_make(ev, self->u.obj.p, argc, argv, kw);
}

PYFN(ntclass_make)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "_make() takes exactly one argument (%d given)", argc);
	struct ntclass *c = bi->self->u.obj.p;
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	struct value *r = NULL;
	if (items->u.seq.n != c->n)
		err_set(ev, TY_TypeError, "Expected %zu arguments, got %zu", c->n, items->u.seq.n);
	else
		r = nt_make(ev, c, (int)items->u.seq.n, items->u.seq.items, NULL);
	val_decref(items);
	return r;
}

static struct value *ntclass_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct ntclass *c = self->u.obj.p;
	if (!strcmp(name, "__name__") || !strcmp(name, "__qualname__"))
		return val_cstr(c->name);
	if (!strcmp(name, "_fields")) {
		struct value **f = malloc(sizeof *f * (c->n + 1));
		if (!f)
			return err_nomem(ev);
		for (size_t i = 0; i < c->n; i++)
			f[i] = val_cstr(c->fields[i]);
		struct value *t = val_tuple_new(c->n, f);
		free(f);
		return t;
	}
	if (!strcmp(name, "_field_defaults")) {
		struct value *d = val_dict_new();
		size_t nd = c->defaults ? c->defaults->u.seq.n : 0;
		for (size_t i = 0; d && i < nd; i++)
			dict_setstr(d, c->fields[c->n - nd + i], val_incref(c->defaults->u.seq.items[i]));
		return d;
	}
	if (!strcmp(name, "_make"))
		return val_builtin("_make", ntclass_make, self, NULL);
	return NULL;
}

static char *ntclass_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<class '__main__.%s'>", ((struct ntclass *)self->u.obj.p)->name);
	return sb_take(&b);
}

static const char *const ntclass_attrs[] = {"_fields", "_make", "_field_defaults", NULL};
static const struct objtype ntclass_type = {
	.name = "type", .call = ntclass_call, .getattr = ntclass_getattr, .repr = ntclass_repr,
	.attrs = ntclass_attrs,
};

static int valid_ident(const char *s)
{
	if (!*s || (!isalpha((unsigned char)*s) && *s != '_'))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && !((unsigned char)*s & 0x80))
			return 0;
	return 1;
}

PYFN(coll_namedtuple)
{
	struct value *tn = NULL, *fn = NULL, *rename = NULL, *defaults = NULL, *module = NULL;
	if (args_parse(ev, "namedtuple", argc, argv, kw, "typename,field_names$rename,defaults,module",
		       &tn, &fn, &rename, &defaults, &module) < 0)
		return NULL;
	if (tn->type != VT_STR)
		return err_set(ev, TY_TypeError, "Type names and field names must be strings");
	struct value *names;
	if (fn->type == VT_STR) {
		/* "x y" or "x, y" */
		names = val_list_new(0, NULL);
		char *s = strdup(fn->u.str->s);
		for (char *tok = s ? strtok(s, ", \t\n") : NULL; names && tok; tok = strtok(NULL, ", \t\n"))
			list_append(names, val_cstr(tok));
		free(s);
	} else {
		names = val_iter_list(ev, fn);
	}
	if (!names)
		return err_occurred(ev) ? NULL : err_nomem(ev);
	if (!valid_ident(tn->u.str->s)) {
		val_decref(names);
		return err_set(ev, TY_ValueError, "Type names and field names must be valid identifiers: %s",
			       tn->u.str->s);
	}
	for (size_t i = 0; i < names->u.seq.n; i++) {
		struct value *f = names->u.seq.items[i];
		if (f->type != VT_STR) {
			val_decref(names);
			return err_set(ev, TY_TypeError, "Type names and field names must be strings");
		}
		char *r = NULL;
		if (!valid_ident(f->u.str->s) || f->u.str->s[0] == '_') {
			r = str_repr(f->u.str->s, f->u.str->len);
			if (f->u.str->s[0] == '_' && valid_ident(f->u.str->s))
				err_set(ev, TY_ValueError, "Field names cannot start with an underscore: %s", r ? r : "");
			else
				err_set(ev, TY_ValueError, "Type names and field names must be valid identifiers: %s", r ? r : "");
			free(r);
			val_decref(names);
			return NULL;
		}
		for (size_t j = 0; j < i; j++)
			if (!strcmp(names->u.seq.items[j]->u.str->s, f->u.str->s)) {
				r = str_repr(f->u.str->s, f->u.str->len);
				err_set(ev, TY_ValueError, "Encountered duplicate field name: %s", r ? r : "");
				free(r);
				val_decref(names);
				return NULL;
			}
	}
	struct value *dt = NULL;
	if (defaults && defaults->type != VT_NONE) {
		dt = val_iter_list(ev, defaults);
		if (!dt) {
			val_decref(names);
			return NULL;
		}
		if (dt->u.seq.n > names->u.seq.n) {
			val_decref(dt);
			val_decref(names);
			return err_set(ev, TY_TypeError, "Got more default values than field names");
		}
	}
	struct ntclass *c = calloc(1, sizeof *c);
	if (c)
		c->fields = calloc(names->u.seq.n + 1, sizeof *c->fields);
	if (!c || !c->fields) {
		if (c)
			free(c);
		val_decref(dt);
		val_decref(names);
		return err_nomem(ev);
	}
	c->name = strdup(tn->u.str->s);
	c->n = names->u.seq.n;
	for (size_t i = 0; i < c->n; i++)
		c->fields[i] = strdup(names->u.seq.items[i]->u.str->s);
	val_decref(names);
	c->defaults = dt;
	c->st.name = c->name;
	c->st.fields = (const char *const *)c->fields;
	c->next = ntclasses;
	ntclasses = c;
	return val_object_new(&ntclass_type, c);
}

static const struct pyfn collections_fns[] = {
	{"namedtuple", coll_namedtuple}, {"defaultdict", coll_defaultdict}, {"Counter", coll_Counter},
	{"OrderedDict", coll_OrderedDict}, {"deque", coll_deque},
};

struct value *collections_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "collections", collections_fns,
				       sizeof collections_fns / sizeof collections_fns[0]);
	if (m && pylib_add(ev, m, "abc", ev_import(ev, "collections.abc")) < 0) {  /* abcs.c */
		val_decref(m);
		return NULL;
	}
	return m;
}
