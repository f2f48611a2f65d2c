/*
 * nccl_ref.c — the reference for tests/gpu/mpi_nccl.sh: ncclAllReduce called
 * directly from C on one device buffer (float64, sum), the communicator made
 * from a unique id broadcast over MPI, as Lumen's mpi4py module does.  Prints
 * the time per call (no synchronization inside the loop, as in the cell).
 *   mpicc -O2 nccl_ref.c -I$CUDA/include -L$CUDA/lib64 -lnccl -lcudart -o nccl_ref
 *   mpiexec -n 1 ./nccl_ref ITEMS ITERS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <nccl.h>
#include <cuda_runtime.h>

#define CK(x) do { int e_ = (int)(x); if (e_) { fprintf(stderr, "%s failed: %d\n", #x, e_); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1L << 27;
	int iters = argc > 2 ? atoi(argv[2]) : 20, rank, size, count = 1;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
	CK(cudaGetDeviceCount(&count));
	CK(cudaSetDevice((lr ? atoi(lr) : 0) % count));
	ncclUniqueId id;
	if (rank == 0)
		CK(ncclGetUniqueId(&id));
	MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
	ncclComm_t comm;
	CK(ncclCommInitRank(&comm, size, id, rank));
	double *x, *y;
	CK(cudaMalloc((void **)&x, n * sizeof *x));
	CK(cudaMalloc((void **)&y, n * sizeof *y));
	CK(cudaMemset(x, 0, n * sizeof *x));
	for (int i = 0; i < 3; i++)
		CK(ncclAllReduce(x, y, n, ncclFloat64, ncclSum, comm, 0));
	CK(cudaDeviceSynchronize());
	MPI_Barrier(MPI_COMM_WORLD);
	double t0 = MPI_Wtime();
	for (int i = 0; i < iters; i++)
		CK(ncclAllReduce(x, y, n, ncclFloat64, ncclSum, comm, 0));
	CK(cudaDeviceSynchronize());
	double t = (MPI_Wtime() - t0) / iters;
	if (rank == 0)
		printf("C ncclAllReduce: %ld float64, %d ranks: %.3f ms per call (%.1f GB/s)\n", n, size, t * 1e3,
		       n * 8.0 / t / 1e9);
	ncclCommDestroy(comm);
	cudaFree(x);
	cudaFree(y);
	MPI_Finalize();
	return 0;
}
