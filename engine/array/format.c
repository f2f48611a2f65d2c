/*
 * format.c — NumPy 2.x's repr and str of arrays and scalars, byte for byte
 * (numpy/_core/arrayprint.py's rules: summarising, line wrapping, column
 * alignment, FloatingFormat's choice of notation and padding).
 *
 * Owns the print options (fmt_opts).  Gathers only the items a text shows
 * (take_flat), never a whole device array.  Strings returned are malloc'd.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <limits.h>
#include "array/format.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "array/xfer.h"
#include "lang/strbuf.h"

#define FMT_DEFAULTS { .precision = 8, .threshold = 1000, .edgeitems = 3, \
	.linewidth = 75, .suppress = 0, .sign = '-', .floatmode = FM_MAXPREC, \
	.legacy = INT_MAX, .nanstr = "nan", .infstr = "inf" }

struct fmt_options fmt_opts = FMT_DEFAULTS;

void fmt_reset_options(void)
{
	struct fmt_options def = FMT_DEFAULTS;
	fmt_opts = def;
}

/* ---- a growing string (lang/strbuf.h) ---- */

/* The string, or NULL with MemoryError. */
static char *sb_finish(struct eval *ev, struct sbuf *b)
{
	char *s = sb_take(b);
	return s ? s : err_nomem(ev);
}

void fmt_add_suffix(struct sbuf *out, struct sbuf *extra, size_t plen)
{
	if (!out->oom && !extra->oom) {
		const char *nl = strrchr(out->s, '\n');
		size_t last = out->n - (nl ? (size_t)(nl - out->s) + 1 : 0);
		if ((long)(last + extra->n + 1) > fmt_opts.linewidth) {
			sb_adds(out, "\n");
			sb_addrep(out, ' ', plen);
		} else {
			sb_adds(out, " ");
		}
		sb_add(out, extra->s, extra->n);
	}
	out->oom |= extra->oom;
	free(extra->s);
	extra->s = NULL;
	extra->n = extra->cap = 0;
}

static char *dup_or_err(struct eval *ev, const char *s)
{
	char *d = strdup(s);
	return d ? d : err_nomem(ev);
}

/* ---- reading items ---- */

static double item_double(int dt, const char *p)
{
	switch (dt) {
	case DT_FLOAT16: { uint16_t h; memcpy(&h, p, 2); return fmt_half_to_double(h); }
	case DT_FLOAT32: { float f; memcpy(&f, p, 4); return f; }
	default: { double d; memcpy(&d, p, 8); return d; }
	}
}

static void item_complex(int dt, const char *p, double *re, double *im)
{
	if (dt == DT_COMPLEX64) {
		float f[2];
		memcpy(f, p, 8);
		*re = f[0];
		*im = f[1];
	} else {
		double d[2];
		memcpy(d, p, 16);
		*re = d[0];
		*im = d[1];
	}
}

static int64_t item_int(int dt, const char *p)
{
	switch (dt) {
	case DT_INT8: return *(const int8_t *)p;
	case DT_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
	case DT_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
	case DT_UINT8: return *(const uint8_t *)p;
	case DT_UINT16: { uint16_t v; memcpy(&v, p, 2); return v; }
	case DT_UINT32: { uint32_t v; memcpy(&v, p, 4); return v; }
	default: { int64_t v; memcpy(&v, p, 8); return v; }
	}
}

/* ---- FloatingFormat ---- */

struct ffmt {
	int dt;           /* float dtype of the values (digits round-trip in it) */
	int exp_format;
	int precision, min_digits, unique;
	char trim;
	int pad_left, pad_right, exp_size;
	int sign;         /* '-', '+', ' ' */
};

#define ITEMCAP 1200

/* x rounded to the float dtype dt */
static double in_dtype(double x, int dt)
{
	if (dt == DT_FLOAT16)
		return fmt_half_to_double(fmt_double_to_half(x));
	if (dt == DT_FLOAT32)
		return (float)x;
	return x;
}

