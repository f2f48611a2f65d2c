/*
 * engine.h — the one header kernel/ (and the `lumen` command line) include.
 *
 * A session evaluates cells of the Lumen cell language and reports what they
 * print through a sink of plain C callbacks.  Nothing here knows ZeroMQ, JSON
 * or HMAC; the kernel turns sink calls into iopub messages.
 *
 * Ownership: every pointer handed to a sink callback is borrowed for the
 * duration of the call.  Every structure the engine fills for the caller
 * (errors, completions, bundles) is released with its *_clear function.
 */
#ifndef LUMEN_ENGINE_H
#define LUMEN_ENGINE_H

#include <stddef.h>

struct engine;

/* A mime bundle: parallel arrays of mime type and UTF-8 data. */
#define ENGINE_BUNDLE_MAX 8
struct engine_bundle {
	int n;
	const char *mime[ENGINE_BUNDLE_MAX]; /* "text/plain", "text/html", ... */
	const char *data[ENGINE_BUNDLE_MAX];
	size_t len[ENGINE_BUNDLE_MAX];
};

/* Where a running cell's output goes.  Any callback may be NULL. */
struct engine_sink {
	void *ctx;
	/* fd 1 = stdout, 2 = stderr; called as the cell prints, not at its end */
	void (*stream)(void *ctx, int fd, const char *text, size_t len);
	/* display(x) / the cell's last value (is_result = 1: execute_result).
	 * display_id may be NULL; update = 1 asks for update_display_data. */
	void (*display)(void *ctx, const struct engine_bundle *b, int is_result,
			const char *display_id, int update);
	void (*clear_output)(void *ctx, int wait);
	/* `name?`: a page payload for the execute_reply */
	void (*page)(void *ctx, const struct engine_bundle *b);
	/* input(prompt): returns a malloc'd line (caller frees) or NULL when the
	 * frontend cannot answer (the engine raises StdinNotImplementedError) */
	char *(*input)(void *ctx, const char *prompt, int password);
	/* exit / quit: the frontend should end the session (ipykernel's
	 * ask_exit payload); keep_kernel = 1 leaves the kernel running.  NULL:
	 * the engine cannot ask, and exit() raises NotImplementedError. */
	void (*ask_exit)(void *ctx, int keep_kernel);
};

/* Options of one execute_request that the engine cares about. */
struct engine_exec_opts {
	int silent;        /* no execute_result, no history */
	int store_history; /* bump the execution counter */
	int allow_stdin;
	/* 1: an engine_interrupt made before the call stops the cell at its
	 * first check (the kernel counts a cell as running from its busy
	 * status, and clears the flag itself with engine_interrupt_clear); 0:
	 * such an interrupt is dropped, as a REPL drops a Ctrl-C at its prompt */
	int keep_interrupt;
	/* non-NULL: run the code as `python3 FILE` runs a file (`lumen run`):
	 * this name in tracebacks, CPython's traceback format, no
	 * execute_result, no history */
	const char *script;
};

/* A Python-style error: ename "ValueError", evalue the message, traceback
 * lines (plain text, may hold ANSI colour).  All strings malloc'd. */
struct engine_error {
	char *ename;
	char *evalue;
	char **traceback;
	int ntraceback;
};

struct engine_completion {
	char **matches;   /* malloc'd strings */
	int nmatches;
	int cursor_start; /* in Unicode code points */
	int cursor_end;
};

struct engine_options {
	const char *device; /* NULL: $LUMEN_DEVICE, then auto; "host", "cuda" */
};

/* Called first in main(), before threads or sockets: may re-execute the
 * program once with a better host BLAS configuration (host_linalg.c says
 * why).  Returns when nothing needs doing. */
void engine_prepare_process(char **argv);
/* sys.argv of the sessions made after it (`lumen run FILE.py a b`:
 * ["FILE.py", "a", "b"], as `python FILE.py a b`); the strings are
 * borrowed for the process's life.  Unset: [""], as IPython's kernel has
 * no script name of the user's. */
void engine_set_argv(int argc, char **argv);

/* Registers every layer's type slots and hooks with the language core
 * (lang/value.h); engine_new calls it.  Idempotent.  For programs that make
 * a bare evaluator (the unit tests' ev_new). */
void engine_init_layers(void);

/* New session, or NULL on out-of-memory.  Starts CUDA in the background. */
struct engine *engine_new(const struct engine_options *opt);
void engine_free(struct engine *e);

/* Runs a cell.  Returns 0, or -1 with *err filled (the caller clears it).
 * Variables of earlier cells survive any error. */
int engine_execute(struct engine *e, const char *code,
		   const struct engine_exec_opts *opt,
		   const struct engine_sink *sink, struct engine_error *err);
void engine_error_clear(struct engine_error *err);

/* Evaluates one expression (user_expressions): 0 with *out filled (caller
 * frees with engine_bundle_clear), or -1 with *err. */
int engine_eval_expression(struct engine *e, const char *expr,
			   struct engine_bundle *out, struct engine_error *err);
void engine_bundle_clear(struct engine_bundle *b); /* frees mime and data */

/* Async-signal-safe: the running cell stops with KeyboardInterrupt. */
void engine_interrupt(struct engine *e);
/* Async-signal-safe: drops an interrupt that no cell has taken. */
void engine_interrupt_clear(struct engine *e);

/* Completion at cursor_pos (code points). 0, or -1 on out-of-memory. */
int engine_complete(struct engine *e, const char *code, int cursor_pos,
		    struct engine_completion *out);
void engine_completion_clear(struct engine_completion *c);

/* Inspection: 1 with *out filled (found), 0 not found, -1 error. */
int engine_inspect(struct engine *e, const char *code, int cursor_pos,
		   int detail_level, struct engine_bundle *out);

/* "complete", "incomplete" (then *indent is a malloc'd string) or
 * "invalid".  The returned string is static. */
const char *engine_is_complete(struct engine *e, const char *code,
			       char **indent);

/* Static strings. */
const char *engine_version(void);
const char *engine_banner(struct engine *e); /* names the device */
int engine_execution_count(struct engine *e);
int engine_has_cuda_build(void);
/* Where the CUDA plugin (lumen-cuda.so) is looked for; static string. */
const char *engine_cuda_plugin_path(void);

/* The MPI front end (lumen-mpi-kernel) tells the engine its place in the
 * world before engine_new: rank and size are informational; the GPU this
 * process uses is local_rank % device_count.  The front end owns MPI (it
 * initializes and finalizes it); without it, `from mpi4py import MPI`
 * initializes MPI and engine_exit finalizes it. */
void engine_mpi_set_world(int rank, int size, int local_rank);
/* The MPI front end, on every rank at the same point before each cell
 * (collective when after_interrupt): after_interrupt says an interrupt
 * reached the cell before; when any rank used MPI in it, the cells'
 * MPI.COMM_WORLD is renewed on every rank (so an operation the interrupt
 * left half done never meets a later one) and NCCL communicators are made
 * again at their next use.  1 renewed, 0 not, -1 when MPI failed. */
int engine_mpi_cell_begin(int after_interrupt);

/* Flush stdio and end the process without exit handlers (see engine.c);
 * returns status only in sanitizer builds, where the caller exits. */
int engine_exit(int status);

#endif
