/*
 * cuda_obj.c — CuPy's CUDA objects for the `cupy.cuda` module and cupy's
 * top level: Device, Stream (and Stream.null), Event, get_elapsed_time,
 * cupy.cuda.runtime (memGetInfo, getDeviceCount, getDeviceProperties ...),
 * the memory pools, and the tables arrmod.c adds (the user kernels'
 * classes are cuda_ukernel.c's).
 *
 * Owns the objects' C state (streams, events).  Never computes on arrays.
 * In host mode the functions answer as a machine without a device would.
 */
#include "config.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "backend/ukparse.h"
#include "lang/error.h"
#include "pyobj/bytesobj.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

int cudaobj_linked;

int cudaobj_have_dev(struct eval *ev)
{
	const struct backend *be = backend_cuda(ev);
	if (err_occurred(ev))
		return -1;
	return be != NULL;
}

struct value *cudaobj_need_dev(struct eval *ev)
{
	int h = cudaobj_have_dev(ev);
	if (h < 0)
		return NULL;
	if (!h)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: no CUDA-capable device is detected");
	if (cuda_ready(ev) < 0)
		return NULL;
	return val_none();
}

static struct value *method(struct value *self, const char *name, builtin_fn fn)
{
	return val_builtin(name, fn, self, NULL);
}

static int64_t int_arg(struct eval *ev, struct value *v, int64_t def, int *bad)
{
	int64_t x = def;
	if (v && v->type != VT_NONE && val_as_int64(ev, v, &x) < 0)
		*bad = 1;
	return x;
}

/* ---- Device ----
 * CuPy's: Device(i) only remembers i; use(), `with` and the attributes that
 * ask the driver raise cudaErrorInvalidDevice for an ordinal the machine
 * lacks.  `with` keeps a stack of the devices to return to. */
#define DEV_STACK 32
struct device_obj { int id; int depth; int stack[DEV_STACK]; };

static void dev_free(void *p) { free(p); }

/* the current device's id (after the start: under MPI it may be the
 * local rank's); 0 without a device (host mode) */
static int cur_id(void)
{
	cudabe_describe();   /* waits for the start */
	return cuda_cur->ok ? cuda_cur->id : 0;
}

/* makes id current: the plugin's switch, or host mode's one device 0 */
static int use_id(struct eval *ev, int id)
{
	int h = cudaobj_have_dev(ev);
	if (h < 0)
		return -1;
	if (!h) {
		if (id != 0)
			return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidDevice: invalid device ordinal"), -1;
		return 0;
	}
	return cuda_use_device(ev, id);
}

/* runs on device id and comes back: 0, or -1 with the error set */
static int dev_enter_tmp(struct eval *ev, int id, int *saved)
{
	*saved = cur_id();
	return use_id(ev, id);
}

/* waits for device id's work (CuPy: `with self: deviceSynchronize()`) */
static struct value *sync_id(struct eval *ev, int id)
{
	int saved, h = cudaobj_have_dev(ev);
	if (h < 0 || dev_enter_tmp(ev, id, &saved) < 0)
		return NULL;
	if (!h) /* host mode: nothing is queued */
		return val_none();
	if (cuda_ready(ev) < 0 || CUDA_CHECK(ev, cudaDeviceSynchronize()) < 0) {
		use_id(ev, saved);
		return NULL;
	}
	if (use_id(ev, saved) < 0)
		return NULL;
	return val_none();
}

static struct value *dev_sync(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "synchronize", argc, argv, kw, "") < 0)
		return NULL;
	return sync_id(ev, ((struct device_obj *)bi->self->u.obj.p)->id);
}

static struct value *dev_use(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "use", argc, argv, kw, "") < 0
	    || use_id(ev, ((struct device_obj *)bi->self->u.obj.p)->id) < 0)
		return NULL;
	return val_incref(bi->self);   /* CuPy 14's use() returns the Device */
}

/* memGetInfo without the driver's round trip on every call: cudaMemGetInfo
 * costs 3.7-7 us on the H200 machine (an ioctl), the goal is 2 us.  The
 * driver's answer is kept for MI_TTL_NS, and this process's own use since
 * then is taken off exactly: the pool's reserved bytes (a 0.04 us query)
 * against those when the driver answered.  Allocations outside the pool
 * (cuBLAS, cuSOLVER, cuFFT, module loads) call cuda_meminfo_forget(); another
 * process's allocations show within MI_TTL_NS.  LUMEN_MEMINFO=uncached asks
 * the driver every call (CuPy's way). */
#define MI_TTL_NS 1000000LL
static struct meminfo_cache {
	int64_t at;                 /* CLOCK_MONOTONIC ns of the driver's answer, 0: none */
	size_t free, total, reserved;
} mis[CUDA_MAXDEV];             /* one per device */
static int mi_uncached = -1;        /* -1: not read yet */
static atomic_int mi_stale;         /* set from any thread: ask the driver next time */

void cuda_meminfo_forget(void)
{
	atomic_store(&mi_stale, 1);
}

