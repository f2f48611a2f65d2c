/*
 * cuda_jit.c — run-time compilation: NVRTC to a cubin for this device, a cache in
 * memory and on disk ($XDG_CACHE_HOME/lumen/kernels, keyed by a hash of the
 * source, options, NVRTC version and architecture; a corrupt or stale file is
 * ignored and rewritten; files are written atomically), module loading and
 * launches through the driver API (entry points fetched from the runtime, so
 * nothing links libcuda).
 *
 * A module or function handle belongs to one device's context: the memory
 * cache keys them by device too; the disk cache is shared by devices of one
 * architecture.
 * Owns every CUmodule it loads (they live as long as the process).  Never
 * generates source: cuda_ew.c and the user-kernel objects do.
 */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <cuda.h>
#include <nvrtc.h>

/* ---- driver entry points ---- */
static CUresult (*p_cuModuleLoadData)(CUmodule *, const void *);
static CUresult (*p_cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
static CUresult (*p_cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
				    unsigned, unsigned, unsigned, CUstream, void **, void **);
static CUresult (*p_cuFuncSetAttribute)(CUfunction, CUfunction_attribute, int);
static CUresult (*p_cuFuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *);

static int entry_v(const char *name, void **fp, unsigned version)
{
	enum cudaDriverEntryPointQueryResult q;
	if (cudaGetDriverEntryPointByVersion(name, fp, version, cudaEnableDefault, &q) != cudaSuccess
	    || q != cudaDriverEntryPointSuccess || !*fp) {
		cudaGetLastError();
		return -1;
	}
	return 0;
}

static int entry(const char *name, void **fp)
{
	return entry_v(name, fp, 12000);
}

int jit_init(void)
{
	if (entry("cuModuleLoadData", (void **)&p_cuModuleLoadData) < 0
	    || entry("cuModuleGetFunction", (void **)&p_cuModuleGetFunction) < 0
	    || entry("cuLaunchKernel", (void **)&p_cuLaunchKernel) < 0
	    || entry("cuFuncSetAttribute", (void **)&p_cuFuncSetAttribute) < 0)
		return -1;
	if (entry_v("cuFuncGetParamInfo", (void **)&p_cuFuncGetParamInfo, 12040) < 0)
		p_cuFuncGetParamInfo = NULL; /* drivers before 12.4: no argument count check */
	return 0;
}

int jit_param_count(void *fn)
{
	size_t off, size, n = 0;
	if (!p_cuFuncGetParamInfo)
		return -1;
	while (n < 1024 && p_cuFuncGetParamInfo((CUfunction)fn, n, &off, &size) == CUDA_SUCCESS)
		n++;
	return (int)n;
}

int jit_nvrtc_version(void)
{
	int ma = 0, mi = 0;
	nvrtcVersion(&ma, &mi);
	return ma * 1000 + mi * 10;
}

int jit_dry_run;

static const char *arch_of(const struct cuda_device *d)
{
	static char arch[CUDA_MAXDEV][16];
	char *a = arch[d - cuda_devs];
	if (!d->cc_major)
		return "sm_90"; /* dry runs without a device */
	if (!a[0])
		snprintf(a, 16, "sm_%d%d", d->cc_major, d->cc_minor);
	return a;
}

const char *jit_arch(void)
{
	return arch_of(cuda_cur);
}

/* ---- hashing: two 64-bit multiply-xorshift streams over 8-byte words (a
 * cache key, not a defence; byte-at-a-time FNV cost ~80 us per lookup of a
 * source with the 34 KB of device headers) ---- */
struct hash { uint64_t a, b; };

static void hash_add(struct hash *h, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = h->a, b = h->b, w;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		a = (a ^ w) * 0x9e3779b97f4a7c15ULL;
		a ^= a >> 32;
		b = (b + w) * 0xff51afd7ed558ccdULL;
		b ^= b >> 29;
	}
	w = 0;
	memcpy(&w, s + i, n - i);
	/* the tail and the length: ("ab","c") and ("a","bc") differ */
	a = (a ^ w ^ ((uint64_t)n << 56)) * 0x9e3779b97f4a7c15ULL;
	a ^= a >> 32;
	b = (b + w + n) * 0xff51afd7ed558ccdULL;
	b ^= b >> 29;
	h->a = a;
	h->b = b;
}

