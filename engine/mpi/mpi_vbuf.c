/*
 * mpi_vbuf.c — mpi4py's vector buffer methods: Gatherv, Scatterv, Allgatherv
 * and Alltoallv, with their buffer forms ([array, counts], [array, counts,
 * displs, type], [array, (counts, displs), type], counts None: equal blocks,
 * displs None: packed).  Host memory through MPI; device arrays through host
 * copies (no NCCL form).  Owns nothing beyond one call.
 */
#include "config.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "mpi/mpi_int.h"
#include "array/arrapi.h"

struct vbuf {
	struct mbuf b;
	int *counts, *displs;      /* size each, or NULL (not a vector buffer) */
};

static void vbuf_clear(struct vbuf *v)
{
	mpi_buf_clear(&v->b);
	free(v->counts);
	free(v->displs);
	memset(v, 0, sizeof *v);
}

static int is_seq(struct value *v) { return v && (v->type == VT_LIST || v->type == VT_TUPLE); }

/* n ints of a sequence (mpi4py's message when the length is off) */
static int *ints_of(struct eval *ev, struct value *v, int n, const char *what)
{
	struct value *l = val_iter_list(ev, v);
	if (!l)
		return NULL;
	if ((int64_t)l->u.seq.n != n) {
		err_set(ev, TY_ValueError, "%s: expecting %d items, got %zu", what, n, l->u.seq.n);
		val_decref(l);
		return NULL;
	}
	int *out = calloc(n ? n : 1, sizeof *out);
	for (int i = 0; out && i < n; i++) {
		int64_t x;
		if (val_as_int64(ev, l->u.seq.items[i], &x) < 0 || x < INT_MIN || x > INT_MAX) {
			if (!err_occurred(ev))
				err_set(ev, TY_OverflowError, "value too large to convert to int");
			free(out);
			out = NULL;
		} else {
			out[i] = (int)x;
		}
	}
	if (!out && !err_occurred(ev))
		err_nomem(ev);
	val_decref(l);
	return out;
}

/* A vector buffer for size ranks: v is an array, IN_PLACE, None (allow_none)
 * or [array, counts?, displs?, type?] */
static int vbuf_parse(struct eval *ev, struct value *v, int size, struct vbuf *out, int allow_none)
{
	memset(out, 0, sizeof *out);
	if (!v || v->type == VT_NONE || mpi_is_in_place(v))
		return mpi_buf_parse(ev, v, &out->b, allow_none);
	struct value *arr = v, *type = NULL, *counts = NULL, *displs = NULL;
	if (is_seq(v) && v->u.seq.n >= 1 && v->u.seq.n <= 4 && v->u.seq.items[0]->type == VT_NDARRAY) {
		size_t n = v->u.seq.n;
		MPI_Datatype t;
		arr = v->u.seq.items[0];
		if (n >= 2 && mpi_datatype_of(v->u.seq.items[n - 1], &t) == 0) {
			type = v->u.seq.items[n - 1];
			n--;
		}
		if (n == 2) {
			struct value *c = v->u.seq.items[1];
			if (c->type == VT_TUPLE && c->u.seq.n == 2 && (is_seq(c->u.seq.items[0]) || c->u.seq.items[0]->type == VT_NONE)) {
				counts = c->u.seq.items[0];
				displs = c->u.seq.items[1];
			} else {
				counts = c;
			}
		} else if (n == 3) {
			counts = v->u.seq.items[1];
			displs = v->u.seq.items[2];
		} else if (n == 4) {
			err_set(ev, TY_ValueError, "message: expecting 2 to 4 items, got %zu", v->u.seq.n);
			return -1;
		}
	}
	struct value *spec;
	if (type) {
		struct value *items[2] = { val_incref(arr), val_incref(type) };
		spec = val_list_new(2, items);
	} else {
		spec = val_incref(arr);
	}
	if (!spec)
		return -1;
	int rc = mpi_buf_parse(ev, spec, &out->b, allow_none);
	val_decref(spec);
	if (rc < 0 || out->b.none || out->b.in_place)
		return rc;
	if (counts && counts->type != VT_NONE) {
		if (!(out->counts = ints_of(ev, counts, size, "counts")))
			return -1;
	} else {
		if (out->b.count % size) {
			err_set(ev, TY_ValueError, "message: cannot infer count, number of entries %lld is not a multiple of required number of blocks %d",
				(long long)out->b.count, size);
			return -1;
		}
		if (!(out->counts = calloc(size, sizeof *out->counts)))
			return (err_nomem(ev), -1);
		for (int i = 0; i < size; i++)
			out->counts[i] = (int)(out->b.count / size);
	}
	if (displs && displs->type != VT_NONE) {
		if (!(out->displs = ints_of(ev, displs, size, "displs")))
			return -1;
	} else {
		if (!(out->displs = calloc(size, sizeof *out->displs)))
			return (err_nomem(ev), -1);
		int64_t at = 0;
		for (int i = 0; i < size; i++) {
			out->displs[i] = (int)at;
			at += out->counts[i];
		}
	}
	for (int i = 0; i < size; i++)
		if (out->counts[i] < 0 || out->displs[i] < 0 || (int64_t)out->displs[i] + out->counts[i] > out->b.count) {
			err_set(ev, TY_ValueError, "message: counts and displacements do not fit the buffer of %lld items",
				(long long)out->b.count);
			return -1;
		}
	return 0;
}

