/*
 * plot_pyplot.c — the matplotlib modules a cell imports (matplotlib with
 * rcParams, matplotlib.pyplot, matplotlib.colors, matplotlib.cm), pyplot's
 * state machine (open figures by number, the current figure and axes),
 * Figure and axes-array objects, savefig, and the inline backend: figures
 * shown when a cell ends or at plt.show(), as image/png or image/svg+xml.
 * Axes methods live in plot_axes.c; drawing in plot_draw.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/eval.h"
#include "array/arrapi.h"
#include "plot/plot.h"
#include "plot/plot_api.h"

/* ---- state: the open figures (pyplot's Gcf) ---- */
static struct pl_figure **figs;
static int nfigs, figcap;
static struct pl_figure *cur;
static struct pl_axes *cur_ax;
static struct value *rc;          /* matplotlib.rcParams (a dict) */
static int fmt_svg;               /* InlineBackend.figure_formats */

void plot_set_formats(int svg) { fmt_svg = svg; }

void pl_touch(struct pl_figure *f) { f->shown = 0; }

struct value *plot_fn_set_formats(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	int svg = 0, png = 0;
	for (int i = 0; i < argc; i++) {
		const char *f = val_as_cstr(argv[i]);
		if (f && (!strcmp(f, "svg") || !strcmp(f, "retina") || !strcmp(f, "png") || !strcmp(f, "pdf") || !strcmp(f, "jpeg"))) {
			svg |= !strcmp(f, "svg");
			png |= strcmp(f, "svg") != 0;
			if (!strcmp(f, "pdf") || !strcmp(f, "jpeg") || !strcmp(f, "retina"))
				return err_set(ev, TY_NotImplementedError, "figure format '%s' is not supported by Lumen (png or svg)", f);
			continue;
		}
		return err_set(ev, TY_ValueError, "supported formats are: 'png', 'retina', 'jpeg', 'svg', 'pdf' not %s", f ? f : val_type_name(argv[i]));
	}
	fmt_svg = svg && !png;
	return val_none();
}

static double rc_double(const char *key, double def)
{
	struct value *v = rc ? dict_getstr_borrow(rc, key) : NULL;
	double d;
	if (v && (v->type == VT_FLOAT || v->type == VT_INT)) {
		d = v->type == VT_FLOAT ? v->u.f : (double)v->u.i;
		return d;
	}
	return def;
}

static struct pl_figure *fig_open(struct eval *ev, double w, double h, double dpi, int num)
{
	struct pl_figure *f = pl_figure_new(w, h, dpi);
	if (!f || (nfigs == figcap && !(figs = realloc(figs, sizeof *figs * (size_t)(figcap = figcap ? 2 * figcap : 8))))) {
		pl_figure_decref(f);
		err_nomem(ev);
		return NULL;
	}
	if (num <= 0) {
		num = 1;
		for (int i = 0; i < nfigs; i++)
			if (figs[i]->num >= num)
				num = figs[i]->num + 1;
	}
	f->num = num;
	figs[nfigs++] = f;
	cur = f;
	cur_ax = NULL;
	return f;
}

static void fig_close_at(int i)
{
	struct pl_figure *f = figs[i];
	memmove(figs + i, figs + i + 1, sizeof *figs * (size_t)(nfigs - i - 1));
	nfigs--;
	if (cur == f) {
		cur = nfigs ? figs[nfigs - 1] : NULL;
		cur_ax = cur && cur->nax ? cur->ax[cur->nax - 1] : NULL;
	}
	pl_figure_decref(f);
}

static int default_size(struct eval *ev, double *w, double *h, double *dpi)
{
	*w = 6.4;
	*h = 4.8;
	*dpi = rc_double("figure.dpi", 100);
	struct value *fs = rc ? dict_getstr_borrow(rc, "figure.figsize") : NULL;
	if (fs && (fs->type == VT_TUPLE || fs->type == VT_LIST) && fs->u.seq.n == 2) {
		if (val_as_double(ev, fs->u.seq.items[0], w) < 0 || val_as_double(ev, fs->u.seq.items[1], h) < 0)
			return -1;
	}
	return 0;
}

struct pl_figure *pl_gcf(struct eval *ev)
{
	if (cur)
		return cur;
	double w, h, dpi;
	if (default_size(ev, &w, &h, &dpi) < 0)
		return NULL;
	return fig_open(ev, w, h, dpi, 0);
}

struct pl_axes *pl_gca(struct eval *ev)
{
	struct pl_figure *f = pl_gcf(ev);
	if (!f)
		return NULL;
	if (cur_ax && cur_ax->fig == f)
		return cur_ax;
	for (int i = f->nax - 1; i >= 0; i--)
		if (!f->ax[i]->is_cbar)
			return cur_ax = f->ax[i];
	cur_ax = pl_axes_add(f, 1, 1, 0, 1, 0, 1);
	if (!cur_ax)
		err_nomem(ev);
	return cur_ax;
}

/* ---- small helpers shared with plot_axes.c ---- */

struct value *pl_kw(const struct kwargs *kw, const char *name)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (!strcmp(kw->names[i], name))
			return kw->vals[i];
	return NULL;
}

int pl_kw_double(struct eval *ev, const struct kwargs *kw, const char *name, double *out)
{
	struct value *v = pl_kw(kw, name);
	if (!v || v->type == VT_NONE)
		return 0;
	return val_as_double(ev, v, out) < 0 ? -1 : 1;
}

const char *pl_kw_str(const struct kwargs *kw, const char *name)
{
	struct value *v = pl_kw(kw, name);
	return v ? val_as_cstr(v) : NULL;
}

double *pl_doubles(struct eval *ev, struct value *v, int64_t *n, int *ndim, int64_t *shape)
{
	struct ndarray *a = arr_borrow(v), *own = NULL;
	if (a)
		own = arr_host_c(ev, a, DT_FLOAT64);
	else {
		struct ndarray *t = arr_asarray(ev, &backend_host, v, DT_FLOAT64);
		if (t) {
			own = arr_host_c(ev, t, DT_FLOAT64);
			nd_decref(t);
		}
	}
	if (!own)
		return NULL;
	int64_t cnt = nd_size(own);
	double *out = malloc(sizeof *out * (size_t)(cnt ? cnt : 1));
	if (!out) {
		nd_decref(own);
		err_nomem(ev);
		return NULL;
	}
	memcpy(out, nd_data(own), sizeof *out * (size_t)cnt);
	*n = cnt;
	if (ndim)
		*ndim = own->ndim;
	if (shape)
		for (int i = 0; i < own->ndim && i < 4; i++)
			shape[i] = own->shape[i];
	nd_decref(own);
	return out;
}

/* ---- Figure objects ---- */

static void fig_free(void *p) { pl_figure_decref(p); }

static char *fig_repr(struct eval *ev, struct value *self)
{
	struct pl_figure *f = self->u.obj.p;
	char *s = NULL;
	int n = 0;
	for (int i = 0; i < f->nax; i++)
		n++;
	if (asprintf(&s, "<Figure size %gx%g with %d Axes>", f->w * f->dpi, f->h * f->dpi, n) < 0)
		return err_nomem(ev);
	return s;
}

static char *fig_str(struct eval *ev, struct value *self)
{
	struct pl_figure *f = self->u.obj.p;
	char *s = NULL;
	if (asprintf(&s, "Figure(%gx%g)", f->w * f->dpi, f->h * f->dpi) < 0)
		return err_nomem(ev);
	return s;
}

static struct value *fig_getattr(struct eval *ev, struct value *self, const char *name);
static int fig_setattr(struct eval *ev, struct value *self, const char *name, struct value *v);

