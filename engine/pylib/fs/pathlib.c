/*
 * pathlib.c — pathlib's Path (PosixPath) objects: parsed as CPython parses
 * them (a root and parts; '//' and '.' collapsed, '..' kept), with / and
 * joinpath, name/stem/suffix(es)/parent/parts, with_suffix/with_name, the
 * file-system methods (exists, is_file, is_dir, mkdir, iterdir, glob, touch,
 * unlink, rmdir, rename, read_text/write_text, read_bytes/write_bytes, open
 * through the builtin open, resolve, absolute, expanduser) and Path.cwd()/
 * Path.home().  Any pylib function taking a path takes a Path too
 * (pylib_path_arg).  Owns each Path's text.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"

struct path { char *s; }; /* normalised text: "a/b", "/a", "." */

static const struct objtype path_type;

static const char *PS(struct value *v) { return ((struct path *)v->u.obj.p)->s; }

int pylib_is_path(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &path_type;
}

const char *pylib_path_str(struct value *v)
{
	return PS(v);
}

/* CPython's parse of one or more segments joined: the normal text (malloc'd) */
static char *normalise(const char *const *segs, int n)
{
	/* the last absolute segment restarts the path */
	int start = 0;
	for (int i = 0; i < n; i++)
		if (segs[i][0] == '/')
			start = i;
	struct sbuf b = {0};
	const char *first = segs[start];
	int root = 0;
	if (first[0] == '/')
		root = first[1] == '/' && first[2] != '/' ? 2 : 1;
	for (int i = 0; i < root; i++)
		sb_addc(&b, '/');
	size_t nparts = 0;
	for (int i = start; i < n; i++) {
		for (const char *s = segs[i]; *s;) {
			while (*s == '/')
				s++;
			const char *e = strchr(s, '/');
			size_t l = e ? (size_t)(e - s) : strlen(s);
			if (l && !(l == 1 && s[0] == '.')) {
				if (nparts++)
					sb_addc(&b, '/');
				sb_add(&b, s, l);
			}
			s += l;
		}
	}
	if (!b.n)
		sb_addc(&b, '.');
	return sb_take(&b);
}

static struct value *path_take(struct eval *ev, char *s)
{
	if (!s)
		return err_nomem(ev);
	struct path *p = malloc(sizeof *p);
	if (!p) {
		free(s);
		return err_nomem(ev);
	}
	p->s = s;
	return val_object_new(&path_type, p);
}

static struct value *path_of(struct eval *ev, const char *const *segs, int n)
{
	return path_take(ev, normalise(segs, n));
}

static void path_free(void *p)
{
	free(((struct path *)p)->s);
	free(p);
}

/* a segment: str or Path */
static const char *seg_arg(struct eval *ev, struct value *v)
{
	if (v->type == VT_STR)
		return v->u.str->s;
	if (pylib_is_path(v))
		return PS(v);
	err_set(ev, TY_TypeError, "argument should be a str or an os.PathLike object where __fspath__ returns a str, not '%s'",
		val_type_name(v));
	return NULL;
}

static struct value *path_join(struct eval *ev, const char *base, int argc, struct value **argv, int base_first)
{
	const char **segs = malloc(sizeof *segs * (size_t)(argc + 1));
	if (!segs)
		return err_nomem(ev);
	int n = 0;
	if (base && base_first)
		segs[n++] = base;
	for (int i = 0; i < argc; i++)
		if (!(segs[n++] = seg_arg(ev, argv[i]))) {
			free(segs);
			return NULL;
		}
	if (base && !base_first)
		segs[n++] = base;
	if (n == 0)
		segs[n++] = "";
	struct value *r = path_of(ev, segs, n);
	free(segs);
	return r;
}

/* the name: the text after the last '/', "" for a bare root or "." */
static const char *name_of(const char *s)
{
	if (!strcmp(s, "."))
		return "";
	const char *sl = strrchr(s, '/');
	return sl ? sl + 1 : s;
}

static size_t suffix_at(const char *name)
{
	const char *dot = strrchr(name, '.');
	size_t n = strlen(name);
	if (dot && dot > name && (size_t)(dot - name) < n - 1)
		return (size_t)(dot - name);
	return n;
}

