/*
 * cuda_int.h — the CUDA backend's inside: device state, the one CUDA-call check,
 * the device and pinned pools (cuda_pool.c), transfers (cuda_transfer.c), NVRTC and
 * launches (cuda_jit.c), elementwise/reduction codegen (cuda_ew.c) and the
 * kernels nvcc compiled (kernels/fixed.cu).
 *
 * Private to backend/cuda/ (and its tests): the engine reaches the plugin
 * (lumen-cuda.so) through cuda_plugin.h alone, whose cuda_warmup_start(),
 * cuda_select() and cuda_describe() exist in every build.
 */
#ifndef LUMEN_CUDABE_H
#define LUMEN_CUDABE_H

#include <stddef.h>
#include <stdint.h>
#include "array/xfer.h"
#include "backend/backend.h"

struct eval;
struct ndarray;
struct ew_tree;

/* cuda_warmup_start, cuda_select, cuda_describe: cuda_plugin.h */
#include "backend/cuda_plugin.h"

#ifdef HAVE_CUDA
#include <cuda_runtime.h>

/* The CUDA backend's entries (cuda_stencil.c, cuda_interp.c; CUDA builds
 * only). */
int cuda_stencil(struct eval *ev, const struct stencil *s, const struct ndarray *in,
		 struct ndarray *out);
int cuda_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode);
int cuda_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
		     struct ndarray *out);

/* ---- the plugin's own start (cuda_backend.c), behind struct cuda_plugin:
 * the same contracts as cuda_select, cuda_warmup_start, cuda_describe and
 * backend_cuda above; cudabe_describe_now is NULL until the device started */
void cudabe_select(const char *mode);
void cudabe_warmup_start(void);
const char *cudabe_describe(void);
const char *cudabe_describe_now(void);
const struct backend *cudabe_backend(struct eval *ev);

/* ---- device state (cuda_backend.c) ----
 * One struct per GPU, started on its first use (device 0, or the MPI local
 * rank's, by the warm-up thread; the others by cuda_use_device).  cuda_cur
 * is the current device (CuPy's: `with cp.cuda.Device(i)`, `.use()`,
 * runtime.setDevice): every entry works on it, its stream and its pool, and
 * the calling thread's CUDA device is it (cudaSetDevice only on a change). */
#define CUDA_MAXDEV 16
struct cuda_device {
	int ok;                 /* context created */
	int dead;               /* a sticky error happened: every call fails */
	int id;                 /* device ordinal */
	int sms;                /* multiprocessors */
	int cc_major, cc_minor;
	size_t total_mem;
	char name[256];
	char dead_msg[256];     /* the error that killed the device */
	cudaStream_t stream;    /* the current stream (0: the legacy null stream) */
	signed char peer[CUDA_MAXDEV]; /* peer access to device j: 0 unknown, 1 on, -1 impossible */
};
extern struct cuda_device cuda_devs[CUDA_MAXDEV];
extern struct cuda_device *cuda_cur;
extern int cuda_ndev;   /* devices the driver reports (at most CUDA_MAXDEV), 0 before the start */

/* Makes device id current (started on first use): 0, or -1 with
 * `CUDARuntimeError: cudaErrorInvalidDevice: invalid device ordinal` (or the
 * start's error) set.  The same id again costs nothing. */
int cuda_use_device(struct eval *ev, int id);
/* 0 when a (an array of this plugin) is on the current device or readable
 * from it: peer access is enabled on first need, with CuPy's
 * PerformanceWarning; ValueError when the devices cannot reach each other. */
int cuda_check_peer(struct eval *ev, const struct ndarray *a);
/* The same for memory of device `from` (the library entries, which get
 * pointers); cuda_ptr_device: the device of a device pointer (a driver
 * query, made only on a machine with several GPUs; the current device on
 * one), -1 when it is no device memory. */