static const char *const fig_attrs[] = { "add_subplot", "subplots", "savefig", "suptitle", "colorbar",
	"tight_layout", "gca", "axes", "set_size_inches", "get_size_inches", "show", "clf", "dpi",
	"number", "subplots_adjust", "set_figwidth", "set_figheight", "set_dpi", "add_axes", NULL };

static const struct objtype fig_type = {
	.name = "Figure", .free = fig_free, .getattr = fig_getattr, .setattr = fig_setattr,
	.repr = fig_repr, .attrs = fig_attrs, .str = fig_str,
};

struct pl_figure *pl_figure_of(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &fig_type ? v->u.obj.p : NULL;
}

struct value *pl_figure_value(struct eval *ev, struct pl_figure *f)
{
	f->refcnt++;
	struct value *v = val_object_new(&fig_type, f);
	if (!v)
		return err_nomem(ev);
	return v;
}

/* ---- axes arrays: what subplots returns for several axes ---- */

struct axarr { struct pl_figure *f; int ndim; int rows, cols; struct pl_axes **ax; };

static void axarr_free(void *p)
{
	struct axarr *x = p;
	pl_figure_decref(x->f);
	free(x->ax);
	free(x);
}

static char *axarr_repr(struct eval *ev, struct value *self)
{
	struct axarr *x = self->u.obj.p;
	struct sbuf b = {0};
	sb_adds(&b, "array([");
	for (int i = 0; i < x->rows; i++) {
		if (x->ndim == 2)
			sb_adds(&b, i ? ",\n       [" : "[");
		for (int j = 0; j < x->cols; j++)
			sb_adds(&b, j ? ", <Axes: >" : "<Axes: >");
		if (x->ndim == 2)
			sb_adds(&b, "]");
	}
	sb_adds(&b, "], dtype=object)");
	char *s = sb_take(&b);
	return s ? s : err_nomem(ev);
}

static const struct objtype axarr_type;

static struct value *axarr_make(struct eval *ev, struct pl_figure *f, int ndim, int rows, int cols, struct pl_axes **ax)
{
	struct axarr *x = calloc(1, sizeof *x);
	if (x)
		x->ax = malloc(sizeof *x->ax * (size_t)(rows * cols));
	if (!x || !x->ax) {
		free(x);
		return err_nomem(ev);
	}
	memcpy(x->ax, ax, sizeof *ax * (size_t)(rows * cols));
	x->f = f;
	f->refcnt++;
	x->ndim = ndim;
	x->rows = rows;
	x->cols = cols;
	struct value *v = val_object_new(&axarr_type, x);
	return v ? v : err_nomem(ev);
}

static int axarr_index(struct eval *ev, struct value *k, int len, int *out)
{
	int64_t i;
	if (val_as_int64(ev, k, &i) < 0)
		return -1;
	if (i < 0)
		i += len;
	if (i < 0 || i >= len) {
		err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %d", (long long)i, len);
		return -1;
	}
	*out = (int)i;
	return 0;
}

static struct value *axarr_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct axarr *x = self->u.obj.p;
	if (key->type == VT_TUPLE && key->u.seq.n == 2 && x->ndim == 2) {
		int i, j;
		if (axarr_index(ev, key->u.seq.items[0], x->rows, &i) < 0 ||
		    axarr_index(ev, key->u.seq.items[1], x->cols, &j) < 0)
			return NULL;
		return pl_axes_value(ev, x->ax[i * x->cols + j]);
	}
	if (key->type == VT_SLICE)
		return err_set(ev, TY_NotImplementedError, "slicing an array of Axes is not supported by Lumen's matplotlib");
	int i;
	if (x->ndim == 1) {
		if (axarr_index(ev, key, x->cols, &i) < 0)
			return NULL;
		return pl_axes_value(ev, x->ax[i]);
	}
	if (axarr_index(ev, key, x->rows, &i) < 0)
		return NULL;
	return axarr_make(ev, x->f, 1, 1, x->cols, x->ax + i * x->cols);
}

static struct value *axarr_flat(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct axarr *x = bi->self->u.obj.p;
	return axarr_make(ev, x->f, 1, 1, x->rows * x->cols, x->ax);
}

static struct value *axarr_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct axarr *x = self->u.obj.p;
	if (!strcmp(name, "flat"))
		return axarr_make(ev, x->f, 1, 1, x->rows * x->cols, x->ax);
	if (!strcmp(name, "ravel") || !strcmp(name, "flatten"))
		return val_builtin(name, axarr_flat, self, NULL);
	if (!strcmp(name, "shape")) {
		struct value *it[2] = { val_int(x->ndim == 2 ? x->rows : x->cols), val_int(x->cols) };
		return val_tuple_new((size_t)x->ndim, it);
	}
	if (!strcmp(name, "size"))
		return val_int(x->rows * x->cols);
	if (!strcmp(name, "ndim"))
		return val_int(x->ndim);
	if (!strcmp(name, "T") && x->ndim == 2) {
		struct pl_axes **t = malloc(sizeof *t * (size_t)(x->rows * x->cols));
		if (!t)
			return err_nomem(ev);
		for (int i = 0; i < x->rows; i++)
			for (int j = 0; j < x->cols; j++)
				t[j * x->rows + i] = x->ax[i * x->cols + j];
		struct value *v = axarr_make(ev, x->f, 2, x->cols, x->rows, t);
		free(t);
		return v;
	}
	return NULL;
}

static const struct objtype axarr_type = {
	.name = "numpy.ndarray", .free = axarr_free, .getattr = axarr_getattr, .repr = axarr_repr,
	.getitem = axarr_getitem,
};

/* ---- subplots / figure / subplot ---- */

static int parse_figsize(struct eval *ev, const struct kwargs *kw, double *w, double *h, double *dpi)
{
	if (default_size(ev, w, h, dpi) < 0)
		return -1;
	struct value *fs = pl_kw(kw, "figsize");
	if (fs && fs->type != VT_NONE) {
		if ((fs->type != VT_TUPLE && fs->type != VT_LIST) || fs->u.seq.n != 2) {
			err_set(ev, TY_ValueError, "figure size must be positive finite not %s", val_type_name(fs));
			return -1;
		}
		if (val_as_double(ev, fs->u.seq.items[0], w) < 0 || val_as_double(ev, fs->u.seq.items[1], h) < 0)
			return -1;
	}
	if (pl_kw_double(ev, kw, "dpi", dpi) < 0)
		return -1;
	return 0;
}

static const char *const fig_kws[] = { "figsize", "dpi", "num", "facecolor", "clear", "layout",
				       "constrained_layout", "tight_layout", NULL };

static int check_kws(struct eval *ev, const char *fn, const struct kwargs *kw, const char *const *ok,
		     const char *const *ok2)
{
	for (int i = 0; kw && i < kw->n; i++) {
		int found = 0;
		for (int j = 0; ok && ok[j] && !found; j++)
			found = !strcmp(ok[j], kw->names[i]);
		for (int j = 0; ok2 && ok2[j] && !found; j++)
			found = !strcmp(ok2[j], kw->names[i]);
		if (!found) {
			err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'", fn, kw->names[i]);
			return -1;
		}
	}
	return 0;
}

static int fig_options(struct eval *ev, struct pl_figure *f, const struct kwargs *kw)
{
	struct value *fc = pl_kw(kw, "facecolor");
	if (fc && pl_color_parse(ev, fc, &f->face) < 0)
		return -1;
	struct value *tl = pl_kw(kw, "tight_layout");
	const char *layout = pl_kw_str(kw, "layout");
	struct value *cl = pl_kw(kw, "constrained_layout");
	if ((tl && val_truth(ev, tl) > 0) || (layout && (!strcmp(layout, "tight") || !strcmp(layout, "constrained"))) ||
	    (cl && val_truth(ev, cl) > 0))
		f->tight = 1;
	return 0;
}

