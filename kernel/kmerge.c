/*
 * kmerge.c — the output of one cell on several ranks, shown once.
 *
 * Rank 0 of lumen-mpi-kernel records what each targeted rank printed and
 * displayed (a list of events per rank) and replays it through the real
 * sink of execute.c: what every rank has in common once, the rest under a
 * `[rank i]` heading per group of ranks with identical output (as
 * ipyparallel's %px shows engines).  Errors are grouped the same way.  Also
 * the byte packing of events and errors that travel between ranks.  Owns
 * the recorded events; never calls MPI (kmpi.c does) nor the sockets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "kernel.h"

/* ---- packing: u32 lengths, strings followed by a NUL ---- */

void kpack_put(struct kpack *p, const void *d, size_t n)
{
	if (p->oom)
		return;
	if (p->len + n > p->cap) {
		size_t cap = p->cap ? p->cap : 256;
		char *nb;
		while (cap < p->len + n)
			cap *= 2;
		nb = realloc(p->buf, cap);
		if (!nb) {
			p->oom = 1;
			return;
		}
		p->buf = nb;
		p->cap = cap;
	}
	if (n)
		memcpy(p->buf + p->len, d, n);
	p->len += n;
}

void kpack_u32(struct kpack *p, uint32_t v)
{
	kpack_put(p, &v, sizeof v);
}

void kpack_str(struct kpack *p, const char *s, size_t n)
{
	kpack_u32(p, (uint32_t)n);
	kpack_put(p, s, n);
	kpack_put(p, "", 1);
}

uint32_t kread_u32(struct kread *r)
{
	uint32_t v = 0;
	if (r->left < sizeof v) {
		r->bad = 1;
		return 0;
	}
	memcpy(&v, r->p, sizeof v);
	r->p += sizeof v;
	r->left -= sizeof v;
	return v;
}

/* A string packed by kpack_str: borrowed, NUL-terminated. */
const char *kread_str(struct kread *r, size_t *len)
{
	uint32_t n = kread_u32(r);
	const char *s = r->p;

	if (r->bad || r->left < (size_t)n + 1 || s[n]) {
		r->bad = 1;
		*len = 0;
		return "";
	}
	r->p += n + 1;
	r->left -= n + 1;
	*len = n;
	return s;
}

void kpack_bundle(struct kpack *p, const struct engine_bundle *b,
		  const char *display_id)
{
	int i, n = 0;

	for (i = 0; i < b->n && i < ENGINE_BUNDLE_MAX; i++)
		n += b->mime[i] && b->data[i];
	kpack_u32(p, n);
	for (i = 0; i < b->n && i < ENGINE_BUNDLE_MAX; i++)
		if (b->mime[i] && b->data[i]) {
			kpack_str(p, b->mime[i], strlen(b->mime[i]));
			kpack_str(p, b->data[i], b->len[i]);
		}
	kpack_u32(p, display_id != NULL);
	if (display_id)
		kpack_str(p, display_id, strlen(display_id));
}

/* Unpacks a bundle whose strings stay in the packed bytes. */
int kread_bundle(struct kread *r, struct engine_bundle *b, const char **display_id)
{
	uint32_t i, n = kread_u32(r);
	size_t len;

	memset(b, 0, sizeof *b);
	for (i = 0; i < n && !r->bad; i++) {
		const char *mime = kread_str(r, &len);
		const char *data = kread_str(r, &len);
		if (i < ENGINE_BUNDLE_MAX) {
			b->mime[b->n] = mime;
			b->data[b->n] = data;
			b->len[b->n++] = len;
		}
	}
	*display_id = kread_u32(r) ? kread_str(r, &len) : NULL;
	return r->bad ? -1 : 0;
}

void kpack_error(struct kpack *p, const struct engine_error *err)
{
	int i;
	const char *en = err->ename ? err->ename : "Error";
	const char *ev = err->evalue ? err->evalue : "";

	kpack_str(p, en, strlen(en));
	kpack_str(p, ev, strlen(ev));
	kpack_u32(p, err->ntraceback);
	for (i = 0; i < err->ntraceback; i++) {
		const char *t = err->traceback[i] ? err->traceback[i] : "";
		kpack_str(p, t, strlen(t));
	}
}