int cuda_check_peer_dev(struct eval *ev, int from);
int cuda_ptr_device(const void *p);
/* Switches to the device of a for a copy to or from the host; *saved gets
 * the device to return to (cuda_use_device(ev, saved) after). */
int cuda_enter_array_device(struct eval *ev, const struct ndarray *a, int *saved);

/* Waits for the warmup; 0 when the device is usable, else -1 with the error
 * set on ev (CUDARuntimeError, or the sticky error's message). */
int cuda_ready(struct eval *ev);
/* Records `CUDARuntimeError: cudaErrorX: message` for a failed status and
 * returns -1 (0 for cudaSuccess).  A sticky status marks the device dead. */
int cuda_fail(struct eval *ev, cudaError_t e, const char *what);
#define CUDA_CHECK(ev, call) cuda_fail((ev), (call), #call)
/* The same for a driver-API status (CUresult, as int). */
int cuda_fail_drv(struct eval *ev, int res, const char *what);
/* Checks for an error of earlier asynchronous work (a kernel that faulted):
 * 0, or -1 with the error set. */
int cuda_check_async(struct eval *ev);

/* ---- cuda_pool.c: device memory (cudaMallocAsync, cached) and pinned host ---- */
/* Device memory of n bytes (rounded up to 512), or NULL with
 * OutOfMemoryError set after the cache was released and one retry. */
void *pool_alloc(struct eval *ev, size_t n);
void pool_free(void *p, size_t n);
/* The same for a block of device dev (a buffer's last decref). */
void pool_free_on(int dev, void *p, size_t n);
/* CuPy's MemoryPool numbers (bytes) of the current device; _of: of dev. */
size_t pool_used_bytes_of(int dev);
size_t pool_used_bytes(void);
size_t pool_total_bytes(void);
size_t pool_free_bytes(void);
size_t pool_reserved_bytes(void);    /* what the driver holds for the pool */
/* cuda_obj.c: memGetInfo's cached answer is out of date (device memory was
 * taken outside the pool: a library handle, a plan, a module) */
void cuda_meminfo_forget(void);
/* memGetInfo's (free, total): the driver's answer of at most 1 ms ago, less
 * what the pool took since */
int cuda_meminfo(struct eval *ev, size_t *free_bytes, size_t *total_bytes);
size_t pool_n_free_blocks(void);
void pool_free_all_blocks(void);
void pool_set_limit(size_t limit);   /* 0: no limit */
size_t pool_get_limit(void);
/* Pinned host memory from a cache of cudaHostAlloc blocks; NULL with
 * MemoryError set.  pool_pinned_free returns it to the cache. */
void *pool_pinned_alloc(struct eval *ev, size_t n);
void pool_pinned_free(void *p);
size_t pool_pinned_n_free_blocks(void);
void pool_pinned_free_all_blocks(void);
void pool_setup(int id);             /* called once device id's context exists */

/* ---- cuda_transfer.c: host <-> device ---- */
int xfer_h2d(struct eval *ev, void *dst, const void *src, size_t n);
int xfer_d2h(struct eval *ev, void *dst, const void *src, size_t n);
/* The staging buffers made ahead for device dev (the warm-up thread calls it). */
void xfer_warm(int dev);

/* ---- cuda_jit.c: NVRTC, the kernel cache, launches ---- */
/* The kernel `name` of `src` compiled for this device (memory cache, then
 * the disk cache, then NVRTC).  Returns a CUfunction, or NULL with NVRTCError
 * (with the log) or CUDARuntimeError set.  The handle lives for the process. */
void *jit_get(struct eval *ev, const char *src, const char *name,
	      int nopts, const char *const *opts);
/* The same, looked up only in memory by a caller-made key (fast path of
 * generated kernels); NULL when absent, no error set. */
void *jit_lookup(const void *key, size_t keylen);
void jit_remember(const void *key, size_t keylen, void *fn);
/* A RawModule-style compile: the module with all its kernels (CUmodule). */
void *jit_module(struct eval *ev, const char *src, int nopts,
		 const char *const *opts, int cubin_in);
