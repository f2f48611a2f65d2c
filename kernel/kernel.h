/*
 * kernel.h — the private interface between the modules of kernel/.
 *
 * kernel/ speaks the Jupyter messaging protocol 5.4 over ZeroMQ and hands
 * cells to the engine through engine/engine.h.  Nothing outside kernel/ and
 * tests/ includes this header; it never includes an engine header besides
 * engine.h.
 */
#ifndef LUMEN_KERNEL_H
#define LUMEN_KERNEL_H

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <jansson.h>

#define KERNEL_PROTOCOL_VERSION "5.4"
/* Largest frame a peer may send; a bigger one disconnects that peer. */
#define KERNEL_MAXMSGSIZE ((long long)64 << 20)
/* Most frames one message may have; more and the message is dropped. */
#define WIRE_MAX_FRAMES 1024

/* ---- connection.c: the connection file ---- */
struct conninfo {
	char transport[8];     /* "tcp" or "ipc" */
	char ip[256];          /* host for tcp, path prefix for ipc */
	int shell_port, iopub_port, stdin_port, control_port, hb_port;
	char *key;             /* malloc'd, may be "" (unsigned) */
	size_t keylen;
	char signature_scheme[32];
	char kernel_name[64];
	/* CurveZMQ (jupyter_client's transport_encryption): 1 when the file
	 * carries curve_publickey/curve_secretkey; the secret key in Z85 */
	int curve;
	char curve_secret[41];
};

/* Parses the connection file at `path` into *ci.  0, or -1 with a message
 * (static or in `why`, which holds at least 256 bytes). */
int conn_load(const char *path, struct conninfo *ci, char *why, size_t whylen);
/* Same from a JSON text (for tests and for conn_load). */
int conn_parse(const char *text, size_t len, struct conninfo *ci, char *why,
	       size_t whylen);
void conn_clear(struct conninfo *ci);
/* Writes the endpoint "tcp://ip:port" or "ipc://ip-port" into buf. */
int conn_endpoint(const struct conninfo *ci, int port, char *buf, size_t len);

/* ---- sign.c: HMAC-SHA256 signatures and replay protection ---- */
struct sign;
#define SIGN_HEXLEN 64
#define SIGN_HISTORY 65536

/* New signer for `key` (copied).  keylen 0: messages are unsigned.
 * NULL on out-of-memory or when OpenSSL lacks HMAC-SHA256. */
struct sign *sign_new(const char *key, size_t keylen);
void sign_free(struct sign *s);
int sign_enabled(const struct sign *s);
/* Hex digest of the parts (header, parent, metadata, content) into
 * hex[SIGN_HEXLEN + 1]; "" when unsigned.  0, or -1 on an OpenSSL error. */
int sign_compute(struct sign *s, const void *const *parts, const size_t *lens,
		 int nparts, char *hex);
/* Checks `sig` over the raw parts in constant time and records it against
 * replays.  0 good; -1 bad signature; -2 a replayed signature. */
int sign_verify(struct sign *s, const void *sig, size_t siglen,
		const void *const *parts, const size_t *lens, int nparts);

/* ---- wire.c: multipart framing ---- */
struct wire_frame {
	const void *data;
	size_t len;
};

/* A decoded message.  The json_t members are owned by the message; the
 * identity frames are borrowed from the frames it was decoded from. */
struct wire_msg {
	const struct wire_frame *idents;
	int nidents;
	json_t *header, *parent, *metadata, *content;
	const char *msg_type; /* borrowed from header */
	const struct wire_frame *buffers;
	int nbuffers;
};

/* Why a message was dropped (WIRE_OK = 0 is a good message). */
enum wire_status {
	WIRE_OK = 0, WIRE_NO_DELIM, WIRE_TRUNCATED, WIRE_BAD_SIGNATURE,
	WIRE_REPLAY, WIRE_BAD_JSON, WIRE_NOT_OBJECT, WIRE_BAD_HEADER,
	WIRE_TOO_MANY_FRAMES
};
const char *wire_status_str(enum wire_status st);

/* Decodes frames (verifying the signature over the raw frames first). */
enum wire_status wire_decode(const struct wire_frame *f, int nf,
			     struct sign *s, struct wire_msg *m);
void wire_msg_clear(struct wire_msg *m);

/* The frames of one outgoing message; all owned by the struct. */
struct wire_out {
	char *part[4]; /* header, parent, metadata, content JSON texts */
	size_t len[4];
	char sig[SIGN_HEXLEN + 1];
};

