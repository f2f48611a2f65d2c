/*
 * flexfmt.c — repr and str of flexible arrays and scalars, byte for byte
 * with NumPy 2: strings as Python reprs ('a', b'a'), a record as its
 * fields in parentheses, each field with one formatter over the whole
 * column (NumPy's StructuredVoidFormat), sub-array fields bracketed; the
 * summarising and wrapping are format.c's (fmt_body).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/flex/flex.h"
#include "array/format.h"
#include "array/dtype.h"
#include "lang/error.h"
#include "pyobj/bytesobj.h"

static int fmt_col(struct eval *ev, const struct fdt *d, const char **ptrs, int64_t n, int is0d,
		   char **strs);

static char *void_bytes(const char *p, int64_t n)
{
	struct sbuf b = {0};
	sb_adds(&b, "b'");
	for (int64_t i = 0; i < n; i++)
		sb_printf(&b, "\\x%02x", (unsigned char)p[i]);
	sb_adds(&b, "'");
	return sb_take(&b);
}

/* a sub-array item: nested brackets over its already formatted items */
static void sub_text(struct sbuf *b, const struct fdt *d, char **items, int64_t *k, int axis)
{
	sb_adds(b, "[");
	for (int64_t i = 0; i < d->sub_shape[axis]; i++) {
		if (i)
			sb_adds(b, ", ");
		if (axis == d->sub_ndim - 1)
			sb_adds(b, items[(*k)++]);
		else
			sub_text(b, d, items, k, axis + 1);
	}
	sb_adds(b, "]");
}

static int fmt_col(struct eval *ev, const struct fdt *d, const char **ptrs, int64_t n, int is0d,
		   char **strs)
{
	switch (d->kind) {
	case FK_NUM: {
		char *buf = malloc((size_t)d->itemsize * (n ? n : 1));
		if (!buf) {
			err_nomem(ev);
			return -1;
		}
		for (int64_t i = 0; i < n; i++)
			memcpy(buf + i * d->itemsize, ptrs[i], d->itemsize);
		int rc = fmt_format_items(buf, n, d->num, is0d, strs);
		free(buf);
		if (rc < 0)
			err_nomem(ev);
		return rc;
	}
	case FK_U:
	case FK_S:
		for (int64_t i = 0; i < n; i++) {
			struct value *v = farr_item_py(ev, d, ptrs[i]);
			if (!v || !(strs[i] = val_repr(ev, v))) {
				val_decref(v);
				return -1;
			}
			val_decref(v);
		}
		return 0;
	case FK_SUB: {
		int64_t per = d->itemsize / (d->base->itemsize ? d->base->itemsize : 1), all = per * n;
		const char **sp = malloc(sizeof *sp * (all ? all : 1));
		char **ss = calloc(all ? all : 1, sizeof *ss);
		int rc = -1;
		if (!sp || !ss) {
			err_nomem(ev);
			goto subout;
		}
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = 0; j < per; j++)
				sp[i * per + j] = ptrs[i] + j * d->base->itemsize;
		if (fmt_col(ev, d->base, sp, all, 0, ss) < 0)
			goto subout;
		for (int64_t i = 0; i < n; i++) {
			struct sbuf b = {0};
			int64_t k = i * per;
			if (per)
				sub_text(&b, d, ss, &k, 0);
			else
				sb_adds(&b, "[]");
			if (!(strs[i] = sb_take(&b))) {
				err_nomem(ev);
				goto subout;
			}
		}
		rc = 0;
subout:
		for (int64_t i = 0; ss && i < all; i++)
			free(ss[i]);
		free(ss);
		free(sp);
		return rc;
	}
	default:
		break;
	}
	if (!d->nfields) {
		for (int64_t i = 0; i < n; i++)
			if (!(strs[i] = void_bytes(ptrs[i], d->itemsize))) {
				err_nomem(ev);
				return -1;
			}
		return 0;
	}
	{
		/* one formatter per field over the column, then "(a, b)" */
		char ***cols = calloc(d->nfields, sizeof *cols);
		const char **fp = malloc(sizeof *fp * (n ? n : 1));
		int rc = -1;
		if (!cols || !fp) {
			err_nomem(ev);
			goto recout;
		}
		for (int f = 0; f < d->nfields; f++) {
			cols[f] = calloc(n ? n : 1, sizeof **cols);
			if (!cols[f]) {
				err_nomem(ev);
				goto recout;
			}
			for (int64_t i = 0; i < n; i++)
				fp[i] = ptrs[i] + d->fields[f].offset;
			if (fmt_col(ev, d->fields[f].dt, fp, n, 0, cols[f]) < 0)
				goto recout;
		}
		for (int64_t i = 0; i < n; i++) {
			struct sbuf b = {0};
			sb_adds(&b, "(");
			for (int f = 0; f < d->nfields; f++) {
				if (f)
					sb_adds(&b, ", ");
				sb_adds(&b, cols[f][i]);
			}
			sb_adds(&b, d->nfields == 1 ? ",)" : ")");
			if (!(strs[i] = sb_take(&b))) {
				err_nomem(ev);
				goto recout;
			}
		}
		rc = 0;
recout:
		for (int f = 0; cols && f < d->nfields; f++) {
			for (int64_t i = 0; cols[f] && i < n; i++)
				free(cols[f][i]);
			free(cols[f]);
		}
		free(cols);
		free(fp);
		return rc;
	}
}

