/*
 * t-linalg.c — matmul, dot, einsum and numpy.linalg against NumPy: the linalg-* cells of
 * tests/cells run through the engine and compared with what NumPy printed
 * (num_cases.h, written by tools/gen/num_cases.py).
 */
#include "numharness.h"

int main(void)
{
	int num = 0, failed = 0;
	printf("1..%d\n", nh_count("linalg-"));
	nh_chdir_scratch();
	nh_run_prefix("linalg-", &num, &failed);
	return 0;
}
