/*
 * flexdtype.c — the descriptors of flexible dtypes (struct fdt): np.dtype
 * of 'U5', 'S3', 'V8', 'f4,i4', 'i4, (2,3)f8', a list of (name, format[,
 * shape]) tuples, a {'names', 'formats'[, 'offsets', 'itemsize']} dict, a
 * {name: (format, offset)} dict, (base, shape) and (flexible, size) tuples;
 * their repr/str/.names/.fields/.descr/.itemsize ... as NumPy 2 prints
 * them, as a `numpy.dtype` object value.
 *
 * Byte orders other than the native little-endian one, titles, unions
 * ((base, fields)) and aligned structs are NotImplementedError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "array/flex/flex.h"
#include "array/dtype.h"
#include "array/arrapi.h"
#include "lang/error.h"

#define FDT_MAXDEPTH 1000
#define FDT_MAXSIZE ((int64_t)1 << 31) /* NumPy's itemsize is a C int */

void fdt_decref(struct fdt *d)
{
	if (!d || --d->refcnt > 0)
		return;
	for (int i = 0; i < d->nfields; i++) {
		free(d->fields[i].name);
		fdt_decref(d->fields[i].dt);
	}
	free(d->fields);
	fdt_decref(d->base);
	free(d);
}

static struct fdt *fdt_alloc(struct eval *ev, char kind)
{
	struct fdt *d = calloc(1, sizeof *d);
	if (!d)
		return err_nomem(ev);
	d->refcnt = 1;
	d->kind = kind;
	d->sized = 1;
	return d;
}

struct fdt *fdt_num(struct eval *ev, int dtype)
{
	struct fdt *d = fdt_alloc(ev, FK_NUM);
	if (d) {
		d->num = dtype;
		d->itemsize = dt_size(dtype);
	}
	return d;
}

struct fdt *fdt_new_str(struct eval *ev, char kind, int64_t chars)
{
	struct fdt *d;
	int64_t unit = kind == FK_U ? 4 : 1;
	if (chars < 0 || chars > FDT_MAXSIZE / unit)
		return err_set(ev, TY_ValueError, "data type size %lld is out of range", (long long)chars);
	d = fdt_alloc(ev, kind);
	if (d) {
		d->itemsize = chars * unit;
		d->sized = chars > 0;
	}
	return d;
}

int fdt_equal(const struct fdt *a, const struct fdt *b)
{
	if (a == b)
		return 1;
	if (!a || !b || a->kind != b->kind || a->itemsize != b->itemsize)
		return 0;
	if (a->kind == FK_NUM)
		return a->num == b->num;
	if (a->kind == FK_SUB) {
		if (a->sub_ndim != b->sub_ndim || !fdt_equal(a->base, b->base))
			return 0;
		return !memcmp(a->sub_shape, b->sub_shape, sizeof(int64_t) * a->sub_ndim);
	}
	if (a->nfields != b->nfields)
		return 0;
	for (int i = 0; i < a->nfields; i++)
		if (strcmp(a->fields[i].name, b->fields[i].name) || a->fields[i].offset != b->fields[i].offset ||
		    !fdt_equal(a->fields[i].dt, b->fields[i].dt))
			return 0;
	return 1;
}

/* ---- text ---- */

/* a numeric dtype as a descr string: '?', 'i1', 'u1', '<i4', '<f8' */
static void num_code(struct sbuf *b, int dt)
{
	const struct dtype_info *t = &dtype_table[dt];
	if (dt == DT_BOOL)
		sb_adds(b, "?");
	else if (t->itemsize == 1)
		sb_printf(b, "%c1", t->kind);
	else
		sb_printf(b, "<%c%d", t->kind, t->itemsize);
}

void fdt_str_code(struct sbuf *b, const struct fdt *d)
{
	switch (d->kind) {
	case FK_NUM: sb_adds(b, dtype_table[d->num].str); break;
	case FK_U: sb_printf(b, "<U%lld", (long long)(d->itemsize / 4)); break;
	case FK_S: sb_printf(b, "|S%lld", (long long)d->itemsize); break;
	default: sb_printf(b, "|V%lld", (long long)d->itemsize); break;
	}
}

