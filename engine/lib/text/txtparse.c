/*
 * txtparse.c — the row tokenizer and field parsers of the text reader
 * (txtparse.h): NumPy 2's loadtxt rules, written over UTF-8 bytes.  Owns the
 * tokenizer's row buffers; never touches an evaluator or a Python value.
 * Input is untrusted: every size is checked before it grows a buffer.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/text/txtparse.h"

enum { ST_INIT, ST_CHECKQ, ST_UNQ, ST_UNQ_WS, ST_Q, ST_QQ, ST_SKIP, ST_CR, ST_END };

int txt_is_space(int c)
{
	/* str.isspace() of the ASCII range */
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

void txt_init(struct txt_tok *t, int delim, int comment, int quote, struct txt_source src)
{
	memset(t, 0, sizeof *t);
	t->delim = delim;
	t->comment = comment;
	t->quote = quote;
	t->src = src;
	t->state = ST_INIT;
}

void txt_free(struct txt_tok *t)
{
	free(t->buf);
	free(t->off);
	free(t->quoted);
	t->buf = NULL;
	t->off = NULL;
	t->quoted = NULL;
}

static int too_long(struct txt_tok *t)
{
	snprintf(t->err, sizeof t->err, "line too long to handle while reading file.");
	return -1;
}

/* room for n more bytes, a NUL and a field's separator */
static int grow_buf(struct txt_tok *t, size_t n)
{
	if (n > SIZE_MAX / 4 - t->blen - 8)
		return too_long(t);
	size_t need = t->blen + n + 3;
	if (t->max_bytes && need > t->max_bytes)
		return too_long(t);
	if (need <= t->bcap)
		return 0;
	size_t cap = t->bcap ? t->bcap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 4 ? need : cap * 2;
	char *nb = realloc(t->buf, cap);
	if (!nb) {
		snprintf(t->err, sizeof t->err, "out of memory");
		return -1;
	}
	t->buf = nb;
	t->bcap = cap;
	return 0;
}

static int copy_chunk(struct txt_tok *t, const char *a, const char *b)
{
	size_t n = (size_t)(b - a);
	if (grow_buf(t, n) < 0)
		return -1;
	memcpy(t->buf + t->blen, a, n);
	t->blen += n;
	t->buf[t->blen] = 0;
	return 0;
}

static int add_field(struct txt_tok *t)
{
	if (grow_buf(t, 0) < 0)
		return -1;
	t->blen += 1;
	t->buf[t->blen] = 0;
	if (t->nf + 1 >= t->fcap) {
		if (t->fcap > SIZE_MAX / 4 / sizeof *t->off) {
			snprintf(t->err, sizeof t->err, "too many columns found; cannot read file.");
			return -1;
		}
		size_t cap = t->fcap ? t->fcap * 2 : 8;
		size_t *no = realloc(t->off, cap * sizeof *no);
		if (!no) {
			snprintf(t->err, sizeof t->err, "out of memory");
			return -1;
		}
		t->off = no;
		unsigned char *nq = realloc(t->quoted, cap);
		if (!nq) {
			snprintf(t->err, sizeof t->err, "out of memory");
			return -1;
		}
		t->quoted = nq;
		t->fcap = cap;
	}
	t->off[t->nf] = t->blen;
	t->quoted[t->nf] = 0;
	t->nf++;
	return 0;
}

/* one step of the state machine over [t->p, t->e) */
static int step(struct txt_tok *t)
{
	const char *p = t->p, *e = t->e, *a;
	int ws = t->delim == TXT_NONE;
	if (t->state == ST_CHECKQ) {
		if (ws) {
			while (p < e && txt_is_space((unsigned char)*p) && *p != '\r' && *p != '\n')
				p++;
			if (p == e) {
				t->p = p;
				return 0;
			}
		}
		if (t->quote != TXT_NONE && (unsigned char)*p == t->quote) {
			t->quoted[t->nf - 1] = 1;
			t->state = ST_Q;
			p++;
		} else
			t->state = ws ? ST_UNQ_WS : ST_UNQ;
	}
	switch (t->state) {
	case ST_UNQ:
	case ST_UNQ_WS:
		for (a = p; p < e; p++) {
			unsigned char c = (unsigned char)*p;
			if (c == '\r') {
				t->state = ST_CR;
				break;
			} else if (c == '\n') {
				t->state = ST_END;
				break;
			} else if (ws ? txt_is_space(c) : c == t->delim) {
				t->state = ST_INIT;
				break;
			} else if (t->comment != TXT_NONE && c == t->comment) {
				t->state = ST_SKIP;
				break;
			}
		}
		if (copy_chunk(t, a, p) < 0)
			return -1;
		if (p < e)
			p++;
		break;
	case ST_Q:
		for (a = p; p < e; p++)
			if ((unsigned char)*p == t->quote) {
				t->state = ST_QQ;
				break;
			}
		if (copy_chunk(t, a, p) < 0)
			return -1;
		if (p < e)
			p++;
		break;
	case ST_QQ:
		if (p < e && (unsigned char)*p == t->quote) {
			char q = (char)t->quote;
			if (copy_chunk(t, &q, &q + 1) < 0)
				return -1;
			t->state = ST_Q;
			p++;
		} else
			t->state = ws ? ST_UNQ_WS : ST_UNQ;
		break;
	case ST_SKIP:
		if (t->line) {
			p = e;
			t->state = ST_END;
			break;
		}
		for (; p < e; p++) {
			if (*p == '\r') {
				t->state = ST_CR;
				break;
			} else if (*p == '\n') {
				t->state = ST_END;
				break;
			}
		}
		if (p < e)
			p++;
		break;
	case ST_CR:
		if (p < e && *p == '\n')
			p++;
		t->state = ST_END;
		break;
	default:
		break;
	}
	t->p = p;
	return 0;
}

