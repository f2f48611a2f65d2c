/*
 * display.c — rich display in a notebook.
 *
 * Arrays: the text/html of an array for Jupyter: a header (type, shape,
 * dtype, device, bytes), a preview table summarised like the repr (edge
 * items under the print options' threshold), and for numeric 1-D / 2-D
 * arrays a small inline SVG (a polyline, or a heatmap of <= 64x64 cells).
 * Only the items shown are gathered (backend take_flat); a device array is
 * never copied whole.  builtins.c calls arr_html through lang_hooks.html.
 *
 * IPython's display functions (display.h): display() with display_id /
 * raw / clear / include / exclude, update_display(), clear_output(),
 * DisplayHandle (.display_id, .display(), .update()), and the IPython and
 * IPython.display modules that hold them.  They speak to the engine sink;
 * without one they print what IPython prints outside a shell.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lang/core.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "backend/backend.h"
#include "array/format.h"
#include "lang/args.h"
#include "session/display.h"
#include "session/magic_int.h"
#include "plot/plot_api.h"

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
	sb_adds(&b, "<div class=\"lumen-array\">");
	sb_printf(&b, "<div style=\"font-family:monospace;font-size:smaller;color:#555\">"
		  "<b>%s</b> &middot; shape %s &middot; %s &middot; %s &middot; %lld bytes</div>",
		  arr_is_cupy(nd_backend(a)) ? "cupy.ndarray" : "numpy.ndarray", shp,
		  dtype_table[a->dtype].name, nd_backend(a)->name, (long long)bytes);
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

/* ---- IPython's display(), update_display(), clear_output(), DisplayHandle ---- */

static const struct objtype handle_type;

static struct value *kwget(const struct kwargs *kw, const char *name)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], name) == 0)
			return kw->vals[i];
	return NULL;
}

/* IPython's _new_id: 16 random bytes as hex */
static struct value *new_display_id(struct eval *ev)
{
	static unsigned long counter;
	unsigned char r[16];
	char hex[33];
	FILE *f = fopen("/dev/urandom", "rb");
	size_t got = f ? fread(r, 1, sizeof r, f) : 0;
	if (f)
		fclose(f);
	if (got != sizeof r) {  /* no /dev/urandom: unique within the process */
		unsigned long x = (unsigned long)time(NULL) ^ (unsigned long)(uintptr_t)&counter;
		x += ++counter * 0x9e3779b97f4a7c15UL;
		for (size_t i = 0; i < sizeof r; i++, x = x * 6364136223846793005UL + 1442695040888963407UL)
			r[i] = (unsigned char)(x >> 56);
	}
	for (size_t i = 0; i < sizeof r; i++)
		snprintf(hex + 2 * i, 3, "%02x", r[i]);
	struct value *v = val_cstr(hex);
	if (!v)
		err_nomem(ev);
	return v;
}

/* outside a shell IPython's display() is print(*objs) */
static struct value *print_objs(struct eval *ev, int argc, struct value **argv)
{
	struct sbuf b = {0};
	for (int i = 0; i < argc; i++) {
		char *s = val_str_of(ev, argv[i]);
		if (!s) {
			free(sb_take(&b));
			return NULL;
		}
		if (i)
			sb_addc(&b, ' ');
		sb_adds(&b, s);
		free(s);
	}
	sb_addc(&b, '\n');
	char *s = sb_take(&b);
	if (!s)
		return err_nomem(ev);
	ev_write(ev, 1, s, strlen(s));
	free(s);
	return val_none();
}

/* include= / exclude=: None, or a list or tuple (of mime type strs) */
static int check_mime_list(struct eval *ev, struct value *list, const char *what)
{
	if (!list || list->type == VT_NONE || list->type == VT_LIST || list->type == VT_TUPLE)
		return 0;
	err_set(ev, TY_TypeError, "display(%s=...) takes a list of mime types, not %s", what,
		val_type_name(list));
	return -1;
}

/* is mime in a list checked by check_mime_list? */
static int mime_listed(struct value *list, const char *mime)
{
	for (size_t i = 0; i < list->u.seq.n; i++) {
		struct value *m = list->u.seq.items[i];
		if (m->type == VT_STR && strcmp(m->u.str->s, mime) == 0)
			return 1;
	}
	return 0;
}

