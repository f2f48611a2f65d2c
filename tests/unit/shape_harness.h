/*
 * shape_harness.h — the driver shared by t-index.c and t-manip.c: runs each
 * generated case (tools/gen/shape_cases.py) through engine.h in host mode and
 * compares stdout, or the exception's name and message, with NumPy's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/engine.h"

struct shape_case {
	const char *name, *code, *out, *ename, *evalue;
};

static int sh_ntest, sh_failed;

static void sh_ok(int cond, const char *what)
{
	sh_ntest++;
	if (!cond)
		sh_failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", sh_ntest, what);
}

static char sh_out[1 << 16];

static void sh_stream(void *ctx, int fd, const char *text, size_t len)
{
	size_t l = strlen(sh_out);
	(void)ctx;
	if (fd != 1)
		return;
	if (l + len >= sizeof sh_out)
		len = sizeof sh_out - l - 1;
	memcpy(sh_out + l, text, len);
	sh_out[l + len] = 0;
}

static void sh_diag(const char *label, const char *s)
{
	printf("# %s:\n", label);
	while (s && *s) {
		const char *e = strchr(s, '\n');
		int n = e ? (int)(e - s) : (int)strlen(s);
		printf("#   %.*s\n", n, s);
		s = e ? e + 1 : s + n;
	}
}

static void sh_run_cases(const char *prefix, const struct shape_case *cs, int n)
{
	struct engine_options opt = { "host" };
	struct engine *e = engine_new(&opt);
	struct engine_sink sink = { NULL, sh_stream, NULL, NULL, NULL, NULL };
	struct engine_exec_opts xo = { 0, 1, 0 };
	if (!e) {
		sh_ok(0, "engine_new");
		return;
	}
	for (int i = 0; i < n; i++) {
		struct engine_error err;
		char what[256];
		memset(&err, 0, sizeof err);
		sh_out[0] = 0;
		int rc = engine_execute(e, cs[i].code, &xo, &sink, &err);
		int good;
		if (cs[i].ename)
			good = rc < 0 && err.ename && !strcmp(err.ename, cs[i].ename)
			       && err.evalue && !strcmp(err.evalue, cs[i].evalue);
		else
			good = rc == 0 && !strcmp(sh_out, cs[i].out);
		snprintf(what, sizeof what, "%s %s", prefix, cs[i].name);
		sh_ok(good, what);
		if (!good) {
			sh_diag("code", cs[i].code);
			if (cs[i].ename) {
				printf("# want %s: %s\n", cs[i].ename, cs[i].evalue);
				printf("# got  %s: %s\n", err.ename ? err.ename : "(no error)",
				       err.evalue ? err.evalue : "");
			} else {
				sh_diag("want", cs[i].out);
				sh_diag("got", sh_out);
				if (rc < 0)
					printf("# error %s: %s\n", err.ename ? err.ename : "?", err.evalue ? err.evalue : "");
			}
		}
		engine_error_clear(&err);
	}
	engine_free(e);
}
