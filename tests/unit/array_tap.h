/*
 * array_tap.h — the TAP driver of the array tests (t-ufunc, t-reduce,
 * t-creation): runs each case as a cell on a host-mode engine, captures
 * stdout and compares it with the text NumPy printed.  Header-only so each
 * test is one generated .c file.
 */
#ifndef LUMEN_ARRAY_TAP_H
#define LUMEN_ARRAY_TAP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"

struct array_case {
	const char *code;
	const char *expect;
};

struct array_cap {
	char *buf;
	size_t n, cap;
};

static void array_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct array_cap *c = ctx;
	if (fd != 1)
		return;
	if (c->n + len + 1 > c->cap) {
		size_t nc = (c->n + len + 1) * 2;
		char *nb = realloc(c->buf, nc);
		if (!nb)
			return;
		c->buf = nb;
		c->cap = nc;
	}
	memcpy(c->buf + c->n, text, len);
	c->n += len;
	c->buf[c->n] = 0;
}

static void array_comment(const char *tag, const char *s)
{
	printf("# %s:\n# ", tag);
	for (; *s; s++) {
		putchar(*s);
		if (*s == '\n' && s[1])
			printf("# ");
	}
	printf("\n");
}

static int array_tap_run(const char *title, const struct array_case *cases, size_t n)
{
	struct engine_options opt = {"host"};
	struct engine *e = engine_new(&opt);
	int failed = 0;
	printf("1..%zu\n", n);
	if (!e) {
		for (size_t i = 0; i < n; i++)
			printf("not ok %zu - %s: no engine\n", i + 1, title);
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		struct array_cap cap = {0};
		struct engine_sink sink = {0};
		struct engine_exec_opts eo = {0, 1, 0};
		struct engine_error err = {0};
		int rc, ok;
		sink.ctx = &cap;
		sink.stream = array_stream;
		rc = engine_execute(e, cases[i].code, &eo, &sink, &err);
		ok = rc == 0 && cap.buf && !strcmp(cap.buf, cases[i].expect);
		printf("%s %zu - %s case %zu\n", ok ? "ok" : "not ok", i + 1, title, i + 1);
		if (!ok) {
			failed++;
			array_comment("code", cases[i].code);
			array_comment("expected", cases[i].expect);
			array_comment("got", cap.buf ? cap.buf : "");
			if (rc)
				printf("# error: %s: %s\n", err.ename ? err.ename : "?", err.evalue ? err.evalue : "?");
		}
		if (rc)
			engine_error_clear(&err);
		free(cap.buf);
	}
	engine_free(e);
	return failed ? 1 : 0;
}

#endif
