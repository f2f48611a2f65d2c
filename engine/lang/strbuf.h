/*
 * strbuf.h — a growing NUL-terminated string, the one string builder of the
 * engine (the CUDA plugin's code generators use it too).  A failed
 * allocation sets oom, after which every call is a no-op; sb_take reports it.
 * Zero-initialise (`struct sbuf b = {0};`); sb_take hands the string over.
 */
#ifndef LUMEN_STRBUF_H
#define LUMEN_STRBUF_H

#include <stddef.h>

struct sbuf { char *s; size_t n, cap; int oom; };
void sb_add(struct sbuf *b, const char *s, size_t n);
void sb_adds(struct sbuf *b, const char *s);
void sb_addc(struct sbuf *b, char c);
void sb_addrep(struct sbuf *b, char c, size_t n); /* c, n times */
void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sb_take(struct sbuf *b); /* malloc'd result ("" when empty), NULL on OOM (b freed) */

#endif
