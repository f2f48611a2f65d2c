/*
 * kmpi.c — lumen-mpi-kernel: the kernel as N MPI ranks that run every cell
 * (SPMD), started as `mpiexec -n N lumen-mpi-kernel -f CONNECTION_FILE`.
 *
 * Rank 0 is the Jupyter kernel of main.c: it alone holds the sockets and
 * the key, so only requests whose signature it checked reach the others.
 * It sends each execute_request to every rank, runs its own part, and
 * collects the other ranks' output on a thread of its own (kmerge.c groups
 * it).  The other ranks ("workers") wait for requests, run them and send
 * back what the cell printed, displayed and raised; a thread on each
 * takes interrupts.  Owns MPI's start and end, the kernel's communicators
 * (duplicates of MPI_COMM_WORLD: cells' traffic never meets the kernel's),
 * %%rank / %%px targets, the report of a rank that died or that an
 * interrupt does not stop, and the moment (the same request on every rank)
 * at which the cells' MPI.COMM_WORLD is renewed after an interrupted cell.
 */
#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "kernel.h"

enum { TAG_REQ = 1, TAG_OUT = 2, TAG_INT = 3, TAG_REPLY = 4 };
enum { OP_EXECUTE = 1, OP_QUIT = 2, OP_COMPLETE = 3, OP_INSPECT = 4 };

/* Every message a worker sends to rank 0 starts with this: 'S' stream
 * (arg: fd; then the text), 'D' display (arg: is_result | update << 1;
 * then kpack_bundle), 'C' clear_output (arg: wait), 'E' the cell ended
 * (arg: 1 when it failed; then kpack_error), 'P' still running. */
struct khdr {
	char type;
	char arg;
	char pad[2];
	uint32_t seq;
};

/* Output a worker holds back for longer than this goes to rank 0 anyway. */
#define WORKER_FLUSH 0.02
/* Output one rank alone has held for this long is shown under its heading
 * before the cell ends (what all ranks print alike goes out at once). */
#define LIVE_LAG 2.0
/* A running worker says it lives this often; one silent for WATCHDOG
 * seconds while its cell runs counts as dead (a launcher that does not end
 * the job when a rank dies, a node lost): the kernel aborts the job. */
#define PING_EVERY 1.0
#define WATCHDOG 15.0
/* A rank that has not ended its cell this long after an interrupt is named
 * on the cell's stderr: it sits in a call that does not look at interrupts
 * ($LUMEN_MPI_STUCK_AFTER seconds overrides it). */
static double STUCK_AFTER = 3.0;

static struct kmpi {
	int rank, size, local_rank;
	MPI_Comm req, out, intr;
	int *pids;            /* rank 0: every rank's pid and host */
	char (*hosts)[64];
	volatile sig_atomic_t term; /* SIGTERM came (the launcher ends the job) */
	volatile int stop;
	pthread_t thread;     /* rank 0: the collector; workers: interrupts */
	int thread_started, stopped;
	/* rank 0: the running cell, under lock */
	pthread_mutex_t lock, recv_lock; /* recv_lock: one thread takes messages */
	pthread_cond_t cond;
	uint32_t seq;
	int cell_ready;       /* seq and targets are the running cell's (interrupt_lock) */
	int active, pending;  /* cell running; targeted workers not done */
	char *targets;
	char *done;           /* done[r]: rank r's part of the cell ended */
	double *heard;        /* when rank r last sent anything */
	struct kmerge *merge;
	const struct engine_sink *sink; /* the real sink (execute.c) */
	int resync;           /* an interrupt reached the last cell (interrupt_lock) */
	double intr_at;       /* when the running cell was interrupted, 0 not (lock) */
	int stuck_noted, self_running;
	double last_live;
	char banner[160];
	/* workers */
	struct engine *engine;
	pthread_mutex_t send_lock, intr_lock;
	struct kpack sbuf;    /* a khdr and buffered stream text */
	int sfd;
	double spending;      /* when the oldest buffered byte came */
	uint32_t cur_seq, intr_seq;
	volatile int executing;
} G;

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void nap(long ns)
{
	struct timespec ts = { 0, ns };
	nanosleep(&ts, NULL);
}

static void on_sigterm(int sig)
{
	G.term = 1;
}

/* ---- %%rank / %%px: which ranks run a cell ---- */

static int usage_error(struct engine_error *err, const char *msg)
{
	char line[600];

	memset(err, 0, sizeof *err);
	snprintf(line, sizeof line, "UsageError: %s", msg);
	err->ename = strdup("UsageError");
	err->evalue = strdup(msg);
	err->traceback = calloc(1, sizeof *err->traceback);
	if (err->traceback && (err->traceback[0] = strdup(line)))
		err->ntraceback = 1;
	return -1;
}

/* "0,2", "1-3", "all" into targets[size]: 0, or -1 with err set. */
static int parse_ranks(const char *s, size_t n, char *targets, const char *magic,
		       struct engine_error *err)
{
	char buf[256], msg[400], *p, *tok, *save = NULL;

