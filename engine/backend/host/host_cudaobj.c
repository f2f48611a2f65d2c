/*
 * host_cudaobj.c — CuPy's cupy.cuda in host mode (no CUDA plugin), so CuPy notebooks run on a
 * laptop: the host is the one device 0 (getDeviceCount() 1, is_available() False, Device(1)
 * raises CuPy's invalid ordinal when used or entered); streams and events are the host's in-order queue (events on
 * the host clock); memGetInfo is host memory; the pool reports cp arrays' live bytes.
 * Never touches a device; holds no state beyond host_backend.c's counters.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lang/value.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bytesobj.h"
#include "array/arrfuncs.h"
#include "array/arrapi.h"
#include "backend/cuda_plugin.h"
#include "backend/host/host.h"

/* host_backend.c: what host mode's memory pool reports */
void host_pool_stats(size_t *used, size_t *cached, size_t *nblocks);
void host_pool_free_all(void);

static struct value *method(struct value *self, const char *name, builtin_fn fn)
{
	return val_builtin(name, fn, self, NULL);
}

static struct value *invalid_device(struct eval *ev)
{
	return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidDevice: invalid device ordinal");
}

/* a device id argument: 0, or CuPy's error (the host is the one device) */
static int device_arg(struct eval *ev, struct value *v, int64_t *id)
{
	*id = 0;
	if (v && v->type != VT_NONE && val_as_int64(ev, v, id) < 0)
		return -1;
	if (*id != 0) {
		invalid_device(ev);
		return -1;
	}
	return 0;
}

static void host_mem(size_t *fr, size_t *tot)
{
	long page = sysconf(_SC_PAGESIZE);
	*tot = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)page;
	*fr = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)page;
	/* MemAvailable counts the page cache the kernel gives back: closer to
	 * what an allocation can get than MemFree */
	FILE *f = fopen("/proc/meminfo", "r");
	if (f) {
		char line[128];
		unsigned long long kb;
		while (fgets(line, sizeof line, f))
			if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
				*fr = (size_t)kb * 1024;
				break;
			}
		fclose(f);
	}
}

static struct value *meminfo_tuple(struct eval *ev)
{
	size_t fr, tot;
	host_mem(&fr, &tot);
	struct value *items[2] = { val_int((int64_t)fr), val_int((int64_t)tot) };
	struct value *t = items[0] && items[1] ? val_tuple_new(2, items) : NULL;
	return t ? t : err_nomem(ev);
}

/* A builtin fn that reads none of its arguments and returns expr (which
 * may use ev): the methods and functions that in host mode are constants */
#define NOARG_FN(fn, expr)                                                     \
	static struct value *fn(struct eval *ev, const struct builtin *bi, int argc, \
				struct value **argv, const struct kwargs *kw)  \
	{                                                                      \
		(void)ev;                                                      \
		(void)bi;                                                      \
		(void)argc;                                                    \
		(void)argv;                                                    \
		(void)kw;                                                      \
		return expr;                                                   \
	}

/* a new object of type t over p; NULL with MemoryError */
static struct value *obj_new(struct eval *ev, const struct objtype *t, void *p)
{
	struct value *v = val_object_new(t, p);
	return v ? v : err_nomem(ev);
}

NOARG_FN(none_fn, val_none())

static void plain_free(void *p) { (void)p; }

/* ---- Device ----
 * As CuPy's: Device(i) only remembers i (None: the current device, 0);
 * use(), `with`, synchronize(), mem_info and compute_capability of an
 * ordinal other than 0 raise cudaErrorInvalidDevice. */

struct host_dev { int64_t id; };

static void dev_free(void *p) { free(p); }

static int64_t dev_id(struct value *self) { return ((struct host_dev *)self->u.obj.p)->id; }

static int dev_check(struct eval *ev, struct value *self)
{
	if (dev_id(self) != 0) {
		invalid_device(ev);
		return -1;
	}
	return 0;
}

