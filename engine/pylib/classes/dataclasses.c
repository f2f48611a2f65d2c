/*
 * dataclasses.c — the dataclasses module: @dataclass (init, repr, eq,
 * order, frozen) reads a class's __annotations__ in order and adds C
 * methods (bound like defs through cls_method_wrap), field(), fields(),
 * asdict(), astuple(), replace(), is_dataclass(), MISSING and
 * FrozenInstanceError.  Owns the Field objects; never touches a class
 * that is not being decorated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "lang/ast.h"
#include "pyobj/pyobj.h"

/* ---- MISSING and Field ---- */

static char *missing_repr(struct eval *ev, struct value *self)
{
	char buf[64];
	(void)ev;
	snprintf(buf, sizeof buf, "<dataclasses._MISSING_TYPE object at %p>", (void *)self);
	return strdup(buf);
}
static const struct objtype missing_type = { .name = "_MISSING_TYPE", .repr = missing_repr };
static struct value missing_value = { 1, VT_OBJECT, { .obj = { &missing_type, NULL } } };

struct dcfield {
	char *name;
	struct value *def, *factory, *type; /* NULL: MISSING */
	int init, repr, compare;
};

static void field_free(void *p)
{
	struct dcfield *f = p;
	free(f->name);
	val_decref(f->def);
	val_decref(f->factory);
	val_decref(f->type);
	free(f);
}

static struct value *or_missing(struct value *v) { return val_incref(v ? v : &missing_value); }

static struct value *field_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct dcfield *f = self->u.obj.p;
	(void)ev;
	if (!strcmp(name, "name"))
		return f->name ? val_cstr(f->name) : val_none();
	if (!strcmp(name, "default"))
		return or_missing(f->def);
	if (!strcmp(name, "default_factory"))
		return or_missing(f->factory);
	if (!strcmp(name, "type"))
		return f->type ? val_incref(f->type) : val_none();
	if (!strcmp(name, "init"))
		return val_bool(f->init);
	if (!strcmp(name, "repr"))
		return val_bool(f->repr);
	if (!strcmp(name, "compare"))
		return val_bool(f->compare);
	return NULL;
}

static const char *const field_attrs[] = {"name", "type", "default", "default_factory", "init", "repr",
					  "compare", NULL};
static const struct objtype field_type = {
	.name = "Field", .free = field_free, .getattr = field_getattr, .attrs = field_attrs,
};

static int is_field(struct value *v) { return v->type == VT_OBJECT && v->u.obj.t == &field_type; }
static struct dcfield *FLD(struct value *v) { return v->u.obj.p; }

static struct value *field_new(struct eval *ev, const char *name, struct value *def, struct value *factory,
			       struct value *type, int init, int repr, int compare)
{
	struct dcfield *f = calloc(1, sizeof *f);
	if (!f || (name && !(f->name = strdup(name)))) {
		free(f);
		return err_nomem(ev);
	}
	f->def = def ? val_incref(def) : NULL;
	f->factory = factory ? val_incref(factory) : NULL;
	f->type = type ? val_incref(type) : NULL;
	f->init = init;
	f->repr = repr;
	f->compare = compare;
	struct value *v = val_object_new(&field_type, f);
	if (!v)
		field_free(f);
	return v ? v : err_nomem(ev);
}

static struct value *unmissing(struct value *v) { return v && v != &missing_value ? v : NULL; }

