/*
 * magic_sys.c — IPython's magics about the kernel's process and files:
 * %env, %set_env, %cd, %pwd, %%writefile, %run, %%html, %%javascript,
 * %load_ext, %autoreload, %%capture, and get_ipython() (run_line_magic,
 * run_cell_magic, system, getoutput), with IPython's words and values
 * (%matplotlib comes with the plots, in magic.c).
 * The process's environment and working directory are the session's; this
 * file changes nothing else.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/args.h"
#include "session/magic_int.h"
#include "session/magic.h"

static void plain_nofree(void *p) { (void)p; }

extern char **environ;

static char *trim(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	return strndup(s, n);
}

/* os.path.expanduser, and a quoted name ('a b' / "a b") unquoted; malloc'd */
static char *path_arg(const char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	if (n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n - 1] == s[0]) {
		s++;
		n -= 2;
	}
	const char *home = getenv("HOME");
	if (n && s[0] == '~' && (n == 1 || s[1] == '/') && home) {
		char *r = malloc(strlen(home) + n);
		if (r)
			sprintf(r, "%s%.*s", home, (int)(n - 1), s + 1);
		return r;
	}
	return strndup(s, n);
}

/* ---- %env, %set_env ---- */

int magic_set_env(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)cell;
	(void)result;
	const char *eq = strchr(args, '=');
	const char *sp = strpbrk(args, " \t");
	const char *split = eq ? eq : sp;
	const char *q = args;
	while (*q == ' ' || *q == '\t')
		q++;
	if (!*q || !split) {
		err_set(ev, TY_UsageError, "usage is 'set_env var=val'");
		return -1;
	}
	char *var = trim(args, (size_t)(split - args)), *val = trim(split + 1, strlen(split + 1));
	if (!var || !val) {
		free(var);
		free(val);
		err_nomem(ev);
		return -1;
	}
	int rc = 0;
	if (strpbrk(var, " \t\n")) {
		err_set(ev, TY_UsageError, "refusing to set env var with whitespace: '%s'", val);
		rc = -1;
	} else if (setenv(var, val, 1) < 0) {
		err_set(ev, TY_ValueError, "illegal environment variable name");
		rc = -1;
	} else {
		struct sbuf b = {0};
		sb_printf(&b, "env: %s=%s\n", var, val);
		char *s = sb_take(&b);
		if (s)
			magic_out(ev, s);
		free(s);
	}
	free(var);
	free(val);
	return rc;
}

/* %env: a dict of the environment (values of names with key, token or
 * secret hidden); %env VAR: its value; %env VAR=VAL / %env VAR VAL: sets it */
int magic_env(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	const char *q = args;
	while (*q == ' ' || *q == '\t')
		q++;
	if (*q) {
		if (!strchr(args, '=') && !strpbrk(q, " \t")) {
			const char *v = getenv(q);
			if (!v) {
				err_set(ev, TY_UsageError, "Environment does not have key: %s", q);
				return -1;
			}
			if (result && !(*result = val_cstr(v))) {
				err_nomem(ev);
				return -1;
			}
			return 0;
		}
		return magic_set_env(ev, args, cell, result);
	}
	struct value *d = val_dict_new();
	if (!d) {
		err_nomem(ev);
		return -1;
	}
	for (char **e = environ; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq)
			continue;
		char *key = strndup(*e, (size_t)(eq - *e));
		if (!key)
			break;
		char low[256];
		size_t i = 0;
		for (; key[i] && i < sizeof low - 1; i++)
			low[i] = (char)(key[i] >= 'A' && key[i] <= 'Z' ? key[i] + 32 : key[i]);
		low[i] = 0;
		int hide = strstr(low, "key") || strstr(low, "token") || strstr(low, "secret");
		int r = dict_setstr(d, key, val_cstr(hide ? "<hidden>" : eq + 1));
		free(key);
		if (r < 0) {
			val_decref(d);
			err_nomem(ev);
			return -1;
		}
	}
	if (result)
		*result = d;
	else
		val_decref(d);
	return 0;
}