static struct value *parent_of(struct eval *ev, const char *s)
{
	const char *sl = strrchr(s, '/');
	if (!strcmp(s, ".") || (sl && sl[1] == 0))
		return path_take(ev, strdup(s));
	if (!sl)
		return path_take(ev, strdup("."));
	size_t root = s[0] == '/' ? (s[1] == '/' && s[2] != '/' ? 2 : 1) : 0;
	size_t cut = (size_t)(sl - s);
	if (cut < root)
		cut = root;
	if (cut == 0)
		return path_take(ev, strdup("."));
	return path_take(ev, strndup(s, cut));
}

static struct value *parts_of(struct eval *ev, const char *s)
{
	struct value *l = val_list_new(0, NULL);
	if (!l)
		return err_nomem(ev);
	if (strcmp(s, ".")) {
		size_t root = s[0] == '/' ? (s[1] == '/' && s[2] != '/' ? 2 : 1) : 0;
		if (root)
			list_append(l, val_str(s, root));
		for (const char *p = s + root; *p;) {
			const char *e = strchr(p, '/');
			size_t n = e ? (size_t)(e - p) : strlen(p);
			list_append(l, val_str(p, n));
			p += n + (e ? 1 : 0);
		}
	}
	struct value *t = val_tuple_new(l->u.seq.n, l->u.seq.items);
	l->u.seq.n = 0;
	val_decref(l);
	return t ? t : err_nomem(ev);
}

/* ---- methods ---- */

#define SELF PS(bi->self)
#define NOARGS(fname) if (argc || (kw && kw->n)) return err_set(ev, TY_TypeError, "%s() takes no arguments", fname)

PYFN(p_exists) { struct stat st; NOARGS("exists"); return val_bool(stat(SELF, &st) == 0); }
PYFN(p_is_file) { struct stat st; NOARGS("is_file"); return val_bool(stat(SELF, &st) == 0 && S_ISREG(st.st_mode)); }
PYFN(p_is_dir) { struct stat st; NOARGS("is_dir"); return val_bool(stat(SELF, &st) == 0 && S_ISDIR(st.st_mode)); }
PYFN(p_is_absolute) { NOARGS("is_absolute"); return val_bool(SELF[0] == '/'); }

