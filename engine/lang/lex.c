/*
 * lex.c — the tokenizer: Python's tokens, NEWLINE/INDENT/DEDENT, implicit
 * line joining inside brackets, backslash continuation, comments, numbers
 * with '_', string prefixes (r, f, b, u and pairs) and triple quotes.
 * Owns nothing; never allocates.  Errors go to the parser's callback.
 */
#include <string.h>
#include <stdio.h>
#include "lang/lex.h"

static const char *const tk_names[T_COUNT] = {
	"end of input", "NEWLINE", "INDENT", "DEDENT", "name", "integer",
	"float", "imaginary", "string", "magic",
	"False", "None", "True", "and", "as", "assert", "async", "await",
	"break", "class", "continue", "def", "del", "elif", "else", "except",
	"finally", "for", "from", "global", "if", "import", "in", "is",
	"lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
	"while", "with", "yield",
	"(", ")", "[", "]", "{", "}", ":", ",", ";", "+", "-", "*", "/", "|",
	"&", "<", ">", "=", ".", "%", "==", "!=", "<=", ">=", "~", "^", "<<",
	">>", "**", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
	">>=", "**=", "//", "//=", "@", "@=", "->", "...", ":=", "?", "??", "!",
};

const char *lex_tokname(enum tok t)
{
	return (t >= 0 && t < T_COUNT) ? tk_names[t] : "?";
}

enum tok lex_keyword(const char *s, size_t len)
{
	for (int t = T_FALSE; t <= T_YIELD; t++)
		if (strlen(tk_names[t]) == len && memcmp(tk_names[t], s, len) == 0)
			return (enum tok)t;
	return T_NAME;
}

void lex_init(struct lexer *lx, const char *src, size_t len,
	      void (*error)(void *, int, const char *, int, int, int), void *ctx)
{
	memset(lx, 0, sizeof *lx);
	lx->src = lx->p = lx->line_start = src;
	lx->end = src + len;
	lx->line = 1;
	lx->nindent = 1;
	lx->indents[0] = 0;
	lx->at_bol = 1;
	lx->error = error;
	lx->ctx = ctx;
}

static void lx_err(struct lexer *lx, int type, const char *msg, int incomplete)
{
	lx->error(lx->ctx, type, msg, lx->line, (int)(lx->p - lx->line_start), incomplete);
}

