/*
 * plot_none.c — the plot room's door in a build without Cairo and Pango:
 * `import matplotlib` is an ImportError that says so; nothing is drawn.
 */
#include <string.h>
#include "lang/error.h"
#include "plot/plot_api.h"

struct value *plot_module(struct eval *ev, const char *name)
{
	if (strcmp(name, "matplotlib") && strncmp(name, "matplotlib.", 11))
		return NULL;
	return err_set(ev, TY_ImportError, "matplotlib is not available: this Lumen was built without Cairo and Pango (install libcairo2-dev and libpango1.0-dev, then configure again)");
}

int plot_flush(struct eval *ev) { return 0; }
void plot_set_formats(int svg) { (void)svg; }

struct value *plot_fn_set_formats(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return err_set(ev, TY_ImportError, "matplotlib is not available: this Lumen was built without Cairo and Pango");
}
