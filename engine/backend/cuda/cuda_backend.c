/*
 * cuda_backend.c — the CUDA backend: device selection and host mode, the
 * background start of CUDA, the one CUDA-call check (statuses become
 * `CUDARuntimeError: cudaErrorX: message`; sticky ones mark the device dead),
 * and the struct backend whose entries route to cuda_pool.c, cuda_transfer.c,
 * cuda_ew.c, cuda_blas.c, cuda_fft.c, cuda_solver.c, cuda_rand.c and
 * kernels/fixed.cu.
 *
 * Owns the devices' state (struct cuda_device, one per GPU, the current one
 * cuda_cur), peer access between them, and device buffers' headers.
 * Never evaluates Python and never decides dtypes: callers did that.
 */
#include "config.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend/backend.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"
#include "numerics/ndimage.h"

#ifdef HAVE_CUDA

struct cuda_device cuda_devs[CUDA_MAXDEV];
struct cuda_device *cuda_cur = &cuda_devs[0];
int cuda_ndev;

/* ---- device selection and the background start ---- */

static pthread_mutex_t warm_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t warm_cv = PTHREAD_COND_INITIALIZER;
static int warm_state;          /* 0 not started, 1 running, 2 done */
static char mode[16];           /* "", "host", "cuda" */
static int mode_set;
static char why_host[256] = "no CUDA device";
static char describe[320];

void cudabe_select(const char *m)
{
	pthread_mutex_lock(&warm_mu);
	if (warm_state == 0) {
		snprintf(mode, sizeof mode, "%s", m ? m : "");
		mode_set = 1;
	}
	pthread_mutex_unlock(&warm_mu);
}


/* A process may exit while the warmup thread is inside the driver, NVRTC or
 * cuBLAS: exit waits for it, from a handler registered both before and
 * just after CUDA registers its own teardown (handlers run in reverse). */
static pthread_t warm_tid;
static int warm_thread, warm_joined, exiting;

static void warm_join_at_exit(void)
{
	pthread_mutex_lock(&warm_mu);
	exiting = 1;
	if (!warm_thread || warm_joined || pthread_equal(pthread_self(), warm_tid)) {
		pthread_mutex_unlock(&warm_mu);
		return;
	}
	warm_joined = 1;
	pthread_mutex_unlock(&warm_mu);
	pthread_join(warm_tid, NULL);
}

/* The device of this process: LUMEN_CUDA_DEVICE when set (the device cp
 * starts on, as if `cp.cuda.Device(i).use()` came first: the corpus on
 * device 1), else local rank % count under MPI (the rank on this node:
 * LUMEN_LOCAL_RANK, which the MPI kernel sets, or what the launcher says:
 * Open MPI, MPICH/Hydra, Slurm), else device 0. */
static int local_rank_device(int count)
{
	const char *d = getenv("LUMEN_CUDA_DEVICE");
	if (d && *d) {
		long i = strtol(d, NULL, 10);
		return i >= 0 && i < count ? (int)i : 0;
	}
	static const char *const vars[] = { "LUMEN_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
					    "SLURM_LOCALID", "PMI_LOCAL_RANK", "PMIX_LOCAL_RANK" };
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v) {
			long r = strtol(v, NULL, 10);
			return r >= 0 && count > 0 ? (int)(r % count) : 0;
		}
	}
	return 0;
}

/* Starts device id on the calling thread (which it leaves current): its
 * context, properties and pool.  cudaSuccess, or the failing status. */
static cudaError_t dev_start(int id)
{
	struct cuda_device *d = &cuda_devs[id];
	struct cudaDeviceProp p;
	cudaError_t e;
	if ((e = cudaSetDevice(id)) != cudaSuccess || (e = cudaFree(0)) != cudaSuccess
	    || (e = cudaGetDeviceProperties(&p, id)) != cudaSuccess)
		return e;
	d->id = id;
	d->sms = p.multiProcessorCount;
	d->cc_major = p.major;
	d->cc_minor = p.minor;
	d->total_mem = p.totalGlobalMem;
	snprintf(d->name, sizeof d->name, "%s", p.name);
	d->stream = 0;
	pool_setup(id);
	__atomic_store_n(&d->ok, 1, __ATOMIC_RELEASE);
	return cudaSuccess;
}

