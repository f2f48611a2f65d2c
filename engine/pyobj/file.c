/*
 * file.c — open() and its file objects: text (UTF-8 str) and binary (bytes)
 * modes r/w/a/x with '+', read/readline/readlines/write/writelines, seek,
 * tell, flush, close, iteration over lines and `with`.  A stdio FILE inside a
 * VT_OBJECT.  Errors are CPython's: FileNotFoundError "[Errno 2] No such file
 * or directory: 'x'" (args (errno, strerror), .errno .strerror .filename),
 * "I/O operation on closed file.", io.UnsupportedOperation as OSError.
 * Never encodings other than UTF-8, nor newline translation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bytesobj.h"
#include "pyobj/pyobj.h"

struct pyfile {
	FILE *fp;
	char *name;
	char mode[8];      /* as given: "r", "wb", "a+" */
	int binary, readable, writable;
};

static const struct objtype file_type;

static struct pyfile *F(const struct value *v) { return v->u.obj.p; }

/* OSError subclass of errno e with filename (may be NULL): NULL */
static void *os_error(struct eval *ev, int e, const char *filename)
{
	enum typeid t = e == ENOENT ? TY_FileNotFoundError : e == EACCES || e == EPERM ? TY_PermissionError :
			e == EISDIR ? TY_IsADirectoryError : e == EEXIST ? TY_FileExistsError : TY_OSError;
	struct sbuf b = {0};
	char *q = filename ? str_repr(filename, strlen(filename)) : NULL;
	sb_printf(&b, "[Errno %d] %s", e, strerror(e));
	if (q)
		sb_printf(&b, ": %s", q);
	free(q);
	char *msg = sb_take(&b);
	struct value *x = msg ? val_exception_new(t, msg) : NULL;
	free(msg);
	if (!x)
		return err_nomem(ev);
	struct value *items[2] = { val_int(e), val_cstr(strerror(e)) };
	val_decref(x->u.exc.args);
	x->u.exc.args = val_tuple_new(2, items);
	if (!x->u.exc.args || cls_exc_setattr(ev, x, "errno", x->u.exc.args->u.seq.items[0]) < 0 ||
	    cls_exc_setattr(ev, x, "strerror", x->u.exc.args->u.seq.items[1]) < 0) {
		val_decref(x);
		return err_nomem(ev);
	}
	struct value *fn = filename ? val_cstr(filename) : val_none();
	if (!fn || cls_exc_setattr(ev, x, "filename", fn) < 0) {
		val_decref(fn);
		val_decref(x);
		return err_nomem(ev);
	}
	val_decref(fn);
	err_set_value(ev, x);
	return NULL;
}

static void file_free(void *p)
{
	struct pyfile *f = p;
	if (f->fp)
		fclose(f->fp);
	free(f->name);
	free(f);
}

static int check_open(struct eval *ev, struct pyfile *f, int want)
{
	if (!f->fp) {
		err_set(ev, TY_ValueError, "I/O operation on closed file.");
		return -1;
	}
	if (want == 'r' && !f->readable) {
		err_set(ev, TY_OSError, "not readable");
		return -1;
	}
	if (want == 'w' && !f->writable) {
		err_set(ev, TY_OSError, "not writable");
		return -1;
	}
	return 0;
}

/* bytes [buf, n) as the file's kind of value: str (UTF-8) or bytes */
static struct value *as_value(struct eval *ev, struct pyfile *f, char *buf, size_t n)
{
	struct value *v;
	if (f->binary) {
		v = val_bytes(buf, n);
	} else {
		v = val_str(buf, n);
	}
	return v ? v : err_nomem(ev);
}

/* up to limit code points / bytes (< 0: no limit) to the end of the file,
 * or (line) of the line, its newline kept */
