/*
 * mpi_int.h — what the files of engine/mpi/ share: the objects of the
 * mpi4py module (communicators, requests, statuses, ops, datatypes), the
 * interruptible wait, MPI errors as mpi4py raises them, the value
 * serializer of the lower-case methods and the device-data path.  Private
 * to this room.
 */
#ifndef LUMEN_MPI_INT_H
#define LUMEN_MPI_INT_H

#include <mpi.h>
#include <stddef.h>
#include "lang/value.h"
#include "lang/eval.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/core.h"
#include "array/ndarray.h"

#define PYFN(name) static struct value *name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

/* A communicator (MPI.Comm / Intracomm).  inner: a private duplicate for the
 * point-to-point messages of the object collectives (reduce), made at the
 * first need (collective).  nccl: the device communicator of the plugin, made
 * at the first device collective; nccl_state 0 untried, 1 made, -1 refused
 * (why in nccl_why). */
struct mcomm {
	MPI_Comm comm, inner;
	int owned;                 /* Split/Dup: freed with the object */
	void *nccl;
	int nccl_state;
	char nccl_why[96];
	unsigned epoch;            /* mpi_epoch when made (Split/Dup): older ones are stale */
};

/* ORDER MOP: the predefined reduction operations */
enum mop { MOP_SUM, MOP_PROD, MOP_MAX, MOP_MIN, MOP_LAND, MOP_LOR, MOP_LXOR,
	   MOP_BAND, MOP_BOR, MOP_BXOR, MOP_COUNT };

/* A buffer argument ([array, MPI.DOUBLE], array, MPI.IN_PLACE, None). */
struct mbuf {
	int in_place, none;
	struct ndarray *arr;       /* owned reference, or NULL */
	void *ptr;                 /* element 0 (device pointer on the device) */
	int64_t count;             /* items of type */
	MPI_Datatype type;
	int dtype;                 /* the array's dtype when type is its own, else -1 */
	int device;                /* 1: ptr is device memory */
};

/* mpi_module.c */
extern int mpimod_initialized_here;
int mpi_ensure_init(struct eval *ev);               /* 0, or -1 with the error set */
/* an MPI error code as mpi4py's MPI.Exception ("MPI_ERR_TRUNCATE: message truncated") */
void *mpi_raise(struct eval *ev, int code);
#define MPI_TRY(ev, call) ({ int rc_ = (call); rc_ == MPI_SUCCESS ? 0 : (mpi_raise((ev), rc_), -1); })
/* Waits for r, checking for interrupts; on KeyboardInterrupt a receive is
 * cancelled, anything else is left to finish in the background holding
 * keep (freed with free()) and a reference to keepv (borrowed).  st may be
 * NULL.  0, or -1 with the error set: keep then belongs to the wait (freed
 * or kept by the request left running), never to the caller. */
int mpi_wait(struct eval *ev, MPI_Request *r, MPI_Status *st, void *keep, struct value *keepv);
void mpi_orphans_poll(void);
/* after ev_check_interrupt ended a wait on MPI: the KeyboardInterrupt says
 * what became of the operation (abandoned: it was left pending) */
void mpi_interrupted_note(struct eval *ev, int abandoned);
/* an already interrupted pair's other request: a receive is cancelled, the
 * rest left to finish in the background (as mpi_wait's interrupted end) */
void mpi_abandon(MPI_Request *r, void *keep, struct value *keepv);
/* objects */
struct value *mpi_comm_value(struct eval *ev, MPI_Comm c, int owned); /* new object */
struct mcomm *mpi_comm_of(struct value *v);          /* NULL when v is no Comm */
int mpi_op_of(struct value *v);                      /* enum mop, -1 when v is no Op */
MPI_Op mpi_op_handle(int op);
struct value *mpi_op_apply(struct eval *ev, int op, struct value *x, struct value *y);
int mpi_datatype_of(struct value *v, MPI_Datatype *out); /* 0, or -1 when v is no Datatype */
int mpi_is_in_place(struct value *v);
int mpi_status_set(struct value *v, const MPI_Status *st, MPI_Datatype t); /* v: None or a Status */
struct value *mpi_request_new(struct eval *ev, MPI_Request r, struct mcomm *c, int kind,
			      int source, int tag, void *keep, struct value *keepv);
