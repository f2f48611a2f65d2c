/*
 * mpi_module.c — the mpi4py.MPI module of the cells: MPI's start (lazily, at
 * the first import, as mpi4py does) and end (only when this module started
 * it), MPI errors as mpi4py's MPI.Exception, the interruptible wait, and the
 * small objects: Op, Datatype, Status, Request, IN_PLACE and the constants.
 * Owns the world's communicator objects and the requests left behind by an
 * interrupt.  Never touches device memory (mpi_dev.c does).
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include "mpi/mpi.h"
#include "mpi/mpi_int.h"
#include "array/dtype.h"
#include "backend/backend.h"
#include "pyobj/pyobj.h"

int mpimod_initialized_here;
static int world_rank = -1, world_size = -1, world_local = -1;
const char *mpi_last_path = "none";

void mpimod_set_world(int rank, int size, int local_rank)
{
	world_rank = rank;
	world_size = size;
	world_local = local_rank;
	if (local_rank >= 0) {
		/* the CUDA plugin picks device local_rank % count (cuda_backend.c) */
		char buf[16];
		snprintf(buf, sizeof buf, "%d", local_rank);
		setenv("LUMEN_LOCAL_RANK", buf, 1);
	}
	/* the MPI kernel started MPI: the cells get a world it can renew */
	int init = 0;
	MPI_Initialized(&init);
	if (init)
		mpi_world_adopt();
}

int mpimod_cell_begin(int after_interrupt)
{
	int renewed = 0;
	if (mpi_kernel_world && after_interrupt) {
		/* every rank is here (the kernel's request): did any of them use
		 * MPI in the interrupted cell?  The world itself carries only
		 * these steps, so it is in step whatever the cells left behind */
		int mine = mpi_traffic, any = 0;
		if (MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS)
			any = 1;
		if (any)
			renewed = mpi_world_renew() == 0 ? 1 : -1;
	}
	mpi_traffic = 0;
	mpi_orphans_poll();
	return renewed;
}

int mpi_ensure_init(struct eval *ev)
{
	int flag = 0, fin = 0;
	MPI_Finalized(&fin);
	if (fin) {
		err_set(ev, TY_RuntimeError, "MPI is finalized: restart the kernel");
		return -1;
	}
	MPI_Initialized(&flag);
	if (flag)
		return 0;
	int provided;
	int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
	if (rc != MPI_SUCCESS) {
		err_set(ev, TY_RuntimeError, "MPI_Init_thread failed (error %d)", rc);
		return -1;
	}
	mpimod_initialized_here = 1;
	return 0;
}

/* mpi4py.MPI.Exception: a class deriving from RuntimeError, made at the
 * first import and kept for the process */
static struct value *exc_class;

static struct value *exc_class_make(struct eval *ev)
{
	if (exc_class)
		return exc_class;
	struct value *ns = val_dict_new(), *base = val_type(TY_RuntimeError);
	if (ns && base && dict_setstr(ns, "__module__", val_cstr("mpi4py.MPI")) == 0)
		exc_class = cls_build(ev, "Exception", 1, &base, ns, ns);
	val_decref(ns);
	val_decref(base);
	return exc_class;
}

void *mpi_raise(struct eval *ev, int code)
{
	char s[MPI_MAX_ERROR_STRING + 1];
	int n = 0;
	if (MPI_Error_string(code, s, &n) != MPI_SUCCESS)
		snprintf(s, sizeof s, "MPI error %d", code);
	else
		s[n] = 0;
	if (exc_class) {
		struct value *arg = val_cstr(s);
		struct value *e = arg ? val_call(ev, exc_class, 1, &arg, NULL) : NULL;
		val_decref(arg);
		if (e && e->type == VT_EXCEPTION) {
			err_set_value(ev, e);
			return NULL;
		}
		val_decref(e);
		if (err_occurred(ev))
			return NULL;
	}
	return err_set(ev, TY_RuntimeError, "%s", s);
}

/* ---- requests an interrupt left running: finished at later calls ---- */

struct orphan {
	MPI_Request r;
	void *keep;
	struct value *keepv;
	struct orphan *next;
};
static struct orphan *orphans;

