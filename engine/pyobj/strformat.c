/*
 * strformat.c — Python's string formatting: the format-spec mini-language
 * (format(x, '.4f'), f-strings), printf-style `str % args`, and
 * str.format; `bytes % args` (PEP 461) shares the printf-style code.
 * NumPy scalars are formatted as the Python int/float they hold; an empty
 * spec is str(x).
 */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "pyobj/pyobj.h"
#include "lang/error.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"

struct spec {
	char fill[5];   /* UTF-8 char */
	char align;     /* 0 < > = ^ */
	char sign;      /* 0 + - ' ' */
	int alt, zero, width, prec;
	int z;          /* 'z': a negative zero after rounding prints as zero */
	char group;     /* 0 , _ */
	char type;
};

static int parse_spec(struct eval *ev, const char *s, struct spec *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->prec = -1;
	sp->width = -1;
	strcpy(sp->fill, " ");
	const char *p = s;
	/* fill+align: the second char is an align char */
	size_t cl = 1;
	while (p[0] && p[cl] && ((unsigned char)p[cl] & 0xC0) == 0x80)
		cl++;
	if (p[0] && p[cl] && strchr("<>=^", p[cl])) {
		memcpy(sp->fill, p, cl);
		sp->fill[cl] = 0;
		sp->align = p[cl];
		p += cl + 1;
	} else if (p[0] && strchr("<>=^", p[0])) {
		sp->align = *p++;
	}
	if (*p == '+' || *p == '-' || *p == ' ')
		sp->sign = *p++;
	if (*p == 'z') {
		sp->z = 1;
		p++;
	}
	if (*p == '#') {
		sp->alt = 1;
		p++;
	}
	if (*p == '0') {
		sp->zero = 1;
		p++;
	}
	if (isdigit((unsigned char)*p)) {
		sp->width = 0;
		while (isdigit((unsigned char)*p)) {
			if (sp->width > (INT_MAX - 9) / 10) {   /* CPython's words; below, a MemoryError at worst */
				err_set(ev, TY_ValueError, "Too many decimal digits in format string");
				return -1;
			}
			sp->width = sp->width * 10 + (*p++ - '0');
		}
	}
	if (*p == ',' || *p == '_')
		sp->group = *p++;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p)) {
			err_set(ev, TY_ValueError, "Format specifier missing precision");
			return -1;
		}
		sp->prec = 0;
		while (isdigit((unsigned char)*p)) {
			if (sp->prec > (INT_MAX - 9) / 10) {   /* CPython's words; below, a MemoryError at worst */
				err_set(ev, TY_ValueError, "Too many decimal digits in format string");
				return -1;
			}
			sp->prec = sp->prec * 10 + (*p++ - '0');
		}
	}
	if (*p)
		sp->type = *p++;
	if (*p)
		goto bad;
	if (sp->zero && !sp->align) {
		strcpy(sp->fill, "0");
		sp->align = '=';
	}
	return 0;
bad:
	err_set(ev, TY_ValueError, "Invalid format specifier '%s' for object of type '%s'", s, "value");
	return -1;
}

/* pads body (sign already split off) to width */
/* n copies of the fill character (a single byte at memset speed: a width of
 * 10**8 is CPython's too) */
static void add_fill(struct sbuf *b, const char *fill, size_t n)
{
	size_t fl = strlen(fill);
	if (fl == 1) {
		sb_addrep(b, fill[0], n);
		return;
	}
	for (size_t i = 0; i < n; i++)
		sb_add(b, fill, fl);
}

static char *align_out(const struct spec *sp, const char *sign, const char *body, char defalign)
{
	struct sbuf b = {0};
	size_t n = utf8_len(sign, strlen(sign)) + utf8_len(body, strlen(body));
	char al = sp->align ? sp->align : defalign;
	size_t pad = sp->width > 0 && (size_t)sp->width > n ? (size_t)sp->width - n : 0;
	size_t left = al == '>' ? pad : al == '^' ? pad / 2 : 0;
	size_t right = al == '<' ? pad : al == '^' ? pad - pad / 2 : 0;
	if (al == '=') {
		sb_adds(&b, sign);
		add_fill(&b, sp->fill, pad);
		sb_adds(&b, body);
		return sb_take(&b);
	}
	add_fill(&b, sp->fill, left);
	sb_adds(&b, sign);
	sb_adds(&b, body);
	add_fill(&b, sp->fill, right);
	return sb_take(&b);
}

