/*
 * plot_draw.c — draws a figure with Cairo, text with Pango (DejaVu Sans), to
 * look as matplotlib's defaults do: axes boxes and spines, outward ticks
 * with their labels and offset text, axis labels, titles, grid, the
 * artists (lines with markers and dashes, scatter, bars, images through a
 * colormap, fills, error bars, text), legends (with 'best' placement),
 * colorbars and tight_layout.  Writes PNG, SVG or PDF.  Owns only the
 * Cairo objects of one call; never changes the model but its last layout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include "lang/error.h"
#include "plot/plot.h"
#include "plot/plot_api.h"

#define MAXT 64
#define FS (plot_rc_fontsize())   /* rcParams['font.size']: 'medium' text, points */

static cairo_status_t pl_png_write(void *closure, const unsigned char *data, unsigned int length);

struct dc {
	cairo_t *cr;
	double s;                   /* pixels per point */
	int snap;                   /* raster output: snap rectangles to pixels */
	int bold;                   /* the next text is bold (fontweight='bold') */
	PangoFontDescription *font;
};

/* ---- text ---- */

struct tsize { double w, asc, desc; };

static PangoLayout *layout_new(struct dc *d, const char *text, double pt, int markup)
{
	PangoLayout *l = pango_cairo_create_layout(d->cr);
	pango_font_description_set_absolute_size(d->font, pt * d->s * PANGO_SCALE);
	pango_font_description_set_weight(d->font, d->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_layout_set_font_description(l, d->font);
	if (markup)
		pango_layout_set_markup(l, text, -1);
	else
		pango_layout_set_text(l, text, -1);
	return l;
}

/* matplotlib sizes a line of text by the "lp" box: ascent of 'l', descent of 'p' */
static struct tsize text_size(struct dc *d, const char *text, double pt, int markup)
{
	struct tsize t;
	PangoLayout *l = layout_new(d, text, pt, markup);
	PangoRectangle ink, log;
	pango_layout_get_extents(l, &ink, &log);
	t.w = (double)log.width / PANGO_SCALE;
	g_object_unref(l);
	t.asc = 0.76 * pt * d->s;
	t.desc = 0.24 * pt * d->s;
	if (markup && strstr(text, "rise="))  /* mathtext's box: the superscript's trailing space */
		t.w += 0.15 * pt * d->s;
	if (markup && strstr(text, "rise="))
		t.asc += 0.176 * pt * d->s;  /* mathtext 10^k is 1.176 font sizes tall */
	return t;
}

/* draws text anchored at (x, y): ha 'l' 'c' 'r'; va 't' 'c' 'b' 'B'
 * (baseline) 'm' (centre of the baseline-to-ascent band); rotation in
 * degrees, counter-clockwise, about the anchor */
static void text_draw(struct dc *d, const char *text, double pt, double x, double y, char ha, char va,
		      double rot, struct pl_color c, int markup)
{
	if (!text || !*text)
		return;
	struct tsize t = text_size(d, text, pt, markup);
	PangoLayout *l = layout_new(d, text, pt, markup);
	int baseline = pango_layout_get_baseline(l);
	double bl = (double)baseline / PANGO_SCALE;
	double dx = ha == 'l' ? 0 : ha == 'c' ? -t.w / 2 : -t.w;
	double dy = va == 't' ? t.asc : va == 'c' ? (t.asc - t.desc) / 2 : va == 'b' ? -t.desc : va == 'm' ? t.asc / 2 : 0;
	cairo_save(d->cr);
	cairo_translate(d->cr, x, y);
	cairo_rotate(d->cr, -rot * M_PI / 180);
	cairo_move_to(d->cr, dx, dy - bl);
	cairo_set_source_rgba(d->cr, c.r, c.g, c.b, c.a);
	pango_cairo_show_layout(d->cr, l);
	cairo_restore(d->cr);
	g_object_unref(l);
}

/* ---- layout ---- */

struct axbox {
	double x0, y0, w, h;          /* pixels, y down: (x0, y0) the top-left */
	double xl[2], yl[2];
	int xlog, ylog;
};

static double tx(const struct axbox *b, double v)
{
	double lo = b->xl[0], hi = b->xl[1];
	if (b->xlog) {
		v = v > 0 ? log10(v) : -1e300;
		lo = log10(lo);
		hi = log10(hi);
	}
	return b->x0 + (v - lo) / (hi - lo) * b->w;
}

static double ty(const struct axbox *b, double v)
{
	double lo = b->yl[0], hi = b->yl[1];
	if (b->ylog) {
		v = v > 0 ? log10(v) : -1e300;
		lo = log10(lo);
		hi = log10(hi);
	}
	return b->y0 + b->h - (v - lo) / (hi - lo) * b->h;
}

/* Agg's snapping of straight lines: odd widths on pixel centres */
static double snapc(const struct dc *d, double v, double lw_px)
{
	if (!d->snap)
		return v;
	long w = lrint(lw_px);
	return w % 2 ? nearbyint(v) + 0.5 : nearbyint(v);
}

static void set_color(struct dc *d, struct pl_color c)
{
	cairo_set_source_rgba(d->cr, c.r, c.g, c.b, c.a);
}

static void set_dash(struct dc *d, enum pl_ls ls, double lw)
{
	double on[4] = {0};
	int n = 0;
	double u = lw * d->s;
	if (ls == LS_DASHED) {
		on[0] = 3.7 * u; on[1] = 1.6 * u; n = 2;
	} else if (ls == LS_DASHDOT) {
		on[0] = 6.4 * u; on[1] = 1.6 * u; on[2] = 1 * u; on[3] = 1.6 * u; n = 4;
	} else if (ls == LS_DOTTED) {
		on[0] = 1 * u; on[1] = 1.65 * u; n = 2;
	}
	cairo_set_dash(d->cr, on, n, 0);
	cairo_set_line_cap(d->cr, n ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_SQUARE);
}

/* ---- markers ---- */

static void marker_path(struct dc *d, char m, double x, double y, double size)
{
	cairo_t *cr = d->cr;
	double r = size * d->s / 2;
	switch (m) {
	case 'o':
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	case '.':
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, r * 0.5, 0, 2 * M_PI);
		break;
	case ',':
		cairo_rectangle(cr, x - 0.5, y - 0.5, 1, 1);
		break;
	case 's':  /* a square of side `size` */
		cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
		break;
	case 'D': case 'd': {  /* the unit square turned 45 degrees (thin: 0.6 wide) */
		double ry = r * M_SQRT2, rx = m == 'd' ? ry * 0.6 : ry;
		cairo_move_to(cr, x, y - ry);
		cairo_line_to(cr, x + rx, y);
		cairo_line_to(cr, x, y + ry);
		cairo_line_to(cr, x - rx, y);
		cairo_close_path(cr);
		break;
	}
	case '^': case 'v': case '<': case '>': {  /* apex at r, base at -r, half-base r */
		static const double tri[3][2] = { {0, -1}, {-1, 1}, {1, 1} };
		for (int k = 0; k < 3; k++) {
			double u = tri[k][0], v = tri[k][1], px, py;
			if (m == '^') { px = u; py = v; }
			else if (m == 'v') { px = u; py = -v; }
			else if (m == '<') { px = v; py = u; }
			else { px = -v; py = u; }
			if (k == 0)
				cairo_move_to(cr, x + r * px, y + r * py);
			else
				cairo_line_to(cr, x + r * px, y + r * py);
		}
		cairo_close_path(cr);
		break;
	}
	case 'p': case 'h': case '*': {
		int nv = m == 'p' ? 5 : m == 'h' ? 6 : 10;
		for (int k = 0; k < nv; k++) {
			double a = (-90 + k * 360.0 / nv) * M_PI / 180;
			double rr = (m == '*' && (k & 1)) ? r * 0.38 : r;
			if (k == 0)
				cairo_move_to(cr, x + rr * cos(a), y + rr * sin(a));
			else
				cairo_line_to(cr, x + rr * cos(a), y + rr * sin(a));
		}
		cairo_close_path(cr);
		break;
	}
	case '+': case '|':
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x, y + r);
		if (m == '|')
			break;
		/* fall through */
	case '_':
		cairo_move_to(cr, x - r, y);
		cairo_line_to(cr, x + r, y);
		break;
	case 'x':
		cairo_move_to(cr, x - r, y - r);
		cairo_line_to(cr, x + r, y + r);
		cairo_move_to(cr, x - r, y + r);
		cairo_line_to(cr, x + r, y - r);
		break;
	}
}

