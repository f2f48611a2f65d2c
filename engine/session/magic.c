/*
 * magic.c — IPython-style magics: the dispatch table (name, line/cell, handler,
 * usage, docstring), %lsmagic, and the UsageError of an unknown magic as
 * IPython words it.  The handlers live in magic_timeit.c (%time, %timeit)
 * and magic_mem.c (%memgetinfo, %free, %device, %who, %whos, %reset).
 * Runs code only through the evaluator (ev_compile / ev_run).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "session/magic_int.h"
#include "plot/plot_api.h"

static int magic_lsmagic(struct eval *ev, const char *args, const char *cell,
			 struct value **result);
static int magic_config(struct eval *ev, const char *args, const char *cell,
			struct value **result);
static int magic_matplotlib(struct eval *ev, const char *args, const char *cell,
			    struct value **result);

/* one row per magic, sorted by name (as %lsmagic lists them) */
const struct magic_def magic_table[] = {
	{"config", MAGIC_LINE, magic_config, "%config Class.trait = value",
	 "Configures the kernel.  Lumen knows InlineBackend.figure_formats (or\n"
	 "figure_format): ['png'] (the default) or ['svg'], the format figures are\n"
	 "shown in."},
	{"device", MAGIC_LINE, magic_device, "%device",
	 "Shows the GPU Lumen uses: name, compute capability, multiprocessors,\n"
	 "memory, CUDA driver and runtime versions (or says that cp runs on the host)."},
	{"free", MAGIC_LINE, magic_free, "%free",
	 "Releases the cached blocks of the device and pinned memory pools\n"
	 "(cupy.get_default_memory_pool().free_all_blocks())."},
	{"lsmagic", MAGIC_LINE, magic_lsmagic, "%lsmagic", "List currently available magic functions."},
	{"matplotlib", MAGIC_LINE, magic_matplotlib, "%matplotlib [inline]",
	 "Sets the matplotlib backend.  Lumen draws figures inline (the only\n"
	 "backend): %matplotlib and %matplotlib inline are accepted."},
	{"memgetinfo", MAGIC_LINE, magic_memgetinfo, "%memgetinfo",
	 "Shows device memory (free / total), the memory pool's used and held bytes\n"
	 "and free blocks, and the pinned host pool (text, and an HTML bar)."},
	{"reset", MAGIC_LINE, magic_reset, "%reset [-f]",
	 "Resets the namespace by removing all names defined by the user.\n\n"
	 "Options\n  -f : force reset without asking for confirmation."},
	{"time", MAGIC_LINE | MAGIC_CELL, magic_time, "%time [statement]",
	 "Time execution of a Python statement or expression.\n\n"
	 "The CPU and wall clock times are printed, and the value of the\n"
	 "expression (if any) is returned.  The device is synchronised before\n"
	 "the clock stops, so GPU work is counted.  %%time times a whole cell."},
	{"timeit", MAGIC_LINE | MAGIC_CELL, magic_timeit,
	 "%timeit [-n<N> -r<R> [-t|-c] -q -p<P> -o] statement",
	 "Time execution of a Python statement or expression\n\n"
	 "Usage, in line mode:\n  %timeit [-n<N> -r<R> [-t|-c] -q -p<P> -o] statement\n"
	 "or in cell mode:\n  %%timeit [-n<N> -r<R> [-t|-c] -q -p<P> -o] setup_code\n  code\n  code...\n\n"
	 "Options:\n"
	 "-n<N>: execute the given statement <N> times in a loop. If <N> is not\n"
	 "provided, <N> is determined so as to get sufficient accuracy.\n\n"
	 "-r<R>: number of repeats <R>, each consisting of <N> loops, and take the\n"
	 "average result.\nDefault: 7\n\n"
	 "-t: use the wall clock (always the case in Lumen).\n\n"
	 "-c, --compare: also time the statement on the CPU baseline (cp rebound to\n"
	 "numpy, every device array it names copied to the host once, untimed) and\n"
	 "print both lines and the speed-up.\n\n"
	 "-p<P>: use a precision of <P> digits to display the timing result.\nDefault: 3\n\n"
	 "-q: Quiet, do not print result.\n\n"
	 "-o: return a TimeitResult that can be stored in a variable to inspect\n"
	 "the result in more details.\n\n"
	 "The device is synchronised at the end of each run, so GPU work is counted."},
	{"who", MAGIC_LINE, magic_who, "%who [type ...]",
	 "Print all interactive variables, with some minimal formatting.\n\n"
	 "If any arguments are given, only variables whose type matches one of\n"
	 "these are printed."},
	{"whos", MAGIC_LINE, magic_whos, "%whos [type ...]",
	 "Like %who, but gives some extra information about each variable:\n"
	 "its type, and for arrays shape, dtype, bytes and device."},
	{NULL, 0, NULL, NULL, NULL},
};

