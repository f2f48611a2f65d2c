/*
 * base64.c — the binascii and base64 modules: base64 (b64encode/b64decode
 * with altchars and validate, standard_ and urlsafe_ forms, encodebytes/
 * decodebytes), base32 (b32encode/b32decode, b32hex*), base16, and
 * binascii's hexlify/unhexlify, b2a_base64/a2b_base64 (strict_mode), crc32
 * with CPython 3.11's results and binascii.Error messages.  The byte work is
 * C (the _helpers below); the modules are written in the cell language as
 * CPython's Lib/base64.py is, and raise binascii.Error from the message a
 * helper returns as a str.  ascii85/base85 are a NotImplementedError.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"

static const char b64std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* the bytes argument v (a bytes value) of fname, else -1 with TypeError */
static int bytes_arg(struct eval *ev, struct value *v, const char **s, size_t *n)
{
	if (v->type != VT_BYTES) {
		err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(v));
		return -1;
	}
	*s = v->u.str->s;
	*n = v->u.str->len;
	return 0;
}

/* _b2a_base64(data, newline, alt): base64 of data, '+' '/' as alt's two bytes */
PYFN(b_b2a_base64)
{
	struct value *d, *nl, *alt;
	const char *s, *a;
	size_t n, na;
	if (args_parse(ev, "b2a_base64", argc, argv, kw, "data,newline,alt", &d, &nl, &alt) < 0 ||
	    bytes_arg(ev, d, &s, &n) < 0 || bytes_arg(ev, alt, &a, &na) < 0)
		return NULL;
	if (na != 2 || n > SIZE_MAX / 2)
		return err_set(ev, TY_ValueError, "b2a_base64: bad arguments");
	char tab[64];
	memcpy(tab, b64std, 64);
	tab[62] = a[0];
	tab[63] = a[1];
	size_t outn = (n + 2) / 3 * 4 + (val_truth(ev, nl) > 0);
	char *o;
	struct value *r = val_bytes_alloc(outn, &o);
	if (!r)
		return err_nomem(ev);
	size_t k = 0;
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)(unsigned char)s[i] << 16;
		size_t left = n - i;
		if (left > 1)
			v |= (uint32_t)(unsigned char)s[i + 1] << 8;
		if (left > 2)
			v |= (unsigned char)s[i + 2];
		o[k++] = tab[v >> 18];
		o[k++] = tab[(v >> 12) & 63];
		o[k++] = left > 1 ? tab[(v >> 6) & 63] : '=';
		o[k++] = left > 2 ? tab[v & 63] : '=';
	}
	if (k < outn)
		o[k++] = '\n';
	return r;
}

/* _a2b_base64(data, strict, alt): binascii.a2b_base64 of CPython 3.11 after
 * mapping alt's two bytes to '+' '/'; the bytes, or the error's text (a str) */