void mpi_orphans_poll(void)
{
	int fin = 0;
	MPI_Finalized(&fin);
	for (struct orphan **p = &orphans; *p;) {
		int done = 0;
		struct orphan *o = *p;
		if (fin || MPI_Test(&o->r, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS || done) {
			*p = o->next;
			free(o->keep);
			val_decref(o->keepv);
			free(o);
		} else {
			p = &o->next;
		}
	}
}

/* after an interrupt: r cancelled when it is a receive (a collective's
 * request refuses MPI_Cancel: only tried where it can work), given a moment
 * to end, else left running in the orphans with what it reads or writes;
 * 1 when it was left running */
static int abandon(MPI_Request *r, MPI_Status *st, void *keep, struct value *keepv)
{
	MPI_Status tmp;
	int done = 0;
	if (!st)
		st = &tmp;
	if (*r == MPI_REQUEST_NULL) {
		free(keep);
		return 0;
	}
	MPI_Test(r, &done, st);
	if (!done) {
		MPI_Cancel(r);
		for (int i = 0; i < 200 && !done; i++) {
			MPI_Test(r, &done, st);
			if (!done) {
				struct timespec ts = {0, 100000};
				nanosleep(&ts, NULL);
			}
		}
	}
	if (!done) {
		struct orphan *o = calloc(1, sizeof *o);
		if (o) {
			o->r = *r;
			o->keep = keep;
			o->keepv = val_incref(keepv);
			o->next = orphans;
			orphans = o;
			*r = MPI_REQUEST_NULL;
			return 1;
		}
	}
	free(keep);
	return 0;
}

void mpi_abandon(MPI_Request *r, void *keep, struct value *keepv)
{
	abandon(r, NULL, keep, keepv);
}

void mpi_interrupted_note(struct eval *ev, int abandoned)
{
	struct value *e = err_fetch(ev);
	int ki = e && e->type == VT_EXCEPTION && e->u.exc.type == TY_KeyboardInterrupt && !e->u.exc.cls;
	if (!ki || !(mpi_kernel_world || abandoned)) {
		if (e)
			err_set_value(ev, e);
		return;
	}
	val_decref(e);
	if (mpi_kernel_world)
		err_set(ev, TY_KeyboardInterrupt,
			"interrupted in an MPI operation%s; before the next cell the kernel gives every rank a "
			"fresh MPI.COMM_WORLD (communicators made from the old one with Split or Dup must be "
			"made again)", abandoned ? " that other ranks had not joined" : "");
	else if (abandoned)
		err_set(ev, TY_KeyboardInterrupt,
			"interrupted in an MPI operation that other ranks had not joined: later operations on "
			"this communicator may not match; end the job");
}

int mpi_wait(struct eval *ev, MPI_Request *r, MPI_Status *st, void *keep, struct value *keepv)
{
	MPI_Status tmp;
	if (!st)
		st = &tmp;
	mpi_traffic = 1;
	for (long spins = 0;; spins++) {
		int done = 0;
		int rc = MPI_Test(r, &done, st);
		if (rc != MPI_SUCCESS) {
			free(keep);
			mpi_raise(ev, rc);
			return -1;
		}
		if (done)
			return 0;
		if (ev->interrupt && ev_check_interrupt(ev))
			break;
		if (spins > 256) {
			if (spins < 20000) {
				sched_yield();
			} else {
				struct timespec ts = {0, 50000};
				nanosleep(&ts, NULL);
			}
		}
	}
	/* interrupted: a receive can be cancelled; the rest must finish */
	mpi_interrupted_note(ev, abandon(r, st, keep, keepv));
	return -1;
}

/* ---- Op ---- */

static const char *const op_names[MOP_COUNT] = { /* ORDER MOP */
	"SUM", "PROD", "MAX", "MIN", "LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR",
};

MPI_Op mpi_op_handle(int op)
{
	switch (op) {
	case MOP_SUM: return MPI_SUM;
	case MOP_PROD: return MPI_PROD;
	case MOP_MAX: return MPI_MAX;
	case MOP_MIN: return MPI_MIN;
	case MOP_LAND: return MPI_LAND;
	case MOP_LOR: return MPI_LOR;
	case MOP_LXOR: return MPI_LXOR;
	case MOP_BAND: return MPI_BAND;
	case MOP_BOR: return MPI_BOR;
	case MOP_BXOR: return MPI_BXOR;
	}
	return MPI_OP_NULL;
}

/* mpi4py's opimpl.pxi: the Python meaning of each predefined op */
struct value *mpi_op_apply(struct eval *ev, int op, struct value *x, struct value *y)
{
	int t;
	switch (op) {
	case MOP_SUM: return val_binop(ev, OP_ADD, x, y);
	case MOP_PROD: return val_binop(ev, OP_MUL, x, y);
	case MOP_BAND: return val_binop(ev, OP_AND, x, y);
	case MOP_BOR: return val_binop(ev, OP_OR, x, y);
	case MOP_BXOR: return val_binop(ev, OP_XOR, x, y);
	case MOP_MAX:
	case MOP_MIN: {
		struct value *c = val_binop(ev, op == MOP_MAX ? OP_GT : OP_LT, y, x);
		t = c ? val_truth(ev, c) : -1;
		val_decref(c);
		return t < 0 ? NULL : val_incref(t ? y : x);
	}
	case MOP_LAND:
	case MOP_LOR: {
		int a = val_truth(ev, x), b = a < 0 ? -1 : val_truth(ev, y);
		return b < 0 ? NULL : val_bool(op == MOP_LAND ? a && b : a || b);
	}
	case MOP_LXOR: {
		int a = val_truth(ev, x), b = a < 0 ? -1 : val_truth(ev, y);
		return b < 0 ? NULL : val_bool(a != b);
	}
	}
	return err_set(ev, TY_ValueError, "invalid reduction operation");
}

static struct value *op_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	struct value *x, *y;
	if (args_parse(ev, "__call__", argc, argv, kw, "x,y", &x, &y) < 0)
		return NULL;
	return mpi_op_apply(ev, (int)(intptr_t)self->u.obj.p, x, y);
}

