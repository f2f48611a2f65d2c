/*
 * main.c — lumen-kernel: `lumen-kernel -f CONNECTION_FILE`.
 *
 * Reads the arguments and the connection file, creates the engine and the
 * sockets, starts the heartbeat and control threads and serves the shell
 * socket on the main thread, where cells run (see execute.c for why).
 * SIGINT interrupts the running cell through engine_interrupt.  Exit
 * status: 0 after shutdown_request, 1 when a socket cannot be bound, 2 for
 * bad arguments or a malformed connection file.  kernel_main is also rank
 * 0 of lumen-mpi-kernel (kmpi.c), which runs each cell on every rank.
 */
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "engine/engine.h"
#include "kernel.h"

struct kernel *kernel_global;

static void on_sigint(int sig)
{
	struct kernel *k = kernel_global;
	int saved = errno;

	if (k && !pthread_equal(pthread_self(), k->main_thread)) {
		/* taken by a thread a library started before main() blocked
		 * SIGINT in new threads: handled on the main thread instead,
		 * where it cannot fall between a cell's start and end */
		pthread_kill(k->main_thread, SIGINT);
	} else if (k && k->executing) {
		k->interrupted = 1;
		engine_interrupt(k->engine);
	}
	errno = saved;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: lumen-kernel -f CONNECTION_FILE\n"
		"  A Jupyter kernel for NumPy/CuPy-style Python on the GPU.\n"
		"  Started by Jupyter through its kernelspec (kernel.json).\n");
}

static void serve(struct kernel *k)
{
	struct wire_recvbuf r;

	if (wire_recvbuf_init(&r))
		return;
	while (!k->quit) {
		/* history is written once the requests pause (history.c) */
		int pending = history_pending(k->hist), n;
		if (pending >= HISTORY_MAX_PENDING)
			history_flush(k->hist);
		zmq_pollitem_t it[3] = {
			{ k->shell, 0, ZMQ_POLLIN, 0 },
			{ k->stdin_sock, 0, ZMQ_POLLIN, 0 },
			{ NULL, k->wake[0], ZMQ_POLLIN, 0 },
		};
		n = zmq_poll(it, 3, pending ? HISTORY_IDLE_MS : -1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			kernel_log(k, "poll: %s", zmq_strerror(errno));
			break;
		}
		if (n == 0) {
			history_flush(k->hist);
			continue;
		}
		if (it[0].revents & ZMQ_POLLIN) {
			while (!k->quit && wire_recv(k->shell, &r, 1) == 0)
				dispatch_frames(k, CH_SHELL, k->shell, &r);
		}
		if (it[1].revents & ZMQ_POLLIN) {
			/* only input_reply belongs here, and only while input() waits */
			while (wire_recv(k->stdin_sock, &r, 1) == 0)
				kernel_log(k, "dropped a message on stdin: no input() is waiting");
		}
		if (it[2].revents & ZMQ_POLLIN) {
			char buf[16];
			if (read(k->wake[0], buf, sizeof buf) < 0) {
				/* nothing to do: quit is re-checked */
			}
		}
	}
	wire_recvbuf_free(&r);
}

/* glibc serves a block of 128 KiB or more with a fresh mmap until a block
 * that big is freed, and raises that threshold only to the size freed: a
 * cell printing 1 MB then page-faulted in each of its 1 MB buffers (the
 * string, the print, the message), every time.  Fixing the threshold at
 * glibc's own dynamic ceiling keeps such buffers in the reused heap, while
 * bigger arrays are still mapped and unmapped whole. */
static void tune_malloc(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

int kernel_main(int argc, char **argv, const struct kernel_spmd *spmd)
{
	static struct kernel kern;
	struct kernel *k = &kern;
	const char *file = NULL;
	char why[512];
	struct sigaction sa;
	struct passwd *pw;
	sigset_t all, old;
	int i;

	tune_malloc();
	engine_prepare_process(argv);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-f") && i + 1 < argc)
			file = argv[++i];
		else if (!strncmp(argv[i], "--f=", 4))
			file = argv[i] + 4;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			printf("lumen-kernel %s\n", engine_version());
			return 0;
		} else {
			fprintf(stderr, "lumen-kernel: unknown argument: %s\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (!file) {
		usage(stderr);
		return 2;
	}
	if (conn_load(file, &k->conn, why, sizeof why)) {
		fprintf(stderr, "lumen-kernel: connection file %s: %s\n", file, why);
		return 2;
	}
	k->sign = sign_new(k->conn.key, k->conn.keylen);
	if (!k->sign) {
		fprintf(stderr, "lumen-kernel: cannot set up HMAC-SHA256\n");
		return 1;
	}
	wire_uuid(k->session);
	pw = getpwuid(getuid());
	snprintf(k->username, sizeof k->username, "%s",
		 getenv("USER") ? getenv("USER") : pw ? pw->pw_name : "lumen");
	pthread_mutex_init(&k->stream_lock, NULL);
	pthread_mutex_init(&k->interrupt_lock, NULL);
	k->main_thread = pthread_self();
	k->spmd = spmd;
	if (pipe2(k->wake, O_CLOEXEC | O_NONBLOCK) ||
	    pipe2(k->cwake, O_CLOEXEC | O_NONBLOCK)) {
		perror("lumen-kernel: pipe");
		return 1;
	}
	k->engine = engine_new(NULL);
	if (!k->engine) {
		fprintf(stderr, "lumen-kernel: cannot create the engine (out of memory)\n");
		return 1;
	}
	k->hist = history_open();
	if (channels_open(k)) {
		channels_close(k);
		if (k->control)
			zmq_close(k->control);
		if (k->hb)
			zmq_close(k->hb);
		zmq_ctx_term(k->zctx);
		return 1;
	}
	kernel_global = k;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	/* the threads start with every signal blocked: SIGINT comes here */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (heartbeat_start(k) || dispatch_control_start(k)) {
		fprintf(stderr, "lumen-kernel: cannot start threads\n");
		return 1;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	channels_status(k, NULL, "starting");

	serve(k);
	if (spmd)
		spmd->stop(k); /* the other ranks end while iopub still works */

	/* orderly exit: the control thread may still be sending its reply */
	channels_close(k);
	zmq_ctx_shutdown(k->zctx);
	if (k->control_started)
		pthread_join(k->control_thread, NULL);
	if (k->hb_started)
		pthread_join(k->hb_thread, NULL);
	zmq_ctx_term(k->zctx);
	kernel_global = NULL;
	history_close(k->hist);
	engine_free(k->engine);
	sign_free(k->sign);
	conn_clear(&k->conn);
	close(k->wake[0]);
	close(k->wake[1]);
	close(k->cwake[0]);
	close(k->cwake[1]);
	free(k->stream[0].buf);
	free(k->stream[1].buf);
	pthread_mutex_destroy(&k->stream_lock);
	pthread_mutex_destroy(&k->interrupt_lock);
	return 0;
}

#ifndef LUMEN_MPI_KERNEL
/* lumen-mpi-kernel has its own main (kmpi.c): MPI starts before the kernel */
int main(int argc, char **argv)
{
	return engine_exit(kernel_main(argc, argv, NULL));
}
#endif
