/*
 * mpi_dev.c — buffer methods on device (cp) arrays.  First choice: NCCL
 * through the CUDA plugin's entries, one communicator per MPI communicator,
 * made at its first device collective from a unique id rank 0 broadcasts
 * over MPI.  When NCCL cannot serve (no NCCL in the plugin, a rank without
 * a device, two ranks on one GPU, a dtype/op NCCL lacks) and for every
 * point-to-point transfer (MPI's requests, NCCL has none), the data goes
 * through MPI: on device pointers when MPI is CUDA-aware, else
 * through host copies ("mpi-staged").  MPI.lumen_path() says which.
 * Owns the NCCL communicators (freed with their MPI communicator).
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpi/mpi_int.h"
#include "array/arrapi.h"
#include "backend/cuda_plugin.h"
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

void mpi_dev_release(struct mcomm *c)
{
	const struct cuda_plugin *pl = cuda_plugin_peek();
	if (c->nccl && pl && pl->nccl_free)
		pl->nccl_free(c->nccl);
	c->nccl = NULL;
	c->nccl_state = 0;
}

void mpi_dev_abort(struct mcomm *c)
{
	const struct cuda_plugin *pl = cuda_plugin_peek();
	if (c->nccl && pl && pl->nccl_abort)
		pl->nccl_abort(c->nccl);
	c->nccl = NULL;
	c->nccl_state = 0;
}

/* 1 when MPI takes device pointers: $LUMEN_MPI_CUDA_AWARE (0/1), else Open
 * MPI's MPIX_Query_cuda_support */
static int cuda_aware(void)
{
	const char *e = getenv("LUMEN_MPI_CUDA_AWARE");
	if (e && *e)
		return atoi(e) != 0;
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
	return MPIX_Query_cuda_support() == 1;
#else
	return 0;
#endif
}

/* Makes c's NCCL communicator at a device collective (every rank of c is
 * here): 1 made, 0 refused (c->nccl_why), -1 error. */
static int ensure_nccl(struct eval *ev, struct mcomm *c)
{
	if (c->nccl_state)
		return c->nccl_state > 0;
	int size = 1, rank = 0;
	MPI_Comm_size(c->comm, &size);
	MPI_Comm_rank(c->comm, &rank);
	const struct cuda_plugin *pl = cuda_plugin();
	const char *env = getenv("LUMEN_NCCL");
	/* every rank says whether it can, and which GPU it is on */
	unsigned char mine[17] = {0}, *all = malloc(17 * (size_t)size);
	if (!all) {
		err_nomem(ev);
		return -1;
	}
	mine[16] = pl && pl->nccl_init && pl->device_uuid && !(env && !strcmp(env, "0")) && pl->device_uuid(mine) == 0;
	/* nonblocking and interruptible: this is also where the ranks meet
	 * before ncclCommInitRank, which waits for every rank and cannot be
	 * interrupted (a rank that is not coming never gets past this) */
	MPI_Request q;
	if (MPI_TRY(ev, MPI_Iallgather(mine, 17, MPI_BYTE, all, 17, MPI_BYTE, c->comm, &q)) < 0) {
		free(all);
		return -1;
	}
	if (mpi_wait(ev, &q, NULL, all, NULL) < 0)
		return -1; /* all: the wait's now */
	c->nccl_state = 1;
	for (int i = 0; i < size && c->nccl_state > 0; i++) {
		if (!all[17 * i + 16]) {
			snprintf(c->nccl_why, sizeof c->nccl_why, "rank %d has no NCCL device", i);
			c->nccl_state = -1;
		}
		for (int j = 0; j < i && c->nccl_state > 0; j++)
			if (!memcmp(all + 17 * i, all + 17 * j, 16)) {
				snprintf(c->nccl_why, sizeof c->nccl_why, "ranks %d and %d share one GPU", j, i);
				c->nccl_state = -1;
			}
	}
	free(all);
	if (c->nccl_state < 0)
		return 0;
	unsigned char id[NCCL_ID_BYTES] = {0};
	int ok = rank != 0 || pl->nccl_id(ev, id) == 0;
	/* rank 0's failure reaches everyone through the broadcast flag */
	unsigned char *msg = malloc(NCCL_ID_BYTES + 1);
	if (!msg) {
		c->nccl_state = 0;
		err_nomem(ev);
		return -1;
	}
	memcpy(msg, id, NCCL_ID_BYTES);
	msg[NCCL_ID_BYTES] = (unsigned char)ok;
	if (!ok && rank == 0)
		err_clear(ev); /* rank 0's failure reaches everyone through the flag */
	if (MPI_TRY(ev, MPI_Ibcast(msg, NCCL_ID_BYTES + 1, MPI_BYTE, 0, c->comm, &q)) < 0) {
		free(msg);
		c->nccl_state = 0;
		return -1;
	}
	if (mpi_wait(ev, &q, NULL, msg, NULL) < 0) {
		c->nccl_state = 0; /* tried again (with a new id) at the next collective */
		return -1;
	}
	if (!msg[NCCL_ID_BYTES]) {
		free(msg);
		c->nccl_state = -1;
		snprintf(c->nccl_why, sizeof c->nccl_why, "rank 0 could not make an NCCL id");
		return 0;
	}
	int rc = pl->nccl_init(ev, size, rank, msg, &c->nccl);
	free(msg);
	if (rc < 0) {
		c->nccl = NULL;
		c->nccl_state = -1;
		snprintf(c->nccl_why, sizeof c->nccl_why, "NCCL failed to start");
		return -1;
	}
	return 1;
}