static char *obj_repr(struct eval *ev, struct value *self);

static const struct objtype op_type = {
	.name = "mpi4py.MPI.Op", .call = op_call, .repr = obj_repr,
};

int mpi_op_of(struct value *v)
{
	if (v && v->type == VT_OBJECT && v->u.obj.t == &op_type)
		return (int)(intptr_t)v->u.obj.p;
	return -1;
}

/* ---- Datatype ---- */

struct mdtype { const char *name; MPI_Datatype t; };
static struct mdtype dtypes[40];
static int ndtypes;

static void dtypes_fill(void)
{
	if (ndtypes)
		return;
#define DT(n, h) dtypes[ndtypes++] = (struct mdtype){ n, h }
	DT("BYTE", MPI_BYTE); DT("PACKED", MPI_PACKED); DT("CHAR", MPI_CHAR);
	DT("SIGNED_CHAR", MPI_SIGNED_CHAR); DT("UNSIGNED_CHAR", MPI_UNSIGNED_CHAR);
	DT("SHORT", MPI_SHORT); DT("UNSIGNED_SHORT", MPI_UNSIGNED_SHORT);
	DT("INT", MPI_INT); DT("UNSIGNED", MPI_UNSIGNED); DT("UNSIGNED_INT", MPI_UNSIGNED);
	DT("LONG", MPI_LONG); DT("UNSIGNED_LONG", MPI_UNSIGNED_LONG);
	DT("LONG_LONG", MPI_LONG_LONG); DT("UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG);
	DT("FLOAT", MPI_FLOAT); DT("DOUBLE", MPI_DOUBLE); DT("LONG_DOUBLE", MPI_LONG_DOUBLE);
	DT("C_BOOL", MPI_C_BOOL); DT("BOOL", MPI_C_BOOL);
	DT("INT8_T", MPI_INT8_T); DT("INT16_T", MPI_INT16_T); DT("INT32_T", MPI_INT32_T);
	DT("INT64_T", MPI_INT64_T); DT("UINT8_T", MPI_UINT8_T); DT("UINT16_T", MPI_UINT16_T);
	DT("UINT32_T", MPI_UINT32_T); DT("UINT64_T", MPI_UINT64_T);
	DT("C_COMPLEX", MPI_C_COMPLEX); DT("C_FLOAT_COMPLEX", MPI_C_FLOAT_COMPLEX);
	DT("C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX);
	DT("COMPLEX", MPI_COMPLEX); DT("DOUBLE_COMPLEX", MPI_DOUBLE_COMPLEX);
	DT("WCHAR", MPI_WCHAR); DT("AINT", MPI_AINT); DT("OFFSET", MPI_OFFSET);
	DT("COUNT", MPI_COUNT);
#undef DT
}

MPI_Datatype mpi_dtype_handle(int dt)
{
	switch (dt) {
	case DT_BOOL: return MPI_C_BOOL;
	case DT_INT8: return MPI_INT8_T;
	case DT_INT16: return MPI_INT16_T;
	case DT_INT32: return MPI_INT32_T;
	case DT_INT64: return MPI_INT64_T;
	case DT_UINT8: return MPI_UINT8_T;
	case DT_UINT16: return MPI_UINT16_T;
	case DT_UINT32: return MPI_UINT32_T;
	case DT_UINT64: return MPI_UINT64_T;
	case DT_FLOAT32: return MPI_FLOAT;
	case DT_FLOAT64: return MPI_DOUBLE;
	case DT_COMPLEX64: return MPI_C_FLOAT_COMPLEX;
	case DT_COMPLEX128: return MPI_C_DOUBLE_COMPLEX;
	}
	return MPI_DATATYPE_NULL; /* float16: no MPI type (sent as bytes) */
}

static struct value *dt_getattr(struct eval *ev, struct value *self, const char *name);

static const struct objtype dt_type = {
	.name = "mpi4py.MPI.Datatype", .getattr = dt_getattr, .repr = obj_repr,
};

int mpi_datatype_of(struct value *v, MPI_Datatype *out)
{
	if (!v || v->type != VT_OBJECT || v->u.obj.t != &dt_type)
		return -1;
	*out = ((struct mdtype *)v->u.obj.p)->t;
	return 0;
}

PYFN(dt_get_size)
{
	int n = 0;
	MPI_Type_size(((struct mdtype *)bi->self->u.obj.p)->t, &n);
	return val_int(n);
}

PYFN(dt_get_name)
{
	char s[MPI_MAX_OBJECT_NAME + 1];
	int n = 0;
	MPI_Type_get_name(((struct mdtype *)bi->self->u.obj.p)->t, s, &n);
	return val_str(s, n);
}

static struct value *dt_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "size") || !strcmp(name, "extent"))
		return dt_get_size(ev, &(struct builtin){.self = self}, 0, NULL, NULL);
	if (!strcmp(name, "name"))
		return dt_get_name(ev, &(struct builtin){.self = self}, 0, NULL, NULL);
	if (!strcmp(name, "Get_size"))
		return val_builtin(name, dt_get_size, self, NULL);
	if (!strcmp(name, "Get_name"))
		return val_builtin(name, dt_get_name, self, NULL);
	return NULL;
}

