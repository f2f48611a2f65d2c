/*
 * t-fft.c — numpy.fft against NumPy: the fft-* cells of
 * tests/cells run through the engine and compared with what NumPy printed
 * (num_cases.h, written by gen_num_cases.py).
 */
#include "numharness.h"

int main(void)
{
	int num = 0, failed = 0;
	printf("1..%d\n", nh_count("fft-"));
	nh_chdir_scratch();
	nh_run_prefix("fft-", &num, &failed);
	return 0;
}
