/*
 * cuda_plugin.c — the engine's side of the CUDA plugin: finds lumen-cuda.so
 * ($LUMEN_CUDA_PLUGIN, next to the executable, $(pkglibdir)), loads it on a
 * background thread and hands its entry points out (cuda_plugin.h).  Gives
 * the engine backend_cuda(), cuda_describe(), cuda_select() and
 * cuda_warmup_start() in every build; they forward to the plugin.
 *
 * Owns the loader thread and the reason for host mode when there is no
 * plugin.  Never calls CUDA itself, apart from asking the driver (libcuda,
 * through dlopen) whether there is a device before loading the big libraries.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* RTLD_DEFAULT */
#endif
#include "config.h"
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lang/core.h"
#include "lang/error.h"
#include "backend/backend.h"
#include "backend/cuda_plugin.h"

#ifndef LUMEN_PKGLIBDIR
#define LUMEN_PKGLIBDIR "/usr/local/lib/lumen"
#endif
#define PLUGIN_FILE "lumen-cuda.so"

/* The plugin's table when the CUDA objects are linked into this program
 * (the t-cuda-* tests and tests/gpu/lumen-gpu, which export it with
 * -rdynamic): then there is nothing to dlopen.  NULL otherwise. */
#ifdef HAVE_CUDA
static const struct cuda_plugin *linked_plugin(void)
{
	return (const struct cuda_plugin *)dlsym(RTLD_DEFAULT, "lumen_cuda_plugin");
}
#endif

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int state;                 /* 0 not started, 1 loading, 2 done */
static int exiting;               /* the process is exiting: load nothing more */
static char mode[16];             /* "", "host", "cuda" */
static int mode_set;
static const struct cuda_plugin *plugin;
static char why[384] = "Lumen was built without CUDA";
static char describe[420];
static pthread_t loader;
static int loader_running;

void cuda_select(const char *m)
{
	pthread_mutex_lock(&mu);
	if (state == 0) {
		snprintf(mode, sizeof mode, "%s", m ? m : "");
		mode_set = 1;
	}
	pthread_mutex_unlock(&mu);
}

/* ---- finding the file ---- */

const char *cuda_plugin_path(void)
{
#ifdef HAVE_CUDA
	static char path[PATH_MAX + 32];
	const char *env = getenv("LUMEN_CUDA_PLUGIN");
	char exe[PATH_MAX];
	ssize_t n;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;
		exe[n] = 0;
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(path, sizeof path, "%s/%s", exe, PLUGIN_FILE);
			if (access(path, R_OK) == 0)
				return path;
		}
	}
	snprintf(path, sizeof path, "%s/%s", LUMEN_PKGLIBDIR, PLUGIN_FILE);
	return path;
#else
	return "";
#endif
}

#ifdef HAVE_CUDA
/* Asks the driver for a device (cuInit, cuDeviceGetCount) so a machine
 * without one never loads the CUDA libraries.  1 when there is a device;
 * 0 with the reason in why. */
static int driver_has_device(void)
{
	typedef int (*init_fn)(unsigned);
	typedef int (*count_fn)(int *);
	typedef int (*name_fn)(int, const char **);
	void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
	init_fn init;
	count_fn count;
	name_fn ename;
	int r, n = 0;

	if (!h) {
		const char *e = dlerror();
		snprintf(why, sizeof why, "no CUDA device (no CUDA driver: %s)",
			 e ? e : "libcuda.so.1 not found");
		return 0;
	}
	init = (init_fn)dlsym(h, "cuInit");
	count = (count_fn)dlsym(h, "cuDeviceGetCount");
	ename = (name_fn)dlsym(h, "cuGetErrorName");
	if (!init || !count) {
		snprintf(why, sizeof why, "no CUDA device (libcuda.so.1 lacks cuInit)");
		return 0;   /* the handle stays: the runtime would load it anyway */
	}
	r = init(0);
	if (r == 0)
		r = count(&n);
	if (r != 0 || n == 0) {
		const char *name = NULL;
		if (r != 0 && ename)
			ename(r, &name);
		snprintf(why, sizeof why, "no CUDA device (%s)",
			 r != 0 ? (name ? name : "cuInit failed") : "none found");
		return 0;
	}
	return 1;
}

/* dlopen+dlsym of the plugin, checked against this build; NULL with the
 * reason in why */