static void shape_text(struct sbuf *b, int ndim, const int64_t *shape)
{
	sb_adds(b, "(");
	for (int i = 0; i < ndim; i++)
		sb_printf(b, "%s%lld", i ? ", " : "", (long long)shape[i]);
	sb_adds(b, ndim == 1 ? ",)" : ")");
}

static void py_str_repr(struct sbuf *b, const char *s)
{
	/* field names: Python's repr of a str (quotes chosen as Python does) */
	int dq = strchr(s, '\'') && !strchr(s, '"');
	char q = dq ? '"' : '\'';
	sb_addc(b, q);
	for (const char *p = s; *p; p++) {
		if (*p == q || *p == '\\')
			sb_addc(b, '\\');
		sb_addc(b, *p);
	}
	sb_addc(b, q);
}

static void list_text(struct sbuf *b, const struct fdt *d);

/* a field's format in a list: '<i4', 'S10', '<U' (unsized), [...] */
static void field_format(struct sbuf *b, const struct fdt *d)
{
	switch (d->kind) {
	case FK_NUM: num_code(b, d->num); break;
	case FK_U:
		if (d->sized)
			sb_printf(b, "'<U%lld'", (long long)(d->itemsize / 4));
		else
			sb_adds(b, "'<U'");
		return;
	case FK_S:
		if (d->sized)
			sb_printf(b, "'S%lld'", (long long)d->itemsize);
		else
			sb_adds(b, "'S'");
		return;
	case FK_V:
		if (d->nfields) {
			list_text(b, d);
			return;
		}
		sb_printf(b, "'V%lld'", (long long)d->itemsize);
		return;
	default: break;
	}
	/* FK_NUM lands here with its code unquoted: quote it */
}

static void quoted_format(struct sbuf *b, const struct fdt *d)
{
	if (d->kind == FK_NUM) {
		sb_addc(b, '\'');
		num_code(b, d->num);
		sb_addc(b, '\'');
	} else {
		field_format(b, d);
	}
}

static void list_text(struct sbuf *b, const struct fdt *d)
{
	if (!d->packed) {
		sb_adds(b, "{'names': [");
		for (int i = 0; i < d->nfields; i++) {
			if (i)
				sb_adds(b, ", ");
			py_str_repr(b, d->fields[i].name);
		}
		sb_adds(b, "], 'formats': [");
		for (int i = 0; i < d->nfields; i++) {
			if (i)
				sb_adds(b, ", ");
			quoted_format(b, d->fields[i].dt);
		}
		sb_adds(b, "], 'offsets': [");
		for (int i = 0; i < d->nfields; i++)
			sb_printf(b, "%s%lld", i ? ", " : "", (long long)d->fields[i].offset);
		sb_printf(b, "], 'itemsize': %lld}", (long long)d->itemsize);
		return;
	}
	sb_adds(b, "[");
	for (int i = 0; i < d->nfields; i++) {
		const struct fdt *f = d->fields[i].dt;
		sb_adds(b, i ? ", (" : "(");
		py_str_repr(b, d->fields[i].name);
		sb_adds(b, ", ");
		if (f->kind == FK_SUB) {
			quoted_format(b, f->base);
			sb_adds(b, ", ");
			shape_text(b, f->sub_ndim, f->sub_shape);
		} else {
			quoted_format(b, f);
		}
		sb_adds(b, ")");
	}
	sb_adds(b, "]");
}

void fdt_repr_arg(struct sbuf *b, const struct fdt *d)
{
	if (d->kind == FK_V && d->nfields) {
		list_text(b, d);
	} else if (d->kind == FK_SUB) {
		sb_adds(b, "(");
		quoted_format(b, d->base);
		sb_adds(b, ", ");
		shape_text(b, d->sub_ndim, d->sub_shape);
		sb_adds(b, ")");
	} else if (d->kind == FK_NUM) {
		sb_printf(b, "'%s'", dtype_table[d->num].name);
	} else {
		field_format(b, d);
	}
}

/* ---- parsing ---- */

static struct fdt *parse(struct eval *ev, struct value *v, int depth);

static void *not_understood(struct eval *ev, const char *s)
{
	return err_set(ev, TY_TypeError, "data type '%s' not understood", s);
}

/* 'U5', '<U5', '=U', '|S3', 'a5', 'V8', 'str', 'bytes' ...: 1 with *out,
 * 0 when s is no flexible spec, -1 on error */