static struct value *f_figure(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	double w, h, dpi;
	int64_t num = 0;
	struct value *nv = argc > 0 ? argv[0] : pl_kw(kw, "num");
	if (check_kws(ev, "figure", kw, fig_kws, NULL) < 0 || parse_figsize(ev, kw, &w, &h, &dpi) < 0)
		return NULL;
	if (nv && nv->type != VT_NONE) {
		struct pl_figure *given = pl_figure_of(nv);
		if (given) {
			cur = given;
			cur_ax = NULL;
			return pl_figure_value(ev, given);
		}
		if (val_as_int64(ev, nv, &num) < 0)
			return NULL;
		for (int i = 0; i < nfigs; i++)
			if (figs[i]->num == num) {
				cur = figs[i];
				cur_ax = NULL;
				return pl_figure_value(ev, cur);
			}
	}
	struct pl_figure *f = fig_open(ev, w, h, dpi, (int)num);
	if (!f || fig_options(ev, f, kw) < 0)
		return NULL;
	return pl_figure_value(ev, f);
}

/* subplots on figure f: the axes value, or an axes array (squeeze) */
static struct value *make_subplots(struct eval *ev, struct pl_figure *f, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	int64_t nr = 1, nc = 1;
	struct value *vr = argc > 0 ? argv[0] : pl_kw(kw, "nrows"), *vc = argc > 1 ? argv[1] : pl_kw(kw, "ncols");
	if ((vr && val_as_int64(ev, vr, &nr) < 0) || (vc && val_as_int64(ev, vc, &nc) < 0))
		return NULL;
	if (nr < 1 || nc < 1 || nr * nc > 1024)
		return err_set(ev, TY_ValueError, "Number of rows must be a positive integer, not %lld", (long long)nr);
	int sharex = 0, sharey = 0, squeeze = 1;
	struct value *sx = pl_kw(kw, "sharex"), *sy = pl_kw(kw, "sharey"), *sq = pl_kw(kw, "squeeze");
	const char *sxs = sx ? val_as_cstr(sx) : NULL, *sys = sy ? val_as_cstr(sy) : NULL;
	if (sxs)
		sharex = !strcmp(sxs, "all") ? 1 : !strcmp(sxs, "col") ? 2 : !strcmp(sxs, "row") ? 3 : 0;
	else if (sx && (sharex = val_truth(ev, sx)) < 0)
		return NULL;
	if (sys)
		sharey = !strcmp(sys, "all") ? 1 : !strcmp(sys, "col") ? 2 : !strcmp(sys, "row") ? 3 : 0;
	else if (sy && (sharey = val_truth(ev, sy)) < 0)
		return NULL;
	if (sq && (squeeze = val_truth(ev, sq)) < 0)
		return NULL;
	struct pl_axes **ax = malloc(sizeof *ax * (size_t)(nr * nc));
	if (!ax)
		return err_nomem(ev);
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++) {
			struct pl_axes *a = pl_axes_add(f, (int)nr, (int)nc, i, i + 1, j, j + 1);
			if (!a) {
				free(ax);
				return err_nomem(ev);
			}
			ax[i * nc + j] = a;
		}
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++) {
			struct pl_axes *a = ax[i * nc + j];
			struct pl_axes *lx = sharex == 1 ? ax[0] : sharex == 2 ? ax[j] : sharex == 3 ? ax[i * nc] : NULL;
			struct pl_axes *ly = sharey == 1 ? ax[0] : sharey == 2 ? ax[j] : sharey == 3 ? ax[i * nc] : NULL;
			a->sharex = lx && lx != a ? lx : NULL;
			a->sharey = ly && ly != a ? ly : NULL;
		}
	for (int i = 0; i < nr; i++)
		for (int j = 0; j < nc; j++) {
			struct pl_axes *a = ax[i * nc + j];
			/* shared axes keep the tick labels of the outer row / column only */
			if ((sharex == 1 || sharex == 2) && i < nr - 1)
				a->hide_xtl = 1;
			if ((sharey == 1 || sharey == 3) && j > 0)
				a->hide_ytl = 1;
		}
	cur_ax = ax[0];
	struct value *r;
	if (squeeze && nr == 1 && nc == 1)
		r = pl_axes_value(ev, ax[0]);
	else if (squeeze && (nr == 1 || nc == 1))
		r = axarr_make(ev, f, 1, 1, (int)(nr * nc), ax);
	else
		r = axarr_make(ev, f, 2, (int)nr, (int)nc, ax);
	free(ax);
	return r;
}

static const char *const subplots_kws[] = { "nrows", "ncols", "sharex", "sharey", "squeeze", NULL };

static struct value *f_subplots(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	double w, h, dpi;
	if (check_kws(ev, "subplots", kw, subplots_kws, fig_kws) < 0 || parse_figsize(ev, kw, &w, &h, &dpi) < 0)
		return NULL;
	struct pl_figure *f = fig_open(ev, w, h, dpi, 0);
	if (!f || fig_options(ev, f, kw) < 0)
		return NULL;
	struct value *axv = make_subplots(ev, f, argc, argv, kw);
	if (!axv)
		return NULL;
	struct value *fv = pl_figure_value(ev, f);
	if (!fv) {
		val_decref(axv);
		return NULL;
	}
	struct value *it[2] = { fv, axv };
	return val_tuple_new(2, it);
}

/* subplot(nrows, ncols, index) / subplot(221): reuses an axes in that slot */
static struct pl_axes *subplot_on(struct eval *ev, struct pl_figure *f, int argc, struct value **argv)
{
	int64_t nr, nc, idx;
	if (argc == 0) {
		nr = nc = idx = 1;
	} else if (argc == 1) {
		int64_t code;
		if (val_as_int64(ev, argv[0], &code) < 0)
			return NULL;
		if (code < 111 || code > 999) {
			err_set(ev, TY_ValueError, "Integer subplot specification must be a three-digit number, not %lld", (long long)code);
			return NULL;
		}
		nr = code / 100;
		nc = code / 10 % 10;
		idx = code % 10;
	} else if (argc == 3) {
		if (val_as_int64(ev, argv[0], &nr) < 0 || val_as_int64(ev, argv[1], &nc) < 0)
			return NULL;
		if (argv[2]->type == VT_TUPLE && argv[2]->u.seq.n == 2) {
			int64_t a, b;
			if (val_as_int64(ev, argv[2]->u.seq.items[0], &a) < 0 || val_as_int64(ev, argv[2]->u.seq.items[1], &b) < 0)
				return NULL;
			int r0 = (int)((a - 1) / nc), c0 = (int)((a - 1) % nc), r1 = (int)((b - 1) / nc), c1 = (int)((b - 1) % nc);
			struct pl_axes *ax = pl_axes_add(f, (int)nr, (int)nc, r0, r1 + 1, c0, c1 + 1);
			if (!ax)
				err_nomem(ev);
			return cur_ax = ax;
		}
		if (val_as_int64(ev, argv[2], &idx) < 0)
			return NULL;
	} else {
		err_set(ev, TY_TypeError, "subplot() takes 1 or 3 positional arguments but %d were given", argc);
		return NULL;
	}
	if (nr < 1 || nc < 1 || idx < 1 || idx > nr * nc) {
		err_set(ev, TY_ValueError, "num must be an integer with 1 <= num <= %lld, not %lld", (long long)(nr * nc), (long long)idx);
		return NULL;
	}
	int r = (int)((idx - 1) / nc), c = (int)((idx - 1) % nc);
	for (int i = 0; i < f->nax; i++) {
		struct pl_axes *a = f->ax[i];
		if (a->nrows == nr && a->ncols == nc && a->row0 == r && a->col0 == c && a->row1 == r + 1 && a->col1 == c + 1)
			return cur_ax = a;
	}
	struct pl_axes *a = pl_axes_add(f, (int)nr, (int)nc, r, r + 1, c, c + 1);
	if (!a)
		err_nomem(ev);
	return cur_ax = a;
}