/* ---- the memory caches ---- */
struct entry { uint64_t a, b; void *fn; void *key; size_t keylen; };
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct entry *tab;
static size_t tab_cap, tab_n;

static struct entry *slot(uint64_t a, uint64_t b, const void *key, size_t keylen)
{
	size_t i = (size_t)(a ^ (b >> 7)) & (tab_cap - 1);
	for (;; i = (i + 1) & (tab_cap - 1)) {
		struct entry *e = &tab[i];
		if (!e->fn)
			return e;
		if (e->a == a && e->b == b && e->keylen == keylen
		    && (!keylen || !memcmp(e->key, key, keylen)))
			return e;
	}
}

static int grow(void)
{
	size_t nc = tab_cap ? tab_cap * 2 : 1024;
	struct entry *old = tab, *nt = calloc(nc, sizeof *nt);
	size_t oc = tab_cap;
	if (!nt)
		return -1;
	tab = nt;
	tab_cap = nc;
	for (size_t i = 0; i < oc; i++)
		if (old[i].fn)
			*slot(old[i].a, old[i].b, old[i].key, old[i].keylen) = old[i];
	free(old);
	return 0;
}

static void *find(struct hash h, const void *key, size_t keylen)
{
	void *fn = NULL;
	pthread_mutex_lock(&cache_mu);
	if (tab_cap)
		fn = slot(h.a, h.b, key, keylen)->fn;
	pthread_mutex_unlock(&cache_mu);
	return fn;
}

static void put(struct hash h, const void *key, size_t keylen, void *fn)
{
	pthread_mutex_lock(&cache_mu);
	if ((tab_n + 1) * 2 > tab_cap && grow() < 0)
		goto out;
	struct entry *e = slot(h.a, h.b, key, keylen);
	if (!e->fn) {
		void *k = keylen ? malloc(keylen) : NULL;
		if (keylen && !k)
			goto out;
		if (keylen)
			memcpy(k, key, keylen);
		*e = (struct entry){h.a, h.b, fn, k, keylen};
		tab_n++;
	}
out:
	pthread_mutex_unlock(&cache_mu);
}

/* The memory cache's hash of a launch key (every statement on the device
 * hashes its key, some 250 bytes for sin(x)*2 + 1): hash_add's 8 bytes a
 * step, from other seeds than the sources' keys. */
static struct hash key_hash(const void *key, size_t keylen)
{
	struct hash h = {0xcbf29ce484222325ULL ^ keylen, 0x84222325cbf29ce4ULL};
	hash_add(&h, key, keylen);
	return h;
}

/* A handle's key on the current device (device 0's is the key itself). */
static struct hash on_dev(struct hash h)
{
	int id = cuda_cur->id;
	if (id)
		h.b ^= (uint64_t)id * 0x94d049bb133111ebULL;
	return h;
}

void *jit_lookup(const void *key, size_t keylen)
{
	return find(on_dev(key_hash(key, keylen)), key, keylen);
}

void jit_remember(const void *key, size_t keylen, void *fn)
{
	put(on_dev(key_hash(key, keylen)), key, keylen, fn);
}

/* ---- the disk cache ---- */
static const char magic[8] = "LUMENK1";

static int cache_dir(char *buf, size_t n)
{
	const char *d = getenv("LUMEN_KERNEL_CACHE"), *x, *home;
	char tmp[1024];
	if (d && !strcmp(d, "0"))
		return -1;
	if (d && *d)
		snprintf(buf, n, "%s", d);
	else if ((x = getenv("XDG_CACHE_HOME")) && *x)
		snprintf(buf, n, "%s/lumen/kernels", x);
	else if ((home = getenv("HOME")) && *home)
		snprintf(buf, n, "%s/.cache/lumen/kernels", home);
	else
		return -1;
	/* mkdir -p */
	snprintf(tmp, sizeof tmp, "%s", buf);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(tmp, 0755);
			*p = '/';
		}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