static struct value *read_upto(struct eval *ev, struct pyfile *f, int64_t limit, int line)
{
	struct sbuf b = {0};
	int64_t k = 0;
	int c;
	while ((limit < 0 || k < limit) && (c = getc(f->fp)) != EOF) {
		sb_addc(&b, (char)c);
		if (f->binary || ((unsigned char)c & 0xC0) != 0x80)
			k++;
		if (line && c == '\n')
			break;
	}
	/* a text read ends on a whole character */
	while (!f->binary && limit >= 0 && (c = getc(f->fp)) != EOF) {
		if (((unsigned char)c & 0xC0) != 0x80) {
			ungetc(c, f->fp);
			break;
		}
		sb_addc(&b, (char)c);
	}
	if (b.oom) {
		free(b.s);
		return err_nomem(ev);
	}
	struct value *v = as_value(ev, f, b.s ? b.s : (char *)"", b.n);
	free(b.s);
	return v;
}

#define SELF (bi->self)

static struct value *m_read(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *size = NULL;
	int64_t n;
	if (args_parse(ev, "read", argc, argv, kw, "|size", &size) < 0 || args_int(ev, size, -1, &n) < 0 ||
	    check_open(ev, F(SELF), 'r') < 0)
		return NULL;
	return read_upto(ev, F(SELF), n, 0);
}

static struct value *m_readline(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *size = NULL;
	int64_t n;
	if (args_parse(ev, "readline", argc, argv, kw, "|size", &size) < 0 || args_int(ev, size, -1, &n) < 0 ||
	    check_open(ev, F(SELF), 'r') < 0)
		return NULL;
	return read_upto(ev, F(SELF), n, 1);
}

static int is_empty(struct value *v)
{
	return v->u.str->len == 0;
}

static struct value *m_readlines(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	if (args_parse(ev, "readlines", argc, argv, kw, "") < 0 || check_open(ev, F(SELF), 'r') < 0)
		return NULL;
	struct value *l = val_list_new(0, NULL);
	if (!l)
		return err_nomem(ev);
	for (;;) {
		struct value *x = read_upto(ev, F(SELF), -1, 1);
		if (!x) {
			val_decref(l);
			return NULL;
		}
		if (is_empty(x)) {
			val_decref(x);
			return l;
		}
		if (list_append(l, x) < 0) {
			val_decref(l);
			return err_nomem(ev);
		}
	}
}

static int write_one(struct eval *ev, struct pyfile *f, struct value *s, int64_t *count)
{
	if (f->binary ? s->type != VT_BYTES : s->type != VT_STR) {
		err_set(ev, TY_TypeError, f->binary ? "a bytes-like object is required, not '%s'" :
			"write() argument must be str, not %s", val_type_name(s));
		return -1;
	}
	if (s->u.str->len && fwrite(s->u.str->s, 1, s->u.str->len, f->fp) != s->u.str->len) {
		os_error(ev, errno, NULL);
		return -1;
	}
	*count += f->binary ? (int64_t)s->u.str->len : (int64_t)utf8_len(s->u.str->s, s->u.str->len);
	return 0;
}

static struct value *m_write(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *s = NULL;
	int64_t n = 0;
	if (args_parse(ev, "write", argc, argv, kw, "s", &s) < 0 || check_open(ev, F(SELF), 'w') < 0 ||
	    write_one(ev, F(SELF), s, &n) < 0)
		return NULL;
	return val_int(n);
}

static struct value *m_writelines(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *lines = NULL;
	int64_t n = 0;
	if (args_parse(ev, "writelines", argc, argv, kw, "lines", &lines) < 0 || check_open(ev, F(SELF), 'w') < 0)
		return NULL;
	struct value *items = val_iter_list(ev, lines);
	if (!items)
		return NULL;
	for (size_t i = 0; i < items->u.seq.n; i++)
		if (write_one(ev, F(SELF), items->u.seq.items[i], &n) < 0) {
			val_decref(items);
			return NULL;
		}
	val_decref(items);
	return val_none();
}

static struct value *m_close(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	if (args_parse(ev, "close", argc, argv, kw, "") < 0)
		return NULL;
	struct pyfile *f = F(SELF);
	if (f->fp) {
		int r = fclose(f->fp);
		f->fp = NULL;
		if (r != 0)
			return os_error(ev, errno, NULL);
	}
	return val_none();
}