/* ---- %cd, %pwd ---- */

static int print_line(struct eval *ev, const char *s)
{
	struct sbuf b = {0};
	sb_printf(&b, "%s\n", s);
	char *t = sb_take(&b);
	if (!t) {
		err_nomem(ev);
		return -1;
	}
	magic_out(ev, t);
	free(t);
	return 0;
}

/* %cd [-q] [DIR | - | ~]: prints the new directory (IPython's _dh[-1]);
 * `%cd -` goes back to the one before (OLDPWD) */
int magic_cd(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)cell;
	(void)result;
	int quiet = 0;
	const char *p = args;
	while (p[0] == '-' && p[1] == 'q' && (p[2] == 0 || p[2] == ' ' || p[2] == '\t')) {
		quiet = 1;
		p += 2;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	char old[4096];
	if (!getcwd(old, sizeof old))
		old[0] = 0;
	char *dir;
	if (!strcmp(p, "-")) {
		const char *o = getenv("OLDPWD");
		if (!o || !*o) {
			err_set(ev, TY_UsageError, "%%cd -: No previous directory to change to.");
			return -1;
		}
		dir = strdup(o);
	} else if (!*p) {
		const char *home = getenv("HOME");
		dir = strdup(home ? home : "/");
	} else {
		dir = path_arg(p);
	}
	if (!dir) {
		err_nomem(ev);
		return -1;
	}
	if (chdir(dir) < 0) {
		struct sbuf b = {0};
		sb_printf(&b, "[Errno %d] %s: '%s'\n", errno, strerror(errno), dir);
		char *s = sb_take(&b);
		if (s)
			magic_out(ev, s);
		free(s);
		free(dir);
		return 0;
	}
	free(dir);
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd)) {
		err_set(ev, TY_FileNotFoundError, "[Errno %d] %s", errno, strerror(errno));
		return -1;
	}
	if (old[0] && strcmp(old, cwd))
		setenv("OLDPWD", old, 1);
	setenv("PWD", cwd, 1);
	return quiet ? 0 : print_line(ev, cwd);
}

int magic_pwd(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)args;
	(void)cell;
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd)) {
		err_set(ev, TY_FileNotFoundError, "[Errno %d] %s", errno, strerror(errno));
		return -1;
	}
	if (result && !(*result = val_cstr(cwd))) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

/* ---- %%writefile [-a] FILE ---- */

int magic_writefile(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)result;
	int append = 0;
	const char *p = args;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if ((p[0] == '-' && p[1] == 'a' && (p[2] == ' ' || p[2] == '\t' || !p[2]))) {
			append = 1;
			p += 2;
		} else if (!strncmp(p, "--append", 8) && (p[8] == ' ' || p[8] == '\t' || !p[8])) {
			append = 1;
			p += 8;
		} else {
			break;
		}
	}
	if (!*p) {
		err_set(ev, TY_UsageError, "the following arguments are required: filename");
		return -1;
	}
	char *fn = path_arg(p);
	if (!fn) {
		err_nomem(ev);
		return -1;
	}
	struct stat st;
	const char *verb = stat(fn, &st) == 0 ? (append ? "Appending to" : "Overwriting") : "Writing";
	struct sbuf b = {0};
	sb_printf(&b, "%s %s\n", verb, fn);
	char *msg = sb_take(&b);
	if (msg)
		magic_out(ev, msg);
	free(msg);
	FILE *f = fopen(fn, append ? "a" : "w");
	if (!f) {
		int e = errno;
		err_set(ev, e == ENOENT ? TY_FileNotFoundError : TY_OSError,
			"[Errno %d] %s: '%s'", e, strerror(e), fn);
		free(fn);
		return -1;
	}
	size_t n = strlen(cell);
	int bad = fwrite(cell, 1, n, f) != n;
	bad |= fclose(f) != 0;
	if (bad) {
		err_set(ev, TY_OSError, "write error on '%s'", fn);
		free(fn);
		return -1;
	}
	free(fn);
	return 0;
}