/* Builds an outgoing message.  Steals `content` and `metadata` (NULL: {}),
 * borrows `parent` (NULL: {}).  0, or -1 on out-of-memory. */
int wire_encode(struct wire_out *o, struct sign *s, const char *session,
		const char *username, const char *msg_type, const json_t *parent,
		json_t *metadata, json_t *content);
/* Same with parts already serialised: rawparent (borrowed) replaces
 * parent when not NULL; rawcontent (malloc'd, rawlen bytes) is stolen in
 * place of a json_t. */
int wire_encode_raw(struct wire_out *o, struct sign *s, const char *session,
		    const char *username, const char *msg_type, const json_t *parent,
		    const char *rawparent, json_t *metadata, json_t *content,
		    char *rawcontent, size_t rawlen);
void wire_out_clear(struct wire_out *o);
/* The JSON literal of s into buf (room for 6 * len + 2, or exactly
 * wire_escape(NULL, s, len)): bytes written, or only counted when buf is
 * NULL. */
size_t wire_escape(char *buf, const char *s, size_t len);
/* The content of a stream message, serialised: malloc'd, NULL on OOM. */
char *wire_stream_content(const char *name, const char *s, size_t len,
			  size_t *outlen);
/* Sends idents, delimiter and o on a socket.  0, or -1 (errno).  A part
 * of WIRE_ZEROCOPY_MIN bytes or more is handed to ZeroMQ without a copy:
 * its o->part[] becomes NULL (wire_out_clear still frees the rest). */
#define WIRE_ZEROCOPY_MIN (16 << 10)
int wire_send(void *sock, const struct wire_frame *idents, int nidents,
	      struct wire_out *o);

/* Received frames of one multipart message; grows as needed up to
 * WIRE_MAX_FRAMES and keeps its memory for the next message. */
struct wire_recvbuf {
	int n, cap;
	int overflow;          /* more than WIRE_MAX_FRAMES frames: rest dropped */
	void **msgs;           /* zmq_msg_t *[cap], each allocated once */
	struct wire_frame *f;  /* views of msgs[0..n) */
};
int wire_recvbuf_init(struct wire_recvbuf *r);
void wire_recvbuf_free(struct wire_recvbuf *r);
/* Receives one multipart message (blocking unless dontwait).  0, or -1
 * with errno (EAGAIN, ETERM, EINTR before the first frame). */
int wire_recv(void *sock, struct wire_recvbuf *r, int dontwait);
void wire_recv_release(struct wire_recvbuf *r);

/* A new JSON string from bytes that may not be valid UTF-8: invalid
 * sequences become U+FFFD.  New reference, NULL on out-of-memory. */
json_t *wire_string(const char *s, size_t len);
/* Length of the longest prefix of s that does not end inside a UTF-8
 * sequence that could still be completed by more bytes. */
size_t wire_utf8_complete(const char *s, size_t len);
/* Where the first of several stream messages carrying s[0..len) ends: len
 * when len is not much over chunk; else after the last newline of the
 * chunk's second half, or else after the chunk's last whole character,
 * never between "\r" and "\n" (which a frontend treats as one). */
size_t wire_stream_split(const char *s, size_t len, size_t chunk);
/* A random UUID4 into buf[37]. */
void wire_uuid(char *buf);
/* Now as ISO 8601 with microseconds and 'Z' into buf[40]. */
void wire_now(char *buf, size_t len);

/* ---- channels.c / heartbeat.c / dispatch.c / execute.c ... ---- */
struct engine;
struct history;
struct engine_sink;
struct engine_exec_opts;
struct engine_error;
struct engine_completion;
struct engine_bundle;
struct kernel;

/* The SPMD side of lumen-mpi-kernel (kmpi.c): rank 0 runs each cell on
 * every rank through these.  NULL in lumen-kernel. */
struct kernel_spmd {
	/* Runs code (which may start with %%rank / %%px) on the targeted
	 * ranks and shows their output through sink, grouped (kmerge.c):
	 * engine_execute's contract. */
	int (*execute)(struct kernel *k, const char *code,
		       const struct engine_exec_opts *opt,
		       const struct engine_sink *sink, struct engine_error *err);
	/* The running cell stops on every rank (control thread, with
	 * interrupt_lock held and a cell running). */
	void (*interrupt)(struct kernel *k);
	/* Adds the other ranks' completions to rank 0's in *c (a name may be
	 * defined on some ranks only): 0, or -1 on out-of-memory. */
	int (*complete)(struct kernel *k, const char *code, int pos,
			struct engine_completion *c);
	/* A name rank 0 does not know, inspected on the others: engine_inspect's
	 * contract (the first rank that finds it). */
	int (*inspect)(struct kernel *k, const char *code, int pos, int detail,
		       struct engine_bundle *out);
	/* Tells the other ranks to end (main thread, after the last cell). */
	void (*stop)(struct kernel *k);
	const char *banner; /* a line for kernel_info's banner */
};

