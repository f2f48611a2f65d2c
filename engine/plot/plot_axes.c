/*
 * plot_axes.c — matplotlib's Axes for cells: the Axes object and its
 * methods (plot with format strings, scatter, bar/barh, hist, imshow,
 * errorbar, fill_between, axhline/axvline, text, labels, titles, legend,
 * grid, limits, scales, ticks, set(...)), and the artist handles they
 * return (Line2D, AxesImage, ...).  Arguments become the model of plot.h;
 * anything outside the subset is a NotImplementedError naming it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "array/nscall.h"
#include "plot/plot.h"
#include "plot/plot_api.h"

#define M(name) static struct value *m_##name(struct eval *ev, struct pl_axes *a, int argc, \
	struct value **argv, const struct kwargs *kw)

/* ---- artist handles ---- */

struct handle {
	const char *cls;
	int art;                    /* the artist's index in ax, -1 none */
	struct pl_figure *f;
	struct pl_axes *ax;
	int cmap, logn;
	double vmin, vmax;
	int mappable;
};

static void handle_free(void *p)
{
	struct handle *h = p;
	pl_figure_decref(h->f);
	free(h);
}

static char *handle_repr(struct eval *ev, struct value *self)
{
	struct handle *h = self->u.obj.p;
	char *s;
	if (asprintf(&s, "<%s object at %p>", h->cls, (void *)h) < 0)
		return err_nomem(ev);
	return s;
}

static struct value *handle_getattr(struct eval *ev, struct value *self, const char *name);

static const struct objtype handle_type = {
	.name = "Artist", .free = handle_free, .repr = handle_repr, .getattr = handle_getattr,
};

static struct value *h_noop(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	return val_none();
}

static struct value *handle_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strncmp(name, "set_", 4))
		return err_set(ev, TY_NotImplementedError, "%s.%s is not supported by Lumen's matplotlib",
			       ((struct handle *)self->u.obj.p)->cls, name);
	if (!strcmp(name, "remove"))
		return val_builtin(name, h_noop, self, NULL);
	return NULL;
}

static struct value *handle_new(struct eval *ev, const char *cls, struct pl_axes *a, const struct pl_artist *r)
{
	struct handle *h = calloc(1, sizeof *h);
	if (!h)
		return err_nomem(ev);
	h->cls = cls;
	h->art = r ? (int)(r - a->art) : -1;
	h->f = a->fig;
	a->fig->refcnt++;
	h->ax = a;
	if (r && (r->kind == PK_IMAGE || (r->kind == PK_SCATTER && r->c))) {
		h->mappable = 1;
		h->cmap = r->cmap;
		h->vmin = r->vmin;
		h->vmax = r->vmax;
		h->logn = r->log_norm;
	}
	struct value *v = val_object_new(&handle_type, h);
	return v ? v : err_nomem(ev);
}

int plot_mappable(struct value *v, int *cmap, double *vmin, double *vmax, int *logn, struct pl_axes **ax)
{
	if (!v || v->type != VT_OBJECT || v->u.obj.t != &handle_type)
		return -1;
	struct handle *h = v->u.obj.p;
	if (!h->mappable)
		return -1;
	*cmap = h->cmap;
	*vmin = h->vmin;
	*vmax = h->vmax;
	*logn = h->logn;
	*ax = h->ax;
	return 0;
}

/* ---- the Axes object ---- */

struct axref { struct pl_figure *f; struct pl_axes *a; };

static void axref_free(void *p)
{
	struct axref *r = p;
	pl_figure_decref(r->f);
	free(r);
}

static char *axes_repr(struct eval *ev, struct value *self)
{
	struct axref *r = self->u.obj.p;
	struct sbuf b = {0};
	sb_adds(&b, "<Axes: ");
	const char *sep = "";
	if (r->a->title) {
		sb_printf(&b, "title={'center': '%s'}", r->a->title);
		sep = ", ";
	}
	if (r->a->xlabel) {
		sb_printf(&b, "%sxlabel='%s'", sep, r->a->xlabel);
		sep = ", ";
	}
	if (r->a->ylabel)
		sb_printf(&b, "%sylabel='%s'", sep, r->a->ylabel);
	sb_adds(&b, ">");
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

/* str(ax): Axes(left,bottom;widthxheight) of its position in the figure */
static char *axes_str(struct eval *ev, struct value *self)
{
	struct pl_axes *a = ((struct axref *)self->u.obj.p)->a;
	char *s;
	if (asprintf(&s, "Axes(%g,%g;%gx%g)", a->slot[0], a->slot[1], a->slot[2], a->slot[3]) < 0)
		return err_nomem(ev);
	return s;
}

static struct value *axes_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct axref *r = self->u.obj.p;
	if (!strcmp(name, "figure"))
		return pl_figure_value(ev, r->f);
	if (!strcmp(name, "transAxes") || !strcmp(name, "transData"))
		return val_cstr(name);
	return pl_axes_method(ev, r->a, name);
}

static const struct objtype axes_type = {
	.name = "Axes", .free = axref_free, .getattr = axes_getattr, .repr = axes_repr, .str = axes_str,
};

struct pl_axes *pl_axes_of(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &axes_type ? ((struct axref *)v->u.obj.p)->a : NULL;
}

struct value *pl_axes_value(struct eval *ev, struct pl_axes *a)
{
	struct axref *r = malloc(sizeof *r);
	if (!r)
		return err_nomem(ev);
	r->f = a->fig;
	r->a = a;
	a->fig->refcnt++;
	struct value *v = val_object_new(&axes_type, r);
	return v ? v : err_nomem(ev);
}

/* ---- argument helpers ---- */

static int color_kw(struct eval *ev, const struct kwargs *kw, const char *n1, const char *n2, struct pl_color *c)
{
	struct value *v = pl_kw(kw, n1);
	if (!v && n2)
		v = pl_kw(kw, n2);
	if (!v || v->type == VT_NONE)
		return 0;
	const char *s = val_as_cstr(v);
	if (s && !strcmp(s, "none")) {
		*c = (struct pl_color){0, 0, 0, 0};
		return 1;
	}
	return pl_color_parse(ev, v, c) < 0 ? -1 : 1;
}

static int double_kw2(struct eval *ev, const struct kwargs *kw, const char *n1, const char *n2, double *out)
{
	int r = pl_kw_double(ev, kw, n1, out);
	if (r == 0 && n2)
		r = pl_kw_double(ev, kw, n2, out);
	return r;
}

static int set_text(struct eval *ev, char **dst, struct value *v)
{
	char *s = val_str_of(ev, v);
	if (!s)
		return -1;
	free(*dst);
	*dst = s;
	return 0;
}

static int parse_ls(struct eval *ev, const char *s, enum pl_ls *ls)
{
	if (!strcmp(s, "-") || !strcmp(s, "solid"))
		*ls = LS_SOLID;
	else if (!strcmp(s, "--") || !strcmp(s, "dashed"))
		*ls = LS_DASHED;
	else if (!strcmp(s, "-.") || !strcmp(s, "dashdot"))
		*ls = LS_DASHDOT;
	else if (!strcmp(s, ":") || !strcmp(s, "dotted"))
		*ls = LS_DOTTED;
	else if (!strcmp(s, "") || !strcmp(s, "None") || !strcmp(s, "none") || !strcmp(s, " "))
		*ls = LS_NONE;
	else {
		err_set(ev, TY_ValueError, "'%s' is not a valid value for ls; supported values are '-', '--', '-.', ':', 'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'", s);
		return -1;
	}
	return 0;
}

static const char markers[] = "o.,sDd^v<>ph*+x|_";

static double *err_values(struct eval *ev, struct value *v, int64_t n);
static struct value *pair(double a, double b);

/* a format string such as 'ro--', 'C2.', 'k:': 0, or -1 with ValueError */
static int parse_fmt(struct eval *ev, const char *fmt, struct pl_color *c, int *has_c, char *marker, enum pl_ls *ls, int *has_ls)
{
	*has_c = *has_ls = 0;
	*marker = 0;
	for (const char *p = fmt; *p;) {
		if (p[0] == '-' && p[1] == '-') { *ls = LS_DASHED; *has_ls = 1; p += 2; continue; }
		if (p[0] == '-' && p[1] == '.') { *ls = LS_DASHDOT; *has_ls = 1; p += 2; continue; }
		if (p[0] == '-') { *ls = LS_SOLID; *has_ls = 1; p++; continue; }
		if (p[0] == ':') { *ls = LS_DOTTED; *has_ls = 1; p++; continue; }
		if (p[0] == 'C' && p[1] >= '0' && p[1] <= '9') {
			*c = pl_cycle_color(p[1] - '0');
			*has_c = 1;
			p += 2;
			continue;
		}
		if (strchr("bgrcmykw", *p)) {
			char s[2] = { *p, 0 };
			pl_color_name(s, c);
			*has_c = 1;
			p++;
			continue;
		}
		if (strchr(markers, *p)) {
			*marker = *p++;
			continue;
		}
		err_set(ev, TY_ValueError, "'%s' is not a valid format string (unrecognized character '%c')", fmt, *p);
		return -1;
	}
	if (*marker && !*has_ls)
		*ls = LS_NONE;
	return 0;
}

static int parse_marker(struct eval *ev, struct value *v, char *m)
{
	const char *s = val_as_cstr(v);
	if (v->type == VT_NONE || (s && (!strcmp(s, "") || !strcmp(s, "None") || !strcmp(s, "none")))) {
		*m = 0;
		return 0;
	}
	if (!s || strlen(s) != 1 || !strchr(markers, s[0])) {
		err_set(ev, TY_ValueError, "marker %s is not supported by Lumen's matplotlib", s ? s : val_type_name(v));
		return -1;
	}
	*m = s[0];
	return 0;
}

static int check_kw(struct eval *ev, const char *cls, const struct kwargs *kw, const char *const *ok)
{
	for (int i = 0; kw && i < kw->n; i++) {
		int found = 0;
		for (int j = 0; ok[j] && !found; j++)
			found = !strcmp(ok[j], kw->names[i]);
		if (!found) {
			err_set(ev, TY_AttributeError, "%s.set() got an unexpected keyword argument '%s'", cls, kw->names[i]);
			return -1;
		}
	}
	return 0;
}

/* label, alpha, zorder: the common artist keywords */
static int common_kw(struct eval *ev, struct pl_artist *r, const struct kwargs *kw)
{
	struct value *l = pl_kw(kw, "label");
	if (l && l->type != VT_NONE && set_text(ev, &r->label, l) < 0)
		return -1;
	double alpha;
	int k = pl_kw_double(ev, kw, "alpha", &alpha);
	if (k < 0)
		return -1;
	if (k > 0) {
		r->color.a *= alpha;
		if (r->edge.a > 0)
			r->edge.a *= alpha;
	}
	return 0;
}

static int line_kw(struct eval *ev, struct pl_artist *r, const struct kwargs *kw)
{
	int k;
	if ((k = color_kw(ev, kw, "color", "c", &r->color)) < 0)
		return -1;
	if (double_kw2(ev, kw, "linewidth", "lw", &r->lw) < 0 || double_kw2(ev, kw, "markersize", "ms", &r->ms) < 0)
		return -1;
	const char *ls = pl_kw_str(kw, "linestyle");
	if (!ls)
		ls = pl_kw_str(kw, "ls");
	if (ls && parse_ls(ev, ls, &r->ls) < 0)
		return -1;
	struct value *mk = pl_kw(kw, "marker");
	if (mk && parse_marker(ev, mk, &r->marker) < 0)
		return -1;
	if (color_kw(ev, kw, "markeredgecolor", "mec", &r->edge) < 0)
		return -1;
	struct pl_color mfc;
	if ((k = color_kw(ev, kw, "markerfacecolor", "mfc", &mfc)) < 0)
		return -1;
	return common_kw(ev, r, kw);
}

static const char *const line_kws[] = { "color", "c", "linewidth", "lw", "linestyle", "ls", "marker",
	"markersize", "ms", "label", "alpha", "zorder", "markeredgecolor", "mec", "markerfacecolor", "mfc",
	"markeredgewidth", "mew", "scalex", "scaley", "antialiased", "solid_capstyle", NULL };

/* ---- plot ---- */

static int line_style(struct eval *ev, struct pl_axes *a, struct pl_artist *r, const char *fmt,
		      const struct kwargs *kw);

/* a 1-D line of more than PL_REDUCE_MIN points: reduced where its arrays
 * live to min/max per column (plot_reduce.c).  1 done, 0 not taken, -1 error */