static struct value *dev_use(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "use", argc, argv, kw, "") < 0 || dev_check(ev, bi->self) < 0)
		return NULL;
	return val_incref(bi->self);   /* CuPy 14's use() returns the Device */
}

static struct value *dev_sync(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "synchronize", argc, argv, kw, "") < 0 || dev_check(ev, bi->self) < 0)
		return NULL;
	return val_none();   /* host work is done when it returns */
}

/* Device.attributes in host mode: what a RawKernel on the host accepts
 * (CUDA's launch limits; no shared memory), the host's processors */
static struct value *dev_attributes(struct eval *ev)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	static const struct { const char *name; int64_t v; } at[] = {
		{"MaxThreadsPerBlock", 1024}, {"MaxBlockDimX", 1024}, {"MaxBlockDimY", 1024}, {"MaxBlockDimZ", 64},
		{"MaxGridDimX", 2147483647}, {"MaxGridDimY", 65535}, {"MaxGridDimZ", 65535},
		{"MaxSharedMemoryPerBlock", 0}, {"WarpSize", 32}, {"ComputeCapabilityMajor", 0},
		{"ComputeCapabilityMinor", 0}, {"ConcurrentKernels", 0}, {"ManagedMemory", 1},
	};
	struct value *d = val_dict_new();
	if (!d || dict_setstr(d, "MultiProcessorCount", val_int(ncpu > 0 ? ncpu : 1)) < 0)
		goto nomem;
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
		if (dict_setstr(d, at[i].name, val_int(at[i].v)) < 0)
			goto nomem;
	return d;
nomem:
	val_decref(d);
	return err_nomem(ev);
}

static struct value *dev_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "attributes"))
		return dev_attributes(ev);
	if (!strcmp(name, "id"))
		return val_int(dev_id(self));
	if (!strcmp(name, "synchronize"))
		return method(self, name, dev_sync);
	if (!strcmp(name, "use"))
		return method(self, name, dev_use);
	if (!strcmp(name, "mem_info"))
		return dev_check(ev, self) < 0 ? NULL : meminfo_tuple(ev);
	if (!strcmp(name, "compute_capability"))  /* no CUDA: major 0, minor 0, spelt as CuPy spells "90" */
		return dev_check(ev, self) < 0 ? NULL : val_cstr("00");
	return NULL;
}

static char *dev_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(48);
	(void)ev;
	if (s)
		snprintf(s, 48, "<CUDA Device %lld>", (long long)dev_id(self));
	return s;
}

/* the one device is always current: entering another raises, leaving is nothing */
static int dev_enter(struct eval *ev, struct value *self) { return dev_check(ev, self); }
static int dev_exit(struct eval *ev, struct value *self) { (void)ev; (void)self; return 0; }
static int noop_enter(struct eval *ev, struct value *self) { (void)ev; (void)self; return 0; }
static int noop_exit(struct eval *ev, struct value *self) { (void)ev; (void)self; return 0; }

static const struct objtype device_type;

/* Device(0) == Device(0), Device(0) < Device(1): CuPy compares ids */
static struct value *dev_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	(void)ev;
	if (op < OP_LT || op > OP_GE || l->type != VT_OBJECT || r->type != VT_OBJECT
	    || l->u.obj.t != &device_type || r->u.obj.t != &device_type)
		return NULL;
	long long x = dev_id(l), y = dev_id(r);
	switch (op) {
	case OP_LT: return val_bool(x < y);
	case OP_LE: return val_bool(x <= y);
	case OP_EQ: return val_bool(x == y);
	case OP_NE: return val_bool(x != y);
	case OP_GT: return val_bool(x > y);
	default: return val_bool(x >= y);
	}
}

static const char *const dev_attrs[] = {"attributes", "compute_capability", "id", "mem_info", "synchronize", "use",
					NULL};
