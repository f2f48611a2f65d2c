/*
 * wire.c — the Jupyter multipart message format (messaging spec 5.4).
 *
 * [identities…, "<IDS|MSG>", signature, header, parent_header, metadata,
 * content, buffers…].  Decoding checks the signature over the raw frames
 * before any JSON is parsed, then that every JSON frame is an object and
 * the header's fields have the right types.  Owns no socket state; never
 * logs (the caller logs why a message was dropped).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "kernel.h"

static const char DELIM[] = "<IDS|MSG>";

const char *wire_status_str(enum wire_status st)
{
	switch (st) {
	case WIRE_OK: return "ok";
	case WIRE_NO_DELIM: return "no <IDS|MSG> delimiter";
	case WIRE_TRUNCATED: return "truncated multipart message";
	case WIRE_BAD_SIGNATURE: return "wrong or missing signature";
	case WIRE_REPLAY: return "replayed signature";
	case WIRE_BAD_JSON: return "invalid UTF-8 or JSON";
	case WIRE_NOT_OBJECT: return "a JSON frame is not an object";
	case WIRE_BAD_HEADER: return "header lacks msg_id/msg_type/session strings";
	case WIRE_TOO_MANY_FRAMES: return "too many frames";
	}
	return "?";
}

static json_t *load_object(const struct wire_frame *f, enum wire_status *st)
{
	json_error_t err;
	json_t *j = json_loadb(f->data, f->len, JSON_DECODE_ANY, &err);

	if (!j) {
		*st = WIRE_BAD_JSON;
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		*st = WIRE_NOT_OBJECT;
		return NULL;
	}
	return j;
}

static int opt_string(json_t *h, const char *key, int required)
{
	json_t *v = json_object_get(h, key);
	if (!v)
		return !required;
	return json_is_string(v);
}

enum wire_status wire_decode(const struct wire_frame *f, int nf,
			     struct sign *s, struct wire_msg *m)
{
	const void *parts[4];
	size_t lens[4];
	enum wire_status st = WIRE_OK;
	int d, i, rc;

	memset(m, 0, sizeof *m);
	if (nf > WIRE_MAX_FRAMES)
		return WIRE_TOO_MANY_FRAMES;
	for (d = 0; d < nf; d++)
		if (f[d].len == sizeof DELIM - 1 &&
		    !memcmp(f[d].data, DELIM, sizeof DELIM - 1))
			break;
	if (d == nf)
		return WIRE_NO_DELIM;
	if (nf - d - 1 < 5)
		return WIRE_TRUNCATED;
	for (i = 0; i < 4; i++) {
		parts[i] = f[d + 2 + i].data;
		lens[i] = f[d + 2 + i].len;
	}
	rc = sign_verify(s, f[d + 1].data, f[d + 1].len, parts, lens, 4);
	if (rc == -2)
		return WIRE_REPLAY;
	if (rc)
		return WIRE_BAD_SIGNATURE;
	m->idents = f;
	m->nidents = d;
	m->buffers = f + d + 6;
	m->nbuffers = nf - d - 6;
	if (!(m->header = load_object(&f[d + 2], &st)) ||
	    !(m->parent = load_object(&f[d + 3], &st)) ||
	    !(m->metadata = load_object(&f[d + 4], &st)) ||
	    !(m->content = load_object(&f[d + 5], &st))) {
		wire_msg_clear(m);
		return st;
	}
	if (!opt_string(m->header, "msg_id", 1) ||
	    !opt_string(m->header, "msg_type", 1) ||
	    !opt_string(m->header, "session", 1) ||
	    !opt_string(m->header, "username", 0) ||
	    !opt_string(m->header, "version", 0) ||
	    !opt_string(m->header, "date", 0) ||
	    !*json_string_value(json_object_get(m->header, "msg_type"))) {
		wire_msg_clear(m);
		return WIRE_BAD_HEADER;
	}
	m->msg_type = json_string_value(json_object_get(m->header, "msg_type"));
	return WIRE_OK;
}

void wire_msg_clear(struct wire_msg *m)
{
	json_decref(m->header);
	json_decref(m->parent);
	json_decref(m->metadata);
	json_decref(m->content);
	memset(m, 0, sizeof *m);
}

/* ---- encoding ---- */

void wire_uuid(char *buf)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char b[16];
	int i, j = 0;

	if (getrandom(b, sizeof b, 0) != sizeof b) {
		/* never fails for 16 bytes after boot; be safe anyway */
		struct timeval tv;
		gettimeofday(&tv, NULL);
		srandom((unsigned)(tv.tv_usec ^ tv.tv_sec ^ getpid()));
		for (i = 0; i < 16; i++)
			b[i] = (unsigned char)random();
	}
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			buf[j++] = '-';
		buf[j++] = digits[b[i] >> 4];
		buf[j++] = digits[b[i] & 15];
	}
	buf[j] = 0;
}