/* ---- IN_PLACE and the object reprs ---- */

static char *inplace_repr(struct eval *ev, struct value *self) { return strdup("IN_PLACE"); }
static const struct objtype inplace_type = { .name = "mpi4py.MPI.BufferAutomaticType", .repr = inplace_repr };
int mpi_is_in_place(struct value *v) { return v && v->type == VT_OBJECT && v->u.obj.t == &inplace_type; }

static char *obj_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	const char *n = self->u.obj.t->name;
	sb_printf(&b, "<%s object at %p>", n, (void *)self);
	return sb_take(&b);
}

/* ---- Status ---- */

struct mstatus { int source, tag, error; MPI_Count bytes; int cancelled; };

static void status_free(void *p) { free(p); }
static struct value *status_getattr(struct eval *ev, struct value *self, const char *name);
static int status_setattr(struct eval *ev, struct value *self, const char *name, struct value *v);
static const struct objtype status_type = {
	.name = "mpi4py.MPI.Status", .free = status_free, .getattr = status_getattr,
	.setattr = status_setattr, .repr = obj_repr,
};

int mpi_status_set(struct value *v, const MPI_Status *st, MPI_Datatype t)
{
	if (!v || v->type != VT_OBJECT || v->u.obj.t != &status_type)
		return 0;
	struct mstatus *s = v->u.obj.p;
	s->source = st->MPI_SOURCE;
	s->tag = st->MPI_TAG;
	s->error = st->MPI_ERROR;
	MPI_Get_elements_x(st, MPI_BYTE, &s->bytes);
	int c = 0;
	MPI_Test_cancelled(st, &c);
	s->cancelled = c;
	return 0;
}

PYFN(status_get_count)
{
	struct value *dt = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "|datatype", &dt) < 0)
		return NULL;
	struct mstatus *s = bi->self->u.obj.p;
	MPI_Datatype t = MPI_BYTE;
	if (dt && mpi_datatype_of(dt, &t) < 0)
		return err_set(ev, TY_TypeError, "Argument 'datatype' has incorrect type (expected mpi4py.MPI.Datatype, got %s)",
			       val_type_name(dt));
	int size = 0;
	MPI_Type_size(t, &size);
	if (size <= 0 || s->bytes % size)
		return val_int(MPI_UNDEFINED);
	return val_int(s->bytes / size);
}

PYFN(status_get_field)
{
	struct mstatus *s = bi->self->u.obj.p;
	const char *n = bi->name;
	if (!strcmp(n, "Get_source")) return val_int(s->source);
	if (!strcmp(n, "Get_tag")) return val_int(s->tag);
	if (!strcmp(n, "Get_error")) return val_int(s->error);
	return val_bool(s->cancelled);
}