/* ---- the events of each rank ---- */

struct kev {
	char type;     /* 'S' stream, 'D' display, 'C' clear_output */
	int arg;       /* 'S': fd; 'D': is_result | update << 1; 'C': wait */
	char *data;    /* 'S': the text; 'D': the packed bundle */
	size_t len;
	double t;      /* when it was recorded */
};

struct krank {
	struct kev *ev;
	int n, cap;
	char *err;     /* packed error, NULL when the cell succeeded here */
	size_t errlen;
};

struct kmerge {
	int nranks;
	char *targets; /* targets[r]: rank r runs the cell */
	struct krank *r;
};

struct kmerge *kmerge_new(int nranks)
{
	struct kmerge *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->nranks = nranks;
	m->targets = calloc(nranks, 1);
	m->r = calloc(nranks, sizeof *m->r);
	if (!m->targets || !m->r) {
		kmerge_free(m);
		return NULL;
	}
	return m;
}

static void rank_clear(struct krank *r)
{
	int i;
	for (i = 0; i < r->n; i++)
		free(r->ev[i].data);
	r->n = 0;
	free(r->err);
	r->err = NULL;
	r->errlen = 0;
}

void kmerge_free(struct kmerge *m)
{
	int i;

	if (!m)
		return;
	for (i = 0; m->r && i < m->nranks; i++) {
		rank_clear(&m->r[i]);
		free(m->r[i].ev);
	}
	free(m->r);
	free(m->targets);
	free(m);
}

void kmerge_reset(struct kmerge *m, const char *targets)
{
	int i;
	for (i = 0; i < m->nranks; i++)
		rank_clear(&m->r[i]);
	memcpy(m->targets, targets, m->nranks);
}

/* Appends an event (data copied); a stream write continues the rank's
 * last event when it is text for the same fd.  0, or -1 on OOM. */
static int add_event(struct kmerge *m, int rank, char type, int arg,
		     const char *data, size_t len, double now)
{
	struct krank *r;
	struct kev *e;

	if (rank < 0 || rank >= m->nranks)
		return -1;
	r = &m->r[rank];
	if (type == 'S' && r->n && r->ev[r->n - 1].type == 'S' &&
	    r->ev[r->n - 1].arg == arg) {
		char *nd;
		e = &r->ev[r->n - 1];
		nd = realloc(e->data, e->len + len + 1);
		if (!nd)
			return -1;
		memcpy(nd + e->len, data, len);
		e->data = nd;
		e->len += len;
		e->data[e->len] = 0;
		return 0;
	}
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 16;
		struct kev *ne = realloc(r->ev, cap * sizeof *ne);
		if (!ne)
			return -1;
		r->ev = ne;
		r->cap = cap;
	}
	e = &r->ev[r->n];
	e->data = malloc(len + 1);
	if (!e->data)
		return -1;
	if (len)
		memcpy(e->data, data, len);
	e->data[len] = 0;
	e->type = type;
	e->arg = arg;
	e->len = len;
	e->t = now;
	r->n++;
	return 0;
}

int kmerge_stream(struct kmerge *m, int rank, int fd, const char *s, size_t len,
		  double now)
{
	return len ? add_event(m, rank, 'S', fd == 2 ? 2 : 1, s, len, now) : 0;
}

int kmerge_display(struct kmerge *m, int rank, int is_result, int update,
		   const char *packed, size_t len, double now)
{
	return add_event(m, rank, 'D', (is_result ? 1 : 0) | (update ? 2 : 0),
			 packed, len, now);
}

int kmerge_clear(struct kmerge *m, int rank, int wait, double now)
{
	return add_event(m, rank, 'C', wait, "", 0, now);
}

