/*
 * flexdtobj.c — a flexible dtype as a value: the `numpy.dtype` object of
 * 'U5', 'S3', 'V8', records and sub-arrays, with NumPy's repr and str and
 * the attributes the examples read (.names, .fields, .descr, .itemsize,
 * .kind, .char, .str, .name, .type, .shape, .base, .subdtype ...), d['x'],
 * len(d), == and hash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/flex/flex.h"
#include "array/dtype.h"
#include "lang/error.h"

static void dtobj_free(void *p)
{
	fdt_decref(p);
}

static char *dtobj_repr(struct eval *ev, struct value *self)
{
	struct fdt *d = self->u.obj.p;
	struct sbuf b = {0};
	sb_adds(&b, "dtype(");
	fdt_repr_arg(&b, d);
	sb_adds(&b, ")");
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

static char *dtobj_str(struct eval *ev, struct value *self)
{
	struct fdt *d = self->u.obj.p;
	struct sbuf b = {0};
	if (d->kind == FK_V && d->nfields) {
		/* str() of a record dtype is its list; repr_arg gives exactly that */
		fdt_repr_arg(&b, d);
	} else if (d->kind == FK_SUB) {
		fdt_repr_arg(&b, d);
	} else {
		fdt_str_code(&b, d);
	}
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

struct fdt *fdt_borrow(struct value *v);

static struct value *str_value(struct eval *ev, struct sbuf *b)
{
	char *s = sb_take(b);
	if (!s)
		return err_nomem(ev);
	return val_str_take(s, strlen(s));
}

static struct value *shape_tuple(int ndim, const int64_t *shape)
{
	struct value *items[ND_MAXDIM];
	for (int i = 0; i < ndim; i++)
		items[i] = val_int(shape[i]);
	return val_tuple_new(ndim, items);
}

/* d.descr: [('', '<U5')] or the fields' (name, format[, shape]) */
static struct value *descr(struct eval *ev, const struct fdt *d)
{
	struct value *l = val_list_new(0, NULL);
	if (!l)
		return NULL;
	if (!(d->kind == FK_V && d->nfields)) {
		struct sbuf b = {0};
		fdt_str_code(&b, d);
		struct value *it[2] = {val_cstr(""), str_value(ev, &b)};
		if (d->kind == FK_SUB) {
			char code[32];
			snprintf(code, sizeof code, "|V%lld", (long long)d->itemsize);
			val_decref(it[1]);
			it[1] = val_cstr(code);
		}
		list_append(l, val_tuple_new(2, it));
		return l;
	}
	int64_t pos = 0;
	for (int i = 0; i < d->nfields; i++) {
		const struct fdt *f = d->fields[i].dt;
		struct value *it[3];
		int n = 2;
		if (d->fields[i].offset > pos) { /* padding: ('', '|V4') */
			char code[32];
			snprintf(code, sizeof code, "|V%lld", (long long)(d->fields[i].offset - pos));
			struct value *pad[2] = {val_cstr(""), val_cstr(code)};
			list_append(l, val_tuple_new(2, pad));
		}
		pos = d->fields[i].offset + f->itemsize;
		it[0] = val_cstr(d->fields[i].name);
		if (f->kind == FK_V && f->nfields) {
			it[1] = descr(ev, f);
		} else {
			struct sbuf b = {0};
			fdt_str_code(&b, f->kind == FK_SUB ? f->base : f);
			it[1] = str_value(ev, &b);
		}
		if (f->kind == FK_SUB)
			it[n++] = shape_tuple(f->sub_ndim, f->sub_shape);
		list_append(l, val_tuple_new(n, it));
	}
	if (d->itemsize > pos) {
		char code[32];
		snprintf(code, sizeof code, "|V%lld", (long long)(d->itemsize - pos));
		struct value *pad[2] = {val_cstr(""), val_cstr(code)};
		list_append(l, val_tuple_new(2, pad));
	}
	return l;
}