static const struct cuda_plugin *open_plugin(void)
{
	const char *path = cuda_plugin_path();
	const struct cuda_plugin *p;
	void *h;

	const char *env = getenv("LUMEN_CUDA_PLUGIN");
	/* a plugin named explicitly is loaded even without a driver: it then
	 * says why there is no device itself */
	if (!(env && *env) && !driver_has_device())
		return NULL;
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();
		snprintf(why, sizeof why, "the CUDA plugin did not load: %s",
			 e ? e : path);
		return NULL;
	}
	p = (const struct cuda_plugin *)dlsym(h, "lumen_cuda_plugin");
	if (!p) {
		snprintf(why, sizeof why, "%s is not a Lumen CUDA plugin", path);
		return NULL;
	}
	if (p->abi != CUDA_PLUGIN_ABI || !p->version || strcmp(p->version, PACKAGE_VERSION) ||
	    p->sizes[0] != sizeof(struct eval) || p->sizes[1] != sizeof(struct value) ||
	    p->sizes[2] != sizeof(struct ndarray) || p->sizes[3] != sizeof(struct backend)) {
		snprintf(why, sizeof why, "the CUDA plugin %s is from another build of Lumen", path);
		return NULL;
	}
	return p;   /* never dlclosed: its code is bound into the modules */
}
#endif

/* ---- the loader thread ---- */

static void *load_main(void *arg)
{
	const struct cuda_plugin *p = NULL;
	int stop;
#ifdef HAVE_CUDA
	p = linked_plugin();
	if (!p)
		p = open_plugin();
	pthread_mutex_lock(&mu);
	stop = exiting;
	pthread_mutex_unlock(&mu);
	if (p && !stop) {
		/* the plugin decides host mode from here on (no device, a failed
		 * context ...) and starts the device on its own thread */
		p->select(mode);
		p->warmup_start();
	}
#endif
	pthread_mutex_lock(&mu);
	plugin = p;
	if (!p)
		snprintf(describe, sizeof describe, "host mode: %s", why);
	state = 2;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	return NULL;
}

/* exit must not run the libraries' teardown under a dlopen in flight */
static void join_at_exit(void)
{
	pthread_t t;
	int join;

	pthread_mutex_lock(&mu);
	exiting = 1;
	join = loader_running && !pthread_equal(pthread_self(), loader);
	loader_running = 0;
	t = loader;
	pthread_mutex_unlock(&mu);
	if (join)
		pthread_join(t, NULL);
}

void cuda_warmup_start(void)
{
	sigset_t all, old;
	pthread_t t;

	pthread_mutex_lock(&mu);
	if (state != 0) {
		pthread_mutex_unlock(&mu);
		return;
	}
	if (!mode_set) {
		const char *m = getenv("LUMEN_DEVICE");
		snprintf(mode, sizeof mode, "%s", m ? m : "");
		mode_set = 1;
	}
#ifdef HAVE_CUDA
	if (!strcmp(mode, "host")) {
		snprintf(why, sizeof why, "LUMEN_DEVICE=host");
		snprintf(describe, sizeof describe, "host mode: %s", why);
		state = 2;
		pthread_mutex_unlock(&mu);
		return;
	}
	state = 1;
	pthread_mutex_unlock(&mu);
	atexit(join_at_exit);
	/* signals (SIGINT) stay with the threads that handle them */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (pthread_create(&t, NULL, load_main, NULL) != 0) {
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		load_main(NULL);
		return;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_mutex_lock(&mu);
	loader = t;
	loader_running = 1;
	pthread_mutex_unlock(&mu);
#else
	(void)all;
	(void)old;
	(void)t;
	snprintf(describe, sizeof describe, "host mode: %s", why);
	state = 2;
	pthread_mutex_unlock(&mu);
#endif
}

const struct cuda_plugin *cuda_plugin(void)
{
	const struct cuda_plugin *p;
	cuda_warmup_start();
	pthread_mutex_lock(&mu);
	while (state != 2)
		pthread_cond_wait(&cv, &mu);
	p = plugin;
	pthread_mutex_unlock(&mu);
	return p;
}

const struct cuda_plugin *cuda_plugin_peek(void)
{
	const struct cuda_plugin *p;
	pthread_mutex_lock(&mu);
	p = state == 2 ? plugin : NULL;
	pthread_mutex_unlock(&mu);
	return p;
}

const char *cuda_plugin_why(void)
{
	return cuda_plugin() ? "" : why;
}

/* ---- the engine's CUDA entry points (cuda_plugin.h, backend.h) ---- */

const char *cuda_describe(void)
{
	const struct cuda_plugin *p = cuda_plugin();
	return p ? p->describe() : describe;
}

const char *cuda_describe_now(void)
{
	const struct cuda_plugin *p;
	int done;
	pthread_mutex_lock(&mu);
	done = state == 2;
	p = plugin;
	pthread_mutex_unlock(&mu);
	if (!done)
		return NULL;
	return p ? p->describe_now() : describe;
}

const struct backend *backend_cuda(struct eval *ev)
{
	const struct cuda_plugin *p = cuda_plugin();
	if (p)
		return p->backend(ev);
	if (ev && !strcmp(mode, "cuda"))
		err_set(ev, TY_CUDARuntimeError, "cudaErrorNoDevice: %s (LUMEN_DEVICE=cuda)", why);
	return NULL;
}