const char *const magic_names[] = {
	"config", "device", "free", "lsmagic", "matplotlib", "memgetinfo", "reset", "time", "timeit", "who", "whos", NULL,
};

const struct magic_def *magic_find(const char *name)
{
	for (const struct magic_def *m = magic_table; m->name; m++)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

static int magic_lsmagic(struct eval *ev, const char *args, const char *cell,
			 struct value **result)
{
	struct sbuf b = {0};
	sb_adds(&b, "Available line magics:\n");
	int first = 1;
	for (const struct magic_def *m = magic_table; m->name; m++)
		if (m->kinds & MAGIC_LINE) {
			sb_printf(&b, "%s%%%s", first ? "" : "  ", m->name);
			first = 0;
		}
	sb_adds(&b, "\n\nAvailable cell magics:\n");
	first = 1;
	for (const struct magic_def *m = magic_table; m->name; m++)
		if (m->kinds & MAGIC_CELL) {
			sb_printf(&b, "%s%%%%%s", first ? "" : "  ", m->name);
			first = 0;
		}
	sb_adds(&b, "\n\nAutomagic is OFF, % prefix IS needed for line magics.\n");
	char *s = sb_take(&b);
	if (!s) {
		err_nomem(ev);
		return -1;
	}
	magic_out(ev, s);
	free(s);
	return 0;
}

char *magic_doc(const char *name)
{
	while (*name == '%')
		name++;
	const struct magic_def *m = magic_find(name);
	if (!m)
		return NULL;
	struct sbuf b = {0};
	sb_printf(&b, "Docstring:\n%s\n\n%s\nFile:      engine/session/magic.c\n", m->usage, m->doc);
	return sb_take(&b);
}

int magic_run(struct eval *ev, const char *line, const char *cell, struct value **result)
{
	char name[64];
	size_t n = 0;
	if (result)
		*result = NULL;
	while (*line == ' ')
		line++;
	while (line[n] && !isspace((unsigned char)line[n]) && n < sizeof name - 1) {
		name[n] = line[n];
		n++;
	}
	name[n] = 0;
	const char *args = line + n;
	while (*args == ' ' || *args == '\t')
		args++;
	/* `%timeit?`: the magic's docstring */
	if (n > 1 && name[n - 1] == '?' && !cell) {
		name[n - 1] = 0;
		char *d = magic_doc(name);
		if (d) {
			if (ev->sink && ev->sink->page) {
				struct engine_bundle b = { 1, {"text/plain"}, {d}, {strlen(d)} };
				ev->sink->page(ev->sink->ctx, &b);
			} else {
				magic_out(ev, d);
			}
			free(d);
			return 0;
		}
		name[n - 1] = '?';
	}
	const struct magic_def *m = magic_find(name);
	if (m && (m->kinds & (cell ? MAGIC_CELL : MAGIC_LINE)))
		return m->fn(ev, args, cell, result);
	if (cell)
		err_set(ev, TY_UsageError, "Cell magic `%%%%%s` not found.", name);
	else
		err_set(ev, TY_UsageError, "Line magic function `%%%s` not found.", name);
	return -1;
}

/* %config InlineBackend.figure_formats = ['svg'] (figure_format = 'svg') */
static int magic_config(struct eval *ev, const char *args, const char *cell,
			struct value **result)
{
	const char *p = args;
	if (!strncmp(p, "InlineBackend.figure_format", 27)) {
		p += 27;
		if (*p == 's')
			p++;
		while (*p == ' ')
			p++;
		if (*p == '=') {
			int svg = strstr(p, "svg") != NULL, png = strstr(p, "png") != NULL;
			if (!svg && !png) {
				err_set(ev, TY_ValueError, "Lumen shows figures as 'png' or 'svg', not %s", p + 1);
				return -1;
			}
			plot_set_formats(svg && !png ? 1 : 0);
			return 0;
		}
	}
	err_set(ev, TY_UsageError, "%%config: Lumen knows InlineBackend.figure_formats = ['png'] or ['svg'], not '%s'", args);
	return -1;
}

/* %matplotlib [inline]: the only backend */
static int magic_matplotlib(struct eval *ev, const char *args, const char *cell,
			    struct value **result)
{
	while (*args == ' ')
		args++;
	if (*args && strncmp(args, "inline", 6)) {
		err_set(ev, TY_NotImplementedError, "%%matplotlib %s: Lumen draws figures inline only", args);
		return -1;
	}
	return 0;
}