/* field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True, metadata=None) */
PYFN(fn_field)
{
	struct value *def = NULL, *fac = NULL, *init = NULL, *repr = NULL, *hash = NULL, *cmp = NULL, *meta = NULL;
	struct value *kwo = NULL;
	(void)bi;
	if (argc)
		return err_set(ev, TY_TypeError, "field() takes 0 positional arguments but %d were given", argc);
	if (args_parse(ev, "field", argc, argv, kw, "|$default,default_factory,init,repr,hash,compare,metadata,kw_only",
		       &def, &fac, &init, &repr, &hash, &cmp, &meta, &kwo) < 0)
		return NULL;
	int ko;
	if (args_bool(ev, unmissing(kwo), 0, &ko) < 0)
		return NULL;
	if (ko)
		return err_set(ev, TY_NotImplementedError, "field(kw_only=True) is not supported by Lumen");
	if (hash && hash->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "field(hash=...) is not supported by Lumen");
	def = unmissing(def);
	fac = unmissing(fac);
	if (def && fac)
		return err_set(ev, TY_ValueError, "cannot specify both default and default_factory");
	int i, r, c;
	if (args_bool(ev, init, 1, &i) < 0 || args_bool(ev, repr, 1, &r) < 0 || args_bool(ev, cmp, 1, &c) < 0)
		return NULL;
	return field_new(ev, NULL, def, fac, NULL, i, r, c);
}

/* ---- the decorated class's methods ---- */

enum { DC_INIT = 1, DC_REPR = 2, DC_EQ = 4, DC_ORDER = 8, DC_FROZEN = 16, DC_MATCH = 32 };

/* what the methods share: the fields in order, the options */
struct dcinfo {
	struct value **fields;   /* Field objects */
	int n, flags;
};

static void info_free(void *p)
{
	struct dcinfo *d = p;
	for (int i = 0; i < d->n; i++)
		val_decref(d->fields[i]);
	free(d->fields);
	free(d);
}
static const struct objtype info_type = { .name = "_DataclassParams", .free = info_free };

static struct dcinfo *INFO(const struct builtin *bi) { return bi->self->u.obj.p; }

static struct value *frozen_error_cls;   /* borrowed from the module (cached for the process) */

static const char *clsname(struct value *self)
{
	struct value *c = cls_class_of(self);
	return c ? cls_name(c) : "object";
}

PYFN(dc_init)
{
	struct dcinfo *d = INFO(bi);
	if (argc < 1)
		return err_set(ev, TY_TypeError, "__init__() missing 1 required positional argument: 'self'");
	struct value *self = argv[0];
	const char *cn = clsname(self);
	int ninit = 0, nreq = 0;
	struct value **vals = calloc((size_t)d->n + 1, sizeof *vals);
	if (!vals)
		return err_nomem(ev);
	for (int i = 0; i < d->n; i++)
		if (FLD(d->fields[i])->init) {
			ninit++;
			nreq += !FLD(d->fields[i])->def && !FLD(d->fields[i])->factory;
		}
	struct value *ret = NULL;
	if (argc - 1 > ninit) {
		if (nreq == ninit)
			err_set(ev, TY_TypeError, "%s.__init__() takes %d positional argument%s but %d were given", cn,
				ninit + 1, ninit ? "s" : "", argc);
		else
			err_set(ev, TY_TypeError, "%s.__init__() takes from %d to %d positional arguments but %d were given",
				cn, nreq + 1, ninit + 1, argc);
		goto out;
	}
	for (int i = 0, p = 1; i < d->n; i++)
		if (FLD(d->fields[i])->init && p < argc)
			vals[i] = argv[p++];
	for (int k = 0; kw && k < kw->n; k++) {
		int i;
		for (i = 0; i < d->n; i++)
			if (FLD(d->fields[i])->init && !strcmp(FLD(d->fields[i])->name, kw->names[k]))
				break;
		if (i == d->n) {
			err_set(ev, TY_TypeError, "%s.__init__() got an unexpected keyword argument '%s'", cn, kw->names[k]);
			goto out;
		}
		if (vals[i]) {
			err_set(ev, TY_TypeError, "%s.__init__() got multiple values for argument '%s'", cn, kw->names[k]);
			goto out;
		}
		vals[i] = kw->vals[k];
	}
	struct sbuf miss = {0};
	int nmiss = 0, seen = 0;
	for (int i = 0; i < d->n; i++) {
		struct dcfield *f = FLD(d->fields[i]);
		nmiss += f->init && !vals[i] && !f->def && !f->factory;
	}
	for (int i = 0; i < d->n && nmiss; i++) {
		struct dcfield *f = FLD(d->fields[i]);
		if (!f->init || vals[i] || f->def || f->factory)
			continue;
		seen++;
		sb_printf(&miss, "%s'%s'", seen == 1 ? "" : seen == nmiss ? (nmiss > 2 ? ", and " : " and ") : ", ",
			  f->name);
	}
	if (nmiss) {
		char *m = sb_take(&miss);
		err_set(ev, TY_TypeError, "%s.__init__() missing %d required positional argument%s: %s", cn, nmiss,
			nmiss > 1 ? "s" : "", m ? m : "");
		free(m);
		goto out;
	}
	for (int i = 0; i < d->n; i++) {
		struct dcfield *f = FLD(d->fields[i]);
		struct value *v = vals[i] ? val_incref(vals[i]) : f->def ? val_incref(f->def) :
				  f->factory ? val_call(ev, f->factory, 0, NULL, NULL) : NULL;
		if (!v) {
			if (err_occurred(ev))
				goto out;
			continue;
		}
		int r = (d->flags & DC_FROZEN) ? cls_inst_set_raw(ev, self, f->name, v) : val_setattr(ev, self, f->name, v);
		val_decref(v);
		if (r < 0)
			goto out;
	}
	struct value *c = cls_class_of(self), *post = c ? val_getattr(ev, c, "__post_init__") : NULL;
	if (post) {
		struct value *r = val_call(ev, post, 1, &self, NULL);
		val_decref(post);
		if (!r)
			goto out;
		val_decref(r);
	} else {
		err_clear(ev);
	}
	ret = val_none();
out:
	free(vals);
	return ret;
}

