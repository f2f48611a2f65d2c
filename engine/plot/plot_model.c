/*
 * plot_model.c — the figure model's life: figures (refcounted), their axes
 * in a grid of subplot slots (matplotlib's SubplotParams: left .125, right
 * .9, bottom .11, top .88, wspace/hspace .2), the artists an axes holds,
 * and the view limits (autoscale with 5% margins, sticky edges of images
 * and bars, log axes).  Never draws, never sees Python values.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "plot/plot.h"
#include "plot/plot_api.h"

struct pl_figure *pl_figure_new(double w, double h, double dpi)
{
	struct pl_figure *f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->refcnt = 1;
	f->w = w;
	f->h = h;
	f->dpi = dpi;
	f->sp[0] = 0.125;
	f->sp[1] = 0.11;
	f->sp[2] = 0.9;
	f->sp[3] = 0.88;
	f->wspace = f->hspace = 0.2;
	f->face = (struct pl_color){ 1, 1, 1, 1 };
	return f;
}

static void artist_free(struct pl_artist *r)
{
	free(r->label);
	free(r->x);
	free(r->y);
	free(r->y2);
	free(r->w);
	free(r->c);
	free(r->xerr);
	free(r->data);
	free(r->text);
}

void pl_ticks_free(struct pl_ticks *t)
{
	for (int i = 0; t->labels && i < t->n; i++)
		free(t->labels[i]);
	free(t->labels);
	free(t->v);
	memset(t, 0, sizeof *t);
}

void pl_axes_clear(struct pl_axes *a)
{
	for (int i = 0; i < a->nart; i++)
		artist_free(&a->art[i]);
	free(a->art);
	a->art = NULL;
	a->nart = a->cap = 0;
	a->cycle = a->pcycle = 0;
	free(a->title);
	free(a->xlabel);
	free(a->ylabel);
	free(a->legend_title);
	free(a->cb_label);
	free(a->title_loc);
	a->title = a->xlabel = a->ylabel = a->legend_title = a->cb_label = a->title_loc = NULL;
	pl_ticks_free(&a->xt);
	pl_ticks_free(&a->yt);
	a->xlim_set = a->ylim_set = 0;
	a->xlog = a->ylog = 0;
	a->legend = 0;
	a->grid_x = a->grid_y = 0;
	a->axis_off = 0;
	a->aspect_equal = 0;
}

void pl_figure_decref(struct pl_figure *f)
{
	if (!f || --f->refcnt > 0)
		return;
	for (int i = 0; i < f->nax; i++) {
		pl_axes_clear(f->ax[i]);
		free(f->ax[i]);
	}
	free(f->ax);
	free(f->suptitle);
	free(f);
}

/* the slot of grid cells [r0, r1) x [c0, c1) of an nrows x ncols grid */
void pl_axes_slot(const struct pl_figure *f, struct pl_axes *a)
{
	double l = f->sp[0], b = f->sp[1], r = f->sp[2], t = f->sp[3];
	double cw = (r - l) / (a->ncols + f->wspace * (a->ncols - 1));
	double ch = (t - b) / (a->nrows + f->hspace * (a->nrows - 1));
	double sx = cw * f->wspace, sy = ch * f->hspace;
	double x0 = l + a->col0 * (cw + sx), x1 = l + (a->col1 - 1) * (cw + sx) + cw;
	double y1 = t - a->row0 * (ch + sy), y0 = t - (a->row1 - 1) * (ch + sy) - ch;
	a->slot[0] = x0;
	a->slot[1] = y0;
	a->slot[2] = x1 - x0;
	a->slot[3] = y1 - y0;
}

struct pl_axes *pl_axes_add(struct pl_figure *f, int nrows, int ncols, int r0, int r1, int c0, int c1)
{
	struct pl_axes **na = realloc(f->ax, sizeof *na * (size_t)(f->nax + 1));
	if (!na)
		return NULL;
	f->ax = na;
	struct pl_axes *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->fig = f;
	a->nrows = nrows;
	a->ncols = ncols;
	a->row0 = r0;
	a->row1 = r1;
	a->col0 = c0;
	a->col1 = c1;
	a->legend_frame = 1;
	a->legend_ncol = 1;
	a->margin[0] = a->margin[1] = 0.05;
	a->grid_color = (struct pl_color){ 0xb0 / 255.0, 0xb0 / 255.0, 0xb0 / 255.0, 1 };
	a->grid_ls = LS_SOLID;
	a->grid_lw = 0.8;
	a->grid_x = a->grid_y = plot_rc_grid();  /* rcParams['axes.grid'] */
	pl_axes_slot(f, a);
	f->ax[f->nax++] = a;
	return a;
}