static int parse_flex_word(struct eval *ev, const char *s, struct fdt **out)
{
	const char *p = s;
	char kind;
	int64_t n = 0;
	if (!strcmp(s, "str") || !strcmp(s, "unicode") || !strcmp(s, "str_"))
		return (*out = fdt_new_str(ev, FK_U, 0)) ? 1 : -1;
	if (!strcmp(s, "bytes") || !strcmp(s, "bytes_"))
		return (*out = fdt_new_str(ev, FK_S, 0)) ? 1 : -1;
	if (!strcmp(s, "void"))
		return (*out = fdt_new_str(ev, FK_V, 0)) ? 1 : -1;
	if (*p == '>' && (p[1] == 'U')) {
		err_set(ev, TY_NotImplementedError, "data type '%s': Lumen's string arrays are "
			"little-endian only", s);
		return -1;
	}
	if (*p == '<' || *p == '=' || *p == '|')
		p++;
	kind = *p == 'a' ? 'S' : *p;
	if (kind != 'U' && kind != 'S' && kind != 'V')
		return 0;
	p++;
	if (*p && !isdigit((unsigned char)*p)) {
		/* 'Sx', 'S-1': NumPy's words */
		not_understood(ev, s);
		return -1;
	}
	for (; *p; p++) {
		if (!isdigit((unsigned char)*p) || n > FDT_MAXSIZE) {
			not_understood(ev, s);
			return -1;
		}
		n = n * 10 + (*p - '0');
	}
	if (n > FDT_MAXSIZE / (kind == 'U' ? 4 : 1)) {
		not_understood(ev, s);
		return -1;
	}
	return (*out = fdt_new_str(ev, kind, n)) ? 1 : -1;
}

static struct fdt *subarray(struct eval *ev, struct fdt *base, int ndim, const int64_t *shape)
{
	struct fdt *d;
	int64_t n = 1;
	if (!ndim)
		return base;
	for (int i = 0; i < ndim; i++) {
		if (shape[i] < 0) {
			fdt_decref(base);
			return err_set(ev, TY_ValueError, "invalid shape in fixed-type tuple: "
				       "dimension smaller then zero.");
		}
		if (shape[i] && n > FDT_MAXSIZE / shape[i]) {
			fdt_decref(base);
			return err_set(ev, TY_ValueError, "invalid shape in fixed-type tuple: "
				       "dtype size in bytes must fit into a C int.");
		}
		n *= shape[i];
	}
	if (base->itemsize && n > FDT_MAXSIZE / base->itemsize) {
		fdt_decref(base);
		return err_set(ev, TY_ValueError, "invalid shape in fixed-type tuple: "
			       "dtype size in bytes must fit into a C int.");
	}
	if (base->kind == FK_SUB) { /* (('i4', 2), 3): shapes concatenate */
		fdt_decref(base);
		return err_set(ev, TY_NotImplementedError, "nested sub-array dtypes are not supported by Lumen");
	}
	d = fdt_alloc(ev, FK_SUB);
	if (!d) {
		fdt_decref(base);
		return NULL;
	}
	d->base = base;
	d->sub_ndim = ndim;
	memcpy(d->sub_shape, shape, sizeof(int64_t) * ndim);
	d->itemsize = n * base->itemsize;
	return d;
}

/* fields given as names, dtypes (stolen), offsets (NULL: packed) */
static struct fdt *structured(struct eval *ev, int n, char **names, struct fdt **dts,
			      const int64_t *offsets, int64_t itemsize)
{
	struct fdt *d = fdt_alloc(ev, FK_V);
	int64_t off = 0, end = 0;
	if (d)
		d->fields = calloc(n ? n : 1, sizeof *d->fields);
	if (!d || !d->fields) {
		for (int i = 0; i < n; i++) {
			free(names[i]);
			fdt_decref(dts[i]);
		}
		fdt_decref(d);
		return d ? err_nomem(ev) : NULL;
	}
	d->packed = 1;
	for (int i = 0; i < n; i++) {
		d->fields[i].name = names[i];
		d->fields[i].dt = dts[i];
		d->nfields = i + 1;
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < i; j++)
			if (!strcmp(names[j], names[i])) {
				err_set(ev, TY_ValueError, "field '%s' occurs more than once", names[i]);
				fdt_decref(d);
				return NULL;
			}
		if (offsets) {
			if (offsets[i] < 0 || offsets[i] > FDT_MAXSIZE) {
				err_set(ev, TY_ValueError, "offset %lld of field '%s' is out of range",
					(long long)offsets[i], names[i]);
				fdt_decref(d);
				return NULL;
			}
			if (offsets[i] != off)
				d->packed = 0;
			off = offsets[i];
		}
		d->fields[i].offset = off;
		off += dts[i]->itemsize;
		if (off > FDT_MAXSIZE) {
			err_set(ev, TY_ValueError, "the dtype's itemsize is too large");
			fdt_decref(d);
			return NULL;
		}
		if (off > end)
			end = off;
	}
	if (itemsize >= 0) {
		if (itemsize < end) {
			err_set(ev, TY_ValueError, "NumPy dtype descriptor requires %lld bytes, cannot "
				"override to smaller itemsize of %lld", (long long)end, (long long)itemsize);
			fdt_decref(d);
			return NULL;
		}
		if (itemsize != end)
			d->packed = 0;
		end = itemsize;
	}
	d->itemsize = end;
	return d;
}

