/*
 * display.c — the text/html of an array for Jupyter: a header (type, shape,
 * dtype, device, bytes), a preview table summarised like the repr (edge
 * items under the print options' threshold), and for numeric 1-D / 2-D
 * arrays a small inline SVG (a polyline, or a heatmap of <= 64x64 cells).
 * Only the items shown are gathered (backend take_flat); a device array is
 * never copied whole.  builtins.c calls arr_html (its weak hook).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "error.h"
#include "arrapi.h"
#include "backend.h"
#include "format.h"

char *arr_html(struct eval *ev, struct value *v);

#define SVG_POINTS 256
#define HEAT_CELLS 64
#define HEAT_LEVELS 32

/* gathers n items at flat (C-order) indices into doubles / texts */
static char *gather(struct eval *ev, const struct ndarray *a, const int64_t *idx, int64_t n)
{
	const struct backend *be = nd_backend(a);
	char *buf = malloc((size_t)(n ? n : 1) * (size_t)dt_size(a->dtype));
	if (!buf) {
		err_nomem(ev);
		return NULL;
	}
	if (!be->take_flat || be->take_flat(ev, a, idx, n, buf) < 0) {
		if (!be->take_flat)
			err_set(ev, TY_NotImplementedError, "take_flat");
		free(buf);
		return NULL;
	}
	return buf;
}

static double as_double(int dt, const char *p)
{
	struct npscalar s, d;
	arr_scalar_load(dt, p, &s);
	arr_scalar_cast(&s, DT_FLOAT64, &d);
	return d.v.f;
}

static void html_esc(struct sbuf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			sb_adds(b, "&lt;");
		else if (*s == '>')
			sb_adds(b, "&gt;");
		else if (*s == '&')
			sb_adds(b, "&amp;");
		else
			sb_addc(b, *s);
	}
}

/* positions shown along an axis of length len: all, or edge items with a
 * -1 marking the ellipsis */
static int axis_pick(int64_t len, int summarise, int edge, int64_t *pos)
{
	int n = 0;
	if (!summarise || len <= 2 * (int64_t)edge) {
		for (int64_t i = 0; i < len; i++)
			pos[n++] = i;
		return n;
	}
	for (int i = 0; i < edge; i++)
		pos[n++] = i;
	pos[n++] = -1;
	for (int i = edge; i > 0; i--)
		pos[n++] = len - i;
	return n;
}

/* the preview table of the last two axes (leading axes at index 0) */
static int preview(struct eval *ev, const struct ndarray *a, struct sbuf *b)
{
	int edge = fmt_opts.edgeitems, summarise = nd_size(a) > fmt_opts.threshold;
	if (edge < 1)
		edge = 1;
	int64_t rows = a->ndim >= 2 ? a->shape[a->ndim - 2] : 1;
	int64_t cols = a->ndim >= 1 ? a->shape[a->ndim - 1] : 1;
	int64_t rowstride = cols, base = 0;
	if (nd_size(a) == 0) {
		sb_adds(b, "<div><i>empty</i></div>");
		return 0;
	}
	if (!summarise && rows * cols > 400)
		summarise = 1;  /* keep the table small even under the threshold */
	int64_t *rp = malloc(sizeof *rp * (size_t)(2 * edge + 2 + (summarise ? 0 : rows)));
	int64_t *cp = malloc(sizeof *cp * (size_t)(2 * edge + 2 + (summarise ? 0 : cols)));
	int64_t *idx = NULL;
	char *items = NULL;
	int rc = -1;
	if (!rp || !cp) {
		err_nomem(ev);
		goto out;
	}
	int nr = axis_pick(rows, summarise, edge, rp), nc = axis_pick(cols, summarise, edge, cp);
	idx = malloc(sizeof *idx * (size_t)(nr * nc));
	if (!idx) {
		err_nomem(ev);
		goto out;
	}
	int64_t n = 0;
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++)
			if (rp[i] >= 0 && cp[j] >= 0)
				idx[n++] = base + rp[i] * rowstride + cp[j];
	items = gather(ev, a, idx, n);
	if (!items)
		goto out;
	if (a->ndim > 2) {
		sb_adds(b, "<div style=\"font-size:smaller\">[");
		for (int k = 0; k < a->ndim - 2; k++)
			sb_adds(b, "0, ");
		sb_adds(b, ":, :]</div>");
	}
	sb_adds(b, "<table class=\"lumen-preview\" style=\"font-family:monospace;font-size:smaller\">");
	int64_t k = 0;
	for (int i = 0; i < nr; i++) {
		sb_adds(b, "<tr>");
		if (a->ndim >= 2) {
			if (rp[i] >= 0)
				sb_printf(b, "<th style=\"color:#888\">%lld</th>", (long long)rp[i]);
			else
				sb_adds(b, "<th style=\"color:#888\">&#8942;</th>");
		}
		for (int j = 0; j < nc; j++) {
			if (rp[i] < 0 || cp[j] < 0) {
				sb_adds(b, rp[i] < 0 ? "<td>&#8942;</td>" : "<td>&#8230;</td>");
				continue;
			}
			struct npscalar s;
			arr_scalar_load(a->dtype, items + k++ * dt_size(a->dtype), &s);
			char *t = fmt_scalar_str(ev, &s);
			if (!t)
				goto out;
			sb_adds(b, "<td style=\"text-align:right\">");
			html_esc(b, t);
			sb_adds(b, "</td>");
			free(t);
		}
		sb_adds(b, "</tr>");
	}
	sb_adds(b, "</table>");
	rc = 0;
