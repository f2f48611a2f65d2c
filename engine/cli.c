/*
 * cli.c — the `lumen` program: `lumen run FILE.py` runs a file as one cell
 * and prints what CPython would (errors as a Python traceback on stderr,
 * exit status 1); `lumen run NB.ipynb` runs a notebook's code cells;
 * bare `lumen` is a line REPL; `lumen --version` names the build.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "engine/engine.h"
#include "kernel/kspec.h" /* lumen kernelspec install */

static struct engine *cli_engine;

static void on_sigint(int sig)
{
	(void)sig;
	if (cli_engine)
		engine_interrupt(cli_engine);
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
		if (r == 0)
			break;
		if (n + 1 >= cap) {
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	if (f != stdin)
		fclose(f);
	if (buf) {
		buf[n] = 0;
		*len = n;
	}
	return buf;
}

/* the sink of every front end here: print everything */
static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	(void)ctx;
	if (fd == 2) {
		fflush(stdout);
		fwrite(text, 1, len, stderr);
	} else {
		fwrite(text, 1, len, stdout);
	}
}

static void s_display(void *ctx, const struct engine_bundle *b, int is_result,
		      const char *display_id, int update)
{
	(void)ctx; (void)display_id; (void)update; (void)is_result;
	for (int i = 0; i < b->n; i++)
		if (strcmp(b->mime[i], "text/plain") == 0) {
			fwrite(b->data[i], 1, b->len[i], stdout);
			fputc('\n', stdout);
			return;
		}
}

static void s_page(void *ctx, const struct engine_bundle *b)
{
	(void)ctx;
	for (int i = 0; i < b->n; i++)
		if (strcmp(b->mime[i], "text/plain") == 0) {
			fwrite(b->data[i], 1, b->len[i], stdout);
			if (b->len[i] && b->data[i][b->len[i] - 1] != '\n')
				fputc('\n', stdout);
			return;
		}
}

static char *s_input(void *ctx, const char *prompt, int password)
{
	(void)ctx; (void)password;
	fputs(prompt, stdout);
	fflush(stdout);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, stdin);
	if (n < 0) {
		free(line);
		return NULL;
	}
	if (n && line[n - 1] == '\n')
		line[n - 1] = 0;
	return line;
}

/* exit() / quit(): a script or the REPL ends there, as Python's do */
static void s_ask_exit(void *ctx, int keep_kernel)
{
	(void)ctx; (void)keep_kernel;
	exit(engine_exit(0));
}

static const struct engine_sink cli_sink = {
	.stream = s_stream, .display = s_display, .page = s_page, .input = s_input,
	.ask_exit = s_ask_exit,
};

static void print_error(struct engine_error *err)
{
	fflush(stdout);
	for (int i = 0; i < err->ntraceback; i++)
		fprintf(stderr, "%s\n", err->traceback[i]);
}

/* `lumen run FILE.py`: the file is one cell run through engine_execute, the
 * path the kernel takes, as a script (CPython's traceback on stderr, status 1;
 * 130 after a KeyboardInterrupt). */
static int run_py(const char *path)
{
	size_t len;
	char *src = read_file(path, &len);
	if (!src) {
		fprintf(stderr, "lumen: can't open file '%s': [Errno 2] No such file or directory\n", path);
		return 2;
	}
	if (strlen(src) != len) {
		fprintf(stderr, "SyntaxError: source code cannot contain null bytes\n");
		free(src);
		return 1;
	}
	struct engine *e = engine_new(NULL);
	if (!e) {
		free(src);
		fprintf(stderr, "lumen: out of memory\n");
		return 1;
	}
	cli_engine = e;
	signal(SIGINT, on_sigint);
	struct engine_exec_opts opt = { 0, 0, 1, 0, path };
	struct engine_error err;
	int status = 0;
	if (engine_execute(e, src, &opt, &cli_sink, &err) < 0) {
		print_error(&err);
		status = err.ename && strcmp(err.ename, "KeyboardInterrupt") == 0 ? 130 : 1;
		engine_error_clear(&err);
	}
	free(src);
	fflush(stdout);
	cli_engine = NULL;
	engine_free(e);
	return status;
}

