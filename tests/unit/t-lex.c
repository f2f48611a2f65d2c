/*
 * t-lex.c — TAP tests of the tokenizer (engine/lang/lex.c): token kinds,
 * NEWLINE/INDENT/DEDENT, implicit line joining, continuation, numbers,
 * strings and prefixes, magics, errors, and a fuzz loop over random and
 * truncated input that must end in tokens or an error, never a crash.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/lex.h"
#include "tap.h"

static jmp_buf jb;
static char errmsg[256];
static int errline, errcol, errinc;

static void on_error(void *ctx, int type, const char *msg, int line, int col, int incomplete)
{
	(void)ctx;
	(void)type;
	snprintf(errmsg, sizeof errmsg, "%s", msg);
	errline = line;
	errcol = col;
	errinc = incomplete;
	longjmp(jb, 1);
}

/* Tokenizes src into a string of token names separated by spaces.
 * Returns 0, or -1 on a lexer error (errmsg set). */
static int toks(const char *src, char *out, size_t n)
{
	struct lexer lx;
	struct token tk;
	out[0] = 0;
	errmsg[0] = 0;
	if (setjmp(jb))
		return -1;
	lex_init(&lx, src, strlen(src), on_error, NULL);
	for (int guard = 0; guard < 10000; guard++) {
		lex_next(&lx, &tk);
		const char *name = lex_tokname(tk.t);
		char buf[96];
		if (tk.t == T_NAME || tk.t == T_INT || tk.t == T_FLOAT || tk.t == T_IMAG || tk.t == T_STRING ||
		    tk.t == T_MAGIC)
			snprintf(buf, sizeof buf, "%s:%.*s", name, (int)(tk.len < 40 ? tk.len : 40), tk.s);
		else
			snprintf(buf, sizeof buf, "%s", name);
		if (out[0] && strlen(out) + 1 < n)
			strcat(out, " ");
		if (strlen(out) + strlen(buf) < n)
			strcat(out, buf);
		if (tk.t == T_EOF)
			return 0;
	}
	return -2;
}

static void check(const char *src, const char *want, const char *what)
{
	char got[4096];
	int r = toks(src, got, sizeof got);
	int good = r == 0 && strcmp(got, want) == 0;
	ok(good, what);
	if (!good)
		printf("# src %s\n#  got %s (%d %s)\n# want %s\n", src, got, r, errmsg, want);
}

static void check_err(const char *src, const char *msg, int line, int incomplete, const char *what)
{
	char got[4096];
	int r = toks(src, got, sizeof got);
	int good = r == -1 && strstr(errmsg, msg) && errline == line && errinc == incomplete;
	ok(good, what);
	if (!good)
		printf("# src %s\n#  got r=%d msg='%s' line=%d inc=%d\n", src, r, errmsg, errline, errinc);
}

static const char *const corpus[] = {
	"x = 1\nprint(x + 2)\n",
	"def f(a, b=2, *c, **d):\n    return a + b\n\nf(1)\n",
	"for i in range(10):\n\tif i % 2:\n\t\tcontinue\n\tprint(i)\n",
	"s = '''tri\nple''' + r'raw\\n' + f\"{x!r:>10}\"\n",
	"a = [1,\n     2,\n     3]\nb = {'k': (1, 2)}\n",
	"x = 0x1f + 0o17 + 0b101 + 1_000 + 1.5e-3 + 2j\n",
	"if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n",
	"%timeit a @ b\nx = 1 \\\n  + 2\n",
	"try:\n    1/0\nexcept ZeroDivisionError as e:\n    raise\nfinally:\n    pass\n",
};

