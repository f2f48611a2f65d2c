/*
 * execute.c — execute_request: runs a cell and turns the engine's sink
 * calls into iopub messages as they happen.
 *
 * Threading: cells run on the main thread, which owns the shell and stdin
 * sockets; control is served by a thread of its own (dispatch.c), so an
 * interrupt_request or shutdown_request is answered while a cell runs, and
 * the engine is never entered from two threads (engine_interrupt is the
 * only call made from elsewhere, and it is async-signal-safe).  The
 * control thread also publishes output the cell printed in a burst (see
 * sink_stream).  Owns the per-cell state (struct exec_state), the output
 * buffers, when a cell counts as running (what an interrupt may stop) and
 * the abort of requests queued behind a failed cell; never evaluates
 * anything itself.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#include "engine/engine.h"
#include "kernel.h"

struct exec_state {
	struct kernel *k;
	void *sock;
	const struct wire_msg *m;
	int silent, allow_stdin, count;
	json_t *payload;      /* page payloads for the reply */
	char *result_text;    /* text/plain of the execute_result, for history */
};

static int is_json_mime(const char *mime)
{
	size_t n = strlen(mime);
	return !strcmp(mime, "application/json") ||
	       (n > 5 && !strcmp(mime + n - 5, "+json"));
}

/* The data object of a bundle: new reference or NULL. */
static json_t *bundle_json(const struct engine_bundle *b)
{
	json_t *d = json_object();
	int i;

	for (i = 0; d && i < b->n && i < ENGINE_BUNDLE_MAX; i++) {
		json_t *v = NULL;
		if (!b->mime[i] || !b->data[i])
			continue;
		if (is_json_mime(b->mime[i]))
			v = json_loadb(b->data[i], b->len[i], JSON_DECODE_ANY, NULL);
		if (!v)
			v = wire_string(b->data[i], b->len[i]);
		if (v)
			json_object_set_new(d, b->mime[i], v);
	}
	return d;
}

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Publishes text as stream messages of about STREAM_CHUNK bytes: the client
 * decodes one while the next is encoded, signed and sent, so a long text
 * arrives sooner than in one message (and a frontend shows it sooner). */
static void publish_chunks(struct kernel *k, int idx, const char *text, size_t len)
{
	while (len) {
		size_t n = wire_stream_split(text, len, STREAM_CHUNK);
		channels_publish_stream(k, k->stream_parent, idx ? "stderr" : "stdout", text, n);
		text += n;
		len -= n;
	}
}

/* stream_lock held: publishes buffer idx (whole characters only unless
 * force: then a broken tail becomes U+FFFD). */
static void flush_locked(struct kernel *k, int idx, int force)
{
	struct kstream *b = &k->stream[idx];
	size_t n;

	if (!b->len || !k->stream_parent)
		return;
	n = force ? b->len : wire_utf8_complete(b->buf, b->len);
	if (!n)
		return;
	publish_chunks(k, idx, b->buf, n);
	memmove(b->buf, b->buf + n, b->len - n);
	b->len -= n;
	k->stream_last = mono();
}

static void stream_sync(struct kernel *k, int force)
{
	pthread_mutex_lock(&k->stream_lock);
	flush_locked(k, 0, force);
	flush_locked(k, 1, force);
	k->stream_pending = 0;
	pthread_mutex_unlock(&k->stream_lock);
}

/* Output is published as the cell prints: a print after a quiet moment goes
 * out at once; prints that follow within STREAM_WINDOW share one message,
 * which the control thread sends when the window closes (a loop of 10^5
 * prints would otherwise flood iopub, and a subscriber drops messages past
 * its high-water mark, status idle among them).  A character split across
 * two calls waits for its end. */
static void sink_stream(void *ctx, int fd, const char *text, size_t len)
{
	struct exec_state *x = ctx;
	struct kernel *k = x->k;
	int idx = fd == 2;
	struct kstream *b = &k->stream[idx];
	double now;

	pthread_mutex_lock(&k->stream_lock);
	if (k->stream[!idx].len)
		flush_locked(k, !idx, 0); /* keep stdout/stderr in order */
	if (b->len == 0 && len >= STREAM_MAXBUF) {
		/* a big write goes out directly, without a copy */
		size_t n = wire_utf8_complete(text, len);
		publish_chunks(k, idx, text, n);
		k->stream_last = mono();
		text += n;
		len -= n;
	}
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		char *nb;
		while (cap < b->len + len)
			cap *= 2;
		nb = realloc(b->buf, cap);
		if (!nb) {
			pthread_mutex_unlock(&k->stream_lock);
			kernel_log(k, "output dropped: out of memory");
			return;
		}
		b->buf = nb;
		b->cap = cap;
	}
	memcpy(b->buf + b->len, text, len);
	b->len += len;
	now = mono();
	if (b->len >= STREAM_MAXBUF || now - k->stream_last >= STREAM_WINDOW) {
		flush_locked(k, idx, 0);
		k->stream_pending = 0;
	} else if (!k->stream_pending && b->len) {
		char c = 's';
		k->stream_pending = now;
		if (write(k->cwake[1], &c, 1) < 0) {
			/* the pipe is full: the control thread is awake anyway */
		}
	}
	pthread_mutex_unlock(&k->stream_lock);
}