static int64_t mono_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* free and total device bytes, as cudaMemGetInfo gives them */
int cuda_meminfo(struct eval *ev, size_t *fr, size_t *tot)
{
	int64_t now = mono_ns();
	size_t res;
	struct meminfo_cache *mip = &mis[cuda_cur->id];
#define mi (*mip)
	if (mi_uncached < 0) {
		const char *m = getenv("LUMEN_MEMINFO");
		mi_uncached = m && !strcmp(m, "uncached");
	}
	if (mi_uncached || !mi.at || now - mi.at > MI_TTL_NS || atomic_exchange(&mi_stale, 0)) {
		if (CUDA_CHECK(ev, cudaMemGetInfo(&mi.free, &mi.total)) < 0) {
			mi.at = 0;
			return -1;
		}
		mi.reserved = pool_reserved_bytes();
		mi.at = now;
		*fr = mi.free;
		*tot = mi.total;
		return 0;
	}
	res = pool_reserved_bytes();
	*tot = mi.total;
	if (res >= mi.reserved)
		*fr = mi.free > res - mi.reserved ? mi.free - (res - mi.reserved) : 0;
	else
		*fr = mi.free + (mi.reserved - res) < mi.total ? mi.free + (mi.reserved - res) : mi.total;
	return 0;
#undef mi
}

static struct value *meminfo(struct eval *ev)
{
	size_t fr, tot;
	struct value *items[2];
	int h = cudaobj_have_dev(ev);
	if (h < 0)
		return NULL;
	if (!h) { /* host mode: the host's memory */
		fr = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
		tot = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
	} else if (cuda_meminfo(ev, &fr, &tot) < 0) {
		return NULL;
	}
	items[0] = val_int((int64_t)fr);
	items[1] = val_int((int64_t)tot);
	return val_tuple_new(2, items);
}

/* Device.attributes: CuPy's dict of cudaDeviceGetAttribute's answers, by
 * the attribute's name without cudaDevAttr (the common ones) */
static struct value *dev_attributes(struct eval *ev, int id)
{
	static const struct { const char *name; enum cudaDeviceAttr a; } at[] = {
		{"MaxThreadsPerBlock", cudaDevAttrMaxThreadsPerBlock},
		{"MaxBlockDimX", cudaDevAttrMaxBlockDimX}, {"MaxBlockDimY", cudaDevAttrMaxBlockDimY},
		{"MaxBlockDimZ", cudaDevAttrMaxBlockDimZ}, {"MaxGridDimX", cudaDevAttrMaxGridDimX},
		{"MaxGridDimY", cudaDevAttrMaxGridDimY}, {"MaxGridDimZ", cudaDevAttrMaxGridDimZ},
		{"MaxSharedMemoryPerBlock", cudaDevAttrMaxSharedMemoryPerBlock},
		{"TotalConstantMemory", cudaDevAttrTotalConstantMemory}, {"WarpSize", cudaDevAttrWarpSize},
		{"MaxRegistersPerBlock", cudaDevAttrMaxRegistersPerBlock}, {"ClockRate", cudaDevAttrClockRate},
		{"MultiProcessorCount", cudaDevAttrMultiProcessorCount},
		{"MemoryClockRate", cudaDevAttrMemoryClockRate},
		{"GlobalMemoryBusWidth", cudaDevAttrGlobalMemoryBusWidth}, {"L2CacheSize", cudaDevAttrL2CacheSize},
		{"MaxThreadsPerMultiProcessor", cudaDevAttrMaxThreadsPerMultiProcessor},
		{"ComputeCapabilityMajor", cudaDevAttrComputeCapabilityMajor},
		{"ComputeCapabilityMinor", cudaDevAttrComputeCapabilityMinor},
		{"MaxSharedMemoryPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor},
		{"MaxRegistersPerMultiprocessor", cudaDevAttrMaxRegistersPerMultiprocessor},
		{"ConcurrentKernels", cudaDevAttrConcurrentKernels}, {"EccEnabled", cudaDevAttrEccEnabled},
		{"PciBusId", cudaDevAttrPciBusId}, {"PciDeviceId", cudaDevAttrPciDeviceId},
		{"ManagedMemory", cudaDevAttrManagedMemory},
		{"CooperativeLaunch", cudaDevAttrCooperativeLaunch},
	};
	struct value *n = cudaobj_need_dev(ev), *d;
	if (!n)
		return NULL;
	val_decref(n);
	if (!(d = val_dict_new()))
		return err_nomem(ev);
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		int v = 0;
		if (cudaDeviceGetAttribute(&v, at[i].a, id) != cudaSuccess)
			continue;
		if (dict_setstr(d, at[i].name, val_int(v)) < 0) {
			val_decref(d);
			return err_nomem(ev);
		}
	}
	return d;
}