int main(void)
{
	check("x = 1\n", "name:x = integer:1 NEWLINE end of input", "simple assignment");
	check("x = 1", "name:x = integer:1 NEWLINE end of input", "NEWLINE added at EOF");
	check("if x:\n    y\nz\n",
	      "if name:x : NEWLINE INDENT name:y NEWLINE DEDENT name:z NEWLINE end of input", "INDENT/DEDENT");
	check("if x:\n  if y:\n    z\n", "if name:x : NEWLINE INDENT if name:y : NEWLINE INDENT name:z NEWLINE DEDENT DEDENT end of input",
	      "two DEDENTs at EOF");
	check("f(1,\n  2)\n", "name:f ( integer:1 , integer:2 ) NEWLINE end of input", "implicit line joining");
	check("x = 1 + \\\n 2\n", "name:x = integer:1 + integer:2 NEWLINE end of input", "backslash continuation");
	check("# c\n\n  # indented comment\nx  # trailing\n", "name:x NEWLINE end of input", "comments and blank lines");
	check("1_000 0x1F 1e-3 .5 5. 2j 1.5J", "integer:1_000 integer:0x1F float:1e-3 float:.5 float:5. imaginary:2j imaginary:1.5J NEWLINE end of input",
	      "number forms");
	check("r'a\\n' f\"{x}\" rb'x' 'it''s'", "string:a\\n string:{x} string:x string:it string:s NEWLINE end of input", "string prefixes");
	check("'''a\nb'''", "string:a\nb NEWLINE end of input", "triple-quoted string spans lines");
	check("b'a' Rb'\\x' bR\"y\" B'''z''' BR''", "string:a string:\\x string:y string:z string: NEWLINE end of input", "bytes prefixes");
	check("a //= b ** c @ d != e", "name:a //= name:b ** name:c @ name:d != name:e NEWLINE end of input", "multi-char operators");
	check("x?", "name:x ? NEWLINE end of input", "help question mark");
	check("%time x = 1\n", "magic:%time x = 1 NEWLINE end of input", "line magic");
	check("if x:\n    %timeit y\n", "if name:x : NEWLINE INDENT magic:%timeit y NEWLINE DEDENT end of input", "indented magic");
	check("a ... b", "name:a ... name:b NEWLINE end of input", "ellipsis");
	check("not in is", "not in is NEWLINE end of input", "keywords");
	check("\xc3\xa9t\xc3\xa9 = 1", "name:\xc3\xa9t\xc3\xa9 = integer:1 NEWLINE end of input", "unicode identifier");

	check_err("x = (1,\n", "'(' was never closed", 1, 1, "unclosed paren is incomplete");
	check_err("s = '''abc\n", "unterminated triple-quoted", 1, 1, "unterminated triple string is incomplete");
	check_err("s = 'abc\n", "unterminated string literal", 1, 0, "unterminated string");
	check_err("x = )", "unmatched ')'", 1, 0, "unmatched paren");
	check_err("x = (]", "does not match", 1, 0, "mismatched brackets");
	check_err("if x:\n    a\n  b\n", "unindent does not match", 3, 0, "bad dedent");
	check_err("x = 1abc", "invalid decimal literal", 1, 0, "bad number");
	check_err("x = 0x", "invalid hexadecimal literal", 1, 0, "bad hex");
	check_err("x = $", "invalid character", 1, 0, "invalid character");
	check_err("x = 1 \\", "unexpected EOF", 1, 1, "continuation at EOF");

	{
		/* deep nesting: the lexer stops at its limit instead of overflowing */
		char *s = malloc(100000);
		memset(s, '(', 99999);
		s[99999] = 0;
		char got[64];
		int r = toks(s, got, sizeof got);
		ok(r == -1 && strstr(errmsg, "too many nested parentheses"), "deep nesting is an error");
		free(s);
	}
	{
		/* 10 MB of source */
		size_t n = 10u << 20;
		char *s = malloc(n + 1);
		for (size_t i = 0; i < n; i++)
			s[i] = "x = 12345 + yy\n"[i % 15];
		s[n] = 0;
		struct lexer lx;
		struct token tk;
		long count = 0;
		if (!setjmp(jb)) {
			lex_init(&lx, s, n, on_error, NULL);
			do {
				lex_next(&lx, &tk);
				count++;
			} while (tk.t != T_EOF);
		}
		ok(count > 4000000, "10 MB cell tokenizes");
		free(s);
	}
	{
		/* fuzz: random bytes and every truncation of the corpus */
		unsigned seed = 12345;
		int crashes = 0, runs = 0;
		char buf[512], got[8192];
		for (int it = 0; it < 20000; it++) {
			size_t n = (size_t)(rand_r(&seed) % 200);
			for (size_t i = 0; i < n; i++) {
				unsigned r = (unsigned)rand_r(&seed);
				static const char alpha[] = "abc xyz01239_.,:;()[]{}'\"\\\n\t #%?!=<>+-*/@&|^~f\xc3\xa9";
				buf[i] = (r & 3) ? alpha[r % (sizeof alpha - 1)] : (char)(r >> 8);
			}
			buf[n] = 0;
			int r = toks(buf, got, sizeof got);
			runs++;
			if (r == -2)
				crashes++;
		}
		for (size_t c = 0; c < sizeof corpus / sizeof corpus[0]; c++) {
			size_t len = strlen(corpus[c]);
			for (size_t k = 0; k <= len; k++) {
				char *t = strndup(corpus[c], k);
				int r = toks(t, got, sizeof got);
				runs++;
				if (r == -2)
					crashes++;
				free(t);
			}
		}
		ok(crashes == 0 && runs > 20000, "fuzz: random and truncated input ends");
	}
	printf("1..%d\n", nt);
	return nfail ? 1 : 0;
}
