/*
 * dt_value.c — the datetime64 / timedelta64 values of the host: the dtype
 * objects (np.dtype('M8[D]'), the scalar types np.datetime64 and
 * np.timedelta64) and one object for scalars and arrays (an int64 host
 * ndarray plus kind and unit), with NumPy's repr/str byte for byte, items
 * from strings, ints and other datetimes, astype, indexing, and the
 * operators (dt_arith.c).
 *
 * Owns these objects; never touches enum dtype or the numeric paths.  Kind
 * 'U' is the string array np.datetime_as_string returns (display, indexing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lib/datetime/dt_int.h"
#include "array/format.h"
#include "lang/error.h"
#include "lang/strbuf.h"
#include "lang/args.h"
#include "lang/eval.h"
#include "array/nscall.h"

static const struct objtype desc_type, dtv_type, dtv_m_type, dtv_td_type;

struct dt_desc *dt_desc_of(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &desc_type ? v->u.obj.p : NULL;
}

struct dt_val *dt_val_of(struct value *v)
{
	return v && v->type == VT_OBJECT && (v->u.obj.t == &dtv_type || v->u.obj.t == &dtv_m_type ||
					     v->u.obj.t == &dtv_td_type) ? v->u.obj.p : NULL;
}

struct value *dt_desc_new(struct eval *ev, char kind, const struct dt_meta *m, int is_type)
{
	struct dt_desc *d = malloc(sizeof *d);
	if (!d)
		return err_nomem(ev);
	d->kind = kind;
	d->m = *m;
	d->is_type = is_type;
	return val_object_new(&desc_type, d);
}

static void val_free(void *p)
{
	struct dt_val *d = p;
	nd_decref(d->a);
	for (int64_t i = 0; i < d->nstrs; i++)
		free(d->strs[i]);
	free(d->strs);
	free(d);
}

struct value *dt_val_new(struct eval *ev, char kind, const struct dt_meta *m, int scalar,
			 struct ndarray *a)
{
	struct dt_val *d;
	if (!a)
		return NULL;
	if (!(d = calloc(1, sizeof *d))) {
		nd_decref(a);
		return err_nomem(ev);
	}
	d->kind = kind;
	d->m = *m;
	d->scalar = scalar && a->ndim == 0;
	d->a = a;
	/* type(x): numpy.ndarray, or the scalar's numpy.datetime64 / numpy.timedelta64 */
	return val_object_new(!d->scalar ? &dtv_type : kind == 'M' ? &dtv_m_type : &dtv_td_type, d);
}

struct value *dt_strarr_new(struct eval *ev, int ndim, const int64_t *shape, char **strs,
			    int64_t n, int width)
{
	struct ndarray *a = dt_nd_new(ev, DT_INT64, ndim, shape);
	struct dt_meta m = { DU_GENERIC, 1 };
	struct value *v;
	if (!a) {
		for (int64_t i = 0; i < n; i++)
			free(strs[i]);
		free(strs);
		return NULL;
	}
	for (int64_t i = 0; i < n; i++)
		((int64_t *)nd_data(a))[i] = i;
	v = dt_val_new(ev, 'U', &m, 0, a);
	if (!v) {
		for (int64_t i = 0; i < n; i++)
			free(strs[i]);
		free(strs);
		return NULL;
	}
	dt_val_of(v)->strs = strs;
	dt_val_of(v)->nstrs = n;
	dt_val_of(v)->width = width;
	return v;
}

struct ndarray *dt_items(struct eval *ev, struct dt_val *d)
{
	return arr_host_c(ev, d->a, DT_INT64);
}

/* ---- text ---- */

void dt_dtype_name(char kind, const struct dt_meta *m, char *buf, size_t n, int str_form)
{
	char u[40];
	dt_meta_str(m, u, sizeof u);
	if (kind == 'U')
		snprintf(buf, n, "<U%s", u);
	else if (str_form)
		snprintf(buf, n, m->unit == DU_GENERIC ? "%s" : "%s[%s]",
			 kind == 'M' ? "datetime64" : "timedelta64", u);
	else
		snprintf(buf, n, m->unit == DU_GENERIC ? "<%c8" : "<%c8[%s]", kind, u);
}

static char *desc_repr(struct eval *ev, struct value *self)
{
	struct dt_desc *d = self->u.obj.p;
	char name[96], buf[128];
	if (d->is_type)
		snprintf(buf, sizeof buf, "<class 'numpy.%s'>", d->kind == 'M' ? "datetime64" : "timedelta64");
	else {
		dt_dtype_name(d->kind, &d->m, name, sizeof name, 0);
		snprintf(buf, sizeof buf, "dtype('%s')", name);
	}
	char *s = strdup(buf);
	return s ? s : err_nomem(ev);
}

static char *desc_str(struct eval *ev, struct value *self)
{
	struct dt_desc *d = self->u.obj.p;
	char name[64];
	if (d->is_type)
		return desc_repr(ev, self);
	dt_dtype_name(d->kind, &d->m, name, sizeof name, 1);
	char *s = strdup(name);
	return s ? s : err_nomem(ev);
}

static const char *const unit_words[DU_COUNT] = {
	"years", "months", "weeks", "days", "hours", "minutes", "seconds", "milliseconds",
	"microseconds", "nanoseconds", "picoseconds", "femtoseconds", "attoseconds",
	"generic time units",
};

static void iso_of(int64_t v, const struct dt_meta *m, char *buf, size_t n)
{
	dt_iso_of(v, m, buf, n);
}

static int64_t item_at(const struct ndarray *c, int64_t flat)
{
	return ((const int64_t *)nd_data(c))[flat];
}

