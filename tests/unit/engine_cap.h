/*
 * engine_cap.h — the engine-level harness of the C tests that run cells through
 * engine.h (t-ipython, t-hostcuda): a sink that captures stdout, stderr, the
 * execute_result's text/plain and text/html / javascript displays, and checks
 * of a cell's value, its stdout or its error.  One engine per test program (E,
 * which the program makes); include after tap.h.
 */
#ifndef LUMEN_TEST_ENGINE_CAP_H
#define LUMEN_TEST_ENGINE_CAP_H

#include <stdio.h>
#include <string.h>
#include "engine/engine.h"

#define diag(...) (printf("# "), printf(__VA_ARGS__), printf("\n"))

struct cap {
	char out[65536];
	char err[65536];
	char result[65536];
	char html[65536];
	char js[65536];
};

static inline void cat(char *dst, size_t cap, const char *s, size_t n)
{
	size_t l = strlen(dst);
	if (l + n >= cap)
		n = cap - l - 1;
	memcpy(dst + l, s, n);
	dst[l + n] = 0;
}

static inline void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct cap *c = ctx;
	if (fd == 1)
		cat(c->out, sizeof c->out, text, len);
	else
		cat(c->err, sizeof c->err, text, len);
}

static inline void s_display(void *ctx, const struct engine_bundle *b, int is_result, const char *id,
		      int update)
{
	struct cap *c = ctx;
	(void)id;
	(void)update;
	for (int i = 0; i < b->n; i++) {
		if (!strcmp(b->mime[i], "text/plain") && is_result)
			cat(c->result, sizeof c->result, b->data[i], b->len[i]);
		else if (!strcmp(b->mime[i], "text/html"))
			cat(c->html, sizeof c->html, b->data[i], b->len[i]);
		else if (!strcmp(b->mime[i], "application/javascript"))
			cat(c->js, sizeof c->js, b->data[i], b->len[i]);
	}
}

static struct engine *E;
static struct cap C;
static struct engine_error ERR;
static const struct engine_sink SINK = { &C, s_stream, s_display, NULL, NULL, NULL };

static inline int run(const char *code)
{
	memset(&C, 0, sizeof C);
	engine_error_clear(&ERR);
	return engine_execute(E, code, NULL, &SINK, &ERR);
}

/* runs code, then checks that expr's repr is want */
static inline int value_is(const char *code, const char *expr, const char *want)
{
	if (code && run(code) != 0) {
		diag("%s: %s: %s", code, ERR.ename ? ERR.ename : "?", ERR.evalue ? ERR.evalue : "");
		return 0;
	}
	if (run(expr) != 0) {
		diag("%s: %s: %s", expr, ERR.ename ? ERR.ename : "?", ERR.evalue ? ERR.evalue : "");
		return 0;
	}
	if (strcmp(C.result, want)) {
		diag("%s: got %s, want %s", expr, C.result, want);
		return 0;
	}
	return 1;
}

static inline int out_is(const char *code, const char *want)
{
	if (run(code) != 0) {
		diag("%s: %s: %s", code, ERR.ename ? ERR.ename : "?", ERR.evalue ? ERR.evalue : "");
		return 0;
	}
	if (strcmp(C.out, want)) {
		diag("%s: stdout %s, want %s", code, C.out, want);
		return 0;
	}
	return 1;
}

static inline int error_is(const char *code, const char *ename, const char *evalue)
{
	if (run(code) == 0) {
		diag("%s: no error", code);
		return 0;
	}
	if (strcmp(ERR.ename, ename) || (evalue && strcmp(ERR.evalue, evalue))) {
		diag("%s: %s: %s", code, ERR.ename, ERR.evalue);
		return 0;
	}
	return 1;
}

#endif
