/*
 * heartbeat.c — echoes every heartbeat ping on the hb REP socket.
 *
 * Runs in a thread of its own so a long cell never looks like a dead
 * kernel.  Owns k->hb from the moment the thread starts and closes it when
 * the context shuts down.  Never touches any other socket or the engine.
 */
#include <errno.h>
#include <zmq.h>

#include "kernel.h"

static void *hb_main(void *arg)
{
	struct kernel *k = arg;
	zmq_msg_t msg;
	sigset_t all;

	/* SIGINT belongs to the main thread */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		int more;
		size_t sz = sizeof more;
		zmq_msg_init(&msg);
		if (zmq_msg_recv(&msg, k->hb, 0) < 0) {
			zmq_msg_close(&msg);
			if (errno == EINTR)
				continue;
			break; /* ETERM: shutting down */
		}
		zmq_getsockopt(k->hb, ZMQ_RCVMORE, &more, &sz);
		if (zmq_msg_send(&msg, k->hb, more ? ZMQ_SNDMORE : 0) < 0) {
			zmq_msg_close(&msg);
			if (errno == ETERM)
				break;
		}
	}
	zmq_close(k->hb);
	k->hb = NULL;
	return NULL;
}

int heartbeat_start(struct kernel *k)
{
	if (pthread_create(&k->hb_thread, NULL, hb_main, k))
		return -1;
	k->hb_started = 1;
	return 0;
}