static struct value *m_flush(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	if (args_parse(ev, "flush", argc, argv, kw, "") < 0 || check_open(ev, F(SELF), 0) < 0)
		return NULL;
	fflush(F(SELF)->fp);
	return val_none();
}

static struct value *m_seek(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *off = NULL, *wh = NULL;
	int64_t o, w;
	if (args_parse(ev, "seek", argc, argv, kw, "cookie|whence", &off, &wh) < 0 ||
	    val_as_int64(ev, off, &o) < 0 || args_int(ev, wh, 0, &w) < 0 || check_open(ev, F(SELF), 0) < 0)
		return NULL;
	if (!F(SELF)->binary && (w == 1 || w == 2) && o != 0)
		return err_set(ev, TY_OSError, "can't do nonzero %s-relative seeks", w == 1 ? "cur" : "end");
	if (fseeko(F(SELF)->fp, (off_t)o, w == 1 ? SEEK_CUR : w == 2 ? SEEK_END : SEEK_SET) != 0)
		return os_error(ev, errno, NULL);
	return val_int((int64_t)ftello(F(SELF)->fp));
}

static struct value *m_tell(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	if (args_parse(ev, "tell", argc, argv, kw, "") < 0 || check_open(ev, F(SELF), 0) < 0)
		return NULL;
	return val_int((int64_t)ftello(F(SELF)->fp));
}

static struct value *m_bool(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	const char *n = bi->name;
	if (args_parse(ev, n, argc, argv, kw, "") < 0 || check_open(ev, F(SELF), 0) < 0)
		return NULL;
	return val_bool(!strcmp(n, "readable") ? F(SELF)->readable : !strcmp(n, "writable") ? F(SELF)->writable :
			!strcmp(n, "seekable"));
}

static const struct { const char *name; builtin_fn fn; } methods[] = {
	{"read", m_read}, {"readline", m_readline}, {"readlines", m_readlines}, {"write", m_write},
	{"writelines", m_writelines}, {"close", m_close}, {"flush", m_flush}, {"seek", m_seek},
	{"tell", m_tell}, {"readable", m_bool}, {"writable", m_bool}, {"seekable", m_bool},
};

static const char *const file_attrs[] = {
	"close", "closed", "flush", "mode", "name", "read", "readable", "readline", "readlines",
	"seek", "seekable", "tell", "writable", "write", "writelines", NULL,
};

static struct value *file_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct pyfile *f = F(self);
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(methods[i].name, name)) {
			struct value *b = val_builtin(methods[i].name, methods[i].fn, self, NULL);
			return b ? b : err_nomem(ev);
		}
	if (!strcmp(name, "name"))
		return val_cstr(f->name);
	if (!strcmp(name, "mode"))
		return val_cstr(f->mode);
	if (!strcmp(name, "closed"))
		return val_bool(f->fp == NULL);
	if (!strcmp(name, "encoding") && !f->binary)
		return val_cstr("UTF-8");
	return NULL;
}

static char *file_repr(struct eval *ev, struct value *self)
{
	struct pyfile *f = F(self);
	struct sbuf b = {0};
	char *q = str_repr(f->name, strlen(f->name));
	(void)ev;
	if (!f->fp)
		sb_printf(&b, "<_io.%s name=%s>", f->binary ? (f->readable && !f->writable ? "BufferedReader" :
			  f->writable && !f->readable ? "BufferedWriter" : "BufferedRandom") : "TextIOWrapper", q);
	else if (f->binary)
		sb_printf(&b, "<_io.%s name=%s>", f->readable && !f->writable ? "BufferedReader" :
			  f->writable && !f->readable ? "BufferedWriter" : "BufferedRandom", q);
	else
		sb_printf(&b, "<_io.TextIOWrapper name=%s mode='%s' encoding='UTF-8'>", q, f->mode);
	free(q);
	return sb_take(&b);
}

static struct value *file_iter(struct eval *ev, struct value *self)
{
	if (check_open(ev, F(self), 0) < 0)
		return NULL;
	return val_incref(self);
}

