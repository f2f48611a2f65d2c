/*
 * t-manip.c — TAP tests of manip.c, sortsearch.c and stats.c through the
 * engine: each case's stdout (or exception) is compared with what NumPy
 * printed for it (tests/manip_cases.h, from tools/gen/shape_cases.py).
 */
#include "shape_harness.h"

static const struct shape_case cases[] = {
#include "manip_cases.h"
};

int main(void)
{
	int n = (int)(sizeof cases / sizeof cases[0]);
	printf("1..%d\n", n);
	sh_run_cases("manip", cases, n);
	return 0;
}
