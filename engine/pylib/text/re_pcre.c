/*
 * re_pcre.c — the re module's engine over PCRE2 (libpcre2-8): Python's
 * pattern syntax translated to PCRE2's (\Z -> \z, \v, \a, \xhh, \uXXXX,
 * \UXXXXXXXX, octal escapes and \N group references made explicit, '[' in
 * a set made literal, {,n} -> {0,n}, leading global flags folded into the
 * options), and what PCRE2 accepts but Python rejects refused with
 * Python's message (\K, \Q, \h ... "bad escape"; (?|, (?R), (?P>, (?<name>,
 * (* ... "unknown extension" / "nothing to repeat"; global flags after the
 * start).  Positions are in code points for str (PCRE2 works in UTF-8
 * bytes), bytes for bytes.  Matching runs under a match, depth and heap
 * limit: catastrophic backtracking ends in an error, never a hang.
 * Helpers of re.c's source (re._compile, re._match, re._scan); owns the
 * compiled codes (freed with their handle object).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"
#include "lang/strbuf.h"

enum { RE_I = 2, RE_L = 4, RE_M = 8, RE_S = 16, RE_U = 32, RE_X = 64, RE_A = 256 };
#define RE_MATCH_LIMIT 20000000u
#define RE_DEPTH_LIMIT 100000u
#define RE_HEAP_LIMIT  (256u * 1024u)   /* KiB */

struct re_code { pcre2_code *code; int is_bytes; };

static void re_code_free(void *p)
{
	struct re_code *c = p;
	if (c) {
		pcre2_code_free(c->code);
		free(c);
	}
}

static const struct objtype re_code_type = { .name = "re._code", .free = re_code_free };

/* ---- the translation ---- */

struct rex {
	const unsigned char *p;
	size_t n, i;
	int is_bytes;
	char *out; size_t len, cap;
	size_t *pos;     /* per output byte: the pattern position (chars) it came from */
	char err[200];
	size_t errpos;   /* chars */
	size_t unclosed_set, unclosed_group; /* chars, or -1: where Python reports PCRE2's "missing ]" / "missing )" */
};

static size_t rex_chars(const struct rex *x, size_t byte)
{
	if (x->is_bytes)
		return byte;
	size_t c = 0;
	for (size_t k = 0; k < byte && k < x->n; k++)
		c += (x->p[k] & 0xC0) != 0x80;
	return c;
}

static int rex_put(struct rex *x, const char *s, size_t k, size_t from)
{
	if (x->len + k + 1 > x->cap) {
		size_t cap = (x->cap + k + 16) * 2;
		char *o = realloc(x->out, cap);
		if (!o)
			return -1;
		x->out = o;
		size_t *q = realloc(x->pos, cap * sizeof *q);
		if (!q)
			return -1;
		x->pos = q;
		x->cap = cap;
	}
	size_t c = rex_chars(x, from);
	for (size_t j = 0; j < k; j++) {
		x->out[x->len] = s[j];
		x->pos[x->len++] = c;
	}
	x->out[x->len] = 0;
	return 0;
}

/* sets the error (message at the char position of byte at) and returns -1 */
static int rex_fail(struct rex *x, size_t at, const char *fmt, const char *arg)
{
	snprintf(x->err, sizeof x->err, fmt, arg);
	x->errpos = rex_chars(x, at);
	return -1;
}

static int is_hex(int c) { return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'f'); }
static int is_oct(int c) { return c >= '0' && c <= '7'; }

/* the char starting at byte k as a C string (one UTF-8 sequence) */
static const char *rex_char(const struct rex *x, size_t k, char buf[8])
{
	size_t m = 1;
	if (!x->is_bytes)
		while (k + m < x->n && (x->p[k + m] & 0xC0) == 0x80 && m < 4)
			m++;
	memcpy(buf, x->p + k, m);
	buf[m] = 0;
	return buf;
}

static int rex_codepoint(struct rex *x, unsigned long v, size_t from)
{
	char b[24];
	snprintf(b, sizeof b, "\\x{%lx}", v);
	return rex_put(x, b, strlen(b), from);
}