void wire_now(char *buf, size_t len)
{
	struct timespec ts;
	struct tm tm;
	char tmp[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(tmp, sizeof tmp, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s.%06ldZ", tmp, ts.tv_nsec / 1000);
}

int wire_encode(struct wire_out *o, struct sign *s, const char *session,
		const char *username, const char *msg_type, const json_t *parent,
		json_t *metadata, json_t *content)
{
	return wire_encode_raw(o, s, session, username, msg_type, parent, NULL,
			       metadata, content, NULL, 0);
}

int wire_encode_raw(struct wire_out *o, struct sign *s, const char *session,
		    const char *username, const char *msg_type, const json_t *parent,
		    const char *rawparent, json_t *metadata, json_t *content,
		    char *rawcontent, size_t rawlen)
{
	char id[40], date[40];
	json_t *h;
	const void *parts[4];
	int i;

	memset(o, 0, sizeof *o);
	wire_uuid(id);
	wire_now(date, sizeof date);
	h = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "msg_id", id,
		      "msg_type", msg_type, "session", session,
		      "username", username, "date", date,
		      "version", KERNEL_PROTOCOL_VERSION);
	if (!metadata)
		metadata = json_object();
	if (!content && !rawcontent)
		content = json_object();
	if (h && metadata && (content || rawcontent)) {
		o->part[0] = json_dumps(h, JSON_COMPACT);
		o->part[1] = rawparent ? strdup(rawparent)
			   : parent ? json_dumps(parent, JSON_COMPACT) : strdup("{}");
		o->part[2] = json_dumps(metadata, JSON_COMPACT);
		o->part[3] = rawcontent ? rawcontent : json_dumps(content, JSON_COMPACT);
		rawcontent = NULL;
	}
	free(rawcontent);
	json_decref(h);
	json_decref(metadata);
	json_decref(content);
	for (i = 0; i < 4; i++) {
		if (!o->part[i]) {
			wire_out_clear(o);
			return -1;
		}
		o->len[i] = i == 3 && rawlen ? rawlen : strlen(o->part[i]);
		parts[i] = o->part[i];
	}
	if (sign_compute(s, parts, o->len, 4, o->sig)) {
		wire_out_clear(o);
		return -1;
	}
	return 0;
}

void wire_out_clear(struct wire_out *o)
{
	int i;
	for (i = 0; i < 4; i++)
		free(o->part[i]);
	memset(o, 0, sizeof *o);
}

static int send_frame(void *sock, const void *data, size_t len, int more)
{
	for (;;) {
		if (zmq_send(sock, data, len, more ? ZMQ_SNDMORE : 0) >= 0)
			return 0;
		if (errno != EINTR)
			return -1;
	}
}

static void free_part(void *data, void *hint)
{
	(void)hint;
	free(data);
}

/* Sends o->part[i], handing a big one to ZeroMQ without a copy (it frees
 * it once on the wire; o no longer owns it then). */
static int send_part(void *sock, struct wire_out *o, int i, int more)
{
	zmq_msg_t msg;

	if (o->len[i] < WIRE_ZEROCOPY_MIN)
		return send_frame(sock, o->part[i], o->len[i], more);
	if (zmq_msg_init_data(&msg, o->part[i], o->len[i], free_part, NULL))
		return -1;
	o->part[i] = NULL;
	for (;;) {
		if (zmq_msg_send(&msg, sock, more ? ZMQ_SNDMORE : 0) >= 0)
			return 0;
		if (errno != EINTR) {
			int e = errno;
			zmq_msg_close(&msg); /* frees the part */
			errno = e;
			return -1;
		}
	}
}

int wire_send(void *sock, const struct wire_frame *idents, int nidents,
	      struct wire_out *o)
{
	int i;

	for (i = 0; i < nidents; i++)
		if (send_frame(sock, idents[i].data, idents[i].len, 1))
			return -1;
	if (send_frame(sock, DELIM, sizeof DELIM - 1, 1) ||
	    send_frame(sock, o->sig, strlen(o->sig), 1))
		return -1;
	for (i = 0; i < 4; i++)
		if (send_part(sock, o, i, i < 3))
			return -1;
	return 0;
}

/* ---- receiving ---- */

int wire_recvbuf_init(struct wire_recvbuf *r)
{
	memset(r, 0, sizeof *r);
	return 0;
}

void wire_recvbuf_free(struct wire_recvbuf *r)
{
	int i;

	wire_recv_release(r);
	for (i = 0; i < r->cap; i++)
		free(r->msgs[i]);
	free(r->msgs);
	free(r->f);
	memset(r, 0, sizeof *r);
}

void wire_recv_release(struct wire_recvbuf *r)
{
	int i;
	for (i = 0; i < r->n; i++)
		zmq_msg_close(r->msgs[i]);
	r->n = 0;
	r->overflow = 0;
}

/* Room for one more frame: 0, or -1 when full (or out of memory). */
static int grow(struct wire_recvbuf *r)
{
	int cap = r->cap ? r->cap * 2 : 16, i;
	void **msgs;
	struct wire_frame *f;

	if (r->n < r->cap)
		return 0;
	if (r->cap >= WIRE_MAX_FRAMES)
		return -1;
	if (cap > WIRE_MAX_FRAMES)
		cap = WIRE_MAX_FRAMES;
	msgs = realloc(r->msgs, cap * sizeof *msgs);
	if (!msgs)
		return -1;
	r->msgs = msgs;
	f = realloc(r->f, cap * sizeof *f);
	if (!f)
		return -1;
	r->f = f;
	for (i = r->cap; i < cap; i++) {
		msgs[i] = malloc(sizeof(zmq_msg_t));
		if (!msgs[i])
			break;
	}
	r->cap = i;
	return r->n < r->cap ? 0 : -1;
}

int wire_recv(void *sock, struct wire_recvbuf *r, int dontwait)
{
	zmq_msg_t scratch;
	int more = 1, first = 1;
	size_t sz;

	wire_recv_release(r);
	while (more) {
		zmq_msg_t *dst = grow(r) == 0 ? r->msgs[r->n] : &scratch;
		zmq_msg_init(dst);
		if (zmq_msg_recv(dst, sock, first && dontwait ? ZMQ_DONTWAIT : 0) < 0) {
			int e = errno;
			zmq_msg_close(dst);
			if (e == EINTR && !first)
				continue; /* a multipart message arrives whole */
			errno = e;
			return -1;
		}
		first = 0;
		sz = sizeof more;
		zmq_getsockopt(sock, ZMQ_RCVMORE, &more, &sz);
		if (dst == &scratch) {
			zmq_msg_close(dst);
			r->overflow = 1;
		} else {
			r->f[r->n].data = zmq_msg_data(dst);
			r->f[r->n].len = zmq_msg_size(dst);
			r->n++;
		}
	}
	return 0;
}

/* ---- UTF-8 ---- */

/* Length of a valid UTF-8 sequence at s (1..4), 0 if invalid, -1 if it is
 * a valid but incomplete prefix. */
static int utf8_seq(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	int n, i;
	unsigned lo = 0x80, hi = 0xBF;

	if (c < 0x80)
		return 1;
	if (c < 0xC2)
		return 0;
	if (c < 0xE0)
		n = 2;
	else if (c < 0xF0) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c < 0xF5) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if ((size_t)i >= len)
			return -1;
		if (s[i] < (i == 1 ? lo : 0x80) || s[i] > (i == 1 ? hi : 0xBF))
			return 0;
	}
	return n;
}

