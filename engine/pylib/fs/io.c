/*
 * io.c — the io module's in-memory streams: StringIO (text; positions count
 * code points, as CPython's) and BytesIO (bytes), with write/writelines/read/
 * readline/readlines/getvalue/seek/tell/truncate/close, iteration by line and
 * `with`.  Any function that writes through a file's write method (print's
 * file=, json.dump) can write to them.  Owns the stream buffers.
 */
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"

struct mio {
	char *buf;
	size_t len, cap, pos; /* bytes */
	int binary, closed;
};

static const struct objtype stringio_type, bytesio_type;

static struct mio *MIO(struct value *v) { return v->u.obj.p; }

static void mio_free(void *p)
{
	struct mio *m = p;
	free(m->buf);
	free(m);
}

static int mio_check(struct eval *ev, struct mio *m)
{
	if (m->closed) {
		/* CPython: BytesIO ends the sentence, StringIO does not */
		err_set(ev, TY_ValueError, m->binary ? "I/O operation on closed file." : "I/O operation on closed file");
		return -1;
	}
	return 0;
}

static struct value *mio_slice(struct mio *m, size_t a, size_t b)
{
	return m->binary ? val_bytes(m->buf + a, b - a) : val_str(m->buf ? m->buf + a : "", b - a);
}

/* writes n bytes at pos (padding with NULs past the end); 0 or -1 */
static int mio_put(struct eval *ev, struct mio *m, const char *s, size_t n)
{
	size_t end = m->pos + n;
	if (end + 1 > m->cap) {
		size_t cap = m->cap ? m->cap : 64;
		while (cap < end + 1)
			cap *= 2;
		char *nb = realloc(m->buf, cap);
		if (!nb) {
			err_nomem(ev);
			return -1;
		}
		m->buf = nb;
		m->cap = cap;
	}
	if (m->pos > m->len)
		memset(m->buf + m->len, 0, m->pos - m->len);
	memcpy(m->buf + m->pos, s, n);
	m->pos = end;
	if (end > m->len)
		m->len = end;
	m->buf[m->len] = 0;
	return 0;
}

static int mio_write_value(struct eval *ev, struct mio *m, struct value *x)
{
	if (m->binary ? x->type != VT_BYTES : x->type != VT_STR) {
		if (m->binary)
			err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(x));
		else
			err_set(ev, TY_TypeError, "string argument expected, got '%s'", val_type_name(x));
		return -1;
	}
	return mio_put(ev, m, x->u.str->s, x->u.str->len);
}

PYFN(mio_write)
{
	struct mio *m = MIO(bi->self);
	if (argc != 1)
		return err_set(ev, TY_TypeError, "write() takes exactly one argument (%d given)", argc);
	if (mio_check(ev, m) < 0 || mio_write_value(ev, m, argv[0]) < 0)
		return NULL;
	size_t n = argv[0]->u.str->len;
	return val_int((int64_t)(m->binary ? n : utf8_len(argv[0]->u.str->s, n)));
}