static struct value *dev_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct device_obj *d = self->u.obj.p;
	if (!strcmp(name, "attributes"))
		return dev_attributes(ev, d->id);
	if (!strcmp(name, "synchronize"))
		return method(self, name, dev_sync);
	if (!strcmp(name, "use"))
		return method(self, name, dev_use);
	if (!strcmp(name, "id"))
		return val_int(d->id);
	if (!strcmp(name, "mem_info")) {   /* CuPy: `with self: memGetInfo()` */
		int saved;
		struct value *r;
		if (dev_enter_tmp(ev, d->id, &saved) < 0)
			return NULL;
		r = meminfo(ev);
		if (use_id(ev, saved) < 0) {
			val_decref(r);
			return NULL;
		}
		return r;
	}
	if (!strcmp(name, "compute_capability")) {
		char cc[16];
		int ma = 0, mi = 0;
		struct value *n = cudaobj_need_dev(ev);
		if (!n)
			return NULL;
		val_decref(n);
		if (CUDA_CHECK(ev, cudaDeviceGetAttribute(&ma, cudaDevAttrComputeCapabilityMajor, d->id)) < 0
		    || CUDA_CHECK(ev, cudaDeviceGetAttribute(&mi, cudaDevAttrComputeCapabilityMinor, d->id)) < 0)
			return NULL;
		snprintf(cc, sizeof cc, "%d%d", ma, mi);
		return val_cstr(cc);
	}
	return NULL;
}

static char *dev_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(32);
	if (s)
		snprintf(s, 32, "<CUDA Device %d>", ((struct device_obj *)self->u.obj.p)->id);
	return s;
}

/* __enter__: the current device goes on the stack, then this one is made
 * current; __exit__ makes the one on the stack current again */
static int dev_enter(struct eval *ev, struct value *self)
{
	struct device_obj *d = self->u.obj.p;
	int prev = cur_id();
	if (d->depth == DEV_STACK)
		return err_set(ev, TY_RuntimeError, "Device: `with` nested more than %d deep", DEV_STACK), -1;
	if (d->id != prev && use_id(ev, d->id) < 0)
		return -1;
	d->stack[d->depth++] = prev;
	return 0;
}

static int dev_exit(struct eval *ev, struct value *self)
{
	struct device_obj *d = self->u.obj.p;
	if (!d->depth)
		return 0;
	return use_id(ev, d->stack[--d->depth]);
}

static struct value *dev_binop(struct eval *ev, enum binop op, struct value *l, struct value *r);

static const char *const dev_attrs[] = {"attributes", "compute_capability", "id", "mem_info", "synchronize", "use", NULL};
static const struct objtype device_type = {
	.name = "Device", .free = dev_free, .getattr = dev_getattr, .repr = dev_repr,
	.enter = dev_enter, .exit = dev_exit, .attrs = dev_attrs, .binop = dev_binop,
};

/* Device(0) == Device(0), Device(0) < Device(1): CuPy compares ids */
static struct value *dev_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	(void)ev;
	if (op < OP_LT || op > OP_GE || l->type != VT_OBJECT || r->type != VT_OBJECT
	    || l->u.obj.t != &device_type || r->u.obj.t != &device_type)
		return NULL;
	long long x = ((struct device_obj *)l->u.obj.p)->id, y = ((struct device_obj *)r->u.obj.p)->id;
	switch (op) {
	case OP_LT: return val_bool(x < y);
	case OP_LE: return val_bool(x <= y);
	case OP_EQ: return val_bool(x == y);
	case OP_NE: return val_bool(x != y);
	case OP_GT: return val_bool(x > y);
	default: return val_bool(x >= y);
	}
}

static struct value *device_new(struct eval *ev, int id)
{
	struct device_obj *d = calloc(1, sizeof *d);
	if (!d)
		return err_nomem(ev);
	d->id = id;
	return val_object_new(&device_type, d);
}

static struct value *fn_device(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *dv = NULL;
	int bad = 0;
	int64_t id;
	if (args_parse(ev, "Device", argc, argv, kw, "|device", &dv) < 0)
		return NULL;
	if (dv && dv->type == VT_OBJECT && dv->u.obj.t == &device_type)
		id = ((struct device_obj *)dv->u.obj.p)->id;
	else if (!dv || dv->type == VT_NONE)
		id = cur_id();
	else if ((id = int_arg(ev, dv, 0, &bad)), bad)
		return NULL;
	if (id < INT32_MIN || id > INT32_MAX)
		return err_set(ev, TY_OverflowError, "value too large to convert to int");
	return device_new(ev, (int)id);
}

/* ---- Stream ---- */
struct stream_obj { cudaStream_t s; int owned; cudaStream_t saved; int dev; };

static void stream_free(void *p)
{
	struct stream_obj *s = p;
	if (s->owned) {
		/* a stream made current by use() goes back to the null stream */
		if (s->dev >= 0 && s->dev < CUDA_MAXDEV && cuda_devs[s->dev].stream == s->s)
			cuda_devs[s->dev].stream = 0;
		if (!cuda_cur->dead)
			cudaStreamDestroy(s->s);
	}
	free(s);
}

static const struct objtype event_type;
static struct value *event_make(struct eval *ev);
static cudaEvent_t event_handle(struct value *v);
static void event_mark(struct value *v, int recorded);

/* Stream.use(): the stream becomes its device's current one (CuPy: until
 * another use() or a `with` block's end); returns the stream */
