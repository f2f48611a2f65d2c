/*
 * cuda_plugin.h — the one door between the engine and the CUDA backend.
 *
 * The CUDA backend (cuda_backend.c, cuda_pool.c, cuda_jit.c, cuda_obj.c ...) and the
 * CUDA libraries live in a plugin, lumen-cuda.so, so that lumen and
 * lumen-kernel start without loading cudart, cuBLAS, cuFFT, cuRAND,
 * cuSOLVER or NVRTC.  The plugin exports one symbol, lumen_cuda_plugin, of
 * type struct cuda_plugin; the engine's loader (cuda_plugin.c) finds it with
 * dlopen+dlsym on a background thread that engine_new starts, and the first
 * `cp` name that needs it waits for that thread.  Test programs that link
 * the CUDA objects statically get the same struct without dlopen.
 */
#ifndef LUMEN_CUDA_PLUGIN_H
#define LUMEN_CUDA_PLUGIN_H

#include <stddef.h>

struct eval;
struct value;
struct backend;
struct arr_func;

/* Bumped whenever struct cuda_plugin, or a struct both sides share
 * (value, ndarray, backend, eval ...), changes in a way sizes miss. */
#define CUDA_PLUGIN_ABI 3

/* %memgetinfo's numbers (bytes) */
struct cuda_mem_info {
	size_t free, total;           /* cudaMemGetInfo */
	size_t pool_used, pool_held;  /* the device pool */
	size_t pool_free_blocks, pinned_free_blocks;
};

/* %device's numbers */
struct cuda_device_info {
	int id, sms, cc_major, cc_minor;
	size_t total_mem;
	int driver_version, runtime_version;   /* 13000 for 13.0 */
	int dead;
	char name[256];
	char dead_msg[256];
};

/* The device collectives of the NCCL entries (cuda_nccl.c).  count: items
 * of dtype per rank (BCAST / REDUCE / ALLREDUCE: of the whole buffer;
 * GATHER / ALLGATHER: of the send buffer; SCATTER / ALLTOALL: of one block). */
enum nccl_kind { NK_BCAST, NK_REDUCE, NK_ALLREDUCE, NK_GATHER, NK_SCATTER, NK_ALLGATHER,
		 NK_ALLTOALL, NK_SEND, NK_RECV };
/* ORDER NOP: the reductions NCCL has (the first four of mpi_int.h's enum mop) */
enum nccl_op { NOP_SUM, NOP_PROD, NOP_MAX, NOP_MIN };
#define NCCL_ID_BYTES 128