static int add_big_line(struct eval *ev, struct pl_axes *a, struct value *xv, struct value *yv, const char *fmt,
			const struct kwargs *kw, struct value *out)
{
	struct ndarray *y = arr_borrow(yv), *x = xv ? arr_borrow(xv) : NULL;
	if (!y || y->ndim != 1 || nd_size(y) <= PL_REDUCE_MIN || (xv && (!x || x->ndim != 1 || nd_size(x) != nd_size(y))))
		return 0;
	struct pl_color fc;
	int has_c, has_ls;
	char marker = 0;
	enum pl_ls ls;
	struct value *mk = pl_kw(kw, "marker");
	if (fmt && parse_fmt(ev, fmt, &fc, &has_c, &marker, &ls, &has_ls) < 0)
		return -1;
	if (marker || (mk && mk->type != VT_NONE))  /* every marker is drawn: no reduction */
		return 0;
	struct pl_artist *r = pl_artist_add(a, PK_LINE);
	if (!r) {
		err_nomem(ev);
		return -1;
	}
	int k = pl_reduce_array(ev, x, y, PL_REDUCE_COLUMNS, &r->x, &r->y, &r->n);
	if (k <= 0) {
		a->nart--;  /* not reducible: the caller draws every point */
		return k;
	}
	if (line_style(ev, a, r, fmt, kw) < 0)
		return -1;
	if (out && list_append(out, handle_new(ev, "matplotlib.lines.Line2D", a, r)) < 0)
		return -1;
	return 1;
}

static int line_style(struct eval *ev, struct pl_axes *a, struct pl_artist *r, const char *fmt,
		      const struct kwargs *kw)
{
	struct pl_color fc;
	int has_c = 0, has_ls = 0;
	char marker = 0;
	enum pl_ls ls = LS_SOLID;
	if (fmt && parse_fmt(ev, fmt, &fc, &has_c, &marker, &ls, &has_ls) < 0)
		return -1;
	r->lw = plot_rc_linewidth();
	r->ms = plot_rc_markersize();
	r->ls = ls;
	r->marker = marker;
	r->color = has_c ? fc : pl_cycle_color(a->cycle);
	if (!has_c && !pl_kw(kw, "color") && !pl_kw(kw, "c"))
		a->cycle++;
	return line_kw(ev, r, kw);
}

static int add_line(struct eval *ev, struct pl_axes *a, struct value *xv, struct value *yv, const char *fmt,
		    const struct kwargs *kw, struct value *out)
{
	int big = add_big_line(ev, a, xv, yv, fmt, kw, out);
	if (big)
		return big < 0 ? -1 : 0;
	int64_t nx = 0, ny = 0, shx[4] = {0}, shy[4] = {0};
	int ndx = 1, ndy = 1;
	double *y = pl_doubles(ev, yv, &ny, &ndy, shy), *x = NULL;
	if (!y)
		return -1;
	if (ndy > 2) {
		free(y);
		err_set(ev, TY_ValueError, "y can be no greater than 2D, but has shape (%lld, %lld, ...)", (long long)shy[0], (long long)shy[1]);
		return -1;
	}
	int64_t rows = ndy == 2 ? shy[0] : ny, cols = ndy == 2 ? shy[1] : 1;
	if (ndy == 0)
		rows = 1;
	if (xv) {
		x = pl_doubles(ev, xv, &nx, &ndx, shx);
		if (!x) {
			free(y);
			return -1;
		}
		int64_t xrows = ndx == 2 ? shx[0] : nx;
		if (ndx == 0)
			xrows = 1;
		if (xrows != rows || ndx > 2 || (ndx == 2 && shx[1] != cols)) {
			err_set(ev, TY_ValueError, "x and y must have same first dimension, but have shapes (%lld,) and (%lld,)",
				(long long)xrows, (long long)rows);
			free(x);
			free(y);
			return -1;
		}
	}
	struct pl_color fc;
	int has_c = 0, has_ls = 0;
	char marker = 0;
	enum pl_ls ls = LS_SOLID;
	if (fmt && parse_fmt(ev, fmt, &fc, &has_c, &marker, &ls, &has_ls) < 0) {
		free(x);
		free(y);
		return -1;
	}
	int rc = 0;
	for (int64_t c = 0; c < cols && rc == 0; c++) {
		struct pl_artist *r = pl_artist_add(a, PK_LINE);
		if (!r || !(r->x = malloc(sizeof(double) * (size_t)(rows ? rows : 1))) ||
		    !(r->y = malloc(sizeof(double) * (size_t)(rows ? rows : 1)))) {
			err_nomem(ev);
			rc = -1;
			break;
		}
		r->n = rows;
		for (int64_t i = 0; i < rows; i++) {
			r->y[i] = y[i * cols + c];
			r->x[i] = x ? (ndx == 2 ? x[i * cols + c] : x[i]) : (double)i;
		}
		r->lw = plot_rc_linewidth();
		r->ms = plot_rc_markersize();
		r->ls = ls;
		r->marker = marker;
		r->color = has_c ? fc : pl_cycle_color(a->cycle);
		if (!has_c && !pl_kw(kw, "color") && !pl_kw(kw, "c"))
			a->cycle++;
		if (line_kw(ev, r, kw) < 0) {
			rc = -1;
			break;
		}
		if (out && list_append(out, handle_new(ev, "matplotlib.lines.Line2D", a, r)) < 0)
			rc = -1;
	}
	free(x);
	free(y);
	return rc;
}

M(plot)
{
	if (check_kw(ev, "Line2D", kw, line_kws) < 0)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	int i = 0;
	while (i < argc) {
		struct value *x = NULL, *y = argv[i];
		const char *fmt = NULL;
		if (i + 1 < argc && !val_as_cstr(argv[i + 1])) {
			x = argv[i];
			y = argv[i + 1];
			i += 2;
		} else {
			i++;
		}
		if (val_as_cstr(y)) {
			val_decref(out);
			return err_set(ev, TY_ValueError, "plot() data may not be strings (categorical axes are not supported by Lumen's matplotlib)");
		}
		if (i < argc && val_as_cstr(argv[i]))
			fmt = val_as_cstr(argv[i++]);
		if (add_line(ev, a, x, y, fmt, kw, out) < 0) {
			val_decref(out);
			return NULL;
		}
	}
	pl_touch(a->fig);
	return out;
}

/* step(x, y, [fmt], where='pre'|'post'|'mid'): a line through the steps */
M(step)
{
	const char *where = pl_kw_str(kw, "where");
	int mode = !where || !strcmp(where, "pre") ? 0 : !strcmp(where, "post") ? 1 : !strcmp(where, "mid") ? 2 : -1;
	if (mode < 0)
		return err_set(ev, TY_ValueError, "'%s' is not a valid value for where; supported values are 'pre', 'post', 'mid'", where);
	struct kwargs lk = { 0, NULL, NULL };
	const char *names[32];
	struct value *vals[32];
	for (int i = 0; kw && i < kw->n && lk.n < 32; i++)
		if (strcmp(kw->names[i], "where")) {
			names[lk.n] = kw->names[i];
			vals[lk.n++] = kw->vals[i];
		}
	lk.names = names;
	lk.vals = vals;
	if (argc < 2)
		return err_set(ev, TY_TypeError, "step() missing 2 required positional arguments: 'x' and 'y'");
	int start = a->nart;
	struct value *out = m_plot(ev, a, argc, argv, &lk);
	if (!out)
		return NULL;
	for (int k = start; k < a->nart; k++) {
		struct pl_artist *r = &a->art[k];
		int64_t n = r->n, m = n ? 2 * n - 1 + (mode == 2 ? 1 : 0) : 0;
		double *nx = malloc(sizeof *nx * (size_t)(m + 1)), *ny = malloc(sizeof *ny * (size_t)(m + 1));
		if (!nx || !ny) {
			free(nx);
			free(ny);
			val_decref(out);
			return err_nomem(ev);
		}
		int64_t j = 0;
		for (int64_t i = 0; i < n; i++) {
			if (i == 0) {
				nx[j] = r->x[0];
				ny[j++] = r->y[0];
				continue;
			}
			if (mode == 0) {         /* pre: rise at x[i-1] */
				nx[j] = r->x[i - 1];
				ny[j++] = r->y[i];
			} else if (mode == 1) {  /* post: rise at x[i] */
				nx[j] = r->x[i];
				ny[j++] = r->y[i - 1];
			} else {                 /* mid: rise half way */
				double mx = (r->x[i - 1] + r->x[i]) / 2;
				nx[j] = mx;
				ny[j++] = r->y[i - 1];
				nx[j] = mx;
				ny[j++] = r->y[i];
				continue;
			}
			nx[j] = r->x[i];
			ny[j++] = r->y[i];
		}
		if (mode == 2 && n) {
			nx[j] = r->x[n - 1];
			ny[j++] = r->y[n - 1];
		}
		free(r->x);
		free(r->y);
		r->x = nx;
		r->y = ny;
		r->n = j;
	}
	return out;
}

