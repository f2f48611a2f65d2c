/*
 * mpi_buf.c — mpi4py's buffer methods (upper case) on arrays: Bcast, Reduce,
 * Allreduce, Gather, Scatter, Allgather, Alltoall, Send / Ssend / Recv,
 * Isend / Irecv, Sendrecv.  Parses buffer arguments as mpi4py does (an
 * array, [array, MPI.DOUBLE], [array, count, type], MPI.IN_PLACE), checks
 * counts with mpi4py's messages, and runs the operation through MPI on host
 * memory; device buffers go to mpi_dev.c.  Owns no state.
 */
#include "config.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "mpi/mpi_int.h"
#include "array/arrapi.h"

void mpi_buf_clear(struct mbuf *b)
{
	nd_decref(b->arr);
	memset(b, 0, sizeof *b);
}

int mpi_buf_parse(struct eval *ev, struct value *v, struct mbuf *b, int allow_none)
{
	memset(b, 0, sizeof *b);
	b->dtype = -1;
	b->type = MPI_DATATYPE_NULL;
	if (!v || v->type == VT_NONE) {
		if (allow_none) {
			b->none = 1;
			return 0;
		}
		err_set(ev, TY_TypeError, "expected a buffer object, not None");
		return -1;
	}
	if (mpi_is_in_place(v)) {
		b->in_place = 1;
		return 0;
	}
	struct value *av = v, *cnt = NULL, *tv = NULL;
	if (v->type == VT_LIST || v->type == VT_TUPLE) {
		size_t n = v->u.seq.n;
		if (n < 1 || n > 4) {
			err_set(ev, TY_ValueError, "message: expecting 2 to 4 items, got %zu", n);
			return -1;
		}
		av = v->u.seq.items[0];
		if (n == 2) {
			MPI_Datatype t;
			if (mpi_datatype_of(v->u.seq.items[1], &t) == 0)
				tv = v->u.seq.items[1];
			else
				cnt = v->u.seq.items[1];
		} else if (n >= 3) {
			cnt = v->u.seq.items[1];
			tv = v->u.seq.items[n - 1];
		}
		if (av->type == VT_NDARRAY && tv) {
			MPI_Datatype t;
			if (mpi_datatype_of(tv, &t) < 0) {
				char *r = val_repr(ev, tv);
				if (r)
					err_set(ev, TY_KeyError, "cannot map %s to MPI datatype", r);
				free(r);
				return -1;
			}
		}
		if (n == 4) {
			err_set(ev, TY_NotImplementedError, "counts and displacements ([buf, count, displ, type]) are not supported by Lumen");
			return -1;
		}
	} else if (v->type != VT_NDARRAY) {
		err_set(ev, TY_TypeError, "message: expecting buffer or list/tuple");
		return -1;
	}
	if (av->type != VT_NDARRAY) {
		err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s'", val_type_name(av));
		return -1;
	}
	struct ndarray *a = av->u.arr;
	if (!nd_is_c_contiguous(a) && !nd_is_f_contiguous(a)) {
		err_set(ev, TY_ValueError, "ndarray is not contiguous");
		return -1;
	}
	size_t nbytes = (size_t)nd_size(a) * dt_size(a->dtype);
	if (tv) {
		mpi_datatype_of(tv, &b->type);
		int ts = 0;
		MPI_Type_size(b->type, &ts);
		if (ts <= 0 || nbytes % ts) {
			err_set(ev, TY_ValueError, "message: cannot infer count, buffer length %zu is not a multiple of datatype extent %d",
				nbytes, ts);
			return -1;
		}
		b->count = nbytes / ts;
		if (b->type == mpi_dtype_handle(a->dtype))
			b->dtype = a->dtype;
	} else {
		b->type = mpi_dtype_handle(a->dtype);
		if (b->type == MPI_DATATYPE_NULL) {
			err_set(ev, TY_KeyError, "'%c'", dtype_table[a->dtype].code);
			return -1;
		}
		b->dtype = a->dtype;
		b->count = nd_size(a);
	}
	if (cnt && cnt->type != VT_NONE) {
		int64_t c;
		if (cnt->type == VT_TUPLE || cnt->type == VT_LIST) {
			err_set(ev, TY_NotImplementedError, "counts and displacements ([buf, (counts, displs), type]) are not supported by Lumen");
			return -1;
		}
		if (val_as_int64(ev, cnt, &c) < 0)
			return -1;
		if (c < 0 || c > b->count) {
			err_set(ev, TY_ValueError, "message: buffer too small for count %lld", (long long)c);
			return -1;
		}
		b->count = c;
	}
	if (b->count > INT_MAX) {
		err_set(ev, TY_OverflowError, "message: count %lld does not fit in int", (long long)b->count);
		return -1;
	}
	b->arr = nd_incref(a);
	b->ptr = nd_data(a);
	b->device = nd_backend(a)->device_memory;
	return 0;
}

