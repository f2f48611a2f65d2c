/*
 * bytesobj.c — Python's bytes type: b'...' values, their repr, + and *,
 * `in`, indexing and slicing, bytes(...), the methods a notebook uses
 * (hex, fromhex, decode, find, split, join ...), and str.encode.  The codecs
 * are utf-8, ascii and latin-1, with the strict / ignore / replace error
 * handlers and CPython's messages.  Owns nothing beyond a call; never looks
 * inside an array (bytes(ndarray) goes through its tobytes slot).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"

#define M(name) static struct value *m_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)
#define SELF (bi->self)
#define BS(v) ((const unsigned char *)(v)->u.str->s)
#define BN(v) ((v)->u.str->len)

/* bytes(n) beyond this is a MemoryError rather than a malloc the kernel
 * would grant and then kill the process for touching */
#define BYTES_MAX ((size_t)1 << 36)

static const char hexdigits[] = "0123456789abcdef";

/* ---- values ---- */

struct value *val_bytes_alloc(size_t len, char **buf)
{
	struct value *v = val_str_alloc(len, buf);
	if (v)
		v->type = VT_BYTES;
	return v;
}

struct value *val_bytes(const char *s, size_t len)
{
	char *b;
	struct value *v = val_bytes_alloc(len, &b);
	if (v && len)
		memcpy(b, s, len);
	return v;
}

static struct value *new_bytes(struct eval *ev, const void *s, size_t len)
{
	struct value *v = val_bytes(s, len);
	return v ? v : err_nomem(ev);
}

static struct value *sb_bytes(struct eval *ev, struct sbuf *sb)
{
	if (sb->oom) {
		free(sb->s);
		return err_nomem(ev);
	}
	struct value *v = new_bytes(ev, sb->s, sb->n);
	free(sb->s);
	return v;
}

char *bytes_repr(struct eval *ev, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	struct sbuf b = {0};
	int sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
	char q = sq && !dq ? '"' : '\'';
	sb_addc(&b, 'b');
	sb_addc(&b, q);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char e[4] = {'\\', 0, 0, 0};
		size_t k = 2;
		if (c == q || c == '\\')
			e[1] = (char)c;
		else if (c == '\t')
			e[1] = 't';
		else if (c == '\n')
			e[1] = 'n';
		else if (c == '\r')
			e[1] = 'r';
		else if (c < 0x20 || c >= 0x7f) {
			e[1] = 'x';
			e[2] = hex[c >> 4];
			e[3] = hex[c & 15];
			k = 4;
		} else {
			e[0] = (char)c;
			k = 1;
		}
		sb_add(&b, e, k);
	}
	sb_addc(&b, q);
	char *r = sb_take(&b);
	return r ? r : err_nomem(ev);
}

/* An int-like value (int, bool, NumPy integer) as int64: 1; 0 if v is not
 * one; -1 on error.  A big int sets *big and gives INT64_MAX / INT64_MIN. */
static int as_index(struct eval *ev, struct value *v, int64_t *out, int *big)
{
	*big = 0;
	if (v->type == VT_BIGINT) {
		*big = 1;
		*out = big_sign(v) < 0 ? INT64_MIN : INT64_MAX;
		return 1;
	}
	if (v->type == VT_INT || v->type == VT_BOOL) {
		*out = v->u.i;
		return 1;
	}
	if (v->type == VT_SCALAR && strchr("iu", VAL_SLOT(v, kind)(v)))
		return val_as_int64(ev, v, out) < 0 ? -1 : 1;
	return 0;
}

/* ---- operators ---- */

static struct value *repeat(struct eval *ev, struct value *s, int64_t n)
{
	size_t len = BN(s), tot, done;
	char *b;
	if (n < 0)
		n = 0;
	if (len && (uint64_t)n > BYTES_MAX / len)
		return err_nomem(ev);
	tot = len * (size_t)n;
	struct value *v = val_bytes_alloc(tot, &b);
	if (!v)
		return err_nomem(ev);
	done = tot ? len : 0;
	if (done)
		memcpy(b, BS(s), len);
	while (done < tot) { /* by doubling */
		size_t k = done < tot - done ? done : tot - done;
		memcpy(b + done, b, k);
		done += k;
	}
	return v;
}

struct value *bytes_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op == OP_ADD && l->type == VT_BYTES && r->type == VT_SCALAR) { /* its buffer */
		struct value *t = VAL_SLOT(r, tobytes)(ev, r), *v;
		if (!t)
			return NULL;
		v = bytes_binop(ev, op, l, t);
		val_decref(t);
		return v;
	}
	if (op == OP_ADD && l->type == VT_BYTES) {
		if (r->type != VT_BYTES)
			return err_set(ev, TY_TypeError, "can't concat %s to bytes", val_type_name(r));
		char *b;
		struct value *v = val_bytes_alloc(BN(l) + BN(r), &b);
		if (!v)
			return err_nomem(ev);
		memcpy(b, BS(l), BN(l));
		memcpy(b + BN(l), BS(r), BN(r));
		return v;
	}
	if (op == OP_MUL) {
		struct value *s = l->type == VT_BYTES ? l : r, *x = s == l ? r : l;
		int64_t n;
		int big, k = as_index(ev, x, &n, &big);
		if (k < 0)
			return NULL;
		if (k && big)
			return err_set(ev, TY_OverflowError, "cannot fit 'int' into an index-sized integer");
		if (k)
			return repeat(ev, s, n);
		return err_set(ev, TY_TypeError, "can't multiply sequence by non-int of type '%s'", val_type_name(x));
	}
	if (op == OP_MOD && l->type == VT_BYTES)
		return strfmt_percent(ev, l, r);   /* strformat.c: PEP 461 */
	return NULL; /* value.c: unsupported operand type(s) */
}

