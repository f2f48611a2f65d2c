/*
 * subprocess.c — the subprocess module's common calls: run (capture_output,
 * stdout/stderr=PIPE/STDOUT/DEVNULL, input, text, shell, check, cwd,
 * timeout), check_output, call, check_call, getoutput, getstatusoutput,
 * CompletedProcess, CalledProcessError, TimeoutExpired, with CPython's
 * signatures and messages, written in the cell language over one C helper,
 * _spawn: fork and exec with the child's standard streams piped, read
 * without deadlock, an interrupt or the timeout killing the child.  Popen
 * is outside the subset (NotImplementedError).  Owns nothing after a call.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "pylib/pylib_int.h"
#include "pyobj/bytesobj.h"

static const char subprocess_src[] =
	"PIPE = -1\n"
	"STDOUT = -2\n"
	"DEVNULL = -3\n"
	"\n"
	"\n"
	"class SubprocessError(Exception):\n"
	"    pass\n"
	"\n"
	"\n"
	"class CalledProcessError(SubprocessError):\n"
	"    def __init__(self, returncode, cmd, output=None, stderr=None):\n"
	"        self.returncode = returncode\n"
	"        self.cmd = cmd\n"
	"        self.output = output\n"
	"        self.stdout = output\n"
	"        self.stderr = stderr\n"
	"        super().__init__(returncode, cmd)\n"
	"\n"
	"    def __str__(self):\n"
	"        if self.returncode and self.returncode < 0:\n"
	"            return \"Command '%s' died with signal %d.\" % (self.cmd, -self.returncode)\n"
	"        return \"Command '%s' returned non-zero exit status %d.\" % (self.cmd, self.returncode)\n"
	"\n"
	"\n"
	"class TimeoutExpired(SubprocessError):\n"
	"    def __init__(self, cmd, timeout, output=None, stderr=None):\n"
	"        self.cmd = cmd\n"
	"        self.timeout = timeout\n"
	"        self.output = output\n"
	"        self.stdout = output\n"
	"        self.stderr = stderr\n"
	"        super().__init__(cmd, timeout)\n"
	"\n"
	"    def __str__(self):\n"
	"        return \"Command '%s' timed out after %s seconds\" % (self.cmd, self.timeout)\n"
	"\n"
	"\n"
	"class CompletedProcess:\n"
	"    def __init__(self, args, returncode, stdout=None, stderr=None):\n"
	"        self.args = args\n"
	"        self.returncode = returncode\n"
	"        self.stdout = stdout\n"
	"        self.stderr = stderr\n"
	"\n"
	"    def __repr__(self):\n"
	"        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]\n"
	"        if self.stdout is not None:\n"
	"            args.append('stdout={!r}'.format(self.stdout))\n"
	"        if self.stderr is not None:\n"
	"            args.append('stderr={!r}'.format(self.stderr))\n"
	"        return '{}({})'.format(type(self).__name__, ', '.join(args))\n"
	"\n"
	"    def check_returncode(self):\n"
	"        if self.returncode:\n"
	"            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)\n"
	"\n"
	"\n"
	"def _argv(args, shell, executable):\n"
	"    if isinstance(args, (str, bytes)):\n"
	"        args = [args if isinstance(args, str) else args.decode()]\n"
	"    else:\n"
	"        args = [a if isinstance(a, str) else a.decode() if isinstance(a, bytes) else str(a)\n"
	"                for a in args]\n"
	"    if shell:\n"
	"        args = [executable or '/bin/sh', '-c'] + args\n"
	"    elif executable:\n"
	"        args = [executable] + args[1:]\n"
	"    return args\n"
	"\n"
	"\n"
	"def _stream(x, name):\n"
	"    if x is None:\n"
	"        return 0\n"
	"    if x in (PIPE, STDOUT, DEVNULL):\n"
	"        return x\n"
	"    raise NotImplementedError('subprocess: %s= a file object or descriptor is outside Lumen (PIPE, STDOUT, DEVNULL or None)' % name)\n"
	"\n"
	"\n"
	"def run(*popenargs, input=None, capture_output=False, timeout=None, check=False, stdin=None,\n"
	"        stdout=None, stderr=None, shell=False, cwd=None, text=None, universal_newlines=None,\n"
	"        encoding=None, errors=None, env=None, executable=None):\n"
	"    if not popenargs:\n"
	"        raise TypeError(\"run() missing 1 required positional argument: 'args'\")\n"
	"    args = popenargs[0]\n"
	"    if capture_output:\n"
	"        if stdout is not None or stderr is not None:\n"
	"            raise ValueError('stdout and stderr arguments may not be used with capture_output.')\n"
	"        stdout = PIPE\n"
	"        stderr = PIPE\n"
	"    if input is not None and stdin is not None:\n"
	"        raise ValueError('stdin and input arguments may not both be used.')\n"
	"    if stderr == STDOUT and stdout != PIPE:\n"
	"        stderr = None\n"
	"    istext = bool(text or universal_newlines or encoding or errors)\n"
	"    if input is not None and istext:\n"
	"        input = input.encode()\n"
	"    if stdin == DEVNULL and input is None:\n"
	"        input = b''\n"
	"    envl = None if env is None else ['%s=%s' % (k, v) for k, v in env.items()]\n"
	"    rc, out, err, timedout = _spawn(_argv(args, shell, executable), input, _stream(stdout, 'stdout'),\n"
	"                                    _stream(stderr, 'stderr'), cwd, -1.0 if timeout is None else float(timeout), envl)\n"
	"    if istext:\n"
	"        out = None if out is None else out.decode().replace('\\r\\n', '\\n')\n"
	"        err = None if err is None else err.decode().replace('\\r\\n', '\\n')\n"
	"    if timedout:\n"
	"        raise TimeoutExpired(args, timeout, out, err)\n"
	"    cp = CompletedProcess(args, rc, out, err)\n"
	"    if check:\n"
	"        cp.check_returncode()\n"
	"    return cp\n"
	"\n"
	"\n"
	"def check_output(*popenargs, timeout=None, **kwargs):\n"
	"    if 'stdout' in kwargs:\n"
	"        raise ValueError('stdout argument not allowed, it will be overridden.')\n"
	"    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True, **kwargs).stdout\n"
	"\n"
	"\n"
	"def call(*popenargs, timeout=None, **kwargs):\n"
	"    return run(*popenargs, timeout=timeout, **kwargs).returncode\n"
	"\n"
	"\n"
	"def check_call(*popenargs, **kwargs):\n"
	"    retcode = call(*popenargs, **kwargs)\n"
	"    if retcode:\n"
	"        cmd = kwargs.get('args')\n"
	"        if cmd is None:\n"
	"            cmd = popenargs[0]\n"
	"        raise CalledProcessError(retcode, cmd)\n"
	"    return 0\n"
	"\n"
	"\n"
	"def getstatusoutput(cmd):\n"
	"    r = run(cmd, shell=True, text=True, stdout=PIPE, stderr=STDOUT)\n"
	"    data = r.stdout\n"
	"    if data[-1:] == '\\n':\n"
	"        data = data[:-1]\n"
	"    return (r.returncode, data)\n"
	"\n"
	"\n"
	"def getoutput(cmd):\n"
	"    return getstatusoutput(cmd)[1]\n"
	"\n"
	"\n"
	"def Popen(*args, **kwargs):\n"
	"    raise NotImplementedError('subprocess.Popen is outside Lumen: use subprocess.run, check_output or call')\n";

/* a growing buffer of a child's output */
struct obuf { char *p; size_t n, cap; };

