/*
 * txtparse.h — the text reader under np.loadtxt / np.genfromtxt / np.fromstring
 * (txtparse.c): a row tokenizer over chunks of UTF-8 bytes with NumPy 2's
 * rules (delimiter or whitespace, one comment byte, quoted fields, \r \n \r\n
 * line ends) and the field parsers of NumPy's text reader (int, uint, bool,
 * float, complex).  Pure C: no evaluator, no Python values; the fuzzer and the
 * front ends (textio.c) call it.  Every length is checked; fields may hold NULs.
 */
#ifndef LUMEN_TXTPARSE_H
#define LUMEN_TXTPARSE_H

#include <stddef.h>
#include <stdint.h>

#define TXT_NONE (-1)   /* no delimiter (whitespace), no comment, no quote */

/* Where the bytes come from: next() gives the next chunk in *p, *len; 1 with
 * data (line: the chunk is one whole line, as each item of a list of lines),
 * 0 at the end, -1 on an error the caller recorded.  A chunk stays valid
 * until the next call. */
struct txt_source {
	int (*next)(void *ctx, const char **p, size_t *len, int *line);
	void *ctx;
};

struct txt_tok {
	/* configuration */
	int delim;              /* byte, or TXT_NONE: split on whitespace */
	int comment;            /* byte or TXT_NONE */
	int quote;              /* byte or TXT_NONE */
	/* the row just read: field i is buf[off[i]] .. buf[off[i+1]-1), NUL-terminated */
	char *buf;
	size_t blen, bcap;
	size_t *off;
	size_t nf, fcap;
	unsigned char *quoted;  /* per field */
	/* state */
	const char *p, *e;
	int state, line, eof;
	struct txt_source src;
	char err[160];          /* the message when txt_row returns -1 without a source error */
	size_t max_bytes;       /* a row's byte limit (0: none): "line too long" past it */
};

void txt_init(struct txt_tok *t, int delim, int comment, int quote, struct txt_source src);
void txt_free(struct txt_tok *t);
/* Reads one row into t (t->nf fields, 0 for an empty line).  0: a row read,
 * more may follow; 1: the input ended (the row read may still hold fields);
 * -1: error (t->err set, or empty when the source failed). */
int txt_row(struct txt_tok *t);
/* Skips to the end of the current line; the same results as txt_row. */
int txt_skip_line(struct txt_tok *t);
static inline const char *txt_field(const struct txt_tok *t, size_t i, size_t *len)
{
	*len = t->off[i + 1] - t->off[i] - 1;
	return t->buf + t->off[i];
}

/* Field parsers, NumPy's text reader rules: surrounding whitespace allowed
 * (not for the float prefix parser), the whole field must be used.  0 or -1. */
int txt_is_space(int c);
int txt_parse_int(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *out);
int txt_parse_uint(const char *s, size_t n, uint64_t hi, uint64_t *out);
int txt_parse_double(const char *s, size_t n, double *out);
int txt_parse_complex(const char *s, size_t n, int imag, double *re, double *im);
/* A Python float literal prefix (PyOS_string_to_double with an end pointer:
 * sign, digits, '.', exponent, inf/infinity/nan); bytes used, 0 if none. */
size_t txt_double_prefix(const char *s, size_t n, double *out);

/* Python's float()/int()/complex() see text with Unicode whitespace as ' '
 * and Unicode decimal digits as ASCII ones: s[0..n) so mapped into out (n + 1
 * bytes), any other non-ASCII character as '?'; returns the bytes written. */
size_t txt_py_ascii(const char *s, size_t n, char *out);
/* complex(s) of an ASCII string without underscores: "(1+2j)", "j", "-1.5J" */
int txt_parse_pycomplex(const char *s, size_t n, double *re, double *im);

#endif