static struct value *stream_use(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct stream_obj *s = bi->self->u.obj.p;
	if (args_parse(ev, "use", argc, argv, kw, "") < 0)
		return NULL;
	if (s->dev >= 0 && s->dev < CUDA_MAXDEV)
		cuda_devs[s->dev].stream = s->s;
	return val_incref(bi->self);
}

/* Stream.record(event=None): records event (a new one when None) on the
 * stream and returns it */
static struct value *stream_record(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct stream_obj *s = bi->self->u.obj.p;
	struct value *e = NULL;
	if (args_parse(ev, "record", argc, argv, kw, "|event", &e) < 0)
		return NULL;
	if (e && e->type != VT_NONE) {
		if (e->type != VT_OBJECT || e->u.obj.t != &event_type)
			return err_set(ev, TY_TypeError, "record() event must be cupy.cuda.Event");
		e = val_incref(e);
	} else if (!(e = event_make(ev)))
		return NULL;
	cudaEvent_t h = event_handle(e);
	if (h && CUDA_CHECK(ev, cudaEventRecord(h, s->s)) < 0) {
		val_decref(e);
		return NULL;
	}
	event_mark(e, h != NULL);
	return e;
}

/* Stream.wait_event(event): later work on the stream waits for event */
static struct value *stream_wait_event(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct stream_obj *s = bi->self->u.obj.p;
	struct value *e;
	if (args_parse(ev, "wait_event", argc, argv, kw, "event", &e) < 0)
		return NULL;
	if (e->type != VT_OBJECT || e->u.obj.t != &event_type)
		return err_set(ev, TY_TypeError, "wait_event() event must be cupy.cuda.Event");
	cudaEvent_t h = event_handle(e);
	if (h && CUDA_CHECK(ev, cudaStreamWaitEvent(s->s, h, 0)) < 0)
		return NULL;
	return val_none();
}

static struct value *stream_sync(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct stream_obj *s = bi->self->u.obj.p;
	if (cudaobj_have_dev(ev) <= 0)
		return err_occurred(ev) ? NULL : val_none();
	if (CUDA_CHECK(ev, cudaStreamSynchronize(s->s)) < 0)
		return NULL;
	return val_none();
}

static struct value *stream_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct stream_obj *s = self->u.obj.p;
	if (!strcmp(name, "synchronize"))
		return method(self, name, stream_sync);
	if (!strcmp(name, "use"))
		return method(self, name, stream_use);
	if (!strcmp(name, "record"))
		return method(self, name, stream_record);
	if (!strcmp(name, "wait_event"))
		return method(self, name, stream_wait_event);
	if (!strcmp(name, "ptr"))
		return val_int((int64_t)(intptr_t)s->s);
	if (!strcmp(name, "device_id"))
		return val_int(s->dev);
	if (!strcmp(name, "done")) {
		cudaError_t r = s->s || cudaobj_have_dev(ev) > 0 ? cudaStreamQuery(s->s) : cudaSuccess;
		if (err_occurred(ev))
			return NULL;
		if (r == cudaErrorNotReady) {
			cudaGetLastError();
			return val_bool(0);
		}
		if (CUDA_CHECK(ev, r) < 0)
			return NULL;
		return val_bool(1);
	}
	return NULL;
}

static int stream_enter(struct eval *ev, struct value *self)
{
	struct stream_obj *s = self->u.obj.p;
	s->saved = cuda_cur->stream;
	cuda_cur->stream = s->s;
	return 0;
}

static int stream_exit(struct eval *ev, struct value *self)
{
	struct stream_obj *s = self->u.obj.p;
	cuda_cur->stream = s->saved;
	return 0;
}

static char *stream_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	if (s)
		snprintf(s, 64, "<Stream %#lx (device %d)>", (unsigned long)(intptr_t)((struct stream_obj *)self->u.obj.p)->s,
			 ((struct stream_obj *)self->u.obj.p)->dev);
	return s;
}

static const struct objtype stream_type;

/* CuPy's streams compare by handle and device: Stream.null ==
 * get_current_stream() outside any `with` */
static struct value *stream_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	(void)ev;
	if ((op != OP_EQ && op != OP_NE) || l->type != VT_OBJECT || r->type != VT_OBJECT
	    || l->u.obj.t != &stream_type || r->u.obj.t != &stream_type)
		return NULL;
	struct stream_obj *a = l->u.obj.p, *b = r->u.obj.p;
	int eq = a->s == b->s && a->dev == b->dev;
	return val_bool(op == OP_EQ ? eq : !eq);
}

static const char *const stream_attrs[] = {"device_id", "done", "ptr", "record", "synchronize", "use",
					   "wait_event", NULL};
static const struct objtype stream_type = {
	.name = "Stream", .free = stream_free, .getattr = stream_getattr, .repr = stream_repr,
	.enter = stream_enter, .exit = stream_exit, .attrs = stream_attrs, .binop = stream_binop,
};