static char *scalar_text(struct eval *ev, struct dt_val *d, int64_t v, int repr)
{
	char iso[128], u[40], buf[256];
	dt_meta_str(&d->m, u, sizeof u);
	if (d->kind == 'M') {
		iso_of(v, &d->m, iso, sizeof iso);
		if (!repr)
			snprintf(buf, sizeof buf, "%s", iso);
		else if (v != DT_NAT && d->m.num == 1 && d->m.unit != DU_h)
			snprintf(buf, sizeof buf, "np.datetime64('%s')", iso);
		else
			snprintf(buf, sizeof buf, "np.datetime64('%s','%s')", iso, u);
	} else if (!repr) {
		if (v == DT_NAT)
			snprintf(buf, sizeof buf, "NaT");
		else
		{
			char num[48];
			dt_i128_str((__int128)v * d->m.num, num, sizeof num);
			snprintf(buf, sizeof buf, "%s %s", num, unit_words[d->m.unit]);
		}
	} else if (v == DT_NAT) {
		snprintf(buf, sizeof buf, d->m.unit == DU_GENERIC ? "np.timedelta64('NaT')" :
			 "np.timedelta64('NaT','%s')", u);
	} else {
		snprintf(buf, sizeof buf, d->m.unit == DU_GENERIC ? "np.timedelta64(%lld)" :
			 "np.timedelta64(%lld,'%s')", (long long)v, u);
	}
	char *s = strdup(buf);
	return s ? s : err_nomem(ev);
}

struct itemctx {
	struct eval *ev;
	struct dt_val *d;
	const struct ndarray *c;
	int width;
};

static char *item_text(void *p, int64_t flat)
{
	struct itemctx *x = p;
	char buf[160], iso[128];
	if (x->d->kind == 'U') {
		const char *s = x->d->strs[item_at(x->c, flat)];
		char *o = malloc(strlen(s) + 3);
		if (!o)
			return err_nomem(x->ev);
		sprintf(o, "'%s'", s);
		return o;
	}
	int64_t v = item_at(x->c, flat);
	if (v == DT_NAT)
		snprintf(iso, sizeof iso, "'NaT'");
	else if (x->d->kind == 'M') {
		char t[120];
		iso_of(v, &x->d->m, t, sizeof t);
		snprintf(iso, sizeof iso, "'%s'", t);
	} else {
		snprintf(iso, sizeof iso, "%lld", (long long)v);
	}
	snprintf(buf, sizeof buf, "%*s", x->width, iso);
	char *o = strdup(buf);
	return o ? o : err_nomem(x->ev);
}

/* NumPy's _TimelikeFormat: right-justified to the widest non-NaT item, at
 * least 5 when a NaT is present */
static int items_width(struct dt_val *d, const struct ndarray *c)
{
	int64_t n = nd_size(c);
	int w = 0, nat = 0;
	char buf[128];
	if (d->kind == 'U')
		return 0;
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ((const int64_t *)nd_data(c))[i];
		int l;
		if (v == DT_NAT) {
			nat = 1;
			continue;
		}
		if (d->kind == 'M') {
			iso_of(v, &d->m, buf, sizeof buf);
			l = (int)strlen(buf) + 2;
		} else {
			l = snprintf(buf, sizeof buf, "%lld", (long long)v);
		}
		if (l > w)
			w = l;
	}
	return nat && w < 5 ? 5 : w;
}

static char *array_text(struct eval *ev, struct dt_val *d, int repr)
{
	struct ndarray *c = dt_items(ev, d);
	struct itemctx x = { ev, d, c, 0 };
	struct sbuf out = {0};
	char name[ND_MAXDIM * 24 + 128], *body;
	if (!c)
		return NULL;
	x.width = items_width(d, c);
	if (repr)
		body = fmt_items_body(ev, c->ndim, c->shape, item_text, &x, ", ", 6, fmt_opts.linewidth - 1);
	else
		body = fmt_items_body(ev, c->ndim, c->shape, item_text, &x, " ", 0, fmt_opts.linewidth);
	nd_decref(c);
	if (!body)
		return NULL;
	if (!repr)
		return body;
	{
		char u[64], shp[ND_MAXDIM * 24 + 16] = "";
		int64_t size = nd_size(d->a);
		if (fmt_opts.legacy > 210 && size > fmt_opts.threshold) {
			size_t k = (size_t)snprintf(shp, sizeof shp, "shape=(");
			for (int i = 0; i < d->a->ndim; i++)
				k += (size_t)snprintf(shp + k, sizeof shp - k, i ? ", %lld" : "%lld",
						      (long long)d->a->shape[i]);
			snprintf(shp + k, sizeof shp - k, d->a->ndim == 1 ? ",), " : "), ");
		}
		if (d->kind == 'U')
			snprintf(u, sizeof u, "<U%d", d->width);
		else
			dt_dtype_name(d->kind, &d->m, u, sizeof u, 1);
		snprintf(name, sizeof name, "%sdtype='%s')", shp, u);
	}
	sb_adds(&out, "array(");
	sb_adds(&out, body);
	free(body);
	sb_adds(&out, ",");
	if (!out.oom) {
		const char *nl = strrchr(out.s, '\n');
		size_t last = out.n - (nl ? (size_t)(nl - out.s) + 1 : 0);
		if ((long)(last + strlen(name) + 1) > fmt_opts.linewidth)
			sb_adds(&out, "\n      ");
		else
			sb_adds(&out, " ");
	}
	sb_adds(&out, name);
	if (out.oom) {
		free(out.s);
		return err_nomem(ev);
	}
	return out.s;
}

static char *val_text(struct eval *ev, struct value *self, int repr)
{
	struct dt_val *d = self->u.obj.p;
	if (d->scalar || (!repr && d->a->ndim == 0 && d->kind != 'U')) {
		struct ndarray *c = dt_items(ev, d);
		char *s;
		if (!c)
			return NULL;
		s = scalar_text(ev, d, ((int64_t *)nd_data(c))[0], repr);
		nd_decref(c);
		return s;
	}
	return array_text(ev, d, repr);
}

