/*
 * t-fft.c — numpy.fft against NumPy: the fft-* cells of
 * tests/cells run through the engine and compared with what NumPy printed
 * (num_cases.h, written by tools/gen/num_cases.py); and the host FFT's thread
 * count taken from the environment (fft_host_threads).
 */
#include "numharness.h"
#include "numerics/fft.h"
#include "backend/host/host.h"

static void check(int cond, const char *what, int *num, int *failed)
{
	printf("%s %d - %s\n", cond ? "ok" : "not ok", ++*num, what);
	*failed += !cond;
}

static void clear_thread_vars(void)
{
	unsetenv("LUMEN_FFT_THREADS");
	unsetenv("OPENBLAS_NUM_THREADS");
	unsetenv("GOTO_NUM_THREADS");
	unsetenv("OMP_NUM_THREADS");
}

/* The FFT follows the thread variables of OpenBLAS, in OpenBLAS's order,
 * after its own LUMEN_FFT_THREADS. */
static void thread_cases(int *num, int *failed)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int all = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (int)ncpu;
	clear_thread_vars();
	check(fft_host_threads() == all, "threads: no variable set: every online CPU", num, failed);
	setenv("OMP_NUM_THREADS", "3", 1);
	check(fft_host_threads() == 3, "threads: OMP_NUM_THREADS=3", num, failed);
	setenv("OMP_NUM_THREADS", "5,2", 1);
	check(fft_host_threads() == 5, "threads: OMP_NUM_THREADS=5,2 (a nesting list)", num, failed);
	setenv("GOTO_NUM_THREADS", "6", 1);
	check(fft_host_threads() == 6, "threads: GOTO_NUM_THREADS before OMP_NUM_THREADS", num, failed);
	setenv("OPENBLAS_NUM_THREADS", "2", 1);
	check(fft_host_threads() == 2, "threads: OPENBLAS_NUM_THREADS before the others", num, failed);
	setenv("LUMEN_FFT_THREADS", "7", 1);
	check(fft_host_threads() == 7, "threads: LUMEN_FFT_THREADS first", num, failed);
	setenv("LUMEN_FFT_THREADS", "junk", 1);
	check(fft_host_threads() == 2, "threads: a value that is no count is skipped", num, failed);
	setenv("OPENBLAS_NUM_THREADS", "0", 1);
	check(fft_host_threads() == 6, "threads: 0 is skipped", num, failed);
	setenv("LUMEN_FFT_THREADS", "1000", 1);
	check(fft_host_threads() == 64, "threads: at most 64", num, failed);
	clear_thread_vars();
}

int main(void)
{
	int num = 0, failed = 0;
	printf("1..%d\n", nh_count("fft-") + 9);
	thread_cases(&num, &failed);
	nh_chdir_scratch();
	nh_run_prefix("fft-", &num, &failed);
	return 0;
}
