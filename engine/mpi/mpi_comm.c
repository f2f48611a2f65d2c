/*
 * mpi_comm.c — MPI.Comm (an Intracomm) of the cells: rank and size,
 * Barrier, Split / Dup / Free, and mpi4py's lower-case methods that move
 * Python values (bcast, gather, scatter, allgather, alltoall, reduce,
 * allreduce, send / recv, isend / irecv, sendrecv, probe), serialized by
 * mpi_pack.c.  Owns the communicator objects, and under the MPI kernel the
 * cells' world, renewed after an interrupted cell (mpi_world_renew); the
 * buffer methods are in mpi_buf.c.  Every wait goes through mpi_wait, so an
 * interrupt ends it.
 */
#include "config.h"
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "mpi/mpi_int.h"

static struct mcomm world_mc = { .comm = MPI_COMM_WORLD, .inner = MPI_COMM_NULL };
static struct mcomm self_mc = { .comm = MPI_COMM_SELF, .inner = MPI_COMM_NULL };
unsigned mpi_epoch;
int mpi_traffic, mpi_kernel_world;

static void world_set(MPI_Comm c)
{
	MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
	MPI_Comm_set_name(c, "MPI_COMM_WORLD");
	world_mc.comm = c;
	world_mc.inner = MPI_COMM_NULL;
}

int mpi_world_adopt(void)
{
	MPI_Comm c;
	if (mpi_kernel_world)
		return 0;
	if (MPI_Comm_dup(MPI_COMM_WORLD, &c) != MPI_SUCCESS)
		return -1;
	world_set(c);
	mpi_kernel_world = 1;
	return 0;
}

int mpi_world_renew(void)
{
	MPI_Comm c;
	if (!mpi_kernel_world)
		return 0;
	if (MPI_Comm_dup(MPI_COMM_WORLD, &c) != MPI_SUCCESS)
		return -1;
	/* the old duplicate and its inner one are dropped, not freed: an
	 * operation the interrupt left pending may still hold them (and the
	 * orphans keep its buffers) */
	mpi_dev_abort(&world_mc);
	world_set(c);
	mpi_epoch++;
	return 0;
}

/* a Split/Dup of more than one rank made before the last renewal: an
 * operation an interrupt left half done may still be pending on it */
static int stale(struct mcomm *m)
{
	int size = 1;
	if (!m->owned || m->epoch == mpi_epoch || m->comm == MPI_COMM_NULL)
		return 0;
	MPI_Comm_size(m->comm, &size);
	return size > 1;
}

static void mcomm_release(struct mcomm *m)
{
	int fin = 0;
	MPI_Finalized(&fin);
	if (stale(m))
		mpi_dev_abort(m); /* its peers may have aborted theirs */
	mpi_dev_release(m);
	if (!fin && m->inner != MPI_COMM_NULL)
		MPI_Comm_free(&m->inner);
	m->inner = MPI_COMM_NULL;
	if (!fin && m->owned && m->comm != MPI_COMM_NULL)
		MPI_Comm_free(&m->comm);
}

void mpi_comms_release(void)
{
	mcomm_release(&world_mc);
	mcomm_release(&self_mc);
}

static void comm_free(void *p)
{
	struct mcomm *m = p;
	if (m == &world_mc || m == &self_mc)
		return;
	mcomm_release(m);
	free(m);
}

static char *comm_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<mpi4py.MPI.Intracomm object at %p>", (void *)self);
	return sb_take(&b);
}

const char *const mpi_comm_attrs[] = {
	"rank", "size", "name", "Get_rank", "Get_size", "Get_name", "Barrier", "barrier",
	"bcast", "gather", "scatter", "allgather", "alltoall", "reduce", "allreduce",
	"send", "ssend", "recv", "isend", "irecv", "sendrecv", "probe", "iprobe",
	"Bcast", "Reduce", "Allreduce", "Gather", "Scatter", "Allgather", "Alltoall",
	"Send", "Ssend", "Recv", "Isend", "Irecv", "Sendrecv", "Probe", "Iprobe",
	"Gatherv", "Scatterv", "Allgatherv", "Alltoallv", "Ibarrier", "Ibcast", "Ireduce", "Iallreduce",
	"Igather", "Iscatter", "Iallgather", "Ialltoall",
	"Split", "Dup", "Clone", "Free", "Abort", NULL,
};