static char *dtv_repr(struct eval *ev, struct value *self) { return val_text(ev, self, 1); }
static char *dtv_str(struct eval *ev, struct value *self) { return val_text(ev, self, 0); }

/* ---- items from Python values ---- */

int dt_dtype_arg(struct eval *ev, struct value *v, char *kind, struct dt_meta *m)
{
	struct dt_desc *dd = dt_desc_of(v);
	if (dd) {
		*kind = dd->kind;
		*m = dd->m;
		return 1;
	}
	if (v && v->type == VT_STR)
		return dt_parse_dtype_str(ev, v->u.str->s, kind, m);
	return 0;
}

static int int_like(struct value *x, int64_t *out)
{
	if (x->type == VT_INT || x->type == VT_BOOL) {
		*out = x->u.i;
		return 1;
	}
	if (x->type == VT_SCALAR && (dt_is_int(x->u.sc.dtype))) {
		*out = dtype_table[x->u.sc.dtype].kind == DK_UINT ? (int64_t)x->u.sc.v.u : x->u.sc.v.i;
		return 1;
	}
	return 0;
}

int dt_item(struct eval *ev, struct value *x, char kind, const struct dt_meta *m, int64_t *out,
	    struct dt_meta *named)
{
	struct dt_val *d = dt_val_of(x);
	int64_t i;
	named->unit = DU_GENERIC;
	named->num = 1;
	if (x->type == VT_NONE) {
		*out = DT_NAT;
		return 0;
	}
	if (d && d->kind != 'U') {
		struct ndarray *c;
		if (d->a->ndim != 0)
			return err_set(ev, TY_ValueError, "setting an array element with a sequence."), -1;
		if (!(c = dt_items(ev, d)))
			return -1;
		i = ((int64_t *)nd_data(c))[0];
		nd_decref(c);
		*named = d->m;
		if (m->unit == DU_GENERIC) {
			*out = i;
			return 0;
		}
		if (d->kind == 'M' && kind == 'M')
			return dt_cast_datetime(ev, i, &d->m, m, out);
		if (d->kind == 'm' && kind == 'm')
			return dt_cast_timedelta(ev, i, &d->m, m, 0, out);
		return err_set(ev, TY_TypeError, "Cannot cast NumPy %s to %s",
			       d->kind == 'M' ? "datetime64" : "timedelta64",
			       kind == 'M' ? "datetime64" : "timedelta64"), -1;
	}
	if (int_like(x, &i)) {
		if (kind == 'M' && m->unit == DU_GENERIC && i != DT_NAT)
			return err_set(ev, TY_ValueError, "Converting an integer to a NumPy datetime "
				       "requires a specified unit"), -1;
		*out = i;
		return 0;
	}
	if (x->type == VT_STR) {
		const char *s = x->u.str->s;
		if (kind == 'M') {
			struct dt_moment t;
			int unit, nat;
			if (dt_parse_iso(ev, s, &t, &unit, &nat) < 0)
				return -1;
			named->unit = unit;
			if (nat) {
				*out = DT_NAT;
				return 0;
			}
			return dt_from_moment(ev, &t, m->unit == DU_GENERIC ? named : m, out);
		} else {
			char *end;
			const char *p = s;
			while (*p == ' ')
				p++;
			if (!strcasecmp(p, "nat") || !*p) {
				*out = DT_NAT;
				return 0;
			}
			long long ll = strtoll(p, &end, 10);
			if (end == p || *end)
				return err_set(ev, TY_ValueError, "Could not convert object to NumPy timedelta"), -1;
			*out = ll;
			return 0;
		}
	}
	err_set(ev, TY_ValueError, "Could not convert object to NumPy %s",
		kind == 'M' ? "datetime" : "timedelta");
	return -1;
}

/* flattens nested lists / tuples into items, finding the shape */
struct flat {
	struct value **items;
	int64_t n, cap;
	int ndim;
	int64_t shape[ND_MAXDIM];
};

static int flatten(struct eval *ev, struct value *x, int depth, struct flat *f)
{
	if (x->type == VT_LIST || x->type == VT_TUPLE) {
		int64_t n = (int64_t)x->u.seq.n;
		if (depth >= ND_MAXDIM)
			return err_set(ev, TY_ValueError, "too many dimensions"), -1;
		if (depth >= f->ndim) {
			if (f->n > 0 && depth >= f->ndim)
				goto ragged;
			f->ndim = depth + 1;
			f->shape[depth] = n;
		} else if (f->shape[depth] != n) {
			goto ragged;
		}
		for (int64_t i = 0; i < n; i++)
			if (flatten(ev, x->u.seq.items[i], depth + 1, f) < 0)
				return -1;
		return 0;
	}
	if (depth < f->ndim)
		goto ragged;
	if (f->n == f->cap) {
		int64_t nc = f->cap ? 2 * f->cap : 16;
		struct value **ni = realloc(f->items, sizeof *ni * nc);
		if (!ni)
			return err_nomem(ev), -1;
		f->items = ni;
		f->cap = nc;
	}
	f->items[f->n++] = x;
	return 0;
ragged: {
		char shp[ND_MAXDIM * 24 + 8];
		size_t k = 0;
		k += (size_t)snprintf(shp + k, sizeof shp - k, "(");
		for (int i = 0; i < depth && i < f->ndim; i++)
			k += (size_t)snprintf(shp + k, sizeof shp - k, i ? ", %lld" : "%lld", (long long)f->shape[i]);
		snprintf(shp + k, sizeof shp - k, depth == 1 ? ",)" : ")");
		err_set(ev, TY_ValueError, "setting an array element with a sequence. The requested array "
			"has an inhomogeneous shape after %d dimensions. The detected shape was %s + "
			"inhomogeneous part.", depth, shp);
		return -1;
	}
}

