/*
 * arrmod.c — builds the `numpy` and `cupy` modules (and numpy.linalg,
 * numpy.fft, numpy.random, cupy.cuda, cupyx, cupyx.scipy.*, scipy.*) from
 * the areas' tables in arrfuncs.h, binding every builtin's data to its
 * namespace's backend: np -> backend_host; cp -> backend_cuda(ev), or
 * backend_host_cupy in host mode.
 *
 * Owns the module cache (one module per name per process, never freed) and
 * the published tables (arr_publish: the areas' tables, given at start-up).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "config.h"
#include "array/arrapi.h"
#include "lang/error.h"
#include "array/xfer.h"

/* ---- the published tables ---- */

#define NS_MAX 64
static const struct arr_func *published[NS_COUNT][NS_MAX + 1];

/* arr_published_next's answers by (ns, own, name's address): a wrapped
 * name (np.zeros through datetime's and flex's tables) is looked up on
 * every call, and the scan over every table was most of such a call's cost.
 * The tables are fixed after start-up; arr_publish empties the cache. */
#define NEXT_CACHE 256
static struct { const char *name; const struct arr_func *own; int ns; builtin_fn fn; } next_cache[NEXT_CACHE];

void arr_publish(enum arr_ns ns, const struct arr_func *t)
{
	int i = 0;
	while (published[ns][i] && published[ns][i] != t)
		i++;
	if (i == NS_MAX) { /* a programming error: say so at start-up, never drop a table silently */
		fprintf(stderr, "lumen: arr_publish: more than %d tables in namespace %d (raise NS_MAX)\n", NS_MAX, (int)ns);
		abort();
	}
	published[ns][i] = t;
	memset(next_cache, 0, sizeof next_cache);
}

const struct arr_func *const *arr_published(enum arr_ns ns)
{
	return published[ns];
}


static builtin_fn published_next_scan(enum arr_ns ns, const struct arr_func *own, const char *name);

builtin_fn arr_published_next(enum arr_ns ns, const struct arr_func *own, const char *name)
{
	size_t h = (((uintptr_t)name >> 3) ^ ((uintptr_t)own >> 4) ^ (size_t)ns) % NEXT_CACHE;
	if (next_cache[h].name == name && next_cache[h].own == own && next_cache[h].ns == (int)ns)
		return next_cache[h].fn;
	builtin_fn fn = published_next_scan(ns, own, name);
	next_cache[h].name = name;
	next_cache[h].own = own;
	next_cache[h].ns = ns;
	next_cache[h].fn = fn;
	return fn;
}

static builtin_fn published_next_scan(enum arr_ns ns, const struct arr_func *own, const char *name)
{
	const struct arr_func *const *t = published[ns];
	builtin_fn fn = NULL;
	int i = 0, after = 0;
	if (ns == NS_METHODS) {
		for (; t[i] && !fn; i++) {
			if (t[i] == own)
				after = 1;
			else if (after)
				for (const struct arr_func *f = t[i]; f->name && !fn; f++)
					if (!strcmp(f->name, name))
						fn = f->fn;
		}
		return fn;
	}
	for (; t[i] && t[i] != own; i++)
		for (const struct arr_func *f = t[i]; f->name; f++)
			if (!strcmp(f->name, name))
				fn = f->fn;
	return fn;
}

struct value *arr_call_next(struct eval *ev, enum arr_ns ns, const struct arr_func *own, const struct builtin *bi,
			    int argc, struct value **argv, const struct kwargs *kw)
{
	builtin_fn fn = arr_published_next(ns, own, bi->name);
	if (!fn)
		return ns == NS_METHODS
			? err_set(ev, TY_AttributeError, "'numpy.ndarray' object has no attribute '%s'", bi->name)
			: err_set(ev, TY_AttributeError, "module 'numpy' has no attribute '%s'", bi->name);
	return fn(ev, bi, argc, argv, kw);
}

struct arr_hooks arr_hooks;

/* the table of one of the CUDA namespaces (arr_hooks; waits for the
 * plugin: only a cp module asks) */