PYFN(dc_repr)
{
	struct dcinfo *d = INFO(bi);
	(void)kw;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "__repr__() takes 1 positional argument");
	struct sbuf b = {0};
	int first = 1;
	sb_printf(&b, "%s(", clsname(argv[0]));
	for (int i = 0; i < d->n; i++) {
		struct dcfield *f = FLD(d->fields[i]);
		if (!f->repr)
			continue;
		struct value *v = val_getattr(ev, argv[0], f->name);
		char *r = v ? val_repr(ev, v) : NULL;
		val_decref(v);
		if (!r) {
			free(sb_take(&b));
			return NULL;
		}
		sb_printf(&b, "%s%s=%s", first ? "" : ", ", f->name, r);
		free(r);
		first = 0;
	}
	sb_adds(&b, ")");
	char *s = sb_take(&b);
	struct value *v = s ? val_cstr(s) : NULL;
	free(s);
	return v ? v : err_nomem(ev);
}

/* the compare fields of o as a tuple */
static struct value *cmp_tuple(struct eval *ev, struct dcinfo *d, struct value *o, int all)
{
	struct value **items = calloc((size_t)d->n + 1, sizeof *items);
	int n = 0;
	if (!items)
		return err_nomem(ev);
	for (int i = 0; i < d->n; i++) {
		if (!all && !FLD(d->fields[i])->compare)
			continue;
		if (!(items[n] = val_getattr(ev, o, FLD(d->fields[i])->name))) {
			while (n--)
				val_decref(items[n]);
			free(items);
			return NULL;
		}
		n++;
	}
	struct value *t = val_tuple_new((size_t)n, items);
	free(items);
	return t ? t : err_nomem(ev);
}

static struct value *dc_compare(struct eval *ev, const struct builtin *bi, int argc, struct value **argv, int op)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "expected 1 argument, got %d", argc - 1);
	struct value *c0 = cls_class_of(argv[0]), *c1 = cls_class_of(argv[1]);
	if (!c0 || c0 != c1)
		return cls_notimpl();
	struct value *a = cmp_tuple(ev, INFO(bi), argv[0], 0), *b = a ? cmp_tuple(ev, INFO(bi), argv[1], 0) : NULL;
	struct value *r = b ? val_compare_value(ev, op, a, b) : NULL;
	val_decref(a);
	val_decref(b);
	return r;
}