static void *warm_main(void *arg)
{
	int n = 0, ok = 0, dev = 0;
	cudaError_t e = cudaGetDeviceCount(&n);

	if (warm_thread)
		atexit(warm_join_at_exit);

	if (e != cudaSuccess || n == 0) {
		snprintf(why_host, sizeof why_host, "no CUDA device (%s)",
			 e != cudaSuccess ? cudaGetErrorString(e) : "none found");
		cudaGetLastError();
		goto done;
	}
	if (n > CUDA_MAXDEV)
		n = CUDA_MAXDEV;
	for (int i = 0; i < n; i++)
		cuda_devs[i].id = i;
	dev = local_rank_device(n);
	if ((e = dev_start(dev)) != cudaSuccess) {
		snprintf(why_host, sizeof why_host, "CUDA failed to start: %s: %s",
			 cudaGetErrorName(e), cudaGetErrorString(e));
		goto done;
	}
	if (jit_init() < 0) {
		cuda_devs[dev].ok = 0;
		snprintf(why_host, sizeof why_host, "CUDA driver entry points missing");
		goto done;
	}
	cuda_ndev = n;
	cuda_cur = &cuda_devs[dev];
	ok = 1;
done:
	pthread_mutex_lock(&warm_mu);
	if (ok)
		snprintf(describe, sizeof describe, "%s (sm_%d%d, %.1f GiB)", cuda_cur->name,
			 cuda_cur->cc_major, cuda_cur->cc_minor, cuda_cur->total_mem / 1073741824.0);
	else
		snprintf(describe, sizeof describe, "host mode: %s", why_host);
	__atomic_store_n(&warm_state, 2, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&warm_cv);
	pthread_mutex_unlock(&warm_mu);
	if (ok && !getenv("LUMEN_NO_WARM")) {
		/* what the first cp statement would otherwise pay */
		int stop;
		pthread_mutex_lock(&warm_mu);
		stop = exiting;
		pthread_mutex_unlock(&warm_mu);
		if (!stop)
			jit_warm(dev);
		pthread_mutex_lock(&warm_mu);
		stop = exiting;
		pthread_mutex_unlock(&warm_mu);
		if (!stop)
			cuda_lib_warm(dev);
		pthread_mutex_lock(&warm_mu);
		stop = exiting;
		pthread_mutex_unlock(&warm_mu);
		if (!stop)
			xfer_warm(dev);
	}
	return NULL;
}

void cudabe_warmup_start(void)
{
	pthread_t t;
	pthread_attr_t at;

	pthread_mutex_lock(&warm_mu);
	if (warm_state != 0) {
		pthread_mutex_unlock(&warm_mu);
		return;
	}
	if (!mode_set) {
		const char *m = getenv("LUMEN_DEVICE");
		snprintf(mode, sizeof mode, "%s", m ? m : "");
		mode_set = 1;
	}
	if (!strcmp(mode, "host")) {
		snprintf(why_host, sizeof why_host, "LUMEN_DEVICE=host");
		snprintf(describe, sizeof describe, "host mode: %s", why_host);
		__atomic_store_n(&warm_state, 2, __ATOMIC_RELEASE);
		pthread_mutex_unlock(&warm_mu);
		return;
	}
	warm_state = 1;
	pthread_mutex_unlock(&warm_mu);
	atexit(warm_join_at_exit);
	pthread_attr_init(&at);
	if (pthread_create(&t, &at, warm_main, NULL) != 0) {
		warm_main(NULL);
	} else {
		pthread_mutex_lock(&warm_mu);
		warm_tid = t;
		warm_thread = 1;
		pthread_mutex_unlock(&warm_mu);
	}
	pthread_attr_destroy(&at);
}

static void warm_wait(void)
{
	if (__atomic_load_n(&warm_state, __ATOMIC_ACQUIRE) == 2)   /* every call after the start */
		return;
	cudabe_warmup_start();
	pthread_mutex_lock(&warm_mu);
	while (warm_state != 2)
		pthread_cond_wait(&warm_cv, &warm_mu);
	pthread_mutex_unlock(&warm_mu);
}

const char *cudabe_describe(void)
{
	warm_wait();
	return describe;
}

const char *cudabe_describe_now(void)
{
	int done;
	pthread_mutex_lock(&warm_mu);
	done = warm_state == 2;
	pthread_mutex_unlock(&warm_mu);
	return done ? describe : NULL;
}

/* ---- errors ---- */

static int is_sticky(cudaError_t e)
{
	switch (e) {
	case cudaErrorIllegalAddress: case cudaErrorLaunchFailure:
	case cudaErrorHardwareStackError: case cudaErrorIllegalInstruction:
	case cudaErrorMisalignedAddress: case cudaErrorInvalidAddressSpace:
	case cudaErrorInvalidPc: case cudaErrorAssert: case cudaErrorLaunchTimeout:
	case cudaErrorECCUncorrectable: case cudaErrorContextIsDestroyed:
	case cudaErrorUnknown:
		return 1;
	default:
		return 0;
	}
}

static const char restart[] = " (the GPU context is unusable after this error: restart the kernel)";

static int dead_error(struct eval *ev)
{
	return err_set(ev, TY_CUDARuntimeError, "%s%s", cuda_cur->dead_msg, restart), -1;
}

int cuda_fail(struct eval *ev, cudaError_t e, const char *what)
{
	if (e == cudaSuccess)
		return 0;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (is_sticky(e)) {
		cuda_cur->dead = 1;
		snprintf(cuda_cur->dead_msg, sizeof cuda_cur->dead_msg, "%s: %s",
			 cudaGetErrorName(e), cudaGetErrorString(e));
		return dead_error(ev);
	}
	cudaGetLastError(); /* a non-sticky error must not show up again later */
	err_set(ev, TY_CUDARuntimeError, "%s: %s", cudaGetErrorName(e), cudaGetErrorString(e));
	return -1;
}

int cuda_fail_drv(struct eval *ev, int res, const char *what)
{
	/* the driver's CUresult numbers are the runtime's cudaError_t numbers */
	return cuda_fail(ev, (cudaError_t)res, what);
}

int cuda_check_async(struct eval *ev)
{
	if (cuda_cur->dead)
		return dead_error(ev);
	return cuda_fail(ev, cudaPeekAtLastError(), "async");
}