int kmerge_error(struct kmerge *m, int rank, const char *packed, size_t len)
{
	struct krank *r = &m->r[rank];

	free(r->err);
	r->err = malloc(len ? len : 1);
	if (!r->err)
		return -1;
	memcpy(r->err, packed, len);
	r->errlen = len;
	return 0;
}

/* ---- replay ---- */

/* Replays one event through the sink; a result may be shown as plain
 * display data (the cell's execute_result is the first group's). */
static void replay(const struct kev *e, const struct engine_sink *sink, int as_result)
{
	if (e->type == 'S') {
		if (sink->stream)
			sink->stream(sink->ctx, e->arg, e->data, e->len);
	} else if (e->type == 'C') {
		if (sink->clear_output)
			sink->clear_output(sink->ctx, e->arg);
	} else if (e->type == 'D' && sink->display) {
		struct kread r = { e->data, e->len, 0 };
		struct engine_bundle b;
		const char *id;
		if (kread_bundle(&r, &b, &id) == 0)
			sink->display(sink->ctx, &b, as_result, id, (e->arg & 2) != 0);
	}
}

static int ev_equal(const struct kev *a, const struct kev *b)
{
	return a->type == b->type && a->arg == b->arg && a->len == b->len &&
	       !memcmp(a->data, b->data, a->len);
}

/* "[rank 0]\n", "[rank 1,3]\n", "[rank 0-3,5]\n" for the ranks in group. */
static void heading(const char *group, int n, const struct engine_sink *sink, int fd)
{
	char buf[512];
	size_t len = 0;
	int i = 0, first = 1;

	len += snprintf(buf, sizeof buf, "[rank ");
	while (i < n && len < sizeof buf - 32) {
		int j;
		if (!group[i]) {
			i++;
			continue;
		}
		for (j = i; j + 1 < n && group[j + 1]; j++)
			;
		len += snprintf(buf + len, sizeof buf - len, j - i >= 2 ? "%s%d-%d" :
				j > i ? "%s%d,%d" : "%s%d", first ? "" : ",", i, j);
		first = 0;
		i = j + 1;
	}
	len += snprintf(buf + len, sizeof buf - len, "]\n");
	if (sink->stream)
		sink->stream(sink->ctx, fd, buf, len);
}

/* Drops the first k events of rank r. */
static void drop_events(struct krank *r, int k)
{
	int i;
	for (i = 0; i < k; i++)
		free(r->ev[i].data);
	memmove(r->ev, r->ev + k, (r->n - k) * sizeof *r->ev);
	r->n -= k;
}

/* Drops the first n bytes of a stream event. */
static void trim_text(struct kev *e, size_t n)
{
	memmove(e->data, e->data + n, e->len - n + 1);
	e->len -= n;
}

/* Publishes once what every targeted rank has shown alike so far: whole
 * events that are equal, and of text the common part up to its last
 * newline (all of it when final and the rank's text ends there). */
static void flush_common(struct kmerge *m, const struct engine_sink *sink, int final)
{
	int r, first = -1;

	for (r = 0; r < m->nranks; r++)
		if (m->targets[r]) {
			first = r;
			break;
		}
	if (first < 0)
		return;
	for (;;) {
		struct kev *e0;
		size_t common;
		int all_whole = 1;

		for (r = first; r < m->nranks; r++)
			if (m->targets[r] && m->r[r].n == 0)
				return;
		e0 = &m->r[first].ev[0];
		if (e0->type != 'S') {
			if (e0->type == 'D' && (e0->arg & 1))
				return; /* results wait for the end of the cell */
			for (r = first + 1; r < m->nranks; r++)
				if (m->targets[r] && !ev_equal(e0, &m->r[r].ev[0]))
					return;
			replay(e0, sink, 0);
			for (r = first; r < m->nranks; r++)
				if (m->targets[r])
					drop_events(&m->r[r], 1);
			continue;
		}
		common = e0->len;
		for (r = first + 1; r < m->nranks; r++) {
			struct kev *e = &m->r[r].ev[0];
			size_t i = 0;
			if (!m->targets[r])
				continue;
			if (e->type != 'S' || e->arg != e0->arg)
				return;
			while (i < common && i < e->len && e->data[i] == e0->data[i])
				i++;
			common = i;
		}
		/* the text is whole where it ends every rank's event and that
		 * event is followed by another one (or the cell has ended) */
		for (r = first; r < m->nranks; r++)
			if (m->targets[r] && (m->r[r].ev[0].len != common ||
					      (!final && m->r[r].n < 2)))
				all_whole = 0;
		if (!all_whole) {
			while (common && e0->data[common - 1] != '\n')
				common--;
			if (!common)
				return;
		}
		if (sink->stream)
			sink->stream(sink->ctx, e0->arg, e0->data, common);
		for (r = first; r < m->nranks; r++)
			if (m->targets[r]) {
				if (!all_whole)
					trim_text(&m->r[r].ev[0], common);
				if (all_whole || !m->r[r].ev[0].len)
					drop_events(&m->r[r], 1);
			}
		if (!all_whole)
			return;
	}
}

