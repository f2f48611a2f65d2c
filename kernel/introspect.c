/*
 * introspect.c — complete_request, inspect_request, is_complete_request.
 *
 * Thin adapters: check the request's fields, ask the engine through
 * engine.h, shape the reply.  Cursor positions are in Unicode code points
 * on both sides.  Never evaluates code.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "kernel.h"

/* Code points in a UTF-8 string (what cursor_pos counts). */
static long long codepoints(const char *s)
{
	long long n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

static int code_and_cursor(struct kernel *k, void *sock, const struct wire_msg *m,
			   const char **code, long long *pos)
{
	int bad = 0;

	*code = kjson_str(m->content, "code", NULL, &bad);
	if (!*code) {
		kernel_reply_bad(k, sock, m, "code must be a string");
		return -1;
	}
	if (kjson_int(m->content, "cursor_pos", codepoints(*code), pos)) {
		kernel_reply_bad(k, sock, m, "cursor_pos must be an integer");
		return -1;
	}
	if (*pos < 0 || *pos > codepoints(*code))
		*pos = codepoints(*code);
	return 0;
}

void introspect_complete(struct kernel *k, void *sock, const struct wire_msg *m)
{
	struct engine_completion comp = { 0 };
	const char *code;
	long long pos;
	json_t *matches;
	int i;

	if (code_and_cursor(k, sock, m, &code, &pos))
		return;
	if (engine_complete(k->engine, code, (int)pos, &comp) ||
	    (k->spmd && k->spmd->complete(k, code, (int)pos, &comp))) {
		engine_completion_clear(&comp);
		kernel_reply_bad(k, sock, m, "completion failed (out of memory)");
		return;
	}
	matches = json_array();
	for (i = 0; i < comp.nmatches; i++)
		if (comp.matches[i])
			json_array_append_new(matches, wire_string(comp.matches[i],
								   strlen(comp.matches[i])));
	channels_reply(k, sock, m, "complete_reply",
		       json_pack("{s:s, s:o, s:i, s:i, s:{}}", "status", "ok",
				 "matches", matches,
				 "cursor_start", comp.nmatches ? comp.cursor_start : (int)pos,
				 "cursor_end", comp.nmatches ? comp.cursor_end : (int)pos,
				 "metadata"));
	engine_completion_clear(&comp);
}

void introspect_inspect(struct kernel *k, void *sock, const struct wire_msg *m)
{
	struct engine_bundle b = { 0 };
	const char *code;
	long long pos, detail;
	json_t *data;
	int found;

	if (code_and_cursor(k, sock, m, &code, &pos))
		return;
	if (kjson_int(m->content, "detail_level", 0, &detail)) {
		kernel_reply_bad(k, sock, m, "detail_level must be an integer");
		return;
	}
	found = engine_inspect(k->engine, code, (int)pos, (int)detail, &b);
	if (found == 0 && k->spmd)
		found = k->spmd->inspect(k, code, (int)pos, (int)detail, &b);
	if (found < 0) {
		kernel_reply_bad(k, sock, m, "inspection failed");
		return;
	}
	data = json_object();
	if (found) {
		int i;
		for (i = 0; i < b.n && i < ENGINE_BUNDLE_MAX; i++)
			if (b.mime[i] && b.data[i])
				json_object_set_new(data, b.mime[i],
						    wire_string(b.data[i], b.len[i]));
		engine_bundle_clear(&b);
	}
	channels_reply(k, sock, m, "inspect_reply",
		       json_pack("{s:s, s:b, s:o, s:{}}", "status", "ok",
				 "found", found, "data", data, "metadata"));
}

void introspect_is_complete(struct kernel *k, void *sock, const struct wire_msg *m)
{
	const char *code, *st;
	char *indent = NULL;
	int bad = 0;
	json_t *c;

	code = kjson_str(m->content, "code", NULL, &bad);
	if (!code) {
		kernel_reply_bad(k, sock, m, "code must be a string");
		return;
	}
	st = engine_is_complete(k->engine, code, &indent);
	if (!st)
		st = "unknown";
	c = json_pack("{s:s}", "status", st);
	if (!strcmp(st, "incomplete"))
		json_object_set_new(c, "indent", wire_string(indent ? indent : "", indent ? strlen(indent) : 0));
	free(indent);
	channels_reply(k, sock, m, "is_complete_reply", c);
}