static void ffmt_init(struct ffmt *f, const double *v, int64_t n, int dt, int sign)
{
	const struct fmt_options *o = &fmt_opts;
	char buf[ITEMCAP];
	double maxv = 0, minv = INFINITY;
	int64_t nfinite = 0, nonzero = 0;
	int anyneg = 0, neginf = 0;

	memset(f, 0, sizeof *f);
	f->dt = dt;
	f->sign = sign;
	f->precision = o->floatmode == FM_UNIQUE ? -1 : o->precision;
	for (int64_t i = 0; i < n; i++) {
		if (!isfinite(v[i])) {
			if (isinf(v[i]) && v[i] < 0)
				neginf = 1;
			continue;
		}
		nfinite++;
		if (signbit(v[i]))
			anyneg = 1;
		if (v[i] != 0) {
			double a = fabs(v[i]);
			nonzero++;
			if (a > maxv)
				maxv = a;
			if (a < minv)
				minv = a;
		}
	}
	if (nonzero) {
		double cutoff = 1e8;
		if (o->legacy > 202)
			cutoff = dt == DT_FLOAT16 ? 1e3 : dt == DT_FLOAT32 ? 1e6 : 1e8;
		/* NumPy compares in the array's own precision (NEP 50) */
		if (maxv >= cutoff || (!o->suppress && (minv < in_dtype(0.0001, dt) ||
							in_dtype(maxv / minv, dt) > 1000.)))
			f->exp_format = 1;
	}
	if (nfinite == 0) {
		f->pad_left = 0;
		f->pad_right = 0;
		f->trim = '.';
		f->exp_size = -1;
		f->unique = 1;
		f->min_digits = -1;
	} else if (f->exp_format) {
		struct fmt_d4 d = { .unique = 1, .precision = f->precision, .min_digits = -1,
				    .trim = '.', .sign = sign == '+', .pad_left = -1,
				    .pad_right = -1, .exp_digits = -1 };
		int maxfrac = 0, maxint = 0, maxexp = 0;
		if (o->floatmode == FM_FIXED)
			d.trim = 'k', d.unique = 0;
		for (int64_t i = 0; i < n; i++) {
			if (!isfinite(v[i]))
				continue;
			int len = fmtf_scientific(v[i], dt, &d, buf, sizeof buf);
			char *ep = strchr(buf, 'e'), *dot = strchr(buf, '.');
			int intlen = dot && dot < ep ? (int)(dot - buf) : (int)(ep - buf);
			int fraclen = dot && dot < ep ? (int)(ep - dot - 1) : 0;
			int explen = len - (int)(ep - buf) - 1;
			if (intlen > maxint)
				maxint = intlen;
			if (fraclen > maxfrac)
				maxfrac = fraclen;
			if (explen > maxexp)
				maxexp = explen;
		}
		f->exp_size = maxexp - 1;
		f->trim = 'k';
		f->precision = maxfrac;
		f->min_digits = maxfrac;
		f->unique = d.unique;
		f->pad_left = maxint;
		f->pad_right = f->exp_size + 2 + f->precision;
	} else {
		struct fmt_d4 d = { .unique = 1, .precision = f->precision, .min_digits = -1,
				    .trim = '.', .sign = sign == '+', .pad_left = -1,
				    .pad_right = -1, .exp_digits = -1 };
		int maxfrac = 0, maxint = 0;
		if (o->floatmode == FM_FIXED)
			d.trim = 'k', d.unique = 0;
		for (int64_t i = 0; i < n; i++) {
			if (!isfinite(v[i]))
				continue;
			int len = fmtf_positional(v[i], dt, &d, buf, sizeof buf);
			char *dot = strchr(buf, '.');
			int intlen = dot ? (int)(dot - buf) : len;
			int fraclen = dot ? len - intlen - 1 : 0;
			if (intlen > maxint)
				maxint = intlen;
			if (fraclen > maxfrac)
				maxfrac = fraclen;
		}
		f->pad_left = maxint;
		f->pad_right = maxfrac;
		f->exp_size = -1;
		f->unique = d.unique;
		if (o->floatmode == FM_FIXED || o->floatmode == FM_MAXPREC_EQUAL) {
			f->precision = f->min_digits = maxfrac;
			f->trim = 'k';
		} else {
			f->trim = '.';
			f->min_digits = 0;
		}
	}
	if (sign == ' ' && !anyneg)
		f->pad_left += 1;
	if (nfinite != n) {
		int ni = sign != '-' || neginf;
		int off = f->pad_right + 1;
		int a = (int)strlen(o->nanstr) - off, b = (int)strlen(o->infstr) + ni - off;
		if (a > f->pad_left)
			f->pad_left = a;
		if (b > f->pad_left)
			f->pad_left = b;
	}
}

