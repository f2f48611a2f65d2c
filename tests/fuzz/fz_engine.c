/*
 * fz_engine.c — runs fuzzed cells for the fuzz targets (fz_engine.h): one
 * host-mode engine per input, output dropped, the cell fenced by fz_guard.c
 * and watched by a thread that interrupts it after FZ_CELL_MS milliseconds
 * or once the live heap passes FZ_CELL_MB (sanitizer builds), so a cell
 * ends in KeyboardInterrupt instead of a hang or an out-of-memory kill.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "fz_engine.h"

/* the sanitizers' allocator statistics, where there is one */
size_t __sanitizer_get_current_allocated_bytes(void) __attribute__((weak));

static struct engine *E;
static pthread_t watchdog;
static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static struct engine *wd_engine;   /* the running cell's engine, or NULL */
static struct timespec wd_deadline;
static size_t wd_heap_cap;
static long cell_ms = 2000, cell_mb = 512;
static char tmpdir[64];

static int verbose(void)
{
	static int v = -1;
	if (v < 0)
		v = getenv("FZ_VERBOSE") != NULL;
	return v;
}

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	(void)ctx;
	if (verbose())
		fprintf(stderr, "[%s] %.*s", fd == 2 ? "err" : "out", (int)len, text);
}

static void s_display(void *ctx, const struct engine_bundle *b, int is_result,
		      const char *id, int update)
{
	(void)ctx, (void)id, (void)update, (void)is_result;
	for (int i = 0; verbose() && i < b->n; i++)
		if (!strcmp(b->mime[i], "text/plain"))
			fprintf(stderr, "[display] %.*s\n", (int)b->len[i], b->data[i]);
}

static const struct engine_sink SINK = { NULL, s_stream, s_display, NULL, NULL, NULL, NULL };

static int passed(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > t->tv_sec || (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

/* every 5 ms: the running cell past its time or over its heap is interrupted
 * (engine_interrupt only sets a flag, so calling it from here is safe) */
static void *wd_main(void *arg)
{
	(void)arg;
	for (;;) {
		struct timespec d = { 0, 5 * 1000 * 1000 };
		nanosleep(&d, NULL);
		pthread_mutex_lock(&wd_lock);
		if (wd_engine && (passed(&wd_deadline) ||
				  (wd_heap_cap && __sanitizer_get_current_allocated_bytes &&
				   __sanitizer_get_current_allocated_bytes() > wd_heap_cap)))
			engine_interrupt(wd_engine);
		pthread_mutex_unlock(&wd_lock);
	}
	return NULL;
}

static void fz_setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	const char *s;
	if ((s = getenv("FZ_CELL_MS")) && atol(s) > 0)
		cell_ms = atol(s);
	if ((s = getenv("FZ_CELL_MB")) && atol(s) > 0)
		cell_mb = atol(s);
	/* one thread each for the libraries (set before they start threads) */
	setenv("OPENBLAS_NUM_THREADS", "1", 0);
	setenv("OMP_NUM_THREADS", "1", 0);
	setenv("LUMEN_FFT_THREADS", "1", 0);
	setenv("LUMEN_DEVICE", "host", 1);
	snprintf(tmpdir, sizeof tmpdir, "/tmp/lumen-fz-XXXXXX");
	if (!mkdtemp(tmpdir)) {
		perror("fz_engine: mkdtemp");
		abort();
	}
	if (pthread_create(&watchdog, NULL, wd_main, NULL)) {
		perror("fz_engine: watchdog");
		abort();
	}
	pthread_detach(watchdog);
}

const char *fz_tmpdir(void)
{
	fz_setup();
	return tmpdir;
}

int fz_cell(const char *code, int keep)
{
	static const struct engine_options opt = { "host" };
	struct engine_exec_opts o = { keep, !keep, 0, 0, NULL };
	struct engine_error err = { 0 };
	int rc;

	fz_setup();
	if (!keep || !E) {
		engine_free(E);
		if (!(E = engine_new(&opt))) {
			fprintf(stderr, "fz_engine: engine_new failed\n");
			abort();
		}
	}
	pthread_mutex_lock(&wd_lock);
	clock_gettime(CLOCK_MONOTONIC, &wd_deadline);
	wd_deadline.tv_sec += cell_ms / 1000;
	wd_deadline.tv_nsec += (cell_ms % 1000) * 1000000L;
	if (wd_deadline.tv_nsec >= 1000000000L) {
		wd_deadline.tv_sec++;
		wd_deadline.tv_nsec -= 1000000000L;
	}
	wd_heap_cap = __sanitizer_get_current_allocated_bytes
			      ? __sanitizer_get_current_allocated_bytes() + (size_t)cell_mb * 1048576
			      : 0;
	wd_engine = E;
	pthread_mutex_unlock(&wd_lock);

	fz_guard_on = 1;
	rc = engine_execute(E, code, &o, &SINK, &err);
	fz_guard_on = 0;

	pthread_mutex_lock(&wd_lock);
	wd_engine = NULL;
	pthread_mutex_unlock(&wd_lock);
	if (rc < 0 && verbose())
		fprintf(stderr, "[error] %s: %s\n", err.ename ? err.ename : "?",
			err.evalue ? err.evalue : "");
	engine_error_clear(&err);
	if (!keep) {
		engine_free(E);
		E = NULL;
	}
	return rc;
}

int fz_cell_bytes(const unsigned char *data, size_t size, int keep)
{
	char *code = malloc(size + 1);
	if (!code)
		return -1;
	memcpy(code, data, size);
	code[size] = 0;
	int rc = fz_cell(code, keep);
	free(code);
	return rc;
}