struct cuda_plugin {
	int abi;                       /* CUDA_PLUGIN_ABI */
	const char *version;           /* PACKAGE_VERSION of the build */
	size_t sizes[4];               /* sizeof eval, value, ndarray, backend */
	/* start: the mode ("host", "cuda", "" for auto), then the background
	 * start of the device (returns at once) */
	void (*select)(const char *mode);
	void (*warmup_start)(void);
	/* "NVIDIA H200 (sm_90, 139.8 GiB)" or "host mode: why"; waits for the
	 * device to start.  describe_now never waits: NULL while starting. */
	const char *(*describe)(void);
	const char *(*describe_now)(void);
	/* the CUDA backend, or NULL in host mode (with CUDARuntimeError set on ev
	 * when LUMEN_DEVICE=cuda); waits for the device to start */
	const struct backend *(*backend)(struct eval *ev);
	/* the cupy-only tables and the module hook (cuda_obj.c) */
	const struct arr_func *cupy_funcs, *cuda_funcs, *cuda_runtime_funcs;
	int (*module_init)(struct eval *ev, const char *fullname, struct value *mod);
	/* the magics: 0, or -1 with the error set */
	int (*mem_info)(struct eval *ev, struct cuda_mem_info *out);
	void (*device_info)(struct cuda_device_info *out);
	void (*free_all_blocks)(void);
	/* NCCL (cuda_nccl.c); all NULL in a plugin built without NCCL.
	 * nccl_id: a new unique id (NCCL_ID_BYTES) for rank 0 to broadcast;
	 * nccl_init: this rank's communicator (*comm) of nranks on the current
	 * device; nccl_free destroys one, nccl_abort ends one whose peers are
	 * gone (an interrupt, a dead rank); nccl_run: one collective or
	 * point-to-point transfer on the current stream (enum nccl_kind; dtype
	 * an enum dtype; op an enum nccl_op; root / peer ranks); 0, or -1 with
	 * the error set (1: this dtype / op has no NCCL form, nothing done).
	 * device_uuid: the 16 bytes naming the device this process uses (two
	 * ranks on one GPU cannot share an NCCL communicator); -1 when none. */
	int (*nccl_id)(struct eval *ev, void *id);
	int (*nccl_init)(struct eval *ev, int nranks, int rank, const void *id, void **comm);
	void (*nccl_free)(void *comm);
	void (*nccl_abort)(void *comm);
	int (*nccl_run)(struct eval *ev, void *comm, enum nccl_kind kind, const void *send, void *recv,
			size_t count, int dtype, enum nccl_op op, int root, int peer);
	int (*device_uuid)(unsigned char out[16]);
	/* several GPUs (%device, %memgetinfo list each): how many the driver
	 * reports, the current one, and device dev's numbers.  mem_info_of: 1
	 * (out zeroed) for a device this process has not used yet (no context
	 * is made just to ask), 0, or -1 with the error set. */
	int (*device_count)(void);
	int (*current_device)(void);
	int (*mem_info_of)(struct eval *ev, int dev, struct cuda_mem_info *out);
	void (*device_info_of)(int dev, struct cuda_device_info *out);
	/* nccl_wait: waits for what nccl_run queued on comm, checking for
	 * interrupts and NCCL's asynchronous errors; 0 done, -1 with the error
	 * set (an NCCL error), -2 with KeyboardInterrupt (or the error) set
	 * after comm was aborted and freed: its kernels left the stream, and
	 * the caller must make a new communicator */
	int (*nccl_wait)(struct eval *ev, void *comm);
};

/* ---- the engine's side (cuda_plugin.c) ---- */
/* Loads the CUDA plugin and starts CUDA (driver load, context creation,
 * pool setup) in a background thread so it overlaps the kernel's start and
 * the user's typing.  Call once at engine start; calling again does nothing.
 * backend_cuda() waits for it. */
void cuda_warmup_start(void);
/* "host", "cuda" or NULL (auto, from $LUMEN_DEVICE): call before
 * cuda_warmup_start / backend_cuda to override the environment. */
void cuda_select(const char *mode);
/* One line for the banner / %memgetinfo: "NVIDIA H200 (sm_90, 139.8 GiB)" or
 * why cp runs on the host.  Static string; waits for the warmup. */
const char *cuda_describe(void);
/* The plugin, once the loader has finished (waits for it; starts it when
 * nobody has).  NULL in host mode: no CUDA build, LUMEN_DEVICE=host, no
 * driver, no plugin, or a plugin that failed to load. */
const struct cuda_plugin *cuda_plugin(void);
/* The same without waiting: NULL while loading or when there is none. */
const struct cuda_plugin *cuda_plugin_peek(void);
/* Why there is no plugin ("LUMEN_DEVICE=host", "no CUDA driver (...)", the
 * dlopen error ...); waits for the loader.  "" when there is one. */
const char *cuda_plugin_why(void);
/* cuda_describe() without waiting: NULL while the plugin loads or the
 * device starts. */
const char *cuda_describe_now(void);
/* The file the loader uses (or would use), for `lumen --version`:
 * $LUMEN_CUDA_PLUGIN, else lumen-cuda.so next to the executable, else in
 * $(pkglibdir); "" when the build has no CUDA.  Static string. */
const char *cuda_plugin_path(void);

#endif
