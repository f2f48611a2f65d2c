/*
 * plot_api.h — the door of the plot room (matplotlib in C on Cairo): the
 * modules an import asks for, the inline backend's end-of-cell hook, and
 * the figure format the %config magic sets.  Implemented in plot_pyplot.c
 * (or plot_none.c in a build without Cairo).
 */
#ifndef LUMEN_PLOT_API_H
#define LUMEN_PLOT_API_H

#include "lang/value.h"

/* "matplotlib", "matplotlib.pyplot", ...: a new module; NULL with no error
 * for any other name; NULL with ImportError in a build without Cairo */
struct value *plot_module(struct eval *ev, const char *name);
/* the end of a cell (and plt.show()): every open figure goes to the sink as
 * display_data, then closes; nothing without a sink.  0, or -1 with the error set */
int plot_flush(struct eval *ev);
/* InlineBackend.figure_formats: 0 png, 1 svg */
void plot_set_formats(int svg);
/* set_matplotlib_formats(*formats) of IPython.display and matplotlib_inline */
struct value *plot_fn_set_formats(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw);
/* a mappable (AxesImage, PathCollection): its colormap and limits; -1 if v is none */
struct pl_axes;
int plot_mappable(struct value *v, int *cmap, double *vmin, double *vmax, int *logn, struct pl_axes **ax);
/* rcParams the axes read */
double plot_rc_linewidth(void);
double plot_rc_markersize(void);
double plot_rc_fontsize(void);
int plot_rc_grid(void);
const char *plot_rc_cmap(void);

#endif