static int int_arg(struct eval *ev, struct value *v, int def, int *out)
{
	int64_t x = def;
	if (v && v->type != VT_NONE && val_as_int64(ev, v, &x) < 0)
		return -1;
	*out = x < INT_MIN || x > INT_MAX ? -1 : (int)x;
	return 0;
}

/* Gatherv / Scatterv / Allgatherv / Alltoallv */
PYFN(v_method)
{
	struct value *sv, *rv, *rootv = NULL;
	const char *n = bi->name;
	struct mcomm *c = bi->self->u.obj.p;
	enum { VG, VS, VAG, VA2A } kind = n[0] == 'G' ? VG : n[0] == 'S' ? VS : n[3] == 'g' ? VAG : VA2A;
	int rooted = kind == VG || kind == VS, root = 0, size = 1, rank = 0;
	if ((rooted ? args_parse(ev, n, argc, argv, kw, "sendbuf,recvbuf|root", &sv, &rv, &rootv)
		    : args_parse(ev, n, argc, argv, kw, "sendbuf,recvbuf", &sv, &rv)) < 0
	    || int_arg(ev, rootv, 0, &root) < 0)
		return NULL;
	MPI_Comm_size(c->comm, &size);
	MPI_Comm_rank(c->comm, &rank);
	if (root < 0 || root >= size)
		return mpi_raise(ev, MPI_ERR_ROOT);
	int me = rank == root;
	/* which side is a vector, and which sides this rank uses */
	int s_vec = kind == VS || kind == VA2A, r_vec = kind == VG || kind == VAG || kind == VA2A;
	int s_used = kind != VS || me, r_used = kind != VG || me;
	struct vbuf s, r;
	memset(&r, 0, sizeof r);
	int rc = s_vec ? vbuf_parse(ev, s_used ? sv : NULL, size, &s, 1)
		       : (memset(&s, 0, sizeof s), mpi_buf_parse(ev, s_used ? sv : NULL, &s.b, 1));
	if (rc == 0)
		rc = r_vec ? vbuf_parse(ev, r_used ? rv : NULL, size, &r, 1) : mpi_buf_parse(ev, r_used ? rv : NULL, &r.b, 1);
	if (rc == 0 && ((s_used && s.b.none && !(kind == VG && me)) || (r_used && r.b.none)))
		rc = (err_set(ev, TY_ValueError, "message: cannot use None as a buffer here"), -1);
	if (rc == 0 && ((s.b.in_place && (kind == VS || kind == VA2A || (kind == VG && !me))) || (r.b.in_place && !(kind == VS && me))))
		rc = (err_set(ev, TY_ValueError, "message: cannot use IN_PLACE here"), -1);
	struct mstage ss, rs;
	memset(&ss, 0, sizeof ss);
	memset(&rs, 0, sizeof rs);
	int dev = s.b.device || r.b.device;
	if (rc == 0 && (mpi_stage_in(ev, &s.b, 1, &ss) < 0 || mpi_stage_in(ev, &r.b, 0, &rs) < 0))
		rc = -1;
	if (rc == 0) {
		mpi_last_path = dev ? "mpi-staged" : "mpi";
		const void *sp = s.b.in_place ? MPI_IN_PLACE : s.b.ptr;
		void *rp = r.b.in_place ? MPI_IN_PLACE : r.b.ptr;
		MPI_Datatype st_ = s.b.arr ? s.b.type : r.b.type, rt = r.b.arr ? r.b.type : st_;
		MPI_Request q = MPI_REQUEST_NULL;
		int e;
		switch (kind) {
		case VG:
			e = MPI_Igatherv(sp, (int)s.b.count, st_, rp, r.counts, r.displs, rt, root, c->comm, &q);
			break;
		case VS:
			e = MPI_Iscatterv(s.b.ptr, s.counts, s.displs, st_, rp, (int)r.b.count, rt, root, c->comm, &q);
			break;
		case VAG:
			e = MPI_Iallgatherv(sp, (int)s.b.count, st_, rp, r.counts, r.displs, rt, c->comm, &q);
			break;
		default:
			e = MPI_Ialltoallv(s.b.ptr, s.counts, s.displs, st_, rp, r.counts, r.displs, rt, c->comm, &q);
			break;
		}
		if (e != MPI_SUCCESS) {
			mpi_raise(ev, e);
			rc = -1;
		} else {
			struct value *items[2];
			int k = 0;
			if (s.b.arr)
				items[k++] = arr_wrap(ev, nd_incref(s.b.arr));
			if (r.b.arr)
				items[k++] = arr_wrap(ev, nd_incref(r.b.arr));
			struct value *keep = val_tuple_new(k, items);
			rc = keep ? mpi_wait(ev, &q, NULL, NULL, keep) : -1;
			val_decref(keep);
		}
	}
	int back = rc == 0 && r_used;
	if (mpi_stage_out(ev, &s.b, &ss, 0) < 0 || mpi_stage_out(ev, &r.b, &rs, back) < 0)
		rc = -1;
	vbuf_clear(&s);
	vbuf_clear(&r);
	return rc < 0 ? NULL : val_none();
}

struct value *mpi_vbuf_method(struct eval *ev, struct value *self, const char *name)
{
	static const char *const names[] = { "Gatherv", "Scatterv", "Allgatherv", "Alltoallv" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(names[i], name))
			return val_builtin(names[i], v_method, self, NULL);
	return NULL;
}