PYFN(b_a2b_base64)
{
	struct value *d, *strictv, *alt;
	const char *s, *a;
	size_t n, na;
	if (args_parse(ev, "a2b_base64", argc, argv, kw, "data,strict,alt", &d, &strictv, &alt) < 0 ||
	    bytes_arg(ev, d, &s, &n) < 0 || bytes_arg(ev, alt, &a, &na) < 0)
		return NULL;
	int strict = val_truth(ev, strictv) > 0;
	signed char tab[256];
	memset(tab, -1, sizeof tab);
	for (int i = 0; i < 64; i++)
		tab[(unsigned char)b64std[i]] = (signed char)i;
	if (na == 2) {
		tab[(unsigned char)a[0]] = 62;
		tab[(unsigned char)a[1]] = 63;
	}
	char *o = malloc(n / 4 * 3 + 3);
	if (!o)
		return err_nomem(ev);
	size_t k = 0;
	int quad = 0, pads = 0, padding = 0;
	unsigned left = 0;
	const char *msg = NULL;
	if (strict && n > 0 && s[0] == '=') {
		msg = "Leading padding not allowed";
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '=') {
			padding = 1;
			if (strict && quad == 0) {
				msg = "Excess padding not allowed";
				goto out;
			}
			if (quad >= 2 && quad + ++pads >= 4) {
				if (strict && i + 1 < n)
					msg = "Excess data after padding";
				goto out;
			}
			continue;
		}
		int v = tab[c];
		if (v < 0) {
			if (strict) {
				msg = "Only base64 data is allowed";
				goto out;
			}
			continue;
		}
		if (strict && padding) {
			msg = "Discontinuous padding not allowed";
			goto out;
		}
		pads = 0;
		switch (quad) {
		case 0: quad = 1; left = (unsigned)v; break;
		case 1: quad = 2; o[k++] = (char)((left << 2) | ((unsigned)v >> 4)); left = (unsigned)v & 0xf; break;
		case 2: quad = 3; o[k++] = (char)((left << 4) | ((unsigned)v >> 2)); left = (unsigned)v & 3; break;
		default: quad = 0; o[k++] = (char)((left << 6) | (unsigned)v); left = 0; break;
		}
	}
	if (quad == 1) {
		char buf[160];
		snprintf(buf, sizeof buf, "Invalid base64-encoded string: number of data characters (%zu) "
			 "cannot be 1 more than a multiple of 4", k / 3 * 4 + 1);
		free(o);
		struct value *r = val_cstr(buf);
		return r ? r : err_nomem(ev);
	}
	if (quad != 0)
		msg = "Incorrect padding";
out:;
	struct value *r = msg ? val_cstr(msg) : val_bytes(o, k);
	free(o);
	return r ? r : err_nomem(ev);
}

/* _hexlify(data, upper, sep): hex digits of data (sep: b'' or one byte every byte) */
PYFN(b_hexlify)
{
	struct value *d, *up;
	const char *s;
	size_t n;
	if (args_parse(ev, "hexlify", argc, argv, kw, "data,upper", &d, &up) < 0 || bytes_arg(ev, d, &s, &n) < 0)
		return NULL;
	const char *dig = val_truth(ev, up) > 0 ? "0123456789ABCDEF" : "0123456789abcdef";
	if (n > SIZE_MAX / 2)
		return err_nomem(ev);
	char *o;
	struct value *r = val_bytes_alloc(2 * n, &o);
	if (!r)
		return err_nomem(ev);
	for (size_t i = 0; i < n; i++) {
		o[2 * i] = dig[(unsigned char)s[i] >> 4];
		o[2 * i + 1] = dig[(unsigned char)s[i] & 15];
	}
	return r;
}