static const struct objtype comm_type = {
	.name = "mpi4py.MPI.Intracomm", .free = comm_free, .getattr = mpi_comm_getattr,
	.repr = comm_repr, .attrs = mpi_comm_attrs,
};

struct value *mpi_comm_value(struct eval *ev, MPI_Comm c, int owned)
{
	struct mcomm *m;
	if (c == MPI_COMM_WORLD)
		m = &world_mc;
	else if (c == MPI_COMM_SELF)
		m = &self_mc;
	else {
		m = calloc(1, sizeof *m);
		if (!m)
			return err_nomem(ev);
		m->comm = c;
		m->inner = MPI_COMM_NULL;
		m->owned = owned;
		m->epoch = mpi_epoch;
		if (c != MPI_COMM_NULL)
			MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
	}
	struct value *v = val_object_new(&comm_type, m);
	if (!v && m != &world_mc && m != &self_mc)
		free(m);
	return v;
}

struct mcomm *mpi_comm_of(struct value *v)
{
	if (v && v->type == VT_OBJECT && v->u.obj.t == &comm_type)
		return v->u.obj.p;
	return NULL;
}

static struct mcomm *MC(const struct builtin *bi) { return bi->self->u.obj.p; }

static int comm_ok(struct eval *ev, struct mcomm *m)
{
	if (m->comm == MPI_COMM_NULL) {
		mpi_raise(ev, MPI_ERR_COMM);
		return -1;
	}
	mpi_orphans_poll();
	return 0;
}

static int rank_of(struct mcomm *m) { int r = 0; MPI_Comm_rank(m->comm, &r); return r; }
static int size_of(struct mcomm *m) { int s = 1; MPI_Comm_size(m->comm, &s); return s; }

/* ---- bytes on the wire, every wait interruptible ---- */

/* sends p (n bytes; taken: freed here, or by the request an interrupt leaves running) */
static int send_bytes(struct eval *ev, MPI_Comm c, char *p, size_t n, int dest, int tag, int sync)
{
	if (n > INT_MAX) {
		free(p);
		err_set(ev, TY_OverflowError, "message of %zu bytes is too large for MPI", n);
		return -1;
	}
	MPI_Request r;
	if (MPI_TRY(ev, (sync ? MPI_Issend : MPI_Isend)(p, (int)n, MPI_BYTE, dest, tag, c, &r)) < 0) {
		free(p);
		return -1;
	}
	if (mpi_wait(ev, &r, NULL, p, NULL) < 0)
		return -1;
	free(p);
	return 0;
}

/* the next message from source/tag as bytes (malloc'd, *n) */
static char *recv_bytes(struct eval *ev, MPI_Comm c, int source, int tag, size_t *n, MPI_Status *st)
{
	MPI_Message msg;
	MPI_Status tmp;
	if (!st)
		st = &tmp;
	int flag = 0;
	for (long spins = 0; !flag; spins++) {
		if (MPI_TRY(ev, MPI_Improbe(source, tag, c, &flag, &msg, st)) < 0)
			return NULL;
		if (flag)
			break;
		if (ev->interrupt && ev_check_interrupt(ev)) {
			mpi_interrupted_note(ev, 0);
			return NULL;
		}
		if (spins > 256)
			sched_yield();
	}
	int cnt = 0;
	MPI_Get_count(st, MPI_BYTE, &cnt);
	char *buf = malloc(cnt ? cnt : 1);
	if (!buf)
		return err_nomem(ev);
	if (MPI_TRY(ev, MPI_Mrecv(buf, cnt, MPI_BYTE, &msg, st)) < 0) {
		free(buf);
		return NULL;
	}
	*n = cnt;
	return buf;
}

static struct value *recv_value(struct eval *ev, MPI_Comm c, int source, int tag, MPI_Status *st)
{
	size_t n = 0;
	if (source == MPI_PROC_NULL)
		return val_none();
	char *b = recv_bytes(ev, c, source, tag, &n, st);
	if (!b)
		return NULL;
	struct value *v = mpi_unpack(ev, b, n);
	free(b);
	return v;
}