int bytes_contains(struct eval *ev, struct value *b, struct value *x)
{
	int64_t c;
	int big, k = as_index(ev, x, &c, &big);
	if (k < 0)
		return -1;
	if (k) {
		if (big || c < 0 || c > 255) {
			err_set(ev, TY_ValueError, "byte must be in range(0, 256)");
			return -1;
		}
		return memchr(BS(b), (int)c, BN(b)) != NULL;
	}
	if (x->type != VT_BYTES) {
		err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(x));
		return -1;
	}
	return memmem(BS(b), BN(b), BS(x), BN(x)) != NULL;
}

struct value *bytes_getitem(struct eval *ev, struct value *b, struct value *key)
{
	int64_t i, a, e, st, cnt;
	int big, k;
	if (key->type == VT_SLICE) {
		if (slice_indices(ev, &key->u.slice, (int64_t)BN(b), &a, &e, &st, &cnt) < 0)
			return NULL;
		char *o;
		struct value *v = val_bytes_alloc((size_t)cnt, &o);
		if (!v)
			return err_nomem(ev);
		for (int64_t j = 0, p = a; j < cnt; j++, p += st)
			o[j] = (char)BS(b)[p];
		return v;
	}
	k = as_index(ev, key, &i, &big);
	if (k < 0)
		return NULL;
	if (!k)
		return err_set(ev, TY_TypeError, "byte indices must be integers or slices, not %s", val_type_name(key));
	if (big)
		return err_set(ev, TY_IndexError, "cannot fit 'int' into an index-sized integer");
	if (i < 0)
		i += (int64_t)BN(b);
	if (i < 0 || i >= (int64_t)BN(b))
		return err_set(ev, TY_IndexError, "index out of range");
	return val_int(BS(b)[i]);
}

struct value *bytes_iter_list(struct eval *ev, struct value *b)
{
	size_t n = BN(b);
	struct value **items = malloc(sizeof *items * (n ? n : 1)), *l;
	if (!items)
		return err_nomem(ev);
	for (size_t i = 0; i < n; i++)
		if (!(items[i] = val_int(BS(b)[i]))) {
			while (i)
				val_decref(items[--i]);
			free(items);
			return err_nomem(ev);
		}
	l = val_list_new(n, items);
	free(items);
	return l ? l : err_nomem(ev);
}

/* ---- codecs ---- */

enum codec { CODEC_UTF8, CODEC_ASCII, CODEC_LATIN1 };
static const char *const codec_name[] = {"utf-8", "ascii", "latin-1"};
enum handler { EH_STRICT, EH_IGNORE, EH_REPLACE, EH_BACKSLASH, EH_OTHER };

/* encoding= and errors= of fname (NULL: the defaults); Python's TypeError
 * for a non-str, LookupError for an unknown encoding. */