static int run_ipynb(const char *path)
{
	json_error_t je;
	json_t *nb = json_load_file(path, 0, &je);
	if (!nb) {
		fprintf(stderr, "lumen: %s: %s (line %d)\n", path, je.text, je.line);
		return 2;
	}
	json_t *cells = json_object_get(nb, "cells");
	if (!json_is_array(cells)) {
		fprintf(stderr, "lumen: %s: no cells\n", path);
		json_decref(nb);
		return 2;
	}
	struct engine *e = engine_new(NULL);
	if (!e) {
		json_decref(nb);
		return 1;
	}
	cli_engine = e;
	signal(SIGINT, on_sigint);
	int status = 0;
	size_t i;
	json_t *cell;
	json_array_foreach(cells, i, cell) {
		if (strcmp(json_string_value(json_object_get(cell, "cell_type")) ?
			   json_string_value(json_object_get(cell, "cell_type")) : "", "code") != 0)
			continue;
		json_t *src = json_object_get(cell, "source");
		char *code = NULL;
		if (json_is_string(src)) {
			code = strdup(json_string_value(src));
		} else if (json_is_array(src)) {
			size_t k, tot = 0;
			json_t *l;
			json_array_foreach(src, k, l)
				tot += json_string_length(l);
			code = malloc(tot + 1);
			if (code) {
				code[0] = 0;
				size_t o = 0;
				json_array_foreach(src, k, l) {
					memcpy(code + o, json_string_value(l), json_string_length(l));
					o += json_string_length(l);
				}
				code[o] = 0;
			}
		}
		if (!code)
			continue;
		struct engine_exec_opts opt = { 0, 1, 1 };
		struct engine_error err;
		int r = engine_execute(e, code, &opt, &cli_sink, &err);
		free(code);
		if (r < 0) {
			print_error(&err);
			engine_error_clear(&err);
			status = 1;
			break;
		}
	}
	fflush(stdout);
	cli_engine = NULL;
	engine_free(e);
	json_decref(nb);
	return status;
}

static int repl(void)
{
	struct engine *e = engine_new(NULL);
	if (!e)
		return 1;
	cli_engine = e;
	signal(SIGINT, on_sigint);
	int tty = isatty(0);
	if (tty)
		fputs(engine_banner(e), stdout);
	char *buf = NULL;
	size_t blen = 0;
	for (;;) {
		if (tty) {
			fputs(blen ? "... " : ">>> ", stdout);
			fflush(stdout);
		}
		char *line = NULL;
		size_t cap = 0;
		ssize_t n = getline(&line, &cap, stdin);
		if (n < 0) {
			free(line);
			if (blen) {
				struct engine_error err;
				if (engine_execute(e, buf, NULL, &cli_sink, &err) < 0) {
					print_error(&err);
					engine_error_clear(&err);
				}
			}
			break;
		}
		char *nb = realloc(buf, blen + (size_t)n + 1);
		if (!nb) {
			free(line);
			break;
		}
		buf = nb;
		memcpy(buf + blen, line, (size_t)n + 1);
		blen += (size_t)n;
		free(line);
		char *indent = NULL;
		const char *st = engine_is_complete(e, buf, &indent);
		free(indent);
		if (strcmp(st, "incomplete") == 0)
			continue;
		struct engine_error err;
		if (engine_execute(e, buf, NULL, &cli_sink, &err) < 0) {
			print_error(&err);
			engine_error_clear(&err);
		}
		fflush(stdout);
		blen = 0;
		buf[0] = 0;
	}
	free(buf);
	cli_engine = NULL;
	engine_free(e);
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: lumen [--version] [run FILE.py | run NOTEBOOK.ipynb]\n"
	      "  lumen              a line REPL\n"
	      "  lumen run FILE.py [ARG ...]  run a file as one cell, as `python FILE.py ARG ...` would\n"
	      "  lumen run NB.ipynb run a notebook's code cells in order\n"
	      "  lumen kernelspec install [--mpi N] [--launcher CMD]  write a Jupyter kernelspec\n", f);
}

int main(int argc, char **argv)
{
	engine_prepare_process(argv);
	/* as CPython: PYTHONUNBUFFERED set and not empty writes each line out
	 * at once (a driver reading a pipe then sees every line printed before
	 * a crash or a timeout) */
	const char *unbuf = getenv("PYTHONUNBUFFERED");
	if (unbuf && *unbuf)
		setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
		const char *plugin = engine_cuda_plugin_path();
		if (engine_has_cuda_build())
			printf("lumen %s (CUDA support: built in, plugin %s%s)\n", engine_version(),
			       plugin, access(plugin, R_OK) == 0 ? "" : " (missing: cp runs on the host)");
		else
			printf("lumen %s (CUDA support: not built)\n", engine_version());
		return 0;
	}
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		usage(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "kernelspec") == 0)
		return kspec_main(argc - 1, argv + 1, LUMEN_KERNELSPEC_DIR);
	if (argc >= 3 && strcmp(argv[1], "run") == 0) { /* lumen run FILE [ARG ...]: sys.argv [FILE, ARG ...] */
		size_t n = strlen(argv[2]);
		engine_set_argv(argc - 2, argv + 2);
		if (n > 6 && strcmp(argv[2] + n - 6, ".ipynb") == 0)
			return engine_exit(run_ipynb(argv[2]));
		return engine_exit(run_py(argv[2]));
	}
	if (argc == 1)
		return engine_exit(repl());
	usage(stderr);
	return 2;
}
