/*
 * json.c — the json module: dumps/dump (indent, separators, sort_keys,
 * ensure_ascii, allow_nan, default) writing Python values exactly as CPython's
 * encoder does, and loads/load, a recursive-descent parser with CPython's
 * JSONDecodeError messages ("Expecting value: line 1 column 1 (char 0)").
 * Files are reached through their write()/read() methods; owns nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "pyobj/bigint.h"
#include "array/dtype.h"

struct enc {
	struct sbuf b;
	const char *indent;     /* NULL: one line */
	const char *item_sep, *key_sep;
	int sort_keys, ensure_ascii, allow_nan, skipkeys;
	struct value *dflt;     /* default= callable or NULL */
	int depth;
};

static void put_utf8_escaped(struct sbuf *b, const char *s, size_t n, int ensure_ascii)
{
	sb_addc(b, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '"': sb_adds(b, "\\\""); continue;
		case '\\': sb_adds(b, "\\\\"); continue;
		case '\n': sb_adds(b, "\\n"); continue;
		case '\r': sb_adds(b, "\\r"); continue;
		case '\t': sb_adds(b, "\\t"); continue;
		case '\b': sb_adds(b, "\\b"); continue;
		case '\f': sb_adds(b, "\\f"); continue;
		default: break;
		}
		if (c < 0x20 || (ensure_ascii && c == 0x7f && 0)) {
			sb_printf(b, "\\u%04x", c);
			continue;
		}
		if (c < 0x80 || !ensure_ascii) {
			sb_addc(b, (char)c);
			continue;
		}
		/* decode one UTF-8 code point */
		uint32_t cp;
		int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		cp = c & (len == 4 ? 0x07 : len == 3 ? 0x0F : 0x1F);
		for (int k = 1; k < len && i + 1 < n; k++)
			cp = (cp << 6) | ((unsigned char)s[++i] & 0x3F);
		if (cp >= 0x10000) {
			cp -= 0x10000;
			sb_printf(b, "\\u%04x\\u%04x", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
		} else {
			sb_printf(b, "\\u%04x", cp);
		}
	}
	sb_addc(b, '"');
}

static void newline_indent(struct enc *e)
{
	sb_addc(&e->b, '\n');
	for (int i = 0; i < e->depth; i++)
		sb_adds(&e->b, e->indent);
}

static int put_float(struct eval *ev, struct enc *e, double d)
{
	if (!isfinite(d)) {
		if (!e->allow_nan) {
			err_set(ev, TY_ValueError, "Out of range float values are not JSON compliant");
			return -1;
		}
		sb_adds(&e->b, isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
		return 0;
	}
	char *r = fmt_float_repr(d, 1);
	if (!r) {
		err_nomem(ev);
		return -1;
	}
	sb_adds(&e->b, r);
	free(r);
	return 0;
}

static int encode(struct eval *ev, struct enc *e, struct value *v);

/* a dict key as JSON's string, or 1 to skip it, -1 on error */
static int put_key(struct eval *ev, struct enc *e, struct value *k)
{
	switch (k->type) {
	case VT_STR:
		put_utf8_escaped(&e->b, k->u.str->s, k->u.str->len, e->ensure_ascii);
		return 0;
	case VT_BOOL:
		sb_adds(&e->b, k->u.i ? "\"true\"" : "\"false\"");
		return 0;
	case VT_NONE:
		sb_adds(&e->b, "\"null\"");
		return 0;
	case VT_INT:
		sb_printf(&e->b, "\"%lld\"", (long long)k->u.i);
		return 0;
	case VT_FLOAT: case VT_BIGINT: {
		struct enc tmp = *e;
		tmp.b = (struct sbuf){0};
		int r = encode(ev, &tmp, k);
		if (r == 0) {
			sb_addc(&e->b, '"');
			sb_add(&e->b, tmp.b.s, tmp.b.n);
			sb_addc(&e->b, '"');
		}
		free(tmp.b.s);
		return r;
	}
	default:
		if (e->skipkeys)
			return 1;
		err_set(ev, TY_TypeError, "keys must be str, int, float, bool or None, not %s", val_type_name(k));
		return -1;
	}
}

static int encode_seq(struct eval *ev, struct enc *e, struct value **items, size_t n)
{
	if (!n) {
		sb_adds(&e->b, "[]");
		return 0;
	}
	sb_addc(&e->b, '[');
	e->depth++;
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_adds(&e->b, e->item_sep);
		if (e->indent)
			newline_indent(e);
		if (encode(ev, e, items[i]) < 0)
			return -1;
	}
	e->depth--;
	if (e->indent)
		newline_indent(e);
	sb_addc(&e->b, ']');
	return 0;
}

