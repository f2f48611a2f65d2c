/*
 * arrfuncs.h — how the array runtime's areas publish their functions.
 *
 * Each area (creation, ufuncs, reductions, manipulation, indexing, sorting,
 * statistics, linalg, fft, random, io, ...) exports NULL-terminated tables of
 * module functions and of ndarray methods.  arrmod.c builds the `numpy` and
 * `cupy` modules (and their submodules) from the tables, binding each
 * builtin's data to the namespace's backend: a function body reads
 * `const struct backend *be = bi->data;` to know where new arrays go, and a
 * method reads its array from bi->self.  Every builtin is written once;
 * np and cp share the tables.
 */
#ifndef LUMEN_ARRFUNCS_H
#define LUMEN_ARRFUNCS_H

#include "lang/value.h"

struct arr_func {
	const char *name;   /* "zeros" */
	builtin_fn fn;
	const char *sig;    /* "zeros(shape, dtype=float, order='C', *, like=None)" */
	const char *doc;    /* one paragraph for `np.zeros?` and the inspector */
};

/* A submodule's table: name under the namespace ("linalg", "fft", "random",
 * "" for the top level) and its functions. */
struct arr_table {
	const char *submodule;
	const struct arr_func *funcs;
};

/* The tables, each defined by its area; arrmod.c lists them all. */
extern const struct arr_func arr_creation_funcs[];   /* creation.c */
extern const struct arr_func arr_ufunc_funcs[];      /* ufunc.c: add, sin, ... */
extern const struct arr_func arr_reduce_funcs[];     /* reduce.c */
extern const struct arr_func arr_manip_funcs[];      /* manip.c */
extern const struct arr_func arr_index_funcs[];      /* index.c: take, put, where ... */
extern const struct arr_func arr_calculus_funcs[];   /* calculus.c: gradient, trapezoid */
extern const struct arr_func arr_polynomial_funcs[]; /* polynomial.c: vander, polyval */
extern const struct arr_func arr_poly1d_funcs[];     /* poly1d.c: poly1d, poly, roots, polyadd ... */
extern const struct arr_func arr_vectorize_funcs[];  /* vectorize.c: vectorize */
extern const struct arr_func arr_edit_funcs[];       /* arrayedit.c: append, insert, delete, block */
extern const struct arr_func arr_sort_funcs[];       /* sortsearch.c */
extern const struct arr_func arr_stat_funcs[];       /* stats.c */
extern const struct arr_func arr_linalg_top_funcs[]; /* linalg.c: dot, matmul, einsum ... */
extern const struct arr_func arr_linalg_funcs[];     /* linalg.c: numpy.linalg */
extern const struct arr_func arr_fft_funcs[];        /* fft.c: numpy.fft */
extern const struct arr_func arr_random_funcs[];     /* random.c: numpy.random */
extern const struct arr_func arr_random_state_funcs[]; /* random_state.c: seed, RandomState */
extern const struct arr_func arr_random_multi_funcs[]; /* random_multi.c: multinomial, dirichlet, bytes */
extern const struct arr_func arr_random_bitgen_funcs[]; /* random_bitgen.c: SeedSequence, PCG64, Generator ... */
extern const struct arr_func arr_io_funcs[];         /* npyfile.c: save, load, savez, savez_compressed, fromfile */
extern const struct arr_func arr_pysource_funcs[];   /* pysource.c: einsum_path, histogramdd (NumPy's Python source) */
extern const struct arr_func arr_stride_funcs[];     /* stride.c: numpy.lib.stride_tricks */
extern const struct arr_func arr_io_methods[];       /* npyfile.c: a.tofile */
extern const struct arr_func arr_text_funcs[];       /* text/textio.c: loadtxt, genfromtxt, savetxt, fromstring */
extern const struct arr_func arr_format_funcs[];     /* format.c: set_printoptions ... */
extern const struct arr_func arr_memmap_funcs[];     /* memmap.c: memmap */
extern const struct arr_func arr_matrix_funcs[];     /* matrix.c: matrix, asmatrix, bmat */
extern const struct arr_func arr_nditer_funcs[];     /* lib/nditer.c: nditer, nested_iters */

/* ndarray methods by area (a.sum, a.reshape ...): bi->self is the array. */
extern const struct arr_func arr_core_methods[];     /* arrvalue.c: astype, copy, fill, item, tolist ... */
extern const struct arr_func arr_reduce_methods[];   /* reduce.c */
extern const struct arr_func arr_manip_methods[];    /* manip.c */
extern const struct arr_func arr_sort_methods[];     /* sortsearch.c */
extern const struct arr_func arr_linalg_methods[];   /* linalg.c: dot */
extern const struct arr_func arr_memmap_methods[];   /* memmap.c: flush */
extern const struct arr_func arr_flex_methods[];     /* flex/flexview.c: view, getfield, setfield (first: view wraps) */