/* ---- %%html, %%javascript ---- */

static int show(struct eval *ev, const char *mime, const char *body, const char *plain)
{
	if (ev->sink && ev->sink->display) {
		struct engine_bundle b = { 2, {"text/plain", mime}, {plain, body},
					   {strlen(plain), strlen(body)} };
		ev->sink->display(ev->sink->ctx, &b, 0, NULL, 0);
	} else {
		print_line(ev, plain);
	}
	return 0;
}

int magic_html(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)args;
	(void)result;
	return show(ev, "text/html", cell, "<IPython.core.display.HTML object>");
}

int magic_javascript(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)args;
	(void)result;
	return show(ev, "application/javascript", cell, "<IPython.core.display.Javascript object>");
}

/* ---- %run [-i] FILE.py ---- */

static char *read_file(const char *fn, size_t *len)
{
	FILE *f = fopen(fn, "rb");
	if (!f)
		return NULL;
	struct sbuf b = {0};
	char buf[8192];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		sb_add(&b, buf, got);
	fclose(f);
	*len = b.n;
	char *s = sb_take(&b);
	if (s && !*len)
		*len = 0;
	return s ? s : strdup("");
}

/* Runs FILE as a script (__name__ == '__main__') in a fresh namespace that
 * is then merged into the kernel's (IPython's default), or with -i in the
 * kernel's namespace itself. */
int magic_runfile(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)cell;
	(void)result;
	int inplace = 0;
	const char *p = args;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (p[0] == '-' && p[1] == 'i' && (p[2] == ' ' || p[2] == '\t' || !p[2])) {
			inplace = 1;
			p += 2;
		} else if (p[0] == '-' && p[1] && p[1] != ' ') {
			err_set(ev, TY_NotImplementedError, "%%run option '%.2s' is not supported by Lumen (only -i)", p);
			return -1;
		} else {
			break;
		}
	}
	if (!*p) {
		err_set(ev, TY_UsageError, "%%run: you must provide at least a filename.");
		return -1;
	}
	/* the file name, then its arguments (sys.argv: not supported) */
	size_t fl = strcspn(p, " \t");
	char *fn0 = strndup(p, fl);
	char *fn = fn0 ? path_arg(fn0) : NULL;
	free(fn0);
	if (!fn) {
		err_nomem(ev);
		return -1;
	}
	const char *rest = p + fl;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (*rest) {
		err_set(ev, TY_NotImplementedError, "%%run with arguments for the script (sys.argv) is not supported by Lumen");
		free(fn);
		return -1;
	}
	size_t len = 0;
	char *src = read_file(fn, &len);
	if (!src) {
		struct sbuf b = {0};
		sb_printf(&b, "ERROR:root:File `'%s'` not found.\n", fn);
		char *s = sb_take(&b);
		if (s)
			ev_write(ev, 2, s, strlen(s));
		free(s);
		free(fn);
		return 0;
	}
	int rc;
	if (inplace) {
		rc = ev_exec_source(ev, src, len, fn, 0, 0, NULL);
	} else {
		struct value *g = val_dict_new(), *saved = ev->globals;
		if (!g || dict_setstr(g, "__name__", val_cstr("__main__")) < 0 ||
		    dict_setstr(g, "__file__", val_cstr(fn)) < 0) {
			val_decref(g);
			free(src);
			free(fn);
			err_nomem(ev);
			return -1;
		}
		ev->globals = g;
		rc = ev_exec_source(ev, src, len, fn, 0, 0, NULL);
		ev->globals = saved;
		/* IPython: the script's names land in the user namespace, even after an error */
		struct dict *d = g->u.dict;
		for (size_t i = 0; i < d->n; i++) {
			struct value *k = d->entries[i].key;
			const char *ks = k ? val_as_cstr(k) : NULL;
			if (!ks || !strcmp(ks, "__name__") || !strcmp(ks, "__file__"))
				continue;
			if (dict_set(ev, saved, k, d->entries[i].val) < 0) {
				rc = -1;
				break;
			}
		}
		val_decref(g);
	}
	free(src);
	free(fn);
	return rc;
}