/* inserts grouping separators into the integer digits at the start of s */
static char *group_digits(const char *s, char sep, int every)
{
	size_t nd = 0;
	while (isxdigit((unsigned char)s[nd]) && s[nd] != 'e' && s[nd] != 'E')
		nd++;
	struct sbuf b = {0};
	for (size_t i = 0; i < nd; i++) {
		sb_addc(&b, s[i]);
		size_t rem = nd - i - 1;
		if (rem && rem % (size_t)every == 0)
			sb_addc(&b, sep);
	}
	sb_adds(&b, s + nd);
	return sb_take(&b);
}

static char *fmt_int_digits(struct eval *ev, int neg, const char *digits, const char *prefix,
			    const struct spec *sp);

#define Z_INT_MSG "Negative zero coercion (z) not allowed in integer format specifier"

static char *fmt_int(struct eval *ev, int64_t v, const struct spec *sp)
{
	if (sp->z)
		return err_set(ev, TY_ValueError, Z_INT_MSG);
	char digits[80];
	char type = sp->type ? sp->type : 'd';
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	const char *prefix = "";
	if (sp->prec >= 0) {
		err_set(ev, TY_ValueError, "Precision not allowed in integer format specifier");
		return NULL;
	}
	switch (type) {
	case 'd': case 'n': snprintf(digits, sizeof digits, "%llu", (unsigned long long)u); break;
	case 'x': snprintf(digits, sizeof digits, "%llx", (unsigned long long)u); prefix = sp->alt ? "0x" : ""; break;
	case 'X': snprintf(digits, sizeof digits, "%llX", (unsigned long long)u); prefix = sp->alt ? "0X" : ""; break;
	case 'o': snprintf(digits, sizeof digits, "%llo", (unsigned long long)u); prefix = sp->alt ? "0o" : ""; break;
	case 'b': {
		char *p = digits + sizeof digits - 1;
		*p = 0;
		do {
			*--p = (char)('0' + (u & 1));
			u >>= 1;
		} while (u);
		memmove(digits, p, strlen(p) + 1);
		prefix = sp->alt ? "0b" : "";
		break;
	}
	case 'c': {
		struct spec s2 = *sp;
		s2.type = 0;
		char buf[8] = {0};
		if (v < 0 || v > 0x10FFFF) {
			err_set(ev, TY_OverflowError, "%%c arg not in range(0x110000)");
			return NULL;
		}
		if (v < 0x80)
			buf[0] = (char)v;
		else
			snprintf(buf, sizeof buf, "?");
		return align_out(&s2, "", buf, '<');
	}
	default:
		err_set(ev, TY_ValueError, "Unknown format code '%c' for object of type 'int'", type);
		return NULL;
	}
	return fmt_int_digits(ev, v < 0, digits, prefix, sp);
}

/* sign, prefix, grouping and alignment around the digits of |v| */
static char *fmt_int_digits(struct eval *ev, int neg, const char *digits, const char *prefix,
			    const struct spec *sp)
{
	char type = sp->type ? sp->type : 'd';
	char *body = sp->group ? group_digits(digits, sp->group, type == 'd' || type == 'n' ? 3 : 4) : strdup(digits);
	if (!body)
		return err_nomem(ev);
	char sign[8] = "";
	if (neg)
		strcpy(sign, "-");
	else if (sp->sign == '+')
		strcpy(sign, "+");
	else if (sp->sign == ' ')
		strcpy(sign, " ");
	strcat(sign, prefix);
	char *out = align_out(sp, sign, body, '>');
	free(body);
	return out ? out : err_nomem(ev);
}

/* fmt_int of a VT_BIGINT: the integer types d n x X o b c */
static char *fmt_bigint(struct eval *ev, struct value *v, const struct spec *sp)
{
	if (sp->z)
		return err_set(ev, TY_ValueError, Z_INT_MSG);
	char type = sp->type ? sp->type : 'd';
	const char *prefix = "";
	int base;
	if (sp->prec >= 0) {
		err_set(ev, TY_ValueError, "Precision not allowed in integer format specifier");
		return NULL;
	}
	switch (type) {
	case 'd': case 'n': base = 10; break;
	case 'x': base = 16; prefix = sp->alt ? "0x" : ""; break;
	case 'X': base = 16; prefix = sp->alt ? "0X" : ""; break;
	case 'o': base = 8; prefix = sp->alt ? "0o" : ""; break;
	case 'b': base = 2; prefix = sp->alt ? "0b" : ""; break;
	case 'c':
		err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
		return NULL;
	default:
		err_set(ev, TY_ValueError, "Unknown format code '%c' for object of type 'int'", type);
		return NULL;
	}
	char *digits = big_digits(ev, v, base, type == 'X');
	if (!digits)
		return NULL;
	char *out = fmt_int_digits(ev, big_sign(v) < 0, digits, prefix, sp);
	free(digits);
	return out;
}

/* printf into a new string with room for 3 more bytes (a "%" or ".0"
 * suffix): malloc'd, NULL on out-of-memory */
