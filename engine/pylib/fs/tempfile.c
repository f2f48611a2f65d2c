/*
 * tempfile.c — the tempfile module: gettempdir, mkdtemp and mkstemp (names
 * "tmp" + 8 random characters, created exclusively, mode 0700/0600),
 * TemporaryDirectory (with: the name; leaving removes the tree) and
 * NamedTemporaryFile/TemporaryFile (the file opened by the builtin open(),
 * removed on close when delete=True).  Owns the directories and files it made
 * until they are cleaned up.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pylib/pylib_int.h"

static const char *tempdir(void)
{
	static const char *const vars[] = {"TMPDIR", "TEMP", "TMP"};
	for (size_t i = 0; i < 3; i++) {
		const char *d = getenv(vars[i]);
		struct stat st;
		if (d && *d && stat(d, &st) == 0 && S_ISDIR(st.st_mode) && access(d, W_OK) == 0)
			return d;
	}
	return "/tmp";
}

static int str_opt(struct eval *ev, struct value *v, const char *def, const char **out)
{
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	if (v->type != VT_STR) {
		err_set(ev, TY_TypeError, "Can't mix strings and bytes in path components");
		return -1;
	}
	*out = v->u.str->s;
	return 0;
}

/* a fresh candidate name: dir/prefix + 8 random characters + suffix (malloc'd) */
static char *candidate(const char *dir, const char *prefix, const char *suffix)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
	unsigned char rnd[8];
	char name[9];
	if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
		for (int i = 0; i < 8; i++)
			rnd[i] = (unsigned char)rand();
	for (int i = 0; i < 8; i++)
		name[i] = chars[rnd[i] % (sizeof chars - 1)];
	name[8] = 0;
	struct sbuf b = {0};
	sb_printf(&b, "%s%s%s%s%s", dir, dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "", prefix, name, suffix);
	return sb_take(&b);
}