static int codec_args(struct eval *ev, const char *fname, struct value *enc, struct value *errs,
		      int lookup, enum codec *c, enum handler *h, const char **hname)
{
	static const struct { const char *name; enum codec c; } aliases[] = {
		{"utf_8", CODEC_UTF8}, {"utf8", CODEC_UTF8}, {"u8", CODEC_UTF8}, {"utf", CODEC_UTF8},
		{"cp65001", CODEC_UTF8}, {"utf8_ucs2", CODEC_UTF8}, {"utf8_ucs4", CODEC_UTF8},
		{"ascii", CODEC_ASCII}, {"us_ascii", CODEC_ASCII}, {"646", CODEC_ASCII}, {"us", CODEC_ASCII},
		{"ansi_x3.4_1968", CODEC_ASCII}, {"ansi_x3_4_1968", CODEC_ASCII}, {"ascii_8bit", CODEC_ASCII},
		{"latin_1", CODEC_LATIN1}, {"latin1", CODEC_LATIN1}, {"latin", CODEC_LATIN1}, {"l1", CODEC_LATIN1},
		{"iso8859_1", CODEC_LATIN1}, {"iso_8859_1", CODEC_LATIN1}, {"8859", CODEC_LATIN1},
		{"cp819", CODEC_LATIN1}, {"iso_ir_100", CODEC_LATIN1}, {"iso_8859_1_1987", CODEC_LATIN1},
		{"iso8859", CODEC_LATIN1},
	};
	static const char *const other[] = {"utf_16", "utf16", "utf_32", "utf32", "utf_7", "utf7", "cp",
					    "iso", "latin_", "mac", "koi8", "big5", "gb", "shift_jis",
					    "euc", "windows_", "idna", "punycode", "raw_unicode",
					    "unicode_escape", "charmap", "mbcs", "hz", "johab", "ptcp"};
	*c = CODEC_UTF8;
	*h = EH_STRICT;
	*hname = "strict";
	if (enc && !val_as_cstr(enc)) {
		err_set(ev, TY_TypeError, "%s() argument 'encoding' must be str, not %s", fname, val_type_name(enc));
		return -1;
	}
	if (errs && !val_as_cstr(errs)) {
		err_set(ev, TY_TypeError, "%s() argument 'errors' must be str, not %s", fname, val_type_name(errs));
		return -1;
	}
	if (enc && lookup) {
		const char *s = val_as_cstr(enc);
		char norm[64];
		size_t n = 0;
		/* encodings.normalize_encoding, lowered */
		for (const char *p = s; *p && n < sizeof norm - 1; p++) {
			char ch = *p;
			if ((ch >= 'A' && ch <= 'Z'))
				ch = (char)(ch + 32);
			else if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '.'))
				ch = '_';
			if (ch == '_' && (n == 0 || norm[n - 1] == '_'))
				continue;
			norm[n++] = ch;
		}
		while (n && norm[n - 1] == '_')
			n--;
		norm[n] = 0;
		size_t i;
		for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
			if (!strcmp(norm, aliases[i].name))
				break;
		if (i == sizeof aliases / sizeof aliases[0] || strlen(s) >= sizeof norm - 1) {
			for (size_t j = 0; j < sizeof other / sizeof other[0]; j++)
				if (!strncmp(norm, other[j], strlen(other[j]))) {
					err_set(ev, TY_NotImplementedError, "the '%s' codec is not supported by Lumen "
						"(utf-8, ascii and latin-1 are)", s);
					return -1;
				}
			err_set(ev, TY_LookupError, "unknown encoding: %s", s);
			return -1;
		}
		*c = aliases[i].c;
	}
	if (errs) {
		const char *s = val_as_cstr(errs);
		*hname = s;
		*h = !strcmp(s, "strict") ? EH_STRICT : !strcmp(s, "ignore") ? EH_IGNORE :
		     !strcmp(s, "replace") ? EH_REPLACE : !strcmp(s, "backslashreplace") ? EH_BACKSLASH : EH_OTHER;
	}
	return 0;
}

/* The handler met an error it cannot serve: CPython's LookupError for an
 * unknown name; the ones CPython has but Lumen lacks say so. */
static void *handler_error(struct eval *ev, const char *hname)
{
	static const char *const known[] = {"surrogateescape", "surrogatepass",
					    "xmlcharrefreplace", "namereplace"};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (!strcmp(hname, known[i]))
			return err_set(ev, TY_NotImplementedError, "the '%s' error handler is not supported by Lumen", hname);
	return err_set(ev, TY_LookupError, "unknown error handler name '%s'", hname);
}

/* The length of the utf-8 sequence at p[i] (CPython's decoder: no
 * overlongs, surrogates or code points beyond U+10FFFF): 0 and *len, or 1
 * (invalid start byte), 2 (invalid continuation byte), 3 (unexpected end
 * of data) with *len the bytes of the error. */
static int u8_seq(const unsigned char *p, size_t n, size_t i, size_t *len)
{
	unsigned c = p[i], lo = 0x80, hi = 0xBF;
	int need;
	if (c < 0x80) {
		*len = 1;
		return 0;
	}
	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c >= 0xE0 && c <= 0xEF)
		need = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		need = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else {
		*len = 1;
		return 1;
	}
	for (int k = 1; k <= need; k++) {
		if (i + (size_t)k >= n) {
			*len = n - i;
			return 3;
		}
		unsigned b = p[i + (size_t)k];
		if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) {
			*len = (size_t)k;
			return 2;
		}
	}
	*len = (size_t)need + 1;
	return 0;
}

static void *decode_error(struct eval *ev, enum codec c, const unsigned char *p, size_t at,
			  size_t len, const char *why)
{
	if (len == 1)
		return err_set(ev, TY_UnicodeDecodeError, "'%s' codec can't decode byte 0x%02x in position %zu: %s",
			       codec_name[c], p[at], at, why);
	return err_set(ev, TY_UnicodeDecodeError, "'%s' codec can't decode bytes in position %zu-%zu: %s",
		       codec_name[c], at, at + len - 1, why);
}

