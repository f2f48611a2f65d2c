/*
 * t-wire.c — TAP tests of kernel/wire.c: encode → decode round trip and the
 * decoding of malformed multipart messages (each one must be refused with
 * the right reason, never crash), UTF-8 repair, uuid and date formats,
 * the direct JSON string escaper against jansson and the splitting of long
 * stream text into messages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"

#include "tap.h"

/* A message built by hand: idents, delimiter, signature, the four JSON
 * texts, then buffers.  sig NULL: sign it properly. */
struct raw {
	struct wire_frame f[16];
	int n;
	char sig[SIGN_HEXLEN + 1];
};

static void build(struct raw *r, struct sign *s, const char *header,
		  const char *parent, const char *meta, const char *content,
		  const char *sig)
{
	const void *p[4] = { header, parent, meta, content };
	size_t l[4] = { strlen(header), strlen(parent), strlen(meta), strlen(content) };
	int i;

	r->n = 0;
	r->f[r->n].data = "client-id";
	r->f[r->n++].len = 9;
	r->f[r->n].data = "<IDS|MSG>";
	r->f[r->n++].len = 9;
	if (sig)
		snprintf(r->sig, sizeof r->sig, "%s", sig);
	else
		sign_compute(s, p, l, 4, r->sig);
	r->f[r->n].data = r->sig;
	r->f[r->n++].len = strlen(r->sig);
	for (i = 0; i < 4; i++) {
		r->f[r->n].data = p[i];
		r->f[r->n++].len = l[i];
	}
}

static enum wire_status dec(struct raw *r, struct sign *s)
{
	struct wire_msg m;
	enum wire_status st = wire_decode(r->f, r->n, s, &m);
	wire_msg_clear(&m);
	return st;
}

#define HDR "{\"msg_id\": \"a\", \"msg_type\": \"kernel_info_request\", " \
	"\"session\": \"s\", \"username\": \"u\", \"version\": \"5.4\", \"date\": \"d\"}"

/* 1 if wire_escape's literal of s[0..len) is byte for byte jansson's
 * (of the U+FFFD-repaired string when s is not valid UTF-8) and
 * wire_escape(NULL, ...) counts exactly the bytes it writes. */
static int escape_matches_jansson(const char *s, size_t len)
{
	json_t *j = wire_string(s, len);
	char *want = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
	char *got = malloc(6 * len + 2);
	size_t n = got ? wire_escape(got, s, len) : 0;
	int good = want && got && n == strlen(want) && !memcmp(got, want, n) &&
		   wire_escape(NULL, s, len) == n;

	json_decref(j);
	free(want);
	free(got);
	return good;
}

/* 1 if splitting s[0..len) with wire_stream_split until it is used up
 * keeps every piece whole: no piece but the last ends inside a character
 * or between "\r" and "\n", each is at most chunk + chunk / 2 bytes, none is empty. */
static int splits_are_whole(const char *s, size_t len, size_t chunk)
{
	while (len) {
		size_t n = wire_stream_split(s, len, chunk);
		if (n == 0 || n > len || n > chunk + chunk / 2 ||
		    (n < len && (wire_utf8_complete(s, n) != n ||
				 (s[n - 1] == '\r' && s[n] == '\n'))))
			return 0;
		s += n;
		len -= n;
	}
	return 1;
}