/* mkdtemp / mkstemp: the new path (malloc'd) and for files the open fd */
static char *make_temp(struct eval *ev, struct value *sv, struct value *pv, struct value *dv, int isdir, int *fd)
{
	const char *suffix, *prefix, *dir;
	if (str_opt(ev, sv, "", &suffix) < 0 || str_opt(ev, pv, "tmp", &prefix) < 0 ||
	    str_opt(ev, dv, tempdir(), &dir) < 0)
		return NULL;
	for (int tries = 0; tries < 100; tries++) {
		char *p = candidate(dir, prefix, suffix);
		if (!p) {
			err_nomem(ev);
			return NULL;
		}
		int r = isdir ? mkdir(p, 0700) : (*fd = open(p, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
		if (r >= 0)
			return p;
		int e = errno;
		if (e != EEXIST) {
			pylib_oserror(ev, e, p, NULL);
			free(p);
			return NULL;
		}
		free(p);
	}
	err_set(ev, TY_FileExistsError, "[Errno 17] No usable temporary file name found");
	return NULL;
}

PYFN(tf_gettempdir) { return val_cstr(tempdir()); }
PYFN(tf_gettempprefix) { return val_cstr("tmp"); }

PYFN(tf_mkdtemp)
{
	struct value *s = NULL, *p = NULL, *d = NULL;
	if (args_parse(ev, "mkdtemp", argc, argv, kw, "|suffix,prefix,dir", &s, &p, &d) < 0)
		return NULL;
	char *path = make_temp(ev, s, p, d, 1, NULL);
	return path ? val_str_take(path, strlen(path)) : NULL;
}

PYFN(tf_mkstemp)
{
	struct value *s = NULL, *p = NULL, *d = NULL, *text = NULL;
	int fd = -1;
	if (args_parse(ev, "mkstemp", argc, argv, kw, "|suffix,prefix,dir,text", &s, &p, &d, &text) < 0)
		return NULL;
	char *path = make_temp(ev, s, p, d, 0, &fd);
	if (!path)
		return NULL;
	struct value *t[2] = { val_int(fd), val_str_take(path, strlen(path)) };
	return val_tuple_new(2, t);
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

/* ---- TemporaryDirectory ---- */

struct tdir { char *name; int done; };

static void tdir_free(void *p)
{
	struct tdir *t = p;
	free(t->name);
	free(t);
}

static int tdir_cleanup(struct eval *ev, struct tdir *t)
{
	if (t->done)
		return 0;
	t->done = 1;
	if (nftw(t->name, rm_one, 16, FTW_DEPTH | FTW_PHYS) < 0 && errno != ENOENT) {
		pylib_oserror(ev, errno, t->name, NULL);
		return -1;
	}
	return 0;
}

PYFN(tdir_cleanup_m)
{
	return tdir_cleanup(ev, bi->self->u.obj.p) < 0 ? NULL : val_none();
}

static struct value *tdir_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct tdir *t = self->u.obj.p;
	if (!strcmp(name, "name"))
		return val_cstr(t->name);
	if (!strcmp(name, "cleanup"))
		return val_builtin("cleanup", tdir_cleanup_m, self, NULL);
	return NULL;
}

static int tdir_enter(struct eval *ev, struct value *self)
{
	return 0;
}

/* `with TemporaryDirectory() as d`: d is the name */
static struct value *tdir_value(struct eval *ev, struct value *self)
{
	return val_cstr(((struct tdir *)self->u.obj.p)->name);
}

static int tdir_exit(struct eval *ev, struct value *self)
{
	return tdir_cleanup(ev, self->u.obj.p);
}

static char *tdir_repr(struct eval *ev, struct value *self)
{
	struct tdir *t = self->u.obj.p;
	char *r = str_repr(t->name, strlen(t->name));
	struct sbuf b = {0};
	sb_printf(&b, "<TemporaryDirectory %s>", r ? r : "");
	free(r);
	return sb_take(&b);
}

static const char *const tdir_attrs[] = {"name", "cleanup", NULL};
static const struct objtype tdir_type = {
	.name = "tempfile.TemporaryDirectory", .free = tdir_free, .getattr = tdir_getattr, .repr = tdir_repr,
	.enter = tdir_enter, .enter_value = tdir_value, .exit = tdir_exit, .attrs = tdir_attrs,
};

PYFN(tf_TemporaryDirectory)
{
	struct value *s = NULL, *p = NULL, *d = NULL, *ig = NULL;
	if (args_parse(ev, "TemporaryDirectory", argc, argv, kw, "|suffix,prefix,dir,ignore_cleanup_errors", &s, &p, &d, &ig) < 0)
		return NULL;
	char *path = make_temp(ev, s, p, d, 1, NULL);
	if (!path)
		return NULL;
	struct tdir *t = calloc(1, sizeof *t);
	if (!t) {
		rmdir(path);
		free(path);
		return err_nomem(ev);
	}
	t->name = path;
	return val_object_new(&tdir_type, t);
}

/* ---- NamedTemporaryFile: a file from the builtin open(), removed on close ---- */

struct tfile { struct value *file; char *name; int delete, closed; };

static void tfile_free(void *p)
{
	struct tfile *t = p;
	val_decref(t->file);
	free(t->name);
	free(t);
}

static int tfile_close(struct eval *ev, struct tfile *t)
{
	if (t->closed)
		return 0;
	t->closed = 1;
	struct value *c = val_getattr(ev, t->file, "close"), *r = c ? val_call(ev, c, 0, NULL, NULL) : NULL;
	val_decref(c);
	if (t->delete)
		unlink(t->name);
	if (!r)
		return -1;
	val_decref(r);
	return 0;
}

PYFN(tfile_close_m)
{
	return tfile_close(ev, bi->self->u.obj.p) < 0 ? NULL : val_none();
}

static struct value *tfile_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct tfile *t = self->u.obj.p;
	if (!strcmp(name, "name"))
		return val_cstr(t->name);
	if (!strcmp(name, "delete"))
		return val_bool(t->delete);
	if (!strcmp(name, "close"))
		return val_builtin("close", tfile_close_m, self, NULL);
	if (!strcmp(name, "file"))
		return val_incref(t->file);
	return val_getattr(ev, t->file, name);
}

static int tfile_enter(struct eval *ev, struct value *self)
{
	return 0;
}

static int tfile_exit(struct eval *ev, struct value *self)
{
	return tfile_close(ev, self->u.obj.p);
}

static struct value *tfile_next(struct eval *ev, struct value *self)
{
	struct tfile *t = self->u.obj.p;
	if (t->file->type == VT_OBJECT && t->file->u.obj.t->next)
		return t->file->u.obj.t->next(ev, t->file);
	return err_set(ev, TY_TypeError, "'%s' object is not an iterator", val_type_name(t->file));
}

static char *tfile_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<tempfile._TemporaryFileWrapper object at %p>", (void *)self);
	return sb_take(&b);
}

