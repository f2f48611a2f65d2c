/*
 * fz_guard.c — the fuzz targets' fence: while fz_guard_on is set (around each
 * generated cell), the program's own definitions of the libc calls that change
 * files, start processes, signal others or open sockets refuse with EACCES,
 * so no fuzzed cell can delete, write or run anything.  Outside a cell they
 * forward to the next definition (libc, or the sanitizer's interceptor), so
 * libFuzzer still writes its corpus; inside, only its crash files (named
 * crash-* ... under its artifact prefix) may be created.  Reading files stays
 * allowed, except devices (/dev/zero, a tty) that could block or never end.
 * Linked into every fuzz target that runs cells; never into lumen itself.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <utime.h>
#include <unistd.h>

#include "fz_engine.h"

volatile int fz_guard_on;
unsigned long fz_guard_refused;

#define NEXT(name) ((__typeof__(&name))fz_next(#name))

static void *fz_next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);
	if (!f) {
		fprintf(stderr, "fz_guard: no next definition of %s\n", name);
		abort();
	}
	return f;
}

static int refuse(void)
{
	fz_guard_refused++;
	errno = EACCES;
	return -1;
}

/* a read of a device may block or never end: only these two are harmless */
static int bad_read_path(const char *p)
{
	if (!p)
		return 0;
	if (!strncmp(p, "/dev/", 5))
		return strcmp(p, "/dev/null") && strcmp(p, "/dev/urandom");
	return !strncmp(p, "/proc/self/fd", 13) || !strncmp(p, "/proc/self/mem", 14);
}

/* libFuzzer writes a crash-/leak-/timeout-/oom- file from inside the failing
 * cell (its death callback and signal handlers): those names under the
 * artifact prefix stay writable.  The prefix: -artifact_prefix=, else the
 * working directory (libFuzzer's default); -exact_artifact_path= as given. */
static char art_prefix[4096], art_exact[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	for (int i = 1; i < *argc; i++) {
		const char *a = (*argv)[i];
		if (!strncmp(a, "-artifact_prefix=", 17))
			snprintf(art_prefix, sizeof art_prefix, "%s", a + 17);
		else if (!strncmp(a, "-exact_artifact_path=", 21))
			snprintf(art_exact, sizeof art_exact, "%s", a + 21);
	}
	if (!art_prefix[0] && getcwd(art_prefix, sizeof art_prefix - 1))
		strcat(art_prefix, "/");
	return 0;
}

static int artifact(const char *p)
{
	static const char *const kinds[] = { "crash-", "leak-", "timeout-", "oom-", "slow-unit-" };
	size_t n = strlen(art_prefix);
	if (!p)
		return 0;
	if (art_exact[0] && !strcmp(p, art_exact))
		return 1;
	if (!n || strncmp(p, art_prefix, n) || strchr(p + n, '/'))
		return 0;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strncmp(p + n, kinds[i], strlen(kinds[i])))
			return 1;
	return 0;
}

static int writes(int flags)
{
	return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC | O_APPEND));
}

static int refused_open(const char *p, int flags)
{
	return fz_guard_on && ((writes(flags) && !artifact(p)) || bad_read_path(p));
}

static int mode_writes(const char *mode)
{
	return !mode || strpbrk(mode, "wax+") != NULL;
}

int open(const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	if (refused_open(p, flags) || (fz_guard_on && (flags & O_TMPFILE) == O_TMPFILE))
		return refuse();
	return NEXT(open)(p, flags, m);
}

int open64(const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	if (refused_open(p, flags))
		return refuse();
	return NEXT(open64)(p, flags, m);
}

int openat(int dfd, const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	if (refused_open(p, flags))
		return refuse();
	return NEXT(openat)(dfd, p, flags, m);
}

int openat64(int dfd, const char *p, int flags, ...)
{
	va_list ap;
	va_start(ap, flags);
	mode_t m = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
	va_end(ap);
	if (refused_open(p, flags))
		return refuse();
	return NEXT(openat64)(dfd, p, flags, m);
}

int creat(const char *p, mode_t m)
{
	return fz_guard_on ? refuse() : NEXT(creat)(p, m);
}

int creat64(const char *p, mode_t m)
{
	return fz_guard_on ? refuse() : NEXT(creat64)(p, m);
}

FILE *fopen(const char *p, const char *mode)
{
	if (fz_guard_on && ((mode_writes(mode) && !artifact(p)) || bad_read_path(p))) {
		refuse();
		return NULL;
	}
	return NEXT(fopen)(p, mode);
}

FILE *fopen64(const char *p, const char *mode)
{
	if (fz_guard_on && ((mode_writes(mode) && !artifact(p)) || bad_read_path(p))) {
		refuse();
		return NULL;
	}
	return NEXT(fopen64)(p, mode);
}

FILE *freopen(const char *p, const char *mode, FILE *f)
{
	if (fz_guard_on) {
		refuse();
		return NULL;
	}
	return NEXT(freopen)(p, mode, f);
}

FILE *tmpfile(void)
{
	if (fz_guard_on) {
		refuse();
		return NULL;
	}
	return NEXT(tmpfile)();
}

FILE *popen(const char *cmd, const char *mode)
{
	if (fz_guard_on) {
		refuse();
		return NULL;
	}
	return NEXT(popen)(cmd, mode);
}

int mkstemp(char *t)
{
	return fz_guard_on ? refuse() : NEXT(mkstemp)(t);
}