/* drops the mime types include / exclude rule out (IPython's format()) */
static void filter_bundle(struct engine_bundle *b, struct value *include, struct value *exclude)
{
	int n = 0;
	for (int i = 0; i < b->n; i++) {
		int keep = 1;
		if (include && include->type != VT_NONE)
			keep = mime_listed(include, b->mime[i]);
		if (keep && exclude && exclude->type != VT_NONE)
			keep = !mime_listed(exclude, b->mime[i]);
		if (keep) {
			b->mime[n] = b->mime[i];
			b->data[n] = b->data[i];
			b->len[n++] = b->len[i];
		} else {
			free((char *)b->mime[i]);
			free((char *)b->data[i]);
		}
	}
	b->n = n;
}

/* display(raw=True): obj is a dict of mime type -> str */
static int raw_bundle(struct eval *ev, struct value *obj, struct engine_bundle *b)
{
	memset(b, 0, sizeof *b);
	if (obj->type != VT_DICT) {
		err_set(ev, TY_TypeError, "display(raw=True) takes a dict of mime type to str, not %s",
			val_type_name(obj));
		return -1;
	}
	struct dict *d = obj->u.dict;
	for (size_t i = 0; i < d->n; i++) {
		struct dict_entry *e = &d->entries[i];
		if (!e->key)
			continue;
		if (e->key->type != VT_STR || e->val->type != VT_STR) {
			err_set(ev, TY_TypeError, "display(raw=True) takes a dict of mime type to str");
			goto fail;
		}
		if (b->n == ENGINE_BUNDLE_MAX) {
			err_set(ev, TY_ValueError, "display(raw=True) takes at most %d mime types",
				ENGINE_BUNDLE_MAX);
			goto fail;
		}
		b->mime[b->n] = strdup(e->key->u.str->s);
		b->data[b->n] = malloc(e->val->u.str->len + 1);
		if (!b->mime[b->n] || !b->data[b->n]) {
			free((char *)b->mime[b->n]);
			free((char *)b->data[b->n]);
			err_nomem(ev);
			goto fail;
		}
		memcpy((char *)b->data[b->n], e->val->u.str->s, e->val->u.str->len + 1);
		b->len[b->n++] = e->val->u.str->len;
	}
	return 0;
fail:
	engine_bundle_clear(b);
	return -1;
}

static int truthy(struct eval *ev, struct value *v)
{
	return v && v->type != VT_NONE ? val_truth(ev, v) : 0;
}

static struct value *handle_new(struct eval *ev, struct value *id);

struct value *display_call(struct eval *ev, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	const struct engine_sink *sink = ev->sink;
	if (!sink)
		return print_objs(ev, argc, argv);
	static const char *const known[] = {
		"include", "exclude", "metadata", "transient", "display_id", "raw", "clear", "update",
	};
	for (int i = 0; kw && i < kw->n; i++) {
		size_t k = 0;
		while (k < sizeof known / sizeof known[0] && strcmp(known[k], kw->names[i]))
			k++;
		if (k == sizeof known / sizeof known[0])
			return err_set(ev, TY_TypeError,
				       "publish_display_data() got an unexpected keyword argument '%s'",
				       kw->names[i]);
	}
	struct value *include = kwget(kw, "include"), *exclude = kwget(kw, "exclude");
	struct value *idv = kwget(kw, "display_id");
	int has_id, raw, clear, update, r;
	if (check_mime_list(ev, include, "include") < 0 ||
	    check_mime_list(ev, exclude, "exclude") < 0)
		return NULL;
	if ((has_id = truthy(ev, idv)) < 0 || (raw = truthy(ev, kwget(kw, "raw"))) < 0 ||
	    (clear = truthy(ev, kwget(kw, "clear"))) < 0 ||
	    (update = truthy(ev, kwget(kw, "update"))) < 0)
		return NULL;
	if ((r = truthy(ev, kwget(kw, "metadata"))) != 0)
		return r < 0 ? NULL : err_set(ev, TY_NotImplementedError,
					      "display(metadata=...) is not supported by Lumen");
	if ((r = truthy(ev, kwget(kw, "transient"))) != 0)
		return r < 0 ? NULL : err_set(ev, TY_NotImplementedError,
					      "display(transient=...) is not supported by Lumen");
	struct value *id = NULL;  /* the display id as a str */
	if (has_id) {
		if (idv->type == VT_BOOL)
			id = new_display_id(ev);
		else if (idv->type == VT_STR)
			id = val_incref(idv);
		else {
			char *s = val_str_of(ev, idv);
			id = s ? val_str_take(s, strlen(s)) : NULL;
		}
		if (!id)
			return NULL;
	}
	if (update && !id)
		return err_set(ev, TY_TypeError, "display_id required for update_display");
	const char *ids = id ? id->u.str->s : NULL;
	if (clear && sink->clear_output)
		sink->clear_output(sink->ctx, 1);
	if (argc == 0 && id) {
		/* an empty output to update later */
		struct engine_bundle none = {0};
		if (sink->display)
			sink->display(sink->ctx, &none, 0, ids, update);
	}
	for (int i = 0; i < argc; i++) {
		struct engine_bundle b;
		if ((raw ? raw_bundle(ev, argv[i], &b) : builtins_bundle(ev, argv[i], &b)) < 0) {
			engine_bundle_clear(&b);
			val_decref(id);
			return NULL;
		}
		if (!raw)
			filter_bundle(&b, include, exclude);
		if ((raw || b.n) && sink->display)
			sink->display(sink->ctx, &b, 0, ids, update);
		engine_bundle_clear(&b);
	}
	if (!id)
		return val_none();
	struct value *h = handle_new(ev, id);
	val_decref(id);
	return h;
}

