/*
 * textio.c — NumPy's text I/O on host arrays: np.loadtxt (NumPy 2's reader:
 * its options, messages and warnings), np.genfromtxt (numeric columns:
 * missing and filling values, skip_header/footer, dtype=None inference),
 * np.savetxt (fmt, delimiter, newline, header, footer, comments) and
 * np.fromstring(..., sep=...), np.fromregex's checks (it needs structured
 * dtypes: NotImplementedError).  Files are paths, file objects (open(),
 * io.StringIO: anything iterable by lines or with write), lists or generators
 * of lines.  Tokenizing and field parsing live in txtparse.c.  String and
 * structured dtypes are outside the array core: a NotImplementedError.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/strbuf.h"
#include "lib/text/txtparse.h"
#include "lib/text/textio_int.h"
#include "pyobj/bytesobj.h"

/* ---- the input: a path, or an iterable of lines ---- */

static int src_next(void *ctx, const char **p, size_t *len, int *line)
{
	struct lines_src *s = ctx;
	const char *b;
	size_t n;
	if (s->text) {
		const char *all = s->text->u.str->s;
		size_t tl = s->text->u.str->len;
		if (s->pos >= tl)
			return 0;
		if (!s->by_line) {
			*p = all + s->pos;
			*len = tl - s->pos;
			*line = 0;
			s->pos = tl;
			return 1;
		}
		/* universal newlines: \n, \r\n, \r end a line (kept) */
		size_t i = s->pos;
		while (i < tl && all[i] != '\n' && all[i] != '\r')
			i++;
		if (i < tl)
			i += (all[i] == '\r' && i + 1 < tl && all[i + 1] == '\n') ? 2 : 1;
		b = all + s->pos;
		n = i - s->pos;
		s->pos = i;
	} else {
		struct value *v = val_next(s->ev, s->it);
		if (!v)
			return err_occurred(s->ev) ? -1 : 0;
		val_decref(s->cur);
		s->cur = NULL;
		if (v->type == VT_BYTES) {
			/* decoded as latin-1 */
			struct value *enc = val_cstr("latin1");
			struct value *d = enc ? bytes_str_call(s->ev, v, enc, NULL) : NULL;
			val_decref(enc);
			val_decref(v);
			if (!d)
				return -1;
			v = d;
		} else if (v->type != VT_STR) {
			val_decref(v);
			err_set(s->ev, TY_TypeError, "non-string returned while reading data");
			return -1;
		}
		s->cur = v;
		b = v->u.str->s;
		n = v->u.str->len;
	}
	if (s->comments) {
		/* line.split(c, 1)[0] for each comment string, in order */
		for (size_t k = 0; k < s->comments->u.seq.n; k++) {
			struct str *c = s->comments->u.seq.items[k]->u.str;
			if (!c->len || c->len > n)
				continue;
			for (size_t i = 0; i + c->len <= n; i++)
				if (!memcmp(b + i, c->s, c->len)) {
					n = i;
					break;
				}
		}
	}
	*p = b;
	*len = n;
	*line = 1;
	return 1;
}

static void src_close(struct lines_src *s)
{
	val_decref(s->text);
	val_decref(s->it);
	val_decref(s->cur);
	val_decref(s->comments);
	free(s->cut);
}

/* str(f) for a pathlib path, else a new reference to f */
static struct value *fspath(struct eval *ev, struct value *f)
{
	if (f->type == VT_OBJECT && f->u.obj.t->name && strstr(f->u.obj.t->name, "Path") &&
	    f->u.obj.t->str) {
		char *s = val_str_of(ev, f);
		return s ? val_str_take(s, strlen(s)) : NULL;
	}
	return val_incref(f);
}

/* NumPy opens .gz/.bz2/.xz paths through their decompressors: named here */
static int compressed_path(struct eval *ev, const char *fn, const char *path)
{
	static const char *const ext[] = {".gz", ".bz2", ".xz", ".zip", NULL};
	size_t n = strlen(path);
	for (int i = 0; ext[i]; i++) {
		size_t e = strlen(ext[i]);
		if (n > e && !strcmp(path + n - e, ext[i])) {
			err_set(ev, TY_NotImplementedError, "%s: compressed files ('%s') are not supported by Lumen; decompress it first",
				fn, ext[i]);
			return -1;
		}
	}
	return 0;
}

/* The file's bytes decoded by `encoding` (a str value, or NULL: UTF-8). */
static struct value *read_text(struct eval *ev, const char *path, struct value *encoding)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		int e = errno;
		if (e == ENOENT)
			return err_set(ev, TY_FileNotFoundError, "%s not found.", path);
		return err_set(ev, TY_OSError, "[Errno %d] %s: '%s'", e, strerror(e), path);
	}
	struct sbuf sb = {0};
	char chunk[65536];
	size_t r;
	while ((r = fread(chunk, 1, sizeof chunk, fp)) > 0)
		sb_add(&sb, chunk, r);
	fclose(fp);
	if (sb.oom) {
		free(sb.s);
		return err_nomem(ev);
	}
	struct value *bytes = val_bytes(sb.s ? sb.s : "", sb.n);
	free(sb.s);
	if (!bytes)
		return err_nomem(ev);
	struct value *enc = encoding && encoding->type == VT_STR && strcmp(encoding->u.str->s, "bytes")
		? val_incref(encoding) : val_cstr("utf-8");
	struct value *text = enc ? bytes_str_call(ev, bytes, enc, NULL) : NULL;
	val_decref(enc);
	val_decref(bytes);
	return text;
}

/* Opens fname as the source; by_line: a file is read line by line. */
static int src_open(struct eval *ev, const char *fn, struct lines_src *s, struct value *fname,
		    struct value *encoding, int by_line)
{
	memset(s, 0, sizeof *s);
	s->ev = ev;
	s->fn = fn;
	struct value *f = fspath(ev, fname);
	if (!f)
		return -1;
	if (f->type == VT_STR) {
		if (compressed_path(ev, fn, f->u.str->s) < 0) {
			val_decref(f);
			return -1;
		}
		s->text = read_text(ev, f->u.str->s, encoding);
		s->by_line = by_line;
		val_decref(f);
		return s->text ? 0 : -1;
	}
	s->it = val_iter(ev, f);
	val_decref(f);
	if (!s->it) {
		if (err_occurred(ev)) {
			struct value *e = err_fetch(ev);
			if (e && e->type == VT_EXCEPTION && e->u.exc.type != TY_TypeError) {
				err_set_value(ev, e);
				return -1;
			}
			val_decref(e);
		}
		err_set(ev, TY_ValueError, "fname must be a string, filehandle, list of strings,\nor generator. Got <class '%s'> instead.",
			val_type_name(fname));
		return -1;
	}
	return 0;
}

/* ---- values into array elements ---- */

/* Python's float(s), int(s), complex(s) and numpy's str2bool on a field */
enum gkind { G_BOOL, G_INT, G_FLOAT, G_COMPLEX, G_STR };

/* s without the underscores Python allows between digits; NULL if misplaced */
static int no_underscores(char *s, size_t *n)
{
	size_t k = 0;
	for (size_t i = 0; i < *n; i++) {
		if (s[i] == '_') {
			int dl = i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9';
			int dr = i + 1 < *n && s[i + 1] >= '0' && s[i + 1] <= '9';
			if (!dl || !dr)
				return -1;
			continue;
		}
		s[k++] = s[i];
	}
	s[k] = 0;
	*n = k;
	return 0;
}