enum { CH_SHELL = 1, CH_CONTROL = 2 };

/* The kernel's state.  Threads: the main thread owns shell and stdin and
 * runs cells; the control thread owns control and flushes buffered output;
 * the heartbeat thread owns hb; iopub is shared under iopub_lock.  SIGINT
 * is handled on the main thread (the others block it). */
struct kernel {
	void *zctx;
	void *shell, *control, *stdin_sock, *iopub, *hb;
	pthread_mutex_t iopub_lock;
	struct sign *sign;
	struct conninfo conn;
	char session[40];
	char username[64];
	struct engine *engine;
	struct history *hist;
	pthread_t control_thread, hb_thread;
	int control_started, hb_started;
	int wake[2];                    /* control thread → main loop */
	volatile sig_atomic_t quit;     /* shutdown_request seen */
	/* A cell runs from before its execute_input until its reply is built;
	 * an interrupt then stops it, one at any other time is a no-op (never
	 * left pending for the next cell).  interrupt_lock orders the control
	 * thread's test-and-interrupt against the main thread's cell start and
	 * end; the SIGINT handler runs on the main thread (main_thread), so
	 * it cannot fall between them. */
	pthread_mutex_t interrupt_lock;
	pthread_t main_thread;
	volatile sig_atomic_t executing; /* a cell is running */
	volatile sig_atomic_t interrupted; /* since the cell started */
	int aborting;                   /* draining after a failed cell */
	int cells_run;                  /* execute_requests run (main thread) */
	/* stdout/stderr of the running cell, coalesced (execute.c) */
	pthread_mutex_t stream_lock;
	struct kstream {
		char *buf;
		size_t len, cap;
	} stream[2];
	char *stream_parent;   /* the cell's header, serialised; NULL when idle */
	double stream_last;    /* when a stream message was last published */
	double stream_pending; /* when the oldest unpublished byte came; 0: none */
	int cwake[2];          /* wakes the control thread to flush */
	const struct kernel_spmd *spmd; /* lumen-mpi-kernel's rank 0, else NULL */
};

extern struct kernel *kernel_global; /* for the signal handler */

/* channels.c: creates the context and binds every socket. 0 or -1. */
int channels_open(struct kernel *k);
void channels_close(struct kernel *k);
/* Publishes on iopub (thread-safe).  Steals content. */
void channels_publish(struct kernel *k, const char *msg_type,
		      const json_t *parent, json_t *content);
/* Publishes a stream message with its text escaped directly; rawparent is
 * the parent header already serialised (borrowed). */
void channels_publish_stream(struct kernel *k, const char *rawparent,
			     const char *name, const char *text, size_t len);
/* Replies on sock to m's identities.  Steals content. */
void channels_reply(struct kernel *k, void *sock, const struct wire_msg *m,
		    const char *msg_type, json_t *content);
void channels_status(struct kernel *k, const json_t *parent, const char *state);

/* kmerge.c: packing of what travels between ranks (u32 lengths, strings
 * with a NUL after them; one machine's byte order) */
#include <stdint.h>
struct engine_bundle;
struct kpack {
	char *buf; /* malloc'd */
	size_t len, cap;
	int oom;
};
struct kread {
	const char *p;
	size_t left;
	int bad;
};
void kpack_put(struct kpack *p, const void *d, size_t n);
void kpack_u32(struct kpack *p, uint32_t v);
void kpack_str(struct kpack *p, const char *s, size_t n);
void kpack_bundle(struct kpack *p, const struct engine_bundle *b, const char *display_id);
void kpack_error(struct kpack *p, const struct engine_error *err);
uint32_t kread_u32(struct kread *r);
const char *kread_str(struct kread *r, size_t *len);
/* A bundle whose strings point into the packed bytes; 0 or -1. */
int kread_bundle(struct kread *r, struct engine_bundle *b, const char **display_id);

