/*
 * lex.h — the tokenizer of the cell language (Python's tokens).
 *
 * The lexer turns a cell's UTF-8 source into tokens on demand, producing
 * NEWLINE/INDENT/DEDENT the way CPython's tokenizer does.  Token text points
 * into the source, which the caller keeps alive.  It never allocates: on a
 * bad token it calls the error callback given by the parser (which longjmps).
 */
#ifndef LUMEN_LEX_H
#define LUMEN_LEX_H

#include <stddef.h>

/* ORDER TK: tk_names[] in lex.c follows this order. */
enum tok {
	T_EOF, T_NEWLINE, T_INDENT, T_DEDENT, T_NAME, T_INT, T_FLOAT, T_IMAG,
	T_STRING, T_MAGIC,
	/* keywords (ORDER: lex_keywords[]) */
	T_FALSE, T_NONE, T_TRUE, T_AND, T_AS, T_ASSERT, T_ASYNC, T_AWAIT,
	T_BREAK, T_CLASS, T_CONTINUE, T_DEF, T_DEL, T_ELIF, T_ELSE, T_EXCEPT,
	T_FINALLY, T_FOR, T_FROM, T_GLOBAL, T_IF, T_IMPORT, T_IN, T_IS,
	T_LAMBDA, T_NONLOCAL, T_NOT, T_OR, T_PASS, T_RAISE, T_RETURN, T_TRY,
	T_WHILE, T_WITH, T_YIELD,
	/* punctuation */
	T_LPAR, T_RPAR, T_LSQB, T_RSQB, T_LBRACE, T_RBRACE, T_COLON, T_COMMA,
	T_SEMI, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_VBAR, T_AMPER, T_LESS,
	T_GREATER, T_EQUAL, T_DOT, T_PERCENT, T_EQEQUAL, T_NOTEQUAL,
	T_LESSEQUAL, T_GREATEREQUAL, T_TILDE, T_CIRCUMFLEX, T_LSHIFT, T_RSHIFT,
	T_DOUBLESTAR, T_PLUSEQ, T_MINEQ, T_STAREQ, T_SLASHEQ, T_PERCENTEQ,
	T_AMPEREQ, T_VBAREQ, T_CIRCEQ, T_LSHIFTEQ, T_RSHIFTEQ, T_DSTAREQ,
	T_DSLASH, T_DSLASHEQ, T_AT, T_ATEQ, T_ARROW, T_ELLIPSIS, T_COLONEQ,
	T_QUESTION, T_DQUESTION, T_BANG,
	T_COUNT
};

/* String token flags */
enum { STR_RAW = 1, STR_F = 2, STR_BYTES = 4, STR_TRIPLE = 8 };

struct token {
	enum tok t;
	const char *s;   /* T_NAME/T_INT/...: the text; T_STRING: the body */
	size_t len;
	int flags;       /* T_STRING: STR_* */
	int line;        /* 1-based */
	int col;         /* 0-based byte column */
	const char *start; /* first byte of the token (with prefix/quotes) */
	const char *end;   /* one past its last byte */
	int end_line, end_col; /* where it ends (0-based byte column) */
};

#define LEX_MAXINDENT 100
#define LEX_MAXPAREN 200

struct lexer {
	const char *src, *p, *end;
	const char *line_start;
	int line;
	int indents[LEX_MAXINDENT];
	int nindent;
	int pending;      /* >0 INDENTs, <0 DEDENTs still to hand out */
	int paren;        /* depth of open brackets */
	char parens[LEX_MAXPAREN];
	int paren_line[LEX_MAXPAREN];
	int paren_col[LEX_MAXPAREN];
	int at_bol;       /* at the beginning of a logical line */
	int emitted_any;  /* a token other than NEWLINE was produced */
	int line_begin;   /* the next token is the first of a logical line */
	int after_equal;  /* the last token was a `=` outside brackets: `x = %magic`, `x = !cmd` */
	int done;
	/* error: msg, where; the callback never returns */
	void (*error)(void *ctx, int type, const char *msg, int line, int col,
		      int incomplete);
	void *ctx;
};

/* error types given to the callback */
enum { LEXERR_SYNTAX, LEXERR_INDENT, LEXERR_TAB };

void lex_init(struct lexer *lx, const char *src, size_t len,
	      void (*error)(void *, int, const char *, int, int, int), void *ctx);
void lex_next(struct lexer *lx, struct token *tk);
/* 0-based byte column of p on the lexer's current line */
const char *lex_tokname(enum tok t);
/* keyword token for a name, or T_NAME */
enum tok lex_keyword(const char *s, size_t len);

#endif
