/*
 * t-sign.c — TAP tests of kernel/sign.c: HMAC-SHA256 over raw frames, the
 * constant-time check, unsigned mode and replay protection.
 */
#include <stdio.h>
#include <string.h>

#include "kernel/kernel.h"

#include "tap.h"

int main(void)
{
	/* RFC 4231 test case 2, the data split over several parts */
	const char *want = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
	const void *parts[3] = { "what do ya", " want for ", "nothing?" };
	size_t lens[3] = { 10, 10, 8 };
	char hex[SIGN_HEXLEN + 1], bad[SIGN_HEXLEN + 1];
	struct sign *s = sign_new("Jefe", 4), *u = sign_new("", 0);
	int i, rc;

	printf("1..14\n");
	ok(s != NULL && u != NULL, "sign_new");
	ok(sign_enabled(s) && !sign_enabled(u), "empty key means unsigned");
	ok(sign_compute(s, parts, lens, 3, hex) == 0 && !strcmp(hex, want),
	   "RFC 4231 vector over split parts");
	ok(sign_verify(s, hex, 64, parts, lens, 3) == 0, "good signature verifies");
	ok(sign_verify(s, hex, 64, parts, lens, 3) == -2, "same signature again is a replay");
	strcpy(bad, want);
	bad[10] = bad[10] == 'a' ? 'b' : 'a';
	ok(sign_verify(s, bad, 64, parts, lens, 3) == -1, "one wrong hex digit fails");
	ok(sign_verify(s, want, 63, parts, lens, 3) == -1, "short signature fails");
	ok(sign_verify(s, "", 0, parts, lens, 3) == -1, "missing signature fails");
	lens[2] = 7;
	ok(sign_verify(s, want, 64, parts, lens, 3) == -1, "changed data fails");
	ok(sign_compute(u, parts, lens, 3, hex) == 0 && hex[0] == 0,
	   "unsigned session signs with an empty string");
	ok(sign_verify(u, "", 0, parts, lens, 3) == 0 &&
	   sign_verify(u, "", 0, parts, lens, 3) == 0,
	   "unsigned session accepts anything, no replay check");

	/* fill the replay history past its size: the oldest entry is forgotten */
	{
		char first[SIGN_HEXLEN + 1], buf[32];
		const void *p[1] = { buf };
		size_t l[1];
		int okall = 1;
		for (i = 0; i <= SIGN_HISTORY; i++) {
			l[0] = (size_t)snprintf(buf, sizeof buf, "msg %d", i);
			sign_compute(s, p, l, 1, hex);
			if (i == 0)
				strcpy(first, hex);
			rc = sign_verify(s, hex, 64, p, l, 1);
			if (rc != 0)
				okall = 0;
		}
		ok(okall, "65537 distinct signatures all accepted");
		l[0] = (size_t)snprintf(buf, sizeof buf, "msg %d", SIGN_HISTORY);
		ok(sign_verify(s, hex, 64, p, l, 1) == -2, "the newest is still remembered");
		l[0] = (size_t)snprintf(buf, sizeof buf, "msg %d", 0);
		ok(sign_verify(s, first, 64, p, l, 1) == 0, "the oldest was evicted");
	}
	sign_free(s);
	sign_free(u);
	sign_free(NULL);
	return nfail != 0;
}