PYFN(mio_writelines)
{
	struct mio *m = MIO(bi->self);
	if (argc != 1)
		return err_set(ev, TY_TypeError, "writelines() takes exactly one argument (%d given)", argc);
	if (mio_check(ev, m) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	for (size_t i = 0; i < items->u.seq.n; i++)
		if (mio_write_value(ev, m, items->u.seq.items[i]) < 0) {
			val_decref(items);
			return NULL;
		}
	val_decref(items);
	return val_none();
}

/* the byte offset n units (code points for text) after pos, capped at len */
static size_t mio_advance(struct mio *m, int64_t n)
{
	size_t start = m->pos > m->len ? m->len : m->pos;
	if (n < 0)
		return m->len;
	if (m->binary)
		return start + (size_t)n > m->len ? m->len : start + (size_t)n;
	return start + utf8_offset(m->buf + start, m->len - start, (size_t)n);
}

static int size_arg(struct eval *ev, struct value *v, int64_t *n)
{
	return args_int(ev, v, -1, n);
}

PYFN(mio_read)
{
	struct mio *m = MIO(bi->self);
	struct value *sz = NULL;
	int64_t n;
	if (args_parse(ev, "read", argc, argv, kw, "|size", &sz) < 0 || size_arg(ev, sz, &n) < 0 || mio_check(ev, m) < 0)
		return NULL;
	size_t start = m->pos > m->len ? m->len : m->pos, end = mio_advance(m, n);
	m->pos = end;
	return mio_slice(m, start, end);
}

/* the end of the line starting at pos (after its '\n'), at most limit units */
static size_t line_end(struct mio *m, int64_t limit)
{
	size_t start = m->pos > m->len ? m->len : m->pos;
	const char *nl = m->buf ? memchr(m->buf + start, '\n', m->len - start) : NULL;
	size_t end = nl ? (size_t)(nl - m->buf) + 1 : m->len;
	if (limit >= 0) {
		size_t cap = mio_advance(m, limit);
		if (cap < end)
			end = cap;
	}
	return end;
}

PYFN(mio_readline)
{
	struct mio *m = MIO(bi->self);
	struct value *sz = NULL;
	int64_t n;
	if (args_parse(ev, "readline", argc, argv, kw, "|size", &sz) < 0 || size_arg(ev, sz, &n) < 0 ||
	    mio_check(ev, m) < 0)
		return NULL;
	size_t start = m->pos > m->len ? m->len : m->pos, end = line_end(m, n);
	m->pos = end;
	return mio_slice(m, start, end);
}

PYFN(mio_readlines)
{
	struct mio *m = MIO(bi->self);
	if (mio_check(ev, m) < 0)
		return NULL;
	struct value *l = val_list_new(0, NULL);
	while (l && m->pos < m->len) {
		size_t start = m->pos, end = line_end(m, -1);
		m->pos = end;
		if (list_append(l, mio_slice(m, start, end)) < 0) {
			val_decref(l);
			l = NULL;
		}
	}
	return l ? l : err_nomem(ev);
}

PYFN(mio_getvalue)
{
	struct mio *m = MIO(bi->self);
	if (mio_check(ev, m) < 0)
		return NULL;
	return mio_slice(m, 0, m->len);
}

PYFN(mio_tell)
{
	struct mio *m = MIO(bi->self);
	if (mio_check(ev, m) < 0)
		return NULL;
	if (m->binary || m->pos > m->len)
		return val_int((int64_t)m->pos);
	return val_int((int64_t)utf8_len(m->buf ? m->buf : "", m->pos));
}

PYFN(mio_seek)
{
	struct mio *m = MIO(bi->self);
	struct value *pv = NULL, *wv = NULL;
	int64_t p, w;
	if (args_parse(ev, "seek", argc, argv, kw, "pos|whence", &pv, &wv) < 0 || val_as_int64(ev, pv, &p) < 0 ||
	    args_int(ev, wv, 0, &w) < 0 || mio_check(ev, m) < 0)
		return NULL;
	if (w < 0 || w > 2)
		return err_set(ev, TY_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)w);
	if (!m->binary && w != 0 && p != 0)
		return err_set(ev, TY_OSError, "Can't do nonzero cur-relative seeks");
	if (w == 0 && p < 0)
		return err_set(ev, TY_ValueError, "negative seek value %lld", (long long)p);
	if (w == 2) {
		p += m->binary ? (int64_t)m->len : (int64_t)utf8_len(m->buf ? m->buf : "", m->len);
	} else if (w == 1) {
		p += m->binary ? (int64_t)m->pos : (int64_t)utf8_len(m->buf ? m->buf : "", m->pos);
	}
	if (p < 0)
		p = 0;
	if (m->binary) {
		m->pos = (size_t)p;
	} else {
		size_t total = utf8_len(m->buf ? m->buf : "", m->len);
		m->pos = (size_t)p <= total ? utf8_offset(m->buf ? m->buf : "", m->len, (size_t)p)
					    : m->len + ((size_t)p - total);
	}
	return val_int(p);
}

PYFN(mio_truncate)
{
	struct mio *m = MIO(bi->self);
	struct value *sv = NULL;
	int64_t n;
	if (args_parse(ev, "truncate", argc, argv, kw, "|size", &sv) < 0 || mio_check(ev, m) < 0)
		return NULL;
	if (!sv || sv->type == VT_NONE) {
		n = (int64_t)m->pos;
	} else {
		if (val_as_int64(ev, sv, &n) < 0)
			return NULL;
		if (n < 0)
			return err_set(ev, TY_ValueError, "negative size value %lld", (long long)n);
		if (!m->binary)
			n = (int64_t)utf8_offset(m->buf ? m->buf : "", m->len, (size_t)n);
	}
	if ((size_t)n < m->len) {
		m->len = (size_t)n;
		m->buf[m->len] = 0;
	}
	return val_int(m->binary ? n : (int64_t)utf8_len(m->buf ? m->buf : "", (size_t)n));
}

