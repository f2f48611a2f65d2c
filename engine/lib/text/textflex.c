/*
 * textflex.c — np.loadtxt / np.genfromtxt into string and record arrays
 * (issue #16): dtype='U...'/'S...', a structured dtype, genfromtxt's
 * names=[...] (with dtype=None: each column's type found as NumPy's
 * StringConverter finds it, int, float or str) and fixed-width columns
 * (delimiter=[1, 3, 5]).  Every call without a flexible dtype or names
 * goes on to textio.c's reader unchanged (this table is published after
 * it: a later name wins).  converters=, usecols=, unpack=, max_rows= and
 * masks with a flexible dtype are NotImplementedError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/flex/flex.h"
#include "array/arrapi.h"
#include "array/dtype.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lib/text/txtparse.h"
#include "lib/text/textio_int.h"
#include "pyobj/bytesobj.h"

const struct arr_func arr_textflex_funcs[];

static struct value *call_prev(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	return arr_call_next(ev, NS_TOP, arr_textflex_funcs, bi, argc, argv, kw);
}

static int one_char(struct eval *ev, struct value *v, int def, const char *what, int *out)
{
	*out = def;
	if (!v || v->type == VT_NONE) {
		if (v)
			*out = TXT_NONE;
		return 0;
	}
	if (v->type != VT_STR || v->u.str->len != 1) {
		err_set(ev, TY_NotImplementedError, "%s of more than one character with a string or record dtype "
			"is not supported by Lumen", what);
		return -1;
	}
	*out = (unsigned char)v->u.str->s[0];
	return 0;
}

struct rows {
	struct value *list;  /* of tuples of str */
	int64_t nrows;
	int ncols;
};

/* every row of the input as a tuple of its fields' text */
static int read_rows(struct eval *ev, const char *fn, struct value *fname, int delim, int comment, int quote,
		     int64_t skip, const int64_t *widths, int nw, int strip, struct rows *r)
{
	struct lines_src src;
	struct txt_tok t;
	int rc = 0;
	int64_t row = 0;
	memset(r, 0, sizeof *r);
	if (textio_src_open(ev, fn, &src, fname, NULL, 1) < 0)
		return -1;
	r->list = val_list_new(0, NULL);
	/* fixed widths: the whole line is one field (0x1f never splits it), cut below */
	txt_init(&t, nw ? 0x1f : delim, comment, nw ? TXT_NONE : quote, (struct txt_source){textio_src_next, &src});
	while (rc == 0 && r->list) {
		rc = txt_row(&t);
		if (rc < 0) {
			if (!err_occurred(ev))
				err_set(ev, TY_ValueError, "%s", t.err);
			break;
		}
		if (!t.nf || (t.nf == 1 && !nw && delim == TXT_NONE && !t.off[1]))
			continue;
		if (row++ < skip)
			continue;
		size_t nf = nw ? (size_t)nw : t.nf;
		struct value **items = calloc(nf, sizeof *items);
		if (!items) {
			err_nomem(ev);
			rc = -1;
			break;
		}
		if (nw) {
			size_t len, at = 0;
			const char *s = txt_field(&t, 0, &len);
			while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
				len--;
			for (int k = 0; k < nw; k++) {
				size_t w = (size_t)widths[k], take = at < len ? (len - at < w ? len - at : w) : 0;
				items[k] = val_str(s + at, take);
				at += take;
			}
		} else {
			for (size_t k = 0; k < nf; k++) {
				size_t len;
				const char *s = txt_field(&t, k, &len);
				/* genfromtxt strips the line's ends (line.strip(" \r\n")) */
				while (strip && k == 0 && len && *s == ' ')
					s++, len--;
				while (strip && k == nf - 1 && len && s[len - 1] == ' ')
					len--;
				items[k] = val_str(s, len);
			}
		}
		if (!r->ncols)
			r->ncols = (int)nf;
		else if ((int)nf != r->ncols) {
			for (size_t k = 0; k < nf; k++)
				val_decref(items[k]);
			free(items);
			err_set(ev, TY_ValueError, "the number of columns changed from %d to %zu at row %lld; use "
				"`usecols` to select a subset and avoid this error", r->ncols, nf, (long long)r->nrows + 1);
			rc = -1;
			break;
		}
		list_append(r->list, val_tuple_new(nf, items));
		free(items);
		r->nrows++;
	}
	txt_free(&t);
	textio_src_close(&src);
	if (rc < 0 || !r->list) {
		val_decref(r->list);
		r->list = NULL;
		return -1;
	}
	return 0;
}

static int strip_eq(const char *s, size_t n, const char *w)
{
	while (n && txt_is_space((unsigned char)*s))
		s++, n--;
	while (n && txt_is_space((unsigned char)s[n - 1]))
		n--;
	return strlen(w) == n && !strncmp(s, w, n);
}