/* [sign] digits, nothing else (after stripping) */
static int int_literal(const char *s, size_t n)
{
	size_t i = 0;
	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	if (i == n)
		return 0;
	for (; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* converts with Python's rules for the kind: 0; -1 not a value of the kind;
 * -2 an int literal past int64 */
static int py_convert(enum gkind k, const char *s, size_t n, struct npscalar *v)
{
	char stack[256], *c = n < sizeof stack ? stack : malloc(n + 1);
	size_t m;
	int rc = -1;
	if (!c)
		return -1;
	m = txt_py_ascii(s, n, c);
	/* strip */
	size_t a = 0;
	while (a < m && txt_is_space((unsigned char)c[a]))
		a++;
	while (m > a && txt_is_space((unsigned char)c[m - 1]))
		m--;
	char *t = c + a;
	m -= a;
	t[m] = 0;
	if (k == G_BOOL) {
		/* numpy's str2bool: the whole text, unstripped */
		if (n == 4 && !strncasecmp(s, "true", 4))
			v->v.b = 1, v->dtype = DT_BOOL, rc = 0;
		else if (n == 5 && !strncasecmp(s, "false", 5))
			v->v.b = 0, v->dtype = DT_BOOL, rc = 0;
	} else if (no_underscores(t, &m) == 0 && m) {
		if (k == G_INT) {
			v->dtype = DT_INT64;
			rc = txt_parse_int(t, m, INT64_MIN, INT64_MAX, &v->v.i);
			if (rc < 0 && int_literal(t, m))
				rc = -2;
		} else if (k == G_FLOAT) {
			v->dtype = DT_FLOAT64;
			rc = txt_parse_double(t, m, &v->v.f);
		} else if (k == G_COMPLEX) {
			double re, im;
			v->dtype = DT_COMPLEX128;
			rc = txt_parse_pycomplex(t, m, &re, &im);
			if (rc == 0)
				v->v.c = CMPLX(re, im);
		}
	}
	if (c != stack)
		free(c);
	return rc;
}

static int int_fits(int64_t x, int dt)
{
	int bits = dt_size(dt) * 8;
	if (dtype_table[dt].kind == DK_UINT)
		return x >= 0 && (bits == 64 || x < ((int64_t)1 << bits));
	if (bits == 64)
		return 1;
	return x >= -((int64_t)1 << (bits - 1)) && x < ((int64_t)1 << (bits - 1));
}


/* Parses field s[0..n) as dtype dt into p; 0 or -1 (no error set). */
static int field_store(int dt, const char *s, size_t n, char *p, int imag)
{
	struct npscalar v;
	v.dtype = dt;
	switch (dtype_table[dt].kind) {
	case DK_BOOL: {
		int64_t x;
		if (txt_parse_int(s, n, INT64_MIN, INT64_MAX, &x) < 0)
			return -1;
		*(unsigned char *)p = x != 0;
		return 0;
	}
	case DK_INT: {
		int bits = dt_size(dt) * 8;
		int64_t hi = bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1, x;
		if (txt_parse_int(s, n, -hi - 1, hi, &x) < 0)
			return -1;
		v.v.i = x;
		break;
	}
	case DK_UINT: {
		int bits = dt_size(dt) * 8;
		uint64_t hi = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1, x;
		if (txt_parse_uint(s, n, hi, &x) < 0)
			return -1;
		v.v.u = x;
		break;
	}
	case DK_FLOAT: {
		double x;
		if (dt == DT_FLOAT16) {
			/* NumPy reads float16 through Python's float() */
			struct npscalar f;
			if (py_convert(G_FLOAT, s, n, &f) < 0)
				return -1;
			x = f.v.f;
		} else if (txt_parse_double(s, n, &x) < 0)
			return -1;
		v.v.f = dt == DT_FLOAT32 ? (double)(float)x : x;
		break;
	}
	default: {
		double re, im;
		if (txt_parse_complex(s, n, imag, &re, &im) < 0)
			return -1;
		if (dt == DT_COMPLEX64)
			re = (float)re, im = (float)im;
		v.v.c = CMPLX(re, im);
		break;
	}
	}
	arr_scalar_store(dt, p, &v);
	return 0;
}

/* A converter's result x stored as dtype dt; 0 or -1 with the error set. */
static int value_store(struct eval *ev, int dt, struct value *x, char *p, int imag)
{
	struct npscalar s, c;
	int pyclass;
	if (x->type == VT_STR) {
		struct npscalar pv;
		enum gkind k = dtype_table[dt].kind == DK_BOOL ? G_BOOL : dt_is_int(dt) ? G_INT
			: dt_is_complex(dt) ? G_COMPLEX : G_FLOAT;
		if (k == G_BOOL) {
			/* NumPy's bool setitem: the str's truth */
			*(unsigned char *)p = x->u.str->len != 0;
			return 0;
		}
		if (py_convert(k, x->u.str->s, x->u.str->len, &pv) == 0 &&
		      (k != G_INT || int_fits(pv.v.i, dt))) {
			arr_scalar_cast(&pv, dt, &c);
			arr_scalar_store(dt, p, &c);
			return 0;
		}
		char *r = val_repr(ev, x);
		err_set(ev, TY_ValueError, "could not convert string to %s: %s", dtype_table[dt].name, r ? r : "?");
		free(r);
		return -1;
	}
	if (arr_value_scalar(x, &s, &pyclass) < 0) {
		err_set(ev, TY_TypeError, "%s() argument must be a string or a real number, not '%s'",
			dt_is_complex(dt) ? "complex" : dt_is_int(dt) ? "int" : "float", val_type_name(x));
		return -1;
	}
	if (dt_is_int(dt) && s.dtype != DT_BOOL) {
		/* NumPy's int setitem: int(x), which must fit */
		double d = dt_is_complex(s.dtype) ? creal(s.v.c) : dt_is_float(s.dtype) ? s.v.f : 0;
		if (dt_is_inexact(s.dtype)) {
			if (!(d > -9.3e18 && d < 9.3e18) || d != d) {
				err_set(ev, TY_OverflowError, "cannot convert float to integer");
				return -1;
			}
			s.dtype = DT_INT64;
			s.v.i = (int64_t)d;
		}
		if (s.dtype == DT_INT64 && !int_fits(s.v.i, dt)) {
			err_set(ev, TY_OverflowError, "Python integer %lld out of bounds for %s", (long long)s.v.i,
				dtype_table[dt].name);
			return -1;
		}
	}
	arr_scalar_cast(&s, dt, &c);
	arr_scalar_store(dt, p, &c);
	return 0;
}

/* repr(field) cut to 100 characters, as NumPy's %.100R (malloc'd) */
static char *field_repr(struct eval *ev, const char *s, size_t n)
{
	struct value *v = val_str(s, n);
	char *r = v ? val_repr(ev, v) : NULL;
	val_decref(v);
	if (!r)
		return NULL;
	size_t i = 0, cps = 0;
	while (r[i] && cps < 100) {
		i++;
		while ((r[i] & 0xC0) == 0x80)
			i++;
		cps++;
	}
	r[i] = 0;
	return r;
}

/* ---- the arguments both readers share ---- */

/* One control character: None -> TXT_NONE; a str of one ASCII character */
static int control_char(struct eval *ev, struct value *v, int *out)
{
	if (!v || v->type == VT_NONE) {
		*out = TXT_NONE;
		return 0;
	}
	if (v->type == VT_BYTES && v->u.str->len == 1) {
		*out = (unsigned char)v->u.str->s[0];
		if (*out < 128)
			return 0;
	}
	if (v->type != VT_STR || v->u.str->len == 0 || v->u.str->len > 4) {
		char *r = val_repr(ev, v);
		err_set(ev, TY_TypeError, "Text reading control character must be a single unicode character or None; but got: %.100s", r ? r : "?");
		free(r);
		return -1;
	}
	unsigned char c = (unsigned char)v->u.str->s[0];
	if (c >= 128) {
		/* one non-ASCII character (or several characters) */
		size_t cl = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		if (cl == v->u.str->len)
			return err_set(ev, TY_NotImplementedError,
				       "loadtxt: a non-ASCII delimiter, comment or quote character is not supported"), -1;
	}
	if (v->u.str->len != 1) {
		char *r = val_repr(ev, v);
		err_set(ev, TY_TypeError, "Text reading control character must be a single unicode character or None; but got: %.100s", r ? r : "?");
		free(r);
		return -1;
	}
	*out = c;
	return 0;
}

/* dtype argument of a reader: numeric dtypes; strings and records are named */
static int reader_dtype(struct eval *ev, const char *fn, struct value *v, int *dt)
{
	const char *s = v && v->type == VT_STR ? v->u.str->s : NULL;
	if (v && (v->type == VT_LIST || v->type == VT_DICT || (s && strchr(s, ','))))
		return err_set(ev, TY_NotImplementedError, "%s: structured dtypes (records) are not supported by Lumen's arrays", fn), -1;
	if (v && v->type == VT_TYPE && (v->u.ty == TY_STR || v->u.ty == TY_BYTES))
		return err_set(ev, TY_NotImplementedError, "%s: string dtypes are not supported by Lumen's arrays", fn), -1;
	if (s && dt_outside_kind(s))
		return err_set(ev, TY_NotImplementedError, "%s: %s dtypes ('%s') are not supported by Lumen's arrays", fn,
			       dt_outside_kind(s), s), -1;
	return arr_parse_dtype(ev, v, dt);
}

static int nonneg_int(struct eval *ev, struct value *v, const char *name, int64_t *out)
{
	if (v->type != VT_INT && v->type != VT_BOOL && !(v->type == VT_SCALAR && dt_is_int(v->u.sc.dtype)))
		return err_set(ev, TY_TypeError, "%s must be an integer", name), -1;
	if (val_as_int64(ev, v, out) < 0)
		return -1;
	if (*out < 0)
		return err_set(ev, TY_ValueError, "%s must be nonnegative", name), -1;
	return 0;
}

/* The array of rows x ncols items at data (malloc'd, taken) shaped as
 * loadtxt's ndmin and unpack ask. */
static struct value *shape_result(struct eval *ev, int dt, char *data, int64_t rows, int64_t ncols,
				  int ndmin, int unpack)
{
	int64_t sh[2] = {rows, ncols}, out[2];
	int nd = 0;
	if (ndmin < 2) {
		for (int i = 0; i < 2; i++)
			if (sh[i] != 1)
				out[nd++] = sh[i];
	} else {
		out[0] = rows, out[1] = ncols, nd = 2;
	}
	if (nd < ndmin) {
		if (ndmin == 1)
			out[0] = 1, nd = 1;
		else if (nd == 0)
			out[0] = out[1] = 1, nd = 2;
		else
			out[1] = 1, nd = 2;
	}
	struct ndarray *a = nd_new(ev, &backend_host, dt, nd, out);
	if (!a) {
		free(data);
		return NULL;
	}
	size_t nbytes = (size_t)rows * (size_t)ncols * (size_t)dt_size(dt);
	if (nbytes)
		memcpy(nd_data(a), data, nbytes);
	free(data);
	if (unpack && nd > 1) {
		int perm[2] = {1, 0};
		struct ndarray *t = arr_transpose(ev, a, perm);
		nd_decref(a);
		if (!t)
			return NULL;
		a = t;
	}
	return arr_wrap(ev, a);
}

/* a growing block of rows */
struct rowbuf {
	char *data;
	size_t rows, cap, rowsize;
};

static char *rowbuf_next(struct eval *ev, struct rowbuf *b)
{
	if (b->rows == b->cap) {
		size_t cap = b->cap ? b->cap + b->cap / 2 + 16 : 64;
		if (b->rowsize && cap > SIZE_MAX / 2 / b->rowsize)
			return err_set(ev, TY_ValueError, "array is too big. Cannot read file as a single array; providing a maximum number of rows to read may help.");
		char *nd = realloc(b->data, cap * (b->rowsize ? b->rowsize : 1));
		if (!nd)
			return err_nomem(ev);
		b->data = nd;
		b->cap = cap;
	}
	return b->data + b->rows++ * b->rowsize;
}

/* the result in the namespace's backend (cp.loadtxt: NumPy's result as a cupy array) */
static struct value *to_namespace(struct eval *ev, const struct builtin *bi, struct value *res)
{
	const struct backend *be = arr_be(bi);
	struct ndarray *a = res ? arr_borrow(res) : NULL;
	if (!a || nd_backend(a) == be)
		return res;
	struct ndarray *d = arr_to_backend(ev, a, be);
	val_decref(res);
	return d ? arr_wrap(ev, d) : NULL;
}

/* ---- np.loadtxt ---- */

struct conv {
	struct value **fn;  /* per output column, borrowed, or NULL */
};

/* converters for ncols output columns (usecols: their source columns) */
static int make_converters(struct eval *ev, struct value *cv, size_t ncols, const int64_t *usecols,
			   struct value ***out)
{
	struct value **fn = calloc(ncols ? ncols : 1, sizeof *fn);
	if (!fn)
		return err_nomem(ev), -1;
	*out = fn;
	if (cv->type != VT_DICT) {
		if (cv->type == VT_FUNCTION || cv->type == VT_BUILTIN || cv->type == VT_TYPE ||
		    (cv->type == VT_OBJECT && cv->u.obj.t->call)) {
			for (size_t i = 0; i < ncols; i++)
				fn[i] = cv;
			return 0;
		}
		err_set(ev, TY_TypeError, "converters must be a dictionary mapping columns to converter functions or a single callable.");
		return -1;
	}
	struct dict *d = cv->u.dict;
	for (size_t k = 0; k < d->n; k++) {
		struct value *key = d->entries[k].key, *f = d->entries[k].val;
		int64_t col;
		if (!key)
			continue;
		if (key->type == VT_FLOAT || key->type == VT_STR || val_as_int64(ev, key, &col) < 0) {
			err_clear(ev);
			char *r = val_repr(ev, key);
			err_set(ev, TY_TypeError, "keys of the converters dictionary must be integers; got %.100s", r ? r : "?");
			free(r);
			return -1;
		}
		if (usecols) {
			size_t i = 0;
			for (; i < ncols; i++)
				if (usecols[i] == col)
					break;
			if (i == ncols)
				continue;
			col = (int64_t)i;
		} else {
			if (col < -(int64_t)ncols || col >= (int64_t)ncols) {
				err_set(ev, TY_ValueError, "converter specified for column %lld, which is invalid for the number of fields %zu.",
					(long long)col, ncols);
				return -1;
			}
			if (col < 0)
				col += (int64_t)ncols;
		}
		if (!(f->type == VT_FUNCTION || f->type == VT_BUILTIN || f->type == VT_TYPE ||
		      (f->type == VT_OBJECT && f->u.obj.t->call))) {
			char *r = val_repr(ev, key);
			err_set(ev, TY_TypeError, "values of the converters dictionary must be callable, but the value associated with key %s is not",
				r ? r : "?");
			free(r);
			return -1;
		}
		fn[col] = f;
	}
	return 0;
}

struct loadopts {
	int dt, delim, comment, quote, ndmin, unpack;
	int64_t skiprows, max_rows;
	int64_t *usecols;
	size_t nusecols;
	struct value *converters;
	size_t max_line;     /* 0: no limit (the fuzzer sets one) */
};

/* The reader proper (NumPy's read_rows): the rows of src as a host array. */
static struct value *load_rows(struct eval *ev, struct lines_src *src, const struct loadopts *o,
			       struct value *fname)
{
	struct txt_tok t;
	struct txt_source ts = {src_next, src};
	struct rowbuf rb = {0};
	struct value **conv = NULL, *res = NULL;
	int64_t nfields = o->usecols ? (int64_t)o->nusecols : -1, row = 0;
	int rc = 0, empty_warned = o->max_rows < 0, isz = dt_size(o->dt);
	txt_init(&t, o->delim, o->comment, o->quote, ts);
	t.max_bytes = o->max_line;
	for (int64_t i = 0; i < o->skiprows && rc == 0; i++)
		if ((rc = txt_skip_line(&t)) < 0)
			goto fail;
	while ((o->max_rows < 0 || row < o->max_rows) && rc == 0) {
		if ((rc = txt_row(&t)) < 0)
			goto fail;
		if (t.nf == 0) {
			if (!empty_warned && rc == 0) {
				char msg[700];
				empty_warned = 1;
				snprintf(msg, sizeof msg, "Input line %lld contained no data and will not be counted towards `max_rows=%lld`.  This differs from the behaviour in NumPy <=1.22 which counted lines rather than rows.  If desired, the previous behaviour can be achieved by using `itertools.islice`.\nPlease see the 1.23 release notes for an example on how to do this.  If you wish to ignore this warning, use `warnings.filterwarnings`.  This warning is expected to be removed in the future and is given only once per `loadtxt` call.",
					 (long long)(row + o->skiprows + 1), (long long)o->max_rows);
				ev_warn(ev, "UserWarning", msg);
				if (err_occurred(ev))
					goto out;
			}
			continue;
		}
		if (!rb.rowsize && nfields < 0)
			nfields = (int64_t)t.nf;
		if (!rb.data) {
			if (o->converters && o->converters->type != VT_NONE &&
			    make_converters(ev, o->converters, (size_t)nfields, o->usecols, &conv) < 0)
				goto out;
			if ((uint64_t)nfields > SIZE_MAX / 64) {
				err_set(ev, TY_ValueError, "too many columns found; cannot read file.");
				goto out;
			}
			rb.rowsize = (size_t)nfields * (size_t)isz;
		}
		if (!o->usecols && (int64_t)t.nf != nfields) {
			err_set(ev, TY_ValueError, "the number of columns changed from %lld to %zu at row %lld; use `usecols` to select a subset and avoid this error",
				(long long)nfields, t.nf, (long long)row + 1);
			goto out;
		}
		char *dst = rowbuf_next(ev, &rb);
		if (!dst)
			goto out;
		for (int64_t i = 0; i < nfields; i++) {
			int64_t col = i;
			if (o->usecols) {
				col = o->usecols[i];
				if (col < 0)
					col += (int64_t)t.nf;
				if (col < 0 || col >= (int64_t)t.nf) {
					err_set(ev, TY_ValueError, "invalid column index %lld at row %lld with %zu columns",
						(long long)o->usecols[i], (long long)row + 1, t.nf);
					goto out;
				}
			}
			size_t n;
			const char *s = txt_field(&t, (size_t)col, &n);
			char *item = dst + i * isz;
			int bad;
			if (conv && conv[i]) {
				struct value *arg = val_str(s, n), *r = NULL;
				if (!arg) {
					err_nomem(ev);
					goto out;
				}
				r = val_call(ev, conv[i], 1, &arg, NULL);
				val_decref(arg);
				bad = !r || value_store(ev, o->dt, r, item, 'j') < 0;
				val_decref(r);
				if (bad)
					err_clear(ev);
			} else
				bad = field_store(o->dt, s, n, item, 'j') < 0;
			if (bad) {
				char *r = field_repr(ev, s, n);
				err_set(ev, TY_ValueError, "could not convert string %s to %s at row %lld, column %lld.",
					r ? r : "''", dtype_table[o->dt].name, (long long)row, (long long)col + 1);
				free(r);
				goto out;
			}
		}
		row++;
		if ((row & 1023) == 0 && ev_check_interrupt(ev))
			goto out;
	}
	if (nfields < 0)
		nfields = 1;
	res = shape_result(ev, o->dt, rb.data, row, nfields, o->ndmin, o->unpack);
	rb.data = NULL;
	if (res && res->type == VT_NDARRAY && res->u.arr->ndim > 0 && res->u.arr->shape[0] == 0 &&
	    !(o->unpack && res->u.arr->ndim > 1)) {
		char *fs = val_str_of(ev, fname);
		struct sbuf m = {0};
		sb_printf(&m, "loadtxt: input contained no data: \"%s\"", fs ? fs : "");
		free(fs);
		ev_warn(ev, "UserWarning", m.s ? m.s : "");
		free(m.s);
		if (err_occurred(ev)) {
			val_decref(res);
			res = NULL;
		}
	}
	goto out;
fail:
	if (!err_occurred(ev))
		err_set(ev, TY_ValueError, "%s", t.err[0] ? t.err : "could not read the input");
out:
	free(conv);
	free(rb.data);
	txt_free(&t);
	return res;
}

/* comments argument: a single byte for the tokenizer, or a tuple of strings
 * cut from each line first; -1 on error */
static int parse_comments(struct eval *ev, struct value *cv, int delim, int *comment, struct value **multi)
{
	struct value *list = NULL;
	*comment = TXT_NONE;
	*multi = NULL;
	if (!cv || cv->type == VT_NONE)
		return 0;
	if (cv->type == VT_STR || cv->type == VT_BYTES) {
		list = val_list_new(0, NULL);
		if (!list || list_append(list, val_str(cv->u.str->s, cv->u.str->len)) < 0)
			return val_decref(list), err_nomem(ev), -1;
	} else if (!(list = val_iter_list(ev, cv)))
		return -1;
	size_t n = list->u.seq.n;
	for (size_t i = 0; i < n; i++) {
		struct value *c = list->u.seq.items[i];
		if (c->type == VT_BYTES) {
			struct value *s = val_str(c->u.str->s, c->u.str->len);
			if (!s)
				return val_decref(list), err_nomem(ev), -1;
			val_decref(c);
			list->u.seq.items[i] = c = s;
		}
		if (c->type != VT_STR) {
			val_decref(list);
			return err_set(ev, TY_TypeError, "comments must be strings"), -1;
		}
		if (c->u.str->len == 0) {
			val_decref(list);
			return err_set(ev, TY_ValueError, "comments cannot be an empty string. Use comments=None to disable comments."), -1;
		}
	}
	if (n == 1 && list->u.seq.items[0]->u.str->len == 1) {
		*comment = (unsigned char)list->u.seq.items[0]->u.str->s[0];
		val_decref(list);
		if (*comment >= 128)
			return err_set(ev, TY_NotImplementedError, "loadtxt: a non-ASCII comment character is not supported"), -1;
		return 0;
	}
	if (n > 1 && delim != TXT_NONE)
		for (size_t i = 0; i < n; i++) {
			struct str *c = list->u.seq.items[i]->u.str;
			if (c->len == 1 && (unsigned char)c->s[0] == delim) {
				/* Python prints the tuple: ('#', ',') */
				char *r = val_repr(ev, list);
				if (r && r[0] == '[') {
					size_t L = strlen(r);
					r[0] = '(', r[L - 1] = ')';
				}
				err_set(ev, TY_TypeError, "Comment characters '%s' cannot include the delimiter '%c'", r ? r : "?", delim);
				free(r);
				val_decref(list);
				return -1;
			}
		}
	if (n == 0) {
		val_decref(list);
		return 0;
	}
	*multi = list;
	return 0;
}

static int parse_usecols(struct eval *ev, struct value *v, struct loadopts *o)
{
	struct value *list;
	if (!v || v->type == VT_NONE)
		return 0;
	if (v->type == VT_INT || v->type == VT_BOOL || v->type == VT_SCALAR || v->type == VT_FLOAT) {
		list = val_list_new(0, NULL);
		if (!list || list_append(list, val_incref(v)) < 0)
			return val_decref(list), err_nomem(ev), -1;
	} else if (!(list = val_iter_list(ev, v)))
		return -1;
	o->nusecols = list->u.seq.n;
	o->usecols = calloc(o->nusecols ? o->nusecols : 1, sizeof *o->usecols);
	if (!o->usecols)
		return val_decref(list), err_nomem(ev), -1;
	for (size_t i = 0; i < o->nusecols; i++) {
		struct value *c = list->u.seq.items[i];
		if (c->type == VT_FLOAT || c->type == VT_STR || val_as_int64(ev, c, &o->usecols[i]) < 0) {
			err_clear(ev);
			err_set(ev, TY_TypeError, "usecols must be an int or a sequence of ints but it contains at least one element of type '%s'",
				val_type_name(c));
			val_decref(list);
			return -1;
		}
	}
	val_decref(list);
	return 0;
}

static struct value *f_loadtxt(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *fname, *dtype = NULL, *comments = NULL, *delimiter = NULL, *converters = NULL,
		*skiprows = NULL, *usecols = NULL, *unpack = NULL, *ndmin = NULL, *encoding = NULL,
		*max_rows = NULL, *quotechar = NULL, *like = NULL, *multi = NULL, *res = NULL;
	struct loadopts o;
	struct lines_src src;
	int64_t nd = 0;
	memset(&o, 0, sizeof o);
	memset(&src, 0, sizeof src);
	if (args_parse(ev, "loadtxt", argc, argv, kw,
		       "fname|dtype,comments,delimiter,converters,skiprows,usecols,unpack,ndmin,encoding,max_rows,$quotechar,like",
		       &fname, &dtype, &comments, &delimiter, &converters, &skiprows, &usecols, &unpack, &ndmin,
		       &encoding, &max_rows, &quotechar, &like) < 0)
		return NULL;
	o.dt = DT_FLOAT64;
	o.max_rows = -1;
	o.converters = converters;
	if (dtype && dtype->type == VT_NONE)
		dtype = NULL;
	if (dtype && reader_dtype(ev, "loadtxt", dtype, &o.dt) < 0)
		return NULL;
	if (!comments)
		o.comment = '#';
	if (control_char(ev, delimiter, &o.delim) < 0 || control_char(ev, quotechar, &o.quote) < 0)
		return NULL;
	if (parse_usecols(ev, usecols, &o) < 0)
		goto out;
	double ndd = ndmin && ndmin->type == VT_FLOAT ? ndmin->u.f : -1;
	if (ndd >= 0 && ndd <= 2 && ndd == (double)(int64_t)ndd)
		nd = (int64_t)ndd;
	else if (ndmin && (val_as_int64(ev, ndmin, &nd) < 0 || nd < 0 || nd > 2)) {
		char *r;
		err_clear(ev);
		r = val_str_of(ev, ndmin);
		err_set(ev, TY_ValueError, "Illegal value of ndmin keyword: %s", r ? r : "?");
		free(r);
		goto out;
	}
	o.ndmin = (int)nd;
	if (comments && parse_comments(ev, comments, o.delim, &o.comment, &multi) < 0)
		goto out;
	if (multi && o.quote != TXT_NONE) {
		err_set(ev, TY_ValueError, "when multiple comments or a multi-character comment is given, quotes are not supported.  In this case quotechar must be set to None.");
		goto out;
	}
	if (skiprows && nonneg_int(ev, skiprows, "argument", &o.skiprows) < 0)
		goto out;
	if (max_rows && max_rows->type != VT_NONE && nonneg_int(ev, max_rows, "argument", &o.max_rows) < 0)
		goto out;
	if (unpack && (o.unpack = val_truth(ev, unpack)) < 0)
		goto out;
	if (encoding && encoding->type != VT_NONE && encoding->type != VT_STR) {
		err_set(ev, TY_TypeError, "encoding must be a str or None");
		goto out;
	}
	{
		const char *a = NULL, *b = NULL;
		if (o.comment != TXT_NONE && o.comment == o.quote)
			a = "comment", b = "quotechar";
		else if (o.delim != TXT_NONE && o.delim == o.comment)
			a = "comment", b = "delimiter";
		else if (o.delim != TXT_NONE && o.delim == o.quote)
			a = "quotechar", b = "delimiter";
		else if (o.delim == TXT_NONE && o.quote != TXT_NONE && txt_is_space(o.quote))
			a = "delimiter", b = "quotechar";
		else if (o.delim == TXT_NONE && o.comment != TXT_NONE && txt_is_space(o.comment))
			a = "delimiter", b = "comment";
		if (a) {
			err_set(ev, TY_TypeError, "The values for control characters '%s' and '%s' are incompatible", a, b);
			goto out;
		}
	}
	if (src_open(ev, "loadtxt", &src, fname, encoding, multi != NULL) < 0)
		goto out;
	src.comments = multi;
	multi = NULL;
	res = load_rows(ev, &src, &o, fname);
out:
	src_close(&src);
	val_decref(multi);
	free(o.usecols);
	return to_namespace(ev, bi, res);
}

/* ---- np.genfromtxt ---- */

static void strip(const char **s, size_t *n)
{
	while (*n && txt_is_space((unsigned char)**s))
		(*s)++, (*n)--;
	while (*n && txt_is_space((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

static enum gkind kind_of(int dt)
{
	switch (dtype_table[dt].kind) {
	case DK_BOOL: return G_BOOL;
	case DK_INT: case DK_UINT: return G_INT;
	case DK_FLOAT: return G_FLOAT;
	default: return G_COMPLEX;
	}
}

struct gcol {
	enum gkind kind;
	int unchecked;        /* dtype=None: still bool with a missing value */
	struct value *miss;   /* list of str */
	struct npscalar fill;
	int has_fill;
};

/* genfromtxt's converter for an explicit dtype, as NumPy's StringConverter
 * picks it: str2bool (no stripping); np.int64 / np.uint64 (Python's int());
 * int(float(x)) for the other integers; float(); complex().  0; -1 not a
 * value (the fill); -2 an int past int64; -3 an error set.  An integral
 * float past int64 comes back as dtype DT_FLOAT64 + 100 (out of bounds). */
static int gconvert(struct eval *ev, int dt, const char *s, size_t n, struct npscalar *v)
{
	if (dt == DT_BOOL) {
		if (n == 4 && !strncasecmp(s, "true", 4))
			v->v.b = 1;
		else if (n == 5 && !strncasecmp(s, "false", 5))
			v->v.b = 0;
		else
			return -1;
		v->dtype = DT_BOOL;
		return 0;
	}
	if (dt == DT_INT64)
		return py_convert(G_INT, s, n, v);
	if (dt == DT_UINT64) {
		int rc = py_convert(G_INT, s, n, v);
		if (rc == 0 && v->v.i < 0) {
			err_set(ev, TY_OverflowError, "Python integer %lld out of bounds for uint64", (long long)v->v.i);
			return -3;
		}
		if (rc == -2) {
			/* past int64: maybe a uint64 */
			char buf[128];
			size_t m = n < sizeof buf - 1 ? txt_py_ascii(s, n, buf) : 0;
			const char *t = buf;
			strip(&t, &m);
			char cp[128];
			memcpy(cp, t, m);
			cp[m] = 0;
			uint64_t u;
			if (m && no_underscores(cp, &m) == 0 && txt_parse_uint(cp, m, UINT64_MAX, &u) == 0) {
				v->dtype = DT_UINT64;
				v->v.u = u;
				return 0;
			}
			if (m && cp[0] == '-')
				err_set(ev, TY_OverflowError, "Python integer %s out of bounds for uint64", cp);
			else
				err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
			return -3;
		}
		return rc;
	}
	if (dt_is_int(dt)) {
		struct npscalar f;
		if (py_convert(G_FLOAT, s, n, &f) < 0 || f.v.f != f.v.f)
			return -1;  /* float() failed, or int(nan): ValueError */
		if (isinf(f.v.f)) {
			err_set(ev, TY_OverflowError, "cannot convert float infinity to integer");
			return -3;
		}
		double t = trunc(f.v.f);
		if (t >= -9223372036854775808.0 && t < 9223372036854775808.0) {
			v->dtype = DT_INT64;
			v->v.i = (int64_t)t;
		} else {
			v->dtype = DT_FLOAT64 + 100;
			v->v.f = t;
		}
		return 0;
	}
	return py_convert(kind_of(dt), s, n, v);
}

static int set_fill(struct eval *ev, struct gcol *col, struct value *fv)
{
	int pc;
	if (fv->type == VT_NONE)
		return 0;
	if (arr_value_scalar(fv, &col->fill, &pc) < 0)
		return err_set(ev, TY_NotImplementedError, "genfromtxt: filling_values must be numbers"), -1;
	col->has_fill = 1;
	return 0;
}

static int is_missing(const struct gcol *c, const char *s, size_t n)
{
	strip(&s, &n);
	if (n == 0)
		return 1;
	for (size_t i = 0; c->miss && i < c->miss->u.seq.n; i++) {
		struct str *m = c->miss->u.seq.items[i]->u.str;
		const char *ms = m->s;
		size_t ml = m->len;
		strip(&ms, &ml);
		if (ml == n && !memcmp(ms, s, n))
			return 1;
	}
	return 0;
}

/* str(v) added to a column's missing list (a str split at ',' when split;
 * a list or tuple: each item's str) */
static int add_missing(struct eval *ev, struct gcol *c, struct value *v, int split)
{
	if (v->type == VT_LIST || v->type == VT_TUPLE) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (add_missing(ev, c, v->u.seq.items[i], 0) < 0)
				return -1;
		return 0;
	}
	if (!c->miss && !(c->miss = val_list_new(0, NULL)))
		return err_nomem(ev), -1;
	if (v->type != VT_STR) {
		char *t = val_str_of(ev, v);
		if (!t)
			return -1;
		return list_append(c->miss, val_str_take(t, strlen(t))) < 0 ? (err_nomem(ev), -1) : 0;
	}
	const char *s = v->u.str->s, *e = s + v->u.str->len;
	for (;;) {
		const char *q = split ? memchr(s, ',', (size_t)(e - s)) : NULL;
		if (!q)
			q = e;
		if (list_append(c->miss, val_str(s, (size_t)(q - s))) < 0)
			return err_nomem(ev), -1;
		if (q == e)
			break;
		s = q + 1;
	}
	return 0;
}

/* genfromtxt's splitting: cut at comments, strip " \r\n", split */
struct gsplit {
	const char *comments;  /* NULL: none */
	size_t clen;
	const char *delim;     /* NULL: whitespace */
	size_t dlen;
};

/* the fields of line s[0..n) as offsets/lengths pairs in *f (realloc'd) */
static int split_line(struct eval *ev, const struct gsplit *g, const char *s, size_t n, size_t **f,
		      size_t *cap, size_t *nf)
{
	*nf = 0;
	if (g->comments)
		for (size_t i = 0; i + g->clen <= n; i++)
			if (!memcmp(s + i, g->comments, g->clen)) {
				n = i;
				break;
			}
	size_t a = 0;
	while (a < n && (s[a] == ' ' || s[a] == '\r' || s[a] == '\n'))
		a++;
	while (n > a && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	if (a == n)
		return 0;
	for (size_t i = a; i <= n;) {
		size_t b;
		if (!g->delim) {
			while (i < n && txt_is_space((unsigned char)s[i]))
				i++;
			if (i >= n)
				break;
			for (b = i; b < n && !txt_is_space((unsigned char)s[b]); b++)
				;
		} else {
			for (b = i; b + g->dlen <= n && memcmp(s + b, g->delim, g->dlen); b++)
				;
			if (b + g->dlen > n)
				b = n;
		}
		if (*nf + 1 > *cap) {
			size_t nc = *cap ? *cap * 2 : 16;
			size_t *nfp = realloc(*f, nc * 2 * sizeof **f);
			if (!nfp)
				return err_nomem(ev), -1;
			*f = nfp;
			*cap = nc;
		}
		(*f)[2 * *nf] = i;
		(*f)[2 * *nf + 1] = b - i;
		(*nf)++;
		if (g->delim) {
			if (b >= n)
				break;
			i = b + g->dlen;
		} else
			i = b;
	}
	return 0;
}

struct gline {
	char *s;
	size_t n;
	int64_t lineno;
};

/* one value of a genfromtxt column (Python's rules; what fails is the fill,
 * or, with loose=False, NumPy's ValueError); 0 or -1 with the error set */
static int gvalue(struct eval *ev, const struct gcol *col, const char *s, size_t n, int loose,
		  struct npscalar *v)
{
	int pr = py_convert(col->kind, s, n, v);
	if (pr == -2) {
		err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
		return -1;
	}
	if (pr == 0)
		return 0;
	if (!loose && !is_missing(col, s, n)) {
		struct value *sv = val_str(s, n);
		char *q = sv ? val_str_of(ev, sv) : NULL;
		err_set(ev, TY_ValueError, "Cannot convert string '%s'", q ? q : "");
		free(q);
		val_decref(sv);
		return -1;
	}
	if (col->has_fill)
		*v = col->fill;
	else
		switch (col->kind) {
		case G_BOOL: v->dtype = DT_BOOL, v->v.b = 0; break;
		case G_INT: v->dtype = DT_INT64, v->v.i = -1; break;
		case G_FLOAT: v->dtype = DT_FLOAT64, v->v.f = NAN; break;
		default: v->dtype = DT_COMPLEX128, v->v.c = CMPLX(NAN, 0); break;
		}
	return 0;
}

/* genfromtxt(dtype=None, unpack=True) over columns of different types: the
 * fields of NumPy's structured array, a list of arrays (one column: that
 * array), shaped as the structured array's ndmin makes it */
static struct value *unpack_fields(struct eval *ev, const struct gcol *cols, size_t nbcols, char **rows,
				   size_t nrows, const struct gline *lines, const size_t *which, int loose, int ndmin)
{
	struct value *list = val_list_new(0, NULL);
	int64_t sh[2];
	int nd;
	if (!list)
		return err_nomem(ev);
	if (ndmin == 2)
		sh[0] = (int64_t)nrows, sh[1] = 1, nd = 2;
	else if (ndmin == 0 && nrows == 1)
		nd = 0;
	else
		sh[0] = (int64_t)nrows, nd = 1;
	for (size_t c = 0; c < nbcols; c++) {
		const struct gcol *col = &cols[c];
		int dt = col->kind == G_BOOL ? DT_BOOL : col->kind == G_INT ? DT_INT64
			: col->kind == G_FLOAT ? DT_FLOAT64 : DT_COMPLEX128;
		struct ndarray *a = nd_new(ev, &backend_host, dt, nd, sh);
		if (!a) {
			val_decref(list);
			return NULL;
		}
		for (size_t r = 0; r < nrows; r++) {
			const size_t *sel = (const size_t *)rows[r];
			struct npscalar v, out;
			if (gvalue(ev, col, lines[which[r]].s + sel[2 * c], sel[2 * c + 1], loose, &v) < 0) {
				nd_decref(a);
				val_decref(list);
				return NULL;
			}
			arr_scalar_cast(&v, dt, &out);
			arr_scalar_store(dt, nd_data(a) + r * (size_t)dt_size(dt), &out);
		}
		struct value *w = arr_wrap(ev, a);
		if (!w || list_append(list, w) < 0) {
			val_decref(list);
			return w ? err_nomem(ev) : NULL;
		}
	}
	if (nbcols == 1) {
		struct value *one = val_incref(list->u.seq.items[0]);
		val_decref(list);
		return one;
	}
	return list;
}

static struct value *f_genfromtxt(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *fname, *dtype = NULL, *comments = NULL, *delimiter = NULL, *skip_header = NULL,
		*skip_footer = NULL, *converters = NULL, *missing_values = NULL, *filling_values = NULL,
		*usecols = NULL, *names = NULL, *excludelist = NULL, *deletechars = NULL, *replace_space = NULL,
		*autostrip = NULL, *case_sensitive = NULL, *defaultfmt = NULL, *unpack = NULL, *usemask = NULL,
		*loose = NULL, *invalid_raise = NULL, *max_rows = NULL, *encoding = NULL, *ndminv = NULL,
		*like = NULL, *res = NULL;
	struct lines_src src;
	struct loadopts o;
	struct gsplit g = {"#", 1, NULL, 0};
	struct gcol *cols = NULL;
	size_t *fl = NULL, fcap = 0, nf = 0;
	char **rows = NULL;     /* per kept row: nbcols (offset,len) into its line copy */
	struct gline *lines = NULL;
	size_t nlines = 0, lcap = 0;
	int64_t skiph = 0, skipf = 0, maxr = -1, nd = 0;
	int dt = DT_FLOAT64, infer = 0, isloose = 1, invraise = 1, unp = 0;
	size_t nbcols = 0, nrows = 0;
	struct sbuf inval = {0};
	size_t ninvalid = 0;
	struct { int64_t line, got; } *invalid = NULL;
	memset(&src, 0, sizeof src);
	memset(&o, 0, sizeof o);
	if (args_parse(ev, "genfromtxt", argc, argv, kw,
		       "fname|dtype,comments,delimiter,skip_header,skip_footer,converters,missing_values,filling_values,usecols,names,excludelist,deletechars,replace_space,autostrip,case_sensitive,defaultfmt,unpack,usemask,loose,invalid_raise,max_rows,encoding,$ndmin,like",
		       &fname, &dtype, &comments, &delimiter, &skip_header, &skip_footer, &converters, &missing_values,
		       &filling_values, &usecols, &names, &excludelist, &deletechars, &replace_space, &autostrip,
		       &case_sensitive, &defaultfmt, &unpack, &usemask, &loose, &invalid_raise, &max_rows, &encoding,
		       &ndminv, &like) < 0)
		return NULL;
	if (dtype && dtype->type == VT_NONE)
		infer = 1;
	else if (dtype && reader_dtype(ev, "genfromtxt", dtype, &dt) < 0)
		return NULL;
	if (names && names->type != VT_NONE && !(names->type == VT_BOOL && !names->u.i))
		return err_set(ev, TY_NotImplementedError, "genfromtxt: names= makes a structured array, which Lumen's arrays do not support");
	if (usemask && val_truth(ev, usemask) > 0)
		return err_set(ev, TY_NotImplementedError, "genfromtxt: usemask=True makes a masked array, which Lumen does not support");
	if (converters && converters->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "genfromtxt: converters= is not supported by Lumen (loadtxt's converters are)");
	if (comments && comments->type != VT_NONE) {
		if (comments->type != VT_STR)
			return err_set(ev, TY_NotImplementedError, "genfromtxt: comments must be a str or None");
		g.comments = comments->u.str->s;
		g.clen = comments->u.str->len;
		if (!g.clen)
			g.comments = NULL;
	} else if (comments)
		g.comments = NULL;
	if (delimiter && delimiter->type != VT_NONE) {
		if (delimiter->type != VT_STR)
			return err_set(ev, TY_NotImplementedError, "genfromtxt: fixed-width fields (an int or a sequence of ints as delimiter) are not supported by Lumen");
		if (delimiter->u.str->len) {
			g.delim = delimiter->u.str->s;
			g.dlen = delimiter->u.str->len;
		}
	}
	if ((skip_header && args_int(ev, skip_header, 0, &skiph) < 0) ||
	    (skip_footer && args_int(ev, skip_footer, 0, &skipf) < 0) ||
	    (max_rows && args_int(ev, max_rows, -1, &maxr) < 0) ||
	    (ndminv && args_int(ev, ndminv, 0, &nd) < 0) ||
	    (loose && args_bool(ev, loose, 1, &isloose) < 0) ||
	    (invalid_raise && args_bool(ev, invalid_raise, 1, &invraise) < 0) ||
	    (unpack && args_bool(ev, unpack, 0, &unp) < 0))
		return NULL;
	if (nd < 0 || nd > 2)
		return err_set(ev, TY_ValueError, "Illegal value of ndmin keyword: %lld", (long long)nd);
	if (max_rows && max_rows->type != VT_NONE) {
		if (skipf)
			return err_set(ev, TY_ValueError, "The keywords 'skip_footer' and 'max_rows' can not be specified at the same time.");
		if (maxr < 1)
			return err_set(ev, TY_ValueError, "'max_rows' must be at least 1.");
	}
	if (parse_usecols(ev, usecols, &o) < 0)
		goto out;
	if (src_open(ev, "genfromtxt", &src, fname, encoding, 1) < 0)
		goto out;

	/* the lines: skip_header raw lines, then every line with its number */
	{
		const char *p;
		size_t n;
		int line, rc;
		int64_t k = 0;
		while ((rc = src_next(&src, &p, &n, &line)) > 0) {
			if (k++ < skiph)
				continue;
			if (nlines == lcap) {
				size_t nc = lcap ? lcap * 2 : 64;
				struct gline *nl = realloc(lines, nc * sizeof *nl);
				if (!nl) {
					err_nomem(ev);
					goto out;
				}
				lines = nl;
				lcap = nc;
			}
			char *c = malloc(n + 1);
			if (!c) {
				err_nomem(ev);
				goto out;
			}
			memcpy(c, p, n);
			c[n] = 0;
			lines[nlines].s = c;
			lines[nlines].n = n;
			lines[nlines].lineno = 0;
			nlines++;
			if ((nlines & 1023) == 0 && ev_check_interrupt(ev))
				goto out;
		}
		if (rc < 0)
			goto out;
	}
	/* the first line with values fixes the column count */
	size_t first = 0;
	for (; first < nlines; first++) {
		if (split_line(ev, &g, lines[first].s, lines[first].n, &fl, &fcap, &nf) < 0)
			goto out;
		if (nf)
			break;
	}
	if (first == nlines) {
		char *fs = val_str_of(ev, fname);
		struct sbuf m = {0};
		sb_printf(&m, "genfromtxt: Empty input file: \"%s\"", fs ? fs : "");
		free(fs);
		ev_warn(ev, "UserWarning", m.s ? m.s : "");
		free(m.s);
		if (err_occurred(ev))
			goto out;
		/* NumPy still files the dict forms of missing/filling values
		 * under the columns it knows: usecols', or none */
		for (int pass = 0; pass < 2; pass++) {
			struct value *d = pass ? filling_values : missing_values;
			for (size_t k = 0; d && d->type == VT_DICT && k < d->u.dict->n; k++) {
				struct value *key = d->u.dict->entries[k].key;
				int64_t kc;
				if (!key || key->type == VT_NONE || key->type == VT_STR || val_as_int64(ev, key, &kc) < 0) {
					err_clear(ev);
					continue;
				}
				int found = 0;
				for (size_t u = 0; o.usecols && u < o.nusecols; u++)
					if (o.usecols[u] == kc)
						found = 1;
				int64_t nb = o.usecols ? (int64_t)o.nusecols : 0;
				if (!found && (kc >= nb || kc < -nb)) {
					err_set(ev, TY_IndexError, pass ? "list assignment index out of range" : "list index out of range");
					goto out;
				}
			}
		}
		if (infer) {
			if (!o.usecols || !o.nusecols) {
				if (unp) {
					/* the fields of dtype=[]: none */
					res = val_list_new(0, NULL);
					goto out;
				}
				err_set(ev, TY_NotImplementedError, "genfromtxt: dtype=None on empty input makes a structured array (dtype=[]), which Lumen's arrays do not support");
				goto out;
			}
			dt = DT_BOOL;  /* NumPy: the columns' first guess */
		}
		/* NumPy: np.array([]) of shape (0,), then ndmin */
		res = shape_result(ev, dt, NULL, 0, 1, (int)nd, unp);
		goto out;
	}
	nbcols = o.usecols ? o.nusecols : nf;
	/* NumPy counts negative usecols from the first line's values */
	for (size_t c = 0; o.usecols && c < o.nusecols; c++)
		if (o.usecols[c] < 0)
			o.usecols[c] += (int64_t)nf;
	rows = calloc(nlines, sizeof *rows);
	cols = calloc(nbcols ? nbcols : 1, sizeof *cols);
	if (!rows || !cols) {
		err_nomem(ev);
		goto out;
	}
	for (size_t i = first; i < nlines; i++) {
		if (split_line(ev, &g, lines[i].s, lines[i].n, &fl, &fcap, &nf) < 0)
			goto out;
		if (!nf)
			continue;
		int64_t lineno = (int64_t)(i - first) + skiph + 1;
		int bad = 0;
		size_t *sel = malloc((nbcols ? nbcols : 1) * 2 * sizeof *sel);
		if (!sel) {
			err_nomem(ev);
			goto out;
		}
		for (size_t c = 0; c < nbcols; c++) {
			size_t src_c = c;
			if (o.usecols) {
				int64_t u = o.usecols[c];
				if (u < 0)
					u += (int64_t)nf;  /* Python's values[u] */
				if (u < 0 || u >= (int64_t)nf) {
					bad = 1;
					break;
				}
				src_c = (size_t)u;
			}
			sel[2 * c] = fl[2 * src_c];
			sel[2 * c + 1] = fl[2 * src_c + 1];
		}
		if (!o.usecols && nf != nbcols)
			bad = 1;
		if (bad) {
			free(sel);
			void *ni = realloc(invalid, (ninvalid + 1) * sizeof *invalid);
			if (!ni) {
				err_nomem(ev);
				goto out;
			}
			invalid = ni;
			invalid[ninvalid].line = lineno;
			invalid[ninvalid].got = (int64_t)nf;
			ninvalid++;
			continue;
		}
		lines[i].lineno = lineno;  /* marks a kept row */
		rows[nrows++] = (char *)sel;
		if (maxr > 0 && (int64_t)nrows == maxr)
			break;
	}
	/* rows[r] selects fields of a line: remember which line each row is */
	{
		size_t r = 0;
		size_t *which = malloc((nrows ? nrows : 1) * sizeof *which);
		if (!which) {
			err_nomem(ev);
			goto out;
		}
		for (size_t i = first; i < nlines && r < nrows; i++)
			if (lines[i].lineno > 0)
				which[r++] = i;
		/* the columns: missing values and fills (NumPy's forms: a str split
		 * at ',' for every column, a sequence per column, a dict by column
		 * number, or by its place in usecols) */
		for (size_t c = 0; c < nbcols; c++) {
			struct gcol *col = &cols[c];
			col->kind = infer ? G_BOOL : kind_of(dt);
			struct value *mv = missing_values;
			if (mv && (mv->type == VT_LIST || mv->type == VT_TUPLE)) {
				if (c < mv->u.seq.n && add_missing(ev, col, mv->u.seq.items[c], 0) < 0)
					break;
			} else if (mv && mv->type != VT_DICT && add_missing(ev, col, mv, 1) < 0)
				break;
			struct value *fv = filling_values;
			if (fv && (fv->type == VT_LIST || fv->type == VT_TUPLE))
				fv = c < fv->u.seq.n ? fv->u.seq.items[c] : NULL;
			else if (fv && fv->type == VT_DICT)
				fv = NULL;
			if (fv && set_fill(ev, col, fv) < 0)
				break;
		}
		for (int pass = 0; pass < 2 && !err_occurred(ev); pass++) {
			struct value *d = pass ? filling_values : missing_values;
			if (!d || d->type != VT_DICT)
				continue;
			for (size_t k = 0; k < d->u.dict->n; k++) {
				struct value *key = d->u.dict->entries[k].key, *val = d->u.dict->entries[k].val;
				int64_t kc;
				if (!key)
					continue;
				if (key->type == VT_NONE && !pass) {
					for (size_t c = 0; c < nbcols; c++)
						if (add_missing(ev, &cols[c], val, 0) < 0)
							break;
					continue;
				}
				if (key->type == VT_STR || val_as_int64(ev, key, &kc) < 0) {
					err_clear(ev);
					err_set(ev, TY_NotImplementedError, "genfromtxt: column names in %s need names=, which Lumen does not support",
						pass ? "filling_values" : "missing_values");
					break;
				}
				for (size_t u = 0; o.usecols && u < o.nusecols; u++)
					if (o.usecols[u] == kc) {
						kc = (int64_t)u;
						break;
					}
				if (kc < 0)
					kc += (int64_t)nbcols;
				if (kc < 0 || kc >= (int64_t)nbcols) {
					err_set(ev, TY_IndexError, pass ? "list assignment index out of range" : "list index out of range");
					break;
				}
				if (pass ? set_fill(ev, &cols[kc], val) < 0 : add_missing(ev, &cols[kc], val, 0) < 0)
					break;
			}
		}
		if (err_occurred(ev)) {
			free(which);
			goto out;
		}
		/* dtype=None: each column's kind, over every row (the footer too) */
		for (size_t c = 0; infer && c < nbcols; c++) {
			struct gcol *col = &cols[c];
			/* upgrade bool -> int -> float -> complex -> str until every
			 * non-missing value converts */
			for (size_t r = 0; r < nrows && col->kind != G_STR; r++) {
				size_t *sel = (size_t *)rows[r];
				const char *s = lines[which[r]].s + sel[2 * c];
				size_t n = sel[2 * c + 1];
				struct npscalar v;
				if (r == 0)
					col->unchecked = 0;
				if (py_convert(col->kind, s, n, &v) < 0) {
					if (!is_missing(col, s, n)) {
						/* upgrade, then check the whole column again */
						col->kind++;
						r = (size_t)-1;
					} else if (col->kind == G_BOOL)
						col->unchecked = 1;
				}
			}
		}
		/* invalid rows */
		if (ninvalid) {
			int64_t nbrows = (int64_t)nrows + (int64_t)ninvalid - skipf;
			size_t keep = ninvalid;
			if (skipf > 0) {
				size_t skipped = 0;
				for (size_t k = 0; k < ninvalid; k++)
					if (invalid[k].line > nbrows + skiph)
						skipped++;
				keep = ninvalid - skipped;
				skipf -= (int64_t)skipped;
			}
			if (keep) {
				sb_adds(&inval, "Some errors were detected !");
				for (size_t k = 0; k < keep; k++)
					sb_printf(&inval, "\n    Line #%lld (got %lld columns instead of %zu)",
						  (long long)invalid[k].line, (long long)invalid[k].got, nbcols);
				if (invraise) {
					err_set(ev, TY_ValueError, "%s", inval.s);
					free(which);
					goto out;
				}
				ev_warn(ev, "UserWarning", inval.s); /* NumPy: ConversionWarning(UserWarning) */
				if (err_occurred(ev)) {
					free(which);
					goto out;
				}
			}
		}
		if (skipf > 0)
			nrows = skipf >= (int64_t)nrows ? 0 : nrows - (size_t)skipf;
		if (infer) {
			/* NumPy: the one type of the checked columns; a bool column with
			 * missing values is not checked and takes that type */
			int k0 = -1, mixed = 0;
			for (size_t c = 0; c < nbcols; c++) {
				if (cols[c].kind == G_STR) {
					err_set(ev, TY_NotImplementedError, "genfromtxt: dtype=None found a column of text, which needs a string or structured dtype (not supported by Lumen's arrays)");
					break;
				}
				if (cols[c].unchecked)
					continue;
				if (k0 < 0)
					k0 = (int)cols[c].kind;
				if ((int)cols[c].kind != k0)
					mixed = 1;
			}
			if (!err_occurred(ev) && (mixed || k0 < 0)) {
				if (unp) {
					/* NumPy unpacks a structured array into its fields:
					 * one array per column, each of its own type */
					res = unpack_fields(ev, cols, nbcols, rows, nrows, lines, which, isloose, (int)nd);
					free(which);
					goto out;
				}
				err_set(ev, TY_NotImplementedError, k0 < 0
					? "genfromtxt: dtype=None found only missing values, which make a structured array (not supported by Lumen's arrays)"
					: "genfromtxt: dtype=None found columns of different types, which make a structured array (not supported by Lumen's arrays)");
			}
			if (err_occurred(ev)) {
				free(which);
				goto out;
			}
			dt = k0 == G_BOOL ? DT_BOOL : k0 == G_INT ? DT_INT64 : k0 == G_FLOAT ? DT_FLOAT64 : DT_COMPLEX128;
		}
		/* convert: loose (the default) turns what fails into the fill */
		int isz = dt_size(dt);
		if (nrows && nbcols && (size_t)nrows > SIZE_MAX / 2 / nbcols / (size_t)isz) {
			err_set(ev, TY_MemoryError, "genfromtxt: the array is too big");
			free(which);
			goto out;
		}
		char *data = malloc(nrows * nbcols * (size_t)isz + 1);
		if (!data) {
			err_nomem(ev);
			free(which);
			goto out;
		}
		size_t bad_r = SIZE_MAX, bad_c = 0;
		int bad_set = 0;
		struct npscalar bad;
		memset(&bad, 0, sizeof bad);
		for (size_t c = 0; c < nbcols; c++) {      /* NumPy converts column by column */
			for (size_t r = 0; r < nrows; r++) {
				size_t *sel = (size_t *)rows[r];
				const char *s = lines[which[r]].s + sel[2 * c];
				size_t n = sel[2 * c + 1];
				struct gcol *col = &cols[c];
				struct npscalar v, out;
				int pr = infer ? py_convert(col->kind, s, n, &v) : gconvert(ev, dt, s, n, &v);
				if (pr == -2) {
					/* int() made a Python int NumPy cannot hold */
					err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
					pr = -3;
				}
				if (pr == -3) {
					free(data);
					free(which);
					goto out;
				}
				if (pr < 0) {
					if (!isloose && !is_missing(col, s, n)) {
						struct value *sv = val_str(s, n);
						char *q = sv ? val_str_of(ev, sv) : NULL;
						err_set(ev, TY_ValueError, "Cannot convert string '%s'", q ? q : "");
						free(q);
						val_decref(sv);
						free(data);
						free(which);
						goto out;
					}
					if (col->has_fill)
						v = col->fill;
					else {
						switch (col->kind) {
						case G_BOOL: v.dtype = DT_BOOL, v.v.b = 0; break;
						case G_INT: v.dtype = DT_INT64, v.v.i = -1; break;
						case G_FLOAT: v.dtype = DT_FLOAT64, v.v.f = NAN; break;
						default: v.dtype = DT_COMPLEX128, v.v.c = CMPLX(NAN, 0); break;
						}
					}
				}
				/* np.array(rows, dtype): the first int out of range, in row order */
				if (dt_is_int(dt) && !bad_set && ((v.dtype == DT_INT64 && !int_fits(v.v.i, dt)) ||
				    (v.dtype == DT_UINT64 && dt != DT_UINT64) || v.dtype == DT_FLOAT64 + 100)) {
					if (bad_r > r || (bad_r == r && bad_c > c))
						bad_r = r, bad_c = c, bad = v;
				}
				if (v.dtype == DT_FLOAT64 + 100)
					v.dtype = DT_FLOAT64;
				arr_scalar_cast(&v, dt, &out);
				arr_scalar_store(dt, data + (r * nbcols + c) * (size_t)isz, &out);
			}
		}
		free(which);
		if (bad_r != SIZE_MAX) {
			char num[400];
			if (bad.dtype == DT_INT64)
				snprintf(num, sizeof num, "%lld", (long long)bad.v.i);
			else if (bad.dtype == DT_UINT64)
				snprintf(num, sizeof num, "%llu", (unsigned long long)bad.v.u);
			else
				num[0] = 0;  /* past int64: NumPy's C long conversion fails first */
			if (num[0])
				err_set(ev, TY_OverflowError, "Python integer %s out of bounds for %s", num, dtype_table[dt].name);
			else
				err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
			free(data);
			goto out;
		}
		/* no rows: NumPy's np.array([]) is 1-D before ndmin */
		res = shape_result(ev, dt, data, (int64_t)nrows, nrows ? (int64_t)nbcols : 1, (int)nd, unp);
	}
out:
	for (size_t i = 0; rows && i < nlines; i++)
		free(rows[i]);
	free(rows);
	for (size_t i = 0; i < nlines; i++)
		free(lines[i].s);
	free(lines);
	for (size_t c = 0; cols && c < nbcols; c++)
		val_decref(cols[c].miss);
	free(cols);
	free(fl);
	free(invalid);
	free(inval.s);
	src_close(&src);
	free(o.usecols);
	return to_namespace(ev, bi, res);
}

/* fh.write(text) as NumPy's savetxt writes: a str, or, where the stream
 * takes bytes (open(..., 'wb'), io.BytesIO), the text encoded (latin-1 by
 * default).  *binary: -1 unknown yet, 0 text, 1 bytes.  0 or -1. */
static int write_text(struct eval *ev, struct value *writer, const char *s, size_t n, int *binary,
		      struct value *encoding)
{
	struct value *chunk = val_str(s, n), *wr = NULL;
	if (!chunk)
		return err_nomem(ev), -1;
	if (*binary <= 0) {
		wr = val_call(ev, writer, 1, &chunk, NULL);
		if (wr || *binary == 0) {
			*binary = 0;
			val_decref(chunk);
			val_decref(wr);
			return wr ? 0 : -1;
		}
		struct value *e = err_fetch(ev);
		int te = e && e->type == VT_EXCEPTION && e->u.exc.type == TY_TypeError;
		if (!te) {
			val_decref(chunk);
			err_set_value(ev, e);
			return -1;
		}
		val_decref(e);
		*binary = 1;
	}
	struct value *enc = val_getattr(ev, chunk, "encode"), *name = NULL, *b = NULL;
	if (enc) {
		name = encoding && encoding->type == VT_STR ? val_incref(encoding) : val_cstr("latin1");
		b = name ? val_call(ev, enc, 1, &name, NULL) : NULL;
	}
	if (b)
		wr = val_call(ev, writer, 1, &b, NULL);
	val_decref(enc);
	val_decref(name);
	val_decref(b);
	val_decref(chunk);
	if (!wr)
		return -1;
	val_decref(wr);
	return 0;
}

/* ---- np.savetxt ---- */

static int count_pct(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '%';
	return n;
}

/* s with every "\n" replaced by "\n" + comments */
static void add_commented(struct sbuf *sb, const char *s, const char *comments)
{
	for (; *s; s++) {
		sb_add(sb, s, 1);
		if (*s == '\n')
			sb_adds(sb, comments);
	}
}

static const char *str_arg(struct value *v, const char *def)
{
	return v && v->type == VT_STR ? v->u.str->s : v && v->type == VT_BYTES ? v->u.str->s : def;
}

static struct value *f_savetxt(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *fname, *X, *fmt = NULL, *delimiter = NULL, *newline = NULL, *header = NULL,
		*footer = NULL, *comments = NULL, *encoding = NULL, *res = NULL, *format = NULL,
		*writer = NULL, *f = NULL;
	struct ndarray *a = NULL;
	struct sbuf out = {0}, fs = {0};
	FILE *fp = NULL;
	char *path_copy = NULL;
	int binary = -1;
	(void)bi;
	if (args_parse(ev, "savetxt", argc, argv, kw, "fname,X|fmt,delimiter,newline,header,footer,comments,encoding",
		       &fname, &X, &fmt, &delimiter, &newline, &header, &footer, &comments, &encoding) < 0)
		return NULL;
	const char *delim = str_arg(delimiter, " "), *nl = str_arg(newline, "\n"), *hdr = str_arg(header, ""),
		   *ftr = str_arg(footer, ""), *com = str_arg(comments, "# ");
	struct ndarray *in = arr_borrow(X);
	a = in && nd_host_memory(in) ? (nd_incref(in), in) : in ? arr_to_host(ev, in) : arr_asarray(ev, &backend_host, X, -1);
	if (!a)
		return NULL;
	if (a->ndim == 0 || a->ndim > 2) {
		err_set(ev, TY_ValueError, "Expected 1D or 2D array, got %dD array instead", a->ndim);
		goto out;
	}
	int64_t nrow = a->shape[0], ncol = a->ndim == 2 ? a->shape[1] : 1;
	int cplx = dt_is_complex(a->dtype);
	if (!fmt || fmt->type == VT_STR || fmt->type == VT_BYTES) {
		const char *fm = fmt ? fmt->u.str->s : "%.18e";
		int np = count_pct(fm);
		if (np == 1) {
			for (int64_t c = 0; c < ncol; c++) {
				if (c)
					sb_adds(&fs, delim);
				if (cplx)
					sb_printf(&fs, " (%s+%sj)", fm, fm);
				else
					sb_adds(&fs, fm);
			}
		} else if ((cplx && np != 2 * ncol) || (!cplx && np != ncol)) {
			err_set(ev, TY_ValueError, "fmt has wrong number of %% formats:  %s", fm);
			goto out;
		} else
			sb_adds(&fs, fm);
	} else if (fmt->type == VT_LIST || fmt->type == VT_TUPLE) {
		if ((int64_t)fmt->u.seq.n != ncol) {
			char *r = val_str_of(ev, fmt);
			err_set(ev, TY_AttributeError, "fmt has wrong shape.  %s", r ? r : "");
			free(r);
			goto out;
		}
		for (size_t c = 0; c < fmt->u.seq.n; c++) {
			struct value *it = fmt->u.seq.items[c];
			if (it->type != VT_STR) {
				err_set(ev, TY_TypeError, "sequence item %zu: expected str instance, %s found", c, val_type_name(it));
				goto out;
			}
			if (c)
				sb_adds(&fs, delim);
			sb_adds(&fs, it->u.str->s);
		}
	} else {
		char *r = val_repr(ev, fmt);
		err_set(ev, TY_ValueError, "invalid fmt: %s", r ? r : "?");
		free(r);
		goto out;
	}
	if (!(format = val_str(fs.s ? fs.s : "", fs.n))) {
		err_nomem(ev);
		goto out;
	}
	/* where it goes: a path (written at the end) or an object's write() */
	if (!(f = fspath(ev, fname)))
		goto out;
	if (f->type != VT_STR) {
		writer = val_getattr(ev, f, "write");
		if (!writer) {
			err_clear(ev);
			err_set(ev, TY_ValueError, "fname must be a string or file handle");
			goto out;
		}
	} else if (compressed_path(ev, "savetxt", f->u.str->s) < 0) {
		goto out;
	} else if (!(path_copy = strdup(f->u.str->s))) {
		err_nomem(ev);
		goto out;
	}
	if (*hdr) {
		sb_adds(&out, com);
		add_commented(&out, hdr, com);
		sb_adds(&out, nl);
	}
	for (int64_t r = 0; r < nrow; r++) {
		int64_t nv = cplx ? 2 * ncol : ncol;
		struct value **items = calloc((size_t)nv ? (size_t)nv : 1, sizeof *items);
		if (!items) {
			err_nomem(ev);
			goto out;
		}
		int ok = 1;
		for (int64_t c = 0; c < ncol && ok; c++) {
			const char *p = nd_data(a) + r * a->strides[0] + (a->ndim == 2 ? c * a->strides[1] : 0);
			if (cplx) {
				struct npscalar s, re, im;
				int part = a->dtype == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
				arr_scalar_load(a->dtype, p, &s);
				re.dtype = im.dtype = part;
				re.v.f = creal(s.v.c);
				im.v.f = cimag(s.v.c);
				items[2 * c] = val_scalar(part, re.v);
				items[2 * c + 1] = val_scalar(part, im.v);
				ok = items[2 * c] && items[2 * c + 1];
			} else
				ok = (items[c] = arr_scalar_at(ev, a, p)) != NULL;
		}
		struct value *tup = ok ? val_tuple_new((size_t)nv, items) : NULL;
		if (!ok)
			for (int64_t k = 0; k < nv; k++)
				val_decref(items[k]);
		if (!ok) {
			free(items);
			if (!err_occurred(ev))
				err_nomem(ev);
			goto out;
		}
		free(items);
		struct value *line = val_binop(ev, OP_MOD, format, tup);
		val_decref(tup);
		if (!line) {
			struct value *e = err_fetch(ev);
			if (e && e->type == VT_EXCEPTION && e->u.exc.type == TY_TypeError && !cplx) {
				val_decref(e);
				err_set(ev, TY_TypeError, "Mismatch between array dtype ('%s') and format specifier ('%s')",
					dtype_table[a->dtype].name, format->u.str->s);
			} else
				err_set_value(ev, e);
			goto out;
		}
		if (line->type != VT_STR) {
			val_decref(line);
			err_set(ev, TY_TypeError, "fmt did not format to a str");
			goto out;
		}
		size_t start = out.n;
		sb_add(&out, line->u.str->s, line->u.str->len);
		sb_adds(&out, nl);
		val_decref(line);
		if (cplx) {
			/* s.replace('+-', '-') on the row */
			size_t w = start;
			for (size_t i = start; i < out.n; i++) {
				if (out.s[i] == '+' && i + 1 < out.n && out.s[i + 1] == '-')
					continue;
				out.s[w++] = out.s[i];
			}
			out.n = w;
			out.s[w] = 0;
		}
		if (writer && out.n > 65536) {
			if (write_text(ev, writer, out.s, out.n, &binary, encoding) < 0)
				goto out;
			out.n = 0;
			out.s[0] = 0;
		}
		if ((r & 1023) == 1023 && ev_check_interrupt(ev))
			goto out;
	}
	if (*ftr) {
		sb_adds(&out, com);
		add_commented(&out, ftr, com);
		sb_adds(&out, nl);
	}
	if (writer) {
		if (out.n && write_text(ev, writer, out.s, out.n, &binary, encoding) < 0)
			goto out;
	} else {
		fp = fopen(path_copy, "wb");
		if (!fp) {
			int e = errno;
			err_set(ev, e == ENOENT ? TY_FileNotFoundError : e == EACCES ? TY_PermissionError : TY_OSError,
				"[Errno %d] %s: '%s'", e, strerror(e), path_copy);
			goto out;
		}
		if (out.n && fwrite(out.s, 1, out.n, fp) != out.n) {
			err_set(ev, TY_OSError, "write error on '%s'", path_copy);
			goto out;
		}
		int rc = fclose(fp);
		fp = NULL;
		if (rc != 0) {
			err_set(ev, TY_OSError, "write error on '%s'", path_copy);
			goto out;
		}
	}
	res = val_none();
out:
	if (fp)
		fclose(fp);
	free(path_copy);
	val_decref(f);
	val_decref(writer);
	val_decref(format);
	free(out.s);
	free(fs.s);
	nd_decref(a);
	return res;
}

/* ---- np.fromstring(string, dtype=float, count=-1, *, sep) ---- */

/* NumPyOS_ascii_strtod after its whitespace: inf/infinity/nan/nan(...)
 * with a sign, else a Python float prefix; the bytes used, 0 if none */
static size_t float_elem(const char *q, const char *e, double *x)
{
	const char *p = q;
	int neg = 0;
	if (p < e && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (e - p >= 3 && !strncasecmp(p, "nan", 3)) {
		p += 3;
		if (p < e && *p == '(') {
			const char *r = p + 1;
			while (r < e && ((*r >= '0' && *r <= '9') || (*r >= 'a' && *r <= 'z') ||
					 (*r >= 'A' && *r <= 'Z') || *r == '_'))
				r++;
			p = r < e && *r == ')' ? r + 1 : r;
		}
		*x = NAN;
		return (size_t)(p - q);
	}
	if (e - p >= 3 && !strncasecmp(p, "inf", 3)) {
		p += 3;
		if (e - p >= 5 && !strncasecmp(p, "inity", 5))
			p += 5;
		*x = neg ? -INFINITY : INFINITY;
		return (size_t)(p - q);
	}
	return txt_double_prefix(q, (size_t)(e - q), x);
}

/* NumPy's separator matching: a space in sep matches any run of whitespace
 * (none too), other characters themselves; sep gets a leading space */
static int skip_sep(const char **s, const char *e, const char *sep)
{
	const char *p = *s;
	int rc;
	for (;;) {
		if (p >= e) {
			rc = -1;
			break;
		}
		if (!*sep) {
			rc = p != *s ? 0 : -2;
			break;
		}
		if (*sep == ' ') {
			if (!txt_is_space((unsigned char)*p)) {
				sep++;
				continue;
			}
		} else if (*sep != *p) {
			rc = -2;
			break;
		} else
			sep++;
		p++;
	}
	*s = p;
	return rc;
}

static struct value *f_fromstring(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *string, *dtype = NULL, *count = NULL, *sep = NULL, *like = NULL, *res = NULL;
	int dt = DT_FLOAT64;
	int64_t cnt = -1;
	struct rowbuf rb = {0};
	char *clean = NULL;
	if (args_parse(ev, "fromstring", argc, argv, kw, "string|dtype,count,$sep,like", &string, &dtype, &count,
		       &sep, &like) < 0)
		return NULL;
	if (dtype && dtype->type != VT_NONE && reader_dtype(ev, "fromstring", dtype, &dt) < 0)
		return NULL;
	if (count && args_int(ev, count, -1, &cnt) < 0)
		return NULL;
	const char *sp = sep && sep->type == VT_STR ? sep->u.str->s : "";
	if (!*sp)
		return err_set(ev, TY_ValueError, "The binary mode of fromstring is removed, use frombuffer instead");
	if (string->type != VT_STR && string->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(string));
	/* the separator as NumPy cleans it: whitespace runs -> one ' ', a leading ' ' */
	size_t sl = strlen(sp);
	if (!(clean = malloc(sl + 3)))
		return err_nomem(ev);
	{
		char *w = clean;
		int skip = 0;
		if (!txt_is_space((unsigned char)*sp))
			*w++ = ' ';
		for (const char *q = sp; *q; q++) {
			if (txt_is_space((unsigned char)*q)) {
				if (!skip)
					*w++ = ' ';
				skip = 1;
			} else {
				*w++ = *q;
				skip = 0;
			}
		}
		if (w != clean && w[-1] == ' ')
			*w++ = ' ';
		*w = 0;
	}
	rb.rowsize = (size_t)dt_size(dt);
	const char *s = string->u.str->s, *e = s + string->u.str->len;
	int stop = 0;
	for (int64_t i = 0; cnt < 0 || i < cnt; i++) {
		/* one element, as NumPy's parsers read it (NumPyOS_ascii_strtod,
		 * PyOS_strtol / PyOS_strtoul): whitespace they skip counts as read
		 * even when no number follows (floats then give -1.0, integers 0) */
		const char *q = s, *end;
		while (q < e && txt_is_space((unsigned char)*q))
			q++;
		struct npscalar v;
		memset(&v, 0, sizeof v);
		v.dtype = dt;
		if (dt_is_inexact(dt) || dt == DT_BOOL) {
			/* bool: NumPy parses a float and takes its truth */
			double x = 0, y = 0;
			size_t k = float_elem(q, e, &x);
			end = q + k;
			if (!k)
				x = -1.0;
			if (k && dt_is_complex(dt)) {
				const char *r = end;
				size_t k2;
				if (r < e && (*r == '+' || *r == '-') && (k2 = float_elem(r, e, &y)) &&
				    r + k2 < e && r[k2] == 'j')
					end = r + k2 + 1;
				else if (r < e && *r == 'j')
					y = x, x = 0, end = r + 1;
				else
					y = 0;
			}
			if (dt_is_complex(dt))
				v.v.c = dt == DT_COMPLEX64 ? CMPLX((float)x, (float)y) : CMPLX(x, y);
			else if (dt == DT_BOOL)
				v.v.b = x != 0;
			else
				v.v.f = dt == DT_FLOAT32 ? (double)(float)x : x;
		} else {
			const char *d = q;
			int neg = 0, unsig = dtype_table[dt].kind == DK_UINT, over = 0;
			uint64_t x = 0;
			if (!unsig && d < e && (*d == '+' || *d == '-')) {
				neg = *d++ == '-';
				while (d < e && txt_is_space((unsigned char)*d))
					d++;
			}
			for (; d < e && *d >= '0' && *d <= '9'; d++) {
				unsigned dg = (unsigned)(*d - '0');
				if (over || x > (UINT64_MAX - dg) / 10)
					over = 1;
				else
					x = x * 10 + dg;
			}
			end = d;
			if (unsig)
				v.v.u = over ? UINT64_MAX : x;
			else if (over || (x > (uint64_t)INT64_MAX && !(neg && x == (uint64_t)INT64_MAX + 1)))
				v.v.i = INT64_MAX;  /* PyOS_strtol: LONG_MAX either way */
			else
				v.v.i = neg ? (int64_t)(0 - x) : (int64_t)x;
		}
		if (end == s) {
			stop = s >= e ? -1 : -2;
			break;
		}
		size_t used = (size_t)(end - q);
		char *dst = rowbuf_next(ev, &rb);
		if (!dst)
			goto out;
		if (dt_is_int(dt)) {
			struct npscalar c, src = v;
			src.dtype = dtype_table[dt].kind == DK_UINT ? DT_UINT64 : DT_INT64;
			arr_scalar_cast(&src, dt, &c);
			arr_scalar_store(dt, dst, &c);
		} else
			arr_scalar_store(dt, dst, &v);
		s = q + used;
		if ((stop = skip_sep(&s, e, clean)) < 0)
			break;
	}
	if (stop == -2) {
		err_set(ev, TY_ValueError, "string or file could not be read to its end due to unmatched data");
		goto out;
	}
	if (cnt >= 0 && (int64_t)rb.rows != cnt) {
		err_set(ev, TY_ValueError, "string is smaller than requested size");
		goto out;
	}
	{
		int64_t n = (int64_t)rb.rows;
		struct ndarray *a = nd_new(ev, &backend_host, dt, 1, &n);
		if (!a)
			goto out;
		if (n)
			memcpy(nd_data(a), rb.data, (size_t)n * rb.rowsize);
		const struct backend *be = arr_be(bi);
		if (be != &backend_host) {
			struct ndarray *d = arr_to_backend(ev, a, be);
			nd_decref(a);
			if (!(a = d))
				goto out;
		}
		res = arr_wrap(ev, a);
	}
out:
	free(rb.data);
	free(clean);
	return res;
}

/* ---- np.fromregex(file, regexp, dtype, encoding=None) ----
 * NumPy's needs a structured dtype (one field per regex group), which
 * Lumen's arrays lack: its checks in its order, then a NotImplementedError. */
static struct value *f_fromregex(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *file, *regexp, *dtype, *enc = NULL;
	int dt;
	if (args_parse(ev, "fromregex", argc, argv, kw, "file,regexp,dtype|encoding", &file, &regexp, &dtype, &enc) < 0)
		return NULL;
	struct value *f = fspath(ev, file);
	if (!f)
		return NULL;
	if (f->type == VT_STR) {
		FILE *fp = fopen(f->u.str->s, "rb");
		if (!fp) {
			int e = errno;
			if (e == ENOENT)
				err_set(ev, TY_FileNotFoundError, "%s not found.", f->u.str->s);
			else
				err_set(ev, TY_OSError, "[Errno %d] %s: '%s'", e, strerror(e), f->u.str->s);
			val_decref(f);
			return NULL;
		}
		fclose(fp);
	}
	val_decref(f);
	if (dtype->type == VT_LIST || dtype->type == VT_TUPLE || dtype->type == VT_DICT)
		return err_set(ev, TY_NotImplementedError, "fromregex: structured dtypes (records) are not supported by Lumen's arrays");
	if (arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	return err_set(ev, TY_TypeError, "dtype must be a structured datatype.");
}

const struct arr_func arr_text_funcs[] = {
	{"fromregex", f_fromregex, "fromregex(file, regexp, dtype, encoding=None)",
	 "Construct an array from a text file, using regular expression parsing."},
	{"loadtxt", f_loadtxt, TXT_LOADTXT_SIG, TXT_LOADTXT_DOC},
	{"genfromtxt", f_genfromtxt, TXT_GENFROMTXT_SIG, TXT_GENFROMTXT_DOC},
	{"savetxt", f_savetxt,
	 "savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\\n', header='', footer='', comments='# ', encoding=None)",
	 "Save an array to a text file."},
	{"fromstring", f_fromstring, "fromstring(string, dtype=float, count=-1, *, sep, like=None)",
	 "A new 1-D array initialized from text data in a string."},
	{NULL, NULL, NULL, NULL}
};

/* ---- the input for textflex.c (textio_int.h) ---- */

int textio_src_open(struct eval *ev, const char *fn, struct lines_src *s, struct value *fname,
		    struct value *encoding, int by_line)
{
	return src_open(ev, fn, s, fname, encoding, by_line);
}

int textio_src_next(void *ctx, const char **p, size_t *len, int *line)
{
	return src_next(ctx, p, len, line);
}

void textio_src_close(struct lines_src *s)
{
	src_close(s);
}