static char *mprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *mprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n < 0 ? NULL : malloc((size_t)n + 4);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* Python's 'g' rules with precision p (any size: '.4010g' is CPython's too);
 * dot0: no format type, where a fixed-point result keeps a digit after the
 * point and so switches to an exponent one digit sooner ('.1' of 1.0 is
 * '1e+00').  malloc'd as mprintf's, NULL on out-of-memory */
static char *fmt_g(double a, int p, int alt, int upper, int dot0)
{
	if (p == 0)
		p = 1;
	char *tmp = mprintf("%.*e", p - 1, a), *buf;
	if (!tmp)
		return NULL;
	char *e = strchr(tmp, 'e');
	int exp = e ? atoi(e + 1) : 0;
	free(tmp);
	if (exp >= -4 && exp < p - dot0)
		buf = mprintf(alt ? "%#.*f" : "%.*f", p - 1 - exp, a);
	else
		buf = mprintf(alt ? (upper ? "%#.*E" : "%#.*e") : (upper ? "%.*E" : "%.*e"), p - 1, a);
	if (buf && !alt) {
		/* strip trailing zeros of the fraction */
		char *ep = strpbrk(buf, "eE");
		char expart[16] = "";
		if (ep) {
			snprintf(expart, sizeof expart, "%s", ep);
			*ep = 0;
		}
		if (strchr(buf, '.')) {
			size_t l = strlen(buf);
			while (l && buf[l - 1] == '0')
				buf[--l] = 0;
			if (l && buf[l - 1] == '.')
				buf[--l] = 0;
		}
		strcat(buf, expart);
	}
	return buf;
}

static char *fmt_double(struct eval *ev, double d, const struct spec *sp, const char *tyname)
{
	char *body = NULL;
	char type = sp->type;
	int prec = sp->prec;
	double a = fabs(d);
	int neg = signbit(d) && !isnan(d);
	if (isinf(a) || isnan(a)) {
		int upper = type == 'E' || type == 'F' || type == 'G';
		body = mprintf("%s%s", isnan(a) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"),
			       type == '%' ? "%" : "");
	} else {
		switch (type) {
		case 'e': case 'E':
			body = mprintf(sp->alt ? (type == 'e' ? "%#.*e" : "%#.*E") : (type == 'e' ? "%.*e" : "%.*E"),
				       prec < 0 ? 6 : prec, a);
			break;
		case 'f': case 'F':
			body = mprintf(sp->alt ? "%#.*f" : "%.*f", prec < 0 ? 6 : prec, a);
			break;
		case '%':
			body = mprintf(sp->alt ? "%#.*f%%" : "%.*f%%", prec < 0 ? 6 : prec, a * 100);
			break;
		case 'g': case 'G': case 'n':
			body = fmt_g(a, prec < 0 ? 6 : prec, sp->alt, type == 'G', 0);
			break;
		case 0:
			if (prec < 0) {
				body = fmt_float_repr(a, 1);
			} else {
				body = fmt_g(a, prec, sp->alt, 0, 1);
				if (body && !strpbrk(body, ".e"))
					strcat(body, ".0");
			}
			break;
		default:
			err_set(ev, TY_ValueError, "Unknown format code '%c' for object of type '%s'", type, tyname);
			return NULL;
		}
	}
	if (!body)
		return err_nomem(ev);
	if (neg && sp->z && isfinite(d) && !strpbrk(body, "123456789"))
		neg = 0;
	char *b = sp->group ? group_digits(body, sp->group, 3) : body;
	if (b != body)
		free(body);
	if (!b)
		return err_nomem(ev);
	const char *sign = neg ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
	char *out = align_out(sp, sign, b, '>');
	free(b);
	return out ? out : err_nomem(ev);
}

static char *fmt_str(struct eval *ev, const char *s, const struct spec *sp, const char *tyname)
{
	if (sp->z)
		return err_set(ev, TY_ValueError, "Negative zero coercion (z) not allowed in string format specifier");
	if (sp->type && sp->type != 's') {
		err_set(ev, TY_ValueError, "Unknown format code '%c' for object of type '%s'", sp->type, tyname);
		return NULL;
	}
	if (sp->sign) {
		err_set(ev, TY_ValueError, "Sign not allowed in string format specifier");
		return NULL;
	}
	if (sp->align == '=') {
		err_set(ev, TY_ValueError, "'=' alignment not allowed in string format specifier");
		return NULL;
	}
	char *t;
	if (sp->prec >= 0) {
		size_t o = utf8_offset(s, strlen(s), (size_t)sp->prec);
		t = strndup(s, o);
	} else {
		t = strdup(s);
	}
	if (!t)
		return err_nomem(ev);
	char *out = align_out(sp, "", t, '<');
	free(t);
	return out ? out : err_nomem(ev);
}