int mkostemp(char *t, int flags)
{
	return fz_guard_on ? refuse() : NEXT(mkostemp)(t, flags);
}

int mkstemps(char *t, int suffixlen)
{
	return fz_guard_on ? refuse() : NEXT(mkstemps)(t, suffixlen);
}

char *mkdtemp(char *t)
{
	if (fz_guard_on) {
		refuse();
		return NULL;
	}
	return NEXT(mkdtemp)(t);
}

/* ---- the file system: nothing changes while a cell runs ---- */
#define DENY1(ret, name, T1) \
	ret name(T1 a) { return fz_guard_on ? refuse() : NEXT(name)(a); }
#define DENY2(ret, name, T1, T2) \
	ret name(T1 a, T2 b) { return fz_guard_on ? refuse() : NEXT(name)(a, b); }
#define DENY3(ret, name, T1, T2, T3) \
	ret name(T1 a, T2 b, T3 c) { return fz_guard_on ? refuse() : NEXT(name)(a, b, c); }
#define DENY4(ret, name, T1, T2, T3, T4) \
	ret name(T1 a, T2 b, T3 c, T4 d) { return fz_guard_on ? refuse() : NEXT(name)(a, b, c, d); }
#define DENY5(ret, name, T1, T2, T3, T4, T5) \
	ret name(T1 a, T2 b, T3 c, T4 d, T5 e) { return fz_guard_on ? refuse() : NEXT(name)(a, b, c, d, e); }

DENY1(int, unlink, const char *)
DENY3(int, unlinkat, int, const char *, int)
DENY1(int, remove, const char *)
DENY2(int, rename, const char *, const char *)
DENY4(int, renameat, int, const char *, int, const char *)
DENY5(int, renameat2, int, const char *, int, const char *, unsigned)
DENY2(int, mkdir, const char *, mode_t)
DENY3(int, mkdirat, int, const char *, mode_t)
DENY1(int, rmdir, const char *)
DENY2(int, link, const char *, const char *)
DENY5(int, linkat, int, const char *, int, const char *, int)
DENY2(int, symlink, const char *, const char *)
DENY3(int, symlinkat, const char *, int, const char *)
DENY2(int, chmod, const char *, mode_t)
DENY2(int, fchmod, int, mode_t)
DENY4(int, fchmodat, int, const char *, mode_t, int)
DENY3(int, chown, const char *, uid_t, gid_t)
DENY3(int, lchown, const char *, uid_t, gid_t)
DENY3(int, fchown, int, uid_t, gid_t)
DENY2(int, truncate, const char *, off_t)
DENY2(int, ftruncate, int, off_t)
DENY2(int, utime, const char *, const struct utimbuf *)
DENY1(int, chdir, const char *)

int utimes(const char *p, const struct timeval t[2])
{
	return fz_guard_on ? refuse() : NEXT(utimes)(p, t);
}

int utimensat(int dfd, const char *p, const struct timespec t[2], int flags)
{
	return fz_guard_on ? refuse() : NEXT(utimensat)(dfd, p, t, flags);
}

int futimens(int fd, const struct timespec t[2])
{
	return fz_guard_on ? refuse() : NEXT(futimens)(fd, t);
}
DENY1(int, fchdir, int)
DENY3(int, mknod, const char *, mode_t, dev_t)
DENY2(int, mkfifo, const char *, mode_t)

/* ---- processes, signals and the network ---- */
DENY1(int, system, const char *)
DENY3(int, execve, const char *, char *const *, char *const *)
DENY2(int, execv, const char *, char *const *)
DENY2(int, execvp, const char *, char *const *)
DENY3(int, execvpe, const char *, char *const *, char *const *)
DENY2(int, kill, pid_t, int)
DENY2(int, killpg, pid_t, int)
DENY3(int, socket, int, int, int)
DENY4(int, socketpair, int, int, int, int *)
DENY2(int, setpgid, pid_t, pid_t)

pid_t fork(void)
{
	return fz_guard_on ? refuse() : NEXT(fork)();
}

pid_t vfork(void)
{
	/* vfork cannot be forwarded through a call; fork is what it means here */
	return fz_guard_on ? refuse() : NEXT(fork)();
}

int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
		const posix_spawnattr_t *at, char *const argv[], char *const envp[])
{
	if (fz_guard_on)
		return fz_guard_refused++, EACCES;
	return NEXT(posix_spawn)(pid, path, fa, at, argv, envp);
}

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
		 const posix_spawnattr_t *at, char *const argv[], char *const envp[])
{
	if (fz_guard_on)
		return fz_guard_refused++, EACCES;
	return NEXT(posix_spawnp)(pid, file, fa, at, argv, envp);
}

/* closing stdin/stdout/stderr would blind the fuzzer */
int close(int fd)
{
	if (fz_guard_on && fd >= 0 && fd <= 2)
		return refuse();
	return NEXT(close)(fd);
}

int dup2(int a, int b)
{
	if (fz_guard_on)
		return refuse();
	return NEXT(dup2)(a, b);
}

int dup3(int a, int b, int flags)
{
	if (fz_guard_on)
		return refuse();
	return NEXT(dup3)(a, b, flags);
}

/* a cell loads no shared object (host-mode user kernels would) */
void *dlopen(const char *file, int mode)
{
	if (fz_guard_on) {
		fz_guard_refused++;
		return NULL;
	}
	return NEXT(dlopen)(file, mode);
}