/* genfromtxt's dtype=None: int, then float, then str of the longest */
static struct fdt *infer_column(struct eval *ev, const struct rows *r, int c)
{
	int can_int = 1, can_float = 1, can_bool = 1;
	int64_t maxlen = 0;
	for (int64_t i = 0; i < r->nrows; i++) {
		struct str *s = r->list->u.seq.items[i]->u.seq.items[c]->u.str;
		int64_t iv;
		double dv;
		size_t b = 0;
		while (b < s->len && txt_is_space((unsigned char)s->s[b]))
			b++;
		if (b == s->len)
			return err_set(ev, TY_NotImplementedError, "genfromtxt: missing values in a column of a record "
				       "result are not supported by Lumen");
		if (can_bool && !strip_eq(s->s, s->len, "True") && !strip_eq(s->s, s->len, "False") &&
		    !strip_eq(s->s, s->len, "true") && !strip_eq(s->s, s->len, "false") &&
		    !strip_eq(s->s, s->len, "TRUE") && !strip_eq(s->s, s->len, "FALSE"))
			can_bool = 0;
		if (can_int && txt_parse_int(s->s, s->len, INT64_MIN, INT64_MAX, &iv) < 0)
			can_int = 0;
		if (can_float && txt_parse_double(s->s, s->len, &dv) < 0)
			can_float = 0;
		int64_t n = 0;
		for (size_t k = 0; k < s->len; k++)
			n += ((unsigned char)s->s[k] & 0xC0) != 0x80;
		if (n > maxlen)
			maxlen = n;
	}
	if (r->nrows && can_bool)
		return fdt_num(ev, DT_BOOL);
	if (r->nrows && can_int)
		return fdt_num(ev, DT_INT64);
	if (r->nrows && can_float)
		return fdt_num(ev, DT_FLOAT64);
	return fdt_new_str(ev, FK_U, maxlen ? maxlen : 1);
}

/* a record dtype of the given fields' dtypes (stolen) and names */
static struct fdt *record_of(struct eval *ev, int n, struct fdt **dts, struct value *names)
{
	struct value *list = val_list_new(0, NULL);
	struct fdt *d = NULL;
	for (int i = 0; list && i < n; i++) {
		char fname[24];
		struct value *nm;
		snprintf(fname, sizeof fname, "f%d", i);
		nm = names && i < (int)names->u.seq.n ? val_incref(names->u.seq.items[i]) : val_cstr(fname);
		struct value *it[2] = {nm, fdt_value(ev, fdt_incref(dts[i]))};
		if (!it[1]) {
			val_decref(nm);
			val_decref(list);
			list = NULL;
			break;
		}
		list_append(list, val_tuple_new(2, it));
	}
	for (int i = 0; i < n; i++)
		fdt_decref(dts[i]);
	if (list && fdt_parse(ev, list, &d) == 0 && !err_occurred(ev))
		err_set(ev, TY_ValueError, "no fields");
	val_decref(list);
	return d;
}

static int store_text(struct eval *ev, const struct fdt *d, char *p, struct value *s, int64_t row, int col)
{
	if (d->kind == FK_S) {
		struct value *b = val_bytes(s->u.str->s, s->u.str->len);
		int rc = b ? farr_store(ev, d, p, b) : -1;
		val_decref(b);
		return rc;
	}
	if (d->kind == FK_NUM && d->num == DT_BOOL) {
		struct npscalar sc = { .dtype = DT_BOOL };
		sc.v.b = strip_eq(s->u.str->s, s->u.str->len, "True") || strip_eq(s->u.str->s, s->u.str->len, "true") ||
			 strip_eq(s->u.str->s, s->u.str->len, "TRUE");
		if (!sc.v.b && !strip_eq(s->u.str->s, s->u.str->len, "False") &&
		    !strip_eq(s->u.str->s, s->u.str->len, "false") && !strip_eq(s->u.str->s, s->u.str->len, "FALSE"))
			goto bad;
		farr_num_store(DT_BOOL, p, &sc);
		return 0;
	}
	if (d->kind == FK_NUM && !dt_is_complex(d->num) && d->num != DT_BOOL) {
		struct npscalar sc;
		memset(&sc, 0, sizeof sc);
		if (dt_is_int(d->num)) {
			int64_t v;
			if (txt_parse_int(s->u.str->s, s->u.str->len, INT64_MIN, INT64_MAX, &v) < 0)
				goto bad;
			sc.dtype = DT_INT64;
			sc.v.i = v;
			if (arr_check_pyint(ev, v, d->num) < 0)
				return -1;
		} else {
			double v;
			if (txt_parse_double(s->u.str->s, s->u.str->len, &v) < 0)
				goto bad;
			sc.dtype = DT_FLOAT64;
			sc.v.f = v;
		}
		farr_num_store(d->num, p, &sc);
		return 0;
	}
	return farr_store(ev, d, p, s);
bad:
	err_set(ev, TY_ValueError, "could not convert string '%s' to %s at row %lld, column %d.", s->u.str->s,
		dtype_table[d->num].name, (long long)row, col + 1);
	return -1;
}

