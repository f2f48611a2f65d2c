/*
 * fsutil.c — the small file-system and text modules: glob (glob, iglob,
 * escape; Python's rules: hidden files only for patterns starting with '.',
 * results in directory order, no recursive '**'), shutil (rmtree, copyfile,
 * copy, copy2, copytree, move, which, disk_usage) and string (its
 * constants).  Owns nothing beyond one call.
 */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "pylib/pylib_int.h"

/* ---- glob ---- */

static int has_magic(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '*' || s[i] == '?' || s[i] == '[')
			return 1;
	return 0;
}

static char *join2(const char *dir, const char *name)
{
	struct sbuf b = {0};
	if (!*dir)
		sb_adds(&b, name);
	else
		sb_printf(&b, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	return sb_take(&b);
}

/* expands pattern p (components separated by '/') under the prefix dir */
static int glob_walk(struct eval *ev, const char *dir, const char *p, int dironly, struct value *out)
{
	const char *slash = strchr(p, '/');
	size_t clen = slash ? (size_t)(slash - p) : strlen(p);
	const char *rest = slash ? slash + 1 : NULL;
	while (rest && *rest == '/')
		rest++;
	char *comp = strndup(p, clen);
	if (!comp) {
		err_nomem(ev);
		return -1;
	}
	int rc = 0;
	if (!has_magic(comp, clen)) {
		char *path = join2(dir, comp);
		struct stat st;
		if (path && (clen == 0 ? 1 : lstat(path, &st) == 0)) {
			int isdir = clen == 0 || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
			if (rest && *rest) {
				if (isdir)
					rc = glob_walk(ev, path, rest, dironly, out);
			} else if (rest ? isdir : 1) {
				struct sbuf b = {0};
				sb_printf(&b, "%s%s", path, rest ? "/" : "");
				char *full = sb_take(&b);
				rc = full && list_append(out, val_str_take(full, strlen(full))) == 0 ? 0 : -1;
			}
		}
		free(path);
		free(comp);
		return rc;
	}
	DIR *d = opendir(*dir ? dir : ".");
	if (!d) {
		free(comp);
		return 0;
	}
	struct dirent *e;
	while (rc == 0 && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_name[0] == '.' && comp[0] != '.')
			continue;
		if (fnmatch(comp, e->d_name, FNM_PERIOD) != 0)
			continue;
		char *path = join2(dir, e->d_name);
		if (!path) {
			rc = -1;
			break;
		}
		struct stat st;
		int isdir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
		if (rest && *rest) {
			if (isdir)
				rc = glob_walk(ev, path, rest, dironly, out);
		} else if (!rest || isdir) {
			struct sbuf b = {0};
			sb_printf(&b, "%s%s", path, rest ? "/" : "");
			char *full = sb_take(&b);
			rc = full && list_append(out, val_str_take(full, strlen(full))) == 0 ? 0 : -1;
		}
		free(path);
	}
	closedir(d);
	free(comp);
	if (rc < 0 && !err_occurred(ev))
		err_nomem(ev);
	return rc;
}

static struct value *do_glob(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw, const char *name)
{
	struct value *pv = NULL, *root = NULL, *dirfd = NULL, *rec = NULL, *hidden = NULL;
	int recursive;
	const char *p;
	if (args_parse(ev, name, argc, argv, kw, "pathname$root_dir,dir_fd,recursive,include_hidden",
		       &pv, &root, &dirfd, &rec, &hidden) < 0 || !(p = pylib_path_arg(ev, pv)) ||
	    args_bool(ev, rec, 0, &recursive) < 0)
		return NULL;
	if (root && root->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "glob(root_dir=) is not supported by Lumen");
	if (recursive && strstr(p, "**"))
		return err_set(ev, TY_NotImplementedError, "glob with recursive '**' is not supported by Lumen");
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	int rc;
	if (p[0] == '/') {
		const char *q = p;
		while (*q == '/')
			q++;
		char prefix[3] = "/";
		rc = *q ? glob_walk(ev, prefix, q, 0, out) : (list_append(out, val_cstr(p)), 0);
	} else {
		rc = *p ? glob_walk(ev, "", p, 0, out) : 0;
	}
	if (rc < 0) {
		val_decref(out);
		return NULL;
	}
	return out;
}