static const struct arr_func *cuda_table(enum arr_cuda_ns which)
{
	static const struct arr_func none[] = {{NULL, NULL, NULL, NULL}};
	const struct arr_func *t = arr_hooks.cuda_table ? arr_hooks.cuda_table(which) : NULL;
	return t ? t : none;
}

static int module_init_cuda(struct eval *ev, const char *fullname, struct value *mod)
{
	return arr_hooks.module_init_cuda ? arr_hooks.module_init_cuda(ev, fullname, mod) : 0;
}

/* ---- cupy-only functions this file can serve itself ---- */

/* cp.asnumpy(a, stream=None, order='C', *, out=None, blocking=True) */
static struct value *fn_asnumpy(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct ndarray *a;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "asnumpy() missing required argument 'a' (pos 1)");
	a = arr_borrow(argv[0]);
	if (!a)
		return arr_wrap(ev, arr_asarray(ev, &backend_host, argv[0], -1));
	if (!arr_is_cupy(nd_backend(a)))
		return val_incref(argv[0]);
	xfer_user_begin();
	struct ndarray *h = arr_to_backend(ev, a, &backend_host);
	xfer_user_end();
	return arr_wrap(ev, h);
}

static struct value *arr_import_cached(struct eval *ev, const char *name);

/* cp.get_array_module(*args): cupy if any argument is a cupy array */
static struct value *fn_get_array_module(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	for (int i = 0; i < argc; i++) {
		struct ndarray *a = arr_borrow(argv[i]);
		if (a && arr_is_cupy(nd_backend(a)))
			return arr_import_cached(ev, "cupy");
	}
	return arr_import_cached(ev, "numpy");
}

/* cp.fuse: a Fusion object calls its function; the statement fusion of
 * the evaluator already runs the function's elementwise body as one launch */
struct fusion {
	struct value *func;
	char *name;
};

static void fusion_free(void *p)
{
	struct fusion *f = p;
	val_decref(f->func);
	free(f->name);
	free(f);
}

static struct value *fusion_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct fusion *f = self->u.obj.p;
	return val_call(ev, f->func, argc, argv, kw);
}

static char *fusion_repr(struct eval *ev, struct value *self)
{
	struct fusion *f = self->u.obj.p;
	char *s = malloc(strlen(f->name) + 16);
	if (!s)
		return err_nomem(ev), NULL;
	sprintf(s, "<Fusion '%s'>", f->name);
	return s;
}

static struct value *fusion_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct fusion *f = self->u.obj.p;
	if (!strcmp(name, "name"))
		return val_cstr(f->name);
	if (!strcmp(name, "func"))
		return val_incref(f->func);
	return NULL;
}

static const char *const fusion_attrs[] = {"name", "func", NULL};
static const struct objtype fusion_type = {
	.name = "Fusion", .free = fusion_free, .call = fusion_call, .repr = fusion_repr,
	.getattr = fusion_getattr, .attrs = fusion_attrs,
};

static struct value *fusion_new(struct eval *ev, struct value *func, struct value *kname)
{
	const char *name = kname && kname->type != VT_NONE ? val_as_cstr(kname) : NULL;
	struct value *n = NULL;
	if (kname && kname->type != VT_NONE && !name)
		return err_set(ev, TY_TypeError, "kernel_name must be a str");
	if (!name) {
		n = val_getattr(ev, func, "__name__");
		if (!n)
			return NULL;
		name = val_as_cstr(n);
		if (!name) {
			val_decref(n);
			return err_set(ev, TY_TypeError, "fuse() needs a function with a str __name__");
		}
	}
	struct fusion *f = calloc(1, sizeof *f);
	if (!f || !(f->name = strdup(name))) {
		free(f);
		val_decref(n);
		return err_nomem(ev);
	}
	val_decref(n);
	f->func = val_incref(func);
	struct value *v = val_object_new(&fusion_type, f);
	if (!v)
		fusion_free(f);
	return v ? v : err_nomem(ev);
}

static int fusion_callable(struct value *f)
{
	return f->type == VT_FUNCTION || f->type == VT_BUILTIN || f->type == VT_TYPE ||
	       (f->type == VT_OBJECT && f->u.obj.t->call);
}

