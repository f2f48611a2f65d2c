/*
 * struct.c — the struct module: calcsize, pack, unpack, unpack_from,
 * iter_unpack and the Struct class, with the byte orders @ = < > ! and the
 * codes x c b B ? h H i I l L q Q n N e f d s p P (native sizes and
 * alignment of x86-64 / aarch64 Linux for '@'), CPython 3.11's results and
 * struct.error messages.  pack_into needs a writable buffer (bytearray),
 * which Lumen lacks: a NotImplementedError.  The byte work is C (_calcsize,
 * _pack, _unpack return the result or the error's text as a str); the
 * module is written in the cell language.  Owns nothing after the build.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"

struct item { char code; size_t count, off; };

struct layout {
	int native, little;
	size_t n, size;
	struct item *items;
};

/* the size of code in this mode, 0 when the code is not one */
static size_t code_size(char c, int native)
{
	switch (c) {
	case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
	case 'h': case 'H': case 'e': return 2;
	case 'i': case 'I': case 'f': return 4;
	case 'l': case 'L': return native ? sizeof(long) : 4;
	case 'q': case 'Q': case 'd': return 8;
	case 'n': case 'N': return native ? sizeof(size_t) : 0;
	case 'P': return native ? sizeof(void *) : 0;
	default: return 0;
	}
}

/* parses fmt into lay; NULL, or the struct.error text */
static const char *parse(const char *f, size_t flen, struct layout *lay)
{
	const char *end = f + flen;
	lay->native = 1;
	lay->little = 1;  /* the hosts Lumen builds for */
	lay->n = lay->size = 0;
	lay->items = NULL;
	if (f < end && strchr("@=<>!", *f) && *f) {
		lay->native = *f == '@';
		lay->little = *f == '<' || *f == '@' || *f == '=';
		f++;
	}
	size_t cap = 0, size = 0;
	while (f < end) {
		if (*f == ' ' || *f == '\t' || *f == '\n' || *f == '\r' || *f == '\v' || *f == '\f') {
			f++;
			continue;
		}
		size_t count = 1;
		if (*f >= '0' && *f <= '9') {
			count = 0;
			while (f < end && *f >= '0' && *f <= '9') {
				if (count > (SIZE_MAX / 2 - 9) / 10)
					return "total struct size too long";
				count = count * 10 + (size_t)(*f++ - '0');
			}
			if (f >= end)
				return "repeat count given without format specifier";
		}
		char c = *f++;
		size_t sz = code_size(c, lay->native);
		if (!sz)
			return "bad char in struct format";
		if (lay->native && sz > 1 && c != 's' && c != 'p')
			size = (size + sz - 1) / sz * sz;
		if (lay->n == cap) {
			cap = cap ? 2 * cap : 8;
			struct item *t = realloc(lay->items, cap * sizeof *t);
			if (!t)
				return "out of memory";
			lay->items = t;
		}
		lay->items[lay->n++] = (struct item){c, count, size};
		if (count > (SIZE_MAX / 4 - size) / sz)
			return "total struct size too long";
		size += count * sz;
	}
	if (size > (size_t)INT64_MAX / 2)
		return "total struct size too long";
	lay->size = size;
	return NULL;
}