/* ---- %load_ext, %autoreload ---- */

/* extensions that load: names of nothing to do in Lumen (cells import no
 * user modules, so IPython's autoreload has nothing to reload) */
static const char *const noop_extensions[] = { "autoreload", NULL };

int magic_load_ext(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)cell;
	(void)result;
	char *name = trim(args, strlen(args));
	if (!name) {
		err_nomem(ev);
		return -1;
	}
	int rc = 0;
	if (!*name) {
		err_set(ev, TY_UsageError, "Missing module name.");
		rc = -1;
		goto out;
	}
	for (int i = 0; noop_extensions[i]; i++)
		if (!strcmp(name, noop_extensions[i]))
			goto out;
	struct value *m = ev_import(ev, name);
	if (!m) {
		rc = -1;
		goto out;
	}
	val_decref(m);
	{
		struct sbuf b = {0};
		sb_printf(&b, "The %s module is not an IPython extension.\n", name);
		char *s = sb_take(&b);
		if (s)
			magic_out(ev, s);
		free(s);
	}
out:
	free(name);
	return rc;
}

/* %autoreload [0|1|2|3|now|off|explicit|all|complete]: cells import no user
 * modules, so there is never anything to reload */
int magic_autoreload(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)cell;
	(void)result;
	static const char *const modes[] = { "", "0", "1", "2", "3", "now", "off", "explicit", "all",
					     "complete", NULL };
	char *m = trim(args, strlen(args));
	if (!m) {
		err_nomem(ev);
		return -1;
	}
	int ok = 0;
	for (int i = 0; modes[i]; i++)
		ok |= !strcmp(m, modes[i]);
	if (!ok)
		err_set(ev, TY_UsageError, "Unrecognized autoreload mode \"%s\".", m);
	free(m);
	return ok ? 0 : -1;
}

/* ---- %%capture [--no-stdout] [--no-stderr] [--no-display] [output] ---- */

struct captured {
	struct sbuf out, err;
	struct engine_bundle *disp;   /* the displays, copied */
	int ndisp, capdisp;
	int no_stdout, no_stderr, no_display;
	const struct engine_sink *outer;
};

static void cap_free(void *p)
{
	struct captured *c = p;
	if (!c)
		return;
	free(c->out.s);
	free(c->err.s);
	for (int i = 0; i < c->ndisp; i++)
		engine_bundle_clear(&c->disp[i]);
	free(c->disp);
	free(c);
}

static void cap_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct captured *c = ctx;
	if ((fd == 1 && c->no_stdout) || (fd != 1 && c->no_stderr)) {
		if (c->outer && c->outer->stream)
			c->outer->stream(c->outer->ctx, fd, text, len);
		return;
	}
	sb_add(fd == 1 ? &c->out : &c->err, text, len);
}

static void cap_display(void *ctx, const struct engine_bundle *b, int is_result, const char *id,
			int update)
{
	struct captured *c = ctx;
	if (c->no_display) {
		if (c->outer && c->outer->display)
			c->outer->display(c->outer->ctx, b, is_result, id, update);
		return;
	}
	if (c->ndisp == c->capdisp) {
		int cap = c->capdisp ? c->capdisp * 2 : 4;
		struct engine_bundle *nd = realloc(c->disp, sizeof *nd * (size_t)cap);
		if (!nd)
			return;
		c->disp = nd;
		c->capdisp = cap;
	}
	struct engine_bundle *d = &c->disp[c->ndisp];
	memset(d, 0, sizeof *d);
	for (int i = 0; i < b->n; i++) {
		char *m = strdup(b->mime[i]), *x = malloc(b->len[i] + 1);
		if (!m || !x) {
			free(m);
			free(x);
			break;
		}
		memcpy(x, b->data[i], b->len[i]);
		x[b->len[i]] = 0;
		d->mime[d->n] = m;
		d->data[d->n] = x;
		d->len[d->n] = b->len[i];
		d->n++;
	}
	c->ndisp++;
}