PYFN(g_glob) { return do_glob(ev, argc, argv, kw, "glob"); }
PYFN(g_iglob)
{
	struct value *l = do_glob(ev, argc, argv, kw, "iglob");
	return l ? val_iterobj_new("generator", l) : NULL;
}

PYFN(g_escape)
{
	const char *p;
	if (argc != 1 || !(p = pylib_path_arg(ev, argv[0])))
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "escape() takes exactly one argument");
	struct sbuf b = {0};
	for (; *p; p++) {
		if (*p == '*' || *p == '?' || *p == '[')
			sb_printf(&b, "[%c]", *p);
		else
			sb_addc(&b, *p);
	}
	if (!b.s)
		return val_cstr("");
	char *s = sb_take(&b);
	return s ? val_str_take(s, strlen(s)) : err_nomem(ev);
}

static const struct pyfn glob_fns[] = {
	{"glob", g_glob}, {"iglob", g_iglob}, {"escape", g_escape},
};

struct value *glob_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "glob", glob_fns, sizeof glob_fns / sizeof glob_fns[0]);
}

/* ---- shutil ---- */

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

PYFN(sh_rmtree)
{
	struct value *pv = NULL, *ig = NULL, *onerr = NULL;
	int ignore;
	const char *p;
	if (args_parse(ev, "rmtree", argc, argv, kw, "path|ignore_errors,onerror$onexc,dir_fd", &pv, &ig, &onerr) < 0 ||
	    !(p = pylib_path_arg(ev, pv)) || args_bool(ev, ig, 0, &ignore) < 0)
		return NULL;
	struct stat st;
	if (lstat(p, &st) < 0) {
		if (ignore)
			return val_none();
		return pylib_oserror(ev, errno, p, NULL);
	}
	if (S_ISLNK(st.st_mode)) {
		if (ignore)
			return val_none();
		return err_set(ev, TY_OSError, "Cannot call rmtree on a symbolic link");
	}
	if (!S_ISDIR(st.st_mode)) {
		if (ignore)
			return val_none();
		return pylib_oserror(ev, ENOTDIR, p, NULL);
	}
	if (nftw(p, rm_entry, 16, FTW_DEPTH | FTW_PHYS) < 0 && !ignore)
		return pylib_oserror(ev, errno, p, NULL);
	return val_none();
}

/* copies the bytes of src to dst (created or truncated); 0 or -1 */
static int copy_bytes(struct eval *ev, const char *src, const char *dst, mode_t *mode_out)
{
	struct stat st;
	int in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0 || fstat(in, &st) < 0) {
		pylib_oserror(ev, errno, src, NULL);
		if (in >= 0)
			close(in);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		close(in);
		pylib_oserror(ev, EISDIR, src, NULL);
		return -1;
	}
	int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (out < 0) {
		pylib_oserror(ev, errno, dst, NULL);
		close(in);
		return -1;
	}
	char buf[65536];
	ssize_t n;
	int rc = 0;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n) {
			pylib_oserror(ev, errno, dst, NULL);
			rc = -1;
			break;
		}
	if (n < 0 && rc == 0) {
		pylib_oserror(ev, errno, src, NULL);
		rc = -1;
	}
	close(in);
	close(out);
	if (mode_out)
		*mode_out = st.st_mode & 07777;
	return rc;
}

/* dst, or dst/basename(src) when dst is a directory (malloc'd) */
static char *target_of(const char *src, const char *dst)
{
	struct stat st;
	if (stat(dst, &st) == 0 && S_ISDIR(st.st_mode)) {
		const char *b = strrchr(src, '/');
		return join2(dst, b ? b + 1 : src);
	}
	return strdup(dst);
}

