/*
 * t-profiler.c — TAP tests of cupyx.profiler.benchmark through engine.h in
 * host mode: CuPy's printed line (checked by regex, no timing thresholds),
 * n_repeat / n_warmup counted by the calls made, name=, args/kwargs, the
 * cpu_times / gpu_times arrays, and errors of the function propagated.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include "engine/engine.h"

static int ntest, failed;
static void diag(void);

static void ok(int cond, const char *what)
{
	ntest++;
	if (!cond)
		failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
	if (!cond)
		diag();
}

static char OUT[16384];

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	size_t l = strlen(OUT);
	(void)ctx;
	if (fd == 1 && l + len < sizeof OUT) {
		memcpy(OUT + l, text, len);
		OUT[l + len] = 0;
	}
}

static struct engine *E;
static struct engine_error ERR;
static const struct engine_sink SINK = { NULL, s_stream, NULL, NULL, NULL, NULL };

static int run(const char *code)
{
	OUT[0] = 0;
	engine_error_clear(&ERR);
	return engine_execute(E, code, NULL, &SINK, &ERR);
}

static int matches(const char *s, const char *re)
{
	regex_t r;
	int m;
	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB))
		return 0;
	m = regexec(&r, s, 0, NULL, 0) == 0;
	regfree(&r);
	return m;
}

#define T " *[0-9]+\\.[0-9]{3}"

static void diag(void)
{
	printf("# out: %s\n# error: %s: %s\n", OUT, ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "");
}

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("Bail out! engine_new failed\n");
		return 1;
	}
	run("import cupy as cp\nfrom cupyx.profiler import benchmark\n"
	    "calls = [0]\ndef f(x, k=1):\n    calls[0] += 1\n    return x * k\na = cp.arange(100)");
	ok(run("r = benchmark(f, (a,), n_repeat=5, n_warmup=2)\nprint(r)\nprint(calls[0])") == 0 &&
	   matches(OUT, "^f                   :    CPU:" T " us   \\+/-" T " \\(min:" T " / max:" T "\\) us"
			"     GPU-0:" T " us   \\+/-" T " \\(min:" T " / max:" T "\\) us\n7\n$"),
	   "CuPy's line; warm-up and timed calls made");
	ok(run("print(r.cpu_times.shape, r.gpu_times.shape, r.name, bool((r.gpu_times >= 0).all()))") == 0 &&
	   !strcmp(OUT, "(5,) (1, 5) f True\n"), "cpu_times, gpu_times, name");
	ok(run("print(benchmark(f, (a,), {'k': 2}, n_repeat=1, n_warmup=0, name='twice'))") == 0 &&
	   matches(OUT, "^twice               :    CPU:" T " us     GPU-0:" T " us\n$"),
	   "name=, kwargs, one run prints no spread");
	ok(run("benchmark(lambda: 1 / 0, n_repeat=2)") < 0 && !strcmp(ERR.ename, "ZeroDivisionError"),
	   "the function's error propagates");
	ok(run("benchmark(f, 3)") < 0 && !strcmp(ERR.ename, "TypeError"), "args must be a tuple");
	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", ntest);
	return failed ? 1 : 0;
}
