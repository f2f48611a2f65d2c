/*
 * engine.c — the session behind engine.h: runs cells with a sink (IPython's
 * rules: last expression -> execute_result, `;` silences it, execution
 * count, errors as ename/evalue/traceback), evaluates user expressions,
 * and answers complete / inspect / is_complete / interrupt.  Owns the
 * struct eval of the session.  Knows nothing of the wire protocol.
 */
#include "config.h"
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine.h"
#include "numerics/linalg.h"
#include "array/format.h"
#include "pylib/pylib.h"
#include "backend/cuda_plugin.h"
#include "lang/core.h"
#include "pyobj/pyobj.h"
#include "lang/error.h"
#include "lang/parse.h"
#include "lang/lex.h"
#include "backend/backend.h"
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "array/memreport.h"
#include "session/docs.h"
#include "session/display.h"
#include "session/magic.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"
#include "session/magic_int.h"
#include "backend/host/host.h"
#include "lib/shape.h"
#include "plot/plot_api.h"
#include "mpi/mpi.h"

struct engine {
	struct eval *ev;
	int exec_count;
	char banner[512];
};

const char *engine_version(void)
{
	return "0.1.0";
}

void engine_prepare_process(char **argv)
{
	linalg_host_tune_blas(argv);
}

void engine_set_argv(int argc, char **argv)
{
	pyobj_set_argv(argc, argv);
}

const char *engine_cuda_plugin_path(void)
{
	return cuda_plugin_path();
}

int engine_has_cuda_build(void)
{
#ifdef HAVE_CUDA
	return 1;
#else
	return 0;
#endif
}

/* memreport's hook: the session's variables that hold arrays, for the
 * out-of-memory errors and %memgetinfo -v (names starting with '_' skipped),
 * and the arrays one level inside a list, tuple or dict variable */
static void named_add(struct memrep_named *out, size_t cap, size_t *n, const struct value *v,
		      const char *fmt, const char *name, const char *key, size_t idx)
{
	if (!v || v->type != VT_NDARRAY)
		return;
	if (*n < cap) {
		if (key)
			snprintf(out[*n].name, sizeof out[*n].name, fmt, name, key);
		else
			snprintf(out[*n].name, sizeof out[*n].name, fmt, name, idx);
		out[*n].a = v->u.arr;
	}
	(*n)++;
}

static size_t engine_named_arrays(struct eval *ev, struct memrep_named *out, size_t cap)
{
	struct dict *d;
	size_t n = 0;

	if (!ev || !ev->globals || ev->globals->type != VT_DICT)
		return 0;
	d = ev->globals->u.dict;
	for (size_t i = 0; i < d->n; i++) {
		struct dict_entry *e = &d->entries[i];
		const char *name;
		if (!e->key || e->key->type != VT_STR || e->key->u.str->s[0] == '_' || !e->val)
			continue;
		name = e->key->u.str->s;
		if (e->val->type == VT_NDARRAY) {
			named_add(out, cap, &n, e->val, "%s", name, name, 0);
		} else if (e->val->type == VT_LIST || e->val->type == VT_TUPLE) {
			for (size_t j = 0; j < e->val->u.seq.n; j++)
				named_add(out, cap, &n, e->val->u.seq.items[j], "%s[%zu]", name, NULL, j);
		} else if (e->val->type == VT_DICT) {
			struct dict *dd = e->val->u.dict;
			for (size_t j = 0; j < dd->n; j++)
				if (dd->entries[j].key && dd->entries[j].key->type == VT_STR)
					named_add(out, cap, &n, dd->entries[j].val, "%s['%s']", name,
						  dd->entries[j].key->u.str->s, 0);
		}
	}
	return n;
}

static char *engine_inspect_text(struct eval *ev, const char *expr, int detail);

/* Every area's table in its namespace (arrfuncs.h), in the order the
 * modules add them (a later table's name wins). */
static void publish_tables(void)
{
	static const struct arr_func *const top[] = {
		arr_creation_funcs, arr_ufunc_funcs, arr_reduce_funcs, arr_manip_funcs,
		arr_index_funcs, arr_edit_funcs, arr_calculus_funcs, arr_polynomial_funcs, arr_poly1d_funcs, arr_vectorize_funcs, arr_sort_funcs,
		arr_stat_funcs, arr_linalg_top_funcs, arr_io_funcs, arr_text_funcs, arr_format_funcs, arr_dtype_funcs, arr_flatiter_funcs,
		arr_fpe_funcs, arr_compose_funcs, arr_pysource_funcs, arr_memmap_funcs, arr_matrix_funcs, arr_nditer_funcs,
		/* last, they wrap the names before them: string/record arrays, then
		 * datetimes (np.array(['2005-02-25'], dtype='M8[D]') is datetime's) */
		arr_flex_funcs, arr_textflex_funcs, arr_busday_funcs, arr_datetime_funcs,
	};
	static const struct arr_func *const methods[] = {
		arr_flex_methods, /* first: a method's first name wins, and its view wraps the next */
		arr_core_methods, arr_ufunc_methods, arr_reduce_methods, arr_manip_methods,
		arr_sort_methods, arr_linalg_methods, arr_compose_methods, arr_io_methods, arr_memmap_methods,
	};
	for (size_t i = 0; i < sizeof top / sizeof top[0]; i++)
		arr_publish(NS_TOP, top[i]);
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		arr_publish(NS_METHODS, methods[i]);
	arr_publish(NS_LINALG, arr_linalg_funcs);
	arr_publish(NS_LINALG, arr_compose_linalg_funcs);
	arr_publish(NS_FFT, arr_fft_funcs);
	arr_publish(NS_RANDOM, arr_random_funcs);
	arr_publish(NS_RANDOM, arr_random_state_funcs);
	arr_publish(NS_RANDOM, arr_random_bitgen_funcs);
	arr_publish(NS_RANDOM, arr_random_multi_funcs);
	arr_publish(NS_PROFILER, arr_profiler_funcs);
	arr_publish(NS_NDIMAGE, arr_ndimage_funcs);
	arr_publish(NS_SIGNAL, arr_signal_funcs);
	arr_publish(NS_SPECIAL, arr_special_funcs);
	arr_publish(NS_SCIPY_LINALG, arr_scipy_linalg_funcs);
	arr_publish(NS_STRIDE_TRICKS, arr_stride_funcs);
}