static char *spec_format(struct eval *ev, struct value *v, const char *spec);

/* format(v, spec): malloc'd; NULL with an error set (a MemoryError where a
 * helper below only failed to allocate) */
char *strfmt_spec(struct eval *ev, struct value *v, const char *spec)
{
	char *r = spec_format(ev, v, spec);
	if (!r && !err_occurred(ev))
		err_nomem(ev);
	return r;
}

static char *spec_format(struct eval *ev, struct value *v, const char *spec)
{
	struct spec sp = {0};
	if (cls_is_instance(v)) {
		char *r = cls_format(ev, v, spec);
		if (r || err_occurred(ev))
			return r;
	}
	if (!spec[0] && v->type != VT_SCALAR)
		return val_str_of(ev, v);
	if (spec[0] && parse_spec(ev, spec, &sp) < 0) {
		if (ev->err) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			err_set(ev, TY_ValueError, "Invalid format specifier '%s' for object of type '%s'", spec, val_type_name(v));
		}
		return NULL;
	}
	switch (v->type) {
	case VT_NDARRAY: {
		/* a 0-d array (NumPy's and CuPy's) formats as the scalar it holds */
		if (!spec[0] || VAL_SLOT(v, ndim)(v) != 0)
			break;
		struct value *s = VAL_SLOT(v, item)(ev, v);
		if (!s)
			return NULL;
		char *out = strfmt_spec(ev, s, spec);
		val_decref(s);
		return out;
	}
	case VT_BOOL: case VT_INT:
		if (sp.type && strchr("eEfFgG%", sp.type))
			return fmt_double(ev, (double)v->u.i, &sp, "int");
		if (!sp.type && v->type == VT_BOOL && sp.width < 0 && !sp.sign && !sp.z)
			return fmt_str(ev, v->u.i ? "True" : "False", &sp, "bool");
		if (sp.type == 's')
			break;
		return fmt_int(ev, v->u.i, &sp);
	case VT_BIGINT: {
		double d;
		if (sp.type && strchr("eEfFgG%", sp.type))
			return big_to_double(ev, v, &d) < 0 ? NULL : fmt_double(ev, d, &sp, "int");
		return fmt_bigint(ev, v, &sp);
	}
	case VT_FLOAT:
		return fmt_double(ev, v->u.f, &sp, "float");
	case VT_SCALAR: {
		/* NumPy scalars format as the Python number they hold */
		char k = VAL_SLOT(v, kind)(v);
		if (k == 'b' && !spec[0])
			return strdup(v->u.sc.v.b ? "True" : "False");
		if (k == 'b' || k == 'i' || k == 'u') {
			int64_t i;
			if (VAL_SLOT(v, as_int64)(ev, v, &i) < 0)
				return NULL;
			if (!spec[0]) {
				char buf[32];
				if (k == 'u')   /* the uint64 beyond int64 */
					snprintf(buf, sizeof buf, "%llu", (unsigned long long)v->u.sc.v.u);
				else
					snprintf(buf, sizeof buf, "%lld", (long long)i);
				return strdup(buf);
			}
			if (sp.type && strchr("eEfFgG%", sp.type))
				return fmt_double(ev, (double)i, &sp, "int");
			return fmt_int(ev, i, &sp);
		}
		if (k == 'f') {
			double d;
			if (VAL_SLOT(v, as_double)(ev, v, &d) < 0)
				return NULL;
			if (!spec[0])
				return fmt_float_repr(d, 1);
			return fmt_double(ev, d, &sp, "float");
		}
		if (k == 'c') {
			double _Complex c;
			if (VAL_SLOT(v, as_complex)(ev, v, &c) < 0)
				return NULL;
			if (!spec[0])
				return val_complex_repr(c);
		}
		break;
	}
	case VT_STR:
		return fmt_str(ev, v->u.str->s, &sp, "str");
	case VT_BYTES: /* object.__format__: an empty spec only (handled above) */
		return err_set(ev, TY_TypeError, "unsupported format string passed to bytes.__format__");
	case VT_COMPLEX:
		if (!sp.type && sp.prec < 0) {
			char *r = val_repr(ev, v);
			if (!r)
				return NULL;
			char *out = align_out(&sp, "", r, '>');
			free(r);
			return out;
		}
		break;
	default:
		break;
	}
	/* everything else: str(), with string alignment only */
	char *s = val_str_of(ev, v);
	if (!s)
		return NULL;
	if (sp.type || sp.sign || sp.prec >= 0) {
		free(s);
		/* cupy.ndarray.__format__ formats self.get(): NumPy's message */
		return err_set(ev, TY_TypeError, "unsupported format string passed to %s.__format__",
			       v->type == VT_NDARRAY ? "numpy.ndarray" : val_type_name(v));
	}
	char *out = fmt_str(ev, s, &sp, val_type_name(v));
	free(s);
	return out;
}

