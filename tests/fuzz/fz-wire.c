/*
 * fz-wire.c — libFuzzer target: the wire decoder with its HMAC check
 * (kernel/wire.c, kernel/sign.c).  Input: one flag byte, then frames
 * separated by 0x1e.  Flags: 1 signs the four frames after <IDS|MSG> with
 * the key (so the fuzzer gets past the signature into the JSON), 2 uses an
 * unsigned session, 4 decodes twice.  Checked, beyond "no crash": a frame
 * set not signed with the key never decodes; a signed one decoded twice is
 * a replay; a decoded message re-encoded as a reply decodes to the same
 * parent and content.  Keeps two signers (keyed, unsigned) for the run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"

#define SEP 0x1e
static const char KEY[] = "fuzz-key-0123456789abcdef";

#define CHECK(c)                                                                   \
	do {                                                                       \
		if (!(c)) {                                                        \
			fprintf(stderr, "fz-wire: check failed: %s (line %d)\n", #c, __LINE__); \
			abort();                                                   \
		}                                                                  \
	} while (0)

/* the output of wire_encode as received frames: delimiter, sig, 4 parts */
static void out_frames(const struct wire_out *o, struct wire_frame *f)
{
	f[0].data = "<IDS|MSG>";
	f[0].len = 9;
	f[1].data = o->sig;
	f[1].len = strlen(o->sig);
	for (int i = 0; i < 4; i++) {
		f[2 + i].data = o->part[i];
		f[2 + i].len = o->len[i];
	}
}

static void roundtrip(struct sign *s, const struct wire_msg *m)
{
	struct wire_out o;
	struct wire_frame f[6];
	struct wire_msg m2;
	json_t *content = json_deep_copy(m->content);

	CHECK(content);
	CHECK(wire_encode(&o, s, "fz-session", "fz", m->msg_type, m->header, NULL, content) == 0);
	out_frames(&o, f);
	CHECK(wire_decode(f, 6, s, &m2) == WIRE_OK);
	CHECK(json_equal(m2.parent, m->header));
	CHECK(json_equal(m2.content, m->content));
	CHECK(!strcmp(m2.msg_type, m->msg_type));
	wire_msg_clear(&m2);
	wire_out_clear(&o);
}

/* the stream helpers on the raw bytes of a frame */
static void streams(const struct wire_frame *f)
{
	size_t n = f->len, k = wire_utf8_complete(f->data, n);
	CHECK(k <= n);
	size_t cut = wire_stream_split(f->data, n, 1 + n / 3);
	CHECK(cut <= n);
	json_t *j = wire_string(f->data, n);
	CHECK(j);
	json_decref(j);
	size_t outlen;
	char *c = wire_stream_content("stdout", f->data, n, &outlen);
	CHECK(c);
	json_t *back = json_loadb(c, outlen, JSON_ALLOW_NUL, NULL);
	CHECK(back); /* what the kernel sends is always valid JSON (\\u0000 included) */
	json_decref(back);
	free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wire_frame *f;
	int nf = 0, flags, d;
	char sig[SIGN_HEXLEN + 1];
	struct wire_msg m;

	if (size < 1)
		return 0;
	flags = data[0];
	data++, size--;
	f = calloc(size + 2, sizeof *f);
	CHECK(f);
	size_t start = 0;
	for (size_t i = 0; i <= size; i++)
		if (i == size || data[i] == SEP) {
			f[nf].data = data + start;
			f[nf].len = i - start;
			nf++;
			start = i + 1;
		}
	/* one signer per session kind for the whole run (a fresh one per input
	 * would spend the time on its 4 MB replay ring): a frame set seen in an
	 * earlier input may come back as a replay, which is right */
	static struct sign *keyed, *unsigned_;
	if (!keyed) {
		CHECK((keyed = sign_new(KEY, sizeof KEY - 1)));
		CHECK((unsigned_ = sign_new("", 0)));
	}
	struct sign *s = (flags & 2) ? unsigned_ : keyed;
	for (d = 0; d < nf; d++)
		if (f[d].len == 9 && !memcmp(f[d].data, "<IDS|MSG>", 9))
			break;
	int signed_here = 0;
	if ((flags & 1) && d + 5 < nf) {
		const void *parts[4];
		size_t lens[4];
		for (int i = 0; i < 4; i++) {
			parts[i] = f[d + 2 + i].data;
			lens[i] = f[d + 2 + i].len;
		}
		CHECK(sign_compute(s, parts, lens, 4, sig) == 0);
		f[d + 1].data = sig;
		f[d + 1].len = strlen(sig);
		signed_here = 1;
	}
	enum wire_status st = wire_decode(f, nf, s, &m);
	CHECK(wire_status_str(st) != NULL);
	if (sign_enabled(s) && !signed_here)
		CHECK(st != WIRE_OK && st != WIRE_REPLAY && st != WIRE_BAD_JSON &&
		      st != WIRE_NOT_OBJECT && st != WIRE_BAD_HEADER);
	if (st == WIRE_OK) {
		CHECK(m.msg_type && m.header && m.content);
		roundtrip(s, &m);
		wire_msg_clear(&m);
		if (flags & 4) {
			st = wire_decode(f, nf, s, &m);
			if (sign_enabled(s))
				CHECK(st == WIRE_REPLAY);
			else
				wire_msg_clear(&m);
		}
	}
	if (nf > 0)
		streams(&f[nf - 1]);
	free(f);
	return 0;
}