static struct value *f_subplot(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct pl_figure *f = pl_gcf(ev);
	struct pl_axes *a = f ? subplot_on(ev, f, argc, argv) : NULL;
	if (!a)
		return NULL;
	struct value *sx = pl_kw(kw, "sharex"), *sy = pl_kw(kw, "sharey");
	if (sx && pl_axes_of(sx))
		a->sharex = pl_axes_of(sx)->sharex ? pl_axes_of(sx)->sharex : pl_axes_of(sx);
	if (sy && pl_axes_of(sy))
		a->sharey = pl_axes_of(sy)->sharey ? pl_axes_of(sy)->sharey : pl_axes_of(sy);
	return pl_axes_value(ev, a);
}

static struct value *f_gcf(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	struct pl_figure *f = pl_gcf(ev);
	return f ? pl_figure_value(ev, f) : NULL;
}

static struct value *f_gca(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	struct pl_axes *a = pl_gca(ev);
	return a ? pl_axes_value(ev, a) : NULL;
}

static struct value *f_close(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *w = argc ? argv[0] : pl_kw(kw, "fig");
	if (!w || w->type == VT_NONE) {
		if (cur)
			for (int i = 0; i < nfigs; i++)
				if (figs[i] == cur) {
					fig_close_at(i);
					break;
				}
		return val_none();
	}
	const char *s = val_as_cstr(w);
	if (s && !strcmp(s, "all")) {
		while (nfigs)
			fig_close_at(nfigs - 1);
		return val_none();
	}
	struct pl_figure *f = pl_figure_of(w);
	int64_t num = -1;
	if (!f && val_as_int64(ev, w, &num) < 0) {
		val_decref(err_fetch(ev));
		return err_set(ev, TY_TypeError, "close() argument must be a Figure, an int, a string, or None, not %s",
			       val_type_name(w));
	}
	for (int i = 0; i < nfigs; i++)
		if (figs[i] == f || figs[i]->num == num) {
			fig_close_at(i);
			break;
		}
	return val_none();
}

/* ---- output ---- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *base64(const unsigned char *p, size_t n, size_t *outlen)
{
	char *o = malloc(4 * ((n + 2) / 3) + 1), *q = o;
	if (!o)
		return NULL;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = p[i] << 16 | (i + 1 < n ? p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
		*q++ = b64[v >> 18 & 63];
		*q++ = b64[v >> 12 & 63];
		*q++ = i + 1 < n ? b64[v >> 6 & 63] : '=';
		*q++ = i + 2 < n ? b64[v & 63] : '=';
	}
	*q = 0;
	*outlen = (size_t)(q - o);
	return o;
}

/* sends figure f to the sink as display_data */
static int fig_display(struct eval *ev, struct pl_figure *f)
{
	const struct engine_sink *sink = ev->sink;
	if (!sink || !sink->display)
		return 0;
	char *data = NULL, *enc = NULL, *txt = NULL;
	size_t len = 0, elen = 0;
	if (pl_render(ev, f, fmt_svg ? "svg" : "png", NULL, f->dpi, &data, &len) < 0)
		return -1;
	struct value fv = { .refcnt = 1, .type = VT_OBJECT, .u.obj = { &fig_type, f } };
	txt = fig_repr(ev, &fv);
	if (!fmt_svg)
		enc = base64((unsigned char *)data, len, &elen);
	if (!txt || (!fmt_svg && !enc)) {
		free(data);
		free(enc);
		free(txt);
		err_nomem(ev);
		return -1;
	}
	struct engine_bundle b = { 2, { "text/plain", fmt_svg ? "image/svg+xml" : "image/png" },
				   { txt, fmt_svg ? data : enc }, { strlen(txt), fmt_svg ? len : elen } };
	sink->display(sink->ctx, &b, 0, NULL, 0);
	free(data);
	free(enc);
	free(txt);
	f->shown = 1;
	return 0;
}

/* the inline backend: every open figure is shown, then closed */
int plot_flush(struct eval *ev)
{
	if (!ev->sink)
		return 0;
	int rc = 0;
	for (int i = 0; i < nfigs && rc == 0; i++)
		rc = fig_display(ev, figs[i]);
	while (nfigs)
		fig_close_at(nfigs - 1);
	return rc;
}

static struct value *f_show(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	return plot_flush(ev) < 0 ? NULL : val_none();
}

static int savefig(struct eval *ev, struct pl_figure *f, int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *p = argc ? argv[0] : pl_kw(kw, "fname");
	const char *path = p ? val_as_cstr(p) : NULL;
	if (!path) {
		err_set(ev, TY_TypeError, "savefig() takes a file name (str): file objects are not supported by Lumen's matplotlib");
		return -1;
	}
	const char *fmt = pl_kw_str(kw, "format");
	const char *dot = strrchr(path, '.');
	if (!fmt)
		fmt = dot ? dot + 1 : "png";
	if (strcmp(fmt, "png") && strcmp(fmt, "svg") && strcmp(fmt, "pdf")) {
		err_set(ev, TY_ValueError, "Format '%s' is not supported (supported formats: pdf, png, svg)", fmt);
		return -1;
	}
	double dpi = f->dpi;
	struct value *dv = pl_kw(kw, "dpi");
	if (dv && !val_as_cstr(dv) && pl_kw_double(ev, kw, "dpi", &dpi) < 0)
		return -1;
	return pl_render(ev, f, fmt, path, dpi, NULL, NULL);
}

static struct value *f_savefig(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct pl_figure *f = pl_gcf(ev);
	if (!f || savefig(ev, f, argc, argv, kw) < 0)
		return NULL;
	return val_none();
}

static struct value *f_clf(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	struct pl_figure *f = pl_gcf(ev);
	if (!f)
		return NULL;
	for (int i = 0; i < f->nax; i++) {
		pl_axes_clear(f->ax[i]);
		free(f->ax[i]);
	}
	f->nax = 0;
	free(f->suptitle);
	f->suptitle = NULL;
	cur_ax = NULL;
	return val_none();
}

static int set_str(struct eval *ev, char **dst, struct value *v)
{
	char *s = val_str_of(ev, v);
	if (!s)
		return -1;
	free(*dst);
	*dst = s;
	return 0;
}

static struct value *fig_suptitle(struct eval *ev, struct pl_figure *f, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	if (argc < 1)
		return err_set(ev, TY_TypeError, "suptitle() missing 1 required positional argument: 't'");
	if (set_str(ev, &f->suptitle, argv[0]) < 0)
		return NULL;
	struct value *fs = pl_kw(kw, "fontsize");
	if (!fs)
		fs = pl_kw(kw, "size");
	if (fs && !val_as_cstr(fs) && val_as_double(ev, fs, &f->suptitle_fs) < 0)
		return NULL;
	const char *w = pl_kw_str(kw, "fontweight");
	if (!w)
		w = pl_kw_str(kw, "weight");
	f->suptitle_bold = w && !strcmp(w, "bold");
	return val_none();
}

static struct value *f_suptitle(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct pl_figure *f = pl_gcf(ev);
	return f ? fig_suptitle(ev, f, argc, argv, kw) : NULL;
}

static struct value *f_tight_layout(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				    const struct kwargs *kw)
{
	struct pl_figure *f = bi->self ? pl_figure_of(bi->self) : pl_gcf(ev);
	if (!f)
		return NULL;
	f->tight = 1;
	return val_none();
}