out:
	free(rp);
	free(cp);
	free(idx);
	free(items);
	return rc;
}

static int plottable(const struct ndarray *a)
{
	return !dt_is_complex(a->dtype) && (a->ndim == 1 || a->ndim == 2) && nd_size(a) >= 2;
}

static int svg_line(struct eval *ev, const struct ndarray *a, struct sbuf *b)
{
	int64_t len = a->shape[0], m = len < SVG_POINTS ? len : SVG_POINTS;
	int64_t idx[SVG_POINTS];
	for (int64_t i = 0; i < m; i++)
		idx[i] = m > 1 ? i * (len - 1) / (m - 1) : 0;
	char *items = gather(ev, a, idx, m);
	if (!items)
		return -1;
	double y[SVG_POINTS], lo = INFINITY, hi = -INFINITY;
	for (int64_t i = 0; i < m; i++) {
		y[i] = as_double(a->dtype, items + i * dt_size(a->dtype));
		if (isfinite(y[i])) {
			if (y[i] < lo)
				lo = y[i];
			if (y[i] > hi)
				hi = y[i];
		}
	}
	free(items);
	if (!(lo <= hi))
		return 0;
	const double W = 320, H = 80;
	sb_printf(b, "<svg class=\"lumen-plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" "
		  "height=\"%g\" viewBox=\"0 0 %g %g\"><rect width=\"%g\" height=\"%g\" fill=\"#fafafa\" "
		  "stroke=\"#ddd\"/><polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.2\" points=\"",
		  W, H, W, H, W, H);
	for (int64_t i = 0; i < m; i++) {
		if (!isfinite(y[i]))
			continue;
		double px = 2 + (W - 4) * (double)i / (double)(m - 1);
		double py = hi > lo ? 2 + (H - 4) * (hi - y[i]) / (hi - lo) : H / 2;
		sb_printf(b, "%.1f,%.1f ", px, py);
	}
	sb_adds(b, "\"/></svg>");
	return 0;
}

/* a viridis-like ramp */
static void ramp(double t, int *r, int *g, int *bl)
{
	static const int stops[5][3] = {
		{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37},
	};
	double x = t * 4;
	int k = (int)x;
	if (k >= 4)
		k = 3;
	double f = x - k;
	*r = (int)(stops[k][0] + f * (stops[k + 1][0] - stops[k][0]));
	*g = (int)(stops[k][1] + f * (stops[k + 1][1] - stops[k][1]));
	*bl = (int)(stops[k][2] + f * (stops[k + 1][2] - stops[k][2]));
}