struct value *dt_astype(struct eval *ev, struct value *v, char kind, const struct dt_meta *m)
{
	struct dt_val *d = dt_val_of(v);
	struct ndarray *c = dt_items(ev, d), *o;
	struct dt_meta to = *m;
	int64_t n;
	if (!c)
		return NULL;
	if (to.unit == DU_GENERIC)
		to = d->m;
	if (!(o = dt_nd_new(ev, DT_INT64, c->ndim, c->shape))) {
		nd_decref(c);
		return NULL;
	}
	n = nd_size(c);
	for (int64_t i = 0; i < n; i++) {
		int64_t x = ((int64_t *)nd_data(c))[i], *y = (int64_t *)nd_data(o) + i;
		int rc = 0;
		if (d->kind == 'M' && kind == 'M')
			rc = dt_cast_datetime(ev, x, &d->m, &to, y);
		else if (d->kind == 'm' && kind == 'm')
			rc = dt_cast_timedelta(ev, x, &d->m, &to, 1, y);
		else
			*y = x;
		if (rc < 0) {
			nd_decref(c);
			nd_decref(o);
			return NULL;
		}
	}
	nd_decref(c);
	return dt_val_new(ev, kind, &to, d->scalar, o);
}

struct value *dt_from_obj(struct eval *ev, struct value *obj, char kind, const struct dt_meta *m,
			  int scalar)
{
	struct flat f = {0};
	struct dt_meta use = *m, named;
	struct ndarray *o = NULL, *src;
	struct dt_val *d = dt_val_of(obj);
	int64_t tmp;

	if (d && d->kind != 'U')
		return dt_astype(ev, obj, kind, m);
	if ((src = arr_borrow(obj))) {
		if (!dt_is_int(src->dtype) && src->dtype != DT_BOOL)
			return err_set(ev, TY_ValueError, "Could not convert object to NumPy %s",
				       kind == 'M' ? "datetime" : "timedelta");
		if (kind == 'M' && m->unit == DU_GENERIC)
			return err_set(ev, TY_ValueError, "Converting an integer to a NumPy datetime "
				       "requires a specified unit");
		return dt_val_new(ev, kind, m, scalar, arr_astype(ev, src, DT_INT64));
	}
	if (flatten(ev, obj, 0, &f) < 0)
		goto fail;
	if (use.unit == DU_GENERIC) {
		/* the finest unit the items name */
		for (int64_t i = 0; i < f.n; i++) {
			if (dt_item(ev, f.items[i], kind, m, &tmp, &named) < 0)
				goto fail;
			if (dt_common_meta(ev, kind, &use, &named, &use) < 0)
				goto fail;
		}
	}
	if (!(o = dt_nd_new(ev, DT_INT64, f.ndim, f.shape)))
		goto fail;
	for (int64_t i = 0; i < f.n; i++)
		if (dt_item(ev, f.items[i], kind, &use, (int64_t *)nd_data(o) + i, &named) < 0)
			goto fail;
	free(f.items);
	return dt_val_new(ev, kind, &use, scalar, o);
fail:
	free(f.items);
	nd_decref(o);
	return NULL;
}

struct value *dt_scalar_type(struct eval *ev, char kind)
{
	/* one object each for the life of the process, so that
	 * np.dtype('M8[D]').type is np.datetime64 */
	static struct value *types[2];
	struct dt_meta g = { DU_GENERIC, 1 };
	struct value **t = &types[kind == 'M' ? 0 : 1];
	if (!*t && !(*t = dt_desc_new(ev, kind, &g, 1)))
		return NULL;
	return val_incref(*t);
}

/* ---- the scalar types' constructors: np.datetime64(x, unit) ---- */

static struct value *desc_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct dt_desc *dd = self->u.obj.p;
	const char *fname = dd->kind == 'M' ? "datetime64" : "timedelta64";
	struct value *x = NULL, *unit = NULL;
	struct dt_meta m = { DU_GENERIC, 1 };
	struct value *none = NULL, *r;
	if (!dd->is_type)
		return err_set(ev, TY_TypeError, "'numpy.dtypes.%s' object is not callable",
			       dd->kind == 'M' ? "DateTime64DType" : "TimeDelta64DType");
	if (args_parse(ev, fname, argc, argv, kw, "|value,format", &x, &unit) < 0)
		return NULL;
	if (unit && unit->type == VT_STR) {
		const char *u = unit->u.str->s;
		if (dt_parse_unit(u, strlen(u), &m) < 0)
			return err_set(ev, TY_TypeError, "Invalid datetime unit \"%s\" in metadata", u);
	} else if (unit && unit->type == VT_TUPLE && unit->u.seq.n == 2 &&
		   unit->u.seq.items[0]->type == VT_STR && unit->u.seq.items[1]->type == VT_INT) {
		const char *u = unit->u.seq.items[0]->u.str->s;
		if (dt_parse_unit(u, strlen(u), &m) < 0 || m.num != 1 || unit->u.seq.items[1]->u.i < 1)
			return err_set(ev, TY_TypeError, "Invalid datetime unit \"%s\" in metadata", u);
		m.num = unit->u.seq.items[1]->u.i;
	} else if (unit && unit->type != VT_NONE) {
		return err_set(ev, TY_TypeError, "Invalid datetime metadata");
	}
	if (!x) {
		if (dd->kind == 'M')
			x = none = val_cstr("NaT");
		else
			x = none = val_int(0);
		if (!x)
			return NULL;
	}
	if (x->type == VT_LIST || x->type == VT_TUPLE || arr_borrow(x)) {
		val_decref(none);
		return err_set(ev, TY_ValueError, "Could not convert object to NumPy %s",
			       dd->kind == 'M' ? "datetime" : "timedelta");
	}
	r = dt_from_obj(ev, x, dd->kind, &m, 1);
	val_decref(none);
	return r;
}

