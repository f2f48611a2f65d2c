/*
 * parse.c — recursive descent parser of the cell language; the AST lives
 * in the cell's arena (arena.c).  Each parse function carries its grammar rule.
 * Only this file longjmps: every allocation comes from the arena, so an
 * error leaves nothing to free but the arena itself.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <math.h>
#include "lang/parse.h"
#include "lang/core.h"
#include "lang/lex.h"
#include "lang/error.h"

/* ---- parser state ---- */

struct scopeinfo {
	const char **locals, **globals, **nonlocals;
	int nlocals, caplocals, nglobals, capglobals, nnonlocals, capnonlocals;
	struct scopeinfo *up;
	int has_yield, is_class;
	const char *name;  /* a class body's qualified name */
};

struct parser {
	struct arena *A;
	struct lexer lx;
	struct token tok, ahead;
	int have_ahead;
	const char *prev_end;
	jmp_buf *jb;
	struct parse_error *pe;
	int depth;
	struct scopeinfo *sc;
	int loops, funcs;
	int line_off;            /* f-string sub-parsers: line of the string */
	int prev_eline, prev_ecol; /* where the last consumed token ended */
	int fix_line, fix_col;   /* f-string sub-parsers report here */
	const char *srcbase;
};

static void perr_span(struct parser *P, int type, int line, int col0, int end0, int incomplete,
		      const char *fmt, ...) __attribute__((noreturn, format(printf, 7, 8)));

static int col_codepoints(struct parser *P, int line, int col0)
{
	size_t len;
	if (P->fix_line)
		return P->fix_col;
	const char *s = arena_line(P->A, line, &len);
	int cp = 0;
	for (int i = 0; i < col0 && (size_t)i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			cp++;
	if ((size_t)col0 > len)
		cp += col0 - (int)len;
	return cp + 1;
}

static void perr_vspan(struct parser *P, int type, int line, int col0, int end0, int incomplete,
		       const char *fmt, va_list ap) __attribute__((noreturn));

static void perr_vspan(struct parser *P, int type, int line, int col0, int end0, int incomplete,
		       const char *fmt, va_list ap)
{
	struct parse_error *pe = P->pe;
	vsnprintf(pe->msg, sizeof pe->msg, fmt, ap);
	pe->type = type;
	/* an error after an unclosed bracket of an earlier line is that bracket's */
	if (!P->fix_line && type == TY_SyntaxError && strncmp(pe->msg, "invalid syntax", 14) == 0 &&
	    P->lx.paren > 0 && P->lx.paren_line[P->lx.paren - 1] < line) {
		int k = P->lx.paren - 1;
		snprintf(pe->msg, sizeof pe->msg, "'%c' was never closed", P->lx.parens[k]);
		line = P->lx.paren_line[k];
		col0 = P->lx.paren_col[k];
		end0 = -1;
	}
	if (P->fix_line) {
		pe->line = P->fix_line;
		pe->col = P->fix_col;
		pe->end_col = 0;
	} else {
		pe->line = line;
		pe->col = col_codepoints(P, line, col0);
		pe->end_col = end0 >= 0 ? col_codepoints(P, line, end0) : 0;
	}
	pe->incomplete = incomplete;
	longjmp(*P->jb, 1);
}

static void perr_span(struct parser *P, int type, int line, int col0, int end0, int incomplete,
		      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	perr_vspan(P, type, line, col0, end0, incomplete, fmt, ap);
}

static void perr_at(struct parser *P, int type, int line, int col0, int incomplete,
		    const char *fmt, ...) __attribute__((noreturn, format(printf, 6, 7)));
static void perr_at(struct parser *P, int type, int line, int col0, int incomplete,
		    const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	perr_vspan(P, type, line, col0, -1, incomplete, fmt, ap);
}

/* an error at a token: its whole text is underlined */
#define perr(P, tk, ...) perr_span(P, TY_SyntaxError, (tk)->line, (tk)->col, \
	(tk)->end_line == (tk)->line ? (tk)->end_col : -1, (tk)->t == T_EOF, __VA_ARGS__)
/* an error at a node */
#define perr_node(P, n, ...) perr_span(P, TY_SyntaxError, (n)->line, (n)->col, \
	(n)->end_line == (n)->line ? (n)->end_col : -1, 0, __VA_ARGS__)

static void lex_error_cb(void *ctx, int type, const char *msg, int line, int col, int incomplete)
{
	struct parser *P = ctx;
	perr_at(P, type == LEXERR_INDENT ? TY_IndentationError : TY_SyntaxError, line, col,
		incomplete, "%s", msg);
}

static void *P_alloc(struct parser *P, size_t n)
{
	void *p = arena_alloc(P->A, n);
	if (!p)
		perr_at(P, TY_MemoryError, P->tok.line, P->tok.col, 0, "out of memory");
	return p;
}

