/*
 * t-connection.c — TAP tests of kernel/connection.c: good tcp/ipc files,
 * endpoints, and every malformed file rejected with a message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "kernel/kernel.h"

#include "tap.h"

#define PORTS "\"shell_port\": 5001, \"iopub_port\": 5002, \"stdin_port\": 5003," \
	" \"control_port\": 5004, \"hb_port\": 5005"

static int parse(const char *text, struct conninfo *ci, char *why)
{
	return conn_parse(text, strlen(text), ci, why, 256);
}

static int rejects(const char *text)
{
	struct conninfo ci;
	char why[256] = "";
	int rc = parse(text, &ci, why);
	conn_clear(&ci);
	return rc == -1 && why[0] != 0;
}

int main(void)
{
	struct conninfo ci;
	char why[256], ep[300];
	static const char *bad[] = {
		"",
		"{",
		"[1, 2]",
		"\"text\"",
		"{\"ip\": \"127.0.0.1\"}",
		"{\"transport\": \"tcp\", " PORTS "}",
		"{\"transport\": \"udp\", \"ip\": \"127.0.0.1\", " PORTS "}",
		"{\"transport\": 3, \"ip\": \"127.0.0.1\", " PORTS "}",
		"{\"ip\": 127, " PORTS "}",
		"{\"ip\": \"\", " PORTS "}",
		"{\"ip\": \"127.0.0.1\", \"shell_port\": \"5001\", \"iopub_port\": 5002,"
		" \"stdin_port\": 5003, \"control_port\": 5004, \"hb_port\": 5005}",
		"{\"ip\": \"127.0.0.1\", \"shell_port\": 70000, \"iopub_port\": 5002,"
		" \"stdin_port\": 5003, \"control_port\": 5004, \"hb_port\": 5005}",
		"{\"ip\": \"127.0.0.1\", \"shell_port\": -1, \"iopub_port\": 5002,"
		" \"stdin_port\": 5003, \"control_port\": 5004, \"hb_port\": 5005}",
		"{\"ip\": \"127.0.0.1\", \"iopub_port\": 5002,"
		" \"stdin_port\": 5003, \"control_port\": 5004, \"hb_port\": 5005}",
		"{\"ip\": \"127.0.0.1\", " PORTS ", \"key\": 12}",
		"{\"ip\": \"127.0.0.1\", " PORTS ", \"signature_scheme\": \"hmac-md5\"}",
		"{\"ip\": \"127.0.0.1\", " PORTS ", \"key\": \"a\"} trailing",
	};
	size_t i;
	int allbad = 1;

	printf("1..10\n");
	ok(parse("{\"transport\": \"tcp\", \"ip\": \"127.0.0.1\", " PORTS
		 ", \"key\": \"secret\", \"signature_scheme\": \"hmac-sha256\","
		 " \"kernel_name\": \"lumen\"}", &ci, why) == 0 &&
	   ci.shell_port == 5001 && ci.hb_port == 5005 && ci.keylen == 6 &&
	   !strcmp(ci.key, "secret") && !strcmp(ci.kernel_name, "lumen"),
	   "a full tcp file parses");
	ok(conn_endpoint(&ci, ci.iopub_port, ep, sizeof ep) == 0 &&
	   !strcmp(ep, "tcp://127.0.0.1:5002"), "tcp endpoint");
	conn_clear(&ci);
	ok(parse("{\"transport\": \"ipc\", \"ip\": \"/tmp/kernel-x\", " PORTS "}", &ci, why) == 0 &&
	   conn_endpoint(&ci, ci.shell_port, ep, sizeof ep) == 0 &&
	   !strcmp(ep, "ipc:///tmp/kernel-x-5001") && ci.keylen == 0,
	   "ipc file without key: ipc endpoint, unsigned");
	conn_clear(&ci);
	ok(parse("{\"ip\": \"::1\", " PORTS ", \"key\": \"\"}", &ci, why) == 0 &&
	   conn_endpoint(&ci, ci.shell_port, ep, sizeof ep) == 0 &&
	   !strcmp(ep, "tcp://[::1]:5001"), "IPv6 address is bracketed");
	conn_clear(&ci);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (!rejects(bad[i])) {
			printf("# accepted: %s\n", bad[i]);
			allbad = 0;
		}
	ok(allbad, "every malformed text is rejected with a reason");
	ok(conn_load("/nonexistent/dir/kernel.json", &ci, why, sizeof why) == -1 &&
	   strstr(why, "cannot open") != NULL, "missing file");
	{
		char path[] = "/tmp/t-connection-XXXXXX";
		int fd = mkstemp(path);
		const char *txt = "{\"ip\": \"127.0.0.1\", " PORTS ", \"key\": \"k\"}";
		ok(fd >= 0 && write(fd, txt, strlen(txt)) == (ssize_t)strlen(txt), "temp file");
		close(fd);
		ok(conn_load(path, &ci, why, sizeof why) == 0 && ci.keylen == 1 &&
		   !strcmp(ci.transport, "tcp"), "conn_load reads a file");
		conn_clear(&ci);
		fd = open(path, O_WRONLY | O_TRUNC);
		ok(fd >= 0 && write(fd, "\xff\xfe{}", 4) == 4, "rewrite with garbage");
		close(fd);
		ok(conn_load(path, &ci, why, sizeof why) == -1, "binary garbage is rejected");
		conn_clear(&ci);
		unlink(path);
	}
	return nfail != 0;
}