/* the arrays in flight, for the request an interrupt may leave running */
struct value *mpi_keep_of(struct eval *ev, struct mbuf *s, struct mbuf *r)
{
	struct value *items[2];
	int n = 0;
	if (s && s->arr)
		items[n++] = arr_wrap(ev, nd_incref(s->arr));
	if (r && r->arr)
		items[n++] = arr_wrap(ev, nd_incref(r->arr));
	for (int i = 0; i < n; i++)
		if (!items[i]) {
			for (int j = 0; j < n; j++)
				val_decref(items[j]);
			return NULL;
		}
	return val_tuple_new(n, items);
}

/* starts kind on host (or CUDA-aware device) pointers: *q to wait on */
static int host_post(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s,
		     struct mbuf *r, int op, int root, int peer, int tag, MPI_Request *qp)
{
	MPI_Request q = MPI_REQUEST_NULL;
	int rc = MPI_SUCCESS, size = 1;
	MPI_Comm_size(c->comm, &size);
	const void *sp = s && s->in_place ? MPI_IN_PLACE : s ? s->ptr : NULL;
	void *rp = r ? r->ptr : NULL;
	MPI_Datatype st_ = s && !s->in_place && !s->none ? s->type : r ? r->type : MPI_BYTE;
	MPI_Datatype rt = r && !r->none && !r->in_place ? r->type : st_;
	int scount = s && !s->in_place && !s->none ? (int)s->count : 0;
	int rcount = r && !r->none && !r->in_place ? (int)r->count : 0;
	switch (kind) {
	case MC_BCAST:
		rc = MPI_Ibcast(s->ptr, scount, s->type, root, c->comm, &q);
		break;
	case MC_REDUCE:
		rc = MPI_Ireduce(sp, rp, s->in_place ? rcount : scount, s->in_place ? rt : st_, mpi_op_handle(op),
				 root, c->comm, &q);
		break;
	case MC_ALLREDUCE:
		rc = MPI_Iallreduce(sp, rp, rcount, rt, mpi_op_handle(op), c->comm, &q);
		break;
	case MC_GATHER:
		rc = MPI_Igather(sp, scount, st_, rp, rcount / size, rt, root, c->comm, &q);
		break;
	case MC_SCATTER:
		rc = MPI_Iscatter(s && !s->none ? s->ptr : NULL, scount / size, st_,
				  r->in_place ? MPI_IN_PLACE : rp, rcount, rt, root, c->comm, &q);
		break;
	case MC_ALLGATHER:
		rc = MPI_Iallgather(sp, scount, st_, rp, rcount / size, rt, c->comm, &q);
		break;
	case MC_ALLTOALL:
		rc = MPI_Ialltoall(sp, scount / size, st_, rp, rcount / size, rt, c->comm, &q);
		break;
	case MC_SEND:
		rc = (tag < 0 ? MPI_Issend : MPI_Isend)(s->ptr, scount, s->type, peer, tag < 0 ? -tag - 1 : tag,
							c->comm, &q);
		break;
	case MC_RECV:
		rc = MPI_Irecv(r->ptr, rcount, r->type, peer, tag, c->comm, &q);
		break;
	}
	if (rc != MPI_SUCCESS) {
		mpi_raise(ev, rc);
		return -1;
	}
	*qp = q;
	return 0;
}

int mpi_host_coll(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s,
		  struct mbuf *r, int op, int root, int peer, int tag, MPI_Status *st)
{
	MPI_Request q;
	if (host_post(ev, c, kind, s, r, op, root, peer, tag, &q) < 0)
		return -1;
	struct value *keep = mpi_keep_of(ev, s, r);
	if (!keep) {
		MPI_Wait(&q, MPI_STATUS_IGNORE);
		return -1;
	}
	int rc = mpi_wait(ev, &q, st, NULL, keep);
	val_decref(keep);
	return rc;
}

/* the nonblocking collectives (Ibcast, Iallreduce ...): a Request holding
 * the arrays; host memory only */