static int obuf_read(int fd, struct obuf *b)
{
	if (b->cap - b->n < 65536) {
		size_t cap = b->cap ? 2 * b->cap : 65536;
		char *p = realloc(b->p, cap);
		if (!p)
			return -2;
		b->p = p;
		b->cap = cap;
	}
	ssize_t r = read(fd, b->p + b->n, b->cap - b->n);
	if (r > 0)
		b->n += (size_t)r;
	return r > 0 ? 1 : r == 0 || errno != EINTR ? 0 : 1;
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* a list of str as a NULL-terminated vector of strdup'd strings */
static char **str_vector(struct eval *ev, struct value *l, const char *what)
{
	if (l->type != VT_LIST)
		return err_set(ev, TY_TypeError, "_spawn: %s must be a list", what);
	size_t n = l->u.seq.n;
	char **v = calloc(n + 1, sizeof *v);
	if (!v)
		return err_nomem(ev);
	for (size_t i = 0; i < n; i++) {
		const char *s = val_as_cstr(l->u.seq.items[i]);
		if (!s || !(v[i] = strdup(s))) {
			for (size_t j = 0; j < i; j++)
				free(v[j]);
			free(v);
			return s ? err_nomem(ev) : err_set(ev, TY_TypeError, "_spawn: %s must hold str", what);
		}
	}
	return v;
}

static void free_vector(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

/* _spawn(argv, input, stdout, stderr, cwd, timeout, env): (returncode,
 * stdout bytes or None, stderr bytes or None, timed out).  stdout/stderr:
 * 0 inherit, -1 pipe, -2 (stderr) into stdout, -3 /dev/null. */
PYFN(sp_spawn)
{
	struct value *av, *inp, *ov, *ev_, *cwdv, *tov, *envv;
	int64_t om, em;
	double timeout;
	if (args_parse(ev, "_spawn", argc, argv, kw, "argv,input,stdout,stderr,cwd,timeout,env", &av, &inp, &ov, &ev_,
		       &cwdv, &tov, &envv) < 0 || val_as_int64(ev, ov, &om) < 0 || val_as_int64(ev, ev_, &em) < 0 ||
	    val_as_double(ev, tov, &timeout) < 0)
		return NULL;
	if (inp->type != VT_NONE && inp->type != VT_BYTES)
		return err_set(ev, TY_TypeError, "memoryview: a bytes-like object is required, not '%s'", val_type_name(inp));
	const char *cwd = cwdv->type == VT_NONE ? NULL : val_as_cstr(cwdv);
	if (cwdv->type != VT_NONE && !cwd)
		return err_set(ev, TY_TypeError, "cwd must be str");
	char **args = str_vector(ev, av, "argv"), **envp = NULL;
	if (!args)
		return NULL;
	if (!args[0]) {
		free_vector(args);
		return err_set(ev, TY_IndexError, "list index out of range");
	}
	if (envv->type != VT_NONE && !(envp = str_vector(ev, envv, "env"))) {
		free_vector(args);
		return NULL;
	}
	int in[2] = {-1, -1}, out[2] = {-1, -1}, er[2] = {-1, -1}, ex[2] = {-1, -1};
	struct value *res = NULL;
	struct obuf ob = {0}, eb = {0};
	if ((inp->type == VT_BYTES && pipe(in) < 0) || (om == -1 && pipe(out) < 0) || (em == -1 && pipe(er) < 0)
	    || pipe(ex) < 0) {
		pylib_oserror(ev, errno, NULL, NULL);
		goto done;
	}
	fcntl(ex[1], F_SETFD, FD_CLOEXEC);
	pid_t pid = fork();
	if (pid < 0) {
		pylib_oserror(ev, errno, NULL, NULL);
		goto done;
	}
	if (pid == 0) {
		/* the parent's ends closed, so its close of stdin is the child's EOF */
		if (in[1] >= 0)
			close(in[1]);
		if (out[0] >= 0)
			close(out[0]);
		if (er[0] >= 0)
			close(er[0]);
		close(ex[0]);
		int devnull = (om == -3 || em == -3) ? open("/dev/null", O_RDWR) : -1;
		if (in[0] >= 0)
			dup2(in[0], 0);
		if (om == -1)
			dup2(out[1], 1);
		else if (om == -3)
			dup2(devnull, 1);
		if (em == -1)
			dup2(er[1], 2);
		else if (em == -2)
			dup2(1, 2);
		else if (em == -3)
			dup2(devnull, 2);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		int e = 0;
		if (cwd && chdir(cwd) < 0)
			e = -errno;   /* negative: the cwd's error */
		else {
			if (envp)
				execvpe(args[0], args, envp);
			else
				execvp(args[0], args);
			e = errno;
		}
		if (write(ex[1], &e, sizeof e) < 0)
			_exit(127);
		_exit(127);
	}
	close(ex[1]);
	ex[1] = -1;
	/* the child's ends: the parent sees EOF when the child is done */
	if (in[0] >= 0)
		close(in[0]);
	if (out[1] >= 0)
		close(out[1]);
	if (er[1] >= 0)
		close(er[1]);
	in[0] = out[1] = er[1] = -1;
	int cerr = 0;
	ssize_t got;
	while ((got = read(ex[0], &cerr, sizeof cerr)) < 0 && errno == EINTR)
		;
	if (got == (ssize_t)sizeof cerr) {   /* exec failed: CPython's OSError */
		waitpid(pid, NULL, 0);
		pylib_oserror(ev, cerr < 0 ? -cerr : cerr, cerr < 0 ? cwd : args[0], NULL);
		goto done;
	}
	if (in[1] >= 0)
		fcntl(in[1], F_SETFL, O_NONBLOCK);
	const char *ip = inp->type == VT_BYTES ? inp->u.str->s : NULL;
	size_t ileft = ip ? inp->u.str->len : 0;
	if (ip && !ileft) {
		close(in[1]);
		in[1] = -1;
	}
	int timed_out = 0, status = 0;
	double end = timeout >= 0 ? now_s() + timeout : 0;
	void (*oldpipe)(int) = signal(SIGPIPE, SIG_IGN);
	for (;;) {
		struct pollfd pf[3];
		int n = 0, io = -1, ie = -1, ii = -1;
		if (out[0] >= 0) {
			pf[n] = (struct pollfd){out[0], POLLIN, 0};
			io = n++;
		}
		if (er[0] >= 0) {
			pf[n] = (struct pollfd){er[0], POLLIN, 0};
			ie = n++;
		}
		if (in[1] >= 0) {
			pf[n] = (struct pollfd){in[1], POLLOUT, 0};
			ii = n++;
		}
		if (ev->interrupt || (timeout >= 0 && now_s() > end)) {
			timed_out = !ev->interrupt;
			kill(pid, SIGKILL);
			break;
		}
		if (!n) {   /* no pipe left: wait for the child, still interruptible */
			pid_t w = waitpid(pid, &status, WNOHANG);
			if (w == pid)
				break;
			struct timespec ts = {0, 20000000};
			nanosleep(&ts, NULL);
			continue;
		}
		if (poll(pf, (nfds_t)n, 100) < 0 && errno != EINTR)
			break;
		if (io >= 0 && pf[io].revents) {
			int r = obuf_read(out[0], &ob);
			if (r == -2) {
				kill(pid, SIGKILL);
				err_nomem(ev);
				break;
			}
			if (!r) {
				close(out[0]);
				out[0] = -1;
			}
		}
		if (ie >= 0 && pf[ie].revents) {
			int r = obuf_read(er[0], &eb);
			if (r == -2) {
				kill(pid, SIGKILL);
				err_nomem(ev);
				break;
			}
			if (!r) {
				close(er[0]);
				er[0] = -1;
			}
		}
		if (ii >= 0 && pf[ii].revents) {
			ssize_t w = (pf[ii].revents & POLLOUT) ? write(in[1], ip, ileft) : -1;
			if (w > 0) {
				ip += w;
				ileft -= (size_t)w;
			}
			if (!ileft || (w < 0 && errno != EAGAIN && errno != EINTR)) {
				close(in[1]);
				in[1] = -1;
			}
		}
	}
	signal(SIGPIPE, oldpipe);
	if (timed_out || ev->interrupt || err_occurred(ev))
		waitpid(pid, &status, 0);
	else if (waitpid(pid, &status, WNOHANG) == 0)
		waitpid(pid, &status, 0);
	if (err_occurred(ev) || ev_check_interrupt(ev))
		goto done;
	{
		int64_t rc = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : 0;
		struct value *items[4] = {val_int(rc), om == -1 ? val_bytes(ob.p, ob.n) : val_none(),
					  em == -1 ? val_bytes(eb.p, eb.n) : val_none(), val_bool(timed_out)};
		if (!items[1] || !items[2] || !(res = val_tuple_new(4, items))) {
			for (int i = 0; i < 4; i++)
				val_decref(items[i]);
			err_nomem(ev);
		}
	}
done:
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
		if (er[i] >= 0)
			close(er[i]);
		if (ex[i] >= 0)
			close(ex[i]);
	}
	free(ob.p);
	free(eb.p);
	free_vector(args);
	free_vector(envp);
	return res;
}

struct value *subprocess_build(struct eval *ev, const char *name)
{
	static const struct pyfn fns[] = {{"_spawn", sp_spawn}};
	return pylib_source_module(ev, name, subprocess_src, fns, 1);
}