static int marker_unfilled(char m) { return m == '+' || m == 'x' || m == '|' || m == '_'; }

static void marker_draw(struct dc *d, char m, double x, double y, double size, struct pl_color face,
			struct pl_color edge, double ew)
{
	cairo_new_path(d->cr);
	marker_path(d, m, x, y, size);
	cairo_set_dash(d->cr, NULL, 0, 0);
	if (!marker_unfilled(m) && face.a > 0) {
		set_color(d, face);
		cairo_fill_preserve(d->cr);
	}
	if (edge.a > 0 && ew > 0) {
		set_color(d, edge);
		cairo_set_line_width(d->cr, ew * d->s);
		cairo_stroke(d->cr);
	}
	cairo_new_path(d->cr);
}

/* ---- artists ---- */

static void draw_polyline(struct dc *d, const struct axbox *b, const double *x, const double *y, int64_t n)
{
	int pen = 0;
	for (int64_t i = 0; i < n; i++) {
		if (!isfinite(x[i]) || !isfinite(y[i]) || (b->xlog && x[i] <= 0) || (b->ylog && y[i] <= 0)) {
			pen = 0;
			continue;
		}
		double px = tx(b, x[i]), py = ty(b, y[i]);
		if (!pen)
			cairo_move_to(d->cr, px, py);
		else
			cairo_line_to(d->cr, px, py);
		pen = 1;
	}
}

/* points of a long solid line stroked at once (draw_line) */
#define LINE_PIECE 4096

static int monotonic(const double *x, int64_t n)
{
	for (int64_t i = 1; i < n; i++)
		if (!(x[i] >= x[i - 1]))
			return 0;
	return 1;
}

static void draw_line(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_t *cr = d->cr;
	if (r->ls != LS_NONE && r->lw > 0) {
		const double *x = r->x, *y = r->y;
		double *ox = NULL, *oy = NULL;
		int64_t n = r->n;
		int cols = (int)ceil(b->w);
		/* many points on a monotonic x: reduce to min/max per pixel column */
		if (n > 8 * (int64_t)cols && !b->xlog && !b->ylog && monotonic(x, n) &&
		    x[0] >= fmin(b->xl[0], b->xl[1]) && x[n - 1] <= fmax(b->xl[0], b->xl[1])) {
			ox = malloc(sizeof *ox * (size_t)(4 * cols + 8));
			oy = malloc(sizeof *oy * (size_t)(4 * cols + 8));
			if (ox && oy) {
				n = pl_reduce_minmax(r->x, r->y, r->n, b->xl[0], b->xl[1], cols, ox, oy);
				x = ox;
				y = oy;
			}
		}
		set_color(d, r->color);
		cairo_set_line_width(cr, r->lw * d->s);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		set_dash(d, r->ls, r->lw);
		/* Cairo's stroker slows down more than linearly on one path of
		 * millions of crossing segments (a line over an unsorted x took
		 * over a minute for 1.2e6 points); a solid opaque line is stroked
		 * in pieces that share their end points, which draws the same
		 * pixels (matplotlib's Agg has agg.path.chunksize for this). */
		int64_t piece = (r->ls == LS_SOLID && r->color.a >= 1.0 && n > LINE_PIECE) ? LINE_PIECE : n;
		for (int64_t s0 = 0; s0 < n; s0 += piece) {
			int64_t len = n - s0 < piece + 1 ? n - s0 : piece + 1;
			cairo_new_path(cr);
			draw_polyline(d, b, x + s0, y + s0, len);
			cairo_stroke(cr);
			if (len <= piece)
				break;
		}
		free(ox);
		free(oy);
	}
	if (r->marker)
		for (int64_t i = 0; i < r->n; i++)
			if (isfinite(r->x[i]) && isfinite(r->y[i]))
				marker_draw(d, r->marker, tx(b, r->x[i]), ty(b, r->y[i]), r->ms,
					    r->color, r->edge.a > 0 ? r->edge : r->color,
					    marker_unfilled(r->marker) ? fmax(r->lw, 1.0) : 1.0);
}

static void draw_scatter(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	double lo = r->vmin, hi = r->vmax;
	for (int64_t i = 0; i < r->n; i++) {
		if (!isfinite(r->x[i]) || !isfinite(r->y[i]))
			continue;
		struct pl_color c = r->color;
		if (r->c) {
			double t = hi > lo ? (r->c[i] - lo) / (hi - lo) : 0.5;
			c = pl_cmap_at(r->cmap, t);
			c.a = r->color.a;
		}
		double s = r->w ? r->w[r->w[1] == -1 ? 0 : i] : 36;
		struct pl_color e = r->edge.a > 0 ? r->edge : c;
		if (r->edge.a > 0 && r->edge.a < 1e-9)
			e.a = 0;
		char mk = r->marker ? r->marker : 'o';
		marker_draw(d, mk, tx(b, r->x[i]), ty(b, r->y[i]), sqrt(s), c, e, marker_unfilled(mk) ? 1.5 : 1.0);
	}
}

static void draw_bars(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_t *cr = d->cr;
	for (int64_t i = 0; i < r->n; i++) {
		double x0, x1, y0, y1;
		if (r->horizontal) {
			y0 = ty(b, r->x[i]);
			y1 = ty(b, r->x[i] + r->w[i]);
			x0 = tx(b, r->y2[i]);
			x1 = tx(b, r->y2[i] + r->y[i]);
		} else {
			x0 = tx(b, r->x[i]);
			x1 = tx(b, r->x[i] + r->w[i]);
			y0 = ty(b, r->y2[i]);
			y1 = ty(b, r->y2[i] + r->y[i]);
		}
		if (d->snap) {  /* as Agg does: rectangle edges on pixel boundaries */
			x0 = nearbyint(x0);
			x1 = nearbyint(x1);
			y0 = nearbyint(y0);
			y1 = nearbyint(y1);
		}
		cairo_new_path(cr);
		cairo_rectangle(cr, fmin(x0, x1), fmin(y0, y1), fabs(x1 - x0), fabs(y1 - y0));
		set_color(d, r->color);
		if (r->edge.a > 0) {
			cairo_fill_preserve(cr);
			set_color(d, r->edge);
			cairo_set_line_width(cr, r->lw * d->s);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_stroke(cr);
		} else {
			cairo_fill(cr);
		}
	}
}

