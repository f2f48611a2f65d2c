/*
 * magic_int.h — the inside of the magics: the dispatch table magic.c walks
 * and the handlers of magic_timeit.c (%time, %timeit) and magic_mem.c
 * (%memgetinfo, %free, %device, %who, %whos, %reset).  Not for kernel/.
 */
#ifndef LUMEN_MAGIC_INT_H
#define LUMEN_MAGIC_INT_H

struct eval;
struct value;

/* A magic's handler: args is the text after the name (leading blanks
 * skipped), cell the cell body for %%name (NULL for a line magic).  Returns
 * 0 (*result, when result is not NULL, may get a new reference) or -1 with
 * the error set. */
typedef int (*magic_fn)(struct eval *ev, const char *args, const char *cell,
			struct value **result);

enum { MAGIC_LINE = 1, MAGIC_CELL = 2,
       MAGIC_NOEXPAND = 4 /* IPython's @no_var_expand: {x} and $x stay as typed */ };

struct magic_def {
	const char *name;   /* "timeit" */
	int kinds;          /* MAGIC_LINE | MAGIC_CELL */
	magic_fn fn;
	const char *usage;  /* "%timeit [-n<N> -r<R> [-t|-c] -q -p<P> -o] statement" */
	const char *doc;    /* the docstring `%timeit?` shows */
};
/* magic.c: the table, ended by a NULL name, and a lookup by name */
extern const struct magic_def magic_table[];
const struct magic_def *magic_find(const char *name);

/* IPython's _format_time: "1.23 ms", "45.6 µs", "1min 2s" (buf >= 32) */
void magic_format_time(double t, int precision, char *buf, size_t n);
/* Writes s to the cell's stdout. */
void magic_out(struct eval *ev, const char *s);

/* magic_timeit.c */
int magic_time(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_timeit(struct eval *ev, const char *args, const char *cell, struct value **result);

/* magic_mem.c */
int magic_memgetinfo(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_free(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_device(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_who(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_whos(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_reset(struct eval *ev, const char *args, const char *cell, struct value **result);
/* magic_user.c: a magic a cell registered (IPython.core.magic): 0 / -1 as
 * magic_run, -2 when name is none of them */
int magic_user_run(struct eval *ev, const char *name, const char *args, const char *cell,
		   struct value **result);
struct value *magic_user_manager(struct eval *ev);      /* get_ipython().magics_manager */
struct value *magic_user_application(struct eval *ev);  /* IPython.Application */
/* IPython.core / IPython.core.magic; NULL with no error set for other names */
struct value *magic_user_module(struct eval *ev, const char *name);
/* magic_shell.c: `!cmd` (capture 0: streamed, _exit_code set) and `!!cmd` /
 * `x = !cmd` (capture 1: *result an SList); %%bash, %%sh; var_expand ({expr},
 * $name: IPython's DollarFormatter; the line unchanged where it fails) */
struct sbuf;
int magic_shell(struct eval *ev, const char *cmd, int capture, struct value **result);
int magic_spawn(struct eval *ev, char *const argv[], const char *input, int capture,
		struct sbuf *out, int *status);
char *magic_var_expand(struct eval *ev, const char *cmd);
/* IPython's default aliases (%ls, %ll, %cat, %mkdir ...): the command, or NULL */
const char *magic_alias(const char *name);
int magic_run_alias(struct eval *ev, const char *cmd, const char *args);
int magic_bash(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_sh(struct eval *ev, const char *args, const char *cell, struct value **result);

/* magic_sys.c */
int magic_env(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_set_env(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_cd(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_pwd(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_writefile(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_html(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_javascript(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_runfile(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_load_ext(struct eval *ev, const char *args, const char *cell, struct value **result);
/* get_ipython() in the builtins (engine_new): 0, or -1 on OOM */
int magic_install_builtins(struct eval *ev);
int magic_capture(struct eval *ev, const char *args, const char *cell, struct value **result);
int magic_autoreload(struct eval *ev, const char *args, const char *cell, struct value **result);

/* The text `%name?` shows (malloc'd), or NULL when name is no magic. */
char *magic_doc(const char *name);

#endif
