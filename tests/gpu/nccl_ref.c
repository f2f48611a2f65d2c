/*
 * nccl_ref.c — the reference for tests/gpu/mpi_nccl.sh: ncclAllReduce called
 * directly from C on one device buffer (float64, sum), the communicator made
 * from a unique id broadcast over MPI, as Lumen's mpi4py module does.  Prints
 * the time per call twice: with no synchronization inside the loop, and with
 * the call waited for (cudaStreamSynchronize) each time, as Lumen's
 * Allreduce returns only when the collective ended (mpi4py's semantics).
 * Needs no nccl.h and no libnccl.so at link time: the few NCCL declarations
 * are below (NCCL 2.x ABI) and libnccl.so.2 is opened at run time, as
 * Lumen's CUDA plugin opens it ($NCCL_LIB names another file).
 *   mpicc -O2 nccl_ref.c -I$CUDA/include -L$CUDA/lib64 -lcudart -ldl -o nccl_ref
 *   mpiexec -n 1 ./nccl_ref ITEMS ITERS
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
#include <cuda_runtime.h>

/* from nccl.h (NCCL 2.x): the types and constants used here */
typedef struct ncclComm *ncclComm_t;
typedef struct { char internal[128]; } ncclUniqueId;
typedef int ncclResult_t;
enum { ncclFloat64 = 8, ncclSum = 0 };

static ncclResult_t (*GetUniqueId)(ncclUniqueId *);
static ncclResult_t (*CommInitRank)(ncclComm_t *, int, ncclUniqueId, int);
static ncclResult_t (*AllReduce)(const void *, void *, size_t, int, int, ncclComm_t, cudaStream_t);
static ncclResult_t (*CommDestroy)(ncclComm_t);
static ncclResult_t (*GetVersion)(int *);

#define CK(x) do { int e_ = (int)(x); if (e_) { fprintf(stderr, "%s failed: %d\n", #x, e_); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

static void *sym(void *h, const char *name)
{
	void *p = dlsym(h, name);
	if (!p) {
		fprintf(stderr, "nccl_ref: libnccl has no %s\n", name);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	return p;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1L << 27;
	int iters = argc > 2 ? atoi(argv[2]) : 20, rank, size, count = 1, version = 0;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *lib = getenv("NCCL_LIB");
	void *h = dlopen(lib && *lib ? lib : "libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "nccl_ref: %s\n", dlerror());
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	*(void **)&GetUniqueId = sym(h, "ncclGetUniqueId");
	*(void **)&CommInitRank = sym(h, "ncclCommInitRank");
	*(void **)&AllReduce = sym(h, "ncclAllReduce");
	*(void **)&CommDestroy = sym(h, "ncclCommDestroy");
	*(void **)&GetVersion = sym(h, "ncclGetVersion");
	GetVersion(&version);
	const char *lr = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
	CK(cudaGetDeviceCount(&count));
	CK(cudaSetDevice((lr ? atoi(lr) : 0) % count));
	ncclUniqueId id;
	if (rank == 0)
		CK(GetUniqueId(&id));
	MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
	ncclComm_t comm;
	CK(CommInitRank(&comm, size, id, rank));
	double *x, *y;
	cudaStream_t s;
	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CK(cudaMalloc((void **)&x, n * sizeof *x));
	CK(cudaMalloc((void **)&y, n * sizeof *y));
	CK(cudaMemset(x, 0, n * sizeof *x));
	for (int i = 0; i < 3; i++)
		CK(AllReduce(x, y, n, ncclFloat64, ncclSum, comm, s));
	CK(cudaStreamSynchronize(s));
	for (int waited = 0; waited < 2; waited++) {
		MPI_Barrier(MPI_COMM_WORLD);
		double t0 = MPI_Wtime();
		for (int i = 0; i < iters; i++) {
			CK(AllReduce(x, y, n, ncclFloat64, ncclSum, comm, s));
			if (waited)
				CK(cudaStreamSynchronize(s));
		}
		CK(cudaStreamSynchronize(s));
		double t = (MPI_Wtime() - t0) / iters;
		if (rank == 0)
			printf("C ncclAllReduce (NCCL %d, %s): %ld float64, %d ranks: %.3f ms per call (%.1f GB/s)\n",
			       version, waited ? "each call waited" : "no wait inside the loop", n, size, t * 1e3,
			       n * 8.0 / t / 1e9);
	}
	CommDestroy(comm);
	cudaFree(x);
	cudaFree(y);
	cudaStreamDestroy(s);
	MPI_Finalize();
	return 0;
}