static void draw_step(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	/* hist outline: x holds n+1 edges, y n counts, y2[0] the base */
	cairo_t *cr = d->cr;
	int64_t n = r->n;
	double base = 0;
	cairo_new_path(cr);
	for (int64_t i = 0; i < n; i++) {
		double e0 = r->x[i], e1 = r->x[i + 1], v = r->y[i];
		double p0x = r->horizontal ? tx(b, v) : tx(b, e0), p0y = r->horizontal ? ty(b, e0) : ty(b, v);
		double p1x = r->horizontal ? tx(b, v) : tx(b, e1), p1y = r->horizontal ? ty(b, e1) : ty(b, v);
		if (i == 0) {
			double sx = r->horizontal ? tx(b, base) : p0x, sy = r->horizontal ? p0y : ty(b, base);
			cairo_move_to(cr, sx, sy);
		}
		cairo_line_to(cr, p0x, p0y);
		cairo_line_to(cr, p1x, p1y);
		if (i == n - 1) {
			if (r->horizontal)
				cairo_line_to(cr, tx(b, base), p1y);
			else
				cairo_line_to(cr, p1x, ty(b, base));
		}
	}
	if (r->filled_step) {
		cairo_close_path(cr);
		set_color(d, r->color);
		cairo_fill_preserve(cr);
		if (r->edge.a > 0) {
			set_color(d, r->edge);
			cairo_set_line_width(cr, r->lw * d->s);
			cairo_stroke(cr);
		}
		cairo_new_path(cr);
		return;
	}
	set_color(d, r->color);
	cairo_set_line_width(cr, r->lw * d->s);
	set_dash(d, r->ls, r->lw);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

static void draw_fill(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_t *cr = d->cr;
	cairo_new_path(cr);
	for (int64_t i = 0; i < r->n; i++) {
		double px = r->horizontal ? tx(b, r->y[i]) : tx(b, r->x[i]);
		double py = r->horizontal ? ty(b, r->x[i]) : ty(b, r->y[i]);
		if (i == 0)
			cairo_move_to(cr, px, py);
		else
			cairo_line_to(cr, px, py);
	}
	for (int64_t i = r->n - 1; i >= 0; i--) {
		double px = r->horizontal ? tx(b, r->y2[i]) : tx(b, r->x[i]);
		double py = r->horizontal ? ty(b, r->x[i]) : ty(b, r->y2[i]);
		cairo_line_to(cr, px, py);
	}
	cairo_close_path(cr);
	set_color(d, r->color);
	cairo_fill(cr);
}

static void draw_errbar(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_t *cr = d->cr;
	cairo_new_path(cr);
	for (int64_t i = 0; i < r->n; i++) {
		if (r->y2) {
			cairo_move_to(cr, tx(b, r->x[i]), ty(b, r->y[i] - r->y2[i]));
			cairo_line_to(cr, tx(b, r->x[i]), ty(b, r->y[i] + r->y2[i]));
		}
		if (r->xerr) {
			cairo_move_to(cr, tx(b, r->x[i] - r->xerr[i]), ty(b, r->y[i]));
			cairo_line_to(cr, tx(b, r->x[i] + r->xerr[i]), ty(b, r->y[i]));
		}
	}
	set_color(d, r->color);
	cairo_set_line_width(cr, r->lw * d->s);
	set_dash(d, r->ls, r->lw);  /* solid for error bars; hlines/vlines may dash */
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	if (r->ms > 0 && r->w) {  /* caps: w[0] capsize in points */
		double cs = r->w[0] * d->s;
		for (int64_t i = 0; i < r->n && cs > 0; i++) {
			double x = tx(b, r->x[i]);
			if (r->y2) {
				cairo_move_to(cr, x - cs, ty(b, r->y[i] - r->y2[i]));
				cairo_line_to(cr, x + cs, ty(b, r->y[i] - r->y2[i]));
				cairo_move_to(cr, x - cs, ty(b, r->y[i] + r->y2[i]));
				cairo_line_to(cr, x + cs, ty(b, r->y[i] + r->y2[i]));
			}
		}
		cairo_stroke(cr);
	}
}

static cairo_surface_t *image_surface(const struct pl_artist *r)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, r->cols, r->rows);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		return s;
	cairo_surface_flush(s);
	unsigned char *px = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	double lo = r->vmin, hi = r->vmax;
	for (int i = 0; i < r->rows; i++) {
		uint32_t *row = (uint32_t *)(px + (size_t)i * (size_t)stride);
		for (int j = 0; j < r->cols; j++) {
			struct pl_color c;
			if (r->rgb) {
				const double *p = r->data + ((size_t)i * r->cols + j) * 4;
				c = (struct pl_color){ p[0], p[1], p[2], p[3] };
			} else {
				double v = r->data[(size_t)i * r->cols + j], t;
				if (r->log_norm)
					t = v > 0 ? (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) : NAN;
				else
					t = hi > lo ? (v - lo) / (hi - lo) : 0;
				if (!isnan(v) && hi == lo)
					t = 0;
				c = pl_cmap_at(r->cmap, t);
				c.a *= r->color.a;
			}
			unsigned a = (unsigned)lrint(fmin(fmax(c.a, 0), 1) * 255);
			unsigned R = (unsigned)lrint(fmin(fmax(c.r, 0), 1) * a);
			unsigned G = (unsigned)lrint(fmin(fmax(c.g, 0), 1) * a);
			unsigned B = (unsigned)lrint(fmin(fmax(c.b, 0), 1) * a);
			row[j] = (a << 24) | (R << 16) | (G << 8) | B;
		}
	}
	cairo_surface_mark_dirty(s);
	return s;
}

static void draw_image(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_surface_t *s = image_surface(r);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return;
	}
	double x0 = tx(b, r->extent[0]), x1 = tx(b, r->extent[1]);
	double y0 = ty(b, r->extent[3]), y1 = ty(b, r->extent[2]);  /* row 0 at extent top */
	cairo_t *cr = d->cr;
	cairo_save(cr);
	cairo_translate(cr, x0, y0);
	cairo_scale(cr, (x1 - x0) / r->cols, (y1 - y0) / r->rows);
	cairo_set_source_surface(cr, s, 0, 0);
	double up = fabs(x1 - x0) / r->cols;
	/* antialiased: nearest when upsampling by 3 or more, else smooth */
	cairo_pattern_set_filter(cairo_get_source(cr),
				 r->nearest || up >= 3 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
	cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
	cairo_rectangle(cr, 0, 0, r->cols, r->rows);
	cairo_fill(cr);
	cairo_restore(cr);
	cairo_surface_destroy(s);
}

/* annotate's arrow: x[1], y[1] (the text) to x[2], y[2] (the point).
 * y2[0] 0: arrowstyle '->' (a line, an open head); > 0: matplotlib's
 * default arrow (a 4 pt shaft, a 12 x 12 pt head) with shrink = y2[0] - 1 */
