/*
 * traceback.c — Python's traceback text for an exception: the frames the
 * evaluator pushed (file, line, function), the source lines with the
 * carets under the failing expression, and the exception's last line, in
 * CPython's or IPython's layout.  Reads the frame stack; owns nothing.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "lang/parse.h"
#include "lang/args.h"
#include "lang/eval_int.h"
#include "lang/eval_impl.h"

/* ---- tracebacks ---- */

static void add_line(char ***v, int *n, char *s)
{
	char **nv = realloc(*v, sizeof *nv * (size_t)(*n + 2));
	if (!nv) {
		free(s);
		return;
	}
	*v = nv;
	(*v)[(*n)++] = s;
	(*v)[*n] = NULL;
}

static char *exc_line(struct eval *ev, struct value *exc, int qualified)
{
	struct sbuf b = {0};
	const char *name = exc->u.exc.cls ? val_type_name(exc) : qualified ?
		typeid_qualname(exc->u.exc.type) : typeid_name(exc->u.exc.type);
	/* a SyntaxError's line shows its message alone, not its str() */
	char *msg = !exc->u.exc.cls && exc->u.exc.msg && typeid_subclass(exc->u.exc.type, TY_SyntaxError) &&
		exc->u.exc.attrs ? strdup(exc->u.exc.msg) : val_str_of(ev, exc);
	sb_adds(&b, name);
	if (msg && msg[0]) {
		sb_adds(&b, ": ");
		sb_adds(&b, msg);
	}
	free(msg);
	return sb_take(&b);
}

static const char *strip_lead(const char *s, size_t *len, int *skipped)
{
	*skipped = 0;
	while (*len && (*s == ' ' || *s == '\t')) {
		s++;
		(*len)--;
		(*skipped)++;
	}
	while (*len && (s[*len - 1] == ' ' || s[*len - 1] == '\r'))
		(*len)--;
	return s;
}

/* CPython 3.11's caret line under the failing expression (traceback.c) */
static void caret_line(struct sbuf *b, const char *line, size_t llen, const struct node *n)
{
	if (!n || n->col < 0 || (size_t)n->col >= llen)
		return;
	size_t sp = 0;
	while (sp < llen && (line[sp] == ' ' || line[sp] == '\t' || line[sp] == '\f'))
		sp++;
	size_t tl = llen;
	while (tl > sp && (line[tl - 1] == ' ' || line[tl - 1] == '\r'))
		tl--;
	size_t start = (size_t)n->col;
	size_t end = n->end_line == n->line && n->end_col > n->col ? (size_t)n->end_col : tl;
	if (end > llen)
		end = llen;
	if (end <= start)
		return;
	int cstart = (int)utf8_len(line, start), cend = (int)utf8_len(line, end);
	int csp = (int)utf8_len(line, sp), ctl = (int)utf8_len(line, tl);
	int la = -1, ra = -1;
	const char *seg = line + start;
	size_t seglen = end - start;
	if (n->end_line == n->line && n->kind == N_BINOP && n->a->end_line == n->line &&
	    n->b->line == n->line && n->a->end_col >= n->col && n->b->col >= n->a->end_col) {
		size_t le = (size_t)(n->a->end_col - n->col), rs = (size_t)(n->b->col - n->col);
		size_t off = 0;
		while (le + off < rs && (seg[le + off] == ' ' || seg[le + off] == '\t'))
			off++;
		size_t l = le + off, r = l + 1;
		if (off + 1 < rs - le && !(seg[le + off + 1] == ' ' || seg[le + off + 1] == '\t'))
			r++;
		while (l < seglen && (seg[l] == ' ' || seg[l] == ')' || seg[l] == '#')) {
			l++;
			r++;
		}
		la = (int)utf8_len(seg, l);
		ra = (int)utf8_len(seg, r < seglen ? r : seglen);
	} else if (n->end_line == n->line && n->kind == N_SUBSCRIPT && n->a->end_line == n->line &&
		   n->b->end_line == n->line && n->a->end_col >= n->col) {
		size_t l = (size_t)(n->a->end_col - n->col), r = (size_t)(n->b->end_col - n->col) + 1;
		while (l < seglen && seg[l] != '[')
			l++;
		while (r < seglen && seg[r] != ']')
			r++;
		if (r < seglen)
			r++;
		la = (int)utf8_len(seg, l < seglen ? l : seglen);
		ra = (int)utf8_len(seg, r < seglen ? r : seglen);
	}
	if (!(cend - cstart < ctl - csp || (la >= 0 && ra - la > 0)))
		return;
	sb_adds(b, "    ");
	for (int i = csp; i < cstart; i++)
		sb_addc(b, ' ');
	if (la >= 0) {
		for (int i = 0; i < la; i++)
			sb_addc(b, '~');
		for (int i = la; i < ra; i++)
			sb_addc(b, '^');
		for (int i = ra; i < cend - cstart; i++)
			sb_addc(b, '~');
	} else {
		for (int i = cstart; i < cend; i++)
			sb_addc(b, '^');
	}
}

