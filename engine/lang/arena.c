/*
 * arena.c — the cell arena (arena.h): chunked bump allocation, the copy of
 * the source and its line table, and the constants the cell references.
 * Never parses; parse.c allocates everything it builds here.
 */
#include <stdlib.h>
#include <string.h>
#include "lang/arena.h"
#include "lang/value.h"

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	max_align_t data[];
};

struct arena *arena_new(const char *src, size_t len, const char *name)
{
	struct arena *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->refcnt = 1;
	a->src = malloc(len + 1);
	a->name = strdup(name ? name : "<string>");
	if (!a->src || !a->name) {
		arena_decref(a);
		return NULL;
	}
	memcpy(a->src, src, len);
	a->src[len] = 0;
	a->srclen = len;
	int n = 1;
	for (size_t i = 0; i < len; i++)
		if (src[i] == '\n')
			n++;
	a->lines = malloc(sizeof *a->lines * (size_t)n);
	if (!a->lines) {
		arena_decref(a);
		return NULL;
	}
	a->lines[0] = a->src;
	a->nlines = 1;
	for (size_t i = 0; i < len; i++)
		if (a->src[i] == '\n')
			a->lines[a->nlines++] = a->src + i + 1;
	return a;
}

void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct arena_chunk *c = a->chunks;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > 65536 ? n : 65536;
		c = malloc(sizeof *c + cap);
		if (!c)
			return NULL;
		c->next = a->chunks;
		c->used = 0;
		c->cap = cap;
		a->chunks = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

int arena_keep(struct arena *a, struct value *v)
{
	if (a->nconsts == a->capconsts) {
		size_t cap = a->capconsts ? a->capconsts * 2 : 64;
		struct value **nv = realloc(a->consts, cap * sizeof *nv);
		if (!nv) {
			val_decref(v);
			return -1;
		}
		a->consts = nv;
		a->capconsts = cap;
	}
	a->consts[a->nconsts++] = v;
	return 0;
}

void arena_incref(struct arena *a)
{
	if (a)
		a->refcnt++;
}

void arena_decref(struct arena *a)
{
	if (!a || --a->refcnt > 0)
		return;
	for (size_t i = 0; i < a->nconsts; i++)
		val_decref(a->consts[i]);
	free(a->consts);
	while (a->chunks) {
		struct arena_chunk *n = a->chunks->next;
		free(a->chunks);
		a->chunks = n;
	}
	free(a->src);
	free(a->lines);
	free(a->name);
	free(a);
}

const char *arena_line(const struct arena *a, int n, size_t *len)
{
	if (n < 1 || n > a->nlines) {
		*len = 0;
		return "";
	}
	const char *s = a->lines[n - 1];
	const char *e = n < a->nlines ? a->lines[n] - 1 : a->src + a->srclen;
	if (e > s && e[-1] == '\r')
		e--;
	*len = (size_t)(e - s);
	return s;
}