static void draw_arrow(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	double x0 = tx(b, r->x[1]), y0 = ty(b, r->y[1]), x1 = tx(b, r->x[2]), y1 = ty(b, r->y[2]);
	double dx = x1 - x0, dy = y1 - y0, len = hypot(dx, dy);
	if (len < 1)
		return;
	dx /= len;
	dy /= len;
	cairo_t *cr = d->cr;
	double s = d->s;
	set_color(d, r->edge);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_new_path(cr);
	if (r->y2[0] == 0) {
		double hl = 4 * s, hw = 2 * s;
		double sx = x0 + dx * (r->fontsize * 0.5 * s), sy = y0 + dy * (r->fontsize * 0.5 * s);
		x1 -= dx * 2 * s;  /* shrinkB: 2 points */
		y1 -= dy * 2 * s;
		cairo_move_to(cr, sx, sy);
		cairo_line_to(cr, x1, y1);
		cairo_move_to(cr, x1 - dx * hl - dy * hw, y1 - dy * hl + dx * hw);
		cairo_line_to(cr, x1, y1);
		cairo_line_to(cr, x1 - dx * hl + dy * hw, y1 - dy * hl - dx * hw);
		cairo_set_line_width(cr, 1.0 * s);
		cairo_stroke(cr);
		return;
	}
	double shrink = r->y2[0] - 1;
	double sx = x0 + dx * shrink * len, sy = y0 + dy * shrink * len;
	double ex = x1 - dx * shrink * len, ey = y1 - dy * shrink * len;
	double w = 2 * s, hw = 6 * s, hl = 12 * s;
	double bx = ex - dx * hl, by = ey - dy * hl;  /* where the head begins */
	double nx = -dy, ny = dx;
	cairo_move_to(cr, sx + nx * w, sy + ny * w);
	cairo_line_to(cr, bx + nx * w, by + ny * w);
	cairo_line_to(cr, bx + nx * hw, by + ny * hw);
	cairo_line_to(cr, ex, ey);
	cairo_line_to(cr, bx - nx * hw, by - ny * hw);
	cairo_line_to(cr, bx - nx * w, by - ny * w);
	cairo_line_to(cr, sx - nx * w, sy - ny * w);
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void draw_text_artist(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	if (r->n == 3)
		draw_arrow(d, b, r);
	double x = r->axes_coords ? b->x0 + r->x[0] * b->w : tx(b, r->x[0]);
	double y = r->axes_coords ? b->y0 + (1 - r->y[0]) * b->h : ty(b, r->y[0]);
	d->bold = r->bold;
	text_draw(d, r->text, r->fontsize, x, y, r->ha, r->va, r->rotation, r->color, 0);
	d->bold = 0;
}

static void draw_span_line(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	cairo_t *cr = d->cr;
	cairo_new_path(cr);
	if (r->kind == PK_HLINE) {
		double y = snapc(d, ty(b, r->y[0]), r->lw * d->s);
		cairo_move_to(cr, b->x0 + r->xmin * b->w, y);
		cairo_line_to(cr, b->x0 + r->xmax * b->w, y);
	} else {
		double x = snapc(d, tx(b, r->x[0]), r->lw * d->s);
		cairo_move_to(cr, x, b->y0 + (1 - r->xmin) * b->h);
		cairo_line_to(cr, x, b->y0 + (1 - r->xmax) * b->h);
	}
	set_color(d, r->color);
	cairo_set_line_width(cr, r->lw * d->s);
	set_dash(d, r->ls, r->lw);
	cairo_stroke(cr);
}

/* axhspan / axvspan: data extent across, axes fraction along */
static void draw_span(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	double x0, x1, y0, y1;
	if (r->kind == PK_HSPAN) {
		x0 = b->x0 + r->xmin * b->w;
		x1 = b->x0 + r->xmax * b->w;
		y0 = ty(b, r->y[0]);
		y1 = ty(b, r->y2[0]);
	} else {
		y0 = b->y0 + (1 - r->xmin) * b->h;
		y1 = b->y0 + (1 - r->xmax) * b->h;
		x0 = tx(b, r->x[0]);
		x1 = tx(b, r->y2[0]);
	}
	cairo_new_path(d->cr);
	cairo_rectangle(d->cr, fmin(x0, x1), fmin(y0, y1), fabs(x1 - x0), fabs(y1 - y0));
	set_color(d, r->color);
	cairo_fill(d->cr);
}

static void draw_artist(struct dc *d, const struct axbox *b, const struct pl_artist *r)
{
	switch (r->kind) {
	case PK_LINE: draw_line(d, b, r); break;
	case PK_SCATTER: draw_scatter(d, b, r); break;
	case PK_BARS: draw_bars(d, b, r); break;
	case PK_IMAGE: draw_image(d, b, r); break;
	case PK_FILL: draw_fill(d, b, r); break;
	case PK_TEXT: draw_text_artist(d, b, r); break;
	case PK_HLINE: case PK_VLINE: draw_span_line(d, b, r); break;
	case PK_ERRBAR: draw_errbar(d, b, r); break;
	case PK_STEP: draw_step(d, b, r); break;
	case PK_HSPAN: case PK_VSPAN: draw_span(d, b, r); break;
	}
}

/* ---- ticks ---- */

struct tickset {
	int n, nminor;
	double v[MAXT], minor[4 * MAXT];
	char lab[MAXT][64];
	char off[64];
	int markup;
};

static void axis_ticks(struct dc *d, const struct pl_ticks *user, double lo, double hi, int logscale,
		       double len_px, int is_y, struct tickset *t)
{
	t->n = t->nminor = 0;
	t->off[0] = 0;
	t->markup = 0;
	if (user->set) {
		double vmin = fmin(lo, hi), vmax = fmax(lo, hi);
		char tmp[MAXT][64], off[8];
		double vv[MAXT];
		int nl = 0;
		if (!user->labels && user->n)
			nl = 1;
		for (int i = 0; i < user->n && t->n < MAXT; i++) {
			double v = user->v[i];
			if (v < vmin - 1e-9 * (vmax - vmin) || v > vmax + 1e-9 * (vmax - vmin))
				continue;
			t->v[t->n] = v;
			if (user->labels)
				snprintf(t->lab[t->n], 64, "%s", user->labels[i]);
			t->n++;
		}
		if (nl && t->n) {  /* user positions, the ScalarFormatter's labels */
			int k = pl_ticks_linear(vmin, vmax, 9, vv, MAXT, tmp, off, sizeof off);
			(void)k;
			double mn = user->v[0], mx = user->v[0];
			for (int i = 0; i < user->n; i++) {
				mn = fmin(mn, user->v[i]);
				mx = fmax(mx, user->v[i]);
			}
			int dec = 0;
			for (dec = 0; dec < 8; dec++) {
				int ok = 1;
				double p = pow(10, dec);
				for (int i = 0; i < user->n; i++)
					if (fabs(user->v[i] * p - nearbyint(user->v[i] * p)) > 1e-6)
						ok = 0;
				if (ok)
					break;
			}
			for (int i = 0; i < t->n; i++) {
				char buf[64];
				snprintf(buf, sizeof buf, "%.*f", dec, t->v[i]);
				if (buf[0] == '-')
					snprintf(t->lab[i], 64, "\xe2\x88\x92%.58s", buf + 1);
				else
					snprintf(t->lab[i], 64, "%s", buf);
			}
		}
		return;
	}
	double fs = FS * d->s;
	if (logscale) {
		int space = (int)floor(len_px / d->s / (FS * (is_y ? 2 : 3)));
		space = space < 2 ? 2 : space > 9 ? 9 : space;
		t->n = pl_ticks_log(lo, hi, space, t->v, MAXT, t->lab, t->minor, &t->nminor, 4 * MAXT);
		/* mathtext's 10^k: the exponent at 0.7 of the size, raised */
		int rise = (int)(0.36 * FS * d->s * PANGO_SCALE);
		for (int i = 0; i < t->n; i++) {
			int e = atoi(t->lab[i] + 3);
			if (e < 0)
				snprintf(t->lab[i], 64, "10<span size=\"70%%\" rise=\"%d\">\xe2\x88\x92%d</span>", rise, -e);
			else
				snprintf(t->lab[i], 64, "10<span size=\"70%%\" rise=\"%d\">%d</span>", rise, e);
		}
		t->markup = 1;
		return;
	}
	(void)fs;
	int space = (int)floor(len_px / d->s / (FS * (is_y ? 2 : 3)));
	int nbins = space < 1 ? 1 : space > 9 ? 9 : space;
	t->n = pl_ticks_linear(lo, hi, nbins, t->v, MAXT, t->lab, t->off, sizeof t->off);
}

/* ---- axes ---- */

struct axdeco { double l, r, t, b; };  /* how far decorations reach beyond the box (px) */

static double pos_x(const struct axbox *b, double v) { return tx(b, v); }
static double pos_y(const struct axbox *b, double v) { return ty(b, v); }

static void tick_labels_extent(struct dc *d, const struct tickset *t, double *maxw)
{
	*maxw = 0;
	for (int i = 0; i < t->n; i++) {
		struct tsize s = text_size(d, t->lab[i], FS, t->markup);
		*maxw = fmax(*maxw, s.w);
	}
}

/* the decorations' reach, for tight_layout and colorbars */
static struct axdeco axes_deco(struct dc *d, struct pl_axes *a, const struct axbox *b)
{
	struct axdeco r = {0, 0, 0, 0};
	if (a->axis_off)
		return r;
	struct tickset tx_, ty_;
	axis_ticks(d, &a->xt, b->xl[0], b->xl[1], b->xlog, b->w, 0, &tx_);
	axis_ticks(d, &a->yt, b->yl[0], b->yl[1], b->ylog, b->h, 1, &ty_);
	double tl = 7 * d->s, lh = FS * d->s;
	double yw;
	tick_labels_extent(d, &ty_, &yw);
	if (a->is_cbar) {
		r.r = tl + yw + (a->cb_label ? 4 * d->s + lh : 0);
		return r;
	}
	if (a->hide_ytl)
		yw = -3.5 * d->s;
	double xlh = (a->xlabel_fs > 0 ? a->xlabel_fs : FS) * d->s, ylh = (a->ylabel_fs > 0 ? a->ylabel_fs : FS) * d->s;
	r.l = tl + yw + (a->ylabel ? 4 * d->s + ylh : 0);
	r.b = tl + (tx_.n && !a->hide_xtl ? (tx_.markup ? 1.176 : 1.0) * lh : -3.5 * d->s) + (a->xlabel ? 4 * d->s + xlh : 0);
	r.t = a->title ? 6 * d->s + 0.76 * (a->title_fs > 0 ? a->title_fs : 1.2 * FS) * d->s : 0;
	if (ty_.off[0])
		r.t = fmax(r.t, lh + 4 * d->s);
	if (tx_.n) {  /* the outer tick labels reach half their width past the box */
		struct tsize s = text_size(d, tx_.lab[tx_.n - 1], FS, tx_.markup);
		double over = tx(b, tx_.v[tx_.n - 1]) + s.w / 2 - (b->x0 + b->w);
		r.r = fmax(0, over);
		s = text_size(d, tx_.lab[0], FS, tx_.markup);
		r.l = fmax(r.l, b->x0 - (tx(b, tx_.v[0]) - s.w / 2));
	}
	return r;
}

static void draw_legend(struct dc *d, struct pl_axes *a, const struct axbox *b);
static void draw_cbar(struct dc *d, struct pl_axes *a, const struct axbox *b);

static void draw_axes(struct dc *d, struct pl_axes *a, const struct axbox *b)
{
	cairo_t *cr = d->cr;
	struct pl_color black = {0, 0, 0, 1};
	double s = d->s;
	struct tickset xt, yt;
	if (!a->axis_off) {
		struct pl_color face = a->facecolor_set ? a->facecolor : (struct pl_color){1, 1, 1, 1};
		cairo_rectangle(cr, b->x0, b->y0, b->w, b->h);
		set_color(d, face);
		cairo_fill(cr);
	}
	if (a->is_cbar)
		draw_cbar(d, a, b);
	axis_ticks(d, &a->xt, b->xl[0], b->xl[1], b->xlog, b->w, 0, &xt);
	axis_ticks(d, &a->yt, b->yl[0], b->yl[1], b->ylog, b->h, 1, &yt);
	/* artists below the grid (patches, images), grid, then the rest */
	cairo_save(cr);
	cairo_rectangle(cr, b->x0, b->y0, b->w, b->h);
	cairo_clip(cr);
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < a->nart; i++) {
			const struct pl_artist *r = &a->art[i];
			int patch = r->kind == PK_BARS || r->kind == PK_IMAGE || r->kind == PK_FILL ||
				    r->kind == PK_HSPAN || r->kind == PK_VSPAN ||
				    (r->kind == PK_STEP && r->filled_step);
			if (r->kind == PK_TEXT || patch != (pass == 0))
				continue;
			draw_artist(d, b, r);
		}
		if (pass == 0 && (a->grid_x || a->grid_y) && !a->axis_off) {
			double glw = a->grid_lw * s;
			cairo_new_path(cr);
			for (int i = 0; a->grid_x && i < xt.n + (a->grid_minor ? xt.nminor : 0); i++) {
				double x = snapc(d, pos_x(b, i < xt.n ? xt.v[i] : xt.minor[i - xt.n]), glw);
				cairo_move_to(cr, x, b->y0);
				cairo_line_to(cr, x, b->y0 + b->h);
			}
			for (int i = 0; a->grid_y && i < yt.n + (a->grid_minor ? yt.nminor : 0); i++) {
				double y = snapc(d, pos_y(b, i < yt.n ? yt.v[i] : yt.minor[i - yt.n]), glw);
				cairo_move_to(cr, b->x0, y);
				cairo_line_to(cr, b->x0 + b->w, y);
			}
			set_color(d, a->grid_color);
			cairo_set_line_width(cr, glw);
			set_dash(d, a->grid_ls, a->grid_lw);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
	}
	cairo_restore(cr);
	for (int i = 0; i < a->nart; i++)
		if (a->art[i].kind == PK_TEXT)
			draw_artist(d, b, &a->art[i]);
	if (a->axis_off)
		goto titles;
	/* spines */
	cairo_new_path(cr);
	{ double sx0 = snapc(d, b->x0, 0.8 * s), sy0 = snapc(d, b->y0, 0.8 * s), sx1 = snapc(d, b->x0 + b->w, 0.8 * s), sy1 = snapc(d, b->y0 + b->h, 0.8 * s); cairo_rectangle(cr, sx0, sy0, sx1 - sx0, sy1 - sy0); }
	set_color(d, black);
	cairo_set_line_width(cr, 0.8 * s);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_stroke(cr);
	/* ticks and their labels */
	double tl = 3.5 * s, pad = 3.5 * s;
	double ybot = snapc(d, b->y0 + b->h, 0.8 * s), xleft = snapc(d, b->x0, 0.8 * s);
	int cbr = a->is_cbar && !a->cb_horizontal;
	double yaxis_x = cbr ? snapc(d, b->x0 + b->w, 0.8 * s) : xleft, ydir = cbr ? 1 : -1;
	cairo_new_path(cr);
	if (!a->is_cbar || a->cb_horizontal)
		for (int i = 0; i < xt.n; i++) {
			double x = snapc(d, pos_x(b, xt.v[i]), 0.8 * s);
			cairo_move_to(cr, x, ybot);
			cairo_line_to(cr, x, ybot + tl);
		}
	if (!a->is_cbar || !a->cb_horizontal)
		for (int i = 0; i < yt.n; i++) {
			double y = snapc(d, pos_y(b, yt.v[i]), 0.8 * s);
			cairo_move_to(cr, yaxis_x, y);
			cairo_line_to(cr, yaxis_x + ydir * tl, y);
		}
	cairo_set_line_width(cr, 0.8 * s);
	cairo_stroke(cr);
	if (xt.nminor || yt.nminor) {
		for (int i = 0; i < xt.nminor; i++) {
			double x = snapc(d, pos_x(b, xt.minor[i]), 0.6 * s);
			cairo_move_to(cr, x, ybot);
			cairo_line_to(cr, x, ybot + 2 * s);
		}
		for (int i = 0; i < yt.nminor; i++) {
			double y = snapc(d, pos_y(b, yt.minor[i]), 0.6 * s);
			cairo_move_to(cr, yaxis_x, y);
			cairo_line_to(cr, yaxis_x + ydir * 2 * s, y);
		}
		cairo_set_line_width(cr, 0.6 * s);
		cairo_stroke(cr);
	}
	double xlab_bottom = ybot, ylab_left = xleft, ylab_right = yaxis_x;
	if ((!a->is_cbar || a->cb_horizontal) && !a->hide_xtl)
		for (int i = 0; i < xt.n; i++) {
			double x = snapc(d, pos_x(b, xt.v[i]), 0.8 * s);
			double rot = a->xt.rotation;
			if (rot != 0) {
				text_draw(d, xt.lab[i], FS, x, ybot + tl + pad, rot > 0 ? 'r' : 'l', 't', rot, black, xt.markup);
				struct tsize ts = text_size(d, xt.lab[i], FS, xt.markup);
				xlab_bottom = fmax(xlab_bottom, ybot + tl + pad + ts.w * fabs(sin(rot * M_PI / 180)) + ts.asc);
			} else {
				text_draw(d, xt.lab[i], FS, x, ybot + tl + pad, 'c', 't', 0, black, xt.markup);
				struct tsize ts = text_size(d, xt.lab[i], FS, xt.markup);
				xlab_bottom = fmax(xlab_bottom, ybot + tl + pad + ts.asc + ts.desc);
			}
		}
	if ((!a->is_cbar || !a->cb_horizontal) && !a->hide_ytl)
		for (int i = 0; i < yt.n; i++) {
			double y = snapc(d, pos_y(b, yt.v[i]), 0.8 * s);
			struct tsize ts = text_size(d, yt.lab[i], FS, yt.markup);
			if (cbr) {
				text_draw(d, yt.lab[i], FS, yaxis_x + tl + pad, y, 'l', 'm', 0, black, yt.markup);
				ylab_right = fmax(ylab_right, yaxis_x + tl + pad + ts.w);
			} else {
				text_draw(d, yt.lab[i], FS, xleft - tl - pad, y, 'r', 'm', 0, black, yt.markup);
				ylab_left = fmin(ylab_left, xleft - tl - pad - ts.w);
			}
		}
	if (xt.off[0])
		text_draw(d, xt.off, FS, b->x0 + b->w, xlab_bottom + 2 * s, 'r', 't', 0, black, 0);
	if (yt.off[0])
		text_draw(d, yt.off, FS, cbr ? b->x0 : b->x0, b->y0 - 4 * s, 'l', 'b', 0, black, 0);
	if (a->xlabel) {
		d->bold = a->xlabel_bold;
		text_draw(d, a->xlabel, a->xlabel_fs > 0 ? a->xlabel_fs : FS, b->x0 + b->w / 2, xlab_bottom + 4 * s, 'c', 't', 0, black, 0);
	}
	if (a->ylabel) {
		double fs = a->ylabel_fs > 0 ? a->ylabel_fs : FS;
		d->bold = a->ylabel_bold;
		text_draw(d, a->ylabel, fs, ylab_left - 4 * s - 0.24 * fs * s, b->y0 + b->h / 2, 'c', 'B', 90, black, 0);
	}
	d->bold = 0;
	if (a->cb_label && a->cb_horizontal)
		text_draw(d, a->cb_label, FS, b->x0 + b->w / 2, xlab_bottom + 4 * s, 'c', 't', 0, black, 0);
	else if (a->cb_label)
		text_draw(d, a->cb_label, FS, ylab_right + 4 * s + 0.76 * FS * s, b->y0 + b->h / 2, 'c', 'B', 90, black, 0);
titles:
	if (a->title) {
		char al = a->title_loc ? a->title_loc[0] : 'c';
		double x = al == 'l' ? b->x0 : al == 'r' ? b->x0 + b->w : b->x0 + b->w / 2;
		d->bold = a->title_bold;
		text_draw(d, a->title, a->title_fs > 0 ? a->title_fs : 1.2 * FS, x, b->y0 - 6 * s, al == 'l' ? 'l' : al == 'r' ? 'r' : 'c', 'B', 0, black, 0);
		d->bold = 0;
	}
	if (a->legend)
		draw_legend(d, a, b);
}