/* one escape at x->i (the backslash); in_class: inside [...]; groups: opened so far */
static int rex_escape(struct rex *x, int in_class, int groups)
{
	size_t at = x->i;
	char cb[8], msg[16];
	if (at + 1 >= x->n)
		return rex_fail(x, at, "bad escape (end of pattern)", NULL);
	int d = x->p[at + 1];
	if (d >= '0' && d <= '9') {
		size_t k = at + 1;
		int octal = in_class || d == '0' ||
			(k + 2 < x->n && is_oct(d) && is_oct(x->p[k + 1]) && is_oct(x->p[k + 2]));
		if (octal) {
			if (!is_oct(d)) {
				snprintf(msg, sizeof msg, "\\%c", d);
				return rex_fail(x, at, "bad escape %s", msg);
			}
			unsigned long v = 0;
			size_t e = k;
			while (e < x->n && e < k + 3 && is_oct(x->p[e]))
				v = v * 8 + (x->p[e++] - '0');
			if (v > 0377) {
				snprintf(msg, sizeof msg, "\\%.*s", (int)(e - k), (const char *)x->p + k);
				return rex_fail(x, at, "octal escape value %s outside of range 0-0o377", msg);
			}
			x->i = e;
			return rex_codepoint(x, v, at);
		}
		size_t e = k;
		int v = 0;
		while (e < x->n && e < k + 2 && x->p[e] >= '0' && x->p[e] <= '9')
			v = v * 10 + (x->p[e++] - '0');
		if (v > groups) {
			snprintf(msg, sizeof msg, "%d", v);
			return rex_fail(x, at + 1, "invalid group reference %s", msg);
		}
		char b[24];
		snprintf(b, sizeof b, "\\g{%d}", v);
		x->i = e;
		return rex_put(x, b, strlen(b), at);
	}
	if (d >= 0x80 || !((d | 32) >= 'a' && (d | 32) <= 'z')) {
		/* punctuation: PCRE2 reads it as the literal too; a non-ASCII char goes as is */
		x->i = at + 1 + strlen(rex_char(x, at + 1, cb));
		if (d >= 0x80)
			return rex_put(x, (const char *)x->p + at + 1, x->i - at - 1, at);
		return rex_put(x, (const char *)x->p + at, 2, at);
	}
	x->i = at + 2;
	switch (d) {
	case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
	case 'f': case 'n': case 'r': case 't':
		return rex_put(x, (const char *)x->p + at, 2, at);
	case 'A': case 'B':
		if (!in_class)
			return rex_put(x, (const char *)x->p + at, 2, at);
		break;
	case 'b':
		return in_class ? rex_codepoint(x, 8, at) : rex_put(x, "\\b", 2, at);
	case 'Z':
		if (!in_class)
			return rex_put(x, "\\z", 2, at);
		break;
	case 'a': return rex_codepoint(x, 7, at);
	case 'v': return rex_codepoint(x, 11, at);
	case 'x': case 'u': case 'U': {
		if (d != 'x' && x->is_bytes)
			break;
		size_t need = d == 'x' ? 2 : d == 'u' ? 4 : 8, e = at + 2;
		unsigned long v = 0;
		while (e < x->n && e < at + 2 + need && is_hex(x->p[e])) {
			int h = x->p[e++];
			v = v * 16 + (h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
		}
		if (e < at + 2 + need) {
			char m2[24];
			snprintf(m2, sizeof m2, "\\%.*s", (int)(e - at - 1), (const char *)x->p + at + 1);
			return rex_fail(x, at, "incomplete escape %s", m2);
		}
		if (v > 0x10FFFF) {
			char m2[24];
			snprintf(m2, sizeof m2, "\\%.*s", (int)(e - at - 1), (const char *)x->p + at + 1);
			return rex_fail(x, at, "bad escape %s", m2);
		}
		x->i = e;
		return rex_codepoint(x, v, at);
	}
	case 'N':
		if (x->is_bytes)
			break;
		return rex_fail(x, at, "\\N{...} (a character by name) is not supported by Lumen's re%s", "");
	default:
		break;
	}
	snprintf(msg, sizeof msg, "\\%c", d);
	return rex_fail(x, at, "bad escape %s", msg);
}

static int name_char(int c, int first)
{
	return c == '_' || c >= 0x80 || ((c | 32) >= 'a' && (c | 32) <= 'z') || (!first && c >= '0' && c <= '9');
}

/* translates the pattern; *flags gains the leading global flags */
static int rex_translate(struct rex *x, int64_t *flags)
{
	int in_class = 0, groups = 0, at_start = 1, depth = 0;
	size_t opens[200], class_at = 0;
	size_t names[64][3];   /* the first 64 group names: offset, length, group */
	int nnames = 0;
	char cb[8];
	while (x->i < x->n) {
		size_t at = x->i;
		int c = x->p[at];
		if (c == '\\') {
			if (rex_escape(x, in_class, groups) < 0)
				return -1;
			at_start = 0;
			continue;
		}
		if (in_class) {
			if (c == ']')
				in_class = 0;
			x->i++;
			if (c == '[' ? rex_put(x, "\\[", 2, at) : rex_put(x, (const char *)x->p + at, 1, at))
				return -1;
			continue;
		}
		if ((*flags & RE_X) && c == '#') {
			size_t e = at;
			while (e < x->n && x->p[e] != '\n')
				e++;
			x->i = e;
			continue;
		}
		if ((*flags & RE_X) && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')) {
			x->i++;
			continue;
		}
		if (c == '[') {
			class_at = at;
			size_t e = at + 1;
			if (e < x->n && x->p[e] == '^')
				e++;
			if (rex_put(x, (const char *)x->p + at, e - at, at))
				return -1;
			if (e < x->n && x->p[e] == ']') {
				if (rex_put(x, "\\]", 2, e))
					return -1;
				e++;
			}
			x->i = e;
			in_class = 1;
			at_start = 0;
			continue;
		}
		if (c == '(' && at + 1 < x->n && x->p[at + 1] == '*')
			return rex_fail(x, at + 1, "nothing to repeat", NULL);
		if (c == '(' && !(at + 2 < x->n && x->p[at + 1] == '?' && x->p[at + 2] == '#')) {
			if (depth < 200)
				opens[depth] = at;
			depth++;
		}
		if (c == '(' && at + 1 < x->n && x->p[at + 1] == '?') {
			size_t q = at + 1;
			int e = q + 1 < x->n ? x->p[q + 1] : 0;
			if (e == ':' || e == '=' || e == '!' || e == '>' || e == '(') {
				x->i = q + 2;
				if (rex_put(x, (const char *)x->p + at, 3, at))
					return -1;
				at_start = 0;
				continue;
			}
			if (e == '#') {
				size_t k = q + 2;
				while (k < x->n && x->p[k] != ')')
					k++;
				if (k >= x->n)
					return rex_fail(x, at, "missing ), unterminated comment", NULL);
				x->i = k + 1;
				continue;
			}
			if (e == '<') {
				int f = q + 2 < x->n ? x->p[q + 2] : 0;
				if (f == '=' || f == '!') {
					x->i = q + 3;
					if (rex_put(x, (const char *)x->p + at, 4, at))
						return -1;
					at_start = 0;
					continue;
				}
				char m2[16];
				snprintf(m2, sizeof m2, "?<%s", q + 2 < x->n ? rex_char(x, q + 2, cb) : "");
				return rex_fail(x, q, "unknown extension %s", m2);
			}
			if (e == 'P') {
				int f = q + 2 < x->n ? x->p[q + 2] : 0;
				if (f == '<') {
					size_t k = q + 3, s = k;
					while (k < x->n && x->p[k] != '>')
						k++;
					if (k >= x->n)
						return rex_fail(x, s, "missing >, unterminated name", NULL);
					if (k == s)
						return rex_fail(x, s, "missing group name", NULL);
					for (size_t j = s; j < k; j++)
						if (!name_char(x->p[j], j == s)) {
							char nm[80];
							snprintf(nm, sizeof nm, "'%.*s'", (int)(k - s < 60 ? k - s : 60), (const char *)x->p + s);
							return rex_fail(x, s, "bad character in group name %s", nm);
						}
					groups++;
					for (int j = 0; j < nnames; j++)
						if (names[j][1] == k - s && !memcmp(x->p + names[j][0], x->p + s, k - s)) {
							char nm[120];
							snprintf(nm, sizeof nm, "'%.*s' as group %d; was group %d",
								 (int)(k - s < 60 ? k - s : 60), (const char *)x->p + s, groups, (int)names[j][2]);
							return rex_fail(x, s, "redefinition of group name %s", nm);
						}
					if (nnames < 64) {
						names[nnames][0] = s;
						names[nnames][1] = k - s;
						names[nnames++][2] = (size_t)groups;
					}
				} else if (f == '=') {
					size_t k = q + 3, s = k;
					while (k < x->n && x->p[k] != ')')
						k++;
					int known = nnames >= 64;
					for (int j = 0; j < nnames && !known; j++)
						known = names[j][1] == k - s && !memcmp(x->p + names[j][0], x->p + s, k - s);
					if (k < x->n && k > s && !known) {
						char nm[80];
						snprintf(nm, sizeof nm, "'%.*s'", (int)(k - s < 60 ? k - s : 60), (const char *)x->p + s);
						return rex_fail(x, s, "unknown group name %s", nm);
					}
				} else {
					char m2[16];
					snprintf(m2, sizeof m2, "?P%s", q + 2 < x->n ? rex_char(x, q + 2, cb) : "");
					return rex_fail(x, q, "unknown extension %s", m2);
				}
				x->i = q + 3;
				if (rex_put(x, (const char *)x->p + at, 4, at))
					return -1;
				at_start = 0;
				continue;
			}
			/* flags: (?aiLmsux) global, (?imsx-imsx:...) scoped */
			size_t k = q + 1;
			int64_t on = 0;
			int minus = 0;
			while (k < x->n && strchr("aiLmsux-", x->p[k]) && x->p[k]) {
				int g = x->p[k];
				if (g == '-')
					minus = 1;
				else
					on |= g == 'a' ? RE_A : g == 'i' ? RE_I : g == 'L' ? RE_L : g == 'm' ? RE_M :
					      g == 's' ? RE_S : g == 'u' ? RE_U : RE_X;
				k++;
			}
			if (k == q + 1) {
				char m2[16];
				if (q + 1 >= x->n)
					return rex_fail(x, q + 1, "unexpected end of pattern", NULL);
				snprintf(m2, sizeof m2, "?%s", rex_char(x, q + 1, cb));
				return rex_fail(x, q, "unknown extension %s", m2);
			}
			if (k >= x->n)
				return rex_fail(x, k, "missing -, : or )", NULL);
			if (x->p[k] == ')') {
				if (minus)
					return rex_fail(x, k, "missing :", NULL);
				if (!at_start)
					return rex_fail(x, at, "global flags not at the start of the expression", NULL);
				if ((on & RE_L) && !x->is_bytes)
					return rex_fail(x, k, "bad inline flags: cannot use 'L' flag with a str pattern", NULL);
				if ((on & RE_U) && x->is_bytes)
					return rex_fail(x, k, "bad inline flags: cannot use 'u' flag with a bytes pattern", NULL);
				if (((on & RE_A) != 0) + ((on & RE_U) != 0) + ((on & RE_L) != 0) > 1)
					return rex_fail(x, k, "bad inline flags: flags 'a', 'u' and 'L' are incompatible", NULL);
				*flags |= on;
				x->i = k + 1;
				depth--;
				continue;
			}
			if (x->p[k] != ':')
				return rex_fail(x, k, "missing -, : or )", NULL);
			for (size_t j = q + 1; j < k; j++)
				if (strchr("aLu", x->p[j]))
					return rex_fail(x, j, "the flags a, L and u in a scoped group (?%s:...) are not supported by Lumen's re",
							rex_char(x, j, cb));
			x->i = k + 1;
			if (rex_put(x, (const char *)x->p + at, k + 1 - at, at))
				return -1;
			at_start = 0;
			continue;
		}
		if (c == '(')
			groups++;
		if (c == ')' && depth > 0)
			depth--;
		if (c == '{' && at + 1 < x->n && x->p[at + 1] == ',') {
			size_t k = at + 2;
			while (k < x->n && x->p[k] >= '0' && x->p[k] <= '9')
				k++;
			if (k > at + 2 && k < x->n && x->p[k] == '}') {
				if (rex_put(x, "{0,", 3, at))
					return -1;
				x->i = at + 2;
				at_start = 0;
				continue;
			}
		}
		x->i = at + 1;
		if (rex_put(x, (const char *)x->p + at, 1, at))
			return -1;
		at_start = 0;
	}
	x->unclosed_set = in_class ? rex_chars(x, class_at) : (size_t)-1;
	x->unclosed_group = depth > 0 && depth <= 200 ? rex_chars(x, opens[depth - 1]) : (size_t)-1;
	if (!x->out && rex_put(x, "", 0, 0))
		return -1;
	return 0;
}

/* PCRE2's compile errors in Python's words where Python has them */
static const char *rex_pcre_msg(int code, char *buf, size_t n)
{
	switch (code) {
	case PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS: return "missing ), unterminated subpattern";
	case PCRE2_ERROR_UNMATCHED_CLOSING_PARENTHESIS: return "unbalanced parenthesis";
	case PCRE2_ERROR_MISSING_SQUARE_BRACKET: return "unterminated character set";
	case PCRE2_ERROR_QUANTIFIER_INVALID: return "nothing to repeat";
	case PCRE2_ERROR_QUANTIFIER_OUT_OF_ORDER: return "min repeat greater than max repeat";
	case PCRE2_ERROR_CLASS_RANGE_ORDER: return "bad character range";
	case PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH: return "look-behind requires fixed-width pattern";
	case PCRE2_ERROR_DUPLICATE_SUBPATTERN_NAME: return "redefinition of group name";
	case PCRE2_ERROR_BAD_SUBPATTERN_REFERENCE: return "invalid group reference";
	default:
		pcre2_get_error_message(code, (PCRE2_UCHAR *)buf, n);
		return buf;
	}
}

/* _compile(pattern, flags) -> (code, flags, groups, groupindex) or (None, msg, pos) */
PYFN(re_compile_fn)
{
	if (argc != 2 || (kw && kw->n) || (argv[0]->type != VT_STR && argv[0]->type != VT_BYTES) || argv[1]->type != VT_INT)
		return err_set(ev, TY_TypeError, "re._compile(pattern, flags) takes a str or bytes and an int");
	struct str *ps = argv[0]->u.str;
	int64_t flags = argv[1]->u.i;
	int is_bytes = argv[0]->type == VT_BYTES;
	struct rex x = { .p = (const unsigned char *)ps->s, .n = ps->len, .is_bytes = is_bytes };
	struct value *res = NULL;
	if (rex_translate(&x, &flags) < 0) {
		if (!x.err[0]) {
			err_nomem(ev);
			goto out;
		}
		struct value *it[3] = { val_none(), val_cstr(x.err), val_int((int64_t)x.errpos) };
		res = val_tuple_new(3, it);
		goto out;
	}
	if (is_bytes && (flags & RE_U)) {
		err_set(ev, TY_ValueError, "cannot use UNICODE flag with a bytes pattern");
		goto out;
	}
	if (!is_bytes && (flags & RE_L)) {
		err_set(ev, TY_ValueError, "cannot use LOCALE flag with a str pattern");
		goto out;
	}
	if ((flags & RE_A) && (flags & RE_U)) {
		err_set(ev, TY_ValueError, "ASCII and UNICODE flags are incompatible");
		goto out;
	}
	if ((flags & RE_A) && (flags & RE_L)) {
		err_set(ev, TY_ValueError, "ASCII and LOCALE flags are incompatible");
		goto out;
	}
	if (flags & RE_L) {
		err_set(ev, TY_NotImplementedError, "re.LOCALE is not supported by Lumen");
		goto out;
	}
	if (flags & ~(int64_t)(RE_I | RE_M | RE_S | RE_U | RE_X | RE_A)) {
		err_set(ev, TY_NotImplementedError, "re flags other than I, M, S, X, A, U are not supported by Lumen");
		goto out;
	}
	if (!is_bytes && !(flags & RE_A))
		flags |= RE_U;
	uint32_t opt = PCRE2_ALT_VERBNAMES * 0;
	if (!is_bytes)
		opt |= PCRE2_UTF | ((flags & RE_A) ? 0 : PCRE2_UCP);
	if (flags & RE_I) opt |= PCRE2_CASELESS;
	if (flags & RE_M) opt |= PCRE2_MULTILINE;
	if (flags & RE_S) opt |= PCRE2_DOTALL;
	if (flags & RE_X) opt |= PCRE2_EXTENDED;
	pcre2_compile_context *cc = pcre2_compile_context_create(NULL);
	if (!cc) {
		err_nomem(ev);
		goto out;
	}
	pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
	pcre2_set_bsr(cc, PCRE2_BSR_UNICODE);
	int ec;
	PCRE2_SIZE eo;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)x.out, x.len, opt, &ec, &eo, cc);
	pcre2_compile_context_free(cc);
	if (!code) {
		char buf[160];
		const char *m = rex_pcre_msg(ec, buf, sizeof buf);
		if (ec == PCRE2_ERROR_QUANTIFIER_INVALID && eo > 0 && eo <= x.len && strchr("*+?}", x.out[eo - 1]))
			m = "multiple repeat";
		size_t pos = eo < x.len ? x.pos[eo] : rex_chars(&x, x.n);
		if (ec == PCRE2_ERROR_MISSING_SQUARE_BRACKET && x.unclosed_set != (size_t)-1)
			pos = x.unclosed_set;
		if (ec == PCRE2_ERROR_MISSING_CLOSING_PARENTHESIS && x.unclosed_group != (size_t)-1)
			pos = x.unclosed_group;
		struct value *it[3] = { val_none(), val_cstr(m), val_int((int64_t)pos) };
		res = val_tuple_new(3, it);
		goto out;
	}
	struct re_code *rc = malloc(sizeof *rc);
	if (!rc) {
		pcre2_code_free(code);
		err_nomem(ev);
		goto out;
	}
	rc->code = code;
	rc->is_bytes = is_bytes;
	uint32_t ncap = 0, nname = 0, esz = 0;
	PCRE2_SPTR tab = NULL;
	pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &ncap);
	pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &nname);
	pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &esz);
	pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &tab);
	struct value *gi = val_dict_new();
	for (uint32_t k = 0; gi && k < nname; k++) {
		const unsigned char *e = tab + (size_t)k * esz;
		struct value *key = val_cstr((const char *)e + 2), *idx = val_int((e[0] << 8) | e[1]);
		if (!key || !idx || dict_set(ev, gi, key, idx) < 0) {
			val_decref(key);
			val_decref(idx);
			val_decref(gi);
			gi = NULL;
			break;
		}
		val_decref(key);
		val_decref(idx);
	}
	struct value *it[4] = { val_object_new(&re_code_type, rc), val_int(flags), val_int(ncap), gi };
	res = val_tuple_new(4, it);