	if (n >= sizeof buf)
		return usage_error(err, "the rank list is too long");
	memcpy(buf, s, n);
	buf[n] = 0;
	memset(targets, 0, G.size);
	for (p = buf; (tok = strtok_r(p, ", \t", &save)); p = NULL) {
		long a, b;
		char *end;
		if (!strcmp(tok, "all")) {
			memset(targets, 1, G.size);
			continue;
		}
		a = strtol(tok, &end, 10);
		b = a;
		if (end == tok || (*end && *end != '-'))
			goto bad;
		if (*end == '-') {
			char *e2;
			b = strtol(end + 1, &e2, 10);
			if (e2 == end + 1 || *e2)
				goto bad;
		}
		if (a < 0 || b < a || b >= G.size) {
			snprintf(msg, sizeof msg, "%s: no rank %s: the kernel has ranks 0-%d",
				 magic, tok, G.size - 1);
			return usage_error(err, msg);
		}
		memset(targets + a, 1, b - a + 1);
		continue;
bad:
		snprintf(msg, sizeof msg, "%s: %s is not a rank, a range (1-3) or all",
			 magic, tok);
		return usage_error(err, msg);
	}
	if (!memchr(targets, 1, G.size)) {
		snprintf(msg, sizeof msg, "%s needs ranks, e.g. %s 0,2", magic, magic);
		return usage_error(err, msg);
	}
	return 0;
}

/* Reads a leading `%%rank LIST` or `%%px [--targets LIST]` line: targets
 * filled (every rank without one), *body the code after it.  0, or -1
 * with err set. */
static int parse_targets(const char *code, char *targets, const char **body,
			 struct engine_error *err)
{
	const char *p = code, *eol;
	char msg[400];

	while (*p == ' ' || *p == '\t')
		p++;
	memset(targets, 1, G.size);
	*body = code;
	if (strncmp(p, "%%rank", 6) && strncmp(p, "%%px", 4))
		return 0;
	eol = strchr(p, '\n');
	if (!eol)
		eol = p + strlen(p);
	*body = *eol ? eol + 1 : eol;
	if (!strncmp(p, "%%rank", 6) && (p[6] == ' ' || p[6] == '\t' || p + 6 == eol))
		return parse_ranks(p + 6, eol - (p + 6), targets, "%%rank", err);
	if (!strncmp(p, "%%px", 4) && (p[4] == ' ' || p[4] == '\t' || p + 4 == eol)) {
		const char *a = p + 4;
		while (a < eol) {
			const char *w, *we;
			while (a < eol && (*a == ' ' || *a == '\t'))
				a++;
			if (a >= eol)
				break;
			w = a;
			while (a < eol && *a != ' ' && *a != '\t')
				a++;
			we = a;
			if ((we - w == 9 && !strncmp(w, "--targets", 9)) ||
			    (we - w == 2 && !strncmp(w, "-t", 2))) {
				const char *v;
				while (a < eol && (*a == ' ' || *a == '\t'))
					a++;
				v = a;
				while (a < eol && *a != ' ' && *a != '\t')
					a++;
				if (parse_ranks(v, a - v, targets, "%%px --targets", err))
					return -1;
			} else if (we - w > 10 && !strncmp(w, "--targets=", 10)) {
				if (parse_ranks(w + 10, we - w - 10, targets, "%%px --targets", err))
					return -1;
			} else {
				snprintf(msg, sizeof msg, "%%%%px: option %.*s is not supported "
					 "by lumen-mpi (only --targets)", (int)(we - w), w);
				return usage_error(err, msg);
			}
		}
		return 0;
	}
	snprintf(msg, sizeof msg, "unknown cell magic %.*s (lumen-mpi has %%%%rank and %%%%px)",
		 (int)(eol - p > 40 ? 40 : eol - p), p);
	return usage_error(err, msg);
}

/* ---- rank 0: the sink that records its own output ---- */

static void rec_stream(void *ctx, int fd, const char *text, size_t len)
{
	pthread_mutex_lock(&G.lock);
	kmerge_stream(G.merge, 0, fd, text, len, mono());
	pthread_mutex_unlock(&G.lock);
}

static void rec_display(void *ctx, const struct engine_bundle *b, int is_result,
			const char *display_id, int update)
{
	struct kpack p = { 0 };

	kpack_bundle(&p, b, display_id);
	if (!p.oom) {
		pthread_mutex_lock(&G.lock);
		kmerge_display(G.merge, 0, is_result, update, p.buf, p.len, mono());
		pthread_mutex_unlock(&G.lock);
	}
	free(p.buf);
}

static void rec_clear(void *ctx, int wait)
{
	pthread_mutex_lock(&G.lock);
	kmerge_clear(G.merge, 0, wait, mono());
	pthread_mutex_unlock(&G.lock);
}

static void rec_page(void *ctx, const struct engine_bundle *b)
{
	if (G.sink->page)
		G.sink->page(G.sink->ctx, b);
}

static char *rec_input(void *ctx, const char *prompt, int password)
{
	return G.sink->input ? G.sink->input(G.sink->ctx, prompt, password) : NULL;
}

static void rec_ask_exit(void *ctx, int keep_kernel)
{
	if (G.sink->ask_exit)
		G.sink->ask_exit(G.sink->ctx, keep_kernel);
}