/* The layers below the session fill the language core's type slots and
 * the session registers its hooks, bottom up (lang/value.h). */
void engine_init_layers(void)
{
	pyobj_register();   /* lang's pyobj_hooks: the object model */
	host_register();   /* backend_host, backend_host_cupy, cp's namespaces */
	arr_hooks.module_objects = dt_module_objects;
	arr_hooks.testing_module = arr_testing_module;
	arr_hooks.windows_module = arr_windows_module;
	arr_hooks.special_objects = arr_special_objects;
	arr_hooks.value_check = idx_value_check;
	arr_register_slots();
	uf_register_slots();
	idx_register_slots();
	fz_register_walk();
	uf_set_matmul(linalg_matmul);
	publish_tables();
	pylib_init(); /* os, json, ...: registered with lang's module table */
	mpimod_init(); /* mpi4py (nothing in a build without MPI) */
	memrep_set_names_hook(engine_named_arrays);
	lang_hooks.import_display = display_module;
	lang_hooks.magic = magic_line;
	lang_hooks.inspect_text = engine_inspect_text;
	lang_hooks.display = display_call;
	lang_hooks.clear_output = display_clear_output;
	lang_hooks.html = arr_html;
	lang_hooks.exit_process = engine_exit;
}

struct engine *engine_new(const struct engine_options *opt)
{
	struct engine *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	if (opt && opt->device)
		setenv("LUMEN_DEVICE", opt->device, 1);
	engine_init_layers();
	e->ev = ev_new();
	if (!e->ev) {
		free(e);
		return NULL;
	}
	e->ev->engine = e;
	if (magic_install_builtins(e->ev) < 0) {
		ev_free(e->ev);
		free(e);
		return NULL;
	}
	fmt_reset_options(); /* the print options are per process: a new engine starts at NumPy's */
	/* the CUDA plugin loads and the context is created while the user
	 * types (DESIGN.md); kernel_info never waits for it */
	cuda_warmup_start();
	return e;
}

void engine_free(struct engine *e)
{
	if (!e)
		return;
	ev_free(e->ev);
	free(e);
}

void engine_interrupt(struct engine *e)
{
	if (e && e->ev)
		e->ev->interrupt = 1;
}

void engine_interrupt_clear(struct engine *e)
{
	if (e && e->ev)
		e->ev->interrupt = 0;
}

int engine_execution_count(struct engine *e)
{
	return e->exec_count;
}

/* Never waits for CUDA: while the plugin loads or the device starts, says so. */
const char *engine_banner(struct engine *e)
{
	const char *dev = cuda_describe_now();
	char where[440];
	if (!dev)
		snprintf(where, sizeof where, "the GPU once CUDA has started (CUDA: starting)");
	else if (!strncmp(dev, "host mode: ", 11))
		snprintf(where, sizeof where, "the host (cp arrays live in host memory: %s)", dev + 11);
	else
		snprintf(where, sizeof where, "the GPU (CUDA: %s)", dev);
	snprintf(e->banner, sizeof e->banner,
		 "Lumen %s: NumPy/CuPy-style Python cells, arrays on %s\n", engine_version(), where);
	return e->banner;
}

void engine_error_clear(struct engine_error *err)
{
	if (!err)
		return;
	free(err->ename);
	free(err->evalue);
	for (int i = 0; i < err->ntraceback; i++)
		free(err->traceback[i]);
	free(err->traceback);
	memset(err, 0, sizeof *err);
}

void engine_bundle_clear(struct engine_bundle *b)
{
	if (!b)
		return;
	for (int i = 0; i < b->n; i++) {
		free((char *)b->mime[i]);
		free((char *)b->data[i]);
	}
	memset(b, 0, sizeof *b);
}

void engine_completion_clear(struct engine_completion *c)
{
	if (!c)
		return;
	for (int i = 0; i < c->nmatches; i++)
		free(c->matches[i]);
	free(c->matches);
	memset(c, 0, sizeof *c);
}

/* The pending error -> *err (ename, evalue, IPython traceback). */
static void take_error(struct eval *ev, struct engine_error *err, int ipython)
{
	struct value *exc = err_fetch(ev);
	if (!err) {
		val_decref(exc);
		err_clear(ev);
		return;
	}
	memset(err, 0, sizeof *err);
	if (!exc || exc->type != VT_EXCEPTION) {
		err->ename = strdup("RuntimeError");
		err->evalue = strdup("unknown error");
		val_decref(exc);
		err_clear(ev);
		return;
	}
	err->ename = strdup(val_type_name(exc)); /* a user class: its name */
	err->evalue = val_str_of(ev, exc);
	if (!err->evalue) {
		err_clear(ev);
		err->evalue = strdup("");
	}
	err->traceback = ev_format_traceback(ev, exc, ipython, &err->ntraceback);
	val_decref(exc);
	err_clear(ev);
}

/* code (leading blanks skipped) is one line, trailing blank lines aside */
/* ---- IPython's cleanup transforms (IPython.core.inputtransformer2) ----
 * leading_indent: a cell whose first line is indented loses that indent on
 * every line that has it; classic_prompt / ipython_prompt: `>>> `, `... `,
 * `In [3]: `, `   ...: ` are stripped from every line when the first line
 * has the first prompt or the second line a prompt.  Blank leading lines are
 * kept (tracebacks keep the cell's line numbers). */

/* the length of a classic prompt at s (`>>>` or `...` then a blank or the
 * end of the line), 0 none; first: only `>>>` */
static size_t classic_prompt(const char *s, int first)
{
	if (strncmp(s, ">>>", 3) && (first || strncmp(s, "...", 3)))
		return 0;
	if (s[3] == ' ')
		return 4;
	return s[3] == '\n' || !s[3] ? 3 : 0;
}

/* the length of an IPython prompt at s (`In [12]: `, or blanks, three or
 * more dots, a colon and an optional blank), 0 none; first: only `In [n]: ` */