/* ---- str % args, bytes % args ---- */

/* ascii(): s (UTF-8, malloc'd, freed) with every non-ASCII character as
 * \xNN, \uNNNN or \UNNNNNNNN.  malloc'd, NULL on out-of-memory. */
static char *ascii_escape(char *s)
{
	struct sbuf b = {0};
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		uint32_t c = *p;
		int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
		if (n > 1) {
			c &= 0x3F >> (n - 1);
			for (int i = 1; i < n && p[i]; i++)
				c = c << 6 | (p[i] & 0x3F);
		}
		if (c < 0x80)
			sb_addc(&b, (char)c);
		else
			sb_printf(&b, c <= 0xFF ? "\\x%02x" : c <= 0xFFFF ? "\\u%04x" : "\\U%08x", (unsigned)c);
		for (int i = 0; i < n && *p; i++)
			p++;
	}
	free(s);
	return sb_take(&b);
}

/* n bytes of s into b, padded with spaces to width (left-aligned for '<') */
static void add_padded(struct sbuf *b, const char *s, size_t n, int width, char align)
{
	size_t pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;
	if (align != '<')
		sb_addrep(b, ' ', pad);
	sb_add(b, s, n);
	if (align == '<')
		sb_addrep(b, ' ', pad);
}

/* fmt % args for a str or a bytes fmt (PEP 461: %s and %b take bytes, %r
 * and %a give ascii(), %c a byte; the numbers format as for str). */