int cuda_ready(struct eval *ev)
{
	warm_wait();
	if (!cuda_cur->ok)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: %s", why_host), -1;
	if (cuda_cur->dead)
		return dead_error(ev);
	return 0;
}

/* ---- several devices ---- */

static struct backend cuda_backend;

static pthread_mutex_t dev_mu = PTHREAD_MUTEX_INITIALIZER;

int cuda_use_device(struct eval *ev, int id)
{
	struct cuda_device *d;
	cudaError_t e;
	if (cuda_cur->id == id && cuda_cur->ok)   /* every call but a switch */
		return 0;
	warm_wait();
	if (!cuda_cur->ok)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: %s", why_host), -1;
	if (cuda_cur->id == id)
		return 0;
	if (id < 0 || id >= cuda_ndev)
		return err_set(ev, TY_CUDARuntimeError, "cudaErrorInvalidDevice: invalid device ordinal"), -1;
	d = &cuda_devs[id];
	pthread_mutex_lock(&dev_mu);
	e = __atomic_load_n(&d->ok, __ATOMIC_ACQUIRE) ? cudaSetDevice(id) : dev_start(id);
	pthread_mutex_unlock(&dev_mu);
	if (e != cudaSuccess) {
		cudaSetDevice(cuda_cur->id);
		return cuda_fail(ev, e, "cudaSetDevice");
	}
	cuda_cur = d;
	return 0;
}

/* Waits for the queued work of device other (its current stream), so that
 * the current device may read what it wrote: the two devices' streams are
 * not ordered with each other. */
static int peer_fence(struct eval *ev, int other)
{
	int cur = cuda_cur->id;
	cudaError_t e;
	if ((e = cudaSetDevice(other)) == cudaSuccess)
		e = cudaStreamSynchronize(cuda_devs[other].stream);
	cudaSetDevice(cur);
	return CUDA_CHECK(ev, e);
}

/* Peer access from the current device to device other, enabled once:
 * 1 when the current device can reach other's memory, 0 when it cannot. */
static int peer_enable(int other)
{
	signed char *st = &cuda_cur->peer[other];
	if (!*st) {
		int can = 0;
		if (cudaDeviceCanAccessPeer(&can, cuda_cur->id, other) != cudaSuccess) {
			cudaGetLastError();
			can = 0;
		}
		if (can) {
			cudaError_t e = cudaDeviceEnablePeerAccess(other, 0);
			if (e != cudaSuccess && e != cudaErrorPeerAccessAlreadyEnabled)
				can = 0;
			cudaGetLastError();
		}
		*st = can ? 1 : -1;
	}
	return *st > 0;
}

/* CuPy's _check_peer_access: the same words, a PerformanceWarning each
 * time, a ValueError when the devices cannot reach each other. */
int cuda_check_peer(struct eval *ev, const struct ndarray *a)
{
	if (a->buf->device == cuda_cur->id || a->buf->be != &cuda_backend)
		return 0;
	return cuda_check_peer_dev(ev, a->buf->device);
}

int cuda_ptr_device(const void *p)
{
	struct cudaPointerAttributes at;
	if (cuda_ndev < 2 || !p)
		return cuda_cur->id;
	if (cudaPointerGetAttributes(&at, p) != cudaSuccess) {
		cudaGetLastError();
		return -1;
	}
	return at.type == cudaMemoryTypeDevice ? at.device : -1;
}

int cuda_check_peer_dev(struct eval *ev, int from)
{
	int to = cuda_cur->id;
	char msg[200];
	if (from == to)
		return 0;
	snprintf(msg, sizeof msg, "The device where the array resides (%d) is different from the current device (%d).",
		 from, to);
	if (from < 0 || from >= cuda_ndev || !peer_enable(from))
		return err_set(ev, TY_ValueError, "%s Peer access is unavailable between these devices.", msg), -1;
	strcat(msg, " Peer access has been activated automatically.");
	ev_warn(ev, "PerformanceWarning", msg);
	if (err_occurred(ev))   /* warnings as errors */
		return -1;
	return peer_fence(ev, from);
}

int cuda_enter_array_device(struct eval *ev, const struct ndarray *a, int *saved)
{
	*saved = cuda_cur->id;
	if (a->buf->device == cuda_cur->id)
		return 0;
	return cuda_use_device(ev, a->buf->device);
}

/* ---- the backend's entries ---- */

static struct buffer *cu_alloc(struct eval *ev, size_t nbytes)
{
	struct buffer *b;
	if (cuda_cur->dead)
		return dead_error(ev), NULL;
	b = malloc(sizeof *b);
	if (!b)
		return err_nomem(ev);
	b->data = pool_alloc(ev, nbytes);
	if (!b->data) {
		free(b);
		return NULL;
	}
	b->refcnt = 1;
	b->nbytes = nbytes;
	b->be = &cuda_backend;
	b->cookie = NULL;
	b->device = cuda_cur->id;
	return b;
}

static void cu_free(struct buffer *b)
{
	pool_free_on(b->device, b->data, b->nbytes);
	free(b);
}

/* the pool's buffer cleared on the stream (cu_fill's memset for zeros) */
static struct buffer *cu_alloc_zeroed(struct eval *ev, size_t nbytes)
{
	struct buffer *b = cu_alloc(ev, nbytes);
	if (b && nbytes && CUDA_CHECK(ev, cudaMemsetAsync(b->data, 0, nbytes, cuda_cur->stream)) < 0) {
		cu_free(b);
		return NULL;
	}
	return b;
}