/* the format argument's text, or NULL with CPython's TypeError */
static const char *fmt_arg(struct eval *ev, struct value *v, size_t *n)
{
	if (v->type == VT_STR || v->type == VT_BYTES) {
		*n = v->u.str->len;
		return v->u.str->s;
	}
	err_set(ev, TY_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", val_type_name(v));
	return NULL;
}

static struct value *errtext(struct eval *ev, const char *msg)
{
	struct value *r = val_cstr(msg);
	return r ? r : err_nomem(ev);
}

/* fmt's layout, or NULL with *res the error text (or an error set) */
static int layout_of(struct eval *ev, struct value *fmt, struct layout *lay, struct value **res)
{
	size_t n;
	const char *f = fmt_arg(ev, fmt, &n);
	*res = NULL;
	if (!f)
		return -1;
	lay->items = NULL;
	const char *msg = memchr(f, 0, n) ? "embedded null character" : parse(f, n, lay);
	if (msg) {
		free(lay->items);
		*res = errtext(ev, msg);
		return -1;
	}
	return 0;
}

PYFN(st_calcsize)
{
	struct value *fmt, *res;
	struct layout lay;
	if (args_parse(ev, "calcsize", argc, argv, kw, "format", &fmt) < 0)
		return NULL;
	if (layout_of(ev, fmt, &lay, &res) < 0)
		return res;
	free(lay.items);
	return val_int((int64_t)lay.size);
}

static void put_uint(unsigned char *p, uint64_t u, size_t n, int little)
{
	for (size_t i = 0; i < n; i++)
		p[little ? i : n - 1 - i] = (unsigned char)(u >> (8 * i));
}

static uint64_t get_uint(const unsigned char *p, size_t n, int little)
{
	uint64_t u = 0;
	for (size_t i = 0; i < n; i++)
		u |= (uint64_t)p[little ? i : n - 1 - i] << (8 * i);
	return u;
}

static uint16_t to_half(double d, int *overflow)
{
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	*overflow = 0;
	if (isnan(d))
		return sign | 0x7e00;
	if (isinf(d))
		return sign | 0x7c00;
	if (a == 0)
		return sign;
	int e;
	double m = frexp(a, &e);   /* a = m * 2^e, m in [0.5, 1) */
	if (e < -13) {             /* subnormal: units of 2^-24 */
		double q = ldexp(a, 24);
		double r = nearbyint(q);
		return sign | (uint16_t)r;
	}
	double q = ldexp(m, 11);   /* 11 significant bits, [1024, 2048) */
	double r = nearbyint(q);
	if (r == 2048) {
		r = 1024;
		e++;
	}
	if (e > 16) {
		*overflow = 1;
		return 0;
	}
	return sign | (uint16_t)((e + 14) << 10) | (uint16_t)((uint64_t)r - 1024);
}

static double from_half(uint16_t h)
{
	int e = (h >> 10) & 31, m = h & 1023;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
	return h & 0x8000 ? -v : v;
}

/* the int value of v as int64 (or uint64 when *big), NULL or the error text */
static const char *int_of(struct eval *ev, struct value *v, int64_t *i, uint64_t *u, int *isbig)
{
	*isbig = 0;
	if (v->type == VT_INT || v->type == VT_BOOL) {
		*i = v->u.i;
		return NULL;
	}
	if (v->type == VT_BIGINT) {
		if (big_sign(v) > 0 && big_as_uint64(ev, v, u) == 0) {
			*isbig = 1;
			return NULL;
		}
		err_clear(ev);
		return "argument out of range";
	}
	return "required argument is not an integer";
}

static char msgbuf[256];

/* range check of an integer code: NULL or the error text (CPython 3.11's) */
static const char *int_range(char c, int native, size_t sz, int64_t i, uint64_t u, int isbig)
{
	int uns = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
	if (isbig)
		return uns && sz == 8 ? NULL : "argument out of range";
	int64_t lo = uns ? 0 : sz == 8 ? INT64_MIN : -((int64_t)1 << (8 * sz - 1));
	int64_t hi = sz == 8 ? INT64_MAX : uns ? ((int64_t)1 << (8 * sz)) - 1 : ((int64_t)1 << (8 * sz - 1)) - 1;
	if (i >= lo && i <= hi)
		return NULL;
	/* b B h H name their C type whatever the mode; the others their code,
	 * and a value no C long holds (or a negative unsigned) is out of range */
	if (c == 'b')
		return "byte format requires -128 <= number <= 127";
	if (c == 'B')
		return "ubyte format requires 0 <= number <= 255";
	if (c == 'h')
		return "short format requires -32768 <= number <= 32767";
	if (c == 'H')
		return "ushort format requires 0 <= number <= 65535";
	if (sz == 8 || (uns && i < 0))
		return "argument out of range";
	snprintf(msgbuf, sizeof msgbuf, "'%c' format requires %lld <= number <= %lld", c, (long long)lo, (long long)hi);
	return msgbuf;
}

/* _pack(fmt, values): the bytes, or the struct.error text */
PYFN(st_pack)
{
	struct value *fmt, *vals, *res;
	struct layout lay;
	if (args_parse(ev, "pack", argc, argv, kw, "format,values", &fmt, &vals) < 0)
		return NULL;
	if (vals->type != VT_TUPLE)
		return err_set(ev, TY_TypeError, "_pack: values must be a tuple");
	if (layout_of(ev, fmt, &lay, &res) < 0)
		return res;
	size_t need = 0, nv = vals->u.seq.n;
	for (size_t k = 0; k < lay.n; k++)
		if (lay.items[k].code != 'x')
			need += lay.items[k].code == 's' || lay.items[k].code == 'p' ? 1 : lay.items[k].count;
	if (need != nv) {
		free(lay.items);
		snprintf(msgbuf, sizeof msgbuf, "pack expected %zu items for packing (got %zu)", need, nv);
		return errtext(ev, msgbuf);
	}
	char *buf;
	struct value *r = val_bytes_alloc(lay.size, &buf);
	if (!r) {
		free(lay.items);
		return err_nomem(ev);
	}
	memset(buf, 0, lay.size);
	unsigned char *o = (unsigned char *)buf;
	const char *msg = NULL;
	size_t vi = 0;
	for (size_t k = 0; k < lay.n && !msg; k++) {
		struct item *it = &lay.items[k];
		size_t sz = code_size(it->code, lay.native);
		if (it->code == 'x')
			continue;
		if (it->code == 's' || it->code == 'p') {
			struct value *v = vals->u.seq.items[vi++];
			if (v->type != VT_BYTES) {
				msg = it->code == 's' ? "argument for 's' must be a bytes object"
						      : "argument for 'p' must be a bytes object";
				break;
			}
			size_t n = v->u.str->len, cnt = it->count;
			if (it->code == 's') {
				memcpy(o + it->off, v->u.str->s, n < cnt ? n : cnt);
			} else if (cnt > 0) {
				size_t m = n < cnt - 1 ? n : cnt - 1;
				memcpy(o + it->off + 1, v->u.str->s, m);
				o[it->off] = (unsigned char)(m < 255 ? m : 255);
			}
			continue;
		}
		for (size_t j = 0; j < it->count && !msg; j++) {
			struct value *v = vals->u.seq.items[vi++];
			unsigned char *p = o + it->off + j * sz;
			int64_t i = 0;
			uint64_t u = 0;
			int isbig = 0, t, ovf;
			double d;
			switch (it->code) {
			case 'c':
				if (v->type != VT_BYTES || v->u.str->len != 1)
					msg = "char format requires a bytes object of length 1";
				else
					*p = (unsigned char)v->u.str->s[0];
				break;
			case '?':
				t = val_truth(ev, v);
				if (t < 0)
					goto fail;
				*p = (unsigned char)t;
				break;
			case 'e': case 'f': case 'd':
				if (v->type == VT_FLOAT)
					d = v->u.f;
				else if (v->type == VT_INT || v->type == VT_BOOL)
					d = (double)v->u.i;
				else if (v->type == VT_BIGINT) {
					if (big_to_double(ev, v, &d) < 0)
						goto fail;
				} else {
					msg = "required argument is not a float";
					break;
				}
				if (it->code == 'd') {
					memcpy(&u, &d, 8);
					put_uint(p, u, 8, lay.little);
				} else if (it->code == 'f') {
					float fl = (float)d;
					if (!lay.native && isinf(fl) && !isinf(d)) {
						err_set(ev, TY_OverflowError, "float too large to pack with f format");
						goto fail;
					}
					uint32_t w;
					memcpy(&w, &fl, 4);
					put_uint(p, w, 4, lay.little);
				} else {
					uint16_t h = to_half(d, &ovf);
					if (ovf) {
						err_set(ev, TY_OverflowError, "float too large to pack with e format");
						goto fail;
					}
					put_uint(p, h, 2, lay.little);
				}
				break;
			default:
				msg = int_of(ev, v, &i, &u, &isbig);
				if (!msg)
					msg = int_range(it->code, lay.native, sz, i, u, isbig);
				if (!msg)
					put_uint(p, isbig ? u : (uint64_t)i, sz, lay.little);
				break;
			}
		}
	}
	free(lay.items);
	if (msg) {
		val_decref(r);
		return errtext(ev, msg);
	}
	return r;
fail:
	free(lay.items);
	val_decref(r);
	return NULL;
}

/* _unpack(fmt, buffer, offset, from): the tuple, or the struct.error text */
PYFN(st_unpack)
{
	struct value *fmt, *buf, *offv, *fromv, *res;
	struct layout lay;
	if (args_parse(ev, "unpack", argc, argv, kw, "format,buffer,offset,from", &fmt, &buf, &offv, &fromv) < 0)
		return NULL;
	if (layout_of(ev, fmt, &lay, &res) < 0)
		return res;
	if (buf->type != VT_BYTES) {
		free(lay.items);
		return err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(buf));
	}
	if (offv->type != VT_INT && offv->type != VT_BOOL) {
		free(lay.items);
		return err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(offv));
	}
	int64_t len = (int64_t)buf->u.str->len, off = offv->u.i, size = (int64_t)lay.size;
	if (val_truth(ev, fromv) > 0) {
		if (off < 0) {
			if (off + len < 0) {
				snprintf(msgbuf, sizeof msgbuf, "offset %lld out of range for %lld-byte buffer",
					 (long long)off, (long long)len);
				free(lay.items);
				return errtext(ev, msgbuf);
			}
			off += len;
		}
		if (len - off < size) {
			snprintf(msgbuf, sizeof msgbuf, "unpack_from requires a buffer of at least %lld bytes "
					 "for unpacking %lld bytes at offset %lld (actual buffer size is %lld)",
					 (long long)(size + off), (long long)size, (long long)off, (long long)len);
			free(lay.items);
			return errtext(ev, msgbuf);
		}
	} else if (len != size) {
		snprintf(msgbuf, sizeof msgbuf, "unpack requires a buffer of %lld bytes", (long long)size);
		free(lay.items);
		return errtext(ev, msgbuf);
	}
	const unsigned char *s = (const unsigned char *)buf->u.str->s + off;
	struct value *out = val_list_new(0, NULL);
	if (!out) {
		free(lay.items);
		return err_nomem(ev);
	}
	for (size_t k = 0; k < lay.n; k++) {
		struct item *it = &lay.items[k];
		size_t sz = code_size(it->code, lay.native);
		struct value *v;
		if (it->code == 'x')
			continue;
		if (it->code == 's' || it->code == 'p') {
			const unsigned char *p = s + it->off;
			if (it->code == 's')
				v = val_bytes((const char *)p, it->count);
			else {
				size_t n = it->count ? p[0] : 0;
				if (it->count && n > it->count - 1)
					n = it->count - 1;
				v = val_bytes((const char *)p + 1, n);
			}
			if (!v || list_append(out, v) < 0)
				goto nomem;
			continue;
		}
		for (size_t j = 0; j < it->count; j++) {
			const unsigned char *p = s + it->off + j * sz;
			uint64_t u = get_uint(p, sz, lay.little);
			switch (it->code) {
			case 'c': v = val_bytes((const char *)p, 1); break;
			case '?': v = val_bool(*p != 0); break;
			case 'e': v = val_float(from_half((uint16_t)u)); break;
			case 'f': {
				uint32_t w = (uint32_t)u;
				float fl;
				memcpy(&fl, &w, 4);
				v = val_float(fl);
				break;
			}
			case 'd': {
				double d;
				memcpy(&d, &u, 8);
				v = val_float(d);
				break;
			}
			case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': case 'P':
				v = u > (uint64_t)INT64_MAX ? big_from_uint64(ev, u) : val_int((int64_t)u);
				break;
			default:
				if (sz < 8 && (u >> (8 * sz - 1)) & 1)
					u |= ~(uint64_t)0 << (8 * sz);
				v = val_int((int64_t)u);
				break;
			}
			if (!v || list_append(out, v) < 0)
				goto nomem;
		}
	}
	free(lay.items);
	size_t n = out->u.seq.n;
	out->u.seq.n = 0;  /* the tuple takes the items' references */
	struct value *tup = val_tuple_new(n, out->u.seq.items);
	val_decref(out);
	return tup ? tup : err_nomem(ev);
