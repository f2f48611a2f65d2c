/*
 * os.c — the os and os.path modules (POSIX): the working directory, listing
 * and making directories, removing and renaming files, os.environ (a dict
 * whose assignments set the process environment), getenv, cpu_count, getpid
 * and posixpath's string functions with CPython's exact rules.  Errors are
 * OSError subclasses with CPython's "[Errno N] text: 'path'".
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"

extern char **environ;

/* ---- posixpath: pure string functions ---- */

static struct value *str_or_fail(struct eval *ev, char *s)
{
	if (!s)
		return err_nomem(ev);
	return val_str_take(s, strlen(s));
}

/* index after the last '/' of p (0 if none) */
static size_t tail_start(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? (size_t)(s - p) + 1 : 0;
}

/* head of split(p): p[:i] with trailing slashes removed unless all slashes */
static char *split_head(const char *p)
{
	size_t i = tail_start(p), j = i;
	while (j > 0 && p[j - 1] == '/')
		j--;
	if (j == 0)
		j = i; /* all slashes (or empty): kept */
	return strndup(p, j);
}

PYFN(path_join)
{
	if (pylib_nokw(ev, "join", kw) < 0)
		return NULL;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "join() missing 1 required positional argument: 'a'");
	struct sbuf b = {0};
	for (int i = 0; i < argc; i++) {
		const char *s = argv[i]->type == VT_STR ? argv[i]->u.str->s : pylib_path_arg(ev, argv[i]);
		if (!s) {
			free(b.s);
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
			return err_set(ev, TY_TypeError, "join() argument must be str, bytes, or os.PathLike object, not '%s'",
				       val_type_name(argv[i]));
		}
		if (s[0] == '/')
			b.n = 0;
		else if (b.n && b.s[b.n - 1] != '/')
			sb_addc(&b, '/');
		sb_adds(&b, s);
	}
	if (!b.s)
		return val_cstr("");
	return str_or_fail(ev, sb_take(&b));
}

#define ONE_PATH(fname) const char *p; \
	if (pylib_nokw(ev, fname, kw) < 0) return NULL; \
	if (argc != 1) return err_set(ev, TY_TypeError, "%s() takes exactly one argument (%d given)", fname, argc); \
	if (!(p = pylib_path_arg(ev, argv[0]))) return NULL;

PYFN(path_basename) { ONE_PATH("basename") return val_cstr(p + tail_start(p)); }
PYFN(path_dirname) { ONE_PATH("dirname") return str_or_fail(ev, split_head(p)); }

PYFN(path_split)
{
	ONE_PATH("split")
	struct value *t[2] = { str_or_fail(ev, split_head(p)), val_cstr(p + tail_start(p)) };
	if (!t[0] || !t[1]) {
		val_decref(t[0]);
		val_decref(t[1]);
		return NULL;
	}
	return val_tuple_new(2, t);
}

PYFN(path_splitext)
{
	ONE_PATH("splitext")
	const char *sep = strrchr(p, '/'), *dot = strrchr(p, '.');
	size_t n = strlen(p), cut = n;
	if (dot && (!sep || dot > sep)) {
		const char *f = sep ? sep + 1 : p;
		for (; f < dot; f++)
			if (*f != '.') {
				cut = (size_t)(dot - p);
				break;
			}
	}
	struct value *t[2] = { val_str(p, cut), val_str(p + cut, n - cut) };
	return val_tuple_new(2, t);
}

PYFN(path_isabs) { ONE_PATH("isabs") return val_bool(p[0] == '/'); }