static struct value *status_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct mstatus *s = self->u.obj.p;
	if (!strcmp(name, "source")) return val_int(s->source);
	if (!strcmp(name, "tag")) return val_int(s->tag);
	if (!strcmp(name, "error")) return val_int(s->error);
	if (!strcmp(name, "count")) return val_int(s->bytes);
	if (!strcmp(name, "cancelled")) return val_bool(s->cancelled);
	if (!strcmp(name, "Get_count") || !strcmp(name, "Get_elements"))
		return val_builtin(name, status_get_count, self, NULL);
	if (!strcmp(name, "Get_source") || !strcmp(name, "Get_tag") || !strcmp(name, "Get_error")
	    || !strcmp(name, "Is_cancelled"))
		return val_builtin(!strcmp(name, "Get_source") ? "Get_source" : !strcmp(name, "Get_tag") ? "Get_tag"
				   : !strcmp(name, "Get_error") ? "Get_error" : "Is_cancelled",
				   status_get_field, self, NULL);
	return NULL;
}

static int status_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	struct mstatus *s = self->u.obj.p;
	int64_t x;
	if (val_as_int64(ev, v, &x) < 0)
		return -1;
	if (!strcmp(name, "source")) s->source = (int)x;
	else if (!strcmp(name, "tag")) s->tag = (int)x;
	else if (!strcmp(name, "error")) s->error = (int)x;
	else {
		err_set(ev, TY_AttributeError, "'mpi4py.MPI.Status' object has no attribute '%s'", name);
		return -1;
	}
	return 0;
}

static struct value *status_new(struct eval *ev)
{
	struct mstatus *s = calloc(1, sizeof *s);
	if (!s)
		return err_nomem(ev);
	s->source = MPI_ANY_SOURCE;
	s->tag = MPI_ANY_TAG;
	s->error = MPI_SUCCESS;
	return val_object_new(&status_type, s);
}

/* ---- Request ---- */

struct mrequest {
	MPI_Request r;
	int kind, done;
	struct mcomm *c;           /* RQ_ORECV: where to receive (the object keeps the Comm alive) */
	struct value *commv;
	int source, tag;
	void *keep;                /* malloc'd bytes in flight */
	struct value *keepv;       /* the arrays in flight */
	struct ndarray *stage;     /* a device array that receives keep's bytes when done */
};

static void request_free(void *p)
{
	struct mrequest *q = p;
	if (!q->done && q->r != MPI_REQUEST_NULL) {
		/* dropped while running: it finishes in the background */
		struct orphan *o = calloc(1, sizeof *o);
		if (o) {
			o->r = q->r;
			o->keep = q->keep;
			o->keepv = q->keepv;
			o->next = orphans;
			orphans = o;
			q->keep = NULL;
			q->keepv = NULL;
		}
	}
	free(q->keep);
	val_decref(q->keepv);
	val_decref(q->commv);
	nd_decref(q->stage);
	free(q);
}

static struct value *request_getattr(struct eval *ev, struct value *self, const char *name);
static const struct objtype request_type = {
	.name = "mpi4py.MPI.Request", .free = request_free, .getattr = request_getattr, .repr = obj_repr,
};

struct value *mpi_request_new(struct eval *ev, MPI_Request r, struct mcomm *c, int kind,
			      int source, int tag, void *keep, struct value *keepv)
{
	struct mrequest *q = calloc(1, sizeof *q);
	if (!q) {
		free(keep);
		val_decref(keepv);
		return err_nomem(ev);
	}
	q->r = r;
	q->kind = kind;
	q->c = c;
	q->source = source;
	q->tag = tag;
	q->keep = keep;
	q->keepv = keepv;
	return val_object_new(&request_type, q);
}

void mpi_request_stage(struct value *rq, struct ndarray *dst)
{
	((struct mrequest *)rq->u.obj.p)->stage = nd_incref(dst);
}

/* Receives the object a RQ_ORECV waits for: blocking (probe loop) or, with
 * test, only when one has arrived (*got = 0 otherwise). */