static int ffmt_format(const struct ffmt *f, double x, char *out, size_t cap)
{
	if (!isfinite(x)) {
		char tmp[80];
		if (isnan(x))
			snprintf(tmp, sizeof tmp, "%s%s", f->sign == '+' ? "+" : "", fmt_opts.nanstr);
		else
			snprintf(tmp, sizeof tmp, "%s%s", x < 0 ? "-" : f->sign == '+' ? "+" : "",
				 fmt_opts.infstr);
		int w = f->pad_left + f->pad_right + 1 - (int)strlen(tmp);
		if (w < 0)
			w = 0;
		if (w > (int)cap - 80)
			w = (int)cap - 80;
		memset(out, ' ', w);
		strcpy(out + w, tmp);
		return w + (int)strlen(tmp);
	}
	struct fmt_d4 d = { .unique = f->unique, .precision = f->precision,
			    .min_digits = f->min_digits, .trim = f->trim,
			    .sign = f->sign == '+', .pad_left = f->pad_left,
			    .pad_right = f->pad_right, .exp_digits = f->exp_size };
	if (f->exp_format)
		return fmtf_scientific(x, f->dt, &d, out, cap);
	return fmtf_positional(x, f->dt, &d, out, cap);
}

/* ---- the element formatter of a dtype, built from the shown items ---- */

struct elfmt {
	int dt;
	int is0d;
	struct ffmt re, im;  /* float: re; complex: both */
	int width;           /* ints */
	char isign;          /* ints: '-', '+', ' ' */
};

/* Formats every one of the n items at data (C-contiguous, dtype dt) into
 * strs[i] (malloc'd); returns 0 or -1 on out of memory. */