/* ---- legend ---- */

static int legend_entry(const struct pl_artist *r)
{
	if (!r->label || r->label[0] == '_' || r->no_legend)
		return 0;
	return r->kind != PK_TEXT && r->kind != PK_IMAGE;
}

static double legend_badness(const struct pl_axes *a, const struct axbox *b, double x, double y, double w, double h)
{
	double bad = 0;
	for (int i = 0; i < a->nart; i++) {
		const struct pl_artist *r = &a->art[i];
		if (r->kind == PK_LINE || r->kind == PK_SCATTER || r->kind == PK_ERRBAR) {
			int64_t step = r->n > 2000 ? r->n / 2000 : 1;
			double px0 = 0, py0 = 0;
			for (int64_t k = 0; k < r->n; k += step) {
				double px = tx(b, r->x[k]), py = ty(b, r->y[k]);
				if (px >= x && px <= x + w && py >= y && py <= y + h)
					bad += 1;
				if (k && r->kind == PK_LINE) {  /* a segment crossing the box */
					double lo_x = fmin(px, px0), hi_x = fmax(px, px0);
					double lo_y = fmin(py, py0), hi_y = fmax(py, py0);
					if (hi_x >= x && lo_x <= x + w && hi_y >= y && lo_y <= y + h)
						bad += 1;
				}
				px0 = px;
				py0 = py;
			}
		} else if (r->kind == PK_BARS) {
			for (int64_t k = 0; k < r->n; k++) {
				double x0 = tx(b, r->horizontal ? r->y2[k] : r->x[k]);
				double x1 = tx(b, r->horizontal ? r->y2[k] + r->y[k] : r->x[k] + r->w[k]);
				double y0 = ty(b, r->horizontal ? r->x[k] : r->y2[k]);
				double y1 = ty(b, r->horizontal ? r->x[k] + r->w[k] : r->y2[k] + r->y[k]);
				double ox = fmin(fmax(x0, x1), x + w) - fmax(fmin(x0, x1), x);
				double oy = fmin(fmax(y0, y1), y + h) - fmax(fmin(y0, y1), y);
				if (ox > 0 && oy > 0)
					bad += 1;
			}
		} else if (r->kind == PK_STEP || r->kind == PK_FILL) {
			for (int64_t k = 0; k < r->n; k++) {
				double px = tx(b, r->x[k]), py = ty(b, r->y[k]);
				if (px >= x && px <= x + w && py >= y && py <= y + h)
					bad += 1;
			}
		}
	}
	return bad;
}

