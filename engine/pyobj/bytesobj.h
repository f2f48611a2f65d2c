/*
 * bytesobj.h — Python's bytes (VT_BYTES): construction, repr, operators,
 * indexing, methods, and the utf-8 / ascii / latin-1 codecs behind
 * bytes.decode and str.encode.  A bytes value stores its bytes in u.str
 * (len counts them; NULs are allowed; a NUL follows the last byte).
 * value.c, pytypes.c and the array runtime reach it through these hooks.
 */
#ifndef LUMEN_BYTESOBJ_H
#define LUMEN_BYTESOBJ_H

#include <stddef.h>
#include "lang/value.h"

/* A new bytes value holding a copy of s[0..len) (s may be NULL when len is
 * 0); NULL on out-of-memory with no error set, as val_str. */
struct value *val_bytes(const char *s, size_t len);
/* A bytes value of len bytes to fill in at *buf. */
struct value *val_bytes_alloc(size_t len, char **buf);
/* CPython's repr, b'...' (malloc'd), or NULL with MemoryError set. */
char *bytes_repr(struct eval *ev, const char *s, size_t n);

/* l OP r where l is bytes, or r is bytes and op is `*` (3 * b'x'):
 * concatenation and repetition, else CPython's TypeError. */
struct value *bytes_binop(struct eval *ev, enum binop op, struct value *l, struct value *r);
/* `x in b`: 1 / 0, or -1 with the error set (x an int 0..255 or bytes). */
int bytes_contains(struct eval *ev, struct value *b, struct value *x);
/* b[i] (an int) or b[i:j:k] (bytes). */
struct value *bytes_getitem(struct eval *ev, struct value *b, struct value *key);
/* list(b): the byte values as ints. */
struct value *bytes_iter_list(struct eval *ev, struct value *b);

/* bytes(...) */
struct value *bytes_type_call(struct eval *ev, int argc, struct value **argv,
			      const struct kwargs *kw);
/* str(b, encoding, errors): b decoded (encoding/errors may be NULL). */
struct value *bytes_str_call(struct eval *ev, struct value *obj, struct value *encoding,
			     struct value *errors);
/* A bound method of a bytes value (b.hex, b.decode ...) or of the bytes
 * type (bytes.fromhex); NULL with no error set when there is none. */
struct value *bytes_method(struct eval *ev, struct value *self, const char *name);
/* The method names of a bytes value, NULL-terminated (completion, dir). */
const char *const *bytes_method_names(void);
/* s.encode(encoding='utf-8', errors='strict') of a str value. */
struct value *bytes_str_encode(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw);

/* arrattr.c: a.tobytes(order): the elements of a (any backend) in order
 * 'C' / 'F' / 'A' / 'K' as NumPy's PyArray_ToString writes them. */
struct ndarray;
struct value *arr_tobytes(struct eval *ev, const struct ndarray *a, char order);

#endif