static struct value *orecv_finish(struct eval *ev, struct mrequest *q, int test, int *got, MPI_Status *st)
{
	MPI_Message msg;
	int flag = 0;
	for (long spins = 0;; spins++) {
		if (MPI_TRY(ev, MPI_Improbe(q->source, q->tag, q->c->comm, &flag, &msg, st)) < 0)
			return NULL;
		if (flag || test)
			break;
		if (ev->interrupt && ev_check_interrupt(ev))
			return NULL;
		if (spins > 256)
			sched_yield();
	}
	*got = flag;
	if (!flag)
		return val_none();
	int n = 0;
	MPI_Get_count(st, MPI_BYTE, &n);
	char *buf = malloc(n ? n : 1);
	if (!buf)
		return err_nomem(ev);
	if (MPI_TRY(ev, MPI_Mrecv(buf, n, MPI_BYTE, &msg, st)) < 0) {
		free(buf);
		return NULL;
	}
	struct value *v = mpi_unpack(ev, buf, n);
	free(buf);
	return v;
}

/* Completes q: the received object (None for sends), or True for buffer
 * requests when upper.  test: *flag = 0 and None when not done. */
static struct value *request_complete(struct eval *ev, struct mrequest *q, struct value *status, int test,
				      int *flag, int upper)
{
	MPI_Status st;
	memset(&st, 0, sizeof st);
	st.MPI_SOURCE = MPI_ANY_SOURCE;
	st.MPI_TAG = MPI_ANY_TAG;
	*flag = 1;
	if (q->done) {
		return upper ? val_bool(1) : val_none();
	}
	struct value *out = NULL;
	if (q->kind == RQ_ORECV) {
		out = orecv_finish(ev, q, test, flag, &st);
		if (!out)
			return NULL;
	} else {
		if (test) {
			if (MPI_TRY(ev, MPI_Test(&q->r, flag, &st)) < 0)
				return NULL;
		} else if (mpi_wait(ev, &q->r, &st, q->keep, q->keepv) < 0) {
			q->keep = NULL;   /* the wait's now (the orphan list holds it) */
			q->done = 1;
			return NULL;
		}
		out = upper ? val_bool(1) : val_none();
	}
	if (*flag && q->stage) {
		const struct backend *be = nd_backend(q->stage);
		int rc = be->from_host(ev, q->stage, q->keep);
		nd_decref(q->stage);
		q->stage = NULL;
		if (rc < 0) {
			val_decref(out);
			return NULL;
		}
	}
	if (*flag) {
		q->done = 1;
		free(q->keep);
		q->keep = NULL;
		val_decref(q->keepv);
		q->keepv = NULL;
		mpi_status_set(status, &st, MPI_BYTE);
	}
	return out;
}

PYFN(req_wait)
{
	struct value *status = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "|status", &status) < 0)
		return NULL;
	int flag;
	return request_complete(ev, bi->self->u.obj.p, status, 0, &flag, bi->name[0] == 'W');
}

PYFN(req_test)
{
	struct value *status = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "|status", &status) < 0)
		return NULL;
	int flag;
	int upper = bi->name[0] == 'T';
	struct value *v = request_complete(ev, bi->self->u.obj.p, status, 1, &flag, upper);
	if (!v)
		return NULL;
	if (upper) {
		val_decref(v);
		return val_bool(flag);
	}
	struct value *items[2] = { val_bool(flag), v };
	return val_tuple_new(2, items);
}

PYFN(req_cancel)
{
	struct mrequest *q = bi->self->u.obj.p;
	if (!q->done && q->kind != RQ_ORECV && q->r != MPI_REQUEST_NULL)
		MPI_Cancel(&q->r);
	return val_none();
}

static struct value *request_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "Wait") || !strcmp(name, "wait"))
		return val_builtin(name[0] == 'W' ? "Wait" : "wait", req_wait, self, NULL);
	if (!strcmp(name, "Test") || !strcmp(name, "test"))
		return val_builtin(name[0] == 'T' ? "Test" : "test", req_test, self, NULL);
	if (!strcmp(name, "Cancel"))
		return val_builtin("Cancel", req_cancel, self, NULL);
	return NULL;
}

/* MPI.Request.Waitall(requests, statuses=None) / waitall: in order */
PYFN(req_waitall)
{
	struct value *reqs, *statuses = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "requests|statuses", &reqs, &statuses) < 0)
		return NULL;
	struct value *list = val_iter_list(ev, reqs);
	if (!list)
		return NULL;
	int upper = bi->name[0] == 'W';
	struct value *out = val_list_new(0, NULL);
	for (size_t i = 0; out && i < list->u.seq.n; i++) {
		struct value *r = list->u.seq.items[i];
		if (r->type != VT_OBJECT || r->u.obj.t != &request_type) {
			err_set(ev, TY_TypeError, "expected a Request, got %s", val_type_name(r));
			val_decref(out);
			out = NULL;
			break;
		}
		struct value *st = NULL;
		if (statuses && statuses->type == VT_LIST && i < statuses->u.seq.n)
			st = statuses->u.seq.items[i];
		int flag;
		struct value *v = request_complete(ev, r->u.obj.p, st, 0, &flag, upper);
		if (!v || list_append(out, v) < 0) {
			val_decref(out);
			out = NULL;
		}
	}
	val_decref(list);
	if (out && upper) {
		val_decref(out);
		return val_bool(1);
	}
	return out;
}