out:
	free(x.out);
	free(x.pos);
	return res;
}

/* ---- matching ---- */

/* chars between byte offsets a and b of s (b may be before a: negative) */
static int64_t b2c_delta(const char *s, size_t a, size_t b)
{
	int64_t d = 0;
	if (b >= a) {
		for (size_t k = a; k < b; k++)
			d += ((unsigned char)s[k] & 0xC0) != 0x80;
	} else {
		for (size_t k = b; k < a; k++)
			d -= ((unsigned char)s[k] & 0xC0) != 0x80;
	}
	return d;
}

/* the byte offset of char index c (clamped to the string) */
static size_t c2b(const struct str *s, int is_bytes, int64_t c)
{
	if (c <= 0)
		return 0;
	if (is_bytes)
		return (size_t)c < s->len ? (size_t)c : s->len;
	size_t k = 0;
	int64_t n = 0;
	while (k < s->len) {
		if (((unsigned char)s->s[k] & 0xC0) != 0x80) {
			if (n == c)
				return k;
			n++;
		}
		k++;
	}
	return s->len;
}

struct scan {
	struct re_code *rc;
	const struct str *s;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	uint32_t ncap;
};

/* one match from byte start (subject length blen); 1 found, 0 none, -1 error set */
static int scan_one(struct eval *ev, struct scan *sc, size_t blen, size_t start, uint32_t opt)
{
	int r = pcre2_match(sc->rc->code, (PCRE2_SPTR)sc->s->s, blen, start, opt, sc->md, sc->mc);
	if (r >= 0)
		return 1;
	if (r == PCRE2_ERROR_NOMATCH)
		return 0;
	if (r == PCRE2_ERROR_MATCHLIMIT || r == PCRE2_ERROR_DEPTHLIMIT || r == PCRE2_ERROR_HEAPLIMIT) {
		err_set(ev, TY_RuntimeError, "re: the pattern backtracks too much (PCRE2 match limit exceeded); "
			"simplify it (nested repeats such as (a+)+ are exponential)");
		return -1;
	}
	char buf[160];
	pcre2_get_error_message(r, (PCRE2_UCHAR *)buf, sizeof buf);
	err_set(ev, TY_ValueError, "re: %s", buf);
	return -1;
}