static int send_value(struct eval *ev, MPI_Comm c, struct value *v, int dest, int tag, int sync)
{
	if (dest == MPI_PROC_NULL)
		return 0;
	size_t n;
	char *p = mpi_pack(ev, v, &n);
	if (!p)
		return -1;
	return send_bytes(ev, c, p, n, dest, tag, sync);
}

/* an int argument (absent: def) */
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

/* op(x, y) of the lower-case reductions: a predefined MPI.Op, or any
 * callable (mpi4py calls it); NULL: MPI.SUM */
static struct value *op_call(struct eval *ev, struct value *op, struct value *x, struct value *y)
{
	int k = op ? mpi_op_of(op) : MOP_SUM;
	if (k >= 0)
		return mpi_op_apply(ev, k, x, y);
	struct value *args[2] = { x, y };
	return val_call(ev, op, 2, args, NULL);
}

/* ---- the collectives on values ---- */

/* all ranks: root's bytes (*n, malloc'd) */
static char *bcast_bytes(struct eval *ev, struct mcomm *m, char *p, size_t *n, int root)
{
	int64_t len = (int64_t)*n;
	MPI_Request r;
	if (MPI_TRY(ev, MPI_Ibcast(&len, 1, MPI_INT64_T, root, m->comm, &r)) < 0 || mpi_wait(ev, &r, NULL, NULL, NULL) < 0) {
		free(p);
		return NULL;
	}
	if (len > INT_MAX) {
		free(p);
		return err_set(ev, TY_OverflowError, "message of %lld bytes is too large for MPI", (long long)len);
	}
	if (!p) {
		p = malloc(len ? len : 1);
		if (!p)
			return err_nomem(ev);
	}
	if (MPI_TRY(ev, MPI_Ibcast(p, (int)len, MPI_BYTE, root, m->comm, &r)) < 0) {
		free(p);
		return NULL;
	}
	if (mpi_wait(ev, &r, NULL, p, NULL) < 0)
		return NULL; /* p: the wait's now */
	*n = len;
	return p;
}

static struct value *do_bcast(struct eval *ev, struct mcomm *m, struct value *obj, int root)
{
	char *p = NULL;
	size_t n = 0;
	if (rank_of(m) == root && !(p = mpi_pack(ev, obj, &n)))
		return NULL;
	p = bcast_bytes(ev, m, p, &n, root);
	if (!p)
		return NULL;
	struct value *v = mpi_unpack(ev, p, n);
	free(p);
	return v;
}

/* The list of the size values packed in buf, value i in counts[i] bytes
 * from displs[i]: new reference, or NULL with the error set */
static struct value *unpack_list(struct eval *ev, const char *buf, const int *displs,
				 const int *counts, int size)
{
	struct value *out = val_list_new(0, NULL);
	for (int i = 0; out && i < size; i++) {
		struct value *v = mpi_unpack(ev, buf + displs[i], counts[i]);
		if (!v || list_append(out, v) < 0) {
			val_decref(out);
			out = NULL;
		}
	}
	return out;
}

/* gathers every rank's bytes at root (all: allgather): a list of values */
static struct value *gather_values(struct eval *ev, struct mcomm *m, struct value *obj, int root, int all)
{
	int size = size_of(m), rank = rank_of(m);
	size_t n;
	char *p = mpi_pack(ev, obj, &n);
	if (!p)
		return NULL;
	if (n > INT_MAX) {
		free(p);
		return err_set(ev, TY_OverflowError, "message of %zu bytes is too large for MPI", n);
	}
	int me = (int)n, *counts = calloc(size, sizeof *counts), *displs = calloc(size, sizeof *displs);
	char *all_b = NULL;
	struct value *out = NULL;
	MPI_Request r;
	if (!counts || !displs) {
		err_nomem(ev);
		goto done;
	}
	int at_root = all || rank == root;
	if (all ? MPI_TRY(ev, MPI_Iallgather(&me, 1, MPI_INT, counts, 1, MPI_INT, m->comm, &r))
		: MPI_TRY(ev, MPI_Igather(&me, 1, MPI_INT, counts, 1, MPI_INT, root, m->comm, &r)))
		goto done;
	if (mpi_wait(ev, &r, NULL, NULL, NULL) < 0)
		goto done;
	int64_t total = 0;
	if (at_root)
		for (int i = 0; i < size; i++) {
			displs[i] = (int)total;
			total += counts[i];
		}
	if (total > INT_MAX) {
		err_set(ev, TY_OverflowError, "messages of %lld bytes are too large for MPI", (long long)total);
		goto done;
	}
	if (at_root && !(all_b = malloc(total ? total : 1))) {
		err_nomem(ev);
		goto done;
	}
	if (all ? MPI_TRY(ev, MPI_Iallgatherv(p, me, MPI_BYTE, all_b, counts, displs, MPI_BYTE, m->comm, &r))
		: MPI_TRY(ev, MPI_Igatherv(p, me, MPI_BYTE, all_b, counts, displs, MPI_BYTE, root, m->comm, &r)))
		goto done;
	if (mpi_wait(ev, &r, NULL, all_b, NULL) < 0) {
		all_b = NULL;
		p = NULL; /* interrupted: still read by the running request (left allocated) */
		goto done;
	}
	if (!at_root) {
		out = val_none();
		goto done;
	}
	out = unpack_list(ev, all_b, displs, counts, size);
done:
	free(p);
	free(all_b);
	free(counts);
	free(displs);
	return out;
}