static struct value *stream_new(struct eval *ev, int null, int non_blocking)
{
	struct stream_obj *s = calloc(1, sizeof *s);
	if (!s)
		return err_nomem(ev);
	s->dev = cur_id();
	if (!null && cudaobj_have_dev(ev) > 0) {
		if (CUDA_CHECK(ev, cudaStreamCreateWithFlags(&s->s, non_blocking ? cudaStreamNonBlocking : 0)) < 0) {
			free(s);
			return NULL;
		}
		s->owned = 1;
	}
	if (err_occurred(ev)) {
		free(s);
		return NULL;
	}
	return val_object_new(&stream_type, s);
}

/* cupy.cuda.get_current_stream(): the current device's current stream (a
 * view of it: the object that made it current keeps it alive) */
static struct value *fn_current_stream(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *dv = NULL;
	if (args_parse(ev, "get_current_stream", argc, argv, kw, "|device_id", &dv) < 0)
		return NULL;
	struct stream_obj *s = calloc(1, sizeof *s);
	if (!s)
		return err_nomem(ev);
	s->dev = cur_id();
	s->s = cuda_cur->stream;
	return val_object_new(&stream_type, s);
}

/* the class: Stream(non_blocking=False), Stream.null */
static struct value *streamcls_call(struct eval *ev, struct value *self, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *nb = NULL, *nul = NULL, *pr = NULL;
	int b = 0, n = 0;
	if (args_parse(ev, "Stream", argc, argv, kw, "|null,non_blocking,priority", &nul, &nb, &pr) < 0
	    || args_bool(ev, nb, 0, &b) < 0 || args_bool(ev, nul, 0, &n) < 0)
		return NULL;
	return stream_new(ev, n, b);
}

static struct value *streamcls_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "null"))
		return stream_new(ev, 1, 0);
	return NULL;
}

static char *cls_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	if (s)
		snprintf(s, 64, "<class 'cupy.cuda.%s'>", (const char *)self->u.obj.p);
	return s;
}
static void cls_free(void *p) { (void)p; }

static const char *const streamcls_attrs[] = {"null", NULL};
static const struct objtype streamcls_type = {
	"type", cls_free, streamcls_getattr, NULL, streamcls_call, cls_repr, NULL, NULL, streamcls_attrs,
};

/* ---- Event ---- */
struct event_obj { cudaEvent_t e; int recorded; double host_ms; };

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void event_free(void *p)
{
	struct event_obj *e = p;
	if (e->e && !cuda_cur->dead)
		cudaEventDestroy(e->e);
	free(e);
}

static struct value *event_record(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct event_obj *e = bi->self->u.obj.p;
	struct value *sv = NULL;
	cudaStream_t s = cuda_cur->stream;
	if (args_parse(ev, "record", argc, argv, kw, "|stream", &sv) < 0)
		return NULL;
	if (sv && sv->type == VT_OBJECT && sv->u.obj.t == &stream_type)
		s = ((struct stream_obj *)sv->u.obj.p)->s;
	e->host_ms = now_ms();
	if (!e->e)
		return val_none();
	if (CUDA_CHECK(ev, cudaEventRecord(e->e, s)) < 0)
		return NULL;
	e->recorded = 1;
	return val_none();
}

static struct value *event_sync(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct event_obj *e = bi->self->u.obj.p;
	if (e->e && CUDA_CHECK(ev, cudaEventSynchronize(e->e)) < 0)
		return NULL;
	return val_none();
}

static struct value *event_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct event_obj *e = self->u.obj.p;
	if (!strcmp(name, "record"))
		return method(self, name, event_record);
	if (!strcmp(name, "synchronize"))
		return method(self, name, event_sync);
	if (!strcmp(name, "done")) {
		cudaError_t r = e->e ? cudaEventQuery(e->e) : cudaSuccess;
		if (r == cudaErrorNotReady) {
			cudaGetLastError();
			return val_bool(0);
		}
		if (CUDA_CHECK(ev, r) < 0)
			return NULL;
		return val_bool(1);
	}
	return NULL;
}

static const char *const event_attrs[] = {"record", "synchronize", "done", NULL};
static const struct objtype event_type = {
	"Event", event_free, event_getattr, NULL, NULL, NULL, NULL, NULL, event_attrs,
};

/* a new event (no CUDA event without a device); NULL with the error set */
static struct value *event_make(struct eval *ev)
{
	struct event_obj *e;
	int h;
	if ((h = cudaobj_have_dev(ev)) < 0)
		return NULL;
	if (!(e = calloc(1, sizeof *e)))
		return err_nomem(ev);
	if (h && CUDA_CHECK(ev, cudaEventCreate(&e->e)) < 0) {
		free(e);
		return NULL;
	}
	struct value *v = val_object_new(&event_type, e);
	if (!v) {
		event_free(e);
		return err_nomem(ev);
	}
	return v;
}

static cudaEvent_t event_handle(struct value *v)
{
	return ((struct event_obj *)v->u.obj.p)->e;
}

/* after a record on a stream: the host clock for host mode's elapsed time */
static void event_mark(struct value *v, int recorded)
{
	struct event_obj *e = v->u.obj.p;
	e->host_ms = now_ms();
	e->recorded = recorded;
}

static struct value *fn_event(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *block = NULL, *dis = NULL, *inter = NULL;
	if (args_parse(ev, "Event", argc, argv, kw, "|block,disable_timing,interprocess", &block, &dis, &inter) < 0)
		return NULL;
	return event_make(ev);
}

