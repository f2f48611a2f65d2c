/*
 * core.h — the language core's internal interfaces between value.c,
 * containers.c, number.c, eval.c, builtins.c, strformat.c, pymods.c and
 * engine.c.  Not for the array
 * runtime (it uses value.h) nor for kernel/ (it uses engine.h).
 */
#ifndef LUMEN_CORE_H
#define LUMEN_CORE_H

#include <stdarg.h>
#include "lang/value.h"
#include "lang/eval.h"
#include "lang/strbuf.h"

static inline int is_intlike(const struct value *v) { return v->type == VT_INT || v->type == VT_BOOL; }

/* value.c */
/* A version no dict has had: a dict's keys and their places are the same
 * as when a cache saw its version if (and only if) the version is the same. */
void dict_version_bump(struct dict *d);

/* containers.c */
/* the entry index of key (hash h) in d; -2 when absent (*slot: the empty
 * index slot where it would go, none when d has no index), -1 when comparing
 * keys failed (error set) */
int64_t dict_find(struct eval *ev, struct dict *d, struct value *key, uint64_t h,
		  size_t *slot);
uint64_t str_hash(const char *s, size_t n);  /* the hash a str key has in a dict */
/* the entry of str key (length n, hash h) in dict d, or NULL */
struct dict_entry *dict_findstr(struct value *d, const char *key, size_t n, uint64_t h);
const char *typeid_name(enum typeid t);        /* "ValueError" */
const char *typeid_qualname(enum typeid t);    /* "numpy.linalg.LinAlgError" */
int typeid_is_exception(enum typeid t);
int typeid_subclass(enum typeid t, enum typeid of);
enum typeid val_typeid(struct value *v);       /* int -> TY_INT ... */
int val_is(struct value *a, struct value *b);  /* `is` */
int val_compare(struct eval *ev, int cmp, struct value *l, struct value *r); /* enum cmpop; -1 err */
char *fmt_float_repr(double d, int add_dot0); /* malloc'd */
char *val_complex_repr(double _Complex c);    /* malloc'd */
struct value *val_str_concat(const char *a, size_t na, const char *b, size_t nb);
size_t utf8_len(const char *s, size_t n);      /* code points */
size_t utf8_offset(const char *s, size_t n, size_t cp); /* byte offset of code point cp */
struct value *val_range(int64_t start, int64_t stop, int64_t step);
struct value *val_slice_new(struct value *a, struct value *b, struct value *c); /* steals */
int64_t range_len(const struct range *r);
/* slice indices for a sequence of length n (Python's PySlice_AdjustIndices) */
int slice_indices(struct eval *ev, const struct slice *s, int64_t n, int64_t *start,
		  int64_t *stop, int64_t *step, int64_t *count);
struct value *seq_getslice(struct eval *ev, struct value *v, const struct slice *s);
char *str_repr(const char *s, size_t n);      /* Python repr of a str */

/* iterator-like objects: enumerate/zip/map/dict views hold a list */
struct iterobj {
	const char *kind;
	struct value *list;
};
struct value *val_iterobj_new(const char *kind, struct value *list); /* steals list */
struct value *val_iterobj_list_borrow(struct value *v); /* its list, or NULL */

/* eval.c */
struct value *ev_call_function(struct eval *ev, struct value *f, int argc,
			       struct value **argv, const struct kwargs *kw);

/* builtins.c */
struct value *builtins_method(struct eval *ev, struct value *self, const char *name);
struct value *builtins_type_call(struct eval *ev, enum typeid t, int argc,
				 struct value **argv, const struct kwargs *kw);
const char *const *builtins_method_names(struct value *self); /* for completion */
int builtins_print_value(struct eval *ev, struct value *v); /* display(v) */

/* strformat.c: Python's format-spec mini-language, str % args, str.format */
char *strfmt_spec(struct eval *ev, struct value *v, const char *spec); /* malloc'd */
struct value *strfmt_percent(struct eval *ev, struct value *fmt, struct value *args);
struct value *strfmt_format(struct eval *ev, const char *fmt, size_t n, int argc,
			    struct value **argv, const struct kwargs *kw);


/* error.c */
void err_tb_clear(struct eval *ev);   /* forget the traceback (error handled) */

/* pymods.c: sys.stdout / sys.stderr objects -> 1 / 2, anything else -1 */
int pymod_stream_fd(struct value *v);
/* builtins.c: the mime bundle of a value for display (text/plain, and
 * text/html when the array runtime provides it).  Returns 0 or -1; the
 * strings in b are malloc'd (engine_bundle_clear frees them). */
int builtins_bundle(struct eval *ev, struct value *v, struct engine_bundle *b);
int builtins_is_exit(const struct value *v); /* the exit / quit builtin */
/* stable sort of a list in place with key/reverse, as list.sort */
int builtins_sort_list(struct eval *ev, struct value *list, struct value *key, int reverse);
/* The object model's entry points the core calls (pyobj/: big ints, bytes,
 * user classes, sets, generators and the iteration protocol, string
 * formatting, the builtins and the module registry).  pyobj_register
 * (pyobj/pyobj.h) fills them at start-up, first in engine_init_layers, so
 * the core names no pyobj/ function and the two rooms call one way (lang
 * below, pyobj above).  Each has the contract of the pyobj/ function of
 * its name (pyobj.h, bigint.h, bytesobj.h; builtins_init, pymod_import:
 * eval.h; val_iter, val_next, val_iter_drain: value.h). */