PYFN(dc_eq) { (void)kw; return dc_compare(ev, bi, argc, argv, CMP_EQ); }
PYFN(dc_lt) { (void)kw; return dc_compare(ev, bi, argc, argv, CMP_LT); }
PYFN(dc_le) { (void)kw; return dc_compare(ev, bi, argc, argv, CMP_LE); }
PYFN(dc_gt) { (void)kw; return dc_compare(ev, bi, argc, argv, CMP_GT); }
PYFN(dc_ge) { (void)kw; return dc_compare(ev, bi, argc, argv, CMP_GE); }

PYFN(dc_hash)
{
	(void)kw;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "__hash__() takes 1 positional argument");
	struct value *t = cmp_tuple(ev, INFO(bi), argv[0], 0);
	uint64_t h;
	int r = t ? val_hash(ev, t, &h) : -1;
	val_decref(t);
	return r < 0 ? NULL : val_int((int64_t)(h >> 1));
}

static struct value *frozen_raise(struct eval *ev, const char *what, struct value *name)
{
	char *r = val_repr(ev, name);
	if (!r)
		return NULL;
	char buf[512];
	snprintf(buf, sizeof buf, "cannot %s field %s", what, r);
	free(r);
	struct value *msg = val_cstr(buf);
	struct value *e = msg && frozen_error_cls ? val_call(ev, frozen_error_cls, 1, &msg, NULL) : NULL;
	val_decref(msg);
	if (!e)
		return err_occurred(ev) ? NULL : err_nomem(ev);
	err_set_value(ev, e);
	return NULL;
}

PYFN(dc_setattr)
{
	(void)bi;
	(void)kw;
	if (argc != 3)
		return err_set(ev, TY_TypeError, "__setattr__ expected 2 arguments");
	return frozen_raise(ev, "assign to", argv[1]);
}

PYFN(dc_delattr)
{
	(void)bi;
	(void)kw;
	if (argc != 2)
		return err_set(ev, TY_TypeError, "__delattr__ expected 1 argument");
	return frozen_raise(ev, "delete", argv[1]);
}

/* ---- @dataclass ---- */

static int set_method(struct eval *ev, struct value *cls, struct value *ns, const char *name, builtin_fn fn,
		      struct value *info, int overwrite)
{
	if (!overwrite && dict_getstr_borrow(ns, name))
		return 0;
	struct value *b = val_builtin(name, fn, info, NULL);
	struct value *m = b ? cls_method_wrap(ev, b) : NULL;
	val_decref(b);
	if (!m)
		return b ? -1 : (err_nomem(ev), -1);
	int r = val_setattr(ev, cls, name, m);
	val_decref(m);
	return r;
}

/* adds field f (a Field, stolen) under its name: replaces an inherited one in place */
static int add_field(struct eval *ev, struct value ***fs, int *n, struct value *f)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(FLD((*fs)[i])->name, FLD(f)->name)) {
			val_decref((*fs)[i]);
			(*fs)[i] = f;
			return 0;
		}
	struct value **g = realloc(*fs, sizeof *g * (size_t)(*n + 1));
	if (!g) {
		val_decref(f);
		err_nomem(ev);
		return -1;
	}
	g[(*n)++] = f;
	*fs = g;
	return 0;
}