static int svg_heat(struct eval *ev, const struct ndarray *a, struct sbuf *b)
{
	int64_t R = a->shape[0], C = a->shape[1];
	int r = (int)(R < HEAT_CELLS ? R : HEAT_CELLS), c = (int)(C < HEAT_CELLS ? C : HEAT_CELLS);
	int64_t *idx = malloc(sizeof *idx * (size_t)(r * c));
	double *val = malloc(sizeof *val * (size_t)(r * c));
	char *items = NULL;
	if (!idx || !val) {
		free(idx);
		free(val);
		err_nomem(ev);
		return -1;
	}
	for (int i = 0; i < r; i++)
		for (int j = 0; j < c; j++)
			idx[i * c + j] = (r > 1 ? i * (R - 1) / (r - 1) : 0) * C +
					 (c > 1 ? j * (C - 1) / (c - 1) : 0);
	items = gather(ev, a, idx, (int64_t)r * c);
	free(idx);
	if (!items) {
		free(val);
		return -1;
	}
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < r * c; i++) {
		val[i] = as_double(a->dtype, items + (size_t)i * dt_size(a->dtype));
		if (isfinite(val[i])) {
			if (val[i] < lo)
				lo = val[i];
			if (val[i] > hi)
				hi = val[i];
		}
	}
	free(items);
	double cell = 160.0 / (r > c ? r : c);
	if (cell > 12)
		cell = 12;
	sb_printf(b, "<svg class=\"lumen-heatmap\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		  "height=\"%.0f\" viewBox=\"0 0 %d %d\" shape-rendering=\"crispEdges\">",
		  cell * c, cell * r, c, r);
	for (int lev = 0; lev < HEAT_LEVELS; lev++) {
		int any = 0;
		for (int i = 0; i < r * c; i++) {
			if (!isfinite(val[i]))
				continue;
			double t = hi > lo ? (val[i] - lo) / (hi - lo) : 0.5;
			int l = (int)(t * (HEAT_LEVELS - 1) + 0.5);
			if (l != lev)
				continue;
			if (!any) {
				int cr, cg, cb;
				ramp((double)lev / (HEAT_LEVELS - 1), &cr, &cg, &cb);
				sb_printf(b, "<path fill=\"#%02x%02x%02x\" d=\"", cr, cg, cb);
				any = 1;
			}
			sb_printf(b, "M%d %dh1v1h-1z", i % c, i / c);
		}
		if (any)
			sb_adds(b, "\"/>");
	}
	sb_adds(b, "</svg>");
	free(val);
	return 0;
}

/* text/html of an array value (malloc'd), or NULL with the error set */
char *arr_html(struct eval *ev, struct value *v)
{
	if (!v || v->type != VT_NDARRAY)
		return NULL;
	const struct ndarray *a = v->u.arr;
	struct sbuf b = {0};
	char shp[512];
	arr_format_shape(shp, sizeof shp, a->ndim, a->shape);
	int64_t bytes = nd_size(a) * dt_size(a->dtype);
	int dev = nd_device(a) == DEV_CUDA;
	sb_adds(&b, "<div class=\"lumen-array\">");
	sb_printf(&b, "<div style=\"font-family:monospace;font-size:smaller;color:#555\">"
		  "<b>%s</b> &middot; shape %s &middot; %s &middot; %s &middot; %lld bytes</div>",
		  arr_is_cupy(nd_backend(a)) ? "cupy.ndarray" : "numpy.ndarray", shp,
		  dtype_table[a->dtype].name, dev ? "cuda" : "host", (long long)bytes);
	sb_adds(&b, "<div style=\"display:flex;gap:12px;align-items:flex-start\">");
	if (preview(ev, a, &b) < 0)
		goto fail;
	if (plottable(a) && (a->ndim == 1 ? svg_line(ev, a, &b) : svg_heat(ev, a, &b)) < 0)
		goto fail;
	sb_adds(&b, "</div></div>");
	char *s = sb_take(&b);
	if (!s)
		err_nomem(ev);
	return s;
fail:
	free(sb_take(&b));
	return NULL;
}