/* '(2,3)' at *pp: a shape prefix of a comma-list item */
static int shape_prefix(const char **pp, int *ndim, int64_t *shape)
{
	const char *p = *pp;
	*ndim = 0;
	if (*p != '(') {
		int64_t n = 0;
		if (!isdigit((unsigned char)*p))
			return 0;
		while (isdigit((unsigned char)*p) && n < FDT_MAXSIZE)
			n = n * 10 + (*p++ - '0');
		shape[(*ndim)++] = n;
		*pp = p;
		return 0;
	}
	p++;
	for (;;) {
		int64_t n = 0;
		while (*p == ' ')
			p++;
		if (*p == ')')
			break;
		if (!isdigit((unsigned char)*p) || *ndim >= ND_MAXDIM)
			return -1;
		while (isdigit((unsigned char)*p) && n < FDT_MAXSIZE)
			n = n * 10 + (*p++ - '0');
		shape[(*ndim)++] = n;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p != ')')
			return -1;
	}
	*pp = p + 1;
	return 0;
}

/* one word of a comma list, or a whole spec: numeric or flexible */
static struct fdt *parse_word(struct eval *ev, const char *s, const char *whole)
{
	struct fdt *d = NULL;
	int dt, r = parse_flex_word(ev, s, &d);
	if (r)
		return r > 0 ? d : NULL;
	dt = dt_from_string(s);
	if (dt < 0)
		return not_understood(ev, whole);
	return fdt_num(ev, dt);
}

/* 'f4,i4', 'i4, (2,3)f8', '3i4,f8' */
static struct fdt *parse_comma(struct eval *ev, const char *s)
{
	int n = 1, k = 0, depth = 0;
	char **names, *copy;
	struct fdt **dts;
	for (const char *p = s; *p; p++) {
		depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		n += *p == ',' && !depth;
	}
	if (s[strlen(s) - 1] == ',')  /* 'i4,': one field */
		n--;
	if (n > 4096)
		return err_set(ev, TY_ValueError, "too many fields in '%s'", s);
	names = calloc(n, sizeof *names);
	dts = calloc(n, sizeof *dts);
	copy = strdup(s);
	if (!names || !dts || !copy) {
		free(names);
		free(dts);
		free(copy);
		return err_nomem(ev);
	}
	for (char *p = copy; k < n; k++) {
		char *e = p, word[64];
		int ndim;
		int64_t shape[ND_MAXDIM];
		const char *q;
		depth = 0;
		while (*e && (*e != ',' || depth)) {
			depth += *e == '(' ? 1 : *e == ')' ? -1 : 0;
			e++;
		}
		while (*p == ' ')
			p++;
		q = p;
		if (shape_prefix(&q, &ndim, shape) < 0)
			goto bad;
		while (*q == ' ')
			q++;
		size_t wl = (size_t)(e - q);
		while (wl && q[wl - 1] == ' ')
			wl--;
		if (!wl || wl >= sizeof word)
			goto bad;
		memcpy(word, q, wl);
		word[wl] = 0;
		dts[k] = parse_word(ev, word, s);
		if (dts[k])
			dts[k] = subarray(ev, dts[k], ndim, shape);
		names[k] = malloc(24);
		if (!dts[k] || !names[k])
			goto fail;
		snprintf(names[k], 24, "f%d", k);
		p = *e ? e + 1 : e;
	}
	free(copy);
	{
		struct fdt *d = structured(ev, n, names, dts, NULL, -1);
		free(names);
		free(dts);
		return d;
	}
bad:
	not_understood(ev, s);
fail:
	for (int i = 0; i < n; i++) {
		free(names[i]);
		fdt_decref(dts[i]);
	}
	free(names);
	free(dts);
	free(copy);
	if (!err_occurred(ev))
		err_nomem(ev);
	return NULL;
}