struct value *strfmt_percent(struct eval *ev, struct value *fmt, struct value *args)
{
	const char *p = fmt->u.str->s, *e = p + fmt->u.str->len;
	int bytes = fmt->type == VT_BYTES;
	struct value **av;
	size_t an, ai = 0;
	struct value *dict = NULL;
	int mapping = 0; /* CPython's PyMapping_Check: arguments left unused are no error */
	if (args->type == VT_TUPLE) {
		av = args->u.seq.items;
		an = args->u.seq.n;
	} else {
		av = &args;
		an = 1;
		if (args->type == VT_DICT)
			dict = args;
		mapping = args->type == VT_DICT || args->type == VT_LIST || args->type == VT_NDARRAY ||
			  (args->type == VT_BYTES && !bytes);
	}
	struct sbuf b = {0};
	while (p < e) {
		if (*p != '%') {
			const char *q = memchr(p, '%', (size_t)(e - p));
			if (!q)
				q = e;
			sb_add(&b, p, (size_t)(q - p));
			p = q;
			continue;
		}
		p++;
		if (p >= e) {
			err_set(ev, TY_ValueError, "incomplete format");
			goto fail;
		}
		struct value *arg = NULL;
		if (*p == '(') {
			const char *q = memchr(p, ')', (size_t)(e - p));
			if (!q || !dict) {
				err_set(ev, TY_TypeError, "format requires a mapping");
				goto fail;
			}
			struct value *k = bytes ? val_bytes(p + 1, (size_t)(q - p - 1)) : val_str(p + 1, (size_t)(q - p - 1));
			arg = k ? val_getitem(ev, dict, k) : NULL;
			val_decref(k);
			if (!arg)
				goto fail;
			val_decref(arg); /* dict keeps it alive */
			p = q + 1;
		}
		struct spec sp;
		memset(&sp, 0, sizeof sp);
		strcpy(sp.fill, " ");
		sp.prec = -1;
		sp.width = -1;
		char align = '>';
		for (; p < e && strchr("-+ #0", *p); p++) {
			if (*p == '-') align = '<';
			else if (*p == '+') sp.sign = '+';
			else if (*p == ' ') { if (!sp.sign) sp.sign = ' '; }
			else if (*p == '#') sp.alt = 1;
			else sp.zero = 1;
		}
		if (p < e && *p == '*') {
			int64_t w;
			if (ai >= an || val_as_int64(ev, av[ai++], &w) < 0) {
				if (!ev->err)
					err_set(ev, TY_TypeError, "not enough arguments for format string");
				goto fail;
			}
			if (w > INT_MAX || w < -INT_MAX) {
				err_set(ev, TY_OverflowError, "Python int too large to convert to C int");
				goto fail;
			}
			if (w < 0) {
				align = '<';
				w = -w;
			}
			sp.width = (int)w;
			p++;
		} else if (p < e && isdigit((unsigned char)*p)) {
			sp.width = 0;
			while (p < e && isdigit((unsigned char)*p)) {
				if (sp.width > (INT_MAX - 9) / 10) {
					err_set(ev, TY_ValueError, "width too big");
					goto fail;
				}
				sp.width = sp.width * 10 + (*p++ - '0');
			}
		}
		if (p < e && *p == '.') {
			p++;
			sp.prec = 0;
			if (p < e && *p == '*') {
				int64_t w;
				if (ai >= an || val_as_int64(ev, av[ai++], &w) < 0) {
					if (!ev->err)
						err_set(ev, TY_TypeError, "not enough arguments for format string");
					goto fail;
				}
				if (w > INT_MAX || w < INT_MIN) {
					err_set(ev, TY_OverflowError, "Python int too large to convert to C int");
					goto fail;
				}
				sp.prec = (int)w;
				p++;
			} else {
				while (p < e && isdigit((unsigned char)*p)) {
					if (sp.prec > (INT_MAX - 9) / 10) {
						err_set(ev, TY_ValueError, "precision too big");
						goto fail;
					}
					sp.prec = sp.prec * 10 + (*p++ - '0');
				}
			}
		}
		if (p >= e) {
			err_set(ev, TY_ValueError, "incomplete format");
			goto fail;
		}
		char c = *p++;
		if (c == '%') {
			sb_addc(&b, '%');
			continue;
		}
		if (!arg) {
			if (dict && an == 1 && args->type == VT_DICT && 0)
				arg = dict;
			if (ai >= an) {
				err_set(ev, TY_TypeError, "not enough arguments for format string");
				goto fail;
			}
			arg = av[ai++];
		}
		sp.align = align;
		if (sp.zero && align == '>' && strchr("diouxXeEfFgG", c)) {
			strcpy(sp.fill, "0");
			sp.align = '=';
		}
		char *s = NULL;
		if (bytes && (c == 's' || c == 'b')) {
			size_t n;
			if (arg->type != VT_BYTES) {
				err_set(ev, TY_TypeError, "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'",
					val_type_name(arg));
				goto fail;
			}
			n = arg->u.str->len;
			if (sp.prec >= 0 && (size_t)sp.prec < n)
				n = (size_t)sp.prec;
			add_padded(&b, arg->u.str->s, n, sp.width, align);
			continue;
		}
		if (bytes && c == 'c') {
			int64_t i;
			char ch;
			if (arg->type == VT_BYTES && arg->u.str->len == 1) {
				ch = arg->u.str->s[0];
			} else if (arg->type == VT_INT || arg->type == VT_BOOL || arg->type == VT_BIGINT ||
				   (arg->type == VT_SCALAR && strchr("iu", VAL_SLOT(arg, kind)(arg)))) {
				if (arg->type == VT_BIGINT || val_as_int64(ev, arg, &i) < 0 || i < 0 || i > 255) {
					err_clear(ev);
					err_set(ev, TY_OverflowError, "%%c arg not in range(256)");
					goto fail;
				}
				ch = (char)i;
			} else {
				err_set(ev, TY_TypeError, "%%c requires an integer in range(256) or a single byte");
				goto fail;
			}
			add_padded(&b, &ch, 1, sp.width, align);
			continue;
		}
		switch (c) {
		case 's': case 'r': case 'a': {
			char *t = c == 's' ? val_str_of(ev, arg) : val_repr(ev, arg);
			if (t && (bytes || c == 'a') && !(t = ascii_escape(t)))
				err_nomem(ev);
			if (!t)
				goto fail;
			if (sp.prec >= 0 && (size_t)sp.prec < strlen(t))
				t[utf8_offset(t, strlen(t), (size_t)sp.prec)] = 0;
			sp.sign = 0;
			s = align_out(&sp, "", t, '>');
			free(t);
			break;
		}
		case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
			int64_t i;
			double d;
			/* a 0-d array formats as its item (int() of it), as in NumPy */
			int zd = arg->type == VT_NDARRAY && VAL_SLOT(arg, ndim)(arg) == 0;
			char zk = zd ? VAL_SLOT(arg, kind)(arg) : 0;
			int real_ok = c == 'd' || c == 'i' || c == 'u';   /* %x / %o take integers only */
			if (zk == 'c') {
				err_set(ev, TY_TypeError, "%%%c format: %s is required, not %s", c,
					real_ok ? "a real number" : "an integer", val_type_name(arg));
				goto fail;
			}
			if (arg->type == VT_FLOAT || (arg->type == VT_SCALAR && VAL_SLOT(arg, kind)(arg) == 'f') ||
			    zk == 'f') {
				if (!real_ok) {
					err_set(ev, TY_TypeError, "%%%c format: an integer is required, not %s", c, val_type_name(arg));
					goto fail;
				}
				if (val_as_double(ev, arg, &d) < 0)
					goto fail;
				if (!isfinite(d)) {
					err_set(ev, isnan(d) ? TY_ValueError : TY_OverflowError,
						isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
					goto fail;
				}
				if (d >= 9223372036854775808.0 || d < -9223372036854775808.0) {
					/* past int64: int(d) as a big int, as CPython prints it */
					struct value *b = big_from_double(ev, d);
					if (!b)
						goto fail;
					sp.prec = -1;
					sp.type = 'd';
					s = fmt_bigint(ev, b, &sp);
					val_decref(b);
					break;
				}
				i = (int64_t)d;
			} else if (arg->type == VT_BIGINT) {
				sp.prec = -1;
				sp.type = c == 'i' || c == 'u' ? 'd' : c;
				s = fmt_bigint(ev, arg, &sp);
				break;
			} else if (arg->type == VT_INT || arg->type == VT_BOOL || arg->type == VT_SCALAR || zd) {
				if (val_as_int64(ev, arg, &i) < 0)
					goto fail;
			} else {
				err_set(ev, TY_TypeError, "%%%c format: %s is required, not %s", c,
					c == 'd' || c == 'i' || c == 'u' ? "a real number" : "an integer", val_type_name(arg));
				goto fail;
			}
			int prec = sp.prec;
			sp.prec = -1;
			sp.type = c == 'i' || c == 'u' ? 'd' : c;
			s = fmt_int(ev, i, &sp);
			(void)prec;
			break;
		}
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
			double d;
			if (!(big_is_int(arg) || arg->type == VT_FLOAT || arg->type == VT_SCALAR || arg->type == VT_NDARRAY)) {
				err_set(ev, TY_TypeError, bytes ? "float argument required, not %s" : "must be real number, not %s",
					val_type_name(arg));
				goto fail;
			}
			if (arg->type == VT_SCALAR && VAL_SLOT(arg, kind)(arg) == 'c') { /* float() of it */
				ev_warn(ev, "ComplexWarning", "Casting complex values to real discards the imaginary part");
				d = creal(arg->u.sc.v.c);
			} else if (val_as_double(ev, arg, &d) < 0) {
				goto fail;
			}
			sp.type = c;
			if (sp.prec < 0)
				sp.prec = 6;
			s = fmt_double(ev, d, &sp, "float");
			break;
		}
		case 'c': {
			if (arg->type == VT_STR) {
				s = strdup(arg->u.str->s);
			} else {
				int64_t i;
				if (val_as_int64(ev, arg, &i) < 0)
					goto fail;
				char t[2] = { (char)i, 0 };
				s = strdup(t);
			}
			break;
		}
		default:
			err_set(ev, TY_ValueError, "unsupported format character '%c' (0x%x) at index %d", c, (unsigned char)c,
				(int)(p - 1 - fmt->u.str->s));
			goto fail;
		}
		if (!s)
			goto fail;
		sb_adds(&b, s);
		free(s);
	}
	if (ai < an && !mapping) {
		err_set(ev, TY_TypeError, "not all arguments converted during %s formatting", bytes ? "bytes" : "string");
		goto fail;
	}
	if (bytes) {
		struct value *r = b.oom ? NULL : val_bytes(b.s, b.n);
		free(b.s);
		return r ? r : err_nomem(ev);
	}
	{
		size_t n = b.n;
		char *r = sb_take(&b);
		return r ? val_str_take(r, n) : err_nomem(ev);
	}
