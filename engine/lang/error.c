/*
 * error.c — raising and fetching errors on the evaluator, the interrupt
 * check, the cell's output streams and Python-style warnings on stderr.  The first error wins; the
 * traceback is the frame stack at the moment of the error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include "lang/core.h"
#include "lang/error.h"

static void tb_clear(struct eval *ev)
{
	for (int i = 0; i < ev->ntb; i++) {
		arena_decref(ev->tb[i].arena);
		free(ev->tb[i].name);
	}
	ev->ntb = 0;
}

static void tb_capture(struct eval *ev)
{
	tb_clear(ev);
	if (ev->nframes > ev->captb) {
		struct tb_entry *n = realloc(ev->tb, sizeof *n * (size_t)ev->nframes);
		if (!n)
			return;
		ev->tb = n;
		ev->captb = ev->nframes;
	}
	for (int i = 0; i < ev->nframes; i++) {
		ev->tb[i].arena = ev->frames[i].arena;
		arena_incref(ev->tb[i].arena);
		ev->tb[i].name = strdup(ev->frames[i].name ? ev->frames[i].name : "<module>");
		ev->tb[i].line = ev->frames[i].line;
		ev->tb[i].node = ev->frames[i].node;
		ev->tb[i].fd = ev->frames[i].fd;
	}
	ev->ntb = ev->nframes;
}

void err_set_value(struct eval *ev, struct value *exc)
{
	if (!ev || ev->err || !exc) {
		val_decref(exc);
		return;
	}
	ev->err = exc;
	if (exc->type == VT_EXCEPTION && ev->nframes)
		exc->u.exc.lineno = ev->frames[ev->nframes - 1].line;
	tb_capture(ev);
}

void *err_set(struct eval *ev, enum typeid type, const char *fmt, ...)
{
	char buf[512], *msg = buf;
	va_list ap;
	if (!ev || ev->err)
		return NULL;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof buf) {
		msg = malloc((size_t)n + 1);
		if (msg) {
			va_start(ap, fmt);
			vsnprintf(msg, (size_t)n + 1, fmt, ap);
			va_end(ap);
		} else {
			msg = buf;
		}
	}
	struct value *e = val_exception_new(type, msg);
	if (msg != buf)
		free(msg);
	if (!e)
		return err_nomem(ev);
	err_set_value(ev, e);
	return NULL;
}

int err_occurred(struct eval *ev)
{
	return ev && ev->err != NULL;
}

void *err_nomem(struct eval *ev)
{
	static struct value nomem;
	static struct value noargs;
	if (!ev || ev->err)
		return NULL;
	if (!nomem.refcnt) {
		noargs.refcnt = 1 << 30;
		noargs.type = VT_TUPLE;
		nomem.refcnt = 1 << 30;
		nomem.type = VT_EXCEPTION;
		nomem.u.exc.type = TY_MemoryError;
		nomem.u.exc.args = &noargs;
	}
	nomem.refcnt = 1 << 30;
	noargs.refcnt = 1 << 30;
	ev->err = &nomem;
	tb_capture(ev);
	return NULL;
}

struct value *err_fetch(struct eval *ev)
{
	if (!ev)
		return NULL;
	struct value *e = ev->err;
	ev->err = NULL;
	return e;
}

void err_clear(struct eval *ev)
{
	if (!ev)
		return;
	val_decref(ev->err);
	ev->err = NULL;
	tb_clear(ev);
}

int ev_check_interrupt(struct eval *ev)
{
	if (!ev->interrupt)
		return 0;
	ev->interrupt = 0;
	err_set_value(ev, val_exception_new(TY_KeyboardInterrupt, NULL));
	if (!ev->err)
		err_nomem(ev);
	return 1;
}

void ev_write(struct eval *ev, int fd, const char *s, size_t len)
{
	if (ev && ev->sink && ev->sink->stream) {
		ev->sink->stream(ev->sink->ctx, fd, s, len);
		return;
	}
	FILE *f = fd == 2 ? stderr : stdout;
	fwrite(s, 1, len, f);
	if (fd == 2)
		fflush(f);
}

void err_tb_clear(struct eval *ev)
{
	tb_clear(ev);
}

/* ---- warnings, as CPython's default filter prints them ----
 * The once-registry is process-wide (Lumen runs one evaluator thread). */

static char **seen;   /* the once-registry: "file\nline\ncategory\nmessage" */
static size_t nseen, capseen;

/* 1 if key was already shown, else records it and returns 0 */
static int shown_before(const char *key)
{
	for (size_t i = 0; i < nseen; i++)
		if (!strcmp(seen[i], key))
			return 1;
	if (nseen == capseen) {
		size_t cap = capseen ? capseen * 2 : 16;
		char **n = realloc(seen, cap * sizeof *n);
		if (!n)
			return 0;
		seen = n;
		capseen = cap;
	}
	seen[nseen] = strdup(key);
	if (seen[nseen])
		nseen++;
	return 0;
}

int (*ev_warn_hook)(struct eval *ev, const char *category, const char *msg);

void ev_warn(struct eval *ev, const char *category, const char *msg)
{
	const char *file = "<string>", *src = NULL;
	size_t srclen = 0;
	int line = 1;
	char key[1024], *text;
	if (ev->nframes > 0) {
		const struct frame *f = &ev->frames[ev->nframes - 1];
		line = f->line;
		if (f->arena) {
			file = f->arena->name ? f->arena->name : file;
			src = arena_line(f->arena, line, &srclen);
		}
	}
	if (ev_warn_hook && ev_warn_hook(ev, category, msg))
		return;
	snprintf(key, sizeof key, "%s\n%d\n%s\n%s", file, line, category, msg);
	if (shown_before(key))
		return;
	while (src && srclen && (*src == ' ' || *src == '\t')) {
		src++;
		srclen--;
	}
	while (src && srclen && (src[srclen - 1] == ' ' || src[srclen - 1] == '\t' || src[srclen - 1] == '\r'))
		srclen--;
	size_t n = strlen(file) + strlen(category) + strlen(msg) + srclen + 64;
	text = malloc(n);
	if (!text)
		return;
	if (src && srclen)
		snprintf(text, n, "%s:%d: %s: %s\n  %.*s\n", file, line, category, msg, (int)srclen, src);
	else
		snprintf(text, n, "%s:%d: %s: %s\n", file, line, category, msg);
	ev_write(ev, 2, text, strlen(text));
	free(text);
}
