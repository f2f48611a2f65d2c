/*
 * parse.h — the parser: tokens to the AST of a cell (ast.h).
 *
 * Recursive descent with a precedence table for binary operators (as Lua's
 * lparser.c).  Everything it allocates lives in the cell's arena, so on a
 * syntax error it longjmps out and leaves nothing behind.
 */
#ifndef LUMEN_PARSE_H
#define LUMEN_PARSE_H

#include "lang/ast.h"

struct parse_error {
	int type;          /* TY_SyntaxError or TY_IndentationError */
	char msg[256];
	int line;          /* 1-based */
	int col;           /* 1-based column in code points, 0 unknown */
	int end_col;       /* 1-based end (exclusive), 0 unknown */
	int incomplete;    /* the source ended too early (for is_complete) */
};

/* Parses the arena's source as a cell (a sequence of statements).
 * 0 with *out filled, or -1 with *pe filled. */
int parse_cell(struct arena *a, struct nlist *out, struct parse_error *pe);
/* Parses the arena's source as a single expression. */
int parse_expr_only(struct arena *a, struct node **out, struct parse_error *pe);

#define PARSE_MAXDEPTH 200

#endif
