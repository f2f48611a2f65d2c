/*
 * channels.c — the kernel's five ZeroMQ sockets and sending on them.
 *
 * Owns the context and the sockets: shell, control and stdin ROUTERs, the
 * iopub PUB (shared by the main and control threads under iopub_lock), the
 * hb REP (used only by the heartbeat thread).  Never decodes or dispatches.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zmq.h>

#include "kernel.h"

static void *open_socket(struct kernel *k, int type, int port, const char *name)
{
	char ep[400];
	void *s = zmq_socket(k->zctx, type);
	int linger = 1000, one = 1, ipv6 = strchr(k->conn.ip, ':') != NULL;
	int64_t maxsz = KERNEL_MAXMSGSIZE;

	if (!s) {
		fprintf(stderr, "lumen-kernel: %s socket: %s\n", name, zmq_strerror(errno));
		return NULL;
	}
	zmq_setsockopt(s, ZMQ_LINGER, &linger, sizeof linger);
	zmq_setsockopt(s, ZMQ_MAXMSGSIZE, &maxsz, sizeof maxsz);
	if (type == ZMQ_ROUTER)
		zmq_setsockopt(s, ZMQ_ROUTER_HANDOVER, &one, sizeof one);
	if (type == ZMQ_PUB) {
		int hwm = 100000;
		zmq_setsockopt(s, ZMQ_SNDHWM, &hwm, sizeof hwm);
	}
	if (ipv6 && !strcmp(k->conn.transport, "tcp"))
		zmq_setsockopt(s, ZMQ_IPV6, &one, sizeof one);
	/* CurveZMQ: every socket is a Curve server before it binds, so a peer
	 * without the server's key can neither send nor subscribe */
	if (k->conn.curve &&
	    (zmq_setsockopt(s, ZMQ_CURVE_SERVER, &one, sizeof one) ||
	     zmq_setsockopt(s, ZMQ_CURVE_SECRETKEY, k->conn.curve_secret, 40))) {
		fprintf(stderr, "lumen-kernel: cannot make the %s socket a CURVE server: %s\n",
			name, zmq_strerror(errno));
		zmq_close(s);
		return NULL;
	}
	/* ipc sockets are files: only their owner may connect */
	mode_t old = umask(077);
	int rc = conn_endpoint(&k->conn, port, ep, sizeof ep) ? -1 : zmq_bind(s, ep);
	umask(old);
	if (rc) {
		fprintf(stderr, "lumen-kernel: cannot bind %s socket to %s: %s\n",
			name, ep, zmq_strerror(errno));
		zmq_close(s);
		return NULL;
	}
	return s;
}

int channels_open(struct kernel *k)
{
	k->zctx = zmq_ctx_new();
	if (!k->zctx)
		return -1;
	pthread_mutex_init(&k->iopub_lock, NULL);
	k->shell = open_socket(k, ZMQ_ROUTER, k->conn.shell_port, "shell");
	k->control = k->shell ? open_socket(k, ZMQ_ROUTER, k->conn.control_port, "control") : NULL;
	k->stdin_sock = k->control ? open_socket(k, ZMQ_ROUTER, k->conn.stdin_port, "stdin") : NULL;
	k->iopub = k->stdin_sock ? open_socket(k, ZMQ_PUB, k->conn.iopub_port, "iopub") : NULL;
	k->hb = k->iopub ? open_socket(k, ZMQ_REP, k->conn.hb_port, "hb") : NULL;
	return k->hb ? 0 : -1;
}

/* Closes the main thread's sockets; the control and heartbeat threads
 * close theirs when the context shuts down. */
void channels_close(struct kernel *k)
{
	if (k->shell)
		zmq_close(k->shell);
	if (k->stdin_sock)
		zmq_close(k->stdin_sock);
	pthread_mutex_lock(&k->iopub_lock);
	if (k->iopub)
		zmq_close(k->iopub);
	k->iopub = NULL;
	pthread_mutex_unlock(&k->iopub_lock);
	k->shell = k->stdin_sock = NULL;
}

static void publish(struct kernel *k, const char *msg_type, const json_t *parent,
		    const char *rawparent, json_t *content, char *raw, size_t rawlen)
{
	struct wire_out o;
	struct wire_frame topic;
	char tbuf[128];

	if (wire_encode_raw(&o, k->sign, k->session, k->username, msg_type, parent,
			    rawparent, NULL, content, raw, rawlen)) {
		kernel_log(k, "cannot encode %s (out of memory)", msg_type);
		return;
	}
	snprintf(tbuf, sizeof tbuf, "kernel.%s.%s", k->session, msg_type);
	topic.data = tbuf;
	topic.len = strlen(tbuf);
	pthread_mutex_lock(&k->iopub_lock);
	if (k->iopub && wire_send(k->iopub, &topic, 1, &o))
		kernel_log(k, "iopub send of %s failed: %s", msg_type, zmq_strerror(errno));
	pthread_mutex_unlock(&k->iopub_lock);
	wire_out_clear(&o);
}

void channels_publish(struct kernel *k, const char *msg_type,
		      const json_t *parent, json_t *content)
{
	publish(k, msg_type, parent, NULL, content, NULL, 0);
}

void channels_publish_stream(struct kernel *k, const char *rawparent,
			     const char *name, const char *text, size_t len)
{
	size_t rawlen;
	char *raw = wire_stream_content(name, text, len, &rawlen);

	if (!raw) {
		kernel_log(k, "cannot encode stream (out of memory)");
		return;
	}
	publish(k, "stream", NULL, rawparent, NULL, raw, rawlen);
}

void channels_reply(struct kernel *k, void *sock, const struct wire_msg *m,
		    const char *msg_type, json_t *content)
{
	struct wire_out o;

	if (wire_encode(&o, k->sign, k->session, k->username, msg_type, m->header,
			NULL, content)) {
		kernel_log(k, "cannot encode %s (out of memory)", msg_type);
		return;
	}
	/* a vanished client: ROUTER drops what it cannot route */
	if (wire_send(sock, m->idents, m->nidents, &o))
		kernel_log(k, "send of %s failed: %s", msg_type, zmq_strerror(errno));
	wire_out_clear(&o);
}

void channels_status(struct kernel *k, const json_t *parent, const char *state)
{
	channels_publish(k, "status", parent,
			 json_pack("{s:s}", "execution_state", state));
}
