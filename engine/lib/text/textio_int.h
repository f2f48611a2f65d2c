/*
 * textio_int.h — what textio.c shares with textflex.c (private to lib/text/):
 * the input of the text readers, a path or an iterable of lines, as a
 * txt_source.
 */
#ifndef LUMEN_TEXTIO_INT_H
#define LUMEN_TEXTIO_INT_H

#include <stddef.h>
#include "lang/value.h"

struct lines_src {
	struct eval *ev;
	const char *fn;          /* "loadtxt" */
	/* a whole file (decoded, UTF-8), given as one chunk or as lines */
	struct value *text;      /* str value, or NULL */
	size_t pos;
	int by_line;
	/* an iterable of lines */
	struct value *it;
	struct value *cur;       /* the last item (keeps the chunk alive) */
	/* several comment strings: each line cut at the first of each */
	struct value *comments;  /* tuple of str, or NULL */
	char *cut;               /* the cut line */
};

/* Opens fname (a path, a file object, a list of lines ...) as s; 0 or -1. */
int textio_src_open(struct eval *ev, const char *fn, struct lines_src *s, struct value *fname,
		    struct value *encoding, int by_line);
/* struct txt_source's next() over a struct lines_src */
int textio_src_next(void *ctx, const char **p, size_t *len, int *line);
void textio_src_close(struct lines_src *s);

/* loadtxt's and genfromtxt's signature and doc, for both tables that name
 * them (textio.c's and textflex.c's wrapper) */
#define TXT_LOADTXT_SIG \
	"loadtxt(fname, dtype=<class 'float'>, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None)"
#define TXT_LOADTXT_DOC "Load data from a text file."
#define TXT_GENFROMTXT_SIG \
	"genfromtxt(fname, dtype=<class 'float'>, comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None, missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None, deletechars=\" !#$%&'()*+,-./:;<=>?@[\\\\]^{|}~\", replace_space='_', autostrip=False, case_sensitive=True, defaultfmt='f%i', unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding=None, *, ndmin=0, like=None)"
#define TXT_GENFROMTXT_DOC "Load data from a text file, with missing values handled as specified."

#endif
