/*
 * plot.h — the plot room's private header: the figure model that the
 * matplotlib.pyplot front end (plot_pyplot.c, plot_axes.c) builds and the
 * Cairo renderer (plot_draw.c) draws.  Nothing here knows Python values but
 * the front-end prototypes at the bottom; the door of the room for the rest
 * of the engine is plot_module() / plot_flush() (plot_api.h).
 */
#ifndef LUMEN_PLOT_H
#define LUMEN_PLOT_H

#include <stdint.h>
#include "lang/value.h"

struct pl_color { double r, g, b, a; };

/* ---- colours and colormaps (plot_color.c) ---- */
/* Parses a matplotlib colour spec ('r', 'C3', '#1f77b4', 'tab:blue', 'gray',
 * '0.5', (r, g, b[, a])): 0, or -1 with ValueError set. */
int pl_color_parse(struct eval *ev, struct value *v, struct pl_color *out);
int pl_color_name(const char *s, struct pl_color *out); /* 0 found, -1 not */
struct pl_color pl_cycle_color(int i);                  /* the tab10 cycle */
/* colormap by name (a trailing "_r" reverses it): index, or -1 */
int pl_cmap_find(const char *name);
const char *pl_cmap_name(int cmap);
/* a session colormap of n colours (ListedColormap): its index, or -1 with
 * the error set; its size (256 for the tables) and colours (NULL for them) */
int pl_cmap_add(struct eval *ev, const char *name, int n, const struct pl_color *c);
int pl_cmap_size(int cmap);
const struct pl_color *pl_cmap_colors(int cmap);
/* t in [0, 1] (NaN: transparent) to RGBA */
struct pl_color pl_cmap_at(int cmap, double t);
/* the generated tables (gen/plot_tables.c) */
struct pl_named_color { const char *name; double r, g, b; };
extern const struct pl_named_color pl_named_colors[];
extern const int pl_n_named_colors;
struct pl_cmap_table { const char *name; const double (*rgb)[3]; };
extern const struct pl_cmap_table pl_cmap_tables[];
extern const int pl_n_cmaps;

/* ---- the model ---- */
enum pl_kind { PK_LINE, PK_SCATTER, PK_BARS, PK_IMAGE, PK_FILL, PK_TEXT,
	       PK_HLINE, PK_VLINE, PK_ERRBAR, PK_STEP, PK_HSPAN, PK_VSPAN };
enum pl_ls { LS_NONE, LS_SOLID, LS_DASHED, LS_DASHDOT, LS_DOTTED };

struct pl_artist {
	enum pl_kind kind;
	char *label;                /* legend label, NULL: none */
	int64_t n;
	double *x, *y;              /* line/scatter points; bars: position, length */
	double *y2;                 /* fill lower curve; bars: base; errbar: err */
	double *w;                  /* bars: widths; scatter: sizes (pt^2) */
	double *c;                  /* scatter: values through the colormap */
	double *xerr;               /* errbar: x errors */
	int horizontal;             /* barh / fill_betweenx */
	struct pl_color color;      /* line or face colour (alpha folded in) */
	struct pl_color edge;       /* bars/scatter edge; a == 0: none */
	double lw;                  /* points */
	enum pl_ls ls;
	char marker;                /* 0: none; 'o' '.' 's' '^' 'v' '<' '>' 'x' '+' '*' 'D' 'd' 'p' 'h' ',' '|' '_' */
	double ms;                  /* marker size, points */
	int filled_step;            /* PK_STEP: stepfilled */
	/* images */
	int rows, cols, rgb;        /* rgb: data holds rows*cols*4 RGBA in [0,1] */
	double *data;
	double extent[4];           /* left, right, bottom, top */
	int cmap;
	double vmin, vmax;
	int log_norm;
	int nearest;                /* 1 nearest, 0 smooth (antialiased downsampling) */
	/* text */
	char *text;
	double fontsize;            /* points */
	char ha, va;                /* 'l' 'c' 'r' / 't' 'c' 'b' 'B'(baseline) */
	int axes_coords;            /* text / lines in axes fraction */
	double rotation;
	double xmin, xmax;          /* axhline span (axes fraction) */
	int zorder;
	int no_legend;              /* legend(handles=...) left it out */
	int bold;                   /* text: fontweight='bold' */
};

struct pl_ticks {
	int set;                    /* user ticks given */
	int n;
	double *v;
	char **labels;              /* NULL: formatted */
	double rotation;
};