long execute_stream_tick(struct kernel *k)
{
	long ms = -1;
	double now, due;

	pthread_mutex_lock(&k->stream_lock);
	if (k->stream_pending) {
		now = mono();
		due = k->stream_pending + STREAM_WINDOW;
		if (now >= due) {
			flush_locked(k, 0, 0);
			flush_locked(k, 1, 0);
			k->stream_pending = 0;
		} else {
			ms = (long)((due - now) * 1000) + 1;
		}
	}
	pthread_mutex_unlock(&k->stream_lock);
	return ms;
}

static int stream_begin(struct kernel *k, const struct wire_msg *m)
{
	char *parent = json_dumps(m->header, JSON_COMPACT);

	if (!parent)
		return -1;
	pthread_mutex_lock(&k->stream_lock);
	k->stream_parent = parent;
	k->stream[0].len = k->stream[1].len = 0;
	k->stream_last = 0;
	k->stream_pending = 0;
	pthread_mutex_unlock(&k->stream_lock);
	return 0;
}

static void stream_end(struct kernel *k)
{
	stream_sync(k, 1);
	pthread_mutex_lock(&k->stream_lock);
	free(k->stream_parent);
	k->stream_parent = NULL;
	pthread_mutex_unlock(&k->stream_lock);
}

static void sink_display(void *ctx, const struct engine_bundle *b, int is_result,
			 const char *display_id, int update)
{
	struct exec_state *x = ctx;
	json_t *data, *transient;
	int i;

	stream_sync(x->k, 0);
	if (is_result) {
		if (x->silent)
			return;
		for (i = 0; i < b->n && i < ENGINE_BUNDLE_MAX; i++)
			if (b->mime[i] && !strcmp(b->mime[i], "text/plain") &&
			    b->data[i] && !x->result_text) {
				x->result_text = malloc(b->len[i] + 1);
				if (x->result_text) {
					memcpy(x->result_text, b->data[i], b->len[i]);
					x->result_text[b->len[i]] = 0;
				}
			}
		channels_publish(x->k, "execute_result", x->m->header,
				 json_pack("{s:i, s:o, s:{}}", "execution_count", x->count,
					   "data", bundle_json(b), "metadata"));
		return;
	}
	data = bundle_json(b);
	transient = display_id ? json_pack("{s:s}", "display_id", display_id)
			       : json_object();
	channels_publish(x->k, update && display_id ? "update_display_data" : "display_data",
			 x->m->header,
			 json_pack("{s:o, s:{}, s:o}", "data", data, "metadata",
				   "transient", transient));
}

static void sink_clear(void *ctx, int wait)
{
	struct exec_state *x = ctx;

	stream_sync(x->k, 0);
	channels_publish(x->k, "clear_output", x->m->header,
			 json_pack("{s:b}", "wait", wait));
}

static void sink_page(void *ctx, const struct engine_bundle *b)
{
	struct exec_state *x = ctx;
	json_array_append_new(x->payload,
			      json_pack("{s:s, s:o, s:i}", "source", "page",
					"data", bundle_json(b), "start", 0));
}

/* exit / quit: ipykernel's payload, for the frontend to end the session */
static void sink_ask_exit(void *ctx, int keep_kernel)
{
	struct exec_state *x = ctx;
	size_t i;
	json_t *p;
	json_array_foreach(x->payload, i, p) {  /* one per reply, the last call's (IPython's single=True) */
		const char *src = json_string_value(json_object_get(p, "source"));
		if (src && !strcmp(src, "ask_exit")) {
			json_array_remove(x->payload, i);
			break;
		}
	}
	json_array_append_new(x->payload, json_pack("{s:s, s:b}", "source", "ask_exit",
						     "keepkernel", keep_kernel));
}

/* input(): asks the frontend on stdin and waits for its input_reply.  The
 * control thread keeps serving interrupts meanwhile. */