static size_t ipython_prompt(const char *s, int first)
{
	const char *p = s;
	if (!strncmp(p, "In [", 4)) {
		p += 4;
		if (!isdigit((unsigned char)*p))
			return 0;
		while (isdigit((unsigned char)*p))
			p++;
		return !strncmp(p, "]: ", 3) ? (size_t)(p + 3 - s) : 0;
	}
	if (first)
		return 0;
	while (*p == ' ' || *p == '\t')
		p++;
	size_t dots = 0;
	while (p[dots] == '.')
		dots++;
	if (dots < 3 || p[dots] != ':')
		return 0;
	p += dots + 1;
	if (*p == ' ')
		p++;
	return (size_t)(p - s);
}

/* the start of the line after the one at s, or NULL */
static const char *next_line(const char *s)
{
	const char *nl = strchr(s, '\n');
	return nl ? nl + 1 : NULL;
}

/* every line with prompt(line, 0) stripped of it; malloc'd */
static char *strip_each(const char *code, size_t (*prompt)(const char *, int))
{
	char *out = malloc(strlen(code) + 1), *o = out;
	if (!out)
		return NULL;
	for (const char *l = code; l; l = next_line(l)) {
		l += prompt(l, 0);
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l + 1) : strlen(l);
		memcpy(o, l, n);
		o += n;
	}
	*o = 0;
	return out;
}

static char *cell_cleanup(const char *code)
{
	const char *first = code;
	/* leading blank lines do not count (IPython drops them; they are kept here) */
	for (const char *l = code; l; l = next_line(l)) {
		const char *p = l;
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (*p && *p != '\n') {
			first = l;
			break;
		}
		first = NULL;
	}
	if (!first)
		return NULL;
	char *cur = NULL;
	if (*first == ' ' || *first == '\t') {
		size_t pre = strspn(first, " \t");
		cur = malloc(strlen(code) + 1);
		if (!cur)
			return NULL;
		char *o = cur;
		for (const char *l = code; l; l = next_line(l)) {
			if (l >= first && !strncmp(l, first, pre))
				l += pre;
			const char *nl = strchr(l, '\n');
			size_t n = nl ? (size_t)(nl - l + 1) : strlen(l);
			memcpy(o, l, n);
			o += n;
		}
		*o = 0;
		first = cur;
		for (const char *l = cur; l; l = next_line(l)) {
			const char *p = l;
			while (*p == ' ' || *p == '\t' || *p == '\r')
				p++;
			if (*p && *p != '\n') {
				first = l;
				break;
			}
		}
	}
	size_t (*const prompts[2])(const char *, int) = {classic_prompt, ipython_prompt};
	for (int k = 0; k < 2; k++) {
		const char *src = cur ? cur : code, *second = next_line(first);
		if (prompts[k](first, 1) || (second && prompts[k](second, 0))) {
			char *s = strip_each(src, prompts[k]);
			if (!s)
				break;
			free(cur);
			cur = s;
			first = cur; /* (a second kind of prompt is looked for from the top) */
			for (const char *l = cur; l; l = next_line(l)) {
				const char *p = l;
				while (*p == ' ' || *p == '\t' || *p == '\r')
					p++;
				if (*p && *p != '\n') {
					first = l;
					break;
				}
			}
		}
	}
	return cur;
}

static int one_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	if (nl)
		for (nl++; *nl; nl++)
			if (*nl != ' ' && *nl != '\t' && *nl != '\n' && *nl != '\r')
				return 0;
	return 1;
}

int engine_execute(struct engine *e, const char *code, const struct engine_exec_opts *opt,
		   const struct engine_sink *sink, struct engine_error *err)
{
	struct eval *ev = e->ev;
	static const struct engine_exec_opts defopt = { 0, 1, 1 };
	struct engine_exec_opts sopt;
	char name[32];
	struct value *result = NULL;
	int rc;
	if (!opt)
		opt = &defopt;
	if (opt->script) {
		sopt = *opt;
		sopt.silent = 1;
		sopt.store_history = 0;
		opt = &sopt;
	}
	if (err)
		memset(err, 0, sizeof *err);
	if (!opt->keep_interrupt)
		ev->interrupt = 0;
	err_clear(ev);
	if (opt->store_history && !opt->silent)
		e->exec_count++;
	ev->exec_count = e->exec_count;
	ev->allow_stdin = opt->allow_stdin;
	/* a script runs as under `python3 FILE`, outside IPython: no sink, so
	 * print and display() write to the process's stdout as Python's do */
	ev->sink = opt->script ? NULL : sink;
	snprintf(name, sizeof name, "In[%d]", e->exec_count);
	const char *src_name = opt->script ? opt->script : name;
	const char *p = code;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (p[0] == '%' && p[1] == '%') {
		const char *nl = strchr(p, '\n');
		char *line = nl ? strndup(p + 2, (size_t)(nl - p - 2)) : strdup(p + 2);
		/* the body ends with a newline, as IPython's transform_cell makes it */
		const char *body = nl ? nl + 1 : "";
		size_t bl = strlen(body);
		char *cell = malloc(bl + 2);
		if (!line || !cell) {
			err_nomem(ev);
			rc = -1;
		} else {
			memcpy(cell, body, bl + 1);
			if (bl && body[bl - 1] != '\n') {
				cell[bl] = '\n';
				cell[bl + 1] = 0;
			}
			rc = magic_run(ev, line, cell, &result);
		}
		free(line);
		free(cell);
	} else {
		/* IPython's cleanup of pasted input (not for a script) */
		char *clean = opt->script ? NULL : cell_cleanup(code);
		const char *run = clean ? clean : code;
		rc = ev_exec_source(ev, run, strlen(run), src_name, e->exec_count, !opt->silent, &result);
		free(clean);
	}
	if (rc == 0 && builtins_is_exit(result) && sink && sink->ask_exit && one_line(p)) {
		/* IPython autocalls a one-line `exit` / `quit`: ask, show nothing */
		sink->ask_exit(sink->ctx, 0);
	} else if (rc == 0 && result && result->type != VT_NONE) {
		struct engine_bundle b;
		if (builtins_bundle(ev, result, &b) == 0) {
			if (sink && sink->display)
				sink->display(sink->ctx, &b, 1, NULL, 0);
			engine_bundle_clear(&b);
			dict_setstr(ev->globals, "_", val_incref(result));
		} else {
			rc = -1;
		}
	}
	val_decref(result);
	/* the inline backend: the cell's figures are shown when it ends, even
	 * after an error (ipykernel's post_execute hook) */
	if (plot_flush(ev) < 0 && rc == 0)
		rc = -1;
	if (rc < 0)
		take_error(ev, err, !opt->script);
	ev->sink = NULL;
	return rc;
}