static struct value *f_subplots_adjust(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				       const struct kwargs *kw)
{
	struct pl_figure *f = bi->self ? pl_figure_of(bi->self) : pl_gcf(ev);
	if (!f)
		return NULL;
	static const char *const names[] = { "left", "bottom", "right", "top", "wspace", "hspace" };
	for (int i = 0; i < 6; i++) {
		double v;
		int r = i < argc ? (val_as_double(ev, argv[i], &v) < 0 ? -1 : 1) : pl_kw_double(ev, kw, names[i], &v);
		if (r < 0)
			return NULL;
		if (r > 0) {
			if (i < 4)
				f->sp[i] = v;
			else if (i == 4)
				f->wspace = v;
			else
				f->hspace = v;
		}
	}
	f->tight = 0;
	return val_none();
}

/* colorbar(mappable=None, ax=None, cax=None, orientation=, label=, shrink=...) */
static struct value *colorbar_on(struct eval *ev, struct pl_figure *f, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *m = argc ? argv[0] : pl_kw(kw, "mappable");
	int cmap, logn;
	double vmin, vmax;
	struct pl_axes *parent = NULL;
	if (!m || m->type == VT_NONE) {
		/* the current image: the last mappable of the current axes */
		struct pl_axes *a = pl_gca(ev);
		if (!a)
			return NULL;
		int found = 0;
		for (int i = a->nart - 1; i >= 0 && !found; i--)
			if (a->art[i].kind == PK_IMAGE || (a->art[i].kind == PK_SCATTER && a->art[i].c)) {
				cmap = a->art[i].cmap;
				vmin = a->art[i].vmin;
				vmax = a->art[i].vmax;
				logn = a->art[i].log_norm;
				found = 1;
			}
		if (!found)
			return err_set(ev, TY_RuntimeError, "No mappable was found to use for colorbar creation. First define a mappable such as an image (with imshow) or a contour set (with contourf).");
		parent = a;
	} else if (plot_mappable(m, &cmap, &vmin, &vmax, &logn, &parent) < 0) {
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'get_array'", val_type_name(m));
	}
	struct value *axv = pl_kw(kw, "ax");
	if (axv && axv->type != VT_NONE) {
		struct pl_axes *pa = pl_axes_of(axv);
		if (!pa)
			return err_set(ev, TY_NotImplementedError, "colorbar(ax=...) with several axes is not supported by Lumen's matplotlib");
		parent = pa;
	}
	if (pl_kw(kw, "cax"))
		return err_set(ev, TY_NotImplementedError, "colorbar(cax=...) is not supported by Lumen's matplotlib");
	if (!parent)
		parent = pl_gca(ev);
	if (!parent)
		return NULL;
	struct pl_axes *c = pl_axes_add(f, parent->nrows, parent->ncols, parent->row0, parent->row1, parent->col0, parent->col1);
	if (!c)
		return err_nomem(ev);
	c->is_cbar = 1;
	c->cb_parent = parent;
	c->cb_cmap = cmap;
	c->cb_vmin = vmin;
	c->cb_vmax = vmax;
	c->cb_log = logn;
	const char *orient = pl_kw_str(kw, "orientation");
	c->cb_horizontal = orient && !strcmp(orient, "horizontal");
	struct value *lab = pl_kw(kw, "label");
	if (lab && lab->type != VT_NONE && set_str(ev, &c->cb_label, lab) < 0)
		return NULL;
	return pl_axes_value(ev, c);
}

static struct value *f_colorbar(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct pl_figure *f = bi->self ? pl_figure_of(bi->self) : pl_gcf(ev);
	if (!f)
		return NULL;
	return colorbar_on(ev, f, argc, argv, kw);
}

/* ---- Figure methods ---- */

#define FIG(bi) pl_figure_of((bi)->self)

static struct value *fm_add_subplot(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				    const struct kwargs *kw)
{
	struct pl_axes *a = subplot_on(ev, FIG(bi), argc, argv);
	if (!a)
		return NULL;
	const char *proj = pl_kw_str(kw, "projection");
	if (proj)
		return err_set(ev, TY_NotImplementedError, "projection='%s' is not supported by Lumen's matplotlib", proj);
	cur = FIG(bi);
	return pl_axes_value(ev, a);
}

static struct value *fm_subplots(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	if (check_kws(ev, "subplots", kw, subplots_kws, NULL) < 0)
		return NULL;
	return make_subplots(ev, FIG(bi), argc, argv, kw);
}

static struct value *fm_savefig(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	return savefig(ev, FIG(bi), argc, argv, kw) < 0 ? NULL : val_none();
}

static struct value *fm_suptitle(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	return fig_suptitle(ev, FIG(bi), argc, argv, kw);
}

static struct value *fm_gca(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	cur = FIG(bi);
	return f_gca(ev, bi, argc, argv, kw);
}

static struct value *fm_size(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct pl_figure *f = FIG(bi);
	double w = f->w, h = f->h;
	if (!strcmp(bi->name, "set_size_inches")) {
		if (argc == 1 && (argv[0]->type == VT_TUPLE || argv[0]->type == VT_LIST) && argv[0]->u.seq.n == 2) {
			if (val_as_double(ev, argv[0]->u.seq.items[0], &w) < 0 || val_as_double(ev, argv[0]->u.seq.items[1], &h) < 0)
				return NULL;
		} else if (argc == 2) {
			if (val_as_double(ev, argv[0], &w) < 0 || val_as_double(ev, argv[1], &h) < 0)
				return NULL;
		} else {
			return err_set(ev, TY_TypeError, "set_size_inches() takes (w, h) or a pair");
		}
	} else if (!strcmp(bi->name, "set_figwidth")) {
		if (argc < 1 || val_as_double(ev, argv[0], &w) < 0)
			return argc < 1 ? err_set(ev, TY_TypeError, "set_figwidth() missing 1 required positional argument: 'val'") : NULL;
	} else if (!strcmp(bi->name, "set_figheight")) {
		if (argc < 1 || val_as_double(ev, argv[0], &h) < 0)
			return argc < 1 ? err_set(ev, TY_TypeError, "set_figheight() missing 1 required positional argument: 'val'") : NULL;
	} else if (!strcmp(bi->name, "set_dpi")) {
		if (argc < 1 || val_as_double(ev, argv[0], &f->dpi) < 0)
			return argc < 1 ? err_set(ev, TY_TypeError, "set_dpi() missing 1 required positional argument: 'val'") : NULL;
		return val_none();
	} else {
		struct ndarray *a = nd_new(ev, &backend_host, DT_FLOAT64, 1, (int64_t[]){2});
		if (!a)
			return NULL;
		((double *)nd_data(a))[0] = f->w;
		((double *)nd_data(a))[1] = f->h;
		return arr_wrap(ev, a);
	}
	f->w = w;
	f->h = h;
	return val_none();
}

static struct value *fm_noop(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	return val_none();
}

static struct value *fm_clf(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct pl_figure *save = cur;
	cur = FIG(bi);
	struct value *r = f_clf(ev, bi, argc, argv, kw);
	cur = save;
	return r;
}

static struct value *fm_add_axes(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct pl_figure *f = FIG(bi);
	double r[4];
	if (argc < 1 || (argv[0]->type != VT_LIST && argv[0]->type != VT_TUPLE) || argv[0]->u.seq.n != 4)
		return err_set(ev, TY_TypeError, "add_axes() takes a rect [left, bottom, width, height]");
	for (int i = 0; i < 4; i++)
		if (val_as_double(ev, argv[0]->u.seq.items[i], &r[i]) < 0)
			return NULL;
	struct pl_axes *a = pl_axes_add(f, 1, 1, 0, 1, 0, 1);
	if (!a)
		return err_nomem(ev);
	/* a fixed rect: a 1x1 grid whose slot is the rect (figure params ignored) */
	a->nrows = a->ncols = -1;
	memcpy(a->slot, r, sizeof r);
	cur_ax = a;
	return pl_axes_value(ev, a);
}