static int shape_of(struct eval *ev, struct value *v, int *ndim, int64_t *shape)
{
	if (v->type == VT_INT) {
		*ndim = 1;
		shape[0] = v->u.i;
		return 0;
	}
	if (v->type == VT_TUPLE || v->type == VT_LIST)
		return arr_parse_shape(ev, v, ndim, shape);
	err_set(ev, TY_TypeError, "invalid shape in fixed-type tuple.");
	return -1;
}

/* a field tuple (name, format[, shape]) */
static int parse_field(struct eval *ev, struct value *t, int i, char **name, struct fdt **dt, int depth)
{
	struct value *nm, *fm;
	if (t->type != VT_TUPLE || t->u.seq.n < 2 || t->u.seq.n > 3) {
		char *r = val_repr(ev, t);
		if (t->type == VT_TUPLE || t->type == VT_LIST)
			err_set(ev, TY_TypeError, "Field elements must be 2- or 3-tuples, got '%s'", r ? r : "?");
		else
			err_set(ev, TY_TypeError, "Field elements must be tuples, got '%s'", r ? r : "?");
		free(r);
		return -1;
	}
	nm = t->u.seq.items[0];
	fm = t->u.seq.items[1];
	if (nm->type == VT_TUPLE) {
		err_set(ev, TY_NotImplementedError, "field titles are not supported by Lumen");
		return -1;
	}
	if (nm->type != VT_STR) {
		err_set(ev, TY_TypeError, "First element of field tuple is neither a tuple nor str");
		return -1;
	}
	if (nm->u.str->s[0]) {
		*name = strdup(nm->u.str->s);
	} else {
		*name = malloc(24);
		if (*name)
			snprintf(*name, 24, "f%d", i);
	}
	if (!*name) {
		err_nomem(ev);
		return -1;
	}
	*dt = parse(ev, fm, depth + 1);
	if (!*dt)
		return -1;
	if (t->u.seq.n == 3) {
		int ndim;
		int64_t shape[ND_MAXDIM];
		struct value *sv = t->u.seq.items[2];
		if (((*dt)->kind == FK_U || (*dt)->kind == FK_S || (*dt)->kind == FK_V) && !(*dt)->sized &&
		    sv->type == VT_INT) {
			char k = (*dt)->kind;
			fdt_decref(*dt);
			*dt = fdt_new_str(ev, k, sv->u.i);
			return *dt ? 0 : -1;
		}
		if (shape_of(ev, sv, &ndim, shape) < 0)
			return -1;
		*dt = subarray(ev, *dt, ndim, shape);
		if (!*dt)
			return -1;
	}
	return 0;
}

static struct fdt *parse_list(struct eval *ev, struct value *v, int depth)
{
	size_t n = v->u.seq.n;
	char **names = calloc(n ? n : 1, sizeof *names);
	struct fdt **dts = calloc(n ? n : 1, sizeof *dts), *d;
	if (!names || !dts) {
		free(names);
		free(dts);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < n; i++)
		if (parse_field(ev, v->u.seq.items[i], (int)i, &names[i], &dts[i], depth) < 0) {
			for (size_t j = 0; j <= i; j++) {
				free(names[j]);
				fdt_decref(dts[j]);
			}
			free(names);
			free(dts);
			return NULL;
		}
	d = structured(ev, (int)n, names, dts, NULL, -1);
	free(names);
	free(dts);
	return d;
}

/* {'names': [...], 'formats': [...], 'offsets': [...], 'itemsize': n}, or
 * {name: (format, offset), ...} */
static struct fdt *parse_dict(struct eval *ev, struct value *v, int depth)
{
	struct value *names = dict_getstr_borrow(v, "names"), *formats = dict_getstr_borrow(v, "formats");
	struct value *offs = dict_getstr_borrow(v, "offsets"), *isz = dict_getstr_borrow(v, "itemsize");
	struct dict *dd = v->u.dict;
	size_t n = 0;
	char **nm;
	struct fdt **dts, *d = NULL;
	int64_t *off, itemsize = -1;
	int with_off = 0;

