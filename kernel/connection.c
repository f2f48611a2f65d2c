/*
 * connection.c — reads the connection file Jupyter writes for a kernel.
 *
 * Owns the parsed struct conninfo (its key is malloc'd).  Checks every field
 * before the kernel binds anything: a malformed file is an error message,
 * never a crash.  Never opens a socket.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "kernel.h"

static int fail(char *why, size_t whylen, const char *msg, const char *what)
{
	snprintf(why, whylen, msg, what ? what : "");
	return -1;
}

static int port_field(json_t *root, const char *name, int *out, char *why,
		      size_t whylen)
{
	json_t *v = json_object_get(root, name);
	json_int_t p;

	if (!v)
		return fail(why, whylen, "missing field \"%s\"", name);
	if (!json_is_integer(v))
		return fail(why, whylen, "field \"%s\" must be an integer", name);
	p = json_integer_value(v);
	if (p < 1 || p > 65535)
		return fail(why, whylen, "field \"%s\" is not a port (1..65535)", name);
	*out = (int)p;
	return 0;
}

/* The CurveZMQ keys jupyter_client provisions (curve_publickey and
 * curve_secretkey, Z85): both or neither; each 40 characters that decode,
 * the public key the one the secret key gives, and a libzmq with CURVE.
 * Messages never quote a key. */
static int curve_fields(json_t *root, struct conninfo *ci, char *why, size_t whylen)
{
	json_t *pv = json_object_get(root, "curve_publickey");
	json_t *sv = json_object_get(root, "curve_secretkey");
	uint8_t bin[32];
	char pub[41];

	if ((!pv || json_is_null(pv)) && (!sv || json_is_null(sv)))
		return 0;
	if (!pv || !sv || json_is_null(pv) || json_is_null(sv))
		return fail(why, whylen, "the connection file has only one of curve_publickey and curve_secretkey%s", NULL);
	if (!json_is_string(pv) || !json_is_string(sv) || json_string_length(pv) != 40 ||
	    json_string_length(sv) != 40 ||
	    !zmq_z85_decode(bin, json_string_value(sv)) || !zmq_z85_decode(bin, json_string_value(pv)))
		return fail(why, whylen, "curve_publickey and curve_secretkey must be 40-character Z85 keys%s", NULL);
	if (!zmq_has("curve"))
		return fail(why, whylen, "the connection file asks for CurveZMQ encryption, but this libzmq has no CURVE support%s", NULL);
	if (zmq_curve_public(pub, json_string_value(sv)) || strcmp(pub, json_string_value(pv))) {
		memset(pub, 0, sizeof pub);
		return fail(why, whylen, "curve_publickey is not the public key of curve_secretkey%s", NULL);
	}
	memcpy(ci->curve_secret, json_string_value(sv), 41);
	ci->curve = 1;
	memset(bin, 0, sizeof bin);
	return 0;
}

/* 0, or -1 with why filled */
int conn_parse(const char *text, size_t len, struct conninfo *ci, char *why,
	       size_t whylen)
{
	json_error_t jerr;
	json_t *root, *v;
	const char *s;

	memset(ci, 0, sizeof *ci);
	root = json_loadb(text, len, 0, &jerr);
	if (!root) {
		snprintf(why, whylen, "not valid JSON (line %d: %s)", jerr.line,
			 jerr.text);
		return -1;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		return fail(why, whylen, "not a JSON object%s", NULL);
	}
	v = json_object_get(root, "transport");
	s = v ? json_string_value(v) : "tcp";
	if (!s || (strcmp(s, "tcp") && strcmp(s, "ipc"))) {
		json_decref(root);
		return fail(why, whylen, "field \"transport\" must be \"tcp\" or \"ipc\"%s", NULL);
	}
	strcpy(ci->transport, s);
	v = json_object_get(root, "ip");
	s = v ? json_string_value(v) : NULL;
	if (!s || !*s || strlen(s) >= sizeof ci->ip) {
		json_decref(root);
		return fail(why, whylen, "field \"ip\" missing or not a string%s", NULL);
	}
	strcpy(ci->ip, s);
	if (port_field(root, "shell_port", &ci->shell_port, why, whylen) ||
	    port_field(root, "iopub_port", &ci->iopub_port, why, whylen) ||
	    port_field(root, "stdin_port", &ci->stdin_port, why, whylen) ||
	    port_field(root, "control_port", &ci->control_port, why, whylen) ||
	    port_field(root, "hb_port", &ci->hb_port, why, whylen)) {
		json_decref(root);
		return -1;
	}
	v = json_object_get(root, "signature_scheme");
	s = v ? json_string_value(v) : "hmac-sha256";
	if (!s || strcmp(s, "hmac-sha256")) {
		json_decref(root);
		return fail(why, whylen, "field \"signature_scheme\" must be \"hmac-sha256\"%s", NULL);
	}
	strcpy(ci->signature_scheme, s);
	v = json_object_get(root, "key");
	if (v && !json_is_string(v)) {
		json_decref(root);
		return fail(why, whylen, "field \"key\" must be a string%s", NULL);
	}
	s = v ? json_string_value(v) : "";
	ci->keylen = v ? json_string_length(v) : 0;
	ci->key = malloc(ci->keylen + 1);
	if (!ci->key) {
		json_decref(root);
		return fail(why, whylen, "out of memory%s", NULL);
	}
	memcpy(ci->key, s, ci->keylen + 1);
	if (curve_fields(root, ci, why, whylen)) {
		json_decref(root);
		return -1;
	}
	v = json_object_get(root, "kernel_name");
	s = v ? json_string_value(v) : NULL;
	snprintf(ci->kernel_name, sizeof ci->kernel_name, "%s", s ? s : "");
	json_decref(root);
	return 0;
}

int conn_load(const char *path, struct conninfo *ci, char *why, size_t whylen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int rc;

	memset(ci, 0, sizeof *ci);
	if (!f) {
		snprintf(why, whylen, "cannot open: %s", strerror(errno));
		return -1;
	}
	for (;;) {
		size_t got;
		if (n == cap) {
			char *nb;
			if (cap >= (1u << 20)) {
				free(buf);
				fclose(f);
				return fail(why, whylen, "file larger than 1 MiB%s", NULL);
			}
			cap = cap ? cap * 2 : 4096;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return fail(why, whylen, "out of memory%s", NULL);
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return fail(why, whylen, "read error%s", NULL);
	}
	fclose(f);
	rc = conn_parse(buf ? buf : "", n, ci, why, whylen);
	free(buf);
	return rc;
}

void conn_clear(struct conninfo *ci)
{
	if (ci->key) {
		memset(ci->key, 0, ci->keylen);
		free(ci->key);
	}
	ci->key = NULL;
	ci->keylen = 0;
	memset(ci->curve_secret, 0, sizeof ci->curve_secret);
	ci->curve = 0;
}

int conn_endpoint(const struct conninfo *ci, int port, char *buf, size_t len)
{
	int n;

	if (!strcmp(ci->transport, "ipc"))
		n = snprintf(buf, len, "ipc://%s-%d", ci->ip, port);
	else if (strchr(ci->ip, ':'))
		n = snprintf(buf, len, "tcp://[%s]:%d", ci->ip, port);
	else
		n = snprintf(buf, len, "tcp://%s:%d", ci->ip, port);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}