static const struct objtype device_type = {
	.name = "Device", .free = dev_free, .getattr = dev_getattr, .repr = dev_repr,
	.enter = dev_enter, .exit = dev_exit, .attrs = dev_attrs, .binop = dev_binop,
};

static struct value *fn_device(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *dv = NULL;
	struct host_dev *d;
	int64_t id = 0;
	if (args_parse(ev, "Device", argc, argv, kw, "|device", &dv) < 0)
		return NULL;
	if (dv && dv->type == VT_OBJECT && dv->u.obj.t == &device_type)
		id = dev_id(dv);
	else if (dv && dv->type != VT_NONE && val_as_int64(ev, dv, &id) < 0)
		return NULL;
	if (!(d = malloc(sizeof *d)))
		return err_nomem(ev);
	d->id = id;
	return val_object_new(&device_type, d);
}

/* ---- Event ---- */

struct event_obj { int recorded; double ms; };

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void event_free(void *p) { free(p); }

static struct value *event_record(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct event_obj *e = bi->self->u.obj.p;
	struct value *sv = NULL;
	if (args_parse(ev, "record", argc, argv, kw, "|stream", &sv) < 0)
		return NULL;
	e->ms = now_ms();
	e->recorded = 1;
	return val_none();
}

static struct value *event_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	if (!strcmp(name, "record"))
		return method(self, name, event_record);
	if (!strcmp(name, "synchronize"))
		return method(self, name, none_fn);
	if (!strcmp(name, "done"))
		return val_bool(1);
	if (!strcmp(name, "ptr"))
		return val_int(0);
	return NULL;
}

static const char *const event_attrs[] = {"done", "ptr", "record", "synchronize", NULL};
static const struct objtype event_type = {
	.name = "Event", .free = event_free, .getattr = event_getattr, .attrs = event_attrs,
};

static struct value *event_new(struct eval *ev, int record)
{
	struct event_obj *e = calloc(1, sizeof *e);
	if (!e)
		return err_nomem(ev);
	if (record) {
		e->ms = now_ms();
		e->recorded = 1;
	}
	return val_object_new(&event_type, e);
}

static struct value *fn_event(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *block = NULL, *dis = NULL, *inter = NULL;
	if (args_parse(ev, "Event", argc, argv, kw, "|block,disable_timing,interprocess",
		       &block, &dis, &inter) < 0)
		return NULL;
	return event_new(ev, 0);
}

/* cupy.cuda.get_elapsed_time(start, end): milliseconds, host clock */
static struct value *fn_elapsed(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *a, *b;
	if (args_parse(ev, "get_elapsed_time", argc, argv, kw, "start_event,end_event", &a, &b) < 0)
		return NULL;
	if (a->type != VT_OBJECT || a->u.obj.t != &event_type || b->type != VT_OBJECT ||
	    b->u.obj.t != &event_type)
		return err_set(ev, TY_TypeError, "get_elapsed_time() arguments must be cupy.cuda.Event");
	struct event_obj *x = a->u.obj.p, *y = b->u.obj.p;
	if (!x->recorded || !y->recorded)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidResourceHandle: invalid resource handle");
	return val_float(y->ms - x->ms);
}

/* ---- Stream ---- */

static struct value *stream_use(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	(void)ev;
	(void)argc;
	(void)argv;
	(void)kw;
	return val_incref(bi->self);
}

static struct value *stream_record(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *e = NULL;
	if (args_parse(ev, "record", argc, argv, kw, "|event", &e) < 0)
		return NULL;
	if (e && e->type != VT_NONE) {
		if (e->type != VT_OBJECT || e->u.obj.t != &event_type)
			return err_set(ev, TY_TypeError, "record() event must be cupy.cuda.Event");
		struct event_obj *x = e->u.obj.p;
		x->ms = now_ms();
		x->recorded = 1;
		return val_incref(e);
	}
	return event_new(ev, 1);
}

