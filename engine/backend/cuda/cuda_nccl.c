/*
 * cuda_nccl.c — the CUDA plugin's NCCL entries (cuda_plugin.h): unique ids,
 * communicators, and the collectives and point-to-point transfers of
 * mpi4py's buffer methods on device memory, on the engine's current stream.
 * Gather, scatter and alltoall are grouped send/recv pairs (NCCL has no such
 * collectives).  Never talks MPI: the mpi4py module (engine/mpi/) broadcasts
 * the id.  Built only with HAVE_NCCL; owns the communicators it returns.
 * libnccl.so.2 is opened at the first call (dlopen: the plugin loads on
 * machines without NCCL, and start-up never pays NCCL's ~100 ms load); a
 * missing NCCL is a named RuntimeError there.
 */
#include "config.h"
#ifdef HAVE_NCCL
#include <stdlib.h>
#include <string.h>
#include <nccl.h>
#include "lang/core.h"
#include "lang/error.h"
#include "array/dtype.h"
#include "backend/cuda/cuda_int.h"
#include "backend/cuda_plugin.h"
#include <dlfcn.h>
#include <stdio.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

/* NCCL's functions this file calls, resolved from libnccl.so.2 */
#define NCCL_FNS(X) X(GetUniqueId) X(CommInitRank) X(CommDestroy) X(CommAbort) X(CommCount) \
	X(CommUserRank) X(GetErrorString) X(GetLastError) X(GroupStart) X(GroupEnd) X(AllReduce) \
	X(Broadcast) X(Reduce) X(AllGather) X(Send) X(Recv) X(CommGetAsyncError)
static struct {
#define X(f) __typeof__(&nccl##f) f;
	NCCL_FNS(X)
#undef X
} nccl_fn;
static int nccl_state;   /* 0 not tried, 1 loaded, -1 absent */
static char nccl_why[256];
static pthread_mutex_t nccl_mu = PTHREAD_MUTEX_INITIALIZER;