static struct value *post_request(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s,
				  struct mbuf *r, int op, int root)
{
	if ((s && s->device) || (r && r->device))
		return err_set(ev, TY_NotImplementedError,
			       "nonblocking collectives on device arrays are not supported by Lumen (use the blocking form)");
	MPI_Request q;
	if (host_post(ev, c, kind, s, r, op, root, 0, 0, &q) < 0)
		return NULL;
	mpi_last_path = "mpi";
	struct value *keep = mpi_keep_of(ev, s, r);
	if (!keep) {
		MPI_Wait(&q, MPI_STATUS_IGNORE);
		return NULL;
	}
	return mpi_request_new(ev, q, c, RQ_BUF, 0, 0, NULL, keep);
}

/* a method's name without the I of its nonblocking form ("Iallreduce" -> "allreduce"...) */
static const char *base_name(const char *n, int *nb)
{
	*nb = n[0] == 'I' && n[1] >= 'a' && n[1] <= 'z';
	return *nb ? n + 1 : n;
}

static int run(struct eval *ev, struct mcomm *c, enum mcoll kind, struct mbuf *s, struct mbuf *r, int op,
	       int root, int peer, int tag, MPI_Status *st)
{
	if ((s && s->device) || (r && r->device))
		return mpi_dev_coll(ev, c, kind, s, r, op, root, peer, tag, st);
	mpi_last_path = "mpi";
	return mpi_host_coll(ev, c, kind, s, r, op, root, peer, tag, st);
}

static struct mcomm *MC(const struct builtin *bi) { return bi->self->u.obj.p; }

static int int_arg(struct eval *ev, struct value *v, int def, int *out)
{
	int64_t x = def;
	if (v && v->type != VT_NONE && val_as_int64(ev, v, &x) < 0)
		return -1;
	if (x < INT_MIN || x > INT_MAX) {
		err_set(ev, TY_OverflowError, "value too large to convert to int");
		return -1;
	}
	*out = (int)x;
	return 0;
}

static int op_arg(struct eval *ev, struct value *v, int *out)
{
	*out = v ? mpi_op_of(v) : MOP_SUM;
	if (*out < 0) {
		err_set(ev, TY_TypeError, "Argument 'op' has incorrect type (expected mpi4py.MPI.Op, got %s)",
			val_type_name(v));
		return -1;
	}
	return 0;
}

static int check_root(struct eval *ev, struct mcomm *c, int root)
{
	int size = 1;
	MPI_Comm_size(c->comm, &size);
	if (root < 0 || root >= size) {
		mpi_raise(ev, MPI_ERR_ROOT);
		return -1;
	}
	return 0;
}

static int mismatch(struct eval *ev, struct mbuf *s, struct mbuf *r)
{
	if (s->count != r->count) {
		err_set(ev, TY_ValueError, "mismatch in send count %lld and receive count %lld", (long long)s->count,
			(long long)r->count);
		return -1;
	}
	if (s->type != r->type) {
		err_set(ev, TY_ValueError, "mismatch in send and receive MPI datatypes");
		return -1;
	}
	return 0;
}

/* count of one block of b for size ranks (mpi4py's message when it does not divide) */
static int blocks(struct eval *ev, struct mbuf *b, int size)
{
	if (b->count % size) {
		err_set(ev, TY_ValueError, "message: cannot infer count, number of entries %lld is not a multiple of required number of blocks %d",
			(long long)b->count, size);
		return -1;
	}
	return 0;
}

static int comm_size(struct mcomm *c) { int s = 1; MPI_Comm_size(c->comm, &s); return s; }
static int comm_rank(struct mcomm *c) { int r = 0; MPI_Comm_rank(c->comm, &r); return r; }

PYFN(b_bcast)
{
	struct value *bv, *rootv = NULL;
	int root;
	struct mbuf b;
	if (args_parse(ev, bi->name, argc, argv, kw, "buf|root", &bv, &rootv) < 0 || int_arg(ev, rootv, 0, &root) < 0
	    || check_root(ev, MC(bi), root) < 0 || mpi_buf_parse(ev, bv, &b, 0) < 0)
		return NULL;
	int nb;
	base_name(bi->name, &nb);
	if (nb && !b.in_place) {
		struct value *rq = post_request(ev, MC(bi), MC_BCAST, &b, NULL, 0, root);
		mpi_buf_clear(&b);
		return rq;
	}
	int rc = b.in_place ? (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1)
			    : run(ev, MC(bi), MC_BCAST, &b, NULL, 0, root, 0, 0, NULL);
	mpi_buf_clear(&b);
	return rc < 0 ? NULL : val_none();
}

