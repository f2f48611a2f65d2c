/*
 * peer_ref.c — the reference for tests/gpu/peer_bench.py (multigpu.sh, issue 21):
 * cudaMemcpyPeer of one buffer (1 GiB by default) from device src to device dst with
 * peer access enabled both ways where cudaDeviceCanAccessPeer allows, timed over
 * ITERS copies, each synchronized as the cell's is; both directions.
 *   nvcc -O2 peer_ref.c -o peer_ref   (or gcc -I$CUDA/include ... -lcudart)
 *   ./peer_ref [BYTES] [ITERS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : (size_t)1 << 30;
	int iters = argc > 2 ? atoi(argv[2]) : 20, count = 0;
	CK(cudaGetDeviceCount(&count));
	if (count < 2) {
		printf("C cudaMemcpyPeer: skipped, one GPU\n");
		return 0;
	}
	void *buf[2];
	int peer[2] = {0, 0};
	for (int d = 0; d < 2; d++) {
		CK(cudaSetDevice(d));
		CK(cudaMalloc(&buf[d], n));
		CK(cudaMemset(buf[d], 0, n));
		CK(cudaDeviceCanAccessPeer(&peer[d], d, 1 - d));
		if (peer[d])
			CK(cudaDeviceEnablePeerAccess(1 - d, 0));
	}
	for (int src = 0; src < 2; src++) {
		int dst = 1 - src;
		CK(cudaSetDevice(dst));   /* the copy is issued from the destination, as cp.asarray is */
		CK(cudaMemcpyPeer(buf[dst], dst, buf[src], src, n));
		CK(cudaDeviceSynchronize());
		double t0 = now();
		for (int i = 0; i < iters; i++) {
			CK(cudaMemcpyPeer(buf[dst], dst, buf[src], src, n));
			CK(cudaDeviceSynchronize());
		}
		double t = (now() - t0) / iters;
		printf("C cudaMemcpyPeer %d->%d: %zu bytes, %.3f ms per copy, %.1f GB/s, peer access %d\n",
		       src, dst, n, t * 1e3, n / t / 1e9, peer[dst]);
	}
	for (int d = 0; d < 2; d++) {
		CK(cudaSetDevice(d));
		CK(cudaFree(buf[d]));
	}
	return 0;
}