void kmerge_flush_live(struct kmerge *m, const struct engine_sink *sink,
		       double now, double lag)
{
	int r, i, k;

	flush_common(m, sink, 0);
	/* output a rank has held for longer than lag goes out on its own */
	for (r = 0; r < m->nranks; r++) {
		struct krank *kr = &m->r[r];
		char *one;
		if (!m->targets[r] || !kr->n || now - kr->ev[0].t < lag)
			continue;
		for (k = 0; k < kr->n && !(kr->ev[k].type == 'D' && (kr->ev[k].arg & 1)); k++)
			;
		if (!k)
			continue;
		one = calloc(m->nranks, 1);
		if (!one)
			return;
		one[r] = 1;
		heading(one, m->nranks, sink, kr->ev[0].type == 'S' ? kr->ev[0].arg : 1);
		free(one);
		for (i = 0; i < k; i++)
			replay(&kr->ev[i], sink, 0);
		drop_events(kr, k);
	}
}

static int events_equal(const struct krank *a, const struct krank *b)
{
	int i;
	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (!ev_equal(&a->ev[i], &b->ev[i]))
			return 0;
	return 1;
}

static int errors_equal(const struct krank *a, const struct krank *b)
{
	return a->errlen == b->errlen && !memcmp(a->err, b->err, a->errlen);
}

/* Fills err from a packed error; prefix lines go before the traceback. */
static int unpack_error(const char *packed, size_t len, struct engine_error *err)
{
	struct kread r = { packed, len, 0 };
	size_t n;
	uint32_t i, nt;
	const char *en = kread_str(&r, &n), *ev = kread_str(&r, &n);

	err->ename = strdup(en);
	err->evalue = strdup(ev);
	nt = kread_u32(&r);
	if (r.bad || !err->ename || !err->evalue)
		return -1;
	err->traceback = calloc(nt ? nt : 1, sizeof *err->traceback);
	if (!err->traceback)
		return -1;
	for (i = 0; i < nt && !r.bad; i++) {
		err->traceback[i] = strdup(kread_str(&r, &n));
		if (!err->traceback[i])
			return -1;
		err->ntraceback++;
	}
	return r.bad ? -1 : 0;
}

/* Appends a traceback line (stolen). */
static int tb_append(struct engine_error *err, char *line)
{
	char **nt;
	if (!line)
		return -1;
	nt = realloc(err->traceback, (err->ntraceback + 1) * sizeof *nt);
	if (!nt) {
		free(line);
		return -1;
	}
	err->traceback = nt;
	err->traceback[err->ntraceback++] = line;
	return 0;
}

/* One error for the cell from the ranks that failed: theirs when all
 * targeted ranks failed alike, else the first failing rank's name and
 * value over every group's traceback under its heading. */