/* a buffer request whose receive went to host bytes (its keep): copied into
 * the device array dst when it completes */
void mpi_request_stage(struct value *rq, struct ndarray *dst);
enum { RQ_BUF, RQ_OSEND, RQ_ORECV };
/* the path the last buffer operation's data took ("mpi", "nccl", "mpi-staged" ...) */
extern const char *mpi_last_path;
MPI_Datatype mpi_dtype_handle(int dtype);           /* MPI_DATATYPE_NULL for none */

/* mpi_comm.c: the Comm methods; mpi_comms_release frees what the world's
 * communicators hold (before MPI_Finalize).
 * Under lumen-mpi-kernel (mpi_world_adopt) the cells' MPI.COMM_WORLD is a
 * duplicate of the world that the kernel renews on every rank before the
 * cell that follows an interrupted one (mpi_world_renew), so an operation
 * an interrupt left half done can never meet a later one; mpi_epoch counts
 * the renewals, and a Split/Dup made before the last one is refused
 * (stale).  mpi_traffic: this rank used a communicator since the kernel's
 * last mpi_cell_begin. */
extern unsigned mpi_epoch;
extern int mpi_traffic, mpi_kernel_world;
void mpi_comms_release(void);
int mpi_world_adopt(void);
int mpi_world_renew(void);
struct value *mpi_comm_getattr(struct eval *ev, struct value *self, const char *name);
extern const char *const mpi_comm_attrs[];

/* mpi_buf.c: the buffer methods (upper case) */
struct value *mpi_buf_method(struct eval *ev, struct value *self, const char *name);
int mpi_buf_parse(struct eval *ev, struct value *v, struct mbuf *b, int allow_none);
/* a tuple holding the arrays of s and r (either may be NULL): what a request
 * left running by an interrupt keeps alive */
struct value *mpi_keep_of(struct eval *ev, struct mbuf *s, struct mbuf *r);
void mpi_buf_clear(struct mbuf *b);

/* mpi_vbuf.c: Gatherv, Scatterv, Allgatherv, Alltoallv */
struct value *mpi_vbuf_method(struct eval *ev, struct value *self, const char *name);

/* mpi_pack.c: Lumen values to bytes and back (both ends are Lumen) */
char *mpi_pack(struct eval *ev, struct value *v, size_t *n);   /* malloc'd, or NULL */
struct value *mpi_unpack(struct eval *ev, const char *p, size_t n);

/* mpi_dev.c: device buffers.  mpi_dev_coll: runs kind on device buffers
 * through NCCL when the communicator has one (made here at the first
 * collective), else through MPI on device pointers (CUDA-aware MPI) or on
 * host copies; 0, or -1 with the error set. */
enum mcoll { MC_BCAST, MC_REDUCE, MC_ALLREDUCE, MC_GATHER, MC_SCATTER, MC_ALLGATHER,
	     MC_ALLTOALL, MC_SEND, MC_RECV };
int mpi_dev_coll(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s,
		 struct mbuf *r, int op, int root, int peer, int tag, MPI_Status *st);
/* the same operation through MPI on host memory (mpi_buf.c); the buffers'
 * pointers are host memory */
int mpi_host_coll(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s,
		  struct mbuf *r, int op, int root, int peer, int tag, MPI_Status *st);
/* device buffers through host copies: mpi_stage_in swaps b's device array
 * for a host one (copy: with its items), mpi_stage_out swaps it back
 * (copyback: the host items into the device array first) */
struct mstage { struct ndarray *dev; void *ptr; int was; };
int mpi_stage_in(struct eval *ev, struct mbuf *b, int copy, struct mstage *sv);
int mpi_stage_out(struct eval *ev, struct mbuf *b, struct mstage *sv, int copyback);
int mpi_dev_sendrecv(struct eval *ev, struct mcomm *c, struct mbuf *s, struct mbuf *r, int dest, int stag,
		     int source, int rtag, MPI_Status *st);
void mpi_dev_release(struct mcomm *c);
/* c's NCCL communicator aborted (its peers may be gone or out of step):
 * made again, with a new id, at its next device collective */
void mpi_dev_abort(struct mcomm *c);

#endif
