/*
 * fz-connection.c — libFuzzer target: the connection-file reader
 * (kernel/connection.c, conn_parse).  Any text is a parsed struct conninfo or
 * a message; a parsed one has ports in range, a known transport and a key of
 * keylen bytes, and gives endpoints that fit their buffer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"

#define CHECK(c)                                                                   \
	do {                                                                       \
		if (!(c)) {                                                        \
			fprintf(stderr, "fz-connection: check failed: %s\n", #c);  \
			abort();                                                   \
		}                                                                  \
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct conninfo ci;
	char why[256], ep[512];

	memset(&ci, 0, sizeof ci);
	why[0] = 0;
	if (conn_parse((const char *)data, size, &ci, why, sizeof why) == 0) {
		const int ports[] = { ci.shell_port, ci.iopub_port, ci.stdin_port,
				      ci.control_port, ci.hb_port };
		CHECK(!strcmp(ci.transport, "tcp") || !strcmp(ci.transport, "ipc"));
		CHECK(ci.key && strlen(ci.key) <= ci.keylen);
		for (int i = 0; i < 5; i++) {
			CHECK(ports[i] >= 1 && ports[i] <= 65535);
			if (conn_endpoint(&ci, ports[i], ep, sizeof ep) == 0)
				CHECK(strlen(ep) < sizeof ep);
		}
		(void)conn_endpoint(&ci, ci.shell_port, ep, 8); /* too small: refused, not overrun */
	} else {
		CHECK(why[0] && strlen(why) < sizeof why);
	}
	conn_clear(&ci);
	return 0;
}