static struct value *dc_process(struct eval *ev, struct value *cls, int flags)
{
	if (!cls_is_class(cls))
		return err_set(ev, TY_NotImplementedError, "@dataclass on this object is not supported by Lumen");
	if ((flags & DC_ORDER) && !(flags & DC_EQ))
		return err_set(ev, TY_ValueError, "eq must be true if order is true");
	struct value *ns = val_getattr(ev, cls, "__dict__"), *mro = ns ? val_getattr(ev, cls, "__mro__") : NULL;
	struct value **fs = NULL, *info = NULL, *fdict = NULL, *ret = NULL;
	int n = 0;
	if (!mro)
		goto out;
	/* inherited fields, the farthest base first */
	for (size_t k = mro->u.seq.n; k-- > 1;) {
		struct value *b = mro->u.seq.items[k];
		if (!cls_is_class(b))
			continue;
		struct value *bns = val_getattr(ev, b, "__dict__");
		if (!bns)
			goto out;
		struct value *bf = dict_getstr_borrow(bns, "__dataclass_fields__");
		if (bf && bf->type == VT_DICT) {
			struct dict *dd = bf->u.dict;
			for (size_t i = 0; i < dd->n; i++)
				if (dd->entries[i].key && is_field(dd->entries[i].val) &&
				    add_field(ev, &fs, &n, val_incref(dd->entries[i].val)) < 0) {
					val_decref(bns);
					goto out;
				}
		}
		val_decref(bns);
	}
	struct value *ann = dict_getstr_borrow(ns, "__annotations__");
	if (ann && ann->type == VT_DICT) {
		struct dict *dd = ann->u.dict;
		for (size_t i = 0; i < dd->n; i++) {
			struct value *key = dd->entries[i].key;
			if (!key || key->type != VT_STR)
				continue;
			const char *name = key->u.str->s;
			struct value *v = dict_getstr_borrow(ns, name), *f;
			if (v && is_field(v)) {
				struct dcfield *o = FLD(v);
				f = field_new(ev, name, o->def, o->factory, dd->entries[i].val, o->init, o->repr, o->compare);
				if (f && o->def) {
					if (val_setattr(ev, cls, name, o->def) < 0) {
						val_decref(f);
						goto out;
					}
				} else if (f && dict_del(ev, ns, key) < 0) {
					val_decref(f);
					goto out;
				}
			} else {
				f = field_new(ev, name, v, NULL, dd->entries[i].val, 1, 1, 1);
			}
			if (!f)
				goto out;
			struct value *def = FLD(f)->def;
			if (def && (def->type == VT_LIST || def->type == VT_DICT || set_is_set(def))) {
				err_set(ev, TY_ValueError, "mutable default <class '%s'> for field %s is not allowed: use default_factory",
					val_type_name(def), name);
				val_decref(f);
				goto out;
			}
			if (add_field(ev, &fs, &n, f) < 0)
				goto out;
		}
	}
	/* a field without a default after one with a default */
	for (int i = 0, seen = -1; i < n; i++) {
		struct dcfield *f = FLD(fs[i]);
		if (!f->init)
			continue;
		if (f->def || f->factory)
			seen = i;
		else if (seen >= 0) {
			err_set(ev, TY_TypeError, "non-default argument '%s' follows default argument", f->name);
			goto out;
		}
	}
	struct dcinfo *d = calloc(1, sizeof *d);
	if (!d) {
		err_nomem(ev);
		goto out;
	}
	d->fields = fs;
	d->n = n;
	d->flags = flags;
	fs = NULL;
	if (!(info = val_object_new(&info_type, d))) {
		info_free(d);
		err_nomem(ev);
		goto out;
	}
	d = info->u.obj.p;
	if (!(fdict = val_dict_new())) {
		err_nomem(ev);
		goto out;
	}
	for (int i = 0; i < d->n; i++)
		if (dict_setstr(fdict, FLD(d->fields[i])->name, val_incref(d->fields[i])) < 0) {
			err_nomem(ev);
			goto out;
		}
	if (val_setattr(ev, cls, "__dataclass_fields__", fdict) < 0)
		goto out;
	if ((flags & DC_INIT) && set_method(ev, cls, ns, "__init__", dc_init, info, 0) < 0)
		goto out;
	if ((flags & DC_MATCH) && !dict_getstr_borrow(ns, "__match_args__")) {
		struct value *l = val_list_new(0, NULL);
		if (!l) {
			err_nomem(ev);
			goto out;
		}
		for (int i = 0; i < d->n; i++)
			if (FLD(d->fields[i])->init && list_append(l, val_cstr(FLD(d->fields[i])->name)) < 0) {
				val_decref(l);
				err_nomem(ev);
				goto out;
			}
		struct value *t = val_tuple_new(l->u.seq.n, l->u.seq.items);
		l->u.seq.n = 0;
		val_decref(l);
		int rc = t ? val_setattr(ev, cls, "__match_args__", t) : (err_nomem(ev), -1);
		val_decref(t);
		if (rc < 0)
			goto out;
	}
	if ((flags & DC_REPR) && set_method(ev, cls, ns, "__repr__", dc_repr, info, 0) < 0)
		goto out;
	if (flags & DC_EQ) {
		int had_hash = dict_getstr_borrow(ns, "__eq__") != NULL;  /* cls_build set __hash__ for its own __eq__ */
		if (set_method(ev, cls, ns, "__eq__", dc_eq, info, 0) < 0)
			goto out;
		if (flags & DC_FROZEN) {
			if (set_method(ev, cls, ns, "__hash__", dc_hash, info, had_hash) < 0)
				goto out;
		} else if (!dict_getstr_borrow(ns, "__hash__")) {
			struct value *none = val_none();
			int r = val_setattr(ev, cls, "__hash__", none);
			val_decref(none);
			if (r < 0)
				goto out;
		}
	}
	if (flags & DC_ORDER) {
		static const char *const names[] = {"__lt__", "__le__", "__gt__", "__ge__"};
		static const builtin_fn fns[] = {dc_lt, dc_le, dc_gt, dc_ge};
		for (int i = 0; i < 4; i++) {
			if (dict_getstr_borrow(ns, names[i])) {
				err_set(ev, TY_TypeError, "Cannot overwrite attribute %s in class %s. Consider using functools.total_ordering",
					names[i], cls_name(cls));
				goto out;
			}
			if (set_method(ev, cls, ns, names[i], fns[i], info, 0) < 0)
				goto out;
		}
	}
	if ((flags & DC_FROZEN) && (set_method(ev, cls, ns, "__setattr__", dc_setattr, info, 1) < 0 ||
				    set_method(ev, cls, ns, "__delattr__", dc_delattr, info, 1) < 0))
		goto out;
	ret = val_incref(cls);
out:
	for (int i = 0; fs && i < n; i++)
		val_decref(fs[i]);
	free(fs);
	val_decref(info);
	val_decref(fdict);
	val_decref(mro);
	val_decref(ns);
	return ret;
}