static int items_fn(struct eval *ev, void *ctx, const int64_t *idx, int64_t n, int is0d, char **strs)
{
	const struct farr *a = ctx;
	const char **ptrs = malloc(sizeof *ptrs * (n ? n : 1));
	int rc;
	if (!ptrs) {
		err_nomem(ev);
		return -1;
	}
	for (int64_t i = 0; i < n; i++)
		ptrs[i] = farr_item(a, idx[i]);
	rc = fmt_col(ev, a->dt, ptrs, n, is0d, strs);
	free(ptrs);
	return rc;
}

static char *scalar_repr(struct eval *ev, const struct farr *a)
{
	struct sbuf b = {0};
	const struct fdt *d = a->dt;
	char *body = NULL;
	if (d->kind == FK_U || d->kind == FK_S) {
		struct value *v = farr_item_py(ev, d, farr_item0(a));
		body = v ? val_repr(ev, v) : NULL;
		val_decref(v);
		if (!body)
			return NULL;
		sb_printf(&b, "np.%s(%s)", d->kind == FK_U ? "str_" : "bytes_", body);
	} else {
		body = fmt_body(ev, 0, NULL, items_fn, (void *)a, ", ", 0, fmt_opts.linewidth);
		if (!body)
			return NULL;
		sb_printf(&b, "np.%s(%s", a->rec ? "record" : "void", body);
		if (d->nfields) {
			sb_adds(&b, ", dtype=");
			fdt_repr_arg(&b, d);
		}
		sb_adds(&b, ")");
	}
	free(body);
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

char *farr_repr(struct eval *ev, const struct farr *a)
{
	const char *prefix = "array(";
	size_t plen = strlen(prefix);
	struct sbuf out = {0}, extra = {0};
	char *lst;
	int64_t size = farr_size(a);

	if (a->scalar)
		return scalar_repr(ev, a);
	if (a->rec) {
		/* numpy.recarray.__repr__: the dtype always on a line of its own */
		prefix = "rec.array(";
		plen = strlen(prefix);
		lst = size > 0 || (a->ndim == 1 && a->shape[0] == 0)
			? fmt_body(ev, a->ndim, a->shape, items_fn, (void *)a, ", ", plen, fmt_opts.linewidth - 1)
			: NULL;
		if (size > 0 || (a->ndim == 1 && a->shape[0] == 0)) {
			if (!lst)
				return NULL;
			sb_adds(&out, lst);
		} else {
			sb_adds(&out, "[], shape=(");
			for (int k = 0; k < a->ndim; k++)
				sb_printf(&out, "%s%lld", k ? ", " : "", (long long)a->shape[k]);
			sb_adds(&out, a->ndim == 1 ? ",)" : ")");
		}
		free(lst);
		sb_adds(&extra, prefix);
		sb_add(&extra, out.s ? out.s : "", out.n);
		sb_adds(&extra, ",\n");
		sb_addrep(&extra, ' ', plen);
		sb_adds(&extra, "dtype=");
		fdt_repr_arg(&extra, a->dt);
		sb_adds(&extra, ")");
		free(out.s);
		char *r = sb_take(&extra);
		return r ? r : err_nomem(ev);
	}
	lst = fmt_body(ev, a->ndim, a->shape, items_fn, (void *)a, ", ", plen, fmt_opts.linewidth - 1);
	if (!lst)
		return NULL;
	sb_adds(&out, prefix);
	sb_adds(&out, lst);
	sb_adds(&out, ",");
	free(lst);
	if ((size == 0 && !(a->ndim == 1 && a->shape[0] == 0)) ||
	    (fmt_opts.legacy > 210 && size > fmt_opts.threshold)) {
		sb_adds(&extra, "shape=(");
		for (int k = 0; k < a->ndim; k++)
			sb_printf(&extra, "%s%lld", k ? ", " : "", (long long)a->shape[k]);
		sb_adds(&extra, a->ndim == 1 ? ",), " : "), ");
	}
	sb_adds(&extra, "dtype=");
	if (a->dt->kind == FK_V && a->dt->nfields) {
		fdt_repr_arg(&extra, a->dt);
	} else {
		sb_adds(&extra, "'");
		fdt_str_code(&extra, a->dt);
		sb_adds(&extra, "'");
	}
	sb_adds(&extra, ")");
	fmt_add_suffix(&out, &extra, plen);
	char *s = sb_take(&out);
	return s ? s : err_nomem(ev);
}

char *farr_str(struct eval *ev, const struct farr *a)
{
	if (a->ndim == 0 && a->dt->kind == FK_S && !a->scalar) {
		/* NumPy 2 prints the np.bytes_ scalar's repr here */
		struct farr s = *a;
		s.scalar = 1;
		return farr_repr(ev, &s);
	}
	if (a->ndim == 0 && (a->dt->kind == FK_U || a->dt->kind == FK_S)) {
		struct value *v = farr_item_py(ev, a->dt, farr_item0(a));
		char *s = v ? val_str_of(ev, v) : NULL;
		val_decref(v);
		return s;
	}
	return fmt_body(ev, a->ndim, a->shape, items_fn, (void *)a, " ", 0, fmt_opts.linewidth);
}