/* hlines(y, xmin, xmax) / vlines(x, ymin, ymax): segments in data coordinates */
static struct value *segs(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
			  const struct kwargs *kw, int vertical)
{
	static const char *const ok[] = { "colors", "color", "linestyles", "linewidth", "lw", "label", "alpha",
		"zorder", "xmin", "xmax", "ymin", "ymax", "y", "x", NULL };
	if (check_kw(ev, "LineCollection", kw, ok) < 0)
		return NULL;
	struct value *pv = argc > 0 ? argv[0] : pl_kw(kw, vertical ? "x" : "y");
	struct value *lo = argc > 1 ? argv[1] : pl_kw(kw, vertical ? "ymin" : "xmin");
	struct value *hi = argc > 2 ? argv[2] : pl_kw(kw, vertical ? "ymax" : "xmax");
	if (!pv || !lo || !hi)
		return err_set(ev, TY_TypeError, "%s() missing required positional arguments", vertical ? "vlines" : "hlines");
	int64_t n;
	double *p = pl_doubles(ev, pv, &n, NULL, NULL), *l = p ? err_values(ev, lo, n) : NULL, *h = l ? err_values(ev, hi, n) : NULL;
	struct pl_artist *r = h ? pl_artist_add(a, PK_ERRBAR) : NULL;
	if (!r) {
		free(p);
		free(l);
		free(h);
		return h ? err_nomem(ev) : NULL;
	}
	/* an error bar of half-length (hi - lo) / 2 about the middle draws the segment */
	r->n = n;
	r->x = p;
	r->y = l;
	r->y2 = h;
	for (int64_t i = 0; i < n; i++) {
		double mid = (l[i] + h[i]) / 2, half = fabs(h[i] - l[i]) / 2;
		l[i] = mid;
		h[i] = half;
	}
	if (!vertical) {  /* horizontal: the position is y, the extent along x */
		r->xerr = r->y2;
		r->y2 = NULL;
		double *t = r->x;
		r->x = r->y;
		r->y = t;
	}
	r->color = pl_cycle_color(0);
	r->lw = plot_rc_linewidth();
	const char *ls = pl_kw_str(kw, "linestyles");
	if (ls && parse_ls(ev, ls, &r->ls) < 0)
		return NULL;
	if (color_kw(ev, kw, "colors", "color", &r->color) < 0 || double_kw2(ev, kw, "linewidth", "lw", &r->lw) < 0 ||
	    common_kw(ev, r, kw) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.collections.LineCollection", a, r);
}

M(hlines) { return segs(ev, a, argc, argv, kw, 0); }
M(vlines) { return segs(ev, a, argc, argv, kw, 1); }

/* axhspan(ymin, ymax, xmin=0, xmax=1) / axvspan(xmin, xmax, ymin=0, ymax=1) */
static struct value *span(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
			  const struct kwargs *kw, int vertical)
{
	static const char *const ok[] = { "color", "facecolor", "fc", "alpha", "label", "zorder", "edgecolor", "ec",
		"linewidth", "lw", "xmin", "xmax", "ymin", "ymax", NULL };
	if (check_kw(ev, "Rectangle", kw, ok) < 0)
		return NULL;
	if (argc < 2)
		return err_set(ev, TY_TypeError, "%s() missing 2 required positional arguments", vertical ? "axvspan" : "axhspan");
	struct pl_artist *r = pl_artist_add(a, vertical ? PK_VSPAN : PK_HSPAN);
	if (!r)
		return err_nomem(ev);
	r->x = malloc(sizeof(double));
	r->y = malloc(sizeof(double));
	r->y2 = malloc(sizeof(double));
	if (!r->x || !r->y || !r->y2)
		return err_nomem(ev);
	r->n = 1;
	if (val_as_double(ev, argv[0], r->y) < 0 || val_as_double(ev, argv[1], r->y2) < 0)
		return NULL;
	r->x[0] = r->y[0];
	r->xmin = 0;
	r->xmax = 1;
	if ((argc > 2 && val_as_double(ev, argv[2], &r->xmin) < 0) || (argc > 3 && val_as_double(ev, argv[3], &r->xmax) < 0) ||
	    pl_kw_double(ev, kw, vertical ? "ymin" : "xmin", &r->xmin) < 0 ||
	    pl_kw_double(ev, kw, vertical ? "ymax" : "xmax", &r->xmax) < 0)
		return NULL;
	r->color = pl_cycle_color(0);
	if (color_kw(ev, kw, "color", "facecolor", &r->color) < 0 || common_kw(ev, r, kw) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.patches.Rectangle", a, r);
}

M(axhspan) { return span(ev, a, argc, argv, kw, 0); }
M(axvspan) { return span(ev, a, argc, argv, kw, 1); }

/* margins(m) / margins(x, y) / margins(x=, y=) */
M(margins)
{
	double v[2] = { a->margin[0], a->margin[1] };
	if (argc == 1) {
		if (val_as_double(ev, argv[0], &v[0]) < 0)
			return NULL;
		v[1] = v[0];
	} else if (argc == 2) {
		if (val_as_double(ev, argv[0], &v[0]) < 0 || val_as_double(ev, argv[1], &v[1]) < 0)
			return NULL;
	} else if (argc == 0 && (!kw || !kw->n)) {
		return pair(a->margin[0], a->margin[1]);
	}
	if (pl_kw_double(ev, kw, "x", &v[0]) < 0 || pl_kw_double(ev, kw, "y", &v[1]) < 0)
		return NULL;
	if (v[0] <= -0.5 || v[1] <= -0.5)
		return err_set(ev, TY_ValueError, "margin must be greater than -0.5");
	a->margin[0] = v[0];
	a->margin[1] = v[1];
	pl_touch(a->fig);
	return val_none();
}

static struct value *loglog_like(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
				 const struct kwargs *kw, int xl, int yl)
{
	struct value *r = m_plot(ev, a, argc, argv, kw);
	if (r) {
		if (xl)
			a->xlog = 1;
		if (yl)
			a->ylog = 1;
	}
	return r;
}

M(loglog) { return loglog_like(ev, a, argc, argv, kw, 1, 1); }
M(semilogx) { return loglog_like(ev, a, argc, argv, kw, 1, 0); }
M(semilogy) { return loglog_like(ev, a, argc, argv, kw, 0, 1); }

/* ---- scatter ---- */

static const char *const scatter_kws[] = { "s", "c", "marker", "cmap", "vmin", "vmax", "alpha", "label",
	"edgecolors", "edgecolor", "linewidths", "color", "zorder", "norm", NULL };

static int cmap_kw(struct eval *ev, const struct kwargs *kw, int *cmap)
{
	struct value *v = pl_kw(kw, "cmap");
	if (v && (*cmap = pl_cmap_of(v)) >= 0)
		return 0;
	const char *s = v && v->type != VT_NONE ? val_as_cstr(v) : plot_rc_cmap();
	if (!s) {
		err_set(ev, TY_ValueError, "cmap must be a colormap name (str) in Lumen's matplotlib");
		return -1;
	}
	if ((*cmap = pl_cmap_find(s)) < 0) {
		err_set(ev, TY_ValueError, "'%s' is not a valid value for cmap; supported values are 'viridis', 'plasma', 'inferno', 'magma', 'gray', 'hot', 'coolwarm', 'RdBu', ...", s);
		return -1;
	}
	return 0;
}

static int norm_kw(struct eval *ev, const struct kwargs *kw, struct pl_artist *r, const double *v, int64_t n)
{
	double lo = INFINITY, hi = -INFINITY;
	for (int64_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			lo = fmin(lo, v[i]);
			hi = fmax(hi, v[i]);
		}
	if (!isfinite(lo)) {
		lo = 0;
		hi = 1;
	}
	r->vmin = lo;
	r->vmax = hi;
	if (pl_kw_double(ev, kw, "vmin", &r->vmin) < 0 || pl_kw_double(ev, kw, "vmax", &r->vmax) < 0)
		return -1;
	struct value *norm = pl_kw(kw, "norm");
	const char *ns = norm ? val_as_cstr(norm) : NULL;
	if (norm && norm->type != VT_NONE) {
		if (ns && !strcmp(ns, "log"))
			r->log_norm = 1;
		else if (!ns || strcmp(ns, "linear")) {
			err_set(ev, TY_NotImplementedError, "norm= other than 'linear' or 'log' is not supported by Lumen's matplotlib");
			return -1;
		}
	}
	return 0;
}

M(scatter)
{
	if (check_kw(ev, "PathCollection", kw, scatter_kws) < 0)
		return NULL;
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, "x"), *yv = argc > 1 ? argv[1] : pl_kw(kw, "y");
	struct value *sv = argc > 2 ? argv[2] : pl_kw(kw, "s"), *cv = argc > 3 ? argv[3] : pl_kw(kw, "c");
	if (!xv || !yv)
		return err_set(ev, TY_TypeError, "scatter() missing 2 required positional arguments: 'x' and 'y'");
	int64_t nx, ny;
	struct pl_artist *r = pl_artist_add(a, PK_SCATTER);
	if (!r)
		return err_nomem(ev);
	r->x = pl_doubles(ev, xv, &nx, NULL, NULL);
	r->y = r->x ? pl_doubles(ev, yv, &ny, NULL, NULL) : NULL;
	if (!r->y)
		goto fail;
	if (nx != ny) {
		err_set(ev, TY_ValueError, "x and y must be the same size");
		goto fail;
	}
	r->n = nx;
	if (sv && sv->type != VT_NONE) {
		int64_t ns;
		double *s = pl_doubles(ev, sv, &ns, NULL, NULL);
		if (!s)
			goto fail;
		if (ns == 1) {
			r->w = realloc(s, sizeof *s * 2);
			if (!r->w) {
				free(s);
				err_nomem(ev);
				goto fail;
			}
			r->w[1] = -1;  /* one size for all */
		} else if (ns == nx) {
			r->w = s;
		} else {
			free(s);
			err_set(ev, TY_ValueError, "s must be a scalar, or float array-like with the same size as x and y");
			goto fail;
		}
	} else {
		double ms = plot_rc_markersize();
		r->w = malloc(sizeof(double) * 2);
		if (!r->w) {
			err_nomem(ev);
			goto fail;
		}
		r->w[0] = ms * ms;
		r->w[1] = -1;
	}
	r->color = pl_cycle_color(a->cycle);
	int given = 0;
	if (cv && cv->type != VT_NONE) {
		if (val_as_cstr(cv) || ((cv->type == VT_TUPLE) && cv->u.seq.n >= 3 && cv->u.seq.n <= 4)) {
			if (pl_color_parse(ev, cv, &r->color) < 0)
				goto fail;
			given = 1;
		} else {
			int64_t nc;
			r->c = pl_doubles(ev, cv, &nc, NULL, NULL);
			if (!r->c)
				goto fail;
			if (nc != nx) {
				err_set(ev, TY_ValueError, "'c' argument has %lld elements, which is inconsistent with 'x' and 'y' with size %lld.",
					(long long)nc, (long long)nx);
				goto fail;
			}
			if (cmap_kw(ev, kw, &r->cmap) < 0 || norm_kw(ev, kw, r, r->c, nc) < 0)
				goto fail;
			given = 1;
		}
	}
	int k = color_kw(ev, kw, "color", NULL, &r->color);
	if (k < 0)
		goto fail;
	if (!given && !k)
		a->cycle++;
	struct value *mk = pl_kw(kw, "marker");
	if (mk && parse_marker(ev, mk, &r->marker) < 0)
		goto fail;
	if ((k = color_kw(ev, kw, "edgecolors", "edgecolor", &r->edge)) < 0)
		goto fail;
	if (k && r->edge.a == 0)
		r->edge.a = 1e-12;  /* 'none': no edge */
	if (common_kw(ev, r, kw) < 0)
		goto fail;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.collections.PathCollection", a, r);
fail:
	return NULL;
}

/* ---- bar / barh ---- */

static const char *const bar_kws[] = { "width", "height", "bottom", "left", "align", "color", "edgecolor",
	"linewidth", "lw", "label", "alpha", "tick_label", "zorder", "ec", "fc", "facecolor", "yerr", "capsize", NULL };

static int is_strlist(struct value *v)
{
	return (v->type == VT_LIST || v->type == VT_TUPLE) && v->u.seq.n > 0 && val_as_cstr(v->u.seq.items[0]);
}

static int set_tick_labels(struct eval *ev, struct pl_ticks *t, struct value *labels, const double *pos, int64_t n)
{
	pl_ticks_free(t);
	t->v = malloc(sizeof *t->v * (size_t)(n ? n : 1));
	t->labels = calloc((size_t)(n ? n : 1), sizeof *t->labels);
	if (!t->v || !t->labels) {
		err_nomem(ev);
		return -1;
	}
	t->n = (int)n;
	t->set = 1;
	for (int64_t i = 0; i < n; i++) {
		t->v[i] = pos[i];
		if (!(t->labels[i] = val_str_of(ev, labels->u.seq.items[i])))
			return -1;
	}
	return 0;
}

static struct value *bars(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
			  const struct kwargs *kw, int horizontal)
{
	if (check_kw(ev, "Rectangle", kw, bar_kws) < 0)
		return NULL;
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, horizontal ? "y" : "x");
	struct value *hv = argc > 1 ? argv[1] : pl_kw(kw, horizontal ? "width" : "height");
	struct value *wv = argc > 2 ? argv[2] : pl_kw(kw, horizontal ? "height" : "width");
	struct value *bv = argc > 3 ? argv[3] : pl_kw(kw, horizontal ? "left" : "bottom");
	if (!xv || !hv)
		return err_set(ev, TY_TypeError, "bar() missing 2 required positional arguments: 'x' and 'height'");
	if (pl_kw(kw, "yerr"))
		return err_set(ev, TY_NotImplementedError, "bar(yerr=...) is not supported by Lumen's matplotlib");
	int64_t nx, nh;
	double *x = NULL, *h = NULL;
	struct value *cats = is_strlist(xv) ? xv : NULL;
	if (cats) {
		nx = (int64_t)xv->u.seq.n;
		x = malloc(sizeof *x * (size_t)nx);
		if (!x)
			return err_nomem(ev);
		for (int64_t i = 0; i < nx; i++)
			x[i] = (double)i;
	} else if (!(x = pl_doubles(ev, xv, &nx, NULL, NULL))) {
		return NULL;
	}
	if (!(h = pl_doubles(ev, hv, &nh, NULL, NULL))) {
		free(x);
		return NULL;
	}
	int64_t n = nx > nh ? nx : nh;
	if ((nx != n && nx != 1) || (nh != n && nh != 1)) {
		free(x);
		free(h);
		return err_set(ev, TY_ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (%lld,) and arg 1 with shape (%lld,).",
			       (long long)nx, (long long)nh);
	}
	struct pl_artist *r = pl_artist_add(a, PK_BARS);
	if (!r) {
		free(x);
		free(h);
		return err_nomem(ev);
	}
	r->horizontal = horizontal;
	r->n = n;
	r->x = malloc(sizeof(double) * (size_t)n);
	r->y = malloc(sizeof(double) * (size_t)n);
	r->y2 = calloc((size_t)n, sizeof(double));
	r->w = malloc(sizeof(double) * (size_t)n);
	if (!r->x || !r->y || !r->y2 || !r->w) {
		free(x);
		free(h);
		return err_nomem(ev);
	}
	double width = 0.8, *wa = NULL, *ba = NULL;
	int64_t nw = 0, nb = 0;
	if (wv && wv->type != VT_NONE && !(wa = pl_doubles(ev, wv, &nw, NULL, NULL)))
		goto fail;
	if (bv && bv->type != VT_NONE && !(ba = pl_doubles(ev, bv, &nb, NULL, NULL)))
		goto fail;
	const char *align = pl_kw_str(kw, "align");
	int edge = align && !strcmp(align, "edge");
	for (int64_t i = 0; i < n; i++) {
		double w = wa ? wa[nw == 1 ? 0 : i] : width;
		double p = x[nx == 1 ? 0 : i];
		r->w[i] = w;
		r->x[i] = edge ? p : p - w / 2;
		r->y[i] = h[nh == 1 ? 0 : i];
		r->y2[i] = ba ? ba[nb == 1 ? 0 : i] : 0;
	}
	r->color = pl_cycle_color(a->pcycle);
	int k = color_kw(ev, kw, "color", "facecolor", &r->color);
	if (k < 0)
		goto fail;
	if (!k)
		a->pcycle++;
	r->lw = 1;
	if (color_kw(ev, kw, "edgecolor", "ec", &r->edge) < 0 || double_kw2(ev, kw, "linewidth", "lw", &r->lw) < 0 ||
	    common_kw(ev, r, kw) < 0)
		goto fail;
	struct value *tl = pl_kw(kw, "tick_label");
	if (!tl)
		tl = cats;
	if (tl && (tl->type == VT_LIST || tl->type == VT_TUPLE) &&
	    set_tick_labels(ev, horizontal ? &a->yt : &a->xt, tl, x, nx < (int64_t)tl->u.seq.n ? nx : (int64_t)tl->u.seq.n) < 0)
		goto fail;
	free(x);
	free(h);
	free(wa);
	free(ba);
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.container.BarContainer", a, r);
fail:
	free(x);
	free(h);
	free(wa);
	free(ba);
	return NULL;
}

M(bar) { return bars(ev, a, argc, argv, kw, 0); }
M(barh) { return bars(ev, a, argc, argv, kw, 1); }

/* ---- hist ---- */

static const char *const hist_kws[] = { "bins", "range", "density", "histtype", "alpha", "color", "label",
	"edgecolor", "ec", "linewidth", "lw", "orientation", "rwidth", "facecolor", "fill", "zorder", "log", NULL };