static struct value *stream_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	if (!strcmp(name, "synchronize") || !strcmp(name, "wait_event"))
		return method(self, name, none_fn);
	if (!strcmp(name, "use"))
		return method(self, name, stream_use);
	if (!strcmp(name, "record"))
		return method(self, name, stream_record);
	if (!strcmp(name, "done"))
		return val_bool(1);
	if (!strcmp(name, "ptr"))
		return val_int(0);
	if (!strcmp(name, "device_id"))
		return val_int(0);
	return NULL;
}

static char *stream_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return strdup("<Stream 0 (device 0)>");
}

static const struct objtype stream_type;

/* CuPy compares streams by handle: every host-mode stream is the host's one
 * queue (ptr 0), so they are all equal (Stream.null == get_current_stream()) */
static struct value *stream_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	(void)ev;
	if ((op != OP_EQ && op != OP_NE) || l->type != VT_OBJECT || r->type != VT_OBJECT
	    || l->u.obj.t != &stream_type || r->u.obj.t != &stream_type)
		return NULL;
	return val_bool(op == OP_EQ);
}

static const char *const stream_attrs[] = {"device_id", "done", "ptr", "record", "synchronize", "use",
					   "wait_event", NULL};
static const struct objtype stream_type = {
	.name = "Stream", .free = plain_free, .getattr = stream_getattr, .repr = stream_repr,
	.enter = noop_enter, .exit = noop_exit, .attrs = stream_attrs, .binop = stream_binop,
};

/* the class: Stream(null=False, non_blocking=False, priority=0), Stream.null */
static struct value *streamcls_call(struct eval *ev, struct value *self, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	(void)self;
	struct value *nb = NULL, *nul = NULL, *pr = NULL;
	if (args_parse(ev, "Stream", argc, argv, kw, "|null,non_blocking,priority", &nul, &nb, &pr) < 0)
		return NULL;
	return val_object_new(&stream_type, NULL);
}

static struct value *streamcls_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	(void)self;
	if (!strcmp(name, "null"))
		return val_object_new(&stream_type, NULL);
	return NULL;
}

static char *streamcls_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	(void)self;
	return strdup("<class 'cupy.cuda.Stream'>");
}

static const char *const streamcls_attrs[] = {"null", NULL};
static const struct objtype streamcls_type = {
	.name = "type", .free = plain_free, .getattr = streamcls_getattr, .call = streamcls_call,
	.repr = streamcls_repr, .attrs = streamcls_attrs,
};

NOARG_FN(fn_current_stream, obj_new(ev, &stream_type, NULL))

/* ---- memory pools ---- */

static struct value *pool_m(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	const char *m = bi->name;
	int pinned = bi->self && bi->self->u.obj.p != NULL;
	size_t used, cached, nblocks;
	if (!strcmp(m, "free_all_blocks")) {
		if (!pinned)
			host_pool_free_all();
		return val_none();
	}
	if (!strcmp(m, "set_limit")) {
		struct value *size = NULL, *frac = NULL;
		if (args_parse(ev, "set_limit", argc, argv, kw, "|size,fraction", &size, &frac) < 0)
			return NULL;
		return err_set(ev, TY_NotImplementedError,
			       "MemoryPool.set_limit in host mode: cp arrays are host memory, not a device pool's");
	}
	host_pool_stats(&used, &cached, &nblocks);
	if (pinned)
		return val_int(0);   /* n_free_blocks: nothing is pinned without a device */
	if (!strcmp(m, "used_bytes"))
		return val_int((int64_t)used);
	if (!strcmp(m, "total_bytes"))
		return val_int((int64_t)(used + cached));
	if (!strcmp(m, "free_bytes"))
		return val_int((int64_t)cached);
	if (!strcmp(m, "n_free_blocks"))
		return val_int((int64_t)nblocks);
	if (!strcmp(m, "get_limit"))
		return val_int(0);
	return err_set(ev, TY_AttributeError, "'MemoryPool' object has no attribute '%s'", m);
}