/* ---- through host copies ---- */

/* b's device array replaced by a host copy (copy: with its items) */
int mpi_stage_in(struct eval *ev, struct mbuf *b, int copy, struct mstage *sv)
{
	memset(sv, 0, sizeof *sv);
	if (!b || !b->device || !b->arr)
		return 0;
	struct ndarray *h = copy ? arr_to_host(ev, b->arr) : nd_new(ev, &backend_host, b->arr->dtype, b->arr->ndim, b->arr->shape);
	if (!h)
		return -1;
	sv->dev = b->arr;
	sv->ptr = b->ptr;
	sv->was = 1;
	b->arr = h;
	b->ptr = nd_data(h);
	b->device = 0;
	return 0;
}

/* back: the host copy's items into the device array (copyback), then b as it was */
int mpi_stage_out(struct eval *ev, struct mbuf *b, struct mstage *sv, int copyback)
{
	if (!sv->was)
		return 0;
	int rc = 0;
	if (copyback)
		rc = nd_backend(sv->dev)->from_host(ev, sv->dev, nd_data(b->arr));
	nd_decref(b->arr);
	b->arr = sv->dev;
	b->ptr = sv->ptr;
	b->device = 1;
	sv->was = 0;
	return rc;
}

static int staged(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s, struct mbuf *r, int op,
		  int root, int peer, int tag, MPI_Status *st)
{
	struct mstage ss, rs;
	int rank = 0;
	MPI_Comm_rank(c->comm, &rank);
	/* what each side reads: the send buffer, and the receive buffer where it
	 * is also read (IN_PLACE, Bcast's root) */
	int in_place = s && s->in_place;
	if (mpi_stage_in(ev, s, 1, &ss) < 0)
		return -1;
	if (mpi_stage_in(ev, r, in_place || kind == MC_SCATTER, &rs) < 0) {
		mpi_stage_out(ev, s, &ss, 0);
		return -1;
	}
	mpi_last_path = "mpi-staged";
	int rc = mpi_host_coll(ev, c, kind, s, r, op, root, peer, tag, st);
	int back_s = rc == 0 && kind == MC_BCAST;
	int back_r = rc == 0 && r && kind != MC_SEND && !(kind == MC_REDUCE && rank != root)
		     && !(kind == MC_GATHER && rank != root);
	if (mpi_stage_out(ev, s, &ss, back_s) < 0)
		rc = -1;
	if (mpi_stage_out(ev, r, &rs, back_r) < 0)
		rc = -1;
	return rc;
}

/* a send and a receive at once on s's and r's pointers, interruptible (the
 * arrays kept alive by a request an interrupt leaves running) */
static int sendrecv_wait(struct eval *ev, struct mcomm *c, struct mbuf *s, struct mbuf *r, int dest, int stag,
			 int source, int rtag, MPI_Status *st)
{
	MPI_Request q[2];
	if (MPI_TRY(ev, MPI_Irecv(r->ptr, (int)r->count, r->type, source, rtag, c->comm, &q[1])) < 0)
		return -1;
	if (MPI_TRY(ev, MPI_Isend(s->ptr, (int)s->count, s->type, dest, stag, c->comm, &q[0])) < 0) {
		MPI_Cancel(&q[1]);
		MPI_Wait(&q[1], MPI_STATUS_IGNORE);
		return -1;
	}
	struct value *keep = mpi_keep_of(ev, s, r);
	int rc = keep ? mpi_wait(ev, &q[0], NULL, NULL, keep) : -1;
	if (rc == 0)
		rc = mpi_wait(ev, &q[1], st, NULL, keep);
	else
		mpi_abandon(&q[1], NULL, keep);
	val_decref(keep);
	return rc;
}

/* Sendrecv of device data (mpi_buf.c's MC_SEND with both buffers): host copies */
static int staged_sendrecv(struct eval *ev, struct mcomm *c, struct mbuf *s, struct mbuf *r, int dest, int stag,
			   int source, int rtag, MPI_Status *st)
{
	struct mstage ss, rs;
	if (mpi_stage_in(ev, s, 1, &ss) < 0)
		return -1;
	if (mpi_stage_in(ev, r, 0, &rs) < 0) {
		mpi_stage_out(ev, s, &ss, 0);
		return -1;
	}
	mpi_last_path = "mpi-staged";
	int rc = sendrecv_wait(ev, c, s, r, dest, stag, source, rtag, st);
	mpi_stage_out(ev, s, &ss, 0);
	if (mpi_stage_out(ev, r, &rs, rc == 0) < 0)
		rc = -1;
	return rc;
}