/* the list of size values of seq, or NULL with mpi4py's ValueError */
static struct value *items_of(struct eval *ev, struct value *seq, int size)
{
	struct value *l = val_iter_list(ev, seq);
	if (!l)
		return NULL;
	if ((int64_t)l->u.seq.n != size) {
		err_set(ev, TY_ValueError, "expecting %d items, got %zu", size, l->u.seq.n);
		val_decref(l);
		return NULL;
	}
	return l;
}

/* scatter (root's list) or alltoall (everyone's list) */
static struct value *scatter_values(struct eval *ev, struct mcomm *m, struct value *obj, int root, int all)
{
	int size = size_of(m), rank = rank_of(m);
	int sends = all || rank == root;
	struct value *list = NULL, *out = NULL;
	char *rb = NULL;
	int *sc = calloc(size, sizeof *sc), *sd = calloc(size, sizeof *sd);
	int *rc = calloc(size, sizeof *rc), *rd = calloc(size, sizeof *rd);
	struct sbuf b = {0};
	MPI_Request r;
	if (!sc || !sd || !rc || !rd) {
		err_nomem(ev);
		goto done;
	}
	if (sends) {
		if (!(list = items_of(ev, obj, size)))
			goto done;
		for (int i = 0; i < size; i++) {
			size_t n;
			char *p = mpi_pack(ev, list->u.seq.items[i], &n);
			if (!p)
				goto done;
			if (b.n + n > INT_MAX) {
				free(p);
				err_set(ev, TY_OverflowError, "messages too large for MPI");
				goto done;
			}
			sd[i] = (int)b.n;
			sc[i] = (int)n;
			sb_add(&b, p, n);
			free(p);
		}
		if (b.oom) {
			err_nomem(ev);
			goto done;
		}
	}
	if (all) {
		if (MPI_TRY(ev, MPI_Ialltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, m->comm, &r)) < 0)
			goto done;
	} else if (MPI_TRY(ev, MPI_Iscatter(sc, 1, MPI_INT, rc, 1, MPI_INT, root, m->comm, &r)) < 0)
		goto done;
	if (mpi_wait(ev, &r, NULL, NULL, NULL) < 0)
		goto done;
	int64_t total = 0;
	for (int i = 0; i < (all ? size : 1); i++) {
		rd[i] = (int)total;
		total += rc[i];
	}
	if (total > INT_MAX) {
		err_set(ev, TY_OverflowError, "messages too large for MPI");
		goto done;
	}
	if (!(rb = malloc(total ? total : 1))) {
		err_nomem(ev);
		goto done;
	}
	if (all) {
		if (MPI_TRY(ev, MPI_Ialltoallv(b.s, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, m->comm, &r)) < 0)
			goto done;
	} else if (MPI_TRY(ev, MPI_Iscatterv(b.s, sc, sd, MPI_BYTE, rb, rc[0], MPI_BYTE, root, m->comm, &r)) < 0)
		goto done;
	if (mpi_wait(ev, &r, NULL, rb, NULL) < 0) {
		rb = NULL;
		b.s = NULL; /* in flight: the orphan may still read it (leaked on purpose) */
		goto done;
	}
	if (!all) {
		out = mpi_unpack(ev, rb, rc[0]);
		goto done;
	}
	out = unpack_list(ev, rb, rd, rc, size);
