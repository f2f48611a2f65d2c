/*
 * memreport.h — out-of-memory errors that help: what the host can still give
 * (MemAvailable, RLIMIT_AS/RLIMIT_DATA, the cgroup's memory.max) and which
 * variables hold the largest live arrays.  The names come through a hook the
 * session registers (the array layer never reads the session's globals).
 */
#ifndef LUMEN_MEMREPORT_H
#define LUMEN_MEMREPORT_H

#include <stddef.h>
#include <stdint.h>

struct eval;
struct ndarray;
struct sbuf;

/* One variable (or an item of a list, tuple or dict variable: "xs[2]",
 * "d['k']") that holds an array; a is borrowed from the session's globals,
 * valid until the next statement runs. */
struct memrep_named {
	char name[64];
	const struct ndarray *a;
};
/* Fills out with up to cap named arrays; returns how many were found (may
 * exceed cap: then out holds the first cap). */
typedef size_t (*memrep_names_fn)(struct eval *ev, struct memrep_named *out, size_t cap);
void memrep_set_names_hook(memrep_names_fn fn);

/* "x: float32 (20000, 20000) 1.49 GiB, y: ..." for the largest live arrays in
 * device memory (device 1) or host memory (0), biggest first, at most max,
 * each item after the first preceded by sep (", "), each followed by after
 * (""); appends nothing when none is known.  Returns how many were listed. */
int memrep_largest(struct eval *ev, struct sbuf *sb, int device, int max, const char *sep,
		   const char *after);

/* The bytes this process can still allocate on the host, and in *why the
 * limit that binds ("MemAvailable", "RLIMIT_AS", "RLIMIT_DATA",
 * "cgroup memory.max").  SIZE_MAX when nothing could be read. */
size_t memrep_host_avail(const char **why);

/* When ev holds a MemoryError (or OutOfMemoryError), re-raises it with
 * "; largest live arrays: ..." appended (device: which memory).  No-op else. */
void memrep_enrich(struct eval *ev, int device);

#endif