static struct value *copy_common(struct eval *ev, const char *name, int argc, struct value **argv,
				 const struct kwargs *kw, int into_dir, int mode, int times)
{
	struct value *a = NULL, *b = NULL, *fs = NULL;
	const char *src, *dst;
	if (args_parse(ev, name, argc, argv, kw, "src,dst$follow_symlinks", &a, &b, &fs) < 0 ||
	    !(src = pylib_path_arg(ev, a)) || !(dst = pylib_path_arg(ev, b)))
		return NULL;
	char *t = into_dir ? target_of(src, dst) : strdup(dst);
	if (!t)
		return err_nomem(ev);
	mode_t m;
	if (!strcmp(src, t)) {
		char *ra = str_repr(src, strlen(src)), *rb = str_repr(t, strlen(t));
		err_set(ev, TY_OSError, "%s and %s are the same file", ra ? ra : "", rb ? rb : "");
		free(ra);
		free(rb);
		free(t);
		return NULL;
	}
	if (copy_bytes(ev, src, t, &m) < 0) {
		free(t);
		return NULL;
	}
	if (mode)
		chmod(t, m);
	if (times) {
		struct stat st;
		if (stat(src, &st) == 0) {
			struct timespec ts[2] = { st.st_atim, st.st_mtim };
			utimensat(AT_FDCWD, t, ts, 0);
		}
	}
	return val_str_take(t, strlen(t));
}

PYFN(sh_copyfile) { return copy_common(ev, "copyfile", argc, argv, kw, 0, 0, 0); }
PYFN(sh_copy) { return copy_common(ev, "copy", argc, argv, kw, 1, 1, 0); }
PYFN(sh_copy2) { return copy_common(ev, "copy2", argc, argv, kw, 1, 1, 1); }

static int copytree(struct eval *ev, const char *src, const char *dst, int exist_ok)
{
	DIR *d = opendir(src);
	if (!d) {
		pylib_oserror(ev, errno, src, NULL);
		return -1;
	}
	if (mkdir(dst, 0777) < 0 && !(exist_ok && errno == EEXIST)) {
		pylib_oserror(ev, errno, dst, NULL);
		closedir(d);
		return -1;
	}
	struct dirent *e;
	int rc = 0;
	while (rc == 0 && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *s = join2(src, e->d_name), *t = join2(dst, e->d_name);
		struct stat st;
		if (!s || !t)
			rc = (err_nomem(ev), -1);
		else if (stat(s, &st) == 0 && S_ISDIR(st.st_mode))
			rc = copytree(ev, s, t, exist_ok);
		else {
			mode_t m;
			rc = copy_bytes(ev, s, t, &m);
			if (rc == 0)
				chmod(t, m);
		}
		free(s);
		free(t);
	}
	closedir(d);
	return rc;
}

PYFN(sh_copytree)
{
	struct value *a = NULL, *b = NULL, *sym = NULL, *ign = NULL, *cf = NULL, *idm = NULL, *eo = NULL;
	const char *src, *dst;
	int exist_ok;
	if (args_parse(ev, "copytree", argc, argv, kw, "src,dst|symlinks,ignore,copy_function,ignore_dangling_symlinks,dirs_exist_ok",
		       &a, &b, &sym, &ign, &cf, &idm, &eo) < 0 || !(src = pylib_path_arg(ev, a)) ||
	    !(dst = pylib_path_arg(ev, b)) || args_bool(ev, eo, 0, &exist_ok) < 0)
		return NULL;
	if ((ign && ign->type != VT_NONE) || (cf && cf->type != VT_NONE))
		return err_set(ev, TY_NotImplementedError, "shutil.copytree(ignore=, copy_function=) is not supported by Lumen");
	return copytree(ev, src, dst, exist_ok) < 0 ? NULL : val_cstr(dst);
}