int engine_eval_expression(struct engine *e, const char *expr, struct engine_bundle *out,
			   struct engine_error *err)
{
	struct eval *ev = e->ev;
	memset(out, 0, sizeof *out);
	if (err)
		memset(err, 0, sizeof *err);
	err_clear(ev);
	struct value *v = ev_eval_string(ev, expr, strlen(expr));
	if (!v || builtins_bundle(ev, v, out) < 0) {
		val_decref(v);
		take_error(ev, err, 1);
		return -1;
	}
	val_decref(v);
	return 0;
}

/* ---- is_complete: IPython's TransformerManager.check_complete ---- */

/* find_last_indent: the blanks that start the last line (a tab counts 4) */
static char *last_indent(const char *src, size_t len)
{
	size_t st = len;
	/* splitlines(keepends): the last line is what follows the last newline
	 * that is not the source's final byte */
	size_t e = len && src[len - 1] == '\n' ? len - 1 : len;
	st = e;
	while (st > 0 && src[st - 1] != '\n')
		st--;
	size_t n = 0;
	for (size_t i = st; i < len && (src[i] == ' ' || src[i] == '\t'); i++)
		n += src[i] == '\t' ? 4 : 1;
	char *s = malloc(n + 1);
	if (s) {
		memset(s, ' ', n);
		s[n] = 0;
	}
	return s;
}

static char *spaces(size_t n)
{
	char *s = malloc(n + 1);
	if (s) {
		memset(s, ' ', n);
		s[n] = 0;
	}
	return s;
}

struct iclex {
	jmp_buf jb;
	int incomplete;
};

static void iclex_error(void *ctx, int type, const char *msg, int line, int col, int incomplete)
{
	struct iclex *c = ctx;
	(void)type;
	(void)msg;
	(void)line;
	(void)col;
	c->incomplete = incomplete;
	longjmp(c->jb, 1);
}

/* is_complete's checks on the tokens and the parse of src (ending with a
 * newline): an unclosed bracket or string wants more, a line ending with
 * ':' opens a block, DEDENTs at the end close one only after a newline */
static const char *complete_tokens(const char *src, size_t len, int ends_nl, char **indent)
{
	struct iclex c = {0};
	struct lexer lx;
	struct token tk;
	/* volatile: set between setjmp and a longjmp (their values are not read after one) */
	volatile int last = T_EOF, first_col = 0, new_line = 1, dedent_at_end = 0;
	if (setjmp(c.jb)) {
		if (!c.incomplete)
			return "invalid";
		*indent = last_indent(src, len);
		return "incomplete";
	}
	lex_init(&lx, src, len, iclex_error, &c);
	for (;;) {
		lex_next(&lx, &tk);
		if (tk.t == T_EOF)
			break;
		if (tk.t == T_NEWLINE) {
			new_line = 1;
			dedent_at_end = 0;
			continue;
		}
		if (tk.t == T_DEDENT) {
			dedent_at_end = 1;
			continue;
		}
		if (tk.t == T_INDENT)
			continue;
		if (new_line)
			first_col = tk.col;
		new_line = 0;
		dedent_at_end = 0;
		last = tk.t;
	}
	if (last == T_COLON) {
		*indent = spaces((size_t)first_col + 4);
		return "incomplete";
	}
	struct arena *a = arena_new(src, len, "<is_complete>");
	if (!a)
		return "unknown";
	struct nlist body;
	struct parse_error pe;
	int r = parse_cell(a, &body, &pe);
	arena_decref(a);
	if (r < 0) {
		if (!pe.incomplete)
			return "invalid";
		*indent = last_indent(src, len);
		return "incomplete";
	}
	if (dedent_at_end && !ends_nl) {
		*indent = last_indent(src, len);
		return "incomplete";
	}
	return "complete";
}

const char *engine_is_complete(struct engine *e, const char *code, char **indent)
{
	(void)e;
	*indent = NULL;
	size_t clen = strlen(code);
	int ends_nl = 0;
	for (size_t i = clen; i > 0; i--) {
		char c = code[i - 1];
		if (c == '\n') {
			ends_nl = 1;
			break;
		}
		if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
			break;
	}
	/* a newline appended for consistent tokenization, as IPython does */
	char *src = malloc(clen + 2);
	if (!src)
		return "unknown";
	memcpy(src, code, clen);
	size_t len = clen;
	if (!ends_nl)
		src[len++] = '\n';
	src[len] = 0;
	const char *status = "complete";
	/* the last non-blank line ends with a backslash: a continuation */
	{
		size_t i = len;
		while (i > 0) {
			size_t en = i;  /* the line [st, en) without its newline */
			if (src[en - 1] == '\n')
				en--;
			size_t st = en;
			while (st > 0 && src[st - 1] != '\n')
				st--;
			size_t k = st;
			while (k < en && isspace((unsigned char)src[k]))
				k++;
			if (k < en) {
				if (src[en - 1] == '\\') {
					*indent = last_indent(src, len);
					status = "incomplete";
					goto out;
				}
				break;
			}
			i = st;
		}
	}
	/* a cell magic ends with a blank line (leading blank lines aside) */
	const char *p = src;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (p[0] == '%' && p[1] == '%') {
		size_t en = len - 1, st = en;  /* src ends with '\n' */
		while (st > 0 && src[st - 1] != '\n')
			st--;
		int blank = 1;
		for (size_t k = st; k < en; k++)
			blank &= isspace((unsigned char)src[k]) != 0;
		if (!blank) {
			*indent = last_indent(src, len);
			status = "incomplete";
		}
		goto out;
	}
	status = complete_tokens(src, len, ends_nl, indent);
out:
	free(src);
	return status;
}