size_t wire_utf8_complete(const char *s, size_t len)
{
	size_t i = len > 3 ? len - 3 : 0;
	/* find the last lead byte among the final three */
	for (size_t j = len; j > i; j--) {
		unsigned char c = (unsigned char)s[j - 1];
		if (c >= 0xC0) {
			if (utf8_seq((const unsigned char *)s + j - 1, len - j + 1) == -1)
				return j - 1;
			return len;
		}
		if (c < 0x80)
			return len;
	}
	return len;
}

size_t wire_stream_split(const char *s, size_t len, size_t chunk)
{
	size_t i, n;

	if (chunk < 8 || len <= chunk + chunk / 2)
		return len;
	for (i = chunk; i > chunk / 2; i--)
		if (s[i - 1] == '\n')
			return i;
	n = wire_utf8_complete(s, chunk);
	if (n > 1 && s[n - 1] == '\r')
		n--;
	return n;
}

json_t *wire_string(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0;
	char *buf;
	json_t *j;

	for (i = 0; i < len;) {
		int n = utf8_seq(u + i, len - i);
		if (n <= 0)
			break;
		i += n;
	}
	if (i == len)
		return json_stringn_nocheck(s, len); /* just validated */
	buf = malloc(len * 3 + 1);
	if (!buf)
		return NULL;
	memcpy(buf, s, i);
	o = i;
	while (i < len) {
		int n = utf8_seq(u + i, len - i);
		if (n > 0) {
			memcpy(buf + o, s + i, n);
			o += n;
			i += n;
		} else {
			memcpy(buf + o, "\xEF\xBF\xBD", 3);
			o += 3;
			i++;
		}
	}
	j = json_stringn_nocheck(buf, o);
	free(buf);
	return j;
}

