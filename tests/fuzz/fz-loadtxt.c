/*
 * fz-loadtxt.c — libFuzzer target: the text reader (engine/lib/text/).
 * Input: an options byte, a mode byte, then the text.  The text goes first
 * to the tokenizer itself (txtparse.c: as one chunk and as line chunks, every
 * field through every field parser, with checks on what comes back), then as
 * a file to a host-mode cell that reads it with np.loadtxt (a path, a list of
 * lines, usecols/unpack/ndmin, converters), np.genfromtxt, np.fromstring or a
 * savetxt/loadtxt round trip, with the options the two bytes pick
 * (fz_engine.c: fenced and bounded; one engine serves every input).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/text/txtparse.h"
#include "fz_engine.h"

#define CHECK(c)                                                                   \
	do {                                                                       \
		if (!(c)) {                                                        \
			fprintf(stderr, "fz-loadtxt: check failed: %s\n", #c);      \
			abort();                                                   \
		}                                                                  \
	} while (0)

/* the chunks of a buffer: whole, or cut after each '\n' (as a list of lines) */
struct mem {
	const char *p, *e;
	int lines;
};

static int mem_next(void *ctx, const char **p, size_t *len, int *line)
{
	struct mem *m = ctx;
	if (m->p >= m->e)
		return 0;
	const char *q = m->e;
	if (m->lines) {
		const char *nl = memchr(m->p, '\n', (size_t)(m->e - m->p));
		if (nl)
			q = nl + 1;
	}
	*p = m->p;
	*len = (size_t)(q - m->p);
	*line = m->lines;
	m->p = q;
	return 1;
}

static void tokenize(const char *text, size_t n, int delim, int comment, int quote, int lines, int skip)
{
	struct mem m = {text, text + n, lines};
	struct txt_source src = {mem_next, &m};
	struct txt_tok t;
	int rc = 0;
	size_t rows = 0;
	txt_init(&t, delim, comment, quote, src);
	t.max_bytes = 1 << 20;
	for (int i = 0; i < skip && rc == 0; i++)
		rc = txt_skip_line(&t);
	while (rc == 0) {
		rc = txt_row(&t);
		if (rc < 0) {
			CHECK(t.err[0]);
			break;
		}
		CHECK(t.nf <= t.blen + 1);
		for (size_t i = 0; i < t.nf; i++) {
			size_t len;
			const char *s = txt_field(&t, i, &len);
			CHECK(s >= t.buf && s + len <= t.buf + t.blen);
			CHECK(s[len] == 0);
			/* a field holds no delimiter unless it was quoted */
			if (!t.quoted[i] && delim != TXT_NONE && quote == TXT_NONE)
				CHECK(!memchr(s, delim, len));
			int64_t iv;
			uint64_t uv;
			double d, re, im;
			(void)txt_parse_int(s, len, INT64_MIN, INT64_MAX, &iv);
			(void)txt_parse_int(s, len, -128, 127, &iv);
			(void)txt_parse_uint(s, len, 255, &uv);
			if (txt_parse_double(s, len, &d) == 0)
				CHECK(len > 0);
			(void)txt_parse_complex(s, len, 'j', &re, &im);
			CHECK(txt_double_prefix(s, len, &d) <= len);
		}
		CHECK(++rows <= n + 2);
	}
	txt_free(&t);
}

static const char *const DELIMS[] = {"None", "','", "' '", "'\\t'", "';'", "'|'", "None", "','"};
static const char *const COMMENTS[] = {"'#'", "None", "['#', '//']", "'%'"};
static const char *const QUOTES[] = {"None", "'\"'", "\"'\"", "None"};
static const char *const DTYPES[] = {"float", "int", "np.float32", "complex", "bool", "np.uint8",
				     "np.int16", "np.float16"};
static const int DELIM_CH[] = {TXT_NONE, ',', ' ', '\t', ';', '|', TXT_NONE, ','};

/* the cells, with P (path), D, C, Q, T (dtype), E (encoding), K (a small number) */
static const char *const FORMS[] = {
	"r = np.loadtxt(P, delimiter=D, comments=C, quotechar=Q, dtype=T, encoding=E, skiprows=K)\n"
	"s = repr(r) + str(r.shape)\n",
	"L = open(P, 'rb').read().decode('latin1').splitlines(True)\n"
	"r = np.loadtxt(L, delimiter=D, comments=C, quotechar=Q, dtype=T, max_rows=K + 1)\n",
	"r = np.loadtxt(P, delimiter=D, comments=C, quotechar=Q, dtype=T, encoding=E, usecols=(K, -1), unpack=True, ndmin=K %% 3)\n",
	"r = np.loadtxt(P, delimiter=D, comments=C, dtype=T, encoding=E, converters={0: lambda s: len(s), -1: float})\n",
	"r = np.genfromtxt(P, delimiter=D, dtype=T, encoding=E, skip_header=K, missing_values='x', filling_values=K, invalid_raise=False)\n",
	"r = np.genfromtxt(P, delimiter=D, dtype=None, encoding=E, skip_footer=K, usecols=None if K < 2 else (0,))\n",
	"r = np.fromstring(open(P, 'rb').read().decode('latin1'), dtype=T, sep=D or ' ')\n",
	"r = np.loadtxt(P, delimiter=D, comments=C, quotechar=Q, dtype=T, encoding=E)\n"
	"b = io.StringIO()\n"
	"np.savetxt(b, r if r.ndim in (1, 2) else r.reshape(-1), fmt='%%.17g' if K else '%%s', delimiter=D or ' ', header='h', footer='f')\n"
	"b.seek(0)\n"
	"r2 = np.loadtxt(b, delimiter=D, dtype=T)\n",
};

static const char PRELUDE[] =
	"import numpy as np, io, warnings\n"
	"warnings.simplefilter('ignore')\n"
	"P = '%s'\nD = %s\nC = %s\nQ = %s\nT = %s\nE = %s\nK = %d\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[128], code[2048];
	if (size < 2 || size > (1 << 16))
		return 0;
	int o = data[0], m = data[1];
	const char *text = (const char *)data + 2;
	size_t n = size - 2;
	int delim = DELIM_CH[o & 7], comment = ((o >> 3) & 3) == 0 ? '#' : ((o >> 3) & 3) == 3 ? '%' : TXT_NONE;
	int quote = ((o >> 5) & 3) == 1 ? '"' : ((o >> 5) & 3) == 2 ? '\'' : TXT_NONE;

	tokenize(text, n, delim, comment, quote, 0, m >> 6);
	tokenize(text, n, delim, comment, quote, 1, 0);

	/* the file a cell reads: written here, outside the cell's fence */
	snprintf(path, sizeof path, "%s/in.txt", fz_tmpdir());
	FILE *f = fopen(path, "wb");
	CHECK(f);
	CHECK(fwrite(text, 1, n, f) == n);
	CHECK(fclose(f) == 0);
	int len = snprintf(code, sizeof code, PRELUDE, path, DELIMS[o & 7], COMMENTS[(o >> 3) & 3],
			   QUOTES[(o >> 5) & 3], DTYPES[m & 7], (o & 128) ? "'latin1'" : "None", m >> 6);
	CHECK(len > 0 && (size_t)len < sizeof code);
	char body[1024];
	snprintf(body, sizeof body, FORMS[(m >> 3) & 7], 0);
	CHECK(strlen(code) + strlen(body) < sizeof code);
	strcat(code, body);
	fz_cell(code, 1);
	return 0;
}