static int cu_sync(struct eval *ev)
{
	if (cuda_cur->dead)
		return dead_error(ev);
	return CUDA_CHECK(ev, cudaStreamSynchronize(cuda_cur->stream));
}

static int64_t nbytes_of(const struct ndarray *a)
{
	return nd_size(a) * dt_size(a->dtype);
}

/* The byte range [lo, hi) an array touches inside its buffer. */
static void extent(const struct ndarray *a, int64_t *lo, int64_t *hi)
{
	int64_t l = a->offset, h = a->offset + dt_size(a->dtype);
	for (int i = 0; i < a->ndim; i++) {
		if (a->shape[i] == 0) {
			*lo = *hi = a->offset;
			return;
		}
		int64_t d = (a->shape[i] - 1) * a->strides[i];
		if (d < 0)
			l += d;
		else
			h += d;
	}
	*lo = l;
	*hi = h;
}

/* 0 when every array is on the current device or reachable from it (see
 * cuda_check_peer); the fast path is one compare per array. */
static int same_dev2(struct eval *ev, const struct ndarray *a, const struct ndarray *b)
{
	int cur = cuda_cur->id;
	if (a && a->buf->device != cur && cuda_check_peer(ev, a) < 0)
		return -1;
	if (b && b->buf->device != cur && cuda_check_peer(ev, b) < 0)
		return -1;
	return 0;
}

static int same_dev_tree(struct eval *ev, const struct ew_tree *t, const struct ndarray *out)
{
	for (int i = 0; i < t->narrays; i++)
		if (t->arrays[i]->buf->device != cuda_cur->id && cuda_check_peer(ev, t->arrays[i]) < 0)
			return -1;
	return same_dev2(ev, out, NULL);
}

/* A copy between devices of contiguous bytes (cp.asarray under another
 * device): cudaMemcpyPeerAsync on the current stream after both devices'
 * queued work, finished before it returns (neither device's later work is
 * ordered after it otherwise). */
static int peer_copy(struct eval *ev, void *dst, int ddev, const void *src, int sdev, size_t n)
{
	int cur = cuda_cur->id;
	if (sdev != cur && peer_fence(ev, sdev) < 0)
		return -1;
	if (ddev != cur && ddev != sdev && peer_fence(ev, ddev) < 0)
		return -1;
	if (cuda_ndev > 1) {   /* the copy engines take the direct path when peer access is on */
		if (sdev != cur)
			peer_enable(sdev);
		if (ddev != cur)
			peer_enable(ddev);
	}
	if (CUDA_CHECK(ev, cudaMemcpyPeerAsync(dst, ddev, src, sdev, n, cuda_cur->stream)) < 0)
		return -1;
	return CUDA_CHECK(ev, cudaStreamSynchronize(cuda_cur->stream));
}

static int cu_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src);

/* a new C-contiguous array of dtype dt, shape of a, on device dev */
static struct ndarray *new_on(struct eval *ev, int dev, int dt, const struct ndarray *a)
{
	int saved = cuda_cur->id;
	struct ndarray *r;
	if (cuda_use_device(ev, dev) < 0)
		return NULL;
	r = nd_new(ev, &cuda_backend, dt, a->ndim, a->shape);
	if (cuda_use_device(ev, saved) < 0) {
		nd_decref(r);
		return NULL;
	}
	return r;
}

/* cu_copy on device dev, then back */
static int copy_on(struct eval *ev, int dev, struct ndarray *dst, const struct ndarray *src)
{
	int saved = cuda_cur->id, r;
	if (cuda_use_device(ev, dev) < 0)
		return -1;
	r = cu_copy(ev, dst, src);
	return cuda_use_device(ev, saved) < 0 ? -1 : r;
}

/* A copy between devices as CuPy's ndarray.copy makes one: src made
 * contiguous on its own device, one cudaMemcpyPeer of its bytes, the cast or
 * layout of dst done on dst's device.  No kernel reads another device's
 * memory, so it needs no peer access. */
static int cross_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src)
{
	int sdev = src->buf->device, ddev = dst->buf->device, r = -1;
	struct ndarray *s = NULL, *d = NULL;
	if (nd_is_c_contiguous(src))
		s = nd_incref((struct ndarray *)src);
	else if (!(s = new_on(ev, sdev, src->dtype, src)) || copy_on(ev, sdev, s, src) < 0)
		goto out;
	if (dst->dtype == src->dtype && nd_is_c_contiguous(dst))
		d = nd_incref(dst);
	else if (!(d = new_on(ev, ddev, src->dtype, dst)))
		goto out;
	if (peer_copy(ev, nd_data(d), ddev, nd_data(s), sdev, nbytes_of(s)) < 0)
		goto out;
	r = d == dst ? 0 : copy_on(ev, ddev, dst, d);
out:
	nd_decref(s);
	nd_decref(d);
	return r;
}