/* ---- more tables ---- */
extern const struct arr_func arr_dtype_funcs[];      /* npscalar.c: dtype, result_type, iinfo ... */
extern const struct arr_func arr_flatiter_funcs[];   /* flatiter.c: ndindex, ndenumerate */
/* flex/flexfuncs.c: string and record arrays (np.dtype, array, sort ... of
 * flexible dtypes); published last: each wraps the name published before it */
extern const struct arr_func arr_flex_funcs[];
extern const struct arr_func arr_textflex_funcs[];  /* text/textflex.c: loadtxt, genfromtxt of them (after it) */
/* the CUDA plugin's (cuda_obj.c; reached through cuda_plugin.h's table) */
extern const struct arr_func arr_cupy_funcs[];       /* cuda: cupy-only top level (get_default_memory_pool, ElementwiseKernel ...) */
extern const struct arr_func arr_cuda_funcs[];       /* cuda: cupy.cuda (Device, Stream, Event ...) */
extern const struct arr_func arr_cuda_runtime_funcs[]; /* cuda: cupy.cuda.runtime */
/* backend/host/host_cudaobj.c: the same three namespaces in host mode (no CUDA plugin) */
extern const struct arr_func arr_host_cupy_funcs[], arr_host_cuda_funcs[], arr_host_cuda_runtime_funcs[];
int arr_host_module_init_cuda(struct eval *ev, const char *fullname, struct value *mod);
/* backend/host/host_ukernel.c: ElementwiseKernel, ReductionKernel, RawKernel, RawModule in host mode */
extern const struct arr_func arr_host_ukernel_funcs[];
extern const struct arr_func arr_profiler_funcs[];   /* cupyx.profiler (benchmark) */
extern const struct arr_func arr_ndimage_funcs[];    /* cupyx.scipy.ndimage / scipy.ndimage */
extern const struct arr_func arr_signal_funcs[];     /* cupyx.scipy.signal / scipy.signal */
extern const struct arr_func arr_special_funcs[];    /* cupyx.scipy.special / scipy.special */
extern const struct arr_func arr_scipy_linalg_funcs[]; /* cupyx.scipy.linalg / scipy.linalg */
extern const struct arr_func arr_ufunc_methods[];    /* ufuncfn.c: a.clip, a.round */
extern const struct arr_func arr_compose_funcs[];    /* lib/compose.c: fill_diagonal, tril_indices, set routines ... */
extern const struct arr_func arr_compose_linalg_funcs[]; /* lib/compose.c: linalg.vector_norm, matrix_norm, diagonal ... */
extern const struct arr_func arr_compose_methods[];  /* lib/compose.c: a.diagonal, a.take, a.partition ... */
extern const struct arr_func arr_fpe_funcs[];        /* fpe.c: seterr, geterr, errstate */
/* lib/datetime/: isnat, datetime_as_string ... and the datetime forms of array,
 * arange, dtype, diff, mean (published last: they hand other calls on) */
extern const struct arr_func arr_datetime_funcs[];   /* dt_funcs.c */
extern const struct arr_func arr_busday_funcs[];     /* dt_busday.c: busdaycalendar, busday_offset ... */
/* Called once when a module is built, to add what tables cannot hold
 * (objects such as cp.cuda.Stream.null): fullname "cupy.cuda" ...  The
 * CUDA plugin's (cuda_plugin.h).  0 or -1 with the error set. */
int arr_module_init_cuda(struct eval *ev, const char *fullname, struct value *mod);

/* ---- publishing: the areas' tables reach the modules at start-up ----
 * arrmod.c names no area: engine_init_layers publishes each table in its
 * namespace, in the order the names are added (a later table's name wins). */
/* ORDER NS */
enum arr_ns {
	NS_TOP,          /* numpy / cupy */
	NS_METHODS,      /* ndarray methods (a.sum ...) */
	NS_LINALG, NS_FFT, NS_RANDOM,        /* numpy.X / cupy.X */
	NS_CUPYX, NS_PROFILER,               /* cupyx, cupyx.profiler */
	NS_NDIMAGE, NS_SIGNAL, NS_SPECIAL, NS_SCIPY_LINALG, /* (cupyx.)scipy.X */
	NS_JIT,                              /* cupyx.jit (backend/ukjit.c) */
	NS_STRIDE_TRICKS,                    /* numpy.lib.stride_tricks (lib/stride.c) */
	NS_COUNT
};
/* np.mgrid, np.ogrid, np.s_, np.r_, np.c_, np.index_exp added to mod
 * (lib/ndgrid.c; arr_hooks.module_objects): 0 or -1 with the error set */
int arr_ndgrid_objects(struct eval *ev, struct value *mod, int cupy);
/* arr_ndgrid_objects and np.datetime64, np.timedelta64 (lib/datetime/dt_funcs.c) */
int dt_module_objects(struct eval *ev, struct value *mod, int cupy);
/* numpy.testing / cupy.testing (lib/testing.c; arr_hooks.testing_module): a new
 * module, or NULL (the error set; none for another name) */