static const struct engine_sink rec_sink = {
	NULL, rec_stream, rec_display, rec_clear, rec_page, rec_input, rec_ask_exit
};

/* ---- rank 0: the spmd hooks ---- */

static int collect_poll(void);

static int spmd_execute(struct kernel *k, const char *code,
			const struct engine_exec_opts *opt,
			const struct engine_sink *sink, struct engine_error *err)
{
	char *targets = malloc(G.size);
	const char *body;
	struct kpack req = { 0 };
	struct engine_error e0 = { 0 };
	int r, rc, ntargets = 0, interrupted, resync;
	uint32_t seq;

	if (!targets)
		return usage_error(err, "out of memory");
	if (parse_targets(code, targets, &body, err)) {
		free(targets);
		return -1;
	}
	for (r = 0; r < G.size; r++)
		ntargets += targets[r];
	seq = G.seq + 1;
	pthread_mutex_lock(&k->interrupt_lock);
	resync = G.resync;
	G.resync = 0;
	pthread_mutex_unlock(&k->interrupt_lock);
	kpack_u32(&req, OP_EXECUTE);
	kpack_u32(&req, seq);
	kpack_u32(&req, opt->silent);
	kpack_u32(&req, opt->store_history);
	kpack_u32(&req, (uint32_t)resync);
	kpack_str(&req, targets, G.size);
	kpack_str(&req, body, strlen(body));
	if (req.oom) {
		free(req.buf);
		free(targets);
		return usage_error(err, "out of memory");
	}
	pthread_mutex_lock(&G.lock);
	kmerge_reset(G.merge, targets);
	memcpy(G.targets, targets, G.size);
	G.pending = ntargets - targets[0];
	memset(G.done, 0, G.size);
	for (r = 0; r < G.size; r++)
		G.heard[r] = mono();
	G.sink = sink;
	G.active = 1;
	G.last_live = mono();
	G.intr_at = 0;
	G.stuck_noted = 0;
	G.self_running = 1;
	pthread_mutex_unlock(&G.lock);
	/* from here an interrupt goes to the ranks; one that came since the
	 * cell started is sent now */
	pthread_mutex_lock(&k->interrupt_lock);
	G.seq = seq;
	G.cell_ready = 1;
	interrupted = k->interrupted;
	pthread_mutex_unlock(&k->interrupt_lock);
	for (r = 1; r < G.size; r++)
		MPI_Send(req.buf, (int)req.len, MPI_BYTE, r, TAG_REQ, G.req);
	free(req.buf);
	if (interrupted)
		for (r = 1; r < G.size; r++)
			if (targets[r])
				MPI_Send(&seq, 1, MPI_UINT32_T, r, TAG_INT, G.intr);

	/* every rank does this at the same point of the requests: after an
	 * interrupted cell that used MPI, a fresh MPI.COMM_WORLD for the cells */
	engine_mpi_cell_begin(resync);
	if (!targets[0])
		rc = engine_execute(k->engine, "", opt, &(struct engine_sink){ 0 }, &e0);
	else
		rc = engine_execute(k->engine, body, opt, ntargets == 1 ? sink : &rec_sink, &e0);
	pthread_mutex_lock(&G.lock);
	G.self_running = 0;
	if (rc && targets[0]) {
		struct kpack p = { 0 };
		kpack_error(&p, &e0);
		if (!p.oom)
			kmerge_error(G.merge, 0, p.buf, p.len);
		free(p.buf);
	}
	engine_error_clear(&e0);
	/* the workers' last messages: taken here rather than handed over by
	 * the collector (a thread switch less per cell); after a moment of
	 * polling, the collector's turn */
	{
		double t0 = mono();
		while (G.pending > 0 && mono() - t0 < 0.005) {
			pthread_mutex_unlock(&G.lock);
			if (!collect_poll())
				sched_yield();
			pthread_mutex_lock(&G.lock);
		}
	}
	while (G.pending > 0)
		pthread_cond_wait(&G.cond, &G.lock);
	rc = kmerge_finish(G.merge, sink, err);
	G.active = 0;
	pthread_mutex_unlock(&G.lock);
	pthread_mutex_lock(&k->interrupt_lock);
	G.cell_ready = 0;
	if (k->interrupted)
		G.resync = 1;
	pthread_mutex_unlock(&k->interrupt_lock);
	free(targets);
	return rc;
}

static void spmd_interrupt(struct kernel *k)
{
	int r;

	if (!G.cell_ready)
		return; /* spmd_execute sends it once the cell is on its way */
	pthread_mutex_lock(&G.lock);
	if (G.active && !G.intr_at)
		G.intr_at = mono();
	pthread_mutex_unlock(&G.lock);
	for (r = 1; r < G.size; r++)
		if (G.targets[r])
			MPI_Send(&G.seq, 1, MPI_UINT32_T, r, TAG_INT, G.intr);
}

/* Sends a request to every worker; 0, or -1 when it could not be packed. */
static int send_all(struct kpack *req)
{
	int r;

	if (req->oom) {
		free(req->buf);
		return -1;
	}
	for (r = 1; r < G.size; r++)
		MPI_Send(req->buf, (int)req->len, MPI_BYTE, r, TAG_REQ, G.req);
	free(req->buf);
	return 0;
}