/* kmerge.c: the events (stream text, display data, clear_output) and the
 * error of each rank for one cell, shown through the real sink: what all
 * targeted ranks share once, the rest under "[rank i]" headings. */
struct kmerge;
struct kmerge *kmerge_new(int nranks);
void kmerge_free(struct kmerge *m);
void kmerge_reset(struct kmerge *m, const char *targets); /* targets[nranks] */
/* Record an event of rank (data copied); 0 or -1 on out-of-memory. */
int kmerge_stream(struct kmerge *m, int rank, int fd, const char *s, size_t len, double now);
int kmerge_display(struct kmerge *m, int rank, int is_result, int update,
		   const char *packed, size_t len, double now);
int kmerge_clear(struct kmerge *m, int rank, int wait, double now);
int kmerge_error(struct kmerge *m, int rank, const char *packed, size_t len);
/* While the cell runs: publishes the common part, and a rank's output
 * held for longer than lag seconds under its heading. */
void kmerge_flush_live(struct kmerge *m, const struct engine_sink *sink, double now, double lag);
/* At the end: publishes the rest; 0, or -1 with *err the cell's error. */
int kmerge_finish(struct kmerge *m, const struct engine_sink *sink, struct engine_error *err);

/* main.c: the kernel's life from the arguments to the last reply; spmd
 * NULL for the plain kernel.  Returns the exit status (the caller ends the
 * process with engine_exit). */
int kernel_main(int argc, char **argv, const struct kernel_spmd *spmd);

/* heartbeat.c */
int heartbeat_start(struct kernel *k);

/* dispatch.c: serves one received message on channel ch. */
void dispatch_frames(struct kernel *k, int ch, void *sock,
		     const struct wire_recvbuf *r);
int dispatch_control_start(struct kernel *k);
/* Logs a dropped message: never its content nor the key. */
void kernel_log(struct kernel *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* execute.c */
#define STREAM_WINDOW 0.02      /* s: prints closer together share a message */
#define STREAM_MAXBUF (64 << 10) /* bytes: a fuller buffer is sent at once */
#define STREAM_CHUNK (256 << 10) /* bytes: longer output is split in messages */
/* Publishes buffered output older than STREAM_WINDOW (control thread);
 * returns the ms until the next flush is due, -1 if nothing is pending. */
long execute_stream_tick(struct kernel *k);
void execute_request(struct kernel *k, void *sock, const struct wire_msg *m);
/* Stops the running cell, if any, with KeyboardInterrupt (control thread;
 * the SIGINT handler does the same on the main thread). */
void execute_interrupt(struct kernel *k);

/* introspect.c */
void introspect_complete(struct kernel *k, void *sock, const struct wire_msg *m);
void introspect_inspect(struct kernel *k, void *sock, const struct wire_msg *m);
void introspect_is_complete(struct kernel *k, void *sock, const struct wire_msg *m);

/* history.c */
/* A history handle (NULL only on out-of-memory: the kernel runs without
 * history); the database itself is opened on first use. */
struct history *history_open(void);
void history_close(struct history *h);
int history_session(struct history *h);
/* Queues a cell; history_flush writes the queue (history_request calls
 * it, and the main loop once no request came for HISTORY_IDLE_MS, or when
 * history_pending reaches HISTORY_MAX_PENDING), so a burst of requests
 * never waits for SQLite. */
void history_store(struct history *h, int line, const char *code,
		   const char *output);
void history_flush(struct history *h);
/* Cells queued and not yet written. */
int history_pending(const struct history *h);
#define HISTORY_IDLE_MS 200
#define HISTORY_MAX_PENDING 1000
void history_request(struct kernel *k, void *sock, const struct wire_msg *m);

/* helpers shared by handlers (dispatch.c) */
/* A content field, or dflt when absent or null: 0, or -1 when present with
 * the wrong type. */
int kjson_bool(const json_t *o, const char *key, int dflt, int *out);
int kjson_int(const json_t *o, const char *key, long long dflt, long long *out);
/* Borrowed string or dflt; NULL with *bad = 1 on a wrong type. */
const char *kjson_str(const json_t *o, const char *key, const char *dflt, int *bad);
/* Replies {status: error, ename, evalue, traceback: []} to a bad request. */
void kernel_reply_bad(struct kernel *k, void *sock, const struct wire_msg *m,
		      const char *evalue);
/* The *_reply name for a *_request name, into buf. */
void kernel_reply_type(const char *req, char *buf, size_t len);

#endif