/* CPython's "Traceback (most recent call last):" and the first count
 * frames of ev's traceback, appended to *v.  The source line of a frame
 * whose code is exec's or eval's string ("<string>") is not shown: CPython
 * has no file to read it from. */
static void add_frames(struct eval *ev, char ***v, int *n, int count)
{
	struct sbuf b = {0};
	add_line(v, n, strdup("Traceback (most recent call last):"));
	int repeat = 0;
	for (int i = 0; i < count; i++) {
		struct tb_entry *t = &ev->tb[i];
		if (i > 0 && t->arena == ev->tb[i - 1].arena && t->line == ev->tb[i - 1].line &&
		    strcmp(t->name, ev->tb[i - 1].name) == 0) {
			repeat++;
		} else {
			if (repeat > 3) {
				memset(&b, 0, sizeof b);
				sb_printf(&b, "  [Previous line repeated %d more time%s]", repeat - 3, repeat - 3 == 1 ? "" : "s");
				add_line(v, n, sb_take(&b));
			}
			repeat = 1;
		}
		if (repeat > 3)
			continue;
		memset(&b, 0, sizeof b);
		sb_printf(&b, "  File \"%s\", line %d, in %s", t->arena ? t->arena->name : "<string>",
			  t->line, t->name);
		add_line(v, n, sb_take(&b));
		if (t->arena && strcmp(t->arena->name, "<string>") != 0) {
			size_t l;
			int sk;
			const char *s = arena_line(t->arena, t->line, &l);
			s = strip_lead(s, &l, &sk);
			if (l) {
				memset(&b, 0, sizeof b);
				sb_printf(&b, "    %.*s", (int)l, s);
				add_line(v, n, sb_take(&b));
				size_t fl;
				const char *full = arena_line(t->arena, t->line, &fl);
				memset(&b, 0, sizeof b);
				caret_line(&b, full, fl, t->node);
				if (b.n)
					add_line(v, n, sb_take(&b));
				else
					free(b.s);
			}
		}
	}
	if (repeat > 3) {
		memset(&b, 0, sizeof b);
		sb_printf(&b, "  [Previous line repeated %d more time%s]", repeat - 3, repeat - 3 == 1 ? "" : "s");
		add_line(v, n, sb_take(&b));
	}
}