/* the match as a tuple: 2 * G spans (G = groups + 1; chars, -1 unset),
 * then the G group strings (None unset), then the text from byte gap0 to the
 * match (split and sub join these without slicing by chars);
 * (cb, cc): a byte offset and its char index, moved to the match start */
static struct value *scan_spans(struct scan *sc, size_t *cb, int64_t *cc, size_t gap0)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->md);
	size_t g = (size_t)sc->ncap + 1, n = 3 * g + 1;
	struct value **it = calloc(n, sizeof *it);
	if (!it)
		return NULL;
	int isb = sc->rc->is_bytes;
	int64_t c0 = *cc + (isb ? (int64_t)ov[0] - (int64_t)*cb : b2c_delta(sc->s->s, *cb, ov[0]));
	*cb = ov[0];
	*cc = c0;
	int bad = 0;
	for (size_t k = 0; k < 2 * g; k++) {
		int64_t v = -1;
		if (ov[k] != PCRE2_UNSET)
			v = c0 + (isb ? (int64_t)ov[k] - (int64_t)ov[0] : b2c_delta(sc->s->s, ov[0], ov[k]));
		bad |= !(it[k] = val_int(v));
	}
	for (size_t k = 0; k < g; k++) {
		PCRE2_SIZE a = ov[2 * k], b = ov[2 * k + 1];
		if (a == PCRE2_UNSET || b < a)
			it[2 * g + k] = val_none();
		else
			it[2 * g + k] = isb ? val_bytes(sc->s->s + a, b - a) : val_str(sc->s->s + a, b - a);
		bad |= !it[2 * g + k];
	}
	size_t e = ov[0] >= gap0 ? ov[0] : gap0;
	it[3 * g] = isb ? val_bytes(sc->s->s + gap0, e - gap0) : val_str(sc->s->s + gap0, e - gap0);
	bad |= !it[3 * g];
	struct value *t = NULL;
	if (!bad)
		t = val_tuple_new(n, it);
	else
		for (size_t k = 0; k < n; k++)
			val_decref(it[k]);
	free(it);
	return t;
}