static struct value *load(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			  const struct kwargs *kw, int gen)
{
	struct value *fname = args_at(argc, argv, kw, 0, "fname"), *dtv = args_at(argc, argv, kw, 1, "dtype");
	struct value *names = gen ? args_at(argc, argv, kw, 10, "names") : NULL;
	struct value *delim = args_at(argc, argv, kw, 3, "delimiter");
	struct value *comments = args_at(argc, argv, kw, 2, "comments");
	struct value *skipv = gen ? args_at(argc, argv, kw, 4, "skip_header") : args_at(argc, argv, kw, 5, "skiprows");
	struct value *quote = gen ? NULL : args_kw(kw, "quotechar");
	struct fdt *d = NULL;
	int k, dl = TXT_NONE, cm = '#', qt = TXT_NONE, nw = 0;
	int64_t skip = 0, widths[64];
	struct rows r;
	struct farr *a;
	static const char *const unsupported[] = {"converters", "usecols", "unpack", "max_rows", "usemask",
		"missing_values", "filling_values", "skip_footer", "excludelist", "ndmin", NULL};

	int header = gen && names && names->type == VT_BOOL && names->u.i; /* names=True: the first row */
	int infer = gen && dtv && dtv->type == VT_NONE, numdt = -1;
	struct value *hnames = NULL;
	k = fdt_parse(ev, dtv, &d);
	if (k < 0)
		return NULL;
	if (names && (names->type != VT_LIST && names->type != VT_TUPLE))
		names = NULL;  /* a comma-separated string: textio.c's answer */
	if (!k) {
		if (gen && (names || header)) {
			if (!infer && arr_parse_dtype(ev, dtv, &numdt) < 0)
				return NULL;
			if (!infer && numdt < 0)
				numdt = DT_FLOAT64;
		} else if (infer) {
			/* textio.c first; its refusal of a record result is this reader's work */
			struct value *res = call_prev(ev, bi, argc, argv, kw), *e;
			if (res || !err_occurred(ev))
				return res;
			e = err_fetch(ev);
			if (!e || e->type != VT_EXCEPTION || e->u.exc.type != TY_NotImplementedError ||
			    !e->u.exc.msg || !strstr(e->u.exc.msg, "structured array") || strstr(e->u.exc.msg, "missing")) {
				err_set_value(ev, e);
				return NULL;
			}
			val_decref(e);
		} else {
			return call_prev(ev, bi, argc, argv, kw);
		}
	}
	if (arr_is_cupy(arr_be(bi))) {
		fdt_decref(d);
		return err_set(ev, TY_TypeError, "CuPy has no string or record arrays: a flexible dtype is not "
			       "supported by cupy.%s (use numpy)", bi->name);
	}
	for (int i = 0; unsupported[i]; i++) {
		struct value *v = args_kw(kw, unsupported[i]);
		if (v && v->type != VT_NONE && !(v->type == VT_BOOL && !v->u.i) && !(v->type == VT_INT && !v->u.i)) {
			fdt_decref(d);
			return err_set(ev, TY_NotImplementedError, "%s: %s= with a string or record dtype is not "
				       "supported by Lumen", bi->name, unsupported[i]);
		}
	}
	if (delim && (delim->type == VT_LIST || delim->type == VT_TUPLE) && gen) {
		nw = (int)delim->u.seq.n;
		if (nw < 1 || nw > 64) {
			fdt_decref(d);
			return err_set(ev, TY_ValueError, "genfromtxt: from 1 to 64 column widths are supported");
		}
		for (int i = 0; i < nw; i++)
			if (val_as_int64(ev, delim->u.seq.items[i], &widths[i]) < 0 || widths[i] < 0) {
				fdt_decref(d);
				return err_occurred(ev) ? NULL : err_set(ev, TY_ValueError, "negative column width");
			}
	} else if (one_char(ev, delim, TXT_NONE, "delimiter", &dl) < 0 ||
		   one_char(ev, comments, '#', "comments", &cm) < 0 ||
		   one_char(ev, quote, TXT_NONE, "quotechar", &qt) < 0) {
		fdt_decref(d);
		return NULL;
	}
	if (skipv && args_int(ev, skipv, 0, &skip) < 0) {
		fdt_decref(d);
		return NULL;
	}
	if (read_rows(ev, bi->name, fname, dl, cm, qt, skip, widths, nw, gen, &r) < 0) {
		fdt_decref(d);
		return NULL;
	}
	if (header && r.nrows) {
		/* the first row names the fields */
		struct value *row = r.list->u.seq.items[0];
		hnames = val_list_new(0, NULL);
		for (size_t c = 0; hnames && c < row->u.seq.n; c++) {
			struct str *f = row->u.seq.items[c]->u.str;
			size_t b = 0, e = f->len;
			while (b < e && txt_is_space((unsigned char)f->s[b]))
				b++;
			while (e > b && txt_is_space((unsigned char)f->s[e - 1]))
				e--;
			list_append(hnames, val_str(f->s + b, e - b));
		}
		struct value *rest = val_list_new(0, NULL);
		for (int64_t i = 1; rest && i < r.nrows; i++)
			list_append(rest, val_incref(r.list->u.seq.items[i]));
		val_decref(r.list);
		r.list = rest;
		r.nrows--;
		names = hnames;
		if (!rest || !hnames) {
			val_decref(hnames);
			fdt_decref(d);
			return err_nomem(ev);
		}
	}
	int rec = d && d->kind == FK_V && d->nfields;
	if (!d || (names && rec) || (names && d)) {
		/* dtype=None: each column's type; a numeric dtype with names: all
		 * fields of it; names given: the fields renamed */
		int n = r.ncols;
		struct fdt **dts = calloc(n ? n : 1, sizeof *dts);
		for (int c = 0; dts && c < n; c++)
			dts[c] = rec ? (c < d->nfields ? fdt_incref(d->fields[c].dt) : NULL) : d ? fdt_incref(d)
				: numdt >= 0 ? fdt_num(ev, numdt) : infer_column(ev, &r, c);
		for (int c = 0; dts && c < n; c++)
			if (!dts[c]) {
				for (int j = 0; j < n; j++)
					fdt_decref(dts[j]);
				free(dts);
				dts = NULL;
				if (!err_occurred(ev))
					err_set(ev, TY_ValueError, "the dtype has %d fields for %d columns", d ? d->nfields : 0, n);
			}
		struct fdt *nd = dts ? record_of(ev, n, dts, names) : NULL;
		free(dts);
		fdt_decref(d);
		val_decref(hnames);
		d = nd;
		if (!d) {
			val_decref(r.list);
			return NULL;
		}
		rec = 1;
	}
	if (rec && r.nrows && r.ncols != d->nfields) {
		val_decref(r.list);
		err_set(ev, TY_ValueError, "the dtype has %d fields for rows of %d columns", d->nfields, r.ncols);
		fdt_decref(d);
		return NULL;
	}
	if (!d->sized && !rec) {
		/* dtype='U': as long as the longest field */
		int64_t m = 1;
		for (int64_t i = 0; i < r.nrows; i++)
			for (int c = 0; c < r.ncols; c++) {
				struct str *s = r.list->u.seq.items[i]->u.seq.items[c]->u.str;
				int64_t n = 0;
				for (size_t q = 0; q < s->len; q++)
					n += d->kind == FK_S || ((unsigned char)s->s[q] & 0xC0) != 0x80;
				if (n > m)
					m = n;
			}
		struct fdt *nd = fdt_new_str(ev, d->kind, m);
		fdt_decref(d);
		d = nd;
		if (!d) {
			val_decref(r.list);
			return NULL;
		}
	}
	/* NumPy squeezes the result (ndmin=0) */
	int64_t shape[2];
	int ndim = 0;
	if (r.nrows != 1)
		shape[ndim++] = r.nrows;
	if (!rec && r.ncols != 1)
		shape[ndim++] = r.ncols;
	a = farr_new(ev, d, ndim, shape);
	for (int64_t i = 0; a && i < r.nrows; i++) {
		struct value *row = r.list->u.seq.items[i];
		for (int c = 0; c < r.ncols; c++) {
			int rc;
			if (rec)
				rc = store_text(ev, d->fields[c].dt, farr_item(a, i) + d->fields[c].offset,
						row->u.seq.items[c], i + 1, c);
			else
				rc = store_text(ev, d, farr_item(a, i * r.ncols + c), row->u.seq.items[c], i + 1, c);
			if (rc < 0) {
				farr_decref(a);
				a = NULL;
				break;
			}
		}
	}
	val_decref(r.list);
	fdt_decref(d);
	return a ? farr_value(ev, a) : NULL;
}

static struct value *f_loadtxt(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	return load(ev, bi, argc, argv, kw, 0);
}

static struct value *f_genfromtxt(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	return load(ev, bi, argc, argv, kw, 1);
}

const struct arr_func arr_textflex_funcs[] = {
	{"loadtxt", f_loadtxt, TXT_LOADTXT_SIG, TXT_LOADTXT_DOC},
	{"genfromtxt", f_genfromtxt, TXT_GENFROMTXT_SIG, TXT_GENFROMTXT_DOC},
	{NULL, NULL, NULL, NULL}
};
