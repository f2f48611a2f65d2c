/*
 * format.h — NumPy 2.x's text for arrays and NumPy scalars, byte for byte:
 * repr/str of arrays (summarised, wrapped, dtype= and shape= suffixes),
 * scalar reprs (np.float32(1.5), np.True_), and the print options.
 *
 * Every string returned is malloc'd and owned by the caller; NULL means an
 * error was recorded on ev.  Device arrays are never copied whole: only the
 * items the text shows are gathered (backend take_flat).
 */
#ifndef LUMEN_FORMAT_H
#define LUMEN_FORMAT_H

#include "lang/value.h"
#include "array/ndarray.h"

char *fmt_array_repr(struct eval *ev, const struct ndarray *a);   /* array([1., 2.]) */
char *fmt_array_str(struct eval *ev, const struct ndarray *a);    /* [1. 2.] */
char *fmt_scalar_repr(struct eval *ev, const struct npscalar *s); /* np.float32(1.5), np.True_ */
char *fmt_scalar_str(struct eval *ev, const struct npscalar *s);  /* 1.5, True */

/* The print options (np.set_printoptions); one set per process. */
struct fmt_options {
	int precision;      /* 8 */
	int64_t threshold;  /* 1000: summarise when size > threshold */
	int edgeitems;      /* 3 */
	int linewidth;      /* 75 */
	int suppress;       /* 0 */
	char sign;          /* '-', '+' or ' ' */
	int floatmode;      /* enum fmt_floatmode */
	int legacy;         /* INT32_MAX (False), or 113, 121, 125, 201, 202, 210 */
	char nanstr[32];    /* "nan" */
	char infstr[32];    /* "inf" */
	int threshold_is_float; /* given as a float: get_printoptions returns it */
	double threshold_f;
};
enum fmt_floatmode { FM_FIXED, FM_UNIQUE, FM_MAXPREC, FM_MAXPREC_EQUAL };

extern struct fmt_options fmt_opts;
/* Back to NumPy's defaults (tests, a fresh kernel). */
void fmt_reset_options(void);

/* Shortest round-trip text of a float of dtype DT_FLOAT16/32/64 as NumPy
 * prints the scalar (str): "0.1", "1e+16", "nan", "-inf".  buf >= 64. */
void fmt_float_scalar(double x, int dtype, char *buf, size_t n);

/* ---- internal to format*.c ---- */

/* Appends a repr's suffix (extra: "dtype=int8)") to out: after a space, or
 * on a new line indented plen when the last line would pass the linewidth,
 * as NumPy wraps it; frees extra's text and carries its oom into out. */
struct sbuf;
void fmt_add_suffix(struct sbuf *out, struct sbuf *extra, size_t plen);

/* Dragon4's options (NumPy's format_float_positional / _scientific). */
struct fmt_d4 {
	int unique;      /* shortest digits that round-trip in the dtype */
	int precision;   /* positional: fractional digits; scientific: digits
			  * after the first; -1 none */
	int min_digits;  /* -1 none */
	char trim;       /* 'k' keep, '.' trim zeros, '0' leave one zero, '-' drop '.' too */
	int sign;        /* print '+' on non-negative values */
	int pad_left;    /* width of the whole part (with sign); -1 none */
	int pad_right;   /* positional: width of the fraction; -1 none */
	int exp_digits;  /* scientific: minimum exponent digits; -1 means 2 */
};
/* Write into out (cap bytes, >= 64 + widths); return the length. */
int fmtf_positional(double x, int dt, const struct fmt_d4 *o, char *out, size_t cap);
int fmtf_scientific(double x, int dt, const struct fmt_d4 *o, char *out, size_t cap);
double fmt_half_to_double(uint16_t h);
/* np.array2string's body under the current options: separator, and the
 * prefix / suffix whose lengths shape the wrapping (not printed). */
char *fmt_array2string(struct eval *ev, const struct ndarray *a, const char *sep,
		       const char *prefix, const char *suffix);
uint16_t fmt_double_to_half(double d);
/* Formats the n items at data (C-contiguous, dtype dt) with one common
 * format into strs[i] (malloc'd): NumPy's formatter of one array (or one
 * field of a record array); 0, or -1 on out of memory. */
int fmt_format_items(const char *data, int64_t n, int dt, int is0d, char **strs);
/* Formats the shown items (flat C-order indices idx) into strs[i]
 * (malloc'd); 0, or -1 with the error set. */
typedef int (*fmt_items_fn)(struct eval *ev, void *ctx, const int64_t *idx, int64_t n, int is0d,
			    char **strs);
/* array2string's bracketed body of any array of shape (ndim, shape): the
 * summarising and wrapping, with the items from fn (flexible arrays). */
char *fmt_body(struct eval *ev, int ndim, const int64_t *shape, fmt_items_fn fn, void *ctx,
	       const char *sep, size_t prefixlen, int linewidth);
/* array2string's body of an array of ndim/shape whose items' texts
 * item(ctx, flat) makes (malloc'd; NULL with the error set): arrays of
 * kinds outside enum dtype (lib/datetime/) lay out as NumPy's do. */
char *fmt_items_body(struct eval *ev, int ndim, const int64_t *shape,
		     char *(*item)(void *ctx, int64_t flat), void *ctx, const char *sep,
		     size_t prefixlen, int linewidth);

#endif