static struct value *fn_elapsed(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b;
	float ms = 0;
	if (args_parse(ev, "get_elapsed_time", argc, argv, kw, "start_event,end_event", &a, &b) < 0)
		return NULL;
	if (a->type != VT_OBJECT || a->u.obj.t != &event_type || b->type != VT_OBJECT || b->u.obj.t != &event_type)
		return err_set(ev, TY_TypeError, "get_elapsed_time() arguments must be cupy.cuda.Event");
	struct event_obj *x = a->u.obj.p, *y = b->u.obj.p;
	if (!x->e || !y->e) /* host mode */
		return val_float(y->host_ms - x->host_ms);
	if (CUDA_CHECK(ev, cudaEventElapsedTime(&ms, x->e, y->e)) < 0)
		return NULL;
	return val_float(ms);
}

static struct value *fn_get_device_id(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	if (cudaobj_have_dev(ev) < 0)
		return NULL;
	return val_int(cur_id());
}

static struct value *fn_setdevice(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *dv;
	int bad = 0;
	if (args_parse(ev, "setDevice", argc, argv, kw, "device", &dv) < 0)
		return NULL;
	int64_t id = int_arg(ev, dv, 0, &bad);
	if (bad)
		return NULL;
	if (id < INT32_MIN || id > INT32_MAX)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidDevice: invalid device ordinal");
	if (use_id(ev, (int)id) < 0)
		return NULL;
	return val_none();
}

/* deviceCanAccessPeer(device, peerDevice): 1 or 0, as the driver says */
static struct value *fn_can_peer(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b, *n;
	int bad = 0, can = 0;
	if (args_parse(ev, "deviceCanAccessPeer", argc, argv, kw, "device,peerDevice", &a, &b) < 0)
		return NULL;
	int64_t x = int_arg(ev, a, 0, &bad), y = int_arg(ev, b, 0, &bad);
	if (bad || !(n = cudaobj_need_dev(ev)))
		return NULL;
	val_decref(n);
	if (CUDA_CHECK(ev, cudaDeviceCanAccessPeer(&can, (int)x, (int)y)) < 0)
		return NULL;
	return val_int(can);
}

/* deviceEnablePeerAccess(peerDevice): from the current device */
static struct value *fn_enable_peer(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *a, *n;
	int bad = 0;
	if (args_parse(ev, "deviceEnablePeerAccess", argc, argv, kw, "peerDevice", &a) < 0)
		return NULL;
	int64_t y = int_arg(ev, a, 0, &bad);
	if (bad || !(n = cudaobj_need_dev(ev)))
		return NULL;
	val_decref(n);
	if (CUDA_CHECK(ev, cudaDeviceEnablePeerAccess((int)y, 0)) < 0)
		return NULL;
	if (y >= 0 && y < CUDA_MAXDEV)
		cuda_cur->peer[y] = 1;
	return val_none();
}

/* ---- cupy.cuda.runtime ---- */
static struct value *fn_memgetinfo(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return meminfo(ev);
}

static struct value *fn_devcount(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	int h = cudaobj_have_dev(ev), n = 0;
	if (h < 0)
		return NULL;
	if (h)
		cudaGetDeviceCount(&n);
	return val_int(n);
}

static struct value *fn_is_available(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	int h = cudaobj_have_dev(ev);
	return h < 0 ? NULL : val_bool(h > 0);
}

static struct value *fn_devsync(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "deviceSynchronize", argc, argv, kw, "") < 0)
		return NULL;
	return sync_id(ev, cur_id());
}

static struct value *tuple3(const int v[3])
{
	struct value *it[3] = {val_int(v[0]), val_int(v[1]), val_int(v[2])};
	return val_tuple_new(3, it);
}