/* posixpath.normpath */
static char *normpath(const char *path)
{
	if (!*path)
		return strdup(".");
	int initial = path[0] == '/';
	if (initial && path[1] == '/' && path[2] != '/')
		initial = 2;
	size_t n = strlen(path);
	const char **comp = malloc(sizeof *comp * (n + 1));
	size_t *clen = malloc(sizeof *clen * (n + 1));
	size_t nc = 0;
	if (!comp || !clen) {
		free(comp);
		free(clen);
		return NULL;
	}
	for (const char *s = path; ; ) {
		const char *e = strchr(s, '/');
		size_t l = e ? (size_t)(e - s) : strlen(s);
		int dotdot = l == 2 && s[0] == '.' && s[1] == '.';
		if (l == 0 || (l == 1 && s[0] == '.')) {
			/* skip */
		} else if (!dotdot || (!initial && nc == 0) ||
			   (nc && clen[nc - 1] == 2 && comp[nc - 1][0] == '.' && comp[nc - 1][1] == '.')) {
			comp[nc] = s;
			clen[nc++] = l;
		} else if (nc) {
			nc--;
		}
		if (!e)
			break;
		s = e + 1;
	}
	struct sbuf b = {0};
	for (int i = 0; i < initial; i++)
		sb_addc(&b, '/');
	for (size_t i = 0; i < nc; i++) {
		if (i)
			sb_addc(&b, '/');
		sb_add(&b, comp[i], clen[i]);
	}
	free(comp);
	free(clen);
	if (!b.n)
		sb_addc(&b, '.');
	return sb_take(&b);
}

PYFN(path_normpath) { ONE_PATH("normpath") return str_or_fail(ev, normpath(p)); }

static char *abspath(const char *p)
{
	if (p[0] == '/')
		return normpath(p);
	char *cwd = getcwd(NULL, 0);
	if (!cwd)
		return NULL;
	struct sbuf b = {0};
	sb_adds(&b, cwd);
	free(cwd);
	if (*p) {
		if (b.n && b.s[b.n - 1] != '/')
			sb_addc(&b, '/');
		sb_adds(&b, p);
	}
	char *j = sb_take(&b);
	char *r = j ? normpath(j) : NULL;
	free(j);
	return r;
}

PYFN(path_abspath) { ONE_PATH("abspath") return str_or_fail(ev, abspath(p)); }

PYFN(path_realpath)
{
	ONE_PATH("realpath")
	char *r = realpath(p, NULL);
	if (r)
		return val_str_take(r, strlen(r));
	return str_or_fail(ev, abspath(p));
}

/* os.path.expandvars: $name and ${name} replaced by the environment's value,
 * left as written when the variable is not set (posixpath's rule; a name is
 * letters, digits and _) */
PYFN(path_expandvars)
{
	ONE_PATH("expandvars")
	if (!strchr(p, '$'))
		return val_cstr(p);
	struct sbuf b = {0};
	for (const char *s = p; *s;) {
		if (*s != '$') {
			sb_addc(&b, *s++);
			continue;
		}
		const char *n = s + 1, *e;
		int brace = *n == '{';
		if (brace) {
			e = strchr(n + 1, '}');
			n++;
		} else {
			for (e = n; *e && (isalnum((unsigned char)*e) || *e == '_'); e++)
				;
		}
		if (!e || e == n) {
			sb_addc(&b, *s++);
			continue;
		}
		char *name = strndup(n, (size_t)(e - n));
		const char *v = name ? getenv(name) : NULL;
		free(name);
		const char *end = brace ? e + 1 : e;
		if (v)
			sb_adds(&b, v);
		else
			sb_add(&b, s, (size_t)(end - s));
		s = end;
	}
	char *r = sb_take(&b);
	return r ? val_str_take(r, strlen(r)) : err_nomem(ev);
}

PYFN(path_expanduser)
{
	ONE_PATH("expanduser")
	if (p[0] != '~')
		return val_cstr(p);
	const char *slash = strchr(p + 1, '/');
	size_t i = slash ? (size_t)(slash - p) : strlen(p);
	const char *home = NULL;
	if (i == 1) {
		home = getenv("HOME");
		if (!home) {
			struct passwd *pw = getpwuid(getuid());
			home = pw ? pw->pw_dir : NULL;
		}
	} else {
		char *user = strndup(p + 1, i - 1);
		struct passwd *pw = user ? getpwnam(user) : NULL;
		free(user);
		home = pw ? pw->pw_dir : NULL;
	}
	if (!home)
		return val_cstr(p);
	size_t hl = strlen(home);
	while (hl && home[hl - 1] == '/')
		hl--;
	struct sbuf b = {0};
	sb_add(&b, home, hl);
	sb_adds(&b, p + i);
	if (!b.n)
		sb_addc(&b, '/');
	return str_or_fail(ev, sb_take(&b));
}