done:
	val_decref(list);
	free(b.s);
	free(rb);
	free(sc);
	free(sd);
	free(rc);
	free(rd);
	return out;
}

static int ensure_inner(struct eval *ev, struct mcomm *m)
{
	if (m->inner != MPI_COMM_NULL)
		return 0;
	if (MPI_TRY(ev, MPI_Comm_dup(m->comm, &m->inner)) < 0)
		return -1;
	MPI_Comm_set_errhandler(m->inner, MPI_ERRORS_RETURN);
	return 0;
}

/* mpi4py's PyMPI_reduce_p2p: a binomial tree towards rank 0, op(lower, higher),
 * then the result goes to root.  Non-root ranks get None. */
static struct value *reduce_values(struct eval *ev, struct mcomm *m, struct value *obj, struct value *op, int root)
{
	int size = size_of(m), rank = rank_of(m);
	if (root < 0 || root >= size)
		return mpi_raise(ev, MPI_ERR_ROOT);
	if (ensure_inner(ev, m) < 0)
		return NULL;
	MPI_Comm c = m->inner;
	const int tag = 11;
	size_t n;
	char *p = mpi_pack(ev, obj, &n);
	if (!p)
		return NULL;
	struct value *result = mpi_unpack(ev, p, n); /* a copy, as mpi4py's */
	free(p);
	if (!result)
		return NULL;
	for (unsigned mask = 1; mask < (unsigned)size; mask <<= 1) {
		if (mask & (unsigned)rank) {
			int target = (int)(((unsigned)rank & ~mask) % (unsigned)size);
			int rc = send_value(ev, c, result, target, tag, 0);
			val_decref(result);
			result = NULL;
			if (rc < 0)
				return NULL;
			break;
		}
		int target = (int)((unsigned)rank | mask);
		if (target < size) {
			struct value *tmp = recv_value(ev, c, target, tag, NULL);
			struct value *r2 = tmp ? op_call(ev, op, result, tmp) : NULL;
			val_decref(tmp);
			val_decref(result);
			result = r2;
			if (!result)
				return NULL;
		}
	}
	if (root != 0) {
		if (rank == 0) {
			int rc = send_value(ev, c, result, root, tag, 0);
			val_decref(result);
			result = NULL;
			if (rc < 0)
				return NULL;
		} else if (rank == root) {
			result = recv_value(ev, c, 0, tag, NULL);
			if (!result)
				return NULL;
		}
	}
	if (rank != root) {
		val_decref(result);
		return val_none();
	}
	return result;
}

/* ---- the methods ---- */

PYFN(c_get_rank) { return val_int(rank_of(MC(bi))); }
PYFN(c_get_size) { return val_int(size_of(MC(bi))); }

PYFN(c_get_name)
{
	char s[MPI_MAX_OBJECT_NAME + 1];
	int n = 0;
	if (MPI_TRY(ev, MPI_Comm_get_name(MC(bi)->comm, s, &n)) < 0)
		return NULL;
	return val_str(s, n);
}