/* Worker r's answer to an introspection request (malloc'd), or NULL. */
static char *recv_reply(int r, int *len)
{
	MPI_Status st;
	char *buf;

	MPI_Probe(r, TAG_REPLY, G.out, &st);
	MPI_Get_count(&st, MPI_BYTE, len);
	buf = malloc(*len ? *len : 1);
	MPI_Recv(buf ? buf : (char[1]){ 0 }, buf ? *len : 0, MPI_BYTE, r, TAG_REPLY,
		 G.out, MPI_STATUS_IGNORE);
	return buf;
}

static int spmd_complete(struct kernel *k, const char *code, int pos,
			 struct engine_completion *c)
{
	struct kpack req = { 0 };
	int r, rc = 0;

	kpack_u32(&req, OP_COMPLETE);
	kpack_u32(&req, (uint32_t)pos);
	kpack_str(&req, code, strlen(code));
	if (send_all(&req))
		return -1;
	for (r = 1; r < G.size; r++) {
		int len, i, j;
		char *buf = recv_reply(r, &len);
		struct kread rd = { buf, buf ? (size_t)len : 0, 0 };
		uint32_t n = kread_u32(&rd);
		int start = (int)kread_u32(&rd), end = (int)kread_u32(&rd);

		if (n && !c->nmatches) {
			c->cursor_start = start;
			c->cursor_end = end;
		}
		for (i = 0; i < (int)n && !rd.bad && start == c->cursor_start; i++) {
			size_t sl;
			const char *m = kread_str(&rd, &sl);
			char **nm;
			for (j = 0; j < c->nmatches && strcmp(c->matches[j], m); j++)
				;
			if (rd.bad || j < c->nmatches)
				continue; /* rank 0 has it already */
			nm = realloc(c->matches, (c->nmatches + 1) * sizeof *nm);
			if (!nm || !(nm[c->nmatches] = strdup(m))) {
				if (nm)
					c->matches = nm;
				rc = -1;
				break;
			}
			c->matches = nm;
			c->nmatches++;
		}
		free(buf);
	}
	return rc;
}

static int spmd_inspect(struct kernel *k, const char *code, int pos, int detail,
			struct engine_bundle *out)
{
	struct kpack req = { 0 };
	int r, found = 0;

	kpack_u32(&req, OP_INSPECT);
	kpack_u32(&req, (uint32_t)pos);
	kpack_u32(&req, (uint32_t)detail);
	kpack_str(&req, code, strlen(code));
	if (send_all(&req))
		return -1;
	for (r = 1; r < G.size; r++) {
		int len, i;
		char *buf = recv_reply(r, &len);
		struct kread rd = { buf, buf ? (size_t)len : 0, 0 };
		struct engine_bundle b;
		const char *id;

		if (kread_u32(&rd) && !found && kread_bundle(&rd, &b, &id) == 0) {
			memset(out, 0, sizeof *out);
			for (i = 0; i < b.n; i++) {
				out->mime[i] = strdup(b.mime[i]);
				out->data[i] = malloc(b.len[i] + 1);
				if (out->data[i])
					memcpy((char *)out->data[i], b.data[i], b.len[i] + 1);
				out->len[i] = b.len[i];
				out->n = i + 1;
				if (!out->mime[i] || !out->data[i]) {
					engine_bundle_clear(out);
					free(buf);
					found = -1;
					break;
				}
			}
			if (found == 0)
				found = 1;
		}
		free(buf);
	}
	return found;
}

/* Tells the workers to end and stops the collector; once. */
static void spmd_stop(struct kernel *k)
{
	uint32_t op = OP_QUIT;
	int r;

	if (G.stopped)
		return;
	G.stopped = 1;
	for (r = 1; r < G.size; r++)
		MPI_Send(&op, 1, MPI_UINT32_T, r, TAG_REQ, G.req);
	G.stop = 1;
	if (G.thread_started)
		pthread_join(G.thread, NULL);
	G.thread_started = 0;
}

static const struct kernel_spmd spmd_ops = {
	spmd_execute, spmd_interrupt, spmd_complete, spmd_inspect, spmd_stop, G.banner
};

/* ---- rank 0: the collector thread ---- */

/* A rank ended without the kernel asking: says which on iopub and on
 * stderr, and exits.  silent > 0: that rank stopped answering (the job is
 * aborted); else the launcher ended the job with SIGTERM, as mpiexec does
 * when a rank dies. */