static const char *const pool_attrs[] = {"free_all_blocks", "free_bytes", "get_limit", "n_free_blocks",
					 "set_limit", "total_bytes", "used_bytes", NULL};
static const char *const pinned_attrs[] = {"free_all_blocks", "n_free_blocks", NULL};

static struct value *pool_getattr(struct eval *ev, struct value *self, const char *name)
{
	(void)ev;
	const char *const *ms = self->u.obj.p ? pinned_attrs : pool_attrs;
	for (int i = 0; ms[i]; i++)
		if (!strcmp(ms[i], name))
			return method(self, ms[i], pool_m);
	return NULL;
}

static char *pool_repr(struct eval *ev, struct value *self)
{
	(void)ev;
	return strdup(self->u.obj.p ? "<cupy.cuda.pinned_memory.PinnedMemoryPool object>"
		      : "<cupy.cuda.memory.MemoryPool object>");
}

static const struct objtype pool_type = {
	.name = "MemoryPool", .free = plain_free, .getattr = pool_getattr, .repr = pool_repr,
	.attrs = pool_attrs,
};

static const struct objtype pinned_type = {
	.name = "PinnedMemoryPool", .free = plain_free, .getattr = pool_getattr, .repr = pool_repr,
	.attrs = pinned_attrs,
};

NOARG_FN(fn_mempool, obj_new(ev, &pool_type, NULL))
NOARG_FN(fn_pinnedpool, obj_new(ev, &pinned_type, (void *)"pinned"))

/* ---- cupy.cuda and cupy.cuda.runtime functions ---- */

NOARG_FN(fn_false, val_bool(0))
NOARG_FN(fn_zero, val_int(0))
NOARG_FN(fn_one, val_int(1))

static struct value *fn_memgetinfo(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	if (args_parse(ev, "memGetInfo", argc, argv, kw, "") < 0)
		return NULL;
	return meminfo_tuple(ev);
}

static struct value *fn_setdevice(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *dv;
	int64_t id;
	if (args_parse(ev, "setDevice", argc, argv, kw, "device", &dv) < 0 || device_arg(ev, dv, &id) < 0)
		return NULL;
	return val_none();
}

/* deviceCanAccessPeer(device, peerDevice): the one device has no peer (0,
 * as CUDA answers for a device and itself) */
static struct value *fn_can_peer(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *a, *b;
	int64_t x, y;
	if (args_parse(ev, "deviceCanAccessPeer", argc, argv, kw, "device,peerDevice", &a, &b) < 0 ||
	    device_arg(ev, a, &x) < 0 || device_arg(ev, b, &y) < 0)
		return NULL;
	return val_int(0);
}

/* the processor's clock in kHz (/proc/cpuinfo's "cpu MHz"), 0 unknown */
static int64_t cpu_khz(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	double mhz = 0;
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "cpu MHz", 7) && strchr(line, ':')) {
			mhz = atof(strchr(line, ':') + 1);
			break;
		}
	if (f)
		fclose(f);
	return (int64_t)(mhz * 1000);
}

static void cpu_name(char *buf, size_t n)
{
	snprintf(buf, n, "host CPU");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "model name", 10))
			continue;
		char *c = strchr(line, ':');
		if (!c)
			break;
		c++;
		while (*c == ' ' || *c == '\t')
			c++;
		c[strcspn(c, "\n")] = 0;
		snprintf(buf, n, "host (%s)", c);
		break;
	}
	fclose(f);
}

/* getDeviceProperties(0): the host's own numbers where CUDA's have a
 * meaning on it (name, memory, processors); no CUDA: major 0, minor 0 */