static int merge_errors(struct kmerge *m, struct engine_error *err)
{
	char *done = calloc(m->nranks, 1), *group = calloc(m->nranks, 1);
	int r, s, first = -1, nfail = 0, ntarget = 0, alike = 1, rc = -1;

	if (!done || !group)
		goto out;
	for (r = 0; r < m->nranks; r++) {
		if (!m->targets[r])
			continue;
		ntarget++;
		if (!m->r[r].err)
			continue;
		nfail++;
		if (first < 0)
			first = r;
		else if (!errors_equal(&m->r[first], &m->r[r]))
			alike = 0;
	}
	if (!nfail) {
		rc = 0;
		goto out;
	}
	memset(err, 0, sizeof *err);
	if (unpack_error(m->r[first].err, m->r[first].errlen, err))
		goto out;
	if (alike && nfail == ntarget)
		goto out; /* rc -1: the cell's error */
	/* the rank's own traceback goes under its heading */
	for (s = 0; s < err->ntraceback; s++)
		free(err->traceback[s]);
	err->ntraceback = 0;
	for (r = first; r < m->nranks; r++) {
		struct engine_error one = { 0 };
		char line[512];
		size_t len = 0;
		int i = 0, j, firstin = 1;
		if (!m->targets[r] || !m->r[r].err || done[r])
			continue;
		memset(group, 0, m->nranks);
		for (s = r; s < m->nranks; s++)
			if (m->targets[s] && m->r[s].err && !done[s] &&
			    errors_equal(&m->r[r], &m->r[s]))
				group[s] = done[s] = 1;
		len += snprintf(line, sizeof line, "[rank ");
		while (i < m->nranks && len < sizeof line - 32) {
			if (!group[i]) {
				i++;
				continue;
			}
			for (j = i; j + 1 < m->nranks && group[j + 1]; j++)
				;
			len += snprintf(line + len, sizeof line - len, j - i >= 2 ? "%s%d-%d" :
					j > i ? "%s%d,%d" : "%s%d", firstin ? "" : ",", i, j);
			firstin = 0;
			i = j + 1;
		}
		snprintf(line + len, sizeof line - len, "]");
		if (tb_append(err, strdup(line)) ||
		    unpack_error(m->r[r].err, m->r[r].errlen, &one)) {
			engine_error_clear(&one);
			goto out;
		}
		for (i = 0; i < one.ntraceback; i++) {
			if (tb_append(err, one.traceback[i])) {
				one.traceback[i] = NULL;
				engine_error_clear(&one);
				goto out;
			}
			one.traceback[i] = NULL;
		}
		engine_error_clear(&one);
	}
	rc = -1;
out:
	free(done);
	free(group);
	return rc;
}

int kmerge_finish(struct kmerge *m, const struct engine_sink *sink,
		  struct engine_error *err)
{
	char *done = calloc(m->nranks, 1), *group = calloc(m->nranks, 1);
	int r, s, ngroups = 0, result_shown = 0;

	if (!done || !group) {
		free(done);
		free(group);
		return -1;
	}
	flush_common(m, sink, 1);
	/* groups of ranks with the same remaining events */
	for (r = 0; r < m->nranks; r++) {
		if (!m->targets[r] || done[r])
			continue;
		ngroups++;
		for (s = r; s < m->nranks; s++)
			if (m->targets[s] && !done[s] && events_equal(&m->r[r], &m->r[s]))
				done[s] = 1;
	}
	memset(done, 0, m->nranks);
	for (r = 0; r < m->nranks; r++) {
		struct krank *kr = &m->r[r];
		int i;
		if (!m->targets[r] || done[r])
			continue;
		memset(group, 0, m->nranks);
		for (s = r; s < m->nranks; s++)
			if (m->targets[s] && !done[s] && events_equal(kr, &m->r[s]))
				group[s] = done[s] = 1;
		if (!kr->n)
			continue;
		if (ngroups > 1)
			heading(group, m->nranks, sink, kr->ev[0].type == 'S' ? kr->ev[0].arg : 1);
		for (i = 0; i < kr->n; i++) {
			int is_result = kr->ev[i].type == 'D' && (kr->ev[i].arg & 1);
			replay(&kr->ev[i], sink, is_result && !result_shown);
			result_shown |= is_result;
		}
	}
	free(done);
	free(group);
	return merge_errors(m, err);
}