struct pl_artist *pl_artist_add(struct pl_axes *a, enum pl_kind kind)
{
	if (a->nart == a->cap) {
		int cap = a->cap ? 2 * a->cap : 8;
		struct pl_artist *n = realloc(a->art, sizeof *n * (size_t)cap);
		if (!n)
			return NULL;
		a->art = n;
		a->cap = cap;
	}
	struct pl_artist *r = &a->art[a->nart++];
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->lw = 1.5;
	r->ls = LS_SOLID;
	r->ms = 6;
	r->fontsize = 10;
	r->ha = 'l';
	r->va = 'B';
	r->xmax = 1;
	r->nearest = 1;
	return r;
}

/* ---- limits ---- */

struct lim { double lo, hi; int any; double sticky[8]; int nst; };

static void lim_add(struct lim *l, double v, int logscale)
{
	if (!isfinite(v) || (logscale && v <= 0))
		return;
	if (!l->any || v < l->lo)
		l->lo = v;
	if (!l->any || v > l->hi)
		l->hi = v;
	l->any = 1;
}

static void sticky_add(struct lim *l, double v)
{
	if (l->nst < 8)
		l->sticky[l->nst++] = v;
}

static void artist_limits(const struct pl_artist *r, struct lim *lx, struct lim *ly, int xlog, int ylog)
{
	switch (r->kind) {
	case PK_LINE: case PK_SCATTER:
		for (int64_t i = 0; i < r->n; i++)
			if (isfinite(r->x[i]) && isfinite(r->y[i])) {
				lim_add(lx, r->x[i], xlog);
				lim_add(ly, r->y[i], ylog);
			}
		break;
	case PK_STEP: {  /* x holds n + 1 bin edges, y n heights over a base of 0 */
		struct lim *e = r->horizontal ? ly : lx, *h = r->horizontal ? lx : ly;
		int elog = r->horizontal ? ylog : xlog, hlog = r->horizontal ? xlog : ylog;
		for (int64_t i = 0; i <= r->n; i++)
			lim_add(e, r->x[i], elog);
		for (int64_t i = 0; i < r->n; i++)
			lim_add(h, r->y[i], hlog);
		lim_add(h, 0, hlog);
		sticky_add(h, 0);
		break;
	}
	case PK_ERRBAR:
		for (int64_t i = 0; i < r->n; i++) {
			double ey = r->y2 ? r->y2[i] : 0, ex = r->xerr ? r->xerr[i] : 0;
			lim_add(lx, r->x[i] - ex, xlog);
			lim_add(lx, r->x[i] + ex, xlog);
			lim_add(ly, r->y[i] - ey, ylog);
			lim_add(ly, r->y[i] + ey, ylog);
		}
		break;
	case PK_FILL:
		for (int64_t i = 0; i < r->n; i++) {
			struct lim *a = r->horizontal ? ly : lx, *b = r->horizontal ? lx : ly;
			lim_add(a, r->x[i], r->horizontal ? ylog : xlog);
			lim_add(b, r->y[i], r->horizontal ? xlog : ylog);
			lim_add(b, r->y2[i], r->horizontal ? xlog : ylog);
		}
		break;
	case PK_BARS:
		for (int64_t i = 0; i < r->n; i++) {
			struct lim *p = r->horizontal ? ly : lx, *q = r->horizontal ? lx : ly;
			lim_add(p, r->x[i], 0);
			lim_add(p, r->x[i] + r->w[i], 0);
			lim_add(q, r->y2[i], r->horizontal ? xlog : ylog);
			lim_add(q, r->y2[i] + r->y[i], r->horizontal ? xlog : ylog);
			if (i == 0 || r->y2[i] != r->y2[0])
				sticky_add(q, r->y2[i]);
		}
		break;
	case PK_IMAGE:
		lim_add(lx, r->extent[0], xlog);
		lim_add(lx, r->extent[1], xlog);
		lim_add(ly, r->extent[2], ylog);
		lim_add(ly, r->extent[3], ylog);
		sticky_add(lx, r->extent[0]);
		sticky_add(lx, r->extent[1]);
		sticky_add(ly, r->extent[2]);
		sticky_add(ly, r->extent[3]);
		break;
	case PK_HLINE:
		lim_add(ly, r->y[0], ylog);
		break;
	case PK_HSPAN:
		lim_add(ly, r->y[0], ylog);
		lim_add(ly, r->y2[0], ylog);
		break;
	case PK_VSPAN:
		lim_add(lx, r->x[0], xlog);
		lim_add(lx, r->y2[0], xlog);
		break;
	case PK_VLINE:
		lim_add(lx, r->x[0], xlog);
		break;
	case PK_TEXT:
		break;
	}
}

