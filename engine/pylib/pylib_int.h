/*
 * pylib_int.h — what the files of engine/pylib/ share: the builtin-function
 * signature, the module builder, the modules' build functions, and small
 * helpers (OSError from errno, str arguments).  Private to this room.
 */
#ifndef LUMEN_PYLIB_INT_H
#define LUMEN_PYLIB_INT_H

#include <stddef.h>
#include "lang/value.h"
#include "lang/eval.h"
#include "lang/error.h"
#include "lang/args.h"
#include "lang/core.h"

#define PYFN(name) static struct value *name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

struct pyfn { const char *name; builtin_fn fn; };

/* A new module named name holding the n functions (new ref, or NULL with the error set). */
struct value *pylib_module(struct eval *ev, const char *name, const struct pyfn *fns, size_t n);
/* A module written in the cell language: src runs once in a namespace of
 * its own holding the n C functions (its helpers, by their '_' names); the
 * module gets the public names (not starting with '_').  New ref, or NULL
 * with the error set. */
struct value *pylib_source_module(struct eval *ev, const char *name, const char *src,
				  const struct pyfn *fns, size_t n);
/* module_add that records MemoryError: 0 or -1 */
int pylib_add(struct eval *ev, struct value *m, const char *name, struct value *v);
/* OSError (or its errno subclass) "[Errno N] text: 'path'" (path2: "'a' -> 'b'"); returns NULL */
void *pylib_oserror(struct eval *ev, int errnum, const char *path, const char *path2);
/* The str argument v of fname, or NULL with TypeError (as os.fspath) */
const char *pylib_path_arg(struct eval *ev, struct value *v);
/* no keyword arguments accepted: 0, or -1 with TypeError */
int pylib_nokw(struct eval *ev, const char *fname, const struct kwargs *kw);
/* calls f(args...) (new ref or NULL) */
struct value *pylib_call1(struct eval *ev, struct value *f, struct value *a);

/* the module builders (pymod_build_fn) */
struct value *pyos_build(struct eval *ev, const char *name);        /* os, os.path */
struct value *functools_build(struct eval *ev, const char *name);
struct value *itertools_build(struct eval *ev, const char *name);
struct value *collections_build(struct eval *ev, const char *name);
struct value *json_build(struct eval *ev, const char *name);
struct value *pyio_build(struct eval *ev, const char *name);        /* io */
struct value *copy_build(struct eval *ev, const char *name);
struct value *warnings_build(struct eval *ev, const char *name);
struct value *logging_build(struct eval *ev, const char *name);
struct value *tempfile_build(struct eval *ev, const char *name);
struct value *typing_build(struct eval *ev, const char *name);
struct value *pyrandom_build(struct eval *ev, const char *name);   /* random */
struct value *glob_build(struct eval *ev, const char *name);       /* fsutil.c */
struct value *shutil_build(struct eval *ev, const char *name);     /* fsutil.c */
struct value *string_build(struct eval *ev, const char *name);     /* fsutil.c */
struct value *pathlib_build(struct eval *ev, const char *name);
struct value *operator_build(struct eval *ev, const char *name);   /* small.c */
struct value *bisect_build(struct eval *ev, const char *name);     /* small.c */
struct value *heapq_build(struct eval *ev, const char *name);      /* small.c */
struct value *gc_build(struct eval *ev, const char *name);         /* small.c */
struct value *future_build(struct eval *ev, const char *name);     /* small.c: __future__ */
struct value *datetime_build(struct eval *ev, const char *name);
struct value *dataclasses_build(struct eval *ev, const char *name);
struct value *timeit_build(struct eval *ev, const char *name);
struct value *subprocess_build(struct eval *ev, const char *name);
struct value *numbers_build(struct eval *ev, const char *name);          /* abcs.c */
struct value *collections_abc_build(struct eval *ev, const char *name);  /* abcs.c */
struct value *fractions_build(struct eval *ev, const char *name);
struct value *textwrap_build(struct eval *ev, const char *name);
struct value *argparse_build(struct eval *ev, const char *name);
struct value *platform_build(struct eval *ev, const char *name);
struct value *types_build(struct eval *ev, const char *name);
struct value *abc_build(struct eval *ev, const char *name);
struct value *traceback_build(struct eval *ev, const char *name);
struct value *pprint_build(struct eval *ev, const char *name);
struct value *hashlib_build(struct eval *ev, const char *name);     /* codec/ */
struct value *binascii_build(struct eval *ev, const char *name);    /* codec/base64.c */
struct value *base64_build(struct eval *ev, const char *name);      /* codec/base64.c */
struct value *struct_build(struct eval *ev, const char *name);      /* codec/struct.c */
struct value *importlib_build(struct eval *ev, const char *name);   /* runtime/ */
struct value *statistics_build(struct eval *ev, const char *name);
struct value *queue_build(struct eval *ev, const char *name);       /* runtime/queue.c */
struct value *enum_build(struct eval *ev, const char *name);        /* runtime/queue.c: a named error */
struct value *re_build(struct eval *ev, const char *name);        /* text/re.c */
/* text/re_pcre.c: the re module's C helpers (_compile, _scan) over PCRE2 */
extern const struct pyfn re_pcre_fns[];
extern const size_t re_pcre_nfns;
/* pathlib.c: is v a Path, and its text (borrowed) */
int pylib_is_path(struct value *v);
const char *pylib_path_str(struct value *v);

#endif