/* fuse(...)(f): the decorator carries kernel_name (or None) as its self */
static struct value *fn_fuse_decorate(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	if (argc != 1 || (kw && kw->n))
		return err_set(ev, TY_TypeError, "wrapper() takes exactly one argument (%d given)", argc);
	if (!fusion_callable(argv[0]))
		return err_set(ev, TY_TypeError, "fuse() needs a callable");
	return fusion_new(ev, argv[0], bi->self);
}

/* cp.fuse(f) / cp.fuse() / cp.fuse(kernel_name='k') */
static struct value *fn_fuse(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *kname = NULL;
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "kernel_name"))
			return err_set(ev, TY_TypeError, "fuse() got an unexpected keyword argument '%s'",
				       kw->names[i]);
		kname = kw->vals[i];
	}
	if (argc == 1 && !kname && fusion_callable(argv[0]))
		return fusion_new(ev, argv[0], NULL);
	if (argc > 0)
		return err_set(ev, TY_TypeError, "fuse() takes a function or only keyword arguments");
	struct value *none = kname ? NULL : val_none();
	struct value *d = val_builtin("fuse.<locals>.wrapper", fn_fuse_decorate, kname ? kname : none, NULL);
	val_decref(none);
	return d ? d : err_nomem(ev);
}

static const struct arr_func cupy_own_funcs[] = {
	{"asnumpy", fn_asnumpy, "asnumpy(a, stream=None, order='C', out=None, *, blocking=True)",
	 "Returns an array on the host memory from an arbitrary source array."},
	{"get_array_module", fn_get_array_module, "get_array_module(*args)",
	 "Returns the array module for arguments."},
	{"fuse", fn_fuse, "fuse(*args, **kwargs)",
	 "Decorator that fuses a function: the function called on arrays runs as one kernel."},
	{NULL, NULL, NULL, NULL},
};

/* ---- building ---- */

static int add_table(struct eval *ev, struct value *mod, const char *prefix,
		     const struct arr_func *t, const struct backend *be)
{
	for (; t && t->name; t++) {
		struct value *f = val_builtin(t->name, t->fn, NULL, (void *)be);
		struct value *old = dict_getstr_borrow(mod->u.mod.attrs, t->name);
		char *q;
		if (!f)
			return err_nomem(ev), -1;
		if (old && old->type == VT_BUILTIN && old->u.bi.qualname) {
			/* a later table's name replaces an earlier one's: the same
			 * qualified name moves to it (never freed, so never lost) */
			f->u.bi.qualname = old->u.bi.qualname;
			old->u.bi.qualname = NULL;
		} else if ((q = malloc(strlen(prefix) + strlen(t->name) + 2))) {
			sprintf(q, "%s.%s", prefix, t->name);
			f->u.bi.qualname = q;  /* lives as long as the process's modules */
		}
		if (module_add(mod, t->name, f) < 0)
			return err_nomem(ev), -1;
	}
	return 0;
}

static int add(struct eval *ev, struct value *mod, const char *name, struct value *v)
{
	if (!v || module_add(mod, name, v) < 0)
		return err_nomem(ev), -1;
	return 0;
}

/* cupy.cuda.runtime's enum constants, CUDA's values (driver_types.h), as
 * CuPy exports them: memcpy kinds, texture address/filter/read modes,
 * channel format kinds and resource types */