static void report_end(int silent)
{
	struct kernel *k = kernel_global;
	char msg[2048];
	size_t len = 0;
	int r, ndead = 0;

	if (silent > 0) {
		len += snprintf(msg + len, sizeof msg - len,
				"lumen-mpi: rank %d (pid %d on %s) stopped answering: no sign of "
				"it for %.0f s while its cell ran (dead, stopped, or its node lost)",
				silent, G.pids[silent], G.hosts[silent], WATCHDOG);
		ndead++;
	}
	for (r = 1; !silent && r < G.size && len < sizeof msg - 256; r++)
		if (G.pids && !strcmp(G.hosts[r], G.hosts[0]) &&
		    kill(G.pids[r], 0) && errno == ESRCH) {
			len += snprintf(msg + len, sizeof msg - len,
					"%slumen-mpi: rank %d (pid %d on %s) died", ndead ? "\n" : "",
					r, G.pids[r], G.hosts[r]);
			ndead++;
		}
	if (!ndead)
		len += snprintf(msg + len, sizeof msg - len,
				"lumen-mpi: the launcher ended the job (SIGTERM to rank 0%s)",
				G.size > 1 ? "; a rank on another node may have died" : "");
	len += snprintf(msg + len, sizeof msg - len,
			"; every rank ends and the kernel exits: restart the kernel to "
			"start all %d ranks again.\n", G.size);
	fputs(msg, stderr);
	if (k && k->iopub) {
		pthread_mutex_lock(&k->stream_lock);
		channels_publish_stream(k, k->stream_parent ? k->stream_parent : "{}",
					"stderr", msg, len);
		pthread_mutex_unlock(&k->stream_lock);
		nap(300000000L); /* for ZeroMQ to send it */
	}
	if (silent > 0)
		MPI_Abort(MPI_COMM_WORLD, 1); /* the launcher ends every rank */
	_exit(1);
}

/* Names on the cell's stderr the ranks that have not ended their cell
 * STUCK_AFTER seconds after the interrupt (once a cell). */
static void note_stuck(double now)
{
	struct kernel *k = kernel_global;
	char msg[1536];
	size_t len = 0;
	int r, n = 0;

	pthread_mutex_lock(&G.lock);
	if (!G.active || !G.intr_at || G.stuck_noted || now - G.intr_at < STUCK_AFTER) {
		pthread_mutex_unlock(&G.lock);
		return;
	}
	G.stuck_noted = 1;
	for (r = 0; r < G.size && len < sizeof msg - 400; r++)
		if (r == 0 ? G.self_running : G.targets[r] && !G.done[r]) {
			len += snprintf(msg + len, sizeof msg - len, "%s%d (pid %d on %s)",
					n ? ", " : "", r, G.pids[r], G.hosts[r]);
			n++;
		}
	pthread_mutex_unlock(&G.lock);
	if (!n || !k || !k->iopub)
		return;
	{
		char line[2048];
		int m = snprintf(line, sizeof line,
				 "lumen-mpi: the interrupt reached every rank, but rank%s %.*s ha%s not "
				 "ended the cell %.0f s later: it is inside a call that does not look at "
				 "interrupts. Wait for it, interrupt again, or restart the kernel "
				 "(a restart starts all %d ranks again).\n",
				 n > 1 ? "s" : "", (int)len, msg, n > 1 ? "ve" : "s", STUCK_AFTER, G.size);
		if (m < 0)
			return;
		if (m >= (int)sizeof line)
			m = sizeof line - 1;
		pthread_mutex_lock(&k->stream_lock);
		channels_publish_stream(k, k->stream_parent ? k->stream_parent : "{}", "stderr",
					line, (size_t)m);
		pthread_mutex_unlock(&k->stream_lock);
	}
}

static void collect_one(int src, const char *buf, size_t len)
{
	struct khdr h;
	double now = mono();

	if (len < sizeof h || src <= 0 || src >= G.size)
		return;
	memcpy(&h, buf, sizeof h);
	buf += sizeof h;
	len -= sizeof h;
	pthread_mutex_lock(&G.lock);
	G.heard[src] = now;
	if (G.active && h.seq == G.seq && G.targets[src]) {
		switch (h.type) {
		case 'S':
			kmerge_stream(G.merge, src, h.arg, buf, len, now);
			break;
		case 'D':
			kmerge_display(G.merge, src, h.arg & 1, (h.arg & 2) != 0, buf, len, now);
			break;
		case 'C':
			kmerge_clear(G.merge, src, h.arg, now);
			break;
		case 'E':
			if (h.arg)
				kmerge_error(G.merge, src, buf, len);
			G.done[src] = 1;
			G.pending--;
			pthread_cond_signal(&G.cond);
			break;
		}
	}
	pthread_mutex_unlock(&G.lock);
}

/* Takes one message of the workers' output, if one came and no other
 * thread is taking one (so a rank's messages are handled in order): 1 when
 * it took one. */
