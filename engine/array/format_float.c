/*
 * format_float.c — float digits as NumPy's Dragon4 prints them (shortest
 * round-trip digits for float16/32/64, cut off at a precision, padded and
 * trimmed as format_float_positional / _scientific do) and the text of
 * NumPy scalars: np.float32(0.1), np.complex128(1+2j), np.True_.
 *
 * Owns no state; allocates only the strings it returns.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/format.h"
#include "array/dtype.h"
#include "lang/error.h"

double fmt_half_to_double(uint16_t h)
{
	int e = (h >> 10) & 0x1f, m = h & 0x3ff;
	double v;
	if (e == 0)
		v = ldexp(m, -24);
	else if (e == 31)
		v = m ? NAN : INFINITY;
	else
		v = ldexp(m | 0x400, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* Round to nearest even, as a float16 bit pattern. */
uint16_t fmt_double_to_half(double d)
{
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	if (isnan(d))
		return sign | 0x7e00;
	if (a >= 65520.0) /* halfway between 65504 and 65536 rounds up to inf */
		return sign | 0x7c00;
	if (a < ldexp(1, -14)) { /* subnormal: units of 2^-24 */
		double q = nearbyint(ldexp(a, 24)); /* default rounding: to even */
		return sign | (uint16_t)q;
	}
	int e;
	frexp(a, &e);                 /* a = f * 2^e, f in [0.5, 1) */
	double q = nearbyint(ldexp(a, 11 - e)); /* 11 significant bits */
	if (q >= 2048) {
		q /= 2;
		e++;
	}
	int be = e - 1 + 15;
	if (be >= 31)
		return sign | 0x7c00;
	return sign | (uint16_t)(be << 10) | ((uint16_t)q & 0x3ff);
}

/* Does the decimal text s read back as x in dtype dt? */
static int round_trips(const char *s, double x, int dt)
{
	switch (dt) {
	case DT_FLOAT16:
		return fmt_double_to_half(strtod(s, NULL)) == fmt_double_to_half(x);
	case DT_FLOAT32:
		return strtof(s, NULL) == (float)x;
	default:
		return strtod(s, NULL) == x;
	}
}

/* Digits of the text printf wrote (a "%e" or "%f" of a non-negative number):
 * d gets the significant digits without trailing zeros, *e the decimal
 * exponent of the first one.  Zero is "0" with exponent 0. */
static int parse_digits(const char *s, char *d, int *e)
{
	int n = 0, intdigits = 0, seen_dot = 0, lead = 0, first = -1;
	const char *p;
	for (p = s; *p && *p != 'e'; p++) {
		if (*p == '.') {
			seen_dot = 1;
			continue;
		}
		if (*p < '0' || *p > '9')
			continue;
		if (!seen_dot)
			intdigits++;
		if (first < 0 && *p == '0') {
			lead++;
			continue;
		}
		if (first < 0)
			first = lead;
		d[n++] = *p;
	}
	if (n == 0) {
		d[0] = '0';
		d[1] = 0;
		*e = 0;
		return 1;
	}
	while (n > 1 && d[n - 1] == '0')
		n--;
	d[n] = 0;
	*e = intdigits - 1 - first;
	if (*p == 'e')
		*e += atoi(p + 1);
	return n;
}

/* The correctly rounded p-digit text of ax, or the neighbour that reads
 * back when it does not: next to a power of two the lower margin is half
 * the upper one, so the nearest p-digit string may fall outside while the
 * one above (or below) reads back.  Fills d/e and returns the digit count,
 * or 0 when no p-digit string reads back as ax. */
