/*
 * fz-parse.c — libFuzzer target: the lexer and the parser (engine/lang/lex.c,
 * parse.c, resolve.c).  The input is a cell's source: it is tokenized to the
 * end (or to the lexer's error, which longjmps as the parser's does), then
 * parsed as a cell and resolved, and parsed as a single expression.  Either
 * a tree or a syntax error with a message and a line inside the source; never
 * a crash, a read past the source or a leak of the arena.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/arena.h"
#include "lang/ast.h"
#include "lang/lex.h"
#include "lang/parse.h"
#include "pyobj/pyobj.h"

#define CHECK(c)                                                                   \
	do {                                                                       \
		if (!(c)) {                                                        \
			fprintf(stderr, "fz-parse: check failed: %s\n", #c);       \
			abort();                                                   \
		}                                                                  \
	} while (0)

static jmp_buf jb;

static void on_error(void *ctx, int type, const char *msg, int line, int col, int incomplete)
{
	(void)ctx, (void)type, (void)col, (void)incomplete;
	CHECK(msg && *msg && line >= 0);
	longjmp(jb, 1);
}

static void lex_all(const char *src, size_t len)
{
	struct lexer lx;
	struct token tk;
	if (setjmp(jb))
		return;
	lex_init(&lx, src, len, on_error, NULL);
	/* every token consumes input or closes a bracket/indent: far fewer
	 * than this many before T_EOF */
	for (size_t guard = 0; guard < 4 * len + 1000; guard++) {
		lex_next(&lx, &tk);
		CHECK(lex_tokname(tk.t) != NULL);
		if (tk.t == T_EOF)
			return;
		if (tk.start && tk.end)
			CHECK(tk.start >= src && tk.end <= src + len + 1 && tk.start <= tk.end);
	}
	CHECK(!"the lexer never reached T_EOF");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = malloc(size + 1);
	struct parse_error pe;
	struct nlist body;
	struct node *expr;

	CHECK(src);
	pyobj_register();   /* big-int and bytes literals (idempotent) */
	memcpy(src, data, size);
	src[size] = 0;
	size_t len = strlen(src); /* cells come as C strings */
	lex_all(src, len);

	struct arena *a = arena_new(src, len, "<fuzz>");
	CHECK(a);
	memset(&pe, 0, sizeof pe);
	if (parse_cell(a, &body, &pe) == 0)
		(void)resolve_cell(a, &body);
	else
		CHECK(pe.msg[0] && pe.line >= 0);
	arena_decref(a);

	a = arena_new(src, len, "<fuzz-expr>");
	CHECK(a);
	memset(&pe, 0, sizeof pe);
	if (parse_expr_only(a, &expr, &pe) < 0)
		CHECK(pe.msg[0]);
	arena_decref(a);
	free(src);
	return 0;
}