static int cu_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src)
{
	struct ew_tree t;
	int64_t n = nd_size(dst);

	if (n == 0)
		return 0;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (__builtin_expect(dst->buf->device != src->buf->device, 0))
		return cross_copy(ev, dst, src);
	if (__builtin_expect(dst->buf->device != cuda_cur->id, 0))   /* both on another device: there */
		return copy_on(ev, dst->buf->device, dst, src);
	if (dst->dtype == src->dtype && nd_is_c_contiguous(dst) && nd_is_c_contiguous(src)) {
		if (nd_data(dst) == nd_data(src))
			return 0;
		return CUDA_CHECK(ev, cudaMemcpyAsync(nd_data(dst), nd_data(src), nbytes_of(dst),
						      cudaMemcpyDeviceToDevice, cuda_cur->stream));
	}
	if (dst->buf == src->buf) {
		int64_t dl, dh, sl, sh;
		extent(dst, &dl, &dh);
		extent(src, &sl, &sh);
		if (dl < sh && sl < dh && !(dst->offset == src->offset && dst->ndim == src->ndim
					     && !memcmp(dst->strides, src->strides, 8 * dst->ndim))) {
			/* overlapping views: go through a temporary */
			struct ndarray *tmp = nd_new(ev, &cuda_backend, src->dtype, src->ndim, src->shape);
			int r = tmp && cu_copy(ev, tmp, src) == 0 ? cu_copy(ev, dst, tmp) : -1;
			nd_decref(tmp);
			return r;
		}
	}
	if (dst->dtype == DT_BOOL && src->dtype == DT_BOOL) {
		/* a bool copy keeps its bytes as NumPy's and CuPy's do (a bool
		 * load reads x != 0): copy them as uint8 views */
		struct ndarray *d8 = nd_view(ev, dst, DT_UINT8, dst->ndim, dst->shape, dst->strides, dst->offset);
		struct ndarray *s8 = d8 ? nd_view(ev, src, DT_UINT8, src->ndim, src->shape, src->strides,
						  src->offset) : NULL;
		int r = s8 ? cu_copy(ev, d8, s8) : -1;
		nd_decref(d8);
		nd_decref(s8);
		return r;
	}
	memset(&t, 0, sizeof t);
	t.narrays = 1;
	t.arrays[0] = (struct ndarray *)src;
	t.nodes[0].kind = EW_ARRAY;
	t.nodes[0].dtype = src->dtype;
	t.nodes[0].leaf = 0;
	t.nnodes = 1;
	if (src->dtype != dst->dtype) {
		t.nodes[1].kind = EW_CAST;
		t.nodes[1].dtype = dst->dtype;
		t.nodes[1].nargs = 1;
		t.nodes[1].args[0] = 0;
		t.nnodes = 2;
	}
	return cuew_elementwise(ev, &t, dst);
}

static int cu_to_host(struct eval *ev, void *dst, const struct ndarray *src)
{
	struct ndarray *tmp;
	int r;
	int saved;
	if (nd_size(src) == 0)
		return 0;
	if (src->buf->device != cuda_cur->id) {   /* x.get() works on x's device */
		if (cuda_enter_array_device(ev, src, &saved) < 0)
			return -1;
		r = cu_to_host(ev, dst, src);
		return cuda_use_device(ev, saved) < 0 ? -1 : r;
	}
	if (cuda_cur->dead)
		return dead_error(ev);
	if (nd_is_c_contiguous(src))
		return xfer_d2h(ev, dst, nd_data(src), nbytes_of(src));
	tmp = nd_new(ev, &cuda_backend, src->dtype, src->ndim, src->shape);
	r = tmp && cu_copy(ev, tmp, src) == 0 ? xfer_d2h(ev, dst, nd_data(tmp), nbytes_of(tmp)) : -1;
	nd_decref(tmp);
	return r;
}

static int cu_from_host(struct eval *ev, struct ndarray *dst, const void *src)
{
	struct ndarray *tmp;
	int r;
	int saved;
	if (nd_size(dst) == 0)
		return 0;
	if (dst->buf->device != cuda_cur->id) {   /* written on dst's device */
		if (cuda_enter_array_device(ev, dst, &saved) < 0)
			return -1;
		r = cu_from_host(ev, dst, src);
		return cuda_use_device(ev, saved) < 0 ? -1 : r;
	}
	if (cuda_cur->dead)
		return dead_error(ev);
	if (nd_is_c_contiguous(dst))
		return xfer_h2d(ev, nd_data(dst), src, nbytes_of(dst));
	tmp = nd_new(ev, &cuda_backend, dst->dtype, dst->ndim, dst->shape);
	r = tmp && xfer_h2d(ev, nd_data(tmp), src, nbytes_of(tmp)) == 0 ? cu_copy(ev, dst, tmp) : -1;
	nd_decref(tmp);
	return r;
}

static int all_zero_bytes(const struct npscalar *v)
{
	switch (dtype_table[v->dtype].kind) {
	case DK_BOOL: return v->v.b == 0;
	case DK_INT: case DK_UINT: return v->v.i == 0;
	case DK_FLOAT: return v->v.f == 0 && !__builtin_signbit(v->v.f);
	default: return __real__ v->v.c == 0 && __imag__ v->v.c == 0
			&& !__builtin_signbit(__real__ v->v.c) && !__builtin_signbit(__imag__ v->v.c);
	}
}