static int add_runtime_enums(struct eval *ev, struct value *mod)
{
	static const struct { const char *name; int v; } en[] = {
		{"cudaMemcpyHostToHost", 0}, {"cudaMemcpyHostToDevice", 1}, {"cudaMemcpyDeviceToHost", 2},
		{"cudaMemcpyDeviceToDevice", 3}, {"cudaMemcpyDefault", 4},
		{"cudaAddressModeWrap", 0}, {"cudaAddressModeClamp", 1}, {"cudaAddressModeMirror", 2},
		{"cudaAddressModeBorder", 3},
		{"cudaFilterModePoint", 0}, {"cudaFilterModeLinear", 1},
		{"cudaReadModeElementType", 0}, {"cudaReadModeNormalizedFloat", 1},
		{"cudaChannelFormatKindSigned", 0}, {"cudaChannelFormatKindUnsigned", 1},
		{"cudaChannelFormatKindFloat", 2}, {"cudaChannelFormatKindNone", 3},
		{"cudaResourceTypeArray", 0}, {"cudaResourceTypeMipmappedArray", 1},
		{"cudaResourceTypeLinear", 2}, {"cudaResourceTypePitch2D", 3},
		{"cudaDevAttrComputeCapabilityMajor", 75}, {"cudaDevAttrComputeCapabilityMinor", 76},
		{"cudaDevAttrMultiProcessorCount", 16}, {"cudaDevAttrMaxThreadsPerBlock", 1},
		{"cudaDevAttrWarpSize", 10},
		{"cudaMemAttachGlobal", 1}, {"cudaMemAttachHost", 2},
		{"cudaCpuDeviceId", -1}, {"cudaInvalidDeviceId", -2},
		{"errorMemoryAllocation", 2}, {"errorInvalidValue", 1},
	};
	for (size_t i = 0; i < sizeof en / sizeof en[0]; i++)
		if (add(ev, mod, en[i].name, val_int(en[i].v)) < 0)
			return -1;
	return 0;
}

/* NumPy's aliases are one object under two names (np.conj is np.conjugate):
 * the alias is rebound to the canonical name's object */