/* Reduce / Allreduce */
PYFN(b_reduce)
{
	struct value *sv, *rv = NULL, *opv = NULL, *rootv = NULL;
	int nb;
	int all = base_name(bi->name, &nb)[0] == 'a' || bi->name[0] == 'A', root = 0, op;
	struct mbuf s, r;
	if ((all ? args_parse(ev, bi->name, argc, argv, kw, "sendbuf,recvbuf|op", &sv, &rv, &opv)
		 : args_parse(ev, bi->name, argc, argv, kw, "sendbuf|recvbuf,op,root", &sv, &rv, &opv, &rootv)) < 0
	    || int_arg(ev, rootv, 0, &root) < 0 || op_arg(ev, opv, &op) < 0 || check_root(ev, MC(bi), root) < 0)
		return NULL;
	int at_root = all || comm_rank(MC(bi)) == root;
	if (mpi_buf_parse(ev, sv, &s, 0) < 0)
		return NULL;
	if (mpi_buf_parse(ev, at_root ? rv : NULL, &r, 1) < 0) {
		mpi_buf_clear(&s);
		return NULL;
	}
	int rc = 0;
	if (at_root && r.none)
		rc = (err_set(ev, TY_ValueError, "message: cannot use None as a receive buffer here"), -1);
	else if (s.in_place && !at_root)
		rc = (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1);
	else if (at_root && !s.in_place && mismatch(ev, &s, &r) < 0)
		rc = -1;
	struct value *rq = NULL;
	if (rc == 0 && nb)
		rc = (rq = post_request(ev, MC(bi), all ? MC_ALLREDUCE : MC_REDUCE, &s, at_root ? &r : NULL, op, root)) ? 0 : -1;
	else if (rc == 0)
		rc = run(ev, MC(bi), all ? MC_ALLREDUCE : MC_REDUCE, &s, at_root ? &r : NULL, op, root, 0, 0, NULL);
	mpi_buf_clear(&s);
	mpi_buf_clear(&r);
	return rc < 0 ? NULL : rq ? rq : val_none();
}

/* Gather / Allgather / Scatter / Alltoall */
PYFN(b_blocks)
{
	struct value *sv, *rv, *rootv = NULL;
	int nb;
	const char *n = base_name(bi->name, &nb);
	enum mcoll kind = n[1] == 'a' ? MC_GATHER : n[1] == 'c' ? MC_SCATTER : n[3] == 't' ? MC_ALLTOALL : MC_ALLGATHER;
	int root = 0;
	int rooted = kind == MC_GATHER || kind == MC_SCATTER;
	if ((rooted ? args_parse(ev, bi->name, argc, argv, kw, "sendbuf,recvbuf|root", &sv, &rv, &rootv)
		    : args_parse(ev, n, argc, argv, kw, "sendbuf,recvbuf", &sv, &rv)) < 0
	    || int_arg(ev, rootv, 0, &root) < 0 || check_root(ev, MC(bi), root) < 0)
		return NULL;
	int size = comm_size(MC(bi)), me = comm_rank(MC(bi)) == root;
	struct mbuf s, r;
	/* the buffers a rank does not use may be None (mpi4py ignores them) */
	int s_used = kind != MC_SCATTER || me, r_used = kind != MC_GATHER || me;
	if (mpi_buf_parse(ev, s_used ? sv : NULL, &s, 1) < 0)
		return NULL;
	if (mpi_buf_parse(ev, r_used ? rv : NULL, &r, 1) < 0) {
		mpi_buf_clear(&s);
		return NULL;
	}
	int rc = 0;
	if ((s_used && s.none && !(kind == MC_GATHER && me)) || (r_used && r.none))
		rc = (err_set(ev, TY_ValueError, "message: cannot use None as a buffer here"), -1);
	else if ((s.in_place && (kind == MC_SCATTER || (kind == MC_GATHER && !me)))
		 || (r.in_place && !(kind == MC_SCATTER && me)))
		rc = (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1);
	if (rc == 0) {
		/* block counts: the side holding size blocks must divide (mpi4py
		 * checks no more) */
		struct mbuf *whole = kind == MC_SCATTER ? &s : &r;
		if (kind == MC_ALLTOALL) {
			if ((!s.in_place && blocks(ev, &s, size) < 0) || blocks(ev, &r, size) < 0)
				rc = -1;
			else if (!s.in_place && (s.count != r.count || s.type != r.type))
				rc = mismatch(ev, &s, &r);
		} else if (rooted && !me) {
			rc = 0;
		} else if (blocks(ev, whole, size) < 0) {
			rc = -1;
		}
	}
	if (rc == 0) {
		/* non-root: the count MPI needs on the unused side */
		if (rooted && !me) {
			if (kind == MC_GATHER) {
				r.count = s.count * size;
				r.type = s.type;
			} else {
				s.count = r.count * size;
				s.type = r.type;
				s.none = 1;
			}
		}
		if (nb) {
			struct value *rq = post_request(ev, MC(bi), kind, &s, &r, 0, root);
			mpi_buf_clear(&s);
			mpi_buf_clear(&r);
			return rq;
		}
		rc = run(ev, MC(bi), kind, &s, &r, 0, root, 0, 0, NULL);
	}
	mpi_buf_clear(&s);
	mpi_buf_clear(&r);
	return rc < 0 ? NULL : val_none();
}