/* CapturedIO.show() / CapturedIO(): the captured output, shown now */
static struct value *cap_show(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	(void)argc;
	(void)argv;
	(void)kw;
	struct captured *c = bi->self->u.obj.p;
	if (c->out.n)
		ev_write(ev, 1, c->out.s, c->out.n);
	if (c->err.n)
		ev_write(ev, 2, c->err.s, c->err.n);
	for (int i = 0; i < c->ndisp; i++)
		if (ev->sink && ev->sink->display)
			ev->sink->display(ev->sink->ctx, &c->disp[i], 0, NULL, 0);
	return val_none();
}

static struct value *cap_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct captured *c = self->u.obj.p;
	if (!strcmp(name, "stdout"))
		return val_str(c->out.s ? c->out.s : "", c->out.n);
	if (!strcmp(name, "stderr"))
		return val_str(c->err.s ? c->err.s : "", c->err.n);
	if (!strcmp(name, "show"))
		return val_builtin("show", cap_show, self, NULL);
	if (!strcmp(name, "outputs")) {
		/* each display as a dict {mime: data} (IPython: RichOutput objects) */
		struct value *l = val_list_new(0, NULL);
		for (int i = 0; l && i < c->ndisp; i++) {
			struct value *d = val_dict_new();
			for (int k = 0; d && k < c->disp[i].n; k++)
				if (dict_setstr(d, c->disp[i].mime[k], val_str(c->disp[i].data[k], c->disp[i].len[k])) < 0) {
					val_decref(d);
					d = NULL;
				}
			if (!d || list_append(l, d) < 0) {
				val_decref(l);
				l = NULL;
			}
		}
		return l ? l : err_nomem(ev);
	}
	return NULL;
}

static struct value *cap_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct builtin bi = { "show", cap_show, self, NULL, NULL };
	return cap_show(ev, &bi, argc, argv, kw);
}

static char *cap_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	char *s = malloc(80);
	if (s)
		snprintf(s, 80, "<IPython.utils.capture.CapturedIO object at %p>", (void *)self);
	return s;
}

static const char *const cap_attrs[] = {"outputs", "show", "stderr", "stdout", NULL};
static const struct objtype captured_type = {
	.name = "CapturedIO", .free = cap_free, .getattr = cap_getattr, .call = cap_call,
	.repr = cap_repr, .attrs = cap_attrs,
};

int magic_capture(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)result;
	struct captured *c = calloc(1, sizeof *c);
	if (!c) {
		err_nomem(ev);
		return -1;
	}
	char name[128] = "";
	const char *p = args;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		size_t k = strcspn(p, " \t");
		if (!k)
			break;
		if (k == 11 && !strncmp(p, "--no-stdout", 11))
			c->no_stdout = 1;
		else if (k == 11 && !strncmp(p, "--no-stderr", 11))
			c->no_stderr = 1;
		else if (k == 12 && !strncmp(p, "--no-display", 12))
			c->no_display = 1;
		else if (p[0] != '-' && !name[0] && k < sizeof name)
			snprintf(name, sizeof name, "%.*s", (int)k, p);
		else {
			err_set(ev, TY_UsageError, "unrecognized arguments: %.*s", (int)k, p);
			cap_free(c);
			return -1;
		}
		p += k;
	}
	c->outer = ev->sink;
	struct engine_sink sink = {0};
	if (ev->sink)
		sink = *ev->sink;
	sink.ctx = c;
	sink.stream = cap_stream;
	sink.display = cap_display;
	const struct engine_sink *saved = ev->sink;
	ev->sink = &sink;
	char src_name[32];
	snprintf(src_name, sizeof src_name, "In[%d]", ev->exec_count);
	int rc = ev_exec_source(ev, cell, strlen(cell), src_name, ev->exec_count, 0, NULL);
	ev->sink = saved;
	struct value *v = val_object_new(&captured_type, c);
	if (!v) {
		err_nomem(ev);
		return -1;
	}
	if (name[0] && dict_setstr(ev->globals, name, val_incref(v)) < 0) {
		val_decref(v);
		err_nomem(ev);
		return -1;
	}
	val_decref(v);
	return rc;
}