PYFN(mio_close)
{
	MIO(bi->self)->closed = 1;
	return val_none();
}

PYFN(mio_flush)
{
	return mio_check(ev, MIO(bi->self)) < 0 ? NULL : val_none();
}

PYFN(mio_true)
{
	return mio_check(ev, MIO(bi->self)) < 0 ? NULL : val_bool(strcmp(bi->name, "isatty") != 0);
}

static const struct pyfn mio_methods[] = {
	{"write", mio_write}, {"writelines", mio_writelines}, {"read", mio_read}, {"readline", mio_readline},
	{"readlines", mio_readlines}, {"getvalue", mio_getvalue}, {"tell", mio_tell}, {"seek", mio_seek},
	{"truncate", mio_truncate}, {"close", mio_close}, {"flush", mio_flush}, {"readable", mio_true},
	{"writable", mio_true}, {"seekable", mio_true}, {"isatty", mio_true},
};

static struct value *mio_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "closed"))
		return val_bool(MIO(self)->closed);
	for (size_t i = 0; i < sizeof mio_methods / sizeof mio_methods[0]; i++)
		if (!strcmp(name, mio_methods[i].name))
			return val_builtin(mio_methods[i].name, mio_methods[i].fn, self, NULL);
	return NULL;
}

static struct value *mio_next(struct eval *ev, struct value *self)
{
	struct mio *m = MIO(self);
	if (mio_check(ev, m) < 0 || m->pos >= m->len)
		return NULL;
	size_t start = m->pos, end = line_end(m, -1);
	m->pos = end;
	return mio_slice(m, start, end);
}

static int mio_enter(struct eval *ev, struct value *self)
{
	return mio_check(ev, MIO(self));
}

static int mio_exit(struct eval *ev, struct value *self)
{
	MIO(self)->closed = 1;
	return 0;
}

static char *mio_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<_io.%s object at %p>", MIO(self)->binary ? "BytesIO" : "StringIO", (void *)self);
	return sb_take(&b);
}

static const char *const mio_attrs[] = {"write", "writelines", "read", "readline", "readlines", "getvalue",
	"tell", "seek", "truncate", "close", "closed", "flush", NULL};
static const struct objtype stringio_type = {
	.name = "_io.StringIO", .free = mio_free, .getattr = mio_getattr, .repr = mio_repr, .attrs = mio_attrs,
	.next = mio_next, .enter = mio_enter, .exit = mio_exit,
};
static const struct objtype bytesio_type = {
	.name = "_io.BytesIO", .free = mio_free, .getattr = mio_getattr, .repr = mio_repr, .attrs = mio_attrs,
	.next = mio_next, .enter = mio_enter, .exit = mio_exit,
};

static struct value *mio_new(struct eval *ev, int binary, struct value *init)
{
	struct mio *m = calloc(1, sizeof *m);
	if (!m)
		return err_nomem(ev);
	m->binary = binary;
	if (init && init->type != VT_NONE) {
		if (mio_write_value(ev, m, init) < 0) {
			if (!binary && err_occurred(ev)) {
				val_decref(err_fetch(ev));
				err_tb_clear(ev);
				err_set(ev, TY_TypeError, "initial_value must be str or None, not %s", val_type_name(init));
			}
			mio_free(m);
			return NULL;
		}
		m->pos = 0;
	}
	return val_object_new(binary ? &bytesio_type : &stringio_type, m);
}

PYFN(io_StringIO)
{
	struct value *init = NULL, *nl = NULL;
	if (args_parse(ev, "StringIO", argc, argv, kw, "|initial_value,newline", &init, &nl) < 0)
		return NULL;
	return mio_new(ev, 0, init);
}

PYFN(io_BytesIO)
{
	struct value *init = NULL;
	if (args_parse(ev, "BytesIO", argc, argv, kw, "|initial_bytes", &init) < 0)
		return NULL;
	return mio_new(ev, 1, init);
}

static const struct pyfn io_fns[] = {
	{"StringIO", io_StringIO}, {"BytesIO", io_BytesIO},
};

struct value *pyio_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "io", io_fns, sizeof io_fns / sizeof io_fns[0]);
	if (m && (pylib_add(ev, m, "SEEK_SET", val_int(0)) < 0 || pylib_add(ev, m, "SEEK_CUR", val_int(1)) < 0 ||
		  pylib_add(ev, m, "SEEK_END", val_int(2)) < 0)) {
		val_decref(m);
		return NULL;
	}
	return m;
}