static char *P_strndup(struct parser *P, const char *s, size_t n)
{
	char *p = P_alloc(P, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

static void next(struct parser *P)
{
	P->prev_end = P->tok.end;
	P->prev_eline = P->tok.end_line;
	P->prev_ecol = P->tok.end_col;
	if (P->have_ahead) {
		P->tok = P->ahead;
		P->have_ahead = 0;
	} else {
		lex_next(&P->lx, &P->tok);
	}
}

static const struct token *peek(struct parser *P)
{
	if (!P->have_ahead) {
		lex_next(&P->lx, &P->ahead);
		P->have_ahead = 1;
	}
	return &P->ahead;
}

static int accept(struct parser *P, enum tok t)
{
	if (P->tok.t == t) {
		next(P);
		return 1;
	}
	return 0;
}

static void expect(struct parser *P, enum tok t)
{
	if (P->tok.t != t) {
		if (t == T_COLON)
			perr_span(P, TY_SyntaxError, P->prev_eline, P->prev_ecol, P->prev_ecol,
				  P->tok.t == T_EOF, "expected ':'");
		if (P->tok.t == T_EOF)
			perr(P, &P->tok, "unexpected EOF while parsing");
		perr(P, &P->tok, "invalid syntax");
	}
	next(P);
}

static struct node *mknode(struct parser *P, enum nkind k, const struct token *at)
{
	struct node *n = P_alloc(P, sizeof *n);
	n->kind = k;
	n->line = at->line;
	n->col = at->col;
	return n;
}

#define FIN(n) ((n)->end_line = P->prev_eline, (n)->end_col = P->prev_ecol)

/* A node for the operator or trailer at `at` whose span starts at its left
 * operand left (which becomes its a). */
static struct node *mknode_after(struct parser *P, enum nkind k, const struct token *at,
				 struct node *left)
{
	struct node *n = mknode(P, k, at);
	n->line = left->line;
	n->col = left->col;
	n->a = left;
	return n;
}

struct vec {
	struct node **v;
	int n, cap;
};

static void vpush(struct parser *P, struct vec *v, struct node *x)
{
	if (v->n == v->cap) {
		int cap = v->cap ? v->cap * 2 : 4;
		struct node **nv = P_alloc(P, sizeof *nv * (size_t)cap);
		if (v->n)
			memcpy(nv, v->v, sizeof *nv * (size_t)v->n);
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = x;
}

static struct nlist tolist(struct vec *v)
{
	struct nlist l = { v->v, v->n };
	return l;
}

static void names_add(struct parser *P, const char ***arr, int *n, int *cap, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (strcmp((*arr)[i], name) == 0)
			return;
	if (*n == *cap) {
		int nc = *cap ? *cap * 2 : 8;
		const char **na = P_alloc(P, sizeof *na * (size_t)nc);
		if (*n)
			memcpy(na, *arr, sizeof *na * (size_t)*n);
		*arr = na;
		*cap = nc;
	}
	(*arr)[(*n)++] = name;
}

static void bind_name(struct parser *P, const char *name)
{
	if (P->sc)
		names_add(P, &P->sc->locals, &P->sc->nlocals, &P->sc->caplocals, name);
}

static void enter(struct parser *P)
{
	if (++P->depth > PARSE_MAXDEPTH)
		perr(P, &P->tok, "too many nested parentheses");
}

static void leave(struct parser *P)
{
	P->depth--;
}

static const char *tokstr(struct parser *P, const struct token *t)
{
	return P_strndup(P, t->s, t->len);
}

/* ---- literals ---- */

static struct node *mkconst(struct parser *P, const struct token *at, struct value *v)
{
	if (!v)
		perr_at(P, TY_MemoryError, at->line, at->col, 0, "out of memory");
	if (arena_keep(P->A, v) < 0)
		perr_at(P, TY_MemoryError, at->line, at->col, 0, "out of memory");
	struct node *n = mknode(P, N_CONST, at);
	n->v = v;
	return n;
}

static struct node *number(struct parser *P)
{
	struct token t = P->tok;
	char buf[512];
	size_t k = 0;
	for (size_t i = 0; i < t.len && k < sizeof buf - 1; i++)
		if (t.s[i] != '_')
			buf[k++] = t.s[i];
	buf[k] = 0;
	next(P);
	if (t.len >= sizeof buf - 1)
		perr(P, &t, "numeric literal too long");
	if (t.t == T_INT) {
		int base = 10;
		const char *d = buf;
		if (buf[0] == '0' && (buf[1] | 0x20) == 'x') { base = 16; d += 2; }
		else if (buf[0] == '0' && (buf[1] | 0x20) == 'o') { base = 8; d += 2; }
		else if (buf[0] == '0' && (buf[1] | 0x20) == 'b') { base = 2; d += 2; }
		else if (buf[0] == '0' && buf[1]) {
			for (const char *q = buf; *q; q++)
				if (*q != '0')
					perr(P, &t, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
		}
		errno = 0;
		char *end;
		unsigned long long u = strtoull(d, &end, base);
		if (errno || u > (unsigned long long)INT64_MAX) {
			/* beyond int64: a big int (bigint.c) */
			struct value *big = pyobj_hooks.big_from_digits(NULL, d, base, 0);
			if (!big)
				perr_at(P, TY_SyntaxError, t.line, t.col, 0, "integer literal too large");
			return mkconst(P, &t, big);
		}
		return mkconst(P, &t, val_int((int64_t)u));
	}
	double f = strtod(buf, NULL);
	if (t.t == T_FLOAT)
		return mkconst(P, &t, val_float(f));
	buf[k - 1] = 0; /* the j */
	f = strtod(buf, NULL);
	return mkconst(P, &t, val_complex(CMPLX(0.0, f)));
}

static void put_utf8(char **o, unsigned long cp)
{
	char *p = *o;
	if (cp < 0x80) {
		*p++ = (char)cp;
	} else if (cp < 0x800) {
		*p++ = (char)(0xC0 | (cp >> 6));
		*p++ = (char)(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		*p++ = (char)(0xE0 | (cp >> 12));
		*p++ = (char)(0x80 | ((cp >> 6) & 0x3F));
		*p++ = (char)(0x80 | (cp & 0x3F));
	} else {
		*p++ = (char)(0xF0 | (cp >> 18));
		*p++ = (char)(0x80 | ((cp >> 12) & 0x3F));
		*p++ = (char)(0x80 | ((cp >> 6) & 0x3F));
		*p++ = (char)(0x80 | (cp & 0x3F));
	}
	*o = p;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

/* The one-character escapes str and bytes literals share: the byte that \e
 * stands for, 0 for a backslash-newline (which stands for nothing), -1 where
 * e starts no such escape. */
static int simple_escape(char e)
{
	switch (e) {
	case '\n': return 0;
	case '\\': return '\\';
	case '\'': return '\'';
	case '"': return '"';
	case 'a': return '\a';
	case 'b': return '\b';
	case 'f': return '\f';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'v': return '\v';
	default: return -1;
	}
}

/* Decodes escapes of s[0..n) into the arena; *outlen gets the byte count. */
static char *decode_str(struct parser *P, const struct token *at, const char *s,
			size_t n, int raw, size_t *outlen)
{
	char *out = P_alloc(P, n * 2 + 8), *o = out;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\r' && i + 1 < n && s[i + 1] == '\n')
			continue;
		if (c != '\\' || raw || i + 1 >= n) {
			*o++ = c;
			continue;
		}
		char e = s[++i];
		int se = simple_escape(e);
		if (se >= 0) {
			if (se)
				*o++ = (char)se;
			continue;
		}
		switch (e) {
		case 'x': case 'u': case 'U': {
			int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
			unsigned long cp = 0;
			for (int k = 0; k < nd; k++) {
				int h = i + 1 + k < n ? hexval((unsigned char)s[i + 1 + k]) : -1;
				if (h < 0)
					perr(P, at, "(unicode error) 'unicodeescape' codec can't decode bytes: truncated \\%c escape", e);
				cp = cp * 16 + (unsigned long)h;
			}
			if (cp > 0x10FFFF)
				perr(P, at, "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character");
			i += (size_t)nd;
			put_utf8(&o, cp);
			break;
		}
		case 'N':
			perr(P, at, "\\N{...} escapes are not supported by Lumen");
		default:
			if (e >= '0' && e <= '7') {
				unsigned long cp = (unsigned long)(e - '0');
				for (int k = 0; k < 2 && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7'; k++)
					cp = cp * 8 + (unsigned long)(s[++i] - '0');
				put_utf8(&o, cp);
			} else {
				*o++ = '\\';
				*o++ = e;
			}
		}
	}
	*o = 0;
	*outlen = (size_t)(o - out);
	return out;
}

/* A bytes literal's body s[0..n) with its escapes decoded into the arena
 * (CPython's: \xhh exactly two digits, octal kept to 8 bits, \u \N and
 * unknown escapes left as they are); *outlen gets the byte count. */
static char *decode_bytes(struct parser *P, const struct token *at, const char *s,
			  size_t n, int raw, size_t *outlen)
{
	char *out = P_alloc(P, n + 1), *o = out;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			perr(P, at, "bytes can only contain ASCII literal characters");
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\r' && i + 1 < n && s[i + 1] == '\n')
			continue;
		if (c != '\\' || raw || i + 1 >= n) {
			*o++ = c;
			continue;
		}
		size_t bs = i;
		char e = s[++i];
		int se = simple_escape(e);
		if (se >= 0) {
			if (se)
				*o++ = (char)se;
			continue;
		}
		switch (e) {
		case 'x': {
			int h1 = i + 1 < n ? hexval((unsigned char)s[i + 1]) : -1;
			int h2 = h1 >= 0 && i + 2 < n ? hexval((unsigned char)s[i + 2]) : -1;
			if (h2 < 0)
				perr(P, at, "(value error) invalid \\x escape at position %zu", bs);
			*o++ = (char)(h1 * 16 + h2);
			i += 2;
			break;
		}
		default:
			if (e >= '0' && e <= '7') {
				unsigned v = (unsigned)(e - '0');
				for (int k = 0; k < 2 && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7'; k++)
					v = v * 8 + (unsigned)(s[++i] - '0');
				*o++ = (char)(v & 0xFF);
			} else {
				*o++ = '\\';
				*o++ = e;
			}
		}
	}
	*o = 0;
	*outlen = (size_t)(o - out);
	return out;
}

static struct node *subparse_expr(struct parser *P, const struct token *at,
				  const char *s, size_t n);

/* f-string body -> N_FSTRING parts appended to v */
static void fstring_parts(struct parser *P, const struct token *at, const char *s,
			  size_t n, int raw, struct vec *v, int depth)
{
	size_t i = 0, lit = 0;
	char *buf = P_alloc(P, n + 1);
	size_t bl = 0;
	(void)lit;
#define FLUSH() do { if (bl) { size_t ol; char *d = decode_str(P, at, buf, bl, raw, &ol); \
	vpush(P, v, mkconst(P, at, val_str(d, ol))); bl = 0; } } while (0)
	while (i < n) {
		char c = s[i];
		if (c == '{' && i + 1 < n && s[i + 1] == '{' && depth == 0) {
			buf[bl++] = '{';
			i += 2;
			continue;
		}
		if (c == '}' && i + 1 < n && s[i + 1] == '}' && depth == 0) {
			buf[bl++] = '}';
			i += 2;
			continue;
		}
		if (c == '}')
			perr(P, at, "f-string: single '}' is not allowed");
		if (c != '{') {
			buf[bl++] = c;
			i++;
			continue;
		}
		FLUSH();
		/* scan the expression */
		size_t st = ++i;
		int nest = 0;
		char quote = 0;
		while (i < n) {
			char d = s[i];
			if (quote) {
				if (d == quote)
					quote = 0;
			} else if (d == '\'' || d == '"') {
				quote = d;
			} else if (d == '(' || d == '[' || d == '{') {
				nest++;
			} else if (d == ')' || d == ']' || d == '}') {
				if (nest == 0)
					break;
				nest--;
			} else if (nest == 0 && (d == ':' || (d == '!' && i + 1 < n && s[i + 1] != '='))) {
				break;
			} else if (nest == 0 && d == '=' && i + 1 < n && (s[i + 1] == '}' || s[i + 1] == '!' || s[i + 1] == ':')
				   && i > st && !strchr("=!<>", s[i - 1])) {
				break;
			}
			i++;
		}
		if (i >= n)
			perr(P, at, "f-string: expecting '}'");
		size_t en = i;
		int selfdoc = 0;
		if (s[i] == '=') {
			selfdoc = 1;
			i++;
		}
		struct node *f = mknode(P, N_FORMAT, at);
		{
			size_t a = st, b = en;
			while (a < b && (s[a] == ' ' || s[a] == '\n'))
				a++;
			if (a == b)
				perr(P, at, "f-string: empty expression not allowed");
		}
		f->a = subparse_expr(P, at, s + st, en - st);
		if (selfdoc) {
			/* `{x=}` shows "x=" then repr(x) unless a conversion/spec is given */
			vpush(P, v, mkconst(P, at, val_str(s + st, i - st)));
			f->op = 'r';
		}
		if (i < n && s[i] == '!') {
			if (i + 1 >= n || !strchr("rsa", s[i + 1]))
				perr(P, at, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
			f->op = s[i + 1];
			i += 2;
		}
		if (i < n && s[i] == ':') {
			if (selfdoc && f->op == 'r' && (i < 1 || s[i - 1] != 'r'))
				f->op = 0;
			size_t ss = ++i;
			int nn = 0;
			while (i < n && !(s[i] == '}' && nn == 0)) {
				if (s[i] == '{')
					nn++;
				else if (s[i] == '}')
					nn--;
				i++;
			}
			struct node *spec = mknode(P, N_FSTRING, at);
			struct vec sv = {0};
			if (depth > 1)
				perr(P, at, "f-string: expressions nested too deeply");
			fstring_parts(P, at, s + ss, i - ss, raw, &sv, depth + 1);
			spec->l = tolist(&sv);
			f->b = spec;
		}
		if (i >= n || s[i] != '}')
			perr(P, at, "f-string: expecting '}'");
		i++;
		vpush(P, v, f);
	}
	FLUSH();
#undef FLUSH
}

/* atom: STRING+ (adjacent literals concatenate; f-strings become N_FSTRING;
 * bytes literals join only bytes literals) */
static struct node *strings(struct parser *P)
{
	struct token first = P->tok;
	struct vec parts = {0};
	int anyf = 0, isbytes = (first.flags & STR_BYTES) != 0;
	while (P->tok.t == T_STRING) {
		struct token t = P->tok;
		if (((t.flags & STR_BYTES) != 0) != isbytes)
			perr(P, &t, "cannot mix bytes and nonbytes literals");
		if (isbytes) {
			size_t ol;
			char *d = decode_bytes(P, &t, t.s, t.len, t.flags & STR_RAW, &ol);
			vpush(P, &parts, mkconst(P, &t, pyobj_hooks.val_bytes(d, ol)));
		} else if (t.flags & STR_F) {
			anyf = 1;
			fstring_parts(P, &t, t.s, t.len, t.flags & STR_RAW, &parts, 0);
		} else {
			size_t ol;
			char *d = decode_str(P, &t, t.s, t.len, t.flags & STR_RAW, &ol);
			vpush(P, &parts, mkconst(P, &t, val_str(d, ol)));
		}
		next(P);
	}
	if (!anyf) {
		/* join constant parts */
		size_t total = 0;
		for (int i = 0; i < parts.n; i++)
			total += parts.v[i]->v->u.str->len;
		if (parts.n == 1)
			return parts.v[0];
		char *b = P_alloc(P, total + 1);
		size_t o = 0;
		for (int i = 0; i < parts.n; i++) {
			memcpy(b + o, parts.v[i]->v->u.str->s, parts.v[i]->v->u.str->len);
			o += parts.v[i]->v->u.str->len;
		}
		return mkconst(P, &first, isbytes ? pyobj_hooks.val_bytes(b, total) : val_str(b, total));
	}
	struct node *n = mknode(P, N_FSTRING, &first);
	n->l = tolist(&parts);
	return n;
}

/* ---- expressions ---- */

static struct node *test(struct parser *P);
static struct node *star_expr_or_test(struct parser *P);
static struct node *subexpr(struct parser *P, int limit);
static struct node *or_test(struct parser *P);
static void comp_clauses(struct parser *P, struct vec *cl);

static int starts_expr(enum tok t)
{
	switch (t) {
	case T_NAME: case T_INT: case T_FLOAT: case T_IMAG: case T_STRING:
	case T_FALSE: case T_NONE: case T_TRUE: case T_LAMBDA: case T_NOT:
	case T_LPAR: case T_LSQB: case T_LBRACE: case T_PLUS: case T_MINUS:
	case T_TILDE: case T_ELLIPSIS: case T_STAR: case T_AWAIT:
		return 1;
	default:
		return 0;
	}
}

/* The comprehension after an element: for_clause (for_clause | if_clause)* */
static struct node *comprehension(struct parser *P, const struct token *at,
				  struct node *elt, int genexp)
{
	struct node *n = mknode(P, N_LISTCOMP, at);
	struct vec cl = {0};
	n->a = elt;
	n->op = genexp;
	comp_clauses(P, &cl);
	n->l = tolist(&cl);
	return n;
}

/* A display's comprehension after its element, up to and past the closing
 * bracket close (the display's enter() is left here). */
static struct node *comprehension_closed(struct parser *P, const struct token *at,
					 struct node *elt, int genexp, enum tok close)
{
	struct node *n = comprehension(P, at, elt, genexp);
	expect(P, close);
	leave(P);
	return n;
}

/* The items of a display after its first, up to and past the closing
 * bracket close (the display's enter() is left here):
 * (',' (star_expr | test))* [','] close */
static struct nlist display_items(struct parser *P, struct node *first, enum tok close)
{
	struct vec v = {0};
	vpush(P, &v, first);
	while (accept(P, T_COMMA)) {
		if (P->tok.t == close)
			break;
		vpush(P, &v, star_expr_or_test(P));
	}
	if (P->tok.t != close) {
		if (close == T_RPAR && P->tok.t == T_EOF)
			perr(P, &P->tok, "'(' was never closed");
		perr(P, &P->tok, "invalid syntax. Perhaps you forgot a comma?");
	}
	next(P);
	leave(P);
	return tolist(&v);
}

static struct node *target_list_for(struct parser *P);
static struct node *testlist_star(struct parser *P);

/* yield_expr: 'yield' [testlist_star_expr | 'from' test] */
static struct node *yield_expr(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	if (!P->funcs || !P->sc || P->sc->is_class)
		perr(P, &at, "'yield' outside function");
	struct node *n = mknode(P, N_YIELD, &at);
	P->sc->has_yield = 1;
	if (accept(P, T_FROM)) {
		n->op = 1;
		n->a = test(P);
	} else if (starts_expr(P->tok.t)) {
		n->a = testlist_star(P);
	}
	FIN(n);
	return n;
}

/* the rest of a set display after its first item k:
 * '{' (star_expr | test) (comp_for | (',' (star_expr | test))* [',']) '}' */
static struct node *set_display(struct parser *P, const struct token *at, struct node *n,
				struct node *k)
{
	if (P->tok.t == T_FOR) {
		if (k->kind == N_STARRED)
			perr(P, at, "iterable unpacking cannot be used in comprehension");
		return comprehension_closed(P, at, k, 2, T_RBRACE);
	}
	n->l = display_items(P, k, T_RBRACE);
	n->kind = N_SET;
	return n;
}

static void comp_clauses(struct parser *P, struct vec *cl)
{
	while (P->tok.t == T_FOR || P->tok.t == T_IF || P->tok.t == T_ASYNC) {
		struct token at = P->tok;
		if (accept(P, T_FOR)) {
			struct node *c = mknode(P, N_COMPFOR, &at);
			c->a = target_list_for(P);
			expect(P, T_IN);
			c->b = or_test(P);
			vpush(P, cl, c);
		} else if (accept(P, T_IF)) {
			struct node *c = mknode(P, N_COMPIF, &at);
			/* comp_if: 'if' or_test (no conditional expression) */
			c->a = or_test(P);
			vpush(P, cl, c);
		} else {
			perr(P, &at, "'async' is not supported by Lumen");
		}
	}
}

/* atom: '(' [yield | testlist_comp] ')' | '[' [testlist_comp] ']'
 *     | '{' [dictorsetmaker] '}' | NAME | NUMBER | STRING+ | '...'
 *     | 'None' | 'True' | 'False' */
static struct node *atom1(struct parser *P);

static struct node *atom(struct parser *P)
{
	struct node *n = atom1(P);
	if (!n->end_line)
		FIN(n);
	return n;
}

static struct node *atom1(struct parser *P)
{
	struct token at = P->tok;
	struct node *n;
	switch (at.t) {
	case T_NAME:
		n = mknode(P, N_NAME, &at);
		n->s = tokstr(P, &at);
		next(P);
		return n;
	case T_INT: case T_FLOAT: case T_IMAG:
		return number(P);
	case T_STRING:
		return strings(P);
	case T_NONE:
		next(P);
		return mkconst(P, &at, val_none());
	case T_TRUE:
		next(P);
		return mkconst(P, &at, val_bool(1));
	case T_FALSE:
		next(P);
		return mkconst(P, &at, val_bool(0));
	case T_ELLIPSIS:
		next(P);
		return mkconst(P, &at, val_ellipsis());
	case T_MAGIC:
		/* the lexer makes one here only right after an assignment's `=` */
		next(P);
		n = mknode(P, N_MAGIC, &at);
		n->s = tokstr(P, &at);
		return n;
	case T_LPAR: {
		next(P);
		enter(P);
		if (accept(P, T_RPAR)) {
			leave(P);
			return mknode(P, N_TUPLE, &at);
		}
		if (P->tok.t == T_YIELD) {
			struct node *y = yield_expr(P);
			expect(P, T_RPAR);
			leave(P);
			return y;
		}
		struct node *e = star_expr_or_test(P);
		if (P->tok.t == T_FOR)
			return comprehension_closed(P, &at, e, 1, T_RPAR);
		if (P->tok.t == T_COLONEQ)
			perr(P, &P->tok, "':=' (assignment expressions) is not supported by Lumen");
		if (!e->end_line)
			FIN(e);
		if (accept(P, T_RPAR)) {
			leave(P);
			if (e->kind == N_STARRED)
				perr(P, &at, "cannot use starred expression here");
			/* remember the parentheses (for `(a, b)` in targets it does not matter) */
			if (e->kind == N_TUPLE)
				e->op = 1;
			return e;
		}
		struct nlist items = display_items(P, e, T_RPAR);
		n = mknode(P, N_TUPLE, &at);
		n->l = items;
		n->op = 1;
		return n;
	}
	case T_LSQB: {
		next(P);
		enter(P);
		n = mknode(P, N_LIST, &at);
		if (accept(P, T_RSQB)) {
			leave(P);
			return n;
		}
		struct node *e = star_expr_or_test(P);
		if (P->tok.t == T_FOR)
			return comprehension_closed(P, &at, e, 0, T_RSQB);
		n->l = display_items(P, e, T_RSQB);
		return n;
	}
	case T_LBRACE: {
		next(P);
		enter(P);
		n = mknode(P, N_DICT, &at);
		if (accept(P, T_RBRACE)) {
			leave(P);
			return n;
		}
		struct vec ks = {0}, vs = {0};
		for (;;) {
			if (accept(P, T_DOUBLESTAR)) {
				vpush(P, &ks, NULL);
				vpush(P, &vs, subexpr(P, 0));
			} else {
				struct node *k = star_expr_or_test(P);
				if (P->tok.t != T_COLON && ks.n == 0)
					return set_display(P, &at, n, k);
				if (P->tok.t != T_COLON)
					perr(P, &P->tok, "':' expected after dictionary key");
				next(P);
				struct node *val = test(P);
				if (ks.n == 0 && P->tok.t == T_FOR) {
					struct node *dc = mknode(P, N_DICTCOMP, &at);
					struct vec cl = {0};
					dc->a = k;
					dc->b = val;
					comp_clauses(P, &cl);
					dc->l = tolist(&cl);
					expect(P, T_RBRACE);
					leave(P);
					return dc;
				}
				vpush(P, &ks, k);
				vpush(P, &vs, val);
			}
			if (!accept(P, T_COMMA) || P->tok.t == T_RBRACE)
				break;
		}
		if (P->tok.t != T_RBRACE)
			perr(P, &P->tok, "invalid syntax. Perhaps you forgot a comma?");
		next(P);
		leave(P);
		n->l = tolist(&ks);
		n->l2 = tolist(&vs);
		return n;
	}
	case T_YIELD:
		perr(P, &at, "invalid syntax");
	case T_AWAIT:
		perr(P, &at, "'await' is not supported by Lumen");
	case T_EOF:
		perr(P, &at, "unexpected EOF while parsing");
	case T_NEWLINE:
		perr(P, &at, "invalid syntax");
	case T_INDENT:
		perr_at(P, TY_IndentationError, at.line, at.col - 1, 0, "unexpected indent");
	case T_BANG:
		perr(P, &at, "invalid syntax");
	default:
		if (at.t >= T_FALSE && at.t <= T_YIELD)
			perr(P, &at, "invalid syntax");
		perr(P, &at, "invalid syntax");
	}
}

/* subscript: test | [test] ':' [test] [':' [test]] */
static struct node *subscript(struct parser *P)
{
	struct token at = P->tok;
	struct node *lo = NULL;
	if (P->tok.t != T_COLON) {
		lo = star_expr_or_test(P);
		if (P->tok.t != T_COLON)
			return lo;
	}
	struct node *s = mknode(P, N_SLICE, &at);
	s->a = lo;
	next(P); /* ':' */
	if (P->tok.t != T_COLON && P->tok.t != T_RSQB && P->tok.t != T_COMMA)
		s->b = test(P);
	if (accept(P, T_COLON)) {
		if (P->tok.t != T_RSQB && P->tok.t != T_COMMA)
			s->c = test(P);
	}
	FIN(s);
	return s;
}

/* arglist: argument (',' argument)* [',']
 * argument: test [comp_for] | NAME '=' test | '*' test | '**' test */
static void arglist(struct parser *P, struct node *call)
{
	struct vec args = {0}, kws = {0};
	while (P->tok.t != T_RPAR) {
		struct token at = P->tok;
		if (accept(P, T_STAR)) {
			struct node *s = mknode(P, N_STARRED, &at);
			s->a = test(P);
			if (kws.n && 0)
				perr(P, &at, "iterable argument unpacking follows keyword argument unpacking");
			vpush(P, &args, s);
		} else if (accept(P, T_DOUBLESTAR)) {
			struct node *k = mknode(P, N_KEYWORD, &at);
			k->a = test(P);
			vpush(P, &kws, k);
		} else if (at.t == T_NAME && peek(P)->t == T_EQUAL) {
			struct node *k = mknode(P, N_KEYWORD, &at);
			k->s = tokstr(P, &at);
			next(P);
			next(P);
			k->a = test(P);
			for (int i = 0; i < kws.n; i++)
				if (kws.v[i]->s && strcmp(kws.v[i]->s, k->s) == 0)
					perr(P, &at, "keyword argument repeated: %s", k->s);
			vpush(P, &kws, k);
		} else {
			struct node *e = test(P);
			if (P->tok.t == T_EQUAL)
				perr(P, &at, "expression cannot contain assignment, perhaps you meant \"==\"?");
			if (P->tok.t == T_FOR) {
				e = comprehension(P, &at, e, 1);
				FIN(e);
				if (args.n || P->tok.t == T_COMMA) {
					if (!(P->tok.t == T_COMMA && peek(P)->t == T_RPAR && args.n == 0))
						perr_node(P, e, "Generator expression must be parenthesized");
				}
			}
			if (kws.n) {
				for (int i = 0; i < kws.n; i++)
					if (kws.v[i]->s == NULL)
						perr(P, &at, "positional argument follows keyword argument unpacking");
				perr(P, &at, "positional argument follows keyword argument");
			}
			vpush(P, &args, e);
		}
		if (!accept(P, T_COMMA)) {
			if (P->tok.t != T_RPAR) {
				if (P->tok.t == T_EOF)
					perr(P, &P->tok, "'(' was never closed");
				perr(P, &P->tok, "invalid syntax. Perhaps you forgot a comma?");
			}
			break;
		}
	}
	call->l = tolist(&args);
	call->l2 = tolist(&kws);
}

/* primary: atom trailer*
 * trailer: '(' [arglist] ')' | '[' subscriptlist ']' | '.' NAME */
static struct node *primary(struct parser *P)
{
	struct node *n = atom(P);
	for (;;) {
		struct token at = P->tok;
		if (at.t == T_LPAR) {
			next(P);
			enter(P);
			struct node *c = mknode_after(P, N_CALL, &at, n);
			arglist(P, c);
			expect(P, T_RPAR);
			leave(P);
			FIN(c);
			n = c;
		} else if (at.t == T_LSQB) {
			next(P);
			enter(P);
			struct node *s = mknode_after(P, N_SUBSCRIPT, &at, n);
			struct node *first = subscript(P);
			if (P->tok.t == T_COMMA) {
				struct vec v = {0};
				vpush(P, &v, first);
				while (accept(P, T_COMMA)) {
					if (P->tok.t == T_RSQB)
						break;
					vpush(P, &v, subscript(P));
				}
				struct node *t = mknode(P, N_TUPLE, &at);
				t->l = tolist(&v);
				FIN(t);
				first = t;
			}
			if (P->tok.t != T_RSQB) {
				if (P->tok.t == T_EOF)
					perr(P, &P->tok, "'[' was never closed");
				perr(P, &P->tok, "invalid syntax");
			}
			next(P);
			leave(P);
			s->b = first;
			FIN(s);
			n = s;
		} else if (at.t == T_DOT) {
			next(P);
			if (P->tok.t != T_NAME)
				perr(P, &P->tok, "invalid syntax");
			struct node *a = mknode_after(P, N_ATTR, &P->tok, n);
			a->s = tokstr(P, &P->tok);
			next(P);
			FIN(a);
			n = a;
		} else {
			return n;
		}
	}
}

/* power: primary ['**' factor] */
static struct node *power(struct parser *P)
{
	struct node *n = primary(P);
	if (P->tok.t == T_DOUBLESTAR) {
		struct token at = P->tok;
		next(P);
		enter(P);
		struct node *b = mknode_after(P, N_BINOP, &at, n);
		b->op = OP_POW;
		b->b = subexpr(P, 6); /* factor: unary operators bind, binaries don't */
		leave(P);
		FIN(b);
		return b;
	}
	return n;
}

/* Binary operator priorities (left = right: all left associative here;
 * ** is handled by power()). ORDER: by token. */
static int binprio(enum tok t, int *op)
{
	switch (t) {
	case T_VBAR: *op = OP_OR; return 1;
	case T_CIRCUMFLEX: *op = OP_XOR; return 2;
	case T_AMPER: *op = OP_AND; return 3;
	case T_LSHIFT: *op = OP_LSHIFT; return 4;
	case T_RSHIFT: *op = OP_RSHIFT; return 4;
	case T_PLUS: *op = OP_ADD; return 5;
	case T_MINUS: *op = OP_SUB; return 5;
	case T_STAR: *op = OP_MUL; return 6;
	case T_SLASH: *op = OP_TRUEDIV; return 6;
	case T_DSLASH: *op = OP_FLOORDIV; return 6;
	case T_PERCENT: *op = OP_MOD; return 6;
	case T_AT: *op = OP_MATMUL; return 6;
	default: return 0;
	}
}
#define UNARY_PRIO 7

/* subexpr: (unop subexpr | power) { binop subexpr }  (Lua's scheme:
 * a binary operator is taken while its priority exceeds limit) */
static struct node *subexpr(struct parser *P, int limit)
{
	struct node *n;
	struct token at = P->tok;
	enter(P);
	if (at.t == T_MINUS || at.t == T_PLUS || at.t == T_TILDE) {
		next(P);
		n = mknode(P, N_UNOP, &at);
		n->op = at.t == T_MINUS ? UOP_NEG : at.t == T_PLUS ? UOP_POS : UOP_INVERT;
		n->a = subexpr(P, UNARY_PRIO);
		FIN(n);
		/* fold -<number> so that -9223372036854775808 etc. are constants */
		if (n->op == UOP_NEG && n->a->kind == N_CONST &&
		    (n->a->v->type == VT_FLOAT || (n->a->v->type == VT_INT))) {
			struct value *v = n->a->v;
			struct value *nv = v->type == VT_FLOAT ? val_float(-v->u.f) : val_int(-v->u.i);
			struct node *c = mkconst(P, &at, nv);
			FIN(c);
			n = c;
		}
	} else {
		n = power(P);
	}
	int op = 0, prio;
	while ((prio = binprio(P->tok.t, &op)) > limit) {
		struct token ot = P->tok;
		next(P);
		struct node *b = mknode(P, N_BINOP, &ot);
		b->line = at.line;
		b->col = at.col;
		b->op = op;
		b->a = n;
		b->b = subexpr(P, prio);
		FIN(b);
		n = b;
	}
	leave(P);
	return n;
}

static int cmpop(struct parser *P, int *op)
{
	switch (P->tok.t) {
	case T_LESS: *op = CMP_LT; break;
	case T_LESSEQUAL: *op = CMP_LE; break;
	case T_EQEQUAL: *op = CMP_EQ; break;
	case T_NOTEQUAL: *op = CMP_NE; break;
	case T_GREATER: *op = CMP_GT; break;
	case T_GREATEREQUAL: *op = CMP_GE; break;
	case T_IN: *op = CMP_IN; break;
	case T_NOT:
		if (peek(P)->t != T_IN)
			return 0;
		next(P);
		*op = CMP_NOTIN;
		break;
	case T_IS:
		if (peek(P)->t == T_NOT) {
			next(P);
			*op = CMP_ISNOT;
		} else {
			*op = CMP_IS;
		}
		break;
	default:
		return 0;
	}
	next(P);
	return 1;
}

/* comparison: expr (comp_op expr)* */
static struct node *comparison(struct parser *P)
{
	struct node *first = subexpr(P, 0);
	int op = 0;
	if (!(P->tok.t == T_LESS || P->tok.t == T_LESSEQUAL || P->tok.t == T_EQEQUAL ||
	      P->tok.t == T_NOTEQUAL || P->tok.t == T_GREATER || P->tok.t == T_GREATEREQUAL ||
	      P->tok.t == T_IN || P->tok.t == T_IS || (P->tok.t == T_NOT && peek(P)->t == T_IN)))
		return first;
	struct vec v = {0};
	int ops[256], nops = 0;
	vpush(P, &v, first);
	while (cmpop(P, &op)) {
		if (nops >= 255)
			perr(P, &P->tok, "too many chained comparisons");
		ops[nops++] = op;
		vpush(P, &v, subexpr(P, 0));
	}
	struct node *n = mknode(P, N_COMPARE, &P->tok);
	n->line = first->line;
	n->col = first->col;
	n->l = tolist(&v);
	n->ops = P_alloc(P, sizeof(int) * (size_t)nops);
	memcpy(n->ops, ops, sizeof(int) * (size_t)nops);
	FIN(n);
	return n;
}

/* not_test: 'not' not_test | comparison */
static struct node *not_test(struct parser *P)
{
	struct token at = P->tok;
	if (accept(P, T_NOT)) {
		enter(P);
		struct node *n = mknode(P, N_UNOP, &at);
		n->op = UOP_NOT;
		n->a = not_test(P);
		leave(P);
		FIN(n);
		return n;
	}
	return comparison(P);
}

/* operand (op operand)*, left associative: the chains of 'and' and 'or' */
static struct node *bool_chain(struct parser *P, enum tok op, enum nkind k,
			       struct node *(*operand)(struct parser *))
{
	struct node *n = operand(P);
	while (P->tok.t == op) {
		struct token at = P->tok;
		next(P);
		struct node *b = mknode_after(P, k, &at, n);
		b->b = operand(P);
		FIN(b);
		n = b;
	}
	return n;
}

/* and_test: not_test ('and' not_test)* */
static struct node *and_test(struct parser *P)
{
	return bool_chain(P, T_AND, N_AND, not_test);
}

/* or_test: and_test ('or' and_test)* */
static struct node *or_test(struct parser *P)
{
	return bool_chain(P, T_OR, N_OR, and_test);
}

static struct funcdef *parameters(struct parser *P, enum tok close, const char *name);

/* lambdef: 'lambda' [varargslist] ':' test */
static struct node *lambdef(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	struct node *n = mknode(P, N_LAMBDA, &at);
	struct scopeinfo sc = {0};
	sc.up = P->sc;
	P->sc = &sc;
	struct funcdef *fd = parameters(P, T_COLON, "<lambda>");
	expect(P, T_COLON);
	struct node *body = test(P);
	struct node *ret = mknode(P, S_RETURN, &at);
	ret->a = body;
	struct vec b = {0};
	vpush(P, &b, ret);
	fd->body = tolist(&b);
	fd->line = at.line;
	fd->is_generator = sc.has_yield;
	fd->locals = sc.locals;
	fd->nlocals = sc.nlocals;
	P->sc = sc.up;
	n->fn = fd;
	FIN(n);
	return n;
}

/* test: or_test ['if' or_test 'else' test] | lambdef */
static struct node *test(struct parser *P)
{
	if (P->tok.t == T_LAMBDA)
		return lambdef(P);
	enter(P);
	struct node *n = or_test(P);
	if (P->tok.t == T_IF) {
		struct token at = P->tok;
		next(P);
		struct node *c = mknode(P, N_IFEXP, &at);
		c->line = n->line;
		c->col = n->col;
		c->b = n;
		c->a = or_test(P);
		if (P->tok.t != T_ELSE)
			perr_span(P, TY_SyntaxError, n->line, n->col, P->prev_eline == n->line ? P->prev_ecol : -1, 0,
				  "expected 'else' after 'if' expression");
		next(P);
		c->c = test(P);
		FIN(c);
		n = c;
	}
	if (P->tok.t == T_COLONEQ)
		perr(P, &P->tok, "':=' (assignment expressions) is not supported by Lumen");
	leave(P);
	return n;
}


/* star_expr: '*' expr */
static struct node *star_expr_or_test(struct parser *P)
{
	struct token at = P->tok;
	if (accept(P, T_STAR)) {
		struct node *s = mknode(P, N_STARRED, &at);
		s->a = subexpr(P, 0);
		FIN(s);
		return s;
	}
	return test(P);
}

/* testlist_star_expr: (test|star_expr) (',' (test|star_expr))* [','] */
static struct node *testlist_star(struct parser *P)
{
	struct token at = P->tok;
	struct node *e = star_expr_or_test(P);
	if (P->tok.t != T_COMMA)
		return e;
	struct vec v = {0};
	vpush(P, &v, e);
	while (accept(P, T_COMMA)) {
		if (!starts_expr(P->tok.t))
			break;
		vpush(P, &v, star_expr_or_test(P));
	}
	struct node *t = mknode(P, N_TUPLE, &at);
	t->l = tolist(&v);
	FIN(t);
	return t;
}

/* for targets: exprlist: (expr|star_expr) (',' (expr|star_expr))* [','] */
static struct node *target_list_for(struct parser *P)
{
	struct token at = P->tok;
	struct vec v = {0};
	for (;;) {
		struct token t = P->tok;
		struct node *e;
		if (accept(P, T_STAR)) {
			e = mknode(P, N_STARRED, &t);
			e->a = subexpr(P, 0);
		} else {
			e = subexpr(P, 0);
		}
		vpush(P, &v, e);
		if (P->tok.t != T_COMMA)
			break;
		next(P);
		if (P->tok.t == T_IN)
			break;
	}
	if (v.n == 1 && P->prev_end && P->prev_end[-1] != ',')
		return v.v[0];
	struct node *t = mknode(P, N_TUPLE, &at);
	t->l = tolist(&v);
	return t;
}

/* ---- targets ---- */

static const char *expr_desc(const struct node *n)
{
	switch (n->kind) {
	case N_CALL: return "function call";
	case N_CONST: return n->v->type == VT_NONE || n->v->type == VT_BOOL ? (n->v->type == VT_NONE ? "None" : (n->v->u.i ? "True" : "False")) : n->v->type == VT_ELLIPSIS ? "ellipsis" : "literal";
	case N_FSTRING: return "f-string expression";
	case N_BINOP: case N_UNOP: return "expression";
	case N_AND: case N_OR: return "expression";
	case N_COMPARE: return "comparison";
	case N_IFEXP: return "conditional expression";
	case N_LAMBDA: return "lambda";
	case N_LISTCOMP: return n->op ? "generator expression" : "list comprehension";
	case N_DICTCOMP: return "dict comprehension";
	case N_DICT: return "dict literal";
	default: return "expression";
	}
}

/* Checks an assignment target and records the names it binds. */
static void check_target(struct parser *P, struct node *n, int aug)
{
	switch (n->kind) {
	case N_NAME:
		bind_name(P, n->s);
		return;
	case N_ATTR: case N_SUBSCRIPT:
		return;
	case N_TUPLE: case N_LIST:
		if (aug)
			perr_node(P, n, "'%s' is an illegal expression for augmented assignment",
				  n->kind == N_TUPLE ? "tuple" : "list");
		for (int i = 0; i < n->l.n; i++)
			check_target(P, n->l.v[i], 0);
		return;
	case N_STARRED:
		if (aug)
			perr_node(P, n, "'starred' is an illegal expression for augmented assignment");
		check_target(P, n->a, 0);
		return;
	default:
		if (aug)
			perr_node(P, n, "'%s' is an illegal expression for augmented assignment", expr_desc(n));
		if (n->kind == N_CONST || n->kind == N_CALL)
			perr_node(P, n, "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_desc(n));
		perr_node(P, n, "cannot assign to %s", expr_desc(n));
	}
}

static void check_del_target(struct parser *P, struct node *n)
{
	switch (n->kind) {
	case N_NAME:
		bind_name(P, n->s);
		return;
	case N_ATTR: case N_SUBSCRIPT:
		return;
	case N_TUPLE: case N_LIST:
		for (int i = 0; i < n->l.n; i++)
			check_del_target(P, n->l.v[i]);
		return;
	default:
		perr_node(P, n, "cannot delete %s", expr_desc(n));
	}
}

/* ---- statements ---- */

static void block(struct parser *P, struct nlist *out, const char *what, int hdrline);
static void statement(struct parser *P, struct vec *out);

static const char *dotted_name(struct parser *P)
{
	char buf[512];
	size_t n = 0;
	for (;;) {
		if (P->tok.t != T_NAME)
			perr(P, &P->tok, "invalid syntax");
		if (n + P->tok.len + 2 >= sizeof buf)
			perr(P, &P->tok, "name too long");
		memcpy(buf + n, P->tok.s, P->tok.len);
		n += P->tok.len;
		next(P);
		if (P->tok.t != T_DOT)
			break;
		buf[n++] = '.';
		next(P);
	}
	return P_strndup(P, buf, n);
}

static enum tok augop(enum tok t, int *op)
{
	switch (t) {
	case T_PLUSEQ: *op = OP_ADD; break;
	case T_MINEQ: *op = OP_SUB; break;
	case T_STAREQ: *op = OP_MUL; break;
	case T_SLASHEQ: *op = OP_TRUEDIV; break;
	case T_DSLASHEQ: *op = OP_FLOORDIV; break;
	case T_PERCENTEQ: *op = OP_MOD; break;
	case T_DSTAREQ: *op = OP_POW; break;
	case T_ATEQ: *op = OP_MATMUL; break;
	case T_LSHIFTEQ: *op = OP_LSHIFT; break;
	case T_RSHIFTEQ: *op = OP_RSHIFT; break;
	case T_AMPEREQ: *op = OP_AND; break;
	case T_VBAREQ: *op = OP_OR; break;
	case T_CIRCEQ: *op = OP_XOR; break;
	default: return T_EOF;
	}
	return t;
}

/* simple_stmt: expr_stmt | del_stmt | pass_stmt | flow_stmt | import_stmt
 *            | global_stmt | nonlocal_stmt | assert_stmt | magic | help */

/* `from __future__ import X`: CPython's features (all in effect here) or its
 * SyntaxErrors */
static void check_future(struct parser *P, struct node *n)
{
	static const char *const features[] = {"nested_scopes", "generators", "division", "absolute_import",
		"with_statement", "print_function", "unicode_literals", "barry_as_FLUFL", "generator_stop",
		"annotations"};
	for (int i = 0; i < n->l.n; i++) {
		struct node *al = n->l.v[i];
		int known = 0;
		for (size_t k = 0; k < sizeof features / sizeof features[0]; k++)
			known |= strcmp(al->s, features[k]) == 0;
		if (strcmp(al->s, "braces") == 0)
			perr_node(P, al, "not a chance");
		if (!known)
			perr_node(P, al, "future feature %s is not defined", al->s);
	}
}

static struct node *simple_stmt(struct parser *P)
{
	struct token at = P->tok;
	struct node *n;
	switch (at.t) {
	case T_PASS:
		next(P);
		return mknode(P, S_PASS, &at);
	case T_BREAK:
		next(P);
		if (!P->loops)
			perr(P, &at, "'break' outside loop");
		return mknode(P, S_BREAK, &at);
	case T_CONTINUE:
		next(P);
		if (!P->loops)
			perr(P, &at, "'continue' not properly in loop");
		return mknode(P, S_CONTINUE, &at);
	case T_RETURN:
		next(P);
		n = mknode(P, S_RETURN, &at);
		if (starts_expr(P->tok.t))
			n->a = testlist_star(P);
		if (!P->funcs)
			perr_span(P, TY_SyntaxError, at.line, at.col, P->prev_eline == at.line ? P->prev_ecol : -1, 0,
				  "'return' outside function");
		return n;
	case T_DEL: {
		next(P);
		n = mknode(P, S_DEL, &at);
		struct vec v = {0};
		do {
			if (!starts_expr(P->tok.t))
				break;
			struct node *t = subexpr(P, 0);
			check_del_target(P, t);
			vpush(P, &v, t);
		} while (accept(P, T_COMMA));
		if (!v.n)
			perr(P, &P->tok, "invalid syntax");
		n->l = tolist(&v);
		return n;
	}
	case T_RAISE:
		next(P);
		n = mknode(P, S_RAISE, &at);
		if (starts_expr(P->tok.t)) {
			n->a = test(P);
			if (accept(P, T_FROM))
				n->b = test(P);
		}
		return n;
	case T_ASSERT:
		next(P);
		n = mknode(P, S_ASSERT, &at);
		n->a = test(P);
		if (accept(P, T_COMMA))
			n->b = test(P);
		return n;
	case T_GLOBAL: case T_NONLOCAL: {
		next(P);
		n = mknode(P, at.t == T_GLOBAL ? S_GLOBAL : S_NONLOCAL, &at);
		struct vec v = {0};
		do {
			if (P->tok.t != T_NAME)
				perr(P, &P->tok, "invalid syntax");
			struct node *nm = mknode(P, N_NAME, &P->tok);
			nm->s = tokstr(P, &P->tok);
			next(P);
			vpush(P, &v, nm);
			if (P->sc) {
				if (at.t == T_GLOBAL)
					names_add(P, &P->sc->globals, &P->sc->nglobals, &P->sc->capglobals, nm->s);
				else
					names_add(P, &P->sc->nonlocals, &P->sc->nnonlocals, &P->sc->capnonlocals, nm->s);
			} else if (at.t == T_NONLOCAL) {
				perr(P, &at, "nonlocal declaration not allowed at module level");
			}
		} while (accept(P, T_COMMA));
		n->l = tolist(&v);
		return n;
	}
	case T_IMPORT: {
		next(P);
		n = mknode(P, S_IMPORT, &at);
		struct vec v = {0};
		do {
			struct node *al = mknode(P, N_ALIAS, &P->tok);
			al->s = dotted_name(P);
			if (accept(P, T_AS)) {
				if (P->tok.t != T_NAME)
					perr(P, &P->tok, "invalid syntax");
				al->s2 = tokstr(P, &P->tok);
				next(P);
				bind_name(P, al->s2);
			} else {
				const char *dot = strchr(al->s, '.');
				bind_name(P, dot ? P_strndup(P, al->s, (size_t)(dot - al->s)) : al->s);
			}
			vpush(P, &v, al);
		} while (accept(P, T_COMMA));
		n->l = tolist(&v);
		return n;
	}
	case T_FROM: {
		next(P);
		n = mknode(P, S_FROM, &at);
		if (P->tok.t == T_DOT || P->tok.t == T_ELLIPSIS)
			perr(P, &P->tok, "relative imports are not supported by Lumen");
		n->s = dotted_name(P);
		if (P->tok.t != T_IMPORT)
			perr(P, &P->tok, "invalid syntax");
		next(P);
		struct vec v = {0};
		if (P->tok.t == T_STAR) {
			struct node *al = mknode(P, N_ALIAS, &P->tok);
			al->s = "*";
			next(P);
			vpush(P, &v, al);
		} else {
			int paren = accept(P, T_LPAR);
			do {
				if (paren && P->tok.t == T_RPAR)
					break;
				if (P->tok.t != T_NAME)
					perr(P, &P->tok, "invalid syntax");
				struct node *al = mknode(P, N_ALIAS, &P->tok);
				al->s = tokstr(P, &P->tok);
				next(P);
				if (accept(P, T_AS)) {
					if (P->tok.t != T_NAME)
						perr(P, &P->tok, "invalid syntax");
					al->s2 = tokstr(P, &P->tok);
					next(P);
				}
				bind_name(P, al->s2 ? al->s2 : al->s);
				vpush(P, &v, al);
			} while (accept(P, T_COMMA));
			if (paren)
				expect(P, T_RPAR);
		}
		n->l = tolist(&v);
		if (strcmp(n->s, "__future__") == 0)
			check_future(P, n);
		return n;
	}
	case T_MAGIC:
		next(P);
		n = mknode(P, S_MAGIC, &at);
		n->s = tokstr(P, &at);
		return n;
	case T_QUESTION: case T_DQUESTION: {
		/* ?name / ??name */
		next(P);
		const char *s = P->tok.start;
		n = mknode(P, S_HELP, &at);
		n->op = at.t == T_QUESTION ? 1 : 2;
		(void)test(P);
		n->s = P_strndup(P, s, (size_t)(P->prev_end - s));
		return n;
	}
	case T_YIELD:
		n = mknode(P, S_EXPR, &at);
		n->a = yield_expr(P);
		return n;
	case T_NAME:
		if (at.len == 5 && memcmp(at.s, "print", 5) == 0 && peek(P)->t == T_STRING)
			perr_span(P, TY_SyntaxError, at.line, at.col, peek(P)->end_line == at.line ? peek(P)->end_col : -1,
				  0, "Missing parentheses in call to 'print'. Did you mean print(...)?");
		if (at.len == 4 && memcmp(at.s, "exec", 4) == 0 && peek(P)->t == T_STRING)
			perr(P, &at, "Missing parentheses in call to 'exec'. Did you mean exec(...)?");
		break;
	default:
		break;
	}
	/* expr_stmt: testlist_star_expr (annassign | augassign (testlist) |
	 *            ('=' testlist_star_expr)*) */
	const char *start = P->tok.start;
	struct node *e = testlist_star(P);
	if (P->tok.t == T_QUESTION || P->tok.t == T_DQUESTION) {
		struct token q = P->tok;
		n = mknode(P, S_HELP, &at);
		n->op = q.t == T_QUESTION ? 1 : 2;
		n->s = P_strndup(P, start, (size_t)(P->prev_end - start));
		next(P);
		return n;
	}
	int op;
	if (augop(P->tok.t, &op) != T_EOF) {
		next(P);
		check_target(P, e, 1);
		n = mknode(P, S_AUGASSIGN, &at);
		n->op = op;
		n->a = e;
		n->b = P->tok.t == T_YIELD ? yield_expr(P) : testlist_star(P);
		return n;
	}
	if (P->tok.t == T_COLON) {
		/* annotated assignment: x: int = 3 */
		next(P);
		check_target(P, e, 0);
		n = mknode(P, S_ANNASSIGN, &at);
		n->a = e;
		n->c = test(P);
		if (accept(P, T_EQUAL))
			n->b = testlist_star(P);
		return n;
	}
	if (P->tok.t == T_EQUAL) {
		struct vec targets = {0};
		vpush(P, &targets, e);
		struct node *val = NULL;
		while (accept(P, T_EQUAL)) {
			val = P->tok.t == T_YIELD ? yield_expr(P) : testlist_star(P);
			if (P->tok.t == T_EQUAL)
				vpush(P, &targets, val);
		}
		for (int i = 0; i < targets.n; i++)
			check_target(P, targets.v[i], 0);
		n = mknode(P, S_ASSIGN, &at);
		n->l = tolist(&targets);
		n->a = val;
		return n;
	}
	if (e->kind == N_STARRED) {
		struct token t = { .line = e->line, .col = e->col };
		perr(P, &t, "can't use starred expression here");
	}
	n = mknode(P, S_EXPR, &at);
	n->a = e;
	return n;
}

/* simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE
 * A trailing ';' on the last statement of a cell is recorded (op = 1) so
 * that the cell shows no result. */
static void simple_stmts(struct parser *P, struct vec *out)
{
	for (;;) {
		struct node *s = simple_stmt(P);
		vpush(P, out, s);
		if (P->tok.t == T_SEMI) {
			next(P);
			if (P->tok.t == T_NEWLINE || P->tok.t == T_EOF) {
				s->op |= 0x100; /* trailing semicolon */
				break;
			}
			continue;
		}
		break;
	}
	if (P->tok.t == T_NEWLINE) {
		next(P);
		return;
	}
	if (P->tok.t == T_EOF)
		return;
	if (P->tok.t == T_EQUAL)
		perr(P, &P->tok, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
	if (P->tok.t == T_STRING || P->tok.t == T_NAME || P->tok.t == T_INT || P->tok.t == T_FLOAT)
		perr(P, &P->tok, "invalid syntax");
	perr(P, &P->tok, "invalid syntax");
}

/* block: NEWLINE INDENT statement+ DEDENT | simple_stmts */
static void block(struct parser *P, struct nlist *out, const char *what, int hdrline)
{
	struct vec v = {0};
	expect(P, T_COLON);
	enter(P);
	if (P->tok.t == T_NEWLINE) {
		next(P);
		if (P->tok.t != T_INDENT)
			perr_at(P, TY_IndentationError, P->tok.line, P->tok.col, P->tok.t == T_EOF,
				"expected an indented block after %s on line %d", what, hdrline);
		next(P);
		while (P->tok.t != T_DEDENT && P->tok.t != T_EOF)
			statement(P, &v);
		accept(P, T_DEDENT);
	} else {
		simple_stmts(P, &v);
	}
	leave(P);
	*out = tolist(&v);
}

/* parameters: '(' [typedargslist] ')'  (lambda: varargslist up to ':')
 * typedargslist: tfpdef ['=' test] (',' tfpdef ['=' test])* [',' '*' [tfpdef] ...] [',' '**' tfpdef] */
static struct funcdef *parameters(struct parser *P, enum tok close, const char *name)
{
	struct funcdef *fd = P_alloc(P, sizeof *fd);
	struct param ps[256];
	int np = 0, kwonly = 0, seen_default = 0;
	fd->name = name;
	fd->qualname = name;
	fd->arena = P->A;
	while (P->tok.t != close) {
		struct token at = P->tok;
		struct param p = {0};
		if (np >= 255)
			perr(P, &at, "too many parameters");
		if (accept(P, T_STAR)) {
			if (kwonly)
				perr(P, &at, "* argument may appear only once");
			kwonly = 1;
			if (P->tok.t == T_COMMA) {
				next(P);
				continue;
			}
			p.kind = 1;
		} else if (accept(P, T_DOUBLESTAR)) {
			p.kind = 2;
		} else if (accept(P, T_SLASH)) {
			if (!accept(P, T_COMMA) && P->tok.t != close)
				perr(P, &P->tok, "invalid syntax");
			continue;
		} else {
			p.kind = kwonly ? 3 : 0;
		}
		if (P->tok.t != T_NAME)
			perr(P, &P->tok, "invalid syntax");
		p.name = tokstr(P, &P->tok);
		for (int i = 0; i < np; i++)
			if (strcmp(ps[i].name, p.name) == 0)
				perr(P, &P->tok, "duplicate argument '%s' in function definition", p.name);
		next(P);
		if (close == T_RPAR && accept(P, T_COLON))
			(void)test(P); /* annotation */
		if (p.kind != 1 && p.kind != 2 && accept(P, T_EQUAL)) {
			p.def = test(P);
			if (p.kind == 0)
				seen_default = 1;
		} else if (p.kind == 0 && seen_default) {
			perr(P, &at, "non-default argument follows default argument");
		}
		bind_name(P, p.name);
		ps[np++] = p;
		if (p.kind == 2 && P->tok.t == T_COMMA && peek(P)->t != close)
			perr(P, &P->tok, "arguments cannot follow var-keyword argument");
		if (!accept(P, T_COMMA))
			break;
	}
	fd->params = P_alloc(P, sizeof *ps * (size_t)(np ? np : 1));
	memcpy(fd->params, ps, sizeof *ps * (size_t)np);
	fd->nparams = np;
	return fd;
}

static const char **filter_locals(struct parser *P, struct scopeinfo *sc, int *n)
{
	const char **out = P_alloc(P, sizeof *out * (size_t)(sc->nlocals + 1));
	int k = 0;
	for (int i = 0; i < sc->nlocals; i++) {
		int skip = 0;
		for (int j = 0; j < sc->nglobals; j++)
			if (strcmp(sc->globals[j], sc->locals[i]) == 0)
				skip = 1;
		for (int j = 0; j < sc->nnonlocals; j++)
			if (strcmp(sc->nonlocals[j], sc->locals[i]) == 0)
				skip = 1;
		if (!skip)
			out[k++] = sc->locals[i];
	}
	*n = k;
	return out;
}

/* 'def' NAME or 'class' NAME: the statement's node (at the keyword) with
 * the name bound in the enclosing scope */
static struct node *def_header(struct parser *P, enum nkind k)
{
	struct token at = P->tok;
	next(P);
	if (P->tok.t != T_NAME)
		perr(P, &P->tok, "invalid syntax");
	struct node *n = mknode(P, k, &at);
	n->s = tokstr(P, &P->tok);
	bind_name(P, n->s);
	next(P);
	return n;
}

/* "outer.name" in the arena: the qualified name of a def or class in a class */
static const char *qualified(struct parser *P, const char *outer, const char *name)
{
	size_t lc = strlen(outer), ln = strlen(name);
	char *q = P_alloc(P, lc + ln + 2);
	memcpy(q, outer, lc);
	q[lc] = '.';
	memcpy(q + lc + 1, name, ln + 1);
	return q;
}

/* The end of a def's or class's body scope sc: its global and nonlocal
 * names and docstring into fd, fd into n; the enclosing scope is current again. */
static void scope_finish(struct parser *P, struct node *n, struct funcdef *fd,
			 const struct scopeinfo *sc)
{
	fd->line = n->line;
	fd->globals = sc->globals;
	fd->nglobals = sc->nglobals;
	fd->nonlocals = sc->nonlocals;
	fd->nnonlocals = sc->nnonlocals;
	if (fd->body.n && fd->body.v[0]->kind == S_EXPR && fd->body.v[0]->a->kind == N_CONST &&
	    fd->body.v[0]->a->v->type == VT_STR)
		fd->doc = fd->body.v[0]->a->v->u.str->s;
	P->sc = sc->up;
	n->fn = fd;
}

/* funcdef: 'def' NAME parameters ['->' test] ':' suite */
static struct node *funcdef(struct parser *P)
{
	struct node *n = def_header(P, S_DEF);
	expect(P, T_LPAR);
	struct scopeinfo sc = {0};
	const char *cls = P->sc && P->sc->is_class ? P->sc->name : NULL;
	sc.up = P->sc;
	P->sc = &sc;
	struct funcdef *fd = parameters(P, T_RPAR, n->s);
	if (cls)
		fd->qualname = qualified(P, cls, n->s);
	expect(P, T_RPAR);
	if (accept(P, T_ARROW))
		(void)test(P);
	int loops = P->loops;
	P->loops = 0;
	P->funcs++;
	block(P, &fd->body, "function definition", n->line);
	P->funcs--;
	P->loops = loops;
	fd->is_generator = sc.has_yield;
	fd->locals = filter_locals(P, &sc, &fd->nlocals);
	scope_finish(P, n, fd, &sc);
	return n;
}

/* classdef: 'class' NAME ['(' [arglist] ')'] ':' suite
 * The body is a scope of its own whose names live in a dict (is_class). */
static struct node *classdef(struct parser *P)
{
	struct node *n = def_header(P, S_CLASS);
	if (P->tok.t == T_LPAR) {
		next(P);
		enter(P);
		arglist(P, n);
		expect(P, T_RPAR);
		leave(P);
	}
	struct funcdef *fd = P_alloc(P, sizeof *fd);
	fd->name = n->s;
	fd->arena = P->A;
	fd->is_class = 1;
	struct scopeinfo sc = {0};
	sc.up = P->sc;
	sc.is_class = 1;
	sc.name = P->sc && P->sc->is_class ? qualified(P, P->sc->name, n->s) : n->s;
	P->sc = &sc;
	int loops = P->loops, funcs = P->funcs;
	P->loops = 0;
	P->funcs = 0;
	block(P, &fd->body, "class definition", n->line);
	P->loops = loops;
	P->funcs = funcs;
	scope_finish(P, n, fd, &sc);
	return n;
}

/* decorated: decorator+ (classdef | funcdef)
 * decorator: '@' namedexpr_test NEWLINE */
static struct node *decorated(struct parser *P)
{
	struct vec decs = {0};
	struct node *n;
	while (P->tok.t == T_AT) {
		next(P);
		vpush(P, &decs, test(P));
		if (P->tok.t != T_NEWLINE)
			perr(P, &P->tok, "invalid syntax");
		next(P);
	}
	if (P->tok.t == T_DEF)
		n = funcdef(P);
	else if (P->tok.t == T_CLASS)
		n = classdef(P);
	else if (P->tok.t == T_ASYNC)
		perr(P, &P->tok, "'async' is not supported by Lumen");
	else
		perr(P, &P->tok, "invalid syntax");
	n->l3 = tolist(&decs);
	return n;
}

/* ['else' ':' suite], the suite into body: the tail of if, for and while */
static void else_clause(struct parser *P, struct nlist *body)
{
	if (P->tok.t == T_ELSE) {
		struct token et = P->tok;
		next(P);
		block(P, body, "'else' statement", et.line);
	}
}

/* if_stmt: 'if' test ':' suite ('elif' test ':' suite)* ['else' ':' suite] */
static struct node *if_stmt(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	struct node *n = mknode(P, S_IF, &at);
	n->a = test(P);
	block(P, &n->l, at.t == T_IF ? "'if' statement" : "'elif' statement", at.line);
	if (P->tok.t == T_ELIF) {
		struct node *e = if_stmt(P);
		struct node **v = P_alloc(P, sizeof *v);
		v[0] = e;
		n->l2.v = v;
		n->l2.n = 1;
	} else {
		else_clause(P, &n->l2);
	}
	return n;
}

static void loop_body(struct parser *P, struct nlist *body, const char *what, int line)
{
	P->loops++;
	block(P, body, what, line);
	P->loops--;
}

/* for_stmt: 'for' exprlist 'in' testlist ':' suite ['else' ':' suite] */
static struct node *for_stmt(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	struct node *n = mknode(P, S_FOR, &at);
	n->a = target_list_for(P);
	check_target(P, n->a, 0);
	if (P->tok.t != T_IN)
		perr(P, &P->tok, "invalid syntax");
	next(P);
	n->b = testlist_star(P);
	loop_body(P, &n->l, "'for' statement", at.line);
	else_clause(P, &n->l2);
	return n;
}

/* while_stmt: 'while' test ':' suite ['else' ':' suite] */
static struct node *while_stmt(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	struct node *n = mknode(P, S_WHILE, &at);
	n->a = test(P);
	loop_body(P, &n->l, "'while' statement", at.line);
	else_clause(P, &n->l2);
	return n;
}

/* try_stmt: 'try' ':' suite ((except_clause ':' suite)+ ['else' ':' suite]
 *           ['finally' ':' suite] | 'finally' ':' suite)
 * except_clause: 'except' [test ['as' NAME]] */
static struct node *try_stmt(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	struct node *n = mknode(P, S_TRY, &at);
	block(P, &n->l, "'try' statement", at.line);
	struct vec hs = {0};
	while (P->tok.t == T_EXCEPT) {
		struct token et = P->tok;
		next(P);
		struct node *h = mknode(P, S_HANDLER, &et);
		if (P->tok.t == T_STAR)
			perr(P, &P->tok, "'except*' is not supported by Lumen");
		if (P->tok.t != T_COLON) {
			h->a = test(P);
			if (P->tok.t == T_COMMA)
				perr(P, &P->tok, "multiple exception types must be parenthesized");
			if (accept(P, T_AS)) {
				if (P->tok.t != T_NAME)
					perr(P, &P->tok, "invalid syntax");
				h->s = tokstr(P, &P->tok);
				bind_name(P, h->s);
				next(P);
			}
		}
		block(P, &h->l, "'except' statement", et.line);
		vpush(P, &hs, h);
	}
	n->l2 = tolist(&hs);
	if (P->tok.t == T_ELSE) {
		struct token et = P->tok;
		if (!hs.n)
			perr(P, &et, "expected 'except' or 'finally' block");
		next(P);
		block(P, &n->l3, "'else' statement", et.line);
	}
	if (P->tok.t == T_FINALLY) {
		struct token et = P->tok;
		next(P);
		block(P, &n->l4, "'finally' statement", et.line);
		n->op = 1;
	}
	if (!hs.n && !n->op)
		perr(P, &P->tok, "expected 'except' or 'finally' block");
	return n;
}

static struct node *with_item(struct parser *P)
{
	struct node *it = mknode(P, N_WITHITEM, &P->tok);
	it->a = test(P);
	if (accept(P, T_AS)) {
		it->b = subexpr(P, 0);
		check_target(P, it->b, 0);
	}
	return it;
}

/* Python 3.10's `with (a as x, b as y,):` tried first, as CPython does;
 * NULL (the parser as it was) when the parentheses are an expression's */
static struct node *with_parenthesized(struct parser *P, struct token at)
{
	struct parser save = *P;
	struct parse_error pe_save = *P->pe;
	jmp_buf jb;
	if (setjmp(jb)) {
		*P = save;
		*P->pe = pe_save;
		return NULL;
	}
	P->jb = &jb;
	struct vec items = {0};
	next(P);
	do {
		if (P->tok.t == T_RPAR)
			break;
		vpush(P, &items, with_item(P));
	} while (accept(P, T_COMMA));
	expect(P, T_RPAR);
	if (P->tok.t != T_COLON || !items.n)
		perr(P, &P->tok, "invalid syntax");
	P->jb = save.jb;
	struct node *n = mknode(P, S_WITH, &at);
	n->l = tolist(&items);
	return n;
}

/* with_stmt: 'with' ( '(' with_item (',' with_item)* [','] ')' | with_item (',' with_item)* ) ':' suite
 * with_item: test ['as' expr] */
static struct node *with_stmt(struct parser *P)
{
	struct token at = P->tok;
	next(P);
	if (P->tok.t == T_LPAR) {
		struct node *n = with_parenthesized(P, at);
		if (n) {
			block(P, &n->l2, "'with' statement", at.line);
			return n;
		}
	}
	struct node *n = mknode(P, S_WITH, &at);
	struct vec items = {0};
	do {
		struct node *it = mknode(P, N_WITHITEM, &P->tok);
		it->a = test(P);
		if (accept(P, T_AS)) {
			it->b = subexpr(P, 0);
			check_target(P, it->b, 0);
		}
		vpush(P, &items, it);
	} while (accept(P, T_COMMA));
	n->l = tolist(&items);
	block(P, &n->l2, "'with' statement", at.line);
	return n;
}

/* statement: compound_stmt | simple_stmts */
static void statement(struct parser *P, struct vec *out)
{
	struct token at = P->tok;
	switch (at.t) {
	case T_IF: vpush(P, out, if_stmt(P)); return;
	case T_FOR: vpush(P, out, for_stmt(P)); return;
	case T_WHILE: vpush(P, out, while_stmt(P)); return;
	case T_DEF: vpush(P, out, funcdef(P)); return;
	case T_TRY: vpush(P, out, try_stmt(P)); return;
	case T_WITH: vpush(P, out, with_stmt(P)); return;
	case T_CLASS: vpush(P, out, classdef(P)); return;
	case T_ASYNC: perr(P, &at, "'async' is not supported by Lumen");
	case T_AT: vpush(P, out, decorated(P)); return;
	case T_ELSE: case T_ELIF: case T_EXCEPT: case T_FINALLY:
		perr(P, &at, "invalid syntax");
	case T_INDENT:
		perr_at(P, TY_IndentationError, at.line, at.col - 1, 0, "unexpected indent");
	case T_DEDENT:
		next(P);
		return;
	case T_NEWLINE:
		next(P);
		return;
	case T_NAME:
		if (at.len == 5 && memcmp(at.s, "match", 5) == 0) {
			const struct token *pk = peek(P);
			if (pk->t == T_NAME || pk->t == T_LPAR || pk->t == T_LSQB) {
				/* `match x:` — only a statement if a ':' ends the line; cheap check */
				const char *p = pk->start;
				while (*p && *p != '\n')
					p++;
				while (p > pk->start && (p[-1] == ' ' || p[-1] == '\r'))
					p--;
				if (p > pk->start && p[-1] == ':' && !memchr(pk->start, '=', (size_t)(p - pk->start)))
					perr(P, &at, "'match' is not supported by Lumen");
			}
		}
		/* fall through */
	default:
		simple_stmts(P, out);
	}
}

static struct node *subparse_expr(struct parser *P, const struct token *at,
				  const char *s, size_t n)
{
	struct parser Q;
	memset(&Q, 0, sizeof Q);
	Q.A = P->A;
	Q.jb = P->jb;
	Q.pe = P->pe;
	Q.depth = P->depth + 1;
	Q.sc = P->sc;
	Q.loops = P->loops;
	Q.funcs = P->funcs;
	Q.fix_line = P->fix_line ? P->fix_line : at->line;
	Q.fix_col = P->fix_line ? P->fix_col : col_codepoints(P, at->line, at->col);
	/* parenthesize, so newlines inside are fine */
	char *buf = P_alloc(P, n + 3);
	buf[0] = '(';
	memcpy(buf + 1, s, n);
	buf[n + 1] = ')';
	lex_init(&Q.lx, buf, n + 2, lex_error_cb, &Q);
	next(&Q);
	struct node *e = testlist_star(&Q);
	if (Q.tok.t != T_NEWLINE && Q.tok.t != T_EOF)
		perr(&Q, &Q.tok, "f-string: invalid syntax");
	/* give nodes the string's line */
	return e;
}

/* A parser (freed by the caller) over arena a's source, its errors into pe
 * (cleared here); NULL with a MemoryError in pe when out of memory. The
 * caller points P->jb at its own setjmp before the first token. */
static struct parser *parser_new(struct arena *a, struct parse_error *pe)
{
	struct parser *P = calloc(1, sizeof *P);
	if (!P) {
		snprintf(pe->msg, sizeof pe->msg, "out of memory");
		pe->type = TY_MemoryError;
		return NULL;
	}
	memset(pe, 0, sizeof *pe);
	P->A = a;
	P->pe = pe;
	lex_init(&P->lx, a->src, a->srclen, lex_error_cb, P);
	return P;
}

/* file_input: (NEWLINE | statement)* ENDMARKER */
int parse_cell(struct arena *a, struct nlist *out, struct parse_error *pe)
{
	jmp_buf jb;
	struct parser *P = parser_new(a, pe);
	if (!P)
		return -1;
	P->jb = &jb;
	if (setjmp(jb)) {
		free(P);
		return -1;
	}
	if (memchr(a->src, 0, a->srclen))
		perr_at(P, TY_SyntaxError, 1, 0, 0, "source code cannot contain null bytes");
	next(P);
	struct vec v = {0};
	while (P->tok.t != T_EOF)
		statement(P, &v);
	*out = tolist(&v);
	free(P);
	return 0;
}

int parse_expr_only(struct arena *a, struct node **out, struct parse_error *pe)
{
	jmp_buf jb;
	struct parser *P = parser_new(a, pe);
	if (!P)
		return -1;
	P->jb = &jb;
	if (setjmp(jb)) {
		free(P);
		return -1;
	}
	next(P);
	while (P->tok.t == T_NEWLINE)
		next(P);
	*out = testlist_star(P);
	while (P->tok.t == T_NEWLINE)
		next(P);
	if (P->tok.t != T_EOF)
		perr(P, &P->tok, "invalid syntax");
	free(P);
	return 0;
}
