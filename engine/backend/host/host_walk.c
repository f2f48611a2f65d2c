/*
 * host_walk.c — the host's strided copy engine: walks two strided host
 * operands in C order (one dimension maybe indirect: byte offsets per
 * index, for fancy indexing) and moves items with fixed-size copies.  The
 * host backend's gather/scatter/copy run on it, as do lib/'s host copies.
 * Owns nothing; never casts.
 */
#include <string.h>
#include "backend/host/host.h"
#include "backend/host/host_walk.h"

/* Drops size-1 dims and merges dims that are contiguous in both operands so
 * the inner loop runs as long as possible. */
static void walk_simplify(struct host_walk *w)
{
	int n = 0;
	int ind = -1;
	for (int k = 0; k < w->nd; k++) {
		if (w->shape[k] == 1 && k != w->ind)
			continue;
		if (n > 0 && k != w->ind && n - 1 != ind
		    && w->sstr[n - 1] == w->sstr[k] * w->shape[k]
		    && w->dstr[n - 1] == w->dstr[k] * w->shape[k]) {
			w->shape[n - 1] *= w->shape[k];
			w->sstr[n - 1] = w->sstr[k];
			w->dstr[n - 1] = w->dstr[k];
			continue;
		}
		if (k == w->ind)
			ind = n;
		w->shape[n] = w->shape[k];
		w->sstr[n] = w->sstr[k];
		w->dstr[n] = w->dstr[k];
		n++;
	}
	w->nd = n;
	w->ind = ind;
}

#define INNER_STRIDED(T) do { \
		if (ss == 0) { /* a broadcast value: a fill */ \
			T t; memcpy(&t, s, sizeof t); \
			if (ds == sizeof t) { \
				host_fill_run(d, &t, n, sizeof t); \
				return; \
			} \
			for (int64_t i = 0; i < n; i++, d += ds) \
				memcpy(d, &t, sizeof t); \
			return; \
		} \
		if (ds == sizeof(T)) { /* gather into a contiguous run */ \
			for (int64_t i = 0; i < n; i++) { \
				T t; memcpy(&t, s + i * ss, sizeof t); memcpy(d + i * sizeof t, &t, sizeof t); \
			} \
			return; \
		} \
		for (int64_t i = 0; i < n; i++) { \
			T t; memcpy(&t, s, sizeof t); memcpy(d, &t, sizeof t); \
			s += ss; d += ds; \
		} } while (0)
#define INNER_INDIRECT(T) do { \
		for (int64_t i = 0; i < n; i++) { \
			T t; \
			memcpy(&t, s + (so ? so[i] : i * ss), sizeof t); \
			memcpy(d + (dof ? dof[i] : i * ds), &t, sizeof t); \
		} } while (0)

struct item16 { uint64_t a, b; };

static void inner_copy(char *d, const char *s, int64_t n, int64_t ds, int64_t ss,
		       const int64_t *so, const int64_t *dof, int indirect, int isz)
{
	if (!indirect) {
		if (ds == isz && ss == isz) {
			memcpy(d, s, (size_t)(n * isz));
			return;
		}
		switch (isz) {
		case 1: INNER_STRIDED(uint8_t); return;
		case 2: INNER_STRIDED(uint16_t); return;
		case 4: INNER_STRIDED(uint32_t); return;
		case 8: INNER_STRIDED(uint64_t); return;
		case 16: INNER_STRIDED(struct item16); return;
		}
		for (int64_t i = 0; i < n; i++, s += ss, d += ds)
			memcpy(d, s, isz);
		return;
	}
	switch (isz) {
	case 1: INNER_INDIRECT(uint8_t); return;
	case 2: INNER_INDIRECT(uint16_t); return;
	case 4: INNER_INDIRECT(uint32_t); return;
	case 8: INNER_INDIRECT(uint64_t); return;
	case 16: INNER_INDIRECT(struct item16); return;
	}
	for (int64_t i = 0; i < n; i++)
		memcpy(d + (dof ? dof[i] : i * ds), s + (so ? so[i] : i * ss), isz);
}

void host_walk_copy(const struct host_walk *w0, char *dst, const char *src, int isz)
{
	struct host_walk w = *w0;
	int64_t idx[ND_MAXDIM + 1] = {0};

	for (int k = 0; k < w.nd; k++)
		if (w.shape[k] == 0)
			return;
	walk_simplify(&w);
	if (w.nd == 0) {
		memcpy(dst, src, isz);
		return;
	}
	int last = w.nd - 1;
	for (;;) {
		const char *s = src;
		char *d = dst;
		for (int k = 0; k < last; k++) {
			if (k == w.ind) {
				s += w.soff ? w.soff[idx[k]] : idx[k] * w.sstr[k];
				d += w.doff ? w.doff[idx[k]] : idx[k] * w.dstr[k];
			} else {
				s += idx[k] * w.sstr[k];
				d += idx[k] * w.dstr[k];
			}
		}
		if (last == w.ind)
			inner_copy(d, s, w.shape[last], w.dstr[last], w.sstr[last],
				   w.soff, w.doff, 1, isz);
		else
			inner_copy(d, s, w.shape[last], w.dstr[last], w.sstr[last],
				   NULL, NULL, 0, isz);
		int k = last - 1;
		while (k >= 0 && ++idx[k] == w.shape[k])
			idx[k--] = 0;
		if (k < 0)
			break;
	}
}