PYFN(b_send)
{
	struct value *bv, *dv, *tv = NULL;
	int dest, tag;
	struct mbuf b;
	if (args_parse(ev, bi->name, argc, argv, kw, "buf,dest|tag", &bv, &dv, &tv) < 0 || int_arg(ev, dv, 0, &dest) < 0
	    || int_arg(ev, tv, 0, &tag) < 0 || mpi_buf_parse(ev, bv, &b, 0) < 0)
		return NULL;
	int sync = bi->name[1] == 's';
	int rc = b.in_place ? (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1)
			    : run(ev, MC(bi), MC_SEND, &b, NULL, 0, 0, dest, sync ? -tag - 1 : tag, NULL);
	mpi_buf_clear(&b);
	return rc < 0 ? NULL : val_none();
}

PYFN(b_recv)
{
	struct value *bv, *sv = NULL, *tv = NULL, *status = NULL;
	int source, tag;
	struct mbuf b;
	if (args_parse(ev, bi->name, argc, argv, kw, "buf|source,tag,status", &bv, &sv, &tv, &status) < 0
	    || int_arg(ev, sv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, tv, MPI_ANY_TAG, &tag) < 0
	    || mpi_buf_parse(ev, bv, &b, 0) < 0)
		return NULL;
	MPI_Status st;
	memset(&st, 0, sizeof st);
	int rc = b.in_place ? (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1)
			    : run(ev, MC(bi), MC_RECV, NULL, &b, 0, 0, source, tag, &st);
	mpi_buf_clear(&b);
	if (rc < 0)
		return NULL;
	mpi_status_set(status, &st, MPI_BYTE);
	return val_none();
}

PYFN(b_sendrecv)
{
	struct value *sv, *dv, *stv = NULL, *rv = NULL, *srcv = NULL, *rtv = NULL, *status = NULL;
	int dest, stag, source, rtag;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendbuf,dest|sendtag,recvbuf,source,recvtag,status",
		       &sv, &dv, &stv, &rv, &srcv, &rtv, &status) < 0
	    || int_arg(ev, dv, 0, &dest) < 0 || int_arg(ev, stv, 0, &stag) < 0
	    || int_arg(ev, srcv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, rtv, MPI_ANY_TAG, &rtag) < 0)
		return NULL;
	struct mbuf s, r;
	if (mpi_buf_parse(ev, sv, &s, 0) < 0)
		return NULL;
	if (mpi_buf_parse(ev, rv, &r, 0) < 0) {
		mpi_buf_clear(&s);
		return NULL;
	}
	MPI_Status st;
	memset(&st, 0, sizeof st);
	int rc = 0;
	if (s.in_place || r.in_place)
		rc = (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1);
	else if (s.device || r.device) {
		/* device data: the send and the receive as a pair of requests would
		 * need staging on both sides; MPI_Sendrecv on host copies */
		rc = mpi_dev_sendrecv(ev, MC(bi), &s, &r, dest, stag, source, rtag, &st);
	} else {
		mpi_last_path = "mpi";
		MPI_Request q[2];
		rc = MPI_TRY(ev, MPI_Irecv(r.ptr, (int)r.count, r.type, source, rtag, MC(bi)->comm, &q[1]));
		if (rc == 0 && MPI_TRY(ev, MPI_Isend(s.ptr, (int)s.count, s.type, dest, stag, MC(bi)->comm, &q[0])) < 0) {
			MPI_Cancel(&q[1]);
			MPI_Wait(&q[1], MPI_STATUS_IGNORE);
			rc = -1;
		}
		if (rc == 0) {
			struct value *keep = mpi_keep_of(ev, &s, &r);
			rc = keep ? mpi_wait(ev, &q[0], NULL, NULL, keep) : -1;
			if (rc == 0)
				rc = mpi_wait(ev, &q[1], &st, NULL, keep);
			else /* interrupted (the flag is spent): no second wait */
				mpi_abandon(&q[1], NULL, keep);
			val_decref(keep);
		}
	}
	mpi_buf_clear(&s);
	mpi_buf_clear(&r);
	if (rc < 0)
		return NULL;
	mpi_status_set(status, &st, MPI_BYTE);
	return val_none();
}