/* display(*objs, **kw, <name>=<v>): kw with one more keyword */
static struct value *display_with(struct eval *ev, int argc, struct value **argv,
				  const struct kwargs *kw, const char *fname, int nadd,
				  const char **names, struct value **vals)
{
	int n = kw ? kw->n : 0;
	const char **nn = malloc(sizeof *nn * (size_t)(n + nadd));
	struct value **vv = malloc(sizeof *vv * (size_t)(n + nadd));
	struct value *r = NULL;
	if (!nn || !vv) {
		r = err_nomem(ev);
		goto out;
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < nadd; j++)
			if (strcmp(kw->names[i], names[j]) == 0) {
				err_set(ev, TY_TypeError, "%s() got multiple values for keyword argument '%s'",
					fname, names[j]);
				goto out;
			}
		nn[i] = kw->names[i];
		vv[i] = kw->vals[i];
	}
	for (int j = 0; j < nadd; j++) {
		nn[n + j] = names[j];
		vv[n + j] = vals[j];
	}
	struct kwargs k2 = { n + nadd, nn, vv };
	r = display_call(ev, argc, argv, &k2);
out:
	free(nn);
	free(vv);
	return r;
}

static int one_obj(struct eval *ev, const char *fname, int argc)
{
	if (argc == 0)
		err_set(ev, TY_TypeError, "%s() missing 1 required positional argument: 'obj'", fname);
	else if (argc > 1)
		err_set(ev, TY_TypeError, "%s() takes 2 positional arguments but %d were given",
			fname, argc + 1);
	return argc == 1 ? 0 : -1;
}

/* update_display(obj, *, display_id, **kwargs) */
static struct value *f_update_display(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (argc != 1) {
		if (argc == 0)
			return err_set(ev, TY_TypeError,
				       "update_display() missing 1 required positional argument: 'obj'");
		return err_set(ev, TY_TypeError,
			       "update_display() takes 1 positional argument but %d were given", argc);
	}
	struct value *id = kwget(kw, "display_id");
	if (!id)
		return err_set(ev, TY_TypeError,
			       "update_display() missing 1 required keyword-only argument: 'display_id'");
	const char *names[] = { "update" };
	struct value *t = val_bool(1);
	struct value *r = display_with(ev, argc, argv, kw, "update_display", 1, names, &t);
	val_decref(t);
	if (r && r->type != VT_NONE) {  /* IPython's update_display returns None */
		val_decref(r);
		r = val_none();
	}
	return r;
}

static struct value *f_display(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	return display_call(ev, argc, argv, kw);
}

struct value *display_clear_output(struct eval *ev, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	struct value *wait = NULL;
	int w;
	if (args_parse(ev, "clear_output", argc, argv, kw, "|wait", &wait) < 0 ||
	    args_bool(ev, wait, 0, &w) < 0)
		return NULL;
	if (!ev->sink) {  /* IPython outside a shell: erase the terminal line */
		ev_write(ev, 1, "\033[2K\r\033[2K\r", 10);
	} else if (ev->sink->clear_output) {
		ev->sink->clear_output(ev->sink->ctx, w);
	}
	return val_none();
}

static struct value *f_clear_output(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	return display_clear_output(ev, argc, argv, kw);
}

/* DisplayHandle: its display id (any value; IPython keeps what it is given) */
struct handle {
	struct value *id;
};

static void handle_free(void *p)
{
	struct handle *h = p;
	if (h)
		val_decref(h->id);
	free(h);
}

static struct value *handle_new(struct eval *ev, struct value *id)
{
	struct handle *h = malloc(sizeof *h);
	if (!h)
		return err_nomem(ev);
	h->id = val_incref(id);
	struct value *v = val_object_new(&handle_type, h);
	if (!v)
		err_nomem(ev);
	return v;
}