/* s[0..n) decoded to a str value */
static struct value *decode(struct eval *ev, const unsigned char *s, size_t n, enum codec c,
			    enum handler h, const char *hname)
{
	static const char *const why[] = {"", "invalid start byte", "invalid continuation byte",
					  "unexpected end of data"};
	struct sbuf b = {0};
	for (size_t i = 0; i < n;) {
		size_t len = 1;
		int bad = 0;
		if (c == CODEC_UTF8)
			bad = u8_seq(s, n, i, &len);
		else if (c == CODEC_ASCII)
			bad = s[i] >= 0x80;
		if (!bad) {
			if (c == CODEC_LATIN1 && s[i] >= 0x80) {
				char u[2] = {(char)(0xC0 | (s[i] >> 6)), (char)(0x80 | (s[i] & 0x3F))};
				sb_add(&b, u, 2);
			} else {
				sb_add(&b, (const char *)s + i, len);
			}
			i += len;
			continue;
		}
		if (h == EH_STRICT || h == EH_OTHER) {
			free(b.s);
			if (h == EH_OTHER)
				return handler_error(ev, hname);
			return decode_error(ev, c, s, i, len, c == CODEC_UTF8 ? why[bad] : "ordinal not in range(128)");
		}
		if (h == EH_REPLACE)
			sb_add(&b, "\xEF\xBF\xBD", 3);
		for (size_t k = 0; h == EH_BACKSLASH && k < len; k++) {
			char e[5] = {'\\', 'x', hexdigits[s[i + k] >> 4], hexdigits[s[i + k] & 15], 0};
			sb_add(&b, e, 4);
		}
		i += len;
	}
	if (b.oom) {
		free(b.s);
		return err_nomem(ev);
	}
	struct value *v = val_str(b.s ? b.s : "", b.n);
	free(b.s);
	return v ? v : err_nomem(ev);
}

/* The next code point of Lumen's (utf-8) str at s[*i] */
static unsigned u8_next(const unsigned char *s, size_t n, size_t *i)
{
	unsigned c = s[*i];
	int k = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
	unsigned cp = k == 0 ? c : k == 1 ? c & 0x1F : k == 2 ? c & 0x0F : c & 0x07;
	(*i)++;
	for (int j = 0; j < k && *i < n; j++)
		cp = (cp << 6) | (s[(*i)++] & 0x3F);
	return cp;
}

static void char_esc(char *buf, size_t n, unsigned cp)
{
	if (cp < 0x100)
		snprintf(buf, n, "\\x%02x", cp);
	else if (cp < 0x10000)
		snprintf(buf, n, "\\u%04x", cp);
	else
		snprintf(buf, n, "\\U%08x", cp);
}

/* str s[0..n) encoded to a bytes value */
static struct value *encode(struct eval *ev, const unsigned char *s, size_t n, enum codec c,
			    enum handler h, const char *hname)
{
	unsigned limit = c == CODEC_ASCII ? 0x80 : c == CODEC_LATIN1 ? 0x100 : 0x110000;
	struct sbuf b = {0};
	size_t pos = 0;
	for (size_t i = 0; i < n; pos++) {
		size_t at = i;
		unsigned cp = u8_next(s, n, &i);
		int bad = cp >= limit || (cp >= 0xD800 && cp <= 0xDFFF);
		if (!bad) {
			if (c == CODEC_UTF8) {
				sb_add(&b, (const char *)s + at, i - at);
			} else {
				char ch = (char)cp;
				sb_add(&b, &ch, 1);
			}
			continue;
		}
		if (h == EH_STRICT || h == EH_OTHER) {
			/* the run of characters this codec cannot encode */
			size_t end = pos, j = i;
			while (j < n) {
				size_t k = j;
				unsigned d = u8_next(s, n, &k);
				if (!(d >= limit || (d >= 0xD800 && d <= 0xDFFF)))
					break;
				j = k;
				end++;
			}
			free(b.s);
			if (h == EH_OTHER)
				return handler_error(ev, hname);
			const char *why = c == CODEC_UTF8 ? "surrogates not allowed" :
					  c == CODEC_ASCII ? "ordinal not in range(128)" : "ordinal not in range(256)";
			if (end == pos) {
				char e[16];
				char_esc(e, sizeof e, cp);
				return err_set(ev, TY_UnicodeEncodeError, "'%s' codec can't encode character '%s' in position %zu: %s",
					       codec_name[c], e, pos, why);
			}
			return err_set(ev, TY_UnicodeEncodeError, "'%s' codec can't encode characters in position %zu-%zu: %s",
				       codec_name[c], pos, end, why);
		}
		if (h == EH_REPLACE)
			sb_addc(&b, '?');
		if (h == EH_BACKSLASH) {
			char e[16];
			char_esc(e, sizeof e, cp);
			sb_adds(&b, e);
		}
	}
	return sb_bytes(ev, &b);
}

M(decode)
{
	struct value *enc = NULL, *errs = NULL;
	enum codec c;
	enum handler h;
	const char *hname;
	if (args_parse(ev, "decode", argc, argv, kw, "|encoding,errors", &enc, &errs) < 0 ||
	    codec_args(ev, "decode", enc, errs, BN(SELF) != 0, &c, &h, &hname) < 0)
		return NULL;
	return decode(ev, BS(SELF), BN(SELF), c, h, hname); /* b'' decodes to '' by any name */
}