static int mkdirs(struct eval *ev, const char *p, mode_t mode, int parents, int exist_ok)
{
	if (mkdir(p, mode) == 0)
		return 0;
	int e = errno;
	struct stat st;
	if (e == ENOENT && parents) {
		char *par = strdup(p), *sl = par ? strrchr(par, '/') : NULL;
		if (sl && sl != par) {
			*sl = 0;
			if (mkdirs(ev, par, mode, 1, 1) < 0) {
				free(par);
				return -1;
			}
		}
		free(par);
		if (mkdir(p, mode) == 0)
			return 0;
		e = errno;
	}
	if (e == EEXIST && exist_ok && stat(p, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	pylib_oserror(ev, e, p, NULL);
	return -1;
}

PYFN(p_mkdir)
{
	struct value *mv = NULL, *pv = NULL, *ev_ = NULL;
	int64_t mode;
	int parents, exist_ok;
	if (args_parse(ev, "mkdir", argc, argv, kw, "|mode,parents,exist_ok", &mv, &pv, &ev_) < 0 ||
	    args_int(ev, mv, 0777, &mode) < 0 || args_bool(ev, pv, 0, &parents) < 0 || args_bool(ev, ev_, 0, &exist_ok) < 0)
		return NULL;
	return mkdirs(ev, SELF, (mode_t)mode, parents, exist_ok) < 0 ? NULL : val_none();
}

PYFN(p_iterdir)
{
	NOARGS("iterdir");
	DIR *d = opendir(SELF);
	if (!d)
		return pylib_oserror(ev, errno, SELF, NULL);
	struct value *out = val_list_new(0, NULL);
	struct dirent *e;
	while (out && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		const char *segs[2] = { SELF, e->d_name };
		struct value *p = strcmp(SELF, ".") ? path_of(ev, segs, 2) : path_of(ev, segs + 1, 1);
		if (!p || list_append(out, p) < 0) {
			val_decref(out);
			out = NULL;
		}
	}
	closedir(d);
	return out ? val_iterobj_new("generator", out) : (err_occurred(ev) ? NULL : err_nomem(ev));
}

/* pathlib's glob: '*' matches dotfiles too; '**' is not supported */
static int pglob(struct eval *ev, const char *dir, const char *pat, struct value *out)
{
	const char *sl = strchr(pat, '/');
	size_t n = sl ? (size_t)(sl - pat) : strlen(pat);
	char *comp = strndup(pat, n);
	if (!comp)
		return -1;
	if (!strcmp(comp, "**")) {
		free(comp);
		err_set(ev, TY_NotImplementedError, "Path.glob with '**' is not supported by Lumen");
		return -1;
	}
	DIR *d = opendir(dir);
	int rc = 0;
	struct dirent *e;
	while (d && rc == 0 && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || fnmatch(comp, e->d_name, 0))
			continue;
		const char *segs[2] = { dir, e->d_name };
		char *full = strcmp(dir, ".") ? normalise(segs, 2) : strdup(e->d_name);
		struct stat st;
		if (!full) {
			rc = -1;
		} else if (sl && sl[1]) {
			if (stat(full, &st) == 0 && S_ISDIR(st.st_mode))
				rc = pglob(ev, full, sl + 1, out);
		} else if (!sl || (stat(full, &st) == 0 && S_ISDIR(st.st_mode))) {
			struct value *p = path_take(ev, full);
			full = NULL;
			rc = p && list_append(out, p) == 0 ? 0 : -1;
		}
		free(full);
	}
	if (d)
		closedir(d);
	free(comp);
	return rc;
}

PYFN(p_glob)
{
	struct value *pv = NULL;
	if (args_parse(ev, "glob", argc, argv, kw, "pattern", &pv) < 0)
		return NULL;
	if (pv->type != VT_STR || !pv->u.str->len)
		return err_set(ev, TY_ValueError, "Unacceptable pattern: %s", pv->type == VT_STR ? "''" : "?");
	if (pv->u.str->s[0] == '/')
		return err_set(ev, TY_NotImplementedError, "Non-relative patterns are unsupported");
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	if (pglob(ev, SELF, pv->u.str->s, out) < 0) {
		val_decref(out);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	return val_iterobj_new("generator", out);
}

PYFN(p_touch)
{
	struct value *mv = NULL, *eo = NULL;
	int64_t mode;
	int exist_ok;
	if (args_parse(ev, "touch", argc, argv, kw, "|mode,exist_ok", &mv, &eo) < 0 || args_int(ev, mv, 0666, &mode) < 0 ||
	    args_bool(ev, eo, 1, &exist_ok) < 0)
		return NULL;
	int fd = open(SELF, O_WRONLY | O_CREAT | O_CLOEXEC | (exist_ok ? 0 : O_EXCL), (mode_t)mode);
	if (fd < 0)
		return pylib_oserror(ev, errno, SELF, NULL);
	close(fd);
	return val_none();
}

PYFN(p_unlink)
{
	struct value *mo = NULL;
	int missing_ok;
	if (args_parse(ev, "unlink", argc, argv, kw, "|missing_ok", &mo) < 0 || args_bool(ev, mo, 0, &missing_ok) < 0)
		return NULL;
	if (unlink(SELF) < 0 && !(missing_ok && errno == ENOENT))
		return pylib_oserror(ev, errno, SELF, NULL);
	return val_none();
}

PYFN(p_rmdir)
{
	NOARGS("rmdir");
	if (rmdir(SELF) < 0)
		return pylib_oserror(ev, errno, SELF, NULL);
	return val_none();
}

PYFN(p_rename)
{
	struct value *tv = NULL;
	const char *t;
	if (args_parse(ev, bi->name, argc, argv, kw, "target", &tv) < 0 || !(t = seg_arg(ev, tv)))
		return NULL;
	if (rename(SELF, t) < 0)
		return pylib_oserror(ev, errno, SELF, t);
	const char *segs[1] = { t };
	return path_of(ev, segs, 1);
}

static struct value *read_all(struct eval *ev, const char *p, int text)
{
	FILE *f = fopen(p, "rb");
	if (!f)
		return pylib_oserror(ev, errno, p, NULL);
	struct sbuf b = {0};
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_add(&b, buf, n);
	fclose(f);
	size_t len = b.n;
	char *s = b.s ? sb_take(&b) : strdup("");
	if (!s)
		return err_nomem(ev);
	if (text)
		return val_str_take(s, len);
	struct value *r = val_bytes(s, len);
	free(s);
	return r;
}

PYFN(p_read_text)
{
	struct value *enc = NULL, *errs = NULL;
	if (args_parse(ev, "read_text", argc, argv, kw, "|encoding,errors", &enc, &errs) < 0)
		return NULL;
	return read_all(ev, SELF, 1);
}

PYFN(p_read_bytes)
{
	NOARGS("read_bytes");
	return read_all(ev, SELF, 0);
}

static struct value *write_all(struct eval *ev, const char *p, struct value *data, int text)
{
	if (text ? data->type != VT_STR : data->type != VT_BYTES)
		return err_set(ev, TY_TypeError, text ? "data must be str, not %s" : "memoryview: a bytes-like object is required, not '%s'",
			       val_type_name(data));
	FILE *f = fopen(p, "wb");
	if (!f)
		return pylib_oserror(ev, errno, p, NULL);
	size_t n = fwrite(data->u.str->s, 1, data->u.str->len, f);
	fclose(f);
	return val_int((int64_t)(text ? utf8_len(data->u.str->s, n) : n));
}

PYFN(p_write_text)
{
	struct value *d = NULL, *enc = NULL, *errs = NULL, *nl = NULL;
	if (args_parse(ev, "write_text", argc, argv, kw, "data|encoding,errors,newline", &d, &enc, &errs, &nl) < 0)
		return NULL;
	return write_all(ev, SELF, d, 1);
}

PYFN(p_write_bytes)
{
	struct value *d = NULL;
	if (args_parse(ev, "write_bytes", argc, argv, kw, "data", &d) < 0)
		return NULL;
	return write_all(ev, SELF, d, 0);
}

PYFN(p_open)
{
	struct value *open_fn = dict_getstr_borrow(ev->builtins, "open");
	if (!open_fn)
		return err_set(ev, TY_NotImplementedError, "Path.open needs the builtin open(), which this Lumen lacks");
	struct value **a = malloc(sizeof *a * (size_t)(argc + 1));
	if (!a)
		return err_nomem(ev);
	a[0] = val_cstr(SELF);
	for (int i = 0; i < argc; i++)
		a[i + 1] = argv[i];
	struct value *r = a[0] ? val_call(ev, open_fn, argc + 1, a, kw) : err_nomem(ev);
	val_decref(a[0]);
	free(a);
	return r;
}

PYFN(p_resolve)
{
	struct value *st = NULL;
	if (args_parse(ev, "resolve", argc, argv, kw, "|strict", &st) < 0)
		return NULL;
	char *r = realpath(SELF, NULL);
	if (r)
		return path_take(ev, r);
	char *cwd = getcwd(NULL, 0);
	const char *segs[2] = { cwd ? cwd : "/", SELF };
	char *j = normalise(segs, 2);
	free(cwd);
	if (!j)
		return err_nomem(ev);
	/* '..' resolved textually where the path does not exist */
	struct value *osm = ev_import(ev, "os.path");
	struct value *np = osm ? val_getattr(ev, osm, "normpath") : NULL;
	struct value *js = val_cstr(j);
	struct value *res = np && js ? val_call(ev, np, 1, &js, NULL) : NULL;
	free(j);
	val_decref(osm);
	val_decref(np);
	val_decref(js);
	if (!res)
		return NULL;
	const char *s2[1] = { res->u.str->s };
	struct value *out = path_of(ev, s2, 1);
	val_decref(res);
	return out;
}

PYFN(p_absolute)
{
	NOARGS("absolute");
	if (SELF[0] == '/')
		return val_incref(bi->self);
	char *cwd = getcwd(NULL, 0);
	if (!cwd)
		return pylib_oserror(ev, errno, NULL, NULL);
	const char *segs[2] = { cwd, SELF };
	struct value *r = path_of(ev, segs, strcmp(SELF, ".") ? 2 : 1);
	free(cwd);
	return r;
}

PYFN(p_expanduser)
{
	NOARGS("expanduser");
	if (SELF[0] != '~')
		return val_incref(bi->self);
	struct value *osm = ev_import(ev, "os.path");
	struct value *f = osm ? val_getattr(ev, osm, "expanduser") : NULL, *s = val_cstr(SELF);
	struct value *r = f && s ? val_call(ev, f, 1, &s, NULL) : NULL;
	val_decref(osm);
	val_decref(f);
	val_decref(s);
	if (!r)
		return NULL;
	const char *segs[1] = { r->u.str->s };
	struct value *out = path_of(ev, segs, 1);
	val_decref(r);
	return out;
}

PYFN(p_joinpath) { return path_join(ev, SELF, argc, argv, 1); }

PYFN(p_with_suffix)
{
	struct value *sv = NULL;
	if (args_parse(ev, "with_suffix", argc, argv, kw, "suffix", &sv) < 0)
		return NULL;
	if (sv->type != VT_STR)
		return err_set(ev, TY_TypeError, "suffix must be str, not %s", val_type_name(sv));
	const char *suf = sv->u.str->s, *name = name_of(SELF);
	if ((suf[0] && (suf[0] != '.' || !suf[1])) || strchr(suf, '/'))
		return err_set(ev, TY_ValueError, "Invalid suffix '%s'", suf);
	if (!*name)
		return err_set(ev, TY_ValueError, "%s has an empty name", SELF);
	struct sbuf b = {0};
	sb_add(&b, SELF, (size_t)(name - SELF) + suffix_at(name));
	sb_adds(&b, suf);
	return path_take(ev, sb_take(&b));
}

PYFN(p_with_name)
{
	struct value *nv = NULL;
	if (args_parse(ev, "with_name", argc, argv, kw, "name", &nv) < 0)
		return NULL;
	if (nv->type != VT_STR)
		return err_set(ev, TY_TypeError, "name must be str, not %s", val_type_name(nv));
	const char *name = name_of(SELF);
	if (!*name)
		return err_set(ev, TY_ValueError, "%s has an empty name", SELF);
	if (!nv->u.str->len || strchr(nv->u.str->s, '/') || !strcmp(nv->u.str->s, "."))
		return err_set(ev, TY_ValueError, "Invalid name '%s'", nv->u.str->s);
	struct sbuf b = {0};
	sb_add(&b, SELF, (size_t)(name - SELF));
	sb_adds(&b, nv->u.str->s);
	return path_take(ev, sb_take(&b));
}

static const struct pyfn path_methods[] = {
	{"exists", p_exists}, {"is_file", p_is_file}, {"is_dir", p_is_dir}, {"is_absolute", p_is_absolute},
	{"mkdir", p_mkdir}, {"iterdir", p_iterdir}, {"glob", p_glob}, {"touch", p_touch}, {"unlink", p_unlink},
	{"rmdir", p_rmdir}, {"rename", p_rename}, {"replace", p_rename}, {"read_text", p_read_text},
	{"read_bytes", p_read_bytes}, {"write_text", p_write_text}, {"write_bytes", p_write_bytes},
	{"open", p_open}, {"resolve", p_resolve}, {"absolute", p_absolute}, {"expanduser", p_expanduser},
	{"joinpath", p_joinpath}, {"with_suffix", p_with_suffix}, {"with_name", p_with_name},
};

static struct value *path_getattr(struct eval *ev, struct value *self, const char *an)
{
	const char *s = PS(self), *name = name_of(s);
	if (!strcmp(an, "name"))
		return val_cstr(name);
	if (!strcmp(an, "suffix"))
		return val_cstr(name + suffix_at(name));
	if (!strcmp(an, "stem"))
		return val_str(name, suffix_at(name));
	if (!strcmp(an, "suffixes")) {
		struct value *l = val_list_new(0, NULL);
		size_t n = strlen(name);
		if (l && n && name[n - 1] != '.') {
			const char *p = name;
			while (*p == '.')
				p++;
			for (const char *d = strchr(p, '.'); d; d = strchr(d + 1, '.')) {
				const char *e = strchr(d + 1, '.');
				list_append(l, val_str(d, e ? (size_t)(e - d) : strlen(d)));
			}
		}
		return l ? l : err_nomem(ev);
	}
	if (!strcmp(an, "parent"))
		return parent_of(ev, s);
	if (!strcmp(an, "parts"))
		return parts_of(ev, s);
	if (!strcmp(an, "anchor") || !strcmp(an, "root"))
		return val_cstr(s[0] != '/' ? "" : s[1] == '/' && s[2] != '/' ? "//" : "/");
	if (!strcmp(an, "drive"))
		return val_cstr("");
	for (size_t i = 0; i < sizeof path_methods / sizeof path_methods[0]; i++)
		if (!strcmp(an, path_methods[i].name))
			return val_builtin(path_methods[i].name, path_methods[i].fn, self, NULL);
	return NULL;
}

static char *path_repr(struct eval *ev, struct value *self)
{
	char *r = str_repr(PS(self), strlen(PS(self)));
	struct sbuf b = {0};
	sb_printf(&b, "PosixPath(%s)", r ? r : "");
	free(r);
	return sb_take(&b);
}

static char *path_str(struct eval *ev, struct value *self)
{
	return strdup(PS(self));
}

/* parts-wise order, as pathlib compares */
static int path_cmp(const char *a, const char *b)
{
	for (;;) {
		size_t la = strcspn(a, "/"), lb = strcspn(b, "/");
		int c = memcmp(a, b, la < lb ? la : lb);
		if (c)
			return c;
		if (la != lb)
			return la < lb ? -1 : 1;
		a += la;
		b += lb;
		if (!*a || !*b)
			return (*a != 0) - (*b != 0);
		a++;
		b++;
	}
}

static struct value *path_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op == OP_TRUEDIV) {
		if (pylib_is_path(l) && (r->type == VT_STR || pylib_is_path(r)))
			return path_join(ev, PS(l), 1, &r, 1);
		if (pylib_is_path(r) && l->type == VT_STR)
			return path_join(ev, PS(r), 1, &l, 0);
		return NULL;
	}
	if (op < OP_LT || !pylib_is_path(l) || !pylib_is_path(r))
		return op == OP_EQ ? val_bool(0) : op == OP_NE ? val_bool(1) : NULL;
	int c = path_cmp(PS(l), PS(r));
	switch (op) {
	case OP_LT: return val_bool(c < 0);
	case OP_LE: return val_bool(c <= 0);
	case OP_EQ: return val_bool(c == 0);
	case OP_NE: return val_bool(c != 0);
	case OP_GT: return val_bool(c > 0);
	default: return val_bool(c >= 0);
	}
}