static struct value *desc_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct dt_desc *d = self->u.obj.p;
	char buf[64];
	if (d->is_type) {
		if (!strcmp(name, "__name__"))
			return val_cstr(d->kind == 'M' ? "datetime64" : "timedelta64");
		return NULL;
	}
	if (!strcmp(name, "str")) {
		dt_dtype_name(d->kind, &d->m, buf, sizeof buf, 0);
		return val_cstr(buf);
	}
	if (!strcmp(name, "name")) {
		dt_dtype_name(d->kind, &d->m, buf, sizeof buf, 1);
		return val_cstr(buf);
	}
	if (!strcmp(name, "kind") || !strcmp(name, "char")) {
		buf[0] = d->kind;
		buf[1] = 0;
		return val_cstr(buf);
	}
	if (!strcmp(name, "itemsize"))
		return val_int(8);
	if (!strcmp(name, "type"))
		return dt_scalar_type(ev, d->kind);
	return NULL;
	(void)ev;
}

static struct value *desc_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	char k1, k2;
	struct dt_meta m1, m2;
	int a, b;
	if (op != OP_EQ && op != OP_NE)
		return NULL;
	a = dt_dtype_arg(ev, l, &k1, &m1);
	b = a > 0 ? dt_dtype_arg(ev, r, &k2, &m2) : 0;
	if (a < 0 || b < 0) {
		struct value *e = err_fetch(ev);
		val_decref(e);
		return val_bool(op == OP_NE);
	}
	if (!a || !b)
		return val_bool(op == OP_NE);
	/* np.datetime64 compares as np.dtype('M8'): its unit is generic */
	int eq = k1 == k2 && m1.unit == m2.unit && m1.num == m2.num;
	return val_bool(op == OP_EQ ? eq : !eq);
}

static int desc_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	struct dt_desc *d = self->u.obj.p;
	(void)ev;
	*out = (uint64_t)d->kind * 1000003u + (uint64_t)d->m.unit * 131u + (uint64_t)d->m.num;
	return 0;
}

static const char *const desc_attrs[] = {"str", "name", "kind", "char", "itemsize", "type", NULL};

static const struct objtype desc_type = {
	.name = "dtype", .free = free, .getattr = desc_getattr, .call = desc_call,
	.repr = desc_repr, .str = desc_str, .attrs = desc_attrs, .binop = desc_binop,
	.hash = desc_hash,
};

/* ---- indexing, length, truth ---- */

static struct value *val_getitem_slot(struct eval *ev, struct value *self, struct value *key)
{
	struct dt_val *d = self->u.obj.p;
	struct value *w = val_ndarray_new(nd_incref(d->a)), *r;
	struct ndarray *ra;
	if (!w)
		return NULL;
	r = val_getitem(ev, w, key);
	val_decref(w);
	if (!r)
		return NULL;
	if (d->kind == 'U') {
		int64_t i;
		if (r->type == VT_SCALAR && val_as_int64(ev, r, &i) == 0) {
			val_decref(r);
			return val_cstr(d->strs[i]);
		}
	}
	if ((ra = arr_borrow(r))) {
		struct ndarray *c = arr_host_c(ev, ra, DT_INT64);
		val_decref(r);
		if (d->kind == 'U') {
			/* a view of the strings: copy those it names */
			int64_t n = c ? nd_size(c) : 0;
			char **strs = c ? calloc(n ? n : 1, sizeof *strs) : NULL;
			if (c && !strs) {
				nd_decref(c);
				return err_nomem(ev);
			}
			for (int64_t i = 0; c && i < n; i++)
				if (!(strs[i] = strdup(d->strs[((int64_t *)nd_data(c))[i]]))) {
					for (int64_t k = 0; k < i; k++)
						free(strs[k]);
					free(strs);
					nd_decref(c);
					return err_nomem(ev);
				}
			if (!c)
				return NULL;
			r = dt_strarr_new(ev, c->ndim, c->shape, strs, n, d->width);
			nd_decref(c);
			return r;
		}
		return dt_val_new(ev, d->kind, &d->m, 0, c);
	}
	if (r->type == VT_SCALAR) {
		struct ndarray *o = dt_asarray(ev, r, DT_INT64);
		val_decref(r);
		return dt_val_new(ev, d->kind, &d->m, 1, o);
	}
	val_decref(r);
	return err_set(ev, TY_IndexError, "unsupported index for a datetime array");
}

static int val_setitem_slot(struct eval *ev, struct value *self, struct value *key, struct value *x)
{
	struct dt_val *d = self->u.obj.p;
	struct value *conv, *w;
	int rc;
	if (d->kind == 'U' || d->scalar) {
		err_set(ev, TY_TypeError, "'%s' object does not support item assignment",
			d->kind == 'M' ? "numpy.datetime64" : "numpy.timedelta64");
		return -1;
	}
	if (!x)
		return err_set(ev, TY_ValueError, "cannot delete array elements"), -1;
	conv = dt_from_obj(ev, x, d->kind, &d->m, 0);
	if (!conv)
		return -1;
	w = val_ndarray_new(nd_incref(d->a));
	struct value *items = w ? val_ndarray_new(nd_incref(dt_val_of(conv)->a)) : NULL;
	rc = items ? val_setitem(ev, w, key, items) : -1;
	val_decref(items);
	val_decref(w);
	val_decref(conv);
	return rc;
}

static int64_t val_len_slot(struct eval *ev, struct value *self)
{
	struct dt_val *d = self->u.obj.p;
	if (d->a->ndim == 0) {
		err_set(ev, TY_TypeError, d->scalar ? "object of type '%s' has no len()" :
			"len() of unsized object", d->kind == 'M' ? "numpy.datetime64" : "numpy.timedelta64");
		return -1;
	}
	return d->a->shape[0];
}

static int val_truth_slot(struct eval *ev, struct value *self)
{
	struct dt_val *d = self->u.obj.p;
	struct ndarray *c;
	int t;
	if (nd_size(d->a) != 1) {
		err_set(ev, TY_ValueError, "The truth value of an array with more than one element is "
			"ambiguous. Use a.any() or a.all()");
		return -1;
	}
	if (!(c = dt_items(ev, d)))
		return -1;
	t = ((int64_t *)nd_data(c))[0] != 0;
	nd_decref(c);
	return t;
}

