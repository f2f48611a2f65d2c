/*
 * tap.h — the TAP helper every C unit test shares: ok() prints
 * "ok N - what" or "not ok N - what"; nt counts the cases and nfail the
 * failures (a test's main prints "1..nt" and returns nfail != 0).
 * Included once per test program.
 */
#ifndef LUMEN_TAP_H
#define LUMEN_TAP_H
#include <stdio.h>

static int nt, nfail;

static void ok(int cond, const char *what)
{
	nt++;
	if (!cond)
		nfail++;
	printf("%sok %d - %s\n", cond ? "" : "not ", nt, what);
}
#endif