/* ---- get_ipython(): what `jupyter nbconvert --to script` writes for magics ---- */

static struct value *ip_line(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *name, *line = NULL, *cell = NULL, *res = NULL;
	int is_cell = !strcmp(bi->name, "run_cell_magic");
	if (is_cell ? args_parse(ev, bi->name, argc, argv, kw, "magic_name,line,cell", &name, &line, &cell) < 0
		    : args_parse(ev, bi->name, argc, argv, kw, "magic_name,line|_stack_depth", &name, &line, &cell) < 0)
		return NULL;
	const char *n = val_as_cstr(name), *l = val_as_cstr(line), *c = is_cell ? val_as_cstr(cell) : NULL;
	if (!n || !l || (is_cell && !c))
		return err_set(ev, TY_TypeError, "%s() arguments must be str", bi->name);
	struct sbuf b = {0};
	sb_printf(&b, "%s%s%s", n, *l ? " " : "", l);
	char *text = sb_take(&b);
	if (!text)
		return err_nomem(ev);
	int rc = magic_run(ev, text, is_cell ? c : NULL, &res);
	free(text);
	if (rc < 0)
		return NULL;
	return res ? res : val_none();
}

static struct value *ip_system(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *cmd, *res = NULL;
	int capture = !strcmp(bi->name, "getoutput");
	if (args_parse(ev, bi->name, argc, argv, kw, "cmd", &cmd) < 0)
		return NULL;
	if (!val_as_cstr(cmd))
		return err_set(ev, TY_TypeError, "%s() argument must be str", bi->name);
	if (magic_shell(ev, val_as_cstr(cmd), capture, capture ? &res : NULL) < 0)
		return NULL;
	return res ? res : val_none();
}

static struct value *ip_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "run_line_magic") || !strcmp(name, "run_cell_magic") || !strcmp(name, "magic"))
		return val_builtin(!strcmp(name, "magic") ? "run_line_magic" : name, ip_line, self, NULL);
	if (!strcmp(name, "system") || !strcmp(name, "getoutput"))
		return val_builtin(name, ip_system, self, NULL);
	if (!strcmp(name, "user_ns"))
		return val_incref(ev->globals);
	if (!strcmp(name, "magics_manager"))
		return magic_user_manager(ev);
	return NULL;
}

static char *ip_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	char *s = malloc(96);
	if (s)
		snprintf(s, 96, "<ipykernel.zmqshell.ZMQInteractiveShell object at %p>", (void *)self);
	return s;
}

static const char *const ip_attrs[] = {"getoutput", "magics_manager", "run_cell_magic", "run_line_magic",
				       "system", "user_ns", NULL};
static const struct objtype ipython_type = {
	.name = "ZMQInteractiveShell", .free = plain_nofree, .getattr = ip_getattr, .repr = ip_repr,
	.attrs = ip_attrs,
};

static struct value *fn_get_ipython(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (args_parse(ev, "get_ipython", argc, argv, kw, "") < 0)
		return NULL;
	struct value *v = val_object_new(&ipython_type, NULL);
	return v ? v : err_nomem(ev);
}

int magic_install_builtins(struct eval *ev)
{
	return dict_setstr(ev->builtins, "get_ipython", val_builtin("get_ipython", fn_get_ipython, NULL, NULL));
}