PYFN(dc_decorate)
{
	if (argc != 1 || (kw && kw->n))
		return err_set(ev, TY_TypeError, "wrap() takes exactly one argument (%d given)", argc);
	return dc_process(ev, argv[0], (int)bi->self->u.i);
}

/* dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False) */
PYFN(fn_dataclass)
{
	struct value *cls = NULL, *init = NULL, *repr = NULL, *eq = NULL, *order = NULL, *frozen = NULL, *uh = NULL;
	struct value *ma = NULL, *ko = NULL, *sl = NULL, *ws = NULL;
	(void)bi;
	if (args_parse(ev, "dataclass", argc, argv, kw,
		       "|cls$init,repr,eq,order,unsafe_hash,frozen,match_args,kw_only,slots,weakref_slot", &cls, &init,
		       &repr, &eq, &order, &uh, &frozen, &ma, &ko, &sl, &ws) < 0)
		return NULL;
	int i, r, e, o, f, u, m, k, s, w;
	if (args_bool(ev, init, 1, &i) < 0 || args_bool(ev, repr, 1, &r) < 0 || args_bool(ev, eq, 1, &e) < 0 ||
	    args_bool(ev, order, 0, &o) < 0 || args_bool(ev, frozen, 0, &f) < 0 || args_bool(ev, uh, 0, &u) < 0 ||
	    args_bool(ev, ma, 1, &m) < 0 || args_bool(ev, ko, 0, &k) < 0 || args_bool(ev, sl, 0, &s) < 0 ||
	    args_bool(ev, ws, 0, &w) < 0)
		return NULL;
	const char *unsup = u ? "unsafe_hash" : k ? "kw_only" : s ? "slots" : w ? "weakref_slot" : NULL;
	if (unsup)
		return err_set(ev, TY_NotImplementedError, "dataclass(%s=True) is not supported by Lumen", unsup);
	int flags = (i ? DC_INIT : 0) | (r ? DC_REPR : 0) | (e ? DC_EQ : 0) | (o ? DC_ORDER : 0) | (f ? DC_FROZEN : 0) |
		    (m ? DC_MATCH : 0);
	if (cls && cls->type != VT_NONE)
		return dc_process(ev, cls, flags);
	struct value *opts = val_int(flags);
	struct value *d = opts ? val_builtin("wrap", dc_decorate, opts, NULL) : NULL;
	val_decref(opts);
	return d ? d : err_nomem(ev);
}

