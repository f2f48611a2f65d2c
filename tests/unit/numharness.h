/*
 * numharness.h — the TAP harness shared by t-linalg, t-fft, t-random and
 * t-npyio: runs cells of num_cases.h (the numerics corpus with what NumPy
 * printed) through the engine API in a scratch directory and compares
 * stdout byte for byte; an uncaught error is compared as "Name: message".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/engine.h"
#include "num_cases.h"

struct outbuf {
	char *s;
	size_t n, cap;
};

static void ob_add(struct outbuf *o, const char *s, size_t len)
{
	if (o->n + len + 1 > o->cap) {
		size_t c = (o->n + len + 1) * 2;
		char *p = realloc(o->s, c);
		if (!p)
			return;
		o->s = p;
		o->cap = c;
	}
	memcpy(o->s + o->n, s, len);
	o->n += len;
	o->s[o->n] = 0;
}

static void nh_stream(void *ctx, int fd, const char *text, size_t len)
{
	if (fd == 1)
		ob_add(ctx, text, len);
}

static void nh_chdir_scratch(void)
{
	char tmpl[] = "/tmp/lumen-numtest-XXXXXX";
	if (mkdtemp(tmpl) && chdir(tmpl) == 0)
		return;
}

/* Runs every case whose name starts with prefix; returns the count run
 * and prints TAP lines numbered from *num. */
static int nh_run_prefix(const char *prefix, int *num, int *failed)
{
	int ran = 0;
	for (const struct num_case *c = num_cases; c->name; c++) {
		if (strncmp(c->name, prefix, strlen(prefix)))
			continue;
		struct engine_options eo = {.device = "host"};
		struct engine *e = engine_new(&eo);
		struct outbuf ob = {0};
		struct engine_sink sink = {.ctx = &ob, .stream = nh_stream};
		struct engine_exec_opts xo = {.silent = 0, .store_history = 1};
		struct engine_error err = {0};
		ob_add(&ob, "", 0);
		if (!e) {
			printf("not ok %d - %s (engine_new failed)\n", ++*num, c->name);
			++*failed;
			continue;
		}
		if (engine_execute(e, c->code, &xo, &sink, &err) < 0) {
			char line[1024];
			snprintf(line, sizeof line, "%s: %s\n", err.ename ? err.ename : "?", err.evalue ? err.evalue : "");
			ob_add(&ob, line, strlen(line));
			engine_error_clear(&err);
		}
		int ok = ob.s && !strcmp(ob.s, c->expect);
		printf("%s %d - %s\n", ok ? "ok" : "not ok", ++*num, c->name);
		if (!ok) {
			++*failed;
			printf("# expected:\n# %s\n# got:\n# %s\n", c->expect, ob.s ? ob.s : "(nothing)");
		}
		free(ob.s);
		engine_free(e);
		ran++;
	}
	return ran;
}

static int nh_count(const char *prefix)
{
	int n = 0;
	for (const struct num_case *c = num_cases; c->name; c++)
		n += !strncmp(c->name, prefix, strlen(prefix));
	return n;
}
