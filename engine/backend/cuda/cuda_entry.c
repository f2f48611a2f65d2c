/*
 * cuda_entry.c — the CUDA plugin's one exported symbol, lumen_cuda_plugin:
 * the entry points the engine reaches the CUDA backend through
 * (cuda_plugin.h), and the device and pool numbers the magics show.
 *
 * Part of lumen-cuda.so (or linked statically into the t-cuda-* tests).
 * Owns no state: it only points at cuda_backend.c, cuda_pool.c and cuda_obj.c.
 */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "backend/backend.h"
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "backend/cuda/cuda_int.h"
#include "backend/cuda_plugin.h"

static int entry_mem_info(struct eval *ev, struct cuda_mem_info *out)
{
	memset(out, 0, sizeof *out);
	if (CUDA_CHECK(ev, cudaMemGetInfo(&out->free, &out->total)) < 0)
		return -1;
	out->pool_used = pool_used_bytes();
	out->pool_held = pool_total_bytes();
	out->pool_free_blocks = pool_n_free_blocks();
	out->pinned_free_blocks = pool_pinned_n_free_blocks();
	return 0;
}

static void entry_device_info(struct cuda_device_info *out)
{
	memset(out, 0, sizeof *out);
	cudaDriverGetVersion(&out->driver_version);
	cudaRuntimeGetVersion(&out->runtime_version);
	out->id = cuda_cur->id;
	out->sms = cuda_cur->sms;
	out->cc_major = cuda_cur->cc_major;
	out->cc_minor = cuda_cur->cc_minor;
	out->total_mem = cuda_cur->total_mem;
	out->dead = cuda_cur->dead;
	snprintf(out->name, sizeof out->name, "%s", cuda_cur->name);
	snprintf(out->dead_msg, sizeof out->dead_msg, "%s", cuda_cur->dead_msg);
}

static int entry_device_count(void)
{
	return cuda_ndev;
}

static int entry_current_device(void)
{
	return cuda_cur->id;
}

static int entry_mem_info_of(struct eval *ev, int dev, struct cuda_mem_info *out)
{
	int saved = cuda_cur->id, r;
	memset(out, 0, sizeof *out);
	if (dev < 0 || dev >= cuda_ndev)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidDevice: invalid device ordinal"), -1;
	if (!__atomic_load_n(&cuda_devs[dev].ok, __ATOMIC_ACQUIRE))
		return 1;
	if (cuda_use_device(ev, dev) < 0)
		return -1;
	r = entry_mem_info(ev, out);
	if (cuda_use_device(ev, saved) < 0)
		return -1;
	return r;
}

/* device dev's numbers: its own once started, else the driver's
 * properties (no context is made) */
static void entry_device_info_of(int dev, struct cuda_device_info *out)
{
	struct cudaDeviceProp p;
	const struct cuda_device *d = &cuda_devs[dev < 0 || dev >= CUDA_MAXDEV ? 0 : dev];
	memset(out, 0, sizeof *out);
	cudaDriverGetVersion(&out->driver_version);
	cudaRuntimeGetVersion(&out->runtime_version);
	out->id = dev;
	if (__atomic_load_n(&d->ok, __ATOMIC_ACQUIRE)) {
		out->sms = d->sms;
		out->cc_major = d->cc_major;
		out->cc_minor = d->cc_minor;
		out->total_mem = d->total_mem;
		out->dead = d->dead;
		snprintf(out->name, sizeof out->name, "%s", d->name);
		snprintf(out->dead_msg, sizeof out->dead_msg, "%s", d->dead_msg);
	} else if (cudaGetDeviceProperties(&p, dev) == cudaSuccess) {
		out->sms = p.multiProcessorCount;
		out->cc_major = p.major;
		out->cc_minor = p.minor;
		out->total_mem = p.totalGlobalMem;
		snprintf(out->name, sizeof out->name, "%s", p.name);
	} else {
		cudaGetLastError();
		snprintf(out->name, sizeof out->name, "(unknown)");
	}
}

/* every started device's pool, then the pinned one */
static void entry_free_all_blocks(void)
{
	struct cuda_device *cur = cuda_cur;
	for (int i = 0; i < cuda_ndev; i++) {
		if (!__atomic_load_n(&cuda_devs[i].ok, __ATOMIC_ACQUIRE))
			continue;
		if (&cuda_devs[i] != cuda_cur && cudaSetDevice(i) != cudaSuccess) {
			cudaGetLastError();
			continue;
		}
		cuda_cur = &cuda_devs[i];
		pool_free_all_blocks();
	}
	if (cuda_cur != cur) {
		cudaSetDevice(cur->id);
		cuda_cur = cur;
	}
	pool_pinned_free_all_blocks();
}

const struct cuda_plugin lumen_cuda_plugin = {
	.abi = CUDA_PLUGIN_ABI,
	.version = PACKAGE_VERSION,
	.sizes = {sizeof(struct eval), sizeof(struct value), sizeof(struct ndarray),
		  sizeof(struct backend)},
	.select = cudabe_select,
	.warmup_start = cudabe_warmup_start,
	.describe = cudabe_describe,
	.describe_now = cudabe_describe_now,
	.backend = cudabe_backend,
	.cupy_funcs = arr_cupy_funcs,
	.cuda_funcs = arr_cuda_funcs,
	.cuda_runtime_funcs = arr_cuda_runtime_funcs,
	.module_init = arr_module_init_cuda,
	.mem_info = entry_mem_info,
	.device_info = entry_device_info,
	.free_all_blocks = entry_free_all_blocks,
#ifdef HAVE_NCCL
	.nccl_id = cuda_nccl_id,
	.nccl_init = cuda_nccl_init,
	.nccl_free = cuda_nccl_free,
	.nccl_abort = cuda_nccl_abort,
	.nccl_run = cuda_nccl_run,
	.device_uuid = cuda_device_uuid,
	.nccl_wait = cuda_nccl_wait,
#endif
	.device_count = entry_device_count,
	.current_device = entry_current_device,
	.mem_info_of = entry_mem_info_of,
	.device_info_of = entry_device_info_of,
};