static void legend_handle(struct dc *d, const struct pl_artist *r, double x, double y, double hl, double hh)
{
	cairo_t *cr = d->cr;
	double cy = y + hh / 2;
	switch (r->kind) {
	case PK_LINE: case PK_HLINE: case PK_VLINE: case PK_ERRBAR:
		if (r->ls != LS_NONE) {
			cairo_new_path(cr);
			cairo_move_to(cr, x, cy);
			cairo_line_to(cr, x + hl, cy);
			set_color(d, r->color);
			cairo_set_line_width(cr, r->lw * d->s);
			set_dash(d, r->ls, r->lw);
			cairo_stroke(cr);
		}
		if (r->kind == PK_ERRBAR) {
			cairo_move_to(cr, x + hl / 2, y);
			cairo_line_to(cr, x + hl / 2, y + hh);
			cairo_stroke(cr);
		}
		if (r->marker)
			marker_draw(d, r->marker, x + hl / 2, cy, r->ms, r->color,
				    r->edge.a > 0 ? r->edge : r->color, marker_unfilled(r->marker) ? r->lw : 1);
		break;
	case PK_SCATTER: {
		struct pl_color c = r->c ? pl_cmap_at(r->cmap, 0.5) : r->color;
		c.a = r->color.a;
		double sz = r->w ? sqrt(r->w[0]) : 6;
		marker_draw(d, r->marker ? r->marker : 'o', x + hl / 2, cy, sz, c, c, 1);
		break;
	}
	case PK_STEP:
		cairo_new_path(cr);
		cairo_rectangle(cr, x, y, hl, hh);
		set_color(d, r->color);
		if (r->filled_step) {
			cairo_fill(cr);
		} else {
			cairo_set_line_width(cr, r->lw * d->s);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_stroke(cr);
		}
		break;
	default:
		cairo_new_path(cr);
		cairo_rectangle(cr, x, y, hl, hh);
		set_color(d, r->color);
		cairo_fill(cr);
		break;
	}
}