static int add_aliases(struct eval *ev, struct value *mod)
{
	static const char *const pairs[][2] = {
		{"abs", "absolute"}, {"acos", "arccos"}, {"acosh", "arccosh"}, {"asin", "arcsin"},
		{"asinh", "arcsinh"}, {"atan", "arctan"}, {"atan2", "arctan2"}, {"atanh", "arctanh"},
		{"bitwise_invert", "invert"}, {"bitwise_not", "invert"}, {"bitwise_left_shift", "left_shift"},
		{"bitwise_right_shift", "right_shift"}, {"concat", "concatenate"}, {"conj", "conjugate"},
		{"true_divide", "divide"}, {"mod", "remainder"}, {"permute_dims", "transpose"}, {"pow", "power"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		struct value *v = val_getattr(ev, mod, pairs[i][1]), *old;
		if (!v) {
			err_clear(ev);
			continue;
		}
		/* the alias's own builtin goes: its qualname is add_table's malloc */
		old = val_getattr(ev, mod, pairs[i][0]);
		if (!old)
			err_clear(ev);
		else if (old->type == VT_BUILTIN && old != v) {
			free((char *)old->u.bi.qualname);
			old->u.bi.qualname = NULL;
		}
		val_decref(old);
		if (add(ev, mod, pairs[i][0], v) < 0)
			return -1;
	}
	return 0;
}

static int add_dtypes(struct eval *ev, struct value *mod)
{
	static const struct { const char *name; int dt; } types[] = {
		{"bool_", DT_BOOL}, {"bool", DT_BOOL},
		{"int8", DT_INT8}, {"int16", DT_INT16}, {"int32", DT_INT32}, {"int64", DT_INT64},
		{"uint8", DT_UINT8}, {"uint16", DT_UINT16}, {"uint32", DT_UINT32}, {"uint64", DT_UINT64},
		{"float16", DT_FLOAT16}, {"float32", DT_FLOAT32}, {"float64", DT_FLOAT64},
		{"complex64", DT_COMPLEX64}, {"complex128", DT_COMPLEX128},
		{"byte", DT_INT8}, {"ubyte", DT_UINT8}, {"short", DT_INT16}, {"ushort", DT_UINT16},
		{"intc", DT_INT32}, {"uintc", DT_UINT32}, {"int_", DT_INT64}, {"intp", DT_INT64},
		{"uintp", DT_UINT64}, {"uint", DT_UINT64}, {"long", DT_INT64}, {"ulong", DT_UINT64},
		{"longlong", DT_INT64}, {"ulonglong", DT_UINT64},
		{"half", DT_FLOAT16}, {"single", DT_FLOAT32}, {"double", DT_FLOAT64},
		{"csingle", DT_COMPLEX64}, {"cdouble", DT_COMPLEX128},
	};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (add(ev, mod, types[i].name, val_dtype(types[i].dt, 1)) < 0)
			return -1;
	/* the scalar type hierarchy: np.generic, np.number ... np.str_ */
	for (int i = 0; i < AB_COUNT; i++)
		if (add(ev, mod, dt_abstract_names[i], val_dtype(i, DT_TYPE_ABSTRACT)) < 0)
			return -1;
	return 0;
}

/* np.typecodes: NumPy's dict of type characters by kind */
static struct value *typecodes_value(void)
{
	static const char *const kv[][2] = {
		{"Character", "c"}, {"Integer", "bhilqnp"}, {"UnsignedInteger", "BHILQNP"}, {"Float", "efdg"},
		{"Complex", "FDG"}, {"AllInteger", "bBhHiIlLqQnNpP"}, {"AllFloat", "efdgFDG"}, {"Datetime", "Mm"},
		{"All", "?bhilqnpBHILQNPefdgFDGSUVOMm"},
	};
	struct value *d = val_dict_new();
	for (size_t i = 0; d && i < sizeof kv / sizeof kv[0]; i++)
		if (dict_setstr(d, kv[i][0], val_cstr(kv[i][1])) < 0) {
			val_decref(d);
			return NULL;
		}
	return d;
}

static int add_constants(struct eval *ev, struct value *mod, int is_cp)
{
	return add(ev, mod, "pi", val_float(M_PI)) < 0 ||
	       add(ev, mod, "typecodes", typecodes_value()) < 0 ||
	       add(ev, mod, "e", val_float(M_E)) < 0 ||
	       add(ev, mod, "euler_gamma", val_float(0.5772156649015329)) < 0 ||
	       add(ev, mod, "inf", val_float(INFINITY)) < 0 ||
	       add(ev, mod, "nan", val_float(NAN)) < 0 ||
	       add(ev, mod, "newaxis", val_none()) < 0 ||
	       (arr_hooks.module_objects && arr_hooks.module_objects(ev, mod, is_cp) < 0) ||
	       add(ev, mod, "True_", val_scalar(DT_BOOL, (union scalar_data){.b = 1})) < 0 ||
	       add(ev, mod, "False_", val_scalar(DT_BOOL, (union scalar_data){.b = 0})) < 0 ||
	       add(ev, mod, "ndarray", val_type(is_cp ? TY_CUPY_NDARRAY : TY_NDARRAY)) < 0 ? -1 : 0;
}


static const struct backend *cupy_backend(struct eval *ev)
{
	if (!arr_hooks.cupy_backend)
		return &backend_host_cupy;
	return arr_hooks.cupy_backend(ev);
}

/* the module cache */
#define NMODS 48
static struct { char *name; struct value *mod; } cache[NMODS];
static int ncache;

static struct value *cache_get(const char *name)
{
	for (int i = 0; i < ncache; i++)
		if (!strcmp(cache[i].name, name))
			return cache[i].mod;
	return NULL;
}

static void cache_put(const char *name, struct value *mod)
{
	if (ncache < NMODS) {
		cache[ncache].name = strdup(name);
		cache[ncache++].mod = val_incref(mod);
	}
}

struct submod {
	const char *name;                  /* full name */
	const struct arr_func *const *t;   /* its tables */
	int cupy;                          /* bound to the cupy backend */
};

static struct value *build(struct eval *ev, const char *name);

/* a child module attached to its parent's namespace */
static int add_child(struct eval *ev, struct value *mod, const char *parent, const char *child)
{
	char full[128];
	struct value *m;
	snprintf(full, sizeof full, "%s.%s", parent, child);
	m = build(ev, full);
	if (!m)
		return -1;
	return add(ev, mod, child, val_incref(m));
}

static struct value *build(struct eval *ev, const char *name)
{
	static const struct arr_func *t_cuda[] = {NULL, xfer_cuda_funcs, NULL};  /* cuda_table(), then Lumen's counters */
	static const struct arr_func *t_runtime[] = {NULL, NULL};
	const struct arr_func *const *t_linalg = published[NS_LINALG], *const *t_fft = published[NS_FFT];
	const struct arr_func *const *t_random = published[NS_RANDOM], *const *t_cupyx = published[NS_CUPYX];
	const struct arr_func *const *t_prof = published[NS_PROFILER], *const *t_ndi = published[NS_NDIMAGE];
	const struct arr_func *const *t_sig = published[NS_SIGNAL], *const *t_spe = published[NS_SPECIAL];
	const struct arr_func *const *t_sli = published[NS_SCIPY_LINALG], *const *t_jit = published[NS_JIT];
	const struct arr_func *const *t_stride = published[NS_STRIDE_TRICKS];
	static const struct arr_func *const t_none[] = {NULL};
	const struct submod subs[] = {
		{"numpy.linalg", t_linalg, 0}, {"numpy.fft", t_fft, 0}, {"numpy.random", t_random, 0},
		{"numpy.exceptions", t_none, 0}, {"cupy.exceptions", t_none, 1},
		{"numpy.lib", t_none, 0}, {"numpy.lib.stride_tricks", t_stride, 0},
		{"cupy.lib", t_none, 1}, {"cupy.lib.stride_tricks", t_stride, 1},
		{"cupy.linalg", t_linalg, 1}, {"cupy.fft", t_fft, 1}, {"cupy.random", t_random, 1},
		{"cupy.cuda", t_cuda, 1}, {"cupy.cuda.runtime", t_runtime, 1},
		{"cupyx", t_cupyx, 1}, {"cupyx.profiler", t_prof, 1}, {"cupyx.scipy", t_none, 1},
		{"cupyx.scipy.ndimage", t_ndi, 1}, {"cupyx.scipy.signal", t_sig, 1},
		{"cupyx.scipy.special", t_spe, 1}, {"cupyx.scipy.linalg", t_sli, 1},
		{"cupyx.scipy.fft", t_fft, 1}, {"cupyx.jit", t_jit, 1},
		{"scipy", t_none, 0}, {"scipy.ndimage", t_ndi, 0}, {"scipy.signal", t_sig, 0},
		{"scipy.special", t_spe, 0}, {"scipy.linalg", t_sli, 0}, {"scipy.fft", t_fft, 0},
	};
	struct value *mod = cache_get(name);
	const struct backend *be;
	int is_np = !strcmp(name, "numpy"), is_cp = !strcmp(name, "cupy");

	if (mod)
		return mod;
	if (!strncmp(name, "cupy.cuda", 9)) {
		t_cuda[0] = cuda_table(ACN_CUDA);
		t_runtime[0] = cuda_table(ACN_RUNTIME);
	}
	if (is_np || is_cp) {
		be = is_np ? &backend_host : cupy_backend(ev);
		if (!be)
			return NULL;
		mod = val_module_new(name);
		if (!mod)
			return err_nomem(ev);
		cache_put(name, mod);   /* before children: they may look their parent up */
		val_decref(mod);
		for (int i = 0; published[NS_TOP][i]; i++)
			if (add_table(ev, mod, name, published[NS_TOP][i], be) < 0)
				return NULL;
		if (is_cp && (add_table(ev, mod, name, cupy_own_funcs, be) < 0 ||
			      add_table(ev, mod, name, cuda_table(ACN_CUPY), be) < 0 ||
			      add_table(ev, mod, name, cuda_table(ACN_UKERNEL), be) < 0))
			return NULL;
		if (add_dtypes(ev, mod) < 0 || add_constants(ev, mod, is_cp) < 0 || add_aliases(ev, mod) < 0 ||
		    add(ev, mod, "__version__", val_cstr(is_np ? "2.4.6" : "14.2.0")) < 0)
			return NULL;
		if (add_child(ev, mod, name, "linalg") < 0 || add_child(ev, mod, name, "fft") < 0 ||
		    add_child(ev, mod, name, "random") < 0)
			return NULL;
		if (add_child(ev, mod, name, "exceptions") < 0 || add_child(ev, mod, name, "testing") < 0)
			return NULL;
		if (add_child(ev, mod, name, "lib") < 0)
			return NULL;
		if (is_cp && add_child(ev, mod, name, "cuda") < 0)
			return NULL;
		if (module_init_cuda(ev, name, mod) < 0)
			return NULL;
		return mod;
	}
	if ((!strcmp(name, "numpy.testing") || !strcmp(name, "cupy.testing")) && arr_hooks.testing_module) {
		/* written in the cell language (lib/testing.c) */
		if (!(mod = arr_hooks.testing_module(ev, name)))
			return NULL;
		cache_put(name, mod);
		val_decref(mod);
		return mod;
	}
	if ((!strcmp(name, "scipy.signal.windows") || !strcmp(name, "cupyx.scipy.signal.windows")) &&
	    arr_hooks.windows_module) {
		/* written in the cell language (numerics/windows.c) */
		struct value *sig = cache_get(name[0] == 'c' ? "cupyx.scipy.signal" : "scipy.signal");
		if (!(mod = arr_hooks.windows_module(ev, name, sig)))
			return NULL;
		cache_put(name, mod);
		val_decref(mod);
		return mod;
	}
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++) {
		if (strcmp(subs[i].name, name))
			continue;
		be = subs[i].cupy ? cupy_backend(ev) : &backend_host;
		if (!be)
			return NULL;
		mod = val_module_new(name);
		if (!mod)
			return err_nomem(ev);
		cache_put(name, mod);
		val_decref(mod);
		for (int k = 0; subs[i].t[k]; k++)
			if (add_table(ev, mod, name, subs[i].t[k], be) < 0)
				return NULL;
		if (strstr(name, ".linalg") && add(ev, mod, "LinAlgError", val_type(TY_LinAlgError)) < 0)
			return NULL;
		if (strstr(name, ".exceptions") && (add(ev, mod, "AxisError", val_type(TY_AxisError)) < 0 ||
						    add(ev, mod, "RankWarning", val_type(TY_RankWarning)) < 0 ||
						    add(ev, mod, "TooHardError", val_type(TY_TooHardError)) < 0 ||
						    add(ev, mod, "ComplexWarning", val_type(TY_ComplexWarning)) < 0))
			return NULL;
		if (!strcmp(name, "cupy.cuda") && add_child(ev, mod, name, "runtime") < 0)
			return NULL;
		if (!strcmp(name, "cupy.cuda.runtime") && add_runtime_enums(ev, mod) < 0)
			return NULL;
		if ((!strcmp(name, "scipy.special") || !strcmp(name, "cupyx.scipy.special")) &&
		    arr_hooks.special_objects && arr_hooks.special_objects(ev, mod, subs[i].cupy) < 0)
			return NULL;
		if ((!strcmp(name, "scipy.signal") || !strcmp(name, "cupyx.scipy.signal")) &&
		    arr_hooks.windows_module && add_child(ev, mod, name, "windows") < 0)
			return NULL;
		if ((!strcmp(name, "numpy.lib") || !strcmp(name, "cupy.lib")) &&
		    add_child(ev, mod, name, "stride_tricks") < 0)
			return NULL;
		if (!strcmp(name, "cupyx")) {
			if (add_child(ev, mod, name, "scipy") < 0 || add_child(ev, mod, name, "profiler") < 0 ||
			    add_child(ev, mod, name, "jit") < 0)
				return NULL;
		}
		if (!strcmp(name, "cupyx.jit") && arr_hooks.jit_objects && arr_hooks.jit_objects(ev, mod) < 0)
			return NULL;
		if (!strcmp(name, "cupyx.scipy") || !strcmp(name, "scipy")) {
			static const char *const kids[] = {"ndimage", "signal", "special", "linalg", "fft"};
			for (int k = 0; k < 5; k++)
				if (add_child(ev, mod, name, kids[k]) < 0)
					return NULL;
		}
		if (module_init_cuda(ev, name, mod) < 0)
			return NULL;
		return mod;
	}
	return NULL;
}

static struct value *arr_import_cached(struct eval *ev, const char *name)
{
	struct value *m = build(ev, name);
	return m ? val_incref(m) : NULL;
}

struct value *arr_import(struct eval *ev, const char *fullname)
{
	/* a submodule needs its top module first (so cp.cuda exists under cp) */
	if (!strncmp(fullname, "numpy.", 6) && !build(ev, "numpy"))
		return NULL;
	if (!strncmp(fullname, "cupy.", 5) && !build(ev, "cupy"))
		return NULL;
	if (!strncmp(fullname, "cupyx.", 6) && !build(ev, "cupyx"))
		return NULL;
	if (!strncmp(fullname, "scipy.", 6) && !build(ev, "scipy"))
		return NULL;
	return arr_import_cached(ev, fullname);
}