static const struct { const char *name; builtin_fn fn; } fig_methods[] = {
	{"add_subplot", fm_add_subplot}, {"subplots", fm_subplots}, {"savefig", fm_savefig},
	{"suptitle", fm_suptitle}, {"colorbar", f_colorbar}, {"tight_layout", f_tight_layout},
	{"gca", fm_gca}, {"set_size_inches", fm_size}, {"get_size_inches", fm_size},
	{"set_figwidth", fm_size}, {"set_figheight", fm_size}, {"set_dpi", fm_size},
	{"show", fm_noop}, {"clf", fm_clf}, {"subplots_adjust", f_subplots_adjust},
	{"add_axes", fm_add_axes}, {"set_tight_layout", f_tight_layout},
};

static struct value *fig_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct pl_figure *f = self->u.obj.p;
	for (size_t i = 0; i < sizeof fig_methods / sizeof fig_methods[0]; i++)
		if (!strcmp(name, fig_methods[i].name))
			return val_builtin(fig_methods[i].name, fig_methods[i].fn, self, NULL);
	if (!strcmp(name, "dpi"))
		return val_float(f->dpi);
	if (!strcmp(name, "number"))
		return val_int(f->num);
	if (!strcmp(name, "axes")) {
		struct value *l = val_list_new(0, NULL);
		if (!l)
			return err_nomem(ev);
		for (int i = 0; i < f->nax; i++) {
			struct value *a = pl_axes_value(ev, f->ax[i]);
			if (!a || list_append(l, a) < 0) {
				val_decref(l);
				return a ? err_nomem(ev) : NULL;
			}
		}
		return l;
	}
	return NULL;
}

static int fig_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	struct pl_figure *f = self->u.obj.p;
	if (!strcmp(name, "dpi"))
		return val_as_double(ev, v, &f->dpi);
	err_set(ev, TY_AttributeError, "Lumen's Figure has no settable attribute '%s'", name);
	return -1;
}

/* ---- pyplot functions that act on the current axes (plot_axes.c) ---- */

static struct value *f_on_gca(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct pl_axes *a = pl_gca(ev);
	if (!a)
		return NULL;
	struct value *m = pl_axes_method(ev, a, bi->data);
	if (!m)
		return err_occurred(ev) ? NULL : err_set(ev, TY_AttributeError, "module 'matplotlib.pyplot' has no attribute '%s'", bi->name);
	struct value *r = val_call(ev, m, argc, argv, kw);
	val_decref(m);
	return r;
}

static const char *const gca_funcs[][2] = {
	{"plot", "plot"}, {"scatter", "scatter"}, {"bar", "bar"}, {"barh", "barh"}, {"hist", "hist"},
	{"imshow", "imshow"}, {"errorbar", "errorbar"}, {"fill_between", "fill_between"},
	{"fill_betweenx", "fill_betweenx"}, {"axhline", "axhline"}, {"axvline", "axvline"},
	{"text", "text"}, {"xlabel", "set_xlabel"}, {"ylabel", "set_ylabel"}, {"title", "set_title"},
	{"legend", "legend"}, {"grid", "grid"}, {"xlim", "xlim"}, {"ylim", "ylim"},
	{"xscale", "set_xscale"}, {"yscale", "set_yscale"}, {"loglog", "loglog"}, {"semilogx", "semilogx"},
	{"semilogy", "semilogy"}, {"xticks", "xticks"}, {"yticks", "yticks"}, {"axis", "axis"},
	{"cla", "cla"}, {"step", "step"}, {"stem", "stem"}, {"pie", "pie"}, {"contour", "contour"},
	{"contourf", "contourf"}, {"pcolormesh", "pcolormesh"}, {"annotate", "annotate"},
	{"matshow", "matshow"}, {"boxplot", "boxplot"}, {"violinplot", "violinplot"},
	{"quiver", "quiver"}, {"hlines", "hlines"}, {"vlines", "vlines"}, {"axhspan", "axhspan"},
	{"axvspan", "axvspan"}, {"margins", "margins"},
};

static struct value *f_use(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw);
static struct value *f_rc(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			  const struct kwargs *kw);

static const struct { const char *name; builtin_fn fn; } plt_funcs[] = {
	{"figure", f_figure}, {"subplots", f_subplots}, {"subplot", f_subplot}, {"gcf", f_gcf},
	{"gca", f_gca}, {"close", f_close}, {"show", f_show}, {"savefig", f_savefig}, {"clf", f_clf},
	{"suptitle", f_suptitle}, {"tight_layout", f_tight_layout}, {"colorbar", f_colorbar},
	{"subplots_adjust", f_subplots_adjust}, {"ion", f_use}, {"ioff", f_use}, {"draw", f_use},
	{"rc", f_rc},
};

/* ---- the modules ---- */

static struct value *f_use(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	return val_none();
}

/* plt.style.use: the default style only */
static struct value *f_style_use(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	const char *name = argc ? val_as_cstr(argv[0]) : NULL;
	if (name && (!strcmp(name, "default") || !strcmp(name, "fast")))
		return val_none();
	return err_set(ev, TY_NotImplementedError, "matplotlib style '%s' is not supported by Lumen (only 'default')",
		       name ? name : "?");
}

/* plt.rc('font', size=12): rcParams['font.size'] = 12 */
static struct value *f_rc(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			  const struct kwargs *kw)
{
	const char *group = argc ? val_as_cstr(argv[0]) : NULL;
	if (!group)
		return err_set(ev, TY_TypeError, "rc() missing 1 required positional argument: 'group'");
	for (int i = 0; kw && i < kw->n; i++) {
		char key[128];
		snprintf(key, sizeof key, "%s.%s", group, kw->names[i]);
		if (dict_setstr(rc, key, val_incref(kw->vals[i])) < 0)
			return err_nomem(ev);
	}
	return val_none();
}

/* ---- Colormap objects: cm.viridis, plt.get_cmap('hot'); called with
 * values in [0, 1] (ints index the table) they give RGBA ---- */

static struct value *cmap_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			       const struct kwargs *kw);
static struct value *cmap_getattr(struct eval *ev, struct value *self, const char *name);

static char *cmap_repr(struct eval *ev, struct value *self)
{
	char *s;
	if (asprintf(&s, "<matplotlib.colors.ListedColormap object at %p>", (void *)self) < 0)
		return err_nomem(ev);
	return s;
}

static const struct objtype cmap_type = {
	.name = "ListedColormap", .call = cmap_call, .getattr = cmap_getattr, .repr = cmap_repr,
};

int pl_cmap_of(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &cmap_type ? (int)(intptr_t)v->u.obj.p - 1 : -1;
}

static struct value *cmap_value(struct eval *ev, int idx)
{
	struct value *v = val_object_new(&cmap_type, (void *)(intptr_t)(idx + 1));
	return v ? v : err_nomem(ev);
}

static struct pl_color cmap_lookup(int idx, double t, int is_int)
{
	if (is_int) {  /* an integer indexes the N entries (clipped) */
		int n = pl_cmap_size(idx);
		double i = t < 0 ? 0 : t > n - 1 ? n - 1 : t;
		return pl_cmap_at(idx, (i + 0.5) / n);
	}
	return pl_cmap_at(idx, t);
}

