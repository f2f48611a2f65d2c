/*
 * history.c — the cell history (history_request) in SQLite.
 *
 * Owns the database $XDG_DATA_HOME/lumen/history.sqlite (default
 * ~/.local/share/lumen), in IPython's schema: sessions, history,
 * output_history.  A kernel start is a new session; history survives
 * restarts.  The database is opened on first use so it never delays the
 * kernel's start, and rows are written once the kernel has been idle a
 * moment (main.c), off the execute round trip and out of the way of the
 * next request; without a database the kernel runs on, no history.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sqlite3.h>

#include "kernel.h"

/* A cell waiting to be written (see history_flush's callers). */
struct pending {
	struct pending *next;
	int line;
	char *code, *output;
};

struct history {
	sqlite3 *db;
	int tried;      /* opened once (or failed once) */
	int session;
	sqlite3_stmt *ins, *insout;
	struct pending *head, **tail;
	int npending;
};

/* cache_size: SQLite keeps the pages it wrote in its page cache, up to
 * 2000 KiB by default; the rows are appended and seldom read back, so the
 * kernel holds at most 256 KiB of them (the soak's slow resident growth of
 * ~40 bytes per stored cell was this cache filling, issue 18) */
static const char SCHEMA[] =
	"PRAGMA journal_mode=WAL;"
	"PRAGMA synchronous=NORMAL;"
	"PRAGMA cache_size=-256;"
	"CREATE TABLE IF NOT EXISTS sessions (session INTEGER PRIMARY KEY"
	" AUTOINCREMENT, start TIMESTAMP, end TIMESTAMP, num_cmds INTEGER,"
	" remark TEXT);"
	"CREATE TABLE IF NOT EXISTS history (session INTEGER, line INTEGER,"
	" source TEXT, source_raw TEXT, PRIMARY KEY (session, line));"
	"CREATE TABLE IF NOT EXISTS output_history (session INTEGER, line"
	" INTEGER, output TEXT, PRIMARY KEY (session, line));";

struct history *history_open(void)
{
	struct history *h = calloc(1, sizeof(struct history));
	if (h)
		h->tail = &h->head;
	return h;
}

static int mkdirs(char *path)
{
	char *p;
	for (p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(path, 0700) && errno != EEXIST) {
				*p = '/';
				return -1;
			}
			*p = '/';
		}
	return mkdir(path, 0700) && errno != EEXIST ? -1 : 0;
}

/* 0 when the database is usable */
static int ensure(struct history *h)
{
	char dir[PATH_MAX], path[PATH_MAX + 32];
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	sqlite3_stmt *st;

	if (!h)
		return -1;
	if (h->tried)
		return h->db ? 0 : -1;
	h->tried = 1;
	if (xdg && *xdg)
		snprintf(dir, sizeof dir, "%s/lumen", xdg);
	else
		snprintf(dir, sizeof dir, "%s/.local/share/lumen", home && *home ? home : ".");
	snprintf(path, sizeof path, "%s/history.sqlite", dir);
	if (mkdirs(dir)) {
		fprintf(stderr, "lumen-kernel: no history: cannot create %s: %s\n",
			dir, strerror(errno));
		return -1;
	}
	if (sqlite3_open(path, &h->db) != SQLITE_OK)
		goto fail;
	sqlite3_busy_timeout(h->db, 2000);
	if (sqlite3_exec(h->db, SCHEMA, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(h->db, "INSERT INTO sessions (start, num_cmds) VALUES"
			 " (datetime('now'), 0)", NULL, NULL, NULL) != SQLITE_OK)
		goto fail;
	h->session = (int)sqlite3_last_insert_rowid(h->db);
	if (sqlite3_prepare_v2(h->db, "INSERT OR REPLACE INTO history VALUES (?,?,?,?)",
			       -1, &h->ins, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(h->db, "INSERT OR REPLACE INTO output_history VALUES (?,?,?)",
			       -1, &h->insout, NULL) != SQLITE_OK)
		goto fail;
	(void)st;
	return 0;
fail:
	fprintf(stderr, "lumen-kernel: no history: %s: %s\n", path,
		h->db ? sqlite3_errmsg(h->db) : "cannot open");
	sqlite3_finalize(h->ins);
	sqlite3_finalize(h->insout);
	h->ins = h->insout = NULL;
	sqlite3_close(h->db);
	h->db = NULL;
	return -1;
}

void history_close(struct history *h)
{
	if (!h)
		return;
	history_flush(h);
	if (h->db) {
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(h->db, "UPDATE sessions SET end = datetime('now'),"
				       " num_cmds = (SELECT COUNT(*) FROM history WHERE"
				       " session = ?1) WHERE session = ?1", -1, &st,
				       NULL) == SQLITE_OK) {
			sqlite3_bind_int(st, 1, h->session);
			sqlite3_step(st);
			sqlite3_finalize(st);
		}
	}
	sqlite3_finalize(h->ins);
	sqlite3_finalize(h->insout);
	sqlite3_close(h->db);
	free(h);
}

int history_session(struct history *h)
{
	return ensure(h) ? 0 : h->session;
}

void history_store(struct history *h, int line, const char *code,
		   const char *output)
{
	struct pending *p;

	if (!h)
		return;
	p = calloc(1, sizeof *p);
	if (!p)
		return;
	p->line = line;
	p->code = strdup(code);
	p->output = output ? strdup(output) : NULL;
	if (!p->code || (output && !p->output)) {
		free(p->code);
		free(p->output);
		free(p);
		return;
	}
	*h->tail = p;
	h->tail = &p->next;
	h->npending++;
}

int history_pending(const struct history *h)
{
	return h ? h->npending : 0;
}

static void write_row(struct history *h, int line, const char *code,
		      const char *output)
{
	sqlite3_reset(h->ins);
	sqlite3_bind_int(h->ins, 1, h->session);
	sqlite3_bind_int(h->ins, 2, line);
	sqlite3_bind_text(h->ins, 3, code, -1, SQLITE_STATIC);
	sqlite3_bind_text(h->ins, 4, code, -1, SQLITE_STATIC);
	if (sqlite3_step(h->ins) != SQLITE_DONE)
		fprintf(stderr, "lumen-kernel: history: %s\n", sqlite3_errmsg(h->db));
	sqlite3_reset(h->ins);
	if (!output)
		return;
	sqlite3_reset(h->insout);
	sqlite3_bind_int(h->insout, 1, h->session);
	sqlite3_bind_int(h->insout, 2, line);
	sqlite3_bind_text(h->insout, 3, output, -1, SQLITE_STATIC);
	sqlite3_step(h->insout);
	sqlite3_reset(h->insout);
}

void history_flush(struct history *h)
{
	struct pending *p, *next;
	int db;

	if (!h || !h->head)
		return;
	db = ensure(h) == 0;
	if (db)
		sqlite3_exec(h->db, "BEGIN", NULL, NULL, NULL);
	for (p = h->head; p; p = next) {
		next = p->next;
		if (db)
			write_row(h, p->line, p->code, p->output);
		free(p->code);
		free(p->output);
		free(p);
	}
	if (db)
		sqlite3_exec(h->db, "COMMIT", NULL, NULL, NULL);
	h->head = NULL;
	h->tail = &h->head;
	h->npending = 0;
}

/* Runs a query whose rows are (session, line, source, output) into a JSON
 * array; `reverse` for queries that select newest first. */
static json_t *rows(struct history *h, sqlite3_stmt *st, int output, int reverse)
{
	json_t *out = json_array();
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *src = (const char *)sqlite3_column_text(st, 2);
		const char *o = (const char *)sqlite3_column_text(st, 3);
		json_t *in = wire_string(src ? src : "", src ? strlen(src) : 0), *e;
		if (output)
			in = json_pack("[o, o]", in, o ? wire_string(o, strlen(o)) : json_null());
		e = json_pack("[i, i, o]", sqlite3_column_int(st, 0),
			      sqlite3_column_int(st, 1), in);
		if (reverse)
			json_array_insert_new(out, 0, e);
		else
			json_array_append_new(out, e);
	}
	if (rc != SQLITE_DONE)
		fprintf(stderr, "lumen-kernel: history: %s\n", sqlite3_errmsg(h->db));
	return out;
}