static uint64_t checksum(const void *p, size_t n)
{
	struct hash h = {0x9e3779b97f4a7c15ULL, 1};
	hash_add(&h, p, n);
	return h.a;
}

/* The cached cubin (malloc'd) or NULL. */
static char *disk_read(struct hash h, size_t *len)
{
	char dir[900], path[1024];
	FILE *f;
	struct { char magic[8]; uint64_t a, b, len, sum; } hd;
	char *data = NULL;
	if (cache_dir(dir, sizeof dir) < 0)
		return NULL;
	snprintf(path, sizeof path, "%s/%016llx%016llx.cubin", dir,
		 (unsigned long long)h.a, (unsigned long long)h.b);
	if (!(f = fopen(path, "rb")))
		return NULL;
	if (fread(&hd, sizeof hd, 1, f) != 1 || memcmp(hd.magic, magic, 8) || hd.a != h.a
	    || hd.b != h.b || hd.len == 0 || hd.len > ((size_t)1 << 30))
		goto bad;
	if (!(data = malloc(hd.len)) || fread(data, 1, hd.len, f) != hd.len
	    || fgetc(f) != EOF || checksum(data, hd.len) != hd.sum)
		goto bad;
	fclose(f);
	*len = hd.len;
	return data;
bad:
	free(data);
	fclose(f);
	return NULL;
}

static void disk_write(struct hash h, const char *data, size_t len)
{
	char dir[900], path[1024], tmp[1100];
	struct { char magic[8]; uint64_t a, b, len, sum; } hd;
	int fd;
	if (cache_dir(dir, sizeof dir) < 0)
		return;
	snprintf(path, sizeof path, "%s/%016llx%016llx.cubin", dir,
		 (unsigned long long)h.a, (unsigned long long)h.b);
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
	memcpy(hd.magic, magic, 8);
	hd.a = h.a;
	hd.b = h.b;
	hd.len = len;
	hd.sum = checksum(data, len);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return;
	if (write(fd, &hd, sizeof hd) != (ssize_t)sizeof hd || write(fd, data, len) != (ssize_t)len) {
		close(fd);
		unlink(tmp);
		return;
	}
	close(fd);
	if (rename(tmp, path) < 0)
		unlink(tmp);
}

/* ---- NVRTC ---- */

static int compile_err(struct eval *ev, nvrtcProgram prog, nvrtcResult r)
{
	size_t n = 0;
	char *log = NULL;
	if (prog && nvrtcGetProgramLogSize(prog, &n) == NVRTC_SUCCESS && n > 1 && (log = malloc(n))
	    && nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS) {
		while (n > 1 && (log[n - 2] == '\n' || log[n - 2] == ' '))
			log[--n - 1] = 0;
		err_set(ev, TY_NVRTCError, "%s: %s", nvrtcGetErrorString(r), log);
	} else {
		err_set(ev, TY_NVRTCError, "%s", nvrtcGetErrorString(r));
	}
	free(log);
	return -1;
}

/* uf_helpers.h (engine/, embedded at build time) without its complex part,
 * which is C99 `_Complex`; lumen.cuh provides those functions for lm_cpx. */
static char *ufh;
static pthread_once_t ufh_once = PTHREAD_ONCE_INIT;
static void ufh_make(void)
{
	const char *cut = strstr(cuda_ufhelpers_src, "/* ---- complex");
	size_t n = cut ? (size_t)(cut - cuda_ufhelpers_src) : strlen(cuda_ufhelpers_src);
	if ((ufh = malloc(n + 16))) {
		memcpy(ufh, cuda_ufhelpers_src, n);
		strcpy(ufh + n, cut ? "\n#endif\n" : "\n");
	}
}
static const char *uf_helpers_dev(void)
{
	pthread_once(&ufh_once, ufh_make);
	return ufh ? ufh : "";
}