/* _scan(code, string, pos, endpos, mode, count): mode 0 search, 1 match,
 * 2 fullmatch (one match: its spans or None); mode 3: every non-overlapping
 * search match from pos (at most count when count > 0), a list of spans */
PYFN(re_scan_fn)
{
	if (argc != 6 || (kw && kw->n) || argv[0]->type != VT_OBJECT || argv[0]->u.obj.t != &re_code_type ||
	    argv[2]->type != VT_INT || argv[3]->type != VT_INT || argv[4]->type != VT_INT || argv[5]->type != VT_INT)
		return err_set(ev, TY_TypeError, "re._scan: bad arguments");
	struct scan sc = { .rc = argv[0]->u.obj.p };
	struct value *sv = argv[1];
	if (sc.rc->is_bytes && sv->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "cannot use a bytes pattern on a string-like object");
	if (!sc.rc->is_bytes && sv->type != VT_STR)
		return err_set(ev, TY_TypeError, sv->type == VT_BYTES ? "cannot use a string pattern on a bytes-like object"
			       : "expected string or bytes-like object, got '%s'", val_type_name(sv));
	sc.s = sv->u.str;
	int64_t pos = argv[2]->u.i, endpos = argv[3]->u.i, mode = argv[4]->u.i, count = argv[5]->u.i;
	if (pos < 0)
		pos = 0;
	size_t bpos = c2b(sc.s, sc.rc->is_bytes, pos);
	size_t bend = c2b(sc.s, sc.rc->is_bytes, endpos);
	int64_t cpos = sc.rc->is_bytes ? (int64_t)bpos : b2c_delta(sc.s->s, 0, bpos);
	pcre2_pattern_info(sc.rc->code, PCRE2_INFO_CAPTURECOUNT, &sc.ncap);
	sc.md = pcre2_match_data_create_from_pattern(sc.rc->code, NULL);
	sc.mc = pcre2_match_context_create(NULL);
	struct value *res = NULL;
	if (!sc.md || !sc.mc) {
		err_nomem(ev);
		goto out;
	}
	pcre2_set_match_limit(sc.mc, RE_MATCH_LIMIT);
	pcre2_set_depth_limit(sc.mc, RE_DEPTH_LIMIT);
	pcre2_set_heap_limit(sc.mc, RE_HEAP_LIMIT);
	if (bpos > bend) {
		res = mode == 3 ? val_list_new(0, NULL) : val_none();
		goto out;
	}
	size_t cb = bpos;
	int64_t cc = cpos;
	if (mode != 3) {
		uint32_t opt = mode == 1 ? PCRE2_ANCHORED : mode == 2 ? PCRE2_ANCHORED | PCRE2_ENDANCHORED : 0;
		int r = scan_one(ev, &sc, bend, bpos, opt);
		res = r < 0 ? NULL : r == 0 ? val_none() : scan_spans(&sc, &cb, &cc, bpos);
		goto out;
	}
	res = val_list_new(0, NULL);
	size_t start = bpos, gap0 = bpos;
	uint32_t opt = 0;
	int64_t found = 0;
	while (res && start <= bend && (count <= 0 || found < count)) {
		int r = scan_one(ev, &sc, bend, start, opt);
		if (r < 0) {
			val_decref(res);
			res = NULL;
			break;
		}
		if (r == 0)
			break;
		struct value *t = scan_spans(&sc, &cb, &cc, gap0);
		if (!t || list_append(res, t) < 0) {
			val_decref(res);
			res = NULL;
			break;
		}
		found++;
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
		start = ov[1];
		gap0 = ov[1] > gap0 ? ov[1] : gap0;
		/* the first call checked the subject's UTF-8: PCRE2 would check it
		 * all again on every call (quadratic over a long text) */
		opt = (ov[0] == ov[1] ? PCRE2_NOTEMPTY_ATSTART : 0) | (sc.rc->is_bytes ? 0 : PCRE2_NO_UTF_CHECK);
	}
	if (!res)
		err_nomem(ev);
out:
	pcre2_match_data_free(sc.md);
	pcre2_match_context_free(sc.mc);
	return res;
}

const struct pyfn re_pcre_fns[] = { {"_compile", re_compile_fn}, {"_scan", re_scan_fn} };
const size_t re_pcre_nfns = sizeof re_pcre_fns / sizeof re_pcre_fns[0];