PYFN(sh_move)
{
	struct value *a = NULL, *b = NULL, *cf = NULL;
	const char *src, *dst;
	if (args_parse(ev, "move", argc, argv, kw, "src,dst|copy_function", &a, &b, &cf) < 0 ||
	    !(src = pylib_path_arg(ev, a)) || !(dst = pylib_path_arg(ev, b)))
		return NULL;
	char *t = target_of(src, dst);
	if (!t)
		return err_nomem(ev);
	if (rename(src, t) < 0) {
		int e = errno;
		struct stat st;
		if (e != EXDEV || stat(src, &st) < 0) {
			pylib_oserror(ev, e, src, t);
			free(t);
			return NULL;
		}
		int rc = S_ISDIR(st.st_mode) ? copytree(ev, src, t, 0) : copy_bytes(ev, src, t, NULL);
		if (rc == 0)
			rc = S_ISDIR(st.st_mode) ? nftw(src, rm_entry, 16, FTW_DEPTH | FTW_PHYS) : unlink(src);
		if (rc < 0) {
			if (!err_occurred(ev))
				pylib_oserror(ev, errno, src, NULL);
			free(t);
			return NULL;
		}
	}
	return val_str_take(t, strlen(t));
}

PYFN(sh_which)
{
	struct value *cv = NULL, *mode = NULL, *path = NULL;
	const char *cmd;
	if (args_parse(ev, "which", argc, argv, kw, "cmd|mode,path", &cv, &mode, &path) < 0 || !(cmd = pylib_path_arg(ev, cv)))
		return NULL;
	if (strchr(cmd, '/')) {
		struct stat st;
		if (access(cmd, X_OK) == 0 && stat(cmd, &st) == 0 && !S_ISDIR(st.st_mode))
			return val_cstr(cmd);
		return val_none();
	}
	const char *pathenv = path && path->type == VT_STR ? path->u.str->s : getenv("PATH");
	if (!pathenv)
		pathenv = "/bin:/usr/bin";
	char *copy = strdup(pathenv), *save = NULL;
	for (char *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir; dir = strtok_r(NULL, ":", &save)) {
		char *full = join2(dir, cmd);
		struct stat st;
		if (full && access(full, X_OK) == 0 && stat(full, &st) == 0 && !S_ISDIR(st.st_mode)) {
			free(copy);
			return val_str_take(full, strlen(full));
		}
		free(full);
	}
	free(copy);
	return val_none();
}

static const char *const usage_fields[] = {"total", "used", "free"};
static const struct seqtype usage_type = { "usage", usage_fields };

PYFN(sh_disk_usage)
{
	const char *p;
	if (argc != 1 || !(p = pylib_path_arg(ev, argv[0])))
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "disk_usage() takes exactly one argument");
	struct statvfs s;
	if (statvfs(p, &s) < 0)
		return pylib_oserror(ev, errno, p, NULL);
	int64_t total = (int64_t)s.f_blocks * (int64_t)s.f_frsize, freeb = (int64_t)s.f_bavail * (int64_t)s.f_frsize;
	int64_t used = ((int64_t)s.f_blocks - (int64_t)s.f_bfree) * (int64_t)s.f_frsize;
	struct value *it[3] = { val_int(total), val_int(used), val_int(freeb) };
	return val_named_tuple_new(&usage_type, 3, it);
}

static const struct pyfn shutil_fns[] = {
	{"rmtree", sh_rmtree}, {"copyfile", sh_copyfile}, {"copy", sh_copy}, {"copy2", sh_copy2},
	{"copytree", sh_copytree}, {"move", sh_move}, {"which", sh_which}, {"disk_usage", sh_disk_usage},
};

struct value *shutil_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "shutil", shutil_fns, sizeof shutil_fns / sizeof shutil_fns[0]);
}

/* ---- string ---- */

struct value *string_build(struct eval *ev, const char *name)
{
	(void)name;
	static const struct { const char *n, *v; } consts[] = {
		{"ascii_lowercase", "abcdefghijklmnopqrstuvwxyz"},
		{"ascii_uppercase", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
		{"ascii_letters", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"},
		{"digits", "0123456789"},
		{"hexdigits", "0123456789abcdefABCDEF"},
		{"octdigits", "01234567"},
		{"punctuation", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"},
		{"whitespace", " \t\n\r\x0b\x0c"},
		{"printable", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c"},
	};
	struct value *m = pylib_module(ev, "string", NULL, 0);
	for (size_t i = 0; m && i < sizeof consts / sizeof consts[0]; i++)
		if (pylib_add(ev, m, consts[i].n, val_cstr(consts[i].v)) < 0) {
			val_decref(m);
			return NULL;
		}
	return m;
}