static void autoscale(struct lim *l, int logscale, double margin, double out[2])
{
	if (!l->any) {
		out[0] = logscale ? 1 : 0;
		out[1] = logscale ? 10 : 1;
		return;
	}
	double lo = l->lo, hi = l->hi;
	if (logscale) {
		lo = log10(lo);
		hi = log10(hi);
	}
	if (lo == hi) {  /* matplotlib's nonsingular: 5% each way (a decade on log axes) */
		if (logscale) {
			lo = floor(lo) == lo ? lo - 1 : floor(lo);
			hi = ceil(hi) == hi ? hi + 1 : ceil(hi);
		} else if (hi == 0) {
			lo = -0.05;
			hi = 0.05;
		} else {
			lo -= 0.05 * fabs(lo);
			hi += 0.05 * fabs(hi);
		}
	}
	double m = (hi - lo) * margin, nlo = lo - m, nhi = hi + m;
	/* sticky edges: the margin stops at a sticky value beyond the data */
	for (int i = 0; i < l->nst; i++) {
		double s = logscale ? (l->sticky[i] > 0 ? log10(l->sticky[i]) : -INFINITY) : l->sticky[i];
		if (s <= lo && s > nlo)
			nlo = s;
		if (s >= hi && s < nhi)
			nhi = s;
	}
	out[0] = logscale ? pow(10, nlo) : nlo;
	out[1] = logscale ? pow(10, nhi) : nhi;
}

static void axes_datalim(struct pl_axes *a, struct lim *lx, struct lim *ly)
{
	for (int i = 0; i < a->nart; i++)
		artist_limits(&a->art[i], lx, ly, a->xlog, a->ylog);
}

void pl_axes_view(struct pl_axes *a, double xl[2], double yl[2])
{
	struct lim lx = {0}, ly = {0};
	struct pl_axes *gx = a->sharex ? a->sharex : a, *gy = a->sharey ? a->sharey : a;
	struct pl_figure *f = a->fig;
	/* shared axes autoscale over the whole group */
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *b = f->ax[i];
		struct lim tx = {0}, ty = {0};
		int inx = b == a || (b->sharex ? b->sharex : b) == gx;
		int iny = b == a || (b->sharey ? b->sharey : b) == gy;
		if (b != a && !a->sharex && !b->sharex)
			inx = 0;
		if (b != a && !a->sharey && !b->sharey)
			iny = 0;
		if (!inx && !iny)
			continue;
		axes_datalim(b, &tx, &ty);
		if (inx) {
			if (tx.any) {
				lim_add(&lx, tx.lo, 0);
				lim_add(&lx, tx.hi, 0);
			}
			for (int k = 0; k < tx.nst; k++)
				sticky_add(&lx, tx.sticky[k]);
		}
		if (iny) {
			if (ty.any) {
				lim_add(&ly, ty.lo, 0);
				lim_add(&ly, ty.hi, 0);
			}
			for (int k = 0; k < ty.nst; k++)
				sticky_add(&ly, ty.sticky[k]);
		}
	}
	struct pl_axes *sx = a->sharex ? a->sharex : a, *sy = a->sharey ? a->sharey : a;
	int xlog = a->xlog, ylog = a->ylog;
	autoscale(&lx, xlog, a->margin[0], xl);
	autoscale(&ly, ylog, a->margin[1], yl);
	/* an explicit limit wins; a shared group uses its leader's */
	if (sx->xlim_set || a->xlim_set) {
		const double *s = a->xlim_set ? a->xlim : sx->xlim;
		if (!isnan(s[0]))
			xl[0] = s[0];
		if (!isnan(s[1]))
			xl[1] = s[1];
	}
	if (sy->ylim_set || a->ylim_set) {
		const double *s = a->ylim_set ? a->ylim : sy->ylim;
		if (!isnan(s[0]))
			yl[0] = s[0];
		if (!isnan(s[1]))
			yl[1] = s[1];
	}
	/* imshow sets the view to the image's extent: it stands while no artist
	 * that autoscales comes after it */
	int last = -1;
	for (int i = 0; i < a->nart; i++)
		if (a->art[i].kind != PK_TEXT)
			last = i;
	if (last >= 0 && a->art[last].kind == PK_IMAGE) {
		const double *e = a->art[last].extent;
		if (!(sx->xlim_set || a->xlim_set)) {
			xl[0] = e[0];
			xl[1] = e[1];
		}
		if (!(sy->ylim_set || a->ylim_set)) {
			yl[0] = e[2];
			yl[1] = e[3];
		}
		return;
	}
	/* images shown with origin 'upper' invert the y axis */
	for (int i = 0; i < a->nart && !(sy->ylim_set || a->ylim_set); i++)
		if (a->art[i].kind == PK_IMAGE && a->art[i].extent[2] > a->art[i].extent[3]) {
			double t = yl[0];
			yl[0] = yl[1];
			yl[1] = t;
			break;
		}
}