static char *sink_input(void *ctx, const char *prompt, int password)
{
	struct exec_state *x = ctx;
	struct kernel *k = x->k;
	struct wire_recvbuf r;
	char *line = NULL;

	if (!x->allow_stdin)
		return NULL;
	if (wire_recvbuf_init(&r))
		return NULL;
	stream_sync(k, 0); /* the prompt comes after what was printed */
	/* drop stale replies to an earlier request */
	while (wire_recv(k->stdin_sock, &r, 1) == 0)
		;
	channels_reply(k, k->stdin_sock, x->m, "input_request",
		       json_pack("{s:o, s:b}", "prompt",
				 wire_string(prompt ? prompt : "", prompt ? strlen(prompt) : 0),
				 "password", password));
	while (!line && !k->quit && !k->interrupted) {
		zmq_pollitem_t it[1] = { { k->stdin_sock, 0, ZMQ_POLLIN, 0 } };
		struct wire_msg m;
		enum wire_status st;
		const char *v;

		if (zmq_poll(it, 1, 100) <= 0)
			continue;
		if (wire_recv(k->stdin_sock, &r, 1))
			continue;
		st = wire_decode(r.f, r.n, k->sign, &m);
		if (st != WIRE_OK) {
			kernel_log(k, "dropped a message on stdin: %s", wire_status_str(st));
			continue;
		}
		if (strcmp(m.msg_type, "input_reply")) {
			kernel_log(k, "dropped a message on stdin: not an input_reply");
		} else if ((v = json_string_value(json_object_get(m.content, "value")))) {
			line = strdup(v);
		} else {
			kernel_log(k, "dropped an input_reply without a string value");
		}
		wire_msg_clear(&m);
	}
	wire_recvbuf_free(&r);
	if (!line && (k->quit || k->interrupted))
		line = strdup(""); /* the engine raises KeyboardInterrupt next */
	return line;
}

static json_t *error_json(const struct engine_error *err)
{
	json_t *tb = json_array();
	int i;

	for (i = 0; i < err->ntraceback; i++)
		if (err->traceback[i])
			json_array_append_new(tb, wire_string(err->traceback[i],
							      strlen(err->traceback[i])));
	return json_pack("{s:o, s:o, s:o}",
			 "ename", wire_string(err->ename ? err->ename : "Error",
					      err->ename ? strlen(err->ename) : 5),
			 "evalue", wire_string(err->evalue ? err->evalue : "",
					       err->evalue ? strlen(err->evalue) : 0),
			 "traceback", tb);
}

static json_t *user_expressions(struct kernel *k, json_t *exprs)
{
	json_t *out = json_object(), *v;
	const char *name;

	json_object_foreach(exprs, name, v) {
		struct engine_bundle b = { 0 };
		struct engine_error err = { 0 };
		json_t *r;

		if (!json_is_string(v)) {
			r = json_pack("{s:s, s:s, s:s, s:[]}", "status", "error",
				      "ename", "TypeError", "evalue",
				      "user expression is not a string", "traceback");
		} else if (engine_eval_expression(k->engine, json_string_value(v), &b, &err) == 0) {
			r = json_pack("{s:s, s:o, s:{}}", "status", "ok",
				      "data", bundle_json(&b), "metadata");
			engine_bundle_clear(&b);
		} else {
			r = error_json(&err);
			json_object_set_new(r, "status", json_string("error"));
			engine_error_clear(&err);
		}
		json_object_set_new(out, name, r);
	}
	return out;
}

/* From here the cell is running: an interrupt stops it, even one that comes
 * before the engine's first check (a client interrupts once it sees the
 * cell's execute_input, and an interrupt must never be lost). */
static void cell_start(struct kernel *k)
{
	pthread_mutex_lock(&k->interrupt_lock);
	engine_interrupt_clear(k->engine);
	k->interrupted = 0;
	k->executing = 1;
	pthread_mutex_unlock(&k->interrupt_lock);
}

/* From here an interrupt is a no-op: one that came after the cell's last
 * check is dropped, never left to stop the next cell.  executing falls
 * before the flag is cleared, so a SIGINT between the two finds no cell. */
static void cell_end(struct kernel *k)
{
	pthread_mutex_lock(&k->interrupt_lock);
	k->executing = 0;
	engine_interrupt_clear(k->engine);
	pthread_mutex_unlock(&k->interrupt_lock);
}

void execute_interrupt(struct kernel *k)
{
	pthread_mutex_lock(&k->interrupt_lock);
	if (k->executing) {
		k->interrupted = 1;
		engine_interrupt(k->engine);
		if (k->spmd)
			k->spmd->interrupt(k); /* every rank's part of the cell */
	}
	pthread_mutex_unlock(&k->interrupt_lock);
}

/* Requests that were waiting on the shell socket when a cell failed. */
struct shell_queue {
	struct wire_recvbuf *msgs;
	int n;
};

/* Takes the waiting requests whole.  Called before the failed cell's reply
 * goes out: a request the client sends once it has the reply (or the
 * idle status) is never caught, however late this thread runs. */