static int encode_dict(struct eval *ev, struct enc *e, struct value *d)
{
	if (!d->u.dict->nused) {
		sb_adds(&e->b, "{}");
		return 0;
	}
	struct value *keys = val_iter_list(ev, d);
	if (!keys)
		return -1;
	if (e->sort_keys && builtins_sort_list(ev, keys, NULL, 0) < 0) {
		val_decref(keys);
		return -1;
	}
	sb_addc(&e->b, '{');
	e->depth++;
	int first = 1, rc = 0;
	for (size_t i = 0; rc == 0 && i < keys->u.seq.n; i++) {
		struct value *k = keys->u.seq.items[i];
		size_t mark = e->b.n;
		if (!first)
			sb_adds(&e->b, e->item_sep);
		if (e->indent)
			newline_indent(e);
		int r = put_key(ev, e, k);
		if (r < 0) {
			rc = -1;
			break;
		}
		if (r == 1) {
			e->b.n = mark;
			continue;
		}
		first = 0;
		sb_adds(&e->b, e->key_sep);
		struct value *v = dict_get_borrow(d, k);
		rc = v ? encode(ev, e, v) : -1;
	}
	val_decref(keys);
	if (rc < 0)
		return -1;
	e->depth--;
	if (e->indent)
		newline_indent(e);
	sb_addc(&e->b, '}');
	return 0;
}

static int encode(struct eval *ev, struct enc *e, struct value *v)
{
	if (e->depth > 900) {
		err_set(ev, TY_ValueError, "Circular reference detected");
		return -1;
	}
	switch (v->type) {
	case VT_NONE: sb_adds(&e->b, "null"); return 0;
	case VT_BOOL: sb_adds(&e->b, v->u.i ? "true" : "false"); return 0;
	case VT_INT: sb_printf(&e->b, "%lld", (long long)v->u.i); return 0;
	case VT_BIGINT: {
		char *r = val_repr(ev, v);
		if (!r)
			return -1;
		sb_adds(&e->b, r);
		free(r);
		return 0;
	}
	case VT_FLOAT: return put_float(ev, e, v->u.f);
	case VT_STR:
		put_utf8_escaped(&e->b, v->u.str->s, v->u.str->len, e->ensure_ascii);
		return 0;
	case VT_LIST: case VT_TUPLE:
		return encode_seq(ev, e, v->u.seq.items, v->u.seq.n);
	case VT_DICT:
		return encode_dict(ev, e, v);
	case VT_SCALAR:
		if (v->u.sc.dtype == DT_FLOAT64) /* np.float64 is a float subclass */
			return put_float(ev, e, v->u.sc.v.f);
		break;
	default:
		break;
	}
	if (e->dflt) {
		struct value *r = val_call(ev, e->dflt, 1, &v, NULL);
		if (!r)
			return -1;
		e->depth++;
		int rc = encode(ev, e, r);
		e->depth--;
		val_decref(r);
		return rc;
	}
	const char *tn = val_type_name(v), *dot = strrchr(tn, '.');
	err_set(ev, TY_TypeError, "Object of type %s is not JSON serializable", dot ? dot + 1 : tn);
	return -1;
}

