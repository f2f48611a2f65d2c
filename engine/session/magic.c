/*
 * magic.c — IPython-style magics: the dispatch table (name, line/cell, handler,
 * usage, docstring), %lsmagic, and the UsageError of an unknown magic as
 * IPython words it, `!` lines, and var_expand of the arguments.  The
 * handlers live in magic_timeit.c (%time, %timeit), magic_mem.c
 * (%memgetinfo, %free, %device, %who, %whos, %reset), magic_shell.c (`!`,
 * %%bash, %%sh) and magic_sys.c (%env, %cd, %pwd, %%writefile, %run, ...).
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
	{"autoreload", MAGIC_LINE, magic_autoreload, "%autoreload [mode]",
	 "Accepted for IPython's autoreload extension: Lumen cells import no user\n"
	 "modules from files, so there is never a module to reload (a no-op)."},
	{"bash", MAGIC_CELL, magic_bash, "%%bash [--no-raise-error]",
	 "%%bash script magic\n\nRun cells with bash in a subprocess (the cell on its stdin, its\n"
	 "output streamed).  A non-zero exit raises CalledProcessError unless\n--no-raise-error is given."},
	{"capture", MAGIC_CELL, magic_capture, "%%capture [--no-stderr] [--no-stdout] [--no-display] [output]",
	 "run the cell, capturing stdout, stderr, and IPython's rich display() calls.\n\n"
	 "positional arguments:\n  output        The name of the variable in which to store output.\n"
	 "                This is a utils.io.CapturedIO object with stdout/err\n"
	 "                attributes for the text of the captured output.\n"
	 "                CapturedOutput also has a show() method for displaying the\n"
	 "                output, and __call__ as well, so you can use that to\n"
	 "                quickly display the output.  If unspecified, captured\n"
	 "                output is discarded.  (Lumen: .outputs is a list of\n"
	 "                {mime: data} dicts.)\n\n"
	 "options:\n  --no-stderr   Don't capture stderr.\n  --no-stdout   Don't capture stdout.\n"
	 "  --no-display  Don't capture IPython's rich display."},
	{"cd", MAGIC_LINE, magic_cd, "%cd [-q] [dir]",
	 "Change the current working directory.\n\n"
	 "cd <dir>: changes to directory <dir>.\ncd -: changes to the last visited directory.\n"
	 "cd: changes to the home directory.\n\nOptions:\n  -q  Be quiet: do not print the new directory."},
	{"config", MAGIC_LINE, magic_config, "%config Class.trait = value",
	 "Configures the kernel.  Lumen knows InlineBackend.figure_formats (or\n"
	 "figure_format): ['png'] (the default) or ['svg'], the format figures are\n"
	 "shown in."},
	{"device", MAGIC_LINE, magic_device, "%device [-v]",
	 "Shows the GPU Lumen uses: name, compute capability, multiprocessors,\n"
	 "memory, CUDA driver and runtime versions (or says that cp runs on the host).\n"
	 "-v adds the implicit device-to-host copies made so far and the functions\n"
	 "that made them (cp.cuda.lumen_transfer_count())."},
	{"env", MAGIC_LINE, magic_env, "%env [var [val]]",
	 "Get, set, or list environment variables.\n\nUsage:\n\n"
	 "  %env: lists all environment variables/values\n  %env var: get value for var\n"
	 "  %env var val: set value for var\n  %env var=val: set value for var\n"
	 "  %env var=$val: set value for var, using python expansion if possible"},
	{"free", MAGIC_LINE, magic_free, "%free",
	 "Releases the cached blocks of the device and pinned memory pools\n"
	 "(cupy.get_default_memory_pool().free_all_blocks())."},
	{"html", MAGIC_CELL, magic_html, "%%html",
	 "Render the cell as a block of HTML (text/html)."},
	{"javascript", MAGIC_CELL, magic_javascript, "%%javascript",
	 "Run the cell block of Javascript code in the front end (application/javascript)."},
	{"load_ext", MAGIC_LINE, magic_load_ext, "%load_ext module_str",
	 "Load an IPython extension by its module name.\n\n"
	 "Lumen has no IPython extensions: autoreload is accepted (there is\n"
	 "nothing to reload), any other name is imported and said to be no extension."},
	{"lsmagic", MAGIC_LINE, magic_lsmagic, "%lsmagic", "List currently available magic functions."},
	{"matplotlib", MAGIC_LINE, magic_matplotlib, "%matplotlib [inline]",
	 "Sets the matplotlib backend.  Lumen draws figures inline (the only\n"
	 "backend): %matplotlib and %matplotlib inline are accepted."},
	{"memgetinfo", MAGIC_LINE, magic_memgetinfo, "%memgetinfo",
	 "Shows device memory (free / total), the memory pool's used and held bytes\n"
	 "and free blocks, and the pinned host pool (text, and an HTML bar)."},
	{"pwd", MAGIC_LINE, magic_pwd, "%pwd", "Return the current working directory path."},
	{"reset", MAGIC_LINE, magic_reset, "%reset [-f]",
	 "Resets the namespace by removing all names defined by the user.\n\n"
	 "Options\n  -f : force reset without asking for confirmation."},
	{"run", MAGIC_LINE, magic_runfile, "%run [-i] file",
	 "Run the named file inside IPython as a program.\n\n"
	 "The file runs with __name__ == '__main__' in a fresh namespace whose names\n"
	 "are then loaded into the interactive namespace.\n\n"
	 "Options:\n  -i  run the file in IPython's namespace instead of an empty one."},
	{"set_env", MAGIC_LINE, magic_set_env, "%set_env var val",
	 "Set environment variables.  Assumptions are that either \"val\" is a\n"
	 "name in the user namespace, or val is something that evaluates to a\nstring."},
	{"sh", MAGIC_CELL, magic_sh, "%%sh [--no-raise-error]",
	 "%%sh script magic\n\nRun cells with sh in a subprocess (the cell on its stdin, its\n"
	 "output streamed).  A non-zero exit raises CalledProcessError unless\n--no-raise-error is given."},
	{"time", MAGIC_LINE | MAGIC_CELL | MAGIC_NOEXPAND, magic_time, "%time [statement]",
	 "Time execution of a Python statement or expression.\n\n"
	 "The CPU and wall clock times are printed, and the value of the\n"
	 "expression (if any) is returned.  The device is synchronised before\n"
	 "the clock stops, so GPU work is counted.  %%time times a whole cell."},
	{"timeit", MAGIC_LINE | MAGIC_CELL | MAGIC_NOEXPAND, magic_timeit,
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
	{"writefile", MAGIC_CELL, magic_writefile, "%%writefile [-a] filename",
	 "Write the contents of the cell to a file.\n\n"
	 "The file will be overwritten unless the -a (--append) flag is specified.\n\n"
	 "positional arguments:\n  filename      file to write\n\n"
	 "options:\n  -a, --append  Append contents of the cell to an existing file. The\n"
	 "                file will be created if it does not exist."},
	{NULL, 0, NULL, NULL, NULL},
};

const char *const magic_names[] = {
	"autoreload", "cat", "cd", "config", "cp", "device", "env", "free", "ldir", "lf", "lk", "ll",
	"load_ext", "ls", "lsmagic", "lx", "matplotlib", "memgetinfo", "mkdir", "mv", "pwd", "reset",
	"rm", "rmdir", "run", "set_env", "time", "timeit", "who", "whos", NULL,
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
	static const char *const alias_names[] = {"cat", "cp", "ldir", "lf", "lk", "ll", "ls", "lx",
						  "mkdir", "mv", "rm", "rmdir", NULL};
	for (int i = 0; alias_names[i]; i++)
		sb_printf(&b, "  %%%s", alias_names[i]);
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
	int ur = magic_user_run(ev, name, args, cell, result);
	if (ur != -2)
		return ur;
	const struct magic_def *m = magic_find(name);
	if (m && (m->kinds & (cell ? MAGIC_CELL : MAGIC_LINE))) {
		if (m->kinds & MAGIC_NOEXPAND)
			return m->fn(ev, args, cell, result);
		char *x = magic_var_expand(ev, args);
		if (!x)
			return -1;
		int rc = m->fn(ev, x, cell, result);
		free(x);
		return rc;
	}
	const char *alias = cell ? NULL : magic_alias(name);
	if (alias)
		return magic_run_alias(ev, alias, args);
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
	/* another backend (widget, notebook, qt ...) is taken as inline, so
	 * notebooks written for one keep running */
	if (*args && strncmp(args, "inline", 6)) {
		char note[160];
		int n = snprintf(note, sizeof note,
				 "Lumen draws figures inline only: %%matplotlib %.80s is taken as inline\n", args);
		ev_write(ev, 2, note, n < 0 ? 0 : (size_t)n < sizeof note ? (size_t)n : sizeof note - 1);
	}
	return 0;
}

int magic_line(struct eval *ev, const char *text, int assigned, struct value **result)
{
	if (result)
		*result = NULL;
	while (*text == ' ' || *text == '\t')
		text++;
	if (text[0] == '!') {
		/* `!!cmd`: the output as a value; `x = !cmd` likewise */
		int capture = assigned || text[1] == '!';
		const char *cmd = text + 1 + (text[1] == '!');
		return magic_shell(ev, cmd, capture, capture ? result : NULL);
	}
	if (text[0] == '%' && text[1] == '%') {
		err_set(ev, TY_UsageError, "Cell magic `%s` not found (cell magics must start the cell).", text);
		return -1;
	}
	return magic_run(ev, text + 1, NULL, result);
}
