/*
 * t-magic.c — TAP tests of the magics and the rich display through engine.h,
 * in host mode: %timeit / %%timeit (IPython's line, checked by regex; -n -r
 * -q -p -o and TimeitResult; -c), %time / %%time, %who, %whos, %reset,
 * %lsmagic, %memgetinfo, %device, `%timeit?`, the UsageError of an unknown
 * magic, and the text/html (table, SVG) of arrays.  No timing thresholds.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"
#include "tap.h"

struct cap {
	char out[65536];
	char result[65536];
	char html[262144];
	char disp[65536];  /* text/plain of display_data */
	char page[16384];
	char id[128];      /* display_id of the last display_data, "" if none */
	int update;        /* the last display was update_display_data */
	int nclear, clear_wait;
};

static void cat(char *dst, size_t cap, const char *s, size_t n)
{
	size_t l = strlen(dst);
	if (l + n >= cap)
		n = cap - l - 1;
	memcpy(dst + l, s, n);
	dst[l + n] = 0;
}

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct cap *c = ctx;
	if (fd == 1)
		cat(c->out, sizeof c->out, text, len);
}

static void s_display(void *ctx, const struct engine_bundle *b, int is_result, const char *id,
		      int update)
{
	struct cap *c = ctx;
	if (!is_result) {
		snprintf(c->id, sizeof c->id, "%s", id ? id : "");
		c->update = update;
	}
	for (int i = 0; i < b->n; i++) {
		if (!strcmp(b->mime[i], "text/plain"))
			cat(is_result ? c->result : c->disp, sizeof c->result, b->data[i], b->len[i]);
		else if (!strcmp(b->mime[i], "text/html"))
			cat(c->html, sizeof c->html, b->data[i], b->len[i]);
	}
}

static void s_clear(void *ctx, int wait)
{
	struct cap *c = ctx;
	c->nclear++;
	c->clear_wait = wait;
}

static void s_page(void *ctx, const struct engine_bundle *b)
{
	struct cap *c = ctx;
	cat(c->page, sizeof c->page, b->data[0], b->len[0]);
}

static struct engine *E;
static struct cap C;
static struct engine_error ERR;
static const struct engine_sink SINK = { &C, s_stream, s_display, s_clear, s_page, NULL };

static int run(const char *code)
{
	memset(&C, 0, sizeof C);
	engine_error_clear(&ERR);
	return engine_execute(E, code, NULL, &SINK, &ERR);
}

static int matches(const char *s, const char *re)
{
	regex_t r;
	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB) != 0)
		return 0;
	int m = regexec(&r, s, 0, NULL, 0) == 0;
	regfree(&r);
	return m;
}