static int val_hash_slot(struct eval *ev, struct value *self, uint64_t *out)
{
	struct dt_val *d = self->u.obj.p;
	struct ndarray *c;
	if (!d->scalar) {
		err_set(ev, TY_TypeError, "unhashable type: 'numpy.ndarray'");
		return -1;
	}
	if (!(c = dt_items(ev, d)))
		return -1;
	*out = (uint64_t)((int64_t *)nd_data(c))[0] * 0x9E3779B97F4A7C15ull ^ (uint64_t)d->kind;
	nd_decref(c);
	return 0;
}

static struct value *val_iter_slot(struct eval *ev, struct value *self)
{
	struct dt_val *d = self->u.obj.p;
	struct value *list;
	if (d->a->ndim == 0)
		return err_set(ev, TY_TypeError, "iteration over a 0-d array");
	if (!(list = val_list_new(0, NULL)))
		return NULL;
	for (int64_t i = 0; i < d->a->shape[0]; i++) {
		struct value *k = val_int(i), *x = k ? val_getitem_slot(ev, self, k) : NULL;
		val_decref(k);
		if (!x || list_append(list, x) < 0) {
			val_decref(list);
			return NULL;
		}
	}
	struct value *it = val_iter(ev, list);
	val_decref(list);
	return it;
}

/* ---- attributes and methods ---- */

#define SELF(bi) ((struct dt_val *)(bi)->self->u.obj.p)

static struct value *m_astype(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *dt = NULL, *order = NULL, *casting = NULL, *subok = NULL, *copy = NULL;
	struct dt_val *d = SELF(bi);
	char kind;
	struct dt_meta m;
	int r, ndt = -1;
	struct ndarray *c, *o;
	if (args_parse(ev, "astype", argc, argv, kw, "dtype|order,casting,subok,copy", &dt, &order,
		       &casting, &subok, &copy) < 0)
		return NULL;
	if ((r = dt_dtype_arg(ev, dt, &kind, &m)) < 0)
		return NULL;
	if (d->kind == 'U')
		return err_set(ev, TY_NotImplementedError, "astype of a string array: Lumen has no string arrays");
	if (r)
		return dt_astype(ev, bi->self, kind, &m);
	if (arr_parse_dtype(ev, dt, &ndt) < 0)
		return NULL;
	if (ndt < 0)
		return err_set(ev, TY_TypeError, "Cannot interpret the dtype");
	if (!(c = dt_items(ev, d)))
		return NULL;
	o = arr_astype(ev, c, ndt);
	nd_decref(c);
	return d->scalar ? arr_result(ev, o) : arr_wrap(ev, o);
}

static struct value *m_copy(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct dt_val *d = SELF(bi);
	(void)argc; (void)argv; (void)kw;
	if (d->kind == 'U')
		return val_incref(bi->self);
	return dt_val_new(ev, d->kind, &d->m, d->scalar, arr_contiguous(ev, d->a));
}

/* a.min() / a.max() / a.mean() / a.sum() over all items (NaT propagates) */
static struct value *reduce_all(struct eval *ev, struct value *self, const char *what, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct dt_val *d = self->u.obj.p;
	struct value *axis = NULL, *dtype = NULL, *out = NULL, *keepdims = NULL;
	struct ndarray *c, *o;
	int64_t n, best = 0;
	__int128 sum = 0;
	int nat = 0;
	if (args_parse(ev, what, argc, argv, kw, "|axis,dtype,out,keepdims", &axis, &dtype, &out,
		       &keepdims) < 0)
		return NULL;
	if ((axis && axis->type != VT_NONE) || (dtype && dtype->type != VT_NONE) ||
	    (out && out->type != VT_NONE) || (keepdims && keepdims->type != VT_NONE && val_truth(ev, keepdims)))
		return err_set(ev, TY_NotImplementedError, "%s of a datetime array: only over all items "
			       "(axis=None, no dtype/out/keepdims) in Lumen", what);
	if (d->kind == 'U' || (d->kind == 'M' && (!strcmp(what, "mean") || !strcmp(what, "sum")))) {
		char u[64];
		dt_dtype_name(d->kind, &d->m, u, sizeof u, 0);
		return err_set(ev, TY_TypeError, "ufunc 'add' cannot use operands with types "
			       "dtype('%s') and dtype('%s')", u, u);
	}
	if (!(c = dt_items(ev, d)))
		return NULL;
	n = nd_size(c);
	if (n == 0 && strcmp(what, "sum")) {
		nd_decref(c);
		if (!strcmp(what, "mean")) {
			ev_warn(ev, "RuntimeWarning", "Mean of empty slice.");
			best = DT_NAT;
			goto done;
		}
		return err_set(ev, TY_ValueError, "zero-size array to reduction operation %s which has "
			       "no identity", !strcmp(what, "min") ? "minimum" : "maximum");
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t x = ((int64_t *)nd_data(c))[i];
		if (x == DT_NAT) {
			nat = 1;
			break;
		}
		if (!strcmp(what, "min"))
			best = i == 0 || x < best ? x : best;
		else if (!strcmp(what, "max"))
			best = i == 0 || x > best ? x : best;
		else
			sum += x;
	}
	nd_decref(c);
	if (nat)
		best = DT_NAT;
	else if (!strcmp(what, "sum") || !strcmp(what, "mean")) {
		if (!strcmp(what, "mean"))
			sum /= n;
		if (sum > INT64_MAX || sum <= INT64_MIN)
			return err_set(ev, TY_OverflowError, "Overflow in datetime arithmetic");
		best = (int64_t)sum;
	}
done:
	if (!(o = dt_nd_new(ev, DT_INT64, 0, NULL)))
		return NULL;
	*(int64_t *)nd_data(o) = best;
	return dt_val_new(ev, d->kind, &d->m, 1, o);
}