static int format_items(const char *data, int64_t n, int dt, int is0d, char **strs)
{
	char buf[2 * ITEMCAP + 8];
	int sz = dt_size(dt);
	char sign = fmt_opts.sign;
	char kind = dtype_table[dt].kind;

	if (kind == DK_BOOL) {
		for (int64_t i = 0; i < n; i++)
			if (!(strs[i] = strdup(data[i] ? (is0d ? "True" : " True") : "False")))
				return -1;
		return 0;
	}
	if (kind == DK_INT || kind == DK_UINT) {
		char mx[32], mn[32];
		int64_t smax = INT64_MIN, smin = INT64_MAX;
		uint64_t umax = 0, umin = UINT64_MAX;
		int w;
		for (int64_t i = 0; i < n; i++) {
			int64_t v = item_int(dt, data + i * sz);
			if (kind == DK_UINT) {
				if ((uint64_t)v > umax) umax = (uint64_t)v;
				if ((uint64_t)v < umin) umin = (uint64_t)v;
			} else {
				if (v > smax) smax = v;
				if (v < smin) smin = v;
			}
		}
		if (kind == DK_UINT) {
			snprintf(mx, sizeof mx, "%llu", (unsigned long long)umax);
			snprintf(mn, sizeof mn, "%llu", (unsigned long long)umin);
		} else {
			snprintf(mx, sizeof mx, "%lld", (long long)smax);
			snprintf(mn, sizeof mn, "%lld", (long long)smin);
		}
		int lmax = (int)strlen(mx);
		if (sign == ' ' && kind == DK_INT && smin < 0)
			sign = '-';
		if ((kind == DK_UINT || smax >= 0) && (sign == '+' || sign == ' '))
			lmax++;
		w = lmax > (int)strlen(mn) ? lmax : (int)strlen(mn);
		for (int64_t i = 0; i < n; i++) {
			int64_t v = item_int(dt, data + i * sz);
			char num[32];
			if (kind == DK_UINT)
				snprintf(num, sizeof num, "%s%llu", sign == '+' ? "+" : sign == ' ' ? " " : "",
					 (unsigned long long)v);
			else if (v < 0)
				snprintf(num, sizeof num, "%lld", (long long)v);
			else
				snprintf(num, sizeof num, "%s%lld", sign == '+' ? "+" : sign == ' ' ? " " : "",
					 (long long)v);
			snprintf(buf, sizeof buf, "%*s", w, num);
			if (!(strs[i] = strdup(buf)))
				return -1;
		}
		return 0;
	}
	if (kind == DK_FLOAT) {
		struct ffmt f;
		double *v = calloc(n ? n : 1, sizeof(double));
		if (!v)
			return -1;
		for (int64_t i = 0; i < n; i++)
			v[i] = item_double(dt, data + i * sz);
		ffmt_init(&f, v, n, dt, sign);
		for (int64_t i = 0; i < n; i++) {
			ffmt_format(&f, v[i], buf, sizeof buf);
			if (!(strs[i] = strdup(buf))) {
				free(v);
				return -1;
			}
		}
		free(v);
		return 0;
	}
	/* complex */
	{
		struct ffmt fr, fi;
		int pdt = dt == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
		double *re = malloc(sizeof(double) * (n ? 2 * n : 2)), *im;
		if (!re)
			return -1;
		im = re + n;
		for (int64_t i = 0; i < n; i++)
			item_complex(dt, data + i * sz, &re[i], &im[i]);
		ffmt_init(&fr, re, n, pdt, sign);
		ffmt_init(&fi, im, n, pdt, '+');
		for (int64_t i = 0; i < n; i++) {
			int lr = ffmt_format(&fr, re[i], buf, ITEMCAP);
			int li = ffmt_format(&fi, im[i], buf + lr, ITEMCAP);
			/* the 'j' goes before the imaginary part's trailing spaces */
			int sp = lr + li;
			while (sp > lr && buf[sp - 1] == ' ')
				sp--;
			memmove(buf + sp + 1, buf + sp, lr + li - sp + 1);
			buf[sp] = 'j';
			if (!(strs[i] = strdup(buf))) {
				free(re);
				return -1;
			}
		}
		free(re);
		return 0;
	}
}

/* ---- gathering the shown items ---- */

struct layout {
	int ndim;
	int summarise;
	int edge;
	int64_t shape[ND_MAXDIM];   /* of the original array */
	int64_t dshape[ND_MAXDIM];  /* shown items per axis */
	int sum_axis[ND_MAXDIM];    /* axis shows '...' */
};

static int64_t shown_index(const struct layout *L, int k, int64_t j)
{
	if (!L->sum_axis[k])
		return j;
	return j < L->edge ? j : L->shape[k] - (L->dshape[k] - j);
}

/* The flat C-order indices of the shown items (malloc'd). */
static int64_t *shown_flat(struct eval *ev, const struct layout *L, int64_t nshown)
{
	int64_t *idx = malloc(sizeof(int64_t) * (nshown ? nshown : 1));
	int64_t cnt[ND_MAXDIM] = {0};

	if (!idx)
		return err_nomem(ev);
	for (int64_t i = 0; i < nshown; i++) {
		int64_t f = 0;
		for (int k = 0; k < L->ndim; k++)
			f = f * L->shape[k] + shown_index(L, k, cnt[k]);
		idx[i] = f;
		for (int k = L->ndim - 1; k >= 0; k--) {
			if (++cnt[k] < L->dshape[k])
				break;
			cnt[k] = 0;
		}
	}
	return idx;
}