fail:
	if (!err_occurred(ev))   /* a helper's malloc failed (a huge width) */
		err_nomem(ev);
	free(b.s);
	return NULL;
}

/* ---- str.format ---- */

static struct value *format_field(struct eval *ev, const char *name, size_t n, int *autoidx,
				  int argc, struct value **argv, const struct kwargs *kw)
{
	size_t k = 0;
	while (k < n && name[k] != '.' && name[k] != '[')
		k++;
	size_t digits = 0;
	while (digits < k && isdigit((unsigned char)name[digits]))
		digits++;
	struct value *v = NULL;
	if (k == 0) {
		if (*autoidx < 0) {
			return err_set(ev, TY_ValueError, "cannot switch from manual field specification to automatic field numbering");
		}
		if (*autoidx >= argc)
			return err_set(ev, TY_IndexError, "Replacement index %d out of range for positional args tuple", *autoidx);
		v = val_incref(argv[(*autoidx)++]);
	} else if (digits == k) {
		/* all digits: a position (CPython's limit is a Py_ssize_t) */
		int64_t idx = 0;
		for (size_t i = 0; i < k; i++) {
			if (idx > (INT64_MAX - 9) / 10)
				return err_set(ev, TY_ValueError, "Too many decimal digits in format string");
			idx = idx * 10 + (name[i] - '0');
		}
		if (*autoidx > 0)
			return err_set(ev, TY_ValueError, "cannot switch from automatic field numbering to manual field specification");
		*autoidx = -1;
		if (idx >= argc)
			return err_set(ev, TY_IndexError, "Replacement index %lld out of range for positional args tuple",
				       (long long)idx);
		v = val_incref(argv[idx]);
	} else {
		/* a keyword, even one that starts with a digit ('{1a}') */
		for (int i = 0; kw && i < kw->n; i++)
			if (strlen(kw->names[i]) == k && memcmp(kw->names[i], name, k) == 0)
				v = val_incref(kw->vals[i]);
		if (!v) {
			struct value *key = val_str(name, k);
			struct value *exc = val_exception_new(TY_KeyError, NULL);
			if (exc && key) {
				val_decref(exc->u.exc.args);
				exc->u.exc.args = val_tuple_new(1, &key);
				err_set_value(ev, exc);
			} else {
				val_decref(key);
				val_decref(exc);
				err_nomem(ev);
			}
			return NULL;
		}
	}
	while (k < n && v) {
		if (name[k] == '.') {
			size_t s = ++k;
			while (k < n && name[k] != '.' && name[k] != '[')
				k++;
			char *attr = strndup(name + s, k - s);
			struct value *x = attr ? val_getattr(ev, v, attr) : err_nomem(ev);
			free(attr);
			val_decref(v);
			v = x;
		} else {
			size_t s = ++k;
			while (k < n && name[k] != ']')
				k++;
			struct value *key;
			int alldig = k > s;
			for (size_t i = s; i < k; i++)
				if (!isdigit((unsigned char)name[i]))
					alldig = 0;
			key = alldig ? val_int(atoll(name + s)) : val_str(name + s, k - s);
			k++;
			struct value *x = key ? val_getitem(ev, v, key) : err_nomem(ev);
			val_decref(key);
			val_decref(v);
			v = x;
		}
	}
	return v;
}