static int collect_poll(void)
{
	MPI_Message msg;
	MPI_Status st;
	int flag = 0, n;
	char *buf;

	if (pthread_mutex_trylock(&G.recv_lock))
		return 0;
	MPI_Improbe(MPI_ANY_SOURCE, TAG_OUT, G.out, &flag, &msg, &st);
	if (flag) {
		MPI_Get_count(&st, MPI_BYTE, &n);
		buf = malloc(n ? n : 1);
		if (buf) {
			MPI_Mrecv(buf, n, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
			collect_one(st.MPI_SOURCE, buf, n);
			free(buf);
		} else {
			char c;
			MPI_Mrecv(&c, 0, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
		}
	}
	pthread_mutex_unlock(&G.recv_lock);
	return flag;
}

static void *collector_main(void *arg)
{
	double last = mono();
	long idle_ns = 50000;
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	while (!G.stop) {
		double now;

		if (collect_poll()) {
			last = mono();
			idle_ns = 50000;
			continue;
		}
		if (G.term)
			report_end(0);
		now = mono();
		if (G.active) {
			int r, silent = 0;
			pthread_mutex_lock(&G.lock);
			for (r = 1; G.active && r < G.size; r++)
				if (G.targets[r] && !G.done[r] && now - G.heard[r] > WATCHDOG)
					silent = r;
			pthread_mutex_unlock(&G.lock);
			if (silent)
				report_end(silent);
			note_stuck(now);
		}
		if (G.active && now - G.last_live >= 0.05) {
			pthread_mutex_lock(&G.lock);
			if (G.active)
				kmerge_flush_live(G.merge, G.sink, now, LIVE_LAG);
			G.last_live = now;
			pthread_mutex_unlock(&G.lock);
		}
		/* a cell's output comes in bursts: poll hard just after one */
		if (now - last < 0.005) {
			sched_yield();
		} else {
			nap(idle_ns);
			if (idle_ns < 1000000)
				idle_ns += idle_ns / 2;
		}
	}
	return NULL;
}

/* ---- workers ---- */

/* send_lock held: sends the buffered text, if any. */
static void wflush_locked(void)
{
	struct khdr h = { 'S', 0, { 0 }, 0 };

	if (G.sbuf.len <= sizeof h)
		return;
	h.arg = (char)G.sfd;
	h.seq = G.cur_seq;
	memcpy(G.sbuf.buf, &h, sizeof h);
	MPI_Send(G.sbuf.buf, (int)G.sbuf.len, MPI_BYTE, 0, TAG_OUT, G.out);
	G.sbuf.len = sizeof h;
}

static void wsend(char type, int arg, const struct kpack *p)
{
	struct khdr h = { type, (char)arg, { 0 }, G.cur_seq };
	struct kpack m = { 0 };

	kpack_put(&m, &h, sizeof h);
	if (p)
		kpack_put(&m, p->buf, p->len);
	if (!m.oom)
		MPI_Send(m.buf, (int)m.len, MPI_BYTE, 0, TAG_OUT, G.out);
	free(m.buf);
}

static void w_stream(void *ctx, int fd, const char *text, size_t len)
{
	pthread_mutex_lock(&G.send_lock);
	if (G.sbuf.len > sizeof(struct khdr) && G.sfd != fd)
		wflush_locked();
	if (G.sbuf.len == sizeof(struct khdr))
		G.spending = mono();
	G.sfd = fd;
	kpack_put(&G.sbuf, text, len);
	if (G.sbuf.len >= STREAM_MAXBUF || mono() - G.spending >= WORKER_FLUSH)
		wflush_locked();
	pthread_mutex_unlock(&G.send_lock);
}

static void w_display(void *ctx, const struct engine_bundle *b, int is_result,
		      const char *display_id, int update)
{
	struct kpack p = { 0 };

	kpack_bundle(&p, b, display_id);
	pthread_mutex_lock(&G.send_lock);
	wflush_locked();
	if (!p.oom)
		wsend('D', (is_result ? 1 : 0) | (update ? 2 : 0), &p);
	pthread_mutex_unlock(&G.send_lock);
	free(p.buf);
}

static void w_clear(void *ctx, int wait)
{
	pthread_mutex_lock(&G.send_lock);
	wflush_locked();
	wsend('C', wait, NULL);
	pthread_mutex_unlock(&G.send_lock);
}

/* exit() / quit(): rank 0's reply asks the frontend; nothing to do here */
static void w_ask_exit(void *ctx, int keep_kernel)
{
}

static const struct engine_sink worker_sink = {
	NULL, w_stream, w_display, w_clear, NULL, NULL, w_ask_exit
};

/* The worker's second thread: interrupts from rank 0, output held too
 * long, and the end after SIGTERM. */
static void *worker_aux(void *arg)
{
	sigset_t all;
	double pinged = 0;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	while (!G.stop) {
		int flag = 0;
		MPI_Status st;

		MPI_Iprobe(0, TAG_INT, G.intr, &flag, &st);
		if (flag) {
			uint32_t s;
			MPI_Recv(&s, 1, MPI_UINT32_T, 0, TAG_INT, G.intr, MPI_STATUS_IGNORE);
			pthread_mutex_lock(&G.intr_lock);
			if (s > G.intr_seq)
				G.intr_seq = s;
			if (G.executing && G.cur_seq == s)
				engine_interrupt(G.engine);
			pthread_mutex_unlock(&G.intr_lock);
			continue;
		}
		pthread_mutex_lock(&G.send_lock);
		if (G.sbuf.len > sizeof(struct khdr) && mono() - G.spending >= WORKER_FLUSH)
			wflush_locked();
		if (G.executing && mono() - pinged >= PING_EVERY) {
			wsend('P', 0, NULL); /* for rank 0's watchdog */
			pinged = mono();
		}
		pthread_mutex_unlock(&G.send_lock);
		if (G.term) {
			/* rank 0 looks for the rank that died first: stay a moment */
			nap(500000000L);
			_exit(128 + SIGTERM);
		}
		nap(5000000L);
	}
	return NULL;
}

/* The next request from rank 0 (malloc'd, *len bytes), or NULL. */
static char *worker_wait(int *len)
{
	double t0 = mono();
	long idle_ns = 20000;
	MPI_Status st;
	char *buf;
	int flag = 0;

	for (;;) {
		MPI_Iprobe(0, TAG_REQ, G.req, &flag, &st);
		if (flag)
			break;
		/* requests come in bursts: poll hard for a moment after one */
		if (mono() - t0 < 0.02) {
			sched_yield();
		} else {
			nap(idle_ns);
			if (idle_ns < 500000)
				idle_ns += idle_ns / 4;
		}
	}
	MPI_Get_count(&st, MPI_BYTE, len);
	buf = malloc(*len ? *len : 1);
	if (!buf)
		return NULL;
	MPI_Recv(buf, *len, MPI_BYTE, 0, TAG_REQ, G.req, MPI_STATUS_IGNORE);
	return buf;
}

static void worker_execute(struct kread *r)
{
	struct engine_exec_opts opt = { 0 };
	struct engine_error err = { 0 };
	uint32_t seq = kread_u32(r);
	size_t tlen, blen;
	const char *targets, *body;
	int rc, resync;

	opt.silent = kread_u32(r);
	opt.store_history = kread_u32(r);
	resync = (int)kread_u32(r);
	targets = kread_str(r, &tlen);
	body = kread_str(r, &blen);
	if (r->bad || tlen != (size_t)G.size)
		return;
	opt.keep_interrupt = 1;
	/* every rank, targeted or not (rank 0 does it at the same point) */
	engine_mpi_cell_begin(resync);
	if (!targets[G.rank]) {
		/* the execution count stays the same on every rank */
		engine_execute(G.engine, "", &opt, &(struct engine_sink){ 0 }, &err);
		engine_error_clear(&err);
		return;
	}
	pthread_mutex_lock(&G.intr_lock);
	engine_interrupt_clear(G.engine);
	G.cur_seq = seq;
	G.executing = 1;
	if (G.intr_seq == seq)
		engine_interrupt(G.engine); /* it came before the request */
	pthread_mutex_unlock(&G.intr_lock);
	rc = engine_execute(G.engine, body, &opt, &worker_sink, &err);
	pthread_mutex_lock(&G.intr_lock);
	G.executing = 0;
	engine_interrupt_clear(G.engine);
	pthread_mutex_unlock(&G.intr_lock);
	pthread_mutex_lock(&G.send_lock);
	wflush_locked();
	if (rc) {
		struct kpack p = { 0 };
		kpack_error(&p, &err);
		wsend('E', 1, &p);
		free(p.buf);
	} else {
		wsend('E', 0, NULL);
	}
	pthread_mutex_unlock(&G.send_lock);
	engine_error_clear(&err);
}

/* complete / inspect: the answer goes to rank 0 at once */
static void worker_introspect(uint32_t op, struct kread *r)
{
	struct kpack p = { 0 };
	uint32_t pos = kread_u32(r), detail = op == OP_INSPECT ? kread_u32(r) : 0;
	size_t len;
	const char *code = kread_str(r, &len);
	int i;

	if (op == OP_COMPLETE) {
		struct engine_completion c = { 0 };
		if (r->bad || engine_complete(G.engine, code, (int)pos, &c))
			engine_completion_clear(&c);
		kpack_u32(&p, c.nmatches);
		kpack_u32(&p, c.cursor_start);
		kpack_u32(&p, c.cursor_end);
		for (i = 0; i < c.nmatches; i++)
			kpack_str(&p, c.matches[i], strlen(c.matches[i]));
		engine_completion_clear(&c);
	} else {
		struct engine_bundle b = { 0 };
		int found = r->bad ? 0 : engine_inspect(G.engine, code, (int)pos, (int)detail, &b);
		kpack_u32(&p, found > 0);
		if (found > 0)
			kpack_bundle(&p, &b, NULL);
		engine_bundle_clear(&b);
	}
	if (p.oom) {
		/* an empty answer rather than none: rank 0 waits for it */
		p.len = 0;
		p.oom = 0;
		free(p.buf);
		p.buf = NULL;
		kpack_u32(&p, 0);
		kpack_u32(&p, 0);
		kpack_u32(&p, 0);
	}
	MPI_Send(p.buf, p.oom ? 0 : (int)p.len, MPI_BYTE, 0, TAG_REPLY, G.out);
	free(p.buf);
}

static int worker_main(void)
{
	struct khdr h = { 0 };

	kpack_put(&G.sbuf, &h, sizeof h);
	if (G.sbuf.oom || pthread_create(&G.thread, NULL, worker_aux, NULL)) {
		fprintf(stderr, "lumen-mpi-kernel: rank %d: cannot start\n", G.rank);
		return 1;
	}
	G.thread_started = 1;
	for (;;) {
		int len;
		char *buf = worker_wait(&len);
		struct kread r = { buf, buf ? (size_t)len : 0, 0 };
		uint32_t op = kread_u32(&r);

		if (op == OP_EXECUTE)
			worker_execute(&r);
		else if (op == OP_COMPLETE || op == OP_INSPECT)
			worker_introspect(op, &r);
		free(buf);
		if (op == OP_QUIT || !buf)
			break;
	}
	G.stop = 1;
	pthread_join(G.thread, NULL);
	free(G.sbuf.buf);
	return 0;
}

/* ---- start and end ---- */

static void usage(FILE *f)
{
	fprintf(f, "usage: mpiexec -n N lumen-mpi-kernel -f CONNECTION_FILE\n"
		"  The Lumen Jupyter kernel on N MPI ranks: every cell runs on every\n"
		"  rank (%%%%rank 0,2 picks some); rank 0 talks to Jupyter.  Started by\n"
		"  Jupyter through the lumen-mpi kernelspec (lumen kernelspec install --mpi N).\n");
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	MPI_Comm node;
	char host[64] = "";
	int i, provided, rc = 0, pid;

	engine_prepare_process(argv); /* may re-execute: before MPI starts */
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--version")) {
			printf("lumen-mpi-kernel %s\n", engine_version());
			return 0;
		}
	}
	if (MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
		fprintf(stderr, "lumen-mpi-kernel: MPI_Init_thread failed\n");
		return 1;
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &G.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &G.size);
	if (provided < MPI_THREAD_MULTIPLE) {
		if (G.rank == 0)
			fprintf(stderr, "lumen-mpi-kernel: this MPI does not offer "
				"MPI_THREAD_MULTIPLE, which the kernel needs\n");
		MPI_Finalize();
		return 1;
	}
	MPI_Comm_dup(MPI_COMM_WORLD, &G.req);
	MPI_Comm_dup(MPI_COMM_WORLD, &G.out);
	MPI_Comm_dup(MPI_COMM_WORLD, &G.intr);
	/* the cells' communicators return errors (mpi4py's default: an MPI
	 * error is an exception, never the end of the job); the kernel's own,
	 * dup'ed before this, keep MPI's fatal default */
	MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
	MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, G.rank, MPI_INFO_NULL, &node);
	MPI_Comm_rank(node, &G.local_rank);
	MPI_Comm_free(&node);
	/* rank 0 knows every rank's pid and host: to say which one died */
	gethostname(host, sizeof host - 1);
	pid = getpid();
	if (G.rank == 0) {
		G.pids = calloc(G.size, sizeof *G.pids);
		G.hosts = calloc(G.size, sizeof *G.hosts);
		G.targets = calloc(G.size, 1);
		G.done = calloc(G.size, 1);
		G.heard = calloc(G.size, sizeof *G.heard);
		G.merge = kmerge_new(G.size);
		if (!G.pids || !G.hosts || !G.targets || !G.done || !G.heard || !G.merge) {
			fprintf(stderr, "lumen-mpi-kernel: out of memory\n");
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
	}
	MPI_Gather(&pid, 1, MPI_INT, G.pids, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Gather(host, 64, MPI_CHAR, G.hosts, 64, MPI_CHAR, 0, MPI_COMM_WORLD);
	/* before engine_new: the device is local_rank % device_count */
	engine_mpi_set_world(G.rank, G.size, G.local_rank);

	/* the launcher ends the job with SIGTERM when a rank dies */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigterm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	pthread_mutex_init(&G.lock, NULL);
	pthread_mutex_init(&G.recv_lock, NULL);
	pthread_cond_init(&G.cond, NULL);
	pthread_mutex_init(&G.send_lock, NULL);
	pthread_mutex_init(&G.intr_lock, NULL);

	if (G.rank == 0) {
		sigset_t all, old;
		const char *sa_env = getenv("LUMEN_MPI_STUCK_AFTER");
		if (sa_env && atof(sa_env) > 0)
			STUCK_AFTER = atof(sa_env);
		snprintf(G.banner, sizeof G.banner, "MPI: %d rank%s (lumen-mpi-kernel; "
			 "%%%%rank 0,2 runs a cell on some)", G.size, G.size == 1 ? "" : "s");
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old);
		if (pthread_create(&G.thread, NULL, collector_main, NULL) == 0)
			G.thread_started = 1;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (!G.thread_started) {
			fprintf(stderr, "lumen-mpi-kernel: cannot start threads\n");
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		rc = kernel_main(argc, argv, &spmd_ops);
		spmd_stop(NULL); /* when the kernel could not start */
		kmerge_free(G.merge);
		free(G.pids);
		free(G.hosts);
		free(G.targets);
		free(G.done);
		free(G.heard);
	} else {
		G.engine = engine_new(NULL);
		if (!G.engine) {
			fprintf(stderr, "lumen-mpi-kernel: rank %d: cannot create the engine\n", G.rank);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		rc = worker_main();
		engine_free(G.engine);
	}
	MPI_Comm_free(&G.req);
	MPI_Comm_free(&G.out);
	MPI_Comm_free(&G.intr);
	MPI_Finalize();
	return engine_exit(rc);
}