/* fmt_items_fn of a numeric array: the shown items gathered to the host
 * (backend take_flat) and formatted together */
static int numeric_items(struct eval *ev, void *ctx, const int64_t *idx, int64_t n, int is0d,
			 char **strs)
{
	const struct ndarray *a = ctx;
	const struct backend *be = nd_backend(a);
	char *out = malloc((size_t)dt_size(a->dtype) * (n ? n : 1));
	int rc;

	if (!out) {
		err_nomem(ev);
		return -1;
	}
	if (!be->take_flat) {
		free(out);
		err_set(ev, TY_NotImplementedError, "take_flat is not supported by the %s backend", be->name);
		return -1;
	}
	/* printing: the items shown are a copy the user asks for */
	xfer_user_begin();
	rc = be->take_flat(ev, a, idx, n, out);
	xfer_user_end();
	if (rc >= 0 && format_items(out, n, a->dtype, is0d, strs) < 0) {
		err_nomem(ev);
		rc = -1;
	}
	free(out);
	return rc < 0 ? -1 : 0;
}

int fmt_format_items(const char *data, int64_t n, int dt, int is0d, char **strs)
{
	return format_items(data, n, dt, is0d, strs);
}

/* ---- _formatArray ---- */

struct fctx {
	const struct layout *L;
	char **strs;
	const char *sep;       /* ", " or " " */
	size_t seplen;
	size_t sepr;           /* separator without trailing spaces */
};

static void rstrip_add(struct sbuf *s, const struct sbuf *line)
{
	size_t n = line->n;
	while (n > 0 && line->s[n - 1] == ' ')
		n--;
	sb_add(s, line->s, n);
}

static void extend_line(struct sbuf *s, struct sbuf *line, const char *word, size_t wlen,
			int width, size_t hang)
{
	int wrap = (long)(line->n + wlen) > width;
	if (line->n <= hang)
		wrap = 0;
	if (wrap) {
		rstrip_add(s, line);
		sb_adds(s, "\n");
		line->n = 0;
		sb_addrep(line, ' ', hang);
	}
	sb_add(line, word, wlen);
}

/* recurser(index, hanging_indent, curr_width): axis `axis`, items from
 * flat shown position pos * dshape[axis]; appends '[' ... ']' to out. */
static void rec(const struct fctx *c, int axis, int64_t pos, size_t hang, int width,
		struct sbuf *out)
{
	const struct layout *L = c->L;
	int left = L->ndim - axis;
	int64_t m = L->dshape[axis];
	int summ = L->sum_axis[axis];
	int64_t lead = summ ? L->edge : -1;
	struct sbuf s = {0};

	if (left == 1) {
		struct sbuf line = {0};
		int elem_width = width - (int)(c->sepr > 1 ? c->sepr : 1);
		sb_addrep(&line, ' ', hang);
		if (summ && lead == 0) {
			extend_line(&s, &line, "...", 3, elem_width, hang);
			sb_adds(&line, c->sep);
		}
		for (int64_t j = 0; j < m; j++) {
			const char *w = c->strs[pos * m + j];
			extend_line(&s, &line, w, strlen(w), elem_width, hang);
			if (j == m - 1)
				break;
			sb_adds(&line, c->sep);
			if (summ && j == lead - 1) {
				extend_line(&s, &line, "...", 3, elem_width, hang);
				sb_adds(&line, c->sep);
			}
		}
		sb_add(&s, line.s ? line.s : "", line.n);
		s.oom |= line.oom;
		free(line.s);
	} else {
		char lsep[ND_MAXDIM + 4];
		size_t k = 0;
		for (; k < c->sepr; k++)
			lsep[k] = c->sep[k];
		for (int i = 0; i < left - 1; i++)
			lsep[k++] = '\n';
		lsep[k] = 0;
		if (summ && lead == 0) {
			sb_addrep(&s, ' ', hang);
			sb_adds(&s, "...");
			sb_adds(&s, lsep);
		}
		for (int64_t j = 0; j < m; j++) {
			sb_addrep(&s, ' ', hang);
			rec(c, axis + 1, pos * m + j, hang + 1, width - 1, &s);
			if (j == m - 1)
				break;
			sb_adds(&s, lsep);
			if (summ && j == lead - 1) {
				sb_addrep(&s, ' ', hang);
				sb_adds(&s, "...");
				sb_adds(&s, lsep);
			}
		}
	}
	sb_adds(out, "[");
	if (s.s && s.n >= hang)
		sb_add(out, s.s + hang, s.n - hang);
	sb_adds(out, "]");
	out->oom |= s.oom;
	free(s.s);
}