struct value *bytes_str_encode(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *enc = NULL, *errs = NULL;
	enum codec c;
	enum handler h;
	const char *hname;
	if (args_parse(ev, "encode", argc, argv, kw, "|encoding,errors", &enc, &errs) < 0 ||
	    codec_args(ev, "encode", enc, errs, 1, &c, &h, &hname) < 0)
		return NULL;
	return encode(ev, BS(SELF), BN(SELF), c, h, hname);
}

struct value *bytes_str_call(struct eval *ev, struct value *obj, struct value *enc, struct value *errs)
{
	enum codec c;
	enum handler h;
	const char *hname;
	if (codec_args(ev, "str", enc, errs, obj->type != VT_BYTES || BN(obj) != 0, &c, &h, &hname) < 0)
		return NULL;
	if (obj->type == VT_STR)
		return err_set(ev, TY_TypeError, "decoding str is not supported");
	if (obj->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "decoding to str: need a bytes-like object, %s found", val_type_name(obj));
	return decode(ev, BS(obj), BN(obj), c, h, hname);
}

/* ---- bytes(...) ---- */

struct value *bytes_type_call(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *src = NULL, *enc = NULL, *errs = NULL;
	int64_t n;
	int big, k;
	if (args_parse(ev, "bytes", argc, argv, kw, "|source,encoding,errors", &src, &enc, &errs) < 0)
		return NULL;
	if (!src) {
		if (enc || errs)
			return err_set(ev, TY_TypeError, enc ? "encoding without a string argument"
							     : "errors without a string argument");
		return new_bytes(ev, "", 0);
	}
	if (src->type == VT_STR) {
		enum codec c;
		enum handler h;
		const char *hname;
		if (!enc)
			return err_set(ev, TY_TypeError, "string argument without an encoding");
		if (codec_args(ev, "bytes", enc, errs, 1, &c, &h, &hname) < 0)
			return NULL;
		return encode(ev, BS(src), BN(src), c, h, hname);
	}
	if (enc || errs)
		return err_set(ev, TY_TypeError, enc ? "encoding without a string argument"
						     : "errors without a string argument");
	if (src->type == VT_BYTES)
		return val_incref(src);
	if (src->type == VT_NDARRAY) /* the buffer protocol: its bytes in C order */
		return VAL_SLOT(src, tobytes)(ev, src);
	if (src->type == VT_SCALAR && !strchr("iu", VAL_SLOT(src, kind)(src)))
		/* the buffer protocol (an integer scalar is an __index__ first) */
		return VAL_SLOT(src, tobytes)(ev, src);
	k = as_index(ev, src, &n, &big);
	if (k < 0)
		return NULL;
	if (k) {
		char *b;
		if (big)
			return err_set(ev, TY_OverflowError, "cannot fit 'int' into an index-sized integer");
		if (n < 0)
			return err_set(ev, TY_ValueError, "negative count");
		if ((uint64_t)n > BYTES_MAX)
			return err_nomem(ev);
		struct value *v = val_bytes_alloc((size_t)n, &b);
		if (!v)
			return err_nomem(ev);
		memset(b, 0, (size_t)n);
		return v;
	}
	if (src->type == VT_NONE || src->type == VT_FLOAT || src->type == VT_COMPLEX ||
	    src->type == VT_FUNCTION || src->type == VT_BUILTIN ||
	    src->type == VT_TYPE || src->type == VT_MODULE)
		return err_set(ev, TY_TypeError, "cannot convert '%s' object to bytes", val_type_name(src));
	struct value *items = val_iter_list(ev, src);
	if (!items) {
		if (err_occurred(ev) && ev->err && ev->err->u.exc.type == TY_TypeError) {
			err_clear(ev);
			return err_set(ev, TY_TypeError, "cannot convert '%s' object to bytes", val_type_name(src));
		}
		return NULL;
	}
	char *b;
	struct value *v = val_bytes_alloc(items->u.seq.n, &b);
	if (!v) {
		val_decref(items);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i];
		k = as_index(ev, x, &n, &big);
		if (k == 0) {
			err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(x));
			k = -1;
		}
		if (k > 0 && (big || n < 0 || n > 255)) {
			err_set(ev, TY_ValueError, "bytes must be in range(0, 256)");
			k = -1;
		}
		if (k < 0) {
			val_decref(items);
			val_decref(v);
			return NULL;
		}
		b[i] = (char)n;
	}
	val_decref(items);
	return v;
}

/* ---- methods ---- */

/* b.hex(sep=<none>, bytes_per_sep=1): CPython's _Py_strhex (groups counted
 * from the right for a positive bytes_per_sep, from the left otherwise) */