static struct value *fn_props(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	(void)bi;
	struct value *dv, *d;
	int64_t id;
	if (args_parse(ev, "getDeviceProperties", argc, argv, kw, "device", &dv) < 0 ||
	    device_arg(ev, dv, &id) < 0)
		return NULL;
	char name[256];
	size_t fr, tot;
	cpu_name(name, sizeof name);
	host_mem(&fr, &tot);
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (!(d = val_dict_new()))
		return err_nomem(ev);
	/* CuPy's name is bytes; the launch limits are those a host RawKernel takes */
	struct value *dims[3] = {val_int(1024), val_int(1024), val_int(64)};
	struct value *grid[3] = {val_int(2147483647), val_int(65535), val_int(65535)};
	if (dict_setstr(d, "name", val_bytes(name, strlen(name))) < 0 ||
	    dict_setstr(d, "maxThreadsPerBlock", val_int(1024)) < 0 || dict_setstr(d, "warpSize", val_int(32)) < 0 ||
	    dict_setstr(d, "maxThreadsDim", val_tuple_new(3, dims)) < 0 ||
	    dict_setstr(d, "maxGridSize", val_tuple_new(3, grid)) < 0 ||
	    dict_setstr(d, "sharedMemPerBlock", val_int(0)) < 0 || dict_setstr(d, "regsPerBlock", val_int(0)) < 0 ||
	    dict_setstr(d, "totalConstMem", val_int(0)) < 0 || dict_setstr(d, "clockRate", val_int(cpu_khz())) < 0 ||
	    dict_setstr(d, "totalGlobalMem", val_int((int64_t)tot)) < 0 ||
	    dict_setstr(d, "multiProcessorCount", val_int(ncpu > 0 ? ncpu : 1)) < 0 ||
	    dict_setstr(d, "major", val_int(0)) < 0 || dict_setstr(d, "minor", val_int(0)) < 0 ||
	    dict_setstr(d, "integrated", val_int(1)) < 0) {
		val_decref(d);
		return err_nomem(ev);
	}
	return d;
}

const struct arr_func arr_host_cupy_funcs[] = {
	{"get_default_memory_pool", fn_mempool, "get_default_memory_pool()",
	 "The device memory pool (cupy.cuda.MemoryPool).  In host mode: used_bytes() is the live\n"
	 "bytes of cp arrays, total_bytes() adds the host's cached free blocks (shared with NumPy\n"
	 "arrays), free_all_blocks() gives those back to the system."},
	{"get_default_pinned_memory_pool", fn_pinnedpool, "get_default_pinned_memory_pool()",
	 "The pinned host memory pool; in host mode nothing is pinned (n_free_blocks() is 0)."},
	{NULL, NULL, NULL, NULL},
};

const struct arr_func arr_host_cuda_funcs[] = {
	{"Device", fn_device, "Device(device=None)",
	 "A CUDA device: id, use(), synchronize(), mem_info, compute_capability; usable in `with`.\n"
	 "In host mode the host is the one device 0 (compute_capability '00'); Device(1).use() and\n"
	 "`with Device(1):` raise CUDARuntimeError: cudaErrorInvalidDevice."},
	{"Event", fn_event, "Event(block=False, disable_timing=False, interprocess=False)",
	 "A CUDA event: record(stream=None), synchronize(), done.  In host mode cp work is done\n"
	 "when its statement returns: record() reads the host's monotonic clock."},
	{"get_elapsed_time", fn_elapsed, "get_elapsed_time(start_event, end_event)",
	 "Milliseconds between two recorded events (host mode: on the host's monotonic clock)."},
	{"get_current_stream", fn_current_stream, "get_current_stream()",
	 "The current stream (host mode: the host's one in-order queue)."},
	{"get_device_id", fn_zero, "get_device_id()", "The current device's id (0)."},
	{"get_default_memory_pool", fn_mempool, "get_default_memory_pool()",
	 "The device memory pool (host mode: cp arrays' live bytes, the cached free blocks)."},
	{"get_default_pinned_memory_pool", fn_pinnedpool, "get_default_pinned_memory_pool()",
	 "The pinned host memory pool (host mode: nothing is pinned)."},
	{"is_available", fn_false, "is_available()",
	 "True when a CUDA device is usable; False in host mode (cp runs on the host)."},
	{NULL, NULL, NULL, NULL},
};