/* ---- completion and inspection ---- */

static const char *const keywords[] = {
	"False", "None", "True", "and", "as", "assert", "break", "continue", "def", "del",
	"elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
	"is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
	"with", NULL,
};

static const char *const ndarray_attrs[] = {
	"T", "all", "any", "argmax", "argmin", "argsort", "astype", "clip", "copy", "cumprod",
	"cumsum", "device", "dot", "dtype", "fill", "flags", "flatten", "get", "imag", "item",
	"itemsize", "max", "mean", "min", "nbytes", "ndim", "nonzero", "prod", "ravel", "real",
	"reshape", "round", "set", "shape", "size", "sort", "squeeze", "std", "strides", "sum",
	"swapaxes", "tolist", "transpose", "var", "view", NULL,
};

static int is_idch(unsigned char c)
{
	return c == '_' || isalnum(c) || c >= 0x80;
}

struct matches {
	char **v;
	int n, cap;
};

static void match_add(struct matches *m, const char *s, const char *prefix, size_t plen)
{
	if (strncmp(s, prefix, plen) != 0)
		return;
	if (plen == 0 && s[0] == '_')
		return;
	for (int i = 0; i < m->n; i++)
		if (strcmp(m->v[i], s) == 0)
			return;
	if (m->n == m->cap) {
		int cap = m->cap ? m->cap * 2 : 16;
		char **nv = realloc(m->v, sizeof *nv * (size_t)cap);
		if (!nv)
			return;
		m->v = nv;
		m->cap = cap;
	}
	char *d = strdup(s);
	if (d)
		m->v[m->n++] = d;
}