static struct value *doubles_array(struct eval *ev, const double *v, int64_t n)
{
	struct ndarray *arr = nd_new(ev, &backend_host, DT_FLOAT64, 1, &n);
	if (!arr)
		return NULL;
	memcpy(nd_data(arr), v, sizeof *v * (size_t)n);
	return arr_wrap(ev, arr);
}

/* the datasets of hist's x: one array, a 2-D array (its columns), or a
 * list of arrays; *k of them, each malloc'd in (*d)[i] with (*n)[i] items */
static int hist_data(struct eval *ev, struct value *xv, double ***d, int64_t **n, int *k)
{
	*d = NULL;
	*n = NULL;
	*k = 0;
	int many = (xv->type == VT_LIST || xv->type == VT_TUPLE) && xv->u.seq.n > 0 &&
		   (arr_borrow(xv->u.seq.items[0]) ? arr_borrow(xv->u.seq.items[0])->ndim > 0 :
		    xv->u.seq.items[0]->type == VT_LIST || xv->u.seq.items[0]->type == VT_TUPLE);
	if (many) {
		int cnt = (int)xv->u.seq.n;
		*d = calloc((size_t)cnt, sizeof **d);
		*n = calloc((size_t)cnt, sizeof **n);
		if (!*d || !*n) {
			err_nomem(ev);
			return -1;
		}
		for (int i = 0; i < cnt; i++) {
			if (!((*d)[i] = pl_doubles(ev, xv->u.seq.items[i], &(*n)[i], NULL, NULL)))
				return -1;
			(*k)++;
		}
		return 0;
	}
	int64_t tot, shape[4];
	int nd;
	double *x = pl_doubles(ev, xv, &tot, &nd, shape);
	if (!x)
		return -1;
	int cols = nd == 2 ? (int)shape[1] : 1;
	if (nd > 2) {
		free(x);
		err_set(ev, TY_ValueError, "x must have 2 or fewer dimensions");
		return -1;
	}
	int64_t rows = nd == 2 ? shape[0] : tot;
	*d = calloc((size_t)(cols ? cols : 1), sizeof **d);
	*n = calloc((size_t)(cols ? cols : 1), sizeof **n);
	if (!*d || !*n) {
		free(x);
		err_nomem(ev);
		return -1;
	}
	if (cols == 1) {
		(*d)[0] = x;
		(*n)[0] = tot;
		*k = 1;
		return 0;
	}
	for (int c = 0; c < cols; c++) {  /* a 2-D x: one dataset per column */
		if (!((*d)[c] = malloc(sizeof(double) * (size_t)(rows ? rows : 1)))) {
			free(x);
			err_nomem(ev);
			return -1;
		}
		for (int64_t r = 0; r < rows; r++)
			(*d)[c][r] = x[r * cols + c];
		(*n)[c] = rows;
		(*k)++;
	}
	free(x);
	return 0;
}

/* counts of x over nb bins of edges (the last bin closed), density-scaled on request */
static void hist_count(const double *x, int64_t n, const double *edges, int64_t nb, int density, double *cnt)
{
	for (int64_t i = 0; i < nb; i++)
		cnt[i] = 0;
	for (int64_t i = 0; i < n; i++) {
		double v = x[i];
		if (!(v >= edges[0] && v <= edges[nb]))
			continue;
		int64_t l = 0, h = nb;  /* the bin: edges[l] <= v < edges[l + 1] */
		while (h - l > 1) {
			int64_t m = (l + h) / 2;
			if (v >= edges[m])
				l = m;
			else
				h = m;
		}
		cnt[l] += 1;
	}
	if (density) {
		double tot = 0;
		for (int64_t i = 0; i < nb; i++)
			tot += cnt[i];
		for (int64_t i = 0; i < nb; i++)
			cnt[i] = tot > 0 ? cnt[i] / tot / (edges[i + 1] - edges[i]) : NAN;
	}
}

/* the i-th of a per-dataset keyword (label=['a', 'b'], color=[...]), or the keyword itself */
static struct value *per_set(struct value *v, int i, int k)
{
	if (v && k > 1 && (v->type == VT_LIST || v->type == VT_TUPLE) && (int)v->u.seq.n == k)
		return v->u.seq.items[i];
	return v;
}

M(hist)
{
	if (check_kw(ev, "Rectangle", kw, hist_kws) < 0)
		return NULL;
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, "x");
	struct value *bv = argc > 1 ? argv[1] : pl_kw(kw, "bins");
	if (!xv)
		return err_set(ev, TY_TypeError, "hist() missing 1 required positional argument: 'x'");
	double **data = NULL, *edges = NULL, *cnt = NULL;
	int64_t *ns = NULL, nb = 10;
	int k = 0;
	struct value *result = NULL, *counts = NULL, *handles = NULL;
	if (hist_data(ev, xv, &data, &ns, &k) < 0)
		goto out;
	double lo = INFINITY, hi = -INFINITY;
	for (int s = 0; s < k; s++)
		for (int64_t i = 0; i < ns[s]; i++)
			if (isfinite(data[s][i])) {
				lo = fmin(lo, data[s][i]);
				hi = fmax(hi, data[s][i]);
			}
	if (!isfinite(lo)) {
		lo = 0;
		hi = 1;
	}
	struct value *rv = pl_kw(kw, "range");
	if (rv && rv->type != VT_NONE) {
		if ((rv->type != VT_TUPLE && rv->type != VT_LIST) || rv->u.seq.n != 2 ||
		    val_as_double(ev, rv->u.seq.items[0], &lo) < 0 || val_as_double(ev, rv->u.seq.items[1], &hi) < 0) {
			if (!err_occurred(ev))
				err_set(ev, TY_ValueError, "range must be a pair (min, max)");
			goto out;
		}
	}
	if (lo == hi) {
		lo -= 0.5;
		hi += 0.5;
	}
	if (bv && bv->type != VT_NONE && (bv->type == VT_INT || bv->type == VT_SCALAR)) {
		if (val_as_int64(ev, bv, &nb) < 0)
			goto out;
		if (nb < 1) {
			err_set(ev, TY_ValueError, "`bins` must be positive, when an integer");
			goto out;
		}
	} else if (bv && bv->type != VT_NONE) {
		if (val_as_cstr(bv)) {
			err_set(ev, TY_NotImplementedError, "hist(bins='%s') is not supported by Lumen's matplotlib", val_as_cstr(bv));
			goto out;
		}
		int64_t ne;
		if (!(edges = pl_doubles(ev, bv, &ne, NULL, NULL)))
			goto out;
		nb = ne - 1;
		if (nb < 1) {
			err_set(ev, TY_ValueError, "`bins` must have at least 2 edges");
			goto out;
		}
	}
	if (!edges) {
		if (!(edges = malloc(sizeof *edges * (size_t)(nb + 1)))) {
			err_nomem(ev);
			goto out;
		}
		for (int64_t i = 0; i <= nb; i++)  /* np.linspace */
			edges[i] = i == nb ? hi : lo + (hi - lo) * ((double)i / nb);
	}
	struct value *dv = pl_kw(kw, "density");
	int density = dv ? val_truth(ev, dv) : 0;
	if (density < 0)
		goto out;
	const char *ht = pl_kw_str(kw, "histtype");
	const char *orient = pl_kw_str(kw, "orientation");
	int horizontal = orient && !strcmp(orient, "horizontal");
	if (ht && strcmp(ht, "bar") && strcmp(ht, "step") && strcmp(ht, "stepfilled")) {
		err_set(ev, TY_NotImplementedError, "hist(histtype='%s') is not supported by Lumen's matplotlib", ht);
		goto out;
	}
	double rw = k > 1 ? 0.8 : 1;  /* side by side bars fill 0.8 of a bin */
	if (pl_kw_double(ev, kw, "rwidth", &rw) < 0)
		goto out;
	if (!(cnt = malloc(sizeof *cnt * (size_t)nb)) || !(counts = val_list_new(0, NULL)) || !(handles = val_list_new(0, NULL))) {
		err_nomem(ev);
		goto out;
	}
	struct value *colv = pl_kw(kw, "color"), *labv = pl_kw(kw, "label");
	for (int s = 0; s < k; s++) {
		hist_count(data[s], ns[s], edges, nb, density, cnt);
		struct pl_artist *r;
		if (ht && strcmp(ht, "bar")) {
			r = pl_artist_add(a, PK_STEP);
			if (!r || !(r->x = malloc(sizeof(double) * (size_t)(nb + 1))) || !(r->y = malloc(sizeof(double) * (size_t)nb))) {
				err_nomem(ev);
				goto out;
			}
			memcpy(r->x, edges, sizeof(double) * (size_t)(nb + 1));
			memcpy(r->y, cnt, sizeof(double) * (size_t)nb);
			r->n = nb;
			r->filled_step = !strcmp(ht, "stepfilled");
		} else {
			r = pl_artist_add(a, PK_BARS);
			if (!r || !(r->x = malloc(sizeof(double) * (size_t)nb)) || !(r->y = malloc(sizeof(double) * (size_t)nb)) ||
			    !(r->y2 = calloc((size_t)nb, sizeof(double))) || !(r->w = malloc(sizeof(double) * (size_t)nb))) {
				err_nomem(ev);
				goto out;
			}
			for (int64_t i = 0; i < nb; i++) {
				double w = edges[i + 1] - edges[i], bw = rw * w / k;
				r->x[i] = edges[i] + w * (1 - rw) / 2 + s * bw;
				r->w[i] = bw;
				r->y[i] = cnt[i];
			}
			r->n = nb;
		}
		r->lw = 1;  /* patch.linewidth */
		r->horizontal = horizontal;
		r->color = pl_cycle_color(a->pcycle);
		struct value *cs = per_set(colv, s, k);
		if (cs && cs->type != VT_NONE) {
			if (pl_color_parse(ev, cs, &r->color) < 0)
				goto out;
		} else if (!pl_kw(kw, "facecolor")) {
			a->pcycle++;
		}
		struct value *ls = per_set(labv, s, k);
		if (ls && ls->type != VT_NONE && set_text(ev, &r->label, ls) < 0)
			goto out;
		if (color_kw(ev, kw, "facecolor", NULL, &r->color) < 0 || color_kw(ev, kw, "edgecolor", "ec", &r->edge) < 0 ||
		    double_kw2(ev, kw, "linewidth", "lw", &r->lw) < 0)
			goto out;
		double alpha;
		int ka = pl_kw_double(ev, kw, "alpha", &alpha);
		if (ka < 0)
			goto out;
		if (ka) {
			r->color.a *= alpha;
			if (r->edge.a > 0)
				r->edge.a *= alpha;
		}
		if (list_append(counts, doubles_array(ev, cnt, nb)) < 0 ||
		    list_append(handles, handle_new(ev, "matplotlib.container.BarContainer", a, r)) < 0)
			goto out;
	}
	struct value *lg = pl_kw(kw, "log");
	if (lg && val_truth(ev, lg) > 0) {
		if (horizontal)
			a->xlog = 1;
		else
			a->ylog = 1;
	}
	pl_touch(a->fig);
	{
		struct value *it[3] = { NULL, doubles_array(ev, edges, nb + 1), NULL };
		if (k == 1) {  /* one dataset: its counts and its bars */
			it[0] = val_incref(counts->u.seq.items[0]);
			it[2] = val_incref(handles->u.seq.items[0]);
		} else {       /* several: their counts as one (k, nbins) array, a list of bars */
			int64_t shape[2] = { k, nb };
			struct ndarray *all = nd_new(ev, &backend_host, DT_FLOAT64, 2, shape);
			if (all) {
				for (int s2 = 0; s2 < k; s2++)
					memcpy((double *)nd_data(all) + s2 * nb, nd_data(arr_borrow(counts->u.seq.items[s2])),
					       sizeof(double) * (size_t)nb);
				it[0] = arr_wrap(ev, all);
			}
			it[2] = val_incref(handles);
			if (!it[0]) {
				val_decref(it[1]);
				val_decref(it[2]);
				goto out;
			}
		}
		if (!it[1]) {
			val_decref(it[0]);
			val_decref(it[2]);
			goto out;
		}
		result = val_tuple_new(3, it);
	}
out:
	for (int s = 0; s < k; s++)
		free(data[s]);
	free(data);
	free(ns);
	free(edges);
	free(cnt);
	val_decref(counts);
	val_decref(handles);
	return result;
}

/* ---- imshow ---- */

/* An image of many more items than the axes have pixels is shrunk where
 * it lives before it is drawn (issue 19: an 8192^2 device image never
 * crosses the bus whole): by an integer factor f that keeps at least two
 * items a pixel of the axes at the figure's dpi, as the mean of f x f blocks
 * (what antialiased downsampling draws) or, for interpolation 'nearest' /
 * 'none', every f-th item.  lim gets the whole image's finite min and max
 * (the default vmin/vmax).  1 shrunk (*out a new array), 0 not, -1 error. */