struct value *strfmt_format(struct eval *ev, const char *fmt, size_t n, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct sbuf b = {0};
	int autoidx = 0;
	size_t i = 0;
	while (i < n) {
		char c = fmt[i];
		if (c == '{' && i + 1 < n && fmt[i + 1] == '{') {
			sb_addc(&b, '{');
			i += 2;
			continue;
		}
		if (c == '}' && i + 1 < n && fmt[i + 1] == '}') {
			sb_addc(&b, '}');
			i += 2;
			continue;
		}
		if (c == '}') {
			err_set(ev, TY_ValueError, "Single '}' encountered in format string");
			goto fail;
		}
		if (c != '{') {
			sb_addc(&b, c);
			i++;
			continue;
		}
		size_t s = ++i;
		int depth = 0;
		while (i < n && !(fmt[i] == '}' && depth == 0)) {
			if (fmt[i] == '{')
				depth++;
			else if (fmt[i] == '}')
				depth--;
			i++;
		}
		if (i >= n) {
			err_set(ev, TY_ValueError, "expected '}' before end of string");
			goto fail;
		}
		size_t e = i++;
		size_t k = s;
		while (k < e && fmt[k] != '!' && fmt[k] != ':')
			k++;
		struct value *v = format_field(ev, fmt + s, k - s, &autoidx, argc, argv, kw);
		if (!v)
			goto fail;
		char conv = 0;
		if (k < e && fmt[k] == '!') {
			conv = k + 1 < e ? fmt[k + 1] : 0;
			k += 2;
		}
		char *spec = NULL;
		if (k < e && fmt[k] == ':') {
			struct value *sv = strfmt_format(ev, fmt + k + 1, e - k - 1, argc, argv, kw);
			if (!sv) {
				val_decref(v);
				goto fail;
			}
			spec = strdup(sv->u.str->s);
			val_decref(sv);
		}
		if (conv == 'r' || conv == 'a' || conv == 's') {
			char *t = conv == 's' ? val_str_of(ev, v) : val_repr(ev, v);
			val_decref(v);
			v = t ? val_str_take(t, strlen(t)) : NULL;
			if (!v) {
				free(spec);
				goto fail;
			}
		} else if (conv) {
			val_decref(v);
			free(spec);
			err_set(ev, TY_ValueError, "Unknown conversion specifier %c", conv);
			goto fail;
		}
		char *out = strfmt_spec(ev, v, spec ? spec : "");
		free(spec);
		val_decref(v);
		if (!out)
			goto fail;
		sb_adds(&b, out);
		free(out);
	}
	{
		size_t len = b.n;
		char *r = sb_take(&b);
		return r ? val_str_take(r, len) : err_nomem(ev);
	}
fail:
	if (!err_occurred(ev))   /* a helper's malloc failed (a huge width) */
		err_nomem(ev);
	free(b.s);
	return NULL;
}