/* the encoder options from dumps' keywords; 0 or -1 */
static int enc_setup(struct eval *ev, struct enc *e, struct value *indent, struct value *seps, struct value *sk,
		     struct value *ea, struct value *an, struct value *skip, struct value *dflt, char *ibuf, size_t ibn)
{
	memset(e, 0, sizeof *e);
	if (args_bool(ev, sk, 0, &e->sort_keys) < 0 || args_bool(ev, ea, 1, &e->ensure_ascii) < 0 ||
	    args_bool(ev, an, 1, &e->allow_nan) < 0 || args_bool(ev, skip, 0, &e->skipkeys) < 0)
		return -1;
	if (indent && indent->type != VT_NONE) {
		if (indent->type == VT_STR) {
			e->indent = indent->u.str->s;
		} else {
			int64_t n;
			if (val_as_int64(ev, indent, &n) < 0)
				return -1;
			if (n < 0)
				n = 0;
			if ((size_t)n >= ibn)
				n = (int64_t)ibn - 1;
			memset(ibuf, ' ', (size_t)n);
			ibuf[n] = 0;
			e->indent = ibuf;
		}
	}
	e->item_sep = e->indent ? "," : ", ";
	e->key_sep = ": ";
	if (seps && seps->type != VT_NONE) {
		if ((seps->type != VT_TUPLE && seps->type != VT_LIST) || seps->u.seq.n != 2 ||
		    seps->u.seq.items[0]->type != VT_STR || seps->u.seq.items[1]->type != VT_STR) {
			err_set(ev, TY_ValueError, "separators must be a (item_separator, key_separator) pair of str");
			return -1;
		}
		e->item_sep = seps->u.seq.items[0]->u.str->s;
		e->key_sep = seps->u.seq.items[1]->u.str->s;
	}
	e->dflt = dflt && dflt->type != VT_NONE ? dflt : NULL;
	return 0;
}

#define DUMPS_KW "$skipkeys,ensure_ascii,check_circular,allow_nan,cls,indent,separators,default,sort_keys"

static struct value *dumps_value(struct eval *ev, struct value *obj, struct value **o)
{
	char ibuf[256];
	struct enc e;
	if (o[4] && o[4]->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "json: cls= (a custom encoder class) is not supported");
	if (enc_setup(ev, &e, o[5], o[6], o[8], o[1], o[3], o[0], o[7], ibuf, sizeof ibuf) < 0)
		return NULL;
	if (encode(ev, &e, obj) < 0) {
		free(e.b.s);
		return NULL;
	}
	if (!e.b.s)
		return val_cstr("");
	char *s = sb_take(&e.b);
	return s ? val_str_take(s, strlen(s)) : err_nomem(ev);
}

PYFN(json_dumps)
{
	struct value *obj = NULL, *o[9] = {0};
	if (args_parse(ev, "dumps", argc, argv, kw, "obj" DUMPS_KW, &obj, &o[0], &o[1], &o[2], &o[3], &o[4],
		       &o[5], &o[6], &o[7], &o[8]) < 0)
		return NULL;
	return dumps_value(ev, obj, o);
}

PYFN(json_dump)
{
	struct value *obj = NULL, *fp = NULL, *o[9] = {0};
	if (args_parse(ev, "dump", argc, argv, kw, "obj,fp" DUMPS_KW, &obj, &fp, &o[0], &o[1], &o[2], &o[3],
		       &o[4], &o[5], &o[6], &o[7], &o[8]) < 0)
		return NULL;
	struct value *s = dumps_value(ev, obj, o);
	if (!s)
		return NULL;
	struct value *w = val_getattr(ev, fp, "write"), *r = w ? pylib_call1(ev, w, s) : NULL;
	val_decref(w);
	val_decref(s);
	if (!r)
		return NULL;
	val_decref(r);
	return val_none();
}