PYFN(c_barrier)
{
	if (args_parse(ev, bi->name, argc, argv, kw, "") < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	MPI_Request r;
	if (MPI_TRY(ev, MPI_Ibarrier(MC(bi)->comm, &r)) < 0 || mpi_wait(ev, &r, NULL, NULL, NULL) < 0)
		return NULL;
	return val_none();
}

/* The arguments (obj, root=0) of a rooted collective name(spec) on bi's
 * communicator: 0, or -1 with the error set (MPI's ERR_ROOT for a root
 * outside it) */
static int rooted_args(struct eval *ev, const struct builtin *bi, const char *name, const char *spec,
		       int argc, struct value **argv, const struct kwargs *kw, struct value **obj,
		       int *root)
{
	struct value *rootv = NULL;
	if (args_parse(ev, name, argc, argv, kw, spec, obj, &rootv) < 0 || int_arg(ev, rootv, 0, root) < 0
	    || comm_ok(ev, MC(bi)) < 0)
		return -1;
	if (*root < 0 || *root >= size_of(MC(bi))) {
		mpi_raise(ev, MPI_ERR_ROOT);
		return -1;
	}
	return 0;
}

PYFN(c_bcast)
{
	struct value *obj = NULL;
	int root;
	if (rooted_args(ev, bi, "bcast", "|obj,root", argc, argv, kw, &obj, &root) < 0)
		return NULL;
	struct value *none = val_none();
	struct value *v = do_bcast(ev, MC(bi), obj ? obj : none, root);
	val_decref(none);
	return v;
}

PYFN(c_gather)
{
	struct value *obj;
	int root;
	if (rooted_args(ev, bi, bi->name, "sendobj|root", argc, argv, kw, &obj, &root) < 0)
		return NULL;
	return gather_values(ev, MC(bi), obj, root, 0);
}

PYFN(c_allgather)
{
	struct value *obj;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendobj", &obj) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	return gather_values(ev, MC(bi), obj, 0, 1);
}

PYFN(c_scatter)
{
	struct value *obj;
	int root;
	if (rooted_args(ev, bi, bi->name, "sendobj|root", argc, argv, kw, &obj, &root) < 0)
		return NULL;
	return scatter_values(ev, MC(bi), obj, root, 0);
}

PYFN(c_alltoall)
{
	struct value *obj;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendobj", &obj) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	return scatter_values(ev, MC(bi), obj, 0, 1);
}

PYFN(c_reduce)
{
	struct value *obj, *opv = NULL, *rootv = NULL;
	int root;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendobj|op,root", &obj, &opv, &rootv) < 0
	    || int_arg(ev, rootv, 0, &root) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	return reduce_values(ev, MC(bi), obj, opv, root);
}

PYFN(c_allreduce)
{
	struct value *obj, *opv = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendobj|op", &obj, &opv) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	struct value *r = reduce_values(ev, MC(bi), obj, opv, 0);
	if (!r)
		return NULL;
	struct value *v = do_bcast(ev, MC(bi), r, 0);
	val_decref(r);
	return v;
}

PYFN(c_send)
{
	struct value *obj, *destv, *tagv = NULL;
	int dest, tag;
	if (args_parse(ev, bi->name, argc, argv, kw, "obj,dest|tag", &obj, &destv, &tagv) < 0
	    || int_arg(ev, destv, 0, &dest) < 0 || int_arg(ev, tagv, 0, &tag) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	if (send_value(ev, MC(bi)->comm, obj, dest, tag, bi->name[0] == 's' && bi->name[1] == 's') < 0)
		return NULL;
	return val_none();
}

PYFN(c_recv)
{
	struct value *buf = NULL, *sv = NULL, *tv = NULL, *status = NULL;
	int source, tag;
	if (args_parse(ev, bi->name, argc, argv, kw, "|buf,source,tag,status", &buf, &sv, &tv, &status) < 0
	    || int_arg(ev, sv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, tv, MPI_ANY_TAG, &tag) < 0
	    || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	MPI_Status st;
	memset(&st, 0, sizeof st);
	st.MPI_SOURCE = MPI_PROC_NULL;
	st.MPI_TAG = MPI_ANY_TAG;
	struct value *v = recv_value(ev, MC(bi)->comm, source, tag, &st);
	if (v)
		mpi_status_set(status, &st, MPI_BYTE);
	return v;
}

PYFN(c_sendrecv)
{
	struct value *obj, *destv, *stv = NULL, *rbuf = NULL, *sv = NULL, *rtv = NULL, *status = NULL;
	int dest, stag, source, rtag;
	if (args_parse(ev, bi->name, argc, argv, kw, "sendobj,dest|sendtag,recvbuf,source,recvtag,status",
		       &obj, &destv, &stv, &rbuf, &sv, &rtv, &status) < 0
	    || int_arg(ev, destv, 0, &dest) < 0 || int_arg(ev, stv, 0, &stag) < 0
	    || int_arg(ev, sv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, rtv, MPI_ANY_TAG, &rtag) < 0
	    || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	struct mcomm *m = MC(bi);
	size_t n = 0;
	char *p = NULL;
	MPI_Request r = MPI_REQUEST_NULL;
	if (dest != MPI_PROC_NULL) {
		if (!(p = mpi_pack(ev, obj, &n)))
			return NULL;
		if (MPI_TRY(ev, MPI_Isend(p, (int)n, MPI_BYTE, dest, stag, m->comm, &r)) < 0) {
			free(p);
			return NULL;
		}
	}
	MPI_Status st;
	memset(&st, 0, sizeof st);
	st.MPI_SOURCE = MPI_PROC_NULL;
	struct value *v = recv_value(ev, m->comm, source, rtag, &st);
	if (!v) {
		mpi_abandon(&r, p, NULL); /* interrupted: no second wait */
		return NULL;
	}
	if (mpi_wait(ev, &r, NULL, p, NULL) < 0) {
		val_decref(v);
		return NULL;
	}
	free(p);
	if (v)
		mpi_status_set(status, &st, MPI_BYTE);
	return v;
}

PYFN(c_isend)
{
	struct value *obj, *destv, *tagv = NULL;
	int dest, tag;
	if (args_parse(ev, bi->name, argc, argv, kw, "obj,dest|tag", &obj, &destv, &tagv) < 0
	    || int_arg(ev, destv, 0, &dest) < 0 || int_arg(ev, tagv, 0, &tag) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	size_t n;
	char *p = mpi_pack(ev, obj, &n);
	if (!p)
		return NULL;
	if (n > INT_MAX) {
		free(p);
		return err_set(ev, TY_OverflowError, "message of %zu bytes is too large for MPI", n);
	}
	MPI_Request r;
	if (MPI_TRY(ev, (bi->name[1] == 's' && bi->name[0] == 'i' && bi->name[2] == 's' ? MPI_Issend : MPI_Isend)(
			     p, (int)n, MPI_BYTE, dest, tag, MC(bi)->comm, &r)) < 0) {
		free(p);
		return NULL;
	}
	return mpi_request_new(ev, r, MC(bi), 1 /* RQ_OSEND */, dest, tag, p, NULL);
}

PYFN(c_irecv)
{
	struct value *buf = NULL, *sv = NULL, *tv = NULL;
	int source, tag;
	if (args_parse(ev, bi->name, argc, argv, kw, "|buf,source,tag", &buf, &sv, &tv) < 0
	    || int_arg(ev, sv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, tv, MPI_ANY_TAG, &tag) < 0
	    || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	/* the message is matched at wait/test (a matched probe): the object is
	 * kept alive by the request */
	struct value *rq = mpi_request_new(ev, MPI_REQUEST_NULL, MC(bi), 2 /* RQ_ORECV */, source, tag, NULL,
					   val_incref(bi->self));
	return rq;
}

PYFN(c_probe)
{
	struct value *sv = NULL, *tv = NULL, *status = NULL;
	int source, tag;
	if (args_parse(ev, bi->name, argc, argv, kw, "|source,tag,status", &sv, &tv, &status) < 0
	    || int_arg(ev, sv, MPI_ANY_SOURCE, &source) < 0 || int_arg(ev, tv, MPI_ANY_TAG, &tag) < 0
	    || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	int test = bi->name[0] == 'i' || bi->name[0] == 'I';
	MPI_Status st;
	int flag = 0;
	for (long spins = 0;; spins++) {
		if (MPI_TRY(ev, MPI_Iprobe(source, tag, MC(bi)->comm, &flag, &st)) < 0)
			return NULL;
		if (flag || test)
			break;
		if (ev->interrupt && ev_check_interrupt(ev)) {
			mpi_interrupted_note(ev, 0);
			return NULL;
		}
		if (spins > 256)
			sched_yield();
	}
	if (flag)
		mpi_status_set(status, &st, MPI_BYTE);
	return val_bool(flag);
}

PYFN(c_split)
{
	struct value *cv = NULL, *kv = NULL;
	int color, key;
	if (args_parse(ev, bi->name, argc, argv, kw, "|color,key", &cv, &kv) < 0 || int_arg(ev, cv, 0, &color) < 0
	    || int_arg(ev, kv, 0, &key) < 0 || comm_ok(ev, MC(bi)) < 0)
		return NULL;
	/* MPI has no nonblocking split: an interruptible barrier first, so that
	 * the split itself never waits for a rank that is not coming */
	MPI_Request r;
	if (MPI_TRY(ev, MPI_Ibarrier(MC(bi)->comm, &r)) < 0 || mpi_wait(ev, &r, NULL, NULL, NULL) < 0)
		return NULL;
	MPI_Comm nc;
	if (MPI_TRY(ev, MPI_Comm_split(MC(bi)->comm, color, key, &nc)) < 0)
		return NULL;
	return mpi_comm_value(ev, nc, 1);
}

PYFN(c_dup)
{
	if (comm_ok(ev, MC(bi)) < 0)
		return NULL;
	/* the new handle is written when the request ends: on the heap, for a
	 * request an interrupt leaves running */
	MPI_Comm *nc = malloc(sizeof *nc);
	MPI_Request r;
	if (!nc)
		return err_nomem(ev);
	if (MPI_TRY(ev, MPI_Comm_idup(MC(bi)->comm, nc, &r)) < 0) {
		free(nc);
		return NULL;
	}
	if (mpi_wait(ev, &r, NULL, nc, NULL) < 0)
		return NULL;
	MPI_Comm c = *nc;
	free(nc);
	return mpi_comm_value(ev, c, 1);
}

PYFN(c_free)
{
	struct mcomm *m = MC(bi);
	if (m == &world_mc || m == &self_mc)
		return mpi_raise(ev, MPI_ERR_COMM);
	mcomm_release(m);
	m->comm = MPI_COMM_NULL;
	return val_none();
}

PYFN(c_abort)
{
	struct value *cv = NULL;
	int code;
	if (args_parse(ev, bi->name, argc, argv, kw, "|errorcode", &cv) < 0 || int_arg(ev, cv, 0, &code) < 0)
		return NULL;
	MPI_Abort(MC(bi)->comm, code);
	return val_none();
}

static const struct { const char *name; builtin_fn fn; } methods[] = {
	{"Get_rank", c_get_rank}, {"Get_size", c_get_size}, {"Get_name", c_get_name},
	{"Barrier", c_barrier}, {"barrier", c_barrier}, {"bcast", c_bcast}, {"gather", c_gather},
	{"allgather", c_allgather}, {"scatter", c_scatter}, {"alltoall", c_alltoall},
	{"reduce", c_reduce}, {"allreduce", c_allreduce}, {"send", c_send}, {"ssend", c_send},
	{"recv", c_recv}, {"sendrecv", c_sendrecv}, {"isend", c_isend}, {"issend", c_isend},
	{"irecv", c_irecv}, {"probe", c_probe}, {"iprobe", c_probe}, {"Probe", c_probe},
	{"Iprobe", c_probe}, {"Split", c_split}, {"Dup", c_dup}, {"Clone", c_dup}, {"Free", c_free},
	{"Abort", c_abort},
};

struct value *mpi_comm_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct mcomm *m = self->u.obj.p;
	int fin = 0;
	MPI_Finalized(&fin);
	if (fin)
		return err_set(ev, TY_RuntimeError, "MPI is finalized: no communicator can be used any more");
	int local = !strcmp(name, "rank") || !strcmp(name, "size") || !strcmp(name, "name") || !strcmp(name, "Get_rank")
		    || !strcmp(name, "Get_size") || !strcmp(name, "Get_name") || !strcmp(name, "Free");
	if (!local) {
		if (stale(m))
			return err_set(ev, TY_RuntimeError,
				       "this communicator was made before an interrupt stopped a cell that used MPI, "
				       "and the kernel renewed MPI.COMM_WORLD since: an operation left half done may "
				       "still be pending on it; make it again from MPI.COMM_WORLD (Split or Dup)");
		mpi_traffic = 1;
	}
	if (!strcmp(name, "rank") || !strcmp(name, "size") || !strcmp(name, "name")) {
		if (m->comm == MPI_COMM_NULL)
			return mpi_raise(ev, MPI_ERR_COMM);
		if (name[0] == 'n')
			return c_get_name(ev, &(struct builtin){.self = self}, 0, NULL, NULL);
		return val_int(name[0] == 'r' ? rank_of(m) : size_of(m));
	}
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (!strcmp(methods[i].name, name))
			return val_builtin(methods[i].name, methods[i].fn, self, NULL);
	return mpi_buf_method(ev, self, name);
}
