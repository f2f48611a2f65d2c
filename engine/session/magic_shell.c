/*
 * magic_shell.c — IPython's shell escapes: `!cmd` (/bin/sh, output streamed, SIGINT to its
 * process group on an interrupt, _exit_code), `x = !cmd` / `!!cmd` (an SList of the lines),
 * %%bash / %%sh, the default aliases (%ls ...), and var_expand ({expr}, $name).
 * Owns the child processes it starts; never leaves one behind.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "lang/core.h"
#include "lang/error.h"
#include "session/magic_int.h"

extern char **environ;

/* ---- var_expand: IPython's DollarFormatter over the user namespace ---- */

static int is_w(unsigned char c)
{
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       c >= 0x80;
}

/* str(value of expr) appended to b (or format(value, spec)); -1 on any error */
static int expand_expr(struct eval *ev, struct sbuf *b, const char *expr, size_t n,
		       const char *spec, size_t specn, char conv)
{
	struct value *v = ev_eval_string_in(ev, expr, n, ev->magic);
	if (!v)
		return -1;
	char *s = NULL;
	if (conv == 'r')
		s = val_repr(ev, v);
	else if (specn) {
		struct value *fmt = dict_getstr_borrow(ev->builtins, "format");
		struct value *args[2] = { v, val_str(spec, specn) };
		struct value *r = fmt && args[1] ? val_call(ev, fmt, 2, args, NULL) : NULL;
		val_decref(args[1]);
		if (r)
			s = val_str_of(ev, r);
		val_decref(r);
	} else
		s = val_str_of(ev, v);
	val_decref(v);
	if (!s)
		return -1;
	sb_adds(b, s);
	free(s);
	return 0;
}

/* single quotes in lit[i..n): $name is expanded only where that count is even */
static int quotes_after(const char *lit, size_t i, size_t n)
{
	int q = 0;
	for (; i < n; i++)
		q += lit[i] == '\'';
	return q;
}

/* the literal text lit[0..n) with $name / $$name */
static int expand_literal(struct eval *ev, struct sbuf *b, const char *lit, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (lit[i] != '$') {
			sb_addc(b, lit[i]);
			continue;
		}
		size_t j = i + 1;
		int dd = j < n && lit[j] == '$';
		if (dd)
			j++;
		size_t k = j;
		while (k < n && (is_w((unsigned char)lit[k]) || lit[k] == '.'))
			k++;
		if (k == j || quotes_after(lit, k, n) % 2) {
			sb_addc(b, '$');
			continue;
		}
		if (dd)
			sb_add(b, lit + j - 1, k - j + 1);       /* $$foo -> $foo */
		else if (expand_expr(ev, b, lit + j, k - j, NULL, 0, 0) < 0)
			return -1;
		i = k - 1;
	}
	return 0;
}

char *magic_var_expand(struct eval *ev, const char *cmd)
{
	struct sbuf b = {0};
	size_t n = strlen(cmd), i = 0;
	struct sbuf l = {0};
	int bad = 0;
	while (i < n && !bad) {
		char c = cmd[i];
		if ((c == '{' || c == '}') && i + 1 < n && cmd[i + 1] == c) {
			sb_addc(&l, c);
			i += 2;
			continue;
		}
		if (c == '}') {
			bad = 1;  /* Single '}' encountered in format string */
			break;
		}
		if (c != '{') {
			sb_addc(&l, c);
			i++;
			continue;
		}
		/* a {field}: up to the matching brace */
		size_t j = i + 1, conv_at = 0, spec_at = 0;
		int depth = 0;
		char quote = 0;
		for (; j < n; j++) {
			char d = cmd[j];
			if (quote) {
				if (d == quote)
					quote = 0;
				continue;
			}
			if (d == '\'' || d == '"')
				quote = d;
			else if (d == '[' || d == '(' || d == '{')
				depth++;
			else if ((d == ']' || d == ')' || d == '}') && depth > 0)
				depth--;
			else if (d == '}')
				break;
			else if (depth == 0 && d == '!' && !conv_at && !spec_at && j + 1 < n && cmd[j + 1] != '=')
				conv_at = j;
			else if (depth == 0 && d == ':' && !spec_at)
				spec_at = j;
		}
		if (j >= n) {
			bad = 1;
			break;
		}
		if (l.n && expand_literal(ev, &b, l.s, l.n) < 0) {
			bad = 1;
			break;
		}
		l.n = 0;
		size_t en = conv_at ? conv_at : spec_at ? spec_at : j;
		char conv = conv_at ? cmd[conv_at + 1] : 0;
		const char *spec = spec_at ? cmd + spec_at + 1 : NULL;
		size_t specn = spec_at ? j - spec_at - 1 : 0;
		if (en == i + 1 || expand_expr(ev, &b, cmd + i + 1, en - i - 1, spec, specn, conv) < 0) {
			bad = 1;
			break;
		}
		i = j + 1;
	}
	if (!bad && l.n && expand_literal(ev, &b, l.s, l.n) < 0)
		bad = 1;
	free(l.s);
	if (bad) {
		/* IPython: if the formatter couldn't format, the line goes untransformed */
		err_clear(ev);
		free(b.s);
		char *s = strdup(cmd);
		if (!s)
			err_nomem(ev);
		return s;
	}
	char *s = sb_take(&b);
	if (!s)
		err_nomem(ev);
	return s;
}