static const struct objtype tfile_type = {
	.name = "tempfile._TemporaryFileWrapper", .free = tfile_free, .getattr = tfile_getattr,
	.repr = tfile_repr, .enter = tfile_enter, .exit = tfile_exit, .next = tfile_next,
};

PYFN(tf_NamedTemporaryFile)
{
	struct value *mode = NULL, *buf = NULL, *enc = NULL, *nl = NULL, *s = NULL, *p = NULL, *d = NULL, *del = NULL,
		     *errs = NULL;
	int delete;
	if (args_parse(ev, bi->name, argc, argv, kw, "|mode,buffering,encoding,newline,suffix,prefix,dir,delete$errors",
		       &mode, &buf, &enc, &nl, &s, &p, &d, &del, &errs) < 0 || args_bool(ev, del, 1, &delete) < 0)
		return NULL;
	struct value *open_fn = dict_getstr_borrow(ev->builtins, "open");
	if (!open_fn)
		return err_set(ev, TY_NotImplementedError, "tempfile.%s needs the builtin open(), which this Lumen lacks", bi->name);
	int fd = -1;
	char *path = make_temp(ev, s, p, d, 0, &fd);
	if (!path)
		return NULL;
	close(fd);
	struct value *args[2] = { val_cstr(path), mode ? val_incref(mode) : val_cstr("w+b") };
	const char *kn[3];
	struct value *kv[3];
	int nk = 0;
	if (enc && enc->type != VT_NONE) { kn[nk] = "encoding"; kv[nk++] = enc; }
	if (nl && nl->type != VT_NONE) { kn[nk] = "newline"; kv[nk++] = nl; }
	struct kwargs k = { nk, kn, kv };
	struct value *f = args[0] && args[1] ? val_call(ev, open_fn, 2, args, &k) : NULL;
	val_decref(args[0]);
	val_decref(args[1]);
	if (!f) {
		unlink(path);
		free(path);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	struct tfile *t = calloc(1, sizeof *t);
	if (!t) {
		val_decref(f);
		unlink(path);
		free(path);
		return err_nomem(ev);
	}
	t->file = f;
	t->name = path;
	t->delete = delete;
	return val_object_new(&tfile_type, t);
}

static const struct pyfn tempfile_fns[] = {
	{"gettempdir", tf_gettempdir}, {"gettempprefix", tf_gettempprefix}, {"mkdtemp", tf_mkdtemp},
	{"mkstemp", tf_mkstemp}, {"TemporaryDirectory", tf_TemporaryDirectory},
	{"NamedTemporaryFile", tf_NamedTemporaryFile}, {"TemporaryFile", tf_NamedTemporaryFile},
};

struct value *tempfile_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "tempfile", tempfile_fns, sizeof tempfile_fns / sizeof tempfile_fns[0]);
}