/* 1 if none of 8 bytes needs escaping or UTF-8 checking: all in 0x20..0x7f
 * and none is '"' or '\\' (the "has byte less than / equal to" tricks of
 * Bit Twiddling Hacks, which never miss a byte that needs care). */
static int plain8(const char *p)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t w, q, b;

	memcpy(&w, p, 8);
	q = w ^ (ones * '"');
	b = w ^ (ones * '\\');
	return ((w | ((w - ones * 0x20) & ~w) | ((q - ones) & ~q) |
		 ((b - ones) & ~b)) & high) == 0;
}

/* Length of the run of plain bytes (as plain8) at the start of s[0..len). */
static size_t plain_run(const char *s, size_t len)
{
	size_t run = 0;
#ifdef __SSE2__
	/* 16 at a time: a byte below 0x20 or from 0x80 up is below 0x20 as a
	 * signed char; '"' and '\\' are compared for */
	const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'),
		      bslash = _mm_set1_epi8('\\');
	while (run + 16 <= len) {
		__m128i v = _mm_loadu_si128((const __m128i *)(s + run));
		__m128i bad = _mm_or_si128(_mm_cmplt_epi8(v, space),
					   _mm_or_si128(_mm_cmpeq_epi8(v, quote),
							_mm_cmpeq_epi8(v, bslash)));
		int mask = _mm_movemask_epi8(bad);
		if (mask)
			return run + (size_t)__builtin_ctz((unsigned)mask);
		run += 16;
	}
#endif
	while (run + 8 <= len && plain8(s + run))
		run += 8;
	while (run < len && (unsigned char)s[run] >= 0x20 && (unsigned char)s[run] < 0x80 &&
	       s[run] != '"' && s[run] != '\\')
		run++;
	return run;
}

/* Appends the JSON string literal of s (quotes included) to buf, or only
 * counts its bytes when buf is NULL.  Invalid UTF-8 becomes U+FFFD.
 * Returns the bytes written.  One pass, copying runs of plain bytes:
 * jansson's dumper handles a character at a time, which made a 1 MB print
 * cost 60 ms. */
size_t wire_escape(char *buf, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF"; /* as jansson writes it */
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0, run;
	char esc[6];
	const char *put;
	size_t nput;

	if (buf)
		buf[o] = '"';
	o++;
	while (i < len) {
		run = i + plain_run(s + i, len - i);
		if (buf)
			memcpy(buf + o, s + i, run - i);
		o += run - i;
		i = run;
		if (i >= len)
			break;
		if (u[i] >= 0x80) {
			int n = utf8_seq(u + i, len - i);
			if (n > 0) {
				put = s + i;
				nput = (size_t)n;
				i += n;
			} else {
				put = "\xEF\xBF\xBD";
				nput = 3;
				i++;
			}
		} else {
			esc[0] = '\\';
			nput = 2;
			switch (u[i]) {
			case '"': esc[1] = '"'; break;
			case '\\': esc[1] = '\\'; break;
			case '\n': esc[1] = 'n'; break;
			case '\t': esc[1] = 't'; break;
			case '\r': esc[1] = 'r'; break;
			case '\b': esc[1] = 'b'; break;
			case '\f': esc[1] = 'f'; break;
			default:
				esc[1] = 'u';
				esc[2] = '0';
				esc[3] = '0';
				esc[4] = hex[u[i] >> 4];
				esc[5] = hex[u[i] & 15];
				nput = 6;
			}
			put = esc;
			i++;
		}
		if (buf)
			memcpy(buf + o, put, nput);
		o += nput;
	}
	if (buf)
		buf[o] = '"';
	o++;
	return o;
}

/* {"name": "stdout", "text": "..."} serialised directly (see wire_escape) */
char *wire_stream_content(const char *name, const char *s, size_t len, size_t *outlen)
{
	size_t nl = strlen(name);
	/* sized exactly: a 6 * len worst case would be a fresh mmap per message */
	char *buf = malloc(nl + wire_escape(NULL, s, len) + 20), *o;

	if (!buf)
		return NULL;
	o = buf;
	memcpy(o, "{\"name\":\"", 9);
	o += 9;
	memcpy(o, name, nl);
	o += nl;
	memcpy(o, "\",\"text\":", 9);
	o += 9;
	o += wire_escape(o, s, len);
	*o++ = '}';
	*o = 0;
	*outlen = (size_t)(o - buf);
	return buf;
}
