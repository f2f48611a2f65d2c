/*
 * display.h — IPython's display machinery for cells (display.c): the
 * display() and clear_output() builtins, DisplayHandle objects, and the
 * IPython / IPython.display modules.  In a kernel they go to the sink as
 * display_data / update_display_data / clear_output; with no sink (`lumen
 * run FILE.py`) they print what IPython prints outside a shell.
 */
#ifndef LUMEN_DISPLAY_H
#define LUMEN_DISPLAY_H

#include "lang/value.h"

/* display(*objs, include=, exclude=, display_id=, raw=, clear=, update=) */
struct value *display_call(struct eval *ev, int argc, struct value **argv,
			   const struct kwargs *kw);
/* clear_output(wait=False) */
struct value *display_clear_output(struct eval *ev, int argc, struct value **argv,
				   const struct kwargs *kw);
/* "IPython" or "IPython.display": a new module; NULL with no error for
 * any other name */
struct value *display_module(struct eval *ev, const char *name);

/* text/html of an ndarray for rich display (malloc'd), or NULL: the
 * session registers it as lang_hooks.html. */
char *arr_html(struct eval *ev, struct value *v);

#endif
