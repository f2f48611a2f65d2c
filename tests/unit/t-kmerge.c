/*
 * t-kmerge.c — kernel/kmerge.c: how the output of several ranks is shown.
 *
 * Records events for 2 or 3 ranks, replays them through a sink that writes
 * a transcript ("S1:text", "D:text/plain data", "R:" for a result), and
 * checks the transcript and the merged error.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "kernel/kernel.h"
#include "tap.h"

static char out[4096];

static void t_stream(void *ctx, int fd, const char *s, size_t n)
{
	size_t l = strlen(out);
	snprintf(out + l, sizeof out - l, "S%d:%.*s|", fd, (int)n, s);
}

static void t_display(void *ctx, const struct engine_bundle *b, int is_result,
		      const char *id, int update)
{
	size_t l = strlen(out);
	snprintf(out + l, sizeof out - l, "%s:%s|", is_result ? "R" : "D", b->n ? b->data[0] : "");
}

static const struct engine_sink sink = { NULL, t_stream, t_display, NULL, NULL, NULL, NULL };

static void disp(struct kmerge *m, int rank, const char *text, int is_result)
{
	struct engine_bundle b = { 1, { "text/plain" }, { text }, { strlen(text) } };
	struct kpack p = { 0 };
	kpack_bundle(&p, &b, NULL);
	kmerge_display(m, rank, is_result, 0, p.buf, p.len, 0);
	free(p.buf);
}

static void err(struct kmerge *m, int rank, const char *ename, const char *evalue)
{
	char line[128];
	char *tb[1] = { line };
	struct engine_error e = { (char *)ename, (char *)evalue, tb, 1 };
	struct kpack p = { 0 };
	snprintf(line, sizeof line, "%s: %s", ename, evalue);
	kpack_error(&p, &e);
	kmerge_error(m, rank, p.buf, p.len);
	free(p.buf);
}

static int finish(struct kmerge *m, struct engine_error *e)
{
	out[0] = 0;
	memset(e, 0, sizeof *e);
	return kmerge_finish(m, &sink, e);
}

int main(void)
{
	struct kmerge *m = kmerge_new(3);
	struct engine_error e;
	const char all3[3] = { 1, 1, 1 }, two[3] = { 1, 1, 0 }, r1[3] = { 0, 1, 0 };

	/* the same output on every rank: shown once, no heading */
	kmerge_reset(m, all3);
	for (int r = 0; r < 3; r++) {
		kmerge_stream(m, r, 1, "a\n", 2, 0);
		kmerge_stream(m, r, 1, "b", 1, 0);
		disp(m, r, "7", 1);
	}
	ok(finish(m, &e) == 0 && !strcmp(out, "S1:a\nb|R:7|"), "alike: once, result once");

	/* common lines once, then each rank's own under its heading */
	kmerge_reset(m, all3);
	kmerge_stream(m, 0, 1, "start\n0\n", 8, 0);
	kmerge_stream(m, 1, 1, "start\n1\n", 8, 0);
	kmerge_stream(m, 2, 1, "start\n1\n", 8, 0);
	ok(finish(m, &e) == 0 && !strcmp(out, "S1:start\n|S1:[rank 0]\n|S1:0\n|S1:[rank 1,2]\n|S1:1\n|"),
	   "common prefix once, groups under headings");

	/* a part of a line is never split off as common */
	kmerge_reset(m, two);
	kmerge_stream(m, 0, 1, "ab\n", 3, 0);
	kmerge_stream(m, 1, 1, "ac\n", 3, 0);
	ok(finish(m, &e) == 0 && !strcmp(out, "S1:[rank 0]\n|S1:ab\n|S1:[rank 1]\n|S1:ac\n|"),
	   "common part ends at a newline");

	/* results: the first group's is the result, the others display data */
	kmerge_reset(m, two);
	disp(m, 0, "0", 1);
	disp(m, 1, "1", 1);
	ok(finish(m, &e) == 0 && !strcmp(out, "S1:[rank 0]\n|R:0|S1:[rank 1]\n|D:1|"),
	   "different results: one execute_result");

	/* a rank with no output next to one with output */
	kmerge_reset(m, two);
	kmerge_stream(m, 1, 2, "warn\n", 5, 0);
	ok(finish(m, &e) == 0 && !strcmp(out, "S2:[rank 1]\n|S2:warn\n|"),
	   "silent rank: heading only for the other, on its stream");

	/* only the targeted ranks count */
	kmerge_reset(m, r1);
	kmerge_stream(m, 1, 1, "x\n", 2, 0);
	ok(finish(m, &e) == 0 && !strcmp(out, "S1:x\n|"), "one target: no heading");

	/* the same error everywhere: that error, no heading */
	kmerge_reset(m, two);
	err(m, 0, "ZeroDivisionError", "division by zero");
	err(m, 1, "ZeroDivisionError", "division by zero");
	ok(finish(m, &e) == -1 && !strcmp(e.ename, "ZeroDivisionError") && e.ntraceback == 1 &&
	   !strcmp(e.traceback[0], "ZeroDivisionError: division by zero"), "alike errors: once");
	engine_error_clear(&e);

	/* an error on some ranks: the cell's error, under the failing rank's heading */
	kmerge_reset(m, all3);
	err(m, 1, "NameError", "name 'x' is not defined");
	err(m, 2, "KeyError", "'k'");
	ok(finish(m, &e) == -1 && !strcmp(e.ename, "NameError") && e.ntraceback == 4 &&
	   !strcmp(e.traceback[0], "[rank 1]") && !strcmp(e.traceback[2], "[rank 2]") &&
	   !strcmp(e.traceback[3], "KeyError: 'k'"), "errors on some ranks: grouped");
	engine_error_clear(&e);

	/* while the cell runs: common whole lines go out, a lone rank's after the lag */
	kmerge_reset(m, two);
	kmerge_stream(m, 0, 1, "step 1\nst", 9, 0);
	kmerge_stream(m, 1, 1, "step 1\n", 7, 0);
	out[0] = 0;
	kmerge_flush_live(m, &sink, 1.0, 2.0);
	ok(!strcmp(out, "S1:step 1\n|"), "live: common line at once");
	out[0] = 0;
	kmerge_flush_live(m, &sink, 3.0, 2.0);
	ok(!strcmp(out, "S1:[rank 0]\n|S1:st|"), "live: a lone rank's text after the lag");
	ok(finish(m, &e) == 0 && !strcmp(out, ""), "live: nothing left at the end");

	/* heading ranges */
	{
		struct kmerge *m5 = kmerge_new(5);
		const char t5[5] = { 1, 1, 1, 1, 1 };
		kmerge_reset(m5, t5);
		for (int r = 0; r < 5; r++)
			kmerge_stream(m5, r, 1, r == 3 ? "b\n" : "a\n", 2, 0);
		out[0] = 0;
		memset(&e, 0, sizeof e);
		ok(kmerge_finish(m5, &sink, &e) == 0 &&
		   !strcmp(out, "S1:[rank 0-2,4]\n|S1:a\n|S1:[rank 3]\n|S1:b\n|"), "heading ranges");
		kmerge_free(m5);
	}
	kmerge_free(m);
	printf("1..%d\n", nt);
	return nfail != 0;
}
