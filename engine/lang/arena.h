/*
 * arena.h — the arena of one cell: the memory its AST, strings and source
 * live in, and the constants it holds references to.  Refcounted: functions
 * defined in a cell keep its nodes after the cell has run.  Nothing in it is
 * freed one by one; arena_decref frees it all.
 */
#ifndef LUMEN_ARENA_H
#define LUMEN_ARENA_H

#include <stddef.h>

struct value;

/* The arena of one cell: nodes, strings, its source and line table. */
struct arena_chunk;
struct arena {
	int refcnt;
	struct arena_chunk *chunks;
	struct value **consts;   /* references the arena holds */
	size_t nconsts, capconsts;
	char *src;               /* copy of the cell's source */
	size_t srclen;
	const char **lines;      /* start of each line in src */
	int nlines;
	char *name;              /* "In[3]" / "/path/to/file.py" / "<string>" */
	int cellno;              /* execution count, 0 if none */
};

struct arena *arena_new(const char *src, size_t len, const char *name);
void *arena_alloc(struct arena *a, size_t n);  /* zeroed; NULL on OOM */
char *arena_strndup(struct arena *a, const char *s, size_t n);
int arena_keep(struct arena *a, struct value *v); /* steals v */
void arena_incref(struct arena *a);
void arena_decref(struct arena *a);
/* line n (1-based) of the source: pointer and length without newline */
const char *arena_line(const struct arena *a, int n, size_t *len);

#endif