static int is_idstart(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

static int is_idchar(unsigned char c)
{
	return is_idstart(c) || (c >= '0' && c <= '9');
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static void newline_seen(struct lexer *lx, const char *after)
{
	lx->line++;
	lx->line_start = after;
}

/* Skips the digits of base `base` with single '_' between them. */
static void scan_digits(struct lexer *lx, int base)
{
	const char *p = lx->p;
	for (;;) {
		int c = (unsigned char)*p;
		int ok = base == 16 ? ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
			: base == 8 ? (c >= '0' && c <= '7')
			: base == 2 ? (c == '0' || c == '1') : is_digit(c);
		if (p < lx->end && ok) {
			p++;
		} else if (p < lx->end && c == '_' && p + 1 < lx->end && p > lx->p) {
			int d = (unsigned char)p[1];
			int ok2 = base == 16 ? ((d >= '0' && d <= '9') || (d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F'))
				: base == 8 ? (d >= '0' && d <= '7')
				: base == 2 ? (d == '0' || d == '1') : is_digit(d);
			if (!ok2) {
				lx->p = p;
				lx_err(lx, LEXERR_SYNTAX, "invalid decimal literal", 0);
			}
			p++;
		} else {
			break;
		}
	}
	lx->p = p;
}

static void scan_number(struct lexer *lx, struct token *tk)
{
	const char *p = lx->p;
	tk->t = T_INT;
	if (*p == '0' && p + 1 < lx->end && strchr("xXoObB", p[1]) && p[1]) {
		int base = (p[1] == 'x' || p[1] == 'X') ? 16 : (p[1] == 'o' || p[1] == 'O') ? 8 : 2;
		lx->p = p + 2;
		if (lx->p < lx->end && *lx->p == '_')
			lx->p++;
		const char *d = lx->p;
		scan_digits(lx, base);
		if (lx->p == d)
			lx_err(lx, LEXERR_SYNTAX, base == 16 ? "invalid hexadecimal literal"
			       : base == 8 ? "invalid octal literal" : "invalid binary literal", 0);
	} else {
		scan_digits(lx, 10);
		if (lx->p < lx->end && *lx->p == '.') {
			lx->p++;
			tk->t = T_FLOAT;
			if (lx->p < lx->end && is_digit(*lx->p))
				scan_digits(lx, 10);
		}
		if (lx->p < lx->end && (*lx->p == 'e' || *lx->p == 'E')) {
			const char *q = lx->p + 1;
			if (q < lx->end && (*q == '+' || *q == '-'))
				q++;
			if (q < lx->end && is_digit(*q)) {
				lx->p = q;
				scan_digits(lx, 10);
				tk->t = T_FLOAT;
			} else {
				lx_err(lx, LEXERR_SYNTAX, "invalid decimal literal", 0);
			}
		}
		if (lx->p < lx->end && (*lx->p == 'j' || *lx->p == 'J')) {
			lx->p++;
			tk->t = T_IMAG;
		}
	}
	if (lx->p < lx->end && is_idstart((unsigned char)*lx->p))
		lx_err(lx, LEXERR_SYNTAX, "invalid decimal literal", 0);
	tk->s = p;
	tk->len = (size_t)(lx->p - p);
}

/* lx->p at the opening quote; flags from the prefix */
static void scan_string(struct lexer *lx, struct token *tk, int flags)
{
	char q = *lx->p;
	int start_line = lx->line;
	int triple = lx->p + 2 < lx->end && lx->p[1] == q && lx->p[2] == q;
	const char *p;
	if (triple) {
		flags |= STR_TRIPLE;
		p = lx->p + 3;
		const char *body = p;
		for (;;) {
			if (p >= lx->end) {
				char msg[100];
				lx->p = p;
				snprintf(msg, sizeof msg, "unterminated triple-quoted string literal (detected at line %d)", lx->line);
				lx->line = start_line;
				lx_err(lx, LEXERR_SYNTAX, msg, 1);
			}
			if (*p == '\\' && p + 1 < lx->end) {
				if (p[1] == '\n')
					newline_seen(lx, p + 2);
				p += 2;
				continue;
			}
			if (*p == '\n')
				newline_seen(lx, p + 1);
			if (*p == q && p + 2 < lx->end && p[1] == q && p[2] == q)
				break;
			p++;
		}
		tk->s = body;
		tk->len = (size_t)(p - body);
		lx->p = p + 3;
	} else {
		p = lx->p + 1;
		const char *body = p;
		for (;;) {
			if (p >= lx->end || *p == '\n') {
				char msg[100];
				snprintf(msg, sizeof msg, "unterminated string literal (detected at line %d)", lx->line);
				lx->p = tk->start ? tk->start : lx->p;
				lx_err(lx, LEXERR_SYNTAX, msg, 0);
			}
			if (*p == '\\' && p + 1 < lx->end) {
				if (p[1] == '\n')
					newline_seen(lx, p + 2);
				p += 2;
				continue;
			}
			if (*p == q)
				break;
			p++;
		}
		tk->s = body;
		tk->len = (size_t)(p - body);
		lx->p = p + 1;
	}
	tk->t = T_STRING;
	tk->flags = flags;
}

/* string prefix letters -> flags, or -1 */
static int str_prefix(const char *s, size_t n)
{
	int f = 0;
	if (n > 2)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int c = s[i] | 0x20, bit;
		switch (c) {
		case 'r': bit = STR_RAW; break;
		case 'f': bit = STR_F; break;
		case 'b': bit = STR_BYTES; break;
		case 'u': bit = 0x100; break;
		default: return -1;
		}
		if (f & bit)
			return -1;
		f |= bit;
	}
	if ((f & 0x100) && n > 1)
		return -1;
	if ((f & STR_F) && (f & STR_BYTES))
		return -1;
	return f & ~0x100;
}

static const struct { const char *s; enum tok t; } ops[] = {
	/* longest first */
	{"**=", T_DSTAREQ}, {"//=", T_DSLASHEQ}, {"<<=", T_LSHIFTEQ}, {">>=", T_RSHIFTEQ},
	{"...", T_ELLIPSIS},
	{"==", T_EQEQUAL}, {"!=", T_NOTEQUAL}, {"<=", T_LESSEQUAL}, {">=", T_GREATEREQUAL},
	{"<<", T_LSHIFT}, {">>", T_RSHIFT}, {"**", T_DOUBLESTAR}, {"+=", T_PLUSEQ},
	{"-=", T_MINEQ}, {"*=", T_STAREQ}, {"/=", T_SLASHEQ}, {"%=", T_PERCENTEQ},
	{"&=", T_AMPEREQ}, {"|=", T_VBAREQ}, {"^=", T_CIRCEQ}, {"//", T_DSLASH},
	{"@=", T_ATEQ}, {"->", T_ARROW}, {":=", T_COLONEQ}, {"??", T_DQUESTION},
	{"(", T_LPAR}, {")", T_RPAR}, {"[", T_LSQB}, {"]", T_RSQB}, {"{", T_LBRACE},
	{"}", T_RBRACE}, {":", T_COLON}, {",", T_COMMA}, {";", T_SEMI}, {"+", T_PLUS},
	{"-", T_MINUS}, {"*", T_STAR}, {"/", T_SLASH}, {"|", T_VBAR}, {"&", T_AMPER},
	{"<", T_LESS}, {">", T_GREATER}, {"=", T_EQUAL}, {".", T_DOT}, {"%", T_PERCENT},
	{"~", T_TILDE}, {"^", T_CIRCUMFLEX}, {"@", T_AT}, {"?", T_QUESTION}, {"!", T_BANG},
};

/* At the beginning of a logical line: measure indentation, skip blank
 * lines, queue INDENT/DEDENT.  Returns 1 when a line with content starts. */
static int do_indent(struct lexer *lx)
{
	for (;;) {
		int col = 0;
		const char *p = lx->p;
		while (p < lx->end && (*p == ' ' || *p == '\t' || *p == '\f')) {
			if (*p == ' ')
				col++;
			else if (*p == '\t')
				col = (col / 8 + 1) * 8;
			else
				col = 0;
			p++;
		}
		if (p < lx->end && *p == '\r')
			p++;
		if (p >= lx->end) {
			lx->p = p;
			return 0;
		}
		if (*p == '#') {
			while (p < lx->end && *p != '\n')
				p++;
		}
		if (p < lx->end && (*p == '\n' || (*p == '\r' && p + 1 < lx->end && p[1] == '\n'))) {
			if (*p == '\r')
				p++;
			lx->p = p + 1;
			newline_seen(lx, lx->p);
			continue;
		}
		if (p >= lx->end) {
			lx->p = p;
			return 0;
		}
		if (*p == '\\' && p + 1 < lx->end && p[1] == '\n') {
			/* continuation of an otherwise empty line: keep going */
		}
		lx->p = p;
		int cur = lx->indents[lx->nindent - 1];
		if (col > cur) {
			if (lx->nindent >= LEX_MAXINDENT)
				lx_err(lx, LEXERR_SYNTAX, "too many levels of indentation", 0);
			lx->indents[lx->nindent++] = col;
			lx->pending = 1;
		} else if (col < cur) {
			int n = 0;
			while (lx->nindent > 1 && lx->indents[lx->nindent - 1] > col) {
				lx->nindent--;
				n++;
			}
			if (lx->indents[lx->nindent - 1] != col) {
				while (lx->p < lx->end && *lx->p != '\n')
					lx->p++;
				lx_err(lx, LEXERR_INDENT, "unindent does not match any outer indentation level", 0);
			}
			lx->pending = -n;
		}
		return 1;
	}
}

static void lex_next1(struct lexer *lx, struct token *tk)
{
	memset(tk, 0, sizeof *tk);
again:
	if (lx->pending > 0) {
		lx->pending--;
		tk->t = T_INDENT;
		goto out_here;
	}
	if (lx->pending < 0) {
		lx->pending++;
		tk->t = T_DEDENT;
		goto out_here;
	}
	if (lx->done) {
		tk->t = T_EOF;
		goto out_here;
	}
	if (lx->at_bol && lx->paren == 0) {
		lx->at_bol = 0;
		if (do_indent(lx)) {
			lx->line_begin = 1;
			if (lx->pending)
				goto again;
		}
	}
	/* a magic or shell line, or one assigned (`x = %time f()`, `files = !ls`:
	 * IPython's MagicAssign and SystemAssign transforms; neither `= %` nor
	 * `= !` starts anything in Python) */
	if (lx->after_equal && !lx->line_begin && lx->paren == 0) {
		const char *q = lx->p;
		while (q < lx->end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < lx->end && (*q == '%' || (*q == '!' && !(q + 1 < lx->end && q[1] == '='))))
			lx->p = q;
		else
			lx->after_equal = 0;
	}
	if ((lx->line_begin || lx->after_equal) && lx->paren == 0 && lx->p < lx->end &&
	    (*lx->p == '%' || *lx->p == '!')) {
		const char *s = lx->p;
		lx->after_equal = 0;
		lx->line_begin = 0;
		tk->line = lx->line;
		tk->col = (int)(s - lx->line_start);
		while (lx->p < lx->end && *lx->p != '\n')
			lx->p++;
		tk->t = T_MAGIC;
		tk->s = s;
		tk->len = (size_t)(lx->p - s);
		while (tk->len && (s[tk->len - 1] == '\r' || s[tk->len - 1] == ' '))
			tk->len--;
		tk->start = s;
		tk->end = lx->p;
		lx->emitted_any = 1;
		return;
	}
	lx->line_begin = 0;
	/* skip blanks, comments and continuations */
	for (;;) {
		while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\f' || *lx->p == '\r'))
			lx->p++;
		if (lx->p < lx->end && *lx->p == '#') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		}
		if (lx->p < lx->end && *lx->p == '\\') {
			const char *q = lx->p + 1;
			if (q < lx->end && *q == '\r')
				q++;
			if (q < lx->end && *q == '\n') {
				lx->p = q + 1;
				newline_seen(lx, lx->p);
				if (lx->p >= lx->end)
					lx_err(lx, LEXERR_SYNTAX, "unexpected EOF while parsing", 1);
				continue;
			}
			if (q >= lx->end)
				lx_err(lx, LEXERR_SYNTAX, "unexpected EOF while parsing", 1);
			lx_err(lx, LEXERR_SYNTAX, "unexpected character after line continuation character", 0);
		}
		if (lx->p < lx->end && *lx->p == '\n' && lx->paren > 0) {
			lx->p++;
			newline_seen(lx, lx->p);
			continue;
		}
		break;
	}
	tk->line = lx->line;
	tk->col = (int)(lx->p - lx->line_start);
	tk->start = lx->p;
	if (lx->p >= lx->end) {
		if (lx->paren > 0) {
			char msg[64];
			lx->line = lx->paren_line[lx->paren - 1];
			snprintf(msg, sizeof msg, "'%c' was never closed", lx->parens[lx->paren - 1]);
			lx->error(lx->ctx, LEXERR_SYNTAX, msg, lx->line, lx->paren_col[lx->paren - 1], 1);
		}
		if (lx->emitted_any) {
			lx->emitted_any = 0;
			tk->t = T_NEWLINE;
			lx->at_bol = 1;
			goto out_here;
		}
		lx->done = 1;
		if (lx->nindent > 1) {
			lx->pending = -(lx->nindent - 1);
			lx->nindent = 1;
			goto again;
		}
		tk->t = T_EOF;
		goto out_here;
	}
	if (*lx->p == '\n') {
		lx->p++;
		newline_seen(lx, lx->p);
		lx->at_bol = 1;
		lx->emitted_any = 0;
		tk->t = T_NEWLINE;
		tk->end = lx->p;
		return;
	}
	lx->emitted_any = 1;
	unsigned char c = (unsigned char)*lx->p;
	if (is_idstart(c)) {
		const char *s = lx->p;
		while (lx->p < lx->end && is_idchar((unsigned char)*lx->p))
			lx->p++;
		size_t n = (size_t)(lx->p - s);
		if (lx->p < lx->end && (*lx->p == '\'' || *lx->p == '"')) {
			int f = str_prefix(s, n);
			if (f >= 0) {
				scan_string(lx, tk, f);
				tk->end = lx->p;
				return;
			}
		}
		tk->t = lex_keyword(s, n);
		tk->s = s;
		tk->len = n;
		tk->end = lx->p;
		return;
	}
	if (is_digit(c) || (c == '.' && lx->p + 1 < lx->end && is_digit(lx->p[1]))) {
		scan_number(lx, tk);
		tk->end = lx->p;
		return;
	}
	if (c == '\'' || c == '"') {
		scan_string(lx, tk, 0);
		tk->end = lx->p;
		return;
	}
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		size_t n = strlen(ops[i].s);
		if ((size_t)(lx->end - lx->p) >= n && memcmp(lx->p, ops[i].s, n) == 0) {
			tk->t = ops[i].t;
			tk->s = lx->p;
			tk->len = n;
			lx->p += n;
			tk->end = lx->p;
			if (tk->t == T_LPAR || tk->t == T_LSQB || tk->t == T_LBRACE) {
				if (lx->paren >= LEX_MAXPAREN)
					lx_err(lx, LEXERR_SYNTAX, "too many nested parentheses", 0);
				lx->parens[lx->paren] = *tk->s;
				lx->paren_line[lx->paren] = tk->line;
				lx->paren_col[lx->paren] = tk->col;
				lx->paren++;
			} else if (tk->t == T_RPAR || tk->t == T_RSQB || tk->t == T_RBRACE) {
				char want = tk->t == T_RPAR ? '(' : tk->t == T_RSQB ? '[' : '{';
				char msg[80];
				if (lx->paren == 0) {
					snprintf(msg, sizeof msg, "unmatched '%c'", *tk->s);
					lx->p--;
					lx_err(lx, LEXERR_SYNTAX, msg, 0);
				}
				if (lx->parens[lx->paren - 1] != want) {
					if (lx->paren_line[lx->paren - 1] != tk->line)
						snprintf(msg, sizeof msg, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
							 *tk->s, lx->parens[lx->paren - 1], lx->paren_line[lx->paren - 1]);
					else
						snprintf(msg, sizeof msg, "closing parenthesis '%c' does not match opening parenthesis '%c'",
							 *tk->s, lx->parens[lx->paren - 1]);
					lx->p--;
					lx_err(lx, LEXERR_SYNTAX, msg, 0);
				}
				lx->paren--;
			}
			return;
		}
	}
	{
		char msg[80];
		if (c == '$' || c == '`' || c < 0x20 || c == 0x7f)
			snprintf(msg, sizeof msg, "invalid character '%c' (U+%04X)", c >= 0x20 ? c : '?', c);
		else
			snprintf(msg, sizeof msg, "invalid syntax");
		lx_err(lx, LEXERR_SYNTAX, msg, 0);
	}
out_here:
	if (!tk->line) {
		tk->line = lx->line;
		tk->col = (int)(lx->p - lx->line_start);
	}
	tk->start = tk->end = lx->p;
}

void lex_next(struct lexer *lx, struct token *tk)
{
	lex_next1(lx, tk);
	lx->after_equal = tk->t == T_EQUAL && lx->paren == 0;
	if (tk->end && tk->end >= lx->line_start && tk->t != T_NEWLINE) {
		tk->end_line = lx->line;
		tk->end_col = (int)(tk->end - lx->line_start);
	} else {
		tk->end_line = tk->line;
		tk->end_col = tk->col + (int)tk->len;
	}
}