static void draw_legend(struct dc *d, struct pl_axes *a, const struct axbox *b)
{
	int n = 0;
	for (int i = 0; i < a->nart; i++)
		n += legend_entry(&a->art[i]);
	if (!n)
		return;
	double fsz = a->legend_fs > 0 ? a->legend_fs : FS;
	double fs = fsz * d->s;
	double pad = 0.4 * fs, spacing = 0.5 * fs, hl = 2.0 * fs, hh = 0.7 * fs, htp = 0.8 * fs;
	double rowh = fmax(fs, hh);
	double tw = 0;
	for (int i = 0; i < a->nart; i++)
		if (legend_entry(&a->art[i])) {
			struct tsize t = text_size(d, a->art[i].label, fsz, 0);
			tw = fmax(tw, t.w);
		}
	int ncol = a->legend_ncol > 0 ? a->legend_ncol : 1;
	int nrow = (n + ncol - 1) / ncol;
	double colw = hl + htp + tw;
	double titleh = 0, titlew = 0;
	if (a->legend_title) {
		struct tsize t = text_size(d, a->legend_title, fsz, 0);
		titleh = fs + spacing * 0.5;
		titlew = t.w;
	}
	double w = 2 * pad + ncol * colw + (ncol - 1) * 2.0 * fs;
	w = fmax(w, 2 * pad + titlew);
	double h = 2 * pad + titleh + nrow * rowh + (nrow - 1) * spacing;
	double ba = 0.5 * fs;
	/* loc codes: 1 upper right, 2 upper left, 3 lower left, 4 lower right,
	 * 5 right, 6 center left, 7 center right, 8 lower center, 9 upper center, 10 center */
	int loc = a->legend_loc;
	double xs[11], ys[11];
	for (int c = 1; c <= 10; c++) {
		double xl = b->x0 + ba, xr = b->x0 + b->w - ba - w, xc = b->x0 + (b->w - w) / 2;
		double yt = b->y0 + ba, yb = b->y0 + b->h - ba - h, yc = b->y0 + (b->h - h) / 2;
		static const char hx[11] = "xrllrrlrccc", vy[11] = "xttbbccbbtc";
		xs[c] = hx[c] == 'l' ? xl : hx[c] == 'r' ? xr : xc;
		ys[c] = vy[c] == 't' ? yt : vy[c] == 'b' ? yb : yc;
	}
	if (loc <= 0 || loc > 10) {  /* 'best': the least overlapped, in code order */
		double best = INFINITY;
		loc = 1;
		for (int c = 1; c <= 10; c++) {
			double bad = legend_badness(a, b, xs[c], ys[c], w, h);
			if (bad < best) {
				best = bad;
				loc = c;
			}
			if (bad == 0)
				break;
		}
	}
	double x = xs[loc], y = ys[loc];
	cairo_t *cr = d->cr;
	if (a->legend_frame) {
		double rr = 0.2 * fs;
		cairo_new_path(cr);
		cairo_new_sub_path(cr);
		cairo_arc(cr, x + w - rr, y + rr, rr, -M_PI / 2, 0);
		cairo_arc(cr, x + w - rr, y + h - rr, rr, 0, M_PI / 2);
		cairo_arc(cr, x + rr, y + h - rr, rr, M_PI / 2, M_PI);
		cairo_arc(cr, x + rr, y + rr, rr, M_PI, 3 * M_PI / 2);
		cairo_close_path(cr);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
		cairo_fill_preserve(cr);
		cairo_set_source_rgba(cr, 0.8, 0.8, 0.8, 0.8);
		cairo_set_line_width(cr, 1.0 * d->s);
		cairo_set_dash(cr, NULL, 0, 0);
		cairo_stroke(cr);
	}
	struct pl_color black = {0, 0, 0, 1};
	if (a->legend_title)
		text_draw(d, a->legend_title, fsz, x + w / 2, y + pad, 'c', 't', 0, black, 0);
	int k = 0;
	for (int i = 0; i < a->nart; i++) {
		const struct pl_artist *r = &a->art[i];
		if (!legend_entry(r))
			continue;
		int col = k / nrow, row = k % nrow;
		double ex = x + pad + col * (colw + 2.0 * fs);
		double ey = y + pad + titleh + row * (rowh + spacing);
		legend_handle(d, r, ex, ey + (rowh - hh) / 2 + 0.1 * fs, hl, hh);
		text_draw(d, r->label, fsz, ex + hl + htp, ey + rowh / 2, 'l', 'c', 0, black, 0);
		k++;
	}
}

/* ---- colorbar ---- */

static void draw_cbar(struct dc *d, struct pl_axes *a, const struct axbox *b)
{
	cairo_t *cr = d->cr;
	int n = 256;
	for (int i = 0; i < n; i++) {
		struct pl_color c = pl_cmap_at(a->cb_cmap, (i + 0.5) / n);
		double f0 = (double)i / n, f1 = (double)(i + 1) / n;
		if (a->cb_horizontal)
			cairo_rectangle(cr, b->x0 + f0 * b->w, b->y0, (f1 - f0) * b->w + 0.5, b->h);
		else
			cairo_rectangle(cr, b->x0, b->y0 + b->h - f1 * b->h, b->w, (f1 - f0) * b->h + 0.5);
		set_color(d, c);
		cairo_fill(cr);
	}
}

/* ---- the figure ---- */

static void axes_box(struct dc *d, struct pl_figure *f, struct pl_axes *a, double W, double H, struct axbox *b)
{
	b->x0 = a->slot[0] * W;
	b->w = a->slot[2] * W;
	b->h = a->slot[3] * H;
	b->y0 = H - (a->slot[1] + a->slot[3]) * H;
	pl_axes_view(a, b->xl, b->yl);
	b->xlog = a->xlog;
	b->ylog = a->ylog;
	if (a->is_cbar) {
		b->xl[0] = 0;
		b->xl[1] = 1;
		b->yl[0] = a->cb_vmin;
		b->yl[1] = a->cb_vmax;
		b->ylog = a->cb_log;
		if (a->cb_horizontal) {
			b->xl[0] = a->cb_vmin;
			b->xl[1] = a->cb_vmax;
			b->yl[0] = 0;
			b->yl[1] = 1;
			b->ylog = 0;
			b->xlog = a->cb_log;
			double hh = b->w / 20;  /* aspect 20, anchored at the top */
			if (hh < b->h)
				b->h = hh;
		} else {
			double ww = b->h / 20;  /* aspect 20, anchored at the left */
			if (ww < b->w)
				b->w = ww;
		}
	} else if (a->aspect_equal) {
		double dx = fabs(b->xl[1] - b->xl[0]), dy = fabs(b->yl[1] - b->yl[0]);
		if (b->xlog)
			dx = fabs(log10(b->xl[1]) - log10(b->xl[0]));
		if (b->ylog)
			dy = fabs(log10(b->yl[1]) - log10(b->yl[0]));
		double want = dy / dx * a->aspect;  /* box height / width */
		double cx = 0.5, cy = 0.5;          /* anchor 'C', or panchor of a colorbar's parent */
		for (int i = 0; i < f->nax; i++)
			if (f->ax[i]->is_cbar && f->ax[i]->cb_parent == a)
				cx = f->ax[i]->cb_horizontal ? 0.5 : 1.0, cy = f->ax[i]->cb_horizontal ? 1.0 : 0.5;
		if (want * b->w > b->h) {
			double nw = b->h / want;
			b->x0 += (b->w - nw) * cx;
			b->w = nw;
		} else {
			double nh = b->w * want;
			b->y0 += (b->h - nh) * (1 - cy);
			b->h = nh;
		}
	}
	a->px[0] = b->x0;
	a->px[1] = b->y0;
	a->px[2] = b->w;
	a->px[3] = b->h;
	a->ax_xlim[0] = b->xl[0];
	a->ax_xlim[1] = b->xl[1];
	a->ax_ylim[0] = b->yl[0];
	a->ax_ylim[1] = b->yl[1];
}

/* tight_layout: subplot parameters that fit every axes' decorations with a
 * pad of 1.08 font sizes (matplotlib's _auto_adjust_subplotpars over one grid) */