static int stat_path(const char *p, struct stat *st)
{
	return stat(p, st);
}

PYFN(path_exists) { struct stat st; ONE_PATH("exists") return val_bool(stat_path(p, &st) == 0); }
PYFN(path_isfile) { struct stat st; ONE_PATH("isfile") return val_bool(stat_path(p, &st) == 0 && S_ISREG(st.st_mode)); }
PYFN(path_isdir) { struct stat st; ONE_PATH("isdir") return val_bool(stat_path(p, &st) == 0 && S_ISDIR(st.st_mode)); }
PYFN(path_islink) { struct stat st; ONE_PATH("islink") return val_bool(lstat(p, &st) == 0 && S_ISLNK(st.st_mode)); }

PYFN(path_getsize)
{
	struct stat st;
	ONE_PATH("getsize")
	if (stat(p, &st) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_int((int64_t)st.st_size);
}

PYFN(path_getmtime)
{
	struct stat st;
	ONE_PATH("getmtime")
	if (stat(p, &st) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_float((double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec * 1e-9);
}

static const struct pyfn path_fns[] = {
	{"join", path_join}, {"basename", path_basename}, {"dirname", path_dirname},
	{"split", path_split}, {"splitext", path_splitext}, {"isabs", path_isabs},
	{"normpath", path_normpath}, {"abspath", path_abspath}, {"realpath", path_realpath},
	{"expanduser", path_expanduser}, {"expandvars", path_expandvars}, {"exists", path_exists}, {"isfile", path_isfile},
	{"isdir", path_isdir}, {"islink", path_islink}, {"getsize", path_getsize},
	{"getmtime", path_getmtime},
};

/* ---- os ---- */

PYFN(os_getcwd)
{
	if (argc || pylib_nokw(ev, "getcwd", kw) < 0)
		return argc ? err_set(ev, TY_TypeError, "os.getcwd() takes no arguments (%d given)", argc) : NULL;
	char *c = getcwd(NULL, 0);
	if (!c)
		return pylib_oserror(ev, errno, NULL, NULL);
	return val_str_take(c, strlen(c));
}

PYFN(os_chdir)
{
	struct value *pv = NULL;
	const char *p;
	if (args_parse(ev, "chdir", argc, argv, kw, "path", &pv) < 0 || !(p = pylib_path_arg(ev, pv)))
		return NULL;
	if (chdir(p) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_none();
}

PYFN(os_listdir)
{
	struct value *pv = NULL;
	const char *p = ".";
	if (args_parse(ev, "listdir", argc, argv, kw, "|path", &pv) < 0)
		return NULL;
	if (pv && pv->type != VT_NONE && !(p = pylib_path_arg(ev, pv)))
		return NULL;
	DIR *d = opendir(p);
	if (!d)
		return pylib_oserror(ev, errno, p, NULL);
	struct value *out = val_list_new(0, NULL);
	struct dirent *e;
	while (out && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (list_append(out, val_cstr(e->d_name)) < 0) {
			val_decref(out);
			out = NULL;
		}
	}
	closedir(d);
	return out ? out : err_nomem(ev);
}

static int mode_arg(struct eval *ev, struct value *m, int64_t *mode)
{
	return args_int(ev, m, 0777, mode);
}

PYFN(os_mkdir)
{
	struct value *pv = NULL, *mv = NULL;
	int64_t mode;
	const char *p;
	if (args_parse(ev, "mkdir", argc, argv, kw, "path|mode", &pv, &mv) < 0 ||
	    !(p = pylib_path_arg(ev, pv)) || mode_arg(ev, mv, &mode) < 0)
		return NULL;
	if (mkdir(p, (mode_t)mode) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_none();
}

/* os.makedirs: the parents first (their FileExistsError ignored) */
static int makedirs(struct eval *ev, const char *p, mode_t mode, int exist_ok)
{
	char *head = split_head(p);
	const char *tail = p + tail_start(p);
	if (!head) {
		err_nomem(ev);
		return -1;
	}
	if (!*tail) {
		char *h2 = split_head(head);
		tail = head + tail_start(head);
		if (*tail && h2 && *h2) {
			struct stat st;
			if (stat(h2, &st) < 0 && makedirs(ev, h2, mode, 1) < 0) {
				free(h2);
				free(head);
				return -1;
			}
		}
		free(h2);
	} else if (*head) {
		struct stat st;
		if (stat(head, &st) < 0 && makedirs(ev, head, mode, 1) < 0) {
			free(head);
			return -1;
		}
	}
	int dot = strcmp(tail, ".") == 0;
	free(head);
	if (dot)
		return 0;
	if (mkdir(p, mode) < 0) {
		int e = errno;
		struct stat st;
		if (!exist_ok || stat(p, &st) < 0 || !S_ISDIR(st.st_mode)) {
			pylib_oserror(ev, e, p, NULL);
			return -1;
		}
	}
	return 0;
}

PYFN(os_makedirs)
{
	struct value *pv = NULL, *mv = NULL, *eo = NULL;
	int64_t mode;
	int exist_ok;
	const char *p;
	if (args_parse(ev, "makedirs", argc, argv, kw, "name|mode,exist_ok", &pv, &mv, &eo) < 0 ||
	    !(p = pylib_path_arg(ev, pv)) || mode_arg(ev, mv, &mode) < 0 || args_bool(ev, eo, 0, &exist_ok) < 0)
		return NULL;
	return makedirs(ev, p, (mode_t)mode, exist_ok) < 0 ? NULL : val_none();
}

PYFN(os_remove)
{
	struct value *pv = NULL;
	const char *p;
	if (args_parse(ev, bi->name, argc, argv, kw, "path", &pv) < 0 || !(p = pylib_path_arg(ev, pv)))
		return NULL;
	struct stat st;
	if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
		return pylib_oserror(ev, EISDIR, p, NULL);
	if (unlink(p) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_none();
}

PYFN(os_rmdir)
{
	struct value *pv = NULL;
	const char *p;
	if (args_parse(ev, "rmdir", argc, argv, kw, "path", &pv) < 0 || !(p = pylib_path_arg(ev, pv)))
		return NULL;
	if (rmdir(p) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_none();
}

PYFN(os_rename)
{
	struct value *a = NULL, *b = NULL;
	const char *pa, *pb;
	if (args_parse(ev, bi->name, argc, argv, kw, "src,dst", &a, &b) < 0 ||
	    !(pa = pylib_path_arg(ev, a)) || !(pb = pylib_path_arg(ev, b)))
		return NULL;
	if (rename(pa, pb) < 0)
		return pylib_oserror(ev, errno, pa, pb);
	return val_none();
}

PYFN(os_getenv)
{
	struct value *k = NULL, *d = NULL;
	if (args_parse(ev, "getenv", argc, argv, kw, "key|default", &k, &d) < 0)
		return NULL;
	if (k->type != VT_STR)
		return err_set(ev, TY_TypeError, "str expected, not %s", val_type_name(k));
	const char *v = getenv(k->u.str->s);
	if (v)
		return val_cstr(v);
	return d ? val_incref(d) : val_none();
}

PYFN(os_cpu_count)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? val_int(n) : val_none();
}

PYFN(os_getpid) { return val_int((int64_t)getpid()); }

/* os.walk, top-down, materialised (a list of (dirpath, dirnames, filenames)) */
static int walk(struct eval *ev, const char *top, struct value *out)
{
	DIR *d = opendir(top);
	if (!d)
		return 0; /* onerror=None: errors are ignored */
	struct value *dirs = val_list_new(0, NULL), *files = val_list_new(0, NULL);
	struct dirent *e;
	int rc = 0;
	while (dirs && files && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		struct sbuf b = {0};
		sb_printf(&b, "%s%s%s", top, top[0] && top[strlen(top) - 1] == '/' ? "" : "/", e->d_name);
		char *full = sb_take(&b);
		struct stat st;
		int isdir = full && stat(full, &st) == 0 && S_ISDIR(st.st_mode);
		free(full);
		if (list_append(isdir ? dirs : files, val_cstr(e->d_name)) < 0)
			rc = -1;
	}
	closedir(d);
	if (!dirs || !files || rc < 0) {
		val_decref(dirs);
		val_decref(files);
		err_nomem(ev);
		return -1;
	}
	struct value *t[3] = { val_cstr(top), val_incref(dirs), files };
	if (list_append(out, val_tuple_new(3, t)) < 0) {
		val_decref(dirs);
		err_nomem(ev);
		return -1;
	}
	for (size_t i = 0; i < dirs->u.seq.n && rc == 0; i++) {
		struct sbuf b = {0};
		sb_printf(&b, "%s%s%s", top, top[0] && top[strlen(top) - 1] == '/' ? "" : "/",
			  dirs->u.seq.items[i]->u.str->s);
		char *full = sb_take(&b);
		struct stat st;
		if (full && lstat(full, &st) == 0 && !S_ISLNK(st.st_mode))
			rc = walk(ev, full, out);
		free(full);
	}
	val_decref(dirs);
	return rc;
}

PYFN(os_walk)
{
	struct value *pv = NULL;
	const char *p;
	if (args_parse(ev, "walk", argc, argv, kw, "top", &pv) < 0 || !(p = pylib_path_arg(ev, pv)))
		return NULL;
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	if (walk(ev, p, out) < 0) {
		val_decref(out);
		return NULL;
	}
	return val_iterobj_new("generator", out);
}

PYFN(os_close)
{
	struct value *fv = NULL;
	int64_t fd;
	if (args_parse(ev, "close", argc, argv, kw, "fd", &fv) < 0 || val_as_int64(ev, fv, &fd) < 0)
		return NULL;
	if (close((int)fd) < 0)
		return pylib_oserror(ev, errno, NULL, NULL);
	return val_none();
}

PYFN(os_open)
{
	struct value *pv = NULL, *fv = NULL, *mv = NULL, *dirfd = NULL;
	int64_t flags, mode;
	const char *p;
	if (args_parse(ev, "open", argc, argv, kw, "path,flags|mode$dir_fd", &pv, &fv, &mv, &dirfd) < 0 ||
	    !(p = pylib_path_arg(ev, pv)) || val_as_int64(ev, fv, &flags) < 0 || mode_arg(ev, mv, &mode) < 0)
		return NULL;
	int fd = open(p, (int)flags | O_CLOEXEC, (mode_t)mode);
	if (fd < 0)
		return pylib_oserror(ev, errno, p, NULL);
	return val_int(fd);
}

PYFN(os_write)
{
	struct value *fv = NULL, *dv = NULL;
	int64_t fd;
	if (args_parse(ev, "write", argc, argv, kw, "fd,data", &fv, &dv) < 0 || val_as_int64(ev, fv, &fd) < 0)
		return NULL;
	if (dv->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(dv));
	ssize_t n = write((int)fd, dv->u.str->s, dv->u.str->len);
	if (n < 0)
		return pylib_oserror(ev, errno, NULL, NULL);
	return val_int((int64_t)n);
}

/* os.urandom(size): size bytes from the kernel's random source */
PYFN(os_urandom)
{
	struct value *nv;
	int64_t n;
	char *buf;
	if (args_parse(ev, "urandom", argc, argv, kw, "size", &nv) < 0 || val_as_int64(ev, nv, &n) < 0)
		return NULL;
	if (n < 0)
		return err_set(ev, TY_ValueError, "negative argument not allowed");
	struct value *b = val_bytes_alloc((size_t)n, &buf);
	if (!b)
		return err_nomem(ev);
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	for (int64_t got = 0; fd >= 0 && got < n;) {
		ssize_t r = read(fd, buf + got, (size_t)(n - got));
		if (r <= 0) {
			if (r < 0 && errno == EINTR)
				continue;
			close(fd);
			fd = -1;
			break;
		}
		got += r;
	}
	if (fd < 0) {
		val_decref(b);
		return pylib_oserror(ev, errno ? errno : EIO, NULL, NULL);
	}
	close(fd);
	return b;
}

PYFN(os_fspath)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "fspath() takes exactly one argument (%d given)", argc);
	if (argv[0]->type == VT_STR || argv[0]->type == VT_BYTES)
		return val_incref(argv[0]);
	return err_set(ev, TY_TypeError, "expected str, bytes or os.PathLike object, not %s", val_type_name(argv[0]));
}

static const struct pyfn os_fns[] = {
	{"getcwd", os_getcwd}, {"chdir", os_chdir}, {"listdir", os_listdir}, {"mkdir", os_mkdir},
	{"makedirs", os_makedirs}, {"remove", os_remove}, {"unlink", os_remove}, {"rmdir", os_rmdir},
	{"rename", os_rename}, {"replace", os_rename}, {"getenv", os_getenv}, {"cpu_count", os_cpu_count},
	{"getpid", os_getpid}, {"walk", os_walk}, {"fspath", os_fspath}, {"close", os_close},
	{"open", os_open}, {"write", os_write}, {"urandom", os_urandom},
};

/* ---- os.environ: a dict kind whose changes reach the process ---- */

static int environ_onset(struct eval *ev, struct value *d, struct value *key, struct value *val)
{
	if (key->type != VT_STR || (val && val->type != VT_STR)) {
		struct value *bad = key->type != VT_STR ? key : val;
		const char *tn = val_type_name(bad);
		if (val)
			dict_del(ev, d, key);
		err_set(ev, TY_TypeError, "str expected, not %s", tn);
		return -1;
	}
	if (val ? setenv(key->u.str->s, val->u.str->s, 1) : unsetenv(key->u.str->s)) {
		pylib_oserror(ev, errno, NULL, NULL);
		return -1;
	}
	return 0;
}

static char *environ_repr(struct eval *ev, struct value *d)
{
	const struct dictkind *k = d->u.dict->kind;
	d->u.dict->kind = NULL;
	char *r = val_repr(ev, d);
	d->u.dict->kind = k;
	if (!r)
		return NULL;
	struct sbuf b = {0};
	sb_printf(&b, "environ(%s)", r);
	free(r);
	return sb_take(&b);
}

PYFN(environ_setdefault)
{
	struct value *k = NULL, *dflt = NULL;
	if (args_parse(ev, "setdefault", argc, argv, kw, "key|default", &k, &dflt) < 0)
		return NULL;
	struct value *cur = dict_get_borrow(bi->self, k);
	if (cur)
		return val_incref(cur);
	struct value *v = dflt ? dflt : val_none();
	int r = val_setitem(ev, bi->self, k, v);
	if (!dflt)
		val_decref(v);
	return r < 0 ? NULL : val_incref(v);
}

PYFN(environ_pop)
{
	struct value *k = NULL, *dflt = NULL;
	if (args_parse(ev, "pop", argc, argv, kw, "key|default", &k, &dflt) < 0)
		return NULL;
	struct value *cur = dict_get_borrow(bi->self, k);
	if (!cur) {
		if (dflt)
			return val_incref(dflt);
		return val_getitem(ev, bi->self, k); /* KeyError */
	}
	val_incref(cur);
	if (val_delitem(ev, bi->self, k) < 0) {
		val_decref(cur);
		return NULL;
	}
	return cur;
}

PYFN(environ_update)
{
	if (argc > 1)
		return err_set(ev, TY_TypeError, "update expected at most 1 argument, got %d", argc);
	if (argc == 1) {
		if (argv[0]->type != VT_DICT)
			return err_set(ev, TY_TypeError, "os.environ.update() takes a dict in Lumen");
		struct dict *s = argv[0]->u.dict;
		for (size_t i = 0; i < s->n; i++)
			if (s->entries[i].key && val_setitem(ev, bi->self, s->entries[i].key, s->entries[i].val) < 0)
				return NULL;
	}
	for (int i = 0; kw && i < kw->n; i++) {
		struct value *k = val_cstr(kw->names[i]);
		int r = k ? val_setitem(ev, bi->self, k, kw->vals[i]) : -1;
		val_decref(k);
		if (r < 0)
			return NULL;
	}
	return val_none();
}

static struct value *environ_getattr(struct eval *ev, struct value *d, const char *name)
{
	if (!strcmp(name, "setdefault"))
		return val_builtin("setdefault", environ_setdefault, d, NULL);
	if (!strcmp(name, "pop"))
		return val_builtin("pop", environ_pop, d, NULL);
	if (!strcmp(name, "update"))
		return val_builtin("update", environ_update, d, NULL);
	return NULL;
}

static const struct dictkind environ_kind = {
	.name = "_Environ", .repr = environ_repr, .getattr = environ_getattr, .onset = environ_onset,
};

static struct value *environ_new(struct eval *ev)
{
	struct value *d = val_dict_new();
	if (!d)
		return err_nomem(ev);
	for (char **e = environ; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq)
			continue;
		char *k = strndup(*e, (size_t)(eq - *e));
		int r = k ? dict_setstr(d, k, val_cstr(eq + 1)) : -1;
		free(k);
		if (r < 0) {
			val_decref(d);
			return err_nomem(ev);
		}
	}
	d->u.dict->kind = &environ_kind;
	return d;
}

struct value *pyos_build(struct eval *ev, const char *name)
{
	if (strcmp(name, "os") != 0) {
		struct value *m = pylib_module(ev, "posixpath", path_fns, sizeof path_fns / sizeof path_fns[0]);
		if (m && (pylib_add(ev, m, "sep", val_cstr("/")) < 0 || pylib_add(ev, m, "curdir", val_cstr(".")) < 0 ||
			  pylib_add(ev, m, "pardir", val_cstr("..")) < 0 || pylib_add(ev, m, "pathsep", val_cstr(":")) < 0)) {
			val_decref(m);
			return NULL;
		}
		return m;
	}
	struct value *m = pylib_module(ev, "os", os_fns, sizeof os_fns / sizeof os_fns[0]);
	if (!m)
		return NULL;
	struct value *path = ev_import(ev, "os.path");
	if (pylib_add(ev, m, "path", path) < 0 || pylib_add(ev, m, "environ", environ_new(ev)) < 0 ||
	    pylib_add(ev, m, "sep", val_cstr("/")) < 0 || pylib_add(ev, m, "linesep", val_cstr("\n")) < 0 ||
	    pylib_add(ev, m, "pathsep", val_cstr(":")) < 0 || pylib_add(ev, m, "curdir", val_cstr(".")) < 0 ||
	    pylib_add(ev, m, "pardir", val_cstr("..")) < 0 || pylib_add(ev, m, "name", val_cstr("posix")) < 0 ||
	    pylib_add(ev, m, "devnull", val_cstr("/dev/null")) < 0 || pylib_add(ev, m, "O_RDONLY", val_int(O_RDONLY)) < 0 ||
	    pylib_add(ev, m, "O_WRONLY", val_int(O_WRONLY)) < 0 || pylib_add(ev, m, "O_RDWR", val_int(O_RDWR)) < 0 ||
	    pylib_add(ev, m, "O_CREAT", val_int(O_CREAT)) < 0 || pylib_add(ev, m, "O_TRUNC", val_int(O_TRUNC)) < 0 ||
	    pylib_add(ev, m, "O_APPEND", val_int(O_APPEND)) < 0 || pylib_add(ev, m, "O_EXCL", val_int(O_EXCL)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