char **ev_format_traceback(struct eval *ev, struct value *exc, int ipython, int *n)
{
	char **v = NULL;
	*n = 0;
	struct sbuf b = {0};
	int syntax = exc->type == VT_EXCEPTION &&
		     typeid_subclass(exc->u.exc.type, TY_SyntaxError) && exc->u.exc.lineno > 0 &&
		     exc->u.exc.text;
	if (syntax) {
		if (!ipython && ev->ntb > 1) /* raised by exec, compile, import: the frames that led there */
			add_frames(ev, &v, n, ev->ntb - 1);
		const char *where = ev->ntb ? ev->tb[ev->ntb - 1].arena->name : "<string>";
		size_t len = strlen(exc->u.exc.text);
		int skipped;
		const char *t = strip_lead(exc->u.exc.text, &len, &skipped);
		if (ipython && where[0] == 'I' && where[1] == 'n' && where[2] == '[')
			sb_printf(&b, "  Cell %s, line %d\n", where, exc->u.exc.lineno);
		else
			sb_printf(&b, "  File \"%s\", line %d\n", where, exc->u.exc.lineno);
		sb_printf(&b, "    %.*s\n", (int)len, t);
		int off = exc->u.exc.col, eoff = exc->u.exc.end_col;
		int rep = (eoff > 0 && eoff > off) ? eoff - off : 1;
		int caret = off - 1 - skipped;
		if (caret > (int)utf8_len(t, len))
			caret = (int)utf8_len(t, len);
		if (off > 0 && caret >= 0) {
			sb_printf(&b, "    %*s", caret, "");
			for (int i = 0; i < rep; i++)
				sb_addc(&b, '^');
			sb_addc(&b, '\n');
		}
		char *last = exc_line(ev, exc, !ipython);
		if (last)
			sb_adds(&b, last);
		free(last);
		if (ipython) {
			char *s = sb_take(&b);
			if (s)
				add_line(&v, n, s);
		} else {
			char *s = sb_take(&b), *p = s;
			while (p && *p) {
				char *e = strchr(p, '\n');
				size_t l = e ? (size_t)(e - p) : strlen(p);
				add_line(&v, n, strndup(p, l));
				p = e ? e + 1 : p + l;
			}
			free(s);
		}
		return v;
	}
	if (ipython) {
		const char *name = val_type_name(exc);
		sb_adds(&b, "---------------------------------------------------------------------------\n");
		sb_printf(&b, "%-42sTraceback (most recent call last)", name);
		add_line(&v, n, sb_take(&b));
		memset(&b, 0, sizeof b);
		for (int i = 0; i < ev->ntb; i++) {
			struct tb_entry *t = &ev->tb[i];
			const char *where = t->arena ? t->arena->name : "<string>";
			int incell = where[0] == 'I' && where[1] == 'n' && where[2] == '[';
			if (incell)
				sb_printf(&b, "Cell %s, line %d", where, t->line);
			else
				sb_printf(&b, "File %s:%d", where, t->line);
			if (t->fd) {
				sb_printf(&b, ", in %s(", t->name);
				for (int k = 0; k < t->fd->nparams; k++)
					sb_printf(&b, "%s%s%s", k ? ", " : "", t->fd->params[k].kind == 1 ? "*" :
						  t->fd->params[k].kind == 2 ? "**" : "", t->fd->params[k].name);
				sb_addc(&b, ')');
			} else if (strcmp(t->name, "<module>") != 0) {
				sb_printf(&b, ", in %s()", t->name);
			}
			sb_addc(&b, '\n');
			if (t->arena) {
				int lo = t->line - 2 < 1 ? 1 : t->line - 2;
				int hi = t->line + 2 > t->arena->nlines ? t->arena->nlines : t->line + 2;
				/* do not show trailing empty lines */
				while (hi > t->line) {
					size_t l;
					arena_line(t->arena, hi, &l);
					if (l)
						break;
					hi--;
				}
				for (int k = lo; k <= hi; k++) {
					size_t l;
					const char *s = arena_line(t->arena, k, &l);
					if (k == t->line)
						sb_printf(&b, "----> %d %.*s\n", k, (int)l, s);
					else
						sb_printf(&b, "%7d %.*s\n", k, (int)l, s);
				}
			}
			add_line(&v, n, sb_take(&b));
			memset(&b, 0, sizeof b);
		}
		add_line(&v, n, exc_line(ev, exc, 0));
		return v;
	}
	add_frames(ev, &v, n, ev->ntb);
	add_line(&v, n, exc_line(ev, exc, 1));
	return v;
}

char **ev_format_handling(struct eval *ev, int *n)
{
	*n = 0;
	if (!ev->handling || ev->handling->type != VT_EXCEPTION)
		return NULL;
	struct tb_entry *tb = ev->tb;
	int ntb = ev->ntb;
	ev->tb = (struct tb_entry *)ev->handling_tb;
	ev->ntb = ev->handling_ntb;
	char **v = ev_format_traceback(ev, ev->handling, 0, n);
	ev->tb = tb;
	ev->ntb = ntb;
	return v;
}

char *ev_format_exc_only(struct eval *ev, struct value *exc)
{
	return exc_line(ev, exc, 1);
}