static int cu_fill(struct eval *ev, struct ndarray *dst, const struct npscalar *v)
{
	struct ew_tree t;
	if (nd_size(dst) == 0)
		return 0;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (dst->buf->device != cuda_cur->id) {   /* x.fill(v) runs on x's device */
		int saved, r;
		if (cuda_enter_array_device(ev, dst, &saved) < 0)
			return -1;
		r = cu_fill(ev, dst, v);
		return cuda_use_device(ev, saved) < 0 ? -1 : r;
	}
	if (nd_is_c_contiguous(dst) && all_zero_bytes(v))
		return CUDA_CHECK(ev, cudaMemsetAsync(nd_data(dst), 0, nbytes_of(dst), cuda_cur->stream));
	memset(&t, 0, sizeof t);
	t.nscalars = 1;
	t.scalars[0] = *v;
	t.nodes[0].kind = EW_SCALAR;
	t.nodes[0].dtype = v->dtype;
	t.nodes[0].leaf = 0;
	t.nnodes = 1;
	if (v->dtype != dst->dtype) {
		t.nodes[1].kind = EW_CAST;
		t.nodes[1].dtype = dst->dtype;
		t.nodes[1].nargs = 1;
		t.nodes[1].args[0] = 0;
		t.nnodes = 2;
	}
	return cuew_elementwise(ev, &t, dst);
}

static int cu_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out)
{
	if (cuda_cur->dead)
		return dead_error(ev);
	if (same_dev_tree(ev, t, out) < 0)
		return -1;
	return cuew_elementwise(ev, t, out);
}

static int cu_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op,
		     uint64_t axes, struct ndarray *out)
{
	int vdt = t->nodes[t->nnodes - 1].dtype;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (same_dev_tree(ev, t, out) < 0)
		return -1;
	if (dt_is_complex(vdt) && (op == RED_MIN || op == RED_MAX || op == RED_NANMIN ||
				   op == RED_NANMAX || op == RED_ARGMIN || op == RED_ARGMAX)) {
		/* complex order (NumPy's lexicographic, NaNs propagate): the
		 * device reductions order reals only, so host copies decide */
		if (cuda_trip_reduce(ev, t, op, axes, out) < 0)
			return -1;
		cuda_fallback_count(FB_REDUCE_COMPLEX_ORDER);
		return 0;
	}
	return cuew_reduce(ev, t, op, axes, out);
}

static void *tmp_alloc(size_t n) { return pool_alloc(NULL, n); }
static void tmp_release(void *p, size_t n) { pool_free(p, n); }

static int cu_scan(struct eval *ev, const struct ndarray *a, int axis, int prod,
		   struct ndarray *out)
{
	int64_t outer = 1, len, inner = 1;
	int r;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (same_dev2(ev, a, out) < 0)
		return -1;
	if (nd_size(out) == 0)
		return 0;
	if (!nd_is_c_contiguous(out))
		return err_set(ev, TY_NotImplementedError, "scan into a non-contiguous output"), -1;
	switch (out->dtype) {
	case DT_INT32: case DT_INT64: case DT_UINT32: case DT_UINT64: case DT_FLOAT32: case DT_FLOAT64:
		break;
	case DT_BOOL: case DT_INT8: case DT_INT16: case DT_UINT8: case DT_UINT16: {
		/* the kernels scan 32/64-bit items: a 64-bit scan cast back (sums
		 * and products wrap the same modulo 2^8 or 2^16; a bool sum is an or) */
		struct ndarray *w = nd_new(ev, nd_backend(out), dtype_table[out->dtype].kind == DK_UINT
					   ? DT_UINT64 : DT_INT64, out->ndim, out->shape);
		r = w && cu_scan(ev, a, axis, prod, w) == 0 && cu_copy(ev, out, w) == 0 ? 0 : -1;
		nd_decref(w);
		return r;
	}
	default: {
		/* float16 and complex, whose rounding a wider scan would change:
		 * the host backend's scan of a host copy (a fallback) */
		struct ndarray *h = arr_to_host(ev, a);
		struct ndarray *hout = h ? nd_new(ev, &backend_host, out->dtype, out->ndim, out->shape) : NULL;
		r = hout && backend_host.scan(ev, h, axis, prod, hout) == 0 && cuda_trip_back(ev, out, hout) == 0
			? 0 : -1;
		nd_decref(h);
		nd_decref(hout);
		if (r == 0)
			cuda_fallback_count(FB_SCAN_INEXACT);
		return r;
	}
	}
	if (cu_copy(ev, out, a) < 0)
		return -1;
	for (int i = 0; i < axis; i++)
		outer *= out->shape[i];
	len = out->ndim ? out->shape[axis] : 1;
	for (int i = axis + 1; i < out->ndim; i++)
		inner *= out->shape[i];
	/* rows of `len` along the axis; inner > 1 runs line by line */
	r = cuk_scan(out->dtype, nd_data(out), outer, len, inner, prod,
		     tmp_alloc, tmp_release, cuda_cur->stream);
	if (r == -2)
		return err_set(ev, TY_NotImplementedError, "%s on the GPU for dtype %s",
			       prod ? "cumprod" : "cumsum", dtype_table[out->dtype].name), -1;
	return CUDA_CHECK(ev, (cudaError_t)r);
}