void *jit_module_function(struct eval *ev, void *module, const char *name);
/* Launches fn (1-D unless grid/block say more). */
int jit_launch(struct eval *ev, void *fn, const unsigned grid[3],
	       const unsigned block[3], size_t shmem, void **args);
/* The number of parameters of a kernel, or -1 when the driver cannot say. */
int jit_param_count(void *fn);
/* NVRTC's version as major*1000+minor*10 and the "sm_90" of the device. */
int jit_nvrtc_version(void);
const char *jit_arch(void);
/* The source the device prelude (kernels/lumen.cuh) embedded at build time. */
extern const char cuda_prelude_src[];
/* Tests without a device: jit_get only compiles (returns a dummy handle)
 * and the generated-kernel entries stop before launching. */
extern int jit_dry_run;
/* Warm NVRTC up for device dev (first compile costs ~60 ms more than the next). */
void jit_warm(int dev);

/* ---- cuda_ew.c: generated elementwise and reduction kernels ---- */
int cuew_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out);
int cuew_reduce(struct eval *ev, const struct ew_tree *t, int op, uint64_t axes,
		struct ndarray *out);
/* Grid for a grid-stride loop over n items: 8 blocks per SM of 256 threads,
 * fewer for small n. */
unsigned cuew_grid(int64_t n, int per_thread);

/* ---- kernels/fixed.cu (nvcc): sort, scan, gather ---- */
int cuk_gather(void *out, const void *src, const int64_t *offsets, int64_t n,
	       int itemsize, void *stream);
/* Sorts `rows` rows of `cols` keys of dtype dt in place; idx (int64, may be
 * NULL) gets the argsort.  Temp memory through pool_alloc.  0, or a
 * cudaError_t; -2: dtype not supported. */
int cuk_sort(int dt, void *keys, int64_t *idx, int64_t rows, int64_t cols,
	     void *(*alloc)(size_t), void (*release)(void *, size_t), void *stream);
/* In-place inclusive sum/product along the middle axis of a contiguous
 * (outer, len, inner) block. */
int cuk_scan(int dt, void *data, int64_t outer, int64_t len, int64_t inner, int prod,
	     void *(*alloc)(size_t), void (*release)(void *, size_t), void *stream);
/* entries of the plugin's files that cuda_backend.c puts in its tables */
void cuda_lib_warm(int dev); /* cuda_blas.c: device dev's cuBLAS handle */
int jit_init(void);         /* cuda_jit.c: driver entry points */
extern int cudaobj_linked;  /* cuda_obj.c: pulls its tables into every program */
/* uf_helpers.h, embedded at build time (kernels/embed_cuh.c) */
extern const char cuda_ufhelpers_src[];
int cuda_matmul(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
		struct ndarray *out);  /* cuda_blas.c */
extern const struct backend_fft *const cuda_fft_backend;       /* cuda_fft.c */
extern const struct backend_linalg *const cuda_linalg_backend; /* cuda_solver.c */
extern const struct backend_random *const cuda_random_backend; /* cuda_rand.c */
int cuda_gather(struct eval *ev, const struct ndarray *src, const int64_t *off, int64_t nb,
		int pos, struct ndarray *out);  /* cuda_index.c */
int cuda_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb,
		 int pos, const struct ndarray *vals);  /* cuda_index.c */
int cuda_mask_count(struct eval *ev, const struct ndarray *mask, int64_t *count);
int cuda_mask_take(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		   struct ndarray **out);
int cuda_mask_put(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		  const struct ndarray *vals);
int cuda_take_index(struct eval *ev, const struct ndarray *view, int nidx,
		    const struct ndarray *const *idx, const int64_t *size, const int64_t *stride,
		    const int *axis, int pos, struct ndarray *out);
int cuda_put_index(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
		   const struct ndarray *vals, int mode);  /* cuda_index.c */