struct value *arr_testing_module(struct eval *ev, const char *name);
/* scipy.signal.windows / cupyx.scipy.signal.windows (numerics/windows.c;
 * arr_hooks.windows_module): a new module, get_window and correlation_lags
 * also added to signal (the parent module, when not NULL); NULL with the
 * error set (none for another name) */
struct value *arr_windows_module(struct eval *ev, const char *name, struct value *signal);
/* scipy.special's functions written in the cell language (factorial:
 * numerics/special_py.c; arr_hooks.special_objects) added to mod; 0 or -1 */
int arr_special_objects(struct eval *ev, struct value *mod, int cupy);

/* What the array layer asks of the layers above, registered at start-up
 * (engine_init_layers; the ufunc layer's by uf_register_slots); NULL: none. */
enum arr_cuda_ns { ACN_CUPY, ACN_CUDA, ACN_RUNTIME, ACN_UKERNEL }; /* ORDER cuda_table */
struct arr_hooks {
	/* cp's backend: the CUDA backend, else backend_host_cupy (host mode);
	 * NULL with the error set.  Waits for the plugin. */
	const struct backend *(*cupy_backend)(struct eval *ev);
	/* cp's own names (ACN_CUPY), cupy.cuda, cupy.cuda.runtime: the CUDA
	 * plugin's tables, or host mode's; ACN_UKERNEL: host mode's user
	 * kernels (NULL with the plugin, whose cupy table has them) */
	const struct arr_func *(*cuda_table)(enum arr_cuda_ns which);
	/* objects tables cannot hold (cp.cuda.Stream.null ...) for module
	 * fullname; 0 or -1 with the error set */
	int (*module_init_cuda)(struct eval *ev, const char *fullname, struct value *mod);
	/* np.mgrid, np.ogrid, np.s_, np.r_, np.c_, np.index_exp of numpy or
	 * cupy (lib/ndgrid.c); 0 or -1 with the error set */
	int (*module_objects)(struct eval *ev, struct value *mod, int cupy);
	/* numpy.testing / cupy.testing (lib/testing.c): a new module or NULL */
	struct value *(*testing_module)(struct eval *ev, const char *name);
	/* scipy.signal.windows / cupyx.scipy.signal.windows (numerics/windows.c) */
	struct value *(*windows_module)(struct eval *ev, const char *name, struct value *signal);
	/* scipy.special's functions written in the cell language (numerics/special_py.c) */
	int (*special_objects)(struct eval *ev, struct value *mod, int cupy);
	/* cupyx.jit's objects (threadIdx ...: backend/ukjit.c); 0 or -1 */
	int (*jit_objects)(struct eval *ev, struct value *mod);
	/* the check a value stored into an array of dtype dt gets (a.fill(x)
	 * as a[...] = x: lib/index.c's idx_value_check); 0 or -1 */
	int (*value_check)(struct eval *ev, int dt, const struct value *x);
	/* ufunc: one item of dtype `from` at src converted to dtype `to` at
	 * dst (NumPy's casts: ufunc/gen/uloops.c's uf_cast) */
	void (*cast_item)(int from, int to, const void *src, void *dst);
	/* ufunc: the ufunc named name over in (nin values), into out (NULL: a
	 * new result) on backend be: arr_ufunc_call's work */
	struct value *(*ufunc_call)(struct eval *ev, const struct backend *be, const char *name,
				    int nin, struct value **in, struct value *out);
};
extern struct arr_hooks arr_hooks;

/* Adds table t (static storage, {NULL}-terminated) to namespace ns.
 * Idempotent for a table already there. */
void arr_publish(enum arr_ns ns, const struct arr_func *t);
/* the tables of ns, NULL-terminated */
const struct arr_func *const *arr_published(enum arr_ns ns);
/* What `name` is without table `own` and what wraps it: for a namespace
 * (a later table's name wins) the last `name` of the tables published before
 * own; for NS_METHODS (the first name wins) the first after own. NULL if none.
 * Tables that wrap names (lib/datetime, array/flex, lib/text/textflex) call
 * on through it, so wrappers chain in publishing order, never in a circle. */
builtin_fn arr_published_next(enum arr_ns ns, const struct arr_func *own, const char *name);
/* Calls on to arr_published_next(ns, own, bi->name) with the same arguments;
 * none there: AttributeError "module 'numpy' has no attribute 'x'" (NS_TOP)
 * or "'numpy.ndarray' object has no attribute 'x'" (NS_METHODS). */
struct value *arr_call_next(struct eval *ev, enum arr_ns ns, const struct arr_func *own, const struct builtin *bi,
			    int argc, struct value **argv, const struct kwargs *kw);

#endif