/* ---- running a child ---- */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv (argv[0] a path) in its own process group.  input (or NULL:
 * /dev/null) goes to its stdin.  capture: stdout and stderr, merged, go to
 * *out; else they are written to the cell's stdout / stderr as they come.
 * An interrupt sends SIGINT to the group (SIGKILL 2 s later if it is still
 * there) and leaves KeyboardInterrupt set.  Returns 0 with *status (the
 * exit code, or -signal), or -1 with the error set. */
int magic_spawn(struct eval *ev, char *const argv[], const char *input, int capture,
		struct sbuf *out, int *status)
{
	int pout[2] = {-1, -1}, perr[2] = {-1, -1}, pin[2] = {-1, -1};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	pid_t pid = -1;
	int rc = -1;
	if (pipe2(pout, O_CLOEXEC) < 0 || (!capture && pipe2(perr, O_CLOEXEC) < 0) ||
	    (input && pipe2(pin, O_CLOEXEC) < 0)) {
		err_set(ev, TY_OSError, "[Errno %d] %s", errno, strerror(errno));
		goto close;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	if (input)
		posix_spawn_file_actions_adddup2(&fa, pin[0], 0);
	else
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
	posix_spawn_file_actions_adddup2(&fa, capture ? pout[1] : perr[1], 2);
	sigset_t none;
	sigemptyset(&none);
	posix_spawnattr_setsigmask(&at, &none);
	/* a kernel may ignore SIGINT or SIGPIPE: the child starts with the defaults */
	sigset_t def;
	sigemptyset(&def);
	sigaddset(&def, SIGINT);
	sigaddset(&def, SIGPIPE);
	sigaddset(&def, SIGCHLD);
	sigaddset(&def, SIGTERM);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
				 POSIX_SPAWN_SETSIGDEF);
	int e = posix_spawnp(&pid, argv[0], &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (e) {
		pid = -1;
		err_set(ev, e == ENOENT ? TY_FileNotFoundError : TY_OSError,
			"[Errno %d] %s: '%s'", e, strerror(e), argv[0]);
		goto close;
	}
	close(pout[1]);
	pout[1] = -1;
	if (perr[1] >= 0) {
		close(perr[1]);
		perr[1] = -1;
	}
	if (pin[0] >= 0) {
		close(pin[0]);
		pin[0] = -1;
		fcntl(pin[1], F_SETFL, fcntl(pin[1], F_GETFL) | O_NONBLOCK);
	}
	size_t inlen = input ? strlen(input) : 0, inoff = 0;
	if (input && inlen == 0) {
		close(pin[1]);
		pin[1] = -1;
	}
	double killed_at = 0;
	int interrupted = 0;
	for (;;) {
		struct pollfd pf[3];
		int np = 0, iout = -1, ierr = -1, iin = -1;
		if (pout[0] >= 0) {
			iout = np;
			pf[np++] = (struct pollfd){ pout[0], POLLIN, 0 };
		}
		if (perr[0] >= 0) {
			ierr = np;
			pf[np++] = (struct pollfd){ perr[0], POLLIN, 0 };
		}
		if (pin[1] >= 0) {
			iin = np;
			pf[np++] = (struct pollfd){ pin[1], POLLOUT, 0 };
		}
		if (np == 0)
			break;
		if (ev->interrupt && !interrupted) {
			interrupted = 1;
			kill(-pid, SIGINT);
			killed_at = now();
			if (pin[1] >= 0) {
				close(pin[1]);
				pin[1] = -1;
				continue;
			}
		}
		if (interrupted && killed_at && now() - killed_at > 2.0) {
			kill(-pid, SIGKILL);
			killed_at = 0;
		}
		int r = poll(pf, (nfds_t)np, 50);
		if (r < 0 && errno != EINTR) {
			err_set(ev, TY_OSError, "[Errno %d] %s", errno, strerror(errno));
			break;
		}
		if (r <= 0)
			continue;
		if (iin >= 0 && pf[iin].revents) {
			ssize_t w = (pf[iin].revents & POLLOUT) ?
				write(pin[1], input + inoff, inlen - inoff) : -1;
			if (w > 0)
				inoff += (size_t)w;
			if (w < 0 && errno == EAGAIN)
				w = 0;
			if (w < 0 || inoff >= inlen) {
				close(pin[1]);
				pin[1] = -1;
			}
		}
		for (int k = 0; k < 2; k++) {
			int idx = k ? ierr : iout;
			int *fd = k ? &perr[0] : &pout[0];
			if (idx < 0 || !pf[idx].revents)
				continue;
			char buf[8192];
			ssize_t got = read(*fd, buf, sizeof buf);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				close(*fd);
				*fd = -1;
				continue;
			}
			if (capture)
				sb_add(out, buf, (size_t)got);
			else
				ev_write(ev, k ? 2 : 1, buf, (size_t)got);
		}
	}
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	pid = -1;
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? -WTERMSIG(st) : 0;
	if (interrupted || ev->interrupt) {
		ev->interrupt = 1;
		ev_check_interrupt(ev);
	} else if (!err_occurred(ev)) {
		rc = 0;
	}
close:
	for (int i = 0; i < 2; i++) {
		if (pout[i] >= 0)
			close(pout[i]);
		if (perr[i] >= 0)
			close(perr[i]);
		if (pin[i] >= 0)
			close(pin[i]);
	}
	if (pid > 0) {
		kill(-pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	return rc;
}

/* ---- SList ---- */

static struct value *slist_getattr(struct eval *ev, struct value *self, const char *name);

static const struct seqtype slist_type = { "SList", NULL, slist_getattr };

static struct value *slist_join(struct eval *ev, struct value *self, char sep)
{
	struct sbuf b = {0};
	for (size_t i = 0; i < self->u.seq.n; i++) {
		struct value *it = self->u.seq.items[i];
		if (i)
			sb_addc(&b, sep);
		const char *s = val_as_cstr(it);
		if (s) {
			sb_add(&b, s, it->u.str->len);
		} else {
			char *t = val_str_of(ev, it);
			if (!t) {
				free(b.s);
				return NULL;
			}
			sb_adds(&b, t);
			free(t);
		}
	}
	size_t n = b.n;
	char *s = sb_take(&b);
	if (!s)
		return err_nomem(ev);
	return val_str_take(s, n);
}

static struct value *slist_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "n") || !strcmp(name, "nlstr"))
		return slist_join(ev, self, '\n');
	if (!strcmp(name, "s") || !strcmp(name, "spstr"))
		return slist_join(ev, self, ' ');
	if (!strcmp(name, "l") || !strcmp(name, "list")) {
		struct value *l = val_list_new(0, NULL);
		for (size_t i = 0; l && i < self->u.seq.n; i++)
			if (list_append(l, val_incref(self->u.seq.items[i])) < 0) {
				val_decref(l);
				l = NULL;
			}
		return l ? l : err_nomem(ev);
	}
	if (!strcmp(name, "p") || !strcmp(name, "paths")) {
		/* the items that name existing files (IPython: as Path objects) */
		struct value *l = val_list_new(0, NULL);
		for (size_t i = 0; l && i < self->u.seq.n; i++) {
			const char *s = val_as_cstr(self->u.seq.items[i]);
			struct stat sb;
			if (s && stat(s, &sb) == 0 && list_append(l, val_incref(self->u.seq.items[i])) < 0) {
				val_decref(l);
				l = NULL;
			}
		}
		return l ? l : err_nomem(ev);
	}
	return NULL;
}