struct bigint;
struct funcdef;
struct pyobj_hooks {
	/* bigint.c */
	struct value *(*big_binop)(struct eval *ev, enum binop op, struct value *l, struct value *r);
	struct value *(*big_binop_i64)(struct eval *ev, enum binop op, int64_t a, int64_t b);
	struct value *(*big_neg_i64)(struct eval *ev, int64_t a);
	struct value *(*big_unop)(struct eval *ev, enum unop op, struct value *v);
	int (*big_cmp)(struct value *a, struct value *b);
	int (*big_cmp_double)(struct value *a, double d);
	uint64_t (*big_hash)(struct value *v);
	uint64_t (*big_hash_double)(double d);
	int (*big_to_double)(struct eval *ev, struct value *v, double *out);
	struct value *(*big_from_digits)(struct eval *ev, const char *digits, int base, int neg);
	char *(*big_repr)(struct eval *ev, struct value *v);
	void (*big_free)(struct bigint *b);
	/* bytesobj.c */
	struct value *(*val_bytes)(const char *s, size_t len);
	char *(*bytes_repr)(struct eval *ev, const char *s, size_t n);
	struct value *(*bytes_binop)(struct eval *ev, enum binop op, struct value *l, struct value *r);
	int (*bytes_contains)(struct eval *ev, struct value *b, struct value *x);
	struct value *(*bytes_getitem)(struct eval *ev, struct value *b, struct value *key);
	struct value *(*bytes_iter_list)(struct eval *ev, struct value *b);
	/* class.c */
	int (*cls_is_class)(const struct value *v);
	int (*cls_is_instance)(const struct value *v);
	struct value *(*cls_class_of)(struct value *v);
	const char *(*cls_name)(const struct value *cls);
	struct value *(*cls_build)(struct eval *ev, const char *name, int nbases, struct value **bases,
				   struct value *ns, struct value *globals);
	int (*cls_exc_matches)(struct value *exc, struct value *t);
	int (*cls_is_exception_class)(const struct value *cls);
	struct value *(*cls_super_zero)(struct eval *ev, const struct funcdef *fd, struct value *first);
	int (*cls_is_super_builtin)(const struct value *f);
	struct value *(*cls_exc_getattr)(struct eval *ev, struct value *exc, const char *name);
	int (*cls_exc_setattr)(struct eval *ev, struct value *exc, const char *name, struct value *x);
	char *(*cls_exc_str)(struct eval *ev, struct value *exc);
	int (*cls_delattr)(struct eval *ev, struct value *obj, const char *name);
	void (*cls_break_cycles)(struct value *globals);
	/* the live instances that may be in a cycle (borrowed) into
	 * out[0..cap): how many there are (*total: live instances);
	 * cls_clear: drops what a garbage instance holds (lang/fncycle.c) */
	size_t (*cls_instances)(struct value **out, size_t cap, size_t *total);
	void (*cls_clear)(struct value *inst);
	/* set.c */
	struct value *(*set_from)(struct eval *ev, struct value *it, int frozen);
	/* union.c: l | r of classes (PEP 604), NULL with no error set when not classes */
	struct value *(*union_or)(struct eval *ev, struct value *l, struct value *r);
	/* gen.c: generators and the iteration protocol */
	struct value *(*gen_new)(struct eval *ev, const char *name,
				 struct value *(*run)(struct eval *ev, void *ctx), void *ctx,
				 void (*ctx_free)(void *ctx),
				 void (*ctx_traverse)(void *ctx, val_visit_fn visit, void *arg));
	struct value *(*gen_yield)(struct eval *ev, struct value *v);
	struct value *(*gen_yield_from)(struct eval *ev, struct value *it);
	struct value *(*val_iter)(struct eval *ev, struct value *v);
	struct value *(*val_next)(struct eval *ev, struct value *it);
	struct value *(*val_iter_drain)(struct eval *ev, struct value *v);
	/* strformat.c */
	char *(*strfmt_spec)(struct eval *ev, struct value *v, const char *spec);
	struct value *(*strfmt_percent)(struct eval *ev, struct value *fmt, struct value *args);
	/* builtins.c, pytypes.c, pymods.c */
	int (*builtins_init)(struct eval *ev);
	struct value *(*builtins_method)(struct eval *ev, struct value *self, const char *name);
	struct value *(*builtins_type_call)(struct eval *ev, enum typeid t, int argc,
					    struct value **argv, const struct kwargs *kw);
	struct value *(*pymod_import)(struct eval *ev, const char *name);
};
extern struct pyobj_hooks pyobj_hooks;
#endif
