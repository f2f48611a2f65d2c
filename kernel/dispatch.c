/*
 * dispatch.c — routes decoded requests to their handlers by msg_type.
 *
 * A table (like Redis's command table) names each msg_type, the channels it
 * is served on and its handler; every request is wrapped in status busy …
 * idle on iopub with the request as parent.  Owns the control thread (which
 * also flushes coalesced cell output on time) and the small handlers
 * (kernel_info, comm_*, shutdown, interrupt).  Dropped
 * messages are logged with the reason — never their content or the key.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "engine/engine.h"
#include "kernel.h"

void kernel_log(struct kernel *k, const char *fmt, ...)
{
	va_list ap;
	char buf[512];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	fprintf(stderr, "lumen-kernel: %s\n", buf);
}

/* ---- JSON helpers for handlers ---- */

int kjson_bool(const json_t *o, const char *key, int dflt, int *out)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v)) {
		*out = dflt;
		return 0;
	}
	if (!json_is_boolean(v))
		return -1;
	*out = json_is_true(v);
	return 0;
}

int kjson_int(const json_t *o, const char *key, long long dflt, long long *out)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v)) {
		*out = dflt;
		return 0;
	}
	if (!json_is_integer(v))
		return -1;
	*out = json_integer_value(v);
	return 0;
}

const char *kjson_str(const json_t *o, const char *key, const char *dflt, int *bad)
{
	json_t *v = json_object_get(o, key);
	if (!v)
		return dflt;
	if (!json_is_string(v)) {
		*bad = 1;
		return NULL;
	}
	return json_string_value(v);
}

void kernel_reply_type(const char *req, char *buf, size_t len)
{
	size_t n = strlen(req);
	if (n > 8 && !strcmp(req + n - 8, "_request"))
		snprintf(buf, len, "%.*s_reply", (int)(n - 8), req);
	else
		snprintf(buf, len, "%s_reply", req);
}

void kernel_reply_bad(struct kernel *k, void *sock, const struct wire_msg *m,
		      const char *evalue)
{
	char rt[128];

	kernel_log(k, "bad %s: %s", m->msg_type, evalue);
	kernel_reply_type(m->msg_type, rt, sizeof rt);
	channels_reply(k, sock, m, rt,
		       json_pack("{s:s, s:s, s:s, s:[]}", "status", "error",
				 "ename", "BadRequest", "evalue", evalue,
				 "traceback"));
}

/* ---- small handlers ---- */

/* The banner.  engine_banner never waits for CUDA (it says "CUDA:
 * starting" until the device is up) and does not enter the evaluator, so
 * both threads may ask; the lock guards the engine's banner buffer. */
static pthread_mutex_t banner_lock = PTHREAD_MUTEX_INITIALIZER;

static void banner(struct kernel *k, int ch, char *out, size_t len)
{
	pthread_mutex_lock(&banner_lock);
	snprintf(out, len, "%s%s%s", engine_banner(k->engine),
		 k->spmd ? "\n" : "", k->spmd ? k->spmd->banner : "");
	pthread_mutex_unlock(&banner_lock);
}

static void kernel_info(struct kernel *k, void *sock, const struct wire_msg *m, int ch)
{
	char ban[512];
	json_t *c;

	banner(k, ch, ban, sizeof ban);
	c = json_pack(
		"{s:s, s:s, s:s, s:s, s:s,"
		" s:{s:s, s:s, s:s, s:s, s:s, s:{s:s, s:i}, s:s},"
		" s:[{s:s, s:s}, {s:s, s:s}, {s:s, s:s}], s:b}",
		"status", "ok",
		"protocol_version", KERNEL_PROTOCOL_VERSION,
		"implementation", "lumen",
		"implementation_version", engine_version(),
		"banner", ban,
		"language_info",
		"name", "python", "version", "3.11", "mimetype", "text/x-python",
		"file_extension", ".py", "pygments_lexer", "ipython3",
		"codemirror_mode", "name", "ipython", "version", 3,
		"nbconvert_exporter", "python",
		"help_links",
		"text", "Lumen", "url", "https://github.com/lumen-kernel/lumen",
		"text", "NumPy", "url", "https://numpy.org/doc/stable/reference/",
		"text", "CuPy", "url", "https://docs.cupy.dev/en/stable/reference/",
		"debugger", 0);
	channels_reply(k, sock, m, "kernel_info_reply", c);
}

static void do_kernel_info(struct kernel *k, void *sock, const struct wire_msg *m)
{
	kernel_info(k, sock, m, sock == k->control ? CH_CONTROL : CH_SHELL);
}

static void do_comm_info(struct kernel *k, void *sock, const struct wire_msg *m)
{
	channels_reply(k, sock, m, "comm_info_reply",
		       json_pack("{s:s, s:{}}", "status", "ok", "comms"));
}

/* No comm targets exist: an opened comm is closed at once (as ipykernel
 * does for an unknown target_name). */
static void do_comm_open(struct kernel *k, void *sock, const struct wire_msg *m)
{
	json_t *id = json_object_get(m->content, "comm_id");

	if (!json_is_string(id)) {
		kernel_log(k, "comm_open without a comm_id string: dropped");
		return;
	}
	kernel_log(k, "comm_open to an unknown target: closing it");
	channels_publish(k, "comm_close", m->header,
			 json_pack("{s:O, s:{}}", "comm_id", id, "data"));
}

