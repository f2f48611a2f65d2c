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
	out->id = cuda_dev.id;
	out->sms = cuda_dev.sms;
	out->cc_major = cuda_dev.cc_major;
	out->cc_minor = cuda_dev.cc_minor;
	out->total_mem = cuda_dev.total_mem;
	out->dead = cuda_dev.dead;
	snprintf(out->name, sizeof out->name, "%s", cuda_dev.name);
	snprintf(out->dead_msg, sizeof out->dead_msg, "%s", cuda_dev.dead_msg);
}

static void entry_free_all_blocks(void)
{
	pool_free_all_blocks();
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
};