int txt_row(struct txt_tok *t)
{
	int done = 0;
	t->blen = 0;
	t->nf = 0;
	t->err[0] = 0;
	if (t->eof)
		return 1;
	for (;;) {
		if (t->state == ST_INIT) {
			if (add_field(t) < 0)
				return -1;
			t->state = ST_CHECKQ;
		}
		if (t->p >= t->e) {
			if (t->line && t->state != ST_Q)
				break;
			const char *p;
			size_t n = 0;
			int line = 0, rc = t->src.next(t->src.ctx, &p, &n, &line);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				t->eof = done = 1;
				t->p = t->e = NULL;
				break;
			}
			t->p = p;
			t->e = p + n;
			t->line = line;
			if (n == 0) {
				if (line)
					break;
				continue;
			}
		}
		if (step(t) < 0)
			return -1;
		if (t->state == ST_END)
			break;
	}
	if (t->line) {
		t->line = 0;
		if (t->p < t->e) {
			snprintf(t->err, sizeof t->err, "Found an unquoted embedded newline within a single line of input.  This is currently not supported.");
			return -1;
		}
	}
	/* close the last field, then drop an empty last one: a line with one
	 * empty unquoted field is empty, and whitespace splitting ignores a
	 * trailing empty field (" 1 ".split()) */
	if (add_field(t) < 0)
		return -1;
	t->nf -= 1;
	if (t->nf == 1 || (t->nf > 0 && t->delim == TXT_NONE)) {
		if (!t->quoted[0] && t->off[t->nf] - t->off[t->nf - 1] == 1)
			t->nf--;
	}
	t->state = ST_INIT;
	return done;
}

int txt_skip_line(struct txt_tok *t)
{
	t->state = ST_SKIP;
	return txt_row(t);
}

/* ---- field parsers ---- */

static const char *skip_sp(const char *s, const char *e)
{
	while (s < e && txt_is_space((unsigned char)*s))
		s++;
	return s;
}