static int hexval(unsigned char c, int upper_only)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (!upper_only && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* _unhexlify(data, b16): the bytes or the error's text; b16: base64.b16decode's
 * rules (upper-case digits only, its messages) */
PYFN(b_unhexlify)
{
	struct value *d, *b16v;
	const char *s;
	size_t n;
	if (args_parse(ev, "unhexlify", argc, argv, kw, "data,b16", &d, &b16v) < 0 || bytes_arg(ev, d, &s, &n) < 0)
		return NULL;
	int b16 = val_truth(ev, b16v) > 0;
	if (b16)
		for (size_t i = 0; i < n; i++)
			if (hexval((unsigned char)s[i], 1) < 0)
				return val_cstr("Non-base16 digit found");
	if (n % 2)
		return val_cstr("Odd-length string");
	char *o;
	struct value *r = val_bytes_alloc(n / 2, &o);
	if (!r)
		return err_nomem(ev);
	for (size_t i = 0; i < n; i += 2) {
		int hi = hexval((unsigned char)s[i], 0), lo = hexval((unsigned char)s[i + 1], 0);
		if (hi < 0 || lo < 0) {
			val_decref(r);
			return val_cstr("Non-hexadecimal digit found");
		}
		o[i / 2] = (char)(hi << 4 | lo);
	}
	return r;
}

static const char b32std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
static const char b32hex[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/* _b32encode(data, hex) */
PYFN(b_b32encode)
{
	struct value *d, *hexv;
	const char *s;
	size_t n;
	if (args_parse(ev, "b32encode", argc, argv, kw, "data,hex", &d, &hexv) < 0 || bytes_arg(ev, d, &s, &n) < 0)
		return NULL;
	const char *tab = val_truth(ev, hexv) > 0 ? b32hex : b32std;
	if (n > SIZE_MAX / 2)
		return err_nomem(ev);
	size_t outn = (n + 4) / 5 * 8;
	char *o;
	struct value *r = val_bytes_alloc(outn, &o);
	if (!r)
		return err_nomem(ev);
	static const int chars_for[6] = {0, 2, 4, 5, 7, 8};  /* data characters of 0..5 bytes */
	for (size_t i = 0, k = 0; i < n; i += 5, k += 8) {
		uint64_t acc = 0;
		size_t m = n - i < 5 ? n - i : 5;
		for (size_t j = 0; j < 5; j++)
			acc = acc << 8 | (j < m ? (unsigned char)s[i + j] : 0);
		for (int j = 0; j < 8; j++)
			o[k + j] = j < chars_for[m] ? tab[(acc >> (35 - 5 * j)) & 31] : '=';
	}
	return r;
}

/* _b32decode(data, casefold, map01, hex): Lib/base64.py's _b32decode; the
 * bytes or the error's text */
PYFN(b_b32decode)
{
	struct value *d, *cf, *map01, *hexv;
	const char *s0, *m = NULL;
	size_t n, mn = 0;
	if (args_parse(ev, "b32decode", argc, argv, kw, "data,casefold,map01,hex", &d, &cf, &map01, &hexv) < 0 ||
	    bytes_arg(ev, d, &s0, &n) < 0 || (map01->type != VT_NONE && bytes_arg(ev, map01, &m, &mn) < 0))
		return NULL;
	if (n % 8)
		return val_cstr("Incorrect padding");
	const char *tab = val_truth(ev, hexv) > 0 ? b32hex : b32std;
	int casefold = val_truth(ev, cf) > 0;
	signed char rev[256];
	memset(rev, -1, sizeof rev);
	for (int i = 0; i < 32; i++)
		rev[(unsigned char)tab[i]] = (signed char)i;
	char *o = malloc(n / 8 * 5 + 5);
	unsigned char *s = malloc(n + 1);
	if (!o || !s) {
		free(o);
		free(s);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s0[i];
		if (m && c == '0')
			c = 'O';
		else if (m && c == '1')
			c = (unsigned char)m[0];
		if (casefold && c >= 'a' && c <= 'z')
			c = (unsigned char)(c - 32);
		s[i] = c;
	}
	size_t l = n, pad = 0, k = 0;
	while (l > 0 && s[l - 1] == '=')
		l--, pad++;
	const char *msg = NULL;
	uint64_t acc = 0;
	for (size_t i = 0; i < l; i += 8) {
		acc = 0;
		for (size_t j = i; j < i + 8 && j < l; j++) {
			if (rev[s[j]] < 0) {
				msg = "Non-base32 digit found";
				goto out;
			}
			acc = acc << 5 | (uint64_t)rev[s[j]];
		}
		for (int j = 4; j >= 0; j--)
			o[k++] = (char)(acc >> (8 * j));
	}
	if (pad != 0 && pad != 1 && pad != 3 && pad != 4 && pad != 6) {
		msg = "Incorrect padding";
		goto out;
	}
	if (pad && k) {
		acc <<= 5 * pad;
		size_t leftover = (43 - 5 * pad) / 8;
		k -= 5;
		for (size_t j = 0; j < leftover; j++)
			o[k++] = (char)(acc >> (8 * (4 - j)));
	}
out:;
	struct value *r = msg ? val_cstr(msg) : val_bytes(o, k);
	free(o);
	free(s);
	return r ? r : err_nomem(ev);
}

/* _crc32(data, value) */
PYFN(b_crc32)
{
	struct value *d, *v;
	const char *s;
	size_t n;
	if (args_parse(ev, "crc32", argc, argv, kw, "data,value", &d, &v) < 0 || bytes_arg(ev, d, &s, &n) < 0)
		return NULL;
	if (v->type != VT_INT && v->type != VT_BOOL)
		return err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(v));
	uint32_t crc = ~(uint32_t)v->u.i;
	for (size_t i = 0; i < n; i++) {
		crc ^= (unsigned char)s[i];
		for (int j = 0; j < 8; j++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
	}
	return val_int((int64_t)(uint32_t)~crc);
}

static const char binascii_src[] =
	"class Error(ValueError):\n"
	"    pass\n"
	"\n"
	"\n"
	"class Incomplete(Exception):\n"
	"    pass\n"
	"\n"
	"\n"
	"Error.__module__ = 'binascii'\n"
	"Incomplete.__module__ = 'binascii'\n"
	"\n"
	"\n"
	"def _ascii(s):\n"
	"    if isinstance(s, str):\n"
	"        try:\n"
	"            return s.encode('ascii')\n"
	"        except UnicodeEncodeError:\n"
	"            raise ValueError('string argument should contain only ASCII characters')\n"
	"    if isinstance(s, bytes):\n"
	"        return s\n"
	"    raise TypeError(\"argument should be bytes, buffer or ASCII string, not '%s'\" % type(s).__name__)\n"
	"\n"
	"\n"
	"def _check(r):\n"
	"    if isinstance(r, str):\n"
	"        raise Error(r)\n"
	"    return r\n"
	"\n"
	"\n"
	"def b2a_base64(data, *, newline=True):\n"
	"    return _b2a_base64(data, newline, b'+/')\n"
	"\n"
	"\n"
	"def a2b_base64(data, *, strict_mode=False):\n"
	"    return _check(_a2b_base64(_ascii(data), strict_mode, b''))\n"
	"\n"
	"\n"
	"def hexlify(data, sep=None, bytes_per_sep=1):\n"
	"    if sep is not None:\n"
	"        raise NotImplementedError('binascii.hexlify(sep=...) is not supported in Lumen')\n"
	"    return _hexlify(data, False)\n"
	"\n"
	"\n"
	"def unhexlify(hexstr):\n"
	"    return _check(_unhexlify(_ascii(hexstr), False))\n"
	"\n"
	"\n"
	"b2a_hex = hexlify\n"
	"a2b_hex = unhexlify\n"
	"\n"
	"\n"
	"def crc32(data, crc=0):\n"
	"    return _crc32(data, crc & 0xFFFFFFFF)\n";

static const char base64_src[] =
	"import binascii\n"
	"\n"
	"\n"
	"def _bytes_from_decode_data(s):\n"
	"    if isinstance(s, str):\n"
	"        try:\n"
	"            return s.encode('ascii')\n"
	"        except UnicodeEncodeError:\n"
	"            raise ValueError('string argument should contain only ASCII characters')\n"
	"    if isinstance(s, bytes):\n"
	"        return s\n"
	"    raise TypeError(\"argument should be a bytes-like object or ASCII string, not '%s'\" % type(s).__name__)\n"
	"\n"
	"\n"
	"def _check(r):\n"
	"    if isinstance(r, str):\n"
	"        raise binascii.Error(r)\n"
	"    return r\n"
	"\n"
	"\n"
	"def _alt(altchars):\n"
	"    altchars = _bytes_from_decode_data(altchars)\n"
	"    assert len(altchars) == 2, repr(altchars)\n"
	"    return altchars\n"
	"\n"
	"\n"
	"def b64encode(s, altchars=None):\n"
	"    if altchars is None:\n"
	"        return _b2a_base64(s, False, b'+/')\n"
	"    if not isinstance(altchars, bytes):\n"
	"        raise TypeError(\"a bytes-like object is required, not '%s'\" % type(altchars).__name__)\n"
	"    assert len(altchars) == 2, repr(altchars)\n"
	"    return _b2a_base64(s, False, altchars)\n"
	"\n"
	"\n"
	"def b64decode(s, altchars=None, validate=False):\n"
	"    s = _bytes_from_decode_data(s)\n"
	"    if altchars is None:\n"
	"        return _check(_a2b_base64(s, validate, b''))\n"
	"    return _check(_a2b_base64(s, validate, _alt(altchars)))\n"
	"\n"
	"\n"
	"def standard_b64encode(s):\n"
	"    return b64encode(s)\n"
	"\n"
	"\n"
	"def standard_b64decode(s):\n"
	"    return b64decode(s)\n"
	"\n"
	"\n"
	"def urlsafe_b64encode(s):\n"
	"    return b64encode(s, b'-_')\n"
	"\n"
	"\n"
	"def urlsafe_b64decode(s):\n"
	"    return b64decode(s, b'-_')\n"
	"\n"
	"\n"
	"def _b32decode_common(s, casefold, map01, hexmode):\n"
	"    s = _bytes_from_decode_data(s)\n"
	"    if map01 is not None:\n"
	"        map01 = _bytes_from_decode_data(map01)\n"
	"        assert len(map01) == 1, repr(map01)\n"
	"    return _check(_b32decode(s, casefold, map01, hexmode))\n"
	"\n"
	"\n"
	"def b32encode(s):\n"
	"    return _b32encode(s, False)\n"
	"\n"
	"\n"
	"def b32decode(s, casefold=False, map01=None):\n"
	"    return _b32decode_common(s, casefold, map01, False)\n"
	"\n"
	"\n"
	"def b32hexencode(s):\n"
	"    return _b32encode(s, True)\n"
	"\n"
	"\n"
	"def b32hexdecode(s, casefold=False):\n"
	"    return _b32decode_common(s, casefold, None, True)\n"
	"\n"
	"\n"
	"def b16encode(s):\n"
	"    return _hexlify(s, True)\n"
	"\n"
	"\n"
	"def b16decode(s, casefold=False):\n"
	"    s = _bytes_from_decode_data(s)\n"
	"    if casefold:\n"
	"        s = s.upper()\n"
	"    return _check(_unhexlify(s, True))\n"
	"\n"
	"\n"
	"def _input_type_check(s):\n"
	"    if not isinstance(s, bytes):\n"
	"        raise TypeError('expected bytes-like object, not %s' % type(s).__name__)\n"
	"\n"
	"\n"
	"MAXLINESIZE = 76\n"
	"MAXBINSIZE = (MAXLINESIZE // 4) * 3\n"
	"\n"
	"\n"
	"def encodebytes(s):\n"
	"    _input_type_check(s)\n"
	"    pieces = []\n"
	"    for i in range(0, len(s), MAXBINSIZE):\n"
	"        pieces.append(_b2a_base64(s[i:i + MAXBINSIZE], True, b'+/'))\n"
	"    return b''.join(pieces)\n"
	"\n"
	"\n"
	"def decodebytes(s):\n"
	"    _input_type_check(s)\n"
	"    return _check(_a2b_base64(s, False, b''))\n"
	"\n"
	"\n"
	"def _unsupported(name):\n"
	"    def f(*args, **kwargs):\n"
	"        raise NotImplementedError('base64.%s is not supported in Lumen' % name)\n"
	"    return f\n"
	"\n"
	"\n"
	"a85encode = _unsupported('a85encode')\n"
	"a85decode = _unsupported('a85decode')\n"
	"b85encode = _unsupported('b85encode')\n"
	"b85decode = _unsupported('b85decode')\n"
	"encode = _unsupported('encode')\n"
	"decode = _unsupported('decode')\n";

static const struct pyfn helpers[] = {
	{"_b2a_base64", b_b2a_base64}, {"_a2b_base64", b_a2b_base64}, {"_hexlify", b_hexlify},
	{"_unhexlify", b_unhexlify}, {"_b32encode", b_b32encode}, {"_b32decode", b_b32decode},
	{"_crc32", b_crc32},
};

struct value *binascii_build(struct eval *ev, const char *name)
{
	return pylib_source_module(ev, name, binascii_src, helpers, sizeof helpers / sizeof helpers[0]);
}

struct value *base64_build(struct eval *ev, const char *name)
{
	return pylib_source_module(ev, name, base64_src, helpers, sizeof helpers / sizeof helpers[0]);
}