static struct value *m_min(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw) { return reduce_all(ev, bi->self, "min", argc, argv, kw); }
static struct value *m_max(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw) { return reduce_all(ev, bi->self, "max", argc, argv, kw); }
static struct value *m_mean(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw) { return reduce_all(ev, bi->self, "mean", argc, argv, kw); }
static struct value *m_sum(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw) { return reduce_all(ev, bi->self, "sum", argc, argv, kw); }

/* np.mean(a) etc. for the function forms (dt_funcs.c) */
struct value *dt_reduce(struct eval *ev, struct value *self, const char *what, int argc,
			struct value **argv, const struct kwargs *kw)
{
	return reduce_all(ev, self, what, argc, argv, kw);
}

/* one item as NumPy's item() gives it: datetime.date / datetime.datetime /
 * datetime.timedelta where the unit fits them, else the int; NaT is None */
static struct value *item_py(struct eval *ev, struct dt_val *d, int64_t v)
{
	struct value *mod, *cls, *args[7], *r;
	int n = 0;
	const char *what;
	if (v == DT_NAT)
		return val_none();
	if (d->kind == 'U')
		return NULL;
	if (d->m.unit == DU_GENERIC || d->m.unit >= DU_ns || (d->kind == 'm' && d->m.unit <= DU_M))
		return val_int(v);
	if (d->kind == 'M') {
		struct dt_moment t;
		int64_t y;
		int mo, dd;
		dt_to_moment(v, &d->m, &t);
		dt_civil(t.days, &y, &mo, &dd);
		if (y < 1 || y > 9999)
			return val_int(v);
		what = d->m.unit <= DU_D ? "date" : "datetime";
		args[n++] = val_int(y);
		args[n++] = val_int(mo);
		args[n++] = val_int(dd);
		if (d->m.unit > DU_D) {
			args[n++] = val_int(t.sod / 3600);
			args[n++] = val_int(t.sod / 60 % 60);
			args[n++] = val_int(t.sod % 60);
			args[n++] = val_int(t.as / 1000000000000LL);
		}
	} else {
		/* days, seconds, microseconds of the timedelta */
		struct dt_meta us = { DU_us, 1 };
		int64_t x;
		if (dt_cast_timedelta(ev, v, &d->m, &us, 0, &x) < 0)
			return NULL;
		what = "timedelta";
		int64_t days = x >= 0 ? x / 86400000000LL : -((-x + 86399999999LL) / 86400000000LL);
		int64_t rest = x - days * 86400000000LL;
		args[n++] = val_int(days);
		args[n++] = val_int(rest / 1000000);
		args[n++] = val_int(rest % 1000000);
	}
	for (int i = 0; i < n; i++)
		if (!args[i]) {
			for (int k = 0; k < n; k++)
				val_decref(args[k]);
			return NULL;
		}
	mod = ev_import(ev, "datetime");
	cls = mod ? val_getattr(ev, mod, what) : NULL;
	r = cls ? val_call(ev, cls, n, args, NULL) : NULL;
	val_decref(cls);
	val_decref(mod);
	for (int k = 0; k < n; k++)
		val_decref(args[k]);
	return r;
}

/* the nested lists of tolist() over axis k from flat position pos */
static struct value *tolist_rec(struct eval *ev, struct dt_val *d, const struct ndarray *c, int k,
				int64_t *pos)
{
	struct value *list;
	if (k == c->ndim) {
		int64_t v = ((int64_t *)nd_data(c))[(*pos)++];
		if (d->kind == 'U')
			return val_cstr(d->strs[v]);
		return item_py(ev, d, v);
	}
	if (!(list = val_list_new(0, NULL)))
		return NULL;
	for (int64_t i = 0; i < c->shape[k]; i++) {
		struct value *x = tolist_rec(ev, d, c, k + 1, pos);
		if (!x || list_append(list, x) < 0) {
			val_decref(list);
			return NULL;
		}
	}
	return list;
}

static struct value *m_tolist(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct dt_val *d = SELF(bi);
	struct ndarray *c;
	struct value *r;
	int64_t pos = 0;
	(void)kw;
	if (!strcmp(bi->name, "item") && (argc > 0 || nd_size(d->a) != 1)) {
		if (argc > 0)
			return err_set(ev, TY_NotImplementedError, "item(index) of a datetime array in Lumen: "
				       "index the array first");
		return err_set(ev, TY_ValueError, "can only convert an array of size 1 to a Python scalar");
	}
	if (!strcmp(bi->name, "tolist") && argc > 0)
		return err_set(ev, TY_TypeError, "tolist() takes no arguments (%d given)", argc);
	if (!(c = dt_items(ev, d)))
		return NULL;
	if (!strcmp(bi->name, "item")) {
		int64_t v = ((int64_t *)nd_data(c))[0];
		nd_decref(c);
		return d->kind == 'U' ? val_cstr(d->strs[v]) : item_py(ev, d, v);
	}
	r = tolist_rec(ev, d, c, 0, &pos);
	nd_decref(c);
	return r;
}

/* a.reshape / a.ravel / a.flatten / a.view('i8') / a.argsort: the int64
 * storage's own method, the result wrapped again (indices stay plain) */
static struct value *storage_method(struct eval *ev, const struct builtin *bi, const char *name,
				    int argc, struct value **argv, const struct kwargs *kw, int wrap)
{
	struct dt_val *d = SELF(bi);
	struct value *w, *r;
	struct ndarray *ra;
	if (d->kind == 'U')
		return err_set(ev, TY_NotImplementedError, "%s of a string array: Lumen has no string arrays", name);
	if (!(w = val_ndarray_new(nd_incref(d->a))))
		return NULL;
	r = arr_method_call(ev, w, name, argc, argv, kw);
	val_decref(w);
	if (!r || !wrap)
		return r;
	if ((ra = arr_borrow(r)) && ra->dtype == DT_INT64) {
		struct value *o = dt_val_new(ev, d->kind, &d->m, 0, nd_incref(ra));
		val_decref(r);
		return o;
	}
	return r;
}