static int try_digits(double ax, int dt, int p, char *d, int *e)
{
	char buf[64], alt[64];
	int pow2;
	snprintf(buf, sizeof buf, "%.*e", p - 1, ax);
	if (round_trips(buf, ax, dt))
		return parse_digits(buf, d, e);
	if (frexp(ax, &pow2) != 0.5)
		return 0;
	unsigned long long m = 0;
	int ex = atoi(strchr(buf, 'e') + 1);
	for (const char *q = buf; *q != 'e'; q++)
		if (*q >= '0' && *q <= '9')
			m = m * 10 + (unsigned)(*q - '0');
	for (int dir = 1; dir >= -1; dir -= 2) {
		if (m + dir == 0)
			continue;
		snprintf(alt, sizeof alt, "%llue%d", m + dir, ex - (p - 1));
		if (round_trips(alt, ax, dt)) {
			/* the digits of m + dir, trailing zeros dropped; m + 1
			 * may have grown a digit (999 -> 1000) */
			int len = snprintf(alt, sizeof alt, "%llu", m + dir);
			int z = len;
			while (z > 1 && alt[z - 1] == '0')
				z--;
			memcpy(d, alt, z);
			d[z] = 0;
			*e = ex + (len - p);
			return z;
		}
	}
	return 0;
}

/* Shortest digits that read back as |x| in dtype dt (x finite): the
 * nearest of the shortest strings, as Dragon4 and Python's repr give.  A
 * binary search over the length: once p digits read back, more do too. */
static int shortest_digits(double ax, int dt, char *d, int *e)
{
	int lo = 1, hi = dt == DT_FLOAT16 ? 5 : dt == DT_FLOAT32 ? 9 : 17;
	if (ax == 0) {
		strcpy(d, "0");
		*e = 0;
		return 1;
	}
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (try_digits(ax, dt, mid, d, e))
			hi = mid;
		else
			lo = mid + 1;
	}
	int n = try_digits(ax, dt, lo, d, e);
	if (!n) {
		char buf[64];
		snprintf(buf, sizeof buf, "%.16e", ax);
		n = parse_digits(buf, d, e);
	}
	return n;
}

#define MAXPREC 400

/* |x| correctly rounded: k fractional digits (positional) or k digits
 * after the first (scientific). */
static int rounded_digits(double ax, int k, int sci, char *d, int *e)
{
	char buf[MAXPREC + 400];
	if (k > MAXPREC)
		k = MAXPREC;
	snprintf(buf, sizeof buf, sci ? "%.*e" : "%.*f", k, ax);
	return parse_digits(buf, d, e);
}

static char sign_char(double x, int plus)
{
	if (signbit(x))
		return '-';
	return plus ? '+' : 0;
}

/* The digits Dragon4 generates for x under o; returns their count. */
static int gen_digits(double x, int dt, const struct fmt_d4 *o, int sci,
		      char *d, int *e)
{
	double ax = fabs(x);
	if (!o->unique)
		return rounded_digits(ax, o->precision < 0 ? 0 : o->precision, sci, d, e);
	int n = shortest_digits(ax, dt, d, e);
	int frac = sci ? n - 1 : n - 1 - *e;
	if (frac < 0)
		frac = 0;
	if (o->precision >= 0 && frac > o->precision)
		return rounded_digits(ax, o->precision, sci, d, e);
	if (o->min_digits > frac && ax != 0)
		return rounded_digits(ax, o->min_digits, sci, d, e);
	return n;
}