static struct value *fn_props(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *dv, *d, *n;
	struct cudaDeviceProp p;
	int bad = 0;
	if (args_parse(ev, "getDeviceProperties", argc, argv, kw, "device", &dv) < 0)
		return NULL;
	int64_t id = int_arg(ev, dv, 0, &bad);
	if (bad || !(n = cudaobj_need_dev(ev)))
		return NULL;
	val_decref(n);
	if (CUDA_CHECK(ev, cudaGetDeviceProperties(&p, (int)id)) < 0)
		return NULL;
	if (!(d = val_dict_new()))
		return NULL;
	/* CuPy's name is bytes (b'NVIDIA H100 80GB HBM3') */
	dict_setstr(d, "name", val_bytes(p.name, strlen(p.name)));
	dict_setstr(d, "totalGlobalMem", val_int((int64_t)p.totalGlobalMem));
	dict_setstr(d, "sharedMemPerBlock", val_int((int64_t)p.sharedMemPerBlock));
	dict_setstr(d, "regsPerBlock", val_int(p.regsPerBlock));
	dict_setstr(d, "warpSize", val_int(p.warpSize));
	dict_setstr(d, "maxThreadsPerBlock", val_int(p.maxThreadsPerBlock));
	dict_setstr(d, "totalConstMem", val_int((int64_t)p.totalConstMem));
	dict_setstr(d, "major", val_int(p.major));
	dict_setstr(d, "minor", val_int(p.minor));
	dict_setstr(d, "multiProcessorCount", val_int(p.multiProcessorCount));
	dict_setstr(d, "l2CacheSize", val_int(p.l2CacheSize));
	dict_setstr(d, "maxThreadsPerMultiProcessor", val_int(p.maxThreadsPerMultiProcessor));
	dict_setstr(d, "memoryBusWidth", val_int(p.memoryBusWidth));
	dict_setstr(d, "pciBusID", val_int(p.pciBusID));
	dict_setstr(d, "sharedMemPerMultiprocessor", val_int((int64_t)p.sharedMemPerMultiprocessor));
	dict_setstr(d, "maxThreadsDim", tuple3(p.maxThreadsDim));
	dict_setstr(d, "maxGridSize", tuple3(p.maxGridSize));
	dict_setstr(d, "regsPerMultiprocessor", val_int(p.regsPerMultiprocessor));
	dict_setstr(d, "integrated", val_int(p.integrated));
	dict_setstr(d, "concurrentKernels", val_int(p.concurrentKernels));
	dict_setstr(d, "ECCEnabled", val_int(p.ECCEnabled));
	dict_setstr(d, "asyncEngineCount", val_int(p.asyncEngineCount));
	dict_setstr(d, "managedMemory", val_int(p.managedMemory));
	dict_setstr(d, "pciDeviceID", val_int(p.pciDeviceID));
	dict_setstr(d, "pciDomainID", val_int(p.pciDomainID));
	dict_setstr(d, "maxBlocksPerMultiProcessor", val_int(p.maxBlocksPerMultiProcessor));
	/* gone from cudaDeviceProp in CUDA 13, still in CuPy's dict: from the attributes */
	int clk = 0, mclk = 0;
	cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, (int)id);
	cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, (int)id);
	dict_setstr(d, "clockRate", val_int(clk));
	dict_setstr(d, "memoryClockRate", val_int(mclk));
	return d;
}

static struct value *fn_runtime_version(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw)
{
	int v = 0;
	cudaRuntimeGetVersion(&v);
	return val_int(v);
}

static struct value *fn_driver_version(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	int v = 0;
	cudaDriverGetVersion(&v);
	return val_int(v);
}

/* ---- memory pools ---- */
static struct value *pool_m(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	const char *m = bi->name;
	int pinned = bi->self && bi->self->u.obj.p != NULL;
	if (cudaobj_have_dev(ev) <= 0) {
		if (err_occurred(ev))
			return NULL;
		if (!strcmp(m, "free_all_blocks") || !strcmp(m, "set_limit"))
			return val_none();
		return val_int(0);
	}
	if (pinned) {
		if (!strcmp(m, "n_free_blocks"))
			return val_int((int64_t)pool_pinned_n_free_blocks());
		pool_pinned_free_all_blocks();
		return val_none();
	}
	if (!strcmp(m, "used_bytes"))
		return val_int((int64_t)pool_used_bytes());
	if (!strcmp(m, "total_bytes"))
		return val_int((int64_t)pool_total_bytes());
	if (!strcmp(m, "free_bytes"))
		return val_int((int64_t)pool_free_bytes());
	if (!strcmp(m, "n_free_blocks"))
		return val_int((int64_t)pool_n_free_blocks());
	if (!strcmp(m, "get_limit"))
		return val_int((int64_t)pool_get_limit());
	if (!strcmp(m, "free_all_blocks")) {
		pool_free_all_blocks();
		return val_none();
	}
	if (!strcmp(m, "set_limit")) {
		struct value *size = NULL, *frac = NULL;
		int bad = 0;
		double f = 0;
		if (args_parse(ev, "set_limit", argc, argv, kw, "|size,fraction", &size, &frac) < 0)
			return NULL;
		int64_t s = int_arg(ev, size, 0, &bad);
		if (bad || (frac && frac->type != VT_NONE && val_as_double(ev, frac, &f) < 0))
			return NULL;
		if (f > 0)
			s = (int64_t)(f * cuda_cur->total_mem);
		pool_set_limit((size_t)(s > 0 ? s : 0));
		return val_none();
	}
	return err_set(ev, TY_AttributeError, "'MemoryPool' object has no attribute '%s'", m);
}

static struct value *pool_getattr(struct eval *ev, struct value *self, const char *name)
{
	static const char *const dev_m[] = {"used_bytes", "total_bytes", "free_bytes", "n_free_blocks",
					    "free_all_blocks", "set_limit", "get_limit", NULL};
	static const char *const pin_m[] = {"n_free_blocks", "free_all_blocks", NULL};
	const char *const *ms = self->u.obj.p ? pin_m : dev_m;
	for (int i = 0; ms[i]; i++)
		if (!strcmp(ms[i], name))
			return method(self, ms[i], pool_m);
	return NULL;
}

static char *pool_repr(struct eval *ev, struct value *self)
{
	return strdup(self->u.obj.p ? "<cupy.cuda.pinned_memory.PinnedMemoryPool object>"
		      : "<cupy.cuda.memory.MemoryPool object>");
}