static struct value *m_reshape(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw) { return storage_method(ev, bi, "reshape", argc, argv, kw, 1); }
static struct value *m_ravel(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw) { return storage_method(ev, bi, "ravel", argc, argv, kw, 1); }
static struct value *m_flatten(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw) { return storage_method(ev, bi, "flatten", argc, argv, kw, 1); }
/* a.argsort(...) is np.argsort(a, ...): NaT ordered last there (dt_funcs.c) */
static struct value *m_argsort(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *args[8];
	if (argc > 7)
		return err_set(ev, TY_TypeError, "argsort() takes at most 4 arguments (%d given)", argc);
	args[0] = bi->self;
	for (int i = 0; i < argc; i++)
		args[i + 1] = argv[i];
	return arr_ns_call(ev, nd_backend(SELF(bi)->a), "argsort", argc + 1, args, kw);
}

/* a.view('i8') / a.view(np.int64): the storage itself */
static struct value *m_view(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct dt_val *d = SELF(bi);
	int dt = -1;
	(void)kw;
	if (d->kind == 'U' || argc != 1 || arr_parse_dtype(ev, argv[0], &dt) < 0 || dt != DT_INT64) {
		if (err_occurred(ev))
			err_clear(ev);
		return err_set(ev, TY_NotImplementedError, "view of a datetime array: Lumen views it as "
			       "'i8' (np.int64) only");
	}
	if (d->scalar)
		return arr_result(ev, arr_contiguous(ev, d->a));
	return val_ndarray_new(nd_view(ev, d->a, DT_INT64, d->a->ndim, d->a->shape, d->a->strides,
				       d->a->offset));
}

/* __array__: asked by every function Lumen has no datetime form of */
static struct value *m_array(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	const char *site = val_call_site();
	(void)argc; (void)argv; (void)kw;
	return err_set(ev, TY_NotImplementedError, "%s: Lumen's %s arrays reach only the functions "
		       "written for them (see tests/docstrings/LIMITS.md, datetime)", site ? site : "this function",
		       SELF(bi)->kind == 'M' ? "datetime64" : SELF(bi)->kind == 'm' ? "timedelta64" : "string");
}

static const struct {
	const char *name;
	builtin_fn fn;
} methods[] = {
	{"astype", m_astype}, {"copy", m_copy}, {"min", m_min}, {"max", m_max}, {"mean", m_mean},
	{"sum", m_sum}, {"tolist", m_tolist}, {"item", m_tolist}, {"reshape", m_reshape},
	{"ravel", m_ravel}, {"flatten", m_flatten}, {"argsort", m_argsort}, {"view", m_view},
	{"__array__", m_array},
};

static struct value *val_getattr_slot(struct eval *ev, struct value *self, const char *name)
{
	struct dt_val *d = self->u.obj.p;
	if (!strcmp(name, "dtype")) {
		if (d->kind == 'U')
			return err_set(ev, TY_NotImplementedError, "the dtype of a string array: Lumen has "
				       "no string dtypes ('<U%d')", d->width);
		return dt_desc_new(ev, d->kind, &d->m, 0);
	}
	if (!strcmp(name, "shape")) {
		struct value **it = calloc(d->a->ndim ? d->a->ndim : 1, sizeof *it);
		if (!it)
			return err_nomem(ev);
		for (int k = 0; k < d->a->ndim; k++)
			if (!(it[k] = val_int(d->a->shape[k]))) {
				for (int j = 0; j < k; j++)
					val_decref(it[j]);
				free(it);
				return NULL;
			}
		struct value *t = val_tuple_new(d->a->ndim, it);
		free(it);
		return t;
	}
	if (!strcmp(name, "ndim"))
		return val_int(d->a->ndim);
	if (!strcmp(name, "size"))
		return val_int(nd_size(d->a));
	if (!strcmp(name, "itemsize"))
		return val_int(d->kind == 'U' ? 4 * d->width : 8);
	if (!strcmp(name, "T") && d->kind != 'U') {
		int perm[ND_MAXDIM];
		for (int k = 0; k < d->a->ndim; k++)
			perm[k] = d->a->ndim - 1 - k;
		return dt_val_new(ev, d->kind, &d->m, d->scalar, arr_transpose(ev, d->a, perm));
	}
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(name, methods[i].name))
			return val_builtin(methods[i].name, methods[i].fn, self, NULL);
	return NULL;
}

static const char *const val_attrs[] = {"dtype", "shape", "ndim", "size", "itemsize", "T", "astype",
					"copy", "min", "max", "mean", "sum", "tolist", "item", "reshape", "ravel",
					"flatten", "argsort", "view", NULL};

#define DTV_SLOTS \
	.free = val_free, .getattr = val_getattr_slot, .repr = dtv_repr, .str = dtv_str, \
	.attrs = val_attrs, .getitem = val_getitem_slot, .setitem = val_setitem_slot, \
	.binop = dt_binop, .unop = dt_unop, .len = val_len_slot, .truth = val_truth_slot, \
	.hash = val_hash_slot, .iter = val_iter_slot

static enum typeid dtv_type_id(struct value *self)
{
	(void)self;
	return TY_NDARRAY;   /* isinstance(a, np.ndarray); the scalars are not */
}

static const struct objtype dtv_type = { .name = "numpy.ndarray", DTV_SLOTS, .type_id = dtv_type_id };
static const struct objtype dtv_m_type = { .name = "numpy.datetime64", DTV_SLOTS };
static const struct objtype dtv_td_type = { .name = "numpy.timedelta64", DTV_SLOTS };