/* array2string: the bracketed body of an array of shape (ndim, shape)
 * whose shown items fn formats; NULL with the error set. */
char *fmt_body(struct eval *ev, int ndim, const int64_t *shape, fmt_items_fn fn, void *ctx,
	       const char *sep, size_t prefixlen, int linewidth)
{
	struct layout L;
	int64_t nshown = 1, size = 1;
	int64_t *idx;
	char **strs;
	struct sbuf out = {0};

	for (int k = 0; k < ndim; k++)
		size *= shape[k];
	if (size == 0)
		return dup_or_err(ev, "[]");
	memset(&L, 0, sizeof L);
	L.ndim = ndim;
	L.edge = fmt_opts.edgeitems;
	L.summarise = size > fmt_opts.threshold;
	for (int k = 0; k < ndim; k++) {
		L.shape[k] = shape[k];
		if (L.summarise && 2 * (int64_t)L.edge < shape[k]) {
			L.sum_axis[k] = 1;
			L.dshape[k] = L.edge ? 2 * L.edge : 1;
		} else {
			L.dshape[k] = shape[k];
		}
		nshown *= L.dshape[k];
	}
	idx = shown_flat(ev, &L, nshown);
	if (!idx)
		return NULL;
	strs = calloc(nshown, sizeof *strs);
	if (!strs) {
		free(idx);
		return err_nomem(ev);
	}
	if (fn(ev, ctx, idx, nshown, ndim == 0, strs) < 0) {
		for (int64_t i = 0; i < nshown; i++)
			free(strs[i]);
		free(strs);
		free(idx);
		return NULL;
	}
	if (ndim == 0) {
		sb_adds(&out, strs[0]);
	} else {
		struct fctx c = { &L, strs, sep, strlen(sep), 0 };
		while (c.sepr < c.seplen && sep[c.sepr] != ' ')
			c.sepr++;
		rec(&c, 0, 0, 1 + prefixlen, linewidth, &out);
	}
	for (int64_t i = 0; i < nshown; i++)
		free(strs[i]);
	free(strs);
	free(idx);
	return sb_finish(ev, &out);
}

/* fmt_items_body's items: one item(ctx, flat) call for each shown index */
struct items_adapter { char *(*item)(void *ctx, int64_t flat); void *ctx; };

static int adapted_items(struct eval *ev, void *c, const int64_t *idx, int64_t n, int is0d, char **strs)
{
	struct items_adapter *a = c;
	(void)ev;
	(void)is0d;
	for (int64_t i = 0; i < n; i++)
		if (!(strs[i] = a->item(a->ctx, idx[i])))
			return -1;
	return 0;
}

/* The bracketed body of an array whose items' texts the caller makes
 * (datetime arrays: lib/datetime/): item(ctx, flat) gives the malloc'd
 * text of the item at C-order index flat, or NULL on an error it set. */
char *fmt_items_body(struct eval *ev, int ndim, const int64_t *shape,
		     char *(*item)(void *ctx, int64_t flat), void *ctx, const char *sep,
		     size_t prefixlen, int linewidth)
{
	struct items_adapter a = { item, ctx };
	return fmt_body(ev, ndim, shape, adapted_items, &a, sep, prefixlen, linewidth);
}