/* text split into lines (str.splitlines: \n, \r\n, \r) as an SList */
static struct value *slist_from(struct eval *ev, const char *s, size_t n)
{
	struct value *l = val_list_new(0, NULL);
	if (!l)
		return err_nomem(ev);
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && s[j] != '\n' && s[j] != '\r')
			j++;
		if (list_append(l, val_str(s + i, j - i)) < 0) {
			val_decref(l);
			return err_nomem(ev);
		}
		if (j < n && s[j] == '\r' && j + 1 < n && s[j + 1] == '\n')
			j++;
		i = j + 1;
	}
	l->u.seq.named = &slist_type;
	return l;
}

/* ---- `!cmd`, `!!cmd`, `x = !cmd` ---- */

static int set_exit_code(struct eval *ev, int status)
{
	struct value *v = val_int(status);
	if (!v || dict_setstr(ev->globals, "_exit_code", v) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

/* IPython's system (capture 0: output streamed, no value) and getoutput
 * (capture 1: *result an SList of the output, stderr merged) */
int magic_shell(struct eval *ev, const char *cmd, int capture, struct value **result)
{
	if (result)
		*result = NULL;
	size_t n = strlen(cmd);
	while (n && (cmd[n - 1] == ' ' || cmd[n - 1] == '\t'))
		n--;
	if (n && cmd[n - 1] == '&') {
		err_set(ev, TY_OSError, "Background processes not supported.");
		return -1;
	}
	char *line = magic_var_expand(ev, cmd);
	if (!line)
		return -1;
	char *argv[] = { "/bin/sh", "-c", line, NULL };
	struct sbuf out = {0};
	int status = 0;
	int rc = magic_spawn(ev, argv, NULL, capture, &out, &status);
	free(line);
	if (rc == 0 && !capture)
		rc = set_exit_code(ev, status);
	if (rc == 0 && capture && result) {
		*result = slist_from(ev, out.s ? out.s : "", out.n);
		if (!*result)
			rc = -1;
	}
	free(out.s);
	return rc;
}

/* prog is an executable file in $PATH */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t k = strcspn(path, ":");
		char full[4096];
		snprintf(full, sizeof full, "%.*s/%s", (int)k, k ? path : ".", prog);
		if (access(full, X_OK) == 0)
			return 1;
		path += k;
		if (*path == ':')
			path++;
	}
	return 0;
}