static int image_shrink(struct eval *ev, struct pl_axes *a, const struct ndarray *x, const struct kwargs *kw,
			struct value **out, double lim[2])
{
	const struct backend *be = nd_backend(x);
	const char *interp = pl_kw_str(kw, "interpolation");
	int nearest = interp && (!strcmp(interp, "nearest") || !strcmp(interp, "none"));
	double tw = a->fig->w * a->fig->dpi * a->slot[2], th = a->fig->h * a->fig->dpi * a->slot[3];
	if (!(x->ndim == 2 || (x->ndim == 3 && (x->shape[2] == 3 || x->shape[2] == 4))) || nd_size(x) < (1 << 22) ||
	    !(tw > 0 && th > 0) || x->dtype == DT_BOOL || dt_is_complex(x->dtype))
		return 0;
	double fr = x->shape[0] / (2 * th), fc = x->shape[1] / (2 * tw);
	int64_t f = (int64_t)(fr < fc ? fr : fc), R, C;
	if (f < 2)
		return 0;
	R = x->shape[0] / f;
	C = x->shape[1] / f;
	struct value *xv = arr_wrap(ev, nd_incref((struct ndarray *)x)), *r;
	if (!xv)
		return -1;
	if (x->ndim == 2) {
		/* the whole image's limits: min/max of its finite items */
		struct value *fin = ex_fn1(ev, be, "isfinite", val_incref(xv)), *args[3], *lo, *hi;
		args[0] = fin;
		args[1] = val_incref(xv);
		args[2] = val_float(NAN);
		struct value *w = fin ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
		for (int i = 0; i < 3; i++)
			if (args[i])
				val_decref(args[i]);
		lo = w ? ex_fn1(ev, be, "nanmin", val_incref(w)) : NULL;
		hi = w ? ex_fn1(ev, be, "nanmax", val_incref(w)) : NULL;
		if (w)
			val_decref(w);
		int bad = !lo || !hi || val_as_double(ev, lo, &lim[0]) < 0 || val_as_double(ev, hi, &lim[1]) < 0;
		if (lo)
			val_decref(lo);
		if (hi)
			val_decref(hi);
		if (bad) {
			val_decref(xv);
			return -1;
		}
		if (!isfinite(lim[0])) {
			lim[0] = 0;
			lim[1] = 1;
		}
	}
	if (nearest) {
		struct value *key[2] = {val_slice_new(val_none(), val_none(), val_int(f)),
					val_slice_new(val_none(), val_none(), val_int(f))};
		r = ex_item(ev, xv, val_tuple_new(2, key));
	} else {
		/* x[:R*f, :C*f].reshape(R, f, C, f[, ch]).mean(axis=(1, 3)) */
		struct value *key[2] = {ex_slice(0, R * f), ex_slice(0, C * f)}, *shp[5], *ax[2], *axis, *m;
		int nsh = 0;
		shp[nsh++] = val_int(R);
		shp[nsh++] = val_int(f);
		shp[nsh++] = val_int(C);
		shp[nsh++] = val_int(f);
		if (x->ndim == 3)
			shp[nsh++] = val_int(x->shape[2]);
		struct value *crop = ex_item(ev, xv, val_tuple_new(2, key)), *shape = val_tuple_new(nsh, shp);
		struct value *rs = crop ? arr_method_call(ev, crop, "reshape", 1, &shape, NULL) : NULL;
		if (crop)
			val_decref(crop);
		val_decref(shape);
		ax[0] = val_int(1);
		ax[1] = val_int(3);
		axis = val_tuple_new(2, ax);
		{
			const char *names[1] = {"axis"};
			struct kwargs k = {1, names, &axis};
			m = rs ? arr_method_call(ev, rs, "mean", 0, NULL, &k) : NULL;
		}
		val_decref(axis);
		if (rs)
			val_decref(rs);
		r = m;
	}
	if (!r)
		return -1;
	*out = r;
	return 1;
}

static const char *const imshow_kws[] = { "cmap", "vmin", "vmax", "aspect", "origin", "extent", "interpolation",
	"alpha", "norm", "zorder", "resample", "filternorm", NULL };

M(imshow)
{
	if (check_kw(ev, "AxesImage", kw, imshow_kws) < 0)
		return NULL;
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, "X");
	if (!xv)
		return err_set(ev, TY_TypeError, "imshow() missing 1 required positional argument: 'X'");
	int64_t n, sh[4], full[2] = {0, 0};
	int nd;
	struct ndarray *src = arr_borrow(xv);
	int isint = src && src->dtype != DT_FLOAT16 && src->dtype != DT_FLOAT32 && src->dtype != DT_FLOAT64 &&
		    src->dtype != DT_BOOL;
	double lim[2] = {0, 1};
	struct value *small = NULL;
	int k0 = src ? image_shrink(ev, a, src, kw, &small, lim) : 0;
	if (k0 < 0)
		return NULL;
	if (k0) {
		full[0] = src->shape[0];
		full[1] = src->shape[1];
	}
	double *d = pl_doubles(ev, small ? small : xv, &n, &nd, sh);
	if (small)
		val_decref(small);
	if (!d)
		return NULL;
	if (!(nd == 2 || (nd == 3 && (sh[2] == 3 || sh[2] == 4)))) {
		free(d);
		if (nd == 3)
			return err_set(ev, TY_TypeError, "Invalid shape (%lld, %lld, %lld) for image data", (long long)sh[0], (long long)sh[1], (long long)sh[2]);
		return err_set(ev, TY_TypeError, "Invalid shape for image data: %d-D", nd);
	}
	struct pl_artist *r = pl_artist_add(a, PK_IMAGE);
	if (!r) {
		free(d);
		return err_nomem(ev);
	}
	r->rows = (int)sh[0];
	r->cols = (int)sh[1];
	r->color.a = 1;
	if (nd == 3) {
		r->rgb = 1;
		int ch = (int)sh[2];
		r->data = malloc(sizeof(double) * 4 * (size_t)r->rows * (size_t)r->cols);
		if (!r->data) {
			free(d);
			return err_nomem(ev);
		}
		for (int64_t i = 0; i < (int64_t)r->rows * r->cols; i++)
			for (int k = 0; k < 4; k++) {
				double v = k < ch ? d[i * ch + k] : (isint ? 255 : 1);
				r->data[i * 4 + k] = isint ? v / 255 : fmin(fmax(v, 0), 1);
			}
		free(d);
	} else {
		r->data = d;
		for (int64_t i = 0; i < n; i++)
			if (isinf(d[i]))
				d[i] = NAN;
		if (cmap_kw(ev, kw, &r->cmap) < 0 || norm_kw(ev, kw, r, d, n) < 0)
			return NULL;
		/* a shrunk image keeps the whole image's limits, as drawn in full */
		if (k0 && !pl_kw(kw, "vmin"))
			r->vmin = lim[0];
		if (k0 && !pl_kw(kw, "vmax"))
			r->vmax = lim[1];
	}
	const char *origin = pl_kw_str(kw, "origin");
	int lower = origin && !strcmp(origin, "lower");
	if (lower) {  /* stored top row first */
		int stride = r->rgb ? 4 * r->cols : r->cols;
		double *t = malloc(sizeof(double) * (size_t)stride);
		if (!t)
			return err_nomem(ev);
		for (int i = 0; i < r->rows / 2; i++) {
			double *p = r->data + (size_t)i * stride, *q = r->data + (size_t)(r->rows - 1 - i) * stride;
			memcpy(t, p, sizeof(double) * (size_t)stride);
			memcpy(p, q, sizeof(double) * (size_t)stride);
			memcpy(q, t, sizeof(double) * (size_t)stride);
		}
		free(t);
	}
	struct value *ext = pl_kw(kw, "extent");
	if (ext && ext->type != VT_NONE) {
		if ((ext->type != VT_TUPLE && ext->type != VT_LIST) || ext->u.seq.n != 4)
			return err_set(ev, TY_ValueError, "extent must be a sequence of 4 values");
		for (int i = 0; i < 4; i++)
			if (val_as_double(ev, ext->u.seq.items[i], &r->extent[i]) < 0)
				return NULL;
	} else {
		double rows = k0 ? (double)full[0] : r->rows, cols = k0 ? (double)full[1] : r->cols;
		r->extent[0] = -0.5;
		r->extent[1] = cols - 0.5;
		r->extent[2] = lower ? -0.5 : rows - 0.5;
		r->extent[3] = lower ? rows - 0.5 : -0.5;
	}
	const char *interp = pl_kw_str(kw, "interpolation");
	r->nearest = !interp || !strcmp(interp, "antialiased") || !strcmp(interp, "auto") ? 0 : !strcmp(interp, "nearest") || !strcmp(interp, "none");
	if (interp && strcmp(interp, "nearest") && strcmp(interp, "none") && strcmp(interp, "antialiased") &&
	    strcmp(interp, "auto") && strcmp(interp, "bilinear"))
		return err_set(ev, TY_NotImplementedError, "imshow(interpolation='%s') is not supported by Lumen's matplotlib", interp);
	double alpha;
	int k = pl_kw_double(ev, kw, "alpha", &alpha);
	if (k < 0)
		return NULL;
	if (k > 0) {
		r->color.a = alpha;
		if (r->rgb)
			for (int64_t i = 0; i < (int64_t)r->rows * r->cols; i++)
				r->data[i * 4 + 3] *= alpha;
	}
	struct value *asp = pl_kw(kw, "aspect");
	const char *as = asp ? val_as_cstr(asp) : NULL;
	if (!asp || asp->type == VT_NONE || (as && !strcmp(as, "equal"))) {
		a->aspect_equal = 1;
		a->aspect = 1;
	} else if (as && !strcmp(as, "auto")) {
		a->aspect_equal = 0;
	} else if (val_as_double(ev, asp, &a->aspect) < 0) {
		return NULL;
	} else {
		a->aspect_equal = 1;
	}
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.image.AxesImage", a, r);
}

/* fontweight='bold' / weight= */
static int bold_kw(const struct kwargs *kw)
{
	const char *w = pl_kw_str(kw, "fontweight");
	if (!w)
		w = pl_kw_str(kw, "weight");
	return w && (!strcmp(w, "bold") || !strcmp(w, "heavy") || !strcmp(w, "black") || !strcmp(w, "semibold"));
}

/* ---- errorbar, fill_between, axhline, text ---- */

static const char *const errorbar_kws[] = { "yerr", "xerr", "fmt", "color", "ecolor", "elinewidth", "capsize",
	"label", "alpha", "marker", "markersize", "ms", "linestyle", "ls", "linewidth", "lw", "zorder", "capthick",
	"mfc", "mec", "markerfacecolor", "markeredgecolor", NULL };

static double *err_values(struct eval *ev, struct value *v, int64_t n)
{
	int64_t k;
	double *e = pl_doubles(ev, v, &k, NULL, NULL);
	if (!e)
		return NULL;
	if (k == n)
		return e;
	if (k == 1) {
		double *r = realloc(e, sizeof *e * (size_t)(n ? n : 1));
		if (!r) {
			free(e);
			return err_nomem(ev);
		}
		for (int64_t i = 1; i < n; i++)
			r[i] = r[0];
		return r;
	}
	free(e);
	return err_set(ev, TY_ValueError, "The lengths of the data (%lld) and the error %lld do not match", (long long)n, (long long)k);
}

M(errorbar)
{
	if (check_kw(ev, "Line2D", kw, errorbar_kws) < 0)
		return NULL;
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, "x"), *yv = argc > 1 ? argv[1] : pl_kw(kw, "y");
	struct value *yerr = argc > 2 ? argv[2] : pl_kw(kw, "yerr"), *xerr = argc > 3 ? argv[3] : pl_kw(kw, "xerr");
	if (!xv || !yv)
		return err_set(ev, TY_TypeError, "errorbar() missing 2 required positional arguments: 'x' and 'y'");
	const char *fmt = pl_kw_str(kw, "fmt");
	int start = a->nart;
	struct kwargs lk = { 0, NULL, NULL };
	const char *names[32];
	struct value *vals[32];
	for (int i = 0; kw && i < kw->n && lk.n < 32; i++)
		if (strcmp(kw->names[i], "yerr") && strcmp(kw->names[i], "xerr") && strcmp(kw->names[i], "fmt") &&
		    strcmp(kw->names[i], "ecolor") && strcmp(kw->names[i], "elinewidth") && strcmp(kw->names[i], "capsize") &&
		    strcmp(kw->names[i], "capthick")) {
			names[lk.n] = kw->names[i];
			vals[lk.n++] = kw->vals[i];
		}
	lk.names = names;
	lk.vals = vals;
	if (add_line(ev, a, xv, yv, fmt && strcmp(fmt, "none") ? fmt : NULL, &lk, NULL) < 0)
		return NULL;
	struct pl_artist *line = &a->art[start];
	if (fmt && !strcmp(fmt, "none"))
		line->ls = LS_NONE;
	struct pl_artist *r = pl_artist_add(a, PK_ERRBAR);
	if (!r)
		return err_nomem(ev);
	line = &a->art[start];
	r->n = line->n;
	r->x = malloc(sizeof(double) * (size_t)(r->n ? r->n : 1));
	r->y = malloc(sizeof(double) * (size_t)(r->n ? r->n : 1));
	if (!r->x || !r->y)
		return err_nomem(ev);
	memcpy(r->x, line->x, sizeof(double) * (size_t)r->n);
	memcpy(r->y, line->y, sizeof(double) * (size_t)r->n);
	if (yerr && yerr->type != VT_NONE && !(r->y2 = err_values(ev, yerr, r->n)))
		return NULL;
	if (xerr && xerr->type != VT_NONE && !(r->xerr = err_values(ev, xerr, r->n)))
		return NULL;
	r->color = line->color;
	r->lw = line->lw;
	if (color_kw(ev, kw, "ecolor", NULL, &r->color) < 0 || pl_kw_double(ev, kw, "elinewidth", &r->lw) < 0)
		return NULL;
	double cs = 0;
	if (pl_kw_double(ev, kw, "capsize", &cs) < 0)
		return NULL;
	if (cs > 0) {
		r->w = malloc(sizeof(double));
		if (!r->w)
			return err_nomem(ev);
		r->w[0] = cs;
	}
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.container.ErrorbarContainer", a, r);
}