int main(void)
{
	struct sign *s = sign_new("key", 3), *u = sign_new("", 0);
	struct wire_out o;
	struct wire_msg m;
	struct raw r;
	json_t *parent, *j;
	char uuid[40], date[40];
	int i;

	printf("1..45\n");

	/* round trip */
	parent = json_pack("{s:s}", "msg_id", "p1");
	ok(wire_encode(&o, s, "sess", "me", "execute_reply", parent, NULL,
		       json_pack("{s:s}", "status", "ok")) == 0, "encode");
	build(&r, s, o.part[0], o.part[1], o.part[2], o.part[3], o.sig);
	r.f[r.n].data = "buf0";
	r.f[r.n++].len = 4;
	ok(wire_decode(r.f, r.n, s, &m) == WIRE_OK, "encoded message decodes");
	ok(m.nidents == 1 && m.nbuffers == 1 && !strcmp(m.msg_type, "execute_reply"),
	   "identities, buffers and msg_type");
	ok(!strcmp(json_string_value(json_object_get(m.header, "version")), "5.4") &&
	   !strcmp(json_string_value(json_object_get(m.header, "session")), "sess") &&
	   !strcmp(json_string_value(json_object_get(m.parent, "msg_id")), "p1") &&
	   json_object_size(m.metadata) == 0,
	   "header version/session, parent header, metadata");
	j = json_object_get(m.header, "date");
	ok(j && strlen(json_string_value(j)) == 27 && json_string_value(j)[26] == 'Z',
	   "date is ISO 8601 with microseconds and timezone");
	wire_msg_clear(&m);
	ok(wire_decode(r.f, r.n, s, &m) == WIRE_REPLAY, "the same message again is a replay");
	wire_msg_clear(&m);
	wire_out_clear(&o);
	json_decref(parent);

	/* malformed */
	build(&r, s, HDR, "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_OK, "hand-built message is fine");
	build(&r, s, HDR, "{}", "{}", "{}", NULL);
	r.f[1].data = "<IDS|MSG";
	r.f[1].len = 8;
	ok(dec(&r, s) == WIRE_NO_DELIM, "no delimiter");
	ok(wire_decode(r.f, 0, s, &m) == WIRE_NO_DELIM, "no frames at all");
	build(&r, s, HDR, "{}", "{}", "{}", NULL);
	r.n = 6;
	ok(dec(&r, s) == WIRE_TRUNCATED, "truncated: content missing");
	r.n = 2;
	ok(dec(&r, s) == WIRE_TRUNCATED, "truncated: only the delimiter");
	build(&r, s, HDR, "{}", "{}", "{}", "0123456789012345678901234567890123456789012345678901234567890123");
	ok(dec(&r, s) == WIRE_BAD_SIGNATURE, "wrong signature");
	build(&r, s, HDR, "{}", "{}", "{}", "");
	ok(dec(&r, s) == WIRE_BAD_SIGNATURE, "missing signature");
	build(&r, s, HDR, "{}", "{}", "{\"code\": \"x\"}", NULL);
	r.f[6].data = "{\"code\": \"y\"}";
	ok(dec(&r, s) == WIRE_BAD_SIGNATURE, "content changed after signing");
	build(&r, s, "{\"msg_id\": \"a\", \"msg_type\": \"x\", \"session\": \"\xff\xfe\"}",
	      "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_BAD_JSON, "invalid UTF-8 in a signed header");
	build(&r, s, HDR, "{}", "{}", "{\"code\": \"\xc3\x28\"}", NULL);
	ok(dec(&r, s) == WIRE_BAD_JSON, "invalid UTF-8 in content");
	build(&r, s, HDR, "{}", "{}", "{\"code\": ", NULL);
	ok(dec(&r, s) == WIRE_BAD_JSON, "truncated JSON");
	build(&r, s, HDR, "{}", "{}", "[1, 2]", NULL);
	ok(dec(&r, s) == WIRE_NOT_OBJECT, "content is an array");
	build(&r, s, HDR, "null", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_NOT_OBJECT, "parent header is null");
	build(&r, s, "{\"msg_id\": \"a\", \"session\": \"s\"}", "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_BAD_HEADER, "header without msg_type");
	build(&r, s, "{\"msg_id\": \"a\", \"msg_type\": 7, \"session\": \"s\"}", "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_BAD_HEADER, "msg_type is a number");
	build(&r, s, "{\"msg_id\": [], \"msg_type\": \"x\", \"session\": \"s\"}", "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_BAD_HEADER, "msg_id is an array");
	build(&r, s, "{\"msg_id\": \"a\", \"msg_type\": \"x\", \"session\": \"s\", \"username\": 1}",
	      "{}", "{}", "{}", NULL);
	ok(dec(&r, s) == WIRE_BAD_HEADER, "username is a number");
	build(&r, s, HDR, "{}", "{}", "{}", "anything");
	ok(dec(&r, u) == WIRE_OK && dec(&r, u) == WIRE_OK,
	   "unsigned session: any signature, no replay check");
	ok(wire_decode(r.f, WIRE_MAX_FRAMES + 1, u, &m) == WIRE_TOO_MANY_FRAMES,
	   "too many frames");

	/* UTF-8 */
	j = wire_string("a\xff" "b\xe2\x82", 5);
	ok(j && !strcmp(json_string_value(j), "a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd"),
	   "invalid bytes become U+FFFD");
	json_decref(j);
	j = wire_string("h\xc3\xa9llo \xe2\x82\xac", 10);
	ok(j && json_string_length(j) == 10, "valid UTF-8 is kept as is");
	json_decref(j);
	ok(wire_utf8_complete("ab\xe2\x82", 4) == 2 && wire_utf8_complete("ab\xe2\x82\xac", 5) == 5 &&
	   wire_utf8_complete("ab\xf0", 3) == 2 && wire_utf8_complete("ab", 2) == 2 &&
	   wire_utf8_complete("a\xff", 2) == 2,
	   "an incomplete trailing sequence is held back");

	wire_uuid(uuid);
	ok(strlen(uuid) == 36 && uuid[8] == '-' && uuid[14] == '4', "uuid4 format");
	wire_now(date, sizeof date);
	ok(strlen(date) == 27 && date[10] == 'T', "wire_now format");
	{
		/* decoding garbage of every short length never crashes */
		struct wire_frame f[8];
		static const char *junk[] = { "", "<IDS|MSG>", "x", "{}", "\x00\x01", "[", "{}", "{}" };
		int n, okall = 1;
		for (n = 0; n <= 8; n++) {
			for (i = 0; i < n; i++) {
				f[i].data = junk[(i + n) % 8];
				f[i].len = strlen(junk[(i + n) % 8]);
			}
			if (wire_decode(f, n, s, &m) == WIRE_OK)
				okall = 0;
			wire_msg_clear(&m);
		}
		ok(okall, "junk frames are all refused");
	}
	{
		/* the direct stream serialiser agrees with jansson on any bytes */
		char buf[64];
		size_t n, rl;
		int okall = 1, k;
		unsigned seed = 12345;
		for (k = 0; k < 2000 && okall; k++) {
			char *raw;
			json_t *a, *b;
			n = (size_t)(k % 40);
			for (i = 0; i < (int)n; i++) {
				seed = seed * 1103515245u + 12345u;
				buf[i] = (char)(k & 1 ? (seed >> 16) & 0xff : ((seed >> 16) % 96) + 32);
			}
			raw = wire_stream_content("stdout", buf, n, &rl);
			a = raw ? json_loadb(raw, rl, JSON_ALLOW_NUL, NULL) : NULL;
			b = wire_string(buf, n);
			if (!a || !b || strlen(raw) != rl ||
			    !json_equal(json_object_get(a, "text"), b) ||
			    strcmp(json_string_value(json_object_get(a, "name")), "stdout"))
				okall = 0;
			json_decref(a);
			json_decref(b);
			free(raw);
		}
		ok(okall, "stream content of 2000 random byte strings parses as jansson's");
		{
			char *raw = wire_stream_content("stderr", "q\"\\\n\x01", 5, &rl);
			ok(raw && !strcmp(raw, "{\"name\":\"stderr\",\"text\":\"q\\\"\\\\\\n\\u0001\"}"),
			   "escapes quote, backslash, newline, control characters");
			free(raw);
		}
	}
	{
		/* every kind of byte at every offset of short strings, across the
		 * 16- and 8-byte scanning steps and their tails */
		static const char *const special[] = {
			"\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x01", "\x1f",
			"\x7f", "/", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
			"\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf",
			"\xf4\x90\x80\x80", "\x80"
		};
		char buf[96];
		size_t n, pos, sp;
		int okall = 1;
		for (sp = 0; sp < sizeof special / sizeof *special; sp++)
			for (n = 0; n <= 70; n++)
				for (pos = 0; pos + strlen(special[sp]) <= n; pos++) {
					memset(buf, 'a' + (int)(n % 26), n);
					memcpy(buf + pos, special[sp], strlen(special[sp]));
					if (!escape_matches_jansson(buf, n))
						okall = 0;
				}
		ok(okall, "wire_escape is jansson's literal for each special byte at each offset");
		memcpy(buf, "a\0b\0", 4);
		ok(escape_matches_jansson(buf, 4) && escape_matches_jansson(buf + 1, 1),
		   "NUL becomes \\u0000");
	}
	{
		/* a long text with specials sprinkled in, and a long plain one */
		size_t n = (1 << 20) + 13, i;
		char *big = malloc(n);
		unsigned seed = 7;
		int good;
		for (i = 0; big && i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			big[i] = (seed >> 16) % 997 == 0 ? (char)((seed >> 8) & 0xff) : 'x';
		}
		good = big && escape_matches_jansson(big, n);
		ok(good, "1 MB with scattered specials matches jansson");
		if (big)
			memset(big, 'y', n);
		ok(big && escape_matches_jansson(big, n) && escape_matches_jansson(big, 16) &&
		   escape_matches_jansson(big, 17) && escape_matches_jansson(big, 15),
		   "plain ASCII of 15, 16, 17 and 2^20 + 13 bytes matches jansson");
		free(big);
	}
	{
		/* splitting long stream text into messages */
		static char txt[4096];
		size_t i;
		ok(wire_stream_split("abc", 3, 64) == 3, "short text is one message");
		memset(txt, 'x', sizeof txt);
		ok(wire_stream_split(txt, 96, 64) == 96 && wire_stream_split(txt, 97, 64) == 64,
		   "up to 1.5 chunks is one message, more is split at the chunk");
		txt[40] = '\n';
		txt[70] = '\n';
		ok(wire_stream_split(txt, 200, 64) == 41, "split after the last newline in the chunk");
		txt[40] = txt[70] = 'x';
		txt[10] = '\n';
		ok(wire_stream_split(txt, 200, 64) == 64, "a newline in the chunk's first half is not used");
		txt[10] = 'x';
		memcpy(txt + 63, "\xe2\x82\xac", 3);
		ok(wire_stream_split(txt, 200, 64) == 63, "never inside a character");
		memcpy(txt + 63, "\r\nx", 3);
		ok(wire_stream_split(txt, 200, 64) == 63, "never between \\r and \\n");
		for (i = 0; i < sizeof txt; i++)
			txt[i] = i % 3 == 0 ? '\xe2' : i % 3 == 1 ? '\x82' : '\xac';
		ok(splits_are_whole(txt + 1, sizeof txt - 1, 64) &&
		   splits_are_whole(txt, sizeof txt, 100), "3-byte characters split whole");
		for (i = 0; i < sizeof txt; i++)
			txt[i] = i % 2 ? '\n' : '\r';
		ok(splits_are_whole(txt, sizeof txt, 64) && splits_are_whole(txt + 1, sizeof txt - 1, 64),
		   "\\r\\n pairs stay together");
	}
	sign_free(s);
	sign_free(u);
	return nfail != 0;
}