static int cu_sort(struct eval *ev, struct ndarray *a, struct ndarray *idx_out, int stable)
{
	(void)stable; /* the device radix sort is stable */
	int64_t cols, rows;
	int r;
	if (cuda_cur->dead)
		return dead_error(ev);
	if (same_dev2(ev, a, idx_out) < 0)
		return -1;
	if (nd_size(a) == 0)
		return 0;
	if (!nd_is_c_contiguous(a) || (idx_out && !nd_is_c_contiguous(idx_out)))
		return err_set(ev, TY_NotImplementedError, "sort of a non-contiguous array"), -1;
	cols = a->ndim ? a->shape[a->ndim - 1] : 1;
	rows = nd_size(a) / cols;
	r = cuk_sort(a->dtype, nd_data(a), idx_out ? (int64_t *)nd_data(idx_out) : NULL,
		     rows, cols, tmp_alloc, tmp_release, cuda_cur->stream);
	if (r == -2)
		return err_set(ev, TY_NotImplementedError, "sort on the GPU for dtype %s",
			       dtype_table[a->dtype].name), -1;
	if (r == -3)
		return err_set(ev, TY_OutOfMemoryError, "Out of memory allocating sort workspace (allocated so far: %zu bytes)",
			       pool_used_bytes()), -1;
	return CUDA_CHECK(ev, (cudaError_t)r);
}

/* Edge items for repr: the flat indices become byte offsets here, one small
 * kernel gathers them on the device, one small copy brings them back. */
static int cu_take_flat(struct eval *ev, const struct ndarray *a, const int64_t *idx,
			int64_t n, void *host_out)
{
	int item = dt_size(a->dtype);
	int64_t *off;
	void *d_off = NULL, *d_out = NULL;
	int r = -1, saved;

	if (n <= 0)
		return 0;
	if (a->buf->device != cuda_cur->id) {   /* repr of an array of another device */
		if (cuda_enter_array_device(ev, a, &saved) < 0)
			return -1;
		r = cu_take_flat(ev, a, idx, n, host_out);
		return cuda_use_device(ev, saved) < 0 ? -1 : r;
	}
	if (cuda_cur->dead)
		return dead_error(ev);
	off = pool_pinned_alloc(ev, n * 8 + n * item);
	if (!off)
		return -1;
	for (int64_t k = 0; k < n; k++) {
		int64_t f = idx[k], o = a->offset;
		for (int i = a->ndim - 1; i >= 0; i--) {
			int64_t s = a->shape[i] ? a->shape[i] : 1;
			o += (f % s) * a->strides[i];
			f /= s;
		}
		off[k] = o;
	}
	d_off = pool_alloc(ev, n * 8 + n * item);
	if (!d_off)
		goto out;
	d_out = (char *)d_off + n * 8;
	if (CUDA_CHECK(ev, cudaMemcpyAsync(d_off, off, n * 8, cudaMemcpyHostToDevice, cuda_cur->stream)) < 0)
		goto out;
	if (CUDA_CHECK(ev, (cudaError_t)cuk_gather(d_out, a->buf->data, d_off, n, item, cuda_cur->stream)) < 0)
		goto out;
	xfer_note_d2h(ev, (size_t)n * item);
	if (CUDA_CHECK(ev, cudaMemcpyAsync((char *)off + n * 8, d_out, n * item, cudaMemcpyDeviceToHost,
					   cuda_cur->stream)) < 0
	    || CUDA_CHECK(ev, cudaStreamSynchronize(cuda_cur->stream)) < 0)
		goto out;
	memcpy(host_out, (char *)off + n * 8, n * item);
	r = 0;
out:
	if (d_off)
		pool_free(d_off, n * 8 + n * item);
	pool_pinned_free(off);
	return r;
}

static int cu_elsewhere(const struct ndarray *a)
{
	return a->buf->device != cuda_cur->id;
}

/* The entries of the plugin's other files, behind the device check. */
static int cu_matmul(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
		     struct ndarray *out)
{
	if (same_dev2(ev, a, b) < 0 || same_dev2(ev, out, NULL) < 0)
		return -1;
	return cuda_matmul(ev, a, b, out);
}

static int cu_gather(struct eval *ev, const struct ndarray *src, const int64_t *off, int64_t nb,
		     int pos, struct ndarray *out)
{
	if (same_dev2(ev, src, out) < 0)
		return -1;
	return cuda_gather(ev, src, off, nb, pos, out);
}

static int cu_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb,
		      int pos, const struct ndarray *vals)
{
	if (same_dev2(ev, dst, vals) < 0)
		return -1;
	return cuda_scatter(ev, dst, off, nb, pos, vals);
}

static int cu_mask_count(struct eval *ev, const struct ndarray *mask, int64_t *count)
{
	if (same_dev2(ev, mask, NULL) < 0)
		return -1;
	return cuda_mask_count(ev, mask, count);
}

static int cu_mask_take(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			struct ndarray **out)
{
	if (same_dev2(ev, a, mask) < 0)
		return -1;
	return cuda_mask_take(ev, a, mask, out);
}

static int cu_mask_put(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		       const struct ndarray *vals)
{
	if (same_dev2(ev, a, mask) < 0 || same_dev2(ev, vals, NULL) < 0)
		return -1;
	return cuda_mask_put(ev, a, mask, vals);
}