nomem:
	free(lay.items);
	val_decref(out);
	return err_occurred(ev) ? NULL : err_nomem(ev);
}

static const char struct_src[] =
	"class error(Exception):\n"
	"    pass\n"
	"\n"
	"\n"
	"error.__module__ = 'struct'\n"
	"\n"
	"\n"
	"def _check(r):\n"
	"    if isinstance(r, str):\n"
	"        raise error(r)\n"
	"    return r\n"
	"\n"
	"\n"
	"def calcsize(format):\n"
	"    return _check(_calcsize(format))\n"
	"\n"
	"\n"
	"def pack(format, *v):\n"
	"    return _check(_pack(format, v))\n"
	"\n"
	"\n"
	"def unpack(format, buffer):\n"
	"    return _check(_unpack(format, buffer, 0, False))\n"
	"\n"
	"\n"
	"def unpack_from(format, buffer, offset=0):\n"
	"    return _check(_unpack(format, buffer, offset, True))\n"
	"\n"
	"\n"
	"def iter_unpack(format, buffer):\n"
	"    size = calcsize(format)\n"
	"    if not isinstance(buffer, bytes):\n"
	"        raise TypeError(\"a bytes-like object is required, not '%s'\" % type(buffer).__name__)\n"
	"    if size == 0:\n"
	"        raise error('cannot iteratively unpack with a struct of length 0')\n"
	"    if len(buffer) % size:\n"
	"        raise error('iterative unpacking requires a buffer of a multiple of %d bytes' % size)\n"
	"    return iter([unpack(format, buffer[i:i + size]) for i in range(0, len(buffer), size)])\n"
	"\n"
	"\n"
	"def pack_into(format, buffer, offset, *v):\n"
	"    raise NotImplementedError('struct.pack_into needs a writable buffer (bytearray), which Lumen does not have')\n"
	"\n"
	"\n"
	"class Struct:\n"
	"    def __init__(self, format):\n"
	"        self.size = calcsize(format)\n"
	"        self.format = format.decode('ascii') if isinstance(format, bytes) else format\n"
	"\n"
	"    def pack(self, *v):\n"
	"        return pack(self.format, *v)\n"
	"\n"
	"    def unpack(self, buffer):\n"
	"        return unpack(self.format, buffer)\n"
	"\n"
	"    def unpack_from(self, buffer, offset=0):\n"
	"        return unpack_from(self.format, buffer, offset)\n"
	"\n"
	"    def iter_unpack(self, buffer):\n"
	"        return iter_unpack(self.format, buffer)\n"
	"\n"
	"    def pack_into(self, buffer, offset, *v):\n"
	"        return pack_into(self.format, buffer, offset, *v)\n";

struct value *struct_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {
		{"_calcsize", st_calcsize}, {"_pack", st_pack}, {"_unpack", st_unpack},
	};
	return pylib_source_module(ev, name, struct_src, fns, sizeof fns / sizeof fns[0]);
}