/* %%bash / %%sh [--no-raise-error]: the cell on the shell's stdin */
static int script_magic(struct eval *ev, const char *shell, const char *args, const char *cell)
{
	int raise = 1;
	const char *p = args;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		size_t k = strcspn(p, " \t");
		if (k == 16 && !strncmp(p, "--no-raise-error", 16)) {
			raise = 0;
		} else {
			err_set(ev, TY_UsageError, "unrecognized arguments: %.*s", (int)k, p);
			return -1;
		}
		p += k;
	}
	if (!in_path(shell)) {
		/* IPython: a message, no error */
		struct sbuf b = {0};
		sb_printf(&b, "Couldn't find program: '%s'\n", shell);
		char *m = sb_take(&b);
		if (m)
			magic_out(ev, m);
		free(m);
		return 0;
	}
	char *argv[] = { (char *)shell, NULL };
	size_t n = strlen(cell);
	char *in = malloc(n + 2);
	if (!in) {
		err_nomem(ev);
		return -1;
	}
	memcpy(in, cell, n + 1);
	if (!n || cell[n - 1] != '\n') {
		in[n] = '\n';
		in[n + 1] = 0;
	}
	int status = 0;
	struct sbuf none = {0};
	int rc = magic_spawn(ev, argv, in, 0, &none, &status);
	if (rc == 0 && raise && status != 0) {
		char *r = str_repr(in, strlen(in));
		err_set(ev, TY_CalledProcessError, "Command 'b%s' returned non-zero exit status %d.",
			r ? r : "''", status);
		free(r);
		rc = -1;
	}
	free(in);
	return rc;
}

int magic_bash(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)result;
	return script_magic(ev, "bash", args, cell);
}

int magic_sh(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	(void)result;
	return script_magic(ev, "sh", args, cell);
}

/* ---- IPython's default shell aliases (Linux): %ls, %ll, %cat, %mkdir ... ---- */

static const struct { const char *name, *cmd; } aliases[] = {
	{"cat", "cat"}, {"cp", "cp"}, {"ldir", "ls -F -o --color %l | grep /$"},
	{"lf", "ls -F -o --color %l | grep ^-"}, {"lk", "ls -F -o --color %l | grep ^l"},
	{"ll", "ls -F -o --color"}, {"ls", "ls -F --color"},
	{"lx", "ls -F -o --color %l | grep ^-..x"}, {"mkdir", "mkdir"}, {"mv", "mv"},
	{"rm", "rm"}, {"rmdir", "rmdir"},
};

const char *magic_alias(const char *name)
{
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (!strcmp(aliases[i].name, name))
			return aliases[i].cmd;
	return NULL;
}

/* %ls ARGS: the alias's command with ARGS in place of %l, else after it */
int magic_run_alias(struct eval *ev, const char *cmd, const char *args)
{
	struct sbuf b = {0};
	const char *l = strstr(cmd, "%l");
	if (l)
		sb_printf(&b, "%.*s%s%s", (int)(l - cmd), cmd, args, l + 2);
	else
		sb_printf(&b, "%s%s%s", cmd, *args ? " " : "", args);
	char *line = sb_take(&b);
	if (!line) {
		err_nomem(ev);
		return -1;
	}
	int rc = magic_shell(ev, line, 0, NULL);
	free(line);
	return rc;
}