struct pl_figure;
struct pl_axes {
	struct pl_figure *fig;
	double slot[4];             /* left, bottom, width, height (figure fraction) */
	int row0, row1, col0, col1; /* grid cells (half-open) in the figure's grid */
	int nrows, ncols;
	struct pl_artist *art;
	int nart, cap;
	int cycle, pcycle;          /* the line and patch colour cycles */
	double xlim[2], ylim[2];
	int xlim_set, ylim_set;
	double margin[2];           /* x, y autoscale margins (fraction) */
	int xlog, ylog;
	int aspect_equal;
	double aspect;              /* aspect_equal: the ratio */
	char *title, *xlabel, *ylabel;
	double title_fs, xlabel_fs, ylabel_fs; /* points; 0: the default size */
	int title_bold, xlabel_bold, ylabel_bold;
	char *title_loc;
	struct pl_ticks xt, yt;
	int grid_x, grid_y;
	int grid_minor;             /* which='both' / 'minor': minor lines too (log axes) */
	struct pl_color grid_color;
	enum pl_ls grid_ls;
	double grid_lw;
	int legend, legend_loc, legend_ncol;
	double legend_fs;
	char *legend_title;
	int legend_frame;
	int axis_off;
	int hide_xtl, hide_ytl;     /* shared axes: inner tick labels hidden */
	struct pl_axes *sharex, *sharey; /* the group's leader, or NULL */
	/* colorbar axes */
	int is_cbar;
	int cb_cmap;
	double cb_vmin, cb_vmax;
	int cb_log;
	char *cb_label;
	int cb_horizontal;
	struct pl_axes *cb_parent;
	/* the last layout (pixels, y down): what plot_draw computed */
	double px[4];               /* x0, y0 (top), w, h */
	double ax_xlim[2], ax_ylim[2];
	int facecolor_set;
	struct pl_color facecolor;
};

struct pl_figure {
	int refcnt;
	int num;                    /* plt.figure(num) */
	double w, h, dpi;           /* inches, dots per inch */
	struct pl_axes **ax;
	int nax;
	char *suptitle;
	double suptitle_fs;
	int suptitle_bold;
	int tight;
	double sp[4];               /* left, bottom, right, top */
	double wspace, hspace;
	int shown;                  /* drawn since the last change */
	struct pl_color face;
};

/* model helpers (plot_model.c) */
struct pl_figure *pl_figure_new(double w, double h, double dpi);
void pl_figure_decref(struct pl_figure *f);
struct pl_axes *pl_axes_add(struct pl_figure *f, int nrows, int ncols, int r0, int r1, int c0, int c1);
struct pl_artist *pl_artist_add(struct pl_axes *a, enum pl_kind kind);
void pl_axes_clear(struct pl_axes *a);
void pl_axes_slot(const struct pl_figure *f, struct pl_axes *a);
void pl_ticks_free(struct pl_ticks *t);

/* data limits and view limits (plot_limits.c) */
void pl_axes_view(struct pl_axes *a, double xl[2], double yl[2]);

/* tick locators and formatters (plot_ticks.c).  Fills up to max ticks in
 * v (those within the view, ascending); labels as UTF-8 into lab[i]
 * (64 bytes each) and the offset/exponent text into off. */
int pl_ticks_linear(double lo, double hi, int nbins, double *v, int max, char lab[][64], char *off, size_t offn);
int pl_ticks_log(double lo, double hi, int numticks, double *v, int max, char lab[][64], double *minor, int *nminor, int maxminor);

/* rendering (plot_draw.c): fmt "png", "svg" or "pdf"; to a file (path) or
 * into *out / *outlen (malloc'd): 0, or -1 with the error set */
int pl_render(struct eval *ev, struct pl_figure *f, const char *fmt, const char *path,
	      double dpi, char **out, size_t *outlen);

/* per-column min/max reduction of a line's points sorted by x (plot_reduce.c):
 * x NULL means 0, 1, 2 ...; writes at most 4 points per column (ox/oy hold
 * 4 * columns + 8); returns the count kept */
int64_t pl_reduce_minmax(const double *x, const double *y, int64_t n, double x0, double x1,
			 int columns, double *ox, double *oy);
/* the same over whole arrays of any backend (x NULL: 0 .. n-1), into
 * malloc'd *ox / *oy (*on points) over `columns` columns of the data's x
 * range: 1 reduced, 0 not reducible (x unsorted), -1 error.  The entry a
 * device backend implements for lines of 1e8 points. */
struct ndarray;
int pl_reduce_array(struct eval *ev, const struct ndarray *x, const struct ndarray *y, int columns,
		    double **ox, double **oy, int64_t *on);
#define PL_REDUCE_MIN (1 << 20)   /* lines longer than this are reduced at plot() */
#define PL_REDUCE_COLUMNS 8192

/* the front end (plot_pyplot.c / plot_axes.c) */
struct value *pl_axes_value(struct eval *ev, struct pl_axes *a);
struct pl_axes *pl_axes_of(struct value *v);
struct pl_figure *pl_figure_of(struct value *v);
struct value *pl_figure_value(struct eval *ev, struct pl_figure *f);
struct value *pl_axes_method(struct eval *ev, struct pl_axes *a, const char *name);
struct pl_axes *pl_gca(struct eval *ev);
struct pl_figure *pl_gcf(struct eval *ev);
/* a Colormap object (plot_pyplot.c): its index, or -1 for any other value */
int pl_cmap_of(struct value *v);
/* doubles of an array-like (host or device array, list, scalar): malloc'd,
 * *n items (flattened); ndim/shape when wanted */
double *pl_doubles(struct eval *ev, struct value *v, int64_t *n, int *ndim, int64_t *shape);
struct value *pl_kw(const struct kwargs *kw, const char *name);
int pl_kw_double(struct eval *ev, const struct kwargs *kw, const char *name, double *out);
const char *pl_kw_str(const struct kwargs *kw, const char *name);
void pl_touch(struct pl_figure *f);

#endif