/* The toolkit's headers on NVRTC's search path, as CuPy gives them: the
 * include folder (cooperative_groups.h, cuda_fp16.h ...) and CCCL's below
 * it (cub/, thrust/, cuda/std/: include/cccl in CUDA 13).  The toolkit is
 * $CUDA_PATH, else $CUDA_HOME, else the one the plugin was built with, else
 * /usr/local/cuda; a folder that is not there is left out. */
#ifndef LUMEN_CUDA_PATH
#define LUMEN_CUDA_PATH "/usr/local/cuda"
#endif
static char inc_opt[2][1100];
static int n_inc;
static pthread_once_t inc_once = PTHREAD_ONCE_INIT;
static void inc_find(void)
{
	const char *cands[] = {getenv("CUDA_PATH"), getenv("CUDA_HOME"), LUMEN_CUDA_PATH, "/usr/local/cuda"};
	for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
		char dir[1024];
		struct stat st;
		if (!cands[i] || !cands[i][0] || strlen(cands[i]) > 900)
			continue;
		snprintf(dir, sizeof dir, "%s/include/cuda_runtime.h", cands[i]);
		if (stat(dir, &st) < 0)
			continue;
		snprintf(inc_opt[n_inc++], sizeof inc_opt[0], "-I%s/include", cands[i]);
		snprintf(dir, sizeof dir, "%s/include/cccl", cands[i]);
		if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
			snprintf(inc_opt[n_inc++], sizeof inc_opt[0], "-I%s", dir);
		return;
	}
}

/* A cubin for src (malloc'd), or NULL with NVRTCError set. */
static char *nvrtc_cubin(struct eval *ev, const char *src, int nopts, const char *const *opts,
			 size_t *len)
{
	nvrtcProgram prog = NULL;
	const char *hdrs[] = {cuda_prelude_src, uf_helpers_dev(), "", "", ""};
	const char *names[] = {"lumen.cuh", "uf_helpers.h", "stdint.h", "math.h", "complex.h"};
	const char *all[40];
	char archopt[64];
	int n = 0;
	nvrtcResult r;
	char *out = NULL;

	snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", jit_arch());
	all[n++] = archopt;
	for (int i = 0; i < nopts && n < 37; i++)
		all[n++] = opts[i];
	pthread_once(&inc_once, inc_find);
	for (int i = 0; i < n_inc; i++)
		all[n++] = inc_opt[i];
	if ((r = nvrtcCreateProgram(&prog, src, "lumen_kernel.cu", 5, hdrs, names)) != NVRTC_SUCCESS) {
		compile_err(ev, NULL, r);
		return NULL;
	}
	if ((r = nvrtcCompileProgram(prog, n, all)) != NVRTC_SUCCESS) {
		compile_err(ev, prog, r);
		nvrtcDestroyProgram(&prog);
		return NULL;
	}
	if ((r = nvrtcGetCUBINSize(prog, len)) != NVRTC_SUCCESS || !(out = malloc(*len))
	    || (r = nvrtcGetCUBIN(prog, out)) != NVRTC_SUCCESS) {
		if (!out)
			err_nomem(ev);
		else
			compile_err(ev, prog, r);
		free(out);
		out = NULL;
	}
	nvrtcDestroyProgram(&prog);
	return out;
}

/* The key of (src, options, what) for this NVRTC and device: the device
 * headers, NVRTC's version and the architecture are hashed once. */
static struct hash key_base[CUDA_MAXDEV];
static int key_done[CUDA_MAXDEV];    /* atomic */

static struct hash key_base_of(const struct cuda_device *d)
{
	struct hash h = {0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL};
	int v = jit_nvrtc_version();
	hash_add(&h, cuda_prelude_src, strlen(cuda_prelude_src));
	hash_add(&h, cuda_ufhelpers_src, strlen(cuda_ufhelpers_src));
	hash_add(&h, &v, sizeof v);
	hash_add(&h, arch_of(d), strlen(arch_of(d)));
	return h;
}