static struct value *cmap_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	int idx = pl_cmap_of(self);
	if (argc != 1)
		return err_set(ev, TY_TypeError, "Colormap.__call__() takes 1 positional argument (X) but %d were given", argc);
	double alpha = NAN;   /* none given: the colormap's own */
	if (pl_kw_double(ev, kw, "alpha", &alpha) < 0)
		return NULL;
	struct ndarray *a = arr_borrow(argv[0]);
	int is_int = a ? (a->dtype != DT_FLOAT16 && a->dtype != DT_FLOAT32 && a->dtype != DT_FLOAT64)
		       : (argv[0]->type == VT_INT || argv[0]->type == VT_BOOL);
	if (argv[0]->type == VT_SCALAR) {
		int dt = argv[0]->u.sc.dtype;
		is_int = dt != DT_FLOAT16 && dt != DT_FLOAT32 && dt != DT_FLOAT64;
	}
	if (!a || a->ndim == 0) {
		double t;
		if (val_as_double(ev, argv[0], &t) < 0)
			return NULL;
		struct pl_color c = cmap_lookup(idx, t, is_int);
		union scalar_data d[4] = { { .f = c.r }, { .f = c.g }, { .f = c.b }, { .f = isnan(alpha) ? c.a : alpha } };
		struct value *it[4];
		for (int i = 0; i < 4; i++)
			it[i] = val_scalar(DT_FLOAT64, d[i]);
		return val_tuple_new(4, it);
	}
	int64_t n, shape[8];
	int nd;
	double *t = pl_doubles(ev, argv[0], &n, &nd, shape);
	if (!t)
		return NULL;
	if (nd > 7) {
		free(t);
		return err_set(ev, TY_ValueError, "too many dimensions for a colormap lookup");
	}
	shape[nd] = 4;
	struct ndarray *out = nd_new(ev, &backend_host, DT_FLOAT64, nd + 1, shape);
	if (!out) {
		free(t);
		return NULL;
	}
	double *o = (double *)nd_data(out);
	for (int64_t i = 0; i < n; i++) {
		struct pl_color c = cmap_lookup(idx, t[i], is_int);
		o[4 * i] = c.r;
		o[4 * i + 1] = c.g;
		o[4 * i + 2] = c.b;
		o[4 * i + 3] = isnan(alpha) ? c.a : alpha;
	}
	free(t);
	return arr_wrap(ev, out);
}

static struct value *cmap_reversed(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	int idx = pl_cmap_of(bi->self);
	const struct pl_color *c = pl_cmap_colors(idx);
	if (c) {   /* a ListedColormap: its colours backwards, named NAME_r */
		int n = pl_cmap_size(idx);
		struct pl_color *r = malloc(sizeof *r * (size_t)n);
		char name[256];
		if (!r)
			return err_nomem(ev);
		for (int i = 0; i < n; i++)
			r[i] = c[n - 1 - i];
		snprintf(name, sizeof name, "%.200s_r", pl_cmap_name(idx));
		int k = pl_cmap_add(ev, name, n, r);
		free(r);
		return k < 0 ? NULL : cmap_value(ev, k);
	}
	return cmap_value(ev, idx >= pl_n_cmaps ? idx - pl_n_cmaps : idx + pl_n_cmaps);
}

/* matplotlib.colors.ListedColormap(colors, name='unnamed', N=None):
 * colors a list of colour specs or an (N, 3) / (N, 4) array; N repeats or
 * cuts the list */
static struct value *f_listed_cmap(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	struct value *cv = NULL, *nv = NULL, *Nv = NULL;
	struct pl_color *c = NULL;
	int64_t n = 0, N;
	const char *name = "unnamed";
	(void)bi;
	if (args_parse(ev, "ListedColormap", argc, argv, kw, "colors|name,N", &cv, &nv, &Nv) < 0)
		return NULL;
	if (nv && nv->type != VT_NONE && !(name = val_as_cstr(nv)))
		return err_set(ev, TY_TypeError, "ListedColormap() name must be str");
	if (cv->type == VT_NDARRAY) {
		int64_t shape[8];
		int nd;
		double *d = pl_doubles(ev, cv, &n, &nd, shape);
		if (!d)
			return NULL;
		if (nd != 2 || (shape[1] != 3 && shape[1] != 4) || shape[0] < 1) {
			free(d);
			return err_set(ev, TY_ValueError, "Invalid RGBA argument: colors must be an (N, 3) or (N, 4) array");
		}
		n = shape[0];
		if (!(c = malloc(sizeof *c * (size_t)n))) {
			free(d);
			return err_nomem(ev);
		}
		for (int64_t i = 0; i < n; i++) {
			const double *p = d + i * shape[1];
			c[i] = (struct pl_color){ p[0], p[1], p[2], shape[1] == 4 ? p[3] : 1 };
		}
		free(d);
	} else if (cv->type == VT_LIST || cv->type == VT_TUPLE || cv->type == VT_STR) {
		struct value **items = cv->type == VT_STR ? &cv : cv->u.seq.items;
		n = cv->type == VT_STR ? 1 : (int64_t)cv->u.seq.n;
		if (n < 1)
			return err_set(ev, TY_ValueError, "ListedColormap() needs at least one colour");
		if (n > 1 << 20)
			return err_set(ev, TY_ValueError, "ListedColormap() takes at most %d colours", 1 << 20);
		if (!(c = malloc(sizeof *c * (size_t)n)))
			return err_nomem(ev);
		for (int64_t i = 0; i < n; i++)
			if (pl_color_parse(ev, items[i], &c[i]) < 0) {
				/* matplotlib's to_rgba_array says it so */
				free(c);
				err_clear(ev);
				char *r = val_repr(ev, items[i]);
				if (!r)
					return err_occurred(ev) ? NULL : err_nomem(ev);
				err_set(ev, TY_ValueError, "Invalid RGBA argument: %s", r);
				free(r);
				return NULL;
			}
	} else {
		return err_set(ev, TY_TypeError, "ListedColormap() colors must be a list of colours or an array");
	}
	N = n;
	if (Nv && Nv->type != VT_NONE) {
		if (val_as_int64(ev, Nv, &N) < 0) {
			free(c);
			return NULL;
		}
		if (N < 1 || N > 1 << 20) {
			free(c);
			return err_set(ev, TY_ValueError, "ListedColormap() N must be between 1 and %d", 1 << 20);
		}
	}
	struct pl_color *all = N == n ? c : malloc(sizeof *all * (size_t)N);
	if (!all) {
		free(c);
		return err_nomem(ev);
	}
	for (int64_t i = 0; all != c && i < N; i++)
		all[i] = c[i % n];
	int k = pl_cmap_add(ev, name, (int)N, all);
	if (all != c)
		free(all);
	free(c);
	return k < 0 ? NULL : cmap_value(ev, k);
}

static struct value *cmap_getattr(struct eval *ev, struct value *self, const char *name)
{
	int idx = pl_cmap_of(self);
	if (!strcmp(name, "name")) {
		char buf[64];
		snprintf(buf, sizeof buf, "%s%s", pl_cmap_name(idx), idx >= pl_n_cmaps && !pl_cmap_colors(idx) ? "_r" : "");
		return val_cstr(buf);
	}
	if (!strcmp(name, "N"))
		return val_int(pl_cmap_size(idx));
	if (!strcmp(name, "reversed"))
		return val_builtin("reversed", cmap_reversed, self, NULL);
	return NULL;
}

static struct value *f_get_cmap(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *v = argc ? argv[0] : pl_kw(kw, "name");
	if (v && pl_cmap_of(v) >= 0)
		return val_incref(v);
	const char *name = v && v->type != VT_NONE ? val_as_cstr(v) : plot_rc_cmap();
	int idx = name ? pl_cmap_find(name) : -1;
	if (idx < 0)
		return err_set(ev, TY_ValueError, "%s is not a valid value for cmap; supported values are 'viridis', 'plasma', 'inferno', 'magma', 'gray', 'hot', 'coolwarm', 'RdBu', ...",
			       name ? name : "?");
	return cmap_value(ev, idx);
}