static int path_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	*out = str_hash(PS(self), strlen(PS(self))) ^ 0x5bd1e995u;
	return 0;
}

static const char *const path_attrs[] = {"name", "stem", "suffix", "suffixes", "parent", "parts", "exists",
	"is_file", "is_dir", "mkdir", "iterdir", "glob", "read_text", "write_text", "joinpath", "with_suffix",
	"with_name", "resolve", "absolute", "unlink", "rmdir", "touch", "rename", "open", NULL};
static const struct objtype path_type = {
	.name = "PosixPath", .free = path_free, .getattr = path_getattr, .repr = path_repr, .str = path_str,
	.binop = path_binop, .attrs = path_attrs, .hash = path_hash,
};

/* ---- the Path class: callable, with cwd() and home() ---- */

static struct value *pclass_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	if (kw && kw->n)
		return err_set(ev, TY_TypeError, "Path() takes no keyword arguments");
	return path_join(ev, NULL, argc, argv, 1);
}

PYFN(pc_cwd)
{
	char *c = getcwd(NULL, 0);
	return c ? path_take(ev, c) : pylib_oserror(ev, errno, NULL, NULL);
}

PYFN(pc_home)
{
	const char *h = getenv("HOME");
	const char *segs[1] = { h ? h : "/" };
	return path_of(ev, segs, 1);
}

static struct value *pclass_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "cwd"))
		return val_builtin("cwd", pc_cwd, NULL, NULL);
	if (!strcmp(name, "home"))
		return val_builtin("home", pc_home, NULL, NULL);
	if (!strcmp(name, "__name__"))
		return val_cstr((const char *)self->u.obj.p);
	return NULL;
}

static char *pclass_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<class 'pathlib.%s'>", (const char *)self->u.obj.p);
	return sb_take(&b);
}

static const struct objtype pclass_type = {
	.name = "type", .call = pclass_call, .getattr = pclass_getattr, .repr = pclass_repr,
};

struct value *pathlib_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "pathlib", NULL, 0);
	static const char *const names[] = {"Path", "PosixPath", "PurePath", "PurePosixPath"};
	for (size_t i = 0; m && i < 4; i++)
		if (pylib_add(ev, m, names[i], val_object_new(&pclass_type, (void *)names[i])) < 0) {
			val_decref(m);
			return NULL;
		}
	return m;
}