static int nccl_load(struct eval *ev)
{
	pthread_mutex_lock(&nccl_mu);
	if (nccl_state == 0) {
		void *h = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
#ifdef LUMEN_NCCL_DIR
		if (!h)
			h = dlopen(LUMEN_NCCL_DIR "/libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
#endif
		nccl_state = h ? 1 : -1;
		if (!h)
			snprintf(nccl_why, sizeof nccl_why, "%s", dlerror());
#define X(f) if (h && !(nccl_fn.f = (__typeof__(nccl_fn.f))dlsym(h, "nccl" #f))) { \
		nccl_state = -1; snprintf(nccl_why, sizeof nccl_why, "libnccl.so.2 has no nccl%s", #f); }
		NCCL_FNS(X)
#undef X
	}
	pthread_mutex_unlock(&nccl_mu);
	if (nccl_state < 0)
		return err_set(ev, TY_RuntimeError, "NCCL is not available for device collectives: %s", nccl_why), -1;
	return 0;
}
#define ncclGetUniqueId nccl_fn.GetUniqueId
#define ncclCommInitRank nccl_fn.CommInitRank
#define ncclCommDestroy nccl_fn.CommDestroy
#define ncclCommAbort nccl_fn.CommAbort
#define ncclCommCount nccl_fn.CommCount
#define ncclCommUserRank nccl_fn.CommUserRank
#define ncclGetErrorString nccl_fn.GetErrorString
#define ncclGetLastError nccl_fn.GetLastError
#define ncclGroupStart nccl_fn.GroupStart
#define ncclGroupEnd nccl_fn.GroupEnd
#define ncclAllReduce nccl_fn.AllReduce
#define ncclBroadcast nccl_fn.Broadcast
#define ncclReduce nccl_fn.Reduce
#define ncclAllGather nccl_fn.AllGather
#define ncclSend nccl_fn.Send
#define ncclRecv nccl_fn.Recv
#define ncclCommGetAsyncError nccl_fn.CommGetAsyncError

static int nccl_fail(struct eval *ev, ncclResult_t r, const char *what)
{
	if (r == ncclSuccess)
		return 0;
	err_set(ev, TY_RuntimeError, "NCCL error in %s: %s (%s)", what, ncclGetErrorString(r),
		ncclGetLastError(NULL));
	return -1;
}
#define NCCL_CHECK(ev, call) nccl_fail((ev), (call), #call)

int cuda_nccl_id(struct eval *ev, void *id)
{
	ncclUniqueId u;
	if (nccl_load(ev) < 0 || cuda_ready(ev) < 0 || NCCL_CHECK(ev, ncclGetUniqueId(&u)) < 0)
		return -1;
	memcpy(id, u.internal, NCCL_ID_BYTES);
	return 0;
}

int cuda_nccl_init(struct eval *ev, int nranks, int rank, const void *id, void **comm)
{
	ncclUniqueId u;
	ncclComm_t c;
	memcpy(u.internal, id, NCCL_ID_BYTES);
	if (nccl_load(ev) < 0 || cuda_ready(ev) < 0 || CUDA_CHECK(ev, cudaSetDevice(cuda_cur->id)) < 0
	    || NCCL_CHECK(ev, ncclCommInitRank(&c, nranks, u, rank)) < 0)
		return -1;
	*comm = c;
	return 0;
}

void cuda_nccl_free(void *comm)
{
	if (comm)
		ncclCommDestroy((ncclComm_t)comm);
}

void cuda_nccl_abort(void *comm)
{
	if (comm)
		ncclCommAbort((ncclComm_t)comm);
}

/* NCCL's type for dtype; -1 when it has none (bool, int16, uint16, complex) */
static int nccl_type(int dtype)
{
	switch (dtype) {
	case DT_INT8: return ncclInt8;
	case DT_UINT8: return ncclUint8;
	case DT_INT32: return ncclInt32;
	case DT_UINT32: return ncclUint32;
	case DT_INT64: return ncclInt64;
	case DT_UINT64: return ncclUint64;
	case DT_FLOAT16: return ncclFloat16;
	case DT_FLOAT32: return ncclFloat32;
	case DT_FLOAT64: return ncclFloat64;
	}
	return -1;
}

int cuda_nccl_run(struct eval *ev, void *comm, enum nccl_kind kind, const void *send, void *recv,
		  size_t count, int dtype, enum nccl_op op, int root, int peer)
{
	ncclComm_t c = comm;
	cudaStream_t s = cuda_cur->stream;
	int nt = nccl_type(dtype);
	size_t n = count;
	int reduces = kind == NK_REDUCE || kind == NK_ALLREDUCE;
	if (reduces && nt < 0) {
		/* complex sums are sums of (re, im) pairs */
		if (op == NOP_SUM && dt_is_complex(dtype)) {
			nt = dtype == DT_COMPLEX64 ? ncclFloat32 : ncclFloat64;
			n = count * 2;
		} else {
			return 1;
		}
	}
	if (!reduces) {
		/* moves only: bytes */
		nt = ncclUint8;
		n = count * (size_t)dt_size(dtype);
	}
	static const ncclRedOp_t ops[] = { ncclSum, ncclProd, ncclMax, ncclMin }; /* ORDER NOP */
	int nranks = 1, rank = 0;
	if (NCCL_CHECK(ev, ncclCommCount(c, &nranks)) < 0 || NCCL_CHECK(ev, ncclCommUserRank(c, &rank)) < 0)
		return -1;
	size_t blk = n * 1; /* bytes per block for the grouped forms (nt is ncclUint8 there) */
	switch (kind) {
	case NK_BCAST:
		return NCCL_CHECK(ev, ncclBroadcast(recv, recv, n, nt, root, c, s));
	case NK_REDUCE:
		return NCCL_CHECK(ev, ncclReduce(send, recv, n, nt, ops[op], root, c, s));
	case NK_ALLREDUCE:
		return NCCL_CHECK(ev, ncclAllReduce(send, recv, n, nt, ops[op], c, s));
	case NK_ALLGATHER:
		return NCCL_CHECK(ev, ncclAllGather(send, recv, n, nt, c, s));
	case NK_SEND:
		return NCCL_CHECK(ev, ncclSend(send, n, nt, peer, c, s));
	case NK_RECV:
		return NCCL_CHECK(ev, ncclRecv(recv, n, nt, peer, c, s));
	case NK_GATHER:
	case NK_SCATTER:
	case NK_ALLTOALL: {
		if (NCCL_CHECK(ev, ncclGroupStart()) < 0)
			return -1;
		int rc = 0;
		if (kind == NK_GATHER) {
			if (rank == root)
				for (int i = 0; i < nranks && !rc; i++)
					rc = NCCL_CHECK(ev, ncclRecv((char *)recv + i * blk, n, nt, i, c, s));
			if (!rc)
				rc = NCCL_CHECK(ev, ncclSend(send, n, nt, root, c, s));
		} else if (kind == NK_SCATTER) {
			if (rank == root)
				for (int i = 0; i < nranks && !rc; i++)
					rc = NCCL_CHECK(ev, ncclSend((const char *)send + i * blk, n, nt, i, c, s));
			if (!rc)
				rc = NCCL_CHECK(ev, ncclRecv(recv, n, nt, root, c, s));
		} else {
			for (int i = 0; i < nranks && !rc; i++) {
				rc = NCCL_CHECK(ev, ncclSend((const char *)send + i * blk, n, nt, i, c, s));
				if (!rc)
					rc = NCCL_CHECK(ev, ncclRecv((char *)recv + i * blk, n, nt, i, c, s));
			}
		}
		int rc2 = NCCL_CHECK(ev, ncclGroupEnd());
		return rc < 0 || rc2 < 0 ? -1 : 0;
	}
	}
	err_set(ev, TY_ValueError, "unknown NCCL operation");
	return -1;
}

/* ncclCommAbort on a thread of its own: it returns only when the
 * communicator's kernels have left the stream, and a kernel queued behind
 * the cell's own long kernel (a spin, a big reduction) leaves only when it
 * gets to run.  The interrupt must end the cell within a second, so the
 * cell does not wait for that (the communicator is the thread's to free;
 * work queued later runs after it).  Synchronous when no thread starts. */
struct abort_job {
	ncclComm_t comm;
	int dev;
};

static void *abort_main(void *arg)
{
	struct abort_job *j = arg;
	cudaSetDevice(j->dev);
	ncclCommAbort(j->comm);
	free(j);
	return NULL;
}

static void abort_async(ncclComm_t c)
{
	struct abort_job *j = malloc(sizeof *j);
	pthread_attr_t at;
	pthread_t t;
	if (j && pthread_attr_init(&at) == 0) {
		j->comm = c;
		j->dev = cuda_cur->id;
		pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
		int rc = pthread_create(&t, &at, abort_main, j);
		pthread_attr_destroy(&at);
		if (rc == 0)
			return;
	}
	free(j);
	ncclCommAbort(c);
}

/* The wait of a device collective: the stream polled, with the interrupt
 * flag and NCCL's asynchronous error, so that a rank whose peers never
 * come (asleep, interrupted elsewhere, dead) can end its cell.  NCCL's own
 * answer to that is ncclCommAbort: the communicator's kernels leave the
 * stream, and the communicator is gone (the caller makes a new one, with a
 * new unique id, at its next collective). */
int cuda_nccl_wait(struct eval *ev, void *comm)
{
	ncclComm_t c = comm;
	cudaStream_t s = cuda_cur->stream;
	for (long spins = 0;; spins++) {
		cudaError_t q = cudaStreamQuery(s);
		if (q == cudaSuccess)
			return 0;
		if (q != cudaErrorNotReady)
			return CUDA_CHECK(ev, q);
		ncclResult_t ar = ncclSuccess;
		if ((spins & 1023) == 0 && ncclCommGetAsyncError(c, &ar) == ncclSuccess && ar != ncclSuccess
		    && ar != ncclInProgress) {
			nccl_fail(ev, ar, "a device collective (asynchronous error)");
			abort_async(c);
			return -2;
		}
		if (ev->interrupt && ev_check_interrupt(ev)) {
			/* the communicator's kernels leave the stream (NCCL waits for
			 * that before freeing, on abort_async's thread); work queued
			 * before them (a long kernel of the cell) stays queued, and is
			 * not waited for here */
			abort_async(c);
			return -2;
		}
		if (spins > 4096) {
			struct timespec ts = {0, 20000};
			nanosleep(&ts, NULL);
		} else if (spins > 256) {
			sched_yield();
		}
	}
}

int cuda_device_uuid(unsigned char out[16])
{
	struct cudaDeviceProp p;
	if (!cuda_cur->ok || cudaGetDeviceProperties(&p, cuda_cur->id) != cudaSuccess)
		return -1;
	memcpy(out, p.uuid.bytes, 16);
	return 0;
}
#endif