static struct value *class_getattr(struct eval *ev, struct value *self, const char *name);
static struct value *class_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				const struct kwargs *kw);
static char *class_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<class 'mpi4py.MPI.%s'>", (const char *)self->u.obj.p);
	return sb_take(&b);
}
static const struct objtype class_type = {
	.name = "type", .call = class_call, .getattr = class_getattr, .repr = class_repr,
};

static struct value *class_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				const struct kwargs *kw)
{
	const char *n = self->u.obj.p;
	if (!strcmp(n, "Status")) {
		if (argc || (kw && kw->n))
			return err_set(ev, TY_TypeError, "Status() takes at most 1 argument");
		return status_new(ev);
	}
	return err_set(ev, TY_NotImplementedError, "mpi4py.MPI.%s() is not supported by Lumen", n);
}

static struct value *class_getattr(struct eval *ev, struct value *self, const char *name)
{
	const char *n = self->u.obj.p;
	if (!strcmp(name, "__name__"))
		return val_cstr(n);
	if (!strcmp(n, "Request") && (!strcmp(name, "Waitall") || !strcmp(name, "waitall")))
		return val_builtin(name[0] == 'W' ? "Waitall" : "waitall", req_waitall, NULL, NULL);
	return NULL;
}

/* ---- the module ---- */

PYFN(m_wtime) { return val_float(MPI_Wtime()); }
PYFN(m_wtick) { return val_float(MPI_Wtick()); }

PYFN(m_processor_name)
{
	char s[MPI_MAX_PROCESSOR_NAME + 1];
	int n = 0;
	if (MPI_TRY(ev, MPI_Get_processor_name(s, &n)) < 0)
		return NULL;
	return val_str(s, n);
}

PYFN(m_flag)
{
	int f = 0;
	if (!strcmp(bi->name, "Is_initialized"))
		MPI_Initialized(&f);
	else if (!strcmp(bi->name, "Is_finalized"))
		MPI_Finalized(&f);
	else if (!strcmp(bi->name, "Is_thread_main"))
		MPI_Is_thread_main(&f);
	else {
		MPI_Query_thread(&f);
		return val_int(f);
	}
	return val_bool(f);
}

PYFN(m_version)
{
	int a = 0, b = 0;
	MPI_Get_version(&a, &b);
	struct value *items[2] = { val_int(a), val_int(b) };
	return val_tuple_new(2, items);
}

PYFN(m_library_version)
{
	char s[MPI_MAX_LIBRARY_VERSION_STRING + 1];
	int n = 0;
	MPI_Get_library_version(s, &n);
	return val_str(s, n);
}

PYFN(m_lumen_path) { return val_cstr(mpi_last_path); }

/* MPI.Finalize(): ends MPI when this module started it (`lumen run` of a
 * script); under the MPI kernel the kernel owns MPI and goes on using it */
PYFN(m_finalize)
{
	if (args_parse(ev, bi->name, argc, argv, kw, "") < 0)
		return NULL;
	if (!mpimod_initialized_here)
		return err_set(ev, TY_NotImplementedError,
			       "MPI.Finalize() under the MPI kernel is not supported by Lumen: the kernel owns MPI (restart the kernel instead)");
	int fin = 0;
	MPI_Finalized(&fin);
	if (fin)
		return mpi_raise(ev, MPI_ERR_OTHER);
	mpimod_finalize();
	return val_none();
}

static int add(struct eval *ev, struct value *m, const char *name, struct value *v)
{
	if (!v || module_add(m, name, v) < 0) {
		if (!err_occurred(ev))
			err_nomem(ev);
		return -1;
	}
	return 0;
}