M(hex)
{
	struct value *sepv = NULL, *per = NULL;
	int64_t g = 1;
	char sep = 0;
	if (args_parse(ev, "hex", argc, argv, kw, "|sep,bytes_per_sep", &sepv, &per) < 0 ||
	    (per && per->type != VT_BIGINT && val_as_int64(ev, per, &g) < 0))
		return NULL;
	if ((per && per->type == VT_BIGINT) || g > INT32_MAX || g < INT32_MIN)
		return err_set(ev, TY_OverflowError, "Python int too large to convert to C int");
	if (sepv) {
		int64_t len;
		if (sepv->type == VT_STR || sepv->type == VT_BYTES) {
			len = sepv->type == VT_STR ? (int64_t)utf8_len(sepv->u.str->s, BN(sepv)) : (int64_t)BN(sepv);
		} else if (sepv->type == VT_TUPLE || sepv->type == VT_LIST || sepv->type == VT_DICT) {
			if ((len = val_len(ev, sepv)) == 1)
				return err_set(ev, TY_TypeError, "sep must be str or bytes.");
		} else {
			return err_set(ev, TY_TypeError, "object of type '%s' has no len()", val_type_name(sepv));
		}
		if (len != 1)
			return err_set(ev, TY_ValueError, "sep must be length 1.");
		if ((unsigned char)sepv->u.str->s[0] >= 0x80)
			return err_set(ev, TY_ValueError, "sep must be ASCII.");
		sep = sepv->u.str->s[0];
	}
	size_t n = BN(SELF);
	const unsigned char *s = BS(SELF);
	uint64_t ag = g < 0 ? (uint64_t)0 - (uint64_t)g : (uint64_t)g;
	struct sbuf b = {0};
	for (size_t i = 0; i < n; i++) {
		char h[2] = {hexdigits[s[i] >> 4], hexdigits[s[i] & 15]};
		sb_add(&b, h, 2);
		if (sepv && ag && i + 1 < n &&
		    (g > 0 ? (n - 1 - i) % ag == 0 : (i + 1) % ag == 0))
			sb_addc(&b, sep);
	}
	if (b.oom) {
		free(b.s);
		return err_nomem(ev);
	}
	struct value *v = val_str(b.s ? b.s : "", b.n);
	free(b.s);
	return v ? v : err_nomem(ev);
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* bytes.fromhex(string): pairs of hex digits, whitespace between pairs */
M(fromhex)
{
	struct value *x;
	if (argc != 1 && !(kw && kw->n))
		return err_set(ev, TY_TypeError, "bytes.fromhex() takes exactly one argument (%d given)", argc);
	if (args_parse(ev, "fromhex", argc, argv, kw, "string", &x) < 0)
		return NULL;
	if (x->type != VT_STR)
		return err_set(ev, TY_TypeError, "fromhex() argument must be str, not %s", val_type_name(x));
	const char *s = x->u.str->s;
	size_t n = BN(x), i = 0;
	struct sbuf b = {0};
	while (i < n) {
		if (is_space((unsigned char)s[i])) {
			while (i < n && is_space((unsigned char)s[i]))
				i++;
			if (i >= n)
				break;
		}
		int top = hexval((unsigned char)s[i]), bot = top < 0 ? -1 : i + 1 < n ? hexval((unsigned char)s[i + 1]) : -1;
		if (top < 0 || bot < 0) {
			free(b.s);
			return err_set(ev, TY_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu",
				       utf8_len(s, top < 0 ? i : i + 1));
		}
		sb_addc(&b, (char)(top * 16 + bot));
		i += 2;
	}
	return sb_bytes(ev, &b);
}

/* The needle of find/count/index: bytes, or an int 0..255 as one byte. */
static int needle(struct eval *ev, struct value *x, const unsigned char **p, size_t *n, unsigned char *one)
{
	int64_t c;
	int big, k = as_index(ev, x, &c, &big);
	if (k < 0)
		return -1;
	if (k) {
		if (big || c < 0 || c > 255) {
			err_set(ev, TY_ValueError, "byte must be in range(0, 256)");
			return -1;
		}
		*one = (unsigned char)c;
		*p = one;
		*n = 1;
		return 0;
	}
	if (x->type != VT_BYTES) {
		err_set(ev, TY_TypeError, "argument should be integer or bytes-like object, not '%s'", val_type_name(x));
		return -1;
	}
	*p = BS(x);
	*n = BN(x);
	return 0;
}

/* start/end of find & co, CPython's ADJUST_INDICES */
static int span(struct eval *ev, struct value *a, struct value *e, size_t n, size_t *lo, size_t *hi)
{
	int64_t s = 0, t = (int64_t)n;
	struct value *v[2] = {a, e};
	int64_t *o[2] = {&s, &t};
	for (int i = 0; i < 2; i++) { /* _PyEval_SliceIndex: big ints clamp */
		int big, k = v[i] && v[i]->type != VT_NONE ? as_index(ev, v[i], o[i], &big) : 1;
		if (k < 0)
			return -1;
		if (!k) {
			err_set(ev, TY_TypeError, "slice indices must be integers or None or have an __index__ method");
			return -1;
		}
	}
	if (t > (int64_t)n)
		t = (int64_t)n;
	else if (t < 0 && (t += (int64_t)n) < 0)
		t = 0;
	if (s < 0 && (s += (int64_t)n) < 0)
		s = 0;
	*lo = (size_t)s;
	*hi = (size_t)t;
	return 0;
}

/* find (0), rfind (1), index (2), rindex (3), count (4) */
static struct value *search(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw, int how)
{
	static const char *const names[] = {"find", "rfind", "index", "rindex", "count"};
	struct value *x, *a = NULL, *e = NULL;
	const unsigned char *p, *s = BS(SELF);
	size_t m, lo, hi;
	unsigned char one;
	if (args_parse(ev, names[how], argc, argv, kw, "sub|start,end", &x, &a, &e) < 0 ||
	    span(ev, a, e, BN(SELF), &lo, &hi) < 0 || needle(ev, x, &p, &m, &one) < 0)
		return NULL;
	if (how == 4) {
		int64_t c = 0;
		if (lo > hi || hi - lo < m)
			return val_int(0);
		if (!m)
			return val_int((int64_t)(hi - lo + 1));
		for (size_t i = lo; i + m <= hi;)
			if (!memcmp(s + i, p, m)) {
				c++;
				i += m;
			} else {
				i++;
			}
		return val_int(c);
	}
	int64_t at = -1;
	if (lo <= hi && hi - lo >= m) {
		for (size_t i = lo; i + m <= hi; i++)
			if (!memcmp(s + i, p, m)) {
				at = (int64_t)i;
				if (!(how & 1))
					break;
			}
	}
	if (at < 0 && how >= 2)
		return err_set(ev, TY_ValueError, "subsection not found");
	return val_int(at);
}

M(find) { return search(ev, bi, argc, argv, kw, 0); }
M(rfind) { return search(ev, bi, argc, argv, kw, 1); }
M(index) { return search(ev, bi, argc, argv, kw, 2); }
M(rindex) { return search(ev, bi, argc, argv, kw, 3); }
M(count) { return search(ev, bi, argc, argv, kw, 4); }

static struct value *affix(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw, int ends)
{
	const char *fname = ends ? "endswith" : "startswith";
	struct value *x, *a = NULL, *e = NULL;
	size_t lo, hi;
	if (args_parse(ev, fname, argc, argv, kw, "prefix|start,end", &x, &a, &e) < 0 ||
	    span(ev, a, e, BN(SELF), &lo, &hi) < 0)
		return NULL;
	size_t nx = x->type == VT_TUPLE ? x->u.seq.n : 1;
	for (size_t i = 0; i < nx; i++) {
		struct value *p = x->type == VT_TUPLE ? x->u.seq.items[i] : x;
		if (p->type != VT_BYTES) {
			if (x->type == VT_TUPLE)
				return err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(p));
			return err_set(ev, TY_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s",
				       fname, val_type_name(p));
		}
		/* CPython's tailmatch: a start beyond the end never matches */
		if (lo <= BN(SELF) && lo <= hi && hi - lo >= BN(p) &&
		    !memcmp(BS(SELF) + (ends ? hi - BN(p) : lo), BS(p), BN(p)))
			return val_bool(1);
	}
	return val_bool(0);
}