/* Isend / Issend / Irecv: a Request holding the array until it completes */
PYFN(b_isend)
{
	struct value *bv, *pv = NULL, *tv = NULL;
	int recv = bi->name[1] == 'r', peer, tag;
	struct mbuf b;
	if ((recv ? args_parse(ev, bi->name, argc, argv, kw, "buf|source,tag", &bv, &pv, &tv)
		  : args_parse(ev, bi->name, argc, argv, kw, "buf,dest|tag", &bv, &pv, &tv)) < 0
	    || int_arg(ev, pv, recv ? MPI_ANY_SOURCE : 0, &peer) < 0
	    || int_arg(ev, tv, recv ? MPI_ANY_TAG : 0, &tag) < 0 || mpi_buf_parse(ev, bv, &b, 0) < 0)
		return NULL;
	if (b.in_place) {
		mpi_buf_clear(&b);
		return err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here");
	}
	void *ptr = b.ptr, *stage = NULL;
	if (b.device) {
		/* device memory: through host bytes (NCCL has no requests to wait on) */
		size_t nbytes = (size_t)nd_size(b.arr) * dt_size(b.arr->dtype);
		stage = malloc(nbytes ? nbytes : 1);
		if (!stage) {
			mpi_buf_clear(&b);
			return err_nomem(ev);
		}
		if (!recv && nd_backend(b.arr)->to_host(ev, stage, b.arr) < 0) {
			free(stage);
			mpi_buf_clear(&b);
			return NULL;
		}
		ptr = stage;
		mpi_last_path = "mpi-staged";
	} else {
		mpi_last_path = "mpi";
	}
	MPI_Request q;
	int rc = recv ? MPI_Irecv(ptr, (int)b.count, b.type, peer, tag, MC(bi)->comm, &q)
		      : (bi->name[2] == 's' ? MPI_Issend : MPI_Isend)(ptr, (int)b.count, b.type, peer, tag, MC(bi)->comm, &q);
	if (rc != MPI_SUCCESS) {
		free(stage);
		mpi_buf_clear(&b);
		return mpi_raise(ev, rc);
	}
	struct value *keep = arr_wrap(ev, nd_incref(b.arr));
	struct value *rq = keep ? mpi_request_new(ev, q, MC(bi), RQ_BUF, peer, tag, stage, keep) : NULL;
	if (rq && recv && stage)
		mpi_request_stage(rq, b.arr);
	mpi_buf_clear(&b);
	return rq;
}

PYFN(b_ibarrier)
{
	if (args_parse(ev, bi->name, argc, argv, kw, "") < 0)
		return NULL;
	MPI_Request q;
	if (MPI_TRY(ev, MPI_Ibarrier(MC(bi)->comm, &q)) < 0)
		return NULL;
	return mpi_request_new(ev, q, MC(bi), RQ_BUF, 0, 0, NULL, NULL);
}

static const struct { const char *name; builtin_fn fn; } methods[] = {
	{"Bcast", b_bcast}, {"Reduce", b_reduce}, {"Allreduce", b_reduce}, {"Gather", b_blocks},
	{"Scatter", b_blocks}, {"Allgather", b_blocks}, {"Alltoall", b_blocks}, {"Send", b_send},
	{"Ssend", b_send}, {"Recv", b_recv}, {"Sendrecv", b_sendrecv}, {"Isend", b_isend},
	{"Issend", b_isend}, {"Irecv", b_isend}, {"Ibcast", b_bcast}, {"Ireduce", b_reduce},
	{"Iallreduce", b_reduce}, {"Igather", b_blocks}, {"Iscatter", b_blocks},
	{"Iallgather", b_blocks}, {"Ialltoall", b_blocks}, {"Ibarrier", b_ibarrier},
};

struct value *mpi_buf_method(struct eval *ev, struct value *self, const char *name)
{
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(methods[i].name, name))
			return val_builtin(methods[i].name, methods[i].fn, self, NULL);
	return mpi_vbuf_method(ev, self, name);
}