/* handle.display(obj, **kw) / handle.update(obj, **kw) */
static struct value *handle_method(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	const struct handle *h = bi->self->u.obj.p;
	int update = strcmp(bi->name, "update") == 0;
	if (one_obj(ev, update ? "DisplayHandle.update" : "DisplayHandle.display", argc) < 0)
		return NULL;
	const char *names[] = { "display_id", "update" };
	struct value *vals[] = { h->id, NULL };
	struct value *r;
	if (update) {
		vals[1] = val_bool(1);
		r = display_with(ev, argc, argv, kw, "display", 2, names, vals);
		val_decref(vals[1]);
	} else {
		r = display_with(ev, argc, argv, kw, "display", 1, names, vals);
	}
	if (r && r->type != VT_NONE) {  /* the method returns None */
		val_decref(r);
		r = val_none();
	}
	return r;
}

static struct value *handle_getattr(struct eval *ev, struct value *self, const char *name)
{
	const struct handle *h = self->u.obj.p;
	if (strcmp(name, "display_id") == 0)
		return val_incref(h->id);
	if (strcmp(name, "display") == 0 || strcmp(name, "update") == 0) {
		struct value *m = val_builtin(strcmp(name, "display") == 0 ? "display" : "update",
					      handle_method, self, NULL);
		if (!m)
			err_nomem(ev);
		return m;
	}
	return NULL;
}

static int handle_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	struct handle *h = self->u.obj.p;
	if (strcmp(name, "display_id") != 0) {
		err_set(ev, TY_AttributeError, "'DisplayHandle' object has no attribute '%s'", name);
		return -1;
	}
	val_decref(h->id);
	h->id = val_incref(v);
	return 0;
}

static char *handle_repr(struct eval *ev, struct value *self)
{
	const struct handle *h = self->u.obj.p;
	char *id = val_str_of(ev, h->id);
	if (!id)
		return NULL;
	struct sbuf b = {0};
	sb_printf(&b, "<DisplayHandle display_id=%s>", id);
	free(id);
	char *s = sb_take(&b);
	if (!s)
		err_nomem(ev);
	return s;
}

static const char *const handle_attrs[] = { "display", "display_id", "update", NULL };

static const struct objtype handle_type = {
	.name = "DisplayHandle", .free = handle_free, .getattr = handle_getattr,
	.setattr = handle_setattr, .repr = handle_repr, .attrs = handle_attrs,
};

/* DisplayHandle(display_id=None) */
static struct value *f_display_handle(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *id = NULL;
	if (args_parse(ev, "DisplayHandle", argc, argv, kw, "|display_id", &id) < 0)
		return NULL;
	if (id && id->type != VT_NONE)
		return handle_new(ev, id);
	id = new_display_id(ev);
	if (!id)
		return NULL;
	struct value *h = handle_new(ev, id);
	val_decref(id);
	return h;
}

struct value *display_module(struct eval *ev, const char *name)
{
	struct value *m;
	if (strcmp(name, "IPython.display") == 0) {
		m = val_module_new("IPython.display");
		if (!m ||
		    module_add(m, "display", val_builtin("display", f_display, NULL, NULL)) < 0 ||
		    module_add(m, "update_display", val_builtin("update_display", f_update_display, NULL, NULL)) < 0 ||
		    module_add(m, "clear_output", val_builtin("clear_output", f_clear_output, NULL, NULL)) < 0 ||
		    module_add(m, "DisplayHandle", val_builtin("DisplayHandle", f_display_handle, NULL, NULL)) < 0 ||
		    module_add(m, "set_matplotlib_formats", val_builtin("set_matplotlib_formats", plot_fn_set_formats, NULL, NULL)) < 0) {
			val_decref(m);
			return err_nomem(ev);
		}
		return m;
	}
	if (strcmp(name, "IPython") == 0) {
		struct value *sub = ev_import(ev, "IPython.display");
		if (!sub)
			return NULL;
		m = val_module_new("IPython");
		if (!m || module_add(m, "display", sub) < 0) {
			if (!m)
				val_decref(sub);
			val_decref(m);
			return err_nomem(ev);
		}
		struct value *gi = dict_getstr_borrow(ev->builtins, "get_ipython");
		if ((gi && module_add(m, "get_ipython", val_incref(gi)) < 0) ||
		    module_add(m, "Application", magic_user_application(ev)) < 0) {
			val_decref(m);
			return err_nomem(ev);
		}
		return m;
	}
	if (!strncmp(name, "IPython.core", 12))
		return magic_user_module(ev, name);
	return plot_module(ev, name); /* matplotlib (engine/plot) */
}