static struct hash key_of(const char *src, int nopts, const char *const *opts, const char *what)
{
	struct hash h;
	int id = cuda_cur->id;
	if (!cuda_cur->cc_major) {   /* dry runs: the architecture may still change */
		h = key_base_of(cuda_cur);
	} else if (__atomic_load_n(&key_done[id], __ATOMIC_ACQUIRE)) {
		h = key_base[id];
	} else {
		h = key_base[id] = key_base_of(cuda_cur);
		__atomic_store_n(&key_done[id], 1, __ATOMIC_RELEASE);
	}
	hash_add(&h, src, strlen(src));
	for (int i = 0; i < nopts; i++)
		hash_add(&h, opts[i], strlen(opts[i]));
	if (what)
		hash_add(&h, what, strlen(what));
	return h;
}

void *jit_module(struct eval *ev, const char *src, int nopts, const char *const *opts,
		 int cubin_in)
{
	struct hash h = key_of(src, nopts, opts, "\001module");
	void *mod = find(on_dev(h), NULL, 0);
	char *cubin;
	size_t len = 0;
	CUresult r;

	if (mod)
		return mod;
	if (cuda_ready(ev) < 0)
		return NULL;
	if (cubin_in) {
		cubin = (char *)src;
	} else if (!(cubin = disk_read(h, &len))) {
		if (!(cubin = nvrtc_cubin(ev, src, nopts, opts, &len)))
			return NULL;
		disk_write(h, cubin, len);
	}
	r = p_cuModuleLoadData((CUmodule *)&mod, cubin);
	cuda_meminfo_forget();
	if (!cubin_in)
		free(cubin);
	if (r != CUDA_SUCCESS) {
		cuda_fail_drv(ev, r, "cuModuleLoadData");
		return NULL;
	}
	put(on_dev(h), NULL, 0, mod);
	return mod;
}

void *jit_module_function(struct eval *ev, void *module, const char *name)
{
	CUfunction fn;
	CUresult r = p_cuModuleGetFunction(&fn, (CUmodule)module, name);
	if (r != CUDA_SUCCESS) {
		cuda_fail_drv(ev, r, "cuModuleGetFunction");
		return NULL;
	}
	return fn;
}

void *jit_get(struct eval *ev, const char *src, const char *name, int nopts,
	      const char *const *opts)
{
	struct hash h = on_dev(key_of(src, nopts, opts, name));
	void *fn = find(h, NULL, 0), *mod;
	if (fn)
		return fn;
	if (jit_dry_run) {
		size_t len;
		char *c = nvrtc_cubin(ev, src, nopts, opts, &len);
		free(c);
		return c ? (void *)1 : NULL;
	}
	if (!(mod = jit_module(ev, src, nopts, opts, 0)))
		return NULL;
	if (!(fn = jit_module_function(ev, mod, name)))
		return NULL;
	put(h, NULL, 0, fn);
	return fn;
}

int jit_launch(struct eval *ev, void *fn, const unsigned grid[3], const unsigned block[3],
	       size_t shmem, void **args)
{
	CUresult r;
	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (shmem > 48 * 1024)
		p_cuFuncSetAttribute((CUfunction)fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)shmem);
	r = p_cuLaunchKernel((CUfunction)fn, grid[0], grid[1], grid[2], block[0], block[1], block[2],
			     (unsigned)shmem, (CUstream)cuda_cur->stream, args, NULL);
	if (r != CUDA_SUCCESS)
		return cuda_fail_drv(ev, r, "cuLaunchKernel");
	return 0;
}

void jit_warm(int dev)
{
	static const char src[] = "extern \"C\" __global__ void lumen_warm(float *x) { x[threadIdx.x] += 1.0f; }";
	nvrtcProgram p;
	char archopt[64];
	const char *o[1] = {archopt};
	snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch_of(&cuda_devs[dev]));
	if (nvrtcCreateProgram(&p, src, "warm.cu", 0, NULL, NULL) == NVRTC_SUCCESS) {
		nvrtcCompileProgram(p, 1, o);
		nvrtcDestroyProgram(&p);
	}
}

#endif /* HAVE_CUDA */