static void match_dict(struct matches *m, struct value *d, const char *prefix, size_t plen)
{
	for (size_t i = 0; i < d->u.dict->n; i++) {
		struct dict_entry *e = &d->u.dict->entries[i];
		if (e->key && e->key->type == VT_STR)
			match_add(m, e->key->u.str->s, prefix, plen);
	}
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Looks up a dotted name (no calls, no side effects): new ref or NULL. */
static struct value *lookup_dotted(struct eval *ev, const char *s, size_t n)
{
	char buf[256];
	size_t k = 0;
	while (k < n && s[k] != '.')
		k++;
	if (k == 0 || k >= sizeof buf)
		return NULL;
	memcpy(buf, s, k);
	buf[k] = 0;
	struct value *v = dict_getstr_borrow(ev->globals, buf);
	if (!v)
		v = dict_getstr_borrow(ev->builtins, buf);
	if (!v)
		return NULL;
	val_incref(v);
	while (k < n) {
		size_t st = ++k;
		while (k < n && s[k] != '.')
			k++;
		if (k - st == 0 || k - st >= sizeof buf) {
			val_decref(v);
			return NULL;
		}
		memcpy(buf, s + st, k - st);
		buf[k - st] = 0;
		struct value *x = val_getattr(ev, v, buf);
		val_decref(v);
		if (!x) {
			err_clear(ev);
			return NULL;
		}
		v = x;
	}
	return v;
}

/* ---- completion from the cell's own text, before it has run ---- */

/* the kinds a name bound in the cell's text may be known to hold */
enum skind { SK_NONE, SK_VALUE, SK_ARRAY };

static int starts_kw(const char *p, const char *kw)
{
	size_t n = strlen(kw);
	return !strncmp(p, kw, n) && (p[n] == ' ' || p[n] == '\t');
}

static size_t ident_len(const char *p, int dots)
{
	size_t n = 0;
	while (is_idch((unsigned char)p[n]) || (dots && p[n] == '.' && n))
		n++;
	return n;
}

/* NumPy/CuPy functions whose value is an array (what `x = np.f(...)` makes) */
static const char *const array_makers[] = {
	"arange", "array", "asarray", "ascontiguousarray", "asnumpy", "concatenate", "copy",
	"cumsum", "diag", "dot", "empty", "empty_like", "exp", "eye", "full", "full_like",
	"hstack", "identity", "linspace", "log", "logspace", "matmul", "meshgrid", "normal",
	"ones", "ones_like", "outer", "rand", "randint", "randn", "random", "reshape", "sin",
	"cos", "sqrt", "stack", "standard_normal", "tile", "transpose", "uniform", "vstack",
	"where", "zeros", "zeros_like", NULL,
};
static const char *const array_methods[] = {
	"astype", "copy", "cumprod", "cumsum", "flatten", "get", "ravel", "reshape", "squeeze",
	"swapaxes", "transpose", "T", "view", NULL,
};

static int in_list(const char *const *l, const char *s, size_t n)
{
	for (; *l; l++)
		if (strlen(*l) == n && !strncmp(*l, s, n))
			return 1;
	return 0;
}

static struct value *static_lookup(struct eval *ev, const char *code, size_t upto,
				   const char *name, size_t nlen, int depth, enum skind *kind);

/* A dotted name (a.b.c) from the globals, else from the cell's text */
static struct value *static_dotted(struct eval *ev, const char *code, size_t upto, const char *s,
				   size_t n, int depth, enum skind *kind)
{
	*kind = SK_NONE;
	struct value *v = lookup_dotted(ev, s, n);
	if (v) {
		*kind = v->type == VT_NDARRAY ? SK_ARRAY : SK_VALUE;
		return v;
	}
	size_t k = 0;
	while (k < n && s[k] != '.')
		k++;
	v = static_lookup(ev, code, upto, s, k, depth + 1, kind);
	if (!v)
		return NULL;
	while (k < n) {
		size_t st = ++k;
		while (k < n && s[k] != '.')
			k++;
		char buf[128];
		if (k - st == 0 || k - st >= sizeof buf) {
			val_decref(v);
			return NULL;
		}
		memcpy(buf, s + st, k - st);
		buf[k - st] = 0;
		if (*kind == SK_ARRAY) {
			/* x.T, x.real ...: still an array as far as completion goes */
			val_decref(v);
			return in_list(array_methods, buf, strlen(buf)) ? (*kind = SK_ARRAY, val_none()) : NULL;
		}
		struct value *x = val_getattr(ev, v, buf);
		val_decref(v);
		if (!x) {
			err_clear(ev);
			return NULL;
		}
		v = x;
	}
	return v;
}

/* What the right side of `name = rhs` makes, as far as it is evident. */
static struct value *static_rhs(struct eval *ev, const char *code, size_t upto, const char *r,
				int depth, enum skind *kind)
{
	*kind = SK_VALUE;
	if (*r == '[')
		return val_list_new(0, NULL);
	if (*r == '{')
		return val_dict_new();
	if (*r == '"' || *r == '\'')
		return val_cstr("");
	size_t n = ident_len(r, 1);
	if (!n)
		return NULL;
	const char *after = r + n;
	while (*after == ' ')
		after++;
	if (*after != '(')
		return static_dotted(ev, code, upto, r, n, depth, kind);
	/* a call: np.zeros(...), cp.random.rand(...), x.reshape(...) */
	size_t last = n;
	while (last > 0 && r[last - 1] != '.')
		last--;
	if (last == 0)
		return NULL;
	enum skind fk;
	struct value *f = static_dotted(ev, code, upto, r, last - 1, depth, &fk);
	if (!f)
		return NULL;
	int arr = 0;
	if (fk == SK_ARRAY)
		arr = in_list(array_methods, r + last, n - last);
	else if (f->type == VT_MODULE && f->u.mod.name &&
		 (!strncmp(f->u.mod.name, "numpy", 5) || !strncmp(f->u.mod.name, "cupy", 4)))
		arr = in_list(array_makers, r + last, n - last);
	val_decref(f);
	if (!arr)
		return NULL;
	*kind = SK_ARRAY;
	return val_none();
}

/* The last binding of name in code[0..upto) (imports, from-imports,
 * assignments), looked up without running anything but imports of the
 * array modules: a new reference or NULL (kind SK_ARRAY: an array, the
 * value is None). */
static struct value *static_lookup(struct eval *ev, const char *code, size_t upto,
				   const char *name, size_t nlen, int depth, enum skind *kind)
{
	*kind = SK_NONE;
	if (depth > 8 || nlen == 0)
		return NULL;
	/* the line the binding is on must end before upto: walk lines backwards */
	size_t end = upto;
	while (end > 0) {
		size_t st = end;
		while (st > 0 && code[st - 1] != '\n')
			st--;
		const char *p = code + st;
		size_t len = end - st;
		char line[1024];
		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, p, len);
		line[len] = 0;
		end = st ? st - 1 : 0;
		char *q = line;
		while (*q == ' ' || *q == '\t')
			q++;
		char *hash = strchr(q, '#');
		if (hash)
			*hash = 0;
		if (starts_kw(q, "import")) {
			/* import a.b as c, d */
			for (char *it = q + 6; it && *it; ) {
				while (*it == ' ' || *it == ',')
					it++;
				size_t mn = ident_len(it, 1);
				if (!mn)
					break;
				char mod[256];
				snprintf(mod, sizeof mod, "%.*s", (int)mn, it);
				char *t = it + mn;
				while (*t == ' ')
					t++;
				const char *bind = mod;
				size_t bl = strcspn(mod, ".");
				if (starts_kw(t, "as")) {
					t += 2;
					while (*t == ' ')
						t++;
					bind = t;
					bl = ident_len(t, 0);
					t += bl;
				} else {
					mod[bl] = 0;   /* import a.b binds a */
				}
				if (bl == nlen && !strncmp(bind, name, nlen)) {
					struct value *m = ev_import(ev, mod);
					if (!m)
						err_clear(ev);
					*kind = m ? SK_VALUE : SK_NONE;
					return m;
				}
				it = strchr(t, ',');
			}
		} else if (starts_kw(q, "from")) {
			/* from a.b import c as d, e */
			char *t = q + 4;
			while (*t == ' ')
				t++;
			size_t mn = ident_len(t, 1);
			char mod[256];
			snprintf(mod, sizeof mod, "%.*s", (int)mn, t);
			t += mn;
			while (*t == ' ')
				t++;
			if (!starts_kw(t, "import"))
				continue;
			for (char *it = t + 6; it && *it; ) {
				while (*it == ' ' || *it == ',' || *it == '(')
					it++;
				size_t an = ident_len(it, 0);
				if (!an)
					break;
				char *bind = it, *u = it + an;
				size_t bl = an;
				while (*u == ' ')
					u++;
				if (starts_kw(u, "as")) {
					u += 2;
					while (*u == ' ')
						u++;
					bind = u;
					bl = ident_len(u, 0);
					u += bl;
				}
				if (bl == nlen && !strncmp(bind, name, nlen)) {
					struct value *m = ev_import(ev, mod), *x = NULL;
					char attr[128];
					snprintf(attr, sizeof attr, "%.*s", (int)an, it);
					if (m)
						x = val_getattr(ev, m, attr);
					val_decref(m);
					if (!x)
						err_clear(ev);
					*kind = x ? SK_VALUE : SK_NONE;
					return x;
				}
				it = strchr(u, ',');
			}
		} else {
			/* name = rhs (not ==) */
			size_t in = ident_len(q, 0);
			if (in != nlen || strncmp(q, name, nlen))
				continue;
			char *t = q + in;
			while (*t == ' ')
				t++;
			if (t[0] != '=' || t[1] == '=')
				continue;
			t++;
			while (*t == ' ')
				t++;
			struct value *v = static_rhs(ev, code, st, t, depth, kind);
			if (!v)
				err_clear(ev);
			return v;
		}
	}
	return NULL;
}

static size_t cp_to_byte(const char *s, size_t len, int cp)
{
	if (cp < 0)
		return 0;
	return utf8_offset(s, len, (size_t)cp);
}

static void match_add_kw(void *m, const char *s)
{
	match_add(m, s, "", 0);
}