static const char *const fill_kws[] = { "color", "alpha", "label", "facecolor", "edgecolor", "linewidth", "lw",
	"zorder", "interpolate", "step", "where", "fc", "ec", NULL };

static struct value *fill_between(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
				  const struct kwargs *kw, int horizontal)
{
	if (check_kw(ev, "PolyCollection", kw, fill_kws) < 0)
		return NULL;
	if (pl_kw(kw, "where") || pl_kw(kw, "step"))
		return err_set(ev, TY_NotImplementedError, "fill_between(where=/step=) is not supported by Lumen's matplotlib");
	struct value *xv = argc > 0 ? argv[0] : pl_kw(kw, horizontal ? "y" : "x");
	struct value *y1v = argc > 1 ? argv[1] : pl_kw(kw, horizontal ? "x1" : "y1");
	struct value *y2v = argc > 2 ? argv[2] : pl_kw(kw, horizontal ? "x2" : "y2");
	if (!xv || !y1v)
		return err_set(ev, TY_TypeError, "fill_between() missing 2 required positional arguments");
	struct pl_artist *r = pl_artist_add(a, PK_FILL);
	if (!r)
		return err_nomem(ev);
	r->horizontal = horizontal;
	int64_t n, n1, n2 = 1;
	if (!(r->x = pl_doubles(ev, xv, &n, NULL, NULL)) || !(r->y = err_values(ev, y1v, n)))
		return NULL;
	(void)n1;
	if (y2v && y2v->type != VT_NONE) {
		if (!(r->y2 = err_values(ev, y2v, n)))
			return NULL;
	} else if (!(r->y2 = calloc((size_t)(n ? n : 1), sizeof(double)))) {
		return err_nomem(ev);
	}
	(void)n2;
	r->n = n;
	r->color = pl_cycle_color(a->pcycle);
	int k = color_kw(ev, kw, "color", "facecolor", &r->color);
	if (k < 0)
		return NULL;
	if (!k)
		a->pcycle++;
	if (common_kw(ev, r, kw) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.collections.PolyCollection", a, r);
}

M(fill_between) { return fill_between(ev, a, argc, argv, kw, 0); }
M(fill_betweenx) { return fill_between(ev, a, argc, argv, kw, 1); }

static const char *const axline_kws[] = { "color", "c", "linestyle", "ls", "linewidth", "lw", "alpha", "label",
	"zorder", "xmin", "xmax", "ymin", "ymax", "x", "y", NULL };

static struct value *axline(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
			    const struct kwargs *kw, int vertical)
{
	if (check_kw(ev, "Line2D", kw, axline_kws) < 0)
		return NULL;
	struct pl_artist *r = pl_artist_add(a, vertical ? PK_VLINE : PK_HLINE);
	if (!r)
		return err_nomem(ev);
	double v = 0;
	struct value *pv = argc > 0 ? argv[0] : pl_kw(kw, vertical ? "x" : "y");
	if (pv && val_as_double(ev, pv, &v) < 0)
		return NULL;
	r->x = malloc(sizeof(double));
	r->y = malloc(sizeof(double));
	if (!r->x || !r->y)
		return err_nomem(ev);
	r->x[0] = r->y[0] = v;
	r->n = 1;
	r->xmin = 0;
	r->xmax = 1;
	if (argc > 1 && val_as_double(ev, argv[1], &r->xmin) < 0)
		return NULL;
	if (argc > 2 && val_as_double(ev, argv[2], &r->xmax) < 0)
		return NULL;
	if (pl_kw_double(ev, kw, vertical ? "ymin" : "xmin", &r->xmin) < 0 ||
	    pl_kw_double(ev, kw, vertical ? "ymax" : "xmax", &r->xmax) < 0)
		return NULL;
	r->color = pl_cycle_color(0);
	r->lw = plot_rc_linewidth();
	if (line_kw(ev, r, kw) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.lines.Line2D", a, r);
}

M(axhline) { return axline(ev, a, argc, argv, kw, 0); }
M(axvline) { return axline(ev, a, argc, argv, kw, 1); }

static const char *const text_kws[] = { "fontsize", "size", "ha", "va", "horizontalalignment",
	"verticalalignment", "color", "c", "transform", "rotation", "alpha", "zorder", "fontweight", "weight",
	"family", "fontfamily", "bbox", "wrap", NULL };

static char align_char(const char *s, char def)
{
	if (!s)
		return def;
	if (!strcmp(s, "left"))
		return 'l';
	if (!strcmp(s, "right"))
		return 'r';
	if (!strcmp(s, "center"))
		return 'c';
	if (!strcmp(s, "top"))
		return 't';
	if (!strcmp(s, "bottom"))
		return 'b';
	if (!strcmp(s, "baseline"))
		return 'B';
	if (!strcmp(s, "center_baseline"))
		return 'm';
	return def;
}

static int fontsize_kw(struct eval *ev, const struct kwargs *kw, double *fs)
{
	struct value *v = pl_kw(kw, "fontsize");
	if (!v)
		v = pl_kw(kw, "size");
	if (!v || v->type == VT_NONE)
		return 0;
	const char *s = val_as_cstr(v);
	if (s) {
		static const struct { const char *n; double f; } sizes[] = {
			{"xx-small", 0.579}, {"x-small", 0.694}, {"small", 0.833}, {"medium", 1.0},
			{"large", 1.2}, {"x-large", 1.44}, {"xx-large", 1.728}, {"larger", 1.2}, {"smaller", 0.833} };
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
			if (!strcmp(s, sizes[i].n)) {
				*fs = plot_rc_fontsize() * sizes[i].f;
				return 1;
			}
		err_set(ev, TY_ValueError, "'%s' is not a valid font size", s);
		return -1;
	}
	return val_as_double(ev, v, fs) < 0 ? -1 : 1;
}

M(text)
{
	if (check_kw(ev, "Text", kw, text_kws) < 0)
		return NULL;
	if (argc < 3)
		return err_set(ev, TY_TypeError, "text() missing required positional arguments: 'x', 'y' and 's'");
	struct pl_artist *r = pl_artist_add(a, PK_TEXT);
	if (!r)
		return err_nomem(ev);
	r->x = malloc(sizeof(double));
	r->y = malloc(sizeof(double));
	if (!r->x || !r->y)
		return err_nomem(ev);
	r->n = 1;
	if (val_as_double(ev, argv[0], r->x) < 0 || val_as_double(ev, argv[1], r->y) < 0 ||
	    !(r->text = val_str_of(ev, argv[2])))
		return NULL;
	r->color = (struct pl_color){0, 0, 0, 1};
	r->fontsize = plot_rc_fontsize();
	const char *ha = pl_kw_str(kw, "ha"), *va = pl_kw_str(kw, "va");
	if (!ha)
		ha = pl_kw_str(kw, "horizontalalignment");
	if (!va)
		va = pl_kw_str(kw, "verticalalignment");
	r->ha = align_char(ha, 'l');
	r->va = align_char(va, 'B');
	const char *tr = pl_kw_str(kw, "transform");
	r->axes_coords = tr && !strcmp(tr, "transAxes");
	r->bold = bold_kw(kw);
	if (fontsize_kw(ev, kw, &r->fontsize) < 0 || color_kw(ev, kw, "color", "c", &r->color) < 0 ||
	    pl_kw_double(ev, kw, "rotation", &r->rotation) < 0 || common_kw(ev, r, kw) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.text.Text", a, r);
}

/* annotate(text, xy, xytext=None, arrowprops=None, fontsize=, ha=, va=,
 * color=): text at xytext (data coordinates) with an arrow to xy */
M(annotate)
{
	static const char *const ok[] = { "text", "xy", "xytext", "arrowprops", "fontsize", "size", "ha", "va",
		"horizontalalignment", "verticalalignment", "color", "c", "xycoords", "textcoords", "alpha",
		"zorder", "rotation", NULL };
	if (check_kw(ev, "Annotation", kw, ok) < 0)
		return NULL;
	struct value *tv = argc > 0 ? argv[0] : pl_kw(kw, "text"), *xy = argc > 1 ? argv[1] : pl_kw(kw, "xy");
	struct value *xyt = argc > 2 ? argv[2] : pl_kw(kw, "xytext"), *ap = pl_kw(kw, "arrowprops");
	const char *xc = pl_kw_str(kw, "xycoords"), *tc = pl_kw_str(kw, "textcoords");
	if ((xc && strcmp(xc, "data")) || (tc && strcmp(tc, "data")))
		return err_set(ev, TY_NotImplementedError, "annotate() coordinates other than 'data' are not supported by Lumen's matplotlib");
	if (!tv || !xy)
		return err_set(ev, TY_TypeError, "annotate() missing 2 required positional arguments: 'text' and 'xy'");
	double p[4];
	struct value *pairs[2] = { xy, xyt && xyt->type != VT_NONE ? xyt : xy };
	for (int k = 0; k < 2; k++) {
		struct value *v = pairs[k];
		if ((v->type != VT_TUPLE && v->type != VT_LIST) || v->u.seq.n != 2)
			return err_set(ev, TY_TypeError, "annotate() xy and xytext must be (x, y) pairs");
		if (val_as_double(ev, v->u.seq.items[0], &p[2 * k]) < 0 || val_as_double(ev, v->u.seq.items[1], &p[2 * k + 1]) < 0)
			return NULL;
	}
	struct pl_artist *r = pl_artist_add(a, PK_TEXT);
	if (!r)
		return err_nomem(ev);
	int arrow = ap && ap->type == VT_DICT;
	r->n = arrow ? 3 : 1;
	r->x = malloc(sizeof(double) * 3);
	r->y = malloc(sizeof(double) * 3);
	r->y2 = calloc(1, sizeof(double));
	if (!r->x || !r->y || !r->y2)
		return err_nomem(ev);
	r->x[0] = r->x[1] = p[2];
	r->y[0] = r->y[1] = p[3];
	r->x[2] = p[0];
	r->y[2] = p[1];
	if (!(r->text = val_str_of(ev, tv)))
		return NULL;
	r->color = (struct pl_color){0, 0, 0, 1};
	r->edge = r->color;
	r->fontsize = plot_rc_fontsize();
	const char *ha = pl_kw_str(kw, "ha"), *va = pl_kw_str(kw, "va");
	if (!ha)
		ha = pl_kw_str(kw, "horizontalalignment");
	if (!va)
		va = pl_kw_str(kw, "verticalalignment");
	r->ha = align_char(ha, 'l');
	r->va = align_char(va, 'B');
	if (fontsize_kw(ev, kw, &r->fontsize) < 0 || color_kw(ev, kw, "color", "c", &r->color) < 0 ||
	    pl_kw_double(ev, kw, "rotation", &r->rotation) < 0 || common_kw(ev, r, kw) < 0)
		return NULL;
	if (arrow) {
		struct value *as = dict_getstr_borrow(ap, "arrowstyle");
		double shrink = 0;
		struct value *sh = dict_getstr_borrow(ap, "shrink");
		if (sh && val_as_double(ev, sh, &shrink) < 0)
			return NULL;
		r->y2[0] = as ? 0 : 1 + shrink;  /* no arrowstyle: the filled arrow of facecolor= */
		struct value *fc = dict_getstr_borrow(ap, "facecolor");
		if (!fc)
			fc = dict_getstr_borrow(ap, "color");
		if (fc && pl_color_parse(ev, fc, &r->edge) < 0)
			return NULL;
	}
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.text.Annotation", a, r);
}

/* ---- labels, limits, scales, ticks ---- */


static struct value *set_label(struct eval *ev, char **dst, int argc, struct value **argv, const struct kwargs *kw,
			       const char *what, double *fs, int *bold)
{
	static const char *const ok[] = { "fontsize", "size", "fontweight", "weight", "loc", "label", "xlabel",
		"ylabel", "labelpad", "pad", "color", "fontdict", "y", NULL };
	if (check_kw(ev, "Text", kw, ok) < 0)
		return NULL;
	struct value *v = argc ? argv[0] : pl_kw(kw, what);
	if (!v)
		return err_set(ev, TY_TypeError, "set_%s() missing 1 required positional argument: '%s'", what, what);
	if (fs)
		*fs = 0;  /* each call sets the size anew */
	if (set_text(ev, dst, v) < 0 || (fs && fontsize_kw(ev, kw, fs) < 0))
		return NULL;
	if (bold)
		*bold = bold_kw(kw);
	return val_none();
}

M(set_xlabel) { pl_touch(a->fig); return set_label(ev, &a->xlabel, argc, argv, kw, "xlabel", &a->xlabel_fs, &a->xlabel_bold); }
M(set_ylabel) { pl_touch(a->fig); return set_label(ev, &a->ylabel, argc, argv, kw, "ylabel", &a->ylabel_fs, &a->ylabel_bold); }
M(set_title)
{
	const char *loc = pl_kw_str(kw, "loc");
	if (loc) {
		free(a->title_loc);
		a->title_loc = strdup(loc);
	}
	pl_touch(a->fig);
	return set_label(ev, &a->title, argc, argv, kw, "label", &a->title_fs, &a->title_bold);
}

static struct value *pair(double a, double b)
{
	struct value *it[2] = { val_float(a), val_float(b) };
	return val_tuple_new(2, it);
}

static void view_now(struct pl_axes *a, double xl[2], double yl[2])
{
	pl_axes_view(a, xl, yl);
}

/* set_xlim(left, right) / set_xlim((left, right)) / left=, right= ; returns the new limits */
static struct value *set_lim(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
			     const struct kwargs *kw, int y)
{
	double xl[2], yl[2];
	view_now(a, xl, yl);
	double *lim = y ? a->ylim : a->xlim;
	double cur[2] = { y ? yl[0] : xl[0], y ? yl[1] : xl[1] };
	double nv[2] = { NAN, NAN };
	struct value *lo = NULL, *hi = NULL;
	if (argc == 1 && (argv[0]->type == VT_TUPLE || argv[0]->type == VT_LIST) && argv[0]->u.seq.n == 2) {
		lo = argv[0]->u.seq.items[0];
		hi = argv[0]->u.seq.items[1];
	} else {
		lo = argc > 0 ? argv[0] : pl_kw(kw, y ? "bottom" : "left");
		hi = argc > 1 ? argv[1] : pl_kw(kw, y ? "top" : "right");
		if (!lo)
			lo = pl_kw(kw, y ? "ymin" : "xmin");
		if (!hi)
			hi = pl_kw(kw, y ? "ymax" : "xmax");
	}
	if (lo && lo->type != VT_NONE && val_as_double(ev, lo, &nv[0]) < 0)
		return NULL;
	if (hi && hi->type != VT_NONE && val_as_double(ev, hi, &nv[1]) < 0)
		return NULL;
	/* a limit left out keeps today's value */
	lim[0] = isnan(nv[0]) ? cur[0] : nv[0];
	lim[1] = isnan(nv[1]) ? cur[1] : nv[1];
	if (y)
		a->ylim_set = 1;
	else
		a->xlim_set = 1;
	pl_touch(a->fig);
	return pair(lim[0], lim[1]);
}

M(set_xlim) { return set_lim(ev, a, argc, argv, kw, 0); }
M(set_ylim) { return set_lim(ev, a, argc, argv, kw, 1); }
/* matplotlib's view limits are NumPy float64 */
static struct value *np_pair(double a, double b)
{
	union scalar_data x = { .f = a }, y = { .f = b };
	struct value *it[2] = { val_scalar(DT_FLOAT64, x), val_scalar(DT_FLOAT64, y) };
	return val_tuple_new(2, it);
}

M(get_xlim) { double xl[2], yl[2]; view_now(a, xl, yl); return np_pair(xl[0], xl[1]); }
M(get_ylim) { double xl[2], yl[2]; view_now(a, xl, yl); return np_pair(yl[0], yl[1]); }
M(xlim) { return argc || (kw && kw->n) ? m_set_xlim(ev, a, argc, argv, kw) : m_get_xlim(ev, a, argc, argv, kw); }
M(ylim) { return argc || (kw && kw->n) ? m_set_ylim(ev, a, argc, argv, kw) : m_get_ylim(ev, a, argc, argv, kw); }

static struct value *set_scale(struct eval *ev, struct pl_axes *a, int argc, struct value **argv, int y)
{
	const char *s = argc ? val_as_cstr(argv[0]) : NULL;
	if (!s)
		return err_set(ev, TY_TypeError, "set_%cscale() missing 1 required positional argument: 'value'", y ? 'y' : 'x');
	int lg;
	if (!strcmp(s, "linear"))
		lg = 0;
	else if (!strcmp(s, "log"))
		lg = 1;
	else if (!strcmp(s, "symlog") || !strcmp(s, "logit") || !strcmp(s, "asinh") || !strcmp(s, "function"))
		return err_set(ev, TY_NotImplementedError, "the '%s' scale is not supported by Lumen's matplotlib", s);
	else
		return err_set(ev, TY_ValueError, "'%s' is not a valid value for scale; supported values are 'asinh', 'function', 'functionlog', 'linear', 'log', 'logit', 'symlog'", s);
	if (y)
		a->ylog = lg;
	else
		a->xlog = lg;
	for (int i = 0; i < a->fig->nax; i++) {  /* a shared group shares its scale */
		struct pl_axes *b = a->fig->ax[i];
		struct pl_axes *lead = y ? (a->sharey ? a->sharey : a) : (a->sharex ? a->sharex : a);
		if ((y ? (b->sharey ? b->sharey : b) : (b->sharex ? b->sharex : b)) == lead && (y ? (b->sharey || b == lead) : (b->sharex || b == lead))) {
			if (y)
				b->ylog = lg;
			else
				b->xlog = lg;
		}
	}
	pl_touch(a->fig);
	return val_none();
}

M(set_xscale) { return set_scale(ev, a, argc, argv, 0); }
M(set_yscale) { return set_scale(ev, a, argc, argv, 1); }

static int set_ticks(struct eval *ev, struct pl_ticks *t, struct value *ticks, struct value *labels)
{
	int64_t n;
	double *v = pl_doubles(ev, ticks, &n, NULL, NULL);
	if (!v)
		return -1;
	if (labels && labels->type != VT_NONE) {
		if ((labels->type != VT_LIST && labels->type != VT_TUPLE) || (int64_t)labels->u.seq.n != n) {
			free(v);
			err_set(ev, TY_ValueError, "The number of FixedLocator locations (%lld), usually from a call to set_ticks, does not match the number of labels (%lld).",
				(long long)n, labels->type == VT_LIST || labels->type == VT_TUPLE ? (long long)labels->u.seq.n : -1LL);
			return -1;
		}
		int r = set_tick_labels(ev, t, labels, v, n);
		free(v);
		return r;
	}
	double rot = t->rotation;
	pl_ticks_free(t);
	t->rotation = rot;
	t->v = v;
	t->n = (int)n;
	t->set = 1;
	return 0;
}

static int rotation_kw(struct eval *ev, struct pl_ticks *t, const struct kwargs *kw)
{
	struct value *r = pl_kw(kw, "rotation");
	if (!r)
		return 0;
	const char *s = val_as_cstr(r);
	if (s) {
		t->rotation = !strcmp(s, "vertical") ? 90 : 0;
		return 0;
	}
	return val_as_double(ev, r, &t->rotation);
}

M(set_xticks)
{
	if (argc < 1)
		return err_set(ev, TY_TypeError, "set_xticks() missing 1 required positional argument: 'ticks'");
	if (set_ticks(ev, &a->xt, argv[0], argc > 1 ? argv[1] : pl_kw(kw, "labels")) < 0 || rotation_kw(ev, &a->xt, kw) < 0)
		return NULL;
	return val_none();
}

M(set_yticks)
{
	if (argc < 1)
		return err_set(ev, TY_TypeError, "set_yticks() missing 1 required positional argument: 'ticks'");
	if (set_ticks(ev, &a->yt, argv[0], argc > 1 ? argv[1] : pl_kw(kw, "labels")) < 0 || rotation_kw(ev, &a->yt, kw) < 0)
		return NULL;
	return val_none();
}

static struct value *ticklabels(struct eval *ev, struct pl_ticks *t, int argc, struct value **argv, const struct kwargs *kw)
{
	if (argc < 1 || (argv[0]->type != VT_LIST && argv[0]->type != VT_TUPLE))
		return err_set(ev, TY_TypeError, "set_ticklabels() takes a list of labels");
	if (!t->set)
		return err_set(ev, TY_NotImplementedError, "set_xticklabels() before set_xticks() is not supported by Lumen's matplotlib");
	double *pos = malloc(sizeof *pos * (size_t)(t->n ? t->n : 1));
	if (!pos)
		return err_nomem(ev);
	memcpy(pos, t->v, sizeof *pos * (size_t)t->n);
	int64_t n = t->n < (int)argv[0]->u.seq.n ? t->n : (int64_t)argv[0]->u.seq.n;
	double rot = t->rotation;
	int r = set_tick_labels(ev, t, argv[0], pos, n);
	t->rotation = rot;
	free(pos);
	if (r < 0 || rotation_kw(ev, t, kw) < 0)
		return NULL;
	return val_none();
}

M(set_xticklabels) { return ticklabels(ev, &a->xt, argc, argv, kw); }
M(set_yticklabels) { return ticklabels(ev, &a->yt, argc, argv, kw); }

/* pyplot's xticks(ticks=None, labels=None, rotation=...) */
static struct value *pticks(struct eval *ev, struct pl_ticks *t, int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *tv = argc > 0 ? argv[0] : pl_kw(kw, "ticks"), *lv = argc > 1 ? argv[1] : pl_kw(kw, "labels");
	if (tv && tv->type != VT_NONE && set_ticks(ev, t, tv, lv) < 0)
		return NULL;
	if (rotation_kw(ev, t, kw) < 0)
		return NULL;
	return val_none();
}

M(xticks) { return pticks(ev, &a->xt, argc, argv, kw); }
M(yticks) { return pticks(ev, &a->yt, argc, argv, kw); }

/* ---- legend, grid, axis, set ---- */

static const char *const loc_names[] = { "best", "upper right", "upper left", "lower left", "lower right",
	"right", "center left", "center right", "lower center", "upper center", "center", NULL };

M(legend)
{
	static const char *const ok[] = { "loc", "fontsize", "ncol", "ncols", "title", "frameon", "framealpha",
		"labels", "handles", "shadow", "fancybox", "prop", "markerscale", "numpoints", NULL };
	if (check_kw(ev, "Legend", kw, ok) < 0)
		return NULL;
	struct value *labels = NULL, *handles = pl_kw(kw, "handles");
	if (argc == 1)
		labels = argv[0];
	else if (argc == 2) {
		handles = argv[0];
		labels = argv[1];
	}
	if (!labels)
		labels = pl_kw(kw, "labels");
	if (handles && handles->type != VT_NONE) {
		/* legend(handles[, labels]): those artists only, in their order of drawing */
		if (handles->type != VT_LIST && handles->type != VT_TUPLE)
			return err_set(ev, TY_TypeError, "legend() handles must be a list of artists");
		if (labels && labels->type != VT_NONE &&
		    ((labels->type != VT_LIST && labels->type != VT_TUPLE) || labels->u.seq.n != handles->u.seq.n))
			return err_set(ev, TY_ValueError, "legend() needs one label per handle");
		for (int i = 0; i < a->nart; i++)
			a->art[i].no_legend = 1;
		for (size_t k = 0; k < handles->u.seq.n; k++) {
			struct value *h = handles->u.seq.items[k];
			if (h->type == VT_LIST && h->u.seq.n == 1)  /* plt.plot's list of one line */
				h = h->u.seq.items[0];
			if (h->type != VT_OBJECT || h->u.obj.t != &handle_type)
				return err_set(ev, TY_NotImplementedError, "legend() handles other than the artists plotting returned are not supported by Lumen's matplotlib");
			struct handle *hd = h->u.obj.p;
			if (hd->ax != a || hd->art < 0 || hd->art >= a->nart)
				continue;
			struct pl_artist *r = &a->art[hd->art];
			r->no_legend = 0;
			if (labels && labels->type != VT_NONE && set_text(ev, &r->label, labels->u.seq.items[k]) < 0)
				return NULL;
			if (!r->label && !(r->label = strdup("")))
				return err_nomem(ev);
		}
		labels = NULL;
	}
	if (labels && labels->type != VT_NONE) {
		if (labels->type != VT_LIST && labels->type != VT_TUPLE)
			return err_set(ev, TY_TypeError, "legend() labels must be a list of str");
		size_t k = 0;
		for (int i = 0; i < a->nart && k < labels->u.seq.n; i++) {
			struct pl_artist *r = &a->art[i];
			if (r->kind == PK_TEXT || r->kind == PK_IMAGE || r->kind == PK_ERRBAR)
				continue;
			if (set_text(ev, &r->label, labels->u.seq.items[k++]) < 0)
				return NULL;
		}
	}
	a->legend = 1;
	a->legend_loc = 0;
	struct value *loc = pl_kw(kw, "loc");
	if (loc) {
		const char *s = val_as_cstr(loc);
		int64_t code = -1;
		if (s) {
			for (int i = 0; loc_names[i]; i++)
				if (!strcmp(s, loc_names[i]))
					code = i;
		} else if (val_as_int64(ev, loc, &code) < 0) {
			return NULL;
		}
		if (code < 0 || code > 10)
			return err_set(ev, TY_ValueError, "'%s' is not a valid value for loc; supported values are 'best', 'upper right', 'upper left', 'lower left', 'lower right', 'right', 'center left', 'center right', 'lower center', 'upper center', 'center'",
				       s ? s : "?");
		a->legend_loc = (int)code;
	}
	double fs = plot_rc_fontsize();
	if (fontsize_kw(ev, kw, &fs) < 0)
		return NULL;
	a->legend_fs = fs;
	int64_t nc = 1;
	struct value *ncv = pl_kw(kw, "ncols");
	if (!ncv)
		ncv = pl_kw(kw, "ncol");
	if (ncv && val_as_int64(ev, ncv, &nc) < 0)
		return NULL;
	a->legend_ncol = (int)nc;
	struct value *t = pl_kw(kw, "title");
	if (t && t->type != VT_NONE && set_text(ev, &a->legend_title, t) < 0)
		return NULL;
	struct value *fr = pl_kw(kw, "frameon");
	if (fr && (a->legend_frame = val_truth(ev, fr)) < 0)
		return NULL;
	pl_touch(a->fig);
	return handle_new(ev, "matplotlib.legend.Legend", a, NULL);
}

M(grid)
{
	static const char *const ok[] = { "visible", "b", "which", "axis", "color", "c", "linestyle", "ls",
		"linewidth", "lw", "alpha", "zorder", NULL };
	if (check_kw(ev, "Line2D", kw, ok) < 0)
		return NULL;
	int on = 1;
	struct value *v = argc ? argv[0] : pl_kw(kw, "visible");
	if (!v)
		v = pl_kw(kw, "b");
	if (v && v->type != VT_NONE && (on = val_truth(ev, v)) < 0)
		return NULL;
	if (!v && (!kw || kw->n == 0))  /* grid() toggles */
		on = !(a->grid_x || a->grid_y);
	const char *axis = pl_kw_str(kw, "axis"), *which = pl_kw_str(kw, "which");
	if (which && strcmp(which, "major") && strcmp(which, "both") && strcmp(which, "minor"))
		return err_set(ev, TY_ValueError, "which must be one of 'major', 'minor', 'both', not '%s'", which);
	if (which && strcmp(which, "major"))
		a->grid_minor = on;
	if (which && !strcmp(which, "minor"))
		return val_none();
	if (!axis || !strcmp(axis, "both") || !strcmp(axis, "x"))
		a->grid_x = on;
	if (!axis || !strcmp(axis, "both") || !strcmp(axis, "y"))
		a->grid_y = on;
	if (color_kw(ev, kw, "color", "c", &a->grid_color) < 0 || double_kw2(ev, kw, "linewidth", "lw", &a->grid_lw) < 0)
		return NULL;
	const char *ls = pl_kw_str(kw, "linestyle");
	if (!ls)
		ls = pl_kw_str(kw, "ls");
	if (ls && parse_ls(ev, ls, &a->grid_ls) < 0)
		return NULL;
	double alpha;
	int k = pl_kw_double(ev, kw, "alpha", &alpha);
	if (k < 0)
		return NULL;
	if (k)
		a->grid_color.a = alpha;
	pl_touch(a->fig);
	return val_none();
}

M(axis)
{
	const char *s = argc ? val_as_cstr(argv[0]) : NULL;
	if (argc && !s && (argv[0]->type == VT_LIST || argv[0]->type == VT_TUPLE) && argv[0]->u.seq.n == 4) {
		struct value *lx[2] = { argv[0]->u.seq.items[0], argv[0]->u.seq.items[1] };
		struct value *ly[2] = { argv[0]->u.seq.items[2], argv[0]->u.seq.items[3] };
		struct value *r1 = set_lim(ev, a, 2, lx, NULL, 0);
		if (!r1)
			return NULL;
		val_decref(r1);
		struct value *r2 = set_lim(ev, a, 2, ly, NULL, 1);
		val_decref(r2);
		return r2 ? val_none() : NULL;
	}
	if (!s) {
		if (!argc) {
			double xl[2], yl[2];
			view_now(a, xl, yl);
			struct value *it[4] = { val_float(xl[0]), val_float(xl[1]), val_float(yl[0]), val_float(yl[1]) };
			return val_tuple_new(4, it);
		}
		struct value *v = argv[0];
		if (v->type == VT_BOOL) {
			a->axis_off = !v->u.i;
			return val_none();
		}
		return err_set(ev, TY_TypeError, "axis() takes a str, a bool or [xmin, xmax, ymin, ymax]");
	}
	if (!strcmp(s, "off"))
		a->axis_off = 1;
	else if (!strcmp(s, "on"))
		a->axis_off = 0;
	else if (!strcmp(s, "equal") || !strcmp(s, "scaled") || !strcmp(s, "image")) {
		a->aspect_equal = 1;
		a->aspect = 1;
	} else if (!strcmp(s, "auto") || !strcmp(s, "tight") || !strcmp(s, "normal")) {
		a->aspect_equal = 0;
		if (!strcmp(s, "tight"))
			return err_set(ev, TY_NotImplementedError, "axis('tight') is not supported by Lumen's matplotlib");
	} else
		return err_set(ev, TY_ValueError, "Unrecognized string '%s' to axis; try 'on' or 'off'", s);
	pl_touch(a->fig);
	return val_none();
}

M(set_aspect)
{
	struct value *v = argc ? argv[0] : pl_kw(kw, "aspect");
	const char *s = v ? val_as_cstr(v) : NULL;
	if (!v)
		return err_set(ev, TY_TypeError, "set_aspect() missing 1 required positional argument: 'aspect'");
	if (s && !strcmp(s, "auto"))
		a->aspect_equal = 0;
	else if (s && !strcmp(s, "equal")) {
		a->aspect_equal = 1;
		a->aspect = 1;
	} else if (s)
		return err_set(ev, TY_ValueError, "'%s' is not a valid value for aspect", s);
	else if (val_as_double(ev, v, &a->aspect) < 0)
		return NULL;
	else
		a->aspect_equal = 1;
	return val_none();
}

M(cla)
{
	pl_axes_clear(a);
	return val_none();
}

M(set_facecolor)
{
	if (argc < 1 || pl_color_parse(ev, argv[0], &a->facecolor) < 0)
		return argc < 1 ? err_set(ev, TY_TypeError, "set_facecolor() missing 1 required positional argument: 'color'") : NULL;
	a->facecolor_set = 1;
	return val_none();
}

M(invert_yaxis)
{
	double xl[2], yl[2];
	view_now(a, xl, yl);
	a->ylim[0] = yl[1];
	a->ylim[1] = yl[0];
	a->ylim_set = 1;
	return val_none();
}

M(invert_xaxis)
{
	double xl[2], yl[2];
	view_now(a, xl, yl);
	a->xlim[0] = xl[1];
	a->xlim[1] = xl[0];
	a->xlim_set = 1;
	return val_none();
}

/* tick_params: labelrotation= / rotation= are kept; the rest of the styling keeps
 * the defaults */
M(tick_params)
{
	const char *axis = argc ? val_as_cstr(argv[0]) : pl_kw_str(kw, "axis");
	struct value *rot = pl_kw(kw, "labelrotation");
	if (!rot)
		rot = pl_kw(kw, "rotation");
	double r;
	if (rot && val_as_double(ev, rot, &r) < 0)
		return NULL;
	if (rot && (!axis || !strcmp(axis, "x") || !strcmp(axis, "both")))
		a->xt.rotation = r;
	if (rot && (!axis || !strcmp(axis, "y") || !strcmp(axis, "both")))
		a->yt.rotation = r;
	return val_none();
}

M(set_axis_off) { a->axis_off = 1; return val_none(); }
M(set_axis_on) { a->axis_off = 0; return val_none(); }

M(get_title) { return val_cstr(a->title ? a->title : ""); }
M(get_xlabel) { return val_cstr(a->xlabel ? a->xlabel : ""); }
M(get_ylabel) { return val_cstr(a->ylabel ? a->ylabel : ""); }

typedef struct value *(*axfn)(struct eval *, struct pl_axes *, int, struct value **, const struct kwargs *);
static axfn method_find(const char *name);

/* ax.set(xlabel=..., ylim=..., ...): each keyword through its set_ twin */
M(set)
{
	if (argc)
		return err_set(ev, TY_TypeError, "set() takes 1 positional argument but %d were given", argc + 1);
	for (int i = 0; kw && i < kw->n; i++) {
		char name[64];
		snprintf(name, sizeof name, "set_%s", kw->names[i]);
		axfn fn = method_find(name);
		if (!fn)
			return err_set(ev, TY_AttributeError, "Axes.set() got an unexpected keyword argument '%s'", kw->names[i]);
		struct value *v = kw->vals[i];
		struct value *r = fn(ev, a, 1, &v, NULL);
		if (!r)
			return NULL;
		val_decref(r);
	}
	return val_none();
}

static struct value *unsupported(struct eval *ev, struct pl_axes *a, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	return NULL;  /* the caller names the method */
}

static const struct { const char *name; axfn fn; } methods[] = {
	{"plot", m_plot}, {"scatter", m_scatter}, {"bar", m_bar}, {"barh", m_barh}, {"hist", m_hist},
	{"imshow", m_imshow}, {"errorbar", m_errorbar}, {"fill_between", m_fill_between},
	{"fill_betweenx", m_fill_betweenx}, {"axhline", m_axhline}, {"axvline", m_axvline}, {"text", m_text},
	{"set_xlabel", m_set_xlabel}, {"set_ylabel", m_set_ylabel}, {"set_title", m_set_title},
	{"legend", m_legend}, {"grid", m_grid}, {"set_xlim", m_set_xlim}, {"set_ylim", m_set_ylim},
	{"get_xlim", m_get_xlim}, {"get_ylim", m_get_ylim}, {"xlim", m_xlim}, {"ylim", m_ylim},
	{"set_xscale", m_set_xscale}, {"set_yscale", m_set_yscale}, {"loglog", m_loglog},
	{"semilogx", m_semilogx}, {"semilogy", m_semilogy}, {"set_xticks", m_set_xticks},
	{"set_yticks", m_set_yticks}, {"set_xticklabels", m_set_xticklabels},
	{"set_yticklabels", m_set_yticklabels}, {"xticks", m_xticks}, {"yticks", m_yticks},
	{"axis", m_axis}, {"set_aspect", m_set_aspect}, {"cla", m_cla}, {"clear", m_cla}, {"set", m_set},
	{"set_facecolor", m_set_facecolor}, {"invert_yaxis", m_invert_yaxis}, {"invert_xaxis", m_invert_xaxis},
	{"tick_params", m_tick_params}, {"set_axis_off", m_set_axis_off}, {"set_axis_on", m_set_axis_on},
	{"get_title", m_get_title}, {"get_xlabel", m_get_xlabel}, {"get_ylabel", m_get_ylabel},
	{"annotate", m_annotate}, {"step", m_step}, {"hlines", m_hlines}, {"vlines", m_vlines}, {"axhspan", m_axhspan},
	{"axvspan", m_axvspan}, {"margins", m_margins},
	/* outside the subset: a NotImplementedError naming them */
	{"stem", unsupported}, {"pie", unsupported}, {"contour", unsupported}, {"contourf", unsupported},
	{"pcolormesh", unsupported}, {"pcolor", unsupported}, {"matshow", unsupported},
	{"boxplot", unsupported}, {"violinplot", unsupported}, {"quiver", unsupported},
	{"twinx", unsupported}, {"twiny", unsupported}, {"hexbin", unsupported}, {"streamplot", unsupported},
	{"stackplot", unsupported}, {"specgram", unsupported}, {"arrow", unsupported}, {"add_patch", unsupported},
	{"plot_surface", unsupported}, {"inset_axes", unsupported},
};
static const int nmethods = sizeof methods / sizeof methods[0];

static axfn method_find(const char *name)
{
	for (int k = 0; k < nmethods; k++)
		if (!strcmp(methods[k].name, name))
			return methods[k].fn;
	return NULL;
}

static struct value *ax_method_call(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				    const struct kwargs *kw)
{
	struct pl_axes *a = pl_axes_of(bi->self);
	axfn fn = (axfn)bi->data;
	if (fn == unsupported)
		return err_set(ev, TY_NotImplementedError, "Axes.%s is not supported by Lumen's matplotlib", bi->name);
	return fn(ev, a, argc, argv, kw);
}

struct value *pl_axes_method(struct eval *ev, struct pl_axes *a, const char *name)
{
	for (int i = 0; i < nmethods; i++)
		if (!strcmp(methods[i].name, name)) {
			struct value *self = pl_axes_value(ev, a);
			if (!self)
				return NULL;
			struct value *m = val_builtin(methods[i].name, ax_method_call, self, (void *)methods[i].fn);
			val_decref(self);
			return m ? m : err_nomem(ev);
		}
	return NULL;
}