int mpi_dev_sendrecv(struct eval *ev, struct mcomm *c, struct mbuf *s, struct mbuf *r, int dest, int stag,
		     int source, int rtag, MPI_Status *st)
{
	if (cuda_aware()) {
		const struct backend *be = nd_backend(s->device ? s->arr : r->arr);
		if (be->sync(ev) < 0)
			return -1;
		mpi_last_path = "mpi-cuda-aware";
		return sendrecv_wait(ev, c, s, r, dest, stag, source, rtag, st);
	}
	return staged_sendrecv(ev, c, s, r, dest, stag, source, rtag, st);
}

int mpi_dev_coll(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s, struct mbuf *r, int op,
		 int root, int peer, int tag, MPI_Status *st)
{
	int both = (!s || s->none || s->in_place || s->device) && (!r || r->none || r->in_place || r->device);
	int own = (!s || s->none || s->in_place || s->dtype >= 0) && (!r || r->none || r->in_place || r->dtype >= 0);
	int p2p = kind == MC_SEND || kind == MC_RECV;
	const struct cuda_plugin *pl = cuda_plugin();
	if (both && own && pl && pl->nccl_run && op <= MOP_MIN) {
		/* point-to-point stays on MPI: NCCL's send and recv must meet in one
		 * group, and an Isend then Recv on one stream (to oneself, or a ring)
		 * would wait forever; MPI's requests allow it */
		int made = 0;
		if (!p2p && (made = ensure_nccl(ev, c)) < 0)
			return -1;
		if (made) {
			static const enum nccl_kind nk[] = {
				[MC_BCAST] = NK_BCAST, [MC_REDUCE] = NK_REDUCE, [MC_ALLREDUCE] = NK_ALLREDUCE,
				[MC_GATHER] = NK_GATHER, [MC_SCATTER] = NK_SCATTER, [MC_ALLGATHER] = NK_ALLGATHER,
				[MC_ALLTOALL] = NK_ALLTOALL, [MC_SEND] = NK_SEND, [MC_RECV] = NK_RECV,
			};
			int size = 1;
			MPI_Comm_size(c->comm, &size);
			struct mbuf *any = s && s->arr ? s : r;
			int dtype = any->arr->dtype;
			const void *sp = s && s->arr ? s->ptr : r ? r->ptr : NULL;
			void *rp = r && r->arr ? r->ptr : NULL;
			size_t count;
			switch (kind) {
			case MC_BCAST: count = s->count; rp = s->ptr; break;
			case MC_REDUCE: case MC_ALLREDUCE: count = s->in_place ? r->count : s->count;
				if (s->in_place) sp = r->ptr;
				break;
			case MC_GATHER: case MC_ALLGATHER: count = s->in_place ? r->count / size : s->count;
				if (s->in_place) {
					int rank = 0;
					MPI_Comm_rank(c->comm, &rank);
					sp = (char *)r->ptr + (size_t)rank * count * dt_size(dtype);
				}
				break;
			case MC_SCATTER: count = r->in_place ? s->count / size : r->count;
				if (r->in_place) {
					int rank = 0;
					MPI_Comm_rank(c->comm, &rank);
					rp = (char *)s->ptr + (size_t)rank * count * dt_size(dtype);
				}
				break;
			case MC_ALLTOALL: count = r->count / size;
				if (s->in_place)
					return err_set(ev, TY_NotImplementedError, "Alltoall with IN_PLACE on device arrays is not supported by Lumen"), -1;
				break;
			case MC_SEND: count = s->count; break;
			default: count = r->count; break;
			}
			/* reduce's non-root ranks may pass no receive buffer: NCCL
			 * wants one only at root */
			if (kind == MC_REDUCE && !rp)
				rp = (void *)sp;
			int rc = pl->nccl_run(ev, c->nccl, nk[kind], sp, rp, count, dtype, (enum nccl_op)op, root, peer);
			if (rc == 0 && pl->nccl_wait) {
				/* the call returns when the collective ended, as MPI's does;
				 * an interrupt aborts the NCCL communicator (its kernels
				 * leave the stream) and the next collective makes a new one */
				mpi_traffic = 1;
				int w = pl->nccl_wait(ev, c->nccl);
				if (w == -2) {
					c->nccl = NULL; /* aborted and freed there */
					c->nccl_state = 0;
					mpi_interrupted_note(ev, 1);
				}
				if (w < 0)
					return -1;
			}
			if (rc <= 0) {
				if (rc == 0)
					mpi_last_path = "nccl";
				return rc;
			}
			/* 1: no NCCL form for this dtype / op: through MPI below */
		}
	}
	if (cuda_aware()) {
		const struct backend *be = nd_backend(s && s->arr ? s->arr : r->arr);
		if (be->sync(ev) < 0)
			return -1;
		mpi_last_path = "mpi-cuda-aware";
		return mpi_host_coll(ev, c, kind, s, r, op, root, peer, tag, st);
	}
	return staged(ev, c, kind, s, r, op, root, peer, tag, st);
}
