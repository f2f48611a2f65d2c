/*
 * probe_devperf.c — what one device-memory query costs on this machine,
 * below Lumen: cudaMemGetInfo (what CuPy's memGetInfo calls), the driver's
 * cuMemGetInfo_v2, NVML's nvmlDeviceGetMemoryInfo (dlopen'd: it reports
 * other numbers, all of the board's memory), and cudaGetDeviceCount as the
 * floor of a runtime call.  20000 calls each, the median of 5 rounds, in
 * microseconds per call; one line per call, "probe <name>|<us>".
 * Built and run by tests/gpu/probe_devperf.sh; never part of Lumen.
 */
#include <cuda.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CALLS 20000
#define ROUNDS 5

/* NVML's types, declared here: the toolkit may not ship nvml.h */
typedef struct { unsigned long long total, free, used; } nvml_memory;
typedef void *nvml_device;
static int (*nvml_init)(void);
static int (*nvml_handle)(unsigned, nvml_device *);
static int (*nvml_meminfo)(nvml_device, nvml_memory *);
static nvml_device nvml_dev;

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int q_runtime(void)
{
	size_t f, t;
	return cudaMemGetInfo(&f, &t) != cudaSuccess;
}
static int q_driver(void)
{
	size_t f, t;
	return cuMemGetInfo(&f, &t) != CUDA_SUCCESS;   /* cuMemGetInfo_v2 by cuda.h's define */
}
static int q_nvml(void)
{
	nvml_memory m;
	return nvml_meminfo(nvml_dev, &m) != 0;
}
static int q_count(void)
{
	int n;
	return cudaGetDeviceCount(&n) != cudaSuccess;
}

static void probe(const char *name, int (*q)(void))
{
	double r[ROUNDS];
	for (int k = 0; k < ROUNDS; k++) {
		double t0 = now_us();
		for (int i = 0; i < CALLS; i++)
			if (q()) {
				printf("probe %s|error\n", name);
				return;
			}
		r[k] = (now_us() - t0) / CALLS;
	}
	qsort(r, ROUNDS, sizeof r[0], cmp);
	printf("probe %s|%.3f\n", name, r[ROUNDS / 2]);
}

int main(void)
{
	size_t f = 0, t = 0, df = 0, dt = 0;
	void *lib;
	if (cudaFree(0) != cudaSuccess) {
		printf("probe|error|no CUDA device\n");
		return 1;
	}
	cudaMemGetInfo(&f, &t);
	cuMemGetInfo(&df, &dt);
	printf("probe cudaMemGetInfo free/total|%zu/%zu\n", f, t);
	printf("probe cuMemGetInfo free/total|%zu/%zu\n", df, dt);
	probe("cudaGetDeviceCount (floor of a runtime call) us", q_count);
	probe("cudaMemGetInfo us", q_runtime);
	probe("cuMemGetInfo_v2 us", q_driver);
	if ((lib = dlopen("libnvidia-ml.so.1", RTLD_NOW))
	    && (nvml_init = (int (*)(void))dlsym(lib, "nvmlInit_v2"))
	    && (nvml_handle = (int (*)(unsigned, nvml_device *))dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"))
	    && (nvml_meminfo = (int (*)(nvml_device, nvml_memory *))dlsym(lib, "nvmlDeviceGetMemoryInfo"))
	    && nvml_init() == 0 && nvml_handle(0, &nvml_dev) == 0) {
		nvml_memory m;
		if (nvml_meminfo(nvml_dev, &m) == 0)
			printf("probe nvml free/total|%llu/%llu\n", m.free, m.total);
		probe("nvmlDeviceGetMemoryInfo us", q_nvml);
	} else {
		printf("probe nvmlDeviceGetMemoryInfo|error|%s\n", lib ? "no symbols or init failed" : dlerror());
	}
	return 0;
}