static void queue_take(struct kernel *k, struct shell_queue *q)
{
	int cap = 0;

	q->msgs = NULL;
	q->n = 0;
	while (q->n < 10000) {
		if (q->n == cap) {
			struct wire_recvbuf *nq;
			cap = cap ? cap * 2 : 8;
			nq = realloc(q->msgs, cap * sizeof *nq);
			if (!nq)
				break;
			q->msgs = nq;
		}
		if (wire_recvbuf_init(&q->msgs[q->n]))
			break;
		if (wire_recv(k->shell, &q->msgs[q->n], 1)) {
			wire_recvbuf_free(&q->msgs[q->n]);
			break;
		}
		q->n++;
	}
}

/* Like ipykernel: the taken execute_requests are answered "aborted"
 * without running; other requests are served. */
static void queue_abort(struct kernel *k, struct shell_queue *q)
{
	int i;

	k->aborting = 1;
	for (i = 0; i < q->n; i++) {
		if (!k->quit)
			dispatch_frames(k, CH_SHELL, k->shell, &q->msgs[i]);
		wire_recvbuf_free(&q->msgs[i]);
	}
	k->aborting = 0;
	free(q->msgs);
}

void execute_request(struct kernel *k, void *sock, const struct wire_msg *m)
{
	const json_t *c = m->content;
	struct engine_exec_opts opt = { 0 };
	struct engine_sink sink = { 0 };
	struct engine_error err = { 0 };
	struct exec_state x = { 0 };
	struct shell_queue queued = { 0 };
	int bad = 0, silent, store, allow_stdin, stop_on_error, rc;
	const char *code = kjson_str(c, "code", NULL, &bad);
	json_t *uexpr = json_object_get(c, "user_expressions"), *reply;

	if (!code || kjson_bool(c, "silent", 0, &silent) ||
	    kjson_bool(c, "store_history", 1, &store) ||
	    kjson_bool(c, "allow_stdin", 1, &allow_stdin) ||
	    kjson_bool(c, "stop_on_error", 1, &stop_on_error) ||
	    (uexpr && !json_is_object(uexpr) && !json_is_null(uexpr))) {
		kernel_reply_bad(k, sock, m, "execute_request needs a string code and "
				 "boolean silent/store_history/allow_stdin/stop_on_error");
		return;
	}
	if (k->aborting) {
		channels_reply(k, sock, m, "execute_reply",
			       json_pack("{s:s}", "status", "aborted"));
		return;
	}
	if (silent)
		store = 0;
	x.k = k;
	x.sock = sock;
	x.m = m;
	x.silent = silent;
	x.allow_stdin = allow_stdin;
	x.count = engine_execution_count(k->engine) + (store ? 1 : 0);
	x.payload = json_array();
	sink.ctx = &x;
	sink.stream = sink_stream;
	sink.display = sink_display;
	sink.clear_output = sink_clear;
	sink.page = sink_page;
	sink.input = sink_input;
	sink.ask_exit = sink_ask_exit;
	opt.silent = silent;
	opt.store_history = store;
	opt.allow_stdin = allow_stdin;
	opt.keep_interrupt = 1; /* an interrupt since cell_start stops the cell */

	if (stream_begin(k, m)) {
		json_decref(x.payload);
		kernel_reply_bad(k, sock, m, "out of memory");
		return;
	}
	cell_start(k);
	if (!silent)
		channels_publish(k, "execute_input", m->header,
				 json_pack("{s:s, s:i}", "code", code,
					   "execution_count", x.count));
	rc = k->spmd ? k->spmd->execute(k, code, &opt, &sink, &err)
		     : engine_execute(k->engine, code, &opt, &sink, &err);
	k->cells_run++;
	/* all output goes out before the error, the reply and status idle,
	 * interrupted or not; an incomplete character at the very end
	 * becomes U+FFFD */
	stream_end(k);
	if (rc != 0 && stop_on_error)
		queue_take(k, &queued);

	if (rc == 0) {
		reply = json_pack("{s:s, s:i, s:o, s:o}", "status", "ok",
				  "execution_count", x.count,
				  "user_expressions",
				  uexpr && json_is_object(uexpr) ? user_expressions(k, uexpr)
								 : json_object(),
				  "payload", x.payload);
	} else {
		json_t *e = error_json(&err);
		channels_publish(k, "error", m->header, json_deep_copy(e));
		json_object_set_new(e, "status", json_string("error"));
		json_object_set_new(e, "execution_count", json_integer(x.count));
		json_object_set_new(e, "user_expressions", json_object());
		json_object_set_new(e, "payload", x.payload);
		reply = e;
		engine_error_clear(&err);
	}
	cell_end(k);
	channels_reply(k, sock, m, "execute_reply", reply);
	if (store)
		history_store(k->hist, x.count, code, x.result_text);
	free(x.result_text);
	if (rc != 0 && stop_on_error)
		queue_abort(k, &queued);
}