/* The callee of the call whose argument list holds position st (a dotted
 * name before the unmatched '('), new reference, or NULL. */
static struct value *call_callee(struct eval *ev, const char *code, size_t st)
{
	size_t k = st;
	int depth = 0;
	while (k > 0) {
		char c = code[k - 1];
		if (c == ')' || c == ']')
			depth++;
		else if (c == '(' || c == '[') {
			if (depth == 0)
				break;
			depth--;
		} else if (c == '\n' && depth == 0)
			return NULL;
		k--;
	}
	if (k == 0 || code[k - 1] != '(')
		return NULL;
	size_t en = k - 1, b = en;
	while (b > 0 && (is_idch((unsigned char)code[b - 1]) || code[b - 1] == '.'))
		b--;
	if (b == en)
		return NULL;
	struct value *v = lookup_dotted(ev, code + b, en - b);
	err_clear(ev);
	return v;
}

int engine_complete(struct engine *e, const char *code, int cursor_pos, struct engine_completion *out)
{
	struct eval *ev = e->ev;
	size_t len = strlen(code);
	size_t cur = cp_to_byte(code, len, cursor_pos);
	struct matches m = {0};
	memset(out, 0, sizeof *out);
	size_t st = cur;
	while (st > 0 && (is_idch((unsigned char)code[st - 1]) || code[st - 1] == '.'))
		st--;
	/* the dotted expression code[st..cur), the last component after the last dot */
	size_t lastdot = cur;
	for (size_t i = cur; i > st; i--)
		if (code[i - 1] == '.') {
			lastdot = i - 1;
			break;
		}
	size_t pstart = lastdot < cur ? lastdot + 1 : st;
	const char *prefix = code + pstart;
	size_t plen = cur - pstart;
	char pbuf[256];
	if (plen >= sizeof pbuf)
		plen = sizeof pbuf - 1;
	memcpy(pbuf, prefix, plen);
	pbuf[plen] = 0;
	err_clear(ev);
	if (st > 0 && code[st - 1] == '%' && lastdot == cur) {
		for (int i = 0; magic_names[i]; i++)
			match_add(&m, magic_names[i], pbuf, plen);
		/* replace including the % */
		for (int i = 0; i < m.n; i++) {
			char *s = malloc(strlen(m.v[i]) + 2);
			if (s) {
				s[0] = '%';
				strcpy(s + 1, m.v[i]);
				free(m.v[i]);
				m.v[i] = s;
			}
		}
		pstart = st - 1;
	} else if (lastdot == cur) {
		struct value *callee = call_callee(ev, code, st);
		if (callee) {
			docs_kwargs(callee, pbuf, match_add_kw, &m);
			val_decref(callee);
		}
		match_dict(&m, ev->globals, pbuf, plen);
		match_dict(&m, ev->builtins, pbuf, plen);
		for (int i = 0; keywords[i]; i++)
			match_add(&m, keywords[i], pbuf, plen);
	} else {
		enum skind sk;
		struct value *obj = static_dotted(ev, code, st, code + st, lastdot - st, 0, &sk);
		if (obj && sk == SK_ARRAY && obj->type != VT_NDARRAY) {
			for (int i = 0; ndarray_attrs[i]; i++)
				match_add(&m, ndarray_attrs[i], pbuf, plen);
			val_decref(obj);
		} else if (obj) {
			if (obj->type == VT_MODULE) {
				match_dict(&m, obj->u.mod.attrs, pbuf, plen);
			} else if (obj->type == VT_NDARRAY) {
				for (int i = 0; ndarray_attrs[i]; i++)
					match_add(&m, ndarray_attrs[i], pbuf, plen);
			} else if (obj->type == VT_OBJECT && obj->u.obj.t && obj->u.obj.t->attrs) {
				for (const char *const *a = obj->u.obj.t->attrs; *a; a++)
					match_add(&m, *a, pbuf, plen);
			} else {
				const char *const *names = builtins_method_names(obj);
				for (; names && *names; names++)
					match_add(&m, *names, pbuf, plen);
			}
			val_decref(obj);
		}
	}
	err_clear(ev);
	if (m.n)
		qsort(m.v, (size_t)m.n, sizeof *m.v, cmp_strp);
	out->matches = m.v;
	out->nmatches = m.n;
	out->cursor_start = (int)utf8_len(code, pstart);
	out->cursor_end = (int)utf8_len(code, cur);
	return 0;
}

static char *sig_of(struct value *v)
{
	struct sbuf b = {0};
	if (v->type != VT_FUNCTION)
		return NULL;
	const struct funcdef *fd = v->u.func->fd;
	sb_printf(&b, "%s(", fd->name);
	int kwonly_marked = 0;
	for (int i = 0; i < fd->nparams; i++) {
		const struct param *p = &fd->params[i];
		if (i)
			sb_adds(&b, ", ");
		if (p->kind == 3 && !kwonly_marked) {
			int star = 0;
			for (int j = 0; j < fd->nparams; j++)
				star |= fd->params[j].kind == 1;
			if (!star)
				sb_adds(&b, "*, ");
			kwonly_marked = 1;
		}
		if (p->kind == 1)
			sb_addc(&b, '*');
		if (p->kind == 2)
			sb_adds(&b, "**");
		sb_adds(&b, p->name);
		if (v->u.func->defaults && v->u.func->defaults[i]) {
			char *r = val_repr(NULL, v->u.func->defaults[i]);
			sb_printf(&b, "=%s", r ? r : "...");
			free(r);
		}
	}
	sb_addc(&b, ')');
	return sb_take(&b);
}