/* ---- decoding ---- */

struct dec {
	const char *s;
	size_t n, i;
	int depth;
};

static void *dec_error(struct eval *ev, struct dec *d, const char *msg, size_t at)
{
	size_t line = 1, last_nl = (size_t)-1;
	for (size_t k = 0; k < at && k < d->n; k++)
		if (d->s[k] == '\n') {
			line++;
			last_nl = k;
		}
	size_t pos = utf8_len(d->s, at);
	size_t col = last_nl == (size_t)-1 ? pos + 1 : pos - utf8_len(d->s, last_nl + 1) + 1;
	err_set(ev, TY_JSONDecodeError, "%s: line %zu column %zu (char %zu)", msg, line, col, pos);
	return NULL;
}

static void skip_ws(struct dec *d)
{
	while (d->i < d->n && (d->s[d->i] == ' ' || d->s[d->i] == '\t' || d->s[d->i] == '\n' || d->s[d->i] == '\r'))
		d->i++;
}

static void put_cp(struct sbuf *b, uint32_t cp)
{
	if (cp < 0x80) {
		sb_addc(b, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(b, (char)(0xC0 | (cp >> 6)));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sb_addc(b, (char)(0xE0 | (cp >> 12)));
		sb_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else {
		sb_addc(b, (char)(0xF0 | (cp >> 18)));
		sb_addc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
		sb_addc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	}
}

static int hex4(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	for (int k = 0; k < 4; k++) {
		char c = s[k];
		v <<= 4;
		if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
		else return -1;
	}
	*out = v;
	return 0;
}

/* a string; d->i at the opening quote */
static struct value *dec_string(struct eval *ev, struct dec *d)
{
	size_t start = d->i++;
	struct sbuf b = {0};
	for (;;) {
		if (d->i >= d->n) {
			free(b.s);
			return dec_error(ev, d, "Unterminated string starting at", start);
		}
		unsigned char c = (unsigned char)d->s[d->i];
		if (c == '"') {
			d->i++;
			break;
		}
		if (c < 0x20) {
			free(b.s);
			return dec_error(ev, d, "Invalid control character at", d->i);
		}
		if (c != '\\') {
			sb_addc(&b, (char)c);
			d->i++;
			continue;
		}
		if (d->i + 1 >= d->n) {
			free(b.s);
			return dec_error(ev, d, "Unterminated string starting at", start);
		}
		char e = d->s[d->i + 1];
		const char *map = strchr("\"\\/bfnrt", e);
		if (map && e) {
			static const char out[] = "\"\\/\b\f\n\r\t";
			sb_addc(&b, out[map - "\"\\/bfnrt"]);
			d->i += 2;
			continue;
		}
		if (e != 'u') {
			free(b.s);
			return dec_error(ev, d, "Invalid \\escape", d->i);
		}
		uint32_t cp;
		if (d->i + 6 > d->n || hex4(d->s + d->i + 2, &cp) < 0) {
			free(b.s);
			return dec_error(ev, d, "Invalid \\uXXXX escape", d->i + 1);
		}
		d->i += 6;
		uint32_t lo;
		if (cp >= 0xD800 && cp < 0xDC00 && d->i + 6 <= d->n && d->s[d->i] == '\\' && d->s[d->i + 1] == 'u' &&
		    hex4(d->s + d->i + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
			cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			d->i += 6;
		}
		put_cp(&b, cp);
	}
	if (!b.s)
		return val_cstr("");
	size_t len = b.n;
	char *s = sb_take(&b);
	return s ? val_str_take(s, len) : err_nomem(ev);
}

static struct value *dec_value(struct eval *ev, struct dec *d);

static struct value *dec_number(struct eval *ev, struct dec *d)
{
	size_t st = d->i, k = d->i;
	int isfloat = 0;
	if (k < d->n && d->s[k] == '-')
		k++;
	if (k >= d->n || d->s[k] < '0' || d->s[k] > '9')
		return dec_error(ev, d, "Expecting value", st);
	if (d->s[k] == '0')
		k++;
	else
		while (k < d->n && d->s[k] >= '0' && d->s[k] <= '9')
			k++;
	if (k + 1 < d->n && d->s[k] == '.' && d->s[k + 1] >= '0' && d->s[k + 1] <= '9') {
		isfloat = 1;
		k++;
		while (k < d->n && d->s[k] >= '0' && d->s[k] <= '9')
			k++;
	}
	if (k < d->n && (d->s[k] == 'e' || d->s[k] == 'E')) {
		size_t j = k + 1;
		if (j < d->n && (d->s[j] == '+' || d->s[j] == '-'))
			j++;
		if (j < d->n && d->s[j] >= '0' && d->s[j] <= '9') {
			isfloat = 1;
			k = j;
			while (k < d->n && d->s[k] >= '0' && d->s[k] <= '9')
				k++;
		}
	}
	char *txt = strndup(d->s + st, k - st);
	if (!txt)
		return err_nomem(ev);
	d->i = k;
	struct value *r;
	if (isfloat) {
		r = val_float(strtod(txt, NULL));
	} else if (k - st < 19) {
		r = val_int(strtoll(txt, NULL, 10));
	} else {
		r = big_from_digits(ev, txt + (txt[0] == '-'), 10, txt[0] == '-');
	}
	free(txt);
	return r;
}

static struct value *dec_value(struct eval *ev, struct dec *d)
{
	skip_ws(d);
	if (d->i >= d->n)
		return dec_error(ev, d, "Expecting value", d->i);
	if (++d->depth > 900) {
		err_set(ev, TY_RecursionError, "maximum recursion depth exceeded while decoding a JSON document");
		return NULL;
	}
	const char *p = d->s + d->i;
	size_t left = d->n - d->i;
	struct value *r = NULL;
	switch (*p) {
	case '"':
		r = dec_string(ev, d);
		break;
	case '{': {
		size_t open = d->i;
		(void)open;
		d->i++;
		r = val_dict_new();
		if (!r)
			return err_nomem(ev);
		skip_ws(d);
		if (d->i < d->n && d->s[d->i] == '}') {
			d->i++;
			break;
		}
		for (;;) {
			skip_ws(d);
			if (d->i >= d->n || d->s[d->i] != '"') {
				val_decref(r);
				return dec_error(ev, d, "Expecting property name enclosed in double quotes", d->i);
			}
			struct value *k = dec_string(ev, d);
			if (!k) {
				val_decref(r);
				return NULL;
			}
			skip_ws(d);
			if (d->i >= d->n || d->s[d->i] != ':') {
				val_decref(k);
				val_decref(r);
				return dec_error(ev, d, "Expecting ':' delimiter", d->i);
			}
			d->i++;
			struct value *v = dec_value(ev, d);
			int rc = v ? dict_set(ev, r, k, v) : -1;
			val_decref(k);
			val_decref(v);
			if (rc < 0) {
				val_decref(r);
				return NULL;
			}
			skip_ws(d);
			if (d->i < d->n && d->s[d->i] == '}') {
				d->i++;
				break;
			}
			if (d->i >= d->n || d->s[d->i] != ',') {
				val_decref(r);
				return dec_error(ev, d, "Expecting ',' delimiter", d->i);
			}
			d->i++;
			skip_ws(d);
			if (d->i >= d->n || d->s[d->i] != '"') {
				val_decref(r);
				return dec_error(ev, d, "Expecting property name enclosed in double quotes", d->i);
			}
		}
		break;
	}
	case '[':
		d->i++;
		r = val_list_new(0, NULL);
		if (!r)
			return err_nomem(ev);
		skip_ws(d);
		if (d->i < d->n && d->s[d->i] == ']') {
			d->i++;
			break;
		}
		for (;;) {
			struct value *v = dec_value(ev, d);
			if (!v || list_append(r, v) < 0) {
				val_decref(r);
				return err_occurred(ev) ? NULL : err_nomem(ev);
			}
			skip_ws(d);
			if (d->i < d->n && d->s[d->i] == ']') {
				d->i++;
				break;
			}
			if (d->i >= d->n || d->s[d->i] != ',') {
				val_decref(r);
				return dec_error(ev, d, "Expecting ',' delimiter", d->i);
			}
			d->i++;
		}
		break;
	default:
		if (left >= 4 && !strncmp(p, "null", 4)) {
			d->i += 4;
			r = val_none();
		} else if (left >= 4 && !strncmp(p, "true", 4)) {
			d->i += 4;
			r = val_bool(1);
		} else if (left >= 5 && !strncmp(p, "false", 5)) {
			d->i += 5;
			r = val_bool(0);
		} else if (left >= 3 && !strncmp(p, "NaN", 3)) {
			d->i += 3;
			r = val_float(NAN);
		} else if (left >= 8 && !strncmp(p, "Infinity", 8)) {
			d->i += 8;
			r = val_float(INFINITY);
		} else if (left >= 9 && !strncmp(p, "-Infinity", 9)) {
			d->i += 9;
			r = val_float(-INFINITY);
		} else {
			r = dec_number(ev, d);
		}
	}
	d->depth--;
	return r;
}

static struct value *loads_str(struct eval *ev, struct value *s)
{
	if (s->type != VT_STR && s->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "the JSON object must be str, bytes or bytearray, not %s", val_type_name(s));
	struct dec d = { s->u.str->s, s->u.str->len, 0, 0 };
	if (d.n >= 3 && !memcmp(d.s, "\xEF\xBB\xBF", 3) && s->type == VT_STR)
		return dec_error(ev, &d, "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
	struct value *r = dec_value(ev, &d);
	if (!r)
		return NULL;
	skip_ws(&d);
	if (d.i < d.n) {
		val_decref(r);
		return dec_error(ev, &d, "Extra data", d.i);
	}
	return r;
}

PYFN(json_loads)
{
	struct value *s = NULL, *o[7] = {0};
	if (args_parse(ev, "loads", argc, argv, kw, "s$cls,object_hook,parse_float,parse_int,parse_constant,object_pairs_hook,encoding",
		       &s, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6]) < 0)
		return NULL;
	for (int i = 0; i < 6; i++)
		if (o[i] && o[i]->type != VT_NONE)
			return err_set(ev, TY_NotImplementedError, "json.loads: hooks and cls= are not supported");
	return loads_str(ev, s);
}

PYFN(json_load)
{
	struct value *fp = NULL, *o[6] = {0};
	if (args_parse(ev, "load", argc, argv, kw, "fp$cls,object_hook,parse_float,parse_int,parse_constant,object_pairs_hook",
		       &fp, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5]) < 0)
		return NULL;
	for (int i = 0; i < 6; i++)
		if (o[i] && o[i]->type != VT_NONE)
			return err_set(ev, TY_NotImplementedError, "json.load: hooks and cls= are not supported");
	struct value *rd = val_getattr(ev, fp, "read"), *s = rd ? val_call(ev, rd, 0, NULL, NULL) : NULL;
	val_decref(rd);
	if (!s)
		return NULL;
	struct value *r = loads_str(ev, s);
	val_decref(s);
	return r;
}

static const struct pyfn json_fns[] = {
	{"dumps", json_dumps}, {"dump", json_dump}, {"loads", json_loads}, {"load", json_load},
};

struct value *json_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "json", json_fns, sizeof json_fns / sizeof json_fns[0]);
	if (m && pylib_add(ev, m, "JSONDecodeError", val_type(TY_JSONDecodeError)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