#define SELECT_ROWS "SELECT h.session, h.line, h.source, o.output FROM history h" \
	" LEFT JOIN output_history o ON o.session = h.session AND o.line = h.line "

void history_request(struct kernel *k, void *sock, const struct wire_msg *m)
{
	const json_t *c = m->content;
	struct history *h = k->hist;
	const char *type, *pattern;
	int bad = 0, output, raw, unique;
	long long n, session, start, stop;
	sqlite3_stmt *st = NULL;
	json_t *hist = NULL;

	type = kjson_str(c, "hist_access_type", "tail", &bad);
	pattern = kjson_str(c, "pattern", "*", &bad);
	if (bad || kjson_bool(c, "output", 0, &output) || kjson_bool(c, "raw", 1, &raw) ||
	    kjson_bool(c, "unique", 0, &unique) || kjson_int(c, "n", -1, &n) ||
	    kjson_int(c, "session", 0, &session) || kjson_int(c, "start", 0, &start) ||
	    kjson_int(c, "stop", 0, &stop)) {
		kernel_reply_bad(k, sock, m, "history_request fields have wrong types");
		return;
	}
	history_flush(h);
	if (ensure(h)) {
		hist = json_array();
	} else if (!strcmp(type, "tail")) {
		if (n < 0)
			n = 10;
		sqlite3_prepare_v2(h->db, SELECT_ROWS "ORDER BY h.session DESC, h.line DESC"
				   " LIMIT ?1", -1, &st, NULL);
		sqlite3_bind_int64(st, 1, n);
		hist = rows(h, st, output, 1);
	} else if (!strcmp(type, "range")) {
		if (session <= 0)
			session += h->session;
		sqlite3_prepare_v2(h->db, SELECT_ROWS "WHERE h.session = ?1 AND h.line >= ?2"
				   " AND (?3 <= 0 OR h.line < ?3) ORDER BY h.line", -1, &st, NULL);
		sqlite3_bind_int64(st, 1, session);
		sqlite3_bind_int64(st, 2, start);
		sqlite3_bind_int64(st, 3, stop);
		hist = rows(h, st, output, 0);
	} else if (!strcmp(type, "search")) {
		if (unique)
			sqlite3_prepare_v2(h->db, SELECT_ROWS "WHERE h.rowid IN (SELECT MAX(rowid)"
					   " FROM history WHERE source GLOB ?1 GROUP BY source)"
					   " ORDER BY h.session DESC, h.line DESC LIMIT ?2",
					   -1, &st, NULL);
		else
			sqlite3_prepare_v2(h->db, SELECT_ROWS "WHERE h.source GLOB ?1"
					   " ORDER BY h.session DESC, h.line DESC LIMIT ?2",
					   -1, &st, NULL);
		sqlite3_bind_text(st, 1, pattern, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, n);
		hist = rows(h, st, output, 1);
	} else {
		kernel_reply_bad(k, sock, m, "hist_access_type must be tail, range or search");
		return;
	}
	sqlite3_finalize(st);
	channels_reply(k, sock, m, "history_reply",
		       json_pack("{s:s, s:o}", "status", "ok", "history", hist));
}