/* ---- fields / asdict / astuple / replace / is_dataclass ---- */

/* the class's dataclass info (borrowed dict of Fields), or NULL */
static struct value *dc_fields_of(struct eval *ev, struct value *v)
{
	struct value *c = cls_is_class(v) ? v : cls_class_of(v);
	if (!c || !cls_is_class(c))
		return NULL;
	struct value *f = val_getattr(ev, c, "__dataclass_fields__");
	if (!f) {
		err_clear(ev);
		return NULL;
	}
	val_decref(f);   /* the class keeps it */
	return f->type == VT_DICT ? f : NULL;
}

PYFN(fn_is_dataclass)
{
	(void)bi;
	(void)kw;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "is_dataclass() takes 1 positional argument but %d were given", argc);
	return val_bool(dc_fields_of(ev, argv[0]) != NULL);
}

PYFN(fn_fields)
{
	(void)bi;
	(void)kw;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "fields() takes 1 positional argument but %d were given", argc);
	struct value *fd = dc_fields_of(ev, argv[0]);
	if (!fd)
		return err_set(ev, TY_TypeError, "must be called with a dataclass type or instance");
	struct dict *d = fd->u.dict;
	struct value **items = calloc(d->n + 1, sizeof *items);
	size_t n = 0;
	if (!items)
		return err_nomem(ev);
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key)
			items[n++] = val_incref(d->entries[i].val);
	struct value *t = val_tuple_new(n, items);
	free(items);
	return t ? t : err_nomem(ev);
}

/* asdict/astuple's recursion: dataclass instances, lists, tuples, dicts */
static struct value *as_inner(struct eval *ev, struct value *v, int tuple)
{
	struct value *fd = cls_is_instance(v) ? dc_fields_of(ev, v) : NULL;
	if (fd) {
		struct dict *d = fd->u.dict;
		struct value *out = tuple ? val_list_new(0, NULL) : val_dict_new();
		if (!out)
			return err_nomem(ev);
		for (size_t i = 0; i < d->n; i++) {
			if (!d->entries[i].key)
				continue;
			struct value *x = val_getattr(ev, v, FLD(d->entries[i].val)->name);
			struct value *y = x ? as_inner(ev, x, tuple) : NULL;
			val_decref(x);
			if (!y || (tuple ? list_append(out, y) : dict_set(ev, out, d->entries[i].key, y)) < 0) {
				if (y && !tuple)
					val_decref(y);
				val_decref(out);
				return y ? err_nomem(ev) : NULL;
			}
			if (!tuple)
				val_decref(y);
		}
		if (tuple) {
			struct value *t = val_tuple_new(out->u.seq.n, out->u.seq.items);
			out->u.seq.n = 0;
			val_decref(out);
			return t ? t : err_nomem(ev);
		}
		return out;
	}
	if (v->type == VT_LIST || v->type == VT_TUPLE) {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		for (size_t i = 0; i < v->u.seq.n; i++) {
			struct value *y = as_inner(ev, v->u.seq.items[i], tuple);
			if (!y || list_append(l, y) < 0) {
				val_decref(l);
				return y ? err_nomem(ev) : NULL;
			}
		}
		if (v->type == VT_LIST)
			return l;
		struct value *t = val_tuple_new(l->u.seq.n, l->u.seq.items);
		l->u.seq.n = 0;
		val_decref(l);
		return t ? t : err_nomem(ev);
	}
	if (v->type == VT_DICT) {
		struct value *o = val_dict_new();
		struct dict *d = v->u.dict;
		if (!o)
			return err_nomem(ev);
		for (size_t i = 0; i < d->n; i++) {
			if (!d->entries[i].key)
				continue;
			struct value *k = as_inner(ev, d->entries[i].key, tuple);
			struct value *y = k ? as_inner(ev, d->entries[i].val, tuple) : NULL;
			int r = y ? dict_set(ev, o, k, y) : -1;
			val_decref(k);
			val_decref(y);
			if (r < 0) {
				val_decref(o);
				return NULL;
			}
		}
		return o;
	}
	return val_incref(v);
}