#define TG 16
static void tight_layout(struct dc *d, struct pl_figure *f, double W, double H)
{
	double pad = 1.08 * FS * d->s;
	double L = 0, R = 0, T = 0, B = 0;
	double dl[TG][TG] = {{0}}, dr[TG][TG] = {{0}}, dt[TG][TG] = {{0}}, db[TG][TG] = {{0}};
	int nrows = 1, ncols = 1;
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *a = f->ax[i];
		if (a->is_cbar || a->nrows < 1)
			continue;
		if (a->nrows > TG || a->ncols > TG)
			return;
		nrows = a->nrows;
		ncols = a->ncols;
		struct axbox b;
		axes_box(d, f, a, W, H, &b);
		struct axdeco e = axes_deco(d, a, &b);
		/* the box an aspect-locked axes leaves empty in its slot counts as room */
		double sx0 = a->slot[0] * W, sw = a->slot[2] * W, sy0 = H - (a->slot[1] + a->slot[3]) * H, sh = a->slot[3] * H;
		e.l -= b.x0 - sx0;
		e.r -= sx0 + sw - (b.x0 + b.w);
		e.t -= b.y0 - sy0;
		e.b -= sy0 + sh - (b.y0 + b.h);
		/* a colorbar beside it counts as part of its decorations */
		for (int k = 0; k < f->nax; k++)
			if (f->ax[k]->is_cbar && f->ax[k]->cb_parent == a) {
				struct axbox cb;
				axes_box(d, f, f->ax[k], W, H, &cb);
				struct axdeco ce = axes_deco(d, f->ax[k], &cb);
				e.r = fmax(e.r, cb.x0 + cb.w + ce.r - (sx0 + sw));
			}
		for (int r = a->row0; r < a->row1; r++) {
			dl[r][a->col0] = fmax(dl[r][a->col0], e.l);
			dr[r][a->col1 - 1] = fmax(dr[r][a->col1 - 1], e.r);
		}
		for (int c = a->col0; c < a->col1; c++) {
			dt[a->row0][c] = fmax(dt[a->row0][c], e.t);
			db[a->row1 - 1][c] = fmax(db[a->row1 - 1][c], e.b);
		}
	}
	double gx = 0, gy = 0;
	for (int r = 0; r < nrows; r++) {
		L = fmax(L, dl[r][0]);
		R = fmax(R, dr[r][ncols - 1]);
		for (int c = 0; c + 1 < ncols; c++)
			gx = fmax(gx, dr[r][c] + dl[r][c + 1]);
	}
	for (int c = 0; c < ncols; c++) {
		T = fmax(T, dt[0][c]);
		B = fmax(B, db[nrows - 1][c]);
		for (int r = 0; r + 1 < nrows; r++)
			gy = fmax(gy, db[r][c] + dt[r + 1][c]);
	}
	L = fmax(L, 0);
	R = fmax(R, 0);
	T = fmax(T, 0);
	B = fmax(B, 0);
	if (f->suptitle)
		T += (f->suptitle_fs > 0 ? f->suptitle_fs : 1.2 * FS) * d->s + pad;  /* its height and a pad */
	double left = (L + pad) / W, right = 1 - (R + pad) / W;
	double bottom = (B + pad) / H, top = 1 - (T + pad) / H;
	if (right <= left || top <= bottom)
		return;
	double gapx = ncols > 1 ? (gx + pad) / W : 0, gapy = nrows > 1 ? (gy + pad) / H : 0;
	double cw = (right - left - gapx * (ncols - 1)) / ncols, ch = (top - bottom - gapy * (nrows - 1)) / nrows;
	if (cw <= 0 || ch <= 0)
		return;
	f->sp[0] = left;
	f->sp[1] = bottom;
	f->sp[2] = right;
	f->sp[3] = top;
	f->wspace = gapx / cw;
	f->hspace = gapy / ch;
}

static void place_cbars(struct pl_figure *f)
{
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *a = f->ax[i];
		pl_axes_slot(f, a);
	}
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *c = f->ax[i];
		if (!c->is_cbar || !c->cb_parent)
			continue;
		struct pl_axes *p = c->cb_parent;
		double *s = p->slot;
		/* make_axes_gridspec: fraction .15, pad .05 (.15 horizontal) */
		if (c->cb_horizontal) {
			double full = s[3];
			c->slot[0] = s[0];
			c->slot[2] = s[2];
			c->slot[1] = s[1];
			c->slot[3] = 0.15 * full;
			p->slot[1] = s[1] + (0.15 + 0.15) * full;
			p->slot[3] = full * 0.7;
		} else {
			double full = s[2];
			c->slot[0] = s[0] + 0.85 * full;
			c->slot[1] = s[1];
			c->slot[2] = 0.15 * full;
			c->slot[3] = s[3];
			p->slot[2] = 0.8 * full;
		}
	}
}

int pl_render(struct eval *ev, struct pl_figure *f, const char *fmt, const char *path,
	      double dpi, char **out, size_t *outlen)
{
	int vec = strcmp(fmt, "png") != 0;
	double s = vec ? 1.0 : dpi / 72.0;
	double W = f->w * 72 * s, H = f->h * 72 * s;
	int iw = (int)lrint(W), ih = (int)lrint(H);
	cairo_surface_t *surf;
	FILE *mem = NULL;
	char *memdata = NULL;
	size_t memlen = 0;
	if (!strcmp(fmt, "png"))
		surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, iw, ih);
	else if (!path) {  /* into memory */
		mem = open_memstream(&memdata, &memlen);
		if (!mem) {
			err_nomem(ev);
			return -1;
		}
		surf = !strcmp(fmt, "svg") ? cairo_svg_surface_create_for_stream(pl_png_write, mem, W, H)
					  : cairo_pdf_surface_create_for_stream(pl_png_write, mem, W, H);
	} else if (!strcmp(fmt, "svg"))
		surf = cairo_svg_surface_create(path, W, H);
	else
		surf = cairo_pdf_surface_create(path, W, H);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		if (mem) {
			fclose(mem);
			free(memdata);
		}
		err_set(ev, TY_OSError, "cannot create the %s surface", fmt);
		return -1;
	}
	if (!strcmp(fmt, "svg"))
		cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PT);
	struct dc d;
	d.cr = cairo_create(surf);
	d.s = s;
	d.snap = !vec;
	d.bold = 0;
	d.font = pango_font_description_from_string("DejaVu Sans");
	cairo_t *cr = d.cr;
	cairo_set_source_rgba(cr, f->face.r, f->face.g, f->face.b, f->face.a);
	cairo_paint(cr);
	place_cbars(f);
	if (f->tight) {
		tight_layout(&d, f, W, H);
		place_cbars(f);
	}
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *a = f->ax[i];
		struct axbox b;
		axes_box(&d, f, a, W, H, &b);
		draw_axes(&d, a, &b);
	}
	if (f->suptitle)
	{
		d.bold = f->suptitle_bold;
		text_draw(&d, f->suptitle, f->suptitle_fs > 0 ? f->suptitle_fs : 1.2 * FS, W / 2, 0.02 * H, 'c', 't', 0,
			  (struct pl_color){0, 0, 0, 1}, 0);
		d.bold = 0;
	}
	pango_font_description_free(d.font);
	cairo_destroy(cr);
	int rc = 0;
	if (!strcmp(fmt, "png")) {
		cairo_surface_flush(surf);
		if (path) {
			if (cairo_surface_write_to_png(surf, path) != CAIRO_STATUS_SUCCESS) {
				err_set(ev, TY_FileNotFoundError, "[Errno 2] No such file or directory: '%s'", path);
				rc = -1;
			}
		} else {
			char *tmp = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&tmp, &len);
			if (!m) {
				err_nomem(ev);
				rc = -1;
			} else {
				cairo_surface_write_to_png_stream(surf, pl_png_write, m);
				fclose(m);
				*out = tmp;
				*outlen = len;
			}
		}
	} else {
		cairo_surface_finish(surf);
		if (mem) {
			fclose(mem);
			*out = memdata;
			*outlen = memlen;
		}
		if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
			err_set(ev, TY_FileNotFoundError, "[Errno 2] No such file or directory: '%s'", path ? path : "");
			rc = -1;
		}
	}
	cairo_surface_destroy(surf);
	return rc;
}

static cairo_status_t pl_png_write(void *closure, const unsigned char *data, unsigned int length)
{
	return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}
