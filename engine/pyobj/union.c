/*
 * union.c — PEP 604 unions: `int | None`, `str | bytes | None` in annotations
 * and as isinstance/issubclass's second argument (types.UnionType).  A union
 * holds its member classes in order, without repeats (None as NoneType), and
 * prints as CPython does ("int | None").  Owns the members' tuple; never
 * checks an annotation (CPython does not either).
 */
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/strbuf.h"
#include "pyobj/pyobj.h"

static const struct objtype union_type;

int union_is_union(const struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &union_type;
}

/* the members' tuple of a union (borrowed) */
struct value *union_args(const struct value *u)
{
	return u->u.obj.p;
}

static void union_free(void *p)
{
	val_decref(p);
}

int union_is_dtype_class(const struct value *v)
{
	return v->type == VT_BUILTIN && !v->u.bi.self && v->u.bi.qualname &&
	       (!strcmp(v->u.bi.qualname, "numpy.dtype") || !strcmp(v->u.bi.qualname, "cupy.dtype"));
}

/* a class a union may hold: a builtin type, None (NoneType), a user class,
 * a NumPy scalar type (np.float32), np.dtype */
static int is_member(const struct value *v)
{
	return v->type == VT_TYPE || v->type == VT_NONE || cls_is_class(v) ||
	       (v->type == VT_DTYPE && v->u.dt.is_type) || union_is_dtype_class(v) ||
	       (v->type == VT_OBJECT && v->u.obj.t->instancecheck);   /* numbers.Real */
}

static int same(struct eval *ev, struct value *a, struct value *b)
{
	if (a == b)
		return 1;
	if (a->type != b->type)
		return 0;
	if (a->type == VT_TYPE)
		return a->u.ty == b->u.ty;
	if (a->type == VT_DTYPE)
		return a->u.dt.dtype == b->u.dt.dtype;
	(void)ev;
	return 0;
}

/* appends v (a member, or a union's members) to items[*n] unless there */
static int add(struct eval *ev, struct value **items, size_t *n, struct value *v)
{
	if (union_is_union(v)) {
		struct value *t = union_args(v);
		for (size_t i = 0; i < t->u.seq.n; i++)
			if (add(ev, items, n, t->u.seq.items[i]) < 0)
				return -1;
		return 0;
	}
	struct value *m = v->type == VT_NONE ? val_type(TY_NONETYPE) : val_incref(v);
	if (!m)
		return -1;
	for (size_t i = 0; i < *n; i++)
		if (same(ev, items[i], m)) {
			val_decref(m);
			return 0;
		}
	items[(*n)++] = m;
	return 0;
}

static size_t count(const struct value *v)
{
	return union_is_union(v) ? union_args(v)->u.seq.n : 1;
}

struct value *union_or(struct eval *ev, struct value *l, struct value *r)
{
	if (!(is_member(l) || union_is_union(l)) || !(is_member(r) || union_is_union(r)))
		return NULL;
	size_t cap = count(l) + count(r), n = 0;
	struct value **items = malloc(sizeof *items * cap);
	if (!items)
		return err_nomem(ev);
	if (add(ev, items, &n, l) < 0 || add(ev, items, &n, r) < 0) {
		while (n)
			val_decref(items[--n]);
		free(items);
		return NULL;
	}
	if (n == 1) {
		/* int | int is int */
		struct value *one = items[0];
		free(items);
		return one;
	}
	struct value *t = val_tuple_new(n, items);
	free(items);
	if (!t)
		return NULL;
	struct value *u = val_object_new(&union_type, t);
	if (!u) {
		val_decref(t);
		return err_nomem(ev);
	}
	return u;
}

/* isinstance(v, u) / issubclass(v, u): any member; each(v, member) as the
 * builtin's own test (0/1, -1 with the error set) */
int union_any(struct eval *ev, struct value *v, struct value *u,
	      int (*each)(struct eval *ev, struct value *v, struct value *t))
{
	struct value *t = union_args(u);
	for (size_t i = 0; i < t->u.seq.n; i++) {
		int r = each(ev, v, t->u.seq.items[i]);
		if (r)
			return r;
	}
	return 0;
}

static char *union_repr(struct eval *ev, struct value *self)
{
	struct value *t = union_args(self);
	struct sbuf b = {0};
	for (size_t i = 0; i < t->u.seq.n; i++) {
		struct value *m = t->u.seq.items[i];
		if (i)
			sb_adds(&b, " | ");
		if (m->type == VT_TYPE && m->u.ty == TY_NONETYPE) {
			sb_adds(&b, "None");
		} else if (m->type == VT_TYPE) {
			sb_adds(&b, typeid_qualname(m->u.ty));
		} else if (cls_is_class(m)) {
			sb_printf(&b, "__main__.%s", cls_name(m));
		} else if (union_is_dtype_class(m)) {
			sb_adds(&b, "numpy.dtype");
		} else {
			char *r = val_repr(ev, m);
			if (!r) {
				free(b.s);
				return NULL;
			}
			/* <class 'numpy.float32'> prints as numpy.float32 */
			size_t len = strlen(r);
			if (!strncmp(r, "<class '", 8) && len > 10)
				sb_add(&b, r + 8, len - 10);
			else
				sb_adds(&b, r);
			free(r);
		}
	}
	return sb_take(&b);
}

static struct value *union_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op == OP_OR)
		return union_or(ev, l, r);
	if (op == OP_EQ || op == OP_NE) {
		if (!union_is_union(l) || !union_is_union(r))
			return val_bool(op == OP_NE);
		struct value *a = union_args(l), *b = union_args(r);
		int eq = a->u.seq.n == b->u.seq.n;
		for (size_t i = 0; eq && i < a->u.seq.n; i++) {
			int found = 0;
			for (size_t j = 0; !found && j < b->u.seq.n; j++)
				found = same(ev, a->u.seq.items[i], b->u.seq.items[j]);
			eq = found;
		}
		return val_bool(eq == (op == OP_EQ));
	}
	return NULL;
}

static struct value *union_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	if (!strcmp(name, "__args__"))
		return val_incref(union_args(self));
	return NULL;
}

static int union_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	/* the members' hashes, in any order */
	struct value *t = union_args(self);
	uint64_t h = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < t->u.seq.n; i++) {
		uint64_t x;
		if (val_hash(ev, t->u.seq.items[i], &x) < 0)
			return -1;
		h ^= x * 0x100000001b3u;
	}
	*out = h;
	return 0;
}

static const char *const union_attrs[] = {"__args__", NULL};

static const struct objtype union_type = {
	.name = "UnionType",
	.free = union_free,
	.getattr = union_getattr,
	.repr = union_repr,
	.attrs = union_attrs,
	.binop = union_binop,
	.hash = union_hash,
};