static int cu_take_index(struct eval *ev, const struct ndarray *view, int nidx,
			 const struct ndarray *const *idx, const int64_t *size, const int64_t *stride,
			 const int *axis, int pos, struct ndarray *out)
{
	if (same_dev2(ev, view, out) < 0)
		return -1;
	for (int i = 0; i < nidx; i++)
		if (idx[i] && same_dev2(ev, idx[i], NULL) < 0)
			return -1;
	return cuda_take_index(ev, view, nidx, idx, size, stride, axis, pos, out);
}

static int cu_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v,
			   int right, struct ndarray *out)
{
	if (same_dev2(ev, a, v) < 0 || same_dev2(ev, out, NULL) < 0)
		return -1;
	return cuda_searchsorted(ev, a, v, right, out);
}

static int cu_stencil(struct eval *ev, const struct stencil *s, const struct ndarray *in,
		      struct ndarray *out)
{
	if (same_dev2(ev, in, out) < 0)
		return -1;
	return cuda_stencil(ev, s, in, out);
}

static int cu_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode)
{
	if (same_dev2(ev, c, NULL) < 0)
		return -1;
	return cuda_prefilter(ev, c, axis, order, mode);
}

static int cu_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
			  struct ndarray *out)
{
	if (same_dev2(ev, c, out) < 0)
		return -1;
	return cuda_interpolate(ev, x, c, out);
}

static int cu_bounds(struct eval *ev, const struct ndarray *x, double *lo, double *hi, int *nan)
{
	if (same_dev2(ev, x, NULL) < 0)
		return -1;
	return cuda_bounds(ev, x, lo, hi, nan);
}

static int cu_bin_count(struct eval *ev, const struct ndarray *x, const double *edges, int64_t nb,
			int uniform, struct ndarray *counts)
{
	if (same_dev2(ev, x, counts) < 0)
		return -1;
	return cuda_bin_count(ev, x, edges, nb, uniform, counts);
}

static int cu_segment_argminmax(struct eval *ev, const struct ndarray *y, const int64_t *bounds,
				int64_t nseg, int64_t *imin, int64_t *imax)
{
	if (same_dev2(ev, y, NULL) < 0)
		return -1;
	return cuda_segment_argminmax(ev, y, bounds, nseg, imin, imax);
}

static int cu_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2, const double *step)
{
	if (same_dev2(ev, dst, NULL) < 0)
		return -1;
	return cuda_arange_fill(ev, dst, first2, step);
}

static int cu_vander(struct eval *ev, const struct ndarray *x, int increasing, struct ndarray *out)
{
	if (same_dev2(ev, x, out) < 0)
		return -1;
	return cuda_vander(ev, x, increasing, out);
}

static int cu_put_index(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
			const struct ndarray *vals, int mode)
{
	if (same_dev2(ev, a, idx) < 0 || same_dev2(ev, vals, NULL) < 0)
		return -1;
	return cuda_put_index(ev, a, idx, vals, mode);
}

static struct backend cuda_backend = {
	.name = "cuda",
	.device = DEV_CUDA,
	.device_memory = 1,
	.cupy = 1,
	.alloc = cu_alloc,
	.alloc_zeroed = cu_alloc_zeroed,
	.free = cu_free,
	.sync = cu_sync,
	.copy = cu_copy,
	.to_host = cu_to_host,
	.from_host = cu_from_host,
	.fill = cu_fill,
	.elementwise = cu_elementwise,
	.reduce = cu_reduce,
	.reduce_masked = cuda_reduce_masked,
	.scan = cu_scan,
	.matmul = cu_matmul,
	.sort = cu_sort,
	.take_flat = cu_take_flat,
	.gather = cu_gather,
	.scatter = cu_scatter,
	.stencil = cu_stencil,
	.spline_prefilter = cu_prefilter,
	.interpolate = cu_interpolate,
	.mask_count = cu_mask_count,
	.mask_take = cu_mask_take,
	.mask_put = cu_mask_put,
	.take_index = cu_take_index,
	.bounds = cu_bounds,
	.bin_count = cu_bin_count,
	.segment_argminmax = cu_segment_argminmax,
	.arange_fill = cu_arange_fill,
	.searchsorted = cu_searchsorted,
	.vander = cu_vander,
	.elsewhere = cu_elsewhere,
	/* slow1 */
	.put_index = cu_put_index,
};

/* The library families are filled in once, before the backend is first
 * handed out (their structs live in cuda_fft.c, cuda_solver.c, cuda_rand.c). */
static pthread_once_t full_once = PTHREAD_ONCE_INIT;
static int main_bound;
static void make_full(void)
{
	cuda_backend.fft = cuda_fft_backend;
	cuda_backend.linalg = cuda_linalg_backend;
	cuda_backend.random = cuda_random_backend;
}


const struct backend *cudabe_backend(struct eval *ev)
{
	cudaobj_linked = 1;
	warm_wait();
	if (!cuda_cur->ok) {
		if (!strcmp(mode, "cuda") && ev)
			err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: %s (LUMEN_DEVICE=cuda)", why_host);
		return NULL;
	}
	pthread_once(&full_once, make_full);
	if (!main_bound) {
		/* the context current on this thread too (driver-API launches) */
		cudaSetDevice(cuda_cur->id);
		main_bound = 1;
	}
	return &cuda_backend;
}

#endif /* HAVE_CUDA */