	if (dict_getstr_borrow(v, "titles") || dict_getstr_borrow(v, "aligned"))
		return err_set(ev, TY_NotImplementedError, "dtype titles and aligned structs are not supported by Lumen");
	if (names || formats) {
		if (!names || !formats || (names->type != VT_LIST && names->type != VT_TUPLE) ||
		    (formats->type != VT_LIST && formats->type != VT_TUPLE))
			return err_set(ev, TY_ValueError, "entry not found (names and formats are required)");
		n = names->u.seq.n;
		if (formats->u.seq.n != n || (offs && ((offs->type != VT_LIST && offs->type != VT_TUPLE) ||
						       offs->u.seq.n != n)))
			return err_set(ev, TY_ValueError, "all items in the dictionary must have the same length.");
		if (isz && val_as_int64(ev, isz, &itemsize) < 0)
			return NULL;
	} else {
		for (size_t i = 0; i < dd->n; i++)
			n += dd->entries[i].key != NULL;
	}
	nm = calloc(n ? n : 1, sizeof *nm);
	dts = calloc(n ? n : 1, sizeof *dts);
	off = calloc(n ? n : 1, sizeof *off);
	if (!nm || !dts || !off) {
		err_nomem(ev);
		goto out;
	}
	if (names) {
		for (size_t i = 0; i < n; i++) {
			struct value *k = names->u.seq.items[i];
			if (k->type != VT_STR) {
				err_set(ev, TY_ValueError, "field names must be strings");
				goto fail;
			}
			nm[i] = strdup(k->u.str->s);
			dts[i] = parse(ev, formats->u.seq.items[i], depth + 1);
			if (!nm[i] || !dts[i])
				goto fail;
			if (offs && val_as_int64(ev, offs->u.seq.items[i], &off[i]) < 0)
				goto fail;
		}
		with_off = offs != NULL;
	} else {
		size_t k = 0;
		for (size_t i = 0; i < dd->n; i++) {
			struct value *key = dd->entries[i].key, *t = dd->entries[i].val;
			if (!key)
				continue;
			if (key->type != VT_STR || t->type != VT_TUPLE || t->u.seq.n < 2 || t->u.seq.n > 2) {
				err_set(ev, TY_NotImplementedError, "this dict form of a dtype is not supported by Lumen");
				goto fail;
			}
			nm[k] = strdup(key->u.str->s);
			dts[k] = parse(ev, t->u.seq.items[0], depth + 1);
			if (!nm[k] || !dts[k] || val_as_int64(ev, t->u.seq.items[1], &off[k]) < 0) {
				k++;
				goto fail;
			}
			k++;
		}
		/* fields in the order of their offsets (stable) */
		for (size_t i = 1; i < n; i++)
			for (size_t j = i; j > 0 && off[j - 1] > off[j]; j--) {
				int64_t to = off[j]; off[j] = off[j - 1]; off[j - 1] = to;
				char *tn = nm[j]; nm[j] = nm[j - 1]; nm[j - 1] = tn;
				struct fdt *td = dts[j]; dts[j] = dts[j - 1]; dts[j - 1] = td;
			}
		with_off = 1;
	}
	for (size_t i = 0; with_off && i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i != j && off[i] < off[j] + dts[j]->itemsize && off[j] < off[i] + dts[i]->itemsize &&
			    dts[i]->itemsize && dts[j]->itemsize) {
				err_set(ev, TY_NotImplementedError, "overlapping fields (unions) are not supported by Lumen");
				goto fail;
			}
	d = structured(ev, (int)n, nm, dts, with_off ? off : NULL, itemsize);
	goto out;
fail:
	for (size_t i = 0; i < n; i++) {
		free(nm[i]);
		fdt_decref(dts[i]);
	}
out:
	free(nm);
	free(dts);
	free(off);
	return d;
}

