/*
 * strbuf.c — the engine's one growing string (strbuf.h).  Owns nothing
 * beyond the buffer it grows; never reports errors itself (oom is sticky).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include "lang/strbuf.h"

/* room for n more bytes and the NUL; 0, or -1 with oom set */
static int sb_grow(struct sbuf *b, size_t n)
{
	if (b->oom)
		return -1;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *ns = realloc(b->s, cap);
		if (!ns) {
			b->oom = 1;
			return -1;
		}
		b->s = ns;
		b->cap = cap;
	}
	return 0;
}

void sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (sb_grow(b, n) < 0)
		return;
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

void sb_adds(struct sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
void sb_addc(struct sbuf *b, char c) { sb_add(b, &c, 1); }

void sb_addrep(struct sbuf *b, char c, size_t n)
{
	if (sb_grow(b, n) < 0)
		return;
	memset(b->s + b->n, c, n);
	b->n += n;
	b->s[b->n] = 0;
}

void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof buf) {
		sb_add(b, buf, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		b->oom = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb_add(b, big, (size_t)n);
	free(big);
}

char *sb_take(struct sbuf *b)
{
	if (b->oom) {
		free(b->s);
		b->s = NULL;
		return NULL;
	}
	if (!b->s)
		return strdup("");
	char *s = b->s;
	b->s = NULL;
	return s;
}