M(startswith) { return affix(ev, bi, argc, argv, kw, 0); }
M(endswith) { return affix(ev, bi, argc, argv, kw, 1); }

M(join)
{
	struct value *it, *items;
	if (args_parse(ev, "join", argc, argv, kw, "iterable_of_bytes", &it) < 0 ||
	    !(items = val_iter_list(ev, it)))
		return NULL;
	struct sbuf b = {0};
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i];
		if (x->type != VT_BYTES) {
			err_set(ev, TY_TypeError, "sequence item %zu: expected a bytes-like object, %s found",
				i, val_type_name(x));
			free(b.s);
			val_decref(items);
			return NULL;
		}
		if (i)
			sb_add(&b, (const char *)BS(SELF), BN(SELF));
		sb_add(&b, (const char *)BS(x), BN(x));
	}
	val_decref(items);
	return sb_bytes(ev, &b);
}

static int need_bytes(struct eval *ev, struct value *x)
{
	if (x->type == VT_BYTES)
		return 0;
	err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(x));
	return -1;
}

M(replace)
{
	struct value *o, *nw, *cv = NULL;
	int64_t cnt = -1;
	if (args_parse(ev, "replace", argc, argv, kw, "old,new|count", &o, &nw, &cv) < 0 ||
	    need_bytes(ev, o) < 0 || need_bytes(ev, nw) < 0 || (cv && val_as_int64(ev, cv, &cnt) < 0))
		return NULL;
	const unsigned char *s = BS(SELF);
	size_t n = BN(SELF), m = BN(o);
	struct sbuf b = {0};
	sb_add(&b, "", 0);
	for (size_t i = 0; i <= n;) {
		if (cnt != 0 && (m ? i + m <= n && !memcmp(s + i, BS(o), m) : 1)) {
			sb_add(&b, (const char *)BS(nw), BN(nw));
			if (cnt > 0)
				cnt--;
			if (m) {
				i += m;
				continue;
			}
		}
		if (i < n)
			sb_addc(&b, (char)s[i]);
		i++;
	}
	return sb_bytes(ev, &b);
}