static char *array_body(struct eval *ev, const struct ndarray *a, const char *sep,
			size_t prefixlen, int linewidth)
{
	return fmt_body(ev, a->ndim, a->shape, numeric_items, (void *)a, sep, prefixlen, linewidth);
}

char *fmt_array2string(struct eval *ev, const struct ndarray *a, const char *sep,
		       const char *prefix, const char *suffix)
{
	return array_body(ev, a, sep, strlen(prefix),
			  fmt_opts.linewidth - (int)strlen(suffix));
}

static void add_shape(struct sbuf *b, const struct ndarray *a)
{
	char num[32];
	sb_adds(b, "(");
	for (int k = 0; k < a->ndim; k++) {
		snprintf(num, sizeof num, "%s%lld", k ? ", " : "", (long long)a->shape[k]);
		sb_adds(b, num);
	}
	sb_adds(b, a->ndim == 1 ? ",)" : ")");
}

static int dtype_implied(int dt)
{
	return dt == DT_INT64 || dt == DT_FLOAT64 || dt == DT_COMPLEX128 ||
	       (dt == DT_BOOL && fmt_opts.legacy > 113);
}

char *fmt_array_repr(struct eval *ev, const struct ndarray *a)
{
	const char *prefix = a->sub == ND_MATRIX ? "matrix(" : a->sub == ND_MEMMAP ? "memmap(" : "array(";
	size_t plen = strlen(prefix);
	int64_t size = nd_size(a);
	char *lst = array_body(ev, a, ", ", plen, fmt_opts.linewidth - 1);
	struct sbuf out = {0}, extra = {0};
	int has_shape, has_dtype;

	if (!lst)
		return NULL;
	has_shape = (size == 0 && !(a->ndim == 1 && a->shape[0] == 0)) ||
		    (fmt_opts.legacy > 210 && size > fmt_opts.threshold);
	has_dtype = !dtype_implied(a->dtype) || size == 0;
	sb_adds(&out, prefix);
	sb_adds(&out, lst);
	free(lst);
	if (!has_shape && !has_dtype) {
		sb_adds(&out, ")");
		return sb_finish(ev, &out);
	}
	sb_adds(&out, ",");
	if (has_shape) {
		sb_adds(&extra, "shape=");
		add_shape(&extra, a);
	}
	if (has_dtype) {
		if (has_shape)
			sb_adds(&extra, ", ");
		sb_adds(&extra, "dtype=");
		sb_adds(&extra, dtype_table[a->dtype].name);
	}
	sb_adds(&extra, ")");
	fmt_add_suffix(&out, &extra, plen);
	return sb_finish(ev, &out);
}

char *fmt_array_str(struct eval *ev, const struct ndarray *a)
{
	if (a->ndim == 0) {
		struct npscalar s;
		const char *p;
		char item[16];
		int64_t idx0 = 0;
		const struct backend *be = nd_backend(a);
		int rc;
		if (!be->take_flat)
			return err_set(ev, TY_NotImplementedError, "take_flat is not supported by the %s backend",
				       be->name);
		xfer_user_begin();
		rc = be->take_flat(ev, a, &idx0, 1, item);
		xfer_user_end();
		if (rc < 0)
			return NULL;
		p = item;
		s.dtype = a->dtype;
		switch (dtype_table[a->dtype].kind) {
		case DK_BOOL: s.v.b = *(const uint8_t *)p != 0; break;
		case DK_INT: s.v.i = item_int(a->dtype, p); break;
		case DK_UINT: s.v.u = (uint64_t)item_int(a->dtype, p); break;
		case DK_FLOAT: s.v.f = item_double(a->dtype, p); break;
		default: {
			double re, im;
			item_complex(a->dtype, p, &re, &im);
			s.v.c = CMPLX(re, im);
		}
		}
		return fmt_scalar_str(ev, &s);
	}
	return array_body(ev, a, " ", 0, fmt_opts.linewidth);
}