static struct fdt *parse(struct eval *ev, struct value *v, int depth)
{
	struct fdt *d = fdt_borrow(v);
	int dt = -1;
	if (depth > FDT_MAXDEPTH)
		return err_set(ev, TY_RecursionError, "dtype nesting is too deep");
	if (d)
		return fdt_incref(d);
	switch (v->type) {
	case VT_STR: {
		const char *s = v->u.str->s;
		int r;
		if (strchr(s, ','))
			return parse_comma(ev, s);
		r = parse_flex_word(ev, s, &d);
		if (r)
			return r > 0 ? d : NULL;
		{
			const char *q = s;
			int ndim;
			int64_t shape[ND_MAXDIM];
			if ((*q == '(' || isdigit((unsigned char)*q)) && shape_prefix(&q, &ndim, shape) == 0 && ndim) {
				d = parse_word(ev, q, s);
				return d ? subarray(ev, d, ndim, shape) : NULL;
			}
		}
		break;
	}
	case VT_TYPE:
		if (v->u.ty == TY_STR)
			return fdt_new_str(ev, FK_U, 0);
		if (v->u.ty == TY_BYTES)
			return fdt_new_str(ev, FK_S, 0);
		break;
	case VT_DTYPE:
		if (v->u.dt.is_type == DT_TYPE_ABSTRACT) {
			if (v->u.dt.dtype == AB_STR)
				return fdt_new_str(ev, FK_U, 0);
			if (v->u.dt.dtype == AB_BYTES)
				return fdt_new_str(ev, FK_S, 0);
			if (v->u.dt.dtype == AB_VOID)
				return fdt_new_str(ev, FK_V, 0);
		}
		break;
	case VT_LIST:
		return parse_list(ev, v, depth);
	case VT_DICT:
		return parse_dict(ev, v, depth);
	case VT_TUPLE: {
		struct value *b;
		int ndim;
		int64_t shape[ND_MAXDIM];
		if (v->u.seq.n != 2)
			return err_set(ev, TY_TypeError, "Tuple must have size 2, but has size %zu", v->u.seq.n);
		b = v->u.seq.items[1];
		if (b->type == VT_DICT || b->type == VT_LIST)
			return err_set(ev, TY_NotImplementedError, "union dtypes ((base, fields)) are not supported by Lumen");
		d = parse(ev, v->u.seq.items[0], depth + 1);
		if (!d)
			return NULL;
		if ((d->kind == FK_U || d->kind == FK_S || d->kind == FK_V) && !d->sized && !d->nfields &&
		    b->type == VT_INT) {
			char k = d->kind;
			fdt_decref(d);
			return fdt_new_str(ev, k, b->u.i);
		}
		if (shape_of(ev, b, &ndim, shape) < 0) {
			fdt_decref(d);
			return NULL;
		}
		return subarray(ev, d, ndim, shape);
	}
	default:
		break;
	}
	if (arr_parse_dtype(ev, v, &dt) < 0)
		return NULL;
	if (dt < 0)
		dt = DT_FLOAT64;  /* np.dtype(None) is float64 */
	return fdt_num(ev, dt);
}

int fdt_parse(struct eval *ev, struct value *v, struct fdt **out)
{
	struct fdt *d;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_STR) {
		/* a numeric word stays numeric: the numeric path's own messages */
		const char *s = v->u.str->s;
		if (!strchr(s, ',') && !strchr(s, '(') && !isdigit((unsigned char)s[0]) &&
		    !strchr("USVa", s[(s[0] == '<' || s[0] == '|' || s[0] == '=' || s[0] == '>') ? 1 : 0]) &&
		    strcmp(s, "str") && strcmp(s, "bytes") && strcmp(s, "unicode") && strcmp(s, "void") &&
		    strcmp(s, "str_") && strcmp(s, "bytes_"))
			return 0;
	} else if (v->type == VT_DTYPE) {
		if (v->u.dt.is_type != DT_TYPE_ABSTRACT ||
		    (v->u.dt.dtype != AB_STR && v->u.dt.dtype != AB_BYTES && v->u.dt.dtype != AB_VOID))
			return 0;
	} else if (v->type == VT_TYPE) {
		if (v->u.ty != TY_STR && v->u.ty != TY_BYTES)
			return 0;
	} else if (v->type != VT_LIST && v->type != VT_DICT && v->type != VT_TUPLE && !fdt_borrow(v)) {
		return 0;
	}
	d = parse(ev, v, 0);
	if (!d)
		return -1;
	if (d->kind == FK_NUM) {
		fdt_decref(d);
		return 0;
	}
	*out = d;
	return 1;
}