static struct value *f_to_rgba(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct pl_color c;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "to_rgba() missing 1 required positional argument: 'c'");
	if (pl_color_parse(ev, argv[0], &c) < 0)
		return NULL;
	int n = strcmp(bi->name, "to_rgb") ? 4 : 3;
	if (!strcmp(bi->name, "to_hex")) {
		char buf[16];
		snprintf(buf, sizeof buf, "#%02x%02x%02x", (int)lrint(c.r * 255), (int)lrint(c.g * 255), (int)lrint(c.b * 255));
		return val_cstr(buf);
	}
	/* matplotlib gives alpha as the int 1 when the colour has none */
	struct value *it[4] = { val_float(c.r), val_float(c.g), val_float(c.b), c.a == 1 ? val_int(1) : val_float(c.a) };
	if (n == 3)
		val_decref(it[3]);
	return val_tuple_new((size_t)n, it);
}

static int add_fn(struct value *m, const char *name, builtin_fn fn, void *data)
{
	return module_add(m, name, val_builtin(name, fn, NULL, data));
}

static struct value *rc_new(void)
{
	struct value *d = val_dict_new();
	if (!d)
		return NULL;
	struct value *fs[2] = { val_float(6.4), val_float(4.8) };
	if (dict_setstr(d, "figure.figsize", val_list_new(2, fs)) < 0 ||
	    dict_setstr(d, "figure.dpi", val_float(100.0)) < 0 ||
	    dict_setstr(d, "savefig.dpi", val_cstr("figure")) < 0 ||
	    dict_setstr(d, "lines.linewidth", val_float(1.5)) < 0 ||
	    dict_setstr(d, "lines.markersize", val_float(6.0)) < 0 ||
	    dict_setstr(d, "font.size", val_float(10.0)) < 0 ||
	    dict_setstr(d, "axes.grid", val_bool(0)) < 0 ||
	    dict_setstr(d, "image.cmap", val_cstr("viridis")) < 0 ||
	    dict_setstr(d, "axes.titlesize", val_cstr("large")) < 0 ||
	    dict_setstr(d, "legend.fontsize", val_cstr("medium")) < 0) {
		val_decref(d);
		return NULL;
	}
	return d;
}

double plot_rc_linewidth(void) { return rc_double("lines.linewidth", 1.5); }
double plot_rc_markersize(void) { return rc_double("lines.markersize", 6); }
double plot_rc_fontsize(void) { return rc_double("font.size", 10); }
int plot_rc_grid(void)
{
	struct value *v = rc ? dict_getstr_borrow(rc, "axes.grid") : NULL;
	return v && v->type == VT_BOOL && v->u.i;
}
const char *plot_rc_cmap(void)
{
	struct value *v = rc ? dict_getstr_borrow(rc, "image.cmap") : NULL;
	return v && v->type == VT_STR ? v->u.str->s : "viridis";
}

struct value *plot_module(struct eval *ev, const char *name)
{
	struct value *m = NULL;
	if (!strcmp(name, "matplotlib")) {
		if (!rc && !(rc = rc_new()))
			return err_nomem(ev);
		m = val_module_new("matplotlib");
		struct value *reg = val_dict_new();  /* matplotlib.colormaps['name'] */
		if (!reg) {
			val_decref(m);
			return err_nomem(ev);
		}
		for (int i = 0; i < 2 * pl_n_cmaps; i++) {
			char nm[64];
			snprintf(nm, sizeof nm, "%s%s", pl_cmap_tables[i % pl_n_cmaps].name, i >= pl_n_cmaps ? "_r" : "");
			struct value *c = cmap_value(ev, i);
			if (!c || dict_setstr(reg, nm, c) < 0) {
				val_decref(reg);
				val_decref(m);
				return c ? err_nomem(ev) : NULL;
			}
		}
		if (!m || module_add(m, "colormaps", reg) < 0 || module_add(m, "rcParams", val_incref(rc)) < 0 ||
		    module_add(m, "__version__", val_cstr("3.11.2")) < 0 || add_fn(m, "use", f_use, NULL) < 0)
			goto nomem;
		static const char *const subs[] = { "pyplot", "colors", "cm", NULL };
		for (int i = 0; subs[i]; i++) {
			char full[64];
			snprintf(full, sizeof full, "matplotlib.%s", subs[i]);
			struct value *s = ev_import(ev, full);
			if (!s) {
				val_decref(m);
				return NULL;
			}
			if (module_add(m, subs[i], s) < 0)
				goto nomem;
		}
		return m;
	}
	if (!strcmp(name, "matplotlib.pyplot")) {
		if (!rc && !(rc = rc_new()))
			return err_nomem(ev);
		m = val_module_new("matplotlib.pyplot");
		if (!m || module_add(m, "rcParams", val_incref(rc)) < 0)
			goto nomem;
		for (size_t i = 0; i < sizeof plt_funcs / sizeof plt_funcs[0]; i++)
			if (add_fn(m, plt_funcs[i].name, plt_funcs[i].fn, NULL) < 0)
				goto nomem;
		for (size_t i = 0; i < sizeof gca_funcs / sizeof gca_funcs[0]; i++)
			if (add_fn(m, gca_funcs[i][0], f_on_gca, (void *)gca_funcs[i][1]) < 0)
				goto nomem;
		if (add_fn(m, "get_cmap", f_get_cmap, NULL) < 0)
			goto nomem;
		struct value *style = val_module_new("matplotlib.style");
		if (!style || add_fn(style, "use", f_style_use, NULL) < 0 || module_add(m, "style", style) < 0) {
			if (!style)
				goto nomem;
			val_decref(m);
			return err_nomem(ev);
		}
		struct value *cm = ev_import(ev, "matplotlib.cm");
		if (!cm) {
			val_decref(m);
			return NULL;
		}
		if (module_add(m, "cm", cm) < 0)
			goto nomem;
		return m;
	}
	if (!strcmp(name, "matplotlib.colors")) {
		m = val_module_new("matplotlib.colors");
		if (!m || add_fn(m, "to_rgba", f_to_rgba, NULL) < 0 || add_fn(m, "to_rgb", f_to_rgba, NULL) < 0 ||
		    add_fn(m, "to_hex", f_to_rgba, NULL) < 0 || add_fn(m, "ListedColormap", f_listed_cmap, NULL) < 0)
			goto nomem;
		return m;
	}
	if (!strcmp(name, "matplotlib.cm")) {
		m = val_module_new("matplotlib.cm");
		if (!m || add_fn(m, "get_cmap", f_get_cmap, NULL) < 0)
			goto nomem;
		for (int i = 0; i < pl_n_cmaps; i++) {
			char rname[64];
			snprintf(rname, sizeof rname, "%s_r", pl_cmap_tables[i].name);
			struct value *c = cmap_value(ev, i), *r = c ? cmap_value(ev, i + pl_n_cmaps) : NULL;
			if (!r) {
				val_decref(c);
				val_decref(m);
				return NULL;
			}
			if (module_add(m, pl_cmap_tables[i].name, c) < 0 || module_add(m, rname, r) < 0)
				goto nomem;
		}
		return m;
	}
	if (!strcmp(name, "matplotlib_inline") || !strcmp(name, "matplotlib_inline.backend_inline")) {
		m = val_module_new(name);
		if (!m || add_fn(m, "set_matplotlib_formats", plot_fn_set_formats, NULL) < 0)
			goto nomem;
		if (!strcmp(name, "matplotlib_inline")) {
			struct value *sub = ev_import(ev, "matplotlib_inline.backend_inline");
			if (!sub) {
				val_decref(m);
				return NULL;
			}
			if (module_add(m, "backend_inline", sub) < 0)
				goto nomem;
		}
		return m;
	}
	if (!strncmp(name, "matplotlib.", 11) || !strncmp(name, "mpl_toolkits", 12))
		return err_set(ev, TY_ModuleNotFoundError, "No module named '%s' (Lumen's matplotlib has pyplot, colors and cm)", name);
	return NULL;
nomem:
	val_decref(m);
	return err_nomem(ev);
}