#define T "[0-9.]+(e[+-][0-9]+)? (ns|\xc2\xb5s|ms|s)"   /* IPython's %.3g: 999.6 us prints "1e+03 \xc2\xb5s" */
#define PM " \xc2\xb1 "
/* IPython's warning, printed when the slowest run took > 4x the fastest */
#define SLOW "(The slowest run took [0-9]+\\.[0-9]{2} times longer than the fastest\\. " \
	"This could mean that an intermediate result is being cached\\.\n)?"

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("1..0 # SKIP no engine\n");
		return 0;
	}

	/* %timeit */
	ok(run("%timeit -n 3 -r 2 x = 1") == 0 &&
	   matches(C.out, "^" SLOW T PM T " per loop \\(mean" PM "std\\. dev\\. of 2 runs, 3 loops each\\)\n$"),
	   "timeit -n -r: IPython's line");
	ok(run("%timeit -n1 -r1 x = 1") == 0 &&
	   matches(C.out, "^" SLOW T PM T " per loop \\(mean" PM "std\\. dev\\. of 1 run, 1 loop each\\)\n$"),
	   "timeit singular run/loop");
	ok(run("%timeit -r 1 x = 1") == 0 &&
	   matches(C.out, "of 1 run, 1(0|00|,000|0,000|00,000|,000,000|0,000,000)* loops? each\\)\n$"),
	   "timeit autorange: a power of ten, thousands separated");
	ok(run("%timeit -q -n 2 -r 2 x = 1") == 0 && C.out[0] == 0, "timeit -q prints nothing");
	ok(run("%timeit -p 6 -n 2 -r 2 x = 1") == 0 && matches(C.out, "^" SLOW "[0-9.]+ (ns|\xc2\xb5s|ms|s)" PM),
	   "timeit -p");
	ok(run("%timeit -o -n 3 -r 4 x = 1") == 0 &&
	   matches(C.result, "^<TimeitResult : " T PM T " per loop \\(mean" PM "std\\. dev\\. of 4 runs, 3 loops each\\)>$"),
	   "timeit -o returns a TimeitResult (repr)");
	run("r = _");
	ok(run("(r.loops, r.repeat, len(r.all_runs), len(r.timings))") == 0 &&
	   !strcmp(C.result, "(3, 4, 4, 4)"), "TimeitResult loops/repeat/all_runs");
	ok(run("r.best <= r.average <= r.worst and r.stdev >= 0 and r.compile_time >= 0") == 0 &&
	   !strcmp(C.result, "True"), "TimeitResult best/average/worst/stdev");
	ok(run("abs(r.best - min(r.all_runs) / r.loops) < 1e-12") == 0 && !strcmp(C.result, "True"),
	   "TimeitResult.best is the fastest run per loop");
	ok(run("%%timeit -n 2 -r 3 y = 5\nz = y + 1\n") == 0 &&
	   matches(C.out, "std\\. dev\\. of 3 runs, 2 loops each\\)\n$"), "%%timeit with setup");
	ok(run("%timeit -n 1 -r 1 1 / 0") < 0 && !strcmp(ERR.ename, "ZeroDivisionError"),
	   "timeit: the statement's error");
	ok(run("%timeit -z 1") < 0 && !strcmp(ERR.ename, "UsageError"), "timeit: bad option");

	/* -c: the CPU baseline */
	run("import cupy as cp\nimport numpy as np\na = cp.arange(1000, dtype=cp.float32)");
	ok(run("%timeit -c -n 2 -r 2 b = cp.sqrt(a) * 2") == 0 && strstr(C.disp, "cp (host):") &&
	   strstr(C.disp, "np (CPU):") && strstr(C.disp, "speed-up: ") &&
	   strstr(C.html, "lumen-timeit"), "timeit -c: both lines, speed-up, HTML bars");
	ok(run("type(a).__module__ if False else 1") == 0, "globals restored after -c");
	ok(run("%timeit --compare -q -o -n 1 -r 2 a + 1") == 0 && strstr(C.result, "2 runs, 1 loop each"),
	   "timeit --compare -o");

	/* %time */
	ok(run("%time y = 2") == 0 &&
	   matches(C.out, "^CPU times: user " T ", sys: " T ", total: " T "\nWall time: " T "\n$"),
	   "time: IPython's two lines");
	ok(run("%time 1 + 2") == 0 && !strcmp(C.result, "3"), "time expr returns the value");
	ok(run("%%time\nq = 4\nq * 2\n") == 0 && !strcmp(C.result, "8") && strstr(C.out, "Wall time: "),
	   "%%time: the cell's last value");

	/* %who, %whos, %reset */
	ok(run("%reset -f") == 0, "reset -f");
	ok(run("%who") == 0 && !strcmp(C.out, "Interactive namespace is empty.\n"), "who: empty");
	run("b = [1, 2]\na = 1");
	ok(run("%who") == 0 && !strcmp(C.out, "a\t b\t \n"), "who: sorted, IPython's separators");
	ok(run("%whos") == 0 &&
	   !strcmp(C.out, "Variable   Type    Data/Info\n----------------------------\n"
			  "a          int     1\nb          list    n=2\n"), "whos: IPython's table");
	ok(run("%who list") == 0 && !strcmp(C.out, "b\t \n"), "who TYPE filters");
	run("%reset -f\nimport numpy as np\nx = np.zeros((2, 3), dtype=np.float32)");
	ok(run("%whos ndarray") == 0 && strstr(C.out, "x   ") &&
	   strstr(C.out, "2x3: 6 elems, type `float32`, 24 bytes, device `host`"), "whos: arrays");
	run("big = np.zeros(200000)");
	ok(run("%whos ndarray") == 0 && strstr(C.out, "1600000 bytes (1.52587890625 Mb)"), "whos: Mb like IPython");

	/* %lsmagic, unknown magics, docs */
	ok(run("%lsmagic") == 0 && strstr(C.out, "%memgetinfo") && strstr(C.out, "%whos") &&
	   strstr(C.out, "%%timeit"), "lsmagic");
	ok(run("%foo") < 0 && !strcmp(ERR.ename, "UsageError") &&
	   !strcmp(ERR.evalue, "Line magic function `%foo` not found."), "unknown line magic");
	ok(run("%%foo\nx\n") < 0 && !strcmp(ERR.ename, "UsageError") &&
	   !strcmp(ERR.evalue, "Cell magic `%%foo` not found."), "unknown cell magic");
	ok(run("%timeit?") == 0 && strstr(C.page, "%timeit [-n<N> -r<R>") && strstr(C.page, "-o: return"),
	   "%timeit? pages the docstring");

	/* device magics in host mode */
	ok(run("%memgetinfo") == 0 && strstr(C.out, "Host mode"), "memgetinfo: host mode says so");
	ok(run("%device") == 0 && strstr(C.out, "Host mode"), "device: host mode says so");
	ok(run("%free") == 0 && strstr(C.out, "Host mode"), "free: host mode");

	/* rich display */
	ok(run("np.arange(5.0)") == 0 && strstr(C.html, "lumen-array") && strstr(C.html, "shape (5,)") &&
	   strstr(C.html, "float64") && strstr(C.html, "<polyline") && strstr(C.html, ">4.0<"),
	   "html: 1-D table and polyline");
	ok(run("np.arange(12).reshape(3, 4)") == 0 && strstr(C.html, "lumen-heatmap") &&
	   strstr(C.html, ">11<") && strstr(C.html, "96 bytes"), "html: 2-D table and heatmap");
	ok(run("np.arange(100000)") == 0 && strstr(C.html, "&#8230;") && strstr(C.html, ">99999<") &&
	   !strstr(C.html, ">500<"), "html: summarised like the repr");
	ok(run("display(np.ones((2, 2, 2)))") == 0 && strstr(C.html, "[0, :, :]"), "display(): html for 3-D");
	ok(run("np.array([1+2j, 3j])") == 0 && strstr(C.html, "lumen-array") && !strstr(C.html, "<svg"),
	   "html: complex has no plot");

	/* display ids (IPython's display / update_display / DisplayHandle) */
	ok(run("h = display(1, display_id='k')") == 0 && !strcmp(C.id, "k") && !C.update &&
	   !strcmp(C.disp, "1") && !C.result[0], "display(display_id='k'): display_data with the id");
	ok(run("h.update(2)") == 0 && !strcmp(C.id, "k") && C.update && !strcmp(C.disp, "2") &&
	   !C.result[0], "handle.update: update_display_data, returns None");
	ok(run("h.display(3)") == 0 && !strcmp(C.id, "k") && !C.update && !C.result[0],
	   "handle.display: display_data with the id");
	ok(run("from IPython.display import update_display\nupdate_display(4, display_id='k')") == 0 &&
	   !strcmp(C.id, "k") && C.update && !strcmp(C.disp, "4") && !C.result[0],
	   "update_display(obj, display_id=)");
	ok(run("display(5, display_id=True)") == 0 && strlen(C.id) == 32 &&
	   strspn(C.id, "0123456789abcdef") == 32 && !strncmp(C.result, "<DisplayHandle display_id=", 26) &&
	   !strncmp(C.result + 26, C.id, 32), "display_id=True: a fresh id, the handle is the result");
	ok(run("display(6)") == 0 && !C.id[0] && !C.result[0], "display(): no id, returns None");
	ok(run("display(7, clear=True)") == 0 && C.nclear == 1 && C.clear_wait && !strcmp(C.disp, "7"),
	   "display(clear=True) clears first (wait)");
	ok(run("clear_output(wait=True)") == 0 && C.nclear == 1 && C.clear_wait, "clear_output(wait=True)");
	ok(run("clear_output()") == 0 && C.nclear == 1 && !C.clear_wait, "clear_output()");
	ok(run("display(8, update=True)") == -1 && !strcmp(ERR.ename, "TypeError") &&
	   !strcmp(ERR.evalue, "display_id required for update_display"), "update without an id");
	ok(run("display(1, include='text/plain')") == -1 && !strcmp(ERR.ename, "TypeError"),
	   "display(include=) takes a list");
	ok(run("display(np.arange(2), include=['text/html'], exclude=['text/html'])") == 0 &&
	   !C.disp[0] && !C.html[0], "display(): nothing left to show after include/exclude");
	ok(run("display({'text/plain': 'raw!'}, raw=True)") == 0 && !strcmp(C.disp, "raw!"),
	   "display(raw=True) sends the dict as is");
	ok(run("from IPython.display import DisplayHandle\nDisplayHandle('z').update(9)") == 0 &&
	   !strcmp(C.id, "z") && C.update, "DisplayHandle('z').update");

	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail ? 1 : 0;
}