int txt_parse_int(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *out)
{
	const char *e = s + n;
	int neg = 0;
	uint64_t v = 0, lim;
	s = skip_sp(s, e);
	if (s < e && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (s == e || *s < '0' || *s > '9')
		return -1;
	lim = neg ? (uint64_t)(-(lo + 1)) + 1 : (uint64_t)hi;
	for (; s < e && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (lim - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (skip_sp(s, e) != e)
		return -1;
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

int txt_parse_uint(const char *s, size_t n, uint64_t hi, uint64_t *out)
{
	const char *e = s + n;
	uint64_t v = 0;
	s = skip_sp(s, e);
	if (s < e && *s == '+')
		s++;
	if (s == e || *s < '0' || *s > '9')
		return -1;
	for (; s < e && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (hi - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (skip_sp(s, e) != e)
		return -1;
	*out = v;
	return 0;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int word_at(const char *s, const char *e, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(e - s) < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)s[i]) != w[i])
			return 0;
	return 1;
}

size_t txt_double_prefix(const char *s, size_t n, double *out)
{
	const char *p = s, *e = s + n, *d0;
	int neg = 0;
	if (p < e && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (word_at(p, e, "infinity") || word_at(p, e, "inf")) {
		*out = neg ? -INFINITY : INFINITY;
		return (size_t)(p - s) + (word_at(p, e, "infinity") ? 8 : 3);
	}
	if (word_at(p, e, "nan")) {
		*out = neg ? -NAN : NAN;
		return (size_t)(p - s) + 3;
	}
	d0 = p;
	size_t digits = 0;
	while (p < e && *p >= '0' && *p <= '9')
		p++, digits++;
	if (p < e && *p == '.') {
		p++;
		while (p < e && *p >= '0' && *p <= '9')
			p++, digits++;
	}
	if (!digits)
		return 0;
	if (p < e && (*p == 'e' || *p == 'E')) {
		const char *q = p + 1;
		if (q < e && (*q == '+' || *q == '-'))
			q++;
		if (q < e && *q >= '0' && *q <= '9') {
			while (q < e && *q >= '0' && *q <= '9')
				q++;
			p = q;
		}
	}
	/* strtod on a NUL-terminated copy of exactly the validated span */
	size_t len = (size_t)(p - d0);
	char stack[128], *buf = len < sizeof stack ? stack : malloc(len + 1);
	if (!buf)
		return 0;
	memcpy(buf, d0, len);
	buf[len] = 0;
	double v = strtod(buf, NULL);
	if (buf != stack)
		free(buf);
	*out = neg ? -v : v;
	return (size_t)(p - s);
}

int txt_parse_double(const char *s, size_t n, double *out)
{
	const char *e = s + n;
	s = skip_sp(s, e);
	if (s == e)
		return -1;
	size_t k = txt_double_prefix(s, (size_t)(e - s), out);
	if (!k)
		return -1;
	return skip_sp(s + k, e) == e ? 0 : -1;
}

int txt_parse_complex(const char *s, size_t n, int imag, double *re, double *im)
{
	const char *e = s + n, *p;
	int paren = 0;
	size_t k;
	s = skip_sp(s, e);
	if (s < e && *s == '(') {
		paren = 1;
		s = skip_sp(s + 1, e);
	}
	if (!(k = txt_double_prefix(s, (size_t)(e - s), re)))
		return -1;
	p = s + k;
	if (p == e) {
		*im = 0;
		return paren ? -1 : 0;
	}
	if (*p == imag) {
		*im = *re;
		*re = 0;
		p++;
	} else if (*p == '+' || *p == '-') {
		if (*p == '+')
			p++;
		if (!(k = txt_double_prefix(p, (size_t)(e - p), im)))
			return -1;
		p += k;
		if (p == e || *p != imag)
			return -1;
		p++;
	} else
		*im = 0;
	if (paren) {
		p = skip_sp(p, e);
		if (p == e || *p != ')')
			return -1;
		p++;
	}
	return skip_sp(p, e) == e ? 0 : -1;
}

/* ---- Python's float() / int() / complex() rules (genfromtxt, converters) ---- */

/* the code point at s (UTF-8, n > 0 bytes); *len its bytes (1 on a bad byte) */
static uint32_t u8_at(const unsigned char *s, size_t n, size_t *len)
{
	uint32_t c = s[0];
	size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	if (k > n)
		k = 1;
	if (k == 1) {
		*len = 1;
		return c;
	}
	c &= 0x7F >> k;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80) {
			*len = 1;
			return 0xFFFD;
		}
		c = c << 6 | (s[i] & 0x3F);
	}
	*len = k;
	return c;
}

static int py_space(uint32_t c)
{
	return (c < 128 && txt_is_space((int)c)) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
	       (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
	       c == 0x3000;
}

/* Unicode's decimal digits (category Nd): the zero of each run of ten */
static const uint32_t ND_ZERO[] = {
	0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
	0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
	0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
	0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0,
	0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8,
	0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
};

size_t txt_py_ascii(const char *s, size_t n, char *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, k = 0;
	while (i < n) {
		size_t len;
		uint32_t c = u8_at(p + i, n - i, &len);
		char o = '?';
		if (c < 128)
			o = (char)c;
		else if (py_space(c))
			o = ' ';
		else
			for (size_t z = 0; z < sizeof ND_ZERO / sizeof ND_ZERO[0]; z++)
				if (c >= ND_ZERO[z] && c < ND_ZERO[z] + 10) {
					o = (char)('0' + (c - ND_ZERO[z]));
					break;
				}
		out[k++] = o;
		i += len;
	}
	out[k] = 0;
	return k;
}

int txt_parse_pycomplex(const char *s, size_t n, double *re, double *im)
{
	const char *e = s + n, *p;
	size_t k;
	double x, y = 1.0;
	s = skip_sp(s, e);
	while (e > s && txt_is_space((unsigned char)e[-1]))
		e--;
	if (s < e && *s == '(') {
		if (e - s < 2 || e[-1] != ')')
			return -1;
		s = skip_sp(s + 1, e - 1);
		e--;
		while (e > s && txt_is_space((unsigned char)e[-1]))
			e--;
	}
	if (s == e)
		return -1;
	k = txt_double_prefix(s, (size_t)(e - s), &x);
	p = s + k;
	if (!k) {
		/* "j", "+j", "-j" */
		int neg = 0;
		if (*p == '+' || *p == '-')
			neg = *p++ == '-';
		if (p + 1 != e || (*p != 'j' && *p != 'J'))
			return -1;
		*re = 0;
		*im = neg ? -1.0 : 1.0;
		return 0;
	}
	if (p == e) {
		*re = x;
		*im = 0;
		return 0;
	}
	if (*p == 'j' || *p == 'J') {
		if (p + 1 != e)
			return -1;
		*re = 0;
		*im = x;
		return 0;
	}
	if (*p != '+' && *p != '-')
		return -1;
	int neg = *p++ == '-';
	if (p < e && (*p == '+' || *p == '-'))
		return -1;
	k = txt_double_prefix(p, (size_t)(e - p), &y);
	if (!k)
		y = 1.0;
	p += k;
	if (p + 1 != e || (*p != 'j' && *p != 'J'))
		return -1;
	*re = x;
	*im = neg ? -y : y;
	return 0;
}