static struct value *as_outer(struct eval *ev, const char *fname, int argc, struct value **argv,
			      const struct kwargs *kw, int tuple)
{
	if (argc != 1 || (kw && kw->n))
		return err_set(ev, TY_NotImplementedError, "%s() with a factory is not supported by Lumen", fname);
	if (!cls_is_instance(argv[0]) || !dc_fields_of(ev, argv[0]))
		return err_set(ev, TY_TypeError, "%s() should be called on dataclass instances", fname);
	return as_inner(ev, argv[0], tuple);
}

PYFN(fn_asdict) { (void)bi; return as_outer(ev, "asdict", argc, argv, kw, 0); }
PYFN(fn_astuple) { (void)bi; return as_outer(ev, "astuple", argc, argv, kw, 1); }

PYFN(fn_replace)
{
	(void)bi;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "replace() takes 1 positional argument but %d were given", argc);
	struct value *obj = argv[0], *fd = cls_is_instance(obj) ? dc_fields_of(ev, obj) : NULL;
	if (!fd)
		return err_set(ev, TY_TypeError, "replace() should be called on dataclass instances");
	struct dict *d = fd->u.dict;
	int nk = kw ? kw->n : 0, n = 0;
	const char **names = calloc(d->n + (size_t)nk + 1, sizeof *names);
	struct value **vals = calloc(d->n + (size_t)nk + 1, sizeof *vals), *r = NULL;
	if (!names || !vals) {
		err_nomem(ev);
		goto out;
	}
	for (int k = 0; k < nk; k++) {
		struct value *f = dict_getstr_borrow(fd, kw->names[k]);
		if (f && !FLD(f)->init) {
			err_set(ev, TY_ValueError, "field %s is declared with init=False, it cannot be specified with replace()",
				kw->names[k]);
			goto out;
		}
		names[n] = kw->names[k];
		vals[n++] = val_incref(kw->vals[k]);
	}
	for (size_t i = 0; i < d->n; i++) {
		struct dcfield *f = d->entries[i].key ? FLD(d->entries[i].val) : NULL;
		int given = 0;
		if (!f || !f->init)
			continue;
		for (int k = 0; k < nk; k++)
			given |= !strcmp(kw->names[k], f->name);
		if (given)
			continue;
		if (!(vals[n] = val_getattr(ev, obj, f->name)))
			goto out;
		names[n++] = f->name;
	}
	struct kwargs k2 = { n, names, vals };
	r = val_call(ev, cls_class_of(obj), 0, NULL, &k2);
out:
	for (int i = 0; vals && i < n; i++)
		val_decref(vals[i]);
	free(vals);
	free(names);
	return r;
}

static const struct pyfn dc_fns[] = {
	{"dataclass", fn_dataclass}, {"field", fn_field}, {"fields", fn_fields}, {"asdict", fn_asdict},
	{"astuple", fn_astuple}, {"replace", fn_replace}, {"is_dataclass", fn_is_dataclass},
};

struct value *dataclasses_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "dataclasses", dc_fns, sizeof dc_fns / sizeof dc_fns[0]);
	if (!m)
		return NULL;
	struct value *ns = val_dict_new(), *base = val_type(TY_AttributeError);
	struct value *cls = ns && base && dict_setstr(ns, "__module__", val_cstr("dataclasses")) == 0 ?
			    cls_build(ev, "FrozenInstanceError", 1, &base, ns, NULL) : NULL;
	val_decref(ns);
	val_decref(base);
	if (!cls || pylib_add(ev, m, "MISSING", val_incref(&missing_value)) < 0) {
		val_decref(cls);
		val_decref(m);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	frozen_error_cls = cls;
	if (pylib_add(ev, m, "FrozenInstanceError", cls) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