static struct value *dtobj_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct fdt *d = self->u.obj.p;
	int rec = d->kind == FK_V && d->nfields;
	char kind = d->kind == FK_SUB ? 'V' : d->kind;
	if (!strcmp(name, "itemsize"))
		return val_int(d->itemsize);
	if (!strcmp(name, "kind") || !strcmp(name, "char"))
		return val_str(&kind, 1);
	if (!strcmp(name, "str")) {
		struct sbuf b = {0};
		if (d->kind == FK_SUB)
			sb_printf(&b, "|V%lld", (long long)d->itemsize);
		else
			fdt_str_code(&b, d);
		return str_value(ev, &b);
	}
	if (!strcmp(name, "byteorder"))
		return val_cstr(d->kind == FK_U ? "=" : "|");
	if (!strcmp(name, "name")) {
		char buf[48];
		const char *base = d->kind == FK_U ? "str" : d->kind == FK_S ? "bytes" : "void";
		if (d->itemsize)
			snprintf(buf, sizeof buf, "%s%lld", base, (long long)d->itemsize * 8);
		else
			snprintf(buf, sizeof buf, "%s", base);
		return val_cstr(buf);
	}
	if (!strcmp(name, "names")) {
		struct value *items[d->nfields ? d->nfields : 1];
		if (!rec)
			return val_none();
		for (int i = 0; i < d->nfields; i++)
			items[i] = val_cstr(d->fields[i].name);
		return val_tuple_new(d->nfields, items);
	}
	if (!strcmp(name, "fields")) {
		struct value *dict;
		if (!rec)
			return val_none();
		dict = val_dict_new();
		for (int i = 0; dict && i < d->nfields; i++) {
			struct value *t[2] = {fdt_value(ev, fdt_incref(d->fields[i].dt)), val_int(d->fields[i].offset)};
			if (!t[0]) {
				val_decref(t[1]);
				val_decref(dict);
				return NULL;
			}
			dict_setstr(dict, d->fields[i].name, val_tuple_new(2, t));
		}
		return dict;
	}
	if (!strcmp(name, "descr"))
		return descr(ev, d);
	if (!strcmp(name, "shape"))
		return d->kind == FK_SUB ? shape_tuple(d->sub_ndim, d->sub_shape) : val_tuple_new(0, NULL);
	if (!strcmp(name, "ndim"))
		return val_int(d->kind == FK_SUB ? d->sub_ndim : 0);
	if (!strcmp(name, "base"))
		return d->kind == FK_SUB ? fdt_value(ev, fdt_incref(d->base)) : val_incref(self);
	if (!strcmp(name, "subdtype")) {
		if (d->kind != FK_SUB)
			return val_none();
		struct value *t[2] = {fdt_value(ev, fdt_incref(d->base)), shape_tuple(d->sub_ndim, d->sub_shape)};
		return t[0] ? val_tuple_new(2, t) : NULL;
	}
	if (!strcmp(name, "type"))
		return val_dtype(d->kind == FK_U ? AB_STR : d->kind == FK_S ? AB_BYTES : AB_VOID, DT_TYPE_ABSTRACT);
	if (!strcmp(name, "isbuiltin"))
		return val_int(rec || d->kind == FK_SUB ? 0 : d->sized ? 2 : 1);
	if (!strcmp(name, "isnative"))
		return val_bool(1);
	if (!strcmp(name, "hasobject"))
		return val_bool(0);
	if (!strcmp(name, "alignment"))
		return val_int(d->kind == FK_U ? 4 : 1);
	if (!strcmp(name, "metadata"))
		return val_none();
	return NULL;
}

static int field_index(struct eval *ev, const struct fdt *d, struct value *key)
{
	if (key->type == VT_STR) {
		for (int i = 0; i < d->nfields; i++)
			if (!strcmp(d->fields[i].name, key->u.str->s))
				return i;
		err_set(ev, TY_KeyError, "\"Field named '%s' not found.\"", key->u.str->s);
		return -1;
	}
	if (key->type == VT_INT) {
		int64_t i = key->u.i < 0 ? key->u.i + d->nfields : key->u.i;
		if (i < 0 || i >= d->nfields) {
			err_set(ev, TY_IndexError, "Field index %lld out of range.", (long long)key->u.i);
			return -1;
		}
		return (int)i;
	}
	err_set(ev, TY_TypeError, "Field key must be an integer field index, string, or "
		"list of strings.");
	return -1;
}

static struct value *dtobj_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct fdt *d = self->u.obj.p;
	int i;
	if (!(d->kind == FK_V && d->nfields))
		return err_set(ev, TY_KeyError, "There are no fields in dtype %s.",
			       d->kind == FK_U ? "str" : d->kind == FK_S ? "bytes" : "void");
	i = field_index(ev, d, key);
	return i < 0 ? NULL : fdt_value(ev, fdt_incref(d->fields[i].dt));
}

static int64_t dtobj_len(struct eval *ev, struct value *self)
{
	(void)ev;
	return ((struct fdt *)self->u.obj.p)->nfields;
}

static struct value *dtobj_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct fdt *a = fdt_borrow(l), *b = fdt_borrow(r), *tmp = NULL;
	int eq;
	if (op != OP_EQ && op != OP_NE)
		return NULL;
	if (!a || !b) {
		struct value *other = a ? r : l;
		int k = fdt_parse(ev, other, &tmp);
		if (k < 0) {
			err_clear(ev);
			return val_bool(op == OP_NE);
		}
		if (!a)
			a = tmp;
		else
			b = tmp;
	}
	eq = a && b && fdt_equal(a, b);
	fdt_decref(tmp);
	return val_bool(op == OP_EQ ? eq : !eq);
}

static int dtobj_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	struct fdt *d = self->u.obj.p;
	(void)ev;
	*out = (uint64_t)d->itemsize * 1000003u ^ (uint64_t)d->kind ^ ((uint64_t)d->nfields << 20);
	return 0;
}

static const char *const dtobj_attrs[] = {
	"alignment", "base", "byteorder", "char", "descr", "fields", "hasobject", "isbuiltin",
	"isnative", "itemsize", "kind", "metadata", "name", "names", "ndim", "shape", "str",
	"subdtype", "type", NULL
};

const struct objtype flex_dtype_type = {
	.name = "numpy.dtype",
	.free = dtobj_free,
	.getattr = dtobj_getattr,
	.repr = dtobj_repr,
	.str = dtobj_str,
	.attrs = dtobj_attrs,
	.getitem = dtobj_getitem,
	.len = dtobj_len,
	.binop = dtobj_binop,
	.hash = dtobj_hash,
};

struct fdt *fdt_borrow(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &flex_dtype_type ? v->u.obj.p : NULL;
}

struct value *fdt_value(struct eval *ev, struct fdt *d)
{
	if (!d)
		return NULL;
	if (d->kind == FK_NUM) {
		int dt = d->num;
		fdt_decref(d);
		return val_dtype(dt, 0);
	}
	struct value *v = val_object_new(&flex_dtype_type, d);
	if (!v)
		err_nomem(ev);
	return v;
}