static const char *const pool_attrs[] = {"used_bytes", "total_bytes", "free_bytes", "n_free_blocks",
					 "free_all_blocks", "set_limit", "get_limit", NULL};
static const struct objtype pool_type = {
	"MemoryPool", cls_free, pool_getattr, NULL, NULL, pool_repr, NULL, NULL, pool_attrs,
};

static struct value *fn_mempool(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return val_object_new(&pool_type, NULL);
}

static struct value *fn_pinnedpool(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return val_object_new(&pool_type, (void *)"pinned");
}

/* ---- the tables arrmod.c adds ---- */
const struct arr_func arr_cupy_funcs[] = {
	{"get_default_memory_pool", fn_mempool, "get_default_memory_pool()", "The device memory pool (cupy.cuda.MemoryPool)."},
	{"get_default_pinned_memory_pool", fn_pinnedpool, "get_default_pinned_memory_pool()", "The pinned host memory pool."},
	{"ElementwiseKernel", uk_fn_elementwise, "ElementwiseKernel(in_params, out_params, operation, name='kernel', reduce_dims=True, preamble='', no_return=False, return_tuple=False, loop_prep='', options=())",
	 "A user-defined elementwise kernel, compiled by NVRTC at its first call and cached in memory and on disk."},
	{"ReductionKernel", uk_fn_reduction, "ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='', options=())",
	 "A user-defined reduction kernel (whole-array reductions)."},
	{"RawKernel", uk_fn_rawkernel, "RawKernel(code, name, options=(), backend='nvrtc')", "A CUDA C kernel compiled by NVRTC: kernel(grid, block, args, shared_mem=0)."},
	{"RawModule", uk_fn_rawmodule, "RawModule(code=None, path=None, options=(), backend='nvrtc', name_expressions=None)", "A CUDA C module: get_function(name) gives a RawKernel."},
	{NULL, NULL, NULL, NULL},
};

const struct arr_func arr_cuda_funcs[] = {
	{"Device", fn_device, "Device(device=None)", "A CUDA device (None: the current one): use(), synchronize(), mem_info, compute_capability; `with` makes it current and restores the previous one after."},
	{"Event", fn_event, "Event(block=False, disable_timing=False, interprocess=False)", "A CUDA event: record(stream=None), synchronize(), done."},
	{"get_elapsed_time", fn_elapsed, "get_elapsed_time(start_event, end_event)", "Milliseconds between two recorded events."},
	{"get_device_id", fn_get_device_id, "get_device_id()", "The current device's id."},
	{"get_current_stream", fn_current_stream, "get_current_stream(device_id=None)",
	 "The current device's current stream (Stream.null unless a `with` block or use() chose another)."},
	{"get_default_memory_pool", fn_mempool, "get_default_memory_pool()", "The device memory pool."},
	{"get_default_pinned_memory_pool", fn_pinnedpool, "get_default_pinned_memory_pool()", "The pinned host memory pool."},
	{"is_available", fn_is_available, "is_available()", "True when a CUDA device is usable."},
	{"lumen_fallbacks", cuda_fallback_list, "lumen_fallbacks()",
	 "Lumen's list of what cp computes through host memory: (function, reason, where, count) tuples (cuda_fallback.c)."},
	{NULL, NULL, NULL, NULL},
};

const struct arr_func arr_cuda_runtime_funcs[] = {
	{"memGetInfo", fn_memgetinfo, "memGetInfo()", "(free, total) bytes of device memory."},
	{"getDeviceCount", fn_devcount, "getDeviceCount()", "The number of CUDA devices."},
	{"getDevice", fn_get_device_id, "getDevice()", "The current device's id."},
	{"setDevice", fn_setdevice, "setDevice(device)", "Makes device current (cudaErrorInvalidDevice for an ordinal the machine lacks)."},
	{"deviceCanAccessPeer", fn_can_peer, "deviceCanAccessPeer(device, peerDevice)", "1 when device can read peerDevice's memory, else 0."},
	{"deviceEnablePeerAccess", fn_enable_peer, "deviceEnablePeerAccess(peerDevice)", "Lets the current device read peerDevice's memory."},
	{"getDeviceProperties", fn_props, "getDeviceProperties(device)", "The device's properties as a dict."},
	{"deviceSynchronize", fn_devsync, "deviceSynchronize()", "Waits for all work on the device."},
	{"runtimeGetVersion", fn_runtime_version, "runtimeGetVersion()", "The CUDA runtime version (13000 for 13.0)."},
	{"driverGetVersion", fn_driver_version, "driverGetVersion()", "The CUDA driver version."},
	{NULL, NULL, NULL, NULL},
};

/* cupy.cuda.Stream is a class with a `null` attribute: an object value */
int arr_module_init_cuda(struct eval *ev, const char *fullname, struct value *mod)
{
	if (!strcmp(fullname, "cupy.cuda")) {
		struct value *s = val_object_new(&streamcls_type, (void *)"Stream");
		if (!s || module_add(mod, "Stream", s) < 0)
			return -1;
	}
	return 0;
}

#endif /* HAVE_CUDA */
