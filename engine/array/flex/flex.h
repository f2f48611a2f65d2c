/*
 * flex.h — NumPy's flexible dtypes on the host: 'U' and 'S' strings and
 * structured (record) dtypes, and the arrays of them.
 *
 * Lumen's `enum dtype` is numeric and every numeric path switches on it;
 * flexible dtypes are not threaded through those paths.  A flexible array
 * is its own host-only object (struct farr): fixed-size byte records in a
 * host buffer, described by a struct fdt (itemsize; kind U/S/V; fields
 * with name, offset and sub-dtype, which may be numeric, U/S, structured or
 * a numeric sub-array).  A numeric field of a record array is an ordinary
 * ndarray view of the same buffer (a['x'] writes back).  The numpy
 * functions that take such arrays are wrapped by flexfuncs.c (published
 * after every area's table: a later name wins); every other function given
 * one raises its TypeError, as for any object it does not know.
 *
 * Ownership as everywhere: new references unless *_borrow; NULL or -1 with
 * the error set.
 */
#ifndef LUMEN_FLEX_H
#define LUMEN_FLEX_H

#include "lang/value.h"
#include "array/ndarray.h"
#include "array/arrfuncs.h"
#include "lang/strbuf.h"

/* ORDER none: the kinds are NumPy's dtype.kind letters (FK_SUB: a
 * sub-array field's dtype, FK_NUM: a numeric dtype inside a record) */
enum fdt_kind { FK_NUM = 'n', FK_U = 'U', FK_S = 'S', FK_V = 'V', FK_SUB = 'A' };

struct fdt;
struct fdt_field {
	char *name;
	int64_t offset;
	struct fdt *dt;     /* owned */
};
struct fdt {
	int refcnt;
	char kind;          /* enum fdt_kind */
	int num;            /* FK_NUM: enum dtype */
	int64_t itemsize;   /* bytes (U: 4 per character) */
	int sized;          /* 0: 'U' / 'S' / 'V' with no size yet (np.str_) */
	int nfields;        /* FK_V: > 0 for a structured dtype */
	struct fdt_field *fields;
	int packed;         /* fields in order, back to back, itemsize their sum */
	struct fdt *base;   /* FK_SUB: the item's dtype (owned) */
	int sub_ndim;
	int64_t sub_shape[ND_MAXDIM];
};

/* flexdtype.c */
void fdt_decref(struct fdt *d);
static inline struct fdt *fdt_incref(struct fdt *d) { if (d) d->refcnt++; return d; }
/* np.dtype(v) of a flexible spec: 1 and *out (new) for a flexible dtype,
 * 0 when v names a numeric one or nothing flexible (nothing set, no error),
 * -1 with the error set for a bad flexible spec. */
int fdt_parse(struct eval *ev, struct value *v, struct fdt **out);
struct fdt *fdt_new_str(struct eval *ev, char kind, int64_t chars);  /* 'U'/'S'/'V' */
struct fdt *fdt_num(struct eval *ev, int dtype);
int fdt_equal(const struct fdt *a, const struct fdt *b);
/* the dtype as a value: numeric -> VT_DTYPE, else a numpy.dtype object */
struct value *fdt_value(struct eval *ev, struct fdt *d);
/* the descriptor inside a flexible numpy.dtype value, or NULL */
struct fdt *fdt_borrow(struct value *v);
/* '<U5', 'S10', '<i4', [('x', '<i4')] ... : how dtype= reads in an array's repr */
void fdt_repr_arg(struct sbuf *b, const struct fdt *d);
/* '<U5', '|S3', '|V8': dtype.str */
void fdt_str_code(struct sbuf *b, const struct fdt *d);

/* flexarr.c: the arrays */
struct farr {
	int refcnt;
	struct fdt *dt;         /* owned */
	int ndim;
	int scalar;             /* an np.void / np.str_ / np.bytes_ scalar (ndim 0) */
	int rec;                /* a np.recarray (fields as attributes; np.record items) */
	int64_t shape[ND_MAXDIM];
	int64_t strides[ND_MAXDIM];
	int64_t offset;         /* bytes into raw's buffer */
	struct ndarray *raw;    /* owned: the uint8 host buffer the items live in */
};
struct farr *farr_new(struct eval *ev, struct fdt *dt, int ndim, const int64_t *shape); /* zeroed; dt increfed */
void farr_decref(struct farr *a);
/* one numeric item at any address (packed records are not aligned) */
void farr_num_load(int dtype, const char *p, struct npscalar *s);
void farr_num_store(int dtype, char *p, const struct npscalar *s);
/* 1 when a numeric view of dtype at buf + offset with these strides has
 * every item aligned (the C loops load items by their C type) */
int farr_aligned(const struct ndarray *raw, int dtype, int ndim, const int64_t *strides, int64_t offset);
/* a numeric host array (results of sort/unique/comparisons, the buffers) */
struct ndarray *farr_host_new(struct eval *ev, int zeroed, int dtype, int ndim, const int64_t *shape);
int64_t farr_size(const struct farr *a);
static inline char *farr_item0(const struct farr *a) { return nd_data(a->raw) + a->offset; }
/* the item at flat C-order position i */
char *farr_item(const struct farr *a, int64_t i);
struct value *farr_value(struct eval *ev, struct farr *a);   /* steals a */
struct farr *farr_borrow(struct value *v);                    /* NULL: not one */
/* np.array(v, dtype=d): d NULL infers 'U'/'S' from the leaves */
struct farr *farr_from_value(struct eval *ev, struct value *v, struct fdt *d);
/* one item as a value: U -> str, S -> bytes, numeric -> NumPy scalar,
 * structured -> an np.void scalar */
struct value *farr_item_value(struct eval *ev, const struct fdt *d, const char *p);
/* a Python value for tolist/item */
struct value *farr_item_py(struct eval *ev, const struct fdt *d, const char *p);
int farr_store(struct eval *ev, const struct fdt *d, char *p, struct value *v);
/* a C-contiguous copy */
struct farr *farr_copy(struct eval *ev, const struct farr *a);
/* the comparison of two items of one dtype: <0, 0, >0 (NaN last) */
int farr_cmp(const struct fdt *d, const char *a, const char *b);
/* UTF-8 text of a 'U' item of n characters (malloc'd), and its length */
char *farr_u_text(const char *p, int64_t nchars, size_t *len);

/* a['name'] (flexobj.c): a numeric field is an ndarray view of a's buffer */
struct value *farr_field(struct eval *ev, struct farr *a, const char *name);

/* flexview.c: a.view(dtype, type=np.recarray) between numeric and flexible
 * arrays over one buffer, np.recarray, ndarray.getfield/setfield */
struct value *farr_view(struct eval *ev, struct farr *a, struct value *dtype, struct value *type);
int flex_is_recarray_type(struct value *v);
/* np.recarray(shape, dtype=...) (arr_flex_funcs publishes it) */
struct value *flex_recarray(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw);

/* flexfmt.c: repr/str byte for byte */
char *farr_repr(struct eval *ev, const struct farr *a);
char *farr_str(struct eval *ev, const struct farr *a);

/* flexfuncs.c: the wrapped numpy functions, published last */
extern const struct arr_func arr_flex_funcs[];
/* fills the slots flexible values need (np.str_(...) calls); idempotent */
void flex_register(void);

#endif
