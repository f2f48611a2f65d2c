/*
 * t-hostcuda.c — TAP tests of host mode's cupy.cuda (backend/host/host_cudaobj.c)
 * through engine.h: Device(0) and its attributes, Device(1)'s CuPy error on use and `with`,
 * getDeviceCount 1 / is_available False, Stream / Stream.null / with, Event
 * timing on the host clock, memGetInfo, getDeviceProperties, the memory pool
 * reporting cp arrays' live bytes, and the host user kernels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/engine.h"
#include "tap.h"

#include "engine_cap.h"

static int true_(const char *expr)
{
	return value_is(NULL, expr, "True");
}

int main(void)
{
	struct engine_options opt = { "host" };
	E = engine_new(&opt);
	if (!E) {
		printf("1..0 # SKIP no engine\n");
		return 0;
	}
	ok(run("import cupy as cp\nimport numpy as np") == 0, "import");
	ok(value_is(NULL, "(cp.cuda.is_available(), cp.cuda.runtime.getDeviceCount())", "(False, 1)"),
	   "is_available False, getDeviceCount 1 (the host stands in as device 0)");
	ok(value_is("d = cp.cuda.Device(0)", "(d, d.id, d.compute_capability, cp.cuda.Device().id)",
		    "(<CUDA Device 0>, 0, '00', 0)"), "Device(0): repr, id, compute_capability");
	ok(value_is("with cp.cuda.Device(0):\n    x = cp.arange(4)\nd.synchronize()\nd.use()", "x.sum()", "array(6)"),
	   "with Device(0), synchronize(), use()");
	ok(value_is(NULL, "cp.cuda.Device(1)", "<CUDA Device 1>"), "Device(1) only remembers 1 (CuPy)");
	ok(error_is("cp.cuda.Device(1).use()", "CUDARuntimeError", "cudaErrorInvalidDevice: invalid device ordinal"),
	   "Device(1).use(): CuPy's invalid device ordinal");
	ok(error_is("with cp.cuda.Device(1):\n    pass", "CUDARuntimeError",
		    "cudaErrorInvalidDevice: invalid device ordinal"), "with Device(1): the same error");
	ok(value_is(NULL, "cp.cuda.runtime.getDevice()", "0"), "... and device 0 stays current");
	ok(error_is("cp.cuda.runtime.setDevice(1)", "CUDARuntimeError", NULL), "setDevice(1)");
	ok(true_("(lambda t: 0 < t[0] <= t[1])(cp.cuda.runtime.memGetInfo())"), "memGetInfo: (free, total) > 0");
	ok(true_("(lambda t: t[0] > 0 and t[1] == cp.cuda.runtime.memGetInfo()[1])(cp.cuda.Device(0).mem_info)"),
	   "Device.mem_info");
	ok(value_is("s = cp.cuda.Stream(non_blocking=True)\nwith s:\n    y = x * 2\ns.synchronize()\n"
		    "cp.cuda.Stream.null.synchronize()", "(cp.cuda.Stream.null, y.tolist(), s.done)",
		    "(<Stream 0 (device 0)>, [0, 2, 4, 6], True)"), "Stream, with, null, synchronize");
	ok(true_("(lambda e: e.done)(cp.cuda.get_current_stream().record())"), "Stream.record(), get_current_stream");
	ok(run("e1 = cp.cuda.Event()\ne2 = cp.cuda.Event()\ne1.record()\n"
	       "z = cp.ones(2000000).sum()\ne2.record()\ne2.synchronize()\nt = cp.cuda.get_elapsed_time(e1, e2)") == 0 &&
	   true_("isinstance(t, float) and t > 0"), "Event record/synchronize, get_elapsed_time on the host clock");
	ok(error_is("cp.cuda.get_elapsed_time(cp.cuda.Event(), e2)", "CUDARuntimeError", NULL),
	   "get_elapsed_time of an unrecorded event");
	ok(value_is("p = cp.cuda.runtime.getDeviceProperties(0)",
		    "(p['major'], p['minor'], p['totalGlobalMem'] == cp.cuda.runtime.memGetInfo()[1], p['multiProcessorCount'] >= 1)",
		    "(0, 0, True, True)"), "getDeviceProperties(0)");
	ok(run("pool = cp.get_default_memory_pool()\npool.free_all_blocks()\nu0 = pool.used_bytes()\n"
	       "big = cp.zeros(1 << 20)") == 0 && true_("pool.used_bytes() - u0 == 8 << 20"),
	   "pool.used_bytes counts a cp array's bytes");
	ok(run("del big") == 0 && true_("pool.used_bytes() == u0 and pool.total_bytes() >= pool.used_bytes()"),
	   "used_bytes drops when the array goes");
	ok(run("h = np.zeros(1 << 20)") == 0 && true_("pool.used_bytes() == u0"), "numpy arrays are not counted");
	ok(run("pool.free_all_blocks()") == 0 && true_("pool.n_free_blocks() == 0 and pool.total_bytes() == pool.used_bytes()"),
	   "free_all_blocks gives the cached blocks back");
	ok(value_is(NULL, "(cp.get_default_pinned_memory_pool().n_free_blocks(), cp.cuda.get_device_id())", "(0, 0)"),
	   "pinned pool, get_device_id");
	ok(value_is(NULL, "(cp.cuda.runtime.runtimeGetVersion(), cp.cuda.runtime.deviceSynchronize())", "(0, None)"),
	   "runtimeGetVersion 0 (no CUDA), deviceSynchronize");

	/* user kernels, compiled by the host's C++ compiler into a scratch cache */
	char tmpl[] = "/tmp/t-hostcuda-XXXXXX";
	if (mkdtemp(tmpl))
		setenv("LUMEN_KERNEL_CACHE", tmpl, 1);
	ok(value_is("axpb = cp.ElementwiseKernel('T x, T a, T b', 'T y', 'y = x * a + b', 'axpb')\n"
		    "r = axpb(cp.arange(4, dtype=cp.float32), cp.float32(2), cp.float32(1))",
		    "(r, axpb)", "(array([1., 3., 5., 7.], dtype=float32), <cupy._core.ElementwiseKernel object: axpb>)"),
	   "ElementwiseKernel: T from the arrays, scalars, float32");
	ok(value_is(NULL, "axpb(cp.arange(3.0), 2.0, cp.ones((2, 1)))", "array([[1., 3., 5.],\n       [1., 3., 5.]])"),
	   "ElementwiseKernel: broadcasting, float64, a second signature");
	ok(value_is("sq = cp.ElementwiseKernel('float64 x', 'float64 y, float64 z', 'y = x * x; z = sqrt(x)', 'sq')\n"
		    "o = cp.empty(3)\nt = sq(cp.arange(3.0), o, cp.empty(3))",
		    "(t[0].tolist(), o.tolist(), round(float(t[1][2]), 6))", "([0.0, 1.0, 4.0], [0.0, 1.0, 4.0], 1.414214)"),
	   "ElementwiseKernel: two outputs, out arguments given");
	ok(value_is("idx = cp.ElementwiseKernel('raw T x', 'T y', 'y = x[i] + i', 'idx')", "idx(cp.arange(3.0), size=3)",
		    "array([0., 2., 4.])"), "ElementwiseKernel: raw parameters, i, size=");
	ok(error_is("axpb(cp.ones((2, 3)), 2.0, 1.0, cp.empty(3))", "ValueError", "Out shape is mismatched"),
	   "an output smaller than the broadcast shape is refused");
	ok(error_is("axpb(np.arange(3.0), 2.0, 1.0)", "TypeError", "Unsupported type <class 'numpy.ndarray'>"),
	   "a numpy array is refused as CuPy does");
	ok(value_is("l2 = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')\n"
		    "m = cp.arange(12, dtype=cp.float64).reshape(3, 4)",
		    "(round(float(l2(m)), 9), l2(m, axis=1).round(6).tolist(), l2(m, axis=0, keepdims=True).shape)",
		    "(22.494443758, [3.741657, 11.224972, 19.131126], (1, 4))"), "ReductionKernel: all, axis=, keepdims=");
	ok(value_is("mx = cp.ReductionKernel('T x', 'T y', 'x', 'max(a, b)', 'y = a', '-1', 'mx')",
		    "mx(cp.array([[3, 9, 2], [7, 1, 8]]), axis=0).tolist()", "[7, 9, 8]"), "ReductionKernel: max(a, b), int");
	ok(value_is("add = cp.RawKernel('''extern \"C\" __global__ void my_add(const float* x1, const float* x2, float* y, int n) {\n"
		    "  int tid = blockDim.x * blockIdx.x + threadIdx.x;\n  if (tid < n) y[tid] = x1[tid] + x2[tid];\n}''', 'my_add')\n"
		    "y = cp.zeros(37, dtype=cp.float32)\nadd((5,), (8,), (cp.ones(37, dtype=cp.float32), cp.arange(37, dtype=cp.float32), y, 37))",
		    "(y[:3].tolist(), float(y.sum()))", "([1.0, 2.0, 3.0], 703.0)"),
	   "RawKernel: every thread of the grid, threadIdx/blockIdx/blockDim");
	ok(value_is("mod = cp.RawModule(code='extern \"C\" __global__ void twice(double *v, long long n) "
		    "{ long long i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] *= 2; }')\n"
		    "v = cp.ones(5)\nmod.get_function('twice')((1,), (32,), (v, 5))", "v.tolist()", "[2.0, 2.0, 2.0, 2.0, 2.0]"),
	   "RawModule.get_function");
	ok(error_is("cp.RawKernel('__global__ void k(float *x) { __shared__ float s[4]; __syncthreads(); }', 'k')",
		    "NotImplementedError", NULL), "RawKernel with __syncthreads: a named error");
	ok(error_is("cp.ElementwiseKernel('T x', 'T y', 'y = x +* ;', 'bad')(cp.ones(2))", "NVRTCError", NULL),
	   "a compile error is raised");

	engine_error_clear(&ERR);
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail != 0;
}