static struct value *mpi_build(struct eval *ev, const char *fullname)
{
	if (mpi_ensure_init(ev) < 0)
		return NULL;
	/* mpi4py's default, whoever started MPI: errors come back as
	 * exceptions, never abort the job */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	dtypes_fill();
	struct value *m = val_module_new("mpi4py.MPI");
	if (!m)
		return err_nomem(ev);
	static const struct { const char *name; builtin_fn fn; } fns[] = {
		{"Wtime", m_wtime}, {"Wtick", m_wtick}, {"Get_processor_name", m_processor_name},
		{"Is_initialized", m_flag}, {"Is_finalized", m_flag}, {"Query_thread", m_flag},
		{"Is_thread_main", m_flag}, {"Get_version", m_version},
		{"Get_library_version", m_library_version}, {"lumen_path", m_lumen_path},
		{"Finalize", m_finalize},
	};
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
		if (add(ev, m, fns[i].name, val_builtin(fns[i].name, fns[i].fn, NULL, NULL)) < 0)
			goto fail;
	for (int i = 0; i < MOP_COUNT; i++)
		if (add(ev, m, op_names[i], val_object_new(&op_type, (void *)(intptr_t)i)) < 0)
			goto fail;
	for (int i = 0; i < ndtypes; i++)
		if (add(ev, m, dtypes[i].name, val_object_new(&dt_type, &dtypes[i])) < 0)
			goto fail;
	static const char *const classes[] = { "Status", "Request", "Comm", "Intracomm", "Datatype", "Op" };
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		if (add(ev, m, classes[i], val_object_new(&class_type, (void *)classes[i])) < 0)
			goto fail;
	static const struct { const char *name; int v; } ints[] = {
		{"ANY_SOURCE", MPI_ANY_SOURCE}, {"ANY_TAG", MPI_ANY_TAG}, {"PROC_NULL", MPI_PROC_NULL},
		{"ROOT", MPI_ROOT}, {"UNDEFINED", MPI_UNDEFINED}, {"SUCCESS", MPI_SUCCESS},
		{"THREAD_SINGLE", MPI_THREAD_SINGLE}, {"THREAD_FUNNELED", MPI_THREAD_FUNNELED},
		{"THREAD_SERIALIZED", MPI_THREAD_SERIALIZED}, {"THREAD_MULTIPLE", MPI_THREAD_MULTIPLE},
		{"IDENT", MPI_IDENT}, {"CONGRUENT", MPI_CONGRUENT}, {"SIMILAR", MPI_SIMILAR},
		{"UNEQUAL", MPI_UNEQUAL}, {"ERR_TRUNCATE", MPI_ERR_TRUNCATE}, {"ERR_COUNT", MPI_ERR_COUNT},
		{"ERR_TYPE", MPI_ERR_TYPE}, {"ERR_OP", MPI_ERR_OP}, {"ERR_RANK", MPI_ERR_RANK},
		{"ERR_ROOT", MPI_ERR_ROOT}, {"ERR_TAG", MPI_ERR_TAG}, {"ERR_OTHER", MPI_ERR_OTHER},
	};
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
		if (add(ev, m, ints[i].name, val_int(ints[i].v)) < 0)
			goto fail;
	int tagub = 32767, *p = NULL, flag = 0;
	MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &p, &flag);
	if (flag && p)
		tagub = *p;
	if (add(ev, m, "TAG_UB", val_int(tagub)) < 0
	    || add(ev, m, "IN_PLACE", val_object_new(&inplace_type, NULL)) < 0
	    || add(ev, m, "BOTTOM", val_int(0)) < 0
	    || add(ev, m, "Exception", val_incref(exc_class_make(ev))) < 0
	    || add(ev, m, "COMM_WORLD", mpi_comm_value(ev, MPI_COMM_WORLD, 0)) < 0
	    || add(ev, m, "COMM_SELF", mpi_comm_value(ev, MPI_COMM_SELF, 0)) < 0)
		goto fail;
	return m;
fail:
	val_decref(m);
	return NULL;
}

static struct value *mpi4py_build(struct eval *ev, const char *fullname)
{
	struct value *m = val_module_new("mpi4py");
	if (!m)
		return err_nomem(ev);
	if (add(ev, m, "__version__", val_cstr("4.1.2")) < 0 || add(ev, m, "MPI", ev_import(ev, "mpi4py.MPI")) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}

int mpimod_init(void)
{
	if (pymod_register("mpi4py.MPI", mpi_build) < 0 || pymod_register("mpi4py", mpi4py_build) < 0)
		return -1;
	return 0;
}

void mpimod_finalize(void)
{
	int init = 0, fin = 0;
	MPI_Initialized(&init);
	MPI_Finalized(&fin);
	if (!init || fin)
		return;
	mpi_orphans_poll();
	mpi_comms_release();
	if (mpimod_initialized_here)
		MPI_Finalize();
}