int fmtf_positional(double x, int dt, const struct fmt_d4 *o, char *out, size_t cap)
{
	char d[MAXPREC + 400], buf[2 * MAXPREC + 800];
	int e, n, pos = 0, nwhole, nfrac = 0;
	char sc = sign_char(x, o->sign);

	n = gen_digits(x, dt, o, 0, d, &e);
	if (sc)
		buf[pos++] = sc;
	if (e >= 0) {
		nwhole = e + 1;
		for (int i = 0; i < nwhole; i++)
			buf[pos++] = i < n ? d[i] : '0';
		if (n > nwhole) {
			buf[pos++] = '.';
			for (int i = nwhole; i < n; i++)
				buf[pos++] = d[i];
			nfrac = n - nwhole;
		}
	} else {
		nwhole = 1;
		buf[pos++] = '0';
		buf[pos++] = '.';
		for (int i = 0; i < -(e + 1); i++)
			buf[pos++] = '0';
		for (int i = 0; i < n; i++)
			buf[pos++] = d[i];
		nfrac = n - (e + 1);
	}
	if (o->trim != '-' && nfrac == 0 && buf[pos - 1] != '.')
		buf[pos++] = '.';
	int add = o->unique ? o->min_digits : o->precision;
	if (add < 0)
		add = 0;
	if (o->trim == '0') {
		if (nfrac == 0) {
			buf[pos++] = '0';
			nfrac++;
		}
	} else if (o->trim == 'k' && add > nfrac) {
		while (nfrac < add) {
			buf[pos++] = '0';
			nfrac++;
		}
	}
	if (o->trim != 'k' && nfrac > 0) {
		while (buf[pos - 1] == '0') {
			pos--;
			nfrac--;
		}
		if (buf[pos - 1] == '.') {
			if (o->trim == '0') {
				buf[pos++] = '0';
				nfrac++;
			} else if (o->trim == '-') {
				pos--;
			}
		}
	}
	if (o->pad_right >= nfrac) {
		int count = o->pad_right - nfrac;
		if (o->trim == '-' && nfrac == 0)
			buf[pos++] = ' ';
		while (count-- > 0)
			buf[pos++] = ' ';
	}
	int lead = o->pad_left - (nwhole + (sc != 0));
	if (lead < 0)
		lead = 0;
	if ((size_t)(lead + pos + 1) > cap)
		lead = 0, pos = cap > (size_t)pos ? pos : (int)cap - 1;
	memset(out, ' ', lead);
	memcpy(out + lead, buf, pos);
	out[lead + pos] = 0;
	return lead + pos;
}

int fmtf_scientific(double x, int dt, const struct fmt_d4 *o, char *out, size_t cap)
{
	char d[MAXPREC + 400], buf[2 * MAXPREC + 800];
	int e, n, pos = 0, nfrac;
	char sc = sign_char(x, o->sign);
	int leftchars = 1 + (sc != 0);

	for (int i = 0; i < o->pad_left - leftchars; i++)
		buf[pos++] = ' ';
	if (sc)
		buf[pos++] = sc;
	n = gen_digits(x, dt, o, 1, d, &e);
	buf[pos++] = d[0];
	nfrac = n - 1;
	if (nfrac > 0) {
		buf[pos++] = '.';
		memcpy(buf + pos, d + 1, nfrac);
		pos += nfrac;
	}
	if (o->trim != '-' && nfrac == 0)
		buf[pos++] = '.';
	int add = o->unique ? o->min_digits : o->precision;
	if (add < 0)
		add = 0;
	if (o->trim == '0') {
		if (nfrac == 0) {
			buf[pos++] = '0';
			nfrac++;
		}
	} else if (o->trim == 'k') {
		while (nfrac < add) {
			buf[pos++] = '0';
			nfrac++;
		}
	}
	if (o->trim != 'k' && nfrac > 0) {
		while (buf[pos - 1] == '0') {
			pos--;
			nfrac--;
		}
		if (o->trim == '0' && buf[pos - 1] == '.') {
			buf[pos++] = '0';
			nfrac++;
		}
		/* note: NumPy leaves a bare '.' here in DptZeros mode */
	}
	int ee = e < 0 ? -e : e;
	int ed = o->exp_digits < 0 ? 2 : o->exp_digits > 5 ? 5 : o->exp_digits;
	pos += sprintf(buf + pos, "e%c%0*d", e < 0 ? '-' : '+', ed, ee);
	if ((size_t)pos + 1 > cap)
		pos = (int)cap - 1;
	memcpy(out, buf, pos);
	out[pos] = 0;
	return pos;
}

/* NumPy's str of a float scalar: positional between 1e-4 and a per-type
 * limit (float16 1e3, float32 1e6, float64 1e16), else scientific. */