static char *engine_inspect_text(struct eval *ev, const char *expr, int detail)
{
	const char *s = expr;
	while (*s == ' ')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
		n--;
	struct value *v = lookup_dotted(ev, s, n);
	if (!v)
		return NULL;
	struct sbuf b = {0};
	char *r = val_repr(ev, v);
	if (!r) {
		err_clear(ev);
		r = strdup("<?>");
	}
	const char *tn = val_type_name(v);
	if (v->type == VT_BUILTIN && !v->u.bi.self)
		tn = "builtin_function_or_method";
	sb_printf(&b, "Type:        %s\n", tn);
	if (r && strlen(r) > 200 && !detail) {
		r[200] = 0;
		sb_printf(&b, "String form: %s...\n", r);
	} else {
		sb_printf(&b, "String form: %s\n", r ? r : "");
	}
	free(r);
	if (v->type == VT_NDARRAY || v->type == VT_STR || v->type == VT_LIST || v->type == VT_TUPLE ||
	    v->type == VT_DICT) {
		int64_t l = val_len(ev, v);
		if (l >= 0)
			sb_printf(&b, "Length:      %lld\n", (long long)l);
		err_clear(ev);
	}
	if (v->type == VT_NDARRAY) {
		char shp[256];
		arr_format_shape(shp, sizeof shp, v->u.arr->ndim, v->u.arr->shape);
		sb_printf(&b, "Shape:       %s\nDtype:       %s\nDevice:      %s\nNbytes:      %lld\n", shp,
			  dtype_table[v->u.arr->dtype].name, nd_backend(v->u.arr)->name,
			  (long long)(nd_size(v->u.arr) * dt_size(v->u.arr->dtype)));
	}
	if (v->type == VT_FUNCTION) {
		char *sig = sig_of(v);
		sb_printf(&b, "Signature:   %s\n", sig ? sig : "");
		free(sig);
		sb_printf(&b, "Docstring:   %s\n", v->u.func->fd->doc ? v->u.func->fd->doc : "<no docstring>");
		if (detail) {
			const struct funcdef *fd = v->u.func->fd;
			sb_printf(&b, "Source:\n");
			int endl = fd->line;
			/* the body's last line: the largest line of any body statement */
			for (int i = 0; i < fd->body.n; i++)
				if (fd->body.v[i]->line > endl)
					endl = fd->body.v[i]->line;
			for (int k = fd->line; k <= endl; k++) {
				size_t l;
				const char *t = arena_line(fd->arena, k, &l);
				sb_printf(&b, "%.*s\n", (int)l, t);
			}
		}
	} else if (v->type == VT_BUILTIN && docs_py_of(v)) {
		const struct pydoc *d = docs_py_of(v);
		if (*d->sig)
			sb_printf(&b, "Signature:   %s\n", d->sig);
		sb_printf(&b, "Docstring:   %s\n", *d->doc ? d->doc : "<no docstring>");
	} else if (v->type == VT_BUILTIN) {
		const struct arr_func *f = docs_find(v);
		if (f && f->sig)
			sb_printf(&b, "Signature:   %s\n", f->sig);
		sb_printf(&b, "Docstring:   %s\n", f && f->doc ? f->doc :
			  v->u.bi.qualname ? v->u.bi.qualname : "<no docstring>");
	} else if (v->type == VT_MODULE) {
		sb_printf(&b, "Docstring:   The %s module.\n", v->u.mod.name);
	} else if (v->type == VT_TYPE && docs_py_of(v)) {
		const struct pydoc *d = docs_py_of(v);
		if (*d->sig)
			sb_printf(&b, "Init signature: %s\n", d->sig);
		sb_printf(&b, "Docstring:   %s\n", *d->doc ? d->doc : "<no docstring>");
	}
	val_decref(v);
	return sb_take(&b);
}

int engine_inspect(struct engine *e, const char *code, int cursor_pos, int detail_level,
		   struct engine_bundle *out)
{
	struct eval *ev = e->ev;
	size_t len = strlen(code);
	size_t cur = cp_to_byte(code, len, cursor_pos);
	memset(out, 0, sizeof *out);
	size_t st = cur, en = cur;
	while (st > 0 && (is_idch((unsigned char)code[st - 1]) || code[st - 1] == '.'))
		st--;
	while (en < len && is_idch((unsigned char)code[en]))
		en++;
	/* a number, or nothing: inspect the callee of the enclosing call */
	if (st == en || !(code[st] == '_' || isalpha((unsigned char)code[st]) || (unsigned char)code[st] >= 0x80)) {
		size_t k = st;
		int depth = 0;
		while (k > 0) {
			char c = code[k - 1];
			if (c == ')')
				depth++;
			else if (c == '(') {
				if (depth == 0)
					break;
				depth--;
			}
			k--;
		}
		if (k == 0)
			return 0;
		en = k - 1;
		while (en > 0 && code[en - 1] == ' ')
			en--;
		st = en;
		while (st > 0 && (is_idch((unsigned char)code[st - 1]) || code[st - 1] == '.'))
			st--;
	}
	if (st == en)
		return 0;
	char *expr = strndup(code + st, en - st);
	if (!expr)
		return -1;
	char *text = st > 0 && code[st - 1] == '%' ? magic_doc(expr) :
		engine_inspect_text(ev, expr, detail_level);
	free(expr);
	err_clear(ev);
	if (!text)
		return 0;
	out->n = 1;
	out->mime[0] = strdup("text/plain");
	out->data[0] = text;
	out->len[0] = strlen(text);
	return 1;
}

/* Leave without running exit handlers: the CUDA libraries' teardown may
 * otherwise run while the background warm-up thread is still inside NVRTC
 * or cuBLAS (seen on the H200: a crash after all output was printed).
 * Nothing of Lumen's needs a handler: stdio is flushed here and the kernel
 * cache is written when a kernel is compiled.  Sanitizer builds return, so
 * that the caller's exit runs the leak check. */
void engine_mpi_set_world(int rank, int size, int local_rank)
{
	mpimod_set_world(rank, size, local_rank);
}

int engine_mpi_cell_begin(int after_interrupt)
{
	return mpimod_cell_begin(after_interrupt);
}

int engine_exit(int status)
{
	/* MPI ends here only when `from mpi4py import MPI` started it, and only
	 * after a clean run: a rank that failed leaves without MPI_Finalize (it
	 * would wait for ranks that wait for it), so mpiexec ends the job */
	if (status == 0)
		mpimod_finalize();
	fflush(stdout);
	fflush(stderr);
#if defined(__SANITIZE_ADDRESS__)
	return status;
#else
	_exit(status);
#endif
}