M(split)
{
	struct value *sepv = NULL, *mv = NULL, *out;
	int64_t maxs = -1;
	if (args_parse(ev, "split", argc, argv, kw, "|sep,maxsplit", &sepv, &mv) < 0 ||
	    (mv && val_as_int64(ev, mv, &maxs) < 0))
		return NULL;
	if (sepv && sepv->type == VT_NONE)
		sepv = NULL;
	if (sepv && need_bytes(ev, sepv) < 0)
		return NULL;
	if (sepv && !BN(sepv))
		return err_set(ev, TY_ValueError, "empty separator");
	if (!(out = val_list_new(0, NULL)))
		return err_nomem(ev);
	const unsigned char *s = BS(SELF);
	size_t n = BN(SELF), i = 0, st;
	for (;;) {
		if (!sepv) {
			while (i < n && is_space(s[i]))
				i++;
			if (i >= n)
				break;
			st = i;
			if (maxs == 0) { /* the rest, as it is */
				i = n;
			} else {
				while (i < n && !is_space(s[i]))
					i++;
			}
		} else {
			st = i;
			const unsigned char *hit = NULL;
			if (maxs != 0 && i + BN(sepv) <= n)
				hit = memmem(s + i, n - i, BS(sepv), BN(sepv));
			i = hit ? (size_t)(hit - s) : n;
		}
		if (list_append(out, val_bytes((const char *)s + st, i - st)) < 0) {
			val_decref(out);
			return err_nomem(ev);
		}
		if (maxs > 0)
			maxs--;
		if (sepv) {
			if (i >= n)
				break;
			i += BN(sepv);
		}
	}
	return out;
}

static struct value *strip(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw, int how, const char *fname)
{
	struct value *cv = NULL;
	if (args_parse(ev, fname, argc, argv, kw, "|bytes", &cv) < 0)
		return NULL;
	if (cv && cv->type == VT_NONE)
		cv = NULL;
	if (cv && need_bytes(ev, cv) < 0)
		return NULL;
	const unsigned char *s = BS(SELF);
	size_t a = 0, e = BN(SELF);
#define STRIPS(c) (cv ? memchr(BS(cv), (c), BN(cv)) != NULL : is_space(c))
	if (how & 1)
		while (a < e && STRIPS(s[a]))
			a++;
	if (how & 2)
		while (e > a && STRIPS(s[e - 1]))
			e--;
#undef STRIPS
	return new_bytes(ev, s + a, e - a);
}

M(strip) { return strip(ev, bi, argc, argv, kw, 3, "strip"); }
M(lstrip) { return strip(ev, bi, argc, argv, kw, 1, "lstrip"); }
M(rstrip) { return strip(ev, bi, argc, argv, kw, 2, "rstrip"); }

static struct value *casemap(struct eval *ev, const struct builtin *bi, int argc, int upper, const char *fname)
{
	if (argc)
		return err_set(ev, TY_TypeError, "bytes.%s() takes no arguments (%d given)", fname, argc);
	char *b;
	struct value *v = val_bytes_alloc(BN(SELF), &b);
	if (!v)
		return err_nomem(ev);
	for (size_t i = 0; i < BN(SELF); i++) {
		unsigned char c = BS(SELF)[i];
		if (upper && c >= 'a' && c <= 'z')
			c -= 32;
		else if (!upper && c >= 'A' && c <= 'Z')
			c += 32;
		b[i] = (char)c;
	}
	return v;
}

M(upper) { (void)argv; (void)kw; return casemap(ev, bi, argc, 1, "upper"); }
M(lower) { (void)argv; (void)kw; return casemap(ev, bi, argc, 0, "lower"); }

/* the method table: a bytes value's, then (NULL-named end) the type's */
static const struct { const char *name; builtin_fn fn; } methods[] = {
	{"count", m_count}, {"decode", m_decode}, {"endswith", m_endswith}, {"find", m_find},
	{"hex", m_hex}, {"index", m_index}, {"join", m_join}, {"lower", m_lower},
	{"lstrip", m_lstrip}, {"replace", m_replace}, {"rfind", m_rfind}, {"rindex", m_rindex},
	{"rstrip", m_rstrip}, {"split", m_split}, {"startswith", m_startswith}, {"strip", m_strip},
	{"upper", m_upper}, {"fromhex", m_fromhex},
};

struct value *bytes_method(struct eval *ev, struct value *self, const char *name)
{
	size_t n = sizeof methods / sizeof methods[0];
	if (self->type == VT_TYPE) {
		if (strcmp(name, "fromhex"))
			return NULL;
		struct value *b = val_builtin("fromhex", m_fromhex, NULL, NULL);
		return b ? b : err_nomem(ev);
	}
	for (size_t i = 0; i < n; i++)
		if (!strcmp(methods[i].name, name)) {
			struct value *b = val_builtin(methods[i].name, methods[i].fn, self, NULL);
			return b ? b : err_nomem(ev);
		}
	return NULL;
}

const char *const *bytes_method_names(void)
{
	static const char *names[sizeof methods / sizeof methods[0] + 1];
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		names[i] = methods[i].name;
	return names;
}