void fmt_float_scalar(double x, int dtype, char *buf, size_t n)
{
	struct fmt_d4 o = { .unique = 1, .precision = -1, .min_digits = -1,
			    .sign = 0, .pad_left = -1, .pad_right = -1, .exp_digits = -1 };
	double ax = fabs(x);
	double lim = dtype == DT_FLOAT16 ? 1e3 : dtype == DT_FLOAT32 ? 1e6 : 1e16;
	if (isnan(x)) {
		snprintf(buf, n, "nan");
		return;
	}
	if (isinf(x)) {
		snprintf(buf, n, "%sinf", x < 0 ? "-" : "");
		return;
	}
	if (ax == 0 || (ax >= 1e-4 && ax < lim)) {
		o.trim = '0';
		fmtf_positional(x, dtype, &o, buf, n);
	} else {
		o.trim = '-';
		fmtf_scientific(x, dtype, &o, buf, n);
	}
}

/* ---- NumPy scalars ---- */

#define SCALARCAP 1200

static char *dup_or_err(struct eval *ev, const char *s)
{
	char *d = strdup(s);
	return d ? d : err_nomem(ev);
}


/* NumPy's complex scalar text; paren: wrap in ( ) when the real part shows. */
static void complex_text(double re, double im, int dt, int paren, char *buf, size_t n)
{
	char r[SCALARCAP], i[SCALARCAP];
	struct fmt_d4 o = { .unique = 1, .precision = -1, .min_digits = -1, .trim = '-',
			    .sign = 0, .pad_left = -1, .pad_right = -1, .exp_digits = -1 };
	double lim;
	dt = dt == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
	lim = dt == DT_FLOAT32 ? 1e6 : 1e16;
	/* float_either with DptZeros trimming in both notations */
#define EITHER(x, out, plus) do { \
		double ax_ = fabs(x); \
		o.sign = (plus); \
		if (ax_ == 0 || (ax_ >= 1e-4 && ax_ < lim)) \
			fmtf_positional((x), dt, &o, (out), sizeof(out)); \
		else \
			fmtf_scientific((x), dt, &o, (out), sizeof(out)); \
	} while (0)
	if (re == 0 && !signbit(re)) {
		if (isnan(im))
			snprintf(i, sizeof i, "nan");
		else if (isinf(im))
			snprintf(i, sizeof i, "%sinf", im < 0 ? "-" : "");
		else
			EITHER(im, i, 0);
		snprintf(buf, n, "%sj", i);
		return;
	}
	if (isfinite(re))
		EITHER(re, r, 0);
	else
		snprintf(r, sizeof r, "%s", isnan(re) ? "nan" : re > 0 ? "inf" : "-inf");
	if (isfinite(im))
		EITHER(im, i, 1);
	else
		snprintf(i, sizeof i, "%s", isnan(im) ? "+nan" : im > 0 ? "+inf" : "-inf");
#undef EITHER
	snprintf(buf, n, paren ? "(%s%sj)" : "%s%sj", r, i);
}

static char *scalar_text(struct eval *ev, const struct npscalar *s, int repr)
{
	char body[2 * SCALARCAP + 16], *out;
	int dt = s->dtype;
	const char *name = dtype_table[dt].name;
	int wrap = repr && fmt_opts.legacy > 125;

	switch (dtype_table[dt].kind) {
	case DK_BOOL:
		if (wrap)
			return dup_or_err(ev, s->v.b ? "np.True_" : "np.False_");
		snprintf(body, sizeof body, "%s", s->v.b ? "True" : "False");
		break;
	case DK_INT:
		snprintf(body, sizeof body, "%lld", (long long)s->v.i);
		break;
	case DK_UINT:
		snprintf(body, sizeof body, "%llu", (unsigned long long)s->v.u);
		break;
	case DK_FLOAT:
		fmt_float_scalar(s->v.f, dt, body, sizeof body);
		break;
	default:
		complex_text(creal(s->v.c), cimag(s->v.c), dt, !wrap, body, sizeof body);
		break;
	}
	if (!wrap)
		return dup_or_err(ev, body);
	size_t n = strlen(body) + strlen(name) + 8;
	out = malloc(n);
	if (!out)
		return err_nomem(ev);
	snprintf(out, n, "np.%s(%s)", name, body);
	return out;
}

char *fmt_scalar_repr(struct eval *ev, const struct npscalar *s) { return scalar_text(ev, s, 1); }
char *fmt_scalar_str(struct eval *ev, const struct npscalar *s) { return scalar_text(ev, s, 0); }