static struct value *file_next(struct eval *ev, struct value *self)
{
	if (check_open(ev, F(self), 'r') < 0)
		return NULL;
	struct value *x = read_upto(ev, F(self), -1, 1);
	if (x && is_empty(x)) {
		val_decref(x);
		return NULL;
	}
	return x;
}

static int file_enter(struct eval *ev, struct value *self)
{
	return check_open(ev, F(self), 0);
}

static int file_exit(struct eval *ev, struct value *self)
{
	struct pyfile *f = F(self);
	if (f->fp) {
		int r = fclose(f->fp);
		f->fp = NULL;
		if (r != 0) {
			os_error(ev, errno, NULL);
			return -1;
		}
	}
	return 0;
}

static const struct objtype file_type = {
	.name = "_io.TextIOWrapper", .free = file_free, .getattr = file_getattr, .repr = file_repr,
	.attrs = file_attrs, .iter = file_iter, .next = file_next, .enter = file_enter, .exit = file_exit,
};

struct value *file_open(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw)
{
	struct value *file = NULL, *mode = NULL, *buffering = NULL, *encoding = NULL, *errors = NULL,
		     *newline = NULL;
	if (args_parse(ev, "open", argc, argv, kw, "file|mode,buffering,encoding,errors,newline",
		       &file, &mode, &buffering, &encoding, &errors, &newline) < 0)
		return NULL;
	const char *path = val_as_cstr(file);
	if (!path) {
		if (file->type == VT_INT || file->type == VT_BOOL)
			return err_set(ev, TY_NotImplementedError, "open() of a file descriptor is not supported by Lumen");
		return err_set(ev, TY_TypeError, "expected str, bytes or os.PathLike object, not %s", val_type_name(file));
	}
	const char *m = mode ? val_as_cstr(mode) : "r";
	if (!m)
		return err_set(ev, TY_TypeError, "open() argument 'mode' must be str, not %s", val_type_name(mode));
	int r = 0, w = 0, a = 0, x = 0, b = 0, t = 0, plus = 0;
	for (const char *p = m; *p; p++) {
		int *flag = *p == 'r' ? &r : *p == 'w' ? &w : *p == 'a' ? &a : *p == 'x' ? &x :
			    *p == 'b' ? &b : *p == 't' ? &t : *p == '+' ? &plus : NULL;
		if (!flag || *flag)
			return err_set(ev, TY_ValueError, "invalid mode: '%s'", m);
		*flag = 1;
	}
	if (r + w + a + x != 1 || (b && t))
		return err_set(ev, TY_ValueError, r + w + a + x ? "must have exactly one of create/read/write/append mode" :
			       b && t ? "can't have text and binary mode at once" :
			       "Must have exactly one of create/read/write/append mode and at most one plus");
	if (b && encoding && encoding->type != VT_NONE)
		return err_set(ev, TY_ValueError, "binary mode doesn't take an encoding argument");
	if (encoding && encoding->type != VT_NONE) {
		const char *e = val_as_cstr(encoding);
		if (!e || (strcasecmp(e, "utf-8") && strcasecmp(e, "utf8") && strcasecmp(e, "ascii")))
			return err_set(ev, TY_NotImplementedError, "open(): only the UTF-8 encoding is supported by Lumen");
	}
	char cmode[4] = {0};
	cmode[0] = r ? 'r' : w ? 'w' : a ? 'a' : 'w';
	cmode[1] = plus ? '+' : 0;
	if (x) {
		FILE *probe = fopen(path, "r");
		if (probe) {
			fclose(probe);
			return os_error(ev, EEXIST, path);
		}
	}
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return os_error(ev, EISDIR, path);
	FILE *fp = fopen(path, cmode);
	if (!fp)
		return os_error(ev, errno, path);
	struct pyfile *f = calloc(1, sizeof *f);
	if (!f || !(f->name = strdup(path))) {
		free(f);
		fclose(fp);
		return err_nomem(ev);
	}
	f->fp = fp;
	snprintf(f->mode, sizeof f->mode, "%s", m);
	f->binary = b;
	f->readable = r || plus;
	f->writable = w || a || x || plus;
	struct value *v = val_object_new(&file_type, f);
	return v ? v : err_nomem(ev);
}