int cuda_bounds(struct eval *ev, const struct ndarray *x, double *lo, double *hi,
		int *nan);  /* cuda_count.c */
int cuda_bin_count(struct eval *ev, const struct ndarray *x, const double *edges,
		   int64_t nb, int uniform, struct ndarray *counts);
int cuda_segment_argminmax(struct eval *ev, const struct ndarray *y, const int64_t *bounds,
			   int64_t nseg, int64_t *imin, int64_t *imax); /* cuda_count.c */
int cuda_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2,
		     const double *step); /* cuda_fill.c */
int cuda_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v,
		      int right, struct ndarray *out); /* cuda_search.c */

/* cuda_blas.c: the lock the library handles are made under, and the cuBLAS
 * handle (bound to the stream; NULL with the error set on ev when ev is not
 * NULL) and its errors for cuda_solver.c (cublasStatus_t as int) */
#include <pthread.h>
extern pthread_mutex_t cuda_lib_mu;
struct cublasContext *cuda_blas_handle(struct eval *ev);
int cuda_blas_fail(struct eval *ev, int status, const char *what);
/* cuda_obj.c: 1 when a device is usable, 0 in host mode, -1 with the error
 * set; need_dev: None, or NULL with cudaErrorNoDevice (or the start's error) */
int cudaobj_have_dev(struct eval *ev);
struct value *cudaobj_need_dev(struct eval *ev);
/* cuda_ukernel.c: CuPy's user-kernel classes (cuda_obj.c's tables) */
struct value *uk_fn_elementwise(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw);
struct value *uk_fn_reduction(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw);
struct value *uk_fn_rawkernel(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw);
struct value *uk_fn_rawmodule(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw);

/* cuda_fallback.c: the list of host round trips (cp.cuda.lumen_fallbacks);
 * an entry that makes one calls cuda_fallback_count with its own. */
enum cuda_fb { /* ORDER fallbacks[] */
	FB_LINALG_GELSD, FB_LINALG_NONFINITE, FB_REDUCE_WHERE,
	FB_REDUCE_COMPLEX_ORDER, FB_QUANTILE, FB_BINCOUNT_WEIGHTS, FB_NDIMAGE_EMPTY,
	FB_VANDER, FB_PUT_AT, FB_INDEX_ARRAYS, FB_RANDOM_DISTS, FB_SCAN_INEXACT,
	FB_COUNT
};
void cuda_fallback_count(enum cuda_fb id);
int cuda_fallback_n(void);
struct value *cuda_fallback_list(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw);
/* The round trips entries share: cuda_trip_back copies h (host memory,
 * C-contiguous, out's shape and dtype) into out; cuda_trip_reduce is
 * struct backend's reduce by the host backend on host copies of t's
 * arrays (the caller counts its fallback). */
int cuda_trip_back(struct eval *ev, struct ndarray *out, const struct ndarray *h);
int cuda_trip_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op, uint64_t axes,
		     struct ndarray *out);
/* struct backend's entries that are a round trip whole */
int cuda_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		       enum red_op op, const char *ufname, struct ndarray *out);
int cuda_vander(struct eval *ev, const struct ndarray *x, int increasing, struct ndarray *out);

#endif /* HAVE_CUDA */

/* ---- cuda_nccl.c: the NCCL entries of the plugin table (cuda_plugin.h) ---- */
#ifdef HAVE_NCCL
#include "backend/cuda_plugin.h"
int cuda_nccl_id(struct eval *ev, void *id);
int cuda_nccl_init(struct eval *ev, int nranks, int rank, const void *id, void **comm);
void cuda_nccl_free(void *comm);
void cuda_nccl_abort(void *comm);
int cuda_nccl_run(struct eval *ev, void *comm, enum nccl_kind kind, const void *send, void *recv,
		  size_t count, int dtype, enum nccl_op op, int root, int peer);
int cuda_device_uuid(unsigned char out[16]);
int cuda_nccl_wait(struct eval *ev, void *comm);
#endif

#endif