const struct arr_func arr_host_cuda_runtime_funcs[] = {
	{"memGetInfo", fn_memgetinfo, "memGetInfo()",
	 "(free, total) bytes of device memory; in host mode the host's (MemAvailable, physical)."},
	{"getDeviceCount", fn_one, "getDeviceCount()",
	 "The number of CUDA devices.  In host mode 1: the host stands in as device 0, so a loop\n"
	 "over the devices runs once (is_available() still says there is no CUDA)."},
	{"getDevice", fn_zero, "getDevice()", "The current device (0)."},
	{"deviceCanAccessPeer", fn_can_peer, "deviceCanAccessPeer(device, peerDevice)",
	 "1 when device can read peerDevice's memory; in host mode 0 (one device, no peer)."},
	{"setDevice", fn_setdevice, "setDevice(device)",
	 "Makes device current; in host mode only 0 exists (others raise cudaErrorInvalidDevice)."},
	{"getDeviceProperties", fn_props, "getDeviceProperties(device)",
	 "The device's properties as a dict.  In host mode: name (the CPU's), totalGlobalMem,\n"
	 "multiProcessorCount (online CPUs), major 0, minor 0, integrated 1."},
	{"deviceSynchronize", none_fn, "deviceSynchronize()",
	 "Waits for all work on the device (host mode: none is ever pending)."},
	{"runtimeGetVersion", fn_zero, "runtimeGetVersion()", "The CUDA runtime version (0: none in host mode)."},
	{"driverGetVersion", fn_zero, "driverGetVersion()", "The CUDA driver version (0: none in host mode)."},
	{NULL, NULL, NULL, NULL},
};

/* cupy.cuda.Stream is a class with a `null` attribute: an object value */
int arr_host_module_init_cuda(struct eval *ev, const char *fullname, struct value *mod)
{
	(void)ev;
	if (!strcmp(fullname, "cupy.cuda")) {
		struct value *s = val_object_new(&streamcls_type, NULL);
		if (!s || module_add(mod, "Stream", s) < 0)
			return -1;
	}
	return 0;
}

/* ---- arr_hooks: the cp namespaces (array/arrfuncs.h) ----
 * The CUDA plugin's when it is loaded, else host mode's. */

static const struct backend *cupy_backend(struct eval *ev)
{
	const struct backend *be = backend_cuda(ev);
	if (err_occurred(ev))
		return NULL;
	return be ? be : &backend_host_cupy;
}

static const struct arr_func *cuda_table(enum arr_cuda_ns which)
{
	const struct cuda_plugin *pl = cuda_plugin();
	switch (which) {
	case ACN_CUPY: return pl ? pl->cupy_funcs : arr_host_cupy_funcs;
	case ACN_CUDA: return pl ? pl->cuda_funcs : arr_host_cuda_funcs;
	case ACN_RUNTIME: return pl ? pl->cuda_runtime_funcs : arr_host_cuda_runtime_funcs;
	default: return pl ? NULL : arr_host_ukernel_funcs;
	}
}

static int module_init_cuda(struct eval *ev, const char *fullname, struct value *mod)
{
	const struct cuda_plugin *pl = cuda_plugin_peek();
	return pl ? pl->module_init(ev, fullname, mod) : arr_host_module_init_cuda(ev, fullname, mod);
}

void host_cudaobj_register(void)
{
	arr_hooks.cupy_backend = cupy_backend;
	arr_hooks.cuda_table = cuda_table;
	arr_hooks.module_init_cuda = module_init_cuda;
}