static void do_comm_ignore(struct kernel *k, void *sock, const struct wire_msg *m)
{
	/* comm_msg / comm_close for comms we never opened */
}

static void do_shutdown(struct kernel *k, void *sock, const struct wire_msg *m)
{
	int restart;
	char c = 'q';

	if (kjson_bool(m->content, "restart", 0, &restart)) {
		kernel_reply_bad(k, sock, m, "restart must be a boolean");
		return;
	}
	channels_reply(k, sock, m, "shutdown_reply",
		       json_pack("{s:s, s:b}", "status", "ok", "restart", restart));
	k->quit = 1;
	execute_interrupt(k);
	if (write(k->wake[1], &c, 1) < 0) {
		/* the main loop also polls with a timeout */
	}
}

static void do_interrupt(struct kernel *k, void *sock, const struct wire_msg *m)
{
	execute_interrupt(k); /* before the reply: the client may send a cell next */
	channels_reply(k, sock, m, "interrupt_reply",
		       json_pack("{s:s}", "status", "ok"));
}

/* ORDER: none; looked up linearly (a dozen entries). */
static const struct handler {
	const char *msg_type;
	int channels;
	void (*fn)(struct kernel *, void *, const struct wire_msg *);
} handlers[] = {
	{ "execute_request",     CH_SHELL,              execute_request },
	{ "kernel_info_request", CH_SHELL | CH_CONTROL, do_kernel_info },
	{ "complete_request",    CH_SHELL,              introspect_complete },
	{ "inspect_request",     CH_SHELL,              introspect_inspect },
	{ "is_complete_request", CH_SHELL,              introspect_is_complete },
	{ "history_request",     CH_SHELL,              history_request },
	{ "comm_info_request",   CH_SHELL,              do_comm_info },
	{ "comm_open",           CH_SHELL,              do_comm_open },
	{ "comm_msg",            CH_SHELL,              do_comm_ignore },
	{ "comm_close",          CH_SHELL,              do_comm_ignore },
	{ "shutdown_request",    CH_SHELL | CH_CONTROL, do_shutdown },
	{ "interrupt_request",   CH_CONTROL,            do_interrupt },
};

/* A msg_type safe to print: at most 64 printable ASCII characters. */
static void printable(const char *s, char *buf, size_t len)
{
	size_t i;
	for (i = 0; s[i] && i + 1 < len && i < 64; i++)
		buf[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
	buf[i] = 0;
}

void dispatch_frames(struct kernel *k, int ch, void *sock,
		     const struct wire_recvbuf *r)
{
	const char *chname = ch == CH_CONTROL ? "control" : "shell";
	const struct handler *h = NULL;
	struct wire_msg m;
	enum wire_status st;
	char name[80];
	size_t i;

	if (r->overflow) {
		kernel_log(k, "dropped a message on %s: %s", chname,
			   wire_status_str(WIRE_TOO_MANY_FRAMES));
		return;
	}
	st = wire_decode(r->f, r->n, k->sign, &m);
	if (st != WIRE_OK) {
		kernel_log(k, "dropped a message on %s: %s", chname, wire_status_str(st));
		return;
	}
	for (i = 0; i < sizeof handlers / sizeof handlers[0]; i++)
		if (!strcmp(handlers[i].msg_type, m.msg_type) &&
		    (handlers[i].channels & ch)) {
			h = &handlers[i];
			break;
		}
	channels_status(k, m.header, "busy");
	if (h) {
		h->fn(k, sock, &m);
	} else {
		printable(m.msg_type, name, sizeof name);
		kernel_log(k, "dropped a message on %s: unknown msg_type \"%s\"",
			   chname, name);
	}
	channels_status(k, m.header, "idle");
	wire_msg_clear(&m);
}

static void *control_main(void *arg)
{
	struct kernel *k = arg;
	struct wire_recvbuf r;
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	if (wire_recvbuf_init(&r) == 0) {
		for (;;) {
			/* also the flusher of coalesced cell output (execute.c) */
			long ms = execute_stream_tick(k);
			zmq_pollitem_t it[2] = {
				{ k->control, 0, ZMQ_POLLIN, 0 },
				{ NULL, k->cwake[0], ZMQ_POLLIN, 0 },
			};
			if (zmq_poll(it, 2, ms) < 0) {
				if (errno == EINTR)
					continue;
				break; /* ETERM */
			}
			if (it[1].revents & ZMQ_POLLIN) {
				char buf[64];
				while (read(k->cwake[0], buf, sizeof buf) > 0)
					;
			}
			if (!(it[0].revents & ZMQ_POLLIN))
				continue;
			while (wire_recv(k->control, &r, 1) == 0)
				dispatch_frames(k, CH_CONTROL, k->control, &r);
			if (errno == ETERM)
				break;
		}
		wire_recvbuf_free(&r);
	}
	zmq_close(k->control);
	k->control = NULL;
	return NULL;
}

int dispatch_control_start(struct kernel *k)
{
	if (pthread_create(&k->control_thread, NULL, control_main, k))
		return -1;
	k->control_started = 1;
	return 0;
}
